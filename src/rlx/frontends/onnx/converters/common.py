"""What converters share: the Converter record and small building helpers."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.dtypes import Carrier
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor

ConvertResult = Tensor | Sequence[Tensor | None]
ConvertFn = Callable[[NodeContext], ConvertResult]


@dataclass(frozen=True)
class Converter:
    """How to import one ONNX op for a range of opset versions.

    ``since`` and ``until`` (inclusive; None: every later version) are versions of
    the op's domain; ``domain`` is "" for the default ONNX domain.
    """

    op_type: str
    fn: ConvertFn
    since: int = 1
    until: int | None = None
    domain: str = ""

    def covers(self, opset: int) -> bool:
        return self.since <= opset and (self.until is None or opset <= self.until)


# --------------------------------------------------------------------------- dtypes

def cast(x: Tensor, dtype: DType) -> Tensor:
    """``x`` as ``dtype``; no node when it already is."""
    return x if x.dtype == dtype else x.cast(dtype)


def scalar(cx: NodeContext, value: float, like: Tensor) -> Tensor:
    """A 0-d constant holding ``value`` in ``like``'s dtype."""
    return cx.const(np.asarray(value), like.dtype)


def wrap_integer(v: Tensor, bits: int, signed: bool) -> Tensor:
    """i64 ``v`` reduced modulo 2**bits into the signed or unsigned range of that width."""
    if bits >= 64:
        return v
    modulus = v.graph.constant(np.asarray(1 << bits, dtype=np.int64), DType.I64)
    r = api.mod(v, modulus)
    if not signed:
        return r
    half = v.graph.constant(np.asarray(1 << (bits - 1), dtype=np.int64), DType.I64)
    return api.where(r >= half, r - modulus, r)


def to_carried(x: Tensor, held: Carrier, saturate: bool = True) -> Tensor:
    """``x`` converted to a carried ONNX type, in the carrier dtype: rounded to the float
    format (overflow to +-max when ``saturate``); for an integer type, integers wrap to
    the width, floats going to a 2- or 4-bit type truncate toward zero and give 0 where
    the truncated value is outside the type's range (nan and +-inf too), as onnx's
    expected values (numpy ``astype`` to ml_dtypes' int4 / uint4 / int2 / uint2) have
    them, and floats going to UINT16 / UINT64 truncate, saturate to i64 and wrap."""
    if held.fmt is not None:
        fmt = dataclasses.replace(held.fmt, saturate=saturate)
        return api.round_to_format(cast(x, DType.F32), fmt)
    if x.dtype.is_float and held.bits < 8:
        lo, hi = held.int_range
        # trunc(x) lies in [lo, hi] exactly when lo - 1 < x < hi + 1 (false for nan)
        below = x.graph.constant(np.asarray(lo - 1), x.dtype)
        above = x.graph.constant(np.asarray(hi + 1), x.dtype)
        zero = x.graph.constant(np.asarray(0), x.dtype)
        return cast(api.where((x > below) & (x < above), x, zero), held.dtype)
    wide = cast(x, DType.I64)
    return cast(wrap_integer(wide, held.bits, held.signed), held.dtype)


# --------------------------------------------------------------------------- axes

def norm_axis(cx: NodeContext, axis: int, rank: int) -> int:
    """``axis`` made non-negative; a GraphBuildError when out of range for ``rank``."""
    if not -rank <= axis < max(rank, 1):
        raise cx.error(f"axis {axis} is out of range for rank {rank}")
    return axis % rank if rank else 0


def static_ints(cx: NodeContext, i: int) -> list[int]:
    """Operand ``i``'s import-time value as a list of Python ints."""
    return [int(v) for v in np.asarray(cx.static(i)).reshape(-1)]


def axes_input_or_attr(cx: NodeContext, input_index: int, attr: str = "axes"
                       ) -> list[int] | None:
    """Axes given by attribute (older opsets) or by operand ``input_index`` (newer ones);
    None when neither is given."""
    if cx.has_attr(attr):
        return list(cx.attr(attr))
    if cx.has_input(input_index):
        return static_ints(cx, input_index)
    return None


def move_axis_last(x: Tensor, axis: int) -> tuple[Tensor, list[int]]:
    """``x`` with ``axis`` moved last, and the permutation that moves it back."""
    rank = x.ndim
    perm = [a for a in range(rank) if a != axis] + [axis]
    inverse = [perm.index(a) for a in range(rank)]
    return x.transpose(perm), inverse


def flatten_2d(x: Tensor, axis: int) -> Tensor:
    """``x`` as [prod(shape[:axis]), prod(shape[axis:])] (ONNX Flatten)."""
    rows = int(np.prod(x.shape[:axis], dtype=np.int64))
    cols = int(np.prod(x.shape[axis:], dtype=np.int64))
    return x.reshape((rows, cols))


def sum_all(terms: Sequence[Tensor]) -> Tensor:
    """The elementwise sum of ``terms`` (at least one), left to right."""
    total = terms[0]
    for t in terms[1:]:
        total = total + t
    return total
