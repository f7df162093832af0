/* codegen_replay: main program of graph 'op_dequant_gather' */
/* rlx: generated from graph 'op_dequant_gather', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */



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



/* elements c0 .. c0+len-1 of an int8 row as floats (the row scale comes later) */
static inline void rlx_dq_int8(const uint8_t *restrict q, const float *restrict sc,
                               int64_t c0, int64_t len, float *restrict out) {
    const int8_t *c = (const int8_t *)q + c0;
    (void)sc;
    #pragma omp simd
    for (int64_t i = 0; i < len; i++) out[i] = (float)c[i];
}


#include <stdio.h>


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



/* q4_k super-blocks of 256: fp16 d, fp16 dmin, 12 bytes of 6-bit scales and
   mins, 128 bytes of nibbles (32-byte chunk c: sub-block 2c low nibbles, 2c + 1 high);
   x = (d * scale) * q - dmin * min per sub-block (group) g of 32 */
RLX_INLINE void rlx_g_grp_q4_k(const uint8_t *restrict b, int g, rlx_vf *restrict w) {
    float s, mn;
    rlx_g_k_scale(b + 4, g, &s, &mn);
    const rlx_vf st = rlx_v_set1(rlx_g_half(b) * s), of = rlx_v_set1(-(rlx_g_half(b + 2) * mn));
    const uint8_t *p = b + 16 + 32 * (g >> 1);
    (void)g;
    #pragma GCC unroll 8
    for (int c = 0; c < RLX_G_NC; c++) {
        const int i = c * RLX_VW;
        w[c] = rlx_v_fma(rlx_g_f(g & 1 ? rlx_q_u8(p + i) >> 4 : rlx_q_u8(p + i) & 15), st, of);
    }
}



/* q4_k: elements c0 .. c0 + len - 1 (whole blocks) of the row at q as floats */
static __attribute__((noinline)) void rlx_dq_q4_k(
        const uint8_t *restrict q, const void *sc, int64_t c0, int64_t len,
        float *restrict out) {
    const uint8_t *b = q + (c0 / 256) * 144;
    (void)sc;
    for (int64_t e = 0; e < len; e += 256, b += 144)
        for (int g = 0; g < 8; g++) {
            rlx_vf w[RLX_G_NC];
            rlx_g_grp_q4_k(b, g, w);
            #pragma GCC unroll 8
            for (int c = 0; c < RLX_G_NC; c++) rlx_v_store(out + e + 32 * g + c * RLX_VW, w[c]);
        }
}


RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_dequant_gather: op: dequant_gather */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *restrict y = ((float *)((uint8_t *)slots[5]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[1]));
    const float *restrict sc = ((const float *)((uint8_t *)slots[2]));
    const int64_t *ix = ((const int64_t *)((uint8_t *)slots[0]));
    for (int64_t r = 0; r < 6; r++) {
        if (ix[r] < -100 || ix[r] >= 100) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%3 = dequant_gather(%%0, %%1, %%2, block=256, k=256, n=100, scheme='int8') : f32[2,3,256]: dequant_gather: index %lld is out of range for a table of 100 rows (valid: -100..99)", (long long)ix[r]);
            return 1;
        }
    }
    for (int64_t r = 0; r < 6; r++) {
        float buf[256] __attribute__((aligned(64)));
        const int64_t row = ix[r] < 0 ? (int64_t)ix[r] + 100 : (int64_t)ix[r];
        const uint8_t *qr = q + row * 256;
        const float rs = sc[row];
        for (int64_t c0 = 0; c0 < 256; c0 += 256) {
            const int64_t len = 256 - c0 < 256 ? 256 - c0 : 256;
            rlx_dq_int8(qr, sc + row, c0, len, buf);
            for (int64_t c = 0; c < len; c++) y[r * 256 + c0 + c] = buf[c] * rs;
        }
    }
    return 0;
}

/* k1_dequant_gather: op: dequant_gather */
static int rlx_k1(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *restrict y = ((float *)((uint8_t *)slots[6]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[3]));
    const int64_t *ix = ((const int64_t *)((uint8_t *)slots[0]));
    for (int64_t r = 0; r < 6; r++) {
        if (ix[r] < -100 || ix[r] >= 100) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%5 = dequant_gather(%%0, %%4, block=32, k=256, n=100, scheme='q8_0') : f32[2,3,256]: dequant_gather: index %lld is out of range for a table of 100 rows (valid: -100..99)", (long long)ix[r]);
            return 1;
        }
    }
    for (int64_t r = 0; r < 6; r++) {
        float buf[256] __attribute__((aligned(64)));
        const int64_t row = ix[r] < 0 ? (int64_t)ix[r] + 100 : (int64_t)ix[r];
        const uint8_t *qr = q + row * 272;
        const float rs = 1.0f;
        for (int64_t c0 = 0; c0 < 256; c0 += 256) {
            const int64_t len = 256 - c0 < 256 ? 256 - c0 : 256;
            rlx_dq_q8_0(qr, NULL, c0, len, buf);
            for (int64_t c = 0; c < len; c++) y[r * 256 + c0 + c] = buf[c] * rs;
        }
    }
    return 0;
}

/* k2_dequant_gather: op: dequant_gather */
static int rlx_k2(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *restrict y = ((float *)((uint8_t *)slots[7]));
    const uint8_t *restrict q = ((const uint8_t *)((uint8_t *)slots[4]));
    const int64_t *ix = ((const int64_t *)((uint8_t *)slots[0]));
    for (int64_t r = 0; r < 6; r++) {
        if (ix[r] < -100 || ix[r] >= 100) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%7 = dequant_gather(%%0, %%6, block=256, k=256, n=100, scheme='q4_k') : f32[2,3,256]: dequant_gather: index %lld is out of range for a table of 100 rows (valid: -100..99)", (long long)ix[r]);
            return 1;
        }
    }
    for (int64_t r = 0; r < 6; r++) {
        float buf[256] __attribute__((aligned(64)));
        const int64_t row = ix[r] < 0 ? (int64_t)ix[r] + 100 : (int64_t)ix[r];
        const uint8_t *qr = q + row * 144;
        const float rs = 1.0f;
        for (int64_t c0 = 0; c0 < 256; c0 += 256) {
            const int64_t len = 256 - c0 < 256 ? 256 - c0 : 256;
            rlx_dq_q4_k(qr, NULL, c0, len, buf);
            for (int64_t c = 0; c < len; c++) y[r * 256 + c0 + c] = buf[c] * rs;
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
