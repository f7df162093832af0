"""GPT-2's byte-level BPE for GGUF "gpt2" vocabularies, in Python.

The ``tokenizers`` library runs this BPE as well, from the same vocabulary and merge
list; a decoder process then held the library (5 MiB of code) and its tables (8 MiB of
heap for SmolLM2's 49k tokens and 49k merges) besides the model. :class:`ByteBpeBackend`
holds the vocabulary as one table of UTF-8 and the merges as two sorted arrays (1.8
MiB for SmolLM2), and encodes as the ``tokenizers`` model does, id for id (the tests
compare the two on the packaged SmolLM2 vocabulary and on random text):

* Control and user-defined tokens are matched in the raw text first
  (:class:`rlx.frontends.pieces.PieceEngine`).
* The text between them is split: first, for llama.cpp's ``smollm`` rule, before and
  after every number character (Unicode categories Nd, Nl, No); then by GPT-2's
  pattern (``'s``, ``'t``, ..., an optional space and a run of letters, of numbers, or
  of other characters, runs of whitespace), with the Unicode classes the ``tokenizers``
  library uses: ``NUMBER_RANGES`` lists the Nl / No characters that Python's ``\\d``
  leaves out, and whitespace is Unicode's White_Space (Python's ``\\s`` would add
  U+001C to U+001F).
* Each piece's UTF-8 bytes become GPT-2's printable stand-ins (``char_of_byte``), one
  symbol per byte; a byte whose stand-in is not in the vocabulary is dropped. Adjacent
  symbols merge by the merge list, the earliest-listed pair first, then the leftmost.
* ``decode`` maps each token's stand-ins back to bytes (a token with other characters,
  such as a control token, gives its own UTF-8) and reads the whole as UTF-8, an
  invalid sequence becoming U+FFFD.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections.abc import Sequence

import numpy as np

from rlx.frontends.pieces import PieceEngine, first_ids, merge_pairs
from rlx.frontends.strings import StringTable, as_string_table
from rlx.runtime.program_store import derived

__all__ = ["NUMBER_RANGES", "ByteBpeBackend", "byte_of_char", "char_of_byte", "stand_in_bytes"]

NUMBER_RANGES = (
    (0x00B2, 0x00B3), (0x00B9, 0x00B9), (0x00BC, 0x00BE), (0x09F4, 0x09F9),
    (0x0B72, 0x0B77), (0x0BF0, 0x0BF2), (0x0C78, 0x0C7E), (0x0D58, 0x0D5E),
    (0x0D70, 0x0D78), (0x0F2A, 0x0F33), (0x1369, 0x137C), (0x16EE, 0x16F0),
    (0x17F0, 0x17F9), (0x19DA, 0x19DA), (0x2070, 0x2070), (0x2074, 0x2079),
    (0x2080, 0x2089), (0x2150, 0x2182), (0x2185, 0x2189), (0x2460, 0x249B),
    (0x24EA, 0x24FF), (0x2776, 0x2793), (0x2CFD, 0x2CFD), (0x3007, 0x3007),
    (0x3021, 0x3029), (0x3038, 0x303A), (0x3192, 0x3195), (0x3220, 0x3229),
    (0x3248, 0x324F), (0x3251, 0x325F), (0x3280, 0x3289), (0x32B1, 0x32BF),
    (0xA6E6, 0xA6EF), (0xA830, 0xA835), (0x10107, 0x10133), (0x10140, 0x10178),
    (0x1018A, 0x1018B), (0x102E1, 0x102FB), (0x10320, 0x10323), (0x10341, 0x10341),
    (0x1034A, 0x1034A), (0x103D1, 0x103D5), (0x10858, 0x1085F), (0x10879, 0x1087F),
    (0x108A7, 0x108AF), (0x108FB, 0x108FF), (0x10916, 0x1091B), (0x109BC, 0x109BD),
    (0x109C0, 0x109CF), (0x109D2, 0x109FF), (0x10A40, 0x10A48), (0x10A7D, 0x10A7E),
    (0x10A9D, 0x10A9F), (0x10AEB, 0x10AEF), (0x10B58, 0x10B5F), (0x10B78, 0x10B7F),
    (0x10BA9, 0x10BAF), (0x10CFA, 0x10CFF), (0x10E60, 0x10E7E), (0x10F1D, 0x10F26),
    (0x10F51, 0x10F54), (0x10FC5, 0x10FCB), (0x11052, 0x11065), (0x111E1, 0x111F4),
    (0x1173A, 0x1173B), (0x118EA, 0x118F2), (0x11C5A, 0x11C6C), (0x11FC0, 0x11FD4),
    (0x12400, 0x1246E), (0x16B5B, 0x16B61), (0x16E80, 0x16E96), (0x1D2E0, 0x1D2F3),
    (0x1D360, 0x1D378), (0x1E8C7, 0x1E8CF), (0x1EC71, 0x1ECAB), (0x1ECAD, 0x1ECAF),
    (0x1ECB1, 0x1ECB4), (0x1ED01, 0x1ED2D), (0x1ED2F, 0x1ED3D), (0x1F100, 0x1F10C),
)
"""The characters of Unicode categories Nl and No, as inclusive code point ranges (the
Unicode database of Python 3.11; ``tests/frontends/test_bytebpe.py`` checks them
against the running Python's). With Python's ``\\d`` (Nd) they make ``\\p{N}``."""

_WHITESPACE = r"\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_OTHER_NUMBERS = "".join(f"\\U{a:08x}-\\U{b:08x}" for a, b in NUMBER_RANGES)
_NUMBER = rf"[\d{_OTHER_NUMBERS}]"
_LETTER = rf"[^\W\d_{_OTHER_NUMBERS}]"     # \w is exactly letters, numbers and "_"
_SPACE = f"[{_WHITESPACE}]"
_OTHER = rf"(?:[^\w{_WHITESPACE}]|_)"
GPT2_SPLIT = re.compile(
    rf"'s|'t|'re|'ve|'m|'ll|'d| ?{_LETTER}+| ?{_NUMBER}+| ?{_OTHER}+"
    rf"|{_SPACE}+(?![^{_WHITESPACE}])|{_SPACE}+")
"""GPT-2's pre-tokenizer pattern, as the ``tokenizers`` library's ``ByteLevel`` runs it."""
NUMBER_SPLIT = re.compile(f"({_NUMBER})")
"""Splits a text before and after each number character, keeping it."""
WORD_MEMO = 1 << 13
"""The encoded words remembered (cleared when full)."""


def _byte_stand_ins() -> list[str]:
    """GPT-2's printable stand-in for each byte: bytes that print as themselves (``!``
    to ``~``, ``\\xa1`` to ``\\xac``, ``\\xae`` to ``\\xff``) keep their code point, the
    others take 256, 257, ... in byte order."""
    keep = {*range(0x21, 0x7F), *range(0xA1, 0xAD), *range(0xAE, 0x100)}
    moved = iter(range(256, 512))
    return [chr(b) if b in keep else chr(next(moved)) for b in range(256)]


char_of_byte = _byte_stand_ins()
"""The stand-in character of each byte value."""
byte_of_char = {c: b for b, c in enumerate(char_of_byte)}
"""The byte each stand-in character stands for."""


def stand_in_bytes(token: str) -> bytes | None:
    """The bytes a byte-level token's stand-in characters stand for; None when it holds
    another character."""
    try:
        return bytes([byte_of_char[c] for c in token])
    except KeyError:
        return None


class ByteBpeBackend(PieceEngine):
    """GPT-2's byte-level BPE over ``tokens`` and ``merges`` (see the module docstring).

    ``merges`` are "left right" strings, earliest first; a pair listed twice keeps its
    last place. ``split_numbers`` isolates each number character first (llama.cpp's
    ``smollm`` rule). ValueError for a merge that is not two tokens separated by a
    space, or one whose tokens or merged token are not in the vocabulary."""

    def __init__(self, tokens: Sequence[str], token_types: np.ndarray, merges: Sequence[str],
                 split_numbers: bool, bos: int | None, eos: int | None, add_bos: bool,
                 add_eos: bool):
        super().__init__(tokens, token_types, bos, eos, add_bos, add_eos)
        self._split_numbers = split_numbers
        self._vocab = len(self._tokens)
        merges = as_string_table(merges)
        self._byte_ids, keys, values = derived(
            "byte-bpe-merges", (*self._tokens.parts(), *merges.parts()),
            lambda: _merge_tables(self._tokens, merges))
        self._pair_keys = array("q", keys)
        self._pair_values = array("q", values)
        self._words: dict[str, list[int]] = {}

    def _pair(self, left: int, right: int) -> tuple[int, int] | None:
        """(the merge's rank, the merged id), or None when the pair does not merge."""
        key = left * self._vocab + right
        keys = self._pair_keys
        i = bisect_left(keys, key)
        if i == len(keys) or keys[i] != key:
            return None
        value = self._pair_values[i]
        return value >> 32, value & 0xFFFFFFFF

    def _run(self, text: str) -> list[int]:
        ids: list[int] = []
        pieces = NUMBER_SPLIT.split(text) if self._split_numbers else (text,)
        for piece in pieces:
            for word in GPT2_SPLIT.findall(piece):
                ids += self._word(word)
        return ids

    def _word(self, word: str) -> list[int]:
        """The ids of one pre-tokenized word."""
        found = self._words.get(word)
        if found is None:
            byte_ids = self._byte_ids
            symbols = [byte_ids[b] for b in word.encode("utf-8") if byte_ids[b] is not None]
            found = merge_pairs(symbols, self._pair)
            if len(self._words) >= WORD_MEMO:
                self._words.clear()
            self._words[word] = found
        return found

    # ---------------------------------------------------------------- decoding
    def token_bytes(self, token: str) -> bytes:
        """The bytes a token's text stands for: its stand-ins' bytes, or its own UTF-8
        when it holds another character."""
        found = stand_in_bytes(token)
        return token.encode("utf-8") if found is None else found

    def decode(self, ids: Sequence[int], skip_special_tokens: bool = True) -> str:
        data = bytearray()
        for i in ids:
            if skip_special_tokens and i in self._special:
                continue
            token = self.id_to_token(i)
            if token is not None:
                data += self.token_bytes(token)
        return data.decode("utf-8", "replace")


def _merge_tables(tokens: StringTable, merges: StringTable
                  ) -> tuple[list[int | None], bytes, bytes]:
    """(the id of each byte's stand-in, or None; the merge table's sorted keys and its
    values, as int64 bytes) of a vocabulary and its "left right" merges (see
    :class:`ByteBpeBackend`); ValueError for a malformed merge."""
    # the build works on UTF-8 bytes, as the tables hold them (no str per piece)
    ids = first_ids(list(tokens.utf8_items()))
    byte_ids = [ids.get(c.encode("utf-8")) for c in char_of_byte]
    pairs = [merge.split(b" ") for merge in merges.utf8_items()]
    if any(len(pair) != 2 for pair in pairs):
        bad = next(merge for merge, pair in zip(merges, pairs) if len(pair) != 2)
        raise ValueError(f"merge {bad!r} is not two tokens separated by a space")
    get = ids.get
    lefts = [get(left) for left, _ in pairs]
    rights = [get(right) for _, right in pairs]
    merged = [get(left + right) for left, right in pairs]
    if None in lefts or None in rights or None in merged:
        rank = next(r for r, trio in enumerate(zip(lefts, rights, merged)) if None in trio)
        left, right = pairs[rank]
        piece = next(piece for piece, token_id in zip(
            (left, right, left + right), (lefts[rank], rights[rank], merged[rank]))
            if token_id is None)
        raise ValueError(f"merge {merges[rank]!r}: {piece.decode()!r} is not in the "
                         "vocabulary")
    # (left id, right id) -> (rank, merged id): sorted keys left * vocab + right and
    # their values rank << 32 | merged, searched by bisection; of a pair listed twice
    # the last place stays, as in the tokenizers library's table
    keys = np.array(lefts, np.int64) * len(tokens) + np.array(rights, np.int64)
    order = np.lexsort((np.arange(len(keys)), keys))
    keys = keys[order]
    last = np.append(keys[1:] != keys[:-1], True) if len(keys) else np.zeros(0, bool)
    values = (order.astype(np.int64) << 32) | np.array(merged, np.int64)[order]
    return byte_ids, keys[last].tobytes(), values[last].tobytes()
