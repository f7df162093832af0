"""Host memory for executables: aligned and huge-page-backed zeroed buffers, the
anonymous mappings behind them, and :class:`ParamStore`, the versioned dict of an
executable's param arrays.

Re-exported by :mod:`rlx.backends.base`, the contract these helpers serve.
"""

from __future__ import annotations

import ctypes
import functools
import itertools
import math
import mmap
import os
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from rlx.errors import OutOfMemoryError

_VERSIONS = itertools.count(1)


ALIGNMENT = 64
"""Byte alignment of every buffer an executable owns (params, outputs, handles): a
cache line and an AVX-512 vector, so that kernels' full-vector loads and stores
never straddle two lines."""


def round_up(n: int, multiple: int) -> int:
    """The least multiple of ``multiple`` at or above ``n``."""
    return -(-n // multiple) * multiple


HUGE_PAGE = 2 << 20
MAPPED_MIN = 64 << 10
"""Zeroed buffers of at least this many bytes get an anonymous mapping of their own,
whose pages become resident only as they are written: calloc hands out freed heap
memory again by clearing it, which writes every page (a 2 MiB KV cache holding 14
tokens was resident whole, and Gemma 3's 36 caches and 36 prefill outputs held 12 MiB
that no run had written)."""
HUGE_MIN = 4 << 20
"""Buffers of at least this many bytes are mapped on their own and advised onto
``HUGE_PAGE`` pages: a run reads a weight or an activation once and then leaves it
for a whole run, and memory left untouched that long was many times slower to read
again on 4 KiB pages (10 MB read after 70 ms untouched: 15 ms on 4 KiB pages, 0.7 ms on
2 MiB pages, measured here; page walks that miss the caches are the likely cause)."""


_CGROUP_LIMITS = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")


def _physical_memory() -> int | None:
    """Bytes of memory this process may have: the machine's physical memory, or its
    control group's limit where lower; None where the OS does not say."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None
    for path in _CGROUP_LIMITS:
        try:
            with open(path) as f:
                limit = f.read().strip()
        except OSError:
            continue
        if limit.isdigit():
            total = min(total, int(limit))
    return total


def _byte_size(nbytes: int) -> str:
    """``nbytes`` in bytes and, from a KiB on, in the largest binary unit under it."""
    text = f"{nbytes} bytes"
    for unit, shift in (("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if nbytes >= 1 << shift:
            return f"{text} ({nbytes / (1 << shift):.1f} {unit})"
    return text


@functools.cache
def _malloc_trim() -> Any:
    """The C library's ``malloc_trim`` (glibc's), or None where it has none."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def release_free_heap() -> None:
    """Hand the free pages inside the C heap back to the OS (glibc's ``malloc_trim``;
    nothing elsewhere). Loading a model or a stored program builds and drops many MiB of
    Python objects (a stored program's pickle, a vocabulary's build tables); the heap
    keeps their pages resident until something reuses them, 4 MiB of a SmolLM2 decoder's
    process. A few milliseconds, called where such a load ends."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def map_file(path: str) -> np.ndarray:
    """The bytes of the file at ``path`` as a read-only uint8 array mapped from it
    (nothing is read up front; the array keeps the mapping alive). Weights that kernels
    read as stored are bound to views of it. From HUGE_MIN bytes the mapping is
    advised onto huge pages where the OS has them: pages the file brings into the page
    cache through it then come in ``HUGE_PAGE`` pieces where the filesystem allows
    (ext4 and XFS on recent Linux kernels), and the mapping maps each with one entry, so
    a decode step that streams every weight walks one page-table entry per 2 MiB
    instead of 512. A page cache that already holds the file in small pages (one written
    a moment before, by an installer or a copy) keeps them until it drops them.

    OSError when the file cannot be opened or mapped."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size == 0:      # an empty file cannot be mapped
            return np.zeros(0, np.uint8)
        mapping = mmap.mmap(f.fileno(), size, access=mmap.ACCESS_READ)
    if size >= HUGE_MIN and hasattr(mmap, "MADV_HUGEPAGE"):
        try:
            mapping.madvise(mmap.MADV_HUGEPAGE)
        except OSError:      # a kernel without transparent huge pages: small pages
            pass
    return np.frombuffer(mapping, np.uint8)


def map_zeroed(nbytes: int, what: str = "rlx buffers") -> tuple[mmap.mmap, np.ndarray]:
    """(the mapping, its first ``nbytes`` zeroed bytes as a uint8 array): a private
    anonymous mapping, from HUGE_MIN bytes on ``HUGE_PAGE``-aligned and advised onto
    huge pages where the OS has them (shared anonymous memory would take none), whole
    ones: a last partial huge page would stay on small pages, and an 8.2 MB matrix
    read 2 ms slower for its 1.9 MB tail. The array keeps the mapping alive.

    OutOfMemoryError, naming ``nbytes`` and ``what`` they are for, when the OS refuses
    the mapping or it is larger than the machine's memory (an overcommitting OS would
    grant it and kill the process when the pages are touched)."""
    huge = nbytes >= HUGE_MIN and hasattr(mmap, "MADV_HUGEPAGE")
    span = round_up(nbytes, HUGE_PAGE) if huge else nbytes
    pad = HUGE_PAGE if huge else 0
    total = _physical_memory()
    if total is not None and nbytes > total:
        raise OutOfMemoryError(f"cannot allocate {_byte_size(nbytes)} for {what}: more than "
                               f"this machine's memory, {_byte_size(total)}")
    try:
        if hasattr(mmap, "MAP_PRIVATE"):
            mapping = mmap.mmap(-1, max(span + pad, 1),
                                flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        else:
            mapping = mmap.mmap(-1, max(span + pad, 1))
    except (OSError, OverflowError, ValueError) as e:
        raise OutOfMemoryError(f"cannot allocate {_byte_size(nbytes)} for {what}: {e}") from e
    whole = np.frombuffer(mapping, np.uint8)
    start = -whole.ctypes.data % HUGE_PAGE if huge else 0
    if huge:
        try:
            mapping.madvise(mmap.MADV_HUGEPAGE, start, span)
        except OSError:      # a kernel without transparent huge pages: small pages
            pass
    return mapping, whole[start:start + nbytes]


def aligned_zeros(shape: Sequence[int], dtype: Any, what: str = "an rlx buffer"
                  ) -> np.ndarray:
    """A zeroed C-contiguous array whose data starts on an ``ALIGNMENT`` boundary (from
    MAPPED_MIN bytes a mapping of its own, on huge pages from HUGE_MIN bytes:
    :func:`map_zeroed`, whose OutOfMemoryError names ``what`` the array is for)."""
    dtype = np.dtype(dtype)
    count = math.prod(int(d) for d in shape)     # Python ints: an int64 product can wrap
    if count * dtype.itemsize >= MAPPED_MIN:
        return map_zeroed(count * dtype.itemsize, what)[1].view(dtype).reshape(tuple(shape))
    raw = np.zeros(count * dtype.itemsize + ALIGNMENT, np.uint8)
    start = -raw.ctypes.data % ALIGNMENT
    return raw[start:start + count * dtype.itemsize].view(dtype).reshape(tuple(shape))


def pooled_zeros(types: Sequence[tuple[Sequence[int], Any]]) -> list[np.ndarray]:
    """Zeroed C-contiguous arrays of the given (shape, dtype)s, each ``ALIGNMENT``-aligned,
    side by side in one :func:`map_zeroed` mapping: a model's many small params (biases,
    norms) share a few huge pages instead of each taking small pages of its own."""
    sizes = [math.prod(int(d) for d in shape) * np.dtype(dtype).itemsize
             for shape, dtype in types]
    offsets = list(itertools.accumulate((round_up(n, ALIGNMENT) for n in sizes),
                                        initial=0))
    pool = map_zeroed(offsets[-1])[1]
    return [pool[at:at + n].view(dtype).reshape(tuple(shape))
            for at, n, (shape, dtype) in zip(offsets, sizes, types)]


def _pooled_params(types: Mapping[str, tuple[Sequence[int], Any]]) -> ParamStore:
    """A ParamStore of zeroed params of the given (shape, dtype)s, in one pool."""
    store = ParamStore(zip(types, pooled_zeros(list(types.values()))))
    store.owned = dict(store)
    return store


def aligned_empty(shape: Sequence[int], dtype: Any) -> np.ndarray:
    """An uninitialised C-contiguous array whose data starts on an ``ALIGNMENT``
    boundary: a view into a buffer ``ALIGNMENT`` bytes larger, taken from numpy's
    allocator (the memory a run's fresh outputs come from: the C library hands the
    pages freed by the previous run's outputs out again, without page faults)."""
    dtype = np.dtype(dtype)
    nbytes = math.prod(shape) * dtype.itemsize
    raw = np.empty(nbytes + ALIGNMENT, np.uint8)
    start = -raw.__array_interface__["data"][0] % ALIGNMENT     # .ctypes costs 1 us
    return raw[start:start + nbytes].view(dtype).reshape(shape)


def aligned_copy(array: np.ndarray) -> np.ndarray:
    """A C-contiguous, ``ALIGNMENT``-aligned copy of ``array``."""
    out = aligned_zeros(array.shape, array.dtype)
    np.copyto(out, array)
    return out


class ParamStore(dict):
    """An executable's param arrays by name, with a version that changes on every write.

    ``version`` is unique in the process (a global counter), so a backend may cache
    values derived from the params (e.g. weights repacked for a matrix kernel) keyed on
    (storage address, version): a write through any executable sharing this store, or a
    new store reusing a freed address, never matches an old key. Every path that writes
    param storage calls :meth:`touch`, and so does binding a handle that holds a value
    of the prepare stage (``__rlx_prep_<i>``, computed from the params). ``binding``
    changes whenever a name is given other storage (``bind_param``, or a write that
    returns a bound name to its own pooled array ``owned[name]``), so a backend that
    reads params through pointers knows when to take them again."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.version = next(_VERSIONS)
        self.binding = self.version      # changes when a name is given other storage
        self.owned: dict[str, np.ndarray] = {}

    def touch(self) -> None:
        self.version = next(_VERSIONS)

    def writable(self, name: str, keep: bool = False) -> np.ndarray:
        """The storage a write to ``name`` goes to: its own pooled array, made current
        again if an external array was bound (its values copied over first when
        ``keep``: a partial write)."""
        own = self.owned.get(name)
        current = self[name]
        if own is not None and current is not own:
            if keep:
                np.copyto(own, current)
            self[name] = own
            self.binding = next(_VERSIONS)
        return self[name]
