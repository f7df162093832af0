"""The configuration of a decoder-only language model, from GGUF metadata or a Hugging
Face ``config.json``.

:class:`DecoderConfig` holds every fact that shapes the decoder graph of
:mod:`rlx.models.decoder`. Two readers fill it in, each from what its format states
and, for what the format leaves implicit, from the architecture's defaults
(:data:`ARCHITECTURES`, keyed by llama.cpp's architecture names):

* :meth:`DecoderConfig.from_gguf`: a GGUF file's metadata (``<arch>.block_count``,
  ``<arch>.embedding_length``, ...), the names of its tensors (an output projection,
  linear biases) and its ``rope_freqs`` tensor when it has one;
* :meth:`DecoderConfig.from_hf`: a checkpoint directory's ``config.json`` (either
  spelling of RoPE settings: transformers 5's ``rope_parameters``, or the earlier
  ``rope_theta`` / ``rope_scaling`` / ``rope_local_base_freq``), its
  ``generation_config.json`` and its tokenizer (end-of-sequence tokens). ``model_type``
  picks the architecture (:data:`HF_MODEL_TYPES`).

The architectures:

* ``llama`` (Llama 2 / 3.x, SmolLM2): SiLU-gated MLP, RMSNorm before attention and MLP.
  Llama 3.1's RoPE scaling (type ``llama3``) divides each rotary frequency by a factor
  (:func:`llama3_rope_factors`); GGUF files store those divisors as the tensor
  ``rope_freqs``. Optional biases on any linear layer (``attention_bias``,
  ``mlp_bias``).
* ``qwen2`` (Qwen2, Qwen2.5): as llama, with biases on the query, key and value
  projections.
* ``qwen3``: as llama, with RMSNorm on each query and key head (QK-norm) and no
  biases.
* ``qwen3moe`` (Qwen3-MoE): as qwen3, with mixture-of-experts MLPs (below).
* ``gemma3`` (text): GELU(tanh)-gated MLP, RMSNorm before *and after* attention and
  MLP, QK-norm, embeddings scaled by sqrt(hidden), five sliding-window layers for every
  global one (or ``layer_types``), and a RoPE base of its own on the sliding-window
  layers. Gemma's RMSNorm scales by ``(1 + w)``: GGUF files store ``1 + w`` (llama.cpp's
  converter adds the 1), Hugging Face checkpoints ``w``; the weight loader adds it
  (:attr:`ArchDefaults.hf_norm_offset`), so every norm here is plain
  ``x / rms(x) * w``.

Mixtures of experts. A decoder with ``expert_count`` > 0 replaces the MLP of its
``moe_layers`` with a mixture (:func:`rlx.moe.moe_mlp`): a router picks each token's
``experts_used`` experts by softmax, their weights optionally renormalised to sum 1
(``expert_renormalize``), and each expert is a gated MLP of width ``expert_ffn``.
Qwen3-MoE (``qwen3moe``; Hugging Face ``qwen3_moe``) makes layer i a mixture unless
it is in ``mlp_only_layers`` or ``(i + 1) % decoder_sparse_step != 0``, and
renormalises when ``norm_topk_prob``. Mixtral (Hugging Face ``mixtral``) is a llama
whose every layer is a mixture and always renormalises (its softmax over the selected
logits is the softmax over all, renormalised); llama.cpp writes it as the ``llama``
architecture with ``llama.expert_count`` / ``llama.expert_used_count`` and expert
tensors. A GGUF file's mixture layers are those with expert tensors
(``blk.<i>.ffn_gate_inp`` / ``ffn_{gate,up,down}_exps``), every layer when it has
none; ``<arch>.expert_feed_forward_length`` (default ``feed_forward_length``) is the
expert width and ``<arch>.expert_weights_norm`` (default: the architecture's) the
renormalisation.

RoPE layout. Hugging Face's checkpoints of all five rotate halves of each head
(``rotate_half``); llama.cpp's converter permutes the rows of ``attn_q`` / ``attn_k``
of ``llama`` models only, so that rotating pairs (2i, 2i+1) computes the same thing
(:attr:`ArchDefaults.rope_interleaved`). A config read from a Hugging Face directory is
therefore never interleaved.

Logit soft-capping, linear RoPE scaling (``<arch>.rope.scaling.*``, or type
``linear``) and an explicit attention scale are read wherever a file carries them.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass
from typing import Any

import numpy as np

from rlx.models.bert import ModelConfigError

__all__ = ["ARCHITECTURES", "HF_MODEL_TYPES", "LINEAR_LAYERS", "ArchDefaults", "DecoderConfig",
           "llama3_rope_factors"]

ACTIVATIONS = ("silu", "gelu_tanh")
END_OF_TURN_TOKENS = ("<end_of_turn>", "<|im_end|>", "<|eot_id|>", "<|end|>")
"""Control tokens that end a chat turn; decoding stops on them as on EOS."""
LINEAR_LAYERS = ("attn_q", "attn_k", "attn_v", "attn_output", "ffn_gate", "ffn_up", "ffn_down")
"""The linear layers of a block, by their GGUF names (``blk.<i>.<layer>.weight``)."""
_QKV = ("attn_q", "attn_k", "attn_v")
_ATTENTION = _QKV + ("attn_output",)
_MLP = ("ffn_gate", "ffn_up", "ffn_down")


@dataclass(frozen=True)
class ArchDefaults:
    """What the files of one architecture leave implicit.

    ``rope_interleaved`` is the RoPE layout of a GGUF file's weights (Hugging Face
    checkpoints always rotate halves). ``gguf_biases`` lists the linear layers whose
    biases llama.cpp reads for the architecture (others in a file are rejected).
    ``hf_norm_offset`` is added to every RMSNorm weight of a Hugging Face checkpoint.
    """

    activation: str
    rope_interleaved: bool
    qk_norm: bool
    sandwich_norms: bool
    scale_embeddings: bool
    sliding_window_pattern: int | None  # every n-th layer global, the rest sliding
    rope_base_local: float | None       # RoPE base of the sliding-window layers
    rope_base: float = 10000.0
    gguf_biases: tuple[str, ...] = ()
    hf_norm_offset: float = 0.0
    moe_renormalize: bool = True        # llama.cpp's weight normalisation of the top-k


ARCHITECTURES: dict[str, ArchDefaults] = {
    "llama": ArchDefaults("silu", rope_interleaved=True, qk_norm=False, sandwich_norms=False,
                          scale_embeddings=False, sliding_window_pattern=None,
                          rope_base_local=None, gguf_biases=LINEAR_LAYERS),
    "qwen2": ArchDefaults("silu", rope_interleaved=False, qk_norm=False, sandwich_norms=False,
                          scale_embeddings=False, sliding_window_pattern=None,
                          rope_base_local=None, gguf_biases=_QKV),
    "qwen3": ArchDefaults("silu", rope_interleaved=False, qk_norm=True, sandwich_norms=False,
                          scale_embeddings=False, sliding_window_pattern=None,
                          rope_base_local=None),
    "qwen3moe": ArchDefaults("silu", rope_interleaved=False, qk_norm=True, sandwich_norms=False,
                             scale_embeddings=False, sliding_window_pattern=None,
                             rope_base_local=None),
    "gemma3": ArchDefaults("gelu_tanh", rope_interleaved=False, qk_norm=True,
                           sandwich_norms=True, scale_embeddings=True,
                           sliding_window_pattern=6, rope_base_local=10000.0,
                           rope_base=1e6, hf_norm_offset=1.0),
}

HF_MODEL_TYPES: dict[str, str] = {"llama": "llama", "qwen2": "qwen2", "qwen3": "qwen3",
                                  "qwen3_moe": "qwen3moe", "mixtral": "llama",
                                  "gemma3_text": "gemma3"}
"""``model_type`` of a Hugging Face ``config.json`` -> architecture of
:data:`ARCHITECTURES` (LlamaForCausalLM, Qwen2ForCausalLM, Qwen3ForCausalLM,
Qwen3MoeForCausalLM, MixtralForCausalLM, Gemma3ForCausalLM)."""

_HF_DEFAULTS: dict[str, dict[str, Any]] = {
    "mixtral": {"rope_theta": 1e6},
    "qwen3": {"head_dim": 128},
    "gemma3_text": {"head_dim": 256, "query_pre_attn_scalar": 256.0,
                    "hidden_activation": "gelu_pytorch_tanh"},
}
"""Values transformers' config class of a ``model_type`` gives fields that a
``config.json`` leaves out, where they differ from the architecture's defaults (a
trimmed Mixtral config rotated with Llama's base of 10000, not 1e6)."""

EXPERT_TENSORS = ("ffn_gate_inp", "ffn_gate_exps", "ffn_up_exps", "ffn_down_exps")
"""The tensors of a mixture layer, by their GGUF names: the router [E, hidden] and
the experts' gate / up [E, expert_ffn, hidden] and down [E, hidden, expert_ffn]."""

_HF_ACTIVATIONS = {"silu": "silu", "swish": "silu", "gelu_pytorch_tanh": "gelu_tanh",
                   "gelu_tanh": "gelu_tanh"}
_HF_LAYER_TYPES = ("full_attention", "sliding_attention")
_ROPE_TYPES = ("default", "linear", "llama3")


@dataclass(frozen=True)
class DecoderConfig:
    """The shape and numerics of a decoder-only transformer.

    ``layer_windows[i]`` is layer i's sliding window (a query at position p sees keys
    at positions p - window < j <= p) or None for global causal attention.
    ``rope_base_local`` is the RoPE base of the sliding-window layers (None: the same
    as ``rope_base``); ``rope_scale`` divides positions on the global layers (linear
    RoPE scaling) and ``rope_freq_factors`` (``rope_dim / 2`` values, or None) divides
    each of their rotary frequencies (Llama 3.1's scaling). ``attn_scale`` multiplies
    the scores (None: head_dim ** -0.5). Soft-capping ``c`` maps a logit ``x`` to
    ``c * tanh(x / c)``. ``biases`` names the linear layers of
    :data:`LINEAR_LAYERS` that add a bias. ``eos_ids`` lists every token that ends
    generation (EOS and end-of-turn tokens).
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
    rope_freq_factors: tuple[float, ...] | None = None
    qk_norm: bool = False
    sandwich_norms: bool = False
    biases: tuple[str, ...] = ()
    embed_scale: float = 1.0
    attn_scale: float | None = None
    attn_softcap: float | None = None
    final_softcap: float | None = None
    tied_embeddings: bool = True
    bos_id: int | None = None
    eos_ids: tuple[int, ...] = ()
    expert_count: int = 0
    experts_used: int = 0
    expert_ffn: int | None = None
    expert_renormalize: bool = True
    moe_layers: tuple[int, ...] = ()

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
        unknown = [b for b in self.biases if b not in LINEAR_LAYERS]
        if unknown:
            raise ModelConfigError(f"decoder config: biases {unknown} are not linear layers "
                                   f"({', '.join(LINEAR_LAYERS)})")
        self._check_experts()
        factors = self.rope_freq_factors
        if factors is not None and (len(factors) != self.rope_dim // 2
                                    or not all(f > 0 for f in factors)):
            raise ModelConfigError(f"decoder config: rope_freq_factors must be "
                                   f"{self.rope_dim // 2} positive numbers (rope_dim / 2), "
                                   f"got {len(factors)}")
        positive = ("norm_eps", "rope_base", "rope_scale", "embed_scale")
        for field in positive + ("attn_scale", "attn_softcap", "final_softcap",
                                 "rope_base_local"):
            value = getattr(self, field)
            if (value is not None or field in positive) and not value > 0:
                raise ModelConfigError(f"decoder config: {field} must be > 0, got {value!r}")

    def _check_experts(self) -> None:
        if not self.moe_layers:
            if self.expert_count:
                raise ModelConfigError(f"decoder config: expert_count {self.expert_count} "
                                       "without moe_layers")
            return
        if sorted(set(self.moe_layers)) != list(self.moe_layers) or not all(
                0 <= i < self.n_layers for i in self.moe_layers):
            raise ModelConfigError(f"decoder config: moe_layers must be increasing layer "
                                   f"indices below {self.n_layers}, got {self.moe_layers}")
        for field in ("expert_count", "experts_used", "expert_ffn"):
            value = getattr(self, field)
            if field == "expert_ffn" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ModelConfigError(f"decoder config: {field} must be a positive integer "
                                       f"in a mixture-of-experts decoder, got {value!r}")
        if self.experts_used > self.expert_count:
            raise ModelConfigError(f"decoder config: experts_used {self.experts_used} exceeds "
                                   f"expert_count {self.expert_count}")

    def is_moe_layer(self, layer: int) -> bool:
        """Whether layer ``layer``'s MLP is a mixture of experts."""
        return layer in self.moe_layers

    @property
    def moe_ffn(self) -> int:
        """The width of one expert's MLP (``expert_ffn``, else ``ffn_hidden``)."""
        return self.ffn_hidden if self.expert_ffn is None else self.expert_ffn

    @property
    def kv_dim(self) -> int:
        """Elements of one token's keys (or values) in one layer: n_kv_heads * head_dim."""
        return self.n_kv_heads * self.head_dim

    @property
    def score_scale(self) -> float:
        """The factor applied to q . k."""
        return self.attn_scale if self.attn_scale is not None else self.head_dim ** -0.5

    def layer_rope(self, layer: int) -> tuple[float, float]:
        """(base, position scale) of layer ``layer``'s rotary embedding (the global
        layers' frequencies are further divided by ``rope_freq_factors``)."""
        if self.layer_windows[layer] is not None and self.rope_base_local is not None:
            return self.rope_base_local, 1.0
        return self.rope_base, self.rope_scale

    @classmethod
    def from_gguf(cls, metadata: Mapping[str, Any], tensor_names: Collection[str],
                  rope_freqs: Sequence[float] | None = None) -> DecoderConfig:
        """From a GGUF file's metadata and tensor names (``GGUFFile.metadata``,
        ``GGUFFile.tensors``), and the values of its ``rope_freqs`` tensor when it has
        one. ModelConfigError for an architecture not in :data:`ARCHITECTURES`, a
        missing key, or a feature this builder lacks (biases llama.cpp does not read
        for the architecture, RoPE scaling other than linear)."""
        arch = metadata.get("general.architecture")
        defaults = ARCHITECTURES.get(arch)
        if defaults is None:
            raise ModelConfigError(f"GGUF architecture {arch!r} is not supported (supported: "
                                   f"{', '.join(ARCHITECTURES)})")
        biases = _gguf_biases(arch, defaults, tensor_names)
        if "rope_freqs.weight" in tensor_names and rope_freqs is None:
            raise ModelConfigError(f"{arch}: the file has per-dimension RoPE frequency factors "
                                   "(rope_freqs); pass their values as rope_freqs")
        key = _ConfigReader(metadata, f"{arch}.", "GGUF metadata")
        hidden = key.integer("embedding_length")
        n_heads = key.integer("attention.head_count")
        head_dim = key.integer("attention.key_length", hidden // max(n_heads, 1))
        if key.integer("attention.value_length", head_dim) != head_dim:
            raise ModelConfigError(f"{arch}: value heads of another width than key heads are "
                                   "not supported")
        n_layers = _layer_count(key.integer("block_count"), tensor_names,
                                _GGUF_LAYER, "GGUF metadata: block_count")
        ffn_hidden = key.integer("feed_forward_length")
        return cls(
            arch=arch,
            vocab_size=_vocab_size(metadata, key),
            n_layers=n_layers,
            hidden=hidden,
            n_heads=n_heads,
            n_kv_heads=key.integer("attention.head_count_kv", n_heads),
            head_dim=head_dim,
            ffn_hidden=ffn_hidden,
            context_length=key.integer("context_length"),
            norm_eps=key.number("attention.layer_norm_rms_epsilon"),
            rope_base=key.number("rope.freq_base", defaults.rope_base),
            rope_dim=key.integer("rope.dimension_count", head_dim),
            rope_interleaved=defaults.rope_interleaved,
            layer_windows=_gguf_layer_windows(metadata, key, defaults, n_layers),
            activation=defaults.activation,
            rope_base_local=key.number("rope.freq_base_swa", defaults.rope_base_local),
            rope_scale=_gguf_rope_scale(key),
            rope_freq_factors=None if rope_freqs is None else tuple(map(float, rope_freqs)),
            qk_norm=defaults.qk_norm,
            sandwich_norms=defaults.sandwich_norms,
            biases=biases,
            embed_scale=math.sqrt(hidden) if defaults.scale_embeddings else 1.0,
            attn_scale=key.number("attention.scale", _gguf_attn_scale(arch, n_layers, hidden,
                                                                      n_heads)),
            attn_softcap=_attn_softcap(arch, key.number("attn_logit_softcapping", None)),
            final_softcap=key.number("final_logit_softcapping", None),
            tied_embeddings="output.weight" not in tensor_names,
            bos_id=_token_id(metadata, "tokenizer.ggml.bos_token_id"),
            eos_ids=_gguf_stop_ids(metadata),
            **_gguf_experts(key, defaults, tensor_names, n_layers, ffn_hidden),
        )

    @classmethod
    def from_hf(cls, config: Mapping[str, Any], tensor_names: Collection[str],
                generation: Mapping[str, Any] | None = None,
                token_id: Callable[[str], int | None] | None = None) -> DecoderConfig:
        """From a Hugging Face checkpoint: its ``config.json`` (``config``), the names of
        its tensors (an untied ``lm_head.weight`` when ``tie_word_embeddings`` is not
        stated), its ``generation_config.json`` (``generation``: more end-of-sequence
        ids) and its tokenizer's ``token_to_id`` (end-of-turn tokens).
        ModelConfigError for a ``model_type`` not in :data:`HF_MODEL_TYPES`, a missing
        or malformed key, or a feature this builder lacks (RoPE scaling other than
        linear and llama3, another activation, sliding windows without
        ``layer_types``)."""
        model_type = config.get("model_type")
        arch = HF_MODEL_TYPES.get(model_type) if isinstance(model_type, str) else None
        if arch is None:
            architectures = config.get("architectures")
            raise ModelConfigError(f"config.json: model_type {model_type!r} (architectures "
                                   f"{architectures}) is not supported (supported: "
                                   f"{', '.join(HF_MODEL_TYPES)})")
        defaults = ARCHITECTURES[arch]
        key = _ConfigReader(config, "", "config.json")
        hidden = key.integer("hidden_size")
        n_heads = key.integer("num_attention_heads")
        unstated = _HF_DEFAULTS.get(model_type, {})
        head_dim = key.integer("head_dim", unstated.get("head_dim", hidden // max(n_heads, 1)))
        n_layers = _layer_count(key.integer("num_hidden_layers"), tensor_names,
                                _HF_LAYER, "config.json: num_hidden_layers")
        if config.get("use_bidirectional_attention"):
            raise ModelConfigError("config.json: use_bidirectional_attention is not "
                                   "supported (rlx's decoders attend causally)")
        rope = _hf_rope(config, defaults, head_dim,
                        unstated.get("rope_theta", defaults.rope_base))
        activation = key.text("hidden_activation", None) or key.text(
            "hidden_act", unstated.get("hidden_activation", "silu"))
        if activation not in _HF_ACTIVATIONS:
            raise ModelConfigError(f"config.json: activation {activation!r} is not supported "
                                   f"({', '.join(_HF_ACTIVATIONS)})")
        scalar = key.number("query_pre_attn_scalar", unstated.get("query_pre_attn_scalar"))
        if scalar is not None and not scalar > 0:
            raise ModelConfigError(f"config.json: query_pre_attn_scalar must be > 0, got "
                                   f"{scalar}")
        tied = key.flag("tie_word_embeddings", None)
        ffn_hidden = key.integer("intermediate_size")
        generation = generation or {}
        return cls(
            arch=arch,
            vocab_size=key.integer("vocab_size"),
            n_layers=n_layers,
            hidden=hidden,
            n_heads=n_heads,
            n_kv_heads=key.integer("num_key_value_heads", n_heads),
            head_dim=head_dim,
            ffn_hidden=ffn_hidden,
            context_length=key.integer("max_position_embeddings"),
            norm_eps=key.number("rms_norm_eps"),
            rope_interleaved=False,
            layer_windows=_hf_layer_windows(model_type, config, key, defaults, n_layers),
            activation=_HF_ACTIVATIONS[activation],
            qk_norm=defaults.qk_norm,
            sandwich_norms=defaults.sandwich_norms,
            biases=_hf_biases(model_type, key),
            embed_scale=math.sqrt(hidden) if defaults.scale_embeddings else 1.0,
            attn_scale=None if scalar is None else scalar ** -0.5,
            attn_softcap=_attn_softcap(arch, key.number("attn_logit_softcapping", None)),
            final_softcap=key.number("final_logit_softcapping", None),
            # an lm_head.weight in the file is the head, whatever tie_word_embeddings
            # says (transformers 5 does not tie a checkpoint that holds both)
            tied_embeddings=False if "lm_head.weight" in tensor_names else (
                True if tied is None else tied),
            bos_id=_first_id(config.get("bos_token_id"), generation.get("bos_token_id")),
            eos_ids=_stop_ids(_id_list(config.get("eos_token_id"))
                              + _id_list(generation.get("eos_token_id")),
                              [] if token_id is None else map(token_id, END_OF_TURN_TOKENS)),
            **rope,
            **_hf_experts(model_type, key, n_layers, ffn_hidden),
        )


def llama3_rope_factors(rope_dim: int, base: float, factor: float, low_freq_factor: float,
                        high_freq_factor: float, original_context: int) -> tuple[float, ...]:
    """The divisor of each rotary frequency ``base ** (-2i / rope_dim)`` under Llama 3.1's
    RoPE scaling (type ``llama3``): 1 for wavelengths below
    ``original_context / high_freq_factor``, ``factor`` above
    ``original_context / low_freq_factor``, and in between the reciprocal of a blend
    ``(1 - s) / factor + s`` with ``s = (original_context / wavelength - low) / (high -
    low)``. These are the values of a GGUF file's ``rope_freqs`` tensor.
    ModelConfigError unless factor > 0, high_freq_factor > low_freq_factor > 0 and
    original_context > 0."""
    if not (factor > 0 and high_freq_factor > low_freq_factor > 0 and original_context > 0):
        raise ModelConfigError(f"llama3 RoPE scaling: factor {factor}, low_freq_factor "
                               f"{low_freq_factor}, high_freq_factor {high_freq_factor}, "
                               f"original_max_position_embeddings {original_context} must be "
                               "positive with high_freq_factor > low_freq_factor")
    long_wave = original_context / low_freq_factor
    short_wave = original_context / high_freq_factor
    divisors = []
    for i in range(0, rope_dim, 2):
        wavelength = 2 * math.pi * base ** (i / rope_dim)
        if wavelength < short_wave:
            divisors.append(1.0)
        elif wavelength > long_wave:
            divisors.append(float(factor))
        else:
            smooth = (original_context / wavelength - low_freq_factor) / (
                high_freq_factor - low_freq_factor)
            divisors.append(1.0 / ((1 - smooth) / factor + smooth))
    return tuple(divisors)


_GGUF_LAYER = re.compile(r"blk\.(\d+)\.")
_HF_LAYER = re.compile(r"(?:^|\.)layers\.(\d+)\.")


def _layer_count(n_layers: int, tensor_names: Collection[str], pattern: re.Pattern,
                 what: str) -> int:
    """``n_layers``, checked against the layers the file holds tensors of (where its
    names show them), before anything is made per layer: a count of 2**40 would
    otherwise allocate per-layer tables, or loop for minutes, before a tensor is
    found missing."""
    indices = [int(m.group(1)) for name in tensor_names if (m := pattern.search(name))]
    if indices and n_layers > max(indices) + 1:
        raise ModelConfigError(f"{what} is {n_layers}, but the weights hold layers 0 to "
                               f"{max(indices)} only")
    return n_layers


class _ConfigReader:
    """Typed reads of ``<prefix><key>`` from GGUF metadata or a JSON config, naming the
    source and key when one is missing or of the wrong type. A JSON null counts as
    absent."""

    _MISSING = object()

    def __init__(self, values: Mapping[str, Any], prefix: str, source: str):
        self._values = values
        self.prefix = prefix
        self._source = source

    def _get(self, key: str, default: Any) -> Any:
        full = f"{self.prefix}{key}"
        value = self._values.get(full)
        if value is None:
            value = default
        if value is self._MISSING:
            raise ModelConfigError(f"{self._source} lacks {full!r}")
        return value

    def _bad(self, key: str, value: Any, kind: str) -> ModelConfigError:
        return ModelConfigError(f"{self._source} {self.prefix}{key} = {value!r} is not "
                                f"{kind}")

    def integer(self, key: str, default: Any = _MISSING) -> int | None:
        value = self._get(key, default)
        if value is None:
            return None
        if isinstance(value, numbers.Real) and not isinstance(value, bool) \
                and float(value).is_integer():
            return int(value)
        raise self._bad(key, value, "an integer")

    def number(self, key: str, default: Any = _MISSING) -> float | None:
        value = self._get(key, default)
        if value is None:
            return None
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            return float(value)
        raise self._bad(key, value, "a number")

    def flag(self, key: str, default: Any = _MISSING) -> bool | None:
        value = self._get(key, default)
        if value is not None and not isinstance(value, bool):
            raise self._bad(key, value, "a boolean")
        return value

    def text(self, key: str, default: Any = _MISSING) -> str | None:
        value = self._get(key, default)
        if value is not None and not isinstance(value, str):
            raise self._bad(key, value, "a string")
        return value


def _gguf_biases(arch: str, defaults: ArchDefaults,
                 tensor_names: Collection[str]) -> tuple[str, ...]:
    """The linear layers whose biases the file holds (every block must then hold
    them); ModelConfigError for a bias llama.cpp does not read for the architecture."""
    biases = sorted(n for n in tensor_names if n.endswith(".bias"))
    layers = {n.split(".")[2] for n in biases if n.startswith("blk.") and n.count(".") == 3}
    unread = [n for n in biases
              if n.count(".") != 3 or n.split(".")[2] not in defaults.gguf_biases]
    if unread:
        raise ModelConfigError(f"{arch}: linear biases are not supported on these layers "
                               f"(e.g. {unread[0]}; {arch} files may carry biases of: "
                               f"{', '.join(defaults.gguf_biases) or 'none'})")
    return tuple(b for b in LINEAR_LAYERS if b in layers)


def _token_list(metadata: Mapping[str, Any]) -> Collection[Any] | None:
    """``tokenizer.ggml.tokens`` (None when absent); ModelConfigError when it is not
    an array."""
    tokens = metadata.get("tokenizer.ggml.tokens")
    if tokens is not None and (isinstance(tokens, str | bytes | Mapping)
                               or not isinstance(tokens, Sized)
                               or not isinstance(tokens, Iterable)):
        raise ModelConfigError(f"GGUF metadata tokenizer.ggml.tokens must be an array of "
                               f"strings, got {type(tokens).__name__}")
    return tokens


def _vocab_size(metadata: Mapping[str, Any], key: _ConfigReader) -> int:
    tokens = _token_list(metadata)
    default = len(tokens) if tokens is not None else _ConfigReader._MISSING
    return key.integer("vocab_size", default)


def _layer_windows(window: int | None, pattern: int | None,
                   n_layers: int) -> tuple[int | None, ...]:
    """Every ``pattern``-th layer global, the others sliding with ``window`` (all global
    without a window or a pattern)."""
    if window is None or pattern is None:
        return (None,) * n_layers
    if isinstance(pattern, bool) or not isinstance(pattern, numbers.Integral) or pattern < 1:
        raise ModelConfigError(f"sliding_window_pattern must be a positive integer (every "
                               f"n-th layer global), got {pattern!r}")
    return tuple(None if (i + 1) % pattern == 0 else window for i in range(n_layers))


def _gguf_layer_windows(metadata: Mapping[str, Any], key: _ConfigReader,
                        defaults: ArchDefaults, n_layers: int) -> tuple[int | None, ...]:
    """Sliding windows from ``attention.sliding_window`` and
    ``attention.sliding_window_pattern`` (every n-th layer global, or one boolean per
    layer: True = sliding), else the architecture's pattern."""
    window = key.integer("attention.sliding_window", None)
    full = f"{key.prefix}attention.sliding_window_pattern"
    pattern = metadata.get(full, defaults.sliding_window_pattern)
    if isinstance(pattern, numbers.Integral) or pattern is None:
        return _layer_windows(window, pattern, n_layers)
    if not isinstance(pattern, list | tuple | np.ndarray):
        raise ModelConfigError(f"GGUF metadata {full} must be an integer or {n_layers} "
                               f"booleans, got {pattern!r}")
    flags = list(pattern)
    if len(flags) != n_layers or not all(isinstance(f, bool | np.bool_) for f in flags):
        raise ModelConfigError(f"GGUF metadata {full} must be an integer or {n_layers} "
                               f"booleans, got {pattern!r}")
    if window is None and any(flags):
        raise ModelConfigError(f"GGUF metadata {full} names sliding layers but "
                               f"{key.prefix}attention.sliding_window is not set")
    return tuple(window if sliding else None for sliding in flags)


def _hf_layer_windows(model_type: str, config: Mapping[str, Any], key: _ConfigReader,
                      defaults: ArchDefaults, n_layers: int) -> tuple[int | None, ...]:
    """Sliding windows from ``layer_types`` (transformers 5), else from the
    architecture's pattern (``sliding_window_pattern``, Gemma 3); Mixtral's
    ``sliding_window``, when set, applies to every layer."""
    window = key.integer("sliding_window", None)
    if model_type == "mixtral":
        return (window,) * n_layers
    if model_type == "qwen3_moe" and config.get("layer_types") is None:
        # its config has no layer_types; the model slides every layer when asked to
        return ((window if config.get("use_sliding_window") else None),) * n_layers
    types = config.get("layer_types")
    if types is not None:
        if not isinstance(types, list) or len(types) != n_layers or not all(
                isinstance(t, str) and t in _HF_LAYER_TYPES for t in types):
            raise ModelConfigError(f"config.json: layer_types must list one of "
                                   f"{_HF_LAYER_TYPES} per layer ({n_layers}), got {types!r}")
        if "sliding_attention" in types and window is None:
            raise ModelConfigError("config.json: layer_types has sliding layers but "
                                   "sliding_window is not set")
        return tuple(window if t == "sliding_attention" else None for t in types)
    if defaults.sliding_window_pattern is not None:
        pattern = key.integer("sliding_window_pattern", defaults.sliding_window_pattern)
        return _layer_windows(window, pattern, n_layers)
    if config.get("use_sliding_window"):
        raise ModelConfigError("config.json: use_sliding_window without layer_types is not "
                               "supported (re-save the config with transformers >= 5)")
    return (None,) * n_layers


def _gguf_experts(key: _ConfigReader, defaults: ArchDefaults, tensor_names: Collection[str],
                  n_layers: int, ffn_hidden: int) -> dict[str, Any]:
    """The mixture-of-experts fields from ``<arch>.expert_count`` and friends (module
    docstring); none for a dense file. ModelConfigError for expert tensors without
    ``expert_count``, or routing this builder lacks (shared experts, a sigmoid gate)."""
    count = key.integer("expert_count", 0)
    with_experts = [i for i in range(n_layers)
                    if any(f"blk.{i}.{t}.weight" in tensor_names for t in EXPERT_TENSORS)]
    if not count:
        if with_experts:
            raise ModelConfigError(f"GGUF: blk.{with_experts[0]} has expert tensors but the "
                                   f"metadata lacks '{key.prefix}expert_count'")
        return {}
    if key.integer("expert_shared_count", 0):
        raise ModelConfigError(f"{key.prefix}expert_shared_count: shared experts are not "
                               "supported")
    gating = key.integer("expert_gating_func", None)
    if gating not in (None, 1):                    # llama.cpp: 1 softmax, 2 sigmoid
        raise ModelConfigError(f"{key.prefix}expert_gating_func = {gating}: only the softmax "
                               "gate (1) is supported")
    return {"expert_count": count, "experts_used": key.integer("expert_used_count"),
            "expert_ffn": key.integer("expert_feed_forward_length", ffn_hidden),
            "expert_renormalize": key.flag("expert_weights_norm", defaults.moe_renormalize),
            "moe_layers": tuple(with_experts or range(n_layers))}


def _hf_experts(model_type: str, key: _ConfigReader, n_layers: int,
                ffn_hidden: int) -> dict[str, Any]:
    """The mixture-of-experts fields of a Qwen3-MoE or Mixtral ``config.json``
    (module docstring); none for other model types."""
    if model_type == "mixtral":
        return {"expert_count": key.integer("num_local_experts"),
                "experts_used": key.integer("num_experts_per_tok"), "expert_ffn": ffn_hidden,
                "expert_renormalize": True, "moe_layers": tuple(range(n_layers))}
    if model_type != "qwen3_moe":
        return {}
    count = key.integer("num_experts", None) or key.integer("num_local_experts")
    step = key.integer("decoder_sparse_step", 1)
    dense = key._get("mlp_only_layers", [])
    if not isinstance(dense, list) or not all(isinstance(i, int) for i in dense):
        raise ModelConfigError(f"config.json: mlp_only_layers must list layer indices, got "
                               f"{dense!r}")
    if step < 1:
        raise ModelConfigError(f"config.json: decoder_sparse_step must be >= 1, got {step}")
    layers = tuple(i for i in range(n_layers) if i not in dense and (i + 1) % step == 0)
    if not count or not layers:
        return {}
    return {"expert_count": count, "experts_used": key.integer("num_experts_per_tok"),
            "expert_ffn": key.integer("moe_intermediate_size"),
            "expert_renormalize": bool(key.flag("norm_topk_prob", False)),
            "moe_layers": layers}


def _hf_biases(model_type: str, key: _ConfigReader) -> tuple[str, ...]:
    """Qwen2's fixed query / key / value biases, else ``attention_bias`` (all four
    attention projections) and ``mlp_bias``."""
    if model_type == "qwen2":
        return _QKV
    biases = _ATTENTION if key.flag("attention_bias", False) else ()
    return biases + (_MLP if key.flag("mlp_bias", False) else ())


def _attn_softcap(arch: str, value: float | None) -> float | None:
    """Gemma 3 has no soft-cap of the attention scores (Gemma 2 had): transformers and
    llama.cpp ignore an ``attn_logit_softcapping`` its config still carries."""
    return None if arch == "gemma3" else value


def _gguf_attn_scale(arch: str, n_layers: int, hidden: int, n_heads: int) -> float | None:
    """The score scale llama.cpp gives a file without ``attention.scale``: Gemma 3 27B
    (62 blocks) scales by 1 / sqrt(hidden / heads), its query_pre_attn_scalar, which is
    not its head width; None (head_dim ** -0.5) otherwise."""
    if arch == "gemma3" and n_layers == 62:
        return (hidden // max(n_heads, 1)) ** -0.5
    return None


def _hf_rope(config: Mapping[str, Any], defaults: ArchDefaults, head_dim: int,
             base_default: float) -> dict[str, Any]:
    """``rope_dim``, ``rope_base``, ``rope_scale``, ``rope_freq_factors`` and
    ``rope_base_local`` from ``rope_parameters`` (one dict, or one per layer type) or
    from ``rope_theta`` / ``rope_scaling`` / ``rope_local_base_freq``."""
    params = config.get("rope_parameters")
    if isinstance(params, Mapping) and set(params) & set(_HF_LAYER_TYPES):
        full, local = params.get("full_attention", {}), params.get("sliding_attention")
    elif params is not None:
        full, local = params, None
    else:
        scaling = config.get("rope_scaling") or {}
        if not isinstance(scaling, Mapping):
            raise ModelConfigError(f"config.json: rope_scaling must be an object, got "
                                   f"{scaling!r}")
        full = {"rope_theta": config.get("rope_theta"), **scaling}
        local_base = config.get("rope_local_base_freq")
        local = None if local_base is None else {"rope_theta": local_base}
    for part in (full, local):
        if part is not None and not isinstance(part, Mapping):
            raise ModelConfigError(f"config.json: RoPE parameters must be objects, got "
                                   f"{part!r}")
    outer = _ConfigReader(config, "", "config.json")
    key = _ConfigReader(full, "", "config.json RoPE parameters")
    fraction = key.number("partial_rotary_factor",
                          outer.number("partial_rotary_factor", 1.0))
    if fraction != 1.0:     # the families rlx loads rotate the whole head in transformers
        raise ModelConfigError(f"config.json: partial_rotary_factor {fraction} is not "
                               f"supported for model_type {config.get('model_type')!r} "
                               "(its reference implementation rotates the whole head)")
    rope_dim = head_dim
    base = key.number("rope_theta", base_default)
    kind = key.text("rope_type", None) or key.text("type", "default")
    fields: dict[str, Any] = {"rope_dim": rope_dim, "rope_base": base,
                              "rope_base_local": defaults.rope_base_local}
    if kind == "linear":
        fields["rope_scale"] = key.number("factor")
    elif kind == "llama3":
        fields["rope_freq_factors"] = llama3_rope_factors(
            rope_dim, base, key.number("factor"), key.number("low_freq_factor"),
            key.number("high_freq_factor"),
            key.integer("original_max_position_embeddings",
                        outer.integer("max_position_embeddings")))
    elif kind != "default":
        raise ModelConfigError(f"RoPE scaling {kind!r} is not supported (supported: "
                               f"{', '.join(_ROPE_TYPES)})")
    if local is not None:
        local_key = _ConfigReader(local, "", "config.json sliding-window RoPE parameters")
        local_kind = local_key.text("rope_type", None) or local_key.text("type", "default")
        if local_kind != "default":
            raise ModelConfigError(f"RoPE scaling {local_kind!r} on sliding-window layers is "
                                   "not supported")
        fields["rope_base_local"] = local_key.number("rope_theta", defaults.rope_base_local)
    return fields


def _gguf_rope_scale(key: _ConfigReader) -> float:
    kind = key.text("rope.scaling.type", None)
    if kind in (None, "none"):
        return 1.0
    if kind != "linear":
        raise ModelConfigError(f"RoPE scaling {kind!r} is not supported (only 'linear'; "
                               "Llama 3's scaling comes as the rope_freqs tensor)")
    return key.number("rope.scaling.factor")


def _token_id(metadata: Mapping[str, Any], key: str) -> int | None:
    value = metadata.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ModelConfigError(f"GGUF metadata {key} must be a token id (an integer), got "
                               f"{value!r}")
    return int(value)


def _id_list(value: Any) -> list[int]:
    """A config's token id entry (an id, a list of ids, or null) as a list;
    ModelConfigError for anything else."""
    values = value if isinstance(value, list) else [] if value is None else [value]
    if not all(isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in values):
        raise ModelConfigError(f"config: token ids must be integers, got {value!r}")
    return [int(v) for v in values]


def _first_id(*values: Any) -> int | None:
    """The first id among config entries that name one."""
    for value in values:
        ids = _id_list(value)
        if ids:
            return ids[0]
    return None


def _stop_ids(named: Iterable[int | None], turn_ends: Iterable[int | None]) -> tuple[int, ...]:
    """The distinct stop ids: the named EOS ids, then the end-of-turn tokens' ids."""
    ids = [*named, *turn_ends]
    return tuple(dict.fromkeys(i for i in ids if i is not None))


def _gguf_stop_ids(metadata: Mapping[str, Any]) -> tuple[int, ...]:
    """EOS, EOT and the end-of-turn control tokens of :data:`END_OF_TURN_TOKENS`."""
    named = [_token_id(metadata, k) for k in ("tokenizer.ggml.eos_token_id",
                                              "tokenizer.ggml.eot_token_id")]
    tokens = _token_list(metadata) or []
    wanted = set(END_OF_TURN_TOKENS)
    return _stop_ids(named, (i for i, token in enumerate(tokens) if token in wanted))
