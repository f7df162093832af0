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
