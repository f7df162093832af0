"""Finite-difference checks of the autodiff transforms, in float64.

Each check runs graphs with :func:`tests.helpers.run_graph` on the given device
and compares a derivative the transform built against central differences
(f(x + eps v) - f(x - eps v)) / (2 eps) along random directions v.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pytest
from tests.helpers import run_graph as _run_graph

from rlx.autodiff import grad, hvp, jvp
from rlx.errors import UnsupportedOpError
from rlx.ir.graph import Graph

EPS = 1e-6
RTOL = 1e-6
ATOL = 1e-8

Feeds = Mapping[str, np.ndarray]


def run_graph(graph: Graph, feeds: Feeds, device: str) -> list[np.ndarray]:
    """:func:`tests.helpers.run_graph`, skipping the test when ``device`` cannot run an
    op of ``graph`` yet (a backend gap, reported by the skip, not an autodiff failure)."""
    try:
        return _run_graph(graph, feeds, device)
    except UnsupportedOpError as error:
        report = getattr(error, "report", None)
        missing = sorted(report.unsupported) if report is not None else str(error)
        pytest.skip(f"{device} cannot run graph {graph.name!r} yet: lacks {missing}")


def _directions(feeds: Feeds, names: Sequence[str], rng: np.random.Generator) -> dict:
    """A random normal direction for each float leaf in ``names``."""
    return {n: rng.standard_normal(np.shape(feeds[n])) for n in names
            if np.asarray(feeds[n]).dtype.kind == "f"}


def _shifted(feeds: Feeds, direction: Mapping[str, np.ndarray], scale: float) -> dict:
    """``feeds`` moved by ``scale * direction`` (leaves not in ``direction`` kept)."""
    out = dict(feeds)
    for name, v in direction.items():
        out[name] = feeds[name] + scale * v
    return out


def central_difference(graph: Graph, feeds: Feeds, direction: Mapping[str, np.ndarray],
                       device: str) -> list[np.ndarray]:
    """(f(x + eps v) - f(x - eps v)) / (2 eps) for every output of ``graph``."""
    ahead = run_graph(graph, _shifted(feeds, direction, EPS), device)
    behind = run_graph(graph, _shifted(feeds, direction, -EPS), device)
    return [(a - b) / (2 * EPS) for a, b in zip(ahead, behind)]


def _assert_close(got: np.ndarray, want: np.ndarray, scale: float, what: str) -> None:
    """|got - want| <= RTOL * (|want| + scale) + ATOL, elementwise."""
    np.testing.assert_allclose(got, want, rtol=RTOL, atol=RTOL * scale + ATOL, err_msg=what)


def check_vjp(graph: Graph, wrt: Sequence[str], feeds: Feeds, device: str,
              seed: int = 0) -> None:
    """grad(graph, wrt) against central differences of the loss, one random direction
    per leaf, with a random ``d_output`` seed; also checks the loss output."""
    rng = np.random.default_rng(seed)
    d_output = rng.uniform(0.5, 1.5)
    g = grad(graph, wrt)
    loss, *grads = run_graph(g, {**feeds, "d_output": np.asarray(d_output)}, device)
    np.testing.assert_allclose(loss, run_graph(graph, feeds, device)[0], rtol=1e-14)
    for name, gradient in zip(wrt, grads):
        assert gradient.shape == np.shape(feeds[name]), name
        direction = _directions(feeds, [name], rng)
        if not direction:
            assert not gradient.any(), f"integer leaf {name} got a non-zero gradient"
            continue
        fd = d_output * central_difference(graph, feeds, direction, device)[0]
        terms = gradient * direction[name]
        _assert_close(terms.sum(), fd, np.abs(terms).sum(), f"d loss / d {name}")


def check_jvp(graph: Graph, names: Sequence[str], feeds: Feeds, device: str,
              seed: int = 0) -> None:
    """jvp(graph, names) against central differences of every output along one random
    tangent for all ``names`` at once; also checks the primal outputs."""
    rng = np.random.default_rng(seed)
    direction = _directions(feeds, names, rng)
    tangents = {f"tangent_{n}": direction.get(n, np.zeros_like(feeds[n])) for n in names}
    outs = run_graph(jvp(graph, names), {**feeds, **tangents}, device)
    primals, derived = outs[:len(graph.outputs)], outs[len(graph.outputs):]
    for got, want in zip(primals, run_graph(graph, feeds, device)):
        np.testing.assert_allclose(got, want, rtol=1e-14)
    fds = central_difference(graph, feeds, direction, device)
    for k, (t, fd) in enumerate(zip(derived, fds)):
        _assert_close(t, fd, float(np.abs(fd).max(initial=1.0)), f"tangent of output {k}")


def check_hvp(graph: Graph, wrt: Sequence[str], feeds: Feeds, device: str,
              seed: int = 0) -> None:
    """hvp(graph, wrt) against grad(graph, wrt) and central differences of the
    gradient along one random direction v."""
    rng = np.random.default_rng(seed)
    direction = _directions(feeds, wrt, rng)
    tangents = {f"tangent_{n}": direction.get(n, np.zeros_like(feeds[n])) for n in wrt}
    loss, *rest = run_graph(hvp(graph, wrt), {**feeds, **tangents}, device)
    grads, gv, hv = rest[:len(wrt)], rest[len(wrt)], rest[len(wrt) + 1:]
    plain = grad(graph, wrt, d_output=False)
    want_loss, *want_grads = run_graph(plain, feeds, device)
    np.testing.assert_allclose(loss, want_loss, rtol=1e-14)
    for got, want in zip(grads, want_grads):
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)
    terms = [g * direction[n] for n, g in zip(wrt, grads) if n in direction]
    np.testing.assert_allclose(gv, sum(t.sum() for t in terms), rtol=1e-10, atol=1e-12)
    fds = central_difference(plain, feeds, direction, device)[1:]
    for name, got, fd in zip(wrt, hv, fds):
        _assert_close(got, fd, float(np.abs(fd).max(initial=1.0)), f"(H v) for {name}")
