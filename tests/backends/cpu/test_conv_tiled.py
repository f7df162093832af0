"""The cpu backend's register-tiled f32 convolution (``conv_tiled``) against PyTorch in
float64: every geometry the grid handles (stride phases, padding on one or both
sides, dilation, groups, batches), tile tails in both directions (output channels not
a multiple of the tile's rows, positions not a multiple of its vectors), fused
epilogues reading other operands, and thread counts that must not change a bit.

The kernels are one source for every ISA tier, and the tests run on each tier the host
can execute (tests/backends/cpu/conftest.py); test_conv_isa.py compares the tiers. The
Winograd kernel is switched off here (it has its own tests).
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from tests.helpers import compile_with_values, conv2d_float64

import rlx
from rlx.backends.cpu.kernels import conv, conv_channels, conv_tiled, conv_winograd

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")


@pytest.fixture(autouse=True)
def _direct_kernels_only(monkeypatch):
    """3 x 3 stride-1 convs with param weights would take the Winograd kernel (tested in
    test_conv_winograd.py); this module tests the direct ones."""
    monkeypatch.setattr(conv_winograd, "MIN_TILES", 1 << 60)


def _conv_graph(x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue,
                params=False):
    """A conv with an optional epilogue; ``params``: the weight and bias are params (the
    channel-vectorised path needs run-invariant weights), else inputs."""
    g = rlx.Graph("param_conv" if params else "conv")
    x = g.input("x", x_shape)
    leaf = g.param if params else g.input
    w = leaf("w", w_shape)
    b = leaf("b", (w_shape[0],)) if bias else None
    y = rlx.conv2d(x, w, b, stride=stride, padding=padding, dilation=dilation, groups=groups)
    if epilogue == "relu":
        y = rlx.relu(y)
    elif epilogue == "residual":
        y = rlx.relu(y + g.input("r", y.shape))
    elif epilogue == "channel_scale":
        y = rlx.silu(y * g.input("s", (w_shape[0], 1, 1)))
    g.set_outputs([y])
    return g


def _feeds(rng, graph):
    """Unit normal inputs; weights scaled by 1 / sqrt(fan-in) so that outputs are O(1)."""
    feeds = {name: rng.standard_normal(t.shape) for name, t in graph.inputs}
    feeds["w"] /= np.sqrt(np.prod(feeds["w"].shape[1:]))
    return {name: value.astype(np.float32) for name, value in feeds.items()}


def _torch_reference(feeds, stride, padding, dilation, groups, epilogue) -> np.ndarray:
    return conv2d_float64(feeds, stride, padding, dilation, groups, epilogue)


def _run(graph, feeds, threads):
    compiled = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(graph)
    return compiled.run(feeds)[0], compiled._exe.source


CASES = {
    # name: (x shape, w shape, stride, padding, dilation, groups, bias, epilogue)
    "3x3 same, wide grid": ((1, 16, 20, 20), (24, 16, 3, 3), 1, 1, 1, 1, True, "relu"),
    "3x3 stride 2": ((2, 8, 17, 15), (13, 8, 3, 3), 2, 1, 1, 1, True, None),
    "1x1 pointwise": ((1, 40, 12, 12), (19, 40, 1, 1), 1, 0, 1, 1, False, "residual"),
    "1x1 stride 2": ((1, 24, 14, 13), (32, 24, 1, 1), 2, 0, 1, 1, True, None),
    "unpadded 3x2": ((1, 6, 11, 9), (10, 6, 3, 2), 1, 0, 1, 1, True, "channel_scale"),
    "dilated": ((1, 8, 16, 16), (12, 8, 3, 3), 1, 2, 2, 1, False, None),
    "dilated stride 2": ((1, 6, 15, 16), (7, 6, 3, 2), 2, 1, (2, 3), 1, True, None),
    "grouped": ((2, 12, 10, 10), (18, 4, 3, 3), 1, 1, 1, 3, True, "relu"),
    "asymmetric pads, strides": ((1, 5, 13, 11), (9, 5, 2, 3), (1, 2), ((1, 2), (0, 3)), 1, 1,
                                 True, None),
    "7x7 stride 2 stem": ((1, 3, 40, 40), (16, 3, 7, 7), 2, 3, 1, 1, True, "relu"),
    "narrow grid, deep k": ((1, 96, 5, 5), (70, 96, 3, 3), 1, 1, 1, 1, True, "residual"),
    "single position": ((1, 33, 1, 1), (17, 33, 1, 1), 1, 0, 1, 1, True, None),
}


@pytest.mark.parametrize("case", list(CASES))
def test_matches_float64_torch(case):
    x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue = CASES[case]
    graph = _conv_graph(x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue)
    feeds = _feeds(np.random.default_rng(1), graph)
    got, source = _run(graph, feeds, threads=2)
    assert "rlx_cv_tile_" in source          # the tiled kernel is the one under test
    expected = _torch_reference(feeds, stride, padding, dilation, groups, epilogue)
    assert got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("case", ["3x3 stride 2", "1x1 pointwise", "narrow grid, deep k",
                                  "grouped", "7x7 stride 2 stem"])
def test_thread_count_does_not_change_a_bit(case, monkeypatch):
    x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue = CASES[case]
    graph = _conv_graph(x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue)
    feeds = _feeds(np.random.default_rng(2), graph)
    monkeypatch.setattr(conv_tiled, "PARALLEL_MIN_FLOPS", 0)     # these convs are small
    one, _ = _run(graph, feeds, threads=1)
    two, _ = _run(graph, feeds, threads=2)
    three, _ = _run(graph, feeds, threads=3)
    np.testing.assert_array_equal(one, two)
    np.testing.assert_array_equal(one, three)


@pytest.mark.parametrize("case", [
    ((1, 16, 40, 40), (24, 16, 1, 1), 1, 0, 1, 1, True, "residual"),     # the input as grid
    ((1, 8, 41, 39), (20, 8, 3, 3), 1, 1, 1, 1, True, "relu"),           # a padded copy
])
def test_large_maps_split_one_span_per_thread(case, monkeypatch):
    """A map of at least SPLIT_MIN_PANELS panels a thread splits into one span per thread,
    scheduled in order (each thread sums the same positions of every such conv); the
    result matches float64 PyTorch and is the same bits at 1, 2 and 3 threads (3 threads
    leave spans too small to split)."""
    x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue = case
    graph = _conv_graph(x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue)
    feeds = _feeds(np.random.default_rng(14), graph)
    monkeypatch.setattr(conv_tiled, "PARALLEL_MIN_FLOPS", 0)
    results = {}
    for threads in (1, 2, 3):
        results[threads], source = _run(graph, feeds, threads=threads)
        body = source[source.index("rlx_cv_tile_"):]
        assert ("schedule(static)" in body) == (threads == 2), threads
    expected = _torch_reference(feeds, stride, padding, dilation, groups, epilogue)
    np.testing.assert_allclose(results[1], expected, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(results[1], results[2])
    np.testing.assert_array_equal(results[1], results[3])


def test_a_batch_runs_in_one_parallel_loop(monkeypatch):
    """All (image, group, task) triples of a conv form one loop: one parallel region and
    one barrier per conv whatever the batch; each task copies the padded rows it reads,
    and the result still matches PyTorch, bit for bit at any thread count."""
    case = ((6, 8, 23, 21), (20, 8, 3, 3), 2, 1, 1, 2, True, "relu")
    x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue = case
    w_shape = (w_shape[0], w_shape[1] // groups) + w_shape[2:]
    graph = _conv_graph(x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue)
    feeds = _feeds(np.random.default_rng(6), graph)
    monkeypatch.setattr(conv_tiled, "PARALLEL_MIN_FLOPS", 0)
    monkeypatch.setattr(conv_tiled, "GROUP_PANELS", 1)           # several spans per image
    one, _ = _run(graph, feeds, threads=1)
    two, source = _run(graph, feeds, threads=2)
    body = source[source.index("float *rlx_part = "):]          # the tiled kernel's body
    assert body.count("omp parallel") == 1 and "omp for" not in body
    np.testing.assert_array_equal(one, two)
    expected = _torch_reference(feeds, stride, padding, dilation, groups, epilogue)
    np.testing.assert_allclose(two, expected, rtol=1e-5, atol=1e-5)


def test_small_convs_run_on_one_thread():
    x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue = CASES["3x3 stride 2"]
    graph = _conv_graph(x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue)
    _, source = _run(graph, _feeds(np.random.default_rng(7), graph), threads=2)
    assert "rlx_cv_tile_" in source and "omp parallel" not in source


def test_k_blocks_and_channel_blocks_sum_like_one_block(monkeypatch):
    """Cutting k into blocks (partial sums kept between them) and the output channels
    into task blocks changes no result."""
    x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue = CASES["3x3 stride 2"]
    graph = _conv_graph(x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue)
    feeds = _feeds(np.random.default_rng(3), graph)
    whole, _ = _run(graph, feeds, threads=1)
    monkeypatch.setattr(conv_tiled, "PANEL_BLOCK_BYTES", 1)       # one channel per k block
    monkeypatch.setattr(conv_tiled, "BLOCK_ROWS", 1)              # one tile per task
    cut, source = _run(graph, feeds, threads=1)
    assert "rlx_cv_tile_" in source
    np.testing.assert_array_equal(whole, cut)


def test_other_dtypes_keep_the_general_path():
    graph = rlx.Graph("f64")
    x, w = graph.input("x", (1, 4, 6, 6), "f64"), graph.input("w", (5, 4, 3, 3), "f64")
    graph.set_outputs([rlx.conv2d(x, w, padding=1)])
    feeds = _feeds(np.random.default_rng(4), graph)
    feeds = {k: v.astype(np.float64) for k, v in feeds.items()}
    got, source = _run(graph, feeds, threads=1)
    assert "rlx_cv_tile_" not in source
    expected = F.conv2d(torch.from_numpy(feeds["x"]), torch.from_numpy(feeds["w"]), padding=1)
    np.testing.assert_allclose(got, expected.numpy(), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("case", ["3x3 stride 2", "narrow grid, deep k", "grouped"])
def test_the_general_path_agrees(case, monkeypatch):
    """Without the tiled kernel (no grid fits), f32 convolutions run as im2col + BLAS:
    same results within rounding."""
    x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue = CASES[case]
    graph = _conv_graph(x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue)
    feeds = _feeds(np.random.default_rng(5), graph)
    monkeypatch.setattr(conv, "positions_geometry", lambda ctx, plan: None)
    got, source = _run(graph, feeds, threads=2)
    assert "rlx_cv_tile_" not in source and "scipy_cblas_sgemm" in source
    expected = _torch_reference(feeds, stride, padding, dilation, groups, epilogue)
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


# --------------------------------------------------------------------------- packed weights

def _param_conv(x_shape, w_shape, stride, padding, groups, scaled=False):
    """A conv whose weight (and bias) are params: the tiles read them packed. ``scaled``:
    the weight is a param times a per-channel param (as batch-norm folding makes), a
    value the prepare stage computes and binds as a handle."""
    g = rlx.Graph("param_conv")
    x = g.input("x", x_shape)
    w = g.param("w", w_shape)
    if scaled:
        w = w * g.param("s", (w_shape[0], 1, 1, 1))
    y = rlx.conv2d(x, w, g.param("b", (w_shape[0],)), stride=stride, padding=padding,
                   groups=groups)
    g.set_outputs([rlx.relu(y)])
    return g


def _oracle(x, w, b, stride, padding, groups):
    y = F.conv2d(torch.from_numpy(x).double(), torch.from_numpy(w).double(),
                 torch.from_numpy(b).double(), stride=stride, padding=padding, groups=groups)
    return y.relu().numpy()


PARAM_CASES = {
    # name: (x shape, w shape, stride, padding, groups)
    "3x3 stride 2, channel tail": ((2, 8, 17, 15), (13, 8, 3, 3), 2, 1, 1),
    "grouped": ((1, 12, 10, 10), (18, 4, 3, 3), 1, 1, 3),
    "narrow grid, deep k": ((1, 96, 5, 5), (70, 96, 3, 3), 1, 1, 1),
    "1x1 pointwise": ((1, 40, 12, 12), (19, 40, 1, 1), 1, 0, 1),
    "3x3, larger map": ((1, 8, 30, 29), (13, 8, 3, 3), 1, 1, 1),      # position-vectorised
    "1x1 stride 2, larger map": ((2, 8, 40, 37), (19, 8, 1, 1), 2, 0, 1),
}


@pytest.mark.parametrize("case", list(PARAM_CASES))
def test_packed_weights_match_float64_torch_at_any_thread_count(case, monkeypatch):
    x_shape, w_shape, stride, padding, groups = PARAM_CASES[case]
    rng = np.random.default_rng(8)
    x = rng.standard_normal(x_shape).astype(np.float32)
    w = (rng.standard_normal(w_shape) / np.sqrt(np.prod(w_shape[1:]))).astype(np.float32)
    b = rng.standard_normal(w_shape[0]).astype(np.float32)
    monkeypatch.setattr(conv_tiled, "PARALLEL_MIN_FLOPS", 0)
    results = []
    for threads in (1, 2, 3):
        compiled = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(
            _param_conv(x_shape, w_shape, stride, padding, groups))
        assert "rlx_wpk" in compiled._exe.source
        compiled.set_param("w", w)
        compiled.set_param("b", b)
        results.append(np.array(compiled.run({"x": x})[0], copy=True))
    np.testing.assert_allclose(results[0], _oracle(x, w, b, stride, padding, groups),
                               rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(results[0], results[1])
    np.testing.assert_array_equal(results[0], results[2])


@pytest.mark.parametrize("case", ["3x3 stride 2, channel tail", "3x3, larger map"])
@pytest.mark.parametrize("scaled", [False, True])
def test_packed_weight_changes_are_seen(scaled, case):
    """set_param, set_param_range and the prepare stage (a folded weight bound as a
    handle) all repack the weights."""
    x_shape, w_shape, stride, padding, groups = PARAM_CASES[case]
    rng = np.random.default_rng(9)
    x = rng.standard_normal(x_shape).astype(np.float32)
    b = rng.standard_normal(w_shape[0]).astype(np.float32)
    s = np.ones((w_shape[0], 1, 1, 1), np.float32)
    compiled = rlx.Session("cpu", rlx.CompileOptions(num_threads=1)).compile(
        _param_conv(x_shape, w_shape, stride, padding, groups, scaled))
    assert "rlx_wpk" in compiled._exe.source
    compiled.set_param("b", b)
    if scaled:
        compiled.set_param("s", s)
    for step in range(3):
        w = rng.standard_normal(w_shape).astype(np.float32)
        compiled.set_param("w", w)
        if scaled:
            s = rng.uniform(0.5, 2.0, s.shape).astype(np.float32)
            compiled.set_param("s", s)
        (y,) = compiled.run({"x": x})
        np.testing.assert_allclose(y, _oracle(x, w * s, b, stride, padding, groups),
                                   rtol=1e-4, atol=1e-4, err_msg=f"step {step}")
    w[5] += 3.0
    assert compiled.set_param_range("w", 5 * w[5].size * 4, w[5].tobytes())
    (y,) = compiled.run({"x": x})
    np.testing.assert_allclose(y, _oracle(x, w * s, b, stride, padding, groups),
                               rtol=1e-4, atol=1e-4)


def test_optimizer_step_in_place_is_seen():
    x_shape, w_shape, stride, padding, groups = PARAM_CASES["grouped"]
    rng = np.random.default_rng(10)
    x = rng.standard_normal(x_shape).astype(np.float32)
    w = rng.standard_normal(w_shape).astype(np.float32)
    b = np.zeros(w_shape[0], np.float32)
    g = rlx.Graph("conv_with_grads")
    wp, bp = g.param("w", w_shape), g.param("b", (w_shape[0],))
    y = rlx.conv2d(g.input("x", x_shape), wp, bp, stride=stride, padding=padding,
                   groups=groups)
    g.set_outputs([rlx.relu(y), wp * 2.0, bp * 2.0])              # stand-in gradients
    compiled = rlx.Session("cpu", rlx.CompileOptions(num_threads=1, split_params=False)).compile(g)
    assert "rlx_wpk" in compiled._exe.source
    compiled.set_param("w", w)
    compiled.set_param("b", b)
    compiled.run({"x": x})

    def halve(name, shape, param, grad):
        if name == "w":
            param *= 0.5

    assert compiled.optimizer_step_resident([("w", w_shape), ("b", b.shape)], halve) is not False
    got = compiled.run({"x": x})[0]
    np.testing.assert_allclose(got, _oracle(x, w * 0.5, b, stride, padding, groups),
                               rtol=1e-4, atol=1e-4)


# --------------------------------------------------------------------------- small maps

CHANNEL_CASES = {
    # name: (x shape, w shape, stride, padding, dilation, groups, bias, epilogue), read from
    "7x7 map, 3x3 same, channel tail": (((1, 24, 7, 7), (70, 24, 3, 3), 1, 1, 1, 1, True,
                                         "relu"), "grid"),
    "pointwise, position tail": (((1, 40, 13, 13), (130, 40, 1, 1), 1, 0, 1, 1, True,
                                  "residual"), "input"),
    "1x1 stride 2": (((1, 24, 14, 13), (32, 24, 1, 1), 2, 0, 1, 1, False, None), "columns"),
    "asymmetric pads, strides, batch": (((2, 10, 9, 7), (33, 10, 3, 2), (2, 1),
                                         ((1, 2), (0, 3)), 1, 1, True, "channel_scale"),
                                        "columns"),
    "dilated": (((1, 8, 8, 8), (20, 8, 3, 3), 1, 2, 2, 1, True, None), "grid"),
    "grouped": (((2, 12, 6, 6), (18, 4, 3, 3), 1, 1, 1, 3, True, "relu"), "grid"),
    "single position": (((1, 33, 1, 1), (17, 33, 1, 1), 1, 0, 1, 1, True, "residual"),
                        "input"),
    # one panel of channels: the positions split into spans, the last with the tail
    "pointwise, one panel, spans": (((1, 48, 11, 11), (40, 48, 1, 1), 1, 0, 1, 1, True,
                                     "residual"), "input"),
    "14x14-like map, row tail": (((1, 20, 13, 13), (70, 20, 3, 3), 1, 1, 1, 1, True,
                                  "residual"), "grid"),
    "stride 2 into a grid": (((1, 12, 23, 21), (40, 12, 3, 3), 2, 1, 1, 1, True, "relu"),
                             "grid"),
    "dilated, asymmetric pads, batch": (((2, 6, 12, 11), (19, 6, 3, 2), 1, ((1, 2), (0, 3)),
                                         (2, 1), 1, False, "channel_scale"), "grid"),
    "grouped grid": (((1, 16, 10, 10), (24, 4, 3, 3), 1, 1, 1, 4, True, None), "grid"),
    "unpadded grid": (((1, 8, 12, 12), (20, 8, 3, 3), 1, 0, 1, 1, True, "relu"), "grid"),
}


def _read_from(source: str) -> str:
    """Where the channel-vectorised kernel in ``source`` reads its broadcast values."""
    assert conv_channels.CHANNEL_MARK in source
    if f"{conv_channels.CHANNEL_MARK}, from a grid" in source:
        return "grid"
    return "columns" if "rlx_cols" in source else "input"


def _param_conv_graph(*args):
    """``_conv_graph`` with the weight and bias as params."""
    return _conv_graph(*args, params=True)


def _param_feeds(rng, graph):
    """``_feeds`` for the inputs and the params of ``graph``."""
    feeds = {name: rng.standard_normal(t.shape) for name, t in graph.inputs + graph.params}
    feeds["w"] /= np.sqrt(np.prod(feeds["w"].shape[1:]))
    return {name: value.astype(np.float32) for name, value in feeds.items()}


def _run_params(graph, feeds, threads):
    compiled, inputs = compile_with_values(graph, feeds, threads=threads)
    return np.array(compiled.run(inputs)[0], copy=True), compiled._exe.source


@pytest.mark.parametrize("case", list(CHANNEL_CASES))
def test_small_maps_vectorise_over_channels(case, monkeypatch):
    """Convs with few output positions (and run-invariant weights) take the
    channel-vectorised kernel: it matches float64 PyTorch for every geometry, with
    position and channel tails, epilogues, groups and batches, bit for bit at 1, 2 and 3
    threads."""
    geometry, read_from = CHANNEL_CASES[case]
    x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue = geometry
    graph = _param_conv_graph(*geometry)
    feeds = _param_feeds(np.random.default_rng(11), graph)
    monkeypatch.setattr(conv_tiled, "PARALLEL_MIN_FLOPS", 0)
    monkeypatch.setattr(conv_tiled, "CHANNEL_MIN_PANELS", 0)   # the path at any threads
    results = []
    for threads in (1, 2, 3):
        got, source = _run_params(graph, feeds, threads)
        assert _read_from(source) == read_from
        results.append(got)
    expected = _torch_reference(feeds, stride, padding, dilation, groups, epilogue)
    np.testing.assert_allclose(results[0], expected, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(results[0], results[1])
    np.testing.assert_array_equal(results[0], results[2])


def test_pointwise_convs_with_few_panels_split_positions_across_threads():
    """A pointwise conv on more than CHANNEL_MAX_POSITIONS positions with fewer than
    CHANNEL_MIN_PANELS panels of output channels a thread takes the position-vectorised
    tiles at 2 threads and the channel-vectorised ones at 1, with the same result."""
    graph = _param_conv_graph(*CHANNEL_CASES["pointwise, position tail"][0])
    feeds = _param_feeds(np.random.default_rng(13), graph)
    one, source_one = _run_params(graph, feeds, 1)
    two, source_two = _run_params(graph, feeds, 2)
    assert conv_channels.CHANNEL_MARK in source_one and conv_channels.CHANNEL_MARK not in source_two
    expected = _torch_reference(feeds, 1, 0, 1, 1, "residual")
    np.testing.assert_allclose(one, expected, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(two, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("case", ["7x7 map, 3x3 same, channel tail", "1x1 stride 2",
                                  "stride 2 into a grid"])
def test_small_map_k_blocks_sum_like_one_block(case, monkeypatch):
    """Cutting k into blocks (one row of weights per block) and a grid's output rows
    into spans of one row changes no bit."""
    graph = _param_conv_graph(*CHANNEL_CASES[case][0])
    feeds = _param_feeds(np.random.default_rng(12), graph)
    whole, _ = _run_params(graph, feeds, 1)
    monkeypatch.setattr(conv_tiled, "PANEL_BLOCK_BYTES", 1)
    monkeypatch.setattr(conv_tiled, "CHANNEL_SPAN_POSITIONS", 1)
    cut, source = _run_params(graph, feeds, 1)
    assert _read_from(source) == CHANNEL_CASES[case][1]
    np.testing.assert_array_equal(whole, cut)


def test_small_maps_take_the_measured_paths():
    """The routing the benchmarks chose: pointwise convs up to CHANNEL_MAX_POINTWISE
    positions read the input, convs with taps up to CHANNEL_GRID_MAX_POSITIONS a grid
    (strided ones up to CHANNEL_MAX_POSITIONS im2col columns), larger maps keep the
    position-vectorised tiles."""
    cases = {"1x1 stride 1, 14 x 14": (((1, 32, 14, 14), (64, 32, 1, 1), 1, 0), "input"),
             "1x1 stride 1, 28 x 28": (((1, 32, 28, 28), (64, 32, 1, 1), 1, 0), None),
             "3x3, 14 x 14": (((1, 32, 14, 14), (64, 32, 3, 3), 1, 1), "grid"),
             "3x3 stride 2 to 7 x 7": (((1, 32, 14, 14), (64, 32, 3, 3), 2, 1), "columns"),
             "3x3 stride 2 to 14 x 14": (((1, 32, 28, 28), (64, 32, 3, 3), 2, 1), "grid"),
             "3x3, 28 x 28": (((1, 32, 28, 28), (64, 32, 3, 3), 1, 1), None)}
    for name, ((x_shape, w_shape, stride, padding), read_from) in cases.items():
        graph = _param_conv_graph(x_shape, w_shape, stride, padding, 1, 1, True, None)
        compiled = rlx.Session("cpu", rlx.CompileOptions(num_threads=1)).compile(graph)
        source = compiled._exe.source
        if read_from is None:
            assert conv_channels.CHANNEL_MARK not in source and "rlx_cv_tile_" in source, name
        else:
            assert _read_from(source) == read_from, name


def test_small_map_weight_changes_are_seen():
    x_shape, w_shape, stride, padding, dilation, groups, bias, epilogue = CHANNEL_CASES[
        "1x1 stride 2"][0]
    graph = _param_conv_graph(x_shape, w_shape, stride, padding, dilation, groups, True, None)
    compiled = rlx.Session("cpu", rlx.CompileOptions(num_threads=2)).compile(graph)
    assert conv_channels.CHANNEL_MARK in compiled._exe.source
    rng = np.random.default_rng(13)
    x = rng.standard_normal(x_shape).astype(np.float32)
    b = rng.standard_normal(w_shape[0]).astype(np.float32)
    compiled.set_param("b", b)
    for step in range(2):
        w = rng.standard_normal(w_shape).astype(np.float32)
        compiled.set_param("w", w)
        (y,) = compiled.run({"x": x})
        expected = F.conv2d(torch.from_numpy(x).double(), torch.from_numpy(w).double(),
                            torch.from_numpy(b).double(), stride=stride).numpy()
        np.testing.assert_allclose(y, expected, rtol=1e-5, atol=1e-5, err_msg=f"step {step}")


def test_small_conv1d_vectorises_over_channels():
    g = rlx.Graph("conv1d")
    x, w = g.input("x", (2, 16, 40)), g.param("w", (24, 16, 3))
    g.set_outputs([rlx.conv1d(x, w, padding=1)])
    rng = np.random.default_rng(14)
    xv = rng.standard_normal((2, 16, 40)).astype(np.float32)
    wv = (rng.standard_normal((24, 16, 3)) / np.sqrt(48)).astype(np.float32)
    compiled = rlx.Session("cpu", rlx.CompileOptions(num_threads=2)).compile(g)
    assert conv_channels.CHANNEL_MARK in compiled._exe.source
    compiled.set_param("w", wv)
    (y,) = compiled.run({"x": xv})
    expected = F.conv1d(torch.from_numpy(xv).double(), torch.from_numpy(wv).double(),
                        padding=1).numpy()
    np.testing.assert_allclose(y, expected, rtol=1e-5, atol=1e-5)
