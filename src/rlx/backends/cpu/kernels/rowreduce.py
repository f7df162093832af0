"""The cpu backend's ``rowwise`` and ``reduce`` kernels, and the single ops they cover.

Kernel kinds rendered here:

* ``rowwise``: an optional elementwise prologue, then softmax / log_softmax over one
  axis (any axis) or layer_norm / rms_norm over the trailing axes ``axis..end`` (with
  optional gamma / beta), then an optional elementwise epilogue;
* ``reduce``: an optional prologue, then sum / mean / max / min / prod / logsumexp over
  any set of axes (keepdims or not), then an optional epilogue on the result.

Single-node (``op``) kernels of these ops, when the pipeline does not fuse them, are
rendered as one-node kernels of the same kinds. Each kernel walks its operand with a
:class:`~rlx.backends.cpu.kernels.rowwise.Walk` (geometry, lanes, prologue and
epilogue: see :mod:`rlx.backends.cpu.kernels.rowwise`).

Precision. Float sums (sum, mean, and the sums inside softmax, the norms and
logsumexp) accumulate in double, f16/bf16/f32 values through float partial sums over
lanes (:mod:`~rlx.backends.cpu.kernels.rowwise`), against a reference that sums f32 in
f64. Products accumulate in double throughout; max / min are exact; integers
accumulate in 64-bit unsigned arithmetic and are truncated to their dtype, which
equals wrapping in the dtype. Per-element math (centring, scaling, exp arguments) runs
in the compute type (float for f16/bf16/f32, double for f64). layer_norm takes its
moments about a shift near the mean, recomputing the variance about the mean when the
shift proves far off, and subtracts the mean as a float pair (rounded mean plus its
rounding error), so rows with a large mean keep their precision.

Active extent. ``ctl[2] >= 0`` says only the first ``ctl[2]`` rows of an extent of
``ctl[3]`` matter. A ``rowwise`` kernel honours it when its row count (the product of
the operand's axes before the normalised axis or axes) equals ``ctl[3]``: it then
processes rows ``0 .. min(ctl[2], rows) - 1`` only and leaves the other rows of its
output unwritten. The rule is a hint keyed on the count alone, so it is exact for
graphs whose row-wise work runs along the bucket axis (as the bucketed compile cache
arranges); reduce kernels always process everything.

Threads. Rows are split statically over threads (see ``rowwise``); a reduction with a
single row runs on one thread.
"""

from __future__ import annotations

from collections.abc import Callable

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.extents import writes_padding
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.kernels.rowwise import (
    Acc,
    Frame,
    SweepBody,
    exp,
    frame,
    lift,
    own_kernel,
    same,
)
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import fusion_roles
from rlx.ir.types import numel
from rlx.passes.loops import broadcast_strides
from rlx.passes.program import Kernel

ROWWISE_OPS = frozenset(k for k, role in fusion_roles().items() if role == "rowwise")
REDUCE_OPS = frozenset(k for k, role in fusion_roles().items() if role == "reduce")


def _anchor(graph: Graph, kernel: Kernel, ops: frozenset[str]) -> int:
    return next(n for n in kernel.nodes if graph.nodes[n].op in ops)


# =========================================================================== rowwise

def render_rowwise(ctx: RenderContext, kernel: Kernel) -> str:
    """A ``rowwise`` kernel: prologue + softmax / log_softmax / layer_norm / rms_norm +
    epilogue, parallel over rows, honouring the active extent."""
    graph = ctx.graph
    anchor = _anchor(graph, kernel, ROWWISE_OPS)
    node = graph.nodes[anchor]
    dims = graph.nodes[node.inputs[0]].shape
    if numel(dims) == 0:
        return "    /* empty domain */"
    axis = node.attr("axis")
    if node.op in ("softmax", "log_softmax"):
        reduced: tuple[int, ...] = (axis,)
        extra = {}
    else:
        reduced = tuple(range(axis, len(dims)))
        extra = {key: broadcast_strides(graph.nodes[nid].shape, dims)
                 for key, nid in _affine_operands(node).items()}
    f = frame(ctx, kernel, anchor, reduced, same, extra)

    def row(w: CWriter) -> None:
        if node.op in ("softmax", "log_softmax"):
            _softmax_row(w, f, node.op == "log_softmax")
        elif node.op == "layer_norm":
            _layer_norm_row(w, f, node)
        else:
            _rms_norm_row(w, f, node)

    active = f.walk.rows == numel(dims[:axis])
    row_dims = dims[:axis] if active and not writes_padding(ctx, kernel) else None
    return f.walk.rows_loop(ctx, numel(dims), row, active, row_dims)


def _affine_operands(node: Node) -> dict[str, int]:
    """The gamma / beta operands of a norm node that has them, by vector key."""
    rest = list(node.inputs[1:])
    found = {}
    if node.attr("has_gamma"):
        found["gamma"] = rest.pop(0)
    if node.attr("has_beta"):
        found["beta"] = rest.pop(0)
    return found


def _partial(dt: DType) -> str | None:
    """The partial-sum type for sums of ``dt`` values (float compute only)."""
    return "float" if cstyle.cty(dt) == "float" else None


def _softmax_row(w: CWriter, f: Frame, log: bool) -> None:
    """Three passes per row: the max, the sum of exp(x - shift), the results.

    softmax shifts by the max itself (an all -inf or +inf row gives nan, as the
    reference); log_softmax by the max when finite, else 0; a nan reaches every
    result through the sum. f32 / f64 softmax keep each exp in the output during
    the second pass and scale it in the third."""
    walk, ct = f.walk, f.ct
    sh, k = walk.slot("r_shift"), walk.slot("r_k")
    keep_exp = not log and f.dtype in (DType.F32, DType.F64)
    exp_fn = "rlx_expf_weight" if keep_exp and f.dtype is DType.F32 else exp(f.dtype)
    walk.declare(w, [(ct, "r_max", "-INFINITY"), (ct, "r_shift", None),
                     ("double", "r_sum", "0.0"), (ct, "r_k", None)])
    _max_sweep(w, f)
    mx = walk.slot("r_max")
    shift = f"(isfinite({mx}) ? {mx} : ({ct})0)" if log else mx
    walk.per_lane(w, lambda w: w.line(f"{sh} = {shift};"))

    def accumulate(w: CWriter, acc: Callable[[str], str]) -> None:
        f.read(w)
        w.line(f"const {ct} r_e = {exp_fn}(r_x - {sh});")
        w.line(f"{acc('r_sum')} += r_e;")
        if keep_exp:
            w.line(f"{f.out_ref()} = r_e;")

    walk.sweep(w, accumulate, (Acc("r_sum", "+", _partial(f.dtype)),))
    total = walk.slot("r_sum")
    factor = f"({ct})log({total})" if log else f"({ct})(1.0 / {total})"
    walk.per_lane(w, lambda w: w.line(f"{k} = {factor};"))

    def write(w: CWriter, acc: Callable[[str], str]) -> None:
        if log:
            f.read(w)
            w.line(f"const {ct} r_y = (r_x - {sh}) - {k};")
        elif keep_exp:
            w.line(f"const {ct} r_y = {f.out_ref()} * {k};")
        else:
            f.read(w)
            w.line(f"const {ct} r_y = {exp_fn}(r_x - {sh}) * {k};")
        f.store(w, "r_y")

    walk.sweep(w, write)


def _max_sweep(w: CWriter, f: Frame) -> None:
    """A sweep folding the operand into the declared ``r_max`` (nan never wins)."""
    def fold(w: CWriter, acc: Callable[[str], str]) -> None:
        mx = acc("r_max")
        f.read(w)
        w.line(f"{mx} = r_x > {mx} ? r_x : {mx};")
    f.walk.sweep(w, fold, (Acc("r_max", "max"),))


def _affine_write(f: Frame, node: Node, centred: str) -> SweepBody:
    """The result pass of a norm: ``centred * rstd``, then gamma and beta, stored."""
    ct, rstd = f.ct, f.walk.slot("r_rstd")
    affine = _affine_operands(node)

    def write(w: CWriter, acc: Callable[[str], str]) -> None:
        f.read(w)
        w.line(f"{ct} r_y = {centred} * {rstd};")
        if "gamma" in affine:
            w.line(f"r_y = r_y * ({ct}){f.vector_ref('gamma', affine['gamma'])};")
        if "beta" in affine:
            w.line(f"r_y = r_y + ({ct}){f.vector_ref('beta', affine['beta'])};")
        f.store(w, "r_y")

    return write


def _layer_norm_row(w: CWriter, f: Frame, node: Node) -> None:
    """The moments about a shift in one pass, then the results.

    The shift c is the mean of the row's first block (:meth:`Walk.sweep_head`, in the
    compute type: any c near the mean will do); one pass sums d = x - c and d*d,
    giving the mean c + E[d] and the biased variance E[d^2] - E[d]^2. That
    difference cancels when c lies far from the mean, so when E[d]^2 > var / 4 (an
    unrepresentative first block, or a nan) a second pass recomputes the variance
    about the mean itself, bounding the cancellation. The results
    ``(x - mean) * rstd`` use the mean as a float pair (rounded value plus its
    rounding error), so rows with a large mean keep their precision. Norm rows end
    with reduced axes, so they never have lanes."""
    walk, ct = f.walk, f.ct
    n = float(walk.count)
    eps = cstyle.literal(float(node.attr("eps")), DType.F64)   # inf and nan too
    partial = _partial(f.dtype)
    centred = "((r_x - r_mean) - r_low)"
    walk.declare(w, [(ct, "r_h", "0"), (ct, "r_c", None), ("double", "r_s", "0.0"),
                     ("double", "r_v", "0.0"), ("double", "r_m", None),
                     ("double", "r_var", None), (ct, "r_mean", None), (ct, "r_low", None),
                     (ct, "r_rstd", None), (ct, "r_a", "0")])

    def head(w: CWriter, acc: Callable[[str], str]) -> None:
        f.read(w)
        w.line(f"{acc('r_h')} += r_x;")

    def moments(w: CWriter, acc: Callable[[str], str]) -> None:
        f.read(w)
        w.line(f"const {ct} r_d = r_x - r_c;")
        w.line(f"{acc('r_s')} += r_d;")
        w.line(f"{acc('r_v')} += r_d * r_d;")

    def squares(w: CWriter, acc: Callable[[str], str]) -> None:
        f.read(w)
        w.line(f"const {ct} r_d = {centred};")
        w.line(f"{acc('r_v')} += r_d * r_d;")

    walk.sweep_head(w, head, (Acc("r_h", "+"),))
    w.line(f"r_c = r_h / ({ct}){walk.head_count};")
    walk.sweep(w, moments, (Acc("r_s", "+", partial), Acc("r_v", "+", partial)))
    w.line(f"r_m = r_s / {n!r};")
    w.line(f"r_var = r_v / {n!r} - r_m * r_m;")
    w.line(f"r_mean = ({ct})((double)r_c + r_m);")
    w.line(f"r_low = ({ct})((double)r_c + r_m - (double)r_mean);")
    with w.block("if (!(r_m * r_m <= 0.25 * r_var))"):
        w.line("r_v = 0.0;")
        walk.sweep(w, squares, (Acc("r_v", "+", partial),))
        w.line(f"r_var = r_v / {n!r};")
    _unless_squares_out_of_range(w, f, "r_var", "isfinite(r_m)", centred, n)
    w.line(f"r_rstd = ({ct})(1.0 / sqrt((r_var > 0.0 ? r_var : 0.0) + {eps}));")
    walk.sweep(w, _affine_write(f, node, centred))


SQUARES_TINY = {"float": "1e-30", "double": "1e-290"}
"""Below this mean square (sum, for rms_norm) a row's squares are recomputed from the
scaled values: squares under the type's smallest normal number lose bits, and those of
a row whose mean square is larger contribute less than 1e-8 of it."""


def _unless_squares_out_of_range(w: CWriter, f: Frame, mean_square: str, finite: str,
                               value: str, n: float) -> None:
    """When the squares of a row's ``value`` overflowed the compute type (f32 values
    past 1.8e19) or fell to where they lose bits (a mean square below SQUARES_TINY:
    squares of f32 values below 1e-19 are subnormal or 0, so a row of 1e-30 with
    eps = 0 gave inf) while ``finite`` holds and every value is finite,
    ``mean_square`` (the sum of squares over ``n``) again from the values divided by
    their largest magnitude, scaled back in double; rare, so the common path keeps its
    float partial sums (a row of zeros pays one pass for its largest magnitude, 0,
    and keeps 0). A row holding inf or nan keeps the plain result (inf: finite values
    give 0, as IEEE arithmetic and torch do). Norm rows have no lanes: the
    accumulators are plain names."""
    walk, ct = f.walk, f.ct

    def largest(w: CWriter, acc: Callable[[str], str]) -> None:
        f.read(w)
        w.line(f"const {ct} r_d = fabs({value});")
        w.line(f"{acc('r_a')} = r_d > {acc('r_a')} ? r_d : {acc('r_a')};")

    def scaled(w: CWriter, acc: Callable[[str], str]) -> None:
        f.read(w)
        w.line(f"const {ct} r_d = ({value}) / r_a;")
        w.line(f"{acc('r_v')} += r_d * r_d;")

    tiny = SQUARES_TINY[ct]
    with w.block(f"if ((!isfinite({mean_square}) || {mean_square} < {tiny}) && {finite})"):
        w.line("r_a = 0;")
        walk.sweep(w, largest, (Acc("r_a", "max"),))
        with w.block("if (isfinite(r_a) && r_a > 0)"):  # inf keeps IEEE's result, zeros 0
            w.line("r_v = 0.0;")
            walk.sweep(w, scaled, (Acc("r_v", "+", _partial(f.dtype)),))
            w.line(f"{mean_square} = r_v / {n!r} * (double)r_a * (double)r_a;")


def _rms_norm_row(w: CWriter, f: Frame, node: Node) -> None:
    """Two passes per row: the mean square, then ``x * rstd`` (times gamma)."""
    walk, ct = f.walk, f.ct
    n = float(walk.count)
    eps = cstyle.literal(float(node.attr("eps")), DType.F64)   # inf and nan too
    s, rstd = walk.slot("r_s"), walk.slot("r_rstd")

    def squares(w: CWriter, acc: Callable[[str], str]) -> None:
        f.read(w)
        w.line(f"{acc('r_s')} += r_x * r_x;")

    walk.declare(w, [("double", "r_s", "0.0"), (ct, "r_rstd", None), ("double", "r_v", "0.0"),
                     (ct, "r_a", "0")])
    walk.sweep(w, squares, (Acc("r_s", "+", _partial(f.dtype)),))
    _unless_squares_out_of_range(w, f, "r_s", "1", "r_x", 1.0)    # r_s is the sum
    walk.per_lane(w, lambda w: w.line(f"{rstd} = ({ct})(1.0 / sqrt({s} / {n!r} + {eps}));"))
    walk.sweep(w, _affine_write(f, node, "r_x"))


# =========================================================================== reduce

def render_reduce(ctx: RenderContext, kernel: Kernel) -> str:
    """A ``reduce`` kernel: prologue + sum / mean / max / min / prod / logsumexp over
    the node's axes + epilogue on each result, parallel over results."""
    graph = ctx.graph
    anchor = _anchor(graph, kernel, REDUCE_OPS)
    node = graph.nodes[anchor]
    if node.type.numel == 0:
        return "    /* empty result */"
    axes, keepdims = tuple(node.attr("axes")), bool(node.attr("keepdims"))
    dims = graph.nodes[node.inputs[0]].shape
    f = frame(ctx, kernel, anchor, axes, lambda s: lift(s, dims, axes, keepdims))

    def row(w: CWriter) -> None:
        final = REDUCERS[node.op](w, f)

        def result(w: CWriter) -> None:
            w.line(f"const {f.ct} r_y = {final};")
            f.store(w, "r_y")

        f.walk.per_lane(w, result)

    # the rows are the axes before the reduced ones (when they are one block, followed
    # by the lane at most): with symbolic ones, only the run's extents are visited, so
    # the result's padding may hold anything, as a row-wise kernel leaves it. A mask of
    # the extents pass fused into the prologue is not stored: the rows visited reduce
    # their masked elements all the same (the reduced axes' padding is still visited)
    first = min(axes, default=len(dims))
    leading = (set(axes) == set(range(first, first + len(axes)))
               and f.walk.rows == numel(dims[:first])
               and not writes_padding(ctx, kernel, stored_only=True))
    return f.walk.rows_loop(ctx, numel(dims), row, row_dims=dims[:first] if leading else None)


def _sum_like(w: CWriter, f: Frame, op: str) -> str:
    """sum / mean / prod: double accumulators for floats (sums through float
    partials, see :class:`Acc`), 64-bit unsigned ones (wrapping) for integers; an
    empty mean is 0/0 = nan. Returns the result's C expression."""
    walk, ct = f.walk, f.ct
    product = op == "prod"
    sign = "*" if product else "+"
    if f.dtype.is_float:
        acc_type, init = "double", ("1.0" if product else "0.0")
        partial = None if product else _partial(f.dtype)
    else:
        acc_type, init, partial = "uint64_t", ("1" if product else "0"), None

    def fold(w: CWriter, acc: Callable[[str], str]) -> None:
        f.read(w)
        w.line(f"{acc('r_acc')} {sign}= r_x;")

    walk.declare(w, [(acc_type, "r_acc", init)])
    walk.sweep(w, fold, (Acc("r_acc", sign, partial),))
    total = walk.slot("r_acc")
    if op == "mean":
        return f"({ct})({total} / {float(walk.count)!r})"
    return f"({ct}){total}"


def _extreme(w: CWriter, f: Frame, op: str) -> str:
    """max / min, exact; for floats a nan anywhere makes the result nan. Returns the
    result's C expression."""
    walk, ct, dt = f.walk, f.ct, f.dtype
    cmp = ">" if op == "max" else "<"

    def fold(w: CWriter, acc: Callable[[str], str]) -> None:
        best = acc("r_acc")
        f.read(w)
        w.line(f"{best} = r_x {cmp} {best} ? r_x : {best};")
        if dt.is_float:
            w.line(f"{acc('r_nan')} |= r_x != r_x;")

    if dt.is_float:
        init = "-INFINITY" if op == "max" else "INFINITY"
        walk.declare(w, [(ct, "r_acc", init), ("int", "r_nan", "0")])
        walk.sweep(w, fold, (Acc("r_acc", op), Acc("r_nan", "|")))
        return f"({walk.slot('r_nan')} ? ({ct})NAN : {walk.slot('r_acc')})"
    if dt.is_bool:
        init = "0" if op == "max" else "1"
    else:
        low, high = cstyle.INT_LIMITS[dt]
        init = low if op == "max" else high
    walk.declare(w, [(ct, "r_acc", f"({ct}){init}")])
    walk.sweep(w, fold, (Acc("r_acc", op),))
    return walk.slot("r_acc")


def _logsumexp(w: CWriter, f: Frame) -> str:
    """log(sum(exp(x - s))) + s with s the max when finite, else 0; nan propagates
    through the sum; an empty reduction gives log(0) = -inf. Returns the result's C
    expression."""
    walk, ct = f.walk, f.ct
    mx, sh = walk.slot("r_max"), walk.slot("r_shift")
    exp_fn = exp(f.dtype)

    def add_exp(w: CWriter, acc: Callable[[str], str]) -> None:
        f.read(w)
        w.line(f"{acc('r_sum')} += {exp_fn}(r_x - {sh});")

    walk.declare(w, [(ct, "r_max", "-INFINITY"), (ct, "r_shift", None),
                     ("double", "r_sum", "0.0")])
    _max_sweep(w, f)
    walk.per_lane(w, lambda w: w.line(f"{sh} = isfinite({mx}) ? {mx} : ({ct})0;"))
    walk.sweep(w, add_exp, (Acc("r_sum", "+", _partial(f.dtype)),))
    return f"({ct})(log({walk.slot('r_sum')}) + (double){sh})"


REDUCERS: dict[str, Callable[[CWriter, Frame], str]] = {
    "sum": lambda w, f: _sum_like(w, f, "sum"),
    "mean": lambda w, f: _sum_like(w, f, "mean"),
    "prod": lambda w, f: _sum_like(w, f, "prod"),
    "max": lambda w, f: _extreme(w, f, "max"),
    "min": lambda w, f: _extreme(w, f, "min"),
    "logsumexp": _logsumexp,
}
"""Each reducer writes a row's declarations and sweeps and returns the C expression of
the row's result (per lane)."""


# =========================================================================== tables

def _single(render: Callable[[RenderContext, Kernel], str]
            ) -> Callable[[RenderContext, Node], str]:
    """An op renderer running a kernel-kind renderer on the one-node kernel of ``node``."""
    def render_op(ctx: RenderContext, node: Node) -> str:
        return render(ctx, own_kernel(ctx, node))
    return render_op


KIND_RENDERERS: dict[str, Callable[[RenderContext, Kernel], str]] = {
    "rowwise": render_rowwise,
    "reduce": render_reduce,
}
OP_RENDERERS: dict[str, Callable[[RenderContext, Node], str]] = {
    **{op: _single(render_rowwise) for op in ROWWISE_OPS},
    **{op: _single(render_reduce) for op in REDUCE_OPS},
}
SUPPORTED: frozenset[str] = ROWWISE_OPS | REDUCE_OPS
RENDERS = Renders(__name__, kinds=KIND_RENDERERS, ops=OP_RENDERERS, claims=SUPPORTED)
