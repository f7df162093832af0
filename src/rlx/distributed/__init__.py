"""rlx beyond one process, on ``torch.distributed`` with the gloo backend.

* :func:`init` / :func:`rank` / :func:`world_size` / :func:`shutdown`: the process
  group (launch workers with ``torchrun``, or pass rank, world size and address);
* :func:`graph_all_reduce`, :func:`graph_all_gather`, :func:`graph_reduce_scatter`:
  collectives as ops *inside* a graph (:mod:`rlx.ir.collective_ops`), which the
  compiled program runs between its kernels (the cpu device's generated C calls back
  into Python for them);
* :func:`all_reduce`, :func:`all_gather`, :func:`reduce_scatter`, :func:`broadcast`,
  :func:`barrier`, :func:`check_in_sync`: the same collectives over numpy arrays, run
  between compiled programs;
* :class:`DataParallelTrainer`: an :class:`rlx.optim.Trainer` whose gradients are
  averaged over the workers in all-reduced buckets, with checkpoints;
* :class:`TensorParallelMLP`: a column- then row-parallel MLP, one compiled program per
  worker with its all-reduce inside (``in_graph=True``, :func:`tensor_parallel_mlp_graph`)
  or two programs joined by host collectives.

A worker that dies makes the others' next collective raise :class:`WorkerLostError`
within the group's timeout (30 s unless ``init(timeout=...)`` says otherwise), inside a
compiled program as between programs. Importing this package does not import torch;
:func:`init` does. The backends run the in-graph collectives through
:mod:`rlx.distributed.collectives`, so this package imports only the group, the
collectives and their builders at once; the trainer and the tensor-parallel layers
(which compile graphs) load on first use.
"""

from rlx.distributed.collectives import (
    BucketedAllReduce,
    all_gather,
    all_reduce,
    all_reduce_start,
    barrier,
    broadcast,
    check_in_sync,
    checksum,
    reduce_scatter,
)
from rlx.distributed.graph_ops import graph_all_gather, graph_all_reduce, graph_reduce_scatter
from rlx.distributed.group import (
    DEFAULT_TIMEOUT,
    DistributedError,
    GroupInfo,
    WorkerLostError,
    info,
    init,
    is_initialized,
    rank,
    shutdown,
    world_size,
)

_LAZY = {
    "DataParallelTrainer": "rlx.distributed.data_parallel",
    "average_in_graph": "rlx.distributed.data_parallel",
    "TensorParallelMLP": "rlx.distributed.tensor_parallel",
    "mlp_graph": "rlx.distributed.tensor_parallel",
    "tensor_parallel_mlp_graph": "rlx.distributed.tensor_parallel",
}
"""Names that load their module on first use (they import the runtime, which imports
the backends, which import this package)."""

__all__ = ["BucketedAllReduce", "DEFAULT_TIMEOUT", "DataParallelTrainer", "DistributedError",
           "GroupInfo", "TensorParallelMLP", "WorkerLostError", "all_gather", "all_reduce",
           "all_reduce_start", "average_in_graph", "barrier", "broadcast", "check_in_sync",
           "checksum", "graph_all_gather",
           "graph_all_reduce", "graph_reduce_scatter", "info", "init", "is_initialized",
           "mlp_graph", "rank", "reduce_scatter", "shutdown", "tensor_parallel_mlp_graph",
           "world_size"]


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'rlx.distributed' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
