"""Ops on which the transforms refuse a derivative: their VJP and JVP rules raise
UnsupportedOpError naming the node when a differentiated path goes through one (a
graph where they lie off that path differentiates as usual), instead of letting zeros
flow as if the op were constant.

**The collectives** (:mod:`rlx.ir.collective_ops`). Their derivatives would be
collectives too (the reverse of an all-gather is a reduce-scatter), run by every worker
in the order of the backward pass, which the transforms cannot promise the other
workers follow. vmap lists them in ``UNBATCHABLE``. To train across workers,
differentiate each worker's own graph and join the gradients with the host collectives
(``rlx.distributed.DataParallelTrainer``).

**bitcast to a float dtype.** It reinterprets bits: no derivative relates the values
read to the values given. A bitcast whose result is an integer is not on any
differentiated path (integers carry no derivative, as after a cast).
"""

from __future__ import annotations

from rlx.autodiff.common import Primal, describe
from rlx.autodiff.jvp import jvp_rule
from rlx.autodiff.vjp import vjp_rule
from rlx.errors import UnsupportedOpError
from rlx.ir.collective_ops import COLLECTIVE_OPS
from rlx.ir.graph import Tensor

_COLLECTIVE = ("is a collective (rlx.ir.collective_ops), which has no derivative in rlx: "
               "differentiate each worker's graph up to its collectives and join the "
               "gradients with the host collectives (rlx.distributed.all_reduce, "
               "DataParallelTrainer), or cut the path with stop_gradient")
_REINTERPRETED = ("reinterprets the bits of a value on a differentiated path, and no "
                  "derivative relates the values it reads to the values it was given; cut "
                  "the path with stop_gradient (a zero derivative) or wrap it in custom_vjp")
REASONS = {**{kind: _COLLECTIVE for kind in COLLECTIVE_OPS}, "bitcast": _REINTERPRETED}
"""Op kind -> why the transforms refuse its derivative (the error's text)."""
KINDS = " ".join(sorted(REASONS))


def no_derivative(transform: str, p: Primal) -> UnsupportedOpError:
    """The error for a refused op on a differentiated path."""
    return UnsupportedOpError(
        f"{transform}: {describe(p.graph, p.out.id)} {REASONS[p.node.op]}")


@vjp_rule(KINDS)
def _refused_vjp(p: Primal, ct: Tensor) -> list[Tensor | None]:
    raise no_derivative("grad", p)


@jvp_rule(KINDS)
def _refused_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    raise no_derivative("jvp", p)
