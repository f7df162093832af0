"""GGML's quantised block formats: their byte layout and float32 dequantisation.

A GGML block type stores a row of weights as consecutive self-contained blocks, each
holding its scales (fp16 fields) beside its codes. :data:`BLOCK_FORMATS` gives each
format's elements and bytes per block; :func:`dequantize_blocks` turns blocks into
float32 values exactly as GGML does (every product and sum in float32, in GGML's
order), so these values are bit-identical to the ``gguf`` package's numpy
dequantisers. The GGUF reader (:mod:`rlx.frontends.gguf`) and the packed-weight
schemes of :mod:`rlx.ir.quantized` both use them.

Formats are named by the lower-case GGML type name: ``q8_0``, ``q4_1``, ``q6_k``, ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np

__all__ = ["BLOCK_FORMATS", "dequantize_blocks", "integer_groups", "quantize_x_int8",
           "x_int8_group"]


def _f16(blocks: np.ndarray, start: int) -> np.ndarray:
    """The fp16 field at byte ``start`` of each block, as float32 [n, 1]."""
    return blocks[:, start:start + 2].view("<f2").astype(np.float32)


def _nibbles(packed: np.ndarray) -> np.ndarray:
    """[n, k] bytes -> [n, 2k]: the k low nibbles, then the k high nibbles."""
    return np.concatenate([packed & 0x0F, packed >> 4], axis=1)


def _bits(words: np.ndarray, count: int) -> np.ndarray:
    """Bits 0..count-1 of each uint32 in ``words`` [n, 1] -> uint8 [n, count]."""
    shifts = np.arange(count, dtype=np.uint32)
    return ((words >> shifts) & 1).astype(np.uint8)


class Groups(NamedTuple):
    """A format's blocks as integers and scales: ``codes`` int8 [count, elements],
    ``step`` float32 [count, elements / 16] (the scale of each run of 16 codes) and
    ``offset`` float32 [count, elements / 32] (one per group of 32; None for formats
    without one). A value is ``step * code`` in float32, plus ``offset`` (q4_1, q5_1)
    or, with ``subtract``, minus it (the k-quants' ``dmin * min``: GGML subtracts, which
    matters for the sign of a nan)."""

    codes: np.ndarray
    step: np.ndarray
    offset: np.ndarray | None = None
    subtract: bool = False

    @property
    def signed_offset(self) -> np.ndarray | None:
        """The offset as added to each group (negated with ``subtract``)."""
        if self.offset is None:
            return None
        return -self.offset if self.subtract else self.offset


def _per_16(scale: np.ndarray, runs: int) -> np.ndarray:
    """A scale per group of 32 [n, groups] (or per block [n, 1]) as one per run of 16
    [n, runs]."""
    return np.repeat(scale, runs // scale.shape[1], axis=1)


def _groups_q8_0(blocks: np.ndarray) -> Groups:
    """Block of 32: fp16 scale d, 32 int8 q; x = d * q."""
    return Groups(blocks[:, 2:34].view(np.int8), _per_16(_f16(blocks, 0), 2))


def _groups_q4_0(blocks: np.ndarray) -> Groups:
    """Block of 32: fp16 d, 16 bytes of nibbles (element j low, j+16 high); x = d*(q-8)."""
    return Groups(_nibbles(blocks[:, 2:18]).astype(np.int8) - 8, _per_16(_f16(blocks, 0), 2))


def _groups_q4_1(blocks: np.ndarray) -> Groups:
    """Block of 32: fp16 d, fp16 m, 16 bytes of nibbles; x = d*q + m."""
    return Groups(_nibbles(blocks[:, 4:20]).astype(np.int8), _per_16(_f16(blocks, 0), 2),
                  _f16(blocks, 2))


def _five_bit(high_words: np.ndarray, packed: np.ndarray) -> np.ndarray:
    """5-bit values: low nibbles from ``packed`` [n, 16], bit 4 of element j is bit j of
    the uint32 ``high_words`` [n, 1]; returns uint8 [n, 32]."""
    return _nibbles(packed) | (_bits(high_words, 32) << 4)


def _groups_q5_0(blocks: np.ndarray) -> Groups:
    """Block of 32: fp16 d, u32 high bits, 16 bytes of nibbles; x = d*(q-16)."""
    q = _five_bit(blocks[:, 2:6].view("<u4"), blocks[:, 6:22]).astype(np.int8) - 16
    return Groups(q, _per_16(_f16(blocks, 0), 2))


def _groups_q5_1(blocks: np.ndarray) -> Groups:
    """Block of 32: fp16 d, fp16 m, u32 high bits, 16 bytes of nibbles; x = d*q + m."""
    q = _five_bit(blocks[:, 4:8].view("<u4"), blocks[:, 8:24]).astype(np.int8)
    return Groups(q, _per_16(_f16(blocks, 0), 2), _f16(blocks, 2))


def _k_scales_and_mins(packed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The 8 six-bit scales and 8 six-bit mins packed in 12 bytes [n, 12] (Q4_K/Q5_K).

    Sub-blocks 0-3 take the low 6 bits of bytes 0-3 (scales) and 4-7 (mins); sub-blocks
    4-7 take a nibble of bytes 8-11 (low: scale, high: min) topped by the 2 high bits of
    bytes 0-3 (scale) and 4-7 (min). Returns float32 [n, 8] each.
    """
    low_scales, low_mins, extra = packed[:, 0:4], packed[:, 4:8], packed[:, 8:12]
    high_scales = (extra & 0x0F) | ((low_scales >> 6) << 4)
    high_mins = (extra >> 4) | ((low_mins >> 6) << 4)
    scales = np.concatenate([low_scales & 63, high_scales], axis=1)
    mins = np.concatenate([low_mins & 63, high_mins], axis=1)
    return scales.astype(np.float32), mins.astype(np.float32)


def _k_chunks_of_nibbles(packed: np.ndarray) -> np.ndarray:
    """128 bytes [n, 128] -> uint8 [n, 8, 32]: each 32-byte chunk c gives sub-block 2c
    (low nibbles) and 2c+1 (high nibbles)."""
    chunks = packed.reshape(-1, 4, 1, 32)
    return np.concatenate([chunks & 0x0F, chunks >> 4], axis=2).reshape(-1, 8, 32)


def _affine_k(blocks: np.ndarray, q: np.ndarray) -> Groups:
    """x = (d * scale) * q - (dmin * min) per sub-block of 32, for Q4_K and Q5_K."""
    d, dmin = _f16(blocks, 0), _f16(blocks, 2)
    scales, mins = _k_scales_and_mins(blocks[:, 4:16])
    return Groups(q.reshape(-1, 256).astype(np.int8), _per_16(d * scales, 16), dmin * mins,
                  subtract=True)


def _groups_q4_k(blocks: np.ndarray) -> Groups:
    """Super-block of 256: fp16 d, fp16 dmin, 12 bytes of scales/mins, 128 bytes of
    nibbles; 8 sub-blocks of 32."""
    return _affine_k(blocks, _k_chunks_of_nibbles(blocks[:, 16:144]))


def _groups_q5_k(blocks: np.ndarray) -> Groups:
    """As Q4_K plus 32 bytes of high bits (bit s of byte l tops element l of sub-block
    s) before the 128 bytes of nibbles."""
    high = blocks[:, 16:48]
    shifts = np.arange(8, dtype=np.uint8)[None, :, None]
    high_bits = (high[:, None, :] >> shifts) & 1
    q = _k_chunks_of_nibbles(blocks[:, 48:176]) | (high_bits << 4)
    return _affine_k(blocks, q)


def _groups_q6_k(blocks: np.ndarray) -> Groups:
    """Super-block of 256: 128 bytes of low nibbles, 64 bytes of 2-bit highs, 16 int8
    scales (one per 16 elements), fp16 d; x = (d * scale) * (q - 32).

    Each half of 128 elements has 64 low bytes L and 32 high bytes H; its four groups
    of 32 take low nibbles of L[0:32], L[32:64], then high nibbles of both, topped by
    bits (2g, 2g+1) of H for group g.
    """
    low = blocks[:, 0:128].reshape(-1, 2, 2, 32)
    high = blocks[:, 128:192].reshape(-1, 2, 1, 32)
    scales = blocks[:, 192:208].view(np.int8).astype(np.float32)
    low_parts = np.concatenate([low & 0x0F, low >> 4], axis=2)
    shifts = (2 * np.arange(4, dtype=np.uint8))[None, None, :, None]
    q = (low_parts | (((high >> shifts) & 3) << 4)).astype(np.int8) - 32
    return Groups(q.reshape(-1, 256), _f16(blocks, 208) * scales)


_GROUPS: dict[str, Callable[[np.ndarray], Groups]] = {
    "q8_0": _groups_q8_0,
    "q4_0": _groups_q4_0,
    "q4_1": _groups_q4_1,
    "q5_0": _groups_q5_0,
    "q5_1": _groups_q5_1,
    "q4_k": _groups_q4_k,
    "q5_k": _groups_q5_k,
    "q6_k": _groups_q6_k,
}


def integer_groups(blocks: np.ndarray, fmt: str) -> Groups:
    """``blocks`` (uint8 [count, bytes] of format ``fmt``) as integer codes and the
    float32 scales that make them values (:data:`Groups`): what GGML's integer products
    multiply (``dequant_matmul`` with ``x_int8``)."""
    with np.errstate(invalid="ignore", over="ignore"):
        return _GROUPS[fmt](blocks)


def _values(groups: Groups) -> np.ndarray:
    count, elements = groups.codes.shape       # explicit shapes: count may be 0
    values = groups.codes.reshape(count, elements // 16, 16).astype(np.float32)  # fresh
    values *= groups.step[:, :, None]
    if groups.offset is not None:
        values = values.reshape(count, elements // 32, 32)
        op = np.subtract if groups.subtract else np.add
        op(values, groups.offset[:, :, None], out=values)
    return values.reshape(count, elements)


def x_int8_group(fmt: str) -> int:
    """The elements of x that share one int8 scale in a product with format ``fmt``
    (``dequant_matmul``'s ``x_int8``): a super-block (256) for the k-quants, whose
    sub-block scales are integers applied to integer sums, 32 for the others (GGML's
    Q8_K and Q8_0 / Q8_1 activations)."""
    return 256 if fmt.endswith("_k") else 32


def quantize_x_int8(x: np.ndarray, group: int = 32) -> tuple[np.ndarray, np.ndarray]:
    """x (float32 [..., k], k a multiple of ``group``) rounded to int8 per group of
    ``group`` elements (:func:`x_int8_group`), the rounding of ``dequant_matmul``'s
    ``x_int8``: returns codes int8 [..., k] and scales float32 [..., k / group]. For a
    group whose largest magnitude is a, the scale is
    ``a / 127`` and each code ``rint(x * (127 / a))`` (ties to even), every operation
    in float32. A group whose largest magnitude is below 2**-100 (zeros, or so small
    that 127 / a would overflow) has scale 0 and codes 0; a group holding an infinity
    or nan has scale nan (its products are nan) and codes 0."""
    x = np.asarray(x, dtype=np.float32)
    groups = x.reshape(*x.shape[:-1], -1, group)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        a = np.abs(groups).max(axis=-1, initial=np.float32(0), keepdims=True)
        finite = np.isfinite(groups).all(axis=-1, keepdims=True)
        usable = finite & (a >= np.float32(2.0 ** -100))
        inv = np.where(usable, np.float32(127) / np.where(usable, a, np.float32(1)),
                       np.float32(0))
        codes = np.where(usable, np.rint(groups * inv), np.float32(0)).astype(np.int8)
        scale = np.where(usable, a / np.float32(127),
                         np.where(finite, np.float32(0), np.float32(np.nan)))
    return codes.reshape(x.shape), scale[..., 0].astype(np.float32)

BLOCK_FORMATS: dict[str, tuple[int, int]] = {
    "q8_0": (32, 34), "q4_0": (32, 18), "q4_1": (32, 20), "q5_0": (32, 22),
    "q5_1": (32, 24), "q4_k": (256, 144), "q5_k": (256, 176), "q6_k": (256, 210),
}
"""(elements, bytes) per block of each format :func:`dequantize_blocks` decodes."""


def dequantize_blocks(blocks: np.ndarray, fmt: str) -> np.ndarray:
    """float32 values [count, elements] of ``blocks``, uint8 [count, bytes] of format
    ``fmt`` (a key of :data:`BLOCK_FORMATS`; the caller checks both). inf / nan scales
    propagate as in GGML, quietly."""
    with np.errstate(invalid="ignore", over="ignore"):
        return _values(_GROUPS[fmt](blocks))
