/* codegen_replay: main program of graph 'op_matmul' */
/* rlx: generated from graph 'op_matmul', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


#include "cblas.h"

static void rlx_epi_n5(void **slots, uint8_t *arena, int64_t f0, int64_t f1) {
    (void)slots; (void)arena;
    for (int64_t r = f0 / 1536; r * 1536 < f1; r++) {
        const int64_t j0 = r * 1536 < f0 ? f0 - r * 1536 : 0;
        const int64_t j1 = (r + 1) * 1536 > f1 ? f1 - r * 1536 : 1536;
        const int64_t ro0 = (r % 32) * 1536 + (r / 32) * 49152;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a5 = ((float *)((uint8_t *)slots[7]))[r * 1536 + j];
            const float v6 = ((const float *)((uint8_t *)slots[5]))[ro1 + j * 1];
            const float t7 = ((a5) + (v6));
            ((float *)((uint8_t *)slots[7]))[r * 1536 + j] = t7;
        }
    }
}

#define RLX_PK_MR 12
#define RLX_PK_NR 32
#define RLX_PK_KC 384
#define RLX_PK_NC 16
#define RLX_PK_PF 8
/* Packed f32 GEMM for a weight operand that stays the same across runs.
   B (K x N) is repacked once into panels of RLX_PK_NR columns, each K x NR, k-major and
   zero-padded; A (M x K) is read in place when its rows are contiguous, else packed on
   every run into slivers of RLX_PK_MR rows, each K x MR. A micro-tile keeps MR x NR sums
   in registers over a KC block of k; blocks of k are added in order, so every element's
   rounding is the same however the rows and panels are split over threads. One source
   for every ISA tier: the micro-kernel is written against the prelude's rlx_vf vectors
   and covers a tile with register sub-tiles of RLX_SUB_MR x RLX_SUB_NV vectors (the
   whole 12 x 32 tile on AVX-512; 2 x 2 sub-tiles of 6 x 16 on AVX2), each summing its
   elements over k in the same order, so every FMA tier gives the same bits. */
/* RLX_PK_MR, RLX_PK_NR (columns of a panel, a multiple of 16), RLX_PK_KC, RLX_PK_NC and
   RLX_PK_PF (prefetch distance in k steps) are defined by the renderer
   (rlx.backends.cpu.kernels.support) before this file. */
#define RLX_PK_NV (RLX_PK_NR / RLX_VW)
#if RLX_VW < 16
/* A sub-tile's k block of A rows and of its half panel fit a 32 KiB L1 at 256 steps, not
   at the renderer's 384 (AVX2, 128 x 384 x 1536 at 1 thread: 98 -> 117 GFLOP/s). */
#undef RLX_PK_KC
#define RLX_PK_KC 256
#endif
#define RLX_PK_VPL (RLX_VW >= 16 ? 1 : 16 / RLX_VW)   /* vectors per 64-byte line */
typedef void (*rlx_epi_fn)(void **, uint8_t *, int64_t, int64_t);

#if defined(__AVX512F__)
/* Transpose the 16 x 16 block held in r (row i in r[i]) in place: unpacks and shuffles
   of 32-bit, 64-bit and 128-bit lanes. */
static inline void rlx_pk_transpose16_regs(__m512 r[16]) {
    __m512 t[16];
    for (int i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 16; i += 4) {
        r[i] = _mm512_shuffle_ps(t[i], t[i + 2], 0x44);
        r[i + 1] = _mm512_shuffle_ps(t[i], t[i + 2], 0xEE);
        r[i + 2] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0x44);
        r[i + 3] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
    }
    for (int i = 0; i < 4; i++) {
        t[i] = _mm512_shuffle_f32x4(r[i], r[i + 4], 0x88);
        t[i + 4] = _mm512_shuffle_f32x4(r[i], r[i + 4], 0xDD);
        t[i + 8] = _mm512_shuffle_f32x4(r[i + 8], r[i + 12], 0x88);
        t[i + 12] = _mm512_shuffle_f32x4(r[i + 8], r[i + 12], 0xDD);
    }
    for (int i = 0; i < 4; i++) {
        r[i] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0x88);
        r[i + 8] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0xDD);
        r[i + 4] = _mm512_shuffle_f32x4(t[i + 4], t[i + 12], 0x88);
        r[i + 12] = _mm512_shuffle_f32x4(t[i + 4], t[i + 12], 0xDD);
    }
}

/* dst[c * ds + r] = src[r * ss + c] for a 16 x 16 block. */
static inline void rlx_pk_transpose16(const float *src, int64_t ss, float *dst, int64_t ds) {
    __m512 r[16];
    for (int i = 0; i < 16; i++) r[i] = _mm512_loadu_ps(src + i * ss);
    rlx_pk_transpose16_regs(r);
    for (int i = 0; i < 16; i++) _mm512_storeu_ps(dst + i * ds, r[i]);
}

/* The same for the first cols (1 to 15) columns of the 16 rows: masked loads, cols
   stores. */
static inline void rlx_pk_transpose16_cols(const float *src, int64_t ss, float *dst, int64_t ds,
                                           int64_t cols) {
    const __mmask16 mask = (__mmask16)((1u << cols) - 1);
    __m512 r[16];
    for (int i = 0; i < 16; i++) r[i] = _mm512_maskz_loadu_ps(mask, src + i * ss);
    rlx_pk_transpose16_regs(r);
    for (int i = 0; i < cols; i++) _mm512_storeu_ps(dst + i * ds, r[i]);
}

#elif RLX_VW == 8
/* dst[c * ds + r] = src[r * ss + c] for an 8 x 8 block (AVX2): unpacks and shuffles of
   32-bit and 64-bit lanes, then the 128-bit halves exchanged */
static inline void rlx_pk_transpose8(const float *src, int64_t ss, float *dst, int64_t ds) {
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
   the target has them (AVX-512 16 x 16, AVX2 8 x 8) and the edges element by element,
   else 8 x 8 blocks of scalar copies (the vector shim has no operation that moves values
   between lanes). Attention packs K^T with it on every run: on AVX2 the scalar copies
   were a third of its time outside the two products (128 keys of 64, 1 thread:
   1.09 -> 0.94 ms a call); 3-10 % of ResNet-50's Winograd convs. */
static void rlx_pk_transpose(const float *src, int64_t ss, float *dst, int64_t ds,
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
            rlx_pk_transpose8(src + r * ss + c, ss, dst + c * ds + r, ds);
        for (int64_t c = full_c; c < cols; c++)
            for (int64_t i = r; i < r + B; i++) dst[c * ds + i] = src[i * ss + c];
#endif
    }
    for (int64_t r = full_r; r < rows; r++)
        for (int64_t c = 0; c < cols; c++) dst[c * ds + r] = src[r * ss + c];
#else
    for (int64_t r0 = 0; r0 < rows; r0 += 8)
        for (int64_t c0 = 0; c0 < cols; c0 += 8) {
            const int64_t r1 = rows - r0 < 8 ? rows : r0 + 8;
            const int64_t c1 = cols - c0 < 8 ? cols : c0 + 8;
            for (int64_t c = c0; c < c1; c++)
                for (int64_t r = r0; r < r1; r++) dst[c * ds + r] = src[r * ss + c];
        }
#endif
}

static void rlx_pk_pack_b(int64_t k, int64_t n, const float *b, int64_t rs, int64_t cs,
                          float *bp, int64_t p) {
    float *dst = bp + p * k * RLX_PK_NR;
    const int64_t j0 = p * RLX_PK_NR;
    const int64_t nr = n - j0 < RLX_PK_NR ? n - j0 : RLX_PK_NR;
    if (rs == 1) {   /* B stored transposed: read each column's k values in a row */
        rlx_pk_transpose(b + j0 * cs, cs, dst, RLX_PK_NR, nr, k);
        for (int64_t kk = 0; kk < k; kk++)
            for (int64_t j = nr; j < RLX_PK_NR; j++) dst[kk * RLX_PK_NR + j] = 0.0f;
        return;
    }
    for (int64_t kk = 0; kk < k; kk++) {
        float *d = dst + kk * RLX_PK_NR;
        const float *src = b + kk * rs + j0 * cs;
        int64_t j = 0;
        if (cs == 1) for (; j < nr; j++) d[j] = src[j];
        else for (; j < nr; j++) d[j] = src[j * cs];
        for (; j < RLX_PK_NR; j++) d[j] = 0.0f;
    }
}

static void rlx_pk_pack_a(int64_t m, int64_t k, const float *a, int64_t rs, int64_t cs,
                          float *ap, int64_t s) {
    float *dst = ap + s * k * RLX_PK_MR;
    const int64_t i0 = s * RLX_PK_MR;
    const int64_t mr = m - i0 < RLX_PK_MR ? m - i0 : RLX_PK_MR;
    if (cs == 1) {
        for (int64_t i = 0; i < mr; i++) {
            const float *src = a + (i0 + i) * rs;
            for (int64_t kk = 0; kk < k; kk++) dst[kk * RLX_PK_MR + i] = src[kk];
        }
    } else {
        for (int64_t kk = 0; kk < k; kk++)
            for (int64_t i = 0; i < mr; i++) dst[kk * RLX_PK_MR + i] = a[(i0 + i) * rs + kk * cs];
    }
    for (int64_t i = mr; i < RLX_PK_MR; i++)
        for (int64_t kk = 0; kk < k; kk++) dst[kk * RLX_PK_MR + i] = 0.0f;
}

/* Tiles come in RLX_PK_MR rows and, for a last sliver of fewer rows, in 8 and 4 rows
   (fewer multiply-adds than padding it to MR: 128 rows are 10 x 12 + 8). Each body below
   is inlined with its sizes constant, so its loops unroll and the sums stay in
   registers. */
#define RLX_PK_INLINE static inline __attribute__((always_inline))

/* One register sub-tile: c[i, (v0 + v) * VW + lane] for rows i < ROWS (a constant, at
   most RLX_SUB_MR) and vectors v < NV (a constant, at most RLX_SUB_NV) = (accumulate ?
   c : 0) + sum over kk < kc of A(i, kk) * bp[kk * NR + (v0 + v) * VW + lane], where
   A(i, kk) = a[i * ars + kk * aks]. Only rows below mr and columns below nr are
   stored. The panel row RLX_PK_PF steps ahead is prefetched into L1: the hardware
   prefetchers alone leave the FMAs waiting on L2 once B outgrows L1 (10-20% slower at
   128 x 384 x 1536 on AVX-512). Past the block's end this touches the panel's next k
   block or the next panel, which come next anyway (a prefetch never faults). */
RLX_PK_INLINE void rlx_pk_sub(const int rows, const int nv, int64_t kc, const float *a,
                              int64_t ars, int64_t aks, const float *bp, int v0, float *c,
                              int64_t ldc, int accumulate, int64_t mr, int64_t nr) {
    rlx_vf acc[RLX_SUB_MR][RLX_SUB_NV];
    _Pragma("GCC unroll 16")
    for (int i = 0; i < rows; i++)
        for (int v = 0; v < nv; v++) acc[i][v] = rlx_v_zero();
    const float *b = bp + v0 * RLX_VW;
    for (int64_t kk = 0; kk < kc; kk++) {
        rlx_vf bv[RLX_SUB_NV];
        for (int v = 0; v < nv; v += RLX_PK_VPL)
            __builtin_prefetch(b + (kk + RLX_PK_PF) * RLX_PK_NR + v * RLX_VW, 0, 3);
        for (int v = 0; v < nv; v++) bv[v] = rlx_v_load(b + kk * RLX_PK_NR + v * RLX_VW);
        _Pragma("GCC unroll 16")
        for (int i = 0; i < rows; i++) {
            const rlx_vf ai = rlx_v_set1(a[i * ars + kk * aks]);
            for (int v = 0; v < nv; v++) acc[i][v] = rlx_v_fma(ai, bv[v], acc[i][v]);
        }
    }
    _Pragma("GCC unroll 16")
    for (int i = 0; i < rows; i++) {
        if (i >= mr) break;
        float *ci = c + i * ldc + v0 * RLX_VW;
        for (int v = 0; v < nv; v++) {
            const int64_t left = nr - (v0 + v) * RLX_VW;
            if (left >= RLX_VW) {
                rlx_vf x = acc[i][v];
                if (accumulate) x = rlx_v_load(ci + v * RLX_VW) + x;
                rlx_v_store(ci + v * RLX_VW, x);
            } else if (left > 0) {
                rlx_vf x = acc[i][v];
                if (accumulate) x = rlx_v_load_n(ci + v * RLX_VW, left) + x;
                rlx_v_store_n(ci + v * RLX_VW, x, left);
            }
        }
    }
}

/* A tile of ROWS rows (a constant) x NR columns as register sub-tiles: column groups of
   RLX_SUB_NV vectors outside, row groups of RLX_SUB_MR rows inside (so a group's
   columns of the panel are read from L1 by every row group). */
RLX_PK_INLINE void rlx_pk_tile_any(const int rows, int64_t kc, const float *a, int64_t ars,
                                   int64_t aks, const float *bp, float *c, int64_t ldc,
                                   int accumulate, int64_t mr, int64_t nr) {
    _Pragma("GCC unroll 16")
    for (int v0 = 0; v0 < RLX_PK_NV; v0 += RLX_SUB_NV) {
        if (v0 * RLX_VW >= nr) break;
        const int nv = RLX_PK_NV - v0 < RLX_SUB_NV ? RLX_PK_NV - v0 : RLX_SUB_NV;
        _Pragma("GCC unroll 16")
        for (int r0 = 0; r0 < rows; r0 += RLX_SUB_MR) {
            if (r0 >= mr) break;
            const int r = rows - r0 < RLX_SUB_MR ? rows - r0 : RLX_SUB_MR;
            rlx_pk_sub(r, nv, kc, a + r0 * ars, ars, aks, bp, v0, c + r0 * ldc, ldc,
                       accumulate, mr - r0, nr);
        }
    }
}

/* Rows a tile of a sliver with mr rows computes: MR, or 8 or 4 for a short last one. */
static inline int64_t rlx_pk_tile_height(int64_t mr) {
#if RLX_PK_MR > 8
    if (mr <= 8) return mr <= 4 ? 4 : 8;
#endif
    return RLX_PK_MR;
}

/* c[0:mr, 0:nr] = (accumulate ? c : 0) + A (rows x kc) * bp (kc x NR), A packed: element
   (i, kk) at ap[kk * MR + i]. */
static void rlx_pk_tile(int64_t kc, const float *ap, const float *bp, float *c, int64_t ldc,
                        int accumulate, int64_t mr, int64_t nr) {
#if RLX_PK_MR > 8
    if (mr <= 4) { rlx_pk_tile_any(4, kc, ap, 1, RLX_PK_MR, bp, c, ldc, accumulate, mr, nr); return; }
    if (mr <= 8) { rlx_pk_tile_any(8, kc, ap, 1, RLX_PK_MR, bp, c, ldc, accumulate, mr, nr); return; }
#endif
    rlx_pk_tile_any(RLX_PK_MR, kc, ap, 1, RLX_PK_MR, bp, c, ldc, accumulate, mr, nr);
}

/* The same with A read in place: rows full rows at a + i * lda (unit column stride). For
   the small products of attention this is a third faster than packing A first.
   RLX_PK_ROWS_ATTR is empty unless the renderer defines it (see packed_gemm_helper). */
#ifndef RLX_PK_ROWS_ATTR
#define RLX_PK_ROWS_ATTR
#endif
static RLX_PK_ROWS_ATTR void rlx_pk_tile_rows(int64_t kc, const float *a, int64_t lda, const float *bp,
                             float *c, int64_t ldc, int accumulate, int64_t mr, int64_t nr) {
#if RLX_PK_MR > 8
    if (mr <= 4) { rlx_pk_tile_any(4, kc, a, lda, 1, bp, c, ldc, accumulate, mr, nr); return; }
    if (mr <= 8) { rlx_pk_tile_any(8, kc, a, lda, 1, bp, c, ldc, accumulate, mr, nr); return; }
#endif
    rlx_pk_tile_any(RLX_PK_MR, kc, a, lda, 1, bp, c, ldc, accumulate, mr, nr);
}

/* Rows of slivers [s0, s1) and columns of panels [p0, p1) of c (m x n, row stride
   ldc). Sliver s is rows [s * MR, s * MR + MR) cut at m, or, given a tile table (A
   row-major only), the tiles[2 s + 1] rows from tiles[2 s] (the active rows of
   symbolic dimensions, in runs). A is packed slivers (lda == 0) or row-major with row
   stride lda and unit column stride (a sliver shorter than its tile height is copied
   into a zero-padded block first). The epilogue (given only when ldc == n) runs on
   each sliver's rows of a panel group once their sums are final, over flat element
   ranges. */
static void rlx_pk_gemm_tiles(int64_t m, int64_t n, int64_t k, const float *a, int64_t lda,
                              const float *bp, float *c, int64_t ldc, const int64_t *tiles,
                              int64_t s0, int64_t s1, int64_t p0, int64_t p1, rlx_epi_fn epi,
                              void **slots, uint8_t *arena) {
    float pad[RLX_PK_MR * RLX_PK_KC] __attribute__((aligned(64)));
    for (int64_t q0 = p0; q0 < p1; q0 += RLX_PK_NC) {
        const int64_t q1 = p1 - q0 < RLX_PK_NC ? p1 : q0 + RLX_PK_NC;
        for (int64_t k0 = 0; k0 < k; k0 += RLX_PK_KC) {
            const int64_t kc = k - k0 < RLX_PK_KC ? k - k0 : RLX_PK_KC;
            for (int64_t s = s0; s < s1; s++) {
                const int64_t i0 = tiles ? tiles[2 * s] : s * RLX_PK_MR;
                const int64_t mr = tiles ? tiles[2 * s + 1]
                                         : m - i0 < RLX_PK_MR ? m - i0 : RLX_PK_MR;
                const int64_t height = rlx_pk_tile_height(mr);
                const float *rows = lda ? a + i0 * lda + k0 : 0;
                int64_t row_stride = lda;
                if (lda && mr < height) {
                    for (int64_t i = 0; i < height; i++)
                        for (int64_t kk = 0; kk < kc; kk++)
                            pad[i * kc + kk] = i < mr ? rows[i * lda + kk] : 0.0f;
                    rows = pad;
                    row_stride = kc;
                }
                for (int64_t q = q0; q < q1; q++) {
                    const int64_t j0 = q * RLX_PK_NR;
                    const int64_t nr = n - j0 < RLX_PK_NR ? n - j0 : RLX_PK_NR;
                    const float *panel = bp + q * k * RLX_PK_NR + k0 * RLX_PK_NR;
                    if (lda)
                        rlx_pk_tile_rows(kc, rows, row_stride, panel, c + i0 * ldc + j0, ldc,
                                         k0 > 0, mr, nr);
                    else
                        rlx_pk_tile(kc, a + s * k * RLX_PK_MR + k0 * RLX_PK_MR, panel,
                                    c + i0 * ldc + j0, ldc, k0 > 0, mr, nr);
                }
                if (epi != 0 && k0 + kc >= k) {
                    const int64_t j1 = q1 * RLX_PK_NR < n ? q1 * RLX_PK_NR : n;
                    for (int64_t i = i0; i < i0 + mr; i++)
                        epi(slots, arena, i * n + q0 * RLX_PK_NR, i * n + j1);
                }
            }
        }
    }
}

/* rlx_pk_gemm_tiles without a tile table: the product's slivers [s0, s1). */
static void rlx_pk_gemm(int64_t m, int64_t n, int64_t k, const float *a, int64_t lda,
                        const float *bp, float *c, int64_t ldc, int64_t s0, int64_t s1,
                        int64_t p0, int64_t p1, rlx_epi_fn epi, void **slots, uint8_t *arena) {
    rlx_pk_gemm_tiles(m, n, k, a, lda, bp, c, ldc, 0, s0, s1, p0, p1, epi, slots, arena);
}


/* Generated kernels split work over OpenMP threads and call BLAS inside the parallel
   regions, so OpenBLAS must stay single-threaded (its own pool would compete with
   OpenMP's for the same cores). */
static void rlx_blas_serial(void) {
    if (scipy_openblas_get_num_threads() != 1) scipy_openblas_set_num_threads(1);
}

static void rlx_gemv_rows_f32(int64_t k, int64_t n, const float *x, const float *w, int64_t ld,
        float *y) {
    for (int64_t j0 = 0; j0 < n; j0 += 2048) {
        const int64_t nb = n - j0 < 2048 ? n - j0 : 2048;
        float acc[2048];
        for (int64_t j = 0; j < nb; j++) acc[j] = 0;
        int64_t i = 0;
        for (; i + 8 <= k; i += 8) {
            const float *wi = w + i * ld + j0;
            #pragma omp simd
            for (int64_t j = 0; j < nb; j++) {
                float a = acc[j];
                for (int r = 0; r < 8; r++) a = fmaf(x[i + r], wi[r * ld + j], a);
                acc[j] = a;
            }
        }
        for (; i < k; i++) {
            const float xi = x[i], *wi = w + i * ld + j0;
            #pragma omp simd
            for (int64_t j = 0; j < nb; j++) acc[j] = fmaf(xi, wi[j], acc[j]);
        }
        for (int64_t j = 0; j < nb; j++) y[j0 + j] = acc[j];
    }
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_matmul_add: matmul: matmul + add */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    float *rlx_pkb_n5 = (float *)(RLX_KEEP + 0);
    static const int64_t tasks[24] = {0, 11, 0, 8, 0, 11, 8, 16, 0, 11, 16, 24, 0, 11, 24, 32, 0, 11, 32, 40, 0, 11, 40, 48};
    const float *pa = ((const float *)((uint8_t *)slots[0]));
    const float *pb = ((const float *)((uint8_t *)slots[1]));
    float *pc = ((float *)((uint8_t *)slots[7]));
    int64_t *rlx_pkb_n5_seen = (int64_t *)(RLX_KEEP + 2359296);
    if (rlx_pkb_n5_seen[0] != (int64_t)(uintptr_t)pb || rlx_pkb_n5_seen[1] != ctl[4]) {
        #pragma omp parallel for num_threads(2) schedule(static)
        for (int64_t p = 0; p < 48; p++)
            rlx_pk_pack_b(384, 1536, pb, 1536, 1, rlx_pkb_n5, p);
        rlx_pkb_n5_seen[0] = (int64_t)(uintptr_t)pb;
        rlx_pkb_n5_seen[1] = ctl[4];
    }
    #pragma omp parallel for num_threads(2) schedule(dynamic, 1)
    for (int64_t t = 0; t < 6; t++) {
        const int64_t *q = tasks + 4 * t;
        rlx_pk_gemm(128, 1536, 384, pa, 384, rlx_pkb_n5, pc, 1536, q[0], q[1], q[2], q[3], rlx_epi_n5, slots, arena);
    }
    return 0;
}

/* k1_matmul: matmul: matmul */
static int rlx_k1(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((uint8_t *)slots[2]));
    const float *pb = ((const float *)((uint8_t *)slots[6]));
    float *pc = ((float *)((uint8_t *)slots[8]));
    static const int64_t split[3] = {0, 496, 1000};
    #pragma omp parallel for num_threads(2) schedule(static)
    for (int64_t task = 0; task < 2; task++) {
        const int64_t bb = task / 2;
        const int64_t lo = split[task % 2], hi = split[task % 2 + 1];
        const float *a = pa + 0;
        const float *b = pb + 0;
        float *c = pc + bb * 1000;
        rlx_gemv_rows_f32(576, hi - lo, a, b + lo, 1000, c + lo);
    }
    return 0;
}

/* k2_matmul: matmul: matmul */
static int rlx_k2(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    rlx_blas_serial();
    const float *pa = ((const float *)((uint8_t *)slots[3]));
    const float *pb = ((const float *)((uint8_t *)slots[4]));
    float *pc = ((float *)((uint8_t *)slots[9]));
    static const int64_t split[2] = {0, 16};
    for (int64_t task = 0; task < 12; task++) {
        const int64_t bb = task / 1;
        const int64_t lo = split[task % 1], hi = split[task % 1 + 1];
        const float *a = pa + bb * 1024;
        const float *b = pb + bb * 1024;
        float *c = pc + bb * 256;
        scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 16, (int)(hi - lo), 64, 1, a, 64, b + lo * 1, 16, 0, c + lo, 16);
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k0(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k1(slots, arena, ctl)) != 0) return rc;
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

int64_t rlx_keep_bytes(void) { return 2359360; }

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
    scipy_openblas_set_num_threads(1);
}
#endif
