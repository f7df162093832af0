"""CompiledGraph's asynchronous runs: the lock decorator every serialised method wears
(``_serialised``: wait for committed runs, then hold the graph's lock, as
:mod:`rlx.runtime.compiled`'s module docstring says under Threads; ``both_locked``
for the methods that read another graph), the
``commit_no_wait`` / ``sync_pending`` / ``run_pipelined`` methods, and the worker
thread that runs them in commit order.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

if TYPE_CHECKING:       # the graph these methods are part of
    from rlx.runtime.compiled import CompiledGraph

_Method = TypeVar("_Method", bound=Callable[..., Any])


def _serialised(method: _Method) -> _Method:
    """``method`` run while holding the graph's lock (module docstring: Threads)."""
    @functools.wraps(method)
    def locked(self: CompiledGraph, *args: Any, **kwargs: Any) -> Any:
        self._wait_async()
        with self._lock:
            return method(self, *args, **kwargs)
    return locked  # type: ignore[return-value]


@contextlib.contextmanager
def both_locked(first: CompiledGraph, second: CompiledGraph) -> Iterator[None]:
    """Both graphs' committed runs finished and both locks held, taken in one order
    whatever the call's (two threads copying between the same graphs both ways do not
    wait on each other); one graph given twice is locked once."""
    graphs = sorted({id(g): g for g in (first, second)}.values(), key=id)
    for graph in graphs:
        graph._wait_async()
    with contextlib.ExitStack() as stack:
        for graph in graphs:
            stack.enter_context(graph._lock)
        yield


class AsyncRunsMixin:
    """The asynchronous runs of :class:`~rlx.runtime.compiled.CompiledGraph`, which
    provides the lock, the worker slot and the run path they use."""

    # ------------------------------------------------------------------ asynchronous runs
    def commit_no_wait(self, inputs: Mapping[str, Any] | None = None) -> None:
        """Start a run and return at once: it runs on the graph's worker thread (the
        native call releases the GIL, so the caller's Python goes on meanwhile). The
        inputs are checked now (InputError here, nothing queued) and copied, so the
        caller may reuse its arrays. Runs committed from one thread run in commit order;
        each keeps a snapshot of its outputs until :meth:`sync_pending` returns them.
        Any other call on the graph (run, params, handles, KV feeds) first waits for
        the committed runs to finish, so it sees their effects."""
        feeds = {name: value.copy() for name, value in self._feeds(inputs).items()}
        self._worker().submit(feeds, keep=True)

    def sync_pending(self) -> list[list[np.ndarray]]:
        """Wait for every run started by :meth:`commit_no_wait` and return their output
        snapshots, one list per run in commit order (nothing pending: an empty list).
        When a run failed, the runs after it still ran; the first failure is raised
        here and the snapshots are dropped."""
        worker = self._async
        return [] if worker is None else worker.collect()

    def run_pipelined(self, input_sets: Sequence[Mapping[str, Any]]) -> list[list[np.ndarray]]:
        """Run each input set in order on the worker thread with one wait at the end;
        returns each run's outputs (fresh arrays), out[run][output]. Every set is
        checked before the first run starts (InputError: nothing ran). Runs committed
        earlier and not yet synced are waited for first; their results stay for
        :meth:`sync_pending`."""
        feeds = [{n: v.copy() for n, v in self._feeds(inputs).items()} for inputs in input_sets]
        worker = self._worker()
        runs = [worker.submit(one, keep=False) for one in feeds]
        return _AsyncRuns.results(runs)

    def _worker(self) -> _AsyncRuns:
        with self._lock:
            if self._async is None:
                self._async = _AsyncRuns(self)
            return self._async

    def _wait_async(self) -> None:
        """Let committed runs finish before a synchronous call (program order)."""
        worker = self._async
        if worker is not None:
            worker.wait_idle()


class _AsyncRuns:
    """The worker thread of a graph's asynchronous runs (``commit_no_wait``,
    ``run_pipelined``): one thread, so runs keep their commit order."""

    def __init__(self, graph: CompiledGraph):
        self._graph = graph
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rlx-run")
        self._kept: list[Future] = []      # commit_no_wait runs, until sync_pending
        self._last: Future | None = None

    def submit(self, feeds: dict[str, np.ndarray], keep: bool) -> Future:
        run = self._pool.submit(self._run, feeds)
        self._last = run
        if keep:
            self._kept.append(run)
        return run

    def _run(self, feeds: dict[str, np.ndarray]) -> list[np.ndarray]:
        graph = self._graph
        with graph._lock:
            return graph._execute(feeds, fresh=True)

    def wait_idle(self) -> None:
        """Wait for the last submitted run (runs finish in order); its error is kept
        for whoever collects it."""
        last = self._last
        if last is not None:
            wait([last])

    def collect(self) -> list[list[np.ndarray]]:
        runs, self._kept = self._kept, []
        return self.results(runs)

    @staticmethod
    def results(runs: list[Future]) -> list[list[np.ndarray]]:
        """Each run's outputs, after all finished; the first failure raised."""
        wait(runs)
        for run in runs:
            if run.exception() is not None:
                raise run.exception()
        return [run.result() for run in runs]
