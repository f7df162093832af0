/* codegen_replay: main program of graph 'op_irfft' */
/* rlx: generated from graph 'op_irfft', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


#define RLX_ROUND64(x) ((((int64_t)(x)) + 63) / 64 * 64)


/* rlx FFT: complex and real discrete Fourier transforms of any length, float and double.
 *
 * Pasted into a generated translation unit after prelude.h (it uses RLX_INLINE, the
 * vector type rlx_vf of RLX_VW floats and rlx_v_fma); every function is static. A plan
 * is built once into caller memory and is read-only afterwards: threads may run lines of
 * one plan at once, each with its own scratch. Nothing here allocates or keeps state.
 *
 *   rlx_fft_plan_bytes(n, real, dbl)      bytes of the plan (the caller allocates them,
 *                                         64-byte aligned)
 *   rlx_fft_scratch_bytes(n, real, dbl)   bytes of scratch one line needs
 *   rlx_fft_plan_init(mem, n, real, dbl)  builds the plan (deterministic)
 *   rlx_fft_c2c_f32/f64(plan, in, out, sign, scale, scratch)
 *       interleaved complex; sign -1: X[k] = sum_j x[j] exp(-2 pi i jk/n), +1: the
 *       unscaled inverse; the result is multiplied by scale
 *   rlx_fft_r2c_f32/f64(plan, in, out, scale, scratch)   n reals -> n/2+1 complex
 *   rlx_fft_c2r_f32/f64(plan, in, out, scale, scratch)   n/2+1 complex -> n reals (the
 *       imaginary parts of bin 0 and, for even n, bin n/2 are ignored)
 * in and out never overlap; out may have any alignment (so may in and scratch).
 * Defining RLX_FFT_NO_F32 or RLX_FFT_NO_F64 before the header leaves out the functions
 * of that precision (half the compile time); its plans must not be built then.
 *
 * Algorithm
 * ---------
 * A complex length n whose prime factors are all <= RLX_FFT_GENMAX (31) runs a Stockham
 * autosort FFT (decimation in frequency, out of place, ping-ponging between the output
 * and one scratch buffer so that the last pass writes the output): radix 2, 3, 4, 5 and
 * 8 butterflies written out, and a generic odd radix (pairs j, r - j; O(r^2)) for the
 * other primes. Radix 8 is used where there are 32 vector registers (AVX-512, NEON);
 * with 16 (AVX2, SSE) powers of two run radix 4 (radix 8 spilled and was slower).
 *
 * Vectorisation. Between passes the data is kept in "units" of V complex numbers: V real
 * parts, then V imaginary parts (V = RLX_VW for float, RLX_VW / 2 for double: one vector
 * each). When V divides n and n >= V^2, the first pass has radix V and is vectorised
 * over its index p: V rows of V consecutive p are loaded (deinterleaved from the
 * caller's (re, im) pairs with one in-lane shuffle per vector), a V-point DFT runs down
 * the rows, they are twiddled, and the V x V blocks of real and of imaginary parts are
 * transposed (24 shuffles for 8 x 8 on AVX2), so that a unit holds one element of each
 * of the V interleaved subsequences of the rest of the transform. From then on it is a
 * Stockham FFT of length n / V on units: every butterfly is vertical SIMD with broadcast
 * twiddles whatever the stride, and the last pass interleaves units back into (re, im)
 * pairs as it stores them. Other lengths run the passes on the caller's (re, im) layout:
 * a pass whose stride s (complex numbers) is at least the vector width W runs vectors
 * along q for q < s - s % W (W consecutive q are contiguous; deinterleaved on load and
 * interleaved on store), and one complex number at a time for the rest and for the first
 * passes (s < W).
 *
 * The inverse is computed as swap(DFT(swap(x))), where swap exchanges real and
 * imaginary parts: it costs nothing (the first pass loads and the last pass stores
 * with the parts exchanged). The scale is applied in the last pass.
 *
 * Lengths with a prime factor > RLX_FFT_GENMAX use Bluestein's algorithm: with
 * w[j] = exp(-pi i j^2 / n), X[k] = w[k] sum_j (x[j] w[j]) conj(w[k - j]), a cyclic
 * convolution of length L >= 2n - 1 (L = 2^a 3^b 5^c, a multiple of V^2) computed by
 * two FFTs of length L and a product with the transform of conj(w) (made in the plan,
 * by the plan's own precision; the plan holds a work area of 2L complex numbers and the
 * sub-plan's scratch for it, unused afterwards).
 *
 * Real transforms of even n run a complex FFT of n/2 points on the reals taken as
 * (even, odd) pairs, and separate the two half transforms with a twiddle pass
 * (X[k] = E[k] + W^k O[k], X[n/2 - k] = conj(E[k] - W^k O[k]); vectors on k and, lanes
 * reversed, on n/2 - k); c2r runs the inverse of that pass, then an inverse complex FFT
 * of n/2 points whose output is the n reals. Odd n goes through a complex FFT of n
 * points (twice the work of the even case).
 *
 * Twiddles are computed in double (exact integer reduction of the angle to the first
 * octant) and rounded once to the precision of the plan; the first pass's twiddles
 * W_n^((p0 + l) k) are products of a table of V - 1 vectors W_n^(l k) and a scalar
 * W_n^(p0 k) per block (a plan of n / V^2 blocks, not n numbers). Errors against
 * numpy.fft (max |err| / max |X|, every length 1..4096, the four transforms; generic,
 * avx2, NEON and 16-lane code): below 5e-7 (float) and 1.5e-15 (double)
 * (scripts/fft_check.py).
 */
#ifndef RLX_FFT_H
#define RLX_FFT_H

#define RLX_FFT_MAXPASS 64
#define RLX_FFT_GENMAX 31      /* largest prime done by the generic radix */
#define RLX_FFT_FN static __attribute__((unused))

enum { RLX_FFT__COPY = 0, RLX_FFT__MIXED = 1, RLX_FFT__BLUE = 2, RLX_FFT__REVEN = 3,
       RLX_FFT__RODD = 4 };

/* The plan header; tables follow it at byte offsets from its start (so a plan may be
   copied to other memory). */
typedef struct {
    int64_t n, kind, dbl, vlen;
    int64_t m0, tw0;             /* vectorised radix-V first pass: p count, twiddles */
    int64_t npass;               /* Stockham passes on units */
    int64_t sub;                 /* sub-plan (Bluestein length L, real: half/full length) */
    int64_t L, chirp, bft;       /* Bluestein: length, w[j], transform of conj(w) / L */
    int64_t rtw;                 /* real even: W_n^k, k < n/2 */
    int64_t bytes, scratch;
    int64_t radix[RLX_FFT_MAXPASS], pm[RLX_FFT_MAXPASS], ps[RLX_FFT_MAXPASS];
    int64_t ptw[RLX_FFT_MAXPASS], pgen[RLX_FFT_MAXPASS];
} rlx_fft__plan;

/* what one pass works on (units; see the kernels) */
typedef struct {
    int64_t m, s;                  /* p < m, stride s */
    int64_t sre, sim, dre, dim;    /* offsets of the real / imaginary parts in a unit */
    int64_t q0;                    /* V = 1: the q done are q0 <= q < s */
    int swap;                      /* last pass, V > 1: store parts exchanged */
} rlx_fft__pp;

/* ---- vector shims: f32v (rlx_vf), f64v (RLX_VW / 2 doubles), f32s / f64s (scalars) ---- */
#define RLX_FFT_VD (RLX_VW / 2)
typedef double rlx_fft_vd __attribute__((vector_size(4 * RLX_VW)));
typedef double rlx_fft_vd_u __attribute__((vector_size(4 * RLX_VW), aligned(8), may_alias));
typedef int64_t rlx_fft_vdi __attribute__((vector_size(4 * RLX_VW)));

/* Lane order. ldc loads V complex numbers from (re, im) pairs into a vector of real and
 * one of imaginary parts with one in-lane shuffle each (x86: shufps / unpcklpd, which
 * work within 128-bit lanes; NEON: uzp), so lane l holds element SG[l] of the V, not
 * element l; stc stores that order back to pairs, again with one in-lane shuffle per
 * vector (unpcklps / unpckhps; zip). All arithmetic is lane by lane, so the order shows
 * only where lanes meet memory laid out by index: the first pass's twiddles (the plan
 * stores them in lane order) and its units (its transpose takes rows in lane order and
 * writes lane l's unit to p0 + SG[l]); every SG commutes with reversing the lanes.
 * EV / OD: ldc's masks, IL / IH: stc's, TL / TH: full-width interleave of the low / high
 * halves (rounds of the generic transpose), RV: reversal. F: RLX_VW float lanes, D:
 * RLX_FFT_VD double lanes. */
#if RLX_VW == 16
#define RLX_FFT__FEV {0, 2, 16, 18, 4, 6, 20, 22, 8, 10, 24, 26, 12, 14, 28, 30}
#define RLX_FFT__FOD {1, 3, 17, 19, 5, 7, 21, 23, 9, 11, 25, 27, 13, 15, 29, 31}
#define RLX_FFT__FIL {0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29}
#define RLX_FFT__FIH {2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31}
#define RLX_FFT__FSG {0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15}
#define RLX_FFT__FTL {0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23}
#define RLX_FFT__FTH {8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31}
#define RLX_FFT__FRV {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
#define RLX_FFT__DEV {0, 8, 2, 10, 4, 12, 6, 14}
#define RLX_FFT__DOD {1, 9, 3, 11, 5, 13, 7, 15}
#define RLX_FFT__DIL {0, 8, 2, 10, 4, 12, 6, 14}
#define RLX_FFT__DIH {1, 9, 3, 11, 5, 13, 7, 15}
#define RLX_FFT__DSG {0, 4, 1, 5, 2, 6, 3, 7}
#define RLX_FFT__DTL {0, 8, 1, 9, 2, 10, 3, 11}
#define RLX_FFT__DTH {4, 12, 5, 13, 6, 14, 7, 15}
#define RLX_FFT__DRV {7, 6, 5, 4, 3, 2, 1, 0}
#elif RLX_VW == 8
#define RLX_FFT__FEV {0, 2, 8, 10, 4, 6, 12, 14}
#define RLX_FFT__FOD {1, 3, 9, 11, 5, 7, 13, 15}
#define RLX_FFT__FIL {0, 8, 1, 9, 4, 12, 5, 13}
#define RLX_FFT__FIH {2, 10, 3, 11, 6, 14, 7, 15}
#define RLX_FFT__FSG {0, 1, 4, 5, 2, 3, 6, 7}
#define RLX_FFT__FRV {7, 6, 5, 4, 3, 2, 1, 0}
#define RLX_FFT__DEV {0, 4, 2, 6}
#define RLX_FFT__DOD {1, 5, 3, 7}
#define RLX_FFT__DIL {0, 4, 2, 6}
#define RLX_FFT__DIH {1, 5, 3, 7}
#define RLX_FFT__DSG {0, 2, 1, 3}
#define RLX_FFT__DRV {3, 2, 1, 0}
#else
#define RLX_FFT__FEV {0, 2, 4, 6}
#define RLX_FFT__FOD {1, 3, 5, 7}
#define RLX_FFT__FIL {0, 4, 1, 5}
#define RLX_FFT__FIH {2, 6, 3, 7}
#define RLX_FFT__FSG {0, 1, 2, 3}
#define RLX_FFT__FTL {0, 4, 1, 5}
#define RLX_FFT__FTH {2, 6, 3, 7}
#define RLX_FFT__FRV {3, 2, 1, 0}
#define RLX_FFT__DEV {0, 2}
#define RLX_FFT__DOD {1, 3}
#define RLX_FFT__DIL {0, 2}
#define RLX_FFT__DIH {1, 3}
#define RLX_FFT__DSG {0, 1}
#define RLX_FFT__DTL {0, 2}
#define RLX_FFT__DTH {1, 3}
#define RLX_FFT__DRV {1, 0}
#endif

/* radix-8 passes on vector units where there are 32 vector registers (AVX-512, NEON);
   with 16 (AVX2, SSE) they spill, and radix 4 was faster (4096 points: 1.4x; 2^16: the
   same) */
#ifndef RLX_FFT_EIGHTS
#if defined(__AVX512F__) || defined(__aarch64__)
#define RLX_FFT_EIGHTS 1
#else
#define RLX_FFT_EIGHTS 0
#endif
#endif

/* the element in lane l (SG above) */
RLX_INLINE int rlx_fft__lane(int l, int dbl) {
    static const int8_t f[RLX_VW] = RLX_FFT__FSG, d[RLX_FFT_VD] = RLX_FFT__DSG;
    return dbl ? d[l] : f[l];
}

/* f32v */
RLX_INLINE rlx_vf rlx_fft__f32v_ld(const float *p) { return rlx_v_load(p); }
RLX_INLINE void rlx_fft__f32v_st(float *p, rlx_vf v) { rlx_v_store(p, v); }
RLX_INLINE rlx_vf rlx_fft__f32v_bc(float x) { return rlx_v_set1(x); }
RLX_INLINE rlx_vf rlx_fft__f32v_fma(rlx_vf a, rlx_vf b, rlx_vf c) { return rlx_v_fma(a, b, c); }
RLX_INLINE rlx_vf rlx_fft__f32v_fnma(rlx_vf a, rlx_vf b, rlx_vf c) { return rlx_v_fma(-a, b, c); }
RLX_INLINE void rlx_fft__f32v_ldc(const float *p, rlx_vf *re, rlx_vf *im) {
    const rlx_vf a = rlx_v_load(p), b = rlx_v_load(p + RLX_VW);
    *re = __builtin_shuffle(a, b, (rlx_vi)RLX_FFT__FEV);
    *im = __builtin_shuffle(a, b, (rlx_vi)RLX_FFT__FOD);
}
RLX_INLINE void rlx_fft__f32v_stc(float *p, rlx_vf re, rlx_vf im) {
    rlx_v_store(p, __builtin_shuffle(re, im, (rlx_vi)RLX_FFT__FIL));
    rlx_v_store(p + RLX_VW, __builtin_shuffle(re, im, (rlx_vi)RLX_FFT__FIH));
}
RLX_INLINE rlx_vf rlx_fft__f32v_rev(rlx_vf v) { return __builtin_shuffle(v, (rlx_vi)RLX_FFT__FRV); }
/* x[0..RLX_VW) as the rows of a square matrix, transposed */
RLX_INLINE void rlx_fft__f32v_tr(rlx_vf *x) {
#if RLX_VW == 8
    /* in-lane interleaves, in-lane pair shuffles, then 128-bit halves (unpcklps /
       unpckhps, shufps, vperm2f128 on AVX2): 24 shuffles */
    rlx_vf t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = __builtin_shuffle(x[i], x[i + 1], (rlx_vi){0, 8, 1, 9, 4, 12, 5, 13});
        t[i + 1] = __builtin_shuffle(x[i], x[i + 1], (rlx_vi){2, 10, 3, 11, 6, 14, 7, 15});
    }
    for (int i = 0; i < 8; i += 4)
        for (int j = 0; j < 2; j++) {
            u[i + 2 * j] = __builtin_shuffle(t[i + j], t[i + j + 2], (rlx_vi){0, 1, 8, 9, 4, 5, 12, 13});
            u[i + 2 * j + 1] = __builtin_shuffle(t[i + j], t[i + j + 2], (rlx_vi){2, 3, 10, 11, 6, 7, 14, 15});
        }
    for (int i = 0; i < 4; i++) {
        x[i] = __builtin_shuffle(u[i], u[i + 4], (rlx_vi){0, 1, 2, 3, 8, 9, 10, 11});
        x[i + 4] = __builtin_shuffle(u[i], u[i + 4], (rlx_vi){4, 5, 6, 7, 12, 13, 14, 15});
    }
#else
    /* log2(RLX_VW) rounds of x'[2i + d] = interleave-low/high(x[i], x[i + RLX_VW/2]):
       each rotates the row-and-lane index bits by one (one vpermt2ps each on AVX-512) */
#pragma GCC unroll 8
    for (int st = 1; st < RLX_VW; st <<= 1) {
        rlx_vf t[RLX_VW];
#pragma GCC unroll 16
        for (int i = 0; i < RLX_VW / 2; i++) {
            t[2 * i] = __builtin_shuffle(x[i], x[i + RLX_VW / 2], (rlx_vi)RLX_FFT__FTL);
            t[2 * i + 1] = __builtin_shuffle(x[i], x[i + RLX_VW / 2], (rlx_vi)RLX_FFT__FTH);
        }
#pragma GCC unroll 16
        for (int i = 0; i < RLX_VW; i++) x[i] = t[i];
    }
#endif
}

/* f64v */
RLX_INLINE rlx_fft_vd rlx_fft__f64v_ld(const double *p) { return *(const rlx_fft_vd_u *)p; }
RLX_INLINE void rlx_fft__f64v_st(double *p, rlx_fft_vd v) { *(rlx_fft_vd_u *)p = v; }
RLX_INLINE rlx_fft_vd rlx_fft__f64v_bc(double x) { return x - (rlx_fft_vd){0}; }
RLX_INLINE rlx_fft_vd rlx_fft__f64v_fma(rlx_fft_vd a, rlx_fft_vd b, rlx_fft_vd c) {
#if defined(__AVX512F__)
    return _mm512_fmadd_pd(a, b, c);
#elif defined(__AVX2__) && defined(__FMA__)
    return _mm256_fmadd_pd(a, b, c);
#elif defined(__aarch64__)
    return vfmaq_f64(c, a, b);
#else
    return a * b + c;
#endif
}
RLX_INLINE rlx_fft_vd rlx_fft__f64v_fnma(rlx_fft_vd a, rlx_fft_vd b, rlx_fft_vd c) {
    return rlx_fft__f64v_fma(-a, b, c);
}
RLX_INLINE void rlx_fft__f64v_ldc(const double *p, rlx_fft_vd *re, rlx_fft_vd *im) {
    const rlx_fft_vd a = rlx_fft__f64v_ld(p), b = rlx_fft__f64v_ld(p + RLX_FFT_VD);
    *re = __builtin_shuffle(a, b, (rlx_fft_vdi)RLX_FFT__DEV);
    *im = __builtin_shuffle(a, b, (rlx_fft_vdi)RLX_FFT__DOD);
}
RLX_INLINE void rlx_fft__f64v_stc(double *p, rlx_fft_vd re, rlx_fft_vd im) {
    rlx_fft__f64v_st(p, __builtin_shuffle(re, im, (rlx_fft_vdi)RLX_FFT__DIL));
    rlx_fft__f64v_st(p + RLX_FFT_VD, __builtin_shuffle(re, im, (rlx_fft_vdi)RLX_FFT__DIH));
}
RLX_INLINE rlx_fft_vd rlx_fft__f64v_rev(rlx_fft_vd v) {
    return __builtin_shuffle(v, (rlx_fft_vdi)RLX_FFT__DRV);
}
RLX_INLINE void rlx_fft__f64v_tr(rlx_fft_vd *x) {
#if RLX_VW == 8
    /* unpcklpd / unpckhpd, then vperm2f128 */
    const rlx_fft_vd t0 = __builtin_shuffle(x[0], x[1], (rlx_fft_vdi){0, 4, 2, 6});
    const rlx_fft_vd t1 = __builtin_shuffle(x[0], x[1], (rlx_fft_vdi){1, 5, 3, 7});
    const rlx_fft_vd t2 = __builtin_shuffle(x[2], x[3], (rlx_fft_vdi){0, 4, 2, 6});
    const rlx_fft_vd t3 = __builtin_shuffle(x[2], x[3], (rlx_fft_vdi){1, 5, 3, 7});
    x[0] = __builtin_shuffle(t0, t2, (rlx_fft_vdi){0, 1, 4, 5});
    x[2] = __builtin_shuffle(t0, t2, (rlx_fft_vdi){2, 3, 6, 7});
    x[1] = __builtin_shuffle(t1, t3, (rlx_fft_vdi){0, 1, 4, 5});
    x[3] = __builtin_shuffle(t1, t3, (rlx_fft_vdi){2, 3, 6, 7});
#else
#pragma GCC unroll 8
    for (int st = 1; st < RLX_FFT_VD; st <<= 1) {
        rlx_fft_vd t[RLX_FFT_VD];
#pragma GCC unroll 16
        for (int i = 0; i < RLX_FFT_VD / 2; i++) {
            t[2 * i] = __builtin_shuffle(x[i], x[i + RLX_FFT_VD / 2], (rlx_fft_vdi)RLX_FFT__DTL);
            t[2 * i + 1] = __builtin_shuffle(x[i], x[i + RLX_FFT_VD / 2], (rlx_fft_vdi)RLX_FFT__DTH);
        }
#pragma GCC unroll 16
        for (int i = 0; i < RLX_FFT_VD; i++) x[i] = t[i];
    }
#endif
}

/* f32s, f64s: units of one complex number, stored as (re, im) */
RLX_INLINE float rlx_fft__f32s_ld(const float *p) { return *p; }
RLX_INLINE void rlx_fft__f32s_st(float *p, float v) { *p = v; }
RLX_INLINE float rlx_fft__f32s_bc(float x) { return x; }
RLX_INLINE float rlx_fft__f32s_fma(float a, float b, float c) { return RLX_FMAF(a, b, c); }
RLX_INLINE float rlx_fft__f32s_fnma(float a, float b, float c) { return RLX_FMAF(-a, b, c); }
RLX_INLINE void rlx_fft__f32s_ldc(const float *p, float *re, float *im) { *re = p[0]; *im = p[1]; }
RLX_INLINE void rlx_fft__f32s_stc(float *p, float re, float im) { p[0] = re; p[1] = im; }
RLX_INLINE void rlx_fft__f32s_tr(float *x) { (void)x; }
RLX_INLINE double rlx_fft__f64s_ld(const double *p) { return *p; }
RLX_INLINE void rlx_fft__f64s_st(double *p, double v) { *p = v; }
RLX_INLINE double rlx_fft__f64s_bc(double x) { return x; }
#ifdef __FP_FAST_FMA
RLX_INLINE double rlx_fft__f64s_fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
#else
RLX_INLINE double rlx_fft__f64s_fma(double a, double b, double c) { return a * b + c; }
#endif
RLX_INLINE double rlx_fft__f64s_fnma(double a, double b, double c) { return rlx_fft__f64s_fma(-a, b, c); }
RLX_INLINE void rlx_fft__f64s_ldc(const double *p, double *re, double *im) { *re = p[0]; *im = p[1]; }
RLX_INLINE void rlx_fft__f64s_stc(double *p, double re, double im) { p[0] = re; p[1] = im; }
RLX_INLINE void rlx_fft__f64s_tr(double *x) { (void)x; }

/* ---- the kernels on units, one instantiation per (precision, unit width) ----------
 * S: name suffix, T: float / double, VT: the unit's vector (or scalar) type, V: lanes,
 * SV: the vector instantiation of T (whose passi the V = 1 runner calls).
 * A unit u of a buffer holds V real parts at [u 2V, u 2V + V) and V imaginary parts at
 * [u 2V + V, u 2V + 2V); with V = 1 that is the caller's (re, im) layout. The body is a
 * macro: no // comments and no preprocessor lines inside it. */
#define RLX_FFT__KERNELS(S, T, VT, V, SV) \
/* x *= (c + i s) for constants c, s */ \
RLX_INLINE void rlx_fft__##S##_rot(VT *r, VT *i, T c, T s) { \
    const VT cr = rlx_fft__##S##_bc(c), sr = rlx_fft__##S##_bc(s); \
    const VT a = rlx_fft__##S##_fnma(*i, sr, *r * cr); \
    const VT b = rlx_fft__##S##_fma(*i, cr, *r * sr); \
    *r = a; *i = b; \
} \
/* x *= w */ \
RLX_INLINE void rlx_fft__##S##_cmul(VT *r, VT *i, VT wr, VT wi) { \
    const VT a = rlx_fft__##S##_fnma(*i, wi, *r * wr); \
    const VT b = rlx_fft__##S##_fma(*i, wr, *r * wi); \
    *r = a; *i = b; \
} \
/* forward DFTs of 2, 3, 4, 5, 8 and 16 points on r[o + k d], i[o + k d], in place, in \
   natural order */ \
RLX_INLINE void rlx_fft__##S##_dft2(VT *r, VT *i, int o, int d) { \
    const VT ar = r[o], ai = i[o], br = r[o + d], bi = i[o + d]; \
    r[o] = ar + br; i[o] = ai + bi; r[o + d] = ar - br; i[o + d] = ai - bi; \
} \
RLX_INLINE void rlx_fft__##S##_dft3(VT *r, VT *i, int o, int d) { \
    const VT sr = r[o + d] + r[o + 2 * d], si = i[o + d] + i[o + 2 * d]; \
    const VT dr = r[o + d] - r[o + 2 * d], di = i[o + d] - i[o + 2 * d]; \
    const VT h = rlx_fft__##S##_bc((T)-0.5), q = rlx_fft__##S##_bc((T)0.86602540378443864676); \
    const VT ar = rlx_fft__##S##_fma(sr, h, r[o]), ai = rlx_fft__##S##_fma(si, h, i[o]); \
    const VT br = dr * q, bi = di * q; \
    r[o] = r[o] + sr; i[o] = i[o] + si; \
    r[o + d] = ar + bi; i[o + d] = ai - br; \
    r[o + 2 * d] = ar - bi; i[o + 2 * d] = ai + br; \
} \
RLX_INLINE void rlx_fft__##S##_dft4(VT *r, VT *i, int o, int d) { \
    const VT t0r = r[o] + r[o + 2 * d], t0i = i[o] + i[o + 2 * d]; \
    const VT t1r = r[o] - r[o + 2 * d], t1i = i[o] - i[o + 2 * d]; \
    const VT t2r = r[o + d] + r[o + 3 * d], t2i = i[o + d] + i[o + 3 * d]; \
    const VT t3r = r[o + d] - r[o + 3 * d], t3i = i[o + d] - i[o + 3 * d]; \
    r[o] = t0r + t2r; i[o] = t0i + t2i; \
    r[o + 2 * d] = t0r - t2r; i[o + 2 * d] = t0i - t2i; \
    r[o + d] = t1r + t3i; i[o + d] = t1i - t3r; \
    r[o + 3 * d] = t1r - t3i; i[o + 3 * d] = t1i + t3r; \
} \
RLX_INLINE void rlx_fft__##S##_dft5(VT *r, VT *i, int o, int d) { \
    const VT c1 = rlx_fft__##S##_bc((T)0.30901699437494742410); \
    const VT c2 = rlx_fft__##S##_bc((T)-0.80901699437494742410); \
    const VT s1 = rlx_fft__##S##_bc((T)0.95105651629515357212); \
    const VT s2 = rlx_fft__##S##_bc((T)0.58778525229247312917); \
    const VT x0r = r[o], x0i = i[o]; \
    const VT s1r = r[o + d] + r[o + 4 * d], s1i = i[o + d] + i[o + 4 * d]; \
    const VT d1r = r[o + d] - r[o + 4 * d], d1i = i[o + d] - i[o + 4 * d]; \
    const VT s2r = r[o + 2 * d] + r[o + 3 * d], s2i = i[o + 2 * d] + i[o + 3 * d]; \
    const VT d2r = r[o + 2 * d] - r[o + 3 * d], d2i = i[o + 2 * d] - i[o + 3 * d]; \
    const VT a1r = rlx_fft__##S##_fma(c2, s2r, rlx_fft__##S##_fma(c1, s1r, x0r)); \
    const VT a1i = rlx_fft__##S##_fma(c2, s2i, rlx_fft__##S##_fma(c1, s1i, x0i)); \
    const VT a2r = rlx_fft__##S##_fma(c1, s2r, rlx_fft__##S##_fma(c2, s1r, x0r)); \
    const VT a2i = rlx_fft__##S##_fma(c1, s2i, rlx_fft__##S##_fma(c2, s1i, x0i)); \
    const VT b1r = rlx_fft__##S##_fma(s2, d2r, s1 * d1r), b1i = rlx_fft__##S##_fma(s2, d2i, s1 * d1i); \
    const VT b2r = rlx_fft__##S##_fnma(s1, d2r, s2 * d1r), b2i = rlx_fft__##S##_fnma(s1, d2i, s2 * d1i); \
    r[o] = x0r + s1r + s2r; i[o] = x0i + s1i + s2i; \
    r[o + d] = a1r + b1i; i[o + d] = a1i - b1r; \
    r[o + 4 * d] = a1r - b1i; i[o + 4 * d] = a1i + b1r; \
    r[o + 2 * d] = a2r + b2i; i[o + 2 * d] = a2i - b2r; \
    r[o + 3 * d] = a2r - b2i; i[o + 3 * d] = a2i + b2r; \
} \
RLX_INLINE void rlx_fft__##S##_dft8(VT *r, VT *i, int o, int d) { \
    const VT h = rlx_fft__##S##_bc((T)0.70710678118654752440); \
    VT ar[4], ai[4], br[4], bi[4]; \
    for (int j = 0; j < 4; j++) { \
        ar[j] = r[o + j * d] + r[o + (j + 4) * d]; ai[j] = i[o + j * d] + i[o + (j + 4) * d]; \
        br[j] = r[o + j * d] - r[o + (j + 4) * d]; bi[j] = i[o + j * d] - i[o + (j + 4) * d]; \
    } \
    { const VT t = (br[1] + bi[1]) * h; bi[1] = (bi[1] - br[1]) * h; br[1] = t; } \
    { const VT t = bi[2]; bi[2] = -br[2]; br[2] = t; } \
    { const VT t = (bi[3] - br[3]) * h; bi[3] = -(br[3] + bi[3]) * h; br[3] = t; } \
    rlx_fft__##S##_dft4(ar, ai, 0, 1); \
    rlx_fft__##S##_dft4(br, bi, 0, 1); \
    for (int k = 0; k < 4; k++) { \
        r[o + 2 * k * d] = ar[k]; i[o + 2 * k * d] = ai[k]; \
        r[o + (2 * k + 1) * d] = br[k]; i[o + (2 * k + 1) * d] = bi[k]; \
    } \
} \
RLX_INLINE void rlx_fft__##S##_dft16(VT *r, VT *i, int o, int d) { \
    const T c1 = (T)0.92387953251128675613, s1 = (T)0.38268343236508977173; \
    const T hh = (T)0.70710678118654752440; \
    VT tr[16], ti[16]; \
    for (int j = 0; j < 4; j++) rlx_fft__##S##_dft4(r, i, o + j * d, 4 * d); \
    for (int k = 0; k < 16; k++) { tr[k] = r[o + k * d]; ti[k] = i[o + k * d]; } \
    /* group j, output k1 at tr[j + 4 k1]: times W16^(j k1) */ \
    rlx_fft__##S##_rot(&tr[1 + 4], &ti[1 + 4], c1, -s1); \
    rlx_fft__##S##_rot(&tr[1 + 8], &ti[1 + 8], hh, -hh); \
    rlx_fft__##S##_rot(&tr[1 + 12], &ti[1 + 12], s1, -c1); \
    rlx_fft__##S##_rot(&tr[2 + 4], &ti[2 + 4], hh, -hh); \
    { const VT t = ti[2 + 8]; ti[2 + 8] = -tr[2 + 8]; tr[2 + 8] = t; } \
    rlx_fft__##S##_rot(&tr[2 + 12], &ti[2 + 12], -hh, -hh); \
    rlx_fft__##S##_rot(&tr[3 + 4], &ti[3 + 4], s1, -c1); \
    rlx_fft__##S##_rot(&tr[3 + 8], &ti[3 + 8], -hh, -hh); \
    rlx_fft__##S##_rot(&tr[3 + 12], &ti[3 + 12], -c1, s1); \
    for (int k1 = 0; k1 < 4; k1++) rlx_fft__##S##_dft4(tr, ti, 4 * k1, 1); \
    /* tr[4 k1 + k2] = X[k1 + 4 k2] */ \
    for (int k1 = 0; k1 < 4; k1++) \
        for (int k2 = 0; k2 < 4; k2++) { \
            r[o + (k1 + 4 * k2) * d] = tr[4 * k1 + k2]; i[o + (k1 + 4 * k2) * d] = ti[4 * k1 + k2]; \
        } \
} \
/* generic odd radix R (<= 31): ct[2t], ct[2t + 1] = cos, sin (2 pi t / R) */ \
RLX_INLINE void rlx_fft__##S##_dftg(VT *r, VT *i, int R, const T *ct) { \
    const int h = (R - 1) / 2; \
    VT sr[16], si[16], dr[16], di[16]; \
    VT y0r = r[0], y0i = i[0]; \
    for (int j = 1; j <= h; j++) { \
        sr[j] = r[j] + r[R - j]; si[j] = i[j] + i[R - j]; \
        dr[j] = r[j] - r[R - j]; di[j] = i[j] - i[R - j]; \
        y0r += sr[j]; y0i += si[j]; \
    } \
    for (int k = 1; k <= h; k++) { \
        VT ar = r[0], ai = i[0], br = rlx_fft__##S##_bc(0), bi = rlx_fft__##S##_bc(0); \
        int t = 0; \
        for (int j = 1; j <= h; j++) { \
            t += k; if (t >= R) t -= R; \
            const VT c = rlx_fft__##S##_bc(ct[2 * t]), s = rlx_fft__##S##_bc(ct[2 * t + 1]); \
            ar = rlx_fft__##S##_fma(c, sr[j], ar); ai = rlx_fft__##S##_fma(c, si[j], ai); \
            br = rlx_fft__##S##_fma(s, dr[j], br); bi = rlx_fft__##S##_fma(s, di[j], bi); \
        } \
        r[k] = ar + bi; i[k] = ai - br; \
        r[R - k] = ar - bi; i[R - k] = ai + br; \
    } \
    r[0] = y0r; i[0] = y0i; \
} \
/* One Stockham pass for one p: unit q + s (p + j m) of src, j < R, goes through a DFT of \
   R points, times W^(p k) (twon), to unit q + s (R p + k) of dst, for q < s (V = 1: \
   q0 <= q < s). last: dst is the caller's output (V > 1: interleaved, the parts \
   exchanged when swap). With V = 1 the results are scaled by sc and the exchanges are \
   in the offsets sre / sim, dre / dim. */ \
RLX_INLINE void rlx_fft__##S##_pq(const T *src, T *dst, const T *tw, const T *gt, int64_t p, \
        const rlx_fft__pp *a, const int R0, int R, const int twon, const int last, VT sc) { \
    const int64_t U = 2 * V, m = a->m, s = a->s, js = m * s * U, ks = s * U; \
    const int64_t sre = a->sre, sim = a->sim, dre = a->dre, dim = a->dim; \
    VT wr[32], wi[32]; \
    if (R0) R = R0; \
    if (twon) \
        for (int k = 1; k < R; k++) { \
            wr[k] = rlx_fft__##S##_bc(tw[(p * (R - 1) + k - 1) * 2]); \
            wi[k] = rlx_fft__##S##_bc(tw[(p * (R - 1) + k - 1) * 2 + 1]); \
        } \
    const T *xs = src + p * s * U; \
    T *ys = dst + R * p * s * U; \
    for (int64_t q = V == 1 ? a->q0 : 0; q < s; q++) { \
        VT xr[32], xi[32]; \
        const T *x = xs + q * U; \
        for (int j = 0; j < R; j++) { \
            xr[j] = rlx_fft__##S##_ld(x + j * js + sre); xi[j] = rlx_fft__##S##_ld(x + j * js + sim); \
        } \
        if (R0 == 2) rlx_fft__##S##_dft2(xr, xi, 0, 1); \
        else if (R0 == 3) rlx_fft__##S##_dft3(xr, xi, 0, 1); \
        else if (R0 == 4) rlx_fft__##S##_dft4(xr, xi, 0, 1); \
        else if (R0 == 5) rlx_fft__##S##_dft5(xr, xi, 0, 1); \
        else if (R0 == 8) rlx_fft__##S##_dft8(xr, xi, 0, 1); \
        else rlx_fft__##S##_dftg(xr, xi, R, gt); \
        if (twon) \
            for (int k = 1; k < R; k++) rlx_fft__##S##_cmul(&xr[k], &xi[k], wr[k], wi[k]); \
        T *y = ys + q * U; \
        for (int k = 0; k < R; k++) { \
            if (V == 1) { \
                rlx_fft__##S##_st(y + k * ks + dre, xr[k] * sc); \
                rlx_fft__##S##_st(y + k * ks + dim, xi[k] * sc); \
            } else if (last) { \
                const VT yr = xr[k] * sc, yi = xi[k] * sc; \
                if (a->swap) rlx_fft__##S##_stc(y + k * ks, yi, yr); \
                else rlx_fft__##S##_stc(y + k * ks, yr, yi); \
            } else { \
                rlx_fft__##S##_st(y + k * ks, xr[k]); rlx_fft__##S##_st(y + k * ks + V, xi[k]); \
            } \
        } \
    } \
} \
/* one pass: two variants per radix with V > 1 (the last pass, m = 1: no twiddles, \
   interleaved stores; the others), one with V = 1 (every pass scaled, by 1 but in the \
   last; no radix 8). p = 0 is multiplied by its twiddles (1) too: a variant without \
   them cost compile time and was not measurably faster. */ \
RLX_INLINE void rlx_fft__##S##_pass(const T *src, T *dst, const T *tw, const T *gt, \
        const rlx_fft__pp *a, const int R0, int R, const int last, T scale) { \
    const VT sc = rlx_fft__##S##_bc(scale); \
    if (V > 1 && last) { \
        rlx_fft__##S##_pq(src, dst, tw, gt, 0, a, R0, R, 0, 1, sc); \
    } else { \
        for (int64_t p = 0; p < a->m; p++) rlx_fft__##S##_pq(src, dst, tw, gt, p, a, R0, R, 1, 0, sc); \
    } \
} \
/* V > 1, for the V = 1 path: one pass on the caller's layout ((re, im) pairs), vectors \
   along q for q < s - s % V (V consecutive q: contiguous), one variant per radix: all p \
   multiplied by their twiddles, the results by scale, parts exchanged when a->dre */ \
RLX_INLINE void rlx_fft__##S##_pqi(const T *src, T *dst, const T *tw, const T *gt, int64_t p, \
        const rlx_fft__pp *a, const int R0, int R, VT sc) { \
    const int64_t m = a->m, s = a->s, js = 2 * m * s, ks = 2 * s; \
    VT wr[32], wi[32]; \
    if (R0) R = R0; \
    for (int k = 1; k < R; k++) { \
        wr[k] = rlx_fft__##S##_bc(tw[(p * (R - 1) + k - 1) * 2]); \
        wi[k] = rlx_fft__##S##_bc(tw[(p * (R - 1) + k - 1) * 2 + 1]); \
    } \
    const T *xs = src + 2 * p * s; \
    T *ys = dst + 2 * R * p * s; \
    for (int64_t q = 0; q + V <= s; q += V) { \
        VT xr[32], xi[32]; \
        for (int j = 0; j < R; j++) rlx_fft__##S##_ldc(xs + 2 * q + j * js, &xr[j], &xi[j]); \
        if (R0 == 2) rlx_fft__##S##_dft2(xr, xi, 0, 1); \
        else if (R0 == 3) rlx_fft__##S##_dft3(xr, xi, 0, 1); \
        else if (R0 == 4) rlx_fft__##S##_dft4(xr, xi, 0, 1); \
        else if (R0 == 5) rlx_fft__##S##_dft5(xr, xi, 0, 1); \
        else if (R0 == 8) rlx_fft__##S##_dft8(xr, xi, 0, 1); \
        else rlx_fft__##S##_dftg(xr, xi, R, gt); \
        for (int k = 1; k < R; k++) rlx_fft__##S##_cmul(&xr[k], &xi[k], wr[k], wi[k]); \
        for (int k = 0; k < R; k++) { \
            const VT yr = xr[k] * sc, yi = xi[k] * sc; \
            if (a->dre) rlx_fft__##S##_stc(ys + 2 * q + k * ks, yi, yr); \
            else rlx_fft__##S##_stc(ys + 2 * q + k * ks, yr, yi); \
        } \
    } \
} \
RLX_FFT_FN void rlx_fft__##S##_passi(const T *src, T *dst, const T *tw, const T *gt, \
        const rlx_fft__pp *a, int R, T scale) { \
    const VT sc = rlx_fft__##S##_bc(scale); \
    switch (R) { \
    case 2: for (int64_t p = 0; p < a->m; p++) rlx_fft__##S##_pqi(src, dst, tw, gt, p, a, 2, 2, sc); break; \
    case 3: for (int64_t p = 0; p < a->m; p++) rlx_fft__##S##_pqi(src, dst, tw, gt, p, a, 3, 3, sc); break; \
    case 4: for (int64_t p = 0; p < a->m; p++) rlx_fft__##S##_pqi(src, dst, tw, gt, p, a, 4, 4, sc); break; \
    case 5: for (int64_t p = 0; p < a->m; p++) rlx_fft__##S##_pqi(src, dst, tw, gt, p, a, 5, 5, sc); break; \
    default: for (int64_t p = 0; p < a->m; p++) rlx_fft__##S##_pqi(src, dst, tw, gt, p, a, 0, R, sc); break; \
    } \
} \
/* the generic odd radix: one copy (V > 1: the last pass a run-time flag) */ \
RLX_FFT_FN __attribute__((noinline, noclone)) void rlx_fft__##S##_passg(const T *src, T *dst, \
        const T *tw, const T *gt, const rlx_fft__pp *a, int R, int last, T scale) { \
    if (V > 1 && last) rlx_fft__##S##_pass(src, dst, tw, gt, a, 0, R, 1, scale); \
    else rlx_fft__##S##_pass(src, dst, tw, gt, a, 0, R, 0, scale); \
} \
RLX_FFT_FN void rlx_fft__##S##_passr(const T *src, T *dst, const T *tw, const T *gt, \
        const rlx_fft__pp *a, int R, int last, T scale) { \
    if (V > 1 && last) { \
        switch (R) { \
        case 2: rlx_fft__##S##_pass(src, dst, tw, gt, a, 2, 2, 1, scale); break; \
        case 3: rlx_fft__##S##_pass(src, dst, tw, gt, a, 3, 3, 1, scale); break; \
        case 4: rlx_fft__##S##_pass(src, dst, tw, gt, a, 4, 4, 1, scale); break; \
        case 5: rlx_fft__##S##_pass(src, dst, tw, gt, a, 5, 5, 1, scale); break; \
        case 8: if (RLX_FFT_EIGHTS) { rlx_fft__##S##_pass(src, dst, tw, gt, a, 8, 8, 1, scale); break; } \
        /* fall through (no radix 8) */ \
        default: rlx_fft__##S##_passg(src, dst, tw, gt, a, R, 1, scale); break; \
        } \
    } else if (V > 1) { \
        switch (R) { \
        case 2: rlx_fft__##S##_pass(src, dst, tw, gt, a, 2, 2, 0, scale); break; \
        case 3: rlx_fft__##S##_pass(src, dst, tw, gt, a, 3, 3, 0, scale); break; \
        case 4: rlx_fft__##S##_pass(src, dst, tw, gt, a, 4, 4, 0, scale); break; \
        case 5: rlx_fft__##S##_pass(src, dst, tw, gt, a, 5, 5, 0, scale); break; \
        case 8: if (RLX_FFT_EIGHTS) { rlx_fft__##S##_pass(src, dst, tw, gt, a, 8, 8, 0, scale); break; } \
        /* fall through (no radix 8) */ \
        default: rlx_fft__##S##_passg(src, dst, tw, gt, a, R, 0, scale); break; \
        } \
    } else { \
        switch (R) { \
        case 2: rlx_fft__##S##_pass(src, dst, tw, gt, a, 2, 2, 0, scale); break; \
        case 3: rlx_fft__##S##_pass(src, dst, tw, gt, a, 3, 3, 0, scale); break; \
        case 4: rlx_fft__##S##_pass(src, dst, tw, gt, a, 4, 4, 0, scale); break; \
        case 5: rlx_fft__##S##_pass(src, dst, tw, gt, a, 5, 5, 0, scale); break; \
        default: rlx_fft__##S##_passg(src, dst, tw, gt, a, R, 0, scale); break; \
        } \
    } \
} \
/* the radix-V first pass for V > 1 on V consecutive p: rows k < V of V complex numbers \
   at src + 2 k rs (the caller's layout; lanes in lane order) -> units p of dst (lanes: \
   the V values of k, in lane order) */ \
RLX_INLINE void rlx_fft__##S##_blk0(const T *src, int64_t rs, const T *tw, const T *twb, T *dst, \
                                    int swap) { \
    VT xr[16], xi[16]; \
    for (int k = 0; k < V; k++) { \
        if (swap) rlx_fft__##S##_ldc(src + 2 * k * rs, &xi[k], &xr[k]); \
        else rlx_fft__##S##_ldc(src + 2 * k * rs, &xr[k], &xi[k]); \
    } \
    if (V == 2) rlx_fft__##S##_dft2(xr, xi, 0, 1); \
    else if (V == 4) rlx_fft__##S##_dft4(xr, xi, 0, 1); \
    else if (V == 8) rlx_fft__##S##_dft8(xr, xi, 0, 1); \
    else if (V == 16) rlx_fft__##S##_dft16(xr, xi, 0, 1); \
    for (int k = 1; k < V; k++) { \
        /* W_n^((p0 + l) k) = W_n^(l k) (a table of V - 1 vectors) W_n^(p0 k) (scalars) */ \
        VT wr = rlx_fft__##S##_ld(tw + (k - 1) * 2 * V), wi = rlx_fft__##S##_ld(tw + (k - 1) * 2 * V + V); \
        rlx_fft__##S##_cmul(&wr, &wi, rlx_fft__##S##_bc(twb[2 * (k - 1)]), rlx_fft__##S##_bc(twb[2 * (k - 1) + 1])); \
        rlx_fft__##S##_cmul(&xr[k], &xi[k], wr, wi); \
    } \
    { \
        VT yr[16], yi[16]; \
        for (int l = 0; l < V; l++) { \
            yr[l] = xr[rlx_fft__lane(l, sizeof(T) == 8)]; yi[l] = xi[rlx_fft__lane(l, sizeof(T) == 8)]; \
        } \
        rlx_fft__##S##_tr(yr); \
        rlx_fft__##S##_tr(yi); \
        for (int l = 0; l < V; l++) { \
            T *u = dst + rlx_fft__lane(l, sizeof(T) == 8) * 2 * V; \
            rlx_fft__##S##_st(u, yr[l]); rlx_fft__##S##_st(u + V, yi[l]); \
        } \
    } \
} \
RLX_FFT_FN void rlx_fft__##S##_pass0(const T *in, T *dst, const T *tw0, int64_t m0, int swap) { \
    const int64_t nb = m0 / V, cnt = m0 - nb * V; \
    for (int64_t b = 0; b < nb; b++) \
        rlx_fft__##S##_blk0(in + 2 * b * V, m0, tw0, tw0 + (V - 1) * 2 * V + b * (V - 1) * 2, \
                            dst + b * V * 2 * V, swap); \
    if (cnt) { \
        T ti[2 * 16 * 16], to[2 * 16 * 16]; \
        memset(ti, 0, sizeof ti); \
        for (int k = 0; k < V; k++) \
            for (int64_t l = 0; l < cnt; l++) { \
                ti[(k * V + l) * 2] = in[(nb * V + l + k * m0) * 2]; \
                ti[(k * V + l) * 2 + 1] = in[(nb * V + l + k * m0) * 2 + 1]; \
            } \
        rlx_fft__##S##_blk0(ti, V, tw0, tw0 + (V - 1) * 2 * V + nb * (V - 1) * 2, to, swap); \
        memcpy(dst + nb * V * 2 * V, to, (size_t)cnt * 2 * V * sizeof(T)); \
    } \
} \
/* the whole mixed-radix transform: in -> out (buf: n complex of scratch); the passes \
   ping-pong between out and buf so that the last one writes out */ \
RLX_FFT_FN void rlx_fft__##S##_run(const rlx_fft__plan *P, const T *in, T *out, int swap, T scale, \
                                   T *buf) { \
    const char *base = (const char *)P; \
    const int64_t np = P->npass, tot = np + (V > 1); \
    int64_t t = 0; \
    const T *src = in; \
    if (V > 1) { \
        T *dst = ((tot - 1 - t) & 1) ? buf : out; \
        rlx_fft__##S##_pass0(in, dst, (const T *)(base + P->tw0), P->m0, swap); \
        src = dst; t++; \
    } \
    for (int64_t i = 0; i < np; i++, t++) { \
        T *dst = ((tot - 1 - t) & 1) ? buf : out; \
        const int last = i == np - 1; \
        rlx_fft__pp a; \
        a.m = P->pm[i]; a.s = P->ps[i]; a.swap = swap; \
        a.sre = 0; a.sim = V; a.dre = 0; a.dim = V; \
        if (V == 1 && i == 0 && swap) { a.sre = 1; a.sim = 0; } \
        if (V == 1 && last && swap) { a.dre = 1; a.dim = 0; } \
        a.q0 = 0; \
        const T *tw = (const T *)(base + P->ptw[i]), *gt = (const T *)(base + P->pgen[i]); \
        if (V == 1 && a.s >= (int64_t)(sizeof(rlx_fft_vd) / sizeof(T)) && a.sre == 0) { \
            /* q < s - s % W (W: the lanes of a vector of T) as vectors on the pairs */ \
            const int64_t W = (int64_t)(sizeof(rlx_fft_vd) / sizeof(T)); \
            rlx_fft__##SV##_passi(src, dst, tw, gt, &a, (int)P->radix[i], last ? scale : (T)1); \
            a.q0 = a.s - a.s % W; \
        } \
        if (a.q0 < a.s) \
            rlx_fft__##S##_passr(src, dst, tw, gt, &a, (int)P->radix[i], last, last ? scale : (T)1); \
        src = dst; \
    } \
}
/* end of RLX_FFT__KERNELS */

#ifndef RLX_FFT_NO_F32
RLX_FFT__KERNELS(f32v, float, rlx_vf, RLX_VW, f32v)
#endif
#ifndef RLX_FFT_NO_F64
RLX_FFT__KERNELS(f64v, double, rlx_fft_vd, RLX_FFT_VD, f64v)
#endif
/* The one-complex units' loops are not auto-vectorised: gcc's vectorised versions of
   them were no faster (their strides and short trip counts) and took a third of the
   header's compile time. */
#pragma GCC push_options
#pragma GCC optimize("no-tree-vectorize")
#ifndef RLX_FFT_NO_F32
RLX_FFT__KERNELS(f32s, float, float, 1, f32v)
#endif
#ifndef RLX_FFT_NO_F64
RLX_FFT__KERNELS(f64s, double, double, 1, f64v)
#endif
#pragma GCC pop_options

/* ---- per precision: dispatch, Bluestein, real transforms ---------------------------- */
#define RLX_FFT__GLUE(P, T, SV, SS, VT, V) \
RLX_FFT_FN void rlx_fft__##P##_cc(const rlx_fft__plan *pl, const T *in, T *out, int swap, T scale, \
                                  T *scr); \
/* y[j] = x[j] w[j] scale, j < n (complex; x's or y's parts exchanged when xs / ys; y may \
   be x) */ \
RLX_INLINE void rlx_fft__##P##_cmulv(const T *x, const T *w, T *y, int64_t n, int xs, int ys, \
                                     T scale) { \
    const VT sc = rlx_fft__##SV##_bc(scale); \
    int64_t j = 0; \
    for (; j + V <= n; j += V) { \
        VT xr, xi, wr, wi; \
        if (xs) rlx_fft__##SV##_ldc(x + 2 * j, &xi, &xr); \
        else rlx_fft__##SV##_ldc(x + 2 * j, &xr, &xi); \
        rlx_fft__##SV##_ldc(w + 2 * j, &wr, &wi); \
        rlx_fft__##SV##_cmul(&xr, &xi, wr * sc, wi * sc); \
        if (ys) rlx_fft__##SV##_stc(y + 2 * j, xi, xr); \
        else rlx_fft__##SV##_stc(y + 2 * j, xr, xi); \
    } \
    for (; j < n; j++) { \
        const T xr = x[2 * j + (xs != 0)], xi = x[2 * j + (xs == 0)]; \
        const T wr = w[2 * j] * scale, wi = w[2 * j + 1] * scale; \
        y[2 * j + (ys != 0)] = xr * wr - xi * wi; \
        y[2 * j + (ys == 0)] = xr * wi + xi * wr; \
    } \
} \
RLX_FFT_FN void rlx_fft__##P##_blue(const rlx_fft__plan *pl, const T *in, T *out, int swap, \
                                    T scale, T *scr) { \
    const char *base = (const char *)pl; \
    const rlx_fft__plan *sub = (const rlx_fft__plan *)(base + pl->sub); \
    const int64_t n = pl->n, L = pl->L; \
    const T *w = (const T *)(base + pl->chirp), *B = (const T *)(base + pl->bft); \
    T *a = scr, *A = scr + 2 * L, *s2 = scr + 4 * L; \
    rlx_fft__##P##_cmulv(in, w, a, n, swap, 0, (T)1); \
    memset(a + 2 * n, 0, (size_t)(L - n) * 2 * sizeof(T)); \
    rlx_fft__##P##_cc(sub, a, A, 0, (T)1, s2); \
    rlx_fft__##P##_cmulv(A, B, A, L, 0, 0, (T)1); \
    rlx_fft__##P##_cc(sub, A, a, 1, (T)1, s2); \
    rlx_fft__##P##_cmulv(a, w, out, n, 0, swap, scale); \
} \
RLX_FFT_FN void rlx_fft__##P##_cc(const rlx_fft__plan *pl, const T *in, T *out, int swap, T scale, \
                                  T *scr) { \
    switch (pl->kind) { \
    case RLX_FFT__MIXED: \
        if (pl->vlen > 1) rlx_fft__##SV##_run(pl, in, out, swap, scale, scr); \
        else rlx_fft__##SS##_run(pl, in, out, swap, scale, scr); \
        break; \
    case RLX_FFT__BLUE: \
        rlx_fft__##P##_blue(pl, in, out, swap, scale, scr); \
        break; \
    default: \
        out[0] = in[0] * scale; out[1] = in[1] * scale; \
        break; \
    } \
} \
RLX_FFT_FN void rlx_fft__##P##_r2c(const rlx_fft__plan *pl, const T *in, T *out, T scale, T *scr) { \
    const char *base = (const char *)pl; \
    const rlx_fft__plan *sub = (const rlx_fft__plan *)(base + pl->sub); \
    const int64_t n = pl->n; \
    if (pl->kind == RLX_FFT__REVEN) { \
        const int64_t h = n / 2; \
        const T *w = (const T *)(base + pl->rtw); \
        rlx_fft__##P##_cc(sub, in, out, 0, (T)1, scr); \
        const T z0r = out[0], z0i = out[1]; \
        out[0] = (z0r + z0i) * scale; out[1] = 0; \
        out[2 * h] = (z0r - z0i) * scale; out[2 * h + 1] = 0; \
        /* pairs k, j = h - k: V of them at once (the j lanes reversed), then one by one */ \
        const VT hv = rlx_fft__##SV##_bc((T)0.5 * scale); \
        int64_t k = 1; \
        for (; 2 * (k + V) <= h + 1; k += V) { \
            const int64_t j = h - k - (V - 1); \
            VT ar, ai, br, bi, wr, wi; \
            rlx_fft__##SV##_ldc(out + 2 * k, &ar, &ai); \
            rlx_fft__##SV##_ldc(out + 2 * j, &br, &bi); \
            rlx_fft__##SV##_ldc(w + 2 * k, &wr, &wi); \
            br = rlx_fft__##SV##_rev(br); bi = -rlx_fft__##SV##_rev(bi); \
            const VT er = ar + br, ei = ai + bi, dr = ar - br, di = ai - bi; \
            const VT tr = rlx_fft__##SV##_fma(dr, wi, di * wr), ti = rlx_fft__##SV##_fnma(dr, wr, di * wi); \
            rlx_fft__##SV##_stc(out + 2 * k, (er + tr) * hv, (ei + ti) * hv); \
            rlx_fft__##SV##_stc(out + 2 * j, rlx_fft__##SV##_rev((er - tr) * hv), \
                                rlx_fft__##SV##_rev((ti - ei) * hv)); \
        } \
        for (; 2 * k <= h; k++) { \
            const int64_t j = h - k; \
            const T ar = out[2 * k], ai = out[2 * k + 1], br = out[2 * j], bi = -out[2 * j + 1]; \
            const T er = ar + br, ei = ai + bi, dr = ar - br, di = ai - bi; \
            /* O = d / i = (di, -dr); T = W^k O */ \
            const T wr = w[2 * k], wi = w[2 * k + 1]; \
            const T tr = di * wr + dr * wi, ti = di * wi - dr * wr; \
            const T hs = (T)0.5 * scale; \
            out[2 * k] = (er + tr) * hs; out[2 * k + 1] = (ei + ti) * hs; \
            if (j != k) { out[2 * j] = (er - tr) * hs; out[2 * j + 1] = (ti - ei) * hs; } \
        } \
    } else { \
        T *a = scr, *b = scr + 2 * n, *s2 = scr + 4 * n; \
        for (int64_t j = 0; j < n; j++) { a[2 * j] = in[j]; a[2 * j + 1] = 0; } \
        rlx_fft__##P##_cc(sub, a, b, 0, scale, s2); \
        memcpy(out, b, (size_t)(n / 2 + 1) * 2 * sizeof(T)); \
    } \
} \
RLX_FFT_FN void rlx_fft__##P##_c2r(const rlx_fft__plan *pl, const T *in, T *out, T scale, T *scr) { \
    const char *base = (const char *)pl; \
    const rlx_fft__plan *sub = (const rlx_fft__plan *)(base + pl->sub); \
    const int64_t n = pl->n; \
    if (pl->kind == RLX_FFT__REVEN) { \
        const int64_t h = n / 2; \
        const T *w = (const T *)(base + pl->rtw); \
        T *z = scr, *s2 = scr + 2 * h; \
        for (int64_t k = 0; k < h; k++) { \
            if (k >= 1 && k + V <= h) {    /* V at once, the mirrored lanes reversed */ \
                const int64_t j = h - k - (V - 1); \
                VT ar, ai, br, bi, wr, wi; \
                rlx_fft__##SV##_ldc(in + 2 * k, &ar, &ai); \
                rlx_fft__##SV##_ldc(in + 2 * j, &br, &bi); \
                rlx_fft__##SV##_ldc(w + 2 * k, &wr, &wi); \
                br = rlx_fft__##SV##_rev(br); bi = -rlx_fft__##SV##_rev(bi); \
                const VT er = ar + br, ei = ai + bi, dr = ar - br, di = ai - bi; \
                const VT or_ = rlx_fft__##SV##_fma(di, wi, dr * wr), oi = rlx_fft__##SV##_fnma(dr, wi, di * wr); \
                rlx_fft__##SV##_stc(z + 2 * k, er - oi, ei + or_); \
                k += V - 1; \
                continue; \
            } \
            const int64_t j = h - k; \
            const T ar = in[2 * k], ai = k ? in[2 * k + 1] : 0; \
            const T br = in[2 * j], bi = j == h ? 0 : -in[2 * j + 1]; \
            const T er = ar + br, ei = ai + bi, dr = ar - br, di = ai - bi; \
            /* 2 O = d conj(W^k); Z = 2E + i 2O */ \
            const T wr = w[2 * k], wi = w[2 * k + 1]; \
            const T or_ = dr * wr + di * wi, oi = di * wr - dr * wi; \
            z[2 * k] = er - oi; z[2 * k + 1] = ei + or_; \
        } \
        rlx_fft__##P##_cc(sub, z, out, 1, scale, s2); \
    } else { \
        T *a = scr, *b = scr + 2 * n, *s2 = scr + 4 * n; \
        a[0] = in[0]; a[1] = 0; \
        for (int64_t k = 1; 2 * k < n + 1; k++) { \
            a[2 * k] = in[2 * k]; a[2 * k + 1] = in[2 * k + 1]; \
            a[2 * (n - k)] = in[2 * k]; a[2 * (n - k) + 1] = -in[2 * k + 1]; \
        } \
        rlx_fft__##P##_cc(sub, a, b, 1, scale, s2); \
        for (int64_t j = 0; j < n; j++) out[j] = b[2 * j]; \
    } \
}
/* end of RLX_FFT__GLUE */

#ifndef RLX_FFT_NO_F32
RLX_FFT__GLUE(f32, float, f32v, f32s, rlx_vf, RLX_VW)
#endif
#ifndef RLX_FFT_NO_F64
RLX_FFT__GLUE(f64, double, f64v, f64s, rlx_fft_vd, RLX_FFT_VD)
#endif

/* ---- plans ------------------------------------------------------------------------- */
RLX_FFT_FN int64_t rlx_fft__align(int64_t b) { return (b + 63) & ~(int64_t)63; }

/* cos and sin of 2 pi t / N: 4t = q N + r, angle = (q + r / N) pi / 2, the fraction
   reduced to [0, pi / 4] */
RLX_FFT_FN void rlx_fft__cis(int64_t t, int64_t N, double *c, double *s) {
    t %= N;
    if (t < 0) t += N;
    const int64_t q = (4 * t) / N, r = 4 * t - q * N;
    double cc, ss;
    if (2 * r <= N) {
        const double x = 1.57079632679489661923 * ((double)r / (double)N);
        cc = cos(x); ss = sin(x);
    } else {
        const double x = 1.57079632679489661923 * ((double)(N - r) / (double)N);
        cc = sin(x); ss = cos(x);
    }
    switch (q & 3) {
    case 0: *c = cc; *s = ss; break;
    case 1: *c = -ss; *s = cc; break;
    case 2: *c = -cc; *s = -ss; break;
    default: *c = ss; *s = -cc; break;
    }
}
RLX_FFT_FN void rlx_fft__put(char *tab, int64_t i, double v, int dbl) {
    if (dbl) ((double *)tab)[i] = v;
    else ((float *)tab)[i] = (float)v;
}
RLX_FFT_FN int64_t rlx_fft__maxprime(int64_t n) {
    int64_t best = 1;
    for (int64_t p = 2; p * p <= n; p++)
        while (n % p == 0) { best = p; n /= p; }
    return n > 1 ? n : best;
}
/* radices of M, in pass order: 8s (with one or two 4s, or one 2, for the rest of the
   power of two; 4s and a 2 without eights), 3s, 5s, then the other primes */
RLX_FFT_FN int rlx_fft__factor(int64_t M, int64_t *rad, int eights) {
    int np = 0, a = 0;
    while (M % 2 == 0) { M /= 2; a++; }
    if (eights) {
        int n8 = a / 3, rem = a % 3;
        if (rem == 1 && n8 > 0) { n8--; rem = 4; }
        for (int i = 0; i < n8; i++) rad[np++] = 8;
        if (rem == 4) { rad[np++] = 4; rad[np++] = 4; }
        else if (rem == 2) rad[np++] = 4;
        else if (rem == 1) rad[np++] = 2;
    } else {
        for (; a >= 2; a -= 2) rad[np++] = 4;
        if (a) rad[np++] = 2;
    }
    for (int64_t p = 3; M > 1; p += 2)
        while (M % p == 0) { rad[np++] = p; M /= p; }
    return np;
}
/* smallest 2^a 3^b 5^c >= lo that is a multiple of mult (a power of two) */
RLX_FFT_FN int64_t rlx_fft__goodlen(int64_t lo, int64_t mult) {
    int64_t best = mult;
    while (best < lo) best *= 2;
    for (int64_t f5 = 1; f5 < best; f5 *= 5)
        for (int64_t f35 = f5; f35 < best; f35 *= 3) {
            int64_t v = f35 * mult;
            while (v < lo) v *= 2;
            if (v < best) best = v;
        }
    return best;
}

RLX_FFT_FN int64_t rlx_fft__rbuild(char *mem, int64_t n, int real, int dbl, int64_t *scratch);

/* a complex plan of n points at mem (NULL: sizes only); returns its bytes */
RLX_FFT_FN int64_t rlx_fft__cbuild(char *mem, int64_t n, int dbl, int64_t *scratch) {
    rlx_fft__plan local, *P = mem ? (rlx_fft__plan *)mem : &local;
    memset(P, 0, sizeof *P);
    const int64_t es = dbl ? 8 : 4, V = dbl ? RLX_FFT_VD : RLX_VW;
    int64_t off = rlx_fft__align(sizeof(rlx_fft__plan));
    P->n = n; P->dbl = dbl;
    if (n == 1) {
        P->kind = RLX_FFT__COPY;
        *scratch = 0;
    } else if (rlx_fft__maxprime(n) > RLX_FFT_GENMAX) {
        P->kind = RLX_FFT__BLUE;
        const int64_t L = rlx_fft__goodlen(2 * n - 1, V * V), cb = rlx_fft__align(2 * L * es);
        int64_t sscr;
        P->L = L;
        P->sub = off;
        off += rlx_fft__cbuild(mem ? mem + off : NULL, L, dbl, &sscr);
        P->chirp = off; off += rlx_fft__align(2 * n * es);
        P->bft = off; off += cb;
        const int64_t work = off;
        off += cb + rlx_fft__align(sscr);      /* used by the builder only */
        *scratch = 2 * cb + rlx_fft__align(sscr);
        if (mem) {
            char *w = mem + P->chirp, *b = mem + work;
            memset(b, 0, (size_t)cb);
            for (int64_t j = 0, sq = 0; j < n; j++) {
                /* sq = j^2 mod 2n, without forming j^2 */
                double c, s;
                rlx_fft__cis(sq, 2 * n, &c, &s);
                sq += 2 * j + 1;
                if (sq >= 2 * n) sq -= 2 * n;
                rlx_fft__put(w, 2 * j, c, dbl); rlx_fft__put(w, 2 * j + 1, -s, dbl);
                rlx_fft__put(b, 2 * j, c, dbl); rlx_fft__put(b, 2 * j + 1, s, dbl);
                if (j) { rlx_fft__put(b, 2 * (L - j), c, dbl); rlx_fft__put(b, 2 * (L - j) + 1, s, dbl); }
            }
#ifndef RLX_FFT_NO_F64
            if (dbl)
                rlx_fft__f64_cc((const rlx_fft__plan *)(mem + P->sub), (const double *)b,
                                (double *)(mem + P->bft), 0, 1.0 / (double)L, (double *)(mem + work + cb));
#endif
#ifndef RLX_FFT_NO_F32
            if (!dbl)
                rlx_fft__f32_cc((const rlx_fft__plan *)(mem + P->sub), (const float *)b,
                                (float *)(mem + P->bft), 0, (float)(1.0 / (double)L), (float *)(mem + work + cb));
#endif
        }
    } else {
        P->kind = RLX_FFT__MIXED;
        int64_t M = n;
        P->vlen = 1;
        if (V > 1 && n % V == 0 && n >= V * V) {
            const int64_t m0 = n / V, nb = (m0 + V - 1) / V;
            P->vlen = V; P->m0 = m0; M = m0;
            P->tw0 = off;
            off += rlx_fft__align(((V - 1) * 2 * V + nb * (V - 1) * 2) * es);
            if (mem) {
                char *t = mem + P->tw0;
                for (int64_t k = 1; k < V; k++)
                    for (int64_t l = 0; l < V; l++) {
                        double c, s;
                        rlx_fft__cis(rlx_fft__lane((int)l, dbl) * k, n, &c, &s);
                        rlx_fft__put(t, (k - 1) * 2 * V + l, c, dbl);
                        rlx_fft__put(t, (k - 1) * 2 * V + V + l, -s, dbl);
                    }
                for (int64_t b = 0; b < nb; b++)
                    for (int64_t k = 1; k < V; k++) {
                        double c, s;
                        rlx_fft__cis(b * V * k, n, &c, &s);
                        rlx_fft__put(t, (V - 1) * 2 * V + (b * (V - 1) + k - 1) * 2, c, dbl);
                        rlx_fft__put(t, (V - 1) * 2 * V + (b * (V - 1) + k - 1) * 2 + 1, -s, dbl);
                    }
            }
        }
        P->npass = rlx_fft__factor(M, P->radix, P->vlen > 1 && RLX_FFT_EIGHTS);
        int64_t ncur = M, s = 1;
        for (int64_t i = 0; i < P->npass; i++) {
            const int64_t R = P->radix[i], m = ncur / R;
            P->pm[i] = m; P->ps[i] = s;
            P->ptw[i] = off;
            off += rlx_fft__align(m * (R - 1) * 2 * es);
            P->pgen[i] = off;
            off += rlx_fft__align(2 * R * es);
            if (mem) {
                for (int64_t p = 0; p < m; p++)
                    for (int64_t k = 1; k < R; k++) {
                        double c, sn;
                        rlx_fft__cis(p * k, ncur, &c, &sn);
                        rlx_fft__put(mem + P->ptw[i], (p * (R - 1) + k - 1) * 2, c, dbl);
                        rlx_fft__put(mem + P->ptw[i], (p * (R - 1) + k - 1) * 2 + 1, -sn, dbl);
                    }
                for (int64_t t = 0; t < R; t++) {
                    double c, sn;
                    rlx_fft__cis(t, R, &c, &sn);
                    rlx_fft__put(mem + P->pgen[i], 2 * t, c, dbl);
                    rlx_fft__put(mem + P->pgen[i], 2 * t + 1, sn, dbl);
                }
            }
            ncur = m; s *= R;
        }
        *scratch = rlx_fft__align(2 * n * es);
    }
    P->bytes = off; P->scratch = *scratch;
    return off;
}

/* a real plan (even n: complex half length + twiddles; odd n: complex n) */
RLX_FFT_FN int64_t rlx_fft__rbuild(char *mem, int64_t n, int real, int dbl, int64_t *scratch) {
    if (!real) return rlx_fft__cbuild(mem, n, dbl, scratch);
    rlx_fft__plan local, *P = mem ? (rlx_fft__plan *)mem : &local;
    memset(P, 0, sizeof *P);
    const int64_t es = dbl ? 8 : 4;
    int64_t off = rlx_fft__align(sizeof(rlx_fft__plan)), sscr;
    P->n = n; P->dbl = dbl;
    P->sub = off;
    if (n % 2 == 0) {
        const int64_t h = n / 2;
        P->kind = RLX_FFT__REVEN;
        off += rlx_fft__cbuild(mem ? mem + off : NULL, h, dbl, &sscr);
        P->rtw = off;
        off += rlx_fft__align(2 * h * es);
        if (mem)
            for (int64_t k = 0; k < h; k++) {
                double c, s;
                rlx_fft__cis(k, n, &c, &s);
                rlx_fft__put(mem + P->rtw, 2 * k, c, dbl); rlx_fft__put(mem + P->rtw, 2 * k + 1, -s, dbl);
            }
        *scratch = rlx_fft__align(2 * h * es) + rlx_fft__align(sscr);
    } else {
        P->kind = RLX_FFT__RODD;
        off += rlx_fft__cbuild(mem ? mem + off : NULL, n, dbl, &sscr);
        *scratch = 2 * rlx_fft__align(2 * n * es) + rlx_fft__align(sscr);
    }
    P->bytes = off; P->scratch = *scratch;
    return off;
}

/* ---- the API -------------------------------------------------------------------------- */
RLX_FFT_FN int64_t rlx_fft_plan_bytes(int64_t n, int real, int dbl) {
    int64_t s;
    return rlx_fft__rbuild(NULL, n, real, dbl, &s);
}
RLX_FFT_FN int64_t rlx_fft_scratch_bytes(int64_t n, int real, int dbl) {
    int64_t s;
    rlx_fft__rbuild(NULL, n, real, dbl, &s);
    return s;
}
RLX_FFT_FN void rlx_fft_plan_init(void *mem, int64_t n, int real, int dbl) {
    int64_t s;
    rlx_fft__rbuild((char *)mem, n, real, dbl, &s);
}
#ifndef RLX_FFT_NO_F32
RLX_FFT_FN void rlx_fft_c2c_f32(const void *plan, const float *in, float *out, int sign, float scale,
                                void *scratch) {
    rlx_fft__f32_cc((const rlx_fft__plan *)plan, in, out, sign > 0, scale, (float *)scratch);
}
RLX_FFT_FN void rlx_fft_r2c_f32(const void *plan, const float *in, float *out, float scale,
                                void *scratch) {
    rlx_fft__f32_r2c((const rlx_fft__plan *)plan, in, out, scale, (float *)scratch);
}
RLX_FFT_FN void rlx_fft_c2r_f32(const void *plan, const float *in, float *out, float scale,
                                void *scratch) {
    rlx_fft__f32_c2r((const rlx_fft__plan *)plan, in, out, scale, (float *)scratch);
}
#endif
#ifndef RLX_FFT_NO_F64
RLX_FFT_FN void rlx_fft_c2c_f64(const void *plan, const double *in, double *out, int sign,
                                double scale, void *scratch) {
    rlx_fft__f64_cc((const rlx_fft__plan *)plan, in, out, sign > 0, scale, (double *)scratch);
}
RLX_FFT_FN void rlx_fft_r2c_f64(const void *plan, const double *in, double *out, double scale,
                                void *scratch) {
    rlx_fft__f64_r2c((const rlx_fft__plan *)plan, in, out, scale, (double *)scratch);
}
RLX_FFT_FN void rlx_fft_c2r_f64(const void *plan, const double *in, double *out, double scale,
                                void *scratch) {
    rlx_fft__f64_c2r((const rlx_fft__plan *)plan, in, out, scale, (double *)scratch);
}
#endif

#endif /* RLX_FFT_H */


/* the kernels call the library through these, so that it is compiled once per
   translation unit rather than inlined into every transform's kernel */
static __attribute__((noinline, unused)) int64_t rlx_fftk_plan_bytes(int64_t n, int r, int d) { return rlx_fft_plan_bytes(n, r, d); }
static __attribute__((noinline, unused)) int64_t rlx_fftk_scratch_bytes(int64_t n, int r, int d) { return rlx_fft_scratch_bytes(n, r, d); }
static __attribute__((noinline, unused)) void rlx_fftk_plan_init(void *m, int64_t n, int r, int d) { rlx_fft_plan_init(m, n, r, d); }
static __attribute__((noinline, unused)) void rlx_fftk_c2c_f32(const void *p, const float *in, float *out, int sign, float scale, void *s) { rlx_fft_c2c_f32(p, in, out, sign, scale, s); }
static __attribute__((noinline, unused)) void rlx_fftk_c2c_f64(const void *p, const double *in, double *out, int sign, double scale, void *s) { rlx_fft_c2c_f64(p, in, out, sign, scale, s); }
static __attribute__((noinline, unused)) void rlx_fftk_r2c_f32(const void *p, const float *in, float *out, float scale, void *s) { rlx_fft_r2c_f32(p, in, out, scale, s); }
static __attribute__((noinline, unused)) void rlx_fftk_r2c_f64(const void *p, const double *in, double *out, double scale, void *s) { rlx_fft_r2c_f64(p, in, out, scale, s); }
static __attribute__((noinline, unused)) void rlx_fftk_c2r_f32(const void *p, const float *in, float *out, float scale, void *s) { rlx_fft_c2r_f32(p, in, out, scale, s); }
static __attribute__((noinline, unused)) void rlx_fftk_c2r_f64(const void *p, const double *in, double *out, double scale, void *s) { rlx_fft_c2r_f64(p, in, out, scale, s); }

static inline int rlx_thread_id(void) {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

static __attribute__((noinline, unused)) int64_t rlx_keep_dyn(const int64_t *ctl, int j) {
    int64_t *t = (int64_t *)(RLX_KEEP + 128);
    if (t[4] == 0) {
        int64_t at = 192;
        t[0] = at; at += RLX_ROUND64(rlx_fftk_plan_bytes(100, 1, 0));
        t[1] = at; at += RLX_ROUND64(2 * (RLX_ROUND64(rlx_fftk_scratch_bytes(100, 1, 0)) + 0));
        t[2] = at; at += RLX_ROUND64(rlx_fftk_plan_bytes(48, 1, 0));
        t[3] = at; at += RLX_ROUND64(2 * (RLX_ROUND64(rlx_fftk_scratch_bytes(48, 1, 0)) + 520));
        t[4] = at;
    }
    return t[j];
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_irfft: op: irfft */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    int64_t *rlx_fft_n1_state = (int64_t *)(RLX_KEEP + 0);
    uint8_t *rlx_fft_n1_plan = RLX_KEEP + rlx_keep_dyn(ctl, 0);
    uint8_t *rlx_fft_n1_scr = RLX_KEEP + rlx_keep_dyn(ctl, 1);
    if (rlx_fft_n1_state[0] != 1) {
        rlx_fftk_plan_init(rlx_fft_n1_plan, 100, 1, 0);
        rlx_fft_n1_state[1] = RLX_ROUND64(rlx_fftk_scratch_bytes(100, 1, 0));
        rlx_fft_n1_state[0] = 1;
    }
    const int64_t scr_bytes = rlx_fft_n1_state[1];
    const int64_t per_thread = scr_bytes + 0;
    (void)scr_bytes;
    for (int64_t l = 0; l < 48; l++) {
        uint8_t *scr = rlx_fft_n1_scr + (int64_t)rlx_thread_id() * per_thread;
        const int64_t o = l / 1, i = l % 1;
        const float *in = ((const float *)((uint8_t *)slots[0])) + (o * 51 + i) * 2;
        float *out = ((float *)((uint8_t *)slots[1])) + (o * 100 + i) * 1;
        rlx_fftk_c2r_f32(rlx_fft_n1_plan, in, out, (float)0.01, scr);
    }
    return 0;
}

/* k2_irfft: op: irfft */
static int rlx_k2(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    int64_t *rlx_fft_n3_state = (int64_t *)(RLX_KEEP + 64);
    uint8_t *rlx_fft_n3_plan = RLX_KEEP + rlx_keep_dyn(ctl, 2);
    uint8_t *rlx_fft_n3_scr = RLX_KEEP + rlx_keep_dyn(ctl, 3);
    if (rlx_fft_n3_state[0] != 1) {
        rlx_fftk_plan_init(rlx_fft_n3_plan, 48, 1, 0);
        rlx_fft_n3_state[1] = RLX_ROUND64(rlx_fftk_scratch_bytes(48, 1, 0));
        rlx_fft_n3_state[0] = 1;
    }
    const int64_t scr_bytes = rlx_fft_n3_state[1];
    const int64_t per_thread = scr_bytes + 520;
    (void)scr_bytes;
    for (int64_t l = 0; l < 51; l++) {
        uint8_t *scr = rlx_fft_n3_scr + (int64_t)rlx_thread_id() * per_thread;
        const int64_t o = l / 51, i = l % 51;
        const float *in = ((const float *)(((uint8_t *)slots[0]) + 0)) + (o * 1275 + i) * 2;
        float *out = ((float *)((uint8_t *)slots[2])) + (o * 2448 + i) * 1;
        float *bin = (float *)(scr + scr_bytes);
        float *bout = bin + 66;
        for (int64_t j = 0; j < 25; j++) {
            bin[j * 2 + 0] = in[j * 102 + 0];
            bin[j * 2 + 1] = in[j * 102 + 1];
        }
        rlx_fftk_c2r_f32(rlx_fft_n3_plan, bin, bout, (float)0.020833333333333332, scr);
        for (int64_t j = 0; j < 48; j++) {
            out[j * 51 + 0] = bout[j * 1 + 0];
        }
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k0(slots, arena, ctl)) != 0) return rc;
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

int64_t rlx_keep_bytes(void) { return 192 + RLX_ROUND64(rlx_fftk_plan_bytes(100, 1, 0)) + RLX_ROUND64(2 * (RLX_ROUND64(rlx_fftk_scratch_bytes(100, 1, 0)) + 0)) + RLX_ROUND64(rlx_fftk_plan_bytes(48, 1, 0)) + RLX_ROUND64(2 * (RLX_ROUND64(rlx_fftk_scratch_bytes(48, 1, 0)) + 520)); }

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
