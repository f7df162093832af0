"""Helpers the op families' type rules share: error constructors, axis and shape
normalisation, broadcasting, operand dtype checks.

The families of the op set (:mod:`rlx.ir.core_ops`, :mod:`rlx.ir.shape_ops`,
:mod:`rlx.ir.nn_ops`, :mod:`rlx.ir.grad_ops`, :mod:`rlx.ir.quant_ops`,
:mod:`rlx.ir.onnx_ops`) import them, and :mod:`rlx.ir.ops` re-exports the public ones.
This module defines no op kind.
"""

from __future__ import annotations

from typing import Any

from rlx.errors import DTypeError, GraphBuildError, ShapeError
from rlx.ir.dtypes import exact_int
from rlx.ir.types import Dim, Shape, TensorType, broadcast_shapes


def _fmt_operands(ins: list[TensorType]) -> str:
    return "(" + ", ".join(str(t) for t in ins) + ")"


def fail_shape(op: str, ins: list[TensorType], rule: str) -> ShapeError:
    return ShapeError(f"{op}{_fmt_operands(ins)}: {rule}")


def fail_dtype(op: str, ins: list[TensorType], rule: str) -> DTypeError:
    return DTypeError(f"{op}{_fmt_operands(ins)}: {rule}")


def fail_attr(op: str, ins: list[TensorType], rule: str) -> GraphBuildError:
    return GraphBuildError(f"{op}{_fmt_operands(ins)}: {rule}")


def norm_axis(op: str, ins: list[TensorType], axis: int, rank: int) -> int:
    given, axis = axis, exact_int(axis)
    if axis is None:
        raise fail_attr(op, ins, f"axis must be an int, got {given!r}")
    if not -rank <= axis < rank:
        raise fail_shape(op, ins, f"axis {axis} is out of range for rank {rank}")
    return axis % rank if rank else 0


def norm_axes(op: str, ins: list[TensorType], axes: Any, rank: int) -> tuple[int, ...]:
    if axes is None:
        return tuple(range(rank))
    return tuple(sorted(distinct_axes(op, ins, axes, rank)))


def distinct_axes(op: str, ins: list[TensorType], axes: Any, rank: int) -> tuple[int, ...]:
    """``axes`` (an int or a sequence) made non-negative, in the order given (a builder
    pairing them with other lists needs it); an axis out of range or named twice is
    refused, never wrapped or left to override the other."""
    if exact_int(axes) is not None:
        axes = (axes,)
    out = tuple(norm_axis(op, ins, a, rank) for a in axes)
    if len(set(out)) != len(out):
        raise fail_attr(op, ins, f"repeated axis in {tuple(axes)}")
    return out


def int_items(value: Any) -> tuple[int, ...] | None:
    """``value`` as a tuple of ints when it is a sequence of ints (numpy ints too), else
    None: a float, bool or string item (int() made 2.5 a 2 and '3' a 3), or no sequence."""
    if isinstance(value, str):
        return None
    try:
        items = tuple(exact_int(v) for v in value)
    except TypeError:
        return None
    return None if None in items else items


def int_pair_items(value: Any) -> tuple[tuple[int, int], ...] | None:
    """``value`` as a tuple of (int, int) pairs when it is a sequence of them, else None."""
    if isinstance(value, str):
        return None
    try:
        pairs = tuple(int_items(p) for p in value)
    except TypeError:
        return None
    if any(p is None or len(p) != 2 for p in pairs):
        return None
    return pairs  # type: ignore[return-value]


def int_tuple(op: str, ins: list[TensorType], value: Any, what: str) -> tuple[int, ...]:
    """:func:`int_items` of ``value``, refused naming ``what`` when it is not ints."""
    items = int_items(value)
    if items is None:
        raise fail_attr(op, ins, f"{what} must be given as ints, got {value!r}")
    return items


def _shape_tuple(op: str, ins: list[TensorType], shape: Any, what: str = "shape") -> Shape:
    if isinstance(shape, Dim) or exact_int(shape) is not None:
        shape = (shape,)    # one size is a shape of one axis, as numpy takes it
    try:    # operator.index: ints only (int() made 2.5 a dimension of 2)
        out = tuple(d if isinstance(d, Dim) else _dimension(d) for d in shape)
    except TypeError:
        raise fail_attr(op, ins, f"{what} must be a sequence of ints, got {shape!r}") from None
    return out


def _dimension(d: Any) -> int:
    n = exact_int(d)
    if n is None:
        raise TypeError(f"{d!r} is not a dimension")
    return n


def _require_float(op: str, ins: list[TensorType]) -> None:
    for t in ins:
        if not t.dtype.is_float:
            raise fail_dtype(op, ins, f"needs float operands, got {t.dtype}; cast first")


def _require_numeric(op: str, ins: list[TensorType]) -> None:
    for t in ins:
        if t.dtype.is_bool:
            raise fail_dtype(op, ins, "does not accept bool operands; cast first")


def broadcast_or_fail(op: str, ins: list[TensorType]) -> Shape:
    shape = broadcast_shapes(*(t.shape for t in ins))
    if shape is None:
        raise fail_shape(op, ins, "shapes do not broadcast (numpy rule: trailing dimensions "
                                  "must be equal or 1)")
    return shape
