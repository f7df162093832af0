"""scatter_update on every backend against a plain Python loop in float64 / exact ints."""

import ml_dtypes
import numpy as np
import pytest
from tests.helpers import run_graph

import rlx
from rlx.errors import ExecutionError

INDICES = np.array([2, -1, 2, 0, 4, 2, -5])   # repeats and negatives, every row of 5 reached


def _oracle(data: np.ndarray, indices: np.ndarray, updates: np.ndarray, reduction: str,
            work) -> np.ndarray:
    """Row by row in index order, in ``work`` (float64, or the integer dtype itself)."""
    out = data.astype(work)
    upd = updates.astype(work)
    rows = data.shape[0]
    for j, k in enumerate(indices):
        k = int(k) % rows
        if reduction == "none":
            out[k] = upd[j]
        elif reduction == "add":
            out[k] = out[k] + upd[j]
        elif reduction == "mul":
            out[k] = out[k] * upd[j]
        elif reduction == "max":
            out[k] = np.maximum(out[k], upd[j])
        else:
            out[k] = np.minimum(out[k], upd[j])
    return out


def _graph(shape, dtype, index_dtype, reduction):
    g = rlx.Graph("scatter")
    data = g.input("data", shape, dtype)
    idx = g.input("idx", INDICES.shape, index_dtype)
    upd = g.input("upd", INDICES.shape + shape[1:], dtype)
    g.set_outputs([g.apply("scatter_update", [data, idx, upd], reduction=reduction)])
    return g


@pytest.mark.parametrize("reduction", ["none", "add", "mul", "max", "min"])
@pytest.mark.parametrize("dtype", ["f32", "f64", "f16", "bf16"])
def test_float_scatter_update_matches_loop(device, dtype, reduction):
    np_dt = rlx.as_dtype(dtype).np
    rng = np.random.default_rng(1)
    shape = (5, 3, 4)
    data = rng.normal(size=shape).astype(np_dt)
    upd = rng.normal(size=INDICES.shape + shape[1:]).astype(np_dt)
    upd[1, 0, 0] = np.nan                       # nan propagates through max / min
    g = _graph(shape, dtype, "i64", reduction)
    (out,) = run_graph(g, {"data": data, "idx": INDICES, "upd": upd}, device)
    want = _oracle(data, INDICES, upd, reduction, np.float64)
    assert out.dtype == np_dt
    if dtype in ("f16", "bf16"):
        # the reference contract: combined in f32, rounded once
        tol = 2e-3 if dtype == "f16" else 1.6e-2
        np.testing.assert_allclose(out.astype(np.float64), want, rtol=tol, atol=tol)
    else:
        np.testing.assert_allclose(out.astype(np.float64), want, rtol=1e-6, atol=1e-6)
    assert np.isnan(out[4, 0, 0]) == (reduction != "none")   # row 4 is rewritten by j = 4


@pytest.mark.parametrize("reduction", ["none", "add", "mul", "max", "min"])
@pytest.mark.parametrize("dtype", ["i8", "u8", "i32", "i64"])
def test_integer_scatter_update_wraps_like_numpy(device, dtype, reduction):
    np_dt = rlx.as_dtype(dtype).np
    info = np.iinfo(np_dt)
    rng = np.random.default_rng(2)
    shape = (5, 6)
    data = rng.integers(info.min, info.max, shape, dtype=np_dt, endpoint=True)
    upd = rng.integers(info.min, info.max, INDICES.shape + shape[1:], dtype=np_dt,
                       endpoint=True)
    g = _graph(shape, dtype, "i32", reduction)
    (out,) = run_graph(g, {"data": data, "idx": INDICES.astype(np.int32), "upd": upd}, device)
    with np.errstate(over="ignore"):
        want = _oracle(data, INDICES, upd, reduction, np_dt)
    np.testing.assert_array_equal(out, want)


def test_bool_scatter_update_replaces_rows(device):
    data = np.zeros((5, 2), bool)
    upd = np.ones(INDICES.shape + (2,), bool)
    upd[-1] = False
    g = _graph((5, 2), "bool", "i64", "none")
    (out,) = run_graph(g, {"data": data, "idx": INDICES, "upd": upd}, device)
    np.testing.assert_array_equal(out, _oracle(data, INDICES, upd, "none", bool))


@pytest.mark.parametrize("bad", [5, -6])
def test_out_of_range_index_raises_and_writes_nothing(device, bad):
    g = _graph((5,), "f32", "i64", "add")
    cg = rlx.Session(device).compile(g)
    data = np.arange(5, dtype=np.float32)
    idx = INDICES.copy()
    idx[3] = bad
    with pytest.raises(ExecutionError, match=r"^%\d+ = scatter_update\(.*: scatter_update: "
                                             f"index {bad} is out of range"):
        cg.run({"data": data, "idx": idx, "upd": np.ones(7, np.float32)})
    # the executable still works after the error
    (out,) = cg.run({"data": data, "idx": INDICES, "upd": np.ones(7, np.float32)})
    np.testing.assert_array_equal(out, _oracle(data, INDICES, np.ones(7), "add", np.float64))


def test_bf16_rounds_once_after_combining(device):
    """Three adds into one bf16 row: rounding each partial sum would lose the small ones."""
    data = np.array([256.0], ml_dtypes.bfloat16)
    upd = np.array([0.75, 0.75, 0.75], ml_dtypes.bfloat16)
    g = rlx.Graph("round-once")
    d, i, u = g.input("d", (1,), "bf16"), g.input("i", (3,), "i64"), g.input("u", (3,), "bf16")
    g.set_outputs([g.apply("scatter_update", [d, i, u], reduction="add")])
    (out,) = run_graph(g, {"d": data, "i": np.zeros(3, np.int64), "u": upd}, device)
    # 258.25 in exact arithmetic; bf16 near 258 has a spacing of 2
    assert float(out[0]) == 258.0
