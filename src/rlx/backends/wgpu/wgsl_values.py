"""Values on the wgpu device: the WGSL type each dtype is held in, literals,
conversions with the ``cast`` semantics, loads and stores of buffer words, and the WGSL
expression of each elementwise op.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from rlx.errors import UnsupportedOpError
from rlx.ir.dtypes import DType, promote
from rlx.ir.graph import Graph, Node
from rlx.ir.printer import format_node

DEVICE_TYPES: dict[DType, str] = {
    DType.F32: "f32", DType.I32: "i32", DType.U32: "u32", DType.BOOL: "u32",
    DType.I64: "i32", DType.F16: "f32", DType.BF16: "f32",
}
"""The WGSL type each dtype the device runs computes in (others are refused). i64 is
held as a native ``i64`` (two words) where the adapter has 64-bit integers
(:func:`use_int64`), else as an i32; f16 and bf16 compute in f32 (:data:`NARROW`)."""

NARROW: dict[DType, tuple[str, str, str]] = {
    DType.F16: ("rlx_h2f", "rlx_f2h", "rlx_round_h"),
    DType.BF16: ("rlx_b2f", "rlx_f2b", "rlx_round_b"),
}
"""The 16-bit floats: (decode a word's low half to f32, encode an f32 rounded to
nearest-even, round an f32 to the nearest value of the type)."""


def use_int64(available: bool) -> None:
    """Set how i64 is held, once, when the process's adapter is opened (one per
    process): natively where the adapter has the ``shader-int64`` feature."""
    DEVICE_TYPES[DType.I64] = "i64" if available else "i32"


def words(dtype: DType) -> int:
    """Device words per element of ``dtype``."""
    return 2 if DEVICE_TYPES[dtype] == "i64" else 1


def unsupported(node_id: int, node: Node, why: str) -> UnsupportedOpError:
    return UnsupportedOpError(f"wgpu: {format_node(node_id, node)}: {why}")


def device_type(dtype: DType) -> str | None:
    """The WGSL type that holds ``dtype`` on the device, None where it has none."""
    return DEVICE_TYPES.get(dtype)


def _zero(t: str) -> str:
    return {"f32": "0.0", "i32": "0", "u32": "0u", "i64": "0li"}[t]


def literal(value: float | int | bool, dtype: DType) -> str:
    """A WGSL literal of ``value`` in ``dtype``'s device type."""
    t = DEVICE_TYPES[dtype]
    if t == "f32":
        with np.errstate(over="ignore", invalid="ignore"):     # inf and nan as numpy's
            v = float(np.asarray(value).astype(dtype.np).astype(np.float32))
        if math.isnan(v):
            return "bitcast<f32>(0x7fc00000u)"
        if math.isinf(v):
            return f"bitcast<f32>({'0xff800000u' if v < 0 else '0x7f800000u'})"
        return f"bitcast<f32>({int(np.float32(v).view(np.uint32))}u)"
    if t == "u32":
        return f"{int(value) & 0xffffffff}u"
    if t == "i64":
        v = int(value)
        return f"{v}li" if v != -(1 << 63) else "(-9223372036854775807li - 1li)"
    v = int(value)
    return f"i32({v})" if v != -(1 << 31) else "(-2147483647 - 1)"


def convert(expr: str, src: DType, dst: DType) -> str:
    """``expr`` (held as ``src``) as ``dst``, with the ``cast`` op's semantics: floats to
    integers truncate and saturate (nan -> 0), integers wrap, anything to bool is
    ``!= 0``."""
    if src == dst:
        return expr
    s, d = DEVICE_TYPES[src], DEVICE_TYPES[dst]
    if dst.is_bool:     # "not equal" written as !(==): nan is true, whatever the driver
        return f"select(0u, 1u, !({expr} == {_zero(s)}))"
    if dst in NARROW:   # one rounding: integers reach f32 rounded to odd
        wide = {"u32": "rlx_u2f_odd", "i32": "rlx_i2f_odd", "i64": "rlx_l2f_odd"}
        if src.is_bool:
            expr = f"f32({expr})"
        elif s != "f32":
            expr = f"{wide[s]}({expr})"
        return f"{NARROW[dst][2]}({expr})"
    if src.is_bool:
        return f"{d}({expr})"
    if s == d:
        return expr
    if s == "f32":
        return {"i32": "rlx_f2i", "u32": "rlx_f2u", "i64": "rlx_f2l"}[d] + f"({expr})"
    if d == "f32":
        return f"f32({expr})"
    if d == "i64":      # explicit: naga's 32 -> 64-bit conversions extend inconsistently
        return f"rlx_u2l({expr})" if s == "u32" else f"rlx_i2l({expr})"
    if s == "i64":
        return f"{d}({expr})"
    return f"bitcast<{d}>({expr})"


def load(buffer: int, base: int, index: str, dtype: DType) -> str:
    """The element ``index`` of the value of ``dtype`` at word ``base`` of buffer
    ``buffer``, as its device type (i64: two words, low first)."""
    t = DEVICE_TYPES[dtype]
    if t == "i64":
        at = f"{base}u + ({index}) * 2u"
        return (f"((i64(mem{buffer}[{at} + 1u]) << 32u) | "
                f"(i64(mem{buffer}[{at}]) & 0xffffffffli))")
    raw = f"mem{buffer}[{base}u + {index}]"
    if dtype in NARROW:
        return f"{NARROW[dtype][0]}({raw})"
    return raw if t == "u32" else f"bitcast<{t}>({raw})"


def store(buffer: int, base: int, index: str, dtype: DType, value: str) -> str:
    t = DEVICE_TYPES[dtype]
    if t == "i64":
        at = f"{base}u + ({index}) * 2u"
        return (f"{{ let v64 = {value}; mem{buffer}[{at}] = u32(v64 & 0xffffffffli); "
                f"mem{buffer}[{at} + 1u] = u32(v64 >> 32u); }}")
    if dtype in NARROW:
        return f"mem{buffer}[{base}u + {index}] = {NARROW[dtype][1]}({value});"
    return (f"mem{buffer}[{base}u + {index}] = "
            f"{value if t == 'u32' else f'bitcast<u32>({value})'};")


# --------------------------------------------------------------------------- expressions

def _float_or_int(f: str, i: str, u: str | None = None,
                  wide: str | None = None) -> Callable[[DType, list[str]], str]:
    """An expression by device type: ``f`` for f32, ``i`` for i32 (and for u32 and i64
    unless ``u`` / ``wide`` are given)."""
    def expr(dt: DType, xs: list[str]) -> str:
        pattern = {"f32": f, "u32": u, "i64": wide}.get(DEVICE_TYPES[dt]) or i
        return pattern.format(*xs)
    return expr


def _float_only(f: str) -> Callable[[DType, list[str]], str]:
    return lambda dt, xs: f.format(*xs)


def _compare(op: str) -> Callable[[DType, list[str]], str]:
    return lambda dt, xs: f"select(0u, 1u, {xs[0]} {op} {xs[1]})"


EXPRESSIONS: dict[str, Callable[[DType, list[str]], str]] = {
    "add": _float_or_int("({0} + {1})", "({0} + {1})"),
    "sub": _float_or_int("({0} - {1})", "({0} - {1})"),
    "mul": _float_or_int("({0} * {1})", "({0} * {1})"),
    "div": _float_or_int("rlx_fdiv({0}, {1})", "rlx_idiv({0}, {1})", "rlx_udiv({0}, {1})",
                         "rlx_ldiv({0}, {1})"),
    "mod": _float_or_int("rlx_fmod({0}, {1})", "rlx_imod({0}, {1})", "rlx_umod({0}, {1})",
                         "rlx_lmod({0}, {1})"),
    "pow": _float_or_int("rlx_powf({0}, {1})", "rlx_ipow({0}, {1})", "rlx_upow({0}, {1})",
                         "rlx_lpow({0}, {1})"),
    "maximum": _float_or_int("rlx_max({0}, {1})", "max({0}, {1})", None,
                             "select({1}, {0}, {0} > {1})"),
    "minimum": _float_or_int("rlx_min({0}, {1})", "min({0}, {1})", None,
                             "select({1}, {0}, {0} < {1})"),
    "eq": _compare("=="), "lt": _compare("<"),
    "ne": lambda dt, xs: f"select(0u, 1u, !({xs[0]} == {xs[1]}))",
    "le": _compare("<="), "gt": _compare(">"), "ge": _compare(">="),
    "logical_and": lambda dt, xs: f"({xs[0]} & {xs[1]})",
    "logical_or": lambda dt, xs: f"({xs[0]} | {xs[1]})",
    "logical_xor": lambda dt, xs: f"({xs[0]} ^ {xs[1]})",
    "bitwise_and": lambda dt, xs: f"({xs[0]} & {xs[1]})",
    "bitwise_or": lambda dt, xs: f"({xs[0]} | {xs[1]})",
    "bitwise_xor": lambda dt, xs: f"({xs[0]} ^ {xs[1]})",
    "bitwise_not": lambda dt, xs: (f"(1u - {xs[0]})" if dt.is_bool else f"(~{xs[0]})"),
    "where": lambda dt, xs: f"select({xs[2]}, {xs[1]}, {xs[0]} != 0u)",
    "neg": _float_or_int("(-{0})", "(0 - {0})", "(0u - {0})", "(0li - {0})"),
    "abs": _float_or_int("abs({0})", "abs({0})", "{0}", "select({0}, 0li - {0}, {0} < 0li)"),
    "sign": _float_or_int("rlx_sign({0})", "sign({0})", "min({0}, 1u)",
                          "select(select(0li, 1li, {0} > 0li), -1li, {0} < 0li)"),
    "relu": _float_or_int("rlx_relu({0})", "max({0}, 0)", "{0}", "select({0}, 0li, {0} < 0li)"),
    "floor": _float_or_int("floor({0})", "{0}"),
    "ceil": _float_or_int("ceil({0})", "{0}"),
    "round": _float_or_int("round({0})", "{0}"),
    "exp": _float_only("exp({0})"),
    "log": _float_only("log({0})"),
    "sqrt": _float_only("sqrt({0})"),
    "sin": _float_only("sin({0})"),
    "cos": _float_only("cos({0})"),
    "tanh": _float_only("rlx_tanh({0})"),
    "atan": _float_only("select(atan({0}), {0}, {0} == 0.0 || rlx_isnan({0}))"),   # +-0, nan
    "erf": _float_only("rlx_erf({0})"),
    "stop_gradient": lambda dt, xs: xs[0],
}
"""Elementwise op -> its WGSL expression over operands already converted to the
node's dtype (comparisons: to the operands' common dtype)."""

PREDICATES = {"isnan": "rlx_isnan", "isinf": "rlx_isinf"}


def node_expression(graph: Graph, nid: int, operands: list[str]) -> str:
    """The WGSL expression of elementwise node ``nid`` given its operands' expressions
    (each held in its own node's dtype)."""
    node = graph.nodes[nid]
    in_types = [graph.nodes[i].dtype for i in node.inputs]
    if node.op == "cast":
        return convert(operands[0], in_types[0], node.dtype)
    if node.op in PREDICATES:
        if in_types[0].is_float:
            return f"select(0u, 1u, {PREDICATES[node.op]}({operands[0]}))"
        return "0u"
    if node.op in ("eq", "ne", "lt", "le", "gt", "ge"):
        kinds = [DEVICE_TYPES[t] for t in in_types]
        if sorted(kinds) == ["i32", "u32"]:
            # u32 against a signed integer: their common type (i64) does not fit the
            # device's 32-bit words, so compare by sign first
            u, i = (operands[0], operands[1]) if kinds[0] == "u32" else \
                (operands[1], operands[0])
            order = f"rlx_cmp_ui({u}, {i})" if kinds[0] == "u32" else f"(0 - rlx_cmp_ui({u}, {i}))"
            return EXPRESSIONS[node.op](DType.I32, [order, "0"])
        common = _common(in_types)
        xs = [convert(x, t, common) for x, t in zip(operands, in_types)]
        return EXPRESSIONS[node.op](common, xs)
    if node.op == "where":
        xs = [operands[0]] + [convert(x, t, node.dtype)
                              for x, t in zip(operands[1:], in_types[1:])]
        return EXPRESSIONS["where"](node.dtype, xs)
    if node.op == "logical_not":
        return f"select(0u, 1u, {operands[0]} == {_zero(DEVICE_TYPES[in_types[0]])})"
    if node.op in ("logical_and", "logical_or", "logical_xor"):
        return EXPRESSIONS[node.op](node.dtype, operands)
    xs = [convert(x, t, node.dtype) for x, t in zip(operands, in_types)]
    return EXPRESSIONS[node.op](node.dtype, xs)


def _common(types: Sequence[DType]) -> DType:
    out = types[0]
    for t in types[1:]:
        out = promote(out, t)
    return out


ELEMENTWISE_OPS = frozenset(EXPRESSIONS) | frozenset(PREDICATES) | {"cast", "logical_not"}
