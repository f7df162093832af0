"""What the reverse and forward transforms share: rule records, the view of a node
that a rule receives, graph copying, and the shape/dtype fitting of derivatives.

A transform copies the forward graph node for node into a new graph (so a node
keeps its id) and appends derivative nodes after it. Rules build those nodes with
the ordinary builder API on :class:`Primal` tensors of the new graph.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rlx.errors import GraphBuildError, UnsupportedOpError
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node, Tensor
from rlx.ir.ops import LEAF_OPS
from rlx.ir.printer import format_node
from rlx.ir.types import Shape, TensorType, broadcast_shapes


@dataclass(frozen=True)
class Primal:
    """A forward node as a rule sees it, inside the graph being built.

    ``xs`` are the node's operands and ``out`` its result, as tensors of the new
    graph; ``active[i]`` says whether operand i needs a derivative (rules may skip
    work for inactive operands; anything they return for one is ignored).
    """

    graph: Graph
    node: Node
    xs: tuple[Tensor, ...]
    out: Tensor
    active: tuple[bool, ...]

    def attr(self, key: str, default: Any = None) -> Any:
        return self.node.attr(key, default)


@dataclass(frozen=True)
class Rule:
    """One entry of a rule table.

    ``fn`` builds the derivative; ``slots`` lists the operand positions a derivative
    flows through (None: all of them). An operand outside ``slots`` (an index, a
    condition, the operand of stop_gradient) never receives or carries one.
    """

    fn: Callable[..., Any]
    slots: tuple[int, ...] | None = None

    def flows_through(self, operand: int) -> bool:
        return self.slots is None or operand in self.slots


def add_rule(table: dict[str, Any], kind: str, rule: Any) -> None:
    """Put ``rule`` in ``table`` (the VJP, JVP or batching rules) for op ``kind``;
    GraphBuildError when ``kind`` has one already: a second registration must not
    silently replace the first."""
    if kind in table:
        raise GraphBuildError(f"a rule for op {kind!r} is already registered in this table "
                              "(each op has one rule per transform)")
    table[kind] = rule


def registrar(table: dict[str, Any], wrap: bool = True
              ) -> Callable[..., Callable[[Callable], Callable]]:
    """A decorator factory filling ``table``: ``@reg("add sub", slots)`` registers the
    decorated function for each space-separated op kind (:func:`add_rule`), as a
    :class:`Rule` with ``slots`` (``wrap``, the VJP and JVP tables) or as it is (the
    batching table, whose rules take no slots). Every transform registers through it."""
    def rule(kinds: str, slots: tuple[int, ...] | None = None) -> Callable[[Callable], Callable]:
        def register(fn: Callable) -> Callable:
            for kind in kinds.split():
                add_rule(table, kind, Rule(fn, slots) if wrap else fn)
            return fn
        return register
    return rule


TRANSFORMS = ("vjp", "jvp", "vmap")
"""The transforms that keep one rule table each."""


class RuleFamily:
    """Op kinds whose rules in every transform follow from one spec per kind.

    :meth:`declare` adds kinds (with their spec: a linearisation, a weight function, a
    reason); each transform calls :meth:`install` once with its table and a builder
    ``build(kind, spec) -> rule``. A declaration made before or after a transform's
    install reaches its table either way, through :func:`add_rule` (so an op with a
    family rule and a hand-written one is an error)."""

    def __init__(self, name: str, doc: str):
        self.name = name
        self.doc = doc
        self.members: dict[str, Any] = {}
        self._installed: dict[str, tuple[dict[str, Any], Callable[[str, Any], Any]]] = {}

    def declare(self, kinds: str, spec: Any = None) -> None:
        for kind in kinds.split():
            if kind in self.members:
                raise GraphBuildError(f"op {kind!r} is declared twice in the {self.name} "
                                      "family")
            self.members[kind] = spec
            for table, build in self._installed.values():
                add_rule(table, kind, build(kind, spec))

    def install(self, transform: str, table: dict[str, Any],
                build: Callable[[str, Any], Any]) -> None:
        if transform not in TRANSFORMS or transform in self._installed:
            raise GraphBuildError(f"the {self.name} family: bad or repeated install for "
                                  f"transform {transform!r}")
        self._installed[transform] = (table, build)
        for kind, spec in self.members.items():
            add_rule(table, kind, build(kind, spec))

    @property
    def transforms(self) -> tuple[str, ...]:
        """The transforms that have installed this family."""
        return tuple(self._installed)


FAMILIES: dict[str, RuleFamily] = {f.name: f for f in (
    RuleFamily("elementwise", "elementwise ops with a diagonal Jacobian: one linearisation "
                              "per operand serves reverse mode (applied to the cotangent), "
                              "forward mode (to the tangent) and vmap (broadcasting)"),
    RuleFamily("reduction", "reductions y = r(x) over ``axes`` with dy = sum(w * dx) for "
                            "per-element weights w; vmap shifts their axes"),
    RuleFamily("zero_derivative", "float-valued elementwise ops whose derivative is zero "
                                  "(nothing flows through them); vmap as elementwise"),
)}
"""The rule families (see :class:`RuleFamily`): a declaration in one gives the op its
rule in every transform of :data:`TRANSFORMS`."""


def declare(family: str, kinds: str, spec: Any = None) -> None:
    """Declare ``kinds`` members of rule family ``family`` with ``spec``: each gets its
    VJP, JVP and batching rule from the family."""
    FAMILIES[family].declare(kinds, spec)


NON_DIFFERENTIABLE: dict[str, str] = {
    "input": "a leaf: its derivative is a result of the transform, not a rule",
    "param": "a leaf: its derivative is a result of the transform, not a rule",
    "constant": "a leaf with a fixed value",
    "arange": "a leaf with a fixed value",
    "random_uniform": "random values do not depend on any operand",
    "random_normal": "random values do not depend on any operand",
    "argmax": "integer-valued (an index)",
    "argmin": "integer-valued (an index)",
    "eq": "bool-valued comparison", "ne": "bool-valued comparison",
    "lt": "bool-valued comparison", "le": "bool-valued comparison",
    "gt": "bool-valued comparison", "ge": "bool-valued comparison",
    "logical_and": "bool-valued", "logical_or": "bool-valued",
    "logical_xor": "bool-valued", "logical_not": "bool-valued",
    "isnan": "bool-valued predicate", "isinf": "bool-valued predicate",
    "one_hot": "depends only on integer indices",
    "max_pool2d_indices": "integer-valued (window argmax positions)",
    "dequant_gather": "rows of a packed (integer-coded) table picked by integer indices: "
                      "no float operand to differentiate",
    "cached_attention": "an inference op reading a KV cache in place; to train, build the "
                        "same step with attention (or let decompose rewrite it)",
    "bitwise_and": "integer-valued bitwise op", "bitwise_or": "integer-valued bitwise op",
    "bitwise_xor": "integer-valued bitwise op", "bitwise_not": "integer-valued bitwise op",
}
"""Op kinds without a VJP or JVP rule, each with the reason. Every other op kind has
a rule in both tables (zero-derivative ops such as floor or stop_gradient included:
their rules declare that no derivative flows)."""


# --------------------------------------------------------------------------- graphs

def reject_symbolic(graph: Graph, transform: str) -> None:
    """GraphBuildError when ``graph`` has symbolic dimensions: the transforms' rules
    use sizes (a mean's count, a broadcast's extent) that are only bounds there."""
    for name, t in graph.inputs:
        if t.symbolic:
            raise GraphBuildError(f"{transform}: input {name!r} has symbolic dimensions "
                                  f"({t}); {transform} is not supported on symbolic graphs "
                                  "yet; build the graph with fixed sizes")


def clone_graph(graph: Graph, name: str) -> Graph:
    """A node-for-node copy of ``graph`` named ``name``: node i of the copy is node i of
    ``graph``; the outputs are not set."""
    new = Graph(name)
    new._random_streams = graph._random_streams
    for node in graph.nodes:
        new.add(node.op, node.inputs, **node.attr_dict)
    return new


def checked_names(graph: Any, names: Any, transform: str) -> list[str]:
    """``names`` (a sequence of input or param names of ``graph``) as a list, after
    checking that ``graph`` is a Graph and ``names`` is not a string (whose characters
    would be taken for names) and holds strings only; GraphBuildError otherwise."""
    if not isinstance(graph, Graph):
        raise GraphBuildError(f"{transform} expects an rlx.Graph, got {type(graph).__name__}")
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise GraphBuildError(f"{transform}: expects a list of input or param names, got "
                              f"{names!r}" + (f" (write [{names!r}])" if isinstance(names, str)
                                              else ""))
    names = list(names)
    bad = [n for n in names if not isinstance(n, str)]
    if bad:
        raise GraphBuildError(f"{transform}: names must be strings, got {bad}")
    return names


def leaf_id(graph: Graph, name: str, transform: str) -> int:
    """Id of the input or param ``name``; GraphBuildError naming the transform if none."""
    try:
        return graph.node_id(name)
    except KeyError:
        known = [n for n, _ in graph.inputs + graph.params]
        raise GraphBuildError(f"{transform}: {name!r} is not an input or param of graph "
                              f"{graph.name!r} (it has {known})") from None


def single_output(graph: Graph, transform: str) -> int:
    """The id of the only output of ``graph``; GraphBuildError otherwise."""
    if len(graph.outputs) != 1:
        raise GraphBuildError(f"{transform}: the forward graph {graph.name!r} must have "
                              f"exactly one output, it has {len(graph.outputs)}")
    return graph.outputs[0]


def check_free_name(graph: Graph, name: str, transform: str) -> None:
    """GraphBuildError when ``graph`` already has an input or param called ``name``."""
    if name in (n for n, _ in graph.inputs + graph.params):
        raise GraphBuildError(f"{transform}: graph {graph.name!r} already has an input or "
                              f"param named {name!r}, which the transform adds")


def describe(graph: Graph, node_id: int) -> str:
    """The node as the printer writes it, e.g. ``%3 = sin(%2) : f32[4]``."""
    return format_node(node_id, graph.nodes[node_id])


def missing_rule(transform: str, table: str, graph: Graph, node_id: int) -> UnsupportedOpError:
    """The error for a node on a differentiated path whose op has no rule."""
    op = graph.nodes[node_id].op
    return UnsupportedOpError(
        f"{transform}: no {table} rule for op {op!r} at {describe(graph, node_id)}, which lies "
        f"on a differentiated path. Add one to rlx.autodiff.{table}_RULES, or cut the path "
        "with stop_gradient (or, for reverse mode, wrap it in custom_vjp).")


def is_leaf(node: Node) -> bool:
    return node.op in LEAF_OPS


def active_nodes(graph: Graph, seeds: Iterable[int], table: dict[str, Rule],
                 regions: Mapping[int, Sequence[int]] | None = None) -> list[bool]:
    """Which nodes carry a derivative when the nodes ``seeds`` do.

    A non-seed node is active when its result is float or complex
    (:func:`carries_derivative`) and an active operand reaches
    it through a slot its rule lets derivatives flow through. A node whose op has no
    rule is active when any float operand is (the transform then reports the missing
    rule if it needs the node); ops listed in NON_DIFFERENTIABLE never are.
    ``regions`` maps a node to the nodes its derivative comes from instead of its
    operands (the arguments of a custom-VJP region ending there).
    """
    seed_set = set(seeds)
    regions = regions or {}
    active = [False] * len(graph.nodes)
    for nid, node in enumerate(graph.nodes):
        if not carries_derivative(node.dtype):
            continue
        if nid in seed_set:
            active[nid] = True
        elif nid in regions:
            active[nid] = any(active[i] for i in regions[nid])
        elif node.op not in NON_DIFFERENTIABLE:
            rule = table.get(node.op)
            active[nid] = any(active[i] and (rule is None or rule.flows_through(k))
                              for k, i in enumerate(node.inputs))
    return active


def carries_derivative(dtype: DType) -> bool:
    """Whether values of ``dtype`` carry derivatives: floats, and complex numbers (whose
    derivatives are complex: see :mod:`rlx.autodiff.complex` for the convention)."""
    return dtype.is_float or dtype.is_complex


def primal(graph: Graph, node_id: int, source: Node, active: Sequence[bool]) -> Primal:
    """The :class:`Primal` of node ``node_id`` (a copy of ``source``) in ``graph``."""
    xs = tuple(graph.tensor(i) for i in source.inputs)
    return Primal(graph, source, xs, graph.tensor(node_id), tuple(active))


# --------------------------------------------------------------------------- values

def zeros(graph: Graph, ttype: TensorType) -> Tensor:
    """A zero tensor of type ``ttype``: one scalar constant, broadcast."""
    zero = graph.constant(np.zeros((), dtype=ttype.dtype.np), ttype.dtype)
    return zero if ttype.shape == () else zero.broadcast_to(ttype.shape)


def cast_to(t: Tensor, dtype: DType) -> Tensor:
    """``t`` as ``dtype``; no node is built when it already has it."""
    return t if t.dtype == dtype else t.cast(dtype)


def unbroadcast(t: Tensor, shape: Shape) -> Tensor:
    """Sum ``t`` down to ``shape``, the inverse of numpy-broadcasting ``shape`` to
    ``t.shape``: leading axes are summed away, size-1 axes summed with kept dims."""
    if t.shape == shape:
        return t
    lead = t.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(lead + i for i, d in enumerate(shape)
                                      if d == 1 and t.shape[lead + i] != 1)
    summed = t.sum(axes, keepdims=True) if axes else t
    return summed.reshape(shape)


def real_part(t: Tensor) -> Tensor:
    """``t``'s real part when it is complex (the op ``real``), else ``t`` itself."""
    return t.graph.apply("real", [t]) if t.dtype.is_complex else t


def fit_cotangent(ct: Tensor, target: TensorType, where: str) -> Tensor:
    """A rule's cotangent for an operand of type ``target``: un-broadcast to its shape
    and cast to its dtype. A complex cotangent for a real operand becomes its real part
    (a real x feeding a complex result moves it along the real axis only: d L / d x =
    Re(ct), ct = d L / d Re + i d L / d Im); a real one for a complex operand gets the
    imaginary part 0. ``where`` names the rule for the error a rule bug raises."""
    if not target.dtype.is_complex:
        ct = real_part(ct)
    if ct.shape != target.shape:
        if broadcast_shapes(target.shape, ct.shape) != ct.shape:
            raise GraphBuildError(f"{where}: built a cotangent of shape {ct.shape} for an "
                                  f"operand of shape {target.shape}")
        ct = unbroadcast(ct, target.shape)
    return cast_to(ct, target.dtype)


def fit_tangent(t: Tensor, target: TensorType, where: str) -> Tensor:
    """A rule's tangent for a result of type ``target``: broadcast to its shape and cast
    to its dtype (the real part of a complex tangent for a real result). ``where`` names
    the rule for the error a rule bug raises."""
    if not target.dtype.is_complex:
        t = real_part(t)
    if t.shape != target.shape:
        if broadcast_shapes(t.shape, target.shape) != target.shape:
            raise GraphBuildError(f"{where}: built a tangent of shape {t.shape} for a "
                                  f"result of shape {target.shape}")
        t = t.broadcast_to(target.shape)
    return cast_to(t, target.dtype)


def accumulate(table: dict[int, Tensor], node_id: int, value: Tensor) -> None:
    """Add ``value`` into ``table[node_id]`` (a node read by several consumers)."""
    table[node_id] = table[node_id] + value if node_id in table else value
