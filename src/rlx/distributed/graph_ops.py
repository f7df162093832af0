"""Builders of the collective ops (:mod:`rlx.ir.collective_ops`): collectives inside a
compiled graph, run by the program between its kernels.

::

    import rlx, rlx.distributed as rd
    rd.init()                                    # every worker, before building
    g = rlx.Graph("tp_layer")
    x = g.input("x", (8, 16), "f32")
    partial = x @ g.param("w", (16, 32), "f32")  # this worker's part of a product
    g.set_outputs([rd.graph_all_reduce(partial).relu()])
    exe = rlx.Session("cpu").compile(g)          # one program: matmul, all-reduce, relu

``world`` (the number of workers the graph is built for: it decides the shapes) defaults
to the size of the group this process joined; give it to build a graph before joining
(or in a process that only compiles). Running a program with a collective needs the
group (:func:`rlx.distributed.init`, else DistributedError), of the size the graph was
built for. Every worker must run the same graph: the same collectives, in the same
order, on operands of the same shapes.
"""

from __future__ import annotations

from rlx.distributed.group import DistributedError, is_initialized, world_size
from rlx.ir.graph import Tensor


def _world(what: str, world: int | None) -> int:
    if world is not None:
        return world
    if not is_initialized():
        raise DistributedError(f"{what}: the graph's world size comes from the process group: "
                               "call rlx.distributed.init() first, or pass world=")
    return world_size()


def graph_all_reduce(x: Tensor, op: str = "sum", *, world: int | None = None,
                     overlap: bool = False) -> Tensor:
    """The elementwise ``op`` (sum, mean, max, min) of ``x`` over the workers: same
    shape and dtype. With ``overlap`` the cpu device starts the reduction here and
    waits for it before the first kernel that reads the result, running the kernels in
    between meanwhile (rlx.ir.collective_ops). GraphBuildError for an unknown op,
    DTypeError for a dtype the engine does not reduce (or mean of integers),
    DistributedError when ``world`` is not given and no group was joined."""
    return x.graph.apply("all_reduce", [x], reduction=op, overlap=overlap,
                         world=_world("graph_all_reduce", world))


def graph_all_gather(x: Tensor, axis: int = 0, *, world: int | None = None) -> Tensor:
    """Every worker's ``x`` concatenated along ``axis`` in rank order (``axis`` grows
    ``world`` times). ShapeError for an axis out of range."""
    return x.graph.apply("all_gather", [x], axis=axis, world=_world("graph_all_gather", world))


def graph_reduce_scatter(x: Tensor, op: str = "sum", axis: int = 0, *,
                         world: int | None = None) -> Tensor:
    """The ``op`` (sum or mean) of ``x`` over the workers, split into ``world`` equal
    chunks along ``axis``; worker ``r`` gets chunk ``r``. ShapeError when ``axis`` does
    not split evenly or is out of range."""
    return x.graph.apply("reduce_scatter", [x], reduction=op, axis=axis,
                         world=_world("graph_reduce_scatter", world))
