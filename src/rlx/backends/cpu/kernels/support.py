"""Support shared by the cpu backend's product kernels: ``linalg`` (matmul), the conv
modules (``conv`` and the modules it dispatches to) and ``attention``.

What lives here is what more than one of them needs: the limits their plans are cut
by, OpenMP pragmas and per-thread scratch, the BLAS binding, the scalar pieces of their
generated loops, the elementwise epilogue helpers, the repack guard of run-invariant
operands and the packed GEMM. Each kernel module's docstring says which path it takes
when; the rules below hold for all of them.

BLAS. Results of dtype f32 / f64 — and f16 / bf16 products, whose operands are widened
to f32 and whose f32 products are rounded once (:func:`blas_dtype`) — run on the BLAS
shipped in scipy-openblas32 (``scipy_cblas_*``, :func:`blas_prefix`). It takes 32-bit
sizes and leading dimensions (:func:`fits_blas`). Operands of another dtype than the
one BLAS runs in are converted once into a scratch copy (cast semantics:
:func:`write_conversion`). OpenBLAS's ``?gemv`` on a row-major matrix read across
(``x @ W``) rounds differently for different column ranges, so that product runs a
generated kernel instead (:func:`gemv_rows`), which sums over k in a fixed order with
fused multiply-adds.

Loops. What BLAS cannot express (integer results, 32-bit size overflow, scratch over
``SCRATCH_LIMIT_BYTES``, strides without a unit axis) runs as generated loops: integers
accumulate in 64 bits and wrap to their dtype (exactly numpy's result), floats
accumulate in float (f16, bf16, f32) or double (f64) (:func:`accumulator_type`,
:func:`finish_value`).

Epilogues. A kernel's elementwise members are applied in place by a helper function
``rlx_epi_n<anchor>(slots, arena, f0, f1)`` over flat output elements ``[f0, f1)``
(:func:`epilogue_function`), called for each block right after the GEMM (or loop) that
produced it, while the block is still in cache (:func:`write_epilogue_call`). The helper
merges the output's trailing axes where the operands allow (:func:`merge_rows`), so
that one call covers as long a run as the layouts permit.

Threads. Work is split over OpenMP threads (``num_threads`` of the executable:
:func:`omp_for`) and BLAS is called from inside the parallel regions, so BLAS itself
must stay single-threaded: every BLAS kernel first calls ``rlx_blas_serial()``
(``BLAS_SERIAL``), which sets OpenBLAS to one thread if something else changed it (one
pool of threads, never two competing for the same cores). Kernels of fewer than
``PARALLEL_MIN_FLOPS`` multiply-adds run on one thread. Results of 1 and N threads are
identical:

* batches, attention row blocks and conv im2col chunks are cut by shape alone;
* a single GEMM (or a conv with fewer tasks than threads) is cut into one piece per
  thread (:func:`split_parts`), on multiples of ``SPLIT_ALIGN`` columns (or rows),
  each piece at least ``PART_MIN_EXTENT`` wide and ``PART_MIN_WORK`` multiply-adds:
  OpenBLAS's GEMM then computes every element exactly as the uncut call does (its
  small-matrix kernels, which round differently, only take smaller products; checked by
  a randomised sweep of OpenBLAS 0.3.34 with its AVX-512 kernels). OpenBLAS's Haswell
  (AVX2) kernels do not keep that promise (1 and 2 threads differed in 2% of a 128 x
  256 x 384 product's elements), which is why one-batch f32 products take the packed
  GEMM (:func:`packed_gemm_helper`), whose tiles sum every element over k in the same
  order however they are split;
* the generated matrix-vector kernel sums in one order whatever columns it is given.

Scratch. Scratch buffers are ``static`` arrays sized at render time (zero pages until
first use), one copy per thread of a parallel loop (:func:`thread_slots`, indexed by
:func:`thread_id`); a kernel whose scratch would pass ``SCRATCH_LIMIT_BYTES`` takes
another path. They belong to the shared object, and clones of an executable — and
executables compiled from the same source, which load the same shared object — share
them: such executables must not run concurrently from several Python threads. Copies
derived from run-invariant operands (params, prepare-stage values: :func:`run_invariant`)
live in the keep region and are rebuilt only when the operand's address or the params'
version changes (:func:`repack_guard_block`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rlx.backends.cpu import csrc, cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.render import RenderContext, _offset_expr
from rlx.errors import UnsupportedOpError
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, OPS
from rlx.ir.types import numel
from rlx.passes.loops import Load, LoopNest, loop_nest
from rlx.passes.program import Kernel
from rlx.passes.split import BOUNDARY_PREFIX

# =========================================================================== limits

SCRATCH_LIMIT_BYTES = 64 << 20
"""Most static scratch one kernel may declare; beyond it the kernel uses plain loops."""
CHUNK_ELEMENTS = 1 << 18
"""Target size of one thread's im2col / score block (1 MiB of f32: stays in L2)."""
PARALLEL_MIN_FLOPS = 1 << 18
"""Multiply-adds below which a kernel runs on one thread."""
PARALLEL_MIN_COPY = 1 << 16
"""Elements below which an operand conversion runs on one thread."""
PART_MIN_WORK = 1 << 21
"""Fewest multiply-adds in one piece of a split product."""
PART_MIN_EXTENT = 128
"""Fewest rows / columns in one piece of a split product."""
BLAS_SPLIT_TASKS = 8
"""Tasks a product handed to BLAS is cut into (as its size allows) whatever the thread
count: OpenBLAS's kernels may sum an element differently with the sizes of the call
(an f64 product's last columns moved in the last bit when its rows were cut in 3
instead of 1), so a cut that followed the thread count would make the results follow
it too. More threads than this share the tasks there are."""
SPLIT_ALIGN = 16
"""GEMM splits fall on multiples of this many rows / columns."""
BLAS_INT_MAX = (1 << 31) - 1
"""scipy-openblas32 takes 32-bit sizes and leading dimensions."""
GEMV_BLOCK = 2048
"""Columns one pass of the generated matrix-vector kernel accumulates (8 KiB of f32)."""
GEMV_ROWS = 8
"""Rows of the matrix one pass of that kernel reads into its sums (each sum loaded and
stored once per 8 rows: 4 measured 3-20% slower on the avx2 tier, 4096 x 4096 f32 at 2
threads, three alternating runs on a noisy machine)."""

# =========================================================================== packed GEMM

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


def packed_gemm_helper(ctx: RenderContext) -> None:
    """Add the packed-GEMM helpers (``rlx_pk_pack_a``, ``rlx_pk_pack_b``, ``rlx_pk_gemm``;
    every ISA tier) to the program.

    ``csrc/packed_gemm.h`` with ``RLX_PK_MR`` / ``NR`` / ``KC`` / ``NC`` / ``PF``
    defined from ``PACK_MR``, ``PACK_NR``, ``PACK_KC``, ``PACK_NC`` and
    ``PACK_PREFETCH``; callers lay out packed operands in slivers of PACK_MR rows and
    panels of PACK_NR columns (see the header for the calls' arguments).

    In a program with symbolic dimensions the row-major tile (``rlx_pk_tile_rows``) is
    kept out of line: GCC otherwise inlines it into every product there (the tile
    table's loop), and those products ran 7-12% slower on two threads than the same
    products of a program compiled for the exact shape (MiniLM, batch 8 x 64: 50.6
    against 46.1 ms a run; out of line, 47.7-48.2 against 45.9-46.9). Programs of
    fixed shape keep GCC's choice (forcing it there measured no gain)."""
    if "rlx_pk_gemm" in ctx.helpers:    # added by an earlier product of this program
        return
    symbolic = any(node.type.symbolic for node in ctx.graph.nodes)
    ctx.add_helper("rlx_pk_gemm", _packed_gemm_source(out_of_line_rows=symbolic))


def _packed_gemm_source(out_of_line_rows: bool = False) -> str:
    """The packed-GEMM helpers (csrc/packed_gemm.h) with their tile sizes (and
    ``rlx_pk_tile_rows`` never inlined when ``out_of_line_rows``)."""
    text = csrc.source("packed_gemm.h")
    sizes = {"MR": PACK_MR, "NR": PACK_NR, "KC": PACK_KC, "NC": PACK_NC,
             "PF": PACK_PREFETCH}
    defines = "".join(f"#define RLX_PK_{key} {value}\n" for key, value in sizes.items())
    if out_of_line_rows:
        defines += "#define RLX_PK_ROWS_ATTR __attribute__((noinline))\n"
    return defines + text

# =========================================================================== C helpers

BLAS_SERIAL = """\
/* Generated kernels split work over OpenMP threads and call BLAS inside the parallel
   regions, so OpenBLAS must stay single-threaded (its own pool would compete with
   OpenMP's for the same cores). */
static void rlx_blas_serial(void) {
    if (scipy_openblas_get_num_threads() != 1) scipy_openblas_set_num_threads(1);
}"""
"""Helper ``rlx_blas_serial()``, which a BLAS kernel calls before its first BLAS call."""

THREAD_ID = """\
static inline int rlx_thread_id(void) {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}"""
"""Helper ``rlx_thread_id()``: the calling OpenMP thread's number (0 without OpenMP)."""


# =========================================================================== kernels

def anchor_node(graph: Graph, kernel: Kernel, op: str) -> int:
    """The id of the kernel's ``op`` node (its first, in kernel order); raises
    UnsupportedOpError when the kernel has none."""
    for nid in kernel.nodes:
        if graph.nodes[nid].op == op:
            return nid
    raise UnsupportedOpError(f"cpu backend: kernel {kernel.name} has no {op} node")


def single_node_renderer(kind: str, render: Callable[[RenderContext, Kernel], str]
                         ) -> Callable[[RenderContext, Node], str]:
    """An ``op`` renderer built from the kernel renderer ``render`` of ``kind``: the node
    as a one-node kernel of ``kind`` (no layout members, no epilogue)."""
    def render_op(ctx: RenderContext, node: Node) -> str:
        nid = ctx.node_id(node)
        return render(ctx, Kernel(f"n{nid}_{node.op}", kind, (nid,), (nid,), node.inputs))
    render_op.__doc__ = f"``{kind}`` without layout members or epilogue."
    return render_op


def c_table(name: str, values: list[int]) -> str:
    """Declaration of ``static const int64_t name[]`` holding ``values`` (one statement,
    no indent)."""
    return f"static const int64_t {name}[{len(values)}] = {{{', '.join(map(str, values))}}};"


# =========================================================================== threads

def thread_id(ctx: RenderContext) -> str:
    """C expression of the calling thread's number, ``0 .. ctx.threads - 1`` inside the
    kernel's parallel loops (adds the ``rlx_thread_id`` helper)."""
    ctx.add_helper("rlx_thread_id", THREAD_ID)
    return "rlx_thread_id()"


def omp_for(ctx: RenderContext, parallel: bool, dynamic: bool = False) -> str:
    """Pragma splitting the next loop over the executable's threads ('' when serial).

    ``num_threads`` is explicit so that per-thread scratch (indexed by thread id) never
    overflows, whatever the calling thread's OpenMP defaults are. ``dynamic``: each
    thread takes the next iteration when it is done with one (only for iterations whose
    results do not depend on which thread runs them, or in what order)."""
    if not parallel:
        return ""
    schedule = "dynamic, 1" if dynamic else "static"
    return f"#pragma omp parallel for num_threads({ctx.threads}) schedule({schedule})"


def thread_slots(ctx: RenderContext, parallel: bool) -> int:
    """How many per-thread copies a scratch buffer needs: the executable's thread count
    when the loop using it is parallel, else 1."""
    return ctx.threads if parallel else 1


def split_parts(ctx: RenderContext, work: int, extent: int, batches: int,
                min_work: int = PART_MIN_WORK, tasks: int | None = None) -> int:
    """How many pieces to cut each of ``batches`` products of ``work`` multiply-adds into,
    along an axis of ``extent``: enough for ``tasks`` tasks (default: one per thread),
    with every piece at least ``min_work`` and PART_MIN_EXTENT (1 when the batches
    suffice). Products handed to BLAS pass ``tasks=BLAS_SPLIT_TASKS``: see there."""
    tasks = ctx.threads if tasks is None else tasks
    if batches >= tasks:
        return 1
    want = -(-tasks // batches)
    return max(1, min(want, extent // PART_MIN_EXTENT, work // min_work))


# =========================================================================== BLAS

def blas_dtype(dt: DType) -> DType | None:
    """The dtype BLAS computes a ``dt`` result in: f32 for f32/f16/bf16, f64 for f64,
    None for the dtypes BLAS does not take."""
    if dt in (DType.F32, DType.F16, DType.BF16):
        return DType.F32
    if dt is DType.F64:
        return DType.F64
    return None


def blas_prefix(ctx: RenderContext, dt: DType) -> str:
    """'s' or 'd' for BLAS routines on ``dt`` (f32 or f64); marks BLAS as needed and adds
    ``rlx_blas_serial``, which the kernel must call before BLAS."""
    ctx.need("blas")
    ctx.add_helper("rlx_blas_serial", BLAS_SERIAL)
    return "s" if dt is DType.F32 else "d"


def fits_blas(*sizes: int) -> bool:
    """Every size (dimension, leading dimension) fits BLAS's 32-bit ints."""
    return all(s <= BLAS_INT_MAX for s in sizes)


def gemv_rows(ctx: RenderContext, dt: DType) -> str:
    """Name of the generated kernel ``f(k, n, x, w, ld, y)``: ``y[j] = sum_i x[i] *
    w[i * ld + j]`` for ``j < n`` — a vector times a row-major matrix read across. It
    sums over ``i`` in order, GEMV_ROWS rows per pass with fused multiply-adds, so every
    split of the columns gives the same bits (OpenBLAS's gemv does not). ``dt`` is f32
    or f64."""
    ct = cstyle.ctype(dt)
    fma = "fmaf" if dt is DType.F32 else "fma"
    name = f"rlx_gemv_rows_{dt.value}"
    w = CWriter()
    with w.block(f"static void {name}(int64_t k, int64_t n, const {ct} *x, const {ct} *w, "
                 f"int64_t ld,\n        {ct} *y)"):
        with w.block(f"for (int64_t j0 = 0; j0 < n; j0 += {GEMV_BLOCK})"):
            w.line(f"const int64_t nb = n - j0 < {GEMV_BLOCK} ? n - j0 : {GEMV_BLOCK};")
            w.line(f"{ct} acc[{GEMV_BLOCK}];")
            w.line("for (int64_t j = 0; j < nb; j++) acc[j] = 0;")
            w.line("int64_t i = 0;")
            with w.block(f"for (; i + {GEMV_ROWS} <= k; i += {GEMV_ROWS})"):
                w.line(f"const {ct} *wi = w + i * ld + j0;")
                w.line("#pragma omp simd")
                with w.block("for (int64_t j = 0; j < nb; j++)"):
                    w.line(f"{ct} a = acc[j];")
                    w.line(f"for (int r = 0; r < {GEMV_ROWS}; r++) a = {fma}(x[i + r], "
                           "wi[r * ld + j], a);")
                    w.line("acc[j] = a;")
            with w.block("for (; i < k; i++)"):
                w.line(f"const {ct} xi = x[i], *wi = w + i * ld + j0;")
                w.line("#pragma omp simd")
                w.line(f"for (int64_t j = 0; j < nb; j++) acc[j] = {fma}(xi, wi[j], acc[j]);")
            w.line("for (int64_t j = 0; j < nb; j++) y[j0 + j] = acc[j];")
    ctx.add_helper(name, w.text())
    return name


def write_conversion(w: CWriter, ctx: RenderContext, name: str, nid: int, via: DType,
                     to: DType) -> None:
    """Declare scratch buffer ``name`` and fill it with node ``nid``'s elements converted
    to ``via`` (cast semantics: the product's result dtype) and then widened to ``to``;
    on the executable's threads when the copy has PARALLEL_MIN_COPY elements or more."""
    count = numel(ctx.shape(nid))
    value = cstyle.convert(element_value(ctx, nid, "e", via), via, to)
    w.line(ctx.scratch(name, to, count))
    w.pragma(omp_for(ctx, ctx.threads > 1 and count >= PARALLEL_MIN_COPY))
    with w.block(f"for (int64_t e = 0; e < {count}; e++)"):
        w.line(f"{name}[e] = {value};")


# =========================================================================== loops

def accumulator_type(dt: DType) -> str:
    """C type a loop kernel accumulates ``dt`` results in: the compute type of a float
    dtype, 64-bit integers (signed as ``dt`` is) for integer dtypes."""
    if dt.is_float:
        return cstyle.cty(dt)
    return "int64_t" if dt.is_signed else "uint64_t"


def finish_value(dt: DType, acc: str) -> str:
    """C expression storing accumulator ``acc`` (of :func:`accumulator_type`) as a value
    of ``dt``: rounded for floats, wrapped for integers."""
    if dt.is_float:
        return cstyle.store(dt, f"({cstyle.cty(dt)})({acc})")
    return f"({cstyle.ctype(dt)})({acc})"


def element_value(ctx: RenderContext, nid: int, ref_index: str, to: DType) -> str:
    """C expression of node ``nid``'s element at ``ref_index`` converted (cast semantics)
    to the compute type of ``to``."""
    dt = ctx.dtype(nid)
    value = cstyle.load(dt, f"{ctx.ptr(nid, True)}[{ref_index}]")
    return cstyle.convert(value, dt, to)


# =========================================================================== epilogues

def _is_elementwise(node: Node) -> bool:
    return OPS[node.op].category in ELEMENTWISE_CATEGORIES


def epilogue_function(ctx: RenderContext, kernel: Kernel, anchor: int) -> str | None:
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
    w = CWriter()
    with w.block(f"static void {name}(void **slots, uint8_t *arena, int64_t f0, int64_t f1)"):
        w.line("(void)slots; (void)arena;")
        with w.block(f"for (int64_t r = f0 / {cols}; r * {cols} < f1; r++)"):
            w.line(f"const int64_t j0 = r * {cols} < f0 ? f0 - r * {cols} : 0;")
            w.line(f"const int64_t j1 = (r + 1) * {cols} > f1 ? f1 - r * {cols} : {cols};")
            offsets = []
            for i, ld in enumerate(nest.loads):
                if not domain:
                    offsets.append("0")
                    continue
                row = _offset_expr(ld.strides[:-1], domain[:-1], "r")
                w.line(f"const int64_t ro{i} = {row};")
                offsets.append(f"ro{i} + j * {ld.strides[-1]}" if ld.strides[-1] else f"ro{i}")
            value_of_anchor = cstyle.load(out_dt, f"{out}[r * {cols} + j]")
            body, value = ctx.nest_values(nest, offsets, {anchor: f"a{anchor}"}, "")
            w.line("#pragma omp simd")
            with w.block("for (int64_t j = j0; j < j1; j++)"):
                w.line(f"const {cstyle.cty(out_dt)} a{anchor} = {value_of_anchor};")
                w.extend(body)
                w.line(f"{out}[r * {cols} + j] = {cstyle.store(out_dt, value)};")
    return w.text()


def write_epilogue_call(w: CWriter, epi: str | None, f0: str, f1: str) -> None:
    """Call epilogue helper ``epi`` on flat output elements ``[f0, f1)`` (C
    expressions); nothing when ``epi`` is None."""
    if epi is not None:
        w.line(f"{epi}(slots, arena, {f0}, {f1});")


# =========================================================================== run-invariant operands

def run_invariant(node: Node) -> bool:
    """A param, or a value of the prepare stage (bound as a handle, derived from params):
    both change only with the params' version (see ``ParamStore``), so copies derived
    from them may be kept between runs."""
    return node.op == "param" or (node.op == "input"
                                  and node.attr("name").startswith(BOUNDARY_PREFIX))


@contextmanager
def repack_guard_block(ctx: RenderContext, w: CWriter, tag: str, source: str
                       ) -> Iterator[CWriter]:
    """Run what the ``with`` writes (a repacking of the run-invariant operand at pointer
    ``source``) only when the operand's address or the params' version (``ctl[4]``, see
    ``ParamStore``) changed since it last ran. ``tag`` names the guard: the address and
    version it last saw, two int64 in the keep region (zero at first, which no address
    of an operand and no params version is, so the first run repacks)."""
    w.line(ctx.keep(f"{tag}_seen", DType.I64, 2))
    with w.block(f"if ({tag}_seen[0] != (int64_t)(uintptr_t){source} "
                 f"|| {tag}_seen[1] != ctl[4])"):
        yield w
        w.line(f"{tag}_seen[0] = (int64_t)(uintptr_t){source};")
        w.line(f"{tag}_seen[1] = ctl[4];")
