"""Matrix products for the cpu backend (kernel kind ``matmul`` and the op).

A ``matmul`` kernel is optional transposes of the operands' last two axes (read
transposed through BLAS flags or strides, never materialised), the matmul, then an
optional elementwise epilogue (bias, activation, residual) over the result.

Paths (BLAS dtypes, loops, epilogues, threads and scratch follow the rules in
:mod:`support`'s docstring):

* an f32 product of one batch with at least ``PACK_MIN_M`` rows runs on rlx's own
  packed GEMM (``csrc/packed_gemm.h``, one source for every ISA tier; the right operand
  packed once when it is run-invariant, else on every run): its tiles sum every element
  over k in the same order however the product is split, which OpenBLAS's AVX2
  kernels do not;
* other f32 / f64 (and f16 / bf16, widened) products run on BLAS: ``?gemm``, or a
  matrix-vector product when one side is a vector (M == 1 or N == 1: ``?gemv``, or the
  generated ``rlx_gemv_rows_*`` kernel for a vector times a row-major matrix read
  across); batch axes broadcast through per-operand batch strides, and a right operand
  without batch axes folds the batch into M (one large GEMM). One task per (batch,
  piece): a batch is cut into pieces only when there are fewer batches than threads,
  GEMMs along their longer side, matrix-vector products into pieces of at least
  ``PART_MIN_STREAM`` matrix elements;
* integer products, and products BLAS cannot take: generated loops, row by row,
  ``LOOP_TILE`` columns at a time.
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.extents import row_runs, writes_padding
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.kernels.support import (
    BLAS_SPLIT_TASKS,
    PACK_MR,
    PACK_NR,
    PARALLEL_MIN_FLOPS,
    PART_MIN_WORK,
    SCRATCH_LIMIT_BYTES,
    SPLIT_ALIGN,
    accumulator_type,
    anchor_node,
    blas_dtype,
    blas_prefix,
    c_table,
    element_value,
    epilogue_function,
    finish_value,
    fits_blas,
    gemv_rows,
    omp_for,
    packed_gemm_helper,
    repack_guard_block,
    run_invariant,
    single_node_renderer,
    split_parts,
    write_conversion,
    write_epilogue_call,
)
from rlx.backends.cpu.render import RenderContext, _offset_expr
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph
from rlx.ir.types import Shape, broadcast_shapes, numel
from rlx.passes.loops import broadcast_strides, row_major_strides
from rlx.passes.program import Kernel

PART_MIN_STREAM = 1 << 18
"""Fewest matrix elements one piece of a matrix-vector product reads (1 MiB of f32):
such a product reads each element once, so a second thread brings memory bandwidth
where it would bring little arithmetic, and the pieces can be smaller."""
LOOP_TILE = 64
"""Columns one accumulator block of the loop matmul holds."""
PACK_MIN_M = 8
"""Fewest rows for the packed GEMM (fewer: BLAS / the generated vector kernels)."""


def _aligned_splits(n: int, parts: int) -> list[int]:
    """``parts + 1`` boundaries splitting ``range(n)`` evenly on multiples of SPLIT_ALIGN
    (the last boundary is ``n``; empty parts are dropped)."""
    bounds = [0]
    for p in range(1, parts):
        cut = (n * p // parts) // SPLIT_ALIGN * SPLIT_ALIGN
        if bounds[-1] < cut < n:
            bounds.append(cut)
    bounds.append(n)
    return bounds


# =========================================================================== matmul

@dataclass(frozen=True)
class _MatOperand:
    """One matmul operand as a batch of ``rows x cols`` matrices.

    ``node`` holds the elements; ``trans`` says its storage is the matrix with its two
    axes swapped (an absorbed transpose). ``batch_strides`` give the element offset per
    output batch axis (0 where the operand is broadcast)."""

    node: int
    trans: bool
    rows: int
    cols: int
    batch_strides: tuple[int, ...]

    @property
    def ld(self) -> int:
        """Leading dimension of the stored matrix (at least 1, as BLAS requires)."""
        return max(1, self.rows if self.trans else self.cols)

    @property
    def row_step(self) -> int:
        return 1 if self.trans else self.cols

    @property
    def col_step(self) -> int:
        return self.rows if self.trans else 1

    def offset(self, bb: str, batch: Shape) -> str:
        """Element offset of batch ``bb`` (flat over the output batch axes)."""
        return _offset_expr(self.batch_strides, batch, bb)


@dataclass(frozen=True)
class _MatmulPlan:
    """A matmul as ``batches`` products (M x K) @ (K x N) written row-major into ``out``
    (1-D operands promoted as numpy does: the added axis has size 1)."""

    anchor: int
    out: int
    dtype: DType
    batch: Shape
    m: int
    n: int
    k: int
    a: _MatOperand
    b: _MatOperand

    @property
    def batches(self) -> int:
        return numel(self.batch)

    @property
    def flops(self) -> int:
        return self.batches * self.m * self.n * self.k


def _source(graph: Graph, members: set[int], nid: int) -> tuple[int, bool]:
    """(node holding the operand's elements, read transposed) for matmul operand ``nid``."""
    node = graph.nodes[nid]
    if nid in members and node.op == "transpose":
        return node.inputs[0], True
    return nid, False


def _plan_matmul(ctx: RenderContext, kernel: Kernel) -> _MatmulPlan:
    """The kernel's matmul with absorbed transposes resolved to their sources."""
    g = ctx.graph
    anchor = anchor_node(g, kernel, "matmul")
    node = g.nodes[anchor]
    members = set(kernel.nodes)
    xs, ys = (g.nodes[i].shape for i in node.inputs)
    xs = (1,) + xs if len(xs) == 1 else xs
    ys = ys + (1,) if len(ys) == 1 else ys
    batch = broadcast_shapes(xs[:-2], ys[:-2])
    m, k, n = xs[-2], xs[-1], ys[-1]
    operands = []
    for shape, nid in ((xs, node.inputs[0]), (ys, node.inputs[1])):
        src, trans = _source(g, members, nid)
        rows, cols = shape[-2], shape[-1]
        strides = tuple(s * rows * cols for s in broadcast_strides(shape[:-2], batch))
        operands.append(_MatOperand(src, trans, rows, cols, strides))
    a, b = operands
    plan = _MatmulPlan(anchor, kernel.outputs[0], node.dtype, batch, m, n, k, a, b)
    return _fold_batch(plan)


def _fold_batch(plan: _MatmulPlan) -> _MatmulPlan:
    """Fold the batch into M when the right operand has no batch and the left one is
    stored as consecutive row-major matrices: one (batches*M x K) @ (K x N) product."""
    a, b = plan.a, plan.b
    contiguous = tuple(s * a.rows * a.cols for s in row_major_strides(plan.batch))
    if plan.batches <= 1 or any(b.batch_strides) or a.trans or a.batch_strides != contiguous:
        return plan
    m = plan.batches * plan.m
    folded = _MatOperand(a.node, False, m, a.cols, ())
    return _MatmulPlan(plan.anchor, plan.out, plan.dtype, (), m, plan.n, plan.k, folded, b)


def render_matmul(ctx: RenderContext, kernel: Kernel) -> str:
    """A matmul kernel: the packed GEMM for f32 products with a run-invariant right
    operand, BLAS for other float results that fit, generated loops otherwise."""
    plan = _plan_matmul(ctx, kernel)
    epi = epilogue_function(ctx, kernel, plan.anchor)
    if plan.batches * plan.m * plan.n == 0:
        return "    /* empty result */"
    w = CWriter(indent=1)
    blas_dt = blas_dtype(plan.dtype)
    if plan.k == 0:
        _zero_product(w, ctx, plan, epi)
    elif blas_dt is not None and _matmul_blas_ok(ctx, plan, blas_dt):
        if _packed_eligible(ctx, plan):
            _render_matmul_packed(w, ctx, plan, epi, not writes_padding(ctx, kernel))
        else:
            _render_matmul_blas(w, ctx, plan, blas_dt, epi)
    else:
        _render_matmul_loops(w, ctx, plan, epi)
    return w.text()


def _packed_eligible(ctx: RenderContext, plan: _MatmulPlan) -> bool:
    """The packed GEMM takes an f32 product of one batch with at least PACK_MIN_M rows.
    A right operand that is the same on every run (a param or a prepare-stage value) is
    packed once and kept; any other is packed on every run (O(k n) work beside the
    product's O(m k n), and it keeps the product's bits independent of the thread count
    and of the BLAS build, which splits some products differently on some ISAs)."""
    return (plan.dtype is DType.F32 and plan.batches == 1 and plan.m >= PACK_MIN_M
            and plan.n >= PACK_NR // 2 and plan.k >= 8
            and ctx.dtype(plan.a.node) is DType.F32 and ctx.dtype(plan.b.node) is DType.F32
            and _packed_floats(plan) * 4 <= SCRATCH_LIMIT_BYTES)



def _packed_floats(plan: _MatmulPlan) -> int:
    """Floats of the packed weight and of packed A (when A must be packed)."""
    slivers = -(-plan.m // PACK_MR) if plan.a.col_step != 1 else 0
    panels = -(-plan.n // PACK_NR)
    return (slivers * PACK_MR + panels * PACK_NR) * plan.k


PACKED_TASKS_PER_THREAD = 3
"""Tasks of a parallel packed GEMM per thread, taken by the threads as they finish
(``schedule(dynamic)``): with one task each, a thread slowed by anything else on its
core held the other at the join (2-core AVX2 guest, both builds in one process taking
turns: MiniLM's FFN products 1024 x 384 x 1536 and 1024 x 1536 x 384 alone 5-9% faster
with 3, 128 x 768 x 768 1-9%; the whole MiniLM at batch 1 2% faster, 29 of 40 turns, and
at batch 8 the same, 6 of 15)."""


def _packed_tasks(ctx: RenderContext, plan: _MatmulPlan) -> list[tuple[int, int, int, int]]:
    """(s0, s1, p0, p1) per task: column panels split in PACKED_TASKS_PER_THREAD groups
    per thread, then sliver rows when there are fewer panels than tasks. Splits change
    no result bits: every tile sums its products in the same order in any task."""
    slivers = -(-plan.m // PACK_MR)
    panels = -(-plan.n // PACK_NR)
    threads = ctx.threads if plan.flops >= PARALLEL_MIN_FLOPS else 1
    target = threads * PACKED_TASKS_PER_THREAD if threads > 1 else 1
    cols = max(1, min(target, panels))
    rows = max(1, min(-(-target // cols), slivers))
    tasks = []
    for r in range(rows):
        for c in range(cols):
            tasks.append((slivers * r // rows, slivers * (r + 1) // rows,
                          panels * c // cols, panels * (c + 1) // cols))
    return tasks


def _render_matmul_packed(w: CWriter, ctx: RenderContext, plan: _MatmulPlan,
                          epi: str | None, skip_padding: bool = False) -> None:
    """The packed GEMM: pack the right operand (a run-invariant one into
    the keep region when its address or the params' version changed, any other into
    scratch on every run), pack A unless its rows are contiguous, then one rlx_pk_gemm
    call per task. With ``skip_padding``, rows of symbolic dimensions past the run's
    extents are not computed."""
    packed_gemm_helper(ctx)
    a, b, m, n, k = plan.a, plan.b, plan.m, plan.n, plan.k
    slivers = -(-m // PACK_MR)
    panels = -(-n // PACK_NR)
    tag = f"n{plan.anchor}"
    tasks = _packed_tasks(ctx, plan)
    pragma = omp_for(ctx, len(tasks) > 1 and ctx.threads > 1)
    task_pragma = omp_for(ctx, len(tasks) > 1 and ctx.threads > 1, dynamic=True)
    invariant = run_invariant(ctx.graph.nodes[b.node])
    pack_a = a.col_step != 1     # transposed A: packed first (else rows read in place)
    if pack_a:
        w.line(ctx.scratch(f"rlx_pka_{tag}", DType.F32, slivers * PACK_MR * k))
    store = ctx.keep if invariant else ctx.scratch
    w.line(store(f"rlx_pkb_{tag}", DType.F32, panels * PACK_NR * k).strip())
    w.line(c_table("tasks", [v for task in tasks for v in task]))
    w.line(f"const float *pa = {ctx.ptr(a.node, True)};")
    w.line(f"const float *pb = {ctx.ptr(b.node, True)};")
    w.line(f"float *pc = {ctx.ptr(plan.out)};")

    def pack_b(w: CWriter) -> None:
        w.pragma(pragma)
        w.line(f"for (int64_t p = 0; p < {panels}; p++)")
        with w.indented():
            w.line(f"rlx_pk_pack_b({k}, {n}, pb, {b.row_step}, {b.col_step}, "
                   f"rlx_pkb_{tag}, p);")

    if invariant:
        with repack_guard_block(ctx, w, f"rlx_pkb_{tag}", "pb"):
            pack_b(w)
    else:
        pack_b(w)
    a_arg = f"pa, {a.row_step}"
    if pack_a:
        w.pragma(pragma)
        w.line(f"for (int64_t s = 0; s < {slivers}; s++)")
        with w.indented():
            w.line(f"rlx_pk_pack_a({m}, {k}, pa, {a.row_step}, {a.col_step}, "
                   f"rlx_pka_{tag}, s);")
        a_arg = f"rlx_pka_{tag}, 0"
    epi_arg = f"{epi}, slots, arena" if epi else "0, slots, arena"
    runs = None
    if skip_padding and not pack_a:
        runs = row_runs(ctx, ctx.graph.nodes[plan.out].shape[:-1])
    if runs is not None:
        # symbolic rows: a table of the active runs' tiles, shared out as the full
        # product's slivers are (one call streams each block of B once for them all)
        most = slivers + numel(tuple(n for _, n in runs.outer_bounds))
        w.line(ctx.scratch(f"rlx_tiles_{tag}", DType.I64, 2 * most))
        w.line("int64_t nt = 0;")
        with w.block(f"for (int64_t r = 0; r < {runs.count}; r++)"):
            start = runs.start(w, "r")
            w.line(f"const int64_t len = {runs.length};")
            with w.block(f"for (int64_t i = 0; i < len; i += {PACK_MR}, nt++)"):
                w.line(f"rlx_tiles_{tag}[2 * nt] = {start} + i;")
                w.line(f"rlx_tiles_{tag}[2 * nt + 1] = len - i < {PACK_MR} ? len - i : "
                       f"{PACK_MR};")
    w.pragma(task_pragma)
    with w.block(f"for (int64_t t = 0; t < {len(tasks)}; t++)"):
        w.line("const int64_t *q = tasks + 4 * t;")
        if runs is None:
            w.line(f"rlx_pk_gemm({m}, {n}, {k}, {a_arg}, rlx_pkb_{tag}, pc, {n}, "
                   f"q[0], q[1], q[2], q[3], {epi_arg});")
        else:
            w.line(f"rlx_pk_gemm_tiles({m}, {n}, {k}, {a_arg}, rlx_pkb_{tag}, pc, {n}, "
                   f"rlx_tiles_{tag}, nt * q[0] / {max(1, slivers)}, "
                   f"nt * q[1] / {max(1, slivers)}, q[2], q[3], {epi_arg});")


def _matmul_scratch(ctx: RenderContext, plan: _MatmulPlan, blas_dt: DType) -> dict[str, int]:
    """Elements of each scratch copy the BLAS path needs: converted operands ('a', 'b')
    and, for f16/bf16 results, the f32 product ('c')."""
    need = {}
    for key, op in (("a", plan.a), ("b", plan.b)):
        if ctx.dtype(op.node) != blas_dt:
            need[key] = numel(ctx.shape(op.node))
    if plan.dtype != blas_dt:
        need["c"] = plan.batches * plan.m * plan.n
    return need


def _matmul_blas_ok(ctx: RenderContext, plan: _MatmulPlan, blas_dt: DType) -> bool:
    """BLAS takes the product: its scratch fits and every size fits 32 bits."""
    scratch = sum(_matmul_scratch(ctx, plan, blas_dt).values()) * blas_dt.itemsize
    return scratch <= SCRATCH_LIMIT_BYTES and fits_blas(plan.m, plan.n, plan.k, plan.a.ld,
                                                        plan.b.ld)


def _render_matmul_blas(w: CWriter, ctx: RenderContext, plan: _MatmulPlan, blas_dt: DType,
                        epi: str | None) -> None:
    """One task per (batch, piece): the BLAS call for the piece's rows or columns, then
    rounding (f16/bf16) and the epilogue on the piece while it is in cache."""
    p = blas_prefix(ctx, blas_dt)
    ct = cstyle.ctype(blas_dt)
    scratch = _matmul_scratch(ctx, plan, blas_dt)
    w.line("rlx_blas_serial();")
    _blas_operands(w, ctx, plan, blas_dt, scratch)
    mode, extent = _gemm_mode(plan)
    min_work = PART_MIN_STREAM if mode.startswith("gemv") else PART_MIN_WORK
    # rlx's own matrix-vector kernel sums each element in one order however it is cut;
    # a cut of a BLAS call must not follow the thread count (BLAS_SPLIT_TASKS)
    own = (mode == "gemv_row" and not plan.b.trans) or (mode == "gemv_col" and plan.a.trans)
    bounds = _aligned_splits(extent, split_parts(ctx, plan.m * plan.n * plan.k, extent,
                                                 plan.batches, min_work,
                                                 None if own else BLAS_SPLIT_TASKS))
    parts = len(bounds) - 1
    parallel = ctx.threads > 1 and plan.flops >= PARALLEL_MIN_FLOPS and plan.batches * parts > 1
    w.line(c_table("split", bounds))
    w.pragma(omp_for(ctx, parallel))
    mn = plan.m * plan.n
    with w.block(f"for (int64_t task = 0; task < {plan.batches * parts}; task++)"):
        w.line(f"const int64_t bb = task / {parts};")
        w.line(f"const int64_t lo = split[task % {parts}], hi = split[task % {parts} + 1];")
        w.line(f"const {ct} *a = pa + {plan.a.offset('bb', plan.batch)};")
        w.line(f"const {ct} *b = pb + {plan.b.offset('bb', plan.batch)};")
        w.line(f"{ct} *c = pc + bb * {mn};")
        w.line(_gemm_call(ctx, p, plan, mode, blas_dt))
        _finish_block(w, ctx, plan, mode, "c" in scratch, epi)


def _blas_operands(w: CWriter, ctx: RenderContext, plan: _MatmulPlan, blas_dt: DType,
                   scratch: dict[str, int]) -> None:
    """Declare ``pa``, ``pb`` (the operands, or their converted copies) and ``pc`` (the
    output, or the f32 scratch product of an f16/bf16 result)."""
    ct = cstyle.ctype(blas_dt)
    ptrs = {}
    for key, op in (("a", plan.a), ("b", plan.b)):
        if key in scratch:
            write_conversion(w, ctx, f"rlx_{key}", op.node, plan.dtype, blas_dt)
            ptrs[key] = f"rlx_{key}"
        else:
            ptrs[key] = ctx.ptr(op.node, True)
    if "c" in scratch:
        w.line(ctx.scratch("rlx_c", blas_dt, scratch["c"]))
    c_base = "rlx_c" if "c" in scratch else ctx.ptr(plan.out)
    w.line(f"const {ct} *pa = {ptrs['a']};")
    w.line(f"const {ct} *pb = {ptrs['b']};")
    w.line(f"{ct} *pc = {c_base};")


def _zero_product(w: CWriter, ctx: RenderContext, plan: _MatmulPlan, epi: str | None) -> None:
    """An empty inner dimension: the product is zeros (then the epilogue)."""
    total = plan.batches * plan.m * plan.n
    w.line(f"memset({ctx.ptr(plan.out)}, 0, {total * plan.dtype.itemsize});")
    write_epilogue_call(w, epi, "0", str(total))


def _gemm_mode(plan: _MatmulPlan) -> tuple[str, int]:
    """How each batch's product is computed and split: ('gemv_row', N) for a row vector
    times a matrix, ('gemv_col', M) for a matrix times a column vector, else a GEMM split
    along its longer side — ('gemm_cols', N) or ('gemm_rows', M) — so that the operand
    every piece packs again (A for a column split, B for a row split) is the smaller."""
    if plan.m == 1:
        return "gemv_row", plan.n
    if plan.n == 1:
        return "gemv_col", plan.m
    if plan.n >= plan.m:
        return "gemm_cols", plan.n
    return "gemm_rows", plan.m


def _gemm_call(ctx: RenderContext, p: str, plan: _MatmulPlan, mode: str,
               blas_dt: DType) -> str:
    """The call computing rows or columns ``[lo, hi)`` of batch ``bb``'s product
    (pointers ``a``, ``b``, ``c`` at the batch's matrices). Vector operands are
    contiguous (stride 1) whichever way their matrix is stored."""
    a, b, n, k = plan.a, plan.b, plan.n, plan.k
    order = "CblasRowMajor"
    ta = "CblasTrans" if a.trans else "CblasNoTrans"
    tb = "CblasTrans" if b.trans else "CblasNoTrans"
    if mode == "gemv_row" and not b.trans:
        call = f"{gemv_rows(ctx, blas_dt)}({k}, hi - lo, a, b + lo, {b.ld}, c + lo);"
    elif mode == "gemv_col" and a.trans:
        call = f"{gemv_rows(ctx, blas_dt)}({k}, hi - lo, b, a + lo, {a.ld}, c + lo);"
    elif mode == "gemv_row":
        call = (f"scipy_cblas_{p}gemv({order}, CblasNoTrans, (int)(hi - lo), {k}, 1, "
                f"b + lo * {b.ld}, {b.ld}, a, 1, 0, c + lo, 1);")
    elif mode == "gemv_col":
        call = (f"scipy_cblas_{p}gemv({order}, CblasNoTrans, (int)(hi - lo), {k}, 1, "
                f"a + lo * {a.ld}, {a.ld}, b, 1, 0, c + lo, 1);")
    elif mode == "gemm_cols":
        call = (f"scipy_cblas_{p}gemm({order}, {ta}, {tb}, {plan.m}, (int)(hi - lo), {k}, 1, "
                f"a, {a.ld}, b + lo * {b.col_step}, {b.ld}, 0, c + lo, {n});")
    else:
        call = (f"scipy_cblas_{p}gemm({order}, {ta}, {tb}, (int)(hi - lo), {n}, {k}, 1, "
                f"a + lo * {a.row_step}, {a.ld}, b, {b.ld}, 0, c + lo * {n}, {n});")
    return call


def _block_range(plan: _MatmulPlan, mode: str) -> tuple[bool, str, str]:
    """(one range per row, f0, f1): the flat output elements of batch ``bb``'s block
    ``[lo, hi)`` — a row split is one range, a column split one range per row ``i``."""
    base = f"bb * {plan.m * plan.n}"
    if mode in ("gemm_cols", "gemv_row"):
        row = f" + i * {plan.n}" if plan.m > 1 else ""
        return plan.m > 1, f"{base}{row} + lo", f"{base}{row} + hi"
    return False, f"{base} + lo * {plan.n}", f"{base} + hi * {plan.n}"


def _finish_block(w: CWriter, ctx: RenderContext, plan: _MatmulPlan, mode: str, narrow: bool,
                  epi: str | None) -> None:
    """After a block's BLAS call: round it from the f32 scratch product into the output
    (f16/bf16 results), then apply the epilogue to it while it is in cache."""
    if not narrow and epi is None:
        return
    per_row, f0, f1 = _block_range(plan, mode)
    with w.block(f"for (int64_t i = 0; i < {plan.m}; i++)") if per_row else nullcontext():
        if narrow:
            with w.block(f"for (int64_t f = {f0}; f < {f1}; f++)"):
                w.line(f"{ctx.ptr(plan.out)}[f] = {cstyle.store(plan.dtype, 'rlx_c[f]')};")
        write_epilogue_call(w, epi, f0, f1)


def _render_matmul_loops(w: CWriter, ctx: RenderContext, plan: _MatmulPlan,
                         epi: str | None) -> None:
    """Row by row: each output row accumulates LOOP_TILE columns at a time (i-k-j order,
    the inner loop vectorised), operands converted to the result dtype as they are read."""
    dt = plan.dtype
    acc = accumulator_type(dt)
    a, b, m, n, k = plan.a, plan.b, plan.m, plan.n, plan.k
    parallel = ctx.threads > 1 and plan.flops >= PARALLEL_MIN_FLOPS and plan.batches * m > 1
    w.pragma(omp_for(ctx, parallel))
    a_value = element_value(ctx, a.node, f"ao + kk * {a.col_step}", dt)
    b_value = element_value(ctx, b.node, f"bo + kk * {b.row_step} + (j0 + j) * {b.col_step}", dt)
    with w.block(f"for (int64_t row = 0; row < {plan.batches * m}; row++)"):
        w.line(f"const int64_t bb = row / {m}, i = row % {m};")
        w.line(f"const int64_t ao = {a.offset('bb', plan.batch)} + i * {a.row_step};")
        w.line(f"const int64_t bo = {b.offset('bb', plan.batch)};")
        with w.block(f"for (int64_t j0 = 0; j0 < {n}; j0 += {LOOP_TILE})"):
            w.line(f"const int64_t jn = {n} - j0 < {LOOP_TILE} ? {n} - j0 : {LOOP_TILE};")
            w.line(f"{acc} acc[{LOOP_TILE}];")
            w.line("for (int64_t j = 0; j < jn; j++) acc[j] = 0;")
            with w.block(f"for (int64_t kk = 0; kk < {k}; kk++)"):
                w.line(f"const {acc} av = ({acc})({a_value});")
                w.line("#pragma omp simd")
                with w.block("for (int64_t j = 0; j < jn; j++)"):
                    w.line(f"acc[j] += av * ({acc})({b_value});")
            with w.block("for (int64_t j = 0; j < jn; j++)"):
                w.line(f"{ctx.ptr(plan.out)}[row * {n} + j0 + j] = {finish_value(dt, 'acc[j]')};")
        write_epilogue_call(w, epi, f"row * {n}", f"row * {n} + {n}")


KIND_RENDERERS = {"matmul": render_matmul}
OP_RENDERERS = {op: single_node_renderer(op, fn) for op, fn in KIND_RENDERERS.items()}
SUPPORTED: frozenset[str] = frozenset(KIND_RENDERERS)
RENDERS = Renders(__name__, kinds=KIND_RENDERERS, ops=OP_RENDERERS, claims=SUPPORTED)
