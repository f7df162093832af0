/* rlx generated-code prelude: storage conversions, exact integer helpers and the
 * scalar math used by generated kernels.
 *
 * Accuracy: the f32 math helpers (rlx_*f) evaluate in double with the C library
 * and round once to float, so they agree with the reference backend (which does
 * the same in numpy) to within one float ulp; the f64 helpers (rlx_*d) are the C
 * library's double functions.
 */
#include <stdint.h>
#include <string.h>
#include <math.h>
#include <float.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define RLX_INLINE static inline __attribute__((always_inline))

/* ---- f16 / bf16 storage ------------------------------------------------ */
RLX_INLINE float rlx_h2f(uint16_t h) { _Float16 v; memcpy(&v, &h, 2); return (float)v; }
RLX_INLINE uint16_t rlx_f2h(float f) { _Float16 v = (_Float16)f; uint16_t h; memcpy(&h, &v, 2); return h; }
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
#define rlx_max_keep_nan(a, b) ((a) != (a) ? (a) : ((b) != (b) ? (b) : ((a) > (b) ? (a) : (b))))
#define rlx_min_keep_nan(a, b) ((a) != (a) ? (a) : ((b) != (b) ? (b) : ((a) < (b) ? (a) : (b))))

/* ---- float math --------------------------------------------------------- */
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
    if (isinf(x)) return x > 0 ? x : -0.0;
    return 0.5 * x * erfc(-x * 0.70710678118654752440);
}
RLX_INLINE double rlx_gelu_tanhd(double x) {
    if (isinf(x)) return x > 0 ? x : -0.0;
    double u = 0.79788456080286535588 * (x + 0.044715 * x * x * x);
    return x * rlx_sigmoidd(2.0 * u);
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

#define RLX_F32_VIA_F64(NAME) RLX_INLINE float rlx_##NAME##f(float x) { return (float)rlx_##NAME##d((double)x); }
RLX_F32_VIA_F64(exp)
RLX_F32_VIA_F64(log)
RLX_INLINE float rlx_sqrtf(float x) { return sqrtf(x); }
RLX_F32_VIA_F64(rsqrt)
RLX_INLINE float rlx_recipf(float x) { return 1.0f / x; }
RLX_F32_VIA_F64(sin)
RLX_F32_VIA_F64(cos)
RLX_F32_VIA_F64(tanh)
RLX_F32_VIA_F64(atan)
RLX_F32_VIA_F64(erf)
RLX_F32_VIA_F64(sigmoid)
RLX_F32_VIA_F64(gelu)
RLX_F32_VIA_F64(gelu_tanh)
RLX_F32_VIA_F64(silu)
RLX_F32_VIA_F64(softplus)
RLX_INLINE float rlx_powf(float a, float b) { return (float)pow((double)a, (double)b); }
RLX_INLINE float rlx_fmod_floorf(float a, float b) { return (float)rlx_fmod_floord(a, b); }

/* ---- errors ------------------------------------------------------------- */
static char rlx_error_text[512];
const char *rlx_error(void) { return rlx_error_text; }
