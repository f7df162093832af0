"""Convolutions for the cpu backend (kernel kind ``conv`` and the ``conv`` op).

conv1d / conv2d (NCL / NCHW, stride, per-dim (before, after) padding, dilation, groups,
optional bias) and an optional elementwise epilogue.

* f32 with more than one output channel per group, compiled for AVX-512: the
  register-tiled direct convolution of :mod:`conv_tiled` (the source keeps the path
  below under ``#else`` for other targets);
* f32 / f64 (and f16 / bf16, widened to f32): im2col of a column chunk of the output
  positions into a per-thread scratch buffer (skipped for pointwise f32/f64
  convolutions) and one BLAS GEMM per (image, group, chunk) — a vector-matrix product
  when a group has one output channel;
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
    copy_floats,
    tiled_geometry,
)
from rlx.backends.cpu.kernels.conv_tiled import add_helpers as add_tile_helpers
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
    _static_buffer,
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
    """A conv kernel: the register-tiled kernel for f32 on AVX-512 targets (see the module
    docstring), else im2col + BLAS GEMM for every float dtype (f16/bf16 via f32), direct
    loops when the sizes do not fit BLAS or its scratch."""
    plan = _plan_conv(ctx, kernel)
    epi = _epilogue_function(ctx, kernel, plan.anchor)
    if plan.n * plan.cout * plan.positions == 0:
        return "    /* empty result */"
    blas_dt = _blas_dtype(plan.dtype)
    chunks = _conv_chunks(ctx, plan)
    if plan.kdim > 0 and _conv_scratch_bytes(ctx, plan, chunks) <= SCRATCH_LIMIT_BYTES \
            and _fits_blas(plan.kdim, plan.positions, plan.cog):
        general = _render_conv_im2col(ctx, plan, blas_dt, chunks, epi)
    else:
        general = _render_conv_direct(ctx, plan, epi)
    geo = _tiled_geometry(plan)
    if geo is None:
        return general
    return "\n".join(["#if defined(__AVX512F__)", _render_conv_tiled(ctx, plan, geo, epi),
                      "#else", general, "#endif"])


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


def _tiled_geometry(plan: _ConvPlan) -> TiledGeometry | None:
    """The grid of the register-tiled path, or None when that path does not apply: it
    takes f32 convolutions with more than one output channel per group whose grid copy
    fits the scratch limit."""
    if plan.dtype is not DType.F32 or plan.kdim == 0 or plan.cog < 2:
        return None
    geo = tiled_geometry(plan)
    if geo is None or copy_floats(plan, geo) * 4 > SCRATCH_LIMIT_BYTES:
        return None
    return geo


def _render_conv_tiled(ctx: RenderContext, plan: _ConvPlan, geo: TiledGeometry,
                       epi: str | None) -> str:
    """The register-tiled direct convolution (see :mod:`conv_tiled`): one flat loop of
    (image, group, span of panels, block of output channels) tasks, taken dynamically
    by the threads; a task copies the grid rows it reads (when the grid is a copy) into
    its thread's buffer unless that thread's previous task held the same (image, group,
    span) there, then sums its tiles."""
    mr, width, span, spans = geo.mr, geo.width, geo.span, geo.spans
    if spans >= conv_tiled.MIN_SPANS:
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
    add_tile_helpers(ctx, set(variants.values()), packed)
    kc = geo.block_channels(plan.cig) * len(geo.taps)
    slots = _thread_slots(ctx, parallel)
    tid = _thread_id(ctx) if slots > 1 else "0"
    bias = ctx.ptr(plan.bias, True) if plan.bias is not None else "0"
    lines = [_static_buffer("rlx_part", "float", slots * mr * span)]
    if geo.copy:
        lines.append(_static_buffer("rlx_grid", "float", slots * copy_floats(plan, geo)))
    lines += [f"    static int32_t rlx_off[{plan.kdim}];",
              "    " + _c_table("taps", list(geo.taps)),
              f"    for (int64_t k = 0; k < {plan.kdim}; k++)",
              f"        rlx_off[k] = (int32_t)(k / {len(geo.taps)} * {geo.plane} "
              f"+ taps[k % {len(geo.taps)}]);",
              f"    const float *x = {ctx.ptr(plan.x, True)};",
              f"    const float *wt = {ctx.ptr(plan.w, True)};",
              f"    const float *bias = {bias};",
              f"    float *y = {ctx.ptr(plan.out)};"]
    if packed:
        lines += _pack_weight_lines(plan, geo)
    if geo.copy:
        lines += [f"    static int64_t rlx_held[{slots}];",
                  f"    for (int64_t s = 0; s < {slots}; s++) rlx_held[s] = -1;"]
    if parallel:
        lines.append(f"    #pragma omp parallel for num_threads({ctx.threads}) "
                     "schedule(dynamic, 1)")
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
    lines += _tile_calls(plan, geo, variants, packed)
    lines += ["            }", "            }"]
    if epi is not None:
        lines += [f"            for (int64_t i = m; i < m + {mr} && i < m1; i++)",
                  "                if (o1 > o0)",
                  f"                    {epi}(slots, arena, base + i * {plan.positions} + o0, "
                  f"base + i * {plan.positions} + o1);"]
    lines += ["        }", "    }"]
    return "\n".join(lines)


def _tile_variants(plan: _ConvPlan, geo: TiledGeometry) -> dict[tuple[bool, bool], tuple[int, int]]:
    """The micro-tile (MR, NV) for each (full rows?, full panel?) case that occurs."""
    mr, nv = geo.mr, geo.nv
    tail_rows = plan.cog % mr
    last = geo.positions - (-(-geo.positions // geo.width) - 1) * geo.width
    tail_nv = -(-last // LANES)
    variants = {}
    for full_rows, rows in ((True, mr), (False, tail_rows)):
        if rows == 0 or (full_rows and plan.cog < mr):
            continue
        variants[(full_rows, True)] = (rows, nv)
        variants[(full_rows, False)] = (rows, tail_nv)
    return variants


def _packed_weights(ctx: RenderContext, plan: _ConvPlan, geo: TiledGeometry) -> bool:
    """Whether the tiles read the weights packed (see :func:`_pack_weight_lines`): when
    they are the same on every run (a param or a value of the prepare stage) and the
    packed copy fits the scratch limit."""
    return (_run_invariant(ctx.graph.nodes[plan.w])
            and _packed_weight_floats(plan, geo) * 4 <= SCRATCH_LIMIT_BYTES)


def _packed_weight_floats(plan: _ConvPlan, geo: TiledGeometry) -> int:
    return plan.groups * -(-plan.cog // geo.mr) * geo.mr * plan.kdim


def _pack_weight_lines(plan: _ConvPlan, geo: TiledGeometry) -> list[str]:
    """Repack the weights into ``rlx_wpk`` when their address or the params' version
    (``ctl[4]``, see ``ParamStore``) changed since the last pack: per group, each block
    of ``mr`` output channels becomes ``kdim`` columns of ``mr`` consecutive floats
    (zeros past the group's last channel), so a tile's broadcasts for one k are
    adjacent. Sums are taken in the same order either way."""
    mr, kdim, cog = geo.mr, plan.kdim, plan.cog
    blocks = -(-cog // mr)
    return [_static_buffer("rlx_wpk", "float", _packed_weight_floats(plan, geo))] + repack_guard(
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
                packed: bool) -> list[str]:
    """The micro-tile call for the current rows ``m`` and panel ``q`` (``nq`` positions)."""
    lda = geo.mr if packed else plan.kdim
    suffix = "p" if packed else ""
    args = (f"(kc, wm, {lda}, grid, qb, rlx_off + k0, q, nq, pm, first, last, ym, "
            f"{plan.positions}, {geo.wq}, {plan.ow}, bm);")

    def by_panel(full_rows: bool, indent: str) -> list[str]:
        wide, narrow = variants[(full_rows, True)], variants[(full_rows, False)]
        if wide == narrow:
            return [f"{indent}rlx_cv_tile_{wide[0]}x{wide[1]}{suffix}{args}"]
        return [f"{indent}if (nq > {LANES * narrow[1]}) "
                f"rlx_cv_tile_{wide[0]}x{wide[1]}{suffix}{args}",
                f"{indent}else rlx_cv_tile_{narrow[0]}x{narrow[1]}{suffix}{args}"]

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


def _grid_copy_lines(plan: _ConvPlan, geo: TiledGeometry) -> list[str]:
    """Fill ``grid`` with the rows ``r0 .. r0 + rows - 1`` (those below the plane's
    ``hq``) of this (image, group)'s grid: per channel, one zero-padded plane slice per
    stride phase (row ``i``, column ``j`` of phase (a, b) holds padded input row
    ``(r0 + i) * sh + a``, column ``j * sw + b``)."""
    hq, wq, rows, sh, sw = geo.hq, geo.wq, geo.rows, plan.sh, plan.sw
    lines = [f"        const int64_t nr = {hq} - r0 < {rows} ? {hq} - r0 : {rows};",
             f"        for (int64_t ci = 0; ci < {plan.cig}; ci++) {{",
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
