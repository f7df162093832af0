"""GGML blocks past the adapter's binding limit, and values that cannot be bound.

A storage binding covers at most ``max-storage-buffer-binding-size`` bytes (128 MiB on
lavapipe; Gemma 3's embedding table is 178 MB of Q8_0 blocks). The block reader binds
such blocks in windows; these tests shrink the limit to 2 KiB so that small tables
take several windows, and check the rows and products against the ``gguf`` package's
own dequantisation. Any other value past the limit is refused at compile.
"""

from __future__ import annotations

import numpy as np
import pytest
from tests.backends.test_dequant_matmul import _ggml_blocks, _ggml_k, _gguf_values

import rlx
import rlx.backends.wgpu.backend as wgpu_backend
from rlx.runtime.devices import backend_class

WGPU_OK, WGPU_WHY = backend_class("wgpu")().available()
pytestmark = pytest.mark.skipif(not WGPU_OK, reason=f"no WebGPU adapter: {WGPU_WHY}")

LIMIT = 2048


@pytest.fixture
def small_bindings(monkeypatch):
    monkeypatch.setattr(wgpu_backend, "binding_limit", lambda: LIMIT)


def _compiled(graph: rlx.Graph, raw: np.ndarray) -> rlx.CompiledGraph:
    cg = rlx.Session("wgpu").compile(graph)
    cg.set_param("table.q", raw)
    return cg


@pytest.mark.parametrize("scheme", ["q8_0", "q4_k", "q6_k"])
def test_rows_from_blocks_read_in_windows(small_bindings, scheme):
    n, k = 160, _ggml_k(scheme, 1)
    raw = _ggml_blocks(scheme, n, k, seed=5)
    assert raw.nbytes > 2 * LIMIT                      # three windows at least
    g = rlx.Graph()
    ids = g.input("ids", (2,), "i64")
    g.set_outputs([rlx.quantized_embedding(ids, "table", n, k, scheme)])
    picks = np.array([159, -150], np.int64)
    (got,) = _compiled(g, raw).run({"ids": picks})
    want = _gguf_values(raw, scheme).reshape(n, k)[picks % n]
    np.testing.assert_array_equal(got, want.astype(np.float32))


def test_products_with_blocks_read_in_windows(small_bindings):
    scheme, n = "q4_k", 40
    k = _ggml_k(scheme, 1)
    raw = _ggml_blocks(scheme, n, k, seed=6)
    assert raw.nbytes > 2 * LIMIT
    g = rlx.Graph()
    x = g.input("x", (2, k))
    g.set_outputs([rlx.quantized_linear(x, "table", k, n, scheme)])
    xv = np.random.default_rng(6).standard_normal((2, k)).astype(np.float32)
    (got,) = _compiled(g, raw).run({"x": xv})
    weight = _gguf_values(raw, scheme).reshape(n, k).astype(np.float64)
    np.testing.assert_allclose(got, xv.astype(np.float64) @ weight.T, rtol=1e-4, atol=1e-4)


def test_a_value_past_the_binding_limit_is_refused_at_compile(small_bindings):
    g = rlx.Graph()
    x = g.input("x", (64, 64))                         # 16 KiB, read whole
    g.set_outputs([x * 2.0])
    with pytest.raises(rlx.UnsupportedOpError, match=r"wgpu: .*input 'x'.*past this "
                                                     r"adapter's limit of 2048 bytes"):
        rlx.Session("wgpu").compile(g)
