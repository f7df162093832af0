"""C renderers for the cpu backend's pure copies: transpose, broadcast_to, slice, flip,
tile, concat and pad.

Every renderer here is an ``OP_RENDERERS`` entry ``fn(ctx, node) -> str`` for a
single-node ``op`` kernel; the text is the body of the kernel's C function. The
reference kernels in ``rlx.backends.numpy_kernels`` are the oracle; see
``rlx.ir.ops`` for the op semantics.

These ops move values in their storage C type, so every dtype is handled as stored
and the results are bit-identical to the reference. transpose, broadcast_to, slice,
flip and tile are all one *strided copy*: the output is walked in row-major order
while the source is read at ``offset + sum(i_k * stride_k)`` (strides may be zero or
negative). Axes are simplified first (size-1 axes dropped, neighbours that step
through the source as one merged), then rows are copied with ``memcpy`` when the
source is contiguous along the output's last axis, by 2-D blocks when another axis
is contiguous in the source (a cache-friendly transpose), or element by element
otherwise. concat copies each operand's rows into place; pad writes each output row
as its left padding, one ``memcpy`` of the source row and its right padding.

reshape, squeeze and unsqueeze are always views (``elementwise.render_view`` copies
them when they are not aliased), and a contiguous slice is a view too; a strided
slice comes here.

The small utilities the other data-movement renderers share
(:func:`bits_constant`, :func:`broadcast_strides`, ``CHUNK``) live here too.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.extents import RowRuns, row_runs
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext, _offset_expr
from rlx.backends.numpy_kernels.shape import fill_value
from rlx.ir.graph import Node
from rlx.ir.types import Dim, Shape, numel
from rlx.passes.loops import row_major_strides

BLOCK = 32                  # edge of the square tiles of a blocked transpose, in elements
BLOCK_MIN = 8               # both blocked axes must be at least this long
CHUNK = 1 << 16             # elements per task when one contiguous run is split up

PAD_HELPER = """\
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
}"""


# --------------------------------------------------------------------------- small utilities

def bits_constant(w: CWriter, name: str, value: np.ndarray, ctype: str) -> None:
    """Declare ``ctype name`` holding exactly the bytes of 0-d ``value``."""
    raw = np.ascontiguousarray(value).reshape(-1).view(np.uint8).tobytes()
    if len(raw) > 8:       # c128: two 8-byte words
        words = ", ".join(f"{int.from_bytes(raw[i:i + 8], 'little'):#x}ULL"
                          for i in range(0, len(raw), 8))
        w.line(f"{ctype} {name};")
        w.line(f"{{ const uint64_t bits[] = {{{words}}}; memcpy(&{name}, bits, sizeof {name}); }}")
        return
    size = len(raw)
    bits = int.from_bytes(raw, "little")
    w.line(f"{ctype} {name};")
    w.line(f"{{ const uint{8 * size}_t bits = {bits:#x}ULL; "
           f"memcpy(&{name}, &bits, sizeof {name}); }}")


def broadcast_strides(src: Shape, dst: Shape) -> tuple[int, ...]:
    """Element strides of ``src`` read broadcast to ``dst`` (0 on broadcast axes)."""
    lead = len(dst) - len(src)
    own = row_major_strides(src)
    strides = []
    for axis, d in enumerate(dst):
        j = axis - lead
        strides.append(0 if j < 0 or (src[j] == 1 and d != 1) else own[j])
    return tuple(strides)


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
    w = CWriter(indent=1)
    w.line(f"const {ct} *src = {ctx.ptr(src, True)} + {offset};")
    w.line(f"{ct} *dst = {ctx.ptr(out)};")
    _copy_loops(w, ctx, ct, *_simplify(dims, strides))
    return w.text()


def _copy_loops(w: CWriter, ctx: RenderContext, ct: str, dims: list[int],
                strides: list[int]) -> None:
    """The loops of a strided copy over simplified axes, from ``src`` to ``dst``."""
    if not dims:
        w.line("dst[0] = src[0];")
    elif strides[-1] == 1:
        _copy_rows(w, ctx, dims, strides)
    elif (axis := _blocked_axis(dims, strides)) is not None:
        _copy_blocked(w, ctx, ct, dims, strides, axis)
    else:
        _copy_elements(w, ctx, ct, dims, strides)


def _contiguous_copy(w: CWriter, ctx: RenderContext, dst: str, src: str, count: int) -> None:
    """Copy ``count`` consecutive elements from ``src`` to ``dst`` (typed pointer
    expressions); split into parallel chunks when large."""
    chunks = -(-count // CHUNK)
    omp = ctx.parallel_for(count, chunks)
    if not omp:
        w.line(f"memcpy({dst}, {src}, {count} * sizeof *({dst}));")
        return
    w.line(omp)
    with w.block(f"for (int64_t c = 0; c < {chunks}; c++)"):
        w.line(f"const int64_t lo = c * {CHUNK};")
        w.line(f"const int64_t n = {count} - lo < {CHUNK} ? {count} - lo : {CHUNK};")
        w.line(f"memcpy({dst} + lo, {src} + lo, n * sizeof *({dst}));")


def _copy_rows(w: CWriter, ctx: RenderContext, dims: list[int], strides: list[int]) -> None:
    """The source is contiguous along the last axis: one memcpy per output row."""
    inner = dims[-1]
    rows = numel(tuple(dims[:-1]))
    if rows == 1:
        _contiguous_copy(w, ctx, "dst", "src", inner)
        return
    offset = _offset_expr(tuple(strides[:-1]), tuple(dims[:-1]), "r")
    w.pragma(ctx.parallel_for(rows * inner, rows))
    w.line(f"for (int64_t r = 0; r < {rows}; r++)")
    with w.indented():
        w.line(f"memcpy(dst + r * {inner}, src + {offset}, {inner} * sizeof *dst);")


def _blocked_axis(dims: list[int], strides: list[int]) -> int | None:
    """An axis other than the last along which the source is contiguous (stride +-1)
    and which, with the last axis, is long enough for a blocked transpose."""
    if dims[-1] < BLOCK_MIN:
        return None
    for k in range(len(dims) - 1):
        if abs(strides[k]) == 1 and dims[k] >= BLOCK_MIN:
            return k
    return None


def _copy_blocked(w: CWriter, ctx: RenderContext, ct: str, dims: list[int],
                  strides: list[int], k: int) -> None:
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
    w.pragma(ctx.parallel_for(numel(tuple(dims)), rows * blocks))
    with w.block(f"for (int64_t t = 0; t < {rows * blocks}; t++)"):
        w.line(f"const int64_t r = t / {blocks};")
        w.line(f"const int64_t k0 = (t % {blocks}) * {BLOCK};")
        w.line(f"const int64_t k1 = k0 + {BLOCK} < {dk} ? k0 + {BLOCK} : {dk};")
        w.line(f"const {ct} *s = src + {src_off};")
        w.line(f"{ct} *d = dst + {dst_off};")
        with w.block(f"for (int64_t j0 = 0; j0 < {dl}; j0 += {BLOCK})"):
            w.line(f"const int64_t j1 = j0 + {BLOCK} < {dl} ? j0 + {BLOCK} : {dl};")
            w.line("for (int64_t kk = k0; kk < k1; kk++)")
            with w.indented():
                w.line("for (int64_t jj = j0; jj < j1; jj++)")
                with w.indented():
                    w.line(f"d[kk * {out_strides[k]} + jj] = "
                           f"s[kk * {strides[k]} + jj * {strides[last]}];")


def _copy_elements(w: CWriter, ctx: RenderContext, ct: str, dims: list[int],
                   strides: list[int]) -> None:
    """Element by element: output rows in order, the source read with a stride."""
    inner, step = dims[-1], strides[-1]
    rows = numel(tuple(dims[:-1]))
    if rows == 1:
        w.pragma(ctx.parallel_for(inner, inner))
        w.line(f"for (int64_t j = 0; j < {inner}; j++) dst[j] = src[j * {step}];")
        return
    offset = _offset_expr(tuple(strides[:-1]), tuple(dims[:-1]), "r")
    w.pragma(ctx.parallel_for(rows * inner, rows))
    with w.block(f"for (int64_t r = 0; r < {rows}; r++)"):
        w.line(f"const {ct} *s = src + {offset};")
        w.line(f"{ct} *d = dst + r * {inner};")
        w.line(f"for (int64_t j = 0; j < {inner}; j++) d[j] = s[j * {step}];")


# --------------------------------------------------------------------------- layout ops

def _render_transpose(ctx: RenderContext, node: Node) -> str:
    """out[i_0, ...] = x[i at perm positions]: output axis k reads input axis perm[k]."""
    x = node.inputs[0]
    own = row_major_strides(ctx.shape(x))
    strides = [own[p] for p in node.attr("perm")]
    dims = node.shape
    if len(dims) > 1 and not isinstance(dims[-1], Dim) and numel(dims):
        runs = row_runs(ctx, dims[:-1])
        if runs is not None:
            return _active_rows_copy(ctx, ctx.node_id(node), x, dims, strides, runs)
    return _strided_copy(ctx, ctx.node_id(node), x, dims, strides)


def _active_rows_copy(ctx: RenderContext, out: int, src: int, dims: Shape,
                      strides: Sequence[int], runs: RowRuns) -> str:
    """:func:`_strided_copy` (no offset) over the output rows of the active extents
    only (``runs``, of ``dims[:-1]``; the last axis fixed)."""
    ct = cstyle.ctype(ctx.dtype(out))
    inner, step = dims[-1], strides[-1]
    w = CWriter(indent=1)
    w.line(f"const {ct} *src = {ctx.ptr(src, True)};")
    w.line(f"{ct} *dst = {ctx.ptr(out)};")
    with runs.each_row(w, ctx, numel(dims[:-1]), inner):
        w.line(f"const {ct} *s = src + {_offset_expr(tuple(strides[:-1]), dims[:-1], 'r')};")
        if step == 1:
            w.line(f"memcpy(dst + r * {inner}, s, {inner} * sizeof *dst);")
        else:
            w.line(f"for (int64_t j = 0; j < {inner}; j++) dst[r * {inner} + j] = "
                   f"s[j * {step}];")
    return w.text()


def _render_broadcast_to(ctx: RenderContext, node: Node) -> str:
    """numpy broadcast_to: broadcast axes read the source with stride 0."""
    x = node.inputs[0]
    strides = broadcast_strides(ctx.shape(x), node.shape)
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
    w = CWriter(indent=1)
    w.line(f"{ct} *dst = {ctx.ptr(out)};")
    parts = []
    start = 0
    for j, src in enumerate(node.inputs):
        length = ctx.shape(src)[axis] * inner
        if length:
            w.line(f"const {ct} *p{j} = {ctx.ptr(src, True)};")
            parts.append((f"p{j}", start, length))
        start += length
    if outer == 1:
        for name, begin, length in parts:
            _contiguous_copy(w, ctx, f"dst + {begin}", name, length)
        return w.text()
    w.pragma(ctx.parallel_for(outer * row, outer))
    with w.block(f"for (int64_t o = 0; o < {outer}; o++)"):
        for name, begin, length in parts:
            w.line(f"memcpy(dst + o * {row} + {begin}, {name} + o * {length}, "
                   f"{length} * sizeof *dst);")
    return w.text()


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
        ctx.add_helper("rlx_ix_pad", PAD_HELPER)
    ct = cstyle.ctype(node.dtype)
    w = CWriter(indent=1)
    w.line(f"const {ct} *src = {ctx.ptr(x, True)};")
    w.line(f"{ct} *dst = {ctx.ptr(out)};")
    if mode == "constant":
        bits_constant(w, "fill", fill_value(node.attr("value"), node.dtype.np), ct)
    width, before = node.shape[-1], pads[-1][0]
    rows = numel(node.shape[:-1])
    w.pragma(ctx.parallel_for(rows * width, rows))
    with w.block(f"for (int64_t r = 0; r < {rows}; r++)"):
        w.line(f"{ct} *d = dst + r * {width};")
        w.line("int64_t so = 0;")
        if mode == "constant":
            w.line("int inside = 1;")
        _pad_row_source(w, node.shape, shape, pads, mode)
        if mode == "constant":
            with w.block("if (!inside)"):
                w.line(f"for (int64_t j = 0; j < {width}; j++) d[j] = fill;")
                w.line("continue;")
        w.line(f"const {ct} *s = src + so;")
        _pad_row_body(w, mode, shape[-1], before, width)
    return w.text()


def _pad_row_source(w: CWriter, out_shape: Shape, shape: Shape, pads, mode: str) -> None:
    """Set ``so`` (the source row's offset) for output row ``r``, and clear ``inside``
    when a constant-padded axis falls outside the data."""
    row_dims = out_shape[:-1]
    row_strides = row_major_strides(row_dims)
    src_strides = row_major_strides(shape)
    for axis, (d, (b, e)) in enumerate(zip(shape[:-1], pads[:-1], strict=True)):
        index = _axis_index("r", row_strides[axis], row_dims[axis], first=axis == 0)
        if not (b or e):
            w.line(f"so += ({index}) * {src_strides[axis]};")
            continue
        # one braced statement group, its continuation lines aligned under the brace
        w.line(f"{{ const int64_t i = ({index}) - {b};")
        if mode == "constant":
            w.line(f"  if (i < 0 || i >= {d}) inside = 0;")
            w.line(f"  so += i * {src_strides[axis]}; }}")
        else:
            w.line(f"  so += rlx_ix_{mode}(i, {d}) * {src_strides[axis]}; }}")


def _axis_index(var: str, stride: int, size: int, first: bool) -> str:
    """C expression of one axis's index in flat row-major index ``var`` (the axis has
    row-major ``stride`` and length ``size``; the first axis needs no modulo)."""
    index = var if stride == 1 else f"{var} / {stride}"
    return index if first else f"({index}) % {size}"


def _pad_row_body(w: CWriter, mode: str, length: int, before: int, width: int) -> None:
    """Write output row ``d`` from source row ``s`` (``length`` elements)."""
    if mode == "constant":
        value = "fill"
    else:
        value = f"s[rlx_ix_{mode}(j - {before}, {length})]"
    if before:
        w.line(f"for (int64_t j = 0; j < {before}; j++) d[j] = {value};")
    if length:
        w.line(f"memcpy(d + {before}, s, {length} * sizeof *d);")
    if width > before + length:
        w.line(f"for (int64_t j = {before + length}; j < {width}; j++) d[j] = {value};")


# --------------------------------------------------------------------------- tables

OP_RENDERERS = {
    "transpose": _render_transpose,
    "broadcast_to": _render_broadcast_to,
    "slice": _render_slice,
    "concat": _render_concat,
    "pad": _render_pad,
    "tile": _render_tile,
    "flip": _render_flip,
}
SUPPORTED: frozenset[str] = frozenset(OP_RENDERERS)
RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=SUPPORTED)
