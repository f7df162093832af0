"""Control-flow ops (category ``control``): ``cond``, ``while_loop``, ``scan``, and
``unpack``, which reads one result out of their packed form.

Kept apart from :mod:`rlx.ir.ops`; importing this module defines the kinds in the op
contract (:func:`rlx.ir.opdef.define`). The builders users call are
:func:`rlx.cond`, :func:`rlx.while_loop` and :func:`rlx.scan` (:mod:`rlx.control`).

**Sub-graphs.** A control-flow node holds its bodies as :class:`Subgraph` attributes:
a graph of its own whose ``input`` nodes, in the order ``Subgraph.inputs`` lists them,
receive the node's operands (or per-step slices of them) and whose outputs are the
body's results. A body reads nothing of the graph around it except through operands:
tensors a traced Python function closed over become extra operands ("captures",
appended after the explicit ones). Bodies have fixed shapes and no params; a
Subgraph compares equal only to itself.

**Several results.** Like ``topk`` and the linalg family, a node has one result,
selected by its ``result`` attribute (``0 .. n-1``): the carries of a loop (or a
branch's outputs), then for ``scan`` the stacked per-step outputs. Nodes differing only
in ``result`` are *siblings*; before fusion the ``pack_control_flow`` pass
(:mod:`rlx.passes.control`) replaces a set of siblings with one node of
``result=-1`` — every result in one ``u8`` buffer, each at the offset
:func:`packed_layout` gives (64-byte aligned) — and one ``unpack`` view per sibling, so
a compiled program runs each loop once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rlx.errors import DTypeError, GraphBuildError, ShapeError
from rlx.ir.dtypes import DType
from rlx.ir.opdef import define, register_attr_kind
from rlx.ir.types import TensorType

Attrs = dict[str, Any]
PACK_ALIGN = 64
PACKED = -1
"""The ``result`` of a node that yields all its results in one u8 buffer."""


@dataclass(frozen=True, eq=False)
class Subgraph:
    """A body of a control-flow op: ``graph`` (an :class:`rlx.ir.graph.Graph`) and the
    ids of its input nodes in operand order. Equal only to itself (its identity is
    what CSE and sibling detection compare)."""

    graph: Any
    inputs: tuple[int, ...]

    @property
    def input_types(self) -> list[TensorType]:
        return [self.graph.nodes[i].type for i in self.inputs]

    @property
    def output_types(self) -> list[TensorType]:
        return [self.graph.nodes[i].type for i in self.graph.outputs]

    def __repr__(self) -> str:
        return f"<{self.graph.name}: {len(self.graph.nodes)} nodes>"


def packed_layout(types: list[TensorType]) -> tuple[list[int], int]:
    """Byte offset of each result in the packed buffer, and the buffer's size."""
    offsets, at = [], 0
    for t in types:
        offsets.append(at)
        at += -(-max(t.nbytes, 1) // PACK_ALIGN) * PACK_ALIGN
    return offsets, max(at, PACK_ALIGN)


def _fmt(ins: list[TensorType]) -> str:
    return "(" + ", ".join(str(t) for t in ins) + ")"


def _fail(op: str, ins: list[TensorType], rule: str) -> GraphBuildError:
    return GraphBuildError(f"{op}{_fmt(ins)}: {rule}")


def _body(op: str, ins: list[TensorType], a: Attrs, key: str) -> Subgraph:
    body = a.get(key)
    if not isinstance(body, Subgraph):
        raise _fail(op, ins, f"attribute {key!r} must be a Subgraph, got {body!r}")
    return body


def _fixed(op: str, ins: list[TensorType]) -> None:
    if any(t.symbolic for t in ins):
        raise ShapeError(f"{op}{_fmt(ins)}: control flow takes fixed shapes only")


def _check_inputs(op: str, ins: list[TensorType], key: str, body: Subgraph,
                  want: list[TensorType]) -> None:
    got = body.input_types
    if got != want:
        raise _fail(op, ins, f"{key} takes {_fmt(got)} but receives {_fmt(want)}")


def _count(op: str, ins: list[TensorType], a: Attrs, key: str, hi: int) -> int:
    n = a.get(key)
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= hi:
        raise _fail(op, ins, f"{key} must be an int in [0, {hi}], got {n!r}")
    return n


def _select(op: str, ins: list[TensorType], a: Attrs,
            results: list[TensorType]) -> tuple[TensorType, int]:
    r = a["result"]
    if isinstance(r, bool) or not isinstance(r, int) or not PACKED <= r < len(results):
        raise _fail(op, ins, f"result must be -1 (packed) or in [0, {len(results)}), got {r!r}")
    if r == PACKED:
        return TensorType((packed_layout(results)[1],), DType.U8), r
    return results[r], r


def cond_results(ins: list[TensorType], a: Attrs) -> list[TensorType]:
    branches = a.get("branches")
    if not isinstance(branches, tuple) or len(branches) != 2:
        raise _fail("cond", ins, "branches must be (true_body, false_body)")
    t, f = (_body("cond", ins, {"b": b}, "b") for b in branches)
    if t.output_types != f.output_types:
        raise _fail("cond", ins, f"the branches' results differ: {_fmt(t.output_types)} "
                                 f"vs {_fmt(f.output_types)}")
    return t.output_types


def _infer_cond(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    _fixed(op, ins)
    pred = ins[0]
    if pred.shape != ():
        raise ShapeError(f"{op}{_fmt(ins)}: the predicate must be a scalar (shape ())")
    if pred.dtype.is_float:
        raise DTypeError(f"{op}{_fmt(ins)}: the predicate must be bool or an integer")
    results = cond_results(ins, a)
    for key, body in zip(("true branch", "false branch"), a["branches"]):
        _check_inputs(op, ins, key, body, list(ins[1:]))
    ty, r = _select(op, ins, a, results)
    return ty, {"branches": tuple(a["branches"]), "result": r}


def _infer_while(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    _fixed(op, ins)
    k = _count(op, ins, a, "carries", len(ins))
    if k == 0:
        raise _fail(op, ins, "a loop needs at least one carry")
    cond, body = _body(op, ins, a, "cond"), _body(op, ins, a, "body")
    _check_inputs(op, ins, "cond", cond, list(ins))
    _check_inputs(op, ins, "body", body, list(ins))
    if cond.output_types != [TensorType((), DType.BOOL)]:
        raise _fail(op, ins, f"cond must give one bool scalar, gives {_fmt(cond.output_types)}")
    if body.output_types != list(ins[:k]):
        raise _fail(op, ins, f"body must give the carries {_fmt(list(ins[:k]))}, gives "
                             f"{_fmt(body.output_types)}")
    ty, r = _select(op, ins, a, list(ins[:k]))
    return ty, {"body": body, "cond": cond, "carries": k, "result": r}


def scan_results(ins: list[TensorType], a: Attrs) -> list[TensorType]:
    k, length = a["carries"], a["length"]
    ys = _body("scan", ins, a, "body").output_types[k:]
    return list(ins[:k]) + [TensorType((length,) + y.shape, y.dtype) for y in ys]


def _infer_scan(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    _fixed(op, ins)
    k = _count(op, ins, a, "carries", len(ins))
    m = _count(op, ins, a, "xs", len(ins) - k)
    body = _body(op, ins, a, "body")
    xs = ins[k:k + m]
    length = a.get("length")
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise _fail(op, ins, f"length must be an int >= 0, got {length!r}")
    for x in xs:
        if x.rank == 0 or x.shape[0] != length:
            raise ShapeError(f"{op}{_fmt(ins)}: every xs operand must have leading axis "
                             f"{length} (the length)")
    slices = [TensorType(x.shape[1:], x.dtype) for x in xs]
    _check_inputs(op, ins, "body", body, list(ins[:k]) + slices + list(ins[k + m:]))
    outs = body.output_types
    if outs[:k] != list(ins[:k]):
        raise _fail(op, ins, f"body must give the carries {_fmt(list(ins[:k]))} first, gives "
                             f"{_fmt(outs)}")
    canon = {"body": body, "carries": k, "xs": m, "length": length,
             "reverse": bool(a["reverse"])}
    ty, r = _select(op, ins, {**a, "result": a["result"]}, scan_results(ins, canon))
    return ty, {**canon, "result": r}


def _infer_unpack(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    (blob,) = ins
    if blob.dtype != DType.U8 or blob.rank != 1 or blob.symbolic:
        raise _fail(op, ins, "the operand must be a packed u8[n] buffer")
    offset, shape, dtype = a.get("offset"), a.get("shape"), a.get("dtype")
    if not isinstance(dtype, DType):
        dtype = DType(dtype)
    ty = TensorType(tuple(int(d) for d in shape), dtype)
    if not isinstance(offset, int) or offset < 0 or offset % PACK_ALIGN \
            or offset + ty.nbytes > blob.shape[0]:
        raise _fail(op, ins, f"offset {offset!r} with {ty} lies outside the packed buffer")
    return ty, {"offset": offset, "shape": ty.shape, "dtype": dtype}


CONTROL_DOCS: dict[str, str] = {
    "cond": "cond(pred, *operands; branches=(true_body, false_body), result): runs the true "
            "body on the operands when the scalar pred (bool or integer) is nonzero, else the "
            "false body, and gives its result-th output; only the branch taken runs. Both "
            "bodies take the operands' types and give the same types (rlx.cond).",
    "while_loop": "while_loop(*carries, *captures; cond, body, carries=k, result): while "
                  "cond(carries, captures) (a bool scalar) holds, carries = body(carries, "
                  "captures); gives the result-th final carry. The trip count is decided at "
                  "run time (rlx.while_loop).",
    "scan": "scan(*carries, *xs, *captures; body, carries=k, xs=m, length=T, reverse, "
            "result): for t in 0..T-1 (T-1..0 when reverse) carries, y = body(carries, "
            "xs[:, t] slices, captures); results 0..k-1 are the final carries, the rest the "
            "per-step outputs stacked on a new leading axis of T, indexed by t (rlx.scan).",
    "unpack": "unpack(packed; offset, shape, dtype): one result of a control-flow node of "
              "result=-1, as a view of its bytes at offset (made by the pack_control_flow "
              "pass; not built by users).",
}

register_attr_kind("subgraph", "a Subgraph", lambda v: isinstance(v, Subgraph))
register_attr_kind("subgraphs", "a tuple of Subgraphs",
                   lambda v: isinstance(v, tuple) and all(isinstance(b, Subgraph) for b in v))

define("cond", "control", (1, 1 << 30), _infer_cond, CONTROL_DOCS,
       attrs="branches:subgraphs result:int=0", traits="subgraphs multi_result")
define("while_loop", "control", (1, 1 << 30), _infer_while, CONTROL_DOCS,
       attrs="cond:subgraph body:subgraph carries:int result:int=0",
       traits="subgraphs multi_result")
define("scan", "control", (0, 1 << 30), _infer_scan, CONTROL_DOCS,
       attrs="body:subgraph carries:int xs:int length:int reverse:bool=False result:int=0",
       traits="subgraphs multi_result")
define("unpack", "control", (1, 1), _infer_unpack, CONTROL_DOCS,
       attrs="offset:int shape:shape dtype:dtype")

CONTROL_OPS = frozenset({"cond", "while_loop", "scan"})
"""The op kinds that hold sub-graphs."""


def subgraphs(node: Any) -> list[Subgraph]:
    """The bodies a node holds (none for ops other than control flow)."""
    if node.op == "cond":
        return list(node.attr("branches"))
    if node.op == "while_loop":
        return [node.attr("cond"), node.attr("body")]
    if node.op == "scan":
        return [node.attr("body")]
    return []


def result_types(node_op: str, ins: list[TensorType], attrs: Attrs) -> list[TensorType]:
    """Every result of a control-flow node (what ``result`` selects from)."""
    if node_op == "cond":
        return cond_results(ins, attrs)
    if node_op == "while_loop":
        return list(ins[:attrs["carries"]])
    return scan_results(ins, attrs)
