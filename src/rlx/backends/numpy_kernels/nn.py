"""Reference kernels for the neural-network ops, in numpy only.

Semantics are those of :mod:`rlx.ir.ops` (``OPS[kind].doc``); this module only
states how each kernel computes them.

Precision. Every float kernel below works in one *working dtype* chosen from the
result dtype: f16 and bf16 results are computed in f32, f32 and f64 results in
f64, and the value is rounded once to the result dtype at the end. Operands of
another float dtype (a f32 ``gamma`` next to a f16 ``x``, an additive attention
mask) are converted to the working dtype first.

* ``layer_norm`` / ``rms_norm`` / ``batch_norm``: mean and biased variance (mean of
  squares for rms_norm) accumulated in the working dtype.
* ``conv``: im2col through a strided window view, then one batched matmul per group
  in the working dtype; bias added before the single rounding.
* ``max_pool2d``: exact (a max needs no rounding); floats pad with -inf, integers
  with the dtype's minimum, nan propagates.
* ``avg_pool2d``: window sums and the divide in the working dtype.
* ``attention``: scores, softmax and the weighted sum of values in the working
  dtype; a row whose every key is masked (all scores -inf) gives zeros.
* ``rope``: the rotation ``a*cos - b*sin`` / ``b*cos + a*sin`` in the working dtype.
* ``topk``: exact; keys are compared after an exact widening of f16/bf16 to f32.
  nan ranks above every number (numpy's sort order, as torch.topk does), so it
  comes first for ``largest`` and last otherwise.
* ``softmax_cross_entropy``: max-shifted logsumexp and the reduction in the working
  dtype; ``mean`` over an empty batch is nan (0/0, as PyTorch).
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from rlx.backends.numpy_kernels.common import KernelContext, KernelFn, compute, finish
from rlx.errors import ExecutionError
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node


def _work_dtype(node: Node) -> type[np.floating]:
    """The dtype a float kernel computes in: f32 for f16/bf16 results, else f64."""
    if node.dtype in (DType.F16, DType.BF16):
        return np.float32
    return np.float64


def _mean(x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """Mean over ``axes`` (keepdims). The divisor is clamped to 1 so that reducing an
    empty axis, whose result is never read, raises no warning."""
    count = 1
    for ax in axes:
        count *= x.shape[ax]
    return x.sum(axis=axes, keepdims=True) / max(count, 1)


# --------------------------------------------------------------------------- norms

def _affine(y: np.ndarray, params: list[np.ndarray], has_gamma: bool,
            has_beta: bool) -> np.ndarray:
    """``y * gamma + beta`` for the parameters present; ``params`` holds them in order
    (gamma first), each with the normalised shape, which broadcasts against ``y``."""
    rest = list(params)
    if has_gamma:
        y = y * rest.pop(0).astype(y.dtype)
    if has_beta:
        y = y + rest.pop(0).astype(y.dtype)
    return y


def _layer_norm(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    x = args[0].astype(_work_dtype(node))
    axes = tuple(range(node.attr("axis"), x.ndim))
    centred = x - _mean(x, axes)
    variance = _mean(centred * centred, axes)
    y = centred / np.sqrt(variance + node.attr("eps"))
    return finish(_affine(y, args[1:], node.attr("has_gamma"), node.attr("has_beta")), node)


def _rms_norm(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    x = args[0].astype(_work_dtype(node))
    axes = tuple(range(node.attr("axis"), x.ndim))
    y = x / np.sqrt(_mean(x * x, axes) + node.attr("eps"))
    return finish(_affine(y, args[1:], node.attr("has_gamma"), False), node)


def _batch_norm(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    wd = _work_dtype(node)
    x = args[0].astype(wd)
    per_channel = (x.shape[1],) + (1,) * (x.ndim - 2)
    mean, var, gamma, beta = (a.astype(wd).reshape(per_channel) for a in args[1:])
    y = (x - mean) / np.sqrt(var + node.attr("eps")) * gamma + beta
    return finish(y, node)


# --------------------------------------------------------------------------- conv

def _windows(x: np.ndarray, kernel: tuple[int, ...], stride: tuple[int, ...],
             dilation: tuple[int, ...]) -> np.ndarray:
    """Strided view [N, C, *out, *kernel] of the (already padded) ``x`` [N, C, *spatial]:
    entry [n, c, o..., k...] is x[n, c, o*stride + k*dilation ...]. No copy."""
    spans = tuple(d * (k - 1) + 1 for k, d in zip(kernel, dilation, strict=True))
    spatial_axes = tuple(range(2, x.ndim))
    view = sliding_window_view(x, spans, axis=spatial_axes)
    out_steps = tuple(slice(None, None, s) for s in stride)
    tap_steps = tuple(slice(None, None, d) for d in dilation)
    return view[(slice(None), slice(None)) + out_steps + tap_steps]


def _grouped_matmul(cols: np.ndarray, w: np.ndarray, groups: int) -> np.ndarray:
    """Contract windows ``cols`` [N, C_in, *out, *k] with ``w`` [C_out, C_in/G, *k] group
    by group; returns [N, C_out, *out]."""
    n, cin = cols.shape[:2]
    cout, cin_g = w.shape[:2]
    n_sp = w.ndim - 2
    out_sp = cols.shape[2:2 + n_sp]
    taps = int(np.prod(w.shape[2:], dtype=np.int64))
    positions = int(np.prod(out_sp, dtype=np.int64))
    split = cols.reshape((n, groups, cin_g) + cols.shape[2:])
    # [G, N, *out, C_in/G, *k]: one im2col matrix per group
    order = (1, 0) + tuple(range(3, 3 + n_sp)) + (2,) + tuple(range(3 + n_sp, 3 + 2 * n_sp))
    lhs = split.transpose(order).reshape(groups, n * positions, cin_g * taps)
    rhs = w.reshape(groups, cout // groups, cin_g * taps).transpose(0, 2, 1)
    out = np.matmul(lhs, rhs)  # [G, N*P, C_out/G]
    out = out.reshape((groups, n) + out_sp + (cout // groups,))
    back = (1, 0, 2 + n_sp) + tuple(range(2, 2 + n_sp))
    return out.transpose(back).reshape((n, cout) + out_sp)


def _conv(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    wd = _work_dtype(node)
    x, w = args[0].astype(wd), args[1].astype(wd)
    padded = np.pad(x, ((0, 0), (0, 0)) + tuple(node.attr("padding")))
    cols = _windows(padded, w.shape[2:], node.attr("stride"), node.attr("dilation"))
    y = _grouped_matmul(cols, w, node.attr("groups"))
    if len(args) == 3:
        y = y + args[2].astype(wd).reshape((-1,) + (1,) * (y.ndim - 2))
    return finish(y, node)


# --------------------------------------------------------------------------- pooling

def _pool_windows(x: np.ndarray, node: Node, fill: float | int) -> np.ndarray:
    """[N, C, OH, OW, kH, kW] windows of ``x`` padded with ``fill`` per node attrs."""
    padded = np.pad(x, ((0, 0), (0, 0)) + tuple(node.attr("padding")), constant_values=fill)
    return _windows(padded, node.attr("kernel"), node.attr("stride"), (1, 1))


def _max_pool2d(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    x = args[0]
    if node.dtype.is_float:
        x = x.astype(_work_dtype(node))
        fill = -np.inf
    else:
        fill = np.iinfo(x.dtype).min
    return finish(_pool_windows(x, node, fill).max(axis=(-2, -1)), node)


def _real_counts(size: int, kernel: int, stride: int, pads: tuple[int, int]) -> np.ndarray:
    """Per output position along one axis: how many window taps hit real (unpadded) data."""
    real = np.pad(np.ones(size), pads)
    return sliding_window_view(real, kernel)[::stride].sum(axis=-1)


def _avg_pool2d(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    x = args[0].astype(_work_dtype(node))
    sums = _pool_windows(x, node, 0).sum(axis=(-2, -1))
    kernel, stride, padding = node.attr("kernel"), node.attr("stride"), node.attr("padding")
    if node.attr("count_include_pad"):
        divisor = np.full(sums.shape[-2:], kernel[0] * kernel[1])
    else:
        rows = _real_counts(x.shape[2], kernel[0], stride[0], padding[0])
        cols = _real_counts(x.shape[3], kernel[1], stride[1], padding[1])
        divisor = np.outer(rows, cols)
    with np.errstate(invalid="ignore", divide="ignore"):  # windows over padding only
        return finish(sums / divisor.astype(sums.dtype), node)


# --------------------------------------------------------------------------- attention

def _position_keep(s: int, t: int, causal: bool, window: int | None) -> np.ndarray:
    """[S, T] bool: which keys each query may see under causal / sliding-window masking,
    aligned to the end (query i's last visible key is i + T - S)."""
    i = np.arange(s)[:, None]
    j = np.arange(t)[None, :]
    last = i + (t - s)
    keep = np.ones((s, t), dtype=bool)
    if causal:
        keep &= j <= last
    if window is not None:
        keep &= j > last - window
    return keep


def _gqa_scores(q: np.ndarray, k: np.ndarray) -> np.ndarray:
    """q [B, H, S, D] . k [B, Hkv, T, D] -> [B, H, S, T]; query head h uses kv head
    h // (H / Hkv)."""
    b, h, s, d = q.shape
    hkv = k.shape[1]
    grouped = q.reshape(b, hkv, h // hkv, s, d)
    scores = np.matmul(grouped, k.swapaxes(-1, -2)[:, :, None])
    return scores.reshape(b, h, s, k.shape[2])


def _gqa_mix(probs: np.ndarray, v: np.ndarray) -> np.ndarray:
    """probs [B, H, S, T] . v [B, Hkv, T, Dv] -> [B, H, S, Dv], grouped as in
    :func:`_gqa_scores`."""
    b, h, s, t = probs.shape
    hkv = v.shape[1]
    grouped = probs.reshape(b, hkv, h // hkv, s, t)
    return np.matmul(grouped, v[:, :, None]).reshape(b, h, s, v.shape[3])


def _masked_softmax(scores: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """Softmax over the last axis of ``scores`` restricted to ``keep`` (broadcast).

    Masked and -inf entries get weight 0; a row with no finite score left gets all
    zeros instead of nan. A nan score still propagates to its row.
    """
    masked = np.where(keep, scores, -np.inf)
    row_max = masked.max(axis=-1, keepdims=True, initial=-np.inf)
    shift = np.where(np.isfinite(row_max), row_max, 0.0)
    weights = np.exp(masked - shift)
    total = weights.sum(axis=-1, keepdims=True)
    return np.divide(weights, total, out=np.zeros_like(weights), where=total != 0)


def _attention(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    wd = _work_dtype(node)
    q, k, v = (a.astype(wd) for a in args[:3])
    s, t = q.shape[2], k.shape[2]
    scores = _gqa_scores(q, k) * node.attr("scale")
    keep = _position_keep(s, t, node.attr("causal"), node.attr("window"))
    mask_kind = node.attr("mask_kind")
    if mask_kind == "bool":
        keep = keep & args[3]
    elif mask_kind == "additive":
        scores = scores + args[3].astype(wd)
    probs = _masked_softmax(scores, keep)
    return finish(_gqa_mix(probs, v), node)


def _cached_attention(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """Per sequence: keys = its first past_len cache rows (less those older than every
    new row's window) then the new rows, causal (and windowed) masking aligned to the
    end, scores scaled then capped."""
    wd = _work_dtype(node)
    q, k, v, k_cache, v_cache = (a.astype(wd) for a in args[:5])
    past_len = args[5]
    paged = len(args) == 7
    capacity = args[6].shape[1] * k_cache.shape[2] if paged else k_cache.shape[2]
    bad = (past_len < 0) | (past_len > capacity)
    if bad.any():
        raise ExecutionError(f"cached_attention: past_len {int(past_len[bad][0])} is outside "
                             f"[0, {capacity}] (the cache holds {capacity} rows)")
    if paged:
        k_cache, v_cache = _gather_pages(node, k_cache, v_cache, past_len, args[6])
    s = q.shape[2]
    softcap = node.attr("softcap")
    out = []
    window = node.attr("window")
    for b, past in enumerate(past_len.astype(np.int64)):
        # the cache rows some new row sees: [first, past) (none older than the window)
        first = 0 if window is None else min(max(0, past - window + 1), past)
        keys = np.concatenate([k_cache[b:b + 1, :, first:past], k[b:b + 1]], axis=2)
        values = np.concatenate([v_cache[b:b + 1, :, first:past], v[b:b + 1]], axis=2)
        scores = _gqa_scores(q[b:b + 1], keys) * node.attr("scale")
        if softcap is not None:
            scores = np.tanh(scores / softcap) * softcap
        keep = _position_keep(s, past - first + s, True, window)
        out.append(_gqa_mix(_masked_softmax(scores, keep), values))
    return finish(np.concatenate(out, axis=0), node)


def _gather_pages(node: Node, k_pool: np.ndarray, v_pool: np.ndarray, past_len: np.ndarray,
                  table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The paged caches laid out contiguously, [B, Hkv, max_pages * page, D]: the pages
    some new row reads (those holding the cache rows of its window) are checked to lie
    in the pool, the others are left as zeros whatever their table entry holds."""
    pages, hkv, page = k_pool.shape[:3]
    b, max_pages = table.shape
    window = node.attr("window")
    keys = np.zeros((b, hkv, max_pages * page, k_pool.shape[3]), k_pool.dtype)
    values = np.zeros((b, hkv, max_pages * page, v_pool.shape[3]), v_pool.dtype)
    for bi, past in enumerate(past_len.astype(np.int64)):
        first = 0 if window is None else min(max(0, past - window + 1), past)
        for pg in range(first // page, -(-past // page)):
            pid = int(table[bi, pg])
            if not 0 <= pid < pages:
                raise ExecutionError(f"cached_attention: block_table[{bi}, {pg}] = {pid} is "
                                     f"outside [0, {pages}) (the pools hold {pages} pages)")
            keys[bi, :, pg * page:(pg + 1) * page] = k_pool[pid]
            values[bi, :, pg * page:(pg + 1) * page] = v_pool[pid]
    return keys, values


# --------------------------------------------------------------------------- rope

def _rope(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    wd = _work_dtype(node)
    x, cos, sin = (a.astype(wd) for a in args)
    half = cos.shape[-1]
    table = x.shape[:-1] + (half,)
    cos, sin = np.broadcast_to(cos, table), np.broadcast_to(sin, table)
    if node.attr("interleaved"):
        first, second = slice(0, 2 * half, 2), slice(1, 2 * half, 2)
    else:
        first, second = slice(0, half), slice(half, 2 * half)
    a, b = x[..., first], x[..., second]
    out = x.copy()
    out[..., first] = a * cos - b * sin
    out[..., second] = b * cos + a * sin
    return finish(out, node)


# --------------------------------------------------------------------------- topk

def _stable_order(keys: np.ndarray, axis: int, largest: bool) -> np.ndarray:
    """Indices sorting ``keys`` along ``axis`` descending (``largest``) or ascending;
    equal keys keep increasing index order either way. Works for every numeric dtype
    (no negation, so unsigned and integer minimums are safe)."""
    if not largest:
        return np.argsort(keys, axis=axis, kind="stable")
    # Stable ascending sort of the reversed axis, read backwards: descending order
    # with equal keys in increasing original index.
    n = keys.shape[axis]
    reversed_order = np.argsort(np.flip(keys, axis), axis=axis, kind="stable")
    return (n - 1) - np.flip(reversed_order, axis)


def _topk(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    x = args[0]
    axis, k = node.attr("axis"), node.attr("k")
    order = _stable_order(compute(x), axis, node.attr("largest"))
    chosen = np.take(order, np.arange(k), axis=axis)
    if node.attr("result") == "indices":
        return finish(chosen, node)
    return finish(np.take_along_axis(x, chosen, axis=axis), node)


# --------------------------------------------------------------------------- cross-entropy

def _check_labels(labels: np.ndarray, classes: int) -> None:
    """Raise ExecutionError naming the first label outside [0, classes)."""
    bad = np.flatnonzero((labels < 0) | (labels >= classes))
    if bad.size:
        row = int(bad[0])
        raise ExecutionError(f"softmax_cross_entropy: label {int(labels[row])} in row {row} "
                             f"is outside [0, {classes}) ({bad.size} bad label(s) in all)")


def _row_logsumexp(logits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(shift, log(sum(exp(row - shift)))) per row: logsumexp is their sum, max-shifted;
    a row of -inf gives (0, -inf)."""
    row_max = logits.max(axis=1, keepdims=True, initial=-np.inf)
    shift = np.where(np.isfinite(row_max), row_max, 0.0)
    with np.errstate(divide="ignore"):
        return shift[:, 0], np.log(np.exp(logits - shift).sum(axis=1, keepdims=True))[:, 0]


def _reduce_losses(losses: np.ndarray, reduction: str) -> np.ndarray:
    if reduction == "none":
        return losses
    total = losses.sum()
    if reduction == "sum":
        return total
    with np.errstate(invalid="ignore"):  # an empty batch: 0/0 = nan, as PyTorch
        return total / losses.dtype.type(losses.shape[0])


def _softmax_cross_entropy(node: Node, args: list[np.ndarray],
                           ctx: KernelContext) -> np.ndarray:
    logits, labels = args[0].astype(_work_dtype(node)), args[1]
    n, classes = logits.shape
    _check_labels(labels, classes)
    picked = logits[np.arange(n), labels.astype(np.int64)]
    shift, log_sum = _row_logsumexp(logits)
    with np.errstate(invalid="ignore"):    # the shift minus the label's logit first: both
        losses = (shift - picked) + log_sum    # may be huge (1e16) and close
    return finish(_reduce_losses(losses, node.attr("reduction")), node)


KERNELS: dict[str, KernelFn] = {
    "layer_norm": _layer_norm,
    "rms_norm": _rms_norm,
    "batch_norm": _batch_norm,
    "conv": _conv,
    "max_pool2d": _max_pool2d,
    "avg_pool2d": _avg_pool2d,
    "attention": _attention,
    "cached_attention": _cached_attention,
    "rope": _rope,
    "topk": _topk,
    "softmax_cross_entropy": _softmax_cross_entropy,
}
