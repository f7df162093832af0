"""Mixture-of-experts layers on rlx tensors: routing, the grouped matmul, combining.

A mixture layer sends each token to the ``k`` experts its router scores highest and
sums their outputs weighted by the router:

* :func:`route` — the gate (``softmax`` over the experts, or ``sigmoid`` scores with an
  optional selection bias, as DeepSeek-V3 routes), top-k, and renormalisation of the
  selected weights to sum 1 (``renormalize``; Mixtral's softmax over the top-k logits
  is the softmax gate renormalised);
* :func:`grouped_matmul` — the product of each token with the weights of its selected
  experts only (the op ``grouped_matmul``, :mod:`rlx.ir.moe_ops`): f32 expert weights
  ``[E, n, d]`` or a GGUF file's blocks ``[E, n * row_bytes]``;
* :func:`combine` — ``sum_j weights[t, j] * y[t, j]``;
* :func:`moe_mlp` — a whole SwiGLU / GeGLU mixture (Qwen3-MoE, Mixtral), with an optional
  always-on shared expert.

Routing and combining are ordinary ops, so grad, jvp and vmap go through a mixture; the
router's top-k indices carry no derivative (the weights do).
"""

from __future__ import annotations

from collections.abc import Callable

from rlx.errors import GraphBuildError
from rlx.ir import api
from rlx.ir.dtypes import exact_int
from rlx.ir.graph import Tensor
from rlx.ir.quantized import PackedLayout

__all__ = ["route", "grouped_matmul", "combine", "moe_mlp", "GATES"]

GATES = ("softmax", "sigmoid")


def route(logits: Tensor, k: int, gate: str = "softmax", renormalize: bool = True,
          bias: Tensor | None = None) -> tuple[Tensor, Tensor]:
    """(weights [T, k] f32, expert ids [T, k] i64) of router ``logits`` [T, E].

    ``gate="softmax"``: probabilities softmax(logits), the k largest; ``"sigmoid"``:
    scores sigmoid(logits), the k largest of ``scores + bias`` (bias [E], selection
    only; the weights are the unbiased scores). ``renormalize`` divides the selected
    weights by their sum. Ties go to the lower expert id."""
    if gate not in GATES:
        raise GraphBuildError(f"route: gate must be one of {GATES}, got {gate!r}")
    if logits.ndim != 2:
        raise GraphBuildError(f"route: logits must be [T, E], got shape {logits.shape}")
    experts = logits.shape[1]
    picks = exact_int(k)
    if picks is None or not 1 <= picks <= experts:
        raise GraphBuildError(f"route: k must be an int in [1, {experts}], got {k!r}")
    k = picks
    if bias is not None and gate != "sigmoid":
        raise GraphBuildError("route: a selection bias goes with the sigmoid gate")
    scores = api.softmax(logits, -1) if gate == "softmax" else api.sigmoid(logits)
    if bias is None:
        weights, idx = api.topk(scores, k)
    else:
        _, idx = api.topk(scores + bias, k)
        weights = take_along_last(scores, idx)
    if renormalize:
        weights = weights / weights.sum(-1, keepdims=True)
    return weights, idx


def take_along_last(x: Tensor, idx: Tensor) -> Tensor:
    """``x[t, idx[t, j]]`` for x [T, E] and idx [T, k]."""
    t, e = x.shape
    rows = api.arange(x.graph, 0, t, 1, dtype=idx.dtype).reshape((t, 1)) * e
    return api.gather(x.reshape((t * e,)), rows + idx, axis=0)


def grouped_matmul(x: Tensor, idx: Tensor, w: Tensor, scheme: str = "f32",
                   n: int | None = None, k: int | None = None,
                   transpose: bool = False, x_int8: bool = False) -> Tensor:
    """y [T, K, n] with y[t, j] = W[idx[t, j]] @ x[t] (x [T, d]) or @ x[t, j]
    (x [T, K, d]); see :mod:`rlx.ir.moe_ops` for the weight layouts. ``x_int8`` (GGML
    experts only): x rounded to int8 and multiplied in integers, as GGML does."""
    return x.graph.apply("grouped_matmul", [x, idx, w], scheme=scheme, n=n, k=k,
                         transpose=transpose, x_int8=x_int8)


def combine(y: Tensor, weights: Tensor) -> Tensor:
    """sum_j weights[t, j] * y[t, j] -> [T, n] for y [T, K, n] and weights [T, K]."""
    return (y * weights.reshape(weights.shape + (1,))).sum(1)


_ACTIVATIONS: dict[str, Callable[[Tensor], Tensor]] = {
    "silu": api.silu, "gelu_tanh": api.gelu_tanh, "gelu": api.gelu}


def moe_mlp(x: Tensor, router: Tensor, gate_w: Tensor, up_w: Tensor, down_w: Tensor,
            k: int, activation: str = "silu", gate: str = "softmax",
            renormalize: bool = True, scheme: str | dict[str, str] = "f32",
            shared: Callable[[Tensor], Tensor] | None = None,
            x_int8: bool = False) -> Tensor:
    """A gated-MLP mixture of x [T, d]: route with ``router`` [E, d] (x @ router.T are the
    logits), then per selected expert ``down(act(gate(x)) * up(x))`` and the weighted sum,
    plus ``shared(x)`` when given. Expert weights: gate / up [E, f, d], down [E, d, f]
    (f32), or GGML blocks with ``scheme`` (one format, or a dict "gate"/"up"/"down" ->
    format); ``x_int8``: the products with GGML experts round their input to int8
    (:func:`grouped_matmul`)."""
    if activation not in _ACTIVATIONS:
        raise GraphBuildError(f"moe_mlp: activation must be one of {sorted(_ACTIVATIONS)}, "
                              f"got {activation!r}")
    if isinstance(scheme, dict):
        parts = ("gate", "up", "down")
        if set(scheme) != set(parts):
            raise GraphBuildError(f"moe_mlp: scheme as a dict names a format for each of "
                                  f"{list(parts)}, got keys {sorted(map(str, scheme))}")
        schemes = dict(scheme)
    else:
        schemes = dict.fromkeys(("gate", "up", "down"), scheme)
    experts = {which: w.shape[0] if w.shape else None
               for which, w in (("router", router), ("gate", gate_w), ("up", up_w),
                                ("down", down_w))}
    if len(set(experts.values())) != 1:
        raise GraphBuildError(f"moe_mlp: the router and the expert weights must hold the "
                              f"same number of experts (their first axis), got {experts}")
    logits = x @ router.transpose()
    weights, idx = route(logits, k, gate=gate, renormalize=renormalize)
    d = x.shape[-1]

    def project(inp: Tensor, w: Tensor, which: str, width_in: int) -> Tensor:
        fmt = schemes[which]
        if fmt == "f32":
            return grouped_matmul(inp, idx, w)
        rows = w.shape[1]
        n = _rows_of(fmt, rows, width_in)
        return grouped_matmul(inp, idx, w, scheme=fmt, n=n, k=width_in, x_int8=x_int8)

    hidden = _ffn_width(gate_w, schemes["gate"], d)
    g = project(x, gate_w, "gate", d)
    u = project(x, up_w, "up", d)
    h = _ACTIVATIONS[activation](g) * u
    y = combine(project(h, down_w, "down", hidden), weights)
    return y if shared is None else y + shared(x)


def _rows_of(fmt: str, row_bytes_total: int, width_in: int) -> int:
    """The per-expert output rows of a GGML expert operand [E, n * row_bytes]."""
    per_row = PackedLayout.of(fmt, 1, width_in).row_bytes
    if row_bytes_total % per_row:
        raise GraphBuildError(f"moe_mlp: a {fmt} expert operand of {row_bytes_total} bytes per "
                              f"expert is not whole rows of {width_in} inputs")
    return row_bytes_total // per_row


def _ffn_width(gate_w: Tensor, fmt: str, d: int) -> int:
    return gate_w.shape[1] if fmt == "f32" else _rows_of(fmt, gate_w.shape[1], d)
