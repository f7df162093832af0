"""The configuration of a decoder-only language model, read from GGUF metadata.

:class:`DecoderConfig` holds every fact that shapes the decoder graph of
:mod:`rlx.models.decoder`. :meth:`DecoderConfig.from_gguf` reads it from a GGUF file's
metadata (``<arch>.block_count``, ``<arch>.embedding_length``, ...) and the names of
its tensors, filling in what the file leaves implicit from the architecture's
defaults (:data:`ARCHITECTURES`):

* ``llama`` (Llama, SmolLM2): SiLU-gated MLP, RMSNorm before attention and MLP, RoPE
  on interleaved pairs — llama.cpp's converter permutes the rows of ``attn_q`` /
  ``attn_k`` so that rotating pairs (2i, 2i+1) equals Hugging Face's rotate-half on
  the original weights.
* ``gemma3``: GELU(tanh)-gated MLP, RMSNorm before *and after* attention and MLP,
  RMSNorm on each query and key head (QK-norm), rotate-half RoPE, embeddings scaled by
  sqrt(hidden), five sliding-window layers for every global one, and a RoPE base of
  10000 on the sliding-window layers (the global base is in the file). GGUF stores
  Gemma's RMSNorm weights with the 1 of its ``(1 + w)`` scaling already added
  (llama.cpp's converter adds it), so every norm here is plain ``x / rms(x) * w``.

Logit soft-capping (``<arch>.final_logit_softcapping``,
``<arch>.attn_logit_softcapping``) and linear RoPE scaling (``<arch>.rope.scaling.*``)
are read wherever a file carries them.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from rlx.models.bert import ModelConfigError

__all__ = ["ARCHITECTURES", "ArchDefaults", "DecoderConfig"]

ACTIVATIONS = ("silu", "gelu_tanh")
END_OF_TURN_TOKENS = ("<end_of_turn>", "<|im_end|>", "<|eot_id|>", "<|end|>")
"""Control tokens that end a chat turn; decoding stops on them as on EOS."""


@dataclass(frozen=True)
class ArchDefaults:
    """What a GGUF file of one architecture leaves implicit."""

    activation: str
    rope_interleaved: bool
    qk_norm: bool
    sandwich_norms: bool
    scale_embeddings: bool
    sliding_window_pattern: int | None  # every n-th layer global, the rest sliding
    rope_base_local: float | None       # RoPE base of the sliding-window layers


ARCHITECTURES: dict[str, ArchDefaults] = {
    "llama": ArchDefaults("silu", rope_interleaved=True, qk_norm=False, sandwich_norms=False,
                          scale_embeddings=False, sliding_window_pattern=None,
                          rope_base_local=None),
    "gemma3": ArchDefaults("gelu_tanh", rope_interleaved=False, qk_norm=True,
                           sandwich_norms=True, scale_embeddings=True,
                           sliding_window_pattern=6, rope_base_local=10000.0),
}


@dataclass(frozen=True)
class DecoderConfig:
    """The shape and numerics of a decoder-only transformer.

    ``layer_windows[i]`` is layer i's sliding window (a query at position p sees keys
    at positions p - window < j <= p) or None for global causal attention.
    ``rope_base_local`` is the RoPE base of the sliding-window layers (None: the same
    as ``rope_base``); ``rope_scale`` divides positions on the global layers (linear
    RoPE scaling). ``attn_scale`` multiplies the scores (None: head_dim ** -0.5).
    Soft-capping ``c`` maps a logit ``x`` to ``c * tanh(x / c)``.
    ``eos_ids`` lists every token that ends generation (EOS and end-of-turn tokens).
    """

    arch: str
    vocab_size: int
    n_layers: int
    hidden: int
    n_heads: int
    n_kv_heads: int
    head_dim: int
    ffn_hidden: int
    context_length: int
    norm_eps: float
    rope_base: float
    rope_dim: int
    rope_interleaved: bool
    layer_windows: tuple[int | None, ...]
    activation: str = "silu"
    rope_base_local: float | None = None
    rope_scale: float = 1.0
    qk_norm: bool = False
    sandwich_norms: bool = False
    embed_scale: float = 1.0
    attn_scale: float | None = None
    attn_softcap: float | None = None
    final_softcap: float | None = None
    tied_embeddings: bool = True
    bos_id: int | None = None
    eos_ids: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for field in ("vocab_size", "n_layers", "hidden", "n_heads", "n_kv_heads", "head_dim",
                      "ffn_hidden", "context_length", "rope_dim"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ModelConfigError(f"decoder config: {field} must be a positive integer, "
                                       f"got {value!r}")
        if self.n_heads % self.n_kv_heads:
            raise ModelConfigError(f"decoder config: n_heads {self.n_heads} is not a multiple "
                                   f"of n_kv_heads {self.n_kv_heads}")
        if self.rope_dim > self.head_dim or self.rope_dim % 2:
            raise ModelConfigError(f"decoder config: rope_dim {self.rope_dim} must be even "
                                   f"and at most head_dim {self.head_dim}")
        if self.activation not in ACTIVATIONS:
            raise ModelConfigError(f"decoder config: activation {self.activation!r} is not "
                                   f"supported ({', '.join(ACTIVATIONS)})")
        if len(self.layer_windows) != self.n_layers:
            raise ModelConfigError(f"decoder config: {len(self.layer_windows)} layer windows "
                                   f"for {self.n_layers} layers")
        if any(w is not None and w < 1 for w in self.layer_windows):
            raise ModelConfigError(f"decoder config: sliding windows must be >= 1, got "
                                   f"{self.layer_windows}")
        positive = ("norm_eps", "rope_base", "rope_scale", "embed_scale")
        for field in positive + ("attn_scale", "attn_softcap", "final_softcap",
                                 "rope_base_local"):
            value = getattr(self, field)
            if (value is not None or field in positive) and not value > 0:
                raise ModelConfigError(f"decoder config: {field} must be > 0, got {value!r}")

    @property
    def kv_dim(self) -> int:
        """Elements of one token's keys (or values) in one layer: n_kv_heads * head_dim."""
        return self.n_kv_heads * self.head_dim

    @property
    def score_scale(self) -> float:
        """The factor applied to q . k."""
        return self.attn_scale if self.attn_scale is not None else self.head_dim ** -0.5

    def layer_rope(self, layer: int) -> tuple[float, float]:
        """(base, position scale) of layer ``layer``'s rotary embedding."""
        if self.layer_windows[layer] is not None and self.rope_base_local is not None:
            return self.rope_base_local, 1.0
        return self.rope_base, self.rope_scale

    @classmethod
    def from_gguf(cls, metadata: Mapping[str, Any],
                  tensor_names: Collection[str]) -> DecoderConfig:
        """From a GGUF file's metadata and tensor names (``GGUFFile.metadata``,
        ``GGUFFile.tensors``). ModelConfigError for an architecture not in
        :data:`ARCHITECTURES`, a missing key, or a feature this builder lacks (biases,
        RoPE scaling other than linear, per-dimension RoPE frequency factors)."""
        arch = metadata.get("general.architecture")
        defaults = ARCHITECTURES.get(arch)
        if defaults is None:
            raise ModelConfigError(f"GGUF architecture {arch!r} is not supported (supported: "
                                   f"{', '.join(ARCHITECTURES)})")
        _reject_unsupported_tensors(arch, tensor_names)
        key = _MetadataReader(metadata, arch)
        hidden = key.integer("embedding_length")
        n_heads = key.integer("attention.head_count")
        head_dim = key.integer("attention.key_length", hidden // n_heads)
        if key.integer("attention.value_length", head_dim) != head_dim:
            raise ModelConfigError(f"{arch}: value heads of another width than key heads are "
                                   "not supported")
        n_layers = key.integer("block_count")
        return cls(
            arch=arch,
            vocab_size=_vocab_size(metadata, key),
            n_layers=n_layers,
            hidden=hidden,
            n_heads=n_heads,
            n_kv_heads=key.integer("attention.head_count_kv", n_heads),
            head_dim=head_dim,
            ffn_hidden=key.integer("feed_forward_length"),
            context_length=key.integer("context_length"),
            norm_eps=key.number("attention.layer_norm_rms_epsilon"),
            rope_base=key.number("rope.freq_base", 10000.0),
            rope_dim=key.integer("rope.dimension_count", head_dim),
            rope_interleaved=defaults.rope_interleaved,
            layer_windows=_layer_windows(key, defaults, n_layers),
            activation=defaults.activation,
            rope_base_local=key.number("rope.freq_base_swa", defaults.rope_base_local),
            rope_scale=_rope_scale(key),
            qk_norm=defaults.qk_norm,
            sandwich_norms=defaults.sandwich_norms,
            embed_scale=math.sqrt(hidden) if defaults.scale_embeddings else 1.0,
            attn_softcap=key.number("attn_logit_softcapping", None),
            final_softcap=key.number("final_logit_softcapping", None),
            tied_embeddings="output.weight" not in tensor_names,
            bos_id=_token_id(metadata, "tokenizer.ggml.bos_token_id"),
            eos_ids=_eos_ids(metadata),
        )


class _MetadataReader:
    """Typed reads of ``<arch>.<key>`` metadata, naming the key when one is missing."""

    _MISSING = object()

    def __init__(self, metadata: Mapping[str, Any], arch: str):
        self._metadata = metadata
        self._arch = arch

    def _get(self, key: str, default: Any) -> Any:
        full = f"{self._arch}.{key}"
        value = self._metadata.get(full, default)
        if value is self._MISSING:
            raise ModelConfigError(f"GGUF metadata lacks {full!r}")
        return value

    def integer(self, key: str, default: Any = _MISSING) -> int:
        value = self._get(key, default)
        return value if value is None else int(value)

    def number(self, key: str, default: Any = _MISSING) -> float | None:
        value = self._get(key, default)
        return value if value is None else float(value)

    def text(self, key: str, default: Any = _MISSING) -> str | None:
        return self._get(key, default)


def _reject_unsupported_tensors(arch: str, tensor_names: Collection[str]) -> None:
    biases = sorted(n for n in tensor_names if n.endswith(".bias"))
    if biases:
        raise ModelConfigError(f"{arch}: linear biases are not supported (e.g. {biases[0]})")
    if "rope_freqs.weight" in tensor_names:
        raise ModelConfigError(f"{arch}: per-dimension RoPE frequency factors (rope_freqs, "
                               "Llama 3.1 RoPE scaling) are not supported")


def _vocab_size(metadata: Mapping[str, Any], key: _MetadataReader) -> int:
    tokens = metadata.get("tokenizer.ggml.tokens")
    default = len(tokens) if tokens is not None else _MetadataReader._MISSING
    return key.integer("vocab_size", default)


def _layer_windows(key: _MetadataReader, defaults: ArchDefaults,
                   n_layers: int) -> tuple[int | None, ...]:
    window = key.integer("attention.sliding_window", None)
    pattern = defaults.sliding_window_pattern
    if window is None or pattern is None:
        return (None,) * n_layers
    return tuple(None if (i + 1) % pattern == 0 else window for i in range(n_layers))


def _rope_scale(key: _MetadataReader) -> float:
    kind = key.text("rope.scaling.type", None)
    if kind in (None, "none"):
        return 1.0
    if kind != "linear":
        raise ModelConfigError(f"RoPE scaling {kind!r} is not supported (only 'linear')")
    return key.number("rope.scaling.factor")


def _token_id(metadata: Mapping[str, Any], key: str) -> int | None:
    value = metadata.get(key)
    return None if value is None else int(value)


def _eos_ids(metadata: Mapping[str, Any]) -> tuple[int, ...]:
    """EOS, EOT and the end-of-turn control tokens of :data:`END_OF_TURN_TOKENS`."""
    ids = [_token_id(metadata, k) for k in ("tokenizer.ggml.eos_token_id",
                                            "tokenizer.ggml.eot_token_id")]
    tokens = metadata.get("tokenizer.ggml.tokens") or []
    wanted = set(END_OF_TURN_TOKENS)
    ids += [i for i, token in enumerate(tokens) if token in wanted]
    return tuple(dict.fromkeys(i for i in ids if i is not None))
