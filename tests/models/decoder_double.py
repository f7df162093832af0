"""A tiny stand-in for a decoder model, for tests of generation and ``rlx generate``.

:class:`BigramLM` implements the decoder protocol (``reset`` / ``prefill`` / ``decode``
/ ``lengths``, ``verify`` / ``truncate`` for speculative decoding, ``config.eos_ids``,
``tokenizer``, ``chat_template``) with a numpy table: the logits after token ``t`` are
``table[t]``. Its tokenizer is a byte-level BPE built from GGUF-style metadata, with
merges that cut multi-byte UTF-8 characters in the middle, so greedy chains through the
table produce tokens that split characters. The model checks the protocol's invariants
(batch sizes, cache room) and records its calls.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rlx.frontends.tokenizer import tokenizer_from_gguf_metadata

SPECIALS = ["<s>", "</s>", "<|user|>", "<|bot|>"]
# byte-level spellings: "æĿ" is the first two bytes of 東 (e6 9d b1), "Łļ" the middle
# two of 🚀 (f0 9f 9a 80), "Ġo k" is " ok"
MERGES = ["æ Ŀ", "Ł ļ", "Ġ o", "Ġo k", "h i"]
CHAT_TEMPLATE = ("{{ bos_token }}{% for m in messages %}"
                 "{% if m['role'] == 'user' %}<|user|>{% else %}<|bot|>{% endif %}"
                 "{{ m['content'] }}\n{% endfor %}"
                 "{% if add_generation_prompt %}<|bot|>{% endif %}")


def byte_symbols() -> list[str]:
    """The 256 printable stand-ins of byte-level BPE, in byte order: printable Latin-1
    bytes stand for themselves, the others map to 256, 257, ... in byte order."""
    printable = [*range(ord("!"), ord("~") + 1), *range(0xA1, 0xAD), *range(0xAE, 0x100)]
    symbols, extra = [], 0
    for b in range(256):
        if b in printable:
            symbols.append(chr(b))
        else:
            symbols.append(chr(256 + extra))
            extra += 1
    return symbols


def make_tokenizer(chat_template: str | None = CHAT_TEMPLATE):
    tokens = SPECIALS + byte_symbols() + [m.replace(" ", "") for m in MERGES]
    types = [3] * len(SPECIALS) + [1] * (len(tokens) - len(SPECIALS))
    metadata = {"tokenizer.ggml.model": "gpt2", "tokenizer.ggml.pre": "gpt2",
                "tokenizer.ggml.tokens": tokens, "tokenizer.ggml.token_type": types,
                "tokenizer.ggml.merges": MERGES, "tokenizer.ggml.bos_token_id": 0,
                "tokenizer.ggml.eos_token_id": 1, "tokenizer.ggml.add_bos_token": True}
    if chat_template is not None:
        metadata["tokenizer.chat_template"] = chat_template
    return tokenizer_from_gguf_metadata(metadata)


@dataclass(frozen=True)
class DoubleConfig:
    vocab_size: int
    bos_id: int = 0
    eos_ids: tuple[int, ...] = (1,)


class BigramLM:
    """Logits of the next token = ``table[last token]``."""

    def __init__(self, table: np.ndarray, tokenizer, max_seq: int | None = None,
                 max_batch: int | None = None, eos_ids: tuple[int, ...] = (1,)):
        self.table = np.asarray(table, dtype=np.float32)
        self.tokenizer = tokenizer
        self.chat_template = tokenizer.chat_template
        self.config = DoubleConfig(self.table.shape[0], eos_ids=eos_ids)
        if max_seq is not None:
            self.max_seq = max_seq
        if max_batch is not None:
            self.max_batch = max_batch
        self.lengths = np.zeros(0, dtype=np.int64)
        self.calls: list[tuple] = []

    def reset(self, batch: int = 1) -> None:
        assert batch >= 1 and batch <= getattr(self, "max_batch", batch)
        self.lengths = np.zeros(batch, dtype=np.int64)
        self.calls.append(("reset", batch))

    def prefill(self, ids) -> np.ndarray:
        rows = [list(map(int, r)) for r in ids]
        assert len(rows) == len(self.lengths) and all(rows), rows
        self._grow(np.array([len(r) for r in rows]))
        self.calls.append(("prefill", rows))
        return self.table[[r[-1] for r in rows]].copy()

    def decode(self, next_ids) -> np.ndarray:
        next_ids = np.asarray(next_ids)
        assert next_ids.shape == self.lengths.shape and np.issubdtype(next_ids.dtype, np.integer)
        self._grow(1)
        self.calls.append(("decode", next_ids.tolist()))
        return self.table[next_ids].copy()

    verify_tokens = 8

    def verify(self, pieces) -> list[np.ndarray]:
        rows = [list(map(int, r)) for r in pieces]
        assert len(rows) == len(self.lengths) and any(rows), rows
        assert max(map(len, rows)) <= self.verify_tokens
        self._grow(np.array([len(r) for r in rows]))
        self.calls.append(("verify", rows))
        return [self.table[r].copy() for r in rows]

    def truncate(self, row: int, length: int) -> None:
        assert 0 <= length <= self.lengths[row]
        self.lengths[row] = length
        self.calls.append(("truncate", row, length))

    def _grow(self, count) -> None:
        self.lengths = self.lengths + count
        limit = getattr(self, "max_seq", None)
        assert limit is None or self.lengths.max() <= limit, (self.lengths, limit)


def chain_table(tokenizer, chain: dict[int, int], seed: int = 0) -> np.ndarray:
    """Random logits in [-1, 1] with ``table[a, chain[a]] = 5``: greedy decoding follows
    ``chain``."""
    vocab = tokenizer.vocab_size
    table = np.random.default_rng(seed).uniform(-1, 1, (vocab, vocab))
    for a, b in chain.items():
        table[a, b] = 5.0
    return table


def chain_through(tokenizer, prompt_last: int, texts: list[str], end: int = 1) -> dict[int, int]:
    """A chain from token ``prompt_last`` through the tokens of ``texts`` (each encoded
    alone, without specials) to ``end``. Token ids must not repeat along the chain."""
    ids = [prompt_last]
    for text in texts:
        ids += tokenizer.encode(text, add_special_tokens=False)
    ids.append(end)
    assert len(set(ids[:-1])) == len(ids) - 1, ids
    return dict(zip(ids[:-1], ids[1:]))


def greedy_reference(table: np.ndarray, last: int, steps: int, stop: set[int]) -> list[int]:
    """Greedy continuation by following the table's row maxima (the stop id excluded)."""
    out = []
    for _ in range(steps):
        last = int(np.argmax(table[last]))
        if last in stop:
            break
        out.append(last)
    return out
