"""C renderers for the ops gradients are built from: scatter_add, scatter_update,
max_pool2d_indices.

Semantics are the reference kernels' (rlx.backends.numpy_kernels.grad and
.onnx_ops): float scatter_add accumulates in double and rounds once; every index is
checked before anything is written. scatter_update applies its updates one after
another in index order, in the compute type (f16/bf16 in f32, rounded once at the
end); integer add / mul wrap like numpy's. max_pool2d_indices compares values as
stored (f16/bf16 widened), never picks a padded tap, takes the first maximum in
row-major window order, and a nan wins.
"""

from __future__ import annotations

import math

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.index import error, format_literal
from rlx.backends.cpu.kernels.nn import (
    interior_and_border,
    padded_pool_loops,
    pool_block,
    unpadded_pool_loops,
)
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node
from rlx.ir.printer import format_node


def render_scatter_add(ctx: RenderContext, node: Node) -> str:
    updates, indices = node.inputs
    out = ctx.node_id(node)
    axis, size = node.attr("axis"), node.attr("size")
    ushape, ishape = ctx.shape(updates), ctx.shape(indices)
    before = math.prod(ushape[:axis])
    nidx = math.prod(ishape)
    after = math.prod(ushape[axis + len(ishape):])
    total = before * size * after
    dt = node.dtype
    acc_t = "double" if dt.is_float else cstyle.cty(dt)
    it = cstyle.ctype(ctx.dtype(indices))
    ut = cstyle.ctype(ctx.dtype(updates))
    w = CWriter(indent=1)
    w.line(f"const {it} *restrict idx = {ctx.ptr(indices, True)};")
    w.line(f"const {ut} *restrict upd = {ctx.ptr(updates, True)};")
    w.line(f"{cstyle.ctype(dt)} *restrict dst = {ctx.ptr(out)};")
    _index_check(w, f"{format_node(out, node)}: scatter_add:", "idx", nidx, size,
                 "an axis of size")
    w.line(ctx.scratch("acc", DType.F64 if dt.is_float else dt, total))
    w.line(f"memset(acc, 0, sizeof(acc[0]) * {total});")
    w.line(f"for (int64_t b = 0; b < {before}; b++)")
    with w.indented(), w.block(f"for (int64_t i = 0; i < {nidx}; i++)"):
        w.line(f"int64_t k = (int64_t)idx[i]; if (k < 0) k += {size};")
        w.line(f"{acc_t} *restrict row = acc + (b * {size} + k) * {after};")
        w.line(f"const {ut} *restrict from = upd + (b * {nidx} + i) * {after};")
        w.line("#pragma omp simd")
        w.line(f"for (int64_t j = 0; j < {after}; j++) row[j] += ({acc_t})"
               f"{cstyle.load(ctx.dtype(updates), 'from[j]')};")
    w.line("#pragma omp simd")
    w.line(f"for (int64_t i = 0; i < {total}; i++) dst[i] = "
           f"{cstyle.store(dt, _narrow(dt, 'acc[i]'))};")
    return w.text()


def _index_check(w: CWriter, where: str, idx: str, count: int, size: int, what: str) -> None:
    """Return an error for the first of ``count`` indices outside [-size, size); the
    message starts with ``where`` (the node as the reference device prints it, and
    the op)."""
    with w.block(f"for (int64_t i = 0; i < {count}; i++)"):
        w.line(f"const int64_t k = (int64_t){idx}[i];")
        with w.block(f"if (k < -{size} || k >= {size})"):
            error(w, f"{format_literal(where)} index %lld is out of range for {what} {size} "
                     f"(valid: {-size}..{size - 1})", "(long long)k")


def render_scatter_update(ctx: RenderContext, node: Node) -> str:
    data, indices, updates = node.inputs
    out = ctx.node_id(node)
    dt = node.dtype
    rows = ctx.shape(data)[0]
    nidx = ctx.shape(indices)[0]
    width = math.prod(ctx.shape(data)[1:])
    total = rows * width
    st, ct = cstyle.ctype(dt), cstyle.cty(dt)
    narrow = st != ct and dt.is_float
    w = CWriter(indent=1)
    w.line(f"const {cstyle.ctype(ctx.dtype(indices))} *restrict idx = "
           f"{ctx.ptr(indices, True)};")
    w.line(f"const {st} *upd = {ctx.ptr(updates, True)};")
    w.line(f"const {st} *src = {ctx.ptr(data, True)};")
    w.line(f"{st} *dst = {ctx.ptr(out)};")
    _index_check(w, f"{format_node(out, node)}: scatter_update:", "idx", nidx, rows,
                 "a table of")
    if narrow:
        # rows are combined in f32 and rounded once, like the reference
        w.line(ctx.scratch("work", DType.F32, total))
        w.line("#pragma omp simd")
        w.line(f"for (int64_t i = 0; i < {total}; i++) work[i] = {cstyle.load(dt, 'src[i]')};")
        target = "work"
    else:
        w.line(f"if (dst != src) memmove(dst, src, sizeof(dst[0]) * {total});")
        target = "dst"
    value = _SCATTER_COMBINE[node.attr("reduction")](dt, "row[j]", cstyle.load(dt, "from[j]"))
    with w.block(f"for (int64_t i = 0; i < {nidx}; i++)"):
        w.line(f"int64_t k = (int64_t)idx[i]; if (k < 0) k += {rows};")
        w.line(f"{ct} *restrict row = {target} + k * {width};")
        w.line(f"const {st} *restrict from = upd + i * {width};")
        w.line("#pragma omp simd")
        w.line(f"for (int64_t j = 0; j < {width}; j++) row[j] = {value};")
    if narrow:
        w.line("#pragma omp simd")
        w.line(f"for (int64_t i = 0; i < {total}; i++) dst[i] = {cstyle.store(dt, 'work[i]')};")
    return w.text()


def _wrapping(dt: DType, op: str, a: str, b: str) -> str:
    """``a op b`` for integers: wraps modulo 2**bits like numpy (no signed overflow in C)."""
    if dt.is_float:
        return f"({a} {op} {b})"
    return f"({cstyle.cty(dt)})((uint64_t)({a}) {op} (uint64_t)({b}))"


def _nan_propagating(pick: str):
    def combine(dt: DType, a: str, b: str) -> str:
        chosen = f"(({a}) {pick} ({b}) ? ({a}) : ({b}))"
        if not dt.is_float:
            return chosen
        return f"(({a}) != ({a}) || ({b}) != ({b}) ? ({a}) + ({b}) : {chosen})"
    return combine


_SCATTER_COMBINE = {
    "none": lambda dt, a, b: b,
    "add": lambda dt, a, b: _wrapping(dt, "+", a, b),
    "mul": lambda dt, a, b: _wrapping(dt, "*", a, b),
    "max": _nan_propagating(">"),
    "min": _nan_propagating("<"),
}


def _narrow(dt, value: str) -> str:
    """The double accumulator as dt's compute type, rounded once."""
    if not dt.is_float:
        return value
    return cstyle.convert(value, DType.F64, dt)


def render_max_pool2d_indices(ctx: RenderContext, node: Node) -> str:
    x = node.inputs[0]
    out = ctx.node_id(node)
    if not any(p for pair in node.attr("padding") for p in pair):
        return _render_max_pool2d_indices_unpadded(ctx, node, x, out)
    if interior_and_border(ctx, node, x) is not None:
        return _render_max_pool2d_indices_padded(ctx, node, x, out)
    n, c, h, w = ctx.shape(x)
    oh, ow = node.shape[2:]
    (kh, kw), (sh, sw) = node.attr("kernel"), node.attr("stride")
    (pt, _), (pl, _) = node.attr("padding")
    dt = ctx.dtype(x)
    ct = cstyle.cty(dt)
    val = cstyle.load(dt, f"{ctx.ptr(x, True)}[plane + (int64_t)r * {w} + q]")
    wr = CWriter()
    wr.pragma(ctx.parallel_for(n * c * oh * ow * kh * kw, n * c))   # at column 0
    with wr.indented(), wr.block(f"for (int64_t p = 0; p < {n * c}; p++)"):
        wr.line(f"const int64_t plane = p * {h * w};")
        wr.line(f"for (int64_t i = 0; i < {oh}; i++)")
        with wr.block(f"for (int64_t j = 0; j < {ow}; j++)"):
            wr.line(f"int64_t best = -1; {ct} bv = 0;")
            with wr.block(f"for (int64_t a = 0; a < {kh}; a++)"):
                wr.line(f"const int64_t r = i * {sh} - {pt} + a;")
                wr.line(f"if (r < 0 || r >= {h}) continue;")
                with wr.block(f"for (int64_t b = 0; b < {kw}; b++)"):
                    wr.line(f"const int64_t q = j * {sw} - {pl} + b;")
                    wr.line(f"if (q < 0 || q >= {w}) continue;")
                    wr.line(f"const {ct} v = {val};")
                    wr.line("if (best >= 0 && bv != bv) continue;")
                    wr.line(f"if (best < 0 || v != v || v > bv) {{ best = r * {w} + q; bv = v; }}")
            wr.line(f"{ctx.ptr(out)}[(p * {oh} + i) * {ow} + j] = best;")
    return wr.text()


OP_RENDERERS = {"scatter_add": render_scatter_add,
                "scatter_update": render_scatter_update,
                "max_pool2d_indices": render_max_pool2d_indices}
SUPPORTED = frozenset(OP_RENDERERS)


_FIRST_TAP = ["best[o] = v;", "dst[at + o] = pos;"]
_FURTHER_TAP = ["const int take = (best[o] == best[o]) & ((v != v) | (v > best[o]));",
                "best[o] = take ? v : best[o];",
                "dst[at + o] = take ? pos : dst[at + o];"]


def _render_max_pool2d_indices_unpadded(ctx: RenderContext, node: Node, x: int,
                                        out: int) -> str:
    """Without padding every window lies inside x: a block of positions takes the first
    tap as its best, then each further tap replaces the best, branch-free (vectorised),
    when the best so far is not nan and the tap is nan or larger."""
    w = CWriter(indent=1)
    w.line(f"int64_t *dst = {ctx.ptr(out)};")
    unpadded_pool_loops(
        w, ctx, node, x, declare=[f"{cstyle.cty(ctx.dtype(x))} best[{pool_block(node)}];"],
        first=_FIRST_TAP, further=_FURTHER_TAP)
    return w.text()


def _render_max_pool2d_indices_padded(ctx: RenderContext, node: Node, x: int,
                                      out: int) -> str:
    """With padding: the same rule, vectorised over the output rows whose windows lie
    inside x, tap by tap (padding taps skipped) at the borders."""
    w = CWriter(indent=1)
    w.line(f"int64_t *dst = {ctx.ptr(out)};")
    padded_pool_loops(
        w, ctx, node, x, declare=[f"{cstyle.cty(ctx.dtype(x))} best[{node.shape[3]}];"],
        first=_FIRST_TAP, further=_FURTHER_TAP)
    return w.text()
RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=SUPPORTED)
