"""Element types of rlx tensors and the rule that promotes two of them.

Promotion (used by every binary op and by ``where``):

* equal dtypes promote to themselves;
* a float meets an integer or bool: the float wins;
* two floats: the wider one; f16 with bf16 gives f32;
* a complex meets anything else: complex, at the wider of the two precisions (c64 with
  f64 or c128 gives c128, c64 with f32, f16, an integer or bool gives c64);
* two integers of the same signedness: the wider one;
* signed with unsigned: the smallest signed type holding both
  (u8+i8 -> i16, u32+i32 -> i64, u32+i64 -> i64);
* bool meets a number: the number's dtype.

Python scalars are *weak*: ``x * 2`` keeps ``x``'s dtype; a Python float with an
integer or bool tensor gives f32.
"""

from __future__ import annotations

import enum
import operator
import sys
import warnings
from typing import Any

import numpy as np

from rlx.errors import DTypeError


class DType(enum.Enum):
    """An rlx element type. ``DType.F32.np`` is the matching numpy dtype."""

    F32 = "f32"
    F16 = "f16"
    BF16 = "bf16"
    F64 = "f64"
    I8 = "i8"
    I16 = "i16"
    I32 = "i32"
    I64 = "i64"
    U8 = "u8"
    U32 = "u32"
    BOOL = "bool"
    C64 = "c64"
    C128 = "c128"

    @property
    def np(self) -> np.dtype:
        npd = _TO_NUMPY.get(self)
        return npd if npd is not None else _bf16_numpy()

    @property
    def itemsize(self) -> int:
        return _ITEMSIZE[self]

    @property
    def is_float(self) -> bool:
        return self in (DType.F32, DType.F16, DType.BF16, DType.F64)

    @property
    def is_complex(self) -> bool:
        return self in (DType.C64, DType.C128)

    @property
    def real(self) -> DType:
        """The real dtype of a complex one's parts (itself for the others)."""
        return {DType.C64: DType.F32, DType.C128: DType.F64}.get(self, self)

    @property
    def as_complex(self) -> DType:
        """The complex dtype with parts of this float dtype (c128 for f64, else c64)."""
        if self.is_complex:
            return self
        return DType.C128 if self is DType.F64 else DType.C64

    @property
    def is_int(self) -> bool:
        return self in (DType.I8, DType.I16, DType.I32, DType.I64, DType.U8, DType.U32)

    @property
    def is_signed(self) -> bool:
        return self in (DType.I8, DType.I16, DType.I32, DType.I64) or self.is_float

    @property
    def is_bool(self) -> bool:
        return self is DType.BOOL

    @property
    def compute(self) -> DType:
        """dtype arithmetic is carried out in: f16/bf16 compute in f32."""
        return DType.F32 if self in (DType.F16, DType.BF16) else self

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"rlx.{self.value}"


# bf16 has no numpy dtype of its own: ml_dtypes provides one. Importing ml_dtypes costs
# far more than the rest of ``import rlx``, so it is imported the first time a bf16
# numpy dtype is asked for (``DType.BF16.np``, ``numpy_dtype``), not at import.
_TO_NUMPY: dict[DType, np.dtype] = {
    DType.F32: np.dtype(np.float32),
    DType.F16: np.dtype(np.float16),
    DType.F64: np.dtype(np.float64),
    DType.I8: np.dtype(np.int8),
    DType.I16: np.dtype(np.int16),
    DType.I32: np.dtype(np.int32),
    DType.I64: np.dtype(np.int64),
    DType.U8: np.dtype(np.uint8),
    DType.U32: np.dtype(np.uint32),
    DType.BOOL: np.dtype(np.bool_),
    DType.C64: np.dtype(np.complex64),
    DType.C128: np.dtype(np.complex128),
}
_FROM_NUMPY = {v: k for k, v in _TO_NUMPY.items()}
_ITEMSIZE = {d: npd.itemsize for d, npd in _TO_NUMPY.items()} | {DType.BF16: 2}


def _bf16_numpy() -> np.dtype:
    """ml_dtypes' bfloat16, imported on first use and then kept in the tables."""
    import ml_dtypes

    npd = np.dtype(ml_dtypes.bfloat16)
    _TO_NUMPY[DType.BF16] = npd
    _FROM_NUMPY[npd] = DType.BF16
    return npd


f32, f16, bf16, f64 = DType.F32, DType.F16, DType.BF16, DType.F64
i8, i16, i32, i64 = DType.I8, DType.I16, DType.I32, DType.I64
u8, u32, bool_ = DType.U8, DType.U32, DType.BOOL
c64, c128 = DType.C64, DType.C128

ALL_DTYPES = tuple(DType)
FLOAT_DTYPES = tuple(d for d in DType if d.is_float)
INT_DTYPES = tuple(d for d in DType if d.is_int)


_AMBIGUOUS_NAMES = frozenset({"float", "int", "complex", "uint"})


def as_dtype(value: object) -> DType:
    """Convert a dtype spelling (``"f32"``, ``rlx.f32``, ``np.float32``, a numpy dtype, a
    numpy spelling such as ``"float32"``, ``"f4"`` or ``"<f4"``). None is not one (numpy
    reads it as float64: a builder whose default None means something says so and
    handles it), nor are numpy's one-letter codes (``"F"`` is complex64) and the bare
    Python type names (``"float"`` is float64 to numpy, f32 to rlx's Python floats)."""
    if isinstance(value, DType):
        return value
    names = ", ".join(d.value for d in DType)
    if value is None:
        raise DTypeError(f"no dtype given (None); rlx dtypes are: {names}")
    if isinstance(value, str):
        try:
            return DType(value)
        except ValueError:
            pass
    try:
        npd = np.dtype(value)  # type: ignore[arg-type]
    except TypeError:
        npd = None
        if isinstance(value, str) and DType.BF16 not in _TO_NUMPY:
            _bf16_numpy()  # registers ml_dtypes' names ("bfloat16") with numpy
            return as_dtype(value)
    if isinstance(value, str) and (len(value) == 1 or value in _AMBIGUOUS_NAMES):
        npd = None
    if npd is not None and DType.BF16 not in _TO_NUMPY and "ml_dtypes" in sys.modules:
        _bf16_numpy()  # a bf16 array can only exist once ml_dtypes is imported
    if npd is not None and npd in _FROM_NUMPY:
        return _FROM_NUMPY[npd]
    raise DTypeError(f"unknown dtype {value!r}; rlx dtypes are: {names} (or numpy's names "
                     "of them, such as 'float32')")


def exact_int(value: Any) -> int | None:
    """``value`` as a Python int when it is an integer (a Python or numpy int), else
    None: bools, floats (``int()`` took 2.5 as 2) and numeric strings are not."""
    if isinstance(value, bool | np.bool_):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def plain_scalars(value: Any) -> Any:
    """``value`` with numpy scalars and 0-d arrays made Python ones (``np.int64(2)`` ->
    ``2``, ``np.float32`` -> float, ``np.bool_`` -> bool), inside tuples and lists too; any
    other value as it is. Attributes pass through it, so that an axis or a size
    computed with numpy is taken as Python's equal would be."""
    if isinstance(value, np.generic) and not isinstance(value, np.complexfloating):
        return value.item()
    if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "biuf":
        return value.item()     # a 0-d array is a number wherever one is taken
    if isinstance(value, tuple | list):
        return type(value)(plain_scalars(v) for v in value)
    return value


def convert_exactly(arr: np.ndarray, dt: DType) -> np.ndarray | None:
    """``arr`` converted to ``dt`` when every value is represented exactly (float to
    float rounds to nearest, as a float value is meant), else None. Integer to
    integer checks the values' signs too: a signed and an unsigned type of one width
    map bit patterns one to one, so a round trip alone would let -1 pass as 2^32 - 1."""
    if dt.is_float and arr.dtype in _FROM_NUMPY and _FROM_NUMPY[arr.dtype].is_float:
        return arr.astype(dt.np)
    src_kind = arr.dtype.kind
    with np.errstate(all="ignore"), warnings.catch_warnings():
        # complex <-> real: the round trip's comparison judges the imaginary part
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
        out = arr.astype(dt.np)
        back = out.astype(arr.dtype)
    if not np.array_equal(back, arr):
        return None
    if src_kind in "iu" and out.dtype.kind in "iu" and src_kind != out.dtype.kind and \
            not np.array_equal(arr < 0, out < 0):
        return None
    return out


def _int_bits(dt: DType) -> int:
    return dt.itemsize * 8


def promote(a: DType, b: DType) -> DType:
    """Result dtype of a binary op on ``a`` and ``b`` (see the module docstring)."""
    if a is b:
        return a
    if a.is_bool:
        return b
    if b.is_bool:
        return a
    if a.is_complex or b.is_complex:
        wide = DType.F64 in (a.real, b.real)
        return DType.C128 if wide else DType.C64
    if a.is_float or b.is_float:
        if not (a.is_float and b.is_float):
            return a if a.is_float else b
        if {a, b} == {DType.F16, DType.BF16}:
            return DType.F32
        return a if a.itemsize > b.itemsize else b
    if a.is_signed == b.is_signed:
        return a if a.itemsize > b.itemsize else b
    signed, unsigned = (a, b) if a.is_signed else (b, a)
    if _int_bits(signed) > _int_bits(unsigned):
        return signed
    need = 2 * _int_bits(unsigned)
    for cand in (DType.I16, DType.I32, DType.I64):
        if _int_bits(cand) >= need:
            return cand
    return DType.I64
