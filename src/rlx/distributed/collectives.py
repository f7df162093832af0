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
arrays of the same shape and dtype (gloo gathers equal-sized parts). Each call checks
that first: the workers exchange the call's signature (collective, reduction, axis or
source, dtype, shape) in one small all-gather, and a DistributedError lists what each
rank passed when they differ — without it the engine aborts the process on sizes
that differ and mixes the bytes of dtypes or shapes that differ in size only.
``check=False`` skips it for callers that have checked otherwise (the buckets of
:class:`BucketedAllReduce`, agreed once; a program's collective nodes, agreed on
their first run). A peer that dies makes the call raise
:class:`~rlx.distributed.group.WorkerLostError` within the group's timeout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from rlx.digest import sha256
from rlx.distributed.group import DistributedError, guard, info, torch_distributed
from rlx.errors import InputError
from rlx.ir.collective_ops import REDUCIBLE

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


_REDUCIBLE = tuple(sorted(d.np.str for d in REDUCIBLE))
"""The numpy dtypes (``dtype.str``, native order) the engine reduces."""


def _native(array: Any) -> np.ndarray:
    """``array`` as a C-contiguous array of native byte order, of its own shape (0-d
    arrays stay 0-d)."""
    array = np.asarray(array, order="C")
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    return array


def _contiguous(what: str, array: Any, op: str = "sum") -> np.ndarray:
    """``array`` C-contiguous and native, refused when the engine cannot ``op`` it."""
    array = _native(array)
    if array.dtype.str not in _REDUCIBLE:
        names = ", ".join(str(np.dtype(d)) for d in _REDUCIBLE)
        raise InputError(f"{what}: the engine cannot reduce arrays of dtype {array.dtype} "
                         f"(it reduces {names}); cast the array first")
    if op == "mean" and array.dtype.kind != "f":
        raise InputError(f"{what}: mean takes float arrays, got {array.dtype} (use sum)")
    return array


def _movable(what: str, array: Any) -> np.ndarray:
    """``array`` C-contiguous, refused when its elements are not plain bytes."""
    array = _native(array)
    if array.dtype.hasobject or array.dtype.kind in "SUOV":
        raise InputError(f"{what}: arrays of dtype {array.dtype} cannot be sent")
    return array


def _bytes(array: np.ndarray) -> np.ndarray:
    """The bytes of a C-contiguous ``array``, flat (the same memory)."""
    return array.reshape(-1).view(np.uint8)


def _axis(what: str, axis: Any, ndim: int) -> int:
    """``axis`` of an array of ``ndim`` dimensions, made non-negative."""
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise InputError(f"{what}: axis must be an int, got {axis!r}")
    if not -ndim <= axis < ndim:
        raise InputError(f"{what}: axis {axis} is out of range for {ndim} dimensions")
    return int(axis) % ndim


# A call's signature, as every worker sends it before the data: the collective, the
# reduction, the axis or source rank, the dtype and the shape (SIGNATURE_DIMS
# dimensions; a longer shape's last slot holds a digest of its remaining dimensions).
_KINDS = ("all_reduce", "all_gather", "reduce_scatter", "broadcast")
SIGNATURE_DIMS = 6


def _signature(kind: str, op: str, arg: int, array: np.ndarray) -> np.ndarray:
    dims = list(array.shape[:SIGNATURE_DIMS]) + [-1] * (SIGNATURE_DIMS - array.ndim)
    if array.ndim > SIGNATURE_DIMS:
        tail = sha256(repr(array.shape[SIGNATURE_DIMS - 1:]).encode()).digest()
        dims[-1] = int.from_bytes(tail[:7], "little")
    code = list(np.dtype(array.dtype).str.encode().ljust(8, b"\0"))
    head = [_KINDS.index(kind), _OPS.index(op) if op in _OPS else -1, arg, array.ndim,
            array.size, int.from_bytes(bytes(code), "little", signed=True)]
    return np.array(head + dims, np.int64)


def _describe(sig: np.ndarray) -> str:
    kind, op, arg, ndim, size, code = (int(v) for v in sig[:6])
    dtype = np.dtype(code.to_bytes(8, "little", signed=True).rstrip(b"\0").decode())
    long = ndim > SIGNATURE_DIMS      # its last slot is a digest
    dims = [int(d) for d in sig[6:6 + min(ndim, SIGNATURE_DIMS - long)]]
    shape = str(dims)[:-1] + (", ...]" if long else "]")
    what = _KINDS[kind] + (f"({_OPS[op]})" if op >= 0 else "")
    extra = {"all_gather": f" on axis {arg}", "reduce_scatter": f" on axis {arg}",
             "broadcast": f" from rank {arg}"}.get(_KINDS[kind], "")
    return f"{what} of {dtype}{shape} ({size} elements){extra}"


def _agree(what: str, kind: str, op: str, arg: int, array: np.ndarray) -> None:
    """Check that every worker makes this same call on an array of the same shape and
    dtype, before any data moves: the engine would otherwise abort the process (sizes
    that differ) or mix the bytes of different dtypes or shapes without a word. One
    small all-gather; DistributedError listing what each rank passed."""
    mine = _signature(kind, op, arg, array)
    everyone = np.empty((info().world_size, mine.size), np.int64)
    with guard(f"{what} (checking that every worker passes the same)"):
        torch_distributed().all_gather(list(_tensor(everyone)), _tensor(mine))
    if (everyone == mine).all():
        return
    calls = "; ".join(f"rank {r}: {_describe(s)}" for r, s in enumerate(everyone))
    raise DistributedError(f"rank {info().rank}: {what}: the workers' calls differ ({calls}); "
                           "every worker must make the same collective calls, in the same "
                           "order, on arrays of the same shape and dtype")


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


def all_reduce(array: Any, op: str = "sum", *, out: np.ndarray | None = None,
               check: bool = True) -> np.ndarray:
    """The elementwise ``op`` (sum, mean, max, min) of ``array`` over every worker, on
    every worker. Into ``out`` (a C-contiguous array of the same shape and dtype,
    which may be ``array`` itself) when given, else into a fresh array."""
    return all_reduce_start(array, op, out=out, check=check).wait()


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


def all_reduce_start(array: Any, op: str = "sum", *, out: np.ndarray | None = None,
                     check: bool = True) -> PendingReduce:
    """:func:`all_reduce`, started: returns at once, the reduction travelling while
    the caller goes on; ``out`` (or the fresh result) must not be touched until
    :meth:`PendingReduce.wait`. Every worker must start (and wait) the same reductions
    in the same order. ``check=False`` skips the workers' agreement on the call (one
    small all-gather: see the module docstring), for a caller that has checked it."""
    require_group("all_reduce")
    reduce_op = _reduce_op("all_reduce", op)
    array = _contiguous("all_reduce", array, op)
    if check:
        _agree("all_reduce", "all_reduce", op, 0, array)
    if out is None:
        out = array.copy()
    elif out is not array:
        np.copyto(_output("all_reduce", out, array.shape, array.dtype), array)
    what = f"all_reduce({op}) of {out.dtype}{list(out.shape)}"
    with guard(what):
        work = torch_distributed().all_reduce(_tensor(out.reshape(-1)), op=reduce_op,
                                              async_op=True)
    return PendingReduce(out, op, what, work)


def all_gather(array: Any, axis: int = 0, *, out: np.ndarray | None = None,
               check: bool = True) -> np.ndarray:
    """Every worker's ``array`` (all of one shape and dtype) concatenated along
    ``axis`` in rank order, on every worker (a 0-d array: stacked into ``[world]``).
    Into ``out`` (C-contiguous, of the gathered shape and the dtype) when given, else
    into a fresh array. Bytes are moved as they are, so any numeric dtype gathers."""
    require_group("all_gather")
    array = _movable("all_gather", array)
    world = info().world_size
    part = array.reshape(1) if array.ndim == 0 else array
    axis = _axis("all_gather", axis, part.ndim)
    shape = part.shape[:axis] + (part.shape[axis] * world,) + part.shape[axis + 1:]
    out = _output("all_gather", out, shape, array.dtype)
    if check:
        _agree("all_gather", "all_gather", "", axis, array)
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
                   out: np.ndarray | None = None, check: bool = True) -> np.ndarray:
    """The ``op`` (sum or mean) over every worker of ``array``, split into
    ``world_size`` equal chunks along ``axis``; worker ``r`` gets chunk ``r``, into
    ``out`` (C-contiguous, of the chunk's shape and the dtype) when given, else into a
    fresh array."""
    require_group("reduce_scatter")
    if op not in ("sum", "mean"):
        raise InputError(f"reduce_scatter: op must be 'sum' or 'mean', got {op!r}")
    array = _contiguous("reduce_scatter", array, op)
    world = info().world_size
    if array.ndim == 0:
        raise InputError("reduce_scatter: a 0-d array has no axis to split")
    axis = _axis("reduce_scatter", axis, array.ndim)
    if array.shape[axis] % world:
        raise InputError(f"reduce_scatter: axis {axis} of shape {list(array.shape)} does not "
                         f"split into {world} equal chunks")
    chunks = [np.ascontiguousarray(c) for c in np.split(array, world, axis=axis)]
    out = _output("reduce_scatter", out, chunks[0].shape, array.dtype)
    if check:
        _agree("reduce_scatter", "reduce_scatter", op, axis, array)
    dist = torch_distributed()
    with guard(f"reduce_scatter({op}) of {array.dtype}{list(array.shape)}"):
        dist.reduce_scatter(_tensor(out), [_tensor(c) for c in chunks], op=dist.ReduceOp.SUM)
    if op == "mean":
        out /= world
    return out


def broadcast(array: Any, src: int = 0) -> np.ndarray:
    """Worker ``src``'s ``array`` on every worker (the others pass an array of the
    same shape and dtype, whose values are ignored); a fresh array. Bytes are moved
    as they are, so any numeric dtype is sent."""
    require_group("broadcast")
    world = info().world_size
    if isinstance(src, bool) or not isinstance(src, (int, np.integer)) or not 0 <= src < world:
        raise InputError(f"broadcast: src must be a rank in 0..{world - 1}, got {src!r}")
    out = _movable("broadcast", array).copy()
    _agree("broadcast", "broadcast", "", int(src), out)
    with guard(f"broadcast from rank {src} of {out.dtype}{list(out.shape)}"):
        torch_distributed().broadcast(_tensor(_bytes(out)), src=int(src))
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
    ``finish()`` to launch the rest and wait for all of them. Every worker makes one
    with a buffer of the same size and dtype, checked when it is made.
    """

    def __init__(self, buffer: np.ndarray, bucket_elems: int):
        if buffer.ndim != 1 or not buffer.flags.c_contiguous:
            raise InputError("BucketedAllReduce: the buffer must be flat and C-contiguous")
        if bucket_elems < 1:
            raise InputError(f"BucketedAllReduce: bucket_elems must be positive, got "
                             f"{bucket_elems}")
        require_group("BucketedAllReduce")
        _contiguous("BucketedAllReduce", buffer)
        _agree("BucketedAllReduce", "all_reduce", "sum", bucket_elems, buffer)
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
        self._pending.append(all_reduce_start(bucket, out=bucket, check=False))
