"""Discrete Fourier transforms on rlx tensors, with numpy.fft's names and semantics.

``fft``, ``ifft``, ``rfft``, ``irfft`` transform one axis; ``fft2``, ``ifft2``,
``rfft2``, ``irfft2`` two (default the last two). ``n`` (``s`` for the 2-D forms) crops
or zero-pads the input along the transformed axes first, as numpy does; ``norm`` is
"backward" (default: the inverse scales by 1/n), "ortho" or "forward". The transforms are
the IR ops ``fft`` / ``rfft`` / ``irfft`` (rlx.ir.complex_ops), O(n log n) for every
length on cpu (mixed radix, Bluestein for large primes). Real inputs of ``fft`` become
complex (c128 from f64, else c64); integer inputs of ``rfft`` become f32. grad, jvp and
vmap go through all of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from rlx.errors import GraphBuildError
from rlx.ir.dtypes import DType, exact_int
from rlx.ir.graph import Tensor

__all__ = ["fft", "ifft", "rfft", "irfft", "fft2", "ifft2", "rfft2", "irfft2"]


def _norm(norm: str | None) -> str:
    return "backward" if norm is None else norm


def _int(what: str, value: Any) -> int:
    """``value`` as a Python int (numpy integers too, as numpy.fft takes them)."""
    n = exact_int(value)
    if n is None:
        raise GraphBuildError(f"rlx.fft: {what} must be an int, got {value!r}")
    return n


def _axis(x: Tensor, axis: int) -> int:
    axis = _int("axis", axis)
    if not -x.ndim <= axis < x.ndim:
        raise GraphBuildError(f"rlx.fft: axis {axis} is out of range for a tensor of rank "
                              f"{x.ndim}")
    return axis % x.ndim


def _points(n: int | None) -> int | None:
    """The ``n=`` argument: None or an int >= 1."""
    if n is None:
        return None
    n = _int("n", n)
    if n < 1:
        raise GraphBuildError(f"rlx.fft: n must be >= 1, got {n}")
    return n


def _fit(x: Tensor, axis: int, n: int | None) -> Tensor:
    """``x`` cropped or zero-padded to ``n`` along ``axis`` (numpy's ``n=``)."""
    n = _points(n)
    if n is None or n == x.shape[axis]:
        return x
    size = x.shape[axis]
    if n < size:
        starts = [0] * x.ndim
        stops = list(x.shape)
        stops[axis] = n
        return x.graph.apply("slice", [x], starts=starts, stops=stops, steps=[1] * x.ndim)
    pads = [(0, 0)] * x.ndim
    pads[axis] = (0, n - size)
    return x.graph.apply("pad", [x], pads=pads, mode="constant", value=0.0)


def _complex(x: Tensor) -> Tensor:
    if x.dtype.is_complex:
        return x
    return x.cast(DType.C128 if x.dtype is DType.F64 else DType.C64)


def _real(x: Tensor) -> Tensor:
    if x.dtype in (DType.F32, DType.F64):
        return x
    if x.dtype.is_complex:
        raise GraphBuildError("rlx.fft.rfft: needs a real input (take real() first)")
    return x.cast(DType.F32)


def fft(a: Tensor, n: int | None = None, axis: int = -1, norm: str | None = None) -> Tensor:
    """numpy.fft.fft: the n-point DFT along ``axis``."""
    axis = _axis(a, axis)
    x = _fit(_complex(a), axis, n)
    return x.graph.apply("fft", [x], axis=axis, norm=_norm(norm), inverse=False)


def ifft(a: Tensor, n: int | None = None, axis: int = -1, norm: str | None = None) -> Tensor:
    """numpy.fft.ifft: the inverse n-point DFT along ``axis``."""
    axis = _axis(a, axis)
    x = _fit(_complex(a), axis, n)
    return x.graph.apply("fft", [x], axis=axis, norm=_norm(norm), inverse=True)


def rfft(a: Tensor, n: int | None = None, axis: int = -1, norm: str | None = None) -> Tensor:
    """numpy.fft.rfft: the n // 2 + 1 non-negative-frequency bins of a real input."""
    axis = _axis(a, axis)
    x = _fit(_real(a), axis, n)
    return x.graph.apply("rfft", [x], axis=axis, norm=_norm(norm))


def irfft(a: Tensor, n: int | None = None, axis: int = -1, norm: str | None = None) -> Tensor:
    """numpy.fft.irfft: n real points from n // 2 + 1 bins (n defaults to 2 (m - 1))."""
    axis = _axis(a, axis)
    n = _points(n)
    if n is None:
        n = 2 * (a.shape[axis] - 1)
        if n < 1:
            raise GraphBuildError(f"rlx.fft.irfft: {a.shape[axis]} bins give no points; "
                                  "pass n")
    x = _fit(_complex(a), axis, n // 2 + 1)
    return x.graph.apply("irfft", [x], axis=axis, norm=_norm(norm), n=n)


def _axes_and_sizes(a: Tensor, s: Sequence[int] | None, axes: Sequence[int]
                    ) -> list[tuple[int, int | None]]:
    if isinstance(axes, int | np.integer) or not isinstance(axes, Iterable):
        raise GraphBuildError(f"rlx.fft: axes must be a sequence of ints, got {axes!r}")
    axes = [_axis(a, ax) for ax in axes]
    if s is not None:
        if isinstance(s, int | np.integer) or not isinstance(s, Iterable):
            raise GraphBuildError(f"rlx.fft: s must be a sequence of ints, got {s!r}")
        s = [_points(n) for n in s]
    if len(set(axes)) != len(axes):
        raise GraphBuildError(f"rlx.fft: repeated axes {list(axes)}")
    if s is not None and len(s) != len(axes):
        raise GraphBuildError(f"rlx.fft: s {list(s)} and axes {list(axes)} differ in length")
    return list(zip(axes, s if s is not None else [None] * len(axes)))


def _each_axis(transform, a: Tensor, s: Sequence[int] | None, axes: Sequence[int],
               norm: str | None) -> Tensor:
    """``transform`` (fft or ifft) along each of ``axes``, the last first."""
    x = a
    for axis, n in reversed(_axes_and_sizes(a, s, axes)):
        x = transform(x, n, axis, norm)
    return x


def fft2(a: Tensor, s: Sequence[int] | None = None, axes: Sequence[int] = (-2, -1),
         norm: str | None = None) -> Tensor:
    """numpy.fft.fft2: the DFT over ``axes``."""
    return _each_axis(fft, a, s, axes, norm)


def ifft2(a: Tensor, s: Sequence[int] | None = None, axes: Sequence[int] = (-2, -1),
          norm: str | None = None) -> Tensor:
    """numpy.fft.ifft2: the inverse DFT over ``axes``."""
    return _each_axis(ifft, a, s, axes, norm)


def rfft2(a: Tensor, s: Sequence[int] | None = None, axes: Sequence[int] = (-2, -1),
          norm: str | None = None) -> Tensor:
    """numpy.fft.rfft2: rfft over the last of ``axes``, then fft over the others."""
    pairs = _axes_and_sizes(a, s, axes)
    axis, n = pairs[-1]
    x = rfft(a, n, axis, norm)
    for axis, n in reversed(pairs[:-1]):
        x = fft(x, n, axis, norm)
    return x


def irfft2(a: Tensor, s: Sequence[int] | None = None, axes: Sequence[int] = (-2, -1),
           norm: str | None = None) -> Tensor:
    """numpy.fft.irfft2: ifft over all but the last of ``axes``, then irfft over it."""
    pairs = _axes_and_sizes(a, s, axes)
    x = a
    for axis, n in pairs[:-1]:
        x = ifft(x, n, axis, norm)
    axis, n = pairs[-1]
    return irfft(x, n, axis, norm)
