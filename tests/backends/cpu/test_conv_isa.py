"""The cpu backend's register-tiled and Winograd convolutions on every ISA tier this host
runs (``CompileOptions(isa=...)``): one source for all of them (the tiles are written
against the prelude's vector shim and cut into register sub-tiles per tier by the
preprocessor), each tier's result against PyTorch in float64, and the tiers with FMA
(avx2, avx512, neon) giving the same bits as each other; plus the sub-tile sizes each
register file gets.
"""

from __future__ import annotations

import numpy as np
import pytest
from tests.helpers import conv2d_float64

import rlx
from rlx.backends.cpu import isa
from rlx.backends.cpu.kernels import conv_channels, conv_tiled, conv_winograd

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")

TIERS_CHOSEN_BY_TEST = True   # each test compiles for every tier itself (conftest.py)

TIERS = isa.tiers_in_force()
FMA_TIERS = [t for t in TIERS if t != "generic"]

POSITIONS = "rlx_cv_tile_"
CASES = {
    # name: (x shape, w shape, stride, padding, kernel the source must hold)
    # position-vectorised tiles: the last panel partly loaded by a tile of its own, by
    # the tile of the other panels, and whole (channel tails in each)
    "positions, partial last panel": ((1, 8, 20, 20), (13, 8, 3, 3), 1, 1,
                                      f"{POSITIONS}8x1pnt("),
    "positions, either panel": ((2, 8, 17, 17), (13, 8, 3, 3), 1, 1, f"{POSITIONS}8x3pne("),
    "positions, wide map": ((1, 16, 40, 40), (21, 16, 1, 1), 1, 0, f"{POSITIONS}8x3p("),
    "channels, input": ((1, 40, 13, 13), (70, 40, 1, 1), 1, 0, conv_channels.CHANNEL_MARK),
    "channels, columns": ((1, 24, 14, 13), (33, 24, 1, 1), 2, 0, conv_channels.CHANNEL_MARK),
    "channels, grid": ((1, 12, 23, 21), (70, 12, 3, 3), 2, 1,
                       f"{conv_channels.CHANNEL_MARK}, from a grid"),
    "winograd F(2x2)": ((1, 24, 10, 9), (40, 24, 3, 3), 1, 1,
                        f"{conv_winograd.WINOGRAD_MARK} {conv_winograd.SMALL.name}"),
    "winograd F(4x4)": ((1, 16, 28, 28), (20, 16, 3, 3), 1, 1,
                        f"{conv_winograd.WINOGRAD_MARK} {conv_winograd.LARGE.name}"),
}
TOLERANCE = {"winograd F(4x4)": dict(rtol=1e-4, atol=1e-4)}


def _graph(x_shape, w_shape, stride, padding) -> rlx.Graph:
    g = rlx.Graph("conv_isa")
    x = g.input("x", x_shape)
    y = rlx.conv2d(x, g.param("w", w_shape), g.param("b", (w_shape[0],)), stride=stride,
                   padding=padding)
    g.set_outputs([rlx.relu(y + g.input("r", y.shape))])
    return g


def _values(graph) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(21)
    values = {name: rng.standard_normal(t.shape) for name, t in graph.inputs + graph.params}
    values["w"] /= np.sqrt(np.prod(values["w"].shape[1:]))
    return {name: v.astype(np.float32) for name, v in values.items()}


def _run(graph, values, tier: str, threads: int):
    session = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads, isa=tier))
    compiled = session.compile(graph)
    for name, _ in graph.params:
        compiled.set_param(name, values[name])
    inputs = {name: values[name] for name, _ in graph.inputs}
    assert compiled._exe.isa == tier                       # the tier under test ran
    return np.array(compiled.run(inputs)[0], copy=True), compiled._exe.source


@pytest.fixture(autouse=True)
def _small_convs_in_parallel(monkeypatch):
    monkeypatch.setattr(conv_tiled, "PARALLEL_MIN_FLOPS", 0)
    monkeypatch.setattr(conv_tiled, "CHANNEL_MIN_PANELS", 0)
    monkeypatch.setattr(conv_winograd, "LARGE_MIN_TILES", 1)


@pytest.mark.parametrize("case", list(CASES))
def test_every_tier_runs_the_kernel_from_one_source(case):
    """Each tier the host runs takes the same kernel (no BLAS) and
    matches float64 PyTorch at 1 and 2 threads with the same bits at both; the FMA tiers
    give the same bits as each other."""
    x_shape, w_shape, stride, padding, mark = CASES[case]
    graph = _graph(x_shape, w_shape, stride, padding)
    values = _values(graph)
    want = conv2d_float64(values, stride=stride, padding=padding, epilogue="residual")
    results = {}
    for tier in TIERS:
        one, source = _run(graph, values, tier, 1)
        two, _ = _run(graph, values, tier, 2)
        assert mark in source and "cblas" not in source, tier
        if mark.startswith(POSITIONS):
            assert conv_channels.CHANNEL_MARK not in source
        np.testing.assert_allclose(one, want, err_msg=tier,
                                   **TOLERANCE.get(case, dict(rtol=1e-5, atol=1e-5)))
        np.testing.assert_array_equal(one, two, err_msg=tier)
        results[tier] = one
    for tier in FMA_TIERS[1:]:
        np.testing.assert_array_equal(results[tier], results[FMA_TIERS[0]], err_msg=tier)


TILES = [(16, 1), (12, 2), (8, 3), (6, 4), (7, 4), (5, 3), (3, 3), (1, 4), (15, 1), (1, 1)]


@pytest.mark.parametrize("register_class", conv_tiled.REGISTER_CLASSES,
                         ids=[str(c[0]) for c in conv_tiled.REGISTER_CLASSES])
def test_sub_tiles_fit_each_register_file(register_class):
    """Every tile the kernels use has a split on each register file; on AVX-512 each
    tile is one sub-tile, on AVX2 the splits are the measured ones."""
    _, lanes, registers, spare = register_class
    for rows, vectors in TILES:
        sr, sv = conv_tiled.sub_tiles(rows, vectors, lanes, registers, spare)
        if lanes == conv_tiled.LANES:
            assert (sr, sv) == (rows, vectors)
    if lanes == 8:   # AVX2: 16 registers, 12 sums at most
        assert conv_tiled.sub_tiles(8, 3, lanes, registers, spare) == (4, 3)
        assert conv_tiled.sub_tiles(6, 4, lanes, registers, spare) == (6, 2)
