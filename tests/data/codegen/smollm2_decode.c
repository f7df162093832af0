/* codegen_replay: main program of graph 'llama_step_b1_s1_c2048_mixed' */
/* rlx: generated from graph 'llama_step_b1_s1_c2048_mixed', compiled in 3 part(s) */

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
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        enum { rlx_nslots = 401 };
        void *slots[rlx_nslots];
        slots[rlx_at[0]] = rlx_caller_slots[rlx_at[0]];
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
                        r_x = ((const float *)(arena + rlx_at[1]))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + rlx_at[1]))[i0];
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
                        r_x = ((const float *)(arena + rlx_at[1]))[i0];
                        const float r_d = fabs(r_x);
                        r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                    }
                }
                for (int l = 0; i0_b + l < 576; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + rlx_at[1]))[i0];
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
                                r_x = ((const float *)(arena + rlx_at[1]))[i0];
                                const float r_d = (r_x) / r_a;
                                r_v_l[l] += r_d * r_d;
                            }
                        }
                        for (int l = 0; i0_b + l < blk_end; l++) {
                            const int64_t i0 = i0_b + l;
                            float r_x;
                            r_x = ((const float *)(arena + rlx_at[1]))[i0];
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
            r_x = ((const float *)(arena + rlx_at[1]))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[rlx_at[0]]))[i0];
            ((float *)(arena + rlx_at[2]))[i0] = r_y;
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t1(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *restrict x = ((const float *)(arena + rlx_at[0]));
    float *restrict y = ((float *)(arena + rlx_at[1]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[rlx_at[2]]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t2(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *src = ((const float *)((arena + rlx_at[0]) + 0)) + 0;
    float *dst = ((float *)(arena + rlx_at[1]));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t3(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *restrict x = ((const float *)(arena + rlx_at[0]));
    float *restrict y = ((float *)(arena + rlx_at[1]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[rlx_at[2]]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t4(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *src = ((const float *)((arena + rlx_at[0]) + 0)) + 0;
    float *dst = ((float *)(arena + rlx_at[1]));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t5(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *x = ((const float *)(arena + rlx_at[0]));
    float *y = ((float *)(arena + rlx_at[1]));
    const float *cs = ((const float *)((arena + rlx_at[2]) + 0));
    const float *sn = ((const float *)((arena + rlx_at[3]) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c + (-b) * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
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
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c + (-b) * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t7(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v0 = ((const uint8_t *)((arena + rlx_at[0]) + 0))[0];
        const float v1 = ((const float *)(arena + rlx_at[1]))[j * 1];
        const float t2 = ((v0) ? (v1) : (0.0f));
        ((float *)((uint8_t *)slots[rlx_at[2]]))[j] = t2;
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t8(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    for (int64_t bi = 0; bi < 1; bi++) {
        if (((const int64_t *)((uint8_t *)slots[rlx_at[0]]))[bi] < 0 || ((const int64_t *)((uint8_t *)slots[rlx_at[0]]))[bi] > 2048) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "cached_attention: past_len %lld is outside [0, 2048] (the cache holds 2048 rows)", (long long)((const int64_t *)((uint8_t *)slots[rlx_at[0]]))[bi]);
            return 1;
        }
    }
    float *rlx_rows = (float *)(arena + rlx_at[1]);
    #pragma omp parallel for num_threads(2) schedule(static)
    for (int64_t task = 0; task < 9; task++) {
        const int64_t bi = task / 9, kvh = task / 3 % 3, part = task / 1 % 3, i = task % 1;
        const int64_t past = (int64_t)((const int64_t *)((uint8_t *)slots[rlx_at[0]]))[bi];
        const int64_t pos = past + i;
        const int64_t jlo = 0 > 0 ? 0 : 0;
        const int64_t split = jlo > past ? jlo : past;   /* first new-row key */
        float *rows = rlx_rows + (int64_t)rlx_thread_id() * 2113;
        const int64_t q0 = (bi * 9 + kvh * 3 + part * 1) * 1 + i;   /* the task's first query row */
        const float *qr = ((const float *)(arena + rlx_at[2])) + q0 * 64;
        const float *kc = ((const float *)((uint8_t *)slots[rlx_at[3]])) + (bi * 3 + kvh) * 131072;
        const float *kn = ((const float *)((uint8_t *)slots[rlx_at[4]])) + (bi * 3 + kvh) * 64;
        const float *vc = ((const float *)((uint8_t *)slots[rlx_at[5]])) + (bi * 3 + kvh) * 131072;
        const float *vn = ((const float *)((uint8_t *)slots[rlx_at[6]])) + (bi * 3 + kvh) * 64;
        {
            int64_t j = jlo;
            for (; j + 4 <= past; j += 4) {
                for (int pf = 0; pf < 1024; pf += 64) __builtin_prefetch((const char *)(kc + j * 64) + 2048 + pf);
                const float *kr = kc + j * 64;
                rlx_vf a0_0 = rlx_v_zero(), a0_1 = rlx_v_zero(), a0_2 = rlx_v_zero(), a0_3 = rlx_v_zero();
                for (int64_t c = 0; c < 64; c += RLX_VW) {
                    const rlx_vf k0 = rlx_v_load(kr + 0 + c);
                    const rlx_vf k1 = rlx_v_load(kr + 64 + c);
                    const rlx_vf k2 = rlx_v_load(kr + 128 + c);
                    const rlx_vf k3 = rlx_v_load(kr + 192 + c);
                    const rlx_vf q0 = rlx_v_load(qr + 0 + c);
                    a0_0 = rlx_v_fma(q0, k0, a0_0);
                    a0_1 = rlx_v_fma(q0, k1, a0_1);
                    a0_2 = rlx_v_fma(q0, k2, a0_2);
                    a0_3 = rlx_v_fma(q0, k3, a0_3);
                }
                float d0[4];
                rlx_v_sum4(a0_0, a0_1, a0_2, a0_3, d0);
                const float d0_0 = d0[0], d0_1 = d0[1], d0_2 = d0[2], d0_3 = d0[3];
                rows[0 + j + 0] = d0_0 * 0.125f;
                rows[0 + j + 1] = d0_1 * 0.125f;
                rows[0 + j + 2] = d0_2 * 0.125f;
                rows[0 + j + 3] = d0_3 * 0.125f;
            }
            for (; j + 1 <= past; j += 1) {
                const float *kr = kc + j * 64;
                rlx_vf a0_0 = rlx_v_zero();
                for (int64_t c = 0; c < 64; c += RLX_VW) {
                    const rlx_vf k0 = rlx_v_load(kr + 0 + c);
                    const rlx_vf q0 = rlx_v_load(qr + 0 + c);
                    a0_0 = rlx_v_fma(q0, k0, a0_0);
                }
                const float d0_0 = rlx_v_sum(a0_0);
                rows[0 + j + 0] = d0_0 * 0.125f;
            }
        }
        {
            int64_t j = split;
            for (; j + 4 <= pos + 1; j += 4) {
                const float *kr = kn + (j - past) * 64;
                rlx_vf a0_0 = rlx_v_zero(), a0_1 = rlx_v_zero(), a0_2 = rlx_v_zero(), a0_3 = rlx_v_zero();
                for (int64_t c = 0; c < 64; c += RLX_VW) {
                    const rlx_vf k0 = rlx_v_load(kr + 0 + c);
                    const rlx_vf k1 = rlx_v_load(kr + 64 + c);
                    const rlx_vf k2 = rlx_v_load(kr + 128 + c);
                    const rlx_vf k3 = rlx_v_load(kr + 192 + c);
                    const rlx_vf q0 = rlx_v_load(qr + 0 + c);
                    a0_0 = rlx_v_fma(q0, k0, a0_0);
                    a0_1 = rlx_v_fma(q0, k1, a0_1);
                    a0_2 = rlx_v_fma(q0, k2, a0_2);
                    a0_3 = rlx_v_fma(q0, k3, a0_3);
                }
                float d0[4];
                rlx_v_sum4(a0_0, a0_1, a0_2, a0_3, d0);
                const float d0_0 = d0[0], d0_1 = d0[1], d0_2 = d0[2], d0_3 = d0[3];
                rows[0 + j + 0] = d0_0 * 0.125f;
                rows[0 + j + 1] = d0_1 * 0.125f;
                rows[0 + j + 2] = d0_2 * 0.125f;
                rows[0 + j + 3] = d0_3 * 0.125f;
            }
            for (; j + 1 <= pos + 1; j += 1) {
                const float *kr = kn + (j - past) * 64;
                rlx_vf a0_0 = rlx_v_zero();
                for (int64_t c = 0; c < 64; c += RLX_VW) {
                    const rlx_vf k0 = rlx_v_load(kr + 0 + c);
                    const rlx_vf q0 = rlx_v_load(qr + 0 + c);
                    a0_0 = rlx_v_fma(q0, k0, a0_0);
                }
                const float d0_0 = rlx_v_sum(a0_0);
                rows[0 + j + 0] = d0_0 * 0.125f;
            }
        }
        float invs[1];
        for (int g = 0; g < 1; g++) {
            float *row = rows + g * 2113;
            float mx = -INFINITY;
            {
                __typeof__(mx) mx_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    mx_l[l] = mx;
                }
                int64_t j_b = jlo;
                for (; j_b + 16 <= pos + 1; j_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t j = j_b + l;
                        mx_l[l] = row[j] > mx_l[l] ? row[j] : mx_l[l];
                    }
                }
                for (int l = 0; j_b + l < pos + 1; l++) {
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
                for (; j_b + 16 <= pos + 1; j_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t j = j_b + l;
                        const float e = rlx_expf_weight(row[j] - shift);  /* exp(-inf) == 0: masked keys */
                        row[j] = e;
                        sum_l[l] += e;
                    }
                }
                for (int l = 0; j_b + l < pos + 1; l++) {
                    const int64_t j = j_b + l;
                    const float e = rlx_expf_weight(row[j] - shift);  /* exp(-inf) == 0: masked keys */
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
            invs[g] = row_inv;
        }
        rlx_vf acc[1][(64 / RLX_VW)];
        for (int g = 0; g < 1; g++)
            for (int v = 0; v < (64 / RLX_VW); v++) acc[g][v] = rlx_v_zero();
        for (int64_t j = jlo; j < past; j++) {
            const float *vr = vc + j * 64;
            for (int pf = 0; pf < 256; pf += 64) __builtin_prefetch((const char *)(vr) + 2048 + pf);
            #pragma GCC unroll 8
            for (int v = 0; v < (64 / RLX_VW); v++) {
                const rlx_vf x = rlx_v_load(vr + v * RLX_VW);
                acc[0][v] = rlx_v_fma(rlx_v_set1(rows[0 + j]), x, acc[0][v]);
            }
        }
        for (int64_t j = split; j < pos + 1; j++) {
            const float *vr = vn + (j - past) * 64;
            #pragma GCC unroll 8
            for (int v = 0; v < (64 / RLX_VW); v++) {
                const rlx_vf x = rlx_v_load(vr + v * RLX_VW);
                acc[0][v] = rlx_v_fma(rlx_v_set1(rows[0 + j]), x, acc[0][v]);
            }
        }
        for (int g = 0; g < 1; g++) {
            float *out = ((float *)(arena + rlx_at[7])) + (q0 + g * 1) * 64;
            for (int v = 0; v < (64 / RLX_VW); v++) rlx_v_store(out + v * RLX_VW, acc[g][v] * rlx_v_set1(invs[g]));
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t9(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *src = ((const float *)(arena + rlx_at[0])) + 0;
    float *dst = ((float *)(arena + rlx_at[1]));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t10(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *restrict x = ((const float *)((arena + rlx_at[0]) + 0));
    float *restrict y = ((float *)(arena + rlx_at[1]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[rlx_at[2]]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t11(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v0 = ((const float *)(arena + rlx_at[0]))[j * 1];
        const float v1 = ((const float *)(arena + rlx_at[1]))[j * 1];
        const float t2 = ((v0) + (v1));
        ((float *)(arena + rlx_at[0]))[j] = t2;
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t12(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *restrict x = ((const float *)(arena + rlx_at[0]));
    float *restrict y = ((float *)(arena + rlx_at[1]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[rlx_at[2]]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t13(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v0 = ((const float *)(arena + rlx_at[0]))[j * 1];
        const float v1 = ((const float *)(arena + rlx_at[1]))[j * 1];
        const float t2 = rlx_siluf(v0);
        const float t3 = ((t2) * (v1));
        ((float *)(arena + rlx_at[0]))[j] = t3;
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t14(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *restrict x = ((const float *)(arena + rlx_at[0]));
    float *restrict y = ((float *)(arena + rlx_at[1]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[rlx_at[2]]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k2_add_minimum: elementwise: add + minimum */
static int rlx_k2(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v5 = ((const int64_t *)(((uint8_t *)slots[1]) + 0))[0];
        const int64_t v4 = ((const int64_t *)(((uint8_t *)slots[337]) + 0))[0];
        const int64_t t6 = ((v5) + (v4));
        const int64_t t8 = rlx_min_keep_nan(t6, ((int64_t)2047LL));
        ((int64_t *)(arena + 0))[j] = t8;
    }
    return 0;
}

/* k3_gather: op: gather */
static int rlx_k3(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const int64_t *idx = ((const int64_t *)(arena + 0));
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v = (int64_t)idx[j];
        if (v < -2048 || v >= 2048) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%10 = gather(%%9, %%8) : f32[1,1,32]: gather: index %lld is out of range for axis 0 of size 2048 (valid: -2048..2047)", (long long)v);
            return 1;
        }
    }
    const float *src = ((const float *)((uint8_t *)slots[3]));
    float *dst = ((float *)(arena + 64));
    for (int64_t t = 0; t < 1; t++) {
        int64_t v = (int64_t)idx[t % 1];
        if (v < 0) v += 2048;
        const int64_t from = ((t / 1) * 2048 + v) * 32;
        memcpy(dst + t * 32, src + from, 32 * sizeof *dst);
    }
    return 0;
}

/* k4_gather: op: gather */
static int rlx_k4(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const int64_t *idx = ((const int64_t *)(arena + 0));
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v = (int64_t)idx[j];
        if (v < -2048 || v >= 2048) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%12 = gather(%%11, %%8) : f32[1,1,32]: gather: index %lld is out of range for axis 0 of size 2048 (valid: -2048..2047)", (long long)v);
            return 1;
        }
    }
    const float *src = ((const float *)((uint8_t *)slots[4]));
    float *dst = ((float *)(arena + 192));
    for (int64_t t = 0; t < 1; t++) {
        int64_t v = (int64_t)idx[t % 1];
        if (v < 0) v += 2048;
        const int64_t from = ((t / 1) * 2048 + v) * 32;
        memcpy(dst + t * 32, src + from, 32 * sizeof *dst);
    }
    return 0;
}

/* k8_le: elementwise: le */
static int rlx_k8(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v4 = ((const int64_t *)(((uint8_t *)slots[337]) + 0))[0];
        const int64_t v15 = ((const int64_t *)(((uint8_t *)slots[2]) + 0))[0];
        const uint8_t t16 = (uint8_t)((v4) <= (v15));
        ((uint8_t *)(arena + 0))[j] = (uint8_t)((t16) != 0);
    }
    return 0;
}

/* k10_dequant_gather: op: dequant_gather */
static int rlx_k10(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *restrict y = ((float *)(arena + 320));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[5]));
    const int64_t *ix = ((const int64_t *)((uint8_t *)slots[0]));
    for (int64_t r = 0; r < 1; r++) {
        if (ix[r] < -49152 || ix[r] >= 49152) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%19 = dequant_gather(%%0, %%18, block=32, k=576, n=49152, scheme='q8_0') : f32[1,1,576]: dequant_gather: index %lld is out of range for a table of 49152 rows (valid: -49152..49151)", (long long)ix[r]);
            return 1;
        }
    }
    for (int64_t r = 0; r < 1; r++) {
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
    return 0;
}

/* k11_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k11(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {8, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k12_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k12(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 9};
    return rlx_t1(slots, arena, ctl, at);
}

/* k14_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k14(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k15_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k15(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 10};
    return rlx_t3(slots, arena, ctl, at);
}

/* k17_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k17(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k18_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k18(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 11};
    return rlx_t3(slots, arena, ctl, at);
}

/* k20_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k20(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k21_rope: op: rope (the code of rlx_t5) */
static int rlx_k21(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k22_rope: op: rope (the code of rlx_t6) */
static int rlx_k22(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k23_where: elementwise: where (the code of rlx_t7) */
static int rlx_k23(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 341};
    return rlx_t7(slots, arena, ctl, at);
}

/* k24_where: elementwise: where (the code of rlx_t7) */
static int rlx_k24(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 342};
    return rlx_t7(slots, arena, ctl, at);
}

/* k25_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k25(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 6, 341, 7, 342, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k26_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k26(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k28_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k28(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 12};
    return rlx_t10(slots, arena, ctl, at);
}

/* k29_add: elementwise: add (the code of rlx_t11) */
static int rlx_k29(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k30_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k30(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {13, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k31_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k31(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 14};
    return rlx_t12(slots, arena, ctl, at);
}

/* k32_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k32(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 15};
    return rlx_t12(slots, arena, ctl, at);
}

/* k33_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k33(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k34_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k34(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 16};
    return rlx_t14(slots, arena, ctl, at);
}

/* k35_add: elementwise: add (the code of rlx_t11) */
static int rlx_k35(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k36_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k36(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {19, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k37_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k37(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 20};
    return rlx_t1(slots, arena, ctl, at);
}

/* k39_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k39(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k40_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k40(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 21};
    return rlx_t3(slots, arena, ctl, at);
}

/* k42_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k42(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k43_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k43(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 22};
    return rlx_t3(slots, arena, ctl, at);
}

/* k45_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k45(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k46_rope: op: rope (the code of rlx_t5) */
static int rlx_k46(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k47_rope: op: rope (the code of rlx_t6) */
static int rlx_k47(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k48_where: elementwise: where (the code of rlx_t7) */
static int rlx_k48(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 343};
    return rlx_t7(slots, arena, ctl, at);
}

/* k49_where: elementwise: where (the code of rlx_t7) */
static int rlx_k49(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 344};
    return rlx_t7(slots, arena, ctl, at);
}

/* k50_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k50(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 17, 343, 18, 344, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k51_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k51(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k53_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k53(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 23};
    return rlx_t10(slots, arena, ctl, at);
}

/* k54_add: elementwise: add (the code of rlx_t11) */
static int rlx_k54(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k55_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k55(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {24, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k56_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k56(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 25};
    return rlx_t12(slots, arena, ctl, at);
}

/* k57_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k57(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 26};
    return rlx_t12(slots, arena, ctl, at);
}

/* k58_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k58(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k59_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k59(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 27};
    return rlx_t14(slots, arena, ctl, at);
}

/* k60_add: elementwise: add (the code of rlx_t11) */
static int rlx_k60(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k61_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k61(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {30, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k62_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k62(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 31};
    return rlx_t1(slots, arena, ctl, at);
}

/* k64_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k64(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k65_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k65(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 32};
    return rlx_t3(slots, arena, ctl, at);
}

/* k67_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k67(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k68_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k68(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 33};
    return rlx_t3(slots, arena, ctl, at);
}

/* k70_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k70(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k71_rope: op: rope (the code of rlx_t5) */
static int rlx_k71(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k72_rope: op: rope (the code of rlx_t6) */
static int rlx_k72(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k73_where: elementwise: where (the code of rlx_t7) */
static int rlx_k73(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 345};
    return rlx_t7(slots, arena, ctl, at);
}

/* k74_where: elementwise: where (the code of rlx_t7) */
static int rlx_k74(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 346};
    return rlx_t7(slots, arena, ctl, at);
}

/* k75_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k75(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 28, 345, 29, 346, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k76_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k76(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k78_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k78(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 34};
    return rlx_t10(slots, arena, ctl, at);
}

/* k79_add: elementwise: add (the code of rlx_t11) */
static int rlx_k79(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k80_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k80(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {35, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k81_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k81(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 36};
    return rlx_t12(slots, arena, ctl, at);
}

/* k82_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k82(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 37};
    return rlx_t12(slots, arena, ctl, at);
}

/* k83_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k83(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k84_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k84(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 38};
    return rlx_t14(slots, arena, ctl, at);
}

/* k85_add: elementwise: add (the code of rlx_t11) */
static int rlx_k85(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k86_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k86(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {41, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k87_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k87(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 42};
    return rlx_t1(slots, arena, ctl, at);
}

/* k89_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k89(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k90_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k90(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 43};
    return rlx_t3(slots, arena, ctl, at);
}

/* k92_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k92(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k93_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k93(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 44};
    return rlx_t3(slots, arena, ctl, at);
}

/* k95_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k95(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k96_rope: op: rope (the code of rlx_t5) */
static int rlx_k96(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k97_rope: op: rope (the code of rlx_t6) */
static int rlx_k97(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k98_where: elementwise: where (the code of rlx_t7) */
static int rlx_k98(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 347};
    return rlx_t7(slots, arena, ctl, at);
}

/* k99_where: elementwise: where (the code of rlx_t7) */
static int rlx_k99(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 348};
    return rlx_t7(slots, arena, ctl, at);
}

/* k100_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k100(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 39, 347, 40, 348, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k101_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k101(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k103_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k103(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 45};
    return rlx_t10(slots, arena, ctl, at);
}

/* k104_add: elementwise: add (the code of rlx_t11) */
static int rlx_k104(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k105_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k105(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {46, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k106_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k106(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 47};
    return rlx_t12(slots, arena, ctl, at);
}

/* k107_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k107(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 48};
    return rlx_t12(slots, arena, ctl, at);
}

/* k108_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k108(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k109_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k109(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 49};
    return rlx_t14(slots, arena, ctl, at);
}

/* k110_add: elementwise: add (the code of rlx_t11) */
static int rlx_k110(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k111_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k111(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {52, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k112_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k112(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 53};
    return rlx_t1(slots, arena, ctl, at);
}

/* k114_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k114(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k115_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k115(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 54};
    return rlx_t3(slots, arena, ctl, at);
}

/* k117_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k117(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k118_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k118(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 55};
    return rlx_t3(slots, arena, ctl, at);
}

/* k120_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k120(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k121_rope: op: rope (the code of rlx_t5) */
static int rlx_k121(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k122_rope: op: rope (the code of rlx_t6) */
static int rlx_k122(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k123_where: elementwise: where (the code of rlx_t7) */
static int rlx_k123(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 349};
    return rlx_t7(slots, arena, ctl, at);
}

/* k124_where: elementwise: where (the code of rlx_t7) */
static int rlx_k124(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 350};
    return rlx_t7(slots, arena, ctl, at);
}

/* k125_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k125(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 50, 349, 51, 350, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k126_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k126(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k128_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k128(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 56};
    return rlx_t10(slots, arena, ctl, at);
}

/* k129_add: elementwise: add (the code of rlx_t11) */
static int rlx_k129(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k130_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k130(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {57, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k131_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k131(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 58};
    return rlx_t12(slots, arena, ctl, at);
}

/* k132_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k132(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 59};
    return rlx_t12(slots, arena, ctl, at);
}

/* k133_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k133(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k134_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k134(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 60};
    return rlx_t14(slots, arena, ctl, at);
}

/* k135_add: elementwise: add (the code of rlx_t11) */
static int rlx_k135(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k136_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k136(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {63, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k137_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k137(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 64};
    return rlx_t1(slots, arena, ctl, at);
}

/* k139_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k139(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k140_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k140(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 65};
    return rlx_t3(slots, arena, ctl, at);
}

/* k142_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k142(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k143_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k143(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 66};
    return rlx_t3(slots, arena, ctl, at);
}

/* k145_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k145(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k146_rope: op: rope (the code of rlx_t5) */
static int rlx_k146(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k147_rope: op: rope (the code of rlx_t6) */
static int rlx_k147(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k148_where: elementwise: where (the code of rlx_t7) */
static int rlx_k148(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 351};
    return rlx_t7(slots, arena, ctl, at);
}

/* k149_where: elementwise: where (the code of rlx_t7) */
static int rlx_k149(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 352};
    return rlx_t7(slots, arena, ctl, at);
}

/* k150_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k150(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 61, 351, 62, 352, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k151_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k151(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k153_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k153(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 67};
    return rlx_t10(slots, arena, ctl, at);
}

/* k154_add: elementwise: add (the code of rlx_t11) */
static int rlx_k154(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k155_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k155(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {68, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k156_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k156(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 69};
    return rlx_t12(slots, arena, ctl, at);
}

/* k157_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k157(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 70};
    return rlx_t12(slots, arena, ctl, at);
}

/* k158_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k158(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k159_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k159(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 71};
    return rlx_t14(slots, arena, ctl, at);
}

/* k160_add: elementwise: add (the code of rlx_t11) */
static int rlx_k160(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k161_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k161(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {74, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k162_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k162(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 75};
    return rlx_t1(slots, arena, ctl, at);
}

/* k164_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k164(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k165_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k165(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 76};
    return rlx_t3(slots, arena, ctl, at);
}

/* k167_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k167(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k168_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k168(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 77};
    return rlx_t3(slots, arena, ctl, at);
}

/* k170_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k170(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k171_rope: op: rope (the code of rlx_t5) */
static int rlx_k171(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k172_rope: op: rope (the code of rlx_t6) */
static int rlx_k172(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k173_where: elementwise: where (the code of rlx_t7) */
static int rlx_k173(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 353};
    return rlx_t7(slots, arena, ctl, at);
}

/* k174_where: elementwise: where (the code of rlx_t7) */
static int rlx_k174(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 354};
    return rlx_t7(slots, arena, ctl, at);
}

/* k175_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k175(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 72, 353, 73, 354, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k176_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k176(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k178_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k178(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 78};
    return rlx_t10(slots, arena, ctl, at);
}

/* k179_add: elementwise: add (the code of rlx_t11) */
static int rlx_k179(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k180_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k180(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {79, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k181_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k181(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 80};
    return rlx_t12(slots, arena, ctl, at);
}

/* k182_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k182(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 81};
    return rlx_t12(slots, arena, ctl, at);
}

/* k183_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k183(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k184_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k184(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 82};
    return rlx_t14(slots, arena, ctl, at);
}

/* k185_add: elementwise: add (the code of rlx_t11) */
static int rlx_k185(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k186_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k186(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {85, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k187_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k187(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 86};
    return rlx_t1(slots, arena, ctl, at);
}

/* k189_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k189(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k190_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k190(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 87};
    return rlx_t3(slots, arena, ctl, at);
}

/* k192_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k192(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k193_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k193(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 88};
    return rlx_t3(slots, arena, ctl, at);
}

/* k195_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k195(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k196_rope: op: rope (the code of rlx_t5) */
static int rlx_k196(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k197_rope: op: rope (the code of rlx_t6) */
static int rlx_k197(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k198_where: elementwise: where (the code of rlx_t7) */
static int rlx_k198(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 355};
    return rlx_t7(slots, arena, ctl, at);
}

/* k199_where: elementwise: where (the code of rlx_t7) */
static int rlx_k199(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 356};
    return rlx_t7(slots, arena, ctl, at);
}

/* k200_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k200(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 83, 355, 84, 356, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k201_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k201(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k203_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k203(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 89};
    return rlx_t10(slots, arena, ctl, at);
}

/* k204_add: elementwise: add (the code of rlx_t11) */
static int rlx_k204(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k205_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k205(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {90, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k206_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k206(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 91};
    return rlx_t12(slots, arena, ctl, at);
}

/* k207_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k207(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 92};
    return rlx_t12(slots, arena, ctl, at);
}

/* k208_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k208(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k209_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k209(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 93};
    return rlx_t14(slots, arena, ctl, at);
}

/* k210_add: elementwise: add (the code of rlx_t11) */
static int rlx_k210(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k211_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k211(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {96, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k212_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k212(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 97};
    return rlx_t1(slots, arena, ctl, at);
}

/* k214_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k214(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k215_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k215(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 98};
    return rlx_t3(slots, arena, ctl, at);
}

/* k217_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k217(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k218_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k218(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 99};
    return rlx_t3(slots, arena, ctl, at);
}

/* k220_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k220(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k221_rope: op: rope (the code of rlx_t5) */
static int rlx_k221(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k222_rope: op: rope (the code of rlx_t6) */
static int rlx_k222(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k223_where: elementwise: where (the code of rlx_t7) */
static int rlx_k223(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 357};
    return rlx_t7(slots, arena, ctl, at);
}

/* k224_where: elementwise: where (the code of rlx_t7) */
static int rlx_k224(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 358};
    return rlx_t7(slots, arena, ctl, at);
}

/* k225_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k225(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 94, 357, 95, 358, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k226_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k226(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k228_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k228(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 100};
    return rlx_t10(slots, arena, ctl, at);
}

/* k229_add: elementwise: add (the code of rlx_t11) */
static int rlx_k229(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k230_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k230(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {101, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k231_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k231(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 102};
    return rlx_t12(slots, arena, ctl, at);
}

/* k232_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k232(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 103};
    return rlx_t12(slots, arena, ctl, at);
}

/* k233_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k233(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k234_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k234(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 104};
    return rlx_t14(slots, arena, ctl, at);
}

/* k235_add: elementwise: add (the code of rlx_t11) */
static int rlx_k235(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k236_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k236(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {107, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k237_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k237(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 108};
    return rlx_t1(slots, arena, ctl, at);
}

/* k239_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k239(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k240_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k240(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 109};
    return rlx_t3(slots, arena, ctl, at);
}

/* k242_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k242(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k243_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k243(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 110};
    return rlx_t3(slots, arena, ctl, at);
}

/* k245_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k245(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k246_rope: op: rope (the code of rlx_t5) */
static int rlx_k246(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k247_rope: op: rope (the code of rlx_t6) */
static int rlx_k247(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k248_where: elementwise: where (the code of rlx_t7) */
static int rlx_k248(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 359};
    return rlx_t7(slots, arena, ctl, at);
}

/* k249_where: elementwise: where (the code of rlx_t7) */
static int rlx_k249(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 360};
    return rlx_t7(slots, arena, ctl, at);
}

/* k250_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k250(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 105, 359, 106, 360, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k251_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k251(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k253_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k253(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 111};
    return rlx_t10(slots, arena, ctl, at);
}

/* k254_add: elementwise: add (the code of rlx_t11) */
static int rlx_k254(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k255_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k255(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {112, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k256_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k256(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 113};
    return rlx_t12(slots, arena, ctl, at);
}

/* k257_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k257(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 114};
    return rlx_t12(slots, arena, ctl, at);
}

/* k258_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k258(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k259_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k259(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 115};
    return rlx_t14(slots, arena, ctl, at);
}

/* k260_add: elementwise: add (the code of rlx_t11) */
static int rlx_k260(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k2(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k3(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k4(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k8(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k10(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k11(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k12(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k14(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k15(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k17(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k18(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k20(slots, arena, ctl)) != 0) return rc;
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
    RLX_KERNEL_FENCE(); if ((rc = rlx_k51(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k53(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k54(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k55(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k56(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k57(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k58(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k59(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k60(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k61(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k62(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k64(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k65(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k67(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k68(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k70(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k71(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k72(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k73(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k74(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k75(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k76(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k78(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k79(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k80(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k81(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k82(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k83(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k84(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k85(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k86(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k87(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k89(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k90(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k92(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k93(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k95(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k96(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k97(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k98(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k99(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k100(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k101(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k103(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k104(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k105(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k106(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k107(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k108(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k109(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k110(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k111(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k112(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k114(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k115(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k117(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k118(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k120(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k121(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k122(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k123(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k124(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k125(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k126(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k128(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k129(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k130(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k131(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k132(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k133(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k134(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k135(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k136(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k137(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k139(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k140(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k142(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k143(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k145(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k146(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k147(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k148(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k149(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k150(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k151(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k153(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k154(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k155(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k156(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k157(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k158(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k159(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k160(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k161(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k162(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k164(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k165(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k167(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k168(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k170(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k171(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k172(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k173(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k174(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k175(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k176(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k178(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k179(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k180(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k181(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k182(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k183(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k184(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k185(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k186(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k187(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k189(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k190(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k192(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k193(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k195(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k196(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k197(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k198(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k199(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k200(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k201(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k203(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k204(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k205(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k206(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k207(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k208(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k209(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k210(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k211(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k212(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k214(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k215(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k217(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k218(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k220(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k221(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k222(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k223(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k224(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k225(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k226(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k228(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k229(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k230(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k231(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k232(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k233(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k234(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k235(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k236(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k237(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k239(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k240(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k242(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k243(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k245(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k246(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k247(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k248(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k249(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k250(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k251(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k253(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k254(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k255(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k256(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k257(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k258(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k259(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k260(slots, arena, ctl)) != 0) return rc;
    return 0;
}
#endif

RLX_PART_FN int rlx_part1(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 1
/* k261_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k261(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {118, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k262_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k262(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 119};
    return rlx_t1(slots, arena, ctl, at);
}

/* k264_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k264(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k265_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k265(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 120};
    return rlx_t3(slots, arena, ctl, at);
}

/* k267_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k267(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k268_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k268(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 121};
    return rlx_t3(slots, arena, ctl, at);
}

/* k270_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k270(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k271_rope: op: rope (the code of rlx_t5) */
static int rlx_k271(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k272_rope: op: rope (the code of rlx_t6) */
static int rlx_k272(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k273_where: elementwise: where (the code of rlx_t7) */
static int rlx_k273(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 361};
    return rlx_t7(slots, arena, ctl, at);
}

/* k274_where: elementwise: where (the code of rlx_t7) */
static int rlx_k274(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 362};
    return rlx_t7(slots, arena, ctl, at);
}

/* k275_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k275(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 116, 361, 117, 362, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k276_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k276(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k278_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k278(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 122};
    return rlx_t10(slots, arena, ctl, at);
}

/* k279_add: elementwise: add (the code of rlx_t11) */
static int rlx_k279(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k280_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k280(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {123, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k281_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k281(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 124};
    return rlx_t12(slots, arena, ctl, at);
}

/* k282_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k282(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 125};
    return rlx_t12(slots, arena, ctl, at);
}

/* k283_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k283(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k284_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k284(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 126};
    return rlx_t14(slots, arena, ctl, at);
}

/* k285_add: elementwise: add (the code of rlx_t11) */
static int rlx_k285(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k286_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k286(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {129, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k287_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k287(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 130};
    return rlx_t1(slots, arena, ctl, at);
}

/* k289_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k289(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k290_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k290(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 131};
    return rlx_t3(slots, arena, ctl, at);
}

/* k292_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k292(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k293_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k293(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 132};
    return rlx_t3(slots, arena, ctl, at);
}

/* k295_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k295(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k296_rope: op: rope (the code of rlx_t5) */
static int rlx_k296(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k297_rope: op: rope (the code of rlx_t6) */
static int rlx_k297(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k298_where: elementwise: where (the code of rlx_t7) */
static int rlx_k298(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 363};
    return rlx_t7(slots, arena, ctl, at);
}

/* k299_where: elementwise: where (the code of rlx_t7) */
static int rlx_k299(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 364};
    return rlx_t7(slots, arena, ctl, at);
}

/* k300_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k300(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 127, 363, 128, 364, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k301_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k301(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k303_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k303(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 133};
    return rlx_t10(slots, arena, ctl, at);
}

/* k304_add: elementwise: add (the code of rlx_t11) */
static int rlx_k304(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k305_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k305(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {134, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k306_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k306(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 135};
    return rlx_t12(slots, arena, ctl, at);
}

/* k307_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k307(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 136};
    return rlx_t12(slots, arena, ctl, at);
}

/* k308_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k308(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k309_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k309(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 137};
    return rlx_t14(slots, arena, ctl, at);
}

/* k310_add: elementwise: add (the code of rlx_t11) */
static int rlx_k310(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k311_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k311(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {140, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k312_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k312(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 141};
    return rlx_t1(slots, arena, ctl, at);
}

/* k314_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k314(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k315_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k315(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 142};
    return rlx_t3(slots, arena, ctl, at);
}

/* k317_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k317(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k318_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k318(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 143};
    return rlx_t3(slots, arena, ctl, at);
}

/* k320_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k320(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k321_rope: op: rope (the code of rlx_t5) */
static int rlx_k321(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k322_rope: op: rope (the code of rlx_t6) */
static int rlx_k322(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k323_where: elementwise: where (the code of rlx_t7) */
static int rlx_k323(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 365};
    return rlx_t7(slots, arena, ctl, at);
}

/* k324_where: elementwise: where (the code of rlx_t7) */
static int rlx_k324(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 366};
    return rlx_t7(slots, arena, ctl, at);
}

/* k325_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k325(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 138, 365, 139, 366, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k326_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k326(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k328_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k328(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 144};
    return rlx_t10(slots, arena, ctl, at);
}

/* k329_add: elementwise: add (the code of rlx_t11) */
static int rlx_k329(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k330_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k330(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {145, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k331_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k331(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 146};
    return rlx_t12(slots, arena, ctl, at);
}

/* k332_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k332(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 147};
    return rlx_t12(slots, arena, ctl, at);
}

/* k333_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k333(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k334_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k334(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 148};
    return rlx_t14(slots, arena, ctl, at);
}

/* k335_add: elementwise: add (the code of rlx_t11) */
static int rlx_k335(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k336_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k336(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {151, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k337_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k337(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 152};
    return rlx_t1(slots, arena, ctl, at);
}

/* k339_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k339(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k340_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k340(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 153};
    return rlx_t3(slots, arena, ctl, at);
}

/* k342_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k342(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k343_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k343(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 154};
    return rlx_t3(slots, arena, ctl, at);
}

/* k345_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k345(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k346_rope: op: rope (the code of rlx_t5) */
static int rlx_k346(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k347_rope: op: rope (the code of rlx_t6) */
static int rlx_k347(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k348_where: elementwise: where (the code of rlx_t7) */
static int rlx_k348(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 367};
    return rlx_t7(slots, arena, ctl, at);
}

/* k349_where: elementwise: where (the code of rlx_t7) */
static int rlx_k349(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 368};
    return rlx_t7(slots, arena, ctl, at);
}

/* k350_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k350(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 149, 367, 150, 368, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k351_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k351(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k353_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k353(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 155};
    return rlx_t10(slots, arena, ctl, at);
}

/* k354_add: elementwise: add (the code of rlx_t11) */
static int rlx_k354(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k355_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k355(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {156, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k356_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k356(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 157};
    return rlx_t12(slots, arena, ctl, at);
}

/* k357_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k357(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 158};
    return rlx_t12(slots, arena, ctl, at);
}

/* k358_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k358(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k359_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k359(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 159};
    return rlx_t14(slots, arena, ctl, at);
}

/* k360_add: elementwise: add (the code of rlx_t11) */
static int rlx_k360(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k361_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k361(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {162, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k362_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k362(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 163};
    return rlx_t1(slots, arena, ctl, at);
}

/* k364_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k364(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k365_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k365(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 164};
    return rlx_t3(slots, arena, ctl, at);
}

/* k367_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k367(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k368_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k368(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 165};
    return rlx_t3(slots, arena, ctl, at);
}

/* k370_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k370(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k371_rope: op: rope (the code of rlx_t5) */
static int rlx_k371(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k372_rope: op: rope (the code of rlx_t6) */
static int rlx_k372(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k373_where: elementwise: where (the code of rlx_t7) */
static int rlx_k373(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 369};
    return rlx_t7(slots, arena, ctl, at);
}

/* k374_where: elementwise: where (the code of rlx_t7) */
static int rlx_k374(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 370};
    return rlx_t7(slots, arena, ctl, at);
}

/* k375_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k375(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 160, 369, 161, 370, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k376_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k376(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k378_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k378(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 166};
    return rlx_t10(slots, arena, ctl, at);
}

/* k379_add: elementwise: add (the code of rlx_t11) */
static int rlx_k379(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k380_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k380(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {167, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k381_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k381(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 168};
    return rlx_t12(slots, arena, ctl, at);
}

/* k382_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k382(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 169};
    return rlx_t12(slots, arena, ctl, at);
}

/* k383_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k383(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k384_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k384(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 170};
    return rlx_t14(slots, arena, ctl, at);
}

/* k385_add: elementwise: add (the code of rlx_t11) */
static int rlx_k385(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k386_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k386(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {173, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k387_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k387(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 174};
    return rlx_t1(slots, arena, ctl, at);
}

/* k389_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k389(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k390_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k390(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 175};
    return rlx_t3(slots, arena, ctl, at);
}

/* k392_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k392(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k393_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k393(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 176};
    return rlx_t3(slots, arena, ctl, at);
}

/* k395_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k395(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k396_rope: op: rope (the code of rlx_t5) */
static int rlx_k396(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k397_rope: op: rope (the code of rlx_t6) */
static int rlx_k397(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k398_where: elementwise: where (the code of rlx_t7) */
static int rlx_k398(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 371};
    return rlx_t7(slots, arena, ctl, at);
}

/* k399_where: elementwise: where (the code of rlx_t7) */
static int rlx_k399(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 372};
    return rlx_t7(slots, arena, ctl, at);
}

/* k400_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k400(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 171, 371, 172, 372, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k401_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k401(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k403_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k403(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 177};
    return rlx_t10(slots, arena, ctl, at);
}

/* k404_add: elementwise: add (the code of rlx_t11) */
static int rlx_k404(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k405_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k405(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {178, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k406_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k406(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 179};
    return rlx_t12(slots, arena, ctl, at);
}

/* k407_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k407(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 180};
    return rlx_t12(slots, arena, ctl, at);
}

/* k408_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k408(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k409_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k409(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 181};
    return rlx_t14(slots, arena, ctl, at);
}

/* k410_add: elementwise: add (the code of rlx_t11) */
static int rlx_k410(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k411_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k411(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {184, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k412_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k412(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 185};
    return rlx_t1(slots, arena, ctl, at);
}

/* k414_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k414(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k415_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k415(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 186};
    return rlx_t3(slots, arena, ctl, at);
}

/* k417_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k417(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k418_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k418(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 187};
    return rlx_t3(slots, arena, ctl, at);
}

/* k420_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k420(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k421_rope: op: rope (the code of rlx_t5) */
static int rlx_k421(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k422_rope: op: rope (the code of rlx_t6) */
static int rlx_k422(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k423_where: elementwise: where (the code of rlx_t7) */
static int rlx_k423(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 373};
    return rlx_t7(slots, arena, ctl, at);
}

/* k424_where: elementwise: where (the code of rlx_t7) */
static int rlx_k424(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 374};
    return rlx_t7(slots, arena, ctl, at);
}

/* k425_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k425(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 182, 373, 183, 374, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k426_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k426(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k428_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k428(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 188};
    return rlx_t10(slots, arena, ctl, at);
}

/* k429_add: elementwise: add (the code of rlx_t11) */
static int rlx_k429(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k430_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k430(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {189, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k431_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k431(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 190};
    return rlx_t12(slots, arena, ctl, at);
}

/* k432_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k432(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 191};
    return rlx_t12(slots, arena, ctl, at);
}

/* k433_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k433(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k434_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k434(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 192};
    return rlx_t14(slots, arena, ctl, at);
}

/* k435_add: elementwise: add (the code of rlx_t11) */
static int rlx_k435(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k436_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k436(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {195, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k437_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k437(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 196};
    return rlx_t1(slots, arena, ctl, at);
}

/* k439_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k439(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k440_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k440(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 197};
    return rlx_t3(slots, arena, ctl, at);
}

/* k442_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k442(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k443_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k443(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 198};
    return rlx_t3(slots, arena, ctl, at);
}

/* k445_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k445(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k446_rope: op: rope (the code of rlx_t5) */
static int rlx_k446(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k447_rope: op: rope (the code of rlx_t6) */
static int rlx_k447(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k448_where: elementwise: where (the code of rlx_t7) */
static int rlx_k448(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 375};
    return rlx_t7(slots, arena, ctl, at);
}

/* k449_where: elementwise: where (the code of rlx_t7) */
static int rlx_k449(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 376};
    return rlx_t7(slots, arena, ctl, at);
}

/* k450_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k450(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 193, 375, 194, 376, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k451_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k451(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k453_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k453(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 199};
    return rlx_t10(slots, arena, ctl, at);
}

/* k454_add: elementwise: add (the code of rlx_t11) */
static int rlx_k454(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k455_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k455(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {200, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k456_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k456(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 201};
    return rlx_t12(slots, arena, ctl, at);
}

/* k457_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k457(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 202};
    return rlx_t12(slots, arena, ctl, at);
}

/* k458_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k458(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k459_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k459(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 203};
    return rlx_t14(slots, arena, ctl, at);
}

/* k460_add: elementwise: add (the code of rlx_t11) */
static int rlx_k460(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k461_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k461(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {206, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k462_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k462(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 207};
    return rlx_t1(slots, arena, ctl, at);
}

/* k464_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k464(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k465_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k465(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 208};
    return rlx_t3(slots, arena, ctl, at);
}

/* k467_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k467(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k468_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k468(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 209};
    return rlx_t3(slots, arena, ctl, at);
}

/* k470_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k470(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k471_rope: op: rope (the code of rlx_t5) */
static int rlx_k471(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k472_rope: op: rope (the code of rlx_t6) */
static int rlx_k472(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k473_where: elementwise: where (the code of rlx_t7) */
static int rlx_k473(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 377};
    return rlx_t7(slots, arena, ctl, at);
}

/* k474_where: elementwise: where (the code of rlx_t7) */
static int rlx_k474(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 378};
    return rlx_t7(slots, arena, ctl, at);
}

/* k475_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k475(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 204, 377, 205, 378, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k476_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k476(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k478_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k478(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 210};
    return rlx_t10(slots, arena, ctl, at);
}

/* k479_add: elementwise: add (the code of rlx_t11) */
static int rlx_k479(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k480_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k480(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {211, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k481_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k481(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 212};
    return rlx_t12(slots, arena, ctl, at);
}

/* k482_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k482(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 213};
    return rlx_t12(slots, arena, ctl, at);
}

/* k483_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k483(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k484_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k484(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 214};
    return rlx_t14(slots, arena, ctl, at);
}

/* k485_add: elementwise: add (the code of rlx_t11) */
static int rlx_k485(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k486_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k486(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {217, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k487_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k487(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 218};
    return rlx_t1(slots, arena, ctl, at);
}

/* k489_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k489(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k490_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k490(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 219};
    return rlx_t3(slots, arena, ctl, at);
}

/* k492_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k492(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k493_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k493(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 220};
    return rlx_t3(slots, arena, ctl, at);
}

/* k495_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k495(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k496_rope: op: rope (the code of rlx_t5) */
static int rlx_k496(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k497_rope: op: rope (the code of rlx_t6) */
static int rlx_k497(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k498_where: elementwise: where (the code of rlx_t7) */
static int rlx_k498(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 379};
    return rlx_t7(slots, arena, ctl, at);
}

/* k499_where: elementwise: where (the code of rlx_t7) */
static int rlx_k499(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 380};
    return rlx_t7(slots, arena, ctl, at);
}

/* k500_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k500(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 215, 379, 216, 380, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k501_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k501(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k503_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k503(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 221};
    return rlx_t10(slots, arena, ctl, at);
}

/* k504_add: elementwise: add (the code of rlx_t11) */
static int rlx_k504(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k505_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k505(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {222, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k506_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k506(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 223};
    return rlx_t12(slots, arena, ctl, at);
}

/* k507_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k507(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 224};
    return rlx_t12(slots, arena, ctl, at);
}

/* k508_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k508(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k509_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k509(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 225};
    return rlx_t14(slots, arena, ctl, at);
}

/* k510_add: elementwise: add (the code of rlx_t11) */
static int rlx_k510(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k511_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k511(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {228, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k512_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k512(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 229};
    return rlx_t1(slots, arena, ctl, at);
}

/* k514_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k514(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k515_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k515(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 230};
    return rlx_t3(slots, arena, ctl, at);
}

/* k517_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k517(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k518_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k518(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 231};
    return rlx_t3(slots, arena, ctl, at);
}

/* k520_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k520(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k521_rope: op: rope (the code of rlx_t5) */
static int rlx_k521(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k522_rope: op: rope (the code of rlx_t6) */
static int rlx_k522(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k523_where: elementwise: where (the code of rlx_t7) */
static int rlx_k523(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 381};
    return rlx_t7(slots, arena, ctl, at);
}

/* k524_where: elementwise: where (the code of rlx_t7) */
static int rlx_k524(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 382};
    return rlx_t7(slots, arena, ctl, at);
}

/* k525_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k525(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 226, 381, 227, 382, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k526_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k526(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k528_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k528(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 232};
    return rlx_t10(slots, arena, ctl, at);
}

/* k529_add: elementwise: add (the code of rlx_t11) */
static int rlx_k529(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k530_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k530(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {233, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k531_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k531(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 234};
    return rlx_t12(slots, arena, ctl, at);
}

RLX_PART_FN int rlx_part1(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k261(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k262(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k264(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k265(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k267(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k268(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k270(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k271(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k272(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k273(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k274(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k275(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k276(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k278(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k279(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k280(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k281(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k282(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k283(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k284(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k285(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k286(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k287(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k289(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k290(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k292(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k293(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k295(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k296(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k297(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k298(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k299(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k300(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k301(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k303(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k304(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k305(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k306(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k307(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k308(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k309(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k310(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k311(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k312(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k314(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k315(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k317(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k318(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k320(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k321(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k322(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k323(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k324(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k325(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k326(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k328(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k329(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k330(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k331(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k332(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k333(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k334(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k335(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k336(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k337(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k339(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k340(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k342(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k343(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k345(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k346(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k347(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k348(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k349(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k350(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k351(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k353(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k354(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k355(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k356(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k357(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k358(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k359(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k360(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k361(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k362(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k364(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k365(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k367(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k368(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k370(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k371(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k372(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k373(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k374(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k375(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k376(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k378(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k379(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k380(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k381(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k382(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k383(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k384(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k385(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k386(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k387(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k389(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k390(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k392(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k393(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k395(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k396(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k397(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k398(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k399(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k400(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k401(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k403(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k404(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k405(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k406(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k407(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k408(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k409(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k410(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k411(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k412(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k414(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k415(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k417(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k418(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k420(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k421(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k422(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k423(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k424(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k425(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k426(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k428(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k429(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k430(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k431(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k432(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k433(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k434(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k435(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k436(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k437(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k439(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k440(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k442(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k443(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k445(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k446(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k447(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k448(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k449(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k450(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k451(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k453(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k454(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k455(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k456(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k457(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k458(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k459(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k460(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k461(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k462(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k464(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k465(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k467(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k468(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k470(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k471(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k472(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k473(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k474(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k475(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k476(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k478(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k479(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k480(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k481(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k482(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k483(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k484(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k485(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k486(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k487(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k489(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k490(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k492(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k493(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k495(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k496(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k497(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k498(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k499(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k500(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k501(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k503(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k504(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k505(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k506(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k507(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k508(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k509(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k510(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k511(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k512(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k514(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k515(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k517(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k518(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k520(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k521(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k522(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k523(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k524(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k525(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k526(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k528(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k529(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k530(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k531(slots, arena, ctl)) != 0) return rc;
    return 0;
}
#endif

RLX_PART_FN int rlx_part2(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 2
/* k532_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k532(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 235};
    return rlx_t12(slots, arena, ctl, at);
}

/* k533_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k533(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k534_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k534(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 236};
    return rlx_t14(slots, arena, ctl, at);
}

/* k535_add: elementwise: add (the code of rlx_t11) */
static int rlx_k535(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k536_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k536(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {239, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k537_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k537(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 240};
    return rlx_t1(slots, arena, ctl, at);
}

/* k539_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k539(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k540_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k540(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 241};
    return rlx_t3(slots, arena, ctl, at);
}

/* k542_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k542(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k543_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k543(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 242};
    return rlx_t3(slots, arena, ctl, at);
}

/* k545_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k545(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k546_rope: op: rope (the code of rlx_t5) */
static int rlx_k546(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k547_rope: op: rope (the code of rlx_t6) */
static int rlx_k547(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k548_where: elementwise: where (the code of rlx_t7) */
static int rlx_k548(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 383};
    return rlx_t7(slots, arena, ctl, at);
}

/* k549_where: elementwise: where (the code of rlx_t7) */
static int rlx_k549(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 384};
    return rlx_t7(slots, arena, ctl, at);
}

/* k550_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k550(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 237, 383, 238, 384, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k551_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k551(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k553_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k553(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 243};
    return rlx_t10(slots, arena, ctl, at);
}

/* k554_add: elementwise: add (the code of rlx_t11) */
static int rlx_k554(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k555_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k555(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {244, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k556_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k556(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 245};
    return rlx_t12(slots, arena, ctl, at);
}

/* k557_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k557(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 246};
    return rlx_t12(slots, arena, ctl, at);
}

/* k558_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k558(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k559_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k559(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 247};
    return rlx_t14(slots, arena, ctl, at);
}

/* k560_add: elementwise: add (the code of rlx_t11) */
static int rlx_k560(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k561_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k561(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {250, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k562_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k562(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 251};
    return rlx_t1(slots, arena, ctl, at);
}

/* k564_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k564(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k565_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k565(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 252};
    return rlx_t3(slots, arena, ctl, at);
}

/* k567_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k567(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k568_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k568(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 253};
    return rlx_t3(slots, arena, ctl, at);
}

/* k570_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k570(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k571_rope: op: rope (the code of rlx_t5) */
static int rlx_k571(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k572_rope: op: rope (the code of rlx_t6) */
static int rlx_k572(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k573_where: elementwise: where (the code of rlx_t7) */
static int rlx_k573(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 385};
    return rlx_t7(slots, arena, ctl, at);
}

/* k574_where: elementwise: where (the code of rlx_t7) */
static int rlx_k574(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 386};
    return rlx_t7(slots, arena, ctl, at);
}

/* k575_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k575(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 248, 385, 249, 386, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k576_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k576(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k578_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k578(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 254};
    return rlx_t10(slots, arena, ctl, at);
}

/* k579_add: elementwise: add (the code of rlx_t11) */
static int rlx_k579(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k580_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k580(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {255, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k581_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k581(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 256};
    return rlx_t12(slots, arena, ctl, at);
}

/* k582_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k582(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 257};
    return rlx_t12(slots, arena, ctl, at);
}

/* k583_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k583(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k584_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k584(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 258};
    return rlx_t14(slots, arena, ctl, at);
}

/* k585_add: elementwise: add (the code of rlx_t11) */
static int rlx_k585(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k586_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k586(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {261, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k587_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k587(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 262};
    return rlx_t1(slots, arena, ctl, at);
}

/* k589_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k589(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k590_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k590(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 263};
    return rlx_t3(slots, arena, ctl, at);
}

/* k592_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k592(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k593_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k593(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 264};
    return rlx_t3(slots, arena, ctl, at);
}

/* k595_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k595(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k596_rope: op: rope (the code of rlx_t5) */
static int rlx_k596(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k597_rope: op: rope (the code of rlx_t6) */
static int rlx_k597(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k598_where: elementwise: where (the code of rlx_t7) */
static int rlx_k598(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 387};
    return rlx_t7(slots, arena, ctl, at);
}

/* k599_where: elementwise: where (the code of rlx_t7) */
static int rlx_k599(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 388};
    return rlx_t7(slots, arena, ctl, at);
}

/* k600_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k600(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 259, 387, 260, 388, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k601_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k601(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k603_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k603(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 265};
    return rlx_t10(slots, arena, ctl, at);
}

/* k604_add: elementwise: add (the code of rlx_t11) */
static int rlx_k604(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k605_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k605(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {266, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k606_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k606(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 267};
    return rlx_t12(slots, arena, ctl, at);
}

/* k607_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k607(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 268};
    return rlx_t12(slots, arena, ctl, at);
}

/* k608_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k608(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k609_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k609(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 269};
    return rlx_t14(slots, arena, ctl, at);
}

/* k610_add: elementwise: add (the code of rlx_t11) */
static int rlx_k610(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k611_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k611(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {272, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k612_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k612(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 273};
    return rlx_t1(slots, arena, ctl, at);
}

/* k614_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k614(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k615_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k615(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 274};
    return rlx_t3(slots, arena, ctl, at);
}

/* k617_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k617(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k618_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k618(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 275};
    return rlx_t3(slots, arena, ctl, at);
}

/* k620_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k620(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k621_rope: op: rope (the code of rlx_t5) */
static int rlx_k621(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k622_rope: op: rope (the code of rlx_t6) */
static int rlx_k622(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k623_where: elementwise: where (the code of rlx_t7) */
static int rlx_k623(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 389};
    return rlx_t7(slots, arena, ctl, at);
}

/* k624_where: elementwise: where (the code of rlx_t7) */
static int rlx_k624(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 390};
    return rlx_t7(slots, arena, ctl, at);
}

/* k625_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k625(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 270, 389, 271, 390, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k626_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k626(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k628_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k628(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 276};
    return rlx_t10(slots, arena, ctl, at);
}

/* k629_add: elementwise: add (the code of rlx_t11) */
static int rlx_k629(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k630_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k630(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {277, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k631_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k631(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 278};
    return rlx_t12(slots, arena, ctl, at);
}

/* k632_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k632(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 279};
    return rlx_t12(slots, arena, ctl, at);
}

/* k633_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k633(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k634_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k634(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 280};
    return rlx_t14(slots, arena, ctl, at);
}

/* k635_add: elementwise: add (the code of rlx_t11) */
static int rlx_k635(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k636_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k636(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {283, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k637_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k637(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 284};
    return rlx_t1(slots, arena, ctl, at);
}

/* k639_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k639(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k640_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k640(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 285};
    return rlx_t3(slots, arena, ctl, at);
}

/* k642_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k642(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k643_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k643(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 286};
    return rlx_t3(slots, arena, ctl, at);
}

/* k645_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k645(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k646_rope: op: rope (the code of rlx_t5) */
static int rlx_k646(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k647_rope: op: rope (the code of rlx_t6) */
static int rlx_k647(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k648_where: elementwise: where (the code of rlx_t7) */
static int rlx_k648(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 391};
    return rlx_t7(slots, arena, ctl, at);
}

/* k649_where: elementwise: where (the code of rlx_t7) */
static int rlx_k649(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 392};
    return rlx_t7(slots, arena, ctl, at);
}

/* k650_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k650(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 281, 391, 282, 392, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k651_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k651(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k653_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k653(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 287};
    return rlx_t10(slots, arena, ctl, at);
}

/* k654_add: elementwise: add (the code of rlx_t11) */
static int rlx_k654(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k655_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k655(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {288, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k656_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k656(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 289};
    return rlx_t12(slots, arena, ctl, at);
}

/* k657_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k657(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 290};
    return rlx_t12(slots, arena, ctl, at);
}

/* k658_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k658(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k659_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k659(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 291};
    return rlx_t14(slots, arena, ctl, at);
}

/* k660_add: elementwise: add (the code of rlx_t11) */
static int rlx_k660(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k661_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k661(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {294, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k662_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k662(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 295};
    return rlx_t1(slots, arena, ctl, at);
}

/* k664_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k664(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k665_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k665(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 296};
    return rlx_t3(slots, arena, ctl, at);
}

/* k667_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k667(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k668_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k668(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 297};
    return rlx_t3(slots, arena, ctl, at);
}

/* k670_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k670(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k671_rope: op: rope (the code of rlx_t5) */
static int rlx_k671(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k672_rope: op: rope (the code of rlx_t6) */
static int rlx_k672(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k673_where: elementwise: where (the code of rlx_t7) */
static int rlx_k673(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 393};
    return rlx_t7(slots, arena, ctl, at);
}

/* k674_where: elementwise: where (the code of rlx_t7) */
static int rlx_k674(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 394};
    return rlx_t7(slots, arena, ctl, at);
}

/* k675_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k675(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 292, 393, 293, 394, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k676_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k676(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k678_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k678(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 298};
    return rlx_t10(slots, arena, ctl, at);
}

/* k679_add: elementwise: add (the code of rlx_t11) */
static int rlx_k679(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k680_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k680(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {299, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k681_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k681(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 300};
    return rlx_t12(slots, arena, ctl, at);
}

/* k682_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k682(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 301};
    return rlx_t12(slots, arena, ctl, at);
}

/* k683_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k683(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k684_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k684(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 302};
    return rlx_t14(slots, arena, ctl, at);
}

/* k685_add: elementwise: add (the code of rlx_t11) */
static int rlx_k685(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k686_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k686(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {305, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k687_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k687(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 306};
    return rlx_t1(slots, arena, ctl, at);
}

/* k689_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k689(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k690_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k690(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 307};
    return rlx_t3(slots, arena, ctl, at);
}

/* k692_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k692(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k693_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k693(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 308};
    return rlx_t3(slots, arena, ctl, at);
}

/* k695_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k695(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k696_rope: op: rope (the code of rlx_t5) */
static int rlx_k696(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k697_rope: op: rope (the code of rlx_t6) */
static int rlx_k697(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k698_where: elementwise: where (the code of rlx_t7) */
static int rlx_k698(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 395};
    return rlx_t7(slots, arena, ctl, at);
}

/* k699_where: elementwise: where (the code of rlx_t7) */
static int rlx_k699(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 396};
    return rlx_t7(slots, arena, ctl, at);
}

/* k700_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k700(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 303, 395, 304, 396, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k701_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k701(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k703_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k703(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 309};
    return rlx_t10(slots, arena, ctl, at);
}

/* k704_add: elementwise: add (the code of rlx_t11) */
static int rlx_k704(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k705_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k705(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {310, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k706_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k706(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 311};
    return rlx_t12(slots, arena, ctl, at);
}

/* k707_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k707(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 312};
    return rlx_t12(slots, arena, ctl, at);
}

/* k708_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k708(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k709_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k709(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 313};
    return rlx_t14(slots, arena, ctl, at);
}

/* k710_add: elementwise: add (the code of rlx_t11) */
static int rlx_k710(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k711_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k711(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {316, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k712_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k712(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 317};
    return rlx_t1(slots, arena, ctl, at);
}

/* k714_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k714(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k715_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k715(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 318};
    return rlx_t3(slots, arena, ctl, at);
}

/* k717_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k717(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k718_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k718(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 319};
    return rlx_t3(slots, arena, ctl, at);
}

/* k720_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k720(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k721_rope: op: rope (the code of rlx_t5) */
static int rlx_k721(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k722_rope: op: rope (the code of rlx_t6) */
static int rlx_k722(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k723_where: elementwise: where (the code of rlx_t7) */
static int rlx_k723(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 397};
    return rlx_t7(slots, arena, ctl, at);
}

/* k724_where: elementwise: where (the code of rlx_t7) */
static int rlx_k724(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 398};
    return rlx_t7(slots, arena, ctl, at);
}

/* k725_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k725(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 314, 397, 315, 398, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k726_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k726(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k728_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k728(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 320};
    return rlx_t10(slots, arena, ctl, at);
}

/* k729_add: elementwise: add (the code of rlx_t11) */
static int rlx_k729(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k730_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k730(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {321, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k731_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k731(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 322};
    return rlx_t12(slots, arena, ctl, at);
}

/* k732_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k732(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 323};
    return rlx_t12(slots, arena, ctl, at);
}

/* k733_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k733(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k734_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k734(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 324};
    return rlx_t14(slots, arena, ctl, at);
}

/* k735_add: elementwise: add (the code of rlx_t11) */
static int rlx_k735(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k736_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k736(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {327, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k737_dequant_matmul: op: dequant_matmul (the code of rlx_t1) */
static int rlx_k737(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 328};
    return rlx_t1(slots, arena, ctl, at);
}

/* k739_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k739(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 7232};
    return rlx_t2(slots, arena, ctl, at);
}

/* k740_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k740(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 329};
    return rlx_t3(slots, arena, ctl, at);
}

/* k742_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k742(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 5696};
    return rlx_t4(slots, arena, ctl, at);
}

/* k743_dequant_matmul: op: dequant_matmul (the code of rlx_t3) */
static int rlx_k743(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 330};
    return rlx_t3(slots, arena, ctl, at);
}

/* k745_transpose: op: transpose (the code of rlx_t4) */
static int rlx_k745(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 6464};
    return rlx_t4(slots, arena, ctl, at);
}

/* k746_rope: op: rope (the code of rlx_t5) */
static int rlx_k746(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7232, 2624, 64, 192};
    return rlx_t5(slots, arena, ctl, at);
}

/* k747_rope: op: rope (the code of rlx_t6) */
static int rlx_k747(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5696, 4928, 64, 192};
    return rlx_t6(slots, arena, ctl, at);
}

/* k748_where: elementwise: where (the code of rlx_t7) */
static int rlx_k748(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 4928, 399};
    return rlx_t7(slots, arena, ctl, at);
}

/* k749_where: elementwise: where (the code of rlx_t7) */
static int rlx_k749(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 6464, 400};
    return rlx_t7(slots, arena, ctl, at);
}

/* k750_cached_attention: op: cached_attention (the code of rlx_t8) */
static int rlx_k750(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 17216, 2624, 325, 399, 326, 400, 4928};
    return rlx_t8(slots, arena, ctl, at);
}

/* k751_transpose: op: transpose (the code of rlx_t9) */
static int rlx_k751(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624};
    return rlx_t9(slots, arena, ctl, at);
}

/* k753_dequant_matmul: op: dequant_matmul (the code of rlx_t10) */
static int rlx_k753(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 331};
    return rlx_t10(slots, arena, ctl, at);
}

/* k754_add: elementwise: add (the code of rlx_t11) */
static int rlx_k754(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 4928};
    return rlx_t11(slots, arena, ctl, at);
}

/* k755_rms_norm: rowwise: rms_norm (the code of rlx_t0) */
static int rlx_k755(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {332, 320, 2624};
    return rlx_t0(slots, arena, ctl, at);
}

/* k756_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k756(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 4928, 333};
    return rlx_t12(slots, arena, ctl, at);
}

/* k757_dequant_matmul: op: dequant_matmul (the code of rlx_t12) */
static int rlx_k757(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2624, 11072, 334};
    return rlx_t12(slots, arena, ctl, at);
}

/* k758_silu_mul: elementwise: silu + mul (the code of rlx_t13) */
static int rlx_k758(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 11072};
    return rlx_t13(slots, arena, ctl, at);
}

/* k759_dequant_matmul: op: dequant_matmul (the code of rlx_t14) */
static int rlx_k759(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4928, 2624, 335};
    return rlx_t14(slots, arena, ctl, at);
}

/* k760_add: elementwise: add (the code of rlx_t11) */
static int rlx_k760(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {320, 2624};
    return rlx_t11(slots, arena, ctl, at);
}

/* k761_gather: op: gather */
static int rlx_k761(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const int64_t *idx = ((const int64_t *)((uint8_t *)slots[2]));
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v = (int64_t)idx[j];
        if (v < -1 || v >= 1) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%1131 = gather(%%1130, %%2, axis=1) : f32[1,1,576]: gather: index %lld is out of range for axis 1 of size 1 (valid: -1..0)", (long long)v);
            return 1;
        }
    }
    const float *src = ((const float *)(arena + 320));
    float *dst = ((float *)(arena + 2624));
    for (int64_t t = 0; t < 1; t++) {
        int64_t v = (int64_t)idx[t % 1];
        if (v < 0) v += 1;
        const int64_t from = ((t / 1) * 1 + v) * 576;
        memcpy(dst + t * 576, src + from, 576 * sizeof *dst);
    }
    return 0;
}

/* k763_rms_norm: rowwise: rms_norm */
static int rlx_k763(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        enum { rlx_nslots = 401 };
        void *slots[rlx_nslots];
        slots[336] = rlx_caller_slots[336];
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
                        r_x = ((const float *)((arena + 2624) + 0))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)((arena + 2624) + 0))[i0];
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
                        r_x = ((const float *)((arena + 2624) + 0))[i0];
                        const float r_d = fabs(r_x);
                        r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                    }
                }
                for (int l = 0; i0_b + l < 576; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)((arena + 2624) + 0))[i0];
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
                                r_x = ((const float *)((arena + 2624) + 0))[i0];
                                const float r_d = (r_x) / r_a;
                                r_v_l[l] += r_d * r_d;
                            }
                        }
                        for (int l = 0; i0_b + l < blk_end; l++) {
                            const int64_t i0 = i0_b + l;
                            float r_x;
                            r_x = ((const float *)((arena + 2624) + 0))[i0];
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
            r_x = ((const float *)((arena + 2624) + 0))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[336]))[i0];
            ((float *)(arena + 0))[i0] = r_y;
        }
    }
    return 0;
}

/* k764_dequant_matmul: op: dequant_matmul */
static int rlx_k764(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 0));
    float *restrict y = ((float *)((uint8_t *)slots[340]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[5]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 12288; g++) {
        rlx_gv4x1_q8_0(q + g * 4 * 612, 612, x + 0, 576, y + 0 + g * 4, 49152);
    }
    return 0;
}

RLX_PART_FN int rlx_part2(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k532(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k533(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k534(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k535(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k536(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k537(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k539(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k540(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k542(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k543(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k545(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k546(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k547(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k548(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k549(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k550(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k551(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k553(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k554(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k555(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k556(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k557(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k558(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k559(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k560(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k561(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k562(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k564(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k565(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k567(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k568(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k570(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k571(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k572(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k573(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k574(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k575(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k576(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k578(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k579(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k580(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k581(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k582(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k583(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k584(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k585(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k586(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k587(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k589(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k590(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k592(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k593(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k595(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k596(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k597(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k598(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k599(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k600(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k601(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k603(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k604(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k605(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k606(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k607(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k608(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k609(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k610(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k611(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k612(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k614(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k615(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k617(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k618(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k620(slots, arena, ctl)) != 0) return rc;
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
    RLX_KERNEL_FENCE(); if ((rc = rlx_k651(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k653(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k654(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k655(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k656(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k657(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k658(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k659(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k660(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k661(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k662(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k664(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k665(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k667(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k668(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k670(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k671(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k672(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k673(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k674(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k675(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k676(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k678(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k679(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k680(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k681(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k682(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k683(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k684(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k685(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k686(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k687(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k689(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k690(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k692(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k693(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k695(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k696(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k697(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k698(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k699(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k700(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k701(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k703(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k704(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k705(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k706(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k707(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k708(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k709(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k710(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k711(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k712(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k714(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k715(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k717(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k718(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k720(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k721(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k722(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k723(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k724(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k725(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k726(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k728(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k729(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k730(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k731(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k732(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k733(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k734(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k735(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k736(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k737(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k739(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k740(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k742(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k743(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k745(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k746(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k747(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k748(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k749(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k750(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k751(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k753(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k754(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k755(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k756(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k757(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k758(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k759(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k760(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k761(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k763(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k764(slots, arena, ctl)) != 0) return rc;
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
