"""Models and data shared by the distributed tests and their worker script.

The digits MLP and CNN of ``tests/optim/test_training.py`` (same layers, He-uniform
init with seed 0, rows permuted with seed 0, pixels standardised), built in float64
so that a data-parallel run and a single-process run differ only by rounding in the
order of the sums (about 1e-16 relative per step), far inside the 1e-6 the
comparison allows.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from sklearn.datasets import load_digits

import rlx
from rlx.optim import he_uniform

SEED = 0


def digits() -> tuple[np.ndarray, np.ndarray]:
    """Standardised training images [N, 1, 8, 8] (float64) and labels [N] (int64)."""
    data = load_digits()
    images = data.images.astype(np.float64)[:, None]
    labels = data.target.astype(np.int64)
    order = np.random.default_rng(SEED).permutation(len(images))
    images, labels = images[order], labels[order]
    n_train = len(images) - len(images) // 5
    images = images[:n_train]
    return (images - images.mean()) / images.std(), labels[:n_train]


def _mlp_logits(x: rlx.Tensor, p: dict[str, rlx.Tensor]) -> rlx.Tensor:
    return (x @ p["w1"] + p["b1"]).relu() @ p["w2"] + p["b2"]


def _cnn_logits(x: rlx.Tensor, p: dict[str, rlx.Tensor]) -> rlx.Tensor:
    h = rlx.max_pool2d(rlx.conv2d(x, p["k1"], p["c1"], padding=1).relu(), 2)
    h = rlx.max_pool2d(rlx.conv2d(h, p["k2"], p["c2"], padding=1).relu(), 2)
    return h.reshape(x.shape[0], 128) @ p["w"] + p["b"]


@dataclass(frozen=True)
class Model:
    name: str
    param_shapes: dict[str, tuple[int, ...]]
    image_shape: tuple[int, ...]
    global_batch: int
    lr: float
    steps: int

    def init(self) -> dict[str, np.ndarray]:
        return {k: v.astype(np.float64) for k, v in he_uniform(self.param_shapes, SEED).items()}

    def loss_graph(self, rows: int) -> rlx.Graph:
        g = rlx.Graph(f"{self.name}_loss")
        x = g.input("x", (rows,) + self.image_shape, "f64")
        y = g.input("y", (rows,), "i64")
        p = {n: g.param(n, s, "f64") for n, s in self.param_shapes.items()}
        logits = _mlp_logits(x, p) if self.name == "mlp" else _cnn_logits(x, p)
        g.set_outputs([rlx.softmax_cross_entropy(logits, y)])
        return g

    def batches(self, images: np.ndarray, labels: np.ndarray) -> list[dict[str, np.ndarray]]:
        """The first ``steps`` global batches of epoch 1 (``rlx.optim.minibatches``)."""
        source = rlx.optim.minibatches(
            {"x": images.reshape((len(images),) + self.image_shape), "y": labels},
            self.global_batch, seed=SEED)
        return [batch for _, batch in zip(range(self.steps), source(1))]


MLP = Model("mlp", {"w1": (64, 64), "b1": (64,), "w2": (64, 10), "b2": (10,)}, (64,),
            global_batch=128, lr=0.01, steps=12)
CNN = Model("cnn", {"k1": (16, 1, 3, 3), "c1": (16,), "k2": (32, 16, 3, 3), "c2": (32,),
                    "w": (128, 10), "b": (10,)}, (1, 8, 8), global_batch=32, lr=0.005, steps=8)
MODELS = {"mlp": MLP, "cnn": CNN}

RESUME_STEPS, RESUME_AT = 8, 4          # the resume scenario: save after 4 of 8 steps


def rng_batch(rng: np.random.Generator, images: np.ndarray, labels: np.ndarray,
              rows: int) -> dict[str, np.ndarray]:
    """A global MLP batch of ``rows`` rows drawn with ``rng`` (the trainer's, so that
    resuming must restore its state to draw the same rows)."""
    picked = rng.choice(len(images), rows, replace=False)
    return {"x": images[picked].reshape(rows, 64), "y": labels[picked]}


def tp_weights(d_in: int = 16, hidden: int = 32, d_out: int = 12,
               rows: int = 8) -> tuple[np.ndarray, ...]:
    """Float64 weights ``w1, b1, w2, b2`` and an input ``x`` for the tensor-parallel MLP."""
    rng = np.random.default_rng(7)
    return (rng.standard_normal((d_in, hidden)), rng.standard_normal(hidden),
            rng.standard_normal((hidden, d_out)), rng.standard_normal(d_out),
            rng.standard_normal((rows, d_in)))


# --------------------------------------------------------------------------- in-graph collectives

COLLECTIVE_OUTPUTS = ("sum_after", "mean", "max", "min", "gather0", "gather1", "scatter0_sum",
                      "scatter0_mean", "scatter1_sum", "scatter1_mean", "chain", "int_sum")
"""The outputs of :func:`collective_graph`, in order."""


def collective_inputs(rank: int, dtype: str) -> dict[str, np.ndarray]:
    """Rank ``rank``'s values of the collective graph's input ``a`` [8, 12], param ``w``
    [12, 4] (both ``dtype``) and input ``i`` (int32 [5])."""
    rng = np.random.default_rng(100 + rank)
    np_dtype = rlx.as_dtype(dtype).np
    return {"a": rng.standard_normal((8, 12)).astype(np_dtype),
            "w": rng.standard_normal((12, 4)).astype(np_dtype),
            "i": rng.integers(-50, 50, 5).astype(np.int32)}


DP_VARIANTS = ("", "host", "cpu")
"""How the data-parallel tests train (``dist_worker._trainer``): gradients averaged
inside the reference program (the default), after it ("host"), inside the cpu
program with the all-reduces overlapping the backward ("cpu")."""


def collective_graph(world: int, dtype: str, overlap: bool = False) -> rlx.Graph:
    """Every collective op, with kernels before and after them (:data:`COLLECTIVE_OUTPUTS`):
    ``sum_after = 0.5 * all_reduce(2a + 1)``, the reductions of ``a``, ``a`` gathered and
    reduce-scattered along both axes, ``chain = all_gather(relu(all_reduce(a @ w)) + 1,
    axis=1)`` (two collectives with kernels between them) and ``all_reduce(i)``. With
    ``overlap`` every all_reduce is started where it stands and waited for later."""
    import rlx.distributed as rd

    g = rlx.Graph(f"collectives_{dtype}_{world}")
    a = g.input("a", (8, 12), dtype)
    w = g.param("w", (12, 4), dtype)
    outs = [rd.graph_all_reduce(a * 2.0 + 1.0, world=world, overlap=overlap) * 0.5]
    outs += [rd.graph_all_reduce(a, op, world=world, overlap=overlap)
             for op in ("mean", "max", "min")]
    outs += [rd.graph_all_gather(a, axis, world=world) for axis in (0, 1)]
    outs += [rd.graph_reduce_scatter(a, op, axis, world=world)
             for axis in (0, 1) for op in ("sum", "mean")]
    product = rd.graph_all_reduce(a @ w, world=world, overlap=overlap)
    outs.append(rd.graph_all_gather(product.relu() + 1.0, axis=1, world=world))
    outs.append(rd.graph_all_reduce(g.input("i", (5,), "i32"), world=world, overlap=overlap))
    g.set_outputs(outs)
    return g


def run_until_a_peer_is_lost(out: str, step: Callable[[], object], how: str = "die") -> None:
    """Call ``step`` until a collective in it raises DistributedError; rank 1 kills
    itself (``how="die"``) or hangs (``"hang"``) before its fourth step. Each surviving
    rank writes ``rank<r>.json``: the error's type and message, the step and how long
    that step took; it then leaves at once (the group is broken: no polite shutdown)."""
    import rlx.distributed as rd

    report: dict[str, object] = {"error": None}
    for index in range(1000):
        if rd.rank() == 1 and index == 3:
            if how == "die":
                os.kill(os.getpid(), signal.SIGKILL)
            time.sleep(3600)
        started = time.perf_counter()
        try:
            step()
        except rd.DistributedError as err:
            report = {"error": type(err).__name__, "message": str(err), "step": index,
                      "seconds": time.perf_counter() - started}
            break
    with open(os.path.join(out, f"rank{rd.rank()}.json"), "w") as f:
        json.dump(report, f)
    if report["error"]:
        os._exit(3)
