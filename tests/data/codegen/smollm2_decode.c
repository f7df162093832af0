/* codegen_replay: main program of graph 'llama_step_b1_s1_r256_c2048_mixed' */
/* rlx: generated from graph 'llama_step_b1_s1_r256_c2048_mixed', compiled in 4 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


#include "cblas.h"

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
    float t[RLX_VW];
    memcpy(t, &v, sizeof t);
    for (int w = RLX_VW / 2; w >= 1; w /= 2)
        for (int l = 0; l < w; l++) t[l] += t[l + w];
    return t[0];
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
    enum { RP = RLX_G_RP / 1 < 1 ? 1 : RLX_G_RP / 1 < 4 ? RLX_G_RP / 1 : 4 };
    for (int j0 = 0; j0 < 4; j0 += RP) {
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_vf acc[RP][1][RLX_G_NA];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 4
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
                    #pragma GCC unroll 4
                    for (int m = 0; m < 1; m++)
                        #pragma GCC unroll 8
                        for (int c = 0; c < RLX_G_NC; c++)
                            acc[j][m][c % RLX_G_NA] = rlx_v_fma(
                                w[c], rlx_v_load(xs + m * k + c * RLX_VW),
                                acc[j][m][c % RLX_G_NA]);
                }
            }
        }
        for (int j = 0; j < RP; j++)
            for (int m = 0; m < 1; m++) y[m * n + j0 + j] = rlx_g_fold(acc[j][m]);
    }
}


/* Generated kernels split work over OpenMP threads and call BLAS inside the parallel
   regions, so OpenBLAS must stay single-threaded (its own pool would compete with
   OpenMP's for the same cores). */
static void rlx_blas_serial(void) {
    if (scipy_openblas_get_num_threads() != 1) scipy_openblas_set_num_threads(1);
}

static void rlx_epi_n65(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a65 = ((float *)(arena + 398784))[r * 576 + j];
            const float v67 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t68 = ((a65) + (v67));
            ((float *)(arena + 398784))[r * 576 + j] = t68;
        }
    }
}

static void rlx_epi_n120(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a120 = ((float *)(arena + 398784))[r * 576 + j];
            const float v122 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t123 = ((a120) + (v122));
            ((float *)(arena + 398784))[r * 576 + j] = t123;
        }
    }
}

static void rlx_epi_n175(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a175 = ((float *)(arena + 398784))[r * 576 + j];
            const float v177 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t178 = ((a175) + (v177));
            ((float *)(arena + 398784))[r * 576 + j] = t178;
        }
    }
}

static void rlx_epi_n230(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a230 = ((float *)(arena + 398784))[r * 576 + j];
            const float v232 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t233 = ((a230) + (v232));
            ((float *)(arena + 398784))[r * 576 + j] = t233;
        }
    }
}

static void rlx_epi_n285(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a285 = ((float *)(arena + 398784))[r * 576 + j];
            const float v287 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t288 = ((a285) + (v287));
            ((float *)(arena + 398784))[r * 576 + j] = t288;
        }
    }
}

static void rlx_epi_n340(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a340 = ((float *)(arena + 398784))[r * 576 + j];
            const float v342 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t343 = ((a340) + (v342));
            ((float *)(arena + 398784))[r * 576 + j] = t343;
        }
    }
}

static void rlx_epi_n395(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a395 = ((float *)(arena + 398784))[r * 576 + j];
            const float v397 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t398 = ((a395) + (v397));
            ((float *)(arena + 398784))[r * 576 + j] = t398;
        }
    }
}

static void rlx_epi_n450(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a450 = ((float *)(arena + 398784))[r * 576 + j];
            const float v452 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t453 = ((a450) + (v452));
            ((float *)(arena + 398784))[r * 576 + j] = t453;
        }
    }
}

static void rlx_epi_n505(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a505 = ((float *)(arena + 398784))[r * 576 + j];
            const float v507 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t508 = ((a505) + (v507));
            ((float *)(arena + 398784))[r * 576 + j] = t508;
        }
    }
}

static void rlx_epi_n560(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a560 = ((float *)(arena + 398784))[r * 576 + j];
            const float v562 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t563 = ((a560) + (v562));
            ((float *)(arena + 398784))[r * 576 + j] = t563;
        }
    }
}

static void rlx_epi_n615(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a615 = ((float *)(arena + 398784))[r * 576 + j];
            const float v617 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t618 = ((a615) + (v617));
            ((float *)(arena + 398784))[r * 576 + j] = t618;
        }
    }
}

static void rlx_epi_n670(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a670 = ((float *)(arena + 398784))[r * 576 + j];
            const float v672 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t673 = ((a670) + (v672));
            ((float *)(arena + 398784))[r * 576 + j] = t673;
        }
    }
}

static void rlx_epi_n725(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a725 = ((float *)(arena + 398784))[r * 576 + j];
            const float v727 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t728 = ((a725) + (v727));
            ((float *)(arena + 398784))[r * 576 + j] = t728;
        }
    }
}

static void rlx_epi_n780(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a780 = ((float *)(arena + 398784))[r * 576 + j];
            const float v782 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t783 = ((a780) + (v782));
            ((float *)(arena + 398784))[r * 576 + j] = t783;
        }
    }
}

static void rlx_epi_n835(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a835 = ((float *)(arena + 398784))[r * 576 + j];
            const float v837 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t838 = ((a835) + (v837));
            ((float *)(arena + 398784))[r * 576 + j] = t838;
        }
    }
}

static void rlx_epi_n890(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a890 = ((float *)(arena + 398784))[r * 576 + j];
            const float v892 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t893 = ((a890) + (v892));
            ((float *)(arena + 398784))[r * 576 + j] = t893;
        }
    }
}

static void rlx_epi_n945(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a945 = ((float *)(arena + 398784))[r * 576 + j];
            const float v947 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t948 = ((a945) + (v947));
            ((float *)(arena + 398784))[r * 576 + j] = t948;
        }
    }
}

static void rlx_epi_n1000(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1000 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1002 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1003 = ((a1000) + (v1002));
            ((float *)(arena + 398784))[r * 576 + j] = t1003;
        }
    }
}

static void rlx_epi_n1055(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1055 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1057 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1058 = ((a1055) + (v1057));
            ((float *)(arena + 398784))[r * 576 + j] = t1058;
        }
    }
}

static void rlx_epi_n1110(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1110 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1112 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1113 = ((a1110) + (v1112));
            ((float *)(arena + 398784))[r * 576 + j] = t1113;
        }
    }
}

static void rlx_epi_n1165(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1165 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1167 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1168 = ((a1165) + (v1167));
            ((float *)(arena + 398784))[r * 576 + j] = t1168;
        }
    }
}

static void rlx_epi_n1220(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1220 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1222 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1223 = ((a1220) + (v1222));
            ((float *)(arena + 398784))[r * 576 + j] = t1223;
        }
    }
}

static void rlx_epi_n1275(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1275 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1277 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1278 = ((a1275) + (v1277));
            ((float *)(arena + 398784))[r * 576 + j] = t1278;
        }
    }
}

static void rlx_epi_n1330(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1330 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1332 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1333 = ((a1330) + (v1332));
            ((float *)(arena + 398784))[r * 576 + j] = t1333;
        }
    }
}

static void rlx_epi_n1385(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1385 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1387 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1388 = ((a1385) + (v1387));
            ((float *)(arena + 398784))[r * 576 + j] = t1388;
        }
    }
}

static void rlx_epi_n1440(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1440 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1442 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1443 = ((a1440) + (v1442));
            ((float *)(arena + 398784))[r * 576 + j] = t1443;
        }
    }
}

static void rlx_epi_n1495(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1495 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1497 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1498 = ((a1495) + (v1497));
            ((float *)(arena + 398784))[r * 576 + j] = t1498;
        }
    }
}

static void rlx_epi_n1550(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1550 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1552 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1553 = ((a1550) + (v1552));
            ((float *)(arena + 398784))[r * 576 + j] = t1553;
        }
    }
}

static void rlx_epi_n1605(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1605 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1607 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1608 = ((a1605) + (v1607));
            ((float *)(arena + 398784))[r * 576 + j] = t1608;
        }
    }
}

static void rlx_epi_n1660(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 576; r * 576 < f1; r++) {
        const int64_t j0 = r * 576 < f0 ? f0 - r * 576 : 0;
        const int64_t j1 = (r + 1) * 576 > f1 ? f1 - r * 576 : 576;
        const int64_t ro0 = 0;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a1660 = ((float *)(arena + 398784))[r * 576 + j];
            const float v1662 = ((const float *)(arena + 396480))[ro1 + j * 1];
            const float t1663 = ((a1660) + (v1662));
            ((float *)(arena + 398784))[r * 576 + j] = t1663;
        }
    }
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



/* q8_0: y[m * n + j] = (row j of W) . x[m] for the 4 rows of blocks at q,
   q + row_bytes, ... (k / 32 blocks each) and the 1 rows of x [1, k], RP
   rows of W side by side at a time: groups decoded in registers into fused
   multiply-adds, 16 partial sums per output (module docstring of
   rlx.backends.cpu.kernels.qmatmul_ggml) */
static __attribute__((noinline)) void rlx_gv4x1_q8_0(
        const uint8_t *restrict q, int64_t row_bytes, const float *restrict x, int64_t k,
        float *restrict y, int64_t n) {
    enum { RP = RLX_G_RP / 1 < 1 ? 1 : RLX_G_RP / 1 < 4 ? RLX_G_RP / 1 : 4 };
    for (int j0 = 0; j0 < 4; j0 += RP) {
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_vf acc[RP][1][RLX_G_NA];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 4
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
                    #pragma GCC unroll 4
                    for (int m = 0; m < 1; m++)
                        #pragma GCC unroll 8
                        for (int c = 0; c < RLX_G_NC; c++)
                            acc[j][m][c % RLX_G_NA] = rlx_v_fma(
                                w[c], rlx_v_load(xs + m * k + c * RLX_VW),
                                acc[j][m][c % RLX_G_NA]);
                }
            }
        }
        for (int j = 0; j < RP; j++)
            for (int m = 0; m < 1; m++) y[m * n + j0 + j] = rlx_g_fold(acc[j][m]);
    }
}


RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k2_add_minimum: elementwise: add + minimum */
static int rlx_k2(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v5 = ((const int64_t *)(((uint8_t *)slots[1]) + 0))[0];
        const int64_t v4 = ((const int64_t *)(((uint8_t *)slots[338]) + 0))[0];
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
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%10 = gather(%%9, %%8, axis=0) : f32[1,1,32]: gather: index %lld is out of range for axis 0 of size 2048 (valid: -2048..2047)", (long long)v);
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
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%12 = gather(%%11, %%8, axis=0) : f32[1,1,32]: gather: index %lld is out of range for axis 0 of size 2048 (valid: -2048..2047)", (long long)v);
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
        const int64_t v4 = ((const int64_t *)(((uint8_t *)slots[338]) + 0))[0];
        const int64_t v15 = ((const int64_t *)(((uint8_t *)slots[2]) + 0))[0];
        const uint8_t t16 = (uint8_t)((v4) <= (v15));
        ((uint8_t *)(arena + 0))[j] = (uint8_t)((t16) != 0);
    }
    return 0;
}

/* k9_le: elementwise: le */
static int rlx_k9(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v4 = ((const int64_t *)(((uint8_t *)slots[338]) + 0))[0];
        const uint8_t t17 = (uint8_t)((v4) <= (v4));
        ((uint8_t *)(arena + 320))[j] = (uint8_t)((t17) != 0);
    }
    return 0;
}

/* k13_lt: elementwise: lt */
static int rlx_k13(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 256; j++) {
        const int64_t v20 = ((const int64_t *)(((uint8_t *)slots[340]) + 0))[j * 1];
        const int64_t v21 = ((const int64_t *)(((uint8_t *)slots[1]) + 0))[0];
        const uint8_t t22 = (uint8_t)((v20) < (v21));
        ((uint8_t *)(arena + 384))[j] = (uint8_t)((t22) != 0);
    }
    return 0;
}

/* k14_concat: op: concat */
static int rlx_k14(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    uint8_t *dst = ((uint8_t *)(arena + 640));
    const uint8_t *p0 = ((const uint8_t *)(arena + 384));
    const uint8_t *p1 = ((const uint8_t *)((arena + 320) + 0));
    memcpy(dst + 0, p0, 256 * sizeof *(dst + 0));
    memcpy(dst + 256, p1, 1 * sizeof *(dst + 256));
    return 0;
}

/* k17_gather: op: gather */
static int rlx_k17(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const int64_t *idx = ((const int64_t *)((uint8_t *)slots[0]));
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v = (int64_t)idx[j];
        if (v < -49152 || v >= 49152) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%27 = gather(%%26, %%0, axis=0) : f32[1,1,576]: gather: index %lld is out of range for axis 0 of size 49152 (valid: -49152..49151)", (long long)v);
            return 1;
        }
    }
    const float *src = ((const float *)((uint8_t *)slots[5]));
    float *dst = ((float *)(arena + 960));
    for (int64_t t = 0; t < 1; t++) {
        int64_t v = (int64_t)idx[t % 1];
        if (v < 0) v += 49152;
        const int64_t from = ((t / 1) * 49152 + v) * 576;
        memcpy(dst + t * 576, src + from, 576 * sizeof *dst);
    }
    return 0;
}

/* k18_slice: op: slice */
static int rlx_k18(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[6])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k19_slice: op: slice */
static int rlx_k19(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[7])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k20_rms_norm: rowwise: rms_norm */
static int rlx_k20(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[9];
        slots[8] = rlx_caller_slots[8];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[8]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k21_dequant_matmul: op: dequant_matmul */
static int rlx_k21(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[9]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k23_transpose: op: transpose */
static int rlx_k23(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k24_dequant_matmul: op: dequant_matmul */
static int rlx_k24(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[10]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k26_transpose: op: transpose */
static int rlx_k26(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k27_dequant_matmul: op: dequant_matmul */
static int rlx_k27(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[11]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k29_transpose: op: transpose */
static int rlx_k29(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k30_rope: op: rope */
static int rlx_k30(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k31_rope: op: rope */
static int rlx_k31(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k32_where: elementwise: where */
static int rlx_k32(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v47 = ((const float *)(arena + 398784))[j * 1];
        const float t49 = ((v25) ? (v47) : (0.0f));
        ((float *)((uint8_t *)slots[345]))[j] = t49;
    }
    return 0;
}

/* k33_where: elementwise: where */
static int rlx_k33(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v45 = ((const float *)(arena + 400320))[j * 1];
        const float t50 = ((v25) ? (v45) : (0.0f));
        ((float *)((uint8_t *)slots[346]))[j] = t50;
    }
    return 0;
}

/* k34_mul: elementwise: mul */
static int rlx_k34(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v46 = ((const float *)(arena + 396480))[j * 1];
        const float t52 = ((v46) * (0.125f));
        ((float *)(arena + 396480))[j] = t52;
    }
    return 0;
}

/* k36_transpose_matmul: matmul: transpose + matmul */
static int rlx_k36(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k37_transpose_matmul: matmul: transpose + matmul */
static int rlx_k37(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[345]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k38_concat: op: concat */
static int rlx_k38(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k40_where_softmax: rowwise: where + softmax */
static int rlx_k40(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v59 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t61 = ((v24) ? (v59) : ((-INFINITY)));
                        r_x = t61;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v59 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t61 = ((v24) ? (v59) : ((-INFINITY)));
                    r_x = t61;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v59 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t61 = ((v24) ? (v59) : ((-INFINITY)));
                            r_x = t61;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v59 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t61 = ((v24) ? (v59) : ((-INFINITY)));
                        r_x = t61;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k42_slice: op: slice */
static int rlx_k42(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k43_slice: op: slice */
static int rlx_k43(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k44_matmul: matmul: matmul */
static int rlx_k44(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[346]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k45_matmul_add: matmul: matmul + add */
static int rlx_k45(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n65(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k47_transpose: op: transpose */
static int rlx_k47(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k49_dequant_matmul: op: dequant_matmul */
static int rlx_k49(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[12]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k50_add: elementwise: add */
static int rlx_k50(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v27 = ((const float *)(arena + 960))[j * 1];
        const float v73 = ((const float *)(arena + 403392))[j * 1];
        const float t74 = ((v27) + (v73));
        ((float *)(arena + 960))[j] = t74;
    }
    return 0;
}

/* k51_rms_norm: rowwise: rms_norm */
static int rlx_k51(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[14];
        slots[13] = rlx_caller_slots[13];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[13]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k52_dequant_matmul: op: dequant_matmul */
static int rlx_k52(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[14]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k53_dequant_matmul: op: dequant_matmul */
static int rlx_k53(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[15]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k54_silu_mul: elementwise: silu + mul */
static int rlx_k54(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v78 = ((const float *)(arena + 5568))[j * 1];
        const float v81 = ((const float *)(arena + 11712))[j * 1];
        const float t79 = rlx_siluf(v78);
        const float t82 = ((t79) * (v81));
        ((float *)(arena + 5568))[j] = t82;
    }
    return 0;
}

/* k55_dequant_matmul: op: dequant_matmul */
static int rlx_k55(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[16]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k56_add: elementwise: add */
static int rlx_k56(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v74 = ((const float *)(arena + 960))[j * 1];
        const float v84 = ((const float *)(arena + 3264))[j * 1];
        const float t85 = ((v74) + (v84));
        ((float *)(arena + 960))[j] = t85;
    }
    return 0;
}

/* k57_slice: op: slice */
static int rlx_k57(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[17])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k58_slice: op: slice */
static int rlx_k58(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[18])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k59_rms_norm: rowwise: rms_norm */
static int rlx_k59(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[20];
        slots[19] = rlx_caller_slots[19];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[19]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k60_dequant_matmul: op: dequant_matmul */
static int rlx_k60(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[20]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k62_transpose: op: transpose */
static int rlx_k62(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k63_dequant_matmul: op: dequant_matmul */
static int rlx_k63(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[21]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k65_transpose: op: transpose */
static int rlx_k65(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k66_dequant_matmul: op: dequant_matmul */
static int rlx_k66(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[22]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k68_transpose: op: transpose */
static int rlx_k68(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k69_rope: op: rope */
static int rlx_k69(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k70_rope: op: rope */
static int rlx_k70(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k71_where: elementwise: where */
static int rlx_k71(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v105 = ((const float *)(arena + 398784))[j * 1];
        const float t106 = ((v25) ? (v105) : (0.0f));
        ((float *)((uint8_t *)slots[347]))[j] = t106;
    }
    return 0;
}

/* k72_where: elementwise: where */
static int rlx_k72(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v103 = ((const float *)(arena + 400320))[j * 1];
        const float t107 = ((v25) ? (v103) : (0.0f));
        ((float *)((uint8_t *)slots[348]))[j] = t107;
    }
    return 0;
}

/* k73_mul: elementwise: mul */
static int rlx_k73(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v104 = ((const float *)(arena + 396480))[j * 1];
        const float t108 = ((v104) * (0.125f));
        ((float *)(arena + 396480))[j] = t108;
    }
    return 0;
}

/* k75_transpose_matmul: matmul: transpose + matmul */
static int rlx_k75(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k76_transpose_matmul: matmul: transpose + matmul */
static int rlx_k76(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[347]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k77_concat: op: concat */
static int rlx_k77(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k79_where_softmax: rowwise: where + softmax */
static int rlx_k79(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v115 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t116 = ((v24) ? (v115) : ((-INFINITY)));
                        r_x = t116;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v115 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t116 = ((v24) ? (v115) : ((-INFINITY)));
                    r_x = t116;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v115 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t116 = ((v24) ? (v115) : ((-INFINITY)));
                            r_x = t116;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v115 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t116 = ((v24) ? (v115) : ((-INFINITY)));
                        r_x = t116;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k81_slice: op: slice */
static int rlx_k81(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k82_slice: op: slice */
static int rlx_k82(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k83_matmul: matmul: matmul */
static int rlx_k83(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[348]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k84_matmul_add: matmul: matmul + add */
static int rlx_k84(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n120(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k86_transpose: op: transpose */
static int rlx_k86(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k88_dequant_matmul: op: dequant_matmul */
static int rlx_k88(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[23]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k89_add: elementwise: add */
static int rlx_k89(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v85 = ((const float *)(arena + 960))[j * 1];
        const float v128 = ((const float *)(arena + 403392))[j * 1];
        const float t129 = ((v85) + (v128));
        ((float *)(arena + 960))[j] = t129;
    }
    return 0;
}

/* k90_rms_norm: rowwise: rms_norm */
static int rlx_k90(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[25];
        slots[24] = rlx_caller_slots[24];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[24]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k91_dequant_matmul: op: dequant_matmul */
static int rlx_k91(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[25]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k92_dequant_matmul: op: dequant_matmul */
static int rlx_k92(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[26]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k93_silu_mul: elementwise: silu + mul */
static int rlx_k93(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v133 = ((const float *)(arena + 5568))[j * 1];
        const float v136 = ((const float *)(arena + 11712))[j * 1];
        const float t134 = rlx_siluf(v133);
        const float t137 = ((t134) * (v136));
        ((float *)(arena + 5568))[j] = t137;
    }
    return 0;
}

/* k94_dequant_matmul: op: dequant_matmul */
static int rlx_k94(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[27]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k95_add: elementwise: add */
static int rlx_k95(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v129 = ((const float *)(arena + 960))[j * 1];
        const float v139 = ((const float *)(arena + 3264))[j * 1];
        const float t140 = ((v129) + (v139));
        ((float *)(arena + 960))[j] = t140;
    }
    return 0;
}

/* k96_slice: op: slice */
static int rlx_k96(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[28])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k97_slice: op: slice */
static int rlx_k97(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[29])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k98_rms_norm: rowwise: rms_norm */
static int rlx_k98(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[31];
        slots[30] = rlx_caller_slots[30];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[30]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k99_dequant_matmul: op: dequant_matmul */
static int rlx_k99(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[31]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k101_transpose: op: transpose */
static int rlx_k101(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k102_dequant_matmul: op: dequant_matmul */
static int rlx_k102(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[32]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k104_transpose: op: transpose */
static int rlx_k104(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k105_dequant_matmul: op: dequant_matmul */
static int rlx_k105(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[33]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k107_transpose: op: transpose */
static int rlx_k107(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k108_rope: op: rope */
static int rlx_k108(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k109_rope: op: rope */
static int rlx_k109(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k110_where: elementwise: where */
static int rlx_k110(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v160 = ((const float *)(arena + 398784))[j * 1];
        const float t161 = ((v25) ? (v160) : (0.0f));
        ((float *)((uint8_t *)slots[349]))[j] = t161;
    }
    return 0;
}

/* k111_where: elementwise: where */
static int rlx_k111(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v158 = ((const float *)(arena + 400320))[j * 1];
        const float t162 = ((v25) ? (v158) : (0.0f));
        ((float *)((uint8_t *)slots[350]))[j] = t162;
    }
    return 0;
}

/* k112_mul: elementwise: mul */
static int rlx_k112(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v159 = ((const float *)(arena + 396480))[j * 1];
        const float t163 = ((v159) * (0.125f));
        ((float *)(arena + 396480))[j] = t163;
    }
    return 0;
}

/* k114_transpose_matmul: matmul: transpose + matmul */
static int rlx_k114(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k115_transpose_matmul: matmul: transpose + matmul */
static int rlx_k115(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[349]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k116_concat: op: concat */
static int rlx_k116(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k118_where_softmax: rowwise: where + softmax */
static int rlx_k118(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v170 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t171 = ((v24) ? (v170) : ((-INFINITY)));
                        r_x = t171;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v170 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t171 = ((v24) ? (v170) : ((-INFINITY)));
                    r_x = t171;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v170 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t171 = ((v24) ? (v170) : ((-INFINITY)));
                            r_x = t171;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v170 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t171 = ((v24) ? (v170) : ((-INFINITY)));
                        r_x = t171;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k120_slice: op: slice */
static int rlx_k120(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k121_slice: op: slice */
static int rlx_k121(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k122_matmul: matmul: matmul */
static int rlx_k122(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[350]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k123_matmul_add: matmul: matmul + add */
static int rlx_k123(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n175(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k125_transpose: op: transpose */
static int rlx_k125(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k127_dequant_matmul: op: dequant_matmul */
static int rlx_k127(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[34]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k128_add: elementwise: add */
static int rlx_k128(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v140 = ((const float *)(arena + 960))[j * 1];
        const float v183 = ((const float *)(arena + 403392))[j * 1];
        const float t184 = ((v140) + (v183));
        ((float *)(arena + 960))[j] = t184;
    }
    return 0;
}

/* k129_rms_norm: rowwise: rms_norm */
static int rlx_k129(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[36];
        slots[35] = rlx_caller_slots[35];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[35]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k130_dequant_matmul: op: dequant_matmul */
static int rlx_k130(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[36]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k131_dequant_matmul: op: dequant_matmul */
static int rlx_k131(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[37]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k132_silu_mul: elementwise: silu + mul */
static int rlx_k132(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v188 = ((const float *)(arena + 5568))[j * 1];
        const float v191 = ((const float *)(arena + 11712))[j * 1];
        const float t189 = rlx_siluf(v188);
        const float t192 = ((t189) * (v191));
        ((float *)(arena + 5568))[j] = t192;
    }
    return 0;
}

/* k133_dequant_matmul: op: dequant_matmul */
static int rlx_k133(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[38]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k134_add: elementwise: add */
static int rlx_k134(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v184 = ((const float *)(arena + 960))[j * 1];
        const float v194 = ((const float *)(arena + 3264))[j * 1];
        const float t195 = ((v184) + (v194));
        ((float *)(arena + 960))[j] = t195;
    }
    return 0;
}

/* k135_slice: op: slice */
static int rlx_k135(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[39])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k136_slice: op: slice */
static int rlx_k136(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[40])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k137_rms_norm: rowwise: rms_norm */
static int rlx_k137(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[42];
        slots[41] = rlx_caller_slots[41];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[41]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k138_dequant_matmul: op: dequant_matmul */
static int rlx_k138(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[42]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k140_transpose: op: transpose */
static int rlx_k140(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k141_dequant_matmul: op: dequant_matmul */
static int rlx_k141(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[43]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k143_transpose: op: transpose */
static int rlx_k143(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k144_dequant_matmul: op: dequant_matmul */
static int rlx_k144(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[44]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k146_transpose: op: transpose */
static int rlx_k146(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k147_rope: op: rope */
static int rlx_k147(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k148_rope: op: rope */
static int rlx_k148(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k149_where: elementwise: where */
static int rlx_k149(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v215 = ((const float *)(arena + 398784))[j * 1];
        const float t216 = ((v25) ? (v215) : (0.0f));
        ((float *)((uint8_t *)slots[351]))[j] = t216;
    }
    return 0;
}

/* k150_where: elementwise: where */
static int rlx_k150(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v213 = ((const float *)(arena + 400320))[j * 1];
        const float t217 = ((v25) ? (v213) : (0.0f));
        ((float *)((uint8_t *)slots[352]))[j] = t217;
    }
    return 0;
}

/* k151_mul: elementwise: mul */
static int rlx_k151(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v214 = ((const float *)(arena + 396480))[j * 1];
        const float t218 = ((v214) * (0.125f));
        ((float *)(arena + 396480))[j] = t218;
    }
    return 0;
}

/* k153_transpose_matmul: matmul: transpose + matmul */
static int rlx_k153(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k154_transpose_matmul: matmul: transpose + matmul */
static int rlx_k154(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[351]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k155_concat: op: concat */
static int rlx_k155(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k157_where_softmax: rowwise: where + softmax */
static int rlx_k157(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v225 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t226 = ((v24) ? (v225) : ((-INFINITY)));
                        r_x = t226;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v225 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t226 = ((v24) ? (v225) : ((-INFINITY)));
                    r_x = t226;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v225 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t226 = ((v24) ? (v225) : ((-INFINITY)));
                            r_x = t226;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v225 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t226 = ((v24) ? (v225) : ((-INFINITY)));
                        r_x = t226;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k159_slice: op: slice */
static int rlx_k159(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k160_slice: op: slice */
static int rlx_k160(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k161_matmul: matmul: matmul */
static int rlx_k161(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[352]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k162_matmul_add: matmul: matmul + add */
static int rlx_k162(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n230(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k164_transpose: op: transpose */
static int rlx_k164(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k166_dequant_matmul: op: dequant_matmul */
static int rlx_k166(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[45]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k167_add: elementwise: add */
static int rlx_k167(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v195 = ((const float *)(arena + 960))[j * 1];
        const float v238 = ((const float *)(arena + 403392))[j * 1];
        const float t239 = ((v195) + (v238));
        ((float *)(arena + 960))[j] = t239;
    }
    return 0;
}

/* k168_rms_norm: rowwise: rms_norm */
static int rlx_k168(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[47];
        slots[46] = rlx_caller_slots[46];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[46]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k169_dequant_matmul: op: dequant_matmul */
static int rlx_k169(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[47]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k170_dequant_matmul: op: dequant_matmul */
static int rlx_k170(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[48]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k171_silu_mul: elementwise: silu + mul */
static int rlx_k171(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v243 = ((const float *)(arena + 5568))[j * 1];
        const float v246 = ((const float *)(arena + 11712))[j * 1];
        const float t244 = rlx_siluf(v243);
        const float t247 = ((t244) * (v246));
        ((float *)(arena + 5568))[j] = t247;
    }
    return 0;
}

/* k172_dequant_matmul: op: dequant_matmul */
static int rlx_k172(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[49]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k173_add: elementwise: add */
static int rlx_k173(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v239 = ((const float *)(arena + 960))[j * 1];
        const float v249 = ((const float *)(arena + 3264))[j * 1];
        const float t250 = ((v239) + (v249));
        ((float *)(arena + 960))[j] = t250;
    }
    return 0;
}

/* k174_slice: op: slice */
static int rlx_k174(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[50])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k175_slice: op: slice */
static int rlx_k175(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[51])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k176_rms_norm: rowwise: rms_norm */
static int rlx_k176(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[53];
        slots[52] = rlx_caller_slots[52];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[52]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k177_dequant_matmul: op: dequant_matmul */
static int rlx_k177(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[53]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k179_transpose: op: transpose */
static int rlx_k179(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k180_dequant_matmul: op: dequant_matmul */
static int rlx_k180(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[54]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k182_transpose: op: transpose */
static int rlx_k182(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k183_dequant_matmul: op: dequant_matmul */
static int rlx_k183(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[55]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k185_transpose: op: transpose */
static int rlx_k185(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k186_rope: op: rope */
static int rlx_k186(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k187_rope: op: rope */
static int rlx_k187(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k188_where: elementwise: where */
static int rlx_k188(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v270 = ((const float *)(arena + 398784))[j * 1];
        const float t271 = ((v25) ? (v270) : (0.0f));
        ((float *)((uint8_t *)slots[353]))[j] = t271;
    }
    return 0;
}

/* k189_where: elementwise: where */
static int rlx_k189(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v268 = ((const float *)(arena + 400320))[j * 1];
        const float t272 = ((v25) ? (v268) : (0.0f));
        ((float *)((uint8_t *)slots[354]))[j] = t272;
    }
    return 0;
}

/* k190_mul: elementwise: mul */
static int rlx_k190(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v269 = ((const float *)(arena + 396480))[j * 1];
        const float t273 = ((v269) * (0.125f));
        ((float *)(arena + 396480))[j] = t273;
    }
    return 0;
}

/* k192_transpose_matmul: matmul: transpose + matmul */
static int rlx_k192(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k193_transpose_matmul: matmul: transpose + matmul */
static int rlx_k193(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[353]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k194_concat: op: concat */
static int rlx_k194(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k196_where_softmax: rowwise: where + softmax */
static int rlx_k196(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v280 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t281 = ((v24) ? (v280) : ((-INFINITY)));
                        r_x = t281;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v280 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t281 = ((v24) ? (v280) : ((-INFINITY)));
                    r_x = t281;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v280 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t281 = ((v24) ? (v280) : ((-INFINITY)));
                            r_x = t281;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v280 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t281 = ((v24) ? (v280) : ((-INFINITY)));
                        r_x = t281;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k198_slice: op: slice */
static int rlx_k198(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k199_slice: op: slice */
static int rlx_k199(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k200_matmul: matmul: matmul */
static int rlx_k200(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[354]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k201_matmul_add: matmul: matmul + add */
static int rlx_k201(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n285(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k203_transpose: op: transpose */
static int rlx_k203(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k205_dequant_matmul: op: dequant_matmul */
static int rlx_k205(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[56]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k206_add: elementwise: add */
static int rlx_k206(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v250 = ((const float *)(arena + 960))[j * 1];
        const float v293 = ((const float *)(arena + 403392))[j * 1];
        const float t294 = ((v250) + (v293));
        ((float *)(arena + 960))[j] = t294;
    }
    return 0;
}

/* k207_rms_norm: rowwise: rms_norm */
static int rlx_k207(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[58];
        slots[57] = rlx_caller_slots[57];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[57]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k208_dequant_matmul: op: dequant_matmul */
static int rlx_k208(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[58]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k209_dequant_matmul: op: dequant_matmul */
static int rlx_k209(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[59]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k210_silu_mul: elementwise: silu + mul */
static int rlx_k210(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v298 = ((const float *)(arena + 5568))[j * 1];
        const float v301 = ((const float *)(arena + 11712))[j * 1];
        const float t299 = rlx_siluf(v298);
        const float t302 = ((t299) * (v301));
        ((float *)(arena + 5568))[j] = t302;
    }
    return 0;
}

/* k211_dequant_matmul: op: dequant_matmul */
static int rlx_k211(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[60]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k212_add: elementwise: add */
static int rlx_k212(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v294 = ((const float *)(arena + 960))[j * 1];
        const float v304 = ((const float *)(arena + 3264))[j * 1];
        const float t305 = ((v294) + (v304));
        ((float *)(arena + 960))[j] = t305;
    }
    return 0;
}

/* k213_slice: op: slice */
static int rlx_k213(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[61])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k214_slice: op: slice */
static int rlx_k214(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[62])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k215_rms_norm: rowwise: rms_norm */
static int rlx_k215(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[64];
        slots[63] = rlx_caller_slots[63];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[63]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k216_dequant_matmul: op: dequant_matmul */
static int rlx_k216(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[64]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k218_transpose: op: transpose */
static int rlx_k218(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k219_dequant_matmul: op: dequant_matmul */
static int rlx_k219(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[65]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k221_transpose: op: transpose */
static int rlx_k221(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k222_dequant_matmul: op: dequant_matmul */
static int rlx_k222(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[66]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k224_transpose: op: transpose */
static int rlx_k224(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k225_rope: op: rope */
static int rlx_k225(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k226_rope: op: rope */
static int rlx_k226(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k227_where: elementwise: where */
static int rlx_k227(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v325 = ((const float *)(arena + 398784))[j * 1];
        const float t326 = ((v25) ? (v325) : (0.0f));
        ((float *)((uint8_t *)slots[355]))[j] = t326;
    }
    return 0;
}

/* k228_where: elementwise: where */
static int rlx_k228(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v323 = ((const float *)(arena + 400320))[j * 1];
        const float t327 = ((v25) ? (v323) : (0.0f));
        ((float *)((uint8_t *)slots[356]))[j] = t327;
    }
    return 0;
}

/* k229_mul: elementwise: mul */
static int rlx_k229(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v324 = ((const float *)(arena + 396480))[j * 1];
        const float t328 = ((v324) * (0.125f));
        ((float *)(arena + 396480))[j] = t328;
    }
    return 0;
}

/* k231_transpose_matmul: matmul: transpose + matmul */
static int rlx_k231(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k232_transpose_matmul: matmul: transpose + matmul */
static int rlx_k232(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[355]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k233_concat: op: concat */
static int rlx_k233(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k235_where_softmax: rowwise: where + softmax */
static int rlx_k235(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v335 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t336 = ((v24) ? (v335) : ((-INFINITY)));
                        r_x = t336;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v335 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t336 = ((v24) ? (v335) : ((-INFINITY)));
                    r_x = t336;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v335 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t336 = ((v24) ? (v335) : ((-INFINITY)));
                            r_x = t336;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v335 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t336 = ((v24) ? (v335) : ((-INFINITY)));
                        r_x = t336;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k237_slice: op: slice */
static int rlx_k237(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k238_slice: op: slice */
static int rlx_k238(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k239_matmul: matmul: matmul */
static int rlx_k239(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[356]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k240_matmul_add: matmul: matmul + add */
static int rlx_k240(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n340(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k242_transpose: op: transpose */
static int rlx_k242(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k244_dequant_matmul: op: dequant_matmul */
static int rlx_k244(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[67]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k245_add: elementwise: add */
static int rlx_k245(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v305 = ((const float *)(arena + 960))[j * 1];
        const float v348 = ((const float *)(arena + 403392))[j * 1];
        const float t349 = ((v305) + (v348));
        ((float *)(arena + 960))[j] = t349;
    }
    return 0;
}

/* k246_rms_norm: rowwise: rms_norm */
static int rlx_k246(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[69];
        slots[68] = rlx_caller_slots[68];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[68]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k247_dequant_matmul: op: dequant_matmul */
static int rlx_k247(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[69]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k248_dequant_matmul: op: dequant_matmul */
static int rlx_k248(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[70]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k249_silu_mul: elementwise: silu + mul */
static int rlx_k249(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v353 = ((const float *)(arena + 5568))[j * 1];
        const float v356 = ((const float *)(arena + 11712))[j * 1];
        const float t354 = rlx_siluf(v353);
        const float t357 = ((t354) * (v356));
        ((float *)(arena + 5568))[j] = t357;
    }
    return 0;
}

/* k250_dequant_matmul: op: dequant_matmul */
static int rlx_k250(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[71]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k251_add: elementwise: add */
static int rlx_k251(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v349 = ((const float *)(arena + 960))[j * 1];
        const float v359 = ((const float *)(arena + 3264))[j * 1];
        const float t360 = ((v349) + (v359));
        ((float *)(arena + 960))[j] = t360;
    }
    return 0;
}

/* k252_slice: op: slice */
static int rlx_k252(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[72])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k253_slice: op: slice */
static int rlx_k253(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[73])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k254_rms_norm: rowwise: rms_norm */
static int rlx_k254(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[75];
        slots[74] = rlx_caller_slots[74];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[74]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k255_dequant_matmul: op: dequant_matmul */
static int rlx_k255(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[75]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k257_transpose: op: transpose */
static int rlx_k257(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k258_dequant_matmul: op: dequant_matmul */
static int rlx_k258(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[76]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k260_transpose: op: transpose */
static int rlx_k260(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k261_dequant_matmul: op: dequant_matmul */
static int rlx_k261(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[77]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k263_transpose: op: transpose */
static int rlx_k263(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k264_rope: op: rope */
static int rlx_k264(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k265_rope: op: rope */
static int rlx_k265(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k266_where: elementwise: where */
static int rlx_k266(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v380 = ((const float *)(arena + 398784))[j * 1];
        const float t381 = ((v25) ? (v380) : (0.0f));
        ((float *)((uint8_t *)slots[357]))[j] = t381;
    }
    return 0;
}

/* k267_where: elementwise: where */
static int rlx_k267(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v378 = ((const float *)(arena + 400320))[j * 1];
        const float t382 = ((v25) ? (v378) : (0.0f));
        ((float *)((uint8_t *)slots[358]))[j] = t382;
    }
    return 0;
}

/* k268_mul: elementwise: mul */
static int rlx_k268(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v379 = ((const float *)(arena + 396480))[j * 1];
        const float t383 = ((v379) * (0.125f));
        ((float *)(arena + 396480))[j] = t383;
    }
    return 0;
}

/* k270_transpose_matmul: matmul: transpose + matmul */
static int rlx_k270(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k271_transpose_matmul: matmul: transpose + matmul */
static int rlx_k271(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[357]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k272_concat: op: concat */
static int rlx_k272(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k274_where_softmax: rowwise: where + softmax */
static int rlx_k274(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v390 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t391 = ((v24) ? (v390) : ((-INFINITY)));
                        r_x = t391;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v390 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t391 = ((v24) ? (v390) : ((-INFINITY)));
                    r_x = t391;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v390 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t391 = ((v24) ? (v390) : ((-INFINITY)));
                            r_x = t391;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v390 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t391 = ((v24) ? (v390) : ((-INFINITY)));
                        r_x = t391;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k276_slice: op: slice */
static int rlx_k276(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k277_slice: op: slice */
static int rlx_k277(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k278_matmul: matmul: matmul */
static int rlx_k278(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[358]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k279_matmul_add: matmul: matmul + add */
static int rlx_k279(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n395(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k281_transpose: op: transpose */
static int rlx_k281(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k283_dequant_matmul: op: dequant_matmul */
static int rlx_k283(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[78]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k284_add: elementwise: add */
static int rlx_k284(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v360 = ((const float *)(arena + 960))[j * 1];
        const float v403 = ((const float *)(arena + 403392))[j * 1];
        const float t404 = ((v360) + (v403));
        ((float *)(arena + 960))[j] = t404;
    }
    return 0;
}

/* k285_rms_norm: rowwise: rms_norm */
static int rlx_k285(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[80];
        slots[79] = rlx_caller_slots[79];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[79]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k286_dequant_matmul: op: dequant_matmul */
static int rlx_k286(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[80]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k287_dequant_matmul: op: dequant_matmul */
static int rlx_k287(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[81]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k288_silu_mul: elementwise: silu + mul */
static int rlx_k288(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v408 = ((const float *)(arena + 5568))[j * 1];
        const float v411 = ((const float *)(arena + 11712))[j * 1];
        const float t409 = rlx_siluf(v408);
        const float t412 = ((t409) * (v411));
        ((float *)(arena + 5568))[j] = t412;
    }
    return 0;
}

/* k289_dequant_matmul: op: dequant_matmul */
static int rlx_k289(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[82]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k290_add: elementwise: add */
static int rlx_k290(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v404 = ((const float *)(arena + 960))[j * 1];
        const float v414 = ((const float *)(arena + 3264))[j * 1];
        const float t415 = ((v404) + (v414));
        ((float *)(arena + 960))[j] = t415;
    }
    return 0;
}

/* k291_slice: op: slice */
static int rlx_k291(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[83])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k292_slice: op: slice */
static int rlx_k292(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[84])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k293_rms_norm: rowwise: rms_norm */
static int rlx_k293(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[86];
        slots[85] = rlx_caller_slots[85];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[85]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k294_dequant_matmul: op: dequant_matmul */
static int rlx_k294(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[86]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k296_transpose: op: transpose */
static int rlx_k296(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k297_dequant_matmul: op: dequant_matmul */
static int rlx_k297(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[87]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k299_transpose: op: transpose */
static int rlx_k299(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k300_dequant_matmul: op: dequant_matmul */
static int rlx_k300(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[88]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k302_transpose: op: transpose */
static int rlx_k302(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k303_rope: op: rope */
static int rlx_k303(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k304_rope: op: rope */
static int rlx_k304(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k305_where: elementwise: where */
static int rlx_k305(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v435 = ((const float *)(arena + 398784))[j * 1];
        const float t436 = ((v25) ? (v435) : (0.0f));
        ((float *)((uint8_t *)slots[359]))[j] = t436;
    }
    return 0;
}

/* k306_where: elementwise: where */
static int rlx_k306(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v433 = ((const float *)(arena + 400320))[j * 1];
        const float t437 = ((v25) ? (v433) : (0.0f));
        ((float *)((uint8_t *)slots[360]))[j] = t437;
    }
    return 0;
}

/* k307_mul: elementwise: mul */
static int rlx_k307(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v434 = ((const float *)(arena + 396480))[j * 1];
        const float t438 = ((v434) * (0.125f));
        ((float *)(arena + 396480))[j] = t438;
    }
    return 0;
}

/* k309_transpose_matmul: matmul: transpose + matmul */
static int rlx_k309(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k310_transpose_matmul: matmul: transpose + matmul */
static int rlx_k310(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[359]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    if ((rc = rlx_k2(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k3(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k4(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k8(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k9(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k13(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k14(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k17(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k18(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k19(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k20(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k21(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k23(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k24(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k26(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k27(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k29(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k30(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k31(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k32(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k33(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k34(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k36(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k37(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k38(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k40(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k42(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k43(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k44(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k45(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k47(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k49(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k50(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k51(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k52(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k53(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k54(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k55(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k56(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k57(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k58(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k59(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k60(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k62(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k63(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k65(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k66(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k68(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k69(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k70(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k71(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k72(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k73(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k75(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k76(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k77(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k79(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k81(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k82(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k83(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k84(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k86(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k88(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k89(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k90(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k91(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k92(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k93(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k94(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k95(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k96(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k97(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k98(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k99(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k101(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k102(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k104(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k105(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k107(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k108(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k109(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k110(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k111(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k112(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k114(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k115(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k116(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k118(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k120(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k121(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k122(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k123(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k125(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k127(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k128(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k129(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k130(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k131(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k132(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k133(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k134(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k135(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k136(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k137(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k138(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k140(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k141(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k143(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k144(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k146(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k147(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k148(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k149(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k150(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k151(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k153(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k154(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k155(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k157(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k159(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k160(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k161(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k162(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k164(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k166(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k167(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k168(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k169(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k170(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k171(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k172(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k173(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k174(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k175(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k176(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k177(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k179(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k180(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k182(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k183(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k185(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k186(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k187(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k188(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k189(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k190(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k192(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k193(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k194(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k196(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k198(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k199(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k200(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k201(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k203(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k205(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k206(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k207(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k208(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k209(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k210(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k211(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k212(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k213(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k214(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k215(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k216(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k218(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k219(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k221(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k222(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k224(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k225(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k226(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k227(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k228(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k229(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k231(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k232(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k233(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k235(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k237(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k238(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k239(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k240(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k242(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k244(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k245(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k246(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k247(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k248(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k249(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k250(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k251(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k252(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k253(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k254(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k255(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k257(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k258(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k260(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k261(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k263(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k264(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k265(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k266(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k267(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k268(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k270(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k271(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k272(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k274(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k276(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k277(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k278(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k279(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k281(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k283(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k284(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k285(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k286(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k287(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k288(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k289(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k290(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k291(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k292(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k293(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k294(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k296(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k297(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k299(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k300(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k302(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k303(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k304(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k305(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k306(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k307(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k309(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k310(slots, arena, ctl)) != 0) return rc;
    return 0;
}
#endif

RLX_PART_FN int rlx_part1(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 1
/* k311_concat: op: concat */
static int rlx_k311(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k313_where_softmax: rowwise: where + softmax */
static int rlx_k313(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v445 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t446 = ((v24) ? (v445) : ((-INFINITY)));
                        r_x = t446;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v445 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t446 = ((v24) ? (v445) : ((-INFINITY)));
                    r_x = t446;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v445 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t446 = ((v24) ? (v445) : ((-INFINITY)));
                            r_x = t446;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v445 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t446 = ((v24) ? (v445) : ((-INFINITY)));
                        r_x = t446;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k315_slice: op: slice */
static int rlx_k315(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k316_slice: op: slice */
static int rlx_k316(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k317_matmul: matmul: matmul */
static int rlx_k317(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[360]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k318_matmul_add: matmul: matmul + add */
static int rlx_k318(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n450(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k320_transpose: op: transpose */
static int rlx_k320(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k322_dequant_matmul: op: dequant_matmul */
static int rlx_k322(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[89]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k323_add: elementwise: add */
static int rlx_k323(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v415 = ((const float *)(arena + 960))[j * 1];
        const float v458 = ((const float *)(arena + 403392))[j * 1];
        const float t459 = ((v415) + (v458));
        ((float *)(arena + 960))[j] = t459;
    }
    return 0;
}

/* k324_rms_norm: rowwise: rms_norm */
static int rlx_k324(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[91];
        slots[90] = rlx_caller_slots[90];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[90]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k325_dequant_matmul: op: dequant_matmul */
static int rlx_k325(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[91]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k326_dequant_matmul: op: dequant_matmul */
static int rlx_k326(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[92]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k327_silu_mul: elementwise: silu + mul */
static int rlx_k327(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v463 = ((const float *)(arena + 5568))[j * 1];
        const float v466 = ((const float *)(arena + 11712))[j * 1];
        const float t464 = rlx_siluf(v463);
        const float t467 = ((t464) * (v466));
        ((float *)(arena + 5568))[j] = t467;
    }
    return 0;
}

/* k328_dequant_matmul: op: dequant_matmul */
static int rlx_k328(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[93]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k329_add: elementwise: add */
static int rlx_k329(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v459 = ((const float *)(arena + 960))[j * 1];
        const float v469 = ((const float *)(arena + 3264))[j * 1];
        const float t470 = ((v459) + (v469));
        ((float *)(arena + 960))[j] = t470;
    }
    return 0;
}

/* k330_slice: op: slice */
static int rlx_k330(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[94])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k331_slice: op: slice */
static int rlx_k331(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[95])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k332_rms_norm: rowwise: rms_norm */
static int rlx_k332(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[97];
        slots[96] = rlx_caller_slots[96];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[96]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k333_dequant_matmul: op: dequant_matmul */
static int rlx_k333(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[97]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k335_transpose: op: transpose */
static int rlx_k335(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k336_dequant_matmul: op: dequant_matmul */
static int rlx_k336(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[98]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k338_transpose: op: transpose */
static int rlx_k338(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k339_dequant_matmul: op: dequant_matmul */
static int rlx_k339(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[99]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k341_transpose: op: transpose */
static int rlx_k341(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k342_rope: op: rope */
static int rlx_k342(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k343_rope: op: rope */
static int rlx_k343(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k344_where: elementwise: where */
static int rlx_k344(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v490 = ((const float *)(arena + 398784))[j * 1];
        const float t491 = ((v25) ? (v490) : (0.0f));
        ((float *)((uint8_t *)slots[361]))[j] = t491;
    }
    return 0;
}

/* k345_where: elementwise: where */
static int rlx_k345(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v488 = ((const float *)(arena + 400320))[j * 1];
        const float t492 = ((v25) ? (v488) : (0.0f));
        ((float *)((uint8_t *)slots[362]))[j] = t492;
    }
    return 0;
}

/* k346_mul: elementwise: mul */
static int rlx_k346(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v489 = ((const float *)(arena + 396480))[j * 1];
        const float t493 = ((v489) * (0.125f));
        ((float *)(arena + 396480))[j] = t493;
    }
    return 0;
}

/* k348_transpose_matmul: matmul: transpose + matmul */
static int rlx_k348(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k349_transpose_matmul: matmul: transpose + matmul */
static int rlx_k349(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[361]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k350_concat: op: concat */
static int rlx_k350(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k352_where_softmax: rowwise: where + softmax */
static int rlx_k352(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v500 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t501 = ((v24) ? (v500) : ((-INFINITY)));
                        r_x = t501;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v500 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t501 = ((v24) ? (v500) : ((-INFINITY)));
                    r_x = t501;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v500 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t501 = ((v24) ? (v500) : ((-INFINITY)));
                            r_x = t501;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v500 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t501 = ((v24) ? (v500) : ((-INFINITY)));
                        r_x = t501;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k354_slice: op: slice */
static int rlx_k354(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k355_slice: op: slice */
static int rlx_k355(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k356_matmul: matmul: matmul */
static int rlx_k356(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[362]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k357_matmul_add: matmul: matmul + add */
static int rlx_k357(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n505(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k359_transpose: op: transpose */
static int rlx_k359(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k361_dequant_matmul: op: dequant_matmul */
static int rlx_k361(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[100]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k362_add: elementwise: add */
static int rlx_k362(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v470 = ((const float *)(arena + 960))[j * 1];
        const float v513 = ((const float *)(arena + 403392))[j * 1];
        const float t514 = ((v470) + (v513));
        ((float *)(arena + 960))[j] = t514;
    }
    return 0;
}

/* k363_rms_norm: rowwise: rms_norm */
static int rlx_k363(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[102];
        slots[101] = rlx_caller_slots[101];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[101]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k364_dequant_matmul: op: dequant_matmul */
static int rlx_k364(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[102]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k365_dequant_matmul: op: dequant_matmul */
static int rlx_k365(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[103]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k366_silu_mul: elementwise: silu + mul */
static int rlx_k366(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v518 = ((const float *)(arena + 5568))[j * 1];
        const float v521 = ((const float *)(arena + 11712))[j * 1];
        const float t519 = rlx_siluf(v518);
        const float t522 = ((t519) * (v521));
        ((float *)(arena + 5568))[j] = t522;
    }
    return 0;
}

/* k367_dequant_matmul: op: dequant_matmul */
static int rlx_k367(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[104]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k368_add: elementwise: add */
static int rlx_k368(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v514 = ((const float *)(arena + 960))[j * 1];
        const float v524 = ((const float *)(arena + 3264))[j * 1];
        const float t525 = ((v514) + (v524));
        ((float *)(arena + 960))[j] = t525;
    }
    return 0;
}

/* k369_slice: op: slice */
static int rlx_k369(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[105])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k370_slice: op: slice */
static int rlx_k370(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[106])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k371_rms_norm: rowwise: rms_norm */
static int rlx_k371(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[108];
        slots[107] = rlx_caller_slots[107];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[107]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k372_dequant_matmul: op: dequant_matmul */
static int rlx_k372(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[108]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k374_transpose: op: transpose */
static int rlx_k374(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k375_dequant_matmul: op: dequant_matmul */
static int rlx_k375(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[109]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k377_transpose: op: transpose */
static int rlx_k377(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k378_dequant_matmul: op: dequant_matmul */
static int rlx_k378(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[110]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k380_transpose: op: transpose */
static int rlx_k380(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k381_rope: op: rope */
static int rlx_k381(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k382_rope: op: rope */
static int rlx_k382(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k383_where: elementwise: where */
static int rlx_k383(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v545 = ((const float *)(arena + 398784))[j * 1];
        const float t546 = ((v25) ? (v545) : (0.0f));
        ((float *)((uint8_t *)slots[363]))[j] = t546;
    }
    return 0;
}

/* k384_where: elementwise: where */
static int rlx_k384(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v543 = ((const float *)(arena + 400320))[j * 1];
        const float t547 = ((v25) ? (v543) : (0.0f));
        ((float *)((uint8_t *)slots[364]))[j] = t547;
    }
    return 0;
}

/* k385_mul: elementwise: mul */
static int rlx_k385(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v544 = ((const float *)(arena + 396480))[j * 1];
        const float t548 = ((v544) * (0.125f));
        ((float *)(arena + 396480))[j] = t548;
    }
    return 0;
}

/* k387_transpose_matmul: matmul: transpose + matmul */
static int rlx_k387(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k388_transpose_matmul: matmul: transpose + matmul */
static int rlx_k388(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[363]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k389_concat: op: concat */
static int rlx_k389(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k391_where_softmax: rowwise: where + softmax */
static int rlx_k391(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v555 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t556 = ((v24) ? (v555) : ((-INFINITY)));
                        r_x = t556;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v555 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t556 = ((v24) ? (v555) : ((-INFINITY)));
                    r_x = t556;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v555 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t556 = ((v24) ? (v555) : ((-INFINITY)));
                            r_x = t556;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v555 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t556 = ((v24) ? (v555) : ((-INFINITY)));
                        r_x = t556;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k393_slice: op: slice */
static int rlx_k393(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k394_slice: op: slice */
static int rlx_k394(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k395_matmul: matmul: matmul */
static int rlx_k395(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[364]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k396_matmul_add: matmul: matmul + add */
static int rlx_k396(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n560(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k398_transpose: op: transpose */
static int rlx_k398(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k400_dequant_matmul: op: dequant_matmul */
static int rlx_k400(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[111]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k401_add: elementwise: add */
static int rlx_k401(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v525 = ((const float *)(arena + 960))[j * 1];
        const float v568 = ((const float *)(arena + 403392))[j * 1];
        const float t569 = ((v525) + (v568));
        ((float *)(arena + 960))[j] = t569;
    }
    return 0;
}

/* k402_rms_norm: rowwise: rms_norm */
static int rlx_k402(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[113];
        slots[112] = rlx_caller_slots[112];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[112]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k403_dequant_matmul: op: dequant_matmul */
static int rlx_k403(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[113]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k404_dequant_matmul: op: dequant_matmul */
static int rlx_k404(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[114]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k405_silu_mul: elementwise: silu + mul */
static int rlx_k405(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v573 = ((const float *)(arena + 5568))[j * 1];
        const float v576 = ((const float *)(arena + 11712))[j * 1];
        const float t574 = rlx_siluf(v573);
        const float t577 = ((t574) * (v576));
        ((float *)(arena + 5568))[j] = t577;
    }
    return 0;
}

/* k406_dequant_matmul: op: dequant_matmul */
static int rlx_k406(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[115]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k407_add: elementwise: add */
static int rlx_k407(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v569 = ((const float *)(arena + 960))[j * 1];
        const float v579 = ((const float *)(arena + 3264))[j * 1];
        const float t580 = ((v569) + (v579));
        ((float *)(arena + 960))[j] = t580;
    }
    return 0;
}

/* k408_slice: op: slice */
static int rlx_k408(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[116])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k409_slice: op: slice */
static int rlx_k409(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[117])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k410_rms_norm: rowwise: rms_norm */
static int rlx_k410(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[119];
        slots[118] = rlx_caller_slots[118];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[118]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k411_dequant_matmul: op: dequant_matmul */
static int rlx_k411(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[119]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k413_transpose: op: transpose */
static int rlx_k413(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k414_dequant_matmul: op: dequant_matmul */
static int rlx_k414(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[120]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k416_transpose: op: transpose */
static int rlx_k416(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k417_dequant_matmul: op: dequant_matmul */
static int rlx_k417(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[121]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k419_transpose: op: transpose */
static int rlx_k419(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k420_rope: op: rope */
static int rlx_k420(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k421_rope: op: rope */
static int rlx_k421(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k422_where: elementwise: where */
static int rlx_k422(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v600 = ((const float *)(arena + 398784))[j * 1];
        const float t601 = ((v25) ? (v600) : (0.0f));
        ((float *)((uint8_t *)slots[365]))[j] = t601;
    }
    return 0;
}

/* k423_where: elementwise: where */
static int rlx_k423(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v598 = ((const float *)(arena + 400320))[j * 1];
        const float t602 = ((v25) ? (v598) : (0.0f));
        ((float *)((uint8_t *)slots[366]))[j] = t602;
    }
    return 0;
}

/* k424_mul: elementwise: mul */
static int rlx_k424(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v599 = ((const float *)(arena + 396480))[j * 1];
        const float t603 = ((v599) * (0.125f));
        ((float *)(arena + 396480))[j] = t603;
    }
    return 0;
}

/* k426_transpose_matmul: matmul: transpose + matmul */
static int rlx_k426(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k427_transpose_matmul: matmul: transpose + matmul */
static int rlx_k427(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[365]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k428_concat: op: concat */
static int rlx_k428(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k430_where_softmax: rowwise: where + softmax */
static int rlx_k430(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v610 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t611 = ((v24) ? (v610) : ((-INFINITY)));
                        r_x = t611;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v610 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t611 = ((v24) ? (v610) : ((-INFINITY)));
                    r_x = t611;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v610 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t611 = ((v24) ? (v610) : ((-INFINITY)));
                            r_x = t611;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v610 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t611 = ((v24) ? (v610) : ((-INFINITY)));
                        r_x = t611;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k432_slice: op: slice */
static int rlx_k432(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k433_slice: op: slice */
static int rlx_k433(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k434_matmul: matmul: matmul */
static int rlx_k434(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[366]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k435_matmul_add: matmul: matmul + add */
static int rlx_k435(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n615(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k437_transpose: op: transpose */
static int rlx_k437(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k439_dequant_matmul: op: dequant_matmul */
static int rlx_k439(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[122]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k440_add: elementwise: add */
static int rlx_k440(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v580 = ((const float *)(arena + 960))[j * 1];
        const float v623 = ((const float *)(arena + 403392))[j * 1];
        const float t624 = ((v580) + (v623));
        ((float *)(arena + 960))[j] = t624;
    }
    return 0;
}

/* k441_rms_norm: rowwise: rms_norm */
static int rlx_k441(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[124];
        slots[123] = rlx_caller_slots[123];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[123]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k442_dequant_matmul: op: dequant_matmul */
static int rlx_k442(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[124]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k443_dequant_matmul: op: dequant_matmul */
static int rlx_k443(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[125]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k444_silu_mul: elementwise: silu + mul */
static int rlx_k444(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v628 = ((const float *)(arena + 5568))[j * 1];
        const float v631 = ((const float *)(arena + 11712))[j * 1];
        const float t629 = rlx_siluf(v628);
        const float t632 = ((t629) * (v631));
        ((float *)(arena + 5568))[j] = t632;
    }
    return 0;
}

/* k445_dequant_matmul: op: dequant_matmul */
static int rlx_k445(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[126]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k446_add: elementwise: add */
static int rlx_k446(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v624 = ((const float *)(arena + 960))[j * 1];
        const float v634 = ((const float *)(arena + 3264))[j * 1];
        const float t635 = ((v624) + (v634));
        ((float *)(arena + 960))[j] = t635;
    }
    return 0;
}

/* k447_slice: op: slice */
static int rlx_k447(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[127])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k448_slice: op: slice */
static int rlx_k448(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[128])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k449_rms_norm: rowwise: rms_norm */
static int rlx_k449(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[130];
        slots[129] = rlx_caller_slots[129];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[129]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k450_dequant_matmul: op: dequant_matmul */
static int rlx_k450(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[130]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k452_transpose: op: transpose */
static int rlx_k452(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k453_dequant_matmul: op: dequant_matmul */
static int rlx_k453(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[131]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k455_transpose: op: transpose */
static int rlx_k455(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k456_dequant_matmul: op: dequant_matmul */
static int rlx_k456(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[132]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k458_transpose: op: transpose */
static int rlx_k458(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k459_rope: op: rope */
static int rlx_k459(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k460_rope: op: rope */
static int rlx_k460(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k461_where: elementwise: where */
static int rlx_k461(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v655 = ((const float *)(arena + 398784))[j * 1];
        const float t656 = ((v25) ? (v655) : (0.0f));
        ((float *)((uint8_t *)slots[367]))[j] = t656;
    }
    return 0;
}

/* k462_where: elementwise: where */
static int rlx_k462(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v653 = ((const float *)(arena + 400320))[j * 1];
        const float t657 = ((v25) ? (v653) : (0.0f));
        ((float *)((uint8_t *)slots[368]))[j] = t657;
    }
    return 0;
}

/* k463_mul: elementwise: mul */
static int rlx_k463(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v654 = ((const float *)(arena + 396480))[j * 1];
        const float t658 = ((v654) * (0.125f));
        ((float *)(arena + 396480))[j] = t658;
    }
    return 0;
}

/* k465_transpose_matmul: matmul: transpose + matmul */
static int rlx_k465(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k466_transpose_matmul: matmul: transpose + matmul */
static int rlx_k466(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[367]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k467_concat: op: concat */
static int rlx_k467(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k469_where_softmax: rowwise: where + softmax */
static int rlx_k469(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v665 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t666 = ((v24) ? (v665) : ((-INFINITY)));
                        r_x = t666;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v665 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t666 = ((v24) ? (v665) : ((-INFINITY)));
                    r_x = t666;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v665 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t666 = ((v24) ? (v665) : ((-INFINITY)));
                            r_x = t666;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v665 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t666 = ((v24) ? (v665) : ((-INFINITY)));
                        r_x = t666;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k471_slice: op: slice */
static int rlx_k471(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k472_slice: op: slice */
static int rlx_k472(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k473_matmul: matmul: matmul */
static int rlx_k473(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[368]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k474_matmul_add: matmul: matmul + add */
static int rlx_k474(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n670(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k476_transpose: op: transpose */
static int rlx_k476(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k478_dequant_matmul: op: dequant_matmul */
static int rlx_k478(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[133]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k479_add: elementwise: add */
static int rlx_k479(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v635 = ((const float *)(arena + 960))[j * 1];
        const float v678 = ((const float *)(arena + 403392))[j * 1];
        const float t679 = ((v635) + (v678));
        ((float *)(arena + 960))[j] = t679;
    }
    return 0;
}

/* k480_rms_norm: rowwise: rms_norm */
static int rlx_k480(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[135];
        slots[134] = rlx_caller_slots[134];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[134]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k481_dequant_matmul: op: dequant_matmul */
static int rlx_k481(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[135]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k482_dequant_matmul: op: dequant_matmul */
static int rlx_k482(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[136]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k483_silu_mul: elementwise: silu + mul */
static int rlx_k483(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v683 = ((const float *)(arena + 5568))[j * 1];
        const float v686 = ((const float *)(arena + 11712))[j * 1];
        const float t684 = rlx_siluf(v683);
        const float t687 = ((t684) * (v686));
        ((float *)(arena + 5568))[j] = t687;
    }
    return 0;
}

/* k484_dequant_matmul: op: dequant_matmul */
static int rlx_k484(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[137]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k485_add: elementwise: add */
static int rlx_k485(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v679 = ((const float *)(arena + 960))[j * 1];
        const float v689 = ((const float *)(arena + 3264))[j * 1];
        const float t690 = ((v679) + (v689));
        ((float *)(arena + 960))[j] = t690;
    }
    return 0;
}

/* k486_slice: op: slice */
static int rlx_k486(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[138])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k487_slice: op: slice */
static int rlx_k487(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[139])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k488_rms_norm: rowwise: rms_norm */
static int rlx_k488(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[141];
        slots[140] = rlx_caller_slots[140];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[140]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k489_dequant_matmul: op: dequant_matmul */
static int rlx_k489(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[141]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k491_transpose: op: transpose */
static int rlx_k491(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k492_dequant_matmul: op: dequant_matmul */
static int rlx_k492(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[142]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k494_transpose: op: transpose */
static int rlx_k494(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k495_dequant_matmul: op: dequant_matmul */
static int rlx_k495(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[143]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k497_transpose: op: transpose */
static int rlx_k497(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k498_rope: op: rope */
static int rlx_k498(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k499_rope: op: rope */
static int rlx_k499(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k500_where: elementwise: where */
static int rlx_k500(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v710 = ((const float *)(arena + 398784))[j * 1];
        const float t711 = ((v25) ? (v710) : (0.0f));
        ((float *)((uint8_t *)slots[369]))[j] = t711;
    }
    return 0;
}

/* k501_where: elementwise: where */
static int rlx_k501(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v708 = ((const float *)(arena + 400320))[j * 1];
        const float t712 = ((v25) ? (v708) : (0.0f));
        ((float *)((uint8_t *)slots[370]))[j] = t712;
    }
    return 0;
}

/* k502_mul: elementwise: mul */
static int rlx_k502(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v709 = ((const float *)(arena + 396480))[j * 1];
        const float t713 = ((v709) * (0.125f));
        ((float *)(arena + 396480))[j] = t713;
    }
    return 0;
}

/* k504_transpose_matmul: matmul: transpose + matmul */
static int rlx_k504(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k505_transpose_matmul: matmul: transpose + matmul */
static int rlx_k505(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[369]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k506_concat: op: concat */
static int rlx_k506(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k508_where_softmax: rowwise: where + softmax */
static int rlx_k508(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v720 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t721 = ((v24) ? (v720) : ((-INFINITY)));
                        r_x = t721;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v720 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t721 = ((v24) ? (v720) : ((-INFINITY)));
                    r_x = t721;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v720 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t721 = ((v24) ? (v720) : ((-INFINITY)));
                            r_x = t721;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v720 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t721 = ((v24) ? (v720) : ((-INFINITY)));
                        r_x = t721;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k510_slice: op: slice */
static int rlx_k510(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k511_slice: op: slice */
static int rlx_k511(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k512_matmul: matmul: matmul */
static int rlx_k512(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[370]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k513_matmul_add: matmul: matmul + add */
static int rlx_k513(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n725(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k515_transpose: op: transpose */
static int rlx_k515(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k517_dequant_matmul: op: dequant_matmul */
static int rlx_k517(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[144]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k518_add: elementwise: add */
static int rlx_k518(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v690 = ((const float *)(arena + 960))[j * 1];
        const float v733 = ((const float *)(arena + 403392))[j * 1];
        const float t734 = ((v690) + (v733));
        ((float *)(arena + 960))[j] = t734;
    }
    return 0;
}

/* k519_rms_norm: rowwise: rms_norm */
static int rlx_k519(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[146];
        slots[145] = rlx_caller_slots[145];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[145]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k520_dequant_matmul: op: dequant_matmul */
static int rlx_k520(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[146]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k521_dequant_matmul: op: dequant_matmul */
static int rlx_k521(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[147]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k522_silu_mul: elementwise: silu + mul */
static int rlx_k522(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v738 = ((const float *)(arena + 5568))[j * 1];
        const float v741 = ((const float *)(arena + 11712))[j * 1];
        const float t739 = rlx_siluf(v738);
        const float t742 = ((t739) * (v741));
        ((float *)(arena + 5568))[j] = t742;
    }
    return 0;
}

/* k523_dequant_matmul: op: dequant_matmul */
static int rlx_k523(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[148]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k524_add: elementwise: add */
static int rlx_k524(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v734 = ((const float *)(arena + 960))[j * 1];
        const float v744 = ((const float *)(arena + 3264))[j * 1];
        const float t745 = ((v734) + (v744));
        ((float *)(arena + 960))[j] = t745;
    }
    return 0;
}

/* k525_slice: op: slice */
static int rlx_k525(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[149])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k526_slice: op: slice */
static int rlx_k526(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[150])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k527_rms_norm: rowwise: rms_norm */
static int rlx_k527(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[152];
        slots[151] = rlx_caller_slots[151];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[151]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k528_dequant_matmul: op: dequant_matmul */
static int rlx_k528(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[152]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k530_transpose: op: transpose */
static int rlx_k530(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k531_dequant_matmul: op: dequant_matmul */
static int rlx_k531(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[153]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k533_transpose: op: transpose */
static int rlx_k533(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k534_dequant_matmul: op: dequant_matmul */
static int rlx_k534(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[154]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k536_transpose: op: transpose */
static int rlx_k536(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k537_rope: op: rope */
static int rlx_k537(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k538_rope: op: rope */
static int rlx_k538(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k539_where: elementwise: where */
static int rlx_k539(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v765 = ((const float *)(arena + 398784))[j * 1];
        const float t766 = ((v25) ? (v765) : (0.0f));
        ((float *)((uint8_t *)slots[371]))[j] = t766;
    }
    return 0;
}

/* k540_where: elementwise: where */
static int rlx_k540(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v763 = ((const float *)(arena + 400320))[j * 1];
        const float t767 = ((v25) ? (v763) : (0.0f));
        ((float *)((uint8_t *)slots[372]))[j] = t767;
    }
    return 0;
}

/* k541_mul: elementwise: mul */
static int rlx_k541(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v764 = ((const float *)(arena + 396480))[j * 1];
        const float t768 = ((v764) * (0.125f));
        ((float *)(arena + 396480))[j] = t768;
    }
    return 0;
}

/* k543_transpose_matmul: matmul: transpose + matmul */
static int rlx_k543(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k544_transpose_matmul: matmul: transpose + matmul */
static int rlx_k544(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[371]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k545_concat: op: concat */
static int rlx_k545(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k547_where_softmax: rowwise: where + softmax */
static int rlx_k547(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v775 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t776 = ((v24) ? (v775) : ((-INFINITY)));
                        r_x = t776;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v775 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t776 = ((v24) ? (v775) : ((-INFINITY)));
                    r_x = t776;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v775 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t776 = ((v24) ? (v775) : ((-INFINITY)));
                            r_x = t776;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v775 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t776 = ((v24) ? (v775) : ((-INFINITY)));
                        r_x = t776;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k549_slice: op: slice */
static int rlx_k549(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k550_slice: op: slice */
static int rlx_k550(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k551_matmul: matmul: matmul */
static int rlx_k551(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[372]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k552_matmul_add: matmul: matmul + add */
static int rlx_k552(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n780(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k554_transpose: op: transpose */
static int rlx_k554(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k556_dequant_matmul: op: dequant_matmul */
static int rlx_k556(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[155]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k557_add: elementwise: add */
static int rlx_k557(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v745 = ((const float *)(arena + 960))[j * 1];
        const float v788 = ((const float *)(arena + 403392))[j * 1];
        const float t789 = ((v745) + (v788));
        ((float *)(arena + 960))[j] = t789;
    }
    return 0;
}

/* k558_rms_norm: rowwise: rms_norm */
static int rlx_k558(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[157];
        slots[156] = rlx_caller_slots[156];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[156]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k559_dequant_matmul: op: dequant_matmul */
static int rlx_k559(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[157]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k560_dequant_matmul: op: dequant_matmul */
static int rlx_k560(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[158]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k561_silu_mul: elementwise: silu + mul */
static int rlx_k561(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v793 = ((const float *)(arena + 5568))[j * 1];
        const float v796 = ((const float *)(arena + 11712))[j * 1];
        const float t794 = rlx_siluf(v793);
        const float t797 = ((t794) * (v796));
        ((float *)(arena + 5568))[j] = t797;
    }
    return 0;
}

/* k562_dequant_matmul: op: dequant_matmul */
static int rlx_k562(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[159]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k563_add: elementwise: add */
static int rlx_k563(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v789 = ((const float *)(arena + 960))[j * 1];
        const float v799 = ((const float *)(arena + 3264))[j * 1];
        const float t800 = ((v789) + (v799));
        ((float *)(arena + 960))[j] = t800;
    }
    return 0;
}

/* k564_slice: op: slice */
static int rlx_k564(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[160])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k565_slice: op: slice */
static int rlx_k565(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[161])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k566_rms_norm: rowwise: rms_norm */
static int rlx_k566(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[163];
        slots[162] = rlx_caller_slots[162];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[162]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k567_dequant_matmul: op: dequant_matmul */
static int rlx_k567(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[163]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k569_transpose: op: transpose */
static int rlx_k569(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k570_dequant_matmul: op: dequant_matmul */
static int rlx_k570(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[164]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k572_transpose: op: transpose */
static int rlx_k572(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k573_dequant_matmul: op: dequant_matmul */
static int rlx_k573(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[165]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k575_transpose: op: transpose */
static int rlx_k575(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k576_rope: op: rope */
static int rlx_k576(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k577_rope: op: rope */
static int rlx_k577(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k578_where: elementwise: where */
static int rlx_k578(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v820 = ((const float *)(arena + 398784))[j * 1];
        const float t821 = ((v25) ? (v820) : (0.0f));
        ((float *)((uint8_t *)slots[373]))[j] = t821;
    }
    return 0;
}

/* k579_where: elementwise: where */
static int rlx_k579(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v818 = ((const float *)(arena + 400320))[j * 1];
        const float t822 = ((v25) ? (v818) : (0.0f));
        ((float *)((uint8_t *)slots[374]))[j] = t822;
    }
    return 0;
}

/* k580_mul: elementwise: mul */
static int rlx_k580(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v819 = ((const float *)(arena + 396480))[j * 1];
        const float t823 = ((v819) * (0.125f));
        ((float *)(arena + 396480))[j] = t823;
    }
    return 0;
}

/* k582_transpose_matmul: matmul: transpose + matmul */
static int rlx_k582(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k583_transpose_matmul: matmul: transpose + matmul */
static int rlx_k583(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[373]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k584_concat: op: concat */
static int rlx_k584(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k586_where_softmax: rowwise: where + softmax */
static int rlx_k586(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v830 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t831 = ((v24) ? (v830) : ((-INFINITY)));
                        r_x = t831;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v830 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t831 = ((v24) ? (v830) : ((-INFINITY)));
                    r_x = t831;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v830 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t831 = ((v24) ? (v830) : ((-INFINITY)));
                            r_x = t831;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v830 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t831 = ((v24) ? (v830) : ((-INFINITY)));
                        r_x = t831;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k588_slice: op: slice */
static int rlx_k588(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k589_slice: op: slice */
static int rlx_k589(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k590_matmul: matmul: matmul */
static int rlx_k590(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[374]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k591_matmul_add: matmul: matmul + add */
static int rlx_k591(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n835(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k593_transpose: op: transpose */
static int rlx_k593(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k595_dequant_matmul: op: dequant_matmul */
static int rlx_k595(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[166]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k596_add: elementwise: add */
static int rlx_k596(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v800 = ((const float *)(arena + 960))[j * 1];
        const float v843 = ((const float *)(arena + 403392))[j * 1];
        const float t844 = ((v800) + (v843));
        ((float *)(arena + 960))[j] = t844;
    }
    return 0;
}

/* k597_rms_norm: rowwise: rms_norm */
static int rlx_k597(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[168];
        slots[167] = rlx_caller_slots[167];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[167]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k598_dequant_matmul: op: dequant_matmul */
static int rlx_k598(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[168]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k599_dequant_matmul: op: dequant_matmul */
static int rlx_k599(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[169]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k600_silu_mul: elementwise: silu + mul */
static int rlx_k600(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v848 = ((const float *)(arena + 5568))[j * 1];
        const float v851 = ((const float *)(arena + 11712))[j * 1];
        const float t849 = rlx_siluf(v848);
        const float t852 = ((t849) * (v851));
        ((float *)(arena + 5568))[j] = t852;
    }
    return 0;
}

/* k601_dequant_matmul: op: dequant_matmul */
static int rlx_k601(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[170]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k602_add: elementwise: add */
static int rlx_k602(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v844 = ((const float *)(arena + 960))[j * 1];
        const float v854 = ((const float *)(arena + 3264))[j * 1];
        const float t855 = ((v844) + (v854));
        ((float *)(arena + 960))[j] = t855;
    }
    return 0;
}

/* k603_slice: op: slice */
static int rlx_k603(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[171])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

RLX_PART_FN int rlx_part1(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    if ((rc = rlx_k311(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k313(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k315(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k316(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k317(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k318(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k320(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k322(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k323(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k324(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k325(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k326(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k327(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k328(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k329(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k330(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k331(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k332(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k333(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k335(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k336(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k338(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k339(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k341(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k342(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k343(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k344(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k345(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k346(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k348(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k349(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k350(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k352(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k354(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k355(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k356(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k357(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k359(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k361(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k362(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k363(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k364(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k365(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k366(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k367(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k368(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k369(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k370(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k371(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k372(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k374(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k375(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k377(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k378(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k380(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k381(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k382(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k383(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k384(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k385(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k387(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k388(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k389(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k391(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k393(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k394(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k395(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k396(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k398(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k400(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k401(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k402(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k403(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k404(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k405(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k406(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k407(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k408(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k409(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k410(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k411(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k413(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k414(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k416(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k417(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k419(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k420(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k421(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k422(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k423(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k424(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k426(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k427(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k428(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k430(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k432(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k433(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k434(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k435(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k437(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k439(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k440(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k441(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k442(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k443(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k444(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k445(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k446(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k447(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k448(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k449(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k450(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k452(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k453(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k455(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k456(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k458(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k459(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k460(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k461(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k462(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k463(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k465(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k466(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k467(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k469(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k471(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k472(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k473(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k474(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k476(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k478(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k479(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k480(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k481(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k482(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k483(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k484(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k485(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k486(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k487(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k488(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k489(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k491(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k492(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k494(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k495(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k497(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k498(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k499(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k500(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k501(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k502(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k504(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k505(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k506(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k508(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k510(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k511(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k512(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k513(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k515(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k517(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k518(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k519(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k520(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k521(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k522(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k523(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k524(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k525(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k526(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k527(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k528(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k530(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k531(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k533(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k534(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k536(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k537(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k538(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k539(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k540(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k541(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k543(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k544(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k545(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k547(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k549(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k550(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k551(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k552(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k554(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k556(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k557(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k558(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k559(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k560(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k561(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k562(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k563(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k564(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k565(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k566(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k567(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k569(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k570(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k572(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k573(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k575(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k576(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k577(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k578(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k579(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k580(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k582(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k583(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k584(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k586(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k588(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k589(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k590(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k591(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k593(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k595(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k596(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k597(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k598(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k599(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k600(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k601(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k602(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k603(slots, arena, ctl)) != 0) return rc;
    return 0;
}
#endif

RLX_PART_FN int rlx_part2(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 2
/* k604_slice: op: slice */
static int rlx_k604(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[172])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k605_rms_norm: rowwise: rms_norm */
static int rlx_k605(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[174];
        slots[173] = rlx_caller_slots[173];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[173]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k606_dequant_matmul: op: dequant_matmul */
static int rlx_k606(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[174]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k608_transpose: op: transpose */
static int rlx_k608(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k609_dequant_matmul: op: dequant_matmul */
static int rlx_k609(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[175]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k611_transpose: op: transpose */
static int rlx_k611(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k612_dequant_matmul: op: dequant_matmul */
static int rlx_k612(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[176]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k614_transpose: op: transpose */
static int rlx_k614(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k615_rope: op: rope */
static int rlx_k615(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k616_rope: op: rope */
static int rlx_k616(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k617_where: elementwise: where */
static int rlx_k617(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v875 = ((const float *)(arena + 398784))[j * 1];
        const float t876 = ((v25) ? (v875) : (0.0f));
        ((float *)((uint8_t *)slots[375]))[j] = t876;
    }
    return 0;
}

/* k618_where: elementwise: where */
static int rlx_k618(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v873 = ((const float *)(arena + 400320))[j * 1];
        const float t877 = ((v25) ? (v873) : (0.0f));
        ((float *)((uint8_t *)slots[376]))[j] = t877;
    }
    return 0;
}

/* k619_mul: elementwise: mul */
static int rlx_k619(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v874 = ((const float *)(arena + 396480))[j * 1];
        const float t878 = ((v874) * (0.125f));
        ((float *)(arena + 396480))[j] = t878;
    }
    return 0;
}

/* k621_transpose_matmul: matmul: transpose + matmul */
static int rlx_k621(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k622_transpose_matmul: matmul: transpose + matmul */
static int rlx_k622(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[375]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k623_concat: op: concat */
static int rlx_k623(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k625_where_softmax: rowwise: where + softmax */
static int rlx_k625(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v885 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t886 = ((v24) ? (v885) : ((-INFINITY)));
                        r_x = t886;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v885 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t886 = ((v24) ? (v885) : ((-INFINITY)));
                    r_x = t886;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v885 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t886 = ((v24) ? (v885) : ((-INFINITY)));
                            r_x = t886;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v885 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t886 = ((v24) ? (v885) : ((-INFINITY)));
                        r_x = t886;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k627_slice: op: slice */
static int rlx_k627(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k628_slice: op: slice */
static int rlx_k628(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k629_matmul: matmul: matmul */
static int rlx_k629(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[376]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k630_matmul_add: matmul: matmul + add */
static int rlx_k630(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n890(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k632_transpose: op: transpose */
static int rlx_k632(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k634_dequant_matmul: op: dequant_matmul */
static int rlx_k634(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[177]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k635_add: elementwise: add */
static int rlx_k635(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v855 = ((const float *)(arena + 960))[j * 1];
        const float v898 = ((const float *)(arena + 403392))[j * 1];
        const float t899 = ((v855) + (v898));
        ((float *)(arena + 960))[j] = t899;
    }
    return 0;
}

/* k636_rms_norm: rowwise: rms_norm */
static int rlx_k636(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[179];
        slots[178] = rlx_caller_slots[178];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[178]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k637_dequant_matmul: op: dequant_matmul */
static int rlx_k637(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[179]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k638_dequant_matmul: op: dequant_matmul */
static int rlx_k638(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[180]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k639_silu_mul: elementwise: silu + mul */
static int rlx_k639(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v903 = ((const float *)(arena + 5568))[j * 1];
        const float v906 = ((const float *)(arena + 11712))[j * 1];
        const float t904 = rlx_siluf(v903);
        const float t907 = ((t904) * (v906));
        ((float *)(arena + 5568))[j] = t907;
    }
    return 0;
}

/* k640_dequant_matmul: op: dequant_matmul */
static int rlx_k640(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[181]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k641_add: elementwise: add */
static int rlx_k641(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v899 = ((const float *)(arena + 960))[j * 1];
        const float v909 = ((const float *)(arena + 3264))[j * 1];
        const float t910 = ((v899) + (v909));
        ((float *)(arena + 960))[j] = t910;
    }
    return 0;
}

/* k642_slice: op: slice */
static int rlx_k642(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[182])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k643_slice: op: slice */
static int rlx_k643(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[183])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k644_rms_norm: rowwise: rms_norm */
static int rlx_k644(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[185];
        slots[184] = rlx_caller_slots[184];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[184]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k645_dequant_matmul: op: dequant_matmul */
static int rlx_k645(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[185]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k647_transpose: op: transpose */
static int rlx_k647(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k648_dequant_matmul: op: dequant_matmul */
static int rlx_k648(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[186]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k650_transpose: op: transpose */
static int rlx_k650(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k651_dequant_matmul: op: dequant_matmul */
static int rlx_k651(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[187]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k653_transpose: op: transpose */
static int rlx_k653(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k654_rope: op: rope */
static int rlx_k654(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k655_rope: op: rope */
static int rlx_k655(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k656_where: elementwise: where */
static int rlx_k656(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v930 = ((const float *)(arena + 398784))[j * 1];
        const float t931 = ((v25) ? (v930) : (0.0f));
        ((float *)((uint8_t *)slots[377]))[j] = t931;
    }
    return 0;
}

/* k657_where: elementwise: where */
static int rlx_k657(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v928 = ((const float *)(arena + 400320))[j * 1];
        const float t932 = ((v25) ? (v928) : (0.0f));
        ((float *)((uint8_t *)slots[378]))[j] = t932;
    }
    return 0;
}

/* k658_mul: elementwise: mul */
static int rlx_k658(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v929 = ((const float *)(arena + 396480))[j * 1];
        const float t933 = ((v929) * (0.125f));
        ((float *)(arena + 396480))[j] = t933;
    }
    return 0;
}

/* k660_transpose_matmul: matmul: transpose + matmul */
static int rlx_k660(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k661_transpose_matmul: matmul: transpose + matmul */
static int rlx_k661(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[377]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k662_concat: op: concat */
static int rlx_k662(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k664_where_softmax: rowwise: where + softmax */
static int rlx_k664(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v940 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t941 = ((v24) ? (v940) : ((-INFINITY)));
                        r_x = t941;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v940 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t941 = ((v24) ? (v940) : ((-INFINITY)));
                    r_x = t941;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v940 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t941 = ((v24) ? (v940) : ((-INFINITY)));
                            r_x = t941;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v940 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t941 = ((v24) ? (v940) : ((-INFINITY)));
                        r_x = t941;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k666_slice: op: slice */
static int rlx_k666(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k667_slice: op: slice */
static int rlx_k667(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k668_matmul: matmul: matmul */
static int rlx_k668(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[378]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k669_matmul_add: matmul: matmul + add */
static int rlx_k669(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n945(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k671_transpose: op: transpose */
static int rlx_k671(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k673_dequant_matmul: op: dequant_matmul */
static int rlx_k673(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[188]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k674_add: elementwise: add */
static int rlx_k674(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v910 = ((const float *)(arena + 960))[j * 1];
        const float v953 = ((const float *)(arena + 403392))[j * 1];
        const float t954 = ((v910) + (v953));
        ((float *)(arena + 960))[j] = t954;
    }
    return 0;
}

/* k675_rms_norm: rowwise: rms_norm */
static int rlx_k675(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[190];
        slots[189] = rlx_caller_slots[189];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[189]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k676_dequant_matmul: op: dequant_matmul */
static int rlx_k676(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[190]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k677_dequant_matmul: op: dequant_matmul */
static int rlx_k677(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[191]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k678_silu_mul: elementwise: silu + mul */
static int rlx_k678(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v958 = ((const float *)(arena + 5568))[j * 1];
        const float v961 = ((const float *)(arena + 11712))[j * 1];
        const float t959 = rlx_siluf(v958);
        const float t962 = ((t959) * (v961));
        ((float *)(arena + 5568))[j] = t962;
    }
    return 0;
}

/* k679_dequant_matmul: op: dequant_matmul */
static int rlx_k679(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[192]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k680_add: elementwise: add */
static int rlx_k680(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v954 = ((const float *)(arena + 960))[j * 1];
        const float v964 = ((const float *)(arena + 3264))[j * 1];
        const float t965 = ((v954) + (v964));
        ((float *)(arena + 960))[j] = t965;
    }
    return 0;
}

/* k681_slice: op: slice */
static int rlx_k681(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[193])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k682_slice: op: slice */
static int rlx_k682(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[194])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k683_rms_norm: rowwise: rms_norm */
static int rlx_k683(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[196];
        slots[195] = rlx_caller_slots[195];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[195]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k684_dequant_matmul: op: dequant_matmul */
static int rlx_k684(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[196]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k686_transpose: op: transpose */
static int rlx_k686(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k687_dequant_matmul: op: dequant_matmul */
static int rlx_k687(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[197]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k689_transpose: op: transpose */
static int rlx_k689(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k690_dequant_matmul: op: dequant_matmul */
static int rlx_k690(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[198]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k692_transpose: op: transpose */
static int rlx_k692(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k693_rope: op: rope */
static int rlx_k693(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k694_rope: op: rope */
static int rlx_k694(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k695_where: elementwise: where */
static int rlx_k695(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v985 = ((const float *)(arena + 398784))[j * 1];
        const float t986 = ((v25) ? (v985) : (0.0f));
        ((float *)((uint8_t *)slots[379]))[j] = t986;
    }
    return 0;
}

/* k696_where: elementwise: where */
static int rlx_k696(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v983 = ((const float *)(arena + 400320))[j * 1];
        const float t987 = ((v25) ? (v983) : (0.0f));
        ((float *)((uint8_t *)slots[380]))[j] = t987;
    }
    return 0;
}

/* k697_mul: elementwise: mul */
static int rlx_k697(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v984 = ((const float *)(arena + 396480))[j * 1];
        const float t988 = ((v984) * (0.125f));
        ((float *)(arena + 396480))[j] = t988;
    }
    return 0;
}

/* k699_transpose_matmul: matmul: transpose + matmul */
static int rlx_k699(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k700_transpose_matmul: matmul: transpose + matmul */
static int rlx_k700(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[379]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k701_concat: op: concat */
static int rlx_k701(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k703_where_softmax: rowwise: where + softmax */
static int rlx_k703(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v995 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t996 = ((v24) ? (v995) : ((-INFINITY)));
                        r_x = t996;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v995 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t996 = ((v24) ? (v995) : ((-INFINITY)));
                    r_x = t996;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v995 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t996 = ((v24) ? (v995) : ((-INFINITY)));
                            r_x = t996;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v995 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t996 = ((v24) ? (v995) : ((-INFINITY)));
                        r_x = t996;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k705_slice: op: slice */
static int rlx_k705(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k706_slice: op: slice */
static int rlx_k706(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k707_matmul: matmul: matmul */
static int rlx_k707(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[380]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k708_matmul_add: matmul: matmul + add */
static int rlx_k708(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1000(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k710_transpose: op: transpose */
static int rlx_k710(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k712_dequant_matmul: op: dequant_matmul */
static int rlx_k712(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[199]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k713_add: elementwise: add */
static int rlx_k713(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v965 = ((const float *)(arena + 960))[j * 1];
        const float v1008 = ((const float *)(arena + 403392))[j * 1];
        const float t1009 = ((v965) + (v1008));
        ((float *)(arena + 960))[j] = t1009;
    }
    return 0;
}

/* k714_rms_norm: rowwise: rms_norm */
static int rlx_k714(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[201];
        slots[200] = rlx_caller_slots[200];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[200]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k715_dequant_matmul: op: dequant_matmul */
static int rlx_k715(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[201]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k716_dequant_matmul: op: dequant_matmul */
static int rlx_k716(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[202]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k717_silu_mul: elementwise: silu + mul */
static int rlx_k717(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1013 = ((const float *)(arena + 5568))[j * 1];
        const float v1016 = ((const float *)(arena + 11712))[j * 1];
        const float t1014 = rlx_siluf(v1013);
        const float t1017 = ((t1014) * (v1016));
        ((float *)(arena + 5568))[j] = t1017;
    }
    return 0;
}

/* k718_dequant_matmul: op: dequant_matmul */
static int rlx_k718(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[203]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k719_add: elementwise: add */
static int rlx_k719(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1009 = ((const float *)(arena + 960))[j * 1];
        const float v1019 = ((const float *)(arena + 3264))[j * 1];
        const float t1020 = ((v1009) + (v1019));
        ((float *)(arena + 960))[j] = t1020;
    }
    return 0;
}

/* k720_slice: op: slice */
static int rlx_k720(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[204])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k721_slice: op: slice */
static int rlx_k721(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[205])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k722_rms_norm: rowwise: rms_norm */
static int rlx_k722(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[207];
        slots[206] = rlx_caller_slots[206];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[206]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k723_dequant_matmul: op: dequant_matmul */
static int rlx_k723(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[207]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k725_transpose: op: transpose */
static int rlx_k725(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k726_dequant_matmul: op: dequant_matmul */
static int rlx_k726(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[208]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k728_transpose: op: transpose */
static int rlx_k728(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k729_dequant_matmul: op: dequant_matmul */
static int rlx_k729(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[209]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k731_transpose: op: transpose */
static int rlx_k731(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k732_rope: op: rope */
static int rlx_k732(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k733_rope: op: rope */
static int rlx_k733(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k734_where: elementwise: where */
static int rlx_k734(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1040 = ((const float *)(arena + 398784))[j * 1];
        const float t1041 = ((v25) ? (v1040) : (0.0f));
        ((float *)((uint8_t *)slots[381]))[j] = t1041;
    }
    return 0;
}

/* k735_where: elementwise: where */
static int rlx_k735(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1038 = ((const float *)(arena + 400320))[j * 1];
        const float t1042 = ((v25) ? (v1038) : (0.0f));
        ((float *)((uint8_t *)slots[382]))[j] = t1042;
    }
    return 0;
}

/* k736_mul: elementwise: mul */
static int rlx_k736(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1039 = ((const float *)(arena + 396480))[j * 1];
        const float t1043 = ((v1039) * (0.125f));
        ((float *)(arena + 396480))[j] = t1043;
    }
    return 0;
}

/* k738_transpose_matmul: matmul: transpose + matmul */
static int rlx_k738(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k739_transpose_matmul: matmul: transpose + matmul */
static int rlx_k739(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[381]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k740_concat: op: concat */
static int rlx_k740(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k742_where_softmax: rowwise: where + softmax */
static int rlx_k742(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1050 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1051 = ((v24) ? (v1050) : ((-INFINITY)));
                        r_x = t1051;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1050 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1051 = ((v24) ? (v1050) : ((-INFINITY)));
                    r_x = t1051;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1050 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1051 = ((v24) ? (v1050) : ((-INFINITY)));
                            r_x = t1051;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1050 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1051 = ((v24) ? (v1050) : ((-INFINITY)));
                        r_x = t1051;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k744_slice: op: slice */
static int rlx_k744(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k745_slice: op: slice */
static int rlx_k745(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k746_matmul: matmul: matmul */
static int rlx_k746(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[382]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k747_matmul_add: matmul: matmul + add */
static int rlx_k747(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1055(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k749_transpose: op: transpose */
static int rlx_k749(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k751_dequant_matmul: op: dequant_matmul */
static int rlx_k751(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[210]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k752_add: elementwise: add */
static int rlx_k752(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1020 = ((const float *)(arena + 960))[j * 1];
        const float v1063 = ((const float *)(arena + 403392))[j * 1];
        const float t1064 = ((v1020) + (v1063));
        ((float *)(arena + 960))[j] = t1064;
    }
    return 0;
}

/* k753_rms_norm: rowwise: rms_norm */
static int rlx_k753(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[212];
        slots[211] = rlx_caller_slots[211];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[211]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k754_dequant_matmul: op: dequant_matmul */
static int rlx_k754(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[212]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k755_dequant_matmul: op: dequant_matmul */
static int rlx_k755(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[213]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k756_silu_mul: elementwise: silu + mul */
static int rlx_k756(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1068 = ((const float *)(arena + 5568))[j * 1];
        const float v1071 = ((const float *)(arena + 11712))[j * 1];
        const float t1069 = rlx_siluf(v1068);
        const float t1072 = ((t1069) * (v1071));
        ((float *)(arena + 5568))[j] = t1072;
    }
    return 0;
}

/* k757_dequant_matmul: op: dequant_matmul */
static int rlx_k757(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[214]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k758_add: elementwise: add */
static int rlx_k758(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1064 = ((const float *)(arena + 960))[j * 1];
        const float v1074 = ((const float *)(arena + 3264))[j * 1];
        const float t1075 = ((v1064) + (v1074));
        ((float *)(arena + 960))[j] = t1075;
    }
    return 0;
}

/* k759_slice: op: slice */
static int rlx_k759(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[215])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k760_slice: op: slice */
static int rlx_k760(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[216])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k761_rms_norm: rowwise: rms_norm */
static int rlx_k761(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[218];
        slots[217] = rlx_caller_slots[217];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[217]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k762_dequant_matmul: op: dequant_matmul */
static int rlx_k762(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[218]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k764_transpose: op: transpose */
static int rlx_k764(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k765_dequant_matmul: op: dequant_matmul */
static int rlx_k765(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[219]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k767_transpose: op: transpose */
static int rlx_k767(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k768_dequant_matmul: op: dequant_matmul */
static int rlx_k768(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[220]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k770_transpose: op: transpose */
static int rlx_k770(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k771_rope: op: rope */
static int rlx_k771(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k772_rope: op: rope */
static int rlx_k772(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k773_where: elementwise: where */
static int rlx_k773(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1095 = ((const float *)(arena + 398784))[j * 1];
        const float t1096 = ((v25) ? (v1095) : (0.0f));
        ((float *)((uint8_t *)slots[383]))[j] = t1096;
    }
    return 0;
}

/* k774_where: elementwise: where */
static int rlx_k774(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1093 = ((const float *)(arena + 400320))[j * 1];
        const float t1097 = ((v25) ? (v1093) : (0.0f));
        ((float *)((uint8_t *)slots[384]))[j] = t1097;
    }
    return 0;
}

/* k775_mul: elementwise: mul */
static int rlx_k775(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1094 = ((const float *)(arena + 396480))[j * 1];
        const float t1098 = ((v1094) * (0.125f));
        ((float *)(arena + 396480))[j] = t1098;
    }
    return 0;
}

/* k777_transpose_matmul: matmul: transpose + matmul */
static int rlx_k777(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k778_transpose_matmul: matmul: transpose + matmul */
static int rlx_k778(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[383]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k779_concat: op: concat */
static int rlx_k779(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k781_where_softmax: rowwise: where + softmax */
static int rlx_k781(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1105 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1106 = ((v24) ? (v1105) : ((-INFINITY)));
                        r_x = t1106;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1105 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1106 = ((v24) ? (v1105) : ((-INFINITY)));
                    r_x = t1106;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1105 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1106 = ((v24) ? (v1105) : ((-INFINITY)));
                            r_x = t1106;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1105 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1106 = ((v24) ? (v1105) : ((-INFINITY)));
                        r_x = t1106;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k783_slice: op: slice */
static int rlx_k783(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k784_slice: op: slice */
static int rlx_k784(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k785_matmul: matmul: matmul */
static int rlx_k785(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[384]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k786_matmul_add: matmul: matmul + add */
static int rlx_k786(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1110(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k788_transpose: op: transpose */
static int rlx_k788(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k790_dequant_matmul: op: dequant_matmul */
static int rlx_k790(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[221]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k791_add: elementwise: add */
static int rlx_k791(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1075 = ((const float *)(arena + 960))[j * 1];
        const float v1118 = ((const float *)(arena + 403392))[j * 1];
        const float t1119 = ((v1075) + (v1118));
        ((float *)(arena + 960))[j] = t1119;
    }
    return 0;
}

/* k792_rms_norm: rowwise: rms_norm */
static int rlx_k792(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[223];
        slots[222] = rlx_caller_slots[222];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[222]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k793_dequant_matmul: op: dequant_matmul */
static int rlx_k793(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[223]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k794_dequant_matmul: op: dequant_matmul */
static int rlx_k794(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[224]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k795_silu_mul: elementwise: silu + mul */
static int rlx_k795(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1123 = ((const float *)(arena + 5568))[j * 1];
        const float v1126 = ((const float *)(arena + 11712))[j * 1];
        const float t1124 = rlx_siluf(v1123);
        const float t1127 = ((t1124) * (v1126));
        ((float *)(arena + 5568))[j] = t1127;
    }
    return 0;
}

/* k796_dequant_matmul: op: dequant_matmul */
static int rlx_k796(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[225]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k797_add: elementwise: add */
static int rlx_k797(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1119 = ((const float *)(arena + 960))[j * 1];
        const float v1129 = ((const float *)(arena + 3264))[j * 1];
        const float t1130 = ((v1119) + (v1129));
        ((float *)(arena + 960))[j] = t1130;
    }
    return 0;
}

/* k798_slice: op: slice */
static int rlx_k798(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[226])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k799_slice: op: slice */
static int rlx_k799(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[227])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k800_rms_norm: rowwise: rms_norm */
static int rlx_k800(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[229];
        slots[228] = rlx_caller_slots[228];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[228]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k801_dequant_matmul: op: dequant_matmul */
static int rlx_k801(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[229]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k803_transpose: op: transpose */
static int rlx_k803(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k804_dequant_matmul: op: dequant_matmul */
static int rlx_k804(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[230]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k806_transpose: op: transpose */
static int rlx_k806(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k807_dequant_matmul: op: dequant_matmul */
static int rlx_k807(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[231]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k809_transpose: op: transpose */
static int rlx_k809(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k810_rope: op: rope */
static int rlx_k810(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k811_rope: op: rope */
static int rlx_k811(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k812_where: elementwise: where */
static int rlx_k812(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1150 = ((const float *)(arena + 398784))[j * 1];
        const float t1151 = ((v25) ? (v1150) : (0.0f));
        ((float *)((uint8_t *)slots[385]))[j] = t1151;
    }
    return 0;
}

/* k813_where: elementwise: where */
static int rlx_k813(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1148 = ((const float *)(arena + 400320))[j * 1];
        const float t1152 = ((v25) ? (v1148) : (0.0f));
        ((float *)((uint8_t *)slots[386]))[j] = t1152;
    }
    return 0;
}

/* k814_mul: elementwise: mul */
static int rlx_k814(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1149 = ((const float *)(arena + 396480))[j * 1];
        const float t1153 = ((v1149) * (0.125f));
        ((float *)(arena + 396480))[j] = t1153;
    }
    return 0;
}

/* k816_transpose_matmul: matmul: transpose + matmul */
static int rlx_k816(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k817_transpose_matmul: matmul: transpose + matmul */
static int rlx_k817(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[385]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k818_concat: op: concat */
static int rlx_k818(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k820_where_softmax: rowwise: where + softmax */
static int rlx_k820(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1160 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1161 = ((v24) ? (v1160) : ((-INFINITY)));
                        r_x = t1161;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1160 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1161 = ((v24) ? (v1160) : ((-INFINITY)));
                    r_x = t1161;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1160 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1161 = ((v24) ? (v1160) : ((-INFINITY)));
                            r_x = t1161;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1160 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1161 = ((v24) ? (v1160) : ((-INFINITY)));
                        r_x = t1161;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k822_slice: op: slice */
static int rlx_k822(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k823_slice: op: slice */
static int rlx_k823(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k824_matmul: matmul: matmul */
static int rlx_k824(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[386]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k825_matmul_add: matmul: matmul + add */
static int rlx_k825(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1165(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k827_transpose: op: transpose */
static int rlx_k827(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k829_dequant_matmul: op: dequant_matmul */
static int rlx_k829(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[232]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k830_add: elementwise: add */
static int rlx_k830(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1130 = ((const float *)(arena + 960))[j * 1];
        const float v1173 = ((const float *)(arena + 403392))[j * 1];
        const float t1174 = ((v1130) + (v1173));
        ((float *)(arena + 960))[j] = t1174;
    }
    return 0;
}

/* k831_rms_norm: rowwise: rms_norm */
static int rlx_k831(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[234];
        slots[233] = rlx_caller_slots[233];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[233]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k832_dequant_matmul: op: dequant_matmul */
static int rlx_k832(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[234]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k833_dequant_matmul: op: dequant_matmul */
static int rlx_k833(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[235]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k834_silu_mul: elementwise: silu + mul */
static int rlx_k834(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1178 = ((const float *)(arena + 5568))[j * 1];
        const float v1181 = ((const float *)(arena + 11712))[j * 1];
        const float t1179 = rlx_siluf(v1178);
        const float t1182 = ((t1179) * (v1181));
        ((float *)(arena + 5568))[j] = t1182;
    }
    return 0;
}

/* k835_dequant_matmul: op: dequant_matmul */
static int rlx_k835(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[236]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k836_add: elementwise: add */
static int rlx_k836(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1174 = ((const float *)(arena + 960))[j * 1];
        const float v1184 = ((const float *)(arena + 3264))[j * 1];
        const float t1185 = ((v1174) + (v1184));
        ((float *)(arena + 960))[j] = t1185;
    }
    return 0;
}

/* k837_slice: op: slice */
static int rlx_k837(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[237])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k838_slice: op: slice */
static int rlx_k838(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[238])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k839_rms_norm: rowwise: rms_norm */
static int rlx_k839(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[240];
        slots[239] = rlx_caller_slots[239];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[239]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k840_dequant_matmul: op: dequant_matmul */
static int rlx_k840(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[240]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k842_transpose: op: transpose */
static int rlx_k842(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k843_dequant_matmul: op: dequant_matmul */
static int rlx_k843(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[241]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k845_transpose: op: transpose */
static int rlx_k845(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k846_dequant_matmul: op: dequant_matmul */
static int rlx_k846(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[242]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k848_transpose: op: transpose */
static int rlx_k848(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k849_rope: op: rope */
static int rlx_k849(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k850_rope: op: rope */
static int rlx_k850(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k851_where: elementwise: where */
static int rlx_k851(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1205 = ((const float *)(arena + 398784))[j * 1];
        const float t1206 = ((v25) ? (v1205) : (0.0f));
        ((float *)((uint8_t *)slots[387]))[j] = t1206;
    }
    return 0;
}

/* k852_where: elementwise: where */
static int rlx_k852(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1203 = ((const float *)(arena + 400320))[j * 1];
        const float t1207 = ((v25) ? (v1203) : (0.0f));
        ((float *)((uint8_t *)slots[388]))[j] = t1207;
    }
    return 0;
}

/* k853_mul: elementwise: mul */
static int rlx_k853(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1204 = ((const float *)(arena + 396480))[j * 1];
        const float t1208 = ((v1204) * (0.125f));
        ((float *)(arena + 396480))[j] = t1208;
    }
    return 0;
}

/* k855_transpose_matmul: matmul: transpose + matmul */
static int rlx_k855(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k856_transpose_matmul: matmul: transpose + matmul */
static int rlx_k856(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[387]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k857_concat: op: concat */
static int rlx_k857(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k859_where_softmax: rowwise: where + softmax */
static int rlx_k859(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1215 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1216 = ((v24) ? (v1215) : ((-INFINITY)));
                        r_x = t1216;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1215 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1216 = ((v24) ? (v1215) : ((-INFINITY)));
                    r_x = t1216;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1215 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1216 = ((v24) ? (v1215) : ((-INFINITY)));
                            r_x = t1216;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1215 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1216 = ((v24) ? (v1215) : ((-INFINITY)));
                        r_x = t1216;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k861_slice: op: slice */
static int rlx_k861(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k862_slice: op: slice */
static int rlx_k862(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k863_matmul: matmul: matmul */
static int rlx_k863(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[388]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k864_matmul_add: matmul: matmul + add */
static int rlx_k864(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1220(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k866_transpose: op: transpose */
static int rlx_k866(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k868_dequant_matmul: op: dequant_matmul */
static int rlx_k868(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[243]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k869_add: elementwise: add */
static int rlx_k869(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1185 = ((const float *)(arena + 960))[j * 1];
        const float v1228 = ((const float *)(arena + 403392))[j * 1];
        const float t1229 = ((v1185) + (v1228));
        ((float *)(arena + 960))[j] = t1229;
    }
    return 0;
}

/* k870_rms_norm: rowwise: rms_norm */
static int rlx_k870(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[245];
        slots[244] = rlx_caller_slots[244];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[244]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k871_dequant_matmul: op: dequant_matmul */
static int rlx_k871(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[245]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k872_dequant_matmul: op: dequant_matmul */
static int rlx_k872(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[246]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k873_silu_mul: elementwise: silu + mul */
static int rlx_k873(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1233 = ((const float *)(arena + 5568))[j * 1];
        const float v1236 = ((const float *)(arena + 11712))[j * 1];
        const float t1234 = rlx_siluf(v1233);
        const float t1237 = ((t1234) * (v1236));
        ((float *)(arena + 5568))[j] = t1237;
    }
    return 0;
}

/* k874_dequant_matmul: op: dequant_matmul */
static int rlx_k874(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[247]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k875_add: elementwise: add */
static int rlx_k875(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1229 = ((const float *)(arena + 960))[j * 1];
        const float v1239 = ((const float *)(arena + 3264))[j * 1];
        const float t1240 = ((v1229) + (v1239));
        ((float *)(arena + 960))[j] = t1240;
    }
    return 0;
}

/* k876_slice: op: slice */
static int rlx_k876(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[248])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k877_slice: op: slice */
static int rlx_k877(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[249])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k878_rms_norm: rowwise: rms_norm */
static int rlx_k878(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[251];
        slots[250] = rlx_caller_slots[250];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[250]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k879_dequant_matmul: op: dequant_matmul */
static int rlx_k879(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[251]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k881_transpose: op: transpose */
static int rlx_k881(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k882_dequant_matmul: op: dequant_matmul */
static int rlx_k882(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[252]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k884_transpose: op: transpose */
static int rlx_k884(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k885_dequant_matmul: op: dequant_matmul */
static int rlx_k885(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[253]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k887_transpose: op: transpose */
static int rlx_k887(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k888_rope: op: rope */
static int rlx_k888(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k889_rope: op: rope */
static int rlx_k889(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k890_where: elementwise: where */
static int rlx_k890(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1260 = ((const float *)(arena + 398784))[j * 1];
        const float t1261 = ((v25) ? (v1260) : (0.0f));
        ((float *)((uint8_t *)slots[389]))[j] = t1261;
    }
    return 0;
}

/* k891_where: elementwise: where */
static int rlx_k891(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1258 = ((const float *)(arena + 400320))[j * 1];
        const float t1262 = ((v25) ? (v1258) : (0.0f));
        ((float *)((uint8_t *)slots[390]))[j] = t1262;
    }
    return 0;
}

/* k892_mul: elementwise: mul */
static int rlx_k892(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1259 = ((const float *)(arena + 396480))[j * 1];
        const float t1263 = ((v1259) * (0.125f));
        ((float *)(arena + 396480))[j] = t1263;
    }
    return 0;
}

/* k894_transpose_matmul: matmul: transpose + matmul */
static int rlx_k894(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k895_transpose_matmul: matmul: transpose + matmul */
static int rlx_k895(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[389]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k896_concat: op: concat */
static int rlx_k896(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k898_where_softmax: rowwise: where + softmax */
static int rlx_k898(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1270 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1271 = ((v24) ? (v1270) : ((-INFINITY)));
                        r_x = t1271;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1270 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1271 = ((v24) ? (v1270) : ((-INFINITY)));
                    r_x = t1271;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1270 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1271 = ((v24) ? (v1270) : ((-INFINITY)));
                            r_x = t1271;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1270 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1271 = ((v24) ? (v1270) : ((-INFINITY)));
                        r_x = t1271;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

RLX_PART_FN int rlx_part2(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    if ((rc = rlx_k604(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k605(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k606(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k608(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k609(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k611(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k612(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k614(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k615(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k616(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k617(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k618(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k619(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k621(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k622(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k623(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k625(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k627(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k628(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k629(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k630(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k632(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k634(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k635(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k636(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k637(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k638(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k639(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k640(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k641(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k642(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k643(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k644(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k645(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k647(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k648(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k650(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k651(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k653(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k654(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k655(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k656(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k657(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k658(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k660(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k661(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k662(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k664(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k666(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k667(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k668(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k669(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k671(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k673(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k674(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k675(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k676(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k677(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k678(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k679(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k680(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k681(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k682(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k683(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k684(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k686(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k687(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k689(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k690(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k692(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k693(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k694(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k695(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k696(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k697(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k699(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k700(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k701(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k703(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k705(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k706(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k707(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k708(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k710(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k712(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k713(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k714(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k715(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k716(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k717(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k718(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k719(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k720(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k721(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k722(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k723(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k725(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k726(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k728(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k729(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k731(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k732(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k733(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k734(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k735(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k736(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k738(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k739(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k740(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k742(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k744(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k745(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k746(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k747(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k749(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k751(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k752(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k753(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k754(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k755(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k756(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k757(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k758(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k759(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k760(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k761(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k762(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k764(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k765(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k767(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k768(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k770(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k771(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k772(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k773(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k774(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k775(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k777(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k778(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k779(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k781(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k783(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k784(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k785(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k786(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k788(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k790(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k791(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k792(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k793(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k794(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k795(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k796(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k797(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k798(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k799(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k800(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k801(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k803(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k804(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k806(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k807(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k809(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k810(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k811(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k812(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k813(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k814(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k816(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k817(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k818(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k820(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k822(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k823(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k824(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k825(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k827(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k829(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k830(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k831(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k832(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k833(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k834(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k835(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k836(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k837(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k838(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k839(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k840(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k842(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k843(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k845(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k846(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k848(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k849(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k850(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k851(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k852(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k853(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k855(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k856(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k857(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k859(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k861(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k862(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k863(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k864(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k866(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k868(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k869(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k870(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k871(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k872(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k873(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k874(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k875(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k876(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k877(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k878(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k879(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k881(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k882(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k884(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k885(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k887(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k888(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k889(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k890(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k891(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k892(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k894(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k895(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k896(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k898(slots, arena, ctl)) != 0) return rc;
    return 0;
}
#endif

RLX_PART_FN int rlx_part3(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 3
/* k900_slice: op: slice */
static int rlx_k900(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k901_slice: op: slice */
static int rlx_k901(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k902_matmul: matmul: matmul */
static int rlx_k902(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[390]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k903_matmul_add: matmul: matmul + add */
static int rlx_k903(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1275(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k905_transpose: op: transpose */
static int rlx_k905(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k907_dequant_matmul: op: dequant_matmul */
static int rlx_k907(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[254]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k908_add: elementwise: add */
static int rlx_k908(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1240 = ((const float *)(arena + 960))[j * 1];
        const float v1283 = ((const float *)(arena + 403392))[j * 1];
        const float t1284 = ((v1240) + (v1283));
        ((float *)(arena + 960))[j] = t1284;
    }
    return 0;
}

/* k909_rms_norm: rowwise: rms_norm */
static int rlx_k909(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[256];
        slots[255] = rlx_caller_slots[255];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[255]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k910_dequant_matmul: op: dequant_matmul */
static int rlx_k910(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[256]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k911_dequant_matmul: op: dequant_matmul */
static int rlx_k911(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[257]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k912_silu_mul: elementwise: silu + mul */
static int rlx_k912(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1288 = ((const float *)(arena + 5568))[j * 1];
        const float v1291 = ((const float *)(arena + 11712))[j * 1];
        const float t1289 = rlx_siluf(v1288);
        const float t1292 = ((t1289) * (v1291));
        ((float *)(arena + 5568))[j] = t1292;
    }
    return 0;
}

/* k913_dequant_matmul: op: dequant_matmul */
static int rlx_k913(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[258]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k914_add: elementwise: add */
static int rlx_k914(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1284 = ((const float *)(arena + 960))[j * 1];
        const float v1294 = ((const float *)(arena + 3264))[j * 1];
        const float t1295 = ((v1284) + (v1294));
        ((float *)(arena + 960))[j] = t1295;
    }
    return 0;
}

/* k915_slice: op: slice */
static int rlx_k915(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[259])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k916_slice: op: slice */
static int rlx_k916(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[260])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k917_rms_norm: rowwise: rms_norm */
static int rlx_k917(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[262];
        slots[261] = rlx_caller_slots[261];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[261]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k918_dequant_matmul: op: dequant_matmul */
static int rlx_k918(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[262]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k920_transpose: op: transpose */
static int rlx_k920(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k921_dequant_matmul: op: dequant_matmul */
static int rlx_k921(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[263]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k923_transpose: op: transpose */
static int rlx_k923(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k924_dequant_matmul: op: dequant_matmul */
static int rlx_k924(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[264]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k926_transpose: op: transpose */
static int rlx_k926(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k927_rope: op: rope */
static int rlx_k927(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k928_rope: op: rope */
static int rlx_k928(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k929_where: elementwise: where */
static int rlx_k929(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1315 = ((const float *)(arena + 398784))[j * 1];
        const float t1316 = ((v25) ? (v1315) : (0.0f));
        ((float *)((uint8_t *)slots[391]))[j] = t1316;
    }
    return 0;
}

/* k930_where: elementwise: where */
static int rlx_k930(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1313 = ((const float *)(arena + 400320))[j * 1];
        const float t1317 = ((v25) ? (v1313) : (0.0f));
        ((float *)((uint8_t *)slots[392]))[j] = t1317;
    }
    return 0;
}

/* k931_mul: elementwise: mul */
static int rlx_k931(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1314 = ((const float *)(arena + 396480))[j * 1];
        const float t1318 = ((v1314) * (0.125f));
        ((float *)(arena + 396480))[j] = t1318;
    }
    return 0;
}

/* k933_transpose_matmul: matmul: transpose + matmul */
static int rlx_k933(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k934_transpose_matmul: matmul: transpose + matmul */
static int rlx_k934(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[391]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k935_concat: op: concat */
static int rlx_k935(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k937_where_softmax: rowwise: where + softmax */
static int rlx_k937(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1325 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1326 = ((v24) ? (v1325) : ((-INFINITY)));
                        r_x = t1326;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1325 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1326 = ((v24) ? (v1325) : ((-INFINITY)));
                    r_x = t1326;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1325 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1326 = ((v24) ? (v1325) : ((-INFINITY)));
                            r_x = t1326;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1325 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1326 = ((v24) ? (v1325) : ((-INFINITY)));
                        r_x = t1326;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k939_slice: op: slice */
static int rlx_k939(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k940_slice: op: slice */
static int rlx_k940(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k941_matmul: matmul: matmul */
static int rlx_k941(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[392]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k942_matmul_add: matmul: matmul + add */
static int rlx_k942(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1330(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k944_transpose: op: transpose */
static int rlx_k944(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k946_dequant_matmul: op: dequant_matmul */
static int rlx_k946(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[265]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k947_add: elementwise: add */
static int rlx_k947(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1295 = ((const float *)(arena + 960))[j * 1];
        const float v1338 = ((const float *)(arena + 403392))[j * 1];
        const float t1339 = ((v1295) + (v1338));
        ((float *)(arena + 960))[j] = t1339;
    }
    return 0;
}

/* k948_rms_norm: rowwise: rms_norm */
static int rlx_k948(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[267];
        slots[266] = rlx_caller_slots[266];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[266]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k949_dequant_matmul: op: dequant_matmul */
static int rlx_k949(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[267]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k950_dequant_matmul: op: dequant_matmul */
static int rlx_k950(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[268]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k951_silu_mul: elementwise: silu + mul */
static int rlx_k951(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1343 = ((const float *)(arena + 5568))[j * 1];
        const float v1346 = ((const float *)(arena + 11712))[j * 1];
        const float t1344 = rlx_siluf(v1343);
        const float t1347 = ((t1344) * (v1346));
        ((float *)(arena + 5568))[j] = t1347;
    }
    return 0;
}

/* k952_dequant_matmul: op: dequant_matmul */
static int rlx_k952(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[269]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k953_add: elementwise: add */
static int rlx_k953(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1339 = ((const float *)(arena + 960))[j * 1];
        const float v1349 = ((const float *)(arena + 3264))[j * 1];
        const float t1350 = ((v1339) + (v1349));
        ((float *)(arena + 960))[j] = t1350;
    }
    return 0;
}

/* k954_slice: op: slice */
static int rlx_k954(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[270])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k955_slice: op: slice */
static int rlx_k955(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[271])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k956_rms_norm: rowwise: rms_norm */
static int rlx_k956(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[273];
        slots[272] = rlx_caller_slots[272];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[272]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k957_dequant_matmul: op: dequant_matmul */
static int rlx_k957(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[273]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k959_transpose: op: transpose */
static int rlx_k959(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k960_dequant_matmul: op: dequant_matmul */
static int rlx_k960(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[274]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k962_transpose: op: transpose */
static int rlx_k962(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k963_dequant_matmul: op: dequant_matmul */
static int rlx_k963(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[275]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k965_transpose: op: transpose */
static int rlx_k965(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k966_rope: op: rope */
static int rlx_k966(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k967_rope: op: rope */
static int rlx_k967(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k968_where: elementwise: where */
static int rlx_k968(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1370 = ((const float *)(arena + 398784))[j * 1];
        const float t1371 = ((v25) ? (v1370) : (0.0f));
        ((float *)((uint8_t *)slots[393]))[j] = t1371;
    }
    return 0;
}

/* k969_where: elementwise: where */
static int rlx_k969(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1368 = ((const float *)(arena + 400320))[j * 1];
        const float t1372 = ((v25) ? (v1368) : (0.0f));
        ((float *)((uint8_t *)slots[394]))[j] = t1372;
    }
    return 0;
}

/* k970_mul: elementwise: mul */
static int rlx_k970(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1369 = ((const float *)(arena + 396480))[j * 1];
        const float t1373 = ((v1369) * (0.125f));
        ((float *)(arena + 396480))[j] = t1373;
    }
    return 0;
}

/* k972_transpose_matmul: matmul: transpose + matmul */
static int rlx_k972(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k973_transpose_matmul: matmul: transpose + matmul */
static int rlx_k973(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[393]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k974_concat: op: concat */
static int rlx_k974(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k976_where_softmax: rowwise: where + softmax */
static int rlx_k976(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1380 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1381 = ((v24) ? (v1380) : ((-INFINITY)));
                        r_x = t1381;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1380 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1381 = ((v24) ? (v1380) : ((-INFINITY)));
                    r_x = t1381;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1380 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1381 = ((v24) ? (v1380) : ((-INFINITY)));
                            r_x = t1381;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1380 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1381 = ((v24) ? (v1380) : ((-INFINITY)));
                        r_x = t1381;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k978_slice: op: slice */
static int rlx_k978(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k979_slice: op: slice */
static int rlx_k979(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k980_matmul: matmul: matmul */
static int rlx_k980(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[394]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k981_matmul_add: matmul: matmul + add */
static int rlx_k981(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1385(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k983_transpose: op: transpose */
static int rlx_k983(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k985_dequant_matmul: op: dequant_matmul */
static int rlx_k985(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[276]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k986_add: elementwise: add */
static int rlx_k986(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1350 = ((const float *)(arena + 960))[j * 1];
        const float v1393 = ((const float *)(arena + 403392))[j * 1];
        const float t1394 = ((v1350) + (v1393));
        ((float *)(arena + 960))[j] = t1394;
    }
    return 0;
}

/* k987_rms_norm: rowwise: rms_norm */
static int rlx_k987(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[278];
        slots[277] = rlx_caller_slots[277];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[277]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k988_dequant_matmul: op: dequant_matmul */
static int rlx_k988(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[278]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k989_dequant_matmul: op: dequant_matmul */
static int rlx_k989(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[279]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k990_silu_mul: elementwise: silu + mul */
static int rlx_k990(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1398 = ((const float *)(arena + 5568))[j * 1];
        const float v1401 = ((const float *)(arena + 11712))[j * 1];
        const float t1399 = rlx_siluf(v1398);
        const float t1402 = ((t1399) * (v1401));
        ((float *)(arena + 5568))[j] = t1402;
    }
    return 0;
}

/* k991_dequant_matmul: op: dequant_matmul */
static int rlx_k991(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[280]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k992_add: elementwise: add */
static int rlx_k992(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1394 = ((const float *)(arena + 960))[j * 1];
        const float v1404 = ((const float *)(arena + 3264))[j * 1];
        const float t1405 = ((v1394) + (v1404));
        ((float *)(arena + 960))[j] = t1405;
    }
    return 0;
}

/* k993_slice: op: slice */
static int rlx_k993(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[281])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k994_slice: op: slice */
static int rlx_k994(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[282])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k995_rms_norm: rowwise: rms_norm */
static int rlx_k995(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[284];
        slots[283] = rlx_caller_slots[283];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[283]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k996_dequant_matmul: op: dequant_matmul */
static int rlx_k996(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[284]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k998_transpose: op: transpose */
static int rlx_k998(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k999_dequant_matmul: op: dequant_matmul */
static int rlx_k999(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[285]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k1001_transpose: op: transpose */
static int rlx_k1001(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k1002_dequant_matmul: op: dequant_matmul */
static int rlx_k1002(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[286]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k1004_transpose: op: transpose */
static int rlx_k1004(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k1005_rope: op: rope */
static int rlx_k1005(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k1006_rope: op: rope */
static int rlx_k1006(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k1007_where: elementwise: where */
static int rlx_k1007(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1425 = ((const float *)(arena + 398784))[j * 1];
        const float t1426 = ((v25) ? (v1425) : (0.0f));
        ((float *)((uint8_t *)slots[395]))[j] = t1426;
    }
    return 0;
}

/* k1008_where: elementwise: where */
static int rlx_k1008(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1423 = ((const float *)(arena + 400320))[j * 1];
        const float t1427 = ((v25) ? (v1423) : (0.0f));
        ((float *)((uint8_t *)slots[396]))[j] = t1427;
    }
    return 0;
}

/* k1009_mul: elementwise: mul */
static int rlx_k1009(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1424 = ((const float *)(arena + 396480))[j * 1];
        const float t1428 = ((v1424) * (0.125f));
        ((float *)(arena + 396480))[j] = t1428;
    }
    return 0;
}

/* k1011_transpose_matmul: matmul: transpose + matmul */
static int rlx_k1011(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k1012_transpose_matmul: matmul: transpose + matmul */
static int rlx_k1012(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[395]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k1013_concat: op: concat */
static int rlx_k1013(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k1015_where_softmax: rowwise: where + softmax */
static int rlx_k1015(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1435 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1436 = ((v24) ? (v1435) : ((-INFINITY)));
                        r_x = t1436;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1435 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1436 = ((v24) ? (v1435) : ((-INFINITY)));
                    r_x = t1436;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1435 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1436 = ((v24) ? (v1435) : ((-INFINITY)));
                            r_x = t1436;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1435 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1436 = ((v24) ? (v1435) : ((-INFINITY)));
                        r_x = t1436;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k1017_slice: op: slice */
static int rlx_k1017(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k1018_slice: op: slice */
static int rlx_k1018(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k1019_matmul: matmul: matmul */
static int rlx_k1019(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[396]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k1020_matmul_add: matmul: matmul + add */
static int rlx_k1020(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1440(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k1022_transpose: op: transpose */
static int rlx_k1022(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k1024_dequant_matmul: op: dequant_matmul */
static int rlx_k1024(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[287]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1025_add: elementwise: add */
static int rlx_k1025(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1405 = ((const float *)(arena + 960))[j * 1];
        const float v1448 = ((const float *)(arena + 403392))[j * 1];
        const float t1449 = ((v1405) + (v1448));
        ((float *)(arena + 960))[j] = t1449;
    }
    return 0;
}

/* k1026_rms_norm: rowwise: rms_norm */
static int rlx_k1026(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[289];
        slots[288] = rlx_caller_slots[288];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[288]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k1027_dequant_matmul: op: dequant_matmul */
static int rlx_k1027(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[289]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k1028_dequant_matmul: op: dequant_matmul */
static int rlx_k1028(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[290]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k1029_silu_mul: elementwise: silu + mul */
static int rlx_k1029(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1453 = ((const float *)(arena + 5568))[j * 1];
        const float v1456 = ((const float *)(arena + 11712))[j * 1];
        const float t1454 = rlx_siluf(v1453);
        const float t1457 = ((t1454) * (v1456));
        ((float *)(arena + 5568))[j] = t1457;
    }
    return 0;
}

/* k1030_dequant_matmul: op: dequant_matmul */
static int rlx_k1030(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[291]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1031_add: elementwise: add */
static int rlx_k1031(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1449 = ((const float *)(arena + 960))[j * 1];
        const float v1459 = ((const float *)(arena + 3264))[j * 1];
        const float t1460 = ((v1449) + (v1459));
        ((float *)(arena + 960))[j] = t1460;
    }
    return 0;
}

/* k1032_slice: op: slice */
static int rlx_k1032(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[292])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k1033_slice: op: slice */
static int rlx_k1033(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[293])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k1034_rms_norm: rowwise: rms_norm */
static int rlx_k1034(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[295];
        slots[294] = rlx_caller_slots[294];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[294]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k1035_dequant_matmul: op: dequant_matmul */
static int rlx_k1035(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[295]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1037_transpose: op: transpose */
static int rlx_k1037(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k1038_dequant_matmul: op: dequant_matmul */
static int rlx_k1038(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[296]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k1040_transpose: op: transpose */
static int rlx_k1040(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k1041_dequant_matmul: op: dequant_matmul */
static int rlx_k1041(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[297]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k1043_transpose: op: transpose */
static int rlx_k1043(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k1044_rope: op: rope */
static int rlx_k1044(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k1045_rope: op: rope */
static int rlx_k1045(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k1046_where: elementwise: where */
static int rlx_k1046(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1480 = ((const float *)(arena + 398784))[j * 1];
        const float t1481 = ((v25) ? (v1480) : (0.0f));
        ((float *)((uint8_t *)slots[397]))[j] = t1481;
    }
    return 0;
}

/* k1047_where: elementwise: where */
static int rlx_k1047(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1478 = ((const float *)(arena + 400320))[j * 1];
        const float t1482 = ((v25) ? (v1478) : (0.0f));
        ((float *)((uint8_t *)slots[398]))[j] = t1482;
    }
    return 0;
}

/* k1048_mul: elementwise: mul */
static int rlx_k1048(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1479 = ((const float *)(arena + 396480))[j * 1];
        const float t1483 = ((v1479) * (0.125f));
        ((float *)(arena + 396480))[j] = t1483;
    }
    return 0;
}

/* k1050_transpose_matmul: matmul: transpose + matmul */
static int rlx_k1050(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k1051_transpose_matmul: matmul: transpose + matmul */
static int rlx_k1051(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[397]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k1052_concat: op: concat */
static int rlx_k1052(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k1054_where_softmax: rowwise: where + softmax */
static int rlx_k1054(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1490 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1491 = ((v24) ? (v1490) : ((-INFINITY)));
                        r_x = t1491;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1490 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1491 = ((v24) ? (v1490) : ((-INFINITY)));
                    r_x = t1491;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1490 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1491 = ((v24) ? (v1490) : ((-INFINITY)));
                            r_x = t1491;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1490 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1491 = ((v24) ? (v1490) : ((-INFINITY)));
                        r_x = t1491;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k1056_slice: op: slice */
static int rlx_k1056(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k1057_slice: op: slice */
static int rlx_k1057(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k1058_matmul: matmul: matmul */
static int rlx_k1058(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[398]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k1059_matmul_add: matmul: matmul + add */
static int rlx_k1059(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1495(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k1061_transpose: op: transpose */
static int rlx_k1061(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k1063_dequant_matmul: op: dequant_matmul */
static int rlx_k1063(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[298]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1064_add: elementwise: add */
static int rlx_k1064(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1460 = ((const float *)(arena + 960))[j * 1];
        const float v1503 = ((const float *)(arena + 403392))[j * 1];
        const float t1504 = ((v1460) + (v1503));
        ((float *)(arena + 960))[j] = t1504;
    }
    return 0;
}

/* k1065_rms_norm: rowwise: rms_norm */
static int rlx_k1065(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[300];
        slots[299] = rlx_caller_slots[299];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[299]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k1066_dequant_matmul: op: dequant_matmul */
static int rlx_k1066(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[300]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k1067_dequant_matmul: op: dequant_matmul */
static int rlx_k1067(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[301]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k1068_silu_mul: elementwise: silu + mul */
static int rlx_k1068(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1508 = ((const float *)(arena + 5568))[j * 1];
        const float v1511 = ((const float *)(arena + 11712))[j * 1];
        const float t1509 = rlx_siluf(v1508);
        const float t1512 = ((t1509) * (v1511));
        ((float *)(arena + 5568))[j] = t1512;
    }
    return 0;
}

/* k1069_dequant_matmul: op: dequant_matmul */
static int rlx_k1069(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[302]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1070_add: elementwise: add */
static int rlx_k1070(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1504 = ((const float *)(arena + 960))[j * 1];
        const float v1514 = ((const float *)(arena + 3264))[j * 1];
        const float t1515 = ((v1504) + (v1514));
        ((float *)(arena + 960))[j] = t1515;
    }
    return 0;
}

/* k1071_slice: op: slice */
static int rlx_k1071(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[303])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k1072_slice: op: slice */
static int rlx_k1072(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[304])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k1073_rms_norm: rowwise: rms_norm */
static int rlx_k1073(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[306];
        slots[305] = rlx_caller_slots[305];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[305]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k1074_dequant_matmul: op: dequant_matmul */
static int rlx_k1074(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[306]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1076_transpose: op: transpose */
static int rlx_k1076(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k1077_dequant_matmul: op: dequant_matmul */
static int rlx_k1077(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[307]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k1079_transpose: op: transpose */
static int rlx_k1079(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k1080_dequant_matmul: op: dequant_matmul */
static int rlx_k1080(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[308]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k1082_transpose: op: transpose */
static int rlx_k1082(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k1083_rope: op: rope */
static int rlx_k1083(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k1084_rope: op: rope */
static int rlx_k1084(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k1085_where: elementwise: where */
static int rlx_k1085(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1535 = ((const float *)(arena + 398784))[j * 1];
        const float t1536 = ((v25) ? (v1535) : (0.0f));
        ((float *)((uint8_t *)slots[399]))[j] = t1536;
    }
    return 0;
}

/* k1086_where: elementwise: where */
static int rlx_k1086(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1533 = ((const float *)(arena + 400320))[j * 1];
        const float t1537 = ((v25) ? (v1533) : (0.0f));
        ((float *)((uint8_t *)slots[400]))[j] = t1537;
    }
    return 0;
}

/* k1087_mul: elementwise: mul */
static int rlx_k1087(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1534 = ((const float *)(arena + 396480))[j * 1];
        const float t1538 = ((v1534) * (0.125f));
        ((float *)(arena + 396480))[j] = t1538;
    }
    return 0;
}

/* k1089_transpose_matmul: matmul: transpose + matmul */
static int rlx_k1089(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k1090_transpose_matmul: matmul: transpose + matmul */
static int rlx_k1090(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[399]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k1091_concat: op: concat */
static int rlx_k1091(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k1093_where_softmax: rowwise: where + softmax */
static int rlx_k1093(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1545 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1546 = ((v24) ? (v1545) : ((-INFINITY)));
                        r_x = t1546;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1545 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1546 = ((v24) ? (v1545) : ((-INFINITY)));
                    r_x = t1546;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1545 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1546 = ((v24) ? (v1545) : ((-INFINITY)));
                            r_x = t1546;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1545 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1546 = ((v24) ? (v1545) : ((-INFINITY)));
                        r_x = t1546;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k1095_slice: op: slice */
static int rlx_k1095(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k1096_slice: op: slice */
static int rlx_k1096(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k1097_matmul: matmul: matmul */
static int rlx_k1097(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[400]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k1098_matmul_add: matmul: matmul + add */
static int rlx_k1098(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1550(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k1100_transpose: op: transpose */
static int rlx_k1100(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k1102_dequant_matmul: op: dequant_matmul */
static int rlx_k1102(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[309]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1103_add: elementwise: add */
static int rlx_k1103(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1515 = ((const float *)(arena + 960))[j * 1];
        const float v1558 = ((const float *)(arena + 403392))[j * 1];
        const float t1559 = ((v1515) + (v1558));
        ((float *)(arena + 960))[j] = t1559;
    }
    return 0;
}

/* k1104_rms_norm: rowwise: rms_norm */
static int rlx_k1104(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[311];
        slots[310] = rlx_caller_slots[310];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[310]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k1105_dequant_matmul: op: dequant_matmul */
static int rlx_k1105(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[311]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k1106_dequant_matmul: op: dequant_matmul */
static int rlx_k1106(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[312]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k1107_silu_mul: elementwise: silu + mul */
static int rlx_k1107(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1563 = ((const float *)(arena + 5568))[j * 1];
        const float v1566 = ((const float *)(arena + 11712))[j * 1];
        const float t1564 = rlx_siluf(v1563);
        const float t1567 = ((t1564) * (v1566));
        ((float *)(arena + 5568))[j] = t1567;
    }
    return 0;
}

/* k1108_dequant_matmul: op: dequant_matmul */
static int rlx_k1108(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[313]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1109_add: elementwise: add */
static int rlx_k1109(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1559 = ((const float *)(arena + 960))[j * 1];
        const float v1569 = ((const float *)(arena + 3264))[j * 1];
        const float t1570 = ((v1559) + (v1569));
        ((float *)(arena + 960))[j] = t1570;
    }
    return 0;
}

/* k1110_slice: op: slice */
static int rlx_k1110(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[314])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k1111_slice: op: slice */
static int rlx_k1111(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[315])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k1112_rms_norm: rowwise: rms_norm */
static int rlx_k1112(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[317];
        slots[316] = rlx_caller_slots[316];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[316]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k1113_dequant_matmul: op: dequant_matmul */
static int rlx_k1113(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[317]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1115_transpose: op: transpose */
static int rlx_k1115(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k1116_dequant_matmul: op: dequant_matmul */
static int rlx_k1116(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[318]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k1118_transpose: op: transpose */
static int rlx_k1118(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k1119_dequant_matmul: op: dequant_matmul */
static int rlx_k1119(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[319]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k1121_transpose: op: transpose */
static int rlx_k1121(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k1122_rope: op: rope */
static int rlx_k1122(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k1123_rope: op: rope */
static int rlx_k1123(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k1124_where: elementwise: where */
static int rlx_k1124(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1590 = ((const float *)(arena + 398784))[j * 1];
        const float t1591 = ((v25) ? (v1590) : (0.0f));
        ((float *)((uint8_t *)slots[401]))[j] = t1591;
    }
    return 0;
}

/* k1125_where: elementwise: where */
static int rlx_k1125(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1588 = ((const float *)(arena + 400320))[j * 1];
        const float t1592 = ((v25) ? (v1588) : (0.0f));
        ((float *)((uint8_t *)slots[402]))[j] = t1592;
    }
    return 0;
}

/* k1126_mul: elementwise: mul */
static int rlx_k1126(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1589 = ((const float *)(arena + 396480))[j * 1];
        const float t1593 = ((v1589) * (0.125f));
        ((float *)(arena + 396480))[j] = t1593;
    }
    return 0;
}

/* k1128_transpose_matmul: matmul: transpose + matmul */
static int rlx_k1128(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k1129_transpose_matmul: matmul: transpose + matmul */
static int rlx_k1129(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[401]));
    float *pc = ((float *)(arena + 320));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k1130_concat: op: concat */
static int rlx_k1130(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 320));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k1132_where_softmax: rowwise: where + softmax */
static int rlx_k1132(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1600 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1601 = ((v24) ? (v1600) : ((-INFINITY)));
                        r_x = t1601;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1600 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1601 = ((v24) ? (v1600) : ((-INFINITY)));
                    r_x = t1601;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1600 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1601 = ((v24) ? (v1600) : ((-INFINITY)));
                            r_x = t1601;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1600 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1601 = ((v24) ? (v1600) : ((-INFINITY)));
                        r_x = t1601;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k1134_slice: op: slice */
static int rlx_k1134(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k1135_slice: op: slice */
static int rlx_k1135(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 320));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k1136_matmul: matmul: matmul */
static int rlx_k1136(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 320));
    const float *pb = ((const float *)((uint8_t *)slots[402]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k1137_matmul_add: matmul: matmul + add */
static int rlx_k1137(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1605(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k1139_transpose: op: transpose */
static int rlx_k1139(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k1141_dequant_matmul: op: dequant_matmul */
static int rlx_k1141(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[320]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1142_add: elementwise: add */
static int rlx_k1142(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1570 = ((const float *)(arena + 960))[j * 1];
        const float v1613 = ((const float *)(arena + 403392))[j * 1];
        const float t1614 = ((v1570) + (v1613));
        ((float *)(arena + 960))[j] = t1614;
    }
    return 0;
}

/* k1143_rms_norm: rowwise: rms_norm */
static int rlx_k1143(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[322];
        slots[321] = rlx_caller_slots[321];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[321]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k1144_dequant_matmul: op: dequant_matmul */
static int rlx_k1144(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[322]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k1145_dequant_matmul: op: dequant_matmul */
static int rlx_k1145(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[323]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k1146_silu_mul: elementwise: silu + mul */
static int rlx_k1146(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1618 = ((const float *)(arena + 5568))[j * 1];
        const float v1621 = ((const float *)(arena + 11712))[j * 1];
        const float t1619 = rlx_siluf(v1618);
        const float t1622 = ((t1619) * (v1621));
        ((float *)(arena + 5568))[j] = t1622;
    }
    return 0;
}

/* k1147_dequant_matmul: op: dequant_matmul */
static int rlx_k1147(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[324]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1148_add: elementwise: add */
static int rlx_k1148(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1614 = ((const float *)(arena + 960))[j * 1];
        const float v1624 = ((const float *)(arena + 3264))[j * 1];
        const float t1625 = ((v1614) + (v1624));
        ((float *)(arena + 960))[j] = t1625;
    }
    return 0;
}

/* k1149_slice: op: slice */
static int rlx_k1149(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[325])) + 0;
    float *dst = ((float *)(arena + 3264));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k1150_slice: op: slice */
static int rlx_k1150(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[326])) + 0;
    float *dst = ((float *)(arena + 199872));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 3; r++)
        memcpy(dst + r * 16384, src + r * 131072, 16384 * sizeof *dst);
    return 0;
}

/* k1151_rms_norm: rowwise: rms_norm */
static int rlx_k1151(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[328];
        slots[327] = rlx_caller_slots[327];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[327]))[i0];
            ((float *)(arena + 396480))[i0] = r_y;
        }
    }
    return 0;
}

/* k1152_dequant_matmul: op: dequant_matmul */
static int rlx_k1152(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[328]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1154_transpose: op: transpose */
static int rlx_k1154(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k1155_dequant_matmul: op: dequant_matmul */
static int rlx_k1155(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[329]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k1157_transpose: op: transpose */
static int rlx_k1157(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 399552));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k1158_dequant_matmul: op: dequant_matmul */
static int rlx_k1158(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 396480));
    float *restrict y = ((float *)(arena + 398784));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[330]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 48; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 192);
    }
    return 0;
}

/* k1160_transpose: op: transpose */
static int rlx_k1160(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 400320));
    memcpy(dst, src, 192 * sizeof *(dst));
    return 0;
}

/* k1161_rope: op: rope */
static int rlx_k1161(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 401088));
    float *y = ((float *)(arena + 396480));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 9; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k1162_rope: op: rope */
static int rlx_k1162(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *x = ((const float *)(arena + 399552));
    float *y = ((float *)(arena + 398784));
    const float *cs = ((const float *)((arena + 64) + 0));
    const float *sn = ((const float *)((arena + 192) + 0));
    for (int64_t r = 0; r < 3; r++) {
        const float *xr = x + r * 64;
        float *yr = y + r * 64;
        const int64_t t = 0;
        for (int64_t i = 0; i < 32; i++) {
            const double c = (double)cs[t + i * 1];
            const double s = (double)sn[t + i * 1];
            const double a = (double)xr[2 * i];
            const double b = (double)xr[2 * i + 1];
            yr[2 * i] = (float)(a * c - b * s);
            yr[2 * i + 1] = (float)(b * c + a * s);
        }
    }
    return 0;
}

/* k1163_where: elementwise: where */
static int rlx_k1163(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1645 = ((const float *)(arena + 398784))[j * 1];
        const float t1646 = ((v25) ? (v1645) : (0.0f));
        ((float *)((uint8_t *)slots[403]))[j] = t1646;
    }
    return 0;
}

/* k1164_where: elementwise: where */
static int rlx_k1164(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 192; j++) {
        const uint8_t v25 = ((const uint8_t *)((arena + 0) + 0))[0];
        const float v1643 = ((const float *)(arena + 400320))[j * 1];
        const float t1647 = ((v25) ? (v1643) : (0.0f));
        ((float *)((uint8_t *)slots[404]))[j] = t1647;
    }
    return 0;
}

/* k1165_mul: elementwise: mul */
static int rlx_k1165(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1644 = ((const float *)(arena + 396480))[j * 1];
        const float t1648 = ((v1644) * (0.125f));
        ((float *)(arena + 396480))[j] = t1648;
    }
    return 0;
}

/* k1167_transpose_matmul: matmul: transpose + matmul */
static int rlx_k1167(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)(arena + 3264));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 256};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 768;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 3, (int)(hi - lo), 64, 1, a, 64, b + lo * 64, 64, 0, c + lo, 256);
    }
    return 0;
}

/* k1168_transpose_matmul: matmul: transpose + matmul */
static int rlx_k1168(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((arena + 396480) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[403]));
    float *pc = ((float *)(arena + 0));
    static const int64_t split[2] = {0, 3};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 192;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 3;
        scipy_cblas_sgemv(CblasRowMajor, CblasNoTrans, (int)(hi - lo), 64, 1, a + lo * 64, 64, b, 1, 0, c + lo, 1);
    }
    return 0;
}

/* k1169_concat: op: concat */
static int rlx_k1169(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *dst = ((float *)(arena + 3264));
    const float *p0 = ((const float *)(arena + 398784));
    const float *p1 = ((const float *)(arena + 0));
    for (int64_t o = 0; o < 9; o++) {
        memcpy(dst + o * 257 + 0, p0 + o * 256, 256 * sizeof *dst);
        memcpy(dst + o * 257 + 256, p1 + o * 1, 1 * sizeof *dst);
    }
    return 0;
}

/* k1171_where_softmax: rowwise: where + softmax */
static int rlx_k1171(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 9;
    if (ctl[2] >= 0 && ctl[3] == 9) rows = ctl[2] < 9 ? ctl[2] : 9;
    for (int64_t p = 0; p < rows; p++) {
        const int64_t b1 = p * 257;
        const int64_t b3 = p * 257;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 257; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1655 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1656 = ((v24) ? (v1655) : ((-INFINITY)));
                        r_x = t1656;
                    }
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 257; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                {
                    const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                    const float v1655 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                    const float t1656 = ((v24) ? (v1655) : ((-INFINITY)));
                    r_x = t1656;
                }
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 257; blk += 128) {
                const int64_t blk_end = blk + 128 < 257 ? blk + 128 : 257;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                            const float v1655 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                            const float t1656 = ((v24) ? (v1655) : ((-INFINITY)));
                            r_x = t1656;
                        }
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)(arena + 396480))[b3 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const uint8_t v24 = ((const uint8_t *)((arena + 640) + 0))[i0];
                        const float v1655 = ((const float *)((arena + 3264) + 0))[b1 + i0];
                        const float t1656 = ((v24) ? (v1655) : ((-INFINITY)));
                        r_x = t1656;
                    }
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)(arena + 396480))[b3 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 257; i0++) {
            const float r_y = ((float *)(arena + 396480))[b3 + i0] * r_k;
            ((float *)(arena + 396480))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* k1173_slice: op: slice */
static int rlx_k1173(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 0;
    float *dst = ((float *)(arena + 3264));
    for (int64_t r = 0; r < 9; r++)
        memcpy(dst + r * 256, src + r * 257, 256 * sizeof *dst);
    return 0;
}

/* k1174_slice: op: slice */
static int rlx_k1174(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 396480) + 0)) + 256;
    float *dst = ((float *)(arena + 0));
    for (int64_t j = 0; j < 9; j++) dst[j] = src[j * 257];
    return 0;
}

/* k1175_matmul: matmul: matmul */
static int rlx_k1175(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 0));
    const float *pb = ((const float *)((uint8_t *)slots[404]));
    float *pc = ((float *)(arena + 396480));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 3;
        const float *b = pb + (bb % 3) * 64;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 1, 1, a, 1, b + lo * 1, 64, 0, c + lo, 64);
    }
    return 0;
}

/* k1176_matmul_add: matmul: matmul + add */
static int rlx_k1176(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)(arena + 3264));
    const float *pb = ((const float *)(arena + 199872));
    float *pc = ((float *)(arena + 398784));
    static const int64_t split[2] = {0, 64};
    for (int64_t task = 0; task < 3; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + (bb % 3) * 768;
        const float *b = pb + (bb % 3) * 16384;
        float *c = pc + bb * 192;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, (int)(hi - lo), 256, 1, a, 256, b + lo * 1, 64, 0, c + lo, 64);
        for (int64_t i = 0; i < 3; i++) {
            rlx_epi_n1660(slots, arena, bb * 192 + i * 64 + lo, bb * 192 + i * 64 + hi);
        }
    }
    return 0;
}

/* k1178_transpose: op: transpose */
static int rlx_k1178(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((arena + 398784) + 0)) + 0;
    float *dst = ((float *)(arena + 401088));
    memcpy(dst, src, 576 * sizeof *(dst));
    return 0;
}

/* k1180_dequant_matmul: op: dequant_matmul */
static int rlx_k1180(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)((arena + 401088) + 0));
    float *restrict y = ((float *)(arena + 403392));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[331]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1181_add: elementwise: add */
static int rlx_k1181(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1625 = ((const float *)(arena + 960))[j * 1];
        const float v1668 = ((const float *)(arena + 403392))[j * 1];
        const float t1669 = ((v1625) + (v1668));
        ((float *)(arena + 960))[j] = t1669;
    }
    return 0;
}

/* k1182_rms_norm: rowwise: rms_norm */
static int rlx_k1182(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[333];
        slots[332] = rlx_caller_slots[332];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 960))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 960))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 960))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[332]))[i0];
            ((float *)(arena + 3264))[i0] = r_y;
        }
    }
    return 0;
}

/* k1183_dequant_matmul: op: dequant_matmul */
static int rlx_k1183(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 5568));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[333]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k1184_dequant_matmul: op: dequant_matmul */
static int rlx_k1184(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 3264));
    float *restrict y = ((float *)(arena + 11712));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[334]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 384; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 360, 360, x + 0, 576, y + 0 + g * 4, 1536);
    }
    return 0;
}

/* k1185_silu_mul: elementwise: silu + mul */
static int rlx_k1185(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1536; j++) {
        const float v1673 = ((const float *)(arena + 5568))[j * 1];
        const float v1676 = ((const float *)(arena + 11712))[j * 1];
        const float t1674 = rlx_siluf(v1673);
        const float t1677 = ((t1674) * (v1676));
        ((float *)(arena + 5568))[j] = t1677;
    }
    return 0;
}

/* k1186_dequant_matmul: op: dequant_matmul */
static int rlx_k1186(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 5568));
    float *restrict y = ((float *)(arena + 3264));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[335]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 144; g++) {
        rlx_gv4x1_q4_1(q + g * 4 * 960, 960, x + 0, 1536, y + 0 + g * 4, 576);
    }
    return 0;
}

/* k1187_add: elementwise: add */
static int rlx_k1187(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 576; j++) {
        const float v1669 = ((const float *)(arena + 960))[j * 1];
        const float v1679 = ((const float *)(arena + 3264))[j * 1];
        const float t1680 = ((v1669) + (v1679));
        ((float *)(arena + 960))[j] = t1680;
    }
    return 0;
}

/* k1188_add: elementwise: add */
static int rlx_k1188(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v3 = ((const int64_t *)((uint8_t *)slots[338]))[0];
        const int64_t v2 = ((const int64_t *)((uint8_t *)slots[2]))[0];
        const int64_t t1681 = ((v3) + (v2));
        ((int64_t *)(arena + 0))[j] = t1681;
    }
    return 0;
}

/* k1190_gather: op: gather */
static int rlx_k1190(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const int64_t *idx = ((const int64_t *)(arena + 0));
    for (int64_t j = 0; j < 1; j++) {
        const int64_t v = (int64_t)idx[j];
        if (v < -1 || v >= 1) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%1683 = gather(%%1682, %%1681, axis=0) : f32[1,576]: gather: index %lld is out of range for axis 0 of size 1 (valid: -1..0)", (long long)v);
            return 1;
        }
    }
    const float *src = ((const float *)((arena + 960) + 0));
    float *dst = ((float *)(arena + 3264));
    for (int64_t t = 0; t < 1; t++) {
        int64_t v = (int64_t)idx[t % 1];
        if (v < 0) v += 1;
        const int64_t from = ((t / 1) * 1 + v) * 576;
        memcpy(dst + t * 576, src + from, 576 * sizeof *dst);
    }
    return 0;
}

/* k1191_rms_norm: rowwise: rms_norm */
static int rlx_k1191(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 1;
    if (ctl[2] >= 0 && ctl[3] == 1) rows = ctl[2] < 1 ? ctl[2] : 1;
    for (int64_t p = 0; p < rows; p++) {
        void *slots[337];
        slots[336] = rlx_caller_slots[336];
        double r_s = 0.0;
        float r_rstd;
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
                        r_x = ((const float *)(arena + 3264))[i0];
                        r_s_l[l] += r_x * r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 3264))[i0];
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
        {
            r_rstd = (float)(1.0 / sqrt(r_s / 576.0 + 9.999999747378752e-06));
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 576; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 3264))[i0];
            float r_y = r_x * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[336]))[i0];
            ((float *)(arena + 0))[i0] = r_y;
        }
    }
    return 0;
}

/* k1192_dequant_matmul: op: dequant_matmul */
static int rlx_k1192(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *restrict x = ((const float *)(arena + 0));
    float *restrict y = ((float *)((uint8_t *)slots[344]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[337]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t g = 0; g < 12288; g++) {
        rlx_gv4x1_q8_0(q + g * 4 * 612, 612, x + 0, 576, y + 0 + g * 4, 49152);
    }
    return 0;
}

RLX_PART_FN int rlx_part3(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    if ((rc = rlx_k900(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k901(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k902(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k903(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k905(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k907(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k908(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k909(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k910(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k911(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k912(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k913(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k914(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k915(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k916(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k917(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k918(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k920(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k921(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k923(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k924(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k926(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k927(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k928(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k929(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k930(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k931(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k933(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k934(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k935(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k937(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k939(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k940(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k941(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k942(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k944(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k946(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k947(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k948(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k949(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k950(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k951(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k952(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k953(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k954(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k955(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k956(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k957(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k959(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k960(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k962(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k963(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k965(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k966(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k967(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k968(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k969(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k970(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k972(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k973(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k974(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k976(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k978(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k979(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k980(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k981(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k983(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k985(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k986(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k987(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k988(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k989(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k990(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k991(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k992(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k993(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k994(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k995(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k996(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k998(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k999(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1001(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1002(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1004(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1005(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1006(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1007(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1008(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1009(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1011(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1012(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1013(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1015(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1017(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1018(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1019(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1020(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1022(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1024(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1025(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1026(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1027(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1028(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1029(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1030(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1031(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1032(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1033(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1034(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1035(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1037(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1038(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1040(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1041(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1043(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1044(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1045(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1046(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1047(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1048(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1050(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1051(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1052(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1054(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1056(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1057(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1058(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1059(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1061(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1063(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1064(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1065(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1066(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1067(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1068(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1069(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1070(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1071(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1072(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1073(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1074(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1076(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1077(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1079(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1080(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1082(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1083(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1084(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1085(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1086(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1087(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1089(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1090(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1091(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1093(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1095(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1096(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1097(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1098(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1100(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1102(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1103(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1104(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1105(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1106(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1107(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1108(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1109(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1110(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1111(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1112(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1113(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1115(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1116(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1118(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1119(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1121(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1122(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1123(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1124(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1125(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1126(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1128(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1129(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1130(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1132(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1134(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1135(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1136(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1137(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1139(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1141(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1142(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1143(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1144(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1145(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1146(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1147(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1148(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1149(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1150(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1151(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1152(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1154(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1155(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1157(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1158(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1160(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1161(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1162(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1163(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1164(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1165(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1167(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1168(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1169(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1171(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1173(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1174(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1175(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1176(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1178(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1180(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1181(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1182(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1183(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1184(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1185(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1186(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1187(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1188(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1190(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1191(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1192(slots, arena, ctl)) != 0) return rc;
    return 0;
}
#endif

#if !defined(RLX_PART) || RLX_PART == 0
int64_t rlx_keep_bytes(void) { return 0; }

int rlx_run(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)arena; (void)ctl; (void)rc;
    if ((rc = rlx_part0(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_part1(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_part2(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_part3(slots, arena, ctl)) != 0) return rc;
    return 0;
}

void rlx_set_threads(int n) {
#ifdef _OPENMP
    omp_set_num_threads(n);
#endif
    scipy_openblas_set_num_threads(1);
}
#endif
