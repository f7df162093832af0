"""One call from an ONNX model to a CompiledGraph with its params set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rlx.frontends.onnx.importer import InputShapes, ModelSource, load
from rlx.runtime import CompiledGraph, CompileOptions, Session


def compile_onnx(source: ModelSource, device: str = "reference",
                 options: CompileOptions | None = None,
                 input_shapes: InputShapes | None = None,
                 input_values: Mapping[str, Any] | None = None) -> CompiledGraph:
    """Import ``source`` (see :func:`rlx.frontends.onnx.load`), compile it for ``device``
    and set every param from the model's initializers.

    Raises what ``load`` and ``Session.compile`` raise (UnsupportedOpError,
    ShapeError, DeviceError, CompileError, ...).
    """
    graph, params = load(source, input_shapes=input_shapes, input_values=input_values)
    compiled = Session(device, options).compile(graph)
    for name, value in params.items():
        compiled.set_param(name, value)
    return compiled
