"""What a converter sees: one ONNX node, its operands as rlx Tensors, its attributes.

A converter is ``fn(cx: NodeContext) -> Tensor | Sequence[Tensor | None]``. It
reads operands with :meth:`NodeContext.input` (or :meth:`NodeContext.optional`
for optional ones), values that must be known at import time (a Reshape's shape,
a Slice's starts) with :meth:`NodeContext.static`, and attributes with
:meth:`NodeContext.attr`; it builds rlx ops on ``cx.graph`` and returns one
Tensor per node output (``None`` for an optional output nobody reads).

Values known at import time are tracked by :class:`ImportState`: constants,
initializers, and every node whose operands are all known (folded as soon as it
is built, see :mod:`rlx.frontends.onnx.importer`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from onnx import AttributeProto, GraphProto, NodeProto, numpy_helper

from rlx.errors import GraphBuildError, UnsupportedOpError
from rlx.frontends.onnx import dtypes
from rlx.ir.dtypes import DType, as_dtype
from rlx.ir.graph import Graph, Tensor

_MISSING = object()


class StaticValueError(UnsupportedOpError):
    """A converter needs, at import time, a value that is only known at run time.

    rlx graphs have static shapes, so values that decide a shape (a Reshape's
    target, a Slice's bounds, a Range's limits) must be constants, initializers,
    or computable from them and from input shapes. ``names`` lists the ONNX
    values that were needed. Fix: make them initializers, or bake the graph
    inputs they come from with ``load(..., input_values={...})``.
    """

    def __init__(self, message: str, names: Sequence[str], inputs: Sequence[str] = ()):
        super().__init__(message)
        self.names = list(names)
        self.inputs = list(inputs)


class Scope:
    """ONNX value names bound to rlx Tensors; a subgraph's scope reads its parent's."""

    def __init__(self, parent: Scope | None = None):
        self.parent = parent
        self.values: dict[str, Tensor] = {}

    def lookup(self, name: str) -> Tensor | None:
        scope: Scope | None = self
        while scope is not None:
            found = scope.values.get(name)
            if found is not None:
                return found
            scope = scope.parent
        return None

    def bind(self, name: str, tensor: Tensor) -> None:
        self.values[name] = tensor


@dataclass
class ImportState:
    """The graph under construction and what is known about its values.

    ``known`` holds the value of every node computable at import time (constants
    and folded nodes), by node id. ``param_values`` holds the value of every param
    (large initializers and large folded values), by param name; params are never
    folded, so the user can replace them, but converters may read them with
    ``static``. ``logical`` records the ONNX element type of values held in a
    carrier dtype (see :mod:`rlx.frontends.onnx.dtypes`), by node id. ``readers``
    counts, per ONNX value name, the node inputs (subgraphs included) and graph
    outputs that read it.
    """

    graph: Graph
    opsets: Mapping[str, int]
    params_as: str = "auto"
    known: dict[int, np.ndarray] = field(default_factory=dict)
    param_values: dict[str, np.ndarray] = field(default_factory=dict)
    param_ids: dict[int, str] = field(default_factory=dict)
    logical: dict[int, int] = field(default_factory=dict)
    run_graph: Callable[..., list[Tensor]] | None = None
    readers: Mapping[str, int] = field(default_factory=dict)

    def value_of(self, tensor: Tensor) -> np.ndarray | None:
        """The import-time value of ``tensor``, or None when it is only known at run time."""
        value = self.known.get(tensor.id)
        if value is not None:
            return value
        name = self.param_ids.get(tensor.id)
        return None if name is None else self.param_values[name]

    def onnx_type(self, tensor: Tensor) -> int:
        """The ONNX element type of ``tensor`` (its logical type when carried)."""
        found = self.logical.get(tensor.id)
        return found if found is not None else dtypes.to_onnx(tensor.dtype)

    def input_lineage(self, tensor: Tensor) -> list[str]:
        """Names of the graph inputs ``tensor`` is computed from."""
        nodes = self.graph.nodes
        seen: set[int] = set()
        stack = [tensor.id]
        names = []
        while stack:
            nid = stack.pop()
            if nid in seen:
                continue
            seen.add(nid)
            node = nodes[nid]
            if node.op == "input":
                names.append(node.attr("name"))
            stack.extend(node.inputs)
        return sorted(names)

    def constant(self, value: np.ndarray, dtype: DType | None = None) -> Tensor:
        """A constant node holding ``value`` in ``dtype`` (default: the array's own dtype,
        exactly; a 0-d float64 stays f64). Recorded as known."""
        value = np.asarray(value)
        t = self.graph.constant(value, dtype if dtype is not None else as_dtype(value.dtype))
        self.known[t.id] = t.node.attr("value").array()
        return t

    def param(self, name: str, value: np.ndarray) -> Tensor:
        """A param node called ``name`` (made unique) whose value is ``value``."""
        unique = name
        suffix = 1
        while unique in self.param_values or _name_taken(self.graph, unique):
            unique = f"{name}.{suffix}"
            suffix += 1
        t = self.graph.param(unique, value.shape, value.dtype)
        self.param_values[unique] = value
        self.param_ids[t.id] = unique
        return t


def _name_taken(graph: Graph, name: str) -> bool:
    try:
        graph.node_id(name)
    except KeyError:
        return False
    return True


def count_readers(graph: GraphProto) -> dict[str, int]:
    """Per value name: how many node inputs (in ``graph`` and its subgraphs, which may
    read outer values) and graph outputs read it."""
    counts: dict[str, int] = {}
    stack = [graph]
    while stack:
        g = stack.pop()
        for node in g.node:
            for name in node.input:
                if name:
                    counts[name] = counts.get(name, 0) + 1
            for attr in node.attribute:
                if attr.type == AttributeProto.GRAPH:
                    stack.append(attr.g)
                elif attr.type == AttributeProto.GRAPHS:
                    stack.extend(attr.graphs)
        for out in g.output:
            counts[out.name] = counts.get(out.name, 0) + 1
    return counts


def decode_attribute(attr: AttributeProto) -> Any:
    """An ONNX attribute as a Python value: int, float, str, ndarray, GraphProto or lists."""
    kind = attr.type
    if kind == AttributeProto.INT:
        return int(attr.i)
    if kind == AttributeProto.FLOAT:
        return float(attr.f)
    if kind == AttributeProto.STRING:
        return attr.s.decode("utf-8", errors="replace")
    if kind == AttributeProto.TENSOR:
        return numpy_helper.to_array(attr.t)
    if kind == AttributeProto.GRAPH:
        return attr.g
    if kind == AttributeProto.INTS:
        return [int(v) for v in attr.ints]
    if kind == AttributeProto.FLOATS:
        return [float(v) for v in attr.floats]
    if kind == AttributeProto.STRINGS:
        return [s.decode("utf-8", errors="replace") for s in attr.strings]
    if kind == AttributeProto.TENSORS:
        return [numpy_helper.to_array(t) for t in attr.tensors]
    if kind == AttributeProto.GRAPHS:
        return list(attr.graphs)
    if kind == AttributeProto.SPARSE_TENSOR:
        return attr.sparse_tensor
    raise UnsupportedOpError(f"attribute {attr.name!r} has an unsupported type {kind}")


class NodeContext:
    """One ONNX node being converted: operands, attributes, opset, and the graph."""

    def __init__(self, state: ImportState, scope: Scope, node: NodeProto, opset: int,
                 opsets: Mapping[str, int]):
        self.state = state
        self.scope = scope
        self.node = node
        self.opset = opset
        self.opsets = opsets
        self._attrs = {a.name: a for a in node.attribute}

    # ------------------------------------------------------------------ facts
    @property
    def graph(self) -> Graph:
        return self.state.graph

    @property
    def op_type(self) -> str:
        return self.node.op_type

    @property
    def label(self) -> str:
        """How messages name this node: ``Op 'name'`` (or the first output's name)."""
        name = self.node.name or (self.node.output[0] if self.node.output else "?")
        return f"{self.node.op_type} {name!r} (opset {self.opset})"

    def error(self, rule: str) -> GraphBuildError:
        """A GraphBuildError naming this node and the rule that failed."""
        return GraphBuildError(f"ONNX node {self.label}: {rule}")

    def unsupported(self, what: str) -> UnsupportedOpError:
        """An UnsupportedOpError naming this node and the unsupported feature."""
        return UnsupportedOpError(f"ONNX node {self.label}: {what} is not supported")

    # ------------------------------------------------------------------ inputs
    @property
    def num_inputs(self) -> int:
        return len(self.node.input)

    def has_input(self, i: int) -> bool:
        """Whether optional input ``i`` is given (present and not the empty name)."""
        return i < len(self.node.input) and self.node.input[i] != ""

    def input(self, i: int) -> Tensor:
        """Operand ``i``; a GraphBuildError when it is absent."""
        if not self.has_input(i):
            raise self.error(f"input {i} is required")
        name = self.node.input[i]
        found = self.scope.lookup(name)
        if found is None:
            raise self.error(f"input {name!r} is not defined before this node")
        return found

    def optional(self, i: int) -> Tensor | None:
        """Operand ``i``, or None when it is not given."""
        return self.input(i) if self.has_input(i) else None

    def inputs(self) -> list[Tensor]:
        """Every given operand, in order (absent optional ones skipped)."""
        return [self.input(i) for i in range(self.num_inputs) if self.has_input(i)]

    def static(self, i: int) -> np.ndarray:
        """The import-time value of operand ``i``.

        Raises StaticValueError when the operand is only known at run time.
        """
        tensor = self.input(i)
        value = self.state.value_of(tensor)
        if value is None:
            name = self.node.input[i]
            lineage = self.state.input_lineage(tensor)
            source = f"; it is computed from graph input(s) {lineage}" if lineage else ""
            raise StaticValueError(f"ONNX node {self.label}: input {i} ({name!r}) must be "
                                   "known at import time (a constant, an initializer, or "
                                   f"computed from them and from shapes){source}", [name],
                                   lineage)
        return value

    def static_or_none(self, i: int) -> np.ndarray | None:
        """Like :meth:`static`, but None when operand ``i`` is not given."""
        return self.static(i) if self.has_input(i) else None

    def is_static(self, i: int) -> bool:
        """Whether operand ``i`` is given and known at import time."""
        return self.has_input(i) and self.state.value_of(self.input(i)) is not None

    def onnx_type(self, i: int) -> int:
        """The ONNX element type of operand ``i`` (its logical type when carried)."""
        return self.state.onnx_type(self.input(i))

    def sole_reader(self, i: int) -> bool:
        """Whether this node is the only reader of operand ``i``'s value (no other node
        input, subgraph or graph output reads it), so a converter may rebuild the node
        that computed it instead of reading it."""
        return self.has_input(i) and self.state.readers.get(self.node.input[i], 0) == 1

    # ------------------------------------------------------------------ attributes
    def has_attr(self, name: str) -> bool:
        return name in self._attrs

    def attr(self, name: str, default: Any = _MISSING) -> Any:
        """Attribute ``name`` decoded (see :func:`decode_attribute`), or ``default``.

        A GraphBuildError when the attribute is absent and no default is given.
        """
        found = self._attrs.get(name)
        if found is None:
            if default is _MISSING:
                raise self.error(f"attribute {name!r} is required")
            return default
        return decode_attribute(found)

    def subgraph(self, name: str) -> GraphProto:
        """A graph-valued attribute (an If branch, a Loop or Scan body)."""
        value = self.attr(name)
        if not isinstance(value, GraphProto):
            raise self.error(f"attribute {name!r} must be a graph")
        return value

    # ------------------------------------------------------------------ outputs
    @property
    def num_outputs(self) -> int:
        return len(self.node.output)

    def wants_output(self, i: int) -> bool:
        """Whether output ``i`` exists and is read (named) by the model."""
        return i < len(self.node.output) and self.node.output[i] != ""

    def run_subgraph(self, graph: GraphProto, bindings: Sequence[Tensor]) -> list[Tensor]:
        """Convert ``graph`` (a branch or loop body) with its inputs bound to ``bindings``
        in a scope that sees this node's; returns its outputs."""
        assert self.state.run_graph is not None, "ImportState.run_graph is set by load()"
        return self.state.run_graph(self.scope, graph, bindings, self.opsets)

    # ------------------------------------------------------------------ building
    def mark(self, tensor: Tensor, elem_type: int) -> Tensor:
        """Record that ``tensor`` holds values of ONNX type ``elem_type`` (when carried)."""
        if dtypes.carrier(elem_type) is not None:
            self.state.logical[tensor.id] = elem_type
        return tensor

    def const(self, value: Any, dtype: DType | str | None = None) -> Tensor:
        """A constant of the graph (recorded as known at import time)."""
        return self.state.constant(np.asarray(value), None if dtype is None else
                                   as_dtype(dtype))
