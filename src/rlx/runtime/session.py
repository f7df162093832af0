"""Session: compile graphs for one device."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any

from rlx.backends.base import Executable
from rlx.backends.numpy_kernels import evaluate_node
from rlx.errors import GraphBuildError
from rlx.ir.graph import Graph
from rlx.passes.pipeline import (
    CompileReport,
    PassContext,
    PipelineResult,
    StageTiming,
    run_pipeline,
)
from rlx.runtime import program_store
from rlx.runtime.compiled import CompiledGraph, Staging, UploadRounding
from rlx.runtime.devices import get_backend
from rlx.runtime.extents import ExtentFeeds
from rlx.runtime.moe import MoeState, observe_moe
from rlx.runtime.options import CompileOptions
from rlx.runtime.program_store import ProgramStore


def upload_rounding(graph: Graph, opts: CompileOptions) -> UploadRounding | None:
    """Which params are rounded on upload, and their row lengths (the last dimension).
    Float params that are not excluded are, except the scales of packed weights."""
    if opts.number_format is None:
        return None
    packed = {graph.nodes[i].attr("name") for n in graph.nodes if n.op == "dequant_matmul"
              for i in n.inputs[1:] if graph.nodes[i].op == "param"}  # already quantized
    rows = {name: (t.shape[-1] if t.shape else 1) for name, t in graph.params
            if t.dtype.is_float and name not in opts.format_exclude and name not in packed}
    return UploadRounding(opts.number_format, opts.format_scaling, rows)


class Session:
    """Compiles graphs for ``device`` ("reference", "cpu", ...) with ``options``.

    Raises DeviceError for an unknown device or one this machine cannot run
    (``rlx.available_devices()`` lists the usable ones).
    """

    def __init__(self, device: str = "reference", options: CompileOptions | None = None):
        self.backend = get_backend(device)
        self.device = device
        self.options = options or CompileOptions()

    def run_passes(self, graph: Graph) -> PipelineResult:
        """The pass pipeline for this session's device and options: the Program(s) that
        :meth:`compile` hands to the backend."""
        _check_graph(graph)
        opts = self.options
        ctx = PassContext(supported_ops=self.backend.supported_ops,
                          evaluate=evaluate_node, optimize=opts.optimize,
                          split_params=opts.split_params, verbose=opts.verbose,
                          precision=opts.precision,
                          reads_active_keys=self.backend.reads_active_keys)
        return run_pipeline(graph, ctx)

    def compile(self, graph: Graph) -> CompiledGraph:
        """Verify, optimise and compile ``graph``; params start unset.

        A graph compiled before with the same options on this backend and host (by
        this process or another) is loaded from the program store instead
        (rlx.runtime.program_store): its report then lists no passes and one stage,
        ``program store``."""
        _check_graph(graph)
        t0 = time.perf_counter()
        graph, moe_experts = observe_moe(graph)
        store, key = self._store_entry(graph)
        if key is not None:
            stored = store.load(key)
            if stored is not None:
                compiled = self._thaw(graph, stored, t0, moe_experts)
                if compiled is not None:
                    return compiled
        verbose = self.options.verbose
        backend_options = self.options.backend_options()
        result = self.run_passes(graph)
        exe = self.backend.compile(result.program, backend_options)
        _record_stages(result.report, exe, verbose)
        prepare_exe = None
        if result.prepare is not None:
            prepare_exe = self.backend.compile(result.prepare, backend_options)
            _record_stages(result.report.prepare, prepare_exe, verbose)
        if key is not None:
            main = self.backend.freeze(exe)
            prepare = None if prepare_exe is None else self.backend.freeze(prepare_exe)
            if main is not None and (prepare_exe is None) == (prepare is None):
                store.save(key, _Stored(result, main, prepare))
        return self._assemble(graph, result, exe, prepare_exe, moe_experts)

    def _store_entry(self, graph: Graph) -> tuple[ProgramStore | None, str | None]:
        """The program store of this session's backend and the key of ``graph`` in it
        ((None, None) where there is none, or the graph cannot be stored)."""
        if not program_store.enabled():
            return None, None
        where = self.backend.program_store(self.options.backend_options())
        if where is None:
            return None, None
        directory, identity = where
        return ProgramStore(directory), program_store.store_key(graph, self.options, identity)

    def _thaw(self, graph: Graph, stored: _Stored, t0: float,
              moe_experts: list[int]) -> CompiledGraph | None:
        """The compiled graph of a store entry, or None when its backend cannot make
        it again (e.g. its shared object left the disk cache)."""
        backend_options = self.options.backend_options()
        exe = self.backend.thaw(stored.main, backend_options)
        prepare_exe = None
        if exe is not None and stored.prepare is not None:
            prepare_exe = self.backend.thaw(stored.prepare, backend_options)
        if exe is None or (stored.prepare is not None and prepare_exe is None):
            return None
        result = stored.result
        ms = (time.perf_counter() - t0) * 1e3
        for report in (result.report, result.report.prepare):
            if report is not None:
                report.passes = []
                report.stages = [StageTiming("program store", ms, "loaded: no passes, "
                                             "rendering or C compiler")]
        if self.options.verbose:
            print(f"[rlx] {result.report.graph_name:<20} {'program store':<16} {ms:8.2f} ms  "
                  "loaded", file=sys.stderr)
        return self._assemble(graph, result, exe, prepare_exe, moe_experts)

    def _assemble(self, graph: Graph, result: PipelineResult, exe: Executable,
                  prepare_exe: Executable | None, moe_experts: list[int]) -> CompiledGraph:
        """The CompiledGraph of ``graph`` from its pipeline result and executables."""
        staging = None
        if prepare_exe is not None:
            split = result.split
            prepare = CompiledGraph(prepare_exe, {},
                                    dict(split.prepare.params), report=result.report.prepare)
            staging = Staging(prepare, split.boundary, split.prepare_params, split.main_params)
        extents = None
        if result.extents.bounds:
            extents = ExtentFeeds(dict(graph.inputs), graph.output_types, result.extents)
        return CompiledGraph(exe, dict(graph.inputs), dict(graph.params), staging,
                             result.report, upload_rounding(graph, self.options), extents,
                             MoeState(moe_experts))

    def __repr__(self) -> str:
        return f"<rlx.Session device={self.device!r}>"


@dataclass
class _Stored:
    """A program store entry: the pipeline's result and the backend's frozen
    executables (main, and the prepare stage's where there is one)."""

    result: PipelineResult
    main: Any
    prepare: Any


def _check_graph(graph: Any) -> None:
    if not isinstance(graph, Graph):
        raise GraphBuildError(f"Session.compile expects an rlx.Graph, got "
                              f"{type(graph).__name__}")


def _record_stages(report: CompileReport | None, exe: object, verbose: bool) -> None:
    """Copy the backend's compile stages (``exe.compile_stages``: name, seconds, note)
    into the report, printing them under ``verbose`` like the passes."""
    if report is None:
        return
    for name, seconds, note in getattr(exe, "compile_stages", ()):
        report.stages.append(StageTiming(name, seconds * 1e3, note))
        if verbose:
            line = f"[rlx] {report.graph_name:<20} {name:<16} {seconds * 1e3:8.2f} ms  {note}"
            print(line.rstrip(), file=sys.stderr)
