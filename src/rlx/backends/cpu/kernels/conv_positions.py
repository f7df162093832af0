"""The register-tiled direct conv vectorised over output positions (f32, every ISA tier).

:func:`positions_geometry` says whether a conv takes this path (f32, more than one
output channel per group, a grid copy within the scratch limit) and with which grid;
:func:`render_conv_positions` renders it with the micro-tiles of :mod:`conv_tiled`,
whose docstring describes the algorithm: one flat loop of (image, group, span of
panels, block of output channels) tasks; a task copies the grid rows it reads into its
thread's buffer (when the grid is a copy), then sums its tiles over blocks of k,
reading weights packed ``MR`` channels per k when they are run-invariant.

The grid helpers are shared with :mod:`conv_channels`: :func:`grid_copy` fills a
zero-padded, phase-split grid, :func:`offset_table` the offset of each (channel, tap)
step k of a tile.
"""

from __future__ import annotations

from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels import conv_tiled
from rlx.backends.cpu.kernels.conv_plan import ConvPlan
from rlx.backends.cpu.kernels.conv_tiled import (
    LANES,
    WEIGHT_BLOCK_FLOATS,
    TiledGeometry,
    copy_floats,
    tile_name,
    tiled_geometry,
)
from rlx.backends.cpu.kernels.conv_tiled import add_helpers as add_tile_helpers
from rlx.backends.cpu.kernels.support import (
    SCRATCH_LIMIT_BYTES,
    c_table,
    repack_guard_block,
    run_invariant,
    thread_id,
    thread_slots,
)
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType


def positions_geometry(ctx: RenderContext, plan: ConvPlan) -> TiledGeometry | None:
    """The grid of the register-tiled path, or None when that path does not apply: it
    takes f32 convolutions with more than one output channel per group whose grid copy
    fits the scratch limit (with one span per thread where that fits and
    ``conv_tiled.thread_spans`` allows, else spans of GROUP_PANELS panels)."""
    if plan.dtype is not DType.F32 or plan.kdim == 0 or plan.cog < 2:
        return None
    parallel = conv_tiled.runs_parallel(ctx, plan)
    for threads in ([ctx.threads] if parallel else []) + [1]:
        geo = tiled_geometry(plan, threads=threads)
        if geo is not None and copy_floats(plan, geo) * 4 <= SCRATCH_LIMIT_BYTES:
            return geo
    return None


def render_conv_positions(ctx: RenderContext, plan: ConvPlan, geo: TiledGeometry,
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
    parallel = conv_tiled.runs_parallel(ctx, plan, tasks)
    variants = _tile_variants(plan, geo)
    packed = _packed_weights(ctx, plan, geo)
    prefetch = len(geo.taps) <= conv_tiled.PREFETCH_MAX_TAPS
    add_tile_helpers(ctx, set(variants.values()), packed, prefetch)
    kc = geo.block_channels(plan.cig) * len(geo.taps)
    slots = thread_slots(ctx, parallel)
    tid = thread_id(ctx) if slots > 1 else "0"
    bias = ctx.ptr(plan.bias, True) if plan.bias is not None else "0"
    w = CWriter(indent=1)
    w.line(ctx.scratch("rlx_part", DType.F32, slots * mr * span))
    if geo.copy:
        w.line(ctx.scratch("rlx_grid", DType.F32, slots * copy_floats(plan, geo)))
    offset_table(w, ctx, plan.kdim, geo.taps, geo.plane)
    w.line(f"const float *x = {ctx.ptr(plan.x, True)};")
    w.line(f"const float *wt = {ctx.ptr(plan.w, True)};")
    w.line(f"const float *bias = {bias};")
    w.line(f"float *y = {ctx.ptr(plan.out)};")
    if packed:
        _pack_weights(w, ctx, plan, geo)
    if geo.copy:
        w.line(ctx.scratch("rlx_held", DType.I64, slots))
        w.line(f"for (int64_t s = 0; s < {slots}; s++) rlx_held[s] = -1;")
    if parallel:
        w.pragma(f"#pragma omp parallel for num_threads({ctx.threads}) "
                 + ("schedule(static)" if geo.split else "schedule(dynamic, 1)"))
    with w.block(f"for (int64_t task = 0; task < {tasks}; task++)"):
        w.line(f"const int64_t ng = task / {per_group}, t = task % {per_group};")
        w.line(f"const int64_t n = ng / {plan.groups}, g = ng % {plan.groups};")
        w.line(f"const float *xg = x + (n * {plan.cin} + g * {plan.cig}) * "
               f"{plan.ih * plan.iw};")
        w.line(f"const int64_t base = (n * {plan.cout} + g * {plan.cog}) * {plan.positions};")
        w.line(f"const int64_t m0 = t % {blocks} * {block};")
        w.line(f"const int64_t m1 = m0 + {block} < {plan.cog} ? m0 + {block} : {plan.cog};")
        w.line(f"const int64_t q0 = t / {blocks} * {span};")
        w.line(f"const int64_t q1 = q0 + {span} < {geo.positions} ? q0 + {span} : "
               f"{geo.positions};")
        if geo.copy:
            w.line(f"float *grid = rlx_grid + (int64_t){tid} * {copy_floats(plan, geo)};")
            w.line(f"const int64_t r0 = q0 / {geo.wq}, qb = r0 * {geo.wq};")
            with w.block(f"if (rlx_held[{tid}] != task / {blocks})"):
                w.line(f"rlx_held[{tid}] = task / {blocks};")
                grid_copy(w, plan, geo)
        else:
            w.line("const float *grid = xg;")
            w.line("const int64_t qb = 0;")
        if epi is not None:
            _tile_output_range(w, plan, geo)
        w.line(f"float *part = rlx_part + (int64_t){tid} * {mr * span};")
        with w.block(f"for (int64_t m = m0; m < m1; m += {mr})"):
            w.line(f"const float *bm = bias ? bias + g * {plan.cog} + m : 0;")
            w.line(f"float *ym = y + base + m * {plan.positions};")
            # the loop over blocks of k keeps its body at its own level
            with w.block(f"for (int64_t k0 = 0; k0 < {plan.kdim}; k0 += {kc})", flat=True):
                w.line(f"const int64_t kc = {plan.kdim} - k0 < {kc} ? {plan.kdim} - k0 : {kc};")
                w.line(f"const int first = k0 == 0, last = k0 + kc >= {plan.kdim};")
                if packed:
                    w.line(f"const float *wm = rlx_wpk + (g * {-(-plan.cog // mr)} + m / {mr}) "
                           f"* {mr * plan.kdim} + k0 * {mr};")
                else:
                    w.line(f"const float *wm = wt + (g * {plan.cog} + m) * {plan.kdim} + k0;")
                with w.block(f"for (int64_t q = q0; q < q1; q += {width})"):
                    w.line(f"const int64_t nq = q1 - q < {width} ? q1 - q : {width};")
                    w.line(f"float *pm = part + (q - q0) * {mr};")
                    _tile_calls(w, plan, geo, variants, packed, prefetch)
            if epi is not None:
                w.line(f"for (int64_t i = m; i < m + {mr} && i < m1; i++)")
                with w.indented():
                    w.line("if (o1 > o0)")
                    with w.indented():
                        w.line(f"{epi}(slots, arena, base + i * {plan.positions} + o0, "
                               f"base + i * {plan.positions} + o1);")
    return w.text()


def _tile_variants(plan: ConvPlan,
                   geo: TiledGeometry) -> dict[tuple[bool, bool], tuple[int, int, str]]:
    """The micro-tile (MR, NV, loads) for each (full rows?, full panel?) case that occurs:
    every panel but the grid's last is whole; the last is as many vectors as it reaches,
    partly loaded when it ends inside one (see ``conv_tiled.tile_function``)."""
    mr, nv = geo.mr, geo.nv
    tail_rows = plan.cog % mr
    last = (geo.positions - 1) % geo.width + 1
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


def _packed_weights(ctx: RenderContext, plan: ConvPlan, geo: TiledGeometry) -> bool:
    """Whether the tiles read the weights packed (see :func:`_pack_weights`): when
    they are the same on every run (a param or a value of the prepare stage) and the
    packed copy fits the scratch limit."""
    return (run_invariant(ctx.graph.nodes[plan.w])
            and _packed_weight_floats(plan, geo) * 4 <= SCRATCH_LIMIT_BYTES)


def _packed_weight_floats(plan: ConvPlan, geo: TiledGeometry) -> int:
    return plan.groups * -(-plan.cog // geo.mr) * geo.mr * plan.kdim


def _pack_weights(w: CWriter, ctx: RenderContext, plan: ConvPlan, geo: TiledGeometry) -> None:
    """Repack the weights into ``rlx_wpk`` when their address or the params' version
    (``ctl[4]``, see ``ParamStore``) changed since the last pack: per group, each block
    of ``mr`` output channels becomes ``kdim`` columns of ``mr`` consecutive floats
    (zeros past the group's last channel), so a tile's broadcasts for one k are
    adjacent. Sums are taken in the same order either way."""
    mr, kdim, cog = geo.mr, plan.kdim, plan.cog
    blocks = -(-cog // mr)
    w.line(ctx.keep("rlx_wpk", DType.F32, _packed_weight_floats(plan, geo)))
    with repack_guard_block(ctx, w, "rlx_wpk", "wt"), \
            w.block(f"for (int64_t gb = 0; gb < {plan.groups * blocks}; gb++)"):
        w.line(f"const int64_t m = gb % {blocks} * {mr};")
        w.line(f"const float *src = wt + (gb / {blocks} * {cog} + m) * {kdim};")
        w.line(f"float *dst = rlx_wpk + gb * {mr * kdim};")
        w.line(f"for (int64_t i = 0; i < {mr}; i++)")
        with w.indented():
            w.line(f"for (int64_t kk = 0; kk < {kdim}; kk++)")
            with w.indented():
                w.line(f"dst[kk * {mr} + i] = m + i < {cog} ? src[i * {kdim} + kk] : 0.0f;")


def _tile_calls(w: CWriter, plan: ConvPlan, geo: TiledGeometry, variants: dict,
                packed: bool, prefetch: bool) -> None:
    """The micro-tile call for the current rows ``m`` and panel ``q`` (``nq`` positions);
    tiles that prefetch fetch the next panel."""
    lda = geo.mr if packed else plan.kdim
    args = (f"(kc, wm, {lda}, grid, qb, rlx_off + k0, q, nq, {geo.width}, pm, first, last, "
            f"ym, {plan.positions}, {geo.wq}, {plan.ow}, bm);")

    def call(tile: tuple[int, int, str]) -> str:
        return tile_name(tile[0], tile[1], packed, prefetch, loads=tile[2]) + args

    def by_panel(full_rows: bool) -> None:
        wide, narrow = variants[(full_rows, True)], variants[(full_rows, False)]
        if wide == narrow:
            w.line(call(wide))
        else:
            w.line(f"if (nq > {LANES * narrow[1]}) {call(wide)}")
            w.line(f"else {call(narrow)}")

    has_full = (True, True) in variants
    if has_full and (False, True) in variants:
        with w.block(f"if (m + {geo.mr} <= {plan.cog})"):
            by_panel(True)
        with w.else_block():
            by_panel(False)
    else:
        by_panel(has_full)


def _tile_output_range(w: CWriter, plan: ConvPlan, geo: TiledGeometry) -> None:
    """``[o0, o1)``: the output positions of grid positions ``[q0, q1)`` (grid columns
    past the output width are not outputs)."""
    wq, ow = geo.wq, plan.ow
    w.line(f"const int64_t c0 = q0 % {wq}, e = q1 - 1, c1 = e % {wq};")
    w.line(f"const int64_t o0 = q0 / {wq} * {ow} + (c0 < {ow} ? c0 : {ow});")
    w.line(f"const int64_t o1 = e / {wq} * {ow} + (c1 < {ow} ? c1 + 1 : {ow});")


def grid_copy(w: CWriter, plan: ConvPlan, geo: TiledGeometry, pragma: str = "") -> None:
    """Fill ``grid`` with the rows ``r0 .. r0 + rows - 1`` (those below the plane's
    ``hq``) of this (image, group)'s grid: per channel, one zero-padded plane slice per
    stride phase (row ``i``, column ``j`` of phase (a, b) holds padded input row
    ``(r0 + i) * sh + a``, column ``j * sw + b``); ``pragma`` precedes the loop over
    channels."""
    hq, wq, rows, sh, sw = geo.hq, geo.wq, geo.rows, plan.sh, plan.sw
    w.line(f"const int64_t nr = {hq} - r0 < {rows} ? {hq} - r0 : {rows};")
    w.pragma(pragma)
    with w.block(f"for (int64_t ci = 0; ci < {plan.cig}; ci++)"):
        w.line(f"const float *xc = xg + ci * {plan.ih * plan.iw};")
        w.line(f"float *dc = grid + ci * {geo.plane};")
        for index, (a, b) in enumerate(geo.phases):
            j0 = min(wq, max(0, -(-(plan.pw - b) // sw)))
            j1 = min(wq, max(j0, -(-(plan.iw + plan.pw - b) // sw)))
            with w.block("for (int64_t i = 0; i < nr; i++)"):
                w.line(f"float *d = dc + {index * rows * wq} + i * {wq};")
                w.line(f"const int64_t r = (r0 + i) * {sh} + {a - plan.ph};")
                with w.block(f"if (r < 0 || r >= {plan.ih})"):
                    w.line(f"memset(d, 0, {wq} * sizeof(float));")
                    w.line("continue;")
                if j0 > 0:
                    w.line(f"memset(d, 0, {j0} * sizeof(float));")
                w.line("#pragma omp simd")
                w.line(f"for (int64_t j = {j0}; j < {j1}; j++) "
                       f"d[j] = xc[r * {plan.iw} + j * {sw} + {b - plan.pw}];")
                if j1 < wq:
                    w.line(f"memset(d + {j1}, 0, {wq - j1} * sizeof(float));")


def offset_table(w: CWriter, ctx: RenderContext, kdim: int, taps: tuple[int, ...],
                 plane: int) -> None:
    """``rlx_off``: the offset of each step k of a tile, ``k / len(taps) * plane +
    taps[k % len(taps)]`` (a channel's plane, then its tap). The values are the
    compiler's constants, so they live in the keep region and are written on the
    executable's first run only (``rlx_off_ready``, zero until then)."""
    n = len(taps)
    value = f"k / {n} * {plane} + taps[k % {n}]" if taps != (0,) else f"k * {plane}"
    w.line(ctx.keep("rlx_off", DType.I32, kdim))
    if taps != (0,):
        w.line(c_table("taps", list(taps)))
    w.line(ctx.keep("rlx_off_ready", DType.I32, 1))
    with w.block("if (!rlx_off_ready[0])"):
        w.line(f"for (int64_t k = 0; k < {kdim}; k++) rlx_off[k] = (int32_t)({value});")
        w.line("rlx_off_ready[0] = 1;")
