"""The loaders ``scripts/fuzz.py`` attacks, and the small valid files it starts from.

Each target writes the fuzzer's bytes to a file with the suffix its loader expects,
loads it and touches what came back (dequantises every GGUF tensor, reads every
safetensors tensor, re-serialises a graph, encodes text with a tokenizer). A target
passes an input when the load succeeds or raises an ``rlx.errors.RlxError``; any
other exception is a finding. ``write_seeds`` writes each target's seed corpus with
the project's own writers (or the ``onnx`` / ``gguf`` / ``safetensors`` packages).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

TEXT = "Hello world, 123 héllo!"


@dataclass(frozen=True)
class Target:
    """One loader: the file suffix it reads, how to load and touch a file, and the
    kind of structure-aware mutation that suits its format."""

    name: str
    suffix: str
    load: Callable[[str], None]
    kind: str              # "binary", "json", "gguf" or "safetensors" (see fuzz_mutate)
    seeds: Callable[[], dict[str, bytes]]


# ---------------------------------------------------------------------- loading
def load_onnx(path: str) -> None:
    from rlx.frontends.onnx import load
    load(path)


def load_gguf(path: str) -> None:
    from rlx.frontends.gguf import SUPPORTED_TYPES, GGUFFile
    f = GGUFFile(path)
    repr(f)
    for name, info in f.tensors.items():
        f.raw(name)
        if info.type in SUPPORTED_TYPES:
            values = f.dequantize(name)
            _expect(values.shape == info.shape and values.dtype == np.float32,
                    f"tensor {name!r} dequantised to {values.dtype}{values.shape}")


def load_safetensors_file(path: str) -> None:
    from rlx.frontends.safetensors import load_safetensors
    for name, view in load_safetensors(path).items():
        _expect(isinstance(view, np.ndarray), f"tensor {name!r} is not an array")
        view.tobytes()


def load_graph_json(path: str) -> None:
    from rlx.ir import serialize
    from rlx.ir.verify import verify
    graph = serialize.load(path)
    verify(graph)
    text = serialize.to_json(graph)
    _expect(serialize.to_json(serialize.from_json(text)) == text,
            "a loaded graph does not round-trip")


def load_tokenizer_file(path: str) -> None:
    from rlx.frontends.tokenizer import load_tokenizer
    tok = load_tokenizer(path)
    ids = tok.encode(TEXT)
    tok.decode(ids)
    tok.encode_batch([TEXT, "a"])


def load_cli_input(path: str) -> None:
    from rlx.cli import _load_inputs
    value = _load_inputs({"x": path})["x"]
    _expect(isinstance(value, np.ndarray) and value.dtype.kind in "biuf",
            f"--input gave {type(value).__name__} {getattr(value, 'dtype', '')}")


class ContractError(AssertionError):
    """A loader returned something its contract rules out (always a finding)."""


def _expect(ok: bool, message: str) -> None:
    if not ok:
        raise ContractError(message)


# ---------------------------------------------------------------------- seeds
def _tmp_bytes(write: Callable[[str], None], suffix: str) -> bytes:
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "seed" + suffix)
        write(path)
        with open(path, "rb") as f:
            return f.read()


def onnx_seeds() -> dict[str, bytes]:
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    rng = np.random.default_rng(0)
    f32 = TensorProto.FLOAT

    def model(name, nodes, inputs, outputs, inits=(), opset=17):
        graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
        m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
        m.ir_version = 8
        return m.SerializeToString()

    def vi(name, shape, t=f32):
        return helper.make_tensor_value_info(name, t, shape)

    def init(name, value):
        return numpy_helper.from_array(np.asarray(value), name)

    mlp = model("mlp", [
        helper.make_node("MatMul", ["x", "w"], ["h"]),
        helper.make_node("Add", ["h", "b"], ["a"]),
        helper.make_node("Relu", ["a"], ["y"])],
        [vi("x", [2, 4])], [vi("y", [2, 3])],
        [init("w", rng.standard_normal((4, 3)).astype(np.float32)),
         init("b", np.zeros(3, np.float32))])
    shapes = model("shapes", [
        helper.make_node("Shape", ["x"], ["s"]),
        helper.make_node("Gather", ["s", "i"], ["d"], axis=0),
        helper.make_node("Concat", ["d", "m1"], ["t"], axis=0),
        helper.make_node("Reshape", ["x", "t"], ["r"]),
        helper.make_node("Transpose", ["r"], ["y"], perm=[1, 0])],
        [vi("x", [2, 3, 4])], [vi("y", [12, 2])],
        [init("i", np.array([0], np.int64)), init("m1", np.array([-1], np.int64))])
    consts = model("consts", [
        helper.make_node("ConstantOfShape", ["shape"], ["z"],
                         value=helper.make_tensor("v", f32, [1], [1.5])),
        helper.make_node("Range", ["start", "limit", "delta"], ["r"]),
        helper.make_node("Cast", ["r"], ["rf"], to=f32),
        helper.make_node("Expand", ["rf", "shape"], ["e"]),
        helper.make_node("Mul", ["z", "e"], ["m"]),
        helper.make_node("Add", ["x", "m"], ["y"])],
        [vi("x", [3, 4])], [vi("y", [3, 4])],
        [init("shape", np.array([3, 4], np.int64)), init("start", np.array(0, np.int64)),
         init("limit", np.array(4, np.int64)), init("delta", np.array(1, np.int64))])
    conv = model("conv", [
        helper.make_node("Conv", ["x", "k"], ["c"], pads=[1, 1, 1, 1], strides=[1, 1]),
        helper.make_node("MaxPool", ["c"], ["p"], kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Softmax", ["p"], ["y"], axis=-1)],
        [vi("x", [1, 2, 4, 4])], [vi("y", [1, 3, 2, 2])],
        [init("k", rng.standard_normal((3, 2, 3, 3)).astype(np.float32))])
    norm = model("norm", [
        helper.make_node("LayerNormalization", ["x", "g", "b"], ["n"], axis=-1),
        helper.make_node("ReduceMean", ["n", "axes"], ["m"], keepdims=1),
        helper.make_node("Where", ["c", "n", "m"], ["y"]),
    ], [vi("x", [2, 8]), vi("c", [2, 8], TensorProto.BOOL)], [vi("y", [2, 8])],
        [init("g", np.ones(8, np.float32)), init("b", np.zeros(8, np.float32)),
         init("axes", np.array([1], np.int64))], opset=18)
    branch = lambda op: helper.make_graph(  # noqa: E731
        [helper.make_node(op, ["x"], ["o"])], op, [], [vi("o", [2])])
    cond = model("if", [helper.make_node("If", ["c"], ["y"], then_branch=branch("Neg"),
                                          else_branch=branch("Abs"))],
                 [vi("x", [2]), vi("c", [], TensorProto.BOOL)], [vi("y", [2])])
    onnx.checker.check_model(onnx.load_from_string(mlp))
    return {"mlp.onnx": mlp, "shapes.onnx": shapes, "consts.onnx": consts,
            "conv.onnx": conv, "norm.onnx": norm, "if.onnx": cond}


def _gguf_bytes(fill: Callable) -> bytes:
    import gguf

    def write(path: str) -> None:
        writer = gguf.GGUFWriter(path, arch="toy")
        fill(writer, gguf)
        writer.write_header_to_file()
        writer.write_kv_data_to_file()
        writer.write_tensors_to_file()
        writer.close()
    return _tmp_bytes(write, ".gguf")


def gguf_seeds() -> dict[str, bytes]:
    rng = np.random.default_rng(1)

    def values(writer, gguf) -> None:
        kind = gguf.GGUFValueType
        for key, value, t in [("u8", 200, kind.UINT8), ("i8", -5, kind.INT8),
                              ("u16", 600, kind.UINT16), ("i16", -3, kind.INT16),
                              ("u32", 7, kind.UINT32), ("i32", -7, kind.INT32),
                              ("u64", 2**33, kind.UINT64), ("i64", -2, kind.INT64),
                              ("f32", 0.5, kind.FLOAT32), ("f64", 0.1, kind.FLOAT64),
                              ("b", True, kind.BOOL)]:
            writer.add_key_value("t." + key, value, t)
        writer.add_string("t.str", "héllo")
        writer.add_array("t.strs", ["a", "", "b c"])
        writer.add_array("t.ints", [1, 2, 3])
        writer.add_array("t.floats", [0.25, -1.5])
        writer.add_tensor("dense", rng.standard_normal((3, 5)).astype(np.float32))
        writer.add_tensor("half", rng.standard_normal((2, 8)).astype(np.float16))

    def quants(writer, gguf) -> None:
        q = gguf.GGMLQuantizationType
        for name, t, cols in [("q8", q.Q8_0, 32), ("q4", q.Q4_0, 32), ("q5", q.Q5_1, 32),
                              ("bf", q.BF16, 8)]:
            data = gguf.quants.quantize(rng.standard_normal((1, cols)).astype(np.float32), t)
            writer.add_tensor(name, data, raw_dtype=t)
        for name, t, size in [("k4", q.Q4_K, 144), ("k6", q.Q6_K, 210)]:  # random blocks
            data = rng.integers(0, 256, (1, size), dtype=np.uint8)
            data[:, :4] = [0, 60, 0, 60]           # finite f16 super-block scales
            writer.add_tensor(name, data, raw_dtype=t)

    def aligned(writer, gguf) -> None:
        writer.add_custom_alignment(64)
        writer.add_tensor("a", np.arange(6, dtype=np.float32).reshape(2, 3))
        writer.add_tensor("b", np.arange(4, dtype=np.int32))

    return {"values.gguf": _gguf_bytes(values), "quants.gguf": _gguf_bytes(quants),
            "aligned.gguf": _gguf_bytes(aligned)}


def safetensors_seeds() -> dict[str, bytes]:
    from safetensors.numpy import save
    rng = np.random.default_rng(2)
    mixed = {"w": rng.standard_normal((3, 4)).astype(np.float32),
             "h": rng.standard_normal(5).astype(np.float16),
             "ids": np.arange(6, dtype=np.int64).reshape(2, 3),
             "mask": np.array([True, False, True]),
             "u": np.arange(4, dtype=np.uint8), "s": np.array(2.5, np.float64),
             "e": np.zeros((0, 3), np.float32)}
    return {"mixed.safetensors": save(mixed, metadata={"format": "np", "k": "v"}),
            "one.safetensors": save({"x": np.ones((2, 2), np.int32)})}


def graph_json_seeds() -> dict[str, bytes]:
    import rlx
    g = rlx.Graph("mlp")
    x = g.input("x", (2, 4), "f32")
    w = g.param("w", (4, 3))
    g.set_outputs([rlx.gelu(x @ w + g.constant(np.arange(3.0, dtype=np.float32)))])
    rich = rlx.Graph("rich")
    x = rich.input("x", (2, 3, 4), "bf16")
    i = rich.input("ids", (3,), "i64")
    h = rlx.clip(x.cast("f32") * float("inf"), -1.0, None)
    h = rlx.pad(h, [(0, 0), (1, 1), (2, 0)], mode="reflect")
    e = rlx.gather(rich.constant(np.arange(12.0).reshape(6, 2)), i)
    q = rlx.attention(*(rich.input(n, (1, 2, 3, 4)) for n in "qkv"), mask="causal")
    rich.set_outputs([h.sum(1), e, q, h[:, ::-1, None]])
    return {"mlp.json": rlx.to_json(g).encode(), "rich.json": rlx.to_json(rich).encode()}


def tokenizer_json_seeds() -> dict[str, bytes]:
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors
    words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "hello", "world", "he", "##llo", "1", "2",
             "3", ",", "!", "h", "##é", "a"]
    wp = Tokenizer(models.WordPiece({w: i for i, w in enumerate(words)}, unk_token="[UNK]"))
    wp.normalizer = normalizers.BertNormalizer(lowercase=True)
    wp.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    wp.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", 2), ("[SEP]", 3)])
    wp.decoder = decoders.WordPiece()
    wp.enable_padding(pad_id=0, pad_token="[PAD]")
    vocab = {c: i for i, c in enumerate(["<unk>", "H", "e", "l", "o", "He", "ll", "llo",
                                         "Hello", "Ġ", "w", "r", "d"])}
    bpe = Tokenizer(models.BPE(vocab, [("H", "e"), ("l", "l"), ("ll", "o"), ("He", "llo")],
                               unk_token="<unk>"))
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    bpe.add_special_tokens(["<s>"])
    return {"wordpiece.json": wp.to_str().encode(), "bpe.json": bpe.to_str().encode()}


def tokenizer_gguf_seeds() -> dict[str, bytes]:
    def gpt2(writer, gguf) -> None:
        tokens = ["<|end|>", "H", "e", "l", "o", "He", "ll", "llo", "Hello", "Ġ", "w"]
        writer.add_tokenizer_model("gpt2")
        writer.add_tokenizer_pre("smollm")
        writer.add_token_list(tokens)
        writer.add_token_types([3] + [1] * (len(tokens) - 1))
        writer.add_token_merges(["H e", "l l", "ll o", "He llo"])
        writer.add_bos_token_id(0)
        writer.add_eos_token_id(0)
        writer.add_add_bos_token(True)
        writer.add_chat_template("{{ messages }}")

    def llama(writer, gguf) -> None:
        pieces = {"▁": -1.0, "h": -2.0, "e": -2.0, "l": -2.0, "o": -2.0, "he": -1.5,
                  "ll": -1.4, "llo": -1.2, "hello": -1.0, "▁hello": -0.5}
        tokens = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(0, 256, 17)]
        tokens += list(pieces)
        writer.add_tokenizer_model("llama")
        writer.add_token_list(tokens)
        writer.add_token_types([2, 3, 3] + [6] * 16 + [1] * len(pieces))
        writer.add_token_scores([0.0] * 19 + list(pieces.values()))
        writer.add_bos_token_id(1)
        writer.add_eos_token_id(2)
        writer.add_unk_token_id(0)
        writer.add_add_eos_token(True)
    return {"gpt2.gguf": _gguf_bytes(gpt2), "llama.gguf": _gguf_bytes(llama)}


def cli_npy_seeds() -> dict[str, bytes]:
    import io

    def npy(value: np.ndarray) -> bytes:
        buf = io.BytesIO()
        np.save(buf, value)
        return buf.getvalue()
    return {"f32.npy": npy(np.arange(6, dtype=np.float32).reshape(2, 3)),
            "i64.npy": npy(np.arange(4, dtype=np.int64)),
            "bool.npy": npy(np.array([[True, False]])),
            "f16_fortran.npy": npy(np.asfortranarray(np.ones((3, 2), np.float16))),
            "scalar.npy": npy(np.array(1.5)),
            "big_endian.npy": npy(np.arange(3, dtype=">i4"))}


TARGETS: dict[str, Target] = {t.name: t for t in [
    Target("onnx", ".onnx", load_onnx, "binary", onnx_seeds),
    Target("gguf", ".gguf", load_gguf, "gguf", gguf_seeds),
    Target("safetensors", ".safetensors", load_safetensors_file, "safetensors",
           safetensors_seeds),
    Target("graph-json", ".json", load_graph_json, "json", graph_json_seeds),
    Target("tokenizer-json", ".json", load_tokenizer_file, "json", tokenizer_json_seeds),
    Target("tokenizer-gguf", ".gguf", load_tokenizer_file, "gguf", tokenizer_gguf_seeds),
    Target("cli-npy", ".npy", load_cli_input, "binary", cli_npy_seeds),
]}


def write_seeds(root: str, names: list[str] | None = None) -> dict[str, int]:
    """Write each target's seed files under ``root/<target>/``; returns files per target."""
    counts = {}
    for name in names or list(TARGETS):
        folder = os.path.join(root, name)
        os.makedirs(folder, exist_ok=True)
        seeds = TARGETS[name].seeds()
        for file, data in seeds.items():
            with open(os.path.join(folder, file), "wb") as f:
                f.write(data)
        counts[name] = len(seeds)
    return counts
