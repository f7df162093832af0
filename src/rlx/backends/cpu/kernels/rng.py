"""C renderers for the cpu backend's random ops: random_uniform and random_normal.

Each is an ``OP_RENDERERS`` entry ``fn(ctx, node) -> str`` for a single-node ``op``
kernel; the text is the body of the kernel's C function. They implement
:mod:`rlx.ir.rng` (the reference kernels in ``rlx.backends.numpy_kernels.random``
are the oracle) with a scalar Philox-4x32-10 per element, keyed by ``ctl[0]`` (the
64-bit seed) with the counter ``(index, stream, run_lo, run_hi)``, ``run = ctl[1]``.
The f64 value is rounded once to the dtype (f16 directly from double; bf16 through
round-to-odd at f32 precision), so uniforms are bit-identical to the reference.
Normals use the C library's ``log`` and ``cos``, which may differ from numpy's by an
f64 ulp; after rounding that is at most one ulp of an f32 (or narrower) result.

Element indices are 32-bit counters: a random node of more than
``MAX_RANDOM_ELEMENTS`` elements fails at run time (error buffer ``RLX_ERROR_TEXT``, return 1).
"""

from __future__ import annotations

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.index import error, format_literal, need_stdio
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node
from rlx.ir.printer import format_node
from rlx.ir.types import numel

MAX_RANDOM_ELEMENTS = 2 ** 32
RANDOM_WORK = 32            # one Philox draw costs about as much as this many copies

PHILOX_HELPER = """\
/* Philox-4x32-10 (Salmon et al., SC 2011) of counter (c0, c1, c2, c3), key (k0, k1) */
RLX_INLINE void rlx_ix_philox(uint32_t out[4], uint32_t c0, uint32_t c1, uint32_t c2,
                              uint32_t c3, uint32_t k0, uint32_t k1) {
    for (int r = 0; r < 10; r++) {
        if (r) { k0 += 0x9E3779B9u; k1 += 0xBB67AE85u; }
        const uint64_t p0 = (uint64_t)0xD2511F53u * c0;
        const uint64_t p1 = (uint64_t)0xCD9E8D57u * c2;
        const uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0;
        const uint32_t n2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1;
        c1 = (uint32_t)p1;
        c3 = (uint32_t)p0;
        c0 = n0;
        c2 = n2;
    }
    out[0] = c0; out[1] = c1; out[2] = c2; out[3] = c3;
}
/* (2 * (w >> 9) + 1) * 2**-24: odd multiples of 2**-24, never 0 or 1 */
RLX_INLINE double rlx_ix_unit(uint32_t w) {
    return ((double)(w >> 9) * 2.0 + 1.0) * 0x1p-24;
}
/* double -> f16 bits, rounded once */
RLX_INLINE uint16_t rlx_ix_d2h(double v) {
    _Float16 h = (_Float16)v; uint16_t u; memcpy(&u, &h, 2); return u;
}
/* double -> float rounded to odd: an inexact result gets an odd last bit */
RLX_INLINE float rlx_ix_d2f_odd(double v) {
    float y = (float)v;
    if ((double)y != v) {
        uint32_t u; memcpy(&u, &y, 4);
        if (!(u & 1u)) y = nextafterf(y, v > (double)y ? INFINITY : -INFINITY);
    }
    return y;
}
/* double -> bf16 bits, rounded once (round to odd at f32, then to nearest) */
RLX_INLINE uint16_t rlx_ix_d2b(double v) { return rlx_f2b(rlx_ix_d2f_odd(v)); }"""


# --------------------------------------------------------------------------- small utilities

def _double_literal(value: float) -> str:
    """An exact C double literal (hexadecimal for finite values)."""
    value = float(value)
    if value != value or value in (float("inf"), float("-inf")):
        return cstyle.literal(value, DType.F64)
    return value.hex()


# --------------------------------------------------------------------------- random

def _random_store(dt: DType, value: str) -> str:
    """An f64 ``value`` rounded once to storage of float dtype ``dt``."""
    if dt is DType.F64:
        return value
    if dt is DType.F32:
        return f"(float)({value})"
    if dt is DType.F16:
        return f"rlx_ix_d2h({value})"
    return f"rlx_ix_d2b({value})"


def _random_value(w: CWriter, node: Node) -> None:
    """Compute ``const double value`` from the Philox words ``w``."""
    if node.op == "random_uniform":
        low = float(node.attr("low", 0.0))
        high = float(node.attr("high", 1.0))
        w.line(f"const double value = {_double_literal(low)} + "
               f"{_double_literal(high - low)} * rlx_ix_unit(w[0]);")
        return
    mean = float(node.attr("mean", 0.0))
    std = float(node.attr("std", 1.0))
    w.line("const double radius = sqrt(-2.0 * log(rlx_ix_unit(w[0])));")
    w.line(f"const double value = {_double_literal(mean)} + {_double_literal(std)}"
           f" * radius * cos({_double_literal(6.283185307179586)} * rlx_ix_unit(w[1]));")


def _render_random(ctx: RenderContext, node: Node) -> str:
    """random_uniform / random_normal per rlx.ir.rng: element i draws Philox words from
    counter (i, stream, run_lo, run_hi) under key (seed_lo, seed_hi)."""
    out = ctx.node_id(node)
    count = numel(node.shape)
    if count == 0:
        return "    /* empty result */"
    w = CWriter(indent=1)
    if count > MAX_RANDOM_ELEMENTS:
        need_stdio(ctx)
        text = (f"{format_node(out, node)}: random ops count elements in 32 bits; "
                f"{count} elements is too many")
        error(w, format_literal(text))
        return w.text()
    ctx.add_helper("rlx_ix_philox", PHILOX_HELPER)
    stream = int(node.attr("stream")) & 0xFFFFFFFF
    w.line("const uint64_t seed = (uint64_t)ctl[0];")
    w.line("const uint64_t run = (uint64_t)ctl[1];")
    w.line(f"{cstyle.ctype(node.dtype)} *dst = {ctx.ptr(out)};")
    w.pragma(ctx.parallel_for(RANDOM_WORK * count, count))
    with w.block(f"for (int64_t i = 0; i < {count}; i++)"):
        w.line("uint32_t w[4];")
        w.line(f"rlx_ix_philox(w, (uint32_t)i, {stream}u, (uint32_t)run, "
               "(uint32_t)(run >> 32), (uint32_t)seed, (uint32_t)(seed >> 32));")
        _random_value(w, node)
        w.line(f"dst[i] = {_random_store(node.dtype, 'value')};")
    return w.text()


# --------------------------------------------------------------------------- tables

OP_RENDERERS = {
    "random_uniform": _render_random,
    "random_normal": _render_random,
}
SUPPORTED: frozenset[str] = frozenset(OP_RENDERERS)
RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=SUPPORTED)
