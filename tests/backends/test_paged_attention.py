"""The paged form of cached_attention (a block table over shared KV pools) on every
device, against float64 numpy over the pages gathered by the test, against the
contiguous op on the same data, and the paged KV feed (``feed_kv_paged``)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from tests.backends.test_cached_attention import _reference as contiguous_reference
from tests.helpers import run_graph, tol

import rlx
from rlx.autodiff.vmap import vmap
from rlx.errors import DTypeError, ExecutionError, InputError, ShapeError, UnsupportedOpError
from rlx.ir.ops import OPS
from rlx.passes.decompose import decompose

FLOATS = ["f32", "f16", "bf16", "f64"]
UNREAD = -1          # a table entry no row reads


@dataclass
class Paged:
    """One paged case: the feeds, and the layout the oracle gathers from."""

    feeds: dict[str, np.ndarray]
    page: int

    @property
    def capacity(self) -> int:
        return self.feeds["table"].shape[1] * self.page


def _first_read(past: int, window: int | None) -> int:
    """The oldest cache position the first new row of a sequence sees."""
    return 0 if window is None else min(max(0, past - window + 1), past)


def _paged_case(rng, dtype, h, hkv, s, d, dv, page, max_pages, past, pool_pages,
                shared: int = 0, window: int | None = None, unread=np.nan) -> Paged:
    """Random pools read through a shuffled block table: sequence b's pages are distinct
    pool pages, except that the last sequence shares its first ``shared`` pages with the
    one before (the same rows: a common prompt prefix). Every pool row no sequence reads
    holds ``unread`` (nan: a kernel that read one would put nan in its output), and the
    table entries of pages no row reads (past the length, older than the window) hold
    UNREAD."""
    np_dt = rlx.as_dtype(dtype).np
    b = len(past)

    def sample(shape):
        return rng.standard_normal(shape).astype(np_dt)
    order = rng.permutation(pool_pages)
    table = np.full((b, max_pages), UNREAD, np.int64)
    used = 0
    for bi in range(b):
        table[bi] = order[used:used + max_pages]
        used += max_pages
        if shared and bi == b - 1:
            table[bi, :shared] = table[bi - 1, :shared]
    assert used <= pool_pages
    k_pool = np.full((pool_pages, hkv, page, d), unread, np_dt)
    v_pool = np.full((pool_pages, hkv, page, dv), unread, np_dt)
    rows_k, rows_v = sample((pool_pages, hkv, page, d)), sample((pool_pages, hkv, page, dv))
    for bi, p in enumerate(past):
        first = _first_read(p, window)
        for j in range(first, p):
            pid, row = table[bi, j // page], j % page
            k_pool[pid, :, row] = rows_k[pid, :, row]
            v_pool[pid, :, row] = rows_v[pid, :, row]
        read = range(first // page, -(-p // page))
        for pg in range(max_pages):
            if pg not in read and not (shared and bi == b - 1 and pg < shared):
                table[bi, pg] = UNREAD
    feeds = {"q": sample((b, h, s, d)), "k": sample((b, hkv, s, d)),
             "v": sample((b, hkv, s, dv)), "kp": k_pool, "vp": v_pool,
             "past": np.array(past, np.int64), "table": table}
    return Paged(feeds, page)


def _graph(feeds, scale=None, window=None, softcap=None) -> rlx.Graph:
    return _graph_of([(feeds, dict(scale=scale, window=window, softcap=softcap))])


def _graph_of(cases: list[tuple[dict[str, np.ndarray], dict]]) -> rlx.Graph:
    """One paged cached_attention per (feeds, attributes) case, as one graph (one
    compile): case i's inputs are named ``<name><i>`` after the first."""
    g = rlx.Graph()
    outputs = []
    for i, (feeds, attrs) in enumerate(cases):
        t = {n: g.input(f"{n}{i or ''}", a.shape, a.dtype) for n, a in feeds.items()}
        outputs.append(rlx.cached_attention(t["q"], t["k"], t["v"], t["kp"], t["vp"],
                                            t["past"], block_table=t["table"], **attrs))
    g.set_outputs(outputs)
    return g


def _feeds_of(cases: list[tuple[dict[str, np.ndarray], dict]]) -> dict[str, np.ndarray]:
    """The feeds of :func:`_graph_of`'s graph."""
    return {f"{n}{i or ''}": a for i, (feeds, _) in enumerate(cases) for n, a in feeds.items()}


def _contiguous(case: Paged) -> tuple[np.ndarray, np.ndarray]:
    """The caches [B, Hkv, max_pages * page, D] the table describes, gathered page by
    page in float64 (nan where a table entry is UNREAD)."""
    f = case.feeds
    b, max_pages = f["table"].shape
    caches = []
    for pool in (f["kp"], f["vp"]):
        cache = np.full((b, pool.shape[1], case.capacity, pool.shape[3]), np.nan)
        for bi, pg in np.ndindex(b, max_pages):
            pid = f["table"][bi, pg]
            if pid != UNREAD:
                cache[bi, :, pg * case.page:(pg + 1) * case.page] = pool[pid]
        caches.append(cache)
    return caches[0], caches[1]


def _oracle(case: Paged, scale, window=None, softcap=None) -> np.ndarray:
    """float64 attention over the pages gathered by :func:`_contiguous`: causal, windowed,
    capped, grouped-query (tests/backends/test_cached_attention.py's row-by-row oracle)."""
    kc, vc = _contiguous(case)
    feeds = {**{n: case.feeds[n].astype(np.float64) for n in ("q", "k", "v")},
             "kc": kc, "vc": vc, "past": case.feeds["past"]}
    return contiguous_reference(feeds, scale, window, softcap)


def _close(got, want, dtype):
    assert got.dtype == rlx.as_dtype(dtype).np and got.shape == want.shape
    np.testing.assert_allclose(got.astype(np.float64), want, **tol(rlx.as_dtype(dtype).np))


# --------------------------------------------------------------------------- results

@pytest.mark.parametrize("dtype", FLOATS)
def test_matches_float64(device, dtype):
    """Lengths 0, mid-page, on a page boundary and at full capacity; the last two
    sequences share two pages. Grouped-query heads; S = 9 in f32 is the cpu device's
    blocks path."""
    cases = [_paged_case(np.random.default_rng(h * 10 + s), dtype, h, hkv, s, 8, 8, 4, 5,
                         [0, 6, 8, 20], 24, shared=2)
             for h, hkv, s in [(4, 2, 1), (3, 3, 1), (4, 1, 3), (4, 2, 9)]]
    pairs = [(case.feeds, {}) for case in cases]
    got = run_graph(_graph_of(pairs), _feeds_of(pairs), device)
    for out, case in zip(got, cases):
        _close(out, _oracle(case, 1 / np.sqrt(8)), dtype)


@pytest.mark.parametrize("dtype, s", [("f32", 1), ("f32", 6), ("f64", 1), ("f64", 6)])
def test_window_and_softcap(device, dtype, s):
    """With a window, the pages older than every new row's window are unread: their
    table entries hold -1 and their rows nan."""
    variants = [(1, None), (3, None), (6, 2.0), (40, None), (None, 1.5)]
    cases = [_paged_case(np.random.default_rng(5), dtype, 4, 2, s, 8, 8, 4, 6, [23, 9, 4],
                         20, window=window) for window, _ in variants]
    pairs = [(case.feeds, dict(scale=0.4, window=window, softcap=softcap))
             for case, (window, softcap) in zip(cases, variants)]
    got = run_graph(_graph_of(pairs), _feeds_of(pairs), device)
    for out, case, (window, softcap) in zip(got, cases, variants):
        _close(out, _oracle(case, 0.4, window, softcap), dtype)


@pytest.mark.parametrize("s, h, hkv, d, past", [
    (1, 6, 2, 32, [0, 319, 150]), (40, 6, 2, 32, [0, 319, 150]),
    # one sequence, 4 query heads over 1 KV head of 256 (Gemma 3's decode step): the
    # heads split over tasks at 2 threads, the values' sums in registers a chunk at a time
    (1, 4, 1, 256, [300])])
def test_a_long_paged_cache_at_one_and_two_threads(s, h, hkv, d, past):
    """Pages of 16 rows over a cache of 320: the same bits whatever the thread count."""
    case = _paged_case(np.random.default_rng(11), "f32", h, hkv, s, d, d, 16, 20,
                       past, 64, shared=3 if len(past) > 1 else 0)
    outs = []
    for threads in (1, 2):
        cg = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(
            _graph(case.feeds))
        outs.append(cg.run(case.feeds)[0])
    np.testing.assert_array_equal(outs[0], outs[1])
    _close(outs[0], _oracle(case, 1 / np.sqrt(d)), "f32")


@pytest.mark.parametrize("storage", ["f16", "bf16"])
def test_half_width_pools_read_into_float32(device, storage):
    """f16 / bf16 pools (and new rows) under f32 queries: one new row (vectors of 64, the
    values in registers; 256, a chunk at a time) and nine (the cpu device's blocks path,
    which reads the pages into f32 scratch), with a window and a softcap too."""
    variants = [(9, 3, 1, 64, None, None), (4, 1, 1, 256, None, None),
                (4, 2, 9, 16, None, None), (4, 2, 9, 16, 6, 2.0), (9, 3, 1, 64, 6, 2.0)]
    cases = [_paged_case(np.random.default_rng(31 + i), "f32", h, hkv, s, d, d, 4, 6,
                         [0, 7, 8, 23], 26, shared=2 if window is None else 0, window=window)
             for i, (h, hkv, s, d, window, _) in enumerate(variants)]
    for case in cases:
        for name in ("k", "v", "kp", "vp"):
            case.feeds[name] = case.feeds[name].astype(rlx.as_dtype(storage).np)
    pairs = [(case.feeds, dict(scale=0.3, window=window, softcap=softcap))
             for case, (*_, window, softcap) in zip(cases, variants)]
    got = run_graph(_graph_of(pairs), _feeds_of(pairs), device)
    for out, case, (*_, window, softcap) in zip(got, cases, variants):
        assert out.dtype == np.float32
        # sums of up to 32 weighted values of about 1 that may cancel: f32's rounding of
        # the sums bounds the error of results near 0
        np.testing.assert_allclose(out, _oracle(case, 0.3, window, softcap), rtol=2e-5,
                                   atol=1e-5)


def test_the_same_as_the_contiguous_op(device):
    """The paged op and the contiguous op on the same rows laid out both ways: one new
    row and seven (the cpu device's two paths), with and without a window."""
    g = rlx.Graph()
    feeds: dict[str, np.ndarray] = {}
    outputs = []
    for s in (1, 7):
        case = _paged_case(np.random.default_rng(21 + s), "f32", 4, 2, s, 16, 16, 4, 6,
                           [0, 5, 12, 24], 30, shared=1, unread=0.0)
        kc, vc = (np.nan_to_num(c).astype(np.float32) for c in _contiguous(case))
        both = {f"{n}{s}": a for n, a in {**case.feeds, "kc": kc, "vc": vc}.items()}
        feeds.update(both)
        t = {n[:-1]: g.input(n, a.shape, a.dtype) for n, a in both.items()}
        for window in (None, 5):
            outputs += [rlx.cached_attention(t["q"], t["k"], t["v"], t["kp"], t["vp"],
                                             t["past"], window=window,
                                             block_table=t["table"]),
                        rlx.cached_attention(t["q"], t["k"], t["v"], t["kc"], t["vc"],
                                             t["past"], window=window)]
    g.set_outputs(outputs)
    got = run_graph(g, feeds, device)
    for paged, contiguous in zip(got[::2], got[1::2]):
        np.testing.assert_allclose(paged, contiguous, rtol=1e-6, atol=1e-7)


def test_int32_tables_and_lengths(device):
    case = _paged_case(np.random.default_rng(7), "f32", 2, 2, 2, 4, 4, 3, 3, [0, 7], 6)
    case.feeds["table"] = case.feeds["table"].astype(np.int32)
    case.feeds["past"] = case.feeds["past"].astype(np.int32)
    (got,) = run_graph(_graph(case.feeds), case.feeds, device)
    _close(got, _oracle(case, 0.5), "f32")


def test_symbolic_new_rows(device):
    """One program for every number of new rows up to 8 (the decoder's prefill), whose
    padding holds nan after a run at the bound."""
    case = _paged_case(np.random.default_rng(9), "f32", 4, 2, 8, 8, 8, 4, 5, [3, 17], 12)
    f = case.feeds
    new = rlx.Dim("new", 8)
    g = rlx.Graph()
    t = {n: g.input(n, (a.shape[0], a.shape[1], new, a.shape[3]) if n in ("q", "k", "v")
                    else a.shape, a.dtype) for n, a in f.items()}
    g.set_outputs([rlx.cached_attention(t["q"], t["k"], t["v"], t["kp"], t["vp"], t["past"],
                                        block_table=t["table"])])
    cg = rlx.Session(device).compile(g)
    with np.errstate(invalid="ignore"):     # nan in the new rows' padding from here on
        cg.run({**f, **{n: np.full_like(f[n], np.nan) for n in ("q", "k", "v")}})
    for rows in (1, 3, 8):
        short = Paged({**f, **{n: f[n][:, :, :rows] for n in ("q", "k", "v")}}, case.page)
        (got,) = cg.run(short.feeds)
        _close(got, _oracle(short, 1 / np.sqrt(8)), "f32")


def test_the_decomposition(device):
    """decompose's rewrite (the pages gathered, then the contiguous formula); its masked
    rows are multiplied by weight 0, so the pools' unread rows hold 0 here."""
    case = _paged_case(np.random.default_rng(4), "f32", 4, 2, 3, 4, 4, 2, 4, [0, 5, 8], 14,
                       shared=1, window=4, unread=0.0)
    graph = _graph(case.feeds, scale=0.5, window=4, softcap=2.0)
    new, report = decompose(graph, frozenset(OPS) - {"cached_attention"})
    assert report.statuses["cached_attention"] == "decomposed"
    (got,) = run_graph(new, case.feeds, device)
    _close(got, _oracle(case, 0.5, 4, 2.0), "f32")


def test_vmap_over_a_shared_pool():
    """vmap batches q/k/v, the lengths and the table over one pool; a batched pool is
    refused."""
    case = _paged_case(np.random.default_rng(3), "f64", 2, 1, 1, 4, 4, 2, 3, [3, 6], 6)
    f = case.feeds
    graph = _graph(f)
    batched = vmap(graph, ["q", "k", "v", "past", "table"], 2)
    swap = np.array([1, 0])
    stacked = {n: (np.stack([f[n], f[n][swap]]) if n not in ("kp", "vp") else f[n])
               for n in f}
    (got,) = run_graph(batched, stacked)
    for i, order in enumerate((np.arange(2), swap)):
        one = Paged({**f, **{n: f[n][order] for n in ("q", "k", "v", "past", "table")}},
                    case.page)
        _close(got[i], _oracle(one, 0.5), "f64")
    with pytest.raises(UnsupportedOpError, match="KV pools of a paged cached_attention"):
        vmap(graph, ["q", "kp"], 2)


# --------------------------------------------------------------------------- errors

@pytest.mark.parametrize("bad", [-1, 24, 99])
def test_a_page_id_outside_the_pool_fails_the_run(device, bad):
    case = _paged_case(np.random.default_rng(8), "f32", 2, 2, 1, 4, 4, 4, 5, [2, 11], 24)
    case.feeds["table"][1, 2] = bad
    with pytest.raises(ExecutionError,
                       match=rf"block_table\[1, 2\] = {bad} is outside \[0, 24\)"):
        run_graph(_graph(case.feeds), case.feeds, device)


@pytest.mark.parametrize("bad", [-1, 21])
def test_a_length_beyond_the_table_fails_the_run(device, bad):
    case = _paged_case(np.random.default_rng(8), "f32", 2, 2, 1, 4, 4, 4, 5, [2, 11], 24)
    case.feeds["past"][1] = bad
    with pytest.raises(ExecutionError, match=rf"past_len {bad} is outside \[0, 20\]"):
        run_graph(_graph(case.feeds), case.feeds, device)


def test_shapes_are_checked():
    g = rlx.Graph()
    q, k = g.input("q", (2, 4, 1, 8)), g.input("k", (2, 2, 1, 8))
    pool, past = g.input("pool", (6, 2, 4, 8)), g.input("past", (2,), "i64")
    table = g.input("table", (2, 3), "i32")

    def build(k_pool=pool, v_pool=pool, block_table=table):
        return rlx.cached_attention(q, k, k, k_pool, v_pool, past, block_table=block_table)
    assert build().shape == (2, 4, 1, 8)
    for bad_pool in ((6, 3, 4, 8), (6, 2, 4, 4), (6, 2, 4)):
        with pytest.raises(ShapeError):
            build(k_pool=g.input(f"p{bad_pool}", bad_pool))
    with pytest.raises(ShapeError, match="pool"):
        build(v_pool=g.input("v5", (5, 2, 4, 8)))
    with pytest.raises(ShapeError, match="page"):
        build(k_pool=g.input("empty", (6, 2, 0, 8)), v_pool=g.input("empty_v", (6, 2, 0, 8)))
    for bad_table in ((3, 3), (2,), (2, 3, 1)):
        with pytest.raises(ShapeError, match="block_table"):
            build(block_table=g.input(f"t{bad_table}", bad_table, "i32"))
    with pytest.raises(DTypeError, match="block_table"):
        build(block_table=g.input("tf", (2, 3), "f32"))


# --------------------------------------------------------------------------- the feed

B, HKV, D, PAGE, MAX_PAGES, POOL = 2, 2, 4, 4, 3, 8


def _decode_step_graph() -> rlx.Graph:
    """One decode step over paged pools (handles): the attention, and the new rows (times
    2) as outputs 1 and 2 for the KV feed."""
    g = rlx.Graph("paged_step")
    q, k, v = (g.input(n, (B, 2 * HKV if n == "q" else HKV, 1, D)) for n in "qkv")
    kp, vp = g.input("kp", (POOL, HKV, PAGE, D)), g.input("vp", (POOL, HKV, PAGE, D))
    past, table = g.input("past", (B,), "i64"), g.input("table", (B, MAX_PAGES), "i64")
    g.set_outputs([rlx.cached_attention(q, k, v, kp, vp, past, block_table=table),
                   k * 2.0, v * 2.0])
    return g


def _compiled_step(device):
    cg = rlx.Session(device).compile(_decode_step_graph())
    for name in ("kp", "vp"):
        assert cg.bind_handle(name, np.full((POOL, HKV, PAGE, D), np.nan, np.float32))
    assert cg.register_kv_row_feed("kp", 1) and cg.register_kv_row_feed("vp", 2)
    return cg


def test_decode_steps_through_the_feed(device):
    """A shared prompt page (bound with the pools), then each sequence decodes into pages
    of its own, across a page boundary: each step's attention equals the oracle over
    every row fed so far, and the pools hold those rows where the tables say."""
    rng = np.random.default_rng(30)
    cg = _compiled_step(device)
    tables = np.array([[5, 2, 3], [5, 7, 0]])      # page 5: the shared prompt
    prompt_k = rng.standard_normal((HKV, PAGE, D)).astype(np.float32)
    prompt_v = rng.standard_normal((HKV, PAGE, D)).astype(np.float32)
    for name, rows in (("kp", prompt_k), ("vp", prompt_v)):
        pool = cg.read_handle(name).copy()
        pool[5] = rows
        cg.bind_handle(name, pool)
    history_k = [[prompt_k[:, j] for j in range(PAGE)] for _ in range(B)]
    history_v = [[prompt_v[:, j] for j in range(PAGE)] for _ in range(B)]
    past = np.array([PAGE, PAGE])
    for _ in range(PAGE + 1):
        feeds = {"q": rng.standard_normal((B, 2 * HKV, 1, D)).astype(np.float32),
                 "k": rng.standard_normal((B, HKV, 1, D)).astype(np.float32),
                 "v": rng.standard_normal((B, HKV, 1, D)).astype(np.float32),
                 "past": past, "table": tables}
        out, _, _ = cg.run(feeds)
        kc = np.stack([np.stack(h, axis=1) for h in history_k]).astype(np.float64)
        vc = np.stack([np.stack(h, axis=1) for h in history_v]).astype(np.float64)
        want = contiguous_reference({**{n: feeds[n].astype(np.float64) for n in "qkv"},
                                     "kc": kc, "vc": vc, "past": past}, 0.5)
        _close(out, want, "f32")
        assert cg.feed_kv_paged(1, tables, past, [1, 1], PAGE, D)
        for b in range(B):
            history_k[b].append(2 * feeds["k"][b, :, 0])
            history_v[b].append(2 * feeds["v"][b, :, 0])
        past = past + 1
    kp = cg.read_handle("kp")
    for b, p in np.ndindex(B, int(past[0])):
        np.testing.assert_array_equal(kp[tables[b, p // PAGE], :, p % PAGE], history_k[b][p])
    assert np.isnan(kp[[1, 4, 6]]).all()                 # pages no table names


def test_a_ragged_prefill_feed_across_pages(device):
    """Several source rows per sequence (counts 0..S), starting mid-page."""
    g = rlx.Graph("prefill")
    new = g.input("new", (B, HKV, 5, D))
    g.input("pool", (POOL, HKV, PAGE, D))
    g.set_outputs([new * 2.0])
    cg = rlx.Session(device).compile(g)
    assert cg.bind_handle("pool", np.zeros((POOL, HKV, PAGE, D), np.float32))
    assert cg.register_kv_row_feed("pool", 0)
    rows = np.arange(B * HKV * 5 * D, dtype=np.float32).reshape(B, HKV, 5, D) + 1
    cg.run({"new": rows})
    tables = np.array([[3, 1, 6], [0, 2, UNREAD]])
    starts, counts = [2, 1], [5, 3]
    assert cg.feed_kv_paged(5, tables, starts, counts, PAGE, D)
    want = np.zeros((POOL, HKV, PAGE, D), np.float32)
    for b in range(B):
        for r in range(counts[b]):
            pos = starts[b] + r
            want[tables[b, pos // PAGE], :, pos % PAGE] = 2 * rows[b, :, r]
    np.testing.assert_array_equal(cg.read_handle("pool"), want)
    assert cg.feed_kv_paged(5, tables, starts, [0, 0], PAGE, D)    # nothing to copy
    np.testing.assert_array_equal(cg.read_handle("pool"), want)
    # each sequence's rows on one page (the cpu device moves them in one native call),
    # one sequence with none
    for starts, counts in (([8, 5], [3, 2]), ([4, 0], [0, 4])):
        assert cg.feed_kv_paged(5, tables, starts, counts, PAGE, D)
        for b in range(B):
            for r in range(counts[b]):
                pos = starts[b] + r
                want[tables[b, pos // PAGE], :, pos % PAGE] = 2 * rows[b, :, r]
        np.testing.assert_array_equal(cg.read_handle("pool"), want)


@pytest.mark.parametrize("dtype", ["f32", "f16"])
def test_random_feeds_against_a_row_by_row_oracle(device, dtype):
    """Random tables, starts and counts (some out of range, some tables sharing pool
    rows) fed into pools of 4 sequences: each call either copies exactly the rows a
    row-by-row loop over the positions says, or raises InputError and writes nothing,
    as the same loop decides (the cpu device checks and copies in one native call)."""
    seqs, cap, width = 4, 6, 2      # 4 x 2 pages: the whole pool
    g = rlx.Graph("feed")
    new = g.input("new", (seqs, HKV, cap, D), dtype)
    g.input("pool", (POOL, HKV, PAGE, D), dtype)
    g.set_outputs([new * 2.0])
    cg = rlx.Session(device).compile(g)
    np_dt = rlx.as_dtype(dtype).np
    pool = np.zeros((POOL, HKV, PAGE, D), np_dt)
    assert cg.bind_handle("pool", pool) and cg.register_kv_row_feed("pool", 0)
    rng = np.random.default_rng(77)
    rows = rng.standard_normal((seqs, HKV, cap, D)).astype(np_dt)
    cg.run({"new": rows})
    fed = errors = 0
    for _ in range(60):
        if rng.random() < 0.5:      # each sequence its own pages, its rows inside them
            tables = rng.permutation(POOL).reshape(seqs, width)
            counts = rng.integers(0, cap + 1, seqs)
            starts = rng.integers(0, width * PAGE - counts + 1)
        else:                       # shared pages, ids and rows outside their ranges
            tables = rng.integers(-1, POOL + 1, (seqs, width))
            counts = rng.integers(-1 if rng.random() < 0.2 else 0, cap + 1, seqs)
            starts = rng.integers(-1 if rng.random() < 0.2 else 0, width * PAGE, seqs)
        want, ok, cells = cg.read_handle("pool").copy(), True, set()
        for b in range(seqs):
            if not (0 <= counts[b] <= cap and 0 <= starts[b] <= width * PAGE - counts[b]):
                ok = False
                continue
            for r in range(counts[b]):
                pos = starts[b] + r
                page_id = tables[b, pos // PAGE]
                if not 0 <= page_id < POOL or (page_id, pos % PAGE) in cells:
                    ok = False
                    break
                cells.add((page_id, pos % PAGE))
                want[page_id, :, pos % PAGE] = 2 * rows[b, :, r].astype(np.float64)
        before = cg.read_handle("pool").copy()
        if ok:
            assert cg.feed_kv_paged(cap, tables, starts, counts, PAGE, D)
            np.testing.assert_array_equal(cg.read_handle("pool"), want)
            fed += 1
        else:
            with pytest.raises(InputError, match="feed_kv_paged"):
                cg.feed_kv_paged(cap, tables, starts, counts, PAGE, D)
            np.testing.assert_array_equal(cg.read_handle("pool"), before)
            errors += 1
    assert fed > 10 and errors > 10


@pytest.mark.parametrize("tables, starts, counts, match", [
    ([[1, 2, 9], [3, 4, 5]], [8, 0], [1, 1], r"block_tables\[0, 2\] = 9 is outside \[0, 8\)"),
    ([[1, 2, 3], [3, -1, 5]], [0, 4], [1, 1], r"block_tables\[1, 1\] = -1"),
    ([[1, 2, 3], [4, 5, 6]], [12, 0], [1, 1], "outside its table of 12 positions"),
    ([[1, 2, 3], [4, 5, 6]], [-1, 0], [1, 1], "sequence 0"),
    ([[1, 2, 3], [4, 5, 6]], [0, 0], [1, -1], "sequence 1"),
    ([[1, 2, 3], [4, 5, 6]], [0, 0], [1, 2], "its 1 source rows"),
    ([[1, 2, 3], [1, 5, 6]], [2, 2], [1, 1], "two rows would be written to one pool row"),
    ([[1, 2, 3], [4, 5, 6]], [0], [1, 1], "1 starts and 2 counts for 2 block tables"),
    ([1, 2, 3], [0, 0], [1, 1], "block_tables must be 2-D integers"),
    ([[1.0, 2, 3], [4, 5, 6]], [0, 0], [1, 1], "block_tables must be 2-D integers"),
])
def test_feed_errors_leave_the_pools_untouched(device, tables, starts, counts, match):
    """Every check runs before any copy: a call that fails writes nothing (here the
    valid sequence's row would have been copied first)."""
    cg = _compiled_step(device)
    feeds = {"q": np.ones((B, 2 * HKV, 1, D), np.float32),
             "k": np.ones((B, HKV, 1, D), np.float32),
             "v": np.ones((B, HKV, 1, D), np.float32),
             "past": np.zeros(B, np.int64), "table": np.zeros((B, MAX_PAGES), np.int64)}
    cg.run(feeds)
    before = [cg.read_handle(n).copy() for n in ("kp", "vp")]
    with pytest.raises(InputError, match=match):
        cg.feed_kv_paged(1, tables, starts, counts, PAGE, D)
    for name, pool in zip(("kp", "vp"), before):
        np.testing.assert_array_equal(cg.read_handle(name), pool)


def test_feed_layout_errors(device):
    cg = _compiled_step(device)
    tables, one = [[1, 2, 3], [4, 5, 6]], [1, 1]
    with pytest.raises(InputError, match="page .* must be positive"):
        cg.feed_kv_paged(1, tables, [0, 0], one, 0, D)
    with pytest.raises(InputError, match="a source of 16 elements is not"):
        cg.feed_kv_paged(1, tables, [0, 0], one, PAGE, 3)
    with pytest.raises(InputError, match="a pool of 256 elements is not"):
        cg.feed_kv_paged(1, tables, [0, 0], one, 3, D)
    fresh = rlx.Session(device).compile(_decode_step_graph())
    with pytest.raises(InputError, match="no KV feed registered"):
        fresh.feed_kv_paged(1, tables, [0, 0], one, PAGE, D)
