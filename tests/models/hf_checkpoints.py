"""Tiny Hugging Face decoder checkpoints and GGUF copies of them, built without downloads.

:func:`make_tokenizer` trains a byte-level BPE tokenizer (``tokenizers``) on a fixed
text; :func:`save_checkpoint` builds a random transformers model of one family
(:data:`FAMILIES`: Llama 3 with its RoPE scaling and biases, Qwen2, Qwen3, Gemma 3),
with weights large enough that the logits spread over several units, and saves it
with ``save_pretrained`` beside the tokenizer's files; :data:`MOE_FAMILIES` are the
mixtures of experts (Qwen3-MoE, Mixtral: 8 experts, top-2). :func:`write_gguf` writes
the same model as llama.cpp's converter would: tensor names from the ``gguf`` package's
name map, the rows of ``attn_q`` / ``attn_k`` permuted for ``llama`` (pairs in place of
halves; Mixtral is a ``llama`` with experts), Gemma's norms plus 1, Llama 3's
``rope_freqs``, expert counts and stacks (``ffn_{gate,up,down}_exps`` [E, ...], the
router ``ffn_gate_inp`` kept float32), tokenizer metadata, and 2-D weights and expert
stacks in float32 or a GGML block format.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
from collections.abc import Iterator
from dataclasses import dataclass

import gguf
import numpy as np
import torch
import transformers

SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
CHAT_TEMPLATE = ("{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}"
                 "<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n"
                 "{% endif %}")
CORPUS = [
    "The quick brown fox jumps over the lazy dog.",
    "A small model reads the same words as a large one, only with fewer weights.",
    "def greet(name):\n    return 'hello ' + name",
    "Numbers like 12, 345 and 6789 are split into pieces as well.",
    "the theory of the thing is that there is another thing there",
]
TOKENIZER_SIZE = 300
PROMPTS = ["The quick brown fox", "def greet(name): the theory of numbers is"]


def make_tokenizer():
    """A byte-level BPE ``tokenizers.Tokenizer`` of :data:`TOKENIZER_SIZE` tokens: the
    special tokens first, then the 256 byte symbols and the learned merges."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=TOKENIZER_SIZE, special_tokens=SPECIALS,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                                  show_progress=False)
    tok.train_from_iterator(CORPUS * 4, trainer)
    return tok


def write_tokenizer_files(tok, directory: str, template_file: bool) -> None:
    """tokenizer.json and tokenizer_config.json (EOS ``<|im_end|>``); the chat template
    inline or, with ``template_file``, in chat_template.jinja (as transformers 5)."""
    tok.save(os.path.join(directory, "tokenizer.json"))
    config = {"eos_token": "<|im_end|>", "pad_token": "<|endoftext|>"}
    if template_file:
        with open(os.path.join(directory, "chat_template.jinja"), "w") as f:
            f.write(CHAT_TEMPLATE)
    else:
        config["chat_template"] = CHAT_TEMPLATE
    with open(os.path.join(directory, "tokenizer_config.json"), "w") as f:
        json.dump(config, f)


@dataclass(frozen=True)
class Family:
    """One family's tiny config (keyword arguments of its transformers config class)
    and how it is saved."""

    config_class: str
    fields: dict
    gguf_arch: str
    dtype: str = "float32"           # of the saved safetensors
    max_shard_size: str | None = None
    template_file: bool = False


COMMON = dict(hidden_size=64, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
              num_key_value_heads=2, max_position_embeddings=128, rms_norm_eps=1e-6)
FAMILIES = {
    "llama3": Family("LlamaConfig", dict(
        attention_bias=True, mlp_bias=True, tie_word_embeddings=False,
        rope_parameters={"rope_type": "llama3", "rope_theta": 10000.0, "factor": 8.0,
                         "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                         "original_max_position_embeddings": 32}),
        "llama", max_shard_size="60KB"),
    "qwen2": Family("Qwen2Config", dict(
        tie_word_embeddings=True,
        rope_parameters={"rope_type": "default", "rope_theta": 1e6}),
        "qwen2", dtype="bfloat16"),
    "qwen3": Family("Qwen3Config", dict(
        head_dim=32, tie_word_embeddings=False,
        rope_parameters={"rope_type": "default", "rope_theta": 1e6}),
        "qwen3", template_file=True),
    "gemma3": Family("Gemma3TextConfig", dict(
        head_dim=16, query_pre_attn_scalar=16, sliding_window=4,
        layer_types=["sliding_attention", "full_attention"], tie_word_embeddings=True,
        rope_parameters={
            "full_attention": {"rope_type": "linear", "factor": 2.0, "rope_theta": 1e6},
            "sliding_attention": {"rope_type": "default", "rope_theta": 1e4}}),
        "gemma3", dtype="float16", template_file=True),
}


MOE_FAMILIES = {
    "qwen3moe": Family("Qwen3MoeConfig", dict(
        moe_intermediate_size=32, num_experts=8, num_experts_per_tok=2, norm_topk_prob=True,
        decoder_sparse_step=1, mlp_only_layers=[], tie_word_embeddings=False,
        rope_parameters={"rope_type": "default", "rope_theta": 1e6}),
        "qwen3moe", template_file=True),
    "mixtral": Family("MixtralConfig", dict(
        intermediate_size=32, num_local_experts=8, num_experts_per_tok=2,
        tie_word_embeddings=False, rope_parameters={"rope_type": "default", "rope_theta": 1e6}),
        "llama"),
}


def _family(name: str) -> Family:
    return FAMILIES[name] if name in FAMILIES else MOE_FAMILIES[name]


def build_model(family: str, tok, seed: int = 0, **overrides):
    """A random float32 transformers model of ``family`` for the tokenizer ``tok``:
    linear weights (experts and routers too) ~ N(0, 1) / sqrt(fan_in), embeddings ~
    N(0, 1), biases ~ 0.1 N(0, 1), norms ~ 1 + 0.1 N(0, 1) (Gemma's stored ``w`` of
    ``1 + w`` ~ 0.1 N(0, 1)). ``overrides`` change fields of the family's config."""
    spec = _family(family)
    vocab = tok.get_vocab()
    config = getattr(transformers, spec.config_class)(
        vocab_size=tok.get_vocab_size(), bos_token_id=vocab["<|endoftext|>"],
        eos_token_id=vocab["<|endoftext|>"], pad_token_id=None,
        **{**COMMON, **spec.fields, **overrides})
    config._attn_implementation = "eager"
    torch.manual_seed(seed)
    model = transformers.AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    generator = torch.Generator().manual_seed(seed)
    norm_base = 0.0 if spec.gguf_arch == "gemma3" else 1.0
    with torch.no_grad():
        for name, p in model.named_parameters():
            noise = torch.randn(p.shape, generator=generator)
            if name.endswith("norm.weight"):
                p.copy_(norm_base + 0.1 * noise)
            elif name.endswith(".bias"):
                p.copy_(0.1 * noise)
            elif "embed_tokens" in name:
                p.copy_(noise)
            else:
                p.copy_(noise / math.sqrt(p.shape[-1]))
    model.eval()
    return model


def save_checkpoint(family: str, tok, directory: str, **overrides):
    """Build :func:`build_model` (with ``overrides``), save it (in the family's dtype,
    sharded when it says so) with the tokenizer's files, and return transformers'
    float32 model loaded from the directory: the reference."""
    spec = _family(family)
    model = build_model(family, tok, **overrides).to(getattr(torch, spec.dtype))
    kwargs = {} if spec.max_shard_size is None else {"max_shard_size": spec.max_shard_size}
    model.save_pretrained(directory, **kwargs)
    write_tokenizer_files(tok, directory, spec.template_file)
    reference = transformers.AutoModelForCausalLM.from_pretrained(
        directory, dtype=torch.float32, attn_implementation="eager")
    return reference.eval()


# ---------------------------------------------------------------------- GGUF copies
def llama3_divisors(rope_dim: int, base: float, factor: float, low: float, high: float,
                    original: int) -> np.ndarray:
    """rope_freqs of llama.cpp's converter: per rotary frequency, the divisor of Llama
    3.1's RoPE scaling."""
    freqs = base ** -(np.arange(0, rope_dim, 2, dtype=np.float64) / rope_dim)
    wavelen = 2 * np.pi / freqs
    smooth = (original / wavelen - low) / (high - low)
    blended = 1 / ((1 - smooth) / factor + smooth)
    divisors = np.where(wavelen < original / high, 1.0,
                        np.where(wavelen > original / low, factor, blended))
    return divisors.astype(np.float32)


def _pairs_from_halves(w: np.ndarray, heads: int) -> np.ndarray:
    """Rows of each head reordered so that rotating pairs (2i, 2i + 1) equals rotating
    halves (i, i + d/2) of the original: llama.cpp's permutation of llama q/k."""
    return w.reshape(heads, 2, w.shape[0] // heads // 2, *w.shape[1:]).swapaxes(1, 2).reshape(
        w.shape)


def _tokenizer_metadata(writer: gguf.GGUFWriter, tok) -> None:
    vocab = tok.get_vocab(with_added_tokens=True)
    tokens = sorted(vocab, key=vocab.get)
    merges = [" ".join(m) for m in json.loads(tok.to_str())["model"]["merges"]]
    special = set(SPECIALS)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("gpt2")
    writer.add_token_list(tokens)
    writer.add_token_types([3 if t in special else 1 for t in tokens])
    writer.add_token_merges(merges)
    writer.add_bos_token_id(vocab["<|endoftext|>"])
    writer.add_eos_token_id(vocab["<|endoftext|>"])
    writer.add_chat_template(CHAT_TEMPLATE)


def write_gguf(model, tok, path: str, qtype: gguf.GGMLQuantizationType,
               drop: tuple[str, ...] = ()) -> None:
    """``model`` as a GGUF file at ``path``: 2-D weights and expert stacks in ``qtype``
    (F32 or a block format), everything else float32; the tensors named in ``drop``
    left out (a broken file)."""
    config = model.config
    arch = {"llama": "llama", "qwen2": "qwen2", "qwen3": "qwen3", "qwen3_moe": "qwen3moe",
            "mixtral": "llama", "gemma3_text": "gemma3"}[config.model_type]
    writer = gguf.GGUFWriter(path, arch)
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // \
        config.num_attention_heads
    writer.add_context_length(config.max_position_embeddings)
    writer.add_embedding_length(config.hidden_size)
    writer.add_block_count(config.num_hidden_layers)
    writer.add_feed_forward_length(config.intermediate_size)
    writer.add_head_count(config.num_attention_heads)
    writer.add_head_count_kv(config.num_key_value_heads)
    writer.add_key_length(head_dim)
    writer.add_value_length(head_dim)
    writer.add_layer_norm_rms_eps(config.rms_norm_eps)
    experts = getattr(config, "num_experts", None) or getattr(config, "num_local_experts", None)
    if experts:
        writer.add_expert_count(experts)
        writer.add_expert_used_count(config.num_experts_per_tok)
        if config.model_type == "qwen3_moe":
            writer.add_expert_feed_forward_length(config.moe_intermediate_size)
    rope = config.rope_parameters
    rope = rope.get("full_attention", rope)
    writer.add_rope_freq_base(rope["rope_theta"])
    if rope["rope_type"] == "linear":
        writer.add_rope_scaling_type(gguf.RopeScalingType.LINEAR)
        writer.add_rope_scaling_factor(rope["factor"])
    if arch == "gemma3":
        writer.add_sliding_window(config.sliding_window)
        writer.add_sliding_window_pattern([t == "sliding_attention"
                                           for t in config.layer_types])
    _tokenizer_metadata(writer, tok)
    names = gguf.get_tensor_name_map(gguf.MODEL_ARCH[arch.upper()], config.num_hidden_layers)
    for name, data in _gguf_tensors(model, names):
        if name in drop:
            continue
        if arch == "llama" and ".attn_q." in name:
            data = _pairs_from_halves(data, config.num_attention_heads)
        elif arch == "llama" and ".attn_k." in name:
            data = _pairs_from_halves(data, config.num_key_value_heads)
        if arch == "gemma3" and name.endswith("norm.weight"):
            data = data + 1
        if data.ndim in (2, 3) and qtype != gguf.GGMLQuantizationType.F32 \
                and ".ffn_gate_inp." not in name:
            blocks, stored = quantize_blocks(data, qtype)
            writer.add_tensor(name, blocks, raw_dtype=stored)
        else:
            writer.add_tensor(name, data)
    if rope["rope_type"] == "llama3":
        writer.add_tensor("rope_freqs.weight", llama3_divisors(
            head_dim, rope["rope_theta"], rope["factor"], rope["low_freq_factor"],
            rope["high_freq_factor"], rope["original_max_position_embeddings"]))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def quantize_blocks(data: np.ndarray, qtype: gguf.GGMLQuantizationType
                    ) -> tuple[np.ndarray, gguf.GGMLQuantizationType]:
    """``data`` as ``qtype`` blocks, and the type stored: Q4_K through
    :func:`quantize_q4_k` (the gguf package only decodes it), Q8_0 for a Q4_K tensor
    whose rows are not whole super-blocks of 256 (llama.cpp's converter falls back
    likewise), the gguf package's quantiser otherwise."""
    if qtype == gguf.GGMLQuantizationType.Q4_K:
        if data.shape[-1] % 256 == 0:
            return quantize_q4_k(data), qtype
        qtype = gguf.GGMLQuantizationType.Q8_0
    return gguf.quants.quantize(data, qtype), qtype


def quantize_q4_k(data: np.ndarray) -> np.ndarray:
    """Rows of ``data`` [..., k] (k a multiple of 256) as Q4_K super-blocks, uint8
    [..., k / 256 * 144]: per sub-block of 32 an offset ``min`` (0 or below) and a step
    covering its range in 15 codes; the 8 steps and 8 offsets of a super-block as 6-bit
    multiples of the fp16 ``d`` / ``dmin`` (the largest over 63); codes rounded to the
    nearest level of the rounded step and offset. Plain rounding, not llama.cpp's
    search: the tests need valid blocks near the weights, and the gguf package's
    decoder is the reference for what they hold."""
    x = np.asarray(data, np.float32).reshape(-1, 8, 32)
    low = np.minimum(x.min(-1), 0.0)
    step = (x.max(-1) - low) / 15
    d = (step.max(-1) / 63).astype(np.float16)
    dmin = ((-low).max(-1) / 63).astype(np.float16)
    d32, dmin32 = d.astype(np.float32)[:, None], dmin.astype(np.float32)[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        scales = np.where(d32 > 0, np.rint(step / d32), 0).clip(0, 63).astype(np.uint8)
        mins = np.where(dmin32 > 0, np.rint(-low / dmin32), 0).clip(0, 63).astype(np.uint8)
        unit = (d32 * scales)[..., None]
        codes = np.where(unit > 0, np.rint((x + (dmin32 * mins)[..., None]) / unit), 0)
    codes = codes.clip(0, 15).astype(np.uint8)
    packed = np.empty((x.shape[0], 12), np.uint8)
    packed[:, 0:4] = (scales[:, :4] & 63) | ((scales[:, 4:] >> 4) << 6)
    packed[:, 4:8] = (mins[:, :4] & 63) | ((mins[:, 4:] >> 4) << 6)
    packed[:, 8:12] = (scales[:, 4:] & 15) | ((mins[:, 4:] & 15) << 4)
    pairs = codes.reshape(-1, 4, 2, 32)
    nibbles = (pairs[:, :, 0] | (pairs[:, :, 1] << 4)).reshape(-1, 128)
    blocks = np.concatenate([d.view(np.uint8).reshape(-1, 2), dmin.view(np.uint8).reshape(-1, 2),
                             packed, nibbles], axis=1)
    return blocks.reshape(*data.shape[:-1], data.shape[-1] // 256 * 144)


def _gguf_tensors(model, names) -> Iterator[tuple[str, np.ndarray]]:
    """(GGUF name, float32 values) of every tensor to write: the
    fused expert stacks of transformers 5 (``mlp.experts.gate_up_proj`` [E, 2f, d],
    gate rows first; ``mlp.experts.down_proj`` [E, d, f]) as ``ffn_gate_exps`` /
    ``ffn_up_exps`` / ``ffn_down_exps``, the rest through the name map (that of
    ``llama`` for names the architecture's lacks)."""
    config = model.config
    dense = gguf.get_tensor_name_map(gguf.MODEL_ARCH.LLAMA, config.num_hidden_layers)
    for hf_name, tensor in model.state_dict().items():
        if hf_name == "lm_head.weight" and config.tie_word_embeddings:
            continue
        data = tensor.detach().to(torch.float32).numpy().copy()
        if ".mlp.experts." in hf_name:
            blk = f"blk.{hf_name.split('.')[2]}"
            if hf_name.endswith("gate_up_proj"):
                gate, up = np.split(data, 2, axis=1)
                yield f"{blk}.ffn_gate_exps.weight", np.ascontiguousarray(gate)
                yield f"{blk}.ffn_up_exps.weight", np.ascontiguousarray(up)
            else:
                yield f"{blk}.ffn_down_exps.weight", data
            continue
        name = names.get_name(hf_name, try_suffixes=(".weight", ".bias"))
        if name is None:        # a dense MLP beside mixtures (llama.cpp's qwen3moe has none)
            name = dense.get_name(hf_name, try_suffixes=(".weight", ".bias"))
        yield name, data


# ---------------------------------------------------------------------- the reference
@contextlib.contextmanager
def one_torch_thread() -> Iterator[None]:
    """torch on one thread for the block: its thread pool beside rlx's and other test
    processes makes a tiny model's step ~50x slower on 2 shared cores."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(threads)


def hf_greedy(model, ids: list[int], steps: int) -> tuple[list[int], np.ndarray]:
    """transformers' greedy tokens after ``ids`` and the float32 logits each was picked
    from [steps, vocab], running the whole sequence at each step (no cache)."""
    sequence, tokens, logits = list(ids), [], []
    with torch.no_grad():
        for _ in range(steps):
            row = model(torch.tensor([sequence])).logits[0, -1].numpy().copy()
            logits.append(row)
            tokens.append(int(row.argmax()))
            sequence.append(tokens[-1])
    return tokens, np.stack(logits)
