"""Reductions, scans and softmax on every device, against float64 numpy and PyTorch.

Inputs are rounded to the tested dtype first; the oracles then work in float64 (or
int64, wrapped back to the dtype) on exactly those values, so the only error allowed
is the final rounding plus accumulation error bounded by ``terms * eps``.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
from tests.helpers import run_graph, tol

import rlx

FLOATS = [rlx.f32, rlx.f16, rlx.bf16, rlx.f64]
INTS = [rlx.i32, rlx.i8, rlx.i64, rlx.u8, rlx.u32]
SHAPE = (3, 4, 5)
AXES = [None, 0, -1, (0, 2), (-1, -3), (1,), (), (0, 1, 2)]


# --------------------------------------------------------------------------- helpers

def run_op(device, build, x: np.ndarray, dtype) -> np.ndarray:
    """Build ``build(input)`` on a one-input graph of ``dtype`` and run it on ``device``."""
    g = rlx.Graph("reduce_test")
    t = g.input("x", x.shape, dtype)
    g.set_outputs([build(t)])
    return run_graph(g, {"x": x}, device)[0]


def sample(dtype, shape=SHAPE, seed=0, low=-3.0, high=3.0) -> np.ndarray:
    """Random values already rounded to ``dtype`` (small ints for integer dtypes)."""
    rng = np.random.default_rng(seed)
    dt = rlx.as_dtype(dtype)
    if dt.is_int:
        lo = 0 if not dt.is_signed else int(low)
        return rng.integers(lo, int(high) + 1, size=shape).astype(dt.np)
    return rng.uniform(low, high, size=shape).astype(dt.np)


def np_axes(axes):
    """The same axes in numpy's spelling (numpy reads a list as an error; use tuples)."""
    return axes if axes is None or isinstance(axes, int) else tuple(axes)


def terms(shape, axes) -> int:
    """How many elements each output of a reduction over ``axes`` combines."""
    if axes is None:
        axes = tuple(range(len(shape)))
    axes = (axes,) if isinstance(axes, int) else axes
    n = 1
    for a in axes:
        n *= shape[a]
    return n


def assert_matches(actual, expected, dtype, n_terms=1, magnitude=1.0):
    """``actual`` has ``dtype`` and is within the dtype's tolerance of ``expected``.

    Accumulating ``n_terms`` values of size ``magnitude`` may add up to
    ``n_terms * eps(compute dtype) * magnitude`` of error on top of the rounding.
    """
    dt = rlx.as_dtype(dtype)
    assert actual.dtype == dt.np
    expected = np.asarray(expected)
    assert actual.shape == expected.shape
    if not dt.is_float:
        np.testing.assert_array_equal(actual, expected.astype(dt.np))
        return
    t = tol(dt.np)
    eps = np.finfo(np.float64 if dt is rlx.f64 else np.float32).eps
    atol = t["atol"] + n_terms * eps * magnitude
    np.testing.assert_allclose(actual.astype(np.float64), expected, rtol=t["rtol"], atol=atol,
                               equal_nan=True)


def wrap_int(values: np.ndarray, dtype) -> np.ndarray:
    """int64 results wrapped to ``dtype`` (two's complement, as rlx integer arithmetic)."""
    return np.asarray(values, dtype=np.int64).astype(rlx.as_dtype(dtype).np)


# --------------------------------------------------------------------------- sum mean max min prod

NP_REDUCERS = {"sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min, "prod": np.prod}
RLX_REDUCERS = {"sum": rlx.sum, "mean": rlx.mean, "max": rlx.max, "min": rlx.min,
                "prod": rlx.prod}


def prod_sample(dtype) -> np.ndarray:
    """Values of magnitude 0.8..1.25 with random signs, so products stay representable."""
    rng = np.random.default_rng(1)
    mags = rng.uniform(0.8, 1.25, size=SHAPE)
    signs = rng.choice([-1.0, 1.0], size=SHAPE)
    return (mags * signs).astype(rlx.as_dtype(dtype).np)


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axes", AXES)
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", ["sum", "mean", "max", "min", "prod"])
def test_float_reductions_match_numpy_f64(device, op, dtype, axes, keepdims):
    x = prod_sample(dtype) if op == "prod" else sample(dtype)
    out = run_op(device, lambda t: RLX_REDUCERS[op](t, axes, keepdims), x, dtype)
    expected = NP_REDUCERS[op](x.astype(np.float64), axis=np_axes(axes), keepdims=keepdims)
    assert_matches(out, expected, dtype, n_terms=terms(SHAPE, axes), magnitude=3.0)


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axes", [None, 1, (0, -1), ()])
@pytest.mark.parametrize("dtype", INTS)
@pytest.mark.parametrize("op", ["sum", "max", "min", "prod"])
def test_int_reductions_are_exact_and_wrap(device, op, dtype, axes, keepdims):
    x = sample(dtype, low=-3, high=3)
    out = run_op(device, lambda t: RLX_REDUCERS[op](t, axes, keepdims), x, dtype)
    expected = NP_REDUCERS[op](x.astype(np.int64), axis=np_axes(axes), keepdims=keepdims)
    assert out.dtype == rlx.as_dtype(dtype).np
    np.testing.assert_array_equal(out, wrap_int(expected, dtype))


@pytest.mark.parametrize("dtype, values, total", [
    (rlx.i8, [100, 100, 100], 44),
    (rlx.u8, [200, 100], 44),
    (rlx.i32, [2**31 - 1, 1], -2**31),
    (rlx.u32, [2**32 - 1, 2], 1),
])
def test_int_sum_wraps_in_its_own_dtype(device, dtype, values, total):
    x = np.array(values, dtype=rlx.as_dtype(dtype).np)
    out = run_op(device, lambda t: rlx.sum(t), x, dtype)
    assert out.dtype == rlx.as_dtype(dtype).np
    assert int(out) == total


def test_int_prod_wraps(device):
    x = np.array([16, 16, 3], dtype=np.int8)
    out = run_op(device, lambda t: rlx.prod(t), x, rlx.i8)
    assert int(out) == (16 * 16 * 3 + 128) % 256 - 128


@pytest.mark.parametrize("axes", [None, 0])
def test_bool_max_min_are_any_all(device, axes):
    x = np.array([[True, False], [False, False]])
    out_max = run_op(device, lambda t: rlx.max(t, axes), x, rlx.bool_)
    out_min = run_op(device, lambda t: rlx.min(t, axes), x, rlx.bool_)
    np.testing.assert_array_equal(out_max, np.any(x, axis=axes))
    np.testing.assert_array_equal(out_min, np.all(x, axis=axes))


@pytest.mark.parametrize("dtype, count", [(rlx.f16, 4096), (rlx.bf16, 1024)])
def test_low_precision_sums_accumulate_in_f32(device, dtype, count):
    """In f16 a running sum of ones stalls at 2048 (bf16: 256); in f32 it is exact."""
    x = np.ones(count, dtype=rlx.as_dtype(dtype).np)
    out = run_op(device, lambda t: rlx.sum(t), x, dtype)
    assert float(out) == count
    mean = run_op(device, lambda t: rlx.mean(t), x, dtype)
    assert float(mean) == 1.0


# --------------------------------------------------------------------------- empty reductions

@pytest.mark.parametrize("dtype", [rlx.f32, rlx.bf16, rlx.i32, rlx.u8])
def test_empty_sum_is_zero_and_prod_is_one(device, dtype):
    x = np.zeros((0, 3), dtype=rlx.as_dtype(dtype).np)
    total = run_op(device, lambda t: rlx.sum(t, 0), x, dtype)
    product = run_op(device, lambda t: rlx.prod(t, 0), x, dtype)
    np.testing.assert_array_equal(total.astype(np.float64), np.zeros(3))
    np.testing.assert_array_equal(product.astype(np.float64), np.ones(3))
    everything = run_op(device, lambda t: rlx.sum(t), x, dtype)
    assert everything.shape == () and float(everything) == 0.0


def test_empty_logsumexp_is_minus_inf_and_mean_nan(device):
    x = np.zeros((2, 0), dtype=np.float32)
    lse = run_op(device, lambda t: rlx.logsumexp(t, -1), x, rlx.f32)
    np.testing.assert_array_equal(lse, [-np.inf, -np.inf])
    np.testing.assert_array_equal(lse, torch.logsumexp(torch.from_numpy(x), -1).numpy())
    mean = run_op(device, lambda t: rlx.mean(t, 1), x, rlx.f32)
    assert np.isnan(mean).all()


# --------------------------------------------------------------------------- nan handling

NAN_ROW = [1.0, np.nan, 5.0, np.nan, -2.0]


@pytest.mark.parametrize("dtype", FLOATS)
def test_nan_propagates_through_max_min_sum(device, dtype):
    x = np.array([NAN_ROW, [1.0, 2.0, 3.0, 4.0, 5.0]], dtype=rlx.as_dtype(dtype).np)
    for fn, finite in ((rlx.max, 5.0), (rlx.min, 1.0), (rlx.sum, 15.0)):
        out = run_op(device, lambda t, fn=fn: fn(t, -1), x, dtype).astype(np.float64)
        assert np.isnan(out[0])
        assert out[1] == finite


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", ["argmax", "argmin"])
def test_arg_reductions_pick_first_nan(device, dtype, op):
    x = np.array(NAN_ROW, dtype=rlx.as_dtype(dtype).np)
    out = run_op(device, lambda t: getattr(rlx, op)(t, 0), x, dtype)
    assert out.dtype == np.int64
    assert int(out) == getattr(np, op)(x.astype(np.float64)) == 1


# --------------------------------------------------------------------------- argmax / argmin

@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("dtype", FLOATS + [rlx.i32, rlx.u8])
@pytest.mark.parametrize("op", ["argmax", "argmin"])
def test_arg_reductions_match_numpy_and_torch(device, op, dtype, axis, keepdims):
    x = sample(dtype, seed=3)
    out = run_op(device, lambda t: getattr(rlx, op)(t, axis, keepdims), x, dtype)
    expected = getattr(np, op)(x.astype(np.float64), axis=axis, keepdims=keepdims)
    assert out.dtype == np.int64
    np.testing.assert_array_equal(out, expected)
    theirs = getattr(torch, op)(torch.from_numpy(x.astype(np.float64)), dim=axis,
                                keepdim=keepdims)
    np.testing.assert_array_equal(out, theirs.numpy())


@pytest.mark.parametrize("dtype", [rlx.f32, rlx.bf16, rlx.i64])
def test_arg_reductions_ties_go_to_first_index(device, dtype):
    x = np.array([[1, 3, 3, 2], [0, 0, 0, 0], [2, -1, 5, -1]], dtype=rlx.as_dtype(dtype).np)
    amax = run_op(device, lambda t: rlx.argmax(t, -1), x, dtype)
    amin = run_op(device, lambda t: rlx.argmin(t, -1), x, dtype)
    np.testing.assert_array_equal(amax, [1, 0, 2])
    np.testing.assert_array_equal(amin, [0, 0, 1])


# --------------------------------------------------------------------------- logsumexp

@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axes", AXES)
@pytest.mark.parametrize("dtype", FLOATS)
def test_logsumexp_matches_numpy_and_torch(device, dtype, axes, keepdims):
    x = sample(dtype, seed=4)
    out = run_op(device, lambda t: rlx.logsumexp(t, axes, keepdims), x, dtype)
    x64 = x.astype(np.float64)
    expected = np.log(np.sum(np.exp(x64), axis=np_axes(axes), keepdims=keepdims))
    assert_matches(out, expected, dtype, n_terms=terms(SHAPE, axes), magnitude=3.0)
    if axes == ():
        return  # torch reads dim=() as "all dims" and then fails; numpy alone covers it
    dims = tuple(range(x.ndim)) if axes is None else axes
    theirs = torch.logsumexp(torch.from_numpy(x64), dim=dims, keepdim=keepdims)
    assert_matches(out, theirs.numpy(), dtype, n_terms=terms(SHAPE, axes), magnitude=3.0)


@pytest.mark.parametrize("dtype", FLOATS)
def test_logsumexp_is_stable_and_handles_infinities(device, dtype):
    x = np.array([[1000.0, 1001.0, 1002.0],
                  [-np.inf, -np.inf, -np.inf],
                  [-np.inf, 0.0, -np.inf],
                  [np.inf, 1.0, 2.0],
                  [-1000.0, -1001.0, -1002.0]])
    x = x.astype(rlx.as_dtype(dtype).np)
    if dtype is rlx.f16:
        x[0] = [60000.0, 60001.0, 60002.0]  # as large as f16 allows, still overflows exp
        x[4] = -x[0]
    out = run_op(device, lambda t: rlx.logsumexp(t, -1), x, dtype)
    x64 = x.astype(np.float64)
    theirs = torch.logsumexp(torch.from_numpy(x64), dim=-1).numpy()
    assert np.isfinite(out[0]) and np.isfinite(out[4])
    assert out[1] == -np.inf and out[2] == 0.0 and out[3] == np.inf
    assert_matches(out, theirs, dtype, magnitude=float(np.abs(x64[0]).max()))


# --------------------------------------------------------------------------- softmax

def softmax_oracle(x64: np.ndarray, axis: int) -> np.ndarray:
    e = np.exp(x64 - x64.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", ["softmax", "log_softmax"])
def test_softmax_matches_numpy_and_torch(device, op, dtype, axis):
    x = sample(dtype, seed=5, low=-6, high=6)
    out = run_op(device, lambda t: getattr(rlx, op)(t, axis), x, dtype)
    x64 = x.astype(np.float64)
    expected = softmax_oracle(x64, axis)
    if op == "log_softmax":
        expected = np.log(expected)
    theirs = getattr(torch, op)(torch.from_numpy(x64), dim=axis).numpy()
    n = SHAPE[axis]
    assert_matches(out, expected, dtype, n_terms=n, magnitude=6.0)
    assert_matches(out, theirs, dtype, n_terms=n, magnitude=6.0)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", ["softmax", "log_softmax"])
def test_softmax_is_stable_for_large_inputs(device, op, dtype):
    big = 60000.0 if dtype is rlx.f16 else 1e4
    x = np.array([[big, big - 1, big - 2], [-big, -big - 1, -big - 2]])
    x = x.astype(rlx.as_dtype(dtype).np)
    out = run_op(device, lambda t: getattr(rlx, op)(t, -1), x, dtype)
    assert np.isfinite(out.astype(np.float64)).all()
    theirs = getattr(torch, op)(torch.from_numpy(x.astype(np.float64)), dim=-1).numpy()
    assert_matches(out, theirs, dtype, magnitude=big)


@pytest.mark.parametrize("dtype, big", [("f64", 1e17), ("f32", 3e38)])
def test_log_softmax_keeps_its_log_term_for_huge_logits(device, dtype, big):
    """log_softmax of [big, big, small]: -log 2 for the two big ones, as torch gives
    (x - logsumexp(x) rounded the log 2 away on the reference device: 0)."""
    x = np.array([[big, big, big - 1e4 if dtype == "f64" else 1.0]]).astype(
        rlx.as_dtype(dtype).np)
    out = run_op(device, lambda t: rlx.log_softmax(t, -1), x, dtype)
    want = torch.log_softmax(torch.from_numpy(x.astype(np.float64)), dim=-1).numpy()
    np.testing.assert_allclose(out[0, :2], [-np.log(2.0)] * 2, rtol=1e-6)
    np.testing.assert_allclose(out, want, rtol=1e-6)


@pytest.mark.parametrize("op", ["softmax", "log_softmax"])
def test_softmax_of_all_minus_inf_is_nan_as_torch(device, op):
    x = np.array([[-np.inf, -np.inf], [-np.inf, 0.0]], dtype=np.float32)
    out = run_op(device, lambda t: getattr(rlx, op)(t, -1), x, rlx.f32)
    theirs = getattr(torch, op)(torch.from_numpy(x), dim=-1).numpy()
    assert np.isnan(out[0]).all()
    np.testing.assert_array_equal(out, theirs)


# --------------------------------------------------------------------------- cumsum

def cumsum_oracle(x: np.ndarray, axis: int, exclusive: bool, reverse: bool) -> np.ndarray:
    """Running sums as a triangular matrix product along ``axis`` (float64 or int64)."""
    n = x.shape[axis]
    i, j = np.indices((n, n))
    if reverse:
        keep = j > i if exclusive else j >= i
    else:
        keep = j < i if exclusive else j <= i
    wide = np.float64 if x.dtype.kind == "f" or x.dtype.name == "bfloat16" else np.int64
    moved = np.moveaxis(x.astype(wide), axis, -1)
    return np.moveaxis(moved @ keep.astype(wide).T, -1, axis)


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("exclusive", [False, True])
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("dtype", FLOATS + [rlx.i32, rlx.i8])
def test_cumsum_matches_triangular_sums(device, dtype, axis, exclusive, reverse):
    x = sample(dtype, seed=6)
    build = lambda t: rlx.cumsum(t, axis, exclusive=exclusive, reverse=reverse)  # noqa: E731
    out = run_op(device, build, x, dtype)
    expected = cumsum_oracle(x, axis, exclusive, reverse)
    if rlx.as_dtype(dtype).is_int:
        expected = wrap_int(expected, dtype)
    assert_matches(out, expected, dtype, n_terms=SHAPE[axis], magnitude=3.0)


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("axis", [0, 2])
@pytest.mark.parametrize("dtype", [rlx.f32, rlx.f64, rlx.i64])
def test_cumsum_matches_torch(device, dtype, axis, reverse):
    x = sample(dtype, seed=7)
    out = run_op(device, lambda t: rlx.cumsum(t, axis, reverse=reverse), x, dtype)
    tx = torch.from_numpy(x)
    theirs = (torch.cumsum(tx.flip(axis), dim=axis).flip(axis) if reverse
              else torch.cumsum(tx, dim=axis))
    assert_matches(out, theirs.numpy(), dtype, n_terms=SHAPE[axis], magnitude=3.0)


def test_cumsum_exclusive_keeps_infinities_in_place(device):
    x = np.array([1.0, np.inf, 2.0], dtype=np.float32)
    out = run_op(device, lambda t: rlx.cumsum(t, exclusive=True), x, rlx.f32)
    np.testing.assert_array_equal(out, [0.0, 1.0, np.inf])


def test_cumsum_wraps_in_its_own_dtype(device):
    x = np.array([100, 100, -100], dtype=np.int8)
    out = run_op(device, lambda t: rlx.cumsum(t), x, rlx.i8)
    np.testing.assert_array_equal(out, np.array([100, -56, 100], dtype=np.int8))


def test_long_f32_sums_keep_their_accuracy(device):
    """60,000 values of 0.1, and rows of mean 100 and std 3: sum, mean and layer_norm
    near float64 numpy (wgpu summed each row in one running f32 total: the sum was 6e-4
    off, the norm 1e-4; it now adds blocks of 256 apart)."""
    n = 60_000
    x = np.full((1, n), 0.1, np.float32)
    rows = (100.0 + 3.0 * np.random.default_rng(8).standard_normal((2, 4096))).astype(np.float32)
    g = rlx.Graph()
    t = g.input("x", x.shape)
    g.set_outputs([t.sum(), t.mean(axis=1), rlx.layer_norm(g.input("rows", rows.shape))])
    total, mean, normed = rlx.Session(device).compile(g).run({"x": x, "rows": rows})
    x64, r64 = x.astype(np.float64), rows.astype(np.float64)
    np.testing.assert_allclose(total, x64.sum(), rtol=2e-5)
    np.testing.assert_allclose(mean, x64.mean(axis=1), rtol=2e-5)
    want = (r64 - r64.mean(-1, keepdims=True)) / np.sqrt(r64.var(-1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(normed, want, atol=2e-5)
