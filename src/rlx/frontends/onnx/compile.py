"""From an ONNX model to compiled graphs with their params set.

:func:`compile_onnx` specialises the model to one set of input shapes;
:func:`bucketed_onnx` serves a dynamic dimension (a batch or sequence length)
from a few graphs compiled lazily at fixed extents (``BucketedCompileCache``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from rlx.frontends.onnx.importer import InputShapes, ModelSource, load, read_model
from rlx.ir.graph import Graph
from rlx.runtime import BucketedCompileCache, CompiledGraph, CompileOptions, Session


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
    _set_params(compiled, params)
    return compiled


def bucketed_onnx(source: ModelSource, dim: str, extents: Sequence[int],
                  device: str = "reference", options: CompileOptions | None = None,
                  input_shapes: InputShapes | None = None) -> BucketedCompileCache:
    """A BucketedCompileCache over the model's symbolic dimension ``dim``: the graph for
    extent ``e`` is the model imported with ``dim = e`` (plus ``input_shapes`` for other
    dynamic dimensions), compiled on first use with its params set.

    Use ``cache.run_padded(inputs, actual, axis)`` to run ``actual`` rows on the
    smallest extent that holds them. The model is read once; import errors surface
    when a bucket is first compiled.
    """
    model = read_model(source)
    fixed = dict(input_shapes or {})
    params_of: dict[int, dict[str, np.ndarray]] = {}

    def build(extent: int) -> Graph:
        graph, params = load(model, input_shapes={**fixed, dim: extent})
        params_of[extent] = params
        return graph

    def on_compile(compiled: CompiledGraph, extent: int) -> None:
        _set_params(compiled, params_of.pop(extent))

    return BucketedCompileCache(device, extents, build, options, on_compile)


def _set_params(compiled: CompiledGraph, params: Mapping[str, np.ndarray]) -> None:
    for name, value in params.items():
        compiled.set_param(name, value)
