"""C decoders of GGML's block formats for dequant_matmul (see :mod:`.qmatmul`).

Each decoder turns the whole blocks of a segment of one weight row — elements
``c0 .. c0 + len - 1``, ``c0`` and ``len`` multiples of the block — into floats, read
straight from the file's bytes (:mod:`rlx.ir.gguf_blocks` gives the layouts). Every
value is GGML's: the fp16 fields widen exactly, and each value is a product of
integers and fp16 scales that is exact in f32, plus (q4_1, q5_1, q4_k, q5_k) one
f32 addition or subtraction of an exact term, so the result has a single rounding
in any evaluation order and equals :func:`rlx.ir.gguf_blocks.dequantize_blocks` bit
for bit (``-ffp-contract=off`` is not even needed for that).

The inner loops run over fixed runs of 16 or 32 elements with ``omp simd``; the
compiler vectorises them with its target's widest vectors (AVX-512 under
``-march=native`` on such machines) and plain C remains the portable form. The
decoders are not inlined: one copy serves every kernel of a format (a decoder graph
has hundreds), which keeps the generated file quick to compile.

For one row of x (decode) :func:`gemv` dots rows of W with x straight from the
blocks; for several rows :func:`tiled_product` decodes a few rows of W whole and
multiplies them with x in register tiles (:func:`rows_product`, by segments, serves
the rest). Both use AVX-512 intrinsics where the compiler targets them and fall back
to the portable decoders elsewhere (on an AVX-512 machine the tests run the
intrinsics, not that fallback).
"""

from __future__ import annotations

from rlx.ir.gguf_blocks import BLOCK_FORMATS

HALF = r"""
/* GGML blocks: the fp16 field at p (any alignment) as a float */
static inline float rlx_g_half(const uint8_t *p) {
    uint16_t h;
    memcpy(&h, p, 2);
    return rlx_q_f16(h);
}
"""

K_SCALES = r"""
/* q4_k / q5_k: the 6-bit scale and min of sub-block j (0..7) from the 12 packed bytes */
static inline void rlx_g_k_scale(const uint8_t *s, int j, float *sc, float *mn) {
    if (j < 4) {
        *sc = (float)(s[j] & 63);
        *mn = (float)(s[j + 4] & 63);
    } else {
        *sc = (float)((s[j + 4] & 15) | ((s[j - 4] >> 6) << 4));
        *mn = (float)((s[j + 4] >> 4) | ((s[j] >> 6) << 4));
    }
}
"""

DECODER_TEMPLATE = r"""
/* {doc} */
static __attribute__((noinline)) void rlx_dq_{fmt}(
        const uint8_t *restrict q, const void *sc, int64_t c0, int64_t len,
        float *restrict out) {{
    const uint8_t *b = q + (c0 / {block}) * {size};
    (void)sc;
    for (int64_t e = 0; e < len; e += {block}, b += {size}) {{{body}
    }}
}}
"""
"""A segment decoder: the loop over the blocks of elements ``c0 .. c0 + len - 1`` at
``b``, filling ``out[e ..]`` with the block of elements ``c0 + e ..``."""

DECODER_BODIES = {
    # format: (layout, one block's decoding); block sizes from BLOCK_FORMATS
    "q8_0": ("""
q8_0 blocks of 32: fp16 d, 32 int8 codes; x = d * q""", r"""
        const float d = rlx_g_half(b);
        const int8_t *c = (const int8_t *)(b + 2);
        #pragma omp simd
        for (int i = 0; i < 32; i++) out[e + i] = d * (float)c[i];"""),
    "q4_0": ("""
q4_0 blocks of 32: fp16 d, 16 bytes (element i the low nibble of byte i, element
   i + 16 its high nibble); x = d * (q - 8)""", r"""
        const float d = rlx_g_half(b);
        const uint8_t *c = b + 2;
        #pragma omp simd
        for (int i = 0; i < 16; i++) {
            out[e + i] = d * (float)((int)(c[i] & 15) - 8);
            out[e + i + 16] = d * (float)((int)(c[i] >> 4) - 8);
        }"""),
    "q4_1": ("""
q4_1 blocks of 32: fp16 d, fp16 m, 16 bytes of nibbles (as q4_0); x = d * q + m""", r"""
        const float d = rlx_g_half(b), m = rlx_g_half(b + 2);
        const uint8_t *c = b + 4;
        #pragma omp simd
        for (int i = 0; i < 16; i++) {
            out[e + i] = d * (float)(c[i] & 15) + m;
            out[e + i + 16] = d * (float)(c[i] >> 4) + m;
        }"""),
    "q5_0": ("""
q5_0 blocks of 32: fp16 d, u32 of fifth bits (bit i tops element i), 16 bytes of
   nibbles (as q4_0); x = d * (q - 16)""", r"""
        const float d = rlx_g_half(b);
        uint32_t h;
        memcpy(&h, b + 2, 4);
        const uint8_t *c = b + 6;
        #pragma omp simd
        for (int i = 0; i < 16; i++) {
            const int lo = (c[i] & 15) | (int)(((h >> i) & 1) << 4);
            const int hi = (c[i] >> 4) | (int)(((h >> (i + 16)) & 1) << 4);
            out[e + i] = d * (float)(lo - 16);
            out[e + i + 16] = d * (float)(hi - 16);
        }"""),
    "q5_1": ("""
q5_1 blocks of 32: fp16 d, fp16 m, u32 of fifth bits, 16 bytes of nibbles (as
   q5_0); x = d * q + m""", r"""
        const float d = rlx_g_half(b), m = rlx_g_half(b + 2);
        uint32_t h;
        memcpy(&h, b + 4, 4);
        const uint8_t *c = b + 8;
        #pragma omp simd
        for (int i = 0; i < 16; i++) {
            const int lo = (c[i] & 15) | (int)(((h >> i) & 1) << 4);
            const int hi = (c[i] >> 4) | (int)(((h >> (i + 16)) & 1) << 4);
            out[e + i] = d * (float)lo + m;
            out[e + i + 16] = d * (float)hi + m;
        }"""),
    "q4_k": ("""
q4_k super-blocks of 256: fp16 d, fp16 dmin, 12 bytes of 6-bit scales and mins, 128
   bytes of nibbles (32-byte chunk c: sub-block 2c low nibbles, 2c + 1 high);
   x = (d * scale) * q - dmin * min per sub-block of 32""", r"""
        const float d = rlx_g_half(b), dmin = rlx_g_half(b + 2);
        for (int c = 0; c < 4; c++) {
            const uint8_t *p = b + 16 + 32 * c;
            float s0, m0, s1, m1;
            rlx_g_k_scale(b + 4, 2 * c, &s0, &m0);
            rlx_g_k_scale(b + 4, 2 * c + 1, &s1, &m1);
            const float step0 = d * s0, off0 = dmin * m0, step1 = d * s1, off1 = dmin * m1;
            float *o = out + e + 64 * c;
            #pragma omp simd
            for (int i = 0; i < 32; i++) {
                o[i] = step0 * (float)(p[i] & 15) - off0;
                o[i + 32] = step1 * (float)(p[i] >> 4) - off1;
            }
        }"""),
    "q5_k": ("""
q5_k super-blocks of 256: as q4_k with 32 bytes of fifth bits before the nibbles
   (bit s of byte i tops element i of sub-block s)""", r"""
        const float d = rlx_g_half(b), dmin = rlx_g_half(b + 2);
        const uint8_t *hb = b + 16;
        for (int c = 0; c < 4; c++) {
            const uint8_t *p = b + 48 + 32 * c;
            float s0, m0, s1, m1;
            rlx_g_k_scale(b + 4, 2 * c, &s0, &m0);
            rlx_g_k_scale(b + 4, 2 * c + 1, &s1, &m1);
            const float step0 = d * s0, off0 = dmin * m0, step1 = d * s1, off1 = dmin * m1;
            float *o = out + e + 64 * c;
            #pragma omp simd
            for (int i = 0; i < 32; i++) {
                const int lo = (p[i] & 15) | (((hb[i] >> (2 * c)) & 1) << 4);
                const int hi = (p[i] >> 4) | (((hb[i] >> (2 * c + 1)) & 1) << 4);
                o[i] = step0 * (float)lo - off0;
                o[i + 32] = step1 * (float)hi - off1;
            }
        }"""),
    "q6_k": ("""
q6_k super-blocks of 256: 128 bytes of low nibbles, 64 bytes of 2-bit highs, 16 int8
   scales (one per 16 elements), fp16 d. Half h (128 elements) uses low bytes L =
   128-byte part 64h.. and high bytes H = 32h..; its groups of 32 are the low nibbles
   of L[0:32], L[32:64], then their high nibbles, topped by bits (2g, 2g + 1) of H;
   x = (d * scale) * (q - 32)""", r"""
        const float d = rlx_g_half(b + 208);
        const int8_t *scales = (const int8_t *)(b + 192);
        for (int half = 0; half < 2; half++) {
            const uint8_t *lo = b + 64 * half, *hi = b + 128 + 32 * half;
            float *o = out + e + 128 * half;
            const int8_t *s = scales + 8 * half;
            for (int g = 0; g < 4; g++) {
                const uint8_t *l = lo + 32 * (g & 1);
                const int shift = g >> 1 ? 4 : 0;
                const float step0 = d * (float)s[2 * g], step1 = d * (float)s[2 * g + 1];
                #pragma omp simd
                for (int i = 0; i < 16; i++) {
                    const int v0 = ((l[i] >> shift) & 15) | (((hi[i] >> (2 * g)) & 3) << 4);
                    const int v1 = ((l[i + 16] >> shift) & 15)
                                   | (((hi[i + 16] >> (2 * g)) & 3) << 4);
                    o[32 * g + i] = step0 * (float)(v0 - 32);
                    o[32 * g + i + 16] = step1 * (float)(v1 - 32);
                }
            }
        }"""),
}

DECODERS = {fmt: DECODER_TEMPLATE.format(fmt=fmt, block=BLOCK_FORMATS[fmt][0],
                                         size=BLOCK_FORMATS[fmt][1], doc=doc.strip(),
                                         body=body)
            for fmt, (doc, body) in DECODER_BODIES.items()}
"""Segment decoder of each GGML format, named ``rlx_dq_<format>``."""

K_FORMATS = frozenset({"q4_k", "q5_k"})
"""Formats whose decoders use :data:`K_SCALES`."""

WIDE = r"""
#if defined(__AVX512F__)
#include <immintrin.h>
/* GGML blocks: the low / high nibbles of 16 bytes as 16 int32 lanes */
static inline __m512i rlx_g_lo16(__m128i b) {
    return _mm512_cvtepu8_epi32(_mm_and_si128(b, _mm_set1_epi8(15)));
}
static inline __m512i rlx_g_hi16(__m128i b) {
    return _mm512_cvtepu8_epi32(_mm_and_si128(_mm_srli_epi16(b, 4), _mm_set1_epi8(15)));
}
static inline __m128i rlx_g_load16(const uint8_t *p) {
    return _mm_loadu_si128((const __m128i *)p);
}
/* fetch the bytes RLX_G_AHEAD past p into the cache: rows of W lie one after another,
   so this runs a few rows ahead of the groups being read (measured streaming a
   262144 x 640 q8_0 weight on one core: 41 ms without, 23 ms 256 bytes ahead, 17 ms
   4096 bytes ahead); past the end of W it is harmless (prefetches never fault) */
#define RLX_G_AHEAD 4096
static inline void rlx_g_prefetch(const uint8_t *p) {
    _mm_prefetch((const char *)(p + RLX_G_AHEAD), _MM_HINT_T0);
}
/* (h >> shift) & mask, moved to bit 4: the high bits of 5- and 6-bit codes */
static inline __m512i rlx_g_top(__m512i h, __m512i shift, __m512i mask) {
    return _mm512_slli_epi32(_mm512_and_si512(_mm512_srlv_epi32(h, shift), mask), 4);
}
#endif
"""

GEMV_TEMPLATE = r"""
/* {fmt}: y[j] = (row j of W) . x for the {rows} rows of blocks at q, q + row_bytes, ...
   (k / {block} blocks each). With AVX-512 the blocks are decoded in registers, 16
   values at a time, into multiply-adds, the rows side by side so that each piece of x
   is loaded once for all and several rows stream at once; elsewhere each row is
   decoded a segment at a time into a buffer. Each row's f32 sums run in an order that
   depends on k alone (not on how rows are grouped). Not inlined: one copy serves every
   kernel of the format (the generated file compiles faster). */
static __attribute__((noinline)) void rlx_gv{rows}_{fmt}(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t k,
        float *restrict y) {{
#if defined(__AVX512F__)
    __m512 acc0[{rows}], acc1[{rows}];
    for (int j = 0; j < {rows}; j++) acc0[j] = acc1[j] = _mm512_setzero_ps();
{wide}
    for (int j = 0; j < {rows}; j++) y[j] = _mm512_reduce_add_ps(_mm512_add_ps(acc0[j], acc1[j]));
#else
    for (int j = 0; j < {rows}; j++) {{
        float buf[{segment}] __attribute__((aligned(64)));
        float part[32] __attribute__((aligned(64))) = {{0}};
        for (int64_t c0 = 0; c0 < k; c0 += {segment}) {{
            const int64_t len = k - c0 < {segment} ? k - c0 : {segment};
            rlx_dq_{fmt}(q + j * row_bytes, NULL, c0, len, buf);
            rlx_q_dot_acc(x + c0, buf, len, part);
        }}
        y[j] = rlx_q_sum32(part);
    }}
#endif
}}
"""

BLOCK32_GEMV = r"""{setup}
    for (int64_t e = 0, o = 0; e < k; e += 32, o += {bytes}) {{
        const __m512 x0 = _mm512_loadu_ps(x + e), x1 = _mm512_loadu_ps(x + e + 16);
        for (int j = 0; j < ROWS; j++) {{
            const uint8_t *b = q + j * row_bytes + o;
            rlx_g_prefetch(b);
            const __m512 d = _mm512_set1_ps(rlx_g_half(b));{decode}
            acc0[j] = _mm512_fmadd_ps(w0, x0, acc0[j]);
            acc1[j] = _mm512_fmadd_ps(w1, x1, acc1[j]);
        }}
    }}"""
"""The AVX-512 loop over ``ROWS`` rows for the formats of 32-value blocks: ``{decode}``
turns the block at ``b`` (scale ``d`` loaded) into its 32 weights ``w0``, ``w1``."""

BLOCK32_DECODE = {
    # format: (statements before the loop, decoding of the block at b)
    "q8_0": ("", r"""
            const __m512 w0 = _mm512_mul_ps(
                _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(rlx_g_load16(b + 2))), d);
            const __m512 w1 = _mm512_mul_ps(
                _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(rlx_g_load16(b + 18))), d);"""),
    "q4_0": ("\n    const __m512i eight = _mm512_set1_epi32(8);", r"""
            const __m128i c = rlx_g_load16(b + 2);
            const __m512 w0 = _mm512_mul_ps(
                _mm512_cvtepi32_ps(_mm512_sub_epi32(rlx_g_lo16(c), eight)), d);
            const __m512 w1 = _mm512_mul_ps(
                _mm512_cvtepi32_ps(_mm512_sub_epi32(rlx_g_hi16(c), eight)), d);"""),
    "q4_1": ("", r"""
            const __m512 m = _mm512_set1_ps(rlx_g_half(b + 2));
            const __m128i c = rlx_g_load16(b + 4);
            /* d * q is exact, so one fused d * q + m rounds as GGML's two operations */
            const __m512 w0 = _mm512_fmadd_ps(_mm512_cvtepi32_ps(rlx_g_lo16(c)), d, m);
            const __m512 w1 = _mm512_fmadd_ps(_mm512_cvtepi32_ps(rlx_g_hi16(c)), d, m);"""),
    "q5_0": ("\n    const __m512i sixteen = _mm512_set1_epi32(16);", r"""
            uint32_t h;
            memcpy(&h, b + 2, 4);
            const __m128i c = rlx_g_load16(b + 6);
            __m512i q0 = rlx_g_lo16(c), q1 = rlx_g_hi16(c);
            q0 = _mm512_mask_or_epi32(q0, (__mmask16)(h & 0xFFFF), q0, sixteen);
            q1 = _mm512_mask_or_epi32(q1, (__mmask16)(h >> 16), q1, sixteen);
            const __m512 w0 = _mm512_mul_ps(
                _mm512_cvtepi32_ps(_mm512_sub_epi32(q0, sixteen)), d);
            const __m512 w1 = _mm512_mul_ps(
                _mm512_cvtepi32_ps(_mm512_sub_epi32(q1, sixteen)), d);"""),
    "q5_1": ("\n    const __m512i sixteen = _mm512_set1_epi32(16);", r"""
            const __m512 m = _mm512_set1_ps(rlx_g_half(b + 2));
            uint32_t h;
            memcpy(&h, b + 4, 4);
            const __m128i c = rlx_g_load16(b + 8);
            __m512i q0 = rlx_g_lo16(c), q1 = rlx_g_hi16(c);
            q0 = _mm512_mask_or_epi32(q0, (__mmask16)(h & 0xFFFF), q0, sixteen);
            q1 = _mm512_mask_or_epi32(q1, (__mmask16)(h >> 16), q1, sixteen);
            const __m512 w0 = _mm512_fmadd_ps(_mm512_cvtepi32_ps(q0), d, m);
            const __m512 w1 = _mm512_fmadd_ps(_mm512_cvtepi32_ps(q1), d, m);"""),
}
"""Each 32-value block format's part of :data:`BLOCK32_GEMV`."""

GEMV_BODIES = {
    **{fmt: BLOCK32_GEMV.format(bytes=BLOCK_FORMATS[fmt][1], setup=setup, decode=decode)
       for fmt, (setup, decode) in BLOCK32_DECODE.items()},
    "q4_k": r"""
    for (int64_t e = 0, o = 0; e < k; e += 256, o += 144) {
        for (int c = 0; c < 4; c++) {
            const float *xs = x + e + 64 * c;
            const __m512 x0 = _mm512_loadu_ps(xs), x1 = _mm512_loadu_ps(xs + 16);
            const __m512 x2 = _mm512_loadu_ps(xs + 32), x3 = _mm512_loadu_ps(xs + 48);
            for (int j = 0; j < ROWS; j++) {
                const uint8_t *b = q + j * row_bytes + o;
                const uint8_t *p = b + 16 + 32 * c;
                rlx_g_prefetch(b + 48 * c);
                const float d = rlx_g_half(b), dmin = rlx_g_half(b + 2);
                float s0, m0, s1, m1;
                rlx_g_k_scale(b + 4, 2 * c, &s0, &m0);
                rlx_g_k_scale(b + 4, 2 * c + 1, &s1, &m1);
                /* (d * scale) * q is exact: one fused multiply-subtract rounds as GGML */
                const __m512 st0 = _mm512_set1_ps(d * s0), of0 = _mm512_set1_ps(dmin * m0);
                const __m512 st1 = _mm512_set1_ps(d * s1), of1 = _mm512_set1_ps(dmin * m1);
                const __m128i ca = rlx_g_load16(p), cb = rlx_g_load16(p + 16);
                const __m512 w0 = _mm512_fmsub_ps(_mm512_cvtepi32_ps(rlx_g_lo16(ca)), st0, of0);
                const __m512 w1 = _mm512_fmsub_ps(_mm512_cvtepi32_ps(rlx_g_lo16(cb)), st0, of0);
                const __m512 w2 = _mm512_fmsub_ps(_mm512_cvtepi32_ps(rlx_g_hi16(ca)), st1, of1);
                const __m512 w3 = _mm512_fmsub_ps(_mm512_cvtepi32_ps(rlx_g_hi16(cb)), st1, of1);
                acc0[j] = _mm512_fmadd_ps(w0, x0, acc0[j]);
                acc1[j] = _mm512_fmadd_ps(w1, x1, acc1[j]);
                acc0[j] = _mm512_fmadd_ps(w2, x2, acc0[j]);
                acc1[j] = _mm512_fmadd_ps(w3, x3, acc1[j]);
            }
        }
    }""",
    "q5_k": r"""
    const __m512i one = _mm512_set1_epi32(1);
    for (int64_t e = 0, o = 0; e < k; e += 256, o += 176) {
        for (int c = 0; c < 4; c++) {
            const float *xs = x + e + 64 * c;
            const __m512 x0 = _mm512_loadu_ps(xs), x1 = _mm512_loadu_ps(xs + 16);
            const __m512 x2 = _mm512_loadu_ps(xs + 32), x3 = _mm512_loadu_ps(xs + 48);
            const __m512i sh0 = _mm512_set1_epi32(2 * c), sh1 = _mm512_set1_epi32(2 * c + 1);
            for (int j = 0; j < ROWS; j++) {
                const uint8_t *b = q + j * row_bytes + o;
                const uint8_t *p = b + 48 + 32 * c;
                rlx_g_prefetch(b + 48 * c);
                const float d = rlx_g_half(b), dmin = rlx_g_half(b + 2);
                const __m512i ha = _mm512_cvtepu8_epi32(rlx_g_load16(b + 16));
                const __m512i hb = _mm512_cvtepu8_epi32(rlx_g_load16(b + 32));
                float s0, m0, s1, m1;
                rlx_g_k_scale(b + 4, 2 * c, &s0, &m0);
                rlx_g_k_scale(b + 4, 2 * c + 1, &s1, &m1);
                const __m512 st0 = _mm512_set1_ps(d * s0), of0 = _mm512_set1_ps(dmin * m0);
                const __m512 st1 = _mm512_set1_ps(d * s1), of1 = _mm512_set1_ps(dmin * m1);
                const __m128i ca = rlx_g_load16(p), cb = rlx_g_load16(p + 16);
                const __m512i t0 = rlx_g_top(ha, sh0, one), t1 = rlx_g_top(hb, sh0, one);
                const __m512i t2 = rlx_g_top(ha, sh1, one), t3 = rlx_g_top(hb, sh1, one);
                const __m512 q0 = _mm512_cvtepi32_ps(_mm512_or_si512(rlx_g_lo16(ca), t0));
                const __m512 q1 = _mm512_cvtepi32_ps(_mm512_or_si512(rlx_g_lo16(cb), t1));
                const __m512 q2 = _mm512_cvtepi32_ps(_mm512_or_si512(rlx_g_hi16(ca), t2));
                const __m512 q3 = _mm512_cvtepi32_ps(_mm512_or_si512(rlx_g_hi16(cb), t3));
                acc0[j] = _mm512_fmadd_ps(_mm512_fmsub_ps(q0, st0, of0), x0, acc0[j]);
                acc1[j] = _mm512_fmadd_ps(_mm512_fmsub_ps(q1, st0, of0), x1, acc1[j]);
                acc0[j] = _mm512_fmadd_ps(_mm512_fmsub_ps(q2, st1, of1), x2, acc0[j]);
                acc1[j] = _mm512_fmadd_ps(_mm512_fmsub_ps(q3, st1, of1), x3, acc1[j]);
            }
        }
    }""",
    "q6_k": r"""
    const __m512i three = _mm512_set1_epi32(3), bias = _mm512_set1_epi32(32);
    for (int64_t e = 0, o = 0; e < k; e += 256, o += 210) {
        for (int half = 0; half < 2; half++) {
            for (int g = 0; g < 4; g++) {
                const float *xs = x + e + 128 * half + 32 * g;
                const __m512 x0 = _mm512_loadu_ps(xs), x1 = _mm512_loadu_ps(xs + 16);
                const __m512i sh = _mm512_set1_epi32(2 * g);
                for (int j = 0; j < ROWS; j++) {
                    const uint8_t *b = q + j * row_bytes + o;
                    const uint8_t *lo = b + 64 * half + 32 * (g & 1);
                    rlx_g_prefetch(b + 32 * (4 * half + g));
                    const __m512i ha = _mm512_cvtepu8_epi32(rlx_g_load16(b + 128 + 32 * half));
                    const __m512i hb = _mm512_cvtepu8_epi32(rlx_g_load16(b + 144 + 32 * half));
                    const __m128i la = rlx_g_load16(lo), lb = rlx_g_load16(lo + 16);
                    const __m512i ua = g >> 1 ? rlx_g_hi16(la) : rlx_g_lo16(la);
                    const __m512i ub = g >> 1 ? rlx_g_hi16(lb) : rlx_g_lo16(lb);
                    const __m512i ta = rlx_g_top(ha, sh, three), tb = rlx_g_top(hb, sh, three);
                    const __m512i ia = _mm512_sub_epi32(_mm512_or_si512(ua, ta), bias);
                    const __m512i ib = _mm512_sub_epi32(_mm512_or_si512(ub, tb), bias);
                    const float d = rlx_g_half(b + 208);
                    const int8_t *scales = (const int8_t *)(b + 192) + 8 * half + 2 * g;
                    const __m512 st0 = _mm512_set1_ps(d * (float)scales[0]);
                    const __m512 st1 = _mm512_set1_ps(d * (float)scales[1]);
                    const __m512 wa = _mm512_mul_ps(_mm512_cvtepi32_ps(ia), st0);
                    const __m512 wb = _mm512_mul_ps(_mm512_cvtepi32_ps(ib), st1);
                    acc0[j] = _mm512_fmadd_ps(wa, x0, acc0[j]);
                    acc1[j] = _mm512_fmadd_ps(wb, x1, acc1[j]);
                }
            }
        }
    }""",
}
"""The AVX-512 loop of each format's :data:`GEMV_TEMPLATE` over ``ROWS`` rows
(``acc0[j]`` / ``acc1[j]`` the sums of row j)."""

GEMV_ROWS = 4
"""Rows of W one call of the wide kernel streams side by side."""


def gemv(fmt: str, block: int, segment: int, rows: int) -> str:
    """``rlx_gv<rows>_<fmt>(q, row_bytes, x, k, y)``: ``rows`` rows of format ``fmt``
    dotted with x (see :data:`GEMV_TEMPLATE`)."""
    wide = GEMV_BODIES[fmt].replace("ROWS", str(rows))
    return GEMV_TEMPLATE.format(fmt=fmt, block=block, segment=segment, rows=rows, wide=wide)


ROWS_TEMPLATE = r"""
/* {fmt}: y[m * n] = (the weight row at qr) . x[m] for the rows m of x [rows, k]: each
   segment of the row is decoded once for up to {row_block} rows of x. Not inlined (one
   copy for every kernel of the format). */
static __attribute__((noinline)) void rlx_gm_{fmt}(
        const uint8_t *restrict qr, const float *restrict x, int64_t rows, int64_t k,
        int64_t n, float *restrict y) {{
    float buf[{segment}] __attribute__((aligned(64)));
    float part[{row_block}][32] __attribute__((aligned(64)));
    for (int64_t m0 = 0; m0 < rows; m0 += {row_block}) {{
        const int64_t mn = rows - m0 < {row_block} ? rows - m0 : {row_block};
        memset(part, 0, sizeof part);
        for (int64_t c0 = 0; c0 < k; c0 += {segment}) {{
            const int64_t len = k - c0 < {segment} ? k - c0 : {segment};
            rlx_dq_{fmt}(qr, NULL, c0, len, buf);
            for (int64_t m = 0; m < mn; m++)
                rlx_q_dot_acc(x + (m0 + m) * k + c0, buf, len, part[m]);
        }}
        for (int64_t m = 0; m < mn; m++)
            y[(m0 + m) * n] = rlx_q_sum32(part[m]);
    }}
}}
"""


def rows_product(fmt: str, segment: int, row_block: int) -> str:
    """``rlx_gm_<fmt>(qr, x, rows, k, n, y)``: one weight row of format ``fmt`` dotted
    with every row of x (see :data:`ROWS_TEMPLATE`)."""
    return ROWS_TEMPLATE.format(fmt=fmt, segment=segment, row_block=row_block)


TILE_TEMPLATE = r"""
/* {fmt}: y[m * n + u] = (weight row u at q + u * row_bytes) . x[m] for the {tile} rows
   u of W and every row m of x [rows, k]: the rows of W are decoded once into w
   ({tile} * k floats), then multiplied with x in register tiles of {tile} rows of x by
   {tile} rows of W (AVX-512) or row by row. Each output's f32 sums run in an order
   that depends on k alone. Not inlined (one copy for every kernel of the format). */
static __attribute__((noinline)) void rlx_gt_{fmt}(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t rows,
        int64_t k, int64_t n, float *restrict y, float *restrict w) {{
    for (int u = 0; u < {tile}; u++) rlx_dq_{fmt}(q + u * row_bytes, NULL, 0, k, w + u * k);
    int64_t m = 0;
#if defined(__AVX512F__)
    for (; m + {tile} <= rows; m += {tile}) {{
        __m512 acc[{tile}][{tile}];
        for (int t = 0; t < {tile}; t++)
            for (int u = 0; u < {tile}; u++) acc[t][u] = _mm512_setzero_ps();
        for (int64_t i = 0; i < k; i += 16) {{
            __m512 xv[{tile}], wv[{tile}];
            for (int t = 0; t < {tile}; t++) xv[t] = _mm512_loadu_ps(x + (m + t) * k + i);
            for (int u = 0; u < {tile}; u++) wv[u] = _mm512_loadu_ps(w + u * k + i);
            for (int t = 0; t < {tile}; t++)
                for (int u = 0; u < {tile}; u++)
                    acc[t][u] = _mm512_fmadd_ps(xv[t], wv[u], acc[t][u]);
        }}
        for (int t = 0; t < {tile}; t++)
            for (int u = 0; u < {tile}; u++)
                y[(m + t) * n + u] = _mm512_reduce_add_ps(acc[t][u]);
    }}
    for (; m < rows; m++) {{
        for (int u = 0; u < {tile}; u++) {{
            __m512 acc = _mm512_setzero_ps();
            for (int64_t i = 0; i < k; i += 16)
                acc = _mm512_fmadd_ps(_mm512_loadu_ps(x + m * k + i),
                                      _mm512_loadu_ps(w + u * k + i), acc);
            y[m * n + u] = _mm512_reduce_add_ps(acc);
        }}
    }}
#else
    for (; m < rows; m++) {{
        for (int u = 0; u < {tile}; u++) {{
            float part[32] __attribute__((aligned(64))) = {{0}};
            rlx_q_dot_acc(x + m * k, w + u * k, k, part);
            y[m * n + u] = rlx_q_sum32(part);
        }}
    }}
#endif
}}
"""

TILE = 4
"""Rows of W decoded together (and rows of x per register tile) by :func:`tiled_product`."""
TILE_MAX_K = 4096
"""The longest rows :func:`tiled_product` decodes whole (TILE * k floats on the stack)."""


def tiled_product(fmt: str) -> str:
    """``rlx_gt_<fmt>(q, row_bytes, x, rows, k, n, y, w)``: TILE rows of W of format
    ``fmt`` times every row of x (see :data:`TILE_TEMPLATE`)."""
    return TILE_TEMPLATE.format(fmt=fmt, tile=TILE)
