"""The memory-mapped safetensors reader against the ``safetensors`` package's loaders."""

from __future__ import annotations

import json
import mmap
import struct

import ml_dtypes
import numpy as np
import pytest
import safetensors.numpy
import safetensors.torch
import torch

from rlx.errors import RlxError
from rlx.frontends.safetensors import SafetensorsError, SafetensorsFile, load_safetensors
from rlx.models import minilm_model_dir


def _sample_tensors() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    return {
        "f32": rng.standard_normal((3, 5)).astype(np.float32),
        "f16": rng.standard_normal((4, 2, 3)).astype(np.float16),
        "bf16": rng.standard_normal((7,)).astype(ml_dtypes.bfloat16),
        "f64": rng.standard_normal((2, 2)),
        "i64": rng.integers(-2**40, 2**40, (6,)),
        "i32": rng.integers(-1000, 1000, (2, 3)).astype(np.int32),
        "i8": rng.integers(-128, 127, (5,)).astype(np.int8),
        "u8": rng.integers(0, 255, (5,)).astype(np.uint8),
        "bool": rng.integers(0, 2, (3, 3)).astype(bool),
        "scalar": np.array(2.5, dtype=np.float32),
        "empty": np.zeros((0, 4), dtype=np.float32),
    }


def _maps_file(array: np.ndarray) -> bool:
    """Whether ``array`` is a view whose chain of bases reaches a file mapping."""
    base = array.base
    while base is not None and not isinstance(base, (mmap.mmap, np.memmap)):
        base = base.obj if isinstance(base, memoryview) else getattr(base, "base", None)
    return base is not None


def _write_raw(path, header: object, data: bytes = b"") -> None:
    """A file with ``header`` serialised as the JSON header, then ``data``."""
    text = header if isinstance(header, bytes) else json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(text)) + text + data)


def test_matches_safetensors_numpy_loader(tmp_path):
    path = tmp_path / "sample.safetensors"
    tensors = _sample_tensors()
    safetensors.numpy.save_file(tensors, str(path), metadata={"format": "np", "note": "x"})
    expected = safetensors.numpy.load_file(str(path))
    with SafetensorsFile(path) as f:
        assert sorted(f.keys()) == sorted(tensors)
        assert f.metadata == {"format": "np", "note": "x"}
        for name, want in expected.items():
            got = f.tensor(name)
            assert got.dtype == want.dtype and got.shape == want.shape, name
            assert got.tobytes() == want.tobytes(), name


def test_tensors_are_read_only_views_that_outlive_close(tmp_path):
    path = tmp_path / "views.safetensors"
    safetensors.numpy.save_file({"w": np.arange(12, dtype=np.float32).reshape(3, 4)}, str(path))
    f = SafetensorsFile(path)
    w = f.tensor("w")
    f.close()
    assert not w.flags.writeable and not w.flags.owndata
    assert _maps_file(w)
    assert w.sum() == 66.0
    with pytest.raises(SafetensorsError, match="closed"):
        f.tensor("w")


def test_bf16_and_f16_match_torch(tmp_path):
    path = tmp_path / "torch.safetensors"
    gen = torch.Generator().manual_seed(1)
    tensors = {"bf": torch.randn(5, 7, generator=gen).to(torch.bfloat16),
               "half": torch.randn(3, 2, generator=gen).to(torch.float16)}
    safetensors.torch.save_file(tensors, str(path))
    loaded = load_safetensors(path)
    for name, want in tensors.items():
        got = loaded[name].astype(np.float32)
        assert np.array_equal(got, want.float().numpy()), name


def test_minilm_checkpoint_matches_loader():
    path = f"{minilm_model_dir()}/model.safetensors"
    expected = safetensors.numpy.load_file(path)
    loaded = load_safetensors(path)
    assert loaded.keys() == expected.keys()
    for name, want in expected.items():
        assert loaded[name].dtype == want.dtype and np.array_equal(loaded[name], want), name


@pytest.mark.parametrize("header, data, message", [
    (b"{not json", b"", "not valid JSON"),
    (b"\xff\xfe", b"", "not valid JSON"),
    (b"[" * 100_000, b"", "nested too deeply"),         # json recurses once per level
    (b"9" * 5000, b"", "not valid JSON"),               # past int()'s 4,300 digits
    ({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},     # shares a's bytes
      "b": {"dtype": "F32", "shape": [1], "data_offsets": [4, 8]}}, b"\0" * 8,
     "tensor 'b' at data offset 4 overlaps the tensor before it"),
    ({"a": {"dtype": "F32", "shape": [1], "data_offsets": [4, 8]}}, b"\0" * 8,
     "tensor 'a' at data offset 4 leaves a gap"),
    ({"a": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}}, b"\0" * 8,
     "the tensors end at data offset 4, the data section holds 8 bytes"),
    ([1, 2], b"", "must be a JSON object"),
    ({"t": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}, b"\0" * 4,
     "lie outside the data section"),
    ({"t": {"dtype": "F32", "shape": [3], "data_offsets": [0, 8]}}, b"\0" * 8,
     "do not hold a F32 tensor of shape"),
    ({"t": {"dtype": "F32", "shape": [-1], "data_offsets": [0, 0]}}, b"", "shape must be"),
    ({"t": {"dtype": "F32", "shape": [1], "data_offsets": [4]}}, b"\0" * 4, "data_offsets"),
    ({"t": {"dtype": 5, "shape": [1], "data_offsets": [0, 4]}}, b"\0" * 4, "dtype must be"),
    ({"t": [1, 2]}, b"", "must be an object"),
    ({"__metadata__": {"a": 1}}, b"", "__metadata__ must map strings"),
])
def test_malformed_headers_raise(tmp_path, header, data, message):
    path = tmp_path / "bad.safetensors"
    _write_raw(path, header, data)
    with pytest.raises(SafetensorsError, match=message):
        SafetensorsFile(path)


def test_truncated_files_raise(tmp_path):
    short = tmp_path / "short.safetensors"
    short.write_bytes(b"\x01\x02")
    with pytest.raises(SafetensorsError, match="too short"):
        SafetensorsFile(short)
    overlong = tmp_path / "overlong.safetensors"
    overlong.write_bytes(struct.pack("<Q", 1000) + b"{}")
    with pytest.raises(SafetensorsError, match="does not fit"):
        SafetensorsFile(overlong)


def test_unsupported_dtype_raises_on_read_naming_it(tmp_path):
    path = tmp_path / "exotic.safetensors"
    _write_raw(path, {"c": {"dtype": "C64", "shape": [1], "data_offsets": [0, 8]},
                      "f": {"dtype": "F32", "shape": [2], "data_offsets": [8, 16]}},
               b"\0" * 16)
    with SafetensorsFile(path) as f:
        assert f.info("c").dtype == "C64"
        assert np.array_equal(f.tensor("f"), np.zeros(2, np.float32))
        with pytest.raises(SafetensorsError, match="unsupported dtype 'C64'"):
            f.tensor("c")


def test_unknown_tensor_name_is_an_rlx_error(tmp_path):
    path = tmp_path / "one.safetensors"
    safetensors.numpy.save_file({"a": np.ones(2, np.float32)}, str(path))
    with SafetensorsFile(path) as f, pytest.raises(RlxError, match="no tensor named 'b'"):
        f.tensor("b")
