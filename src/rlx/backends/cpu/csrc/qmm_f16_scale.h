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
