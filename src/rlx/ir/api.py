"""The functional builder API: ``rlx.gelu(x)``, ``rlx.softmax(x, axis=-1)``, ...

Each function builds one op (or a few, where noted) on the graph its operands
belong to. Semantics of every op are in :mod:`rlx.ir.ops`. Where a Tensor method of
the same name exists, the function calls it, so both spellings build the same nodes.
"""

from __future__ import annotations

import builtins
import numbers
from collections.abc import Sequence
from typing import Any

from rlx.errors import GraphBuildError
from rlx.ir.dtypes import DType, as_dtype, exact_int, plain_scalars
from rlx.ir.formats import FloatFormat, FormatScaling, check_format
from rlx.ir.graph import Graph, Tensor, lift
from rlx.ir.ops import OPS, format_attrs
from rlx.ir.typerules import distinct_axes, int_tuple, norm_axis


def _first_tensor(op: str, operands: Sequence[Any]) -> Tensor:
    """The first Tensor among ``operands``: numbers and numpy arrays beside it become
    constants of its graph (:func:`~rlx.ir.graph.lift`); with none, no graph is known."""
    for v in operands:
        if isinstance(v, Tensor):
            return v
    got = ", ".join(type(v).__name__ for v in operands)
    raise GraphBuildError(f"{op}: needs an rlx Tensor operand, got {got}; numpy data enters a "
                          "graph with rlx.constant(graph, array)")


def _unary(op: str):
    def fn(x: Tensor) -> Tensor:
        return _first_tensor(op, [x]).graph.apply(op, [x])
    fn.__name__ = op
    fn.__doc__ = f"Elementwise ``{op}``: {OPS[op].doc}"
    return fn


def _binary(op: str):
    def fn(a: Any, b: Any) -> Tensor:
        like = _first_tensor(op, [a, b])
        a, b = lift(a, like), lift(b, like)
        return a.graph.apply(op, [a, b])
    fn.__name__ = op
    fn.__doc__ = OPS[op].doc if OPS[op].category != "binary" else (
        f"Elementwise ``{op}``: {OPS[op].doc}\n\nOperands broadcast as numpy's do and "
        "promote by rlx.ir.dtypes.promote; a Python or numpy number takes the dtype of "
        "the tensor beside it (and must fit it).")
    return fn


neg, abs, sign = _unary("neg"), _unary("abs"), _unary("sign")  # noqa: A001
exp, log, sqrt, rsqrt = _unary("exp"), _unary("log"), _unary("sqrt"), _unary("rsqrt")
reciprocal, sin, cos = _unary("reciprocal"), _unary("sin"), _unary("cos")
tanh, atan, erf, sigmoid = _unary("tanh"), _unary("atan"), _unary("erf"), _unary("sigmoid")
relu, gelu, gelu_tanh = _unary("relu"), _unary("gelu"), _unary("gelu_tanh")
silu, softplus = _unary("silu"), _unary("softplus")
floor, ceil, round = _unary("floor"), _unary("ceil"), _unary("round")  # noqa: A001
logical_not, isnan, isinf = _unary("logical_not"), _unary("isnan"), _unary("isinf")
stop_gradient = _unary("stop_gradient")
real, imag, conj, angle = _unary("real"), _unary("imag"), _unary("conj"), _unary("angle")

add, sub, mul, div = _binary("add"), _binary("sub"), _binary("mul"), _binary("div")
pow, maximum, minimum, mod = (_binary("pow"), _binary("maximum"),  # noqa: A001
                              _binary("minimum"), _binary("mod"))
eq, ne, lt, le, gt, ge = (_binary("eq"), _binary("ne"), _binary("lt"), _binary("le"),
                          _binary("gt"), _binary("ge"))
logical_and, logical_or = _binary("logical_and"), _binary("logical_or")
logical_xor, matmul = _binary("logical_xor"), _binary("matmul")
bitwise_and, bitwise_or = _binary("bitwise_and"), _binary("bitwise_or")
bitwise_xor, bitwise_not = _binary("bitwise_xor"), _unary("bitwise_not")


def bitcast(x: Tensor, dtype: Any) -> Tensor:
    """Each element's bytes read as ``dtype`` (of the same size). Read as bool, a byte
    is true when it is not 0 (as numpy's and PyTorch's views to bool are then used):
    ``x != 0`` of a one-byte integer; the op itself holds bools only as 0 or 1."""
    dt = as_dtype(dtype)
    if dt is DType.BOOL and x.dtype is not DType.BOOL and x.dtype.is_int and \
            x.dtype.itemsize == 1:
        return x != 0
    return x.graph.apply("bitcast", [x], dtype=dt)


def scatter_add(updates: Tensor, indices: Tensor, size: int, axis: int = 0) -> Tensor:
    """The transpose of :func:`gather`: zeros with ``indices``' axes of ``updates``
    replaced by one of length ``size``, each update added at its index."""
    return updates.graph.apply("scatter_add", [updates, indices], axis=axis, size=size)


def scatter_update(data: Tensor, indices: Tensor, updates: Tensor,
                   reduction: str = "none") -> Tensor:
    """A copy of ``data`` whose row ``indices[j]`` becomes ``updates[j]`` (reduction
    "none") or its sum, product, max or min with it, for j in order."""
    return data.graph.apply("scatter_update", [data, indices, updates], reduction=reduction)


def complex(re: Any, im: Any) -> Tensor:  # noqa: A001
    """``re + i im`` from float parts (broadcast; c128 when either is f64, else c64)."""
    return _binary("complex")(re, im)


def where(cond: Tensor, a: Any, b: Any) -> Tensor:
    """``cond ? a : b``, broadcast together. A scalar branch takes the other branch's
    dtype; with two scalar branches the first has the dtype
    :meth:`~rlx.ir.graph.Graph.constant` gives it (a Python int i64, a float f32) and
    the second follows it, so ``where(c, 1, 0)`` is i64 as in numpy. A condition that is
    not a Tensor (a numpy bool array) becomes a constant of the branches' graph."""
    like = _first_tensor("where", [cond, a, b])
    if not isinstance(cond, Tensor):
        cond = like.graph.constant(cond)
    if not isinstance(a, Tensor) and not isinstance(b, Tensor):
        a = cond.graph.constant(a)
    a = lift(a, b) if not isinstance(a, Tensor) else a
    b = lift(b, a)
    return cond.graph.apply("where", [cond, a, b])


def clip(x: Tensor, lo: float | None = None, hi: float | None = None) -> Tensor:
    """``min(max(x, lo), hi)`` with scalar bounds, in ``x``'s dtype: on an integer ``x``
    the exact result is cast back (truncated, saturating), so a fractional bound can let
    a value past it (``clip(0, 0.5, 2.5)`` is 0); cast ``x`` first, or use
    :func:`maximum` / :func:`minimum`, which promote, for numpy's float result."""
    return x.graph.apply("clip", [x], lo=lo, hi=hi)


def cast(x: Tensor, dtype: Any) -> Tensor:
    """Convert to ``dtype`` (rules in OPS['cast'].doc)."""
    return x.cast(dtype)


# ----------------------------------------------------------------------- reductions

def sum(x: Tensor, axis: Any = None, keepdims: bool = False) -> Tensor:  # noqa: A001
    """Sum over ``axis`` (an int, a tuple of ints, or None: every axis), as numpy."""
    return x.sum(axis, keepdims)


def mean(x: Tensor, axis: Any = None, keepdims: bool = False) -> Tensor:
    """Mean over ``axis`` (an int, a tuple, or None: every axis); float tensors only."""
    return x.mean(axis, keepdims)


def max(x: Tensor, axis: Any = None, keepdims: bool = False) -> Tensor:  # noqa: A001
    """Maximum over ``axis`` (an int, a tuple, or None: every axis); nan propagates."""
    return x.max(axis, keepdims)


def min(x: Tensor, axis: Any = None, keepdims: bool = False) -> Tensor:  # noqa: A001
    """Minimum over ``axis`` (an int, a tuple, or None: every axis); nan propagates."""
    return x.min(axis, keepdims)


def prod(x: Tensor, axis: Any = None, keepdims: bool = False) -> Tensor:
    """Product over ``axis`` (an int, a tuple, or None: every axis)."""
    return x.prod(axis, keepdims)


def argmax(x: Tensor, axis: int = -1, keepdims: bool = False) -> Tensor:
    """i64 index of the first maximum along ``axis`` — the last axis by default, where
    numpy's default is the flattened array."""
    return x.argmax(axis, keepdims)


def argmin(x: Tensor, axis: int = -1, keepdims: bool = False) -> Tensor:
    """i64 index of the first minimum along ``axis`` — the last axis by default, where
    numpy's default is the flattened array."""
    return x.argmin(axis, keepdims)


def logsumexp(x: Tensor, axis: Any = -1, keepdims: bool = False) -> Tensor:
    """``log(sum(exp(x)))`` over ``axis`` (an int, a tuple, or None: every axis; the last
    by default), shifted by the maximum so that it does not overflow; all -inf gives
    -inf."""
    return x.graph.apply("logsumexp", [x], axes=axis, keepdims=keepdims)


def cumsum(x: Tensor, axis: int = -1, exclusive: bool = False, reverse: bool = False) -> Tensor:
    """Running sum along ``axis`` (the last by default). ``exclusive`` leaves each
    element out of its own sum (the first is 0); ``reverse`` sums from the end."""
    return x.graph.apply("cumsum", [x], axis=axis, exclusive=exclusive, reverse=reverse)


def softmax(x: Tensor, axis: int = -1) -> Tensor:
    """``exp(x - max) / sum(exp(x - max))`` along ``axis``."""
    return x.softmax(axis)


def log_softmax(x: Tensor, axis: int = -1) -> Tensor:
    """``x - logsumexp(x)`` along ``axis``."""
    return x.log_softmax(axis)


# ----------------------------------------------------------------------- norms

def layer_norm(x: Tensor, gamma: Tensor | None = None, beta: Tensor | None = None,
               eps: float = 1e-5, axis: int = -1) -> Tensor:
    """Normalise over axes ``axis..end``; optional affine ``gamma``, ``beta``."""
    ops = [x] + [t for t in (gamma, beta) if t is not None]
    return x.graph.apply("layer_norm", ops, eps=eps, axis=axis,
                         has_gamma=gamma is not None, has_beta=beta is not None)


def rms_norm(x: Tensor, gamma: Tensor | None = None, eps: float = 1e-6,
             axis: int = -1) -> Tensor:
    """``x / sqrt(mean(x^2) + eps)`` over axes ``axis..end``, times ``gamma`` if given."""
    ops = [x] + ([gamma] if gamma is not None else [])
    return x.graph.apply("rms_norm", ops, eps=eps, axis=axis, has_gamma=gamma is not None)


def batch_norm(x: Tensor, mean: Tensor, var: Tensor, gamma: Tensor | None = None,
               beta: Tensor | None = None, eps: float = 1e-5) -> Tensor:
    """Inference batch norm over channel axis 1; missing gamma/beta are 1/0."""
    c = x.shape[1] if x.ndim > 1 else 0
    g = x.graph
    gamma = gamma if gamma is not None else g.constant([1.0] * c, x.dtype)
    beta = beta if beta is not None else g.constant([0.0] * c, x.dtype)
    return g.apply("batch_norm", [x, mean, var, gamma, beta], eps=eps)


# ----------------------------------------------------------------------- shapes

def reshape(x: Tensor, shape: Sequence[int]) -> Tensor:
    """The same elements in row-major order in ``shape``; one entry may be -1 (inferred)."""
    return x.reshape(shape)


def transpose(x: Tensor, perm: Sequence[int] | None = None) -> Tensor:
    """Axes permuted by ``perm`` (output axis i is input axis ``perm[i]``); reversed when
    None. ``permute`` is the same function."""
    return x.transpose(perm)


permute = transpose


def broadcast_to(x: Tensor, shape: Sequence[int]) -> Tensor:
    """``x`` broadcast to ``shape`` by numpy's rules."""
    return x.broadcast_to(shape)


def squeeze(x: Tensor, axis: Any = None) -> Tensor:
    """Size-1 axes removed: ``axis`` (an int or a tuple; each must have size 1), or all of
    them when None."""
    return x.squeeze(axis)


def unsqueeze(x: Tensor, axis: Any) -> Tensor:
    """Size-1 axes inserted at ``axis`` (an int or a tuple), counted in the output."""
    return x.unsqueeze(axis)


def slice(x: Tensor, starts: Sequence[int | None], stops: Sequence[int | None],  # noqa: A001
          steps: Sequence[int] | None = None, axes: Sequence[int] | None = None) -> Tensor:
    """Slice ``axes`` (default: the first len(starts) axes) with Python semantics."""
    rank = x.ndim
    axes = distinct_axes("slice", [x.node.type],
                         range(len(starts)) if axes is None else plain_scalars(axes), rank)
    steps = [1] * len(starts) if steps is None else list(steps)
    if not len(starts) == len(stops) == len(steps) == len(axes):
        raise GraphBuildError("slice: starts, stops, steps and axes need equal lengths")
    s, e, st = [None] * rank, [None] * rank, [1] * rank
    for a, b0, e0, st0 in zip(axes, starts, stops, steps):
        s[a], e[a], st[a] = b0, e0, st0
    return x.graph.apply("slice", [x], starts=tuple(s), stops=tuple(e), steps=tuple(st))


def concat(tensors: Sequence[Tensor], axis: int = 0) -> Tensor:
    """``tensors`` joined along ``axis``; the other axes must agree."""
    tensors = list(tensors)
    if not tensors:
        raise GraphBuildError("concat: needs at least one tensor")
    like = _first_tensor("concat", tensors)
    return like.graph.apply("concat", [lift(t, like) for t in tensors], axis=axis)


def split(x: Tensor, sections: int | Sequence[int], axis: int = 0) -> list[Tensor]:
    """Split along ``axis`` into ``sections`` equal parts, or parts of the given sizes."""
    ax = norm_axis("split", [x.node.type], axis, x.ndim)
    dim = x.shape[ax]
    count = exact_int(sections)
    if count is not None:
        if count <= 0 or dim % count:
            raise GraphBuildError(f"split: axis of size {dim} does not divide into "
                                  f"{count} equal parts")
        sizes = [dim // count] * count
    else:
        sizes = list(int_tuple("split", [x.node.type], sections, "sections"))
        if builtins.sum(sizes) != dim or any(s < 0 for s in sizes):
            raise GraphBuildError(f"split: sizes {sizes} do not add up to {dim}")
    out, at = [], 0
    for size in sizes:
        out.append(slice(x, [at], [at + size], [1], [ax]))
        at += size
    return out


def pad(x: Tensor, pads: Sequence[tuple[int, int]], mode: str = "constant",
        value: float = 0.0) -> Tensor:
    """Pad each axis by ``(before, after)`` (one int n: (n, n) on every axis, as numpy's
    pad); mode constant, reflect or edge."""
    return x.graph.apply("pad", [x], pads=pads, mode=mode, value=value)


def gather(x: Tensor, indices: Tensor, axis: int = 0) -> Tensor:
    """numpy ``take(x, indices, axis)``."""
    return x.graph.apply("gather", [x, indices], axis=axis)


def embedding(table: Tensor, ids: Tensor) -> Tensor:
    """Rows of ``table`` [V, D] at integer ``ids``: gather on axis 0."""
    return gather(table, ids, axis=0)


def tile(x: Tensor, reps: Sequence[int]) -> Tensor:
    """numpy ``tile`` with one repeat count per axis of ``x``."""
    return x.graph.apply("tile", [x], reps=reps)


def flip(x: Tensor, axis: Any = None) -> Tensor:
    """``x`` reversed along ``axis`` (an int or a tuple), or along every axis when None."""
    return x.graph.apply("flip", [x], axes=axis)


def one_hot(indices: Tensor, depth: int, dtype: Any = "f32") -> Tensor:
    """A new last axis of size ``depth``: 1 at each integer index, else 0, in ``dtype``.
    An index outside [0, depth) gives a row of zeros."""
    return indices.graph.apply("one_hot", [indices], depth=depth, dtype=as_dtype(dtype))


def arange(graph: Graph, start: float, stop: float | None = None, step: float = 1,
           dtype: Any = "i64") -> Tensor:
    """``numpy.arange`` as a graph node; one-argument form is ``arange(g, stop)``."""
    if stop is None:
        start, stop = 0, start
    return Tensor(graph, graph.add("arange", (), start=start, stop=stop, step=step,
                                   dtype=as_dtype(dtype)))


def constant(graph: Graph, value: Any, dtype: Any = None) -> Tensor:
    """:meth:`Graph.constant <rlx.ir.graph.Graph.constant>`: ``value`` baked into
    ``graph`` (a Python int is i64 and a float f32 unless ``dtype`` is given; numpy values
    keep theirs)."""
    return graph.constant(value, dtype)


# ----------------------------------------------------------------------- nn

def conv2d(x: Tensor, w: Tensor, b: Tensor | None = None, stride: Any = 1, padding: Any = 0,
           dilation: Any = 1, groups: int = 1) -> Tensor:
    """2-D cross-correlation, NCHW, weight [C_out, C_in/groups, kH, kW]."""
    return _conv(x, w, b, stride, padding, dilation, groups, 4)


def conv1d(x: Tensor, w: Tensor, b: Tensor | None = None, stride: Any = 1, padding: Any = 0,
           dilation: Any = 1, groups: int = 1) -> Tensor:
    """1-D cross-correlation, NCL, weight [C_out, C_in/groups, k]."""
    return _conv(x, w, b, stride, padding, dilation, groups, 3)


def _conv(x, w, b, stride, padding, dilation, groups, rank) -> Tensor:
    if x.ndim != rank:
        raise GraphBuildError(f"conv{rank - 2}d: x must have rank {rank}, got shape {x.shape}")
    ops = [x, w] + ([b] if b is not None else [])
    return x.graph.apply("conv", ops, stride=stride, padding=padding, dilation=dilation,
                         groups=groups)


def max_pool2d(x: Tensor, kernel: Any, stride: Any = None, padding: Any = 0) -> Tensor:
    """Maximum over ``kernel`` windows of each [H, W] plane of NCHW ``x``; ``stride``
    defaults to the kernel, and ``padding`` (an int, a pair, or per-axis (before, after)
    pairs) counts as -inf."""
    return x.graph.apply("max_pool2d", [x], kernel=kernel, stride=stride, padding=padding)


def max_pool2d_indices(x: Tensor, kernel: Any, stride: Any = None, padding: Any = 0) -> Tensor:
    """Where in each [H, W] plane :func:`max_pool2d` takes each window's value from:
    the flat index h * W + w (PyTorch's ``return_indices``)."""
    return x.graph.apply("max_pool2d_indices", [x], kernel=kernel, stride=stride,
                         padding=padding)


def avg_pool2d(x: Tensor, kernel: Any, stride: Any = None, padding: Any = 0,
               count_include_pad: bool = True) -> Tensor:
    """Mean over ``kernel`` windows of each [H, W] plane of NCHW ``x``; ``stride``
    defaults to the kernel. Padded positions count in the divisor when
    ``count_include_pad`` (PyTorch's default), else only the window's real elements."""
    return x.graph.apply("avg_pool2d", [x], kernel=kernel, stride=stride, padding=padding,
                         count_include_pad=count_include_pad)


def attention(q: Tensor, k: Tensor, v: Tensor, mask: Any = None, scale: float | None = None,
              window: int | None = None) -> Tensor:
    """Scaled dot-product attention on [B, H, S, D] (grouped-query when H > Hkv).

    ``mask``: None, ``"causal"``, a bool Tensor (True = keep) or a float Tensor added to
    the scores. ``window`` adds sliding-window masking (implies causal).
    """
    causal = isinstance(mask, str)
    if causal and mask != "causal":
        raise GraphBuildError(f"attention: unknown mask {mask!r}; use 'causal' or a Tensor")
    ops = [q, k, v]
    kind = "none"
    if isinstance(mask, Tensor):
        ops.append(mask)
        kind = "bool" if mask.dtype.is_bool else "additive"
    elif mask is not None and not causal:
        raise GraphBuildError("attention: mask must be None, 'causal' or a Tensor")
    if window is not None:
        causal = True
    return q.graph.apply("attention", ops, scale=scale, causal=causal, window=window,
                         mask_kind=kind)


def cached_attention(q: Tensor, k: Tensor, v: Tensor, k_cache: Tensor, v_cache: Tensor,
                     past_len: Tensor, scale: float | None = None, window: int | None = None,
                     softcap: float | None = None, block_table: Tensor | None = None
                     ) -> Tensor:
    """Attention of the new rows ``q`` / ``k`` / ``v`` [B, H(kv), S, D] over the first
    ``past_len[b]`` rows of each sequence's cache [B, Hkv, C, D] (read in place) and the
    new rows causally: the decode step of a KV-cached decoder (grouped-query when
    H > Hkv). ``window`` keeps keys less than that many positions back; ``softcap`` caps
    the scaled scores at c * tanh(s / c). ``k``, ``v`` and the caches share ``q``'s
    dtype, or are f16 / bf16 under an f32 ``q``: a cache of half the bytes, whose values
    are read into f32 (the result is f32).

    With ``block_table`` (integers [B, max_pages]) the caches are paged: ``k_cache`` /
    ``v_cache`` are pools [P, Hkv, page, D] / [P, Hkv, page, Dv] shared by every sequence,
    and position j of sequence b is row ``j % page`` of pool page
    ``block_table[b, j // page]`` (capacity ``max_pages * page``). Sequences may share
    pages; the entries past a sequence's length are never read and may hold anything,
    while a page id that is read outside [0, P) fails the run (ExecutionError)."""
    operands = [q, k, v, k_cache, v_cache, past_len]
    if block_table is not None:
        operands.append(block_table)
    return q.graph.apply("cached_attention", operands, scale=scale, window=window,
                         softcap=softcap)


def rope(x: Tensor, cos: Tensor, sin: Tensor, interleaved: bool = False) -> Tensor:
    """Rotary embedding with tables ``cos``/``sin`` of shape [..., S, R/2]."""
    return x.graph.apply("rope", [x, cos, sin], interleaved=interleaved)


def topk(x: Tensor, k: int, axis: int = -1, largest: bool = True) -> tuple[Tensor, Tensor]:
    """(values, indices) of the k largest (smallest) entries along ``axis``."""
    vals = x.graph.apply("topk", [x], k=k, axis=axis, largest=largest, result="values")
    idx = x.graph.apply("topk", [x], k=k, axis=axis, largest=largest, result="indices")
    return vals, idx


def softmax_cross_entropy(logits: Tensor, labels: Tensor, reduction: str = "mean") -> Tensor:
    """Cross-entropy of ``logits`` [N, C] against integer ``labels`` [N]."""
    return logits.graph.apply("softmax_cross_entropy", [logits, labels], reduction=reduction)


def round_to_format(x: Tensor, fmt: FloatFormat, scaling: FormatScaling | None = None,
                    ste: bool = False) -> Tensor:
    """``x`` rounded to ``fmt`` (scaled per ``scaling``); same bits on every backend."""
    check_format(fmt, scaling, "round_to_format")
    scaling = scaling or FormatScaling()
    return x.graph.apply("round_to_format", [x], **format_attrs(fmt), scaling=scaling.kind,
                         block=scaling.block, ste=ste)


def fake_quantize(x: Tensor, fmt: FloatFormat, scaling: FormatScaling | None = None) -> Tensor:
    """round_to_format whose gradient is the identity (straight-through estimator)."""
    return round_to_format(x, fmt, scaling, ste=True)


def random_uniform(graph: Graph, shape: Sequence[int], low: float = 0.0, high: float = 1.0,
                   dtype: Any = "f32") -> Tensor:
    """Uniform values in [low, high), fresh per node, seeded by the run's RNG options."""
    return Tensor(graph, graph.add("random_uniform", (), shape=shape,
                                   dtype=dtype, low=_random_number("low", low),
                                   high=_random_number("high", high)))


def random_normal(graph: Graph, shape: Sequence[int], mean: float = 0.0, std: float = 1.0,
                  dtype: Any = "f32") -> Tensor:
    """Normal values, fresh per node, seeded by the run's RNG options."""
    return Tensor(graph, graph.add("random_normal", (), shape=shape,
                                   dtype=dtype, mean=_random_number("mean", mean),
                                   std=_random_number("std", std)))


def _random_number(what: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise GraphBuildError(f"random op: {what} must be a number, got {value!r}")
    return float(value)


__all__ = [name for name in dir() if not name.startswith("_") and name not in (
    "annotations", "Sequence", "Iterable", "numbers", "Any", "GraphBuildError", "as_dtype",
    "ConstValue", "Graph",
    "Tensor", "lift", "builtins", "FloatFormat", "FormatScaling", "format_attrs", "exact_int",
    "plain_scalars", "distinct_axes", "int_tuple", "norm_axis")]
