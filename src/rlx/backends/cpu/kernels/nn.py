"""C renderers for the cpu backend's nn ops that compute in the reference's working
type: rope, max_pool2d and avg_pool2d, and the vectorised pool loops
(:func:`unpadded_pool_loops`, :func:`padded_pool_loops`) that ``gradops`` builds
max_pool2d_indices from.

Every renderer here is an ``OP_RENDERERS`` entry ``fn(ctx, node) -> str`` for a
single-node ``op`` kernel; the text is the body of the kernel's C function. The
reference kernels in ``rlx.backends.numpy_kernels`` are the oracle; see
``rlx.ir.ops`` for the op semantics.

``rope`` and ``avg_pool2d`` compute in the reference's working type (float for
f16/bf16 results, double otherwise) and round once; the translation unit is built
with ``-ffp-contract=off``, so no product is fused into an FMA and rope is
bit-identical to the reference. ``avg_pool2d`` adds up each window row, then the
rows, as numpy's reduction does for windows narrower than 8 (bit-identical there;
numpy sums wider rows pairwise, so those can differ in the last bit of the working
type, which only an f64 result shows). ``max_pool2d`` is exact (nan propagates).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.extents import row_runs
from rlx.backends.cpu.kernels.layout import broadcast_strides
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext, _offset_expr
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node
from rlx.ir.types import numel

# --------------------------------------------------------------------------- working type

def _work_ctype(dt: DType) -> str:
    """The C type nn kernels compute in: float for f16/bf16 results, double otherwise."""
    return "float" if dt in (DType.F16, DType.BF16) else "double"


def _load_as(dt: DType, ref: str, work: str) -> str:
    """Storage ``ref`` of dtype ``dt`` converted to the C type ``work``."""
    return f"({work}){cstyle.load(dt, ref)}"


def _store_from(dt: DType, value: str) -> str:
    """A value of the work type rounded once to storage of ``dt``."""
    if dt is DType.F32:
        return f"(float)({value})"
    return cstyle.store(dt, value)


# --------------------------------------------------------------------------- rope

def _render_rope(ctx: RenderContext, node: Node) -> str:
    """Rotary embedding on the first R = 2 * half features of each row of x [..., D].

    Pairs (a, b) are (i, i + half) for rotate-half and (2i, 2i + 1) interleaved; they
    become (a cos - b sin, b cos + a sin) in the work type; the other features copy.
    cos/sin are read broadcast to x.shape[:-1] + (half,)."""
    x, cos, sin = node.inputs
    out = ctx.node_id(node)
    shape = node.shape
    width = shape[-1]
    rows = numel(shape[:-1])
    if rows * width == 0:
        return "    /* empty result */"
    half = ctx.shape(cos)[-1]
    table = shape[:-1] + (half,)
    tstrides = broadcast_strides(ctx.shape(cos), table)
    table_off = _offset_expr(tstrides[:-1], table[:-1], "r")
    xdt, cdt = node.dtype, ctx.dtype(cos)
    work = _work_ctype(xdt)
    ct = cstyle.ctype(xdt)
    if node.attr("interleaved"):
        first, second = "2 * i", "2 * i + 1"
    else:
        first, second = "i", f"i + {half}"
    w = CWriter(indent=1)
    w.line(f"const {ct} *x = {ctx.ptr(x, True)};")
    w.line(f"{ct} *y = {ctx.ptr(out)};")
    w.line(f"const {cstyle.ctype(cdt)} *cs = {ctx.ptr(cos, True)};")
    w.line(f"const {cstyle.ctype(cdt)} *sn = {ctx.ptr(sin, True)};")
    runs = row_runs(ctx, shape[:-1])     # symbolic rows: the active ones only
    if runs is None:
        w.pragma(ctx.parallel_for(rows * width, rows))
    with (runs.each_row(w, ctx, rows, width) if runs is not None else
          w.block(f"for (int64_t r = 0; r < {rows}; r++)")):
        w.line(f"const {ct} *xr = x + r * {width};")
        w.line(f"{ct} *yr = y + r * {width};")
        w.line(f"const int64_t t = {table_off};")
        with w.block(f"for (int64_t i = 0; i < {half}; i++)"):
            w.line(f"const {work} c = {_load_as(cdt, f'cs[t + i * {tstrides[-1]}]', work)};")
            w.line(f"const {work} s = {_load_as(cdt, f'sn[t + i * {tstrides[-1]}]', work)};")
            w.line(f"const {work} a = {_load_as(xdt, f'xr[{first}]', work)};")
            w.line(f"const {work} b = {_load_as(xdt, f'xr[{second}]', work)};")
            # a * c + (-b) * s: the same bits as a * c - b * s, but gcc 12 fuses a
            # blend of x * y - z and x * y + z lanes into vfmaddsub (one rounding, not
            # two) even under -ffp-contract=off, and this spelling is not that blend
            w.line(f"yr[{first}] = {_store_from(xdt, 'a * c + (-b) * s')};")
            w.line(f"yr[{second}] = {_store_from(xdt, 'b * c + a * s')};")
        if width > 2 * half:
            w.line(f"memcpy(yr + {2 * half}, xr + {2 * half}, "
                   f"{width - 2 * half} * sizeof *yr);")
    return w.text()


# --------------------------------------------------------------------------- pooling

@contextmanager
def _pool_loops(w: CWriter, ctx: RenderContext, node: Node, x: int, out: int) -> Iterator[None]:
    """The loop nest shared by the pools, around the statements written in the ``with``.

    Inside, ``plane`` points at x's [H, W] plane, ``h0`` / ``w0`` are the window's
    top-left corner in x (negative inside the padding) and ``o`` the output index."""
    n, c, height, width = ctx.shape(x)
    oh, ow = node.shape[2:]
    (sh, sw), ((pt, _), (pl, _)) = node.attr("stride"), node.attr("padding")
    rows = n * c * oh
    kh, kw = node.attr("kernel")
    ct = cstyle.ctype(node.dtype)
    w.line(f"const {ct} *src = {ctx.ptr(x, True)};")
    w.line(f"{ct} *dst = {ctx.ptr(out)};")
    w.pragma(ctx.parallel_for(rows * ow * kh * kw, rows))   # work: every window's taps
    with w.block(f"for (int64_t r = 0; r < {rows}; r++)"):
        w.line(f"const {ct} *plane = src + (r / {oh}) * {height * width};")
        w.line(f"const int64_t h0 = (r % {oh}) * {sh} - {pt};")
        with w.block(f"for (int64_t ow = 0; ow < {ow}; ow++)"):
            w.line(f"const int64_t w0 = ow * {sw} - {pl};")
            w.line(f"const int64_t o = r * {ow} + ow;")
            yield


def _window_taps(w: CWriter, ctx: RenderContext, node: Node, x: int, statement: str,
                 row_start: str = "", row_end: str = "") -> None:
    """Loops over the window's taps inside x in row-major order, running ``statement``
    with ``v`` bound to the tap's value; ``row_start`` / ``row_end`` (optional C
    statements) run around each window row that lies inside x."""
    _, _, height, width = ctx.shape(x)
    kh, kw = node.attr("kernel")
    dt = ctx.dtype(x)
    with w.block(f"for (int64_t i = 0; i < {kh}; i++)"):
        w.line("const int64_t h = h0 + i;")
        w.line(f"if (h < 0 || h >= {height}) continue;")
        if row_start:
            w.line(row_start)
        with w.block(f"for (int64_t j = 0; j < {kw}; j++)"):
            w.line("const int64_t w = w0 + j;")
            w.line(f"if (w < 0 || w >= {width}) continue;")
            w.line(f"const {cstyle.cty(dt)} v = {cstyle.load(dt, f'plane[h * {width} + w]')};")
            w.line(statement)
        if row_end:
            w.line(row_end)


def _render_max_pool2d(ctx: RenderContext, node: Node) -> str:
    """Max over each window; padding never wins (it counts as -inf / the dtype's
    minimum) and a nan in the window gives nan."""
    x = node.inputs[0]
    out = ctx.node_id(node)
    if numel(node.shape) == 0:
        return "    /* empty result */"
    separable = _separable_row(ctx, node) <= POOL_ROW_LIMIT
    if separable and interior_and_border(ctx, node, x) is not None:
        return _render_max_pool2d_separable(ctx, node, x, out)
    dt = node.dtype
    w = CWriter(indent=1)
    with _pool_loops(w, ctx, node, x, out):
        w.line(f"{cstyle.cty(dt)} acc = {_lowest(dt)};")
        _window_taps(w, ctx, node, x, "acc = rlx_max_keep_nan(acc, v);")
        w.line(f"dst[o] = {cstyle.store(dt, 'acc')};")
    return w.text()


def _lowest(dt: DType) -> str:
    """The C value a max pool's padding holds: -inf, or the integer dtype's minimum."""
    return "-INFINITY" if dt.is_float else cstyle.INT_LIMITS[dt][0]


POOL_ROW_LIMIT = 1 << 14  # elements of a separable max pool's row buffer (on the stack)


def _separable_row(ctx: RenderContext, node: Node) -> int:
    """The length of a separable max pool's padded row: every window's columns and
    every column of x (after the left padding)."""
    ow, kw, sw = node.shape[3], node.attr("kernel")[1], node.attr("stride")[1]
    (_, _), (pl, _) = node.attr("padding")
    return max((ow - 1) * sw + kw, pl + ctx.shape(node.inputs[0])[3])


def _render_max_pool2d_separable(ctx: RenderContext, node: Node, x: int, out: int) -> str:
    """max_pool2d as two passes of one axis each, for pools whose every window holds a
    tap of x: per output row, the elementwise max of the window's rows inside x (a
    contiguous, vectorised pass) goes into a row buffer whose padding columns hold the
    dtype's lowest value; then each output takes the max of its window's columns of that
    row. A window's max does not depend on the order of its taps (a nan stays,
    rlx_max_keep_nan), so the result is that of a tap-by-tap pass, but for which of
    several nans, or of a +0 and a -0, it keeps."""
    dt = node.dtype
    ct, st = cstyle.cty(dt), cstyle.ctype(dt)
    n, c, height, width = ctx.shape(x)
    oh, ow = node.shape[2:]
    (kh, kw), (sh, sw) = node.attr("kernel"), node.attr("stride")
    (pt, _), (pl, _) = node.attr("padding")
    row = _separable_row(ctx, node)
    w = CWriter(indent=1)
    w.line(f"const {st} *src = {ctx.ptr(x, True)};")
    w.line(f"{st} *dst = {ctx.ptr(out)};")
    w.pragma(ctx.parallel_for(n * c * oh * ow * kh * kw, n * c))
    with w.block(f"for (int64_t p = 0; p < {n * c}; p++)"):
        w.line(f"const {st} *plane = src + p * {height * width};")
        w.line(f"{ct} buf[{row}];")
        w.line(f"for (int64_t j = 0; j < {row}; j++) buf[j] = {_lowest(dt)};")
        w.line(f"{ct} *cols = buf + {pl};")
        with w.block(f"for (int64_t i = 0; i < {oh}; i++)"):
            w.line(f"const int64_t h0 = i * {sh} - {pt} < 0 ? 0 : i * {sh} - {pt};")
            w.line(f"const int64_t h1 = i * {sh} - {pt} + {kh} > {height} ? {height} "
                   f": i * {sh} - {pt} + {kh};")
            w.line(f"const {st} *r0 = plane + h0 * {width};")
            w.line("#pragma omp simd")
            w.line(f"for (int64_t w = 0; w < {width}; w++) cols[w] = {cstyle.load(dt, 'r0[w]')};")
            with w.block("for (int64_t h = h0 + 1; h < h1; h++)"):
                w.line(f"const {st} *rh = plane + h * {width};")
                w.line("#pragma omp simd")
                w.line(f"for (int64_t w = 0; w < {width}; w++)")
                with w.indented():
                    w.line(f"cols[w] = rlx_max_keep_nan(cols[w], {cstyle.load(dt, 'rh[w]')});")
            w.line(f"{st} *d = dst + (p * {oh} + i) * {ow};")
            w.line("#pragma omp simd")
            with w.block(f"for (int64_t j = 0; j < {ow}; j++)"):
                w.line(f"{ct} acc = buf[j * {sw}];")
                for b in range(1, kw):
                    w.line(f"acc = rlx_max_keep_nan(acc, buf[j * {sw} + {b}]);")
                w.line(f"d[j] = {cstyle.store(dt, 'acc')};")
    return w.text()


POOL_BLOCK = 512            # output positions of a plane one pass over a pool's taps keeps


def pool_block(node: Node) -> int:
    """Output positions per block of :func:`unpadded_pool_loops` (accumulator length)."""
    return min(node.shape[2] * node.shape[3], POOL_BLOCK)


TapPass = Callable[[str, Sequence[str]], None]
"""Writes one vectorised pass over a block's positions: ``(tap offset, statements)``."""


def unpadded_pool_loops(w: CWriter, ctx: RenderContext, node: Node, x: int,
                        declare: Sequence[str], first: Sequence[str], further: Sequence[str],
                        finish: Sequence[str] = ()) -> None:
    """Write the loops of a pool without padding (every window lies inside x),
    vectorised over output positions instead of branching per tap.

    For each [H, W] plane of x (``plane`` points at it) and each block of up to
    POOL_BLOCK of its output positions (``at``: the block's first output index, ``m``:
    how many), the lines ``declare`` run once, then ``first`` for the window's first tap
    of every position ``o`` of the block, then ``further`` for each further tap in
    row-major order, then ``finish`` for each position. In ``first`` / ``further``,
    ``v`` is the tap's value in the compute type and ``pos`` its flat h * W + w
    position. (Blocks that cross planes, which would vectorise tiny planes better,
    measured slower: the gathers' indices lose their regular pattern.)"""
    n, c, height, width = ctx.shape(x)
    oh, ow = node.shape[2:]
    (kh, kw), (sh, sw) = node.attr("kernel"), node.attr("stride")
    dt = ctx.dtype(x)
    positions = oh * ow
    block = pool_block(node)
    itype = "int32_t" if height * width < 2 ** 31 else "int64_t"

    def tap_pass(tap: str, body: Sequence[str]) -> None:
        w.line("#pragma omp simd")
        with w.block("for (int64_t o = 0; o < m; o++)"):
            w.line(f"const {itype} i = ({itype})(o0 + o);")
            w.line(f"const {itype} pos = (i / {ow}) * {sh * width} + (i % {ow}) * {sw} + {tap};")
            w.line(f"const {cstyle.cty(dt)} v = {cstyle.load(dt, 'plane[pos]')};")
            w.extend(body)

    w.line(f"const {cstyle.ctype(dt)} *src = {ctx.ptr(x, True)};")
    # a vectorised pass costs about one element per output and tap: count outputs only,
    # so that small pools (a fork and join would cost more than they save) run serially
    w.pragma(ctx.parallel_for(n * c * positions, n * c))
    with w.block(f"for (int64_t p = 0; p < {n * c}; p++)"):
        w.line(f"const {cstyle.ctype(dt)} *plane = src + p * {height * width};")
        with w.block(f"for (int64_t o0 = 0; o0 < {positions}; o0 += {block})"):
            w.line(f"const int64_t m = {positions} - o0 < {block} ? {positions} - o0 "
                   f": {block};")
            w.line(f"const int64_t at = p * {positions} + o0;")
            w.extend(declare)
            _window_passes(w, tap_pass, (kh, kw), width, itype, (first, further, finish), "m")


def _window_passes(w: CWriter, tap_pass: TapPass, kernel: tuple[int, int], width: int,
                   itype: str, bodies: tuple[Sequence[str], Sequence[str], Sequence[str]],
                   count: str) -> None:
    """A block's vectorised passes: ``first`` over the first tap, then ``further`` over
    each further tap in row-major order, then ``finish`` over the ``count`` positions.
    ``tap_pass(tap, body)`` writes one pass."""
    kh, kw = kernel
    first, further, finish = bodies
    tap_pass("0", first)
    if kh * kw > 1:
        with w.block(f"for (int64_t t = 1; t < {kh * kw}; t++)"):
            w.line(f"const {itype} tap = ({itype})((t / {kw}) * {width} + t % {kw});")
            tap_pass("tap", further)
    if finish:
        w.line("#pragma omp simd")
        with w.block(f"for (int64_t o = 0; o < {count}; o++)"):
            w.extend(finish)


def _inside_range(size: int, out: int, kernel: int, stride: int, pad: int) -> tuple[int, int]:
    """``[lo, hi)``: the output indices along one axis whose windows lie inside x."""
    lo = -(-pad // stride)
    last = size - kernel + pad           # the last window start (padded) inside x
    hi = min(out, last // stride + 1) if last >= 0 else 0
    return min(lo, hi), hi


def interior_and_border(ctx: RenderContext, node: Node,
                        x: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """((row lo, row hi), (column lo, column hi)): the output rectangle whose windows lie
    inside x; None when some window lies wholly in the padding (no tap inside x)."""
    _, _, height, width = ctx.shape(x)
    oh, ow = node.shape[2:]
    (kh, kw), (sh, sw) = node.attr("kernel"), node.attr("stride")
    (pt, _), (pl, _) = node.attr("padding")
    for size, out, kernel, stride, pad in ((height, oh, kh, sh, pt), (width, ow, kw, sw, pl)):
        starts = [i * stride - pad for i in range(out)]
        if any(s + kernel <= 0 or s >= size for s in starts):
            return None
    return (_inside_range(height, oh, kh, sh, pt), _inside_range(width, ow, kw, sw, pl))


def padded_pool_loops(w: CWriter, ctx: RenderContext, node: Node, x: int,
                      declare: Sequence[str], first: Sequence[str], further: Sequence[str],
                      finish: Sequence[str] = ()) -> None:
    """Write the loops of a padded pool, with :func:`unpadded_pool_loops`' contract:
    the lines ``first`` run for each window's first tap inside x, ``further`` for each
    further tap inside x in row-major order (padding taps are skipped), then ``finish``.

    Per [H, W] plane, the output rows whose windows lie inside x run their interior
    columns vectorised like an unpadded pool (``o`` over the run, ``at`` its first
    output index); the other output positions (the border) run one at a time with
    ``o = 0``, testing each tap. Needs :func:`interior_and_border` to be not None;
    ``declare`` must hold at least ``ow`` elements per array."""
    n, c, height, width = ctx.shape(x)
    oh, ow = node.shape[2:]
    (kh, kw), (sh, sw) = node.attr("kernel"), node.attr("stride")
    (pt, _), (pl, _) = node.attr("padding")
    (r0, r1), (c0, c1) = interior_and_border(ctx, node, x)
    dt = ctx.dtype(x)
    ct = cstyle.cty(dt)
    itype = "int32_t" if height * width < 2 ** 31 else "int64_t"
    run = c1 - c0

    def tap_pass(tap: str, body: Sequence[str]) -> None:
        w.line("#pragma omp simd")
        with w.block(f"for (int64_t o = 0; o < {run}; o++)"):
            w.line(f"const {itype} pos = row + ({itype})o * {sw} + {tap};")
            w.line(f"const {ct} v = {cstyle.load(dt, 'plane[pos]')};")
            w.extend(body)

    w.line(f"const {cstyle.ctype(dt)} *src = {ctx.ptr(x, True)};")
    w.pragma(ctx.parallel_for(n * c * oh * ow, n * c))
    with w.block(f"for (int64_t p = 0; p < {n * c}; p++)"):
        w.line(f"const {cstyle.ctype(dt)} *plane = src + p * {height * width};")
        w.extend(declare)
        if run > 0 and r1 > r0:
            with w.block(f"for (int64_t i = {r0}; i < {r1}; i++)"):
                w.line(f"const int64_t at = p * {oh * ow} + i * {ow} + {c0};")
                w.line(f"const {itype} row = ({itype})((i * {sh} - {pt}) * {width} "
                       f"+ {c0 * sw - pl});")
                _window_passes(w, tap_pass, (kh, kw), width, itype, (first, further, finish),
                               str(run))
            inner = f"i >= {r0} && i < {r1}"
        else:
            inner = "0"
        with w.block(f"for (int64_t i = 0; i < {oh}; i++)"):
            w.line(f"const int inner = {inner};")
            with w.block(f"for (int64_t j = 0; j < {ow}; j++)"):
                with w.block(f"if (inner && j == {c0})"):
                    w.line(f"j = {c1 - 1};")
                    w.line("continue;")
                w.line(f"const int64_t at = p * {oh * ow} + i * {ow} + j, o = 0;")
                w.line("int started = 0;")
                with w.block(f"for (int64_t a = 0; a < {kh}; a++)"):
                    w.line(f"const int64_t h = i * {sh} - {pt} + a;")
                    w.line(f"if (h < 0 || h >= {height}) continue;")
                    with w.block(f"for (int64_t b = 0; b < {kw}; b++)"):
                        w.line(f"const int64_t w = j * {sw} - {pl} + b;")
                        w.line(f"if (w < 0 || w >= {width}) continue;")
                        w.line(f"const {itype} pos = ({itype})(h * {width} + w);")
                        w.line(f"const {ct} v = {cstyle.load(dt, 'plane[pos]')};")
                        with w.block("if (!started)"):
                            w.extend(first)
                            w.line("started = 1;")
                        with w.else_block():
                            w.extend(further)
                w.extend(finish)
                w.line("(void)at;")
                w.line("(void)o;")


def _render_avg_pool2d(ctx: RenderContext, node: Node) -> str:
    """Window sum in the work type divided by the tap count: the kernel's area with
    count_include_pad, else the taps inside x (0 / 0 = nan for all-padding windows).

    The sum adds each window row's sequential sum to the total, the order numpy's
    reduction takes for windows narrower than 8 (wider rows it sums pairwise)."""
    x = node.inputs[0]
    out = ctx.node_id(node)
    if numel(node.shape) == 0:
        return "    /* empty result */"
    dt = node.dtype
    work = _work_ctype(dt)
    _, _, height, width = ctx.shape(x)
    kh, kw = node.attr("kernel")
    w = CWriter(indent=1)
    with _pool_loops(w, ctx, node, x, out):
        w.line(f"{work} acc = 0;")
        _window_taps(w, ctx, node, x, f"row += ({work})v;",
                     row_start=f"{work} row = 0;", row_end="acc += row;")
        if node.attr("count_include_pad"):
            w.line(f"const {work} count = {kh * kw};")
        else:
            w.line(f"const int64_t rh = (h0 + {kh} < {height} ? h0 + {kh} : {height})"
                   " - (h0 > 0 ? h0 : 0);")
            w.line(f"const int64_t rw = (w0 + {kw} < {width} ? w0 + {kw} : {width})"
                   " - (w0 > 0 ? w0 : 0);")
            w.line(f"const {work} count = ({work})((rh > 0 ? rh : 0) * (rw > 0 ? rw : 0));")
        w.line(f"dst[o] = {_store_from(dt, 'acc / count')};")
    return w.text()


# --------------------------------------------------------------------------- tables

OP_RENDERERS = {
    "rope": _render_rope,
    "max_pool2d": _render_max_pool2d,
    "avg_pool2d": _render_avg_pool2d,
}
SUPPORTED: frozenset[str] = frozenset(OP_RENDERERS)
RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=SUPPORTED)
