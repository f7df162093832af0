"""Choosing the next token from a decoder's logits: greedy, temperature, top-k, top-p.

:class:`SamplingParams` holds the settings; :class:`Sampler` draws token ids from a
batch of logits ``[batch, vocab]`` with its own seeded ``numpy.random.Generator``;
:func:`token_distribution` returns the exact distribution a draw comes from (for
tests, and for users who want it).

Each row of logits goes through these steps, in this order (the order of
transformers' logits processors and warpers):

1. **Repetition penalty** (``repetition_penalty != 1``, CTRL's rule, as transformers'
   ``RepetitionPenaltyLogitsProcessor``): the logit of every token id that occurs in
   the row's context (prompt and generated tokens) is divided by the penalty when it
   is positive and multiplied by it otherwise.
2. **Greedy** (``temperature == 0``): the id of the largest logit; ties go to the
   lowest id (``numpy.argmax``). No random number is drawn; top-k and top-p are moot.
3. **Temperature**: the logits are divided by ``temperature``.
4. **Top-k** (``top_k > 0``): tokens whose logit is below the k-th largest are dropped.
   Tokens tied with the k-th largest are all kept, so more than k may survive (as in
   transformers' ``TopKLogitsWarper``).
5. **Top-p** (``top_p < 1``): the survivors are ranked by logit, larger first, ties by
   lower id; with probabilities renormalised over the survivors, a token is kept when
   the total probability of the tokens ranked before it is below ``top_p`` (the
   smallest prefix of the ranking whose mass reaches ``top_p``; the best token always
   stays). This is transformers' ``TopPLogitsWarper`` rule with its order of ties made
   definite.
6. **Draw**: softmax over the kept tokens, computed in float64, then inverse-CDF
   sampling with one uniform number per row, rows in order.

A row whose logits hold NaN or +inf, or no finite value, is an InputError (the model
is broken; sampling would hide it). ``-inf`` marks a forbidden token and is allowed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from rlx.errors import InputError

__all__ = ["Sampler", "SamplingParams", "greedy", "token_distribution"]

FIRST_NUCLEUS_CANDIDATES = 64   # top-p looks at this many best tokens first, then 4x more


@dataclass(frozen=True)
class SamplingParams:
    """How to pick tokens; the defaults sample from the model's unmodified distribution.

    ``temperature`` >= 0 (0 means greedy), ``top_k`` >= 0 (0: no top-k),
    ``top_p`` in (0, 1] (1: no top-p), ``repetition_penalty`` > 0 (1: none), ``seed``
    None (fresh entropy) or an integer >= 0. Raises InputError for values outside
    those ranges or of the wrong type.
    """

    temperature: float = 1.0
    top_k: int = 0
    top_p: float = 1.0
    repetition_penalty: float = 1.0
    seed: int | None = None

    def __post_init__(self) -> None:
        _check_real("temperature", self.temperature)
        if self.temperature < 0:
            raise InputError(f"sampling: temperature must be >= 0 (0 = greedy), got "
                             f"{self.temperature!r}")
        if isinstance(self.top_k, bool) or not isinstance(self.top_k, (int, np.integer)):
            raise InputError(f"sampling: top_k must be an integer, got {self.top_k!r}")
        if self.top_k < 0:
            raise InputError(f"sampling: top_k must be >= 0 (0 = off), got {self.top_k}")
        _check_real("top_p", self.top_p)
        if not 0 < self.top_p <= 1:
            raise InputError(f"sampling: top_p must be in (0, 1] (1 = off), got {self.top_p!r}")
        _check_real("repetition_penalty", self.repetition_penalty)
        if not self.repetition_penalty > 0:
            raise InputError(f"sampling: repetition_penalty must be > 0 (1 = off), got "
                             f"{self.repetition_penalty!r}")
        if self.seed is not None and (isinstance(self.seed, bool)
                                      or not isinstance(self.seed, (int, np.integer))
                                      or self.seed < 0):
            raise InputError(f"sampling: seed must be None or an integer >= 0, got "
                             f"{self.seed!r}")

    @classmethod
    def greedy(cls) -> SamplingParams:
        """Always the most likely token."""
        return cls(temperature=0.0)

    @property
    def is_greedy(self) -> bool:
        return self.temperature == 0

    @property
    def takes_argmax(self) -> bool:
        """Whether each token is its row's argmax (greedy, no repetition penalty)."""
        return self.is_greedy and self.repetition_penalty == 1


def _check_real(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise InputError(f"sampling: {name} must be a number, got {value!r}")
    if not math.isfinite(value):
        raise InputError(f"sampling: {name} must be finite, got {value!r}")


# ---------------------------------------------------------------------- one row
def _logits_array(logits: np.ndarray) -> np.ndarray:
    """``logits`` as a float array [batch, vocab]; InputError for another rank, an
    empty vocabulary or another dtype."""
    array = np.asarray(logits)
    if array.ndim != 2 or array.shape[1] == 0:
        raise InputError(f"sampling: logits must have shape [batch, vocab] with vocab >= 1, "
                         f"got {array.shape}")
    if not np.issubdtype(array.dtype, np.floating):
        raise InputError(f"sampling: logits must be floating point, got {array.dtype}")
    return array


def _refuse_rows(bad: np.ndarray) -> None:
    """InputError naming the first row ``bad`` marks."""
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise InputError(f"sampling: logits row {row} holds NaN or +inf, or no finite value")


def _check_logits(logits: np.ndarray) -> np.ndarray:
    """:func:`_logits_array`, and InputError for a row with NaN, +inf or nothing
    finite."""
    array = _logits_array(logits)
    # a row's maximum is NaN when it holds a NaN, +inf when it holds +inf and -inf when
    # nothing in it is finite: one pass over the row rather than three
    _refuse_rows(~np.isfinite(array.max(axis=1)))
    return array


def argmax_rows(array: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(each row's argmax, whether its value is finite) for float logits [batch, vocab],
    in one pass: argmax stops at a row's first NaN, so the value it picks is NaN where
    the row holds one, +inf where it holds +inf and -inf where nothing is finite, the
    rows :func:`_check_logits` refuses. Ties: the lowest id."""
    picks = np.argmax(array, axis=1)
    return picks, np.isfinite(array[np.arange(len(picks)), picks])


def _contexts(context: Sequence[Sequence[int]] | None, rows: int) -> list[np.ndarray]:
    """One int64 array of previous token ids per row (empty without a context)."""
    if context is None:
        return [np.zeros(0, dtype=np.int64)] * rows
    if len(context) != rows:
        raise InputError(f"sampling: got a context for {len(context)} rows and logits for "
                         f"{rows}")
    return [np.asarray(ids, dtype=np.int64).reshape(-1) for ids in context]


def _penalised(row: np.ndarray, previous: np.ndarray, penalty: float) -> np.ndarray:
    """The row in float64 with the repetition penalty applied to ``previous`` ids."""
    values = row.astype(np.float64)
    if penalty == 1 or previous.size == 0:
        return values
    ids = np.unique(previous)
    ids = ids[(ids >= 0) & (ids < values.size)]
    seen = values[ids]
    with np.errstate(over="ignore"):
        penalised = np.where(seen > 0, seen / penalty, seen * penalty)
    # a finite logit taken past the float64 range would rank as a tie with every other
    # such logit, or give inf - inf in the softmax: refused rather than drawn wrongly
    overflowed = np.isfinite(seen) & ~np.isfinite(penalised)
    if overflowed.any():
        at = int(np.flatnonzero(overflowed)[0])
        raise InputError(f"sampling: repetition_penalty {penalty!r} takes the logit "
                         f"{float(seen[at])!r} of token {int(ids[at])} past the float64 "
                         "range")
    values[ids] = penalised
    return values


def _at_least_kth(values: np.ndarray, k: int) -> np.ndarray:
    """Ascending ids of the tokens whose value is >= the k-th largest value."""
    if k >= values.size:
        return np.arange(values.size)
    kth = np.partition(values, values.size - k)[values.size - k]
    return np.flatnonzero(values >= kth)


def _nucleus(values: np.ndarray, ids: np.ndarray, top_p: float) -> np.ndarray:
    """Of the tokens ``ids`` (every token whose value could matter), the top-p nucleus,
    ranked by value (larger first, ties by lower id)."""
    weights = np.exp(values[ids] - values[ids].max())
    total = weights.sum()
    # Only the best-ranked tokens can be in the nucleus: grow a candidate set (all
    # tokens at or above a value threshold, so ties stay together) until its mass
    # reaches top_p; every token outside it has at least that much mass above it.
    count = FIRST_NUCLEUS_CANDIDATES
    while True:
        local = _at_least_kth(values[ids], count)
        if local.size == ids.size or weights[local].sum() >= top_p * total:
            break
        count *= 4
    order = local[np.lexsort((ids[local], -values[ids[local]]))]
    mass_before = np.cumsum(weights[order]) - weights[order]
    keep = mass_before < top_p * total
    keep[0] = True
    return ids[order[keep]]


def _kept_tokens(values: np.ndarray, params: SamplingParams) -> tuple[np.ndarray, np.ndarray]:
    """(ids, probabilities in float64) of the tokens a draw can return, for a row of
    penalised logits."""
    if params.is_greedy:
        return np.array([int(np.argmax(values))]), np.ones(1)
    # shifted by the largest first: a temperature so small that a logit over it
    # overflows (1e-310) then gives -inf to the others, and inf - inf never appears
    with np.errstate(over="ignore"):
        values = (values - values.max()) / params.temperature
    if params.top_k > 0:
        ids = _at_least_kth(values, params.top_k)
    else:
        ids = np.flatnonzero(values > -np.inf)
    if params.top_p < 1:
        ids = _nucleus(values, ids, params.top_p)
    weights = np.exp(values[ids] - values[ids].max())
    return ids, weights / weights.sum()


# ---------------------------------------------------------------------- public API
def token_distribution(logits: np.ndarray, params: SamplingParams,
                       context: Sequence[Sequence[int]] | None = None) -> np.ndarray:
    """The float64 probabilities [batch, vocab] that :class:`Sampler` draws each row's
    token from (0 for filtered tokens; a one-hot row when greedy).

    ``logits`` is a float array [batch, vocab]; ``context`` (for the repetition
    penalty) holds each row's previous token ids. InputError for bad logits or a
    context of another batch size.
    """
    array = _check_logits(logits)
    out = np.zeros(array.shape, dtype=np.float64)
    for row, previous in enumerate(_contexts(context, array.shape[0])):
        values = _penalised(array[row], previous, params.repetition_penalty)
        ids, probs = _kept_tokens(values, params)
        out[row, ids] = probs
    return out


def greedy(logits: np.ndarray) -> np.ndarray:
    """int64 [batch]: the id of each row's largest logit (ties: the lowest id)."""
    picks, finite = argmax_rows(_logits_array(logits))
    _refuse_rows(~finite)
    return picks.astype(np.int64)


class Sampler:
    """Draws one token id per row of logits with ``params``.

    The sampler owns a ``numpy.random.Generator`` seeded with ``params.seed`` (or the
    given ``rng``): the same seed and the same logits give the same tokens. Each call
    draws one uniform number per row (none when greedy), rows in order. The generator
    is made on first use: greedy decoding never imports ``numpy.random`` (which loads
    OpenSSL through ``secrets``: 5 MiB of a decoder process's resident memory).
    """

    def __init__(self, params: SamplingParams | None = None,
                 rng: np.random.Generator | None = None):
        if params is not None and not isinstance(params, SamplingParams):
            raise InputError(f"sampling must be a SamplingParams (SamplingParams.greedy(), "
                             f"SamplingParams(temperature=0.8, ...)), got {params!r}")
        self.params = SamplingParams() if params is None else params
        self._rng = rng

    @property
    def rng(self) -> np.random.Generator:
        """The generator the draws come from (made from ``params.seed`` on first use)."""
        if self._rng is None:
            self._rng = np.random.default_rng(self.params.seed)
        return self._rng

    def __call__(self, logits: np.ndarray,
                 context: Sequence[Sequence[int]] | None = None) -> np.ndarray:
        """int64 [batch]: a token id for each row of ``logits`` [batch, vocab].
        ``context``: each row's previous token ids (used by the repetition penalty)."""
        params = self.params
        if params.takes_argmax:
            return greedy(logits)
        array = _check_logits(logits)
        previous = _contexts(context, array.shape[0])
        uniforms = None if params.is_greedy else self.rng.random(array.shape[0])
        tokens = np.empty(array.shape[0], dtype=np.int64)
        for row in range(array.shape[0]):
            values = _penalised(array[row], previous[row], params.repetition_penalty)
            ids, probs = _kept_tokens(values, params)
            if uniforms is None:
                tokens[row] = ids[0]
                continue
            cumulative = np.cumsum(probs)
            pick = np.searchsorted(cumulative, uniforms[row] * cumulative[-1], side="right")
            tokens[row] = ids[min(int(pick), ids.size - 1)]
        return tokens

    def __repr__(self) -> str:
        return f"<rlx.Sampler {self.params}>"
