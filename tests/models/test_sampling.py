"""Token sampling against independent references.

The distribution rlx samples from is compared with transformers' logits processors
(RepetitionPenalty, Temperature, TopK, TopP) run in float64 on the same logits: the
same set of allowed tokens and the same probabilities. Draws are checked against
those probabilities with a chi-square bound (fixed seed, so the test is
deterministic), and greedy against numpy's argmax.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from rlx.errors import InputError
from rlx.models.sampling import (
    Sampler,
    SamplingParams,
    argmax_rows,
    greedy,
    token_distribution,
)

Z_1E4 = 3.7190164854556804   # the standard normal's 1 - 1e-4 quantile


def chi2_bound(dof: int) -> float:
    """The chi-square distribution's 1 - 1e-4 quantile by Wilson and Hilferty's cube
    approximation (within a few percent for dof >= 2)."""
    return dof * (1 - 2 / (9 * dof) + Z_1E4 * np.sqrt(2 / (9 * dof))) ** 3


def reference_distribution(logits: np.ndarray, params: SamplingParams,
                           context: list[list[int]] | None = None) -> np.ndarray:
    """transformers' processors in their generate() order, float64, then softmax."""
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    scores = torch.from_numpy(np.asarray(logits, dtype=np.float64).copy())
    ids = torch.tensor(context if context is not None else [[0]] * len(logits))
    if params.repetition_penalty != 1:
        processor = transformers.RepetitionPenaltyLogitsProcessor(params.repetition_penalty)
        scores = processor(ids, scores)
    if params.temperature == 0:
        probs = np.zeros(scores.shape)
        probs[np.arange(len(probs)), scores.argmax(-1).numpy()] = 1.0
        return probs
    warpers = [transformers.TemperatureLogitsWarper(params.temperature)]
    if params.top_k > 0:
        warpers.append(transformers.TopKLogitsWarper(params.top_k))
    if params.top_p < 1:
        warpers.append(transformers.TopPLogitsWarper(params.top_p))
    for warper in warpers:
        scores = warper(ids, scores)
    return torch.softmax(scores, dim=-1).numpy()


def random_logits(rows: int, vocab: int, seed: int, scale: float = 3.0) -> np.ndarray:
    return (np.random.default_rng(seed).standard_normal((rows, vocab)) * scale).astype(
        np.float32)


SETTINGS = [
    SamplingParams(),
    SamplingParams(temperature=0.7),
    SamplingParams(temperature=1.5, top_k=5),
    SamplingParams(top_k=1),
    SamplingParams(top_p=0.9),
    SamplingParams(temperature=0.6, top_p=0.5),
    SamplingParams(temperature=0.8, top_k=20, top_p=0.8),
    SamplingParams(temperature=1.2, top_k=3, top_p=0.999),
    SamplingParams(top_k=200),
    SamplingParams(top_p=0.01),
    SamplingParams.greedy(),
]


@pytest.mark.parametrize("params", SETTINGS, ids=str)
def test_distribution_matches_transformers_processors(params):
    logits = random_logits(6, 101, seed=1)
    ours = token_distribution(logits, params)
    expected = reference_distribution(logits, params)
    np.testing.assert_array_equal(ours > 0, expected > 0)
    np.testing.assert_allclose(ours, expected, rtol=1e-9, atol=1e-12)


def test_repetition_penalty_matches_transformers():
    logits = random_logits(3, 50, seed=2)
    context = [[1, 4, 4, 7], [0, 0, 0, 0], [49, 10, 11, 12]]
    for params in (SamplingParams(repetition_penalty=1.3),
                   SamplingParams(temperature=0.9, top_k=10, top_p=0.9,
                                  repetition_penalty=1.8),
                   SamplingParams(temperature=0, repetition_penalty=5.0)):
        ours = token_distribution(logits, params, context)
        np.testing.assert_allclose(ours, reference_distribution(logits, params, context),
                                   rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("logits, penalty, context", [
    (np.array([[2.0, 1.0]], np.float32), 1e-308, [[0]]),      # 2 / 1e-308 = 2e308
    (np.array([[-3.0, -2.0]], np.float32), 1e308, [[0, 1]]),  # -3e308 and -2e308
    (np.array([[1e308, 1.0]], np.float64), 0.5, [[0]]),
])
@pytest.mark.parametrize("temperature", [0, 1.0])
def test_a_penalty_past_the_float64_range_is_refused(logits, penalty, context, temperature):
    """CTRL's rule taken exactly gives finite logits past float64's range; rounded to
    +-inf they would tie (the second case's exact answer is token 1, a tie gives 0) or
    make inf - inf in the softmax: an InputError naming the penalty, whichever draw."""
    params = SamplingParams(temperature=temperature, repetition_penalty=penalty, seed=0)
    for draw in (lambda: token_distribution(logits, params, context),
                 lambda: Sampler(params)(logits, context)):
        with pytest.raises(InputError, match="repetition_penalty .* past the float64 range"):
            draw()
    # the same penalty that stays in range is applied as transformers applies it
    safe = SamplingParams(temperature=temperature, repetition_penalty=2.0, seed=0)
    np.testing.assert_allclose(token_distribution(logits, safe, context),
                               reference_distribution(logits, safe, context),
                               rtol=1e-9, atol=1e-12)


def test_nucleus_of_a_flat_distribution_over_a_large_vocabulary():
    # hundreds of tokens are needed to reach top_p: the candidate set must grow
    logits = random_logits(2, 5000, seed=3, scale=0.3)
    params = SamplingParams(top_p=0.7)
    ours = token_distribution(logits, params)
    expected = reference_distribution(logits, params)
    assert (expected[0] > 0).sum() > 1000
    np.testing.assert_array_equal(ours > 0, expected > 0)
    np.testing.assert_allclose(ours, expected, rtol=1e-9, atol=1e-12)


def test_top_p_by_hand():
    # probabilities 0.5, 0.25, 0.125, 0.0625, 0.0625: cumulative before each token
    # 0, 0.5, 0.75, 0.875, 0.9375
    logits = np.log(np.array([[0.0625, 0.5, 0.125, 0.25, 0.0625]]))
    for top_p, kept in ((0.3, [1]), (0.5, [1]), (0.6, [1, 3]), (0.8, [1, 2, 3]),
                        (0.9, [0, 1, 2, 3]), (1.0, [0, 1, 2, 3, 4])):
        probs = token_distribution(logits, SamplingParams(top_p=top_p))[0]
        assert list(np.flatnonzero(probs)) == kept, top_p
        np.testing.assert_allclose(probs[kept], np.exp(logits[0, kept]) /
                                   np.exp(logits[0, kept]).sum(), rtol=1e-12)


def test_top_p_ties_go_to_the_lower_id():
    logits = np.log(np.array([[0.1, 0.3, 0.3, 0.3]]))
    probs = token_distribution(logits, SamplingParams(top_p=0.5))[0]
    assert list(np.flatnonzero(probs)) == [1, 2]


def test_top_k_keeps_every_token_tied_with_the_kth():
    logits = np.array([[1.0, 3.0, 2.0, 2.0, 0.5]])
    probs = token_distribution(logits, SamplingParams(top_k=2))[0]
    assert list(np.flatnonzero(probs)) == [1, 2, 3]
    probs = token_distribution(logits, SamplingParams(top_k=99))[0]
    assert (probs > 0).all()


def test_forbidden_tokens_are_never_drawn():
    logits = np.array([[0.0, -np.inf, 1.0, -np.inf]] * 4, dtype=np.float32)
    probs = token_distribution(logits, SamplingParams(top_k=3))
    assert (probs[:, [1, 3]] == 0).all()
    tokens = Sampler(SamplingParams(seed=0))(np.repeat(logits, 100, axis=0))
    assert set(tokens.tolist()) <= {0, 2}


@pytest.mark.parametrize("temperature", [1e-310, 1e-300, 1e-40])
def test_a_vanishing_temperature_tends_to_greedy(temperature):
    """logits / temperature overflows for a temperature this small: the distribution
    is still the limit (all mass on the largest logit), never nan."""
    logits = np.array([[0.5, 3.0, -2.0, 2.999]], np.float32)
    probs = token_distribution(logits, SamplingParams(temperature=temperature, seed=0))
    np.testing.assert_array_equal(probs, [[0.0, 1.0, 0.0, 0.0]])
    assert Sampler(SamplingParams(temperature=temperature, seed=0))(logits).tolist() == [1]


def test_greedy_takes_the_first_of_tied_maxima():
    logits = np.array([[0.0, 2.0, 2.0, 1.0], [5.0, 5.0, 5.0, 5.0]], dtype=np.float32)
    assert greedy(logits).tolist() == [1, 0]
    assert Sampler(SamplingParams.greedy())(logits).tolist() == [1, 0]
    with_penalty = Sampler(SamplingParams(temperature=0, repetition_penalty=2.0))
    assert with_penalty(logits, context=[[1], [0, 1]]).tolist() == [2, 2]


@pytest.mark.parametrize("params", [SamplingParams(temperature=0.8, top_k=6, top_p=0.9, seed=7),
                                    SamplingParams(temperature=1.3, seed=8)], ids=str)
def test_draw_frequencies_follow_the_distribution(params):
    logits = random_logits(2, 10, seed=4, scale=1.0)
    sampler = Sampler(params)
    rows = np.repeat(logits, 4000, axis=0)
    tokens = sampler(rows).reshape(2, 4000)
    probs = reference_distribution(logits, params)
    for row in range(2):
        counts = np.bincount(tokens[row], minlength=10)
        allowed = probs[row] > 0
        assert allowed.sum() >= 3
        assert counts[~allowed].sum() == 0
        expected = probs[row, allowed] * 4000
        statistic = ((counts[allowed] - expected) ** 2 / expected).sum()
        assert statistic < chi2_bound(allowed.sum() - 1), (counts, expected)


def test_same_seed_same_tokens():
    logits = random_logits(5, 300, seed=5)
    params = SamplingParams(temperature=1.1, top_p=0.95, seed=1234)
    first = Sampler(params)
    second = Sampler(params)
    a = np.stack([first(logits) for _ in range(20)])
    b = np.stack([second(logits) for _ in range(20)])
    np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(a[0], Sampler(params)(logits))
    other = Sampler(SamplingParams(temperature=1.1, top_p=0.95, seed=4321))
    assert not np.array_equal(a, np.stack([other(logits) for _ in range(20)]))


def test_rows_are_sampled_independently():
    # one row's token depends on its own logits only: a one-hot row gives its token
    logits = random_logits(3, 20, seed=6)
    logits[1] = -np.inf
    logits[1, 13] = 0.0
    tokens = Sampler(SamplingParams(seed=3))(logits)
    assert tokens.shape == (3,) and tokens.dtype == np.int64
    assert tokens[1] == 13


@pytest.mark.parametrize("kwargs", [
    dict(temperature=-0.1), dict(temperature=float("nan")), dict(temperature=float("inf")),
    dict(top_k=-1), dict(top_k=2.5), dict(top_k=True), dict(top_p=0.0), dict(top_p=1.01),
    dict(top_p=-0.5), dict(repetition_penalty=0.0), dict(repetition_penalty=-1.0),
    dict(seed=-1), dict(seed=1.5), dict(temperature="hot"),
])
def test_bad_parameters_are_rejected(kwargs):
    with pytest.raises(InputError, match="sampling: "):
        SamplingParams(**kwargs)


@pytest.mark.parametrize("logits", [
    np.zeros(5), np.zeros((2, 0)), np.array([[0.0, np.nan]]), np.array([[0.0, np.inf]]),
    np.array([[-np.inf, -np.inf]]), np.array([[1, 2]]),
])
def test_bad_logits_are_rejected(logits):
    for sample in (Sampler(SamplingParams(seed=0)), Sampler(SamplingParams.greedy()), greedy):
        with pytest.raises(InputError, match="sampling: logits"):
            sample(logits)


def test_greedy_refuses_the_rows_whose_maximum_is_not_finite():
    """The greedy path makes one pass (argmax, then the value it picked) and refuses
    exactly the rows whose maximum is NaN, +inf or -inf, naming the first."""
    rng = np.random.default_rng(5)
    logits = rng.standard_normal((6, 9)).astype(np.float32)
    logits[1, [2, 6]] = [np.inf, np.nan]      # NaN after +inf: the maximum is NaN
    logits[2, 4] = np.inf
    logits[3, :] = -np.inf
    logits[4, [0, 8]] = -np.inf               # -inf beside finite values: fine
    picks, finite = argmax_rows(logits)
    assert picks.tolist() == np.argmax(logits, axis=1).tolist()
    assert finite.tolist() == np.isfinite(logits.max(axis=1)).tolist()
    for bad in (1, 2, 3):
        with pytest.raises(InputError, match="logits row 2 "):
            greedy(logits[[0, 4, bad, 5]])
    fine = logits[[0, 4, 5]]
    assert greedy(fine).tolist() == np.argmax(fine, axis=1).tolist()


def test_context_must_match_the_batch():
    with pytest.raises(InputError, match="context for 1 rows"):
        token_distribution(np.zeros((2, 4)), SamplingParams(repetition_penalty=1.2), [[0]])


def test_greedy_decoding_never_imports_numpy_random():
    # numpy.random loads OpenSSL through ``secrets``: a greedy decoder's process does
    # without it, and a sampling one gets its generator on the first draw
    code = ("import sys, numpy as np\n"
            "from rlx.models.sampling import Sampler, SamplingParams\n"
            "logits = np.array([[0.5, 2.0, -1.0]], np.float32)\n"
            "assert Sampler(SamplingParams(temperature=0))(logits).tolist() == [1]\n"
            "print('numpy.random' in sys.modules)\n"
            "Sampler(SamplingParams(seed=3))(logits)\n"
            "print('numpy.random' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]


def test_a_lazily_made_generator_draws_as_a_seeded_numpy_generator():
    logits = np.log(np.array([[0.1, 0.2, 0.3, 0.4]] * 64))
    drawn = Sampler(SamplingParams(temperature=1.0, seed=11))(logits)
    uniforms = np.random.default_rng(11).random(64)
    np.testing.assert_array_equal(drawn, np.searchsorted(np.cumsum([0.1, 0.2, 0.3, 0.4]),
                                                         uniforms, side="right"))
