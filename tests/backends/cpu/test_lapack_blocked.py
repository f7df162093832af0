"""The blocked LU the cpu backend uses for a lone large matrix (solve, inv, det): results
against float64 numpy, the same bits at 1 and 2 threads, and a singular matrix still
failing the run."""

from __future__ import annotations

import numpy as np
import pytest

import rlx
from rlx.backends.cpu.kernels.lapack import BLOCKED_MIN


def _compile(n: int, k: int | None, dtype: str, threads: int):
    g = rlx.Graph("lu")
    a = g.input("a", (n, n), dtype)
    b = g.input("b", (n,) if k is None else (n, k), dtype)
    g.set_outputs([rlx.linalg.solve(a, b), rlx.linalg.inv(a), rlx.linalg.det(a / 4.0)])
    return rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(g)


@pytest.mark.parametrize("n, k, dtype", [(BLOCKED_MIN, None, "f64"), (257, 70, "f64"),
                                         (320, 3, "f32")])
def test_blocked_lu_matches_numpy_and_ignores_the_thread_count(n, k, dtype):
    rng = np.random.default_rng(n)
    a = rng.standard_normal((n, n)) + n ** 0.5 * np.eye(n)
    b = rng.standard_normal((n,) if k is None else (n, k))
    np_dtype = np.float64 if dtype == "f64" else np.float32
    feeds = {"a": a.astype(np_dtype), "b": b.astype(np_dtype)}
    one = _compile(n, k, dtype, 1).run(feeds)
    two = _compile(n, k, dtype, 2).run(feeds)
    for u, v in zip(one, two):
        np.testing.assert_array_equal(u, v)
    a64, b64 = feeds["a"].astype(np.float64), feeds["b"].astype(np.float64)
    rtol = 1e-10 if dtype == "f64" else 2e-3
    np.testing.assert_allclose(one[0], np.linalg.solve(a64, b64), rtol=rtol, atol=rtol)
    np.testing.assert_allclose(one[1], np.linalg.inv(a64), rtol=rtol, atol=rtol)
    if dtype == "f64":                            # f32's determinant overflows here
        sign, logdet = np.linalg.slogdet(a64 / 4.0)
        np.testing.assert_allclose(one[2], sign * np.exp(logdet), rtol=1e-9)


def test_a_singular_lone_matrix_fails_the_run():
    n = BLOCKED_MIN + 8
    a = np.random.default_rng(1).standard_normal((n, n))
    a[:, 100] = 0.0                                # an exactly zero pivot at step 100
    cg = _compile(n, None, "f64", 2)
    with pytest.raises(rlx.ExecutionError, match="singular"):
        cg.run({"a": a, "b": np.ones(n)})
