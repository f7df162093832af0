"""ONNX sequences and optionals, held at import time (see :mod:`rlx.frontends.onnx.values`).

A sequence is a tuple of rlx Tensors whose length is known at import; these converters
build no rlx nodes for the sequence itself, only for the tensors that go in or come out
(the slices of SplitToSequence, the concatenation of ConcatFromSequence). Positions
(SequenceInsert, SequenceErase, SequenceAt) and split sizes must therefore be known at
import time (StaticValueError otherwise, whose lineage lets the ONNX backend bake the
graph inputs they come from); SequenceLength is a constant. SequenceMap converts its
body once per element, inlined, so elements of different shapes are fine.

An optional is known at import to hold a value or not: OptionalHasElement is a
constant, OptionalGetElement of an empty optional is an import error.
"""

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from rlx.frontends.onnx import dtypes
from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, norm_axis
from rlx.frontends.onnx.values import OptionalValue, SequenceValue, Value, kind_of
from rlx.ir import api
from rlx.ir.graph import Tensor


def _position(cx: NodeContext, i: int, length: int, default: int, insert: bool = False
              ) -> int:
    """Operand ``i`` (a position into a sequence of ``length``; ``default`` when absent)
    made non-negative. Its range is [-length, length - 1], or [-length, length] for an
    insertion; a GraphBuildError outside it."""
    if cx.has_input(i):
        position = int(np.asarray(cx.static(i)).reshape(-1)[0])
    else:
        position = default
    high = length if insert else length - 1
    if not -length <= position <= high:
        raise cx.error(f"position {position} is out of range for a sequence of length "
                       f"{length} (valid: {-length}..{high})")
    return position + length if position < 0 else position


def _check_elem_type(cx: NodeContext, seq: SequenceValue, tensor: Tensor, i: int) -> None:
    elem = cx.state.onnx_type(tensor)
    if elem != seq.elem_type:
        raise cx.error(f"input {i} is {dtypes.onnx_type_name(elem)}, the sequence holds "
                       f"{dtypes.onnx_type_name(seq.elem_type)}")


def _replace(seq: SequenceValue, tensors: list[Tensor]) -> SequenceValue:
    return SequenceValue(tuple(tensors), seq.elem_type)


# --------------------------------------------------------------------------- sequences

def convert_sequence_empty(cx: NodeContext) -> SequenceValue:
    """An empty sequence of element type ``dtype`` (default float)."""
    elem = int(cx.attr("dtype", TensorProto.FLOAT))
    dtypes.to_rlx(elem, f"ONNX node {cx.label}: dtype")  # raises for a type rlx lacks
    return SequenceValue((), elem)


def convert_sequence_construct(cx: NodeContext) -> SequenceValue:
    """The sequence of the operands, in order (all of one element type)."""
    tensors = cx.inputs()
    if not tensors:
        raise cx.error("needs at least one input")
    seq = SequenceValue(tuple(tensors), cx.onnx_type(0))
    for k, t in enumerate(tensors):
        _check_elem_type(cx, seq, t, k)
    return seq


def convert_sequence_insert(cx: NodeContext) -> SequenceValue:
    """The sequence with the tensor inserted before ``position`` (default: appended);
    the position must be known at import time."""
    seq, tensor = cx.sequence(0), cx.input(1)
    _check_elem_type(cx, seq, tensor, 1)
    at = _position(cx, 2, len(seq), len(seq), insert=True)
    tensors = list(seq.tensors)
    tensors.insert(at, tensor)
    return _replace(seq, tensors)


def convert_sequence_erase(cx: NodeContext) -> SequenceValue:
    """The sequence without the element at ``position`` (default: the last); the
    position must be known at import time."""
    seq = cx.sequence(0)
    if not len(seq):
        raise cx.error("cannot erase from an empty sequence")
    at = _position(cx, 1, len(seq), -1)
    tensors = list(seq.tensors)
    del tensors[at]
    return _replace(seq, tensors)


def convert_sequence_at(cx: NodeContext) -> Tensor:
    """The element at ``position``, which must be known at import time."""
    seq = cx.sequence(0)
    if not len(seq):
        raise cx.error("cannot read an element of an empty sequence")
    return seq.tensors[_position(cx, 1, len(seq), 0)]


def convert_sequence_length(cx: NodeContext) -> Tensor:
    """The sequence's length, a constant int64 scalar (known at import time)."""
    return cx.const(np.asarray(len(cx.sequence(0)), np.int64))


def convert_concat_from_sequence(cx: NodeContext) -> Tensor:
    """The elements concatenated along ``axis`` (stacked along a new ``axis`` when
    ``new_axis`` is 1); the sequence must not be empty."""
    seq = cx.sequence(0)
    if not len(seq):
        raise cx.error("an empty sequence has nothing to concatenate (its result's shape "
                       "is unknown)")
    tensors = list(seq.tensors)
    rank = tensors[0].ndim
    if cx.attr("new_axis", 0):
        axis = norm_axis(cx, cx.attr("axis"), rank + 1)
        tensors = [t.unsqueeze(axis) for t in tensors]
    else:
        axis = norm_axis(cx, cx.attr("axis"), rank)
    return api.concat(tensors, axis) if len(tensors) > 1 else tensors[0]


def convert_split_to_sequence(cx: NodeContext) -> SequenceValue:
    """Consecutive slices along ``axis``: of the given sizes, of a given size (the last
    one shorter when the size does not divide the axis), or of size 1 (squeezed unless
    ``keepdims``) when no split is given. Split sizes must be known at import time."""
    x = cx.input(0)
    axis = norm_axis(cx, cx.attr("axis", 0), x.ndim)
    total = x.shape[axis]
    if not isinstance(total, int):
        raise cx.unsupported(f"SplitToSequence along axis {axis} of symbolic size {total} "
                             "(the sequence's length would be known only at run time)")
    elem = cx.onnx_type(0)
    if not cx.has_input(1):
        parts = api.split(x, [1] * total, axis) if total else []
        if not cx.attr("keepdims", 1):
            parts = [p.squeeze(axis) for p in parts]
        return SequenceValue(tuple(parts), elem)
    split = np.asarray(cx.static(1))
    if split.ndim == 0:
        size = int(split)
        if size <= 0:
            raise cx.error(f"split size {size} must be positive")
        sizes = [size] * (total // size) + ([total % size] if total % size else [])
    else:
        sizes = [int(s) for s in split.reshape(-1)]
        if any(s < 0 for s in sizes) or sum(sizes) != total:
            raise cx.error(f"split sizes {sizes} must be non-negative and add up to "
                           f"{total}, the size of axis {axis}")
    if not sizes:
        return SequenceValue((), elem)
    parts = api.split(x, sizes, axis) if len(sizes) > 1 else [x]
    return SequenceValue(tuple(parts), elem)


def convert_sequence_map(cx: NodeContext) -> list[SequenceValue]:
    """The body applied to each element of the first sequence (and the same element of
    every other sequence operand; a tensor operand is given to every application), its
    outputs collected into sequences. The body is converted once per element, inlined."""
    body = cx.subgraph("body")
    first = cx.sequence(0)
    others = [cx.value(i) for i in range(1, cx.num_inputs)]
    for k, other in enumerate(others, start=1):
        if isinstance(other, SequenceValue) and len(other) != len(first):
            raise cx.error(f"input {k} has {len(other)} elements, input 0 has {len(first)}")
        if isinstance(other, OptionalValue):
            raise cx.error(f"input {k} is an ONNX optional; SequenceMap takes sequences "
                           "and tensors")
    if len(body.input) != 1 + len(others):
        raise cx.error(f"the body takes {len(body.input)} inputs for {1 + len(others)} "
                       "operands")
    columns: list[list[Tensor]] = [[] for _ in body.output]
    for k in range(len(first)):
        bindings: list[Value] = [first.tensors[k]]
        bindings += [o.tensors[k] if isinstance(o, SequenceValue) else o for o in others]
        for j, out in enumerate(cx.run_subgraph(body, bindings)):
            if not isinstance(out, Tensor):
                raise cx.error(f"body output {j} is an ONNX {kind_of(out)}; SequenceMap "
                               "collects tensors")
            columns[j].append(out)
    results = []
    for j, column in enumerate(columns):
        if column:
            elem = cx.state.onnx_type(column[0])
        else:
            elem = body.output[j].type.tensor_type.elem_type or TensorProto.FLOAT
        results.append(SequenceValue(tuple(column), elem))
    return results


# --------------------------------------------------------------------------- optionals

def convert_optional(cx: NodeContext) -> OptionalValue:
    """An optional holding the operand, or an empty one (of attribute ``type``) when
    the operand is not given."""
    if not cx.has_input(0):
        return OptionalValue(None)
    found = cx.value(0)
    if isinstance(found, OptionalValue):
        raise cx.error("an optional cannot hold another optional")
    return OptionalValue(found)


def convert_optional_has_element(cx: NodeContext) -> Tensor:
    """A constant bool: whether the operand is a non-empty optional, or a tensor or
    sequence (from opset 18); false when no operand is given."""
    present = cx.has_input(0)
    if present:
        found = cx.value(0)
        present = not isinstance(found, OptionalValue) or found.value is not None
    return cx.const(np.asarray(present))


def convert_optional_get_element(cx: NodeContext) -> Value:
    """The value an optional holds (a tensor or sequence operand itself, from opset 18);
    an import error when the optional is empty."""
    found = cx.value(0)
    if not isinstance(found, OptionalValue):
        return found
    if found.value is None:
        raise cx.error("the optional is empty (known at import time), it has no element "
                       "to get")
    return found.value


CONVERTERS: list[Converter] = [
    Converter("SequenceEmpty", convert_sequence_empty, since=11),
    Converter("SequenceConstruct", convert_sequence_construct, since=11),
    Converter("SequenceInsert", convert_sequence_insert, since=11),
    Converter("SequenceErase", convert_sequence_erase, since=11),
    Converter("SequenceAt", convert_sequence_at, since=11),
    Converter("SequenceLength", convert_sequence_length, since=11),
    Converter("ConcatFromSequence", convert_concat_from_sequence, since=11),
    Converter("SplitToSequence", convert_split_to_sequence, since=11),
    Converter("SequenceMap", convert_sequence_map, since=17),
    Converter("Optional", convert_optional, since=15),
    Converter("OptionalHasElement", convert_optional_has_element, since=15),
    Converter("OptionalGetElement", convert_optional_get_element, since=15),
]
