"""Control flow on rlx tensors: :func:`cond`, :func:`while_loop` and :func:`scan`.

The signatures are JAX's (``jax.lax.cond`` / ``while_loop`` / ``scan``). The Python
functions are traced once into sub-graphs (:mod:`rlx.ir.control`) and the loops run
as real loops inside the compiled program: a scan over 10,000 steps compiles to one
body, and a branch not taken costs nothing. Carries, operands and results are
*pytrees*: a Tensor, a number, ``None``, or tuples / lists / dicts of them.

A traced function may read tensors of the graph around it (closures); they become
extra operands of the node. Everything it builds stays in its body, even work on outer
tensors alone: a branch's work runs only when it is taken, a loop body's work on every
step. ``rlx.constant`` and friends need the body's graph: ``x.graph`` of an argument,
or :func:`current_graph`.

Derivatives: grad and jvp go through all three (grad of a scan keeps every step's
carries — memory grows with the length; grad of a while_loop, whose trip count is only
known at run time, recomputes each step's carries from the start — time grows with the
square of the trip count; for long loops prefer a scan of fixed length). vmap maps
each, and a cond whose predicate is batched runs both branches and selects.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from rlx.errors import GraphBuildError
from rlx.ir.control import Subgraph
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Tensor, tracing_body, tracing_stack
from rlx.ir.types import TensorType

__all__ = ["cond", "while_loop", "scan", "current_graph"]


def current_graph() -> Graph | None:
    """The body being traced (the graph to build constants in inside a traced function
    that has no tensor argument), or None outside any rlx.cond / while_loop / scan."""
    return tracing_body()


# ------------------------------------------------------------------------- pytrees
def flatten(tree: Any) -> tuple[list[Any], Any]:
    """Leaves of ``tree`` (depth first; dict keys sorted) and its structure."""
    if isinstance(tree, tuple | list):
        leaves, shapes = [], []
        for x in tree:
            sub, spec = flatten(x)
            leaves += sub
            shapes.append(spec)
        return leaves, (type(tree), tuple(shapes))
    if isinstance(tree, dict):
        keys = sorted(tree)
        leaves, shapes = [], []
        for k in keys:
            sub, spec = flatten(tree[k])
            leaves += sub
            shapes.append(spec)
        return leaves, (dict, (tuple(keys), tuple(shapes)))
    if tree is None:
        return [], None
    return [tree], "*"


def unflatten(spec: Any, leaves: list[Any]) -> Any:
    """The pytree of structure ``spec`` with ``leaves`` in order."""
    it = iter(leaves)
    out = _build(spec, it)
    rest = list(it)
    if rest:
        raise GraphBuildError(f"{len(rest)} leaves left over rebuilding a pytree")
    return out


def _build(spec: Any, it) -> Any:
    if spec is None:
        return None
    if spec == "*":
        return next(it)
    kind, inner = spec
    if kind is dict:
        keys, shapes = inner
        return {k: _build(s, it) for k, s in zip(keys, shapes)}
    return kind(_build(s, it) for s in inner)


def _structure(spec: Any) -> str:
    """A short text of a pytree structure for error messages."""
    if spec is None:
        return "None"
    if spec == "*":
        return "*"
    kind, inner = spec
    if kind is dict:
        keys, shapes = inner
        return "{" + ", ".join(f"{k!r}: {_structure(s)}" for k, s in zip(keys, shapes)) + "}"
    text = ", ".join(_structure(s) for s in inner)
    return f"[{text}]" if kind is list else f"({text}{',' if len(inner) == 1 else ''})"


# ------------------------------------------------------------------------- tracing
def _home(what: str, leaves: list[Any]) -> Graph:
    """The innermost graph among the Tensor leaves (and the body being traced, if any)."""
    graphs = [x.graph for x in leaves if isinstance(x, Tensor)] + tracing_stack()[-1:]
    if not graphs:
        raise GraphBuildError(f"{what}: at least one operand must be an rlx Tensor (the graph "
                              "to build in is taken from it)")
    home = max(graphs, key=lambda g: g.depth)
    for g in graphs:
        if not home._encloses(g):
            raise GraphBuildError(f"{what}: operands belong to unrelated graphs {g.name!r} "
                                  f"and {home.name!r}")
    return home


def _as_tensor(graph: Graph, x: Any, what: str) -> Tensor:
    if isinstance(x, Tensor):
        return Tensor(graph, graph.capture(x))
    if isinstance(x, np.ndarray | np.generic):
        return graph.constant(x, x.dtype)     # numpy values keep their dtype
    if isinstance(x, bool | int | float):
        return graph.constant(x)              # Python floats are f32, ints i64
    raise GraphBuildError(f"{what}: a leaf must be an rlx Tensor, a number or an array, got "
                          f"{type(x).__name__}")


class _Body:
    """One traced function: its graph, argument inputs, results and their structure."""

    def __init__(self, parent: Graph, name: str, fn: Callable, arg_types: list[TensorType],
                 arg_spec: Any, what: str, call: Callable[[Callable, Any], Any] | None = None):
        g = Graph(name)
        g.parent, g.depth = parent, parent.depth + 1
        self.graph = g
        self.args = [g.add("input", (), name=f"arg{i}", shape=t.shape, dtype=t.dtype)
                     for i, t in enumerate(arg_types)]
        tree = unflatten(arg_spec, [Tensor(g, i) for i in self.args])
        tracing_stack().append(g)
        try:
            out = call(fn, tree) if call is not None else fn(*tree)
        finally:
            tracing_stack().pop()
        leaves, self.spec = flatten(out)
        outs = [_as_tensor(g, x, what).id for x in leaves]
        if not outs:
            raise GraphBuildError(f"{what}: the function returned no tensors")
        g.set_outputs(outs)

    @property
    def output_types(self) -> list[TensorType]:
        return self.graph.output_types

    def finish(self, captures: list[Tensor]) -> Subgraph:
        """The Subgraph taking the arguments, then ``captures`` (the union of every body's
        captures of one node, in that order); detaches the graph from its tracing."""
        g = self.graph
        ids = list(self.args) + [g.capture(t) for t in captures]
        g.parent = None
        g.captures, g._captured = [], {}
        return Subgraph(g, tuple(ids))


def _union(bodies: list[_Body]) -> list[Tensor]:
    """Every tensor of the enclosing graph some body captured, each once."""
    seen: dict[int, Tensor] = {}
    for b in bodies:
        for t in b.graph.captures:
            seen.setdefault(t.id, t)
    return list(seen.values())


def _operands(home: Graph, leaves: list[Any], what: str) -> list[Tensor]:
    return [_as_tensor(home, x, what) for x in leaves]


def _results(home: Graph, op: str, operands: list[Tensor], count: int, **attrs) -> list[Tensor]:
    ids = [home.capture(t) for t in operands]
    return [Tensor(home, home.add(op, ids, result=i, **attrs)) for i in range(count)]


def _check_types(what: str, got: list[TensorType], want: list[TensorType], spec_got: Any,
                 spec_want: Any) -> None:
    if spec_got != spec_want:
        raise GraphBuildError(f"{what}: the function returned the structure "
                              f"{_structure(spec_got)}, expected {_structure(spec_want)}")
    if got != want:
        pairs = ", ".join(f"{g} (expected {w})" for g, w in zip(got, want) if g != w)
        raise GraphBuildError(f"{what}: the function returned {pairs}")


# ------------------------------------------------------------------------- the builders
def cond(pred: Any, true_fn: Callable, false_fn: Callable, *operands: Any) -> Any:
    """``true_fn(*operands)`` if ``pred`` else ``false_fn(*operands)``, deciding at run
    time; only the branch taken runs. ``pred`` is a scalar bool or integer tensor
    (nonzero is true); both functions must return the same structure of the same
    types."""
    leaves, spec = flatten(tuple(operands))
    home = _home("rlx.cond", [pred] + leaves)
    pred_t = _as_tensor(home, pred, "rlx.cond")
    ops = _operands(home, leaves, "rlx.cond")
    types = [t.node.type for t in ops]
    bodies = [_Body(home, f"{home.name}.cond_{tag}", fn, types, spec, f"rlx.cond {tag} branch")
              for tag, fn in (("true", true_fn), ("false", false_fn))]
    _check_types("rlx.cond false branch", bodies[1].output_types, bodies[0].output_types,
                 bodies[1].spec, bodies[0].spec)
    captures = _union(bodies)
    branches = tuple(b.finish(captures) for b in bodies)
    outs = _results(home, "cond", [pred_t] + ops + captures, len(bodies[0].output_types),
                    branches=branches)
    return unflatten(bodies[0].spec, outs)


def while_loop(cond_fun: Callable, body_fun: Callable, init_val: Any) -> Any:
    """``val = init_val; while cond_fun(val): val = body_fun(val); return val`` with the
    trip count decided at run time. ``cond_fun`` returns a bool scalar; ``body_fun``
    returns a value of ``init_val``'s structure and types."""
    leaves, spec = flatten(init_val)
    home = _home("rlx.while_loop", leaves)
    init = _operands(home, leaves, "rlx.while_loop")
    types = [t.node.type for t in init]
    one = lambda fn, tree: fn(tree)  # noqa: E731  (one argument, the whole carry)
    cbody = _Body(home, f"{home.name}.while_cond", cond_fun, types, spec,
                  "rlx.while_loop cond_fun", one)
    bbody = _Body(home, f"{home.name}.while_body", body_fun, types, spec,
                  "rlx.while_loop body_fun", one)
    _check_types("rlx.while_loop body_fun", bbody.output_types, types, bbody.spec, spec)
    want = TensorType((), DType.BOOL)
    if cbody.output_types != [want] or cbody.spec != "*":
        raise GraphBuildError(f"rlx.while_loop cond_fun: must return one bool scalar, returned "
                              f"{cbody.output_types}")
    captures = _union([cbody, bbody])
    c, b = cbody.finish(captures), bbody.finish(captures)
    outs = _results(home, "while_loop", init + captures, len(init), cond=c, body=b,
                    carries=len(init))
    return unflatten(spec, outs)


def scan(f: Callable, init: Any, xs: Any = None, length: int | None = None,
         reverse: bool = False) -> tuple[Any, Any]:
    """``jax.lax.scan``: ``carry = init; for x in xs (slices along axis 0): carry, y =
    f(carry, x)``; returns ``(carry, ys)`` with the ys stacked on a new leading axis.
    ``length`` is required when ``xs`` is None and must match xs' leading axis
    otherwise; ``reverse`` walks from the last slice to the first (ys stay indexed by
    step position)."""
    c_leaves, c_spec = flatten(init)
    x_leaves, x_spec = flatten(xs)
    home = _home("rlx.scan", c_leaves + x_leaves)
    carry = _operands(home, c_leaves, "rlx.scan")
    seq = _operands(home, x_leaves, "rlx.scan")
    lengths = {t.shape[0] if t.ndim else None for t in seq}
    if None in lengths:
        raise GraphBuildError("rlx.scan: every xs leaf needs a leading axis to scan over")
    if length is not None:
        if isinstance(length, bool) or not isinstance(length, int | np.integer) or length < 0:
            raise GraphBuildError(f"rlx.scan: length must be a non-negative int, got "
                                  f"{length!r}")
        lengths.add(int(length))
    if len(lengths) != 1:
        raise GraphBuildError("rlx.scan: " + ("length is required when xs is None"
                                              if not lengths else
                                              f"xs leaves and length disagree on the length: "
                                              f"{sorted(lengths)}"))
    n = lengths.pop()
    c_types = [t.node.type for t in carry]
    x_types = [TensorType(t.shape[1:], t.dtype) for t in seq]
    spec = (tuple, (c_spec, x_spec))
    two = lambda fn, tree: fn(*tree)  # noqa: E731
    body = _Body(home, f"{home.name}.scan_body", f, c_types + x_types, spec, "rlx.scan f", two)
    if not (isinstance(body.spec, tuple) and body.spec[0] in (tuple, list)
            and len(body.spec[1]) == 2):
        raise GraphBuildError("rlx.scan f: must return a pair (carry, y)")
    out_c_spec, y_spec = body.spec[1]
    k = len(c_types)
    _check_types("rlx.scan f (its carry)", body.output_types[:k], c_types, out_c_spec, c_spec)
    captures = _union([body])
    sub = body.finish(captures)
    n_ys = len(body.output_types) - k
    outs = _results(home, "scan", carry + seq + captures, k + n_ys, body=sub, carries=k,
                    xs=len(seq), length=n, reverse=reverse)
    return unflatten(c_spec, outs[:k]), unflatten(y_spec, outs[k:])
