/* dequant_matmul with x_int8 (rlx.ir.gguf_blocks.quantize_x_int8): GGML codes times x
   rounded to int8, multiplied in integers, exactly. The 32-element formats put 8 groups
   side by side, group l's products summed in int32 lane l (rlx_i_transpose8); the
   k-quants sum a group's products in 8 int32 lanes (lane l: elements 4l .. 4l + 3).
   The float part runs on 8 float lanes (rlx_f8v) whatever RLX_VW is, so that every FMA
   tier rounds the same way. */
/* rows of W the kernel streams side by side against one row of x (a decode step):
   one on AVX2 and on AMD's cores, where a single sequential stream per thread keeps the
   hardware prefetcher ahead (whole decode steps from memory against 4 rows side by
   side: on a 2-core AVX2 EPYC, SmolLM2 6% and Gemma 3 30% more tokens/s; on a 2-core
   Zen 4 EPYC at the avx512 tier, one thread, SmolLM2 10.4-14.7 -> 8.9-10.4 ms and
   Gemma 3 33-37 -> 16-25 ms a step); RLX_G_RP on Intel's AVX-512, where it was tuned.
   The compiler names AMD's cores by the -march=native of the avx512 tier (gcc 12 takes
   a Zen 4 for a znver3 with AVX-512). A row's sums are added in the same order whatever
   this is. */
#if (RLX_VW == 8 && defined(__AVX2__)) || defined(__znver1__) || defined(__znver2__) || \
    defined(__znver3__) || defined(__znver4__) || defined(__znver5__)
#define RLX_I_RP1 1
#else
#define RLX_I_RP1 RLX_G_RP
#endif
/* the same for formats whose decoding, not memory, bounds a decode step (q5_0, q5_1:
   the fifth bits cost 6 vector instructions a block): two rows side by side on AVX2
   share each group's loads of x (q5_0, 2048 x 640 streamed from memory on the 2-core
   AVX2 EPYC: 14.4-16.1 -> 16.4-17.7 GB/s of blocks; four rows gave no more) */
#if RLX_VW == 8 && defined(__AVX2__)
#define RLX_I_RP1_DECODE_BOUND 2
#else
#define RLX_I_RP1_DECODE_BOUND RLX_G_RP
#endif
/* the portable tier (no AVX2, no NEON) compiles one body per format and rows of W, the
   wide kernel's for any k and count of rows of x (rlx_iw<rows>_<format>_any), and every
   other kernel of the format calls it: the same bits (the wide kernel's operations on
   each sum are the register kernels'). Its 32-byte vectors are pairs of SSE2 registers
   there, which made each of a program's 10-20 specialised copies cost GCC 0.3-0.7 s
   (with the vector dot product below, a program of the tier test: 7-16 s -> 0.6-2 s). */
#if !defined(__AVX2__) && !defined(__ARM_NEON) && !defined(__aarch64__)
#define RLX_I_ONE_BODY 1
#if defined(__clang__)
#define RLX_I_ONE_COPY __attribute__((noinline))
#else
#define RLX_I_ONE_COPY __attribute__((noinline, noclone))
#endif
#else
#define RLX_I_ONE_BODY 0
#endif
typedef int8_t rlx_i8v __attribute__((vector_size(32)));
typedef uint8_t rlx_u8v __attribute__((vector_size(32)));
typedef uint8_t rlx_u8h __attribute__((vector_size(16)));
typedef uint8_t rlx_u8q __attribute__((vector_size(4)));
typedef int32_t rlx_i32v8 __attribute__((vector_size(32)));
typedef int16_t rlx_i16v8 __attribute__((vector_size(16)));
typedef float rlx_f8v __attribute__((vector_size(32)));

RLX_INLINE rlx_u8v rlx_i_load32(const void *p) {
    rlx_u8v v;
    memcpy(&v, p, 32);
    return v;
}
/* 32 codes from the 16 bytes at p: element e < 16 is the low nibble of byte e, element
   e >= 16 the high nibble of byte e - 16 */
RLX_INLINE rlx_u8v rlx_i_nibbles(const uint8_t *p) {
#if defined(__AVX2__)
    /* the 16 bytes in both halves, the upper half's 32-bit lanes shifted right by 4
       (one load, one shift, one mask: the nibbles do not cross the lanes' bytes once
       masked) */
    const __m256i both = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p));
    const __m256i high = _mm256_srlv_epi32(both, _mm256_set_epi32(4, 4, 4, 4, 0, 0, 0, 0));
    return (rlx_u8v)_mm256_and_si256(high, _mm256_set1_epi8(15));
#else
    rlx_u8h b;
    memcpy(&b, p, 16);
    return __builtin_shufflevector(b & 15, b >> 4, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                   12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
                                   26, 27, 28, 29, 30, 31);
#endif
}
/* 16 in element e where bit e of the 32-bit little-endian word at p is set, else 0 */
RLX_INLINE rlx_u8v rlx_i_bit4(const uint8_t *p) {
#if defined(__AVX2__)
    /* byte e takes byte e / 8 of the word; with every bit but bit e % 8 set on top, it
       is all ones exactly when that bit was set */
    int32_t w;
    memcpy(&w, p, 4);
    const __m256i spread = _mm256_shuffle_epi8(
        _mm256_set1_epi32(w), _mm256_set_epi64x(0x0303030303030303LL, 0x0202020202020202LL,
                                                0x0101010101010101LL, 0));
    const __m256i others = _mm256_set1_epi64x((long long)0x7fbfdfeff7fbfdfeULL);
    const __m256i set = _mm256_cmpeq_epi8(_mm256_or_si256(spread, others),
                                          _mm256_set1_epi8(-1));
    return (rlx_u8v)_mm256_and_si256(set, _mm256_set1_epi8(16));
#else
    rlx_u8q h;
    memcpy(&h, p, 4);
    const rlx_u8v spread = __builtin_shufflevector(h, h, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1,
                                                   1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3,
                                                   3, 3, 3, 3, 3, 3);
    const rlx_u8v bit = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128,
                         1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    return (rlx_u8v)((spread & bit) != 0) & 16;
#endif
}
/* the 5-bit codes of q5_0 / q5_1: the nibbles at p topped by the bits of the word at h */
RLX_INLINE rlx_u8v rlx_i_nibbles5(const uint8_t *p, const uint8_t *h) {
#if defined(__AVX512BW__) && defined(__AVX512VL__)
    /* 16 added to the nibbles in the bytes the word's bits pick: one masked add */
    uint32_t w;
    memcpy(&w, h, 4);
    const __m256i low = (__m256i)rlx_i_nibbles(p);
    return (rlx_u8v)_mm256_mask_add_epi8(low, (__mmask32)w, low, _mm256_set1_epi8(16));
#else
    return rlx_i_nibbles(p) | rlx_i_bit4(h);
#endif
}
/* the bytes of v shifted right by s (0 .. 7), as 16-bit lanes (x86 has no byte
   shift), then masked by m */
RLX_INLINE rlx_u8v rlx_i_shr(rlx_u8v v, int s, uint8_t m) {
    typedef uint16_t u16v __attribute__((vector_size(32)));
    return (rlx_u8v)((u16v)v >> s) & m;
}
/* the bytes of v (each below 2^(8 - s)) shifted left by s */
RLX_INLINE rlx_u8v rlx_i_shl(rlx_u8v v, int s) {
    typedef uint16_t u16v __attribute__((vector_size(32)));
    return (rlx_u8v)((u16v)v << s);
}
/* RLX_I_VNNI: the u8 x s8 products of 4 bytes summed into an int32 lane by one
   instruction (vpdpbusd), on 256-bit vectors: AVX512-VNNI with AVX512-VL (the avx512
   tier), or AVX-VNNI (the avx2 tier where the host has it: Intel's cores from Alder
   Lake and Sapphire Rapids on, AMD's from Zen 5). Without it AVX2 multiplies into
   int16 pairs (vpmaddubsw) and widens them (vpmaddwd). */
#if defined(__AVX2__) && ((defined(__AVX512VNNI__) && defined(__AVX512VL__)) || \
                          defined(__AVXVNNI__))
#define RLX_I_VNNI 1
/* acc + the products of u (unsigned) and s (signed), 4 a lane */
RLX_INLINE __m256i rlx_i_dpbusd(__m256i acc, __m256i u, __m256i s) {
#if defined(__AVX512VNNI__) && defined(__AVX512VL__)
    return _mm256_dpbusd_epi32(acc, u, s);
#else
    return _mm256_dpbusd_avx_epi32(acc, u, s);
#endif
}
#else
#define RLX_I_VNNI 0
#endif
#if defined(__AVX2__)
/* c and x as x86's u8 x s8 products take them: |c| first and, when c is signed (sgn),
   its signs moved onto x */
RLX_INLINE void rlx_i_x86_operands(rlx_i8v c, rlx_i8v x, const int sgn, __m256i *u,
                                   __m256i *s) {
    *u = (__m256i)c;
    *s = (__m256i)x;
    if (sgn) {
        *s = _mm256_sign_epi8(*s, *u);
        *u = _mm256_abs_epi8(*u);
    }
}
/* int32 lane l: the sums of the two int16 pairs of lane l's products (u8 x s8 pairs: at
   most 2 * 128 * 127, inside int16), each times its int16 lane of scale */
RLX_INLINE rlx_i32v8 rlx_i_x86_scaled(rlx_i8v c, rlx_i8v x, const int sgn, __m256i scale) {
    __m256i u, s;
    rlx_i_x86_operands(c, x, sgn, &u, &s);
    return (rlx_i32v8)_mm256_madd_epi16(_mm256_maddubs_epi16(u, s), scale);
}
#endif
/* lane l: the sum of c[e] * x[e] over e = 4l .. 4l + 3; c is signed when sgn, else
   0 .. 127 (0 .. 255 with RLX_I_VNNI, whose products sum in int32: rlx_i_q8_codes) */
RLX_INLINE rlx_i32v8 rlx_i_dot(rlx_i8v c, rlx_i8v x, const int sgn) {
#if RLX_I_VNNI
    __m256i u, s;
    rlx_i_x86_operands(c, x, sgn, &u, &s);
    return (rlx_i32v8)rlx_i_dpbusd(_mm256_setzero_si256(), u, s);
#elif defined(__AVX2__)
    return rlx_i_x86_scaled(c, x, sgn, _mm256_set1_epi16(1));
#elif defined(__ARM_NEON) || defined(__aarch64__)
    (void)sgn;
    int8x16_t c0, c1, x0, x1;
    memcpy(&c0, &c, 16);
    memcpy(&c1, (const int8_t *)&c + 16, 16);
    memcpy(&x0, &x, 16);
    memcpy(&x1, (const int8_t *)&x + 16, 16);
#if defined(__ARM_FEATURE_DOTPROD)
    const int32x4_t s0 = vdotq_s32(vdupq_n_s32(0), c0, x0), s1 = vdotq_s32(vdupq_n_s32(0), c1, x1);
#else
    const int32x4_t s0 = vpaddq_s32(vpaddlq_s16(vmull_s8(vget_low_s8(c0), vget_low_s8(x0))),
                                    vpaddlq_s16(vmull_s8(vget_high_s8(c0), vget_high_s8(x0))));
    const int32x4_t s1 = vpaddq_s32(vpaddlq_s16(vmull_s8(vget_low_s8(c1), vget_low_s8(x1))),
                                    vpaddlq_s16(vmull_s8(vget_high_s8(c1), vget_high_s8(x1))));
#endif
    rlx_i32v8 r;
    memcpy(&r, &s0, 16);
    memcpy((int32_t *)&r + 4, &s1, 16);
    return r;
#else
    /* whole-vector operations: the products as int16 (|c x| <= 128 * 128), each pair's
       sum as int32, then each lane's two pairs. Taking the elements one at a time made
       GCC spend seconds per kernel on the element moves, for slower code. */
    (void)sgn;
    typedef int16_t i16x32 __attribute__((vector_size(64)));
    typedef int16_t i16x16 __attribute__((vector_size(32)));
    typedef int32_t i32x16 __attribute__((vector_size(64)));
    const i16x32 p = __builtin_convertvector(c, i16x32) * __builtin_convertvector(x, i16x32);
    const i16x16 even = __builtin_shufflevector(p, p, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20,
                                                22, 24, 26, 28, 30);
    const i16x16 odd = __builtin_shufflevector(p, p, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21,
                                               23, 25, 27, 29, 31);
    const i32x16 pairs = __builtin_convertvector(even, i32x16) + __builtin_convertvector(odd, i32x16);
    return __builtin_shufflevector(pairs, pairs, 0, 2, 4, 6, 8, 10, 12, 14)
           + __builtin_shufflevector(pairs, pairs, 1, 3, 5, 7, 9, 11, 13, 15);
#endif
}
/* lane l: the sum of rlx_i_dot's lane l times int16 lane i0 of s (lanes 0-3) or i1
   (lanes 4-7): the k-quants' sub-block scales (i0, i1 constants once the loop over
   sub-blocks is unrolled). On x86 the scales multiply the pairs' sums in the
   instruction that adds them, picked out of s by one byte shuffle. */
RLX_INLINE rlx_i32v8 rlx_i_dot_v(rlx_i8v c, rlx_i8v x, const int sgn, rlx_i16v8 s, const int i0,
                                 const int i1) {
#if defined(__AVX2__)
    const char a0 = (char)(2 * i0), a1 = (char)(2 * i0 + 1), b0 = (char)(2 * i1),
               b1 = (char)(2 * i1 + 1);
    const __m256i pick = _mm256_setr_epi8(a0, a1, a0, a1, a0, a1, a0, a1, a0, a1, a0, a1,
                                          a0, a1, a0, a1, b0, b1, b0, b1, b0, b1, b0, b1,
                                          b0, b1, b0, b1, b0, b1, b0, b1);
    return rlx_i_x86_scaled(c, x, sgn, _mm256_shuffle_epi8(
        _mm256_broadcastsi128_si256((__m128i)s), pick));
#else
    const int32_t s0 = s[i0], s1 = s[i1];
    return rlx_i_dot(c, x, sgn) * (rlx_i32v8){s0, s0, s0, s0, s1, s1, s1, s1};
#endif
}
/* the 6-bit scales and mins of a q4_k / q5_k super-block's 8 sub-blocks from the 12
   bytes at p (as rlx_g_k_scale): scales as int16 lanes, mins as int32 lanes */
RLX_INLINE void rlx_i_k_scales(const uint8_t *p, rlx_i16v8 *sc, rlx_i32v8 *mn) {
    /* four sub-blocks per 32-bit word (little-endian, as every tier is): sub-blocks 0-3
       the low 6 bits of bytes 0-3 / 4-7; 4-7 a nibble of bytes 8-11 topped by bits 6-7
       of bytes 0-3 / 4-7, moved to bits 4-5 by one shift of the word */
#if defined(__AVX2__)
    /* the same words in the 4 lanes of one vector: lanes (u0, u2, u1, u2 >> 4) masked,
       or-ed with lanes (u0, u0, u1, u1) >> 2 masked (the 12 bytes are followed by more
       of the block, so 16 may be read) */
    const __m128i u = _mm_loadu_si128((const __m128i *)p);
    const __m128i low = _mm_and_si128(
        _mm_srlv_epi32(_mm_shuffle_epi32(u, _MM_SHUFFLE(2, 1, 2, 0)), _mm_setr_epi32(0, 0, 0, 4)),
        _mm_setr_epi32(0x3f3f3f3f, 0x0f0f0f0f, 0x3f3f3f3f, 0x0f0f0f0f));
    const __m128i high = _mm_and_si128(
        _mm_srli_epi32(_mm_shuffle_epi32(u, _MM_SHUFFLE(1, 1, 0, 0)), 2),
        _mm_setr_epi32(0, 0x30303030, 0, 0x30303030));
    const __m128i w = _mm_or_si128(low, high);
    *sc = (rlx_i16v8)_mm_cvtepu8_epi16(w);
    *mn = (rlx_i32v8)_mm256_cvtepu8_epi32(_mm_srli_si128(w, 8));
#else
    typedef uint8_t u8v8 __attribute__((vector_size(8)));
    uint32_t u[3];
    memcpy(u, p, 12);
    const uint32_t words[4] = {
        u[0] & 0x3f3f3f3fu, (u[2] & 0x0f0f0f0fu) | ((u[0] >> 2) & 0x30303030u),
        u[1] & 0x3f3f3f3fu, ((u[2] >> 4) & 0x0f0f0f0fu) | ((u[1] >> 2) & 0x30303030u)};
    u8v8 s, m;
    memcpy(&s, words, 8);
    memcpy(&m, words + 2, 8);
    *sc = __builtin_convertvector(s, rlx_i16v8);
    *mn = __builtin_convertvector(m, rlx_i32v8);
#endif
}
/* 16 int16 lanes (q6_k's 16 sub-block scales; x's code sums per 16 elements) */
typedef int16_t rlx_i16v16 __attribute__((vector_size(32)));
/* int32 lane l: a[2l] b[2l] + a[2l + 1] b[2l + 1] (exact: products of an int8 scale and
   a sum of 16 codes, |a b| < 2^18) */
RLX_INLINE rlx_i32v8 rlx_i_madd16(rlx_i16v16 a, rlx_i16v16 b) {
#if defined(__AVX2__)
    return (rlx_i32v8)_mm256_madd_epi16((__m256i)a, (__m256i)b);
#else
    const rlx_i32v8 lo = __builtin_convertvector(
        __builtin_shufflevector(a, a, 0, 2, 4, 6, 8, 10, 12, 14), rlx_i32v8);
    const rlx_i32v8 hi = __builtin_convertvector(
        __builtin_shufflevector(a, a, 1, 3, 5, 7, 9, 11, 13, 15), rlx_i32v8);
    const rlx_i32v8 blo = __builtin_convertvector(
        __builtin_shufflevector(b, b, 0, 2, 4, 6, 8, 10, 12, 14), rlx_i32v8);
    const rlx_i32v8 bhi = __builtin_convertvector(
        __builtin_shufflevector(b, b, 1, 3, 5, 7, 9, 11, 13, 15), rlx_i32v8);
    return lo * blo + hi * bhi;
#endif
}
/* the 16 int8 at p as int16 lanes (q6_k's sub-block scales, in order; its halves,
   rlx_i_half16, are rlx_i_dot_v's scale vectors) */
RLX_INLINE rlx_i16v16 rlx_i_s8_16x16(const uint8_t *p) {
    typedef int8_t i8v16 __attribute__((vector_size(16)));
    i8v16 v;
    memcpy(&v, p, 16);
    return __builtin_convertvector(v, rlx_i16v16);
}
/* lanes 8 h .. 8 h + 7 of v (h 0 or 1) */
RLX_INLINE rlx_i16v8 rlx_i_half16(rlx_i16v16 v, const int h) {
    return h ? __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15)
             : __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7);
}
/* q6_k's x side: the sums of each 16 of a row's k codes q as int16, written over the
   row's per-32 sums si (k / 16 int16 fill the k / 32 int32 exactly; q6_k has no mins
   to read them), in order: sub-block s of super-block b at (int16_t *)si + 16 b + s */
static void rlx_i_code_sums16(const int8_t *restrict q, int64_t k, int32_t *restrict si) {
    for (int64_t i = 0; i < k / 16; i++) {
        int16_t sum = 0;
        for (int e = 0; e < 16; e++) sum = (int16_t)(sum + q[16 * i + e]);
        memcpy((int16_t *)(void *)si + i, &sum, 2);
    }
}
/* the 8 32-bit values at p in lanes 0 .. n - 1, zeros above (n <= 8; nothing past
   p + n is read: a masked load, not lanes stored one by one and loaded back, which
   stalls the load); float values are taken as their bits */
RLX_INLINE rlx_i32v8 rlx_i_lanes(const void *p, const int n) {
    rlx_i32v8 v = {0};
    if (n == 8)
        memcpy(&v, p, 32);
    else
#if defined(__AVX2__)
        v = (rlx_i32v8)_mm256_maskload_epi32(
            (const int *)p, _mm256_cmpgt_epi32(_mm256_set1_epi32(n),
                                               _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
#else
        memcpy(&v, p, 4 * (size_t)n);
#endif
    return v;
}
/* acc plus rlx_i_dot(c, x, sgn) (one instruction with RLX_I_VNNI) */
RLX_INLINE rlx_i32v8 rlx_i_dot_add(rlx_i32v8 acc, rlx_i8v c, rlx_i8v x, const int sgn) {
#if RLX_I_VNNI
    __m256i u, s;
    rlx_i_x86_operands(c, x, sgn, &u, &s);
    return (rlx_i32v8)rlx_i_dpbusd((__m256i)acc, u, s);
#else
    return acc + rlx_i_dot(c, x, sgn);
#endif
}
/* lane l: the sum over i of rlx_i_dot(t[i], x_i, sgn)'s lane l, x_i the 32 bytes at
   x + 32 i (8 groups' products when t and x hold them as rlx_i_transpose8 lays them
   out); unsigned codes (sgn 0) are below 32, but where one instruction makes the
   products (RLX_I_VNNI: rlx_i_q8_codes) */
RLX_INLINE rlx_i32v8 rlx_i_dot8(const rlx_i8v *t, const int8_t *x, const int sgn) {
#if defined(__AVX2__) && !RLX_I_VNNI
    if (!sgn) {
        /* u8 x s8 pairs of codes below 32 sum to at most 2 * 31 * 127 in int16, so four
           such sums still fit: int16 adds of four products, one widening multiply-add
           per four instead of one per product */
        __m256i h[2];
        for (int p = 0; p < 2; p++) {
            __m256i v = _mm256_setzero_si256();
            for (int i = 4 * p; i < 4 * p + 4; i++) {
                __m256i xi;
                memcpy(&xi, x + 32 * i, 32);
                v = _mm256_add_epi16(v, _mm256_maddubs_epi16((__m256i)t[i], xi));
            }
            h[p] = _mm256_madd_epi16(v, _mm256_set1_epi16(1));
        }
        return (rlx_i32v8)_mm256_add_epi32(h[0], h[1]);
    }
#endif
    rlx_i32v8 s0 = {0}, s1 = {0};
    for (int i = 0; i < 8; i += 2) {
        rlx_i8v x0, x1;
        memcpy(&x0, x + 32 * i, 32);
        memcpy(&x1, x + 32 * i + 32, 32);
        s0 = rlx_i_dot_add(s0, t[i], x0, sgn);
        s1 = rlx_i_dot_add(s1, t[i + 1], x1, sgn);
    }
    return s0 + s1;
}
/* rows of W the wide kernels dot with each piece of x they load: two where the
   integer product is one instruction (AVX512-VNNI) and 32 vector registers hold both
   rows' codes; elsewhere one (AVX-VNNI's 16 registers do not hold them) */
#if defined(__AVX2__) && defined(__AVX512VNNI__) && defined(__AVX512VL__)
#define RLX_I_WIDE_PAIR 2
#else
#define RLX_I_WIDE_PAIR 1
#endif
/* s[p] = rlx_i_dot8(t + 8 p, x, sgn) for p < rows (1 or 2), each 32 bytes of x loaded
   once for both rows; integer sums, exact in any order */
RLX_INLINE void rlx_i_dot8_rows(const rlx_i8v *t, const int rows, const int8_t *x,
                                const int sgn, rlx_i32v8 *s) {
    if (rows == 1) {
        s[0] = rlx_i_dot8(t, x, sgn);
        return;
    }
    rlx_i32v8 a0 = {0}, a1 = {0}, b0 = {0}, b1 = {0};
    for (int i = 0; i < 8; i += 2) {
        rlx_i8v x0, x1;
        memcpy(&x0, x + 32 * i, 32);
        memcpy(&x1, x + 32 * i + 32, 32);
#if defined(__AVX2__)
        /* in registers: the compiler would fold each load into both products */
        __asm__("" : "+v"(x0), "+v"(x1));
#endif
        a0 = rlx_i_dot_add(a0, t[i], x0, sgn);
        a1 = rlx_i_dot_add(a1, t[i + 1], x1, sgn);
        b0 = rlx_i_dot_add(b0, t[8 + i], x0, sgn);
        b1 = rlx_i_dot_add(b1, t[8 + i + 1], x1, sgn);
    }
    s[0] = a0 + a1;
    s[1] = b0 + b1;
}
/* t[i] lane l: 32-bit lane i of c[l] (the 8 x 8 transpose of 32-bit lanes) */
RLX_INLINE void rlx_i_transpose8(const rlx_i8v *c, rlx_i8v *t) {
#if defined(__AVX2__)
    __m256i a[8], b[8];
    for (int l = 0; l < 8; l += 2) {
        a[l] = _mm256_unpacklo_epi32((__m256i)c[l], (__m256i)c[l + 1]);
        a[l + 1] = _mm256_unpackhi_epi32((__m256i)c[l], (__m256i)c[l + 1]);
    }
    /* b[4h + i]: lanes i and i + 4 of c[4h .. 4h + 3] */
    for (int h = 0; h < 2; h++) {
        b[4 * h] = _mm256_unpacklo_epi64(a[4 * h], a[4 * h + 2]);
        b[4 * h + 1] = _mm256_unpackhi_epi64(a[4 * h], a[4 * h + 2]);
        b[4 * h + 2] = _mm256_unpacklo_epi64(a[4 * h + 1], a[4 * h + 3]);
        b[4 * h + 3] = _mm256_unpackhi_epi64(a[4 * h + 1], a[4 * h + 3]);
    }
    for (int i = 0; i < 4; i++) {
        t[i] = (rlx_i8v)_mm256_permute2x128_si256(b[i], b[4 + i], 0x20);
        t[i + 4] = (rlx_i8v)_mm256_permute2x128_si256(b[i], b[4 + i], 0x31);
    }
#else
    for (int i = 0; i < 8; i++)
        for (int l = 0; l < 8; l++) memcpy((int8_t *)&t[i] + 4 * l, (const int8_t *)&c[l] + 4 * i, 4);
#endif
}
/* a block of zeros as long as the largest 32-element format's (q8_0, 34 bytes), read in
   place of the blocks past a row's end */
static const uint8_t rlx_i_zero_block[64] __attribute__((aligned(64))) = {0};
/* q8_0's codes as the integer product takes them. With RLX_I_VNNI (u8 x s8 products
   summed in int32 by one instruction) each code is taken plus 128 (its sign bit
   flipped: 0 .. 255, unsigned), and 128 times x's code sum comes off each group's
   product after (RLX_I_Q8_BIAS, as the other formats' BIAS): the signs are not moved
   onto x for every row of x, two instructions a product fewer. Elsewhere the codes stay
   signed: AVX2's u8 x s8 pairs sum in int16, which 2 x 255 x 127 would overflow, and
   NEON's and the portable products are signed anyway. The integer sums are exact
   either way, so the bits are the same. The codes are signed exactly where there is
   no bias (!RLX_I_Q8_BIAS). rlx_i_q8_zero_block stands in for the blocks past a row's
   end: fields 0, and codes that read as 0 (-128 when biased). */
#if RLX_I_VNNI
#define RLX_I_Q8_BIAS 128
#else
#define RLX_I_Q8_BIAS 0
#endif
/* plus the bias modulo 256: 128 flips the sign bit */
RLX_INLINE rlx_i8v rlx_i_q8_codes(const uint8_t *p) {
    return (rlx_i8v)(rlx_i_load32(p) ^ (uint8_t)RLX_I_Q8_BIAS);
}
static const uint8_t rlx_i_q8_zero_block[64] __attribute__((aligned(64))) = {
    [2 ... 33] = RLX_I_Q8_BIAS};
/* the fp16 pair at the start of each of the 8 blocks at b[0], ..., b[7]: the first field
   of block l in lane l of *a, the second in lane l of *o (formats without a second
   field leave *o unused) */
RLX_INLINE void rlx_i_fields8(const uint8_t *const *b, rlx_f8v *a, rlx_f8v *o) {
#if defined(__AVX2__) && defined(__F16C__)
    /* the 8 words put together in registers (not stored and loaded back as a vector,
       which stalls the load) */
    int32_t u[8];
    for (int l = 0; l < 8; l++) memcpy(&u[l], b[l], 4);
    __m128i lo = _mm_cvtsi32_si128(u[0]), hi = _mm_cvtsi32_si128(u[4]);
    lo = _mm_insert_epi32(lo, u[1], 1);
    hi = _mm_insert_epi32(hi, u[5], 1);
    lo = _mm_insert_epi32(lo, u[2], 2);
    hi = _mm_insert_epi32(hi, u[6], 2);
    lo = _mm_insert_epi32(lo, u[3], 3);
    hi = _mm_insert_epi32(hi, u[7], 3);
    /* each 128-bit half: its 4 first fields, then its 4 second ones; the 64-bit quarters
       then reordered so that the low half holds the 8 first fields */
    const __m256i w = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
    const __m256i split = _mm256_shuffle_epi8(
        w, _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15,
                            0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15));
    const __m256i p = _mm256_permute4x64_epi64(split, _MM_SHUFFLE(3, 1, 2, 0));
    *a = (rlx_f8v)_mm256_cvtph_ps(_mm256_castsi256_si128(p));
    *o = (rlx_f8v)_mm256_cvtph_ps(_mm256_extracti128_si256(p, 1));
#else
    rlx_f8v av, ov;
    for (int l = 0; l < 8; l++) {
        av[l] = rlx_g_half(b[l]);
        ov[l] = rlx_g_half(b[l] + 2);
    }
    *a = av;
    *o = ov;
#endif
}
/* the fp16 pair at p: the first in 8 float lanes, the second as a float (one F16C
   conversion for both) */
RLX_INLINE rlx_f8v rlx_i_half_pair(const uint8_t *p, float *second) {
#if defined(__AVX2__) && defined(__F16C__)
    int32_t u;
    memcpy(&u, p, 4);
    const __m128 v = _mm_cvtph_ps(_mm_cvtsi32_si128(u));
    *second = _mm_cvtss_f32(_mm_movehdup_ps(v));
    return (rlx_f8v)_mm256_broadcastss_ps(v);
#else
    *second = rlx_g_half(p + 2);
    return rlx_g_half(p) - (rlx_f8v){0};
#endif
}
/* a * b + c on 8 float lanes, rounded as rlx_v_fma on this tier */
RLX_INLINE rlx_f8v rlx_i_fma(rlx_f8v a, rlx_f8v b, rlx_f8v c) {
#if defined(__AVX2__) && defined(__FMA__)
    return (rlx_f8v)_mm256_fmadd_ps((__m256)a, (__m256)b, (__m256)c);
#elif defined(__ARM_NEON) || defined(__aarch64__)
    float32x4_t a0, a1, b0, b1, c0, c1;
    memcpy(&a0, &a, 16);
    memcpy(&a1, (const float *)&a + 4, 16);
    memcpy(&b0, &b, 16);
    memcpy(&b1, (const float *)&b + 4, 16);
    memcpy(&c0, &c, 16);
    memcpy(&c1, (const float *)&c + 4, 16);
    c0 = vfmaq_f32(c0, a0, b0);
    c1 = vfmaq_f32(c1, a1, b1);
    rlx_f8v r;
    memcpy(&r, &c0, 16);
    memcpy((float *)&r + 4, &c1, 16);
    return r;
#else
    return a * b + c;
#endif
}
/* the sum of the 8 lanes: l and l + 4 added, then l and l + 2, then 0 and 1 */
RLX_INLINE float rlx_i_fold(rlx_f8v a) {
#if defined(__AVX__)
    /* the same additions in vector halves (the scalar loop is slow next to a row of
       a few hundred elements) */
    const __m128 f = _mm256_castps256_ps128((__m256)a) + _mm256_extractf128_ps((__m256)a, 1);
    const __m128 p = f + _mm_movehl_ps(f, f);
    return _mm_cvtss_f32(p) + _mm_cvtss_f32(_mm_shuffle_ps(p, p, 1));
#else
    float t[8];
    memcpy(t, &a, sizeof t);
    for (int w = 4; w >= 1; w /= 2)
        for (int l = 0; l < w; l++) t[l] += t[l + w];
    return t[0];
#endif
}
/* row x [k] rounded to int8 per group of gs elements (32 or 256; k a multiple of gs):
   a group's scale d[i] = a / 127 for a = max |x| over the group, codes q = rint(x *
   (127 / a)) (ties to even); a group with a < 2^-100 has d = 0 and codes 0, a group
   holding an infinity or nan d = nan and codes 0. Per 32 elements, si holds the sum of
   the codes and ds that sum times their group's scale. */
static void rlx_i_quantize_row(const float *restrict x, int64_t k, int gs, int8_t *restrict q,
                               float *restrict d, float *restrict ds, int32_t *restrict si) {
    for (int64_t g = 0; g < k / gs; g++) {
        const float *xg = x + gs * g;
        int8_t *qg = q + gs * g;
        /* the largest |x| by its bits (the order of non-negative floats, an infinity
           or nan above every finite value): a loop the compiler vectorizes, which a
           float max is not without -ffinite-math-only (1.3 -> 0.4 us a row of 1024) */
        uint32_t top = 0;
        for (int i = 0; i < gs; i++) {
            uint32_t u;
            memcpy(&u, xg + i, 4);
            u &= 0x7fffffffu;
            top = u > top ? u : top;
        }
        const int finite = top < 0x7f800000u;
        float a;
        memcpy(&a, &top, 4);
        if (!finite || a < 0x1p-100f) {
            memset(qg, 0, (size_t)gs);
            d[g] = finite ? 0.0f : NAN;
            for (int s = 0; s < gs / 32; s++) {
                si[g * (gs / 32) + s] = 0;
                ds[g * (gs / 32) + s] = d[g] * 0.0f;
            }
            continue;
        }
        const float id = 127.0f / a, dg = a / 127.0f;
        d[g] = dg;
        /* the codes summed as they are made, not loaded back from their stores (16 rows
           of k 576 on one Zen 4 core: 3.55 -> 2.42 us) */
        for (int s = 0; s < gs / 32; s++) {
            int32_t sum = 0;
            for (int i = 32 * s; i < 32 * s + 32; i++) {
                const int32_t c = (int32_t)rintf(xg[i] * id);
                qg[i] = (int8_t)c;
                sum += c;
            }
            si[g * (gs / 32) + s] = sum;
            ds[g * (gs / 32) + s] = dg * (float)sum;
        }
    }
}
/* the bytes of a row of x's codes as rlx_i_transpose_x lays them out for kg groups:
   rounded up to 8 groups, plus 64 so that rows of x do not fall on the same L1 sets
   (a stride of a multiple of 4 KiB puts every row's piece in the same 8-way set: q4_1
   at k 4096, 16 rows of x on one Zen 4 core, 0.52 -> 0.30 ns a group and row of x) */
#define RLX_I_XT_ROW(kg) (((kg) + 7) / 8 * 256 + 64)
/* the same for the k-quants' kernels, which read x's codes in place: a row of k codes
   plus 64 bytes */
#define RLX_I_X_ROW(k) ((k) + 64)
/* the lanes a row of W takes in the wide kernels' last step over nl < 8 groups: the
   power of two >= nl (8 / that many rows of W side by side); rlx_i_transpose_x repeats
   x's last groups to match */
RLX_INLINE int rlx_i_tail_width(int64_t nl) {
    return nl <= 1 ? 1 : nl <= 2 ? 2 : nl <= 4 ? 4 : 8;
}
/* x's codes q [k] (k a multiple of 32) as rlx_i_transpose8 lays out a block's codes:
   per 8 groups, 32-bit lane i of every group side by side (t + 256 b + 32 i + 4 l:
   bytes 4 i .. 4 i + 3 of group 8 b + l). The last piece, of nl < 8 groups, has lane l
   hold group l % w (w = rlx_i_tail_width(nl); zeros where l % w >= nl), as the wide
   kernels' last step reads it (8 / w rows of W side by side, w lanes each); the
   kernels that take one row of W a step read zero blocks of W in the lanes past nl */
static void rlx_i_transpose_x(const int8_t *restrict q, int64_t k, int8_t *restrict t) {
    /* whole groups loaded and transposed in registers (rlx_i_transpose8): 4-byte loads
       of codes rlx_i_quantize_row had just stored as vectors could not take the
       stores' data and waited for them (on a Zen 4 core, half the time of rounding 8
       rows of x for a product of 1536 x 576) */
    const int64_t kg = k / 32;
    for (int64_t g0 = 0; g0 < kg; g0 += 8) {
        const int64_t nl = kg - g0 < 8 ? kg - g0 : 8, w = rlx_i_tail_width(nl);
        rlx_i8v c[8], tv[8];
        if (nl == 8)
            memcpy(c, q + 32 * g0, 256);
        else
            for (int64_t l = 0; l < 8; l++) {
                c[l] = (rlx_i8v){0};
                if (l % w < nl)
                    memcpy(&c[l], q + 32 * (g0 + l % w), 32);
            }
        rlx_i_transpose8(c, tv);
        memcpy(t + 32 * g0, tv, 256);
    }
}
