"""What rlx's own tokenizing engines share: a vocabulary held compactly, the control
and user-defined tokens matched in the raw text, BOS / EOS, truncation, and the merge
loop of a BPE.

:class:`PieceEngine` offers the part of ``tokenizers.Tokenizer``'s interface that
:class:`rlx.frontends.tokenizer.Tokenizer` uses; an engine adds how a run of text
between matched tokens becomes ids (``_run``) and how ids become text (``decode``).
The engines are :class:`rlx.frontends.spm.SpmBackend` (SentencePiece-style BPE by
scores) and :class:`rlx.frontends.bytebpe.ByteBpeBackend` (GPT-2's byte-level BPE by a
merge list).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

import numpy as np

from rlx.frontends.strings import StringIndex, as_string_table

TOKEN_NORMAL, TOKEN_UNKNOWN, TOKEN_CONTROL, TOKEN_USER_DEFINED, TOKEN_UNUSED, TOKEN_BYTE = (
    1, 2, 3, 4, 5, 6)
"""``tokenizer.ggml.token_type`` values."""

Symbol = TypeVar("Symbol", bound=Hashable)


def first_ids(tokens: Sequence[Hashable]) -> dict[Hashable, int]:
    """token -> id (tokens as str or as their UTF-8 bytes); a token listed twice keeps
    its first id."""
    strings = list(tokens)
    return dict(zip(reversed(strings), range(len(strings) - 1, -1, -1)))  # first id last


class Encoding:
    """The ids of one encoded text (``type_ids`` all 0), as ``tokenizers.Encoding``."""

    __slots__ = ("ids", "type_ids")

    def __init__(self, ids: list[int]):
        self.ids = ids
        self.type_ids = [0] * len(ids)


class PieceEngine:
    """A vocabulary of ``tokens`` with per-token ``token_types``.

    Control (type 3) and user-defined (type 4) tokens are matched in the raw text
    first, the longest at the leftmost position; the text between them is encoded by
    the engine's ``_run``. ``bos`` / ``eos`` are added around each text as ``add_bos``
    / ``add_eos`` say when encoding with special tokens; truncation keeps them. A token
    listed twice is known by its first id (``id_to_token`` of a later one is None)."""

    def __init__(self, tokens: Sequence[str], token_types: np.ndarray, bos: int | None,
                 eos: int | None, add_bos: bool, add_eos: bool):
        # the pieces as one table of UTF-8 and an index over it (rlx.frontends.strings),
        # not a str per piece and a dict: Gemma 3's 262k pieces take 5.2 MiB, not 37
        self._tokens = as_string_table(tokens)
        self._index = StringIndex.cached(self._tokens)
        types = np.asarray(token_types)
        self._before = [bos] if add_bos else []
        self._after = [eos] if add_eos else []
        self._special = frozenset(np.flatnonzero(types == TOKEN_CONTROL).tolist())
        # tokens matched in the raw text: by first character, the lengths to try (longest
        # first); a regular expression of Gemma 3's 6k such tokens took 0.25 s to compile
        self._matched = {self._tokens[i] for i in np.flatnonzero(
            (types == TOKEN_CONTROL) | (types == TOKEN_USER_DEFINED)).tolist()}
        self._matched.discard("")
        lengths: dict[str, set[int]] = {}
        for token in self._matched:
            lengths.setdefault(token[0], set()).add(len(token))
        self._lengths = {c: sorted(ls, reverse=True) for c, ls in lengths.items()}
        self._max_length: int | None = None

    # ---------------------------------------------------------------- configuration
    def no_padding(self) -> None:
        """Nothing to switch off: encodings are never padded here."""

    def no_truncation(self) -> None:
        self._max_length = None

    def enable_truncation(self, max_length: int) -> None:
        self._max_length = int(max_length)

    # ---------------------------------------------------------------- vocabulary
    def get_vocab_size(self, with_added_tokens: bool = True) -> int:
        return self._index.distinct

    def token_to_id(self, token: str) -> int | None:
        return self._index.first(token)

    def id_to_token(self, token_id: int) -> str | None:
        if 0 <= token_id < len(self._tokens):
            token = self._tokens[token_id]
            if self._index.first(token) == token_id:
                return token
        return None

    # ---------------------------------------------------------------- encoding
    def encode(self, text: str, add_special_tokens: bool = True) -> Encoding:
        ids = []
        pos = 0
        for start, token in self._find_matched(text):
            ids += self._run(text[pos:start])
            ids.append(self._index.first(token))
            pos = start + len(token)
        ids += self._run(text[pos:])
        if add_special_tokens:
            extra = len(self._before) + len(self._after)
            if self._max_length is not None:
                if self._max_length < extra:
                    raise ValueError(f"max_length {self._max_length} leaves no room for the "
                                     f"{extra} special tokens")
                ids = ids[:self._max_length - extra]
            return Encoding(self._before + ids + self._after)
        if self._max_length is not None:
            ids = ids[:self._max_length]
        return Encoding(ids)

    def encode_batch(self, texts: Sequence[str],
                     add_special_tokens: bool = True) -> list[Encoding]:
        return [self.encode(t, add_special_tokens) for t in texts]

    def _run(self, text: str) -> list[int]:
        """The ids of a run of text between matched tokens."""
        raise NotImplementedError

    def _find_matched(self, text: str) -> list[tuple[int, str]]:
        """(start, token) of the control and user-defined tokens in ``text``, left to
        right, the longest at each position, not overlapping."""
        found = []
        lengths, matched = self._lengths, self._matched
        i, n = 0, len(text)
        while i < n:
            for length in lengths.get(text[i], ()):
                if text[i:i + length] in matched:
                    found.append((i, text[i:i + length]))
                    i += length
                    break
            else:
                i += 1
        return found

    def decode(self, ids: Sequence[int], skip_special_tokens: bool = True) -> str:
        raise NotImplementedError


def merge_pairs(symbols: list[Symbol],
                pair: Callable[[Symbol, Symbol], tuple[object, Symbol] | None]
                ) -> list[Symbol]:
    """BPE's merge loop: while some adjacent pair merges, merge the one of lowest
    priority, the leftmost among equals. ``pair(left, right)`` gives (priority, merged
    symbol) or None when the two do not merge. A heap of candidate pairs over a linked
    list of symbols; an entry whose symbols changed since it was pushed is skipped."""
    n = len(symbols)
    if n < 2:
        return symbols
    nxt = list(range(1, n + 1))
    prv = list(range(-1, n - 1))
    alive = [True] * n
    heap = []
    for i in range(n - 1):
        found = pair(symbols[i], symbols[i + 1])
        if found is not None:
            heap.append((found[0], i, symbols[i], symbols[i + 1], found[1]))
    heapq.heapify(heap)
    while heap:
        _, i, left, right, merged = heapq.heappop(heap)
        j = nxt[i]
        if not alive[i] or j >= n or symbols[i] != left or symbols[j] != right:
            continue                    # stale: a neighbour merged since
        symbols[i] = merged
        alive[j] = False
        nxt[i] = nxt[j]
        if nxt[i] < n:
            prv[nxt[i]] = i
        p = prv[i]
        if p >= 0:
            found = pair(symbols[p], merged)
            if found is not None:
                heapq.heappush(heap, (found[0], p, symbols[p], merged, found[1]))
        if nxt[i] < n:
            found = pair(merged, symbols[nxt[i]])
            if found is not None:
                heapq.heappush(heap, (found[0], i, merged, symbols[nxt[i]], found[1]))
    return [s for s, a in zip(symbols, alive) if a]
