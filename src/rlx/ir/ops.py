"""The op set: one ``define`` per op kind with its exact semantics and its type rule.

This module is the contract every backend and transform implements. Each op kind is
defined in one place, a :func:`rlx.ir.opdef.define` call beside its infer function,
giving its category, operand count, infer function (checks operands and attributes,
returns the result type and the attributes in canonical form: negative axes made
positive, ``-1`` in reshape resolved, defaults filled in), docstring (semantics, dtype
rules, where it differs from numpy / ONNX / PyTorch), attribute schema and traits
(:mod:`rlx.ir.opdef` says what they mean and who reads them). The calls are in the
family modules this module imports: :mod:`rlx.ir.core_ops` (leaves, elementwise,
matmul, reductions, norms), :mod:`rlx.ir.shape_ops` (shape and index ops),
:mod:`rlx.ir.nn_ops` (conv, pooling, attention, rope, topk, cross-entropy),
:mod:`rlx.ir.grad_ops` (the ops gradients build), :mod:`rlx.ir.quant_ops` (number
formats, packed weights), :mod:`rlx.ir.onnx_ops` (bitwise ops, scatter_update,
bitcast), :mod:`rlx.ir.complex_ops`, :mod:`rlx.ir.linalg_ops`, :mod:`rlx.ir.control`,
:mod:`rlx.ir.moe_ops` and :mod:`rlx.ir.collective_ops`; the helpers their type rules
share are in :mod:`rlx.ir.typerules`. This module holds the contract over them:
:data:`OPS`, the op sets passes read (:func:`ops_with`, ...) and :func:`infer`.

General rules, unless an op says otherwise:

* f16 and bf16 values are computed in f32 and rounded once to the result dtype.
* Binary ops broadcast as numpy does and promote dtypes as
  :func:`rlx.ir.dtypes.promote` documents.
* Integer arithmetic wraps on overflow (two's complement).
* Axes may be negative (counted from the end) and are stored non-negative.

Users add op kinds of category ``"custom"`` at run time with ``rlx.register_op``
(:mod:`rlx.ir.custom` inserts them into :data:`OPS`).
"""

from __future__ import annotations

from dataclasses import replace

from rlx.errors import GraphBuildError, RlxError
from rlx.ir import (  # noqa: F401  (importing defines their kinds)
    collective_ops,
    control,
    linalg_ops,
    moe_ops,
)
from rlx.ir.complex_ops import TAKES_COMPLEX
from rlx.ir.dtypes import plain_scalars
from rlx.ir.opdef import (
    PRECISION_CLASSES,
    REGISTRY,
    TRAITS,
    Attrs,
    InferFn,
    OpDef,
    schema_violations,
    with_defaults,
)
from rlx.ir.typerules import (  # noqa: F401  (re-exported: code imports them from here)
    _fmt_operands,
    broadcast_or_fail,
    fail_attr,
    fail_dtype,
    fail_shape,
    norm_axes,
    norm_axis,
)
from rlx.ir.types import TensorType

# isort: off
# The op set's own families define their kinds when imported, in this order, which is
# the order of OPS (code iterates it): a new family goes at the end.
from rlx.ir import core_ops, shape_ops, nn_ops, grad_ops, quant_ops, onnx_ops  # noqa: F401
# isort: on
from rlx.ir.quant_ops import format_attrs, format_from_attrs  # noqa: F401  (re-exported)
from rlx.ir.shape_ops import normalize_slice  # noqa: F401  (re-exported)

__all__ = ["OPS", "OpDef", "TRAITS", "Attrs", "InferFn", "infer", "ops_with"]


# --------------------------------------------------------------------------- the contract

# the op families kept in their own modules define their kinds when imported
# (complex_ops, linalg_ops, control; imported above); TAKES_COMPLEX lists the kinds of
# every family that accept complex operands
for _kind in TAKES_COMPLEX:
    REGISTRY[_kind] = replace(REGISTRY[_kind], traits=REGISTRY[_kind].traits | {"complex"})

OPS: dict[str, OpDef] = REGISTRY
"""Every op kind -> its :class:`OpDef` (custom ops are added by :mod:`rlx.ir.custom`)."""


def ops_with(trait: str) -> frozenset[str]:
    """The op kinds declaring ``trait`` (one of :data:`TRAITS`)."""
    if trait not in TRAITS:
        raise KeyError(f"unknown op trait {trait!r}; traits: {sorted(TRAITS)}")
    return frozenset(k for k, d in OPS.items() if trait in d.traits)


def fusion_roles() -> dict[str, str]:
    """Op kind -> the kernel it anchors in fusion (the ops with a ``fusion`` role)."""
    return {k: d.fusion for k, d in OPS.items() if d.fusion is not None}


def ops_in_precision_class(precision: str) -> frozenset[str]:
    """The op kinds of one precision class ("narrow" or "f32", see :mod:`rlx.ir.opdef`)."""
    if precision not in PRECISION_CLASSES:
        raise KeyError(f"unknown precision class {precision!r}; classes: {PRECISION_CLASSES}")
    return frozenset(k for k, d in OPS.items() if d.precision == precision)


ELEMENTWISE_CATEGORIES = ("unary", "binary", "ternary")
RANDOM_OPS = frozenset(k for k, d in OPS.items() if d.category == "random")
COLLECTIVE_OPS = ops_with("collective")
"""Ops that communicate with the other workers of the process group
(rlx.ir.collective_ops)."""
IMPURE_OPS = RANDOM_OPS | COLLECTIVE_OPS
"""Ops whose value is not a function of their operands alone (the run's seed, the other
workers): never evaluated at compile time, never moved into the prepare program."""
RESHAPE_LIKE = ops_with("reshape_like")
"""Ops whose result is the operand's elements in the same order under another shape
(a view of the same bytes): passes fold chains of them, memory planning lets the result
share the operand's storage, and kernels read through them."""
TAKES_COMPLEX_OPS = ops_with("complex")
LEAF_OPS = frozenset(k for k, d in OPS.items() if d.category == "leaf")


def infer(kind: str, ins: list[TensorType], attrs: Attrs) -> tuple[TensorType, Attrs]:
    """Check operands and attributes of ``kind``; return result type and canonical attrs.

    The attribute schema decides which names the op takes (any other is refused), which
    it needs, the defaults of the rest, and what a scalar one takes (an int attribute
    an int, not 2.5 or "3"; a bool one a bool, not "False"); the canonical attributes the
    op's type rule returns must match the schema (a mismatch is a defect of the rule,
    reported as such).
    """
    opdef = OPS.get(kind)
    if opdef is None:
        raise GraphBuildError(f"unknown op kind {kind!r}")
    lo, hi = opdef.arity
    if not lo <= len(ins) <= hi:
        want = str(lo) if lo == hi else f"{lo}..{hi}"
        raise GraphBuildError(f"{kind}{_fmt_operands(ins)}: takes {want} operands, "
                              f"got {len(ins)}")
    if any(t.dtype.is_complex for t in ins) and "complex" not in opdef.traits \
            and opdef.category != "custom":
        raise fail_dtype(kind, ins, "does not take complex operands (the ops that do: "
                                    "rlx.ir.complex_ops)")
    if opdef.attrs is None:         # a custom op: its attributes are its own business
        return opdef.infer(kind, ins, dict(attrs))
    takes = ", ".join(map(str, opdef.attrs)) or "none"
    unknown = sorted(set(attrs) - {a.name for a in opdef.attrs})
    if unknown:
        raise fail_attr(kind, ins, f"unknown attribute(s) {', '.join(unknown)} (it takes: "
                                   f"{takes})")
    missing = [a.name for a in opdef.attrs if a.required and a.name not in attrs]
    if missing:
        raise fail_attr(kind, ins, f"missing attribute(s) {', '.join(missing)} (it takes: "
                                   f"{takes})")
    kinds = {a.name: a.kind for a in opdef.attrs}
    attrs = {k: v if kinds[k] == "array" else plain_scalars(v) for k, v in attrs.items()}
    for spec in opdef.attrs:
        if spec.name in attrs and spec.refuses_given(attrs[spec.name]):
            raise fail_attr(kind, ins, f"{spec.name} must be {spec.describe()}, got "
                                       f"{attrs[spec.name]!r}")
        if spec.kind == "bool" and type(attrs.get(spec.name)) is int:
            attrs[spec.name] = bool(attrs[spec.name])
    try:
        ty, canon = opdef.infer(kind, ins, with_defaults(opdef, attrs))
    except (TypeError, ValueError, IndexError, OverflowError) as e:
        if isinstance(e, RlxError):
            raise
        # a value the rule could not read (a float axis, a pair of one number): the
        # schema says what each attribute takes
        raise fail_attr(kind, ins, f"an attribute could not be read ({type(e).__name__}: "
                                   f"{e}); it takes: {takes}") from None
    problems = schema_violations(opdef, canon)
    if problems:
        raise GraphBuildError(f"{kind}{_fmt_operands(ins)}: the type rule's canonical "
                              f"attributes break the op's schema ({'; '.join(problems)}); "
                              "this is a defect of rlx, please report it")
    return ty, canon
