"""The cpu device's neon tier, cross-compiled for aarch64 and run under qemu-user
(scripts/neon_check.py): a few cases of the op suite against the reference device.

The cross tests need ``aarch64-linux-gnu-gcc`` and ``qemu-aarch64`` on PATH (Debian:
``apt-get install gcc-aarch64-linux-gnu libgomp1-arm64-cross qemu-user``) and are skipped
without them; the checks of the script's own parts run everywhere.
"""

from __future__ import annotations

import shutil

import numpy as np
import pytest
from tests.helpers import script_module

import rlx
from rlx.backends.cpu.kernels import SUPPORTED

TIERS_CHOSEN_BY_TEST = True   # it cross-compiles for aarch64, whatever the host tier

SUBSET = ["op_add", "op_exp", "op_layer_norm", "op_softmax", "linear_gelu_tails",
          "linear_transposed", "op_attention", "op_cached_attention", "op_fft", "op_scan"]

cross = pytest.mark.skipif(
    shutil.which("aarch64-linux-gnu-gcc") is None or shutil.which("qemu-aarch64") is None,
    reason="aarch64-linux-gnu-gcc and qemu-aarch64 are not both on PATH (apt-get install "
           "gcc-aarch64-linux-gnu libgomp1-arm64-cross qemu-user)")


@pytest.fixture(scope="module")
def neon():
    yield from script_module("neon_check")


@pytest.fixture(scope="module")
def build(neon, tmp_path_factory):
    return neon.setup(tmp_path_factory.mktemp("neon"), threads=2)


def test_every_claimed_op_has_a_case(neon):
    names = set(neon.cases())
    assert neon.uncovered_ops() == []
    assert {f"op_{op}" for op in SUPPORTED} <= names


def test_feeds_keep_indices_in_range(neon):
    specs = neon.cases()
    for name in ("op_gather", "op_one_hot", "op_scatter_update", "op_softmax_cross_entropy"):
        graph = specs[name].build()
        feeds = neon.make_feeds(graph)
        for nid, node in enumerate(graph.nodes):
            bound = neon._index_bound(graph, nid) if node.op == "input" else None
            if bound is not None:
                value = feeds[node.attr("name")]
                assert value.min() >= 0 and value.max() < bound[0], (name, node.attr("name"))
                if bound[1]:
                    assert len(np.unique(value)) == value.size


def test_feeds_give_symbolic_extents_their_bound(neon):
    """A case with a symbolic dimension (its program reads the extent from a hidden
    input) is fed that input at the symbol's bound, the shapes the reference runs."""
    graph = neon.cases()["op_cached_attention"].build()
    bounds = {d.name: int(d) for _, t in graph.inputs for d in t.shape
              if isinstance(d, rlx.Dim)}
    assert bounds, "the case has no symbolic dimension"
    feeds = neon.make_feeds(graph)
    for symbol, bound in bounds.items():
        value = feeds[f"rlx.extent.{symbol}"]
        assert value.dtype == np.int64 and value.shape == () and int(value) == bound


def test_compare_tolerances(neon):
    want = np.linspace(-3, 3, 64, dtype=np.float32)
    assert neon.compare(want.copy(), want)[0] is None
    off = want.copy()
    off[5] += 8e-5                  # |want[5]| = 2.52: 2e-5 * 2.52 + 2e-6 < 8e-5
    assert "1 of 64" in neon.compare(off, want)[0]
    # with products the tolerance adds 2e-5 * max |want| = 6e-5
    assert neon.compare(off, want, products=True)[0] is None
    nan = want.copy()
    nan[0] = np.nan
    assert neon.compare(nan, want)[0] is not None
    assert neon.compare(np.array([1, 2]), np.array([1, 3]))[0] is not None


def test_complex_outputs_compare_their_parts_as_floats(neon):
    """A complex64 output is two float32 numbers an element, each held to float32's
    tolerance (an FFT sums products: with ``products`` the scale is the largest
    part), not compared bit for bit."""
    want = (np.linspace(-3, 3, 32) + 1j * np.linspace(2, 5, 32)).astype(np.complex64)
    near = want + np.complex64(1e-6 - 1e-6j)
    assert neon.compare(near, want)[0] is None
    far = want.copy()
    far[3] += np.complex64(1e-3j)
    why = neon.compare(far, want)[0]
    assert why is not None and "float32" in why
    assert neon.compare(far.astype(np.complex128), want.astype(np.complex128))[0] is not None


@cross
def test_subset_matches_reference(neon, build):
    specs = [s for s in neon.cases().values() if s.name in SUBSET]
    assert len(specs) == len(SUBSET)
    results = neon.run_cases(specs, build, jobs=2)
    failed = [f"{r.name}: {r.detail}" for r in results if r.status != "pass"]
    assert not failed, "\n".join(failed)
    assert len(results) == len(SUBSET)


@cross
def test_a_wrong_vector_fma_is_caught(neon, build):
    """The check is not vacuous: the packed GEMM with the NEON shim's fused multiply-add
    computing a * a + c instead of a * b + c fails."""
    case = neon.prepare_case(neon.cases()["linear_gelu_tails"], build.threads)
    right = "return vfmaq_f32(c, a, b);"
    for program in case.programs:
        assert right in program.source
        program.source = program.source.replace(right, "return vfmaq_f32(c, a, a);")
    result = neon.build_and_run(case, build)
    assert result.status == "fail" and "out of tolerance" in result.detail
