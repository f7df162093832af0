"""A paged KV cache's bookkeeping: pages, sequences' page tables, shared prefixes, steps.

The cache of a paged :class:`~rlx.models.DecoderModel` is one pool of fixed-size pages
per layer (``[pages, n_kv_heads, tokens_per_page, head_dim]``, keys and values); a
sequence's token ``t`` lives in page ``pages[t // tokens_per_page]`` at row
``t % tokens_per_page`` (the ``block_table`` operand of ``cached_attention``). This
module holds the host side, plain Python and numpy:

* :class:`PagePool` hands out page ids and counts references: a page shared by several
  sequences (a common prompt prefix) returns to the pool when the last one lets go.
* :class:`PagedSequence` is one sequence's page table and length: it reserves pages
  before tokens are appended, gives them back when it is truncated or released.
* :class:`PrefixCache` remembers full pages by the tokens that filled them (a hash of
  the whole prefix up to the page's end, so a page is only found after the same
  tokens), holding a reference of its own; a new sequence whose prompt starts the same
  way adopts those pages instead of computing them again. Pages only the cache holds
  are evicted, least recently used first, when the pool runs out.
* :class:`BatchConstructor` plans one step of a server: decoding sequences first (one
  token each), then pieces of prompts up to a token budget, never more than
  ``max_entries`` sequences.

Full pages are never written again: a sequence appends at its length, which lies in
its last, partly filled page (its own) or in a new one, so sharing full pages needs no
copy.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from rlx.digest import blake2b
from rlx.errors import InputError

__all__ = ["BatchConstructor", "PagePool", "PagedSequence", "PrefixCache", "StepEntry"]


class PagePool:
    """``pages`` page ids of ``tokens_per_page`` tokens, ``bytes_per_page`` bytes each
    (over all layers' keys and values: the offset of page i is ``i * bytes_per_page``).
    InputError for sizes below 1."""

    def __init__(self, pages: int, tokens_per_page: int, bytes_per_page: int = 1):
        for name, value in (("pages", pages), ("tokens_per_page", tokens_per_page),
                            ("bytes_per_page", bytes_per_page)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
                raise InputError(f"PagePool: {name} must be an integer >= 1, got {value!r}")
        self.pages = int(pages)
        self.tokens_per_page = int(tokens_per_page)
        self.bytes_per_page = int(bytes_per_page)
        self._free = list(range(self.pages - 1, -1, -1))     # pop() gives the lowest id
        self._refs = [0] * self.pages

    @property
    def free_pages(self) -> int:
        return len(self._free)

    def alloc(self) -> int | None:
        """A free page (one reference), or None when every page is taken."""
        if not self._free:
            return None
        page = self._free.pop()
        self._refs[page] = 1
        return page

    def share(self, page: int) -> int:
        """Add a reference to a taken ``page``; returns it."""
        self._check(page)
        self._refs[page] += 1
        return page

    def free(self, page: int) -> None:
        """Drop a reference; the page is free again when none is left."""
        self._check(page)
        self._refs[page] -= 1
        if self._refs[page] == 0:
            self._free.append(page)

    def refs(self, page: int) -> int:
        return self._refs[page]

    def offset(self, page: int) -> int:
        """The byte offset of ``page`` in a buffer of all pages."""
        if not 0 <= page < self.pages:
            raise InputError(f"PagePool: page {page} is outside [0, {self.pages})")
        return page * self.bytes_per_page

    def _check(self, page: int) -> None:
        if not 0 <= page < self.pages or self._refs[page] == 0:
            raise InputError(f"PagePool: page {page} is not taken")


class PagedSequence:
    """One sequence's pages and length in ``pool``."""

    def __init__(self, pool: PagePool):
        self.pool = pool
        self.pages: list[int] = []
        self.length = 0

    def page_for_token(self, t: int) -> int:
        """The page holding token ``t``; InputError for a token past the pages."""
        if not 0 <= t < len(self.pages) * self.pool.tokens_per_page:
            raise InputError(f"token {t} is outside the sequence's "
                             f"{len(self.pages)} pages")
        return self.pages[t // self.pool.tokens_per_page]

    def reserve(self, tokens: int, cache: PrefixCache | None = None) -> bool:
        """Take pages until ``tokens`` tokens fit (evicting pages only ``cache`` holds
        when the pool runs out); False, taking none, when they cannot be had."""
        need = -(-int(tokens) // self.pool.tokens_per_page) - len(self.pages)
        if need <= 0:
            return True
        if need > self.pool.free_pages and cache is not None:
            cache.evict(need - self.pool.free_pages)
        if need > self.pool.free_pages:
            return False
        self.pages += [self.pool.alloc() for _ in range(need)]
        return True

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` tokens; pages past them go back to the pool."""
        if not 0 <= length <= self.length:
            raise InputError(f"truncate: length must be in [0, {self.length}], got {length}")
        keep = -(-int(length) // self.pool.tokens_per_page)
        for page in self.pages[keep:]:
            self.pool.free(page)
        del self.pages[keep:]
        self.length = int(length)

    def release(self) -> None:
        """Give every page back; the sequence is empty."""
        self.truncate(0)

    def adopt(self, pages: Sequence[int]) -> None:
        """Start an empty sequence with full ``pages`` someone else holds (a shared
        prefix): each gets a reference of this sequence; the length becomes theirs."""
        if self.pages or self.length:
            raise InputError("adopt: the sequence must be empty")
        self.pages = [self.pool.share(p) for p in pages]
        self.length = len(self.pages) * self.pool.tokens_per_page


class PrefixCache:
    """Full pages by the tokens before and in them (module docstring). ``lookup`` finds
    the longest cached chain of pages a token sequence starts with; ``insert`` adds a
    sequence's full pages; ``evict`` frees pages only the cache holds."""

    def __init__(self, pool: PagePool):
        self.pool = pool
        self._pages: OrderedDict[bytes, int] = OrderedDict()    # chain hash -> page
        self.hits = 0             # tokens found by lookup
        self.lookups = 0          # tokens asked for

    def __len__(self) -> int:
        return len(self._pages)

    def _chain(self, tokens: Sequence[int], pages: int) -> list[bytes]:
        size = self.pool.tokens_per_page
        out, digest = [], b""
        for i in range(pages):
            piece = np.asarray(tokens[i * size:(i + 1) * size], np.int64).tobytes()
            digest = blake2b(digest + piece, digest_size=16).digest()
            out.append(digest)
        return out

    def lookup(self, tokens: Sequence[int]) -> list[int]:
        """The cached pages of ``tokens``' longest cached prefix of whole pages (the
        caller adopts them, e.g. :meth:`PagedSequence.adopt`)."""
        self.lookups += len(tokens)
        found = []
        for key in self._chain(tokens, len(tokens) // self.pool.tokens_per_page):
            page = self._pages.get(key)
            if page is None:
                break
            self._pages.move_to_end(key)
            found.append(page)
        self.hits += len(found) * self.pool.tokens_per_page
        return found

    def insert(self, tokens: Sequence[int], pages: Sequence[int]) -> None:
        """Remember the full pages of a sequence holding ``tokens`` in ``pages``."""
        full = min(len(tokens) // self.pool.tokens_per_page, len(pages))
        for key, page in zip(self._chain(tokens, full), pages):
            if key in self._pages:
                self._pages.move_to_end(key)
                continue
            self._pages[key] = self.pool.share(page)

    def evict(self, pages: int) -> int:
        """Free up to ``pages`` pages only the cache holds, least recently used first;
        returns how many were freed."""
        freed = 0
        for key in list(self._pages):
            if freed >= pages:
                break
            page = self._pages[key]
            if self.pool.refs(page) == 1:
                del self._pages[key]
                self.pool.free(page)
                freed += 1
        return freed

    def clear(self) -> None:
        for page in self._pages.values():
            self.pool.free(page)
        self._pages.clear()


@dataclass(frozen=True)
class StepEntry:
    """A sequence's part of a step: ``tokens`` new tokens (1 when decoding)."""

    sequence: int
    tokens: int
    decoding: bool


class BatchConstructor:
    """Plans a step: at most ``max_entries`` sequences and ``token_budget`` tokens.
    InputError for sizes below 1."""

    def __init__(self, max_entries: int, token_budget: int):
        if min(max_entries, token_budget) < 1:
            raise InputError(f"BatchConstructor: max_entries and token_budget must be >= 1, "
                             f"got {max_entries} and {token_budget}")
        self.max_entries = int(max_entries)
        self.token_budget = int(token_budget)

    def build(self, decoding: Sequence[int], prefilling: Sequence[tuple[int, int]]
              ) -> list[StepEntry]:
        """The step's entries: each decoding sequence (one token), in order, then
        prefilling ``(sequence, tokens left)`` pairs in order, each cut to the budget
        that is left (a prefill that gets no token waits for a later step)."""
        entries = [StepEntry(s, 1, True) for s in decoding[:min(self.max_entries,
                                                                self.token_budget)]]
        budget = self.token_budget - len(entries)
        for sequence, left in prefilling:
            if len(entries) >= self.max_entries or budget <= 0:
                break
            take = min(int(left), budget)
            if take > 0:
                entries.append(StepEntry(sequence, take, False))
                budget -= take
        return entries
