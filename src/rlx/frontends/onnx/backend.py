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

Sequences and optionals (see :mod:`rlx.frontends.onnx.values`): a sequence input is
given as a list of arrays and becomes one rlx input per element (``name.0``,
``name.1``, ...), so the rep compiles per sequence length and element shapes; an
optional input given as None is absent. A sequence output comes back as a list of
arrays, an absent optional output as None.
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
from rlx.frontends.onnx.importer import Flattened, import_model, model_opsets, read_model
from rlx.frontends.onnx.scan import check_model
from rlx.frontends.onnx.values import (
    element_input_name,
    is_sequence_type,
    tensor_type_of,
    type_kind,
)
from rlx.runtime import CompiledGraph, Session

DEVICE_ENV = "RLX_ONNX_DEVICE"
MAX_SPECIALISATIONS = 8  # retries while discovering which inputs must be baked

Feed = np.ndarray | list[np.ndarray] | None  # a tensor, a sequence, an absent optional


def rlx_device() -> str:
    """The rlx device ONNX's "CPU" maps to (``$RLX_ONNX_DEVICE``, default "reference")."""
    return os.environ.get(DEVICE_ENV, "reference")


class _Prepared:
    """One specialisation of the model: its compiled graph (None when no output is
    left to compute) and where each ONNX output lies among the graph's outputs."""

    def __init__(self, compiled: CompiledGraph | None, outputs: list[Flattened]):
        self.compiled = compiled
        self.outputs = outputs


class RlxBackendRep(BackendRep):
    """A prepared model: compiles per input signature on demand, then runs."""

    def __init__(self, model: ModelProto, device: str):
        self.model = model
        self.device = device
        initializers = {init.name for init in model.graph.initializer}
        graph_inputs = [v for v in model.graph.input if v.name not in initializers]
        self.input_names = [v.name for v in graph_inputs]
        self.input_kinds = {v.name: type_kind(v.type) for v in graph_inputs}
        self.input_sequences = {v.name for v in graph_inputs if is_sequence_type(v.type)}
        self.input_types = {v.name: _elem_type_of(v.type) for v in graph_inputs}
        self.output_types = [_elem_type_of(v.type) for v in model.graph.output]
        self._baked: set[str] = set()
        self._compiled: dict[Any, _Prepared] = {}

    def run(self, inputs: Any, **kwargs: Any) -> list[Any]:
        """Run on ``inputs`` (a sequence in graph-input order, a mapping by name, or one
        array); returns one value per graph output, in its declared ONNX type (values of
        carried types are converted at this boundary, see ``dtypes``): an array, a list
        of arrays for a sequence, None for an absent optional. A sequence input is a
        list of arrays, an absent optional input None."""
        feeds = self._feeds(inputs)
        prepared = self._compiled_for(feeds)
        runtime: dict[str, np.ndarray] = {}
        for name, value in feeds.items():
            if name not in self._baked:
                runtime.update(self._flat_feeds(name, value))
        outputs = [] if prepared.compiled is None else prepared.compiled.run(runtime)
        return self._regroup(outputs, prepared.outputs)

    def _feeds(self, inputs: Any) -> dict[str, Feed]:
        if isinstance(inputs, Mapping):
            given = {str(k): v for k, v in inputs.items()}
        else:
            if isinstance(inputs, np.ndarray):
                inputs = [inputs]
            if len(inputs) != len(self.input_names):
                raise InputError(f"expected {len(self.input_names)} inputs "
                                 f"({', '.join(self.input_names)}), got {len(inputs)}")
            given = dict(zip(self.input_names, inputs))
        missing = [n for n in self.input_names if n not in given]
        if missing:
            raise InputError(f"missing inputs: {', '.join(missing)}")
        return {n: self._feed(n, v) for n, v in given.items()}

    def _feed(self, name: str, value: Any) -> Feed:
        """One input as the rep holds it: an array, a list of arrays, or None."""
        if value is None:
            if self.input_kinds.get(name) != "optional":
                raise InputError(f"input {name!r} is not optional; None is not a value")
            return None
        if name in self.input_sequences:
            if not isinstance(value, list | tuple):
                raise InputError(f"input {name!r} is an ONNX sequence: give a list of "
                                 f"arrays, not {type(value).__name__}")
            return [np.asarray(v) for v in value]
        return np.asarray(value)

    def _flat_feeds(self, name: str, value: Feed) -> dict[str, np.ndarray]:
        """The rlx inputs of one run-time input (a sequence's elements by their names)."""
        elem = self.input_types.get(name, 0)
        if value is None:
            return {}
        if isinstance(value, list):
            return {element_input_name(name, k): dtypes.to_boundary(v, elem)
                    for k, v in enumerate(value)}
        return {name: dtypes.to_boundary(value, elem)}

    def _regroup(self, outputs: list[np.ndarray], layout: list[Flattened]) -> list[Any]:
        """The flat outputs of the rlx graph as one value per ONNX output."""
        results: list[Any] = []
        at = 0
        for item, declared in zip(layout, self.output_types):
            elem = declared or item.elem_type
            part = [dtypes.from_boundary(o, elem) for o in outputs[at:at + item.count]]
            at += item.count
            if item.kind == "tensor":
                results.append(part[0])
            elif item.kind == "sequence":
                results.append(part)
            else:
                results.append(None)
        return results

    def _key(self, feeds: Mapping[str, Feed]) -> tuple:
        parts: list[tuple] = []
        for name in self.input_names:
            value = feeds[name]
            baked = name in self._baked
            if value is None:
                parts.append((name, None))
            elif isinstance(value, list):
                parts.append((name, "sequence", *(_signature(v, baked) for v in value)))
            else:
                parts.append((name, _signature(value, baked)))
        return tuple(parts)

    def _compiled_for(self, feeds: Mapping[str, Feed]) -> _Prepared:
        for _ in range(MAX_SPECIALISATIONS):
            key = self._key(feeds)
            prepared = self._compiled.get(key)
            if prepared is not None:
                return prepared
            try:
                prepared = self._compile(feeds)
            except StaticValueError as e:
                new = set(e.inputs) - self._baked
                if not new:
                    raise
                self._baked |= new
                continue
            self._compiled[key] = prepared
            return prepared
        raise StaticValueError(f"could not specialise the model after baking inputs "
                               f"{sorted(self._baked)}", [], sorted(self._baked))

    def _compile(self, feeds: Mapping[str, Feed]) -> _Prepared:
        shapes = {n: _shape_of(feeds[n]) for n in self.input_names if n not in self._baked}
        values = {n: feeds[n] for n in self.input_names if n in self._baked}
        imported = import_model(self.model, input_shapes=shapes, input_values=values)
        if imported.graph is None:
            return _Prepared(None, imported.outputs)
        compiled = Session(self.device).compile(imported.graph)
        for name, value in imported.params.items():
            compiled.set_param(name, value)
        return _Prepared(compiled, imported.outputs)


def _elem_type_of(type_proto: Any) -> int:
    """The ONNX element type of a value's tensors (0 when not declared)."""
    tensor_type = tensor_type_of(type_proto)
    return 0 if tensor_type is None else tensor_type.tensor_type.elem_type


def _signature(value: np.ndarray, baked: bool) -> tuple:
    if baked:
        return (value.dtype.str, value.shape, value.tobytes())
    return (value.shape,)


def _shape_of(value: Feed) -> Any:
    """What ``input_shapes`` takes for a feed: a shape, a list of shapes, or None."""
    if value is None:
        return None
    if isinstance(value, list):
        return [v.shape for v in value]
    return value.shape


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
