"""Real training runs: an MLP and a small CNN on scikit-learn's bundled digits.

The data set ships inside scikit-learn (1797 8x8 grey images of the digits 0-9, no
download). It is split deterministically: rows are permuted with a fixed seed and the
last 20% are held out. (The file's own order is not used for the split: its tail was
written by other people than its head, and on it even an RBF SVM reaches only 95.8%
and scikit-learn's own MLP 91%.) Pixels are standardised with the training set's mean
and standard deviation.

Each model trains through ``rlx.optim.train.fit`` (grad graph compiled once,
resident optimizer steps) and is scored by a separately compiled inference graph
(argmax of the logits) holding copies of the trained params.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import pytest
from sklearn.datasets import load_digits

import rlx
from rlx.errors import InputError, UnsupportedOpError
from rlx.optim import SGD, Adam, he_uniform
from rlx.optim.train import Trainer, TrainResult, fit, minibatches

SEED = 0


@dataclass(frozen=True)
class Digits:
    x_train: np.ndarray  # [N, 1, 8, 8] f32, standardised
    y_train: np.ndarray  # [N] i64
    x_test: np.ndarray
    y_test: np.ndarray


@pytest.fixture(scope="module")
def digits() -> Digits:
    data = load_digits()
    images = data.images.astype(np.float32)[:, None]
    labels = data.target.astype(np.int64)
    order = np.random.default_rng(SEED).permutation(len(images))
    images, labels = images[order], labels[order]
    n_train = len(images) - len(images) // 5
    mean, std = images[:n_train].mean(), images[:n_train].std()
    images = (images - mean) / std
    return Digits(images[:n_train], labels[:n_train], images[n_train:], labels[n_train:])


# --------------------------------------------------------------------------- models

@dataclass(frozen=True)
class Model:
    """A classifier: its param shapes, how to compute logits, and its training recipe."""

    name: str
    param_shapes: dict[str, tuple[int, ...]]
    logits: Callable[[rlx.Tensor, dict[str, rlx.Tensor]], rlx.Tensor]
    image_shape: tuple[int, ...]  # one example as the model reads it
    batch: int
    epochs: int
    lr: float

    def init(self, seed: int = SEED) -> dict[str, np.ndarray]:
        """He-uniform weights, zero biases (``rlx.optim.he_uniform``)."""
        return he_uniform(self.param_shapes, seed)

    def declare(self, g: rlx.Graph) -> dict[str, rlx.Tensor]:
        return {name: g.param(name, shape) for name, shape in self.param_shapes.items()}

    def loss_graph(self) -> rlx.Graph:
        g = rlx.Graph(f"{self.name}_loss")
        x = g.input("x", (self.batch,) + self.image_shape)
        y = g.input("y", (self.batch,), "i64")
        g.set_outputs([rlx.softmax_cross_entropy(self.logits(x, self.declare(g)), y)])
        return g

    def inference_graph(self, rows: int) -> rlx.Graph:
        g = rlx.Graph(f"{self.name}_predict")
        x = g.input("x", (rows,) + self.image_shape)
        g.set_outputs([self.logits(x, self.declare(g)).argmax(-1)])
        return g

    def schedule(self, epoch: int) -> float:
        """Cosine decay from ``lr`` over the run."""
        return self.lr * 0.5 * (1.0 + math.cos(math.pi * (epoch - 1) / self.epochs))


def _mlp_logits(x: rlx.Tensor, p: dict[str, rlx.Tensor]) -> rlx.Tensor:
    hidden = (x @ p["w1"] + p["b1"]).relu()
    return hidden @ p["w2"] + p["b2"]


def _cnn_logits(x: rlx.Tensor, p: dict[str, rlx.Tensor]) -> rlx.Tensor:
    h = rlx.max_pool2d(rlx.conv2d(x, p["k1"], p["c1"], padding=1).relu(), 2)  # [N,16,4,4]
    h = rlx.max_pool2d(rlx.conv2d(h, p["k2"], p["c2"], padding=1).relu(), 2)  # [N,32,2,2]
    return h.reshape(x.shape[0], 128) @ p["w"] + p["b"]


MLP = Model("mlp", {"w1": (64, 64), "b1": (64,), "w2": (64, 10), "b2": (10,)}, _mlp_logits,
            (64,), batch=128, epochs=20, lr=0.01)
CNN = Model("cnn", {"k1": (16, 1, 3, 3), "c1": (16,), "k2": (32, 16, 3, 3), "c2": (32,),
                    "w": (128, 10), "b": (10,)}, _cnn_logits,
            (1, 8, 8), batch=32, epochs=15, lr=0.005)


def _inputs(model: Model, images: np.ndarray) -> np.ndarray:
    return images.reshape((len(images),) + model.image_shape)


@contextmanager
def _skip_unsupported(device: str, what: str):
    """Skip, naming the op, when a device other than the reference cannot compile
    ``what`` yet; on the reference every op must work."""
    try:
        yield
    except UnsupportedOpError as err:
        if device == "reference":
            raise
        first_lines = " ".join(str(err).splitlines()[:2])
        pytest.skip(f"{device} cannot compile {what} yet: {first_lines}")


def _train(model: Model, data: Digits, device: str, epochs: int | None = None) -> TrainResult:
    """Train ``model`` with Adam and a cosine schedule."""
    source = minibatches({"x": _inputs(model, data.x_train), "y": data.y_train},
                         model.batch, seed=SEED)
    with _skip_unsupported(device, f"the {model.name} gradient graph"):
        return fit(model.loss_graph(), model.init(), Adam(model.lr), source,
                   epochs or model.epochs, device=device, schedule=model.schedule,
                   progress=False)


def _accuracy(model: Model, params: dict[str, np.ndarray], data: Digits, device: str) -> float:
    """Held-out accuracy from a separately compiled argmax graph."""
    with _skip_unsupported(device, f"the {model.name} inference graph"):
        predict = rlx.Session(device).compile(model.inference_graph(len(data.x_test)))
    for name, value in params.items():
        predict.set_param(name, value)
    predicted = predict.run({"x": _inputs(model, data.x_test)})[0]
    return float(np.mean(predicted == data.y_test))


# --------------------------------------------------------------------------- tests

@pytest.mark.parametrize("model", [MLP, CNN], ids=["mlp", "cnn"])
def test_reaches_97_percent_held_out(model, digits, device):
    result = _train(model, digits, device)
    assert result.resident_steps > 0 and result.host_steps == 0
    assert result.history[-1].loss < result.history[0].loss
    accuracy = _accuracy(model, result.params, digits, device)
    assert accuracy >= 0.97, f"{model.name} reached {accuracy:.4f} held-out accuracy"


@pytest.mark.parametrize("model", [MLP, CNN], ids=["mlp", "cnn"])
def test_training_is_reproducible(model, digits, device):
    first = _train(model, digits, device, epochs=2)
    second = _train(model, digits, device, epochs=2)
    assert [h.loss for h in first.history] == [h.loss for h in second.history]
    for name, value in first.params.items():
        np.testing.assert_array_equal(value, second.params[name], err_msg=name)


def test_history_metrics_and_progress_bar(digits):
    stream = io.StringIO()
    source = minibatches({"x": _inputs(MLP, digits.x_train), "y": digits.y_train}, MLP.batch)

    def evaluate(params):
        return {"acc": _accuracy(MLP, params, digits, "reference")}

    result = fit(MLP.loss_graph(), MLP.init(), Adam(0.01), source, 2, evaluate=evaluate,
                 progress=stream)
    assert [h.epoch for h in result.history] == [1, 2]
    assert all(0.0 <= h.metrics["acc"] <= 1.0 for h in result.history)
    assert result.history[1].metrics["acc"] == _accuracy(MLP, result.params, digits,
                                                         "reference")
    text = stream.getvalue()
    assert "epoch 1/2" in text and "epoch 2/2" in text and "acc " in text


def _linear_regression() -> rlx.Graph:
    """mean((x @ (2 w) + b - y)^2). ``2 w`` depends on params only: compiled with
    ``split_params=True`` it moves to a prepare stage, and a staged graph cannot step
    its params in place."""
    g = rlx.Graph("regression")
    x = g.input("x", (8, 3))
    y = g.input("y", (8,))
    w = g.param("w", (3,))
    b = g.param("b", ())
    err = x @ (w * 2.0) + b - y
    g.set_outputs([(err * err).mean()])
    return g


def test_host_fallback_matches_resident_steps():
    rng = np.random.default_rng(1)
    batches = [{"x": rng.standard_normal((8, 3)), "y": rng.standard_normal(8)}
               for _ in range(4)]
    init = {"w": np.zeros(3), "b": np.zeros(())}
    opts = rlx.CompileOptions(split_params=True)
    with pytest.warns(RuntimeWarning, match="cannot step params in place"):
        host = fit(_linear_regression(), init, SGD(0.1, momentum=0.9), batches, 3,
                   options=opts, progress=False)
    resident = fit(_linear_regression(), init, SGD(0.1, momentum=0.9), batches, 3,
                   progress=False)
    assert host.host_steps == 12 and host.resident_steps == 0
    assert resident.resident_steps == 12 and resident.host_steps == 0
    for name in init:
        np.testing.assert_allclose(host.params[name], resident.params[name], rtol=1e-6)
    assert not np.allclose(resident.params["w"], 0.0)


def test_set_param_replaces_a_value_between_steps():
    """After resident steps, set_param changes one param and keeps the others' trained
    values; the next step starts from the new value (checked against float64 SGD)."""
    rng = np.random.default_rng(3)
    x, y = rng.standard_normal((8, 3)), rng.standard_normal(8)
    trainer = Trainer(_linear_regression(), {"w": np.zeros(3), "b": np.zeros(())}, SGD(0.1))
    trainer.step({"x": x, "y": y})
    trained_b = trainer.params()["b"]
    w_new = np.array([0.5, -1.0, 2.0])
    trainer.set_param("w", w_new)
    assert trainer.params()["b"] == trained_b
    np.testing.assert_array_equal(trainer.params()["w"], w_new)
    trainer.step({"x": x, "y": y})
    err = x @ (2 * w_new) + trained_b - y
    want = w_new - 0.1 * (2 * x.T @ err / 8) * 2
    np.testing.assert_allclose(trainer.params()["w"], want, rtol=1e-5)   # an f32 graph
    with pytest.raises(InputError, match="unknown param 'v'"):
        trainer.set_param("v", w_new)


def test_only_trainable_params_change_and_inputs_are_untouched():
    rng = np.random.default_rng(2)
    batches = [(rng.standard_normal((8, 3)), rng.standard_normal(8))]
    init = {"w": np.ones(3, np.float32), "b": np.full((), 0.5, np.float32)}
    result = fit(_linear_regression(), init, Adam(0.1), batches, 2, trainable=["w"],
                 progress=False)
    assert result.params["b"] == 0.5
    assert not np.array_equal(result.params["w"], init["w"])
    np.testing.assert_array_equal(init["w"], np.ones(3))


def test_a_param_the_loss_does_not_use_keeps_its_value(device):
    """A declared param no output depends on has no gradient: the trainer steps the
    others and leaves it as given, as torch.optim does (the first step raised: the
    compiled program had dropped it). Reference: SGD on sum((x * w)^2) in float64."""
    g = rlx.Graph("unused")
    x = g.input("x", (3,), "f64")
    w = g.param("w", (3,), "f64")
    g.param("z", (3,), "f64")
    g.set_outputs([((x * w) ** 2.0).sum()])
    trainer = Trainer(g, {"w": np.ones(3), "z": np.full(3, 7.0)}, SGD(0.1), device=device)
    assert trainer.unused == ["z"] and [n for n, _ in trainer.trainable] == ["w"]
    xv = np.array([1.0, 2.0, 0.5])
    assert trainer.step({"x": xv}) == pytest.approx(((xv * 1.0) ** 2).sum())
    params = trainer.params()
    np.testing.assert_allclose(params["w"], 1.0 - 0.1 * 2 * xv ** 2, rtol=1e-15)
    np.testing.assert_array_equal(params["z"], np.full(3, 7.0))
    with pytest.raises(InputError, match="does not depend on any trainable param"):
        Trainer(g, {"w": np.ones(3), "z": np.ones(3)}, SGD(0.1), trainable=["z"])


def test_fit_rejects_bad_arguments():
    g = _linear_regression()
    init = {"w": np.zeros(3), "b": np.zeros(())}
    batch = {"x": np.zeros((8, 3)), "y": np.zeros(8)}
    with pytest.raises(InputError, match="missing"):
        fit(g, {"w": np.zeros(3)}, SGD(0.1), [batch], progress=False)
    with pytest.raises(InputError, match="not params"):
        fit(g, init, SGD(0.1), [batch], trainable=["x"], progress=False)
    with pytest.raises(InputError, match="one-shot"):
        fit(g, init, SGD(0.1), iter([batch]), 2, progress=False)
    with pytest.raises(InputError, match="shape"):
        fit(g, {"w": np.zeros(4), "b": np.zeros(())}, SGD(0.1), [batch], progress=False)
    with pytest.raises(InputError, match=r"trainable names \['w'\] more than once"):
        fit(g, init, SGD(0.1), [batch], trainable=["w", "w"], progress=False)
    with pytest.raises(InputError, match="param 'w'"):
        fit(g, {"w": "oops", "b": np.zeros(())}, SGD(0.1), [batch], progress=False)
    with pytest.raises(InputError, match="no batches"):
        fit(g, init, SGD(0.1), [], progress=False)
    with pytest.raises(InputError, match="batch_size"):
        minibatches(batch, 9)
    # argument types (they leaked numpy's and Python's own errors, or were truncated)
    for call, match in [(lambda: minibatches(batch, 2.5), "batch_size must be an int"),
                        (lambda: minibatches(batch, 2, seed=-1), "seed must be"),
                        (lambda: next(minibatches(batch, 2)(-1)), "epoch must be"),
                        (lambda: minibatches({"x": np.zeros(())}, 1), "scalars"),
                        (lambda: SGD(0.1).step("p", (2,), np.zeros(2), np.zeros(2, complex)),
                         "gradient must hold real numbers"),
                        (lambda: fit(g, init, SGD(0.1), [batch], schedule=lambda e: -1.0,
                                     progress=False), "schedule"),
                        (lambda: Trainer(_with_int_param(), {"w": np.zeros(3), "k":
                                                             np.zeros((), np.int32)}, SGD(0.1),
                                         trainable=["w", "k"]),
                         r"trainable params must be floats; \['k \(i32\)'\]")]:
        with pytest.raises(InputError, match=match):
            call()


def test_an_integer_param_is_not_trained_by_default():
    trainer = Trainer(_with_int_param(), {"w": np.ones(3), "k": np.full((), 2, np.int32)},
                      SGD(0.1))
    assert [n for n, _ in trainer.trainable] == ["w"]
    trainer.step({"x": np.ones(3, np.float32)})
    assert trainer.params()["k"] == 2
    np.testing.assert_allclose(trainer.params()["w"], 1.0 - 0.1 * 2.0, rtol=1e-6)


def _with_int_param() -> rlx.Graph:
    g = rlx.Graph("int_param")
    x = g.input("x", (3,), "f32")
    w, k = g.param("w", (3,), "f32"), g.param("k", (), "i32")
    g.set_outputs([(x * w * k.cast("f32")).sum()])
    return g


def test_trainer_steps_match_float64_gradient_descent(device):
    """Trainer.step returns the loss before the update and steps the params in place;
    Trainer.params() reads them back. Reference: gradient descent on
    mean((x @ (2 w) + b - y)^2) in float64 numpy."""
    rng = np.random.default_rng(3)
    x, y = rng.standard_normal((8, 3)), rng.standard_normal(8)
    w, b = rng.standard_normal(3), 0.25
    trainer = Trainer(_linear_regression(), {"w": w, "b": np.asarray(b)}, SGD(0.05),
                      device=device)
    for _ in range(3):
        err = x @ (2 * w) + b - y
        assert trainer.step({"x": x, "y": y}) == pytest.approx(np.mean(err ** 2), rel=1e-6)
        w, b = w - 0.05 * 4 * x.T @ err / 8, b - 0.05 * 2 * err.mean()
    params = trainer.params()
    np.testing.assert_allclose(params["w"], w, rtol=1e-5)
    np.testing.assert_allclose(params["b"], b, rtol=1e-5)
    assert trainer.resident_steps == 3 and trainer.host_steps == 0
    params["w"][:] = 0.0                                 # a copy: the trainer's are intact
    np.testing.assert_allclose(trainer.params()["w"], w, rtol=1e-5)


def test_cleared_optimizer_state_restarts_the_moments(device):
    """opt.state.clear() (or deleting one entry) after compiled steps starts Adam's
    moments again from zero, as torch.optim does; the next step was a KeyError.
    Reference: Adam in float64 numpy from the params of that moment."""
    rng = np.random.default_rng(4)
    x, y = rng.standard_normal((8, 3)), rng.standard_normal(8)
    opt = Adam(0.1)
    trainer = Trainer(_linear_regression(), {"w": rng.standard_normal(3), "b": np.asarray(0.5)},
                      opt, device=device)
    trainer.step({"x": x, "y": y})
    for clear, restarted in ((opt.state.clear, ("w", "b")), (lambda: opt.state.pop("w"), ("w",))):
        clear()
        params = trainer.params()
        w, b = params["w"].astype(np.float64), float(params["b"])
        err = x @ (2 * w) + b - y
        grads = {"w": 4 * x.T @ err / 8, "b": 2 * err.mean()}
        trainer.step({"x": x, "y": y})
        got = trainer.params()
        for name in restarted:        # Adam's first step: lr * g / (|g| + eps)
            g = grads[name]
            expected = {"w": w, "b": b}[name] - 0.1 * g / (np.abs(g) + 1e-8)
            np.testing.assert_allclose(got[name], expected, rtol=1e-5, atol=1e-6)
        assert opt.state["w"].steps == 1


def test_a_one_element_loss_and_bad_trainer_arguments():
    """A loss of shape (1,) (grad takes one element) returns its float from step and
    trains in fit (it was a TypeError after the params had stepped); an optimizer that
    is not rlx's, or trainable / inputs given as one string, are InputErrors."""
    g = rlx.Graph("one_element")
    x = g.input("x", (4, 3))
    w = g.param("w", (3,))
    g.set_outputs([((x @ w) ** 2.0).mean().reshape((1,))])
    xs = np.arange(12, dtype=np.float32).reshape(4, 3) / 10
    trainer = Trainer(g, {"w": np.ones(3, np.float32)}, SGD(0.1))
    pred = xs.astype(np.float64) @ np.ones(3)
    assert trainer.step({"x": xs}) == pytest.approx(np.mean(pred ** 2), rel=1e-6)
    np.testing.assert_allclose(trainer.params()["w"], 1 - 0.1 * 2 * xs.T @ pred / 4, rtol=1e-6)
    result = fit(g, {"w": np.ones(3, np.float32)}, SGD(0.1), [{"x": xs}], progress=False)
    assert result.history[0].loss == pytest.approx(np.mean(pred ** 2), rel=1e-6)
    init = {"w": np.ones(3, np.float32)}
    for kwargs, match in [({"optimizer": "sgd"}, "must be an rlx.optim optimizer"),
                          ({"optimizer": SGD(0.1), "trainable": "w"}, "trainable is a list"),
                          ({"optimizer": SGD(0.1), "inputs": "x"}, "inputs is a list")]:
        with pytest.raises(InputError, match=match):
            Trainer(g, init, **kwargs)
