"""The Python end of a cpu program's collectives: the callback its generated C calls
between kernels (:mod:`rlx.backends.cpu.kernels.collective`).

An executable whose program has collectives makes one :class:`CollectiveHost` and puts
its function pointer in the program's control block (``ctl[8]``, rlx.backends.cpu.render).
The C calls ``callback(i, operand, result)`` on the thread that runs the program, outside
any OpenMP region; ctypes released the GIL around the program and the callback takes it
back. The callback views the two buffers with numpy (no copy), runs collective ``i``
(:func:`rlx.backends.collective.run_collective`) and returns 0; on any failure it keeps
the exception and returns 1, the C reports failure, and :meth:`take_error` hands the
exception to the executable, which raises it from ``run`` (a peer that died:
WorkerLostError; no group: DistributedError naming ``rlx.distributed.init()``). Nothing
is raised through the C frames, and no failure is lost.

Each executable (clones, programs thawed from the store) makes its own host: the
function pointer is valid only while the host lives, so it is never stored.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence

import numpy as np

from rlx.backends.collective import (
    CollectiveCall,
    PendingReduce,
    finish_collective,
    run_collective,
    start_collective,
)
from rlx.ir.types import TensorType

CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p)
"""``int callback(int64_t index, const void *operand, void *result)``."""


def _view(address: int | None, ttype: TensorType) -> np.ndarray:
    """The ``ttype`` value at ``address`` (C-contiguous), as a writable numpy view."""
    if ttype.nbytes == 0 or not address:
        return np.empty(ttype.shape, ttype.dtype.np)
    raw = (ctypes.c_char * ttype.nbytes).from_address(address)
    return np.frombuffer(raw, ttype.dtype.np).reshape(ttype.shape)


class CollectiveHost:
    """The callback of one executable's collectives (``calls`` in index order)."""

    def __init__(self, calls: Sequence[CollectiveCall]):
        self.calls = tuple(calls)
        self._error: BaseException | None = None
        self._pending: dict[int, PendingReduce] = {}
        self._callback = CALLBACK(self._run)
        self.address: int = ctypes.cast(self._callback, ctypes.c_void_p).value or 0

    def _run(self, index: int, operand: int | None, result: int | None) -> int:
        """Collective ``index``; an overlapped all_reduce is started here, and waited
        for when the program calls back with ``-(index + 1)`` (rlx.backends.cpu.render)."""
        try:
            if index < 0:
                call = self.calls[-index - 1]
                finish_collective(call, self._pending.pop(-index - 1))
                return 0
            call = self.calls[index]
            x, out = _view(operand, call.operand), _view(result, call.result)
            if call.overlap:
                self._pending[index] = start_collective(call, x, out)
            else:
                run_collective(call, x, out)
        except BaseException as err:  # kept for run: never lost inside ctypes
            self._error = err
            return 1
        return 0

    def take_error(self) -> BaseException | None:
        """The exception of the last failed call (cleared), or None; reductions a failed
        run left in flight are waited for first (their errors dropped), so that none
        writes into the arena during a later run."""
        self.drain()
        err, self._error = self._error, None
        return err

    def drain(self) -> None:
        pending, self._pending = self._pending, {}
        for index, work in pending.items():
            try:
                finish_collective(self.calls[index], work)
            except BaseException:  # noqa: BLE001  (the run already failed)
                pass
