"""Expand an ONNX op into the function body its schema defines.

Many ONNX ops (Gelu, LayerNormalization, Attention, the ReduceL2 family, the
window functions, ...) are defined by the standard as a *function*: a small graph
of simpler ops. An op without a dedicated converter is imported by expanding its
node into that body and converting the body's nodes; the body's own opset
imports decide which version of each inner op applies.

Names are made unique per expansion: the function's formal inputs and outputs
become the node's actual ones, every other name (including those inside nested
subgraphs) gets a prefix. Attribute references (``ref_attr_name``) take the
node's attribute, else the schema default, else are dropped.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import onnx
import onnx.defs
from onnx import AttributeProto, FunctionProto, GraphProto, NodeProto, TypeProto

_expansions = itertools.count()


@dataclass
class FunctionBody:
    """The nodes replacing one node, and the opsets they were written for."""

    nodes: list[NodeProto]
    opsets: dict[str, int]


def _schema(op_type: str, domain: str, opset: int) -> onnx.defs.OpSchema | None:
    try:
        return onnx.defs.get_schema(op_type, opset, domain)
    except onnx.defs.SchemaError:
        return None


def _pick_version(versions: Sequence[int], opset: int) -> int | None:
    """The newest function version usable at ``opset`` (else the oldest one defined)."""
    versions = sorted(versions)
    if not versions:
        return None
    usable = [v for v in versions if v <= opset]
    return usable[-1] if usable else versions[0]


def has_function(op_type: str, domain: str, opset: int) -> bool:
    """Whether the schema of ``op_type`` at ``opset`` defines a function body."""
    schema = _schema(op_type, domain, opset)
    if schema is None:
        return False
    return bool(schema.function_opset_versions or
                schema.context_dependent_function_opset_versions)


def static_body_ops(op_type: str, domain: str, opset: int) -> list[tuple[str, str]] | None:
    """(domain, op_type) of each node of a context-free function body, or None when the
    body depends on the node's input types (or there is none)."""
    schema = _schema(op_type, domain, opset)
    if schema is None:
        return None
    version = _pick_version(schema.function_opset_versions, opset)
    if version is None:
        return None
    proto = FunctionProto()
    proto.ParseFromString(schema.get_function_with_opset_version(version))
    return [(n.domain, n.op_type) for n in proto.node]


def expand(node: NodeProto, opset: int, input_types: Sequence[TypeProto]) -> FunctionBody | None:
    """The function body replacing ``node``, or None when its schema defines none.

    ``input_types`` gives the type of each of the node's inputs (an empty TypeProto
    for an absent optional input); context-dependent bodies are built from them.
    """
    schema = _schema(node.op_type, node.domain, opset)
    if schema is None:
        return None
    proto = _function_proto(schema, node, opset, input_types)
    if proto is None:
        return None
    renamer = _Renamer(proto, node, f"{node.op_type}.{next(_expansions)}.")
    attrs = _caller_attributes(node, schema)
    nodes = [renamer.node(n, attrs) for n in proto.node]
    opsets = {imp.domain: imp.version for imp in proto.opset_import}
    return FunctionBody(nodes, opsets)


def _function_proto(schema: onnx.defs.OpSchema, node: NodeProto, opset: int,
                    input_types: Sequence[TypeProto]) -> FunctionProto | None:
    proto = FunctionProto()
    version = _pick_version(schema.function_opset_versions, opset)
    if version is not None:
        proto.ParseFromString(schema.get_function_with_opset_version(version))
        return proto
    version = _pick_version(schema.context_dependent_function_opset_versions, opset)
    if version is None:
        return None
    full = NodeProto()
    full.CopyFrom(node)
    present = {a.name for a in node.attribute}
    for name, spec in schema.attributes.items():
        if name not in present and spec.default_value.name:
            full.attribute.append(spec.default_value)
    data = schema.get_context_dependent_function_with_opset_version(
        version, full.SerializeToString(), [t.SerializeToString() for t in input_types])
    proto.ParseFromString(data)
    return proto


def _caller_attributes(node: NodeProto, schema: onnx.defs.OpSchema) -> dict[str, AttributeProto]:
    """The node's attributes, completed with the schema's defaults."""
    attrs = {}
    for name, spec in schema.attributes.items():
        if spec.default_value.name:
            attrs[name] = spec.default_value
    for a in node.attribute:
        attrs[a.name] = a
    return attrs


class _Renamer:
    """Maps the function's names to the caller's (formal -> actual, others prefixed)."""

    def __init__(self, proto: FunctionProto, node: NodeProto, prefix: str):
        self.prefix = prefix
        self.names: dict[str, str] = {"": ""}
        for i, formal in enumerate(proto.input):
            self.names[formal] = node.input[i] if i < len(node.input) else ""
        for i, formal in enumerate(proto.output):
            self.names[formal] = node.output[i] if i < len(node.output) else ""

    def name(self, name: str) -> str:
        if name not in self.names:
            self.names[name] = self.prefix + name
        return self.names[name]

    def node(self, node: NodeProto, attrs: dict[str, AttributeProto]) -> NodeProto:
        out = NodeProto()
        out.CopyFrom(node)
        out.name = self.prefix + (node.name or node.op_type)
        del out.input[:]
        out.input.extend(self.name(n) for n in node.input)
        del out.output[:]
        out.output.extend(self.name(n) for n in node.output)
        del out.attribute[:]
        for a in node.attribute:
            resolved = self._attribute(a, attrs)
            if resolved is not None:
                out.attribute.append(resolved)
        return out

    def _attribute(self, a: AttributeProto, attrs: dict[str, AttributeProto]
                   ) -> AttributeProto | None:
        if a.ref_attr_name:
            source = attrs.get(a.ref_attr_name)
            if source is None:
                return None
            resolved = AttributeProto()
            resolved.CopyFrom(source)
            resolved.name = a.name
            return resolved
        if a.type == AttributeProto.GRAPH:
            resolved = AttributeProto()
            resolved.CopyFrom(a)
            resolved.g.CopyFrom(self._graph(a.g, attrs))
            return resolved
        if a.type == AttributeProto.GRAPHS:
            resolved = AttributeProto()
            resolved.CopyFrom(a)
            del resolved.graphs[:]
            resolved.graphs.extend(self._graph(g, attrs) for g in a.graphs)
            return resolved
        return a

    def _graph(self, graph: GraphProto, attrs: dict[str, AttributeProto]) -> GraphProto:
        out = GraphProto()
        out.CopyFrom(graph)
        for value in list(out.input) + list(out.output) + list(out.value_info):
            value.name = self.name(value.name)
        for init in out.initializer:
            init.name = self.name(init.name)
        del out.node[:]
        out.node.extend(self.node(n, attrs) for n in graph.node)
        return out
