"""Reference kernels for reductions, scans and softmax-like normalisations.

Accumulation policy (the result is always rounded once to the node's dtype):

* f16 and bf16 accumulate in f32 (:func:`common.compute`);
* f32 accumulates in f64 -- more accurate than a backend that sums in f32, so
  other backends are compared against it with f32 tolerances;
* f64 accumulates in f64;
* integers accumulate in their own dtype and wrap on overflow (two's complement);
* max / min / argmax / argmin are exact, so they work on the values as stored
  (f16/bf16 widened to f32, which is exact).

Edge cases: nan propagates through max, min, sum, prod, softmax and logsumexp;
argmax/argmin return the first index of the extreme value, or of the first nan
(numpy's rule). An empty reduction gives sum 0, prod 1, mean nan and logsumexp
-inf. logsumexp, softmax and log_softmax shift by the maximum, so large inputs
do not overflow; a slice that is entirely -inf gives logsumexp -inf and softmax /
log_softmax nan (as PyTorch).
"""

from __future__ import annotations

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, KernelFn, compute, finish
from rlx.ir.graph import Node


def accumulate(a: np.ndarray) -> np.ndarray:
    """``a`` in its accumulation dtype: f16/bf16 -> f32, f32 -> f64, others unchanged."""
    a = compute(a)
    if a.dtype == np.float32:
        return a.astype(np.float64)
    return a


def _axes(node: Node) -> tuple[int, ...]:
    return tuple(node.attr("axes"))


def _keepdims(node: Node) -> bool:
    return bool(node.attr("keepdims"))


def _int_or_float_reduce(ufunc: np.ufunc, node: Node, x: np.ndarray) -> np.ndarray:
    """``ufunc.reduce`` over the node's axes; ints stay in their dtype and wrap."""
    acc = accumulate(x)
    return ufunc.reduce(acc, axis=_axes(node), dtype=acc.dtype, keepdims=_keepdims(node))


def _sum(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return finish(_int_or_float_reduce(np.add, node, args[0]), node)


def _prod(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return finish(_int_or_float_reduce(np.multiply, node, args[0]), node)


def _mean(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """Sum in the accumulation dtype divided by the count; an empty mean is nan."""
    x = accumulate(args[0])
    total = np.add.reduce(x, axis=_axes(node), keepdims=_keepdims(node))
    count = 1
    for ax in _axes(node):
        count *= x.shape[ax]
    with np.errstate(invalid="ignore", divide="ignore"):
        return finish(total / x.dtype.type(count), node)


def _extreme(ufunc: np.ufunc):
    """max / min: exact, nan-propagating (``np.maximum`` / ``np.minimum`` reduce)."""
    def kernel(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
        x = compute(args[0])
        return finish(ufunc.reduce(x, axis=_axes(node), keepdims=_keepdims(node)), node)
    return kernel


def _arg_extreme(pick):
    """argmax / argmin along ``axis``: first index of the extreme value (or first nan)."""
    def kernel(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
        x = compute(args[0])
        out = pick(x, axis=node.attr("axis"), keepdims=_keepdims(node))
        return finish(out, node)
    return kernel


def max_shift(x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """The per-slice shift for exp-based reductions, with kept dims.

    The maximum over ``axes``, except that non-finite maxima (every value -inf, a
    +inf present, a nan present, or an empty slice) shift by 0: the unshifted
    formula then gives the right -inf / +inf / nan by itself.
    """
    top = np.maximum.reduce(x, axis=axes, keepdims=True, initial=-np.inf)
    return np.where(np.isfinite(top), top, 0.0).astype(x.dtype)


def log_sum_exp(x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """``log(sum(exp(x)))`` over ``axes`` with kept dims, max-shifted; x is float."""
    shift = max_shift(x, axes)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        total = np.add.reduce(np.exp(x - shift), axis=axes, keepdims=True)
        return np.log(total) + shift


def _logsumexp(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    axes = _axes(node)
    out = log_sum_exp(accumulate(args[0]), axes)
    if not _keepdims(node):
        out = np.squeeze(out, axis=axes)
    return finish(out, node)


def _softmax(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """``exp(x - max) / sum`` along ``axis``; a slice of all -inf gives nan."""
    x = accumulate(args[0])
    axes = (node.attr("axis"),)
    top = np.maximum.reduce(x, axis=axes, keepdims=True, initial=-np.inf)
    with np.errstate(invalid="ignore", divide="ignore"):
        e = np.exp(x - top)
        return finish(e / np.add.reduce(e, axis=axes, keepdims=True), node)


def _log_softmax(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """``(x - max) - log(sum(exp(x - max)))`` along ``axis`` (``x - logsumexp(x)`` lost
    the second term to rounding for logits of 1e16 and more); a slice of all -inf gives
    nan."""
    x = accumulate(args[0])
    axes = (node.attr("axis"),)
    shift = max_shift(x, axes)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        shifted = x - shift
        return finish(shifted - np.log(np.add.reduce(np.exp(shifted), axis=axes,
                                                     keepdims=True)), node)


def _cumsum(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """Running sum along ``axis``; ``reverse`` runs from the end, ``exclusive`` starts at 0.

    The exclusive form shifts the inclusive sums by one position (no subtraction,
    so inf and nan stay where they were added).
    """
    x = accumulate(args[0])
    axis = node.attr("axis")
    if node.attr("reverse"):
        x = np.flip(x, axis=axis)
    sums = np.cumsum(x, axis=axis, dtype=x.dtype)
    if node.attr("exclusive"):
        sums = _shift_forward(sums, axis)
    if node.attr("reverse"):
        sums = np.flip(sums, axis=axis)
    return finish(sums, node)


def _shift_forward(a: np.ndarray, axis: int) -> np.ndarray:
    """``a`` moved one step along ``axis``: the first entry becomes 0, the last drops."""
    out = np.zeros_like(a)
    dst = [slice(None)] * a.ndim
    src = [slice(None)] * a.ndim
    dst[axis] = slice(1, None)
    src[axis] = slice(None, -1)
    out[tuple(dst)] = a[tuple(src)]
    return out


KERNELS: dict[str, KernelFn] = {
    "sum": _sum,
    "mean": _mean,
    "max": _extreme(np.maximum),
    "min": _extreme(np.minimum),
    "prod": _prod,
    "logsumexp": _logsumexp,
    "argmax": _arg_extreme(np.argmax),
    "argmin": _arg_extreme(np.argmin),
    "cumsum": _cumsum,
    "softmax": _softmax,
    "log_softmax": _log_softmax,
}
