"""dequant_matmul with ``x_int8`` on Intel's AMX tiles: 16 rows of W against up to 16
rows of x for the 32-element GGML formats (q4_0 .. q8_0), with the bits of
:mod:`.qmatmul_int8`'s kernels.

:mod:`.qmatmul_int8` sums each group's integer product (32 codes of W times 32 of x) in
an int32 lane with ``vpdpbusd``: one instruction does 64 of those multiply-adds. One AMX
``tdpbusd`` does 16 x 16 x 32 of them: the integer products of one group for 16 rows of
W (tile A: their decoded codes, 32 bytes a row; q8_0's codes are read from the blocks
in place) and 16 rows of x (tile B: x's codes of that group in 4-byte pieces, row i
holding bytes 4i .. 4i + 3 of each row of x, laid out once per call of the op when x
is rounded: :func:`round_x_tiles`). What is left per group is the float part, the same
operations as :mod:`.qmatmul_int8`'s kernels on the same values in the same order:
each product converted, multiplied-and-added with the weight's scale times x's (then
the offset times x's scaled code sum for q4_1 and q5_1) into lane ``g % 8`` of that
(row of W, row of x)'s sums, the 8 lanes then folded as ``rlx_i_fold`` folds them. The
integer products are exact in both, so the results are the same bits as every other
FMA tier's (the tier tests compare them), on 16 rows of x in a vector where the other
kernels have 8 groups.

Measured on a 2-core Intel Xeon guest (AVX-512 with AMX), the op against the same
program with ``RLX_CPU_AMX=0``, medians, ms: q4_1 49152 x 576 against 16 rows of x 5.20
-> 2.64-2.89 on one thread, 2.68 -> 1.38-1.50 on two; q8_0 49152 x 576 (SmolLM2's output
head) on two threads 3.46 -> 1.30 against 16 rows, 14.2 -> 6.0 against 64 and 31.5 ->
17.2 against 128; q4_1 1536 x 576 against 16 rows 0.099 -> 0.068. A 16-sequence decode
step of SmolLM2 gguf-int8, 21.1 -> 16.0 ms. What bounds it (one thread, 49152 x 576):
without the float part the kernel took 1.88 ms, without the decoding too 1.27, so the
tiles' loads, products and stores take about half and the parts add up rather than
overlap. Two groups a step, and the products made two steps ahead, measured the same
within the noise; reading q8_0's codes in place and the tile configuration kept
across calls (ldtilecfg alone was 8% of the samples) each gained.

Compiled where the target has AMX-INT8 (the avx512 tier's ``-march=native`` on such a
host: ``csrc/ggml_amx.h``), and used where Linux grants the process the tiles' state
(asked once, by :func:`rlx.backends.cpu.isa.amx_in_use`, which the executable passes
to the program as ``ctl[10]``) and the environment does not set ``RLX_CPU_AMX=0``;
elsewhere the entry calls :mod:`.qmatmul_int8`'s wide kernel four rows of W at a time, as before.
"""

from __future__ import annotations

from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.qmatmul_ggml import csrc_helper
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.gguf_blocks import BLOCK_FORMATS

AMX = csrc_helper("ggml_amx.h")
"""``RLX_I_AMX`` and the tile configuration."""

ROWS = 16
"""Rows of W one call takes: the rows of the A tile."""

KERNEL = r"""
#if RLX_I_AMX
{decode}/* {name}: the integer products of group G (W's codes decoded in BUF) into tile C, from
   tiles A (W's codes) and B (x's); a macro, as the tiles' numbers must be constants */
#define {name}_TILES(G, C, A, B, BUF)                        \
    do {{                                                    \
        _tile_loadd(A, {a_tile}, {a_stride});                \
        _tile_loadd(B, xt + (G) * 8 * stride, 4 * stride);  \
        _tile_zero(C);                                      \
        {dot}(C, A, B);                                     \
    }} while (0)

/* {fmt}, x rounded to int8, on AMX tiles: y[m * n + j] for 16 rows of W (blocks at q,
   row_bytes apart) and mx <= 16 rows of x given as round_x_tiles lays them out (xt:
   4-byte pieces of codes, [k / 4][stride]; xd, xs, xi: scales, scaled code sums and
   code sums, [k / 32][stride]). The float part as the wide kernel's, lane g % 8 of
   each sum taking group g, so the same bits. */
static __attribute__((noinline)) void {name}(
        const uint8_t *restrict q, int64_t row_bytes, const int32_t *restrict xt,
        const float *restrict xd, const float *restrict xs, const int32_t *restrict xi,
        int64_t stride, int64_t k, float *restrict y, int64_t n, const int mx) {{
    const int64_t kg = k / 32;
    const __mmask16 live = (__mmask16)((1u << mx) - 1);
    /* the groups lane by lane (0, 8, 16, ..., then 1, 9, ...): a lane's 16 sums (one a
       row of W, each a vector over the rows of x) are a local array while it lasts,
       which the compiler keeps in registers as far as it can */
    int32_t order[kg];
    {{
        int64_t t = 0;
        for (int l = 0; l < 8; l++)
            for (int64_t g = l; g < kg; g += 8) order[t++] = (int32_t)g;
    }}
    __m512 lanes[8][16];
    for (int l = 0; l < 8; l++)
        for (int j = 0; j < 16; j++) lanes[l][j] = _mm512_setzero_ps();
    __m512 acc[16];
    for (int j = 0; j < 16; j++) acc[j] = _mm512_setzero_ps();
    uint8_t codes[2][16 * 32] __attribute__((aligned(64)));
    int32_t prod[16 * 16] __attribute__((aligned(64)));
    float aw[16] __attribute__((aligned(64))), ow[16] __attribute__((aligned(64)));
    (void)codes;
    (void)ow;
    (void)xs;
    (void)xi;
    const __m512i at = _mm512_mullo_epi32(
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
        _mm512_set1_epi32((int)row_bytes));
    /* the next call's 16 rows (contiguous after these), fetched a slice a group */
    const uint8_t *next = q + 16 * row_bytes;
    const int64_t lines = (16 * row_bytes + 63) / 64, per = (lines + kg - 1) / kg;
    rlx_amx_configure(mx);
    /* software-pipelined so that nothing waits for the tiles: at step t, W's codes of
       group order[t + 2] are decoded, the integer products of order[t + 1] made (in
       the other C tile: 2 and 3 take turns) and those of order[t], made a step
       before, stored and read by the float part */
    {decode_0}    {name}_TILES(order[0], 2, 0, 1, codes[0]);
    {decode_1}    for (int64_t t = 0; t < kg; t++) {{
        const int64_t g = order[t];
        const int odd = (int)(t & 1);
        for (int64_t p = t * per; p < (t + 1) * per && p < lines; p++)
            __builtin_prefetch(next + 64 * p);
        if (!odd) {{
            _tile_stored(2, prod, 64);
            if (t + 1 < kg) {name}_TILES(order[t + 1], 3, 6, 7, codes[1]);
        }} else {{
            _tile_stored(3, prod, 64);
            if (t + 1 < kg) {name}_TILES(order[t + 1], 2, 0, 1, codes[0]);
        }}
        {decode_t}        const uint8_t *blk = q + g * {size};
        const __m512i fields = _mm512_i32gather_epi32(at, blk, 1);
        _mm512_store_ps(aw, _mm512_cvtph_ps(_mm512_cvtepi32_epi16(fields)));{offsets}
        const __m512 xdv = _mm512_maskz_loadu_ps(live, xd + g * stride);{bias}
        #pragma GCC unroll 16
        for (int j = 0; j < 16; j++) {{
            const __m512i s = {product};
            acc[j] = _mm512_fmadd_ps(_mm512_mul_ps(_mm512_set1_ps(aw[j]), xdv),
                                     _mm512_cvtepi32_ps(s), acc[j]);{offset}
        }}
        if (t + 1 == kg || order[t + 1] != g + 8) {{
            #pragma GCC unroll 16
            for (int j = 0; j < 16; j++) {{
                lanes[g & 7][j] = acc[j];
                acc[j] = _mm512_setzero_ps();
            }}
        }}
    }}
    /* the lanes folded as rlx_i_fold: l and l + 4, then l and l + 2, then 0 and 1 */
    float out[16 * 16] __attribute__((aligned(64)));
    for (int j = 0; j < 16; j++) {{
        const __m512 f0 = _mm512_add_ps(lanes[0][j], lanes[4][j]);
        const __m512 f1 = _mm512_add_ps(lanes[1][j], lanes[5][j]);
        const __m512 f2 = _mm512_add_ps(lanes[2][j], lanes[6][j]);
        const __m512 f3 = _mm512_add_ps(lanes[3][j], lanes[7][j]);
        _mm512_store_ps(out + 16 * j,
                        _mm512_add_ps(_mm512_add_ps(f0, f2), _mm512_add_ps(f1, f3)));
    }}
    /* stored a row of x at a time (see the wide kernel's docstring) */
    const __m512i col = _mm512_mullo_epi32(
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
        _mm512_set1_epi32(16));
    for (int m = 0; m < mx; m++)
        _mm512_storeu_ps(y + m * n, _mm512_i32gather_ps(col, out + m, 4));
}}
#endif
"""
"""The AMX kernel (``rlx_ia16_<format>``)."""

DECODE = r"""/* {name}: W's codes of group g decoded into to, 16 rows of 32 bytes (unsigned:
   tdpbusd) */
RLX_INLINE void {name}_decode(const uint8_t *restrict q, int64_t row_bytes, int64_t g,
                              uint8_t *restrict to) {{
    #pragma GCC unroll 16
    for (int j = 0; j < 16; j++) {{
        const uint8_t *b = q + g * {size} + j * row_bytes;
        const rlx_u8v c = (rlx_u8v)({codes});
        memcpy(to + 32 * j, &c, 32);
    }}
}}
"""
"""Tile A's rows for the formats whose codes are decoded (all but q8_0)."""

OFFSETS = """
        _mm512_store_ps(ow, _mm512_cvtph_ps(_mm512_cvtepi32_epi16(_mm512_srli_epi32(fields, 16))));
        const __m512 xsv = _mm512_maskz_loadu_ps(live, xs + g * stride);"""
OFFSET = """
            acc[j] = _mm512_fmadd_ps(_mm512_set1_ps(ow[j]), xsv, acc[j]);"""
BIAS = """
        const __m512i xiv = _mm512_mullo_epi32(_mm512_maskz_loadu_epi32(live, xi + g * stride),
                                               _mm512_set1_epi32({bias}));"""

ENTRY = r"""
/* 16 rows of W of {fmt} at k = {k} against {rows_doc} rows of x: {amx} where the tiles
   may be used, else {wide} four rows of W at a time (the same bits) */
static __attribute__((noinline)) void {entry}(
        const uint8_t *restrict q, const int8_t *restrict qt, const float *restrict dx,
        const int32_t *restrict si, const float *restrict ds, const int32_t *restrict xt,
        const float *restrict xd, const float *restrict xs, const int32_t *restrict xi,
        float *restrict y, int64_t n, const int64_t amx{count_param}) {{
#if RLX_I_AMX
    if (amx && {count} >= {least}) {{
        {amx}(q, {row_bytes}, xt, xd, xs, xi, {stride}, {k}, y, n, {count});
        return;
    }}
#endif
    (void)amx;
    (void)xt;
    (void)xd;
    (void)xs;
    (void)xi;
    for (int j = 0; j < 16; j += 4)
#if RLX_I_ONE_BODY
        {wide}_any(q + j * {row_bytes}, {row_bytes}, qt, dx, si, ds, {k}, y + j, n, {count});
#else
        {wide}_rows(q + j * {row_bytes}, {row_bytes}, qt, dx, si, ds, {k}, y + j, n, {count});
#endif
}}
"""


def least_rows(fmt: str) -> int:
    """The fewest rows of x the entry hands to the AMX kernel, whose float part costs
    the same for any count up to 16: q8_0, whose codes the tiles read in place, from 8
    (its output head, 49152 x 576, 2 threads: 1.87 -> 1.32 ms against 8 rows of x); the
    others from 12 (q4_1 576 x 1536 against 8 rows: 0.054 -> 0.065 ms, slower; against
    12, 0.073 -> 0.071)."""
    return 8 if fmt == "q8_0" else 12


def kernel_name(fmt: str) -> str:
    return f"rlx_ia16_{fmt}"


def entry_name(fmt: str, k: int, stride: int, count: int | None) -> str:
    """The entry for rows of W of ``k`` elements, x's tiles ``stride`` rows apart, and
    ``count`` rows of x (None: given at run time)."""
    name = f"{kernel_name(fmt)}_k{k}_s{stride}"
    return name if count is None else f"{name}_x{count}"


def _decode_calls(fmt: str) -> dict[str, str]:
    """The kernel's calls of its decoder (none for q8_0, read in place): the first two
    groups before the loop, group order[t + 2] in step t."""
    if fmt == "q8_0":
        return {"decode_0": "", "decode_1": "", "decode_t": ""}
    call = f"{kernel_name(fmt)}_decode(q, row_bytes, order[{{t}}], codes[{{b}}]);\n"
    return {"decode_0": call.format(t=0, b=0),
            "decode_1": "    if (kg > 1) " + call.format(t=1, b=1),
            "decode_t": "        if (t + 2 < kg) " + call.format(t="t + 2", b="odd")}


def kernel(fmt: str, groups: dict, bias: dict) -> str:
    """The C of :func:`kernel_name` for ``fmt`` (``groups``, ``bias``: the format's parts
    as :mod:`.qmatmul_int8` gives them)."""
    _, signed, offsets, codes = groups[fmt]
    b = bias.get(fmt)
    return KERNEL.format(
        fmt=fmt, name=kernel_name(fmt), size=BLOCK_FORMATS[fmt][1],
        decode="" if fmt == "q8_0" else DECODE.format(name=kernel_name(fmt), codes=codes,
                                                      size=BLOCK_FORMATS[fmt][1]),
        **_decode_calls(fmt),
        # q8_0's tiles read its int8 codes in place (signed: tdpbssd)
        a_tile=f"q + (G) * {BLOCK_FORMATS[fmt][1]} + 2" if fmt == "q8_0" else "(BUF)",
        a_stride="row_bytes" if fmt == "q8_0" else "32",
        dot="_tile_dpbssd" if signed else "_tile_dpbusd",
        offsets=OFFSETS if offsets else "", offset=OFFSET if offsets else "",
        bias=BIAS.format(bias=b) if b else "",
        product=("_mm512_sub_epi32(_mm512_load_si512(prod + 16 * j), xiv)" if b
                 else "_mm512_load_si512(prod + 16 * j)"))


def entries(fmt: str, k: int, row_bytes: int, stride: int, wide: str,
            counts: tuple[int, ...]) -> str:
    """The C of the entries for ``fmt`` at ``k`` (x's tiles ``stride`` rows apart):
    one for a count of rows of x given at run time, one for each of ``counts``."""
    return "".join(
        ENTRY.format(fmt=fmt, k=k, least=least_rows(fmt), entry=entry_name(fmt, k, stride, count),
                     amx=kernel_name(fmt), wide=wide, row_bytes=row_bytes, stride=stride,
                     rows_doc=count or "mx", count_param="" if count else ", const int mx",
                     count=count or "mx")
        for count in (None, *counts))


def add_helpers(ctx: RenderContext, fmt: str, groups: dict, bias: dict) -> None:
    ctx.add_helper("rlx_i_amx", AMX)
    ctx.add_helper(kernel_name(fmt), kernel(fmt, groups, bias))


def tile_scratch(w: CWriter, ctx: RenderContext, k: int, rows: int) -> None:
    """Declare x's tiles (xt, xd, xs, xi: room for ``rows`` rows) in the kernel's
    scratch."""
    kg = k // 32
    w.line(ctx.scratch("xt", DType.I32, rows * k // 4))
    w.line(ctx.scratch("xd", DType.F32, rows * kg))
    w.line(ctx.scratch("xs", DType.F32, rows * kg))
    w.line(ctx.scratch("xi", DType.I32, rows * kg))


def round_x_tiles(w: CWriter, k: int, rows: int, xr: int, use: str) -> None:
    """Inside the loop over rounded rows r of x: lay row r out as the B tiles read it
    (where the tiles are compiled and the C condition ``use``, the run's ``ctl`` flag,
    says they run): its 4-byte pieces of codes column r of xt [k / 4, rows], its
    scales, scaled code sums and code sums column r of xd, xs, xi."""
    kg = k // 32
    w.line("#if RLX_I_AMX")
    with w.block(f"if ({use})"):
        with w.block(f"for (int64_t p = 0; p < {k // 4}; p++)"):
            w.line(f"memcpy(xt + p * {rows} + r, qx + r * {xr} + 4 * p, 4);")
        with w.block(f"for (int64_t g = 0; g < {kg}; g++)"):
            w.line(f"xd[g * {rows} + r] = dx[r * {kg} + g];")
            w.line(f"xs[g * {rows} + r] = ds[r * {kg} + g];")
            w.line(f"xi[g * {rows} + r] = si[r * {kg} + g];")
    w.line("#endif")
