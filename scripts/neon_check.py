"""Does the cpu device's ``neon`` tier work? Cross-compile its C for aarch64, run it
under qemu, and compare with the reference device.

The cpu device renders a graph as one C file whose kernels are written once against
the vector shim of ``csrc/prelude.h`` (``rlx_vf``: 4 lanes and ``vfmaq_f32`` on NEON);
the ISA tier only picks the compiler's target flags (``rlx.backends.cpu.isa``). This
script shows that the NEON branch compiles and computes the same values as the
reference device, on a machine without an Arm core:

1. it builds the op suite: one small graph per op the cpu backend claims
   (``rlx.backends.cpu.kernels.SUPPORTED``; the graphs of
   ``scripts/codegen_replay.py``), plus products with ragged packed-GEMM tiles
   (37 x 64 @ 64 x 50 + bias, gelu; three k blocks; a transposed weight), a longer
   attention, an MLP block and the ResNet-style blocks of the replay corpus;
2. it renders each program of a case (the prepare program when params are split off,
   then the main one) as ``CpuBackend.compile`` does (the pass pipeline, then
   ``render_program``), in one compile part, and writes the slot table as a manifest
   for ``csrc/standalone_main.c``, a driver that reads each input, param and constant
   from a file, calls ``rlx_set_threads``, ``rlx_keep_bytes`` and ``rlx_run`` (twice: the
   second run finds the weights repacked) and writes the outputs;
3. it cross-compiles the C with ``aarch64-linux-gnu-gcc`` and the flags of
   ``rlx.backends.cpu.toolchain.BASE_FLAGS`` (less ``-fPIC -shared``), the target
   ``-march=armv8.2-a+dotprod`` (the neon tier is ``-march=native`` on an Arm host);
   graphs that call BLAS link the driver's portable ``scipy_cblas_*`` routines
   (``-DRLX_PORTABLE_CBLAS``) in place of the host's x86 OpenBLAS;
4. it runs each program under ``qemu-aarch64`` (the prepare program's outputs feed the
   main program's boundary inputs) and compares the outputs with the reference
   device's at the tolerances of ``tests/helpers.tol``: ints and bools exactly, floats
   within rtol * |ref| + atol (nan where the reference has nan, infinities equal); in
   a case with products (matmul, conv, attention, dequant_matmul) also + rtol * max
   |ref|, because the reference sums the products in another order, so an output
   near zero carries the rounding error of its largest terms.

It prints a line per case and ``neon: N passed, M failed, K skipped``; the exit status is
1 when any case fails (2 when the cross toolchain is missing).

Needs (Debian/Ubuntu)::

    apt-get install -y gcc-aarch64-linux-gnu libgomp1-arm64-cross qemu-user

Usage::

    python scripts/neon_check.py                   # every case
    python scripts/neon_check.py --ops 'op_soft*' --ops linear   # cases matching
    python scripts/neon_check.py --jobs 2          # compile and run two cases at once
    python scripts/neon_check.py --list            # the cases; build nothing
    python scripts/neon_check.py --keep /tmp/neon  # keep the sources, binaries and data
    python scripts/neon_check.py --cc clang        # the generated C compiled by clang

``--ops PATTERN`` (repeatable) keeps the cases whose name (``op_<op>`` for an op's case)
or op matches the glob, or contains it. ``--threads`` (default 2) is the thread count
the C is rendered and run with (OpenMP threads under qemu); ``--opt O2`` the optimisation
level (default that of BASE_FLAGS, -O3); ``--march`` the target (``armv8-a``: the generic
tier's). ``--cc clang`` compiles the generated C with ``clang --target=aarch64-linux-gnu``
(``-fopenmp=libgomp``; the driver and the link stay with the cross gcc): the compiler
family of Arm Macs.
"""

from __future__ import annotations

import argparse
import fnmatch
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import numpy as np

import rlx
from rlx.backends.cpu import toolchain
from rlx.backends.cpu.backend import CpuBackend
from rlx.backends.cpu.kernels import SUPPORTED
from rlx.backends.cpu.kernels import collective as collective_kernels
from rlx.backends.cpu.kernels import lapack as lapack_kernels
from rlx.backends.cpu.render import RenderContext
from rlx.backends.numpy_kernels import evaluate_node
from rlx.errors import GraphBuildError
from rlx.ir.graph import Graph
from rlx.ir.quantized import PackedLayout, pack_weight
from rlx.passes.extents import EXTENT_INPUT_PREFIX, graph_symbols
from rlx.passes.program import Program
from rlx.runtime.replay import run_passes

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CROSS_CC = "aarch64-linux-gnu-gcc"
CLANG = "clang"
CLANG_TARGET = "aarch64-linux-gnu"
QEMU = "qemu-aarch64"
SYSROOT = "/usr/aarch64-linux-gnu"
MARCH = "armv8.2-a+dotprod"
APT_HINT = "apt-get install -y gcc-aarch64-linux-gnu libgomp1-arm64-cross qemu-user"
THREADS = 2
RUNS = 2
SEED = 0
RUN_TIMEOUT = 600
DRIVER = "standalone_main.c"
CBLAS_HEADER = ('#define RLX_STANDALONE_DECLARATIONS_ONLY 1\n'
                f'#include "{DRIVER}"\n')
_NOT_TARGET_FLAGS = {"-fPIC", "-shared"}
OMP_DECLARATIONS = """\
/* the OpenMP API the generated C calls (GCC's omp.h does not parse with clang) */
void omp_set_num_threads(int n);
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
"""

TOLERANCES = {"float16": (2e-3, 2e-3), "bfloat16": (1.6e-2, 1.6e-2),
              "float32": (2e-5, 2e-6), "float64": (1e-12, 1e-12)}
"""(rtol, atol) of outputs stored in each float dtype: tests/helpers.py's ``tol``."""

PRODUCT_OPS = frozenset({"matmul", "conv", "attention", "dequant_matmul", "fft", "rfft",
                         "irfft"})
"""Ops summing many products: a case holding one compares with the output's magnitude
in the absolute tolerance."""

GGML_F16_FIELDS = {"q8_0": (0,), "q4_0": (0,), "q4_1": (0, 2), "q5_0": (0,),
                   "q5_1": (0, 2), "q4_k": (0, 2), "q5_k": (0, 2), "q6_k": (208,)}
"""Byte offsets of the fp16 scale / min fields in each GGML block (GGML's layouts)."""


# --------------------------------------------------------------------------- toolchain

def toolchain_missing(cc: str = "gcc") -> str | None:
    """Why the cross toolchain (with ``cc`` "clang": clang too) cannot run here, or None
    when it can."""
    tools = (CROSS_CC, QEMU) + ((CLANG,) if cc == "clang" else ())
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        return f"{' and '.join(missing)} not on PATH (install: {APT_HINT})"
    if not os.path.isdir(SYSROOT):
        return f"no aarch64 sysroot at {SYSROOT} (install: {APT_HINT})"
    return None


def compile_flags(opt: str | None = None, march: str = MARCH) -> list[str]:
    """The cpu device's compile flags (toolchain.BASE_FLAGS, less those of a shared
    object) with ``opt`` in place of its optimisation level and the aarch64 target."""
    flags = [f for f in toolchain.BASE_FLAGS if f not in _NOT_TARGET_FLAGS]
    if opt is not None:
        flags = [opt if f.startswith("-O") else f for f in flags]
    return flags + [f"-march={march}"]


def driver_source_dir() -> Path:
    return Path(str(resources.files("rlx.backends.cpu.csrc").joinpath(DRIVER))).parent


def _run(cmd: Sequence[str], timeout: float, env: dict[str, str] | None = None
         ) -> tuple[int, str]:
    try:
        proc = subprocess.run(list(cmd), capture_output=True, text=True, timeout=timeout,
                              env=env)
    except subprocess.TimeoutExpired:
        return 124, f"timed out after {timeout:.0f} s: {' '.join(cmd)}"
    return proc.returncode, proc.stdout + proc.stderr


def build_driver(work: Path, flags: Sequence[str]) -> Path:
    """The driver's object file (with the portable BLAS routines) in ``work``."""
    obj = work / "standalone_main.o"
    cmd = [CROSS_CC, *flags, "-DRLX_PORTABLE_CBLAS", "-c",
           str(driver_source_dir() / DRIVER), "-o", str(obj)]
    rc, out = _run(cmd, 300)
    if rc != 0:
        raise RuntimeError(f"the driver did not compile:\n{' '.join(cmd)}\n{out}")
    return obj


# --------------------------------------------------------------------------- cases

def _load_replay():
    """scripts/codegen_replay.py as a module (its op graphs and ResNet blocks)."""
    name = "codegen_replay"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(os.path.dirname(os.path.abspath(__file__)), "codegen_replay.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module          # dataclasses look the module up
    spec.loader.exec_module(module)
    return module


def _linear_gelu_tails() -> Graph:
    """37 x 64 @ 64 x 50 + bias, gelu: a short last sliver and a part panel."""
    g = rlx.Graph("linear_gelu_tails")
    x = g.input("x", (37, 64), "f32")
    g.set_outputs([rlx.gelu(x @ g.param("w", (64, 50)) + g.param("b", (50,)))])
    return g


def _linear_k_blocks() -> Graph:
    """130 x 1000 @ 1000 x 33 + bias, relu: three k blocks (the last short), a column past
    a panel."""
    g = rlx.Graph("linear_k_blocks")
    x = g.input("x", (130, 1000), "f32")
    g.set_outputs([rlx.relu(x @ g.param("w", (1000, 33)) + g.param("b", (33,)))])
    return g


def _linear_transposed() -> Graph:
    """x @ w.T with w a param: the transpose runs in the prepare program."""
    g = rlx.Graph("linear_transposed")
    x = g.input("x", (25, 16), "f32")
    w = g.param("w", (300, 16))
    g.set_outputs([x @ w.T + g.param("b", (300,)), rlx.silu(x @ w.T)])
    return g


def _attention_long() -> Graph:
    """Attention with 70 queries over 130 keys (row blocks and ragged tiles), grouped
    heads, a mask, a bias and a window."""
    g = rlx.Graph("attention_long")
    q = g.input("q", (2, 8, 70, 64), "f32")
    k, v = g.input("k", (2, 4, 130, 64), "f32"), g.input("v", (2, 4, 130, 64), "f32")
    keep = g.input("keep", (2, 1, 70, 130), "bool")
    bias = g.input("bias", (1, 8, 70, 130), "f32")
    return _with_outputs(g, [rlx.attention(q, k, v, keep), rlx.attention(q, k, v, bias),
                             rlx.attention(q, k, v, window=17)])


def _mlp_block() -> Graph:
    """A transformer MLP: layer norm, linear, gelu_tanh, linear, residual, then a row
    softmax of a product of activations."""
    g = rlx.Graph("mlp_block")
    x = g.input("x", (3, 24, 96), "f32")
    h = rlx.layer_norm(x, g.param("ln.g", (96,)), g.param("ln.b", (96,)), 1e-5)
    h = rlx.gelu_tanh(h @ g.param("fc1.w", (96, 200)) + g.param("fc1.b", (200,)))
    y = x + (h @ g.param("fc2.w", (200, 96)) + g.param("fc2.b", (96,)))
    scores = rlx.softmax(y @ rlx.transpose(y, (0, 2, 1)), -1)
    return _with_outputs(g, [y, scores])


def _with_outputs(g: Graph, outputs: list) -> Graph:
    g.set_outputs(outputs)
    return g


EXTRA_CASES: dict[str, tuple[Callable[[], Graph], frozenset[str]]] = {
    "linear_gelu_tails": (_linear_gelu_tails, frozenset({"matmul", "add", "gelu"})),
    "linear_k_blocks": (_linear_k_blocks, frozenset({"matmul", "add", "relu"})),
    "linear_transposed": (_linear_transposed, frozenset({"matmul", "transpose"})),
    "attention_long": (_attention_long, frozenset({"attention"})),
    "mlp_block": (_mlp_block, frozenset({"layer_norm", "matmul", "gelu_tanh", "softmax"})),
    "resnet_blocks": (lambda: _load_replay().resnet_graph(),
                      frozenset({"conv", "max_pool2d", "relu", "mean", "matmul"})),
}


@dataclass
class CaseSpec:
    name: str
    build: Callable[[], Graph]
    ops: frozenset[str]


def cases() -> dict[str, CaseSpec]:
    """Case name -> its spec: ``op_<op>`` for every claimed op with a graph in
    scripts/codegen_replay.py, then the extra cases."""
    replay = _load_replay()
    out = {}
    for op in sorted(replay.OP_BUILDERS):
        out[f"op_{op}"] = CaseSpec(f"op_{op}", lambda op=op: replay._op_graph(op),
                                   frozenset({op}))
    for name, (build, ops) in EXTRA_CASES.items():
        out[name] = CaseSpec(name, build, ops)
    return out


LAPACK_OPS = frozenset(lapack_kernels.OP_RENDERERS)
LAPACK_REASON = ("calls LAPACK, which the portable driver does not provide (on an Arm host "
                 "the neon tier links the scipy-openblas32 wheel's, as x86 does)")
"""The dense linear algebra ops: their kernels are LAPACK calls, skipped here."""


COLLECTIVE_OPS = frozenset(collective_kernels.OP_RENDERERS)
COLLECTIVE_REASON = ("calls back into the Python process for the collective (a process group "
                     "of workers), which the portable driver does not have")
"""The collective ops: their kernels call the host, skipped here."""


def uncovered_ops() -> list[str]:
    """Claimed ops without a case of their own (reported as skipped)."""
    return sorted(set(SUPPORTED) - set(_load_replay().OP_BUILDERS))


def select(specs: Sequence[CaseSpec], patterns: Sequence[str] | None) -> list[CaseSpec]:
    """The specs whose name or an op matches a pattern (glob or substring); all without
    patterns."""
    if not patterns:
        return list(specs)

    def hit(text: str, p: str) -> bool:
        return fnmatch.fnmatchcase(text, p) or p in text

    return [s for s in specs
            if any(hit(s.name, p) or any(fnmatch.fnmatchcase(op, p) for op in s.ops)
                   for p in patterns)]


# --------------------------------------------------------------------------- feeds

def _consumers(graph: Graph, nid: int) -> list[tuple[int, int]]:
    """(consumer node id, operand position) of every use of ``nid``."""
    return [(i, pos) for i, node in enumerate(graph.nodes)
            for pos, src in enumerate(node.inputs) if src == nid]


def _index_bound(graph: Graph, nid: int) -> tuple[int, bool] | None:
    """(bound, unique) when ``nid`` is used as indices: values must lie in [0, bound)
    (and be distinct when ``unique``); None otherwise."""
    for user, pos in _consumers(graph, nid):
        node = graph.nodes[user]
        if node.op == "cached_attention" and pos == 5:      # past_len: at most C
            return graph.nodes[node.inputs[3]].shape[2] + 1, False
        if node.op == "dequant_gather" and pos == 0:
            return node.attr("n"), False
        if pos != 1 and node.op != "one_hot":
            continue
        if node.op == "gather":
            data = graph.nodes[node.inputs[0]].shape
            return data[node.attr("axis") % len(data)], False
        if node.op == "one_hot":
            return node.attr("depth"), False
        if node.op == "scatter_add":
            return node.attr("size"), False
        if node.op == "scatter_update":
            return graph.nodes[node.inputs[0]].shape[0], True
        if node.op == "grouped_matmul":                    # expert ids: [0, E)
            return graph.nodes[node.inputs[2]].shape[0], False
        if node.op == "softmax_cross_entropy":
            return graph.nodes[node.inputs[0]].shape[-1], False
    return None


def _feeds_bitcast(graph: Graph, nid: int) -> bool:
    return any(graph.nodes[u].op == "bitcast" for u, _ in _consumers(graph, nid))


def _packed_params(graph: Graph, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Values of dequant_matmul's packed params: rlx's schemes packed from random
    weights, GGML blocks as random bytes with finite fp16 fields (below 2 in magnitude)."""
    out = {}
    for node in graph.nodes:
        if node.op != "dequant_matmul":
            continue
        scheme, n, k, block = (node.attr(a) for a in ("scheme", "n", "k", "block"))
        names = [graph.nodes[i].attr("name") for i in node.inputs[1:]]
        layout = PackedLayout.of(scheme, n, k, block)
        if layout.ggml:
            raw = rng.integers(0, 256, (n, layout.row_bytes), np.uint8)
            blocks = raw.reshape(-1, layout.scheme.block_bytes)
            for start in GGML_F16_FIELDS.get(scheme, ()):
                blocks[:, start + 1] &= 0xBF          # clear the exponent's top bit
            out[names[0]] = raw
            continue
        w = (rng.standard_normal((n, k)) * np.exp(rng.uniform(-2, 2, (n, 1))))
        try:
            packed = pack_weight(w.astype(np.float32), scheme, block)
        except GraphBuildError:                       # per-channel: no block
            packed = pack_weight(w.astype(np.float32), scheme)
        for suffix, name in zip(layout.operand_names(), names):
            out[name] = packed[suffix]
    return out


def make_feeds(graph: Graph, seed: int = 0) -> dict[str, np.ndarray]:
    """Random values for every input and param of ``graph``: floats standard normal,
    indices within their bound, other ints in [-20, 20] ([0, 40] unsigned), bools fair
    coins, packed weights valid; and each symbolic dimension's hidden extent input at
    the symbol's bound (the shapes the reference runs)."""
    rng = np.random.default_rng(seed)
    feeds = _packed_params(graph, rng)
    for nid, node in enumerate(graph.nodes):
        if node.op not in ("input", "param"):
            continue
        name = node.attr("name")
        if name in feeds:
            continue
        dt, shape = node.dtype, node.shape
        npdt = np.dtype(dt.np)
        if dt.is_float:
            value = rng.standard_normal(shape).astype(npdt)
        elif npdt == np.bool_:
            value = rng.random(shape) < 0.5
        elif _feeds_bitcast(graph, nid) and npdt.itemsize == 4:
            value = rng.standard_normal(shape).astype(np.float32).view(npdt)
        else:
            bound = _index_bound(graph, nid)
            if bound is not None and bound[1]:
                value = rng.permutation(bound[0])[:int(np.prod(shape))].reshape(shape)
            elif bound is not None:
                value = rng.integers(0, bound[0], shape)
            elif np.issubdtype(npdt, np.signedinteger):
                value = rng.integers(-20, 21, shape)
            else:
                value = rng.integers(0, 41, shape)
        feeds[name] = np.ascontiguousarray(np.asarray(value).astype(npdt))
    for symbol, bound in graph_symbols(graph).items():
        feeds[EXTENT_INPUT_PREFIX + symbol] = np.array(bound, np.int64)
    return feeds


def reference_outputs(graph: Graph, feeds: dict[str, np.ndarray], seed: int = SEED
                      ) -> list[np.ndarray]:
    """The reference device's outputs of ``graph`` on ``feeds``."""
    opts = rlx.CompileOptions(rng=rlx.RngOptions(seed=seed))
    cg = rlx.Session("reference", opts).compile(graph)
    for name, _ in graph.params:
        cg.set_param(name, feeds[name])
    outs = cg.run({name: feeds[name] for name, _ in graph.inputs})
    return [np.array(o, copy=True) for o in outs]


# --------------------------------------------------------------------------- rendering

@dataclass
class RenderedProgram:
    """One program's C and the slot table it was rendered with."""

    name: str                     # "prepare" or "main"
    program: Program
    source: str
    ctx: RenderContext

    @property
    def blas(self) -> bool:
        return "blas" in self.ctx.features


@dataclass
class PreparedCase:
    """A case ready to build: its programs (prepare first), boundary names, feeds and the
    reference's outputs."""

    name: str
    programs: list[RenderedProgram]
    boundary: list[str]
    feeds: dict[str, np.ndarray]
    expected: list[np.ndarray]
    products: bool = False        # the graph sums products (PRODUCT_OPS)
    seconds: float = 0.0


def render_programs(graph: Graph, threads: int = THREADS) -> tuple[list[RenderedProgram],
                                                                      list[str]]:
    """The C of each program of ``graph`` (prepare first, when params are split off) as
    ``CpuBackend.compile`` renders it, in one compile part, and the boundary: the main
    program's input names that the prepare program's outputs feed, in output order."""
    options = rlx.CompileOptions(num_threads=threads)
    result = run_passes(graph, options)
    programs = []
    named = [("main", result.program)]
    if result.prepare is not None:
        named.insert(0, ("prepare", result.prepare))
    for name, program in named:
        source, ctx, _ = CpuBackend().render(program, options.backend_options(), threads,
                                             max_parts=1)
        programs.append(RenderedProgram(name, program, source, ctx))
    boundary = list(result.split.boundary) if result.prepare is not None else []
    return programs, boundary


def prepare_case(spec: CaseSpec, threads: int = THREADS, seed: int = SEED) -> PreparedCase:
    """Build the case's graph, its feeds and the reference's outputs, and render it."""
    t0 = time.perf_counter()
    graph = spec.build()
    feeds = make_feeds(graph, seed)
    expected = reference_outputs(graph, feeds, seed)
    programs, boundary = render_programs(spec.build(), threads)
    products = any(node.op in PRODUCT_OPS for node in graph.nodes)
    return PreparedCase(spec.name, programs, boundary, feeds, expected, products,
                        time.perf_counter() - t0)


def write_manifest(rp: RenderedProgram, case_dir: Path, feeds: dict[str, np.ndarray],
                   boundary_files: dict[str, Path], threads: int, runs: int, seed: int
                   ) -> tuple[Path, list[Path]]:
    """The driver's manifest for ``rp`` (module docstring of csrc/standalone_main.c) and
    its data files in ``case_dir``; returns the manifest and the output files, in
    output order."""
    graph = rp.program.graph
    lines = [f"{rp.ctx.arena_bytes} {threads} {runs} "
             f"{int(np.uint64(seed).view(np.int64))}"]
    outputs: list[Path] = []
    for i, slot in enumerate(rp.ctx.slots):
        node = graph.nodes[slot.node]
        nbytes = node.type.nbytes
        path = case_dir / f"{rp.name}_slot{i}.bin"
        if slot.kind == "output":
            lines.append(f"w {nbytes} {path}")
            outputs.append(path)
            continue
        if slot.kind == "fixed":
            lines.append(f"z {nbytes} -")
            continue
        if slot.kind == "input" and slot.name in boundary_files:
            lines.append(f"r {nbytes} {boundary_files[slot.name]}")
            continue
        if slot.kind in ("input", "param"):
            array = feeds[slot.name]
        else:
            array = evaluate_node(node, [], node_id=slot.node)
        array = np.ascontiguousarray(np.asarray(array).astype(node.dtype.np, copy=False))
        if array.nbytes != nbytes:
            raise ValueError(f"{rp.name} slot {i} ({slot.kind} {slot.name}): {array.nbytes} "
                             f"bytes given, {nbytes} expected")
        path.write_bytes(array.tobytes())
        lines.append(f"r {nbytes} {path}")
    manifest = case_dir / f"{rp.name}.manifest"
    manifest.write_text("\n".join(lines) + "\n")
    return manifest, outputs


# --------------------------------------------------------------------------- compare

def compare(got: np.ndarray, want: np.ndarray, products: bool = False
            ) -> tuple[str | None, float]:
    """(None when ``got`` matches the reference's ``want``, else why not; the largest
    error over the tolerance of a finite element, 0 for exact dtypes). Module docstring;
    ``products``: the absolute tolerance grows with the output's magnitude."""
    if got.shape != want.shape or got.dtype != want.dtype:
        return f"shape/dtype {got.shape} {got.dtype}, reference {want.shape} {want.dtype}", 0.0
    if want.dtype.kind == "c":            # real and imaginary parts as floats of its width
        part = np.dtype(f"f{want.dtype.itemsize // 2}")
        return compare(np.ascontiguousarray(got).view(part),
                       np.ascontiguousarray(want).view(part), products)
    name = np.dtype(want.dtype).name
    if name not in TOLERANCES:
        bad = got != want
        if not bad.any():
            return None, 0.0
        idx = tuple(int(i) for i in np.argwhere(bad)[0])
        return (f"{int(bad.sum())} of {bad.size} elements differ (exact dtype {name}), "
                f"first at {idx}: {got[idx].item()!r} vs {want[idx].item()!r}"), 0.0
    rtol, atol = TOLERANCES[name]
    g, w = got.astype(np.float64), want.astype(np.float64)
    finite = np.isfinite(w)
    special = ~finite & ~(np.isnan(w) & np.isnan(g)) & (g != w)
    scale = float(np.max(np.abs(w[finite]))) if products and finite.any() else 0.0
    with np.errstate(invalid="ignore"):
        err = np.where(finite, np.abs(g - w), 0.0)
        allowed = rtol * np.abs(w) + atol + rtol * scale
        bad = special | (finite & ~(err <= allowed))
        ratio = np.where(finite & ~np.isnan(g), err / allowed, 0.0)
    worst = float(np.max(ratio)) if ratio.size else 0.0
    if not bad.any():
        return None, worst
    idx = tuple(int(i) for i in np.argwhere(bad)[0])
    return (f"{int(bad.sum())} of {bad.size} elements out of tolerance ({name}: rtol {rtol}, "
            f"atol {atol} + rtol * {scale:.3g}), first at {idx}: {g[idx]:.9g} vs "
            f"{w[idx]:.9g}; worst finite err/allowed {worst:.3g}"), worst


# --------------------------------------------------------------------------- build and run

@dataclass
class CaseResult:
    name: str
    status: str                   # pass | fail | skip
    detail: str = ""
    seconds: dict[str, float] = field(default_factory=dict)
    worst: float = 0.0            # largest error / tolerance of a float output element


@dataclass
class Build:
    """What building and running needs: the work folder, flags and driver object."""

    work: Path
    flags: list[str]
    driver: Path
    cc: str = "gcc"               # compiler of the generated C: "gcc" (cross) or "clang"
    threads: int = THREADS
    runs: int = RUNS
    seed: int = SEED
    timeout: float = RUN_TIMEOUT


def setup(work: Path, opt: str | None = None, march: str = MARCH, threads: int = THREADS,
          runs: int = RUNS, seed: int = SEED, timeout: float = RUN_TIMEOUT,
          cc: str = "gcc") -> Build:
    """Compile the driver into ``work``; RuntimeError when the toolchain is missing.
    ``cc`` "clang" compiles the generated C with clang for aarch64 (the driver and the
    link stay with the cross gcc and its libgomp)."""
    why = toolchain_missing(cc)
    if why:
        raise RuntimeError(why)
    work.mkdir(parents=True, exist_ok=True)
    flags = compile_flags(opt, march)
    if cc == "clang":
        (work / "omp").mkdir(exist_ok=True)
        (work / "omp" / "omp.h").write_text(OMP_DECLARATIONS)
    return Build(work, flags, build_driver(work, flags), cc, threads, runs, seed, timeout)


def compile_program(c_path: Path, exe: Path, build: Build) -> tuple[int, str]:
    """Cross-compile one generated source and link it with the driver into ``exe``."""
    include = f"-I{driver_source_dir()}"
    if build.cc != "clang":
        return _run([CROSS_CC, *build.flags, include, str(c_path), str(build.driver),
                     "-o", str(exe), "-lm"], build.timeout)
    obj = exe.with_suffix(".o")
    flags = ["-fopenmp=libgomp" if f == "-fopenmp" else f for f in build.flags]
    rc, out = _run([CLANG, f"--target={CLANG_TARGET}", f"--sysroot={SYSROOT}", *flags,
                    include, f"-I{build.work / 'omp'}", "-c", str(c_path), "-o", str(obj)],
                   build.timeout)
    if rc != 0:
        return rc, out
    return _run([CROSS_CC, "-fopenmp", str(obj), str(build.driver), "-o", str(exe), "-lm"],
                build.timeout)


def _qemu_env() -> dict[str, str]:
    env = dict(os.environ)
    env["OMP_WAIT_POLICY"] = "passive"   # idle OpenMP threads sleep (emulated spins cost)
    env.pop("GOMP_SPINCOUNT", None)
    return env


def build_and_run(case: PreparedCase, build: Build) -> CaseResult:
    """Cross-compile, run under qemu and compare one prepared case."""
    case_dir = build.work / case.name
    case_dir.mkdir(parents=True, exist_ok=True)
    times = {"prepare": case.seconds, "compile": 0.0, "run": 0.0}
    boundary_files: dict[str, Path] = {}
    outputs: list[Path] = []
    for rp in case.programs:
        c_path = case_dir / f"{rp.name}.c"
        c_path.write_text(rp.source)
        if rp.blas:
            (case_dir / "cblas.h").write_text(CBLAS_HEADER)
        exe = case_dir / f"{rp.name}.bin"
        t0 = time.perf_counter()
        rc, out = compile_program(c_path, exe, build)
        times["compile"] += time.perf_counter() - t0
        if rc != 0:
            return CaseResult(case.name, "fail", f"{rp.name} program did not compile "
                              f"({c_path}):\n{_tail(out)}", times)
        manifest, outputs = write_manifest(rp, case_dir, case.feeds, boundary_files,
                                           build.threads, build.runs, build.seed)
        t0 = time.perf_counter()
        rc, out = _run([QEMU, "-L", SYSROOT, str(exe), str(manifest)], build.timeout,
                       _qemu_env())
        times["run"] += time.perf_counter() - t0
        if rc != 0:
            return CaseResult(case.name, "fail", f"{rp.name} program exited with {rc} under "
                              f"qemu:\n{_tail(out)}", times)
        if rp.name == "prepare":
            boundary_files = dict(zip(case.boundary, outputs))
    main = case.programs[-1]
    graph = main.program.graph
    problems, worst = [], 0.0
    if len(outputs) != len(case.expected):
        problems.append(f"{len(outputs)} outputs, the reference has {len(case.expected)}")
    for i, (path, want) in enumerate(zip(outputs, case.expected)):
        node = graph.nodes[graph.outputs[i]]
        got = np.frombuffer(path.read_bytes(), dtype=node.dtype.np).reshape(node.shape)
        why, ratio = compare(got, np.asarray(want), case.products)
        worst = max(worst, ratio)
        if why:
            problems.append(f"output {i}: {why}")
    if problems:
        return CaseResult(case.name, "fail", "\n".join(problems), times, worst)
    return CaseResult(case.name, "pass", "", times, worst)


def _tail(text: str, lines: int = 25) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def run_cases(specs: Sequence[CaseSpec], build: Build, jobs: int = 1,
              report: Callable[[CaseResult], None] | None = None) -> list[CaseResult]:
    """Prepare the cases in this thread (rendering and the reference run Python) and
    build and run them on ``jobs`` worker threads (the compiler and qemu are
    processes); ``report`` is called with each result as it arrives."""
    lock = threading.Lock()
    results: dict[str, CaseResult] = {}

    def done(result: CaseResult) -> None:
        with lock:
            results[result.name] = result
            if report:
                report(result)

    def work(case: PreparedCase) -> None:
        try:
            result = build_and_run(case, build)
        except Exception as e:  # any error fails the case, not the whole run
            result = CaseResult(case.name, "fail", f"{type(e).__name__}: {e}")
        done(result)

    with ThreadPoolExecutor(max(1, jobs)) as pool:
        futures = []
        for spec in specs:
            try:
                case = prepare_case(spec, build.threads, build.seed)
            except Exception as e:  # a case that cannot be built fails alone
                done(CaseResult(spec.name, "fail",
                                f"could not build or render: {type(e).__name__}: {e}"))
                continue
            futures.append(pool.submit(work, case))
            while sum(not f.done() for f in futures) > 2 * max(1, jobs):
                time.sleep(0.05)      # keep prepared cases (and their data) few
        for f in futures:
            f.result()
    return [results[s.name] for s in specs if s.name in results]


def print_result(result: CaseResult, out=None) -> None:
    out = out or sys.stdout
    t = result.seconds
    timing = (f" (err/tol {result.worst:.2g}; prepare {t.get('prepare', 0):.1f} s, "
              f"compile {t.get('compile', 0):.1f} s, run {t.get('run', 0):.1f} s)" if t else "")
    print(f"{result.status.upper()} {result.name}{timing}", file=out, flush=True)
    if result.detail:
        for line in result.detail.splitlines():
            print(f"    {line}", file=out, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--ops", action="append", metavar="PATTERN",
                        help="only cases whose name or op matches PATTERN (glob or "
                             "substring; repeatable)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="cases compiled and run at once (default 1)")
    parser.add_argument("--threads", type=int, default=THREADS,
                        help=f"threads the C is rendered and run with (default {THREADS})")
    parser.add_argument("--opt", default=None, metavar="LEVEL",
                        help="optimisation level, e.g. O2 (default: toolchain.BASE_FLAGS's)")
    parser.add_argument("--march", default=MARCH, help=f"-march target (default {MARCH})")
    parser.add_argument("--cc", choices=("gcc", "clang"), default="gcc",
                        help="compiler of the generated C: the cross gcc (default) or "
                             f"clang --target={CLANG_TARGET}")
    parser.add_argument("--keep", metavar="DIR",
                        help="build in DIR and keep it (default: a temporary folder)")
    parser.add_argument("--timeout", type=float, default=RUN_TIMEOUT,
                        help="seconds per compile or run")
    parser.add_argument("--list", action="store_true", help="list the cases; build nothing")
    args = parser.parse_args(argv)
    specs = select(list(cases().values()), args.ops)
    skipped = [(op, "no graph for this op in scripts/codegen_replay.py")
               for op in ([] if args.ops else uncovered_ops())]
    lapack = [s for s in specs if s.ops and s.ops <= LAPACK_OPS]
    collective = [s for s in specs if s.ops and s.ops <= COLLECTIVE_OPS]
    specs = [s for s in specs if s not in lapack and s not in collective]
    skipped += [(s.name.removeprefix("op_"), LAPACK_REASON) for s in lapack]
    skipped += [(s.name.removeprefix("op_"), COLLECTIVE_REASON) for s in collective]
    if not specs and not skipped:
        print(f"no case matches {args.ops}", file=sys.stderr)
        return 2
    if args.list:
        for s in specs:
            print(f"{s.name}: {', '.join(sorted(s.ops))}")
        return 0
    why = toolchain_missing(args.cc)
    if why:
        print(f"neon: cannot run: {why}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="rlx-neon-"))
    try:
        opt = None if args.opt is None else "-" + args.opt.lstrip("-")
        build = setup(work, opt, args.march, args.threads, timeout=args.timeout, cc=args.cc)
        compiler = CROSS_CC if args.cc == "gcc" else f"{CLANG} --target={CLANG_TARGET}"
        print(f"neon: {len(specs)} cases, {compiler} {' '.join(build.flags)}, "
              f"{args.threads} thread(s), {args.jobs} job(s), in {work}", flush=True)
        results = run_cases(specs, build, args.jobs, print_result)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    for op, why in skipped:
        print(f"SKIP op_{op}\n    {why}")
    passed = sum(r.status == "pass" for r in results)
    failed = sum(r.status == "fail" for r in results)
    print(f"neon: {passed} passed, {failed} failed, {len(skipped)} skipped "
          f"({time.perf_counter() - t0:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
