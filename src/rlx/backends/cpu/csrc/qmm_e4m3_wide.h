#if defined(__AVX512VBMI__)
#include <immintrin.h>
#endif
/* dequant_matmul: out[i] = the value of fp8 e4m3fn byte c[i] for the first groups of
   c[0 .. n); returns how many bytes it decoded (the caller decodes the rest). With
   AVX512-VBMI, 64 bytes at a time: the low and high bytes of each value's f16 encoding
   come from two 128-entry byte tables held in registers (the sign bit is copied), are
   interleaved and widened to f32 exactly. Elsewhere RLX_VW bytes at a time on the
   prelude's vectors: the 7 bits below the sign, shifted to an f32's exponent and
   mantissa, are the value times 2^-120 (subnormal codes land on f32 subnormals), so
   one exact multiplication by 2^120 gives the magnitude; then the sign, and nan for
   the magnitude 0x7f. */
static inline int64_t rlx_q_e4m3_wide(const uint8_t *restrict c, int64_t n,
                                      float *restrict out) {
    int64_t i = 0;
#if defined(__AVX512VBMI__)
    const __m512i lo0 = _mm512_loadu_si512(rlx_q_e4m3_f16_lo);
    const __m512i lo1 = _mm512_loadu_si512(rlx_q_e4m3_f16_lo + 64);
    const __m512i hi0 = _mm512_loadu_si512(rlx_q_e4m3_f16_hi);
    const __m512i hi1 = _mm512_loadu_si512(rlx_q_e4m3_f16_hi + 64);
    const __m512i sign = _mm512_set1_epi8((char)0x80);
    const __m512i first = _mm512_loadu_si512(rlx_q_interleave);
    const __m512i second = _mm512_add_epi8(first, _mm512_set1_epi8(32));
    for (; i + 64 <= n; i += 64) {
        const __m512i b = _mm512_loadu_si512(c + i);
        const __m512i lo = _mm512_permutex2var_epi8(lo0, b, lo1);
        const __m512i hi = _mm512_or_si512(_mm512_permutex2var_epi8(hi0, b, hi1),
                                           _mm512_and_si512(b, sign));
        const __m512i h0 = _mm512_permutex2var_epi8(lo, first, hi);
        const __m512i h1 = _mm512_permutex2var_epi8(lo, second, hi);
        _mm512_storeu_ps(out + i, _mm512_cvtph_ps(_mm512_castsi512_si256(h0)));
        _mm512_storeu_ps(out + i + 16, _mm512_cvtph_ps(_mm512_extracti64x4_epi64(h0, 1)));
        _mm512_storeu_ps(out + i + 32, _mm512_cvtph_ps(_mm512_castsi512_si256(h1)));
        _mm512_storeu_ps(out + i + 48, _mm512_cvtph_ps(_mm512_extracti64x4_epi64(h1, 1)));
    }
#else
    for (; i + RLX_VW <= n; i += RLX_VW) {
        const rlx_vi z = rlx_q_u8(c + i), mag = z & 0x7f;
        const rlx_vi v = (rlx_vi)((rlx_vf)(mag << 20) * rlx_v_set1(0x1p120f));
        const rlx_vi nan = (mag == 0x7f) & 0x7fc00000;
        rlx_v_store(out + i, (rlx_vf)(v | nan | (z & 0x80) << 24));
    }
#endif
    return i;
}
