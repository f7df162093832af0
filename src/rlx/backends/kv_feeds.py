"""The KV feeds' row copies behind :class:`rlx.backends.base.Executable`'s
``feed_kv_*`` hooks: bounds checks, the numpy copies, the run feed's description
(:class:`RunFeed`) and the native row copier's addresses (:class:`FeedAddresses`).

Re-exported by :mod:`rlx.backends.base`, the contract these helpers serve.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rlx.errors import InputError


def _check_rows(dst: np.ndarray, dst_at: int, src: np.ndarray, src_at: int, n: int) -> None:
    if n < 0 or dst_at < 0 or src_at < 0 or dst_at + n > dst.size or src_at + n > src.size:
        raise InputError(f"KV feed out of bounds: dst[{dst_at}:{dst_at + n}] of {dst.size}, "
                         f"src[{src_at}:{src_at + n}] of {src.size}")


def _copy_rows(dst: np.ndarray, dst_at: int, src: np.ndarray, src_at: int, n: int) -> None:
    _check_rows(dst, dst_at, src, src_at, n)
    dst[dst_at:dst_at + n] = src[src_at:src_at + n].astype(dst.dtype, copy=False)


def feed_row(pairs: Sequence[tuple[np.ndarray, np.ndarray]], src_row: int, dst_row: int,
             row_elems: int) -> None:
    """``feed_kv_row`` over the (destination, source) buffer ``pairs``: row ``src_row``
    of each source into row ``dst_row`` of its destination, rows of ``row_elems``
    elements. Every pair is checked before the first copy (InputError): a failed
    feed leaves every cache as it was."""
    if row_elems <= 0:
        raise InputError(f"KV feed: row_elems must be positive, got {row_elems}")
    dst_at, src_at = dst_row * row_elems, src_row * row_elems
    for dst, src in pairs:
        _check_rows(dst, dst_at, src, src_at, row_elems)
    for dst, src in pairs:
        dst[dst_at:dst_at + row_elems] = src[src_at:src_at + row_elems].astype(dst.dtype,
                                                                                copy=False)


def _check_capacities(pairs: Sequence[tuple[np.ndarray, np.ndarray]], src_caps: Sequence[int],
                      batch: int, dst_cap: int, row_elems: int,
                      addresses: FeedAddresses | None = None) -> None:
    """InputError unless ``batch`` sequences of ``src_caps[i]`` (source i) and
    ``dst_cap`` (every destination) rows of ``row_elems`` elements fit each buffer of
    the (destination, source) ``pairs``."""
    if row_elems <= 0 or dst_cap < 0 or min(src_caps, default=0) < 0:
        raise InputError(f"KV feed: row_elems ({row_elems}) must be positive and the "
                         f"capacities ({list(src_caps)}, {dst_cap}) not negative")
    # each distinct (sizes, capacity) once: a decode step feeds 60 pairs of two sizes
    uniform = len(set(src_caps)) == 1
    if uniform and addresses is not None:
        combos = {(d, s, src_caps[0]) for d, s in addresses.sizes}
    else:
        combos = {(dst.size, src.size, cap) for (dst, src), cap in zip(pairs, src_caps)}
    for dst_size, src_size, src_cap in combos:
        for what, size, cap in (("destination", dst_size, dst_cap), ("source", src_size,
                                                                      src_cap)):
            if batch * cap * row_elems > size:
                raise InputError(f"KV feed: {batch} sequences of {cap} rows of {row_elems} "
                                 f"elements exceed the {what}'s {size} elements")


def _feed_ragged(pairs: Sequence[tuple[np.ndarray, np.ndarray]], src_row: int,
                 src_caps: Sequence[int], dst_rows: Sequence[int], dst_cap: int,
                 row_elems: int, rows: int | Sequence[int],
                 addresses: FeedAddresses | None = None) -> None:
    """``feed_kv_batch_major_ragged`` over the (destination, source) buffer ``pairs``,
    source ``i`` holding sequences of ``src_caps[i]`` rows. Every row read or written
    lies inside its own sequence's capacity (a row past one sequence's ``seq_cap`` is
    not the next sequence's first), and ``len(dst_rows)`` sequences of that many rows
    fit in each buffer: InputError before any copy. With ``addresses`` (the pairs'
    own, :class:`FeedAddresses`) every span moves in one native call (a decode step of
    SmolLM2: 180 spans, 0.25 ms as numpy slices)."""
    batch = len(dst_rows)
    counts = [int(rows)] * batch if np.ndim(rows) == 0 else [int(r) for r in rows]
    if len(counts) != batch:
        raise InputError(f"KV feed: {len(counts)} row counts for {batch} destination rows")
    _check_capacities(pairs, src_caps, batch, dst_cap, row_elems, addresses)
    for src_cap in set(src_caps):
        for dst_row, count in zip(dst_rows, counts):
            if count and (count < 0 or not 0 <= dst_row <= dst_cap - count
                          or not 0 <= src_row <= src_cap - count):
                raise InputError(f"KV feed: {count} rows at {dst_row} (dst cap {dst_cap}) "
                                 f"or {src_row} (src cap {src_cap}) out of range")
    if addresses is not None:
        addresses.copy_ragged(src_row, src_caps, dst_rows, dst_cap, row_elems, counts)
        return
    for (dst, src), src_cap in zip(pairs, src_caps):
        for b, (dst_row, count) in enumerate(zip(dst_rows, counts)):
            if count:
                _copy_rows(dst, (b * dst_cap + dst_row) * row_elems, src,
                           (b * src_cap + src_row) * row_elems, count * row_elems)


@dataclass(frozen=True, eq=False)
class RunFeed:
    """A KV feed every run makes (:meth:`Executable.feed_kv_on_run`): the arguments of
    :meth:`Executable.feed_kv_batch_major_ragged`, the destination rows and row counts
    as int64 arrays (one entry a sequence) that the caller rewrites in place between
    runs. InputError for arrays of another kind."""

    src_row: int
    src_seq_cap: int
    dst_rows: np.ndarray
    dst_seq_cap: int
    row_elems: int
    counts: np.ndarray

    def __post_init__(self) -> None:
        for what, a in (("dst_rows", self.dst_rows), ("counts", self.counts)):
            if not (isinstance(a, np.ndarray) and a.dtype == np.int64 and a.ndim == 1
                    and a.flags.c_contiguous and a.flags.writeable):
                raise InputError(f"feed_kv_on_run: {what} must be a writable, contiguous "
                                 "1-D int64 array (rewritten in place between runs)")
        if len(self.dst_rows) != len(self.counts):
            raise InputError(f"feed_kv_on_run: {len(self.counts)} row counts for "
                             f"{len(self.dst_rows)} destination rows")
        if self.src_row < 0:
            raise InputError(f"feed_kv_on_run: src_row must not be negative, got "
                             f"{self.src_row}")


@dataclass(frozen=True, eq=False)
class PagedRunFeed:
    """A paged KV feed every run makes (:meth:`Executable.feed_kv_on_run`): the
    arguments of :meth:`Executable.feed_kv_paged`, the block tables [seqs, width], starts
    and counts [seqs] as int64 arrays that the caller rewrites in place between runs.
    InputError for arrays of another kind or shape."""

    src_seq_cap: int
    tables: np.ndarray
    starts: np.ndarray
    counts: np.ndarray
    page: int
    row_elems: int

    def __post_init__(self) -> None:
        for what, a, ndim in (("block_tables", self.tables, 2), ("starts", self.starts, 1),
                              ("counts", self.counts, 1)):
            if not (isinstance(a, np.ndarray) and a.dtype == np.int64 and a.ndim == ndim
                    and a.flags.c_contiguous and a.flags.writeable):
                raise InputError(f"feed_kv_paged_on_run: {what} must be a writable, "
                                 f"contiguous {ndim}-D int64 array (rewritten in place "
                                 "between runs)")
        seqs = len(self.tables)
        if self.starts.shape != (seqs,) or self.counts.shape != (seqs,):
            raise InputError(f"feed_kv_paged_on_run: {self.starts.size} starts and "
                             f"{self.counts.size} counts for {seqs} block tables")
        if self.page <= 0 or self.row_elems <= 0 or self.src_seq_cap < 0:
            raise InputError(f"feed_kv_paged_on_run: page ({self.page}) and row_elems "
                             f"({self.row_elems}) must be positive and src_seq_cap "
                             f"({self.src_seq_cap}) not negative")

    def layout(self, sizes: Iterable[tuple[int, int]]) -> tuple[int, int] | None:
        """:func:`_paged_layout` of buffer pairs of these sizes for this feed."""
        return _paged_layout(sizes, len(self.tables), self.src_seq_cap, self.page,
                             self.row_elems)


RowCopier = Callable[[int, int, int, int, int, int, int, int, int, int], None]
"""``copy(pairs, dst, src, itemsize, row_elems, src_caps, src_row, seqs, plan, dst_cap)``,
addresses as ints: for each pair p < ``pairs`` (its flat buffers at addresses
``dst[p]`` and ``src[p]``, int64 arrays at ``dst`` and ``src``; ``itemsize[p]`` bytes an
element) and each sequence b < ``seqs``, ``counts[b]`` rows of ``row_elems`` elements
from row ``b * src_caps[p] + src_row`` of the source to row ``b * dst_cap + dst_rows[b]``
of the destination. ``plan`` is an int64 array holding ``src_caps`` (pairs), then
``dst_rows`` and ``counts`` (seqs each). The caller checks every bound first."""

PagedCopier = Callable[..., "str | None"]
"""``copy(pairs, dst, src, itemsize, row_elems, seqs, heads, src_cap, page, pages, width,
tables, starts, counts, mark)``, addresses as ints, the paged feed's checks and copies
in one native call (``rlx_feed_paged`` of the cpu device's programs): pair p's pool (the
flat buffer at ``dst[p]``, as for :data:`RowCopier`) is [pages, heads, page, row_elems]
and its source (at ``src[p]``) [seqs, heads, src_cap, row_elems]; rows ``0 ..
counts[b] - 1`` of sequence b go to its positions ``starts[b] ..`` through its row of
``tables`` ([seqs, width] int64 page ids). Every bound is checked before any row is
copied; returns None, or the message of the first failed check (nothing copied).
``mark`` is ``pages * page`` zero bytes, zero again on return."""


@dataclass(frozen=True)
class FeedAddresses:
    """The KV feed pairs' buffers as addresses (one element a pair, in int64 arrays kept
    here), the distinct (destination, source) sizes, and the executable's native row
    copier (:meth:`Executable.row_copier`) and paged feed, where it has one
    (:meth:`Executable.paged_copier`)."""

    copy_rows: RowCopier
    dst: np.ndarray
    src: np.ndarray
    itemsize: np.ndarray
    sizes: frozenset[tuple[int, int]]
    copy_paged: PagedCopier | None = None
    pointers: tuple[int, int, int] = field(init=False)
    # the zero bytes rlx_feed_paged marks the pool rows it writes in (grown as needed)
    _marks: list[np.ndarray] = field(init=False, default_factory=list, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pointers", (self.dst.ctypes.data, self.src.ctypes.data,
                                              self.itemsize.ctypes.data))

    def feed_paged(self, row_elems: int, heads: int, src_cap: int, page: int, pages: int,
                   tables: np.ndarray, starts: np.ndarray, counts: np.ndarray) -> None:
        """The checks and copies of :func:`_feed_paged` in one native call (int64
        ``tables`` [seqs, width], ``starts`` and ``counts`` [seqs]); InputError, with
        nothing copied, from the first check that fails."""
        arrays = [np.ascontiguousarray(a) for a in (tables, starts, counts)]
        message = self.copy_paged(len(self.dst), *self.pointers, row_elems, len(starts),
                                  heads, src_cap, page, pages, tables.shape[1],
                                  *(a.ctypes.data for a in arrays),
                                  self.marks(pages * page).ctypes.data)
        if message is not None:
            raise InputError(message)

    def marks(self, size: int) -> np.ndarray:
        """At least ``size`` zero bytes for the native paged feed's marks (kept, grown
        as needed; the feed leaves them zero)."""
        if not self._marks or self._marks[0].size < size:
            self._marks[:] = [np.zeros(size, np.uint8)]
        return self._marks[0]

    def copy_ragged(self, src_row: int, src_caps: Sequence[int], dst_rows: Sequence[int],
                    dst_cap: int, row_elems: int, counts: Sequence[int]) -> None:
        """The copies of :func:`_feed_ragged` (checked there) in one call: sequence b's
        ``counts[b]`` rows of every pair."""
        plan = np.concatenate([np.asarray(a, np.int64) for a in (src_caps, dst_rows, counts)])
        self.copy_rows(len(self.dst), *self.pointers, row_elems, src_row, len(dst_rows),
                       plan.ctypes.data, dst_cap)


def _int_array(value: Any, what: str, ndim: int) -> np.ndarray:
    """``value`` as an int64 array of ``ndim`` axes; InputError if it is not integers."""
    try:
        array = np.asarray(value)
    except ValueError:
        raise InputError(f"feed_kv_paged: {what} must be {ndim}-D integers (a ragged "
                         "list was given)") from None
    if array.size == 0 and array.ndim == ndim:
        array = array.astype(np.int64)
    if array.ndim != ndim or not np.issubdtype(array.dtype, np.integer):
        raise InputError(f"feed_kv_paged: {what} must be {ndim}-D integers, got "
                         f"{array.dtype} of shape {array.shape}")
    return array.astype(np.int64, copy=False)


def _feed_paged(pairs: Sequence[tuple[np.ndarray, np.ndarray]], src_seq_cap: int,
                block_tables: Any, starts: Any, counts: Any, page: int,
                row_elems: int, addresses: FeedAddresses | None = None) -> None:
    """``feed_kv_paged`` over the flat (destination, source) buffer ``pairs``: every
    check first, then the copies. With ``addresses`` (the pairs' own,
    :class:`FeedAddresses`) whose executable checks and copies natively (cpu:
    :class:`PagedCopier`) and one kv head count for every pair, the whole feed is one
    native call: a SmolLM2 decode step's feed (60 pairs) took 463 -> 180-245 us with one
    sequence and 728 -> 374-426 us with 16, in the Python between two steps, where the
    numpy checks' twenty-odd calls run cold. Otherwise numpy checks, then one native
    call for every row where each sequence's new rows lie on one pool page (a decode
    step of SmolLM2 fed its 60 pairs in 0.5 ms with a numpy gather and scatter each),
    else one gather and one scatter of whole rows per pair."""
    tables = _int_array(block_tables, "block_tables", 2)
    batch, max_pages = tables.shape
    starts, counts = _int_array(starts, "starts", 1), _int_array(counts, "counts", 1)
    if starts.shape != (batch,) or counts.shape != (batch,):
        raise InputError(f"feed_kv_paged: {starts.size} starts and {counts.size} counts for "
                         f"{batch} block tables")
    if page <= 0 or row_elems <= 0 or src_seq_cap < 0:
        raise InputError(f"feed_kv_paged: page ({page}) and row_elems ({row_elems}) must be "
                         f"positive and src_seq_cap ({src_seq_cap}) not negative")
    if addresses is not None and addresses.copy_paged is not None:
        layout = _native_paged_layout(addresses.sizes, batch, src_seq_cap, page, row_elems)
        if layout is not None:
            heads, pages = layout
            addresses.feed_paged(row_elems, heads, src_seq_cap, page, pages, tables, starts,
                                 counts)
            return
    bad = (counts < 0) | (counts > src_seq_cap) | (starts < 0) \
        | (starts + counts > max_pages * page)
    if bad.any():
        b = int(np.argmax(bad))
        raise InputError(f"feed_kv_paged: sequence {b}: {counts[b]} rows at position "
                         f"{starts[b]} are outside its table of {max_pages * page} positions "
                         f"or its {src_seq_cap} source rows")
    total = int(counts.sum())
    if total == 0:
        return
    seq = np.repeat(np.arange(batch), counts)
    row = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    pos = starts[seq] + row
    ids = tables[seq, pos // page]
    slot = pos % page
    if np.unique(ids * page + slot).size != total:
        raise InputError("feed_kv_paged: two rows would be written to one pool row (the "
                         "block tables share a page where rows are appended)")
    shapes: dict[tuple[int, int], tuple[int, int]] = {}
    for dst, src in pairs:
        if (dst.size, src.size) not in shapes:
            shapes[dst.size, src.size] = _paged_shape(dst.size, src.size, batch, src_seq_cap,
                                                      page, row_elems)
    for pages in sorted({p for _, p in shapes.values()}):
        bad = (ids < 0) | (ids >= pages)
        if bad.any():
            i = int(np.argmax(bad))
            raise InputError(f"feed_kv_paged: block_tables[{seq[i]}, {pos[i] // page}] = "
                             f"{ids[i]} is outside [0, {pages}) (the pool holds {pages} "
                             "pages)")
    head_counts = {h for h, _ in shapes.values()}
    live = counts > 0
    first = starts % page
    if addresses is not None and len(head_counts) == 1 and \
            bool(np.all(first[live] + counts[live] <= page)):
        # segment b * heads + h: the source rows from (b * heads + h) * src_seq_cap, into
        # the page holding the sequence's new rows from its row ``first``
        (heads,) = head_counts
        page_ids = np.zeros(batch, np.int64)
        page_ids[live] = tables[live, starts[live] // page]
        dst_rows = (page_ids[:, None] * heads + np.arange(heads)) * page + first[:, None]
        addresses.copy_ragged(0, np.full(len(pairs), src_seq_cap, np.int64),
                              dst_rows.ravel(), 0, row_elems, np.repeat(counts, heads))
        return
    rows: dict[int, tuple[np.ndarray | None, np.ndarray]] = {}
    for dst, src in pairs:
        heads = shapes[dst.size, src.size][0]
        if heads not in rows:
            h = np.arange(heads)
            src_rows = ((seq[:, None] * heads + h) * src_seq_cap + row[:, None]).ravel()
            if src_rows.size * row_elems == src.size and \
                    (src_rows == np.arange(src_rows.size)).all():
                src_rows = None          # every source row in order
            rows[heads] = (src_rows, ((ids[:, None] * heads + h) * page + slot[:, None]).ravel())
        src_rows, dst_rows = rows[heads]
        source, pool = src.reshape(-1, row_elems), dst.reshape(-1, row_elems)
        new = source if src_rows is None else source[src_rows]
        pool[dst_rows] = new.astype(dst.dtype, copy=False)


def _paged_layout(sizes: Iterable[tuple[int, int]], batch: int, src_seq_cap: int,
                  page: int, row_elems: int) -> tuple[int, int] | None:
    """(kv heads, the fewest pool pages) of the paged feed's (destination, source) buffer
    pairs of these sizes, or None when their head counts differ (the native feed takes
    one); InputError when a pair does not hold the layout (:func:`_paged_shape`)."""
    shapes = {_paged_shape(d, s, batch, src_seq_cap, page, row_elems) for d, s in sizes}
    heads = {h for h, _ in shapes}
    return (heads.pop(), min(p for _, p in shapes)) if len(heads) == 1 else None


def _native_paged_layout(sizes: Iterable[tuple[int, int]], batch: int, src_seq_cap: int,
                         page: int, row_elems: int) -> tuple[int, int] | None:
    """:func:`_paged_layout`, None where a pair does not hold the layout (the numpy path
    then raises, its checks in their order)."""
    try:
        return _paged_layout(sizes, batch, src_seq_cap, page, row_elems)
    except InputError:
        return None


def _paged_shape(dst_size: int, src_size: int, batch: int, src_seq_cap: int, page: int,
                 row_elems: int) -> tuple[int, int]:
    """(kv heads, pool pages) of a pair of ``dst_size`` and ``src_size`` elements: the
    source a whole [B, Hkv, src_seq_cap, row_elems], the pool a whole [P, Hkv, page,
    row_elems]; InputError when they are not."""
    per_head = batch * src_seq_cap * row_elems
    heads = src_size // per_head if per_head else 0
    if heads == 0 or heads * per_head != src_size:
        raise InputError(f"feed_kv_paged: a source of {src_size} elements is not "
                         f"[{batch}, Hkv, {src_seq_cap}, {row_elems}]")
    per_page = heads * page * row_elems
    if dst_size % per_page:
        raise InputError(f"feed_kv_paged: a pool of {dst_size} elements is not "
                         f"[P, {heads}, {page}, {row_elems}]")
    return heads, dst_size // per_page
