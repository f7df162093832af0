"""How the backends run the collective ops of a program (:mod:`rlx.ir.collective_ops`):
each node is one call of the host collectives of :mod:`rlx.distributed.collectives` on
numpy arrays, the operand's value in and the result written into ``out``.

The reference device calls :func:`run_collective` from its kernel with the operand's
array and a fresh result; the cpu device from the callback its generated C calls
between kernels (:mod:`rlx.backends.cpu.collective_host`), with numpy views of the
program's own buffers, so the only copies are the ones the engine makes. A
:class:`CollectiveCall` says everything the call needs, so that an executable can run
it without the graph (the cpu device keeps one per collective node, in the order its
kernels call them).

Errors: DistributedError naming ``rlx.distributed.init()`` when this process has not
joined a group, DistributedError when the group's size is not the ``world`` the graph
was built for, WorkerLostError when a peer is gone; each message starts with the node.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from rlx.distributed.collectives import (
    PendingReduce,
    all_gather,
    all_reduce,
    all_reduce_start,
    reduce_scatter,
    require_group,
)
from rlx.distributed.group import DistributedError, GroupInfo, info
from rlx.ir.graph import Node
from rlx.ir.types import TensorType


@dataclass(frozen=True)
class CollectiveCall:
    """One collective node as the host runs it: its op kind, reduction ('' for
    all_gather), axis, the world size the graph was built for, the operand's and the
    result's types, and the node as printed (for errors)."""

    kind: str
    reduction: str
    axis: int
    world: int
    operand: TensorType
    result: TensorType
    label: str
    overlap: bool = False
    """An all_reduce started here and waited for later (:func:`start_collective`)."""

    @staticmethod
    def of(node: Node, operand: TensorType, label: str) -> CollectiveCall:
        """The call of collective ``node`` on an operand of type ``operand``."""
        return CollectiveCall(node.op, node.attr("reduction", ""), node.attr("axis", 0),
                              node.attr("world"), operand, node.type, label,
                              bool(node.attr("overlap", False)))


def run_collective(call: CollectiveCall, x: np.ndarray, out: np.ndarray) -> None:
    """Run ``call`` on the operand ``x`` into ``out`` (C-contiguous, the result's type;
    it may be ``x``'s memory for all_reduce). Errors: see the module docstring."""
    with _labelled(call) as check:
        if call.kind == "all_reduce":
            all_reduce(x, call.reduction, out=out, check=check)
        elif call.kind == "all_gather":
            all_gather(x, call.axis, out=out, check=check)
        else:
            reduce_scatter(x, call.reduction, call.axis, out=out, check=check)


def start_collective(call: CollectiveCall, x: np.ndarray, out: np.ndarray) -> PendingReduce:
    """Start all_reduce ``call`` of ``x`` into ``out`` and return at once; ``out`` holds
    the result after the returned handle's ``wait()`` (which raises as
    :func:`run_collective` does), and nothing may touch it before."""
    with _labelled(call) as check:
        return all_reduce_start(x, call.reduction, out=out, check=check)


def finish_collective(call: CollectiveCall, pending: PendingReduce) -> None:
    """Wait for the all_reduce :func:`start_collective` started for ``call``."""
    with _labelled(call):
        pending.wait()


# The calls whose signature the workers of the current group have agreed on: a
# program's shapes are fixed, so a call is checked on its first run only (what it
# catches is workers running different programs).
_agreed: tuple[GroupInfo | None, set[CollectiveCall]] = (None, set())


@contextmanager
def _labelled(call: CollectiveCall) -> Iterator[bool]:
    """The group checks every call makes, and the node's label on its errors; yields
    whether the host collective must check the workers' agreement on the call."""
    global _agreed
    require_group(call.label)
    group = info()
    if group.world_size != call.world:
        raise DistributedError(f"{call.label}: the graph was built for {call.world} workers, "
                               f"but the process group has {group.world_size}; build it "
                               "again for this group (world=)")
    if _agreed[0] is not group:
        _agreed = (group, set())
    check = call not in _agreed[1]
    try:
        yield check
    except DistributedError as err:
        raise type(err)(f"{call.label}: {err}") from err
    if check:
        _agreed[1].add(call)
