"""The paged KV cache's bookkeeping (behaviour scenario 29): the pool, page tables,
the prefix cache and the step planner, against hand-worked expectations and a random
walk checked against a reference count of who holds which page."""

from __future__ import annotations

import numpy as np
import pytest

from rlx.errors import InputError
from rlx.models.paging import BatchConstructor, PagedSequence, PagePool, PrefixCache


def test_pool_alloc_free_round_trip_and_offsets():
    pool = PagePool(4, tokens_per_page=16, bytes_per_page=4096)
    pages = [pool.alloc() for _ in range(4)]
    assert sorted(pages) == [0, 1, 2, 3] and pool.alloc() is None      # empty: None
    offsets = [pool.offset(p) for p in pages]
    assert offsets == [p * 4096 for p in pages] and len(set(offsets)) == 4
    assert all(o % 4096 == 0 for o in offsets)
    for p in pages:
        pool.free(p)
    assert pool.free_pages == 4
    again = [pool.alloc() for _ in range(4)]
    assert sorted(again) == [0, 1, 2, 3]
    with pytest.raises(InputError, match="not taken"):
        PagePool(2, 4).free(0)
    with pytest.raises(InputError, match="pages"):
        PagePool(0, 4)


def test_sequence_pages_tokens_and_release():
    pool = PagePool(8, tokens_per_page=4)
    seq = PagedSequence(pool)
    assert seq.reserve(10)
    seq.length = 10
    assert len(seq.pages) == 3 and pool.free_pages == 5
    assert [seq.page_for_token(t) for t in (0, 3, 4, 9, 11)] == [
        seq.pages[0], seq.pages[0], seq.pages[1], seq.pages[2], seq.pages[2]]
    with pytest.raises(InputError):
        seq.page_for_token(12)
    seq.truncate(5)
    assert len(seq.pages) == 2 and pool.free_pages == 6 and seq.length == 5
    seq.release()
    assert seq.pages == [] and seq.length == 0 and pool.free_pages == 8
    assert not PagedSequence(pool).reserve(40)                  # 10 pages of 8: none taken
    assert pool.free_pages == 8


def test_prefix_cache_shares_full_pages_and_evicts_what_only_it_holds():
    pool = PagePool(6, tokens_per_page=4)
    cache = PrefixCache(pool)
    first = PagedSequence(pool)
    tokens = list(range(100, 111))                               # 11 tokens: 2 full pages
    assert first.reserve(len(tokens))
    first.length = len(tokens)
    cache.insert(tokens, first.pages)
    assert len(cache) == 2 and [pool.refs(p) for p in first.pages] == [2, 2, 1]
    # the same first 9 tokens find both full pages; another second page finds one
    assert cache.lookup(tokens[:9]) == first.pages[:2]
    assert cache.lookup(tokens[:4] + [0, 0, 0, 0]) == first.pages[:1]
    assert cache.lookup([7] + tokens[1:]) == []                  # the chain starts anew
    second = PagedSequence(pool)
    second.adopt(cache.lookup(tokens))
    assert second.length == 8 and [pool.refs(p) for p in first.pages[:2]] == [3, 3]
    first.release()
    second.release()
    assert pool.free_pages == 4                                  # the cache's two remain
    # a reservation that needs them evicts them, least recently used first
    big = PagedSequence(pool)
    assert big.reserve(24, cache)
    assert len(cache) == 0 and pool.free_pages == 0


def test_random_walk_keeps_page_references_consistent():
    rng = np.random.default_rng(0)
    pool = PagePool(32, tokens_per_page=4)
    cache = PrefixCache(pool)
    seqs = [PagedSequence(pool) for _ in range(5)]
    histories = [[] for _ in seqs]
    for _ in range(400):
        i = int(rng.integers(len(seqs)))
        s, h = seqs[i], histories[i]
        action = rng.integers(4)
        if action == 0 and s.length == 0:
            prompt = rng.integers(0, 3, int(rng.integers(1, 20))).tolist()
            s.adopt(cache.lookup(prompt))
            h[:] = prompt[:s.length]
        elif action == 1:
            extra = rng.integers(0, 3, int(rng.integers(1, 6))).tolist()
            if s.reserve(s.length + len(extra), cache):
                h += extra
                s.length += len(extra)
                cache.insert(h, s.pages)
        elif action == 2 and s.length:
            s.truncate(int(rng.integers(s.length + 1)))
            del h[s.length:]
        elif action == 3:
            s.release()
            h.clear()
        # every page's references: the sequences holding it and the cache
        held = np.zeros(pool.pages, int)
        for seq in seqs:
            for p in seq.pages:
                held[p] += 1
        for p in cache._pages.values():
            held[p] += 1
        assert [pool.refs(p) for p in range(pool.pages)] == held.tolist()
        assert pool.free_pages == int((held == 0).sum())


def test_batch_constructor_decodes_first_then_chunks_prefills():
    plan = BatchConstructor(max_entries=4, token_budget=10)
    entries = plan.build([3, 5], [(0, 20), (1, 3)])
    assert [(e.sequence, e.tokens, e.decoding) for e in entries] == [
        (3, 1, True), (5, 1, True), (0, 8, False)]
    entries = plan.build([], [(0, 4), (1, 3), (2, 9), (6, 1)])
    assert [(e.sequence, e.tokens) for e in entries] == [(0, 4), (1, 3), (2, 3)]
    entries = plan.build([1, 2, 3, 4, 5, 6], [(0, 5)])
    assert [e.sequence for e in entries] == [1, 2, 3, 4]          # never above max_entries
    assert all(len(plan.build(list(range(k)), [(9, 50)])) <= 4 for k in range(8))
    with pytest.raises(InputError):
        BatchConstructor(0, 1)
