"""The C-family rendering data: types, conversions and the op -> expression table.

Values are computed in a *compute type* (f16/bf16 in float, bool as 0/1 in uint8_t,
everything else in its own C type) and converted on load and store, matching the
reference backend's "compute in f32, round once" rule. Integer arithmetic wraps
(the translation unit is compiled with -fwrapv); integer division and remainder are
guarded so that x/0 and INT_MIN/-1 never trap.

Float transcendentals call helpers from ``rlx/backends/cpu/csrc/prelude.h``; their
accuracy is documented there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rlx.backends.numpy_kernels.elementwise import clip_bound
from rlx.errors import UnsupportedOpError
from rlx.ir.dtypes import DType, promote
from rlx.ir.graph import Node


def string_body(text: str, printf: bool = False) -> str:
    """``text`` as the body of a C string literal: quotes and backslashes escaped,
    bytes outside printable ASCII as octal escapes (``printf``: ``%`` doubled, for a
    format printed as is)."""
    out = []
    for ch in text:
        if ch in '\\"':
            out.append("\\" + ch)
        elif ch == "%" and printf:
            out.append("%%")
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            out.extend(f"\\{b:03o}" for b in ch.encode())
    return "".join(out)


def comment_text(text: str) -> str:
    """``text`` (a user's name) safe inside a C block comment: escaped as a string's
    body, and never ``*/`` (a graph named ``*/ code /*`` put code in the program)."""
    return string_body(text).replace("*/", "*\\/")


STORAGE_CTYPE = {
    DType.F32: "float", DType.F64: "double", DType.F16: "uint16_t", DType.BF16: "uint16_t",
    DType.I8: "int8_t", DType.I16: "int16_t", DType.I32: "int32_t", DType.I64: "int64_t",
    DType.U8: "uint8_t", DType.U32: "uint32_t", DType.BOOL: "uint8_t",
    DType.C64: "float _Complex", DType.C128: "double _Complex",
}
COMPUTE_CTYPE = {**STORAGE_CTYPE, DType.F16: "float", DType.BF16: "float"}
INT_LIMITS = {
    DType.I8: ("INT8_MIN", "INT8_MAX"), DType.I16: ("INT16_MIN", "INT16_MAX"),
    DType.I32: ("INT32_MIN", "INT32_MAX"), DType.I64: ("INT64_MIN", "INT64_MAX"),
    DType.U8: ("0", "UINT8_MAX"), DType.U32: ("0", "UINT32_MAX"),
}


def ctype(dt: DType) -> str:
    return STORAGE_CTYPE[dt]


def cty(dt: DType) -> str:
    """Compute C type of ``dt``."""
    return COMPUTE_CTYPE[dt]


def load(dt: DType, ref: str) -> str:
    """Expression reading storage ``ref`` (an lvalue) as the compute type."""
    if dt is DType.F16:
        return f"rlx_h2f({ref})"
    if dt is DType.BF16:
        return f"rlx_b2f({ref})"
    return ref


def store(dt: DType, value: str) -> str:
    """Expression turning a compute-type ``value`` into storage of ``dt``."""
    if dt is DType.F16:
        return f"rlx_f2h({value})"
    if dt is DType.BF16:
        return f"rlx_f2b({value})"
    if dt is DType.BOOL:
        return f"(uint8_t)(({value}) != 0)"
    return value


def convert(value: str, src: DType, dst: DType) -> str:
    """Compute-type ``value`` of dtype ``src`` as the compute type of ``dst`` (the cast op)."""
    if src == dst:
        return value
    if src.is_complex and not dst.is_complex and not dst.is_bool:
        value = f"{_part(src, 'creal')}({value})"       # the real part, as numpy's astype
        src = src.real
        if src == dst:
            return value
    if dst.is_complex:
        return f"(({cty(dst)})({value}))"
    if dst.is_bool:
        return f"(uint8_t)(({value}) != 0)"
    if dst.is_float:
        if dst in (DType.F16, DType.BF16):
            return _to_narrow_float(value, src, dst)
        return f"(({cty(dst)})({value}))"
    if src.is_float:
        return f"rlx_sat_{dst.value}((double)({value}))"
    return f"(({cty(dst)})({value}))"


def _to_narrow_float(value: str, src: DType, dst: DType) -> str:
    """Round once to f16/bf16 (then widen to float, the compute type)."""
    if src in (DType.F32, DType.F16, DType.BF16) or src.is_bool:
        rounder = "rlx_round_h" if dst is DType.F16 else "rlx_round_b"
        return f"{rounder}((float)({value}))"
    wide = f"rlx_i64_to_odd_d({value})" if src is DType.I64 else f"(double)({value})"
    if dst is DType.F16:
        return f"rlx_h2f(rlx_d2h({wide}))"
    return f"rlx_b2f(rlx_d2b({wide}))"


def literal(value: float | int | bool, dt: DType) -> str:
    """A C literal of compute type ``dt``."""
    if dt.is_float:
        v = float(value)
        if v != v:
            return "NAN"
        if v in (float("inf"), float("-inf")):
            return "INFINITY" if v > 0 else "(-INFINITY)"
        text = repr(v)
        return text + ("f" if cty(dt) == "float" else "")
    if dt.is_bool:
        return "1" if value else "0"
    if dt is DType.U32:
        return f"((uint32_t){int(value)}ULL)"
    if int(value) == -2**63:        # 9223372036854775808LL itself does not fit long long
        return f"(({cty(dt)})(-9223372036854775807LL - 1))"
    return f"(({cty(dt)}){int(value)}LL)"


def _fn(name: str) -> Callable[[Node, list[str], list[DType]], str]:
    """A float math helper: rlx_<name>f for float compute, rlx_<name>d for double."""
    def expr(node: Node, a: list[str], dts: list[DType]) -> str:
        suffix = "f" if cty(node.dtype) == "float" else "d"
        return f"rlx_{name}{suffix}({a[0]})"
    return expr


def _ew(template: str) -> Callable[[Node, list[str], list[DType]], str]:
    def expr(node: Node, a: list[str], dts: list[DType]) -> str:
        return template.format(*a)
    return expr


def _int_or_float(int_tpl: str, float_tpl: str) -> Callable[[Node, list[str], list[DType]], str]:
    def expr(node: Node, a: list[str], dts: list[DType]) -> str:
        if node.dtype.is_float:
            suffix = "f" if cty(node.dtype) == "float" else "d"
            return float_tpl.format(*a, s=suffix)
        return int_tpl.format(*a, t=node.dtype.value)
    return expr


def _clip(node: Node, a: list[str], dts: list[DType]) -> str:
    x = a[0]
    lo, hi = node.attr("lo"), node.attr("hi")
    dt = node.dtype
    if lo is not None:
        x = f"rlx_max_keep_nan({x}, {_clip_literal(lo, dt)})"
    if hi is not None:
        x = f"rlx_min_keep_nan({x}, {_clip_literal(hi, dt)})"
    return x


def _clip_literal(bound: float | int, dt: DType) -> str:
    """A clip bound as a C literal of ``dt``: for an integer dtype the reference's own
    value (:func:`clip_bound`: an int bound exact, saturated to the range; a float
    bound converted as a cast does). Converting in C through a double rounded int
    bounds beyond 2**53."""
    return literal(bound if dt.is_float else int(clip_bound(bound, dt)), dt)


def _predicate_nan(node: Node, a: list[str], dts: list[DType]) -> str:
    return f"(uint8_t)({a[0]} != {a[0]})" if dts[0].is_float else "(uint8_t)0"


def _predicate_inf(node: Node, a: list[str], dts: list[DType]) -> str:
    return f"(uint8_t)(isinf({a[0]}) != 0)" if dts[0].is_float else "(uint8_t)0"


def _cast(node: Node, a: list[str], dts: list[DType]) -> str:
    return convert(a[0], dts[0], node.dtype)


def _identity(node: Node, a: list[str], dts: list[DType]) -> str:
    return a[0]


def _round(node: Node, a: list[str], dts: list[DType]) -> str:
    if not node.dtype.is_float:
        return a[0]
    return f"rint({a[0]})" if cty(node.dtype) == "double" else f"rintf({a[0]})"


def _rounding(fn: str) -> Callable[[Node, list[str], list[DType]], str]:
    def expr(node: Node, a: list[str], dts: list[DType]) -> str:
        if not node.dtype.is_float:
            return a[0]
        return f"{fn}({a[0]})" if cty(node.dtype) == "double" else f"{fn}f({a[0]})"
    return expr


def _abs(node: Node, a: list[str], dts: list[DType]) -> str:
    if node.dtype.is_float:
        return f"fabs({a[0]})" if cty(node.dtype) == "double" else f"fabsf({a[0]})"
    if not node.dtype.is_signed:
        return a[0]
    return f"(({cty(node.dtype)})(({a[0]}) < 0 ? -({a[0]}) : ({a[0]})))"


def _sign(node: Node, a: list[str], dts: list[DType]) -> str:
    x = a[0]
    t = cty(node.dtype)
    if node.dtype.is_float:
        # -0.0 gives +0.0, as numpy and PyTorch; nan stays nan
        return f"(({x}) > 0 ? ({t})1 : (({x}) < 0 ? ({t})-1 : ({x}) + ({t})0))"
    return f"(({t})((({x}) > 0) - (({x}) < 0)))"


EXPR: dict[str, Callable[[Node, list[str], list[DType]], str]] = {
    "neg": _ew("(-({0}))"), "abs": _abs, "sign": _sign,
    "exp": _fn("exp"), "log": _fn("log"), "sqrt": _fn("sqrt"), "rsqrt": _fn("rsqrt"),
    "reciprocal": _fn("recip"), "sin": _fn("sin"), "cos": _fn("cos"), "tanh": _fn("tanh"),
    "atan": _fn("atan"), "erf": _fn("erf"), "sigmoid": _fn("sigmoid"), "gelu": _fn("gelu"),
    "gelu_tanh": _fn("gelu_tanh"), "silu": _fn("silu"), "softplus": _fn("softplus"),
    "relu": _ew("(({0}) > 0 ? ({0}) : (({0}) != ({0}) ? ({0}) : 0))"),
    "floor": _rounding("floor"), "ceil": _rounding("ceil"), "round": _round,
    "logical_not": _ew("(uint8_t)(({0}) == 0)"), "isnan": _predicate_nan,
    "isinf": _predicate_inf, "stop_gradient": _identity, "cast": _cast, "clip": _clip,
    "add": _ew("(({0}) + ({1}))"), "sub": _ew("(({0}) - ({1}))"),
    "mul": _ew("(({0}) * ({1}))"),
    "div": _int_or_float("rlx_div_{t}({0}, {1})", "(({0}) / ({1}))"),
    "pow": _int_or_float("rlx_pow_{t}({0}, {1})", "rlx_pow{s}({0}, {1})"),
    "maximum": _ew("rlx_max_keep_nan({0}, {1})"), "minimum": _ew("rlx_min_keep_nan({0}, {1})"),
    "mod": _int_or_float("rlx_mod_{t}({0}, {1})", "rlx_fmod_floor{s}({0}, {1})"),
    "eq": _ew("(uint8_t)(({0}) == ({1}))"), "ne": _ew("(uint8_t)(({0}) != ({1}))"),
    "lt": _ew("(uint8_t)(({0}) < ({1}))"), "le": _ew("(uint8_t)(({0}) <= ({1}))"),
    "gt": _ew("(uint8_t)(({0}) > ({1}))"), "ge": _ew("(uint8_t)(({0}) >= ({1}))"),
    "logical_and": _ew("(uint8_t)(({0}) && ({1}))"), "logical_or": _ew("(uint8_t)(({0}) || ({1}))"),
    "logical_xor": _ew("(uint8_t)((({0}) != 0) != (({1}) != 0))"),
    "where": _ew("(({0}) ? ({1}) : ({2}))"),
    "bitwise_and": _ew("(({0}) & ({1}))"), "bitwise_or": _ew("(({0}) | ({1}))"),
    "bitwise_xor": _ew("(({0}) ^ ({1}))"),
    "bitwise_not": lambda node, a, dts: f"(({cty(node.dtype)})~({a[0]}))",
    # complex parts and construction (expression() converts their operands itself)
    **dict.fromkeys(("real", "imag", "angle", "conj", "complex"),
                    lambda node, a, dts: _complex_expr(node, a, dts)),
}


ELEMENT_COST = {
    "exp": 4, "log": 5, "sigmoid": 5, "silu": 5, "tanh": 5, "gelu_tanh": 6, "rsqrt": 7,
    "gelu": 8, "erf": 8, "softplus": 13, "atan": 60, "sin": 80, "cos": 85, "pow": 110,
    "mod": 120, "sqrt": 1,
}
"""What an element of each costly op adds to a loop's work, in plain elements (a load,
an add and a store, about 0.1 ns on a Zen 4 core: the unit of
``render.PARALLEL_MIN_ELEMENTS``), from 24,576 elements of each alone on one core
(cos, atan and float mod measured against sin in a second run; tanh and erf scaled by
their helpers' own times before and after their exponential became one product); the ops
not named here cost about what a plain element does."""


def element_cost(ops: Iterable[str]) -> int:
    """The work of one element of a loop computing ``ops``, in plain elements, so that a
    loop of few elements but costly math (silu over 16 x 1536) is threaded like a long
    one of cheap math."""
    return 1 + sum(ELEMENT_COST.get(op, 0) for op in ops)


def operand_dtype(node: Node, operand_dtypes: list[DType], index: int) -> DType:
    """The dtype an operand is converted to before ``node`` computes: the result dtype
    for arithmetic, the promoted operand dtype for comparisons, bool for conditions."""
    op = node.op
    if op in ("eq", "ne", "lt", "le", "gt", "ge"):
        return promote(operand_dtypes[0], operand_dtypes[1])
    if op in ("logical_and", "logical_or", "logical_xor", "logical_not", "isnan", "isinf",
              "cast"):
        return operand_dtypes[index]
    if op == "where" and index == 0:
        return DType.BOOL
    return node.dtype


def _part(dt: DType, fn: str) -> str:
    """The GCC builtin ``fn`` (creal, cimag, cabs, carg, conj, cexp) for complex ``dt``."""
    return f"__builtin_{fn}{'f' if dt.real is DType.F32 else ''}"


def _complex_expr(node: Node, a: list[str], dts: list[DType]) -> str | None:
    """The expression of ``node`` when an operand or the result is complex (C99 complex
    arithmetic; a real operand of real/imag/conj/angle becomes complex first); None for the
    ops whose generic form is right (add, sub, mul, neg, eq, ne, where, cast)."""
    op = node.op
    if op == "complex":
        part = cty(node.dtype.real)
        return f"__builtin_complex(({part})({a[0]}), ({part})({a[1]}))"
    src = dts[0]
    ct = src.as_complex
    z = a[0] if src.is_complex else f"(({cty(ct)})({a[0]}))"
    if op in ("real", "imag", "angle"):
        fn = {"real": "creal", "imag": "cimag", "angle": "carg"}[op]
        return f"{_part(ct, fn)}({z})"
    if op == "conj":
        return f"{_part(ct, 'conj')}({z})" if src.is_complex else a[0]
    if op == "abs" and src.is_complex:
        return f"{_part(src, 'cabs')}({a[0]})"
    if op == "exp" and src.is_complex:
        return f"{_part(src, 'cexp')}({a[0]})"
    if op == "div" and node.dtype.is_complex:
        return f"(({a[0]}) / ({a[1]}))"
    return None


COMPLEX_EXPR_OPS = frozenset({"real", "imag", "angle", "conj", "complex"})


NARROW_EXACT_OPS = frozenset({"neg", "abs", "relu", "sign", "maximum", "minimum", "where",
                              "floor", "ceil", "round", "cast", "stop_gradient"})
"""Elementwise ops whose f16 / bf16 result is one of their operands' values (or an
integer, or a cast that rounds itself): no rounding of their own is needed."""


def expression(node: Node, args: list[str], arg_dtypes: list[DType]) -> str:
    """C expression (compute type of node.dtype) for elementwise ``node``. An f16 or
    bf16 result is computed in float and rounded to its dtype once, here, as the
    reference rounds each result: a fused chain keeps no float intermediates."""
    expr = _expression(node, args, arg_dtypes)
    if node.dtype in (DType.F16, DType.BF16) and node.op not in NARROW_EXACT_OPS:
        return f"{'rlx_round_h' if node.dtype is DType.F16 else 'rlx_round_b'}({expr})"
    return expr


def _expression(node: Node, args: list[str], arg_dtypes: list[DType]) -> str:
    if node.op in COMPLEX_EXPR_OPS or node.dtype.is_complex or any(
            d.is_complex for d in arg_dtypes):
        want = [d if node.op in COMPLEX_EXPR_OPS or node.op == "abs"
                else operand_dtype(node, arg_dtypes, i) for i, d in enumerate(arg_dtypes)]
        conv = [convert(a, d, w) for a, d, w in zip(args, arg_dtypes, want)]
        special = _complex_expr(node, conv, want)
        if special is not None:
            return special
    fn = EXPR.get(node.op)
    if fn is None:
        raise UnsupportedOpError(f"cpu backend: no C expression for op {node.op!r}")
    conv = [convert(a, d, operand_dtype(node, arg_dtypes, i))
            for i, (a, d) in enumerate(zip(args, arg_dtypes))]
    want = [operand_dtype(node, arg_dtypes, i) for i in range(len(args))]
    return fn(node, conv, want)
