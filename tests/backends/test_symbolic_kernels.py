"""Kernels that visit only the active rows of symbolic dimensions (the cpu device's
GEMM, attention, row kernels and gathers), on every device and ISA tier this host runs
(``tests/backends/conftest.py``), against float64 numpy."""

from __future__ import annotations

import numpy as np
import pytest

import rlx
from rlx import Dim


def _softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


@pytest.mark.parametrize("threads", [1, 2])
def test_kernels_that_skip_padding_give_the_exact_results(device, threads):
    """Sizes where the cpu device's packed GEMM (split over threads by rows and by
    columns), its attention and its row kernels visit only the run's rows; the
    padding of the inputs holds nan, which no result may show."""
    b, s, width = Dim("batch", 4), Dim("seq", 64), 128
    g = rlx.Graph()
    x = g.input("x", (b, s, width))
    mask = g.input("mask", (b, s), "bool")
    w1, w2 = g.param("w1", (width, 32)), g.param("w2", (width, 96))
    h = rlx.layer_norm(rlx.gelu(x @ w2 + 1.0) @ g.param("w3", (96, width)) + x)
    heads = h.reshape(b, s, 4, 32).transpose(0, 2, 1, 3)
    att = rlx.attention(heads, heads, heads, mask=mask.reshape(b, 1, 1, s))
    y = rlx.softmax(x @ w1, axis=-1) + att.transpose(0, 2, 1, 3).reshape(b, s, width) @ w1
    g.set_outputs([y, rlx.mean(y, axis=1)])
    rng = np.random.default_rng(3)
    weights = {n: (rng.standard_normal(shape) / np.sqrt(shape[0])).astype(np.float32)
               for n, shape in (("w1", (width, 32)), ("w2", (width, 96)),
                                ("w3", (96, width)))}
    opts = rlx.CompileOptions(num_threads=threads)
    cg = rlx.Session(device, opts).compile(g)
    for name, v in weights.items():
        cg.set_param(name, v)
    with np.errstate(invalid="ignore"):
        cg.run({"x": np.full((4, 64, width), np.nan, np.float32),
                "mask": np.ones((4, 64), bool)})
    for bb, ss in [(1, 1), (1, 37), (3, 13), (4, 64), (2, 64)]:
        xv = rng.standard_normal((bb, ss, width)).astype(np.float32)
        mv = rng.random((bb, ss)) < 0.8
        mv[:, 0] = True
        got = cg.run({"x": xv, "mask": mv})
        want = _ffn_attention_model(xv, mv, weights)
        for out, ref in zip(got, want, strict=True):
            assert out.shape == ref.shape
            np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-5)


def _ffn_attention_model(x, mask, weights):
    from math import erf, sqrt

    w = {k: v.astype(np.float64) for k, v in weights.items()}
    x = x.astype(np.float64)
    u = x @ w["w2"] + 1.0
    gelu = 0.5 * u * (1.0 + np.vectorize(lambda v: erf(v / sqrt(2.0)))(u))
    r = gelu @ w["w3"] + x
    c = r - r.mean(axis=-1, keepdims=True)
    h = c / np.sqrt((c * c).mean(axis=-1, keepdims=True) + 1e-5)
    b, s, width = x.shape
    heads = h.reshape(b, s, 4, 32).transpose(0, 2, 1, 3)
    scores = heads @ heads.transpose(0, 1, 3, 2) / np.sqrt(32)
    scores = np.where(mask[:, None, None, :], scores, -np.inf)
    att = _softmax(scores, -1) @ heads
    y = _softmax(x @ w["w1"], -1) + att.transpose(0, 2, 1, 3).reshape(b, s, width) @ w["w1"]
    return [y, y.mean(axis=1)]


def test_indices_computed_in_the_padding_are_never_checked(device):
    """Indices computed from an input: a run whose every position gives a bad index
    fails, as an exact-size program would; it leaves those values in the padded
    buffer, and a shorter run must not check (or read) them."""
    g = rlx.Graph()
    x = g.input("x", (Dim("seq", 8),))
    table = g.param("table", (5, 3))
    idx = rlx.cast(x, "i64")
    g.set_outputs([rlx.gather(table, idx) * 1.0])
    cg = rlx.Session(device).compile(g)
    values = np.arange(15, dtype=np.float32).reshape(5, 3)
    cg.set_param("table", values)
    with pytest.raises(rlx.RlxError, match="out of range"):
        cg.run({"x": np.full(8, 1e6, np.float32)})
    np.testing.assert_array_equal(cg.run({"x": np.full(3, 2, np.float32)})[0],
                                  values[[2, 2, 2]])
