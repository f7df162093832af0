"""Collectives over numpy arrays: the host side of every collective in rlx.

Called directly, they run *between* compiled programs: a compiled rlx graph runs to
completion, its output (a numpy array) goes through a collective, and the result feeds
the next compiled graph. The collective *ops* (:mod:`rlx.ir.collective_ops`, built with
``rlx.distributed.graph_all_reduce`` and its siblings) run them *inside* one compiled
program, between its kernels: the reference device calls them on its numpy values, the
cpu device's generated C calls back into Python, which calls them on numpy views of the
program's arena (``out=`` below: the result is written in place). What crosses the
network is the array's bytes, through gloo's CPU tensors (``torch.from_numpy`` shares
the memory, so nothing is copied on the way in).

Every function must be called by every worker of the group, in the same order, with
arrays of the same shape and dtype (gloo gathers equal-sized parts). A peer that
dies makes the call raise :class:`~rlx.distributed.group.WorkerLostError` within the
group's timeout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from rlx.digest import sha256
from rlx.distributed.group import DistributedError, guard, info, torch_distributed
from rlx.errors import InputError

_OPS = ("sum", "mean", "max", "min")


def require_group(what: str) -> None:
    """DistributedError naming ``what`` unless this process has joined a group."""
    try:
        info()
    except DistributedError:
        raise DistributedError(f"{what} needs a process group: call "
                               "rlx.distributed.init() first") from None


def _tensor(array: np.ndarray) -> Any:
    import torch

    return torch.from_numpy(array)


def _contiguous(what: str, array: Any) -> np.ndarray:
    array = np.ascontiguousarray(array)
    if array.dtype.kind not in "fiub":
        raise InputError(f"{what}: arrays of dtype {array.dtype} cannot be reduced")
    return array


def _movable(what: str, array: Any) -> np.ndarray:
    """``array`` C-contiguous, refused when its elements are not plain bytes."""
    array = np.ascontiguousarray(array)
    if array.dtype.hasobject or array.dtype.kind in "SUO":
        raise InputError(f"{what}: arrays of dtype {array.dtype} cannot be sent")
    return array


def _bytes(array: np.ndarray) -> np.ndarray:
    """The bytes of a C-contiguous ``array``, flat (the same memory)."""
    return array.reshape(-1).view(np.uint8)


def _output(what: str, out: np.ndarray | None, shape: tuple[int, ...],
            dtype: np.dtype) -> np.ndarray:
    """``out`` checked to be C-contiguous ``dtype[shape]``, or a fresh array."""
    if out is None:
        return np.empty(shape, dtype)
    if out.shape != tuple(shape) or out.dtype != dtype or not out.flags.c_contiguous:
        raise InputError(f"{what}: out must be C-contiguous {dtype}{list(shape)}, got "
                         f"{out.dtype}{list(out.shape)}")
    return out


def _reduce_op(what: str, op: str) -> Any:
    dist = torch_distributed()
    table = {"sum": dist.ReduceOp.SUM, "mean": dist.ReduceOp.SUM, "max": dist.ReduceOp.MAX,
             "min": dist.ReduceOp.MIN}
    if op not in table:
        raise InputError(f"{what}: op must be one of {_OPS}, got {op!r}")
    return table[op]


def all_reduce(array: Any, op: str = "sum", *, out: np.ndarray | None = None) -> np.ndarray:
    """The elementwise ``op`` (sum, mean, max, min) of ``array`` over every worker, on
    every worker. Into ``out`` (a C-contiguous array of the same shape and dtype,
    which may be ``array`` itself) when given, else into a fresh array."""
    return all_reduce_start(array, op, out=out).wait()


class PendingReduce:
    """An all-reduce in flight (:func:`all_reduce_start`): :meth:`wait` completes it."""

    def __init__(self, out: np.ndarray, op: str, what: str, work: Any):
        self.out, self.op, self.what, self._work = out, op, what, work

    def wait(self) -> np.ndarray:
        """Wait for the reduction; returns its result (the ``out`` it was started on)."""
        work, self._work = self._work, None
        if work is not None:
            with guard(self.what):
                work.wait()
            if self.op == "mean":
                self.out /= info().world_size
        return self.out


def all_reduce_start(array: Any, op: str = "sum", *,
                     out: np.ndarray | None = None) -> PendingReduce:
    """:func:`all_reduce`, started: returns at once, the reduction travelling while
    the caller goes on; ``out`` (or the fresh result) must not be touched until
    :meth:`PendingReduce.wait`. Every worker must start (and wait) the same reductions
    in the same order."""
    require_group("all_reduce")
    array = _contiguous("all_reduce", array)
    reduce_op = _reduce_op("all_reduce", op)
    if out is None:
        out = array.copy()
    elif out is not array:
        np.copyto(_output("all_reduce", out, array.shape, array.dtype), array)
    what = f"all_reduce({op}) of {out.dtype}{list(out.shape)}"
    with guard(what):
        work = torch_distributed().all_reduce(_tensor(out.reshape(-1)), op=reduce_op,
                                              async_op=True)
    return PendingReduce(out, op, what, work)


def all_gather(array: Any, axis: int = 0, *, out: np.ndarray | None = None) -> np.ndarray:
    """Every worker's ``array`` (all of one shape and dtype) concatenated along
    ``axis`` in rank order, on every worker (a 0-d array: stacked into ``[world]``).
    Into ``out`` (C-contiguous, of the gathered shape and the dtype) when given, else
    into a fresh array. Bytes are moved as they are, so any numeric dtype gathers."""
    require_group("all_gather")
    array = _movable("all_gather", array)
    world = info().world_size
    part = array.reshape(1) if array.ndim == 0 else array
    if not -part.ndim <= axis < part.ndim:
        raise InputError(f"all_gather: axis {axis} is out of range for shape "
                         f"{list(array.shape)}")
    axis %= part.ndim
    shape = part.shape[:axis] + (part.shape[axis] * world,) + part.shape[axis + 1:]
    out = _output("all_gather", out, shape, array.dtype)
    # the parts lie one after the other in the result when nothing comes before the axis
    direct = int(np.prod(part.shape[:axis])) == 1
    flat = _bytes(part)
    parts = (list(_bytes(out).reshape(world, -1)) if direct
             else [np.empty_like(flat) for _ in range(world)])
    with guard(f"all_gather of {array.dtype}{list(array.shape)}"):
        torch_distributed().all_gather([_tensor(p) for p in parts], _tensor(flat))
    if not direct:
        np.concatenate([p.view(array.dtype).reshape(part.shape) for p in parts], axis=axis,
                       out=out)
    return out


def reduce_scatter(array: Any, op: str = "sum", axis: int = 0, *,
                   out: np.ndarray | None = None) -> np.ndarray:
    """The ``op`` (sum or mean) over every worker of ``array``, split into
    ``world_size`` equal chunks along ``axis``; worker ``r`` gets chunk ``r``, into
    ``out`` (C-contiguous, of the chunk's shape and the dtype) when given, else into a
    fresh array."""
    require_group("reduce_scatter")
    array = _contiguous("reduce_scatter", array)
    if op not in ("sum", "mean"):
        raise InputError(f"reduce_scatter: op must be 'sum' or 'mean', got {op!r}")
    world = info().world_size
    if array.ndim == 0 or array.shape[axis] % world:
        raise InputError(f"reduce_scatter: axis {axis} of shape {list(array.shape)} does not "
                         f"split into {world} equal chunks")
    chunks = [np.ascontiguousarray(c) for c in np.split(array, world, axis=axis)]
    out = _output("reduce_scatter", out, chunks[0].shape, array.dtype)
    dist = torch_distributed()
    with guard(f"reduce_scatter({op}) of {array.dtype}{list(array.shape)}"):
        dist.reduce_scatter(_tensor(out), [_tensor(c) for c in chunks], op=dist.ReduceOp.SUM)
    if op == "mean":
        out /= world
    return out


def broadcast(array: Any, src: int = 0) -> np.ndarray:
    """Worker ``src``'s ``array`` on every worker (the others pass an array of the
    same shape and dtype, whose values are ignored); a fresh array."""
    require_group("broadcast")
    out = _contiguous("broadcast", array).copy()
    with guard(f"broadcast from rank {src} of {out.dtype}{list(out.shape)}"):
        torch_distributed().broadcast(_tensor(out.reshape(-1)), src=src)
    return out


def barrier() -> None:
    """Wait until every worker reaches this call."""
    require_group("barrier")
    with guard("barrier"):
        torch_distributed().barrier()


def checksum(arrays: Sequence[np.ndarray]) -> str:
    """A hex digest (SHA-256) of the bytes, dtypes and shapes of ``arrays`` in order."""
    digest = sha256()
    for a in arrays:
        a = np.ascontiguousarray(a)
        digest.update(f"{a.dtype.str}{a.shape}".encode())
        digest.update(a.tobytes())
    return digest.hexdigest()


def check_in_sync(arrays: Sequence[np.ndarray], what: str = "weights") -> str:
    """Check that every worker holds bit-identical ``arrays``: each worker hashes its
    own, the digests are gathered, and all must agree. Returns the digest; raises
    DistributedError listing the ranks that differ from rank 0."""
    digest = checksum(arrays)
    words = np.frombuffer(bytes.fromhex(digest), dtype=np.int64).copy()
    everyone = all_gather(words[None, :], axis=0)
    differ = [r for r in range(len(everyone)) if not np.array_equal(everyone[r], everyone[0])]
    if differ:
        raise DistributedError(f"rank {info().rank}: {what} differ between workers: ranks "
                               f"{differ} disagree with rank 0 (digest {digest[:16]}...)")
    return digest


class BucketedAllReduce:
    """Sums one flat buffer over every worker in buckets of at most ``bucket_elems``
    elements, each launched (asynchronously) as soon as the buffer is filled past its
    end, so that the reduction of early buckets overlaps the filling of later ones.

    Use: ``filled(upto)`` after writing ``buffer[:upto]`` (in increasing order), then
    ``finish()`` to launch the rest and wait for all of them.
    """

    def __init__(self, buffer: np.ndarray, bucket_elems: int):
        if buffer.ndim != 1 or not buffer.flags.c_contiguous:
            raise InputError("BucketedAllReduce: the buffer must be flat and C-contiguous")
        if bucket_elems < 1:
            raise InputError(f"BucketedAllReduce: bucket_elems must be positive, got "
                             f"{bucket_elems}")
        self.buffer = buffer
        edges = list(range(0, buffer.size, bucket_elems)) + [buffer.size]
        self.buckets = list(zip(edges[:-1], edges[1:]))
        self._next = 0
        self._pending: list[Any] = []

    def filled(self, upto: int) -> None:
        """``buffer[:upto]`` holds its final local values: launch every bucket that
        ends at or before ``upto``."""
        while self._next < len(self.buckets) and self.buckets[self._next][1] <= upto:
            self._launch()

    def finish(self) -> np.ndarray:
        """Launch the remaining buckets, wait for every one; returns the buffer."""
        while self._next < len(self.buckets):
            self._launch()
        pending, self._pending = self._pending, []
        for work in pending:
            work.wait()
        self._next = 0
        return self.buffer

    def _launch(self) -> None:
        lo, hi = self.buckets[self._next]
        self._next += 1
        bucket = self.buffer[lo:hi]
        self._pending.append(all_reduce_start(bucket, out=bucket))
