"""3 x 3 stride-1 convolutions by Winograd's F(2 x 2, 3 x 3) on AVX-512 targets.

Each 2 x 2 block of output positions (a *tile*) is computed from the 4 x 4 input patch
under it: with ``d`` the patch and ``g`` a 3 x 3 filter, the outputs are
``A^T [(G g G^T) . (B^T d B)] A`` (``.`` elementwise), where

    B^T = [1 0 -1 0; 0 1 1 0; 0 -1 1 0; 0 1 0 -1],   G = [1 0 0; .5 .5 .5; .5 -.5 .5; 0 0 1],
    A^T = [1 1 1 0; 0 1 -1 -1].

Summed over input channels, the 16 elementwise products become 16 independent matrix
products ``M[xi] = V[xi] U[xi]`` (tiles x C_in times C_in x C_out): 16 multiply-adds per
tile and channel pair instead of the direct conv's 36, 2.25 times fewer. The transforms
only add, subtract and halve, so the result differs from the direct sum by a few float
roundings of the summed magnitudes.

Per image, in one parallel region:

1. the input is copied channels-last into a zero-padded grid (16 x 16 register
   transposes), so a patch's values for 16 consecutive channels are one vector;
2. the input transform ``V[xi][t][c]`` (vectorised over channels);
3. the 16 products on linalg's packed GEMM: ``V[xi]`` read in place as A, ``U[xi]``
   (the filters' transform, computed and packed into GEMM panels when the weights'
   address or the params' version changes) as the packed B;
4. the output transform plus bias into a channels-last buffer (vectorised over output
   channels);
5. back to NCHW (register transposes), then the kernel's epilogue per output channel.

Each output element is summed in one order whatever the thread count (the GEMM's k
order is fixed), so results do not depend on it. Used when the weights are the same on
every run, groups is 1, and there are enough tiles and channels for the products to
dominate (:func:`winograd_fits`); the filters' transform (16 floats per 9) must fit
WEIGHT_LIMIT_BYTES, since late layers with large filters would stream more weight
bytes than they save in arithmetic.
"""

from __future__ import annotations

from rlx.backends.cpu.kernels.linalg import (
    PACK_MR,
    PACK_NR,
    SCRATCH_LIMIT_BYTES,
    _run_invariant,
    _static_buffer,
    packed_gemm_helper,
    repack_guard,
)
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType

WINOGRAD_MARK = "conv by Winograd F(2x2, 3x3)"
"""Comment opening the Winograd kernel in the generated source."""
MIN_TILES = 16
"""Fewest 2 x 2 output tiles per image (smaller maps leave the products too short)."""
CHUNK_BYTES = 1 << 20
"""Transformed input plus products (16 floats per tile and channel each) one thread
holds at a time: they stay in L2 between the three steps."""
MIN_CHANNELS = 16
"""Fewest input and output channels."""
WEIGHT_LIMIT_BYTES = 8 << 20
"""Largest transformed, packed filter set: the 16 / 9 more weight bytes of a late
layer's large filters are streamed from memory on every run."""


def _tiles(plan) -> tuple[int, int]:
    return -(-plan.oh // 2), -(-plan.ow // 2)


def _panels(plan) -> int:
    return -(-plan.cout // PACK_NR)


def _weight_floats(plan) -> int:
    return 16 * _panels(plan) * PACK_NR * plan.cin


def _chunk(plan, threads: int) -> int:
    """Tiles a thread transforms and multiplies at a time: a multiple of the GEMM's
    sliver height whose transformed input and products fit CHUNK_BYTES, or the thread's
    whole share when that fits twice as much (each chunk rereads the transformed
    filters, which matters once they outgrow L2)."""
    per_tile = 16 * 4 * (plan.cin + plan.cout)
    th, tw = _tiles(plan)
    per_thread = -(-th * tw // threads)
    share = -(-per_thread // PACK_MR) * PACK_MR
    if share * per_tile <= 2 * CHUNK_BYTES:
        return share
    return max(1, CHUNK_BYTES // per_tile // PACK_MR) * PACK_MR


def _scratch_floats(plan, slots: int) -> dict[str, int]:
    th, tw = _tiles(plan)
    chunk = _chunk(plan, slots)
    return {"xt": (2 * th + 2) * (2 * tw + 2) * plan.cin, "v": slots * 16 * chunk * plan.cin,
            "m": slots * 16 * chunk * plan.cout, "yt": plan.oh * plan.ow * plan.cout}


def winograd_fits(ctx: RenderContext, plan) -> bool:
    """Whether ``plan`` (a conv's ``_ConvPlan``) takes this path: f32, one group, a 3 x 3
    filter at stride 1 without dilation, run-invariant weights, at least MIN_CHANNELS
    channels each way and MIN_TILES tiles, and the transformed filters and the scratch
    within their limits."""
    if plan.dtype is not DType.F32 or plan.groups != 1:
        return False
    if (plan.kh, plan.kw, plan.sh, plan.sw, plan.dh, plan.dw) != (3, 3, 1, 1, 1, 1):
        return False
    if min(plan.cin, plan.cout) < MIN_CHANNELS:
        return False
    th, tw = _tiles(plan)
    if th * tw < MIN_TILES or not _run_invariant(ctx.graph.nodes[plan.w]):
        return False
    if _weight_floats(plan) * 4 > WEIGHT_LIMIT_BYTES:
        return False
    return sum(_scratch_floats(plan, ctx.threads).values()) * 4 <= SCRATCH_LIMIT_BYTES


def _filter_lines(plan) -> list[str]:
    """Repack ``U[xi] = (G g G^T)[xi]`` for every (output, input) channel pair into the
    GEMM's B panels: ``rlx_wg[((xi * panels + co / NR) * cin + ci) * NR + co % NR]``
    (zero past the last output channel: the buffer starts zeroed and those entries are
    never written)."""
    ci_n, co_n, panels, nr = plan.cin, plan.cout, _panels(plan), PACK_NR
    return [_static_buffer("rlx_wg", "float", _weight_floats(plan))] + repack_guard(
        "rlx_wg", "wt", [
            f"        for (int64_t co = 0; co < {co_n}; co++)",
            f"            for (int64_t ci = 0; ci < {ci_n}; ci++) {{",
            f"                const float *g = wt + (co * {ci_n} + ci) * 9;",
            "                float t[4][3], u[4][4];",
            "                for (int j = 0; j < 3; j++) {",
            "                    t[0][j] = g[j];",
            "                    t[1][j] = 0.5f * (g[j] + g[3 + j] + g[6 + j]);",
            "                    t[2][j] = 0.5f * (g[j] - g[3 + j] + g[6 + j]);",
            "                    t[3][j] = g[6 + j];",
            "                }",
            "                for (int i = 0; i < 4; i++) {",
            "                    u[i][0] = t[i][0];",
            "                    u[i][1] = 0.5f * (t[i][0] + t[i][1] + t[i][2]);",
            "                    u[i][2] = 0.5f * (t[i][0] - t[i][1] + t[i][2]);",
            "                    u[i][3] = t[i][2];",
            "                }",
            "                for (int xi = 0; xi < 16; xi++)",
            f"                    rlx_wg[((xi * {panels} + co / {nr}) * {ci_n} + ci) * {nr} "
            f"+ co % {nr}] = u[xi / 4][xi % 4];",
            "            }"])


def _transpose_lines(src: str, src_stride: str, rows: int | str, cols: int, dst: str,
                     dst_stride: str, indent: str) -> list[str]:
    """``dst[c * dst_stride + r] = src[r * src_stride + c]`` for ``r < rows`` (a count
    or a C expression), ``c < cols``: 16 x 16 register blocks, then the edges element by
    element."""
    full_c = cols // 16 * 16
    lines = [f"{indent}{{",
             f"{indent}    const int64_t nr = {rows}, full_r = nr / 16 * 16;",
             f"{indent}    for (int64_t r0 = 0; r0 < full_r; r0 += 16)",
             f"{indent}        for (int64_t c0 = 0; c0 < {full_c}; c0 += 16)",
             f"{indent}            rlx_pk_transpose16({src} + r0 * {src_stride} + c0, "
             f"{src_stride}, {dst} + c0 * {dst_stride} + r0, {dst_stride});"]
    if full_c < cols:
        lines += [f"{indent}    for (int64_t r = 0; r < nr; r++)",
                  f"{indent}        for (int64_t c = {full_c}; c < {cols}; c++)",
                  f"{indent}            {dst}[c * {dst_stride} + r] = {src}[r * {src_stride} + c];"]
    lines += [f"{indent}    for (int64_t r = full_r; r < nr; r++)",
              f"{indent}        for (int64_t c = 0; c < {full_c}; c++)",
              f"{indent}            {dst}[c * {dst_stride} + r] = {src}[r * {src_stride} + c];",
              f"{indent}}}"]
    return lines


def render_conv_winograd(ctx: RenderContext, plan, epi: str | None) -> str:
    """The Winograd kernel for ``plan`` (see the module docstring)."""
    packed_gemm_helper(ctx)
    ci_n, co_n, panels, nr = plan.cin, plan.cout, _panels(plan), PACK_NR
    th, tw = _tiles(plan)
    tiles, hp, wp = th * tw, 2 * th + 2, 2 * tw + 2
    ihw, ohw = plan.ih * plan.iw, plan.oh * plan.ow
    slivers = -(-tiles // PACK_MR)
    parallel = ctx.threads > 1
    omp_for = "#pragma omp for schedule(static)" if parallel else ""
    slots = ctx.threads if parallel else 1
    scratch = _scratch_floats(plan, slots)
    chunk = _chunk(plan, slots)
    bias = ctx.ptr(plan.bias, True) if plan.bias is not None else "0"
    if parallel:
        ctx.add_helper("rlx_omp_h", "#include <omp.h>")
        who = ["            const int64_t tid = omp_get_thread_num(), nt = omp_get_num_threads();"]
    else:
        who = ["            const int64_t tid = 0, nt = 1;"]
    lines = [f"    /* {WINOGRAD_MARK} */",
             *[_static_buffer(f"rlx_{name}", "float", count) for name, count in scratch.items()],
             f"    const float *x = {ctx.ptr(plan.x, True)};",
             f"    const float *wt = {ctx.ptr(plan.w, True)};",
             f"    const float *bias = {bias};",
             f"    float *y = {ctx.ptr(plan.out)};"]
    lines += _filter_lines(plan)
    right = wp - plan.pw - plan.iw
    lines += [f"    for (int64_t n = 0; n < {plan.n}; n++) {{",
              f"        const float *xn = x + n * {ci_n * ihw};",
              f"        float *yn = y + n * {co_n * ohw};"]
    if parallel:
        lines.append(f"        #pragma omp parallel num_threads({ctx.threads})")
    lines += ["        {", *who,
              # 1. channels-last, zero-padded copy of the input (then a barrier)
              f"            {omp_for}",
              f"            for (int64_t r = 0; r < {hp}; r++) {{",
              f"                float *row = rlx_xt + r * {wp * ci_n};",
              f"                const int64_t ir = r - {plan.ph};",
              f"                if (ir < 0 || ir >= {plan.ih}) {{",
              f"                    memset(row, 0, {wp * ci_n} * sizeof(float));",
              "                    continue;",
              "                }",
              f"                memset(row, 0, {plan.pw * ci_n} * sizeof(float));",
              f"                memset(row + {(plan.pw + plan.iw) * ci_n}, 0, "
              f"{right * ci_n} * sizeof(float));",
              f"                const float *src = xn + ir * {plan.iw};",
              f"                float *dst = row + {plan.pw * ci_n};",
              *_transpose_lines("src", str(ihw), ci_n, plan.iw, "dst", str(ci_n),
                                "                "),
              "            }",
              # 2-4. this thread's slivers of tiles, a chunk at a time: transform,
              # products, inverse transform
              f"            const int64_t t0 = {slivers} * tid / nt * {PACK_MR};",
              f"            const int64_t t1x = {slivers} * (tid + 1) / nt * {PACK_MR};",
              f"            const int64_t t1 = t1x < {tiles} ? t1x : {tiles};",
              f"            float *vc = rlx_v + tid * {16 * chunk * ci_n};",
              f"            float *mc = rlx_m + tid * {16 * chunk * co_n};",
              f"            for (int64_t u0 = t0; u0 < t1; u0 += {chunk}) {{",
              f"            const int64_t un = t1 - u0 < {chunk} ? t1 - u0 : {chunk};",
              "            for (int64_t t = u0; t < u0 + un; t++) {",
              f"                const float *p = rlx_xt + (t / {tw} * 2 * {wp} + t % {tw} * 2) "
              f"* {ci_n};",
              f"                float *vt = vc + (t - u0) * {ci_n};",
              "                #pragma omp simd",
              f"                for (int64_t c = 0; c < {ci_n}; c++) {{",
              "                    float d[4][4], e[4][4];",
              "                    for (int i = 0; i < 4; i++)",
              "                        for (int j = 0; j < 4; j++)",
              f"                            d[i][j] = p[(i * {wp} + j) * {ci_n} + c];",
              "                    for (int j = 0; j < 4; j++) {",
              "                        e[0][j] = d[0][j] - d[2][j];",
              "                        e[1][j] = d[1][j] + d[2][j];",
              "                        e[2][j] = d[2][j] - d[1][j];",
              "                        e[3][j] = d[1][j] - d[3][j];",
              "                    }",
              "                    for (int i = 0; i < 4; i++) {",
              f"                        vt[(i * 4 + 0) * {chunk * ci_n} + c] = e[i][0] - e[i][2];",
              f"                        vt[(i * 4 + 1) * {chunk * ci_n} + c] = e[i][1] + e[i][2];",
              f"                        vt[(i * 4 + 2) * {chunk * ci_n} + c] = e[i][2] - e[i][1];",
              f"                        vt[(i * 4 + 3) * {chunk * ci_n} + c] = e[i][1] - e[i][3];",
              "                    }",
              "                }",
              "            }",
              "            for (int64_t xi = 0; xi < 16; xi++)",
              f"                rlx_pk_gemm(un, {co_n}, {ci_n}, vc + xi * {chunk * ci_n}, {ci_n}, "
              f"rlx_wg + xi * {panels * nr * ci_n}, mc + xi * {chunk * co_n}, {co_n}, 0, "
              f"(un + {PACK_MR - 1}) / {PACK_MR}, 0, {panels}, 0, slots, arena);",
              "            for (int64_t t = u0; t < u0 + un; t++) {",
              f"                const int64_t oy = t / {tw} * 2, ox = t % {tw} * 2;",
              f"                const float *mt = mc + (t - u0) * {co_n};",
              f"                float *o = rlx_yt + (oy * {plan.ow} + ox) * {co_n};",
              f"                const int down = oy + 1 < {plan.oh}, across = ox + 1 < {plan.ow};",
              "                #pragma omp simd",
              f"                for (int64_t c = 0; c < {co_n}; c++) {{",
              "                    float m[16], a[2][4];",
              f"                    for (int xi = 0; xi < 16; xi++) m[xi] = mt[xi * {chunk * co_n} "
              "+ c];",
              "                    for (int j = 0; j < 4; j++) {",
              "                        a[0][j] = m[j] + m[4 + j] + m[8 + j];",
              "                        a[1][j] = m[4 + j] - m[8 + j] - m[12 + j];",
              "                    }",
              "                    const float b = bias ? bias[c] : 0.0f;",
              "                    o[c] = a[0][0] + a[0][1] + a[0][2] + b;",
              f"                    if (across) o[{co_n} + c] = a[0][1] - a[0][2] - a[0][3] + b;",
              "                    if (down) {",
              f"                        o[{plan.ow * co_n} + c] = a[1][0] + a[1][1] + a[1][2] + b;",
              f"                        if (across) o[{(plan.ow + 1) * co_n} + c] = "
              "a[1][1] - a[1][2] - a[1][3] + b;",
              "                    }",
              "                }",
              "            }",
              "            }"]
    if parallel:
        lines.append("            #pragma omp barrier")
    lines += [
        # 5. this thread's output positions back to NCHW, then the epilogue on them
        f"            const int64_t p0 = {ohw} * tid / nt, p1 = {ohw} * (tid + 1) / nt;",
        f"            for (int64_t c0 = 0; c0 < {co_n}; c0 += 16) {{",
        f"                const int64_t cn = {co_n} - c0 < 16 ? {co_n} - c0 : 16;",
        f"                const float *src = rlx_yt + p0 * {co_n} + c0;",
        f"                float *dst = yn + c0 * {ohw} + p0;",
        "                if (cn == 16) {",
        *_transpose_lines("src", str(co_n), "p1 - p0", 16, "dst", str(ohw),
                          "                    "),
        "                } else {",
        "                    for (int64_t p = 0; p < p1 - p0; p++)",
        f"                        for (int64_t c = 0; c < cn; c++) dst[c * {ohw} + p] = "
        f"src[p * {co_n} + c];",
        "                }"]
    if epi is not None:
        lines += ["                for (int64_t c = c0; c < c0 + cn; c++)",
                  f"                    if (p1 > p0) {epi}(slots, arena, (n * {co_n} + c) * "
                  f"{ohw} + p0, (n * {co_n} + c) * {ohw} + p1);"]
    lines += ["            }", "        }", "    }"]
    return "\n".join(lines)
