"""matmul on every device against float64 numpy and torch.matmul.

Float results are checked elementwise against the float64 product of the inputs
as stored, with an error bound that scales with sum_k |a_ik| |b_kj| (the natural
bound for a rounded dot product); integer results must match exactly.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
from tests.helpers import run_graph, tol

import rlx

FLOATS = ["f32", "f16", "bf16", "f64"]
SHAPE_CASES = [
    ((4, 5), (5, 3)),  # plain 2-D
    ((2, 4, 5), (2, 5, 3)),  # batched
    ((2, 1, 4, 5), (3, 5, 6)),  # batch dims (2, 1) and (3,) broadcast to (2, 3)
    ((1, 3, 4, 5), (2, 1, 5, 2)),  # both sides broadcast
    ((3, 5), (2, 5, 4)),  # a 2-D left operand meets a batched right one
    ((5,), (5, 3)),  # 1-D left: a 1 is prepended, then removed
    ((2, 4, 5), (5,)),  # 1-D right: a 1 is appended, then removed
    ((5,), (3, 5, 2)),  # 1-D left against a batch
    ((5,), (5,)),  # dot product: a scalar
    ((3, 0), (0, 4)),  # empty inner dimension: zeros
]


def np_dtype(name: str) -> np.dtype:
    return rlx.as_dtype(name).np


def as_f64(x: np.ndarray) -> np.ndarray:
    return np.asarray(x).astype(np.float64)


def run_matmul(device: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    g = rlx.Graph("matmul")
    x = g.input("a", a.shape, rlx.as_dtype(a.dtype))
    y = g.input("b", b.shape, rlx.as_dtype(b.dtype))
    g.set_outputs([rlx.matmul(x, y)])
    (out,) = run_graph(g, {"a": a, "b": b}, device)
    return out


def assert_product_close(out: np.ndarray, expected: np.ndarray, a: np.ndarray, b: np.ndarray,
                         dtype: str) -> None:
    """|out - expected| <= rtol * (|a| @ |b|) + atol, with rtol, atol = tol(dtype)."""
    assert out.dtype == np_dtype(dtype)
    assert out.shape == expected.shape
    t = tol(np_dtype(dtype))
    bound = t["rtol"] * np.matmul(np.abs(as_f64(a)), np.abs(as_f64(b))) + t["atol"]
    err = np.abs(as_f64(out) - expected)
    assert np.all(err <= bound), f"max error {err.max()} exceeds its bound"


def random_operands(shapes, dtype: str, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return tuple(rng.standard_normal(s).astype(np_dtype(dtype)) for s in shapes)


@pytest.mark.parametrize("shapes", SHAPE_CASES, ids=str)
@pytest.mark.parametrize("dtype", FLOATS)
def test_matmul_float_against_numpy_f64(device, dtype, shapes):
    a, b = random_operands(shapes, dtype)
    out = run_matmul(device, a, b)
    assert_product_close(out, np.matmul(as_f64(a), as_f64(b)), a, b, dtype)


@pytest.mark.parametrize("shapes", SHAPE_CASES, ids=str)
@pytest.mark.parametrize("dtype", FLOATS)
def test_matmul_float_against_torch(device, dtype, shapes):
    a, b = random_operands(shapes, dtype, seed=1)
    expected = torch.matmul(torch.from_numpy(as_f64(a)), torch.from_numpy(as_f64(b))).numpy()
    assert_product_close(run_matmul(device, a, b), expected, a, b, dtype)


@pytest.mark.parametrize("shapes", SHAPE_CASES, ids=str)
def test_matmul_i32_is_exact(device, shapes):
    rng = np.random.default_rng(2)
    a, b = (rng.integers(-50, 50, s).astype(np.int32) for s in shapes)
    out = run_matmul(device, a, b)
    assert out.dtype == np.int32
    np.testing.assert_array_equal(out, np.matmul(a.astype(np.int64), b.astype(np.int64)))
    np.testing.assert_array_equal(out, torch.matmul(torch.from_numpy(a),
                                                    torch.from_numpy(b)).numpy())


@pytest.mark.parametrize("dtype", ["i8", "u8", "i32"])
def test_matmul_integer_overflow_wraps(device, dtype):
    info = np.iinfo(np_dtype(dtype))
    rng = np.random.default_rng(3)
    a = rng.integers(info.min, info.max, (3, 6), endpoint=True).astype(np_dtype(dtype))
    b = rng.integers(info.min, info.max, (6, 2), endpoint=True).astype(np_dtype(dtype))
    exact = [[sum(int(a[i, k]) * int(b[k, j]) for k in range(6)) for j in range(2)]
             for i in range(3)]
    span = 1 << info.bits
    wrapped = [[(v - int(info.min)) % span + int(info.min) for v in row] for row in exact]
    out = run_matmul(device, a, b)
    assert out.dtype == np_dtype(dtype)
    assert out.tolist() == wrapped


@pytest.mark.parametrize("dtype, k", [("f16", 4096), ("bf16", 1024)])
def test_half_floats_accumulate_in_f32(device, dtype, k):
    # Accumulating ones in f16 would stop at 2048 (bf16: 256); f32 reaches k exactly.
    a = np.ones((2, k), np_dtype(dtype))
    b = np.ones((k, 3), np_dtype(dtype))
    out = run_matmul(device, a, b)
    assert out.dtype == np_dtype(dtype)
    assert as_f64(out).tolist() == [[float(k)] * 3] * 2


@pytest.mark.parametrize("dtypes", [("f16", "bf16", "f32"), ("i8", "u8", "i16"),
                                    ("f32", "f64", "f64"), ("i32", "f16", "f16")], ids=str)
def test_matmul_promotes_operands(device, dtypes):
    rng = np.random.default_rng(4)
    a = rng.integers(-3, 4, (3, 4)).astype(np_dtype(dtypes[0]))
    b = rng.integers(0, 4, (4, 2)).astype(np_dtype(dtypes[1]))
    out = run_matmul(device, a, b)
    assert out.dtype == np_dtype(dtypes[2])
    np.testing.assert_array_equal(as_f64(out), np.matmul(as_f64(a), as_f64(b)))
