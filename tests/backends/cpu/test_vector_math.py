"""The cpu backend's vectorised float math (``csrc/prelude.h``, section "float math").

Each f32 helper is run through a real rlx graph on device "cpu" over a dense sweep
of the float range (every 4099th bit pattern, i.e. every binade including the
subnormals, plus dense samples where the functions bend and the worst inputs an
exhaustive search over all 2^32 floats found) and compared with a float64 oracle
(numpy, and PyTorch's float64 erf/erfc). The maximum error in ulps must stay within
the bound documented in prelude.h; special values must be exact, signed zeros
included. The same helpers compiled without FMA must meet the same bounds, and gcc
must vectorise every helper inside ``#pragma omp simd`` loops.
"""

from __future__ import annotations

import ctypes
import math
import platform
import subprocess

import numpy as np
import pytest
import torch

import rlx
from rlx.backends.cpu import isa, toolchain
from rlx.backends.cpu.render import prelude_source

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")

INF, NAN = math.inf, math.nan
SQRT_HALF = math.sqrt(0.5)


# --------------------------------------------------------------------------- float64 oracles

def _sigmoid(x: np.ndarray) -> np.ndarray:
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def _zero_at_neg_inf(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """-0.0 where x is -inf: the limit of x * g(x) with g(-inf) = 0."""
    return np.where(x == -INF, -0.0, y)


def _torch64(fn, x: np.ndarray) -> np.ndarray:
    return fn(torch.from_numpy(np.ascontiguousarray(x, dtype=np.float64))).numpy()


def _erf(x):
    return _torch64(torch.special.erf, x)


def _gelu(x):
    return _zero_at_neg_inf(x, 0.5 * x * _torch64(torch.special.erfc, -x * SQRT_HALF))


def _gelu_tanh(x):
    u = math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)
    return _zero_at_neg_inf(x, x * _sigmoid(2.0 * u))


def _silu(x):
    return _zero_at_neg_inf(x, x * _sigmoid(x))


# name: (rlx op, float64 oracle, documented max error in ulps, with or without FMA)
FUNCTIONS = {
    "exp": (rlx.exp, np.exp, 1.01),
    "log": (rlx.log, np.log, 1.0),
    "tanh": (rlx.tanh, np.tanh, 1.5),
    "erf": (rlx.erf, _erf, 1.5),
    "sigmoid": (rlx.sigmoid, _sigmoid, 2.5),
    "silu": (rlx.silu, _silu, 2.5),
    "softplus": (rlx.softplus, lambda x: np.logaddexp(0.0, x), 2.0),
    "gelu": (rlx.gelu, _gelu, 7.0),
    "gelu_tanh": (rlx.gelu_tanh, _gelu_tanh, 2.5),
}
# gelu_tanh's bound holds for the exact value at an input within this relative
# distance of x (its argument is rounded to float before exp; see prelude.h)
BACKWARD = {"gelu_tanh": 2.0 ** -23}

# the worst inputs of an exhaustive search over all floats (with and without FMA)
WORST_CASES = [float.fromhex(h) for h in (
    "-0x1.b610fp+4", "0x1.69cf3ep+0", "0x1.43fa2p-1", "0x1.ff23a4p-1", "-0x1.0a111ap+2",
    "-0x1.9b0a48p+1", "-0x1.03e132p+1", "-0x1.669c2p+2", "-0x1.5671ep+0", "-0x1.04982ap+4",
    "-0x1.fe5a9ap-1", "-0x1.b92162p+1", "-0x1.9a7924p+1", "-0x1.bae1bep+1", "-0x1.59e8bp+0",
    # gelu (rational erfcx), sigmoid, silu, gelu_tanh (one-product exponential), erf
    "0x1.eaa8fcp-6", "-0x1.64200ep+1", "-0x1.0a2bd8p+4", "-0x1.0ad862p+4", "-0x1.8f0ecap-1",
    "-0x1.7f5666p-1", "0x1.0340a6p+0", "0x1.0cf8bp+0",
)]


def widen(x: np.ndarray) -> np.ndarray:
    """float32 -> float64 (signalling nans in the sweep become quiet ones silently)."""
    with np.errstate(invalid="ignore"):
        return x.astype(np.float64)


def oracle(name: str, x: np.ndarray) -> np.ndarray:
    """The float64 value of function ``name`` at the float64 points ``x``."""
    with np.errstate(all="ignore"):
        return FUNCTIONS[name][1](x)


# --------------------------------------------------------------------------- inputs and errors

def sweep() -> np.ndarray:
    """Float32 test inputs: a stride over all bit patterns, dense samples, worst cases."""
    rng = np.random.default_rng(7)
    strided = np.arange(0, 2 ** 32, 4099, dtype=np.uint64).astype(np.uint32).view(np.float32)
    magnitudes = np.exp(rng.uniform(math.log(1e-45), math.log(1e3), 200_000))
    parts = [
        strided,
        rng.uniform(-16.0, 16.0, 600_000),
        rng.uniform(-2.0, 2.0, 200_000),
        magnitudes, -magnitudes,
        rng.uniform(-110.0, 95.0, 100_000),
        np.array(WORST_CASES),
    ]
    return np.concatenate([p.astype(np.float32) for p in parts])


def ulp_errors(actual: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """|actual - expected| in ulps of ``expected`` as a float32 (2^-149 below the
    normal range); inf where a nan, an infinity or a zero's sign is wrong. A finite
    result next to an expected overflow is measured like any other."""
    with np.errstate(all="ignore"):
        rounded = expected.astype(np.float32)
        mag = np.abs(expected)
        exponent = np.frexp(mag)[1]
        ulp = np.ldexp(1.0, np.where(mag == 0, -149, np.maximum(exponent - 24, -149)))
        err = np.abs(widen(actual) - expected) / ulp
    both_nan = np.isnan(actual) & np.isnan(expected)
    same_inf = np.isinf(actual) & (actual == rounded)
    err = np.where(both_nan | same_inf, 0.0, err)
    nan_ok = np.isnan(actual) == np.isnan(expected)
    inf_ok = ~np.isinf(actual) | same_inf
    zero_ok = np.where((rounded == 0) & (actual == 0),
                       np.signbit(actual) == np.signbit(expected), True)
    return np.where(nan_ok & inf_ok & zero_ok, err, np.inf)


def backward_ulp_errors(name: str, x: np.ndarray, actual: np.ndarray, rel: float) -> np.ndarray:
    """Distance of ``actual`` from the oracle's range over [x(1-rel), x(1+rel)], in
    ulps of the oracle at x (special values as in :func:`ulp_errors`)."""
    x64 = widen(x)
    mid = oracle(name, x64)
    ends = np.stack([oracle(name, x64 * (1 - rel)), mid, oracle(name, x64 * (1 + rel))])
    lo, hi = ends.min(axis=0), ends.max(axis=0)
    nearest = np.clip(widen(actual), lo, hi)
    finite = np.isfinite(x64) & np.isfinite(lo) & np.isfinite(hi)
    return np.minimum(ulp_errors(actual, np.where(finite, nearest, mid)),
                      ulp_errors(actual, mid))


def max_error(name: str, x: np.ndarray, actual: np.ndarray) -> tuple[float, float]:
    """(max error in ulps, the input where it occurs) of ``actual`` = name(x)."""
    if name in BACKWARD:
        err = backward_ulp_errors(name, x, actual, BACKWARD[name])
    else:
        err = ulp_errors(actual, oracle(name, widen(x)))
    worst = int(np.argmax(err))
    return float(err[worst]), float(x[worst])


# --------------------------------------------------------------------------- through rlx

@pytest.fixture(scope="module")
def sweep_results() -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The sweep inputs and every function's cpu results, from one compiled graph."""
    x = sweep()
    g = rlx.Graph("vector_math")
    t = g.input("x", x.shape, rlx.f32)
    g.set_outputs([FUNCTIONS[name][0](t) for name in FUNCTIONS])
    outputs = rlx.Session("cpu").compile(g).run({"x": x})
    return x, dict(zip(FUNCTIONS, outputs))


@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_max_error_within_documented_bound(sweep_results, name):
    x, results = sweep_results
    err, where = max_error(name, x, results[name])
    bound = FUNCTIONS[name][2]
    assert err <= bound, f"{name}: {err:.3f} ulp at x={where!r} (documented {bound})"


SPECIALS = np.array([NAN, INF, -INF, 0.0, -0.0, 3.4028235e38, -3.4028235e38, 1e-45, -1e-45,
                     1.1754944e-38, -1.1754944e-38, 88.72283, 88.72284, -103.97, -104.0,
                     -150.0, 1e30, -1e30], dtype=np.float32)


@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_special_values_are_exact(name):
    g = rlx.Graph("specials")
    g.set_outputs([FUNCTIONS[name][0](g.input("x", SPECIALS.shape, rlx.f32))])
    (actual,) = rlx.Session("cpu").compile(g).run({"x": SPECIALS})
    with np.errstate(over="ignore"):
        expected = oracle(name, widen(SPECIALS)).astype(np.float32)
    exact = np.isinf(expected) | np.isnan(expected) | (expected == 0)
    np.testing.assert_array_equal(actual[exact], expected[exact])
    zero = expected == 0
    np.testing.assert_array_equal(np.signbit(actual[zero]), np.signbit(expected[zero]))
    err, where = max_error(name, SPECIALS, actual)
    assert err <= FUNCTIONS[name][2], f"{name}: {err:.3f} ulp at x={where!r}"


# --------------------------------------------------------------------------- the C harness

# the C helpers the harness applies: FUNCTIONS' in order, then the softmax weight exp
HELPERS = [f"rlx_{name}f" for name in FUNCTIONS] + ["rlx_expf_weight"]


def harness_source() -> str:
    """The prelude plus one `#pragma omp simd` loop per helper and a dispatcher
    ``rlx_apply(which, x, y, n)`` (``which`` indexes HELPERS)."""
    loops = [f"static void apply_{i}(const float *restrict x, float *restrict y, "
             f"int64_t n) {{\n    #pragma omp simd\n"
             f"    for (int64_t i = 0; i < n; i++) y[i] = {helper}(x[i]);\n}}"
             for i, helper in enumerate(HELPERS)]
    cases = [f"    case {i}: apply_{i}(x, y, n); return 0;" for i in range(len(HELPERS))]
    dispatcher = ("int rlx_apply(int which, const float *x, float *y, int64_t n) {\n"
                  "    switch (which) {\n" + "\n".join(cases) + "\n    }\n    return 1;\n}")
    return "\n\n".join([prelude_source(), *loops, dispatcher]) + "\n"


def compile_harness(tmp_path, extra_flags: list[str], output: str) -> subprocess.CompletedProcess:
    """Compile the harness with the backend's flags plus ``extra_flags``."""
    compiler, why = toolchain.find_compiler()
    if compiler is None:
        pytest.skip(why)
    source = tmp_path / "harness.c"
    source.write_text(harness_source())
    cmd = [compiler, str(source), "-o", str(tmp_path / output),
           *toolchain.BASE_FLAGS, *isa.target_flags(isa.host_tier()), *extra_flags, "-lm"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc


def is_gcc() -> bool:
    compiler, _ = toolchain.find_compiler()
    if compiler is None:
        return False
    out = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout
    return "gcc" in out.lower() or "free software foundation" in out.lower()


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"),
                    reason="x86-64-v2 (SSE4.2, no FMA) is an x86 target")
def test_bounds_hold_without_fma(tmp_path):
    compile_harness(tmp_path, ["-march=x86-64-v2"], "harness.so")
    lib = ctypes.CDLL(str(tmp_path / "harness.so"))
    lib.rlx_apply.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64]
    x = sweep()
    y = np.empty_like(x)
    for which, name in enumerate(FUNCTIONS):
        assert lib.rlx_apply(which, x.ctypes.data, y.ctypes.data, x.size) == 0
        err, where = max_error(name, x, y)
        bound = FUNCTIONS[name][2]
        assert err <= bound, f"{name} without FMA: {err:.3f} ulp at x={where!r}"


@pytest.mark.skipif(not is_gcc(), reason="-fopt-info is a gcc option")
def test_gcc_vectorises_every_helper(tmp_path):
    proc = compile_harness(tmp_path, ["-c", "-fopt-info-vec-optimized"], "harness.o")
    vectorised = {line.split(":")[1] for line in proc.stderr.splitlines()
                  if "loop vectorized" in line}
    source_lines = harness_source().splitlines()
    loops = {str(i + 1) for i, line in enumerate(source_lines)
             if line.strip().startswith("for (int64_t i = 0; i < n; i++) y[i] = rlx_")}
    assert len(loops) == len(HELPERS)
    assert loops <= vectorised, f"scalar loops at lines {sorted(loops - vectorised)}"


@pytest.mark.parametrize("flags", [[], ["-march=x86-64-v2"]], ids=["native", "no-fma"])
def test_softmax_weight_exp(tmp_path, flags):
    """rlx_expf_weight (softmax and attention weights, whose exponents are a score
    minus its row's maximum): exp within 1.01 ulp on [-87, 0], exactly 0 below -87
    (-inf included), nan for nan."""
    if flags and platform.machine() not in ("x86_64", "AMD64"):
        pytest.skip("x86-64-v2 (SSE4.2, no FMA) is an x86 target")
    compile_harness(tmp_path, flags, "harness.so")
    lib = ctypes.CDLL(str(tmp_path / "harness.so"))
    lib.rlx_apply.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64]
    swept = sweep()
    x = np.concatenate([swept[swept <= 0], np.array([-87.0, 0.0, -0.0, -INF, NAN], np.float32),
                        np.nextafter(np.float32([-87.0, 0.0]), np.float32(-INF))])
    y = np.empty_like(x)
    assert lib.rlx_apply(HELPERS.index("rlx_expf_weight"), x.ctypes.data, y.ctypes.data,
                         x.size) == 0
    inside = x >= -87.0
    err = ulp_errors(y[inside], np.exp(widen(x[inside])))
    assert err.max() <= 1.01, f"{err.max():.3f} ulp at x={x[inside][np.argmax(err)]!r}"
    np.testing.assert_array_equal(y[x < -87.0], 0.0)
    assert np.isnan(y[np.isnan(x)]).all()


# --------------------------------------------------------------------------- lane sums
SUMS_HARNESS = r"""
int rlx_sums(const float *x, float *four, float *one, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        const float *p = x + i * 4 * RLX_VW;
        rlx_v_sum4(rlx_v_load(p), rlx_v_load(p + RLX_VW), rlx_v_load(p + 2 * RLX_VW),
                   rlx_v_load(p + 3 * RLX_VW), four + 4 * i);
        for (int k = 0; k < 4; k++) one[4 * i + k] = rlx_v_sum(rlx_v_load(p + k * RLX_VW));
    }
    return RLX_VW;
}
"""


def _pairwise_lane_sum(vectors: np.ndarray) -> np.ndarray:
    """The order prelude.h documents for rlx_v_sum, in float32: lane l plus lane
    l + W/2, then l + W/4, ..., then lanes 0 and 1."""
    v = vectors.copy()
    width = v.shape[-1]
    while width > 1:
        width //= 2
        v[..., :width] = v[..., :width] + v[..., width:2 * width]
    return v[..., 0]


def test_four_lane_sums_side_by_side_are_rlx_v_sums(tmp_path, cpu_tier):
    """rlx_v_sum4 (cached_attention's score sums) gives each vector's rlx_v_sum, bit for
    bit, and both follow the documented pairwise order (a float32 emulation), on
    inputs whose sums depend on the order (magnitudes from 1e-3 to 1e7, both signs)."""
    compiler, why = toolchain.find_compiler()
    if compiler is None:
        pytest.skip(why)
    source = tmp_path / "sums.c"
    source.write_text(prelude_source() + SUMS_HARNESS)
    cmd = [compiler, str(source), "-o", str(tmp_path / "sums.so"), *toolchain.BASE_FLAGS,
           *isa.target_flags(cpu_tier), "-lm"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lib = ctypes.CDLL(str(tmp_path / "sums.so"))
    lib.rlx_sums.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_int64]
    width = lib.rlx_sums(None, None, None, 0)           # the tier's RLX_VW
    rng = np.random.default_rng(44)
    n = 4096
    vectors = (rng.standard_normal((n, 4, width))
               * 10.0 ** rng.integers(-3, 8, (n, 4, width))).astype(np.float32)
    four, one = np.empty((n, 4), np.float32), np.empty((n, 4), np.float32)
    lib.rlx_sums(vectors.ctypes.data, four.ctypes.data, one.ctypes.data, n)
    np.testing.assert_array_equal(four.view(np.uint32), one.view(np.uint32))
    np.testing.assert_array_equal(one, _pairwise_lane_sum(vectors))
