"""WGSL for the wgpu device: one compute shader per kernel of the Program.

Storage. Every value the device holds is 32-bit words: f32, i32 and u32 as
themselves, bool as a u32 0 / 1, f16 and bf16 as their 16 bits in the low half of a
word, and i64 as two words or one i32 (rlx.backends.wgpu.backend converts at the
boundary). f16 and bf16 compute in f32 and are rounded to nearest-even on store and
by ``cast``, as on the other devices ("compute in f32, round once"); the conversions
are integer arithmetic, so they are exact on every adapter, with or without the
``shader-f16`` feature (whose native f16 arithmetic would round every intermediate
and so disagree with cpu and reference). A shader binds each buffer it touches once, as
``array<u32>`` read-write, and reads and writes typed values with ``bitcast``: one
buffer (the arena) holds many values, and WebGPU forbids binding one buffer twice in
a dispatch when either binding is writable.

Shapes, strides and word offsets are constants in the source: a shader is made for
one place in one program (pipelines cost about 4 ms each on Mesa's lavapipe and are
built once at compile).

Kernels follow the Program's fusion (rlx.passes.fusion): an ``elementwise`` kernel is
its loop nest (rlx.passes.loops); a matmul, conv or reduction renders its anchor and
evaluates the elementwise prologue / epilogue inline; shape and index ops are copies
with computed source positions. A kernel that can fail at run time (an index out of
range) writes its number into the status word, which the executable reads with the
outputs and turns into an ExecutionError.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from rlx.errors import UnsupportedOpError
from rlx.ir.dtypes import DType, promote
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, OPS, normalize_slice
from rlx.ir.printer import format_node
from rlx.ir.quantized import PackedLayout
from rlx.passes.loops import LoopNest, broadcast_strides, loop_nest, row_major_strides
from rlx.passes.memory import view_offset
from rlx.passes.program import Kernel

WORKGROUP = 64
"""Invocations per workgroup of the one-dimensional kernels."""
BLOCK = 8
"""Side of the square output block one matmul invocation computes."""
SKINNY = 4
"""Products of at most this many rows take the one-column-per-invocation kernel."""
MAX_GROUPS = 65535
"""WebGPU's least maximum of workgroups per grid dimension."""

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


PRELUDE = """
fn rlx_isnan(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u; }
fn rlx_isinf(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) == 0x7f800000u; }
fn rlx_max(a: f32, b: f32) -> f32 {
  if (rlx_isnan(a) || rlx_isnan(b)) { return a + b; }
  return max(a, b);
}
fn rlx_min(a: f32, b: f32) -> f32 {
  if (rlx_isnan(a) || rlx_isnan(b)) { return a + b; }
  return min(a, b);
}
// IEEE division: Vulkan leaves x / 0 undefined (lavapipe gives 0 / 0 = 0)
fn rlx_fdiv(a: f32, b: f32) -> f32 {
  if (b == 0.0) {
    if (a == 0.0 || rlx_isnan(a)) { return bitcast<f32>(0x7fc00000u); }
    let negative = (bitcast<u32>(a) ^ bitcast<u32>(b)) & 0x80000000u;
    return bitcast<f32>(0x7f800000u | negative);
  }
  return a / b;
}
fn rlx_relu(x: f32) -> f32 { return select(x, 0.0, x < 0.0); }
fn rlx_sign(x: f32) -> f32 {
  if (rlx_isnan(x)) { return x; }
  return select(select(0.0, 1.0, x > 0.0), -1.0, x < 0.0);
}
fn rlx_tanh(x: f32) -> f32 {
  if (rlx_isnan(x)) { return x; }
  return tanh(clamp(x, -16.0, 16.0));
}
// erf: the Taylor series below |x| = 0.5 (relative error under 1e-8 there), else
// 1 - erfc with Numerical Recipes' Chebyshev fit of erfc (relative error < 1.2e-7).
fn rlx_erf(x: f32) -> f32 {
  if (rlx_isnan(x)) { return x; }
  let a = abs(x);
  if (a < 0.5) {
    let z = x * x;
    let s = 1.0 + z * (-0.33333333 + z * (0.1 + z * (-0.023809524 + z * (0.0046296296
        - z * 0.00075757576))));
    return 1.1283791671 * x * s;
  }
  return sign(x) * (1.0 - rlx_erfc_pos(a));
}
fn rlx_erfc_pos(a: f32) -> f32 {
  if (a > 10.0) { return 0.0; }
  let t = 1.0 / (1.0 + 0.5 * a);
  let poly = -a * a - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
      + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
      + t * (-0.82215223 + t * 0.17087277))))))));
  return t * exp(poly);
}
fn rlx_fmod(a: f32, b: f32) -> f32 {
  // numpy's remainder: the sign of the divisor, a zero result signed like b
  var r = a;
  if (!rlx_isinf(b) || rlx_isinf(a) || rlx_isnan(a)) { r = a - b * trunc(a / b); }
  if (r == 0.0) { return select(0.0, bitcast<f32>(0x80000000u), b < 0.0); }
  if ((r < 0.0) != (b < 0.0)) { return r + b; }
  return r;
}
fn rlx_powf(a: f32, b: f32) -> f32 {
  if (b == 0.0 || a == 1.0) { return 1.0; }
  if (rlx_isnan(a) || rlx_isnan(b)) { return a + b; }
  if (a < 0.0) {
    if (b != trunc(b)) { return bitcast<f32>(0x7fc00000u); }
    let m = pow(-a, b);
    if (abs(b) < 16777216.0 && (i32(abs(b)) & 1) == 1) { return -m; }
    return m;
  }
  if (a == 0.0) { return select(0.0, bitcast<f32>(0x7f800000u), b < 0.0); }
  return pow(a, b);
}
// f16 / bf16 <-> f32 in integer arithmetic: exact, round to nearest-even, on every
// adapter (WGSL leaves the rounding of f32 -> f16 conversions to the implementation)
fn rlx_h2f(h: u32) -> f32 {
  let sign = (h & 0x8000u) << 16u;
  let e = (h >> 10u) & 0x1fu;
  let m = h & 0x3ffu;
  if (e == 0x1fu) { return bitcast<f32>(sign | 0x7f800000u | (m << 13u)); }
  if (e == 0u) {
    let v = f32(m) * 5.9604644775390625e-8;
    return select(v, -v, sign != 0u);
  }
  return bitcast<f32>(sign | ((e + 112u) << 23u) | (m << 13u));
}
fn rlx_f2h(x: f32) -> u32 {
  let b = bitcast<u32>(x);
  let sign = (b >> 16u) & 0x8000u;
  let a = b & 0x7fffffffu;
  if (a > 0x7f800000u) { return sign | 0x7e00u | ((a >> 13u) & 0x3ffu); }
  if (a >= 0x477ff000u) { return sign | 0x7c00u; }
  if (a >= 0x38800000u) {
    let r = a - 0x38000000u;
    return sign | ((r + 0xfffu + ((r >> 13u) & 1u)) >> 13u);
  }
  if (a <= 0x33000000u) { return sign; }
  let shift = 126u - (a >> 23u);
  let m = (a & 0x7fffffu) | 0x800000u;
  let q = m >> shift;
  let rest = m & ((1u << shift) - 1u);
  let half = 1u << (shift - 1u);
  return sign | (q + select(0u, 1u, rest > half || (rest == half && (q & 1u) == 1u)));
}
fn rlx_b2f(h: u32) -> f32 { return bitcast<f32>(h << 16u); }
fn rlx_f2b(x: f32) -> u32 {
  let b = bitcast<u32>(x);
  if ((b & 0x7fffffffu) > 0x7f800000u) { return (b >> 16u) | 0x40u; }
  return (b + 0x7fffu + ((b >> 16u) & 1u)) >> 16u;
}
fn rlx_round_h(x: f32) -> f32 { return rlx_h2f(rlx_f2h(x)); }
fn rlx_round_b(x: f32) -> f32 { return rlx_b2f(rlx_f2b(x)); }
// an integer magnitude as f32 rounded to odd, so that rounding it again to f16 / bf16
// rounds the integer once
fn rlx_u2f_odd(u: u32) -> f32 {
  if (u < 16777216u) { return f32(u); }
  let shift = firstLeadingBit(u) - 23u;
  let q = (u >> shift) | select(0u, 1u, (u & ((1u << shift) - 1u)) != 0u);
  return ldexp(f32(q), i32(shift));
}
fn rlx_i2f_odd(i: i32) -> f32 {
  let m = rlx_u2f_odd(select(u32(i), 0u - bitcast<u32>(i), i < 0));
  return select(m, -m, i < 0);
}
fn rlx_cmp_ui(u: u32, i: i32) -> i32 {
  if (i < 0 || u > u32(i)) { return 1; }
  return select(0, -1, u < u32(i));
}
fn rlx_f2i(x: f32) -> i32 {
  if (rlx_isnan(x)) { return 0; }
  if (x >= 2147483648.0) { return 2147483647; }
  if (x < -2147483648.0) { return -2147483647 - 1; }
  return i32(x);
}
fn rlx_f2u(x: f32) -> u32 {
  if (rlx_isnan(x) || x <= -1.0) { return 0u; }
  if (x >= 4294967296.0) { return 4294967295u; }
  return u32(max(x, 0.0));
}
"""


def _integer_helpers(name: str, t: str, suffix: str, signed: bool) -> str:
    """WGSL division, remainder and power of integer type ``t`` (literals ``0{suffix}``)
    with the op set's rules: x / 0 and x % 0 give 0, MIN / -1 wraps, the remainder takes
    the divisor's sign, and a negative power truncates 1 / a**-b."""
    zero, one = f"0{suffix}", f"1{suffix}"
    signed_cases = f"""
  if (b == -{one}) {{ return {zero} - a; }}""" if signed else ""
    negative_power = f"""
  if (b < {zero}) {{
    if (a == {one}) {{ return {one}; }}
    if (a == -{one}) {{ return select(-{one}, {one}, (b & {one}) == {zero}); }}
    return {zero};
  }}""" if signed else ""
    remainder_sign = f"""
  if (b == -{one}) {{ return {zero}; }}
  let r = a % b;
  if (r != {zero} && ((r < {zero}) != (b < {zero}))) {{ return r + b; }}
  return r;""" if signed else """
  return a % b;"""
    return f"""
fn rlx_{name}div(a: {t}, b: {t}) -> {t} {{
  if (b == {zero}) {{ return {zero}; }}{signed_cases}
  return a / b;
}}
fn rlx_{name}mod(a: {t}, b: {t}) -> {t} {{
  if (b == {zero}) {{ return {zero}; }}{remainder_sign}
}}
fn rlx_{name}pow(a: {t}, b: {t}) -> {t} {{{negative_power}
  var r = {one}; var base = a; var e = b;
  loop {{
    if (e == {zero}) {{ break; }}
    if ((e & {one}) == {one}) {{ r = r * base; }}
    base = base * base; e = e >> 1u;
  }}
  return r;
}}"""


PRELUDE += _integer_helpers("i", "i32", "", True) + _integer_helpers("u", "u32", "u", False)

PRELUDE_I64 = _integer_helpers("l", "i64", "li", True) + """
fn rlx_u2l(x: u32) -> i64 { return i64(x) & 0xffffffffli; }
fn rlx_i2l(x: i32) -> i64 {
  let z = i64(bitcast<u32>(x)) & 0xffffffffli;
  return select(z, z - 4294967296li, x < 0);
}
fn rlx_l2f_odd(x: i64) -> f32 {
  let a = select(bitcast<u64>(x), 0lu - bitcast<u64>(x), x < 0li);
  var m = 0.0;
  if ((a >> 32u) == 0lu) {
    m = rlx_u2f_odd(u32(a));
  } else {
    let shift = firstLeadingBit(u32(a >> 32u)) + 1u;
    let t = u32(a >> shift) | select(0u, 1u, (a & ((1lu << shift) - 1lu)) != 0lu);
    m = ldexp(rlx_u2f_odd(t), i32(shift));
  }
  return select(m, -m, x < 0li);
}
fn rlx_f2l(x: f32) -> i64 {
  if (rlx_isnan(x)) { return 0li; }
  if (x >= 9223372036854775808.0) { return 9223372036854775807li; }
  if (x < -9223372036854775808.0) { return -9223372036854775807li - 1li; }
  return i64(x);
}
"""


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
    "atan": _float_only("select(atan({0}), {0}, {0} == 0.0)"),
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


# --------------------------------------------------------------------------- the source

@dataclass(frozen=True)
class Location:
    """Where a value lives on the device: buffer ``buffer`` from word ``word``.
    ``packed``: a read-only f16 / bf16 value held two to a word (low half first), and
    ``word`` counts halves."""

    buffer: int
    word: int
    packed: bool = False


@dataclass
class Shader:
    """One dispatch: its WGSL, the buffers it binds (in binding order) and its grid."""

    name: str
    source: str
    buffers: tuple[tuple[int, int | None], ...]
    """(buffer, chunk) per binding (rlx.backends.wgpu.wgsl._Writer.binding)."""
    grid: tuple[int, int, int]
    node: int
    number: int
    errors: tuple[str, ...] = ()
    """The ExecutionError texts of its failures (empty: the kernel cannot fail)."""


@dataclass
class _Writer:
    """A shader's body, with the buffers it names numbered in binding order."""

    locate: Callable[[int], Location]
    buffers: list[tuple[int, int | None]] = field(default_factory=list)
    """(buffer, chunk) per binding, in binding order; chunk None: the whole buffer."""
    chunk_words: int = 1 << 25
    """Words of one chunk binding (the adapter's binding limit, aligned)."""
    lines: list[str] = field(default_factory=list)
    temps: int = 0
    number: int = 0
    status: bool = False
    functions: list[str] = field(default_factory=list)
    """Module-scope WGSL functions this shader's body calls (they may read its buffers)."""

    def binding(self, buffer: int, chunk: int | None = None) -> int:
        """The binding number of ``buffer`` whole, or of its window ``chunk`` of
        ``chunk_words`` words (the GGML block reader, whose blocks may pass the adapter's
        binding limit, reads them so)."""
        key = (buffer, chunk)
        if key not in self.buffers:
            self.buffers.append(key)
        return self.buffers.index(key)

    def load(self, graph: Graph, nid: int, index: str) -> str:
        loc = self.locate(nid)
        dtype = graph.nodes[nid].dtype
        if loc.packed:
            at = f"({loc.word}u + {index})"
            word = f"mem{self.binding(loc.buffer)}[{at} >> 1u]"
            return f"{NARROW[dtype][0]}(({word} >> (({at} & 1u) << 4u)) & 0xffffu)"
        return load(self.binding(loc.buffer), loc.word, index, dtype)

    def store(self, graph: Graph, nid: int, index: str, value: str) -> str:
        loc = self.locate(nid)
        assert not loc.packed, f"wgpu: node %{nid} is held packed and read-only"
        return store(self.binding(loc.buffer), loc.word, index, graph.nodes[nid].dtype, value)

    def fresh(self, stem: str) -> str:
        self.temps += 1
        return f"{stem}{self.temps}"

    def emit(self, line: str, indent: int = 1) -> None:
        self.lines.append("  " * indent + line)

    def fail(self, which: int, *values: str, wide: int = -1) -> str:
        """A statement recording a run-time failure of this kernel: error text ``which``
        of its op (:data:`ERRORS`), its fields filled from ``values``: i32 expressions,
        but for value number ``wide``, which is held as an i64 (STATUS_VALUES words
        of two each: low, high)."""
        self.status = True
        words = [f"rlx_status[0] = {self.number}u; rlx_status[1] = {which}u;"]
        for k, v in enumerate(values):
            lo, hi = 2 + 2 * k, 3 + 2 * k
            if k == wide and DEVICE_TYPES[DType.I64] == "i64":
                words.append(f"rlx_status[{lo}] = u32({v} & 0xffffffffli); "
                             f"rlx_status[{hi}] = u32({v} >> 32u);")
            else:
                words.append(f"rlx_status[{lo}] = bitcast<u32>(i32({v})); "
                             f"rlx_status[{hi}] = select(0u, 0xffffffffu, i32({v}) < 0);")
        return " ".join(words)

    def source(self, header: str, status: int | None) -> str:
        decls = [f"@group(0) @binding({i}) var<storage, read_write> mem{i}: array<u32>;"
                 for i in range(len(self.buffers))]
        if status is not None:
            decls.append(f"@group(0) @binding({len(self.buffers)}) "
                         "var<storage, read_write> rlx_status: array<u32>;")
        prelude = PRELUDE + (PRELUDE_I64 if DEVICE_TYPES[DType.I64] == "i64" else "")
        return "\n".join([prelude, *decls, *self.functions, header, *self.lines, "}"])


def _grid(count: int) -> tuple[int, int, int]:
    groups = max(1, -(-count // WORKGROUP))
    x = min(groups, MAX_GROUPS)
    return (x, -(-groups // x), 1)


def _flat_header(grid: tuple[int, int, int], count: int) -> list[str]:
    return ["@compute @workgroup_size(64)",
            "fn main(@builtin(global_invocation_id) g: vec3<u32>) {",
            f"  let i = g.x + g.y * {grid[0] * WORKGROUP}u;",
            f"  if (i >= {count}u) {{ return; }}"]


def _unravel(w: _Writer, flat: str, shape: Sequence[int], stem: str) -> list[str]:
    """Emit the multi-index of ``flat`` in ``shape`` (row-major); returns its names."""
    names = []
    strides = row_major_strides(tuple(shape))
    for axis, (d, s) in enumerate(zip(shape, strides)):
        name = f"{stem}{axis}"
        if d == 1:
            w.emit(f"let {name} = 0u;")
        elif axis == 0:
            w.emit(f"let {name} = {flat} / {s}u;")
        else:
            w.emit(f"let {name} = ({flat} / {s}u) % {d}u;")
        names.append(name)
    return names


def _dot(index: Sequence[str], strides: Sequence[int]) -> str:
    terms = [f"{i} * {s}u" if s != 1 else i for i, s in zip(index, strides) if s != 0]
    return " + ".join(terms) if terms else "0u"


def _shape(node: Node) -> tuple[int, ...]:
    return tuple(int(d) for d in node.shape)


def _numel(shape: Sequence[int]) -> int:
    return int(np.prod(shape, dtype=np.int64))


def numel(node: Node) -> int:
    """Elements of ``node``'s value (at the bounds of symbolic dimensions)."""
    return _numel(_shape(node))


# --------------------------------------------------------------------------- loop nests

def emit_nest(w: _Writer, graph: Graph, nest: LoopNest, index: Sequence[str],
              given: dict[int, str] | None = None) -> str:
    """Emit ``nest``'s body at the domain multi-index ``index``; returns the name of
    the stored value. ``given`` maps node ids to expressions already computed (an
    anchor's result); the other loads read memory."""
    values: dict[int, str] = dict(given or {})
    for ld in nest.loads:
        if ld.node in values:
            continue
        name = w.fresh("l")
        w.emit(f"let {name} = {w.load(graph, ld.node, _dot(index, ld.strides))};")
        values[ld.node] = name
    for nid in nest.body:
        name = w.fresh("v")
        expr = node_expression(graph, nid, [values[i] for i in graph.nodes[nid].inputs])
        w.emit(f"let {name} = {expr};")
        values[nid] = name
    return values[nest.store]


def _elementwise(graph: Graph, kernel: Kernel, w: _Writer) -> tuple[str, tuple[int, int, int]]:
    out = kernel.outputs[0]
    shape = _shape(graph.nodes[out])
    count = _numel(shape)
    grid = _grid(count)
    body = [n for n in kernel.nodes if OPS[graph.nodes[n].op].category in ELEMENTWISE_CATEGORIES]
    nest = loop_nest(graph, body, out)
    index = _unravel(w, "i", shape, "o")
    value = emit_nest(w, graph, nest, index)
    w.emit(w.store(graph, out, "i", value))
    return "\n".join(_flat_header(grid, count)), grid


# --------------------------------------------------------------------------- copies

def _copy_kernel(graph: Graph, out: int, w: _Writer,
                 source: Callable[[_Writer, list[str]], str]) -> tuple[str, tuple[int, int, int]]:
    """A kernel writing every element of ``out`` from ``source(writer, out index)``."""
    shape = _shape(graph.nodes[out])
    count = _numel(shape)
    grid = _grid(count)
    index = _unravel(w, "i", shape, "o")
    w.emit(w.store(graph, out, "i", source(w, index)))
    return "\n".join(_flat_header(grid, count)), grid


def _affine_source(graph: Graph, src: int, base: int, strides: Sequence[int]):
    """A source reading ``src`` at word ``base + sum(index * strides)`` (signed)."""
    def source(w: _Writer, index: list[str]) -> str:
        terms = [f"i32({i}) * {s}" for i, s in zip(index, strides) if s != 0]
        offset = " + ".join([str(base)] + terms)
        return w.load(graph, src, f"u32({offset})")
    return source


def _transpose_strides(graph: Graph, node: Node) -> list[int]:
    own = row_major_strides(_shape(graph.nodes[node.inputs[0]]))
    return [own[p] for p in node.attr("perm")]


def _view_kernel(graph: Graph, kernel: Kernel, w: _Writer):
    """A view kernel whose result is not an alias (a graph output): a flat copy from
    the operand's bytes at the view's offset."""
    out = kernel.outputs[0]
    node = graph.nodes[out]
    src = node.inputs[0]
    offset = view_offset(graph, node) or 0
    base = offset // node.dtype.itemsize
    return _copy_kernel(graph, out, w,
                        lambda w, index: w.load(graph, src, f"{base}u + i"))


def _shape_op(graph: Graph, nid: int, w: _Writer):
    node = graph.nodes[nid]
    op = node.op
    x = node.inputs[0]
    in_shape = _shape(graph.nodes[x])
    own = row_major_strides(in_shape)
    out_shape = _shape(node)
    if op == "transpose":
        return _copy_kernel(graph, nid, w, _affine_source(graph, x, 0,
                                                          _transpose_strides(graph, node)))
    if op == "broadcast_to":
        return _copy_kernel(graph, nid, w, _affine_source(graph, x, 0,
                                                          broadcast_strides(in_shape, out_shape)))
    if op == "slice":
        base, strides = 0, []
        for d, s, start, stop, step in zip(in_shape, own, node.attr("starts"),
                                           node.attr("stops"), node.attr("steps")):
            first, _, step_, _ = normalize_slice(d, start, stop, step)
            base += first * s
            strides.append(step_ * s)
        return _copy_kernel(graph, nid, w, _affine_source(graph, x, base, strides))
    if op == "flip":
        axes = set(node.attr("axes") or range(len(in_shape)))
        base = sum((d - 1) * s for a, (d, s) in enumerate(zip(in_shape, own)) if a in axes)
        strides = [-s if a in axes else s for a, s in enumerate(own)]
        return _copy_kernel(graph, nid, w, _affine_source(graph, x, base, strides))
    if op == "tile":
        def tile_source(w: _Writer, index: list[str]) -> str:
            terms = [f"({i} % {d}u) * {s}u" for i, d, s in zip(index, in_shape, own) if d > 1]
            return w.load(graph, x, " + ".join(terms) if terms else "0u")
        return _copy_kernel(graph, nid, w, tile_source)
    if op == "pad":
        return _copy_kernel(graph, nid, w, _pad_source(graph, node, in_shape, own))
    if op == "concat":
        return _copy_kernel(graph, nid, w, _concat_source(graph, node))
    raise AssertionError(op)


def _pad_source(graph: Graph, node: Node, in_shape, own):
    x = node.inputs[0]
    mode = node.attr("mode")
    pads = node.attr("pads")
    fill = literal(node.attr("value"), node.dtype)

    def source(w: _Writer, index: list[str]) -> str:
        coords, inside = [], []
        for i, d, (before, _) in zip(index, in_shape, pads):
            c = w.fresh("c")
            w.emit(f"var {c} = i32({i}) - {before};")
            if mode == "constant":
                inside.append(f"({c} >= 0 && {c} < {d})")
            elif mode == "edge":
                w.emit(f"{c} = clamp({c}, 0, {d - 1});")
            else:   # reflect without repeating the edge
                w.emit(f"if ({c} < 0) {{ {c} = -{c}; }}")
                w.emit(f"if ({c} >= {d}) {{ {c} = {2 * (d - 1)} - {c}; }}")
            coords.append(c)
        word = " + ".join([f"{c} * {s}" for c, s in zip(coords, own)] or ["0"])
        v = w.fresh("p")
        if inside:
            w.emit(f"var {v} = {fill};")
            w.emit(f"if ({' && '.join(inside)}) {{ {v} = {w.load(graph, x, f'u32({word})')}; }}")
        else:
            w.emit(f"let {v} = {w.load(graph, x, f'u32({word})')};")
        return v
    return source


def _concat_source(graph: Graph, node: Node):
    axis = node.attr("axis")

    def source(w: _Writer, index: list[str]) -> str:
        v = w.fresh("p")
        w.emit(f"var {v}: {DEVICE_TYPES[node.dtype]};")
        start = 0
        for part in node.inputs:
            shape = _shape(graph.nodes[part])
            if shape[axis] == 0:
                continue
            strides = row_major_strides(shape)
            coords = [f"({i} - {start}u)" if a == axis else i for a, i in enumerate(index)]
            stop = start + shape[axis]
            cond = f"{index[axis]} < {stop}u"
            w.emit(f"{'if' if start == 0 else '} else if'} ({cond}) {{")
            w.emit(f"  {v} = {w.load(graph, part, _dot(coords, strides))};")
            start = stop
        w.emit("}")
        return v
    return source


# --------------------------------------------------------------------------- index ops

def _gather(graph: Graph, nid: int, w: _Writer):
    node = graph.nodes[nid]
    x, idx = node.inputs
    axis = node.attr("axis")
    x_shape = _shape(graph.nodes[x])
    idx_shape = _shape(graph.nodes[idx])
    n = x_shape[axis]
    own = row_major_strides(x_shape)
    idx_strides = row_major_strides(idx_shape)
    idx_type = graph.nodes[idx].dtype

    def source(w: _Writer, index: list[str]) -> str:
        pre, mid, post = index[:axis], index[axis:axis + len(idx_shape)], \
            index[axis + len(idx_shape):]
        k = w.fresh("k")
        raw = convert(w.load(graph, idx, _dot(mid, idx_strides)), idx_type, DType.I64)
        wide = DEVICE_TYPES[DType.I64]
        w.emit(f"let {k}w = {raw};")
        w.emit(f"var {k} = i32({k}w);")
        failure = w.fail(0, f"{k}w", wide=0)
        w.emit(f"if ({k}w < {wide}(-{n}) || {k}w >= {wide}({n})) {{ {failure} {k} = 0; }}")
        w.emit(f"if ({k} < 0) {{ {k} = {k} + {n}; }}")
        coords = list(pre) + [f"u32({k})"] + list(post)
        return w.load(graph, x, _dot(coords, own))
    return _copy_kernel(graph, nid, w, source)


def _one_hot(graph: Graph, nid: int, w: _Writer):
    node = graph.nodes[nid]
    idx = node.inputs[0]
    idx_strides = row_major_strides(_shape(graph.nodes[idx]))
    one, zero = literal(1, node.dtype), literal(0, node.dtype)

    def source(w: _Writer, index: list[str]) -> str:
        k = w.fresh("k")
        w.emit(f"let {k} = i32({w.load(graph, idx, _dot(index[:-1], idx_strides))});")
        return f"select({zero}, {one}, {k} == i32({index[-1]}))"
    return _copy_kernel(graph, nid, w, source)


# --------------------------------------------------------------------------- anchors

def _operand_reader(graph: Graph, kernel: Kernel, operand: int):
    """(node read, its strides over ``operand``'s row-major axes): a transpose fused into
    the kernel (rlx.passes.fusion's operand layout) is read through its input."""
    node = graph.nodes[operand]
    if operand in kernel.nodes and node.op == "transpose":
        return node.inputs[0], _transpose_strides(graph, node)
    return operand, list(row_major_strides(_shape(node)))


def _prologue_members(graph: Graph, kernel: Kernel, anchor: int) -> set[int]:
    """The kernel's members that the anchor's operands are computed from."""
    members, found = set(kernel.nodes), set()
    todo = [i for i in graph.nodes[anchor].inputs if i in members]
    while todo:
        n = todo.pop()
        if n not in found:
            found.add(n)
            todo.extend(i for i in graph.nodes[n].inputs if i in members)
    return found


def _epilogue(graph: Graph, kernel: Kernel, anchor: int, w: _Writer, value: str,
              index: Sequence[str]) -> str:
    """Emit the kernel's elementwise work on the anchor's result ``value`` at the
    anchor's multi-index ``index`` (fusion may have taken in side branches that join
    it, which come before the anchor in node order); returns the stored value."""
    before = _prologue_members(graph, kernel, anchor)
    body = [n for n in kernel.nodes if n != anchor and n not in before
            and OPS[graph.nodes[n].op].category in ELEMENTWISE_CATEGORIES]
    if not body:
        return value
    nest = loop_nest(graph, body, kernel.outputs[0], graph.nodes[anchor].shape)
    return emit_nest(w, graph, nest, index, {anchor: value})


def _rows_fold(shape: Sequence[int], strides: Sequence[int]) -> bool:
    """Whether axes ``shape`` read with ``strides`` are one axis of stride
    ``strides[-1]`` (each stride the next one's times the next extent)."""
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(len(shape) - 1))


def _column_accumulators(w: _Writer, m: int, n: int, bn: int, t: str) -> None:
    """Start a kernel that owns output column ``col`` of batch ``bz``: its base in b and
    one zeroed accumulator per row (the batch index, which the operands' bases, already
    emitted, read, comes first)."""
    w.lines.insert(0, f"  let bz = i / {n}u; let col = i % {n}u;")
    w.emit(f"let bc = bb + col * {bn}u;")
    for r in range(m):
        w.emit(f"var acc{r}: {t} = {_zero(t)};")


def _row_updates(graph: Graph, w: _Writer, a_side, b_side, m: int, dt: DType,
                 b_at: str, indent: str) -> None:
    """Inside a k loop at element ``kk``: read b at ``b_at`` once and add its product
    with each of the m rows of a into that row's accumulator."""
    a_read, a_node, am, ak = a_side
    b_read, b_node = b_side[0], b_side[1]
    t = DEVICE_TYPES[dt]
    w.emit(f"{indent}let bv = {convert(w.load(graph, b_read, b_at), b_node.dtype, dt)};")
    for r in range(m):
        av = convert(w.load(graph, a_read, f"ab + {r * am}u + kk * {ak}u"), a_node.dtype, dt)
        update = f"fma({av}, bv, acc{r})" if t == "f32" else f"acc{r} + {av} * bv"
        w.emit(f"{indent}acc{r} = {update};")


def _store_column_row(graph: Graph, kernel: Kernel, anchor: int, w: _Writer, r: int,
                      value: str, m: int, n: int, indent: str) -> None:
    """Store row r's ``value`` of the kernel's column through the epilogue."""
    w.emit(f"{indent}{{ let fo = bz * {m * n}u + {r * n}u + col;")
    index = _unravel(w, "fo", _shape(graph.nodes[anchor]), "o")
    value = _epilogue(graph, kernel, anchor, w, value, index)
    w.emit(f"{indent}  " + w.store(graph, kernel.outputs[0], "fo", value) + " }")


def _matvec(graph: Graph, kernel: Kernel, anchor: int, w: _Writer, a_side, b_side, dims):
    """A product of at most SKINNY rows (a decode step): one invocation per output column
    reads that column of b once for every row; blocking by 8 x 8 would compute 8 rows
    to keep 1 and measured 5x slower on lavapipe for a 576 x 49152 head."""
    m, k, n, nb = dims
    bk, bn = b_side[2], b_side[3]
    if KERNELS["workgroup"] and KERNELS["subgroups"] and bk == 1:
        return _matvec_subgroups(graph, kernel, anchor, w, a_side, b_side, dims)
    dt = graph.nodes[anchor].dtype
    count = n * max(nb, 1)
    grid = _grid(count)
    _column_accumulators(w, m, n, bn, DEVICE_TYPES[dt])
    w.emit(f"for (var kk = 0u; kk < {k}u; kk = kk + 1u) {{")
    _row_updates(graph, w, a_side, b_side, m, dt, f"bc + kk * {bk}u", "  ")
    w.emit("}")
    for r in range(m):
        _store_column_row(graph, kernel, anchor, w, r, f"acc{r}", m, n, "")
    return "\n".join(_flat_header(grid, count)), grid


def _matvec_subgroups(graph: Graph, kernel: Kernel, anchor: int, w: _Writer, a_side,
                      b_side, dims):
    """The GPU form of a product of at most SKINNY rows whose k is contiguous in b (a
    linear layer's [out, in] weight): a workgroup of 64 per output column, neighbouring
    invocations reading neighbouring elements of k (one invocation per column would read
    k apart); each subgroup adds its invocations' sums (``subgroupAdd``), and the first
    invocation adds the subgroups' and stores through the epilogue."""
    m, k, n, nb = dims
    dt = graph.nodes[anchor].dtype
    t = DEVICE_TYPES[dt]
    count = n * max(nb, 1)
    x = min(count, MAX_GROUPS)
    grid = (x, -(-count // x), 1)
    w.functions.append(f"var<workgroup> rlx_part: array<{t}, {WORKGROUP * m}>;")
    _column_accumulators(w, m, n, b_side[3], t)
    w.emit(f"for (var j = 0u; j < {-(-k // WORKGROUP)}u; j = j + 1u) {{")
    w.emit(f"  let kk = j * {WORKGROUP}u + lid;")
    w.emit(f"  if (kk < {k}u) {{")
    _row_updates(graph, w, a_side, b_side, m, dt, "bc + kk", "    ")
    w.emit("  }")
    w.emit("}")
    for r in range(m):
        w.emit(f"let sum{r} = subgroupAdd(acc{r});")
    w.emit("if (lane == 0u) {")
    for r in range(m):
        w.emit(f"  rlx_part[(lid / size) * {m}u + {r}u] = sum{r};")
    w.emit("}")
    w.emit("workgroupBarrier();")
    w.emit("if (lid == 0u) {")
    for r in range(m):
        w.emit(f"  var total{r}: {t} = {_zero(t)};")
        w.emit(f"  for (var q = 0u; q < {WORKGROUP}u / size; q = q + 1u) {{ "
               f"total{r} = total{r} + rlx_part[q * {m}u + {r}u]; }}")
        _store_column_row(graph, kernel, anchor, w, r, f"total{r}", m, n, "  ")
    w.emit("}")
    header = "\n".join([
        f"@compute @workgroup_size({WORKGROUP})",
        "fn main(@builtin(workgroup_id) g: vec3<u32>, "
        "@builtin(local_invocation_index) lid: u32, "
        "@builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {",
        f"  let i = g.x + g.y * {x}u;",
        f"  if (i >= {count}u) {{ return; }}"])
    return header, grid


def _matmul(graph: Graph, kernel: Kernel, anchor: int, w: _Writer):
    """Each invocation computes a BLOCK x BLOCK tile of one batch's product in registers
    (two 4-vectors per row), reading operands straight from memory; out-of-range rows
    and columns read a clamped position and are not stored. Workgroup memory with
    barriers measured 25x slower on lavapipe, and register blocking by 8 x 8 gave 2.3
    GFLOP/s there against 0.14 for one output per invocation."""
    node = graph.nodes[anchor]
    a_id, b_id = node.inputs
    a_node, b_node = graph.nodes[a_id], graph.nodes[b_id]
    a_read, a_strides = _operand_reader(graph, kernel, a_id)
    b_read, b_strides = _operand_reader(graph, kernel, b_id)
    a_shape, b_shape = _shape(a_node), _shape(b_node)
    if len(a_shape) == 1:
        a_shape, a_strides = (1,) + a_shape, [0] + a_strides
    if len(b_shape) == 1:
        b_shape, b_strides = b_shape + (1,), b_strides + [0]
    if len(b_shape) == 2 and len(a_shape) > 2 and _rows_fold(a_shape[:-1], a_strides[:-1]):
        # a 2-D weight: the batch is more rows of one product (a 64-row tile per batch
        # of 16 rows wasted three quarters of MiniLM's work)
        rows = _numel(a_shape[:-1])
        a_shape, a_strides = (rows, a_shape[-1]), [a_strides[-2], a_strides[-1]]
    m, k = a_shape[-2:]
    n = b_shape[-1]
    batch = tuple(np.broadcast_shapes(a_shape[:-2], b_shape[:-2]))
    nb = _numel(batch)
    dt = node.dtype
    t = DEVICE_TYPES[dt]
    vec = f"vec4<{t}>"

    def batch_strides(shape, strides):
        pad = len(batch) - (len(shape) - 2)
        return [0 if a < pad or shape[a - pad] == 1 else strides[a - pad]
                for a in range(len(batch))]
    bi = _unravel(w, "bz", batch, "q") if batch else []
    a_base = _dot(bi, batch_strides(a_shape, a_strides[:-2]))
    b_base = _dot(bi, batch_strides(b_shape, b_strides[:-2]))
    w.emit(f"let ab = {a_base}; let bb = {b_base};")
    am, ak = a_strides[-2], a_strides[-1]
    bk, bn = b_strides[-2], b_strides[-1]
    if m <= SKINNY:
        return _matvec(graph, kernel, anchor, w, (a_read, a_node, am, ak),
                       (b_read, b_node, bk, bn), (m, k, n, nb))
    if KERNELS["workgroup"]:
        return _matmul_workgroup(graph, kernel, anchor, w, (a_read, a_node, am, ak),
                                 (b_read, b_node, bk, bn), (m, k, n, nb))
    for r in range(BLOCK):
        w.emit(f"let ar{r} = ab + min(r0 + {r}u, {max(m - 1, 0)}u) * {am}u;")
        w.emit(f"var c{r}a = {vec}(); var c{r}b = {vec}();")
    for c in range(BLOCK):
        w.emit(f"let bc{c} = bb + min(c0 + {c}u, {max(n - 1, 0)}u) * {bn}u;")

    def a_at(r: int) -> str:
        return convert(w.load(graph, a_read, f"ar{r} + kk * {ak}u"), a_node.dtype, dt)

    def b_at(c: int) -> str:
        return convert(w.load(graph, b_read, f"bc{c} + kk * {bk}u"), b_node.dtype, dt)
    w.emit(f"for (var kk = 0u; kk < {k}u; kk = kk + 1u) {{")
    w.emit(f"  let b0 = {vec}({', '.join(b_at(c) for c in range(4))});")
    w.emit(f"  let b1 = {vec}({', '.join(b_at(c) for c in range(4, 8))});")
    for r in range(BLOCK):
        w.emit(f"  {{ let av = {vec}({a_at(r)});")
        if t == "f32":
            w.emit(f"    c{r}a = fma(av, b0, c{r}a); c{r}b = fma(av, b1, c{r}b); }}")
        else:
            w.emit(f"    c{r}a = c{r}a + av * b0; c{r}b = c{r}b + av * b1; }}")
    w.emit("}")
    w.emit(f"var tile = array<{vec}, {2 * BLOCK}>("
           + ", ".join(f"c{r}a, c{r}b" for r in range(BLOCK)) + ");")
    _store_block(graph, kernel, anchor, w, (m, n), BLOCK)
    grid = (-(-n // (BLOCK * 8)), -(-m // (BLOCK * 8)), max(nb, 1))
    header = "\n".join([
        "@compute @workgroup_size(8, 8)",
        "fn main(@builtin(global_invocation_id) g: vec3<u32>) {",
        f"  let bz = g.z; let r0 = g.y * {BLOCK}u; let c0 = g.x * {BLOCK}u;"])
    return header, grid


def _store_block(graph: Graph, kernel: Kernel, anchor: int, w: _Writer,
                 mn: tuple[int, int], side: int) -> None:
    """Store the ``side`` x ``side`` block at rows ``r0 ..``, columns ``c0 ..`` of the
    product from ``tile`` (an array of vec4, ``side / 4`` per row) through the kernel's
    epilogue, leaving out what lies past the product's edges."""
    m, n = mn
    per_row = side // 4
    out = kernel.outputs[0]
    w.emit(f"for (var e = 0u; e < {side * side}u; e = e + 1u) {{")
    w.emit(f"  let row = r0 + e / {side}u; let col = c0 + e % {side}u;")
    w.emit(f"  if (row >= {m}u || col >= {n}u) {{ continue; }}")
    w.emit(f"  let acc = tile[(e / {side}u) * {per_row}u + (e % {side}u) / 4u][e % 4u];")
    w.emit(f"  let fo = bz * {m * n}u + row * {n}u + col;")
    index = _unravel(w, "fo", _shape(graph.nodes[anchor]), "o")
    value = _epilogue(graph, kernel, anchor, w, "acc", index)
    w.emit("  " + w.store(graph, out, "fo", value))
    w.emit("}")


KERNELS = {"workgroup": False, "subgroups": False}
"""The GPU forms of the matrix products, set when the adapter is opened
(:func:`use_workgroup_tiles`): ``workgroup``, products of more than SKINNY rows take
:func:`_matmul_workgroup` (on GPUs; ``RLX_WGPU_MATMUL`` overrides); ``subgroups``, the
adapter has subgroup operations, and in the GPU forms a product of at most SKINNY rows
whose k is contiguous in b takes :func:`_matvec_subgroups`."""

TILE = 64
"""Side of the output tile one workgroup of :func:`_matmul_workgroup` computes."""
TILE_K = 16
"""Depth of the slices of A and B it stages in workgroup memory."""


def use_workgroup_tiles(enabled: bool, subgroups: bool = False) -> None:
    """Choose the matrix-product kernels, once, when the process's adapter is opened."""
    KERNELS["workgroup"] = enabled
    KERNELS["subgroups"] = subgroups


def _matmul_workgroup(graph: Graph, kernel: Kernel, anchor: int, w: _Writer, a_side,
                      b_side, dims):
    """The GPU form: a 16 x 16 workgroup computes a TILE x TILE tile of one batch's
    product, each invocation a 4 x 4 block in registers; for every TILE_K-deep slice of
    k the workgroup first copies A's TILE x TILE_K and B's TILE_K x TILE pieces into
    workgroup memory (four elements per invocation each, zero past the edges), then
    every invocation reads its rows and columns from there. Global memory is read once
    per workgroup instead of once per invocation. (On lavapipe, a CPU, the barriers
    cost more than the reads they save: :func:`_matmul` keeps the register form there.)"""
    node = graph.nodes[anchor]
    a_read, a_node, am, ak = a_side
    b_read, b_node, bk, bn = b_side
    m, k, n, nb = dims
    dt = node.dtype
    t = DEVICE_TYPES[dt]
    vec = f"vec4<{t}>"
    span = TILE * TILE_K
    per = span // 256
    w.functions.append(f"var<workgroup> rlx_ta: array<{t}, {span}>;\n"
                       f"var<workgroup> rlx_tb: array<{t}, {span}>;")
    a_at = convert(w.load(graph, a_read, f"ab + min(ar, {m - 1}u) * {am}u + "
                                         f"min(ka, {k - 1}u) * {ak}u"), a_node.dtype, dt)
    b_at = convert(w.load(graph, b_read, f"bb + min(kb, {k - 1}u) * {bk}u + "
                                         f"min(bc, {n - 1}u) * {bn}u"), b_node.dtype, dt)
    zero = _zero(t)
    for r in range(4):
        w.emit(f"var acc{r} = {vec}();")
    w.emit(f"for (var k0 = 0u; k0 < {k}u; k0 = k0 + {TILE_K}u) {{")
    w.emit(f"  for (var q = 0u; q < {per}u; q = q + 1u) {{")
    w.emit("    let e = lid + q * 256u;")
    w.emit(f"    let ar = tr + e / {TILE_K}u; let ka = k0 + e % {TILE_K}u;")
    w.emit(f"    rlx_ta[e] = select({zero}, {a_at}, ar < {m}u && ka < {k}u);")
    w.emit(f"    let kb = k0 + e / {TILE}u; let bc = tc + e % {TILE}u;")
    w.emit(f"    rlx_tb[e] = select({zero}, {b_at}, kb < {k}u && bc < {n}u);")
    w.emit("  }")
    w.emit("  workgroupBarrier();")
    w.emit(f"  for (var kk = 0u; kk < {TILE_K}u; kk = kk + 1u) {{")
    w.emit(f"    let bo = kk * {TILE}u + lc;")
    w.emit(f"    let bv = {vec}(rlx_tb[bo], rlx_tb[bo + 1u], rlx_tb[bo + 2u], rlx_tb[bo + 3u]);")
    for r in range(4):
        w.emit(f"    {{ let av = {vec}(rlx_ta[(lr + {r}u) * {TILE_K}u + kk]);")
        if t == "f32":
            w.emit(f"      acc{r} = fma(av, bv, acc{r}); }}")
        else:
            w.emit(f"      acc{r} = acc{r} + av * bv; }}")
    w.emit("  }")
    w.emit("  workgroupBarrier();")
    w.emit("}")
    w.emit(f"var tile = array<{vec}, 4>(acc0, acc1, acc2, acc3);")
    w.emit("let r0 = tr + lr; let c0 = tc + lc;")
    _store_block(graph, kernel, anchor, w, (m, n), 4)
    grid = (-(-n // TILE), -(-m // TILE), max(nb, 1))
    header = "\n".join([
        "@compute @workgroup_size(16, 16)",
        "fn main(@builtin(workgroup_id) g: vec3<u32>, "
        "@builtin(local_invocation_id) l: vec3<u32>) {",
        f"  let bz = g.z; let tr = g.y * {TILE}u; let tc = g.x * {TILE}u;",
        "  let lid = l.y * 16u + l.x; let lr = l.y * 4u; let lc = l.x * 4u;"])
    return header, grid


def _reduce(graph: Graph, kernel: Kernel, anchor: int, w: _Writer):
    """One invocation per output element, looping over the reduced elements in
    row-major order; the prologue (the operand's elementwise tree) is evaluated at
    each element read."""
    node = graph.nodes[anchor]
    out = kernel.outputs[0]
    x = node.inputs[0]
    x_shape = _shape(graph.nodes[x])
    op = node.op
    axes = node.attr("axis") if op in ("argmax", "argmin") else node.attr("axes")
    axes = tuple(range(len(x_shape))) if axes is None else \
        ((axes,) if isinstance(axes, int) else tuple(axes))
    kept = [a for a in range(len(x_shape)) if a not in axes]
    red_shape = [x_shape[a] for a in axes]
    out_shape = _shape(node)
    count = _numel(out_shape)
    grid = _grid(count)
    out_index = _unravel(w, "i", out_shape, "o")
    kept_index = [out_index[a] for a in kept] if node.attr("keepdims") else out_index
    dt = graph.nodes[x].dtype
    t = DEVICE_TYPES[dt]
    total = _numel(red_shape)
    init = {"sum": _zero(t), "prod": literal(1, dt)}.get(op, _zero(t))
    w.emit(f"var acc: {t} = {init};")
    w.emit("var best = 0u;")
    w.emit(f"for (var r = 0u; r < {total}u; r = r + 1u) {{")
    red_index = _unravel(w, "r", red_shape, "rr")
    full = [""] * len(x_shape)
    for a, name in zip(kept, kept_index):
        full[a] = name
    for a, name in zip(axes, red_index):
        full[a] = name
    feeding = sorted(_prologue_members(graph, kernel, anchor))
    prologue = loop_nest(graph, feeding, x) if feeding else None
    value = (emit_nest(w, graph, prologue, full) if prologue is not None
             else w.load(graph, x, _dot(full, row_major_strides(x_shape))))
    w.emit(f"let v = {value};")
    if op in ("argmax", "argmin"):
        # the first extreme; the first nan wins, as numpy's argmax / argmin
        better = f"v {'>' if op == 'argmax' else '<'} acc"
        if t == "f32":
            better = f"(({better}) && !rlx_isnan(acc)) || (rlx_isnan(v) && !rlx_isnan(acc))"
        w.emit(f"if (r == 0u || {better}) {{ acc = v; best = r; }}")
        result = convert("i32(best)", DType.I32, node.dtype)
    else:
        update = {"sum": "acc + v", "prod": "acc * v",
                  "max": "rlx_max(acc, v)" if t == "f32" else "max(acc, v)",
                  "min": "rlx_min(acc, v)" if t == "f32" else "min(acc, v)"}[op]
        if op in ("sum", "prod"):
            w.emit(f"acc = {update};")
        else:
            w.emit(f"if (r == 0u) {{ acc = v; }} else {{ acc = {update}; }}")
        result = "acc"
    w.emit("}")
    value = _epilogue(graph, kernel, anchor, w, result, out_index)
    w.emit(w.store(graph, out, "i", value))
    return "\n".join(_flat_header(grid, count)), grid


def _conv(graph: Graph, kernel: Kernel, anchor: int, w: _Writer):
    node = graph.nodes[anchor]
    out = kernel.outputs[0]
    x, wt = node.inputs[:2]
    bias = node.inputs[2] if len(node.inputs) == 3 else None
    x_shape, w_shape = _shape(graph.nodes[x]), _shape(graph.nodes[wt])
    out_shape = _shape(node)
    groups = node.attr("groups")
    stride, dilation, pads = node.attr("stride"), node.attr("dilation"), node.attr("padding")
    spatial = len(x_shape) - 2
    cin_g = w_shape[1]
    cout_g = w_shape[0] // groups
    count = _numel(out_shape)
    grid = _grid(count)
    o = _unravel(w, "i", out_shape, "o")
    xs, ws = row_major_strides(x_shape), row_major_strides(w_shape)
    w.emit("var acc = 0.0;")
    w.emit(f"let g0 = {o[1]} / {cout_g}u;")
    w.emit(f"for (var c = 0u; c < {cin_g}u; c = c + 1u) {{")
    w.emit(f"  let ci = g0 * {cin_g}u + c;")
    taps = _numel(w_shape[2:])
    w.emit(f"  for (var t = 0u; t < {taps}u; t = t + 1u) {{")
    kidx = _unravel(w, "t", w_shape[2:], "kt")
    conds, coords = [], []
    for d in range(spatial):
        p = w.fresh("p")
        w.emit(f"    let {p} = i32({o[2 + d]} * {stride[d]}u + {kidx[d]} * {dilation[d]}u)"
               f" - {pads[d][0]};")
        conds.append(f"{p} >= 0 && {p} < {x_shape[2 + d]}")
        coords.append(p)
    w.emit(f"    if ({' && '.join(conds)}) {{")
    xw = " + ".join([f"{o[0]} * {xs[0]}u", f"ci * {xs[1]}u"]
                    + [f"u32({p}) * {xs[2 + d]}u" for d, p in enumerate(coords)])
    ww = " + ".join([f"{o[1]} * {ws[0]}u", f"c * {ws[1]}u"]
                    + [f"{kidx[d]} * {ws[2 + d]}u" for d in range(spatial)])
    w.emit(f"      acc = acc + {w.load(graph, x, xw)} * {w.load(graph, wt, ww)};")
    w.emit("    }")
    w.emit("  }")
    w.emit("}")
    if bias is not None:
        w.emit(f"acc = acc + {w.load(graph, bias, o[1])};")
    value = _epilogue(graph, kernel, anchor, w, "acc", o)
    w.emit(w.store(graph, out, "i", value))
    return "\n".join(_flat_header(grid, count)), grid


def _pool(graph: Graph, nid: int, w: _Writer):
    node = graph.nodes[nid]
    x = node.inputs[0]
    x_shape = _shape(graph.nodes[x])
    kernel, stride, pads = node.attr("kernel"), node.attr("stride"), node.attr("padding")
    xs = row_major_strides(x_shape)
    dt = node.dtype
    t = DEVICE_TYPES[dt]
    is_max = node.op == "max_pool2d"

    def source(w: _Writer, o: list[str]) -> str:
        acc = w.fresh("a")
        n = w.fresh("n")
        lowest = -math.inf if t == "f32" else (-(1 << 31) if t == "i32" else 0)
        w.emit(f"var {acc}: {t} = {literal(lowest if is_max else 0, dt)};")
        w.emit(f"var {n} = 0u;")
        w.emit(f"for (var ky = 0u; ky < {kernel[0]}u; ky = ky + 1u) {{")
        w.emit(f"for (var kx = 0u; kx < {kernel[1]}u; kx = kx + 1u) {{")
        w.emit(f"  let y = i32({o[2]} * {stride[0]}u + ky) - {pads[0][0]};")
        w.emit(f"  let x = i32({o[3]} * {stride[1]}u + kx) - {pads[1][0]};")
        inside = f"y >= 0 && y < {x_shape[2]} && x >= 0 && x < {x_shape[3]}"
        word = f"{o[0]} * {xs[0]}u + {o[1]} * {xs[1]}u + u32(y) * {xs[2]}u + u32(x)"
        w.emit(f"  if ({inside}) {{")
        v = w.load(graph, x, word)
        if is_max:
            w.emit(f"    {acc} = {'rlx_max' if t == 'f32' else 'max'}({acc}, {v});")
        else:
            w.emit(f"    {acc} = {acc} + {v}; {n} = {n} + 1u;")
        w.emit("  }")
        if not is_max and node.attr("count_include_pad"):
            w.emit(f"  else if (y >= -{pads[0][0]} && y < {x_shape[2] + pads[0][1]} && "
                   f"x >= -{pads[1][0]} && x < {x_shape[3] + pads[1][1]}) {{ {n} = {n} + 1u; }}")
        w.emit("}}")
        if is_max:
            return acc
        return f"({acc} / f32(max({n}, 1u)))"
    return _copy_kernel(graph, nid, w, source)


def _cumsum(graph: Graph, nid: int, w: _Writer):
    node = graph.nodes[nid]
    x = node.inputs[0]
    shape = _shape(node)
    axis = node.attr("axis")
    own = row_major_strides(shape)
    n, s = shape[axis], own[axis]
    exclusive, reverse = node.attr("exclusive"), node.attr("reverse")
    t = DEVICE_TYPES[node.dtype]

    def source(w: _Writer, o: list[str]) -> str:
        base = _dot([i if a != axis else "0u" for a, i in enumerate(o)], own)
        acc = w.fresh("a")
        w.emit(f"var {acc}: {t} = {_zero(t)};")
        if reverse:
            lo, hi = (f"{o[axis]} + 1u", f"{n}u") if exclusive else (o[axis], f"{n}u")
        else:
            lo, hi = ("0u", o[axis]) if exclusive else ("0u", f"{o[axis]} + 1u")
        w.emit(f"for (var j = {lo}; j < {hi}; j = j + 1u) {{")
        w.emit(f"  {acc} = {acc} + {w.load(graph, x, f'{base} + j * {s}u')};")
        w.emit("}")
        return acc
    return _copy_kernel(graph, nid, w, source)


def _bitcast(graph: Graph, nid: int, w: _Writer):
    """The same 32-bit words read as another dtype (f32, i32 and u32 only)."""
    node = graph.nodes[nid]
    x = node.inputs[0]
    if {node.dtype, graph.nodes[x].dtype} - {DType.F32, DType.I32, DType.U32}:
        raise unsupported(nid, node, "bitcast runs between f32, i32 and u32 only")

    def source(w: _Writer, index: list[str]) -> str:
        raw = w.load(graph, x, "i")
        return convert_bits(raw, graph.nodes[x].dtype, node.dtype)
    return _copy_kernel(graph, nid, w, source)


def convert_bits(expr: str, src: DType, dst: DType) -> str:
    s, d = DEVICE_TYPES[src], DEVICE_TYPES[dst]
    return expr if s == d else f"bitcast<{d}>({expr})"


def _xent(graph: Graph, nid: int, w: _Writer):
    """softmax_cross_entropy: each row's max-shifted logsumexp less its label's logit;
    a label outside [0, C) fails the run. Reduced forms run in one invocation, adding
    the rows in order."""
    node = graph.nodes[nid]
    logits, labels = node.inputs
    n, classes = _shape(graph.nodes[logits])
    reduction = node.attr("reduction")
    rows = n if reduction == "none" else 1
    grid = _grid(rows)
    w.emit("var total = 0.0;")
    if reduction == "none":
        w.emit("let r = i;")
    else:
        w.emit(f"for (var r = 0u; r < {n}u; r = r + 1u) {{")
    w.emit(f"  var m = {literal(-math.inf, DType.F32)};")
    w.emit(f"  for (var c = 0u; c < {classes}u; c = c + 1u) {{ "
           f"m = rlx_max(m, {w.load(graph, logits, f'r * {classes}u + c')}); }}")
    w.emit("  var s = 0.0;")
    w.emit(f"  for (var c = 0u; c < {classes}u; c = c + 1u) {{ "
           f"s = s + exp({w.load(graph, logits, f'r * {classes}u + c')} - m); }}")
    w.emit(f"  let label = i32({w.load(graph, labels, 'r')});")
    w.emit("  var picked = 0.0;")
    w.emit(f"  if (label < 0 || label >= {classes}) {{ {w.fail(0, 'label', 'r')} }} else {{")
    w.emit(f"    picked = {w.load(graph, logits, f'r * {classes}u + u32(label)')}; }}")
    w.emit("  total = total + (m + log(s) - picked);")
    if reduction != "none":
        w.emit("}")
    if reduction == "mean":
        w.emit(f"total = total / {literal(float(n), DType.F32)};")
    w.emit(w.store(graph, nid, "i", "total"))
    return "\n".join(_flat_header(grid, rows)), grid


def _scatter_add(graph: Graph, nid: int, w: _Writer):
    """scatter_add: one invocation per (leading, trailing) position owns that column of
    the result: it zeroes it, then adds the updates in index order, so the sums are
    deterministic and no two invocations write one element."""
    node = graph.nodes[nid]
    updates, idx = node.inputs
    axis, size = node.attr("axis"), node.attr("size")
    u_shape = _shape(graph.nodes[updates])
    n = numel(graph.nodes[idx])
    before = _numel(u_shape[:axis])
    after = _numel(u_shape[axis + len(_shape(graph.nodes[idx])):])
    t = DEVICE_TYPES[node.dtype]
    count = before * after
    grid = _grid(count)
    w.emit(f"let pre = i / {max(after, 1)}u; let post = i % {max(after, 1)}u;")
    w.emit(f"for (var r = 0u; r < {size}u; r = r + 1u) {{")
    w.emit(f"  {w.store(graph, nid, f'(pre * {size}u + r) * {after}u + post', _zero(t))}")
    w.emit("}")
    w.emit(f"for (var j = 0u; j < {n}u; j = j + 1u) {{")
    w.emit(f"  var k = i32({w.load(graph, idx, 'j')});")
    w.emit(f"  if (k < -{size} || k >= {size}) {{ {w.fail(0, 'k')} return; }}")
    w.emit(f"  if (k < 0) {{ k = k + {size}; }}")
    w.emit(f"  let at = (pre * {size}u + u32(k)) * {after}u + post;")
    update = w.load(graph, updates, f"(pre * {n}u + j) * {after}u + post")
    # f16 / bf16 sums are held as f32 words until the last update, then rounded once
    loc = w.locate(nid)
    held = DType.F32 if node.dtype in NARROW else node.dtype
    b = w.binding(loc.buffer)
    value = f"{load(b, loc.word, 'at', held)} + {update}"
    w.emit(f"  {store(b, loc.word, 'at', held, value)}")
    w.emit("}")
    if held is not node.dtype:
        w.emit(f"for (var r = 0u; r < {size}u; r = r + 1u) {{")
        w.emit(f"  let at = (pre * {size}u + r) * {after}u + post;")
        w.emit(f"  {w.store(graph, nid, 'at', load(b, loc.word, 'at', held))}")
        w.emit("}")
    return "\n".join(_flat_header(grid, count)), grid


def _max_pool_indices(graph: Graph, nid: int, w: _Writer):
    """max_pool2d_indices: the in-plane position (row * W + column) of each window's
    first maximum in row-major tap order, a nan counting as the maximum."""
    node = graph.nodes[nid]
    x = node.inputs[0]
    x_shape = _shape(graph.nodes[x])
    kernel, stride, pads = node.attr("kernel"), node.attr("stride"), node.attr("padding")
    xs = row_major_strides(x_shape)
    t = DEVICE_TYPES[graph.nodes[x].dtype]

    def source(w: _Writer, o: list[str]) -> str:
        w.emit(f"var best: {t}; var at = -1; var nan = false;")
        w.emit(f"for (var ky = 0u; ky < {kernel[0]}u; ky = ky + 1u) {{")
        w.emit(f"for (var kx = 0u; kx < {kernel[1]}u; kx = kx + 1u) {{")
        w.emit(f"  let y = i32({o[2]} * {stride[0]}u + ky) - {pads[0][0]};")
        w.emit(f"  let x = i32({o[3]} * {stride[1]}u + kx) - {pads[1][0]};")
        w.emit(f"  if (y < 0 || y >= {x_shape[2]} || x < 0 || x >= {x_shape[3]}) {{ continue; }}")
        word = f"{o[0]} * {xs[0]}u + {o[1]} * {xs[1]}u + u32(y) * {xs[2]}u + u32(x)"
        w.emit(f"  let v = {w.load(graph, x, word)};")
        if t == "f32":
            w.emit("  if (nan) { continue; }")
            w.emit(f"  if (rlx_isnan(v)) {{ nan = true; at = y * {x_shape[3]} + x; continue; }}")
        w.emit(f"  if (at < 0 || v > best) {{ best = v; at = y * {x_shape[3]} + x; }}")
        w.emit("}}")
        return convert("at", DType.I32, node.dtype)
    return _copy_kernel(graph, nid, w, source)


def _rope(graph: Graph, nid: int, w: _Writer):
    """rope: each output feature reads its pair partner and its table entry; features
    past the rotated ones pass through."""
    node = graph.nodes[nid]
    x, cos, sin = node.inputs
    shape = _shape(node)
    half = _shape(graph.nodes[cos])[-1]
    table = shape[:-1] + (half,)
    ts = broadcast_strides(_shape(graph.nodes[cos]), table)
    interleaved = node.attr("interleaved")

    def source(w: _Writer, o: list[str]) -> str:
        d = o[-1]
        v = w.fresh("r")
        w.emit(f"var {v} = {w.load(graph, x, 'i')};")
        if interleaved:
            w.emit(f"if ({d} < {2 * half}u) {{")
            w.emit(f"  let j = {d} / 2u; let even = ({d} % 2u) == 0u;")
            partner = "select(i - 1u, i + 1u, even)"
            sign = "select(1.0, -1.0, even)"
        else:
            w.emit(f"if ({d} < {2 * half}u) {{")
            w.emit(f"  let first = {d} < {half}u; let j = select({d} - {half}u, {d}, first);")
            partner = f"select(i - {half}u, i + {half}u, first)"
            sign = "select(1.0, -1.0, first)"
        entry = _dot(o[:-1] + ["j"], ts)
        w.emit(f"  let c = {w.load(graph, cos, entry)}; let s = {w.load(graph, sin, entry)};")
        w.emit(f"  {v} = {v} * c + {sign} * {w.load(graph, x, partner)} * s;")
        w.emit("}")
        return v
    return _copy_kernel(graph, nid, w, source)


# --------------------------------------------------------------------------- GGML blocks

_BLOCK_VALUE = {
    # element j of the block at byte p: its value, as GGML dequantises it (f32 steps)
    "q8_0": "return rlx_qh(p) * f32(i32(rlx_qb(p + 2u + j) << 24u) >> 24u);",
    "q4_0": """let b = rlx_qb(p + 2u + j % 16u);
  let q = select(b >> 4u, b & 15u, j < 16u);
  return rlx_qh(p) * f32(i32(q) - 8);""",
    "q4_1": """let b = rlx_qb(p + 4u + j % 16u);
  let q = select(b >> 4u, b & 15u, j < 16u);
  return rlx_qh(p) * f32(q) + rlx_qh(p + 2u);""",
    "q5_0": """let b = rlx_qb(p + 6u + j % 16u);
  let high = (rlx_qb(p + 2u + j / 8u) >> (j % 8u)) & 1u;
  let q = select(b >> 4u, b & 15u, j < 16u) | (high << 4u);
  return rlx_qh(p) * f32(i32(q) - 16);""",
    "q5_1": """let b = rlx_qb(p + 8u + j % 16u);
  let high = (rlx_qb(p + 4u + j / 8u) >> (j % 8u)) & 1u;
  let q = select(b >> 4u, b & 15u, j < 16u) | (high << 4u);
  return rlx_qh(p) * f32(q) + rlx_qh(p + 2u);""",
    "q4_k": """let s = j / 32u;
  let b = rlx_qb(p + 16u + (s / 2u) * 32u + j % 32u);
  let q = select(b >> 4u, b & 15u, s % 2u == 0u);
  return rlx_k_value(p, s, q);""",
    "q5_k": """let s = j / 32u; let l = j % 32u;
  let b = rlx_qb(p + 48u + (s / 2u) * 32u + l);
  let q = select(b >> 4u, b & 15u, s % 2u == 0u) | (((rlx_qb(p + 16u + l) >> s) & 1u) << 4u);
  return rlx_k_value(p, s, q);""",
    "q6_k": """let h = j / 128u; let r = j % 128u; let g = r / 32u; let l = r % 32u;
  let b = rlx_qb(p + h * 64u + (g % 2u) * 32u + l);
  let low = select(b >> 4u, b & 15u, g < 2u);
  let high = (rlx_qb(p + 128u + h * 32u + l) >> (2u * g)) & 3u;
  let q = i32(low | (high << 4u)) - 32;
  let scale = f32(i32(rlx_qb(p + 192u + j / 16u) << 24u) >> 24);
  return (rlx_qh(p + 208u) * scale) * f32(q);""",
}

_K_VALUE = """fn rlx_k_value(p: u32, s: u32, q: u32) -> f32 {
  // Q4_K / Q5_K: 6-bit scale and min of sub-block s from the 12 bytes at p + 4
  var scale: u32; var low: u32;
  if (s < 4u) {
    scale = rlx_qb(p + 4u + s) & 63u; low = rlx_qb(p + 8u + s) & 63u;
  } else {
    let t = s - 4u;
    scale = (rlx_qb(p + 12u + t) & 15u) | ((rlx_qb(p + 4u + t) >> 6u) << 4u);
    low = (rlx_qb(p + 12u + t) >> 4u) | ((rlx_qb(p + 8u + t) >> 6u) << 4u);
  }
  return (rlx_qh(p) * f32(scale)) * f32(q) - rlx_qh(p + 2u) * f32(low);
}"""


def _ggml_reader(graph: Graph, node: Node, w: _Writer) -> None:
    """Emit ``rlx_w(row, col) -> f32``: element [row, col] of the packed weight W [n, k]
    of ``node`` (a dequant op), decoded from its GGML blocks (operand q, u8 bytes held
    four to a word)."""
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    fmt = layout.scheme.name
    q = node.inputs[1]
    loc = w.locate(q)
    chunks = -(-(loc.word + -(-numel(graph.nodes[q]) // 4)) // w.chunk_words)
    reads = [f"if (wi < {(c + 1) * w.chunk_words}u) {{ return "
             f"mem{w.binding(loc.buffer, c)}[wi - {c * w.chunk_words}u]; }}"
             for c in range(chunks - 1)]
    last = f"mem{w.binding(loc.buffer, chunks - 1)}[wi - {(chunks - 1) * w.chunk_words}u]"
    w.functions += [
        "fn rlx_qword(wi: u32) -> u32 { " + " ".join(reads) + f" return {last}; }}",
        f"fn rlx_qb(a: u32) -> u32 {{ let at = {loc.word * 4}u + a; "
        f"return (rlx_qword(at >> 2u) >> ((at & 3u) * 8u)) & 255u; }}",
        "fn rlx_qh(a: u32) -> f32 "
        "{ return unpack2x16float(rlx_qb(a) | (rlx_qb(a + 1u) << 8u)).x; }",
    ]
    if fmt in ("q4_k", "q5_k"):
        w.functions.append(_K_VALUE)
    elements, nbytes = layout.block, layout.scheme.block_bytes
    w.functions.append(
        f"fn rlx_w(row: u32, col: u32) -> f32 {{\n"
        f"  let p = row * {layout.row_bytes}u + (col / {elements}u) * {nbytes}u;\n"
        f"  let j = col % {elements}u;\n  {_BLOCK_VALUE[fmt]}\n}}")


def _check_ggml(nid: int, node: Node) -> None:
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    if not layout.ggml or layout.scheme.name not in _BLOCK_VALUE:
        raise unsupported(nid, node, f"{node.op} of scheme {layout.scheme.name!r}: the wgpu "
                                     f"device decodes the GGML formats {sorted(_BLOCK_VALUE)}")
    if node.op == "dequant_matmul" and node.attr("x_int8"):
        raise unsupported(nid, node, "dequant_matmul with x_int8 (integer products) has no "
                                     "WGSL kernel; load the weights without x_int8")


def _dequant_matmul(graph: Graph, nid: int, w: _Writer):
    """x @ W.T (or x @ W with transpose) for W in GGML blocks: one invocation per output
    column and block of up to 8 rows of x, decoding each weight once for those rows."""
    node = graph.nodes[nid]
    _check_ggml(nid, node)
    _ggml_reader(graph, node, w)
    x = node.inputs[0]
    x_shape = _shape(graph.nodes[x])
    width_in = x_shape[-1]
    rows = _numel(x_shape[:-1])
    width_out = _shape(node)[-1]
    per = max(1, min(BLOCK, rows))
    blocks = -(-rows // per)
    count = blocks * width_out
    grid = _grid(count)
    weight = "rlx_w(kk, col)" if node.attr("transpose") else "rlx_w(col, kk)"
    w.emit(f"let r0 = (i / {width_out}u) * {per}u; let col = i % {width_out}u;")
    for r in range(per):
        w.emit(f"var acc{r} = 0.0; let xr{r} = min(r0 + {r}u, {rows - 1}u) * {width_in}u;")
    w.emit(f"for (var kk = 0u; kk < {width_in}u; kk = kk + 1u) {{")
    w.emit(f"  let wv = {weight};")
    for r in range(per):
        w.emit(f"  acc{r} = fma({w.load(graph, x, f'xr{r} + kk')}, wv, acc{r});")
    w.emit("}")
    for r in range(per):
        w.emit(f"if (r0 + {r}u < {rows}u) {{ "
               f"{w.store(graph, nid, f'(r0 + {r}u) * {width_out}u + col', f'acc{r}')} }}")
    return "\n".join(_flat_header(grid, count)), grid


def _dequant_gather(graph: Graph, nid: int, w: _Writer):
    """Rows of a GGML-packed W [n, k] by index, decoded to f32; an index outside
    [-n, n) fails the run."""
    node = graph.nodes[nid]
    _check_ggml(nid, node)
    _ggml_reader(graph, node, w)
    idx = node.inputs[0]
    n, k = node.attr("n"), node.attr("k")
    idx_type = graph.nodes[idx].dtype

    def source(w: _Writer, index: list[str]) -> str:
        wide = DEVICE_TYPES[DType.I64]
        w.emit(f"let row = i / {k}u; let col = i % {k}u;")
        w.emit(f"let kw = {convert(w.load(graph, idx, 'row'), idx_type, DType.I64)};")
        w.emit("var kr = i32(kw);")
        failure = w.fail(0, "kw", wide=0)
        w.emit(f"if (kw < {wide}(-{n}) || kw >= {wide}({n})) {{ {failure} kr = 0; }}")
        w.emit(f"if (kr < 0) {{ kr = kr + {n}; }}")
        return "rlx_w(u32(kr), col)"
    return _copy_kernel(graph, nid, w, source)


def _attention_error(graph: Graph, node: Node) -> tuple[str, ...]:
    shapes = [_shape(graph.nodes[i]) for i in node.inputs]
    capacity = shapes[6][1] * shapes[3][2] if len(shapes) == 7 else shapes[3][2]
    return (f"cached_attention: past_len {{0}} is outside [0, {capacity}]",
            f"cached_attention: block_table[{{0}}, {{1}}] = {{2}} is outside "
            f"[0, {shapes[3][0]})")


def _cached_attention(graph: Graph, nid: int, w: _Writer):
    """cached_attention: one invocation per query row, an online softmax over the keys
    it sees (cached rows j < past_len, new rows j <= i, within the window), reading no
    cached row past past_len; f32 throughout."""
    node = graph.nodes[nid]
    q, k, v, kc, vc, past = node.inputs[:6]
    table = node.inputs[6] if len(node.inputs) == 7 else None
    b, hq, s, d = _shape(graph.nodes[q])
    hkv, dv = _shape(graph.nodes[k])[1], _shape(graph.nodes[v])[3]
    scale, softcap, window = node.attr("scale"), node.attr("softcap"), node.attr("window")
    if table is None:
        capacity = _shape(graph.nodes[kc])[2]
    else:
        pages, _, page, _ = _shape(graph.nodes[kc])
        max_pages = _shape(graph.nodes[table])[1]
        capacity = max_pages * page
    count = b * hq * s
    grid = _grid(count)
    w.emit(f"let bi = i / {hq * s}u; let h = (i / {s}u) % {hq}u; let r = i % {s}u;")
    w.emit(f"let kh = h / {hq // hkv}u;")
    w.emit(f"let past = i32({w.load(graph, past, 'bi')});")
    w.emit(f"if (past < 0 || past > {capacity}) {{ {w.fail(0, 'past')} return; }}")
    w.emit(f"let qb = ((bi * {hq}u + h) * {s}u + r) * {d}u;")
    w.emit(f"var m = {literal(-math.inf, DType.F32)}; var l = 0.0;")
    w.emit(f"var acc: array<f32, {max(dv, 1)}>;")

    def visit(key: str, value: str) -> None:
        """Fold the key at word ``key`` of k / value at ``value`` into the softmax."""
        w.emit("  var sc = 0.0;")
        w.emit(f"  for (var e = 0u; e < {d}u; e = e + 1u) {{")
        w.emit(f"    sc = sc + {w.load(graph, q, 'qb + e')} * {key.format(e='e')};")
        w.emit("  }")
        w.emit(f"  sc = sc * {literal(scale, DType.F32)};")
        if softcap is not None:
            cap = literal(softcap, DType.F32)
            w.emit(f"  sc = {cap} * rlx_tanh(sc / {cap});")
        w.emit("  let mn = rlx_max(m, sc);")
        w.emit("  let keep = select(exp(m - mn), 0.0, rlx_isinf(m));")
        w.emit("  let p = exp(sc - mn);")
        w.emit("  l = l * keep + p;")
        w.emit(f"  for (var e = 0u; e < {dv}u; e = e + 1u) {{")
        w.emit(f"    acc[e] = acc[e] * keep + p * {value.format(e='e')};")
        w.emit("  }")
        w.emit("  m = mn;")
    # cached rows
    w.emit("for (var j = 0u; j < u32(past); j = j + 1u) {")
    if window is not None:
        w.emit(f"  if (u32(past) + r - j >= {window}u) {{ continue; }}")
    if table is None:
        w.emit(f"  let kr = (bi * {hkv}u + kh) * {capacity}u + j;")
    else:
        w.emit(f"  let pg = i32({w.load(graph, table, f'bi * {max_pages}u + j / {page}u')});")
        failure = w.fail(1, "bi", f"j / {page}u", "pg")
        w.emit(f"  if (pg < 0 || pg >= {pages}) {{ {failure} return; }}")
        w.emit(f"  let kr = (u32(pg) * {hkv}u + kh) * {page}u + j % {page}u;")
    visit(w.load(graph, kc, f"kr * {d}u + {{e}}"), w.load(graph, vc, f"kr * {dv}u + {{e}}"))
    w.emit("}")
    # the new rows
    w.emit("for (var j = 0u; j <= r; j = j + 1u) {")
    if window is not None:
        w.emit(f"  if (r - j >= {window}u) {{ continue; }}")
    w.emit(f"  let nr = (bi * {hkv}u + kh) * {s}u + j;")
    visit(w.load(graph, k, f"nr * {d}u + {{e}}"), w.load(graph, v, f"nr * {dv}u + {{e}}"))
    w.emit("}")
    w.emit("let inv = select(1.0 / l, 0.0, l == 0.0);")
    w.emit(f"for (var e = 0u; e < {dv}u; e = e + 1u) {{")
    w.emit(f"  {w.store(graph, nid, f'i * {dv}u + e', 'acc[e] * inv')}")
    w.emit("}")
    return "\n".join(_flat_header(grid, count)), grid


ERRORS = {
    "gather": lambda g, n: (f"gather: index {{0}} is out of range for axis {n.attr('axis')} "
                            f"of size {_axis(g, n)} (valid: {-_axis(g, n)}.."
                            f"{_axis(g, n) - 1})",),
    "softmax_cross_entropy": lambda g, n: (
        f"softmax_cross_entropy: label {{0}} in row {{1}} is out of range for "
        f"{_shape(g.nodes[n.inputs[0]])[1]} classes",),
    "cached_attention": _attention_error,
    "dequant_gather": lambda g, n: (
        f"dequant_gather: index {{0}} is out of range for a table of {n.attr('n')} rows "
        f"(valid: {-n.attr('n')}..{n.attr('n') - 1})",),
    "scatter_add": lambda g, n: (
        f"scatter_add: index {{0}} is out of range for an axis of size {n.attr('size')} "
        f"(valid: {-n.attr('size')}..{n.attr('size') - 1})",),
}
"""Op -> the ExecutionError texts of its run-time failures, by the number the kernel
writes (``{0}``, ``{1}``, ...: the values it records)."""


def _axis(graph: Graph, node: Node) -> int:
    return _shape(graph.nodes[node.inputs[0]])[node.attr("axis")]


ANCHOR_RENDERERS = {"matmul": _matmul, "reduce": _reduce, "conv": _conv}
SHAPE_OPS = frozenset({"transpose", "broadcast_to", "slice", "flip", "tile", "pad", "concat"})
SINGLE_RENDERERS = {"one_hot": _one_hot, "bitcast": _bitcast, "gather": _gather,
                    "softmax_cross_entropy": _xent, "cached_attention": _cached_attention,
                    "max_pool2d": _pool, "avg_pool2d": _pool, "cumsum": _cumsum,
                    "scatter_add": _scatter_add, "max_pool2d_indices": _max_pool_indices,
                    "rope": _rope, "dequant_matmul": _dequant_matmul,
                    "dequant_gather": _dequant_gather}
REDUCE_OPS = frozenset({"sum", "prod", "max", "min", "argmax", "argmin"})

SUPPORTED_OPS = (ELEMENTWISE_OPS | SHAPE_OPS | frozenset(SINGLE_RENDERERS) | REDUCE_OPS
                 | {"matmul", "conv", "reshape", "squeeze", "unsqueeze",
                    "input", "param", "constant"})
"""The op kinds the wgpu device runs natively; the pipeline decomposes the rest where
it can (rlx.passes.decompose)."""


def render_kernel(graph: Graph, kernel: Kernel, number: int,
                  locate: Callable[[int], Location], chunk_words: int) -> Shader:
    """The shader of ``kernel``; ``number`` (from 1) is what it writes into the status
    word when it fails; ``chunk_words`` is the most words one binding may cover."""
    w = _Writer(locate, number=number, chunk_words=chunk_words)
    anchors = [n for n in kernel.nodes
               if graph.nodes[n].op in ("matmul", "conv") or graph.nodes[n].op in REDUCE_OPS]
    nid = kernel.outputs[0]
    op = graph.nodes[nid].op
    if kernel.kind == "view":
        header, grid = _view_kernel(graph, kernel, w)
    elif anchors:
        anchor = anchors[0]
        role = "reduce" if graph.nodes[anchor].op in REDUCE_OPS else graph.nodes[anchor].op
        header, grid = ANCHOR_RENDERERS[role](graph, kernel, anchor, w)
    elif kernel.kind == "elementwise":
        header, grid = _elementwise(graph, kernel, w)
    elif op in SHAPE_OPS:
        header, grid = _shape_op(graph, nid, w)
    elif op in SINGLE_RENDERERS:
        header, grid = SINGLE_RENDERERS[op](graph, nid, w)
    else:
        raise unsupported(nid, graph.nodes[nid], f"no WGSL kernel for {op!r}")
    errors = ()
    if w.status:
        errors = tuple(f"{format_node(nid, graph.nodes[nid])}: {text}"
                       for text in ERRORS[op](graph, graph.nodes[nid]))
    source = w.source(header, len(w.buffers) if w.status else None)
    return Shader(kernel.name, source, tuple(w.buffers), grid, nid, number, errors)
