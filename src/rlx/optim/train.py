"""A training loop in a few lines: :func:`fit` a loss graph with an optimizer.

::

    loss = build_loss_graph()                 # scalar output, inputs "x" and "y", params
    result = fit(loss, init_params, Adam(1e-3), minibatches({"x": X, "y": Y}, 128),
                 epochs=10, evaluate=lambda p: {"acc": accuracy(p)})
    result.params["w1"]                        # trained weights
    result.history[-1].loss                    # mean training loss of the last epoch

:func:`fit` differentiates the loss once (``rlx.autodiff.vjp.grad``), compiles the
gradient graph once, sets the params, then per batch runs it reading only the loss
(``run_read_outputs``) and steps the params in the executable's own storage
(``optimizer_step_resident``), with a host fallback where the backend cannot.
Compiled graphs have static shapes: every batch must match the loss graph's declared
input shapes.
"""

from __future__ import annotations

import sys
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

import numpy as np

from rlx.autodiff.vjp import grad
from rlx.errors import InputError
from rlx.ir.graph import Graph
from rlx.optim.base import Optimizer
from rlx.runtime.compiled import CompiledGraph
from rlx.runtime.options import CompileOptions
from rlx.runtime.session import Session

Batch = Mapping[str, Any] | Sequence[Any]
BatchSource = Callable[[int], Iterable[Batch]] | Iterable[Batch]
Evaluate = Callable[[dict[str, np.ndarray]], Mapping[str, float]]


@dataclass
class EpochMetrics:
    """One epoch: its number (from 1), the mean of its batch losses, the metrics the
    ``evaluate`` callback returned, and its wall time in seconds."""

    epoch: int
    loss: float
    metrics: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0


@dataclass
class TrainResult:
    """What :func:`fit` returns.

    ``params``: every param of the loss graph — trained values for the trainable ones,
    the given values for the rest — as fresh arrays. ``history``: one
    :class:`EpochMetrics` per epoch. ``resident_steps`` / ``host_steps``: how many
    optimizer steps ran in place in the executable / on host copies (the fallback).
    ``compiled``: the compiled gradient graph, holding the trained params.
    """

    params: dict[str, np.ndarray]
    history: list[EpochMetrics]
    resident_steps: int
    host_steps: int
    compiled: CompiledGraph


def minibatches(data: Mapping[str, np.ndarray], batch_size: int, seed: int = 0,
                shuffle: bool = True) -> Callable[[int], Iterator[dict[str, np.ndarray]]]:
    """A batch source for :func:`fit`: ``source(epoch)`` yields dicts of ``batch_size``
    rows of every array in ``data`` (all with the same number of rows).

    With ``shuffle`` each epoch visits the rows in the order of a permutation drawn from
    ``numpy.random.default_rng((seed, epoch))``, so runs are reproducible. The rows
    left over after the last full batch are skipped that epoch (compiled graphs have
    static shapes).
    """
    counts = {len(v) for v in data.values()}
    if len(counts) != 1:
        raise InputError(f"minibatches: arrays need the same number of rows, got "
                         f"{ {k: len(v) for k, v in data.items()} }")
    rows = counts.pop()
    if not 0 < batch_size <= rows:
        raise InputError(f"minibatches: batch_size must be in 1..{rows}, got {batch_size}")

    def source(epoch: int) -> Iterator[dict[str, np.ndarray]]:
        order = (np.random.default_rng((seed, epoch)).permutation(rows) if shuffle
                 else np.arange(rows))
        for start in range(0, rows - batch_size + 1, batch_size):
            picked = order[start:start + batch_size]
            yield {name: values[picked] for name, values in data.items()}

    return source


class ProgressBar:
    """A one-line text progress bar (``\\r`` updates) for one epoch, at most every
    ``interval`` seconds; ``None`` as the stream disables it."""

    WIDTH = 24

    def __init__(self, stream: TextIO | None, label: str, total: int | None,
                 interval: float = 0.1):
        self.stream = stream
        self.label = label
        self.total = total
        self.interval = interval
        self._last_write = 0.0
        self._last_length = 0

    def update(self, done: int, loss: float) -> None:
        now = time.perf_counter()
        if self.stream is None or now - self._last_write < self.interval:
            return
        self._last_write = now
        self._write(f"{self._bar(done)} loss {loss:.4f}", end="")

    def close(self, summary: str) -> None:
        if self.stream is not None:
            self._write(summary, end="\n")

    def _bar(self, done: int) -> str:
        if not self.total:
            return f"{done} batches"
        filled = self.WIDTH * done // self.total
        return f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{self.total}"

    def _write(self, text: str, end: str) -> None:
        line = f"{self.label} {text}"
        padding = " " * max(0, self._last_length - len(line))
        self._last_length = len(line)
        self.stream.write(f"\r{line}{padding}{end}")
        self.stream.flush()


def fit(loss: Graph, params: Mapping[str, Any], optimizer: Optimizer, batches: BatchSource,
        epochs: int = 1, *, trainable: Sequence[str] | None = None,
        inputs: Sequence[str] | None = None, device: str = "reference",
        evaluate: Evaluate | None = None, schedule: Callable[[int], float] | None = None,
        progress: bool | TextIO = True, options: CompileOptions | None = None) -> TrainResult:
    """Train the params of ``loss`` (a graph with one scalar float output) and return
    the trained values with per-epoch metrics.

    ``params`` gives the initial value of every param of ``loss`` (copied; never
    modified). ``trainable`` names the params to train (default: all). ``batches``
    is a function ``epoch -> iterable of batches`` (see :func:`minibatches`) or a
    re-iterable collection of batches used every epoch; a batch is a mapping
    ``input name -> array`` or a sequence of arrays for ``inputs`` (default: the loss
    graph's inputs in declaration order). After each epoch ``evaluate(params)``, when
    given, returns named metrics (e.g. held-out accuracy) stored in the history.
    ``schedule(epoch)``, when given, is the learning rate for that epoch (from 1),
    assigned to ``optimizer.lr`` before the epoch starts.

    ``progress``: True draws a progress bar on stderr, a stream draws it there, False
    draws nothing. ``options`` defaults to ``CompileOptions(split_params=False)``: a
    param-invariant prepare stage would keep the optimizer from stepping params in
    place (it would fall back to host steps, counted in ``TrainResult.host_steps``).

    Raises InputError for missing, unknown or mistyped params and batches, and what
    ``rlx.autodiff.vjp.grad`` and ``Session.compile`` raise for the graph.
    """
    trainable = _check_trainable(loss, params, trainable)
    host = _host_copies(loss, params)
    feed_names = list(inputs) if inputs is not None else [name for name, _ in loss.inputs]
    source = _epoch_source(batches, epochs)
    compiled = Session(device, options or CompileOptions(split_params=False)).compile(
        grad(loss, trainable, d_output=False))
    for name, value in host.items():
        compiled.set_param(name, value)
    loop = _Loop(compiled, optimizer, host, [(n, host[n].shape) for n in trainable])
    stream = _progress_stream(progress)
    history = []
    for epoch in range(1, epochs + 1):
        if schedule is not None:
            optimizer.lr = float(schedule(epoch))
        history.append(loop.run_epoch(epoch, epochs, source(epoch), feed_names, evaluate,
                                      stream))
    return TrainResult(loop.current_params(), history, loop.resident_steps, loop.host_steps,
                       compiled)


class _Loop:
    """The state of one :func:`fit` call: the compiled gradient graph, the host copies
    of the params, and the step counters."""

    def __init__(self, compiled: CompiledGraph, optimizer: Optimizer,
                 host: dict[str, np.ndarray], trainable: list[tuple[str, tuple[int, ...]]]):
        self.compiled = compiled
        self.optimizer = optimizer
        self.host = host
        self.trainable = trainable
        self.resident_steps = 0
        self.host_steps = 0
        self._host_stale = False

    def run_epoch(self, epoch: int, epochs: int, batches: Iterable[Batch],
                  feed_names: list[str], evaluate: Evaluate | None,
                  stream: TextIO | None) -> EpochMetrics:
        started = time.perf_counter()
        total = len(batches) if isinstance(batches, Sequence) else None
        bar = ProgressBar(stream, f"epoch {epoch}/{epochs}", total)
        losses = []
        for batch in batches:
            losses.append(self.train_step(_as_feeds(batch, feed_names)))
            bar.update(len(losses), losses[-1])
        if not losses:
            raise InputError(f"fit: epoch {epoch} had no batches")
        metrics = dict(evaluate(self.current_params())) if evaluate is not None else {}
        result = EpochMetrics(epoch, float(np.mean(losses)), metrics,
                              time.perf_counter() - started)
        bar.close(_summary(result))
        return result

    def train_step(self, feeds: dict[str, Any]) -> float:
        """Run forward and backward, step every trainable param; returns the loss."""
        value = self.compiled.run_read_outputs(feeds, [0])[0]
        if self.optimizer.step_compiled(self.compiled, self.trainable, self.host):
            self.resident_steps += 1
            self._host_stale = True
            return float(value)
        if self.host_steps == 0:
            warnings.warn(f"fit: the compiled graph on {self.compiled.device!r} cannot step "
                          "params in place (a backend without the hook, or a prepare stage "
                          "from split_params=True); stepping host copies and re-setting "
                          "them every step", RuntimeWarning, stacklevel=4)
        self.host_steps += 1
        return float(value)

    def current_params(self) -> dict[str, np.ndarray]:
        """Fresh copies of every param's current value.

        CompiledGraph has no get_param; after resident steps the trained values are read
        through the same hook the optimizer steps with (``optimizer_step_resident``),
        with a callback that only copies each param out.
        """
        if self._host_stale:
            def copy_out(name: str, shape: tuple[int, ...], param: np.ndarray,
                         grad: np.ndarray) -> None:
                np.copyto(self.host[name].reshape(-1), param)
            self.compiled.optimizer_step_resident(self.trainable, copy_out)
            self._host_stale = False
        return {name: value.copy() for name, value in self.host.items()}


def _check_trainable(loss: Graph, params: Mapping[str, Any],
                     trainable: Sequence[str] | None) -> list[str]:
    declared = [name for name, _ in loss.params]
    missing = [n for n in declared if n not in params]
    unknown = [n for n in params if n not in declared]
    if missing or unknown:
        raise InputError(f"fit: params must give every param of the loss graph; missing "
                         f"{missing}, unknown {unknown}")
    names = declared if trainable is None else list(trainable)
    not_params = [n for n in names if n not in declared]
    if not_params:
        raise InputError(f"fit: trainable names {not_params} are not params of the loss "
                         f"graph (params: {declared})")
    if not names:
        raise InputError("fit: nothing to train (trainable is empty)")
    return names


def _host_copies(loss: Graph, params: Mapping[str, Any]) -> dict[str, np.ndarray]:
    """Each param's initial value as a fresh C-contiguous array of its declared type."""
    copies = {}
    for name, t in loss.params:
        value = np.array(params[name], dtype=t.dtype.np, order="C", copy=True)
        if value.shape != t.shape:
            raise InputError(f"fit: param {name!r} has shape {value.shape}, the graph "
                             f"declares {t.shape}")
        copies[name] = value
    return copies


def _epoch_source(batches: BatchSource, epochs: int) -> Callable[[int], Iterable[Batch]]:
    if isinstance(epochs, bool) or not isinstance(epochs, int) or epochs < 1:
        raise InputError(f"fit: epochs must be a positive int, got {epochs!r}")
    if callable(batches):
        return batches
    if iter(batches) is batches and epochs > 1:
        raise InputError("fit: batches is a one-shot iterator but several epochs were asked "
                         "for; pass a list, or a function epoch -> batches (minibatches)")
    return lambda epoch: batches


def _as_feeds(batch: Batch, names: list[str]) -> dict[str, Any]:
    if isinstance(batch, Mapping):
        return dict(batch)
    values = list(batch)
    if len(values) != len(names):
        raise InputError(f"fit: a batch of {len(values)} arrays was given for inputs {names}")
    return dict(zip(names, values))


def _progress_stream(progress: bool | TextIO) -> TextIO | None:
    if progress is True:
        return sys.stderr
    if progress is False or progress is None:
        return None
    return progress


def _summary(result: EpochMetrics) -> str:
    parts = [f"loss {result.loss:.4f}"]
    parts += [f"{name} {value:.4f}" for name, value in result.metrics.items()]
    parts.append(f"({result.seconds:.1f} s)")
    return " ".join(parts)
