/* codegen_replay: main program of graph 'op_grouped_matmul' */
/* rlx: generated from graph 'op_grouped_matmul', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


#include <stdio.h>

static inline float rlx_moe_dot(const float *restrict a, const float *restrict b,
                                int64_t n) {
    float s[16] = {0};
    int64_t i = 0;
    for (; i + 16 <= n; i += 16)
        for (int l = 0; l < 16; l++) s[l] += a[i + l] * b[i + l];
    for (int l = 0; i < n; i++, l++) s[l] += a[i] * b[i];
    for (int h = 8; h >= 1; h /= 2)
        for (int l = 0; l < h; l++) s[l] += s[l + h];
    return s[0];
}


/* dequant_matmul: part[j] += a[i] * b[i] for i = j (mod 32), i < n: vectorised f32
   partial sums in an order fixed by n alone */
static inline void rlx_q_dot_acc(const float *restrict a, const float *restrict b, int64_t n,
                                 float *restrict part) {
    int64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        #pragma omp simd
        for (int64_t j = 0; j < 32; j++) part[j] = RLX_FMAF(a[i + j], b[i + j], part[j]);
    }
    for (int64_t j = 0; i + j < n; j++) part[j] = RLX_FMAF(a[i + j], b[i + j], part[j]);
}
static inline float rlx_q_sum32(const float *part) {
    float s = 0.0f;
    for (int j = 0; j < 32; j++) s += part[j];
    return s;
}



#if defined(__F16C__)
#include <immintrin.h>
#endif
/* dequant_matmul: an f16 scale as a float. F16C's conversion where the compiler has
   it: the _Float16 cast can compile to an AVX512-FP16 instruction whose false
   dependency on its destination serialised the block loop (measured 2x slower) */
static inline float rlx_q_f16(uint16_t h) {
#if defined(__F16C__)
    return _cvtsh_ss(h);
#else
    return rlx_h2f(h);
#endif
}



/* GGML blocks: the fp16 field at p (any alignment) as a float. F16C's or aarch64's
   conversion; elsewhere exact integer steps (gcc's _Float16 conversion is a library
   call on x86-64 without F16C): the magnitude's bits moved to an f32's place and
   scaled by 2^112 (fp16 subnormals land on f32 subnormals, scaled exactly), or
   given the all-ones exponent for inf and nan */
static inline float rlx_g_half(const uint8_t *p) {
    uint16_t h;
    memcpy(&h, p, 2);
#if defined(__F16C__) || defined(__aarch64__)
    return rlx_q_f16(h);
#else
    uint32_t u = (uint32_t)(h & 0x7fff) << 13;
    float f;
    if ((h & 0x7c00) == 0x7c00) {
        u |= 0x7f800000u;
        memcpy(&f, &u, 4);
    } else {
        memcpy(&f, &u, 4);
        f *= 0x1p112f;
    }
    return h & 0x8000 ? -f : f;
#endif
}



/* dequant_matmul on the prelude's vectors */
#if defined(__SSE2__) && !defined(__AVX2__)
#include <emmintrin.h>
#endif
/* the RLX_VW bytes at p as int32 lanes, unsigned / signed: vpmovzxbd / vpmovsxbd, two
   NEON widenings, SSE2 unpacks. gcc 12 compiles __builtin_convertvector from a vector
   of RLX_VW bytes to byte loads and lane inserts on every target, hence the
   intrinsics */
RLX_INLINE rlx_vi rlx_q_u8(const uint8_t *p) {
#if defined(__AVX512F__)
    return (rlx_vi)_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)p));
#elif defined(__AVX2__) && defined(__FMA__)
    return (rlx_vi)_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p));
#elif defined(__ARM_NEON) || defined(__aarch64__)
    uint32_t u;
    memcpy(&u, p, 4);
    return (rlx_vi)vmovl_u16(vget_low_u16(vmovl_u8(vcreate_u8(u))));
#elif defined(__SSE2__)
    int32_t u;
    memcpy(&u, p, 4);
    const __m128i z = _mm_setzero_si128();
    return (rlx_vi)_mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(u), z), z);
#else
    rlx_vi v;
    for (int l = 0; l < RLX_VW; l++) v[l] = p[l];
    return v;
#endif
}
RLX_INLINE rlx_vi rlx_q_s8(const uint8_t *p) {
#if defined(__AVX512F__)
    return (rlx_vi)_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)p));
#elif defined(__AVX2__) && defined(__FMA__)
    return (rlx_vi)_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)p));
#elif defined(__ARM_NEON) || defined(__aarch64__)
    uint32_t u;
    memcpy(&u, p, 4);
    return (rlx_vi)vmovl_s16(vget_low_s16(vmovl_s8(vreinterpret_s8_u32(vcreate_u32(u)))));
#elif defined(__SSE2__)
    int32_t u;
    memcpy(&u, p, 4);
    const __m128i b = _mm_cvtsi32_si128(u), bb = _mm_unpacklo_epi8(b, b);
    return (rlx_vi)_mm_srai_epi32(_mm_unpacklo_epi16(bb, bb), 24);
#else
    rlx_vi v;
    for (int l = 0; l < RLX_VW; l++) v[l] = (int8_t)p[l];
    return v;
#endif
}



/* GGML blocks on the prelude's vectors. A group is 32 values: RLX_G_NC vectors. A
   row's dot product keeps 16 partial sums (element i in sum i mod 16): RLX_G_NA
   vectors. */
#define RLX_G_NC (32 / RLX_VW)
#define RLX_G_NA (16 / RLX_VW)
/* rows of W the decode kernel streams side by side: as many as keep its sums
   (RLX_G_NA vectors a row) in registers with room to decode, and enough independent
   chains of multiply-adds (a row's sums are 2 to 4 multiply-adds deep per group) */
#if RLX_VW >= 8 || defined(__ARM_NEON) || defined(__aarch64__)
#define RLX_G_RP 4
#else
#define RLX_G_RP 2
#endif
/* sums (rows of W times rows of x) the decode kernel keeps at once: with 32 vector
   registers (AVX-512) 16, so that each piece of x loaded feeds several rows of W as
   each decoded piece of W feeds several rows of x; elsewhere RLX_G_RP */
#if RLX_VW >= 16
#define RLX_G_SUMS 16
#else
#define RLX_G_SUMS RLX_G_RP
#endif
/* the fp16 field at p, and the pair at p (first, second), in every lane. F16C's
   conversion of a broadcast field (or pair) where the compiler has AVX2 or AVX-512:
   fewer instructions than a scalar conversion and a broadcast per field */
RLX_INLINE rlx_vf rlx_g_half1v(const uint8_t *p) {
#if defined(__AVX512F__)
    uint16_t h;
    memcpy(&h, p, 2);
    return (rlx_vf)_mm512_cvtph_ps(_mm256_set1_epi16((short)h));
#elif defined(__AVX2__) && defined(__FMA__)
    uint16_t h;
    memcpy(&h, p, 2);
    return (rlx_vf)_mm256_cvtph_ps(_mm_set1_epi16((short)h));
#else
    return rlx_v_set1(rlx_g_half(p));
#endif
}
RLX_INLINE void rlx_g_half2v(const uint8_t *p, rlx_vf *a, rlx_vf *b) {
#if defined(__AVX512F__)
    uint32_t u;
    memcpy(&u, p, 4);
    const __m512 v = _mm512_cvtph_ps(_mm256_set1_epi32((int)u));
    *a = (rlx_vf)_mm512_permute_ps(v, 0x00);
    *b = (rlx_vf)_mm512_permute_ps(v, 0x55);
#elif defined(__AVX2__) && defined(__FMA__)
    uint32_t u;
    memcpy(&u, p, 4);
    const __m256 v = _mm256_cvtph_ps(_mm_set1_epi32((int)u));
    *a = (rlx_vf)_mm256_permute_ps(v, 0x00);
    *b = (rlx_vf)_mm256_permute_ps(v, 0x55);
#else
    *a = rlx_v_set1(rlx_g_half(p));
    *b = rlx_v_set1(rlx_g_half(p + 2));
#endif
}
RLX_INLINE rlx_vf rlx_g_f(rlx_vi v) { return __builtin_convertvector(v, rlx_vf); }
/* values i .. i + RLX_VW - 1 of a group whose element e is the low nibble of byte e
   (e < 16) or the high nibble of byte e - 16 of the 16 bytes at p */
RLX_INLINE rlx_vi rlx_g_nib(const uint8_t *p, int i) {
    const rlx_vi z = rlx_q_u8(p + (i & 15));
    return i < 16 ? z & 15 : z >> 4;
}
/* 16 in lane l where bit i + l of h is set, else 0 (the fifth bits of q5_0 / q5_1; hv
   holds h in every lane) */
RLX_INLINE rlx_vi rlx_g_bit4(rlx_vi hv, int i) {
    return ~((hv & ((rlx_vi){0} + 1) << (rlx_v_iota() + i)) == 0) & 16;
}
/* the decode kernel fetches the bytes of the rows RLX_G_AHEAD passes of RLX_G_RP rows
   ahead into the cache (prefetches never fault, past the end of W too) */
#define RLX_G_AHEAD 3
/* the sum of a row's 16 partial sums: lanes l and l + 8 added, then l and l + 4, l and
   l + 2, l and l + 1, whatever RLX_VW is */
RLX_INLINE float rlx_g_fold(const rlx_vf *acc) {
#if RLX_G_NA == 4
    const rlx_vf v = (acc[0] + acc[2]) + (acc[1] + acc[3]);
#elif RLX_G_NA == 2
    const rlx_vf v = acc[0] + acc[1];
#else
    const rlx_vf v = acc[0];
#endif
    return rlx_v_sum(v);
}



/* q8_0 blocks of 32: fp16 d, 32 int8 codes; x = d * q */
RLX_INLINE void rlx_g_grp_q8_0(const uint8_t *restrict b, int g, rlx_vf *restrict w) {
    const rlx_vf d = rlx_g_half1v(b);
    (void)g;
    #pragma GCC unroll 8
    for (int c = 0; c < RLX_G_NC; c++) {
        const int i = c * RLX_VW;
        w[c] = rlx_g_f(rlx_q_s8(b + 2 + i)) * d;
    }
}



/* q8_0: elements c0 .. c0 + len - 1 (whole blocks) of the row at q as floats */
static __attribute__((noinline)) void rlx_dq_q8_0(
        const uint8_t *restrict q, const void *sc, int64_t c0, int64_t len,
        float *restrict out) {
    const uint8_t *b = q + (c0 / 32) * 34;
    (void)sc;
    for (int64_t e = 0; e < len; e += 32, b += 34)
        for (int g = 0; g < 1; g++) {
            rlx_vf w[RLX_G_NC];
            rlx_g_grp_q8_0(b, g, w);
            #pragma GCC unroll 8
            for (int c = 0; c < RLX_G_NC; c++) rlx_v_store(out + e + 32 * g + c * RLX_VW, w[c]);
        }
}



/* GGML prefill: rows of x packed as panels of RLX_G_NX rows, k-major */
#define RLX_G_NX (RLX_SUB_NV * RLX_VW)
#define RLX_G_KC 1024
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
#if RLX_SUB_MR >= 12
        if (mr >= 12) take = 12; else
#endif
#if RLX_SUB_MR >= 8
        if (mr >= 8) take = 8; else
#endif
#if RLX_SUB_MR >= 6
        if (mr >= 6) take = 6; else
#endif
        if (mr >= 4) take = 4; else
        if (mr >= 2) take = 2; else
        take = 1;
        switch (take) {
#if RLX_SUB_MR >= 12
        case 12: rlx_g_tile(w, ws, 12, xp, kn, first, m0, rows, y, n); break;
#endif
#if RLX_SUB_MR >= 8
        case 8: rlx_g_tile(w, ws, 8, xp, kn, first, m0, rows, y, n); break;
#endif
#if RLX_SUB_MR >= 6
        case 6: rlx_g_tile(w, ws, 6, xp, kn, first, m0, rows, y, n); break;
#endif
        case 4: rlx_g_tile(w, ws, 4, xp, kn, first, m0, rows, y, n); break;
        case 2: rlx_g_tile(w, ws, 2, xp, kn, first, m0, rows, y, n); break;
        case 1: rlx_g_tile(w, ws, 1, xp, kn, first, m0, rows, y, n); break;
        }
        w += take * ws;
        y += take;
        mr -= take;
    }
}



/* q8_0: y[m * n + u] = (weight row u at q + u * row_bytes) . x[m] for the nw rows u
   of W (nw <= 12) and every row m of x, packed in xt (rlx_g_pack_x): the rows of
   W decoded RLX_G_KC elements at a time into w, then multiplied with x in register
   tiles */
static __attribute__((noinline)) void rlx_gt_q8_0(
        const uint8_t *restrict q, int64_t row_bytes, int64_t nw, const float *restrict xt,
        int64_t rows, int64_t k, int64_t n, float *restrict y) {
    float w[12 * RLX_G_KC] __attribute__((aligned(64)));
    for (int64_t k0 = 0; k0 < k; k0 += RLX_G_KC) {
        const int64_t kn = k - k0 < RLX_G_KC ? k - k0 : RLX_G_KC;
        for (int64_t u = 0; u < nw; u++)
            rlx_dq_q8_0(q + u * row_bytes, NULL, k0, kn, w + u * RLX_G_KC);
        for (int64_t u0 = 0; u0 < nw; u0 += RLX_SUB_MR) {
            const int mr = nw - u0 < RLX_SUB_MR ? (int)(nw - u0) : RLX_SUB_MR;
            for (int64_t m0 = 0; m0 < rows; m0 += RLX_G_NX)
                rlx_g_tiles(w + u0 * RLX_G_KC, RLX_G_KC, mr, xt + m0 * k + k0 * RLX_G_NX, kn,
                            k0 == 0, m0, rows, y + u0, n);
        }
    }
}



/* q8_0: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 4 rows of x [4, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x4_q8_0(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t k,
        float *restrict y, int64_t n) {
    /* rows of W side by side: the most whose sums fit RLX_G_SUMS, a power of 2 (so a
       divisor of 4: 3 rows by 5 of x would run past the call's rows) */
    enum { RP_SUMS = RLX_G_SUMS / 4 < 1 ? 1 : RLX_G_SUMS / 4,
           RP_FIT = RP_SUMS < 4 ? RP_SUMS : 4,
           RP = RP_FIT >= 16 ? 16 : RP_FIT >= 8 ? 8 : RP_FIT >= 4 ? 4 : RP_FIT >= 2 ? 2 : 1 };
    _Static_assert(4 % RP == 0, "rows of W in whole passes");
    for (int j0 = 0; j0 < 4; j0 += RP) {
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_vf acc[RP][4][RLX_G_NA];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 16
            for (int m = 0; m < 4; m++)
                for (int a = 0; a < RLX_G_NA; a++) acc[j][m][a] = rlx_v_zero();
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 34) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q8_0(b, g, w);
                    #pragma GCC unroll 16
                    for (int m = 0; m < 4; m++)
                        #pragma GCC unroll 8
                        for (int c = 0; c < RLX_G_NC; c++)
                            acc[j][m][c % RLX_G_NA] = rlx_v_fma(
                                w[c], rlx_v_load(xs + m * k + c * RLX_VW),
                                acc[j][m][c % RLX_G_NA]);
                }
            }
        }
        for (int m = 0; m < 4; m++)
            for (int j = 0; j < RP; j++) y[m * n + j0 + j] = rlx_g_fold(acc[j][m]);
    }
}



#if RLX_VW >= 16

/* q8_0: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 8 rows of x [8, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x8_q8_0_wide(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t k,
        float *restrict y, int64_t n) {
    /* rows of W side by side: the most whose sums fit RLX_G_SUMS, a power of 2 (so a
       divisor of 4: 3 rows by 5 of x would run past the call's rows) */
    enum { RP_SUMS = RLX_G_SUMS / 8 < 1 ? 1 : RLX_G_SUMS / 8,
           RP_FIT = RP_SUMS < 4 ? RP_SUMS : 4,
           RP = RP_FIT >= 16 ? 16 : RP_FIT >= 8 ? 8 : RP_FIT >= 4 ? 4 : RP_FIT >= 2 ? 2 : 1 };
    _Static_assert(4 % RP == 0, "rows of W in whole passes");
    for (int j0 = 0; j0 < 4; j0 += RP) {
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_vf acc[RP][8][RLX_G_NA];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 16
            for (int m = 0; m < 8; m++)
                for (int a = 0; a < RLX_G_NA; a++) acc[j][m][a] = rlx_v_zero();
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 34) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q8_0(b, g, w);
                    #pragma GCC unroll 16
                    for (int m = 0; m < 8; m++)
                        #pragma GCC unroll 8
                        for (int c = 0; c < RLX_G_NC; c++)
                            acc[j][m][c % RLX_G_NA] = rlx_v_fma(
                                w[c], rlx_v_load(xs + m * k + c * RLX_VW),
                                acc[j][m][c % RLX_G_NA]);
                }
            }
        }
        for (int m = 0; m < 8; m++)
            for (int j = 0; j < RP; j++) y[m * n + j0 + j] = rlx_g_fold(acc[j][m]);
    }
}

#endif
static void rlx_gv4x8_q8_0(const uint8_t *restrict q, int64_t row_bytes, const float *restrict x,
                   int64_t k, float *restrict y, int64_t n) {
#if RLX_VW >= 16
    rlx_gv4x8_q8_0_wide(q, row_bytes, x, k, y, n);
#else
    rlx_gv4x4_q8_0(q, row_bytes, x + 0 * k, k, y + 0 * n, n);
    rlx_gv4x4_q8_0(q, row_bytes, x + 4 * k, k, y + 4 * n, n);
#endif
}



/* q8_0: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 3 rows of x [3, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x3_q8_0(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t k,
        float *restrict y, int64_t n) {
    /* rows of W side by side: the most whose sums fit RLX_G_SUMS, a power of 2 (so a
       divisor of 4: 3 rows by 5 of x would run past the call's rows) */
    enum { RP_SUMS = RLX_G_SUMS / 3 < 1 ? 1 : RLX_G_SUMS / 3,
           RP_FIT = RP_SUMS < 4 ? RP_SUMS : 4,
           RP = RP_FIT >= 16 ? 16 : RP_FIT >= 8 ? 8 : RP_FIT >= 4 ? 4 : RP_FIT >= 2 ? 2 : 1 };
    _Static_assert(4 % RP == 0, "rows of W in whole passes");
    for (int j0 = 0; j0 < 4; j0 += RP) {
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_vf acc[RP][3][RLX_G_NA];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 16
            for (int m = 0; m < 3; m++)
                for (int a = 0; a < RLX_G_NA; a++) acc[j][m][a] = rlx_v_zero();
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 34) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q8_0(b, g, w);
                    #pragma GCC unroll 16
                    for (int m = 0; m < 3; m++)
                        #pragma GCC unroll 8
                        for (int c = 0; c < RLX_G_NC; c++)
                            acc[j][m][c % RLX_G_NA] = rlx_v_fma(
                                w[c], rlx_v_load(xs + m * k + c * RLX_VW),
                                acc[j][m][c % RLX_G_NA]);
                }
            }
        }
        for (int m = 0; m < 3; m++)
            for (int j = 0; j < RP; j++) y[m * n + j0 + j] = rlx_g_fold(acc[j][m]);
    }
}



#if RLX_VW >= 16

/* q8_0: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 7 rows of x [7, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x7_q8_0_wide(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t k,
        float *restrict y, int64_t n) {
    /* rows of W side by side: the most whose sums fit RLX_G_SUMS, a power of 2 (so a
       divisor of 4: 3 rows by 5 of x would run past the call's rows) */
    enum { RP_SUMS = RLX_G_SUMS / 7 < 1 ? 1 : RLX_G_SUMS / 7,
           RP_FIT = RP_SUMS < 4 ? RP_SUMS : 4,
           RP = RP_FIT >= 16 ? 16 : RP_FIT >= 8 ? 8 : RP_FIT >= 4 ? 4 : RP_FIT >= 2 ? 2 : 1 };
    _Static_assert(4 % RP == 0, "rows of W in whole passes");
    for (int j0 = 0; j0 < 4; j0 += RP) {
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_vf acc[RP][7][RLX_G_NA];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 16
            for (int m = 0; m < 7; m++)
                for (int a = 0; a < RLX_G_NA; a++) acc[j][m][a] = rlx_v_zero();
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 34) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q8_0(b, g, w);
                    #pragma GCC unroll 16
                    for (int m = 0; m < 7; m++)
                        #pragma GCC unroll 8
                        for (int c = 0; c < RLX_G_NC; c++)
                            acc[j][m][c % RLX_G_NA] = rlx_v_fma(
                                w[c], rlx_v_load(xs + m * k + c * RLX_VW),
                                acc[j][m][c % RLX_G_NA]);
                }
            }
        }
        for (int m = 0; m < 7; m++)
            for (int j = 0; j < RP; j++) y[m * n + j0 + j] = rlx_g_fold(acc[j][m]);
    }
}

#endif
static void rlx_gv4x7_q8_0(const uint8_t *restrict q, int64_t row_bytes, const float *restrict x,
                   int64_t k, float *restrict y, int64_t n) {
#if RLX_VW >= 16
    rlx_gv4x7_q8_0_wide(q, row_bytes, x, k, y, n);
#else
    rlx_gv4x4_q8_0(q, row_bytes, x + 0 * k, k, y + 0 * n, n);
    rlx_gv4x3_q8_0(q, row_bytes, x + 4 * k, k, y + 4 * n, n);
#endif
}



/* q8_0: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 2 rows of x [2, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x2_q8_0(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t k,
        float *restrict y, int64_t n) {
    /* rows of W side by side: the most whose sums fit RLX_G_SUMS, a power of 2 (so a
       divisor of 4: 3 rows by 5 of x would run past the call's rows) */
    enum { RP_SUMS = RLX_G_SUMS / 2 < 1 ? 1 : RLX_G_SUMS / 2,
           RP_FIT = RP_SUMS < 4 ? RP_SUMS : 4,
           RP = RP_FIT >= 16 ? 16 : RP_FIT >= 8 ? 8 : RP_FIT >= 4 ? 4 : RP_FIT >= 2 ? 2 : 1 };
    _Static_assert(4 % RP == 0, "rows of W in whole passes");
    for (int j0 = 0; j0 < 4; j0 += RP) {
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_vf acc[RP][2][RLX_G_NA];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 16
            for (int m = 0; m < 2; m++)
                for (int a = 0; a < RLX_G_NA; a++) acc[j][m][a] = rlx_v_zero();
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 34) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q8_0(b, g, w);
                    #pragma GCC unroll 16
                    for (int m = 0; m < 2; m++)
                        #pragma GCC unroll 8
                        for (int c = 0; c < RLX_G_NC; c++)
                            acc[j][m][c % RLX_G_NA] = rlx_v_fma(
                                w[c], rlx_v_load(xs + m * k + c * RLX_VW),
                                acc[j][m][c % RLX_G_NA]);
                }
            }
        }
        for (int m = 0; m < 2; m++)
            for (int j = 0; j < RP; j++) y[m * n + j0 + j] = rlx_g_fold(acc[j][m]);
    }
}



#if RLX_VW >= 16

/* q8_0: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 6 rows of x [6, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x6_q8_0_wide(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t k,
        float *restrict y, int64_t n) {
    /* rows of W side by side: the most whose sums fit RLX_G_SUMS, a power of 2 (so a
       divisor of 4: 3 rows by 5 of x would run past the call's rows) */
    enum { RP_SUMS = RLX_G_SUMS / 6 < 1 ? 1 : RLX_G_SUMS / 6,
           RP_FIT = RP_SUMS < 4 ? RP_SUMS : 4,
           RP = RP_FIT >= 16 ? 16 : RP_FIT >= 8 ? 8 : RP_FIT >= 4 ? 4 : RP_FIT >= 2 ? 2 : 1 };
    _Static_assert(4 % RP == 0, "rows of W in whole passes");
    for (int j0 = 0; j0 < 4; j0 += RP) {
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_vf acc[RP][6][RLX_G_NA];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 16
            for (int m = 0; m < 6; m++)
                for (int a = 0; a < RLX_G_NA; a++) acc[j][m][a] = rlx_v_zero();
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 34) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q8_0(b, g, w);
                    #pragma GCC unroll 16
                    for (int m = 0; m < 6; m++)
                        #pragma GCC unroll 8
                        for (int c = 0; c < RLX_G_NC; c++)
                            acc[j][m][c % RLX_G_NA] = rlx_v_fma(
                                w[c], rlx_v_load(xs + m * k + c * RLX_VW),
                                acc[j][m][c % RLX_G_NA]);
                }
            }
        }
        for (int m = 0; m < 6; m++)
            for (int j = 0; j < RP; j++) y[m * n + j0 + j] = rlx_g_fold(acc[j][m]);
    }
}

#endif
static void rlx_gv4x6_q8_0(const uint8_t *restrict q, int64_t row_bytes, const float *restrict x,
                   int64_t k, float *restrict y, int64_t n) {
#if RLX_VW >= 16
    rlx_gv4x6_q8_0_wide(q, row_bytes, x, k, y, n);
#else
    rlx_gv4x4_q8_0(q, row_bytes, x + 0 * k, k, y + 0 * n, n);
    rlx_gv4x2_q8_0(q, row_bytes, x + 4 * k, k, y + 4 * n, n);
#endif
}



/* q8_0: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 1 rows of x [1, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x1_q8_0(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t k,
        float *restrict y, int64_t n) {
    /* rows of W side by side: the most whose sums fit RLX_G_SUMS, a power of 2 (so a
       divisor of 4: 3 rows by 5 of x would run past the call's rows) */
    enum { RP_SUMS = RLX_G_SUMS / 1 < 1 ? 1 : RLX_G_SUMS / 1,
           RP_FIT = RP_SUMS < 4 ? RP_SUMS : 4,
           RP = RP_FIT >= 16 ? 16 : RP_FIT >= 8 ? 8 : RP_FIT >= 4 ? 4 : RP_FIT >= 2 ? 2 : 1 };
    _Static_assert(4 % RP == 0, "rows of W in whole passes");
    for (int j0 = 0; j0 < 4; j0 += RP) {
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_vf acc[RP][1][RLX_G_NA];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 16
            for (int m = 0; m < 1; m++)
                for (int a = 0; a < RLX_G_NA; a++) acc[j][m][a] = rlx_v_zero();
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 34) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q8_0(b, g, w);
                    #pragma GCC unroll 16
                    for (int m = 0; m < 1; m++)
                        #pragma GCC unroll 8
                        for (int c = 0; c < RLX_G_NC; c++)
                            acc[j][m][c % RLX_G_NA] = rlx_v_fma(
                                w[c], rlx_v_load(xs + m * k + c * RLX_VW),
                                acc[j][m][c % RLX_G_NA]);
                }
            }
        }
        for (int m = 0; m < 1; m++)
            for (int j = 0; j < RP; j++) y[m * n + j0 + j] = rlx_g_fold(acc[j][m]);
    }
}



#if RLX_VW >= 16

/* q8_0: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 5 rows of x [5, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x5_q8_0_wide(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t k,
        float *restrict y, int64_t n) {
    /* rows of W side by side: the most whose sums fit RLX_G_SUMS, a power of 2 (so a
       divisor of 4: 3 rows by 5 of x would run past the call's rows) */
    enum { RP_SUMS = RLX_G_SUMS / 5 < 1 ? 1 : RLX_G_SUMS / 5,
           RP_FIT = RP_SUMS < 4 ? RP_SUMS : 4,
           RP = RP_FIT >= 16 ? 16 : RP_FIT >= 8 ? 8 : RP_FIT >= 4 ? 4 : RP_FIT >= 2 ? 2 : 1 };
    _Static_assert(4 % RP == 0, "rows of W in whole passes");
    for (int j0 = 0; j0 < 4; j0 += RP) {
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_vf acc[RP][5][RLX_G_NA];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 16
            for (int m = 0; m < 5; m++)
                for (int a = 0; a < RLX_G_NA; a++) acc[j][m][a] = rlx_v_zero();
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 34) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q8_0(b, g, w);
                    #pragma GCC unroll 16
                    for (int m = 0; m < 5; m++)
                        #pragma GCC unroll 8
                        for (int c = 0; c < RLX_G_NC; c++)
                            acc[j][m][c % RLX_G_NA] = rlx_v_fma(
                                w[c], rlx_v_load(xs + m * k + c * RLX_VW),
                                acc[j][m][c % RLX_G_NA]);
                }
            }
        }
        for (int m = 0; m < 5; m++)
            for (int j = 0; j < RP; j++) y[m * n + j0 + j] = rlx_g_fold(acc[j][m]);
    }
}

#endif
static void rlx_gv4x5_q8_0(const uint8_t *restrict q, int64_t row_bytes, const float *restrict x,
                   int64_t k, float *restrict y, int64_t n) {
#if RLX_VW >= 16
    rlx_gv4x5_q8_0_wide(q, row_bytes, x, k, y, n);
#else
    rlx_gv4x4_q8_0(q, row_bytes, x + 0 * k, k, y + 0 * n, n);
    rlx_gv4x1_q8_0(q, row_bytes, x + 4 * k, k, y + 4 * n, n);
#endif
}


RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_grouped_matmul: op: grouped_matmul */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((uint8_t *)slots[0]));
    const int64_t *restrict ix = ((const int64_t *)((uint8_t *)slots[1]));
    float *restrict y = ((float *)((uint8_t *)slots[5]));
    const float *restrict wt = ((const float *)((uint8_t *)slots[3]));
    int64_t *cnt = (int64_t *)(arena + 0);
    int64_t *order = (int64_t *)(arena + 128);
    float *xg = (float *)(arena + 192);
    float *yg = (float *)(arena + 65728);
    memset(cnt, 0, sizeof(int64_t) * 9);
    {
        for (int64_t t = 0; t < 3; t++) {
            for (int64_t j = 0; j < 2; j++) {
                const int64_t e = (int64_t)ix[t * 2 + j];
                if (e < 0 || e >= 8) {
                    snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%5 = grouped_matmul(%%0, %%1, %%3, k=256, n=96) : f32[3,2,96]: grouped_matmul: expert id %lld is out of range for 8 experts (valid: 0..7)", (long long)e);
                    return 1;
                }
                cnt[e + 1]++;
            }
        }
    }
    for (int64_t e = 0; e < 8; e++) cnt[e + 1] += cnt[e];
    int64_t fill[8];
    memcpy(fill, cnt, sizeof(int64_t) * 8);
    {
        for (int64_t t = 0; t < 3; t++) {
            for (int64_t j = 0; j < 2; j++) {
                const int64_t e = (int64_t)ix[t * 2 + j];
                order[fill[e]++] = t * 2 + j;
            }
        }
    }
    for (int64_t e = 0; e < 8; e++) {
        for (int64_t c0 = cnt[e]; c0 < cnt[e + 1]; c0 += 64) {
            const int64_t m = cnt[e + 1] - c0 < 64 ? cnt[e + 1] - c0 : 64;
            for (int64_t i = 0; i < m; i++) {
                const int64_t sel = order[c0 + i];
                memcpy(xg + i * 256, x + (sel / 2) * 256, sizeof(float) * 256);
            }
            const float *restrict we = wt + e * 24576;
            if (m * 24576 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t g = 0; g < 24; g++) {
                    const int64_t r1 = g * 4 + 4 < 96 ? g * 4 + 4 : 96;
                    for (int64_t r = g * 4; r < r1; r++) {
                        for (int64_t i = 0; i < m; i++) yg[i * 96 + r] = rlx_moe_dot(we + r * 256, xg + i * 256, 256);
                    }
                }
            } else {
                for (int64_t g = 0; g < 24; g++) {
                    const int64_t r1 = g * 4 + 4 < 96 ? g * 4 + 4 : 96;
                    for (int64_t r = g * 4; r < r1; r++) {
                        for (int64_t i = 0; i < m; i++) yg[i * 96 + r] = rlx_moe_dot(we + r * 256, xg + i * 256, 256);
                    }
                }
            }
            for (int64_t i = 0; i < m; i++) {
                memcpy(y + order[c0 + i] * 96, yg + i * 96, sizeof(float) * 96);
            }
        }
    }
    return 0;
}

/* k1_grouped_matmul: op: grouped_matmul */
static int rlx_k1(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((uint8_t *)slots[2]));
    const int64_t *restrict ix = ((const int64_t *)((uint8_t *)slots[1]));
    float *restrict y = ((float *)((uint8_t *)slots[6]));
    const float *restrict wt = ((const float *)((uint8_t *)slots[3]));
    int64_t *cnt = (int64_t *)(arena + 0);
    int64_t *order = (int64_t *)(arena + 128);
    float *xg = (float *)(arena + 192);
    float *yg = (float *)(arena + 24768);
    memset(cnt, 0, sizeof(int64_t) * 9);
    {
        for (int64_t t = 0; t < 3; t++) {
            for (int64_t j = 0; j < 2; j++) {
                const int64_t e = (int64_t)ix[t * 2 + j];
                if (e < 0 || e >= 8) {
                    snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%6 = grouped_matmul(%%2, %%1, %%3, k=256, n=96, transpose=True) : f32[3,2,256]: grouped_matmul: expert id %lld is out of range for 8 experts (valid: 0..7)", (long long)e);
                    return 1;
                }
                cnt[e + 1]++;
            }
        }
    }
    for (int64_t e = 0; e < 8; e++) cnt[e + 1] += cnt[e];
    int64_t fill[8];
    memcpy(fill, cnt, sizeof(int64_t) * 8);
    {
        for (int64_t t = 0; t < 3; t++) {
            for (int64_t j = 0; j < 2; j++) {
                const int64_t e = (int64_t)ix[t * 2 + j];
                order[fill[e]++] = t * 2 + j;
            }
        }
    }
    for (int64_t e = 0; e < 8; e++) {
        for (int64_t c0 = cnt[e]; c0 < cnt[e + 1]; c0 += 64) {
            const int64_t m = cnt[e + 1] - c0 < 64 ? cnt[e + 1] - c0 : 64;
            for (int64_t i = 0; i < m; i++) {
                const int64_t sel = order[c0 + i];
                memcpy(xg + i * 96, x + sel * 96, sizeof(float) * 96);
            }
            const float *restrict we = wt + e * 24576;
            for (int64_t i = 0; i < m; i++) {
                float *restrict out = yg + i * 256;
                for (int64_t c = 0; c < 256; c++) out[c] = 0.0f;
                for (int64_t r = 0; r < 96; r++) {
                    const float s = xg[i * 96 + r];
                    for (int64_t c = 0; c < 256; c++) out[c] += s * we[r * 256 + c];
                }
            }
            for (int64_t i = 0; i < m; i++) {
                memcpy(y + order[c0 + i] * 256, yg + i * 256, sizeof(float) * 256);
            }
        }
    }
    return 0;
}

/* k2_grouped_matmul: op: grouped_matmul */
static int rlx_k2(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((uint8_t *)slots[0]));
    const int64_t *restrict ix = ((const int64_t *)((uint8_t *)slots[1]));
    float *restrict y = ((float *)((uint8_t *)slots[7]));
    const uint8_t *restrict wt = ((const uint8_t *)((uint8_t *)slots[4]));
    int64_t *cnt = (int64_t *)(arena + 0);
    int64_t *order = (int64_t *)(arena + 128);
    float *xg = (float *)(arena + 192);
    float *yg = (float *)(arena + 65728);
    memset(cnt, 0, sizeof(int64_t) * 9);
    {
        for (int64_t t = 0; t < 3; t++) {
            for (int64_t j = 0; j < 2; j++) {
                const int64_t e = (int64_t)ix[t * 2 + j];
                if (e < 0 || e >= 8) {
                    snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%7 = grouped_matmul(%%0, %%1, %%4, k=256, n=96, scheme='q8_0') : f32[3,2,96]: grouped_matmul: expert id %lld is out of range for 8 experts (valid: 0..7)", (long long)e);
                    return 1;
                }
                cnt[e + 1]++;
            }
        }
    }
    for (int64_t e = 0; e < 8; e++) cnt[e + 1] += cnt[e];
    int64_t fill[8];
    memcpy(fill, cnt, sizeof(int64_t) * 8);
    {
        for (int64_t t = 0; t < 3; t++) {
            for (int64_t j = 0; j < 2; j++) {
                const int64_t e = (int64_t)ix[t * 2 + j];
                order[fill[e]++] = t * 2 + j;
            }
        }
    }
    for (int64_t e = 0; e < 8; e++) {
        for (int64_t c0 = cnt[e]; c0 < cnt[e + 1]; c0 += 64) {
            const int64_t m = cnt[e + 1] - c0 < 64 ? cnt[e + 1] - c0 : 64;
            for (int64_t i = 0; i < m; i++) {
                const int64_t sel = order[c0 + i];
                memcpy(xg + i * 256, x + (sel / 2) * 256, sizeof(float) * 256);
            }
            const uint8_t *restrict q = wt + e * 26112;
            if (m > 16) {
                const float *restrict x = xg;
                float *restrict y = yg;
                float *xt = (float *)(arena + 90304);
                for (int64_t p = 0; p < (m + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, m, 256, p, xt);
                if (m * 24576 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 8; g++)
                        rlx_gt_q8_0(q + g * 3264, 272, 96 - g * 12 < 12 ? 96 - g * 12 : 12, xt, m, 256, 96, y + g * 12);
                } else {
                    for (int64_t g = 0; g < 8; g++)
                        rlx_gt_q8_0(q + g * 3264, 272, 96 - g * 12 < 12 ? 96 - g * 12 : 12, xt, m, 256, 96, y + g * 12);
                }
            }
            else {
                if (m * 24576 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 24; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= m; m0 += 8) {
                            rlx_gv4x8_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                        }
                        switch (m - m0) {
                        case 7:
                            rlx_gv4x7_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 6:
                            rlx_gv4x6_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 5:
                            rlx_gv4x5_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 4:
                            rlx_gv4x4_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 3:
                            rlx_gv4x3_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 2:
                            rlx_gv4x2_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 1:
                            rlx_gv4x1_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        default: break;
                        }
                    }
                } else {
                    for (int64_t g = 0; g < 24; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= m; m0 += 8) {
                            rlx_gv4x8_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                        }
                        switch (m - m0) {
                        case 7:
                            rlx_gv4x7_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 6:
                            rlx_gv4x6_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 5:
                            rlx_gv4x5_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 4:
                            rlx_gv4x4_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 3:
                            rlx_gv4x3_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 2:
                            rlx_gv4x2_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        case 1:
                            rlx_gv4x1_q8_0(q + g * 4 * 272, 272, xg + m0 * 256, 256, yg + m0 * 96 + g * 4, 96);
                            break;
                        default: break;
                        }
                    }
                }
            }
            for (int64_t i = 0; i < m; i++) {
                memcpy(y + order[c0 + i] * 96, yg + i * 96, sizeof(float) * 96);
            }
        }
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k0(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k1(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k2(slots, arena, ctl)) != 0) return rc;
    return 0;
}
#endif

#if !defined(RLX_PART) || RLX_PART == 0
/* rows of every pair p < n (its flat buffers at addresses dst[p] and src[p], itemsize[p]
   bytes an element) and every sequence b < seqs: counts[b] rows of row_elems elements
   from row b * src_caps[p] + src_row of the source to row b * dst_cap + dst_rows[b] of
   the destination; every bound checked by the caller */
static void rlx_copy_spans(int64_t n, const int64_t *dst, const int64_t *src,
                           const int64_t *itemsize, int64_t row_elems, int64_t src_row,
                           int64_t seqs, const int64_t *src_caps, const int64_t *dst_rows,
                           const int64_t *counts, int64_t dst_cap) {
    for (int64_t p = 0; p < n; p++) {
        const int64_t row = row_elems * itemsize[p];
        for (int64_t b = 0; b < seqs; b++)
            if (counts[b] > 0)
                memcpy((char *)(uintptr_t)dst[p] + (b * dst_cap + dst_rows[b]) * row,
                       (const char *)(uintptr_t)src[p] + (b * src_caps[p] + src_row) * row,
                       (size_t)(counts[b] * row));
    }
}

/* the KV feeds' copies (Executable.row_copier; rlx.backends.base.RowCopier says what
   each argument holds): plan = src_caps[n], dst_rows[seqs], counts[seqs] */
void rlx_copy_rows(int64_t n, const int64_t *dst, const int64_t *src,
                   const int64_t *itemsize, int64_t row_elems, int64_t src_row,
                   int64_t seqs, const int64_t *plan, int64_t dst_cap) {
    rlx_copy_spans(n, dst, src, itemsize, row_elems, src_row, seqs, plan, plan + n,
                   plan + n + seqs, dst_cap);
}

/* the paged KV feed (Executable.paged_copier; rlx.backends.kv_feeds.PagedCopier says
   what each argument holds): every pair's source holds [seqs, heads, src_cap, row_elems]
   and its pool [pages, heads, page, row_elems]; rows 0 .. counts[b] - 1 of sequence b go
   to its positions starts[b] .. through its row of tables ([seqs, width] page ids). All
   checked before any row is copied; mark holds pages * page zero bytes (zero again on
   return). Returns 0, or FEED_FAILED after writing the message into error. */
int rlx_feed_paged(int64_t n, const int64_t *dst, const int64_t *src,
                   const int64_t *itemsize, int64_t row_elems, int64_t seqs, int64_t heads,
                   int64_t src_cap, int64_t page, int64_t pages, int64_t width,
                   const int64_t *tables, const int64_t *starts, const int64_t *counts,
                   uint8_t *mark, char *error) {
    for (int64_t b = 0; b < seqs; b++)
        if (counts[b] < 0 || counts[b] > src_cap || starts[b] < 0
                || starts[b] > width * page - counts[b]) {
            snprintf(error, RLX_ERROR_BYTES, "feed_kv_paged: sequence %lld: %lld rows at "
                     "position %lld are outside its table of %lld positions or its %lld "
                     "source rows", (long long)b, (long long)counts[b], (long long)starts[b],
                     (long long)(width * page), (long long)src_cap);
            return 2;
        }
    int failed = 0;
    int64_t marked = 0;     /* rows marked so far, in order */
    for (int64_t b = 0; b < seqs && !failed; b++)
        for (int64_t r = 0; r < counts[b]; r++) {
            const int64_t pos = starts[b] + r, id = tables[b * width + pos / page];
            if (id < 0 || id >= pages) {
                snprintf(error, RLX_ERROR_BYTES, "feed_kv_paged: block_tables[%lld, %lld] = "
                         "%lld is outside [0, %lld) (the pool holds %lld pages)",
                         (long long)b, (long long)(pos / page), (long long)id,
                         (long long)pages, (long long)pages);
                failed = 1;
                break;
            }
            if (mark[id * page + pos % page]) {
                snprintf(error, RLX_ERROR_BYTES, "feed_kv_paged: two rows would be written "
                         "to one pool row (the block tables share a page where rows are "
                         "appended)");
                failed = 1;
                break;
            }
            mark[id * page + pos % page] = 1;
            marked++;
        }
    for (int64_t b = 0; b < seqs && marked > 0; b++)
        for (int64_t r = 0; r < counts[b] && marked > 0; r++, marked--) {
            const int64_t pos = starts[b] + r;
            mark[tables[b * width + pos / page] * page + pos % page] = 0;
        }
    if (failed)
        return 2;
    for (int64_t p = 0; p < n; p++) {
        const int64_t row = row_elems * itemsize[p];
        for (int64_t s = 0; s < seqs; s++)
            for (int64_t h = 0; h < heads; h++)
                for (int64_t i = 0; i < counts[s];) {
                    const int64_t pos = starts[s] + i, slot = pos % page;
                    const int64_t id = tables[s * width + pos / page];
                    const int64_t run = counts[s] - i < page - slot ? counts[s] - i
                                                                    : page - slot;
                    memcpy((char *)(uintptr_t)dst[p] + ((id * heads + h) * page + slot) * row,
                           (const char *)(uintptr_t)src[p]
                               + ((s * heads + h) * src_cap + i) * row,
                           (size_t)(run * row));
                    i += run;
                }
    }
    return 0;
}

/* the run feed (ctl[9]; rlx.backends.cpu.backend builds it), f[0] its kind.
   0, rows after ragged positions: f + 1 = [n, row_elems, src_row, seqs, dst_cap,
   smallest source capacity, then the addresses of dst[n], src[n], itemsize[n],
   src_caps[n], dst_rows[seqs], counts[seqs]], the last two the caller's, read now.
   Each sequence's rows must lie inside both capacities (the buffers hold seqs sequences
   of them: checked when the feed was set), else nothing is copied.
   1, paged: f + 1 = [n, row_elems, seqs, heads, src_cap, page, pages, width, then the
   addresses of dst[n], src[n], itemsize[n], tables[seqs * width], starts[seqs],
   counts[seqs] (the caller's, read now) and the marks (pages * page zero bytes)]:
   rlx_feed_paged, its every check before any copy. */
static int rlx_run_feed(const int64_t *plan, char *error) {
    const int64_t *f = plan + 1;
    if (plan[0] == 1) {
        const int64_t *at = f + 8;
        return rlx_feed_paged(f[0], (const int64_t *)(uintptr_t)at[0],
                              (const int64_t *)(uintptr_t)at[1],
                              (const int64_t *)(uintptr_t)at[2], f[1], f[2], f[3], f[4],
                              f[5], f[6], f[7], (const int64_t *)(uintptr_t)at[3],
                              (const int64_t *)(uintptr_t)at[4],
                              (const int64_t *)(uintptr_t)at[5],
                              (uint8_t *)(uintptr_t)at[6], error);
    }
    const int64_t n = f[0], row_elems = f[1], src_row = f[2], seqs = f[3], dst_cap = f[4],
                  src_cap = f[5];
    const int64_t *at = f + 6;
    const int64_t *dst_rows = (const int64_t *)(uintptr_t)at[4],
                  *counts = (const int64_t *)(uintptr_t)at[5];
    for (int64_t b = 0; b < seqs; b++)
        if (counts[b] < 0 || (counts[b] > 0 && (dst_rows[b] < 0
                                                || dst_rows[b] > dst_cap - counts[b]
                                                || src_row > src_cap - counts[b]))) {
            snprintf(error, RLX_ERROR_BYTES, "KV feed on run: %lld rows at %lld (dst cap "
                     "%lld) or %lld (src cap %lld) out of range", (long long)counts[b],
                     (long long)dst_rows[b], (long long)dst_cap, (long long)src_row,
                     (long long)src_cap);
            return 2;   /* FEED_FAILED (rlx.backends.cpu.backend) */
        }
    rlx_copy_spans(n, (const int64_t *)(uintptr_t)at[0], (const int64_t *)(uintptr_t)at[1],
                   (const int64_t *)(uintptr_t)at[2], row_elems, src_row, seqs,
                   (const int64_t *)(uintptr_t)at[3], dst_rows, counts, dst_cap);
    return 0;
}

int64_t rlx_keep_bytes(void) { return 0; }

int rlx_run(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)arena; (void)ctl; (void)rc;
    if ((rc = rlx_part0(slots, arena, ctl)) != 0) return rc;
    return ctl[9] ? rlx_run_feed((const int64_t *)(uintptr_t)ctl[9], RLX_ERROR_TEXT) : 0;
}

void rlx_set_threads(int n) {
#ifdef _OPENMP
    omp_set_num_threads(n);
#endif
}
#endif
