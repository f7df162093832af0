"""ONNX sequence and optional values, as the importer holds them.

rlx graphs hold tensors only. ONNX also has *sequences* (an ordered list of tensors of
one element type, whose length may change as a model runs) and *optionals* (a value
or nothing). The importer represents both at import time, around rlx Tensors:

* a :class:`SequenceValue` is a tuple of rlx Tensors whose length is known at import
  (the positions of SequenceInsert / SequenceErase / SequenceAt must be known too);
* an :class:`OptionalValue` holds a Tensor or a SequenceValue, or nothing; whether it
  holds something is known at import.

A length or presence that would depend on run-time data cannot be represented: the
converter that needs it raises a StaticValueError (or UnsupportedOpError) naming the
node. Converters read these values with :meth:`NodeContext.value`; ops on tensors
read their operands with :meth:`NodeContext.input`, which refuses them.

At the model boundary (see :func:`rlx.frontends.onnx.import_model`), a sequence is
flattened into one rlx tensor per element, in order: an input sequence ``s`` of length
n becomes the rlx inputs ``s.0`` ... ``s.{n-1}`` (:func:`element_input_name`), an
output sequence n consecutive outputs; an absent optional is no input and no output,
a present one is its value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from onnx import TypeProto

from rlx.ir.graph import Tensor


@dataclass(frozen=True, eq=False)
class SequenceValue:
    """An ONNX sequence of known length: one rlx Tensor per element, in order.

    ``elem_type`` is the ONNX element type of every element (an empty sequence has one
    too); a converter adding an element of another type raises."""

    tensors: tuple[Tensor, ...]
    elem_type: int

    def __len__(self) -> int:
        return len(self.tensors)


@dataclass(frozen=True, eq=False)
class OptionalValue:
    """An ONNX optional: ``value`` (a Tensor or a SequenceValue), or None when empty."""

    value: Tensor | SequenceValue | None


Value = Tensor | SequenceValue | OptionalValue
VALUE_TYPES = (Tensor, SequenceValue, OptionalValue)


def kind_of(value: Value) -> str:
    """"tensor", "sequence" or "optional": how messages name the kind of ``value``."""
    if isinstance(value, SequenceValue):
        return "sequence"
    if isinstance(value, OptionalValue):
        return "optional"
    return "tensor"


def tensors_of(value: Value) -> list[Tensor]:
    """The rlx Tensors ``value`` is made of, in order (none for an empty optional)."""
    if isinstance(value, Tensor):
        return [value]
    if isinstance(value, SequenceValue):
        return list(value.tensors)
    return [] if value.value is None else tensors_of(value.value)


def map_tensors(value: Value, fn: Callable[[Tensor, int], Tensor]) -> Value:
    """``value`` with each of its tensors ``t`` replaced by ``fn(t, k)`` (``k``: its
    position among ``tensors_of(value)``); the structure is kept."""
    if isinstance(value, Tensor):
        return fn(value, 0)
    if isinstance(value, SequenceValue):
        return SequenceValue(tuple(fn(t, k) for k, t in enumerate(value.tensors)),
                             value.elem_type)
    if value.value is None:
        return value
    return OptionalValue(map_tensors(value.value, fn))


def element_input_name(name: str, k: int) -> str:
    """The rlx input holding element ``k`` of the ONNX sequence input ``name``."""
    return f"{name}.{k}"


# --------------------------------------------------------------------------- ONNX types

def type_kind(type_proto: TypeProto) -> str | None:
    """"tensor", "sequence", "optional" (or another TypeProto field name: "map",
    "sparse_tensor") for an ONNX type; None when no type is declared."""
    which = type_proto.WhichOneof("value")
    if which == "tensor_type":
        return "tensor"
    if which == "sequence_type":
        return "sequence"
    if which == "optional_type":
        return "optional"
    return which


def inner_type(type_proto: TypeProto) -> TypeProto:
    """The element type of a sequence or optional type (``type_proto`` itself otherwise)."""
    kind = type_kind(type_proto)
    if kind == "sequence":
        return type_proto.sequence_type.elem_type
    if kind == "optional":
        return type_proto.optional_type.elem_type
    return type_proto


def tensor_type_of(type_proto: TypeProto) -> TypeProto | None:
    """The tensor type inside ``type_proto`` (itself, a sequence's element, an optional's
    value, an optional sequence's element); None for anything else (a map, a sequence of
    sequences, no type)."""
    kind = type_kind(type_proto)
    if kind == "tensor":
        return type_proto
    if kind == "sequence":
        inner = inner_type(type_proto)
        return inner if type_kind(inner) == "tensor" else None
    if kind == "optional":
        inner = inner_type(type_proto)
        if type_kind(inner) == "optional":
            return None
        return tensor_type_of(inner)
    return None


def is_sequence_type(type_proto: TypeProto) -> bool:
    """Whether ``type_proto`` is a sequence, or an optional holding one."""
    kind = type_kind(type_proto)
    if kind == "optional":
        return type_kind(inner_type(type_proto)) == "sequence"
    return kind == "sequence"


def describe_type(type_proto: TypeProto) -> str:
    """A short spelling of an ONNX type for messages ("sequence of map", ...)."""
    kind = type_kind(type_proto)
    if kind in ("sequence", "optional"):
        inner = describe_type(inner_type(type_proto))
        return f"{kind} of {inner}"
    return kind or "untyped value"
