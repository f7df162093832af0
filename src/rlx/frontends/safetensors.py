"""A memory-mapped reader for the safetensors format.

A safetensors file is an 8-byte little-endian header length ``n``, then ``n`` bytes of
UTF-8 JSON, then the data section. The JSON maps each tensor name to
``{"dtype": "F32", "shape": [..], "data_offsets": [begin, end]}`` (offsets relative to
the data section) and may hold a ``"__metadata__"`` object of string -> string.

:class:`SafetensorsFile` maps the file read-only and hands out numpy views of it: no
tensor is copied until the caller copies it. Views stay valid after
:meth:`SafetensorsFile.close` (the mapping lives as long as any view of it).

:class:`SafetensorsCheckpoint` reads a Hugging Face checkpoint directory: one
``model.safetensors``, or the shards that ``model.safetensors.index.json`` names (its
``weight_map`` maps each tensor to its shard's file name).
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from rlx.backends.buffers import map_file
from rlx.errors import RlxError
from rlx.frontends.jsonfile import parse_json

__all__ = ["SafetensorsCheckpoint", "SafetensorsError", "SafetensorsFile",
           "SafetensorsTensorInfo", "load_safetensors"]

HEADER_LENGTH_BYTES = 8
MAX_HEADER_BYTES = 100 * 1024 * 1024
MAX_ELEMENTS = 1 << 62    # a tensor's element count must fit numpy's sizes
METADATA_KEY = "__metadata__"
SINGLE_FILE = "model.safetensors"
INDEX_FILE = "model.safetensors.index.json"

_PLAIN_DTYPES: dict[str, np.dtype] = {
    "F64": np.dtype("<f8"),
    "F32": np.dtype("<f4"),
    "F16": np.dtype("<f2"),
    "I64": np.dtype("<i8"),
    "I32": np.dtype("<i4"),
    "I16": np.dtype("<i2"),
    "I8": np.dtype("i1"),
    "U64": np.dtype("<u8"),
    "U32": np.dtype("<u4"),
    "U16": np.dtype("<u2"),
    "U8": np.dtype("u1"),
    "BOOL": np.dtype("?"),
}
# Formats numpy lacks come from ml_dtypes, imported only when a file holds one.
_ML_DTYPES: dict[str, tuple[str, int]] = {
    "BF16": ("bfloat16", 2),
    "F8_E4M3": ("float8_e4m3fn", 1),
    "F8_E5M2": ("float8_e5m2", 1),
}
_ITEMSIZES: dict[str, int] = ({k: v.itemsize for k, v in _PLAIN_DTYPES.items()}
                              | {k: size for k, (_, size) in _ML_DTYPES.items()})


def _lookup_dtype(name: str) -> np.dtype | None:
    """The numpy dtype of a safetensors dtype name; None when rlx cannot read it."""
    if name in _ML_DTYPES:
        import ml_dtypes

        return np.dtype(getattr(ml_dtypes, _ML_DTYPES[name][0]))
    return _PLAIN_DTYPES.get(name)


def __getattr__(name: str) -> object:
    if name == "NUMPY_DTYPES":  # every readable dtype (imports ml_dtypes)
        return {k: _lookup_dtype(k) for k in _ITEMSIZES}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class SafetensorsError(RlxError, ValueError):
    """A safetensors file is malformed, or holds a tensor rlx cannot read.

    The message names the file, the tensor (where one is at fault) and the rule
    that failed: a truncated header, invalid JSON, offsets outside the data section,
    a byte size that disagrees with dtype and shape, or an unsupported dtype.
    """


@dataclass(frozen=True)
class SafetensorsTensorInfo:
    """One header entry: safetensors dtype name, shape and absolute byte range."""

    name: str
    dtype: str
    shape: tuple[int, ...]
    begin: int
    end: int

    @property
    def nbytes(self) -> int:
        return self.end - self.begin


class SafetensorsFile:
    """A safetensors file mapped read-only; tensors come out as zero-copy numpy views.

    ``SafetensorsFile(path)`` parses and validates the whole header (SafetensorsError
    when malformed, OSError when the file cannot be opened). Tensors of an unsupported
    dtype are listed but raise SafetensorsError when read. Usable as a context manager.
    """

    def __init__(self, path: str | os.PathLike):
        self.path = os.fspath(path)
        self._buffer = _map_file(self.path)
        self.metadata, self._infos = _parse_header(self._buffer, self.path)

    def keys(self) -> list[str]:
        """Tensor names in header order."""
        return list(self._infos)

    def __iter__(self) -> Iterator[str]:
        return iter(self._infos)

    def __len__(self) -> int:
        return len(self._infos)

    def __contains__(self, name: object) -> bool:
        return name in self._infos

    def info(self, name: str) -> SafetensorsTensorInfo:
        """The header entry of ``name``; SafetensorsError when there is none."""
        info = self._infos.get(name)
        if info is None:
            raise SafetensorsError(f"{self.path}: no tensor named {name!r} "
                                   f"({len(self._infos)} tensors in the file)")
        return info

    def tensor(self, name: str) -> np.ndarray:
        """A read-only view of tensor ``name`` in its stored dtype and shape (bf16 and
        fp8 as ``ml_dtypes`` types). SafetensorsError for an unknown name or an
        unsupported dtype, or after :meth:`close`."""
        info = self.info(name)
        dtype = _numpy_dtype(info, self.path)
        if self._buffer is None:
            raise SafetensorsError(f"{self.path}: the file was closed")
        count = info.nbytes // dtype.itemsize
        return np.frombuffer(self._buffer, dtype, count, info.begin).reshape(info.shape)

    def items(self) -> Iterator[tuple[str, np.ndarray]]:
        """``(name, view)`` for every tensor, in header order."""
        for name in self._infos:
            yield name, self.tensor(name)

    def close(self) -> None:
        """Drop this object's reference to the mapping; views already handed out keep
        it alive until they are freed."""
        self._buffer = None

    def __enter__(self) -> SafetensorsFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<rlx.SafetensorsFile {self.path!r}: {len(self._infos)} tensors>"


class SafetensorsCheckpoint:
    """The tensors of a checkpoint directory, from one or several safetensors files.

    ``SafetensorsCheckpoint(directory)`` reads ``model.safetensors.index.json`` when
    the directory has one (every shard it names must exist and hold the tensors mapped
    to it), else ``model.safetensors``; SafetensorsError when there is neither, for a
    malformed index or shard, or a shard name that is not a plain file name.
    """

    def __init__(self, directory: str | os.PathLike):
        self.path = os.fspath(directory)
        index = os.path.join(self.path, INDEX_FILE)
        if os.path.isfile(index):
            weight_map = _read_index(index)
        elif os.path.isfile(os.path.join(self.path, SINGLE_FILE)):
            weight_map = None
        else:
            raise SafetensorsError(f"{self.path}: the directory holds neither {SINGLE_FILE} "
                                   f"nor {INDEX_FILE}")
        names = [SINGLE_FILE] if weight_map is None else sorted(set(weight_map.values()))
        missing = [n for n in names if not os.path.isfile(os.path.join(self.path, n))]
        if missing:
            raise SafetensorsError(f"{index}: the shards {missing} are missing")
        self.files = {name: SafetensorsFile(os.path.join(self.path, name)) for name in names}
        if weight_map is None:
            weight_map = dict.fromkeys(self.files[SINGLE_FILE].keys(), SINGLE_FILE)
        for tensor, shard in weight_map.items():
            if tensor not in self.files[shard]:
                raise SafetensorsError(f"{index}: {tensor!r} is mapped to {shard}, which does "
                                       "not hold it")
        self._shard = weight_map

    def keys(self) -> list[str]:
        """Tensor names (the index's order, or the file's header order)."""
        return list(self._shard)

    def __iter__(self) -> Iterator[str]:
        return iter(self._shard)

    def __len__(self) -> int:
        return len(self._shard)

    def __contains__(self, name: object) -> bool:
        return name in self._shard

    def _file(self, name: str) -> SafetensorsFile:
        shard = self._shard.get(name)
        if shard is None:
            raise SafetensorsError(f"{self.path}: no tensor named {name!r} "
                                   f"({len(self._shard)} tensors in the checkpoint)")
        return self.files[shard]

    def info(self, name: str) -> SafetensorsTensorInfo:
        """The header entry of ``name`` in its shard; SafetensorsError when none."""
        return self._file(name).info(name)

    def tensor(self, name: str) -> np.ndarray:
        """A read-only view of ``name`` (:meth:`SafetensorsFile.tensor`)."""
        return self._file(name).tensor(name)

    def __repr__(self) -> str:
        return (f"<rlx.SafetensorsCheckpoint {self.path!r}: {len(self._shard)} tensors in "
                f"{len(self.files)} files>")


def _read_index(path: str) -> dict[str, str]:
    """The ``weight_map`` of a shard index: tensor name -> shard file name."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise SafetensorsError(f"{path}: not readable ({exc})") from None
    index = parse_json(raw, SafetensorsError, path)
    weight_map = index.get("weight_map") if isinstance(index, dict) else None
    if not isinstance(weight_map, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in weight_map.items()):
        raise SafetensorsError(f"{path}: weight_map must map tensor names to file names")
    for shard in set(weight_map.values()):
        if os.path.basename(shard) != shard or shard in ("", ".", ".."):
            raise SafetensorsError(f"{path}: shard {shard!r} is not a file name in the "
                                   "checkpoint directory")
    return weight_map


def load_safetensors(path: str | os.PathLike) -> dict[str, np.ndarray]:
    """Every tensor of the file at ``path`` as a read-only memory-mapped view, by name.

    Raises SafetensorsError for a malformed file or a tensor of an unsupported dtype.
    """
    with SafetensorsFile(path) as f:
        return dict(f.items())


def _map_file(path: str) -> np.ndarray:
    """The whole file as a read-only uint8 array mapped from it (:func:`map_file`);
    SafetensorsError when too short."""
    size = os.path.getsize(path)
    if size < HEADER_LENGTH_BYTES:
        raise SafetensorsError(f"{path}: {size} bytes is too short for a safetensors file "
                               f"(the header length alone takes {HEADER_LENGTH_BYTES})")
    return map_file(path)


def _parse_header(buffer: np.ndarray, path: str
                  ) -> tuple[dict[str, str], dict[str, SafetensorsTensorInfo]]:
    """Validate the header; returns (metadata, infos in header order)."""
    header_len = int(buffer[:HEADER_LENGTH_BYTES].view("<u8")[0])
    data_start = HEADER_LENGTH_BYTES + header_len
    if header_len > MAX_HEADER_BYTES or data_start > buffer.size:
        raise SafetensorsError(f"{path}: header length {header_len} does not fit the file of "
                               f"{buffer.size} bytes")
    header = parse_json(bytes(buffer[HEADER_LENGTH_BYTES:data_start]), SafetensorsError,
                        f"{path}: the header")
    if not isinstance(header, dict):
        raise SafetensorsError(f"{path}: the header must be a JSON object, got "
                               f"{type(header).__name__}")
    metadata = _parse_metadata(header.pop(METADATA_KEY, {}), path)
    data_size = buffer.size - data_start
    infos = {name: _parse_entry(name, entry, data_start, data_size, path)
             for name, entry in header.items()}
    _check_tiling(infos, data_start, data_size, path)
    return metadata, infos


def _check_tiling(infos: dict[str, SafetensorsTensorInfo], data_start: int, data_size: int,
                  path: str) -> None:
    """The format's rule that the tensors tile the data section: in offset order each
    begins where the one before ended, and the last ends at the end of the file. Two
    tensors sharing bytes would be views of each other; a gap could hide other data."""
    at = data_start
    for info in sorted(infos.values(), key=lambda i: (i.begin, i.end)):
        if info.begin != at:
            what = "overlaps the tensor before it" if info.begin < at else "leaves a gap"
            raise SafetensorsError(f"{path}: tensor {info.name!r} at data offset "
                                   f"{info.begin - data_start} {what} (expected offset "
                                   f"{at - data_start}): the tensors must tile the data")
        at = info.end
    if at != data_start + data_size:
        raise SafetensorsError(f"{path}: the tensors end at data offset {at - data_start}, "
                               f"the data section holds {data_size} bytes")


def _parse_metadata(value: object, path: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise SafetensorsError(f"{path}: {METADATA_KEY} must map strings to strings")
    return dict(value)


def _parse_entry(name: str, entry: object, data_start: int, data_size: int,
                 path: str) -> SafetensorsTensorInfo:
    """One validated header entry with absolute offsets."""
    where = f"{path}: tensor {name!r}"
    if not isinstance(entry, dict):
        raise SafetensorsError(f"{where}: the entry must be an object, got {entry!r}")
    dtype, shape, offsets = entry.get("dtype"), entry.get("shape"), entry.get("data_offsets")
    if not isinstance(dtype, str):
        raise SafetensorsError(f"{where}: dtype must be a string, got {dtype!r}")
    if not _is_int_list(shape) or any(d < 0 for d in shape):
        raise SafetensorsError(f"{where}: shape must be a list of non-negative integers, "
                               f"got {shape!r}")
    if math.prod(d for d in shape if d) > MAX_ELEMENTS // 8:
        raise SafetensorsError(f"{where}: shape {shape} is too large for any array")
    if not _is_int_list(offsets) or len(offsets) != 2:
        raise SafetensorsError(f"{where}: data_offsets must be [begin, end], got {offsets!r}")
    begin, end = offsets
    if not 0 <= begin <= end <= data_size:
        raise SafetensorsError(f"{where}: data_offsets [{begin}, {end}] lie outside the data "
                               f"section of {data_size} bytes")
    itemsize = _ITEMSIZES.get(dtype)
    if itemsize is not None and math.prod(shape) * itemsize != end - begin:
        raise SafetensorsError(f"{where}: {end - begin} bytes do not hold a {dtype} tensor of "
                               f"shape {list(shape)} ({math.prod(shape) * itemsize} "
                               "bytes)")
    return SafetensorsTensorInfo(name, dtype, tuple(shape), data_start + begin, data_start + end)


def _is_int_list(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)


def _numpy_dtype(info: SafetensorsTensorInfo, path: str) -> np.dtype:
    dtype = _lookup_dtype(info.dtype) if isinstance(info.dtype, str) else None
    if dtype is None:
        raise SafetensorsError(f"{path}: tensor {info.name!r} has unsupported dtype "
                               f"{info.dtype!r}; supported: {', '.join(_ITEMSIZES)}")
    return dtype
