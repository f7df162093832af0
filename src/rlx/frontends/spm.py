"""SentencePiece-style BPE for GGUF "llama" vocabularies, in Python.

The ``tokenizers`` library runs this BPE only from an explicit list of merges, which
for such a vocabulary must be derived from the scores of every piece: 515k merges for
Gemma 3's 262k pieces, one second to build and 300 MB held in the process on every
start. :class:`SpmBackend` merges by the scores themselves, which needs nothing but the
vocabulary (a dict built in milliseconds), and encodes as that derived-merges
``tokenizers`` model does, piece for piece (the tests compare the two on the packaged
Gemma 3 vocabulary):

* Control and user-defined tokens are matched in the raw text first (the longest at
  the leftmost position); the text between them is normalised on its own (``▁``
  prepended to a non-empty run when ``add_space_prefix``, spaces replaced by ``▁``).
* A run starts as one symbol per character (a character missing from the vocabulary
  becomes its UTF-8 bytes' ``<0xNN>`` tokens, or the unknown token, consecutive unknowns
  fused). Adjacent symbols merge while their concatenation is a mergeable piece (normal,
  user-defined or unused) made of two mergeable pieces; the pair merged next is the one
  whose merged piece scores highest, then has the lowest id, then whose left piece has
  the lowest id, then the leftmost.
* ``decode`` maps ``▁`` back to a space, joins runs of ``<0xNN>`` tokens into UTF-8
  (each byte of an invalid sequence becomes U+FFFD), and drops the space the prefix
  added.

It offers the part of ``tokenizers.Tokenizer``'s interface that
:class:`rlx.frontends.tokenizer.Tokenizer` uses.
"""

from __future__ import annotations

import functools
import heapq
import re
from collections.abc import Sequence

import numpy as np

from rlx.frontends.strings import StringIndex, as_string_table

SPIECE_SPACE = "\u2581"
TOKEN_NORMAL, TOKEN_UNKNOWN, TOKEN_CONTROL, TOKEN_USER_DEFINED, TOKEN_UNUSED, TOKEN_BYTE = (
    1, 2, 3, 4, 5, 6)
_MERGEABLE = (TOKEN_NORMAL, TOKEN_USER_DEFINED, TOKEN_UNUSED)
_BYTE_TOKEN = re.compile(r"<0x([0-9A-Fa-f]{2})>")
LOOKUP_MEMO = 1 << 14


def first_ids(tokens: Sequence[str]) -> dict[str, int]:
    """token -> id; a token listed twice keeps its first id."""
    strings = list(tokens)
    return dict(zip(reversed(strings), range(len(strings) - 1, -1, -1)))  # first id last


class SpmEncoding:
    """The ids of one encoded text (``type_ids`` all 0), as ``tokenizers.Encoding``."""

    __slots__ = ("ids", "type_ids")

    def __init__(self, ids: list[int]):
        self.ids = ids
        self.type_ids = [0] * len(ids)


class SpmBackend:
    """A SentencePiece-style BPE over ``tokens`` (see the module docstring).

    ``token_types`` and ``scores`` are per token; ``unk`` is the unknown token's id (or
    None); ``bos`` / ``eos`` are added around each text as ``add_bos`` / ``add_eos`` say
    when encoding with special tokens."""

    def __init__(self, tokens: Sequence[str], token_types: np.ndarray, scores: np.ndarray,
                 unk: int | None, add_space_prefix: bool, bos: int | None, eos: int | None,
                 add_bos: bool, add_eos: bool):
        # the pieces as one table of UTF-8 and an index over it (rlx.frontends.strings),
        # not a str per piece and a dict: Gemma 3's 262k pieces take 5.2 MiB, not 37
        self._tokens = as_string_table(tokens)
        self._index = StringIndex(self._tokens)
        # the id a piece merges under is its last one among duplicates (as the derived
        # merges rank them); the merge loop asks for the same pieces again and again: a
        # bounded memo of those lookups (at most LOOKUP_MEMO entries, a few MiB)
        self._last_id = functools.lru_cache(maxsize=LOOKUP_MEMO)(self._index.last)
        types = np.asarray(token_types)
        # per token, compact (Gemma 3's 262k: 0.26 MB of flags, and the scores read in
        # place from a GGUF file's mapping; not 2 MB of list and 8 MB of float objects),
        # read one entry at a time as Python values
        self._mergeable = np.isin(types, _MERGEABLE).astype(np.uint8).tobytes()
        scores = np.asarray(scores)
        exact = np.ascontiguousarray(
            scores, np.float32 if scores.dtype == np.float32 else np.float64)
        self._scores = memoryview(exact).cast("B").cast(exact.dtype.char)
        self._unk = unk
        self._prefix = add_space_prefix
        self._before = [bos] if add_bos else []
        self._after = [eos] if add_eos else []
        self._byte_ids = [self._index.first(f"<0x{b:02X}>") for b in range(256)]
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
    def encode(self, text: str, add_special_tokens: bool = True) -> SpmEncoding:
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
            return SpmEncoding(self._before + ids + self._after)
        if self._max_length is not None:
            ids = ids[:self._max_length]
        return SpmEncoding(ids)

    def encode_batch(self, texts: Sequence[str],
                     add_special_tokens: bool = True) -> list[SpmEncoding]:
        return [self.encode(t, add_special_tokens) for t in texts]

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

    def _run(self, text: str) -> list[int]:
        """The ids of a run of text between matched tokens."""
        if not text:
            return []
        if self._prefix:
            text = SPIECE_SPACE + text
        text = text.replace(" ", SPIECE_SPACE)
        symbols = self._symbols(text)
        if len(symbols) > 1:
            symbols = self._merge(symbols)
        first = self._index.first
        return [first(s) if isinstance(s, str) else s for s in symbols]

    def _symbols(self, text: str) -> list[str | int]:
        """One symbol per character: the character (a piece of the vocabulary) or, for
        one outside it, its bytes' token ids or the unknown token's id (runs of unknowns
        fused into one)."""
        out: list[str | int] = []
        first, byte_ids, unk = self._index.first, self._byte_ids, self._unk
        for ch in text:
            if first(ch) is not None:
                out.append(ch)
                continue
            ids = [byte_ids[b] for b in ch.encode("utf-8")]
            if all(i is not None for i in ids):
                out += ids
            elif unk is not None and not (out and out[-1] == unk):
                out.append(unk)
        return out

    def _rank(self, left: str | int, right: str | int) -> tuple[float, int, int] | None:
        """The priority of merging two adjacent symbols (lower first), or None."""
        if not (isinstance(left, str) and isinstance(right, str)):
            return None
        last = self._last_id
        merged = last(left + right)
        if merged is None or not self._mergeable[merged]:
            return None
        li, ri = last(left), last(right)
        if li is None or ri is None or not (self._mergeable[li] and self._mergeable[ri]):
            return None
        return (-self._scores[merged], merged, li)

    def _merge(self, symbols: list[str | int]) -> list[str | int]:
        """Merge adjacent symbols by rank (then leftmost) until no pair merges: a heap
        of candidate pairs over a linked list of symbols."""
        n = len(symbols)
        nxt = list(range(1, n + 1))
        prv = list(range(-1, n - 1))
        alive = [True] * n
        heap = []
        for i in range(n - 1):
            r = self._rank(symbols[i], symbols[i + 1])
            if r is not None:
                heap.append((r, i, symbols[i], symbols[i + 1]))
        heapq.heapify(heap)
        while heap:
            _, i, left, right = heapq.heappop(heap)
            j = nxt[i] if i < n else n
            if not alive[i] or j >= n or symbols[i] != left or symbols[j] != right:
                continue                    # stale: a neighbour merged since
            symbols[i] = left + right
            alive[j] = False
            nxt[i] = nxt[j]
            if nxt[i] < n:
                prv[nxt[i]] = i
            p = prv[i]
            if p >= 0:
                r = self._rank(symbols[p], symbols[i])
                if r is not None:
                    heapq.heappush(heap, (r, p, symbols[p], symbols[i]))
            if nxt[i] < n:
                r = self._rank(symbols[i], symbols[nxt[i]])
                if r is not None:
                    heapq.heappush(heap, (r, i, symbols[i], symbols[nxt[i]]))
        return [s for s, a in zip(symbols, alive) if a]

    # ---------------------------------------------------------------- decoding
    def decode(self, ids: Sequence[int], skip_special_tokens: bool = True) -> str:
        pieces: list[str] = []
        pending = bytearray()
        for i in ids:
            if skip_special_tokens and i in self._special:
                continue
            token = self.id_to_token(i)
            if token is None:
                continue
            m = _BYTE_TOKEN.fullmatch(token)
            if m:
                pending.append(int(m.group(1), 16))
                continue
            if pending:
                pieces.append(_utf8_or_replacement(pending))
                pending = bytearray()
            pieces.append(token.replace(SPIECE_SPACE, " "))
        if pending:
            pieces.append(_utf8_or_replacement(pending))
        text = "".join(pieces)
        if self._prefix and text.startswith(" "):
            text = text[1:]
        return text


def _utf8_or_replacement(data: bytearray) -> str:
    """``data`` as UTF-8, or one U+FFFD per byte when it is not valid UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return "\ufffd" * len(data)
