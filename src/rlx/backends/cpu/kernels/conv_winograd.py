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
roundings of the summed magnitudes. They would also turn some infinities into nans
(inf - inf), so a run whose input holds an infinity or a nan (noted by the threads as
they copy it, step 1 below), or whose weights do (noted when they are transformed),
runs the direct kernel instead, compiled alongside.

Per image, in one parallel region:

1. the input is copied channels-last into a zero-padded grid (16 x 16 register
   transposes; the threads split the rows, check the copied values are finite, then
   wait for each other and stop if any is not), so a patch's values for 16 consecutive
   channels are one vector;
2. each thread takes an equal share of whole GEMM slivers of tiles and, a chunk of
   tiles at a time (sized so that the chunk's transformed input and products stay in
   L2), computes the input transform ``V[xi][t][c]`` (vectorised over channels), the
   16 products on linalg's packed GEMM (``V[xi]`` read in place as A; ``U[xi]``, the
   filters' transform, computed and packed into GEMM panels when the weights' address
   or the params' version changes, as the packed B), and the output transform plus
   bias into a channels-last buffer (vectorised over output channels). On small maps
   (:func:`split_by_product`) the threads instead transform a share of the tiles each,
   then compute a share of the 16 products over all tiles, then inverse-transform their
   tiles, with barriers between: each reads only its products' filters (ResNet-50's
   3 x 3 convs on 14 x 14 maps: 10 % faster at 2 threads);
3. after a barrier, each thread copies a share of the output positions back to NCHW
   (register transposes) and runs the kernel's epilogue on them.

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
    _thread_id,
    packed_gemm_helper,
    repack_guard,
)
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType

WINOGRAD_MARK = "conv by Winograd F(2x2, 3x3)"
"""Comment opening the Winograd kernel in the generated source."""
PRODUCT_SPLIT_MARK = "threads split the 16 products"
"""Comment in the generated source where the threads split the products, not the tiles."""
MIN_TILES = 16
"""Fewest 2 x 2 output tiles per image (smaller maps leave the products too short)."""
CHUNK_BYTES = 1 << 20
"""Transformed input plus products (16 floats per tile and channel each) one thread
holds at a time: they stay in L2 between the three steps."""
MIN_CHANNELS = 16
"""Fewest input and output channels."""
SPLIT_PRODUCTS_BYTES = 2 << 20
"""Largest transformed input plus products of all tiles for which the threads split the
16 products rather than the tiles (:func:`split_by_product`)."""
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


def split_by_product(plan, threads: int) -> bool:
    """Whether the threads split the 16 products between them rather than the tiles: on
    several threads, when the transformed input and products of all tiles (16 floats
    per tile and channel each) fit SPLIT_PRODUCTS_BYTES. Each thread then streams only
    its share of the transformed filters (split by tiles, every thread reads all of
    them), and no thread's tiles end in a short GEMM sliver while another's do not."""
    th, tw = _tiles(plan)
    return threads > 1 and 16 * 4 * th * tw * (plan.cin + plan.cout) <= SPLIT_PRODUCTS_BYTES


def _scratch_floats(plan, slots: int) -> dict[str, int]:
    """Scratch per buffer: the padded channels-last input, the transformed input and the
    products (a chunk of tiles per thread, or all tiles when the threads split the
    products), the channels-last output."""
    th, tw = _tiles(plan)
    rows = th * tw if split_by_product(plan, slots) else slots * _chunk(plan, slots)
    return {"xt": (2 * th + 2) * (2 * tw + 2) * plan.cin, "v": 16 * rows * plan.cin,
            "m": 16 * rows * plan.cout, "yt": plan.oh * plan.ow * plan.cout}


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


def _filter_lines(ctx: RenderContext, plan) -> list[str]:
    """Repack ``U[xi] = (G g G^T)[xi]`` for every (output, input) channel pair into the
    GEMM's B panels: ``rlx_wg[((xi * panels + co / NR) * cin + ci) * NR + co % NR]``
    (zero past the last output channel: the buffer starts zeroed and those entries are
    never written), and note in ``rlx_wg_finite`` whether every weight is finite."""
    ci_n, co_n, panels, nr = plan.cin, plan.cout, _panels(plan), PACK_NR
    count = co_n * ci_n * 9
    return [ctx.keep("rlx_wg", DType.F32, _weight_floats(plan)),
            "    static int rlx_wg_finite = 1;"] + repack_guard(
        "rlx_wg", "wt", [
            "        int bad = 0;",
            "        #pragma omp simd reduction(|:bad)",
            f"        for (int64_t e = 0; e < {count}; e++) bad |= !(wt[e] - wt[e] == 0.0f);",
            "        rlx_wg_finite = !bad;",
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
    element (loop variables prefixed ``tr_``, shadowing nothing around them)."""
    full_c = cols // 16 * 16
    at = f"{src}[tr_r * {src_stride} + tr_c]"
    lines = [f"{indent}{{",
             f"{indent}    const int64_t tr_n = {rows}, tr_full = tr_n / 16 * 16;",
             f"{indent}    for (int64_t tr_r = 0; tr_r < tr_full; tr_r += 16)",
             f"{indent}        for (int64_t tr_c = 0; tr_c < {full_c}; tr_c += 16)",
             f"{indent}            rlx_pk_transpose16({src} + tr_r * {src_stride} + tr_c, "
             f"{src_stride}, {dst} + tr_c * {dst_stride} + tr_r, {dst_stride});"]
    if full_c < cols:
        lines += [f"{indent}    for (int64_t tr_r = 0; tr_r < tr_n; tr_r++)",
                  f"{indent}        for (int64_t tr_c = {full_c}; tr_c < {cols}; tr_c++)",
                  f"{indent}            {dst}[tr_c * {dst_stride} + tr_r] = {at};"]
    lines += [f"{indent}    for (int64_t tr_r = tr_full; tr_r < tr_n; tr_r++)",
              f"{indent}        for (int64_t tr_c = 0; tr_c < {full_c}; tr_c++)",
              f"{indent}            {dst}[tr_c * {dst_stride} + tr_r] = {at};",
              f"{indent}}}"]
    return lines


def _input_transform(plan, t_lo: str, t_hi: str, base: str, dst: str, plane: int,
                     indent: str) -> list[str]:
    """``V[xi][t - base][c] = (B^T d B)[xi]`` for tiles ``t`` in ``[t_lo, t_hi)`` into
    ``dst`` (``plane`` floats per xi), vectorised over the input channels."""
    ci_n = plan.cin
    th, tw = _tiles(plan)
    wp = 2 * tw + 2
    i = indent
    lines = [f"{i}for (int64_t t = {t_lo}; t < {t_hi}; t++) {{",
             f"{i}    const float *p = rlx_xt + (t / {tw} * 2 * {wp} + t % {tw} * 2) * {ci_n};",
             f"{i}    float *vt = {dst} + (t - {base}) * {ci_n};",
             f"{i}    #pragma omp simd",
             f"{i}    for (int64_t c = 0; c < {ci_n}; c++) {{",
             f"{i}        float d[4][4], e[4][4];",
             f"{i}        for (int i = 0; i < 4; i++)",
             f"{i}            for (int j = 0; j < 4; j++)",
             f"{i}                d[i][j] = p[(i * {wp} + j) * {ci_n} + c];",
             f"{i}        for (int j = 0; j < 4; j++) {{",
             f"{i}            e[0][j] = d[0][j] - d[2][j];",
             f"{i}            e[1][j] = d[1][j] + d[2][j];",
             f"{i}            e[2][j] = d[2][j] - d[1][j];",
             f"{i}            e[3][j] = d[1][j] - d[3][j];",
             f"{i}        }}",
             f"{i}        for (int i = 0; i < 4; i++) {{"]
    for j, value in enumerate(("e[i][0] - e[i][2]", "e[i][1] + e[i][2]", "e[i][2] - e[i][1]",
                               "e[i][1] - e[i][3]")):
        lines.append(f"{i}            vt[(i * 4 + {j}) * {plane} + c] = {value};")
    return lines + [f"{i}        }}", f"{i}    }}", f"{i}}}"]


def _output_transform(plan, t_lo: str, t_hi: str, base: str, src: str, plane: int,
                      indent: str) -> list[str]:
    """The 2 x 2 outputs ``A^T M A`` (plus bias) of tiles ``t`` in ``[t_lo, t_hi)``
    (products at ``src``: ``M[xi][t - base][c]``, ``plane`` floats per xi) into the
    channels-last ``rlx_yt``, vectorised over the output channels; outputs past the
    map's last row or column are dropped."""
    co_n, ow, oh = plan.cout, plan.ow, plan.oh
    _, tw = _tiles(plan)
    i = indent
    return [f"{i}for (int64_t t = {t_lo}; t < {t_hi}; t++) {{",
            f"{i}    const int64_t oy = t / {tw} * 2, ox = t % {tw} * 2;",
            f"{i}    const float *mt = {src} + (t - {base}) * {co_n};",
            f"{i}    float *o = rlx_yt + (oy * {ow} + ox) * {co_n};",
            f"{i}    const int down = oy + 1 < {oh}, across = ox + 1 < {ow};",
            f"{i}    #pragma omp simd",
            f"{i}    for (int64_t c = 0; c < {co_n}; c++) {{",
            f"{i}        float m[16], a[2][4];",
            f"{i}        for (int xi = 0; xi < 16; xi++) m[xi] = mt[xi * {plane} + c];",
            f"{i}        for (int j = 0; j < 4; j++) {{",
            f"{i}            a[0][j] = m[j] + m[4 + j] + m[8 + j];",
            f"{i}            a[1][j] = m[4 + j] - m[8 + j] - m[12 + j];",
            f"{i}        }}",
            f"{i}        const float b = bias ? bias[c] : 0.0f;",
            f"{i}        o[c] = a[0][0] + a[0][1] + a[0][2] + b;",
            f"{i}        if (across) o[{co_n} + c] = a[0][1] - a[0][2] - a[0][3] + b;",
            f"{i}        if (down) {{",
            f"{i}            o[{ow * co_n} + c] = a[1][0] + a[1][1] + a[1][2] + b;",
            f"{i}            if (across)",
            f"{i}                o[{(ow + 1) * co_n} + c] = a[1][1] - a[1][2] - a[1][3] + b;",
            f"{i}        }}",
            f"{i}    }}",
            f"{i}}}"]


def _to_nchw(plan, p_lo: str, p_hi: str, epi: str | None, indent: str) -> list[str]:
    """Output positions ``[p_lo, p_hi)`` of every channel from ``rlx_yt`` into the NCHW
    output, 16 channels at a time, then the epilogue on them."""
    co_n, ohw = plan.cout, plan.oh * plan.ow
    i = indent
    lines = [f"{i}for (int64_t c0 = 0; c0 < {co_n}; c0 += 16) {{",
             f"{i}    const int64_t cn = {co_n} - c0 < 16 ? {co_n} - c0 : 16;",
             f"{i}    const float *src = rlx_yt + {p_lo} * {co_n} + c0;",
             f"{i}    float *dst = yn + c0 * {ohw} + {p_lo};",
             f"{i}    if (cn == 16) {{",
             *_transpose_lines("src", str(co_n), f"{p_hi} - {p_lo}", 16, "dst", str(ohw),
                               i + "        "),
             f"{i}    }} else {{",
             f"{i}        for (int64_t p = 0; p < {p_hi} - {p_lo}; p++)",
             f"{i}            for (int64_t c = 0; c < cn; c++) dst[c * {ohw} + p] = "
             f"src[p * {co_n} + c];",
             f"{i}    }}"]
    if epi is not None:
        lines += [f"{i}    for (int64_t c = c0; c < c0 + cn; c++)",
                  f"{i}        if ({p_hi} > {p_lo}) {epi}(slots, arena, (n * {co_n} + c) * {ohw} "
                  f"+ {p_lo}, (n * {co_n} + c) * {ohw} + {p_hi});"]
    return lines + [f"{i}}}"]


def _product_call(plan, m: str, v: str, mout: str, slivers: str) -> str:
    """The product ``M[xi] = V[xi] U[xi]`` for ``m`` rows (``slivers`` GEMM slivers), every
    panel of output channels."""
    ci_n, co_n, panels = plan.cin, plan.cout, _panels(plan)
    return (f"rlx_pk_gemm({m}, {co_n}, {ci_n}, {v}, {ci_n}, rlx_wg + xi * "
            f"{panels * PACK_NR * ci_n}, {mout}, {co_n}, 0, {slivers}, 0, {panels}, 0, slots, "
            "arena);")


def render_conv_winograd(ctx: RenderContext, plan, epi: str | None, fallback: str) -> str:
    """The Winograd kernel for ``plan`` (see the module docstring), running the kernel
    statements ``fallback`` (a direct conv) instead when an input value or a weight is
    an infinity or a nan: the transforms would turn some infinities the direct sum
    keeps into nans."""
    packed_gemm_helper(ctx)
    ci_n, co_n = plan.cin, plan.cout
    th, tw = _tiles(plan)
    hp, wp = 2 * th + 2, 2 * tw + 2
    ihw, ohw = plan.ih * plan.iw, plan.oh * plan.ow
    parallel = ctx.threads > 1
    omp_for = "#pragma omp for schedule(static)" if parallel else ""
    slots = ctx.threads if parallel else 1
    scratch = _scratch_floats(plan, slots)
    chunk = _chunk(plan, slots)
    bias = ctx.ptr(plan.bias, True) if plan.bias is not None else "0"
    if parallel:
        who = f"const int64_t tid = {_thread_id(ctx)}, nt = omp_get_num_threads();"
    else:
        who = "const int64_t tid = 0, nt = 1;"
    lines = [f"    /* {WINOGRAD_MARK} */",
             *[ctx.scratch(f"rlx_{name}", DType.F32, count) for name, count in scratch.items()],
             f"    const float *x = {ctx.ptr(plan.x, True)};",
             f"    const float *wt = {ctx.ptr(plan.w, True)};",
             f"    const float *bias = {bias};",
             f"    float *y = {ctx.ptr(plan.out)};"]
    lines += _filter_lines(ctx, plan)
    # the copy in step 1 notes in rlx_bad whether the image holds an infinity or a nan;
    # the threads then stop, and the fallback runs after the last image tried
    lines.append("    int rlx_bad = !rlx_wg_finite;")
    right = wp - plan.pw - plan.iw
    lines += [f"    for (int64_t n = 0; n < {plan.n} && !rlx_bad; n++) {{",
              f"        const float *xn = x + n * {ci_n * ihw};",
              f"        float *yn = y + n * {co_n * ohw};"]
    if parallel:
        lines.append(f"        #pragma omp parallel num_threads({ctx.threads})")
    i = " " * 12
    lines += ["        {", i + who,
              # 1. channels-last, zero-padded copy of the input (then a barrier)
              f"{i}{omp_for}{' reduction(|:rlx_bad)' if parallel else ''}",
              f"{i}for (int64_t r = 0; r < {hp}; r++) {{",
              f"{i}    float *row = rlx_xt + r * {wp * ci_n};",
              f"{i}    const int64_t ir = r - {plan.ph};",
              f"{i}    if (ir < 0 || ir >= {plan.ih}) {{",
              f"{i}        memset(row, 0, {wp * ci_n} * sizeof(float));",
              f"{i}        continue;",
              f"{i}    }}",
              f"{i}    memset(row, 0, {plan.pw * ci_n} * sizeof(float));",
              f"{i}    memset(row + {(plan.pw + plan.iw) * ci_n}, 0, "
              f"{right * ci_n} * sizeof(float));",
              f"{i}    const float *src = xn + ir * {plan.iw};",
              f"{i}    float *dst = row + {plan.pw * ci_n};",
              *_transpose_lines("src", str(ihw), ci_n, plan.iw, "dst", str(ci_n), i + "    "),
              f"{i}    int row_bad = 0;",
              f"{i}    #pragma omp simd reduction(|:row_bad)",
              f"{i}    for (int64_t e = 0; e < {plan.iw * ci_n}; e++) "
              "row_bad |= !(dst[e] - dst[e] == 0.0f);",
              f"{i}    rlx_bad |= row_bad;",
              f"{i}}}",
              f"{i}if (!rlx_bad) {{"]
    j = i + "    "
    if split_by_product(plan, slots):
        lines += _product_split_lines(plan, j)
    else:
        lines += _tile_split_lines(plan, chunk, j)
    if parallel:
        lines.append(f"{j}#pragma omp barrier")
    lines += [f"{j}const int64_t p0 = {ohw} * tid / nt, p1 = {ohw} * (tid + 1) / nt;",
              *_to_nchw(plan, "p0", "p1", epi, j)]
    lines += [f"{i}}}", "        }", "    }", "    if (rlx_bad) {", fallback, "    }"]
    return "\n".join(lines)


def _product_split_lines(plan, i: str) -> list[str]:
    """Each thread transforms its share of the tiles, computes its share of the 16
    products over all tiles, then inverse-transforms its tiles (barriers between)."""
    th, tw = _tiles(plan)
    tiles = th * tw
    v_plane, m_plane = tiles * plan.cin, tiles * plan.cout
    return [f"{i}/* {PRODUCT_SPLIT_MARK} */",
            f"{i}const int64_t t0 = {tiles} * tid / nt, t1 = {tiles} * (tid + 1) / nt;",
            *_input_transform(plan, "t0", "t1", "0", "rlx_v", v_plane, i),
            f"{i}#pragma omp barrier",
            f"{i}for (int64_t xi = 16 * tid / nt; xi < 16 * (tid + 1) / nt; xi++)",
            f"{i}    " + _product_call(plan, str(tiles), f"rlx_v + xi * {v_plane}",
                                      f"rlx_m + xi * {m_plane}",
                                      str(-(-tiles // PACK_MR))),
            f"{i}#pragma omp barrier",
            *_output_transform(plan, "t0", "t1", "0", "rlx_m", m_plane, i)]


def _tile_split_lines(plan, chunk: int, i: str) -> list[str]:
    """Each thread's slivers of tiles, a chunk at a time: transform, products, inverse
    transform."""
    th, tw = _tiles(plan)
    tiles = th * tw
    slivers = -(-tiles // PACK_MR)
    ci_n, co_n = plan.cin, plan.cout
    v_plane, m_plane = chunk * ci_n, chunk * co_n
    return [f"{i}const int64_t t0 = {slivers} * tid / nt * {PACK_MR};",
              f"{i}const int64_t t1x = {slivers} * (tid + 1) / nt * {PACK_MR};",
              f"{i}const int64_t t1 = t1x < {tiles} ? t1x : {tiles};",
              f"{i}float *vc = rlx_v + tid * {16 * v_plane};",
              f"{i}float *mc = rlx_m + tid * {16 * m_plane};",
              f"{i}for (int64_t u0 = t0; u0 < t1; u0 += {chunk}) {{",
              f"{i}    const int64_t un = t1 - u0 < {chunk} ? t1 - u0 : {chunk};",
              *_input_transform(plan, "u0", "u0 + un", "u0", "vc", v_plane, i + "    "),
              f"{i}    for (int64_t xi = 0; xi < 16; xi++)",
              f"{i}        " + _product_call(plan, "un", f"vc + xi * {v_plane}",
                                             f"mc + xi * {m_plane}",
                                             f"(un + {PACK_MR - 1}) / {PACK_MR}"),
              *_output_transform(plan, "u0", "u0 + un", "u0", "mc", m_plane, i + "    "),
              f"{i}}}"]
