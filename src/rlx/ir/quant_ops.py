"""Quantised-format ops: round_to_format (rounding to a number format; with ste, a
fake-quantiser) and the packed-weight ops dequant_matmul and dequant_gather, with
:func:`format_attrs` / :func:`format_from_attrs`, a FloatFormat as round_to_format's
attributes and back.

Kept apart from :mod:`rlx.ir.ops`; importing this module defines the kinds in the op
contract (:func:`rlx.ir.opdef.define`). :mod:`rlx.ir.ops` imports the op set's
families in a fixed order, the order of ``OPS``.
"""

from __future__ import annotations

from rlx.errors import GraphBuildError
from rlx.ir.dtypes import DType
from rlx.ir.formats import FloatFormat, FormatScaling
from rlx.ir.opdef import Attrs, define
from rlx.ir.quantized import PackedLayout
from rlx.ir.typerules import _fmt_operands, _require_float, fail_attr, fail_dtype, fail_shape
from rlx.ir.types import TensorType


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
