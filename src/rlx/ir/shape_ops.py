"""Shape and index ops: reshape, transpose, broadcast_to, squeeze / unsqueeze, slice,
concat, pad, gather, tile, flip and one_hot.

Kept apart from :mod:`rlx.ir.ops`; importing this module defines the kinds in the op
contract (:func:`rlx.ir.opdef.define`). :mod:`rlx.ir.ops` imports the op set's
families in a fixed order, the order of ``OPS``. :func:`normalize_slice` (Python's
slice rule on one axis) also serves passes and backends reading a slice's attributes.
"""

from __future__ import annotations

import numpy as np

from rlx.ir.dtypes import as_dtype, convert_exactly, exact_int
from rlx.ir.opdef import define
from rlx.ir.typerules import (
    _shape_tuple,
    fail_attr,
    fail_dtype,
    fail_shape,
    int_pair_items,
    norm_axes,
    norm_axis,
)
from rlx.ir.types import (
    Dim,
    Shape,
    TensorType,
    broadcast_shapes,
    dim_factors,
    dim_from_factors,
    format_dim,
    merge_dims,
    numel,
    same_dim,
)


def _infer_reshape(op, ins, a):
    x = ins[0]
    shape = list(_shape_tuple(op, ins, a["shape"]))
    if shape.count(-1) > 1:
        raise fail_shape(op, ins, f"at most one -1 in the new shape {tuple(shape)}")
    if any(d < -1 for d in shape):
        raise fail_shape(op, ins, f"invalid dimension in {tuple(shape)}")
    if -1 in shape:
        known = numel(tuple(d for d in shape if d != -1))
        if known == 0 or x.numel % known:
            raise fail_shape(op, ins, f"cannot infer -1 in {tuple(shape)} from {x.numel} "
                                      "elements")
        shape[shape.index(-1)] = x.numel // known
    if numel(tuple(shape)) != x.numel:
        raise fail_shape(op, ins, f"cannot reshape {x.numel} elements to {tuple(shape)}")
    shape = tuple(shape)
    if not x.symbolic and not any(isinstance(d, Dim) for d in shape):
        return TensorType(shape, x.dtype), {"shape": shape}
    out = _reshaped_dims(x.shape, tuple(int(d) for d in shape))
    if out is None:
        raise fail_shape(op, ins, f"the symbolic dimensions of {x} do not map onto "
                                  f"{tuple(int(d) for d in shape)}: a reshape may merge a "
                                  "symbolic axis with others or keep it whole, not split it")
    # a Dim named in the new shape must be what the operand's dimensions give, or
    # declare a fixed axis of its bound symbolic (its positions past the extent are
    # then padding)
    for given, got in zip(shape, out):
        if isinstance(given, Dim) and isinstance(got, Dim) and not same_dim(given, got):
            raise fail_shape(op, ins, f"the new shape names {given!r} where the operand's "
                                      f"dimensions give {format_dim(got)}")
    out = tuple(given if isinstance(given, Dim) else got for given, got in zip(shape, out))
    return TensorType(out, x.dtype), {"shape": shape}

define("reshape", "shape", (1, 1), _infer_reshape,
       "Same elements in row-major order, new shape (one -1 inferred).",
       attrs="shape:shape", traits="linear positionwise reshape_like", precision="narrow")


def _reshaped_dims(dims: Shape, bounds: Shape) -> Shape | None:
    """The dimensions of ``dims`` reshaped to ``bounds``, symbols carried: each new
    axis takes the run of row-major factors whose product is its size. Fixed factors
    may be split; a symbolic one may not (None then)."""
    queue = [f for d in dims for f in dim_factors(d) if f != (None, 1)]
    out = []
    for size in bounds:
        taken: list[tuple[str | None, int]] = []
        prod = 1
        while prod != size:
            if not queue or size == 0 or size % prod:
                return None
            name, n = queue[0]
            need = size // prod
            if n <= need and need % n == 0:
                taken.append(queue.pop(0))
                prod *= n
            elif name is None and n % need == 0:
                taken.append((None, need))
                queue[0] = (None, n // need)
                prod *= need
            else:
                return None
        out.append(dim_from_factors(taken))
    if any(f != (None, 1) for f in queue):
        return None
    return tuple(out)


def _infer_transpose(op, ins, a):
    x = ins[0]
    perm = a["perm"]
    perm = tuple(reversed(range(x.rank))) if perm is None else tuple(
        norm_axis(op, ins, p, x.rank) for p in perm)
    if sorted(perm) != list(range(x.rank)):
        raise fail_shape(op, ins, f"perm {perm} is not a permutation of 0..{x.rank - 1}")
    return TensorType(tuple(x.shape[p] for p in perm), x.dtype), {"perm": perm}

define("transpose", "shape", (1, 1), _infer_transpose,
       "Permute axes (reverse when perm is None).",
       attrs="perm:ints=None", traits="linear positionwise", precision="narrow")


def _infer_broadcast_to(op, ins, a):
    x = ins[0]
    shape = _shape_tuple(op, ins, a["shape"])
    out = broadcast_shapes(x.shape, shape)
    if out != shape:
        raise fail_shape(op, ins, f"cannot broadcast to {shape}")
    return TensorType(out, x.dtype), {"shape": shape}

define("broadcast_to", "shape", (1, 1), _infer_broadcast_to,
       "numpy broadcast_to.",
       attrs="shape:shape", traits="linear positionwise", precision="narrow")


def _infer_squeeze(op, ins, a):
    x = ins[0]
    axes = a["axes"]
    if axes is None:
        axes = tuple(i for i, d in enumerate(x.shape) if d == 1)
    axes = norm_axes(op, ins, axes, x.rank)
    for ax in axes:
        if x.shape[ax] != 1:
            raise fail_shape(op, ins, f"cannot squeeze axis {ax} of size {x.shape[ax]}")
    return (TensorType(tuple(d for i, d in enumerate(x.shape) if i not in axes), x.dtype),
            {"axes": axes})

define("squeeze", "shape", (1, 1), _infer_squeeze,
       "Remove size-1 axes (all when None).",
       attrs="axes:ints=None", traits="linear positionwise reshape_like", precision="narrow")


def _infer_unsqueeze(op, ins, a):
    x = ins[0]
    raw = a["axes"]
    raw = (raw,) if isinstance(raw, int) else tuple(raw)
    out_rank = x.rank + len(raw)
    axes = norm_axes(op, ins, raw, out_rank)
    dims = iter(x.shape)
    shape = tuple(1 if i in axes else next(dims) for i in range(out_rank))
    return TensorType(shape, x.dtype), {"axes": axes}

define("unsqueeze", "shape", (1, 1), _infer_unsqueeze,
       "Insert size-1 axes at the given output positions.",
       attrs="axes:ints", traits="linear positionwise reshape_like", precision="narrow")


def normalize_slice(dim: int, start: int | None, stop: int | None,
                    step: int) -> tuple[int, int, int, int]:
    """Python slice semantics on one axis: returns (start, stop, step, length)."""
    start_, stop_, step_ = slice(start, stop, step).indices(dim)
    length = len(range(start_, stop_, step_))
    return start_, stop_, step_, length


def _canonical_slice_bounds(start: int, step: int, length: int) -> tuple[int, int | None]:
    """(start, stop) that select the same ``length`` elements and re-normalise to themselves.

    ``slice.indices`` writes "run past index 0" as stop -1, which read back as a slice
    means "the last element"; the canonical form uses None there, and (0, 0) for an
    empty selection, so re-running inference on canonical attributes is a no-op.
    """
    if length == 0:
        return 0, 0
    stop = start + step * length
    return start, (stop if stop >= 0 else None)


def _infer_slice(op, ins, a):
    x = ins[0]
    starts, stops, steps = a["starts"], a["stops"], a["steps"]
    if not len(starts) == len(stops) == len(steps) == x.rank:
        raise fail_attr(op, ins, "starts/stops/steps need one entry per axis")
    shape, ns, ne, nst = [], [], [], []
    for dim, s, e, st in zip(x.shape, starts, stops, steps):
        if st == 0:
            raise fail_attr(op, ins, "slice step must be non-zero")
        s2, _, st2, length = normalize_slice(dim, s, e, st)
        s2, e2 = _canonical_slice_bounds(s2, st2, length)
        if isinstance(dim, Dim):
            length = _symbolic_slice_length(op, ins, dim, s, e, st, s2, length)
        shape.append(length)
        ns.append(s2)
        ne.append(e2)
        nst.append(st2)
    return (TensorType(tuple(shape), x.dtype),
            {"starts": tuple(ns), "stops": tuple(ne), "steps": tuple(nst)})

define("slice", "shape", (1, 1), _infer_slice,
       "Python slicing per axis (start/stop/step, negatives count from the end).",
       attrs="starts:ints stops:bounds steps:ints", traits="linear positionwise",
       precision="narrow")


def _symbolic_slice_length(op, ins, dim: Dim, start, stop, step, s2: int,
                           length: int) -> int:
    """A slice along a symbolic axis: the whole axis keeps the symbol; a window
    ``[start:stop]`` with 0 <= start <= stop <= the bound, step 1, is fixed (and needs an
    extent of at least ``stop`` at run time). Anything counted from the end cannot be,
    nor a stop past the bound (ONNX's "to the end", INT64_MAX): it ends with the
    extent."""
    if step == 1 and s2 == 0 and length == int(dim):
        return dim
    if (step == 1 and not dim.compound and stop is not None and 0 <= int(stop) <= int(dim)
            and (start is None or int(start) >= 0)):
        return length
    raise fail_shape(op, ins, f"along the symbolic axis {format_dim(dim)} a slice must take "
                              "the whole axis or a window [start:stop] with 0 <= start <= "
                              "stop <= its bound and step 1; positions counted from the end "
                              "(or to the end, past the bound) depend on the extent")


def _infer_concat(op, ins, a):
    first = ins[0]
    axis = norm_axis(op, ins, a["axis"], first.rank)
    for t in ins[1:]:
        if t.dtype != first.dtype:
            raise fail_dtype(op, ins, "all operands must share one dtype")
        if t.rank != first.rank or any(
                merge_dims(d1, d2) is None
                for i, (d1, d2) in enumerate(zip(t.shape, first.shape)) if i != axis):
            raise fail_shape(op, ins, f"shapes must match except on axis {axis}")
    shape = list(first.shape)
    for t in ins[1:]:
        shape = [d if i == axis else merge_dims(d, e)
                 for i, (d, e) in enumerate(zip(shape, t.shape))]
    shape[axis] = sum(t.shape[axis] for t in ins)
    return TensorType(tuple(shape), first.dtype), {"axis": axis}

define("concat", "shape", (1, 1073741824), _infer_concat,
       "Join along axis.",
       attrs="axis:int=0", traits="linear positionwise", precision="narrow")


def _infer_pad(op, ins, a):
    x = ins[0]
    single = exact_int(a["pads"])
    pads = ((single, single),) * x.rank if single is not None else int_pair_items(a["pads"])
    if pads is None:
        raise fail_attr(op, ins, f"pads must be an int or (before, after) pairs of ints, got "
                                 f"{a['pads']!r}")
    mode = a["mode"]
    if len(pads) != x.rank:
        raise fail_attr(op, ins, f"pads needs one (before, after) pair per axis, got {pads}")
    if mode not in ("constant", "reflect", "edge"):
        raise fail_attr(op, ins, f"mode must be constant, reflect or edge, got {mode!r}")
    for (b, e), d in zip(pads, x.shape):
        if b < 0 or e < 0:
            raise fail_attr(op, ins, "negative pads are not supported; use slice")
        if mode == "reflect" and (b >= d or e >= d) and (b or e):
            raise fail_shape(op, ins, f"reflect padding ({b}, {e}) needs pads < dimension {d}")
        if mode == "edge" and d == 0 and (b or e):
            raise fail_shape(op, ins, "edge padding of an empty axis")
    exact = exact_int(a["value"])   # an integer tensor's integer fill stays exact past 2**53
    value = exact if exact is not None and not x.dtype.is_float else float(a["value"])
    if mode == "constant" and not x.dtype.is_float and (
            not np.iinfo(np.int64).min <= value <= np.iinfo(np.int64).max
            or convert_exactly(np.array(value), x.dtype) is None):
        raise fail_dtype(op, ins, f"the pad value {a['value']!r} does not fit {x.dtype} exactly")
    # an axis left unpadded keeps its dimension as it is (a symbolic one stays symbolic)
    shape = tuple(d + b + e if b or e else d for d, (b, e) in zip(x.shape, pads))
    return TensorType(shape, x.dtype), {"pads": pads, "mode": mode, "value": value}

define("pad", "shape", (1, 1), _infer_pad,
       ("Pad each axis by (before, after) (an int n: (n, n) on every axis, as numpy's): "
        "constant value, reflect (no edge repeat, numpy 'reflect') or edge."),
       attrs="pads:pairs mode:{constant,reflect,edge}=constant value:number=0.0",
       traits="linear positionwise", precision="narrow")


def _infer_gather(op, ins, a):
    x, idx = ins
    if not idx.dtype.is_int:
        raise fail_dtype(op, ins, "indices must be an integer dtype")
    axis = norm_axis(op, ins, a["axis"], x.rank)
    shape = x.shape[:axis] + idx.shape + x.shape[axis + 1:]
    return TensorType(shape, x.dtype), {"axis": axis}

define("gather", "index", (2, 2), _infer_gather,
       ("numpy take along axis: out = x[..., idx, ...]. Indices in [-n, n) (negatives wrap); any "
        "other index raises ExecutionError at run time."),
       attrs="axis:int=0", traits="indexed_linear positionwise", precision="narrow")


def _infer_tile(op, ins, a):
    x = ins[0]
    reps = _shape_tuple(op, ins, a["reps"], "reps")
    if len(reps) != x.rank or any(r < 0 for r in reps):
        raise fail_attr(op, ins, f"reps needs one non-negative count per axis, got {reps}")
    shape = tuple(d if r == 1 else d * r for d, r in zip(x.shape, reps))  # symbols stay
    return TensorType(shape, x.dtype), {"reps": reps}

define("tile", "shape", (1, 1), _infer_tile,
       "numpy tile with one repeat per axis.",
       attrs="reps:ints", traits="linear positionwise")


def _infer_flip(op, ins, a):
    return ins[0], {"axes": norm_axes(op, ins, a["axes"], ins[0].rank)}

define("flip", "shape", (1, 1), _infer_flip,
       "Reverse the given axes.",
       attrs="axes:ints=None", traits="linear positionwise")


def _infer_one_hot(op, ins, a):
    idx = ins[0]
    if not idx.dtype.is_int:
        raise fail_dtype(op, ins, "indices must be an integer dtype")
    depth = a["depth"]
    if depth < 0:
        raise fail_attr(op, ins, "depth must be non-negative")
    dt = as_dtype(a["dtype"])
    return TensorType(idx.shape + (depth,), dt), {"depth": depth, "dtype": dt}

define("one_hot", "index", (1, 1), _infer_one_hot,
       "Appends an axis of size depth; out-of-range indices give an all-zero row.",
       attrs="depth:int dtype:dtype=f32", traits="positionwise")
