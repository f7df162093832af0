"""The core ops: leaves, elementwise, matmul, reductions (with scans and softmax), norms.

Kept apart from :mod:`rlx.ir.ops`; importing this module defines the kinds in the op
contract (:func:`rlx.ir.opdef.define`). :mod:`rlx.ir.ops` imports the op set's
families in a fixed order, the order of ``OPS``. These ops follow the general rules
:mod:`rlx.ir.ops` states (f16 / bf16 computed in f32, numpy broadcasting and
promotion, wrapping integer arithmetic, axes).
"""

from __future__ import annotations

import math

from rlx.ir.dtypes import DType, as_dtype, promote
from rlx.ir.opdef import Attrs, define
from rlx.ir.typerules import (
    _require_float,
    _require_numeric,
    _shape_tuple,
    broadcast_or_fail,
    fail_attr,
    fail_dtype,
    fail_shape,
    norm_axes,
    norm_axis,
)
from rlx.ir.types import Dim, Shape, TensorType, broadcast_shapes, format_dim, merge_dims

# --------------------------------------------------------------------------- leaves

def _infer_leaf(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    shape = _shape_tuple(op, ins, a["shape"])
    if any(d < 0 for d in shape):
        raise fail_shape(op, ins, f"dimensions must be non-negative, got {shape}")
    dt = as_dtype(a["dtype"])
    name = a.get("name")
    if op in ("input", "param") and (not isinstance(name, str) or not name):
        raise fail_attr(op, ins, f"needs a non-empty name, got {name!r}")
    symbolic = [d for d in shape if isinstance(d, Dim)]
    if symbolic and op != "input":
        raise fail_shape(op, ins, f"only inputs take symbolic dimensions; {op} {name!r} has "
                                  f"{symbolic[0]!r} (give it the bound, {int(symbolic[0])})")
    if any(d.compound for d in symbolic):
        raise fail_shape(op, ins, "an input's symbolic dimensions must be simple Dims "
                                  "(rlx.Dim(name, max)), not products")
    return TensorType(shape, dt), {**a, "shape": shape, "dtype": dt}

define("input param", "leaf", (0, 0), _infer_leaf,
       {"input": "A value fed on every run, by name.",
        "param": "A weight set once with set_param and kept between runs."},
       attrs="name:str shape:shape dtype:dtype")


def _infer_constant(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    value = a["value"]
    return TensorType(value.shape, value.dtype), a

define("constant", "leaf", (0, 0), _infer_constant,
       "A value baked into the graph.",
       attrs="value:array")


def _infer_arange(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    start, stop, step = a["start"], a["stop"], a["step"]
    dt = as_dtype(a["dtype"])
    if step == 0:
        raise fail_attr(op, ins, "step must be non-zero")
    if dt.is_bool:
        raise fail_dtype(op, ins, "arange cannot produce bool")
    if not all(math.isfinite(v) for v in (start, stop, step)):
        raise fail_attr(op, ins, f"start, stop and step must be finite, got "
                                 f"{(start, stop, step)}")
    if dt.is_int and not all(float(v).is_integer() for v in (start, stop, step)):
        raise fail_attr(op, ins, f"integer arange needs integer start/stop/step, got "
                                 f"{(start, stop, step)}")
    n = max(0, math.ceil((stop - start) / step))
    return TensorType((n,), dt), {"start": start, "stop": stop, "step": step, "dtype": dt}

define("arange", "leaf", (0, 0), _infer_arange,
       ("Values start, start+step, ... below stop (above for negative step), computed in f64 and "
        "rounded to dtype."),
       attrs="start:number stop:number step:number dtype:dtype")


def _infer_random(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    t, a = _infer_leaf(op, ins, a)
    if not t.dtype.is_float:
        raise fail_dtype(op, ins, f"random values need a float dtype, got {t.dtype}")
    first, second = ("low", "high") if op == "random_uniform" else ("mean", "std")
    lo, hi = a.get(first), a.get(second)
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise fail_attr(op, ins, f"{first} and {second} must be finite, got {lo}, {hi}")
    if op == "random_uniform" and not lo <= hi:
        raise fail_attr(op, ins, f"low must be below high (values lie in [low, high)), got "
                                 f"low {lo}, high {hi}")
    if op == "random_normal" and hi < 0:
        raise fail_attr(op, ins, f"std must be >= 0, got {hi}")
    return t, a

define("random_uniform", "random", (0, 0), _infer_random,
       ("Uniform values in [low, high) from Philox-4x32-10 keyed by the run's seed; counter = "
        "(element index, stream). Same seed, same numbers on every backend. The value is exact in"
        " f64 and rounded once to the dtype, so a narrow dtype (f16, bf16, f32 over wide ranges) "
        "can round up to high itself."),
       attrs="shape:shape dtype:dtype low:float high:float stream:int")
define("random_normal", "random", (0, 0), _infer_random,
       "Normal values (Box-Muller over two Philox uniforms) with mean and std.",
       attrs="shape:shape dtype:dtype mean:float std:float stream:int")


# --------------------------------------------------------------------------- elementwise

def _infer_unary_float(op, ins, a):
    if not ins[0].dtype.is_complex:     # the complex ones (exp) pass the contract's gate
        _require_float(op, ins)
    return ins[0], {}

define("exp log sqrt rsqrt reciprocal", "unary", (1, 1), _infer_unary_float,
       {"exp": "e**x.",
        "log": "Natural log; log(0) = -inf, log(<0) = nan.",
        "sqrt": "Square root; nan below 0.",
        "rsqrt": "1/sqrt(x).",
        "reciprocal": "1/x."},
       traits="positionwise", precision="f32")
define("sin cos", "unary", (1, 1), _infer_unary_float,
       {"sin": "Sine.",
        "cos": "Cosine."},
       traits="positionwise")
define("tanh", "unary", (1, 1), _infer_unary_float,
       "Hyperbolic tangent.",
       traits="positionwise", precision="narrow")
define("atan", "unary", (1, 1), _infer_unary_float,
       "Arc tangent.",
       traits="positionwise")
define("erf", "unary", (1, 1), _infer_unary_float,
       "Gauss error function.",
       traits="positionwise", precision="f32")
define("sigmoid gelu gelu_tanh silu", "unary", (1, 1), _infer_unary_float,
       {"sigmoid": "1/(1+exp(-x)).",
        "gelu": "x*Phi(x) with the exact erf form.",
        "gelu_tanh": "The tanh approximation 0.5x(1+tanh(sqrt(2/pi)(x+0.044715x^3))).",
        "silu": "x*sigmoid(x)."},
       traits="positionwise", precision="narrow")
define("softplus", "unary", (1, 1), _infer_unary_float,
       "log(1+exp(x)), computed stably.",
       traits="positionwise", precision="f32")


def _infer_unary_numeric(op, ins, a):
    _require_numeric(op, ins)
    if op == "abs" and ins[0].dtype.is_complex:     # the modulus
        return TensorType(ins[0].shape, ins[0].dtype.real), {}
    return ins[0], {}

define("neg", "unary", (1, 1), _infer_unary_numeric,
       "-x (wraps for unsigned).",
       traits="positionwise", precision="narrow")
define("abs sign", "unary", (1, 1), _infer_unary_numeric,
       {"abs": "|x|.",
        "sign": "-1, 0 or 1 (nan stays nan)."},
       traits="positionwise")
define("relu", "unary", (1, 1), _infer_unary_numeric,
       "max(x, 0).",
       traits="positionwise", precision="narrow")
define("floor ceil round", "unary", (1, 1), _infer_unary_numeric,
       {"floor": "Round down (identity on integers).",
        "ceil": "Round up (identity on integers).",
        "round": "Round half to even (identity on integers), as numpy; PyTorch agrees."},
       traits="positionwise")


def _infer_unary_any(op, ins, a):
    return ins[0], {}

define("stop_gradient", "unary", (1, 1), _infer_unary_any,
       "Identity; autodiff treats it as a constant.",
       traits="positionwise")


def _infer_unary_predicate(op, ins, a):
    if op != "logical_not":
        _require_numeric(op, ins)
    return TensorType(ins[0].shape, DType.BOOL), {}

define("logical_not isnan isinf", "unary", (1, 1), _infer_unary_predicate,
       {"logical_not": "not x; numbers are true when non-zero.",
        "isnan": "x is nan (false for integers).",
        "isinf": "x is +-inf (false for integers)."},
       traits="positionwise")


def _infer_cast(op, ins, a):
    dtype = as_dtype(a["dtype"])
    if ins[0].dtype.is_complex and not (dtype.is_complex or dtype.is_float or dtype.is_bool):
        raise fail_dtype(op, ins, f"cannot cast complex to {dtype}; take real() first")
    return TensorType(ins[0].shape, dtype), {"dtype": dtype}

define("cast", "unary", (1, 1), _infer_cast,
       ("Convert to dtype. float->int truncates toward zero and saturates to the integer range, "
        "nan -> 0 (Rust 'as' semantics; numpy leaves these undefined). int->narrower int wraps. "
        "Anything->bool is x != 0."),
       attrs="dtype:dtype", traits="positionwise")


def _infer_clip(op, ins, a):
    _require_numeric(op, ins)
    lo, hi = a["lo"], a["hi"]
    if lo is not None and hi is not None and lo > hi:
        raise fail_attr(op, ins, f"lo ({lo}) must not exceed hi ({hi})")
    return ins[0], {"lo": lo, "hi": hi}

define("clip", "unary", (1, 1), _infer_clip,
       ("min(max(x, lo), hi); lo or hi may be None. nan passes through. The result keeps x's "
        "dtype: on an integer x the exact result is cast back (truncated, saturating), so "
        "clip(0, 0.5, 2.5) is 0."),
       attrs="lo:number?=None hi:number?=None", traits="positionwise")


def _infer_binary_arith(op, ins, a):
    _require_numeric(op, ins)
    return TensorType(broadcast_or_fail(op, ins), promote(ins[0].dtype, ins[1].dtype)), {}

define("add sub mul", "binary", (2, 2), _infer_binary_arith,
       {"add": "a + b.",
        "sub": "a - b.",
        "mul": "a * b."},
       traits="positionwise", precision="narrow")
define("div pow", "binary", (2, 2), _infer_binary_arith,
       {"div": ("a / b. Integers divide truncating toward zero (C/ONNX rule, not numpy's floor); "
                "integer division by zero gives 0."),
        "pow": ("a ** b. For integers computed exactly for b >= 0; b < 0 gives 1/a**-b truncated "
                "(0 unless |a| == 1).")},
       traits="positionwise", precision="f32")
define("maximum minimum", "binary", (2, 2), _infer_binary_arith,
       {"maximum": "Elementwise max; nan propagates.",
        "minimum": "Elementwise min; nan propagates."},
       traits="positionwise", precision="narrow")
define("mod", "binary", (2, 2), _infer_binary_arith,
       ("Remainder with the sign of the divisor (numpy/PyTorch remainder; ONNX fmod=0). Integer "
        "mod by zero gives 0."),
       traits="positionwise")


def _infer_compare(op, ins, a):
    return TensorType(broadcast_or_fail(op, ins), DType.BOOL), {}

define("eq ne lt le gt ge", "binary", (2, 2), _infer_compare,
       {"eq": "a == b.",
        "ne": "a != b.",
        "lt": "a < b.",
        "le": "a <= b.",
        "gt": "a > b.",
        "ge": "a >= b."},
       traits="positionwise")


def _infer_logical(op, ins, a):
    for t in ins:
        if not t.dtype.is_bool:
            raise fail_dtype(op, ins, "needs bool operands; compare or cast first")
    return TensorType(broadcast_or_fail(op, ins), DType.BOOL), {}

define("logical_and logical_or logical_xor", "binary", (2, 2), _infer_logical,
       {"logical_and": "a and b.",
        "logical_or": "a or b.",
        "logical_xor": "a xor b."},
       traits="positionwise")


def _infer_where(op, ins, a):
    if not ins[0].dtype.is_bool:
        raise fail_dtype(op, ins, "the condition must be bool")
    return TensorType(broadcast_or_fail(op, ins), promote(ins[1].dtype, ins[2].dtype)), {}

define("where", "ternary", (3, 3), _infer_where,
       "cond ? a : b with broadcasting over all three.",
       traits="positionwise", precision="narrow")


# --------------------------------------------------------------------------- matmul

def _infer_matmul(op, ins, a):
    _require_numeric(op, ins)
    x, y = ins
    if x.rank == 0 or y.rank == 0:
        raise fail_shape(op, ins, "operands must have rank >= 1")
    xs = (1,) + x.shape if x.rank == 1 else x.shape
    ys = y.shape + (1,) if y.rank == 1 else y.shape
    if merge_dims(xs[-1], ys[-2]) is None:
        raise fail_shape(op, ins, f"inner dimensions must match ({format_dim(xs[-1])} != "
                                  f"{format_dim(ys[-2])})")
    batch = broadcast_shapes(xs[:-2], ys[:-2])
    if batch is None:
        raise fail_shape(op, ins, "batch dimensions do not broadcast")
    out = batch + (xs[-2],) if x.rank > 1 else batch
    if y.rank > 1:
        out = out + (ys[-1],)
    if x.rank == 1 and y.rank == 1:
        out = ()
    return TensorType(tuple(out), promote(x.dtype, y.dtype)), {}

define("matmul", "matmul", (2, 2), _infer_matmul,
       ("numpy matmul: batch dims broadcast; 1-D operands are promoted and the added axis "
        "removed. Accumulates in f32 for f16/bf16, f64 for f64."),
       traits="positionwise", fusion="matmul", precision="narrow")


# --------------------------------------------------------------------------- reductions

def _reduced_shape(shape: Shape, axes: tuple[int, ...], keepdims: bool) -> Shape:
    if keepdims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def _infer_reduce(op, ins, a):
    x = ins[0]
    axes = norm_axes(op, ins, a["axes"], x.rank)
    keep = bool(a["keepdims"])
    if op == "logsumexp" or (op == "mean" and not x.dtype.is_complex):
        _require_float(op, ins)
    elif op in ("sum", "prod"):
        _require_numeric(op, ins)
    if op in ("max", "min") and any(x.shape[i] == 0 for i in axes):
        raise fail_shape(op, ins, "cannot reduce an empty axis (no identity)")
    return TensorType(_reduced_shape(x.shape, axes, keep), x.dtype), {"axes": axes,
                                                                       "keepdims": keep}

define("sum mean", "reduce", (1, 1), _infer_reduce,
       {"sum": "Sum over axes (all when None).",
        "mean": "Mean over axes (float only)."},
       attrs="axes:ints=None keepdims:bool=False", traits="linear", fusion="reduce",
       precision="f32")
define("max min prod logsumexp", "reduce", (1, 1), _infer_reduce,
       {"max": "Max over axes; nan propagates.",
        "min": "Min over axes; nan propagates.",
        "prod": "Product over axes.",
        "logsumexp": "log(sum(exp(x))) over axes, max-shifted; all -inf gives -inf."},
       attrs="axes:ints=None keepdims:bool=False", fusion="reduce", precision="f32")


def _infer_arg_reduce(op, ins, a):
    x = ins[0]
    _require_numeric(op, ins)
    axis = norm_axis(op, ins, a["axis"], x.rank)
    keep = bool(a["keepdims"])
    if x.shape[axis] == 0:
        raise fail_shape(op, ins, "cannot take argmax/argmin over an empty axis")
    return (TensorType(_reduced_shape(x.shape, (axis,), keep), DType.I64),
            {"axis": axis, "keepdims": keep})

define("argmax argmin", "reduce", (1, 1), _infer_arg_reduce,
       {"argmax": "Index (i64) of the first maximum along axis.",
        "argmin": "Index (i64) of the first minimum along axis."},
       attrs="axis:int=-1 keepdims:bool=False")


def _infer_cumsum(op, ins, a):
    _require_numeric(op, ins)
    axis = norm_axis(op, ins, a["axis"], ins[0].rank)
    return ins[0], {"axis": axis, "exclusive": bool(a["exclusive"]),
                    "reverse": bool(a["reverse"])}

define("cumsum", "scan", (1, 1), _infer_cumsum,
       ("Inclusive running sum along axis; exclusive shifts by one (first = 0); reverse runs from"
        " the end."),
       attrs="axis:int=-1 exclusive:bool=False reverse:bool=False", traits="linear positionwise",
       precision="f32")


def _infer_softmax(op, ins, a):
    _require_float(op, ins)
    return ins[0], {"axis": norm_axis(op, ins, a["axis"], ins[0].rank)}

define("softmax log_softmax", "normalize", (1, 1), _infer_softmax,
       {"softmax": "exp(x - max) / sum along axis.",
        "log_softmax": "x - logsumexp(x) along axis."},
       attrs="axis:int=-1", traits="positionwise", fusion="rowwise", precision="f32")


# --------------------------------------------------------------------------- norms

def _infer_layer_norm(op, ins, a):
    _require_float(op, ins)
    x = ins[0]
    axis = norm_axis(op, ins, a["axis"], x.rank)
    norm_shape = x.shape[axis:]
    if op == "rms_norm" and a["has_beta"]:
        raise fail_attr(op, ins, "rms_norm has no beta; has_beta must be false")
    n_affine = int(a["has_gamma"]) + int(a["has_beta"])
    if len(ins) != 1 + n_affine:
        raise fail_attr(op, ins, "operand count does not match has_gamma/has_beta")
    for t in ins[1:]:
        if t.shape != norm_shape:
            raise fail_shape(op, ins, f"gamma/beta must have the normalised shape {norm_shape}")
    eps = float(a["eps"])
    return x, {"axis": axis, "eps": eps, "has_gamma": bool(a["has_gamma"]),
               "has_beta": bool(a["has_beta"])}

define("layer_norm rms_norm", "normalize", (1, 3), _infer_layer_norm,
       {"layer_norm": ("(x - mean) / sqrt(var + eps) over axes axis..end (biased variance), then "
                       "* gamma + beta when given (ONNX LayerNormalization)."),
        "rms_norm": "x / sqrt(mean(x^2) + eps) over axes axis..end, then * gamma when given."},
       attrs="axis:int=-1 eps:float=1e-05 has_gamma:bool=False has_beta:bool=False",
       traits="positionwise", fusion="rowwise", precision="f32")


def _infer_batch_norm(op, ins, a):
    _require_float(op, ins)
    x = ins[0]
    if x.rank < 2:
        raise fail_shape(op, ins, "input must be [N, C, ...]")
    for t in ins[1:]:
        if t.shape != (x.shape[1],):
            raise fail_shape(op, ins, f"mean/var/gamma/beta must have shape ({x.shape[1]},)")
    return x, {"eps": float(a["eps"])}

define("batch_norm", "normalize", (5, 5), _infer_batch_norm,
       "Inference batch norm over channel axis 1: (x - mean) / sqrt(var + eps) * gamma + beta.",
       attrs="eps:float=1e-05", traits="positionwise", precision="f32")
