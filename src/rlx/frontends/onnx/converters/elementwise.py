"""Elementwise ONNX ops: math, activations, comparisons, logic, casts.

Most map to one rlx op. The activations ONNX defines by formula (Elu, Selu,
HardSigmoid, ...) are built from rlx ops here. Inverse and hyperbolic
trigonometric functions are composed from exp/log/atan/sqrt in f64 and rounded
once to the operand's dtype, which keeps f32 results within an ulp or two.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from rlx.errors import UnsupportedOpError
from rlx.frontends.onnx import dtypes
from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import (
    E8M0_ROUND_MODES,
    Converter,
    ConvertFn,
    cast,
    scalar,
    sum_all,
    to_carried,
)
from rlx.frontends.onnx.values import Value
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor

# --------------------------------------------------------------------------- helpers


def _rlx_unary(op: str) -> ConvertFn:
    def convert(cx: NodeContext) -> Tensor:
        x = cx.input(0)
        return x.graph.apply(op, [x])
    convert.__name__ = f"convert_{op}"
    convert.__doc__ = f"One rlx ``{op}``."
    return convert


def _in_f64(formula: Callable[[Tensor], Tensor]) -> ConvertFn:
    """A converter computing ``formula`` on the operand widened to f64, rounded once."""
    def convert(cx: NodeContext) -> Tensor:
        x = cx.input(0)
        return cast(formula(cast(x, DType.F64)), x.dtype)
    convert.__doc__ = formula.__doc__
    return convert


def _in_compute(cx: NodeContext, formula: Callable[[Tensor], Tensor]) -> Tensor:
    """``formula`` on operand 0 in its compute dtype (f16/bf16 widen to f32), rounded once."""
    x = cx.input(0)
    return cast(formula(cast(x, x.dtype.compute)), x.dtype)


def _const_like(x: Tensor, value: float) -> Tensor:
    """A 0-d constant of ``x``'s dtype."""
    return x.graph.constant(np.asarray(value), x.dtype)


# --------------------------------------------------------------------------- trigonometry

def _tan(x: Tensor) -> Tensor:
    """sin(x) / cos(x)."""
    return api.sin(x) / api.cos(x)


def _asin(x: Tensor) -> Tensor:
    """atan(x / sqrt(1 - x^2)); +-pi/2 at +-1, nan outside [-1, 1]."""
    return api.atan(x / api.sqrt(1.0 - x * x))


def _acos(x: Tensor) -> Tensor:
    """pi/2 - asin(x)."""
    return math.pi / 2 - _asin(x)


def _sinh(x: Tensor) -> Tensor:
    """(e^x - e^-x) / 2."""
    return (api.exp(x) - api.exp(-x)) * 0.5


def _cosh(x: Tensor) -> Tensor:
    """(e^x + e^-x) / 2."""
    return (api.exp(x) + api.exp(-x)) * 0.5


def _asinh(x: Tensor) -> Tensor:
    """sign(x) * log(|x| + sqrt(x^2 + 1)), odd by construction (no cancellation)."""
    a = api.abs(x)
    return api.sign(x) * api.log(a + api.sqrt(a * a + 1.0))


def _acosh(x: Tensor) -> Tensor:
    """log(x + sqrt(x^2 - 1)); nan below 1."""
    return api.log(x + api.sqrt(x * x - 1.0))


def _atanh(x: Tensor) -> Tensor:
    """log((1 + x) / (1 - x)) / 2."""
    return api.log((1.0 + x) / (1.0 - x)) * 0.5


# --------------------------------------------------------------------------- activations

def convert_elu(cx: NodeContext) -> Tensor:
    """x for x > 0, alpha * (e^x - 1) otherwise."""
    alpha = cx.attr("alpha", 1.0)
    return _in_compute(cx, lambda x: api.where(x > 0, x, alpha * (api.exp(x) - 1.0)))


def convert_selu(cx: NodeContext) -> Tensor:
    """gamma * (x for x > 0, alpha * (e^x - 1) otherwise)."""
    alpha = cx.attr("alpha", 1.67326319217681884765625)
    gamma = cx.attr("gamma", 1.05070102214813232421875)
    return _in_compute(cx, lambda x: gamma * api.where(x > 0, x, alpha * api.exp(x) - alpha))


def convert_celu(cx: NodeContext) -> Tensor:
    """max(0, x) + min(0, alpha * (e^(x/alpha) - 1))."""
    alpha = cx.attr("alpha", 1.0)
    return _in_compute(cx, lambda x: api.relu(x) + api.minimum(
        alpha * (api.exp(x / alpha) - 1.0), 0.0))


def convert_leaky_relu(cx: NodeContext) -> Tensor:
    """x for x >= 0, alpha * x otherwise."""
    alpha = cx.attr("alpha", 0.01)
    return _in_compute(cx, lambda x: api.where(x < 0, x * alpha, x))


def convert_prelu(cx: NodeContext) -> Tensor:
    """x for x >= 0, slope * x otherwise (slope broadcasts to x; before opset 7 a 1-D
    slope runs along the channel axis 1)."""
    x, slope = cx.input(0), cx.input(1)
    if cx.opset < 7 and slope.ndim == 1 and x.ndim > 2 and slope.shape[0] == x.shape[1]:
        slope = slope.reshape((slope.shape[0],) + (1,) * (x.ndim - 2))
    return api.where(x < _const_like(x, 0), x * cast(slope, x.dtype), x)


def convert_hard_sigmoid(cx: NodeContext) -> Tensor:
    """clip(alpha * x + beta, 0, 1)."""
    alpha, beta = cx.attr("alpha", 0.2), cx.attr("beta", 0.5)
    return _in_compute(cx, lambda x: api.clip(x * alpha + beta, 0.0, 1.0))


def convert_hard_swish(cx: NodeContext) -> Tensor:
    """x * clip(x / 6 + 1/2, 0, 1)."""
    return _in_compute(cx, lambda x: x * api.clip(x * (1.0 / 6.0) + 0.5, 0.0, 1.0))


def convert_thresholded_relu(cx: NodeContext) -> Tensor:
    """x for x > alpha, 0 otherwise."""
    alpha = cx.attr("alpha", 1.0)
    x = cx.input(0)
    return api.where(x > _const_like(x, alpha), x, _const_like(x, 0))


def convert_shrink(cx: NodeContext) -> Tensor:
    """x + bias below -lambd, x - bias above lambd, 0 between."""
    lambd, bias = cx.attr("lambd", 0.5), cx.attr("bias", 0.0)
    x = cx.input(0)
    wide = cast(x, DType.F64)
    out = api.where(wide < -lambd, wide + bias, api.where(wide > lambd, wide - bias, 0.0))
    return cast(out, x.dtype)


def convert_softsign(cx: NodeContext) -> Tensor:
    """x / (1 + |x|)."""
    return _in_compute(cx, lambda x: x / (api.abs(x) + 1.0))


def convert_mish(cx: NodeContext) -> Tensor:
    """x * tanh(softplus(x))."""
    return _in_compute(cx, lambda x: x * api.tanh(api.softplus(x)))


def convert_swish(cx: NodeContext) -> Tensor:
    """x * sigmoid(alpha * x)."""
    alpha = cx.attr("alpha", 1.0)
    return _in_compute(cx, lambda x: x * api.sigmoid(x * alpha))


def convert_gelu(cx: NodeContext) -> Tensor:
    """rlx gelu (exact erf form) or gelu_tanh (approximate="tanh")."""
    approximate = cx.attr("approximate", "none")
    x = cx.input(0)
    if approximate == "tanh":
        return api.gelu_tanh(x)
    if approximate != "none":
        raise cx.error(f"approximate must be 'none' or 'tanh', got {approximate!r}")
    return api.gelu(x)


def convert_is_inf(cx: NodeContext) -> Tensor:
    """isinf(x), restricted to +inf / -inf by detect_positive / detect_negative."""
    x = cx.input(0)
    inf = api.isinf(x)
    if not x.dtype.is_float:
        return inf
    positive, negative = cx.attr("detect_positive", 1), cx.attr("detect_negative", 1)
    zero = _const_like(x, 0)
    if positive and not negative:
        return inf & (x > zero)
    if negative and not positive:
        return inf & (x < zero)
    if not positive and not negative:
        return inf & (x != x)
    return inf


def convert_clip(cx: NodeContext) -> Tensor:
    """min(max(x, lo), hi): bounds from attributes (opset < 11) or optional inputs."""
    x = cx.input(0)
    if cx.opset < 11:
        lo = cx.attr("min", -math.inf)
        hi = cx.attr("max", math.inf)
        lo_t = None if lo == -math.inf else _const_like(x, lo)
        hi_t = None if hi == math.inf else _const_like(x, hi)
    else:
        lo_t, hi_t = cx.optional(1), cx.optional(2)
    out = x
    if lo_t is not None:
        out = api.maximum(out, cast(lo_t, x.dtype))
    if hi_t is not None:
        out = api.minimum(out, cast(hi_t, x.dtype))
    return out


# --------------------------------------------------------------------------- binary

def _legacy_broadcast(cx: NodeContext, a: Tensor, b: Tensor) -> Tensor:
    """Opset < 7 ``broadcast=1, axis=k``: align b's dims with a's starting at k."""
    if cx.opset >= 7 or not cx.attr("broadcast", 0) or b.ndim == a.ndim:
        return b
    axis = cx.attr("axis", a.ndim - b.ndim)
    axis = axis % a.ndim if a.ndim else 0
    trailing = a.ndim - axis - b.ndim
    return b.reshape(b.shape + (1,) * trailing)


def _binary(op: str) -> ConvertFn:
    def convert(cx: NodeContext) -> Tensor:
        a, b = cx.input(0), cx.input(1)
        b = _legacy_broadcast(cx, a, b)
        return a.graph.apply(op, [a, b])
    convert.__name__ = f"convert_{op}"
    convert.__doc__ = f"rlx ``{op}`` with numpy broadcasting."
    return convert


def convert_mod(cx: NodeContext) -> Tensor:
    """fmod=0: remainder with the divisor's sign (rlx mod); fmod=1: the dividend's (C fmod)."""
    a, b = cx.input(0), cx.input(1)
    if cx.attr("fmod", 0) and a.dtype.is_float:
        # C fmod is the remainder of |a| by |b| (exact, as rlx mod is) with a's sign bit,
        # -0 included: fixing up mod(a, b) instead gave inf - inf for b = +-inf and +0
        # for fmod(-6, 3)
        m = api.mod(api.abs(a), api.abs(b))
        zero = _const_like(a, 0)
        negative = (a < zero) | ((_const_like(a, 1) / a) < zero)    # 1 / -0 = -inf
        return api.where(negative, api.neg(m), m)
    r = api.mod(a, b)
    if not cx.attr("fmod", 0):
        return r
    zero = _const_like(r, 0)
    differs = (r != zero) & ((r < zero) != (a < _const_like(a, 0)))
    return api.where(differs, r - b, r)


def convert_pow(cx: NodeContext) -> Tensor:
    """x ** y in x's dtype; a float exponent on integer x computes in f64 and truncates."""
    x, y = cx.input(0), cx.input(1)
    y = _legacy_broadcast(cx, x, y)     # Pow-1's broadcast / axis
    if x.dtype.is_float:
        return api.pow(x, cast(y, x.dtype))
    if y.dtype.is_float:
        return cast(api.pow(cast(x, DType.F64), cast(y, DType.F64)), x.dtype)
    return cast(api.pow(x, cast(y, x.dtype)), x.dtype)


def _variadic(op: str) -> ConvertFn:
    def convert(cx: NodeContext) -> Tensor:
        xs = cx.inputs()
        out = xs[0]
        for x in xs[1:]:
            out = out.graph.apply(op, [out, x])
        return out
    convert.__name__ = f"convert_variadic_{op}"
    convert.__doc__ = f"rlx ``{op}`` folded left over every operand, with broadcasting."
    return convert


def convert_mean(cx: NodeContext) -> Tensor:
    """The sum of the operands divided by their count."""
    xs = cx.inputs()
    total = sum_all(xs)
    return total / scalar(cx, len(xs), total)


def convert_bit_shift(cx: NodeContext) -> Tensor:
    """x << y (wrapping) or x >> y (arithmetic for signed x).

    A shift amount outside [0, bits) shifts every bit out: 0, or -1 for a right
    shift of a negative value (numpy's rule).
    """
    x, y = cx.input(0), cx.input(1)
    direction = cx.attr("direction")
    if direction not in ("LEFT", "RIGHT"):
        raise cx.error(f"direction must be LEFT or RIGHT, got {direction!r}")
    wide = DType.I64
    xw, yw = cast(x, wide), cast(y, wide)
    bits = x.dtype.itemsize * 8
    zero, one = _const_like(xw, 0), _const_like(xw, 1)
    # 2**63 wraps to -2**63 in i64: a left shift by 63 still wraps right, but a right
    # shift by 63 (of i64, or of a uint64 held in i64, exact below 2**63) takes the
    # out-of-range rule, which gives its result (the division gave 1 for 1 >> 63)
    shifts = bits if direction == "LEFT" else min(bits, 63)
    in_range = (yw >= zero) & (yw < _const_like(xw, shifts))
    factor = api.pow(_const_like(xw, 2), api.where(in_range, yw, zero))
    if direction == "LEFT":
        shifted = api.where(in_range, cast(x, wide) * factor, zero)
        return cast(shifted, x.dtype)
    floor_div = (xw - api.mod(xw, factor)) / factor
    out_of_range = api.where(xw < zero, zero - one, zero)
    return cast(api.where(in_range, floor_div, out_of_range), x.dtype)


def convert_where(cx: NodeContext) -> Tensor:
    """cond ? a : b with broadcasting over all three."""
    return api.where(cx.input(0), cx.input(1), cx.input(2))


# --------------------------------------------------------------------------- casts etc.

def cast_to_onnx_type(cx: NodeContext, x: Tensor, elem_type: int) -> Tensor:
    """``x`` as ONNX type ``elem_type``: an rlx cast, or for a carried type a cast into its
    carrier that rounds / wraps to the narrow type (``saturate`` attribute for floats,
    ``round_mode`` for FLOAT8E8M0)."""
    held = dtypes.carrier(elem_type)
    if held is None:
        return cast(x, dtypes.to_rlx(elem_type, f"ONNX node {cx.label}"))
    if cx.state.onnx_type(x) == elem_type:
        return x
    round_mode = cx.attr("round_mode", "up")
    if round_mode not in E8M0_ROUND_MODES:
        raise cx.error(f"round_mode must be one of {', '.join(E8M0_ROUND_MODES)}, "
                       f"got {round_mode!r}")
    out = to_carried(x, held, saturate=bool(cx.attr("saturate", 1)), round_mode=round_mode)
    return cx.mark(out, elem_type)


def convert_cast(cx: NodeContext) -> Tensor:
    """Cast to the ``to`` element type."""
    return cast_to_onnx_type(cx, cx.input(0), cx.attr("to"))


def convert_cast_like(cx: NodeContext) -> Tensor:
    """Cast to operand 1's element type."""
    return cast_to_onnx_type(cx, cx.input(0), cx.onnx_type(1))


def convert_bit_cast(cx: NodeContext) -> Tensor:
    """Reinterpret the bytes as the ``to`` element type (same width). Between integer
    types where one is carried, the same bits are the value wrapped to the width."""
    to_type = cx.attr("to")
    to = dtypes.to_rlx(to_type, f"ONNX node {cx.label}")
    x = cx.input(0)
    carried = dtypes.carrier(to_type) or dtypes.carrier(cx.onnx_type(0))
    if carried is not None:
        if not (x.dtype.is_int and to.is_int):
            raise cx.unsupported("BitCast between a carried float type and another type")
        return cast_to_onnx_type(cx, x, to_type) if dtypes.carrier(to_type) else cast(x, to)
    return x if x.dtype == to else api.bitcast(x, to)


def convert_identity(cx: NodeContext) -> Value:
    """The operand itself (a tensor, or an ONNX sequence or optional)."""
    return cx.value(0)


def convert_dropout(cx: NodeContext) -> list[Tensor]:
    """Inference dropout: the operand unchanged and an all-ones mask (bool from opset 10,
    the operand's dtype before).

    Training mode with a non-zero ratio draws random masks, which rlx cannot
    reproduce bit for bit: UnsupportedOpError.
    """
    x = cx.input(0)
    training = False
    if cx.opset >= 12 and cx.has_input(2):
        training = bool(np.asarray(cx.static(2)).reshape(-1)[0])
    elif cx.opset < 7:
        training = not cx.attr("is_test", 0)
    ratio = cx.attr("ratio", 0.5) if cx.opset < 12 else (
        float(np.asarray(cx.static(1)).reshape(-1)[0]) if cx.has_input(1) else 0.5)
    if training and ratio > 0:
        raise cx.unsupported("training-mode dropout (random masks)")
    mask_dtype = DType.BOOL if cx.opset >= 10 else x.dtype
    mask = x.graph.constant(np.ones(x.shape, dtype=mask_dtype.np), mask_dtype)
    return [x, mask]


def _bitwise(op: str) -> ConvertFn:
    def convert(cx: NodeContext) -> Tensor:
        operands = cx.inputs()
        if not all(t.dtype.is_int for t in operands):
            raise UnsupportedOpError(f"ONNX node {cx.label}: bitwise ops need integers")
        return operands[0].graph.apply(op, operands)
    convert.__name__ = f"convert_{op}"
    convert.__doc__ = f"rlx ``{op}`` (two's complement bits)."
    return convert


# --------------------------------------------------------------------------- table

_UNARY_RLX = {
    "Abs": "abs", "Neg": "neg", "Exp": "exp", "Log": "log", "Sqrt": "sqrt",
    "Reciprocal": "reciprocal", "Sin": "sin", "Cos": "cos", "Tanh": "tanh", "Atan": "atan",
    "Erf": "erf", "Sigmoid": "sigmoid", "Relu": "relu", "Floor": "floor", "Ceil": "ceil",
    "Round": "round", "Sign": "sign", "IsNaN": "isnan", "Not": "logical_not",
    "Softplus": "softplus",
}
_UNARY_F64 = {
    "Tan": _tan, "Asin": _asin, "Acos": _acos, "Sinh": _sinh, "Cosh": _cosh,
    "Asinh": _asinh, "Acosh": _acosh, "Atanh": _atanh,
}
_BINARY_RLX = {
    "Add": "add", "Sub": "sub", "Mul": "mul", "Div": "div", "Equal": "eq", "Less": "lt",
    "LessOrEqual": "le", "Greater": "gt", "GreaterOrEqual": "ge", "And": "logical_and",
    "Or": "logical_or", "Xor": "logical_xor",
}

CONVERTERS: list[Converter] = [
    *(Converter(onnx_op, _rlx_unary(op)) for onnx_op, op in _UNARY_RLX.items()),
    *(Converter(onnx_op, _in_f64(fn)) for onnx_op, fn in _UNARY_F64.items()),
    *(Converter(onnx_op, _binary(op)) for onnx_op, op in _BINARY_RLX.items()),
    Converter("Elu", convert_elu),
    Converter("Selu", convert_selu),
    Converter("Celu", convert_celu),
    Converter("LeakyRelu", convert_leaky_relu),
    Converter("PRelu", convert_prelu),
    Converter("HardSigmoid", convert_hard_sigmoid),
    Converter("HardSwish", convert_hard_swish),
    Converter("ThresholdedRelu", convert_thresholded_relu),
    Converter("Shrink", convert_shrink),
    Converter("Softsign", convert_softsign),
    Converter("Mish", convert_mish),
    Converter("Swish", convert_swish),
    Converter("Gelu", convert_gelu),
    Converter("IsInf", convert_is_inf),
    Converter("Clip", convert_clip),
    Converter("Mod", convert_mod),
    Converter("Pow", convert_pow),
    Converter("Max", _variadic("maximum")),
    Converter("Min", _variadic("minimum")),
    Converter("Sum", _variadic("add")),
    Converter("Mean", convert_mean),
    Converter("BitShift", convert_bit_shift),
    Converter("BitwiseAnd", _bitwise("bitwise_and")),
    Converter("BitwiseOr", _bitwise("bitwise_or")),
    Converter("BitwiseXor", _bitwise("bitwise_xor")),
    Converter("BitwiseNot", _bitwise("bitwise_not")),
    Converter("Where", convert_where),
    Converter("Cast", convert_cast),
    Converter("CastLike", convert_cast_like),
    Converter("BitCast", convert_bit_cast),
    Converter("Identity", convert_identity),
    Converter("Dropout", convert_dropout),
]
