"""Speculative decoding: draft several tokens cheaply, check them in one model call.

A decode step appends one token per call and costs about what reading the weights
costs, however few the tokens. Checking ``k`` drafted tokens costs about the same
call (:meth:`rlx.models.DecoderModel.verify` returns the logits after each of them),
so every accepted draft is a token for free.

* **Drafting** — :class:`PromptLookup` needs no second model: it finds the latest
  earlier occurrence of the context's last ``n`` tokens (``n`` from ``max_ngram``
  down to 1) and proposes the tokens that followed it. Text that repeats its context
  (code edits, summaries, extraction, chat that quotes the prompt) accepts many.
* **Acceptance** — :func:`accept_drafts` is the rule of Leviathan et al. and Chen et
  al.: draft ``d_i`` with draft probability ``q_i(d_i)`` is kept with probability
  ``min(1, p_i(d_i) / q_i(d_i))`` under the target's distribution ``p_i``; the first
  rejected one is replaced by a draw from ``norm(max(0, p_i - q_i))``, and when every
  draft is kept one more token is drawn from ``p_k``. The tokens then come from the
  target's distribution exactly. A prompt-lookup draft is a point mass (``q`` one at
  the draft): kept with probability ``p(d)``, replaced by a draw from ``p`` without
  ``d``. Under greedy sampling ``p`` is one-hot, so no random number is drawn and the
  output is plain greedy decoding's (up to the rounding of the logits, which the
  verifying program computes with the kernels of several new rows rather than one).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from rlx.errors import InputError

__all__ = ["PromptLookup", "accept_drafts"]


class PromptLookup:
    """Drafts up to ``num_draft`` tokens by prompt lookup (module docstring), matching
    n-grams of ``max_ngram`` tokens down to ``min_ngram``. InputError unless
    1 <= min_ngram <= max_ngram and num_draft >= 1."""

    def __init__(self, num_draft: int = 4, max_ngram: int = 3, min_ngram: int = 1):
        for name, value in (("num_draft", num_draft), ("max_ngram", max_ngram),
                            ("min_ngram", min_ngram)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
                raise InputError(f"PromptLookup: {name} must be an integer >= 1, got {value!r}")
        if min_ngram > max_ngram:
            raise InputError(f"PromptLookup: min_ngram ({min_ngram}) exceeds max_ngram "
                             f"({max_ngram})")
        self.num_draft = int(num_draft)
        self.max_ngram = int(max_ngram)
        self.min_ngram = int(min_ngram)

    def draft(self, context: Sequence[int] | np.ndarray, limit: int | None = None) -> list[int]:
        """The tokens that followed the latest earlier occurrence of ``context``'s last
        n-gram (the longest n that occurs), at most ``min(num_draft, limit)``; [] when
        none occurs."""
        count = self.num_draft if limit is None else min(self.num_draft, int(limit))
        ids = np.asarray(context, np.int64).reshape(-1)
        if count <= 0:
            return []
        for n in range(min(self.max_ngram, ids.size - 1), self.min_ngram - 1, -1):
            # windows starting before the tail's own start, each followed by a token
            windows = sliding_window_view(ids[:-1], n)
            hits = np.flatnonzero((windows == ids[-n:]).all(axis=1))
            if hits.size:
                start = int(hits[-1]) + n
                return ids[start:start + count].tolist()
        return []

    def __repr__(self) -> str:
        return (f"<rlx.PromptLookup {self.num_draft} drafts, n-grams {self.max_ngram}.."
                f"{self.min_ngram}>")


def accept_drafts(target: np.ndarray, drafts: Sequence[int],
                  draft_probs: np.ndarray | None = None,
                  rng: np.random.Generator | None = None) -> list[int]:
    """The tokens a speculative step emits (module docstring): the accepted drafts, then
    one more token (the replacement of the first rejected draft, or a draw from the
    last distribution when all were kept), ``len(drafts) + 1`` at most.

    ``target``: float probabilities [k + 1, vocab], row i the target's distribution
    after the first i drafts; ``drafts``: the k drafted ids; ``draft_probs``: the
    draft's distributions [k, vocab] (None: each draft a point mass, as prompt lookup's
    are). ``rng`` draws the uniform numbers; it is only needed when a choice is not
    certain (never under greedy, one-hot, targets). InputError for shapes that do not
    agree or rows that are not distributions.
    """
    p = np.asarray(target, np.float64)
    k = len(drafts)
    if p.ndim != 2 or p.shape[0] != k + 1:
        raise InputError(f"accept_drafts: target must be [{k + 1}, vocab] for {k} drafts, got "
                         f"shape {p.shape}")
    q = None if draft_probs is None else np.asarray(draft_probs, np.float64)
    if q is not None and q.shape != (k, p.shape[1]):
        raise InputError(f"accept_drafts: draft_probs must be [{k}, {p.shape[1]}], got "
                         f"{q.shape}")
    if (p < 0).any() or not np.allclose(p.sum(axis=1), 1.0, atol=1e-6):
        raise InputError("accept_drafts: every target row must be a probability distribution")
    vocab = p.shape[1]
    out: list[int] = []
    for i, d in enumerate(int(t) for t in drafts):
        if not 0 <= d < vocab:
            raise InputError(f"accept_drafts: draft id {d} is outside the vocabulary ({vocab})")
        q_row = _point(d, vocab) if q is None else q[i]
        if q_row[d] <= 0:
            raise InputError(f"accept_drafts: draft {i} ({d}) has probability 0 under its "
                             "own distribution")
        ratio = min(1.0, p[i, d] / q_row[d])
        if ratio >= 1.0 or (ratio > 0.0 and _uniform(rng) < ratio):
            out.append(d)
            continue
        residual = np.maximum(p[i] - q_row, 0.0)
        total = residual.sum()
        out.append(_draw(residual / total if total > 0 else p[i], rng))
        return out
    out.append(_draw(p[k], rng))
    return out


def _point(token: int, vocab: int) -> np.ndarray:
    row = np.zeros(vocab)
    row[token] = 1.0
    return row


def _uniform(rng: np.random.Generator | None) -> float:
    if rng is None:
        raise InputError("accept_drafts: a random generator is needed for targets that are "
                         "not one-hot")
    return float(rng.random())


def _draw(probs: np.ndarray, rng: np.random.Generator | None) -> int:
    """A token from ``probs``, without a random number when one token holds it all."""
    support = np.flatnonzero(probs > 0)
    if support.size == 1:
        return int(support[0])
    cumulative = np.cumsum(probs)
    pick = np.searchsorted(cumulative, _uniform(rng) * cumulative[-1], side="right")
    return int(min(int(pick), probs.size - 1))
