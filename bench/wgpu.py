"""``python -m bench wgpu``: the wgpu device beside the cpu device and PyTorch.

    python -m bench wgpu [--threads N] [--repeat R] [--only minilm|decoder] [--quick]
                         [--no-torch] [--markdown]

The same models on three frameworks in one process: rlx on the ``wgpu`` device
(WebGPU through the ``wgpu`` package), rlx on the ``cpu`` device and PyTorch eager
(CPU). The adapter is printed first (``WgpuBackend.describe()``); without one the
command says why and exits 0.

**MiniLM** (``SentenceEncoder.from_pretrained(device=..., max_length=L, max_batch=B)``,
then ``.encode(texts)``), batch 1 and 8 at ``L`` = 16 tokens (every text fills them):
texts in, embeddings out, so rlx's time includes its tokeniser; the PyTorch peer
(:func:`bench.models._torch_embedder`, transformers' ``BertModel`` with the same
pooling) runs the same tokeniser in its call. Embeddings of wgpu and torch are
compared with cpu's.

**SmolLM2-135M** (``load_decoder(smollm2_gguf_path(), device=..., max_seq=64,
prefill_chunk=16)``, float32 weights dequantised from the GGUF; the peer is
transformers on the same file, :func:`bench.models._transformers_decoder`): prefill of
a 16-token prompt, and one greedy decode step after it (:class:`bench.models._DecodeLoop`,
context 17 to 64 tokens), as tokens per second. wgpu's prefill logits are compared with
cpu's, and the greedy tokens every framework decoded while timed with cpu's.

Timing: each framework in turn warms up (``WARM_SECONDS``, at least one call), then
runs ``R`` timed calls (wgpu; on lavapipe a decode step takes seconds) or
``max(R, 20)`` (cpu and torch, which take milliseconds); the table gives
medians and the ratios of wgpu's time to cpu's and to torch's (above 1: wgpu is
slower). Threads: rlx ``CompileOptions(num_threads)``, ``torch.set_num_threads``, and
lavapipe's ``LP_NUM_THREADS`` when it is not set already (the driver reads it when the
adapter opens, so a process that opened it before keeps its count).

Exit status 1 when wgpu's results disagree with cpu's (embeddings beyond
``MINILM_ATOL``, logits beyond ``LOGIT_ATOL`` or another greedy token).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import importlib.metadata
import os
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

import rlx
from bench import positive_int
from bench.__main__ import WARM_SECONDS, format_table, machine_description
from bench.models import (
    Row,
    _DecodeLoop,
    _embedding_agreement,
    _first_line,
    _installed,
    _rlx_decoder,
    _torch_embedder,
    _torch_minilm,
    _transformers_decoder,
    decoder_files,
    encode_feeds,
    framework_cells,
    minilm_texts,
    prompt_for,
)
from bench.peers import Runner, TorchPeer
from rlx.frontends.tokenizer import load_tokenizer
from rlx.models import SentenceEncoder, minilm_model_dir
from rlx.runtime.devices import backend_class

FRAMEWORKS = ("rlx wgpu", "rlx cpu", "torch")
DEVICES = {"rlx wgpu": "wgpu", "rlx cpu": "cpu"}
LOGIT_ATOL = 1e-3      # wgpu's logits against cpu's (the devices sum in different orders)


@dataclass(frozen=True)
class Sizes:
    """What one run measures: MiniLM batches at ``seq_len`` tokens; SmolLM2 with a
    cache of ``max_seq``, a prompt of ``prompt`` tokens in one ``prefill_chunk``; cpu
    and torch get at least ``fast_samples`` timed calls (they take milliseconds)."""

    batches: tuple[int, ...] = (1, 8)
    seq_len: int = 16
    max_seq: int = 64
    prompt: int = 16
    prefill_chunk: int = 16
    fast_samples: int = 20


QUICK = Sizes(batches=(1,), seq_len=8, max_seq=16, prompt=4, prefill_chunk=4, fast_samples=1)


# --------------------------------------------------------------------------- timing
def median_ms(call: Callable[[], object], samples: int) -> float:
    """Median ms of ``samples`` calls after WARM_SECONDS of untimed calls (at least one)."""
    warm_until = time.perf_counter() + WARM_SECONDS
    call()
    while time.perf_counter() < warm_until:
        call()
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return float(np.median(times)) * 1e3


def measure_each(runners: dict[str, Runner], sizes: Sizes, repeat: int) -> dict[str, float]:
    """Median ms per framework: ``repeat`` calls on wgpu, at least
    ``sizes.fast_samples`` on the others."""
    return {name: median_ms(runner.call, repeat if name == "rlx wgpu"
                            else max(repeat, sizes.fast_samples))
            for name, runner in runners.items()}


def _prepare(makers: dict[str, Callable[[], Runner] | None], row: Row,
             log: Callable[[str], None]) -> tuple[dict[str, Runner], dict[str, np.ndarray]]:
    """Runners of the frameworks that can run, and their first call's output (that call
    compiles and uploads; on lavapipe a call takes seconds, so it is not repeated for
    the agreement check); the others get a status in ``row``."""
    runners, outputs = {}, {}
    for name, make in makers.items():
        if make is None:
            row.status[name] = "n/a"
            continue
        try:
            runner = make()
            outputs[name] = np.array(runner.to_numpy(runner.call()), dtype=np.float64)
        except Exception as error:   # a framework's failure is reported, not fatal
            row.status[name] = "error"
            log(f"    {name}: error ({_first_line(error)})")
            continue
        runners[name] = runner
    return runners, outputs


# --------------------------------------------------------------------------- MiniLM
def _rlx_encoder(device: str, texts: list[str], sizes: Sizes, threads: int) -> Runner:
    encoder = SentenceEncoder.from_pretrained(
        device=device, max_length=sizes.seq_len, max_batch=len(texts),
        options=rlx.CompileOptions(num_threads=threads))
    return Runner(f"rlx {device}", lambda: encoder.encode(texts))


def _torch_encoder(embedder, tokenizer, texts: list[str], seq_len: int) -> Runner:
    """The torch embedder on ``texts``, tokenised in each call as rlx's encode does."""
    return Runner("torch", lambda: _torch_minilm(
        embedder, encode_feeds(tokenizer, texts, seq_len)).call(), lambda t: t.numpy())


def bench_minilm(sizes: Sizes, threads: int, repeat: int, use_torch: bool,
                 log: Callable[[str], None]) -> tuple[list[Row], list[str]]:
    """MiniLM rows and the disagreements of wgpu with cpu."""
    model_dir = minilm_model_dir()
    tokenizer = load_tokenizer(model_dir)
    embedder = _torch_embedder(model_dir) if use_torch and _installed("torch") else None
    rows, failures = [], []
    for batch in sizes.batches:
        row = Row(f"MiniLM-L6 batch {batch} x {sizes.seq_len} (ms)")
        log(f"[minilm b{batch}]")
        # about two words a token: every text fills seq_len (encode_feeds checks it)
        texts = minilm_texts(batch, words=2 * sizes.seq_len)
        encode_feeds(tokenizer, texts, sizes.seq_len)
        makers = {name: functools.partial(_rlx_encoder, device, texts, sizes, threads)
                  for name, device in DEVICES.items()}
        makers["torch"] = (functools.partial(_torch_encoder, embedder, tokenizer, texts,
                                             sizes.seq_len) if embedder else None)
        runners, outputs = _prepare(makers, row, log)
        if "rlx cpu" in runners:
            for name in [n for n in runners if n != "rlx cpu"]:
                line = _embedding_agreement(name, outputs["rlx cpu"], outputs[name], "rlx cpu")
                log(f"    {line}")
                if line.endswith("MISMATCH"):
                    row.status[name] = "MISMATCH"
                    del runners[name]
                    if name == "rlx wgpu":
                        failures.append(f"MiniLM batch {batch}: {line}")
        row.medians = measure_each(runners, sizes, repeat)
        rows.append(row)
    return rows, failures


# --------------------------------------------------------------------------- SmolLM2
def bench_smollm2(sizes: Sizes, threads: int, repeat: int, use_torch: bool,
                  log: Callable[[str], None]) -> tuple[list[Row], list[str]]:
    """Prefill and decode rows of SmolLM2-135M and the disagreements of wgpu with cpu."""
    files = decoder_files(["smollm2"], log)
    if not files:
        return [], []
    (file,) = files
    log(f"[smollm2] {file.title}: {file.path}")
    prefill_row = Row(f"SmolLM2-135M prefill {sizes.prompt} (ms)", per_second=sizes.prompt)
    decode_row = Row("SmolLM2-135M decode 1 token (ms)", per_second=1)
    makers = {name: functools.partial(_rlx_decoder, file, threads, "rlx", device,
                                      sizes.max_seq, prefill_chunk=sizes.prefill_chunk)
              for name, device in DEVICES.items()}
    makers["torch"] = ((lambda: _transformers_decoder(file)) if use_torch
                       and _installed("transformers") and _installed("torch") else None)
    peers = {}
    for name, make in makers.items():
        if make is None:
            prefill_row.status[name] = decode_row.status[name] = "n/a"
            continue
        try:
            peers[name] = dataclasses.replace(make(), name=name)
        except Exception as error:   # a framework's failure is reported, not fatal
            prefill_row.status[name] = decode_row.status[name] = "error"
            log(f"    {name}: error ({_first_line(error)})")
    prompt = prompt_for(load_tokenizer(file.path))[:sizes.prompt]
    failures = []
    prefill_runners, outputs = _prepare({name: (lambda name=name, p=p: Runner(
                                             name, lambda: p.prefill(prompt)))
                                         for name, p in peers.items()}, prefill_row, log)
    if "rlx cpu" in prefill_runners:
        ours = outputs["rlx cpu"]
        for name in [n for n in prefill_runners if n != "rlx cpu"]:
            theirs = outputs[name]
            diff = float(np.abs(theirs - ours).max())
            same = int(np.argmax(theirs)) == int(np.argmax(ours))
            log(f"    {name}: prefill logits max |diff| vs rlx cpu = {diff:.2e}, "
                f"same next token: {'yes' if same else 'NO'}")
            if name == "rlx wgpu" and (diff > LOGIT_ATOL or not same):
                failures.append(f"SmolLM2 prefill: wgpu's logits differ from cpu's by "
                                f"{diff:.3g} (tolerance {LOGIT_ATOL}), same token: {same}")
    prefill_row.medians = measure_each(prefill_runners, sizes, repeat)
    tokens: dict[str, list[int]] = {}

    def recording(name: str, loop: _DecodeLoop) -> Callable[[], int]:
        def call() -> int:
            tokens.setdefault(name, []).append(loop())
            return tokens[name][-1]
        return call

    decode_runners = {name: Runner(name, recording(name, _DecodeLoop(
                          lambda p=p: p.prefill(prompt), p.step, len(prompt), sizes.max_seq)))
                      for name, p in peers.items() if name in prefill_runners}
    decode_row.medians = measure_each(decode_runners, sizes, repeat)
    if "rlx cpu" in tokens:
        ours = tokens["rlx cpu"]
        for name in [n for n in tokens if n != "rlx cpu"]:
            n = min(len(ours), len(tokens[name]), sizes.max_seq - len(prompt))
            same = tokens[name][:n] == ours[:n]
            log(f"    {name}: its {n} greedy tokens while timed "
                f"{'equal' if same else 'DIFFER FROM'} rlx cpu's")
            if name == "rlx wgpu" and not same:
                failures.append(f"SmolLM2 decode: wgpu's greedy tokens {tokens[name][:n]} "
                                f"differ from cpu's {ours[:n]}")
    return [prefill_row, decode_row], failures


# --------------------------------------------------------------------------- the table
def table(rows: list[Row], markdown: bool) -> str:
    """Median ms per framework (tokens/s where the row counts them) and wgpu's time
    over cpu's and over torch's."""
    header = ["workload", *FRAMEWORKS, "wgpu / cpu", "wgpu / torch"]
    lines = []
    for row in rows:
        cells = [row.title, *framework_cells(row, FRAMEWORKS, rate_digits=1)]
        for other in ("rlx cpu", "torch"):
            both = "rlx wgpu" in row.medians and other in row.medians
            cells.append(f"{row.medians['rlx wgpu'] / row.medians[other]:.1f}"
                         if both else "-")
        lines.append(cells)
    return format_table(header, lines, markdown)


# --------------------------------------------------------------------------- main
def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m bench wgpu``."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    parser.add_argument("--threads", type=positive_int, default=usable,
                        help="threads for rlx cpu, torch and lavapipe (default: usable cores)")
    parser.add_argument("--repeat", type=positive_int, default=5,
                        help=f"timed calls on wgpu per row (cpu and torch: at least "
                             f"{Sizes.fast_samples})")
    parser.add_argument("--only", choices=("minilm", "decoder"),
                        help="run one of the two parts only")
    parser.add_argument("--quick", action="store_true",
                        help="smallest sizes, a quick check: MiniLM batch 1 x 8 tokens, "
                             "SmolLM2 with a 4-token prompt in a cache of 16")
    parser.add_argument("--no-torch", action="store_true",
                        help="leave PyTorch out (loading SmolLM2 into transformers takes "
                             "a while)")
    parser.add_argument("--markdown", action="store_true", help="print the table as markdown")


def _version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


@contextlib.contextmanager
def _lavapipe_threads(threads: int):
    """LP_NUM_THREADS=threads within the block unless it is set already (lavapipe reads
    it when the adapter opens); yields the value in force."""
    previous = os.environ.get("LP_NUM_THREADS")
    if previous is None:
        os.environ["LP_NUM_THREADS"] = str(threads)
    try:
        yield os.environ["LP_NUM_THREADS"]
    finally:
        if previous is None:
            os.environ.pop("LP_NUM_THREADS", None)


def main(args: argparse.Namespace) -> int:
    """Run the benchmark; print the adapter, agreement lines and the table."""
    backend = backend_class("wgpu")()
    with _lavapipe_threads(args.threads) as lavapipe_threads:
        ok, why = backend.available()     # opens the adapter, once per process
    if not ok:
        print(f"the wgpu device is not available here: {why}")
        return 0
    if _installed("transformers"):
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()
        transformers_logging.set_verbosity_error()
    sizes = QUICK if args.quick else Sizes()
    print(f"machine: {machine_description()}")
    print(f"wgpu: {backend.describe()}, wgpu {_version('wgpu')}, "
          f"LP_NUM_THREADS={lavapipe_threads} (read when the adapter opens)")
    print(f"versions: rlx {rlx.__version__}, torch {_version('torch')}, "
          f"transformers {_version('transformers')}")
    print(f"threads: {args.threads}; timed calls per row after warm-up: wgpu {args.repeat}, "
          f"cpu and torch {max(args.repeat, sizes.fast_samples)}")
    rows, failures = [], []
    with TorchPeer().limit_threads(args.threads) if _installed("torch") \
            else contextlib.nullcontext():
        for part, run in (("minilm", bench_minilm), ("decoder", bench_smollm2)):
            if args.only in (None, part):
                part_rows, part_failures = run(sizes, args.threads, args.repeat,
                                               not args.no_torch, print)
                rows += part_rows
                failures += part_failures
    print("\nmedian ms per call (tokens/s); wgpu / x: wgpu's time over x's\n"
          + table(rows, args.markdown))
    if failures:
        print("\nFAILED: wgpu disagrees with cpu:\n  " + "\n  ".join(failures))
        return 1
    return 0
