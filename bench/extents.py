"""``python -m bench extents``: one program for every size against a program per size.

    python -m bench extents [--threads N] [--repeat R] [--bound B S] [--markdown]

MiniLM (``build_bert_encoder`` on the installed package's weights, device cpu) is
compiled once with symbolic batch and sequence dimensions (``rlx.Dim``, bounds
``--bound``, default 32 x 128: ``SentenceEncoder``'s defaults), and once per
(batch, sequence) size with fixed dimensions. Both run the same token ids (every
position real) side by side in rotating rounds (the micro harness's ``measure``);
outputs are compared first (max abs difference printed). The table gives median
milliseconds and symbolic / exact (1.0: the shorter input costs what a program
compiled for its size does).
"""

from __future__ import annotations

import argparse
import os

import numpy as np

import rlx
from bench.__main__ import format_table, measure
from bench.peers import Runner

SIZES = ((1, 16), (1, 64), (1, 128), (8, 16), (8, 64), (8, 128))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    parser.add_argument("--threads", type=int, default=usable, help="rlx threads")
    parser.add_argument("--repeat", type=int, default=30, help="timed samples per program")
    parser.add_argument("--bound", type=int, nargs=2, default=(32, 128), metavar=("B", "S"),
                        help="the symbolic program's batch and sequence bounds")
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
    print()
    print(format_table(["workload", f"symbolic <= {bound_b}x{bound_s} (ms)", "exact (ms)",
                        "symbolic / exact"], rows, args.markdown))
    return 0
