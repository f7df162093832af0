"""The cpu backend's Winograd kernels (``conv_winograd``: F(2x2, 3x3) and F(4x4, 3x3),
each forced in turn) against PyTorch in float64: odd and even map sizes (a last tile
row or column partly outside the output), channel counts that are not multiples of the
16-wide transposes or the GEMM's 32-wide panels, every padding, batches, bias and fused
epilogues; bit-identical results at any thread count (and any chunking of the tiles);
new weights repacked after ``set_param``; infinities and nans handled as the direct sum
handles them; which maps take which variant; and the convs the kernels must leave to
the direct ones.

The kernels are one source for every ISA tier, and the tests run on each tier the host
can execute (tests/backends/cpu/conftest.py); test_conv_isa.py compares the tiers.
"""

from __future__ import annotations

import subprocess

import numpy as np
import pytest
from tests.helpers import compile_with_values, conv2d_float64

import rlx
from rlx.backends.cpu import toolchain
from rlx.backends.cpu.kernels import conv_winograd

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")

CASES = {
    # name: (x shape, c_out, padding, bias, epilogue)
    "same, 14x14": ((1, 32, 14, 14), 48, 1, True, "relu"),
    "odd map, channel tails": ((2, 20, 9, 11), 40, 1, True, "residual"),
    "unpadded, odd output": ((1, 17, 13, 10), 33, 0, False, None),
    "wide padding": ((1, 16, 8, 8), 32, 2, True, "relu"),
    "asymmetric padding": ((1, 24, 10, 9), 20, ((1, 0), (2, 1)), True, None),
}


def _graph(x_shape, cout, padding, bias, epilogue) -> rlx.Graph:
    g = rlx.Graph("winograd")
    x = g.input("x", x_shape)
    w = g.param("w", (cout, x_shape[1], 3, 3))
    b = g.param("b", (cout,)) if bias else None
    y = rlx.conv2d(x, w, b, padding=padding)
    if epilogue == "relu":
        y = rlx.relu(y)
    elif epilogue == "residual":
        y = rlx.relu(y + g.input("r", y.shape))
    g.set_outputs([y])
    return g


def _values(rng, graph) -> dict[str, np.ndarray]:
    values = {name: rng.standard_normal(t.shape) for name, t in graph.inputs + graph.params}
    values["w"] /= np.sqrt(np.prod(values["w"].shape[1:]))
    return {name: v.astype(np.float32) for name, v in values.items()}


def _reference(values, padding, epilogue) -> np.ndarray:
    return conv2d_float64(values, padding=padding, epilogue=epilogue)


def _compile(graph, values, threads):
    return compile_with_values(graph, values, threads=threads)


def _run(graph, values, threads):
    compiled, inputs = _compile(graph, values, threads)
    return np.array(compiled.run(inputs)[0], copy=True), compiled._exe.source


VARIANTS = {"small": (conv_winograd.SMALL, 0.0), "large": (conv_winograd.LARGE, 1.0)}
"""Each variant, forced where it fits through LARGE_TILE_MULTIPLIES (and, for LARGE on
the small maps of CASES, LARGE_MIN_TILES)."""
TOLERANCE = {"small": dict(rtol=1e-5, atol=2e-5), "large": dict(rtol=1e-4, atol=1e-4)}
"""F(2x2) adds a few roundings of the summed magnitudes to the direct sum's; F(4x4)'s
transforms scale values by up to 25 and 1/24 on the way, ten to twenty times that."""


@pytest.fixture(params=list(VARIANTS))
def variant(request, monkeypatch):
    """The Winograd variant under test: its name, with the other switched off."""
    monkeypatch.setattr(conv_winograd, "LARGE_TILE_MULTIPLIES", VARIANTS[request.param][1])
    monkeypatch.setattr(conv_winograd, "LARGE_MIN_TILES", 1)
    return request.param


def _assert_variant(source: str, name: str) -> None:
    assert f"{conv_winograd.WINOGRAD_MARK} {VARIANTS[name][0].name}" in source


@pytest.mark.parametrize("case", list(CASES))
def test_matches_float64_torch_at_any_thread_count(case, variant, monkeypatch):
    """On several threads, both ways of splitting the work (by tiles, by products) give
    the bits of one thread."""
    x_shape, cout, padding, bias, epilogue = CASES[case]
    graph = _graph(x_shape, cout, padding, bias, epilogue)
    values = _values(np.random.default_rng(3), graph)
    got, source = _run(graph, values, 1)
    _assert_variant(source, variant)  # the kernel under test
    expected = _reference(values, padding, epilogue)
    assert got.shape == expected.shape
    np.testing.assert_allclose(got, expected, **TOLERANCE[variant])
    for split_bytes, by_product in ((conv_winograd.SPLIT_PRODUCTS_BYTES, True), (0, False)):
        monkeypatch.setattr(conv_winograd, "SPLIT_PRODUCTS_BYTES", split_bytes)
        for threads in (2, 3):
            other, source = _run(graph, values, threads)
            assert (conv_winograd.PRODUCT_SPLIT_MARK in source) == by_product
            np.testing.assert_array_equal(other, got)


def test_tiles_in_small_chunks_change_no_bit(variant, monkeypatch):
    """Each thread's tiles go through transform, products and inverse transform a chunk
    at a time; chunks of one GEMM sliver give the same bits as one chunk."""
    x_shape, cout, padding, bias, epilogue = CASES["odd map, channel tails"]
    graph = _graph(x_shape, cout, padding, bias, epilogue)
    values = _values(np.random.default_rng(4), graph)
    monkeypatch.setattr(conv_winograd, "SPLIT_PRODUCTS_BYTES", 0)
    whole, _ = _run(graph, values, 2)
    monkeypatch.setattr(conv_winograd, "CHUNK_BYTES", 1)
    chunked, source = _run(graph, values, 2)
    _assert_variant(source, variant)
    np.testing.assert_array_equal(whole, chunked)


def test_new_weights_are_transformed_again(variant):
    x_shape, cout, padding, bias, epilogue = CASES["same, 14x14"]
    graph = _graph(x_shape, cout, padding, bias, epilogue)
    rng = np.random.default_rng(5)
    values = _values(rng, graph)
    compiled, inputs = _compile(graph, values, 2)
    _assert_variant(compiled._exe.source, variant)
    compiled.run(inputs)
    values["w"] = (values["w"] * -0.5 + 0.01).astype(np.float32)
    compiled.set_param("w", values["w"])
    got = compiled.run(inputs)[0]
    np.testing.assert_allclose(got, _reference(values, padding, epilogue), **TOLERANCE[variant])


@pytest.mark.parametrize("side,name", [(28, "large"), (56, "large"), (14, "small"),
                                       (8, "small")])
def test_each_map_takes_the_variant_with_fewer_multiplies(side, name):
    """F(4x4) where its tiles need clearly fewer multiplies (28 x 28 and larger maps);
    on 14 x 14 maps its tiles overhang the map by a seventh each way, and an 8 x 8 map
    has too few of them for its products, so F(2x2)."""
    g = rlx.Graph("choice")
    x = g.input("x", (1, 32, side, side))
    g.set_outputs([rlx.conv2d(x, g.param("w", (32, 32, 3, 3)), padding=1)])
    _assert_variant(rlx.Session("cpu").compile(g)._exe.source, name)


@pytest.mark.parametrize("threads", [1, 2])
def test_winograd_off_keeps_the_direct_sums(threads):
    """``CompileOptions(winograd=False)``: a conv the Winograd kernels would take runs
    the direct kernel, whose error against float64 is several times smaller than
    F(4x4)'s on the same values."""
    g = rlx.Graph("direct_on_request")
    x, w = g.input("x", (1, 64, 28, 28)), g.param("w", (64, 64, 3, 3))
    g.set_outputs([rlx.conv2d(x, w, padding=1)])
    values = _values(np.random.default_rng(9), g)
    want = conv2d_float64(values, padding=1)
    errors = {}
    for allowed in (True, False):
        options = rlx.CompileOptions(num_threads=threads, winograd=allowed)
        compiled = rlx.Session("cpu", options).compile(g)
        assert (conv_winograd.WINOGRAD_MARK in compiled._exe.source) == allowed
        compiled.set_param("w", values["w"])
        got = compiled.run({"x": values["x"]})[0]
        np.testing.assert_allclose(got, want, **TOLERANCE["large" if allowed else "small"])
        errors[allowed] = np.abs(got - want).max()
    assert errors[False] < errors[True] / 3


@pytest.mark.parametrize("geometry", [
    dict(stride=2, padding=1), dict(dilation=2, padding=2), dict(groups=2, padding=1)])
def test_other_geometries_take_the_direct_kernels(geometry):
    g = rlx.Graph("direct")
    x = g.input("x", (1, 32, 14, 14))
    groups = geometry.get("groups", 1)
    w = g.param("w", (32, 32 // groups, 3, 3))
    g.set_outputs([rlx.conv2d(x, w, **geometry)])
    source = rlx.Session("cpu").compile(g)._exe.source
    assert conv_winograd.WINOGRAD_MARK not in source


def test_weights_fed_as_inputs_take_the_direct_kernels():
    g = rlx.Graph("input_weights")
    x, w = g.input("x", (1, 32, 14, 14)), g.input("w", (32, 32, 3, 3))
    g.set_outputs([rlx.conv2d(x, w, padding=1)])
    assert conv_winograd.WINOGRAD_MARK not in rlx.Session("cpu").compile(g)._exe.source


@pytest.mark.parametrize("threads", [1, 2])
def test_generated_source_reads_no_uninitialised_variable(tmp_path, threads, variant):
    """The kernel's C, in both thread splits, compiles without gcc's uninitialised-use
    warnings (a loop variable initialised from a same-named outer one once slipped in)."""
    tc = toolchain.toolchain()
    if tc is None:
        pytest.skip("no C compiler")
    x_shape, cout, padding, bias, epilogue = CASES["odd map, channel tails"]
    compiled, _ = _compile(_graph(x_shape, cout, padding, bias, epilogue),
                           _values(np.random.default_rng(6), _graph(x_shape, cout, padding,
                                                                    bias, epilogue)), threads)
    _assert_variant(compiled._exe.source, variant)
    source = tmp_path / "kernel.c"
    source.write_text(compiled._exe.source)
    flags = [f for f in toolchain._flags(tc, True, compiled._exe.isa) if f not in ("-w", "-shared")]
    cmd = [tc.compiler, str(source), "-c", "-o", str(tmp_path / "kernel.o"), *flags,
           "-Wuninitialized", "-Wmaybe-uninitialized", "-Winit-self"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    # only the generated file's own lines count (gcc's intrinsics headers trip the check)
    ours = [line for line in proc.stderr.splitlines()
            if line.startswith(f"{source}:") and "uninitialized" in line]
    assert not ours, "\n".join(ours)


@pytest.mark.parametrize("threads", [1, 2])
def test_non_finite_values_give_the_direct_sums_infinities(threads, variant):
    """An infinity or a nan in the input (of any image of the batch) or the weights sends
    the conv to the direct kernel (the transforms would make nans of some infinities):
    the non-finite pattern equals float64 PyTorch's (a direct sum), and finite results
    agree."""
    g = rlx.Graph("non_finite")
    x, w = g.input("x", (2, 16, 10, 10)), g.param("w", (16, 16, 3, 3))
    g.set_outputs([rlx.conv2d(x, w, padding=1)])
    cpu = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(g)
    _assert_variant(cpu._exe.source, variant)
    rng = np.random.default_rng(8)
    weights = (rng.standard_normal((16, 16, 3, 3)) * 0.1).astype(np.float32)
    image = rng.standard_normal((2, 16, 10, 10)).astype(np.float32)
    first_bad, second_bad = image.copy(), image.copy()
    first_bad[0, 3, 4, 4], first_bad[0, 5, 0, 9] = np.inf, -np.inf
    second_bad[1, 3, 4, 4], second_bad[1, 5, 9, 0] = np.inf, np.nan
    bad_weights = weights.copy()
    bad_weights[2, 1, 1, 1] = np.nan
    for w_value, x_value in ((weights, first_bad), (weights, second_bad),
                             (bad_weights, image), (weights, image)):
        cpu.set_param("w", w_value)
        got = cpu.run({"x": x_value})[0]
        want = conv2d_float64({"x": x_value, "w": w_value}, padding=1)
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
        np.testing.assert_array_equal(np.isposinf(got), np.isposinf(want))
        np.testing.assert_array_equal(np.isneginf(got), np.isneginf(want))
        finite = np.isfinite(want)
        np.testing.assert_allclose(got[finite], want[finite], **TOLERANCE[variant])
