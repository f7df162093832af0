"""Reference kernels for ``random_uniform`` and ``random_normal``: vectorised Philox.

Implements the policy in :mod:`rlx.ir.rng` exactly. Philox-4x32-10 (Salmon,
Moraes, Dror & Shaw, "Parallel random numbers: as easy as 1, 2, 3", SC 2011)
maps a 128-bit counter and a 64-bit key to 128 random bits; element ``i`` of a
random node uses the counter ``(i, stream, run_lo, run_hi)`` and the key
``(seed_lo, seed_hi)``, so every element is computed independently and any
backend can reproduce any element.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, KernelFn
from rlx.backends.numpy_kernels.elementwise import convert
from rlx.errors import ExecutionError
from rlx.ir.graph import Node
from rlx.ir.types import numel

_MASK32 = 0xFFFFFFFF
_PHILOX_M0 = np.uint64(0xD2511F53)  # round multipliers
_PHILOX_M1 = np.uint64(0xCD9E8D57)
_PHILOX_W0 = 0x9E3779B9  # key schedule increments (golden ratio, sqrt(3) - 1)
_PHILOX_W1 = 0xBB67AE85
_PHILOX_ROUNDS = 10
_TWO_PI = 6.283185307179586


def _mulhilo(m: np.uint64, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """High and low 32-bit halves of the 64-bit product m * x (x uint32)."""
    product = x.astype(np.uint64) * m
    return (product >> np.uint64(32)).astype(np.uint32), product.astype(np.uint32)


def _philox_round(c0, c1, c2, c3, k0: int, k1: int):
    """One Philox-4x32 S-box round with round key (k0, k1)."""
    hi0, lo0 = _mulhilo(_PHILOX_M0, c0)
    hi1, lo1 = _mulhilo(_PHILOX_M1, c2)
    return hi1 ^ c1 ^ np.uint32(k0), lo1, hi0 ^ c3 ^ np.uint32(k1), lo0


def philox4x32(counter: Sequence[np.ndarray | int],
               key: Sequence[int]) -> tuple[np.ndarray, ...]:
    """Philox-4x32-10 of the counter words (c0, c1, c2, c3) under key (k0, k1).

    The counter words are uint32 arrays (or ints) broadcast against each other; the
    key words are ints below 2**32. Returns the four uint32 output words, each with
    the broadcast shape. Round ``r`` uses the key bumped ``r`` times by the Weyl
    increments (0x9E3779B9, 0xBB67AE85), as in the Random123 reference code.
    """
    words = np.broadcast_arrays(*(np.asarray(w, dtype=np.uint32) for w in counter))
    c0, c1, c2, c3 = (w.copy() for w in words)
    k0, k1 = int(key[0]) & _MASK32, int(key[1]) & _MASK32
    for r in range(_PHILOX_ROUNDS):
        if r:
            k0 = (k0 + _PHILOX_W0) & _MASK32
            k1 = (k1 + _PHILOX_W1) & _MASK32
        c0, c1, c2, c3 = _philox_round(c0, c1, c2, c3, k0, k1)
    return c0, c1, c2, c3


def _node_words(node: Node, ctx: KernelContext) -> tuple[np.ndarray, ...]:
    """The Philox output words of every element of a random node, in row-major order."""
    n = numel(node.shape)
    if n > 2 ** 32:
        raise ExecutionError(f"random ops count elements in 32 bits; {n} elements is too many")
    run = ctx.run_index if ctx.rng.advance else 0
    seed = ctx.rng.seed
    counter = (np.arange(n, dtype=np.uint32), int(node.attr("stream")) & _MASK32,
               run & _MASK32, (run >> 32) & _MASK32)
    return philox4x32(counter, (seed & _MASK32, (seed >> 32) & _MASK32))


def _unit_uniform(word: np.ndarray) -> np.ndarray:
    """(2 * (w >> 9) + 1) * 2**-24 in f64: odd multiples of 2**-24, never 0 or 1."""
    return ((word >> np.uint32(9)).astype(np.float64) * 2.0 + 1.0) * 2.0 ** -24


def _finish(value: np.ndarray, node: Node) -> np.ndarray:
    """An f64 value rounded once to the node's dtype, with the node's shape."""
    return convert(value, node.dtype).reshape(node.shape)


def _random_uniform(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """low + (high - low) * u in f64, u from word 0, rounded once to the dtype."""
    low, high = node.attr("low", 0.0), node.attr("high", 1.0)
    u = _unit_uniform(_node_words(node, ctx)[0])
    return _finish(low + (high - low) * u, node)


def _random_normal(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """Box-Muller: mean + std * sqrt(-2 ln u1) * cos(2 pi u2), u1 from word 0, u2 from word 1."""
    mean, std = node.attr("mean", 0.0), node.attr("std", 1.0)
    w0, w1, _, _ = _node_words(node, ctx)
    radius = np.sqrt(-2.0 * np.log(_unit_uniform(w0)))
    return _finish(mean + std * radius * np.cos(_TWO_PI * _unit_uniform(w1)), node)


KERNELS: dict[str, KernelFn] = {
    "random_uniform": _random_uniform,
    "random_normal": _random_normal,
}
