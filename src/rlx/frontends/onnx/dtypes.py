"""ONNX element types and the rlx dtypes that hold them.

Most ONNX element types are rlx dtypes. Some narrow or unsigned types rlx has no
dtype for are *carried*: their values live in a wider rlx dtype and are narrowed
where ONNX narrows them (Cast, QuantizeLinear):

==================  =======  ====================================================
ONNX type           carrier  exactness
==================  =======  ====================================================
UINT16              u32      exact; wrap-around of add/sub/mul is applied when a
                             value leaves the model (ring arithmetic agrees), so a
                             compare or divide of an overflowed value differs
UINT64              i64      bit-exact for add/sub/mul/bitwise ops; compares,
                             division and right shifts are exact below 2**63
FLOAT8E4M3FN/E5M2,  f32      Cast and QuantizeLinear round to the format
FLOAT8E4M3FNUZ/              (rlx ``round_to_format``, bit-exact with ml_dtypes;
E5M2FNUZ,                    the FNUZ types have no -0: a carried 0 is +0)
FLOAT4E2M1
FLOAT8E8M0          f32      Cast rounds as ONNX's reference does (``round_mode``
                             up / down / nearest, ``saturate``): bit-exact with
                             ``onnx.numpy_helper.to_float8e8m0``; values are
                             powers of two from 2**-127 to 2**127, or nan
INT4/UINT4,         i8/u8    Cast from an integer wraps to the width; Cast from a
INT2/UINT2                   float truncates toward zero and gives 0 where that is
                             out of range or nan (ml_dtypes' ``astype``, which
                             onnx's expected values use); QuantizeLinear saturates
==================  =======  ====================================================

A carried graph input is fed in its carrier dtype and a carried output comes back
in it; :func:`to_boundary` / :func:`from_boundary` convert at the model's edge (the
ONNX backend does this). Strings and complex numbers have no carrier: importing them
raises :class:`rlx.errors.UnsupportedOpError`.
"""

from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np
from onnx import TensorProto

from rlx.errors import UnsupportedOpError
from rlx.ir.dtypes import DType
from rlx.ir.formats import (
    FP4_E2M1,
    FP8_E4M3,
    FP8_E4M3FNUZ,
    FP8_E5M2,
    FP8_E5M2FNUZ,
    FP8_E8M0,
    FloatFormat,
)

_ONNX_TO_RLX: dict[int, DType] = {
    TensorProto.FLOAT: DType.F32,
    TensorProto.FLOAT16: DType.F16,
    TensorProto.BFLOAT16: DType.BF16,
    TensorProto.DOUBLE: DType.F64,
    TensorProto.INT8: DType.I8,
    TensorProto.INT16: DType.I16,
    TensorProto.INT32: DType.I32,
    TensorProto.INT64: DType.I64,
    TensorProto.UINT8: DType.U8,
    TensorProto.UINT32: DType.U32,
    TensorProto.BOOL: DType.BOOL,
}
_RLX_TO_ONNX: dict[DType, int] = {v: k for k, v in _ONNX_TO_RLX.items()}


@dataclass(frozen=True)
class Carrier:
    """How an ONNX element type without an rlx dtype is held (see the module docstring).

    ``fmt`` is the float format values are rounded to; ``bits`` / ``signed`` the
    integer width values are wrapped or saturated to.
    """

    elem_type: int
    dtype: DType
    numpy: np.dtype
    fmt: FloatFormat | None = None
    bits: int = 0
    signed: bool = False

    @property
    def int_range(self) -> tuple[int, int]:
        """The smallest and largest value of the narrow integer type."""
        if self.signed:
            return -(1 << (self.bits - 1)), (1 << (self.bits - 1)) - 1
        return 0, (1 << self.bits) - 1


CARRIERS: dict[int, Carrier] = {
    TensorProto.UINT16: Carrier(TensorProto.UINT16, DType.U32, np.dtype(np.uint16), bits=16),
    TensorProto.UINT64: Carrier(TensorProto.UINT64, DType.I64, np.dtype(np.uint64), bits=64),
    TensorProto.FLOAT8E4M3FN: Carrier(TensorProto.FLOAT8E4M3FN, DType.F32,
                                      np.dtype(ml_dtypes.float8_e4m3fn), fmt=FP8_E4M3),
    TensorProto.FLOAT8E5M2: Carrier(TensorProto.FLOAT8E5M2, DType.F32,
                                    np.dtype(ml_dtypes.float8_e5m2), fmt=FP8_E5M2),
    TensorProto.FLOAT4E2M1: Carrier(TensorProto.FLOAT4E2M1, DType.F32,
                                    np.dtype(ml_dtypes.float4_e2m1fn), fmt=FP4_E2M1),
    TensorProto.FLOAT8E4M3FNUZ: Carrier(TensorProto.FLOAT8E4M3FNUZ, DType.F32,
                                        np.dtype(ml_dtypes.float8_e4m3fnuz), fmt=FP8_E4M3FNUZ),
    TensorProto.FLOAT8E5M2FNUZ: Carrier(TensorProto.FLOAT8E5M2FNUZ, DType.F32,
                                        np.dtype(ml_dtypes.float8_e5m2fnuz), fmt=FP8_E5M2FNUZ),
    TensorProto.FLOAT8E8M0: Carrier(TensorProto.FLOAT8E8M0, DType.F32,
                                    np.dtype(ml_dtypes.float8_e8m0fnu), fmt=FP8_E8M0),
    TensorProto.INT4: Carrier(TensorProto.INT4, DType.I8, np.dtype(ml_dtypes.int4), bits=4,
                              signed=True),
    TensorProto.UINT4: Carrier(TensorProto.UINT4, DType.U8, np.dtype(ml_dtypes.uint4), bits=4),
    TensorProto.INT2: Carrier(TensorProto.INT2, DType.I8, np.dtype(ml_dtypes.int2), bits=2,
                              signed=True),
    TensorProto.UINT2: Carrier(TensorProto.UINT2, DType.U8, np.dtype(ml_dtypes.uint2), bits=2),
}
_CARRIED_NUMPY = {c.numpy: c for c in CARRIERS.values()}


def onnx_type_name(elem_type: int) -> str:
    """The ONNX spelling of an element type ("FLOAT", "UINT16", ...)."""
    try:
        return TensorProto.DataType.Name(elem_type)
    except ValueError:
        return f"<element type {elem_type}>"


def is_supported(elem_type: int) -> bool:
    """Whether rlx can hold the ONNX element type (natively or carried)."""
    return elem_type in _ONNX_TO_RLX or elem_type in CARRIERS


def carrier(elem_type: int) -> Carrier | None:
    """The carrier of a carried element type, None for native ones."""
    return CARRIERS.get(elem_type)


def to_rlx(elem_type: int, where: str) -> DType:
    """The rlx dtype holding an ONNX element type (its carrier's when carried).

    Raises UnsupportedOpError naming ``where`` (the tensor or node that needs it)
    when rlx can hold no such values.
    """
    dt = _ONNX_TO_RLX.get(elem_type)
    if dt is not None:
        return dt
    held = CARRIERS.get(elem_type)
    if held is None:
        raise UnsupportedOpError(f"{where}: ONNX element type {onnx_type_name(elem_type)} "
                                 "has no rlx dtype")
    return held.dtype


def to_onnx(dtype: DType) -> int:
    """The ONNX element type of an rlx dtype."""
    return _RLX_TO_ONNX[dtype]


def from_numpy(array: np.ndarray, where: str) -> DType:
    """The rlx dtype holding a numpy array read from an ONNX tensor."""
    for dt in _ONNX_TO_RLX.values():
        if dt.np == array.dtype:
            return dt
    held = _CARRIED_NUMPY.get(array.dtype)
    if held is None:
        raise UnsupportedOpError(f"{where}: numpy dtype {array.dtype} has no rlx dtype")
    return held.dtype


def elem_type_of(array: np.ndarray) -> int | None:
    """The ONNX element type of a numpy array (None when there is none)."""
    held = _CARRIED_NUMPY.get(array.dtype)
    if held is not None:
        return held.elem_type
    for elem, dt in _ONNX_TO_RLX.items():
        if dt.np == array.dtype:
            return elem
    return None


def to_boundary(array: np.ndarray, elem_type: int) -> np.ndarray:
    """A value of ONNX type ``elem_type`` as rlx holds it (carried types widened)."""
    held = CARRIERS.get(elem_type)
    if held is None:
        return array
    return np.asarray(array).astype(held.dtype.np)


def from_boundary(array: np.ndarray, elem_type: int) -> np.ndarray:
    """A value rlx computed, in the model's declared ONNX type (carried types narrowed)."""
    held = CARRIERS.get(elem_type)
    if held is None:
        return array
    return np.asarray(array).astype(held.numpy)
