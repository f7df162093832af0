"""A reader for GGUF model files and float32 dequantisation of their tensors.

Layout of a GGUF file (versions 2 and 3, little-endian):

* ``b"GGUF"``, a u32 version, a u64 tensor count and a u64 metadata count;
* metadata: ``(key string, u32 value type, value)`` triples; a string is a u64 byte
  length and UTF-8 bytes; an array is a u32 element type, a u64 count and the elements;
* the tensor directory: per tensor its name, a u32 rank, u64 dims (innermost first),
  a u32 GGML type and a u64 offset relative to the data section;
* padding to ``general.alignment`` (default 32), then the data section.

:class:`GGUFFile` maps the file read-only, parses all of the above and hands out
tensors as raw bytes (zero-copy) or dequantised to float32 by :func:`dequantize` (the
block formats' dequantisers live in :mod:`rlx.ir.gguf_blocks`, shared with the packed
weights of :mod:`rlx.ir.quantized`, which read these bytes as they are).
Shapes here are numpy order (outermost first), the reverse of GGUF's dims.
"""

from __future__ import annotations

import enum
import math
import os
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from rlx.backends.buffers import map_file
from rlx.errors import RlxError
from rlx.frontends.strings import StringTable, offsets_array
from rlx.ir.gguf_blocks import BLOCK_FORMATS, dequantize_blocks

__all__ = ["GGMLType", "GGUFError", "GGUFFile", "GGUFTensorInfo", "UnsupportedQuantTypeError",
           "dequantize", "SUPPORTED_TYPES"]

GGUF_MAGIC = b"GGUF"
SUPPORTED_VERSIONS = (2, 3)
DEFAULT_ALIGNMENT = 32
MAX_RANK = 8
MAX_ARRAY_DEPTH = 8       # arrays of arrays nest at most this deep
MAX_ELEMENTS = 1 << 62    # a tensor's element count must fit numpy's sizes


class GGUFError(RlxError, ValueError):
    """A GGUF file is malformed or uses a feature rlx does not read.

    The message names the file and what failed: the magic, the version, a truncated
    section, a metadata value type, or a tensor whose bytes lie outside the file.
    """


class UnsupportedQuantTypeError(GGUFError, NotImplementedError):
    """A tensor's GGML type has no dequantiser here; the message names the type."""


class GGMLType(enum.IntEnum):
    """GGML tensor types by their GGUF id (every id that current files use)."""

    F32 = 0
    F16 = 1
    Q4_0 = 2
    Q4_1 = 3
    Q5_0 = 6
    Q5_1 = 7
    Q8_0 = 8
    Q8_1 = 9
    Q2_K = 10
    Q3_K = 11
    Q4_K = 12
    Q5_K = 13
    Q6_K = 14
    Q8_K = 15
    IQ2_XXS = 16
    IQ2_XS = 17
    IQ3_XXS = 18
    IQ1_S = 19
    IQ4_NL = 20
    IQ3_S = 21
    IQ2_S = 22
    IQ4_XS = 23
    I8 = 24
    I16 = 25
    I32 = 26
    I64 = 27
    F64 = 28
    IQ1_M = 29
    BF16 = 30
    TQ1_0 = 34
    TQ2_0 = 35
    MXFP4 = 39


# (elements per block, bytes per block) of every type
BLOCK_LAYOUT: dict[GGMLType, tuple[int, int]] = {
    GGMLType.F32: (1, 4), GGMLType.F16: (1, 2), GGMLType.BF16: (1, 2), GGMLType.F64: (1, 8),
    GGMLType.I8: (1, 1), GGMLType.I16: (1, 2), GGMLType.I32: (1, 4), GGMLType.I64: (1, 8),
    GGMLType.Q4_0: (32, 18), GGMLType.Q4_1: (32, 20), GGMLType.Q5_0: (32, 22),
    GGMLType.Q5_1: (32, 24), GGMLType.Q8_0: (32, 34), GGMLType.Q8_1: (32, 40),
    GGMLType.Q2_K: (256, 84), GGMLType.Q3_K: (256, 110), GGMLType.Q4_K: (256, 144),
    GGMLType.Q5_K: (256, 176), GGMLType.Q6_K: (256, 210), GGMLType.Q8_K: (256, 292),
    GGMLType.IQ2_XXS: (256, 66), GGMLType.IQ2_XS: (256, 74), GGMLType.IQ3_XXS: (256, 98),
    GGMLType.IQ1_S: (256, 50), GGMLType.IQ4_NL: (32, 18), GGMLType.IQ3_S: (256, 110),
    GGMLType.IQ2_S: (256, 82), GGMLType.IQ4_XS: (256, 136), GGMLType.IQ1_M: (256, 56),
    GGMLType.TQ1_0: (256, 54), GGMLType.TQ2_0: (256, 66), GGMLType.MXFP4: (32, 17),
}


@dataclass(frozen=True)
class GGUFTensorInfo:
    """One directory entry: numpy-order shape, type, absolute byte offset and size."""

    name: str
    type: GGMLType
    shape: tuple[int, ...]
    offset: int
    nbytes: int

    @property
    def ggml_shape(self) -> tuple[int, ...]:
        """The dims as GGUF stores them (innermost first)."""
        return tuple(reversed(self.shape))

    @property
    def row_bytes(self) -> int:
        """Bytes of one row (the innermost axis)."""
        elems, size = BLOCK_LAYOUT[self.type]
        inner = self.shape[-1] if self.shape else 1
        return inner // elems * size


class GGUFFile:
    """A GGUF file mapped read-only, with its metadata and tensor directory parsed.

    Attributes: ``version`` (2 or 3), ``metadata`` (key -> Python value: int, float,
    bool, str, a StringTable for an array of strings, or for a numeric array a read-only
    numpy view of the mapped file), ``value_types``
    (key -> GGUF type name, ``"array[uint32]"`` for arrays), ``alignment``,
    ``data_offset`` (where the data section starts) and ``tensors`` (name ->
    :class:`GGUFTensorInfo`, in file order).

    Raises GGUFError for a malformed or unsupported file, OSError when it cannot be
    opened.
    """

    def __init__(self, path: str | os.PathLike):
        self.path = os.fspath(path)
        if os.path.getsize(self.path) < len(GGUF_MAGIC):
            raise GGUFError(f"{self.path}: too short to be a GGUF file")
        self._buffer = map_file(self.path)
        cursor = _Cursor(self._buffer, self.path)
        self.version, tensor_count, kv_count = _read_preamble(cursor)
        self.metadata: dict[str, Any] = {}
        self.value_types: dict[str, str] = {}
        for _ in range(kv_count):
            key = cursor.string()
            if key in self.metadata:
                raise GGUFError(f"{self.path}: metadata key {key!r} appears twice")
            self.metadata[key], self.value_types[key] = cursor.value(cursor.u32())
        self.alignment = _alignment(self.metadata, self.path)
        entries = [_read_tensor_entry(cursor) for _ in range(tensor_count)]
        self.data_offset = _align_up(cursor.offset, self.alignment)
        self.tensors: dict[str, GGUFTensorInfo] = {}
        for name, dims, type_id, rel_offset in entries:
            if name in self.tensors:
                raise GGUFError(f"{self.path}: tensor {name!r} appears twice")
            self.tensors[name] = self._tensor_info(name, dims, type_id, rel_offset)

    def _tensor_info(self, name: str, dims: list[int], type_id: int,
                     rel_offset: int) -> GGUFTensorInfo:
        where = f"{self.path}: tensor {name!r}"
        try:
            ggml_type = GGMLType(type_id)
        except ValueError:
            raise GGUFError(f"{where} has unknown GGML type id {type_id}") from None
        elems, size = BLOCK_LAYOUT[ggml_type]
        if math.prod(d for d in dims if d) > MAX_ELEMENTS // size:
            raise GGUFError(f"{where}: dims {dims} are too large for any array")
        inner = dims[0] if dims else 1
        if inner % elems:
            raise GGUFError(f"{where}: its rows of {inner} elements are not whole "
                            f"{ggml_type.name} blocks of {elems}")
        if rel_offset % self.alignment:
            raise GGUFError(f"{where}: offset {rel_offset} is not a multiple of the "
                            f"alignment {self.alignment}")
        nbytes = math.prod(dims) // elems * size
        offset = self.data_offset + rel_offset
        if offset + nbytes > self._buffer.size:
            raise GGUFError(f"{where}: bytes [{offset}, {offset + nbytes}) lie outside the "
                            f"file of {self._buffer.size} bytes")
        return GGUFTensorInfo(name, ggml_type, tuple(reversed(dims)), offset, nbytes)

    def info(self, name: str) -> GGUFTensorInfo:
        """The directory entry of ``name``; GGUFError when there is none."""
        info = self.tensors.get(name)
        if info is None:
            raise GGUFError(f"{self.path}: no tensor named {name!r} "
                            f"({len(self.tensors)} tensors in the file)")
        return info

    def raw(self, name: str) -> np.ndarray:
        """Tensor ``name``'s bytes as a read-only uint8 view of shape
        ``shape[:-1] + (row_bytes,)``: slice rows of it and pass them to
        :func:`dequantize`."""
        info = self.info(name)
        data = self._buffer[info.offset:info.offset + info.nbytes]
        return data.reshape(info.shape[:-1] + (info.row_bytes,))

    def dequantize(self, name: str) -> np.ndarray:
        """Tensor ``name`` as a new float32 array of its (numpy-order) shape.

        UnsupportedQuantTypeError when its type is not in ``SUPPORTED_TYPES``."""
        info = self.info(name)
        return dequantize(self.raw(name), info.type).reshape(info.shape)

    def __repr__(self) -> str:
        return (f"<rlx.GGUFFile {self.path!r}: v{self.version}, {len(self.metadata)} keys, "
                f"{len(self.tensors)} tensors>")


# ---------------------------------------------------------------------- parsing
_U64 = struct.Struct("<Q")
_SCALARS: dict[int, tuple[str, str]] = {
    0: ("uint8", "<B"), 1: ("int8", "<b"), 2: ("uint16", "<H"), 3: ("int16", "<h"),
    4: ("uint32", "<I"), 5: ("int32", "<i"), 6: ("float32", "<f"), 7: ("bool", "<?"),
    10: ("uint64", "<Q"), 11: ("int64", "<q"), 12: ("float64", "<d"),
}
_STRING, _ARRAY = 8, 9


class _Cursor:
    """Sequential little-endian reads from the mapped file; GGUFError past its end."""

    def __init__(self, buffer: np.ndarray, path: str):
        self._view = memoryview(buffer)
        self.path = path
        self.offset = 0

    def _take(self, n: int) -> int:
        start = self.offset
        if n < 0 or start + n > len(self._view):
            raise GGUFError(f"{self.path}: truncated: reading {n} bytes at offset {start} "
                            f"passes the end of the file ({len(self._view)} bytes)")
        self.offset = start + n
        return start

    def unpack(self, fmt: str) -> Any:
        start = self._take(struct.calcsize(fmt))
        return struct.unpack_from(fmt, self._view, start)[0]

    def raw_bytes(self, n: int) -> bytes:
        start = self._take(n)
        return self._view[start:start + n].tobytes()

    def u32(self) -> int:
        return self.unpack("<I")

    def u64(self) -> int:
        return self.unpack("<Q")

    def string(self) -> str:
        length = self.u64()
        start = self._take(length)
        try:
            return str(self._view[start:start + length], "utf-8")
        except UnicodeDecodeError as exc:
            raise GGUFError(f"{self.path}: the string at offset {start} is not UTF-8 "
                            f"({exc})") from None

    def _strings(self, count: int) -> StringTable:
        """``count`` strings in a row, as :meth:`string` reads them one by one, kept as
        one :class:`StringTable` (Gemma 3's 262k-token vocabulary: 37 MiB of ``str``
        objects and their dict before). Every string is checked to be UTF-8 here: the
        length fields between them are blanked to spaces, so that one decoding of the
        whole run fails exactly when one of its strings is not UTF-8; the table keeps
        the strings without the fields."""
        view, pos, end = self._view, self.offset, len(self._view)
        first = pos
        length = _U64.unpack_from
        lengths = [0] * count
        for i in range(count):
            if pos + 8 > end:
                self.offset = pos
                self._take(8)                       # raises: truncated
            (n,) = length(view, pos)
            start = pos + 8
            pos = start + n
            if pos > end:
                self.offset = start
                self._take(n)                       # raises: truncated
            lengths[i] = n
        self.offset = pos
        run = np.frombuffer(view[first:pos], np.uint8)
        sizes = np.asarray(lengths, np.int64)
        bounds = np.concatenate(([0], np.cumsum(sizes)))    # string i in the table
        starts = bounds[:-1] + 8 * np.arange(1, count + 1)  # string i's first byte in the run
        fields = np.zeros(len(run), bool)
        for back in range(1, 9):
            fields[starts - back] = True
        try:
            np.where(fields, np.uint8(0x20), run).tobytes().decode("utf-8")
        except UnicodeDecodeError as exc:
            bad = int(np.searchsorted(starts + sizes, exc.start, "right"))
            raise GGUFError(f"{self.path}: the string at offset {first + int(starts[bad])} "
                            f"is not UTF-8 ({exc.reason})") from None
        data = run[~fields].tobytes()
        return StringTable(data, offsets_array(bounds.tolist(), len(data)))

    def value(self, type_id: int, depth: int = 0) -> tuple[Any, str]:
        """One metadata value of GGUF type ``type_id`` and that type's name."""
        if type_id in _SCALARS:
            name, fmt = _SCALARS[type_id]
            return self.unpack(fmt), name
        if type_id == _STRING:
            return self.string(), "string"
        if type_id == _ARRAY:
            return self.array(depth)
        raise GGUFError(f"{self.path}: unknown metadata value type {type_id} at offset "
                        f"{self.offset - 4}")

    def array(self, depth: int = 0) -> tuple[Any, str]:
        """An array value: numeric arrays as read-only numpy views of the mapped file,
        strings as a StringTable, nested arrays as lists."""
        if depth >= MAX_ARRAY_DEPTH:
            raise GGUFError(f"{self.path}: arrays nest deeper than {MAX_ARRAY_DEPTH} at "
                            f"offset {self.offset}")
        elem_type, count = self.u32(), self.u64()
        if elem_type in _SCALARS:
            name, fmt = _SCALARS[elem_type]
            dtype = np.dtype(fmt)
            start = self._take(count * dtype.itemsize)
            # a read-only view of the mapped file, not a copy: the mapping lives as long as
            # the weights read from it, and Gemma 3's scores and token types are 2 MiB
            data = np.frombuffer(self._view, dtype, count, start)
            return data, f"array[{name}]"
        if elem_type == _STRING:
            self._check_room(count, 8)
            return self._strings(count), "array[string]"
        if elem_type == _ARRAY:
            self._check_room(count, 12)
            return [self.array(depth + 1)[0] for _ in range(count)], "array[array]"
        raise GGUFError(f"{self.path}: unknown array element type {elem_type} at offset "
                        f"{self.offset - 12}")

    def _check_room(self, count: int, min_bytes: int) -> None:
        if count * min_bytes > len(self._view) - self.offset:
            raise GGUFError(f"{self.path}: truncated: an array of {count} elements at "
                            f"offset {self.offset} cannot fit in the file")


def _read_preamble(cursor: _Cursor) -> tuple[int, int, int]:
    """(version, tensor count, metadata count) after checking magic and version."""
    magic = cursor.raw_bytes(len(GGUF_MAGIC))
    if magic != GGUF_MAGIC:
        raise GGUFError(f"{cursor.path}: not a GGUF file (magic {magic!r}, expected "
                        f"{GGUF_MAGIC!r})")
    version = cursor.u32()
    if version not in SUPPORTED_VERSIONS:
        if version & 0xFFFF == 0 and version >> 16:
            raise GGUFError(f"{cursor.path}: a big-endian GGUF file (version bytes "
                            f"{version:#010x}); only little-endian files are read")
        raise GGUFError(f"{cursor.path}: GGUF version {version} is not supported "
                        f"(supported: {', '.join(map(str, SUPPORTED_VERSIONS))})")
    return version, cursor.u64(), cursor.u64()


def _read_tensor_entry(cursor: _Cursor) -> tuple[str, list[int], int, int]:
    """(name, GGUF dims, type id, offset relative to the data section)."""
    name = cursor.string()
    rank = cursor.u32()
    if rank > MAX_RANK:
        raise GGUFError(f"{cursor.path}: tensor {name!r} has rank {rank} (at most "
                        f"{MAX_RANK})")
    dims = [cursor.u64() for _ in range(rank)]
    return name, dims, cursor.u32(), cursor.u64()


def _alignment(metadata: dict[str, Any], path: str) -> int:
    value = metadata.get("general.alignment", DEFAULT_ALIGNMENT)
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise GGUFError(f"{path}: general.alignment must be a positive integer, got {value!r}")
    return value


def _align_up(offset: int, alignment: int) -> int:
    return (offset + alignment - 1) // alignment * alignment


# ---------------------------------------------------------------------- dequantisation
def dequantize(data: np.ndarray, ggml_type: GGMLType | int) -> np.ndarray:
    """Dequantise rows of GGML-typed bytes to a new float32 array.

    ``data`` is uint8 of shape ``[..., row_bytes]`` (as :meth:`GGUFFile.raw` returns,
    or any slice of its rows) where ``row_bytes`` is a whole number of blocks; the
    result has shape ``[..., row_elements]``. Raises UnsupportedQuantTypeError naming
    the type when it is not in ``SUPPORTED_TYPES``, GGUFError for bad input bytes.
    """
    ggml_type = _as_type(ggml_type)
    decode = _DEQUANTIZERS.get(ggml_type)
    if decode is None:
        raise UnsupportedQuantTypeError(
            f"GGML type {ggml_type.name} cannot be dequantised; supported: "
            f"{', '.join(t.name for t in SUPPORTED_TYPES)}")
    data = np.asarray(data)
    elems, size = BLOCK_LAYOUT[ggml_type]
    if data.dtype != np.uint8 or data.ndim == 0 or data.shape[-1] % size:
        raise GGUFError(f"dequantize {ggml_type.name}: expected uint8 rows of whole "
                        f"{size}-byte blocks, got {data.dtype} of shape {data.shape}")
    blocks = np.ascontiguousarray(data).reshape(-1, size)
    with np.errstate(invalid="ignore", over="ignore"):  # inf/nan scales propagate as in GGML
        values = decode(blocks)
    return values.reshape(data.shape[:-1] + (data.shape[-1] // size * elems,))


def _as_type(ggml_type: GGMLType | int) -> GGMLType:
    try:
        return GGMLType(ggml_type)
    except ValueError:
        raise GGUFError(f"unknown GGML type id {ggml_type!r}") from None


def _dequant_f32(blocks: np.ndarray) -> np.ndarray:
    return blocks.view("<f4").astype(np.float32)


def _dequant_f16(blocks: np.ndarray) -> np.ndarray:
    return blocks.view("<f2").astype(np.float32)


def _dequant_bf16(blocks: np.ndarray) -> np.ndarray:
    """bf16 is the top half of a float32: widen by shifting 16 bits up."""
    return (blocks.view("<u2").astype(np.uint32) << 16).view(np.float32)


def _block_dequantizer(fmt: str) -> Callable[[np.ndarray], np.ndarray]:
    def decode(blocks: np.ndarray) -> np.ndarray:
        return dequantize_blocks(blocks, fmt)
    return decode


_DEQUANTIZERS: dict[GGMLType, Callable[[np.ndarray], np.ndarray]] = {
    GGMLType.F32: _dequant_f32,
    GGMLType.F16: _dequant_f16,
    GGMLType.BF16: _dequant_bf16,
} | {GGMLType[fmt.upper()]: _block_dequantizer(fmt) for fmt in BLOCK_FORMATS}

SUPPORTED_TYPES: tuple[GGMLType, ...] = tuple(_DEQUANTIZERS)
