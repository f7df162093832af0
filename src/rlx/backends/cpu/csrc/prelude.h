/* rlx generated-code prelude: storage conversions, exact integer helpers and the
 * scalar math used by generated kernels.
 *
 * Accuracy of the float math helpers: see the "float math" section below.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <float.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define RLX_INLINE static inline __attribute__((always_inline))

/* Before each kernel call: memory holds what the kernels before stored, and no value is
 * carried from one kernel into the next. GCC 12 at -O3, inlining two kernels into their
 * runner, forwarded what one stored into the next one's load across a narrowing cast
 * (an f64 -> f32 -> f64 round trip through the arena kept the f64 values in the vector
 * loop's tail); no kernel gains from the other's registers anyway. */
#define RLX_KERNEL_FENCE() __asm__ __volatile__("" ::: "memory")

/* ---- f16 / bf16 storage ------------------------------------------------ */
/* f16 <-> f32. aarch64 converts natively, in vectors. On x86-64, gcc 12 converts a
 * _Float16 with F16C's scalar instruction (a library call without F16C), which kept
 * every loop over f16 values scalar: an f16 elementwise chain ran 13x slower than the
 * same chain in bf16. There the conversions are integer steps and selects, which
 * vectorize on every tier, bit for bit the hardware's (checked over all 65,536 halves
 * and all 2^32 floats, nan payloads included): a half's magnitude rebiased into an
 * f32 (subnormals as an exact integer times 2^-24, so no f32 subnormal is touched), and
 * an f32 rounded to nearest even by adding half an ulp plus the kept lsb (subnormal
 * halves by the addition of 0.5, whose rounding lands on 2^-24 steps). */
#if defined(__aarch64__)
RLX_INLINE float rlx_h2f(uint16_t h) { _Float16 v; memcpy(&v, &h, 2); return (float)v; }
RLX_INLINE uint16_t rlx_f2h(float f) { _Float16 v = (_Float16)f; uint16_t h; memcpy(&h, &v, 2); return h; }
#else
/* cond ? a : b for cond 0 or 1, without a branch */
RLX_INLINE uint32_t rlx_sel32(uint32_t cond, uint32_t a, uint32_t b) {
    const uint32_t m = 0u - cond;
    return (a & m) | (b & ~m);
}
RLX_INLINE float rlx_h2f(uint16_t h16) {
    const uint32_t h = h16, e = h & 0x7c00u, m = h & 0x3ffu;
    const uint32_t normal = ((h & 0x7fffu) << 13) + 0x38000000u;
    const float sub = (float)(int32_t)m * 0x1p-24f;
    uint32_t sub_bits; memcpy(&sub_bits, &sub, 4);
    const uint32_t special = 0x7f800000u | (m << 13) | ((uint32_t)(m != 0) << 22);
    uint32_t u = rlx_sel32(e == 0, sub_bits, rlx_sel32(e == 0x7c00u, special, normal));
    u |= (h & 0x8000u) << 16;
    float f; memcpy(&f, &u, 4);
    return f;
}
RLX_INLINE uint16_t rlx_f2h(float f) {
    uint32_t u; memcpy(&u, &f, 4);
    const uint32_t sign = (u >> 16) & 0x8000u;
    u &= 0x7fffffffu;
    float g; memcpy(&g, &u, 4);
    g += 0.5f;
    uint32_t g_bits; memcpy(&g_bits, &g, 4);
    uint32_t h = (u + 0xc8000fffu + ((u >> 13) & 1u)) >> 13;
    h = rlx_sel32(u < 0x38800000u, g_bits - 0x3f000000u, h);
    h = rlx_sel32(u >= 0x477ff000u, 0x7c00u, h);
    h = rlx_sel32(u > 0x7f800000u, 0x7e00u | ((u >> 13) & 0x3ffu), h);
    return (uint16_t)(h | sign);
}
#endif
RLX_INLINE float rlx_b2f(uint16_t b) { uint32_t u = (uint32_t)b << 16; float f; memcpy(&f, &u, 4); return f; }
RLX_INLINE uint16_t rlx_f2b(float f) {
    uint32_t u; memcpy(&u, &f, 4);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x40u);
    u += 0x7fffu + ((u >> 16) & 1u);
    return (uint16_t)(u >> 16);
}
RLX_INLINE float rlx_round_h(float f) { return rlx_h2f(rlx_f2h(f)); }
RLX_INLINE float rlx_round_b(float f) { return rlx_b2f(rlx_f2b(f)); }
/* double -> f16 / bf16 with one rounding (no double rounding through float) */
RLX_INLINE uint16_t rlx_d2h(double d) { _Float16 v = (_Float16)d; uint16_t h; memcpy(&h, &v, 2); return h; }
RLX_INLINE float rlx_round_odd_f(double d) {
    /* float nearest to d toward zero, with its last bit set when inexact (round to odd):
       a second rounding to a format with fewer bits is then correct */
    float f = (float)d;
    if (d != d || (double)f == d || isinf(f)) return f;
    if (fabs((double)f) > fabs(d)) f = nextafterf(f, 0.0f);
    uint32_t u; memcpy(&u, &f, 4); u |= 1u; memcpy(&f, &u, 4);
    return f;
}
RLX_INLINE uint16_t rlx_d2b(double d) { return rlx_f2b(rlx_round_odd_f(d)); }
RLX_INLINE double rlx_i64_to_odd_d(int64_t i) {
    double d = (double)i;
    if (d >= 9223372036854775808.0 || (int64_t)d == i) return d;
    if ((d > 0 && (int64_t)d > i) || (d < 0 && (int64_t)d < i)) d = nextafter(d, 0.0);
    int64_t bits; memcpy(&bits, &d, 8); bits |= 1; memcpy(&d, &bits, 8);
    return d;
}

/* ---- float -> int: truncate toward zero, saturate, nan -> 0 ------------- */
#define RLX_SAT(NAME, T, LO, HI) \
    RLX_INLINE T rlx_sat_##NAME(double v) { \
        if (v != v) return 0; \
        if (v <= (double)(LO)) return (T)(LO); \
        if (v >= (double)(HI)) return (T)(HI); \
        return (T)v; }
RLX_SAT(i8, int8_t, INT8_MIN, INT8_MAX)
RLX_SAT(i16, int16_t, INT16_MIN, INT16_MAX)
RLX_SAT(i32, int32_t, INT32_MIN, INT32_MAX)
RLX_SAT(u8, uint8_t, 0, UINT8_MAX)
RLX_SAT(u32, uint32_t, 0, UINT32_MAX)
RLX_INLINE int64_t rlx_sat_i64(double v) {
    if (v != v) return 0;
    if (v <= -9223372036854775808.0) return INT64_MIN;
    if (v >= 9223372036854775808.0) return INT64_MAX;
    return (int64_t)v;
}

/* ---- integer division, remainder, power (never trap) -------------------- */
#define RLX_SIGNED_INT(NAME, T) \
    RLX_INLINE T rlx_div_##NAME(T a, T b) { \
        if (b == 0) return 0; \
        if (b == -1) return (T)(-a); \
        return (T)(a / b); } \
    RLX_INLINE T rlx_mod_##NAME(T a, T b) { \
        if (b == 0 || b == -1) return 0; \
        T r = (T)(a % b); \
        if (r != 0 && ((r < 0) != (b < 0))) r = (T)(r + b); \
        return r; }
#define RLX_UNSIGNED_INT(NAME, T) \
    RLX_INLINE T rlx_div_##NAME(T a, T b) { return b == 0 ? 0 : (T)(a / b); } \
    RLX_INLINE T rlx_mod_##NAME(T a, T b) { return b == 0 ? 0 : (T)(a % b); }
RLX_SIGNED_INT(i8, int8_t)
RLX_SIGNED_INT(i16, int16_t)
RLX_SIGNED_INT(i32, int32_t)
RLX_SIGNED_INT(i64, int64_t)
RLX_UNSIGNED_INT(u8, uint8_t)
RLX_UNSIGNED_INT(u32, uint32_t)
#define RLX_POW_INT(NAME, T, SIGNED) \
    RLX_INLINE T rlx_pow_##NAME(T a, T b) { \
        if (SIGNED && b < 0) { \
            if (a == 1) return 1; \
            if (SIGNED && a == (T)-1) return (b & 1) ? (T)-1 : 1; \
            return 0; } \
        uint64_t r = 1, base = (uint64_t)(int64_t)a, e = (uint64_t)(int64_t)b; \
        while (e) { if (e & 1) r *= base; base *= base; e >>= 1; } \
        return (T)r; }
RLX_POW_INT(i8, int8_t, 1)
RLX_POW_INT(i16, int16_t, 1)
RLX_POW_INT(i32, int32_t, 1)
RLX_POW_INT(i64, int64_t, 1)
RLX_POW_INT(u8, uint8_t, 0)
RLX_POW_INT(u32, uint32_t, 0)

/* ---- nan-propagating max/min (any arithmetic type) ---------------------- */
#define rlx_max_keep_nan(a, b) ((a) != (a) ? (a) : ((a) > (b) ? (a) : (b)))
#define rlx_min_keep_nan(a, b) ((a) != (a) ? (a) : ((a) < (b) ? (a) : (b)))

/* ---- float math --------------------------------------------------------- */
/* f64 helpers (rlx_*d) are the C library's double functions; the composite ones
 * (sigmoid, gelu, gelu_tanh, silu, softplus) are written so that no intermediate
 * overflows, and return -0.0 at -inf for x * g(x) with g(-inf) = 0.
 *
 * f32 helpers (rlx_*f) evaluate in float with branch-free code (both sides of every
 * range split are computed and one is selected), so that gcc vectorises them inside
 * `#pragma omp simd` loops at -O3 without -ffast-math. Special values are exact:
 * nan in -> nan out, the limits at +-inf, -0.0 where the reference keeps it.
 * Polynomial coefficients were fitted for rlx (Lawson-weighted least squares in
 * float64, then rounded to float one coefficient at a time, refitting the rest).
 *
 * Maximum errors, in ulps of the correctly rounded float result (subnormal
 * results in units of 2^-149), against float64 references (libm) over all 2^32
 * float inputs with FMA, and every 5th input without (tanh, erf, sigmoid, silu, gelu
 * and gelu_tanh: all 2^32 without FMA too; the bound is the larger;
 * tests/backends/cpu/test_vector_math.py re-checks a dense sweep and the worst
 * inputs found):
 *
 *   rlx_expf       1.01 (measured 1.009)   rlx_logf       1.0 (0.840)
 *   rlx_tanhf      1.5  (1.466)            rlx_erff       1.5 (1.301; 1.337 without FMA)
 *   rlx_sigmoidf   2.5  (2.481)            rlx_siluf      2.5 (2.443)
 *   rlx_softplusf  2.0  (1.990)            rlx_geluf      7.0 (6.264; 6.821 without FMA)
 *   rlx_gelu_tanhf 2.5  (2.496) from gelu_tanh(x (1 + d)) for some |d| <= 2^-23
 *
 * gelu_tanh's bound is a mixed one: its argument 2u(x) = 1.59577 x (1 + 0.044715 x^2)
 * is rounded to float before the exponential, and exp amplifies that relative error
 * by |2u| (up to ~100 in the left tail), so the result is close to the exact value
 * at an input within 1 ulp of x (as for any float evaluation of the formula) rather
 * than at x. The other bounds hold for the exact value at x, also in the tails.
 *
 * With hardware FMA (__FP_FAST_FMAF) the helpers use fmaf; without it they use
 * plain products and the same bounds hold (see the test).
 */
RLX_INLINE double rlx_expd(double x) { return exp(x); }
RLX_INLINE double rlx_logd(double x) { return log(x); }
RLX_INLINE double rlx_sqrtd(double x) { return sqrt(x); }
RLX_INLINE double rlx_rsqrtd(double x) { return 1.0 / sqrt(x); }
RLX_INLINE double rlx_recipd(double x) { return 1.0 / x; }
RLX_INLINE double rlx_sind(double x) { return sin(x); }
RLX_INLINE double rlx_cosd(double x) { return cos(x); }
RLX_INLINE double rlx_tanhd(double x) { return tanh(x); }
RLX_INLINE double rlx_atand(double x) { return atan(x); }
RLX_INLINE double rlx_erfd(double x) { return erf(x); }
RLX_INLINE double rlx_sigmoidd(double x) {
    if (x >= 0) return 1.0 / (1.0 + exp(-x));
    double e = exp(x); return e / (1.0 + e);
}
RLX_INLINE double rlx_gelud(double x) {
    return x == -INFINITY ? -0.0 : 0.5 * x * erfc(-x * 0.70710678118654752440);
}
RLX_INLINE double rlx_gelu_tanhd(double x) {
    double u = 0.79788456080286535588 * (x + 0.044715 * x * x * x);
    return x == -INFINITY ? -0.0 : x * rlx_sigmoidd(2.0 * u);
}
RLX_INLINE double rlx_silud(double x) { return isinf(x) && x < 0 ? -0.0 : x * rlx_sigmoidd(x); }
RLX_INLINE double rlx_softplusd(double x) { return fmax(x, 0.0) + log1p(exp(-fabs(x))); }
RLX_INLINE double rlx_powd(double a, double b) { return pow(a, b); }
RLX_INLINE double rlx_fmod_floord(double a, double b) {
    double r = fmod(a, b);
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    else if (r == 0) r = copysign(0.0, b);
    return r;
}

/* Building blocks of the f32 helpers. RLX_FMAF (also used by dequant_matmul): a * b + c
   rounded once where FMA instructions exist, the product and the sum rounded separately
   elsewhere (as rlx_v_fma: fmaf would be a library call there). */
#ifdef __FP_FAST_FMAF
#define RLX_FMAF(a, b, c) __builtin_fmaf((a), (b), (c))
#else
#define RLX_FMAF(a, b, c) ((a) * (b) + (c))
#endif

RLX_INLINE uint32_t rlx_f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
RLX_INLINE float rlx_f32_from_bits(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* c ? a : b on bit patterns. The helpers use no ?: on floats: gcc turns ?: into
 * branches, may then move (sink or thread) float arithmetic into them, and under
 * -ftrapping-math (the default) cannot if-convert that back, so the loop would
 * stay scalar. */
RLX_INLINE float rlx_f32_select(int c, float a, float b) {
    const uint32_t mask = 0u - (uint32_t)(c != 0);
    return rlx_f32_from_bits((rlx_f32_bits(a) & mask) | (rlx_f32_bits(b) & ~mask));
}

/* x clamped to [lo, hi]; nan stays nan. */
RLX_INLINE float rlx_f32_clamp(float x, float lo, float hi) {
    return rlx_f32_select(x > hi, hi, rlx_f32_select(x < lo, lo, x));
}

/* 2^n for integer n in [-126, 127]. */
RLX_INLINE float rlx_f32_pow2i(int32_t n) { return rlx_f32_from_bits((uint32_t)(n + 127) << 23); }

/* The rounding error of hi = x * x (so x^2 = hi + lo exactly), for |x| <= 2^60. */
RLX_INLINE float rlx_f32_square_error(float x, float hi) {
#ifdef __FP_FAST_FMAF
    return __builtin_fmaf(x, x, -hi);
#else
    const float c = x * 4097.0f;              /* Veltkamp split into two 12-bit halves */
    const float xh = c - (c - x);
    const float xl = x - xh;
    return ((xh * xh - hi) + 2.0f * xh * xl) + xl * xl;
#endif
}

/* ln 2 split so that k * RLX_LN2_HI is exact for |k| < 512. */
#define RLX_LN2_HI 0x1.62e4p-1f
#define RLX_LN2_LO 0x1.7f7d1cp-20f

/* exp(r) for |r| <= ln2 / 2: 1 + r + r^2 q(r), the polynomial both exps below use. */
RLX_INLINE float rlx_f32_exp_poly(float r) {
    float q = 0x1.6a2434p-10f;
    q = RLX_FMAF(q, r, 0x1.1239e2p-7f);
    q = RLX_FMAF(q, r, 0x1.5558f2p-5f);
    q = RLX_FMAF(q, r, 0x1.555492p-3f);
    q = RLX_FMAF(q, r, 0x1.fffffcp-2f);
    return 1.0f + RLX_FMAF(r * r, q, r);
}

/* exp(x + xlo) as the product m * s of two floats, m = exp(r) 2^n1 and s = 2^n2,
 * so that a caller can scale m before the one product that may round into the
 * subnormal range. xlo is a correction below half an ulp of x (0 for plain exp).
 * x = n ln2 + r with |r| <= ln2/2, exp(r) = 1 + r + r^2 q(r), n = n1 + n2 with
 * 2^n1 and 2^n2 normal. For x in [-150, 89]; rlx_f32_exp_parts takes any x. */
RLX_INLINE float rlx_f32_exp_parts_finite(float x, float xlo, float *s) {
    const float round_magic = 0x1.8p23f;     /* adding it rounds to an integer */
    const float n = (x * 0x1.715476p+0f + round_magic) - round_magic;
    const float r = ((x - n * RLX_LN2_HI) + xlo) - n * RLX_LN2_LO;
    const float p = rlx_f32_exp_poly(r);
    const int32_t ni = (int32_t)n;
    const int32_t n1 = ni >> 1;
    *s = rlx_f32_pow2i(ni - n1);
    return p * rlx_f32_pow2i(n1);
}

/* rlx_f32_exp_parts_finite with x clamped to [-150, 89]: below -150, m = 0, and nan
 * gives m = nan. */
RLX_INLINE float rlx_f32_exp_parts(float x, float xlo, float *s) {
    const float xc = rlx_f32_select(x != x, 0.0f, rlx_f32_clamp(x, -150.0f, 89.0f));
    const float m = rlx_f32_select(x < -150.0f, 0.0f, rlx_f32_exp_parts_finite(xc, xlo, s));
    return rlx_f32_select(x != x, x, m);
}

/* t * s for a power of two s. A product that would round to +-0 (below 2^-150) is
 * computed as t * 0 instead: the same value, without the underflow that makes x86
 * cores take a microcode assist (about 100x slower) on every such lane — which made
 * exp, sigmoid and gelu several times slower on inputs with large negative values. */
RLX_INLINE float rlx_f32_mul_pow2(float t, float s) {
    const int32_t et = (int32_t)((rlx_f32_bits(t) >> 23) & 0xffu);
    const int32_t es = (int32_t)((rlx_f32_bits(s) >> 23) & 0xffu);
    return t * rlx_f32_select(et + es <= 103, 0.0f, s);
}

/* exp(x); error <= 1.01 ulp, subnormal results included. */
RLX_INLINE float rlx_expf(float x) {
    float s;
    const float m = rlx_f32_exp_parts(x, 0.0f, &s);
    return rlx_f32_mul_pow2(m, s);
}

/* exp(x) 2^k as one product p 2^(n + k), x = n ln2 + r, for finite x and an integer k
 * that keeps n + k in [-126, 127] (k = 0: x in [-87, 88]); error <= 1.01 ulp. */
RLX_INLINE float rlx_f32_exp_scaled(float x, int32_t k) {
    const float round_magic = 0x1.8p23f;     /* adding it rounds to an integer */
    const float n = RLX_FMAF(x, 0x1.715476p+0f, round_magic) - round_magic;
    const float r = RLX_FMAF(n, -RLX_LN2_LO, RLX_FMAF(n, -RLX_LN2_HI, x));
    return rlx_f32_exp_poly(r) * rlx_f32_pow2i((int32_t)n + k);
}

/* exp(x) as a softmax weight, for x <= 0, -inf or nan: a score minus its row's maximum
 * (the callers shift by the maximum whenever it is not -inf, so no x is positive).
 * rlx_expf's reduction and polynomial for results of at least 2^-125 (error <= 1.01
 * ulp), computed as one product p * 2^n with n in [-126, 0]; x < -87 gives 0, which
 * changes no weight by more than 2^-125 next to a sum of at least 1, so no product
 * ever underflows or needs the two-factor split: about a third of rlx_expf's work.
 * nan stays nan (it passes the clamp and the polynomial). No upper clamp and no checks
 * for +inf or nan: a fifth of a softmax row's time. */
RLX_INLINE float rlx_expf_weight(float x) {
    const int below = x < -87.0f;
    return rlx_f32_select(below, 0.0f, rlx_f32_exp_scaled(below ? -87.0f : x, 0));
}

/* x * sigmoid(v) for |x| <= max(1, |v|) (sigmoid, silu, gelu_tanh): x / (1 + exp(-v))
 * with one product for the exponential while v >= -87; below, where exp(-v) would
 * overflow and the result is x exp(v) to float precision, (x exp(v) 2^64) 2^-64, the
 * exponential again one product and the last product the one rounding into the
 * subnormal range; below -112 the result rounds to 0 and is computed as x * 0 (see
 * rlx_f32_mul_pow2). nan in v gives nan; x = -inf, v = -inf gives nan (callers fix it). */
RLX_INLINE float rlx_f32_x_sigmoid(float x, float v) {
    const int tail = v < -87.0f;
    const float lo = rlx_f32_select(tail, -112.0f, -87.0f);
    const float arg = rlx_f32_clamp(rlx_f32_select(tail, v, -v), lo, 88.0f);
    const float e = rlx_f32_exp_scaled(rlx_f32_select(v != v, 0.0f, arg), (0 - tail) & 64);
    const float near = x / (1.0f + e);
    const float far = rlx_f32_mul_pow2(x * e, rlx_f32_select(v < -112.0f, 0.0f, 0x1p-64f));
    return rlx_f32_select(v != v, v, rlx_f32_select(tail, far, near));
}

/* log(x) for x in [2^-126 / 2^23, inf) as finite float math, no special values:
 * x = 2^k (1 + f) with 1 + f in [sqrt(1/2), sqrt(2)), s = f / (2 + f), and
 * log(1 + f) = f - f^2/2 + s (f^2/2 + R(s^2)), R(z) ~ 2z/3 + 2z^2/5 + ... */
RLX_INLINE float rlx_f32_log_finite(float x) {
    const int subnormal = x < 0x1p-126f;
    const float xs = rlx_f32_select(subnormal, x * 0x1p23f, x);
    const uint32_t ix = rlx_f32_bits(xs) + (0x3f800000u - 0x3f3504f3u);
    const int32_t k = (int32_t)(ix >> 23) - 127 - 23 * subnormal;
    const float f = rlx_f32_from_bits((ix & 0x007fffffu) + 0x3f3504f3u) - 1.0f;
    const float s = f / (2.0f + f);
    const float z = s * s;
    float R = 0x1.e30546p-3f;
    R = RLX_FMAF(R, z, 0x1.24387ap-2f);
    R = RLX_FMAF(R, z, 0x1.999a7cp-2f);
    R = RLX_FMAF(R, z, 0x1.555554p-1f);
    R = R * z;
    const float hfsq = 0.5f * f * f;
    const float kf = (float)k;
    return kf * RLX_LN2_HI - ((hfsq - (s * (hfsq + R) + kf * RLX_LN2_LO)) - f);
}

/* log(x); error <= 1 ulp. log(+-0) = -inf, log(x < 0) = nan, log(inf) = inf. */
RLX_INLINE float rlx_logf(float x) {
    const float y = rlx_f32_log_finite(x);
    const float finite_or_inf = rlx_f32_select(x == INFINITY, x, y);
    const float nonneg = rlx_f32_select(x == 0.0f, -INFINITY, finite_or_inf);
    return rlx_f32_select(x != x, x, rlx_f32_select(x < 0.0f, NAN, nonneg));
}

/* tanh(x); error <= 1.5 ulp. |x| < 0.625: x + x^3 P(x^2); otherwise
 * sign(x) (1 - 2e / (1 + e)) with e = exp(-2|x|) as one product, |x| clamped to 10. */
RLX_INLINE float rlx_tanhf(float x) {
    const float a = fabsf(x);
    const float x2 = x * x;
    float p = 0x1.18e1d4p-9f;
    p = RLX_FMAF(p, x2, -0x1.0bf4fap-7f);
    p = RLX_FMAF(p, x2, 0x1.638b58p-6f);
    p = RLX_FMAF(p, x2, -0x1.b9ee9p-5f);
    p = RLX_FMAF(p, x2, 0x1.111066p-3f);
    p = RLX_FMAF(p, x2, -0x1.555554p-2f);
    const float small = copysignf(RLX_FMAF(x * x2, p, x), x);   /* keeps -0.0 */
    const float ac = rlx_f32_select(a != a, 0.0f, rlx_f32_clamp(a, 0.0f, 10.0f));
    const float e = rlx_f32_exp_scaled(-2.0f * ac, 0);
    const float large = copysignf(1.0f - 2.0f * e / (1.0f + e), x);
    return rlx_f32_select(x != x, x, rlx_f32_select(a < 0.625f, small, large));
}

/* erfcx(a) = exp(a^2) erfc(a) for 0 <= a <= 10.61 as P(a) / Q(a), P of degree 4 and
 * Q of degree 5, every coefficient positive, each evaluated in Estrin's order so that
 * no term passes through more than three roundings (fit error 2.1e-8 relative; float
 * evaluation adds up to ~5 * 2^-24). One function for every a, with one division. */
RLX_INLINE float rlx_f32_erfcx_rational(float a) {
    const float a2 = a * a;
    const float a4 = a2 * a2;
    const float p01 = RLX_FMAF(0x1.3e1264p+0f, a, 1.0f);
    const float p23 = RLX_FMAF(0x1.d99a64p-3f, a, 0x1.78c2f2p-1f);
    const float p = RLX_FMAF(0x1.102c5p-5f, a4, RLX_FMAF(p23, a2, p01));
    const float q01 = RLX_FMAF(0x1.2f77f2p+1f, a, 1.0f);
    const float q23 = RLX_FMAF(0x1.55545ap+0f, a, 0x1.349ddcp+1f);
    const float q45 = RLX_FMAF(0x1.e268b8p-5f, a, 0x1.a3beb2p-2f);
    const float q = RLX_FMAF(q45, a4, RLX_FMAF(q23, a2, q01));
    return p / q;
}

/* erf(x) for |x| < 1 as x + x Q(x^2) (relative error ~3e-9 before rounding). */
RLX_INLINE float rlx_f32_erf_small(float x) {
    const float x2 = x * x;
    float q = 0x1.496a7cp-14f;
    q = RLX_FMAF(q, x2, -0x1.a3f71ep-11f);
    q = RLX_FMAF(q, x2, 0x1.5405b6p-8f);
    q = RLX_FMAF(q, x2, -0x1.b7f90ep-6f);
    q = RLX_FMAF(q, x2, 0x1.ce2cf8p-4f);
    q = RLX_FMAF(q, x2, -0x1.81273ep-2f);
    q = RLX_FMAF(q, x2, 0x1.06eba8p-3f);
    return RLX_FMAF(x, q, x);
}

/* erf(x); error <= 1.5 ulp. |x| < 1: the series above; otherwise
 * sign(x) (1 - exp(-a^2) erfcx(a)) with a = |x| clamped to 4 (erf(4) rounds to 1),
 * a^2 taken exactly as hi + lo; exp(-a^2) >= e^-16 needs no care for subnormals. */
RLX_INLINE float rlx_erff(float x) {
    const float a = fabsf(x);
    const float ac = rlx_f32_select(a != a, 1.0f, rlx_f32_clamp(a, 1.0f, 4.0f));
    const float hi = ac * ac;
    float s;
    const float m = rlx_f32_exp_parts_finite(-hi, -rlx_f32_square_error(ac, hi), &s);
    const float large = copysignf(1.0f - (rlx_f32_erfcx_rational(ac) * m) * s, x);
    return rlx_f32_select(a < 1.0f, rlx_f32_erf_small(x), rlx_f32_select(a != a, x, large));
}

/* sigmoid(x) = 1 / (1 + exp(-x)); error <= 2.5 ulp. */
RLX_INLINE float rlx_sigmoidf(float x) { return rlx_f32_x_sigmoid(1.0f, x); }

/* silu(x) = x sigmoid(x); error <= 2.5 ulp; silu(-inf) = -0.0. */
RLX_INLINE float rlx_siluf(float x) {
    const float y = rlx_f32_x_sigmoid(x, x);
    return rlx_f32_select(x == -INFINITY, -0.0f, y);
}

/* softplus(x) = max(x, 0) + log1p(exp(-|x|)); error <= 2 ulp. log1p(e) is
 * log(u) + (e - (u - 1)) / u with u = 1 + e rounded, exact to first order. */
RLX_INLINE float rlx_softplusf(float x) {
    const float e = rlx_expf(-fabsf(x));
    const float u = 1.0f + e;
    const float log1p_e = rlx_f32_log_finite(u) + (e - (u - 1.0f)) / u;
    return rlx_f32_select(x > 0.0f, x, 0.0f) + log1p_e;
}

/* gelu(x) = x Phi(x) = x erfc(-x / sqrt 2) / 2; error <= 7 ulp, relative also in
 * the left tail; gelu(-inf) = -0.0. With a = |x| / sqrt 2 and
 * h = erfc(a) / 2 = exp(-x^2/2) erfcx(a) / 2 (x^2 taken exactly as hi + lo), gelu is
 * x h for x < 0 and x (1 - h) for x >= 0 (h <= 1/2 there, so nothing cancels): one
 * erfcx for every x, and x h scaled into the subnormal range by one product. |x| is
 * clamped to 15, beyond which exp(-x^2/2) is 0 in float. */
RLX_INLINE float rlx_geluf(float x) {
    const float xc = rlx_f32_select(x != x, 0.0f, rlx_f32_clamp(x, -15.0f, 15.0f));
    const float a = fabsf(xc) * 0x1.6a09e6p-1f;
    const float h = 0.5f * rlx_f32_erfcx_rational(a);
    const float hi = xc * xc;
    float s;
    const float m = rlx_f32_exp_parts_finite(-0.5f * hi, -0.5f * rlx_f32_square_error(xc, hi), &s);
    const int left = x < 0.0f;
    const float e = rlx_f32_mul_pow2(rlx_f32_select(left, xc * h, h) * m, s);
    return rlx_f32_select(left, e, x * (1.0f - e));
}

/* gelu_tanh(x) = x (1 + tanh(u)) / 2 = x sigmoid(2u), 2u = 1.59577 (x + 0.044715 x^3);
 * error <= 2.5 ulp of gelu_tanh at an input within 1 ulp of x (see above);
 * gelu_tanh(-inf) = -0.0. */
RLX_INLINE float rlx_gelu_tanhf(float x) {
    const float two_u = x * RLX_FMAF(0x1.2444f2p-4f, x * x, 0x1.988454p+0f);
    const float y = rlx_f32_x_sigmoid(x, two_u);
    return rlx_f32_select(x == -INFINITY, -0.0f, y);
}

#define RLX_F32_VIA_F64(NAME) RLX_INLINE float rlx_##NAME##f(float x) { return (float)rlx_##NAME##d((double)x); }
RLX_INLINE float rlx_sqrtf(float x) { return sqrtf(x); }
RLX_F32_VIA_F64(rsqrt)
RLX_INLINE float rlx_recipf(float x) { return 1.0f / x; }
RLX_F32_VIA_F64(sin)
RLX_F32_VIA_F64(cos)
RLX_F32_VIA_F64(atan)
RLX_INLINE float rlx_powf(float a, float b) { return (float)pow((double)a, (double)b); }
RLX_INLINE float rlx_fmod_floorf(float a, float b) { return (float)rlx_fmod_floord(a, b); }

/* ---- vectors: one kernel source for every ISA tier ----------------------- */
/* Hand-vectorised kernels are written once against rlx_vf, a vector of RLX_VW floats
 * whose width follows the target the compiler was given (the cpu device's ISA tier,
 * rlx.backends.cpu.isa): 16 with AVX-512, 8 with AVX2 + FMA, 4 on NEON and in portable
 * C. rlx_vi holds RLX_VW int32 lanes. Arithmetic uses GCC's vector extensions
 * (+, -, *, &, >>, comparisons, lane indexing); what they cannot spell is below:
 * unaligned and partial loads / stores, broadcast, fused multiply-add. The FMA tiers
 * (avx512, avx2, neon) round a * b + c once; the portable tier rounds the product and
 * the sum separately (the compiler contracts nothing: -ffp-contract=off).
 * RLX_SUB_MR x RLX_SUB_NV is the register tile (rows x vectors) a GEMM micro-kernel of
 * that tier keeps in its vector registers (32 registers on AVX-512 and NEON, 16 on
 * AVX2 and SSE). */
#if defined(__AVX512F__)
#include <immintrin.h>
#define RLX_VW 16
#define RLX_SUB_MR 12
#define RLX_SUB_NV 2
#elif defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#define RLX_VW 8
#define RLX_SUB_MR 6
#define RLX_SUB_NV 2
#elif defined(__ARM_NEON) || defined(__aarch64__)
#include <arm_neon.h>
#define RLX_VW 4
#define RLX_SUB_MR 6
#define RLX_SUB_NV 4
#else
#define RLX_VW 4
#define RLX_SUB_MR 4
#define RLX_SUB_NV 2
#endif
typedef float rlx_vf __attribute__((vector_size(4 * RLX_VW)));
typedef int32_t rlx_vi __attribute__((vector_size(4 * RLX_VW)));
typedef float rlx_vf_u __attribute__((vector_size(4 * RLX_VW), aligned(4), may_alias));

RLX_INLINE rlx_vf rlx_v_load(const float *p) { return *(const rlx_vf_u *)p; }
RLX_INLINE void rlx_v_store(float *p, rlx_vf v) { *(rlx_vf_u *)p = v; }
/* RLX_VW f16 / bf16 values from p, as floats (exact: every such value is a float) */
RLX_INLINE rlx_vf rlx_v_load_h(const uint16_t *p) {
#if defined(__AVX512F__)
    return (rlx_vf)_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)p));
#elif defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)
    return (rlx_vf)_mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)p));
#elif defined(__aarch64__)
    return (rlx_vf)vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(p)));
#else
    rlx_vf v;
    for (int l = 0; l < RLX_VW; l++) v[l] = rlx_h2f(p[l]);
    return v;
#endif
}
RLX_INLINE rlx_vf rlx_v_load_bh(const uint16_t *p) {
#if defined(__AVX512F__)
    return (rlx_vf)_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)p)), 16);
#elif defined(__AVX2__) && defined(__FMA__)
    return (rlx_vf)_mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p)), 16);
#elif defined(__aarch64__)
    return (rlx_vf)vshll_n_u16(vld1_u16(p), 16);
#else
    rlx_vf v;
    for (int l = 0; l < RLX_VW; l++) v[l] = rlx_b2f(p[l]);
    return v;
#endif
}
/* s - (+0) is s for every float, -0 included, so this folds to a plain broadcast (a + 0
   would not: it turns -0 into +0 and costs an add) */
RLX_INLINE rlx_vf rlx_v_set1(float s) { return s - (rlx_vf){0}; }
RLX_INLINE rlx_vf rlx_v_zero(void) { return (rlx_vf){0}; }
/* lanes 0, 1, ..., RLX_VW - 1 */
RLX_INLINE rlx_vi rlx_v_iota(void) {
    rlx_vi v;
    for (int l = 0; l < RLX_VW; l++) v[l] = l;
    return v;
}
/* a * b + c */
RLX_INLINE rlx_vf rlx_v_fma(rlx_vf a, rlx_vf b, rlx_vf c) {
#if defined(__AVX512F__)
    return _mm512_fmadd_ps(a, b, c);
#elif defined(__AVX2__) && defined(__FMA__)
    return _mm256_fmadd_ps(a, b, c);
#elif defined(__ARM_NEON) || defined(__aarch64__)
    return vfmaq_f32(c, a, b);
#else
    return a * b + c;
#endif
}
/* the first n lanes (0 <= n <= RLX_VW) of p, the others 0; reads only those n floats */
RLX_INLINE rlx_vf rlx_v_load_n(const float *p, int64_t n) {
#if defined(__AVX512F__)
    return _mm512_maskz_loadu_ps((__mmask16)((1u << n) - 1), p);
#elif defined(__AVX2__) && defined(__FMA__)
    return _mm256_maskload_ps(p, (__m256i)(rlx_v_iota() < (int32_t)n));
#else
    rlx_vf v = rlx_v_zero();
    for (int64_t l = 0; l < n; l++) v[l] = p[l];
    return v;
#endif
}
/* store the first n lanes (0 <= n <= RLX_VW) of v; writes only those n floats */
RLX_INLINE void rlx_v_store_n(float *p, rlx_vf v, int64_t n) {
#if defined(__AVX512F__)
    _mm512_mask_storeu_ps(p, (__mmask16)((1u << n) - 1), v);
#elif defined(__AVX2__) && defined(__FMA__)
    _mm256_maskstore_ps(p, (__m256i)(rlx_v_iota() < (int32_t)n), v);
#else
    for (int64_t l = 0; l < n; l++) p[l] = v[l];
#endif
}
/* the sum of the lanes, added pairwise: lanes l and l + RLX_VW / 2, then l and l +
   RLX_VW / 4, ..., then 0 and 1 (the same additions on every tier of a width) */
RLX_INLINE float rlx_v_sum(rlx_vf v) {
#if defined(__AVX512F__)
    const __m256 h = _mm512_castps512_ps256((__m512)v)
                     + _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd((__m512)v), 1));
    const __m128 f = _mm256_castps256_ps128(h) + _mm256_extractf128_ps(h, 1);
#elif defined(__AVX2__) && defined(__FMA__)
    const __m128 f = _mm256_castps256_ps128((__m256)v) + _mm256_extractf128_ps((__m256)v, 1);
#endif
#if defined(__AVX2__) && defined(__FMA__)
    const __m128 p = f + _mm_movehl_ps(f, f);
    return _mm_cvtss_f32(p) + _mm_cvtss_f32(_mm_shuffle_ps(p, p, 1));
#else
    float t[RLX_VW];
    memcpy(t, &v, sizeof t);
    for (int w = RLX_VW / 2; w >= 1; w /= 2)
        for (int l = 0; l < w; l++) t[l] += t[l + w];
    return t[0];
#endif
}

/* s[i] = rlx_v_sum of the i-th of a, b, c, d: the same additions in the same order
   (so the same bits), the four vectors reduced side by side (about 15 instructions on
   AVX2 and AVX-512 where four rlx_v_sum take about 30) */
RLX_INLINE void rlx_v_sum4(rlx_vf a, rlx_vf b, rlx_vf c, rlx_vf d, float *s) {
#if defined(__AVX512F__)
    /* lanes l + (l + 8): a's and b's in one vector, c's and d's in another */
    const __m512 ab = _mm512_shuffle_f32x4((__m512)a, (__m512)b, 0x44)
                      + _mm512_shuffle_f32x4((__m512)a, (__m512)b, 0xEE);
    const __m512 cd = _mm512_shuffle_f32x4((__m512)c, (__m512)d, 0x44)
                      + _mm512_shuffle_f32x4((__m512)c, (__m512)d, 0xEE);
    /* then l + (l + 4): a quarter each, a b c d */
    const __m512 f = _mm512_shuffle_f32x4(ab, cd, 0x88) + _mm512_shuffle_f32x4(ab, cd, 0xDD);
    /* then l + (l + 2), then lanes 0 + 1 */
    const __m512 u = f + _mm512_permute_ps(f, 0x4E);
    const __m512 w = u + _mm512_permute_ps(u, 0xB1);
    const __m512 sums = _mm512_permutexvar_ps(_mm512_set_epi32(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                               0, 12, 8, 4, 0), w);
    _mm_storeu_ps(s, _mm512_castps512_ps128(sums));
#elif defined(__AVX2__) && defined(__FMA__)
    /* lanes l + (l + 4): a's and b's halves in one vector, c's and d's in another */
    const __m256 ab = _mm256_permute2f128_ps((__m256)a, (__m256)b, 0x20)
                      + _mm256_permute2f128_ps((__m256)a, (__m256)b, 0x31);
    const __m256 cd = _mm256_permute2f128_ps((__m256)c, (__m256)d, 0x20)
                      + _mm256_permute2f128_ps((__m256)c, (__m256)d, 0x31);
    /* then l + (l + 2) (a, c in the low half, b, d in the high), then lanes 0 + 1 */
    const __m256 u = _mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_castps_pd(ab), _mm256_castps_pd(cd)))
                     + _mm256_castpd_ps(_mm256_unpackhi_pd(_mm256_castps_pd(ab), _mm256_castps_pd(cd)));
    const __m256 w = u + _mm256_permute_ps(u, 0xB1);
    const __m256 sums = _mm256_permutevar8x32_ps(w, _mm256_setr_epi32(0, 4, 2, 6, 0, 0, 0, 0));
    _mm_storeu_ps(s, _mm256_castps256_ps128(sums));
#else
    s[0] = rlx_v_sum(a);
    s[1] = rlx_v_sum(b);
    s[2] = rlx_v_sum(c);
    s[3] = rlx_v_sum(d);
#endif
}

/* ---- the caller's per-executable state ----------------------------------- */
/* Nothing a run writes lives in the shared object: every executable (and every clone)
   passes its own keep region, error buffer and kernel profile through ctl (render.py),
   so executables loading one shared object never share mutable state. */
#define RLX_KEEP ((uint8_t *)(uintptr_t)ctl[5])
#define RLX_ERROR_TEXT ((char *)(uintptr_t)ctl[6])
#define RLX_ERROR_BYTES 512
#define RLX_PROFILE ((double *)(uintptr_t)ctl[7])
#ifdef RLX_PART
#define RLX_PART_FN __attribute__((visibility("hidden")))
#else
#define RLX_PART_FN static
#endif
