"""Automatic differentiation of rlx graphs.

* :func:`grad` (reverse mode): ``[loss, d loss / d wrt...]`` of a scalar loss.
* :func:`jvp` (forward mode): outputs and their directional derivatives.
* :func:`hvp`: Hessian-vector products (forward over reverse).
* :func:`jacfwd`: a small Jacobian by forward mode.
* :func:`custom_vjp`: a user function with a given reverse-mode derivative.
* :func:`vmap`: add a leading batch axis to chosen inputs.

Each transform is a function Graph -> Graph driven by one rule table keyed by op
kind (:data:`VJP_RULES`, :data:`JVP_RULES`); op kinds with no rule in either are
listed with the reason in :data:`NON_DIFFERENTIABLE`. Complex values (c64 / c128) carry
complex derivatives under PyTorch's convention (the gradient of z = x + iy is
dL/dx + i dL/dy; :mod:`rlx.autodiff.complex`).
"""

from rlx.autodiff import complex as _complex  # noqa: F401  (registers the complex / FFT rules)
from rlx.autodiff import control as _control  # noqa: F401  (registers the control-flow rules)
from rlx.autodiff import linalg as _linalg  # noqa: F401  (registers the linalg rules)
from rlx.autodiff import moe as _moe  # noqa: F401  (registers the grouped_matmul rules)
from rlx.autodiff import refused as _refused  # noqa: F401  (rules that refuse)
from rlx.autodiff.common import NON_DIFFERENTIABLE
from rlx.autodiff.custom import CustomVjpContext, custom_vjp
from rlx.autodiff.jvp import JVP_RULES, hvp, jacfwd, jvp
from rlx.autodiff.vjp import VJP_RULES, grad
from rlx.autodiff.vmap import BATCH_RULES, UNBATCHABLE, vmap

__all__ = ["grad", "jvp", "hvp", "jacfwd", "custom_vjp", "CustomVjpContext", "VJP_RULES",
           "JVP_RULES", "NON_DIFFERENTIABLE", "vmap", "BATCH_RULES", "UNBATCHABLE"]
