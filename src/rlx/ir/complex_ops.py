"""Complex numbers and the FFT: the ops of dtypes ``c64`` / ``c128`` and their type rules.

Kept apart from :mod:`rlx.ir.ops`; importing this module defines the kinds in the op
contract (:func:`rlx.ir.opdef.define`), which refuses complex operands for every op
outside :data:`TAKES_COMPLEX`. Shared rules:

* ``c64`` holds two f32 parts, ``c128`` two f64 parts (numpy's complex64 / complex128).
  A complex meets a real dtype: complex at the wider precision (rlx.ir.dtypes).
* Elementwise arithmetic (add, sub, mul, div, neg, exp), where, eq / ne, matmul, sum,
  mean and the shape ops take complex operands with numpy's semantics; ``abs`` of a
  complex is its modulus (real). ``cast`` turns reals into complex (imaginary part 0)
  and complex into complex or a float dtype (the real part, as numpy's astype does) or
  bool (nonzero); complex to an integer is refused (take ``real`` first).
* The FFT ops transform one axis. ``fft`` is complex to complex (``inverse`` picks
  the sign +1), ``rfft`` real (f32 / f64) to complex with ``n // 2 + 1`` bins, ``irfft``
  the ``n // 2 + 1`` bins of a Hermitian spectrum to ``n`` reals (the imaginary parts of
  bin 0 and, for even n, bin n/2 are ignored). ``norm`` is numpy's: "backward" scales
  the inverse by 1/n, "ortho" both directions by 1/sqrt(n), "forward" the forward one
  by 1/n. ``rlx.fft`` builds the n-point, multi-axis and numpy-named forms from these.
"""

from __future__ import annotations

from typing import Any

from rlx.errors import DTypeError, GraphBuildError, ShapeError
from rlx.ir.dtypes import DType
from rlx.ir.opdef import define
from rlx.ir.types import TensorType, broadcast_shapes

Attrs = dict[str, Any]
NORMS = ("backward", "ortho", "forward")


def _fmt(ins: list[TensorType]) -> str:
    return "(" + ", ".join(str(t) for t in ins) + ")"


def _parts_of(op: str, ins: list[TensorType]) -> TensorType:
    """The operand, checked to be float or complex."""
    x = ins[0]
    if not (x.dtype.is_float or x.dtype.is_complex):
        raise DTypeError(f"{op}{_fmt(ins)}: needs a float or complex operand")
    return x


def _infer_part(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    x = _parts_of(op, ins)
    return TensorType(x.shape, x.dtype.real), {}


def _infer_conj(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    return _parts_of(op, ins), {}


def _infer_complex(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    if not all(t.dtype.is_float for t in ins):
        raise DTypeError(f"{op}{_fmt(ins)}: the real and imaginary parts must be float")
    shape = broadcast_shapes(*(t.shape for t in ins))
    if shape is None:
        raise ShapeError(f"{op}{_fmt(ins)}: shapes do not broadcast")
    wide = DType.F64 in (ins[0].dtype, ins[1].dtype)
    return TensorType(shape, DType.C128 if wide else DType.C64), {}


def _axis(op: str, ins: list[TensorType], a: Attrs) -> int:
    x = ins[0]
    axis = a["axis"]
    if isinstance(axis, bool) or not isinstance(axis, int) or not -x.rank <= axis < x.rank:
        raise GraphBuildError(f"{op}{_fmt(ins)}: axis {axis!r} is out of range")
    if x.symbolic:
        raise ShapeError(f"{op}{_fmt(ins)}: the FFT takes fixed shapes only")
    return axis % x.rank


def _norm(op: str, ins: list[TensorType], a: Attrs) -> str:
    norm = a["norm"]
    if norm not in NORMS:
        raise GraphBuildError(f"{op}{_fmt(ins)}: norm must be one of {NORMS}, got {norm!r}")
    return norm


def _infer_fft(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    x = ins[0]
    if x.rank == 0:
        raise ShapeError(f"{op}{_fmt(ins)}: needs at least one axis")
    axis = _axis(op, ins, a)
    norm = _norm(op, ins, a)
    if op == "fft":
        if not x.dtype.is_complex:
            raise DTypeError(f"{op}{_fmt(ins)}: needs a complex operand (rlx.fft.fft casts)")
        if x.shape[axis] < 1:
            raise ShapeError(f"{op}{_fmt(ins)}: the transformed axis is empty")
        return x, {"axis": axis, "norm": norm, "inverse": bool(a["inverse"])}
    if op == "rfft":
        if x.dtype not in (DType.F32, DType.F64):
            raise DTypeError(f"{op}{_fmt(ins)}: needs an f32 or f64 operand")
        n = x.shape[axis]
        if n < 1:
            raise ShapeError(f"{op}{_fmt(ins)}: the transformed axis is empty")
        shape = x.shape[:axis] + (n // 2 + 1,) + x.shape[axis + 1:]
        return TensorType(shape, x.dtype.as_complex), {"axis": axis, "norm": norm}
    # irfft
    if not x.dtype.is_complex:
        raise DTypeError(f"{op}{_fmt(ins)}: needs a complex operand")
    n = a.get("n")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1 or x.shape[axis] != n // 2 + 1:
        raise ShapeError(f"{op}{_fmt(ins)}: n must be an int >= 1 with n // 2 + 1 == "
                         f"{x.shape[axis]} (the bins along axis {axis}), got {n!r}")
    shape = x.shape[:axis] + (n,) + x.shape[axis + 1:]
    return TensorType(shape, x.dtype.real), {"axis": axis, "norm": norm, "n": n}


def fft_scale(norm: str, n: int, inverse: bool) -> float:
    """The factor a transform of ``n`` points multiplies its sums by."""
    if norm == "ortho":
        return n ** -0.5
    if (norm == "backward") == inverse:
        return 1.0 / n
    return 1.0


COMPLEX_DOCS: dict[str, str] = {
    "real": "The real part of a complex x (x itself for a float x); f32 for c64, f64 for "
            "c128.",
    "imag": "The imaginary part of a complex x (0 for a float x).",
    "angle": "The argument of x, atan2(imag, real), in (-pi, pi] (numpy.angle).",
    "conj": "The complex conjugate (x itself for a float x).",
    "complex": "complex(re, im): re + i im from float parts (broadcast); c128 when either is "
               "f64, else c64.",
    "fft": "The discrete Fourier transform of a complex x along axis: y_k = scale * sum_j "
           "x_j exp(-+2 pi i jk / n) (sign + when inverse), scale from norm as numpy's "
           "(rlx.ir.complex_ops). O(n log n) for every n on cpu.",
    "rfft": "The n // 2 + 1 non-negative-frequency bins of the transform of a real x along "
            "axis (numpy.fft.rfft), norm as fft's.",
    "irfft": "The n real points whose rfft is x (x holds n // 2 + 1 bins along axis; the "
             "imaginary parts of bin 0 and, for even n, bin n/2 are ignored; "
             "numpy.fft.irfft with that n), norm as an inverse fft's.",
}

_FFT_ATTRS = {"fft": "axis:int=-1 norm:{backward,ortho,forward}=backward inverse:bool=False",
              "rfft": "axis:int=-1 norm:{backward,ortho,forward}=backward",
              "irfft": "axis:int=-1 norm:{backward,ortho,forward}=backward n:int"}

define("real imag angle", "unary", (1, 1), _infer_part, COMPLEX_DOCS, traits="positionwise")
define("conj", "unary", (1, 1), _infer_conj, COMPLEX_DOCS, traits="positionwise")
define("complex", "binary", (2, 2), _infer_complex, COMPLEX_DOCS, traits="positionwise")
for _kind, _schema in _FFT_ATTRS.items():
    define(_kind, "fft", (1, 1), _infer_fft, COMPLEX_DOCS, attrs=_schema, traits="linear")

COMPLEX_OPS = frozenset({"real", "imag", "angle", "conj", "complex", *_FFT_ATTRS})
"""The op kinds this module defines."""

TAKES_COMPLEX = frozenset({
    "input", "param", "constant", "add", "sub", "mul", "div", "neg", "exp", "abs", "eq", "ne",
    "where", "cast", "stop_gradient", "matmul", "sum", "mean", "reshape", "transpose",
    "broadcast_to", "squeeze", "unsqueeze", "slice", "concat", "pad", "gather", "tile",
    "flip", "real", "imag", "angle", "conj", "fft", "irfft", "cond", "while_loop", "scan",
    "unpack"})
"""The op kinds that accept complex operands; the op contract refuses them for the
others (custom ops decide for themselves)."""
