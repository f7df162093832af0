"""Data-parallel training: every worker holds the whole model, takes its contiguous
shard of each global batch, and the gradients are averaged over the workers before
the identical optimizer step.

::

    import rlx.distributed as rd
    rd.init()                                   # under torchrun, or pass rank/world/...
    loss = build_loss_graph(batch=global_batch // rd.world_size())
    trainer = rd.DataParallelTrainer(loss, init_params, Adam(1e-3))
    for batch in minibatches(data, global_batch)(epoch):
        trainer.step(batch)                     # the same global batch on every worker
    trainer.save("ckpt.npz")                    # rank 0 writes; trainer.load(...) resumes

A step on worker ``r`` of ``W``:

1. feeds rows ``[r*b, (r+1)*b)`` of every input (``b = global / W``) to the compiled
   gradient graph of an :class:`rlx.optim.Trainer` (the loss is the mean over those
   ``b`` rows);
2. as the backend hands over each param's gradient (``optimizer_step_resident``),
   copies it into one flat buffer (plus the local loss in its last element) and
   launches an asynchronous all-reduce of every bucket the buffer has filled;
3. waits for the buckets, divides by ``W`` — the mean of ``W`` equal-sized shard
   means is the mean over the global batch, so the gradient is the one a single
   process computes on the whole batch — and hands the averaged gradients to the
   optimizer, which steps the params in place exactly as on every other worker.

With ``overlap`` (the default on reference and cpu) steps 2 and 3 happen inside the
gradient program instead (:func:`average_in_graph`): each bucket's all-reduce starts as
soon as the backward has computed the bucket's last gradient and travels while the
backward computes the rest. Without it the buckets overlap each other and the gathering
of later gradients only. The weights start
identical (rank 0's initial values are broadcast) and stay bit-identical because
every worker applies the same update to the same values; :meth:`check_in_sync`
verifies it.
"""

from __future__ import annotations

import copy
import io
import json
import os
import zipfile
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from rlx.atomicfile import write_atomic
from rlx.distributed.collectives import (
    BucketedAllReduce,
    barrier,
    broadcast,
    check_in_sync,
    require_group,
)
from rlx.distributed.graph_ops import graph_all_reduce
from rlx.distributed.group import DistributedError, info
from rlx.errors import InputError
from rlx.ir.api import concat
from rlx.ir.dtypes import exact_int
from rlx.ir.graph import Graph, Node, Tensor
from rlx.optim.base import SUPPORTED_DTYPES, Optimizer, ParamState
from rlx.optim.train import Batch, Trainer
from rlx.passes.rewrite import copy_node, rebuild
from rlx.runtime.devices import backend_class
from rlx.runtime.options import CompileOptions

DEFAULT_BUCKET_BYTES = 4 << 20
CHECKPOINT_FORMAT = 1


class DataParallelTrainer:
    """An :class:`rlx.optim.Trainer` whose steps average gradients over the workers of
    the process group (:func:`rlx.distributed.init` first).

    ``loss`` is the loss graph for one worker's shard: its batched inputs have
    ``global_batch / world_size`` rows, and its output is the mean loss over them.
    ``params``, ``optimizer``, ``trainable``, ``inputs``, ``device`` and ``options``
    are as for :class:`rlx.optim.Trainer`. ``bucket_bytes`` sizes the all-reduce
    buckets. ``seed`` seeds :attr:`rng`, a numpy Generator every worker holds in the
    same state (use it for anything random the workers must agree on, e.g. the batch
    order); checkpoints save and restore it. With ``sync_params`` (default) rank 0's
    initial params are broadcast to every worker.

    ``overlap`` (default: on devices that run collectives inside a program, reference
    and cpu) averages the gradients inside the gradient program
    (:func:`average_in_graph`): each bucket's all-reduce starts as soon as the backward
    has computed its last gradient and travels while the backward goes on. Without it,
    the buckets are all-reduced after the program, as the optimizer reads them.
    """

    def __init__(self, loss: Graph, params: Mapping[str, Any], optimizer: Optimizer, *,
                 trainable: Sequence[str] | None = None, inputs: Sequence[str] | None = None,
                 device: str = "reference", options: CompileOptions | None = None,
                 bucket_bytes: int = DEFAULT_BUCKET_BYTES, seed: int = 0,
                 sync_params: bool = True, overlap: bool | None = None):
        require_group("DataParallelTrainer")
        if bucket_bytes < 1:
            raise InputError(f"DataParallelTrainer: bucket_bytes must be positive, got "
                             f"{bucket_bytes}")
        group = info()
        self.rank, self.world_size = group.rank, group.world_size
        if sync_params:
            params = {name: broadcast(np.asarray(value)) for name, value in params.items()}
        if overlap is None:
            overlap = "all_reduce" in backend_class(device)().supported_ops
        self.overlap = overlap
        world = self.world_size

        def averaged(gradients: Graph) -> Graph:
            return average_in_graph(gradients, world, bucket_bytes)

        self.trainer = Trainer(loss, params, optimizer, trainable=trainable, inputs=inputs,
                               device=device, options=options,
                               rewrite=averaged if overlap else None)
        self.optimizer = optimizer
        self.local_rows = {name: t.shape[0] if t.shape else None for name, t in loss.inputs}
        self.rng = np.random.default_rng(seed)
        self.steps = 0
        self.loss = float("nan")
        self._reducer = (None if overlap else
                         _GradientAllReduce(self.trainer, self.world_size, bucket_bytes))

    @property
    def compiled(self) -> Any:
        """The compiled gradient graph (holding this worker's params)."""
        return self.trainer.compiled if self._reducer is None else self._reducer.inner

    def shard(self, batch: Batch) -> dict[str, np.ndarray]:
        """This worker's contiguous rows of the global ``batch``: rows
        ``[rank*b, (rank+1)*b)`` of every input, ``b`` being the loss graph's batch."""
        feeds = _as_mapping(batch, self.trainer.feed_names)
        out = {}
        for name, value in feeds.items():
            value = np.asarray(value)
            rows = self.local_rows.get(name)
            if rows is None:
                raise InputError(f"DataParallelTrainer: {name!r} is not a batched input of "
                                 f"the loss graph (inputs: {list(self.local_rows)})")
            if value.ndim == 0 or value.shape[0] != rows * self.world_size:
                raise InputError(f"DataParallelTrainer: input {name!r} has "
                                 f"{value.shape[0] if value.ndim else 0} rows; the global "
                                 f"batch must have {self.world_size} workers x {rows} rows "
                                 f"= {rows * self.world_size}")
            out[name] = value[self.rank * rows:(self.rank + 1) * rows]
        return out

    def step(self, batch: Batch) -> float:
        """One step on the global ``batch`` (the same on every worker); returns the
        loss over the global batch before the update."""
        return self.step_local(self.shard(batch))

    def step_local(self, shard: Batch) -> float:
        """One step on this worker's own ``shard`` (all shards of equal size);
        returns the loss over the union of the shards before the update."""
        if self._reducer is None:           # the program averaged loss and gradients
            self.loss = self.trainer.step(shard)
        else:
            with self._reducer.reducing():
                self.trainer.step(shard)
            self.loss = self._reducer.global_loss
        self.steps += 1
        return self.loss

    def params(self) -> dict[str, np.ndarray]:
        """Fresh copies of every param's current value."""
        return self.trainer.params()

    def check_in_sync(self) -> str:
        """Check every worker's params are bit-identical; returns their digest, or
        raises DistributedError naming the ranks that differ."""
        params = self.params()
        return check_in_sync([params[name] for name in sorted(params)], "params")

    # ------------------------------------------------------------------ checkpoints
    def save(self, path: str | os.PathLike) -> None:
        """Write a checkpoint (params, optimizer state and step counts, :attr:`rng`
        state, steps taken) to ``path`` as an ``.npz`` file. Rank 0 writes it
        (atomically: a temporary file, then a rename); every worker returns once the
        file is complete, so any worker may read it right after."""
        if self.rank == 0:
            arrays = {"meta": np.array(json.dumps(self._meta()))}
            for i, (_, value) in enumerate(sorted(self.params().items())):
                arrays[f"param_{i}"] = value
            for i, (_, optimizer, name) in enumerate(self._states()):
                for key, buffer in sorted(optimizer.state[name].buffers.items()):
                    arrays[f"state_{i}_{key}"] = buffer
            buffer = io.BytesIO()
            np.savez(buffer, **arrays)
            write_atomic(path, buffer.getvalue(), durable=True)
        barrier()

    def load(self, path: str | os.PathLike) -> None:
        """Restore a checkpoint :meth:`save` wrote, on every worker: params (set into
        the compiled graph), the optimizer's state, :attr:`rng` and :attr:`steps`.
        Raises InputError when the file is not a well-formed rlx checkpoint or does not
        fit this trainer; everything is checked before anything is set, so a refused
        checkpoint leaves the trainer as it was. OSError when the file cannot be read."""
        where = f"DataParallelTrainer.load: {os.fspath(path)}"
        with open(os.fspath(path), "rb") as f:
            try:
                with np.load(f, allow_pickle=False) as data:
                    meta = json.loads(str(data["meta"]))
                    arrays = {key: np.array(data[key]) for key in data.files if key != "meta"}
            except (ValueError, KeyError, RecursionError, EOFError, OSError,
                    zipfile.BadZipFile) as e:
                raise InputError(f"{where} is not a readable rlx checkpoint "
                                 f"({type(e).__name__}: {e})") from None
        try:
            hyper, rng_state = self._check_checkpoint(meta, arrays, where)
        except InputError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError,
                OverflowError) as e:
            raise InputError(f"{where} is not a well-formed rlx checkpoint "
                             f"({type(e).__name__}: {e})") from None
        for i, name in enumerate(meta["params"]):
            self._set_param(name, arrays[f"param_{i}"])
        self._restore_state(meta["state"], arrays)
        for target, attr, value in hyper:
            setattr(target, attr, value)
        self.rng.bit_generator.state = rng_state
        self.steps = int(meta["steps"])

    def _check_checkpoint(self, meta: Any, arrays: dict[str, np.ndarray], where: str
                          ) -> tuple[list[tuple[Optimizer, str, Any]], dict[str, Any]]:
        """Every check :meth:`load` makes, before it sets anything: returns the
        hyperparameters to set (optimizer, attribute, value) and the generator state.
        InputError for a checkpoint that does not fit; a malformed one may also raise
        KeyError / TypeError / ValueError, which load reports as malformed."""
        if not isinstance(meta, dict) or meta.get("format") != CHECKPOINT_FORMAT:
            raise InputError(f"{where} is not an rlx checkpoint of format "
                             f"{CHECKPOINT_FORMAT}")
        kind = type(self.optimizer).__name__
        if meta["optimizer"] != kind:
            raise InputError(f"{where} holds {meta['optimizer']} state; this trainer "
                             f"steps with {kind}")
        current = self.params()
        if meta["params"] != sorted(current):
            raise InputError(f"{where} has params {meta['params']}, the loss graph has "
                             f"{sorted(current)}")
        for i, name in enumerate(meta["params"]):
            value = arrays[f"param_{i}"]
            if value.shape != current[name].shape or value.dtype != current[name].dtype:
                raise InputError(f"{where}: param {name!r} is {value.dtype}"
                                 f"{list(value.shape)} there, {current[name].dtype}"
                                 f"{list(current[name].shape)} here")
        optimizers = dict(self._optimizers())
        for i, entry in enumerate(meta["state"]):
            prefix = entry.get("optimizer", "")
            if prefix not in optimizers:
                raise InputError(f"{where} holds state of an optimizer {prefix!r} this "
                                 "trainer does not have")
            name, shape = entry["name"], entry["shape"]
            if name not in current or not isinstance(shape, list) or \
                    tuple(shape) != current[name].shape:
                raise InputError(f"{where}: state entry {i} is not for a param of this "
                                 f"trainer's shape ({name!r}, {shape!r})")
            dtype = np.dtype(entry["dtype"])
            if dtype not in SUPPORTED_DTYPES:
                raise InputError(f"{where}: state entry {i} has dtype {dtype}")
            if _count(entry["steps"]) is None:
                raise InputError(f"{where}: state entry {i} has steps {entry['steps']!r}")
            template = optimizers[prefix].new_buffers(tuple(shape), dtype)
            for key in entry["buffers"]:
                buffer = arrays[f"state_{i}_{key}"]
                if key not in template or buffer.shape != template[key].shape or \
                        buffer.dtype != dtype:
                    raise InputError(f"{where}: state buffer {key!r} of entry {i} is "
                                     f"{buffer.dtype}{list(buffer.shape)}, not what "
                                     f"{type(optimizers[prefix]).__name__} keeps")
        if _count(meta["steps"]) is None:
            raise InputError(f"{where}: steps is {meta['steps']!r}, not a count")
        hyper = []
        for key, value in meta["hyper"].items():
            prefix, _, attr = key.rpartition(".")
            target = optimizers.get(prefix + "." if prefix else "")
            if target is None:
                continue
            value = tuple(value) if isinstance(value, list) else value
            old = getattr(target, attr, None)
            if attr.startswith("_") or not _hyper(old) or not _hyper(value) or (
                    isinstance(old, tuple) != isinstance(value, tuple)):
                raise InputError(f"{where}: hyperparameter {key!r} = {value!r} does not "
                                 f"fit {type(target).__name__} (whose {attr!r} is {old!r})")
            hyper.append((target, attr, value))
        probe = copy.deepcopy(self.rng.bit_generator)
        probe.state = meta["rng"]
        return hyper, meta["rng"]

    def _optimizers(self) -> list[tuple[str, Optimizer]]:
        """The optimizer and those it hands params to (Muon's ``adamw``), each with the
        prefix of its keys in a checkpoint ('' for the optimizer itself)."""
        found = [("", self.optimizer)]
        for key, value in sorted(vars(self.optimizer).items()):
            if isinstance(value, Optimizer) and not key.startswith("_"):
                found.append((key + ".", value))
        return found

    def _states(self) -> list[tuple[str, Optimizer, str]]:
        """(prefix, optimizer, param name) of every per-param state, in checkpoint order."""
        return [(prefix, optimizer, name) for prefix, optimizer in self._optimizers()
                for name in sorted(optimizer.state)]

    def _meta(self) -> dict[str, Any]:
        hyper = {prefix + k: list(v) if isinstance(v, tuple) else v
                 for prefix, optimizer in self._optimizers()
                 for k, v in vars(optimizer).items() if not k.startswith("_") and _hyper(v)}
        return {"format": CHECKPOINT_FORMAT, "steps": self.steps, "world_size": self.world_size,
                "optimizer": type(self.optimizer).__name__, "hyper": hyper,
                "params": sorted(self.params()),
                "state": [{"optimizer": prefix, "name": name,
                           "shape": list(optimizer.state[name].shape),
                           "dtype": optimizer.state[name].dtype.str,
                           "steps": optimizer.state[name].steps,
                           "buffers": sorted(optimizer.state[name].buffers)}
                          for prefix, optimizer, name in self._states()],
                "rng": self.rng.bit_generator.state}

    def _set_param(self, name: str, value: np.ndarray) -> None:
        self.trainer.set_param(name, value)

    def _restore_state(self, entries: list[dict[str, Any]], data: Any) -> None:
        """Per-param optimizer state. A fresh optimizer gets new ParamStates (its
        steps then go param by param, which gives the same values as its flat
        grouped step); an optimizer that already has state is overwritten in place."""
        optimizers = dict(self._optimizers())
        restored: set[tuple[str, str]] = set()
        for i, entry in enumerate(entries):         # checked by _check_checkpoint
            prefix = entry.get("optimizer", "")
            state = optimizers[prefix].state
            name, shape = entry["name"], tuple(entry["shape"])
            buffers = {key: np.array(data[f"state_{i}_{key}"]) for key in entry["buffers"]}
            old = state.get(name)
            if old is not None and old.shape == shape and set(old.buffers) == set(buffers):
                for key, buffer in buffers.items():
                    np.copyto(old.buffers[key], buffer)
                old.steps = int(entry["steps"])
            else:
                state[name] = ParamState(shape, np.dtype(entry["dtype"]), int(entry["steps"]),
                                         buffers)
            restored.add((prefix, name))
        for prefix, optimizer in optimizers.items():
            for name in [n for n in optimizer.state if (prefix, n) not in restored]:
                del optimizer.state[name]


def _count(value: Any) -> int | None:
    """``value`` when it is an int >= 0 (a step count), else None."""
    count = exact_int(value)
    return count if count is not None and count >= 0 else None


def _hyper(value: Any) -> bool:
    """A hyperparameter a checkpoint keeps: a number, a bool, or a tuple of numbers
    (Adam's betas)."""
    if isinstance(value, (int, float, bool)):
        return True
    return isinstance(value, tuple) and all(isinstance(v, (int, float)) for v in value)


def average_in_graph(gradients: Graph, world: int, bucket_bytes: int) -> Graph:
    """``gradients`` (outputs: the local loss, then the gradients) with every output
    replaced by its mean over the ``world`` workers, computed inside the program.

    The outputs are put in buckets of at most ``bucket_bytes`` (one output per bucket
    when it is larger; a bucket holds one dtype) in the order the backward computes
    them, which is the order of their nodes. Right after the node that completes a
    bucket, its outputs are flattened and concatenated and an overlapped all_reduce
    (sum) starts; the division by ``world`` and the slicing back into each output come
    after the last node, so the cpu device waits for each reduction only then and runs
    the rest of the backward while it travels (rlx.ir.collective_ops). The mean is the
    host path's: the engine's sum divided by ``world`` in the gradients' dtype (with
    four or more workers the engine may associate a sum differently when the buckets
    differ, so the two agree to rounding, not always to the bit)."""
    outs = list(gradients.outputs)
    order = sorted(range(len(outs)), key=lambda k: outs[k])
    buckets: list[list[int]] = []
    size = 0
    for k in order:
        t = gradients.nodes[outs[k]].type
        first = gradients.nodes[outs[buckets[-1][0]]].type if buckets else None
        if first is None or first.dtype != t.dtype or size + t.nbytes > bucket_bytes:
            buckets.append([])
            size = 0
        buckets[-1].append(k)
        size += t.nbytes
    # a bucket starts after its last member; one whose last member is a leaf (an input
    # returned as a gradient) after the next node the rule sees, or at the end
    due: dict[int, list[int]] = {}
    for b, members in enumerate(buckets):
        last = max(outs[k] for k in members)
        if gradients.nodes[last].op in ("input", "param"):
            last = next((i for i in range(last + 1, len(gradients.nodes))
                         if gradients.nodes[i].op not in ("input", "param")), -1)
        due.setdefault(last, []).append(b)
    copied: dict[int, int] = {}
    reduced: dict[int, Tensor] = {}

    def new_id(new: Graph, old: int) -> int:
        node = gradients.nodes[old]
        if node.op in ("input", "param"):
            return next(i for i, n in enumerate(new.nodes)
                        if n.op == node.op and n.attr("name") == node.attr("name"))
        return copied[old]

    def start(new: Graph, b: int) -> None:
        parts = [Tensor(new, new_id(new, outs[k])).reshape((-1,)) for k in buckets[b]]
        flat = parts[0] if len(parts) == 1 else concat(parts, axis=0)
        reduced[b] = graph_all_reduce(flat, "sum", world=world, overlap=True)

    def rule(new: Graph, nid: int, node: Node, operands: list[int]) -> int:
        copied[nid] = copy_node(new, node, operands)
        for b in due.get(nid, []):
            start(new, b)
        return copied[nid]

    new, _ = rebuild(gradients, rule)
    results: list[Tensor | None] = [None] * len(outs)
    for b, members in enumerate(buckets):
        if b not in reduced:
            start(new, b)
        mean = reduced[b] / new.constant(np.asarray(world, reduced[b].dtype.np))
        at = 0
        for k in members:
            t = gradients.nodes[outs[k]].type
            results[k] = mean[at:at + t.numel].reshape(t.shape)
            at += t.numel
    new.set_outputs(results)
    return new


class _GradientAllReduce:
    """Stands in for the Trainer's CompiledGraph: passes everything through, except
    that inside :meth:`reducing` the gradients the optimizer reads are the average
    over the workers (see the module docstring)."""

    def __init__(self, trainer: Trainer, world_size: int, bucket_bytes: int):
        self.inner = trainer.compiled
        self.world_size = world_size
        self.pairs = [(name, tuple(shape)) for name, shape in trainer.trainable]
        sizes = [int(np.prod(shape, dtype=np.int64)) for _, shape in self.pairs]
        self.bounds = list(zip(np.cumsum([0] + sizes[:-1]).tolist(), np.cumsum(sizes).tolist()))
        types = trainer.compiled.param_types
        dtype = np.result_type(*[types[name].dtype.np for name, _ in self.pairs])
        self.flat = np.zeros(sum(sizes) + 1, dtype)   # gradients, then the local loss
        self.buckets = BucketedAllReduce(self.flat, max(1, bucket_bytes // dtype.itemsize))
        self._active = False
        self._loss = 0.0
        self._reduced = False
        self.global_loss = float("nan")
        trainer.compiled = self

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def reducing(self) -> _Reducing:
        return _Reducing(self)

    def run_read_outputs(self, inputs: Any, indices: Sequence[int] | None = None) -> list:
        outs = self.inner.run_read_outputs(inputs, indices)
        if self._active:
            self._loss = float(outs[0])
            self._reduced = False
        return outs

    def optimizer_step_resident(self, trainable: Sequence[tuple[str, Sequence[int]]],
                                step: Any) -> bool:
        if not self._active:
            return self.inner.optimizer_step_resident(trainable, step)
        self._check_pairs(trainable)
        handed: list[tuple[str, Any, np.ndarray]] = []

        def gather(name: str, shape: Any, param: np.ndarray, grad: np.ndarray) -> None:
            lo, hi = self.bounds[len(handed)]
            np.copyto(self.flat[lo:hi], np.asarray(grad).reshape(-1), casting="same_kind")
            handed.append((name, shape, param))
            self.buckets.filled(hi)
            if len(handed) == len(self.pairs):
                self._finish()
                for (n, s, p), (a, b) in zip(handed, self.bounds):
                    step(n, s, p, self.flat[a:b])

        return self.inner.optimizer_step_resident(trainable, gather)

    def read_output_row(self, out_idx: int, row: int, row_inner: int) -> np.ndarray:
        """The host-step fallback reads gradients here: all of them are gathered and
        reduced on the first read after a run."""
        if not self._active or out_idx == 0:
            return self.inner.read_output_row(out_idx, row, row_inner)
        if not self._reduced:
            for i, (lo, hi) in enumerate(self.bounds):
                self.flat[lo:hi] = self.inner.read_output_row(1 + i, 0, hi - lo)
            self._finish()
        lo, hi = self.bounds[out_idx - 1]
        return self.flat[lo:hi][row * row_inner:(row + 1) * row_inner].copy()

    def _finish(self) -> None:
        self.flat[-1] = self._loss
        self.buckets.finish()
        self.flat /= self.world_size
        self.global_loss = float(self.flat[-1])
        self._reduced = True

    def _check_pairs(self, trainable: Sequence[tuple[str, Sequence[int]]]) -> None:
        given = [(name, tuple(int(d) for d in shape)) for name, shape in trainable]
        if given != self.pairs:
            raise DistributedError("DataParallelTrainer: the optimizer stepped params "
                                   f"{[n for n, _ in given]}, the trainer trains "
                                   f"{[n for n, _ in self.pairs]}")


class _Reducing:
    def __init__(self, owner: _GradientAllReduce):
        self.owner = owner

    def __enter__(self) -> None:
        self.owner._active = True

    def __exit__(self, *exc: Any) -> None:
        self.owner._active = False


def _as_mapping(batch: Batch, names: list[str]) -> dict[str, Any]:
    if isinstance(batch, Mapping):
        return dict(batch)
    values = list(batch)
    if len(values) != len(names):
        raise InputError(f"DataParallelTrainer: a batch of {len(values)} arrays was given "
                         f"for inputs {names}")
    return dict(zip(names, values))
