"""What a converter sees: one ONNX node, its operands as rlx Tensors, its attributes.

A converter is ``fn(cx: NodeContext) -> Value | Sequence[Value | None]``. It
reads operands with :meth:`NodeContext.input` (or :meth:`NodeContext.optional`
for optional ones), values that must be known at import time (a Reshape's shape,
a Slice's starts) with :meth:`NodeContext.static`, and attributes with
:meth:`NodeContext.attr`; it builds rlx ops on ``cx.graph`` and returns one
value per node output (``None`` for an optional output nobody reads): an rlx Tensor,
or, from the ops on ONNX sequences and optionals, a SequenceValue or OptionalValue
(see :mod:`rlx.frontends.onnx.values`), which those ops read with
:meth:`NodeContext.value`.

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
from rlx.frontends.onnx.values import SequenceValue, Value, kind_of, map_tensors
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
    """ONNX value names bound to rlx Tensors (or sequence / optional values of them, see
    :mod:`rlx.frontends.onnx.values`); a subgraph's scope reads its parent's.

    With ``capture_into`` (a control-flow body being traced), a value found in an outer
    scope is read through a capture input of that graph (each tensor of a sequence or
    optional through its own), so every node reading it is built in the body (and runs
    only when the body does) rather than in the graph around it."""

    def __init__(self, parent: Scope | None = None, capture_into: Graph | None = None):
        self.parent = parent
        self.values: dict[str, Value] = {}
        self.capture_into = capture_into

    def lookup(self, name: str) -> Value | None:
        found = self.values.get(name)
        if found is not None:
            return found
        found = None if self.parent is None else self.parent.lookup(name)
        if found is None or self.capture_into is None:
            return found
        return map_tensors(found, lambda t, _: self._captured(t))

    def _captured(self, tensor: Tensor) -> Tensor:
        graph = self.capture_into
        assert graph is not None
        if tensor.graph is graph:
            return tensor
        return Tensor(graph, graph.capture(tensor))

    def bind(self, name: str, value: Value) -> None:
        self.values[name] = value


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
    outputs that read it. ``input_origins`` maps the rlx input of each element of a
    sequence graph input (``s.0``, ``s.1``, ...) to the ONNX input's name (``s``).
    ``from_bounds`` holds the known values computed from the bound of a symbolic
    dimension (``Shape`` / ``Size`` of one, and what is folded from them): a length
    that is not the run's, which a Loop's trip count or an If's condition may not use.
    ``lengths`` are those of them that are numbers of positions (not tables with one
    entry per position), which arithmetic with run-time values may not use.

    While a control-flow body is traced (an If branch, a Loop or Scan body made an rlx
    ``cond`` / ``while_loop`` / ``scan``), converters see a *nested* state
    (:meth:`nested`): its graph is the body's, ``outer`` the state around it, and the
    by-id tables above answer only for its own graph; :meth:`value_of`,
    :meth:`onnx_type` and :meth:`owner` find the state of any tensor's graph.
    ``run_graph(state, scope, graph, bindings, opsets)`` converts a GraphProto into
    ``state``'s graph.
    """

    graph: Graph
    opsets: Mapping[str, int]
    params_as: str = "auto"
    known: dict[int, np.ndarray] = field(default_factory=dict)
    param_values: dict[str, np.ndarray] = field(default_factory=dict)
    param_ids: dict[int, str] = field(default_factory=dict)
    logical: dict[int, int] = field(default_factory=dict)
    run_graph: Callable[..., list[Value]] | None = None
    readers: Mapping[str, int] = field(default_factory=dict)
    outer: ImportState | None = None
    capture_reads: bool = False
    input_origins: dict[str, str] = field(default_factory=dict)
    from_bounds: set[int] = field(default_factory=set)
    lengths: set[int] = field(default_factory=set)

    def nested(self, graph: Graph, capture_reads: bool = False) -> ImportState:
        """The state of a control-flow body being traced (``graph``, whose parent is this
        state's graph or one inside it): converters build in ``graph``, and questions about
        tensors of the graphs around it go to the states that own them. Nodes reading only
        outer values are built in the graph around (hoisted: right for a loop body, where
        they would compute the same value every iteration) unless ``capture_reads``, where
        the body reads every outer value through a capture (an If branch, so that work
        and faults of the branch not taken never happen)."""
        return ImportState(graph, self.opsets, "constants", run_graph=self.run_graph,
                           readers=self.readers, outer=self, capture_reads=capture_reads)

    def chain(self) -> list[ImportState]:
        """This state and the states of the graphs around it, innermost first."""
        found, state = [], self
        while state is not None:
            found.append(state)
            state = state.outer
        return found

    def owner(self, tensor: Tensor) -> ImportState | None:
        """The state (this one or one around it) whose graph holds ``tensor``; None for a
        graph no state tracks (a body traced only to hold another)."""
        for state in self.chain():
            if state.graph is tensor.graph:
                return state
        return None

    def value_of(self, tensor: Tensor, params: bool = True) -> np.ndarray | None:
        """The import-time value of ``tensor``, or None when it is only known at run time
        (or, with ``params=False``, when it is a param's)."""
        state = self.owner(tensor)
        if state is None:
            return None
        value = state.known.get(tensor.id)
        if value is not None:
            return value
        name = state.param_ids.get(tensor.id)
        if name is not None:
            return state.param_values[name] if params else None
        return state.capture_value(tensor.id, params)

    def capture_value(self, node_id: int, params: bool = False) -> np.ndarray | None:
        """The import-time value of the outer tensor node ``node_id`` of this (body) graph
        captures (see :meth:`rlx.ir.graph.Graph.capture`), or None; a param's value only
        with ``params`` (params are never folded)."""
        outer = self.captured(node_id)
        if self.outer is None or outer is None:
            return None
        return self.outer.value_of(outer, params)

    def onnx_type(self, tensor: Tensor) -> int:
        """The ONNX element type of ``tensor`` (its logical type when carried)."""
        state = self.owner(tensor)
        found = None if state is None else state.logical.get(tensor.id)
        return found if found is not None else dtypes.to_onnx(tensor.dtype)

    def input_lineage(self, tensor: Tensor) -> list[str]:
        """Names of the graph inputs ``tensor`` is computed from (in a body, through the
        outer values it captures; the body's own inputs by their names there). An
        element of a sequence input is named by the ONNX input (``input_origins``)."""
        state = self.owner(tensor) or self
        nodes = state.graph.nodes
        seen: set[int] = set()
        stack = [tensor.id]
        names: set[str] = set()
        while stack:
            nid = stack.pop()
            if nid in seen:
                continue
            seen.add(nid)
            node = nodes[nid]
            if node.op == "input":
                outer = state.captured(nid)
                if outer is not None and state.outer is not None:
                    names.update(state.outer.input_lineage(outer))
                else:
                    name = str(node.attr("name"))
                    names.add(self.chain()[-1].input_origins.get(name, name))
            stack.extend(node.inputs)
        return sorted(names)

    def captured(self, node_id: int) -> Tensor | None:
        """The outer tensor the input node ``node_id`` of this (body) graph captures (see
        :meth:`rlx.ir.graph.Graph.capture`), or None."""
        node = self.graph.nodes[node_id]
        if node.op != "input":
            return None
        name = str(node.attr("name"))
        k = name[len("capture"):]
        if not name.startswith("capture") or not k.isdigit() \
                or int(k) >= len(self.graph.captures):
            return None
        return self.graph.captures[int(k)]

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

    def value(self, i: int) -> Value:
        """Operand ``i`` of any kind: a Tensor, a SequenceValue or an OptionalValue (for
        the ops on sequences and optionals); a GraphBuildError when it is absent."""
        if not self.has_input(i):
            raise self.error(f"input {i} is required")
        name = self.node.input[i]
        found = self.scope.lookup(name)
        if found is None:
            raise self.error(f"input {name!r} is not defined before this node")
        return found

    def input(self, i: int) -> Tensor:
        """Operand ``i``, a tensor; a GraphBuildError when it is absent or is an ONNX
        sequence or optional."""
        found = self.value(i)
        if not isinstance(found, Tensor):
            raise self.error(f"input {i} ({self.node.input[i]!r}) is an ONNX "
                             f"{kind_of(found)}; this op takes tensors")
        return found

    def sequence(self, i: int) -> SequenceValue:
        """Operand ``i``, an ONNX sequence; a GraphBuildError when it is anything else."""
        found = self.value(i)
        if not isinstance(found, SequenceValue):
            raise self.error(f"input {i} ({self.node.input[i]!r}) must be a sequence, not "
                             f"an ONNX {kind_of(found)}")
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

    def run_subgraph(self, graph: GraphProto, bindings: Sequence[Value],
                     state: ImportState | None = None) -> list[Value]:
        """Convert ``graph`` (a branch or loop body) with its inputs bound to ``bindings``
        in a scope that sees this node's; returns its outputs. It is built in ``state``'s
        graph: by default this node's (inlined), or a control-flow body being traced
        (``self.state.nested(body_graph)``), whose reads of outer values become captures."""
        state = self.state if state is None else state
        assert state.run_graph is not None, "ImportState.run_graph is set by load()"
        return state.run_graph(state, self.scope, graph, bindings, self.opsets)

    # ------------------------------------------------------------------ building
    def mark(self, tensor: Tensor, elem_type: int) -> Tensor:
        """Record that ``tensor`` holds values of ONNX type ``elem_type`` (when carried)."""
        owner = self.state.owner(tensor)
        if dtypes.carrier(elem_type) is not None and owner is not None:
            owner.logical[tensor.id] = elem_type
        return tensor

    def const(self, value: Any, dtype: DType | str | None = None) -> Tensor:
        """A constant of the graph (recorded as known at import time)."""
        return self.state.constant(np.asarray(value), None if dtype is None else
                                   as_dtype(dtype))
