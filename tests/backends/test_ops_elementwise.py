"""Elementwise ops, ``where``, ``clip`` and ``cast`` on every device.

Every expected value comes from an independent oracle: numpy in float64 on the
inputs as rounded to the tested dtype, plain Python integers (with an explicit
two's-complement wrap) for integer arithmetic, exact ``Fraction`` rounding for
conversions, and PyTorch where it defines the standard semantics. rlx's own
output is never used as a reference.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from tests.helpers import run_graph, tol

import rlx

FLOATS = ["f32", "f16", "bf16", "f64"]
INTS = ["i8", "i16", "i32", "i64", "u8", "u32"]
SHAPES = [(), (7,), (4, 33)]
INF, NAN = math.inf, math.nan


# --------------------------------------------------------------------------- helpers

def np_dtype(name: str) -> np.dtype:
    return rlx.as_dtype(name).np


def quantize(values, dtype: str) -> np.ndarray:
    """``values`` stored in ``dtype``; oracles read these stored values back in f64."""
    with np.errstate(over="ignore"):
        return np.asarray(values, dtype=np.float64).astype(np_dtype(dtype))


def as_f64(x: np.ndarray) -> np.ndarray:
    return np.asarray(x).astype(np.float64)


def run_op(device: str, build, *operands: np.ndarray) -> np.ndarray:
    """Feed ``operands`` as inputs x0, x1, ... and run ``build(*tensors)``."""
    g = rlx.Graph("test")
    tensors = [g.input(f"x{i}", a.shape, rlx.as_dtype(a.dtype)) for i, a in enumerate(operands)]
    g.set_outputs([build(*tensors)])
    (out,) = run_graph(g, {f"x{i}": a for i, a in enumerate(operands)}, device)
    return out


def run_unary(device: str, op: str, x: np.ndarray) -> np.ndarray:
    return run_op(device, getattr(rlx, op), x)


def run_binary(device: str, op: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return run_op(device, getattr(rlx, op), a, b)


def assert_close(actual: np.ndarray, expected, dtype: str, shape=None) -> None:
    """Same dtype (and shape), values within tol(dtype) of a float64 oracle; nan == nan."""
    assert actual.dtype == np_dtype(dtype)
    expected = np.asarray(expected, dtype=np.float64)
    assert actual.shape == (expected.shape if shape is None else shape)
    np.testing.assert_allclose(as_f64(actual), expected, equal_nan=True, **tol(np_dtype(dtype)))


def assert_special(actual: np.ndarray, expected, dtype: str) -> None:
    """Like assert_close, and zeros must carry the expected sign."""
    assert_close(actual, expected, dtype)
    expected = np.asarray(expected, dtype=np.float64)
    zero = expected == 0
    np.testing.assert_array_equal(np.signbit(as_f64(actual))[zero], np.signbit(expected)[zero])


def wrap(value: int, dtype: str) -> int:
    """A Python int reduced into ``dtype``'s range modulo 2**bits (two's complement)."""
    info = np.iinfo(np_dtype(dtype))
    return (value - int(info.min)) % (1 << info.bits) + int(info.min)


def int_values(rng: np.random.Generator, dtype: str, n: int = 64) -> np.ndarray:
    """Random integers over the whole range of ``dtype``, its extremes and a few small ones."""
    info = np.iinfo(np_dtype(dtype))
    extremes = [info.min, info.max, 0, 1, info.min + 1, info.max - 1]
    small = [v for v in (-1, -2, 2, 3) if info.min <= v]
    body = rng.integers(info.min, info.max, size=n, endpoint=True, dtype=np_dtype(dtype))
    return np.concatenate([np.array(extremes + small, dtype=np_dtype(dtype)), body])


def elementwise_ints(fn, *arrays: np.ndarray) -> list[int]:
    """``fn`` on Python ints taken element by element from equal-shaped arrays."""
    return [fn(*(int(v) for v in vals)) for vals in zip(*(a.ravel() for a in arrays), strict=True)]


def nearest_even(value: Fraction | int, bits: int) -> float:
    """``value`` rounded to ``bits`` significant bits, ties to even (normal range only)."""
    x = Fraction(value)
    if x == 0:
        return 0.0
    mag = abs(x)
    e = mag.numerator.bit_length() - mag.denominator.bit_length()
    if Fraction(2) ** e > mag:
        e -= 1
    ulp = Fraction(2) ** (e - bits + 1)
    return float(round(x / ulp) * ulp)


def vectorize(fn):
    """``fn`` of one float applied to every element of an f64 array."""
    return np.vectorize(fn, otypes=[np.float64])


def sampler(low: float, high: float):
    return lambda rng, shape: rng.uniform(low, high, shape)


def away_from_zero(rng: np.random.Generator, shape) -> np.ndarray:
    return rng.choice([-1.0, 1.0], shape) * rng.uniform(0.1, 10.0, shape)


def sigmoid64(x):
    return 1.0 / (1.0 + np.exp(-x))


# --------------------------------------------------------------------------- unary float ops

UNARY_FLOAT = {
    "exp": (sampler(-5, 5), np.exp),
    "log": (sampler(0.01, 50), np.log),
    "sqrt": (sampler(0, 50), np.sqrt),
    "rsqrt": (sampler(0.01, 50), lambda x: 1.0 / np.sqrt(x)),
    "reciprocal": (away_from_zero, lambda x: 1.0 / x),
    "sin": (sampler(-10, 10), np.sin),
    "cos": (sampler(-10, 10), np.cos),
    "tanh": (sampler(-5, 5), np.tanh),
    "atan": (sampler(-10, 10), np.arctan),
    "erf": (sampler(-4, 4), vectorize(math.erf)),
    "sigmoid": (sampler(-12, 12), sigmoid64),
    "gelu": (sampler(-8, 8), lambda x: 0.5 * x * vectorize(math.erfc)(-x / math.sqrt(2))),
    "gelu_tanh": (sampler(-8, 8), lambda x: 0.5 * x * (1 + np.tanh(
        math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))),
    "silu": (sampler(-12, 12), lambda x: x * sigmoid64(x)),
    "softplus": (sampler(-30, 30), lambda x: np.logaddexp(0.0, x)),
    "neg": (sampler(-10, 10), np.negative),
    "abs": (sampler(-10, 10), np.abs),
    "sign": (sampler(-3, 3), np.sign),
    "relu": (sampler(-10, 10), lambda x: np.maximum(x, 0.0)),
    "floor": (sampler(-10, 10), np.floor),
    "ceil": (sampler(-10, 10), np.ceil),
    "round": (sampler(-10, 10), np.round),
}


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", sorted(UNARY_FLOAT))
def test_unary_float_against_numpy(device, op, dtype, shape):
    sample, oracle = UNARY_FLOAT[op]
    x = quantize(sample(np.random.default_rng(1), shape), dtype)
    assert_close(run_unary(device, op, x), oracle(as_f64(x)), dtype)


TORCH_UNARY = {
    "gelu": F.gelu,
    "gelu_tanh": lambda t: F.gelu(t, approximate="tanh"),
    "silu": F.silu,
    "softplus": F.softplus,
    "erf": torch.erf,
    "sigmoid": torch.sigmoid,
    "round": torch.round,
}


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", sorted(TORCH_UNARY))
def test_unary_against_torch(device, op, dtype):
    rng = np.random.default_rng(2)
    values = np.concatenate([rng.uniform(-6, 6, 200), np.arange(-4.5, 5.0, 0.5)])
    x = quantize(values, dtype)
    expected = TORCH_UNARY[op](torch.from_numpy(as_f64(x))).numpy()
    assert_close(run_unary(device, op, x), expected, dtype)


def test_erf_f64_is_accurate_to_a_few_ulp(device):
    x = np.concatenate([np.linspace(-6.5, 6.5, 4001), [1e-300, -1e-12, 1.2499999, 1.25, 27.0]])
    expected = vectorize(math.erf)(x)
    np.testing.assert_allclose(run_unary(device, "erf", x), expected, rtol=1e-15, atol=0)


def test_gelu_keeps_relative_accuracy_in_the_left_tail(device):
    x = np.array([-10.0, -20.0, -30.0])
    expected = 0.5 * x * vectorize(math.erfc)(-x / math.sqrt(2))
    np.testing.assert_allclose(run_unary(device, "gelu", x), expected, rtol=1e-12)


UNARY_SPECIAL = {
    "exp": ([-INF, INF, NAN, 0.0], [0.0, INF, NAN, 1.0]),
    "log": ([0.0, -0.0, -1.0, INF, 1.0], [-INF, -INF, NAN, INF, 0.0]),
    "sqrt": ([-1.0, -0.0, INF, 4.0], [NAN, -0.0, INF, 2.0]),
    "rsqrt": ([0.0, INF, -1.0, 4.0], [INF, 0.0, NAN, 0.5]),
    "reciprocal": ([0.0, -0.0, INF, -INF], [INF, -INF, 0.0, -0.0]),
    "sin": ([INF, -0.0, NAN], [NAN, -0.0, NAN]),
    "cos": ([-INF, 0.0], [NAN, 1.0]),
    "tanh": ([INF, -INF, NAN, -0.0], [1.0, -1.0, NAN, -0.0]),
    "atan": ([INF, -INF, -0.0, NAN], [math.pi / 2, -math.pi / 2, -0.0, NAN]),
    "erf": ([INF, -INF, NAN, -0.0, 0.0], [1.0, -1.0, NAN, -0.0, 0.0]),
    "sigmoid": ([INF, -INF, NAN, 0.0], [1.0, 0.0, NAN, 0.5]),
    "softplus": ([INF, -INF, NAN, 0.0], [INF, 0.0, NAN, math.log(2.0)]),
    "gelu": ([INF, -INF, NAN, 0.0], [INF, -0.0, NAN, 0.0]),
    "gelu_tanh": ([INF, -INF, NAN, 0.0], [INF, -0.0, NAN, 0.0]),
    "silu": ([INF, -INF, NAN, 0.0], [INF, -0.0, NAN, 0.0]),
    "sign": ([NAN, -3.0, 0.0, -0.0, 2.5, -INF], [NAN, -1.0, 0.0, 0.0, 1.0, -1.0]),
    "abs": ([-0.0, -INF, NAN], [0.0, INF, NAN]),
    "neg": ([0.0, NAN, INF], [-0.0, NAN, -INF]),
    "relu": ([NAN, -INF, INF, -1.0], [NAN, 0.0, INF, 0.0]),
    "floor": ([-0.5, 0.5, -INF, NAN], [-1.0, 0.0, -INF, NAN]),
    "ceil": ([-0.5, 0.5, INF], [-0.0, 1.0, INF]),
    "round": ([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.5, NAN, INF],
              [0.0, 2.0, 2.0, -0.0, -2.0, -2.0, 4.0, NAN, INF]),
}


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", sorted(UNARY_SPECIAL))
def test_unary_special_values(device, op, dtype):
    values, expected = UNARY_SPECIAL[op]
    assert_special(run_unary(device, op, quantize(values, dtype)), expected, dtype)


# --------------------------------------------------------------------------- unary integer ops

INT_UNARY = {
    "neg": lambda v, dt: wrap(-v, dt),
    "abs": lambda v, dt: wrap(abs(v), dt),
    "sign": lambda v, dt: (v > 0) - (v < 0),
    "relu": lambda v, dt: max(v, 0),
    "floor": lambda v, dt: v,
    "ceil": lambda v, dt: v,
    "round": lambda v, dt: v,
}


@pytest.mark.parametrize("dtype", INTS)
@pytest.mark.parametrize("op", sorted(INT_UNARY))
def test_unary_integer(device, op, dtype):
    x = int_values(np.random.default_rng(3), dtype)
    out = run_unary(device, op, x)
    assert out.dtype == np_dtype(dtype)
    expected = elementwise_ints(lambda v: INT_UNARY[op](v, dtype), x)
    assert out.tolist() == expected


# --------------------------------------------------------------------------- predicates

@pytest.mark.parametrize("dtype", FLOATS)
def test_float_predicates(device, dtype):
    x = quantize([NAN, INF, -INF, 0.0, -0.0, 1.5], dtype)
    assert run_unary(device, "isnan", x).tolist() == [True, False, False, False, False, False]
    assert run_unary(device, "isinf", x).tolist() == [False, True, True, False, False, False]
    assert run_unary(device, "logical_not", x).tolist() == [False, False, False, True, True,
                                                             False]


@pytest.mark.parametrize("dtype", INTS)
def test_predicates_on_integers(device, dtype):
    x = np.array([0, 1, 5, 0], dtype=np_dtype(dtype))
    assert run_unary(device, "isnan", x).tolist() == [False] * 4
    assert run_unary(device, "isinf", x).tolist() == [False] * 4
    assert run_unary(device, "logical_not", x).tolist() == [True, False, False, True]


def test_logical_not_on_bools(device):
    x = np.array([True, False, False])
    assert run_unary(device, "logical_not", x).tolist() == [False, True, True]


@pytest.mark.parametrize("dtype", FLOATS + INTS + ["bool"])
def test_stop_gradient_is_identity(device, dtype):
    x = np.arange(6).reshape(2, 3).astype(np_dtype(dtype))
    out = run_unary(device, "stop_gradient", x)
    assert out.dtype == x.dtype
    np.testing.assert_array_equal(as_f64(out), as_f64(x))


# --------------------------------------------------------------------------- binary float ops

BINARY_FLOAT = {
    "add": (sampler(-10, 10), sampler(-10, 10), np.add),
    "sub": (sampler(-10, 10), sampler(-10, 10), np.subtract),
    "mul": (sampler(-10, 10), sampler(-10, 10), np.multiply),
    "div": (sampler(-10, 10), away_from_zero, np.divide),
    "pow": (sampler(0.1, 4), sampler(-3, 3), np.power),
    "maximum": (sampler(-10, 10), sampler(-10, 10), np.maximum),
    "minimum": (sampler(-10, 10), sampler(-10, 10), np.minimum),
    "mod": (sampler(-10, 10), away_from_zero, np.remainder),
}


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", sorted(BINARY_FLOAT))
def test_binary_float_against_numpy(device, op, dtype, shape):
    sample_a, sample_b, oracle = BINARY_FLOAT[op]
    rng = np.random.default_rng(4)
    a, b = quantize(sample_a(rng, shape), dtype), quantize(sample_b(rng, shape), dtype)
    assert_close(run_binary(device, op, a, b), oracle(as_f64(a), as_f64(b)), dtype)


@pytest.mark.parametrize("dtype", FLOATS)
def test_mod_matches_torch_remainder(device, dtype):
    rng = np.random.default_rng(5)
    a = quantize(np.concatenate([rng.uniform(-20, 20, 100), [6.0, -6.0, 7.5, -7.5]]), dtype)
    b = quantize(np.concatenate([away_from_zero(rng, 100), [-3.0, 3.0, 2.5, -2.5]]), dtype)
    expected = torch.remainder(torch.from_numpy(as_f64(a)), torch.from_numpy(as_f64(b)))
    assert_close(run_binary(device, "mod", a, b), expected.numpy(), dtype)


def test_f32_mod_is_exact_for_any_ratio(device):
    """The remainder of f32 operands is a float, so the result is numpy's exactly, for
    quotients far past 2^24 and past the f32 range, and subnormal operands and
    remainders: wgpu computed a - b * trunc(a / b) in f32 (1e10 mod 3 gave 0,
    1 mod 1e-40 gave -inf)."""
    rng = np.random.default_rng(6)
    bits = rng.integers(0, 0x7F800000, 4000, dtype=np.uint32)   # every finite magnitude
    signs = rng.integers(0, 2, 4000, dtype=np.uint32) << 31
    a = (bits | signs).view(np.float32)
    b = np.roll(a, 1)
    b[b == 0] = 1.0
    hand_a = np.array([1.0, -1.0, 1e10, 1e10, 123456789.0, 1e20, 5e37, 3e38, 1e-45, 7e-42],
                      np.float32)
    hand_b = np.array([1e-40, 1e-40, 3.0, 7.0, 0.1, 1.5, 1e-3, -1e-45, 3e-45, -2e-44],
                      np.float32)
    a, b = np.concatenate([a, hand_a]), np.concatenate([b, hand_b])
    if device.startswith("wgpu"):    # Vulkan may flush subnormal operands and results
        normal = (np.abs(a) >= 1.2e-38) & (np.abs(b) >= 1.2e-38)
        with np.errstate(all="ignore"):
            normal &= np.abs(np.mod(a, b)) >= 1.2e-38
        a, b = a[normal], b[normal]
    with np.errstate(all="ignore"):
        want = np.mod(a, b)
    got = run_binary(device, "mod", a, b)
    np.testing.assert_array_equal(got, want)


def test_pow_with_small_integer_exponents_is_near_exact(device):
    """x ** n for integer n near float64 numpy's (wgpu's builtin pow, exp2(n * log2(x)),
    was 9 ulp off for x ** 2 and up to 122 ulp for large results; repeated squaring
    rounds once per product)."""
    rng = np.random.default_rng(7)
    x = rng.uniform(0.5, 60.0, 64).astype(np.float32)
    for n, bound in ((2.0, 1), (3.0, 2), (-2.0, 2), (7.0, 4), (16.0, 8)):
        got = run_binary(device, "pow", x, np.full_like(x, n))
        want = np.power(x.astype(np.float64), n).astype(np.float32)
        ulps = np.abs(got.view(np.int32).astype(np.int64) - want.view(np.int32))
        finite = np.isfinite(want) & (np.abs(want) > 1.2e-38)
        assert ulps[finite].max() <= bound, (n, ulps.max())


def test_tanh_of_small_values_keeps_its_relative_accuracy(device):
    """tanh(x) ~ x for tiny x (wgpu's builtin tanh has an absolute error of 3e-8:
    tanh(1e-8) gave 3e-8)."""
    x = np.concatenate([np.geomspace(1e-30, 0.3, 200), -np.geomspace(1e-20, 0.3, 50)])
    x = x.astype(np.float32)
    got = run_unary(device, "tanh", x)
    want = np.tanh(x.astype(np.float64))
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=0)


def test_relu_of_negative_zero_is_positive_zero(device):
    """relu is the contract's max(x, 0), numpy's np.maximum(x, 0): -0 gives +0 on every
    device (wgpu kept -0, as torch.relu does)."""
    x = np.array([-0.0, 0.0, -1.0, 2.0, np.nan], np.float32)
    g = rlx.Graph()
    g.set_outputs([rlx.relu(g.input("x", x.shape))])
    (got,) = rlx.Session(device).compile(g).run({"x": x})
    want = np.maximum(x, np.float32(0.0))
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


BINARY_SPECIAL = {
    "maximum": ([NAN, 1.0, -INF, 2.0], [1.0, NAN, 3.0, INF], [NAN, NAN, 3.0, INF]),
    "minimum": ([NAN, 1.0, -INF, 2.0], [1.0, NAN, 3.0, INF], [NAN, NAN, -INF, 2.0]),
    "div": ([1.0, -1.0, 0.0, 1.0, INF], [0.0, 0.0, 0.0, -0.0, INF], [INF, -INF, NAN, -INF, NAN]),
    "mod": ([5.0, -5.0, 5.0, 6.0, 4.0, 1.0, -5.0, INF],
            [3.0, 3.0, -3.0, -3.0, 0.0, INF, INF, 2.0],
            [2.0, 1.0, -1.0, -0.0, NAN, 1.0, INF, NAN]),
    "pow": ([0.0, -8.0, NAN, 1.0, 2.0, -2.0, 0.0, -INF, -INF, -1.0, -1.0, -0.0, -0.0, -INF,
             -INF, 0.5, -0.0],                     # C99 F.9.4.4, numpy's np.power
            [-1.0, 1.0 / 3.0, 0.0, NAN, -INF, 3.0, 0.0, 0.5, -0.5, INF, -INF, -1.0, 3.0, 3.0,
             -3.0, INF, 2.0],
            [INF, NAN, 1.0, 1.0, 0.0, -8.0, 1.0, INF, 0.0, 1.0, 1.0, -INF, -0.0, -INF, -0.0,
             0.0, 0.0]),
    "add": ([INF, -0.0, 1.0], [-INF, -0.0, NAN], [NAN, -0.0, NAN]),
    "mul": ([INF, -0.0], [0.0, 5.0], [NAN, -0.0]),
}


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", sorted(BINARY_SPECIAL))
def test_binary_special_values(device, op, dtype):
    a, b, expected = BINARY_SPECIAL[op]
    out = run_binary(device, op, quantize(a, dtype), quantize(b, dtype))
    assert_special(out, expected, dtype)


# --------------------------------------------------------------------------- binary integer ops

def _trunc_div(a: int, b: int) -> int:
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def _int_pow(a: int, b: int) -> int:
    if b >= 0:
        return a ** b
    if a == 1:
        return 1
    if a == -1:
        return 1 if b % 2 == 0 else -1
    return 0


INT_BINARY = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "maximum": max,
    "minimum": min,
    "div": _trunc_div,
    "mod": lambda a, b: 0 if b == 0 else a % b,
}


@pytest.mark.parametrize("dtype", INTS)
@pytest.mark.parametrize("op", sorted(INT_BINARY))
def test_binary_integer_wraps(device, op, dtype):
    rng = np.random.default_rng(6)
    a = int_values(rng, dtype)
    b = np.concatenate([np.zeros(3, a.dtype), int_values(rng, dtype)[:-3]])
    out = run_binary(device, op, a, b)
    assert out.dtype == a.dtype
    assert out.tolist() == elementwise_ints(lambda x, y: wrap(INT_BINARY[op](x, y), dtype), a, b)


@pytest.mark.parametrize("dtype", INTS)
def test_integer_pow(device, dtype):
    signed = np.iinfo(np_dtype(dtype)).min < 0
    a = [2, 3, 3, 0, 0, 7, 1, 5] + ([-2, -1, -1, 1, 2, 0, -3] if signed else [])
    b = [10, 40, 5, 0, 3, 1, 100, 2] + ([3, -3, -4, -5, -1, -1, 63] if signed else [])
    a, b = np.array(a, np_dtype(dtype)), np.array(b, np_dtype(dtype))
    out = run_binary(device, "pow", a, b)
    assert out.tolist() == elementwise_ints(lambda x, y: wrap(_int_pow(x, y), dtype), a, b)


@pytest.mark.parametrize("dtype", ["i8", "i32", "i64"])
def test_integer_div_and_mod_match_torch(device, dtype):
    rng = np.random.default_rng(7)
    info = np.iinfo(np_dtype(dtype))
    a = rng.integers(info.min + 1, info.max, 300, dtype=np_dtype(dtype))
    b = rng.integers(-50, 50, 300, dtype=np_dtype(dtype))
    b[b == 0] = 7
    ta, tb = torch.from_numpy(a), torch.from_numpy(b)
    div = run_binary(device, "div", a, b)
    np.testing.assert_array_equal(div, torch.div(ta, tb, rounding_mode="trunc").numpy())
    np.testing.assert_array_equal(run_binary(device, "mod", a, b),
                                  torch.remainder(ta, tb).numpy())


def test_integer_division_corner_cases(device):
    a = np.array([7, -7, 7, -7, -128, 5, -128, 0], np.int8)
    b = np.array([2, 2, -2, -2, -1, 0, 0, 0], np.int8)
    assert run_binary(device, "div", a, b).tolist() == [3, -3, -3, 3, -128, 0, 0, 0]
    assert run_binary(device, "mod", a, b).tolist() == [1, 1, -1, -1, 0, 0, 0, 0]


# --------------------------------------------------------------------------- comparisons, logic

COMPARE = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
           "gt": np.greater, "ge": np.greater_equal}
COMPARE_PAIRS = [("f32", "f32"), ("f16", "bf16"), ("i8", "u8"), ("u32", "i32"), ("f64", "i64"),
                 ("bool", "i16"), ("bool", "bool"), ("u8", "f16")]


@pytest.mark.parametrize("dtypes", COMPARE_PAIRS, ids="-".join)
@pytest.mark.parametrize("op", sorted(COMPARE))
def test_comparisons_on_mixed_dtypes(device, op, dtypes):
    rng = np.random.default_rng(8)
    low = 0 if "bool" in dtypes else -3
    high = 2 if "bool" in dtypes else 4
    a = rng.integers(low, high, (5, 6)).astype(np_dtype(dtypes[0]))
    b = rng.integers(low, high, (5, 6)).astype(np_dtype(dtypes[1]))
    out = run_binary(device, op, a, b)
    assert out.dtype == np.bool_
    np.testing.assert_array_equal(out, COMPARE[op](as_f64(a), as_f64(b)))


@pytest.mark.parametrize("dtype", FLOATS)
def test_comparisons_with_nan(device, dtype):
    a = quantize([NAN, NAN, 1.0, -0.0], dtype)
    b = quantize([NAN, 1.0, NAN, 0.0], dtype)
    assert run_binary(device, "eq", a, b).tolist() == [False, False, False, True]
    assert run_binary(device, "ne", a, b).tolist() == [True, True, True, False]
    for op in ("lt", "le", "gt", "ge"):
        assert run_binary(device, op, a, b).tolist()[:3] == [False] * 3


def test_comparison_converts_integers_to_the_promoted_float(device):
    a = np.array([2048.0, 2048.0], np.float16)
    b = np.array([2049, 2047], np.int32)
    expected = (torch.from_numpy(a) == torch.from_numpy(b)).numpy()
    out = run_binary(device, "eq", a, b)
    np.testing.assert_array_equal(out, expected)
    assert out.tolist() == [True, False]


@pytest.mark.parametrize("op", ["logical_and", "logical_or", "logical_xor"])
def test_logical_ops_broadcast(device, op):
    a = np.array([[True], [False]])
    b = np.array([[True, False, True]])
    expected = getattr(np, op)(a, b)
    np.testing.assert_array_equal(run_binary(device, op, a, b), expected)


# ------------------------------------------------------------------------ broadcasting, promotion

@pytest.mark.parametrize("op", ["add", "sub", "mul", "maximum"])
def test_broadcast_column_with_row_maps_each_cell(device, op):
    n, s = 3, 5
    a = (np.arange(n, dtype=np.float32) * 1000 + 1000).reshape(n, 1)
    b = (np.arange(s, dtype=np.float32) + 1).reshape(1, s)
    out = run_binary(device, op, a, b)
    assert out.shape == (n, s)
    fn = {"add": lambda x, y: x + y, "sub": lambda x, y: x - y,
          "mul": lambda x, y: x * y, "maximum": max}[op]
    for i in range(n):
        for j in range(s):
            assert out[i, j] == fn(1000.0 * (i + 1), float(j + 1)), (i, j)


def test_broadcast_channel_scale_nchw(device):
    rng = np.random.default_rng(9)
    x = rng.standard_normal((2, 3, 4, 5)).astype(np.float32)
    scale = np.array([10.0, 20.0, 30.0], np.float32).reshape(1, 3, 1, 1)
    out = run_binary(device, "mul", x, scale)
    channel = np.indices(x.shape)[1]
    expected = x.astype(np.float64) * (10.0 * (channel + 1))
    assert out.shape == x.shape
    np.testing.assert_allclose(as_f64(out), expected, **tol(np.float32))
    assert out[1, 2, 3, 4] == np.float32(x[1, 2, 3, 4] * np.float32(30.0))


@pytest.mark.parametrize("shapes", [((), (3, 4)), ((4,), (3, 1)), ((2, 1, 4), (3, 1)),
                                    ((0, 3), (1, 3)), ((5, 1, 1), (1, 1, 1))], ids=str)
def test_broadcast_shapes(device, shapes):
    rng = np.random.default_rng(10)
    a = rng.standard_normal(shapes[0])
    b = rng.standard_normal(shapes[1])
    out = run_binary(device, "sub", a, b)
    assert_close(out, np.subtract(a, b), "f64", shape=np.broadcast_shapes(*shapes))


PROMOTION_CASES = [
    ("i8", "u8", "i16", [-128, 127, -1], [255, 255, 200], [127, 382, 199]),
    ("f16", "bf16", "f32", [1.5, 2048.0, 0.0009765625], [0.5, 1.0, 256.0],
     [2.0, 2049.0, 256.0009765625]),
    ("u32", "i32", "i64", [4294967295, 0, 7], [1, -2147483648, -8], [4294967296, -2147483648,
                                                                    -1]),
    ("i8", "i64", "i64", [-128, 127, 5], [-1, 1 << 40, 6], [-129, (1 << 40) + 127, 11]),
    ("i64", "f32", "f32", [3, -4, 1 << 40], [0.5, 0.25, 0.0], [3.5, -3.75, float(1 << 40)]),
    ("u8", "u32", "u32", [255, 0, 1], [4294967295, 3, 2], [254, 3, 3]),
]


@pytest.mark.parametrize("case", PROMOTION_CASES, ids=lambda c: f"{c[0]}+{c[1]}")
def test_add_promotes(device, case):
    dta, dtb, result, a, b, expected = case
    out = run_binary(device, "add", np.array(a, np_dtype(dta)), np.array(b, np_dtype(dtb)))
    assert out.dtype == np_dtype(result)
    want = [wrap(v, result) if rlx.as_dtype(result).is_int else v for v in expected]
    assert out.tolist() == want


def test_integer_operand_is_rounded_to_the_half_float_first(device):
    a = np.array([2049, 2049], np.int32)
    b = np.array([2048.0, 0.0], np.float16)
    expected = (torch.from_numpy(a) - torch.from_numpy(b)).numpy()
    out = run_binary(device, "sub", a, b)
    assert out.dtype == np.float16
    np.testing.assert_array_equal(out, expected)
    assert out.tolist() == [0.0, 2048.0]


# --------------------------------------------------------------------------- where

def test_where_broadcasts_all_three(device):
    cond = np.array([True, False]).reshape(2, 1, 1)
    a = np.arange(3, dtype=np.float32).reshape(1, 3, 1)
    b = np.arange(4, dtype=np.float32).reshape(1, 1, 4) + 100
    out = run_op(device, rlx.where, cond, a, b)
    assert out.shape == (2, 3, 4)
    for i, j, k in np.ndindex(out.shape):
        assert out[i, j, k] == (j if i == 0 else 100 + k)


WHERE_PROMOTION = [
    ("i8", [-128, 0, 127, 1], "u8", [0, 255, 0, 200], "i16"),
    ("f16", [1.5, 0.0, 2048.0, 1.0], "bf16", [0.0, 256.0, 0.0, 3.0], "f32"),
    ("f64", [0.1, 0.0, 1e300, 1.0], "f32", [0.0, 0.5, 0.0, 2.0], "f64"),
    ("bool", [True, False, True, False], "bool", [False, True, False, False], "bool"),
]


@pytest.mark.parametrize("case", WHERE_PROMOTION, ids=lambda c: f"{c[0]}-{c[2]}")
def test_where_promotes_branches(device, case):
    dta, a, dtb, b, result = case
    cond = np.array([True, False, True, False])
    a, b = np.array(a, np_dtype(dta)), np.array(b, np_dtype(dtb))
    out = run_op(device, rlx.where, cond, a, b)
    assert out.dtype == np_dtype(result)
    assert as_f64(out).tolist() == np.where(cond, as_f64(a), as_f64(b)).tolist()


# --------------------------------------------------------------------------- clip

@pytest.mark.parametrize("bounds", [(-2.5, 3.0), (None, 1.0), (-1.0, None), (0.1, 0.1)], ids=str)
@pytest.mark.parametrize("dtype", FLOATS)
def test_clip_floats(device, dtype, bounds):
    lo, hi = bounds
    rng = np.random.default_rng(11)
    x = quantize(np.concatenate([rng.uniform(-5, 5, 50), [NAN, INF, -INF]]), dtype)
    out = run_op(device, lambda t: rlx.clip(t, lo, hi), x)
    expected = as_f64(x)
    if lo is not None:
        expected = np.where(np.isnan(expected), expected, np.maximum(expected, lo))
    if hi is not None:
        expected = np.where(np.isnan(expected), expected, np.minimum(expected, hi))
    assert_close(out, expected, dtype)
    assert np.isnan(as_f64(out)[-3])


@pytest.mark.parametrize("bounds", [(-3, 5), (0.5, 10.7), (-1000, 1000), (None, -1.5),
                                    (2**53 + 1, 2**62 + 1), (-2**70, 2**70), (None, -2**63)],
                         ids=str)   # integer bounds past 2**53 stay exact (cpu rounded them)
@pytest.mark.parametrize("dtype", INTS)
def test_clip_integers_cast_the_exact_result(device, dtype, bounds):
    lo, hi = bounds
    x = int_values(np.random.default_rng(12), dtype)
    out = run_op(device, lambda t: rlx.clip(t, lo, hi), x)
    info = np.iinfo(np_dtype(dtype))

    def exact_then_cast(v: int) -> int:
        value = Fraction(v)
        if lo is not None:
            value = max(value, Fraction(lo))
        if hi is not None:
            value = min(value, Fraction(hi))
        return min(max(math.trunc(value), int(info.min)), int(info.max))

    assert out.dtype == x.dtype
    assert out.tolist() == elementwise_ints(exact_then_cast, x)


# --------------------------------------------------------------------------- cast

FLOAT_TO_INT_VALUES = [1e10, -1e10, NAN, INF, -INF, 3.9, -3.9, -0.5, 0.99, 100.5, 255.9,
                       -129.5, 127.9, 65535.5, -32768.9, 2.0 ** 31, 2.0 ** 63, -(2.0 ** 63)]


@pytest.mark.parametrize("dst", INTS)
@pytest.mark.parametrize("src", FLOATS)
def test_cast_float_to_int_truncates_and_saturates(device, src, dst):
    x = quantize(FLOAT_TO_INT_VALUES, src)
    info = np.iinfo(np_dtype(dst))

    def rust_as(v: float) -> int:
        if math.isnan(v):
            return 0
        if math.isinf(v):
            return int(info.max) if v > 0 else int(info.min)
        return min(max(math.trunc(v), int(info.min)), int(info.max))

    out = run_op(device, lambda t: rlx.cast(t, dst), x)
    assert out.dtype == np_dtype(dst)
    assert out.tolist() == [rust_as(float(v)) for v in as_f64(x)]


def test_f16_conversions_are_numpys_bit_for_bit(device):
    """Every half to f32, and f32 values around every rounding boundary of the halves
    (the midpoints between neighbours, a few ulps either side, subnormal halves, the
    overflow threshold) plus a sweep of all bit patterns, to f16: numpy's conversions,
    bit for bit (nans: a nan, of the same sign)."""
    halves = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
    finite = halves[np.isfinite(halves)].astype(np.float64)
    finite = np.unique(finite)
    mids = (finite[:-1] + finite[1:]) / 2
    near = mids.astype(np.float32).view(np.uint32).astype(np.int64)
    probes = np.concatenate([(near + d).astype(np.uint32) for d in (-2, -1, 0, 1, 2)]
                            + [np.arange(0, 2**32, 65521, dtype=np.uint64).astype(np.uint32)])
    floats = probes.view(np.float32)
    g = rlx.Graph("f16_casts")
    g.set_outputs([g.input("h", (65536,), "f16").cast("f32"),
                   g.input("f", floats.shape, "f32").cast("f16")])
    widened, narrowed = run_graph(g, {"h": halves, "f": floats}, device)
    with np.errstate(over="ignore", invalid="ignore"):
        want_wide, want_narrow = halves.astype(np.float32), floats.astype(np.float16)
    for got, want, bits in ((widened, want_wide, np.uint32), (narrowed, want_narrow, np.uint16)):
        nan = np.isnan(want)
        assert np.array_equal(np.isnan(got), nan)
        assert np.array_equal(np.signbit(got[nan]), np.signbit(want[nan]))
        assert np.array_equal(got[~nan].view(bits), want[~nan].view(bits))


@pytest.mark.parametrize("n", [10, 30, 67])
def test_a_narrowed_value_read_back_by_the_next_kernel_keeps_its_rounding(device, n):
    """x.cast(f32).cast(f64) where the f32 value is an output too (so it is stored and
    the next kernel reads it back): every element is the f32 rounding of x. On cpu, GCC
    12 at -O3 forwarded the stored value into the next kernel's load in the vector
    loop's tail, and the last elements came back as x itself."""
    x = np.random.default_rng(n).standard_normal(n)
    g = rlx.Graph("round_trip")
    narrow = g.input("x", (n,), "f64").cast("f32")
    g.set_outputs([narrow.cast("f64"), narrow])
    wide, kept = run_graph(g, {"x": x}, device)
    np.testing.assert_array_equal(wide, x.astype(np.float32).astype(np.float64))
    np.testing.assert_array_equal(kept, x.astype(np.float32))


@pytest.mark.parametrize("dst", INTS)
@pytest.mark.parametrize("src", INTS)
def test_cast_int_to_int_wraps(device, src, dst):
    x = int_values(np.random.default_rng(13), src)
    out = run_op(device, lambda t: rlx.cast(t, dst), x)
    assert out.dtype == np_dtype(dst)
    assert out.tolist() == [wrap(int(v), dst) for v in x]


@pytest.mark.parametrize("src", FLOATS + INTS + ["bool"])
def test_cast_to_bool_is_nonzero(device, src):
    values = [0, 1, 0, 5, 1] if src in INTS + ["bool"] else [0.0, -0.0, NAN, 0.5, -INF]
    x = np.array(values).astype(np_dtype(src)) if src not in FLOATS else quantize(values, src)
    out = run_op(device, lambda t: rlx.cast(t, "bool"), x)
    assert out.dtype == np.bool_
    assert out.tolist() == [bool(v != 0) for v in as_f64(x)]


@pytest.mark.parametrize("dst", FLOATS + INTS)
def test_cast_from_bool(device, dst):
    out = run_op(device, lambda t: rlx.cast(t, dst), np.array([True, False, True]))
    assert out.dtype == np_dtype(dst)
    assert as_f64(out).tolist() == [1.0, 0.0, 1.0]


BITS = {"f32": 24, "f16": 11, "bf16": 8, "f64": 53}


@pytest.mark.parametrize("dst", ["f32", "f16", "bf16"])
def test_cast_f64_to_narrow_float_rounds_once(device, dst):
    rng = np.random.default_rng(14)
    tricky = [1 + 2.0 ** -8 + 2.0 ** -30, 1 + 2.0 ** -8, 1 + 3 * 2.0 ** -8,
              -(1 + 2.0 ** -11 + 2.0 ** -40), 1 + 2.0 ** -24 + 2.0 ** -50, 1 + 2.0 ** -24,
              1 + 2.0 ** -11 + 2.0 ** -52]
    x = np.concatenate([tricky, rng.standard_normal(200) * 100])
    out = run_op(device, lambda t: rlx.cast(t, dst), x)
    assert out.dtype == np_dtype(dst)
    assert as_f64(out).tolist() == [nearest_even(Fraction(v), BITS[dst]) for v in x]


@pytest.mark.parametrize("dst", ["f32", "f16", "bf16", "f64"])
@pytest.mark.parametrize("src", ["i32", "i64", "u32"])
def test_cast_int_to_float_rounds_once(device, src, dst):
    info = np.iinfo(np_dtype(src))
    tricky = [2 ** 24 + 2 ** 16 + 1, 2 ** 24 + 2 ** 16, 2 ** 24 + 1, 2 ** 24 + 3, int(info.max),
              int(info.min), 65519, 65520, 2049]
    if src == "i64":
        tricky += [2 ** 62 + 2 ** 54 + 1, 2 ** 53 + 1, -(2 ** 62 + 2 ** 38 + 2 ** 30 + 1)]
    rng = np.random.default_rng(15)
    x = np.concatenate([np.array(tricky, np.int64),
                        rng.integers(info.min, info.max, 100, dtype=np.int64)]).astype(
        np_dtype(src))
    out = run_op(device, lambda t: rlx.cast(t, dst), x)
    assert out.dtype == np_dtype(dst)
    expected = [nearest_even(int(v), BITS[dst]) for v in x]
    if dst == "f16":
        expected = [v if abs(v) <= 65504 else math.copysign(INF, v) for v in expected]
    assert as_f64(out).tolist() == expected


@pytest.mark.parametrize("values, dst, expected", [
    ([70000.0, -70000.0, 65519.0, 65520.0], "f16", [INF, -INF, 65504.0, INF]),
    ([3.39e38, 3.4e38, -1e39, 1e-50], "bf16", [3.3895313892515355e38, INF, -INF, 0.0]),
    ([1e39, -1e39, NAN, -0.0], "f32", [INF, -INF, NAN, -0.0]),
])
def test_cast_float_overflow_and_specials(device, values, dst, expected):
    out = run_op(device, lambda t: rlx.cast(t, dst), np.array(values))
    assert_special(out, expected, dst)


@pytest.mark.parametrize("dst", FLOATS)
@pytest.mark.parametrize("src", FLOATS)
def test_cast_between_floats(device, src, dst):
    x = quantize(np.random.default_rng(16).standard_normal(100) * 10, src)
    out = run_op(device, lambda t: rlx.cast(t, dst), x)
    assert out.dtype == np_dtype(dst)
    assert as_f64(out).tolist() == [nearest_even(Fraction(float(v)), BITS[dst])
                                    for v in as_f64(x)]
