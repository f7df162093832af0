"""JSON serialisation of graphs that round-trips exactly.

Format (version 1)::

    {"format": "rlx-graph", "version": 1, "name": ..., "outputs": [ids],
     "nodes": [{"op": ..., "inputs": [ids], "attrs": {...}, "type": [shape, dtype]}]}

Attribute values are JSON scalars and lists; tuples come back as tuples, dtypes are
tagged ``{"dtype": "f32"}``, floats that JSON cannot spell (inf, nan) are tagged
``{"float": "inf"}`` and constants are ``{"const": {"dtype", "shape", "base64"}}``.
Reading re-infers every node and checks it against the stored type.
"""

from __future__ import annotations

import base64
import json
import math
from typing import Any

from rlx.errors import GraphBuildError, SerializationError
from rlx.ir.dtypes import DType
from rlx.ir.graph import ConstValue, Graph, Node
from rlx.ir.types import TensorType

FORMAT = "rlx-graph"
VERSION = 1


def _enc(v: Any) -> Any:
    if isinstance(v, DType):
        return {"dtype": v.value}
    if isinstance(v, ConstValue):
        return {"const": {"dtype": v.dtype.value, "shape": list(v.shape),
                          "base64": base64.b64encode(v.data).decode("ascii")}}
    if isinstance(v, tuple):
        return [_enc(x) for x in v]
    if isinstance(v, float) and not math.isfinite(v):
        return {"float": repr(v)}
    if v is None or isinstance(v, bool | int | float | str):
        return v
    raise SerializationError(f"cannot serialise attribute value {v!r}")


def _dec(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_dec(x) for x in v)
    if isinstance(v, dict):
        if "dtype" in v:
            return DType(v["dtype"])
        if "float" in v:
            return float(v["float"])
        if "const" in v:
            c = v["const"]
            return ConstValue(DType(c["dtype"]), tuple(c["shape"]), base64.b64decode(c["base64"]))
        raise SerializationError(f"unknown tagged value {v!r}")
    return v


def to_json(graph: Graph) -> str:
    """Serialise ``graph`` to a JSON string."""
    nodes = [{"op": n.op, "inputs": list(n.inputs), "attrs": {k: _enc(v) for k, v in n.attrs},
              "type": [list(n.type.shape), n.type.dtype.value]} for n in graph.nodes]
    return json.dumps({"format": FORMAT, "version": VERSION, "name": graph.name,
                       "outputs": list(graph.outputs), "nodes": nodes})


def from_json(text: str) -> Graph:
    """Read a graph written by :func:`to_json`; raises SerializationError if malformed."""
    try:
        doc = json.loads(text)
        if doc.get("format") != FORMAT or doc.get("version") != VERSION:
            raise SerializationError(f"not an {FORMAT} v{VERSION} document")
        nodes = []
        for raw in doc["nodes"]:
            attrs = tuple(sorted((k, _dec(v)) for k, v in raw["attrs"].items()))
            shape, dtype = raw["type"]
            nodes.append(Node(raw["op"], tuple(raw["inputs"]), attrs,
                              TensorType(tuple(shape), DType(dtype))))
        return Graph.from_nodes(doc.get("name", "graph"), nodes, doc["outputs"])
    except SerializationError:
        raise
    except (KeyError, TypeError, ValueError, GraphBuildError) as e:
        raise SerializationError(f"malformed rlx graph JSON: {e}") from e


def save(graph: Graph, path: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(to_json(graph))


def load(path: str) -> Graph:
    with open(path, encoding="utf-8") as f:
        return from_json(f.read())
