/* codegen_replay: main program of graph 'llama_step_b1_supto256_c2048_fresh_mixed' */
/* rlx: generated from graph 'llama_step_b1_supto256_c2048_fresh_mixed', compiled in 3 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


#include <stdio.h>


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



/* q4_1 blocks of 32: fp16 d, fp16 m, 16 bytes of nibbles (as q4_0);
   x = d * q + m (d * q is exact: the fused multiply-add rounds as GGML's two steps) */
RLX_INLINE void rlx_g_grp_q4_1(const uint8_t *restrict b, int g, rlx_vf *restrict w) {
    rlx_vf d, m;
    rlx_g_half2v(b, &d, &m);
    (void)g;
    #pragma GCC unroll 8
    for (int c = 0; c < RLX_G_NC; c++) {
        const int i = c * RLX_VW;
        w[c] = rlx_v_fma(rlx_g_f(rlx_g_nib(b + 4, i)), d, m);
    }
}



/* q4_1: elements c0 .. c0 + len - 1 (whole blocks) of the row at q as floats */
static __attribute__((noinline)) void rlx_dq_q4_1(
        const uint8_t *restrict q, const void *sc, int64_t c0, int64_t len,
        float *restrict out) {
    const uint8_t *b = q + (c0 / 32) * 20;
    (void)sc;
    for (int64_t e = 0; e < len; e += 32, b += 20)
        for (int g = 0; g < 1; g++) {
            rlx_vf w[RLX_G_NC];
            rlx_g_grp_q4_1(b, g, w);
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



/* q4_1: y[m * n + u] = (weight row u at q + u * row_bytes) . x[m] for the nw rows u
   of W (nw <= 12) and every row m of x, packed in xt (rlx_g_pack_x): the rows of
   W decoded RLX_G_KC elements at a time into w, then multiplied with x in register
   tiles */
static __attribute__((noinline)) void rlx_gt_q4_1(
        const uint8_t *restrict q, int64_t row_bytes, int64_t nw, const float *restrict xt,
        int64_t rows, int64_t k, int64_t n, float *restrict y) {
    float w[12 * RLX_G_KC] __attribute__((aligned(64)));
    for (int64_t k0 = 0; k0 < k; k0 += RLX_G_KC) {
        const int64_t kn = k - k0 < RLX_G_KC ? k - k0 : RLX_G_KC;
        for (int64_t u = 0; u < nw; u++)
            rlx_dq_q4_1(q + u * row_bytes, NULL, k0, kn, w + u * RLX_G_KC);
        for (int64_t u0 = 0; u0 < nw; u0 += RLX_SUB_MR) {
            const int mr = nw - u0 < RLX_SUB_MR ? (int)(nw - u0) : RLX_SUB_MR;
            for (int64_t m0 = 0; m0 < rows; m0 += RLX_G_NX)
                rlx_g_tiles(w + u0 * RLX_G_KC, RLX_G_KC, mr, xt + m0 * k + k0 * RLX_G_NX, kn,
                            k0 == 0, m0, rows, y + u0, n);
        }
    }
}



/* q4_1: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 4 rows of x [4, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x4_q4_1(
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
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 20) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q4_1(b, g, w);
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

/* q4_1: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 8 rows of x [8, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x8_q4_1_wide(
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
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 20) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q4_1(b, g, w);
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
static void rlx_gv4x8_q4_1(const uint8_t *restrict q, int64_t row_bytes, const float *restrict x,
                   int64_t k, float *restrict y, int64_t n) {
#if RLX_VW >= 16
    rlx_gv4x8_q4_1_wide(q, row_bytes, x, k, y, n);
#else
    rlx_gv4x4_q4_1(q, row_bytes, x + 0 * k, k, y + 0 * n, n);
    rlx_gv4x4_q4_1(q, row_bytes, x + 4 * k, k, y + 4 * n, n);
#endif
}



/* q4_1: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 3 rows of x [3, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x3_q4_1(
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
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 20) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q4_1(b, g, w);
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

/* q4_1: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 7 rows of x [7, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x7_q4_1_wide(
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
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 20) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q4_1(b, g, w);
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
static void rlx_gv4x7_q4_1(const uint8_t *restrict q, int64_t row_bytes, const float *restrict x,
                   int64_t k, float *restrict y, int64_t n) {
#if RLX_VW >= 16
    rlx_gv4x7_q4_1_wide(q, row_bytes, x, k, y, n);
#else
    rlx_gv4x4_q4_1(q, row_bytes, x + 0 * k, k, y + 0 * n, n);
    rlx_gv4x3_q4_1(q, row_bytes, x + 4 * k, k, y + 4 * n, n);
#endif
}



/* q4_1: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 2 rows of x [2, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x2_q4_1(
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
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 20) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q4_1(b, g, w);
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

/* q4_1: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 6 rows of x [6, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x6_q4_1_wide(
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
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 20) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q4_1(b, g, w);
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
static void rlx_gv4x6_q4_1(const uint8_t *restrict q, int64_t row_bytes, const float *restrict x,
                   int64_t k, float *restrict y, int64_t n) {
#if RLX_VW >= 16
    rlx_gv4x6_q4_1_wide(q, row_bytes, x, k, y, n);
#else
    rlx_gv4x4_q4_1(q, row_bytes, x + 0 * k, k, y + 0 * n, n);
    rlx_gv4x2_q4_1(q, row_bytes, x + 4 * k, k, y + 4 * n, n);
#endif
}



/* q4_1: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 1 rows of x [1, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x1_q4_1(
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
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 20) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q4_1(b, g, w);
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

/* q4_1: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 5 rows of x [5, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x5_q4_1_wide(
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
        for (int64_t e = 0, o = 0; e < k; e += 32, o += 20) {
            for (int g = 0; g < 1; g++) {
                const float *xs = x + e + 32 * g;
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {
                    const uint8_t *b = qj + j * row_bytes + o;
                    __builtin_prefetch(b + 32 * g + ahead);
                    rlx_vf w[RLX_G_NC];
                    rlx_g_grp_q4_1(b, g, w);
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
static void rlx_gv4x5_q4_1(const uint8_t *restrict q, int64_t row_bytes, const float *restrict x,
                   int64_t k, float *restrict y, int64_t n) {
#if RLX_VW >= 16
    rlx_gv4x5_q4_1_wide(q, row_bytes, x, k, y, n);
#else
    rlx_gv4x4_q4_1(q, row_bytes, x + 0 * k, k, y + 0 * n, n);
    rlx_gv4x1_q4_1(q, row_bytes, x + 4 * k, k, y + 4 * n, n);
#endif
}


#define RLX_PK_MR 12
#define RLX_PK_NR 32
#define RLX_PK_KC 384
#define RLX_PK_NC 16
#define RLX_PK_PF 8
#define RLX_PK_ROWS_ATTR __attribute__((noinline))
/* Packed f32 GEMM for a weight operand that stays the same across runs.
   B (K x N) is repacked once into panels of RLX_PK_NR columns, each K x NR, k-major and
   zero-padded; A (M x K) is read in place when its rows are contiguous, else packed on
   every run into slivers of RLX_PK_MR rows, each K x MR. A micro-tile keeps MR x NR sums
   in registers over a KC block of k; blocks of k are added in order, so every element's
   rounding is the same however the rows and panels are split over threads. One source
   for every ISA tier: the micro-kernel is written against the prelude's rlx_vf vectors
   and covers a tile with register sub-tiles of RLX_SUB_MR x RLX_SUB_NV vectors (the
   whole 12 x 32 tile on AVX-512; 2 x 2 sub-tiles of 6 x 16 on AVX2), each summing its
   elements over k in the same order, so every FMA tier gives the same bits. */
/* RLX_PK_MR, RLX_PK_NR (columns of a panel, a multiple of 16), RLX_PK_KC, RLX_PK_NC and
   RLX_PK_PF (prefetch distance in k steps) are defined by the renderer
   (rlx.backends.cpu.kernels.support) before this file. */
#define RLX_PK_NV (RLX_PK_NR / RLX_VW)
#if RLX_VW < 16
/* A sub-tile's k block of A rows and of its half panel fit a 32 KiB L1 at 256 steps, not
   at the renderer's 384 (AVX2, 128 x 384 x 1536 at 1 thread: 98 -> 117 GFLOP/s). */
#undef RLX_PK_KC
#define RLX_PK_KC 256
#endif
#define RLX_PK_VPL (RLX_VW >= 16 ? 1 : 16 / RLX_VW)   /* vectors per 64-byte line */
typedef void (*rlx_epi_fn)(void **, uint8_t *, int64_t, int64_t);

#if defined(__AVX512F__)
/* Transpose the 16 x 16 block held in r (row i in r[i]) in place: unpacks and shuffles
   of 32-bit, 64-bit and 128-bit lanes. */
static inline void rlx_pk_transpose16_regs(__m512 r[16]) {
    __m512 t[16];
    for (int i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 16; i += 4) {
        r[i] = _mm512_shuffle_ps(t[i], t[i + 2], 0x44);
        r[i + 1] = _mm512_shuffle_ps(t[i], t[i + 2], 0xEE);
        r[i + 2] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0x44);
        r[i + 3] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
    }
    for (int i = 0; i < 4; i++) {
        t[i] = _mm512_shuffle_f32x4(r[i], r[i + 4], 0x88);
        t[i + 4] = _mm512_shuffle_f32x4(r[i], r[i + 4], 0xDD);
        t[i + 8] = _mm512_shuffle_f32x4(r[i + 8], r[i + 12], 0x88);
        t[i + 12] = _mm512_shuffle_f32x4(r[i + 8], r[i + 12], 0xDD);
    }
    for (int i = 0; i < 4; i++) {
        r[i] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0x88);
        r[i + 8] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0xDD);
        r[i + 4] = _mm512_shuffle_f32x4(t[i + 4], t[i + 12], 0x88);
        r[i + 12] = _mm512_shuffle_f32x4(t[i + 4], t[i + 12], 0xDD);
    }
}

/* dst[c * ds + r] = src[r * ss + c] for a 16 x 16 block. */
static inline void rlx_pk_transpose16(const float *src, int64_t ss, float *dst, int64_t ds) {
    __m512 r[16];
    for (int i = 0; i < 16; i++) r[i] = _mm512_loadu_ps(src + i * ss);
    rlx_pk_transpose16_regs(r);
    for (int i = 0; i < 16; i++) _mm512_storeu_ps(dst + i * ds, r[i]);
}

/* The same for the first cols (1 to 15) columns of the 16 rows: masked loads, cols
   stores. */
static inline void rlx_pk_transpose16_cols(const float *src, int64_t ss, float *dst, int64_t ds,
                                           int64_t cols) {
    const __mmask16 mask = (__mmask16)((1u << cols) - 1);
    __m512 r[16];
    for (int i = 0; i < 16; i++) r[i] = _mm512_maskz_loadu_ps(mask, src + i * ss);
    rlx_pk_transpose16_regs(r);
    for (int i = 0; i < cols; i++) _mm512_storeu_ps(dst + i * ds, r[i]);
}

#elif RLX_VW == 8
/* dst[c * ds + r] = src[r * ss + c] for an 8 x 8 block (AVX2): unpacks and shuffles of
   32-bit and 64-bit lanes, then the 128-bit halves exchanged */
static inline void rlx_pk_transpose8(const float *src, int64_t ss, float *dst, int64_t ds) {
    __m256 a[8], t[8];
    for (int i = 0; i < 8; i++) a[i] = _mm256_loadu_ps(src + i * ss);
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_ps(a[i], a[i + 1]);
        t[i + 1] = _mm256_unpackhi_ps(a[i], a[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
        a[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
        a[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
        a[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
        a[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
    }
    for (int i = 0; i < 4; i++) {
        _mm256_storeu_ps(dst + i * ds, _mm256_permute2f128_ps(a[i], a[i + 4], 0x20));
        _mm256_storeu_ps(dst + (i + 4) * ds, _mm256_permute2f128_ps(a[i], a[i + 4], 0x31));
    }
}
#endif

/* dst[c * ds + r] = src[r * ss + c] for rows x cols of src: register transposes where
   the target has them (AVX-512 16 x 16, AVX2 8 x 8) and the edges element by element,
   else 8 x 8 blocks of scalar copies (the vector shim has no operation that moves values
   between lanes). Attention packs K^T with it on every run: on AVX2 the scalar copies
   were a third of its time outside the two products (128 keys of 64, 1 thread:
   1.09 -> 0.94 ms a call); 3-10 % of ResNet-50's Winograd convs. */
static void rlx_pk_transpose(const float *src, int64_t ss, float *dst, int64_t ds,
                             int64_t rows, int64_t cols) {
#if defined(__AVX512F__) || RLX_VW == 8
#if defined(__AVX512F__)
    enum { B = 16 };
#else
    enum { B = 8 };
#endif
    const int64_t full_r = rows / B * B, full_c = cols / B * B;
    for (int64_t r = 0; r < full_r; r += B) {
        for (int64_t c = 0; c < full_c; c += B)
#if defined(__AVX512F__)
            rlx_pk_transpose16(src + r * ss + c, ss, dst + c * ds + r, ds);
        if (full_c < cols)
            rlx_pk_transpose16_cols(src + r * ss + full_c, ss, dst + full_c * ds + r, ds,
                                    cols - full_c);
#else
            rlx_pk_transpose8(src + r * ss + c, ss, dst + c * ds + r, ds);
        for (int64_t c = full_c; c < cols; c++)
            for (int64_t i = r; i < r + B; i++) dst[c * ds + i] = src[i * ss + c];
#endif
    }
    for (int64_t r = full_r; r < rows; r++)
        for (int64_t c = 0; c < cols; c++) dst[c * ds + r] = src[r * ss + c];
#else
    for (int64_t r0 = 0; r0 < rows; r0 += 8)
        for (int64_t c0 = 0; c0 < cols; c0 += 8) {
            const int64_t r1 = rows - r0 < 8 ? rows : r0 + 8;
            const int64_t c1 = cols - c0 < 8 ? cols : c0 + 8;
            for (int64_t c = c0; c < c1; c++)
                for (int64_t r = r0; r < r1; r++) dst[c * ds + r] = src[r * ss + c];
        }
#endif
}

static void rlx_pk_pack_b(int64_t k, int64_t n, const float *b, int64_t rs, int64_t cs,
                          float *bp, int64_t p) {
    float *dst = bp + p * k * RLX_PK_NR;
    const int64_t j0 = p * RLX_PK_NR;
    const int64_t nr = n - j0 < RLX_PK_NR ? n - j0 : RLX_PK_NR;
    if (rs == 1) {   /* B stored transposed: read each column's k values in a row */
        rlx_pk_transpose(b + j0 * cs, cs, dst, RLX_PK_NR, nr, k);
        for (int64_t kk = 0; kk < k; kk++)
            for (int64_t j = nr; j < RLX_PK_NR; j++) dst[kk * RLX_PK_NR + j] = 0.0f;
        return;
    }
    for (int64_t kk = 0; kk < k; kk++) {
        float *d = dst + kk * RLX_PK_NR;
        const float *src = b + kk * rs + j0 * cs;
        int64_t j = 0;
        if (cs == 1) for (; j < nr; j++) d[j] = src[j];
        else for (; j < nr; j++) d[j] = src[j * cs];
        for (; j < RLX_PK_NR; j++) d[j] = 0.0f;
    }
}

static void rlx_pk_pack_a(int64_t m, int64_t k, const float *a, int64_t rs, int64_t cs,
                          float *ap, int64_t s) {
    float *dst = ap + s * k * RLX_PK_MR;
    const int64_t i0 = s * RLX_PK_MR;
    const int64_t mr = m - i0 < RLX_PK_MR ? m - i0 : RLX_PK_MR;
    if (cs == 1) {
        for (int64_t i = 0; i < mr; i++) {
            const float *src = a + (i0 + i) * rs;
            for (int64_t kk = 0; kk < k; kk++) dst[kk * RLX_PK_MR + i] = src[kk];
        }
    } else {
        for (int64_t kk = 0; kk < k; kk++)
            for (int64_t i = 0; i < mr; i++) dst[kk * RLX_PK_MR + i] = a[(i0 + i) * rs + kk * cs];
    }
    for (int64_t i = mr; i < RLX_PK_MR; i++)
        for (int64_t kk = 0; kk < k; kk++) dst[kk * RLX_PK_MR + i] = 0.0f;
}

/* Tiles come in RLX_PK_MR rows and, for a last sliver of fewer rows, in 8 and 4 rows
   (fewer multiply-adds than padding it to MR: 128 rows are 10 x 12 + 8). Each body below
   is inlined with its sizes constant, so its loops unroll and the sums stay in
   registers. */
#define RLX_PK_INLINE static inline __attribute__((always_inline))

/* One register sub-tile: c[i, (v0 + v) * VW + lane] for rows i < ROWS (a constant, at
   most RLX_SUB_MR) and vectors v < NV (a constant, at most RLX_SUB_NV) = (accumulate ?
   c : 0) + sum over kk < kc of A(i, kk) * bp[kk * NR + (v0 + v) * VW + lane], where
   A(i, kk) = a[i * ars + kk * aks]. Only rows below mr and columns below nr are
   stored. The panel row RLX_PK_PF steps ahead is prefetched into L1: the hardware
   prefetchers alone leave the FMAs waiting on L2 once B outgrows L1 (10-20% slower at
   128 x 384 x 1536 on AVX-512). Past the block's end this touches the panel's next k
   block or the next panel, which come next anyway (a prefetch never faults). */
RLX_PK_INLINE void rlx_pk_sub(const int rows, const int nv, int64_t kc, const float *a,
                              int64_t ars, int64_t aks, const float *bp, int v0, float *c,
                              int64_t ldc, int accumulate, int64_t mr, int64_t nr) {
    rlx_vf acc[RLX_SUB_MR][RLX_SUB_NV];
    _Pragma("GCC unroll 16")
    for (int i = 0; i < rows; i++)
        for (int v = 0; v < nv; v++) acc[i][v] = rlx_v_zero();
    const float *b = bp + v0 * RLX_VW;
    for (int64_t kk = 0; kk < kc; kk++) {
        rlx_vf bv[RLX_SUB_NV];
        for (int v = 0; v < nv; v += RLX_PK_VPL)
            __builtin_prefetch(b + (kk + RLX_PK_PF) * RLX_PK_NR + v * RLX_VW, 0, 3);
        for (int v = 0; v < nv; v++) bv[v] = rlx_v_load(b + kk * RLX_PK_NR + v * RLX_VW);
        _Pragma("GCC unroll 16")
        for (int i = 0; i < rows; i++) {
            const rlx_vf ai = rlx_v_set1(a[i * ars + kk * aks]);
            for (int v = 0; v < nv; v++) acc[i][v] = rlx_v_fma(ai, bv[v], acc[i][v]);
        }
    }
    _Pragma("GCC unroll 16")
    for (int i = 0; i < rows; i++) {
        if (i >= mr) break;
        float *ci = c + i * ldc + v0 * RLX_VW;
        for (int v = 0; v < nv; v++) {
            const int64_t left = nr - (v0 + v) * RLX_VW;
            if (left >= RLX_VW) {
                rlx_vf x = acc[i][v];
                if (accumulate) x = rlx_v_load(ci + v * RLX_VW) + x;
                rlx_v_store(ci + v * RLX_VW, x);
            } else if (left > 0) {
                rlx_vf x = acc[i][v];
                if (accumulate) x = rlx_v_load_n(ci + v * RLX_VW, left) + x;
                rlx_v_store_n(ci + v * RLX_VW, x, left);
            }
        }
    }
}

/* A tile of ROWS rows (a constant) x NR columns as register sub-tiles: column groups of
   RLX_SUB_NV vectors outside, row groups of RLX_SUB_MR rows inside (so a group's
   columns of the panel are read from L1 by every row group). */
RLX_PK_INLINE void rlx_pk_tile_any(const int rows, int64_t kc, const float *a, int64_t ars,
                                   int64_t aks, const float *bp, float *c, int64_t ldc,
                                   int accumulate, int64_t mr, int64_t nr) {
    _Pragma("GCC unroll 16")
    for (int v0 = 0; v0 < RLX_PK_NV; v0 += RLX_SUB_NV) {
        if (v0 * RLX_VW >= nr) break;
        const int nv = RLX_PK_NV - v0 < RLX_SUB_NV ? RLX_PK_NV - v0 : RLX_SUB_NV;
        _Pragma("GCC unroll 16")
        for (int r0 = 0; r0 < rows; r0 += RLX_SUB_MR) {
            if (r0 >= mr) break;
            const int r = rows - r0 < RLX_SUB_MR ? rows - r0 : RLX_SUB_MR;
            rlx_pk_sub(r, nv, kc, a + r0 * ars, ars, aks, bp, v0, c + r0 * ldc, ldc,
                       accumulate, mr - r0, nr);
        }
    }
}

/* Rows a tile of a sliver with mr rows computes: MR, or 8 or 4 for a short last one. */
static inline int64_t rlx_pk_tile_height(int64_t mr) {
#if RLX_PK_MR > 8
    if (mr <= 8) return mr <= 4 ? 4 : 8;
#endif
    return RLX_PK_MR;
}

/* c[0:mr, 0:nr] = (accumulate ? c : 0) + A (rows x kc) * bp (kc x NR), A packed: element
   (i, kk) at ap[kk * MR + i]. */
static void rlx_pk_tile(int64_t kc, const float *ap, const float *bp, float *c, int64_t ldc,
                        int accumulate, int64_t mr, int64_t nr) {
#if RLX_PK_MR > 8
    if (mr <= 4) { rlx_pk_tile_any(4, kc, ap, 1, RLX_PK_MR, bp, c, ldc, accumulate, mr, nr); return; }
    if (mr <= 8) { rlx_pk_tile_any(8, kc, ap, 1, RLX_PK_MR, bp, c, ldc, accumulate, mr, nr); return; }
#endif
    rlx_pk_tile_any(RLX_PK_MR, kc, ap, 1, RLX_PK_MR, bp, c, ldc, accumulate, mr, nr);
}

/* The same with A read in place: rows full rows at a + i * lda (unit column stride). For
   the small products of attention this is a third faster than packing A first.
   RLX_PK_ROWS_ATTR is empty unless the renderer defines it (see packed_gemm_helper). */
#ifndef RLX_PK_ROWS_ATTR
#define RLX_PK_ROWS_ATTR
#endif
static RLX_PK_ROWS_ATTR void rlx_pk_tile_rows(int64_t kc, const float *a, int64_t lda, const float *bp,
                             float *c, int64_t ldc, int accumulate, int64_t mr, int64_t nr) {
#if RLX_PK_MR > 8
    if (mr <= 4) { rlx_pk_tile_any(4, kc, a, lda, 1, bp, c, ldc, accumulate, mr, nr); return; }
    if (mr <= 8) { rlx_pk_tile_any(8, kc, a, lda, 1, bp, c, ldc, accumulate, mr, nr); return; }
#endif
    rlx_pk_tile_any(RLX_PK_MR, kc, a, lda, 1, bp, c, ldc, accumulate, mr, nr);
}

/* Rows of slivers [s0, s1) and columns of panels [p0, p1) of c (m x n, row stride
   ldc). Sliver s is rows [s * MR, s * MR + MR) cut at m, or, given a tile table (A
   row-major only), the tiles[2 s + 1] rows from tiles[2 s] (the active rows of
   symbolic dimensions, in runs). A is packed slivers (lda == 0) or row-major with row
   stride lda and unit column stride (a sliver shorter than its tile height is copied
   into a zero-padded block first). The epilogue (given only when ldc == n) runs on
   each sliver's rows of a panel group once their sums are final, over flat element
   ranges. */
static void rlx_pk_gemm_tiles(int64_t m, int64_t n, int64_t k, const float *a, int64_t lda,
                              const float *bp, float *c, int64_t ldc, const int64_t *tiles,
                              int64_t s0, int64_t s1, int64_t p0, int64_t p1, rlx_epi_fn epi,
                              void **slots, uint8_t *arena) {
    float pad[RLX_PK_MR * RLX_PK_KC] __attribute__((aligned(64)));
    for (int64_t q0 = p0; q0 < p1; q0 += RLX_PK_NC) {
        const int64_t q1 = p1 - q0 < RLX_PK_NC ? p1 : q0 + RLX_PK_NC;
        for (int64_t k0 = 0; k0 < k; k0 += RLX_PK_KC) {
            const int64_t kc = k - k0 < RLX_PK_KC ? k - k0 : RLX_PK_KC;
            for (int64_t s = s0; s < s1; s++) {
                const int64_t i0 = tiles ? tiles[2 * s] : s * RLX_PK_MR;
                const int64_t mr = tiles ? tiles[2 * s + 1]
                                         : m - i0 < RLX_PK_MR ? m - i0 : RLX_PK_MR;
                const int64_t height = rlx_pk_tile_height(mr);
                const float *rows = lda ? a + i0 * lda + k0 : 0;
                int64_t row_stride = lda;
                if (lda && mr < height) {
                    for (int64_t i = 0; i < height; i++)
                        for (int64_t kk = 0; kk < kc; kk++)
                            pad[i * kc + kk] = i < mr ? rows[i * lda + kk] : 0.0f;
                    rows = pad;
                    row_stride = kc;
                }
                for (int64_t q = q0; q < q1; q++) {
                    const int64_t j0 = q * RLX_PK_NR;
                    const int64_t nr = n - j0 < RLX_PK_NR ? n - j0 : RLX_PK_NR;
                    const float *panel = bp + q * k * RLX_PK_NR + k0 * RLX_PK_NR;
                    if (lda)
                        rlx_pk_tile_rows(kc, rows, row_stride, panel, c + i0 * ldc + j0, ldc,
                                         k0 > 0, mr, nr);
                    else
                        rlx_pk_tile(kc, a + s * k * RLX_PK_MR + k0 * RLX_PK_MR, panel,
                                    c + i0 * ldc + j0, ldc, k0 > 0, mr, nr);
                }
                if (epi != 0 && k0 + kc >= k) {
                    const int64_t j1 = q1 * RLX_PK_NR < n ? q1 * RLX_PK_NR : n;
                    for (int64_t i = i0; i < i0 + mr; i++)
                        epi(slots, arena, i * n + q0 * RLX_PK_NR, i * n + j1);
                }
            }
        }
    }
}

/* rlx_pk_gemm_tiles without a tile table: the product's slivers [s0, s1). */
static void rlx_pk_gemm(int64_t m, int64_t n, int64_t k, const float *a, int64_t lda,
                        const float *bp, float *c, int64_t ldc, int64_t s0, int64_t s1,
                        int64_t p0, int64_t p1, rlx_epi_fn epi, void **slots, uint8_t *arena) {
    rlx_pk_gemm_tiles(m, n, k, a, lda, bp, c, ldc, 0, s0, s1, p0, p1, epi, slots, arena);
}


static inline int rlx_thread_id(void) {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
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


/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t0(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    void **const rlx_caller_slots = slots;
    const int64_t rlx_run = (*((const int64_t *)((uint8_t *)slots[rlx_at[0]]))) * 1;
    const int64_t rows = 1 * rlx_run;
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t ap = 0; ap < rows; ap++) {
        int64_t rlx_start = 0;
        int64_t rlx_start_rest = ap / rlx_run;
        rlx_start += (rlx_start_rest % 1) * 256;
        rlx_start_rest /= 1;
        const int64_t p = rlx_start + ap % rlx_run;
        enum { rlx_nslots = 404 };
        void *slots[rlx_nslots];
        slots[rlx_at[1]] = rlx_caller_slots[rlx_at[1]];
        const int64_t b0 = p * 576;
        const int64_t b2 = p * 576;
        double r_s = 0.0;
        float r_rstd;
        double r_v = 0.0;
        float r_a = 0;
        {
            float r_s_l[16];
            __typeof__(r_s) r_s_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_s_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 576; blk += 128) {
                const int64_t blk_end = blk + 128 < 576 ? blk + 128 : 576;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_s_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                    r_s_l[l] += r_x * r_x;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_s_w[l] += r_s_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_s_w[l] = r_s_w[l] + r_s_w[l + w];
            }
            r_s = r_s + r_s_w[0];
        }
        if ((!isfinite(r_s) || r_s < 1e-30) && 1) {
            r_a = 0;
            {
                __typeof__(r_a) r_a_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_a_l[l] = r_a;
                }
                int64_t i0_b = 0;
                for (; i0_b + 16 <= 576; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                        const float r_d = fabs(r_x);
                        r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                    }
                }
                for (int l = 0; i0_b + l < 576; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                    const float r_d = fabs(r_x);
                    r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) r_a_l[l] = r_a_l[l + w] > r_a_l[l] ? r_a_l[l + w] : r_a_l[l];
                }
                r_a = r_a_l[0] > r_a ? r_a_l[0] : r_a;
            }
            if (isfinite(r_a) && r_a > 0) {
                r_v = 0.0;
                {
                    float r_v_l[16];
                    __typeof__(r_v) r_v_w[16];
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        r_v_w[l] = 0;
                    }
                    for (int64_t blk = 0; blk < 576; blk += 128) {
                        const int64_t blk_end = blk + 128 < 576 ? blk + 128 : 576;
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            r_v_l[l] = 0;
                        }
                        int64_t i0_b = blk;
                        for (; i0_b + 16 <= blk_end; i0_b += 16) {
                            #pragma omp simd
                            for (int l = 0; l < 16; l++) {
                                const int64_t i0 = i0_b + l;
                                float r_x;
                                r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                                const float r_d = (r_x) / r_a;
                                r_v_l[l] += r_d * r_d;
                            }
                        }
                        for (int l = 0; i0_b + l < blk_end; l++) {
                            const int64_t i0 = i0_b + l;
                            float r_x;
                            r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                            const float r_d = (r_x) / r_a;
                            r_v_l[l] += r_d * r_d;
                        }
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            r_v_w[l] += r_v_l[l];
                        }
                    }
                    for (int w = 8; w > 0; w /= 2) {
                        #pragma omp simd
                        for (int l = 0; l < w; l++) r_v_w[l] = r_v_w[l] + r_v_w[l + w];
                    }
                    r_v = r_v + r_v_w[0];
                }
                r_s = r_v / 1.0 * (double)r_a * (double)r_a;
            }
        }
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[rlx_at[1]]))[i0];
            ((float *)(arena + rlx_at[3]))[b2 + i0] = r_y;
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t1(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *restrict x_all = ((const float *)(arena + rlx_at[0]));
    float *restrict y_all = ((float *)(arena + rlx_at[1]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[rlx_at[2]]));
    const int64_t rlx_len = (*((const int64_t *)((uint8_t *)slots[rlx_at[3]]))) * 1, rlx_runs = 1;
    if (rlx_runs == 1 || !(rlx_len > 16)) {
        for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = rlx_r;
            rlx_start += (rlx_start_rest % 1) * 256;
            rlx_start_rest /= 1;
            const float *restrict x = x_all + rlx_start * 576;
            float *restrict y = y_all + rlx_start * 576;
            if (rlx_len > 16) {
                float *xt = (float *)(arena + rlx_at[4]);
                if (rlx_len * 576 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t p = 0; p < (rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_len, 576, p, xt);
                } else {
                    for (int64_t p = 0; p < (rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_len, 576, p, xt);
                }
                if (rlx_len * 331776 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 48; g++)
                        rlx_gt_q4_1(q + g * 4320, 360, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_len, 576, 576, y + g * 12);
                } else {
                    for (int64_t g = 0; g < 48; g++)
                        rlx_gt_q4_1(q + g * 4320, 360, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_len, 576, 576, y + g * 12);
                }
            }
            else {
                if (rlx_len * 331776 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 144; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= rlx_len; m0 += 8) {
                            rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        }
                        switch (rlx_len - m0) {
                        case 7:
                            rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 6:
                            rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 5:
                            rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 4:
                            rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 3:
                            rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 2:
                            rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 1:
                            rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        default: break;
                        }
                    }
                } else {
                    for (int64_t g = 0; g < 144; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= rlx_len; m0 += 8) {
                            rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        }
                        switch (rlx_len - m0) {
                        case 7:
                            rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 6:
                            rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 5:
                            rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 4:
                            rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 3:
                            rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 2:
                            rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 1:
                            rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        default: break;
                        }
                    }
                }
            }
        }
    } else {
        float *x_runs = (float *)(arena + rlx_at[5]);
        float *y_runs = (float *)(arena + rlx_at[6]);
        if (rlx_runs * rlx_len * 576 >= 32768) {
            #pragma omp parallel for schedule(static) num_threads(2)
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(x_runs + rlx_r * rlx_len * 576, x_all + rlx_start * 576, rlx_len * 576 * sizeof(float));
            }
        } else {
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(x_runs + rlx_r * rlx_len * 576, x_all + rlx_start * 576, rlx_len * 576 * sizeof(float));
            }
        }
        const float *restrict x = x_runs;
        float *restrict y = y_runs;
        if (rlx_runs * rlx_len > 16) {
            float *xt = (float *)(arena + rlx_at[7]);
            if (rlx_runs * rlx_len * 576 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t p = 0; p < (rlx_runs * rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_runs * rlx_len, 576, p, xt);
            } else {
                for (int64_t p = 0; p < (rlx_runs * rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_runs * rlx_len, 576, p, xt);
            }
            if (rlx_runs * rlx_len * 331776 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t g = 0; g < 48; g++)
                    rlx_gt_q4_1(q + g * 4320, 360, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_runs * rlx_len, 576, 576, y + g * 12);
            } else {
                for (int64_t g = 0; g < 48; g++)
                    rlx_gt_q4_1(q + g * 4320, 360, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_runs * rlx_len, 576, 576, y + g * 12);
            }
        }
        else {
            if (rlx_runs * rlx_len * 331776 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t g = 0; g < 144; g++) {
                    int64_t m0 = 0;
                    for (; m0 + 8 <= rlx_runs * rlx_len; m0 += 8) {
                        rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                    }
                    switch (rlx_runs * rlx_len - m0) {
                    case 7:
                        rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 6:
                        rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 5:
                        rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 4:
                        rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 3:
                        rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 2:
                        rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 1:
                        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    default: break;
                    }
                }
            } else {
                for (int64_t g = 0; g < 144; g++) {
                    int64_t m0 = 0;
                    for (; m0 + 8 <= rlx_runs * rlx_len; m0 += 8) {
                        rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                    }
                    switch (rlx_runs * rlx_len - m0) {
                    case 7:
                        rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 6:
                        rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 5:
                        rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 4:
                        rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 3:
                        rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 2:
                        rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 1:
                        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    default: break;
                    }
                }
            }
        }
        if (rlx_runs * rlx_len * 576 >= 32768) {
            #pragma omp parallel for schedule(static) num_threads(2)
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(y_all + rlx_start * 576, y_runs + rlx_r * rlx_len * 576, rlx_len * 576 * sizeof(float));
            }
        } else {
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(y_all + rlx_start * 576, y_runs + rlx_r * rlx_len * 576, rlx_len * 576 * sizeof(float));
            }
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t2(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *src = ((const float *)((arena + rlx_at[0]) + 0));
    float *dst = ((float *)(arena + rlx_at[1]));
    const int64_t rlx_run = (*((const int64_t *)((uint8_t *)slots[rlx_at[2]]))) * 1;
    const int64_t rlx_active = 1 * 9 * rlx_run;
    if (rlx_active * 64 >= 32768) {
        #pragma omp parallel for schedule(static) num_threads(2)
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 9) * 256;
            rlx_start_rest /= 9;
            rlx_start += (rlx_start_rest % 1) * 2304;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const float *s = src + (r % 256) * 576 + ((r / 256) % 9) * 64;
            memcpy(dst + r * 64, s, 64 * sizeof *dst);
        }
    } else {
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 9) * 256;
            rlx_start_rest /= 9;
            rlx_start += (rlx_start_rest % 1) * 2304;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const float *s = src + (r % 256) * 576 + ((r / 256) % 9) * 64;
            memcpy(dst + r * 64, s, 64 * sizeof *dst);
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t3(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *restrict x_all = ((const float *)(arena + rlx_at[0]));
    float *restrict y_all = ((float *)(arena + rlx_at[1]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[rlx_at[2]]));
    const int64_t rlx_len = (*((const int64_t *)((uint8_t *)slots[rlx_at[3]]))) * 1, rlx_runs = 1;
    if (rlx_runs == 1 || !(rlx_len > 16)) {
        for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = rlx_r;
            rlx_start += (rlx_start_rest % 1) * 256;
            rlx_start_rest /= 1;
            const float *restrict x = x_all + rlx_start * 576;
            float *restrict y = y_all + rlx_start * 192;
            if (rlx_len > 16) {
                float *xt = (float *)(arena + rlx_at[4]);
                if (rlx_len * 576 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t p = 0; p < (rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_len, 576, p, xt);
                } else {
                    for (int64_t p = 0; p < (rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_len, 576, p, xt);
                }
                if (rlx_len * 110592 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 16; g++)
                        rlx_gt_q4_1(q + g * 4320, 360, 192 - g * 12 < 12 ? 192 - g * 12 : 12, xt, rlx_len, 576, 192, y + g * 12);
                } else {
                    for (int64_t g = 0; g < 16; g++)
                        rlx_gt_q4_1(q + g * 4320, 360, 192 - g * 12 < 12 ? 192 - g * 12 : 12, xt, rlx_len, 576, 192, y + g * 12);
                }
            }
            else {
                if (rlx_len * 110592 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 48; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= rlx_len; m0 += 8) {
                            rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        }
                        switch (rlx_len - m0) {
                        case 7:
                            rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 6:
                            rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 5:
                            rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 4:
                            rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 3:
                            rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 2:
                            rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 1:
                            rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        default: break;
                        }
                    }
                } else {
                    for (int64_t g = 0; g < 48; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= rlx_len; m0 += 8) {
                            rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        }
                        switch (rlx_len - m0) {
                        case 7:
                            rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 6:
                            rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 5:
                            rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 4:
                            rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 3:
                            rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 2:
                            rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        case 1:
                            rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                            break;
                        default: break;
                        }
                    }
                }
            }
        }
    } else {
        float *x_runs = (float *)(arena + rlx_at[5]);
        float *y_runs = (float *)(arena + rlx_at[6]);
        if (rlx_runs * rlx_len * 576 >= 32768) {
            #pragma omp parallel for schedule(static) num_threads(2)
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(x_runs + rlx_r * rlx_len * 576, x_all + rlx_start * 576, rlx_len * 576 * sizeof(float));
            }
        } else {
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(x_runs + rlx_r * rlx_len * 576, x_all + rlx_start * 576, rlx_len * 576 * sizeof(float));
            }
        }
        const float *restrict x = x_runs;
        float *restrict y = y_runs;
        if (rlx_runs * rlx_len > 16) {
            float *xt = (float *)(arena + rlx_at[7]);
            if (rlx_runs * rlx_len * 576 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t p = 0; p < (rlx_runs * rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_runs * rlx_len, 576, p, xt);
            } else {
                for (int64_t p = 0; p < (rlx_runs * rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_runs * rlx_len, 576, p, xt);
            }
            if (rlx_runs * rlx_len * 110592 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t g = 0; g < 16; g++)
                    rlx_gt_q4_1(q + g * 4320, 360, 192 - g * 12 < 12 ? 192 - g * 12 : 12, xt, rlx_runs * rlx_len, 576, 192, y + g * 12);
            } else {
                for (int64_t g = 0; g < 16; g++)
                    rlx_gt_q4_1(q + g * 4320, 360, 192 - g * 12 < 12 ? 192 - g * 12 : 12, xt, rlx_runs * rlx_len, 576, 192, y + g * 12);
            }
        }
        else {
            if (rlx_runs * rlx_len * 110592 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t g = 0; g < 48; g++) {
                    int64_t m0 = 0;
                    for (; m0 + 8 <= rlx_runs * rlx_len; m0 += 8) {
                        rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                    }
                    switch (rlx_runs * rlx_len - m0) {
                    case 7:
                        rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 6:
                        rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 5:
                        rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 4:
                        rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 3:
                        rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 2:
                        rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 1:
                        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    default: break;
                    }
                }
            } else {
                for (int64_t g = 0; g < 48; g++) {
                    int64_t m0 = 0;
                    for (; m0 + 8 <= rlx_runs * rlx_len; m0 += 8) {
                        rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                    }
                    switch (rlx_runs * rlx_len - m0) {
                    case 7:
                        rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 6:
                        rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 5:
                        rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 4:
                        rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 3:
                        rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 2:
                        rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    case 1:
                        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 192 + g * 4, 192);
                        break;
                    default: break;
                    }
                }
            }
        }
        if (rlx_runs * rlx_len * 192 >= 32768) {
            #pragma omp parallel for schedule(static) num_threads(2)
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(y_all + rlx_start * 192, y_runs + rlx_r * rlx_len * 192, rlx_len * 192 * sizeof(float));
            }
        } else {
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(y_all + rlx_start * 192, y_runs + rlx_r * rlx_len * 192, rlx_len * 192 * sizeof(float));
            }
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t4(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *src = ((const float *)((arena + rlx_at[0]) + 0));
    float *dst = ((float *)(arena + rlx_at[1]));
    const int64_t rlx_run = (*((const int64_t *)((uint8_t *)slots[rlx_at[2]]))) * 1;
    const int64_t rlx_active = 1 * 3 * rlx_run;
    if (rlx_active * 64 >= 32768) {
        #pragma omp parallel for schedule(static) num_threads(2)
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 3) * 256;
            rlx_start_rest /= 3;
            rlx_start += (rlx_start_rest % 1) * 768;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const float *s = src + (r % 256) * 192 + ((r / 256) % 3) * 64;
            memcpy(dst + r * 64, s, 64 * sizeof *dst);
        }
    } else {
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 3) * 256;
            rlx_start_rest /= 3;
            rlx_start += (rlx_start_rest % 1) * 768;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const float *s = src + (r % 256) * 192 + ((r / 256) % 3) * 64;
            memcpy(dst + r * 64, s, 64 * sizeof *dst);
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t5(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *x = ((const float *)(arena + rlx_at[0]));
    float *y = ((float *)(arena + rlx_at[1]));
    const float *cs = ((const float *)((arena + rlx_at[2]) + 0));
    const float *sn = ((const float *)((arena + rlx_at[3]) + 0));
    const int64_t rlx_run = (*((const int64_t *)((uint8_t *)slots[rlx_at[4]]))) * 1;
    const int64_t rlx_active = 1 * 9 * rlx_run;
    if (rlx_active * 64 >= 32768) {
        #pragma omp parallel for schedule(static) num_threads(2)
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 9) * 256;
            rlx_start_rest /= 9;
            rlx_start += (rlx_start_rest % 1) * 2304;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const float *xr = x + r * 64;
            float *yr = y + r * 64;
            const int64_t t = (r % 256) * 32;
            for (int64_t i = 0; i < 32; i++) {
                const double c = (double)cs[t + i * 1];
                const double s = (double)sn[t + i * 1];
                const double a = (double)xr[2 * i];
                const double b = (double)xr[2 * i + 1];
                yr[2 * i] = (float)(a * c + (-b) * s);
                yr[2 * i + 1] = (float)(b * c + a * s);
            }
        }
    } else {
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 9) * 256;
            rlx_start_rest /= 9;
            rlx_start += (rlx_start_rest % 1) * 2304;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const float *xr = x + r * 64;
            float *yr = y + r * 64;
            const int64_t t = (r % 256) * 32;
            for (int64_t i = 0; i < 32; i++) {
                const double c = (double)cs[t + i * 1];
                const double s = (double)sn[t + i * 1];
                const double a = (double)xr[2 * i];
                const double b = (double)xr[2 * i + 1];
                yr[2 * i] = (float)(a * c + (-b) * s);
                yr[2 * i + 1] = (float)(b * c + a * s);
            }
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t6(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *x = ((const float *)(arena + rlx_at[0]));
    float *y = ((float *)(arena + rlx_at[1]));
    const float *cs = ((const float *)((arena + rlx_at[2]) + 0));
    const float *sn = ((const float *)((arena + rlx_at[3]) + 0));
    const int64_t rlx_run = (*((const int64_t *)((uint8_t *)slots[rlx_at[4]]))) * 1;
    const int64_t rlx_active = 1 * 3 * rlx_run;
    if (rlx_active * 64 >= 32768) {
        #pragma omp parallel for schedule(static) num_threads(2)
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 3) * 256;
            rlx_start_rest /= 3;
            rlx_start += (rlx_start_rest % 1) * 768;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const float *xr = x + r * 64;
            float *yr = y + r * 64;
            const int64_t t = (r % 256) * 32;
            for (int64_t i = 0; i < 32; i++) {
                const double c = (double)cs[t + i * 1];
                const double s = (double)sn[t + i * 1];
                const double a = (double)xr[2 * i];
                const double b = (double)xr[2 * i + 1];
                yr[2 * i] = (float)(a * c + (-b) * s);
                yr[2 * i + 1] = (float)(b * c + a * s);
            }
        }
    } else {
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 3) * 256;
            rlx_start_rest /= 3;
            rlx_start += (rlx_start_rest % 1) * 768;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const float *xr = x + r * 64;
            float *yr = y + r * 64;
            const int64_t t = (r % 256) * 32;
            for (int64_t i = 0; i < 32; i++) {
                const double c = (double)cs[t + i * 1];
                const double s = (double)sn[t + i * 1];
                const double a = (double)xr[2 * i];
                const double b = (double)xr[2 * i + 1];
                yr[2 * i] = (float)(a * c + (-b) * s);
                yr[2 * i + 1] = (float)(b * c + a * s);
            }
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t7(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const int64_t rlx_run = (*((const int64_t *)((uint8_t *)slots[rlx_at[0]]))) * 1;
    const int64_t rlx_active = 1 * 3 * rlx_run;
    if (rlx_active * 64 >= 32768) {
        #pragma omp parallel for schedule(static) num_threads(2)
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 3) * 256;
            rlx_start_rest /= 3;
            rlx_start += (rlx_start_rest % 1) * 768;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const int64_t ro0 = (r % 256) * 1;
            const int64_t ro1 = (r % 256) * 64 + ((r / 256) % 3) * 16384;
            const int64_t ro2 = 0;
            #pragma omp simd
            for (int64_t j = 0; j < 64; j++) {
                const uint8_t v0 = ((const uint8_t *)((arena + rlx_at[1]) + 0))[ro0];
                const float v1 = ((const float *)(arena + rlx_at[2]))[ro1 + j * 1];
                const float t2 = ((v0) ? (v1) : (0.0f));
                ((float *)((uint8_t *)slots[rlx_at[3]]))[r * 64 + j] = t2;
            }
        }
    } else {
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 3) * 256;
            rlx_start_rest /= 3;
            rlx_start += (rlx_start_rest % 1) * 768;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const int64_t ro0 = (r % 256) * 1;
            const int64_t ro1 = (r % 256) * 64 + ((r / 256) % 3) * 16384;
            const int64_t ro2 = 0;
            #pragma omp simd
            for (int64_t j = 0; j < 64; j++) {
                const uint8_t v0 = ((const uint8_t *)((arena + rlx_at[1]) + 0))[ro0];
                const float v1 = ((const float *)(arena + rlx_at[2]))[ro1 + j * 1];
                const float t2 = ((v0) ? (v1) : (0.0f));
                ((float *)((uint8_t *)slots[rlx_at[3]]))[r * 64 + j] = t2;
            }
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t8(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    float *rlx_scores = (float *)(arena + rlx_at[0]);
    float *rlx_att_b = (float *)(arena + rlx_at[1]);
    float *rlx_inv = (float *)(arena + rlx_at[2]);
    const int64_t rlx_et = (*((const int64_t *)((uint8_t *)slots[rlx_at[3]])));
    const int64_t rlx_es = (*((const int64_t *)((uint8_t *)slots[rlx_at[3]])));
    const int64_t rlx_ech = (rlx_es + 255) / 256;
    #pragma omp parallel for num_threads(2) schedule(static)
    for (int64_t task = 0; task < 1 * 9 * rlx_ech; task++) {
        const int64_t bi = task / (9 * rlx_ech), head = task / rlx_ech % 9;
        const int64_t kvh = head / 3, i0 = task % rlx_ech * 256;
        const int64_t n = rlx_es - i0 < 256 ? rlx_es - i0 : 256;
        const float *qp = ((const float *)(arena + rlx_at[4])) + bi * 147456 + head * 16384 + i0 * 64;
        const float *kp = ((const float *)((uint8_t *)slots[rlx_at[5]])) + bi * 49152 + kvh * 16384;
        const float *vp = ((const float *)((uint8_t *)slots[rlx_at[6]])) + bi * 49152 + kvh * 16384;
        float *op = ((float *)(arena + rlx_at[7])) + bi * 147456 + head * 64 + i0 * 576;
        float *sc = rlx_scores + (int64_t)rlx_thread_id() * 65536;
        float *bp = rlx_att_b + (int64_t)rlx_thread_id() * 16384;
        const int64_t ns = (n + 11) / 12;
        for (int64_t p = 0; p < (rlx_et + 31) / 32; p++) rlx_pk_pack_b(64, rlx_et, kp, 1, 64, bp, p);
        rlx_pk_gemm(n, rlx_et, 64, qp, 64, bp, sc, 256, 0, ns, 0, (rlx_et + 31) / 32, 0, slots, arena);
        float *inv = rlx_inv + (int64_t)rlx_thread_id() * 256;
        for (int64_t r = 0; r < n; r++) {
            float *row = sc + r * 256;
            const int64_t i = i0 + r;
            int64_t jlo = 0, jhi = rlx_et;
            jhi = i + 1 < rlx_et ? i + 1 : rlx_et;
            if (jhi < 0) jhi = 0;
            if (jlo > jhi) jlo = jhi;
            float mx = -INFINITY;
            {
                __typeof__(mx) mx_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    mx_l[l] = mx;
                }
                int64_t j_b = jlo;
                for (; j_b + 16 <= jhi; j_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t j = j_b + l;
                        mx_l[l] = row[j] > mx_l[l] ? row[j] : mx_l[l];
                    }
                }
                for (int l = 0; j_b + l < jhi; l++) {
                    const int64_t j = j_b + l;
                    mx_l[l] = row[j] > mx_l[l] ? row[j] : mx_l[l];
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) mx_l[l] = mx_l[l + w] > mx_l[l] ? mx_l[l + w] : mx_l[l];
                }
                mx = mx_l[0] > mx ? mx_l[0] : mx;
            }
            const float shift = mx > -INFINITY ? mx : 0;
            float sum = 0;
            {
                __typeof__(sum) sum_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    sum_l[l] = 0;
                }
                int64_t j_b = jlo;
                for (; j_b + 16 <= jhi; j_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t j = j_b + l;
                        const float e = rlx_expf_weight((row[j] - shift) * 0.125f);  /* exp(-inf) == 0: masked keys */
                        row[j] = e;
                        sum_l[l] += e;
                    }
                }
                for (int l = 0; j_b + l < jhi; l++) {
                    const int64_t j = j_b + l;
                    const float e = rlx_expf_weight((row[j] - shift) * 0.125f);  /* exp(-inf) == 0: masked keys */
                    row[j] = e;
                    sum_l[l] += e;
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) sum_l[l] = sum_l[l] + sum_l[l + w];
                }
                sum = sum + sum_l[0];
            }
            const float row_inv = sum != 0 ? 1 / sum : 0;
            for (int64_t j = 0; j < jlo; j++) row[j] = 0;
            for (int64_t j = jhi; j < rlx_et; j++) row[j] = 0;
            inv[r] = row_inv;
        }
        for (int64_t p = 0; p < 2; p++) rlx_pk_pack_b(rlx_et, 64, vp, 64, 1, bp, p);
        rlx_pk_gemm(n, 64, rlx_et, sc, 256, bp, op, 576, 0, ns, 0, 2, 0, slots, arena);
        for (int64_t r = 0; r < n; r++) {
            float *orow = op + r * 576;
            #pragma omp simd
            for (int64_t c = 0; c < 64; c++) orow[c] *= inv[r];
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t9(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *restrict x_all = ((const float *)((arena + rlx_at[0]) + 0));
    float *restrict y_all = ((float *)(arena + rlx_at[1]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[rlx_at[2]]));
    const int64_t rlx_len = (*((const int64_t *)((uint8_t *)slots[rlx_at[3]]))) * 1, rlx_runs = 1;
    if (rlx_runs == 1 || !(rlx_len > 16)) {
        for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = rlx_r;
            rlx_start += (rlx_start_rest % 1) * 256;
            rlx_start_rest /= 1;
            const float *restrict x = x_all + rlx_start * 576;
            float *restrict y = y_all + rlx_start * 576;
            if (rlx_len > 16) {
                float *xt = (float *)(arena + rlx_at[4]);
                if (rlx_len * 576 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t p = 0; p < (rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_len, 576, p, xt);
                } else {
                    for (int64_t p = 0; p < (rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_len, 576, p, xt);
                }
                if (rlx_len * 331776 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 48; g++)
                        rlx_gt_q4_1(q + g * 4320, 360, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_len, 576, 576, y + g * 12);
                } else {
                    for (int64_t g = 0; g < 48; g++)
                        rlx_gt_q4_1(q + g * 4320, 360, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_len, 576, 576, y + g * 12);
                }
            }
            else {
                if (rlx_len * 331776 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 144; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= rlx_len; m0 += 8) {
                            rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        }
                        switch (rlx_len - m0) {
                        case 7:
                            rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 6:
                            rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 5:
                            rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 4:
                            rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 3:
                            rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 2:
                            rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 1:
                            rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        default: break;
                        }
                    }
                } else {
                    for (int64_t g = 0; g < 144; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= rlx_len; m0 += 8) {
                            rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        }
                        switch (rlx_len - m0) {
                        case 7:
                            rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 6:
                            rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 5:
                            rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 4:
                            rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 3:
                            rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 2:
                            rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        case 1:
                            rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                            break;
                        default: break;
                        }
                    }
                }
            }
        }
    } else {
        float *x_runs = (float *)(arena + rlx_at[5]);
        float *y_runs = (float *)(arena + rlx_at[6]);
        if (rlx_runs * rlx_len * 576 >= 32768) {
            #pragma omp parallel for schedule(static) num_threads(2)
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(x_runs + rlx_r * rlx_len * 576, x_all + rlx_start * 576, rlx_len * 576 * sizeof(float));
            }
        } else {
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(x_runs + rlx_r * rlx_len * 576, x_all + rlx_start * 576, rlx_len * 576 * sizeof(float));
            }
        }
        const float *restrict x = x_runs;
        float *restrict y = y_runs;
        if (rlx_runs * rlx_len > 16) {
            float *xt = (float *)(arena + rlx_at[7]);
            if (rlx_runs * rlx_len * 576 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t p = 0; p < (rlx_runs * rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_runs * rlx_len, 576, p, xt);
            } else {
                for (int64_t p = 0; p < (rlx_runs * rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_runs * rlx_len, 576, p, xt);
            }
            if (rlx_runs * rlx_len * 331776 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t g = 0; g < 48; g++)
                    rlx_gt_q4_1(q + g * 4320, 360, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_runs * rlx_len, 576, 576, y + g * 12);
            } else {
                for (int64_t g = 0; g < 48; g++)
                    rlx_gt_q4_1(q + g * 4320, 360, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_runs * rlx_len, 576, 576, y + g * 12);
            }
        }
        else {
            if (rlx_runs * rlx_len * 331776 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t g = 0; g < 144; g++) {
                    int64_t m0 = 0;
                    for (; m0 + 8 <= rlx_runs * rlx_len; m0 += 8) {
                        rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                    }
                    switch (rlx_runs * rlx_len - m0) {
                    case 7:
                        rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 6:
                        rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 5:
                        rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 4:
                        rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 3:
                        rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 2:
                        rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 1:
                        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    default: break;
                    }
                }
            } else {
                for (int64_t g = 0; g < 144; g++) {
                    int64_t m0 = 0;
                    for (; m0 + 8 <= rlx_runs * rlx_len; m0 += 8) {
                        rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                    }
                    switch (rlx_runs * rlx_len - m0) {
                    case 7:
                        rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 6:
                        rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 5:
                        rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 4:
                        rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 3:
                        rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 2:
                        rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    case 1:
                        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 576 + g * 4, 576);
                        break;
                    default: break;
                    }
                }
            }
        }
        if (rlx_runs * rlx_len * 576 >= 32768) {
            #pragma omp parallel for schedule(static) num_threads(2)
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(y_all + rlx_start * 576, y_runs + rlx_r * rlx_len * 576, rlx_len * 576 * sizeof(float));
            }
        } else {
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(y_all + rlx_start * 576, y_runs + rlx_r * rlx_len * 576, rlx_len * 576 * sizeof(float));
            }
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t10(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const int64_t rlx_run = (*((const int64_t *)((uint8_t *)slots[rlx_at[0]]))) * 1;
    const int64_t rlx_active = 1 * rlx_run;
    if (rlx_active * 576 >= 32768) {
        #pragma omp parallel for schedule(static) num_threads(2)
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 1) * 256;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const int64_t ro0 = r * 576;
            const int64_t ro1 = r * 576;
            #pragma omp simd
            for (int64_t j = 0; j < 576; j++) {
                const float v0 = ((const float *)(arena + rlx_at[1]))[ro0 + j * 1];
                const float v1 = ((const float *)(arena + rlx_at[2]))[ro1 + j * 1];
                const float t2 = ((v0) + (v1));
                ((float *)(arena + rlx_at[1]))[r * 576 + j] = t2;
            }
        }
    } else {
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 1) * 256;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const int64_t ro0 = r * 576;
            const int64_t ro1 = r * 576;
            #pragma omp simd
            for (int64_t j = 0; j < 576; j++) {
                const float v0 = ((const float *)(arena + rlx_at[1]))[ro0 + j * 1];
                const float v1 = ((const float *)(arena + rlx_at[2]))[ro1 + j * 1];
                const float t2 = ((v0) + (v1));
                ((float *)(arena + rlx_at[1]))[r * 576 + j] = t2;
            }
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t11(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *restrict x_all = ((const float *)(arena + rlx_at[0]));
    float *restrict y_all = ((float *)(arena + rlx_at[1]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[rlx_at[2]]));
    const int64_t rlx_len = (*((const int64_t *)((uint8_t *)slots[rlx_at[3]]))) * 1, rlx_runs = 1;
    if (rlx_runs == 1 || !(rlx_len > 16)) {
        for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = rlx_r;
            rlx_start += (rlx_start_rest % 1) * 256;
            rlx_start_rest /= 1;
            const float *restrict x = x_all + rlx_start * 576;
            float *restrict y = y_all + rlx_start * 1536;
            if (rlx_len > 16) {
                float *xt = (float *)(arena + rlx_at[4]);
                if (rlx_len * 576 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t p = 0; p < (rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_len, 576, p, xt);
                } else {
                    for (int64_t p = 0; p < (rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_len, 576, p, xt);
                }
                if (rlx_len * 884736 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 128; g++)
                        rlx_gt_q4_1(q + g * 4320, 360, 1536 - g * 12 < 12 ? 1536 - g * 12 : 12, xt, rlx_len, 576, 1536, y + g * 12);
                } else {
                    for (int64_t g = 0; g < 128; g++)
                        rlx_gt_q4_1(q + g * 4320, 360, 1536 - g * 12 < 12 ? 1536 - g * 12 : 12, xt, rlx_len, 576, 1536, y + g * 12);
                }
            }
            else {
                if (rlx_len * 884736 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 384; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= rlx_len; m0 += 8) {
                            rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        }
                        switch (rlx_len - m0) {
                        case 7:
                            rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 6:
                            rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 5:
                            rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 4:
                            rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 3:
                            rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 2:
                            rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 1:
                            rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        default: break;
                        }
                    }
                } else {
                    for (int64_t g = 0; g < 384; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= rlx_len; m0 += 8) {
                            rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        }
                        switch (rlx_len - m0) {
                        case 7:
                            rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 6:
                            rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 5:
                            rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 4:
                            rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 3:
                            rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 2:
                            rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        case 1:
                            rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                            break;
                        default: break;
                        }
                    }
                }
            }
        }
    } else {
        float *x_runs = (float *)(arena + rlx_at[5]);
        float *y_runs = (float *)(arena + rlx_at[6]);
        if (rlx_runs * rlx_len * 576 >= 32768) {
            #pragma omp parallel for schedule(static) num_threads(2)
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(x_runs + rlx_r * rlx_len * 576, x_all + rlx_start * 576, rlx_len * 576 * sizeof(float));
            }
        } else {
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(x_runs + rlx_r * rlx_len * 576, x_all + rlx_start * 576, rlx_len * 576 * sizeof(float));
            }
        }
        const float *restrict x = x_runs;
        float *restrict y = y_runs;
        if (rlx_runs * rlx_len > 16) {
            float *xt = (float *)(arena + rlx_at[7]);
            if (rlx_runs * rlx_len * 576 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t p = 0; p < (rlx_runs * rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_runs * rlx_len, 576, p, xt);
            } else {
                for (int64_t p = 0; p < (rlx_runs * rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_runs * rlx_len, 576, p, xt);
            }
            if (rlx_runs * rlx_len * 884736 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t g = 0; g < 128; g++)
                    rlx_gt_q4_1(q + g * 4320, 360, 1536 - g * 12 < 12 ? 1536 - g * 12 : 12, xt, rlx_runs * rlx_len, 576, 1536, y + g * 12);
            } else {
                for (int64_t g = 0; g < 128; g++)
                    rlx_gt_q4_1(q + g * 4320, 360, 1536 - g * 12 < 12 ? 1536 - g * 12 : 12, xt, rlx_runs * rlx_len, 576, 1536, y + g * 12);
            }
        }
        else {
            if (rlx_runs * rlx_len * 884736 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t g = 0; g < 384; g++) {
                    int64_t m0 = 0;
                    for (; m0 + 8 <= rlx_runs * rlx_len; m0 += 8) {
                        rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                    }
                    switch (rlx_runs * rlx_len - m0) {
                    case 7:
                        rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 6:
                        rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 5:
                        rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 4:
                        rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 3:
                        rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 2:
                        rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 1:
                        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    default: break;
                    }
                }
            } else {
                for (int64_t g = 0; g < 384; g++) {
                    int64_t m0 = 0;
                    for (; m0 + 8 <= rlx_runs * rlx_len; m0 += 8) {
                        rlx_gv4x8_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                    }
                    switch (rlx_runs * rlx_len - m0) {
                    case 7:
                        rlx_gv4x7_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 6:
                        rlx_gv4x6_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 5:
                        rlx_gv4x5_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 4:
                        rlx_gv4x4_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 3:
                        rlx_gv4x3_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 2:
                        rlx_gv4x2_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    case 1:
                        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + m0 * 576, 576, y + m0 * 1536 + g * 4, 1536);
                        break;
                    default: break;
                    }
                }
            }
        }
        if (rlx_runs * rlx_len * 1536 >= 32768) {
            #pragma omp parallel for schedule(static) num_threads(2)
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(y_all + rlx_start * 1536, y_runs + rlx_r * rlx_len * 1536, rlx_len * 1536 * sizeof(float));
            }
        } else {
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(y_all + rlx_start * 1536, y_runs + rlx_r * rlx_len * 1536, rlx_len * 1536 * sizeof(float));
            }
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t12(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const int64_t rlx_run = (*((const int64_t *)((uint8_t *)slots[rlx_at[0]]))) * 1;
    const int64_t rlx_active = 1 * rlx_run;
    if (rlx_active * 9216 >= 32768) {
        #pragma omp parallel for schedule(static) num_threads(2)
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 1) * 256;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const int64_t ro0 = r * 1536;
            const int64_t ro1 = r * 1536;
            #pragma omp simd
            for (int64_t j = 0; j < 1536; j++) {
                const float v0 = ((const float *)(arena + rlx_at[1]))[ro0 + j * 1];
                const float v1 = ((const float *)(arena + rlx_at[2]))[ro1 + j * 1];
                const float t2 = rlx_siluf(v0);
                const float t3 = ((t2) * (v1));
                ((float *)(arena + rlx_at[1]))[r * 1536 + j] = t3;
            }
        }
    } else {
        for (int64_t ar = 0; ar < rlx_active; ar++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = ar / rlx_run;
            rlx_start += (rlx_start_rest % 1) * 256;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + ar % rlx_run;
            const int64_t ro0 = r * 1536;
            const int64_t ro1 = r * 1536;
            #pragma omp simd
            for (int64_t j = 0; j < 1536; j++) {
                const float v0 = ((const float *)(arena + rlx_at[1]))[ro0 + j * 1];
                const float v1 = ((const float *)(arena + rlx_at[2]))[ro1 + j * 1];
                const float t2 = rlx_siluf(v0);
                const float t3 = ((t2) * (v1));
                ((float *)(arena + rlx_at[1]))[r * 1536 + j] = t3;
            }
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t13(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *restrict x_all = ((const float *)(arena + rlx_at[0]));
    float *restrict y_all = ((float *)(arena + rlx_at[1]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[rlx_at[2]]));
    const int64_t rlx_len = (*((const int64_t *)((uint8_t *)slots[rlx_at[3]]))) * 1, rlx_runs = 1;
    if (rlx_runs == 1 || !(rlx_len > 16)) {
        for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = rlx_r;
            rlx_start += (rlx_start_rest % 1) * 256;
            rlx_start_rest /= 1;
            const float *restrict x = x_all + rlx_start * 1536;
            float *restrict y = y_all + rlx_start * 576;
            if (rlx_len > 16) {
                float *xt = (float *)(arena + rlx_at[4]);
                if (rlx_len * 1536 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t p = 0; p < (rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_len, 1536, p, xt);
                } else {
                    for (int64_t p = 0; p < (rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_len, 1536, p, xt);
                }
                if (rlx_len * 884736 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 48; g++)
                        rlx_gt_q4_1(q + g * 11520, 960, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_len, 1536, 576, y + g * 12);
                } else {
                    for (int64_t g = 0; g < 48; g++)
                        rlx_gt_q4_1(q + g * 11520, 960, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_len, 1536, 576, y + g * 12);
                }
            }
            else {
                if (rlx_len * 884736 >= 32768) {
                    #pragma omp parallel for schedule(static) num_threads(2)
                    for (int64_t g = 0; g < 144; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= rlx_len; m0 += 8) {
                            rlx_gv4x8_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        }
                        switch (rlx_len - m0) {
                        case 7:
                            rlx_gv4x7_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 6:
                            rlx_gv4x6_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 5:
                            rlx_gv4x5_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 4:
                            rlx_gv4x4_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 3:
                            rlx_gv4x3_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 2:
                            rlx_gv4x2_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 1:
                            rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        default: break;
                        }
                    }
                } else {
                    for (int64_t g = 0; g < 144; g++) {
                        int64_t m0 = 0;
                        for (; m0 + 8 <= rlx_len; m0 += 8) {
                            rlx_gv4x8_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        }
                        switch (rlx_len - m0) {
                        case 7:
                            rlx_gv4x7_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 6:
                            rlx_gv4x6_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 5:
                            rlx_gv4x5_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 4:
                            rlx_gv4x4_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 3:
                            rlx_gv4x3_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 2:
                            rlx_gv4x2_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        case 1:
                            rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                            break;
                        default: break;
                        }
                    }
                }
            }
        }
    } else {
        float *x_runs = (float *)(arena + rlx_at[5]);
        float *y_runs = (float *)(arena + rlx_at[6]);
        if (rlx_runs * rlx_len * 1536 >= 32768) {
            #pragma omp parallel for schedule(static) num_threads(2)
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(x_runs + rlx_r * rlx_len * 1536, x_all + rlx_start * 1536, rlx_len * 1536 * sizeof(float));
            }
        } else {
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(x_runs + rlx_r * rlx_len * 1536, x_all + rlx_start * 1536, rlx_len * 1536 * sizeof(float));
            }
        }
        const float *restrict x = x_runs;
        float *restrict y = y_runs;
        if (rlx_runs * rlx_len > 16) {
            float *xt = (float *)(arena + rlx_at[7]);
            if (rlx_runs * rlx_len * 1536 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t p = 0; p < (rlx_runs * rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_runs * rlx_len, 1536, p, xt);
            } else {
                for (int64_t p = 0; p < (rlx_runs * rlx_len + RLX_G_NX - 1) / RLX_G_NX; p++) rlx_g_pack_x(x, rlx_runs * rlx_len, 1536, p, xt);
            }
            if (rlx_runs * rlx_len * 884736 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t g = 0; g < 48; g++)
                    rlx_gt_q4_1(q + g * 11520, 960, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_runs * rlx_len, 1536, 576, y + g * 12);
            } else {
                for (int64_t g = 0; g < 48; g++)
                    rlx_gt_q4_1(q + g * 11520, 960, 576 - g * 12 < 12 ? 576 - g * 12 : 12, xt, rlx_runs * rlx_len, 1536, 576, y + g * 12);
            }
        }
        else {
            if (rlx_runs * rlx_len * 884736 >= 32768) {
                #pragma omp parallel for schedule(static) num_threads(2)
                for (int64_t g = 0; g < 144; g++) {
                    int64_t m0 = 0;
                    for (; m0 + 8 <= rlx_runs * rlx_len; m0 += 8) {
                        rlx_gv4x8_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                    }
                    switch (rlx_runs * rlx_len - m0) {
                    case 7:
                        rlx_gv4x7_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 6:
                        rlx_gv4x6_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 5:
                        rlx_gv4x5_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 4:
                        rlx_gv4x4_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 3:
                        rlx_gv4x3_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 2:
                        rlx_gv4x2_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 1:
                        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    default: break;
                    }
                }
            } else {
                for (int64_t g = 0; g < 144; g++) {
                    int64_t m0 = 0;
                    for (; m0 + 8 <= rlx_runs * rlx_len; m0 += 8) {
                        rlx_gv4x8_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                    }
                    switch (rlx_runs * rlx_len - m0) {
                    case 7:
                        rlx_gv4x7_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 6:
                        rlx_gv4x6_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 5:
                        rlx_gv4x5_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 4:
                        rlx_gv4x4_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 3:
                        rlx_gv4x3_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 2:
                        rlx_gv4x2_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    case 1:
                        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + m0 * 1536, 1536, y + m0 * 576 + g * 4, 576);
                        break;
                    default: break;
                    }
                }
            }
        }
        if (rlx_runs * rlx_len * 576 >= 32768) {
            #pragma omp parallel for schedule(static) num_threads(2)
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(y_all + rlx_start * 576, y_runs + rlx_r * rlx_len * 576, rlx_len * 576 * sizeof(float));
            }
        } else {
            for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++) {
                int64_t rlx_start = 0;
                int64_t rlx_start_rest = rlx_r;
                rlx_start += (rlx_start_rest % 1) * 256;
                rlx_start_rest /= 1;
                memcpy(y_all + rlx_start * 576, y_runs + rlx_r * rlx_len * 576, rlx_len * 576 * sizeof(float));
            }
        }
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k1_lt: elementwise: lt */
static int rlx_k1(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 256; j++) {
        const int64_t v3 = ((const int64_t *)((uint8_t *)slots[338]))[j * 1];
        const int64_t v8 = ((const int64_t *)((uint8_t *)slots[4]))[0];
        const uint8_t t9 = (uint8_t)((v3) < (v8));
        ((uint8_t *)(arena + 0))[j] = (uint8_t)((t9) != 0);
    }
    return 0;
}

/* k3_minimum_where: elementwise: minimum + where */
static int rlx_k3(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 256; j++) {
        const int64_t v4 = ((const int64_t *)(((uint8_t *)slots[338]) + 0))[j * 1];
        const uint8_t v10 = ((const uint8_t *)((arena + 0) + 0))[j * 1];
        const int64_t t6 = rlx_min_keep_nan(v4, ((int64_t)2047LL));
        const int64_t t12 = ((v10) ? (t6) : (((int64_t)0LL)));
        ((int64_t *)(arena + 256))[j] = t12;
    }
    return 0;
}

/* k4_gather: op: gather */
static int rlx_k4(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const int64_t *idx = ((const int64_t *)(arena + 256));
    const int64_t rlx_run = (*((const int64_t *)((uint8_t *)slots[4]))) * 1;
    const int64_t rlx_active = 1 * rlx_run;
    for (int64_t a = 0; a < rlx_active; a++) {
        int64_t rlx_start = 0;
        int64_t rlx_start_rest = a / rlx_run;
        rlx_start += (rlx_start_rest % 1) * 256;
        rlx_start_rest /= 1;
        const int64_t j = rlx_start + a % rlx_run;
        const int64_t v = (int64_t)idx[j];
        if (v < -2048 || v >= 2048) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%13 = gather(%%7, %%12) : f32[1,new<=256,32]: gather: index %lld is out of range for axis 0 of size 2048 (valid: -2048..2047)", (long long)v);
            return 1;
        }
    }
    const float *src = ((const float *)((uint8_t *)slots[3]));
    float *dst = ((float *)(arena + 2304));
    for (int64_t a = 0; a < rlx_active; a++) {
        int64_t rlx_start = 0;
        int64_t rlx_start_rest = a / rlx_run;
        rlx_start += (rlx_start_rest % 1) * 256;
        rlx_start_rest /= 1;
        const int64_t t = rlx_start + a % rlx_run;
        int64_t v = (int64_t)idx[t % 256];
        if (v < 0) v += 2048;
        const int64_t from = ((t / 256) * 2048 + v) * 32;
        memcpy(dst + t * 32, src + from, 32 * sizeof *dst);
    }
    return 0;
}

/* k5_gather: op: gather */
static int rlx_k5(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const int64_t *idx = ((const int64_t *)(arena + 256));
    const int64_t rlx_run = (*((const int64_t *)((uint8_t *)slots[4]))) * 1;
    const int64_t rlx_active = 1 * rlx_run;
    for (int64_t a = 0; a < rlx_active; a++) {
        int64_t rlx_start = 0;
        int64_t rlx_start_rest = a / rlx_run;
        rlx_start += (rlx_start_rest % 1) * 256;
        rlx_start_rest /= 1;
        const int64_t j = rlx_start + a % rlx_run;
        const int64_t v = (int64_t)idx[j];
        if (v < -2048 || v >= 2048) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%15 = gather(%%14, %%12) : f32[1,new<=256,32]: gather: index %lld is out of range for axis 0 of size 2048 (valid: -2048..2047)", (long long)v);
            return 1;
        }
    }
    const float *src = ((const float *)((uint8_t *)slots[5]));
    float *dst = ((float *)(arena + 35072));
    for (int64_t a = 0; a < rlx_active; a++) {
        int64_t rlx_start = 0;
        int64_t rlx_start_rest = a / rlx_run;
        rlx_start += (rlx_start_rest % 1) * 256;
        rlx_start_rest /= 1;
        const int64_t t = rlx_start + a % rlx_run;
        int64_t v = (int64_t)idx[t % 256];
        if (v < 0) v += 2048;
        const int64_t from = ((t / 256) * 2048 + v) * 32;
        memcpy(dst + t * 32, src + from, 32 * sizeof *dst);
    }
    return 0;
}

/* k9_le: elementwise: le */
static int rlx_k9(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 256; j++) {
        const int64_t v4 = ((const int64_t *)(((uint8_t *)slots[338]) + 0))[j * 1];
        const int64_t v18 = ((const int64_t *)(((uint8_t *)slots[2]) + 0))[0];
        const uint8_t t19 = (uint8_t)((v4) <= (v18));
        ((uint8_t *)(arena + 0))[j] = (uint8_t)((t19) != 0);
    }
    return 0;
}

/* k11_dequant_gather: op: dequant_gather */
static int rlx_k11(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *restrict y = ((float *)(arena + 67840));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[6]));
    const int64_t *ix = ((const int64_t *)((uint8_t *)slots[0]));
    const int64_t rlx_run = (*((const int64_t *)((uint8_t *)slots[4]))) * 1;
    const int64_t rlx_active = 1 * rlx_run;
    for (int64_t a = 0; a < rlx_active; a++) {
        int64_t rlx_start = 0;
        int64_t rlx_start_rest = a / rlx_run;
        rlx_start += (rlx_start_rest % 1) * 256;
        rlx_start_rest /= 1;
        const int64_t r = rlx_start + a % rlx_run;
        if (ix[r] < -49152 || ix[r] >= 49152) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%22 = dequant_gather(%%0, %%21, block=32, k=576, n=49152, scheme='q8_0') : f32[1,new<=256,576]: dequant_gather: index %lld is out of range for a table of 49152 rows (valid: -49152..49151)", (long long)ix[r]);
            return 1;
        }
    }
    if (rlx_active * 576 >= 32768) {
        #pragma omp parallel for schedule(static) num_threads(2)
        for (int64_t a = 0; a < rlx_active; a++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = a / rlx_run;
            rlx_start += (rlx_start_rest % 1) * 256;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + a % rlx_run;
            float buf[256] __attribute__((aligned(64)));
            const int64_t row = ix[r] < 0 ? (int64_t)ix[r] + 49152 : (int64_t)ix[r];
            const uint8_t *qr = q + row * 612;
            const float rs = 1.0f;
            for (int64_t c0 = 0; c0 < 576; c0 += 256) {
                const int64_t len = 576 - c0 < 256 ? 576 - c0 : 256;
                rlx_dq_q8_0(qr, NULL, c0, len, buf);
                for (int64_t c = 0; c < len; c++) y[r * 576 + c0 + c] = buf[c] * rs;
            }
        }
    } else {
        for (int64_t a = 0; a < rlx_active; a++) {
            int64_t rlx_start = 0;
            int64_t rlx_start_rest = a / rlx_run;
            rlx_start += (rlx_start_rest % 1) * 256;
            rlx_start_rest /= 1;
            const int64_t r = rlx_start + a % rlx_run;
            float buf[256] __attribute__((aligned(64)));
            const int64_t row = ix[r] < 0 ? (int64_t)ix[r] + 49152 : (int64_t)ix[r];
            const uint8_t *qr = q + row * 612;
            const float rs = 1.0f;
            for (int64_t c0 = 0; c0 < 576; c0 += 256) {
                const int64_t len = 576 - c0 < 256 ? 576 - c0 : 256;
                rlx_dq_q8_0(qr, NULL, c0, len, buf);
                for (int64_t c = 0; c < len; c++) y[r * 576 + c0 + c] = buf[c] * rs;
            }
        }
    }
    return 0;
}

/* k12_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k12(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 9, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k13_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k13(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 10, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k15_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k15(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k16_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k16(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 11, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k18_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k18(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k19_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k19(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 12, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k21_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k21(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k22_rope: op: rope (the code of rlx_t5) */
static int rlx_k22(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k23_rope: op: rope (the code of rlx_t6) */
static int rlx_k23(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k24_where: elementwise: where (the code of rlx_t7) */
static int rlx_k24(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 344};
    return rlx_t7(slots, arena, ctl, at);
}

/* k25_where: elementwise: where (the code of rlx_t7) */
static int rlx_k25(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 345};
    return rlx_t7(slots, arena, ctl, at);
}

/* k26_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k26(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 344, 345, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k28_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k28(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 13, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k29_add: elementwise: add (the code of rlx_t10) */
static int rlx_k29(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k30_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k30(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 14, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k31_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k31(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 15, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k32_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k32(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 16, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k33_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k33(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k34_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k34(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 17, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k35_add: elementwise: add (the code of rlx_t10) */
static int rlx_k35(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k36_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k36(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 20, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k37_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k37(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 21, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k39_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k39(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k40_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k40(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 22, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k42_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k42(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k43_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k43(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 23, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k45_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k45(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k46_rope: op: rope (the code of rlx_t5) */
static int rlx_k46(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k47_rope: op: rope (the code of rlx_t6) */
static int rlx_k47(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k48_where: elementwise: where (the code of rlx_t7) */
static int rlx_k48(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 346};
    return rlx_t7(slots, arena, ctl, at);
}

/* k49_where: elementwise: where (the code of rlx_t7) */
static int rlx_k49(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 347};
    return rlx_t7(slots, arena, ctl, at);
}

/* k50_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k50(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 346, 347, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k52_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k52(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 24, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k53_add: elementwise: add (the code of rlx_t10) */
static int rlx_k53(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k54_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k54(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 25, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k55_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k55(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 26, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k56_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k56(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 27, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k57_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k57(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k58_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k58(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 28, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k59_add: elementwise: add (the code of rlx_t10) */
static int rlx_k59(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k60_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k60(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 31, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k61_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k61(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 32, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k63_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k63(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k64_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k64(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 33, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k66_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k66(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k67_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k67(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 34, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k69_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k69(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k70_rope: op: rope (the code of rlx_t5) */
static int rlx_k70(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k71_rope: op: rope (the code of rlx_t6) */
static int rlx_k71(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k72_where: elementwise: where (the code of rlx_t7) */
static int rlx_k72(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 348};
    return rlx_t7(slots, arena, ctl, at);
}

/* k73_where: elementwise: where (the code of rlx_t7) */
static int rlx_k73(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 349};
    return rlx_t7(slots, arena, ctl, at);
}

/* k74_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k74(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 348, 349, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k76_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k76(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 35, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k77_add: elementwise: add (the code of rlx_t10) */
static int rlx_k77(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k78_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k78(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 36, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k79_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k79(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 37, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k80_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k80(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 38, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k81_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k81(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k82_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k82(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 39, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k83_add: elementwise: add (the code of rlx_t10) */
static int rlx_k83(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k84_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k84(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 42, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k85_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k85(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 43, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k87_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k87(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k88_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k88(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 44, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k90_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k90(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k91_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k91(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 45, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k93_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k93(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k94_rope: op: rope (the code of rlx_t5) */
static int rlx_k94(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k95_rope: op: rope (the code of rlx_t6) */
static int rlx_k95(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k96_where: elementwise: where (the code of rlx_t7) */
static int rlx_k96(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 350};
    return rlx_t7(slots, arena, ctl, at);
}

/* k97_where: elementwise: where (the code of rlx_t7) */
static int rlx_k97(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 351};
    return rlx_t7(slots, arena, ctl, at);
}

/* k98_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k98(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 350, 351, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k100_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k100(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 46, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k101_add: elementwise: add (the code of rlx_t10) */
static int rlx_k101(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k102_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k102(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 47, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k103_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k103(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 48, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k104_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k104(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 49, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k105_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k105(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k106_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k106(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 50, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k107_add: elementwise: add (the code of rlx_t10) */
static int rlx_k107(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k108_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k108(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 53, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k109_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k109(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 54, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k111_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k111(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k112_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k112(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 55, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k114_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k114(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k115_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k115(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 56, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k117_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k117(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k118_rope: op: rope (the code of rlx_t5) */
static int rlx_k118(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k119_rope: op: rope (the code of rlx_t6) */
static int rlx_k119(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k120_where: elementwise: where (the code of rlx_t7) */
static int rlx_k120(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 352};
    return rlx_t7(slots, arena, ctl, at);
}

/* k121_where: elementwise: where (the code of rlx_t7) */
static int rlx_k121(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 353};
    return rlx_t7(slots, arena, ctl, at);
}

/* k122_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k122(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 352, 353, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k124_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k124(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 57, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k125_add: elementwise: add (the code of rlx_t10) */
static int rlx_k125(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k126_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k126(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 58, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k127_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k127(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 59, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k128_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k128(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 60, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k129_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k129(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k130_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k130(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 61, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k131_add: elementwise: add (the code of rlx_t10) */
static int rlx_k131(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k132_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k132(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 64, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k133_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k133(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 65, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k135_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k135(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k136_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k136(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 66, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k138_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k138(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k139_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k139(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 67, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k141_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k141(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k142_rope: op: rope (the code of rlx_t5) */
static int rlx_k142(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k143_rope: op: rope (the code of rlx_t6) */
static int rlx_k143(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k144_where: elementwise: where (the code of rlx_t7) */
static int rlx_k144(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 354};
    return rlx_t7(slots, arena, ctl, at);
}

/* k145_where: elementwise: where (the code of rlx_t7) */
static int rlx_k145(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 355};
    return rlx_t7(slots, arena, ctl, at);
}

/* k146_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k146(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 354, 355, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k148_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k148(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 68, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k149_add: elementwise: add (the code of rlx_t10) */
static int rlx_k149(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k150_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k150(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 69, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k151_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k151(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 70, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k152_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k152(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 71, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k153_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k153(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k154_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k154(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 72, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k155_add: elementwise: add (the code of rlx_t10) */
static int rlx_k155(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k156_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k156(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 75, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k157_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k157(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 76, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k159_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k159(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k160_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k160(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 77, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k162_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k162(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k163_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k163(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 78, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k165_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k165(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k166_rope: op: rope (the code of rlx_t5) */
static int rlx_k166(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k167_rope: op: rope (the code of rlx_t6) */
static int rlx_k167(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k168_where: elementwise: where (the code of rlx_t7) */
static int rlx_k168(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 356};
    return rlx_t7(slots, arena, ctl, at);
}

/* k169_where: elementwise: where (the code of rlx_t7) */
static int rlx_k169(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 357};
    return rlx_t7(slots, arena, ctl, at);
}

/* k170_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k170(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 356, 357, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k172_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k172(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 79, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k173_add: elementwise: add (the code of rlx_t10) */
static int rlx_k173(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k174_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k174(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 80, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k175_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k175(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 81, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k176_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k176(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 82, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k177_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k177(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k178_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k178(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 83, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k179_add: elementwise: add (the code of rlx_t10) */
static int rlx_k179(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k180_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k180(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 86, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k181_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k181(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 87, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k183_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k183(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k184_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k184(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 88, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k186_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k186(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k187_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k187(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 89, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k189_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k189(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k190_rope: op: rope (the code of rlx_t5) */
static int rlx_k190(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k191_rope: op: rope (the code of rlx_t6) */
static int rlx_k191(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k192_where: elementwise: where (the code of rlx_t7) */
static int rlx_k192(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 358};
    return rlx_t7(slots, arena, ctl, at);
}

/* k193_where: elementwise: where (the code of rlx_t7) */
static int rlx_k193(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 359};
    return rlx_t7(slots, arena, ctl, at);
}

/* k194_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k194(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 358, 359, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k196_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k196(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 90, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k197_add: elementwise: add (the code of rlx_t10) */
static int rlx_k197(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k198_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k198(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 91, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k199_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k199(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 92, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k200_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k200(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 93, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k201_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k201(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k202_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k202(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 94, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k203_add: elementwise: add (the code of rlx_t10) */
static int rlx_k203(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k204_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k204(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 97, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k205_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k205(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 98, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k207_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k207(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k208_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k208(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 99, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k210_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k210(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k211_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k211(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 100, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k213_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k213(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k214_rope: op: rope (the code of rlx_t5) */
static int rlx_k214(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k215_rope: op: rope (the code of rlx_t6) */
static int rlx_k215(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k216_where: elementwise: where (the code of rlx_t7) */
static int rlx_k216(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 360};
    return rlx_t7(slots, arena, ctl, at);
}

/* k217_where: elementwise: where (the code of rlx_t7) */
static int rlx_k217(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 361};
    return rlx_t7(slots, arena, ctl, at);
}

/* k218_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k218(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 360, 361, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k220_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k220(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 101, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k221_add: elementwise: add (the code of rlx_t10) */
static int rlx_k221(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k222_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k222(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 102, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k223_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k223(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 103, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k224_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k224(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 104, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k225_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k225(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k226_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k226(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 105, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k227_add: elementwise: add (the code of rlx_t10) */
static int rlx_k227(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k228_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k228(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 108, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k229_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k229(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 109, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k231_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k231(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k232_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k232(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 110, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k234_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k234(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k235_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k235(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 111, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k237_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k237(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k238_rope: op: rope (the code of rlx_t5) */
static int rlx_k238(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k239_rope: op: rope (the code of rlx_t6) */
static int rlx_k239(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k240_where: elementwise: where (the code of rlx_t7) */
static int rlx_k240(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 362};
    return rlx_t7(slots, arena, ctl, at);
}

/* k241_where: elementwise: where (the code of rlx_t7) */
static int rlx_k241(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 363};
    return rlx_t7(slots, arena, ctl, at);
}

/* k242_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k242(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 362, 363, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k244_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k244(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 112, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k245_add: elementwise: add (the code of rlx_t10) */
static int rlx_k245(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k1(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k3(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k4(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k5(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k9(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k11(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k12(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k13(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k15(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k16(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k18(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k19(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k21(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k22(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k23(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k24(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k25(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k26(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k28(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k29(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k30(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k31(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k32(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k33(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k34(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k35(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k36(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k37(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k39(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k40(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k42(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k43(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k45(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k46(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k47(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k48(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k49(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k50(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k52(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k53(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k54(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k55(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k56(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k57(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k58(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k59(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k60(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k61(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k63(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k64(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k66(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k67(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k69(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k70(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k71(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k72(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k73(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k74(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k76(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k77(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k78(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k79(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k80(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k81(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k82(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k83(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k84(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k85(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k87(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k88(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k90(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k91(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k93(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k94(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k95(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k96(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k97(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k98(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k100(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k101(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k102(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k103(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k104(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k105(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k106(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k107(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k108(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k109(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k111(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k112(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k114(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k115(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k117(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k118(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k119(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k120(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k121(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k122(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k124(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k125(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k126(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k127(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k128(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k129(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k130(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k131(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k132(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k133(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k135(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k136(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k138(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k139(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k141(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k142(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k143(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k144(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k145(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k146(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k148(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k149(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k150(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k151(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k152(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k153(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k154(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k155(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k156(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k157(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k159(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k160(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k162(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k163(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k165(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k166(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k167(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k168(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k169(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k170(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k172(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k173(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k174(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k175(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k176(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k177(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k178(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k179(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k180(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k181(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k183(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k184(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k186(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k187(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k189(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k190(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k191(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k192(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k193(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k194(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k196(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k197(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k198(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k199(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k200(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k201(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k202(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k203(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k204(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k205(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k207(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k208(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k210(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k211(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k213(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k214(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k215(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k216(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k217(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k218(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k220(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k221(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k222(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k223(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k224(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k225(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k226(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k227(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k228(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k229(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k231(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k232(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k234(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k235(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k237(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k238(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k239(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k240(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k241(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k242(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k244(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k245(slots, arena, ctl)) != 0) return rc;
    return 0;
}
#endif

RLX_PART_FN int rlx_part1(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 1
/* k246_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k246(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 113, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k247_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k247(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 114, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k248_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k248(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 115, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k249_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k249(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k250_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k250(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 116, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k251_add: elementwise: add (the code of rlx_t10) */
static int rlx_k251(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k252_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k252(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 119, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k253_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k253(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 120, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k255_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k255(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k256_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k256(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 121, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k258_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k258(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k259_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k259(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 122, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k261_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k261(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k262_rope: op: rope (the code of rlx_t5) */
static int rlx_k262(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k263_rope: op: rope (the code of rlx_t6) */
static int rlx_k263(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k264_where: elementwise: where (the code of rlx_t7) */
static int rlx_k264(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 364};
    return rlx_t7(slots, arena, ctl, at);
}

/* k265_where: elementwise: where (the code of rlx_t7) */
static int rlx_k265(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 365};
    return rlx_t7(slots, arena, ctl, at);
}

/* k266_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k266(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 364, 365, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k268_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k268(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 123, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k269_add: elementwise: add (the code of rlx_t10) */
static int rlx_k269(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k270_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k270(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 124, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k271_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k271(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 125, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k272_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k272(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 126, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k273_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k273(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k274_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k274(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 127, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k275_add: elementwise: add (the code of rlx_t10) */
static int rlx_k275(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k276_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k276(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 130, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k277_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k277(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 131, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k279_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k279(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k280_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k280(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 132, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k282_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k282(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k283_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k283(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 133, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k285_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k285(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k286_rope: op: rope (the code of rlx_t5) */
static int rlx_k286(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k287_rope: op: rope (the code of rlx_t6) */
static int rlx_k287(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k288_where: elementwise: where (the code of rlx_t7) */
static int rlx_k288(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 366};
    return rlx_t7(slots, arena, ctl, at);
}

/* k289_where: elementwise: where (the code of rlx_t7) */
static int rlx_k289(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 367};
    return rlx_t7(slots, arena, ctl, at);
}

/* k290_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k290(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 366, 367, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k292_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k292(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 134, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k293_add: elementwise: add (the code of rlx_t10) */
static int rlx_k293(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k294_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k294(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 135, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k295_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k295(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 136, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k296_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k296(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 137, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k297_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k297(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k298_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k298(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 138, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k299_add: elementwise: add (the code of rlx_t10) */
static int rlx_k299(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k300_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k300(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 141, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k301_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k301(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 142, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k303_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k303(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k304_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k304(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 143, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k306_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k306(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k307_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k307(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 144, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k309_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k309(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k310_rope: op: rope (the code of rlx_t5) */
static int rlx_k310(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k311_rope: op: rope (the code of rlx_t6) */
static int rlx_k311(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k312_where: elementwise: where (the code of rlx_t7) */
static int rlx_k312(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 368};
    return rlx_t7(slots, arena, ctl, at);
}

/* k313_where: elementwise: where (the code of rlx_t7) */
static int rlx_k313(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 369};
    return rlx_t7(slots, arena, ctl, at);
}

/* k314_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k314(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 368, 369, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k316_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k316(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 145, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k317_add: elementwise: add (the code of rlx_t10) */
static int rlx_k317(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k318_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k318(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 146, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k319_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k319(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 147, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k320_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k320(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 148, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k321_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k321(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k322_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k322(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 149, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k323_add: elementwise: add (the code of rlx_t10) */
static int rlx_k323(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k324_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k324(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 152, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k325_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k325(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 153, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k327_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k327(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k328_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k328(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 154, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k330_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k330(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k331_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k331(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 155, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k333_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k333(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k334_rope: op: rope (the code of rlx_t5) */
static int rlx_k334(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k335_rope: op: rope (the code of rlx_t6) */
static int rlx_k335(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k336_where: elementwise: where (the code of rlx_t7) */
static int rlx_k336(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 370};
    return rlx_t7(slots, arena, ctl, at);
}

/* k337_where: elementwise: where (the code of rlx_t7) */
static int rlx_k337(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 371};
    return rlx_t7(slots, arena, ctl, at);
}

/* k338_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k338(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 370, 371, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k340_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k340(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 156, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k341_add: elementwise: add (the code of rlx_t10) */
static int rlx_k341(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k342_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k342(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 157, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k343_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k343(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 158, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k344_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k344(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 159, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k345_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k345(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k346_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k346(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 160, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k347_add: elementwise: add (the code of rlx_t10) */
static int rlx_k347(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k348_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k348(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 163, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k349_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k349(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 164, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k351_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k351(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k352_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k352(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 165, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k354_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k354(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k355_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k355(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 166, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k357_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k357(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k358_rope: op: rope (the code of rlx_t5) */
static int rlx_k358(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k359_rope: op: rope (the code of rlx_t6) */
static int rlx_k359(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k360_where: elementwise: where (the code of rlx_t7) */
static int rlx_k360(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 372};
    return rlx_t7(slots, arena, ctl, at);
}

/* k361_where: elementwise: where (the code of rlx_t7) */
static int rlx_k361(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 373};
    return rlx_t7(slots, arena, ctl, at);
}

/* k362_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k362(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 372, 373, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k364_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k364(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 167, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k365_add: elementwise: add (the code of rlx_t10) */
static int rlx_k365(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k366_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k366(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 168, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k367_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k367(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 169, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k368_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k368(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 170, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k369_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k369(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k370_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k370(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 171, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k371_add: elementwise: add (the code of rlx_t10) */
static int rlx_k371(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k372_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k372(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 174, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k373_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k373(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 175, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k375_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k375(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k376_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k376(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 176, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k378_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k378(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k379_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k379(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 177, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k381_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k381(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k382_rope: op: rope (the code of rlx_t5) */
static int rlx_k382(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k383_rope: op: rope (the code of rlx_t6) */
static int rlx_k383(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k384_where: elementwise: where (the code of rlx_t7) */
static int rlx_k384(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 374};
    return rlx_t7(slots, arena, ctl, at);
}

/* k385_where: elementwise: where (the code of rlx_t7) */
static int rlx_k385(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 375};
    return rlx_t7(slots, arena, ctl, at);
}

/* k386_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k386(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 374, 375, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k388_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k388(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 178, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k389_add: elementwise: add (the code of rlx_t10) */
static int rlx_k389(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k390_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k390(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 179, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k391_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k391(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 180, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k392_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k392(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 181, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k393_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k393(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k394_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k394(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 182, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k395_add: elementwise: add (the code of rlx_t10) */
static int rlx_k395(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k396_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k396(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 185, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k397_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k397(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 186, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k399_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k399(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k400_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k400(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 187, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k402_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k402(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k403_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k403(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 188, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k405_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k405(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k406_rope: op: rope (the code of rlx_t5) */
static int rlx_k406(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k407_rope: op: rope (the code of rlx_t6) */
static int rlx_k407(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k408_where: elementwise: where (the code of rlx_t7) */
static int rlx_k408(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 376};
    return rlx_t7(slots, arena, ctl, at);
}

/* k409_where: elementwise: where (the code of rlx_t7) */
static int rlx_k409(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 377};
    return rlx_t7(slots, arena, ctl, at);
}

/* k410_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k410(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 376, 377, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k412_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k412(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 189, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k413_add: elementwise: add (the code of rlx_t10) */
static int rlx_k413(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k414_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k414(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 190, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k415_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k415(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 191, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k416_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k416(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 192, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k417_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k417(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k418_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k418(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 193, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k419_add: elementwise: add (the code of rlx_t10) */
static int rlx_k419(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k420_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k420(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 196, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k421_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k421(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 197, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k423_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k423(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k424_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k424(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 198, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k426_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k426(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k427_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k427(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 199, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k429_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k429(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k430_rope: op: rope (the code of rlx_t5) */
static int rlx_k430(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k431_rope: op: rope (the code of rlx_t6) */
static int rlx_k431(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k432_where: elementwise: where (the code of rlx_t7) */
static int rlx_k432(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 378};
    return rlx_t7(slots, arena, ctl, at);
}

/* k433_where: elementwise: where (the code of rlx_t7) */
static int rlx_k433(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 379};
    return rlx_t7(slots, arena, ctl, at);
}

/* k434_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k434(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 378, 379, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k436_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k436(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 200, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k437_add: elementwise: add (the code of rlx_t10) */
static int rlx_k437(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k438_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k438(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 201, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k439_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k439(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 202, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k440_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k440(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 203, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k441_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k441(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k442_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k442(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 204, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k443_add: elementwise: add (the code of rlx_t10) */
static int rlx_k443(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k444_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k444(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 207, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k445_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k445(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 208, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k447_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k447(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k448_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k448(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 209, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k450_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k450(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k451_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k451(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 210, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k453_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k453(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k454_rope: op: rope (the code of rlx_t5) */
static int rlx_k454(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k455_rope: op: rope (the code of rlx_t6) */
static int rlx_k455(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k456_where: elementwise: where (the code of rlx_t7) */
static int rlx_k456(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 380};
    return rlx_t7(slots, arena, ctl, at);
}

/* k457_where: elementwise: where (the code of rlx_t7) */
static int rlx_k457(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 381};
    return rlx_t7(slots, arena, ctl, at);
}

/* k458_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k458(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 380, 381, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k460_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k460(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 211, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k461_add: elementwise: add (the code of rlx_t10) */
static int rlx_k461(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k462_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k462(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 212, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k463_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k463(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 213, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k464_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k464(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 214, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k465_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k465(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k466_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k466(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 215, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k467_add: elementwise: add (the code of rlx_t10) */
static int rlx_k467(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k468_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k468(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 218, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k469_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k469(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 219, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k471_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k471(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k472_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k472(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 220, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k474_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k474(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k475_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k475(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 221, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k477_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k477(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k478_rope: op: rope (the code of rlx_t5) */
static int rlx_k478(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k479_rope: op: rope (the code of rlx_t6) */
static int rlx_k479(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k480_where: elementwise: where (the code of rlx_t7) */
static int rlx_k480(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 382};
    return rlx_t7(slots, arena, ctl, at);
}

/* k481_where: elementwise: where (the code of rlx_t7) */
static int rlx_k481(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 383};
    return rlx_t7(slots, arena, ctl, at);
}

/* k482_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k482(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 382, 383, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k484_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k484(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 222, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k485_add: elementwise: add (the code of rlx_t10) */
static int rlx_k485(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k486_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k486(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 223, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k487_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k487(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 224, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k488_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k488(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 225, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k489_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k489(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k490_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k490(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 226, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k491_add: elementwise: add (the code of rlx_t10) */
static int rlx_k491(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k492_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k492(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 229, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k493_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k493(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 230, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k495_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k495(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k496_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k496(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 231, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k498_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k498(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k499_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k499(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 232, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k501_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k501(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k502_rope: op: rope (the code of rlx_t5) */
static int rlx_k502(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k503_rope: op: rope (the code of rlx_t6) */
static int rlx_k503(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k504_where: elementwise: where (the code of rlx_t7) */
static int rlx_k504(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 384};
    return rlx_t7(slots, arena, ctl, at);
}

/* k505_where: elementwise: where (the code of rlx_t7) */
static int rlx_k505(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 385};
    return rlx_t7(slots, arena, ctl, at);
}

/* k506_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k506(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 384, 385, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k508_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k508(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 233, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k509_add: elementwise: add (the code of rlx_t10) */
static int rlx_k509(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k510_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k510(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 234, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k511_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k511(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 235, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

RLX_PART_FN int rlx_part1(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k246(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k247(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k248(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k249(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k250(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k251(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k252(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k253(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k255(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k256(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k258(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k259(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k261(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k262(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k263(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k264(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k265(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k266(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k268(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k269(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k270(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k271(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k272(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k273(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k274(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k275(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k276(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k277(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k279(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k280(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k282(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k283(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k285(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k286(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k287(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k288(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k289(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k290(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k292(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k293(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k294(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k295(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k296(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k297(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k298(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k299(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k300(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k301(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k303(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k304(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k306(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k307(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k309(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k310(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k311(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k312(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k313(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k314(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k316(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k317(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k318(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k319(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k320(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k321(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k322(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k323(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k324(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k325(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k327(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k328(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k330(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k331(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k333(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k334(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k335(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k336(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k337(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k338(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k340(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k341(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k342(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k343(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k344(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k345(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k346(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k347(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k348(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k349(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k351(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k352(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k354(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k355(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k357(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k358(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k359(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k360(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k361(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k362(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k364(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k365(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k366(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k367(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k368(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k369(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k370(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k371(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k372(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k373(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k375(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k376(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k378(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k379(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k381(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k382(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k383(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k384(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k385(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k386(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k388(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k389(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k390(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k391(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k392(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k393(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k394(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k395(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k396(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k397(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k399(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k400(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k402(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k403(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k405(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k406(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k407(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k408(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k409(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k410(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k412(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k413(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k414(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k415(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k416(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k417(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k418(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k419(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k420(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k421(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k423(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k424(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k426(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k427(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k429(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k430(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k431(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k432(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k433(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k434(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k436(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k437(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k438(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k439(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k440(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k441(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k442(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k443(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k444(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k445(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k447(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k448(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k450(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k451(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k453(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k454(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k455(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k456(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k457(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k458(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k460(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k461(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k462(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k463(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k464(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k465(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k466(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k467(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k468(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k469(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k471(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k472(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k474(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k475(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k477(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k478(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k479(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k480(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k481(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k482(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k484(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k485(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k486(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k487(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k488(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k489(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k490(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k491(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k492(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k493(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k495(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k496(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k498(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k499(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k501(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k502(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k503(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k504(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k505(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k506(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k508(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k509(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k510(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k511(slots, arena, ctl)) != 0) return rc;
    return 0;
}
#endif

RLX_PART_FN int rlx_part2(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 2
/* k512_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k512(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 236, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k513_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k513(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k514_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k514(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 237, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k515_add: elementwise: add (the code of rlx_t10) */
static int rlx_k515(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k516_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k516(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 240, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k517_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k517(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 241, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k519_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k519(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k520_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k520(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 242, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k522_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k522(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k523_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k523(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 243, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k525_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k525(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k526_rope: op: rope (the code of rlx_t5) */
static int rlx_k526(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k527_rope: op: rope (the code of rlx_t6) */
static int rlx_k527(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k528_where: elementwise: where (the code of rlx_t7) */
static int rlx_k528(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 386};
    return rlx_t7(slots, arena, ctl, at);
}

/* k529_where: elementwise: where (the code of rlx_t7) */
static int rlx_k529(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 387};
    return rlx_t7(slots, arena, ctl, at);
}

/* k530_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k530(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 386, 387, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k532_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k532(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 244, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k533_add: elementwise: add (the code of rlx_t10) */
static int rlx_k533(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k534_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k534(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 245, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k535_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k535(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 246, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k536_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k536(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 247, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k537_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k537(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k538_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k538(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 248, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k539_add: elementwise: add (the code of rlx_t10) */
static int rlx_k539(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k540_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k540(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 251, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k541_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k541(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 252, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k543_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k543(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k544_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k544(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 253, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k546_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k546(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k547_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k547(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 254, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k549_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k549(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k550_rope: op: rope (the code of rlx_t5) */
static int rlx_k550(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k551_rope: op: rope (the code of rlx_t6) */
static int rlx_k551(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k552_where: elementwise: where (the code of rlx_t7) */
static int rlx_k552(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 388};
    return rlx_t7(slots, arena, ctl, at);
}

/* k553_where: elementwise: where (the code of rlx_t7) */
static int rlx_k553(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 389};
    return rlx_t7(slots, arena, ctl, at);
}

/* k554_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k554(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 388, 389, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k556_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k556(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 255, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k557_add: elementwise: add (the code of rlx_t10) */
static int rlx_k557(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k558_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k558(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 256, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k559_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k559(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 257, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k560_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k560(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 258, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k561_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k561(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k562_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k562(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 259, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k563_add: elementwise: add (the code of rlx_t10) */
static int rlx_k563(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k564_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k564(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 262, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k565_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k565(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 263, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k567_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k567(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k568_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k568(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 264, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k570_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k570(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k571_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k571(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 265, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k573_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k573(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k574_rope: op: rope (the code of rlx_t5) */
static int rlx_k574(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k575_rope: op: rope (the code of rlx_t6) */
static int rlx_k575(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k576_where: elementwise: where (the code of rlx_t7) */
static int rlx_k576(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 390};
    return rlx_t7(slots, arena, ctl, at);
}

/* k577_where: elementwise: where (the code of rlx_t7) */
static int rlx_k577(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 391};
    return rlx_t7(slots, arena, ctl, at);
}

/* k578_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k578(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 390, 391, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k580_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k580(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 266, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k581_add: elementwise: add (the code of rlx_t10) */
static int rlx_k581(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k582_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k582(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 267, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k583_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k583(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 268, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k584_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k584(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 269, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k585_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k585(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k586_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k586(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 270, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k587_add: elementwise: add (the code of rlx_t10) */
static int rlx_k587(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k588_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k588(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 273, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k589_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k589(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 274, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k591_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k591(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k592_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k592(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 275, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k594_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k594(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k595_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k595(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 276, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k597_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k597(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k598_rope: op: rope (the code of rlx_t5) */
static int rlx_k598(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k599_rope: op: rope (the code of rlx_t6) */
static int rlx_k599(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k600_where: elementwise: where (the code of rlx_t7) */
static int rlx_k600(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 392};
    return rlx_t7(slots, arena, ctl, at);
}

/* k601_where: elementwise: where (the code of rlx_t7) */
static int rlx_k601(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 393};
    return rlx_t7(slots, arena, ctl, at);
}

/* k602_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k602(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 392, 393, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k604_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k604(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 277, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k605_add: elementwise: add (the code of rlx_t10) */
static int rlx_k605(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k606_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k606(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 278, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k607_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k607(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 279, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k608_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k608(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 280, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k609_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k609(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k610_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k610(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 281, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k611_add: elementwise: add (the code of rlx_t10) */
static int rlx_k611(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k612_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k612(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 284, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k613_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k613(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 285, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k615_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k615(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k616_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k616(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 286, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k618_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k618(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k619_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k619(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 287, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k621_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k621(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k622_rope: op: rope (the code of rlx_t5) */
static int rlx_k622(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k623_rope: op: rope (the code of rlx_t6) */
static int rlx_k623(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k624_where: elementwise: where (the code of rlx_t7) */
static int rlx_k624(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 394};
    return rlx_t7(slots, arena, ctl, at);
}

/* k625_where: elementwise: where (the code of rlx_t7) */
static int rlx_k625(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 395};
    return rlx_t7(slots, arena, ctl, at);
}

/* k626_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k626(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 394, 395, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k628_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k628(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 288, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k629_add: elementwise: add (the code of rlx_t10) */
static int rlx_k629(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k630_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k630(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 289, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k631_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k631(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 290, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k632_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k632(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 291, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k633_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k633(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k634_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k634(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 292, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k635_add: elementwise: add (the code of rlx_t10) */
static int rlx_k635(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k636_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k636(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 295, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k637_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k637(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 296, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k639_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k639(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k640_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k640(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 297, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k642_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k642(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k643_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k643(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 298, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k645_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k645(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k646_rope: op: rope (the code of rlx_t5) */
static int rlx_k646(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k647_rope: op: rope (the code of rlx_t6) */
static int rlx_k647(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k648_where: elementwise: where (the code of rlx_t7) */
static int rlx_k648(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 396};
    return rlx_t7(slots, arena, ctl, at);
}

/* k649_where: elementwise: where (the code of rlx_t7) */
static int rlx_k649(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 397};
    return rlx_t7(slots, arena, ctl, at);
}

/* k650_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k650(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 396, 397, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k652_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k652(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 299, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k653_add: elementwise: add (the code of rlx_t10) */
static int rlx_k653(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k654_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k654(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 300, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k655_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k655(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 301, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k656_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k656(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 302, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k657_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k657(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k658_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k658(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 303, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k659_add: elementwise: add (the code of rlx_t10) */
static int rlx_k659(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k660_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k660(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 306, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k661_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k661(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 307, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k663_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k663(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k664_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k664(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 308, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k666_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k666(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k667_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k667(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 309, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k669_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k669(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k670_rope: op: rope (the code of rlx_t5) */
static int rlx_k670(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k671_rope: op: rope (the code of rlx_t6) */
static int rlx_k671(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k672_where: elementwise: where (the code of rlx_t7) */
static int rlx_k672(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 398};
    return rlx_t7(slots, arena, ctl, at);
}

/* k673_where: elementwise: where (the code of rlx_t7) */
static int rlx_k673(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 399};
    return rlx_t7(slots, arena, ctl, at);
}

/* k674_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k674(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 398, 399, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k676_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k676(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 310, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k677_add: elementwise: add (the code of rlx_t10) */
static int rlx_k677(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k678_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k678(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 311, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k679_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k679(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 312, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k680_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k680(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 313, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k681_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k681(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k682_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k682(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 314, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k683_add: elementwise: add (the code of rlx_t10) */
static int rlx_k683(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k684_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k684(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 317, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k685_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k685(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 318, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k687_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k687(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k688_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k688(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 319, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k690_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k690(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k691_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k691(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 320, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k693_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k693(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k694_rope: op: rope (the code of rlx_t5) */
static int rlx_k694(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k695_rope: op: rope (the code of rlx_t6) */
static int rlx_k695(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k696_where: elementwise: where (the code of rlx_t7) */
static int rlx_k696(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 400};
    return rlx_t7(slots, arena, ctl, at);
}

/* k697_where: elementwise: where (the code of rlx_t7) */
static int rlx_k697(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 401};
    return rlx_t7(slots, arena, ctl, at);
}

/* k698_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k698(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 400, 401, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k700_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k700(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 321, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k701_add: elementwise: add (the code of rlx_t10) */
static int rlx_k701(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k702_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k702(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 322, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k703_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k703(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 323, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k704_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k704(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 324, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k705_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k705(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k706_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k706(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 325, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k707_add: elementwise: add (the code of rlx_t10) */
static int rlx_k707(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k708_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k708(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 328, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k709_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k709(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 329, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t1(slots, arena, ctl, at);
}

/* k711_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k711(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1837312, 4};
    return rlx_t2(slots, arena, ctl, at);
}

/* k712_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k712(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 330, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k714_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k714(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1444096, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k715_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k715(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 331, 4, 4393216, 4983040, 5572864, 5769472};
    return rlx_t3(slots, arena, ctl, at);
}

/* k717_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k717(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 1640704, 4};
    return rlx_t4(slots, arena, ctl, at);
}

/* k718_rope: op: rope (the code of rlx_t5) */
static int rlx_k718(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1837312, 657664, 2304, 35072, 4};
    return rlx_t5(slots, arena, ctl, at);
}

/* k719_rope: op: rope (the code of rlx_t6) */
static int rlx_k719(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1444096, 1247488, 2304, 35072, 4};
    return rlx_t6(slots, arena, ctl, at);
}

/* k720_where: elementwise: where (the code of rlx_t7) */
static int rlx_k720(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1247488, 402};
    return rlx_t7(slots, arena, ctl, at);
}

/* k721_where: elementwise: where (the code of rlx_t7) */
static int rlx_k721(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 0, 1640704, 403};
    return rlx_t7(slots, arena, ctl, at);
}

/* k722_attention_transpose: attention: attention + transpose (the code of rlx_t8) */
static int rlx_k722(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4393216, 4917504, 5048576, 4, 657664, 402, 403, 1247488};
    return rlx_t8(slots, arena, ctl, at);
}

/* k724_dequant_matmul: op: dequant_matmul (the code of rlx_t9) */
static int rlx_k724(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 332, 4, 4393216, 4983040, 5572864, 6162688};
    return rlx_t9(slots, arena, ctl, at);
}

/* k725_add: elementwise: add (the code of rlx_t10) */
static int rlx_k725(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k726_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k726(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 333, 67840, 657664};
    return rlx_t0(slots, arena, ctl, at);
}

/* k727_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k727(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 1247488, 334, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k728_dequant_matmul: op: dequant_matmul (the code of rlx_t11) */
static int rlx_k728(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {657664, 2820352, 335, 4, 4393216, 4983040, 5572864, 7145728};
    return rlx_t11(slots, arena, ctl, at);
}

/* k729_silu_mul: elementwise: silu + mul (the code of rlx_t12) */
static int rlx_k729(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 1247488, 2820352};
    return rlx_t12(slots, arena, ctl, at);
}

/* k730_dequant_matmul: op: dequant_matmul (the code of rlx_t13) */
static int rlx_k730(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1247488, 657664, 336, 4, 4393216, 5966080, 7538944, 8128768};
    return rlx_t13(slots, arena, ctl, at);
}

/* k731_add: elementwise: add (the code of rlx_t10) */
static int rlx_k731(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 67840, 657664};
    return rlx_t10(slots, arena, ctl, at);
}

/* k732_sub: elementwise: sub */
static int rlx_k732(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v8 = ((const int64_t *)((uint8_t *)slots[4]))[0];
        const int64_t t1135 = ((((int64_t)256LL)) - (v8));
        ((int64_t *)(arena + 0))[j] = t1135;
    }
    return 0;
}

/* k733_lt_where: elementwise: lt + add + where */
static int rlx_k733(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v2 = ((const int64_t *)((uint8_t *)slots[2]))[0];
        const int64_t v8 = ((const int64_t *)((uint8_t *)slots[4]))[0];
        const uint8_t t1136 = (uint8_t)((v2) < (((int64_t)0LL)));
        const int64_t t1137 = ((v2) + (v8));
        const int64_t t1138 = ((t1136) ? (t1137) : (v2));
        ((int64_t *)(arena + 64))[j] = t1138;
    }
    return 0;
}

/* k734_ge_where: elementwise: ge + lt + add + where + sub + where */
static int rlx_k734(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v1138 = ((const int64_t *)(arena + 64))[0];
        const int64_t v8 = ((const int64_t *)((uint8_t *)slots[4]))[0];
        const int64_t v1135 = ((const int64_t *)(arena + 0))[0];
        const int64_t v2 = ((const int64_t *)((uint8_t *)slots[2]))[0];
        const uint8_t t1139 = (uint8_t)((v1138) >= (v8));
        const uint8_t t1140 = (uint8_t)((v1138) < (((int64_t)0LL)));
        const int64_t t1141 = ((v1138) + (v1135));
        const int64_t t1142 = ((t1139) ? (t1141) : (v1138));
        const int64_t t1143 = ((v2) - (v1135));
        const int64_t t1144 = ((t1140) ? (t1143) : (t1142));
        ((int64_t *)(arena + 64))[j] = t1144;
    }
    return 0;
}

/* k735_gather: op: gather */
static int rlx_k735(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const int64_t *idx = ((const int64_t *)(arena + 64));
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v = (int64_t)idx[j];
        if (v < -256 || v >= 256) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%1145 = gather(%%1133, %%1144, axis=1) : f32[1,1,576]: gather: index %lld is out of range for axis 1 of size 256 (valid: -256..255)", (long long)v);
            return 1;
        }
    }
    const float *src = ((const float *)(arena + 67840));
    float *dst = ((float *)(arena + 128));
    for (int64_t t = 0; t < 1; t++) {
        int64_t v = (int64_t)idx[t % 1];
        if (v < 0) v += 256;
        const int64_t from = ((t / 1) * 256 + v) * 576;
        memcpy(dst + t * 576, src + from, 576 * sizeof *dst);
    }
    return 0;
}

/* k737_rms_norm: rowwise: rms_norm */
static int rlx_k737(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        enum { rlx_nslots = 404 };
        void *slots[rlx_nslots];
        slots[337] = rlx_caller_slots[337];
        double r_s = 0.0;
        float r_rstd;
        double r_v = 0.0;
        float r_a = 0;
        {
            float r_s_l[16];
            __typeof__(r_s) r_s_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_s_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 576; blk += 128) {
                const int64_t blk_end = blk + 128 < 576 ? blk + 128 : 576;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_s_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)((arena + 128) + 0))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)((arena + 128) + 0))[i0];
                    r_s_l[l] += r_x * r_x;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_s_w[l] += r_s_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_s_w[l] = r_s_w[l] + r_s_w[l + w];
            }
            r_s = r_s + r_s_w[0];
        }
        if ((!isfinite(r_s) || r_s < 1e-30) && 1) {
            r_a = 0;
            {
                __typeof__(r_a) r_a_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_a_l[l] = r_a;
                }
                int64_t i0_b = 0;
                for (; i0_b + 16 <= 576; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)((arena + 128) + 0))[i0];
                        const float r_d = fabs(r_x);
                        r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                    }
                }
                for (int l = 0; i0_b + l < 576; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)((arena + 128) + 0))[i0];
                    const float r_d = fabs(r_x);
                    r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) r_a_l[l] = r_a_l[l + w] > r_a_l[l] ? r_a_l[l + w] : r_a_l[l];
                }
                r_a = r_a_l[0] > r_a ? r_a_l[0] : r_a;
            }
            if (isfinite(r_a) && r_a > 0) {
                r_v = 0.0;
                {
                    float r_v_l[16];
                    __typeof__(r_v) r_v_w[16];
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        r_v_w[l] = 0;
                    }
                    for (int64_t blk = 0; blk < 576; blk += 128) {
                        const int64_t blk_end = blk + 128 < 576 ? blk + 128 : 576;
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            r_v_l[l] = 0;
                        }
                        int64_t i0_b = blk;
                        for (; i0_b + 16 <= blk_end; i0_b += 16) {
                            #pragma omp simd
                            for (int l = 0; l < 16; l++) {
                                const int64_t i0 = i0_b + l;
                                float r_x;
                                r_x = ((const float *)((arena + 128) + 0))[i0];
                                const float r_d = (r_x) / r_a;
                                r_v_l[l] += r_d * r_d;
                            }
                        }
                        for (int l = 0; i0_b + l < blk_end; l++) {
                            const int64_t i0 = i0_b + l;
                            float r_x;
                            r_x = ((const float *)((arena + 128) + 0))[i0];
                            const float r_d = (r_x) / r_a;
                            r_v_l[l] += r_d * r_d;
                        }
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            r_v_w[l] += r_v_l[l];
                        }
                    }
                    for (int w = 8; w > 0; w /= 2) {
                        #pragma omp simd
                        for (int l = 0; l < w; l++) r_v_w[l] = r_v_w[l] + r_v_w[l + w];
                    }
                    r_v = r_v + r_v_w[0];
                }
                r_s = r_v / 1.0 * (double)r_a * (double)r_a;
            }
        }
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)((arena + 128) + 0))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[337]))[i0];
            ((float *)(arena + 2432))[i0] = r_y;
        }
    }
    return 0;
}

/* k738_dequant_matmul: op: dequant_matmul */
static int rlx_k738(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 2432));
    float *restrict y = ((float *)((uint8_t *)slots[343]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[6]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 12288; g++) {
        rlx_gv4x1_q8_0(q + g * 4 * 612, 612, x + 0, 576, y + 0 + g * 4, 49152);
    }
    return 0;
}

RLX_PART_FN int rlx_part2(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k512(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k513(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k514(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k515(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k516(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k517(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k519(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k520(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k522(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k523(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k525(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k526(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k527(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k528(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k529(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k530(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k532(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k533(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k534(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k535(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k536(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k537(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k538(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k539(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k540(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k541(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k543(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k544(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k546(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k547(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k549(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k550(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k551(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k552(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k553(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k554(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k556(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k557(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k558(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k559(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k560(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k561(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k562(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k563(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k564(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k565(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k567(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k568(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k570(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k571(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k573(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k574(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k575(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k576(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k577(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k578(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k580(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k581(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k582(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k583(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k584(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k585(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k586(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k587(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k588(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k589(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k591(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k592(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k594(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k595(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k597(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k598(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k599(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k600(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k601(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k602(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k604(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k605(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k606(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k607(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k608(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k609(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k610(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k611(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k612(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k613(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k615(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k616(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k618(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k619(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k621(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k622(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k623(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k624(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k625(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k626(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k628(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k629(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k630(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k631(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k632(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k633(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k634(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k635(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k636(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k637(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k639(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k640(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k642(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k643(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k645(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k646(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k647(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k648(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k649(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k650(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k652(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k653(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k654(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k655(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k656(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k657(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k658(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k659(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k660(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k661(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k663(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k664(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k666(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k667(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k669(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k670(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k671(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k672(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k673(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k674(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k676(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k677(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k678(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k679(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k680(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k681(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k682(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k683(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k684(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k685(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k687(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k688(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k690(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k691(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k693(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k694(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k695(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k696(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k697(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k698(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k700(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k701(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k702(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k703(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k704(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k705(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k706(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k707(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k708(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k709(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k711(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k712(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k714(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k715(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k717(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k718(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k719(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k720(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k721(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k722(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k724(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k725(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k726(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k727(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k728(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k729(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k730(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k731(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k732(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k733(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k734(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k735(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k737(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k738(slots, arena, ctl)) != 0) return rc;
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
    if ((rc = rlx_part1(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_part2(slots, arena, ctl)) != 0) return rc;
    return ctl[9] ? rlx_run_feed((const int64_t *)(uintptr_t)ctl[9], RLX_ERROR_TEXT) : 0;
}

void rlx_set_threads(int n) {
#ifdef _OPENMP
    omp_set_num_threads(n);
#endif
}
#endif
