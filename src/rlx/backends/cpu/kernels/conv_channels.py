"""The register-tiled conv vectorised over output channels, for small maps (f32, every
ISA tier).

A small map fills position vectors badly (a 7 x 7 map is 49 positions: four vectors of
which a quarter would be padding), so these paths swap the operands' roles: the
micro-tiles of :mod:`conv_tiled` broadcast input positions and load ``CHANNEL_NR``
output channels of weights, packed k-major once per params' version (the weights must
be run-invariant), so no lane is wasted; the sums are written to the output transposed
(``rlx_cv_store_t``), bias added, then the epilogue runs on them.

* :func:`channel_grid` / :func:`render_conv_channel_grid`: convs with taps read the
  broadcast values from the conv's grid (whole phase planes of the input, copied once
  per (image, group) when padded or strided: :func:`conv_positions.grid_copy`)
  through each (channel, tap)'s offset, so no im2col copy is made;
* :func:`channel_tiled` / :func:`render_conv_channels`: pointwise convs read the input
  itself, strided convs on the smallest maps an im2col copy made first.

k is summed in one order whatever the tasks, so results do not depend on the thread
count.
"""

from __future__ import annotations

from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels import conv_tiled
from rlx.backends.cpu.kernels.conv_plan import ConvPlan
from rlx.backends.cpu.kernels.conv_positions import grid_copy, offset_table
from rlx.backends.cpu.kernels.conv_tiled import (
    LANES,
    TiledGeometry,
    add_channel_helpers,
    part_rows,
    tile_name,
    tiled_geometry,
)
from rlx.backends.cpu.kernels.conv_tiled import add_helpers as add_tile_helpers
from rlx.backends.cpu.kernels.support import (
    SCRATCH_LIMIT_BYTES,
    omp_for,
    repack_guard_block,
    run_invariant,
    thread_id,
    thread_slots,
)
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType

CHANNEL_MARK = "conv vectorised over output channels"
"""Comment opening the channel-vectorised kernel in the generated source."""


def channel_tiled(ctx: RenderContext, plan: ConvPlan) -> bool:
    """Whether the conv takes the channel-vectorised path (:func:`render_conv_channels`):
    f32 with run-invariant weights, more than one output channel per group, and few
    output positions (a small map fills position vectors badly; measured on ResNet-50's
    shapes, 7 x 7 maps gain 10-25 %, pointwise convs on 14 x 14 maps up to 10 %); its
    packed weights and input columns fit the scratch limit. On several threads, pointwise
    convs with more than CHANNEL_MAX_POSITIONS positions also need CHANNEL_MIN_PANELS
    panels of output channels a thread. Convs with taps try the grid variant
    (:func:`channel_grid`) first."""
    if plan.dtype is not DType.F32 or plan.kdim == 0 or plan.cog < 2:
        return False
    limit = conv_tiled.CHANNEL_MAX_POINTWISE if plan.pointwise else conv_tiled.CHANNEL_MAX_POSITIONS
    if plan.positions > limit:
        return False
    panels = plan.n * plan.groups * -(-plan.cog // conv_tiled.CHANNEL_NR)
    if (ctx.threads > 1 and plan.positions > conv_tiled.CHANNEL_MAX_POSITIONS
            and panels < conv_tiled.CHANNEL_MIN_PANELS * ctx.threads):
        return False
    if not run_invariant(ctx.graph.nodes[plan.w]):
        return False
    floats = _channel_weight_floats(plan) + _channel_cols_floats(plan)
    return floats * 4 <= SCRATCH_LIMIT_BYTES and plan.kdim * conv_tiled.CHANNEL_NR < (1 << 31)


def channel_grid(ctx: RenderContext, plan: ConvPlan) -> TiledGeometry | None:
    """The whole-plane grid of a conv that takes the channel-vectorised path from a grid
    (:func:`render_conv_channel_grid`): f32 with run-invariant weights, more than one
    output channel per group, taps (not pointwise), at most CHANNEL_GRID_MAX_POSITIONS
    output positions (more than CHANNEL_MAX_POSITIONS when strided), and packed weights
    and grid copies within the scratch limit; else None."""
    if plan.dtype is not DType.F32 or plan.kdim == 0 or plan.cog < 2 or plan.pointwise:
        return None
    strided = plan.sh > 1 or plan.sw > 1
    if plan.positions > conv_tiled.CHANNEL_GRID_MAX_POSITIONS or (
            strided and plan.positions <= conv_tiled.CHANNEL_MAX_POSITIONS):
        return None
    if not run_invariant(ctx.graph.nodes[plan.w]):
        return None
    geo = tiled_geometry(plan, whole=True)
    if geo is None:
        return None
    grid = plan.n * plan.groups * plan.cig * geo.plane + geo.wq + LANES if geo.copy else 0
    floats = _channel_weight_floats(plan) + grid
    if floats * 4 > SCRATCH_LIMIT_BYTES or plan.kdim * conv_tiled.CHANNEL_NR >= (1 << 31):
        return None
    return geo


def _channel_weight_floats(plan: ConvPlan) -> int:
    nr = conv_tiled.CHANNEL_NR
    return plan.groups * -(-plan.cog // nr) * nr * plan.kdim


def _channel_cols_floats(plan: ConvPlan) -> int:
    """The input columns (kdim x positions per image and group), 0 when the input is its
    own columns (a pointwise conv)."""
    return 0 if plan.pointwise else plan.n * plan.groups * plan.kdim * plan.positions


def render_conv_channels(ctx: RenderContext, plan: ConvPlan, epi: str | None) -> str:
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
    block into L2: :func:`_weight_prefetch`),
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
    parallel = conv_tiled.runs_parallel(ctx, plan, tasks)
    variants = {(pr, nv)} | ({(tail, nv)} if tail else set())
    add_tile_helpers(ctx, variants, True, True, ahead=True)
    kc = max(1, min(kdim, conv_tiled.PANEL_BLOCK_BYTES // (nr * 4)))
    slots = thread_slots(ctx, parallel)
    tid = thread_id(ctx) if slots > 1 else "0"
    w = CWriter(indent=1)
    _channel_preamble(w, ctx, plan, CHANNEL_MARK, slots * part_rows(pos) * nr, (0,), nr)
    if plan.pointwise:
        cols = f"x + (n * {plan.cin} + g * {plan.cig}) * {pos}"
    else:
        w.line(ctx.scratch("rlx_cols", DType.F32, _channel_cols_floats(plan)))
        _channel_im2col(w, ctx, plan, parallel)
        cols = f"rlx_cols + ng * {kdim * pos}"
    if parallel:
        # equal tasks: each thread takes a run of consecutive panels, one stream of
        # weights (taken dynamically, the threads' panels interleave: ResNet-50's
        # 14 x 14 and 7 x 7 pointwise convs 3-5 % slower at 2 threads)
        w.pragma(f"#pragma omp parallel for num_threads({ctx.threads}) schedule(static)")
    pf = conv_tiled.CHANNEL_PREFETCH_ROWS * nr
    call = (f"(kc, a + k0 * {pos} + p, {pos}, panel, 0, rlx_off + k0, 0, {nr}, {pf}, "
            f"part + p * {nr}, k0 == 0, 0, 0, 0, 0, 0, 0);")
    with w.block(f"for (int64_t task = 0; task < {tasks}; task++)"):
        w.line(f"const int64_t ng = task / {panels}, c0 = task % {panels} * {nr};")
        w.line(f"const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};")
        w.line(f"const float *a = {cols};")
        w.line(f"const float *panel = rlx_wpk + (g * {panels} + c0 / {nr}) * {nr * kdim};")
        w.line(f"float *part = rlx_part + (int64_t){tid} * {part_rows(pos) * nr};")
        with w.block(f"for (int64_t k0 = 0; k0 < {kdim}; k0 += {kc})"):
            w.line(f"const int64_t kc = {kdim} - k0 < {kc} ? {kdim} - k0 : {kc};")
            _weight_prefetch(w, panels, 1, plan.groups, tasks, kdim, kc, -(-pos // pr))
            w.line("int64_t p = 0;")
            with w.block(f"for (; p + {pr} <= {pos}; p += {pr})"):
                w.line(f"rlx_cv_prefetch_next(nb, nlines, p / {pr} * per, per);")
                w.line(f"{tile_name(pr, nv, True, True, ahead=True)}{call}")
            if tail:
                with w.block(f"if (p < {pos})"):
                    w.line(f"rlx_cv_prefetch_next(nb, nlines, p / {pr} * per, per);")
                    w.line(f"{tile_name(tail, nv, True, True, ahead=True)}{call}")
        _channel_store(w, plan, "0", str(pos), epi)
    return w.text()


def _weight_prefetch(w: CWriter, panels: int, spans: int, groups: int, tasks: int, kdim: int,
                     kc: int, tiles: int) -> None:
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
        w.line("const float *nb = 0;")
        w.line("const int64_t nlines = 0, per = 0;")
        return
    panel_of = (f"rlx_wpk + ((task + 1) / {panels * spans} % {groups} * {panels} "
                f"+ (task + 1) % {panels * spans} / {spans}) * {nr * kdim}")
    w.line(f"const float *nb = k0 + kc < {kdim} ? panel + (k0 + kc) * {nr}")
    w.line(f"    : task + 1 < {tasks} ? {panel_of} : 0;")
    w.line(f"const int64_t nlines = (k0 + kc < {kdim} ? ({kdim} - k0 - kc < {kc} "
           f"? {kdim} - k0 - kc : {kc}) : {min(kc, kdim)}) * {nr // 16};")
    w.line(f"const int64_t per = {per};")


def _channel_preamble(w: CWriter, ctx: RenderContext, plan: ConvPlan, mark: str,
                      part_floats: int, taps: tuple[int, ...], plane: int) -> None:
    """The opening of a channel-vectorised kernel: its marking comment, the per-thread
    partial sums, ``rlx_off`` (the broadcast offset of each k: :func:`conv_positions.offset_table`
    of ``taps`` and ``plane``), the operand pointers and the weights' repacking."""
    bias = ctx.ptr(plan.bias, True) if plan.bias is not None else "0"
    add_channel_helpers(ctx)
    w.line(f"/* {mark} */")
    w.line(ctx.scratch("rlx_part", DType.F32, part_floats))
    offset_table(w, ctx, plan.kdim, taps, plane)
    w.line(f"const float *x = {ctx.ptr(plan.x, True)};")
    w.line(f"const float *wt = {ctx.ptr(plan.w, True)};")
    w.line(f"const float *bias = {bias};")
    w.line(f"float *y = {ctx.ptr(plan.out)};")
    _channel_weights(w, ctx, plan)


def _channel_weights(w: CWriter, ctx: RenderContext, plan: ConvPlan) -> None:
    """Repack the weights (when their address or the params' version changed) into
    ``rlx_wpk``: per group, panels of CHANNEL_NR output channels, each ``kdim`` rows of
    NR floats (zeros past the group's last channel)."""
    nr, kdim, cog = conv_tiled.CHANNEL_NR, plan.kdim, plan.cog
    panels = -(-cog // nr)
    w.line(ctx.keep("rlx_wpk", DType.F32, _channel_weight_floats(plan)))
    with repack_guard_block(ctx, w, "rlx_wpk", "wt"), \
            w.block(f"for (int64_t gp = 0; gp < {plan.groups * panels}; gp++)"):
        w.line(f"const int64_t c0 = gp % {panels} * {nr};")
        w.line(f"const float *src = wt + (gp / {panels} * {cog} + c0) * {kdim};")
        w.line(f"float *dst = rlx_wpk + gp * {nr * kdim};")
        w.line(f"for (int64_t kk = 0; kk < {kdim}; kk++)")
        with w.indented():
            w.line(f"for (int64_t c = 0; c < {nr}; c++)")
            with w.indented():
                w.line(f"dst[kk * {nr} + c] = c0 + c < {cog} ? src[c * {kdim} + kk] : 0.0f;")


def _channel_store(w: CWriter, plan: ConvPlan, lo: str, hi: str, epi: str | None) -> None:
    """Write the task's sums (``part``: output positions ``[lo, hi)``, NR floats each)
    into the panel's output channels from ``c0``, adding the bias, then run the
    epilogue on each channel's positions."""
    nr, cog, pos = conv_tiled.CHANNEL_NR, plan.cog, plan.positions
    first = f"(n * {plan.cout} + g * {cog} + c0) * {pos}"
    w.line(f"const int64_t nc = {cog} - c0 < {nr} ? {cog} - c0 : {nr};")
    w.line(f"rlx_cv_store_t(part, {hi} - {lo}, nc, y + {first} + {lo}, {pos}, "
           f"bias ? bias + g * {cog} + c0 : 0);")
    if epi is not None:
        with w.block("for (int64_t c = 0; c < nc; c++)"):
            w.line(f"const int64_t row = {first} + c * {pos};")
            w.line(f"{epi}(slots, arena, row + {lo}, row + {hi});")


def render_conv_channel_grid(ctx: RenderContext, plan: ConvPlan, geo: TiledGeometry,
                             epi: str | None) -> str:
    """The channel-vectorised convolution of a conv with taps over a larger map: as
    :func:`render_conv_channels`, but the broadcast values are read from the conv's
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
    parallel = conv_tiled.runs_parallel(ctx, plan, tasks)
    variants = {(pr, nv)} | ({(tail, nv)} if tail else set())
    add_tile_helpers(ctx, variants, True, True, grid=True)
    kc = max(1, min(kdim, conv_tiled.PANEL_BLOCK_BYTES // (nr * 4)))
    slots = thread_slots(ctx, parallel)
    tid = thread_id(ctx) if slots > 1 else "0"
    grid_floats = plan.cig * geo.plane
    w = CWriter(indent=1)
    _channel_preamble(w, ctx, plan, f"{CHANNEL_MARK}, from a grid",
                      slots * part_rows(rows * ow) * nr, geo.taps, geo.plane)
    if geo.copy:
        w.line(ctx.scratch("rlx_grid", DType.F32, pairs * grid_floats + geo.wq + LANES))
        with w.block(f"for (int64_t ng = 0; ng < {pairs}; ng++)"):
            w.line(f"const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};")
            w.line(f"const float *xg = x + (n * {plan.cin} + g * {plan.cig}) * "
                   f"{plan.ih * plan.iw};")
            w.line(f"float *grid = rlx_grid + ng * {grid_floats};")
            w.line("const int64_t r0 = 0;")
            grid_copy(w, plan, geo, omp_for(ctx, parallel))
        source = f"rlx_grid + ng * {grid_floats}"
    else:
        source = f"x + (n * {plan.cin} + g * {plan.cig}) * {plan.ih * plan.iw}"
    if parallel:
        w.pragma(f"#pragma omp parallel for num_threads({ctx.threads}) schedule(dynamic, 1)")
    pf = conv_tiled.CHANNEL_PREFETCH_ROWS * nr
    call = (f"(kc, ar + ox, {nr}, panel + k0 * {nr}, 0, rlx_off + k0, 0, {nr}, {pf}, "
            f"pr + ox * {nr}, k0 == 0, 0, 0, 0, 0, 0, 0);")
    with w.block(f"for (int64_t task = 0; task < {tasks}; task++)"):
        w.line(f"const int64_t ng = task / {panels * spans}, t = task % {panels * spans};")
        w.line(f"const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};")
        w.line(f"const int64_t c0 = t / {spans} * {nr}, oy0 = t % {spans} * {rows};")
        w.line(f"const int64_t oy1 = oy0 + {rows} < {oh} ? oy0 + {rows} : {oh};")
        w.line(f"const float *a = {source};")
        w.line(f"const float *panel = rlx_wpk + (g * {panels} + c0 / {nr}) * {nr * kdim};")
        w.line(f"float *part = rlx_part + (int64_t){tid} * {part_rows(rows * ow) * nr};")
        with w.block(f"for (int64_t k0 = 0; k0 < {kdim}; k0 += {kc})"):
            w.line(f"const int64_t kc = {kdim} - k0 < {kc} ? {kdim} - k0 : {kc};")
            _weight_prefetch(w, panels, spans, plan.groups, tasks, kdim, kc,
                             rows * -(-ow // pr))
            with w.block("for (int64_t oy = oy0; oy < oy1; oy++)"):
                w.line(f"const float *ar = a + oy * {geo.wq};")
                w.line(f"float *pr = part + (oy - oy0) * {ow * nr};")
                w.line(f"const int64_t t0 = (oy - oy0) * {-(-ow // pr)};")
                w.line("int64_t ox = 0;")
                with w.block(f"for (; ox + {pr} <= {ow}; ox += {pr})"):
                    w.line(f"rlx_cv_prefetch_next(nb, nlines, (t0 + ox / {pr}) * per, per);")
                    w.line(f"{tile_name(pr, nv, True, True, True)}{call}")
                if tail:
                    with w.block(f"if (ox < {ow})"):
                        w.line(f"rlx_cv_prefetch_next(nb, nlines, (t0 + ox / {pr}) * per, per);")
                        w.line(f"{tile_name(tail, nv, True, True, True)}{call}")
        _channel_store(w, plan, f"oy0 * {ow}", f"oy1 * {ow}", epi)
    return w.text()


def _channel_im2col(w: CWriter, ctx: RenderContext, plan: ConvPlan, parallel: bool) -> None:
    """Fill ``rlx_cols`` with every (image, group)'s input columns: row ``r`` of a pair is
    input channel ``r / taps`` under tap ``r % taps`` at each output position, zero where
    the tap falls in the padding."""
    taps, pos, sw = plan.kh * plan.kw, plan.positions, plan.sw
    if parallel:
        w.pragma(f"#pragma omp parallel for num_threads({ctx.threads})")
    with w.block(f"for (int64_t row = 0; row < {plan.n * plan.groups * plan.kdim}; row++)"):
        w.line(f"const int64_t ng = row / {plan.kdim}, r = row % {plan.kdim};")
        w.line(f"const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};")
        w.line(f"const int64_t ci = r / {taps}, ki = r % {taps} / {plan.kw}, kj = r % {plan.kw};")
        w.line(f"const float *src = x + (n * {plan.cin} + g * {plan.cig} + ci) * "
               f"{plan.ih * plan.iw};")
        w.line(f"float *dst = rlx_cols + row * {pos};")
        w.line(f"const int64_t ix0 = kj * {plan.dw} - {plan.pw};")
        w.line(f"int64_t t0 = ix0 < 0 ? (-ix0 + {sw - 1}) / {sw} : 0;")
        w.line(f"int64_t t1 = {plan.iw} - ix0 > 0 ? ({plan.iw} - ix0 + {sw - 1}) / {sw} : 0;")
        w.line(f"t1 = t1 < {plan.ow} ? t1 : {plan.ow};")
        w.line("t0 = t0 < t1 ? t0 : t1;")
        with w.block(f"for (int64_t oy = 0; oy < {plan.oh}; oy++)"):
            w.line(f"const int64_t iy = oy * {plan.sh} - {plan.ph} + ki * {plan.dh};")
            w.line(f"float *d = dst + oy * {plan.ow};")
            w.line(f"const int64_t hi = iy < 0 || iy >= {plan.ih} ? 0 : t1;")
            w.line("const int64_t lo = t0 < hi ? t0 : hi;")
            w.line(f"const int64_t at = iy * {plan.iw} + ix0;")
            w.line("for (int64_t ox = 0; ox < lo; ox++) d[ox] = 0.0f;")
            w.line("#pragma omp simd")
            w.line(f"for (int64_t ox = lo; ox < hi; ox++) d[ox] = src[at + ox * {sw}];")
            w.line(f"for (int64_t ox = hi; ox < {plan.ow}; ox++) d[ox] = 0.0f;")
