"""``python -m bench extents``: one program for every size against a program per size.

    python -m bench extents [--threads N] [--repeat R] [--bound B S]
                            [--decoder-weights gguf|gguf-int8|f32] [--markdown]

MiniLM (``build_bert_encoder`` on the installed package's weights, device cpu) is
compiled once with symbolic batch and sequence dimensions (``rlx.Dim``, bounds
``--bound``, default 32 x 128: ``SentenceEncoder``'s defaults), and once per
(batch, sequence) size with fixed dimensions. Both run the same token ids (every
position real) side by side in rotating rounds (the micro harness's ``measure``);
outputs are compared first (max abs difference printed). The table gives median
milliseconds and symbolic / exact (1.0: the shorter input costs what a program
compiled for its size does).

Then SmolLM2's prefill (``load_decoder`` on the installed GGUF file, batch 1): the
model's one program for empty caches (symbolic new tokens up to its 256-token chunk)
against a program compiled for each prompt length (``build_decoder_step`` with a fixed
length, sharing the model's weights), on the same prompt; a 500-token prompt is two
chunks for the model (256 fresh, then 244 appended by its second program) and one
500-token program. Each timed sample resets the cache first.
"""

from __future__ import annotations

import argparse
import dataclasses
import os

import numpy as np

import rlx
from bench import positive_int
from bench.__main__ import format_table, measure
from bench.peers import Runner

SIZES = ((1, 16), (1, 64), (1, 128), (8, 16), (8, 64), (8, 128))
PROMPTS = (8, 32, 128, 500)
DECODER_MAX_SEQ = 512


def add_arguments(parser: argparse.ArgumentParser) -> None:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    parser.add_argument("--threads", type=positive_int, default=usable, help="rlx threads")
    parser.add_argument("--repeat", type=positive_int, default=30, help="timed samples per program")
    parser.add_argument("--bound", type=positive_int, nargs=2,
                        default=(32, 128), metavar=("B", "S"),
                        help="the symbolic program's batch and sequence bounds")
    parser.add_argument("--decoder-weights", choices=("gguf", "gguf-int8", "f32"),
                        default="gguf", help="SmolLM2's weight format (rlx generate's "
                        "--weights)")
    parser.add_argument("--markdown", action="store_true", help="print the table as markdown")


def main(args: argparse.Namespace) -> int:
    from rlx.models.bert import (
        BertConfig,
        build_bert_encoder,
        load_bert_weights,
        minilm_model_dir,
    )

    model_dir = minilm_model_dir()
    config = BertConfig.from_file(os.path.join(model_dir, "config.json"))
    weights = load_bert_weights(os.path.join(model_dir, "model.safetensors"), config)
    options = rlx.CompileOptions(num_threads=args.threads)

    def compiled(batch, seq):
        cg = rlx.Session("cpu", options).compile(build_bert_encoder(config, batch, seq))
        for name in cg.param_types:
            cg.set_param(name, weights[name])
        return cg

    bound_b, bound_s = args.bound
    symbolic = compiled(rlx.Dim("batch", bound_b), rlx.Dim("seq", bound_s))
    rng = np.random.default_rng(0)
    rows = []
    for b, s in SIZES:
        if b > bound_b or s > bound_s:
            continue
        feeds = {"input_ids": rng.integers(1000, 20000, (b, s)),
                 "attention_mask": np.ones((b, s), np.int64),
                 "token_type_ids": np.zeros((b, s), np.int64)}
        exact = compiled(b, s)
        diff = float(np.abs(symbolic.run(feeds)[0] - exact.run(feeds)[0]).max())
        print(f"batch {b} seq {s}: max |symbolic - exact| = {diff:.2e}")
        medians = measure({"symbolic": Runner("symbolic", lambda f=feeds: symbolic.run(f)),
                           "exact": Runner("exact", lambda e=exact, f=feeds: e.run(f))},
                          1, args.repeat)
        rows.append([f"MiniLM batch {b} seq {s}", f"{medians['symbolic']:.2f}",
                     f"{medians['exact']:.2f}",
                     f"{medians['symbolic'] / medians['exact']:.2f}"])
    rows += _decoder_rows(args, options)
    print()
    print(format_table(["workload", "symbolic (ms)", "exact (ms)", "symbolic / exact"], rows,
                       args.markdown))
    return 0


def _decoder_rows(args: argparse.Namespace, options: rlx.CompileOptions) -> list[list[str]]:
    from rlx.models import load_decoder, smollm2_gguf_path
    from rlx.models.decoder import INPUTS, build_decoder_step

    try:
        path = smollm2_gguf_path()
    except rlx.RlxError as error:
        print(f"skipped SmolLM2: {error}")
        return []
    weights = None if args.decoder_weights == "f32" else args.decoder_weights
    model = load_decoder(path, max_seq=DECODER_MAX_SEQ, options=options,
                         weight_format=weights)
    model.reset(1)
    fresh = model._program("fresh")        # the model's own program, weights set
    ids = np.random.default_rng(1).integers(10, model.config.vocab_size, 500)
    rows = []
    for n in PROMPTS:
        prompt = ids[:n]
        graph = build_decoder_step(model.config, 1, n, DECODER_MAX_SEQ, False,
                                   model._layer_formats, x_int8=weights == "gguf-int8")
        exact = rlx.Session("cpu", dataclasses.replace(options, split_params=False)).compile(
            graph)
        if not exact.share_params_from(fresh):
            raise RuntimeError("the exact program does not take the model's weights")
        slots = [prompt.reshape(1, n), np.zeros(1, np.int64), np.array([n - 1])]
        slots += [np.zeros(t.shape, t.dtype.np) for name, t in exact.input_types.items()
                  if name not in INPUTS]

        def symbolic_run(p=prompt):
            model.reset(1)
            return model.prefill([p])

        want = exact.run_slots(slots)[0][0].copy()
        diff = float(np.abs(symbolic_run()[0] - want).max())
        print(f"SmolLM2 prefill {n}: max |symbolic - exact| logits = {diff:.2e}")
        medians = measure({"symbolic": Runner("symbolic", symbolic_run),
                           "exact": Runner("exact", lambda e=exact, s=slots: e.run_slots(s))},
                          1, max(3, args.repeat // 5))
        rows.append([f"SmolLM2 {args.decoder_weights} prefill {n}",
                     f"{medians['symbolic']:.2f}", f"{medians['exact']:.2f}",
                     f"{medians['symbolic'] / medians['exact']:.2f}"])
    return rows
