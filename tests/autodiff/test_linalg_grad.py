"""Gradients (grad and jvp) of rlx.linalg ops against central finite differences."""

import numpy as np
import pytest

import rlx

la = rlx.linalg
N = 4


def _build(op, a, b):
    if op == "solve":
        return la.solve(a, b)
    if op == "solve_vec":
        return la.solve(a, b[..., 0])
    if op == "solve_triangular":
        return la.solve_triangular(a, b)
    if op == "solve_triangular_upper":
        return la.solve_triangular(a, b, lower=False)
    if op == "slogdet":
        return la.slogdet(a)[1]
    if op == "eigh_w":
        return la.eigh(a)[0]
    if op == "eigh_v":
        v = la.eigh(a)[1]
        return v * v  # independent of each eigenvector's sign
    if op.startswith("lu_"):
        p, low, up = la.lu(a)
        return {"lu_l": low, "lu_u": up, "lu_plu": p @ low @ (up * up)}[op]
    if op.startswith("qr_"):
        q, r = la.qr(a)
        return {"qr_q": q, "qr_r": r, "qr_qr": (q * q) @ r}[op]
    return getattr(la, op)(a)


OPS = ["solve", "solve_vec", "solve_triangular", "solve_triangular_upper", "inv", "det",
       "slogdet", "cholesky", "eigh_w", "eigh_v", "lu_l", "lu_u", "lu_plu", "qr_q", "qr_r",
       "qr_qr"]


def _values(op):
    rng = np.random.default_rng(len(op))
    m = rng.standard_normal((2, N, N))
    spd = op in ("cholesky", "eigh_w", "eigh_v")
    a = m @ np.swapaxes(m, -1, -2) / N + np.eye(N) if spd else m + 3 * np.eye(N)
    return a, rng.standard_normal((2, N, 2)), rng.standard_normal


def _graph(op):
    g = rlx.Graph(op)
    a = g.input("a", (2, N, N), "f64")
    b = g.input("b", (2, N, 2), "f64")
    y = _build(op, a, b)
    w = g.input("w", y.shape, "f64")
    g.set_outputs([(y * w).sum()])
    return g, y.shape


def _loss(op, a, b, w):
    g, _ = _graph(op)
    return float(rlx.Session("reference").compile(g).run({"a": a, "b": b, "w": w})[0])


@pytest.mark.parametrize("op", OPS)
def test_grad_matches_finite_differences(op):
    a, b, normal = _values(op)
    g, yshape = _graph(op)
    w = normal(yshape)
    dg = rlx.grad(g, ["a", "b"], d_output=False)
    _, ga, gb = rlx.Session("reference").compile(dg).run({"a": a, "b": b, "w": w})
    eps = 1e-6
    for x, got, name in ((a, ga, "a"), (b, gb, "b")):
        fd = np.zeros_like(x)
        for i in np.ndindex(x.shape):
            hi, lo = x.copy(), x.copy()
            hi[i] += eps
            lo[i] -= eps
            args = {"a": a, "b": b, name: hi}
            up = _loss(op, args["a"], args["b"], w)
            args[name] = lo
            fd[i] = (up - _loss(op, args["a"], args["b"], w)) / (2 * eps)
        np.testing.assert_allclose(got, fd, rtol=1e-5, atol=1e-6, err_msg=f"d{name}")


@pytest.mark.parametrize("op", OPS)
def test_jvp_matches_finite_differences(op):
    a, b, normal = _values(op)
    g, yshape = _graph(op)
    w = normal(yshape)
    ta, tb = normal(a.shape), normal(b.shape)
    jg = rlx.jvp(g, ["a", "b"])
    out = rlx.Session("reference").compile(jg).run({"a": a, "b": b, "w": w, "tangent_a": ta,
                                                    "tangent_b": tb})
    eps = 1e-6
    fd = (_loss(op, a + eps * ta, b + eps * tb, w)
          - _loss(op, a - eps * ta, b - eps * tb, w)) / (2 * eps)
    np.testing.assert_allclose(out[1], fd, rtol=1e-5, atol=1e-6)


@pytest.mark.skipif("cpu" not in rlx.available_devices(), reason="no C compiler")
@pytest.mark.parametrize("op", ["solve", "lu_plu", "qr_qr"])
def test_grad_on_cpu_matches_reference(op):
    a, b, normal = _values(op)
    g, yshape = _graph(op)
    w = normal(yshape)
    dg = rlx.grad(g, ["a", "b"], d_output=False)
    feeds = {"a": a, "b": b, "w": w}
    want = rlx.Session("reference").compile(dg).run(feeds)
    got = rlx.Session("cpu").compile(dg).run(feeds)
    for x, y in zip(got, want):
        np.testing.assert_allclose(x, y, rtol=1e-10, atol=1e-12)
