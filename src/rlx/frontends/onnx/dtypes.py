"""ONNX element types and their rlx dtypes.

Every ONNX tensor element type rlx can hold maps to exactly one rlx dtype;
the others (uint16, uint64, strings, complex, the float8 / int4 / float4
families) have no rlx dtype and make an import fail with
:class:`rlx.errors.UnsupportedOpError`.
"""

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from rlx.errors import UnsupportedOpError
from rlx.ir.dtypes import DType

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


def onnx_type_name(elem_type: int) -> str:
    """The ONNX spelling of an element type ("FLOAT", "UINT16", ...)."""
    try:
        return TensorProto.DataType.Name(elem_type)
    except ValueError:
        return f"<element type {elem_type}>"


def is_supported(elem_type: int) -> bool:
    """Whether rlx has a dtype for the ONNX element type."""
    return elem_type in _ONNX_TO_RLX


def to_rlx(elem_type: int, where: str) -> DType:
    """The rlx dtype of an ONNX element type.

    Raises UnsupportedOpError naming ``where`` (the tensor or node that needs it)
    when rlx has no such dtype.
    """
    dt = _ONNX_TO_RLX.get(elem_type)
    if dt is None:
        raise UnsupportedOpError(f"{where}: ONNX element type {onnx_type_name(elem_type)} "
                                 "has no rlx dtype")
    return dt


def to_onnx(dtype: DType) -> int:
    """The ONNX element type of an rlx dtype."""
    return _RLX_TO_ONNX[dtype]


def from_numpy(array: np.ndarray, where: str) -> DType:
    """The rlx dtype of a numpy array read from an ONNX tensor."""
    for dt in _ONNX_TO_RLX.values():
        if dt.np == array.dtype:
            return dt
    raise UnsupportedOpError(f"{where}: numpy dtype {array.dtype} has no rlx dtype")
