"""cached_attention (the KV-cached decode step) on every device, against float64 numpy
and PyTorch SDPA over the cache rows each sequence really holds (its decomposition:
tests/passes/test_decompose.py)."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from tests.helpers import run_graph, tol

import rlx
from rlx.errors import DTypeError, ExecutionError, ShapeError

FLOATS = ["f32", "f16", "bf16", "f64"]


def _case(rng, dtype, b, h, hkv, s, cap, d, dv, past):
    """Feeds with every cache row at or past its sequence's length set to nan: a kernel
    that read one would put nan in its output."""
    np_dt = rlx.as_dtype(dtype).np

    def sample(shape):
        return rng.standard_normal(shape).astype(np_dt)
    feeds = {"q": sample((b, h, s, d)), "k": sample((b, hkv, s, d)),
             "v": sample((b, hkv, s, dv)), "kc": sample((b, hkv, cap, d)),
             "vc": sample((b, hkv, cap, dv)), "past": np.array(past, np.int64)}
    for bi, p in enumerate(past):
        feeds["kc"][bi, :, p:] = np.nan
        feeds["vc"][bi, :, p:] = np.nan
    return feeds


def _graph(feeds, scale=None, window=None, softcap=None) -> rlx.Graph:
    g = rlx.Graph()
    t = {name: g.input(name, value.shape, value.dtype) for name, value in feeds.items()}
    g.set_outputs([rlx.cached_attention(t["q"], t["k"], t["v"], t["kc"], t["vc"], t["past"],
                                        scale=scale, window=window, softcap=softcap)])
    return g


def _reference(feeds, scale, window=None, softcap=None) -> np.ndarray:
    """Row by row in float64, with absolute positions: query i of sequence b sits at
    past + i and sees the cached positions and new rows at or before it (and, with a
    window, fewer than ``window`` positions back)."""
    q, k, v, kc, vc = (feeds[n].astype(np.float64) for n in ("q", "k", "v", "kc", "vc"))
    b, h, s, _ = q.shape
    group = h // k.shape[1]
    out = np.zeros((b, h, s, v.shape[3]))
    for bi, hi, i in np.ndindex(b, h, s):
        past, kvh = int(feeds["past"][bi]), hi // group
        keys = np.concatenate([kc[bi, kvh, :past], k[bi, kvh]])
        values = np.concatenate([vc[bi, kvh, :past], v[bi, kvh]])
        pos = past + i
        seen = [j for j in range(past + s) if j <= pos and (window is None or pos - j < window)]
        scores = keys[seen] @ q[bi, hi, i] * scale
        if softcap is not None:
            scores = softcap * np.tanh(scores / softcap)
        weights = np.exp(scores - scores.max())
        out[bi, hi, i] = weights / weights.sum() @ values[seen]
    return out


def _torch_sdpa(feeds, scale) -> np.ndarray:
    """PyTorch SDPA per sequence over its real cache rows and the new rows, with the
    end-aligned causal mask spelled out."""
    def rows(cache, new, bi, past):
        both = np.concatenate([feeds[cache][bi, :, :past], feeds[new][bi]], axis=1)
        return torch.from_numpy(both.astype(np.float64))

    outs = []
    for bi, past in enumerate(feeds["past"]):
        keys, values = rows("kc", "k", bi, past), rows("vc", "v", bi, past)
        group = feeds["q"].shape[1] // keys.shape[0]
        s, t = feeds["q"].shape[2], keys.shape[1]
        mask = torch.ones(s, t, dtype=torch.bool).tril(t - s)
        outs.append(F.scaled_dot_product_attention(
            torch.from_numpy(feeds["q"][bi].astype(np.float64)),
            keys.repeat_interleave(group, 0), values.repeat_interleave(group, 0),
            attn_mask=mask, scale=scale).numpy())
    return np.stack(outs)


def _close(got, want, dtype):
    assert got.dtype == rlx.as_dtype(dtype).np and got.shape == want.shape
    np.testing.assert_allclose(got.astype(np.float64), want, **tol(rlx.as_dtype(dtype).np))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("h, hkv, s", [(4, 2, 1), (3, 3, 1), (4, 1, 3), (6, 2, 2)])
def test_matches_float64_and_torch(device, dtype, h, hkv, s):
    feeds = _case(np.random.default_rng(s + h), dtype, 3, h, hkv, s, 7, 8, 6, [0, 3, 7])
    (got,) = run_graph(_graph(feeds), feeds, device)
    scale = 1 / np.sqrt(8)
    _close(got, _reference(feeds, scale), dtype)
    _close(got, _torch_sdpa(feeds, scale), dtype)


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("window, softcap", [(1, None), (3, None), (20, None), (None, 1.5),
                                             (4, 2.0)])
def test_window_and_softcap(device, dtype, window, softcap):
    feeds = _case(np.random.default_rng(5), dtype, 2, 4, 2, 3, 9, 8, 8, [9, 2])
    (got,) = run_graph(_graph(feeds, scale=0.4, window=window, softcap=softcap), feeds, device)
    _close(got, _reference(feeds, 0.4, window, softcap), dtype)


def test_a_longer_decode_row(device):
    """Cache lengths across a vector width and up to the capacity, one query row."""
    feeds = _case(np.random.default_rng(6), "f32", 4, 9, 3, 1, 300, 64, 64, [1, 17, 130, 300])
    (got,) = run_graph(_graph(feeds), feeds, device)
    _close(got, _reference(feeds, 1 / 8), "f32")


def test_int32_lengths_and_empty_caches(device):
    feeds = _case(np.random.default_rng(7), "f32", 2, 2, 2, 2, 4, 4, 4, [0, 0])
    feeds["past"] = feeds["past"].astype(np.int32)
    (got,) = run_graph(_graph(feeds), feeds, device)
    _close(got, _reference(feeds, 0.5), "f32")


def _half_width(feeds, storage):
    """The case with its keys and values (new rows and caches) stored as ``storage``
    (f16 / bf16: a half-width KV cache; f32: as it is) under f32 queries."""
    np_dt = rlx.as_dtype(storage).np
    return {n: a.astype(np_dt) if n in ("k", "v", "kc", "vc") else a
            for n, a in feeds.items()}


HALF_WIDTH_CASES = [  # h, hkv, s, d, dv, window, softcap
    (4, 2, 1, 8, 6, None, None),      # scalar rows
    (9, 3, 1, 64, 64, None, None),    # vector rows, the group's values in registers
    (4, 1, 1, 256, 256, None, None),  # values a chunk at a time
    (9, 3, 1, 64, 64, 5, 2.0),
    (6, 2, 5, 16, 16, None, None),    # several new rows: the blocks path
    (6, 2, 5, 16, 16, 4, 3.0),
    (4, 2, 3, 8, 4, None, None)]      # several new rows below 8 values: the rows path


@pytest.mark.parametrize("storage", ["f16", "bf16"])
def test_half_width_caches_read_into_float32(device, storage):
    """f16 / bf16 keys and values under f32 queries: the result is f32 attention over the
    stored values (each exactly a float), to f32's tolerance. Every case of
    HALF_WIDTH_CASES is one op of a single graph (one compile)."""
    cases = [_half_width(_case(np.random.default_rng(h + s + d), "f32", 3, h, hkv, s, 40, d,
                                dv, [0, 17, 40]), storage)
             for h, hkv, s, d, dv, _, _ in HALF_WIDTH_CASES]
    g = rlx.Graph()
    outputs, feeds = [], {}
    for i, (case, (*_, window, softcap)) in enumerate(zip(cases, HALF_WIDTH_CASES)):
        t = {n: g.input(f"{n}{i}", a.shape, a.dtype) for n, a in case.items()}
        feeds.update({f"{n}{i}": a for n, a in case.items()})
        outputs.append(rlx.cached_attention(t["q"], t["k"], t["v"], t["kc"], t["vc"],
                                            t["past"], scale=0.3, window=window,
                                            softcap=softcap))
    g.set_outputs(outputs)
    got = run_graph(g, feeds, device)
    for out, case, (*_, window, softcap) in zip(got, cases, HALF_WIDTH_CASES):
        # outputs near 0 are sums of up to 45 weighted values of about 1 that cancel:
        # f32's rounding of those sums, not of the result, bounds their error
        assert out.dtype == np.float32
        np.testing.assert_allclose(out, _reference(case, 0.3, window, softcap), rtol=2e-5,
                                   atol=1e-5)


@pytest.mark.parametrize("bad", [-1, 8])
def test_a_length_outside_the_cache_fails(device, bad):
    feeds = _case(np.random.default_rng(8), "f32", 2, 2, 2, 1, 7, 4, 4, [2, 2])
    feeds["past"] = np.array([3, bad], np.int64)
    with pytest.raises(ExecutionError, match=rf"past_len {bad} is outside \[0, 7\]"):
        run_graph(_graph(feeds), feeds, device)


def test_shapes_are_checked():
    g = rlx.Graph()
    q = g.input("q", (1, 4, 1, 8))
    k = g.input("k", (1, 2, 1, 8))
    cache = g.input("c", (1, 2, 5, 8))
    with pytest.raises(ShapeError, match="past_len"):
        rlx.cached_attention(q, k, k, cache, cache, g.input("p", (2,), "i64"))
    with pytest.raises(ShapeError, match="k_cache"):
        rlx.cached_attention(q, k, k, g.input("c2", (1, 2, 5, 4)), cache,
                             g.input("p2", (1,), "i64"))


@pytest.mark.parametrize("q_dtype, k_dtype, cache_dtype", [
    ("f32", "f32", "f16"),     # the new rows must be stored as the cache is
    ("f64", "f16", "f16"),     # half-width caches sit under f32 queries only
    ("f16", "bf16", "bf16"),
    ("f32", "f16", "f64")])
def test_cache_dtypes_are_checked(q_dtype, k_dtype, cache_dtype):
    g = rlx.Graph()
    q = g.input("q", (1, 4, 1, 8), q_dtype)
    k = g.input("k", (1, 2, 1, 8), k_dtype)
    cache = g.input("c", (1, 2, 5, 8), cache_dtype)
    with pytest.raises(DTypeError, match="k, v, k_cache and v_cache must share one dtype"):
        rlx.cached_attention(q, k, k, cache, cache, g.input("p", (1,), "i64"))


@pytest.mark.parametrize("window, softcap", [(None, None), (50, 30.0)])
def test_a_prefill_appended_to_a_long_cache(device, window, softcap):
    """Many new rows (the cpu device's blocks path: packed GEMMs over several blocks of
    query rows) after an empty and a nearly full cache."""
    feeds = _case(np.random.default_rng(10), "f32", 2, 4, 2, 100, 3000, 16, 16, [0, 2900])
    (got,) = run_graph(_graph(feeds, window=window, softcap=softcap), feeds, device)
    _close(got, _reference(feeds, 0.25, window, softcap), "f32")


@pytest.mark.parametrize("storage, s, b, h, hkv, d", [
    ("f32", 1, 2, 6, 2, 32), ("f32", 40, 2, 6, 2, 32),
    # fewer (row, KV head) tasks than twice the threads: each KV head's query heads are
    # split over tasks at 2 threads, not at 1 (values in registers whole, then in chunks)
    ("f32", 1, 1, 4, 1, 32), ("f32", 1, 1, 4, 1, 256), ("f32", 1, 1, 6, 2, 64),
    ("f32", 1, 1, 6, 1, 48),
    # half-width caches: vector rows, values in chunks, the blocks path
    ("f16", 1, 2, 9, 3, 64), ("bf16", 1, 1, 4, 1, 256), ("f16", 24, 2, 6, 2, 32)])
def test_the_same_bits_at_one_and_two_threads(storage, s, b, h, hkv, d):
    feeds = _half_width(_case(np.random.default_rng(11), "f32", b, h, hkv, s, 400, d, d,
                              [399 - s, 150][:b]), storage)
    outs = []
    for threads in (1, 2):
        cg = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(_graph(feeds))
        outs.append(cg.run(feeds)[0])
    np.testing.assert_array_equal(outs[0], outs[1])
    _close(outs[0], _reference(feeds, 1 / np.sqrt(d)), "f32")


@pytest.mark.parametrize("dtype, window", [("f32", None), ("f32", 6), ("f64", None)])
def test_symbolic_new_rows_never_read_the_padding(device, dtype, window):
    """One program for every number of new rows up to 20 (a decoder's prefill appended
    to its cache): f32 takes the cpu device's blocks path, f64 its rows path. The first
    run at the bound leaves nan in every input's padding, which a later, shorter run
    must neither compute with nor show."""
    bound = 20
    full = _case(np.random.default_rng(14), dtype, 2, 6, 2, bound, 40, 8, 8, [11, 3])
    new = rlx.Dim("new", bound)
    g = rlx.Graph()
    t = {n: g.input(n, (a.shape[0], a.shape[1], new, a.shape[3]) if n in ("q", "k", "v")
                    else a.shape, a.dtype) for n, a in full.items()}
    g.set_outputs([rlx.cached_attention(t["q"], t["k"], t["v"], t["kc"], t["vc"], t["past"],
                                        scale=0.3, window=window)])
    cg = rlx.Session(device).compile(g)
    nan = {n: np.full_like(full[n], np.nan) if n in ("q", "k", "v") else full[n]
           for n in full}
    with np.errstate(invalid="ignore"):
        cg.run(nan)
    for rows in (1, 2, 7, 13, bound):
        short = {**full, **{n: full[n][:, :, :rows] for n in ("q", "k", "v")}}
        (got,) = cg.run(short)
        assert got.shape == (2, 6, rows, 8)
        _close(got, _reference(short, 0.3, window), dtype)


@pytest.mark.parametrize("s", [1, 30])
def test_cache_rows_older_than_the_window_are_not_read(device, s):
    """With a window, the cache rows no new row can see may hold nan too."""
    feeds = _case(np.random.default_rng(12), "f32", 1, 4, 2, s, 300, 16, 16, [250])
    feeds["kc"][0, :, :200] = np.nan
    feeds["vc"][0, :, :200] = np.nan
    (got,) = run_graph(_graph(feeds, window=40), feeds, device)
    _close(got, _reference(feeds, 0.25, window=40), "f32")
