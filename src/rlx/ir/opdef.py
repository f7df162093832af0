"""The op contract's building blocks: :class:`OpDef`, attribute schemas, traits, ``define``.

Every op kind is defined by one :func:`define` call that states all of its facts in
one place: category, operand count, type rule (its infer function), semantics (its
doc), attribute schema and traits. The op families :mod:`rlx.ir.ops` joins
(:mod:`rlx.ir.core_ops`, :mod:`rlx.ir.shape_ops`, :mod:`rlx.ir.nn_ops`,
:mod:`rlx.ir.grad_ops`, :mod:`rlx.ir.quant_ops`, :mod:`rlx.ir.onnx_ops`,
:mod:`rlx.ir.complex_ops`, :mod:`rlx.ir.linalg_ops`, :mod:`rlx.ir.control`,
:mod:`rlx.ir.moe_ops`, :mod:`rlx.ir.collective_ops`) make the calls; :data:`REGISTRY`
collects them and ``rlx.ir.ops.OPS`` is that registry. Defining a kind twice is an
error.

**Attribute schemas.** ``attrs`` is a string of ``name:kind`` or ``name:kind=default``
entries separated by spaces, e.g. ``"axis:int=-1 keepdims:bool=False"``. An entry
without a default is required. The default is what the infer function receives when
the attribute is not given (it may be an input form, e.g. a conv ``stride`` of 1);
the kind describes the *canonical* value the infer function returns (a tuple of one
stride per spatial axis). Kinds (:data:`ATTR_KINDS`): ``int``, ``float``, ``number``
(int or float), ``bool``, ``str``, ``dtype``, ``shape`` (ints or symbolic ``Dim``s),
``ints`` (a tuple of ints), ``pairs`` (a tuple of (int, int)), ``bounds`` (a tuple of
ints or None), ``array`` (a constant's value), ``subgraph`` / ``subgraphs`` (control-flow
bodies, registered by :mod:`rlx.ir.control`), and ``{a,b,c}`` (one of the listed
strings). A trailing ``?`` also allows None.

The contract uses the schema everywhere an attribute is read: ``rlx.ir.ops.infer``
refuses unknown names, missing required attributes and an int, bool or number given
as anything else (:data:`GIVEN_CHECKS`), fills defaults, and checks that the canonical
attributes match the schema exactly (the verifier re-infers every node,
so it checks the same); the printer leaves out attributes at their default; JSON
loading fills attributes a file written before they existed leaves out.

**Traits** (:data:`TRAITS`) are flags passes, fusion, transforms and backends read
instead of typing out sets of op names; ``fusion`` (the kernel an op anchors:
matmul, conv, attention, rowwise, reduce) and ``precision`` (``narrow``: may compute
in a mixed-precision policy's narrow type; ``f32``: kept in f32 under it) are the two
valued facts.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rlx.errors import GraphBuildError
from rlx.ir.dtypes import DType
from rlx.ir.types import Dim, TensorType

Attrs = dict[str, Any]
InferFn = Callable[[str, list[TensorType], Attrs], tuple[TensorType, Attrs]]

REQUIRED = object()
"""The default of an attribute that must be given."""


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _tuple_of(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, tuple) and all(check(x) for x in v)


ATTR_KINDS: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "int": ("an int", _is_int),
    "float": ("a float", lambda v: isinstance(v, float)),
    "number": ("an int or a float", lambda v: _is_int(v) or isinstance(v, float)),
    "bool": ("a bool", lambda v: isinstance(v, bool)),
    "str": ("a string", lambda v: isinstance(v, str)),
    "dtype": ("a DType", lambda v: isinstance(v, DType)),
    "shape": ("a tuple of ints and Dims",
              _tuple_of(lambda d: isinstance(d, Dim) or _is_int(d))),
    "ints": ("a tuple of ints", _tuple_of(_is_int)),
    "pairs": ("a tuple of (int, int) pairs",
              _tuple_of(lambda p: isinstance(p, tuple) and len(p) == 2
                        and all(_is_int(x) for x in p))),
    "bounds": ("a tuple of ints or None", _tuple_of(lambda d: d is None or _is_int(d))),
    "array": ("a constant value", lambda v: hasattr(v, "shape") and hasattr(v, "dtype")),
}
"""Attribute kind -> (description, check of a canonical value)."""


def _is_real(v: Any) -> bool:
    return _is_int(v) or isinstance(v, float)


GIVEN_CHECKS: dict[str, Callable[[Any], bool]] = {
    "int": _is_int,
    "bool": lambda v: isinstance(v, bool) or (_is_int(v) and v in (0, 1)),   # numpy's 0 / 1
    "number": _is_real,
    "float": _is_real,
}
"""Scalar kinds whose value, as a builder gives it (numpy scalars already made Python
ones), is checked before the type rule reads it: rules read them with int(), float() and
bool(), which took 2.5 as 2, '3' as 3 and 'False' as True. A float also takes an int, a
bool the ints 0 and 1 (``keepdims=1``, as numpy takes it; made bools before the rule)."""


def register_attr_kind(name: str, description: str, check: Callable[[Any], bool]) -> None:
    """Add an attribute kind (for values defined outside this module: control-flow
    bodies); GraphBuildError if the name is taken."""
    if name in ATTR_KINDS:
        raise GraphBuildError(f"attribute kind {name!r} is already defined")
    ATTR_KINDS[name] = (description, check)


@dataclass(frozen=True)
class AttrSpec:
    """One attribute of an op: its name, kind (see the module docstring), default."""

    name: str
    kind: str
    default: Any = REQUIRED
    optional: bool = False  # None is also a valid canonical value
    choices: tuple[str, ...] = ()

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` is a valid canonical value of this attribute."""
        if value is None:
            return self.optional
        if self.choices:
            return value in self.choices
        return ATTR_KINDS[self.kind][1](value)

    def refuses_given(self, value: Any) -> bool:
        """Whether a value given for this attribute is refused before the type rule reads
        it (:data:`GIVEN_CHECKS`; None where the schema allows it or defaults to it)."""
        check = GIVEN_CHECKS.get(self.kind)
        if check is None or self.choices:
            return False
        if value is None:
            return not (self.optional or self.default is None)
        return not check(value)

    def describe(self) -> str:
        """The kind in words (for errors)."""
        what = ("one of " + ", ".join(map(repr, self.choices)) if self.choices
                else ATTR_KINDS[self.kind][0])
        return what + (" or None" if self.optional else "")

    def __str__(self) -> str:
        kind = "{" + ",".join(self.choices) + "}" if self.choices else self.kind
        text = f"{self.name}:{kind}{'?' if self.optional else ''}"
        return text if self.required else f"{text}={self.default!r}"


_ENTRY = re.compile(r"(\w+):(\{[\w,]*\}|\w+)(\?)?(?:=(\S+))?\Z")


def parse_attrs(spec: str, where: str = "") -> tuple[AttrSpec, ...]:
    """The :class:`AttrSpec` list of a schema string (see the module docstring)."""
    out: list[AttrSpec] = []
    for entry in spec.split():
        m = _ENTRY.match(entry)
        if m is None:
            raise GraphBuildError(f"{where}: bad attribute schema entry {entry!r}")
        name, kind, optional, default_text = m.groups()
        choices: tuple[str, ...] = ()
        if kind.startswith("{"):
            choices, kind = tuple(kind[1:-1].split(",")), "str"
        if kind not in ATTR_KINDS:
            raise GraphBuildError(f"{where}: unknown attribute kind {kind!r} in {entry!r}")
        default: Any = REQUIRED
        if default_text is not None:
            try:
                default = ast.literal_eval(default_text)
            except (ValueError, SyntaxError):
                default = default_text       # a bare word: a string (a choice, a dtype)
        out.append(AttrSpec(name, kind, default, bool(optional), choices))
    names = [a.name for a in out]
    if len(set(names)) != len(names):
        raise GraphBuildError(f"{where}: an attribute is listed twice in {spec!r}")
    return tuple(out)


TRAITS: dict[str, str] = {
    "reshape_like": "the result is the operand's elements in the same order under another "
                    "shape: a view of the same bytes (passes fold chains of them, memory "
                    "planning lets the result share the operand's storage)",
    "complex": "takes complex (c64 / c128) operands (rlx.ir.complex_ops); the contract "
               "refuses complex operands for every op without this trait",
    "subgraphs": "holds control-flow bodies as Subgraph attributes (rlx.ir.control)",
    "multi_result": "one of several results, selected by the ``result`` attribute (nodes "
                    "differing only in it are siblings)",
    "linear": "linear in every operand: forward mode applies the op itself to the "
              "tangents (rlx.autodiff.jvp)",
    "indexed_linear": "linear in operand 0, the other operands being indices (no "
                      "derivative flows to them)",
    "positionwise": "each result position along a symbolic axis reads the same positions "
                    "of the operands along it, so a short active extent can be computed "
                    "alone (rlx.passes.extents)",
    "collective": "communicates with the other workers of the process group "
                  "(rlx.ir.collective_ops): its value depends on theirs, so it is never "
                  "evaluated at compile time or moved into the prepare program, and it "
                  "runs as a kernel of its own",
}
"""Every flag trait an op may declare, with what it promises."""

FUSION_ROLES = ("matmul", "conv", "attention", "rowwise", "reduce")
"""The kernels an op can anchor in fusion (rlx.passes.fusion)."""

PRECISION_CLASSES = ("narrow", "f32")
"""How a mixed-precision policy treats an op (rlx.passes.precision)."""


@dataclass(frozen=True)
class OpDef:
    """One op kind: every fact of the op contract about it (see the module docstring).

    ``attrs`` is None only for custom ops (their attributes are the user's business)."""

    kind: str
    category: str
    arity: tuple[int, int]  # (min, max) number of operands
    infer: InferFn
    doc: str
    traits: frozenset[str] = frozenset()
    attrs: tuple[AttrSpec, ...] | None = ()
    fusion: str | None = None
    precision: str | None = None

    def attr(self, name: str) -> AttrSpec | None:
        """The schema entry of attribute ``name`` (None when the op has no such one)."""
        return next((a for a in self.attrs or () if a.name == name), None)

    @property
    def schema(self) -> str:
        """The attribute schema as text (``"axis:int=-1 ..."``)."""
        return " ".join(map(str, self.attrs or ()))


REGISTRY: dict[str, OpDef] = {}
"""Every defined op kind (``rlx.ir.ops.OPS`` is this dict)."""


def define(kinds: str, category: str, arity: tuple[int, int], infer: InferFn, doc: str | dict,
           attrs: str = "", traits: str = "", fusion: str | None = None,
           precision: str | None = None) -> None:
    """Define each of the space-separated ``kinds`` with these facts. ``doc`` is one text
    for all of them or a dict kind -> text; ``traits`` space-separated :data:`TRAITS`
    names. GraphBuildError for a kind defined twice or an unknown trait / role."""
    schema = parse_attrs(attrs, kinds)
    flags = frozenset(traits.split())
    unknown = sorted(flags - set(TRAITS))
    if unknown:
        raise GraphBuildError(f"define({kinds!r}): unknown trait(s) {unknown}")
    if fusion is not None and fusion not in FUSION_ROLES:
        raise GraphBuildError(f"define({kinds!r}): unknown fusion role {fusion!r}")
    if precision is not None and precision not in PRECISION_CLASSES:
        raise GraphBuildError(f"define({kinds!r}): unknown precision class {precision!r}")
    for kind in kinds.split():
        if kind in REGISTRY:
            raise GraphBuildError(f"op kind {kind!r} is defined twice")
        text = doc[kind] if isinstance(doc, dict) else doc
        REGISTRY[kind] = OpDef(kind, category, arity, infer, text, flags, schema, fusion,
                               precision)


def with_defaults(opdef: OpDef, attrs: Attrs) -> Attrs:
    """``attrs`` with every attribute the schema defaults filled in."""
    out = {a.name: a.default for a in opdef.attrs or () if not a.required}
    out.update(attrs)
    return out


def schema_violations(opdef: OpDef, attrs: Attrs) -> list[str]:
    """How canonical ``attrs`` break ``opdef``'s schema (empty when they match it)."""
    if opdef.attrs is None:
        return []
    problems = []
    names = {a.name for a in opdef.attrs}
    extra = sorted(set(attrs) - names)
    if extra:
        problems.append(f"attribute(s) not in the schema: {', '.join(extra)}")
    for spec in opdef.attrs:
        if spec.name not in attrs:
            problems.append(f"{spec.name} is missing")
        elif not spec.accepts(attrs[spec.name]):
            problems.append(f"{spec.name}={attrs[spec.name]!r} is not {spec.describe()}")
    return problems
