"""Mutations for ``scripts/fuzz.py``: generic byte-level ones and format-aware ones.

``mutate(data, rng, kind, pool)`` applies one to four stacked mutations. Byte-level:
bit flips, random bytes, "interesting" integers (0, -1, powers of two up to 2^64 - 1,
the file size) written as little-endian fields, inserted / deleted / duplicated
ranges, truncation, splices with another corpus file. Format-aware:

* ``gguf``: the file is walked to find every count, length, type, rank, dim and
  offset field of the header, metadata and tensor table, and one is overwritten;
* ``safetensors``: the 8-byte header length, or the JSON header (then re-framed);
* ``json``: a value anywhere in the document is replaced (huge, negative, wrong
  type, deeply nested), deleted or duplicated.
"""

from __future__ import annotations

import json
import random
import struct

INTERESTING = [0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 33, 63, 64, 127, 128, 255, 256, 1023,
               4096, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF,
               1 << 32, 1 << 40, 1 << 48, (1 << 62), (1 << 63) - 1, 1 << 63, (1 << 64) - 1]
WIDTHS = (1, 2, 4, 8)


def interesting(rng: random.Random, size: int) -> int:
    """An integer from INTERESTING, a value near ``size`` or a small negative one."""
    choice = rng.random()
    if choice < 0.15:
        return max(0, size + rng.randint(-8, 8))
    if choice < 0.25:
        return -rng.randint(1, 16)
    return rng.choice(INTERESTING)


def put_int(data: bytearray, offset: int, width: int, value: int) -> None:
    """Write ``value`` as a little-endian field (wrapped to ``width`` bytes)."""
    raw = (value % (1 << (8 * width))).to_bytes(width, "little")
    data[offset:offset + width] = raw[:max(0, len(data) - offset)]


# ---------------------------------------------------------------------- byte level
def _flip(data: bytearray, rng: random.Random) -> None:
    if data:
        i = rng.randrange(len(data))
        data[i] ^= 1 << rng.randrange(8)


def _random_byte(data: bytearray, rng: random.Random) -> None:
    if data:
        data[rng.randrange(len(data))] = rng.randrange(256)


def _int_field(data: bytearray, rng: random.Random) -> None:
    if data:
        width = rng.choice(WIDTHS)
        put_int(data, rng.randrange(len(data)), width, interesting(rng, len(data)))


def _insert(data: bytearray, rng: random.Random) -> None:
    i = rng.randint(0, len(data))
    data[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))


def _delete(data: bytearray, rng: random.Random) -> None:
    if data:
        i = rng.randrange(len(data))
        del data[i:i + rng.randint(1, 32)]


def _duplicate(data: bytearray, rng: random.Random) -> None:
    if data:
        i = rng.randrange(len(data))
        chunk = data[i:i + rng.randint(1, 64)]
        j = rng.randint(0, len(data))
        data[j:j] = chunk * rng.choice((1, 2, 16))


def _truncate(data: bytearray, rng: random.Random) -> None:
    if data:
        del data[rng.randrange(len(data)):]


BYTE_MUTATIONS = [_flip, _random_byte, _int_field, _int_field, _insert, _delete,
                  _duplicate, _truncate]


def _splice(data: bytearray, rng: random.Random, pool: list[bytes]) -> None:
    other = rng.choice(pool) if pool else bytes(data)
    cut, cut_other = rng.randint(0, len(data)), rng.randint(0, len(other))
    data[cut:] = other[cut_other:]


# ---------------------------------------------------------------------- GGUF fields
def gguf_fields(data: bytes) -> list[tuple[int, int]]:
    """(offset, width) of every integer field the GGUF walk reaches before the data
    section or the first malformed byte: counts, lengths, value types, ranks, dims,
    GGML types and tensor offsets."""
    fields: list[tuple[int, int]] = [(4, 4), (8, 8), (16, 8)]
    pos = 24
    scalar = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}

    def u(width: int) -> int:
        nonlocal pos
        if pos + width > len(data):
            raise IndexError
        fields.append((pos, width))
        pos += width
        return int.from_bytes(data[pos - width:pos], "little")

    def string() -> None:
        nonlocal pos
        length = u(8)
        pos += length

    def value(kind: int, depth: int = 0) -> None:
        nonlocal pos
        if kind in scalar:
            pos += scalar[kind]
        elif kind == 8:
            string()
        elif kind == 9 and depth < 2:
            elem, count = u(4), u(8)
            if elem in scalar:
                pos += scalar[elem] * count
            else:
                for _ in range(min(count, 4096)):
                    value(elem, depth + 1)
        else:
            raise IndexError
    try:
        n_tensors = int.from_bytes(data[8:16], "little")
        n_kv = int.from_bytes(data[16:24], "little")
        for _ in range(min(n_kv, 4096)):
            string()
            value(u(4))
        for _ in range(min(n_tensors, 4096)):
            string()
            for _ in range(min(u(4), 8)):
                u(8)
            u(4)
            u(8)
    except IndexError:
        pass
    return [(o, w) for o, w in fields if o + w <= len(data)]


def _gguf(data: bytearray, rng: random.Random) -> None:
    fields = gguf_fields(bytes(data))
    if fields:
        offset, width = rng.choice(fields)
        put_int(data, offset, width, interesting(rng, len(data)))


# ---------------------------------------------------------------------- JSON values
DEEP = "\x00deep\x00"  # replaced by brackets nested deeper than json.dumps would go


def _json_values(rng: random.Random) -> object:
    depth = rng.choice((3, 50))
    return rng.choice([DEEP,
        None, True, -1, 0, 1 << 40, (1 << 63) + 1, -(1 << 70), 1e308, -0.0, 0.5, "", "x" * 5,
        "f32", [], {}, [0, 1], [-1, 1 << 40], {"dtype": "f32"}, {"float": "nan"},
        {"const": {"dtype": "f32", "shape": [1 << 40], "base64": ""}},
        json.loads("[" * depth + "]" * depth)])


def _json_paths(doc: object, path: tuple = ()) -> list[tuple]:
    """Every path into ``doc`` (keys and indices), the root included."""
    paths = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            paths += _json_paths(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:64]):
            paths += _json_paths(v, path + (i,))
    return paths


def mutate_json(doc: object, rng: random.Random) -> object:
    """``doc`` with one value replaced, deleted, duplicated or its integer changed."""
    paths = [p for p in _json_paths(doc) if p]
    if not paths:
        return _json_values(rng)
    path = rng.choice(paths)
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    choice = rng.random()
    if choice < 0.15:
        del parent[key]
    elif choice < 0.25 and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif choice < 0.3 and isinstance(parent, dict):
        parent[key + "_"] = parent[key]
    elif choice < 0.6 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] = rng.choice((interesting(rng, 100), parent[key] + rng.randint(-2, 2),
                                  -parent[key]))
    else:
        parent[key] = _json_values(rng)
    return doc


def _json(data: bytearray, rng: random.Random) -> None:
    try:
        doc = json.loads(bytes(data))
        text = json.dumps(mutate_json(doc, rng), allow_nan=True)
    except (ValueError, RecursionError):
        _int_field(data, rng)
        return
    deep = rng.choice((200, 5000, 100000))
    data[:] = text.replace(json.dumps(DEEP), "[" * deep + "]" * deep).encode()


def _safetensors(data: bytearray, rng: random.Random) -> None:
    if len(data) < 8 or rng.random() < 0.25:
        put_int(data, 0, 8, interesting(rng, len(data)))
        return
    n = int.from_bytes(data[:8], "little")
    try:
        doc = json.loads(bytes(data[8:8 + n]))
        header = json.dumps(mutate_json(doc, rng)).encode()
    except (ValueError, RecursionError):
        _int_field(data, rng)
        return
    data[:] = struct.pack("<Q", len(header)) + header + data[8 + n:]


FORMAT_MUTATIONS = {"gguf": _gguf, "json": _json, "safetensors": _safetensors}


def mutate(data: bytes, rng: random.Random, kind: str, pool: list[bytes],
           max_size: int = 1 << 16) -> bytes:
    """One to four stacked mutations of ``data`` (at most ``max_size`` bytes back)."""
    out = bytearray(data)
    aware = FORMAT_MUTATIONS.get(kind)
    for _ in range(rng.choice((1, 1, 2, 4))):
        choice = rng.random()
        if aware is not None and choice < 0.5:
            aware(out, rng)
        elif choice < 0.6:
            _splice(out, rng, pool)
        else:
            rng.choice(BYTE_MUTATIONS)(out, rng)
    return bytes(out[:max_size])
