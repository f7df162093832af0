/* dequant_matmul: out[2j], out[2j+1] = values[low nibble], values[high nibble] of p[j]
   for the first groups of RLX_VW bytes of p[0 .. bytes); returns how many bytes it
   decoded (the caller decodes the rest). With AVX2 or AVX-512 a group is widened to
   int32 lanes, its low and high nibbles look the 16 values up in registers (one
   permute on AVX-512, two and a blend on AVX2: intrinsics, as clang has no
   __builtin_shuffle) and the two vectors are interleaved; elsewhere (no variable
   permute of floats) it decodes nothing. */
#if RLX_VW == 16
#define RLX_Q_LOOKUP(t0, t1, i) ((rlx_vf)_mm512_permutexvar_ps((__m512i)(i), (__m512)(t0)))
#define RLX_Q_ZIP_LO(a, b) __builtin_shufflevector(a, b, 0, 16, 1, 17, 2, 18, 3, 19, \
                                                   4, 20, 5, 21, 6, 22, 7, 23)
#define RLX_Q_ZIP_HI(a, b) __builtin_shufflevector(a, b, 8, 24, 9, 25, 10, 26, 11, 27, \
                                                   12, 28, 13, 29, 14, 30, 15, 31)
#elif RLX_VW == 8
#define RLX_Q_LOOKUP(t0, t1, i) ((rlx_vf)_mm256_blendv_ps(                             \
    _mm256_permutevar8x32_ps((__m256)(t0), (__m256i)(i)),                              \
    _mm256_permutevar8x32_ps((__m256)(t1), (__m256i)(i)), (__m256)((i) > 7)))
#define RLX_Q_ZIP_LO(a, b) __builtin_shufflevector(a, b, 0, 8, 1, 9, 2, 10, 3, 11)
#define RLX_Q_ZIP_HI(a, b) __builtin_shufflevector(a, b, 4, 12, 5, 13, 6, 14, 7, 15)
#endif
static inline int64_t rlx_q_nibbles_wide(const uint8_t *restrict p, int64_t bytes,
                                         const float *restrict values, float *restrict out) {
    int64_t j = 0;
#if defined(__AVX2__) && defined(__FMA__)
    const rlx_vf t0 = rlx_v_load(values), t1 = rlx_v_load(values + 16 - RLX_VW);
    (void)t1;
    for (; j + RLX_VW <= bytes; j += RLX_VW) {
        const rlx_vi b = rlx_q_u8(p + j);
        const rlx_vf lo = RLX_Q_LOOKUP(t0, t1, b & 15), hi = RLX_Q_LOOKUP(t0, t1, b >> 4);
        rlx_v_store(out + 2 * j, RLX_Q_ZIP_LO(lo, hi));
        rlx_v_store(out + 2 * j + RLX_VW, RLX_Q_ZIP_HI(lo, hi));
    }
#else
    (void)p; (void)bytes; (void)values; (void)out;
#endif
    return j;
}
