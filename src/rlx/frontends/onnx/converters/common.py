"""What converters share: the Converter record and small building helpers."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from onnx import TensorProto

from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.dtypes import Carrier
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.formats import FloatFormat
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


def to_carried(x: Tensor, held: Carrier, saturate: bool = True,
               round_mode: str = "up") -> Tensor:
    """``x`` converted to a carried ONNX type, in the carrier dtype: rounded to the float
    format (overflow to +-max when ``saturate``; FLOAT8E8M0 as :func:`to_e8m0` with
    ``round_mode``); for an integer type, integers wrap to
    the width, floats going to a 2- or 4-bit type truncate toward zero and give 0 where
    the truncated value is outside the type's range (nan and +-inf too), as onnx's
    expected values (numpy ``astype`` to ml_dtypes' int4 / uint4 / int2 / uint2) have
    them, and floats going to UINT16 / UINT64 truncate, saturate to i64 and wrap."""
    if held.fmt is not None:
        fmt = dataclasses.replace(held.fmt, saturate=saturate)
        if held.elem_type == TensorProto.FLOAT8E8M0:
            return to_e8m0(cast(x, DType.F32), fmt, round_mode)
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


E8M0_ROUND_MODES = ("up", "down", "nearest")
"""Cast's ``round_mode`` values (they are FloatFormat roundings of the same names)."""
_F32_MIN_NORMAL = 2.0 ** -126


def to_e8m0(x: Tensor, fmt: FloatFormat, round_mode: str) -> Tensor:
    """f32 ``x`` cast to FLOAT8E8M0 (in f32) as ONNX's reference computes it
    (``onnx.numpy_helper.to_float8e8m0``, which works on the f32 bit fields):

    * the sign is ignored; nan and +-inf give nan; 0 gives the smallest value, 2**-127
      (the reference's choices: the Cast spec's table has E8M0_MAX for inf when
      saturating, and nan for 0 and values below 2**-127 for nearest without it);
    * "up" rounds the magnitude up, "down" down, "nearest" to nearest with ties up;
      past 2**127 it gives 2**127 when saturating, else nan;
    * an f32 subnormal (below 2**-126) has its fraction field rounded as if its
      exponent were -127: "up" sends every nonzero one to 2**-126, "nearest" every one
      above 2**-127, "down" none; the others give 2**-127.
    Above 2**-126 these are ``fmt``'s own rules with rounding ``round_mode`` (for an
    exponent-only format, nearest-even is ties up)."""

    def const(value: float) -> Tensor:
        return x.graph.constant(np.asarray(value, dtype=np.float32), DType.F32)

    a = api.abs(x)
    smallest = const(fmt.smallest_subnormal)
    if round_mode == "down":
        small = smallest
    else:
        bumped_above = const(0.0 if round_mode == "up" else fmt.smallest_subnormal)
        small = api.where(a > bumped_above, const(_F32_MIN_NORMAL), smallest)
    a = api.where(a < const(_F32_MIN_NORMAL), small, a)
    a = api.where(api.isinf(a), const(np.nan), a)
    return api.round_to_format(a, dataclasses.replace(fmt, rounding=round_mode))


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
