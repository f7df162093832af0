"""rlx as an ``onnx.backend.base.Backend``, so the official ONNX test runner drives it.

``RlxBackend.prepare(model, "CPU")`` scans the model (one UnsupportedOpError
listing everything missing) and returns an :class:`RlxBackendRep`. The rep
compiles on first run, specialised to the shapes of the inputs it is given, and
keeps one compiled graph per distinct input signature.

ONNX device "CPU" runs on the rlx device named by the environment variable
``RLX_ONNX_DEVICE`` (default "reference"); "CUDA" is not supported.

Value specialisation: when a shape depends on a graph input's *value* (a Reshape
target, Slice bounds or a TopK k fed as inputs, as many ONNX node tests do), the
rep bakes exactly those inputs in as constants (their lineage is reported by
:class:`rlx.frontends.onnx.StaticValueError`) and keys its compile cache on their
values too; every other input stays a run-time input.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import onnx
from onnx import ModelProto, NodeProto, helper
from onnx.backend.base import Backend, BackendRep, Device, DeviceType

from rlx.errors import InputError
from rlx.frontends.onnx import dtypes
from rlx.frontends.onnx.context import StaticValueError
from rlx.frontends.onnx.importer import load, model_opsets, read_model
from rlx.frontends.onnx.scan import check_model
from rlx.runtime import CompiledGraph, Session

DEVICE_ENV = "RLX_ONNX_DEVICE"
MAX_SPECIALISATIONS = 8  # retries while discovering which inputs must be baked


def rlx_device() -> str:
    """The rlx device ONNX's "CPU" maps to (``$RLX_ONNX_DEVICE``, default "reference")."""
    return os.environ.get(DEVICE_ENV, "reference")


class RlxBackendRep(BackendRep):
    """A prepared model: compiles per input signature on demand, then runs."""

    def __init__(self, model: ModelProto, device: str):
        self.model = model
        self.device = device
        initializers = {init.name for init in model.graph.initializer}
        graph_inputs = [v for v in model.graph.input if v.name not in initializers]
        self.input_names = [v.name for v in graph_inputs]
        self.input_types = {v.name: v.type.tensor_type.elem_type for v in graph_inputs}
        self.output_types = [v.type.tensor_type.elem_type for v in model.graph.output]
        self._baked: set[str] = set()
        self._compiled: dict[Any, CompiledGraph] = {}

    def run(self, inputs: Any, **kwargs: Any) -> list[np.ndarray]:
        """Run on ``inputs`` (a sequence in graph-input order, a mapping by name, or one
        array); returns one array per graph output, in its declared ONNX type (values of
        carried types are converted at this boundary, see ``dtypes``)."""
        feeds = self._feeds(inputs)
        compiled = self._compiled_for(feeds)
        runtime = {n: dtypes.to_boundary(v, self.input_types[n]) for n, v in feeds.items()
                   if n not in self._baked}
        outputs = compiled.run(runtime)
        return [dtypes.from_boundary(o, t) for o, t in zip(outputs, self.output_types)]

    def _feeds(self, inputs: Any) -> dict[str, np.ndarray]:
        if isinstance(inputs, Mapping):
            feeds = {str(k): np.asarray(v) for k, v in inputs.items()}
        else:
            if isinstance(inputs, np.ndarray):
                inputs = [inputs]
            if len(inputs) != len(self.input_names):
                raise InputError(f"expected {len(self.input_names)} inputs "
                                 f"({', '.join(self.input_names)}), got {len(inputs)}")
            feeds = {n: np.asarray(v) for n, v in zip(self.input_names, inputs)}
        missing = [n for n in self.input_names if n not in feeds]
        if missing:
            raise InputError(f"missing inputs: {', '.join(missing)}")
        return feeds

    def _key(self, feeds: Mapping[str, np.ndarray]) -> tuple:
        parts = []
        for name in self.input_names:
            value = feeds[name]
            if name in self._baked:
                parts.append((name, value.dtype.str, value.shape, value.tobytes()))
            else:
                parts.append((name, value.shape))
        return tuple(parts)

    def _compiled_for(self, feeds: Mapping[str, np.ndarray]) -> CompiledGraph:
        for _ in range(MAX_SPECIALISATIONS):
            key = self._key(feeds)
            compiled = self._compiled.get(key)
            if compiled is not None:
                return compiled
            try:
                compiled = self._compile(feeds)
            except StaticValueError as e:
                new = set(e.inputs) - self._baked
                if not new:
                    raise
                self._baked |= new
                continue
            self._compiled[key] = compiled
            return compiled
        raise StaticValueError(f"could not specialise the model after baking inputs "
                               f"{sorted(self._baked)}", [], sorted(self._baked))

    def _compile(self, feeds: Mapping[str, np.ndarray]) -> CompiledGraph:
        shapes = {n: feeds[n].shape for n in self.input_names if n not in self._baked}
        values = {n: feeds[n] for n in self.input_names if n in self._baked}
        graph, params = load(self.model, input_shapes=shapes, input_values=values)
        compiled = Session(self.device).compile(graph)
        for name, value in params.items():
            compiled.set_param(name, value)
        return compiled


class RlxBackend(Backend):
    """The ONNX backend interface over rlx (see the module docstring)."""

    @classmethod
    def is_compatible(cls, model: ModelProto, device: str = "CPU", **kwargs: Any) -> bool:
        return cls.supports_device(device)

    @classmethod
    def supports_device(cls, device: str) -> bool:
        """Only ONNX device "CPU" (mapped to ``rlx_device()``)."""
        return Device(device).type == DeviceType.CPU

    @classmethod
    def prepare(cls, model: ModelProto, device: str = "CPU", **kwargs: Any) -> RlxBackendRep:
        """Scan ``model`` for unsupported ops and types (one error listing all of them)
        and return a rep that compiles on first run."""
        if not cls.supports_device(device):
            raise InputError(f"rlx's ONNX backend runs on device CPU only, not {device!r}")
        model = read_model(model)
        check_model(model, model_opsets(model))
        return RlxBackendRep(model, rlx_device())

    @classmethod
    def run_model(cls, model: ModelProto, inputs: Any, device: str = "CPU",
                  **kwargs: Any) -> list[np.ndarray]:
        return cls.prepare(model, device, **kwargs).run(inputs)

    @classmethod
    def run_node(cls, node: NodeProto, inputs: Any, device: str = "CPU",
                 outputs_info: Sequence[tuple[Any, tuple[int, ...]]] | None = None,
                 **kwargs: Any) -> list[np.ndarray]:
        """Run one node on ``inputs`` (in the node's input order)."""
        arrays = [np.asarray(v) for v in inputs]
        graph_inputs = [helper.make_tensor_value_info(name, _elem_type(name, a), a.shape)
                        for name, a in zip(node.input, arrays)]
        graph_outputs = [helper.make_empty_tensor_value_info(name) for name in node.output]
        graph = helper.make_graph([node], f"run_node_{node.op_type}", graph_inputs,
                                  graph_outputs)
        opset = kwargs.get("opset_version", onnx.defs.onnx_opset_version())
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
        return cls.prepare(model, device).run(arrays)


def _elem_type(name: str, array: np.ndarray) -> int:
    elem = dtypes.elem_type_of(array)
    if elem is None:
        raise InputError(f"input {name!r}: numpy dtype {array.dtype} has no ONNX element type "
                         "rlx can hold")
    return elem


prepare = RlxBackend.prepare
run_model = RlxBackend.run_model
run_node = RlxBackend.run_node
supports_device = RlxBackend.supports_device
