"""grad and jvp through complex values and the FFT ops (rlx.autodiff.complex).

The convention is PyTorch's: the gradient of a real loss L for a complex leaf z = x + iy
is dL/dx + i dL/dy. Checked against central differences on the real and the imaginary
part of every element separately (complex128 / float64), against torch.autograd for
compositions (the FFTs with each norm included), and forward mode against central
differences along a complex direction. The FFT ops run on the reference backend; on cpu
a case skips while its FFT kernel is missing (and runs once it lands).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pytest
import torch

import rlx
from rlx.autodiff import grad, jvp
from rlx.autodiff.complex import ADJOINT_NORM
from rlx.errors import UnsupportedOpError
from rlx.ir.complex_ops import NORMS, fft_scale
from rlx.ir.graph import Graph, Tensor

DEVICES = ["reference", "cpu"]
FFT_OPS = ("fft", "rfft", "irfft")
EPS = 1e-6


# --------------------------------------------------------------------------- running

def _compile(graph: Graph, device: str):
    """``graph`` compiled for ``device``; skipped while ``device`` lacks an FFT kernel."""
    try:
        return rlx.Session(device).compile(graph)
    except UnsupportedOpError as error:
        report = getattr(error, "report", None)
        missing = set(report.unsupported) if report is not None else set()
        if device != "reference" and missing and missing <= set(FFT_OPS):
            pytest.skip(f"{device} has no fft kernel yet (lacks {sorted(missing)})")
        raise


def _runner(graph: Graph, device: str) -> Callable[[dict], list[np.ndarray]]:
    compiled = _compile(graph, device)
    names = [n for n, _ in graph.inputs]
    return lambda feeds: compiled.run({n: feeds[n] for n in names})


def _sample(rng: np.random.Generator, shape, dtype: str) -> np.ndarray:
    if rlx.as_dtype(dtype).is_complex:
        return rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    return rng.standard_normal(shape)


def _numeric_grad(run: Callable, feeds: dict, name: str) -> np.ndarray:
    """dL/dx (+ i dL/dy for a complex leaf), element by element, by central differences
    on the real and the imaginary part separately."""
    base = feeds[name]
    parts = (1.0, 1j) if np.iscomplexobj(base) else (1.0,)
    out = np.zeros(base.shape, dtype=base.dtype)
    for idx in np.ndindex(base.shape):
        for unit in parts:
            step = np.zeros_like(base)
            step[idx] = EPS * unit
            ahead = run({**feeds, name: base + step})[0]
            behind = run({**feeds, name: base - step})[0]
            out[idx] += unit * (ahead - behind) / (2 * EPS)
    return out


# --------------------------------------------------------------------------- cases

@dataclass
class Case:
    """Leaves (name -> (shape, dtype)) and ``build(tensors) -> y`` of any float or complex
    dtype; ``loss`` turns y into a real scalar with fixed random weights."""

    id: str
    leaves: dict[str, tuple[tuple[int, ...], str]]
    build: Callable[[dict[str, Tensor]], Tensor]

    def graph(self, with_loss: bool) -> Graph:
        g = Graph(self.id)
        t = {n: g.input(n, s, d) for n, (s, d) in self.leaves.items()}
        y = self.build(t)
        g.set_outputs([_loss(y) if with_loss else y])
        return g

    def feeds(self, seed: int = 0) -> dict[str, np.ndarray]:
        rng = np.random.default_rng(seed)
        return {n: _sample(rng, s, d) for n, (s, d) in self.leaves.items()}


def _loss(y: Tensor) -> Tensor:
    """sum(Re y * a + Im y * b) + 0.5 sum(|y|^2) with fixed random weights a, b: every
    part of y reaches the loss, with a cotangent that depends on y."""
    rng = np.random.default_rng(y.ndim + sum(y.shape))
    part = y.dtype.real

    def weights() -> Tensor:
        return y.graph.constant(rng.standard_normal(y.shape).astype(part.np), part)
    if y.dtype.is_complex:
        linear = rlx.real(y) * weights() + rlx.imag(y) * weights()
    else:
        linear = y * weights()
    size = rlx.abs(y)
    return linear.sum() + 0.5 * (size * size).sum()


def _c(*shape: int) -> tuple[tuple[int, ...], str]:
    return shape, "c128"


def _r(*shape: int) -> tuple[tuple[int, ...], str]:
    return shape, "f64"


_COND = np.array([[True, False, True], [False, False, True]])


def _elementwise_cases() -> list[Case]:
    z, w, x = _c(2, 3), _c(2, 3), _r(3)
    return [
        Case("real", {"z": z}, lambda t: rlx.real(t["z"])),
        Case("real-of-float", {"x": x}, lambda t: rlx.real(t["x"])),
        Case("imag", {"z": z}, lambda t: rlx.imag(t["z"])),
        Case("imag-of-float", {"x": x}, lambda t: rlx.imag(t["x"]) + t["x"]),
        Case("conj", {"z": z, "w": w}, lambda t: rlx.conj(t["z"]) * t["w"]),
        Case("conj-of-float", {"x": x}, lambda t: rlx.conj(t["x"])),
        Case("angle", {"z": z}, lambda t: rlx.angle(t["z"])),
        Case("angle-of-float", {"x": x}, lambda t: rlx.angle(t["x"]) + t["x"]),
        Case("complex", {"a": _r(2, 3), "b": x}, lambda t: rlx.complex(t["a"], t["b"])),
        Case("abs", {"z": z}, lambda t: rlx.abs(t["z"])),
        Case("add", {"z": z, "x": x}, lambda t: t["z"] + t["x"]),
        Case("sub", {"z": z, "x": x}, lambda t: t["x"] - t["z"]),
        Case("neg", {"z": z}, lambda t: -t["z"]),
        Case("mul", {"z": z, "w": w}, lambda t: t["z"] * t["w"]),
        Case("mul-real", {"z": z, "x": x}, lambda t: t["x"] * t["z"]),
        Case("div", {"z": z, "w": w}, lambda t: t["z"] / t["w"]),
        Case("div-by-complex", {"z": z, "x": x}, lambda t: t["x"] / t["z"]),
        Case("div-by-real", {"z": z, "x": x}, lambda t: t["z"] / (t["x"] * t["x"] + 1.0)),
        Case("exp", {"z": z}, lambda t: rlx.exp(t["z"])),
        Case("where", {"z": z, "x": x},
             lambda t: rlx.where(t["z"].graph.constant(_COND), t["z"], t["x"])),
        Case("cast-to-complex", {"x": x}, lambda t: t["x"].cast("c128") * t["x"]),
        Case("cast-to-real", {"z": z}, lambda t: (t["z"] * t["z"]).cast("f64")),
    ]


def _reduction_and_matmul_cases() -> list[Case]:
    return [
        Case("matmul", {"a": _c(2, 3), "b": _c(3, 2)}, lambda t: t["a"] @ t["b"]),
        Case("matmul-real-left", {"a": _r(2, 3), "b": _c(3, 2)}, lambda t: t["a"] @ t["b"]),
        Case("matmul-real-right", {"a": _c(2, 3), "b": _r(3, 2)}, lambda t: t["a"] @ t["b"]),
        Case("matmul-vector", {"a": _c(3), "b": _c(2, 3, 2)}, lambda t: t["a"] @ t["b"]),
        Case("sum", {"z": _c(2, 3)}, lambda t: t["z"].sum(0) * t["z"].sum()),
        Case("mean", {"z": _c(2, 3)}, lambda t: t["z"].mean(1, keepdims=True) * t["z"]),
    ]


def _shape_cases() -> list[Case]:
    z = {"z": _c(2, 3)}
    idx = np.array([2, 0, 2])
    return [
        Case("reshape", z, lambda t: t["z"].reshape(3, 2)),
        Case("transpose", z, lambda t: t["z"].transpose(1, 0)),
        Case("broadcast_to", {"z": _c(3)}, lambda t: t["z"].broadcast_to((2, 3))),
        Case("squeeze-unsqueeze", z, lambda t: t["z"].unsqueeze(1).squeeze(1)),
        Case("slice", z, lambda t: t["z"][:, ::-2]),
        Case("concat", z, lambda t: rlx.concat([t["z"], t["z"] * t["z"]], axis=1)),
        Case("pad", z, lambda t: rlx.pad(t["z"], [(1, 0), (2, 1)], mode="reflect")),
        Case("gather", z, lambda t: rlx.gather(t["z"], t["z"].graph.constant(idx), axis=1)),
        Case("tile", z, lambda t: rlx.tile(t["z"], (2, 1))),
        Case("flip", z, lambda t: rlx.flip(t["z"], (0, 1))),
    ]


def _fft_cases() -> list[Case]:
    cases = []
    for norm in NORMS:
        for inverse in (False, True):
            fn = rlx.fft.ifft if inverse else rlx.fft.fft
            cases.append(Case(f"fft-{norm}-{'inverse' if inverse else 'forward'}",
                              {"z": _c(2, 5)}, lambda t, fn=fn, norm=norm: fn(t["z"], norm=norm)))
        for n in (6, 5):
            cases.append(Case(f"rfft-{norm}-n{n}", {"x": _r(2, n)},
                              lambda t, norm=norm: rlx.fft.rfft(t["x"], norm=norm)))
            cases.append(Case(f"irfft-{norm}-n{n}", {"c": _c(2, n // 2 + 1)},
                              lambda t, n=n, norm=norm: rlx.fft.irfft(t["c"], n, norm=norm)))
    cases += [
        Case("fft-axis0", {"z": _c(4, 2)}, lambda t: rlx.fft.fft(t["z"], axis=0)),
        Case("rfft-axis0", {"x": _r(4, 2)}, lambda t: rlx.fft.rfft(t["x"], axis=0)),
        Case("irfft-axis0", {"c": _c(3, 2)}, lambda t: rlx.fft.irfft(t["c"], 5, axis=0)),
        Case("rfft-n1", {"x": _r(2, 1)}, lambda t: rlx.fft.rfft(t["x"])),
        Case("irfft-n1", {"c": _c(2, 1)}, lambda t: rlx.fft.irfft(t["c"], 1)),
        Case("fft-of-real-cropped", {"x": _r(2, 5)}, lambda t: rlx.fft.fft(t["x"], n=3)),
        Case("ifft-padded", {"z": _c(2, 3)}, lambda t: rlx.fft.ifft(t["z"], n=5, norm="ortho")),
        Case("fft2", {"z": _c(3, 4)}, lambda t: rlx.fft.fft2(t["z"])),
        Case("rfft2-irfft2", {"x": _r(3, 4)},
             lambda t: rlx.fft.irfft2(rlx.fft.rfft2(t["x"]) * rlx.fft.rfft2(t["x"]), (3, 4))),
    ]
    return cases


GRAD_CASES = (_elementwise_cases() + _reduction_and_matmul_cases() + _shape_cases()
              + _fft_cases())


# --------------------------------------------------------------------------- grad vs fd

@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("case", GRAD_CASES, ids=[c.id for c in GRAD_CASES])
def test_grad_matches_finite_differences(case: Case, device: str):
    forward = case.graph(with_loss=True)
    names = list(case.leaves)
    feeds = case.feeds()
    got = _runner(grad(forward, names, d_output=False), device)(feeds)
    run = _runner(forward, device)
    np.testing.assert_allclose(got[0], run(feeds)[0], rtol=1e-12)
    for name, g in zip(names, got[1:]):
        assert g.shape == feeds[name].shape and g.dtype == feeds[name].dtype, name
        want = _numeric_grad(run, feeds, name)
        scale = np.abs(want).max(initial=1.0)
        np.testing.assert_allclose(g, want, rtol=1e-6, atol=1e-6 * scale, err_msg=name)


# --------------------------------------------------------------------------- jvp vs fd

JVP_CASES = [c for c in GRAD_CASES if c.id in {
    "real", "imag", "conj", "angle", "complex", "abs", "mul-real", "div", "div-by-complex",
    "exp", "cast-to-complex", "cast-to-real", "matmul-real-left", "mean", "gather", "pad",
    "fft-ortho-inverse", "fft-backward-forward", "rfft-forward-n5", "irfft-backward-n6",
    "irfft-ortho-n5", "rfft2-irfft2"}]


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("case", JVP_CASES, ids=[c.id for c in JVP_CASES])
def test_jvp_matches_finite_differences(case: Case, device: str):
    """Tangents (complex for complex leaves) against (f(z + eps v) - f(z - eps v)) / 2 eps."""
    forward = case.graph(with_loss=False)
    names = list(case.leaves)
    feeds = case.feeds()
    rng = np.random.default_rng(1)
    direction = {n: _sample(rng, feeds[n].shape, case.leaves[n][1]) for n in names}
    tangents = {f"tangent_{n}": v for n, v in direction.items()}
    primal, tangent = _runner(jvp(forward, names), device)({**feeds, **tangents})
    run = _runner(forward, device)
    want_primal = run(feeds)[0]
    np.testing.assert_allclose(primal, want_primal, rtol=1e-12)
    assert tangent.dtype == want_primal.dtype
    ahead = run({n: feeds[n] + EPS * direction[n] for n in names})[0]
    behind = run({n: feeds[n] - EPS * direction[n] for n in names})[0]
    fd = (ahead - behind) / (2 * EPS)
    np.testing.assert_allclose(tangent, fd, rtol=1e-6, atol=1e-6 * np.abs(fd).max(initial=1))


# --------------------------------------------------------------------------- vs torch

def _torch(value: np.ndarray) -> torch.Tensor:
    return torch.tensor(value, requires_grad=True)


def _check_against_torch(build_rlx, build_torch, leaves: dict, device: str) -> None:
    """grad of the real scalar ``build_rlx(tensors)`` against torch.autograd of
    ``build_torch(torch tensors)`` on the same values."""
    g = Graph("twin")
    t = {n: g.input(n, s, d) for n, (s, d) in leaves.items()}
    g.set_outputs([build_rlx(t)])
    feeds = {n: _sample(np.random.default_rng(7), s, d) for n, (s, d) in leaves.items()}
    names = list(leaves)
    got = _runner(grad(g, names, d_output=False), device)(feeds)
    tt = {n: _torch(v) for n, v in feeds.items()}
    loss = build_torch(tt)
    loss.backward()
    np.testing.assert_allclose(got[0], loss.detach().numpy(), rtol=1e-12)
    for name, value in zip(names, got[1:]):
        want = tt[name].grad.numpy()
        np.testing.assert_allclose(value, want, rtol=1e-10, atol=1e-10, err_msg=name)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("norm", NORMS)
def test_fft_compositions_match_torch(norm: str, device: str):
    def rlx_loss(t):
        spec = rlx.fft.fft(t["z"] * t["w"], norm=norm)
        back = rlx.fft.ifft(spec * rlx.conj(spec), norm=norm)
        size = rlx.abs(spec)
        return (size * size).sum() + rlx.real(back * t["z"]).sum() + rlx.angle(spec).sum()

    def torch_loss(t):
        spec = torch.fft.fft(t["z"] * t["w"], norm=norm)
        back = torch.fft.ifft(spec * spec.conj(), norm=norm)
        return (spec.abs() ** 2).sum() + (back * t["z"]).real.sum() + spec.angle().sum()

    _check_against_torch(rlx_loss, torch_loss, {"z": _c(3, 5), "w": _r(5)}, device)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("n", [6, 7])
def test_real_fft_compositions_match_torch(n: int, norm: str, device: str):
    def rlx_loss(t):
        spec = rlx.fft.rfft(t["x"], norm=norm) * t["h"]
        y = rlx.fft.irfft(spec, n, norm=norm)
        back = rlx.fft.irfft(t["c"], n, norm=norm)
        return (y * y * t["x"]).sum() + (rlx.exp(back * 0.3) * t["x"]).sum()

    def torch_loss(t):
        spec = torch.fft.rfft(t["x"], norm=norm) * t["h"]
        y = torch.fft.irfft(spec, n, norm=norm)
        back = torch.fft.irfft(t["c"], n, norm=norm)
        return (y * y * t["x"]).sum() + (torch.exp(back * 0.3) * t["x"]).sum()

    m = n // 2 + 1
    _check_against_torch(rlx_loss, torch_loss, {"x": _r(2, n), "h": _c(m), "c": _c(2, m)},
                         device)


@pytest.mark.parametrize("device", DEVICES)
def test_elementwise_and_matmul_compositions_match_torch(device: str):
    def rlx_loss(t):
        z = rlx.complex(t["a"], t["b"])
        m = (z @ rlx.conj(t["w"])) / (1.0 + rlx.abs(z @ t["w"]))
        y = rlx.exp(m * 0.5) * t["a"].sum(1, keepdims=True) - rlx.imag(m).cast("c128")
        return (rlx.angle(y) * 0.7).sum() + rlx.abs(y).mean() + rlx.real(y.sum(0)).sum()

    def torch_loss(t):
        z = torch.complex(t["a"], t["b"])
        m = (z @ t["w"].conj()) / (1.0 + (z @ t["w"]).abs())
        y = torch.exp(m * 0.5) * t["a"].sum(1, keepdim=True) - m.imag.to(torch.complex128)
        return (y.angle() * 0.7).sum() + y.abs().mean() + y.sum(0).real.sum()

    _check_against_torch(rlx_loss, torch_loss, {"a": _r(2, 3), "b": _r(2, 3), "w": _c(3, 4)},
                         device)


# --------------------------------------------------------------------------- properties

def test_adjoint_norms_keep_the_scale():
    for norm in NORMS:
        for n in (1, 4, 7):
            for inverse in (False, True):
                assert fft_scale(ADJOINT_NORM[norm], n, not inverse) == fft_scale(norm, n,
                                                                                 inverse)


def test_real_graphs_build_no_complex_nodes():
    """The conjugations of the complex rules are built only for complex values: the
    derivative graphs of a real graph are those of before (no conj / real nodes)."""
    g = Graph("real")
    x = g.input("x", (2, 3), "f64")
    w = g.input("w", (3, 2), "f64")
    y = rlx.abs(rlx.exp(x) * x / (x * x + 1.0)) @ w
    g.set_outputs([y.sum()])
    complex_ops = {"conj", "real", "imag", "complex", "angle"}
    for derived in (grad(g, ["x", "w"]), jvp(g, ["x", "w"])):
        assert not {node.op for node in derived.nodes} & complex_ops


def test_gradient_of_a_c64_leaf_is_c64():
    g = Graph("c64")
    z = g.input("z", (3,), "c64")
    x = g.input("x", (3,), "f32")
    g.set_outputs([rlx.abs(z * x).sum()])
    dg = grad(g, ["z", "x"], d_output=False)
    assert [t.dtype for t in dg.output_types] == [rlx.f32, rlx.c64, rlx.f32]
    zv = np.array([1 + 2j, -0.5j, 3.0], np.complex64)
    xv = np.array([0.5, 2.0, -1.0], np.float32)
    _, gz, gx = _runner(dg, "reference")({"z": zv, "x": xv})
    np.testing.assert_allclose(gz, zv * xv * xv / np.abs(zv * xv), rtol=1e-6)
    np.testing.assert_allclose(gx, np.abs(zv) * np.sign(xv), rtol=1e-6)


def test_hvp_through_an_fft():
    """Second order: forward over reverse through fft, abs and mul."""
    from rlx.autodiff import hvp

    g = Graph("hvp")
    z = g.input("z", (4,), "c128")
    spec = rlx.fft.fft(z * z)
    size = rlx.abs(spec)
    g.set_outputs([(size * size).sum()])
    rng = np.random.default_rng(3)
    zv, v = _sample(rng, (4,), "c128"), _sample(rng, (4,), "c128")
    out = _runner(hvp(g, ["z"]), "reference")({"z": zv, "tangent_z": v})
    gradient = _runner(grad(g, ["z"], d_output=False), "reference")
    fd = (gradient({"z": zv + EPS * v})[1] - gradient({"z": zv - EPS * v})[1]) / (2 * EPS)
    np.testing.assert_allclose(out[-1], fd, rtol=1e-6, atol=1e-6 * np.abs(fd).max())
    np.testing.assert_allclose(out[2], np.sum((np.conj(out[1]) * v).real), rtol=1e-10)


def _control_cases() -> list[Case]:
    def scan(t):
        def step(h, x):
            h2 = h * t["w"] + x
            return h2, rlx.abs(h2)
        h, ys = rlx.scan(step, t["z"][0], t["z"])
        return rlx.fft.fft(h) * ys.sum(0)

    def cond(t):
        return rlx.cond(rlx.real(t["z"]).sum() > -100.0, lambda a: rlx.exp(a) * t["w"],
                        lambda a: a, t["z"])

    def loop(t):
        h, _ = rlx.while_loop(lambda c: c[1] < 3.0, lambda c: (c[0] * t["w"], c[1] + 1.0),
                              (t["z"], t["z"].graph.constant(0.0, "f64")))
        return h

    leaves = {"z": _c(3, 4), "w": _c(4)}
    return [Case("scan", leaves, scan), Case("cond", leaves, cond),
            Case("while_loop", leaves, loop)]


CONTROL_CASES = _control_cases()


@pytest.mark.parametrize("case", CONTROL_CASES, ids=[c.id for c in CONTROL_CASES])
def test_control_flow_with_complex_carries(case: Case):
    """grad and jvp through scan / cond / while_loop whose carries are complex."""
    test_grad_matches_finite_differences(case, "reference")
    test_jvp_matches_finite_differences(case, "reference")


def test_a_complex_loss_is_refused():
    from rlx.errors import DTypeError

    g = Graph("complex-loss")
    z = g.input("z", (3,), "c128")
    g.set_outputs([z.sum()])
    with pytest.raises(DTypeError, match="real part or modulus"):
        grad(g, ["z"])
