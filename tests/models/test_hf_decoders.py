"""Decoder families from Hugging Face checkpoint directories and GGUF copies of them,
against transformers' float32 run, without downloads.

Each family of ``tests/models/hf_checkpoints.py`` (Llama 3 with its RoPE scaling and
biases on every linear layer, saved in shards; Qwen2 with query / key / value biases
and tied embeddings, saved in bf16; Qwen3 with QK-norm and a head width apart from
hidden / heads; Gemma 3 with sliding windows, sandwich norms, linear RoPE scaling on
its global layers, saved in f16) is built as a tiny random transformers model, saved
with ``save_pretrained`` and loaded back by transformers as the float32 reference.

* The directory, through ``rlx.models.load_decoder``: two prompts of different lengths
  prefilled together, then 32 greedy tokens decoded together; the tokens equal
  transformers' greedy tokens of each prompt alone and every step's logits lie within
  1e-4 of the largest logit (measured: below 5e-7). Reference device for every family,
  cpu too.
* A float32 GGUF copy, written as llama.cpp's converter writes it (the ``llama``
  architecture's q / k rows permuted to pairs, Gemma's norms plus 1, ``rope_freqs``):
  the same checks.
* A Q8_0 GGUF copy: its dequantised run within 5e-2 of the largest logit of
  transformers' next-token logits (measured: up to 1.9e-2), and ``weight_format="gguf"``
  (the file's blocks read as they are) within 1e-5 of the dequantised run, greedy tokens
  equal (measured: 5e-7).

Then the configs (transformers' own Llama 3 RoPE frequencies, the older config.json
spellings, GGUF metadata of the new architectures) and the errors of broken checkpoints.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil

import gguf
import numpy as np
import pytest
import safetensors.numpy
import transformers
from tests.models.hf_checkpoints import (
    CHAT_TEMPLATE,
    FAMILIES,
    PROMPTS,
    hf_greedy,
    make_tokenizer,
    one_torch_thread,
    save_checkpoint,
    write_gguf,
)

import rlx
import rlx.cli
from rlx.errors import InputError
from rlx.frontends.safetensors import SafetensorsError
from rlx.frontends.tokenizer import TokenizerError
from rlx.models import (
    DecoderConfig,
    HFWeights,
    ModelConfigError,
    llama3_rope_factors,
    load_decoder,
    read_decoder_checkpoint,
)

GREEDY_TOKENS = 32
REL_TOL = 1e-4       # float32 weights: |rlx - transformers| / max |transformers logit|
Q8_0_TOL = 5e-2      # a Q8_0 copy against transformers' float32 run
BLOCKS_TOL = 1e-5    # the file's blocks read as they are against their dequantised run
MAX_SEQ = 64
Q8_0 = gguf.GGMLQuantizationType.Q8_0
F32 = gguf.GGMLQuantizationType.F32


@dataclasses.dataclass
class Checkpoint:
    """A saved family: its directory, GGUF copies, transformers' reference model and
    its greedy tokens / logits [steps, vocab] for each prompt."""

    name: str
    directory: str
    ggufs: dict
    reference: object
    prompts: list
    expected: list


@pytest.fixture(scope="module")
def tokenizer():
    return make_tokenizer()


@pytest.fixture(scope="module", params=sorted(FAMILIES))
def checkpoint(request, tokenizer, tmp_path_factory):
    root = tmp_path_factory.mktemp(request.param)
    directory = str(root / "hf")
    with one_torch_thread():
        reference = save_checkpoint(request.param, tokenizer, directory)
        ggufs = {}
        for qtype in (F32, Q8_0):
            ggufs[qtype] = str(root / f"model-{qtype.name}.gguf")
            write_gguf(reference, tokenizer, ggufs[qtype], qtype)
        prompts = [tokenizer.encode(p).ids for p in PROMPTS]
        expected = [hf_greedy(reference, ids, GREEDY_TOKENS) for ids in prompts]
    return Checkpoint(request.param, directory, ggufs, reference, prompts, expected)


def rlx_greedy(model, prompts: list[list[int]], steps: int) -> tuple[np.ndarray, np.ndarray]:
    """Greedy tokens [B, steps] of prompts prefilled and decoded together, and the
    logits each was picked from [B, steps, vocab]."""
    model.reset(len(prompts))
    logits = [model.prefill(prompts)]
    tokens = [logits[-1].argmax(axis=1)]
    for _ in range(steps - 1):
        logits.append(model.decode(tokens[-1]))
        tokens.append(logits[-1].argmax(axis=1))
    return np.stack(tokens, axis=1), np.stack(logits, axis=1)


def relative_error(ours: np.ndarray, theirs: np.ndarray) -> float:
    return float(np.abs(ours - theirs).max() / np.abs(theirs).max())


def load(path: str, device: str = "reference", **kwargs):
    return load_decoder(path, device=device, max_seq=MAX_SEQ, max_batch=2, prefill_chunk=16,
                        **kwargs)


def assert_matches_transformers(model, checkpoint: Checkpoint) -> None:
    tokens, logits = rlx_greedy(model, checkpoint.prompts, GREEDY_TOKENS)
    for row_tokens, row_logits, (expected_tokens, expected_logits) in zip(
            tokens, logits, checkpoint.expected):
        assert row_tokens.tolist() == expected_tokens
        assert relative_error(row_logits, expected_logits) <= REL_TOL


# ---------------------------------------------------------------------- parity
@pytest.mark.parametrize("device", [d for d in ("reference", "cpu")
                                    if d in rlx.available_devices()])
def test_checkpoint_directory_matches_transformers(checkpoint, device):
    assert_matches_transformers(load(checkpoint.directory, device), checkpoint)


def test_float32_gguf_copy_matches_transformers(checkpoint):
    assert_matches_transformers(load(checkpoint.ggufs[F32]), checkpoint)


def test_q8_0_gguf_copy_stays_near_transformers_and_its_blocks_run_as_dequantised(
        checkpoint):
    dequantised = load(checkpoint.ggufs[Q8_0])
    dequantised.reset(2)
    next_logits = dequantised.prefill(checkpoint.prompts)
    for row, (_, expected_logits) in zip(next_logits, checkpoint.expected):
        assert relative_error(row, expected_logits[0]) <= Q8_0_TOL
    blocks = load(checkpoint.ggufs[Q8_0], weight_format="gguf")
    assert blocks.weight_format == "gguf"
    tokens, logits = rlx_greedy(blocks, checkpoint.prompts, GREEDY_TOKENS // 4)
    float_tokens, float_logits = rlx_greedy(dequantised, checkpoint.prompts, GREEDY_TOKENS // 4)
    assert tokens.tolist() == float_tokens.tolist()
    assert relative_error(logits, float_logits) <= BLOCKS_TOL


# ---------------------------------------------------------------------- configs
def test_configs_and_tokenizers_of_directory_and_gguf_agree(checkpoint, tokenizer):
    config, weights, tok = read_decoder_checkpoint(checkpoint.directory)
    gguf_config, _, gguf_tok = read_decoder_checkpoint(checkpoint.ggufs[F32])
    hf = checkpoint.reference.config
    assert isinstance(weights, HFWeights)
    assert (config.n_layers, config.hidden, config.n_heads, config.n_kv_heads,
            config.vocab_size, config.ffn_hidden, config.tied_embeddings) == (
        hf.num_hidden_layers, hf.hidden_size, hf.num_attention_heads, hf.num_key_value_heads,
        hf.vocab_size, hf.intermediate_size, hf.tie_word_embeddings)
    assert not config.rope_interleaved
    assert gguf_config.rope_interleaved == (config.arch == "llama")
    same = ("arch", "n_layers", "hidden", "n_heads", "n_kv_heads", "head_dim", "ffn_hidden",
            "vocab_size", "rope_base", "rope_dim", "rope_scale", "rope_base_local",
            "layer_windows", "activation", "qk_norm", "sandwich_norms", "biases",
            "embed_scale", "tied_embeddings", "score_scale", "eos_ids")
    for field in same:
        assert getattr(gguf_config, field) == getattr(config, field), field
    if config.rope_freq_factors is not None:
        np.testing.assert_allclose(gguf_config.rope_freq_factors, config.rope_freq_factors,
                                   rtol=1e-6)
    end_of_turn = tokenizer.token_to_id("<|im_end|>")
    assert config.eos_ids == (hf.eos_token_id, end_of_turn)
    for text in PROMPTS + ["<|im_start|>user\nhi<|im_end|>"]:
        assert tok.encode(text) == gguf_tok.encode(text) == tokenizer.encode(text).ids
    assert tok.chat_template == gguf_tok.chat_template == CHAT_TEMPLATE
    assert tok.special.eos == end_of_turn


def _hf_config(config_class: str, **fields):
    return getattr(transformers, config_class)(
        vocab_size=50, hidden_size=64, intermediate_size=96, num_hidden_layers=2,
        num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=4096,
        **fields)


def test_llama3_rope_frequencies_are_transformers_own():
    hf = _hf_config("LlamaConfig", rope_parameters={
        "rope_type": "llama3", "rope_theta": 500000.0, "factor": 8.0, "low_freq_factor": 1.0,
        "high_freq_factor": 4.0, "original_max_position_embeddings": 64})
    from transformers.modeling_rope_utils import ROPE_INIT_FUNCTIONS

    expected, attention_factor = ROPE_INIT_FUNCTIONS["llama3"](hf, "cpu")
    config = DecoderConfig.from_hf(hf.to_dict(), ["lm_head.weight"])
    inv_freq = config.rope_base ** (-np.arange(0, 16, 2) / 16) / np.array(
        config.rope_freq_factors)
    assert attention_factor == 1.0
    assert {1.0, 8.0} < set(config.rope_freq_factors)       # short, long and blended
    np.testing.assert_allclose(inv_freq, expected.numpy(), rtol=1e-6)
    tables = rlx.models.rope_tables(config, 8)
    np.testing.assert_allclose(tables["rope.global.cos"][7], np.cos(7 * inv_freq), atol=1e-6)


def test_older_config_spellings():
    """transformers 4's ``rope_theta`` / ``rope_scaling`` (``type`` or ``rope_type``),
    Gemma 3's ``rope_local_base_freq`` and ``sliding_window_pattern``."""
    base = dict(hidden_size=64, num_attention_heads=4, num_hidden_layers=6,
                intermediate_size=96, vocab_size=50, max_position_embeddings=512,
                rms_norm_eps=1e-6)
    gemma = DecoderConfig.from_hf({
        **base, "model_type": "gemma3_text", "head_dim": 32, "num_key_value_heads": 1,
        "rope_theta": 1e6, "rope_local_base_freq": 1e4, "sliding_window": 8,
        "sliding_window_pattern": 3, "query_pre_attn_scalar": 64,
        "rope_scaling": {"type": "linear", "factor": 8.0},
        "hidden_activation": "gelu_pytorch_tanh", "final_logit_softcapping": 30.0}, [])
    assert gemma.layer_windows == (8, 8, None, 8, 8, None)
    assert gemma.layer_rope(0) == (1e4, 1.0) and gemma.layer_rope(2) == (1e6, 8.0)
    assert gemma.score_scale == 64 ** -0.5 and gemma.final_softcap == 30.0
    assert gemma.tied_embeddings and gemma.activation == "gelu_tanh" and gemma.qk_norm
    llama = DecoderConfig.from_hf({
        **base, "model_type": "llama", "rope_theta": 5e5, "tie_word_embeddings": False,
        "eos_token_id": [7, 8], "bos_token_id": 6,
        "rope_scaling": {"rope_type": "llama3", "factor": 32.0, "low_freq_factor": 1.0,
                         "high_freq_factor": 4.0, "original_max_position_embeddings": 64}},
        [], generation={"eos_token_id": [8, 9]})
    assert llama.rope_freq_factors == llama3_rope_factors(16, 5e5, 32.0, 1.0, 4.0, 64)
    assert llama.eos_ids == (7, 8, 9) and llama.bos_id == 6 and not llama.tied_embeddings
    qwen2 = DecoderConfig.from_hf({**base, "model_type": "qwen2", "use_sliding_window": False,
                                   "sliding_window": 4096}, ["lm_head.weight"])
    assert qwen2.biases == ("attn_q", "attn_k", "attn_v") and not qwen2.tied_embeddings
    assert qwen2.layer_windows == (None,) * 6


@pytest.mark.parametrize("config_class, drop", [
    ("MixtralConfig", ["rope_parameters", "rope_theta"]),
    ("Qwen3Config", ["head_dim"]),
    ("Gemma3TextConfig", ["query_pre_attn_scalar", "hidden_activation", "head_dim"]),
])
def test_fields_a_config_leaves_out_take_transformers_defaults(config_class, drop):
    """A trimmed config.json: what transformers' config class fills in (Mixtral's RoPE
    base 1e6, not Llama's 10000; Gemma 3's query_pre_attn_scalar 256 and tanh GELU;
    Qwen3's and Gemma 3's head width)."""
    fields = _hf_config(config_class).to_dict()
    for name in drop:
        fields.pop(name, None)
    hf = getattr(transformers, config_class).from_dict(fields)
    config = DecoderConfig.from_hf(fields, [])
    params = hf.rope_parameters.get("full_attention", hf.rope_parameters)
    assert config.rope_base == params["rope_theta"]
    head_dim = hf.head_dim or hf.hidden_size // hf.num_attention_heads   # None: the width
    assert config.head_dim == head_dim
    scalar = getattr(hf, "query_pre_attn_scalar", None)
    assert config.score_scale == (scalar or head_dim) ** -0.5
    activation = getattr(hf, "hidden_activation", None) or hf.hidden_act
    assert config.activation == {"silu": "silu", "gelu_pytorch_tanh": "gelu_tanh"}[activation]


def test_gemma3_softcap_of_scores_27b_scale_and_a_head_in_a_tied_file():
    """Gemma 3 has no soft-cap of attention scores: transformers and llama.cpp ignore
    the field a config carries over from Gemma 2. A Gemma 3 GGUF of 62 blocks (27B)
    without attention.scale scales scores by 1 / sqrt(hidden / heads), as llama.cpp
    does. A file with an lm_head.weight uses it even when tie_word_embeddings is true,
    as transformers 5 does."""
    gemma = DecoderConfig.from_hf({**_hf_config("Gemma3TextConfig").to_dict(),
                                   "attn_logit_softcapping": 50.0}, [])
    assert gemma.attn_softcap is None
    meta = _gguf_metadata("gemma3", **{"gemma3.block_count": 62,
                                      "gemma3.attention.key_length": 32,
                                      "gemma3.attention.value_length": 32,
                                      "gemma3.attn_logit_softcapping": 50.0})
    big = DecoderConfig.from_gguf(meta, [])
    assert big.score_scale == (64 // 4) ** -0.5 and big.attn_softcap is None
    meta["gemma3.block_count"] = 26
    assert DecoderConfig.from_gguf(meta, []).score_scale == 32 ** -0.5
    llama = DecoderConfig.from_hf({**_hf_config("LlamaConfig").to_dict(),
                                   "tie_word_embeddings": True}, ["lm_head.weight"])
    assert not llama.tied_embeddings


def _gguf_metadata(arch: str, **extra) -> dict:
    meta = {"general.architecture": arch, f"{arch}.context_length": 256,
            f"{arch}.embedding_length": 64, f"{arch}.block_count": 4,
            f"{arch}.feed_forward_length": 96, f"{arch}.attention.head_count": 4,
            f"{arch}.attention.head_count_kv": 2, f"{arch}.rope.freq_base": 1e6,
            f"{arch}.attention.layer_norm_rms_epsilon": 1e-6,
            "tokenizer.ggml.tokens": ["<s>", "</s>", "<|im_end|>", "a"],
            "tokenizer.ggml.eos_token_id": 1}
    meta.update(extra)
    return meta


def test_gguf_configs_of_the_new_architectures():
    biases = [f"blk.{i}.attn_{p}.bias" for i in range(4) for p in "qkv"]
    qwen2 = DecoderConfig.from_gguf(_gguf_metadata("qwen2"), ["output.weight"] + biases)
    assert qwen2.biases == ("attn_q", "attn_k", "attn_v") and not qwen2.rope_interleaved
    assert not qwen2.tied_embeddings and qwen2.eos_ids == (1, 2)
    qwen3 = DecoderConfig.from_gguf(_gguf_metadata("qwen3", **{
        "qwen3.attention.key_length": 32, "qwen3.attention.value_length": 32}), [])
    assert qwen3.qk_norm and qwen3.head_dim == 32 and qwen3.biases == ()
    factors = llama3_rope_factors(16, 1e6, 8.0, 1.0, 4.0, 128)
    llama = DecoderConfig.from_gguf(_gguf_metadata("llama"), ["rope_freqs.weight"],
                                    rope_freqs=np.array(factors, np.float32))
    assert llama.rope_interleaved
    np.testing.assert_allclose(llama.rope_freq_factors, factors, rtol=1e-7)
    gemma = DecoderConfig.from_gguf(_gguf_metadata("gemma3", **{
        "gemma3.attention.sliding_window": 16,
        "gemma3.attention.sliding_window_pattern": 2}), [])
    assert gemma.layer_windows == (16, None, 16, None)
    gemma = DecoderConfig.from_gguf(_gguf_metadata("gemma3", **{
        "gemma3.attention.sliding_window": 16,
        "gemma3.attention.sliding_window_pattern": [True, True, False, True]}), [])
    assert gemma.layer_windows == (16, 16, None, 16)


@pytest.mark.parametrize("arch, change, tensors, match", [
    ("qwen3", {}, ["blk.0.attn_q.bias"], "biases"),
    ("qwen2", {}, ["blk.0.ffn_up.bias"], "biases"),
    ("llama", {}, ["rope_freqs.weight"], "rope_freqs"),
    ("llama", {"llama.rope.scaling.type": "yarn"}, [], "yarn"),
    ("gemma3", {"gemma3.attention.sliding_window_pattern": [True]}, [], "sliding_window"),
    ("qwen2", {"qwen2.embedding_length": "wide"}, [], "not an integer"),
    ("gemma3", {"gemma3.attention.sliding_window": 16,
                "gemma3.attention.sliding_window_pattern": 0}, [], "positive integer"),
    ("gemma3", {"gemma3.attention.sliding_window": 16,
                "gemma3.attention.sliding_window_pattern": 2.0}, [], "integer or 4 booleans"),
    ("llama", {"tokenizer.ggml.eos_token_id": "x"}, [], "eos_token_id must be a token id"),
    ("llama", {"tokenizer.ggml.tokens": 5}, [], "tokens must be an array"),
])
def test_unsupported_gguf_configs_of_the_new_architectures(arch, change, tensors, match):
    with pytest.raises(ModelConfigError, match=match):
        DecoderConfig.from_gguf(_gguf_metadata(arch, **change), tensors)


def test_a_layer_count_past_the_files_layers_is_refused_at_once():
    """2**40 layers would allocate per-layer tables (or loop for minutes over a million)
    before a tensor is found missing."""
    tensors = [f"blk.{i}.attn_norm.weight" for i in range(2)]
    with pytest.raises(ModelConfigError, match="block_count is 1099511627776, but the weights "
                                               "hold layers 0 to 1 only"):
        DecoderConfig.from_gguf(_gguf_metadata("llama", **{"llama.block_count": 2**40}),
                                tensors)


# ---------------------------------------------------------------------- broken checkpoints
@pytest.fixture(scope="module")
def small_directory(tokenizer, tmp_path_factory):
    """A saved Qwen3 checkpoint (one float32 file) to break in copies."""
    directory = str(tmp_path_factory.mktemp("small") / "qwen3")
    with one_torch_thread():
        save_checkpoint("qwen3", tokenizer, directory)
    return directory


def _copy(directory: str, tmp_path, name: str = "copy") -> str:
    target = str(tmp_path / name)
    shutil.copytree(directory, target)
    return target


def _edit_config(directory: str, **changes) -> None:
    path = os.path.join(directory, "config.json")
    with open(path) as f:
        config = json.load(f)
    for key, value in changes.items():
        if value is None:
            config.pop(key, None)
        else:
            config[key] = value
    with open(path, "w") as f:
        json.dump(config, f)


def _edit_weights(directory: str, edit) -> None:
    path = os.path.join(directory, "model.safetensors")
    tensors = dict(safetensors.numpy.load_file(path))
    edit(tensors)
    safetensors.numpy.save_file(tensors, path)


@pytest.mark.parametrize("config_change, match", [
    ({"model_type": "mamba"}, "'mamba'.*not supported"),
    ({"hidden_size": None}, "hidden_size"),
    ({"num_attention_heads": "four"}, "num_attention_heads = 'four' is not an integer"),
    ({"rope_parameters": {"rope_type": "yarn", "factor": 4.0}}, "'yarn' is not supported"),
    ({"hidden_act": "relu"}, "activation 'relu'"),
    ({"layer_types": ["sliding_attention"] * 2, "sliding_window": None}, "sliding_window"),
    ({"attention_bias": True}, "missing.*self_attn.q_proj.bias"),
    ({"num_hidden_layers": 2**40}, "num_hidden_layers is 1099511627776, but the weights "
                                   "hold layers 0 to 1 only"),
    # fields that change the numbers and that rlx does not implement: refused, not ignored
    ({"partial_rotary_factor": 0.5}, "partial_rotary_factor 0.5 is not supported"),
    ({"use_bidirectional_attention": True}, "use_bidirectional_attention"),
    ({"layer_types": [{"type": "full"}] * 2, "sliding_window": 4}, "layer_types must list"),
])
def test_bad_configs_raise_model_config_errors(small_directory, tmp_path, config_change,
                                               match):
    directory = _copy(small_directory, tmp_path)
    _edit_config(directory, **config_change)
    with pytest.raises(ModelConfigError, match=match):
        load_decoder(directory, device="reference")


@pytest.mark.parametrize("edit, match", [
    (lambda t: t.pop("model.layers.1.mlp.up_proj.weight"),
     "1 tensors.*missing.*model.layers.1.mlp.up_proj.weight"),
    (lambda t: t.update({"model.layers.0.self_attn.k_proj.weight": np.zeros((32, 64),
                                                                            np.float32)}),
     r"k_proj.weight has shape \(32, 64\), the config needs \(64, 64\)"),
    (lambda t: t.update({"model.norm.weight": np.ones(64, np.int32)}), "I32"),
])
def test_bad_weights_raise_model_config_errors(small_directory, tmp_path, edit, match):
    directory = _copy(small_directory, tmp_path)
    _edit_weights(directory, edit)
    with pytest.raises(ModelConfigError, match=match):
        load_decoder(directory, device="reference")


def test_missing_files_and_formats(small_directory, tmp_path):
    with pytest.raises(ModelConfigError, match="no such file or directory"):
        load_decoder(str(tmp_path / "nothing"))
    with pytest.raises(InputError, match="file blocks"):
        load_decoder(small_directory, device="reference", weight_format="gguf")
    no_config = _copy(small_directory, tmp_path, "no_config")
    os.remove(os.path.join(no_config, "config.json"))
    with pytest.raises(ModelConfigError, match="no config.json"):
        load_decoder(no_config)
    no_tokenizer = _copy(small_directory, tmp_path, "no_tokenizer")
    os.remove(os.path.join(no_tokenizer, "tokenizer.json"))
    with pytest.raises(TokenizerError, match="no tokenizer.json"):
        load_decoder(no_tokenizer)
    os.remove(os.path.join(no_tokenizer, "model.safetensors"))
    with pytest.raises(SafetensorsError, match="neither model.safetensors"):
        load_decoder(no_tokenizer)


@pytest.mark.parametrize("checkpoint", [n for n, f in FAMILIES.items() if f.max_shard_size],
                         indirect=True)
def test_shard_index_errors(checkpoint, tmp_path):
    directory = _copy(checkpoint.directory, tmp_path)
    index_path = os.path.join(directory, "model.safetensors.index.json")
    with open(index_path) as f:
        index = json.load(f)
    shards = sorted(set(index["weight_map"].values()))
    assert len(shards) > 1
    os.remove(os.path.join(directory, shards[-1]))
    with pytest.raises(SafetensorsError, match="shards.*missing"):
        load_decoder(directory)
    index["weight_map"]["model.norm.weight"] = "../elsewhere.safetensors"
    with open(index_path, "w") as f:
        json.dump(index, f)
    with pytest.raises(SafetensorsError, match="not a file name"):
        load_decoder(directory)


@pytest.mark.parametrize("checkpoint", [n for n, f in FAMILIES.items()
                                        if f.dtype != "float32"], indirect=True)
def test_half_precision_weights_widen_exactly(checkpoint):
    """bf16 / f16 tensors become the float32 numbers they hold; Gemma's norms gain 1."""
    spec = FAMILIES[checkpoint.name]
    _, weights, _ = read_decoder_checkpoint(checkpoint.directory)
    state = checkpoint.reference.state_dict()
    embed = weights["token_embd.weight"]
    assert embed.dtype == np.float32
    np.testing.assert_array_equal(embed, state["model.embed_tokens.weight"].numpy())
    norm = weights["blk.0.attn_norm.weight"]
    offset = 1.0 if spec.gguf_arch == "gemma3" else 0.0
    np.testing.assert_array_equal(
        norm, state["model.layers.0.input_layernorm.weight"].numpy() + np.float32(offset))


def test_cli_opens_checkpoint_directories_with_float_weights(small_directory):
    """``rlx generate`` / ``rlx serve`` take a directory; without --weights it runs the
    checkpoint's float32 values (there are no file blocks), a GGUF file its blocks."""
    model = rlx.cli._open_decoder(small_directory, "reference", 32, None)
    assert model.weight_format is None and model.config.arch == "qwen3"
    with pytest.raises(InputError, match="file blocks"):
        rlx.cli._open_decoder(small_directory, "reference", 32, "gguf")
