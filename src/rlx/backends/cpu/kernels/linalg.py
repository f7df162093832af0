"""Matrix products, convolutions and attention for the cpu backend.

Kernel kinds rendered here (and the same ops as single-node ``op`` kernels):

* ``matmul``: optional transposes of the operands' last two axes (read transposed
  through BLAS flags or strides, never materialised), the matmul, then an optional
  elementwise epilogue (bias, activation, residual) over the result;
* ``conv``: conv1d / conv2d (NCL / NCHW, stride, per-dim (before, after) padding,
  dilation, groups, optional bias) and an optional epilogue;
* ``attention``: optional transposes of q / k / v (read with strides) and of the result
  (written with strides) around one attention op; no epilogue.

Paths. Results of dtype f32 / f64 — and f16 / bf16 matmuls and convolutions, whose
operands are widened to f32 and whose f32 products are rounded once — run on the BLAS
shipped in scipy-openblas32 (``scipy_cblas_*``):

* matmul: ``?gemm``, or a matrix-vector product when one side is a vector (M == 1 or
  N == 1: ``?gemv``, or the generated ``rlx_gemv_rows_*`` kernel, see Threads); batch
  axes broadcast through per-operand batch strides, and a right operand without batch
  axes folds the batch into M (one large GEMM). Operands of another dtype than the
  one BLAS runs in are converted once into a scratch copy (cast semantics).
* conv: im2col of a column chunk of the output positions into a per-thread scratch
  buffer (skipped for pointwise f32/f64 convolutions), one GEMM per (image, group,
  chunk) — a vector-matrix product when a group has one output channel.
* attention (f32 / f64): per (batch, head, block of query rows) ``scores = scale * Q
  K^T`` by GEMM with leading dimensions taken from the strides, masked exponentials in
  place, ``P V`` by GEMM written through the output strides, then each output row
  scaled by 1 / (its sum of weights). A single query position (decoding) groups the
  query heads that share a kv head into one GEMM, or uses ``?gemv`` when none share.

Everything else (integer matmuls, f16 / bf16 attention, and any case BLAS cannot
express: 32-bit size overflow, scratch over ``SCRATCH_LIMIT_BYTES``, strides without a
unit axis) runs as generated loops: integers accumulate in 64 bits and wrap to their
dtype (exactly numpy's result), floats accumulate in float (f16, bf16, f32) or double
(f64).

Epilogues. The elementwise members are applied in place by a helper function
``rlx_epi_n<anchor>(slots, arena, f0, f1)`` over flat output elements ``[f0, f1)``,
called for each block right after the GEMM (or loop) that produced it, while the block
is still in cache.

Threads. Work is split over OpenMP threads (``num_threads`` of the executable) and BLAS
is called from inside the parallel regions, so BLAS itself must stay single-threaded:
every BLAS kernel first calls ``rlx_blas_serial()``, which sets OpenBLAS to one thread
if something else changed it (one pool of threads, never two competing for the same
cores). Results of 1 and N threads are identical:

* batches, attention row blocks and conv im2col chunks are cut by shape alone;
* a single GEMM (or a conv with fewer tasks than threads) is cut into one piece per
  thread, on multiples of ``SPLIT_ALIGN`` columns (or rows), each piece at least
  ``PART_MIN_EXTENT`` wide and ``PART_MIN_WORK`` multiply-adds: OpenBLAS's GEMM then
  computes every element exactly as the uncut call does (its small-matrix kernels,
  which round differently, only take smaller products; checked by a randomised sweep
  of OpenBLAS 0.3.34 and by the tests);
* OpenBLAS's ``?gemv`` on a row-major matrix read across (``x @ W``) rounds differently
  for different column ranges, so that case runs a generated kernel
  (``rlx_gemv_rows_*``) that sums over k in a fixed order with fused multiply-adds.

Scratch. Scratch buffers are ``static`` arrays sized at render time (zero pages until
first use). They belong to the shared object, and clones of an executable — and
executables compiled from the same source, which load the same shared object — share
them: such executables must not run concurrently from several Python threads.
"""

from __future__ import annotations

from dataclasses import dataclass

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.render import RenderContext, _offset_expr
from rlx.errors import UnsupportedOpError
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, OPS
from rlx.ir.types import Shape, broadcast_shapes, numel
from rlx.passes.loops import LoopNest, broadcast_strides, loop_nest, row_major_strides
from rlx.passes.program import Kernel

SCRATCH_LIMIT_BYTES = 64 << 20
"""Most static scratch one kernel may declare; beyond it the kernel uses plain loops."""
CHUNK_ELEMENTS = 1 << 18
"""Target size of one thread's im2col / score block (1 MiB of f32: stays in L2)."""
PARALLEL_MIN_FLOPS = 1 << 18
"""Multiply-adds below which a kernel runs on one thread."""
PART_MIN_WORK = 1 << 21
"""Fewest multiply-adds in one piece of a split product."""
PART_MIN_EXTENT = 128
"""Fewest rows / columns in one piece of a split product."""
GEMV_BLOCK = 2048
"""Columns one pass of the generated matrix-vector kernel accumulates (8 KiB of f32)."""
PARALLEL_MIN_COPY = 1 << 16
"""Elements below which an operand conversion runs on one thread."""
SPLIT_ALIGN = 16
"""GEMM splits fall on multiples of this many rows / columns."""
LOOP_TILE = 64
"""Columns one accumulator block of the loop matmul holds."""
BLAS_INT_MAX = (1 << 31) - 1
"""scipy-openblas32 takes 32-bit sizes and leading dimensions."""

BLAS_SERIAL = """\
/* Generated kernels split work over OpenMP threads and call BLAS inside the parallel
   regions, so OpenBLAS must stay single-threaded (its own pool would compete with
   OpenMP's for the same cores). */
static void rlx_blas_serial(void) {
    if (scipy_openblas_get_num_threads() != 1) scipy_openblas_set_num_threads(1);
}"""

THREAD_ID = """\
static inline int rlx_thread_id(void) {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}"""


# =========================================================================== shared helpers

def _is_elementwise(node: Node) -> bool:
    return OPS[node.op].category in ELEMENTWISE_CATEGORIES


def _anchor(graph: Graph, kernel: Kernel, op: str) -> int:
    """The id of the kernel's ``op`` node."""
    for nid in kernel.nodes:
        if graph.nodes[nid].op == op:
            return nid
    raise UnsupportedOpError(f"cpu backend: kernel {kernel.name} has no {op} node")


def _blas_dtype(dt: DType) -> DType | None:
    """The dtype BLAS computes a ``dt`` result in: f32 for f32/f16/bf16, f64 for f64."""
    if dt in (DType.F32, DType.F16, DType.BF16):
        return DType.F32
    if dt is DType.F64:
        return DType.F64
    return None


def _blas_prefix(ctx: RenderContext, dt: DType) -> str:
    """'s' or 'd' for BLAS routines on ``dt``; marks BLAS as needed."""
    ctx.need("blas")
    ctx.add_helper("rlx_blas_serial", BLAS_SERIAL)
    return "s" if dt is DType.F32 else "d"


def _thread_id(ctx: RenderContext) -> str:
    ctx.add_helper("rlx_thread_id", THREAD_ID)
    return "rlx_thread_id()"


def _omp_for(ctx: RenderContext, parallel: bool) -> str:
    """Pragma splitting the next loop over the executable's threads ('' when serial).

    ``num_threads`` is explicit so that per-thread scratch (indexed by thread id) never
    overflows, whatever the calling thread's OpenMP defaults are."""
    if not parallel:
        return ""
    return f"#pragma omp parallel for num_threads({ctx.threads}) schedule(static)"


def _thread_slots(ctx: RenderContext, parallel: bool) -> int:
    """How many per-thread copies a scratch buffer needs."""
    return ctx.threads if parallel else 1


def _static_buffer(name: str, ctype: str, count: int) -> str:
    """Declaration of a zero-initialised, 64-byte aligned static array."""
    return f"    static {ctype} {name}[{max(count, 1)}] __attribute__((aligned(64)));"


def _c_table(name: str, values: list[int]) -> str:
    return f"static const int64_t {name}[{len(values)}] = {{{', '.join(map(str, values))}}};"


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


def _parts(ctx: RenderContext, work: int, extent: int, batches: int) -> int:
    """How many pieces to cut each of ``batches`` products of ``work`` multiply-adds into,
    along an axis of ``extent``: enough for every thread to have a task, with every
    piece at least PART_MIN_WORK and PART_MIN_EXTENT (1 when the batches suffice)."""
    if batches >= ctx.threads:
        return 1
    want = -(-ctx.threads // batches)
    return max(1, min(want, extent // PART_MIN_EXTENT, work // PART_MIN_WORK))


def _accumulator(dt: DType) -> str:
    """C type a loop kernel accumulates ``dt`` results in."""
    if dt.is_float:
        return cstyle.cty(dt)
    return "int64_t" if dt.is_signed else "uint64_t"


def _finish(dt: DType, acc: str) -> str:
    """Storage value of ``dt`` for accumulator ``acc`` (integers wrap)."""
    if dt.is_float:
        return cstyle.store(dt, f"({cstyle.cty(dt)})({acc})")
    return f"({cstyle.ctype(dt)})({acc})"


def _element(ctx: RenderContext, nid: int, ref_index: str, to: DType) -> str:
    """Node ``nid``'s element at ``ref_index`` converted (cast semantics) to the compute
    type of ``to``."""
    dt = ctx.dtype(nid)
    value = cstyle.load(dt, f"{ctx.ptr(nid, True)}[{ref_index}]")
    return cstyle.convert(value, dt, to)


def _epilogue_function(ctx: RenderContext, kernel: Kernel, anchor: int) -> str | None:
    """Name of a helper applying the kernel's elementwise members to flat output elements
    ``[f0, f1)`` in place, or None when the kernel has none.

    The helper is ``void f(void **slots, uint8_t *arena, int64_t f0, int64_t f1)``; the
    anchor's value (already rounded to its dtype) is read back from the output buffer,
    which fusion guarantees has the anchor's shape and dtype. Every elementwise member
    counts, including trees absorbed from the other operand of an epilogue node (their
    ids may precede the anchor's)."""
    g = ctx.graph
    body = [n for n in kernel.nodes if n != anchor and _is_elementwise(g.nodes[n])]
    if not body:
        return None
    nest = loop_nest(g, body, kernel.outputs[0], g.nodes[anchor].shape)
    name = f"rlx_epi_n{anchor}"
    ctx.add_helper(name, _epilogue_source(ctx, name, nest, anchor))
    return name


def _epilogue_source(ctx: RenderContext, name: str, nest: LoopNest, anchor: int) -> str:
    """The epilogue helper: the flat range walks the domain's rows (its last axis is a
    row), computing each load's row offset once per row and vectorising along the row."""
    domain = nest.domain
    cols = domain[-1] if domain else 1
    out_dt = ctx.dtype(nest.store)
    out = ctx.ptr(nest.store)
    lines = [f"static void {name}(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {{",
             "    (void)slots; (void)arena;",
             f"    for (int64_t r = f0 / {cols}; r * {cols} < f1; r++) {{",
             f"        const int64_t j0 = r * {cols} < f0 ? f0 - r * {cols} : 0;",
             f"        const int64_t j1 = (r + 1) * {cols} > f1 ? f1 - r * {cols} : {cols};"]
    offsets = []
    for i, ld in enumerate(nest.loads):
        if not domain:
            offsets.append("0")
            continue
        row = _offset_expr(ld.strides[:-1], domain[:-1], "r")
        lines.append(f"        const int64_t ro{i} = {row};")
        offsets.append(f"ro{i} + j * {ld.strides[-1]}" if ld.strides[-1] else f"ro{i}")
    indent = " " * 12
    value_of_anchor = cstyle.load(out_dt, f"{out}[r * {cols} + j]")
    body, value = ctx.nest_values(nest, offsets, {anchor: f"a{anchor}"}, indent)
    lines += ["        #pragma omp simd",
              "        for (int64_t j = j0; j < j1; j++) {",
              f"{indent}const {cstyle.cty(out_dt)} a{anchor} = {value_of_anchor};"]
    lines += body
    lines += [f"{indent}{out}[r * {cols} + j] = {cstyle.store(out_dt, value)};",
              "        }", "    }", "}"]
    return "\n".join(lines)


def _epilogue_call(epi: str | None, f0: str, f1: str, indent: str) -> list[str]:
    if epi is None:
        return []
    return [f"{indent}{epi}(slots, arena, {f0}, {f1});"]


def _fits_blas(*sizes: int) -> bool:
    return all(s <= BLAS_INT_MAX for s in sizes)


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
    anchor = _anchor(g, kernel, "matmul")
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
    """A matmul kernel: BLAS for float results that fit, generated loops otherwise."""
    plan = _plan_matmul(ctx, kernel)
    epi = _epilogue_function(ctx, kernel, plan.anchor)
    if plan.batches * plan.m * plan.n == 0:
        return "    /* empty result */"
    if plan.k == 0:
        return "\n".join(_zero_product(ctx, plan, epi))
    blas_dt = _blas_dtype(plan.dtype)
    if blas_dt is not None and _matmul_blas_ok(ctx, plan, blas_dt):
        return _render_matmul_blas(ctx, plan, blas_dt, epi)
    return _render_matmul_loops(ctx, plan, epi)


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
    return scratch <= SCRATCH_LIMIT_BYTES and _fits_blas(plan.m, plan.n, plan.k, plan.a.ld,
                                                         plan.b.ld)


def _convert_into(ctx: RenderContext, name: str, nid: int, via: DType, to: DType) -> list[str]:
    """Statements filling static buffer ``name`` with node ``nid``'s elements converted to
    ``via`` (cast semantics: the matmul's result dtype) and then widened to ``to``."""
    count = numel(ctx.shape(nid))
    value = cstyle.convert(_element(ctx, nid, "e", via), via, to)
    lines = [_static_buffer(name, cstyle.ctype(to), count)]
    pragma = _omp_for(ctx, ctx.threads > 1 and count >= PARALLEL_MIN_COPY)
    if pragma:
        lines.append("    " + pragma)
    lines += [f"    for (int64_t e = 0; e < {count}; e++) {{",
              f"        {name}[e] = {value};", "    }"]
    return lines


def _render_matmul_blas(ctx: RenderContext, plan: _MatmulPlan, blas_dt: DType,
                        epi: str | None) -> str:
    """One task per (batch, piece): the BLAS call for the piece's rows or columns, then
    rounding (f16/bf16) and the epilogue on the piece while it is in cache."""
    p = _blas_prefix(ctx, blas_dt)
    ct = cstyle.ctype(blas_dt)
    scratch = _matmul_scratch(ctx, plan, blas_dt)
    lines = ["    rlx_blas_serial();"] + _blas_operands(ctx, plan, blas_dt, scratch)
    mode, extent = _gemm_mode(plan)
    bounds = _aligned_splits(extent, _parts(ctx, plan.m * plan.n * plan.k, extent, plan.batches))
    parts = len(bounds) - 1
    parallel = ctx.threads > 1 and plan.flops >= PARALLEL_MIN_FLOPS and plan.batches * parts > 1
    lines.append("    " + _c_table("split", bounds))
    pragma = _omp_for(ctx, parallel)
    if pragma:
        lines.append("    " + pragma)
    mn = plan.m * plan.n
    lines += [f"    for (int64_t task = 0; task < {plan.batches * parts}; task++) {{",
              f"        const int64_t bb = task / {parts};",
              f"        const int64_t lo = split[task % {parts}], hi = split[task % {parts} + 1];",
              f"        const {ct} *a = pa + {plan.a.offset('bb', plan.batch)};",
              f"        const {ct} *b = pb + {plan.b.offset('bb', plan.batch)};",
              f"        {ct} *c = pc + bb * {mn};"]
    lines += _gemm_call(ctx, p, plan, mode, blas_dt)
    lines += _finish_block(ctx, plan, mode, "c" in scratch, epi)
    lines.append("    }")
    return "\n".join(lines)


def _blas_operands(ctx: RenderContext, plan: _MatmulPlan, blas_dt: DType,
                   scratch: dict[str, int]) -> list[str]:
    """Declarations of ``pa``, ``pb`` (the operands, or their converted copies) and ``pc``
    (the output, or the f32 scratch product of an f16/bf16 result)."""
    ct = cstyle.ctype(blas_dt)
    lines = []
    ptrs = {}
    for key, op in (("a", plan.a), ("b", plan.b)):
        if key in scratch:
            lines += _convert_into(ctx, f"rlx_{key}", op.node, plan.dtype, blas_dt)
            ptrs[key] = f"rlx_{key}"
        else:
            ptrs[key] = ctx.ptr(op.node, True)
    if "c" in scratch:
        lines.append(_static_buffer("rlx_c", ct, scratch["c"]))
    c_base = "rlx_c" if "c" in scratch else ctx.ptr(plan.out)
    return lines + [f"    const {ct} *pa = {ptrs['a']};", f"    const {ct} *pb = {ptrs['b']};",
                    f"    {ct} *pc = {c_base};"]


def _zero_product(ctx: RenderContext, plan: _MatmulPlan, epi: str | None) -> list[str]:
    """An empty inner dimension: the product is zeros (then the epilogue)."""
    total = plan.batches * plan.m * plan.n
    out = ctx.ptr(plan.out)
    return ([f"    memset({out}, 0, {total * plan.dtype.itemsize});"]
            + _epilogue_call(epi, "0", str(total), "    "))


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
               blas_dt: DType) -> list[str]:
    """The call computing rows or columns ``[lo, hi)`` of batch ``bb``'s product
    (pointers ``a``, ``b``, ``c`` at the batch's matrices). Vector operands are
    contiguous (stride 1) whichever way their matrix is stored."""
    a, b, n, k = plan.a, plan.b, plan.n, plan.k
    order = "CblasRowMajor"
    ta = "CblasTrans" if a.trans else "CblasNoTrans"
    tb = "CblasTrans" if b.trans else "CblasNoTrans"
    indent = "        "
    if mode == "gemv_row" and not b.trans:
        call = f"{_gemv_rows(ctx, blas_dt)}({k}, hi - lo, a, b + lo, {b.ld}, c + lo);"
    elif mode == "gemv_col" and a.trans:
        call = f"{_gemv_rows(ctx, blas_dt)}({k}, hi - lo, b, a + lo, {a.ld}, c + lo);"
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
    return [indent + call]


def _gemv_rows(ctx: RenderContext, dt: DType) -> str:
    """Name of the generated kernel ``f(k, n, x, w, ld, y)``: ``y[j] = sum_i x[i] *
    w[i * ld + j]`` for ``j < n`` — a vector times a row-major matrix read across. It
    sums over ``i`` in order, four rows per pass with fused multiply-adds, so every
    split of the columns gives the same bits (OpenBLAS's gemv does not)."""
    ct = cstyle.ctype(dt)
    fma = "fmaf" if dt is DType.F32 else "fma"
    name = f"rlx_gemv_rows_{dt.value}"
    ctx.add_helper(name, "\n".join([
        f"static void {name}(int64_t k, int64_t n, const {ct} *x, const {ct} *w, int64_t ld,",
        f"        {ct} *y) {{",
        f"    for (int64_t j0 = 0; j0 < n; j0 += {GEMV_BLOCK}) {{",
        f"        const int64_t nb = n - j0 < {GEMV_BLOCK} ? n - j0 : {GEMV_BLOCK};",
        f"        {ct} acc[{GEMV_BLOCK}];",
        "        for (int64_t j = 0; j < nb; j++) acc[j] = 0;",
        "        int64_t i = 0;",
        "        for (; i + 4 <= k; i += 4) {",
        f"            const {ct} x0 = x[i], x1 = x[i + 1], x2 = x[i + 2], x3 = x[i + 3];",
        f"            const {ct} *w0 = w + i * ld + j0, *w1 = w0 + ld, *w2 = w1 + ld, "
        "*w3 = w2 + ld;",
        "            #pragma omp simd",
        "            for (int64_t j = 0; j < nb; j++) {",
        f"                acc[j] = {fma}(x3, w3[j], {fma}(x2, w2[j], {fma}(x1, w1[j], "
        f"{fma}(x0, w0[j], acc[j]))));",
        "            }",
        "        }",
        "        for (; i < k; i++) {",
        f"            const {ct} xi = x[i], *wi = w + i * ld + j0;",
        "            #pragma omp simd",
        f"            for (int64_t j = 0; j < nb; j++) acc[j] = {fma}(xi, wi[j], acc[j]);",
        "        }",
        "        for (int64_t j = 0; j < nb; j++) y[j0 + j] = acc[j];",
        "    }",
        "}"]))
    return name


def _block_range(plan: _MatmulPlan, mode: str) -> tuple[bool, str, str]:
    """(one range per row, f0, f1): the flat output elements of batch ``bb``'s block
    ``[lo, hi)`` — a row split is one range, a column split one range per row ``i``."""
    base = f"bb * {plan.m * plan.n}"
    if mode in ("gemm_cols", "gemv_row"):
        row = f" + i * {plan.n}" if plan.m > 1 else ""
        return plan.m > 1, f"{base}{row} + lo", f"{base}{row} + hi"
    return False, f"{base} + lo * {plan.n}", f"{base} + hi * {plan.n}"


def _finish_block(ctx: RenderContext, plan: _MatmulPlan, mode: str, narrow: bool,
                  epi: str | None) -> list[str]:
    """After a block's BLAS call: round it from the f32 scratch product into the output
    (f16/bf16 results), then apply the epilogue to it while it is in cache."""
    per_row, f0, f1 = _block_range(plan, mode)
    indent = "            " if per_row else "        "
    body = []
    if narrow:
        value = cstyle.store(plan.dtype, "rlx_c[f]")
        body += [f"{indent}for (int64_t f = {f0}; f < {f1}; f++) {{",
                 f"{indent}    {ctx.ptr(plan.out)}[f] = {value};", f"{indent}}}"]
    body += _epilogue_call(epi, f0, f1, indent)
    if not body or not per_row:
        return body
    return [f"        for (int64_t i = 0; i < {plan.m}; i++) {{"] + body + ["        }"]


def _render_matmul_loops(ctx: RenderContext, plan: _MatmulPlan, epi: str | None) -> str:
    """Row by row: each output row accumulates LOOP_TILE columns at a time (i-k-j order,
    the inner loop vectorised), operands converted to the result dtype as they are read."""
    dt = plan.dtype
    acc = _accumulator(dt)
    a, b, m, n, k = plan.a, plan.b, plan.m, plan.n, plan.k
    parallel = ctx.threads > 1 and plan.flops >= PARALLEL_MIN_FLOPS and plan.batches * m > 1
    lines = []
    pragma = _omp_for(ctx, parallel)
    if pragma:
        lines.append("    " + pragma)
    a_value = _element(ctx, a.node, f"ao + kk * {a.col_step}", dt)
    b_value = _element(ctx, b.node, f"bo + kk * {b.row_step} + (j0 + j) * {b.col_step}", dt)
    lines += [
        f"    for (int64_t row = 0; row < {plan.batches * m}; row++) {{",
        f"        const int64_t bb = row / {m}, i = row % {m};",
        f"        const int64_t ao = {a.offset('bb', plan.batch)} + i * {a.row_step};",
        f"        const int64_t bo = {b.offset('bb', plan.batch)};",
        f"        for (int64_t j0 = 0; j0 < {n}; j0 += {LOOP_TILE}) {{",
        f"            const int64_t jn = {n} - j0 < {LOOP_TILE} ? {n} - j0 : {LOOP_TILE};",
        f"            {acc} acc[{LOOP_TILE}];",
        "            for (int64_t j = 0; j < jn; j++) acc[j] = 0;",
        f"            for (int64_t kk = 0; kk < {k}; kk++) {{",
        f"                const {acc} av = ({acc})({a_value});",
        "                #pragma omp simd",
        "                for (int64_t j = 0; j < jn; j++) {",
        f"                    acc[j] += av * ({acc})({b_value});",
        "                }",
        "            }",
        "            for (int64_t j = 0; j < jn; j++) {",
        f"                {ctx.ptr(plan.out)}[row * {n} + j0 + j] = {_finish(dt, 'acc[j]')};",
        "            }",
        "        }",
    ]
    lines += _epilogue_call(epi, f"row * {n}", f"row * {n} + {n}", "        ")
    lines.append("    }")
    return "\n".join(lines)


# =========================================================================== conv

@dataclass(frozen=True)
class _ConvPlan:
    """A conv as 2-D geometry (conv1d has a height of 1); pads are the 'before' pads
    (the 'after' pads are implied by the output size)."""

    anchor: int
    out: int
    dtype: DType
    x: int
    w: int
    bias: int | None
    n: int
    cin: int
    cout: int
    groups: int
    ih: int
    iw: int
    oh: int
    ow: int
    kh: int
    kw: int
    sh: int
    sw: int
    dh: int
    dw: int
    ph: int
    pw: int

    @property
    def cig(self) -> int:
        return self.cin // self.groups

    @property
    def cog(self) -> int:
        return self.cout // self.groups

    @property
    def kdim(self) -> int:
        """Rows of one group's im2col matrix: input channels times kernel taps."""
        return self.cig * self.kh * self.kw

    @property
    def positions(self) -> int:
        return self.oh * self.ow

    @property
    def flops(self) -> int:
        return self.n * self.cout * self.positions * self.kdim

    @property
    def pointwise(self) -> bool:
        """A 1x1 kernel over the unpadded input at stride 1: the input is its own im2col."""
        return (self.kh == self.kw == self.sh == self.sw == 1 and self.ph == self.pw == 0
                and (self.oh, self.ow) == (self.ih, self.iw))


def _plan_conv(ctx: RenderContext, kernel: Kernel) -> _ConvPlan:
    """The kernel's conv with its attributes; conv1d becomes a conv2d of height 1."""
    g = ctx.graph
    anchor = _anchor(g, kernel, "conv")
    node = g.nodes[anchor]
    x, w = node.inputs[0], node.inputs[1]
    bias = node.inputs[2] if len(node.inputs) == 3 else None
    xs, ws, ys = g.nodes[x].shape, g.nodes[w].shape, node.shape
    stride, dilation = node.attr("stride"), node.attr("dilation")
    before = tuple(p[0] for p in node.attr("padding"))
    if len(xs) == 3:  # conv1d: a height of 1
        xs, ws, ys = xs[:2] + (1,) + xs[2:], ws[:2] + (1,) + ws[2:], ys[:2] + (1,) + ys[2:]
        stride, dilation, before = (1,) + stride, (1,) + dilation, (0,) + before
    return _ConvPlan(anchor, kernel.outputs[0], node.dtype, x, w, bias, xs[0], xs[1], ws[0],
                     node.attr("groups"), xs[2], xs[3], ys[2], ys[3], ws[2], ws[3], stride[0],
                     stride[1], dilation[0], dilation[1], before[0], before[1])


def render_conv(ctx: RenderContext, kernel: Kernel) -> str:
    """A conv kernel: im2col + BLAS GEMM for every float dtype (f16/bf16 via f32), direct
    loops when the sizes do not fit BLAS or its scratch."""
    plan = _plan_conv(ctx, kernel)
    epi = _epilogue_function(ctx, kernel, plan.anchor)
    if plan.n * plan.cout * plan.positions == 0:
        return "    /* empty result */"
    blas_dt = _blas_dtype(plan.dtype)
    chunks = _conv_chunks(ctx, plan)
    if plan.kdim > 0 and _conv_scratch_bytes(ctx, plan, chunks) <= SCRATCH_LIMIT_BYTES \
            and _fits_blas(plan.kdim, plan.positions, plan.cog):
        return _render_conv_im2col(ctx, plan, blas_dt, chunks, epi)
    return _render_conv_direct(ctx, plan, epi)


def _conv_parallel(ctx: RenderContext, plan: _ConvPlan) -> bool:
    return ctx.threads > 1 and plan.flops >= PARALLEL_MIN_FLOPS


def _conv_chunks(ctx: RenderContext, plan: _ConvPlan) -> list[int]:
    """Boundaries of the column chunks of output positions one task handles: small
    enough for a chunk's im2col to stay in cache (a cut that does not depend on the
    thread count), and cut further like a GEMM (:func:`_parts`) only when that leaves
    fewer (image, group, chunk) tasks than threads."""
    p = plan.positions
    width = p
    if _conv_needs_copy(plan)[0]:
        budget = CHUNK_ELEMENTS // max(plan.kdim, 1) // SPLIT_ALIGN * SPLIT_ALIGN
        width = min(p, max(SPLIT_ALIGN, budget))
    pairs = plan.n * plan.groups
    if pairs * -(-p // width) < ctx.threads:
        parts = _parts(ctx, plan.cog * p * plan.kdim, p, pairs)
        even = -(-p // parts)
        width = min(width, -(-even // SPLIT_ALIGN) * SPLIT_ALIGN)
    return list(range(0, p, width)) + [p]


def _conv_needs_copy(plan: _ConvPlan) -> tuple[bool, bool]:
    """(im2col copy needed, f32 product scratch needed) for the BLAS path."""
    narrow = plan.dtype != _blas_dtype(plan.dtype)
    return (narrow or not plan.pointwise), narrow


def _conv_scratch_bytes(ctx: RenderContext, plan: _ConvPlan, chunks: list[int]) -> int:
    """Static scratch of the im2col path: per-thread im2col and product blocks, plus the
    widened weights for f16/bf16."""
    width = max(b - a for a, b in zip(chunks, chunks[1:]))
    slots = _thread_slots(ctx, _conv_parallel(ctx, plan))
    copy, narrow = _conv_needs_copy(plan)
    per_thread = (plan.kdim * width if copy else 0) + (plan.cog * width if narrow else 0)
    weights = plan.cout * plan.kdim if narrow else 0
    return (slots * per_thread + weights) * _blas_dtype(plan.dtype).itemsize


def _render_conv_im2col(ctx: RenderContext, plan: _ConvPlan, blas_dt: DType,
                        chunks: list[int], epi: str | None) -> str:
    """One task per (image, group, column chunk): im2col of the chunk into this thread's
    scratch (the input itself for pointwise f32/f64), a GEMM with the group's weights
    (the generated vector-matrix kernel when a group has one output channel), then
    bias, rounding (f16/bf16) and the epilogue on the block."""
    p = _blas_prefix(ctx, blas_dt)
    ct = cstyle.ctype(blas_dt)
    copy, narrow = _conv_needs_copy(plan)
    nchunks = len(chunks) - 1
    tasks = plan.n * plan.groups * nchunks
    parallel = _conv_parallel(ctx, plan) and tasks > 1
    slots = _thread_slots(ctx, parallel)
    width = max(b - a for a, b in zip(chunks, chunks[1:]))
    tid = _thread_id(ctx) if slots > 1 else "0"
    lines = ["    rlx_blas_serial();", "    " + _c_table("split", chunks)]
    if narrow:
        lines += _convert_into(ctx, "rlx_w", plan.w, plan.dtype, blas_dt)
        lines.append(_static_buffer("rlx_c", ct, slots * plan.cog * width))
    if copy:
        lines.append(_static_buffer("rlx_cols", ct, slots * plan.kdim * width))
    pragma = _omp_for(ctx, parallel)
    if pragma:
        lines.append("    " + pragma)
    lines += _conv_task_header(plan, tasks, nchunks)
    if copy:
        lines.append(f"        {ct} *cols = rlx_cols + (int64_t){tid} * {plan.kdim * width};")
        lines += _im2col_lines(ctx, plan, blas_dt)
        b_ptr, ldb = "cols", "w"
    else:
        b_ptr, ldb = f"{ctx.ptr(plan.x, True)} + xo + lo", str(plan.positions)
    if narrow:
        lines.append(f"        {ct} *cb = rlx_c + (int64_t){tid} * {plan.cog * width};")
        c_ptr, ldc = "cb", "w"
    else:
        c_ptr, ldc = f"{ctx.ptr(plan.out)} + base + lo", str(plan.positions)
    weights = f"{'rlx_w' if narrow else ctx.ptr(plan.w, True)} + g * {plan.cog * plan.kdim}"
    if plan.cog == 1:  # one output channel per group (depthwise): a vector-matrix product
        lines.append(f"        {_gemv_rows(ctx, blas_dt)}({plan.kdim}, w, {weights}, {b_ptr}, "
                     f"{ldb}, {c_ptr});")
    else:
        lines.append(f"        scipy_cblas_{p}gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, "
                     f"{plan.cog}, (int)w, {plan.kdim}, 1, {weights}, {plan.kdim}, {b_ptr}, "
                     f"(int){ldb}, 0, {c_ptr}, (int){ldc});")
    lines += _conv_finish_lines(ctx, plan, c_ptr if narrow else None)
    lines += _conv_block_epilogue(plan, nchunks, epi)
    lines.append("    }")
    return "\n".join(lines)


def _conv_task_header(plan: _ConvPlan, tasks: int, nchunks: int) -> list[str]:
    """Open the task loop: image ``n``, group ``g``, output positions ``[lo, hi)`` (``w``
    of them), the block's output offset ``base`` and the group's input offset ``xo``."""
    return [f"    for (int64_t task = 0; task < {tasks}; task++) {{",
            f"        const int64_t ng = task / {nchunks}, chunk = task % {nchunks};",
            f"        const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};",
            "        const int64_t lo = split[chunk], hi = split[chunk + 1], w = hi - lo;",
            f"        const int64_t base = (n * {plan.cout} + g * {plan.cog}) * {plan.positions};",
            f"        const int64_t xo = (n * {plan.cin} + g * {plan.cig}) * "
            f"{plan.ih * plan.iw};"]


def _im2col_lines(ctx: RenderContext, plan: _ConvPlan, to: DType) -> list[str]:
    """Fill ``cols`` (kdim rows of ``w`` values) with the input values under each kernel
    tap for output positions ``[lo, hi)``, zeros in the padding, converted to ``to``.

    Positions are walked in runs along one output row; in a run the taps inside the
    input form one range ``[t0, t1)`` (computed, not tested per element), so the copy
    loop is branch-free and vectorises."""
    taps, sw = plan.kh * plan.kw, plan.sw
    value = cstyle.convert(_element(ctx, plan.x, f"xr + ix0 + t * {sw}", plan.dtype),
                           plan.dtype, to)
    zero = cstyle.literal(0, to)
    return [
        f"        for (int64_t r = 0; r < {plan.kdim}; r++) {{",
        f"            const int64_t ci = r / {taps}, ki = (r % {taps}) / {plan.kw}, "
        f"kj = r % {plan.kw};",
        f"            const int64_t xc = xo + ci * {plan.ih * plan.iw};",
        f"            {cstyle.ctype(to)} *dst = cols + r * w;",
        "            for (int64_t q = 0; q < w;) {",
        f"                const int64_t oy = (lo + q) / {plan.ow}, ox0 = (lo + q) % {plan.ow};",
        f"                const int64_t run = {plan.ow} - ox0 < w - q ? {plan.ow} - ox0 : w - q;",
        f"                const int64_t iy = oy * {plan.sh} - {plan.ph} + ki * {plan.dh};",
        f"                const int64_t xr = xc + iy * {plan.iw};",
        f"                const int64_t ix0 = ox0 * {sw} - {plan.pw} + kj * {plan.dw};",
        f"                int64_t t0 = ix0 < 0 ? (-ix0 + {sw - 1}) / {sw} : 0;",
        f"                const int64_t room = {plan.iw} - ix0;",
        f"                int64_t t1 = room > 0 ? (room + {sw - 1}) / {sw} : 0;",
        "                t1 = t1 < run ? t1 : run;",
        f"                if (iy < 0 || iy >= {plan.ih}) t1 = 0;",
        "                t0 = t0 < t1 ? t0 : t1;",
        f"                for (int64_t t = 0; t < t0; t++) dst[q + t] = {zero};",
        "                #pragma omp simd",
        f"                for (int64_t t = t0; t < t1; t++) dst[q + t] = {value};",
        f"                for (int64_t t = t1; t < run; t++) dst[q + t] = {zero};",
        "                q += run;",
        "            }",
        "        }",
    ]


def _conv_finish_lines(ctx: RenderContext, plan: _ConvPlan, scratch: str | None) -> list[str]:
    """Add the bias (in the compute dtype) and, for f16/bf16, round the f32 product block
    ``scratch`` (``cog`` rows of ``w``) into the output; nothing for f32/f64 without bias."""
    if scratch is None and plan.bias is None:
        return []
    out = ctx.ptr(plan.out)
    dt = plan.dtype
    src = f"{scratch}[co * w + q]" if scratch else f"{out}[base + co * {plan.positions} + lo + q]"
    value = src
    if plan.bias is not None:
        bias = _element(ctx, plan.bias, f"g * {plan.cog} + co", dt)
        value = f"({src} + ({cstyle.cty(dt)})({bias}))"
    return [f"        for (int64_t co = 0; co < {plan.cog}; co++) {{",
            "            for (int64_t q = 0; q < w; q++) {",
            f"                {out}[base + co * {plan.positions} + lo + q] = "
            f"{cstyle.store(dt, value)};",
            "            }", "        }"]


def _conv_block_epilogue(plan: _ConvPlan, nchunks: int, epi: str | None) -> list[str]:
    pos = plan.positions
    if epi is None:
        return []
    if nchunks == 1:
        return _epilogue_call(epi, "base", f"base + {plan.cog * pos}", "        ")
    return ([f"        for (int64_t co = 0; co < {plan.cog}; co++) {{"]
            + _epilogue_call(epi, f"base + co * {pos} + lo", f"base + co * {pos} + hi",
                             "            ")
            + ["        }"])


def _render_conv_direct(ctx: RenderContext, plan: _ConvPlan, epi: str | None) -> str:
    """One accumulator per output element, summing over the group's channels and the
    kernel taps inside the input (padding contributes nothing)."""
    dt = plan.dtype
    acc = _accumulator(dt)
    pos = plan.positions
    parallel = _conv_parallel(ctx, plan) and plan.n * plan.cout > 1
    lines = []
    pragma = _omp_for(ctx, parallel)
    if pragma:
        lines.append("    " + pragma)
    x_value = _element(ctx, plan.x, f"xo + (ci * {plan.ih} + iy) * {plan.iw} + ix", dt)
    w_index = f"co * {plan.kdim} + (ci * {plan.kh} + ki) * {plan.kw} + kj"
    w_value = _element(ctx, plan.w, w_index, dt)
    lines += [
        f"    for (int64_t nc = 0; nc < {plan.n * plan.cout}; nc++) {{",
        f"        const int64_t n = nc / {plan.cout}, co = nc % {plan.cout};",
        f"        const int64_t xo = (n * {plan.cin} + co / {plan.cog} * {plan.cig}) "
        f"* {plan.ih * plan.iw};",
        f"        for (int64_t p = 0; p < {pos}; p++) {{",
        f"            const int64_t oy = p / {plan.ow}, ox = p % {plan.ow};",
        f"            {acc} acc = 0;",
        f"            for (int64_t ci = 0; ci < {plan.cig}; ci++) {{",
        f"                for (int64_t ki = 0; ki < {plan.kh}; ki++) {{",
        f"                    const int64_t iy = oy * {plan.sh} - {plan.ph} + ki * {plan.dh};",
        f"                    if (iy < 0 || iy >= {plan.ih}) continue;",
        f"                    for (int64_t kj = 0; kj < {plan.kw}; kj++) {{",
        f"                        const int64_t ix = ox * {plan.sw} - {plan.pw} + kj * {plan.dw};",
        f"                        if (ix < 0 || ix >= {plan.iw}) continue;",
        f"                        acc += ({acc})({x_value}) * ({acc})({w_value});",
        "                    }",
        "                }",
        "            }",
    ]
    if plan.bias is not None:
        lines.append(f"            acc += ({acc})({_element(ctx, plan.bias, 'co', dt)});")
    lines += [f"            {ctx.ptr(plan.out)}[nc * {pos} + p] = {_finish(dt, 'acc')};",
              "        }"]
    lines += _epilogue_call(epi, f"nc * {pos}", f"nc * {pos} + {pos}", "        ")
    lines.append("    }")
    return "\n".join(lines)


# =========================================================================== attention

@dataclass(frozen=True)
class _Strided:
    """A logical [B, H, S, X] tensor read or written through ``node``'s storage with
    element ``strides`` per logical axis (absorbed transposes permute them)."""

    node: int
    strides: tuple[int, ...]

    def offset(self, *indices: str) -> str:
        """Element offset of the leading logical axes at ``indices`` (C expressions)."""
        terms = [f"{i} * {s}" for i, s in zip(indices, self.strides) if s]
        return " + ".join(terms) if terms else "0"


@dataclass(frozen=True)
class _AttentionPlan:
    """One attention op: sizes, strided views of q / k / v / the output (and the mask,
    broadcast to [B, H, S, T]) and the op's attributes."""

    anchor: int
    dtype: DType
    b: int
    h: int
    hkv: int
    s: int
    t: int
    d: int
    dv: int
    q: _Strided
    k: _Strided
    v: _Strided
    o: _Strided
    mask: _Strided | None
    mask_kind: str
    scale: float
    causal: bool
    window: int | None

    @property
    def flops(self) -> int:
        return self.b * self.h * self.s * self.t * (self.d + self.dv)


def _read_view(graph: Graph, members: set[int], nid: int) -> _Strided:
    """How attention operand ``nid`` is read: through an absorbed transpose's source
    (logical axis i is the source's axis perm[i]) or row-major."""
    node = graph.nodes[nid]
    if nid in members and node.op == "transpose":
        src = node.inputs[0]
        own = row_major_strides(graph.nodes[src].shape)
        return _Strided(src, tuple(own[p] for p in node.attr("perm")))
    return _Strided(nid, row_major_strides(node.shape))


def _write_view(graph: Graph, kernel: Kernel, anchor: int) -> _Strided:
    """Where the attention result goes: the kernel output, through the absorbed
    transpose's permutation when the output is a transpose of the attention."""
    out = kernel.outputs[0]
    node = graph.nodes[out]
    if out == anchor:
        return _Strided(out, row_major_strides(node.shape))
    perm = node.attr("perm")
    own = row_major_strides(node.shape)
    strides = [0] * len(perm)
    for axis, source_axis in enumerate(perm):
        strides[source_axis] = own[axis]
    return _Strided(out, tuple(strides))


def _plan_attention(ctx: RenderContext, kernel: Kernel) -> _AttentionPlan:
    """The kernel's attention with absorbed transposes turned into strides."""
    g = ctx.graph
    anchor = _anchor(g, kernel, "attention")
    node = g.nodes[anchor]
    members = set(kernel.nodes)
    q, k, v = (_read_view(g, members, i) for i in node.inputs[:3])
    qs, ks, vs = (g.nodes[i].shape for i in node.inputs[:3])
    b, h, s, d = qs
    mask = None
    if len(node.inputs) == 4:
        m = node.inputs[3]
        mask = _Strided(m, broadcast_strides(g.nodes[m].shape, (b, h, s, ks[2])))
    return _AttentionPlan(anchor, node.dtype, b, h, ks[1], s, ks[2], d, vs[3], q, k, v,
                          _write_view(g, kernel, anchor), mask, node.attr("mask_kind"),
                          float(node.attr("scale")), bool(node.attr("causal")),
                          node.attr("window"))


def render_attention(ctx: RenderContext, kernel: Kernel) -> str:
    """An attention kernel: per-head BLAS products around a masked softmax for f32/f64
    when the strides allow, plain loops per query row otherwise."""
    plan = _plan_attention(ctx, kernel)
    if plan.b * plan.h * plan.s * plan.dv == 0:
        return "    /* empty result */"
    tiling = _attention_tiling(ctx, plan)
    if tiling is not None:
        return _render_attention_blas(ctx, plan, tiling)
    return _render_attention_loops(ctx, plan)


def _blas_matrix(rows: int, cols: int, row_stride: int,
                 col_stride: int) -> tuple[bool, int] | None:
    """(stored column-major, leading dimension) of a strided ``rows x cols`` matrix, or
    None when neither axis is contiguous (BLAS cannot read it)."""
    if cols == 1:
        col_stride = 1
    if rows == 1:
        row_stride = max(cols, 1)
    if col_stride == 1 and row_stride >= max(cols, 1):
        return False, row_stride
    if row_stride == 1 and col_stride >= max(rows, 1):
        return True, col_stride
    return None


@dataclass(frozen=True)
class _AttentionTiling:
    """How the BLAS path cuts attention into tasks. A task multiplies up to ``rows`` query
    rows against one kv head: consecutive positions of one query head, or — with a
    single query position (decoding) — the H/Hkv query heads sharing the kv head
    (``by_heads``), so that the kv head is read once. ``q``, ``k``, ``v`` and ``o`` are
    the (column-major, leading dimension) BLAS views of a task's matrices."""

    by_heads: bool
    rows: int
    chunks: int
    tasks: int
    q: tuple[bool, int]
    k: tuple[bool, int]
    v: tuple[bool, int]
    o: tuple[bool, int]

    @property
    def vector(self) -> bool:
        """Every task has one row: matrix-vector products (GEMM is slow at M == 1)."""
        return self.rows == 1


def _attention_tiling(ctx: RenderContext, plan: _AttentionPlan) -> _AttentionTiling | None:
    """The BLAS tiling of ``plan``, or None when the dtype, the sizes, the strides or the
    scratch size rule BLAS out. Row blocks hold as many rows as fit CHUNK_ELEMENTS scores
    (never depending on the thread count)."""
    if plan.dtype not in (DType.F32, DType.F64) or 0 in (plan.t, plan.d):
        return None
    group = plan.h // plan.hkv
    by_heads = plan.s == 1 and group > 1
    if by_heads:
        rows, chunks, tasks = group, 1, plan.b * plan.hkv
        q_rows, axis = group, 1
    else:
        rows = max(1, min(plan.s, CHUNK_ELEMENTS // plan.t))
        chunks = -(-plan.s // rows)
        tasks, q_rows, axis = plan.b * plan.h * chunks, plan.s, 2
    q = _blas_matrix(q_rows, plan.d, plan.q.strides[axis], plan.q.strides[3])
    k = _blas_matrix(plan.t, plan.d, plan.k.strides[2], plan.k.strides[3])
    v = _blas_matrix(plan.t, plan.dv, plan.v.strides[2], plan.v.strides[3])
    o = _blas_matrix(q_rows, plan.dv, plan.o.strides[axis], plan.o.strides[3])
    if q is None or k is None or v is None or o is None or o[0]:
        return None
    slots = _thread_slots(ctx, _attention_parallel(ctx, plan, tasks))
    if slots * rows * plan.t * plan.dtype.itemsize > SCRATCH_LIMIT_BYTES:
        return None
    if not _fits_blas(plan.s, plan.t, plan.d, plan.dv, q[1], k[1], v[1], o[1]):
        return None
    return _AttentionTiling(by_heads, rows, chunks, tasks, q, k, v, o)


def _attention_parallel(ctx: RenderContext, plan: _AttentionPlan, tasks: int) -> bool:
    return ctx.threads > 1 and plan.flops >= PARALLEL_MIN_FLOPS and tasks > 1


def _render_attention_blas(ctx: RenderContext, plan: _AttentionPlan,
                           tiling: _AttentionTiling) -> str:
    """Per task: scores = scale * Q K^T into this thread's scratch, the masked
    exponentials row by row in place, out = P V written through the output strides,
    then each output row scaled by 1 / (its sum of weights): normalising the Dv outputs
    is cheaper than normalising the T weights."""
    p = _blas_prefix(ctx, plan.dtype)
    ct = cstyle.ctype(plan.dtype)
    parallel = _attention_parallel(ctx, plan, tiling.tasks)
    slots = _thread_slots(ctx, parallel)
    tid = _thread_id(ctx) if slots > 1 else "0"
    t, rows = plan.t, tiling.rows
    lines = ["    rlx_blas_serial();", _static_buffer("rlx_scores", ct, slots * rows * t),
             _static_buffer("rlx_inv", ct, slots * rows)]
    pragma = _omp_for(ctx, parallel)
    if pragma:
        lines.append("    " + pragma)
    lines += _attention_task_header(ctx, plan, tiling)
    lines += [f"        {ct} *sc = rlx_scores + (int64_t){tid} * {rows * t};",
              f"        {ct} *inv = rlx_inv + (int64_t){tid} * {rows};",
              "        " + _scores_call(p, plan, tiling),
              "        for (int64_t r = 0; r < n; r++) {",
              f"            {ct} *row = sc + r * {t};"]
    if tiling.by_heads:
        lines += [f"            const int64_t head = kvh * {plan.h // plan.hkv} + r, i = 0;"]
    else:
        lines += ["            const int64_t i = i0 + r;"]
    lines += _softmax_lines(ctx, plan, cstyle.cty(plan.dtype), "            ")
    lines += ["            inv[r] = row_inv;", "        }", "        " + _mix_call(p, plan, tiling)]
    step = plan.o.strides[3] if plan.dv > 1 else 1
    lines += ["        for (int64_t r = 0; r < n; r++) {",
              f"            {ct} *orow = op + r * {tiling.o[1]};",
              f"            for (int64_t c = 0; c < {plan.dv}; c++) orow[c * {step}] *= inv[r];",
              "        }", "    }"]
    return "\n".join(lines)


def _attention_task_header(ctx: RenderContext, plan: _AttentionPlan,
                           tiling: _AttentionTiling) -> list[str]:
    """Open the task loop: batch ``bi``, kv head ``kvh``, ``n`` rows, and the pointers
    ``qp``, ``kp``, ``vp``, ``op`` to the task's first q row, k / v head and out row
    (plus ``head`` and the first query ``i0`` when tasks are query blocks)."""
    ct = cstyle.ctype(plan.dtype)
    group = plan.h // plan.hkv
    lines = [f"    for (int64_t task = 0; task < {tiling.tasks}; task++) {{"]
    if tiling.by_heads:
        lines += [f"        const int64_t bi = task / {plan.hkv}, kvh = task % {plan.hkv};",
                  f"        const int64_t n = {group};"]
        first = ("bi", f"kvh * {group}")
    else:
        chunks, rows = tiling.chunks, tiling.rows
        lines += [f"        const int64_t bi = task / {plan.h * chunks}, "
                  f"head = task / {chunks} % {plan.h};",
                  f"        const int64_t kvh = head / {group}, i0 = task % {chunks} * {rows};",
                  f"        const int64_t n = {plan.s} - i0 < {rows} ? {plan.s} - i0 : {rows};"]
        first = ("bi", "head", "i0")
    return lines + [
        f"        const {ct} *qp = {ctx.ptr(plan.q.node, True)} + {plan.q.offset(*first)};",
        f"        const {ct} *kp = {ctx.ptr(plan.k.node, True)} + {plan.k.offset('bi', 'kvh')};",
        f"        const {ct} *vp = {ctx.ptr(plan.v.node, True)} + {plan.v.offset('bi', 'kvh')};",
        f"        {ct} *op = {ctx.ptr(plan.o.node)} + {plan.o.offset(*first)};"]


def _scores_call(p: str, plan: _AttentionPlan, tiling: _AttentionTiling) -> str:
    """``sc[n x T] = scale * Q K^T`` (a matrix-vector product when n is always 1)."""
    (q_cm, ldq), (k_cm, ldk) = tiling.q, tiling.k
    scale = cstyle.literal(plan.scale, plan.dtype)
    t, d = plan.t, plan.d
    if tiling.vector:
        inc = plan.q.strides[3] if d > 1 else 1
        if k_cm:
            return (f"scipy_cblas_{p}gemv(CblasRowMajor, CblasTrans, {d}, {t}, {scale}, kp, "
                    f"{ldk}, qp, {inc}, 0, sc, 1);")
        return (f"scipy_cblas_{p}gemv(CblasRowMajor, CblasNoTrans, {t}, {d}, {scale}, kp, "
                f"{ldk}, qp, {inc}, 0, sc, 1);")
    return (f"scipy_cblas_{p}gemm(CblasRowMajor, {_flag(q_cm)}, {_flag(not k_cm)}, (int)n, "
            f"{t}, {d}, {scale}, qp, {ldq}, kp, {ldk}, 0, sc, {t});")


def _mix_call(p: str, plan: _AttentionPlan, tiling: _AttentionTiling) -> str:
    """``out[n x Dv] = P V`` through the output strides (matrix-vector when n is 1)."""
    (v_cm, ldv), (_, ldo) = tiling.v, tiling.o
    t, dv = plan.t, plan.dv
    if tiling.vector:
        inc = plan.o.strides[3] if dv > 1 else 1
        if v_cm:
            return (f"scipy_cblas_{p}gemv(CblasRowMajor, CblasNoTrans, {dv}, {t}, 1, vp, {ldv}, "
                    f"sc, 1, 0, op, {inc});")
        return (f"scipy_cblas_{p}gemv(CblasRowMajor, CblasTrans, {t}, {dv}, 1, vp, {ldv}, "
                f"sc, 1, 0, op, {inc});")
    return (f"scipy_cblas_{p}gemm(CblasRowMajor, CblasNoTrans, {_flag(v_cm)}, (int)n, {dv}, "
            f"{t}, 1, sc, {t}, vp, {ldv}, 0, op, {ldo});")


def _flag(transposed: bool) -> str:
    return "CblasTrans" if transposed else "CblasNoTrans"


def _softmax_lines(ctx: RenderContext, plan: _AttentionPlan, wt: str, indent: str) -> list[str]:
    """Statements turning the scaled scores ``row[0..T)`` of query ``i`` (of head
    ``head``, batch ``bi``) into unnormalised softmax weights in place, and ``row_inv``
    into 1 / their sum, with the causal / window / bool / additive masking of the
    attention op: masked keys weigh 0, a row with no visible key gets ``row_inv`` 0
    (its output is zeros), and a nan score makes ``row_inv`` nan (its output nan)."""
    t, s = plan.t, plan.s
    exp = "rlx_expf" if wt == "float" else "rlx_expd"
    lines = [f"int64_t jlo = 0, jhi = {t};"]
    if plan.causal:
        lines += [f"jhi = i + {t - s + 1} < {t} ? i + {t - s + 1} : {t};",
                  "if (jhi < 0) jhi = 0;"]
    if plan.window is not None:
        lines += [f"jlo = i + {t - s - plan.window + 1};", "if (jlo < 0) jlo = 0;"]
    lines += ["if (jlo > jhi) jlo = jhi;"]
    lines += _mask_lines(ctx, plan, wt)
    lines += [f"{wt} mx = -INFINITY;",
              "#pragma omp simd reduction(max:mx)",
              "for (int64_t j = jlo; j < jhi; j++) mx = row[j] > mx ? row[j] : mx;",
              f"const {wt} shift = mx > -INFINITY && mx < INFINITY ? mx : 0;",
              f"{wt} sum = 0;",
              "#pragma omp simd reduction(+:sum)",
              "for (int64_t j = jlo; j < jhi; j++) {",
              f"    const {wt} e = {exp}(row[j] - shift);  /* exp(-inf) == 0: masked keys */",
              "    row[j] = e;",
              "    sum += e;",
              "}",
              f"const {wt} row_inv = sum != 0 ? 1 / sum : 0;",
              "for (int64_t j = 0; j < jlo; j++) row[j] = 0;",
              f"for (int64_t j = jhi; j < {t}; j++) row[j] = 0;"]
    return [indent + line for line in lines]


def _mask_lines(ctx: RenderContext, plan: _AttentionPlan, wt: str) -> list[str]:
    """Apply the mask operand to ``row[jlo..jhi)``: add an additive mask, set keys a bool
    mask hides to -inf."""
    if plan.mask is None:
        return []
    step = plan.mask.strides[3]
    lines = [f"const int64_t mo = {plan.mask.offset('bi', 'head', 'i')};"]
    ref = f"mo + j * {step}" if step else "mo"
    mask_dt = ctx.dtype(plan.mask.node)
    value = cstyle.load(mask_dt, f"{ctx.ptr(plan.mask.node, True)}[{ref}]")
    if plan.mask_kind == "bool":
        body = f"if (!{value}) row[j] = -INFINITY;"
    else:
        body = f"row[j] += ({wt})({value});"
    return lines + ["for (int64_t j = jlo; j < jhi; j++) {", f"    {body}", "}"]


def _render_attention_loops(ctx: RenderContext, plan: _AttentionPlan) -> str:
    """One query row at a time: scores by dot products, the masked softmax, then the
    weighted sum of values, in float (f16/bf16/f32) or double (f64)."""
    wt = "double" if plan.dtype is DType.F64 else "float"
    parallel = _attention_parallel(ctx, plan, plan.b * plan.h * plan.s)
    slots = _thread_slots(ctx, parallel)
    tid = _thread_id(ctx) if slots > 1 else "0"
    t, dv = plan.t, plan.dv
    lines = [_static_buffer("rlx_rows", wt, slots * (t + dv))]
    pragma = _omp_for(ctx, parallel)
    if pragma:
        lines.append("    " + pragma)
    lines += [
        f"    for (int64_t task = 0; task < {plan.b * plan.h * plan.s}; task++) {{",
        f"        const int64_t bi = task / {plan.h * plan.s}, head = task / {plan.s} % {plan.h};",
        f"        const int64_t i = task % {plan.s}, kvh = head / {plan.h // plan.hkv};",
        f"        {wt} *row = rlx_rows + (int64_t){tid} * {t + dv};",
        f"        {wt} *acc = row + {t};",
        f"        const int64_t qo = {plan.q.offset('bi', 'head', 'i')};",
        f"        const int64_t ko = {plan.k.offset('bi', 'kvh')};",
        f"        const int64_t vo = {plan.v.offset('bi', 'kvh')};",
        f"        const int64_t oo = {plan.o.offset('bi', 'head', 'i')};",
    ]
    lines += _dot_score_lines(ctx, plan, wt)
    lines += _softmax_lines(ctx, plan, wt, "        ")
    lines += _weighted_values_lines(ctx, plan, wt)
    lines.append("    }")
    return "\n".join(lines)


def _view_element(ctx: RenderContext, view: _Strided, dt: DType, index: str) -> str:
    """The element of ``view``'s storage at ``index``, in the compute type of ``dt``."""
    return cstyle.load(dt, f"{ctx.ptr(view.node, True)}[{index}]")


def _dot_score_lines(ctx: RenderContext, plan: _AttentionPlan, wt: str) -> list[str]:
    """``row[j] = scale * q_i . k_j`` for every key ``j``."""
    q = _view_element(ctx, plan.q, plan.dtype, f"qo + dd * {plan.q.strides[3]}")
    k_index = f"ko + j * {plan.k.strides[2]} + dd * {plan.k.strides[3]}"
    k = _view_element(ctx, plan.k, plan.dtype, k_index)
    return [f"        for (int64_t j = 0; j < {plan.t}; j++) {{",
            f"            {wt} dot = 0;",
            f"            for (int64_t dd = 0; dd < {plan.d}; dd++) {{",
            f"                dot += ({wt})({q}) * ({wt})({k});",
            "            }",
            f"            row[j] = dot * ({wt}){cstyle.literal(plan.scale, DType.F64)};",
            "        }"]


def _weighted_values_lines(ctx: RenderContext, plan: _AttentionPlan, wt: str) -> list[str]:
    """``out_i = row_inv * sum_j row[j] * v_j``, accumulated in ``acc``, stored rounded."""
    v_index = f"vo + j * {plan.v.strides[2]} + c * {plan.v.strides[3]}"
    v = _view_element(ctx, plan.v, plan.dtype, v_index)
    out = f"{ctx.ptr(plan.o.node)}[oo + c * {plan.o.strides[3]}]"
    value = cstyle.store(plan.dtype, f"({cstyle.cty(plan.dtype)})(acc[c] * row_inv)")
    return [f"        for (int64_t c = 0; c < {plan.dv}; c++) acc[c] = 0;",
            f"        for (int64_t j = 0; j < {plan.t}; j++) {{",
            f"            const {wt} pj = row[j];",
            "            #pragma omp simd",
            f"            for (int64_t c = 0; c < {plan.dv}; c++) acc[c] += pj * ({wt})({v});",
            "        }",
            f"        for (int64_t c = 0; c < {plan.dv}; c++) {out} = {value};"]


# =========================================================================== tables

def _single(kind: str, render):
    """An ``op`` renderer: the node as a one-node kernel of ``kind``."""
    def render_op(ctx: RenderContext, node: Node) -> str:
        nid = ctx.node_id(node)
        return render(ctx, Kernel(f"n{nid}_{node.op}", kind, (nid,), (nid,), node.inputs))
    render_op.__doc__ = f"``{kind}`` without layout members or epilogue."
    return render_op


KIND_RENDERERS = {"matmul": render_matmul, "conv": render_conv, "attention": render_attention}
OP_RENDERERS = {op: _single(op, fn) for op, fn in KIND_RENDERERS.items()}
SUPPORTED: frozenset[str] = frozenset(KIND_RENDERERS)
