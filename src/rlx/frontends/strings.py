"""Compact string tables: many short strings as one ``bytes`` object and offsets.

A GGUF vocabulary is an array of strings: Gemma 3's holds 262k pieces. As Python
``str`` objects in a list plus a ``dict`` from piece to id they took 37 MiB of a
decoder process (21.6 MiB of strings, 15.3 MiB of dict); as a :class:`StringTable`
(their UTF-8 bytes side by side and their bounds) and a :class:`StringIndex`
(an open-addressing table of ids on the pieces' CRC-32) they take 5.2 MiB (2.2 of
bytes, 1 of bounds, 2 of ids), and a piece becomes a ``str`` only when it is read.
"""

from __future__ import annotations

import itertools
import zlib
from array import array
from collections.abc import Iterable, Iterator, Sequence


def offsets_array(values: Iterable[int], top: int) -> array:
    """``values`` as a compact unsigned array able to hold ``top``."""
    return array("I" if top < 1 << 32 else "Q", values)


class StringTable(Sequence[str]):
    """A read-only sequence of strings stored as UTF-8 side by side: string i is
    ``data[bounds[i]:bounds[i + 1]]``, decoded when read. Build it with :meth:`of`
    from strings, or directly from bytes already known to hold valid UTF-8 between
    those bounds (the GGUF reader validates a file's strings before it builds one)."""

    __slots__ = ("_data", "_bounds")

    def __init__(self, data: bytes, bounds: array):
        if not bounds or bounds[0] != 0 or bounds[-1] != len(data):
            raise ValueError("StringTable: bounds must run from 0 to the data's length")
        self._data = data
        self._bounds = bounds

    @classmethod
    def of(cls, strings: Iterable[str]) -> StringTable:
        """The table of ``strings`` (each must be a ``str``)."""
        parts = [s.encode("utf-8") for s in strings]
        data = b"".join(parts)
        return cls(data, offsets_array(itertools.accumulate(map(len, parts), initial=0),
                                       len(data)))

    def __len__(self) -> int:
        return len(self._bounds) - 1

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"StringTable index {i} out of range for {n} strings")
        return str(self.utf8(i), "utf-8")

    def __iter__(self) -> Iterator[str]:
        return iter(self.strings())

    def __reversed__(self) -> Iterator[str]:
        return reversed(self.strings())

    def strings(self) -> list[str]:
        """Every string, decoded in one pass (a GGUF vocabulary's 49k in ~13 ms, a third
        of reading them one index at a time)."""
        data, bounds = self._data, self._bounds
        return [str(data[a:b], "utf-8") for a, b in zip(bounds, bounds[1:])]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, StringTable):
            return self._data == other._data and self._bounds == other._bounds
        if isinstance(other, (list, tuple)):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None     # a mutable-looking sequence, as list: not hashable

    def __repr__(self) -> str:
        return f"StringTable({len(self)} strings, {len(self._data)} bytes)"

    def parts(self) -> tuple[bytes, bytes]:
        """The table's UTF-8 and its bounds' bytes: all it is made of."""
        return self._data, self._bounds.tobytes()

    def utf8(self, i: int) -> bytes:
        """String ``i``'s UTF-8 bytes (0 <= i < len)."""
        return self._data[self._bounds[i]:self._bounds[i + 1]]

    def utf8_items(self) -> Iterator[bytes]:
        data, bounds = self._data, self._bounds
        return (data[a:b] for a, b in zip(bounds, itertools.islice(bounds, 1, None)))


def as_string_table(strings: Sequence[str]) -> StringTable:
    """``strings`` itself when it is a :class:`StringTable`, else its table."""
    return strings if isinstance(strings, StringTable) else StringTable.of(strings)


class StringIndex:
    """Which id a string has in a :class:`StringTable`: the first and the last of the
    ids it appears under (a vocabulary may list a piece twice). Open addressing with
    linear probing on the CRC-32 of the UTF-8 bytes (zlib's: the same in every
    process), a table of ids at most half full; the few strings listed more than once
    keep their last id in a dict."""

    __slots__ = ("_table", "_slots", "_mask", "_last", "distinct")

    def __init__(self, table: StringTable, state: tuple[array, dict[int, int], int] | None = None):
        """The index of ``table``; ``state`` is :meth:`state` of an index of the same
        table, taken instead of building (see :meth:`cached`)."""
        if state is not None:
            self._table = table
            self._slots, self._last, self.distinct = state
            self._mask = len(self._slots) - 1
            return
        n = len(table)
        size = 1 << max(4, (2 * n - 1).bit_length())     # at most half full
        mask = size - 1
        slots = array("i", [-1]) * size
        last: dict[int, int] = {}
        duplicates = 0
        crc, utf8 = zlib.crc32, table.utf8
        for i, key in enumerate(table.utf8_items()):
            h = crc(key) & mask
            while True:
                j = slots[h]
                if j < 0:
                    slots[h] = i
                    break
                if utf8(j) == key:
                    last[j] = i
                    duplicates += 1
                    break
                h = (h + 1) & mask
        self._table, self._slots, self._mask, self._last = table, slots, mask, last
        self.distinct = n - duplicates
        """How many different strings the table holds."""

    def state(self) -> tuple[array, dict[int, int], int]:
        """What the index holds beside its table (the slots, the duplicates' last ids,
        the distinct count), to rebuild it with ``StringIndex(table, state)``."""
        return self._slots, self._last, self.distinct

    @classmethod
    def cached(cls, table: StringTable) -> StringIndex:
        """The index of ``table``, its state read from rlx's disk cache where an index of
        the same strings was built before (Gemma 3's 262k pieces: tens of milliseconds
        of Python per load otherwise)."""
        from rlx.runtime.program_store import derived

        state = derived("string-index", table.parts(), lambda: cls(table).state())
        return cls(table, state)

    def first(self, text: str) -> int | None:
        """The first id of ``text``, or None when the table lacks it."""
        key = text.encode("utf-8")
        slots, mask, utf8 = self._slots, self._mask, self._table.utf8
        h = zlib.crc32(key) & mask
        while True:
            j = slots[h]
            if j < 0:
                return None
            if utf8(j) == key:
                return j
            h = (h + 1) & mask

    def last(self, text: str) -> int | None:
        """The last id of ``text``, or None when the table lacks it."""
        j = self.first(text)
        return j if j is None else self._last.get(j, j)
