"""Session: compile graphs for one device."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rlx.backends.base import Executable
from rlx.backends.buffers import release_free_heap
from rlx.backends.numpy_kernels import evaluate_node
from rlx.errors import GraphBuildError, OutOfMemoryError
from rlx.ir.graph import Graph
from rlx.ir.types import TensorType
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
    # the operands after the first of the ops reading packed weights (their codes and
    # scales) are already quantized
    packed = {graph.nodes[i].attr("name") for n in graph.nodes
              if n.op in ("dequant_matmul", "dequant_gather")
              for i in n.inputs[1:] if graph.nodes[i].op == "param"}
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
        store, key = self._store_entry(program_store.graph_fingerprint, graph)
        return self._load_or_compile(store, key, t0, lambda: graph)

    def compile_call(self, builder: Callable[..., Graph], /, *args: Any,
                     **kwargs: Any) -> CompiledGraph:
        """:meth:`compile` of ``builder(*args, **kwargs)``, for a graph builder of rlx's
        own (a model's step graph from its config and shapes).

        The program store keys the result by the call (the builder's name and the
        arguments' pickled bytes) rather than by the graph, so a warm start loads the
        program without building the graph or hashing it: what a decoder's first
        token waited for. That holds because the key also covers the bytes of rlx's
        source: the builder's code cannot change under it. A builder from outside rlx,
        or arguments holding code (a function), are not keyed so: the graph is built
        and stored by its nodes, as :meth:`compile` does."""
        t0 = time.perf_counter()
        store, key = self._store_entry(program_store.call_fingerprint,
                                       (builder, args, kwargs))
        if key is None:
            return self.compile(builder(*args, **kwargs))
        return self._load_or_compile(store, key, t0, lambda: builder(*args, **kwargs))

    def _load_or_compile(self, store: ProgramStore | None, key: str | None, t0: float,
                         build: Callable[[], Graph]) -> CompiledGraph:
        """The stored program under ``key``, or ``build()`` compiled and stored there."""
        if key is not None:
            stored = store.load(key)
            if isinstance(stored, _Stored):
                compiled = self._thaw(stored, t0)
                if compiled is not None:
                    release_free_heap()         # the unpickled program's transients
                    return compiled
        graph = build()
        _check_graph(graph)
        graph, moe_experts = observe_moe(graph)
        surface = _Surface.of(graph, self.options, moe_experts)
        verbose = self.options.verbose
        backend_options = self.options.backend_options()
        result = self.run_passes(graph)
        try:
            exe = self.backend.compile(result.program, backend_options)
        except MemoryError as e:    # numpy's, making a constant the program needs
            if isinstance(e, OutOfMemoryError):
                raise
            raise OutOfMemoryError(f"compiling graph {graph.name!r} for device "
                                   f"{self.device!r}: {e}") from None
        _record_stages(result.report, exe, verbose)
        prepare_exe = None
        if result.prepare is not None:
            prepare_exe = self.backend.compile(result.prepare, backend_options)
            _record_stages(result.report.prepare, prepare_exe, verbose)
        if key is not None:
            main = self.backend.freeze(exe)
            prepare = None if prepare_exe is None else self.backend.freeze(prepare_exe)
            if main is not None and (prepare_exe is None) == (prepare is None):
                store.save(key, _Stored(result, main, prepare, surface))
        compiled = self._assemble(surface, result, exe, prepare_exe)
        release_free_heap()                     # the passes' transients
        return compiled

    def _store_entry(self, fingerprint: Callable[[Any], str | None], what: Any
                     ) -> tuple[ProgramStore | None, str | None]:
        """The program store of this session's backend and the key in it of ``what``
        (a graph or a builder's call) by ``fingerprint``; (None, None) where there is no
        store, or ``what`` cannot be stored."""
        if not program_store.enabled():
            return None, None
        where = self.backend.program_store(self.options.backend_options())
        if where is None:
            return None, None
        part = fingerprint(what)
        if part is None:
            return None, None
        directory, identity = where
        return ProgramStore(directory), program_store.store_key(part, self.options, identity)

    def _thaw(self, stored: _Stored, t0: float) -> CompiledGraph | None:
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
        return self._assemble(stored.surface, result, exe, prepare_exe)

    def _assemble(self, surface: _Surface, result: PipelineResult, exe: Executable,
                  prepare_exe: Executable | None) -> CompiledGraph:
        """The CompiledGraph of a graph (its ``surface``) from its pipeline result and
        executables."""
        staging = None
        if prepare_exe is not None:
            split = result.split
            prepare = CompiledGraph(prepare_exe, {},
                                    dict(split.prepare.params), report=result.report.prepare)
            staging = Staging(prepare, split.boundary, split.prepare_params, split.main_params)
        extents = None
        if result.extents.bounds:
            extents = ExtentFeeds(dict(surface.inputs), surface.outputs, result.extents)
        return CompiledGraph(exe, dict(surface.inputs), dict(surface.params), staging,
                             result.report, surface.rounding, extents,
                             MoeState(surface.moe_experts))

    def __repr__(self) -> str:
        return f"<rlx.Session device={self.device!r}>"


@dataclass
class _Surface:
    """What a compiled graph needs of its source graph: the signature it checks runs
    against, the params it rounds on upload, its MoE layers' expert counts."""

    inputs: dict[str, TensorType]
    params: dict[str, TensorType]
    outputs: list[TensorType]
    rounding: UploadRounding | None
    moe_experts: list[int]

    @classmethod
    def of(cls, graph: Graph, options: CompileOptions, moe_experts: list[int]) -> _Surface:
        return cls(dict(graph.inputs), dict(graph.params), list(graph.output_types),
                   upload_rounding(graph, options), moe_experts)


@dataclass
class _Stored:
    """A program store entry: the pipeline's result, the backend's frozen executables
    (main, and the prepare stage's where there is one) and the source graph's surface."""

    result: PipelineResult
    main: Any
    prepare: Any
    surface: _Surface


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
