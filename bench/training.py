"""``python -m bench train``: one training step of a small MLP and CNN, rlx against PyTorch.

    python -m bench train [--threads N [N ...]] [--repeat R] [--models mlp cnn]
                          [--peers torch torch.compile] [--tiny] [--markdown]

The models, data and recipe are those of ``tests/optim/test_training.py``:
scikit-learn's bundled digits (8x8 images, rows permuted with seed 0, the last 20%
held out, pixels standardised with the training rows' statistics), softmax
cross-entropy, Adam (betas 0.9 / 0.999, eps 1e-8), He-uniform weights and zero biases
drawn with seed 0, and the first minibatch of the first epoch
(``rlx.optim.minibatches(..., seed=0)``):

* **mlp**: 64 -> 64 (relu) -> 10, batch 128, lr 0.01;
* **cnn**: conv 3x3 (1 -> 16, padding 1) -> relu -> max-pool 2 -> conv 3x3 (16 -> 32,
  padding 1) -> relu -> max-pool 2 -> linear 128 -> 10, batch 32, lr 0.005.

A step is the forward pass, the backward pass and the Adam update of every param:

* **rlx**: :class:`rlx.optim.Trainer` on device cpu (``num_threads`` = the thread
  count): one run of the compiled gradient graph reading the loss, then Adam updating
  the executable's own params in place (``optimizer_step_resident``).
* **torch**: eager PyTorch on the same functional model (leaf tensors,
  ``torch.nn.functional``), ``zero_grad(set_to_none=True)``, ``loss.backward()``,
  ``torch.optim.Adam`` with its default (foreach) implementation.
* **torch.compile**: the same, with the forward and loss under ``torch.compile``
  (inductor; AOTAutograd compiles the backward) and ``optimizer.step`` under
  ``torch.compile`` too, as PyTorch's tutorial on compiling the optimizer does.

Every framework starts from the same weights and takes one step on the same batch;
its loss and updated weights are compared with rlx's (a difference beyond
``LOSS_RTOL`` / ``WEIGHT_ATOL`` fails the run with exit status 1). Then each keeps
stepping on that batch while it is timed with the micro harness
(:func:`bench.__main__.measure`: rotating rounds of ``BLOCK`` samples, each block
after ``WARM_SECONDS`` of untimed steps). The table gives median milliseconds per step,
rlx / torch (eager) and rlx / best peer (below 1: rlx is faster).
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import rlx
from bench import positive_int
from bench.__main__ import format_table, machine_description, measure, versions
from bench.peers import TorchPeer
from rlx.optim import Adam, Trainer, he_uniform, minibatches

SEED = 0
LOSS_RTOL = 1e-5
WEIGHT_ATOL = 1e-5     # after one Adam step of lr 0.005-0.01 (each weight moves ~lr)
WARMUP_STEPS = 3       # untimed steps after the agreement check (torch.compile recompiles)
PEERS = ("torch", "torch.compile")


# --------------------------------------------------------------------------- models

@dataclass(frozen=True)
class TrainModel:
    """A classifier of 8x8 digits as rlx and PyTorch build it from the same params.

    ``rlx_logits(x, params)`` and ``torch_logits(x, params)`` compute the logits [B, 10]
    from a batch ``x`` of ``image_shape`` examples, with ``params`` named as in
    ``param_shapes`` (matrices stored [in, out], conv weights [out, in, kh, kw])."""

    key: str
    title: str
    param_shapes: dict[str, tuple[int, ...]]
    image_shape: tuple[int, ...]
    batch: int
    lr: float
    rlx_logits: Callable[[rlx.Tensor, dict[str, rlx.Tensor]], rlx.Tensor]
    torch_logits: Callable[[Any, dict[str, Any]], Any]

    def init(self, seed: int = SEED) -> dict[str, np.ndarray]:
        """He-uniform weights, zero biases (``rlx.optim.he_uniform``)."""
        return he_uniform(self.param_shapes, seed)

    def loss_graph(self) -> rlx.Graph:
        """Mean softmax cross-entropy of the logits of input ``x`` against labels ``y``."""
        g = rlx.Graph(f"{self.key}_loss")
        x = g.input("x", (self.batch,) + self.image_shape)
        y = g.input("y", (self.batch,), "i64")
        params = {name: g.param(name, shape) for name, shape in self.param_shapes.items()}
        g.set_outputs([rlx.softmax_cross_entropy(self.rlx_logits(x, params), y)])
        return g


def mlp(hidden: int = 64, batch: int = 128) -> TrainModel:
    """64 -> hidden (relu) -> 10."""
    def rlx_logits(x, p):
        return (x @ p["w1"] + p["b1"]).relu() @ p["w2"] + p["b2"]

    def torch_logits(x, p):
        import torch

        return torch.relu(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]

    shapes = {"w1": (64, hidden), "b1": (hidden,), "w2": (hidden, 10), "b2": (10,)}
    return TrainModel("mlp", f"mlp 64-{hidden}-10, batch {batch}", shapes, (64,), batch, 0.01,
                      rlx_logits, torch_logits)


def cnn(channels: tuple[int, int] = (16, 32), batch: int = 32) -> TrainModel:
    """conv 3x3 -> relu -> max-pool 2, twice, then a linear layer."""
    c1, c2 = channels
    features = c2 * 2 * 2

    def rlx_logits(x, p):
        h = rlx.max_pool2d(rlx.conv2d(x, p["k1"], p["c1"], padding=1).relu(), 2)
        h = rlx.max_pool2d(rlx.conv2d(h, p["k2"], p["c2"], padding=1).relu(), 2)
        return h.reshape(x.shape[0], features) @ p["w"] + p["b"]

    def torch_logits(x, p):
        import torch.nn.functional as F

        h = F.max_pool2d(F.relu(F.conv2d(x, p["k1"], p["c1"], padding=1)), 2)
        h = F.max_pool2d(F.relu(F.conv2d(h, p["k2"], p["c2"], padding=1)), 2)
        return h.reshape(x.shape[0], features) @ p["w"] + p["b"]

    shapes = {"k1": (c1, 1, 3, 3), "c1": (c1,), "k2": (c2, c1, 3, 3), "c2": (c2,),
              "w": (features, 10), "b": (10,)}
    return TrainModel("cnn", f"cnn conv{c1}-pool-conv{c2}-pool-linear, batch {batch}", shapes,
                      (1, 8, 8), batch, 0.005, rlx_logits, torch_logits)


def train_models(tiny: bool = False) -> list[TrainModel]:
    """The two models at the tests' sizes, or narrow and with small batches when ``tiny``."""
    if tiny:
        return [mlp(hidden=16, batch=8), cnn(channels=(4, 8), batch=4)]
    return [mlp(), cnn()]


def digits_batch(model: TrainModel) -> dict[str, np.ndarray]:
    """The first minibatch of the first epoch of the tests' training split: ``x``
    [batch, *image_shape] float32, ``y`` [batch] int64."""
    from sklearn.datasets import load_digits

    data = load_digits()
    images = data.images.astype(np.float32)[:, None]
    labels = data.target.astype(np.int64)
    order = np.random.default_rng(SEED).permutation(len(images))
    n_train = len(images) - len(images) // 5
    images, labels = images[order][:n_train], labels[order][:n_train]
    images = (images - images.mean()) / images.std()
    source = minibatches({"x": images.reshape((n_train,) + model.image_shape), "y": labels},
                         model.batch, seed=SEED)
    return next(iter(source(1)))


# --------------------------------------------------------------------------- runners

@dataclass
class StepRunner:
    """A prepared framework: ``call()`` takes one training step and returns its loss,
    ``weights()`` reads the current params as float64 numpy arrays."""

    name: str
    call: Callable[[], float]
    weights: Callable[[], dict[str, np.ndarray]]


def rlx_runner(model: TrainModel, batch: dict[str, np.ndarray], threads: int,
               device: str = "cpu") -> StepRunner:
    options = rlx.CompileOptions(split_params=False, num_threads=threads)
    trainer = Trainer(model.loss_graph(), model.init(), Adam(model.lr), device=device,
                      options=options)
    feeds = dict(batch)

    def weights() -> dict[str, np.ndarray]:
        return {n: v.astype(np.float64) for n, v in trainer.params().items()}
    return StepRunner("rlx", lambda: trainer.step(feeds), weights)


def torch_runner(model: TrainModel, batch: dict[str, np.ndarray],
                 compiled: bool) -> StepRunner:
    """Eager PyTorch, or torch.compile of the loss and of the optimizer step."""
    import torch
    import torch.nn.functional as F

    params = {n: torch.tensor(v, requires_grad=True) for n, v in model.init().items()}
    x, y = torch.from_numpy(batch["x"]), torch.from_numpy(batch["y"])
    optimizer = torch.optim.Adam(list(params.values()), lr=model.lr)

    def loss_fn():
        return F.cross_entropy(model.torch_logits(x, params), y)

    def update():
        optimizer.step()

    if compiled:
        loss_fn, update = torch.compile(loss_fn), torch.compile(update)

    def step() -> float:
        optimizer.zero_grad(set_to_none=True)
        loss = loss_fn()
        loss.backward()
        update()
        return loss.detach()

    def weights() -> dict[str, np.ndarray]:
        return {n: t.detach().numpy().astype(np.float64) for n, t in params.items()}
    return StepRunner("torch.compile" if compiled else "torch", step, weights)


# --------------------------------------------------------------------------- one model

@dataclass
class ModelResult:
    """One model at one thread count: medians (ms per step), agreement lines, failures."""

    model: TrainModel
    medians: dict[str, float] = field(default_factory=dict)
    status: dict[str, str] = field(default_factory=dict)
    agreement: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def compare(reference: tuple[float, dict[str, np.ndarray]], other: tuple[float, dict],
            name: str, result: ModelResult) -> bool:
    """Record how far ``other``'s (loss, weights) after one step are from rlx's; False
    (and a failure) when beyond LOSS_RTOL / WEIGHT_ATOL."""
    loss, weights = reference
    other_loss, other_weights = other
    loss_diff = abs(float(other_loss) - float(loss))
    weight_diff = max(float(np.max(np.abs(other_weights[n] - w))) for n, w in weights.items())
    agree = loss_diff <= LOSS_RTOL * max(1.0, abs(float(loss))) and weight_diff <= WEIGHT_ATOL
    result.agreement.append(f"{name}: loss {float(other_loss):.6f} vs rlx {float(loss):.6f}, "
                            f"max |weight diff| after one step {weight_diff:.2e} "
                            f"{'ok' if agree else 'MISMATCH'}")
    if not agree:
        result.status[name] = "MISMATCH"
        result.failures.append(f"{result.model.key}: {name} differs from rlx after one step "
                               f"(loss by {loss_diff:.3g}, weights by {weight_diff:.3g})")
    return agree


def run_model(model: TrainModel, threads: int, repeat: int, peers: Sequence[str],
              device: str = "cpu", timing: bool = True) -> ModelResult:
    """Prepare rlx and ``peers`` on ``model``, check one step against rlx, time steps."""
    result = ModelResult(model)
    batch = digits_batch(model)
    makers: dict[str, Callable[[], StepRunner]] = {
        "rlx": lambda: rlx_runner(model, batch, threads, device),
        "torch": lambda: torch_runner(model, batch, compiled=False),
        "torch.compile": lambda: torch_runner(model, batch, compiled=True)}
    runners: dict[str, StepRunner] = {}
    first_steps = {}
    for name in ("rlx", *peers):
        try:
            runner = makers[name]()
            first_steps[name] = (runner.call(), runner.weights())
        except Exception as error:  # a peer's failure is reported, not fatal
            if name == "rlx":
                raise
            result.status[name] = "error"
            message = str(error).strip().splitlines()[0] if str(error).strip() else ""
            result.agreement.append(f"{name}: error ({type(error).__name__}: {message[:160]})")
            continue
        if name == "rlx" or compare(first_steps["rlx"], first_steps[name], name, result):
            runners[name] = runner
    for runner in runners.values():
        for _ in range(WARMUP_STEPS):
            runner.call()
    if timing:
        result.medians = measure(runners, 1, repeat)
    return result


# --------------------------------------------------------------------------- the table

def table(results: Sequence[ModelResult], peers: Sequence[str], markdown: bool) -> str:
    """Median ms per step per framework, rlx / torch (eager) and rlx / best peer."""
    header = ["model", "rlx", *peers, "rlx / torch", "rlx / best"]
    rows = []
    for result in results:
        cells = [result.model.title]
        for name in ("rlx", *peers):
            ms = result.medians.get(name)
            cells.append(f"{ms:.3f}" if ms is not None else result.status.get(name, "-"))
        rlx_ms = result.medians.get("rlx")
        timed = {n: ms for n, ms in result.medians.items() if n != "rlx"}
        eager = timed.get("torch")
        cells.append(f"{rlx_ms / eager:.2f}" if rlx_ms and eager else "-")
        best = min(timed.values()) if timed else None
        cells.append(f"{rlx_ms / best:.2f}" if rlx_ms and best else "-")
        rows.append(cells)
    return format_table(header, rows, markdown)


# --------------------------------------------------------------------------- main

def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m bench train``."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    parser.add_argument("--threads", type=positive_int, nargs="+",
                        default=sorted({usable, 1}, reverse=True),
                        help="thread counts to run at (default: usable cores, then 1)")
    parser.add_argument("--repeat", type=positive_int, default=60, help="timed steps per framework")
    parser.add_argument("--models", nargs="+", choices=("mlp", "cnn"), default=["mlp", "cnn"],
                        help="models to run (default: both)")
    parser.add_argument("--peers", nargs="+", choices=PEERS, default=list(PEERS),
                        help="PyTorch variants to compare with (default: both)")
    parser.add_argument("--tiny", action="store_true", help="narrow models, small batches")
    parser.add_argument("--markdown", action="store_true", help="print tables as markdown")


def main(args: argparse.Namespace) -> int:
    """Check and time every model at every thread count; print agreement and tables."""
    models = [m for m in train_models(args.tiny) if m.key in args.models]
    torch_peer = TorchPeer()
    missing = torch_peer.missing()
    peers = [] if missing else list(args.peers)
    print(f"machine: {machine_description()}")
    print(f"versions: {versions([torch_peer] if not missing else [])}")
    if missing:
        print(f"skipped peers {', '.join(args.peers)}: {missing}")
    failures, tables = [], []
    for threads in args.threads:
        print(f"\n== threads = {threads}, {args.repeat} steps per framework ==")
        limit = torch_peer.limit_threads(threads) if not missing else contextlib.nullcontext()
        with limit:
            results = []
            for model in models:
                print(f"[{model.key}] {model.title}")
                result = run_model(model, threads, args.repeat, peers)
                for line in result.agreement:
                    print(f"    {line}")
                failures += [f"threads={threads} {f}" for f in result.failures]
                results.append(result)
        tables.append(f"threads = {threads}: median ms per training step\n"
                      + table(results, peers, args.markdown))
    for text in tables:
        print("\n" + text)
    if failures:
        print("\nFAILED: results disagree:\n  " + "\n  ".join(failures))
        return 1
    return 0
