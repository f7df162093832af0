"""Checking and converting user values against declared types, before any backend sees them.

The rule: a value is accepted when it has the declared shape (or is 1-D with the
declared element count) and its dtype converts to the declared one without loss:

* same dtype: used as is (no copy when already C-contiguous);
* float -> float: converted by value, rounding to nearest (so f32 data fed to an f16
  or bf16 boundary is converted, never reinterpreted);
* int/bool -> int/float/bool, float -> int: converted only when every value is
  represented exactly (checked), otherwise InputError.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from rlx.errors import InputError
from rlx.ir.dtypes import DType, as_dtype, convert_exactly
from rlx.ir.types import TensorType


def _describe(kind: str, name: str) -> str:
    return f"{kind} {name!r}"


def coerce(kind: str, name: str, value: Any, declared: TensorType) -> np.ndarray:
    """``value`` as a C-contiguous array of ``declared``'s shape and dtype, or InputError."""
    if isinstance(value, np.ndarray):
        arr = value
    else:
        try:
            arr = np.asarray(value)
        except (ValueError, TypeError) as e:
            raise InputError(f"{_describe(kind, name)}: not an array of numbers ({e})") from None
        if arr.dtype.kind not in "biufcV":      # V: bf16 and the fp8 types of ml_dtypes
            raise InputError(f"{_describe(kind, name)}: not an array of numbers "
                             f"(numpy made dtype {arr.dtype} of it)")
    if arr.shape != declared.shape:
        if arr.ndim == 1 and arr.size == declared.numel:
            arr = arr.reshape(declared.shape)
        else:
            raise InputError(f"{_describe(kind, name)}: expected shape {declared.shape} "
                             f"({declared.numel} elements), got shape {arr.shape} "
                             f"({arr.size} elements)")
    target = declared.dtype.np
    if arr.dtype != target:
        arr = _convert(kind, name, arr, declared.dtype)
    if not arr.flags.c_contiguous:
        arr = np.ascontiguousarray(arr)
    return arr


def _convert(kind: str, name: str, arr: np.ndarray, dtype: DType) -> np.ndarray:
    try:
        src = as_dtype(arr.dtype)
    except Exception:
        raise InputError(f"{_describe(kind, name)}: numpy dtype {arr.dtype} is not an rlx "
                         f"dtype; expected {dtype}") from None
    out = convert_exactly(arr, dtype)
    if out is None:
        raise InputError(f"{_describe(kind, name)}: values of dtype {src} do not convert to "
                         f"the declared {dtype} without loss; cast them explicitly")
    return out


def from_bytes(kind: str, name: str, data: bytes | bytearray | memoryview, dtype: Any,
               declared: TensorType) -> np.ndarray:
    """Decode typed bytes (``dtype`` elements, declared element count) and coerce them."""
    dt = as_dtype(dtype)
    nbytes = declared.numel * dt.itemsize
    try:
        buf = memoryview(data).cast("B")
    except TypeError:
        raise InputError(f"{_describe(kind, name)}: expected bytes, got "
                         f"{type(data).__name__}") from None
    if buf.nbytes != nbytes:
        raise InputError(f"{_describe(kind, name)}: expected {nbytes} bytes ({declared.numel} "
                         f"{dt} elements), got {buf.nbytes}")
    arr = np.frombuffer(buf, dtype=dt.np).reshape(declared.shape)
    return coerce(kind, name, arr, declared)
