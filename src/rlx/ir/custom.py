"""Custom ops: op kinds a user adds to the op contract at run time.

:func:`rlx.register_op` (in :mod:`rlx.runtime.custom_ops`, which also fills the
backends' and transforms' tables) calls :func:`define` here, which checks the name
and adds an :class:`~rlx.ir.ops.OpDef` of category ``"custom"`` to
:data:`rlx.ir.ops.OPS`; from then on the builder, the verifier, the printer and JSON
(de)serialisation treat the kind like a built-in one. A custom op is an opaque
single-node kernel to every pass: it is not elementwise, never fused, never computed
in place, never narrowed by the precision pass; constant folding and CSE may evaluate
or merge it (so it must be pure: the same operands and attributes give the same
result).

**The type rule.** ``infer(input_types, attrs)`` receives the operands'
:class:`~rlx.ir.types.TensorType` list and the attributes the op was applied with,
and returns the result's TensorType, or ``(TensorType, attrs)`` with the attributes
in canonical form (defaults filled in). An exception it raises reaches the user at
build time: rlx errors as they are, any other as a GraphBuildError naming the op
(the original chained as its cause). Attribute values must be JSON scalars, tuples /
lists of them, or dtypes (what :mod:`rlx.ir.serialize` writes).

**The C kernel** (``c_kernel=``, for the cpu device) is C source that defines::

    static void NAME(const rlx_custom_args *a);

where ``NAME`` is the op's name (names are C identifiers) and ``static`` is required
(the generated program is compiled in several translation units). The source may
define other ``static`` helpers and use ``<math.h>``, ``<stdint.h>``, ``<string.h>``
(the prelude includes them). ``rlx_custom_args`` is::

    typedef struct {
        int n_in;                        /* number of operands */
        const void *const *in;           /* operand i: contiguous row-major elements */
        const int64_t *const *in_shape;  /* operand i's dimensions (in_rank[i] of them) */
        const int *in_rank;
        const int64_t *in_numel;         /* operand i's element count */
        const char *const *in_dtype;     /* operand i's dtype name: "f32", "f64", "i64", ... */
        void *out;                       /* the result: contiguous row-major, written whole */
        const int64_t *out_shape;
        int out_rank;
        int64_t out_numel;
        const char *out_dtype;
        int n_attrs;                     /* the node's numeric attributes (int, float, bool) */
        const char *const *attr_names;   /*   sorted by name, */
        const double *attr_values;       /*   as doubles */
    } rlx_custom_args;

Elements are in the node's dtypes (f32 as ``float``, f64 as ``double``, i64 as
``int64_t``, ...); the kernel casts ``in[i]`` and ``out`` itself. ``out`` never
overlaps an operand. The kernel runs on one thread, inside the one generated
program; it must not read or write outside the buffers it is given. A node whose
attributes are not all numeric, or whose shapes are symbolic, is refused at compile.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rlx.errors import GraphBuildError, RlxError
from rlx.ir import ops as _ops
from rlx.ir.types import TensorType

CATEGORY = "custom"

UserInfer = Callable[[list[TensorType], dict[str, Any]], Any]

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@dataclass(frozen=True)
class CustomOp:
    """A registered custom op: the user's functions, as given to register_op."""

    name: str
    infer: UserInfer
    reference: Callable[..., Any]
    arity: tuple[int, int]
    c_kernel: str | None = None
    vjp: Callable[..., Any] | None = None
    jvp: Callable[..., Any] | None = None
    doc: str = ""


CUSTOM_OPS: dict[str, CustomOp] = {}
"""The registered custom ops by name (each also has its entry in ``OPS``)."""


def c_kernel_ops() -> frozenset[str]:
    """The custom ops that have a C kernel (the ones the cpu device runs)."""
    return frozenset(k for k, op in CUSTOM_OPS.items() if op.c_kernel is not None)


def _check_c_kernel(name: str, source: str) -> None:
    if not isinstance(source, str):
        raise GraphBuildError(f"register_op({name!r}): c_kernel must be C source text, got "
                              f"{type(source).__name__}")
    if not re.search(rf"\bstatic\s+(inline\s+)?void\s+{name}\s*\(", source):
        raise GraphBuildError(
            f"register_op({name!r}): c_kernel must define "
            f"'static void {name}(const rlx_custom_args *a)' (see rlx.ir.custom)")


def _type_rule(op: CustomOp) -> _ops.InferFn:
    """The OpDef infer function around the user's ``infer``."""
    def infer(kind: str, ins: list[TensorType], attrs: _ops.Attrs) -> tuple[TensorType, _ops.Attrs]:
        try:
            out = op.infer(list(ins), dict(attrs))
        except RlxError:
            raise
        except Exception as e:
            raise GraphBuildError(f"{kind}{_ops._fmt_operands(ins)}: {type(e).__name__}: "
                                  f"{e}") from e
        canon = attrs
        if isinstance(out, tuple) and len(out) == 2 and isinstance(out[1], dict):
            out, canon = out
        if not isinstance(out, TensorType):
            raise GraphBuildError(f"{kind}{_ops._fmt_operands(ins)}: the custom op's infer "
                                  f"must return a TensorType (or (TensorType, attrs)), got "
                                  f"{type(out).__name__}")
        return out, dict(canon)
    return infer


def define(op: CustomOp) -> None:
    """Add ``op`` to the op contract; GraphBuildError for a bad or taken name."""
    name = op.name
    if not isinstance(name, str) or not _NAME.match(name):
        raise GraphBuildError(f"register_op: the op name must be a C identifier "
                              f"([A-Za-z_][A-Za-z0-9_]*), got {name!r}")
    if name in _ops.OPS:
        what = "custom op" if name in CUSTOM_OPS else "built-in op"
        raise GraphBuildError(f"register_op: {name!r} is already registered (a {what}); "
                              "unregister it first (rlx.unregister_op) or pick another name")
    if not callable(op.infer) or not callable(op.reference):
        raise GraphBuildError(f"register_op({name!r}): infer= and reference= must be "
                              "callables")
    lo, hi = op.arity
    if not 0 <= lo <= hi:
        raise GraphBuildError(f"register_op({name!r}): bad arity {op.arity}")
    if op.c_kernel is not None:
        _check_c_kernel(name, op.c_kernel)
    doc = (op.doc or "").strip() or f"A custom op registered with rlx.register_op ({name})."
    CUSTOM_OPS[name] = op
    _ops.OPS[name] = _ops.OpDef(name, CATEGORY, (lo, hi), _type_rule(op), doc, attrs=None)


def undefine(name: str) -> CustomOp:
    """Remove the custom op ``name`` from the op contract; returns its record."""
    op = CUSTOM_OPS.pop(name, None)
    if op is None:
        what = "a built-in op" if name in _ops.OPS else "not registered"
        raise GraphBuildError(f"unregister_op: {name!r} is not a custom op ({what})")
    del _ops.OPS[name]
    return op
