"""The conv paths for every dtype: im2col + BLAS GEMM, and generated loops.

:func:`render_conv_generic` renders the convs the register-tiled kernels do not take
(f32 convs they do not take, f64, f16 / bf16 widened to f32):

* im2col of a column chunk of the output positions into a per-thread scratch buffer
  (skipped for pointwise f32/f64 convolutions: the input is its own im2col), then one
  BLAS GEMM per (image, group, chunk) — the generated vector-matrix kernel
  (``support.gemv_rows``) when a group has one output channel — then bias, rounding
  (f16/bf16) and the epilogue on the block while it is in cache. Chunks are cut by shape
  alone (``CHUNK_ELEMENTS`` of im2col each), further only when there are fewer tasks
  than threads, so results do not depend on the thread count;
* when the sizes do not fit BLAS or the scratch does not fit ``SCRATCH_LIMIT_BYTES``
  (or the dtype is not a BLAS dtype): one accumulator per output element, summing over
  the group's channels and the taps inside the input, in the accumulator type of
  ``support.accumulator_type``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.conv_plan import ConvPlan
from rlx.backends.cpu.kernels.support import (
    BLAS_SPLIT_TASKS,
    CHUNK_ELEMENTS,
    PARALLEL_MIN_FLOPS,
    SCRATCH_LIMIT_BYTES,
    SPLIT_ALIGN,
    accumulator_type,
    blas_dtype,
    blas_prefix,
    c_table,
    element_value,
    finish_value,
    fits_blas,
    gemv_rows,
    omp_for,
    split_parts,
    thread_id,
    thread_slots,
    write_conversion,
    write_epilogue_call,
)
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType


def render_conv_generic(ctx: RenderContext, plan: ConvPlan, epi: str | None) -> str:
    """The statements of ``plan``'s conv by im2col + BLAS GEMM when its sizes fit BLAS
    and its scratch fits SCRATCH_LIMIT_BYTES, else by generated loops; ``epi`` is the
    kernel's epilogue helper (or None)."""
    blas_dt = blas_dtype(plan.dtype)
    chunks = _conv_chunks(ctx, plan)
    if plan.kdim > 0 and _conv_scratch_bytes(ctx, plan, chunks) <= SCRATCH_LIMIT_BYTES \
            and fits_blas(plan.kdim, plan.positions, plan.cog):
        return _render_conv_im2col(ctx, plan, blas_dt, chunks, epi)
    return _render_conv_direct(ctx, plan, epi)


def _conv_parallel(ctx: RenderContext, plan: ConvPlan) -> bool:
    return ctx.threads > 1 and plan.flops >= PARALLEL_MIN_FLOPS


def _conv_chunks(ctx: RenderContext, plan: ConvPlan) -> list[int]:
    """Boundaries of the column chunks of output positions one task handles: small
    enough for a chunk's im2col to stay in cache, and of about equal widths (no sliver
    of a last chunk to multiply the weights with again), cut further like a GEMM
    (``support.split_parts``) when that leaves fewer (image, group, chunk) tasks than
    BLAS_SPLIT_TASKS: no cut depends on the thread count (see there)."""
    p = plan.positions
    width = p
    if _conv_needs_copy(plan)[0]:
        budget = max(SPLIT_ALIGN, CHUNK_ELEMENTS // max(plan.kdim, 1) // SPLIT_ALIGN
                     * SPLIT_ALIGN)
        even = -(-p // -(-p // budget))
        width = min(p, -(-even // SPLIT_ALIGN) * SPLIT_ALIGN)
    pairs = plan.n * plan.groups
    if pairs * -(-p // width) < BLAS_SPLIT_TASKS:
        parts = split_parts(ctx, plan.cog * p * plan.kdim, p, pairs, tasks=BLAS_SPLIT_TASKS)
        even = -(-p // parts)
        width = min(width, -(-even // SPLIT_ALIGN) * SPLIT_ALIGN)
    return list(range(0, p, width)) + [p]


def _conv_needs_copy(plan: ConvPlan) -> tuple[bool, bool]:
    """(im2col copy needed, f32 product scratch needed) for the BLAS path."""
    narrow = plan.dtype != blas_dtype(plan.dtype)
    return (narrow or not plan.pointwise), narrow


def _conv_scratch_bytes(ctx: RenderContext, plan: ConvPlan, chunks: list[int]) -> int:
    """Static scratch of the im2col path: per-thread im2col and product blocks, plus the
    widened weights for f16/bf16."""
    width = max(b - a for a, b in zip(chunks, chunks[1:]))
    slots = thread_slots(ctx, _conv_parallel(ctx, plan))
    copy, narrow = _conv_needs_copy(plan)
    per_thread = (plan.kdim * width if copy else 0) + (plan.cog * width if narrow else 0)
    weights = plan.cout * plan.kdim if narrow else 0
    return (slots * per_thread + weights) * blas_dtype(plan.dtype).itemsize


def _render_conv_im2col(ctx: RenderContext, plan: ConvPlan, blas_dt: DType,
                        chunks: list[int], epi: str | None) -> str:
    """One task per (image, group, column chunk): im2col of the chunk into this thread's
    scratch (the input itself for pointwise f32/f64), a GEMM with the group's weights
    (the generated vector-matrix kernel when a group has one output channel), then
    bias, rounding (f16/bf16) and the epilogue on the block."""
    p = blas_prefix(ctx, blas_dt)
    ct = cstyle.ctype(blas_dt)
    copy, narrow = _conv_needs_copy(plan)
    nchunks = len(chunks) - 1
    tasks = plan.n * plan.groups * nchunks
    parallel = _conv_parallel(ctx, plan) and tasks > 1
    slots = thread_slots(ctx, parallel)
    width = max(b - a for a, b in zip(chunks, chunks[1:]))
    tid = thread_id(ctx) if slots > 1 else "0"
    w = CWriter(indent=1)
    w.line("rlx_blas_serial();")
    w.line(c_table("split", chunks))
    if narrow:
        write_conversion(w, ctx, "rlx_w", plan.w, plan.dtype, blas_dt)
        w.line(ctx.scratch("rlx_c", blas_dt, slots * plan.cog * width))
    if copy:
        w.line(ctx.scratch("rlx_cols", blas_dt, slots * plan.kdim * width))
    w.pragma(omp_for(ctx, parallel))
    with _conv_task(w, plan, tasks, nchunks):
        if copy:
            w.line(f"{ct} *cols = rlx_cols + (int64_t){tid} * {plan.kdim * width};")
            _im2col(w, ctx, plan, blas_dt)
            b_ptr, ldb = "cols", "w"
        else:
            b_ptr, ldb = f"{ctx.ptr(plan.x, True)} + xo + lo", str(plan.positions)
        if narrow:
            w.line(f"{ct} *cb = rlx_c + (int64_t){tid} * {plan.cog * width};")
            c_ptr, ldc = "cb", "w"
        else:
            c_ptr, ldc = f"{ctx.ptr(plan.out)} + base + lo", str(plan.positions)
        weights = f"{'rlx_w' if narrow else ctx.ptr(plan.w, True)} + g * {plan.cog * plan.kdim}"
        if plan.cog == 1:  # one output channel per group (depthwise): a vector-matrix product
            w.line(f"{gemv_rows(ctx, blas_dt)}({plan.kdim}, w, {weights}, {b_ptr}, {ldb}, "
                   f"{c_ptr});")
        else:
            w.line(f"scipy_cblas_{p}gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, "
                   f"{plan.cog}, (int)w, {plan.kdim}, 1, {weights}, {plan.kdim}, {b_ptr}, "
                   f"(int){ldb}, 0, {c_ptr}, (int){ldc});")
        _conv_finish(w, ctx, plan, c_ptr if narrow else None)
        _conv_block_epilogue(w, plan, nchunks, epi)
    return w.text()


@contextmanager
def _conv_task(w: CWriter, plan: ConvPlan, tasks: int, nchunks: int) -> Iterator[CWriter]:
    """The task loop, its body what the ``with`` writes: image ``n``, group ``g``, output
    positions ``[lo, hi)`` (``w`` of them), the block's output offset ``base`` and the
    group's input offset ``xo``."""
    with w.block(f"for (int64_t task = 0; task < {tasks}; task++)"):
        w.line(f"const int64_t ng = task / {nchunks}, chunk = task % {nchunks};")
        w.line(f"const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};")
        w.line("const int64_t lo = split[chunk], hi = split[chunk + 1], w = hi - lo;")
        w.line(f"const int64_t base = (n * {plan.cout} + g * {plan.cog}) * {plan.positions};")
        w.line(f"const int64_t xo = (n * {plan.cin} + g * {plan.cig}) * {plan.ih * plan.iw};")
        yield w


def _im2col(w: CWriter, ctx: RenderContext, plan: ConvPlan, to: DType) -> None:
    """Fill ``cols`` (kdim rows of ``w`` values) with the input values under each kernel
    tap for output positions ``[lo, hi)``, zeros in the padding, converted to ``to``.

    Positions are walked in runs along one output row; in a run the taps inside the
    input form one range ``[t0, t1)`` (computed, not tested per element), so the copy
    loop is branch-free and vectorises."""
    taps, sw = plan.kh * plan.kw, plan.sw
    value = cstyle.convert(element_value(ctx, plan.x, f"xr + ix0 + t * {sw}", plan.dtype),
                           plan.dtype, to)
    zero = cstyle.literal(0, to)
    with w.block(f"for (int64_t r = 0; r < {plan.kdim}; r++)"):
        w.line(f"const int64_t ci = r / {taps}, ki = (r % {taps}) / {plan.kw}, "
               f"kj = r % {plan.kw};")
        w.line(f"const int64_t xc = xo + ci * {plan.ih * plan.iw};")
        w.line(f"{cstyle.ctype(to)} *dst = cols + r * w;")
        with w.block("for (int64_t q = 0; q < w;)"):
            w.line(f"const int64_t oy = (lo + q) / {plan.ow}, ox0 = (lo + q) % {plan.ow};")
            w.line(f"const int64_t run = {plan.ow} - ox0 < w - q ? {plan.ow} - ox0 : w - q;")
            w.line(f"const int64_t iy = oy * {plan.sh} - {plan.ph} + ki * {plan.dh};")
            w.line(f"const int64_t xr = xc + iy * {plan.iw};")
            w.line(f"const int64_t ix0 = ox0 * {sw} - {plan.pw} + kj * {plan.dw};")
            w.line(f"int64_t t0 = ix0 < 0 ? (-ix0 + {sw - 1}) / {sw} : 0;")
            w.line(f"const int64_t room = {plan.iw} - ix0;")
            w.line(f"int64_t t1 = room > 0 ? (room + {sw - 1}) / {sw} : 0;")
            w.line("t1 = t1 < run ? t1 : run;")
            w.line(f"if (iy < 0 || iy >= {plan.ih}) t1 = 0;")
            w.line("t0 = t0 < t1 ? t0 : t1;")
            w.line(f"for (int64_t t = 0; t < t0; t++) dst[q + t] = {zero};")
            w.line("#pragma omp simd")
            w.line(f"for (int64_t t = t0; t < t1; t++) dst[q + t] = {value};")
            w.line(f"for (int64_t t = t1; t < run; t++) dst[q + t] = {zero};")
            w.line("q += run;")


def _conv_finish(w: CWriter, ctx: RenderContext, plan: ConvPlan, scratch: str | None) -> None:
    """Add the bias (in the compute dtype) and, for f16/bf16, round the f32 product block
    ``scratch`` (``cog`` rows of ``w``) into the output; nothing for f32/f64 without bias."""
    if scratch is None and plan.bias is None:
        return
    out = ctx.ptr(plan.out)
    dt = plan.dtype
    src = f"{scratch}[co * w + q]" if scratch else f"{out}[base + co * {plan.positions} + lo + q]"
    value = src
    if plan.bias is not None:
        bias = element_value(ctx, plan.bias, f"g * {plan.cog} + co", dt)
        value = f"({src} + ({cstyle.cty(dt)})({bias}))"
    with w.block(f"for (int64_t co = 0; co < {plan.cog}; co++)"), \
            w.block("for (int64_t q = 0; q < w; q++)"):
        w.line(f"{out}[base + co * {plan.positions} + lo + q] = {cstyle.store(dt, value)};")


def _conv_block_epilogue(w: CWriter, plan: ConvPlan, nchunks: int, epi: str | None) -> None:
    pos = plan.positions
    if epi is None:
        return
    if nchunks == 1:
        write_epilogue_call(w, epi, "base", f"base + {plan.cog * pos}")
        return
    with w.block(f"for (int64_t co = 0; co < {plan.cog}; co++)"):
        write_epilogue_call(w, epi, f"base + co * {pos} + lo", f"base + co * {pos} + hi")


def _render_conv_direct(ctx: RenderContext, plan: ConvPlan, epi: str | None) -> str:
    """One accumulator per output element, summing over the group's channels and the
    kernel taps inside the input (padding contributes nothing)."""
    dt = plan.dtype
    acc = accumulator_type(dt)
    pos = plan.positions
    parallel = _conv_parallel(ctx, plan) and plan.n * plan.cout > 1
    x_value = element_value(ctx, plan.x, f"xo + (ci * {plan.ih} + iy) * {plan.iw} + ix", dt)
    w_index = f"co * {plan.kdim} + (ci * {plan.kh} + ki) * {plan.kw} + kj"
    w_value = element_value(ctx, plan.w, w_index, dt)
    w = CWriter(indent=1)
    w.pragma(omp_for(ctx, parallel))
    with w.block(f"for (int64_t nc = 0; nc < {plan.n * plan.cout}; nc++)"):
        w.line(f"const int64_t n = nc / {plan.cout}, co = nc % {plan.cout};")
        w.line(f"const int64_t xo = (n * {plan.cin} + co / {plan.cog} * {plan.cig}) "
               f"* {plan.ih * plan.iw};")
        with w.block(f"for (int64_t p = 0; p < {pos}; p++)"):
            w.line(f"const int64_t oy = p / {plan.ow}, ox = p % {plan.ow};")
            w.line(f"{acc} acc = 0;")
            with w.block(f"for (int64_t ci = 0; ci < {plan.cig}; ci++)"), \
                    w.block(f"for (int64_t ki = 0; ki < {plan.kh}; ki++)"):
                w.line(f"const int64_t iy = oy * {plan.sh} - {plan.ph} + ki * {plan.dh};")
                w.line(f"if (iy < 0 || iy >= {plan.ih}) continue;")
                with w.block(f"for (int64_t kj = 0; kj < {plan.kw}; kj++)"):
                    w.line(f"const int64_t ix = ox * {plan.sw} - {plan.pw} + kj * {plan.dw};")
                    w.line(f"if (ix < 0 || ix >= {plan.iw}) continue;")
                    w.line(f"acc += ({acc})({x_value}) * ({acc})({w_value});")
            if plan.bias is not None:
                w.line(f"acc += ({acc})({element_value(ctx, plan.bias, 'co', dt)});")
            w.line(f"{ctx.ptr(plan.out)}[nc * {pos} + p] = {finish_value(dt, 'acc')};")
        write_epilogue_call(w, epi, f"nc * {pos}", f"nc * {pos} + {pos}")
    return w.text()
