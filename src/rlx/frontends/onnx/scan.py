"""Scan a whole model, before converting anything, for what rlx cannot import.

One :class:`rlx.errors.UnsupportedOpError` lists every unsupported op (domain,
op type, opset, first node), every tensor of an element type rlx lacks and every
graph input or output of a kind the importer cannot hold (anything but tensors,
sequences of tensors and optionals of those, see :mod:`rlx.frontends.onnx.values`),
so a user learns everything that is missing at once instead of one op per attempt.
An op is supported when it has a converter for its opset, or when its ONNX
schema defines a function body (whose context-free ops are scanned in turn).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from onnx import AttributeProto, GraphProto, ModelProto, NodeProto

from rlx.errors import UnsupportedOpError
from rlx.frontends.onnx import dtypes, functions
from rlx.frontends.onnx.registry import find_converter, normalize_domain
from rlx.frontends.onnx.values import describe_type, tensor_type_of


@dataclass(frozen=True)
class MissingOp:
    domain: str
    op_type: str
    opset: int
    first_node: str

    def __str__(self) -> str:
        return (f"{self.domain or 'ai.onnx'}::{self.op_type} (opset {self.opset}), first at "
                f"node {self.first_node!r}")


def walk_nodes(graph: GraphProto) -> Iterator[NodeProto]:
    """Every node of ``graph`` and of its subgraphs (If branches, loop bodies), in order."""
    for node in graph.node:
        yield node
        for attr in node.attribute:
            if attr.type == AttributeProto.GRAPH:
                yield from walk_nodes(attr.g)
            elif attr.type == AttributeProto.GRAPHS:
                for sub in attr.graphs:
                    yield from walk_nodes(sub)


def _is_supported(domain: str, op_type: str, opset: int, depth: int = 0) -> bool:
    if find_converter(domain, op_type, opset) is not None:
        return True
    if not functions.has_function(op_type, domain, opset):
        return False
    body = functions.static_body_ops(op_type, domain, opset)
    if body is None or depth > 4:
        return True  # context-dependent body: checked when it is expanded
    return all(_is_supported(normalize_domain(d), op, opset, depth + 1) for d, op in body)


def missing_ops(model: ModelProto, opsets: Mapping[str, int]) -> list[MissingOp]:
    """Each unsupported (domain, op type) of ``model``, once, with its first node."""
    found: dict[tuple[str, str], MissingOp] = {}
    for node in walk_nodes(model.graph):
        domain = normalize_domain(node.domain)
        key = (domain, node.op_type)
        if key in found:
            continue
        opset = opsets.get(domain, 1)
        if not _is_supported(domain, node.op_type, opset):
            name = node.name or (node.output[0] if node.output else "?")
            found[key] = MissingOp(domain, node.op_type, opset, name)
    return list(found.values())


def unsupported_tensors(model: ModelProto) -> list[str]:
    """Graph inputs, outputs and initializers whose element type rlx lacks, and graph
    inputs and outputs that are neither tensors nor sequences / optionals of them."""
    problems = []
    graph = model.graph
    for kind, values in (("input", graph.input), ("output", graph.output)):
        for v in values:
            if v.type.WhichOneof("value") is None:
                continue  # no type declared: the converters decide
            tensor_type = tensor_type_of(v.type)
            if tensor_type is None:
                problems.append(f"{kind} {v.name!r}: a {describe_type(v.type)} (rlx imports "
                                "tensors, sequences of tensors and optionals of those)")
                continue
            elem = tensor_type.tensor_type.elem_type
            if elem and not dtypes.is_supported(elem):
                problems.append(f"{kind} {v.name!r}: {dtypes.onnx_type_name(elem)}")
    for init in graph.initializer:
        if not dtypes.is_supported(init.data_type):
            problems.append(f"initializer {init.name!r}: {dtypes.onnx_type_name(init.data_type)}")
    return problems


NEWEST_OPSET = 28
"""The newest version of the default ONNX domain the converters are written against: a
model declaring a later one may use ops whose meaning changed since (as Softmax's axis
did at 13), which rlx would import with the old meaning."""


def check_model(model: ModelProto, opsets: Mapping[str, int]) -> None:
    """Raise one UnsupportedOpError listing every unsupported op and tensor type (and an
    opset newer than :data:`NEWEST_OPSET`)."""
    ops = missing_ops(model, opsets)
    tensors = unsupported_tensors(model)
    newer = opsets.get("", 1) > NEWEST_OPSET
    if not ops and not tensors and not newer:
        return
    name = model.graph.name or "model"
    lines = []
    if newer:
        lines.append(f"ONNX model {name!r} declares opset {opsets['']} of the default domain; "
                     f"rlx imports opsets up to {NEWEST_OPSET} (a later one may change what "
                     "an op means)")
    if ops:
        lines.append(f"ONNX model {name!r} uses {len(ops)} op(s) rlx cannot import:")
        lines += [f"  {op}" for op in ops]
    if tensors:
        lines.append(f"ONNX model {name!r} has {len(tensors)} tensor(s) of element types rlx "
                     "lacks:")
        lines += [f"  {t}" for t in tensors]
    error = UnsupportedOpError("\n".join(lines))
    error.missing_ops = ops
    error.unsupported_tensors = tensors
    raise error
