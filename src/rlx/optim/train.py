"""A training loop in a few lines: :func:`fit` a loss graph with an optimizer.

::

    loss = build_loss_graph()                 # scalar output, inputs "x" and "y", params
    result = fit(loss, init_params, Adam(1e-3), minibatches({"x": X, "y": Y}, 128),
                 epochs=10, evaluate=lambda p: {"acc": accuracy(p)})
    result.params["w1"]                        # trained weights
    result.history[-1].loss                    # mean training loss of the last epoch

:func:`fit` builds a :class:`Trainer`, which differentiates the loss once
(``rlx.autodiff.vjp.grad``), compiles the gradient graph once and sets the params;
each :meth:`Trainer.step` runs it reading only the loss (``run_read_outputs``) and
steps the params in the executable's own storage (``optimizer_step_resident``), with
a host fallback where the backend cannot. Compiled graphs have static shapes: every
batch must match the loss graph's declared input shapes.
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
from rlx.ir.dtypes import exact_int
from rlx.ir.graph import Graph
from rlx.optim.base import Optimizer, check_range
from rlx.passes.cleanup import live_nodes
from rlx.runtime.coerce import coerce
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
    if exact_int(batch_size) is None:
        raise InputError(f"minibatches: batch_size must be an int, got {batch_size!r}")
    if exact_int(seed) is None or seed < 0:
        raise InputError(f"minibatches: seed must be an int >= 0, got {seed!r}")
    data = {name: np.asarray(values) for name, values in data.items()}
    scalars = [name for name, values in data.items() if values.ndim == 0]
    if scalars:
        raise InputError(f"minibatches: every array needs rows (an axis 0); {scalars} are "
                         "scalars")
    counts = {len(v) for v in data.values()}
    if len(counts) != 1:
        raise InputError(f"minibatches: arrays need the same number of rows, got "
                         f"{ {k: len(v) for k, v in data.items()} }")
    rows = counts.pop()
    if not 0 < batch_size <= rows:
        raise InputError(f"minibatches: batch_size must be in 1..{rows}, got {batch_size}")

    def source(epoch: int) -> Iterator[dict[str, np.ndarray]]:
        if exact_int(epoch) is None or epoch < 0:
            raise InputError(f"minibatches: the epoch must be an int >= 0, got {epoch!r}")
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


def _rewritten(gradients: Graph, rewrite: Callable[[Graph], Graph]) -> Graph:
    """``rewrite(gradients)``, checked to keep the outputs' number and types."""
    out = rewrite(gradients)
    before = [gradients.nodes[i].type for i in gradients.outputs]
    after = [out.nodes[i].type for i in out.outputs]
    if before != after:
        raise InputError(f"Trainer: the rewritten gradient graph's outputs {after} differ "
                         f"from the gradient graph's {before}")
    return out


class Trainer:
    """A loss graph compiled for training: one :meth:`step` runs forward and backward
    and updates the params in the executable's own storage.

    ``loss`` is a graph with one scalar float output; ``params`` gives the initial
    value of every param of it (copied; never modified); ``trainable`` names the params
    to train (default: every float param; those the loss does not depend on are listed
    in ``unused`` and keep their values). The gradient graph (``rlx.autodiff.vjp.grad``) is compiled
    once on ``device``; a batch is a mapping ``input name -> array`` or a sequence of
    arrays for ``inputs`` (default: the loss graph's inputs in declaration order), of
    the loss graph's declared shapes. ``options`` defaults to
    ``CompileOptions(split_params=False)``: a param-invariant prepare stage would keep
    the optimizer from stepping params in place (it then falls back to host steps,
    counted in ``host_steps``, with a RuntimeWarning on the first).

    ``rewrite`` (optional) transforms the gradient graph before it is compiled; its
    outputs must keep their order, shapes and dtypes (the loss, then one gradient per
    trainable param). rlx.distributed.DataParallelTrainer uses it to average the
    gradients over the workers inside the program.

    Raises InputError for missing, unknown or mistyped params, and what
    ``rlx.autodiff.vjp.grad`` and ``Session.compile`` raise for the graph.
    """

    def __init__(self, loss: Graph, params: Mapping[str, Any], optimizer: Optimizer, *,
                 trainable: Sequence[str] | None = None, inputs: Sequence[str] | None = None,
                 device: str = "reference", options: CompileOptions | None = None,
                 rewrite: Callable[[Graph], Graph] | None = None):
        if not isinstance(optimizer, Optimizer):
            raise InputError(f"Trainer: optimizer must be an rlx.optim optimizer (SGD, Adam, "
                             f"...), got {optimizer!r}")
        for what, names_given in (("trainable", trainable), ("inputs", inputs)):
            if isinstance(names_given, (str, bytes)):
                raise InputError(f"Trainer: {what} is a list of names, got the string "
                                 f"{names_given!r} (write [{names_given!r}])")
        names = _check_trainable(loss, params, trainable)
        types = dict(loss.params)
        not_float = [f"{n} ({types[n].dtype})" for n in names if not types[n].dtype.is_float]
        if not_float:     # caught here, before a step could change some params
            raise InputError(f"Trainer: trainable params must be floats; {not_float} are not "
                             "(leave them out of trainable)")
        # params the loss does not depend on get no gradient: they keep their values, as
        # torch.optim leaves a param without a gradient (the compiled program has none)
        live = live_nodes(loss)
        self.unused = [n for n in names if loss.node_id(n) not in live]
        names = [n for n in names if n not in self.unused]
        if not names:
            raise InputError(f"Trainer: the loss does not depend on any trainable param "
                             f"({self.unused})")
        self.optimizer = optimizer
        self.feed_names = list(inputs) if inputs is not None else [n for n, _ in loss.inputs]
        self._host = _host_copies(loss, params)
        self.trainable = [(n, self._host[n].shape) for n in names]
        gradients = grad(loss, names, d_output=False)
        if rewrite is not None:
            gradients = _rewritten(gradients, rewrite)
        self.compiled = Session(device, options or CompileOptions(split_params=False)).compile(
            gradients)
        for name, value in self._host.items():
            self.compiled.set_param(name, value)
        self.resident_steps = 0
        self.host_steps = 0
        self._host_stale = False

    def step(self, batch: Batch) -> float:
        """Run forward and backward on ``batch``, step every trainable param; returns
        the loss (before the update)."""
        value = self.compiled.run_read_outputs(_as_feeds(batch, self.feed_names), [0])[0]
        if self.optimizer.step_compiled(self.compiled, self.trainable, self._host):
            self.resident_steps += 1
            self._host_stale = True
            return _loss_value(value)
        if self.host_steps == 0:
            warnings.warn(f"Trainer: the compiled graph on {self.compiled.device!r} cannot "
                          "step params in place (a backend without the hook, or a prepare "
                          "stage from split_params=True); stepping host copies and re-setting "
                          "them every step", RuntimeWarning, stacklevel=2)
        self.host_steps += 1
        return _loss_value(value)

    def set_param(self, name: str, value: Any) -> None:
        """Replace param ``name``'s value (in the compiled graph and the host copy the
        host-step path reads): a checkpoint restored, weights broadcast from another
        worker. InputError for an unknown name or a mistyped value."""
        if name not in self._host:
            raise InputError(f"Trainer.set_param: unknown param {name!r}; params are: "
                             f"{', '.join(self._host)}")
        self._sync_host()                   # the host copies of the others stay right
        self.compiled.set_param(name, value)
        np.copyto(self._host[name], np.asarray(value, self._host[name].dtype))

    def params(self) -> dict[str, np.ndarray]:
        """Fresh copies of every param's current value (trained or as given).

        CompiledGraph has no get_param; after resident steps the trained values are read
        through the same hook the optimizer steps with (``optimizer_step_resident``),
        with a callback that only copies each param out.
        """
        self._sync_host()
        return {name: value.copy() for name, value in self._host.items()}

    def _sync_host(self) -> None:
        """Copy the trained values out of the executable after resident steps."""
        if self._host_stale:
            def copy_out(name: str, shape: tuple[int, ...], param: np.ndarray,
                         grad: np.ndarray) -> None:
                np.copyto(self._host[name].reshape(-1), param)
            self.compiled.optimizer_step_resident(self.trainable, copy_out)
            self._host_stale = False


def fit(loss: Graph, params: Mapping[str, Any], optimizer: Optimizer, batches: BatchSource,
        epochs: int = 1, *, trainable: Sequence[str] | None = None,
        inputs: Sequence[str] | None = None, device: str = "reference",
        evaluate: Evaluate | None = None, schedule: Callable[[int], float] | None = None,
        progress: bool | TextIO = True, options: CompileOptions | None = None) -> TrainResult:
    """Train the params of ``loss`` (a graph with one scalar float output) and return
    the trained values with per-epoch metrics.

    ``loss``, ``params``, ``optimizer``, ``trainable``, ``inputs``, ``device`` and
    ``options`` are as for :class:`Trainer`. ``batches`` is a function
    ``epoch -> iterable of batches`` (see :func:`minibatches`) or a re-iterable
    collection of batches used every epoch. After each epoch ``evaluate(params)``, when
    given, returns named metrics (e.g. held-out accuracy) stored in the history.
    ``schedule(epoch)``, when given, is the learning rate for that epoch (from 1),
    assigned to ``optimizer.lr`` before the epoch starts. ``progress``: True draws a
    progress bar on stderr, a stream draws it there, False draws nothing.

    Raises InputError for missing, unknown or mistyped params and batches, and what
    :class:`Trainer` raises.
    """
    source = _epoch_source(batches, epochs)
    trainer = Trainer(loss, params, optimizer, trainable=trainable, inputs=inputs,
                      device=device, options=options)
    stream = _progress_stream(progress)
    history = []
    for epoch in range(1, epochs + 1):
        if schedule is not None:
            optimizer.lr = check_range("schedule(epoch)", schedule(epoch), 0.0)
        history.append(_run_epoch(trainer, epoch, epochs, source(epoch), evaluate, stream))
    return TrainResult(trainer.params(), history, trainer.resident_steps, trainer.host_steps,
                       trainer.compiled)


def _run_epoch(trainer: Trainer, epoch: int, epochs: int, batches: Iterable[Batch],
               evaluate: Evaluate | None, stream: TextIO | None) -> EpochMetrics:
    started = time.perf_counter()
    total = len(batches) if isinstance(batches, Sequence) else None
    bar = ProgressBar(stream, f"epoch {epoch}/{epochs}", total)
    losses = []
    for batch in batches:
        losses.append(trainer.step(batch))
        bar.update(len(losses), losses[-1])
    if not losses:
        raise InputError(f"fit: epoch {epoch} had no batches")
    metrics = dict(evaluate(trainer.params())) if evaluate is not None else {}
    result = EpochMetrics(epoch, float(np.mean(losses)), metrics, time.perf_counter() - started)
    bar.close(_summary(result))
    return result


def _loss_value(value: np.ndarray) -> float:
    """The loss as a Python float: grad accepts a loss of shape () or of one element."""
    return float(np.asarray(value).reshape(()))


def _check_trainable(loss: Graph, params: Mapping[str, Any],
                     trainable: Sequence[str] | None) -> list[str]:
    declared = [name for name, _ in loss.params]
    missing = [n for n in declared if n not in params]
    unknown = [n for n in params if n not in declared]
    if missing or unknown:
        raise InputError(f"Trainer: params must give every param of the loss graph; missing "
                         f"{missing}, unknown {unknown}")
    floats = [name for name, t in loss.params if t.dtype.is_float]
    names = floats if trainable is None else list(trainable)
    not_params = [n for n in names if n not in declared]
    if not_params:
        raise InputError(f"Trainer: trainable names {not_params} are not params of the loss "
                         f"graph (params: {declared})")
    if not names:
        raise InputError("Trainer: nothing to train (trainable is empty)")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise InputError(f"Trainer: trainable names {twice} more than once (each would step "
                         "once per name)")
    return names


def _host_copies(loss: Graph, params: Mapping[str, Any]) -> dict[str, np.ndarray]:
    """Each param's initial value as a fresh C-contiguous array of its declared type."""
    copies = {}
    for name, t in loss.params:
        try:
            value = coerce("param", name, params[name], t)
        except InputError as e:
            raise InputError(f"Trainer: {e}") from None
        copies[name] = np.array(value, order="C", copy=True)
    return copies


def _epoch_source(batches: BatchSource, epochs: int) -> Callable[[int], Iterable[Batch]]:
    count = exact_int(epochs)
    if count is None or count < 1:
        raise InputError(f"fit: epochs must be a positive int, got {epochs!r}")
    epochs = count
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
        raise InputError(f"Trainer: a batch of {len(values)} arrays was given for inputs {names}")
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
