"""Matrix products for the cpu backend, and the helpers ``conv`` and ``attention`` share.

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

* matmul: an f32 product of one batch with at least ``PACK_MIN_M`` rows runs on rlx's
  own packed GEMM (``csrc/packed_gemm.h``, one source for every ISA tier; the right
  operand packed once when it is run-invariant, else on every run); otherwise
  ``?gemm``, or a matrix-vector product when one side is a vector (M == 1 or
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
  of OpenBLAS 0.3.34 with its AVX-512 kernels). OpenBLAS's Haswell (AVX2) kernels do
  not keep that promise (1 and 2 threads differed in 2% of a 128 x 256 x 384
  product's elements), which is why one-batch f32 products take the packed GEMM,
  whose tiles sum every element over k in the same order however they are split;
* OpenBLAS's ``?gemv`` on a row-major matrix read across (``x @ W``) rounds differently
  for different column ranges, so that case runs a generated kernel
  (``rlx_gemv_rows_*``) that sums over k in a fixed order with fused multiply-adds.

Scratch. Scratch buffers are ``static`` arrays sized at render time (zero pages until
first use). They belong to the shared object, and clones of an executable — and
executables compiled from the same source, which load the same shared object — share
them: such executables must not run concurrently from several Python threads.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.render import RenderContext, _offset_expr
from rlx.errors import UnsupportedOpError
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, OPS
from rlx.ir.types import Shape, broadcast_shapes, numel
from rlx.passes.loops import Load, LoopNest, broadcast_strides, loop_nest, row_major_strides
from rlx.passes.program import Kernel
from rlx.passes.split import BOUNDARY_PREFIX

SCRATCH_LIMIT_BYTES = 64 << 20
"""Most static scratch one kernel may declare; beyond it the kernel uses plain loops."""
CHUNK_ELEMENTS = 1 << 18
"""Target size of one thread's im2col / score block (1 MiB of f32: stays in L2)."""
PARALLEL_MIN_FLOPS = 1 << 18
"""Multiply-adds below which a kernel runs on one thread."""
PART_MIN_WORK = 1 << 21
"""Fewest multiply-adds in one piece of a split product."""
PART_MIN_STREAM = 1 << 18
"""Fewest matrix elements one piece of a matrix-vector product reads (1 MiB of f32):
such a product reads each element once, so a second thread brings memory bandwidth
where it would bring little arithmetic, and the pieces can be smaller."""
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

PACK_MR = 12
"""Rows of one packed-GEMM micro-tile (12 x 2 AVX-512 accumulators; 2 x 2 register
sub-tiles of 6 x 16 columns on AVX2)."""
PACK_NR = 32
"""Columns of one packed-GEMM micro-tile and of one packed weight panel."""
PACK_KC = 384
"""Inner-dimension block of the packed GEMM (an A sliver block stays in L1)."""
PACK_NC = 16
"""Panels one task's inner loops cover (their KC block of B stays in L2)."""
PACK_PREFETCH = 8
"""k steps ahead that a packed-GEMM tile prefetches its weight panel (8 steps: 1 KiB)."""
PACK_MIN_M = 8
"""Fewest rows for the packed GEMM (fewer: BLAS / the generated vector kernels)."""

def packed_gemm_helper(ctx: RenderContext) -> None:
    """Add the packed-GEMM helpers (``rlx_pk_pack_a``, ``rlx_pk_pack_b``, ``rlx_pk_gemm``;
    every ISA tier) to the program."""
    ctx.add_helper("rlx_pk_gemm", _packed_gemm_source())


def _packed_gemm_source() -> str:
    """The packed-GEMM helpers (csrc/packed_gemm.h) with their tile sizes."""
    text = resources.files("rlx.backends.cpu.csrc").joinpath("packed_gemm.h").read_text()
    sizes = {"MR": PACK_MR, "NR": PACK_NR, "KC": PACK_KC, "NC": PACK_NC,
             "PF": PACK_PREFETCH}
    defines = "".join(f"#define RLX_PK_{key} {value}\n" for key, value in sizes.items())
    return defines + text

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


def _parts(ctx: RenderContext, work: int, extent: int, batches: int,
           min_work: int = PART_MIN_WORK) -> int:
    """How many pieces to cut each of ``batches`` products of ``work`` multiply-adds into,
    along an axis of ``extent``: enough for every thread to have a task, with every
    piece at least ``min_work`` and PART_MIN_EXTENT (1 when the batches suffice)."""
    if batches >= ctx.threads:
        return 1
    want = -(-ctx.threads // batches)
    return max(1, min(want, extent // PART_MIN_EXTENT, work // min_work))


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
    ``[f0, f1)`` in place, or None when the kernel has none (matmul and conv kernels).

    The helper is ``void f(void **slots, uint8_t *arena, int64_t f0, int64_t f1)``; the
    anchor's value (already rounded to its dtype) is read back from the output buffer,
    which fusion guarantees has the anchor's shape and dtype. Every elementwise member
    counts, including trees absorbed from the other operand of an epilogue node (their
    ids may precede the anchor's)."""
    g = ctx.graph
    body = [n for n in kernel.nodes if n != anchor and _is_elementwise(g.nodes[n])]
    if not body:
        return None
    nest = merge_rows(loop_nest(g, body, kernel.outputs[0], g.nodes[anchor].shape))
    name = f"rlx_epi_n{anchor}"
    ctx.add_helper(name, _epilogue_source(ctx, name, nest, anchor))
    return name


def merge_rows(nest: LoopNest) -> LoopNest:
    """``nest`` with its last two domain axes merged into one, repeatedly, while every
    load steps over the pair as over one axis (stride of the outer = stride of the
    inner x its extent; broadcast axes have stride 0 on both): an epilogue call on a
    flat range then runs as few vector loops as the layouts allow."""
    domain, loads = nest.domain, nest.loads
    while len(domain) >= 2 and all(
            ld.strides[-2] == ld.strides[-1] * domain[-1] for ld in loads):
        domain = domain[:-2] + (domain[-2] * domain[-1],)
        loads = tuple(Load(ld.node, ld.strides[:-2] + (ld.strides[-1],)) for ld in loads)
    return LoopNest(domain, loads, nest.body, nest.store)


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
    """A matmul kernel: the packed GEMM for f32 products with a run-invariant right
    operand, BLAS for other float results that fit, generated loops otherwise."""
    plan = _plan_matmul(ctx, kernel)
    epi = _epilogue_function(ctx, kernel, plan.anchor)
    if plan.batches * plan.m * plan.n == 0:
        return "    /* empty result */"
    if plan.k == 0:
        return "\n".join(_zero_product(ctx, plan, epi))
    blas_dt = _blas_dtype(plan.dtype)
    if blas_dt is not None and _matmul_blas_ok(ctx, plan, blas_dt):
        if _packed_eligible(ctx, plan):
            return "\n".join(_render_matmul_packed(ctx, plan, epi))
        return _render_matmul_blas(ctx, plan, blas_dt, epi)
    return _render_matmul_loops(ctx, plan, epi)


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


def _run_invariant(node: Node) -> bool:
    """A param, or a value of the prepare stage (bound as a handle, derived from params):
    both change only with the params' version (see ``ParamStore``)."""
    return node.op == "param" or (node.op == "input"
                                  and node.attr("name").startswith(BOUNDARY_PREFIX))


@contextmanager
def repack_guard_block(w: CWriter, tag: str, source: str) -> Iterator[CWriter]:
    """Run what the ``with`` writes (a repacking of the run-invariant operand at pointer
    ``source``) only when the operand's address or the params' version (``ctl[4]``, see
    ``ParamStore``) changed since it last ran; ``tag`` names the static state."""
    w.line(f"static const void *{tag}_src = 0;")
    w.line(f"static int64_t {tag}_ver = -1;")
    with w.block(f"if ({tag}_src != (const void *){source} || {tag}_ver != ctl[4])"):
        yield w
        w.line(f"{tag}_src = (const void *){source};")
        w.line(f"{tag}_ver = ctl[4];")


def repack_guard(tag: str, source: str, body: list[str]) -> list[str]:
    """:func:`repack_guard_block` around already indented ``body`` lines (four-space
    statements of a kernel body, the guarded ones one level deeper)."""
    w = CWriter(indent=1)
    with repack_guard_block(w, tag, source):
        w.lines.extend(body)
    return w.lines


def _packed_floats(plan: _MatmulPlan) -> int:
    """Floats of the packed weight and of packed A (when A must be packed)."""
    slivers = -(-plan.m // PACK_MR) if plan.a.col_step != 1 else 0
    panels = -(-plan.n // PACK_NR)
    return (slivers * PACK_MR + panels * PACK_NR) * plan.k


def _packed_tasks(ctx: RenderContext, plan: _MatmulPlan) -> list[tuple[int, int, int, int]]:
    """(s0, s1, p0, p1) per task: column panels split over the threads, then sliver rows
    when there are fewer panels than threads. Splits change no result bits."""
    slivers = -(-plan.m // PACK_MR)
    panels = -(-plan.n // PACK_NR)
    threads = ctx.threads if plan.flops >= PARALLEL_MIN_FLOPS else 1
    cols = max(1, min(threads, panels))
    rows = max(1, min(-(-threads // cols), slivers))
    tasks = []
    for r in range(rows):
        for c in range(cols):
            tasks.append((slivers * r // rows, slivers * (r + 1) // rows,
                          panels * c // cols, panels * (c + 1) // cols))
    return tasks


def _render_matmul_packed(ctx: RenderContext, plan: _MatmulPlan, epi: str | None) -> list[str]:
    """Statements of the packed GEMM: pack the right operand (a run-invariant one into
    the keep region when its address or the params' version changed, any other into
    scratch on every run), pack A unless its rows are contiguous, then one rlx_pk_gemm
    call per task."""
    packed_gemm_helper(ctx)
    a, b, m, n, k = plan.a, plan.b, plan.m, plan.n, plan.k
    slivers = -(-m // PACK_MR)
    panels = -(-n // PACK_NR)
    tag = f"n{plan.anchor}"
    tasks = _packed_tasks(ctx, plan)
    pragma = _omp_for(ctx, len(tasks) > 1 and ctx.threads > 1)
    invariant = _run_invariant(ctx.graph.nodes[b.node])
    pack_a = a.col_step != 1     # transposed A: packed first (else rows read in place)
    w = CWriter(indent=1)
    if pack_a:
        w.line(ctx.scratch(f"rlx_pka_{tag}", DType.F32, slivers * PACK_MR * k).strip())
    store = ctx.keep if invariant else ctx.scratch
    w.line(store(f"rlx_pkb_{tag}", DType.F32, panels * PACK_NR * k).strip())
    w.line(_c_table("tasks", [v for task in tasks for v in task]))
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
        with repack_guard_block(w, f"rlx_pkb_{tag}", "pb"):
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
    w.pragma(pragma)
    epi_arg = f"{epi}, slots, arena" if epi else "0, slots, arena"
    with w.block(f"for (int64_t t = 0; t < {len(tasks)}; t++)"):
        w.line("const int64_t *q = tasks + 4 * t;")
        w.line(f"rlx_pk_gemm({m}, {n}, {k}, {a_arg}, rlx_pkb_{tag}, pc, {n}, "
               f"q[0], q[1], q[2], q[3], {epi_arg});")
    return w.lines


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
    """Statements filling scratch buffer ``name`` with node ``nid``'s elements converted to
    ``via`` (cast semantics: the matmul's result dtype) and then widened to ``to``."""
    count = numel(ctx.shape(nid))
    value = cstyle.convert(_element(ctx, nid, "e", via), via, to)
    lines = [ctx.scratch(name, to, count)]
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
    min_work = PART_MIN_STREAM if mode.startswith("gemv") else PART_MIN_WORK
    bounds = _aligned_splits(extent, _parts(ctx, plan.m * plan.n * plan.k, extent,
                                            plan.batches, min_work))
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
        lines.append(ctx.scratch("rlx_c", blas_dt, scratch["c"]))
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




# =========================================================================== tables

def _single(kind: str, render):
    """An ``op`` renderer: the node as a one-node kernel of ``kind``."""
    def render_op(ctx: RenderContext, node: Node) -> str:
        nid = ctx.node_id(node)
        return render(ctx, Kernel(f"n{nid}_{node.op}", kind, (nid,), (nid,), node.inputs))
    render_op.__doc__ = f"``{kind}`` without layout members or epilogue."
    return render_op


KIND_RENDERERS = {"matmul": render_matmul}
OP_RENDERERS = {op: _single(op, fn) for op, fn in KIND_RENDERERS.items()}
SUPPORTED: frozenset[str] = frozenset(KIND_RENDERERS)
