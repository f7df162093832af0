"""The op set: one ``define`` per op kind with its exact semantics and its type rule.

This module is the contract every backend and transform implements. Each op kind is
defined in one place, a :func:`rlx.ir.opdef.define` call beside its infer function,
giving its category, operand count, infer function (checks operands and attributes,
returns the result type and the attributes in canonical form: negative axes made
positive, ``-1`` in reshape resolved, defaults filled in), docstring (semantics, dtype
rules, where it differs from numpy / ONNX / PyTorch), attribute schema and traits
(:mod:`rlx.ir.opdef` says what they mean and who reads them). The families kept in
their own modules (:mod:`rlx.ir.complex_ops`, :mod:`rlx.ir.linalg_ops`,
:mod:`rlx.ir.control`, :mod:`rlx.ir.moe_ops`, :mod:`rlx.ir.collective_ops`) define
theirs the same way.

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
from typing import Any

from rlx.errors import DTypeError, GraphBuildError, ShapeError
from rlx.ir import (  # noqa: F401  (importing defines their kinds)
    collective_ops,
    control,
    linalg_ops,
    moe_ops,
)
from rlx.ir.complex_ops import TAKES_COMPLEX
from rlx.ir.dtypes import DType, as_dtype, promote
from rlx.ir.formats import FloatFormat, FormatScaling
from rlx.ir.opdef import (
    PRECISION_CLASSES,
    REGISTRY,
    TRAITS,
    Attrs,
    InferFn,
    OpDef,
    define,
    schema_violations,
    with_defaults,
)
from rlx.ir.quantized import PackedLayout
from rlx.ir.types import (
    Dim,
    Shape,
    TensorType,
    broadcast_shapes,
    dim_factors,
    dim_from_factors,
    format_dim,
    merge_dims,
    numel,
    same_dim,
)

__all__ = ["OPS", "OpDef", "TRAITS", "Attrs", "InferFn", "infer", "ops_with"]


def _fmt_operands(ins: list[TensorType]) -> str:
    return "(" + ", ".join(str(t) for t in ins) + ")"


def fail_shape(op: str, ins: list[TensorType], rule: str) -> ShapeError:
    return ShapeError(f"{op}{_fmt_operands(ins)}: {rule}")


def fail_dtype(op: str, ins: list[TensorType], rule: str) -> DTypeError:
    return DTypeError(f"{op}{_fmt_operands(ins)}: {rule}")


def fail_attr(op: str, ins: list[TensorType], rule: str) -> GraphBuildError:
    return GraphBuildError(f"{op}{_fmt_operands(ins)}: {rule}")


def norm_axis(op: str, ins: list[TensorType], axis: int, rank: int) -> int:
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise fail_attr(op, ins, f"axis must be an int, got {axis!r}")
    if not -rank <= axis < rank:
        raise fail_shape(op, ins, f"axis {axis} is out of range for rank {rank}")
    return axis % rank if rank else 0


def norm_axes(op: str, ins: list[TensorType], axes: Any, rank: int) -> tuple[int, ...]:
    if axes is None:
        return tuple(range(rank))
    if isinstance(axes, int):
        axes = (axes,)
    out = tuple(sorted(norm_axis(op, ins, a, rank) for a in axes))
    if len(set(out)) != len(out):
        raise fail_attr(op, ins, f"repeated axis in {tuple(axes)}")
    return out


def _shape_tuple(op: str, ins: list[TensorType], shape: Any, what: str = "shape") -> Shape:
    try:
        out = tuple(d if isinstance(d, Dim) else int(d) for d in shape)
    except TypeError:
        raise fail_attr(op, ins, f"{what} must be a sequence of ints, got {shape!r}") from None
    return out


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
    if dt.is_int and not all(float(v).is_integer() for v in (start, stop, step)):
        raise fail_attr(op, ins, f"integer arange needs integer start/stop/step, got "
                                 f"{(start, stop, step)}")
    import math
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

def _require_float(op: str, ins: list[TensorType]) -> None:
    for t in ins:
        if not t.dtype.is_float:
            raise fail_dtype(op, ins, f"needs float operands, got {t.dtype}; cast first")


def _require_numeric(op: str, ins: list[TensorType]) -> None:
    for t in ins:
        if t.dtype.is_bool:
            raise fail_dtype(op, ins, "does not accept bool operands; cast first")


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
       "min(max(x, lo), hi); lo or hi may be None. nan passes through.",
       attrs="lo:number?=None hi:number?=None", traits="positionwise")


def broadcast_or_fail(op: str, ins: list[TensorType]) -> Shape:
    shape = broadcast_shapes(*(t.shape for t in ins))
    if shape is None:
        raise fail_shape(op, ins, "shapes do not broadcast (numpy rule: trailing dimensions "
                                  "must be equal or 1)")
    return shape


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


# --------------------------------------------------------------------------- shape ops

def _infer_reshape(op, ins, a):
    x = ins[0]
    shape = list(_shape_tuple(op, ins, a["shape"]))
    if shape.count(-1) > 1:
        raise fail_shape(op, ins, f"at most one -1 in the new shape {tuple(shape)}")
    if any(d < -1 for d in shape):
        raise fail_shape(op, ins, f"invalid dimension in {tuple(shape)}")
    if -1 in shape:
        known = numel(tuple(d for d in shape if d != -1))
        if known == 0 or x.numel % known:
            raise fail_shape(op, ins, f"cannot infer -1 in {tuple(shape)} from {x.numel} "
                                      "elements")
        shape[shape.index(-1)] = x.numel // known
    if numel(tuple(shape)) != x.numel:
        raise fail_shape(op, ins, f"cannot reshape {x.numel} elements to {tuple(shape)}")
    shape = tuple(shape)
    if not x.symbolic and not any(isinstance(d, Dim) for d in shape):
        return TensorType(shape, x.dtype), {"shape": shape}
    out = _reshaped_dims(x.shape, tuple(int(d) for d in shape))
    if out is None:
        raise fail_shape(op, ins, f"the symbolic dimensions of {x} do not map onto "
                                  f"{tuple(int(d) for d in shape)}: a reshape may merge a "
                                  "symbolic axis with others or keep it whole, not split it")
    # a Dim named in the new shape must be what the operand's dimensions give, or
    # declare a fixed axis of its bound symbolic (its positions past the extent are
    # then padding)
    for given, got in zip(shape, out):
        if isinstance(given, Dim) and isinstance(got, Dim) and not same_dim(given, got):
            raise fail_shape(op, ins, f"the new shape names {given!r} where the operand's "
                                      f"dimensions give {format_dim(got)}")
    out = tuple(given if isinstance(given, Dim) else got for given, got in zip(shape, out))
    return TensorType(out, x.dtype), {"shape": shape}

define("reshape", "shape", (1, 1), _infer_reshape,
       "Same elements in row-major order, new shape (one -1 inferred).",
       attrs="shape:shape", traits="linear positionwise reshape_like", precision="narrow")


def _reshaped_dims(dims: Shape, bounds: Shape) -> Shape | None:
    """The dimensions of ``dims`` reshaped to ``bounds``, symbols carried: each new
    axis takes the run of row-major factors whose product is its size. Fixed factors
    may be split; a symbolic one may not (None then)."""
    queue = [f for d in dims for f in dim_factors(d) if f != (None, 1)]
    out = []
    for size in bounds:
        taken: list[tuple[str | None, int]] = []
        prod = 1
        while prod != size:
            if not queue or size == 0 or size % prod:
                return None
            name, n = queue[0]
            need = size // prod
            if n <= need and need % n == 0:
                taken.append(queue.pop(0))
                prod *= n
            elif name is None and n % need == 0:
                taken.append((None, need))
                queue[0] = (None, n // need)
                prod *= need
            else:
                return None
        out.append(dim_from_factors(taken))
    if any(f != (None, 1) for f in queue):
        return None
    return tuple(out)


def _infer_transpose(op, ins, a):
    x = ins[0]
    perm = a["perm"]
    perm = tuple(reversed(range(x.rank))) if perm is None else tuple(
        norm_axis(op, ins, p, x.rank) for p in perm)
    if sorted(perm) != list(range(x.rank)):
        raise fail_shape(op, ins, f"perm {perm} is not a permutation of 0..{x.rank - 1}")
    return TensorType(tuple(x.shape[p] for p in perm), x.dtype), {"perm": perm}

define("transpose", "shape", (1, 1), _infer_transpose,
       "Permute axes (reverse when perm is None).",
       attrs="perm:ints=None", traits="linear positionwise", precision="narrow")


def _infer_broadcast_to(op, ins, a):
    x = ins[0]
    shape = _shape_tuple(op, ins, a["shape"])
    out = broadcast_shapes(x.shape, shape)
    if out != shape:
        raise fail_shape(op, ins, f"cannot broadcast to {shape}")
    return TensorType(out, x.dtype), {"shape": shape}

define("broadcast_to", "shape", (1, 1), _infer_broadcast_to,
       "numpy broadcast_to.",
       attrs="shape:shape", traits="linear positionwise", precision="narrow")


def _infer_squeeze(op, ins, a):
    x = ins[0]
    axes = a["axes"]
    if axes is None:
        axes = tuple(i for i, d in enumerate(x.shape) if d == 1)
    axes = norm_axes(op, ins, axes, x.rank)
    for ax in axes:
        if x.shape[ax] != 1:
            raise fail_shape(op, ins, f"cannot squeeze axis {ax} of size {x.shape[ax]}")
    return (TensorType(tuple(d for i, d in enumerate(x.shape) if i not in axes), x.dtype),
            {"axes": axes})

define("squeeze", "shape", (1, 1), _infer_squeeze,
       "Remove size-1 axes (all when None).",
       attrs="axes:ints=None", traits="linear positionwise reshape_like", precision="narrow")


def _infer_unsqueeze(op, ins, a):
    x = ins[0]
    raw = a["axes"]
    raw = (raw,) if isinstance(raw, int) else tuple(raw)
    out_rank = x.rank + len(raw)
    axes = norm_axes(op, ins, raw, out_rank)
    dims = iter(x.shape)
    shape = tuple(1 if i in axes else next(dims) for i in range(out_rank))
    return TensorType(shape, x.dtype), {"axes": axes}

define("unsqueeze", "shape", (1, 1), _infer_unsqueeze,
       "Insert size-1 axes at the given output positions.",
       attrs="axes:ints", traits="linear positionwise reshape_like", precision="narrow")


def normalize_slice(dim: int, start: int | None, stop: int | None,
                    step: int) -> tuple[int, int, int, int]:
    """Python slice semantics on one axis: returns (start, stop, step, length)."""
    start_, stop_, step_ = slice(start, stop, step).indices(dim)
    length = len(range(start_, stop_, step_))
    return start_, stop_, step_, length


def _canonical_slice_bounds(start: int, step: int, length: int) -> tuple[int, int | None]:
    """(start, stop) that select the same ``length`` elements and re-normalise to themselves.

    ``slice.indices`` writes "run past index 0" as stop -1, which read back as a slice
    means "the last element"; the canonical form uses None there, and (0, 0) for an
    empty selection, so re-running inference on canonical attributes is a no-op.
    """
    if length == 0:
        return 0, 0
    stop = start + step * length
    return start, (stop if stop >= 0 else None)


def _infer_slice(op, ins, a):
    x = ins[0]
    starts, stops, steps = a["starts"], a["stops"], a["steps"]
    if not len(starts) == len(stops) == len(steps) == x.rank:
        raise fail_attr(op, ins, "starts/stops/steps need one entry per axis")
    shape, ns, ne, nst = [], [], [], []
    for dim, s, e, st in zip(x.shape, starts, stops, steps):
        if st == 0:
            raise fail_attr(op, ins, "slice step must be non-zero")
        s2, _, st2, length = normalize_slice(dim, s, e, st)
        s2, e2 = _canonical_slice_bounds(s2, st2, length)
        if isinstance(dim, Dim):
            length = _symbolic_slice_length(op, ins, dim, s, e, st, s2, length)
        shape.append(length)
        ns.append(s2)
        ne.append(e2)
        nst.append(st2)
    return (TensorType(tuple(shape), x.dtype),
            {"starts": tuple(ns), "stops": tuple(ne), "steps": tuple(nst)})

define("slice", "shape", (1, 1), _infer_slice,
       "Python slicing per axis (start/stop/step, negatives count from the end).",
       attrs="starts:ints stops:bounds steps:ints", traits="linear positionwise",
       precision="narrow")


def _symbolic_slice_length(op, ins, dim: Dim, start, stop, step, s2: int,
                           length: int) -> int:
    """A slice along a symbolic axis: the whole axis keeps the symbol; a window
    ``[start:stop]`` with 0 <= start <= stop, step 1, is fixed (and needs an extent of
    at least ``stop`` at run time). Anything counted from the end cannot be."""
    if step == 1 and s2 == 0 and length == int(dim):
        return dim
    if (step == 1 and not dim.compound and stop is not None and int(stop) >= 0
            and (start is None or int(start) >= 0)):
        return length
    raise fail_shape(op, ins, f"along the symbolic axis {format_dim(dim)} a slice must take "
                              "the whole axis or a window [start:stop] with 0 <= start <= "
                              "stop and step 1; positions counted from the end depend on "
                              "the extent")


def _infer_concat(op, ins, a):
    first = ins[0]
    axis = norm_axis(op, ins, a["axis"], first.rank)
    for t in ins[1:]:
        if t.dtype != first.dtype:
            raise fail_dtype(op, ins, "all operands must share one dtype")
        if t.rank != first.rank or any(
                merge_dims(d1, d2) is None
                for i, (d1, d2) in enumerate(zip(t.shape, first.shape)) if i != axis):
            raise fail_shape(op, ins, f"shapes must match except on axis {axis}")
    shape = list(first.shape)
    for t in ins[1:]:
        shape = [d if i == axis else merge_dims(d, e)
                 for i, (d, e) in enumerate(zip(shape, t.shape))]
    shape[axis] = sum(t.shape[axis] for t in ins)
    return TensorType(tuple(shape), first.dtype), {"axis": axis}

define("concat", "shape", (1, 1073741824), _infer_concat,
       "Join along axis.",
       attrs="axis:int=0", traits="linear positionwise", precision="narrow")


def _infer_pad(op, ins, a):
    x = ins[0]
    pads = tuple((int(b), int(e)) for b, e in a["pads"])
    mode = a["mode"]
    if len(pads) != x.rank:
        raise fail_attr(op, ins, f"pads needs one (before, after) pair per axis, got {pads}")
    if mode not in ("constant", "reflect", "edge"):
        raise fail_attr(op, ins, f"mode must be constant, reflect or edge, got {mode!r}")
    for (b, e), d in zip(pads, x.shape):
        if b < 0 or e < 0:
            raise fail_attr(op, ins, "negative pads are not supported; use slice")
        if mode == "reflect" and (b >= d or e >= d) and (b or e):
            raise fail_shape(op, ins, f"reflect padding ({b}, {e}) needs pads < dimension {d}")
        if mode == "edge" and d == 0 and (b or e):
            raise fail_shape(op, ins, "edge padding of an empty axis")
    shape = tuple(d + b + e for d, (b, e) in zip(x.shape, pads))
    return TensorType(shape, x.dtype), {"pads": pads, "mode": mode,
                                        "value": float(a["value"])}

define("pad", "shape", (1, 1), _infer_pad,
       ("Pad each axis by (before, after): constant value, reflect (no edge repeat, numpy "
        "'reflect') or edge."),
       attrs="pads:pairs mode:{constant,reflect,edge}=constant value:float=0.0",
       traits="linear positionwise", precision="narrow")


def _infer_gather(op, ins, a):
    x, idx = ins
    if not idx.dtype.is_int:
        raise fail_dtype(op, ins, "indices must be an integer dtype")
    axis = norm_axis(op, ins, a["axis"], x.rank)
    shape = x.shape[:axis] + idx.shape + x.shape[axis + 1:]
    return TensorType(shape, x.dtype), {"axis": axis}

define("gather", "index", (2, 2), _infer_gather,
       ("numpy take along axis: out = x[..., idx, ...]. Indices in [-n, n) (negatives wrap); any "
        "other index raises ExecutionError at run time."),
       attrs="axis:int=0", traits="indexed_linear positionwise", precision="narrow")


def _infer_tile(op, ins, a):
    x = ins[0]
    reps = _shape_tuple(op, ins, a["reps"], "reps")
    if len(reps) != x.rank or any(r < 0 for r in reps):
        raise fail_attr(op, ins, f"reps needs one non-negative count per axis, got {reps}")
    return TensorType(tuple(d * r for d, r in zip(x.shape, reps)), x.dtype), {"reps": reps}

define("tile", "shape", (1, 1), _infer_tile,
       "numpy tile with one repeat per axis.",
       attrs="reps:ints", traits="linear positionwise")


def _infer_flip(op, ins, a):
    return ins[0], {"axes": norm_axes(op, ins, a["axes"], ins[0].rank)}

define("flip", "shape", (1, 1), _infer_flip,
       "Reverse the given axes.",
       attrs="axes:ints=None", traits="linear positionwise")


def _infer_one_hot(op, ins, a):
    idx = ins[0]
    if not idx.dtype.is_int:
        raise fail_dtype(op, ins, "indices must be an integer dtype")
    depth = int(a["depth"])
    if depth < 0:
        raise fail_attr(op, ins, "depth must be non-negative")
    dt = as_dtype(a["dtype"])
    return TensorType(idx.shape + (depth,), dt), {"depth": depth, "dtype": dt}

define("one_hot", "index", (1, 1), _infer_one_hot,
       "Appends an axis of size depth; out-of-range indices give an all-zero row.",
       attrs="depth:int dtype:dtype=f32", traits="positionwise")


# --------------------------------------------------------------------------- nn

def _pairs(op, ins, value, n, what):
    if isinstance(value, int):
        return (value,) * n
    value = tuple(int(v) for v in value)
    if len(value) != n:
        raise fail_attr(op, ins, f"{what} needs {n} values, got {value}")
    return value


def _conv_geometry(op, ins, a, spatial: Shape, kernel: Shape):
    n = len(spatial)
    stride = _pairs(op, ins, a["stride"], n, "stride")
    dilation = _pairs(op, ins, a["dilation"], n, "dilation")
    pad = a["padding"]
    if isinstance(pad, int):
        pads = tuple((pad, pad) for _ in range(n))
    else:
        pad = tuple(pad)
        if len(pad) == n and all(isinstance(p, int) for p in pad):
            pads = tuple((p, p) for p in pad)
        else:
            try:
                pads = tuple((int(b), int(e)) for b, e in pad)
            except (TypeError, ValueError):
                raise fail_attr(op, ins, f"padding must be an int, {n} ints or {n} "
                                         f"(before, after) pairs, got {pad!r}") from None
    if len(pads) != n or any(b < 0 or e < 0 for b, e in pads):
        raise fail_attr(op, ins, f"padding must give {n} non-negative (before, after) pairs")
    if any(s <= 0 for s in stride) or any(d <= 0 for d in dilation):
        raise fail_attr(op, ins, "stride and dilation must be positive")
    out = []
    for d, k, s, dl, (b, e) in zip(spatial, kernel, stride, dilation, pads):
        span = dl * (k - 1) + 1
        size = d + b + e - span
        if size < 0:
            raise fail_shape(op, ins, f"kernel extent {span} exceeds padded input {d + b + e}")
        out.append(size // s + 1)
    return tuple(out), {"stride": stride, "dilation": dilation, "padding": pads}


def _infer_conv(op, ins, a):
    _require_float(op, ins)
    x, w = ins[0], ins[1]
    if x.rank not in (3, 4) or w.rank != x.rank:
        raise fail_shape(op, ins, "conv needs x [N,C,L] / [N,C,H,W] and w of the same rank")
    groups = int(a["groups"])
    cin, cout = x.shape[1], w.shape[0]
    if groups <= 0 or cin % groups or cout % groups:
        raise fail_shape(op, ins, f"channels ({cin} in, {cout} out) must divide by groups "
                                  f"({groups})")
    if w.shape[1] != cin // groups:
        raise fail_shape(op, ins, f"weight must be [C_out, C_in/groups={cin // groups}, ...]")
    has_bias = len(ins) == 3
    if has_bias and ins[2].shape != (cout,):
        raise fail_shape(op, ins, f"bias must have shape ({cout},)")
    spatial, geo = _conv_geometry(op, ins, a, x.shape[2:], w.shape[2:])
    dt = x.dtype
    for t in ins[1:]:
        if t.dtype != dt:
            raise fail_dtype(op, ins, "x, w and bias must share one dtype")
    return TensorType((x.shape[0], cout) + spatial, dt), {**geo, "groups": groups}

define("conv", "nn", (2, 3), _infer_conv,
       ("Cross-correlation (as PyTorch conv1d/conv2d), NC[L|HW] layout, weight [C_out, "
        "C_in/groups, k...], optional bias, stride/padding/dilation/groups."),
       attrs="stride:ints=1 dilation:ints=1 padding:pairs=0 groups:int=1", traits="positionwise",
       fusion="conv", precision="narrow")


def _infer_pool(op, ins, a):
    _require_numeric(op, ins)
    x = ins[0]
    if x.rank != 4:
        raise fail_shape(op, ins, "pooling needs x [N,C,H,W]")
    kernel = _pairs(op, ins, a["kernel"], 2, "kernel")
    stride = a["stride"] or kernel
    spatial, geo = _conv_geometry(op, ins, {**a, "stride": stride, "dilation": 1},
                                  x.shape[2:], kernel)
    for (b, e), k in zip(geo["padding"], kernel):
        if b >= k or e >= k:
            raise fail_attr(op, ins, "padding must be smaller than the kernel")
    out_a = {"kernel": kernel, "stride": geo["stride"], "padding": geo["padding"]}
    if op == "avg_pool2d":
        _require_float(op, ins)
        out_a["count_include_pad"] = bool(a["count_include_pad"])
    return TensorType(x.shape[:2] + spatial, x.dtype), out_a

define("max_pool2d", "nn", (1, 1), _infer_pool,
       "Max over windows; padding counts as -inf.",
       attrs="kernel:ints stride:ints=None padding:pairs=0", traits="positionwise",
       precision="narrow")
define("avg_pool2d", "nn", (1, 1), _infer_pool,
       ("Mean over windows; count_include_pad (PyTorch default True) decides whether padding "
        "counts in the divisor."),
       attrs="kernel:ints stride:ints=None padding:pairs=0 count_include_pad:bool=True",
       traits="linear positionwise", precision="narrow")


def _infer_cached_attention(op, ins, a):
    _require_float(op, ins[:5])
    q, k, v, kc, vc, past = ins[:6]
    if any(t.rank != 4 for t in (q, k, v, kc, vc)):
        raise fail_shape(op, ins, "q, k, v, k_cache and v_cache must be 4-D [B, H, rows, D]")
    b, hq, s, d = q.shape
    hkv, dv = k.shape[1], v.shape[3]
    if k.shape != (b, hkv, s, d) or v.shape[:3] != (b, hkv, s):
        raise fail_shape(op, ins, "k must be [B, Hkv, S, D] and v [B, Hkv, S, Dv] with q's "
                                  "B, S and D")
    if hkv == 0 or hq % hkv:
        raise fail_shape(op, ins, f"query heads ({hq}) must be a multiple of key/value heads "
                                  f"({hkv})")
    if len(ins) == 7:
        _check_kv_pools(op, ins, b, hkv, d, dv)
    else:
        capacity = kc.shape[2]
        if kc.shape != (b, hkv, capacity, d) or vc.shape != (b, hkv, capacity, dv):
            raise fail_shape(op, ins, "k_cache must be [B, Hkv, C, D] and v_cache "
                                      "[B, Hkv, C, Dv]")
    if past.shape != (b,) or not past.dtype.is_int:
        raise fail_shape(op, ins, "past_len must be an integer vector [B]")
    if any(t.dtype != q.dtype for t in (k, v, kc, vc)):
        raise fail_dtype(op, ins, "q, k, v, k_cache and v_cache must share one dtype")
    window = a["window"]
    if window is not None and int(window) <= 0:
        raise fail_attr(op, ins, "window must be positive")
    softcap = a["softcap"]
    if softcap is not None and not float(softcap) > 0:
        raise fail_attr(op, ins, "softcap must be positive")
    scale = a["scale"]
    scale = float(scale) if scale is not None else 1.0 / (d ** 0.5 if d else 1.0)
    return TensorType((b, hq, s, dv), q.dtype), {
        "scale": scale, "window": None if window is None else int(window),
        "softcap": None if softcap is None else float(softcap)}

define("cached_attention", "nn", (6, 7), _infer_cached_attention,
       ("Attention of S new rows appended to a KV cache: q [B,H,S,D], the new k [B,Hkv,S,D] / v "
        "[B,Hkv,S,Dv], the caches [B,Hkv,C,D] / [B,Hkv,C,Dv] and past_len [B] (cached rows per "
        "sequence, read in place: only rows j < past_len, none older than every new row's "
        "window). New row i is at position past_len + i and sees every cached row and new rows j "
        "<= i; window w keeps keys less than w positions back. Scores are scaled, then capped "
        "(softcap c: c * tanh(s / c)). past_len outside [0, C] raises ExecutionError at run time."
        " Paged form (a 7th operand, block_table [B, max_pages] of integers): the caches are "
        "pools [P,Hkv,page,D] / [P,Hkv,page,Dv] shared by the sequences, position j of sequence b"
        " is row j % page of pool page block_table[b, j // page], C = max_pages * page; a page id"
        " that is read must lie in [0, P) (else ExecutionError), entries never read may hold "
        "anything."),
       attrs="scale:float=None softcap:float?=None window:int?=None", traits="positionwise")


def _check_kv_pools(op, ins, b, hkv, d, dv) -> None:
    """The paged form of cached_attention: pools [P, Hkv, page, D] / [P, Hkv, page, Dv]
    and an integer block table [B, max_pages]."""
    kc, vc, table = ins[3], ins[4], ins[6]
    pages, page = kc.shape[0], kc.shape[2]
    if kc.shape != (pages, hkv, page, d) or vc.shape != (pages, hkv, page, dv):
        raise fail_shape(op, ins, "paged: k_cache must be a pool [P, Hkv, page, D] and "
                                  "v_cache [P, Hkv, page, Dv]")
    if page == 0:
        raise fail_shape(op, ins, "paged: a page must hold at least one row")
    if table.rank != 2 or table.shape[0] != b:
        raise fail_shape(op, ins, "paged: block_table must be a matrix [B, max_pages]")
    if not table.dtype.is_int:
        raise fail_dtype(op, ins, "paged: block_table must hold integers (page ids)")


def _infer_attention(op, ins, a):
    _require_float(op, ins[:3])
    q, k, v = ins[:3]
    if q.rank != 4 or k.rank != 4 or v.rank != 4:
        raise fail_shape(op, ins, "q, k, v must be [B, H, S, D]")
    b, hq, s, d = q.shape
    if k.shape[0] != b or v.shape[0] != b or k.shape[1] != v.shape[1]:
        raise fail_shape(op, ins, "batch and key/value head counts must agree")
    hkv, t = k.shape[1], k.shape[2]
    if hkv == 0 or hq % hkv:
        raise fail_shape(op, ins, f"query heads ({hq}) must be a multiple of key/value heads "
                                  f"({hkv})")
    if k.shape[3] != d or v.shape[2] != t:
        raise fail_shape(op, ins, "k must be [B, Hkv, T, D] and v [B, Hkv, T, Dv]")
    if q.dtype != k.dtype or q.dtype != v.dtype:
        raise fail_dtype(op, ins, "q, k, v must share one dtype")
    mask_kind = a["mask_kind"]
    if mask_kind not in ("none", "bool", "additive"):
        raise fail_attr(op, ins, f"unknown mask kind {mask_kind!r}")
    if (mask_kind != "none") != (len(ins) == 4):
        raise fail_attr(op, ins, "a mask operand needs mask_kind 'bool' or 'additive'")
    if len(ins) == 4:
        m = ins[3]
        if broadcast_shapes(m.shape, (b, hq, s, t)) != (b, hq, s, t):
            raise fail_shape(op, ins, f"mask must broadcast to [B, H, S, T] = {(b, hq, s, t)}")
        if mask_kind == "bool" and not m.dtype.is_bool:
            raise fail_dtype(op, ins, "a boolean mask must have dtype bool")
        if mask_kind == "additive" and not m.dtype.is_float:
            raise fail_dtype(op, ins, "an additive mask must be float")
    window = a["window"]
    if window is not None and int(window) <= 0:
        raise fail_attr(op, ins, "window must be positive")
    scale = a["scale"]
    scale = float(scale) if scale is not None else 1.0 / (d ** 0.5 if d else 1.0)
    return TensorType((b, hq, s, v.shape[3]), q.dtype), {
        "scale": scale, "causal": bool(a["causal"]),
        "window": None if window is None else int(window), "mask_kind": mask_kind}

define("attention", "nn", (3, 4), _infer_attention,
       ("softmax(q k^T * scale + mask) v on [B,H,S,D]. Grouped-query: query head h reads kv head "
        "h // (H/Hkv). Causal masking is aligned to the end (query i sees keys j <= i + T - S; "
        "PyTorch's is_causal agrees when S == T). window w also hides keys j <= i + T - S - w. A "
        "bool mask keeps True; an additive mask is added to the scores. A row with every key "
        "masked gives zeros."),
       attrs=("scale:float=None causal:bool=False "
              "mask_kind:{none,bool,additive}=none window:int?=None"),
       traits="positionwise", fusion="attention", precision="narrow")


def _infer_rope(op, ins, a):
    _require_float(op, ins)
    x, cos, sin = ins
    if cos.shape != sin.shape:
        raise fail_shape(op, ins, "cos and sin must have one shape")
    if x.rank < 2 or cos.rank < 1:
        raise fail_shape(op, ins, "x must be [..., S, D] and cos/sin [..., S, R/2]")
    half = cos.shape[-1]
    if 2 * half > x.shape[-1]:
        raise fail_shape(op, ins, f"rotary dims 2*{half} exceed head dim {x.shape[-1]}")
    table = x.shape[:-1] + (half,)
    if broadcast_shapes(cos.shape, table) != table:
        raise fail_shape(op, ins, f"cos/sin must broadcast to {table}")
    return x, {"interleaved": bool(a["interleaved"])}

define("rope", "nn", (3, 3), _infer_rope,
       ("Rotary embedding on the first R = 2*cos.shape[-1] features of x [..., S, D]; rotate-half"
        " pairs (i, i+R/2), interleaved pairs (2i, 2i+1); the rest passes through. cos/sin "
        "broadcast to [..., S, R/2]."),
       attrs="interleaved:bool=False", traits="positionwise", precision="narrow")


def _infer_topk(op, ins, a):
    _require_numeric(op, ins)
    x = ins[0]
    axis = norm_axis(op, ins, a["axis"], x.rank)
    k = int(a["k"])
    if not 0 <= k <= x.shape[axis]:
        raise fail_attr(op, ins, f"k={k} must be within 0..{x.shape[axis]}")
    result = a["result"]
    if result not in ("values", "indices"):
        raise fail_attr(op, ins, "result must be 'values' or 'indices'")
    shape = x.shape[:axis] + (k,) + x.shape[axis + 1:]
    dt = x.dtype if result == "values" else DType.I64
    return TensorType(shape, dt), {"k": k, "axis": axis, "largest": bool(a["largest"]),
                                   "result": result}

define("topk", "index", (1, 1), _infer_topk,
       ("k largest (or smallest) along axis, sorted; ties go to the lower index. result selects "
        "values or indices (i64)."),
       attrs="k:int axis:int=-1 largest:bool=True result:{values,indices}=values",
       traits="multi_result positionwise")


def _infer_xent(op, ins, a):
    logits, labels = ins
    _require_float(op, [logits])
    if logits.rank != 2 or labels.shape != (logits.shape[0],):
        raise fail_shape(op, ins, "logits must be [N, C] and labels [N]")
    if not labels.dtype.is_int:
        raise fail_dtype(op, ins, "labels must be an integer dtype")
    reduction = a["reduction"]
    if reduction not in ("mean", "sum", "none"):
        raise fail_attr(op, ins, "reduction must be 'mean', 'sum' or 'none'")
    shape = (logits.shape[0],) if reduction == "none" else ()
    return TensorType(shape, logits.dtype), {"reduction": reduction}

define("softmax_cross_entropy", "nn", (2, 2), _infer_xent,
       ("-log_softmax(logits)[label] per row; reduction mean/sum/none. Labels outside [0, C) "
        "raise ExecutionError."),
       attrs="reduction:{mean,sum,none}=mean", precision="f32")


# --------------------------------------------------------------------------- gradient ops

def _infer_scatter_add(op, ins, a):
    updates, idx = ins
    _require_numeric(op, [updates])
    if not idx.dtype.is_int:
        raise fail_dtype(op, ins, "indices must be an integer dtype")
    out_rank = updates.rank - idx.rank + 1
    if out_rank < 1:
        raise fail_shape(op, ins, "updates need the indices' dims plus the output's others")
    axis = norm_axis(op, ins, a["axis"], out_rank)
    if updates.shape[axis:axis + idx.rank] != idx.shape:
        raise fail_shape(op, ins, f"updates dims {axis}..{axis + idx.rank - 1} must equal the "
                                  f"indices' shape {idx.shape}")
    size = int(a["size"])
    if size < 0:
        raise fail_attr(op, ins, "size must be non-negative")
    shape = updates.shape[:axis] + (size,) + updates.shape[axis + idx.rank:]
    return TensorType(shape, updates.dtype), {"axis": axis, "size": size}

define("scatter_add", "index", (2, 2), _infer_scatter_add,
       ("The transpose of gather: out has updates' shape with the indices' dims replaced by one "
        "axis of length size, all zero, then out[..., idx[j], ...] += updates[..., j, ...] for "
        "every index position j (repeated indices accumulate). Indices in [-size, size) "
        "(negatives wrap); any other index raises ExecutionError at run time."),
       attrs="axis:int=0 size:int", traits="indexed_linear")


def _infer_pool_indices(op, ins, a):
    t, attrs = _infer_pool(op, ins, a)
    return TensorType(t.shape, DType.I64), attrs

define("max_pool2d_indices", "nn", (1, 1), _infer_pool_indices,
       ("The i64 flat index h*W + w into x's [H, W] plane (PyTorch's return_indices) of the "
        "element max_pool2d takes from each window: the first nan, else the first maximal element"
        " in row-major window order. Padding is never chosen."),
       attrs="kernel:ints stride:ints=None padding:pairs=0")


def _infer_round_to_format(op, ins, a):
    _require_float(op, ins)
    fmt = format_from_attrs(a)
    scaling = FormatScaling(a["scaling"], int(a["block"]))
    return ins[0], {**format_attrs(fmt), "scaling": scaling.kind, "block": scaling.block,
                    "ste": bool(a["ste"])}

define("round_to_format", "quant", (1, 1), _infer_round_to_format,
       ("Round to a number format (rlx.ir.formats: nearest-even, or up / down with "
        "rounding; the format's overflow rule; fnuz, unsigned and zero-less formats) with"
        " optional scaling (none, per_tensor, or mx / nvfp4 blocks along the last axis, never "
        "crossing a row); the result keeps x's dtype. With ste=True it is a fake-quantiser: "
        "autodiff passes the gradient straight through."),
       attrs=("exponent_bits:int mantissa_bits:int bias:int has_inf:bool has_nan:bool "
              "saturate:bool fnuz:bool=False signed:bool=True has_zero:bool=True "
              "rounding:{nearest,up,down}=nearest "
              "scaling:{none,per_tensor,mx,nvfp4}=none block:int=32 ste:bool=False"),
       traits="positionwise")


def format_attrs(fmt: FloatFormat) -> Attrs:
    """A FloatFormat as node attributes (round_to_format)."""
    return {"exponent_bits": fmt.exponent_bits, "mantissa_bits": fmt.mantissa_bits,
            "bias": fmt.bias, "has_inf": fmt.has_inf, "has_nan": fmt.has_nan,
            "saturate": fmt.saturate, "fnuz": fmt.fnuz, "signed": fmt.signed,
            "has_zero": fmt.has_zero, "rounding": fmt.rounding}


def format_from_attrs(a: Attrs) -> FloatFormat:
    """The FloatFormat of round_to_format attributes (graphs stored before fnuz, signed,
    has_zero and rounding existed lack them: the defaults)."""
    return FloatFormat("attr", int(a["exponent_bits"]), int(a["mantissa_bits"]), int(a["bias"]),
                       bool(a["has_inf"]), bool(a["has_nan"]), bool(a["saturate"]),
                       fnuz=bool(a.get("fnuz", False)), signed=bool(a.get("signed", True)),
                       has_zero=bool(a.get("has_zero", True)),
                       rounding=str(a.get("rounding", "nearest")))


def _infer_dequant_matmul(op, ins, a):
    try:
        layout = PackedLayout.of(a.get("scheme"), a.get("n"), a.get("k"), a["block"])
    except GraphBuildError as e:
        raise fail_attr(op, ins, str(e)) from None
    x, packed = ins[0], ins[1:]
    transpose = bool(a["transpose"])
    x_int8 = bool(a["x_int8"])
    if x_int8 and (not layout.ggml or transpose):
        raise fail_attr(op, ins, "x_int8 needs a GGML block format and transpose=False "
                                 f"(got scheme {layout.scheme.name}, transpose={transpose})")
    width_in, width_out = (layout.n, layout.k) if transpose else (layout.k, layout.n)
    if x.dtype is not DType.F32:
        raise fail_dtype(op, ins, f"x must be f32, got {x.dtype}; cast first")
    if x.rank < 1 or x.shape[-1] != width_in:
        raise fail_shape(op, ins, f"x must be [..., {width_in}] for the {layout.scheme.name} "
                                  f"weight [{layout.n}, {layout.k}] (transpose={transpose})")
    want = layout.operand_types()
    if list(packed) != want:
        raise fail_shape(op, ins, f"{layout.scheme.name} packed operands must be "
                                  f"{_fmt_operands(want)}")
    return (TensorType(x.shape[:-1] + (width_out,), DType.F32),
            {**layout.attrs(), "transpose": transpose, "x_int8": x_int8})

define("dequant_matmul", "quant", (2, 4), _infer_dequant_matmul,
       ("x @ W.T (x f32 [..., k] -> f32 [..., n]), or x @ W with transpose (x [..., n] -> [..., "
        "k]), for a weight W [n, k] (out x in features) stored packed: operands q (u8 codes), "
        "scale and, for nvfp4, an f32 [1] tensor scale; scheme int8, fp8_e4m3 (per-row scales), "
        "int4, mxfp4 or nvfp4 (blocks along rows); or one operand q, the blocks of a GGML format "
        "(q8_0, q4_1, q4_k, q6_k, ...) as a GGUF file stores them. Layouts and rounding: "
        "rlx.ir.quantized. Products accumulate in f32 (reference: f64). x_int8 (GGML formats, "
        "forward only): x is first rounded to int8 per group of 32 elements of k and multiplied "
        "with the blocks' integer codes in integers, as GGML's CPU kernels do "
        "(rlx.ir.gguf_blocks.quantize_x_int8 gives the rounding)."),
       attrs="scheme:str n:int k:int block:int=None transpose:bool=False x_int8:bool=False",
       traits="positionwise")



def _infer_dequant_gather(op, ins, a):
    try:
        layout = PackedLayout.of(a.get("scheme"), a.get("n"), a.get("k"), a["block"])
    except GraphBuildError as e:
        raise fail_attr(op, ins, str(e)) from None
    idx, packed = ins[0], ins[1:]
    if not idx.dtype.is_int:
        raise fail_dtype(op, ins, "indices must be an integer dtype")
    want = layout.operand_types()
    if list(packed) != want:
        raise fail_shape(op, ins, f"{layout.scheme.name} packed operands must be "
                                  f"{_fmt_operands(want)}")
    return TensorType(idx.shape + (layout.k,), DType.F32), layout.attrs()

define("dequant_gather", "quant", (2, 4), _infer_dequant_gather,
       ("Rows of a packed (quantised) weight W [n, k] as f32: out[..., :] = W[indices[...], :] "
        "(indices any integer shape, in [-n, n), negatives wrap; any other raises ExecutionError "
        "at run time). The embedding lookup of a model whose table stays in its file's blocks."),
       attrs="scheme:str n:int k:int block:int=None", traits="positionwise")

# --------------------------------------------------------------------------- ONNX-import ops

def _infer_bitwise(op, ins, a):
    for t in ins:
        if not t.dtype.is_int:
            raise fail_dtype(op, ins, "needs integer operands")
    if len(ins) == 2 and ins[0].dtype != ins[1].dtype:
        raise fail_dtype(op, ins, "operands must share one dtype")
    return TensorType(broadcast_or_fail(op, ins), ins[0].dtype), {}

define("bitwise_and bitwise_or bitwise_xor", "binary", (2, 2), _infer_bitwise,
       {"bitwise_and": "Bitwise and of two's complement integers (one dtype), broadcasting.",
        "bitwise_or": "Bitwise or of two's complement integers (one dtype), broadcasting.",
        "bitwise_xor": "Bitwise xor of two's complement integers (one dtype), broadcasting."},
       traits="positionwise")
define("bitwise_not", "unary", (1, 1), _infer_bitwise,
       "Bitwise complement of an integer (~x; 255 - x for u8).",
       traits="positionwise")


def _infer_scatter_update(op, ins, a):
    data, idx, updates = ins
    if not idx.dtype.is_int:
        raise fail_dtype(op, ins, "indices must be an integer dtype")
    if data.rank < 1 or idx.rank != 1:
        raise fail_shape(op, ins, "data must have rank >= 1 and indices rank 1")
    if updates.shape != idx.shape + data.shape[1:]:
        raise fail_shape(op, ins, f"updates must have shape {idx.shape + data.shape[1:]}")
    if updates.dtype != data.dtype:
        raise fail_dtype(op, ins, "data and updates must share one dtype")
    reduction = a["reduction"]
    if reduction not in ("none", "add", "mul", "max", "min"):
        raise fail_attr(op, ins, "reduction must be none, add, mul, max or min")
    if reduction != "none":
        _require_numeric(op, [data])
    return data, {"reduction": reduction}

define("scatter_update", "index", (3, 3), _infer_scatter_update,
       ("A copy of data [N, ...] in which, for j = 0, 1, ... in order, row idx[j] becomes "
        "reduction(row, updates[j]): none (replace; the last write wins), add, mul, max or min "
        "(nan propagates). Indices in [-N, N) (negatives wrap); any other index raises "
        "ExecutionError at run time. ONNX ScatterElements / ScatterND on flattened indices."),
       attrs="reduction:{none,add,mul,max,min}=none")


def _infer_bitcast(op, ins, a):
    dt = as_dtype(a["dtype"])
    if dt.itemsize != ins[0].dtype.itemsize:
        raise fail_dtype(op, ins, f"cannot reinterpret {ins[0].dtype} as {dt}: element sizes "
                                  "differ")
    return TensorType(ins[0].shape, dt), {"dtype": dt}

define("bitcast", "shape", (1, 1), _infer_bitcast,
       "Reinterpret each element's bytes as dtype (same element size); bool is one byte, 0 or 1.",
       attrs="dtype:dtype", traits="positionwise")


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
    it needs, and the defaults of the rest; the canonical attributes the op's type rule
    returns must match the schema (a mismatch is a defect of the rule, reported as such).
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
    ty, canon = opdef.infer(kind, ins, with_defaults(opdef, attrs))
    problems = schema_violations(opdef, canon)
    if problems:
        raise GraphBuildError(f"{kind}{_fmt_operands(ins)}: the type rule's canonical "
                              f"attributes break the op's schema ({'; '.join(problems)}); "
                              "this is a defect of rlx, please report it")
    return ty, canon
