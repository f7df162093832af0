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
import re
from collections.abc import Sequence

import numpy as np

from rlx.frontends.pieces import (
    TOKEN_BYTE,
    TOKEN_CONTROL,
    TOKEN_NORMAL,
    TOKEN_UNKNOWN,
    TOKEN_UNUSED,
    TOKEN_USER_DEFINED,
    PieceEngine,
    merge_pairs,
)

__all__ = ["SPIECE_SPACE", "TOKEN_BYTE", "TOKEN_CONTROL", "TOKEN_NORMAL", "TOKEN_UNKNOWN",
           "TOKEN_UNUSED", "TOKEN_USER_DEFINED", "SpmBackend"]

SPIECE_SPACE = "\u2581"
_MERGEABLE = (TOKEN_NORMAL, TOKEN_USER_DEFINED, TOKEN_UNUSED)
_BYTE_TOKEN = re.compile(r"<0x([0-9A-Fa-f]{2})>")
LOOKUP_MEMO = 1 << 14


class SpmBackend(PieceEngine):
    """A SentencePiece-style BPE over ``tokens`` (see the module docstring).

    ``token_types`` and ``scores`` are per token; ``unk`` is the unknown token's id (or
    None); ``bos`` / ``eos`` are added around each text as ``add_bos`` / ``add_eos`` say
    when encoding with special tokens."""

    def __init__(self, tokens: Sequence[str], token_types: np.ndarray, scores: np.ndarray,
                 unk: int | None, add_space_prefix: bool, bos: int | None, eos: int | None,
                 add_bos: bool, add_eos: bool):
        super().__init__(tokens, token_types, bos, eos, add_bos, add_eos)
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
        self._byte_ids = [self._index.first(f"<0x{b:02X}>") for b in range(256)]

    # ---------------------------------------------------------------- encoding
    def _run(self, text: str) -> list[int]:
        """The ids of a run of text between matched tokens."""
        if not text:
            return []
        if self._prefix:
            text = SPIECE_SPACE + text
        text = text.replace(" ", SPIECE_SPACE)
        symbols = self._symbols(text)
        symbols = merge_pairs(symbols, self._pair)
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

    def _pair(self, left: str | int, right: str | int
              ) -> tuple[tuple[float, int, int], str] | None:
        """(the priority of merging two adjacent symbols, lower first; the merged
        piece), or None when they do not merge."""
        if not (isinstance(left, str) and isinstance(right, str)):
            return None
        last = self._last_id
        merged = left + right
        merged_id = last(merged)
        if merged_id is None or not self._mergeable[merged_id]:
            return None
        li, ri = last(left), last(right)
        if li is None or ri is None or not (self._mergeable[li] and self._mergeable[ri]):
            return None
        return (-self._scores[merged_id], merged_id, li), merged

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
