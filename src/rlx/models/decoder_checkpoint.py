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

A Hugging Face directory needs ``config.json``, the safetensors weights and
``tokenizer.json`` (with ``tokenizer_config.json`` / ``chat_template.jinja`` for the
special tokens and chat template); ``generation_config.json`` adds end-of-sequence ids.
"""

from __future__ import annotations

import json
import os
from abc import abstractmethod
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from rlx.frontends.gguf import GGUFFile
from rlx.frontends.safetensors import SafetensorsCheckpoint
from rlx.frontends.tokenizer import Tokenizer, load_tokenizer, tokenizer_from_gguf
from rlx.ir.quantized import GGML_SCHEMES
from rlx.models.bert import ModelConfigError
from rlx.models.decoder import decoder_param_shapes
from rlx.models.decoder_config import ARCHITECTURES, DecoderConfig

__all__ = ["FLOAT_DTYPES", "DecoderWeights", "GGUFWeights", "HFWeights", "hf_tensor_names",
           "read_decoder_checkpoint"]

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


def hf_tensor_names(config: DecoderConfig) -> dict[str, str]:
    """Every file param of the decoder (:func:`decoder_param_shapes` without the RoPE
    tables) -> its tensor name in a Hugging Face checkpoint (``blk.0.attn_q.weight`` ->
    ``model.layers.0.self_attn.q_proj.weight``)."""
    block = {**_HF_PROJECTIONS, **_HF_NORMS,
             **(_HF_SANDWICH_NORMS if config.sandwich_norms else _HF_PLAIN_NORMS)}
    names = {}
    for name in decoder_param_shapes(config, 1):
        parts = name.split(".")
        if parts[0] == "rope":
            continue
        if parts[0] == "blk":
            _, i, layer, kind = parts
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
        missing = [self._source(name) for name, shape in stored.items() if shape is None]
        if missing:
            raise ModelConfigError(f"{path}: {len(missing)} tensors of the {config.arch} "
                                   f"decoder are missing, e.g. {', '.join(missing[:3])}")
        for name, shape in stored.items():
            if tuple(shape) != self._shapes[name]:
                raise ModelConfigError(f"{path}: {self._source(name)} has shape "
                                       f"{tuple(shape)}, the config needs "
                                       f"{self._shapes[name]}")

    @abstractmethod
    def _source(self, name: str) -> str:
        """The name in the file of param ``name``."""

    @abstractmethod
    def _stored_shape(self, source: str) -> tuple[int, ...] | None:
        """The (numpy-order) shape of tensor ``source`` in the file; None when the file
        has no such tensor."""

    @abstractmethod
    def _read(self, source: str) -> np.ndarray:
        """Tensor ``source`` of the file as float32."""

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
        """``(scheme, bytes)`` of a 2-D param stored in a GGML block format: the
        :data:`~rlx.ir.quantized.GGML_SCHEMES` name of its type and its bytes, u8
        [out, row_bytes] (a read-only view of the file); None when it is stored
        another way (floats). KeyError for a name that is not a param."""
        if name not in self._shapes:
            raise KeyError(name)
        scheme = self._file.info(name).type.name.lower()
        if scheme not in GGML_SCHEMES or len(self._shapes[name]) != 2:
            return None
        return scheme, self._file.raw(name)


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
            dtype = checkpoint.info(source).dtype
            if dtype not in FLOAT_DTYPES:
                raise ModelConfigError(f"{self.path}: {source} holds {dtype} values; the "
                                       f"decoder's weights must be one of {FLOAT_DTYPES}")

    def _source(self, name: str) -> str:
        return self._sources[name]

    def _stored_shape(self, source: str) -> tuple[int, ...] | None:
        return self._checkpoint.info(source).shape if source in self._checkpoint else None

    def _read(self, source: str) -> np.ndarray:
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
    try:
        with open(path, encoding="utf-8") as f:
            value = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ModelConfigError(f"{path}: not readable JSON ({exc})") from None
    if not isinstance(value, dict):
        raise ModelConfigError(f"{path}: expected a JSON object")
    return value
