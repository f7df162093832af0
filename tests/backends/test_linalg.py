"""rlx.linalg ops on every backend against numpy / scipy in float64."""

import numpy as np
import pytest
import scipy.linalg

import rlx
from rlx.errors import ExecutionError

la = rlx.linalg

# (batch, n, k): k = 0 means a batch of vectors as the right-hand side
SHAPES = [((), 1, 0), ((2, 3), 5, 3), ((2,), 33, 0), ((), 33, 4)]


def _spd(rng, batch, n):
    m = rng.standard_normal(batch + (n, n))
    return m @ np.swapaxes(m, -1, -2) / n + np.eye(n)


@pytest.mark.parametrize("dtype", ["f64", "f32"])
@pytest.mark.parametrize("batch, n, k", SHAPES)
def test_linalg_ops_match_numpy(device, dtype, batch, n, k):
    rng = np.random.default_rng(n + len(batch))
    a = _spd(rng, batch, n)
    gen = rng.standard_normal(batch + (n, n)) + 3 * np.eye(n)  # not symmetric
    rhs_shape = batch + ((n, k) if k else (n,))
    b = rng.standard_normal(rhs_shape)
    g = rlx.Graph("linalg")
    ta = g.input("a", a.shape, dtype)
    tg = g.input("g", gen.shape, dtype)
    tb = g.input("b", b.shape, dtype)
    sign, logabs = la.slogdet(tg)
    g.set_outputs([la.solve(tg, tb), la.cholesky(ta), la.solve_triangular(tg, tb),
                   la.solve_triangular(tg, tb, lower=False), la.inv(tg), la.det(tg), sign,
                   logabs])
    np_dt = rlx.as_dtype(dtype).np
    outs = rlx.Session(device).compile(g).run({"a": a.astype(np_dt), "g": gen.astype(np_dt),
                                               "b": b.astype(np_dt)})
    # the references run in float64 on the values the graph saw
    a64, g64, b64 = (v.astype(np_dt).astype(np.float64) for v in (a, gen, b))
    bm = b64 if k else b64[..., None]

    def vec(x):
        return x if k else x[..., 0]
    want = [vec(np.linalg.solve(g64, bm)), np.linalg.cholesky(a64),
            vec(np.linalg.solve(np.tril(g64), bm)), vec(np.linalg.solve(np.triu(g64), bm)),
            np.linalg.inv(g64), np.linalg.det(g64), *np.linalg.slogdet(g64)]
    names = ["solve", "cholesky", "solve_triangular", "solve_triangular upper", "inv", "det",
             "sign", "logabsdet"]
    tol = 1e-10 if dtype == "f64" else 2e-4
    for name, got, w in zip(names, outs, want):
        assert got.shape == w.shape and got.dtype == np_dt, name
        scale = max(1.0, float(np.abs(w).max()))
        np.testing.assert_allclose(got, w, rtol=tol, atol=tol * scale, err_msg=name)


def test_solve_broadcasts_batch_axes_and_matches_scipy_triangular(device):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((4, 4)) + 4 * np.eye(4)
    b = rng.standard_normal((3, 4, 2))
    g = rlx.Graph("bcast")
    x = la.solve(g.input("a", a.shape, "f64"), g.input("b", b.shape, "f64"))
    y = la.solve_triangular(g.input("a2", a.shape, "f64"), g.input("b2", b.shape, "f64"))
    assert x.shape == (3, 4, 2)
    g.set_outputs([x, y])
    got = rlx.Session(device).compile(g).run({"a": a, "b": b, "a2": a, "b2": b})
    np.testing.assert_allclose(got[0], np.linalg.solve(a, b), rtol=1e-10, atol=1e-12)
    want = np.stack([scipy.linalg.solve_triangular(a, v, lower=True) for v in b])
    np.testing.assert_allclose(got[1], want, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("op", ["solve", "inv", "solve_triangular", "cholesky"])
def test_singular_or_indefinite_matrix_fails_the_run(device, op):
    a = np.stack([np.eye(3), np.eye(3)])
    a[1, 2, 2] = 0.0 if op != "cholesky" else -1.0
    g = rlx.Graph("bad")
    ta = g.input("a", a.shape, "f64")
    if op in ("solve", "solve_triangular"):
        out = getattr(la, op)(ta, g.input("b", (2, 3), "f64"))
    else:
        out = getattr(la, op)(ta)
    g.set_outputs([out])
    cg = rlx.Session(device).compile(g)
    feeds = {"a": a, "b": np.ones((2, 3))} if op in ("solve", "solve_triangular") else {"a": a}
    what = "not positive definite" if op == "cholesky" else "singular"
    with pytest.raises(ExecutionError, match=rf"{op}: the matrix is {what} \(batch element 1\)"):
        cg.run(feeds)


def test_det_and_slogdet_of_a_singular_matrix(device):
    a = np.zeros((2, 2))
    g = rlx.Graph("sing")
    ta = g.input("a", a.shape, "f64")
    g.set_outputs([la.det(ta), *la.slogdet(ta)])
    det, sign, logabs = rlx.Session(device).compile(g).run({"a": a})
    assert det == 0 and sign == 0 and logabs == -np.inf


@pytest.mark.parametrize("op, results", [("lu", "plu"), ("qr", "qr"), ("eigh", "wv")])
def test_factorisations_of_a_non_finite_matrix_are_nan(device, op, results):
    """A batch element holding nan or inf (eigh: in its lower triangle) gives nan for
    all of its results; the other elements are factorised as numpy does (cpu raised
    'did not converge', the reference device numpy's or scipy's own errors)."""
    import scipy.linalg

    rng = np.random.default_rng(4)
    good = rng.standard_normal((3, 3))
    good = good + good.T
    a = np.stack([good, good, good, good])
    a[1, 1, 0] = np.nan
    a[2, 2, 2] = np.inf
    a[3, 0, 2] = np.nan       # upper triangle: eigh does not read it
    g = rlx.Graph(op)
    g.set_outputs(list(getattr(la, op)(g.input("a", a.shape, "f64"))))
    got = dict(zip(results, rlx.Session(device).compile(g).run({"a": a})))
    want = {"lu": dict(zip("plu", scipy.linalg.lu(good))),
            "qr": dict(zip("qr", np.linalg.qr(good))),
            "eigh": dict(zip("wv", np.linalg.eigh(good, UPLO="L")))}[op]
    for name in results:
        assert np.isnan(got[name][1]).all() and np.isnan(got[name][2]).all(), name
        np.testing.assert_allclose(np.abs(got[name][0]), np.abs(want[name]), atol=1e-12)
        if op == "eigh":
            np.testing.assert_allclose(np.abs(got[name][3]), np.abs(want[name]), atol=1e-12)
        else:
            assert np.isnan(got[name][3]).all(), name


@pytest.mark.parametrize("dtype", ["f64", "f32"])
def test_det_whose_partial_products_overflow_or_underflow(device, dtype):
    """det of diag(big, big, small, small) and its reverse is 1, as numpy gives: a
    running product of the pivots overflowed to inf (or underflowed to 0) on cpu."""
    big = 1e200 if dtype == "f64" else 1e30
    a = np.stack([np.diag([big, big, 1 / big, 1 / big]), np.diag([1 / big, 1 / big, big, big]),
                  np.diag([big, big, big, 1 / big])]).astype(rlx.as_dtype(dtype).np)
    g = rlx.Graph("det")
    g.set_outputs([la.det(g.input("a", a.shape, dtype))])
    (det,) = rlx.Session(device).compile(g).run({"a": a})
    a64 = a.astype(np.float64)
    want = np.linalg.det(a64)        # float64 (by logarithms): about 1, 1
    want[2] = np.inf                 # the last one's det itself overflows
    np.testing.assert_allclose(det, want, rtol=1e-6 if dtype == "f32" else 1e-14)


@pytest.mark.parametrize("dtype", ["f64", "f32"])
@pytest.mark.parametrize("batch, n", [((), 1), ((2,), 6), ((), 33)])
def test_factorisations_match_numpy_and_scipy(device, dtype, batch, n):
    rng = np.random.default_rng(n)
    a = _spd(rng, batch, n)
    gen = rng.standard_normal(batch + (n, n))
    g = rlx.Graph("fact")
    ta = g.input("a", a.shape, dtype)
    tg = g.input("g", a.shape, dtype)
    g.set_outputs([*la.lu(tg), *la.qr(tg), *la.eigh(ta)])
    np_dt = rlx.as_dtype(dtype).np
    p, lo, u, q, r, w, v = rlx.Session(device).compile(g).run({"a": a.astype(np_dt),
                                                                 "g": gen.astype(np_dt)})
    a64, g64 = a.astype(np_dt).astype(np.float64), gen.astype(np_dt).astype(np.float64)
    tol = 1e-10 if dtype == "f64" else 1e-4
    flat = g64.reshape(-1, n, n)
    plu = [scipy.linalg.lu(m) for m in flat]
    for got, k in ((p, 0), (lo, 1), (u, 2)):
        want = np.stack([f[k] for f in plu]).reshape(g64.shape)
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol * max(1, np.abs(want).max()))
    wq, wr = np.linalg.qr(g64)
    np.testing.assert_allclose(q, wq, rtol=tol, atol=tol)
    np.testing.assert_allclose(r, wr, rtol=tol, atol=tol * max(1, np.abs(wr).max()))
    ww, wv = np.linalg.eigh(a64)
    np.testing.assert_allclose(w, ww, rtol=tol, atol=tol * max(1, np.abs(ww).max()))
    # eigenvectors agree up to each column's sign (and rebuild a)
    signs = np.sign(np.sum(v * wv, axis=-2, keepdims=True))
    np.testing.assert_allclose(v * signs, wv, rtol=0, atol=100 * tol)
    np.testing.assert_allclose(v @ (w[..., None] * np.swapaxes(v, -1, -2)), a64,
                               atol=10 * tol * max(1, np.abs(a64).max()))


@pytest.mark.parametrize("batch", [(), (2,)])
def test_factorisations_of_empty_matrices_are_empty(device, batch):
    """0 x 0 matrices: cholesky and lu give empty factors as numpy and scipy do (the
    reference device failed with numpy's reshape error)."""
    g = rlx.Graph("empty")
    a = g.input("a", batch + (0, 0), "f64")
    g.set_outputs([la.cholesky(a), *la.lu(a)])
    outs = rlx.Session(device).compile(g).run({"a": np.zeros(batch + (0, 0))})
    assert np.linalg.cholesky(np.zeros(batch + (0, 0))).shape == batch + (0, 0)
    assert [o.shape for o in outs] == [batch + (0, 0)] * 4


def test_a_padded_fft_of_a_complex_input_builds_without_warnings():
    import warnings

    g = rlx.Graph("padded")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rlx.fft.fft(g.input("c", (4,), "c64"), n=8)
