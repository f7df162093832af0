"""Shape, layout and constant-producing ONNX ops.

Shapes are static in rlx, so Shape and Size are constants, and every operand
that decides a shape (Reshape's target, Slice's bounds, Expand's shape, Pad's
pads, Range's limits, ...) must be known at import time; the importer folds the
shape arithmetic between them (:meth:`NodeContext.static`).
"""

from __future__ import annotations

import numpy as np
from onnx import numpy_helper

from rlx.frontends.onnx import dtypes
from rlx.frontends.onnx.context import NodeContext, StaticValueError
from rlx.frontends.onnx.converters.common import (
    Converter,
    axes_input_or_attr,
    cast,
    flatten_2d,
    norm_axis,
    static_ints,
)
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor
from rlx.ir.types import Dim, broadcast_shapes

MAX_RANGE_BYTES = 1 << 24  # a Range is built at import time; larger ones are refused

# --------------------------------------------------------------------------- shape queries


def convert_shape(cx: NodeContext) -> Tensor:
    """The operand's shape as an i64 constant, sliced by start/end (opset 15)."""
    shape = cx.input(0).shape
    start, end = cx.attr("start", 0), cx.attr("end", None)
    return _from_bounds(cx, shape[start:end],
                        cx.const(np.asarray(shape[start:end], dtype=np.int64)))


def convert_size(cx: NodeContext) -> Tensor:
    """The operand's element count as a 0-d i64 constant."""
    shape = cx.input(0).shape
    return _from_bounds(cx, shape, cx.const(np.asarray(int(np.prod(shape, dtype=np.int64)),
                                                       dtype=np.int64)))


def _from_bounds(cx: NodeContext, dims: tuple, value: Tensor) -> Tensor:
    """``value``, recorded as read from a symbolic dimension's bound when ``dims`` holds
    one (a Loop or If may then not take it for the run's length)."""
    if any(isinstance(d, Dim) for d in dims):
        cx.state.from_bounds.add(value.id)
        cx.state.lengths.add(value.id)
    return value


# --------------------------------------------------------------------------- reshaping

def reshape_target(cx: NodeContext, x: Tensor, target: list[int], allowzero: bool
                   ) -> tuple[int, ...]:
    """ONNX Reshape's target: 0 copies the input's dimension (unless allowzero), one -1
    is inferred by rlx."""
    out = []
    for i, d in enumerate(target):
        if d == 0 and not allowzero:
            if i >= x.ndim:
                raise cx.error(f"shape {target}: 0 at position {i} has no input dimension")
            out.append(x.shape[i])
        else:
            out.append(d)
    return tuple(out)


def convert_reshape(cx: NodeContext) -> Tensor:
    """rlx reshape to the (static) shape operand (``shape`` attribute before opset 5)."""
    x = cx.input(0)
    target = list(cx.attr("shape")) if cx.opset < 5 else static_ints(cx, 1)
    return x.reshape(reshape_target(cx, x, target, bool(cx.attr("allowzero", 0))))


def convert_flatten(cx: NodeContext) -> Tensor:
    """[prod(shape[:axis]), prod(shape[axis:])]."""
    x = cx.input(0)
    axis = cx.attr("axis", 1)
    axis = axis + x.ndim if axis < 0 else axis
    if not 0 <= axis <= x.ndim:
        raise cx.error(f"axis {cx.attr('axis', 1)} is out of range for rank {x.ndim}")
    return flatten_2d(x, axis)


def convert_squeeze(cx: NodeContext) -> Tensor:
    """Remove the given size-1 axes (every size-1 axis when none are given)."""
    x = cx.input(0)
    axes = axes_input_or_attr(cx, 1)
    if axes is None:
        return x.squeeze(None)
    return x.squeeze(tuple(norm_axis(cx, a, x.ndim) for a in axes))


def convert_unsqueeze(cx: NodeContext) -> Tensor:
    """Insert size-1 axes at the given output positions."""
    x = cx.input(0)
    axes = axes_input_or_attr(cx, 1)
    if not axes:
        raise cx.error("axes are required")
    return x.unsqueeze(tuple(axes))


def convert_transpose(cx: NodeContext) -> Tensor:
    """Permute axes by ``perm`` (reverse when absent)."""
    x = cx.input(0)
    perm = cx.attr("perm", None)
    return x.transpose(tuple(perm) if perm is not None else tuple(reversed(range(x.ndim))))


def convert_concat(cx: NodeContext) -> Tensor:
    """Join along ``axis``."""
    xs = cx.inputs()
    axis = cx.attr("axis", 1) if cx.opset < 4 else cx.attr("axis")
    axis = norm_axis(cx, axis, xs[0].ndim)
    return api.concat(xs, axis)


def split_sizes(cx: NodeContext, dim: int) -> list[int]:
    """Piece sizes of a Split: explicit (attribute / operand), or equal parts (the last
    one smaller when ``num_outputs`` does not divide the axis; pieces of size 0 after
    it when the axis runs out first, e.g. 6 in 4 outputs: 2, 2, 2, 0)."""
    if (cx.opset >= 13 or cx.opset < 2) and cx.has_input(1):    # Split-1 took it too
        return static_ints(cx, 1)
    if cx.opset < 13 and cx.has_attr("split"):
        return list(cx.attr("split"))
    parts = cx.attr("num_outputs", cx.num_outputs)
    size = -(-dim // parts)
    sizes = [size] * (dim // size) if size else [0] * parts
    if sum(sizes) < dim:
        sizes.append(dim - sum(sizes))
    return sizes + [0] * (parts - len(sizes))


def convert_split(cx: NodeContext) -> list[Tensor]:
    """Consecutive slices along ``axis``."""
    x = cx.input(0)
    axis = norm_axis(cx, cx.attr("axis", 0), x.ndim)
    sizes = split_sizes(cx, x.shape[axis])
    if sum(sizes) != x.shape[axis]:
        raise cx.error(f"split sizes {sizes} do not add up to {x.shape[axis]}")
    return api.split(x, sizes, axis)


def convert_slice(cx: NodeContext) -> Tensor:
    """Python-semantics slicing (ONNX clamps out-of-range bounds the same way)."""
    x = cx.input(0)
    if cx.opset < 10:
        starts, ends = list(cx.attr("starts")), list(cx.attr("ends"))
        axes = list(cx.attr("axes", range(len(starts))))
        steps = [1] * len(starts)
    else:
        try:
            starts, ends = static_ints(cx, 1), static_ints(cx, 2)
        except StaticValueError:
            moving = _sliding_slice(cx, x)
            if moving is None:
                raise
            return moving
        axes = static_ints(cx, 3) if cx.has_input(3) else list(range(len(starts)))
        steps = static_ints(cx, 4) if cx.has_input(4) else [1] * len(starts)
    axes = [norm_axis(cx, a, x.ndim) for a in axes]
    return api.slice(x, starts, ends, steps, axes)


def _offset_form(cx: NodeContext, t: Tensor) -> tuple[tuple[int, int], int]:
    """(base, offset): ``t``'s values are those of the node ``base`` (graph id, node id)
    plus the integer ``offset``, seen through reshapes, integer casts and additions of
    known scalars."""
    graph, nid, offset = t.graph, t.id, 0
    while True:
        node = graph.nodes[nid]
        ins = node.inputs
        if node.op in ("unsqueeze", "squeeze", "reshape") or (
                node.op == "cast" and not node.dtype.is_float
                and not graph.nodes[ins[0]].dtype.is_float):
            nid = ins[0]
            continue
        if node.op in ("add", "sub"):
            known = [cx.state.value_of(Tensor(graph, i)) for i in ins]
            if known[1] is not None and known[1].size == 1:
                step = int(np.asarray(known[1]).reshape(-1)[0])
                offset, nid = offset + (step if node.op == "add" else -step), ins[0]
                continue
            if node.op == "add" and known[0] is not None and known[0].size == 1:
                offset, nid = offset + int(np.asarray(known[0]).reshape(-1)[0]), ins[1]
                continue
        return (id(graph), nid), offset


def _sliding_slice(cx: NodeContext, x: Tensor) -> Tensor | None:
    """A Slice whose starts are known only at run time but whose ends are the starts plus
    a known size (``x[i:i + k]``, as in a loop body indexed by its iteration number): a
    gather of ``k`` entries from each start. The starts are clamped so the ``k`` entries
    lie in range (ONNX would give fewer there). None when the slice is not of that form."""
    steps = static_ints(cx, 4) if cx.is_static(4) else None
    if (cx.has_input(4) and steps is None) or (cx.has_input(3) and not cx.is_static(3)):
        return None
    starts, ends = cx.input(1), cx.input(2)
    (base, first), (base_end, last) = _offset_form(cx, starts), _offset_form(cx, ends)
    size = last - first
    n = int(np.prod(starts.shape)) if all(isinstance(d, int) for d in starts.shape) else -1
    axes = static_ints(cx, 3) if cx.has_input(3) else list(range(n))
    if base != base_end or size < 0 or n != len(axes) or (steps and any(s != 1 for s in steps)):
        return None
    axes = [norm_axis(cx, a, x.ndim) for a in axes]
    if any(not isinstance(x.shape[a], int) or size > x.shape[a] for a in axes):
        return None
    begins = cast(starts, DType.I64).reshape((n,))
    offsets = cx.const(np.arange(size, dtype=np.int64))
    for k, axis in enumerate(axes):
        dim = x.shape[axis]
        at = api.slice(begins, [k], [k + 1], [1], [0]).reshape(())
        at = api.clip(api.where(at < 0, at + dim, at), 0, dim - size)
        x = api.gather(x, offsets + at, axis)
    return x


def convert_tile(cx: NodeContext) -> Tensor:
    """numpy tile with the (static) repeats operand."""
    return api.tile(cx.input(0), static_ints(cx, 1))


def convert_expand(cx: NodeContext) -> Tensor:
    """broadcast_to the bidirectional broadcast of the input's shape and the shape operand."""
    x = cx.input(0)
    target = tuple(static_ints(cx, 1))
    shape = broadcast_shapes(x.shape, target)
    if shape is None:
        raise cx.error(f"cannot expand shape {x.shape} to {target}")
    return api.broadcast_to(x, shape)


# --------------------------------------------------------------------------- padding

def _pad_spec(cx: NodeContext, x: Tensor) -> tuple[list[tuple[int, int]], str, Tensor | None]:
    """(before, after) per axis, mode, and the constant fill operand (None: zero)."""
    mode = cx.attr("mode", "constant")
    if cx.opset < 11:
        raw = list(cx.attr("pads" if cx.opset >= 2 else "paddings"))
        fill = cx.const(np.asarray(cx.attr("value", 0.0)), x.dtype)
        axes = list(range(x.ndim))
    else:
        raw = static_ints(cx, 1)
        fill = cx.optional(2)
        axes = static_ints(cx, 3) if cx.has_input(3) else list(range(x.ndim))
    axes = [norm_axis(cx, a, x.ndim) for a in axes]
    if len(raw) != 2 * len(axes):
        raise cx.error(f"pads {raw} need 2 values per padded axis ({len(axes)} axes)")
    pads = [(0, 0)] * x.ndim
    for i, a in enumerate(axes):
        pads[a] = (raw[i], raw[i + len(axes)])
    return pads, mode, fill


def _wrap_pad(cx: NodeContext, x: Tensor, pads: list[tuple[int, int]]) -> Tensor:
    """Circular padding (numpy's ``wrap``): position i of the padded axis holds
    element ``(i - before) mod n``, so pads longer than the axis repeat it."""
    out = x
    for axis, (before, after) in enumerate(pads):
        if not before and not after:
            continue
        n = out.shape[axis]
        if n == 0:
            raise cx.error(f"mode 'wrap' cannot pad axis {axis}: it is empty")
        copies_before = -(-before // n)
        tiled = api.concat([out] * (copies_before + 1 + -(-after // n)), axis)
        start = copies_before * n - before
        out = api.slice(tiled, [start], [start + before + n + after], [1], [axis])
    return out


def convert_pad(cx: NodeContext) -> Tensor:
    """Pad (constant / reflect / edge / wrap); negative pads crop."""
    x = cx.input(0)
    pads, mode, fill = _pad_spec(cx, x)
    grow = [(max(b, 0), max(e, 0)) for b, e in pads]
    static_fill = None if fill is None else cx.state.value_of(fill)
    if not any(b or e for b, e in grow):
        out = x
    elif mode == "wrap":
        out = _wrap_pad(cx, x, grow)
    elif mode == "constant" and fill is not None and static_fill is None:
        out = _pad_dynamic_value(x, grow, fill)
    else:
        value = 0.0 if static_fill is None else float(np.asarray(static_fill).reshape(-1)[0])
        out = api.pad(x, grow, mode=mode, value=value)
    if any(b < 0 or e < 0 for b, e in pads):
        starts = [max(-b, 0) for b, _ in pads]
        stops = [d - max(-e, 0) for d, (_, e) in zip(out.shape, pads)]
        out = api.slice(out, starts, stops, [1] * x.ndim, list(range(x.ndim)))
    return out


def _pad_dynamic_value(x: Tensor, pads: list[tuple[int, int]], value: Tensor) -> Tensor:
    """Constant padding with a run-time fill value: pad a mask, then select."""
    inside = api.pad(x.graph.constant(np.ones(x.shape, dtype=bool), DType.BOOL), pads)
    return api.where(inside, api.pad(x, pads), cast(value.reshape(()), x.dtype))


# --------------------------------------------------------------------------- constants

def convert_constant(cx: NodeContext) -> Tensor:
    """The ``value`` / ``value_float(s)`` / ``value_int(s)`` / ``sparse_value`` attribute."""
    if cx.has_attr("value"):
        value = cx.attr("value")
        elem = dtypes.elem_type_of(value)
        if elem is None:
            raise cx.unsupported(f"a Constant of numpy dtype {value.dtype}")
        return cx.mark(cx.const(dtypes.to_boundary(value, elem)), elem)
    if cx.has_attr("value_float"):
        return cx.const(np.asarray(cx.attr("value_float"), dtype=np.float32))
    if cx.has_attr("value_floats"):
        return cx.const(np.asarray(cx.attr("value_floats"), dtype=np.float32))
    if cx.has_attr("value_int"):
        return cx.const(np.asarray(cx.attr("value_int"), dtype=np.int64))
    if cx.has_attr("value_ints"):
        return cx.const(np.asarray(cx.attr("value_ints"), dtype=np.int64))
    if cx.has_attr("sparse_value"):
        return cx.const(_dense(cx.attr("sparse_value")))
    raise cx.unsupported("a Constant without a tensor value (strings)")


def _dense(sparse) -> np.ndarray:
    values = numpy_helper.to_array(sparse.values)
    indices = numpy_helper.to_array(sparse.indices).astype(np.int64)
    dense = np.zeros(int(np.prod(sparse.dims)), dtype=values.dtype)
    flat = indices if indices.ndim == 1 else np.ravel_multi_index(indices.T, tuple(sparse.dims))
    dense[flat] = values
    return dense.reshape(tuple(sparse.dims))


def convert_constant_of_shape(cx: NodeContext) -> Tensor:
    """A constant of the (static) shape operand filled with ``value`` (default f32 0)."""
    shape = tuple(static_ints(cx, 0))
    value = cx.attr("value", np.zeros(1, dtype=np.float32))
    elem = dtypes.elem_type_of(value)
    if elem is None:
        raise cx.unsupported(f"a ConstantOfShape of numpy dtype {value.dtype}")
    fill = cx.const(dtypes.to_boundary(value, elem).reshape(()))
    return cx.mark(api.broadcast_to(fill, shape), elem)


def convert_range(cx: NodeContext) -> Tensor:
    """start + i * delta for i < max(ceil((limit - start) / delta), 0), in the operands'
    dtype; start, limit and delta must be known at import time."""
    start, limit, delta = (np.asarray(cx.static(i)).reshape(()) for i in range(3))
    if delta == 0:
        raise cx.error("delta must be non-zero")
    span = (float(limit) - float(start)) / float(delta)
    if not np.isfinite(span) or span * start.dtype.itemsize > MAX_RANGE_BYTES:
        raise cx.error(f"start {start}, limit {limit} and delta {delta} make "
                       f"{span:.4g} elements, more than a constant may hold "
                       f"({MAX_RANGE_BYTES} bytes)")
    count = max(int(np.ceil(span)), 0)
    values = start + np.arange(count, dtype=start.dtype) * delta
    return cx.const(values.astype(start.dtype))


def convert_eye_like(cx: NodeContext) -> Tensor:
    """A 2-D constant with ones on diagonal ``k``, in ``dtype`` (default: the input's)."""
    x = cx.input(0)
    dtype = dtypes.to_rlx(cx.attr("dtype"), cx.label) if cx.has_attr("dtype") else x.dtype
    rows, cols = x.shape
    return cx.const(np.eye(rows, cols, k=cx.attr("k", 0), dtype=dtype.np), dtype)


def convert_trilu(cx: NodeContext) -> Tensor:
    """Keep the upper (or lower) triangle from diagonal k of the last two axes."""
    x = cx.input(0)
    k = static_ints(cx, 1)[0] if cx.has_input(1) else 0
    rows, cols = x.shape[-2:]
    r = np.arange(rows)[:, None]
    c = np.arange(cols)[None, :]
    keep = (c - r >= k) if cx.attr("upper", 1) else (c - r <= k)
    zero = x.graph.constant(np.zeros((), dtype=x.dtype.np), x.dtype)
    return api.where(x.graph.constant(keep, DType.BOOL), x, zero)


# --------------------------------------------------------------------------- space/depth

def convert_depth_to_space(cx: NodeContext) -> Tensor:
    """[N, C, H, W] -> [N, C/b^2, H*b, W*b] in DCR (default) or CRD order."""
    x = cx.input(0)
    b = cx.attr("blocksize")
    n, c, h, w = x.shape
    if cx.attr("mode", "DCR") == "CRD":
        t = x.reshape((n, c // (b * b), b, b, h, w)).transpose((0, 1, 4, 2, 5, 3))
    else:
        t = x.reshape((n, b, b, c // (b * b), h, w)).transpose((0, 3, 4, 1, 5, 2))
    return t.reshape((n, c // (b * b), h * b, w * b))


def convert_space_to_depth(cx: NodeContext) -> Tensor:
    """[N, C, H, W] -> [N, C*b^2, H/b, W/b]; output channels ordered (block, c) in DCR
    mode (default) and (c, block) in CRD mode."""
    x = cx.input(0)
    b = cx.attr("blocksize")
    n, c, h, w = x.shape
    perm = (0, 1, 3, 5, 2, 4) if cx.attr("mode", "DCR") == "CRD" else (0, 3, 5, 1, 2, 4)
    t = x.reshape((n, c, h // b, b, w // b, b)).transpose(perm)
    return t.reshape((n, c * b * b, h // b, w // b))


# --------------------------------------------------------------------------- table

CONVERTERS: list[Converter] = [
    Converter("Shape", convert_shape),
    Converter("Size", convert_size),
    Converter("Reshape", convert_reshape),
    Converter("Flatten", convert_flatten),
    Converter("Squeeze", convert_squeeze),
    Converter("Unsqueeze", convert_unsqueeze),
    Converter("Transpose", convert_transpose),
    Converter("Concat", convert_concat),
    Converter("Split", convert_split),
    Converter("Slice", convert_slice),
    Converter("Tile", convert_tile),
    Converter("Expand", convert_expand),
    Converter("Pad", convert_pad),
    Converter("Constant", convert_constant),
    Converter("ConstantOfShape", convert_constant_of_shape),
    Converter("Range", convert_range),
    Converter("EyeLike", convert_eye_like),
    Converter("Trilu", convert_trilu),
    Converter("DepthToSpace", convert_depth_to_space),
    Converter("SpaceToDepth", convert_space_to_depth),
]
