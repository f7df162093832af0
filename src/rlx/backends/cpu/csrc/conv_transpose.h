#if RLX_VW == 8
/* dst[c * ds + r] = src[r * ss + c] for an 8 x 8 block (AVX2): unpacks and shuffles of
   32-bit and 64-bit lanes, then 128-bit permutes */
static inline void rlx_cv_transpose8(const float *src, int64_t ss, float *dst, int64_t ds) {
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
   the target has them (AVX-512: packed_gemm.h's 16 x 16 ones; AVX2: 8 x 8 ones, 3-10 %
   of ResNet-50's Winograd convs against scalar copies) and the rest element by element,
   else 8 x 8 blocks of scalar copies (the vector shim has no operation that moves values
   between lanes) */
static void rlx_cv_transpose(const float *src, int64_t ss, float *dst, int64_t ds,
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
            rlx_cv_transpose8(src + r * ss + c, ss, dst + c * ds + r, ds);
        for (int64_t c = full_c; c < cols; c++)
            for (int64_t i = r; i < r + B; i++) dst[c * ds + i] = src[i * ss + c];
#endif
    }
    for (int64_t r = full_r; r < rows; r++)
        for (int64_t c = 0; c < cols; c++) dst[c * ds + r] = src[r * ss + c];
#else
    rlx_pk_transpose_scalar(src, ss, dst, ds, rows, cols);
#endif
}
