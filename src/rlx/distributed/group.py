"""The process group: joining it, who we are, leaving it, and turning the engine's
failures into rlx errors.

rlx runs on ``torch.distributed`` with the gloo backend (CPU tensors over TCP). A
worker joins with :func:`init`, which reads the variables ``torchrun`` sets (``RANK``,
``WORLD_SIZE``, ``MASTER_ADDR``, ``MASTER_PORT``) or takes them explicitly, and sets
the timeout gloo applies to every collective: when a peer dies, the others get an
error from their next collective (at once when the peer's TCP connection closes,
after the timeout when it hangs) and rlx raises :class:`WorkerLostError` instead of
hanging.
"""

from __future__ import annotations

import datetime
import math
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rlx.errors import InputError, RlxError

DEFAULT_TIMEOUT = 30.0   # seconds gloo waits for a peer in any collective


class DistributedError(RlxError, RuntimeError):
    """A distributed operation failed: the process group is not initialised, the
    engine is missing, or the workers disagree (e.g. their weights diverged).

    Install the engine with ``pip install -e ".[distributed]"``, call
    ``rlx.distributed.init()`` in every worker before anything else, and give every
    worker the same model, optimizer and batches.
    """


class WorkerLostError(DistributedError):
    """A collective failed because a peer worker exited, crashed or did not answer
    within the group's timeout.

    The run cannot continue with a missing worker: look at the logs of the worker
    that died first, then restart every worker from the last checkpoint
    (``DataParallelTrainer.load``). Raise the timeout (``init(timeout=...)``) only if
    a healthy worker can legitimately be that much slower than the others.
    """


@dataclass(frozen=True)
class GroupInfo:
    """What :func:`init` joined: this worker's rank, the number of workers, the
    rendezvous address and the collective timeout in seconds."""

    rank: int
    world_size: int
    master_addr: str
    master_port: int
    timeout: float


_info: GroupInfo | None = None


def torch_distributed() -> Any:
    """``torch.distributed``, or DistributedError saying how to install it."""
    try:
        import torch.distributed as dist
    except ImportError as err:
        raise DistributedError('rlx.distributed needs torch (pip install -e ".[distributed]"): '
                               f"{err}") from None
    if not dist.is_available() or not dist.is_gloo_available():
        raise DistributedError("rlx.distributed: this torch build has no gloo backend "
                               "(torch.distributed.is_gloo_available() is False)")
    return dist


def _from_env(value: Any, name: str, default: Any = None) -> Any:
    if value is not None:
        return value
    found = os.environ.get(name)
    if found is None:
        if default is None:
            raise InputError(f"rlx.distributed.init: {name.lower()} was not given and the "
                             f"environment has no {name} (launch with torchrun, or pass it)")
        return default
    return found


def _number(kind: type, value: Any, what: str) -> Any:
    """``value`` (given or read from the environment) as ``kind``; InputError naming
    ``what`` when it is not one."""
    try:
        return kind(value)
    except (TypeError, ValueError):
        raise InputError(f"rlx.distributed.init: {what} must be a number, got "
                         f"{value!r}") from None


def init(rank: int | None = None, world_size: int | None = None, *,
         master_addr: str | None = None, master_port: int | None = None,
         timeout: float = DEFAULT_TIMEOUT) -> GroupInfo:
    """Join the gloo process group and return what was joined.

    Arguments left as None come from the environment ``torchrun`` sets: ``RANK``,
    ``WORLD_SIZE``, ``MASTER_ADDR`` (default ``127.0.0.1``) and ``MASTER_PORT``.
    Rank 0 hosts the rendezvous on ``master_addr:master_port``; every worker must
    reach it. ``timeout`` (seconds) bounds the rendezvous and every later
    collective. Raises InputError for bad arguments, DistributedError when the group
    is already initialised or the engine is missing, WorkerLostError when the
    rendezvous times out.
    """
    dist = torch_distributed()
    global _info
    # under torchrun the elastic agent already hosts the rendezvous store: join it
    # through env:// (which knows that) rather than opening our own on its port
    from_torchrun = (rank is None and world_size is None and master_addr is None
                     and master_port is None and "TORCHELASTIC_RUN_ID" in os.environ)
    if dist.is_initialized():
        raise DistributedError("rlx.distributed.init: the process group is already "
                               "initialised (call shutdown() first)")
    rank = _number(int, _from_env(rank, "RANK"), "rank (RANK)")
    world_size = _number(int, _from_env(world_size, "WORLD_SIZE"), "world_size (WORLD_SIZE)")
    master_addr = str(_from_env(master_addr, "MASTER_ADDR", "127.0.0.1"))
    master_port = _number(int, _from_env(master_port, "MASTER_PORT"),
                          "master_port (MASTER_PORT)")
    timeout = _number(float, timeout, "timeout")
    if world_size < 1 or not 0 <= rank < world_size:
        raise InputError(f"rlx.distributed.init: rank {rank} is not in 0..{world_size - 1}")
    if not 0 < timeout < math.inf:
        raise InputError(f"rlx.distributed.init: timeout must be a positive number of "
                         f"seconds, got {timeout}")
    if not master_addr:
        raise InputError("rlx.distributed.init: master_addr (MASTER_ADDR) is empty")
    if not from_torchrun and not 0 < master_port < 65536:
        raise InputError(f"rlx.distributed.init: master_port (MASTER_PORT) {master_port} is "
                         "not a TCP port (1 to 65535)")
    with guard(f"joining the group at {master_addr}:{master_port} as rank {rank}/{world_size}",
               timeout, rank):
        method = "env://" if from_torchrun else f"tcp://{master_addr}:{master_port}"
        dist.init_process_group("gloo", init_method=method, rank=rank, world_size=world_size,
                                timeout=datetime.timedelta(seconds=timeout))
    _info = GroupInfo(rank, world_size, master_addr, master_port, timeout)
    return _info


def info() -> GroupInfo:
    """The group :func:`init` joined; DistributedError when there is none."""
    if _info is None:
        raise DistributedError("rlx.distributed: no process group (call "
                               "rlx.distributed.init() first)")
    return _info


def is_initialized() -> bool:
    """Whether this process has joined a group with :func:`init`."""
    return _info is not None


def rank() -> int:
    """This worker's rank, from 0."""
    return info().rank


def world_size() -> int:
    """The number of workers in the group."""
    return info().world_size


def shutdown() -> None:
    """Leave the group (a no-op when there is none). Every worker should call it at
    the end of a run; after a WorkerLostError it releases this worker's sockets."""
    global _info
    if _info is None:
        return
    _info = None
    dist = torch_distributed()
    if dist.is_initialized():
        try:
            dist.destroy_process_group()
        except RuntimeError:
            pass  # a peer is already gone; there is nothing left to tear down politely


@contextmanager
def guard(what: str, timeout: float | None = None, who: int | None = None) -> Iterator[None]:
    """Run a collective, turning the engine's failure into a WorkerLostError that
    says which operation, on which rank, after how long."""
    started = time.perf_counter()
    try:
        yield
    except RuntimeError as err:   # gloo's errors (DistBackendError derives from it)
        if isinstance(err, RlxError):
            raise
        waited = time.perf_counter() - started
        limit = timeout if timeout is not None else (_info.timeout if _info else None)
        me = who if who is not None else (_info.rank if _info else "?")
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise WorkerLostError(
            f"rank {me}: {what} failed after {waited:.1f} s: a peer worker exited, crashed "
            f"or did not answer within the {limit} s timeout; the run cannot continue "
            f"(restart every worker from the last checkpoint). Engine error: {first}") from err
