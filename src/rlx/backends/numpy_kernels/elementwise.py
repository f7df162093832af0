"""Reference kernels for the elementwise ops, ``where`` and ``matmul``.

Precision policy, shared by every kernel here:

* Every change of dtype (operands promoted to a binary op's dtype, ``cast``, the
  final rounding of a result) goes through :func:`convert`, which implements the
  ``cast`` op's semantics and rounds exactly once. (ml_dtypes rounds f64 and wide
  integers to bf16 through f32, which can round twice; ``convert`` does not.)
* Binary operands are first converted to the op's dtype (the result dtype; for
  comparisons the promotion of the two operand dtypes) and then widened to its
  compute dtype (f16/bf16 -> f32). An integer operand therefore meets an f16
  operand as an f16 value, as in PyTorch.
* Correctly rounded operations (``+ - * /``, sqrt, reciprocal, min/max, floor,
  ceil, round, mod, comparisons, clip) run in the compute dtype.
* Transcendental and composite functions (exp, log, rsqrt, sin, cos, tanh, atan,
  erf, sigmoid, gelu, gelu_tanh, silu, softplus and float pow) are evaluated in
  f64 and rounded once to the compute dtype: f32 results are within about half an
  ulp, f16/bf16 results are that f32 value rounded once more to the result dtype.
* gelu, gelu_tanh and silu return -0.0 at -inf (their limit) rather than nan.
* Integer arithmetic wraps; numpy's overflow / invalid-value warnings are silenced
  because they describe documented behaviour.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, KernelFn, compute
from rlx.ir.dtypes import DType, as_dtype, promote
from rlx.ir.graph import Node

UnaryFn = Callable[[np.ndarray], np.ndarray]
BinaryFn = Callable[[np.ndarray, np.ndarray], np.ndarray]


# --------------------------------------------------------------------------- conversion

def convert(x: np.ndarray, dt: DType) -> np.ndarray:
    """``x`` converted to ``dt`` with the ``cast`` op's semantics, rounding once.

    float -> int truncates toward zero and saturates to the integer range, nan -> 0;
    int -> int wraps; anything -> bool is ``x != 0``; conversion to a float dtype
    rounds to nearest-even exactly once. Returns ``x`` itself when it already has
    dtype ``dt``.
    """
    x = np.asarray(x)
    src = as_dtype(x.dtype)
    if src is dt:
        return x
    if dt.is_bool:
        return compute(x) != 0
    if src.is_complex and not dt.is_complex:
        x, src = x.real, src.real          # complex to float keeps the real part (numpy)
        if src is dt:
            return x
    if dt.is_int and src.is_float:
        return _float_to_int(x, dt)
    if dt is DType.BF16 and not src.is_bool:
        return _to_bf16(x, src)
    with np.errstate(over="ignore", invalid="ignore"):
        return x.astype(dt.np)


def _float_to_int(x: np.ndarray, dt: DType) -> np.ndarray:
    """Truncate toward zero, saturate to ``dt``'s range, nan -> 0."""
    info = np.iinfo(dt.np)
    v = np.trunc(x.astype(np.float64))
    below = v < float(info.min)  # info.min is 0 or -2**(bits-1): exact in f64
    above = v >= float(info.max + 1)  # a power of two: exact in f64
    inside = ~(below | above | np.isnan(v))
    out = np.where(inside, v, 0.0).astype(dt.np)
    out = np.where(below, dt.np.type(info.min), out)
    return np.where(above, dt.np.type(info.max), out)


def _to_bf16(x: np.ndarray, src: DType) -> np.ndarray:
    """Round a non-bf16, non-bool array to bf16 exactly once.

    f16 and f32 values are exact in f32, from which ml_dtypes rounds correctly.
    f64 and integer values go through f64 (exactly, except i64 beyond 2**53) and
    are then rounded to odd at f32 precision: rounding to odd at p + 2 or more
    bits and then to nearest at p bits equals one rounding to nearest at p bits
    (Boldo & Melquiond), and f32 has 24 >= 8 + 2 bits.
    """
    if src in (DType.F16, DType.F32):
        return x.astype(np.float32).astype(DType.BF16.np)
    wide = _i64_to_f64_round_to_odd(x) if src is DType.I64 else x.astype(np.float64)
    return _f64_to_f32_round_to_odd(wide).astype(DType.BF16.np)


def _f64_to_f32_round_to_odd(x: np.ndarray) -> np.ndarray:
    """``x`` rounded to f32 so that every inexact result has an odd last bit.

    Finite values beyond the f32 range become +-FLT_MAX, which still rounds to
    +-inf in any narrower format; nan stays nan.
    """
    with np.errstate(over="ignore", invalid="ignore"):
        y = x.astype(np.float32)
    inexact = y.astype(np.float64) != x
    even = (y.view(np.uint32) & 1) == 0
    toward = np.where(x > y, np.float32(np.inf), np.float32(-np.inf))
    return np.where(inexact & even, np.nextafter(y, toward), y)


def _i64_to_f64_round_to_odd(x: np.ndarray) -> np.ndarray:
    """int64 -> f64 with round-to-odd (only values beyond 2**53 can be inexact)."""
    v = x.astype(np.float64)
    overflow = v >= 2.0 ** 63  # rounded up to 2**63, which int64 cannot hold
    back = np.where(overflow, 0.0, v).astype(np.int64)
    rounded_up = overflow | (back > x)
    rounded_down = ~overflow & (back < x)
    even = (v.view(np.uint64) & 1) == 0
    toward = np.where(rounded_down, np.inf, -np.inf)
    return np.where((rounded_up | rounded_down) & even, np.nextafter(v, toward), v)


def _finish(value: np.ndarray, node: Node) -> np.ndarray:
    """``value`` rounded once to the node's dtype, with the node's shape."""
    return convert(np.asarray(value), node.dtype).reshape(node.shape)


def _finish_wide(value: np.ndarray, node: Node) -> np.ndarray:
    """An f64 ``value`` rounded to the node's compute dtype, then to its dtype."""
    return _finish(convert(np.asarray(value), node.dtype.compute), node)


# --------------------------------------------------------------------------- erf

_TWO_OVER_SQRT_PI = 1.1283791670955126  # 2 / sqrt(pi)
_ONE_OVER_SQRT_PI = 0.5641895835477563  # 1 / sqrt(pi)
_SQRT_HALF = 0.7071067811865476  # 1 / sqrt(2)
_SQRT_TWO_OVER_PI = 0.7978845608028654  # sqrt(2 / pi)
_VELTKAMP = 134217729.0  # 2**27 + 1: splits an f64 into two 26-bit halves

# Below _ERF_SPLIT erf uses its Maclaurin series (sum of (-1)^k x^(2k+1) / (k! (2k+1)),
# times 2/sqrt(pi)); 25 terms leave a truncation error under 1e-20 there. Above it
# erfc uses the continued fraction (Abramowitz & Stegun 7.1.14)
#   sqrt(pi) e^(x^2) erfc(x) = 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + ...)))))
# evaluated bottom-up from a depth that grows as x approaches the split: each
# (lower, upper, depth) piece has converged to f64 precision over [lower, upper).
# Measured against 40-digit mpmath: erf within 2 ulp everywhere, erfc within 3 ulp
# above the split (where 1 - erf would lose digits).
_ERF_SPLIT = 1.25
_ERF_TAYLOR = tuple(float(Fraction((-1) ** k, math.factorial(k) * (2 * k + 1)))
                    for k in range(25))
_ERFC_PIECES = ((1.25, 1.5, 150), (1.5, 2.0, 100), (2.0, 3.0, 60), (3.0, 6.0, 40),
                (6.0, math.inf, 20))
_ERF_SATURATE = 40.0  # erfc(40) underflows to 0; clamping keeps inf out of the fraction


def _erf_maclaurin(a: np.ndarray) -> np.ndarray:
    """erf(a) for |a| < _ERF_SPLIT by Horner evaluation of the Maclaurin series."""
    a2 = a * a
    acc = np.zeros_like(a)
    for c in reversed(_ERF_TAYLOR):
        acc = acc * a2 + c
    return _TWO_OVER_SQRT_PI * (a * acc)


def _exp_neg_square(a: np.ndarray) -> np.ndarray:
    """exp(-a*a) without the error of rounding a*a (a split into exact halves)."""
    c = a * _VELTKAMP
    hi = c - (c - a)
    lo = a - hi
    return np.exp(-(hi * hi)) * np.exp(-(2.0 * hi * lo + lo * lo))


def _erfc_continued_fraction(a: np.ndarray, depth: int) -> np.ndarray:
    """erfc(a) for _ERF_SPLIT <= a <= _ERF_SATURATE from the fraction cut at ``depth``."""
    t = a.copy()
    for k in range(depth, 0, -1):
        t = a + (0.5 * k) / t
    return _exp_neg_square(a) * _ONE_OVER_SQRT_PI / t


def _erf_erfc_of_abs(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(erf(a), erfc(a)) for an f64 array of a >= 0 or nan."""
    flat = np.minimum(a, _ERF_SATURATE).ravel()
    erfc = np.full_like(flat, np.nan)  # nan belongs to no piece and stays nan
    small = flat < _ERF_SPLIT
    erf_small = _erf_maclaurin(flat[small])
    erfc[small] = 1.0 - erf_small
    for lower, upper, depth in _ERFC_PIECES:
        piece = (flat >= lower) & (flat < upper)
        erfc[piece] = _erfc_continued_fraction(flat[piece], depth)
    erf = 1.0 - erfc
    erf[small] = erf_small
    return erf.reshape(a.shape), erfc.reshape(a.shape)


def erf_f64(x: np.ndarray) -> np.ndarray:
    """The Gauss error function of an f64 array, to within about 2 ulp."""
    erf_abs, _ = _erf_erfc_of_abs(np.abs(x))
    return np.copysign(erf_abs, x)


def erfc_f64(x: np.ndarray) -> np.ndarray:
    """1 - erf(x) of an f64 array, accurate relative to its value for large x too."""
    erf_abs, erfc_abs = _erf_erfc_of_abs(np.abs(x))
    return np.where(x < 0, 1.0 + erf_abs, erfc_abs)


# --------------------------------------------------------------------------- f64 functions

def _zero_at_neg_inf(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``y`` with -0.0 where x is -inf: the limit of x * g(x) when g(-inf) = 0."""
    return np.where(x == -np.inf, -0.0, y)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    """1 / (1 + exp(-x)) without overflow: exp only ever sees -|x|."""
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def _silu(x: np.ndarray) -> np.ndarray:
    return _zero_at_neg_inf(x, x * _sigmoid(x))


def _softplus(x: np.ndarray) -> np.ndarray:
    """log(1 + exp(x)) as max(x, 0) + log1p(exp(-|x|)): no overflow, accurate in both tails."""
    return np.maximum(x, 0.0) + np.log1p(np.exp(-np.abs(x)))


def _gelu(x: np.ndarray) -> np.ndarray:
    """x * Phi(x) = x/2 * erfc(-x/sqrt(2)): no cancellation for negative x."""
    return _zero_at_neg_inf(x, 0.5 * x * erfc_f64(-x * _SQRT_HALF))


def _gelu_tanh(x: np.ndarray) -> np.ndarray:
    """0.5 x (1 + tanh(u)) computed as x * sigmoid(2u), which avoids 1 + tanh cancelling."""
    u = _SQRT_TWO_OVER_PI * (x + 0.044715 * x ** 3)
    return _zero_at_neg_inf(x, x * _sigmoid(2.0 * u))


def _rsqrt(x: np.ndarray) -> np.ndarray:
    return 1.0 / np.sqrt(x)


# --------------------------------------------------------------------------- unary kernels

def _identity(x: np.ndarray) -> np.ndarray:
    return x


def _relu(x: np.ndarray) -> np.ndarray:
    """max(x, 0); nan propagates."""
    return np.maximum(x, x.dtype.type(0))


def _exact_unary(float_fn: UnaryFn, int_fn: UnaryFn | None = None) -> KernelFn:
    """Kernel applying ``float_fn`` to floats in their compute dtype and ``int_fn``
    (default: ``float_fn``) to integers in their own dtype."""
    def kernel(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
        fn = float_fn if node.dtype.is_float or int_fn is None else int_fn
        with np.errstate(all="ignore"):
            return _finish(fn(compute(args[0])), node)
    return kernel


def _wide_unary(fn: UnaryFn) -> KernelFn:
    """Kernel evaluating ``fn`` in f64, rounded once to the compute dtype."""
    def kernel(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
        with np.errstate(all="ignore"):
            x = args[0]
            wide = np.complex128 if np.iscomplexobj(x) else np.float64
            return _finish_wide(fn(x.astype(wide)), node)
    return kernel


def _float_predicate(fn: UnaryFn) -> KernelFn:
    """Kernel for isnan/isinf: ``fn`` on floats, all False for integers."""
    def kernel(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
        x = args[0]
        if not as_dtype(x.dtype).is_float:
            return np.zeros(node.shape, np.bool_)
        return _finish(fn(compute(x)), node)
    return kernel


def _logical_not(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """True where x is zero (false for bools)."""
    return _finish(compute(args[0]) == 0, node)


def _stop_gradient(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return args[0]


def _cast(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return _finish(convert(args[0], node.dtype), node)


def clip_bound(value: float | int, dt: DType) -> np.ndarray:
    """A clip bound cast to ``dt`` and widened to its compute dtype.

    Casting is monotone, so clipping with the cast bounds equals clipping exactly
    and casting the result once: an integer x clipped to lo=0.5 stays >= 0. An integer
    bound of an integer dtype stays exact (beyond 2**53 too); the cpu device writes
    the same values into its C.
    """
    if dt.is_int and isinstance(value, int):
        info = np.iinfo(dt.np)
        return np.asarray(min(max(value, info.min), info.max), dt.np)
    return compute(convert(np.asarray(value, np.float64), dt))


def _clip(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """min(max(x, lo), hi) skipping a None bound; nan passes through."""
    out = compute(args[0])
    lo, hi = node.attr("lo"), node.attr("hi")
    if lo is not None:
        out = np.maximum(out, clip_bound(lo, node.dtype))
    if hi is not None:
        out = np.minimum(out, clip_bound(hi, node.dtype))
    return _finish(out, node)


# --------------------------------------------------------------------------- integer arithmetic

def _int_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a / b truncated toward zero; division by zero gives 0; MIN / -1 wraps to MIN."""
    zero = b == 0
    safe = np.where(zero, b.dtype.type(1), b)
    q = np.floor_divide(a, safe)
    inexact = np.remainder(a, safe) != 0
    floored = inexact & ((a < 0) != (safe < 0))  # floor and trunc differ for negative quotients
    q = q + floored.astype(q.dtype)
    return np.where(zero, q.dtype.type(0), q)


def _int_mod(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Remainder with the sign of the divisor; mod by zero gives 0."""
    zero = b == 0
    r = np.remainder(a, np.where(zero, b.dtype.type(1), b))
    return np.where(zero, r.dtype.type(0), r)


def _int_pow(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a ** b in a's integer dtype, wrapping, by repeated squaring.

    Negative exponents give 1 / a**-b truncated: 1 for a == 1, +-1 for a == -1
    (by the parity of b) and 0 otherwise (0 ** -k divides by zero, which gives 0).
    """
    a, b = np.broadcast_arrays(a, b)
    negative = b < 0
    result = np.ones(a.shape, a.dtype)
    base = a.copy()
    exponent = np.where(negative, b.dtype.type(0), b)
    while np.any(exponent > 0):
        odd = (exponent & 1).astype(bool)
        result = np.where(odd, result * base, result)
        base = base * base
        exponent = exponent >> 1
    return np.where(negative, _int_pow_negative(a, b), result)


def _int_pow_negative(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """1 / a**b truncated toward zero, for b < 0 (see :func:`_int_pow`)."""
    one = np.ones(a.shape, a.dtype)
    minus_one_power = np.where(b % 2 == 0, one, -one)
    return np.where(a == 1, one, np.where(a == -1, minus_one_power, a.dtype.type(0)))


# --------------------------------------------------------------------------- binary kernels

def _operands(args: list[np.ndarray], dt: DType) -> list[np.ndarray]:
    """Each operand converted to ``dt`` (cast semantics), widened to its compute dtype."""
    return [compute(convert(a, dt)) for a in args]


def _arith(float_fn: BinaryFn, int_fn: BinaryFn | None = None, wide: bool = False) -> KernelFn:
    """Kernel for a binary arithmetic op on operands converted to the node's dtype.

    ``float_fn`` runs in the compute dtype, or in f64 when ``wide``; ``int_fn``
    (default ``float_fn``) runs on integers in their own dtype.
    """
    def kernel(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
        a, b = _operands(args, node.dtype)
        with np.errstate(all="ignore"):
            if node.dtype.is_int:
                return _finish((int_fn or float_fn)(a, b), node)
            if wide:
                return _finish_wide(float_fn(a.astype(np.float64), b.astype(np.float64)), node)
            return _finish(float_fn(a, b), node)
    return kernel


def _binary_predicate(fn: BinaryFn) -> KernelFn:
    """Kernel for a comparison or logical op: ``fn`` in the promoted operand dtype."""
    def kernel(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
        dt = promote(as_dtype(args[0].dtype), as_dtype(args[1].dtype))
        a, b = _operands(args, dt)
        return _finish(fn(a, b), node)
    return kernel


def _where(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """cond ? a : b, both branches converted to the node's dtype first."""
    cond, a, b = args
    return _finish(np.where(cond, convert(a, node.dtype), convert(b, node.dtype)), node)


def _matmul(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """numpy matmul in the compute dtype: f16/bf16 accumulate in f32, integers wrap."""
    a, b = _operands(args, node.dtype)
    with np.errstate(all="ignore"):
        return _finish(np.matmul(a, b), node)


def _complex(node: Node, args: list[np.ndarray]) -> np.ndarray:
    """re + i im, each part set as it is (re + 1j * im would turn an infinite im into a nan
    real part)."""
    out = np.empty(node.shape, node.dtype.np)
    out.real, out.imag = args[0], args[1]
    return out


KERNELS: dict[str, KernelFn] = {
    # unary, exact in the compute dtype
    "neg": _exact_unary(np.negative),
    "abs": _exact_unary(np.abs),
    "sign": _exact_unary(np.sign),
    "relu": _exact_unary(_relu),
    "floor": _exact_unary(np.floor, _identity),
    "ceil": _exact_unary(np.ceil, _identity),
    "round": _exact_unary(np.rint, _identity),
    "sqrt": _exact_unary(np.sqrt),
    "reciprocal": _exact_unary(np.reciprocal),
    # unary, evaluated in f64
    "exp": _wide_unary(np.exp),
    "log": _wide_unary(np.log),
    "rsqrt": _wide_unary(_rsqrt),
    "sin": _wide_unary(np.sin),
    "cos": _wide_unary(np.cos),
    "tanh": _wide_unary(np.tanh),
    "atan": _wide_unary(np.arctan),
    "erf": _wide_unary(erf_f64),
    "sigmoid": _wide_unary(_sigmoid),
    "gelu": _wide_unary(_gelu),
    "gelu_tanh": _wide_unary(_gelu_tanh),
    "silu": _wide_unary(_silu),
    "softplus": _wide_unary(_softplus),
    # predicates, identity, conversions
    "logical_not": _logical_not,
    "isnan": _float_predicate(np.isnan),
    "isinf": _float_predicate(np.isinf),
    "stop_gradient": _stop_gradient,
    "cast": _cast,
    "clip": _clip,
    # binary arithmetic
    "add": _arith(np.add),
    "sub": _arith(np.subtract),
    "mul": _arith(np.multiply),
    "div": _arith(np.true_divide, _int_div),
    "pow": _arith(np.power, _int_pow, wide=True),
    "maximum": _arith(np.maximum),
    "minimum": _arith(np.minimum),
    "mod": _arith(np.remainder, _int_mod),
    # comparisons and logic
    "eq": _binary_predicate(np.equal),
    "ne": _binary_predicate(np.not_equal),
    "lt": _binary_predicate(np.less),
    "le": _binary_predicate(np.less_equal),
    "gt": _binary_predicate(np.greater),
    "ge": _binary_predicate(np.greater_equal),
    "logical_and": _binary_predicate(np.logical_and),
    "logical_or": _binary_predicate(np.logical_or),
    "logical_xor": _binary_predicate(np.logical_xor),
    # ternary and matmul
    "where": _where,
    "matmul": _matmul,
    # complex parts (exact)
    "real": lambda node, args, ctx: _finish(np.real(args[0]), node),
    "imag": lambda node, args, ctx: _finish(np.imag(args[0]), node),
    "conj": lambda node, args, ctx: _finish(np.conj(args[0]), node),
    "angle": _wide_unary(np.angle),
    "complex": lambda node, args, ctx: _complex(node, args),
}
