"""dequant_gather (rows of a packed table: the embedding lookup of a quantised model)
on every device: GGML formats against the gguf package's dequantisation, rlx's own
schemes against unpack_weight, bad indices as gather's errors."""

from __future__ import annotations

import numpy as np
import pytest
from tests.backends.test_dequant_matmul import _ggml_blocks, _ggml_k, _gguf_values
from tests.helpers import run_graph

import rlx
from rlx.errors import DTypeError, ExecutionError
from rlx.ir.quantized import GGML_SCHEMES, pack_weight

OWN_SCHEMES = ["int8", "int4", "fp8_e4m3", "mxfp4", "nvfp4"]


def _gather(packed: dict[str, np.ndarray], ids: np.ndarray, scheme: str, n: int, k: int,
            device: str) -> np.ndarray:
    g = rlx.Graph()
    idx = g.input("ids", ids.shape, ids.dtype)
    g.set_outputs([rlx.quantized_embedding(idx, "table", n, k, scheme)])
    feeds = {f"table.{name}": value for name, value in packed.items()} | {"ids": ids}
    (out,) = run_graph(g, feeds, device)
    return out


@pytest.mark.parametrize("scheme", sorted(GGML_SCHEMES))
def test_ggml_rows_are_the_gguf_packages(device, scheme):
    n, k = 40, _ggml_k(scheme, 3)
    raw = _ggml_blocks(scheme, n, k, seed=3)
    ids = np.array([[0, 39, 5], [-1, 5, 17]], np.int64)
    got = _gather({"q": raw}, ids, scheme, n, k, device)
    want = _gguf_values(raw, scheme).reshape(n, k)[ids % n]
    assert got.dtype == np.float32 and got.shape == (2, 3, k)
    np.testing.assert_array_equal(got, want.astype(np.float32))


@pytest.mark.parametrize("scheme", OWN_SCHEMES)
def test_own_scheme_rows_are_the_unpacked_weight(device, scheme):
    w = np.random.default_rng(4).standard_normal((33, 96)).astype(np.float32)
    packed = pack_weight(w, scheme)
    ids = np.array([32, 0, -33, 8, 8], np.int32)
    got = _gather(packed, ids, scheme, 33, 96, device)
    np.testing.assert_array_equal(got, rlx.unpack_weight(packed, scheme, 96)[ids % 33])


def test_many_rows_run_in_parallel_and_empty_indices(device):
    n, k = 300, _ggml_k("q8_0", 20)
    raw = _ggml_blocks("q8_0", n, k, seed=5)
    ids = np.random.default_rng(6).integers(-n, n, (64, 9))
    got = _gather({"q": raw}, ids, "q8_0", n, k, device)
    np.testing.assert_array_equal(got, _gguf_values(raw, "q8_0").reshape(n, k)[ids % n])
    got = _gather({"q": raw}, np.zeros((0, 4), np.int64), "q8_0", n, k, device)
    assert got.shape == (0, 4, k)


@pytest.mark.parametrize("bad", [40, -41])
def test_an_index_outside_the_table_fails(device, bad):
    raw = _ggml_blocks("q4_1", 40, 64, seed=7)
    with pytest.raises(ExecutionError, match=rf"index {bad} is out of range for a table of "
                                             r"40 rows"):
        _gather({"q": raw}, np.array([1, bad, 2]), "q4_1", 40, 64, device)


@pytest.mark.parametrize("computed", [True, False])
def test_indices_in_the_padding_of_a_symbolic_run_are_never_checked(device, computed):
    """Indices on a symbolic axis, fed or computed from an input: a run whose every
    position gives a bad index fails, as an exact-size program would; a shorter run
    after it must neither check nor decode what that run left in the padding. Oracle:
    the gguf package's rows."""
    n, k = 40, _ggml_k("q8_0", 2)
    raw = _ggml_blocks("q8_0", n, k, seed=8)
    g = rlx.Graph()
    x = g.input("x", (rlx.Dim("seq", 16),), "f32" if computed else "i64")
    idx = rlx.cast(x, "i64") if computed else x
    g.set_outputs([rlx.quantized_embedding(idx, "table", n, k, "q8_0") * 1.0])
    cg = rlx.Session(device, rlx.CompileOptions(num_threads=2)).compile(g)
    cg.set_param("table.q", raw)
    dtype = np.float32 if computed else np.int64
    with pytest.raises(rlx.RlxError, match="out of range"):
        cg.run({"x": np.full(16, 10**6, dtype)})
    table = _gguf_values(raw, "q8_0").reshape(n, k).astype(np.float32)
    for ids in ([3], [7, -2, 39], list(range(-8, 8))):
        (got,) = cg.run({"x": np.array(ids, dtype)})
        np.testing.assert_array_equal(got, table[np.array(ids) % n])


def test_float_indices_are_refused():
    g = rlx.Graph()
    with pytest.raises(DTypeError, match="integer"):
        rlx.quantized_embedding(g.input("ids", (3,), "f32"), "t", 40, 64, "q4_1")
