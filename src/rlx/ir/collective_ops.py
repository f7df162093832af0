"""Collective ops (category ``collective``): communication with the other workers of a
process group, run by a compiled program between its kernels.

Kept apart from :mod:`rlx.ir.ops`; importing this module defines the kinds in the op
contract (:func:`rlx.ir.opdef.define`). ``rlx.distributed.graph_all_reduce`` (and
``graph_all_gather``, ``graph_reduce_scatter``) build them with ``world`` defaulting to
the size of the group this process joined; the backends run them through the host
collectives of :mod:`rlx.distributed.collectives` (gloo).

* ``all_reduce(x, reduction, world, overlap)``: the elementwise ``reduction`` (sum,
  mean, max, min) of ``x`` over the ``world`` workers, on every worker; same shape and
  dtype. ``overlap`` changes when, not what: a device that can (cpu) starts the
  reduction where the node stands and waits for it only before the first kernel that
  reads the result (or at the end of the run), so the kernels in between run while it
  travels; others run it in place, as without.
* ``all_gather(x, axis, world)``: every worker's ``x`` concatenated along ``axis`` in
  rank order: ``axis`` grows ``world`` times.
* ``reduce_scatter(x, reduction, axis, world)``: the sum (or mean) over the workers,
  split into ``world`` equal chunks along ``axis``; worker ``r`` gets chunk ``r``
  (``axis`` shrinks ``world`` times and must divide).

``world`` is fixed when the graph is built, because the shapes depend on it; running
the program in a group of another size raises DistributedError. Shapes are fixed (no
symbolic dimensions: every worker must send the same number of bytes). ``mean`` takes
float operands (the sum divided by ``world``, in the operand's dtype). Reductions take
the dtypes the engine reduces (:data:`REDUCIBLE`); ``all_gather`` moves bytes and takes
every real dtype.

Every worker must run the same collectives in the same order, which compiling the same
graph on every worker guarantees: the passes are deterministic, and they treat these
ops as ``collective`` (:data:`rlx.ir.opdef.TRAITS`): never evaluated at compile time,
never moved into the prepare program (which runs only when a param changes), never
fused with their neighbours. Two identical collectives of one value may be merged
(the same merge on every worker), and one whose result no output needs is dropped.
They have no derivative and no batching rule.
"""

from __future__ import annotations

from typing import Any

from rlx.errors import DTypeError, GraphBuildError, ShapeError
from rlx.ir.dtypes import DType
from rlx.ir.opdef import define
from rlx.ir.types import TensorType

Attrs = dict[str, Any]

REDUCTIONS = ("sum", "mean", "max", "min")
SCATTER_REDUCTIONS = ("sum", "mean")
REDUCIBLE = frozenset({DType.F16, DType.F32, DType.F64, DType.I8, DType.U8, DType.I32,
                       DType.I64})
"""The dtypes the engine (gloo) reduces; all_gather takes every real dtype."""


def _fmt(ins: list[TensorType]) -> str:
    return "(" + ", ".join(str(t) for t in ins) + ")"


def _check_operand(op: str, ins: list[TensorType], a: Attrs, reduction: str | None) -> None:
    """The checks every collective makes: fixed shape, a positive world, a reduction
    the op knows, a dtype the engine can handle."""
    x = ins[0]
    where = f"{op}{_fmt(ins)}"
    world = a["world"]
    if isinstance(world, bool) or not isinstance(world, int) or world < 1:
        raise GraphBuildError(f"{where}: world must be a positive int (the number of "
                              f"workers), got {world!r}")
    if x.symbolic:
        raise ShapeError(f"{where}: collectives take fixed shapes (every worker sends the "
                         "same number of bytes); give the operand fixed dimensions")
    if reduction is None:
        return
    choices = SCATTER_REDUCTIONS if op == "reduce_scatter" else REDUCTIONS
    if reduction not in choices:
        raise GraphBuildError(f"{where}: op must be one of {', '.join(choices)}, got "
                              f"{reduction!r}")
    if x.dtype not in REDUCIBLE:
        names = ", ".join(sorted(d.value for d in REDUCIBLE))
        raise DTypeError(f"{where}: the engine cannot reduce {x.dtype} (it reduces {names}); "
                         "cast the operand first")
    if reduction == "mean" and not x.dtype.is_float:
        raise DTypeError(f"{where}: mean takes float operands, got {x.dtype} (use sum)")


def _axis(op: str, ins: list[TensorType], axis: Any) -> int:
    rank = ins[0].rank
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise GraphBuildError(f"{op}{_fmt(ins)}: axis must be an int, got {axis!r}")
    if not -rank <= axis < rank:
        raise ShapeError(f"{op}{_fmt(ins)}: axis {axis} is out of range for rank {rank}")
    return axis % rank


def _infer_all_reduce(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    _check_operand(op, ins, a, a["reduction"])
    return ins[0], {"reduction": a["reduction"], "world": a["world"],
                    "overlap": bool(a["overlap"])}


def _infer_all_gather(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    _check_operand(op, ins, a, None)
    x = ins[0]
    if x.dtype.is_complex:
        raise DTypeError(f"{op}{_fmt(ins)}: complex operands are not gathered")
    axis = _axis(op, ins, a["axis"])
    shape = list(x.shape)
    shape[axis] = int(shape[axis]) * a["world"]
    return TensorType(tuple(shape), x.dtype), {"axis": axis, "world": a["world"]}


def _infer_reduce_scatter(op: str, ins: list[TensorType], a: Attrs
                          ) -> tuple[TensorType, Attrs]:
    _check_operand(op, ins, a, a["reduction"])
    x = ins[0]
    axis = _axis(op, ins, a["axis"])
    world = a["world"]
    if int(x.shape[axis]) % world:
        raise ShapeError(f"{op}{_fmt(ins)}: axis {axis} of size {x.shape[axis]} does not "
                         f"split into {world} equal chunks")
    shape = list(x.shape)
    shape[axis] = int(shape[axis]) // world
    return (TensorType(tuple(shape), x.dtype),
            {"reduction": a["reduction"], "axis": axis, "world": world})


COLLECTIVE_DOCS = {
    "all_reduce": "The elementwise reduction (sum, mean, max, min) of x over the world "
                  "workers of the process group, on every worker: same shape and dtype "
                  "(rlx.ir.collective_ops).",
    "all_gather": "Every worker's x concatenated along axis in rank order: axis grows "
                  "world times (rlx.ir.collective_ops).",
    "reduce_scatter": "The sum (or mean) of x over the workers, split into world equal "
                      "chunks along axis; worker r gets chunk r: axis shrinks world times "
                      "and must divide (rlx.ir.collective_ops).",
}

define("all_reduce", "collective", (1, 1), _infer_all_reduce, COLLECTIVE_DOCS,
       attrs="reduction:{sum,mean,max,min}=sum world:int overlap:bool=False",
       traits="collective",
       precision="f32")
define("all_gather", "collective", (1, 1), _infer_all_gather, COLLECTIVE_DOCS,
       attrs="axis:int=0 world:int", traits="collective", precision="f32")
define("reduce_scatter", "collective", (1, 1), _infer_reduce_scatter, COLLECTIVE_DOCS,
       attrs="reduction:{sum,mean}=sum axis:int=0 world:int", traits="collective",
       precision="f32")

COLLECTIVE_OPS = frozenset(COLLECTIVE_DOCS)
"""The op kinds this module defines."""
