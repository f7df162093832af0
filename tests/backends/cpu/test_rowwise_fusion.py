"""The cpu backend's row-wise and reduction kernels with what fusion puts around them.

Each graph runs on the cpu device and is compared with the reference device and with a
float64 numpy oracle; the fusion report is checked to hold the expected kernel, so the
fused code path (prologue evaluated inline, epilogue applied on store) is the one under
test. Shapes are chosen to reach the kernels' geometry cases: rows longer than one
float partial-sum block with a tail, lanes (a non-last reduced axis) spanning several
lane blocks with a partial last one, and reductions over separated axes.
"""

from __future__ import annotations

import numpy as np
import pytest
from tests.helpers import tol

import rlx

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")


# --------------------------------------------------------------------------- helpers

def _compile(graph: rlx.Graph, device: str = "cpu", threads: int | None = None,
             optimize: bool = True):
    options = rlx.CompileOptions(num_threads=threads, optimize=optimize)
    return rlx.Session(device, options).compile(graph)


def _run(graph: rlx.Graph, feeds: dict, device: str = "cpu", **options) -> list[np.ndarray]:
    return _compile(graph, device, **options).run(feeds)


def _kernels(compiled) -> list[tuple[str, list[str]]]:
    """(kind, member ops) of each kernel the pipeline produced."""
    program = compiled.report().program
    return [(k.kind, [program.graph.nodes[n].op for n in k.nodes]) for k in program.kernels]


def _normal(rng: np.random.Generator, shape, scale: float = 1.0, offset: float = 0.0,
            dtype=np.float32) -> np.ndarray:
    return (rng.standard_normal(shape) * scale + offset).astype(dtype)


def _assert_close(got: np.ndarray, want, dtype) -> None:
    """``got`` has ``dtype`` and is within that dtype's tolerance of ``want``."""
    assert got.dtype == np.dtype(dtype)
    assert got.shape == np.shape(want)
    np.testing.assert_allclose(got.astype(np.float64), np.asarray(want, np.float64),
                               equal_nan=True, **tol(dtype))


def _check(graph: rlx.Graph, feeds: dict, oracle: np.ndarray, dtype) -> np.ndarray:
    """Run on cpu; compare with the reference device and the float64 oracle."""
    got = _run(graph, feeds)[0]
    _assert_close(got, _run(graph, feeds, "reference")[0], dtype)
    _assert_close(got, oracle, dtype)
    return got


def _layer_norm64(x: np.ndarray, axes: tuple[int, ...], eps: float) -> np.ndarray:
    x = x.astype(np.float64)
    centred = x - x.mean(axis=axes, keepdims=True)
    return centred / np.sqrt((centred ** 2).mean(axis=axes, keepdims=True) + eps)


def _softmax64(x: np.ndarray, axis: int) -> np.ndarray:
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


# --------------------------------------------------------------------------- rowwise

def _residual_layer_norm_graph(shape, dtype) -> rlx.Graph:
    """layer_norm(x + 0.5 r) * gamma + beta, then * 2 + r: prologue, norm, epilogue."""
    g = rlx.Graph("residual_layer_norm")
    x, r = g.input("x", shape, dtype), g.input("r", shape, dtype)
    gamma, beta = g.input("gamma", shape[-1:], dtype), g.input("beta", shape[-1:], dtype)
    y = rlx.layer_norm(x + r * 0.5, gamma, beta, eps=1e-5, axis=-1)
    g.set_outputs([y * 2.0 + r])
    return g


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(4, 37, 300), (3, 128)])
def test_prologue_layer_norm_epilogue(dtype, shape):
    rng = np.random.default_rng(0)
    feeds = {"x": _normal(rng, shape, 2.0, 3.0, dtype), "r": _normal(rng, shape, dtype=dtype),
             "gamma": _normal(rng, shape[-1:], 1.0, 1.0, dtype),
             "beta": _normal(rng, shape[-1:], dtype=dtype)}
    graph = _residual_layer_norm_graph(shape, rlx.as_dtype(dtype))
    assert _kernels(_compile(graph)) == [("rowwise", ["mul", "add", "layer_norm", "mul", "add"])]
    x64 = {k: v.astype(np.float64) for k, v in feeds.items()}
    normed = _layer_norm64(x64["x"] + 0.5 * x64["r"], (-1,), 1e-5)
    oracle = (normed * x64["gamma"] + x64["beta"]) * 2.0 + x64["r"]
    _check(graph, feeds, oracle, dtype)


def test_layer_norm_over_two_axes_with_broadcast_prologue():
    """The normalised axes [5, 70] with a prologue operand broadcast along the first."""
    rng = np.random.default_rng(1)
    g = rlx.Graph("ln2")
    x, s = g.input("x", (6, 5, 70)), g.input("s", (70,))
    g.set_outputs([rlx.tanh(rlx.layer_norm(x * s, eps=1e-5, axis=1))])
    feeds = {"x": _normal(rng, (6, 5, 70), 1.5, 0.5), "s": _normal(rng, (70,), 0.3, 1.0)}
    assert _kernels(_compile(g)) == [("rowwise", ["mul", "layer_norm", "tanh"])]
    oracle = np.tanh(_layer_norm64(feeds["x"] * feeds["s"].astype(np.float64), (1, 2), 1e-5))
    _check(g, feeds, oracle, np.float32)


def test_layer_norm_keeps_precision_for_rows_with_a_large_mean():
    """Rows at 1000 +- 0.01: the centring must not lose the small spread."""
    rng = np.random.default_rng(2)
    g = rlx.Graph("offset_ln")
    x = g.input("x", (8, 513))
    g.set_outputs([rlx.layer_norm(x, eps=1e-9)])
    feeds = {"x": _normal(rng, (8, 513), 0.01, 1000.0)}
    _check(g, feeds, _layer_norm64(feeds["x"], (-1,), 1e-9), np.float32)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # the reference's nan / inf rows
def test_layer_norm_rows_whose_first_block_is_unrepresentative():
    """The moments are taken about the first block's mean; rows where that is far from
    the row's mean (an offset first block, a huge first element) and rows holding a
    nan or an infinity must still come out as the reference gives them."""
    rng = np.random.default_rng(12)
    x = _normal(rng, (5, 700))
    x[0, :128] += 1000.0
    x[1, 0] = 300.0
    x[2, 200:] -= 50.0
    x[3, 5] = np.nan
    x[4, 600] = np.inf
    g = rlx.Graph("ln_rows")
    g.set_outputs([rlx.layer_norm(g.input("x", x.shape), eps=1e-5)])
    got = _run(g, {"x": x})[0]
    _assert_close(got, _run(g, {"x": x}, "reference")[0], np.float32)
    with np.errstate(invalid="ignore"):
        _assert_close(got[:3], _layer_norm64(x[:3], (-1,), 1e-5), np.float32)
    assert np.isnan(got[3:]).all()


def test_rms_norm_with_prologue_and_epilogue():
    rng = np.random.default_rng(3)
    g = rlx.Graph("rms")
    x, r, gamma = g.input("x", (9, 200)), g.input("r", (9, 200)), g.input("gamma", (200,))
    g.set_outputs([rlx.sigmoid(rlx.rms_norm(x - r, gamma, eps=1e-6))])
    feeds = {"x": _normal(rng, (9, 200)), "r": _normal(rng, (9, 200)),
             "gamma": _normal(rng, (200,), 1.0, 1.0)}
    assert _kernels(_compile(g)) == [("rowwise", ["sub", "rms_norm", "sigmoid"])]
    d = feeds["x"].astype(np.float64) - feeds["r"]
    y = d / np.sqrt((d * d).mean(axis=-1, keepdims=True) + 1e-6) * feeds["gamma"]
    _check(g, feeds, 1.0 / (1.0 + np.exp(-y)), np.float32)


@pytest.mark.parametrize("op", ["softmax", "log_softmax"])
@pytest.mark.parametrize("shape, axis", [((3, 40, 130), 1), ((17, 6), 0), ((2, 9, 3, 4), 2)])
def test_softmax_over_a_non_last_axis(op, shape, axis):
    """Lanes: the axes after ``axis`` are processed in blocks of per-lane accumulators
    (130 lanes = two full blocks and a partial one)."""
    rng = np.random.default_rng(4)
    g = rlx.Graph("softmax_axis")
    x = g.input("x", shape)
    g.set_outputs([getattr(rlx, op)(x * 0.7 - 1.0, axis) * 3.0])
    feeds = {"x": _normal(rng, shape, 3.0)}
    assert _kernels(_compile(g)) == [("rowwise", ["mul", "sub", op, "mul"])]
    probs = _softmax64(feeds["x"].astype(np.float64) * 0.7 - 1.0, axis)
    oracle = (np.log(probs) if op == "log_softmax" else probs) * 3.0
    _check(g, feeds, oracle, np.float32)


@pytest.mark.parametrize("op", ["softmax", "log_softmax"])
def test_softmax_rows_with_nan_and_infinities(op):
    x = np.array([[1.0, np.nan, 2.0], [-np.inf, -np.inf, -np.inf], [np.inf, 0.0, 1.0],
                  [-np.inf, 0.0, 1.0]], np.float32)
    g = rlx.Graph("special")
    g.set_outputs([getattr(rlx, op)(g.input("x", (4, 3)), -1)])
    got = _run(g, {"x": x})[0]
    want = _run(g, {"x": x}, "reference")[0]
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    _assert_close(got, want, np.float32)  # infinities must match exactly


# --------------------------------------------------------------------------- reduce

def _reduce64(op: str, x: np.ndarray, axes, keepdims: bool) -> np.ndarray:
    if op == "logsumexp":
        top = x.max(axis=axes, keepdims=True)
        out = np.log(np.exp(x - top).sum(axis=axes, keepdims=True)) + top
        return out if keepdims else np.squeeze(out, axis=axes)
    return getattr(np, op)(x, axis=axes, keepdims=keepdims)


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axes", [(0, 2), (1,), (2,), (0, 1, 2)])
@pytest.mark.parametrize("op", ["sum", "mean", "max", "min", "logsumexp"])
def test_reduce_with_prologue_and_epilogue(op, axes, keepdims):
    """op(x * w + y) * 0.5 + b, with ``w`` broadcast along the middle axis and ``b`` of
    the result's shape."""
    shape = (5, 150, 7)
    rng = np.random.default_rng(5)
    out_shape = tuple(1 if a in axes else d for a, d in enumerate(shape)) if keepdims else \
        tuple(d for a, d in enumerate(shape) if a not in axes)
    g = rlx.Graph("reduce")
    x, w, y = g.input("x", shape), g.input("w", (5, 1, 7)), g.input("y", shape)
    b = g.input("b", out_shape)
    reduced = g.apply(op, [x * w + y], axes=axes, keepdims=keepdims)
    g.set_outputs([reduced * 0.5 + b])
    feeds = {"x": _normal(rng, shape), "w": _normal(rng, (5, 1, 7)), "y": _normal(rng, shape),
             "b": _normal(rng, out_shape)}
    assert _kernels(_compile(g)) == [("reduce", ["mul", "add", op, "mul", "add"])]
    x64 = {k: v.astype(np.float64) for k, v in feeds.items()}
    oracle = _reduce64(op, x64["x"] * x64["w"] + x64["y"], axes, keepdims) * 0.5 + x64["b"]
    got = _run(g, feeds)[0]
    _assert_close(got, _run(g, feeds, "reference")[0], np.float32)
    # a sum of 1050 terms of size ~3 may carry ~1050 * 3 * eps(f32) on top of the rounding
    np.testing.assert_allclose(got, oracle, rtol=2e-5, atol=4e-4)


@pytest.mark.parametrize("width", [1, 15, 16, 17, 129, 143, 1000])
@pytest.mark.parametrize("op", ["sum", "max", "min", "prod", "softmax", "layer_norm"])
def test_row_reductions_at_lane_boundaries(op, width):
    """Rows are reduced over 16 lanes (element j in lane j % 16) combined pairwise, and
    sums go through float partials per 128-element block: widths around those sizes,
    and a nan, which the lane combine must carry to the result."""
    rng = np.random.default_rng(width)
    x = _normal(rng, (3, width), 2.0, 0.5)
    if op == "prod":
        x = (1.0 + 0.01 * x).astype(np.float32)
    x[2, width // 2] = np.nan
    g = rlx.Graph("lanes")
    xi = g.input("x", (3, width))
    y = {"softmax": lambda: rlx.softmax(xi, -1),
         "layer_norm": lambda: rlx.layer_norm(xi, eps=1e-5)}.get(op, lambda: g.apply(
             op, [xi], axes=(1,), keepdims=False))()
    g.set_outputs([y])
    x64 = x.astype(np.float64)
    if op == "softmax":
        oracle = _softmax64(x64, -1)
    elif op == "layer_norm":
        oracle = _layer_norm64(x64, (1,), 1e-5)
    else:
        oracle = getattr(np, op)(x64, axis=1)
    got = _run(g, {"x": x})[0]
    _assert_close(got, _run(g, {"x": x}, "reference")[0], np.float32)
    _assert_close(got, oracle, np.float32)


def test_integer_sum_with_prologue_wraps_in_its_dtype():
    g = rlx.Graph("int_sum")
    x = g.input("x", (3, 200), rlx.i8)
    g.set_outputs([rlx.sum(x * 3, 1)])
    feeds = {"x": np.random.default_rng(6).integers(-40, 40, (3, 200)).astype(np.int8)}
    got = _run(g, feeds)[0]
    want = (feeds["x"].astype(np.int64) * 3).sum(axis=1)
    np.testing.assert_array_equal(got, want.astype(np.int8))  # numpy int64 -> int8 wraps


@pytest.mark.parametrize("op", ["softmax", "sum", "max", "logsumexp", "layer_norm"])
def test_unfused_kernels_match_fused(op):
    """With optimize=False every node is its own kernel; results agree."""
    rng = np.random.default_rng(7)
    g = rlx.Graph("unfused")
    x = g.input("x", (6, 33, 20))
    t = rlx.exp(x)
    out = rlx.layer_norm(t, axis=1) if op == "layer_norm" else (
        g.apply(op, [t], axis=1) if op == "softmax" else g.apply(op, [t], axes=(1,)))
    g.set_outputs([out + 1.0])
    feeds = {"x": _normal(rng, (6, 33, 20))}
    fused = _run(g, feeds)[0]
    unfused = _run(g, feeds, optimize=False)[0]
    np.testing.assert_allclose(unfused, fused, rtol=2e-6, atol=2e-6)


# --------------------------------------------------------------------------- topk

@pytest.mark.parametrize("largest", [True, False])
@pytest.mark.parametrize("k", [5, 64, 65, 300])
def test_topk_selection_and_sort_paths_agree_with_reference(k, largest):
    """k <= 64 selects in one scan, larger k sorts the row: both keep ties in index
    order and rank nan above every number. Rows of 300 with many ties and a few nan,
    along a non-last axis."""
    rng = np.random.default_rng(11)
    x = rng.integers(0, 20, (3, 300, 2)).astype(np.float32)
    x[rng.random(x.shape) < 0.02] = np.nan
    x[0, 7, 1] = -np.inf
    g = rlx.Graph("topk")
    values, indices = rlx.topk(g.input("x", x.shape), k, axis=1, largest=largest)
    g.set_outputs([values, indices])
    got = _run(g, {"x": x})
    want = _run(g, {"x": x}, "reference")
    np.testing.assert_array_equal(got[1], want[1])
    np.testing.assert_array_equal(got[0], want[0])


# --------------------------------------------------------------------------- threads, extent

def test_results_do_not_depend_on_the_thread_count():
    rng = np.random.default_rng(8)
    g = rlx.Graph("threads")
    x = g.input("x", (64, 40, 96))
    g.set_outputs([rlx.layer_norm(x * 2.0), rlx.softmax(x, 1), rlx.sum(x * x, (0, 2))])
    feeds = {"x": _normal(rng, (64, 40, 96))}
    one = _run(g, feeds, threads=1)
    two = _run(g, feeds, threads=2)
    for a, b in zip(one, two):
        np.testing.assert_array_equal(a, b)


def _extent_graph(rows: int) -> rlx.Graph:
    """Row-wise work along the bucket axis (rows of 50 and 33 elements)."""
    g = rlx.Graph("extent")
    x, y = g.input("x", (rows, 50)), g.input("y", (1, rows, 33))
    g.set_outputs([rlx.layer_norm(x + 1.0) * 2.0, rlx.softmax(y * 0.5, -1)])
    return g


def test_active_extent_rows_equal_the_full_run():
    rng = np.random.default_rng(9)
    upper, actual = 10, 3
    cg = _compile(_extent_graph(upper))
    feeds = {"x": _normal(rng, (upper, 50)), "y": _normal(rng, (1, upper, 33))}
    full = cg.run(feeds)
    cg.set_active_extent((actual, upper))
    partial = cg.run(feeds)
    cg.set_active_extent(None)
    np.testing.assert_array_equal(partial[0][:actual], full[0][:actual])
    np.testing.assert_array_equal(partial[1][:, :actual], full[1][:, :actual])


def test_active_extent_skips_rows_past_actual_only_when_the_row_count_matches():
    rng = np.random.default_rng(10)
    upper, actual = 10, 3
    cg = _compile(_extent_graph(upper))
    first = {"x": _normal(rng, (upper, 50)), "y": _normal(rng, (1, upper, 33))}
    second = {"x": _normal(rng, (upper, 50)), "y": _normal(rng, (1, upper, 33))}
    before = cg.run(first)
    cg.set_active_extent((actual, upper))
    skipped = cg.run(second)
    cg.set_active_extent(None)
    after = cg.run(second)
    np.testing.assert_array_equal(skipped[0][:actual], after[0][:actual])
    np.testing.assert_array_equal(skipped[0][actual:], before[0][actual:])  # left as they were
    cg.set_active_extent((actual, upper + 1))  # another extent: the rule does not apply
    other = cg.run(first)
    cg.set_active_extent(None)
    for got, want in zip(other, before):
        np.testing.assert_array_equal(got, want)
