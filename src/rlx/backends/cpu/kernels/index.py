"""C renderers for data movement, indexing, rope, pooling and random ops.

Every renderer here is an ``OP_RENDERERS`` entry ``fn(ctx, node) -> str`` for a
single-node ``op`` kernel; the text is the body of the kernel's C function.

Contracts (the reference kernels in ``rlx.backends.reference.kernels`` are the
oracle; see ``rlx.ir.ops`` for the op semantics):

* Pure copies (transpose, broadcast_to, slice, concat, pad, gather, tile, flip)
  move values in their storage C type, so every dtype is handled as stored and the
  results are bit-identical to the reference. transpose, broadcast_to, slice, flip
  and tile are all one *strided copy*: the output is walked in row-major order while
  the source is read at ``offset + sum(i_k * stride_k)`` (strides may be zero or
  negative). Axes are simplified first (size-1 axes dropped, neighbours that step
  through the source as one merged), then rows are copied with ``memcpy`` when the
  source is contiguous along the output's last axis, by 2-D blocks when another
  axis is contiguous in the source (a cache-friendly transpose), or element by
  element otherwise.
* ``gather`` first checks every index, in row-major order, and fails with the
  reference interpreter's message (the node, then the first index outside
  ``[-n, n)``, the axis and its size); only then does it copy, so nothing is read
  out of bounds whatever the indices. ``one_hot`` leaves an all-zero row for an
  index outside ``[0, depth)``.
* ``rope`` and ``avg_pool2d`` compute in the reference's working type (float for
  f16/bf16 results, double otherwise) and round once; the translation unit is built
  with ``-ffp-contract=off``, so no product is fused into an FMA and rope is
  bit-identical to the reference. ``avg_pool2d`` adds up each window row, then the
  rows, as numpy's reduction does for windows narrower than 8 (bit-identical there;
  numpy sums wider rows pairwise, so those can differ in the last bit of the working
  type, which only an f64 result shows). ``max_pool2d`` is exact (nan propagates).
* ``random_uniform`` / ``random_normal`` implement :mod:`rlx.ir.rng` with a scalar
  Philox-4x32-10 per element, keyed by ``ctl[0]`` (the 64-bit seed) with the
  counter ``(index, stream, run_lo, run_hi)``, ``run = ctl[1]``. The f64 value is
  rounded once to the dtype (f16 directly from double; bf16 through round-to-odd
  at f32 precision), so uniforms are bit-identical to the reference. Normals use
  the C library's ``log`` and ``cos``, which may differ from numpy's by an f64 ulp;
  after rounding that is at most one ulp of an f32 (or narrower) result.

reshape, squeeze and unsqueeze are always views (``elementwise.render_view`` copies
them when they are not aliased), and a contiguous slice is a view too; a strided
slice comes here.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.render import RenderContext, _offset_expr
from rlx.backends.reference.kernels.shape import fill_value
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node
from rlx.ir.printer import format_node
from rlx.ir.types import Shape, numel
from rlx.passes.loops import row_major_strides

BLOCK = 32                  # edge of the square tiles of a blocked transpose, in elements
BLOCK_MIN = 8               # both blocked axes must be at least this long
CHUNK = 1 << 16             # elements per task when one contiguous run is split up
MAX_RANDOM_ELEMENTS = 2 ** 32
RANDOM_WORK = 32            # one Philox draw costs about as much as this many copies

# --------------------------------------------------------------------------- C helpers

_HELPERS = {
    "rlx_ix_stdio": "#include <stdio.h>",
    "rlx_ix_pad": """\
/* index of padded position i (relative to the data's start) along an axis of n */
RLX_INLINE int64_t rlx_ix_reflect(int64_t i, int64_t n) {
    if (n <= 1) return 0;
    const int64_t period = 2 * (n - 1);
    i %= period;
    if (i < 0) i += period;
    return i < n ? i : period - i;
}
RLX_INLINE int64_t rlx_ix_edge(int64_t i, int64_t n) {
    return i < 0 ? 0 : (i >= n ? n - 1 : i);
}""",
    "rlx_ix_philox": """\
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
RLX_INLINE uint16_t rlx_ix_d2b(double v) { return rlx_f2b(rlx_ix_d2f_odd(v)); }""",
}


def _use(ctx: RenderContext, *names: str) -> None:
    """Emit the named C helpers of this module (once per translation unit)."""
    for name in names:
        ctx.add_helper(name, _HELPERS[name])


# --------------------------------------------------------------------------- small utilities

def _pragma(ctx: RenderContext, work: int, iterations: int, indent: str = "    ") -> list[str]:
    """The OpenMP line for a loop of ``iterations`` doing ``work`` elements, if any."""
    pragma = ctx.parallel_for(work, iterations)
    return [indent + pragma] if pragma else []


def _bits_constant(name: str, value: np.ndarray, ctype: str) -> list[str]:
    """C lines declaring ``ctype name`` holding exactly the bytes of 0-d ``value``."""
    size = value.dtype.itemsize
    bits = int(np.asarray(value).reshape(()).view(f"u{size}"))
    return [f"    {ctype} {name};",
            f"    {{ const uint{8 * size}_t bits = {bits:#x}ULL; "
            f"memcpy(&{name}, &bits, sizeof {name}); }}"]


def _double_literal(value: float) -> str:
    """An exact C double literal (hexadecimal for finite values)."""
    value = float(value)
    if value != value or value in (float("inf"), float("-inf")):
        return cstyle.literal(value, DType.F64)
    return value.hex()


def _broadcast_strides(src: Shape, dst: Shape) -> tuple[int, ...]:
    """Element strides of ``src`` read broadcast to ``dst`` (0 on broadcast axes)."""
    lead = len(dst) - len(src)
    own = row_major_strides(src)
    strides = []
    for axis, d in enumerate(dst):
        j = axis - lead
        strides.append(0 if j < 0 or (src[j] == 1 and d != 1) else own[j])
    return tuple(strides)


def _format_literal(text: str) -> str:
    """``text`` as the body of a C string literal used as a printf format (printed as is)."""
    out = []
    for ch in text:
        if ch in '\\"':
            out.append("\\" + ch)
        elif ch == "%":
            out.append("%%")
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            out.extend(f"\\{b:03o}" for b in ch.encode())
    return "".join(out)


def _error(message: str, *args: str, indent: str = "    ") -> list[str]:
    """C lines writing ``message`` (a printf format) to rlx_error_text and failing."""
    extra = "".join(f", {a}" for a in args)
    return [f'{indent}snprintf(rlx_error_text, sizeof rlx_error_text, "{message}"{extra});',
            f"{indent}return 1;"]


# --------------------------------------------------------------------------- strided copies

def _simplify(dims: Shape, strides: Sequence[int]) -> tuple[list[int], list[int]]:
    """Drop size-1 axes and merge neighbouring axes that step through the source as one.

    The result walks the same source elements in the same (row-major output) order."""
    out_dims: list[int] = []
    out_strides: list[int] = []
    for d, s in zip(dims, strides, strict=True):
        if d == 1:
            continue
        if out_dims and out_strides[-1] == s * d:
            out_dims[-1] *= d
            out_strides[-1] = s
        else:
            out_dims.append(d)
            out_strides.append(s)
    return out_dims, out_strides


def _strided_copy(ctx: RenderContext, out: int, src: int, dims: Shape,
                  strides: Sequence[int], offset: int = 0) -> str:
    """Fill ``out`` (contiguous, shape ``dims``) from ``src`` read at ``offset +
    sum(i_k * strides[k])`` elements for output index ``(i_0, ...)``.

    The caller guarantees every such position lies inside ``src``."""
    if numel(dims) == 0:
        return "    /* empty result */"
    ct = cstyle.ctype(ctx.dtype(out))
    lines = [f"    const {ct} *src = {ctx.ptr(src, True)} + {offset};",
             f"    {ct} *dst = {ctx.ptr(out)};"]
    return "\n".join(lines + _copy_loops(ctx, ct, *_simplify(dims, strides)))


def _copy_loops(ctx: RenderContext, ct: str, dims: list[int], strides: list[int]) -> list[str]:
    """The loops of a strided copy over simplified axes, from ``src`` to ``dst``."""
    if not dims:
        return ["    dst[0] = src[0];"]
    if strides[-1] == 1:
        return _copy_rows(ctx, dims, strides)
    axis = _blocked_axis(dims, strides)
    if axis is not None:
        return _copy_blocked(ctx, ct, dims, strides, axis)
    return _copy_elements(ctx, ct, dims, strides)


def _contiguous_copy(ctx: RenderContext, dst: str, src: str, count: int,
                     indent: str = "    ") -> list[str]:
    """Copy ``count`` consecutive elements from ``src`` to ``dst`` (typed pointer
    expressions); split into parallel chunks when large."""
    chunks = -(-count // CHUNK)
    pragma = _pragma(ctx, count, chunks, indent)
    if not pragma:
        return [f"{indent}memcpy({dst}, {src}, {count} * sizeof *({dst}));"]
    return pragma + [
        f"{indent}for (int64_t c = 0; c < {chunks}; c++) {{",
        f"{indent}    const int64_t lo = c * {CHUNK};",
        f"{indent}    const int64_t n = {count} - lo < {CHUNK} ? {count} - lo : {CHUNK};",
        f"{indent}    memcpy({dst} + lo, {src} + lo, n * sizeof *({dst}));",
        f"{indent}}}"]


def _copy_rows(ctx: RenderContext, dims: list[int], strides: list[int]) -> list[str]:
    """The source is contiguous along the last axis: one memcpy per output row."""
    inner = dims[-1]
    rows = numel(tuple(dims[:-1]))
    if rows == 1:
        return _contiguous_copy(ctx, "dst", "src", inner)
    offset = _offset_expr(tuple(strides[:-1]), tuple(dims[:-1]), "r")
    return _pragma(ctx, rows * inner, rows) + [
        f"    for (int64_t r = 0; r < {rows}; r++)",
        f"        memcpy(dst + r * {inner}, src + {offset}, {inner} * sizeof *dst);"]


def _blocked_axis(dims: list[int], strides: list[int]) -> int | None:
    """An axis other than the last along which the source is contiguous (stride +-1)
    and which, with the last axis, is long enough for a blocked transpose."""
    if dims[-1] < BLOCK_MIN:
        return None
    for k in range(len(dims) - 1):
        if abs(strides[k]) == 1 and dims[k] >= BLOCK_MIN:
            return k
    return None


def _copy_blocked(ctx: RenderContext, ct: str, dims: list[int], strides: list[int],
                  k: int) -> list[str]:
    """Blocked 2-D transpose over axes ``k`` (contiguous in the source) and the last
    (contiguous in the output), for every index of the other axes: BLOCK x BLOCK
    tiles keep both the reads and the writes within a few cache lines."""
    last = len(dims) - 1
    out_strides = row_major_strides(tuple(dims))
    others = [a for a in range(len(dims)) if a not in (k, last)]
    outer_dims = tuple(dims[a] for a in others)
    rows = numel(outer_dims)
    src_off = _offset_expr(tuple(strides[a] for a in others), outer_dims, "r")
    dst_off = _offset_expr(tuple(out_strides[a] for a in others), outer_dims, "r")
    blocks = -(-dims[k] // BLOCK)
    dk, dl = dims[k], dims[last]
    return _pragma(ctx, numel(tuple(dims)), rows * blocks) + [
        f"    for (int64_t t = 0; t < {rows * blocks}; t++) {{",
        f"        const int64_t r = t / {blocks};",
        f"        const int64_t k0 = (t % {blocks}) * {BLOCK};",
        f"        const int64_t k1 = k0 + {BLOCK} < {dk} ? k0 + {BLOCK} : {dk};",
        f"        const {ct} *s = src + {src_off};",
        f"        {ct} *d = dst + {dst_off};",
        f"        for (int64_t j0 = 0; j0 < {dl}; j0 += {BLOCK}) {{",
        f"            const int64_t j1 = j0 + {BLOCK} < {dl} ? j0 + {BLOCK} : {dl};",
        "            for (int64_t kk = k0; kk < k1; kk++)",
        "                for (int64_t jj = j0; jj < j1; jj++)",
        f"                    d[kk * {out_strides[k]} + jj] = "
        f"s[kk * {strides[k]} + jj * {strides[last]}];",
        "        }",
        "    }"]


def _copy_elements(ctx: RenderContext, ct: str, dims: list[int],
                   strides: list[int]) -> list[str]:
    """Element by element: output rows in order, the source read with a stride."""
    inner, step = dims[-1], strides[-1]
    rows = numel(tuple(dims[:-1]))
    if rows == 1:
        return _pragma(ctx, inner, inner) + [
            f"    for (int64_t j = 0; j < {inner}; j++) dst[j] = src[j * {step}];"]
    offset = _offset_expr(tuple(strides[:-1]), tuple(dims[:-1]), "r")
    return _pragma(ctx, rows * inner, rows) + [
        f"    for (int64_t r = 0; r < {rows}; r++) {{",
        f"        const {ct} *s = src + {offset};",
        f"        {ct} *d = dst + r * {inner};",
        f"        for (int64_t j = 0; j < {inner}; j++) d[j] = s[j * {step}];",
        "    }"]


# --------------------------------------------------------------------------- layout ops

def _render_transpose(ctx: RenderContext, node: Node) -> str:
    """out[i_0, ...] = x[i at perm positions]: output axis k reads input axis perm[k]."""
    x = node.inputs[0]
    own = row_major_strides(ctx.shape(x))
    strides = [own[p] for p in node.attr("perm")]
    return _strided_copy(ctx, ctx.node_id(node), x, node.shape, strides)


def _render_broadcast_to(ctx: RenderContext, node: Node) -> str:
    """numpy broadcast_to: broadcast axes read the source with stride 0."""
    x = node.inputs[0]
    strides = _broadcast_strides(ctx.shape(x), node.shape)
    return _strided_copy(ctx, ctx.node_id(node), x, node.shape, strides)


def _render_slice(ctx: RenderContext, node: Node) -> str:
    """Per axis, element i reads start + i * step (canonical start, any non-zero step)."""
    x = node.inputs[0]
    own = row_major_strides(ctx.shape(x))
    starts, steps = node.attr("starts"), node.attr("steps")
    strides = [st * s for st, s in zip(steps, own, strict=True)]
    offset = sum(b * s for b, s in zip(starts, own, strict=True)) if numel(node.shape) else 0
    return _strided_copy(ctx, ctx.node_id(node), x, node.shape, strides, offset)


def _render_flip(ctx: RenderContext, node: Node) -> str:
    """Reversed axes start at their last element and step backwards."""
    x = node.inputs[0]
    own = row_major_strides(ctx.shape(x))
    axes = set(node.attr("axes"))
    strides = [-s if a in axes else s for a, s in enumerate(own)]
    offset = sum((d - 1) * s for a, (d, s) in enumerate(zip(node.shape, own)) if a in axes)
    return _strided_copy(ctx, ctx.node_id(node), x, node.shape, strides, offset)


def _render_tile(ctx: RenderContext, node: Node) -> str:
    """numpy tile as a broadcast: output axis k of length r_k * d_k is walked as the
    pair (repeat, position) with source strides (0, stride_k)."""
    x = node.inputs[0]
    shape = ctx.shape(x)
    own = row_major_strides(shape)
    dims: list[int] = []
    strides: list[int] = []
    for d, r, s in zip(shape, node.attr("reps"), own, strict=True):
        dims += [r, d]
        strides += [0, s]
    return _strided_copy(ctx, ctx.node_id(node), x, tuple(dims), strides)


def _render_concat(ctx: RenderContext, node: Node) -> str:
    """Each operand is a block of rows: for every index of the axes before ``axis``,
    operand j's ``len_j * inner`` elements go after those of operands 0..j-1."""
    out = ctx.node_id(node)
    if numel(node.shape) == 0:
        return "    /* empty result */"
    axis = node.attr("axis")
    outer = numel(node.shape[:axis])
    inner = numel(node.shape[axis + 1:])
    row = node.shape[axis] * inner
    ct = cstyle.ctype(node.dtype)
    lines = [f"    {ct} *dst = {ctx.ptr(out)};"]
    parts = []
    start = 0
    for j, src in enumerate(node.inputs):
        length = ctx.shape(src)[axis] * inner
        if length:
            lines.append(f"    const {ct} *p{j} = {ctx.ptr(src, True)};")
            parts.append((f"p{j}", start, length))
        start += length
    if outer == 1:
        for name, begin, length in parts:
            lines += _contiguous_copy(ctx, f"dst + {begin}", name, length)
        return "\n".join(lines)
    lines += _pragma(ctx, outer * row, outer)
    lines.append(f"    for (int64_t o = 0; o < {outer}; o++) {{")
    for name, begin, length in parts:
        lines.append(f"        memcpy(dst + o * {row} + {begin}, {name} + o * {length}, "
                     f"{length} * sizeof *dst);")
    lines.append("    }")
    return "\n".join(lines)


# --------------------------------------------------------------------------- pad

def _render_pad(ctx: RenderContext, node: Node) -> str:
    """numpy.pad with mode constant (the value cast to the dtype), reflect or edge.

    Row by row over the output's last axis: each leading padded axis maps its index to
    a source index (constant: outside the data fills the whole row), then the row is
    the left padding, one memcpy of the source row, and the right padding."""
    x = node.inputs[0]
    out = ctx.node_id(node)
    shape = ctx.shape(x)
    if numel(node.shape) == 0:
        return "    /* empty result */"
    if not shape:
        return _strided_copy(ctx, out, x, (), ())
    mode = node.attr("mode")
    pads = node.attr("pads")
    if mode != "constant":
        _use(ctx, "rlx_ix_pad")
    ct = cstyle.ctype(node.dtype)
    lines = [f"    const {ct} *src = {ctx.ptr(x, True)};", f"    {ct} *dst = {ctx.ptr(out)};"]
    if mode == "constant":
        lines += _bits_constant("fill", fill_value(node.attr("value"), node.dtype.np), ct)
    width, before = node.shape[-1], pads[-1][0]
    rows = numel(node.shape[:-1])
    lines += _pragma(ctx, rows * width, rows)
    lines += [f"    for (int64_t r = 0; r < {rows}; r++) {{",
              f"        {ct} *d = dst + r * {width};",
              "        int64_t so = 0;"]
    if mode == "constant":
        lines.append("        int inside = 1;")
    lines += _pad_row_source(node.shape, shape, pads, mode)
    if mode == "constant":
        lines += ["        if (!inside) {",
                  f"            for (int64_t j = 0; j < {width}; j++) d[j] = fill;",
                  "            continue;",
                  "        }"]
    lines.append(f"        const {ct} *s = src + so;")
    lines += _pad_row_body(mode, shape[-1], before, width)
    lines.append("    }")
    return "\n".join(lines)


def _pad_row_source(out_shape: Shape, shape: Shape, pads, mode: str) -> list[str]:
    """C lines setting ``so`` (the source row's offset) for output row ``r``, and
    clearing ``inside`` when a constant-padded axis falls outside the data."""
    row_dims = out_shape[:-1]
    row_strides = row_major_strides(row_dims)
    src_strides = row_major_strides(shape)
    lines = []
    for axis, (d, (b, e)) in enumerate(zip(shape[:-1], pads[:-1], strict=True)):
        index = _axis_index("r", row_strides[axis], row_dims[axis], first=axis == 0)
        if not (b or e):
            lines.append(f"        so += ({index}) * {src_strides[axis]};")
            continue
        lines.append(f"        {{ const int64_t i = ({index}) - {b};")
        if mode == "constant":
            lines.append(f"          if (i < 0 || i >= {d}) inside = 0;")
            lines.append(f"          so += i * {src_strides[axis]}; }}")
        else:
            lines.append(f"          so += rlx_ix_{mode}(i, {d}) * {src_strides[axis]}; }}")
    return lines


def _axis_index(var: str, stride: int, size: int, first: bool) -> str:
    """C expression of one axis's index in flat row-major index ``var`` (the axis has
    row-major ``stride`` and length ``size``; the first axis needs no modulo)."""
    index = var if stride == 1 else f"{var} / {stride}"
    return index if first else f"({index}) % {size}"


def _pad_row_body(mode: str, length: int, before: int, width: int) -> list[str]:
    """C lines writing output row ``d`` from source row ``s`` (``length`` elements)."""
    if mode == "constant":
        value = "fill"
    else:
        value = f"s[rlx_ix_{mode}(j - {before}, {length})]"
    lines = []
    if before:
        lines.append(f"        for (int64_t j = 0; j < {before}; j++) d[j] = {value};")
    if length:
        lines.append(f"        memcpy(d + {before}, s, {length} * sizeof *d);")
    if width > before + length:
        lines.append(f"        for (int64_t j = {before + length}; j < {width}; j++) "
                     f"d[j] = {value};")
    return lines


# --------------------------------------------------------------------------- gather, one_hot

def _render_gather(ctx: RenderContext, node: Node) -> str:
    """numpy take along ``axis`` with indices in [-n, n) (negatives wrap).

    Every index is checked first, in row-major order; the first outside the range
    fails the run with the reference's message. Then each (outer, index) pair copies
    one run of ``inner`` elements."""
    x, idx = node.inputs
    out = ctx.node_id(node)
    axis = node.attr("axis")
    shape = ctx.shape(x)
    n, count = shape[axis], numel(ctx.shape(idx))
    outer, inner = numel(shape[:axis]), numel(shape[axis + 1:])
    if count == 0:
        return "    /* no indices */"
    _use(ctx, "rlx_ix_stdio")
    it = cstyle.ctype(ctx.dtype(idx))
    ct = cstyle.ctype(node.dtype)
    message = (_format_literal(f"{format_node(out, node)}: gather: index ") + "%lld"
               + f" is out of range for axis {axis} of size {n} (valid: {-n}..{n - 1})")
    lines = [f"    const {it} *idx = {ctx.ptr(idx, True)};",
             f"    for (int64_t j = 0; j < {count}; j++) {{",
             "        const int64_t v = (int64_t)idx[j];",
             f"        if (v < {-n} || v >= {n}) {{"]
    lines += _error(message, "(long long)v", indent="            ")
    lines += ["        }", "    }"]
    if numel(node.shape) == 0:
        return "\n".join(lines)
    total = outer * count
    lines += [f"    const {ct} *src = {ctx.ptr(x, True)};", f"    {ct} *dst = {ctx.ptr(out)};"]
    lines += _pragma(ctx, total * inner, total)
    lines += [f"    for (int64_t t = 0; t < {total}; t++) {{",
              f"        int64_t v = (int64_t)idx[t % {count}];",
              f"        if (v < 0) v += {n};",
              f"        const int64_t from = ((t / {count}) * {n} + v) * {inner};"]
    if inner == 1:
        lines.append("        dst[t] = src[from];")
    else:
        lines.append(f"        memcpy(dst + t * {inner}, src + from, {inner} * sizeof *dst);")
    lines.append("    }")
    return "\n".join(lines)


def _render_one_hot(ctx: RenderContext, node: Node) -> str:
    """out[..., j] = (idx == j): all zero bytes, then a one where the index is in range."""
    idx = node.inputs[0]
    out = ctx.node_id(node)
    depth = node.attr("depth")
    count = numel(ctx.shape(idx))
    if numel(node.shape) == 0:
        return "    /* empty result */"
    it = cstyle.ctype(ctx.dtype(idx))
    ct = cstyle.ctype(node.dtype)
    lines = [f"    const {it} *idx = {ctx.ptr(idx, True)};", f"    {ct} *dst = {ctx.ptr(out)};"]
    lines += _bits_constant("one", np.asarray(1, dtype=node.dtype.np), ct)
    lines += _contiguous_memset(ctx, count * depth)
    lines += _pragma(ctx, count * depth, count)
    lines += [f"    for (int64_t j = 0; j < {count}; j++) {{",
              "        const int64_t v = (int64_t)idx[j];",
              f"        if (v >= 0 && v < {depth}) dst[j * {depth} + v] = one;",
              "    }"]
    return "\n".join(lines)


def _contiguous_memset(ctx: RenderContext, count: int) -> list[str]:
    """Zero the first ``count`` elements of ``dst`` (parallel chunks when large)."""
    chunks = -(-count // CHUNK)
    pragma = _pragma(ctx, count, chunks)
    if not pragma:
        return [f"    memset(dst, 0, {count} * sizeof *dst);"]
    return pragma + [
        f"    for (int64_t c = 0; c < {chunks}; c++) {{",
        f"        const int64_t lo = c * {CHUNK};",
        f"        const int64_t n = {count} - lo < {CHUNK} ? {count} - lo : {CHUNK};",
        "        memset(dst + lo, 0, n * sizeof *dst);",
        "    }"]


# --------------------------------------------------------------------------- rope

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
    tstrides = _broadcast_strides(ctx.shape(cos), table)
    table_off = _offset_expr(tstrides[:-1], table[:-1], "r")
    xdt, cdt = node.dtype, ctx.dtype(cos)
    work = _work_ctype(xdt)
    ct = cstyle.ctype(xdt)
    if node.attr("interleaved"):
        first, second = "2 * i", "2 * i + 1"
    else:
        first, second = "i", f"i + {half}"
    lines = [f"    const {ct} *x = {ctx.ptr(x, True)};", f"    {ct} *y = {ctx.ptr(out)};",
             f"    const {cstyle.ctype(cdt)} *cs = {ctx.ptr(cos, True)};",
             f"    const {cstyle.ctype(cdt)} *sn = {ctx.ptr(sin, True)};"]
    lines += _pragma(ctx, rows * width, rows)
    lines += [f"    for (int64_t r = 0; r < {rows}; r++) {{",
              f"        const {ct} *xr = x + r * {width};",
              f"        {ct} *yr = y + r * {width};",
              f"        const int64_t t = {table_off};",
              f"        for (int64_t i = 0; i < {half}; i++) {{",
              f"            const {work} c = {_load_as(cdt, f'cs[t + i * {tstrides[-1]}]', work)};",
              f"            const {work} s = {_load_as(cdt, f'sn[t + i * {tstrides[-1]}]', work)};",
              f"            const {work} a = {_load_as(xdt, f'xr[{first}]', work)};",
              f"            const {work} b = {_load_as(xdt, f'xr[{second}]', work)};",
              f"            yr[{first}] = {_store_from(xdt, 'a * c - b * s')};",
              f"            yr[{second}] = {_store_from(xdt, 'b * c + a * s')};",
              "        }"]
    if width > 2 * half:
        lines.append(f"        memcpy(yr + {2 * half}, xr + {2 * half}, "
                     f"{width - 2 * half} * sizeof *yr);")
    lines.append("    }")
    return "\n".join(lines)


# --------------------------------------------------------------------------- pooling

def _pool_loops(ctx: RenderContext, node: Node, x: int, out: int) -> tuple[list[str], list[str]]:
    """The loop nest shared by the pools: (opening lines, closing lines).

    Inside, ``plane`` points at x's [H, W] plane, ``h0`` / ``w0`` are the window's
    top-left corner in x (negative inside the padding) and ``o`` the output index."""
    n, c, height, width = ctx.shape(x)
    oh, ow = node.shape[2:]
    (sh, sw), ((pt, _), (pl, _)) = node.attr("stride"), node.attr("padding")
    rows = n * c * oh
    kh, kw = node.attr("kernel")
    ct = cstyle.ctype(node.dtype)
    opening = [f"    const {ct} *src = {ctx.ptr(x, True)};", f"    {ct} *dst = {ctx.ptr(out)};"]
    opening += _pragma(ctx, rows * ow * kh * kw, rows)   # work: every window's taps
    opening += [f"    for (int64_t r = 0; r < {rows}; r++) {{",
                f"        const {ct} *plane = src + (r / {oh}) * {height * width};",
                f"        const int64_t h0 = (r % {oh}) * {sh} - {pt};",
                f"        for (int64_t ow = 0; ow < {ow}; ow++) {{",
                f"            const int64_t w0 = ow * {sw} - {pl};",
                f"            const int64_t o = r * {ow} + ow;"]
    closing = ["        }", "    }"]
    return opening, closing


def _window_taps(ctx: RenderContext, node: Node, x: int, statement: str,
                 row_start: str = "", row_end: str = "") -> list[str]:
    """Loops over the window's taps inside x in row-major order, running ``statement``
    with ``v`` bound to the tap's value; ``row_start`` / ``row_end`` (optional C
    statements) run around each window row that lies inside x."""
    _, _, height, width = ctx.shape(x)
    kh, kw = node.attr("kernel")
    dt = ctx.dtype(x)
    lines = [f"            for (int64_t i = 0; i < {kh}; i++) {{",
             "                const int64_t h = h0 + i;",
             f"                if (h < 0 || h >= {height}) continue;"]
    if row_start:
        lines.append(f"                {row_start}")
    lines += [f"                for (int64_t j = 0; j < {kw}; j++) {{",
              "                    const int64_t w = w0 + j;",
              f"                    if (w < 0 || w >= {width}) continue;",
              f"                    const {cstyle.cty(dt)} v = "
              f"{cstyle.load(dt, f'plane[h * {width} + w]')};",
              f"                    {statement}",
              "                }"]
    if row_end:
        lines.append(f"                {row_end}")
    lines.append("            }")
    return lines


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
    opening, closing = _pool_loops(ctx, node, x, out)
    body = [f"            {cstyle.cty(dt)} acc = {_lowest(dt)};"]
    body += _window_taps(ctx, node, x, "acc = rlx_max_keep_nan(acc, v);")
    body.append(f"            dst[o] = {cstyle.store(dt, 'acc')};")
    return "\n".join(opening + body + closing)


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
    lines = [f"    const {st} *src = {ctx.ptr(x, True)};",
             f"    {st} *dst = {ctx.ptr(out)};"]
    lines += _pragma(ctx, n * c * oh * ow * kh * kw, n * c)
    lines += [
        f"    for (int64_t p = 0; p < {n * c}; p++) {{",
        f"        const {st} *plane = src + p * {height * width};",
        f"        {ct} buf[{row}];",
        f"        for (int64_t j = 0; j < {row}; j++) buf[j] = {_lowest(dt)};",
        f"        {ct} *cols = buf + {pl};",
        f"        for (int64_t i = 0; i < {oh}; i++) {{",
        f"            const int64_t h0 = i * {sh} - {pt} < 0 ? 0 : i * {sh} - {pt};",
        f"            const int64_t h1 = i * {sh} - {pt} + {kh} > {height} ? {height} "
        f": i * {sh} - {pt} + {kh};",
        f"            const {st} *r0 = plane + h0 * {width};",
        "            #pragma omp simd",
        f"            for (int64_t w = 0; w < {width}; w++) cols[w] = "
        f"{cstyle.load(dt, 'r0[w]')};",
        "            for (int64_t h = h0 + 1; h < h1; h++) {",
        f"                const {st} *rh = plane + h * {width};",
        "                #pragma omp simd",
        f"                for (int64_t w = 0; w < {width}; w++)",
        f"                    cols[w] = rlx_max_keep_nan(cols[w], {cstyle.load(dt, 'rh[w]')});",
        "            }",
        f"            {st} *d = dst + (p * {oh} + i) * {ow};",
        "            #pragma omp simd",
        f"            for (int64_t j = 0; j < {ow}; j++) {{",
        f"                {ct} acc = buf[j * {sw}];"]
    lines += [f"                acc = rlx_max_keep_nan(acc, buf[j * {sw} + {b}]);"
              for b in range(1, kw)]
    lines += [f"                d[j] = {cstyle.store(dt, 'acc')};",
              "            }",
              "        }",
              "    }"]
    return "\n".join(lines)


POOL_BLOCK = 512            # output positions of a plane one pass over a pool's taps keeps


def pool_block(node: Node) -> int:
    """Output positions per block of :func:`unpadded_pool_loops` (accumulator length)."""
    return min(node.shape[2] * node.shape[3], POOL_BLOCK)


def unpadded_pool_loops(ctx: RenderContext, node: Node, x: int, declare: Sequence[str],
                        first: Sequence[str], further: Sequence[str],
                        finish: Sequence[str] = ()) -> list[str]:
    """The loops of a pool without padding (every window lies inside x), vectorised over
    output positions instead of branching per tap.

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

    def tap_pass(tap: str, body: Sequence[str], indent: str) -> list[str]:
        return [f"{indent}#pragma omp simd",
                f"{indent}for (int64_t o = 0; o < m; o++) {{",
                f"{indent}    const {itype} i = ({itype})(o0 + o);",
                f"{indent}    const {itype} pos = (i / {ow}) * {sh * width} + (i % {ow}) * {sw}"
                f" + {tap};",
                f"{indent}    const {cstyle.cty(dt)} v = {cstyle.load(dt, 'plane[pos]')};",
                *[f"{indent}    {line}" for line in body],
                f"{indent}}}"]

    lines = [f"    const {cstyle.ctype(dt)} *src = {ctx.ptr(x, True)};"]
    # a vectorised pass costs about one element per output and tap: count outputs only,
    # so that small pools (a fork and join would cost more than they save) run serially
    lines += _pragma(ctx, n * c * positions, n * c)
    lines += [f"    for (int64_t p = 0; p < {n * c}; p++) {{",
              f"        const {cstyle.ctype(dt)} *plane = src + p * {height * width};",
              f"        for (int64_t o0 = 0; o0 < {positions}; o0 += {block}) {{",
              f"            const int64_t m = {positions} - o0 < {block} ? {positions} - o0 "
              f": {block};",
              f"            const int64_t at = p * {positions} + o0;"]
    lines += [f"            {line}" for line in declare]
    lines += _window_passes(tap_pass, (kh, kw), width, itype, (first, further, finish), "m")
    lines += ["        }", "    }"]
    return lines


def _window_passes(tap_pass, kernel: tuple[int, int], width: int, itype: str,
                   bodies: tuple[Sequence[str], Sequence[str], Sequence[str]],
                   count: str) -> list[str]:
    """A block's vectorised passes (12-space indent): ``first`` over the first tap, then
    ``further`` over each further tap in row-major order, then ``finish`` over the
    ``count`` positions. ``tap_pass(tap, body, indent)`` renders one pass."""
    kh, kw = kernel
    first, further, finish = bodies
    lines = tap_pass("0", first, "            ")
    if kh * kw > 1:
        lines += [f"            for (int64_t t = 1; t < {kh * kw}; t++) {{",
                  f"                const {itype} tap = ({itype})((t / {kw}) * {width} + "
                  f"t % {kw});"]
        lines += tap_pass("tap", further, "                ")
        lines.append("            }")
    if finish:
        lines += ["            #pragma omp simd",
                  f"            for (int64_t o = 0; o < {count}; o++) {{"]
        lines += [f"                {line}" for line in finish]
        lines.append("            }")
    return lines


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


def padded_pool_loops(ctx: RenderContext, node: Node, x: int, declare: Sequence[str],
                      first: Sequence[str], further: Sequence[str],
                      finish: Sequence[str] = ()) -> list[str]:
    """The loops of a padded pool, with :func:`unpadded_pool_loops`' contract: the lines
    ``first`` run for each window's first tap inside x, ``further`` for each further
    tap inside x in row-major order (padding taps are skipped), then ``finish``.

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

    def tap_pass(tap: str, body: Sequence[str], indent: str) -> list[str]:
        return [f"{indent}#pragma omp simd",
                f"{indent}for (int64_t o = 0; o < {run}; o++) {{",
                f"{indent}    const {itype} pos = row + ({itype})o * {sw} + {tap};",
                f"{indent}    const {ct} v = {cstyle.load(dt, 'plane[pos]')};",
                *[f"{indent}    {line}" for line in body],
                f"{indent}}}"]

    lines = [f"    const {cstyle.ctype(dt)} *src = {ctx.ptr(x, True)};"]
    lines += _pragma(ctx, n * c * oh * ow, n * c)
    lines += [f"    for (int64_t p = 0; p < {n * c}; p++) {{",
              f"        const {cstyle.ctype(dt)} *plane = src + p * {height * width};"]
    lines += [f"        {line}" for line in declare]
    if run > 0 and r1 > r0:
        lines += [f"        for (int64_t i = {r0}; i < {r1}; i++) {{",
                  f"            const int64_t at = p * {oh * ow} + i * {ow} + {c0};",
                  f"            const {itype} row = ({itype})((i * {sh} - {pt}) * {width} "
                  f"+ {c0 * sw - pl});"]
        lines += _window_passes(tap_pass, (kh, kw), width, itype, (first, further, finish),
                                str(run))
        lines.append("        }")
        inner = f"i >= {r0} && i < {r1}"
    else:
        inner = "0"
    lines += [f"        for (int64_t i = 0; i < {oh}; i++) {{",
              f"            const int inner = {inner};",
              f"            for (int64_t j = 0; j < {ow}; j++) {{",
              f"                if (inner && j == {c0}) {{",
              f"                    j = {c1 - 1};",
              "                    continue;",
              "                }",
              f"                const int64_t at = p * {oh * ow} + i * {ow} + j, o = 0;",
              "                int started = 0;",
              f"                for (int64_t a = 0; a < {kh}; a++) {{",
              f"                    const int64_t h = i * {sh} - {pt} + a;",
              f"                    if (h < 0 || h >= {height}) continue;",
              f"                    for (int64_t b = 0; b < {kw}; b++) {{",
              f"                        const int64_t w = j * {sw} - {pl} + b;",
              f"                        if (w < 0 || w >= {width}) continue;",
              f"                        const {itype} pos = ({itype})(h * {width} + w);",
              f"                        const {ct} v = {cstyle.load(dt, 'plane[pos]')};",
              "                        if (!started) {",
              *[f"                            {line}" for line in first],
              "                            started = 1;",
              "                        } else {",
              *[f"                            {line}" for line in further],
              "                        }",
              "                    }",
              "                }",
              *[f"                {line}" for line in finish],
              "                (void)at;",
              "                (void)o;",
              "            }",
              "        }",
              "    }"]
    return lines


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
    opening, closing = _pool_loops(ctx, node, x, out)
    body = [f"            {work} acc = 0;"]
    body += _window_taps(ctx, node, x, f"row += ({work})v;",
                         row_start=f"{work} row = 0;", row_end="acc += row;")
    if node.attr("count_include_pad"):
        body.append(f"            const {work} count = {kh * kw};")
    else:
        body += [f"            const int64_t rh = (h0 + {kh} < {height} ? h0 + {kh} : {height})"
                 " - (h0 > 0 ? h0 : 0);",
                 f"            const int64_t rw = (w0 + {kw} < {width} ? w0 + {kw} : {width})"
                 " - (w0 > 0 ? w0 : 0);",
                 f"            const {work} count = ({work})((rh > 0 ? rh : 0) * "
                 "(rw > 0 ? rw : 0));"]
    body.append(f"            dst[o] = {_store_from(dt, 'acc / count')};")
    return "\n".join(opening + body + closing)


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


def _random_value(node: Node) -> list[str]:
    """C lines computing ``const double value`` from the Philox words ``w``."""
    if node.op == "random_uniform":
        low = float(node.attr("low", 0.0))
        high = float(node.attr("high", 1.0))
        return [f"        const double value = {_double_literal(low)} + "
                f"{_double_literal(high - low)} * rlx_ix_unit(w[0]);"]
    mean = float(node.attr("mean", 0.0))
    std = float(node.attr("std", 1.0))
    return ["        const double radius = sqrt(-2.0 * log(rlx_ix_unit(w[0])));",
            f"        const double value = {_double_literal(mean)} + {_double_literal(std)}"
            f" * radius * cos({_double_literal(6.283185307179586)} * rlx_ix_unit(w[1]));"]


def _render_random(ctx: RenderContext, node: Node) -> str:
    """random_uniform / random_normal per rlx.ir.rng: element i draws Philox words from
    counter (i, stream, run_lo, run_hi) under key (seed_lo, seed_hi)."""
    out = ctx.node_id(node)
    count = numel(node.shape)
    if count == 0:
        return "    /* empty result */"
    if count > MAX_RANDOM_ELEMENTS:
        _use(ctx, "rlx_ix_stdio")
        text = (f"{format_node(out, node)}: random ops count elements in 32 bits; "
                f"{count} elements is too many")
        return "\n".join(_error(_format_literal(text)))
    _use(ctx, "rlx_ix_philox")
    stream = int(node.attr("stream")) & 0xFFFFFFFF
    lines = ["    const uint64_t seed = (uint64_t)ctl[0];",
             "    const uint64_t run = (uint64_t)ctl[1];",
             f"    {cstyle.ctype(node.dtype)} *dst = {ctx.ptr(out)};"]
    lines += _pragma(ctx, RANDOM_WORK * count, count)
    lines += [f"    for (int64_t i = 0; i < {count}; i++) {{",
              "        uint32_t w[4];",
              f"        rlx_ix_philox(w, (uint32_t)i, {stream}u, (uint32_t)run, "
              "(uint32_t)(run >> 32), (uint32_t)seed, (uint32_t)(seed >> 32));"]
    lines += _random_value(node)
    lines += [f"        dst[i] = {_random_store(node.dtype, 'value')};", "    }"]
    return "\n".join(lines)


# --------------------------------------------------------------------------- tables

KIND_RENDERERS: dict = {}
OP_RENDERERS = {
    "transpose": _render_transpose,
    "broadcast_to": _render_broadcast_to,
    "slice": _render_slice,
    "concat": _render_concat,
    "pad": _render_pad,
    "gather": _render_gather,
    "tile": _render_tile,
    "flip": _render_flip,
    "one_hot": _render_one_hot,
    "rope": _render_rope,
    "max_pool2d": _render_max_pool2d,
    "avg_pool2d": _render_avg_pool2d,
    "random_uniform": _render_random,
    "random_normal": _render_random,
}
SUPPORTED: frozenset[str] = frozenset(OP_RENDERERS)
