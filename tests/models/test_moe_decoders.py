"""Mixture-of-experts decoders (Qwen3-MoE, Mixtral) from Hugging Face checkpoint
directories and GGUF copies of them, against transformers' float32 run, without
downloads.

Each family of ``MOE_FAMILIES`` in ``tests/models/hf_checkpoints.py`` (two layers,
hidden 64, 4 heads over 2 kv heads, 8 experts of width 32, top-2; Qwen3-MoE with
QK-norm and ``norm_topk_prob``, Mixtral a llama whose llama.cpp copy permutes q / k
rows) is built as a tiny random transformers model, saved with ``save_pretrained``
(one tensor per expert, as transformers 5 writes them) and loaded back by transformers
as the float32 reference.

* The directory, through ``rlx.models.load_decoder``: two prompts of different lengths
  prefilled together, then 32 greedy tokens decoded together; the tokens equal
  transformers' greedy tokens of each prompt alone and every step's logits lie within
  1e-4 of the largest logit (measured: below 5e-7). Reference device and cpu.
* A float32 GGUF copy (expert stacks ``ffn_{gate,up,down}_exps``, router
  ``ffn_gate_inp``): the same checks.
* A Q8_0 GGUF copy (experts in blocks, the router float32 as llama.cpp keeps it): its
  dequantised run within 5e-2 of transformers' next-token logits (measured: up to
  1.9e-2), and ``weight_format="gguf"`` (the experts' blocks read by ``grouped_matmul``
  as they are stored) within 1e-5 of the dequantised run, greedy tokens equal
  (measured: 3.4e-7), on the reference device and cpu.
* A Q4_K copy of a wider model (hidden and expert width 256: whole super-blocks),
  quantised by ``quantize_q4_k`` of ``hf_checkpoints`` and decoded by the gguf package
  as the reference: the same two checks, its logits' cosine with transformers' at least
  0.9.

``weight_format="gguf-int8"`` (GGML's arithmetic: inputs rounded to int8) reaches the
expert products, on cpu as on the reference device.

Then: the decode program's MoE runtime surface (router capture against transformers'
own router), a Qwen3-MoE with a dense layer beside a mixture, the configs, and the
errors of checkpoints that lack expert tensors.
"""

from __future__ import annotations

import dataclasses
import math
import os
import shutil

import gguf
import numpy as np
import pytest
import safetensors.numpy
import torch
from tests.models.hf_checkpoints import (
    MOE_FAMILIES,
    PROMPTS,
    hf_greedy,
    make_tokenizer,
    one_torch_thread,
    save_checkpoint,
    write_gguf,
)

import rlx
from rlx.models import DecoderConfig, ModelConfigError, load_decoder, read_decoder_checkpoint
from rlx.models.decoder import build_decoder_step

GREEDY_TOKENS = 32
REL_TOL = 1e-4       # float32 weights: |rlx - transformers| / max |transformers logit|
Q8_0_TOL = 5e-2      # a Q8_0 copy against transformers' float32 run
BLOCKS_TOL = 1e-5    # the file's blocks read as they are against their dequantised run
MAX_SEQ = 64
EXPERTS, TOP_K = 8, 2
Q8_0 = gguf.GGMLQuantizationType.Q8_0
F32 = gguf.GGMLQuantizationType.F32
DEVICES = [d for d in ("reference", "cpu") if d in rlx.available_devices()]


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


@pytest.fixture(scope="module", params=sorted(MOE_FAMILIES))
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


def cosine(ours: np.ndarray, theirs: np.ndarray) -> float:
    ours, theirs = ours.astype(np.float64).ravel(), theirs.astype(np.float64).ravel()
    return float(ours @ theirs / (np.linalg.norm(ours) * np.linalg.norm(theirs)))


def load(path: str, device: str = "reference", **kwargs):
    return load_decoder(path, device=device, max_seq=MAX_SEQ, max_batch=2, prefill_chunk=16,
                        **kwargs)


def assert_matches_transformers(model, checkpoint: Checkpoint, steps: int = GREEDY_TOKENS
                                ) -> None:
    tokens, logits = rlx_greedy(model, checkpoint.prompts, steps)
    for row_tokens, row_logits, (expected_tokens, expected_logits) in zip(
            tokens, logits, checkpoint.expected):
        assert row_tokens.tolist() == expected_tokens[:steps]
        assert relative_error(row_logits, expected_logits[:steps]) <= REL_TOL


# ---------------------------------------------------------------------- parity
@pytest.mark.parametrize("device", DEVICES)
def test_checkpoint_directory_matches_transformers(checkpoint, device):
    model = load(checkpoint.directory, device)
    assert model.config.expert_count == EXPERTS and model.config.moe_layers == (0, 1)
    assert_matches_transformers(model, checkpoint)


def test_float32_gguf_copy_matches_transformers(checkpoint):
    assert_matches_transformers(load(checkpoint.ggufs[F32]), checkpoint)


@pytest.mark.parametrize("device", DEVICES)
def test_q8_0_gguf_copy_stays_near_transformers_and_its_blocks_run_as_dequantised(
        checkpoint, device):
    dequantised = load(checkpoint.ggufs[Q8_0])
    dequantised.reset(2)
    next_logits = dequantised.prefill(checkpoint.prompts)
    for row, (_, expected_logits) in zip(next_logits, checkpoint.expected):
        assert relative_error(row, expected_logits[0]) <= Q8_0_TOL
    blocks = load(checkpoint.ggufs[Q8_0], device, weight_format="gguf")
    params = blocks.program("decode", 2).param_types
    assert params["blk.0.ffn_gate_exps.q"].shape == (EXPERTS, 32 * 68)     # 32 rows of 2 blocks
    assert "blk.0.ffn_gate_inp.weight" in params                           # the router: float
    tokens, logits = rlx_greedy(blocks, checkpoint.prompts, GREEDY_TOKENS // 4)
    float_tokens, float_logits = rlx_greedy(dequantised, checkpoint.prompts, GREEDY_TOKENS // 4)
    assert tokens.tolist() == float_tokens.tolist()
    assert relative_error(logits, float_logits) <= BLOCKS_TOL


def test_gguf_int8_rounds_the_experts_inputs_as_the_reference_device(checkpoint):
    """``"gguf-int8"`` on the Q8_0 copy: the expert products round their inputs to int8
    too (the decode graph's grouped_matmul nodes say so); cpu equals the reference
    device (the float64 product of the rounded operands) within float32 rounding, and
    both stay within 5% of the logits' spread of the dequantised run, fed its tokens."""
    path = checkpoint.ggufs[Q8_0]
    float_tokens, float_logits = rlx_greedy(load(path), checkpoint.prompts, 6)
    runs = {}
    for device in DEVICES:
        model = load(path, device, weight_format="gguf-int8")
        model.reset(2)
        logits = [model.prefill(checkpoint.prompts)]
        for step in range(5):
            logits.append(model.decode(float_tokens[:, step]))
        runs[device] = np.stack(logits, axis=1)
        spread = np.ptp(float_logits, axis=2, keepdims=True)
        assert np.all(np.abs(runs[device] - float_logits) <= 0.05 * spread)
    graph = build_decoder_step(model.config, 2, 1, MAX_SEQ,
                               weight_format=model._layer_formats, x_int8=True)
    products = [n for n in graph.nodes if n.op == "grouped_matmul"]
    assert len(products) == 3 * 2 and all(n.attr("x_int8") for n in products)
    if "cpu" in runs:
        assert relative_error(runs["cpu"], runs["reference"]) <= BLOCKS_TOL


Q4_K = gguf.GGMLQuantizationType.Q4_K
Q4_K_COSINE = 0.9    # a Q4_K copy's next-token logits against transformers' (cosine)
# Q4_K rows are super-blocks of 256: hidden and expert width 256 (the tiny models' 64 and
# 32 would fall back to Q8_0, as llama.cpp's converter does); dense Qwen3 rides along
WIDE = {"qwen3moe": dict(hidden_size=256, moe_intermediate_size=256),
        "mixtral": dict(hidden_size=256, intermediate_size=256),
        "qwen3": dict(hidden_size=256, intermediate_size=256)}


@pytest.mark.parametrize("family", sorted(WIDE))
def test_q4_k_gguf_copy_stays_near_transformers_and_its_blocks_run_as_dequantised(
        family, tokenizer, tmp_path):
    """A wider model's Q4_K copy: the experts' blocks stay Q4_K in the program, its
    dequantised run is near transformers' float32 logits (cosine measured 0.95-0.99:
    the tiny random models amplify the weights' rounding, and routes flip), and the
    blocks read as they are match the dequantised run (greedy tokens equal) on every
    device."""
    path = str(tmp_path / "model-Q4_K.gguf")
    prompts = [tokenizer.encode(p).ids for p in PROMPTS]
    with one_torch_thread():
        reference = save_checkpoint(family, tokenizer, str(tmp_path / "hf"), **WIDE[family])
        write_gguf(reference, tokenizer, path, Q4_K)
        expected = [hf_greedy(reference, ids, 1)[1] for ids in prompts]
    dequantised = load(path)
    dequantised.reset(2)
    next_logits = dequantised.prefill(prompts)
    for row, expected_logits in zip(next_logits, expected):
        assert cosine(row, expected_logits[0]) >= Q4_K_COSINE
    float_tokens, float_logits = rlx_greedy(dequantised, prompts, GREEDY_TOKENS // 4)
    for device in DEVICES:
        blocks = load(path, device, weight_format="gguf")
        params = blocks.program("decode", 2).param_types
        down = (params["blk.0.ffn_down_exps.q"].shape if family in MOE_FAMILIES
                else (1,) + params["blk.0.ffn_down.q"].shape)
        assert math.prod(down) == down[0] * 256 * 144    # per expert, 256 rows of 1 block
        tokens, logits = rlx_greedy(blocks, prompts, GREEDY_TOKENS // 4)
        assert tokens.tolist() == float_tokens.tolist()
        assert relative_error(logits, float_logits) <= BLOCKS_TOL


# ---------------------------------------------------------------------- the runtime surface
@pytest.mark.parametrize("checkpoint", ["qwen3moe"], indirect=True)
def test_decode_program_captures_the_routes_transformers_takes(checkpoint):
    """One capture per mixture layer, k ids per sequence in order, equal to the top-k of
    transformers' own router logits at that position."""
    model = load(checkpoint.directory)
    model.reset(2)
    first = model.prefill(checkpoint.prompts).argmax(axis=1)
    second = model.decode(first).argmax(axis=1)
    program = model.program("decode")
    assert program.enable_moe_topk_capture(EXPERTS)
    model.decode(second)
    captured = program.take_moe_topk_capture()
    assert program.take_moe_topk_capture() is None
    assert len(captured) == 2 and all(len(ids) == 2 * TOP_K for ids in captured)
    with one_torch_thread(), torch.no_grad():
        for b, prompt in enumerate(checkpoint.prompts):
            sequence = torch.tensor([prompt + [int(first[b]), int(second[b])]])
            routers = checkpoint.reference(sequence, output_router_logits=True).router_logits
            for layer, logits in enumerate(routers):
                expected = torch.topk(logits[-1].softmax(-1), TOP_K).indices.tolist()
                assert captured[layer][b * TOP_K:(b + 1) * TOP_K] == expected
    stats = program.take_moe_residency_stats()
    assert stats is None or stats.total_offloaded == 0


def test_dense_layers_beside_mixtures(tokenizer, tmp_path):
    """Qwen3-MoE's ``decoder_sparse_step`` 2: layer 0 a dense MLP of
    ``intermediate_size``, layer 1 a mixture; directory and GGUF copy as transformers."""
    directory = str(tmp_path / "hf")
    path = str(tmp_path / "model.gguf")
    prompts = [tokenizer.encode(p).ids for p in PROMPTS]
    with one_torch_thread():
        reference = save_checkpoint("qwen3moe", tokenizer, directory, decoder_sparse_step=2)
        write_gguf(reference, tokenizer, path, F32)
        expected = [hf_greedy(reference, ids, 8) for ids in prompts]
    checkpoint = Checkpoint("qwen3moe", directory, {F32: path}, reference, prompts, expected)
    for source in (directory, path):
        model = load(source)
        assert model.config.moe_layers == (1,) and model.config.ffn_hidden == 96
        assert_matches_transformers(model, checkpoint, steps=8)


def test_qwen3_moe_sliding_window_on_every_layer(tokenizer, tmp_path):
    """Qwen3-MoE's config has no layer_types: use_sliding_window slides every layer,
    as transformers' model does (rlx refused it, asking for a config transformers does
    not write)."""
    directory = str(tmp_path / "hf")
    prompts = [tokenizer.encode(p).ids for p in PROMPTS]
    with one_torch_thread():
        reference = save_checkpoint("qwen3moe", tokenizer, directory, use_sliding_window=True,
                                    sliding_window=4)
        expected = [hf_greedy(reference, ids, 8) for ids in prompts]
    checkpoint = Checkpoint("qwen3moe", directory, {}, reference, prompts, expected)
    model = load(directory)
    assert set(model.config.layer_windows) == {4}
    assert_matches_transformers(model, checkpoint, steps=8)


# ---------------------------------------------------------------------- configs
def test_configs_of_directory_and_gguf_agree(checkpoint):
    config, _, _ = read_decoder_checkpoint(checkpoint.directory)
    gguf_config, _, _ = read_decoder_checkpoint(checkpoint.ggufs[F32])
    assert config.arch == ("llama" if checkpoint.name == "mixtral" else "qwen3moe")
    assert gguf_config.rope_interleaved == (config.arch == "llama")
    assert not config.rope_interleaved
    same = ("arch", "n_layers", "hidden", "n_heads", "n_kv_heads", "head_dim", "vocab_size",
            "qk_norm", "biases", "tied_embeddings", "expert_count", "experts_used", "moe_ffn",
            "expert_renormalize", "moe_layers")
    for field in same:
        assert getattr(gguf_config, field) == getattr(config, field), field
    assert (config.expert_count, config.experts_used, config.moe_ffn) == (EXPERTS, TOP_K, 32)
    assert config.expert_renormalize


def _qwen3_moe(**fields) -> dict:
    return {"model_type": "qwen3_moe", "vocab_size": 50, "hidden_size": 64,
            "intermediate_size": 96, "num_hidden_layers": 4, "num_attention_heads": 4,
            "num_key_value_heads": 2, "max_position_embeddings": 256, "rms_norm_eps": 1e-6,
            "num_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 32,
            **fields}


def test_qwen3_moe_layer_selection_and_renormalisation():
    config = DecoderConfig.from_hf(_qwen3_moe(decoder_sparse_step=2, mlp_only_layers=[3]), [])
    assert config.moe_layers == (1,) and not config.expert_renormalize
    config = DecoderConfig.from_hf(_qwen3_moe(mlp_only_layers=[0], norm_topk_prob=True), [])
    assert config.moe_layers == (1, 2, 3) and config.expert_renormalize
    shapes = rlx.models.decoder_param_shapes(config, 1)
    assert shapes["blk.0.ffn_gate.weight"] == (96, 64)
    assert shapes["blk.1.ffn_gate_exps.weight"] == (8, 32, 64)
    assert shapes["blk.1.ffn_down_exps.weight"] == (8, 64, 32)
    assert "blk.1.ffn_gate.weight" not in shapes
    with pytest.raises(ModelConfigError, match="experts_used 9 exceeds expert_count 8"):
        DecoderConfig.from_hf(_qwen3_moe(num_experts_per_tok=9), [])


def _gguf_metadata(arch: str, **extra) -> dict:
    meta = {"general.architecture": arch, f"{arch}.context_length": 256,
            f"{arch}.embedding_length": 64, f"{arch}.block_count": 2,
            f"{arch}.feed_forward_length": 96, f"{arch}.attention.head_count": 4,
            f"{arch}.attention.head_count_kv": 2,
            f"{arch}.attention.layer_norm_rms_epsilon": 1e-6,
            "tokenizer.ggml.tokens": ["<s>", "</s>", "a"]}
    meta.update(extra)
    return meta


def test_gguf_mixture_metadata():
    mixtral = DecoderConfig.from_gguf(_gguf_metadata("llama", **{
        "llama.expert_count": 8, "llama.expert_used_count": 2}), [])
    assert mixtral.moe_layers == (0, 1) and mixtral.moe_ffn == 96
    assert mixtral.expert_renormalize and mixtral.rope_interleaved
    qwen = DecoderConfig.from_gguf(_gguf_metadata("qwen3moe", **{
        "qwen3moe.expert_count": 8, "qwen3moe.expert_used_count": 2,
        "qwen3moe.expert_feed_forward_length": 32, "qwen3moe.expert_weights_norm": False}),
        ["blk.1.ffn_gate_inp.weight"])
    assert qwen.moe_layers == (1,) and qwen.moe_ffn == 32 and not qwen.expert_renormalize


@pytest.mark.parametrize("extra, tensors, match", [
    ({}, ["blk.0.ffn_up_exps.weight", "blk.1.ffn_up_exps.weight"],
     "expert tensors.*lacks 'qwen3moe.expert_count'"),
    ({"qwen3moe.expert_count": 8}, [], "lacks 'qwen3moe.expert_used_count'"),
    ({"qwen3moe.expert_count": 8, "qwen3moe.expert_used_count": 2,
      "qwen3moe.expert_shared_count": 1}, [], "shared experts"),
    ({"qwen3moe.expert_count": 8, "qwen3moe.expert_used_count": 2,
      "qwen3moe.expert_gating_func": 2}, [], "softmax"),
])
def test_unsupported_gguf_mixtures(extra, tensors, match):
    with pytest.raises(ModelConfigError, match=match):
        DecoderConfig.from_gguf(_gguf_metadata("qwen3moe", **extra), tensors)


# ---------------------------------------------------------------------- broken checkpoints
@pytest.mark.parametrize("checkpoint", ["mixtral"], indirect=True)
def test_missing_expert_tensors_are_named(checkpoint, tmp_path):
    directory = str(tmp_path / "hf")
    shutil.copytree(checkpoint.directory, directory)
    weights = os.path.join(directory, "model.safetensors")
    tensors = dict(safetensors.numpy.load_file(weights))
    del tensors["model.layers.1.block_sparse_moe.experts.3.w3.weight"]
    del tensors["model.layers.0.block_sparse_moe.gate.weight"]
    safetensors.numpy.save_file(tensors, weights)
    with pytest.raises(ModelConfigError, match=r"2 tensors.*missing.*"
                       r"model.layers.0.block_sparse_moe.gate.weight, "
                       r"model.layers.1.block_sparse_moe.experts.3.w3.weight"):
        load_decoder(directory, device="reference")
    path = str(tmp_path / "model.gguf")
    with one_torch_thread():
        write_gguf(checkpoint.reference, make_tokenizer(), path, F32,
                   drop=("blk.1.ffn_down_exps.weight",))
    with pytest.raises(ModelConfigError, match="1 tensors.*missing.*blk.1.ffn_down_exps.weight"):
        load_decoder(path, device="reference")
