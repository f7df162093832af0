"""Neural-network ops: conv, max / average pooling, attention (plain, and over a KV
cache, contiguous or paged), rope, topk and softmax cross-entropy.

Kept apart from :mod:`rlx.ir.ops`; importing this module defines the kinds in the op
contract (:func:`rlx.ir.opdef.define`). :mod:`rlx.ir.ops` imports the op set's
families in a fixed order, the order of ``OPS``.
"""

from __future__ import annotations

import numbers

from rlx.ir.dtypes import DType, exact_int
from rlx.ir.opdef import define
from rlx.ir.typerules import (
    _require_float,
    _require_numeric,
    fail_attr,
    fail_dtype,
    fail_shape,
    int_items,
    int_pair_items,
    int_tuple,
    norm_axis,
)
from rlx.ir.types import Shape, TensorType, broadcast_shapes


def _pairs(op, ins, value, n, what):
    single = exact_int(value)
    value = (single,) * n if single is not None else int_tuple(op, ins, value, what)
    if len(value) != n:
        raise fail_attr(op, ins, f"{what} needs {n} values, got {value}")
    return value


def _conv_geometry(op, ins, a, spatial: Shape, kernel: Shape):
    n = len(spatial)
    stride = _pairs(op, ins, a["stride"], n, "stride")
    dilation = _pairs(op, ins, a["dilation"], n, "dilation")
    pad = a["padding"]
    single, ints = exact_int(pad), int_items(pad)
    if single is not None:
        pads = ((single, single),) * n
    elif ints is not None and len(ints) == n:
        pads = tuple((p, p) for p in ints)
    else:
        pads = int_pair_items(pad)
        if pads is None:
            raise fail_attr(op, ins, f"padding must be an int, {n} ints or {n} "
                                     f"(before, after) pairs of ints, got {pad!r}")
    if len(pads) != n or any(b < 0 or e < 0 for b, e in pads):
        raise fail_attr(op, ins, f"padding must give {n} non-negative (before, after) pairs")
    if any(int(k) <= 0 for k in kernel):   # a zero-size kernel gave outputs of the bias
        raise fail_shape(op, ins, f"the kernel's spatial sizes must be positive, got "
                                  f"{tuple(int(k) for k in kernel)}")
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
    groups = a["groups"]
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
    stride = kernel if a["stride"] is None else a["stride"]  # 0 is refused, not the kernel
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


KV_STORAGE = frozenset({DType.F16, DType.BF16})
"""The dtypes a KV cache may be stored in below an f32 ``cached_attention``: its keys and
values (the new rows too) are read into f32 (a cache of half the bytes)."""


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
    stored = kc.dtype
    if any(t.dtype != stored for t in (k, v, vc)) or not (
            stored == q.dtype or (q.dtype is DType.F32 and stored in KV_STORAGE)):
        raise fail_dtype(op, ins, "k, v, k_cache and v_cache must share one dtype: q's, or "
                                  "f16 / bf16 with an f32 q (a half-width cache)")
    window = a["window"]
    if window is not None and (isinstance(window, bool) or not isinstance(
            window, numbers.Integral) or window <= 0):
        raise fail_attr(op, ins, f"window must be a positive int, got {window!r}")
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
        " k, v and the caches share q's dtype, or f16 / bf16 under an f32 q (a half-width "
        "cache, read into f32)."
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
    if window is not None and (isinstance(window, bool) or not isinstance(
            window, numbers.Integral) or window <= 0):
        raise fail_attr(op, ins, f"window must be a positive int, got {window!r}")
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
    k = a["k"]
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
