"""C kernels of dequant_matmul over GGML's block formats (see :mod:`.qmatmul`).

One source for every ISA tier. The kernels are written against the prelude's vector
shim (``rlx_vf``: RLX_VW floats, 16 with AVX-512, 8 with AVX2, 4 on NEON and in
portable C; ``rlx_vi`` its int32 lanes) and GCC's vector extensions: nibbles and high
bits are masks, shifts and comparisons of int32 lanes, conversions are
``__builtin_convertvector``, sums the shim's fused multiply-adds. Two small helpers
hold per-ISA intrinsics, because gcc 12 has no better spelling: ``rlx_q_u8`` /
``rlx_q_s8`` (:data:`BYTE_LOADS`) widen RLX_VW bytes to int32 lanes with one
instruction (``vpmovzxbd`` / ``vpmovsxbd``; ``__builtin_convertvector`` from a vector
of bytes compiles to byte loads and lane inserts on every target), and
``rlx_g_half1v`` / ``rlx_g_half2v`` convert an fp16 scale (or a scale and min pair)
straight into a broadcast vector with F16C (5 instructions for the pair against 8).
These kernels replace hand-written AVX-512 ones (``__m512`` intrinsics, a portable
decode into a buffer elsewhere); measured on one core of the 2-core AVX-512 VM
(Zen 5), streaming weights from memory, GB/s of blocks, old AVX-512 / new AVX-512 /
old AVX2 / new AVX2: q4_1 15.9 / 20.3 / 4.5 / 12.2, q8_0 21.6 / 32.5 / 12.5 / 24.8,
q4_k 10.9 / 13.0 / 5.6 / 8.9, q5_0 11.8 / 12.9 / 3.5 / 8.4, q6_k 11.9 / 12.3 /
3.3 / 7.0.

Decoding (:data:`GROUP_DECODERS`): ``rlx_g_grp_<format>(b, g, w)`` turns group g of
32 values of the block at b into ``32 / RLX_VW`` vectors ``w``, read straight from
the file's bytes (:mod:`rlx.ir.gguf_blocks` gives the layouts). Every value is
GGML's: the fp16 fields widen exactly, and each value is a product of integers and
fp16 scales that is exact in f32 (q6_k: rounded once, as GGML's second product), plus
(q4_1, q5_1, q4_k, q5_k) one f32 addition of an exact term, which a fused
multiply-add rounds the same way; so the values equal
:func:`rlx.ir.gguf_blocks.dequantize_blocks` bit for bit on every tier.

Three kernels use the group decoders, all inlined into one noinline function per
format (one copy serves every kernel of the format, which keeps the generated file
quick to compile):

* ``rlx_gv<rows>x<mx>_<format>`` (:func:`gemv`, up to GEMV_MAX_X rows of x: decode):
  rows of W dotted with the rows of x, the groups decoded in registers straight into
  fused multiply-adds, RLX_G_RP rows of W side by side (4 on AVX2, AVX-512 and NEON:
  their sums take 8 ymm, 4 zmm, 16 NEON registers; 8 rows streamed at once were
  slower from memory on AVX-512) so that each piece of x is loaded once for all and
  several rows stream at once; with several rows of x, RLX_G_SUMS products at once (16
  on AVX-512: 4 rows of W by 4 of x, or 2 by 8, so each piece of x loaded still feeds
  several rows of W; RLX_G_RP elsewhere, where more than 4 rows of x go in pieces:
  :func:`add_gemv`). Element i of a row goes to partial sum i mod 16, each
  partial sum runs over its elements in order, and the 16 are added pairwise in a
  fixed order (``rlx_g_fold``): the same arithmetic on every FMA tier, so AVX-512,
  AVX2 and NEON give the same bits (the portable tier rounds products and sums
  separately), whatever the grouping of the rows of W or x and the thread count: a
  row of x gives the same bits alone or in a batch. The kernel fetches the bytes
  RLX_G_AHEAD passes of rows ahead into the cache (measured on one AVX-512 core,
  q8_0 rows of 2048: 15.5 GB/s 4096 bytes ahead, the distance it had, 40 GB/s 3
  passes ahead; rows of 640: 22 and 32 GB/s).
* ``rlx_gt_<format>`` (:func:`tiled_product`, more rows of x: prefill): rows of W are
  decoded (vector stores) into a buffer, TILE_KC elements of k at a time, and
  multiplied with x, packed once per product as panels of RLX_SUB_NV vectors of rows
  of x, k-major (``rlx_g_pack_x``), in register tiles of RLX_SUB_MR rows of W by
  RLX_SUB_NV vectors of rows of x (12 x 2 zmm on AVX-512, 6 x 2 ymm on AVX2: the
  prelude's GEMM sub-tile): each output is one chain of fused multiply-adds over k in
  order, so every FMA tier, tile shape and thread count gives the same bits. Measured
  x [128, 576] @ W [1536, 576].T q4_1 on one core: 198 GFLOP/s on AVX-512 (135 with
  the AVX-512 4 x 4 tiles of dot products it replaced), 127 on AVX2 (58).
* ``rlx_dq_<format>`` (:data:`DECODERS`): a segment of one row decoded into a float
  buffer (the input gradient, ``x @ W``, uses it).
"""

from __future__ import annotations

from rlx.backends.cpu import csrc
from rlx.backends.cpu.cwriter import CWriter
from rlx.ir.gguf_blocks import BLOCK_FORMATS


def csrc_helper(name: str) -> str:
    """The fixed C helper in ``csrc/<name>`` as dequant_matmul emits it (after a blank
    line)."""
    return "\n" + csrc.source(name)


F16_SCALE = csrc_helper("qmm_f16_scale.h")
"""``rlx_q_f16``: an f16 scale as a float (F16C where the compiler has it)."""

HALF = csrc_helper("ggml_half.h")
"""``rlx_g_half(p)``: the fp16 field at p as a float (every tier)."""

K_SCALES = csrc_helper("ggml_k_scales.h")
"""``rlx_g_k_scale``: a q4_k / q5_k sub-block's 6-bit scale and min."""

BYTE_LOADS = csrc_helper("ggml_byte_loads.h")
"""Byte loads on the prelude's vectors (every kernel of
:mod:`.qmatmul` and this module that decodes into vectors)."""

VECTOR_HELPERS = csrc_helper("ggml_vectors.h")
"""Vector helpers every GGML kernel uses (after the prelude and :data:`HALF`)."""



def row_groups(w: CWriter, ctx, n: int, group: int, work: int, calls,
               run_time_work: str | None = None) -> None:
    """Emit the loops over the n rows of W of a decode-style kernel: ``group`` rows at a
    time split over the threads (``work`` elements in all; ``run_time_work`` the C
    expression of a run's when it is known at run time only), then the last
    ``n % group`` one by one; ``calls(count, w0)`` writes the calls for ``count`` rows
    from row ``w0`` (a C expression)."""
    if n // group:
        with ctx.parallel(w, work, n // group, run_time_work), \
                w.block(f"for (int64_t g = 0; g < {n // group}; g++)"):
            calls(group, f"g * {group}")
    if n % group:
        with w.block(f"for (int64_t r = {n - n % group}; r < {n}; r++)"):
            calls(1, "r")


def run_time_pieces(w: CWriter, active: str, most: int, call,
                    wide: int | None = None) -> None:
    """Emit the loops over ``active`` rows of x (a C expression known at run time) in
    pieces of ``most`` rows, then the rest (fewer) in one call of its size: each block
    of W is decoded once per piece, so 2 or 3 rows (checking drafted tokens) cost about
    what one does. ``call(mx, m0)`` writes the call for ``mx`` rows from row ``m0``.
    ``wide``: the caller has a kernel for up to that many rows, their count a C
    expression (``call`` is then also given ``mx`` as the C name ``"mx"``); it takes the
    pieces of ``most`` rows or more, ``wide`` at a time (a piece of ``wide`` or ``most``
    rows called with the count as a constant), and only the last fewer than ``most`` go
    to a call of their size."""
    w.line("int64_t m0 = 0;")
    if wide is None:
        with w.block(f"for (; m0 + {most} <= {active}; m0 += {most})"):
            call(most, "m0")
    else:
        with w.block(f"while ({active} - m0 >= {most})"):
            w.line(f"const int mx = {active} - m0 < {wide} ? (int)({active} - m0) : {wide};")
            # the counts the wide kernels have entries of their own for, as constants
            with w.block(f"if (mx == {wide})"):
                call(wide, "m0")
            with w.else_block(f"else if (mx == {most})"):
                call(most, "m0")
            with w.else_block():
                call("mx", "m0")
            w.line("m0 += mx;")
    if most == 1:
        return
    w.line(f"switch ({active} - m0) {{")
    for mx in range(most - 1, 0, -1):
        w.line(f"case {mx}:")
        with w.indented():
            call(mx, "m0")
            w.line("break;")
    w.line("default: break;")
    w.line("}")


def add_block_helpers(ctx, fmt: str) -> None:
    """Emit the helpers every kernel reading blocks of GGML format ``fmt`` uses: fp16
    fields, q4_k / q5_k scales, byte loads and the vector helpers."""
    ctx.add_helper("rlx_q_f16", F16_SCALE)
    ctx.add_helper("rlx_g_half", HALF)
    if fmt in K_FORMATS:
        ctx.add_helper("rlx_g_k_scale", K_SCALES)
    ctx.add_helper("rlx_q_bytes", BYTE_LOADS)
    ctx.add_helper("rlx_g_vectors", VECTOR_HELPERS)


GROUP_TEMPLATE = r"""
/* {doc} */
RLX_INLINE void rlx_g_grp_{fmt}(const uint8_t *restrict b, int g, rlx_vf *restrict w) {{{setup}
    (void)g;
    #pragma GCC unroll 8
    for (int c = 0; c < RLX_G_NC; c++) {{
        const int i = c * RLX_VW;
        w[c] = {value};
    }}
}}
"""
"""``rlx_g_grp_<format>(b, g, w)``: group g (32 values) of the block at b as RLX_G_NC
vectors; ``{setup}`` reads the scales, ``{value}`` is vector c (values i .. i +
RLX_VW - 1 of the group)."""

GROUP_DECODERS = {
    # format: (layout, statements before the vectors, vector c)
    "q8_0": ("""q8_0 blocks of 32: fp16 d, 32 int8 codes; x = d * q""", r"""
    const rlx_vf d = rlx_g_half1v(b);""",
             "rlx_g_f(rlx_q_s8(b + 2 + i)) * d"),
    "q4_0": ("""q4_0 blocks of 32: fp16 d, 16 bytes (element i the low nibble of byte i,
   element i + 16 its high nibble); x = d * (q - 8)""", r"""
    const rlx_vf d = rlx_g_half1v(b);""",
             "rlx_g_f(rlx_g_nib(b + 2, i) - 8) * d"),
    "q4_1": ("""q4_1 blocks of 32: fp16 d, fp16 m, 16 bytes of nibbles (as q4_0);
   x = d * q + m (d * q is exact: the fused multiply-add rounds as GGML's two steps)""",
             r"""
    rlx_vf d, m;
    rlx_g_half2v(b, &d, &m);""",
             "rlx_v_fma(rlx_g_f(rlx_g_nib(b + 4, i)), d, m)"),
    "q5_0": ("""q5_0 blocks of 32: fp16 d, u32 of fifth bits (bit i tops element i), 16
   bytes of nibbles (as q4_0); x = d * (q - 16)""", r"""
    const rlx_vf d = rlx_g_half1v(b);
    uint32_t h;
    memcpy(&h, b + 2, 4);
    const rlx_vi hv = (rlx_vi){0} + (int32_t)h;""",
             "rlx_g_f((rlx_g_nib(b + 6, i) | rlx_g_bit4(hv, i)) - 16) * d"),
    "q5_1": ("""q5_1 blocks of 32: fp16 d, fp16 m, u32 of fifth bits, 16 bytes of nibbles
   (as q5_0); x = d * q + m""", r"""
    rlx_vf d, m;
    rlx_g_half2v(b, &d, &m);
    uint32_t h;
    memcpy(&h, b + 4, 4);
    const rlx_vi hv = (rlx_vi){0} + (int32_t)h;""",
             "rlx_v_fma(rlx_g_f(rlx_g_nib(b + 8, i) | rlx_g_bit4(hv, i)), d, m)"),
    "q4_k": ("""q4_k super-blocks of 256: fp16 d, fp16 dmin, 12 bytes of 6-bit scales and
   mins, 128 bytes of nibbles (32-byte chunk c: sub-block 2c low nibbles, 2c + 1 high);
   x = (d * scale) * q - dmin * min per sub-block (group) g of 32""", r"""
    float s, mn;
    rlx_g_k_scale(b + 4, g, &s, &mn);
    const rlx_vf st = rlx_v_set1(rlx_g_half(b) * s), of = rlx_v_set1(-(rlx_g_half(b + 2) * mn));
    const uint8_t *p = b + 16 + 32 * (g >> 1);""",
             "rlx_v_fma(rlx_g_f(g & 1 ? rlx_q_u8(p + i) >> 4 : rlx_q_u8(p + i) & 15), st, of)"),
    "q5_k": ("""q5_k super-blocks of 256: as q4_k with 32 bytes of fifth bits before the
   nibbles (bit g of byte i tops element i of sub-block g)""", r"""
    float s, mn;
    rlx_g_k_scale(b + 4, g, &s, &mn);
    const rlx_vf st = rlx_v_set1(rlx_g_half(b) * s), of = rlx_v_set1(-(rlx_g_half(b + 2) * mn));
    const uint8_t *p = b + 48 + 32 * (g >> 1);""",
             "rlx_v_fma(rlx_g_f((g & 1 ? rlx_q_u8(p + i) >> 4 : rlx_q_u8(p + i) & 15)"
             "\n                        | ((rlx_q_u8(b + 16 + i) >> g & 1) << 4)), st, of)"),
    "q6_k": ("""q6_k super-blocks of 256: 128 bytes of low nibbles, 64 bytes of 2-bit highs,
   16 int8 scales (one per 16 elements), fp16 d. Half h = g / 4 (128 elements) uses low
   bytes L = 128-byte part 64h.. and high bytes H = 32h..; its groups of 32 are the low
   nibbles of L[0:32], L[32:64], then their high nibbles, topped by bits (2g', 2g' + 1)
   of H (g' = g mod 4); x = (d * scale) * (q - 32)""", r"""
    const int half = g >> 2, gq = g & 3;
    const uint8_t *lo = b + 64 * half + 32 * (gq & 1), *hi = b + 128 + 32 * half;
    const int shift = gq >> 1 ? 4 : 0;
    const int8_t *sc = (const int8_t *)(b + 192) + 8 * half + 2 * gq;
    const float d = rlx_g_half(b + 208);
    const rlx_vf st0 = rlx_v_set1(d * (float)sc[0]), st1 = rlx_v_set1(d * (float)sc[1]);""",
             "rlx_g_f(((rlx_q_u8(lo + i) >> shift & 15) | (rlx_q_u8(hi + i) >> 2 * gq & 3) << 4)"
             " - 32)\n               * (i < 16 ? st0 : st1)"),
}
"""Each format's part of :data:`GROUP_TEMPLATE`."""

K_FORMATS = frozenset({"q4_k", "q5_k"})
"""Formats whose decoders use :data:`K_SCALES`."""


def _groups(fmt: str) -> int:
    return BLOCK_FORMATS[fmt][0] // 32


GROUPS = {fmt: GROUP_TEMPLATE.format(fmt=fmt, doc=doc.strip(), setup=setup, value=value)
          for fmt, (doc, setup, value) in GROUP_DECODERS.items()}
"""Group decoder of each GGML format, named ``rlx_g_grp_<format>``."""

DECODER_TEMPLATE = r"""
/* {fmt}: elements c0 .. c0 + len - 1 (whole blocks) of the row at q as floats */
static __attribute__((noinline)) void rlx_dq_{fmt}(
        const uint8_t *restrict q, const void *sc, int64_t c0, int64_t len,
        float *restrict out) {{
    const uint8_t *b = q + (c0 / {block}) * {size};
    (void)sc;
    for (int64_t e = 0; e < len; e += {block}, b += {size})
        for (int g = 0; g < {groups}; g++) {{
            rlx_vf w[RLX_G_NC];
            rlx_g_grp_{fmt}(b, g, w);
            #pragma GCC unroll 8
            for (int c = 0; c < RLX_G_NC; c++) rlx_v_store(out + e + 32 * g + c * RLX_VW, w[c]);
        }}
}}
"""

DECODERS = {fmt: DECODER_TEMPLATE.format(fmt=fmt, block=BLOCK_FORMATS[fmt][0],
                                         size=BLOCK_FORMATS[fmt][1], groups=_groups(fmt))
            for fmt in GROUP_DECODERS}
"""Segment decoder of each GGML format, named ``rlx_dq_<format>``."""

GEMV_TEMPLATE = r"""
/* {fmt}: y[m * n + j] = (row j of W) . x[m] for the {rows} rows of blocks at q,
   q + row_bytes, ... (k / {block} blocks each) and the {mx} rows of x [{mx}, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv{rows}x{mx}_{fmt}(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t k,
        float *restrict y, int64_t n) {{
    /* rows of W side by side: the most whose sums fit RLX_G_SUMS, a power of 2 (so a
       divisor of {rows}: 3 rows by 5 of x would run past the call's rows) */
    enum {{ RP_SUMS = RLX_G_SUMS / {mx} < 1 ? 1 : RLX_G_SUMS / {mx},
           RP_FIT = RP_SUMS < {rows} ? RP_SUMS : {rows},
           RP = RP_FIT >= 16 ? 16 : RP_FIT >= 8 ? 8 : RP_FIT >= 4 ? 4 : RP_FIT >= 2 ? 2 : 1 }};
    _Static_assert({rows} % RP == 0, "rows of W in whole passes");
    for (int j0 = 0; j0 < {rows}; j0 += RP) {{
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_vf acc[RP][{mx}][RLX_G_NA];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 16
            for (int m = 0; m < {mx}; m++)
                for (int a = 0; a < RLX_G_NA; a++) acc[j][m][a] = rlx_v_zero();
        for (int64_t e = 0, o = 0; e < k; e += {block}, o += {size}) {{
            for (int g = 0; g < {groups}; g++) {{
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {{
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_{fmt}(b, g, w);
                    #pragma GCC unroll 16
                    for (int m = 0; m < {mx}; m++)
                        #pragma GCC unroll 8
                        for (int c = 0; c < RLX_G_NC; c++)
                            acc[j][m][c % RLX_G_NA] = rlx_v_fma(
                                w[c], rlx_v_load(xs + m * k + c * RLX_VW),
                                acc[j][m][c % RLX_G_NA]);
                }}
            }}
        }}
        for (int m = 0; m < {mx}; m++)
            for (int j = 0; j < RP; j++) y[m * n + j0 + j] = rlx_g_fold(acc[j][m]);
    }}
}}
"""

GEMV_ROWS = 4
"""Rows of W one call of the decode kernel takes (a multiple of every tier's
RLX_G_RP)."""
GEMV_NARROW_X = 4
"""The most rows of x a decode kernel keeps sums for where the vector registers are
few (16 on AVX2, or 32 holding a quarter of a sum each on NEON): a call for more
rows runs there as pieces of this many."""
GEMV_MAX_X = 8
"""The most rows of x one call of the decode kernel takes. With AVX-512's 32
registers, 8 rows of x by 2 rows of W keep 16 sums as 4 by 4 did, and each group of W
decoded feeds 8 rows instead of 4 (2 cores, a decode step of 16 sequences of SmolLM2
Q4_1: 23 -> 19 ms). 16 rows by 1 row of W was slower (24 ms): every multiply-add then
loads its own piece of x."""
GEMV_MAX_ROWS = 16
"""The most rows of x the decode kernel serves (in pieces of up to GEMV_MAX_X; more
rows go to the prefill kernel). 16, not 8: a server's decode step of 9 to 16
sequences ran faster in pieces of 4 than through the tiled kernel (2 AVX-512 cores,
16 rows: SmolLM2 Q4_1 37 -> 32 ms a step, Gemma 3 Q4_K_M 69 -> 62 ms)."""


def gemv(fmt: str, rows: int, mx: int = 1) -> str:
    """``rlx_gv<rows>x<mx>_<fmt>(q, row_bytes, x, k, y, n)``: ``rows`` rows of format
    ``fmt`` dotted with the ``mx`` rows of x (see :data:`GEMV_TEMPLATE`)."""
    block, size = BLOCK_FORMATS[fmt]
    return GEMV_TEMPLATE.format(fmt=fmt, rows=rows, mx=mx, block=block, size=size,
                                groups=_groups(fmt))


def add_gemv(ctx, fmt: str, rows: int, mx: int) -> str:
    """Add the decode kernel for ``rows`` rows of W and ``mx`` rows of x to ``ctx``'s
    helpers; its name. Past GEMV_NARROW_X rows of x the kernel is the wide one where
    the tier has 32 vector registers of 16 floats (AVX-512) and, elsewhere, calls of
    the narrow ones on pieces of x: each output's sums are the same either way."""
    name = f"rlx_gv{rows}x{mx}_{fmt}"
    if name in ctx.helpers:
        return name
    if mx <= GEMV_NARROW_X:
        ctx.add_helper(name, gemv(fmt, rows, mx))
        return name
    pieces = [(m0, min(GEMV_NARROW_X, mx - m0)) for m0 in range(0, mx, GEMV_NARROW_X)]
    narrow = [(m0, add_gemv(ctx, fmt, rows, count)) for m0, count in pieces]
    wide = gemv(fmt, rows, mx).replace(name, f"{name}_wide")
    split = "\n".join(f"    {piece}(q, row_bytes, x + {m0} * k, k, y + {m0} * n, n);"
                      for m0, piece in narrow)
    ctx.add_helper(name, WIDE_TEMPLATE.format(name=name, wide=wide, split=split))
    return name


WIDE_TEMPLATE = r"""
#if RLX_VW >= 16
{wide}
#endif
static void {name}(const uint8_t *restrict q, int64_t row_bytes, const float *restrict x,
                   int64_t k, float *restrict y, int64_t n) {{
#if RLX_VW >= 16
    {name}_wide(q, row_bytes, x, k, y, n);
#else
{split}
#endif
}}
"""
"""A decode kernel for more than GEMV_NARROW_X rows of x (:func:`add_gemv`)."""


TILE_ROWS = 12
"""Rows of W per task of the prefill kernel: a multiple of every tier's RLX_SUB_MR
(12 on AVX-512, 6 on AVX2 and NEON, 4 in portable C)."""
TILE_KC = 1024
"""Elements of k the prefill kernel decodes at a time (a multiple of every block)."""
PANEL_MAX = 32
"""The widest panel of x (RLX_SUB_NV * RLX_VW: 32 on AVX-512, 16 on AVX2 and NEON, 8
in portable C): the packed x takes at most ``round_up(rows, PANEL_MAX) * k`` floats."""

TILE_HELPERS = r"""
/* GGML prefill: rows of x packed as panels of RLX_G_NX rows, k-major */
#define RLX_G_NX (RLX_SUB_NV * RLX_VW)
#define RLX_G_KC __KC__
/* panel p of x [rows, k]: xt[p * k * RLX_G_NX + kk * RLX_G_NX + l] = x[(p * RLX_G_NX + l)
   * k + kk], 0 past the last row */
static void rlx_g_pack_x(const float *restrict x, int64_t rows, int64_t k, int64_t p,
                         float *restrict xt) {
    float *dst = xt + p * k * RLX_G_NX;
    const int64_t r0 = p * RLX_G_NX;
    const int64_t nr = rows - r0 < RLX_G_NX ? rows - r0 : RLX_G_NX;
    for (int64_t k0 = 0; k0 < k; k0 += 16) {
        const int64_t kn = k - k0 < 16 ? k - k0 : 16;
        for (int64_t l = 0; l < RLX_G_NX; l++)
            for (int64_t kk = 0; kk < kn; kk++)
                dst[(k0 + kk) * RLX_G_NX + l] = l < nr ? x[(r0 + l) * k + k0 + kk] : 0.0f;
    }
}
/* the tile's outputs in y [rows, n] (transposed: tile row t, panel lane l) to and from
   tmp [RLX_SUB_MR][RLX_G_NX], lanes past the last row of x as 0: plain loops in
   functions of their own, so that each copy of the tile below stays a short, fixed
   sequence of vector instructions (the lane loops inlined into every copy cost seconds
   of compile time) */
static __attribute__((noinline)) void rlx_g_tile_read(const float *restrict y, int64_t m0,
                                                      int64_t n, int mr, int64_t nl,
                                                      float *restrict tmp) {
    for (int t = 0; t < mr; t++)
        for (int64_t l = 0; l < RLX_G_NX; l++)
            tmp[t * RLX_G_NX + l] = l < nl ? y[(m0 + l) * n + t] : 0.0f;
}
static __attribute__((noinline)) void rlx_g_tile_write(float *restrict y, int64_t m0,
                                                       int64_t n, int mr, int64_t nl,
                                                       const float *restrict tmp) {
    for (int t = 0; t < mr; t++)
        for (int64_t l = 0; l < nl; l++) y[(m0 + l) * n + t] = tmp[t * RLX_G_NX + l];
}
/* the register tile: y[(m0 + l) * n + t] (l < RLX_G_NX, m0 + l < rows; t < mr) plus
   sum over kk < kn of w[t * ws + kk] * xp[kk * RLX_G_NX + l], one fused multiply-add
   after the other, from 0 when first */
RLX_INLINE void rlx_g_tile(const float *restrict w, int64_t ws, const int mr,
                           const float *restrict xp, int64_t kn, int first, int64_t m0,
                           int64_t rows, float *restrict y, int64_t n) {
    rlx_vf acc[RLX_SUB_MR][RLX_SUB_NV];
    float tmp[RLX_SUB_MR * RLX_G_NX] __attribute__((aligned(64)));
    const int64_t nl = rows - m0 < RLX_G_NX ? rows - m0 : RLX_G_NX;
    if (!first)
        rlx_g_tile_read(y, m0, n, mr, nl, tmp);
    #pragma GCC unroll 12
    for (int t = 0; t < mr; t++)
        #pragma GCC unroll 4
        for (int v = 0; v < RLX_SUB_NV; v++)
            acc[t][v] = first ? rlx_v_zero() : rlx_v_load(tmp + t * RLX_G_NX + v * RLX_VW);
    for (int64_t kk = 0; kk < kn; kk++) {
        rlx_vf b[RLX_SUB_NV];
        #pragma GCC unroll 4
        for (int v = 0; v < RLX_SUB_NV; v++) b[v] = rlx_v_load(xp + kk * RLX_G_NX + v * RLX_VW);
        #pragma GCC unroll 12
        for (int t = 0; t < mr; t++) {
            const rlx_vf a = rlx_v_set1(w[t * ws + kk]);
            #pragma GCC unroll 4
            for (int v = 0; v < RLX_SUB_NV; v++) acc[t][v] = rlx_v_fma(a, b[v], acc[t][v]);
        }
    }
    #pragma GCC unroll 12
    for (int t = 0; t < mr; t++)
        #pragma GCC unroll 4
        for (int v = 0; v < RLX_SUB_NV; v++)
            rlx_v_store(tmp + t * RLX_G_NX + v * RLX_VW, acc[t][v]);
    rlx_g_tile_write(y, m0, n, mr, nl, tmp);
}
/* rlx_g_tile for mr rows of W (1 .. TILE_ROWS) in pieces of the sizes it has a copy
   for (the largest that fits first; each output's sums are the same whichever copy
   computes it) */
static __attribute__((noinline)) void rlx_g_tiles(
        const float *restrict w, int64_t ws, int mr, const float *restrict xp, int64_t kn,
        int first, int64_t m0, int64_t rows, float *restrict y, int64_t n) {
    while (mr > 0) {
        int take = 1;
__TAKE__
        switch (take) {
__CASES__
        }
        w += take * ws;
        y += take;
        mr -= take;
    }
}
"""

TILE_COPIES = (12, 8, 6, 4, 2, 1)
"""Rows of W the prefill kernel's register tile has a copy for (those past 4 where
RLX_SUB_MR allows): each copy costs seconds of compile time at 512-bit vectors (one
per row count, 1 .. 12, took 8 s), and a task's rows (TILE_ROWS, a multiple of every
tier's RLX_SUB_MR, or the last rows of W) go in pieces of these sizes."""


def _tile_cases() -> tuple[str, str]:
    """The C choosing each piece's size and the switch's cases."""
    take, cases = CWriter(indent=2), CWriter(indent=2)
    for mr in TILE_COPIES:
        if mr > 4:
            take.directive(f"#if RLX_SUB_MR >= {mr}")
            cases.directive(f"#if RLX_SUB_MR >= {mr}")
        if mr > 1:
            take.line(f"if (mr >= {mr}) take = {mr}; else")
        cases.line(f"case {mr}: rlx_g_tile(w, ws, {mr}, xp, kn, first, m0, rows, y, n); break;")
        if mr > 4:
            take.directive("#endif")
            cases.directive("#endif")
    take.line("take = 1;")
    return take.text(), cases.text()


TILES = (TILE_HELPERS.replace("__KC__", str(TILE_KC)).replace("__TAKE__", _tile_cases()[0])
         .replace("__CASES__", _tile_cases()[1]))
"""The prefill kernel's packing and register tiles (every format shares them)."""

TILE_TEMPLATE = r"""
/* {fmt}: y[m * n + u] = (weight row u at q + u * row_bytes) . x[m] for the nw rows u
   of W (nw <= {tile}) and every row m of x, packed in xt (rlx_g_pack_x): the rows of
   W decoded RLX_G_KC elements at a time into w, then multiplied with x in register
   tiles */
static __attribute__((noinline)) void rlx_gt_{fmt}(
        const uint8_t *restrict q, int64_t row_bytes, int64_t nw, const float *restrict xt,
        int64_t rows, int64_t k, int64_t n, float *restrict y) {{
    float w[{tile} * RLX_G_KC] __attribute__((aligned(64)));
    for (int64_t k0 = 0; k0 < k; k0 += RLX_G_KC) {{
        const int64_t kn = k - k0 < RLX_G_KC ? k - k0 : RLX_G_KC;
        for (int64_t u = 0; u < nw; u++)
            rlx_dq_{fmt}(q + u * row_bytes, NULL, k0, kn, w + u * RLX_G_KC);
        for (int64_t u0 = 0; u0 < nw; u0 += RLX_SUB_MR) {{
            const int mr = nw - u0 < RLX_SUB_MR ? (int)(nw - u0) : RLX_SUB_MR;
            for (int64_t m0 = 0; m0 < rows; m0 += RLX_G_NX)
                rlx_g_tiles(w + u0 * RLX_G_KC, RLX_G_KC, mr, xt + m0 * k + k0 * RLX_G_NX, kn,
                            k0 == 0, m0, rows, y + u0, n);
        }}
    }}
}}
"""


def tiled_product(fmt: str) -> str:
    """``rlx_gt_<fmt>(q, row_bytes, nw, xt, rows, k, n, y)``: up to TILE_ROWS rows of
    W of format ``fmt`` times every row of x (see :data:`TILE_TEMPLATE`)."""
    return TILE_TEMPLATE.format(fmt=fmt, tile=TILE_ROWS)
