"""The ops gradients are built from (scatter_add, max_pool2d_indices): type rules,
run-time checks, and kernels against PyTorch."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from tests.autodiff.checks import run_graph

import rlx
from rlx.errors import DTypeError, ExecutionError, GraphBuildError, ShapeError


def _scatter_graph(update_shape, index_shape, axis, size, dtype="f32"):
    g = rlx.Graph("scatter")
    u = g.input("u", update_shape, dtype)
    i = g.input("i", index_shape, "i64")
    g.set_outputs([g.apply("scatter_add", [u, i], axis=axis, size=size)])
    return g


@pytest.mark.parametrize("dtype", ["f32", "f64", "i32"])
def test_scatter_add_matches_torch_index_add(device, dtype):
    rng = np.random.default_rng(0)
    idx = np.array([[1, -1, 3], [0, 1, 1]])
    np_dtype = rlx.as_dtype(dtype).np
    u = (rng.standard_normal((2, 2, 3, 5)) * 10).astype(np_dtype)
    g = _scatter_graph(u.shape, idx.shape, axis=1, size=4, dtype=dtype)
    assert g.output_types[0].shape == (2, 4, 5)
    (out,) = run_graph(g, {"u": u, "i": idx}, device)
    wide = u.astype(np.float64) if u.dtype.kind == "f" else u
    want = torch.zeros((2, 4, 5), dtype=torch.from_numpy(wide).dtype).index_add_(
        1, torch.from_numpy(idx.reshape(-1) % 4), torch.from_numpy(wide.reshape(2, 6, 5)))
    np.testing.assert_array_equal(out, want.numpy().astype(np_dtype))  # rounded once
    assert out.dtype == np_dtype


def test_scatter_add_is_the_transpose_of_gather(device):
    """<gather(x, i), u> == <x, scatter_add(u, i)> for random x, u."""
    rng = np.random.default_rng(1)
    idx = np.array([2, 0, 2, 4, -1])
    x, u = rng.standard_normal((3, 5, 2)), rng.standard_normal((3, 5, 2))
    g = rlx.Graph("transpose")
    xt = g.input("x", x.shape, "f64")
    ut = g.input("u", u.shape, "f64")
    it = g.input("i", idx.shape, "i64")
    g.set_outputs([rlx.gather(xt, it, axis=1),
                   g.apply("scatter_add", [ut, it], axis=1, size=5)])
    gathered, scattered = run_graph(g, {"x": x, "u": u, "i": idx}, device)
    np.testing.assert_allclose((gathered * u).sum(), (x * scattered).sum(), rtol=1e-13)


def test_scatter_add_rejects_bad_operands_and_indices():
    g = rlx.Graph("bad")
    u = g.input("u", (2, 3), "f32")
    with pytest.raises(DTypeError, match="indices must be an integer dtype"):
        g.apply("scatter_add", [u, g.input("f", (3,), "f32")], axis=1, size=4)
    with pytest.raises(ShapeError, match="must equal the indices' shape"):
        g.apply("scatter_add", [u, g.input("i", (2,), "i64")], axis=1, size=4)
    with pytest.raises(GraphBuildError, match="size must be non-negative"):
        g.apply("scatter_add", [u, g.input("j", (3,), "i64")], axis=1, size=-1)
    graph = _scatter_graph((2, 3), (3,), axis=1, size=4)
    with pytest.raises(ExecutionError, match="index 4 is out of range for an axis of size 4"):
        run_graph(graph, {"u": np.ones((2, 3), np.float32), "i": np.array([0, 4, 1])},
                  "reference")


_POOLS = [((3, 3), (2, 2), (1, 1)), ((2, 3), (2, 1), (0, 1)), ((2, 2), (2, 2), (0, 0))]


@pytest.mark.parametrize("kernel, stride, padding", _POOLS, ids=str)
def test_max_pool2d_indices_match_torch(device, kernel, stride, padding):
    x = np.random.default_rng(2).standard_normal((2, 3, 7, 6))
    g = rlx.Graph("pool")
    xt = g.input("x", x.shape, "f64")
    g.set_outputs([g.apply("max_pool2d_indices", [xt], kernel=kernel, stride=stride,
                           padding=padding)])
    (idx,) = run_graph(g, {"x": x}, device)
    _, want = torch.nn.functional.max_pool2d(torch.from_numpy(x), kernel, stride, padding,
                                             return_indices=True)
    assert idx.dtype == np.int64
    np.testing.assert_array_equal(idx, want.numpy())


def test_max_pool2d_indices_take_the_first_max_and_never_padding(device):
    """Ties go to the first element in row-major window order; an integer window whose
    real elements equal the dtype's minimum (the padding value) still picks one."""
    x = np.array([[[[5, 5], [5, 1]]]], dtype=np.int32)
    low = np.full((1, 1, 2, 2), np.iinfo(np.int32).min, dtype=np.int32)
    g = rlx.Graph("ties")
    xt = g.input("x", x.shape, "i32")
    g.set_outputs([g.apply("max_pool2d_indices", [xt], kernel=2, stride=1, padding=1)])
    (idx,) = run_graph(g, {"x": x}, device)
    np.testing.assert_array_equal(idx[0, 0], [[0, 0, 1], [0, 0, 1], [2, 2, 3]])
    (idx_low,) = run_graph(g, {"x": low}, device)
    np.testing.assert_array_equal(idx_low[0, 0], [[0, 0, 1], [0, 0, 1], [2, 2, 3]])


def _first_max_positions(x: np.ndarray, kernel, stride) -> np.ndarray:
    """float64 oracle of max_pool2d_indices without padding: per window, the first nan,
    else the first maximum, in row-major window order."""
    (kh, kw), (sh, sw) = kernel, stride
    n, c, h, w = x.shape
    oh, ow = (h - kh) // sh + 1, (w - kw) // sw + 1
    out = np.zeros((n, c, oh, ow), np.int64)
    for i in range(oh):
        for j in range(ow):
            rows, cols = np.meshgrid(i * sh + np.arange(kh), j * sw + np.arange(kw),
                                     indexing="ij")
            window = x[:, :, rows, cols].reshape(n, c, -1).astype(np.float64)
            nan = np.isnan(window)
            pick = np.where(nan.any(-1), nan.argmax(-1), np.nanargmax(
                np.where(nan, -np.inf, window), -1))
            out[:, :, i, j] = (rows.reshape(-1) * w + cols.reshape(-1))[pick]
    return out


@pytest.mark.parametrize("dtype", ["f32", "f16", "bf16", "f64", "i32"])
@pytest.mark.parametrize("kernel, stride", [((2, 2), (2, 2)), ((3, 2), (1, 3))], ids=str)
def test_max_pool2d_indices_without_padding_ties_and_nans(device, dtype, kernel, stride):
    """The unpadded (vectorised) path: ties (zeros, as after a relu) go to the first
    element, a nan anywhere in a window wins, the first of two nans wins."""
    rng = np.random.default_rng(3)
    x = np.maximum(rng.standard_normal((2, 3, 7, 9)), 0.0)
    if dtype == "i32":
        x = np.round(x * 3)
    else:
        x[0, 0, 1, 1] = x[1, 2, 3, 4] = x[1, 2, 4, 4] = np.nan
    x = x.astype(rlx.as_dtype(dtype).np)
    g = rlx.Graph("pool")
    xt = g.input("x", x.shape, dtype)
    g.set_outputs([g.apply("max_pool2d_indices", [xt], kernel=kernel, stride=stride,
                           padding=0)])
    (idx,) = run_graph(g, {"x": x}, device)
    np.testing.assert_array_equal(idx, _first_max_positions(x, kernel, stride))
