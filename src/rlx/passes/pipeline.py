"""The compile pipeline, as one flat list of named passes.

    verify            the user's graph is well formed before anything touches it
    decompose         rewrite ops the backend does not claim into ops it does
    precision         compute in bf16/f16 where safe (CompileOptions.precision)
    simplify          algebraic identities (x*1, x+0, transpose/reshape/cast chains)
    fold_constants    evaluate constant-only work once, at compile time
    cse               merge identical nodes
    dce               drop work no output needs
    split_params      move param-only work into a prepare program, run once
    pack_control_flow one node per control-flow op, its results unpacked as views
    lower_bodies      the pipeline on each control-flow body (rlx.passes.control)
    fuse              group nodes into kernels (per program)
    plan_memory       liveness + best-fit offsets in one arena (per program)

``CompileOptions(verbose=True)`` prints each pass with its time and node count (to stderr);
the environment variable ``RLX_DUMP_IR=<folder>`` writes the IR after each graph
pass to ``<folder>/<graph>.<NN>.<pass>.txt`` (characters of the graph's name other
than letters, digits, ``_``, ``-`` and inner dots written as ``_``). With
``optimize=False`` only verify, decompose and memory planning run (one kernel per node).
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from rlx.errors import CompileError
from rlx.ir.graph import Graph
from rlx.ir.verify import verify
from rlx.passes.cleanup import eliminate_common_subexpressions, eliminate_dead_code
from rlx.passes.control import has_control_flow, lower_bodies, pack_control_flow
from rlx.passes.decompose import DispatchReport, decompose
from rlx.passes.extents import ExtentInfo, graph_symbols, lower_extents
from rlx.passes.fold import NodeEvaluator, fold_constants
from rlx.passes.fusion import FusionReport, fuse, one_kernel_per_node
from rlx.passes.memory import MemoryPlan, plan_memory
from rlx.passes.precision import apply_precision
from rlx.passes.program import Program
from rlx.passes.simplify import simplify
from rlx.passes.split import SplitResult, split_param_invariant

DUMP_ENV = "RLX_DUMP_IR"
_UNSAFE_IN_NAMES = re.compile(r"[^A-Za-z0-9_.-]|^\.+")


@dataclass
class PassContext:
    """Everything a pass may depend on, passed explicitly."""

    supported_ops: frozenset[str]
    evaluate: NodeEvaluator
    optimize: bool = True
    split_params: bool = True
    verbose: bool = False
    dump_dir: str | None = None
    precision: str = "f32"
    reads_active_keys: bool = False
    """The backend's attention ignores keys past a symbolic extent (see extents)."""


@dataclass
class PassTiming:
    name: str
    ms: float
    nodes: int


@dataclass
class StageTiming:
    """A backend compile stage: ``render`` (C source), ``compiler`` (the C compiler, or
    the disk cache), ``load`` (the shared object and its executable)."""

    name: str
    ms: float
    note: str = ""


@dataclass
class CompileReport:
    """What the pipeline did: dispatch per op kind, pass timings, kernels, memory, and
    the backend's compile stages (``stages``, filled in by ``Session.compile``)."""

    graph_name: str
    dispatch: DispatchReport | None = None
    passes: list[PassTiming] = field(default_factory=list)
    fusion: FusionReport | None = None
    memory: MemoryPlan | None = None
    program: Program | None = None
    prepare: CompileReport | None = None
    precision: dict[str, str] = field(default_factory=dict)
    stages: list[StageTiming] = field(default_factory=list)

    def compile_times(self) -> dict[str, float]:
        """Milliseconds per compile stage: ``passes`` (all passes together), then the
        backend's stages (cpu: ``render``, ``compiler``, ``load``); a prepare stage's
        program is counted in too."""
        times = {"passes": sum(p.ms for p in self.passes)}
        for st in self.stages:
            times[st.name] = times.get(st.name, 0.0) + st.ms
        if self.prepare is not None:
            for name, ms in self.prepare.compile_times().items():
                times[name] = times.get(name, 0.0) + ms
        return times

    def __str__(self) -> str:
        parts = [f"== rlx compile report: {self.graph_name} =="]
        if self.dispatch is not None:
            parts += ["-- dispatch --", str(self.dispatch)]
        if self.precision:
            parts.append("-- precision (op kind: compute dtype) --")
            parts += [f"  {op:<16} {dt}" for op, dt in sorted(self.precision.items())]
        if self.passes:
            parts.append("-- passes --")
            parts += [f"  {p.name:<16} {p.ms:8.2f} ms  {p.nodes:5d} nodes" for p in self.passes]
        if self.fusion is not None and self.program is not None:
            parts += ["-- kernels --", self.fusion.describe(self.program.graph)]
        if self.memory is not None:
            parts += ["-- memory --", self.memory.summary()]
        if self.stages:
            parts.append("-- compile time --")
            parts.append(f"  {'passes':<16} {sum(p.ms for p in self.passes):8.2f} ms")
            parts += [f"  {st.name:<16} {st.ms:8.2f} ms  {st.note}".rstrip()
                      for st in self.stages]
        if self.prepare is not None:
            parts += ["-- prepare stage (runs once, re-runs when its params change) --",
                      str(self.prepare)]
        return "\n".join(parts)


@dataclass
class PipelineResult:
    program: Program
    prepare: Program | None
    split: SplitResult | None
    report: CompileReport
    extents: ExtentInfo = field(default_factory=ExtentInfo)


class _Runner:
    """Runs graph passes with timing, verbose printing and IR dumps."""

    def __init__(self, ctx: PassContext, report: CompileReport):
        self.ctx = ctx
        self.report = report
        self.step = 0

    def __call__(self, name: str, fn: Callable[[Graph], Graph], graph: Graph) -> Graph:
        t0 = time.perf_counter()
        out = fn(graph)
        self._record(name, t0, len(out))
        if self.ctx.dump_dir:
            self._dump(name, out, graph.name)
        self.step += 1
        return out

    def _dump(self, name: str, graph: Graph, graph_name: str) -> None:
        # the graph's name is the user's: no separator or "..", so the file stays in
        # the folder ("layer/0" failed, "../x" wrote outside it)
        stem = _UNSAFE_IN_NAMES.sub("_", graph_name)
        path = os.path.join(self.ctx.dump_dir, f"{stem}.{self.step:02d}.{name}.txt")
        try:
            os.makedirs(self.ctx.dump_dir, exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(str(graph) + "\n")
        except OSError as e:
            raise CompileError(f"${DUMP_ENV}: cannot write the IR dump {path!r}: "
                               f"{e.strerror or e}") from None

    def _record(self, name: str, t0: float, nodes: int) -> None:
        ms = (time.perf_counter() - t0) * 1e3
        self.report.passes.append(PassTiming(name, ms, nodes))
        if self.ctx.verbose:
            print(f"[rlx] {self.report.graph_name:<20} {name:<16} {ms:8.2f} ms  {nodes:5d} nodes",
                  file=sys.stderr)

    def timed(self, name: str, fn: Callable[[], object], nodes: int) -> object:
        t0 = time.perf_counter()
        value = fn()
        self._record(name, t0, nodes)
        return value


def _verified(graph: Graph) -> Graph:
    verify(graph)
    return graph


def _with_precision(graph: Graph, precision: str, report: CompileReport) -> Graph:
    out, ops = apply_precision(graph, precision)
    report.precision = ops
    return out


def _lower(graph: Graph, ctx: PassContext, run: _Runner, report: CompileReport) -> Program:
    """Fuse (when optimising) and plan memory; fills ``report``. Control-flow nodes are
    packed first and their bodies lowered (rlx.passes.control)."""
    bodies = None
    if has_control_flow(graph):
        graph = run("pack_control_flow", pack_control_flow, graph)
        bodies = run.timed("lower_bodies", lambda: lower_bodies(graph, ctx), len(graph))
    if ctx.optimize:
        program = run.timed("fuse", lambda: fuse(graph), len(graph))
    else:
        program = one_kernel_per_node(graph)
    plan = run.timed("plan_memory", lambda: plan_memory(program), len(graph))
    program.memory = plan
    if bodies is not None:
        program.bodies = bodies
    report.fusion = program.fusion
    report.memory = plan
    report.program = program
    return program


def run_pipeline(graph: Graph, ctx: PassContext) -> PipelineResult:
    """Compile ``graph`` to a main Program (and a prepare Program when split)."""
    if ctx.dump_dir is None:
        ctx.dump_dir = os.environ.get(DUMP_ENV) or None
    report = CompileReport(graph.name)
    run = _Runner(ctx, report)
    graph = run("verify", _verified, graph)
    extents = ExtentInfo()
    if graph_symbols(graph):
        def _bind_extents(g: Graph) -> Graph:
            nonlocal extents
            g, extents = lower_extents(g, ctx.reads_active_keys)
            return g
        graph = run("extents", _bind_extents, graph)
    dispatch: list[DispatchReport] = []

    def _decompose(g: Graph) -> Graph:
        out, rep = decompose(g, ctx.supported_ops)
        dispatch.append(rep)
        return out

    graph = run("decompose", _decompose, graph)
    report.dispatch = dispatch[0]
    if ctx.precision != "f32":
        graph = run("precision", lambda g: _with_precision(g, ctx.precision, report), graph)
    if ctx.optimize:
        graph = run("simplify", simplify, graph)
        graph = run("fold_constants", lambda g: fold_constants(g, ctx.evaluate), graph)
        graph = run("cse", eliminate_common_subexpressions, graph)
        graph = run("dce", eliminate_dead_code, graph)
    split = None
    if ctx.optimize and ctx.split_params:
        split = run.timed("split_params", lambda: split_param_invariant(graph), len(graph))
    prepare = None
    if split is not None:
        graph = split.main
        report.prepare = CompileReport(split.prepare.name)
        prepare = _lower(split.prepare, ctx, _Runner(ctx, report.prepare), report.prepare)
    program = _lower(graph, ctx, run, report)
    return PipelineResult(program, prepare, split, report, extents)
