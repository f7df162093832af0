"""``rlx.register_op``: add an op kind to the op contract and to every table that runs
or differentiates it.

A custom op has a type rule and a numpy reference kernel (so the reference device,
constant folding and the verifier know it), optionally a C kernel for the cpu device,
and optionally VJP / JVP rules for grad and jvp. The op's facts and the C kernel's
signature are documented in :mod:`rlx.ir.custom`.

* On the cpu device an op registered without ``c_kernel=`` is refused when the graph
  is compiled (UnsupportedOpError naming it): the program never falls back to Python
  in the middle of a run.
* Without ``vjp=`` (``jvp=``), grad (jvp) through the op raises UnsupportedOpError
  naming it, as for any op without a rule. vmap has no batching rule for custom ops.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

from rlx.autodiff.common import Primal, Rule, add_rule
from rlx.autodiff.custom import checked_cotangents
from rlx.autodiff.jvp import JVP_RULES
from rlx.autodiff.vjp import VJP_RULES
from rlx.backends.numpy_kernels import KERNELS
from rlx.backends.numpy_kernels.custom import custom_kernel
from rlx.errors import GraphBuildError
from rlx.ir import custom
from rlx.ir.graph import Tensor

MANY = 1 << 30


def _arity_of(name: str, reference: Callable[..., Any], arity: Any) -> tuple[int, int]:
    """``arity`` as (min, max); by default the reference function's positional
    parameters (those without a default are required; ``*args``: any number more)."""
    if arity is not None:
        if isinstance(arity, int) and not isinstance(arity, bool):
            return arity, arity
        try:
            lo, hi = arity
            return int(lo), int(hi)
        except (TypeError, ValueError):
            raise GraphBuildError(f"register_op({name!r}): arity must be an int or a "
                                  f"(min, max) pair, got {arity!r}") from None
    try:
        params = inspect.signature(reference).parameters.values()
    except (TypeError, ValueError):
        return 0, MANY
    positional = [p for p in params
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    lo = sum(p.default is p.empty for p in positional)
    many = any(p.kind == p.VAR_POSITIONAL for p in params)
    return lo, MANY if many else len(positional)


def _vjp_rule(name: str, vjp: Callable[..., Any]) -> Rule:
    def rule(p: Primal, ct: Tensor) -> list[Tensor | None]:
        return checked_cotangents(f"grad: the vjp of custom op {name!r}", vjp(p, ct),
                                  len(p.xs), ct.graph)
    return Rule(rule)


class CustomOpFn:
    """The callable :func:`register_op` returns: ``op(*tensors, **attrs)`` builds the op
    on its operands' graph (the same as ``graph.apply(name, tensors, **attrs)``).

    Used as a context manager (``with rlx.register_op(...) as op:``), the op is
    unregistered when the block ends.
    """

    def __init__(self, op: custom.CustomOp):
        self.op = op
        self.name = op.name
        self.__doc__ = op.doc or None

    def __call__(self, *operands: Tensor, **attrs: Any) -> Tensor:
        graph = next((t.graph for t in operands if isinstance(t, Tensor)), None)
        if graph is None:
            raise GraphBuildError(f"{self.name}: needs at least one rlx Tensor operand")
        return graph.apply(self.name, list(operands), **attrs)

    def __enter__(self) -> CustomOpFn:
        return self

    def __exit__(self, *exc: object) -> None:
        if custom.CUSTOM_OPS.get(self.name) is self.op:
            unregister_op(self.name)

    def __repr__(self) -> str:
        lo, hi = self.op.arity
        return (f"<custom op {self.name!r}: {lo if lo == hi else f'{lo}..{hi}'} operands, "
                f"c_kernel={'yes' if self.op.c_kernel else 'no'}, "
                f"vjp={'yes' if self.op.vjp else 'no'}, jvp={'yes' if self.op.jvp else 'no'}>")


def register_op(name: str, *, infer: Callable[..., Any], reference: Callable[..., Any],
                c_kernel: str | None = None, vjp: Callable[..., Any] | None = None,
                jvp: Callable[..., Any] | None = None, doc: str | None = None,
                arity: int | Sequence[int] | None = None) -> CustomOpFn:
    """Add the op kind ``name`` (a C identifier not yet taken) to the op contract.

    infer:     ``infer(input_types, attrs) -> TensorType`` or ``(TensorType, attrs)``:
               the result type (raise to reject operands; the error reaches the user at
               build time).
    reference: ``reference(*arrays, **attrs) -> array`` of the result's shape: the numpy
               kernel of the reference device (and of constant folding).
    c_kernel:  C source defining ``static void NAME(const rlx_custom_args *a)`` for the
               cpu device (rlx.ir.custom documents the struct); without it the cpu device
               refuses the op at compile.
    vjp:       ``vjp(p, ct) -> [cotangent per operand (None: zero)]``, ``p`` an
               :class:`rlx.autodiff.common.Primal` (``p.xs``, ``p.out``, ``p.attr(k)``);
               the cotangents are built with ordinary ops and are summed down / cast to
               each operand's shape and dtype by grad.
    jvp:       ``jvp(p, tangents) -> tangent of the result`` (tangents: one per operand,
               None where the operand carries none).
    doc:       the op's semantics, as for built-in ops.
    arity:     operand count, an int or (min, max); by default the reference function's
               positional parameters (so write its attributes as keyword-only parameters,
               after ``*``: ``def ref(x, y, *, alpha)``).

    Returns a callable building the op (``op(x, y, alpha=0.5)``); the op is also
    reachable as ``graph.apply(name, [x, y], alpha=0.5)``. A name that is already an op
    (built-in or custom) raises GraphBuildError; :func:`unregister_op` removes one.
    """
    op = custom.CustomOp(name, infer, reference, _arity_of(name, reference, arity),
                         c_kernel, vjp, jvp, doc or "")
    if vjp is not None and not callable(vjp) or jvp is not None and not callable(jvp):
        raise GraphBuildError(f"register_op({name!r}): vjp= and jvp= must be callables")
    custom.define(op)
    KERNELS[name] = custom_kernel(op)
    if vjp is not None:
        add_rule(VJP_RULES, name, _vjp_rule(name, vjp))
    if jvp is not None:
        add_rule(JVP_RULES, name, Rule(jvp))
    return CustomOpFn(op)


def unregister_op(name: str) -> None:
    """Remove the custom op ``name`` (GraphBuildError if it is not one). Graphs that
    hold it can no longer be compiled, verified or read from JSON."""
    custom.undefine(name)
    for table in (KERNELS, VJP_RULES, JVP_RULES):
        table.pop(name, None)

