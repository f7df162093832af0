"""rlx beyond one process, on ``torch.distributed`` with the gloo backend.

* :func:`init` / :func:`rank` / :func:`world_size` / :func:`shutdown`: the process
  group (launch workers with ``torchrun``, or pass rank, world size and address);
* :class:`DataParallelTrainer`: an :class:`rlx.optim.Trainer` whose gradients are
  averaged over the workers in all-reduced buckets, with checkpoints;
* :func:`all_reduce`, :func:`all_gather`, :func:`reduce_scatter`, :func:`broadcast`,
  :func:`barrier`, :func:`check_in_sync`: collectives over numpy arrays, run between
  compiled programs (not inside one);
* :class:`TensorParallelMLP`: a column- then row-parallel MLP whose parts are
  compiled rlx graphs.

A worker that dies makes the others' next collective raise :class:`WorkerLostError`
within the group's timeout (30 s unless ``init(timeout=...)`` says otherwise).
Importing this package does not import torch; :func:`init` does.
"""

from rlx.distributed.collectives import (
    BucketedAllReduce,
    all_gather,
    all_reduce,
    barrier,
    broadcast,
    check_in_sync,
    checksum,
    reduce_scatter,
)
from rlx.distributed.data_parallel import DataParallelTrainer
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
from rlx.distributed.tensor_parallel import TensorParallelMLP, mlp_graph

__all__ = ["BucketedAllReduce", "DEFAULT_TIMEOUT", "DataParallelTrainer", "DistributedError",
           "GroupInfo", "TensorParallelMLP", "WorkerLostError", "all_gather", "all_reduce",
           "barrier", "broadcast", "check_in_sync", "checksum", "info", "init",
           "is_initialized", "mlp_graph", "rank", "reduce_scatter", "shutdown", "world_size"]
