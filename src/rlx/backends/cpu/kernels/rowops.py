"""The cpu backend's single row ops: argmax / argmin, cumsum, batch_norm, topk and
softmax_cross_entropy, each a one-node ``op`` kernel.

argmax / argmin and cumsum walk their operand with a
:class:`~rlx.backends.cpu.kernels.rowwise.Walk` like the row-wise kernels (rows split
statically over threads, each scanned in a fixed order); batch_norm, topk and
softmax_cross_entropy write their loops directly.

Precision. cumsum accumulates floats in double and integers in 64-bit unsigned
arithmetic (truncated to the dtype, which equals wrapping in it); argmax / argmin and
topk compare values exactly; batch_norm computes each channel's scale in double and the
per-element work in the compute type (float for f16/bf16/f32, double for f64);
cross-entropy sums its exps in double.

Threads. topk with up to ``TOPK_SELECT_MAX`` results per row and the other ops split
rows statically over threads; a topk that sorts whole rows, and the mean / sum forms of
cross-entropy, run on one thread (the latter so the batch total keeps one summation
order).

Data errors (a cross-entropy label outside ``[0, C)``, scratch allocation failing
in topk) write the error buffer (``RLX_ERROR_TEXT``) and return 1.
"""

from __future__ import annotations

from collections.abc import Callable

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.index import error, format_literal
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.kernels.rowwise import exp, frame, lift, own_kernel, same
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node
from rlx.ir.printer import format_node
from rlx.ir.types import numel

SINGLE_OPS = frozenset({"argmax", "argmin", "cumsum", "batch_norm", "topk",
                        "softmax_cross_entropy"})
TOPK_SELECT_MAX = 64
"""Largest k for which topk selects in one scan instead of sorting the whole row."""


def _need_stdlib(ctx: RenderContext) -> None:
    """snprintf (error messages) and malloc (scratch) for the kernels that use them."""
    ctx.add_helper("rlx_stdio_stdlib", "#include <stdio.h>\n#include <stdlib.h>")


def render_arg_extreme(ctx: RenderContext, node: Node) -> str:
    """argmax / argmin along ``axis``: the first index of the extreme value, or of the
    first nan (numpy's rule); sequential within a row, parallel over rows."""
    if node.type.numel == 0:
        return "    /* empty result */"
    axis, keepdims = node.attr("axis"), bool(node.attr("keepdims"))
    dims = ctx.graph.nodes[node.inputs[0]].shape

    def lift_result(strides: tuple[int, ...]) -> tuple[int, ...]:
        return lift(strides, dims, (axis,), keepdims)

    kernel = own_kernel(ctx, node)
    f = frame(ctx, kernel, kernel.outputs[0], (axis,), lift_result)
    walk, dt = f.walk, f.operand.dtype
    vt = cstyle.cty(dt)
    best, idx = walk.slot("r_best"), walk.slot("r_idx")
    cmp = ">" if node.op == "argmax" else "<"
    if dt.is_float:
        init = "-INFINITY" if node.op == "argmax" else "INFINITY"
        better = f"{best} == {best} && (r_x != r_x || r_x {cmp} {best})"
    else:
        low, high = cstyle.INT_LIMITS[dt]
        init = f"({vt}){low if node.op == 'argmax' else high}"
        better = f"r_x {cmp} {best}"
    position = "i0" if walk.reduced else "0"

    def scan(w: CWriter, _: Callable[[str], str]) -> None:
        f.read(w)
        w.line(f"if ({better}) {{ {best} = r_x; {idx} = {position}; }}")

    def row(w: CWriter) -> None:
        walk.declare(w, [(vt, "r_best", init), ("int64_t", "r_idx", "0")])
        walk.sweep(w, scan, simd=False)
        walk.per_lane(w, lambda w: f.store(w, idx))

    return walk.rows_loop(ctx, numel(dims), row)


def render_cumsum(ctx: RenderContext, node: Node) -> str:
    """Running sums along ``axis`` (double for floats, wrapping 64-bit for integers);
    ``reverse`` runs from the end, ``exclusive`` stores before adding (first = 0)."""
    dims = node.shape
    if numel(dims) == 0:
        return "    /* empty domain */"
    kernel = own_kernel(ctx, node)
    f = frame(ctx, kernel, kernel.outputs[0], (node.attr("axis"),), same)
    walk, ct = f.walk, f.ct
    acc = walk.slot("r_acc")
    acc_type = "double" if f.dtype.is_float else "uint64_t"

    def step(w: CWriter, _: Callable[[str], str]) -> None:
        f.read(w)
        if node.attr("exclusive"):
            f.store(w, f"({ct}){acc}")
            w.line(f"{acc} += r_x;")
        else:
            w.line(f"{acc} += r_x;")
            f.store(w, f"({ct}){acc}")

    def row(w: CWriter) -> None:
        walk.declare(w, [(acc_type, "r_acc", "0")])
        walk.sweep(w, step, simd=False, reverse=bool(node.attr("reverse")))

    return walk.rows_loop(ctx, numel(dims), row)


def render_batch_norm(ctx: RenderContext, node: Node) -> str:
    """(x - mean[c]) * (gamma[c] / sqrt(var[c] + eps)) + beta[c] over channel axis 1;
    the per-channel scale in double, the per-element work in compute type."""
    if node.type.numel == 0:
        return "    /* empty domain */"
    nid = ctx.node_id(node)
    x, mean, var, gamma, beta = node.inputs
    dims = node.shape
    channels, inner = dims[1], numel(dims[2:])
    rows = dims[0] * channels
    ct = cstyle.cty(node.dtype)

    def channel(arg: int) -> str:
        return cstyle.load(ctx.dtype(arg), f"{ctx.ptr(arg, True)}[c]")

    eps = cstyle.literal(float(node.attr("eps")), DType.F64)   # inf and nan too
    value = cstyle.load(ctx.dtype(x), f"{ctx.ptr(x, True)}[r * {inner} + j]")
    result = cstyle.store(node.dtype, "(r_x - r_mean) * r_scale + r_beta")
    w = CWriter(indent=1)
    w.pragma(ctx.parallel_for(node.type.numel, rows))
    with w.block(f"for (int64_t r = 0; r < {rows}; r++)"):
        w.line(f"const int64_t c = r % {channels};")
        w.line(f"const {ct} r_mean = ({ct}){channel(mean)};")
        w.line(f"const {ct} r_scale = ({ct})((double){channel(gamma)} / "
               f"sqrt((double){channel(var)} + {eps}));")
        w.line(f"const {ct} r_beta = ({ct}){channel(beta)};")
        w.line("#pragma omp simd")
        with w.block(f"for (int64_t j = 0; j < {inner}; j++)"):
            w.line(f"const {ct} r_x = {value};")
            w.line(f"{ctx.ptr(nid)}[r * {inner} + j] = {result};")
    return w.text()


def _topk_before(dt: DType, largest: bool) -> str:
    """C condition: value ``u`` ranks strictly before value ``v`` (nan above every
    number, so first for ``largest`` and last otherwise; equal values do not)."""
    if dt.is_float and largest:
        return "(u != u && v == v) || u > v"
    if dt.is_float:
        return "(u == u && v != v) || u < v"
    return "u > v" if largest else "u < v"


def _topk_helper(ctx: RenderContext, dt: DType, largest: bool, select: bool) -> str:
    """Name of a C helper ranking one row of ``n`` elements ``stride`` apart.

    ``select``: ``(x, stride, n, k, best)`` keeps the ``k`` best indices in ``best``
    in rank order, inserting each element that beats the current k-th (O(n k) at
    worst, for small k). Otherwise ``(x, stride, n, a, b)`` is a stable bottom-up
    merge sort of all the indices with ``a`` and ``b`` scratch of ``n`` each,
    returning whichever holds the order. Both keep equal values in index order."""
    kind = "select" if select else "sort"
    name = f"rlx_topk_{kind}_{dt.value}_{'largest' if largest else 'smallest'}"
    st, ct = cstyle.ctype(dt), cstyle.cty(dt)
    before = _topk_before(dt, largest)

    def value(index: str) -> str:
        return cstyle.load(dt, f"x[{index} * stride]")

    c = CWriter()
    if select:
        with c.block(f"static void {name}(const {st} *x, int64_t stride, int64_t n, int64_t k,"
                     "\n                                int64_t *best)"):
            c.line("int64_t count = 0;")
            with c.block("for (int64_t i = 0; i < n; i++)"):
                c.line(f"const {ct} u = {value('i')};")
                with c.block("if (count == k)"):
                    c.line(f"const {ct} v = {value('best[k - 1]')};")
                    c.line(f"if (!({before})) continue;")
                    c.line("count--;")
                c.line("int64_t j = count;")
                with c.block("while (j > 0)"):
                    c.line(f"const {ct} v = {value('best[j - 1]')};")
                    c.line(f"if (!({before})) break;")
                    c.line("best[j] = best[j - 1];")
                    c.line("j--;")
                c.line("best[j] = i;")
                c.line("count++;")
    else:
        with c.block(f"static int64_t *{name}(const {st} *x, int64_t stride, int64_t n,"
                     "\n                                int64_t *a, int64_t *b)"):
            c.line("for (int64_t i = 0; i < n; i++) a[i] = i;")
            with c.block("for (int64_t w = 1; w < n; w *= 2)"):
                with c.block("for (int64_t lo = 0; lo < n; lo += 2 * w)"):
                    c.line("const int64_t mid = lo + w < n ? lo + w : n;")
                    c.line("const int64_t hi = lo + 2 * w < n ? lo + 2 * w : n;")
                    c.line("int64_t i = lo, j = mid, k = lo;")
                    with c.block("while (i < mid && j < hi)"):
                        c.line(f"const {ct} u = {value('a[j]')};")
                        c.line(f"const {ct} v = {value('a[i]')};")
                        c.line(f"b[k++] = ({before}) ? a[j++] : a[i++];")
                    c.line("while (i < mid) b[k++] = a[i++];")
                    c.line("while (j < hi) b[k++] = a[j++];")
                c.line("int64_t *swap = a; a = b; b = swap;")
            c.line("return a;")
    code = c.text()
    ctx.add_helper(name, code)
    return name


def render_topk(ctx: RenderContext, node: Node) -> str:
    """The ``k`` best entries along ``axis`` in rank order (values or i64 indices).

    Up to ``TOPK_SELECT_MAX`` results per row, each row is scanned once into a
    stack buffer (rows in parallel); beyond, each row is merge-sorted in heap
    scratch, one row after another."""
    if node.type.numel == 0:
        return "    /* empty result */"
    nid = ctx.node_id(node)
    x = node.inputs[0]
    dims, axis, k = ctx.shape(x), node.attr("axis"), node.attr("k")
    n, after = dims[axis], numel(dims[axis + 1:])
    rows = numel(dims[:axis]) * after
    select = k <= TOPK_SELECT_MAX
    rank = _topk_helper(ctx, ctx.dtype(x), bool(node.attr("largest")), select)
    st = cstyle.ctype(ctx.dtype(x))
    picked = (f"r_src[p * {n * after} + r_order[m] * {after} + q]"
              if node.attr("result") == "values" else "r_order[m]")
    w = CWriter(indent=1)
    w.line(f"const {st} *const r_src = {ctx.ptr(x, True)};")
    w.line(f"{cstyle.ctype(node.dtype)} *const r_out = {ctx.ptr(nid)};")
    if select:
        w.pragma(ctx.parallel_for(numel(dims), rows))
        ranking = [f"int64_t r_order[{k}];",
                   f"{rank}(r_src + p * {n * after} + q, {after}, {n}, {k}, r_order);"]
    else:
        _need_stdlib(ctx)
        w.line(f"int64_t *const r_scratch = (int64_t *)malloc(sizeof(int64_t) * {2 * n});")
        with w.block("if (r_scratch == NULL)"):
            w.line("snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "
                   f"\"topk: cannot allocate {16 * n} bytes of scratch\");")
            w.line("return 1;")
        ranking = [f"const int64_t *r_order = {rank}(r_src + p * {n * after} + q, "
                   f"{after}, {n}, r_scratch, r_scratch + {n});"]
    with w.block(f"for (int64_t r = 0; r < {rows}; r++)"):
        w.line(f"const int64_t p = r / {after}, q = r % {after};")
        w.extend(ranking)
        w.line(f"for (int64_t m = 0; m < {k}; m++)")
        with w.indented():
            w.line(f"r_out[p * {k * after} + m * {after} + q] = {picked};")
    if not select:
        w.line("free(r_scratch);")
    return w.text()


def render_softmax_cross_entropy(ctx: RenderContext, node: Node) -> str:
    """-log_softmax(logits)[label] per row, then none / sum / mean. Every label is
    checked first (the first bad row is reported); the loss of a row is
    logsumexp(row) - row[label], max-shifted, with the sum of exps in double."""
    _need_stdlib(ctx)
    nid = ctx.node_id(node)
    logits, labels = node.inputs
    rows, classes = ctx.shape(logits)
    dt, reduction = ctx.dtype(logits), node.attr("reduction")
    ct, st = cstyle.cty(dt), cstyle.ctype(dt)
    element = cstyle.load(dt, "r_row[j]")
    w = CWriter(indent=1)
    w.line(f"const {st} *const r_logits = {ctx.ptr(logits, True)};")
    w.line(f"const {cstyle.ctype(ctx.dtype(labels))} *const r_labels = "
           f"{ctx.ptr(labels, True)};")
    w.line(f"{st} *const r_out = {ctx.ptr(nid)};")
    with w.block(f"for (int64_t r = 0; r < {rows}; r++)"):
        w.line("const int64_t r_label = (int64_t)r_labels[r];")
        with w.block(f"if (r_label < 0 || r_label >= {classes})"):
            error(w, f"{format_literal(format_node(nid, node))}: softmax_cross_entropy: "
                     f"label %lld in row %lld is outside [0, {classes})",
                  "(long long)r_label", "(long long)r")
    w.line("double r_total = 0.0;")
    w.pragma(ctx.parallel_for(rows * classes, rows) if reduction == "none" else "")
    if reduction == "none":
        finish = f"r_out[r] = {cstyle.store(dt, f'({ct})r_loss')};"
    else:
        finish = "r_total += r_loss;"
    with w.block(f"for (int64_t r = 0; r < {rows}; r++)"):
        w.line(f"const {st} *const r_row = r_logits + r * {classes};")
        w.line(f"{ct} r_max = -INFINITY;")
        w.line("#pragma omp simd reduction(max:r_max)")
        with w.block(f"for (int64_t j = 0; j < {classes}; j++)"):
            w.line(f"const {ct} r_x = {element};")
            w.line("r_max = r_x > r_max ? r_x : r_max;")
        w.line(f"const {ct} r_shift = isfinite(r_max) ? r_max : ({ct})0;")
        w.line("double r_sum = 0.0;")
        w.line("#pragma omp simd reduction(+:r_sum)")
        with w.block(f"for (int64_t j = 0; j < {classes}; j++)"):
            w.line(f"const {ct} r_x = {element};")
            w.line(f"r_sum += (double){exp(dt)}(r_x - r_shift);")
        w.line(f"const double r_picked = (double){cstyle.load(dt, 'r_row[r_labels[r]]')};")
        # the shift minus the label's logit first: both may be huge (1e16) and close
        w.line("const double r_loss = ((double)r_shift - r_picked) + log(r_sum);")
        w.line(finish)
    if reduction == "sum":
        w.line(f"r_out[0] = {cstyle.store(dt, f'({ct})r_total')};")
    elif reduction == "mean":
        w.line(f"r_out[0] = {cstyle.store(dt, f'({ct})(r_total / {float(rows)!r})')};")
    return w.text()


# =========================================================================== tables

OP_RENDERERS: dict[str, Callable[[RenderContext, Node], str]] = {
    "argmax": render_arg_extreme,
    "argmin": render_arg_extreme,
    "cumsum": render_cumsum,
    "batch_norm": render_batch_norm,
    "topk": render_topk,
    "softmax_cross_entropy": render_softmax_cross_entropy,
}
SUPPORTED: frozenset[str] = SINGLE_OPS
RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=SUPPORTED)
