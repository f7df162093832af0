"""Session: compile graphs for one device."""

from __future__ import annotations

from rlx.errors import GraphBuildError
from rlx.ir.graph import Graph
from rlx.ir.verify import verify
from rlx.passes.program import one_kernel_per_node
from rlx.runtime.compiled import CompiledGraph
from rlx.runtime.devices import get_backend
from rlx.runtime.options import CompileOptions


class Session:
    """Compiles graphs for ``device`` ("reference", "cpu", ...) with ``options``.

    Raises DeviceError for an unknown device or one this machine cannot run
    (``rlx.available_devices()`` lists the usable ones).
    """

    def __init__(self, device: str = "reference", options: CompileOptions | None = None):
        self.backend = get_backend(device)
        self.device = device
        self.options = options or CompileOptions()

    def compile(self, graph: Graph) -> CompiledGraph:
        """Verify, optimise and compile ``graph``; params start unset."""
        if not isinstance(graph, Graph):
            raise GraphBuildError(f"Session.compile expects an rlx.Graph, got "
                                  f"{type(graph).__name__}")
        verify(graph)
        program = one_kernel_per_node(graph)
        exe = self.backend.compile(program, self.options)
        return CompiledGraph(exe, dict(graph.inputs), dict(graph.params))

    def __repr__(self) -> str:
        return f"<rlx.Session device={self.device!r}>"
