"""A decoder's files: its config, weights and tokenizer from a GGUF file or a Hugging
Face checkpoint directory.

:func:`read_decoder_checkpoint` opens either kind and returns the three things a
:class:`~rlx.models.decoder_model.DecoderModel` is built from. Both kinds give one
:class:`~rlx.models.decoder_config.DecoderConfig` and one weight mapping,
:class:`DecoderWeights`: the params of :func:`~rlx.models.decoder.decoder_param_shapes`
by their GGUF names, read from the file as float32 on access and checked against the
config's shapes.

* :class:`GGUFWeights`: tensors of a GGUF file, dequantised; it also hands out the
  file's own blocks (:meth:`GGUFWeights.blocks`) for ``weight_format="gguf"``.
* :class:`HFWeights`: tensors of ``model.safetensors`` (or the shards of
  ``model.safetensors.index.json``) under their Hugging Face names
  (:func:`hf_tensor_names`), widened from bf16 / f16 to float32 (float32 tensors are
  read in place, from the file's pages); Gemma's RMSNorm weights get their 1 added.
  A mixture layer's expert stacks are the per-expert tensors ``save_pretrained``
  writes, stacked on access (:data:`HF_EXPERT_NAMES`).

A Hugging Face directory needs ``config.json``, the safetensors weights and
``tokenizer.json`` (with ``tokenizer_config.json`` / ``chat_template.jinja`` for the
special tokens and chat template); ``generation_config.json`` adds end-of-sequence ids.
"""

from __future__ import annotations

import os
from abc import abstractmethod
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from rlx.frontends.gguf import GGUFFile
from rlx.frontends.jsonfile import read_json_object
from rlx.frontends.safetensors import SafetensorsCheckpoint
from rlx.frontends.tokenizer import Tokenizer, load_tokenizer, tokenizer_from_gguf
from rlx.ir.quantized import GGML_SCHEMES
from rlx.models.bert import ModelConfigError
from rlx.models.decoder import decoder_param_shapes
from rlx.models.decoder_config import ARCHITECTURES, DecoderConfig

__all__ = ["FLOAT_DTYPES", "HF_EXPERT_NAMES", "DecoderWeights", "GGUFWeights", "HFWeights",
           "hf_tensor_names", "read_decoder_checkpoint"]

FLOAT_DTYPES = ("F32", "F16", "BF16")
"""The safetensors dtypes a checkpoint's decoder weights may have."""
# GGUF name -> Hugging Face name: the model-wide params, then each block's (``{i}``)
_HF_GLOBAL = {"token_embd": "model.embed_tokens", "output_norm": "model.norm",
              "output": "lm_head"}
_HF_PROJECTIONS = {"attn_q": "self_attn.q_proj", "attn_k": "self_attn.k_proj",
                   "attn_v": "self_attn.v_proj", "attn_output": "self_attn.o_proj",
                   "ffn_gate": "mlp.gate_proj", "ffn_up": "mlp.up_proj",
                   "ffn_down": "mlp.down_proj"}
_HF_NORMS = {"attn_norm": "input_layernorm", "attn_q_norm": "self_attn.q_norm",
             "attn_k_norm": "self_attn.k_norm"}
# the norm after attention is the MLP's input norm in Llama-style blocks, a norm of its
# own in Gemma's sandwich blocks
_HF_PLAIN_NORMS = {"ffn_norm": "post_attention_layernorm"}
_HF_SANDWICH_NORMS = {"post_attention_norm": "post_attention_layernorm",
                      "ffn_norm": "pre_feedforward_layernorm",
                      "post_ffw_norm": "post_feedforward_layernorm"}
HF_EXPERT_NAMES: dict[str, tuple[str, dict[str, str]]] = {
    "qwen3moe": ("mlp", {"ffn_gate_exps": "gate_proj", "ffn_up_exps": "up_proj",
                         "ffn_down_exps": "down_proj"}),
    "llama": ("block_sparse_moe", {"ffn_gate_exps": "w1", "ffn_up_exps": "w3",
                                   "ffn_down_exps": "w2"}),
}
"""Per architecture, the module of a mixture layer in a Hugging Face checkpoint and its
experts' projections: ``model.layers.<i>.<module>.gate.weight`` is the router,
``<module>.experts.<j>.<projection>.weight`` expert j's weight (Qwen3-MoE's
``mlp.experts.<j>.gate_proj``; Mixtral, a llama with experts:
``block_sparse_moe.experts.<j>.w1`` gate, ``w3`` up, ``w2`` down)."""
Source = str | tuple[str, ...]
"""Where a param lies in a file: one tensor, or one per expert to stack."""


def hf_tensor_names(config: DecoderConfig) -> dict[str, Source]:
    """Every file param of the decoder (:func:`decoder_param_shapes` without the RoPE
    tables) -> its tensor name in a Hugging Face checkpoint (``blk.0.attn_q.weight`` ->
    ``model.layers.0.self_attn.q_proj.weight``), or for an expert stack the names of
    its experts' tensors in order (:data:`HF_EXPERT_NAMES`). ModelConfigError for a
    mixture of experts of an architecture without Hugging Face names for them."""
    block = {**_HF_PROJECTIONS, **_HF_NORMS,
             **(_HF_SANDWICH_NORMS if config.sandwich_norms else _HF_PLAIN_NORMS)}
    if config.moe_layers:
        if config.arch not in HF_EXPERT_NAMES:
            raise ModelConfigError(f"{config.arch}: no Hugging Face tensor names for its "
                                   "experts")
        module, projections = HF_EXPERT_NAMES[config.arch]
        block["ffn_gate_inp"] = f"{module}.gate"
    names: dict[str, Source] = {}
    for name in decoder_param_shapes(config, 1):
        parts = name.split(".")
        if parts[0] == "rope":
            continue
        if parts[0] == "blk":
            _, i, layer, kind = parts
            if layer.endswith("_exps"):
                names[name] = tuple(f"model.layers.{i}.{module}.experts.{j}."
                                    f"{projections[layer]}.{kind}"
                                    for j in range(config.expert_count))
            else:
                names[name] = f"model.layers.{i}.{block[layer]}.{kind}"
        else:
            names[name] = f"{_HF_GLOBAL[parts[0]]}.{parts[1]}"
    return names


class DecoderWeights(Mapping):
    """The decoder's file params (:func:`decoder_param_shapes` without the RoPE tables)
    by name, each read from the file as a float32 array of the config's shape on
    access. ModelConfigError at construction when the file lacks a param or holds one
    in another shape (judged from its tensor table, without reading data).

    Subclasses say where a param lies (``_source``), which tensors the file holds and
    in what shape (``_stored_shape``: None when absent), and read one (``_read``).
    """

    def __init__(self, path: str, config: DecoderConfig):
        self.path = path
        self._shapes = {name: shape for name, shape in decoder_param_shapes(config, 1).items()
                        if not name.startswith("rope.")}
        stored = {name: self._stored_shape(self._source(name)) for name in self._shapes}
        missing = [part for name, shape in stored.items() if shape is None
                   for part in self._missing(self._source(name))]
        if missing:
            raise ModelConfigError(f"{path}: {len(missing)} tensors of the {config.arch} "
                                   f"decoder are missing, e.g. {', '.join(missing[:3])}")
        for name, shape in stored.items():
            if tuple(shape) != self._shapes[name]:
                raise ModelConfigError(f"{path}: {self._describe(self._source(name))} has shape "
                                       f"{tuple(shape)}, the config needs "
                                       f"{self._shapes[name]}")

    @abstractmethod
    def _source(self, name: str) -> Source:
        """The name in the file of param ``name`` (a tuple: tensors to stack)."""

    @abstractmethod
    def _stored_shape(self, source: Source) -> tuple[int, ...] | None:
        """The (numpy-order) shape of ``source`` in the file; None when the file lacks
        it (or a part of it)."""

    @abstractmethod
    def _read(self, source: Source) -> np.ndarray:
        """``source`` of the file as float32."""

    def _missing(self, source: Source) -> list[str]:
        """The tensors of ``source`` the file lacks (``source`` is missing)."""
        return [source] if isinstance(source, str) else list(source)

    def _describe(self, source: Source) -> str:
        return source if isinstance(source, str) else f"{source[0]} .. {source[-1]}"

    def __getitem__(self, name: str) -> np.ndarray:
        if name not in self._shapes:
            raise KeyError(name)
        return self._read(self._source(name))

    def __iter__(self) -> Iterator[str]:
        return iter(self._shapes)

    def __len__(self) -> int:
        return len(self._shapes)

    def __contains__(self, name: object) -> bool:
        return name in self._shapes


class GGUFWeights(DecoderWeights):
    """The decoder's params in a GGUF file (under their own names), dequantised to
    float32 on access."""

    def __init__(self, gguf: GGUFFile, config: DecoderConfig):
        self._file = gguf
        super().__init__(gguf.path, config)

    def _source(self, name: str) -> str:
        return name

    def _stored_shape(self, source: str) -> tuple[int, ...] | None:
        return self._file.info(source).shape if source in self._file.tensors else None

    def _read(self, source: str) -> np.ndarray:
        return self._file.dequantize(source)

    def blocks(self, name: str) -> tuple[str, np.ndarray] | None:
        """``(scheme, bytes)`` of a 2-D param or an expert stack stored in a GGML block
        format: the :data:`~rlx.ir.quantized.GGML_SCHEMES` name of its type and its
        bytes (a read-only view of the file), u8 [out, row_bytes] — or [E, n *
        row_bytes] for experts [E, n, k], each expert's blocks in one row; None when
        it is stored another way (floats). KeyError for a name that is not a param."""
        if name not in self._shapes:
            raise KeyError(name)
        scheme = self._file.info(name).type.name.lower()
        if scheme not in GGML_SCHEMES or len(self._shapes[name]) not in (2, 3):
            return None
        raw = self._file.raw(name)
        return scheme, raw.reshape(raw.shape[0], -1) if raw.ndim == 3 else raw


class HFWeights(DecoderWeights):
    """The decoder's params in a Hugging Face checkpoint (:func:`hf_tensor_names`):
    float32 tensors as read-only views of the file, bf16 / f16 ones widened to float32,
    RMSNorm weights plus the architecture's ``hf_norm_offset`` (Gemma's 1)."""

    def __init__(self, checkpoint: SafetensorsCheckpoint, config: DecoderConfig):
        self._checkpoint = checkpoint
        self._sources = hf_tensor_names(config)
        offset = ARCHITECTURES[config.arch].hf_norm_offset
        self._offsets = {self._sources[name]: offset for name in self._sources
                         if offset and name.endswith("norm.weight")}
        super().__init__(checkpoint.path, config)
        for source in self._sources.values():
            for part in [source] if isinstance(source, str) else source:
                self._check_dtype(part)

    def _check_dtype(self, source: str) -> None:
        dtype = self._checkpoint.info(source).dtype
        if dtype not in FLOAT_DTYPES:
            raise ModelConfigError(f"{self.path}: {source} holds {dtype} values; the "
                                   f"decoder's weights must be one of {FLOAT_DTYPES}")

    def _source(self, name: str) -> Source:
        return self._sources[name]

    def _stored_shape(self, source: Source) -> tuple[int, ...] | None:
        if not isinstance(source, str):       # experts: each one's shape, stacked
            shapes = {self._stored_shape(part) for part in source}
            if None in shapes:
                return None
            if len(shapes) != 1:
                raise ModelConfigError(f"{self.path}: the experts {self._describe(source)} "
                                       f"differ in shape ({sorted(shapes)})")
            return (len(source), *shapes.pop())
        return self._checkpoint.info(source).shape if source in self._checkpoint else None

    def _missing(self, source: Source) -> list[str]:
        parts = [source] if isinstance(source, str) else source
        return [part for part in parts if part not in self._checkpoint]

    def _read(self, source: Source) -> np.ndarray:
        if not isinstance(source, str):
            return np.stack([self._read(part) for part in source])
        value = self._checkpoint.tensor(source)
        if value.dtype != np.float32:
            value = value.astype(np.float32)
        if source in self._offsets:
            value = value + np.float32(self._offsets[source])
        return value


def read_decoder_checkpoint(path: str | os.PathLike
                            ) -> tuple[DecoderConfig, DecoderWeights, Tokenizer]:
    """The config, weights and tokenizer of a GGUF file or a Hugging Face checkpoint
    directory (module docstring). ModelConfigError for an architecture or feature the
    builder lacks, missing files or tensors; GGUFError / SafetensorsError /
    TokenizerError for a malformed file of that kind."""
    path = os.fspath(path)
    if os.path.isdir(path):
        return _read_hf(path)
    if not os.path.isfile(path):
        raise ModelConfigError(f"{path}: no such file or directory (a decoder is a .gguf "
                               "file or a Hugging Face checkpoint directory)")
    gguf = GGUFFile(path)
    rope_freqs = (gguf.dequantize("rope_freqs.weight").ravel()
                  if "rope_freqs.weight" in gguf.tensors else None)
    config = DecoderConfig.from_gguf(gguf.metadata, gguf.tensors, rope_freqs)
    return config, GGUFWeights(gguf, config), tokenizer_from_gguf(gguf)


def _read_hf(directory: str) -> tuple[DecoderConfig, HFWeights, Tokenizer]:
    config_path = os.path.join(directory, "config.json")
    if not os.path.isfile(config_path):
        raise ModelConfigError(f"{directory}: the directory holds no config.json (a Hugging "
                               "Face checkpoint needs config.json, model.safetensors and "
                               "tokenizer.json)")
    settings = _read_json(config_path)
    generation_path = os.path.join(directory, "generation_config.json")
    generation = _read_json(generation_path) if os.path.isfile(generation_path) else {}
    checkpoint = SafetensorsCheckpoint(directory)
    tokenizer = load_tokenizer(directory)
    config = DecoderConfig.from_hf(settings, checkpoint, generation, tokenizer.token_to_id)
    return config, HFWeights(checkpoint, config), tokenizer


def _read_json(path: str) -> dict[str, Any]:
    return read_json_object(path, ModelConfigError)
