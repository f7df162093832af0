"""Mixture-of-experts ops (category ``moe``): the grouped matmul over routed experts.

Kept apart from :mod:`rlx.ir.ops`; importing this module defines the kinds in the op
contract (:func:`rlx.ir.opdef.define`). Routing (gate, top-k, renormalisation) and
combining are built from ordinary ops by :mod:`rlx.moe`; the one op a mixture needs of
its own is the product with the *selected* experts' weights, which reads only those
weights:

``grouped_matmul(x, idx, w)`` with ``idx`` integer ``[T, K]`` (expert ids, one row per
token, from a router's top-k) gives ``y [T, K, n]``, ``y[t, j] = W[idx[t, j]] @ x_tj``
where ``x_tj`` is ``x[t]`` for ``x [T, d]`` (the same token input for every selected
expert: gate and up projections) or ``x[t, j]`` for ``x [T, K, d]`` (each selection's
own input: the down projection). The expert weights are

* f32 ``w [E, n, d]`` (``scheme="f32"``; out x in features per expert, the layout of
  linear layers); with ``transpose=True`` the product is ``W[idx]^T @ x_tj``
  (``x [..., n] -> y [T, K, d]``, the input gradient);
* or the blocks of a GGML format, one operand ``q`` u8 ``[E, n * row_bytes]``: each
  expert's ``[n, k]`` weight as a GGUF file stores it (``scheme`` a GGML format of
  :mod:`rlx.ir.quantized`, ``n`` and ``k`` the per-expert shape). Values are GGML's,
  as ``dequant_matmul``'s. With ``x_int8=True`` the inputs are first rounded to int8
  per group of 32 (256 for the k-quants) and multiplied in integers, exactly as
  ``dequant_matmul``'s ``x_int8`` (GGML's own CPU arithmetic).

Products accumulate in f32 (reference: f64). An expert id outside ``[0, E)`` raises
ExecutionError at run time. ``T`` may be symbolic (a prompt's length): the op is
row-wise in ``T``.
"""

from __future__ import annotations

from typing import Any

from rlx.errors import DTypeError, GraphBuildError, ShapeError
from rlx.ir.dtypes import DType
from rlx.ir.opdef import define
from rlx.ir.quantized import GGML_SCHEMES, PackedLayout
from rlx.ir.types import TensorType, same_dim

Attrs = dict[str, Any]


def _fmt(ins: list[TensorType]) -> str:
    return "(" + ", ".join(str(t) for t in ins) + ")"


def expert_layout(scheme: str, n: int, k: int) -> PackedLayout:
    """The per-expert layout of a GGML-format grouped_matmul weight."""
    return PackedLayout.of(scheme, n, k)


def _infer_grouped_matmul(op: str, ins: list[TensorType], a: Attrs
                          ) -> tuple[TensorType, Attrs]:
    x, idx, w = ins

    def fail(rule: str) -> GraphBuildError:
        return ShapeError(f"{op}{_fmt(ins)}: {rule}")

    if not idx.dtype.is_int or idx.rank != 2:
        raise DTypeError(f"{op}{_fmt(ins)}: idx must be integer expert ids [T, K]")
    if x.dtype is not DType.F32:
        raise DTypeError(f"{op}{_fmt(ins)}: x must be f32")
    if w.symbolic:
        raise fail("the expert weights take fixed shapes")
    scheme, transpose = a["scheme"], bool(a["transpose"])
    if a["x_int8"] and scheme == "f32":
        raise GraphBuildError(f"{op}{_fmt(ins)}: x_int8 rounds x for the integer products "
                              "of GGML blocks; f32 experts have none")
    if scheme == "f32":
        if w.dtype is not DType.F32 or w.rank != 3:
            raise DTypeError(f"{op}{_fmt(ins)}: scheme f32 takes expert weights f32 "
                             "[E, n, d]")
        _, n, d = w.shape
        width_in, width_out = (n, d) if transpose else (d, n)
    else:
        if scheme not in GGML_SCHEMES:
            raise GraphBuildError(f"{op}{_fmt(ins)}: scheme must be 'f32' or a GGML format "
                                  f"({', '.join(sorted(GGML_SCHEMES))}), got {scheme!r}")
        if transpose:
            raise GraphBuildError(f"{op}{_fmt(ins)}: transpose takes f32 weights only")
        layout = expert_layout(scheme, a["n"], a["k"])
        if w.dtype is not DType.U8 or w.rank != 2 or w.shape[1] != layout.n * layout.row_bytes:
            raise DTypeError(f"{op}{_fmt(ins)}: {scheme} experts of [{layout.n}, {layout.k}] "
                             f"take u8 [E, {layout.n * layout.row_bytes}]")
        n, d = layout.n, layout.k
        width_in, width_out = d, n
    t, k = idx.shape
    per_selection = x.rank == 3 and same_dim(x.shape[1], k)
    if not (x.rank == 2 or per_selection) or not same_dim(x.shape[0], t) \
            or x.shape[-1] != width_in:
        raise fail(f"x must be [T, {width_in}] or [T, K, {width_in}] for idx [T, K]")
    return (TensorType((t, k, width_out), DType.F32),
            {"scheme": scheme, "n": n, "k": d, "transpose": transpose,
             "x_int8": bool(a["x_int8"])})


MOE_DOCS = {
    "grouped_matmul": "The product of each token's input with the weights of the experts "
                      "routed to it: x [T, d] or [T, K, d], idx [T, K] (expert ids), "
                      "w [E, n, d] f32 or GGML blocks u8 [E, n * row_bytes] -> y [T, K, n], "
                      "y[t, j] = W[idx[t, j]] @ x[t (, j)]; reads only the selected "
                      "experts' weights (rlx.ir.moe_ops). An id outside [0, E) raises "
                      "ExecutionError at run time.",
}

define("grouped_matmul", "moe", (3, 3), _infer_grouped_matmul, MOE_DOCS,
       attrs="scheme:str=f32 n:int=None k:int=None transpose:bool=False x_int8:bool=False",
       traits="positionwise")

MOE_OPS = frozenset(MOE_DOCS)
"""The op kinds this module defines."""

