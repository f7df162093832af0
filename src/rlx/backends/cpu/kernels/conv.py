"""Convolutions for the cpu backend (kernel kind ``conv`` and the ``conv`` op).

conv1d / conv2d (NCL / NCHW, stride, per-dim (before, after) padding, dilation, groups,
optional bias) and an optional elementwise epilogue.

* f32 with more than one output channel per group: the register-tiled direct
  convolution of :mod:`conv_tiled` (one source for every ISA tier: its tiles are
  written against the prelude's vector shim and cut into register sub-tiles per
  tier), vectorised over output positions, or, for small maps with run-invariant
  weights, over output channels (reading the input itself, a padded grid, or im2col
  columns: see :func:`_channel_grid` and :func:`_channel_tiled`); 3 x 3 stride-1
  convs with run-invariant weights by Winograd's algorithm (:mod:`conv_winograd`),
  the direct kernel compiled alongside for inputs with infinities or nans;
* f32 convs the tiles do not take, f64 (and f16 / bf16, widened to f32): im2col of a
  column chunk of the output positions into a per-thread scratch buffer (skipped for
  pointwise f32/f64 convolutions) and one BLAS GEMM per (image, group, chunk) — a
  vector-matrix product when a group has one output channel;
* other dtypes, or sizes BLAS cannot take: generated loops.

Threads, scratch and epilogues follow the rules in ``linalg``'s docstring; epilogue
helpers merge the output's trailing axes where the operands allow
(``linalg.merge_rows``), so that one call covers a run of an output channel.
"""

from __future__ import annotations

from dataclasses import dataclass

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.kernels import conv_tiled
from rlx.backends.cpu.kernels.conv_tiled import (
    LANES,
    WEIGHT_BLOCK_FLOATS,
    TiledGeometry,
    add_channel_helpers,
    copy_floats,
    part_rows,
    tile_name,
    tiled_geometry,
)
from rlx.backends.cpu.kernels.conv_tiled import add_helpers as add_tile_helpers
from rlx.backends.cpu.kernels.conv_winograd import render_conv_winograd, variant
from rlx.backends.cpu.kernels.linalg import (
    CHUNK_ELEMENTS,
    PARALLEL_MIN_FLOPS,
    SCRATCH_LIMIT_BYTES,
    SPLIT_ALIGN,
    _accumulator,
    _anchor,
    _blas_dtype,
    _blas_prefix,
    _c_table,
    _convert_into,
    _element,
    _epilogue_call,
    _epilogue_function,
    _finish,
    _fits_blas,
    _gemv_rows,
    _omp_for,
    _parts,
    _run_invariant,
    _single,
    _thread_id,
    _thread_slots,
    repack_guard,
)
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.passes.program import Kernel


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
    """A conv kernel: Winograd or the register-tiled direct kernel for f32 where they
    apply (see the module docstring), else im2col + BLAS GEMM for every float dtype
    (f16/bf16 via f32), direct loops when the sizes do not fit BLAS or its scratch.
    The same source for every ISA tier."""
    plan = _plan_conv(ctx, kernel)
    epi = _epilogue_function(ctx, kernel, plan.anchor)
    if plan.n * plan.cout * plan.positions == 0:
        return "    /* empty result */"
    direct = _render_conv_tiled_direct(ctx, plan, epi)
    if direct is None:
        blas_dt = _blas_dtype(plan.dtype)
        chunks = _conv_chunks(ctx, plan)
        if plan.kdim > 0 and _conv_scratch_bytes(ctx, plan, chunks) <= SCRATCH_LIMIT_BYTES \
                and _fits_blas(plan.kdim, plan.positions, plan.cog):
            direct = _render_conv_im2col(ctx, plan, blas_dt, chunks, epi)
        else:
            direct = _render_conv_direct(ctx, plan, epi)
    winograd = variant(ctx, plan)
    if winograd is None:
        return direct
    # the direct kernel, in a block of its own, for inputs with non-finite values
    return render_conv_winograd(ctx, plan, winograd, epi, "    {\n" + direct + "\n    }")


def _render_conv_tiled_direct(ctx: RenderContext, plan: _ConvPlan,
                              epi: str | None) -> str | None:
    """The register-tiled direct kernel for ``plan``: channel-vectorised from a grid or
    from input columns, else position-vectorised; None when no grid fits."""
    grid = _channel_grid(ctx, plan)
    if grid is not None:
        return _render_conv_channel_grid(ctx, plan, grid, epi)
    if _channel_tiled(ctx, plan):
        return _render_conv_channels(ctx, plan, epi)
    geo = _tiled_geometry(ctx, plan)
    return None if geo is None else _render_conv_tiled(ctx, plan, geo, epi)


def _conv_parallel(ctx: RenderContext, plan: _ConvPlan) -> bool:
    return ctx.threads > 1 and plan.flops >= PARALLEL_MIN_FLOPS


def _conv_chunks(ctx: RenderContext, plan: _ConvPlan) -> list[int]:
    """Boundaries of the column chunks of output positions one task handles: small
    enough for a chunk's im2col to stay in cache, and of about equal widths (no sliver
    of a last chunk to multiply the weights with again) — a cut that does not depend
    on the thread count; cut further like a GEMM (:func:`_parts`) only when that leaves
    fewer (image, group, chunk) tasks than threads."""
    p = plan.positions
    width = p
    if _conv_needs_copy(plan)[0]:
        budget = max(SPLIT_ALIGN, CHUNK_ELEMENTS // max(plan.kdim, 1) // SPLIT_ALIGN
                     * SPLIT_ALIGN)
        even = -(-p // -(-p // budget))
        width = min(p, -(-even // SPLIT_ALIGN) * SPLIT_ALIGN)
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
        lines.append(ctx.scratch("rlx_c", blas_dt, slots * plan.cog * width))
    if copy:
        lines.append(ctx.scratch("rlx_cols", blas_dt, slots * plan.kdim * width))
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


def _tiled_geometry(ctx: RenderContext, plan: _ConvPlan) -> TiledGeometry | None:
    """The grid of the register-tiled path, or None when that path does not apply: it
    takes f32 convolutions with more than one output channel per group whose grid copy
    fits the scratch limit (with one span per thread where that fits and
    ``conv_tiled.thread_spans`` allows, else spans of GROUP_PANELS panels)."""
    if plan.dtype is not DType.F32 or plan.kdim == 0 or plan.cog < 2:
        return None
    parallel = ctx.threads > 1 and plan.flops >= conv_tiled.PARALLEL_MIN_FLOPS
    for threads in ([ctx.threads] if parallel else []) + [1]:
        geo = tiled_geometry(plan, threads=threads)
        if geo is not None and copy_floats(plan, geo) * 4 <= SCRATCH_LIMIT_BYTES:
            return geo
    return None


def _render_conv_tiled(ctx: RenderContext, plan: _ConvPlan, geo: TiledGeometry,
                       epi: str | None) -> str:
    """The register-tiled direct convolution (see :mod:`conv_tiled`): one flat loop of
    (image, group, span of panels, block of output channels) tasks, taken dynamically
    by the threads (in order, one span each, when the geometry is ``split``); a task
    copies the grid rows it reads (when the grid is a copy) into its thread's buffer
    unless that thread's previous task held the same (image, group, span) there, then
    sums its tiles."""
    mr, width, span, spans = geo.mr, geo.width, geo.span, geo.spans
    if spans >= conv_tiled.MIN_SPANS or geo.split:
        block = plan.cog
    else:
        block = min(plan.cog, max(mr, min(conv_tiled.BLOCK_ROWS,
                                          WEIGHT_BLOCK_FLOATS // plan.kdim) // mr * mr))
    blocks = -(-plan.cog // block)
    per_group = blocks * spans
    tasks = plan.n * plan.groups * per_group
    parallel = (ctx.threads > 1 and tasks > 1
                and plan.flops >= conv_tiled.PARALLEL_MIN_FLOPS)
    variants = _tile_variants(plan, geo)
    packed = _packed_weights(ctx, plan, geo)
    prefetch = len(geo.taps) <= conv_tiled.PREFETCH_MAX_TAPS
    add_tile_helpers(ctx, set(variants.values()), packed, prefetch)
    kc = geo.block_channels(plan.cig) * len(geo.taps)
    slots = _thread_slots(ctx, parallel)
    tid = _thread_id(ctx) if slots > 1 else "0"
    bias = ctx.ptr(plan.bias, True) if plan.bias is not None else "0"
    lines = [ctx.scratch("rlx_part", DType.F32, slots * mr * span)]
    if geo.copy:
        lines.append(ctx.scratch("rlx_grid", DType.F32, slots * copy_floats(plan, geo)))
    lines += [*_offset_table(ctx, plan.kdim, geo.taps, geo.plane),
              f"    const float *x = {ctx.ptr(plan.x, True)};",
              f"    const float *wt = {ctx.ptr(plan.w, True)};",
              f"    const float *bias = {bias};",
              f"    float *y = {ctx.ptr(plan.out)};"]
    if packed:
        lines += _pack_weight_lines(ctx, plan, geo)
    if geo.copy:
        lines += [f"    static int64_t rlx_held[{slots}];",
                  f"    for (int64_t s = 0; s < {slots}; s++) rlx_held[s] = -1;"]
    if parallel:
        lines.append(f"    #pragma omp parallel for num_threads({ctx.threads}) "
                     + ("schedule(static)" if geo.split else "schedule(dynamic, 1)"))
    lines += [f"    for (int64_t task = 0; task < {tasks}; task++) {{",
              f"        const int64_t ng = task / {per_group}, t = task % {per_group};",
              f"        const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};",
              f"        const float *xg = x + (n * {plan.cin} + g * {plan.cig}) * "
              f"{plan.ih * plan.iw};",
              f"        const int64_t base = (n * {plan.cout} + g * {plan.cog}) * "
              f"{plan.positions};",
              f"        const int64_t m0 = t % {blocks} * {block};",
              f"        const int64_t m1 = m0 + {block} < {plan.cog} ? m0 + {block} : {plan.cog};",
              f"        const int64_t q0 = t / {blocks} * {span};",
              f"        const int64_t q1 = q0 + {span} < {geo.positions} ? q0 + {span} : "
              f"{geo.positions};"]
    if geo.copy:
        lines += [f"        float *grid = rlx_grid + (int64_t){tid} * {copy_floats(plan, geo)};",
                  f"        const int64_t r0 = q0 / {geo.wq}, qb = r0 * {geo.wq};",
                  f"        if (rlx_held[{tid}] != task / {blocks}) {{",
                  f"            rlx_held[{tid}] = task / {blocks};"]
        lines += ["    " + line for line in _grid_copy_lines(plan, geo)]
        lines.append("        }")
    else:
        lines += ["        const float *grid = xg;", "        const int64_t qb = 0;"]
    if epi is not None:
        lines += _tile_output_range(plan, geo)
    lines += [f"        float *part = rlx_part + (int64_t){tid} * {mr * span};",
              f"        for (int64_t m = m0; m < m1; m += {mr}) {{",
              f"            const float *bm = bias ? bias + g * {plan.cog} + m : 0;",
              f"            float *ym = y + base + m * {plan.positions};",
              f"            for (int64_t k0 = 0; k0 < {plan.kdim}; k0 += {kc}) {{",
              f"            const int64_t kc = {plan.kdim} - k0 < {kc} ? {plan.kdim} - k0 : {kc};",
              f"            const int first = k0 == 0, last = k0 + kc >= {plan.kdim};",
              (f"            const float *wm = rlx_wpk + (g * {-(-plan.cog // mr)} + m / {mr}) "
               f"* {mr * plan.kdim} + k0 * {mr};" if packed else
               f"            const float *wm = wt + (g * {plan.cog} + m) * {plan.kdim} + k0;"),
              f"            for (int64_t q = q0; q < q1; q += {width}) {{",
              f"                const int64_t nq = q1 - q < {width} ? q1 - q : {width};",
              f"                float *pm = part + (q - q0) * {mr};"]
    lines += _tile_calls(plan, geo, variants, packed, prefetch)
    lines += ["            }", "            }"]
    if epi is not None:
        lines += [f"            for (int64_t i = m; i < m + {mr} && i < m1; i++)",
                  "                if (o1 > o0)",
                  f"                    {epi}(slots, arena, base + i * {plan.positions} + o0, "
                  f"base + i * {plan.positions} + o1);"]
    lines += ["        }", "    }"]
    return "\n".join(lines)


CHANNEL_MARK = "conv vectorised over output channels"
"""Comment opening the channel-vectorised kernel in the generated source."""


def _channel_tiled(ctx: RenderContext, plan: _ConvPlan) -> bool:
    """Whether the conv takes the channel-vectorised path (:func:`_render_conv_channels`):
    f32 with run-invariant weights, more than one output channel per group, and few
    output positions (a small map fills position vectors badly; measured on ResNet-50's
    shapes, 7 x 7 maps gain 10-25 %, pointwise convs on 14 x 14 maps up to 10 %); its
    packed weights and input columns fit the scratch limit. On several threads, pointwise
    convs with more than CHANNEL_MAX_POSITIONS positions also need CHANNEL_MIN_PANELS
    panels of output channels a thread. Convs with taps try the grid variant
    (:func:`_channel_grid`) first."""
    if plan.dtype is not DType.F32 or plan.kdim == 0 or plan.cog < 2:
        return False
    limit = conv_tiled.CHANNEL_MAX_POINTWISE if plan.pointwise else conv_tiled.CHANNEL_MAX_POSITIONS
    if plan.positions > limit:
        return False
    panels = plan.n * plan.groups * -(-plan.cog // conv_tiled.CHANNEL_NR)
    if (ctx.threads > 1 and plan.positions > conv_tiled.CHANNEL_MAX_POSITIONS
            and panels < conv_tiled.CHANNEL_MIN_PANELS * ctx.threads):
        return False
    if not _run_invariant(ctx.graph.nodes[plan.w]):
        return False
    floats = _channel_weight_floats(plan) + _channel_cols_floats(plan)
    return floats * 4 <= SCRATCH_LIMIT_BYTES and plan.kdim * conv_tiled.CHANNEL_NR < (1 << 31)


def _channel_grid(ctx: RenderContext, plan: _ConvPlan) -> TiledGeometry | None:
    """The whole-plane grid of a conv that takes the channel-vectorised path from a grid
    (:func:`_render_conv_channel_grid`): f32 with run-invariant weights, more than one
    output channel per group, taps (not pointwise), at most CHANNEL_GRID_MAX_POSITIONS
    output positions (more than CHANNEL_MAX_POSITIONS when strided), and packed weights
    and grid copies within the scratch limit; else None."""
    if plan.dtype is not DType.F32 or plan.kdim == 0 or plan.cog < 2 or plan.pointwise:
        return None
    strided = plan.sh > 1 or plan.sw > 1
    if plan.positions > conv_tiled.CHANNEL_GRID_MAX_POSITIONS or (
            strided and plan.positions <= conv_tiled.CHANNEL_MAX_POSITIONS):
        return None
    if not _run_invariant(ctx.graph.nodes[plan.w]):
        return None
    geo = tiled_geometry(plan, whole=True)
    if geo is None:
        return None
    grid = plan.n * plan.groups * plan.cig * geo.plane + geo.wq + LANES if geo.copy else 0
    floats = _channel_weight_floats(plan) + grid
    if floats * 4 > SCRATCH_LIMIT_BYTES or plan.kdim * conv_tiled.CHANNEL_NR >= (1 << 31):
        return None
    return geo


def _channel_weight_floats(plan: _ConvPlan) -> int:
    nr = conv_tiled.CHANNEL_NR
    return plan.groups * -(-plan.cog // nr) * nr * plan.kdim


def _channel_cols_floats(plan: _ConvPlan) -> int:
    """The input columns (kdim x positions per image and group), 0 when the input is its
    own columns (a pointwise conv)."""
    return 0 if plan.pointwise else plan.n * plan.groups * plan.kdim * plan.positions


def _render_conv_channels(ctx: RenderContext, plan: _ConvPlan, epi: str | None) -> str:
    """The channel-vectorised convolution for small maps: the micro-tiles of
    :mod:`conv_tiled` with the roles of the operands swapped (see ``conv_tiled``'s
    docstring). Per (image, group), the input columns ``A`` (kdim rows of ``positions``
    values: the input itself when pointwise, else an im2col copy made first) are the
    broadcast operand and the weights, packed once into panels of ``CHANNEL_NR`` output
    channels (``kdim`` rows of NR floats, zero past the last channel), the vector operand.
    A task is one panel of one (image, group), each thread taking a run of consecutive
    tasks: per block of k, its tiles of ``pr``
    positions x NR channels walk all positions while the block of the panel stays in
    L1 (each step of k prefetching the panel's row CHANNEL_PREFETCH_ROWS further on and
    the input's row CHANNEL_PREFETCH_AHEAD positions on, each tile a share of the next
    block into L2: :func:`_weight_prefetch_lines`),
    summing into the task's partial sums (``positions`` rows of NR floats); then
    the panel's channels are written transposed into the output (16 x 16 blocks at a
    time, ``rlx_cv_store_t``), bias added, and the
    epilogue run on them. k is summed in one order whatever the tasks, so results do not
    depend on the thread count."""
    nr, nv = conv_tiled.CHANNEL_NR, conv_tiled.CHANNEL_NR // LANES
    pos, kdim, cog = plan.positions, plan.kdim, plan.cog
    pr = conv_tiled.channel_tile_rows(pos)
    tail = pos % pr
    panels = -(-cog // nr)
    pairs = plan.n * plan.groups
    tasks = pairs * panels
    parallel = ctx.threads > 1 and tasks > 1 and plan.flops >= conv_tiled.PARALLEL_MIN_FLOPS
    variants = {(pr, nv)} | ({(tail, nv)} if tail else set())
    add_tile_helpers(ctx, variants, True, True, ahead=True)
    kc = max(1, min(kdim, conv_tiled.PANEL_BLOCK_BYTES // (nr * 4)))
    slots = _thread_slots(ctx, parallel)
    tid = _thread_id(ctx) if slots > 1 else "0"
    lines = _channel_preamble(ctx, plan, CHANNEL_MARK, slots * part_rows(pos) * nr,
                              (0,), nr)
    if plan.pointwise:
        cols = f"x + (n * {plan.cin} + g * {plan.cig}) * {pos}"
    else:
        lines.append(ctx.scratch("rlx_cols", DType.F32, _channel_cols_floats(plan)))
        lines += _channel_im2col_lines(ctx, plan, parallel)
        cols = f"rlx_cols + ng * {kdim * pos}"
    if parallel:
        # equal tasks: each thread takes a run of consecutive panels, one stream of
        # weights (taken dynamically, the threads' panels interleave: ResNet-50's
        # 14 x 14 and 7 x 7 pointwise convs 3-5 % slower at 2 threads)
        lines.append(f"    #pragma omp parallel for num_threads({ctx.threads}) "
                     "schedule(static)")
    pf = conv_tiled.CHANNEL_PREFETCH_ROWS * nr
    call = (f"(kc, a + k0 * {pos} + p, {pos}, panel, 0, rlx_off + k0, 0, {nr}, {pf}, "
            f"part + p * {nr}, k0 == 0, 0, 0, 0, 0, 0, 0);")
    lines += [f"    for (int64_t task = 0; task < {tasks}; task++) {{",
              f"        const int64_t ng = task / {panels}, c0 = task % {panels} * {nr};",
              f"        const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};",
              f"        const float *a = {cols};",
              f"        const float *panel = rlx_wpk + (g * {panels} + c0 / {nr}) * {nr * kdim};",
              f"        float *part = rlx_part + (int64_t){tid} * {part_rows(pos) * nr};",
              f"        for (int64_t k0 = 0; k0 < {kdim}; k0 += {kc}) {{",
              f"            const int64_t kc = {kdim} - k0 < {kc} ? {kdim} - k0 : {kc};",
              *_weight_prefetch_lines(panels, 1, plan.groups, tasks, kdim, kc, -(-pos // pr)),
              "            int64_t p = 0;",
              f"            for (; p + {pr} <= {pos}; p += {pr}) {{",
              f"                rlx_cv_prefetch_next(nb, nlines, p / {pr} * per, per);",
              f"                {tile_name(pr, nv, True, True, ahead=True)}{call}",
              "            }"]
    if tail:
        lines += [f"            if (p < {pos}) {{",
                  f"                rlx_cv_prefetch_next(nb, nlines, p / {pr} * per, per);",
                  f"                {tile_name(tail, nv, True, True, ahead=True)}{call}",
                  "            }"]
    lines.append("        }")
    lines += _channel_store_lines(plan, "0", str(pos), epi)
    lines.append("    }")
    return "\n".join(lines)


def _weight_prefetch_lines(panels: int, spans: int, groups: int, tasks: int, kdim: int,
                          kc: int, tiles: int) -> list[str]:
    """Inside a channel-vectorised task's loop over blocks of k: ``nb``, the packed
    weights the next block reads (the next block of this panel, else the first of the
    next task's panel, 0 after the last task), and ``nlines``, their cache lines. Each
    of the block's ``tiles`` tiles then prefetches its share of them into L2
    (``rlx_cv_prefetch_next``), so the next block's first tile does not wait on memory
    (ResNet-50's 14 x 14 pointwise convs: 3-5 % faster at 1 thread). Blocks of too few
    tiles for a share of at most CHANNEL_PREFETCH_NEXT_LINES lines prefetch nothing
    (``nb`` is 0): bursts of more crowd the tiles' own loads (7 x 7 maps: 5 % slower)."""
    nr = conv_tiled.CHANNEL_NR
    per = -(-(kc * nr // 16) // tiles)
    if per > conv_tiled.CHANNEL_PREFETCH_NEXT_LINES:
        return ["            const float *nb = 0;",
                "            const int64_t nlines = 0, per = 0;"]
    panel_of = (f"rlx_wpk + ((task + 1) / {panels * spans} % {groups} * {panels} "
                f"+ (task + 1) % {panels * spans} / {spans}) * {nr * kdim}")
    return [f"            const float *nb = k0 + kc < {kdim} ? panel + (k0 + kc) * {nr}",
            f"                : task + 1 < {tasks} ? {panel_of} : 0;",
            f"            const int64_t nlines = (k0 + kc < {kdim} ? ({kdim} - k0 - kc < {kc} "
            f"? {kdim} - k0 - kc : {kc}) : {min(kc, kdim)}) * {nr // 16};",
            f"            const int64_t per = {per};"]


def _offset_table(ctx: RenderContext, kdim: int, taps: tuple[int, ...],
                  plane: int) -> list[str]:
    """``rlx_off``: the offset of each step k of a tile, ``k / len(taps) * plane +
    taps[k % len(taps)]`` (a channel's plane, then its tap). The values are the
    compiler's constants, so they live in the keep region and are written on the
    shared object's first run only."""
    n = len(taps)
    value = f"k / {n} * {plane} + taps[k % {n}]" if taps != (0,) else f"k * {plane}"
    return [ctx.keep("rlx_off", DType.I32, kdim),
            *(["    " + _c_table("taps", list(taps))] if taps != (0,) else []),
            "    static int rlx_off_ready = 0;",
            "    if (!__atomic_load_n(&rlx_off_ready, __ATOMIC_ACQUIRE)) {",
            f"        for (int64_t k = 0; k < {kdim}; k++) rlx_off[k] = (int32_t)({value});",
            "        __atomic_store_n(&rlx_off_ready, 1, __ATOMIC_RELEASE);",
            "    }"]


def _channel_preamble(ctx: RenderContext, plan: _ConvPlan, mark: str, part_floats: int,
                      taps: tuple[int, ...], plane: int) -> list[str]:
    """The opening of a channel-vectorised kernel: its marking comment, the per-thread
    partial sums, ``rlx_off`` (the broadcast offset of each k: :func:`_offset_table`
    of ``taps`` and ``plane``), the operand pointers and the weights' repacking."""
    bias = ctx.ptr(plan.bias, True) if plan.bias is not None else "0"
    add_channel_helpers(ctx)
    return [f"    /* {mark} */",
            ctx.scratch("rlx_part", DType.F32, part_floats),
            *_offset_table(ctx, plan.kdim, taps, plane),
            f"    const float *x = {ctx.ptr(plan.x, True)};",
            f"    const float *wt = {ctx.ptr(plan.w, True)};",
            f"    const float *bias = {bias};",
            f"    float *y = {ctx.ptr(plan.out)};",
            *_channel_weight_lines(ctx, plan)]


def _channel_weight_lines(ctx: RenderContext, plan: _ConvPlan) -> list[str]:
    """Repack the weights (when their address or the params' version changed) into
    ``rlx_wpk``: per group, panels of CHANNEL_NR output channels, each ``kdim`` rows of
    NR floats (zeros past the group's last channel)."""
    nr, kdim, cog = conv_tiled.CHANNEL_NR, plan.kdim, plan.cog
    panels = -(-cog // nr)
    return [ctx.keep("rlx_wpk", DType.F32, _channel_weight_floats(plan))] + repack_guard(
        "rlx_wpk", "wt", [
            f"        for (int64_t gp = 0; gp < {plan.groups * panels}; gp++) {{",
            f"            const int64_t c0 = gp % {panels} * {nr};",
            f"            const float *src = wt + (gp / {panels} * {cog} + c0) * {kdim};",
            f"            float *dst = rlx_wpk + gp * {nr * kdim};",
            f"            for (int64_t kk = 0; kk < {kdim}; kk++)",
            f"                for (int64_t c = 0; c < {nr}; c++)",
            f"                    dst[kk * {nr} + c] = c0 + c < {cog} ? src[c * {kdim} + kk] "
            ": 0.0f;",
            "        }"])


def _channel_store_lines(plan: _ConvPlan, lo: str, hi: str, epi: str | None) -> list[str]:
    """Write the task's sums (``part``: output positions ``[lo, hi)``, NR floats each)
    into the panel's output channels from ``c0``, adding the bias, then run the
    epilogue on each channel's positions."""
    nr, cog, pos = conv_tiled.CHANNEL_NR, plan.cog, plan.positions
    first = f"(n * {plan.cout} + g * {cog} + c0) * {pos}"
    lines = [f"        const int64_t nc = {cog} - c0 < {nr} ? {cog} - c0 : {nr};",
             f"        rlx_cv_store_t(part, {hi} - {lo}, nc, y + {first} + {lo}, {pos}, "
             f"bias ? bias + g * {cog} + c0 : 0);"]
    if epi is not None:
        lines += ["        for (int64_t c = 0; c < nc; c++) {",
                  f"            const int64_t row = {first} + c * {pos};",
                  f"            {epi}(slots, arena, row + {lo}, row + {hi});",
                  "        }"]
    return lines


def _render_conv_channel_grid(ctx: RenderContext, plan: _ConvPlan, geo: TiledGeometry,
                              epi: str | None) -> str:
    """The channel-vectorised convolution of a conv with taps over a larger map: as
    :func:`_render_conv_channels`, but the broadcast values are read from the conv's
    grid (``geo``: whole phase planes, copied once per (image, group) when padded or
    strided, else the input itself) through the offset of each (channel, tap), so no
    im2col copy is made. A task is one panel of one (image, group) over a span of whole
    output rows; its tiles cover ``pr`` positions of one output row."""
    nr, nv = conv_tiled.CHANNEL_NR, conv_tiled.CHANNEL_NR // LANES
    kdim, cog, ow, oh = plan.kdim, plan.cog, plan.ow, plan.oh
    pr = conv_tiled.channel_tile_rows(ow)
    tail = ow % pr
    rows = max(1, min(oh, conv_tiled.CHANNEL_SPAN_POSITIONS // ow))
    spans = -(-oh // rows)
    panels = -(-cog // nr)
    pairs = plan.n * plan.groups
    tasks = pairs * panels * spans
    parallel = ctx.threads > 1 and tasks > 1 and plan.flops >= conv_tiled.PARALLEL_MIN_FLOPS
    variants = {(pr, nv)} | ({(tail, nv)} if tail else set())
    add_tile_helpers(ctx, variants, True, True, grid=True)
    kc = max(1, min(kdim, conv_tiled.PANEL_BLOCK_BYTES // (nr * 4)))
    slots = _thread_slots(ctx, parallel)
    tid = _thread_id(ctx) if slots > 1 else "0"
    grid_floats = plan.cig * geo.plane
    lines = _channel_preamble(ctx, plan, f"{CHANNEL_MARK}, from a grid",
                              slots * part_rows(rows * ow) * nr, geo.taps, geo.plane)
    if geo.copy:
        lines += [ctx.scratch("rlx_grid", DType.F32, pairs * grid_floats + geo.wq + LANES),
                  f"    for (int64_t ng = 0; ng < {pairs}; ng++) {{",
                  f"        const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};",
                  f"        const float *xg = x + (n * {plan.cin} + g * {plan.cig}) * "
                  f"{plan.ih * plan.iw};",
                  f"        float *grid = rlx_grid + ng * {grid_floats};",
                  "        const int64_t r0 = 0;"]
        lines += _grid_copy_lines(plan, geo, _omp_for(ctx, parallel))
        lines.append("    }")
        source = f"rlx_grid + ng * {grid_floats}"
    else:
        source = f"x + (n * {plan.cin} + g * {plan.cig}) * {plan.ih * plan.iw}"
    if parallel:
        lines.append(f"    #pragma omp parallel for num_threads({ctx.threads}) "
                     "schedule(dynamic, 1)")
    pf = conv_tiled.CHANNEL_PREFETCH_ROWS * nr
    call = (f"(kc, ar + ox, {nr}, panel + k0 * {nr}, 0, rlx_off + k0, 0, {nr}, {pf}, "
            f"pr + ox * {nr}, k0 == 0, 0, 0, 0, 0, 0, 0);")
    lines += [f"    for (int64_t task = 0; task < {tasks}; task++) {{",
              f"        const int64_t ng = task / {panels * spans}, t = task % {panels * spans};",
              f"        const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};",
              f"        const int64_t c0 = t / {spans} * {nr}, oy0 = t % {spans} * {rows};",
              f"        const int64_t oy1 = oy0 + {rows} < {oh} ? oy0 + {rows} : {oh};",
              f"        const float *a = {source};",
              f"        const float *panel = rlx_wpk + (g * {panels} + c0 / {nr}) * {nr * kdim};",
              f"        float *part = rlx_part + (int64_t){tid} * {part_rows(rows * ow) * nr};",
              f"        for (int64_t k0 = 0; k0 < {kdim}; k0 += {kc}) {{",
              f"            const int64_t kc = {kdim} - k0 < {kc} ? {kdim} - k0 : {kc};",
              *_weight_prefetch_lines(panels, spans, plan.groups, tasks, kdim, kc,
                                      rows * -(-ow // pr)),
              "            for (int64_t oy = oy0; oy < oy1; oy++) {",
              f"                const float *ar = a + oy * {geo.wq};",
              f"                float *pr = part + (oy - oy0) * {ow * nr};",
              f"                const int64_t t0 = (oy - oy0) * {-(-ow // pr)};",
              "                int64_t ox = 0;",
              f"                for (; ox + {pr} <= {ow}; ox += {pr}) {{",
              f"                    rlx_cv_prefetch_next(nb, nlines, (t0 + ox / {pr}) * per, per);",
              f"                    {tile_name(pr, nv, True, True, True)}{call}",
              "                }"]
    if tail:
        lines += [f"                if (ox < {ow}) {{",
                  f"                    rlx_cv_prefetch_next(nb, nlines, (t0 + ox / {pr}) * per, "
                  "per);",
                  f"                    {tile_name(tail, nv, True, True, True)}{call}",
                  "                }"]
    lines += ["            }", "        }"]
    lines += _channel_store_lines(plan, f"oy0 * {ow}", f"oy1 * {ow}", epi)
    lines.append("    }")
    return "\n".join(lines)


def _channel_im2col_lines(ctx: RenderContext, plan: _ConvPlan, parallel: bool) -> list[str]:
    """Fill ``rlx_cols`` with every (image, group)'s input columns: row ``r`` of a pair is
    input channel ``r / taps`` under tap ``r % taps`` at each output position, zero where
    the tap falls in the padding."""
    taps, pos, sw = plan.kh * plan.kw, plan.positions, plan.sw
    lines = []
    if parallel:
        lines.append(f"    #pragma omp parallel for num_threads({ctx.threads})")
    lines += [
        f"    for (int64_t row = 0; row < {plan.n * plan.groups * plan.kdim}; row++) {{",
        f"        const int64_t ng = row / {plan.kdim}, r = row % {plan.kdim};",
        f"        const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};",
        f"        const int64_t ci = r / {taps}, ki = r % {taps} / {plan.kw}, kj = r % {plan.kw};",
        f"        const float *src = x + (n * {plan.cin} + g * {plan.cig} + ci) * "
        f"{plan.ih * plan.iw};",
        f"        float *dst = rlx_cols + row * {pos};",
        f"        const int64_t ix0 = kj * {plan.dw} - {plan.pw};",
        f"        int64_t t0 = ix0 < 0 ? (-ix0 + {sw - 1}) / {sw} : 0;",
        f"        int64_t t1 = {plan.iw} - ix0 > 0 ? ({plan.iw} - ix0 + {sw - 1}) / {sw} : 0;",
        f"        t1 = t1 < {plan.ow} ? t1 : {plan.ow};",
        "        t0 = t0 < t1 ? t0 : t1;",
        f"        for (int64_t oy = 0; oy < {plan.oh}; oy++) {{",
        f"            const int64_t iy = oy * {plan.sh} - {plan.ph} + ki * {plan.dh};",
        f"            float *d = dst + oy * {plan.ow};",
        f"            const int64_t hi = iy < 0 || iy >= {plan.ih} ? 0 : t1;",
        "            const int64_t lo = t0 < hi ? t0 : hi;",
        f"            const int64_t at = iy * {plan.iw} + ix0;",
        "            for (int64_t ox = 0; ox < lo; ox++) d[ox] = 0.0f;",
        "            #pragma omp simd",
        f"            for (int64_t ox = lo; ox < hi; ox++) d[ox] = src[at + ox * {sw}];",
        f"            for (int64_t ox = hi; ox < {plan.ow}; ox++) d[ox] = 0.0f;",
        "        }",
        "    }"]
    return lines


def _tile_variants(plan: _ConvPlan,
                   geo: TiledGeometry) -> dict[tuple[bool, bool], tuple[int, int, str]]:
    """The micro-tile (MR, NV, loads) for each (full rows?, full panel?) case that occurs:
    every panel but the grid's last is whole; the last is as many vectors as it reaches,
    partly loaded when it ends inside one (see ``conv_tiled.tile_function``)."""
    mr, nv = geo.mr, geo.nv
    tail_rows = plan.cog % mr
    last = geo.positions - (-(-geo.positions // geo.width) - 1) * geo.width
    tail_nv = -(-last // LANES)
    tail_loads = conv_tiled.WHOLE if last == LANES * tail_nv else conv_tiled.PARTIAL
    if tail_nv == nv and tail_loads != conv_tiled.WHOLE:
        wide_loads = tail_loads = conv_tiled.EITHER
    else:
        wide_loads = conv_tiled.WHOLE
    variants = {}
    for full_rows, rows in ((True, mr), (False, tail_rows)):
        if rows == 0 or (full_rows and plan.cog < mr):
            continue
        variants[(full_rows, True)] = (rows, nv, wide_loads)
        variants[(full_rows, False)] = (rows, tail_nv, tail_loads)
    return variants


def _packed_weights(ctx: RenderContext, plan: _ConvPlan, geo: TiledGeometry) -> bool:
    """Whether the tiles read the weights packed (see :func:`_pack_weight_lines`): when
    they are the same on every run (a param or a value of the prepare stage) and the
    packed copy fits the scratch limit."""
    return (_run_invariant(ctx.graph.nodes[plan.w])
            and _packed_weight_floats(plan, geo) * 4 <= SCRATCH_LIMIT_BYTES)


def _packed_weight_floats(plan: _ConvPlan, geo: TiledGeometry) -> int:
    return plan.groups * -(-plan.cog // geo.mr) * geo.mr * plan.kdim


def _pack_weight_lines(ctx: RenderContext, plan: _ConvPlan, geo: TiledGeometry) -> list[str]:
    """Repack the weights into ``rlx_wpk`` when their address or the params' version
    (``ctl[4]``, see ``ParamStore``) changed since the last pack: per group, each block
    of ``mr`` output channels becomes ``kdim`` columns of ``mr`` consecutive floats
    (zeros past the group's last channel), so a tile's broadcasts for one k are
    adjacent. Sums are taken in the same order either way."""
    mr, kdim, cog = geo.mr, plan.kdim, plan.cog
    blocks = -(-cog // mr)
    return [ctx.keep("rlx_wpk", DType.F32, _packed_weight_floats(plan, geo))] + repack_guard(
        "rlx_wpk", "wt", [
            f"        for (int64_t gb = 0; gb < {plan.groups * blocks}; gb++) {{",
            f"            const int64_t m = gb % {blocks} * {mr};",
            f"            const float *src = wt + (gb / {blocks} * {cog} + m) * {kdim};",
            f"            float *dst = rlx_wpk + gb * {mr * kdim};",
            f"            for (int64_t i = 0; i < {mr}; i++)",
            f"                for (int64_t kk = 0; kk < {kdim}; kk++)",
            f"                    dst[kk * {mr} + i] = m + i < {cog} ? src[i * {kdim} + kk] "
            ": 0.0f;",
            "        }"])


def _tile_calls(plan: _ConvPlan, geo: TiledGeometry, variants: dict,
                packed: bool, prefetch: bool) -> list[str]:
    """The micro-tile call for the current rows ``m`` and panel ``q`` (``nq`` positions);
    tiles that prefetch fetch the next panel."""
    lda = geo.mr if packed else plan.kdim
    args = (f"(kc, wm, {lda}, grid, qb, rlx_off + k0, q, nq, {geo.width}, pm, first, last, "
            f"ym, {plan.positions}, {geo.wq}, {plan.ow}, bm);")

    def call(tile: tuple[int, int, str]) -> str:
        return tile_name(tile[0], tile[1], packed, prefetch, loads=tile[2]) + args

    def by_panel(full_rows: bool, indent: str) -> list[str]:
        wide, narrow = variants[(full_rows, True)], variants[(full_rows, False)]
        if wide == narrow:
            return [f"{indent}{call(wide)}"]
        return [f"{indent}if (nq > {LANES * narrow[1]}) {call(wide)}",
                f"{indent}else {call(narrow)}"]

    indent = "                "
    has_full = (True, True) in variants
    has_tail = (False, True) in variants
    if has_full and has_tail:
        return ([f"{indent}if (m + {geo.mr} <= {plan.cog}) {{"] + by_panel(True, indent + "    ")
                + [f"{indent}}} else {{"] + by_panel(False, indent + "    ") + [f"{indent}}}"])
    return by_panel(has_full, indent)


def _tile_output_range(plan: _ConvPlan, geo: TiledGeometry) -> list[str]:
    """``[o0, o1)``: the output positions of grid positions ``[q0, q1)`` (grid columns
    past the output width are not outputs)."""
    wq, ow = geo.wq, plan.ow
    return [f"        const int64_t c0 = q0 % {wq}, e = q1 - 1, c1 = e % {wq};",
            f"        const int64_t o0 = q0 / {wq} * {ow} + (c0 < {ow} ? c0 : {ow});",
            f"        const int64_t o1 = e / {wq} * {ow} + (c1 < {ow} ? c1 + 1 : {ow});"]


def _grid_copy_lines(plan: _ConvPlan, geo: TiledGeometry, pragma: str = "") -> list[str]:
    """Fill ``grid`` with the rows ``r0 .. r0 + rows - 1`` (those below the plane's
    ``hq``) of this (image, group)'s grid: per channel, one zero-padded plane slice per
    stride phase (row ``i``, column ``j`` of phase (a, b) holds padded input row
    ``(r0 + i) * sh + a``, column ``j * sw + b``); ``pragma`` precedes the loop over
    channels."""
    hq, wq, rows, sh, sw = geo.hq, geo.wq, geo.rows, plan.sh, plan.sw
    lines = [f"        const int64_t nr = {hq} - r0 < {rows} ? {hq} - r0 : {rows};"]
    if pragma:
        lines.append(f"        {pragma}")
    lines += [f"        for (int64_t ci = 0; ci < {plan.cig}; ci++) {{",
             f"            const float *xc = xg + ci * {plan.ih * plan.iw};",
             f"            float *dc = grid + ci * {geo.plane};"]
    for index, (a, b) in enumerate(geo.phases):
        j0 = min(wq, max(0, -(-(plan.pw - b) // sw)))
        j1 = min(wq, max(j0, -(-(plan.iw + plan.pw - b) // sw)))
        lines += ["            for (int64_t i = 0; i < nr; i++) {",
                  f"                float *d = dc + {index * rows * wq} + i * {wq};",
                  f"                const int64_t r = (r0 + i) * {sh} + {a - plan.ph};",
                  f"                if (r < 0 || r >= {plan.ih}) {{",
                  f"                    memset(d, 0, {wq} * sizeof(float));",
                  "                    continue;",
                  "                }"]
        if j0 > 0:
            lines.append(f"                memset(d, 0, {j0} * sizeof(float));")
        lines += ["                #pragma omp simd",
                  f"                for (int64_t j = {j0}; j < {j1}; j++) "
                  f"d[j] = xc[r * {plan.iw} + j * {sw} + {b - plan.pw}];"]
        if j1 < wq:
            lines.append(f"                memset(d + {j1}, 0, {wq - j1} * sizeof(float));")
        lines.append("            }")
    lines.append("        }")
    return lines


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


KIND_RENDERERS = {"conv": render_conv}
OP_RENDERERS = {"conv": _single("conv", render_conv)}
SUPPORTED: frozenset[str] = frozenset(KIND_RENDERERS)
