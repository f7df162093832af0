"""grad, jvp and vmap rules of the complex-number and FFT ops (:mod:`rlx.ir.complex_ops`).

**Convention** (PyTorch's). The tangent of a complex value z = x + iy is dz = dx + i dy.
The cotangent of z is ``dL/dx + i dL/dy`` for a real loss L: the gradient of a complex
input is a steepest-ascent direction, and the numbers are those of ``torch.autograd``.
Reverse mode applies the adjoint of each derivative map J under the real inner product
Re(sum conj(u) v): ct_z = J* ct. For a holomorphic f that is ct * conj(f'(z)) (mul, div,
exp, matmul conjugate their factors: :mod:`rlx.autodiff.derivatives`,
:func:`rlx.autodiff.vjp._matmul_vjp`); a real operand feeding a complex result gets the
real part of its complex cotangent (:func:`rlx.autodiff.common.fit_cotangent`). The
rules here, with ``|z|`` the modulus and 0 where a formula divides by |z| = 0:

==========  ===================================  ===================================
op          JVP                                  VJP
==========  ===================================  ===================================
real        Re(dz)                               ct (imaginary part 0)
imag        Im(dz)                               i ct
conj        conj(dz)                             conj(ct)
angle       Im(conj(z) dz) / |z|^2               ct i z / |z|^2
complex     da + i db                            ct_a = Re(ct), ct_b = Im(ct)
==========  ===================================  ===================================

(abs, the modulus, lives with the other elementwise ops: d|z| = Re(conj(z) dz) / |z|,
ct_z = ct z / |z|.) For a real operand ``real`` and ``conj`` are the identity, ``imag``
and ``angle`` constant (zero derivative).

**FFT.** Every transform is linear, so its JVP is the op on the tangent. With F the DFT
matrix (F_kj = exp(-2 pi i jk / n); the inverse sign is conj(F)) and s the op's scale
(:func:`rlx.ir.complex_ops.fft_scale`):

* fft: y = s F x, ct_x = s F^H ct = s conj(F) ct (F is symmetric): the transform of the
  opposite sign with the same scale, i.e. norm "backward" <-> "forward", "ortho" kept
  (:data:`ADJOINT_NORM`).
* rfft (n reals -> m = n // 2 + 1 bins): ct_x = s Re(sum_k ct_k exp(+2 pi i jk / n)) over
  the m bins, which is irfft (same scale) of ct with the bins other than 0 and, for even
  n, n / 2 halved (irfft counts them twice, once for their mirror image, and reads only
  the real part of bins 0 and n / 2, whose terms here are real too).
* irfft (m bins -> n reals): x_j = s (Re c_0 + 2 sum_k Re(c_k e^{+}) + Re c_{n/2} (-1)^j),
  so ct_c = w * rfft(ct) (same scale) with w = 1 on bin 0 and, for even n, bin n / 2 (the
  cotangent of their ignored imaginary parts is 0 because rfft makes it so) and 2 on the
  others.

vmap: the elementwise ops are batched as every elementwise op
(:data:`rlx.autodiff.vmap.ELEMENTWISE_BATCHED`); the FFT ops shift their axis past the
batch axis.
"""

from __future__ import annotations

import numpy as np

from rlx.autodiff.common import Primal
from rlx.autodiff.jvp import jvp_rule
from rlx.autodiff.vjp import vjp_rule
from rlx.autodiff.vmap import axis_shift_rule, vmap_rule
from rlx.ir import api
from rlx.ir.graph import Tensor

ADJOINT_NORM = {"backward": "forward", "forward": "backward", "ortho": "ortho"}
"""The norm whose transform in the other direction has the same scale:
fft_scale(ADJOINT_NORM[norm], n, not inverse) == fft_scale(norm, n, inverse)."""

Cotangents = list[Tensor | None]


def _modulus_squared(z: Tensor) -> tuple[Tensor, Tensor, Tensor]:
    """(Re z, Im z, |z|^2 with its zeros replaced by 1: a safe divisor, the numerators
    that use it being 0 there too)."""
    re, im = api.real(z), api.imag(z)
    r2 = re * re + im * im
    return re, im, api.where(r2 == 0.0, 1.0, r2)


# --------------------------------------------------------------------------- vjp

@vjp_rule("real")
def _real_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """ct, which the fitting step makes complex with imaginary part 0."""
    return [ct]


@vjp_rule("imag")
def _imag_vjp(p: Primal, ct: Tensor) -> Cotangents:
    if not p.xs[0].dtype.is_complex:
        return [None]  # imag of a real value is the constant 0
    return [api.complex(0.0, ct)]


@vjp_rule("conj")
def _conj_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [api.conj(ct) if ct.dtype.is_complex else ct]


@vjp_rule("angle")
def _angle_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """ct i z / |z|^2 = ct (-Im z + i Re z) / |z|^2."""
    z = p.xs[0]
    if not z.dtype.is_complex:
        return [None]  # 0 or pi: piecewise constant
    re, im, r2 = _modulus_squared(z)
    scaled = ct / r2
    return [api.complex(-(scaled * im), scaled * re)]


@vjp_rule("complex")
def _complex_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [api.real(ct) if p.active[0] else None, api.imag(ct) if p.active[1] else None]


def _fft_like(op: str, t: Tensor, p: Primal, **attrs) -> Tensor:
    """``op`` on ``t`` along the node's axis with the adjoint norm of the node's."""
    return p.graph.apply(op, [t], axis=p.attr("axis"), norm=ADJOINT_NORM[p.attr("norm")],
                         **attrs)


def _bin_weights(n: int, axis: int, like: Tensor, middle: float) -> Tensor:
    """Weights over the n // 2 + 1 bins of an n-point real transform along ``axis`` of
    ``like``: 1 for bin 0 and (even n) bin n / 2, ``middle`` for the others; real, of
    ``like``'s part dtype, shaped to broadcast against it."""
    w = np.full(n // 2 + 1, middle)
    w[0] = 1.0
    if n % 2 == 0:
        w[-1] = 1.0
    dtype = like.dtype.real
    shape = (n // 2 + 1,) + (1,) * (like.ndim - 1 - axis)
    return like.graph.constant(w.astype(dtype.np).reshape(shape), dtype)


@vjp_rule("fft")
def _fft_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [_fft_like("fft", ct, p, inverse=not p.attr("inverse"))]


@vjp_rule("rfft")
def _rfft_vjp(p: Primal, ct: Tensor) -> Cotangents:
    axis = p.attr("axis")
    n = p.xs[0].shape[axis]
    halved = ct * _bin_weights(n, axis, ct, 0.5)
    return [_fft_like("irfft", halved, p, n=n)]


@vjp_rule("irfft")
def _irfft_vjp(p: Primal, ct: Tensor) -> Cotangents:
    axis = p.attr("axis")
    n = p.attr("n")
    spectrum = _fft_like("rfft", ct, p)
    return [spectrum * _bin_weights(n, axis, spectrum, 2.0)]


# --------------------------------------------------------------------------- jvp

@jvp_rule("real")
def _real_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    return api.real(ts[0]) if ts[0].dtype.is_complex else ts[0]


@jvp_rule("imag")
def _imag_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    return api.imag(ts[0]) if p.xs[0].dtype.is_complex else None


@jvp_rule("conj")
def _conj_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    return api.conj(ts[0]) if ts[0].dtype.is_complex else ts[0]


@jvp_rule("angle")
def _angle_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    """Im(conj(z) dz) / |z|^2."""
    z = p.xs[0]
    if not z.dtype.is_complex:
        return None
    _, _, r2 = _modulus_squared(z)
    return api.imag(api.conj(z) * ts[0]) / r2


@jvp_rule("complex")
def _complex_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    da, db = ts
    if da is None:
        return api.complex(0.0, db)
    return api.complex(da, 0.0 if db is None else db)


# the transforms are linear (the op contract's "linear" trait gives their JVP)
vmap_rule("fft rfft irfft")(axis_shift_rule("axis"))
