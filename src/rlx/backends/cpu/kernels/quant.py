"""round_to_format in C: the same float64 algorithm as rlx.ir.formats, bit for bit.

Every format calls ``rlx_fmt_round``; the features beyond a sign, a zero, nearest-even
rounding and nan at the all-ones code (fnuz, unsigned, zero-less formats, directed
rounding) are flags (0 for the IEEE-like formats).
"""

from __future__ import annotations

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.formats import FP4_E2M1, FP8_E4M3, FormatScaling
from rlx.ir.graph import Node
from rlx.ir.ops import format_from_attrs

ROUND_HELPER = r"""
/* round x to a float format: |x| to nearest-even (RLX_FMT_UP / RLX_FMT_DOWN: the
   magnitude up / down; down turns finite overflow into maxv), subnormals, then the
   overflow rule (mode 0: inf, 1: nan, 2: saturate); nan_out for nan inputs.
   RLX_FMT_NO_NEG_ZERO gives +0 for a result of 0; RLX_FMT_UNSIGNED gives nan_out for
   x < 0 and no sign; RLX_FMT_NO_ZERO gives nan_out for 0 and 2^emin for anything
   smaller (no subnormals) */
enum { RLX_FMT_UP = 1, RLX_FMT_DOWN = 2, RLX_FMT_NO_NEG_ZERO = 4, RLX_FMT_UNSIGNED = 8,
       RLX_FMT_NO_ZERO = 16 };
static double rlx_fmt_round(double x, int mbits, int emin, double maxv, int mode,
                            double nan_out, int flags) {
    if (x != x) return nan_out;
    if ((flags & RLX_FMT_UNSIGNED) && x < 0) return nan_out;
    double a = fabs(x), q;
    if (a == 0) {
        if (flags & RLX_FMT_NO_ZERO) return nan_out;
        return (flags & (RLX_FMT_NO_NEG_ZERO | RLX_FMT_UNSIGNED)) ? 0.0 : x;
    }
    if (isinf(a)) {
        q = mode == 2 ? maxv : (mode == 0 ? INFINITY : NAN);
    } else {
        int e;
        frexp(a, &e);
        e -= 1;
        if (e < emin) e = emin;
        double quantum = ldexp(1.0, e - mbits), v = a / quantum;
        v = (flags & RLX_FMT_UP) ? ceil(v) : ((flags & RLX_FMT_DOWN) ? floor(v) : rint(v));
        q = v * quantum;
        if ((flags & RLX_FMT_NO_ZERO) && q < ldexp(1.0, emin)) q = ldexp(1.0, emin);
        if (q > maxv) {
            if (mode == 2 || (flags & RLX_FMT_DOWN)) q = maxv;
            else q = mode == 0 ? INFINITY : NAN;
        }
    }
    if (flags & RLX_FMT_UNSIGNED) return q;
    if ((flags & RLX_FMT_NO_NEG_ZERO) && q == 0) return 0.0;
    return copysign(q, x);
}
static double rlx_finite_amax(const double *v, int64_t n) {
    double m = 0;
    for (int64_t i = 0; i < n; i++) {
        double a = fabs(v[i]);
        if (isfinite(a) && a > m) m = a;
    }
    return m;
}
"""


def _flags(fmt) -> list[str]:
    """The rlx_fmt_round flags of a format (none for the IEEE-like formats)."""
    flags = {"up": ["RLX_FMT_UP"], "down": ["RLX_FMT_DOWN"]}.get(fmt.rounding, [])
    if fmt.fnuz:
        flags.append("RLX_FMT_NO_NEG_ZERO")
    if not fmt.signed:
        flags.append("RLX_FMT_UNSIGNED")
    if not fmt.has_zero:
        flags.append("RLX_FMT_NO_ZERO")
    return flags


def _mode(fmt) -> int:
    if fmt.saturate or not fmt.has_nan:
        return 2
    return 0 if fmt.has_inf else 1


def _call(ctx: RenderContext, fmt, value: str, saturate: bool = False) -> str:
    """The C expression rounding ``value`` to ``fmt`` (rlx_fmt_round's helper is in
    already)."""
    mode = 2 if saturate else _mode(fmt)
    nan_out = "NAN" if fmt.has_nan else "0.0"
    args = f"{value}, {fmt.mantissa_bits}, {fmt.emin}, {fmt.max!r}, {mode}, {nan_out}"
    return f"rlx_fmt_round({args}, {' | '.join(_flags(fmt)) or '0'})"


def render_round_to_format(ctx: RenderContext, node: Node) -> str:
    ctx.add_helper("rlx_fmt_round", ROUND_HELPER)
    fmt = format_from_attrs(node.attr_dict)
    scaling = FormatScaling(node.attr("scaling"), node.attr("block"))
    src, out = node.inputs[0], ctx.node_id(node)
    dt = node.dtype
    n = node.type.numel
    row = node.shape[-1] if node.shape else 1
    if n == 0:
        return "    /* empty */"
    rd = cstyle.load(dt, f"{ctx.ptr(src, True)}[i]")
    w = CWriter(indent=1)
    w.line(f"const int64_t n = {n}, row = {row};")
    w.line("(void)row;")
    w.line(ctx.scratch("w", DType.F64, n))
    w.line(f"for (int64_t i = 0; i < n; i++) w[i] = (double){rd};")
    store = f"{ctx.ptr(out)}[i]"
    if scaling.kind == "none":
        value = _call(ctx, fmt, "w[i]")
    elif scaling.kind == "per_tensor":
        w.line("const double amax = rlx_finite_amax(w, n);")
        w.line(f"const double s = amax > 0 ? fmax((double)(float)(amax / {fmt.max!r}), "
               "0x1p-126) : 1.0;")   # a normal float, as rlx.ir.formats
        value = f"{_call(ctx, fmt, 'w[i] / s')} * s"
    else:
        _block_scales(w, ctx, fmt, scaling, n, row)
        scaled = _call(ctx, fmt, "w[i] / bs[i]", True)
        value = f"(w[i] != w[i] ? NAN : (bs[i] > 0 ? {scaled} : 0.0) * bs[i])"
    if dt is DType.F64:     # a format wider than float keeps its bits
        w.line(f"for (int64_t i = 0; i < n; i++) {store} = {value};")
    else:
        w.line(f"for (int64_t i = 0; i < n; i++) {{ float f = (float)({value}); "
               f"{store} = {cstyle.store(dt, '(' + cstyle.cty(dt) + ')f')}; }}")
    return w.text()


def _block_scales(w: CWriter, ctx: RenderContext, fmt, scaling: FormatScaling, n: int,
                  row: int) -> None:
    """Fill ``bs[i]`` (scratch): the scale of the block holding element i."""
    w.line(ctx.scratch("bs", DType.F64, n))
    if scaling.kind == "nvfp4":
        w.line("const double tamax = rlx_finite_amax(w, n);")
        w.line(f"const double t = tamax > 0 ? (double)(float)(tamax / "
               f"{FP4_E2M1.max * FP8_E4M3.max!r}) : 1.0;")
    with w.block("for (int64_t r0 = 0; r0 < n; r0 += row)"):
        with w.block(f"for (int64_t b0 = 0; b0 < row; b0 += {scaling.block})"):
            w.line(f"int64_t len = row - b0 < {scaling.block} ? row - b0 : {scaling.block};")
            w.line("double amax = rlx_finite_amax(w + r0 + b0, len), s = 0;")
            if scaling.kind == "mx":
                # a compact block: its brace shares the first and last statements' lines
                w.line("if (amax > 0) { int e; frexp(amax, &e);")
                with w.indented():
                    w.line(f"int sh = (e - 1) - {fmt.emax};")
                    w.line("if (sh < -127) sh = -127; if (sh > 127) sh = 127;")
                    w.line("s = ldexp(1.0, sh); }")
            else:
                e4m3_scale = _call(ctx, FP8_E4M3, f"amax / {FP4_E2M1.max!r} / t", True)
                w.line(f"s = {e4m3_scale} * t;")
            w.line("for (int64_t i = 0; i < len; i++) bs[r0 + b0 + i] = s;")


OP_RENDERERS = {"round_to_format": render_round_to_format}
SUPPORTED = frozenset(OP_RENDERERS)
RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=SUPPORTED)
