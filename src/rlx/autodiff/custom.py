"""Custom VJPs: user functions whose reverse-mode derivative is given, not derived.

``f = custom_vjp(fwd, bwd)`` returns a function that builds ``fwd``'s ops on the
graph of its tensor arguments and records, for that graph, that :func:`grad` must
take the cotangents of those arguments from ``bwd`` instead of differentiating
through the ops ``fwd`` built (which then need no VJP rules: rounding with a
straight-through gradient, a numerically stabler backward, a clipped gradient).

* ``fwd(*xs, **options)`` builds the forward on the tensors ``xs`` and returns its
  result, or ``(result, residuals)`` with a tuple of tensors of the same graph that
  ``bwd`` wants to read (intermediate values of the forward, say).
* ``bwd(ctx, ct)`` receives a :class:`CustomVjpContext` (the arguments, the result,
  the residuals and the options, as tensors of the gradient graph) and the result's
  cotangent ``ct``; it returns one cotangent per argument (None: zero), each of the
  argument's shape or broadcastable down to it.

The record belongs to the Graph object: a graph rebuilt from it (by passes,
serialisation or another transform) has plain ops there again, which grad
differentiates normally. A control-flow body's records hold: grad of a scan, cond or
while_loop differentiates a copy of each body with them. Forward mode (jvp, and the
forward half of hvp) differentiates through the ops ``fwd`` built.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from rlx.errors import GraphBuildError
from rlx.ir.graph import Graph, Tensor


@dataclass(frozen=True)
class CustomVjpContext:
    """What ``bwd`` reads, as tensors of the gradient graph."""

    inputs: tuple[Tensor, ...]
    output: Tensor
    residuals: tuple[Tensor, ...]
    options: Mapping[str, Any] = field(default_factory=dict)


BackwardFn = Callable[[CustomVjpContext, Tensor], Sequence[Tensor | None]]


def checked_cotangents(rule: str, result: Any, count: int, graph: Graph
                       ) -> list[Tensor | None]:
    """What a user's backward ``rule`` returned, as ``count`` cotangents: a list or
    tuple of Tensors of ``graph`` or None (a bare Tensor or None stands for a list of
    one); GraphBuildError naming the rule otherwise."""
    if result is None or isinstance(result, Tensor):
        result = [result]
    if not isinstance(result, list | tuple):
        raise GraphBuildError(f"{rule} returned {type(result).__name__}; it must return a "
                              f"list of {count} cotangents (Tensors or None), one per argument")
    if len(result) != count:
        raise GraphBuildError(f"{rule} returned {len(result)} cotangents for {count} "
                              "arguments")
    for k, value in enumerate(result):
        if value is not None and (not isinstance(value, Tensor) or value.graph is not graph):
            what = type(value).__name__ if not isinstance(value, Tensor) else "a Tensor of " \
                "another graph"
            raise GraphBuildError(f"{rule}: cotangent {k} is {what}; it must be None or a "
                                  "Tensor built from the tensors the rule was given")
    return list(result)


@dataclass(frozen=True)
class CustomVjpRegion:
    """One call of a custom-VJP function in a forward graph (node ids)."""

    name: str
    inputs: tuple[int, ...]
    output: int
    residuals: tuple[int, ...]
    options: Mapping[str, Any]
    bwd: BackwardFn

    def cotangents(self, new: Graph, ct: Tensor) -> list[Tensor | None]:
        """Run ``bwd`` in ``new`` (a node-for-node copy of the forward graph) and check
        that it returned one tensor of ``new`` or None per argument."""
        ctx = CustomVjpContext(tuple(new.tensor(i) for i in self.inputs), new.tensor(self.output),
                               tuple(new.tensor(i) for i in self.residuals), self.options)
        return checked_cotangents(f"custom_vjp {self.name!r}: bwd", self.bwd(ctx, ct),
                                  len(self.inputs), new)


_REGIONS: WeakKeyDictionary[Graph, dict[int, CustomVjpRegion]] = WeakKeyDictionary()


def regions_of(graph: Graph) -> dict[int, CustomVjpRegion]:
    """The custom-VJP regions recorded for ``graph``, keyed by their result's node id."""
    return _REGIONS.get(graph, {})


def copy_regions(src: Graph, dst: Graph) -> None:
    """Record ``src``'s custom-VJP regions for ``dst``, a node-for-node copy of it (the
    copy grad makes of a control-flow body to differentiate it)."""
    if src in _REGIONS:
        _REGIONS.setdefault(dst, {}).update(_REGIONS[src])


def _graph_of(xs: Sequence[Any], name: str) -> tuple[Graph, tuple[Tensor, ...]]:
    """The graph the call is built in, and the arguments as its tensors: as for any op,
    the innermost graph involved (a control-flow body being traced), whose arguments
    from graphs around it are captured."""
    if not xs or not all(isinstance(x, Tensor) for x in xs):
        raise GraphBuildError(f"custom_vjp {name!r}: positional arguments must be rlx Tensors "
                              "(pass other values as keyword options)")
    home = xs[0].graph.home(xs, f"custom_vjp {name!r}")
    return home, tuple(Tensor(home, home.capture(x)) for x in xs)


def _split_result(result: Any, graph: Graph, first_new: int,
                  name: str) -> tuple[Tensor, tuple[Tensor, ...]]:
    """(result, residuals) from what ``fwd`` returned, checked."""
    out, residuals = result if isinstance(result, tuple) else (result, ())
    if not isinstance(out, Tensor) or out.graph is not graph:
        raise GraphBuildError(f"custom_vjp {name!r}: fwd must return a Tensor of its "
                              "arguments' graph, or (tensor, residuals)")
    if out.id < first_new:
        raise GraphBuildError(f"custom_vjp {name!r}: fwd returned a tensor that existed "
                              "before it ran; it must build at least one op")
    residuals = tuple(residuals)
    if not all(isinstance(r, Tensor) and r.graph is graph for r in residuals):
        raise GraphBuildError(f"custom_vjp {name!r}: residuals must be Tensors of the "
                              "arguments' graph")
    return out, residuals


def custom_vjp(fwd: Callable[..., Any], bwd: BackwardFn,
               name: str | None = None) -> Callable[..., Tensor]:
    """A function building ``fwd`` whose reverse-mode derivative is ``bwd``.

    Call the result with tensors (positional) and options (keywords, passed to
    ``fwd`` and available to ``bwd`` as ``ctx.options``); it returns ``fwd``'s
    result. See the module docstring for the contracts of ``fwd`` and ``bwd``.
    Raises GraphBuildError when the arguments are not tensors of one graph or
    ``fwd`` returns something else than a new tensor of that graph.
    """
    label = name or getattr(fwd, "__name__", "custom_vjp")

    def call(*xs: Tensor, **options: Any) -> Tensor:
        graph, xs = _graph_of(xs, label)
        first_new = len(graph.nodes)
        out, residuals = _split_result(fwd(*xs, **options), graph, first_new, label)
        region = CustomVjpRegion(label, tuple(x.id for x in xs), out.id,
                                 tuple(r.id for r in residuals), dict(options), bwd)
        _REGIONS.setdefault(graph, {})[out.id] = region
        return out

    call.__name__ = label
    call.__doc__ = fwd.__doc__
    return call
