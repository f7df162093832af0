"""JSON serialisation of graphs that round-trips exactly.

Format (version 1)::

    {"format": "rlx-graph", "version": 1, "name": ..., "outputs": [ids],
     "nodes": [{"op": ..., "inputs": [ids], "attrs": {...}, "type": [shape, dtype]}]}

Attribute values are JSON scalars and lists; tuples come back as tuples, dtypes are
tagged ``{"dtype": "f32"}``, symbolic dimensions (in shapes and attributes)
``{"dim": [[name or null, size], ...]}`` (their row-major factors), floats that JSON
cannot spell (inf, nan) are tagged ``{"float": "inf"}`` and constants are
``{"const": {"dtype", "shape", "base64"}}``; a control-flow body is
``{"subgraph": {"inputs": [ids], "graph": {"name", "outputs", "nodes"}}}``.
Reading re-infers every node and checks it against the stored type; an attribute a
document leaves out (one written before the attribute existed) takes the default of
the op's attribute schema (:mod:`rlx.ir.opdef`), and one the schema does not know is
refused. A custom op
(rlx.register_op) is written like any op; reading it needs the op registered (else a
SerializationError naming it).
"""

from __future__ import annotations

import base64
import json
import math
from typing import Any

from rlx.atomicfile import write_atomic
from rlx.errors import SerializationError
from rlx.ir.control import Subgraph
from rlx.ir.dtypes import DType
from rlx.ir.graph import ConstValue, Graph, Node
from rlx.ir.ops import OPS
from rlx.ir.types import Dim, TensorType

FORMAT = "rlx-graph"
VERSION = 1


def _enc(v: Any) -> Any:
    if isinstance(v, Dim):
        return {"dim": [[name, n] for name, n in v.factors]}
    if isinstance(v, DType):
        return {"dtype": v.value}
    if isinstance(v, ConstValue):
        return {"const": {"dtype": v.dtype.value, "shape": list(v.shape),
                          "base64": base64.b64encode(v.data).decode("ascii")}}
    if isinstance(v, Subgraph):
        return {"subgraph": {"inputs": list(v.inputs), "graph": _document(v.graph)}}
    if isinstance(v, tuple):
        return [_enc(x) for x in v]
    if isinstance(v, float) and not math.isfinite(v):
        return {"float": repr(v)}
    if v is None or isinstance(v, bool | int | float | str):
        return v
    raise SerializationError(f"cannot serialise attribute value {v!r}")


def _dec(v: Any, memo: dict[str, Subgraph]) -> Any:
    """The value of an encoded attribute; ``memo`` maps each body's text to its Subgraph, so
    that sibling nodes (one written per result) share one body again."""
    if isinstance(v, list):
        return tuple(_dec(x, memo) for x in v)
    if isinstance(v, dict):
        if "dtype" in v:
            return DType(v["dtype"])
        if "float" in v:
            return float(v["float"])
        if "const" in v:
            return _dec_const(v["const"])
        if "dim" in v:
            return _dec_dim(v["dim"])
        if "subgraph" in v:
            body = v["subgraph"]
            key = json.dumps(body, sort_keys=True)
            if key not in memo:
                memo[key] = Subgraph(_graph(body["graph"], memo),
                                     tuple(int(i) for i in body["inputs"]))
            return memo[key]
        raise SerializationError(f"unknown tagged value {v!r}")
    return v


def _dec_dim(factors: Any) -> Dim:
    """A tagged symbolic dimension: a simple Dim, or a product with a symbol in it."""
    if (not isinstance(factors, list) or not factors
            or not all(isinstance(f, list) and len(f) == 2 for f in factors)):
        raise SerializationError(f"malformed symbolic dimension {factors!r}")
    for name, n in factors:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1 or not (
                name is None or isinstance(name, str)):
            raise SerializationError(f"malformed symbolic dimension {factors!r}")
    if len(factors) == 1:
        try:
            return Dim(factors[0][0], factors[0][1])
        except (TypeError, ValueError) as e:
            raise SerializationError(f"malformed symbolic dimension: {e}") from None
    if all(name is None for name, _ in factors):
        raise SerializationError(f"symbolic dimension {factors!r} names no symbol")
    return Dim._of(tuple((name, n) for name, n in factors))


def _dec_const(c: Any) -> ConstValue:
    """A tagged constant, its byte count checked against its dtype and shape."""
    dtype, shape = DType(c["dtype"]), tuple(c["shape"])
    if not all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in shape):
        raise SerializationError(f"constant shape {list(shape)} is not a list of "
                                 "non-negative integers")
    data = base64.b64decode(c["base64"], validate=True)
    if len(data) != math.prod(shape) * dtype.np.itemsize:
        raise SerializationError(f"constant of dtype {dtype.value} and shape {list(shape)} "
                                 f"holds {len(data)} bytes")
    return ConstValue(dtype, shape, data)


def _document(graph: Graph) -> dict[str, Any]:
    nodes = [{"op": n.op, "inputs": list(n.inputs), "attrs": {k: _enc(v) for k, v in n.attrs},
              "type": [[_enc(d) for d in n.type.shape], n.type.dtype.value]}
             for n in graph.nodes]
    return {"name": graph.name, "outputs": list(graph.outputs), "nodes": nodes}


def to_json(graph: Graph) -> str:
    """Serialise ``graph`` to a JSON string."""
    return json.dumps({"format": FORMAT, "version": VERSION, **_document(graph)})


def _graph(doc: dict[str, Any], memo: dict[str, Subgraph]) -> Graph:
    """The graph of a document's name, nodes and outputs (a control-flow body's too)."""
    nodes = []
    for raw in doc["nodes"]:
        if raw["op"] not in OPS:
            raise SerializationError(
                f"unknown op kind {raw['op']!r}; if it is a custom op, register it with "
                "rlx.register_op before loading the graph")
        attrs = tuple(sorted((k, _dec(v, memo)) for k, v in raw["attrs"].items()))
        shape, dtype = raw["type"]
        nodes.append(Node(raw["op"], tuple(raw["inputs"]), attrs,
                          TensorType(tuple(_dec(d, memo) for d in shape), DType(dtype))))
    return Graph.from_nodes(doc.get("name", "graph"), nodes, doc["outputs"])


def from_json(text: str) -> Graph:
    """Read a graph written by :func:`to_json`; raises SerializationError if malformed."""
    try:
        doc = json.loads(text)
        if doc.get("format") != FORMAT or doc.get("version") != VERSION:
            raise SerializationError(f"not an {FORMAT} v{VERSION} document")
        return _graph(doc, {})
    except (SerializationError, MemoryError):
        raise
    except RecursionError:
        raise SerializationError("malformed rlx graph JSON: nested too deeply") from None
    except Exception as e:  # hostile documents reach every check; none may escape bare
        raise SerializationError(f"malformed rlx graph JSON: {type(e).__name__}: {e}") from e


def save(graph: Graph, path: str) -> None:
    """Write ``graph`` to ``path`` as JSON. The file is replaced whole once the graph
    has serialised: a graph that cannot be serialised (SerializationError) leaves what
    was at ``path`` untouched."""
    write_atomic(path, to_json(graph).encode("utf-8"))


def load(path: str) -> Graph:
    """Read the graph saved at ``path``; SerializationError naming the file when it is
    not a well-formed rlx graph document, OSError when it cannot be read."""
    with open(path, "rb") as f:
        raw = f.read()
    try:
        return from_json(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise SerializationError(f"{path}: not UTF-8 text ({e})") from None
    except SerializationError as e:
        raise SerializationError(f"{path}: {e}") from e
