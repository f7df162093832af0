"""Compile caches: keep compiled graphs around instead of recompiling them.

* :class:`CompileCache` holds ``CompiledGraph``s under caller-chosen keys for one
  device, evicting the oldest entry (FIFO) beyond a fixed capacity.
* :class:`BucketedCompileCache` serves variable-length work (a sequence length, a
  token count) from a few graphs compiled at fixed *extents*: a key runs on the graph
  of the smallest extent that holds it, compiled lazily on first use.
  :meth:`BucketedCompileCache.run_padded` zero-pads inputs to that extent, hints the
  backend with ``set_active_extent``, runs, and slices outputs back.
* :func:`power_of_two_ladder` builds the usual extent list; :func:`pad_rows` and
  :func:`slice_rows` are the padding helpers ``run_padded`` uses.

The caches are not thread-safe; guard a shared one with a lock.
"""

from __future__ import annotations

import bisect
import functools
import math
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from rlx.errors import InputError
from rlx.ir.dtypes import exact_int
from rlx.ir.graph import Graph
from rlx.runtime.compiled import CompiledGraph
from rlx.runtime.options import CompileOptions
from rlx.runtime.session import Session

__all__ = ["BucketedCompileCache", "CompileCache", "pad_rows", "power_of_two_ladder",
           "slice_rows"]


def _integer(what: str, value: Any) -> int:
    """``value`` as a Python int; InputError for bools and non-integers."""
    n = exact_int(value)
    if n is None:
        raise InputError(f"{what} must be an integer, got {value!r}")
    return n


def _count(what: str, value: Any, minimum: int) -> int:
    """``value`` as a Python int ``>= minimum``; InputError otherwise."""
    n = _integer(what, value)
    if n < minimum:
        raise InputError(f"{what} must be >= {minimum}, got {n}")
    return n


# ---------------------------------------------------------------------- CompileCache
class CompileCache:
    """Compiled graphs for one device under caller-chosen hashable keys.

    ``get_or_compile(key, build)`` returns the entry for ``key``, compiling
    ``build()`` with ``rlx.Session(device, options)`` on a miss. An entry keeps its
    params: a hit returns the very ``CompiledGraph`` stored, with whatever was set on
    it. When an insertion takes the cache past ``capacity`` entries, the entry
    inserted first is evicted (FIFO: hits do not refresh an entry's age).

    Raises InputError when ``capacity`` is not an integer >= 1, and DeviceError for an
    unknown or unavailable device.
    """

    def __init__(self, device: str, capacity: int, options: CompileOptions | None = None):
        self._capacity = _count("CompileCache capacity", capacity, 1)
        self._session = Session(device, options)
        self._entries: dict[Hashable, CompiledGraph] = {}

    @property
    def device(self) -> str:
        return self._session.device

    @property
    def capacity(self) -> int:
        return self._capacity

    def get_or_compile(self, key: Hashable, build: Callable[[], Graph],
                       on_compile: Callable[[CompiledGraph], None] | None = None
                       ) -> CompiledGraph:
        """The entry for ``key``; on a miss, compile ``build()`` and store it.

        A ``functools.partial`` of one of rlx's graph builders is compiled with
        :meth:`Session.compile_call`, so the program store finds it by the call
        without building the graph. ``on_compile(cg)`` runs on a freshly compiled
        entry (e.g. to set its params) before it is stored. When ``build``, compiling
        or ``on_compile`` raises, nothing is stored and nothing is evicted.
        """
        cg = self._entries.get(key)
        if cg is not None:
            return cg
        if isinstance(build, functools.partial):
            cg = self._session.compile_call(build.func, *build.args, **build.keywords)
        else:
            cg = self._session.compile(build())
        if on_compile is not None:
            on_compile(cg)
        self._entries[key] = cg
        while len(self._entries) > self._capacity:
            del self._entries[next(iter(self._entries))]
        return cg

    def get(self, key: Hashable) -> CompiledGraph | None:
        """The entry for ``key`` without compiling, or None."""
        return self._entries.get(key)

    def keys(self) -> list[Hashable]:
        """The keys held, oldest insertion first (the next to be evicted first)."""
        return list(self._entries)

    def clear(self) -> None:
        """Drop every entry."""
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __repr__(self) -> str:
        return (f"<rlx.CompileCache device={self.device!r} {len(self)}/{self._capacity} "
                "entries>")


# ---------------------------------------------------------------------- ladders
def power_of_two_ladder(min_extent: int, max_extent: int) -> list[int]:
    """Extents ``min_extent, 2*min_extent, 4*min_extent, ...`` up to ``max_extent``.

    ``power_of_two_ladder(8, 256) == [8, 16, 32, 64, 128, 256]``. When ``max_extent``
    is not ``min_extent`` times a power of two, the ladder ends with ``max_extent``
    itself so every key up to it has a bucket: ``(8, 200) -> [8, 16, 32, 64, 128,
    200]``. Raises InputError unless ``1 <= min_extent <= max_extent`` (integers).
    """
    lo = _count("power_of_two_ladder min_extent", min_extent, 1)
    hi = _count("power_of_two_ladder max_extent", max_extent, 1)
    if lo > hi:
        raise InputError(f"power_of_two_ladder: min_extent {lo} exceeds max_extent {hi}")
    ladder = []
    extent = lo
    while extent < hi:
        ladder.append(extent)
        extent *= 2
    ladder.append(hi)
    return ladder


# ---------------------------------------------------------------------- padding
def _check_rows(fn: str, array: Any, axis: int) -> int:
    """Validate ``array`` and ``axis`` for a row operation; returns the normalised axis."""
    if not isinstance(array, np.ndarray):
        raise InputError(f"{fn}: expected a numpy array, got {type(array).__name__}")
    if array.ndim == 0:
        raise InputError(f"{fn}: a 0-d array has no rows")
    axis = _integer(f"{fn} axis", axis)
    if not -array.ndim <= axis < array.ndim:
        raise InputError(f"{fn}: axis {axis} is out of range for shape {array.shape}")
    axis %= array.ndim
    if math.prod(array.shape[:axis] + array.shape[axis + 1:]) == 0:
        raise InputError(f"{fn}: rows along axis {axis} of shape {array.shape} hold no "
                         "elements")
    return axis


def pad_rows(array: np.ndarray, extent: int, axis: int) -> np.ndarray:
    """A new array with ``array``'s rows along ``axis`` followed by zero rows up to
    ``extent`` rows; same dtype, C-contiguous, never a view of ``array``.

    Raises InputError for a non-array, a 0-d array, an axis out of range (negative
    axes count from the end), rows holding no elements, or an ``extent`` that is not
    an integer or is smaller than the current number of rows.
    """
    axis = _check_rows("pad_rows", array, axis)
    rows = array.shape[axis]
    extent = _count("pad_rows extent", extent, 0)
    if extent < rows:
        raise InputError(f"pad_rows: extent {extent} is smaller than the {rows} rows along "
                         f"axis {axis} of shape {array.shape}")
    shape = array.shape[:axis] + (extent,) + array.shape[axis + 1:]
    out = np.zeros(shape, dtype=array.dtype)
    out[_leading(axis, rows)] = array
    return out


def slice_rows(array: np.ndarray, actual: int, axis: int) -> np.ndarray:
    """A new C-contiguous array holding the first ``actual`` rows of ``array`` along
    ``axis`` (never a view of ``array``).

    Raises InputError for a non-array, a 0-d array, an axis out of range (negative
    axes count from the end), rows holding no elements, or an ``actual`` that is not
    an integer, is negative, or exceeds the number of rows.
    """
    axis = _check_rows("slice_rows", array, axis)
    rows = array.shape[axis]
    actual = _count("slice_rows actual", actual, 0)
    if actual > rows:
        raise InputError(f"slice_rows: actual {actual} exceeds the {rows} rows along axis "
                         f"{axis} of shape {array.shape}")
    return array[_leading(axis, actual)].copy()


def _leading(axis: int, rows: int) -> tuple[slice, ...]:
    """Index selecting the first ``rows`` entries along ``axis``."""
    return (slice(None),) * axis + (slice(0, rows),)


def _rows_along(array: np.ndarray, axis: int) -> int | None:
    """Size of ``array`` along ``axis`` (negative counts from the end), None if absent."""
    if not -array.ndim <= axis < array.ndim:
        return None
    return array.shape[axis]


# ---------------------------------------------------------------------- buckets
class BucketedCompileCache:
    """One lazily compiled graph per extent; a key runs on the smallest extent >= key.

    ``extents`` must be a non-empty, strictly increasing sequence of integers >= 1
    (e.g. ``power_of_two_ladder(8, 256)``); key ``k`` belongs to the bucket of the
    smallest extent ``>= k``, so with that ladder keys 1..8 use 8, 9..16 use 16, and
    17 compiles at 32. Keys below 1 or above the largest extent have no bucket.

    ``build(extent)`` returns the graph for one extent; it is called, and the graph
    compiled with ``rlx.Session(device, options)``, the first time a key of that
    bucket is used. ``on_compile(cg, extent)`` then runs on the fresh graph (set its
    params there); entries are never evicted and keep their params.
    """

    def __init__(self, device: str, extents: Sequence[int], build: Callable[[int], Graph],
                 options: CompileOptions | None = None,
                 on_compile: Callable[[CompiledGraph, int], None] | None = None):
        self._extents = _check_extents(extents)
        self._build = build
        self._on_compile = on_compile
        self._cache = CompileCache(device, len(self._extents), options)

    @property
    def device(self) -> str:
        return self._cache.device

    @property
    def extents(self) -> tuple[int, ...]:
        return self._extents

    def bucket_for(self, key: int) -> int | None:
        """The smallest extent ``>= key``; None when ``key < 1`` or ``key`` exceeds the
        largest extent. Raises InputError when ``key`` is not an integer."""
        key = _integer("bucket key", key)
        if key < 1 or key > self._extents[-1]:
            return None
        return self._extents[bisect.bisect_left(self._extents, key)]

    def get(self, key: int) -> CompiledGraph | None:
        """The graph of ``key``'s bucket, compiled on first use; None without a bucket."""
        extent = self.bucket_for(key)
        if extent is None:
            return None
        return self._cache.get_or_compile(extent, lambda: self._build(extent),
                                          self._fresh(extent))

    def _fresh(self, extent: int) -> Callable[[CompiledGraph], None] | None:
        hook = self._on_compile
        if hook is None:
            return None
        return lambda cg: hook(cg, extent)

    def compiled_extents(self) -> list[int]:
        """Extents compiled so far, ascending."""
        return sorted(self._cache.keys())

    def run_padded(self, inputs: Mapping[str, Any], actual: int, axis: int = 1,
                   pad_inputs: Collection[str] | None = None,
                   slice_outputs: Collection[int] | None = None) -> list[np.ndarray]:
        """Run ``actual`` rows on the graph of ``actual``'s bucket.

        ``axis`` is the bucket axis of every padded input and sliced output; the
        default 1 suits ``[batch, seq, ...]`` layouts, and negative values count from
        each array's end. Steps:

        1. each input named in ``pad_inputs`` (default: every input whose size along
           ``axis`` equals ``actual``) is zero-padded to the bucket extent with
           :func:`pad_rows`; others are passed unchanged;
        2. ``set_active_extent((actual, extent))``, run, then ``set_active_extent(None)``
           — cleared even when the run raises;
        3. each output listed in ``slice_outputs`` (indices; default: every output
           whose size along ``axis`` equals the extent) is cut back to ``actual`` rows
           with :func:`slice_rows`; other outputs, and outputs with no elements in a
           row (inner size 0), are returned unchanged.

        Padded rows are zeros, and backends may skip rows past ``actual``, so results
        are exact only for graphs whose real rows never read padded ones (row-wise
        ops, causal attention). The active extent is a hint keyed on row counts, as
        the spec's is: on ``cpu`` every row-wise kernel with ``extent`` rows computes
        the first ``actual`` only, even one over an input that is not padded (a
        [extent, n] table's softmax then leaves its last rows stale). Keep such ops
        out of a bucketed graph, or give the graph a symbolic dimension
        (``rlx.Dim``), which knows the padded axes and is exact everywhere. Raises
        InputError when ``actual`` has no bucket, a named input is missing or has
        other than ``actual`` rows, or an output index is out of range; errors of the
        run itself propagate.
        """
        if not isinstance(inputs, Mapping):
            raise InputError(f"run_padded: inputs must be a mapping of name -> array, got "
                             f"{type(inputs).__name__}")
        extent = self.bucket_for(actual)
        if extent is None:
            raise InputError(f"run_padded: actual {actual} is outside every bucket "
                             f"(extents {list(self._extents)})")
        axis = _integer("run_padded axis", axis)
        feeds = _pad_feeds(inputs, actual, extent, axis, pad_inputs)
        cg = self.get(actual)
        chosen = _output_indices(slice_outputs, len(cg.output_types))
        cg.set_active_extent((actual, extent))
        try:
            outs = cg.run(feeds)
        finally:
            cg.set_active_extent(None)
        if chosen is None:
            chosen = {i for i, o in enumerate(outs) if _rows_along(o, axis) == extent}
        # an output with no elements per row (inner size 0) comes back as it is
        return [slice_rows(o, actual, axis) if i in chosen and o.size else o
                for i, o in enumerate(outs)]

    def __repr__(self) -> str:
        return (f"<rlx.BucketedCompileCache device={self.device!r} extents "
                f"{list(self._extents)}, compiled {self.compiled_extents()}>")


def _check_extents(extents: Sequence[int]) -> tuple[int, ...]:
    if isinstance(extents, (str, bytes)) or not isinstance(extents, Sequence):
        raise InputError(f"extents must be a sequence of integers, got {extents!r}")
    values = tuple(_count("bucket extent", e, 1) for e in extents)
    if not values:
        raise InputError("extents must name at least one bucket")
    if values != tuple(sorted(set(values))):
        raise InputError(f"extents must be strictly increasing, got {list(values)}")
    return values


def _pad_feeds(inputs: Mapping[str, Any], actual: int, extent: int, axis: int,
               pad_inputs: Collection[str] | None) -> dict[str, Any]:
    """``inputs`` with the selected ones padded from ``actual`` to ``extent`` rows."""
    arrays = {name: np.asarray(value) for name, value in inputs.items()}
    if pad_inputs is None:
        chosen = [n for n, a in arrays.items() if _rows_along(a, axis) == actual]
    else:
        chosen = list(pad_inputs)
        for name in chosen:
            if name not in arrays:
                raise InputError(f"run_padded: pad input {name!r} is not among the inputs "
                                 f"({', '.join(arrays) or 'none'})")
            rows = _rows_along(arrays[name], axis)
            if rows != actual:
                raise InputError(f"run_padded: input {name!r} of shape {arrays[name].shape} "
                                 f"has {rows} rows along axis {axis}, expected {actual}")
    feeds = dict(inputs)
    for name in chosen:
        feeds[name] = pad_rows(arrays[name], extent, axis)
    return feeds


def _output_indices(slice_outputs: Collection[int] | None, count: int) -> set[int] | None:
    """The validated output indices to slice (None: choose by size after the run)."""
    if slice_outputs is None:
        return None
    chosen = set()
    for i in slice_outputs:
        index = _count("run_padded slice output index", i, 0)
        if index >= count:
            raise InputError(f"run_padded: slice output {index} is out of range "
                             f"({count} outputs)")
        chosen.add(index)
    return chosen
