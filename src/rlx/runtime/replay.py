"""The cpu device's generated C for a graph, without compiling it.

:func:`render_sources` runs what ``rlx.Session("cpu", options).compile(graph)`` runs up
to the C text — the pass pipeline (verify, decompose, ..., fusion, memory plan), then
:meth:`rlx.backends.cpu.backend.CpuBackend.render`, which ``compile`` calls — and
returns the source of each program (the main program, and the prepare program when
params are split off). Nothing reads the host: the thread count comes from the options
(or ``threads``) and the number of compile parts is fixed by ``max_parts``, so the text
is the same on every machine. ``scripts/codegen_replay.py`` keeps a corpus of these
sources to show that a refactor leaves the generated C unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from rlx.backends.cpu.backend import CpuBackend
from rlx.ir.graph import Graph
from rlx.passes.pipeline import PipelineResult
from rlx.passes.program import Program
from rlx.runtime.options import CompileOptions
from rlx.runtime.session import Session

DEFAULT_THREADS = 2
DEFAULT_PARTS = 4


@dataclass
class RenderedGraph:
    """The C source of each program of a compiled graph, in the order Session compiles
    them (main, then prepare), with the pipeline result they came from."""

    sources: dict[str, str]       # "main" / "prepare" -> C source
    parts: dict[str, int]         # compile parts of each source
    pipeline: PipelineResult

    def programs(self) -> dict[str, Program]:
        out = {"main": self.pipeline.program}
        if self.pipeline.prepare is not None:
            out["prepare"] = self.pipeline.prepare
        return out


def run_passes(graph: Graph, options: CompileOptions) -> PipelineResult:
    """The pass pipeline exactly as ``Session("cpu", options).compile`` runs it."""
    return Session("cpu", options).run_passes(graph)


def render_sources(graph: Graph, options: CompileOptions | None = None,
                   threads: int = DEFAULT_THREADS,
                   max_parts: int = DEFAULT_PARTS) -> RenderedGraph:
    """The generated C of ``graph`` compiled with ``options`` (``options.num_threads``
    wins over ``threads``), split in at most ``max_parts`` compile parts."""
    options = options or CompileOptions()
    threads = options.num_threads or threads
    result = run_passes(graph, options)
    sources, parts = {}, {}
    programs = {"main": result.program}
    if result.prepare is not None:
        programs["prepare"] = result.prepare
    for name, program in programs.items():
        source, _, nparts = CpuBackend().render(program, options.backend_options(), threads,
                                                max_parts)
        sources[name], parts[name] = source, nparts
    return RenderedGraph(sources, parts, result)
