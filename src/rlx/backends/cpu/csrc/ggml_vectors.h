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
