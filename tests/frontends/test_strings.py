"""Compact string tables (rlx.frontends.strings) against Python's own list and dict,
and the GGUF reader's check that every string of an array is UTF-8."""

from __future__ import annotations

import gguf
import numpy as np
import pytest

from rlx.frontends.gguf import GGUFError, GGUFFile
from rlx.frontends.strings import StringIndex, StringTable, as_string_table


def _random_strings(seed: int, count: int) -> list[str]:
    """ASCII, accented, CJK and emoji pieces, the empty string and repeats."""
    rng = np.random.default_rng(seed)
    alphabet = list("abcxyz ▁") + ["é", "ü", "中", "文", "🙂", "\u2581"]
    out = ["".join(rng.choice(alphabet, size=int(rng.integers(0, 6))).tolist())
           for _ in range(count)]
    out += [out[i] for i in rng.integers(0, count, size=count // 10)]   # duplicates
    rng.shuffle(out)
    return out


@pytest.mark.parametrize("seed", [0, 1])
def test_table_reads_back_every_string(seed):
    strings = _random_strings(seed, 500)
    table = StringTable.of(strings)
    assert len(table) == len(strings)
    assert list(table) == strings and table == strings
    assert table.strings() == strings and list(reversed(table)) == strings[::-1]
    assert [table[i] for i in range(-len(strings), 0)] == strings
    assert table[3:40:7] == strings[3:40:7]
    assert [table.utf8(i) for i in range(len(strings))] == [s.encode() for s in strings]
    with pytest.raises(IndexError):
        table[len(strings)]
    assert as_string_table(table) is table and as_string_table(strings) == strings


@pytest.mark.parametrize("seed", [0, 1])
def test_index_gives_first_and_last_ids_as_a_dict_would(seed):
    strings = _random_strings(seed, 2000)
    index = StringIndex(StringTable.of(strings))
    first, last = {}, {}
    for i, s in enumerate(strings):
        first.setdefault(s, i)
        last[s] = i
    assert index.distinct == len(first)
    for s in first:
        assert (index.first(s), index.last(s)) == (first[s], last[s]), s
    for missing in ("not there", "éé中中中", "\x00"):
        assert missing not in first
        assert index.first(missing) is None and index.last(missing) is None


def _string_array_file(path, strings: list[str]) -> bytes:
    writer = gguf.GGUFWriter(str(path), arch="toy")
    writer.add_array("t.strs", strings)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path.read_bytes()


def test_gguf_string_arrays_read_as_tables(tmp_path):
    strings = _random_strings(2, 300)
    _string_array_file(tmp_path / "s.gguf", strings)
    value = GGUFFile(tmp_path / "s.gguf").metadata["t.strs"]
    assert isinstance(value, StringTable) and list(value) == strings


def test_gguf_string_that_is_not_utf8_raises_naming_it(tmp_path):
    path = tmp_path / "bad.gguf"
    blob = bytearray(_string_array_file(path, ["ok", "xü y", "fine"]))
    at = blob.index("xü y".encode())
    blob[at + 2] = 0x41                        # the second byte of ü: no longer UTF-8
    path.write_bytes(bytes(blob))
    with pytest.raises(GGUFError, match=f"string at offset {at} is not UTF-8"):
        GGUFFile(path)


def test_gguf_lead_byte_before_a_length_field_is_caught(tmp_path):
    """A string ending in a lead byte (0xC2) followed by the next string's length field
    whose first byte is a continuation byte (a length of 128-191): the raw bytes decode
    as one character together, so each string must be checked on its own."""
    path = tmp_path / "edge.gguf"
    blob = bytearray(_string_array_file(path, ["aZ", "b" * 130]))
    at = blob.index(b"aZ")
    assert blob[at + 2] == 130                 # the next string's length field
    blob[at + 1] = 0xC2
    path.write_bytes(bytes(blob))
    with pytest.raises(GGUFError, match=f"string at offset {at} is not UTF-8"):
        GGUFFile(path)
