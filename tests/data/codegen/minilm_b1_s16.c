/* codegen_replay: main program of graph 'bert_b1_s16' */
/* rlx: generated from graph 'bert_b1_s16', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


#include <stdio.h>

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


static void rlx_e0(void **rlx_epi_args, uint8_t *arena, int64_t f0, int64_t f1) {
    void **slots = (void **)rlx_epi_args[0];
    const int64_t *restrict rlx_at = (const int64_t *)rlx_epi_args[1];
    (void)rlx_at;
    (void)slots; (void)arena;
    for (int64_t r = f0 / 384; r * 384 < f1; r++) {
        const int64_t j0 = r * 384 < f0 ? f0 - r * 384 : 0;
        const int64_t j1 = (r + 1) * 384 > f1 ? f1 - r * 384 : 384;
        const int64_t ro0 = (r % 16) * 384;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a0 = ((float *)(arena + rlx_at[0]))[r * 384 + j];
            const float v1 = ((const float *)((uint8_t *)slots[rlx_at[1]]))[ro1 + j * 1];
            const float t2 = ((a0) + (v1));
            ((float *)(arena + rlx_at[0]))[r * 384 + j] = t2;
        }
    }
}

static void rlx_e1(void **rlx_epi_args, uint8_t *arena, int64_t f0, int64_t f1) {
    void **slots = (void **)rlx_epi_args[0];
    const int64_t *restrict rlx_at = (const int64_t *)rlx_epi_args[1];
    (void)rlx_at;
    (void)slots; (void)arena;
    for (int64_t r = f0 / 384; r * 384 < f1; r++) {
        const int64_t j0 = r * 384 < f0 ? f0 - r * 384 : 0;
        const int64_t j1 = (r + 1) * 384 > f1 ? f1 - r * 384 : 384;
        const int64_t ro0 = (r % 16) * 384;
        const int64_t ro1 = 0;
        const int64_t ro2 = (r % 16) * 384;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a0 = ((float *)(arena + rlx_at[0]))[r * 384 + j];
            const float v1 = ((const float *)((uint8_t *)slots[rlx_at[1]]))[ro1 + j * 1];
            const float v2 = ((const float *)(arena + rlx_at[2]))[ro2 + j * 1];
            const float t3 = ((a0) + (v1));
            const float t4 = ((v2) + (t3));
            ((float *)(arena + rlx_at[0]))[r * 384 + j] = t4;
        }
    }
}

static void rlx_e2(void **rlx_epi_args, uint8_t *arena, int64_t f0, int64_t f1) {
    void **slots = (void **)rlx_epi_args[0];
    const int64_t *restrict rlx_at = (const int64_t *)rlx_epi_args[1];
    (void)rlx_at;
    (void)slots; (void)arena;
    for (int64_t r = f0 / 1536; r * 1536 < f1; r++) {
        const int64_t j0 = r * 1536 < f0 ? f0 - r * 1536 : 0;
        const int64_t j1 = (r + 1) * 1536 > f1 ? f1 - r * 1536 : 1536;
        const int64_t ro0 = (r % 16) * 1536;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = j0; j < j1; j++) {
            const float a0 = ((float *)(arena + rlx_at[0]))[r * 1536 + j];
            const float v1 = ((const float *)((uint8_t *)slots[rlx_at[1]]))[ro1 + j * 1];
            const float t2 = ((a0) + (v1));
            const float t3 = rlx_geluf(t2);
            ((float *)(arena + rlx_at[0]))[r * 1536 + j] = t3;
        }
    }
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t0(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    void *rlx_epi_args0[2] = {slots, (void *)(rlx_at + 5)};
    float *rlx_pkb_n0 = (float *)(RLX_KEEP + rlx_at[0]);
    static const int64_t tasks[24] = {0, 2, 0, 2, 0, 2, 2, 4, 0, 2, 4, 6, 0, 2, 6, 8, 0, 2, 8, 10, 0, 2, 10, 12};
    const float *pa = ((const float *)(arena + rlx_at[1]));
    const float *pb = ((const float *)((uint8_t *)slots[rlx_at[2]]));
    float *pc = ((float *)(arena + rlx_at[3]));
    int64_t *rlx_pkb_n0_seen = (int64_t *)(RLX_KEEP + rlx_at[4]);
    if (rlx_pkb_n0_seen[0] != (int64_t)(uintptr_t)pb || rlx_pkb_n0_seen[1] != ctl[4]) {
        #pragma omp parallel for num_threads(2) schedule(static)
        for (int64_t p = 0; p < 12; p++)
            rlx_pk_pack_b(384, 384, pb, 384, 1, rlx_pkb_n0, p);
        rlx_pkb_n0_seen[0] = (int64_t)(uintptr_t)pb;
        rlx_pkb_n0_seen[1] = ctl[4];
    }
    #pragma omp parallel for num_threads(2) schedule(dynamic, 1)
    for (int64_t t = 0; t < 6; t++) {
        const int64_t *q = tasks + 4 * t;
        rlx_pk_gemm(16, 384, 384, pa, 384, rlx_pkb_n0, pc, 384, q[0], q[1], q[2], q[3], rlx_e0, rlx_epi_args0, arena);
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t1(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    float *rlx_scores = (float *)(arena + rlx_at[0]);
    float *rlx_att_b = (float *)(arena + rlx_at[1]);
    float *rlx_inv = (float *)(arena + rlx_at[2]);
    for (int64_t task = 0; task < 12; task++) {
        const int64_t bi = task / 12, head = task / 1 % 12;
        const int64_t kvh = head / 1, i0 = task % 1 * 16;
        const int64_t n = 16 - i0 < 16 ? 16 - i0 : 16;
        const float *qp = ((const float *)((arena + rlx_at[3]) + 0)) + bi * 6144 + head * 32 + i0 * 384;
        const float *kp = ((const float *)((arena + rlx_at[4]) + 0)) + bi * 6144 + kvh * 32;
        const float *vp = ((const float *)((arena + rlx_at[5]) + 0)) + bi * 6144 + kvh * 32;
        float *op = ((float *)(arena + rlx_at[6])) + bi * 6144 + head * 32 + i0 * 384;
        float *sc = rlx_scores + (int64_t)0 * 256;
        float *bp = rlx_att_b + (int64_t)0 * 1024;
        const int64_t ns = (n + 11) / 12;
        for (int64_t p = 0; p < 1; p++) rlx_pk_pack_b(32, 16, kp, 1, 384, bp, p);
        rlx_pk_gemm(n, 16, 32, qp, 384, bp, sc, 16, 0, ns, 0, 1, 0, slots, arena);
        float *inv = rlx_inv + (int64_t)0 * 16;
        for (int64_t r = 0; r < n; r++) {
            float *row = sc + r * 16;
            const int64_t i = i0 + r;
            #pragma omp simd
            for (int64_t j = 0; j < 16; j++) row[j] *= 0.17677669529663687f;
            int64_t jlo = 0, jhi = 16;
            if (jlo > jhi) jlo = jhi;
            const int64_t mo = 0;
            for (int64_t j = jlo; j < jhi; j++) {
                if (!((const uint8_t *)((arena + rlx_at[7]) + 0))[mo + j * 1]) row[j] = -INFINITY;
            }
            float mx = -INFINITY;
            {
                __typeof__(mx) mx_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    mx_l[l] = mx;
                }
                int64_t j_b = jlo;
                for (; j_b + 16 <= jhi; j_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t j = j_b + l;
                        mx_l[l] = row[j] > mx_l[l] ? row[j] : mx_l[l];
                    }
                }
                for (int l = 0; j_b + l < jhi; l++) {
                    const int64_t j = j_b + l;
                    mx_l[l] = row[j] > mx_l[l] ? row[j] : mx_l[l];
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) mx_l[l] = mx_l[l + w] > mx_l[l] ? mx_l[l + w] : mx_l[l];
                }
                mx = mx_l[0] > mx ? mx_l[0] : mx;
            }
            const float shift = mx > -INFINITY ? mx : 0;
            float sum = 0;
            {
                __typeof__(sum) sum_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    sum_l[l] = 0;
                }
                int64_t j_b = jlo;
                for (; j_b + 16 <= jhi; j_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t j = j_b + l;
                        const float e = rlx_expf_weight(row[j] - shift);  /* exp(-inf) == 0: masked keys */
                        row[j] = e;
                        sum_l[l] += e;
                    }
                }
                for (int l = 0; j_b + l < jhi; l++) {
                    const int64_t j = j_b + l;
                    const float e = rlx_expf_weight(row[j] - shift);  /* exp(-inf) == 0: masked keys */
                    row[j] = e;
                    sum_l[l] += e;
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) sum_l[l] = sum_l[l] + sum_l[l + w];
                }
                sum = sum + sum_l[0];
            }
            const float row_inv = sum != 0 ? 1 / sum : 0;
            for (int64_t j = 0; j < jlo; j++) row[j] = 0;
            for (int64_t j = jhi; j < 16; j++) row[j] = 0;
            inv[r] = row_inv;
        }
        for (int64_t p = 0; p < 1; p++) rlx_pk_pack_b(16, 32, vp, 384, 1, bp, p);
        rlx_pk_gemm(n, 32, 16, sc, 16, bp, op, 384, 0, ns, 0, 1, 0, slots, arena);
        for (int64_t r = 0; r < n; r++) {
            float *orow = op + r * 384;
            #pragma omp simd
            for (int64_t c = 0; c < 32; c++) orow[c] *= inv[r];
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t2(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    void *rlx_epi_args0[2] = {slots, (void *)(rlx_at + 5)};
    float *rlx_pkb_n0 = (float *)(RLX_KEEP + rlx_at[0]);
    static const int64_t tasks[24] = {0, 2, 0, 2, 0, 2, 2, 4, 0, 2, 4, 6, 0, 2, 6, 8, 0, 2, 8, 10, 0, 2, 10, 12};
    const float *pa = ((const float *)((arena + rlx_at[1]) + 0));
    const float *pb = ((const float *)((uint8_t *)slots[rlx_at[2]]));
    float *pc = ((float *)(arena + rlx_at[3]));
    int64_t *rlx_pkb_n0_seen = (int64_t *)(RLX_KEEP + rlx_at[4]);
    if (rlx_pkb_n0_seen[0] != (int64_t)(uintptr_t)pb || rlx_pkb_n0_seen[1] != ctl[4]) {
        #pragma omp parallel for num_threads(2) schedule(static)
        for (int64_t p = 0; p < 12; p++)
            rlx_pk_pack_b(384, 384, pb, 384, 1, rlx_pkb_n0, p);
        rlx_pkb_n0_seen[0] = (int64_t)(uintptr_t)pb;
        rlx_pkb_n0_seen[1] = ctl[4];
    }
    #pragma omp parallel for num_threads(2) schedule(dynamic, 1)
    for (int64_t t = 0; t < 6; t++) {
        const int64_t *q = tasks + 4 * t;
        rlx_pk_gemm(16, 384, 384, pa, 384, rlx_pkb_n0, pc, 384, q[0], q[1], q[2], q[3], rlx_e1, rlx_epi_args0, arena);
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t3(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    void **const rlx_caller_slots = slots;
    int64_t rows = 16;
    if (ctl[2] >= 0 && ctl[3] == 16) rows = ctl[2] < 16 ? ctl[2] : 16;
    for (int64_t p = 0; p < rows; p++) {
        enum { rlx_nslots = 108 };
        void *slots[rlx_nslots];
        slots[rlx_at[0]] = rlx_caller_slots[rlx_at[0]];
        slots[rlx_at[1]] = rlx_caller_slots[rlx_at[1]];
        const int64_t b0 = p * 384;
        const int64_t b3 = p * 384;
        float r_h = 0;
        float r_c;
        double r_s = 0.0;
        double r_v = 0.0;
        double r_m;
        double r_var;
        float r_mean;
        float r_low;
        float r_rstd;
        float r_a = 0;
        {
            {
                __typeof__(r_h) r_h_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_h_l[l] = 0;
                }
                int64_t i0_b = 0;
                for (; i0_b + 16 <= 128; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                        r_h_l[l] += r_x;
                    }
                }
                for (int l = 0; i0_b + l < 128; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                    r_h_l[l] += r_x;
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) r_h_l[l] = r_h_l[l] + r_h_l[l + w];
                }
                r_h = r_h + r_h_l[0];
            }
        }
        r_c = r_h / (float)128;
        {
            float r_s_l[16];
            __typeof__(r_s) r_s_w[16];
            float r_v_l[16];
            __typeof__(r_v) r_v_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_s_w[l] = 0;
                r_v_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 384; blk += 128) {
                const int64_t blk_end = blk + 128 < 384 ? blk + 128 : 384;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_s_l[l] = 0;
                    r_v_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                        const float r_d = r_x - r_c;
                        r_s_l[l] += r_d;
                        r_v_l[l] += r_d * r_d;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                    const float r_d = r_x - r_c;
                    r_s_l[l] += r_d;
                    r_v_l[l] += r_d * r_d;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_s_w[l] += r_s_l[l];
                    r_v_w[l] += r_v_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_s_w[l] = r_s_w[l] + r_s_w[l + w];
            }
            r_s = r_s + r_s_w[0];
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_v_w[l] = r_v_w[l] + r_v_w[l + w];
            }
            r_v = r_v + r_v_w[0];
        }
        r_m = r_s / 384.0;
        r_var = r_v / 384.0 - r_m * r_m;
        r_mean = (float)((double)r_c + r_m);
        r_low = (float)((double)r_c + r_m - (double)r_mean);
        if (!(r_m * r_m <= 0.25 * r_var)) {
            r_v = 0.0;
            {
                float r_v_l[16];
                __typeof__(r_v) r_v_w[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_v_w[l] = 0;
                }
                for (int64_t blk = 0; blk < 384; blk += 128) {
                    const int64_t blk_end = blk + 128 < 384 ? blk + 128 : 384;
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        r_v_l[l] = 0;
                    }
                    int64_t i0_b = blk;
                    for (; i0_b + 16 <= blk_end; i0_b += 16) {
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            const int64_t i0 = i0_b + l;
                            float r_x;
                            r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                            const float r_d = ((r_x - r_mean) - r_low);
                            r_v_l[l] += r_d * r_d;
                        }
                    }
                    for (int l = 0; i0_b + l < blk_end; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                        const float r_d = ((r_x - r_mean) - r_low);
                        r_v_l[l] += r_d * r_d;
                    }
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        r_v_w[l] += r_v_l[l];
                    }
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) r_v_w[l] = r_v_w[l] + r_v_w[l + w];
                }
                r_v = r_v + r_v_w[0];
            }
            r_var = r_v / 384.0;
        }
        if ((!isfinite(r_var) || r_var < 1e-30) && isfinite(r_m)) {
            r_a = 0;
            {
                __typeof__(r_a) r_a_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_a_l[l] = r_a;
                }
                int64_t i0_b = 0;
                for (; i0_b + 16 <= 384; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                        const float r_d = fabs(((r_x - r_mean) - r_low));
                        r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                    }
                }
                for (int l = 0; i0_b + l < 384; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                    const float r_d = fabs(((r_x - r_mean) - r_low));
                    r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) r_a_l[l] = r_a_l[l + w] > r_a_l[l] ? r_a_l[l + w] : r_a_l[l];
                }
                r_a = r_a_l[0] > r_a ? r_a_l[0] : r_a;
            }
            if (isfinite(r_a) && r_a > 0) {
                r_v = 0.0;
                {
                    float r_v_l[16];
                    __typeof__(r_v) r_v_w[16];
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        r_v_w[l] = 0;
                    }
                    for (int64_t blk = 0; blk < 384; blk += 128) {
                        const int64_t blk_end = blk + 128 < 384 ? blk + 128 : 384;
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            r_v_l[l] = 0;
                        }
                        int64_t i0_b = blk;
                        for (; i0_b + 16 <= blk_end; i0_b += 16) {
                            #pragma omp simd
                            for (int l = 0; l < 16; l++) {
                                const int64_t i0 = i0_b + l;
                                float r_x;
                                r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                                const float r_d = (((r_x - r_mean) - r_low)) / r_a;
                                r_v_l[l] += r_d * r_d;
                            }
                        }
                        for (int l = 0; i0_b + l < blk_end; l++) {
                            const int64_t i0 = i0_b + l;
                            float r_x;
                            r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
                            const float r_d = (((r_x - r_mean) - r_low)) / r_a;
                            r_v_l[l] += r_d * r_d;
                        }
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            r_v_w[l] += r_v_l[l];
                        }
                    }
                    for (int w = 8; w > 0; w /= 2) {
                        #pragma omp simd
                        for (int l = 0; l < w; l++) r_v_w[l] = r_v_w[l] + r_v_w[l + w];
                    }
                    r_v = r_v + r_v_w[0];
                }
                r_var = r_v / 384.0 * (double)r_a * (double)r_a;
            }
        }
        r_rstd = (float)(1.0 / sqrt((r_var > 0.0 ? r_var : 0.0) + 1e-12));
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 384; i0++) {
            float r_x;
            r_x = ((const float *)(arena + rlx_at[2]))[b0 + i0];
            float r_y = ((r_x - r_mean) - r_low) * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[rlx_at[0]]))[i0];
            r_y = r_y + (float)((const float *)((uint8_t *)slots[rlx_at[1]]))[i0];
            ((float *)(arena + rlx_at[3]))[b3 + i0] = r_y;
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t4(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    void *rlx_epi_args0[2] = {slots, (void *)(rlx_at + 5)};
    float *rlx_pkb_n0 = (float *)(RLX_KEEP + rlx_at[0]);
    static const int64_t tasks[24] = {0, 2, 0, 8, 0, 2, 8, 16, 0, 2, 16, 24, 0, 2, 24, 32, 0, 2, 32, 40, 0, 2, 40, 48};
    const float *pa = ((const float *)(arena + rlx_at[1]));
    const float *pb = ((const float *)((uint8_t *)slots[rlx_at[2]]));
    float *pc = ((float *)(arena + rlx_at[3]));
    int64_t *rlx_pkb_n0_seen = (int64_t *)(RLX_KEEP + rlx_at[4]);
    if (rlx_pkb_n0_seen[0] != (int64_t)(uintptr_t)pb || rlx_pkb_n0_seen[1] != ctl[4]) {
        #pragma omp parallel for num_threads(2) schedule(static)
        for (int64_t p = 0; p < 48; p++)
            rlx_pk_pack_b(384, 1536, pb, 1536, 1, rlx_pkb_n0, p);
        rlx_pkb_n0_seen[0] = (int64_t)(uintptr_t)pb;
        rlx_pkb_n0_seen[1] = ctl[4];
    }
    #pragma omp parallel for num_threads(2) schedule(dynamic, 1)
    for (int64_t t = 0; t < 6; t++) {
        const int64_t *q = tasks + 4 * t;
        rlx_pk_gemm(16, 1536, 384, pa, 384, rlx_pkb_n0, pc, 1536, q[0], q[1], q[2], q[3], rlx_e2, rlx_epi_args0, arena);
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t5(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    void *rlx_epi_args0[2] = {slots, (void *)(rlx_at + 5)};
    float *rlx_pkb_n0 = (float *)(RLX_KEEP + rlx_at[0]);
    static const int64_t tasks[24] = {0, 2, 0, 2, 0, 2, 2, 4, 0, 2, 4, 6, 0, 2, 6, 8, 0, 2, 8, 10, 0, 2, 10, 12};
    const float *pa = ((const float *)(arena + rlx_at[1]));
    const float *pb = ((const float *)((uint8_t *)slots[rlx_at[2]]));
    float *pc = ((float *)(arena + rlx_at[3]));
    int64_t *rlx_pkb_n0_seen = (int64_t *)(RLX_KEEP + rlx_at[4]);
    if (rlx_pkb_n0_seen[0] != (int64_t)(uintptr_t)pb || rlx_pkb_n0_seen[1] != ctl[4]) {
        #pragma omp parallel for num_threads(2) schedule(static)
        for (int64_t p = 0; p < 12; p++)
            rlx_pk_pack_b(1536, 384, pb, 384, 1, rlx_pkb_n0, p);
        rlx_pkb_n0_seen[0] = (int64_t)(uintptr_t)pb;
        rlx_pkb_n0_seen[1] = ctl[4];
    }
    #pragma omp parallel for num_threads(2) schedule(dynamic, 1)
    for (int64_t t = 0; t < 6; t++) {
        const int64_t *q = tasks + 4 * t;
        rlx_pk_gemm(16, 384, 1536, pa, 1536, rlx_pkb_n0, pc, 384, q[0], q[1], q[2], q[3], rlx_e1, rlx_epi_args0, arena);
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_gather: op: gather */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const int64_t *idx = ((const int64_t *)((uint8_t *)slots[0]));
    for (int64_t j = 0; j < 16; j++) {
        const int64_t v = (int64_t)idx[j];
        if (v < -30522 || v >= 30522) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%4 = gather(%%3, %%0) : f32[1,16,384]: gather: index %lld is out of range for axis 0 of size 30522 (valid: -30522..30521)", (long long)v);
            return 1;
        }
    }
    const float *src = ((const float *)((uint8_t *)slots[3]));
    float *dst = ((float *)(arena + 0));
    for (int64_t t = 0; t < 16; t++) {
        int64_t v = (int64_t)idx[t % 16];
        if (v < 0) v += 30522;
        const int64_t from = ((t / 16) * 30522 + v) * 384;
        memcpy(dst + t * 384, src + from, 384 * sizeof *dst);
    }
    return 0;
}

/* k1_gather: op: gather */
static int rlx_k1(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const int64_t *idx = ((const int64_t *)((uint8_t *)slots[2]));
    for (int64_t j = 0; j < 16; j++) {
        const int64_t v = (int64_t)idx[j];
        if (v < -2 || v >= 2) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "%%7 = gather(%%6, %%2) : f32[1,16,384]: gather: index %lld is out of range for axis 0 of size 2 (valid: -2..1)", (long long)v);
            return 1;
        }
    }
    const float *src = ((const float *)((uint8_t *)slots[5]));
    float *dst = ((float *)(arena + 24576));
    for (int64_t t = 0; t < 16; t++) {
        int64_t v = (int64_t)idx[t % 16];
        if (v < 0) v += 2;
        const int64_t from = ((t / 16) * 2 + v) * 384;
        memcpy(dst + t * 384, src + from, 384 * sizeof *dst);
    }
    return 0;
}

/* k2_add_layer_norm: rowwise: add + add + layer_norm */
static int rlx_k2(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 16;
    if (ctl[2] >= 0 && ctl[3] == 16) rows = ctl[2] < 16 ? ctl[2] : 16;
    for (int64_t p = 0; p < rows; p++) {
        enum { rlx_nslots = 108 };
        void *slots[rlx_nslots];
        slots[4] = rlx_caller_slots[4];
        slots[6] = rlx_caller_slots[6];
        slots[7] = rlx_caller_slots[7];
        const int64_t b0 = p * 384;
        const int64_t b1 = p * 384;
        const int64_t b2 = p * 384;
        const int64_t b5 = p * 384;
        float r_h = 0;
        float r_c;
        double r_s = 0.0;
        double r_v = 0.0;
        double r_m;
        double r_var;
        float r_mean;
        float r_low;
        float r_rstd;
        float r_a = 0;
        {
            {
                __typeof__(r_h) r_h_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_h_l[l] = 0;
                }
                int64_t i0_b = 0;
                for (; i0_b + 16 <= 128; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const float v4 = ((const float *)(arena + 0))[b0 + i0];
                            const float v5 = ((const float *)((uint8_t *)slots[4]))[b1 + i0];
                            const float v7 = ((const float *)(arena + 24576))[b2 + i0];
                            const float t8 = ((v4) + (v5));
                            const float t9 = ((t8) + (v7));
                            r_x = t9;
                        }
                        r_h_l[l] += r_x;
                    }
                }
                for (int l = 0; i0_b + l < 128; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const float v4 = ((const float *)(arena + 0))[b0 + i0];
                        const float v5 = ((const float *)((uint8_t *)slots[4]))[b1 + i0];
                        const float v7 = ((const float *)(arena + 24576))[b2 + i0];
                        const float t8 = ((v4) + (v5));
                        const float t9 = ((t8) + (v7));
                        r_x = t9;
                    }
                    r_h_l[l] += r_x;
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) r_h_l[l] = r_h_l[l] + r_h_l[l + w];
                }
                r_h = r_h + r_h_l[0];
            }
        }
        r_c = r_h / (float)128;
        {
            float r_s_l[16];
            __typeof__(r_s) r_s_w[16];
            float r_v_l[16];
            __typeof__(r_v) r_v_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_s_w[l] = 0;
                r_v_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 384; blk += 128) {
                const int64_t blk_end = blk + 128 < 384 ? blk + 128 : 384;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_s_l[l] = 0;
                    r_v_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const float v4 = ((const float *)(arena + 0))[b0 + i0];
                            const float v5 = ((const float *)((uint8_t *)slots[4]))[b1 + i0];
                            const float v7 = ((const float *)(arena + 24576))[b2 + i0];
                            const float t8 = ((v4) + (v5));
                            const float t9 = ((t8) + (v7));
                            r_x = t9;
                        }
                        const float r_d = r_x - r_c;
                        r_s_l[l] += r_d;
                        r_v_l[l] += r_d * r_d;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const float v4 = ((const float *)(arena + 0))[b0 + i0];
                        const float v5 = ((const float *)((uint8_t *)slots[4]))[b1 + i0];
                        const float v7 = ((const float *)(arena + 24576))[b2 + i0];
                        const float t8 = ((v4) + (v5));
                        const float t9 = ((t8) + (v7));
                        r_x = t9;
                    }
                    const float r_d = r_x - r_c;
                    r_s_l[l] += r_d;
                    r_v_l[l] += r_d * r_d;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_s_w[l] += r_s_l[l];
                    r_v_w[l] += r_v_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_s_w[l] = r_s_w[l] + r_s_w[l + w];
            }
            r_s = r_s + r_s_w[0];
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_v_w[l] = r_v_w[l] + r_v_w[l + w];
            }
            r_v = r_v + r_v_w[0];
        }
        r_m = r_s / 384.0;
        r_var = r_v / 384.0 - r_m * r_m;
        r_mean = (float)((double)r_c + r_m);
        r_low = (float)((double)r_c + r_m - (double)r_mean);
        if (!(r_m * r_m <= 0.25 * r_var)) {
            r_v = 0.0;
            {
                float r_v_l[16];
                __typeof__(r_v) r_v_w[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_v_w[l] = 0;
                }
                for (int64_t blk = 0; blk < 384; blk += 128) {
                    const int64_t blk_end = blk + 128 < 384 ? blk + 128 : 384;
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        r_v_l[l] = 0;
                    }
                    int64_t i0_b = blk;
                    for (; i0_b + 16 <= blk_end; i0_b += 16) {
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            const int64_t i0 = i0_b + l;
                            float r_x;
                            {
                                const float v4 = ((const float *)(arena + 0))[b0 + i0];
                                const float v5 = ((const float *)((uint8_t *)slots[4]))[b1 + i0];
                                const float v7 = ((const float *)(arena + 24576))[b2 + i0];
                                const float t8 = ((v4) + (v5));
                                const float t9 = ((t8) + (v7));
                                r_x = t9;
                            }
                            const float r_d = ((r_x - r_mean) - r_low);
                            r_v_l[l] += r_d * r_d;
                        }
                    }
                    for (int l = 0; i0_b + l < blk_end; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const float v4 = ((const float *)(arena + 0))[b0 + i0];
                            const float v5 = ((const float *)((uint8_t *)slots[4]))[b1 + i0];
                            const float v7 = ((const float *)(arena + 24576))[b2 + i0];
                            const float t8 = ((v4) + (v5));
                            const float t9 = ((t8) + (v7));
                            r_x = t9;
                        }
                        const float r_d = ((r_x - r_mean) - r_low);
                        r_v_l[l] += r_d * r_d;
                    }
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        r_v_w[l] += r_v_l[l];
                    }
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) r_v_w[l] = r_v_w[l] + r_v_w[l + w];
                }
                r_v = r_v + r_v_w[0];
            }
            r_var = r_v / 384.0;
        }
        if ((!isfinite(r_var) || r_var < 1e-30) && isfinite(r_m)) {
            r_a = 0;
            {
                __typeof__(r_a) r_a_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_a_l[l] = r_a;
                }
                int64_t i0_b = 0;
                for (; i0_b + 16 <= 384; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const float v4 = ((const float *)(arena + 0))[b0 + i0];
                            const float v5 = ((const float *)((uint8_t *)slots[4]))[b1 + i0];
                            const float v7 = ((const float *)(arena + 24576))[b2 + i0];
                            const float t8 = ((v4) + (v5));
                            const float t9 = ((t8) + (v7));
                            r_x = t9;
                        }
                        const float r_d = fabs(((r_x - r_mean) - r_low));
                        r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                    }
                }
                for (int l = 0; i0_b + l < 384; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const float v4 = ((const float *)(arena + 0))[b0 + i0];
                        const float v5 = ((const float *)((uint8_t *)slots[4]))[b1 + i0];
                        const float v7 = ((const float *)(arena + 24576))[b2 + i0];
                        const float t8 = ((v4) + (v5));
                        const float t9 = ((t8) + (v7));
                        r_x = t9;
                    }
                    const float r_d = fabs(((r_x - r_mean) - r_low));
                    r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) r_a_l[l] = r_a_l[l + w] > r_a_l[l] ? r_a_l[l + w] : r_a_l[l];
                }
                r_a = r_a_l[0] > r_a ? r_a_l[0] : r_a;
            }
            if (isfinite(r_a) && r_a > 0) {
                r_v = 0.0;
                {
                    float r_v_l[16];
                    __typeof__(r_v) r_v_w[16];
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        r_v_w[l] = 0;
                    }
                    for (int64_t blk = 0; blk < 384; blk += 128) {
                        const int64_t blk_end = blk + 128 < 384 ? blk + 128 : 384;
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            r_v_l[l] = 0;
                        }
                        int64_t i0_b = blk;
                        for (; i0_b + 16 <= blk_end; i0_b += 16) {
                            #pragma omp simd
                            for (int l = 0; l < 16; l++) {
                                const int64_t i0 = i0_b + l;
                                float r_x;
                                {
                                    const float v4 = ((const float *)(arena + 0))[b0 + i0];
                                    const float v5 = ((const float *)((uint8_t *)slots[4]))[b1 + i0];
                                    const float v7 = ((const float *)(arena + 24576))[b2 + i0];
                                    const float t8 = ((v4) + (v5));
                                    const float t9 = ((t8) + (v7));
                                    r_x = t9;
                                }
                                const float r_d = (((r_x - r_mean) - r_low)) / r_a;
                                r_v_l[l] += r_d * r_d;
                            }
                        }
                        for (int l = 0; i0_b + l < blk_end; l++) {
                            const int64_t i0 = i0_b + l;
                            float r_x;
                            {
                                const float v4 = ((const float *)(arena + 0))[b0 + i0];
                                const float v5 = ((const float *)((uint8_t *)slots[4]))[b1 + i0];
                                const float v7 = ((const float *)(arena + 24576))[b2 + i0];
                                const float t8 = ((v4) + (v5));
                                const float t9 = ((t8) + (v7));
                                r_x = t9;
                            }
                            const float r_d = (((r_x - r_mean) - r_low)) / r_a;
                            r_v_l[l] += r_d * r_d;
                        }
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            r_v_w[l] += r_v_l[l];
                        }
                    }
                    for (int w = 8; w > 0; w /= 2) {
                        #pragma omp simd
                        for (int l = 0; l < w; l++) r_v_w[l] = r_v_w[l] + r_v_w[l + w];
                    }
                    r_v = r_v + r_v_w[0];
                }
                r_var = r_v / 384.0 * (double)r_a * (double)r_a;
            }
        }
        r_rstd = (float)(1.0 / sqrt((r_var > 0.0 ? r_var : 0.0) + 1e-12));
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 384; i0++) {
            float r_x;
            {
                const float v4 = ((const float *)(arena + 0))[b0 + i0];
                const float v5 = ((const float *)((uint8_t *)slots[4]))[b1 + i0];
                const float v7 = ((const float *)(arena + 24576))[b2 + i0];
                const float t8 = ((v4) + (v5));
                const float t9 = ((t8) + (v7));
                r_x = t9;
            }
            float r_y = ((r_x - r_mean) - r_low) * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[6]))[i0];
            r_y = r_y + (float)((const float *)((uint8_t *)slots[7]))[i0];
            ((float *)(arena + 49152))[b5 + i0] = r_y;
        }
    }
    return 0;
}

/* k3_ne: elementwise: ne */
static int rlx_k3(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 16; j++) {
        const int64_t v1 = ((const int64_t *)((uint8_t *)slots[1]))[j * 1];
        const uint8_t t14 = (uint8_t)((v1) != (((int64_t)0LL)));
        ((uint8_t *)(arena + 0))[j] = (uint8_t)((t14) != 0);
    }
    return 0;
}

/* k5_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k5(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {0, 49152, 8, 64, 589824, 64, 9};
    return rlx_t0(slots, arena, ctl, at);
}

/* k7_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k7(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {589888, 49152, 10, 73728, 1179712, 73728, 11};
    return rlx_t0(slots, arena, ctl, at);
}

/* k9_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k9(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1179776, 49152, 12, 98304, 1769600, 98304, 13};
    return rlx_t0(slots, arena, ctl, at);
}

/* k11_transpose_transpose: attention: transpose + transpose + transpose + attention + transpose (the code of rlx_t1) */
static int rlx_k11(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {147520, 148544, 152640, 64, 73728, 98304, 122880, 0};
    return rlx_t1(slots, arena, ctl, at);
}

/* k13_matmul_add: matmul: matmul + add + add (the code of rlx_t2) */
static int rlx_k13(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1769664, 122880, 14, 64, 2359488, 64, 15, 49152};
    return rlx_t2(slots, arena, ctl, at);
}

/* k14_layer_norm: rowwise: layer_norm (the code of rlx_t3) */
static int rlx_k14(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {16, 17, 64, 24640};
    return rlx_t3(slots, arena, ctl, at);
}

/* k15_matmul_gelu: matmul: matmul + add + gelu (the code of rlx_t4) */
static int rlx_k15(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2359552, 24640, 18, 49216, 4718848, 49216, 19};
    return rlx_t4(slots, arena, ctl, at);
}

/* k16_matmul_add: matmul: matmul + add + add (the code of rlx_t5) */
static int rlx_k16(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4718912, 49216, 20, 64, 7078208, 64, 21, 24640};
    return rlx_t5(slots, arena, ctl, at);
}

/* k17_layer_norm: rowwise: layer_norm (the code of rlx_t3) */
static int rlx_k17(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {22, 23, 64, 24640};
    return rlx_t3(slots, arena, ctl, at);
}

/* k18_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k18(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7078272, 24640, 24, 64, 7668096, 64, 25};
    return rlx_t0(slots, arena, ctl, at);
}

/* k20_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k20(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7668160, 24640, 26, 49216, 8257984, 49216, 27};
    return rlx_t0(slots, arena, ctl, at);
}

/* k22_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k22(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {8258048, 24640, 28, 73792, 8847872, 73792, 29};
    return rlx_t0(slots, arena, ctl, at);
}

/* k24_transpose_transpose: attention: transpose + transpose + transpose + attention + transpose (the code of rlx_t1) */
static int rlx_k24(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {147520, 148544, 152640, 64, 49216, 73792, 98368, 0};
    return rlx_t1(slots, arena, ctl, at);
}

/* k26_matmul_add: matmul: matmul + add + add (the code of rlx_t2) */
static int rlx_k26(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {8847936, 98368, 30, 64, 9437760, 64, 31, 24640};
    return rlx_t2(slots, arena, ctl, at);
}

/* k27_layer_norm: rowwise: layer_norm (the code of rlx_t3) */
static int rlx_k27(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {32, 33, 64, 24640};
    return rlx_t3(slots, arena, ctl, at);
}

/* k28_matmul_gelu: matmul: matmul + add + gelu (the code of rlx_t4) */
static int rlx_k28(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {9437824, 24640, 34, 49216, 11797120, 49216, 35};
    return rlx_t4(slots, arena, ctl, at);
}

/* k29_matmul_add: matmul: matmul + add + add (the code of rlx_t5) */
static int rlx_k29(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {11797184, 49216, 36, 64, 14156480, 64, 37, 24640};
    return rlx_t5(slots, arena, ctl, at);
}

/* k30_layer_norm: rowwise: layer_norm (the code of rlx_t3) */
static int rlx_k30(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {38, 39, 64, 24640};
    return rlx_t3(slots, arena, ctl, at);
}

/* k31_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k31(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {14156544, 24640, 40, 64, 14746368, 64, 41};
    return rlx_t0(slots, arena, ctl, at);
}

/* k33_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k33(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {14746432, 24640, 42, 49216, 15336256, 49216, 43};
    return rlx_t0(slots, arena, ctl, at);
}

/* k35_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k35(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {15336320, 24640, 44, 73792, 15926144, 73792, 45};
    return rlx_t0(slots, arena, ctl, at);
}

/* k37_transpose_transpose: attention: transpose + transpose + transpose + attention + transpose (the code of rlx_t1) */
static int rlx_k37(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {147520, 148544, 152640, 64, 49216, 73792, 98368, 0};
    return rlx_t1(slots, arena, ctl, at);
}

/* k39_matmul_add: matmul: matmul + add + add (the code of rlx_t2) */
static int rlx_k39(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {15926208, 98368, 46, 64, 16516032, 64, 47, 24640};
    return rlx_t2(slots, arena, ctl, at);
}

/* k40_layer_norm: rowwise: layer_norm (the code of rlx_t3) */
static int rlx_k40(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {48, 49, 64, 24640};
    return rlx_t3(slots, arena, ctl, at);
}

/* k41_matmul_gelu: matmul: matmul + add + gelu (the code of rlx_t4) */
static int rlx_k41(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {16516096, 24640, 50, 49216, 18875392, 49216, 51};
    return rlx_t4(slots, arena, ctl, at);
}

/* k42_matmul_add: matmul: matmul + add + add (the code of rlx_t5) */
static int rlx_k42(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {18875456, 49216, 52, 64, 21234752, 64, 53, 24640};
    return rlx_t5(slots, arena, ctl, at);
}

/* k43_layer_norm: rowwise: layer_norm (the code of rlx_t3) */
static int rlx_k43(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {54, 55, 64, 24640};
    return rlx_t3(slots, arena, ctl, at);
}

/* k44_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k44(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {21234816, 24640, 56, 64, 21824640, 64, 57};
    return rlx_t0(slots, arena, ctl, at);
}

/* k46_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k46(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {21824704, 24640, 58, 49216, 22414528, 49216, 59};
    return rlx_t0(slots, arena, ctl, at);
}

/* k48_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k48(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {22414592, 24640, 60, 73792, 23004416, 73792, 61};
    return rlx_t0(slots, arena, ctl, at);
}

/* k50_transpose_transpose: attention: transpose + transpose + transpose + attention + transpose (the code of rlx_t1) */
static int rlx_k50(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {147520, 148544, 152640, 64, 49216, 73792, 98368, 0};
    return rlx_t1(slots, arena, ctl, at);
}

/* k52_matmul_add: matmul: matmul + add + add (the code of rlx_t2) */
static int rlx_k52(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {23004480, 98368, 62, 64, 23594304, 64, 63, 24640};
    return rlx_t2(slots, arena, ctl, at);
}

/* k53_layer_norm: rowwise: layer_norm (the code of rlx_t3) */
static int rlx_k53(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {64, 65, 64, 24640};
    return rlx_t3(slots, arena, ctl, at);
}

/* k54_matmul_gelu: matmul: matmul + add + gelu (the code of rlx_t4) */
static int rlx_k54(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {23594368, 24640, 66, 49216, 25953664, 49216, 67};
    return rlx_t4(slots, arena, ctl, at);
}

/* k55_matmul_add: matmul: matmul + add + add (the code of rlx_t5) */
static int rlx_k55(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {25953728, 49216, 68, 64, 28313024, 64, 69, 24640};
    return rlx_t5(slots, arena, ctl, at);
}

/* k56_layer_norm: rowwise: layer_norm (the code of rlx_t3) */
static int rlx_k56(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {70, 71, 64, 24640};
    return rlx_t3(slots, arena, ctl, at);
}

/* k57_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k57(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {28313088, 24640, 72, 64, 28902912, 64, 73};
    return rlx_t0(slots, arena, ctl, at);
}

/* k59_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k59(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {28902976, 24640, 74, 49216, 29492800, 49216, 75};
    return rlx_t0(slots, arena, ctl, at);
}

/* k61_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k61(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {29492864, 24640, 76, 73792, 30082688, 73792, 77};
    return rlx_t0(slots, arena, ctl, at);
}

/* k63_transpose_transpose: attention: transpose + transpose + transpose + attention + transpose (the code of rlx_t1) */
static int rlx_k63(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {147520, 148544, 152640, 64, 49216, 73792, 98368, 0};
    return rlx_t1(slots, arena, ctl, at);
}

/* k65_matmul_add: matmul: matmul + add + add (the code of rlx_t2) */
static int rlx_k65(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {30082752, 98368, 78, 64, 30672576, 64, 79, 24640};
    return rlx_t2(slots, arena, ctl, at);
}

/* k66_layer_norm: rowwise: layer_norm (the code of rlx_t3) */
static int rlx_k66(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {80, 81, 64, 24640};
    return rlx_t3(slots, arena, ctl, at);
}

/* k67_matmul_gelu: matmul: matmul + add + gelu (the code of rlx_t4) */
static int rlx_k67(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {30672640, 24640, 82, 49216, 33031936, 49216, 83};
    return rlx_t4(slots, arena, ctl, at);
}

/* k68_matmul_add: matmul: matmul + add + add (the code of rlx_t5) */
static int rlx_k68(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {33032000, 49216, 84, 64, 35391296, 64, 85, 24640};
    return rlx_t5(slots, arena, ctl, at);
}

/* k69_layer_norm: rowwise: layer_norm (the code of rlx_t3) */
static int rlx_k69(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {86, 87, 64, 24640};
    return rlx_t3(slots, arena, ctl, at);
}

/* k70_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k70(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {35391360, 24640, 88, 64, 35981184, 64, 89};
    return rlx_t0(slots, arena, ctl, at);
}

/* k72_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k72(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {35981248, 24640, 90, 49216, 36571072, 49216, 91};
    return rlx_t0(slots, arena, ctl, at);
}

/* k74_matmul_add: matmul: matmul + add (the code of rlx_t0) */
static int rlx_k74(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {36571136, 24640, 92, 73792, 37160960, 73792, 93};
    return rlx_t0(slots, arena, ctl, at);
}

/* k76_transpose_transpose: attention: transpose + transpose + transpose + attention + transpose (the code of rlx_t1) */
static int rlx_k76(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {147520, 148544, 152640, 64, 49216, 73792, 98368, 0};
    return rlx_t1(slots, arena, ctl, at);
}

/* k78_matmul_add: matmul: matmul + add + add (the code of rlx_t2) */
static int rlx_k78(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {37161024, 98368, 94, 122944, 37750848, 122944, 95, 24640};
    return rlx_t2(slots, arena, ctl, at);
}

/* k79_layer_norm: rowwise: layer_norm (the code of rlx_t3) */
static int rlx_k79(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {96, 97, 122944, 0};
    return rlx_t3(slots, arena, ctl, at);
}

/* k80_matmul_gelu: matmul: matmul + add + gelu (the code of rlx_t4) */
static int rlx_k80(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {37750912, 0, 98, 24576, 40110208, 24576, 99};
    return rlx_t4(slots, arena, ctl, at);
}

/* k81_matmul_add: matmul: matmul + add + add (the code of rlx_t5) */
static int rlx_k81(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {40110272, 24576, 100, 122880, 42469568, 122880, 101, 0};
    return rlx_t5(slots, arena, ctl, at);
}

/* k82_cast: elementwise: cast */
static int rlx_k82(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 16; j++) {
        const int64_t v1 = ((const int64_t *)((uint8_t *)slots[1]))[j * 1];
        const float t268 = ((float)(v1));
        ((float *)(arena + 147456))[j] = t268;
    }
    return 0;
}

/* k84_layer_norm_mul: rowwise: layer_norm + mul */
static int rlx_k84(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 16;
    if (ctl[2] >= 0 && ctl[3] == 16) rows = ctl[2] < 16 ? ctl[2] : 16;
    for (int64_t p = 0; p < rows; p++) {
        enum { rlx_nslots = 108 };
        void *slots[rlx_nslots];
        slots[102] = rlx_caller_slots[102];
        slots[103] = rlx_caller_slots[103];
        const int64_t b0 = p * 384;
        const int64_t b3 = p * 384;
        const int64_t b4 = p;
        float r_h = 0;
        float r_c;
        double r_s = 0.0;
        double r_v = 0.0;
        double r_m;
        double r_var;
        float r_mean;
        float r_low;
        float r_rstd;
        float r_a = 0;
        {
            {
                __typeof__(r_h) r_h_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_h_l[l] = 0;
                }
                int64_t i0_b = 0;
                for (; i0_b + 16 <= 128; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)(arena + 122880))[b0 + i0];
                        r_h_l[l] += r_x;
                    }
                }
                for (int l = 0; i0_b + l < 128; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 122880))[b0 + i0];
                    r_h_l[l] += r_x;
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) r_h_l[l] = r_h_l[l] + r_h_l[l + w];
                }
                r_h = r_h + r_h_l[0];
            }
        }
        r_c = r_h / (float)128;
        {
            float r_s_l[16];
            __typeof__(r_s) r_s_w[16];
            float r_v_l[16];
            __typeof__(r_v) r_v_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_s_w[l] = 0;
                r_v_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 384; blk += 128) {
                const int64_t blk_end = blk + 128 < 384 ? blk + 128 : 384;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_s_l[l] = 0;
                    r_v_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)(arena + 122880))[b0 + i0];
                        const float r_d = r_x - r_c;
                        r_s_l[l] += r_d;
                        r_v_l[l] += r_d * r_d;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 122880))[b0 + i0];
                    const float r_d = r_x - r_c;
                    r_s_l[l] += r_d;
                    r_v_l[l] += r_d * r_d;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_s_w[l] += r_s_l[l];
                    r_v_w[l] += r_v_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_s_w[l] = r_s_w[l] + r_s_w[l + w];
            }
            r_s = r_s + r_s_w[0];
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_v_w[l] = r_v_w[l] + r_v_w[l + w];
            }
            r_v = r_v + r_v_w[0];
        }
        r_m = r_s / 384.0;
        r_var = r_v / 384.0 - r_m * r_m;
        r_mean = (float)((double)r_c + r_m);
        r_low = (float)((double)r_c + r_m - (double)r_mean);
        if (!(r_m * r_m <= 0.25 * r_var)) {
            r_v = 0.0;
            {
                float r_v_l[16];
                __typeof__(r_v) r_v_w[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_v_w[l] = 0;
                }
                for (int64_t blk = 0; blk < 384; blk += 128) {
                    const int64_t blk_end = blk + 128 < 384 ? blk + 128 : 384;
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        r_v_l[l] = 0;
                    }
                    int64_t i0_b = blk;
                    for (; i0_b + 16 <= blk_end; i0_b += 16) {
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            const int64_t i0 = i0_b + l;
                            float r_x;
                            r_x = ((const float *)(arena + 122880))[b0 + i0];
                            const float r_d = ((r_x - r_mean) - r_low);
                            r_v_l[l] += r_d * r_d;
                        }
                    }
                    for (int l = 0; i0_b + l < blk_end; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)(arena + 122880))[b0 + i0];
                        const float r_d = ((r_x - r_mean) - r_low);
                        r_v_l[l] += r_d * r_d;
                    }
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        r_v_w[l] += r_v_l[l];
                    }
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) r_v_w[l] = r_v_w[l] + r_v_w[l + w];
                }
                r_v = r_v + r_v_w[0];
            }
            r_var = r_v / 384.0;
        }
        if ((!isfinite(r_var) || r_var < 1e-30) && isfinite(r_m)) {
            r_a = 0;
            {
                __typeof__(r_a) r_a_l[16];
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_a_l[l] = r_a;
                }
                int64_t i0_b = 0;
                for (; i0_b + 16 <= 384; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)(arena + 122880))[b0 + i0];
                        const float r_d = fabs(((r_x - r_mean) - r_low));
                        r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                    }
                }
                for (int l = 0; i0_b + l < 384; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)(arena + 122880))[b0 + i0];
                    const float r_d = fabs(((r_x - r_mean) - r_low));
                    r_a_l[l] = r_d > r_a_l[l] ? r_d : r_a_l[l];
                }
                for (int w = 8; w > 0; w /= 2) {
                    #pragma omp simd
                    for (int l = 0; l < w; l++) r_a_l[l] = r_a_l[l + w] > r_a_l[l] ? r_a_l[l + w] : r_a_l[l];
                }
                r_a = r_a_l[0] > r_a ? r_a_l[0] : r_a;
            }
            if (isfinite(r_a) && r_a > 0) {
                r_v = 0.0;
                {
                    float r_v_l[16];
                    __typeof__(r_v) r_v_w[16];
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        r_v_w[l] = 0;
                    }
                    for (int64_t blk = 0; blk < 384; blk += 128) {
                        const int64_t blk_end = blk + 128 < 384 ? blk + 128 : 384;
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            r_v_l[l] = 0;
                        }
                        int64_t i0_b = blk;
                        for (; i0_b + 16 <= blk_end; i0_b += 16) {
                            #pragma omp simd
                            for (int l = 0; l < 16; l++) {
                                const int64_t i0 = i0_b + l;
                                float r_x;
                                r_x = ((const float *)(arena + 122880))[b0 + i0];
                                const float r_d = (((r_x - r_mean) - r_low)) / r_a;
                                r_v_l[l] += r_d * r_d;
                            }
                        }
                        for (int l = 0; i0_b + l < blk_end; l++) {
                            const int64_t i0 = i0_b + l;
                            float r_x;
                            r_x = ((const float *)(arena + 122880))[b0 + i0];
                            const float r_d = (((r_x - r_mean) - r_low)) / r_a;
                            r_v_l[l] += r_d * r_d;
                        }
                        #pragma omp simd
                        for (int l = 0; l < 16; l++) {
                            r_v_w[l] += r_v_l[l];
                        }
                    }
                    for (int w = 8; w > 0; w /= 2) {
                        #pragma omp simd
                        for (int l = 0; l < w; l++) r_v_w[l] = r_v_w[l] + r_v_w[l + w];
                    }
                    r_v = r_v + r_v_w[0];
                }
                r_var = r_v / 384.0 * (double)r_a * (double)r_a;
            }
        }
        r_rstd = (float)(1.0 / sqrt((r_var > 0.0 ? r_var : 0.0) + 1e-12));
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 384; i0++) {
            float r_x;
            r_x = ((const float *)(arena + 122880))[b0 + i0];
            float r_y = ((r_x - r_mean) - r_low) * r_rstd;
            r_y = r_y * (float)((const float *)((uint8_t *)slots[102]))[i0];
            r_y = r_y + (float)((const float *)((uint8_t *)slots[103]))[i0];
            const float r_a = r_y;
            const float v269 = ((const float *)((arena + 147456) + 0))[b4];
            const float t270 = ((r_a) * (v269));
            ((float *)(arena + 0))[b3 + i0] = t270;
        }
    }
    return 0;
}

/* k85_sum_maximum: reduce: sum + maximum */
static int rlx_k85(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    for (int64_t p = 0; p < 1; p++) {
        double r_acc = 0.0;
        {
            float r_acc_l[16];
            __typeof__(r_acc) r_acc_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_acc_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 16; blk += 128) {
                const int64_t blk_end = blk + 128 < 16 ? blk + 128 : 16;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_acc_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)((arena + 147456) + 0))[i0];
                        r_acc_l[l] += r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)((arena + 147456) + 0))[i0];
                    r_acc_l[l] += r_x;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_acc_w[l] += r_acc_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_acc_w[l] = r_acc_w[l] + r_acc_w[l + w];
            }
            r_acc = r_acc + r_acc_w[0];
        }
        {
            const float r_y = (float)r_acc;
            const float r_a = r_y;
            const float t274 = rlx_max_keep_nan(r_a, 9.999999717180685e-10f);
            ((float *)(arena + 24576))[0] = t274;
        }
    }
    return 0;
}

/* k86_sum_div: reduce: sum + div */
static int rlx_k86(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    for (int64_t t = 0; t < 1 * 6; t++) {
        const int64_t p = t / 6;
        const int64_t q0 = (t % 6) * 64;
        const int64_t qn = 384 - q0 < 64 ? 384 - q0 : 64;
        double r_acc[64];
        #pragma omp simd
        for (int64_t l = 0; l < qn; l++) {
            const int64_t q = q0 + l;
            r_acc[l] = 0.0;
        }
        for (int64_t i0 = 0; i0 < 16; i0++) {
            #pragma omp simd
            for (int64_t l = 0; l < qn; l++) {
                const int64_t q = q0 + l;
                float r_x;
                r_x = ((const float *)(arena + 0))[i0 * 384 + q];
                r_acc[l] += r_x;
            }
        }
        #pragma omp simd
        for (int64_t l = 0; l < qn; l++) {
            const int64_t q = q0 + l;
            const float r_y = (float)r_acc[l];
            const float r_a = r_y;
            const float v274 = ((const float *)(arena + 24576))[0];
            const float t275 = ((r_a) / (v274));
            ((float *)(arena + 24640))[q] = t275;
        }
    }
    return 0;
}

/* k87_mul_maximum: reduce: mul + sum + sqrt + maximum */
static int rlx_k87(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    for (int64_t p = 0; p < 1; p++) {
        double r_acc = 0.0;
        {
            float r_acc_l[16];
            __typeof__(r_acc) r_acc_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_acc_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 384; blk += 128) {
                const int64_t blk_end = blk + 128 < 384 ? blk + 128 : 384;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_acc_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        {
                            const float v275 = ((const float *)(arena + 24640))[i0];
                            const float t276 = ((v275) * (v275));
                            r_x = t276;
                        }
                        r_acc_l[l] += r_x;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    {
                        const float v275 = ((const float *)(arena + 24640))[i0];
                        const float t276 = ((v275) * (v275));
                        r_x = t276;
                    }
                    r_acc_l[l] += r_x;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_acc_w[l] += r_acc_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_acc_w[l] = r_acc_w[l] + r_acc_w[l + w];
            }
            r_acc = r_acc + r_acc_w[0];
        }
        {
            const float r_y = (float)r_acc;
            const float r_a = r_y;
            const float t278 = rlx_sqrtf(r_a);
            const float t280 = rlx_max_keep_nan(t278, 9.999999960041972e-13f);
            ((float *)(arena + 0))[0] = t280;
        }
    }
    return 0;
}

/* k88_div: elementwise: div */
static int rlx_k88(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp simd
    for (int64_t j = 0; j < 384; j++) {
        const float v275 = ((const float *)(arena + 24640))[j * 1];
        const float v280 = ((const float *)(arena + 0))[0];
        const float t281 = ((v275) / (v280));
        ((float *)((uint8_t *)slots[107]))[j] = t281;
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k0(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k1(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k2(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k3(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k5(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k7(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k9(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k11(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k13(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k14(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k15(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k16(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k17(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k18(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k20(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k22(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k24(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k26(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k27(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k28(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k29(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k30(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k31(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k33(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k35(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k37(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k39(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k40(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k41(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k42(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k43(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k44(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k46(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k48(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k50(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k52(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k53(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k54(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k55(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k56(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k57(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k59(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k61(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k63(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k65(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k66(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k67(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k68(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k69(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k70(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k72(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k74(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k76(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k78(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k79(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k80(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k81(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k82(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k84(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k85(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k86(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k87(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k88(slots, arena, ctl)) != 0) return rc;
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

int64_t rlx_keep_bytes(void) { return 42469632; }

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
/* codegen_replay: prepare program of graph 'bert_b1_s16' */
/* rlx: generated from graph 'bert_b1_s16.prepare', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t0(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *src = ((const float *)((uint8_t *)slots[rlx_at[0]])) + 0;
    float *dst = ((float *)((uint8_t *)slots[rlx_at[1]]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t t = 0; t < 12; t++) {
        const int64_t r = t / 12;
        const int64_t k0 = (t % 12) * 32;
        const int64_t k1 = k0 + 32 < 384 ? k0 + 32 : 384;
        const float *s = src + 0;
        float *d = dst + 0;
        for (int64_t j0 = 0; j0 < 384; j0 += 32) {
            const int64_t j1 = j0 + 32 < 384 ? j0 + 32 : 384;
            for (int64_t kk = k0; kk < k1; kk++)
                for (int64_t jj = j0; jj < j1; jj++)
                    d[kk * 384 + jj] = s[kk * 1 + jj * 384];
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t1(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *src = ((const float *)((uint8_t *)slots[rlx_at[0]])) + 0;
    float *dst = ((float *)((uint8_t *)slots[rlx_at[1]]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t t = 0; t < 12; t++) {
        const int64_t r = t / 12;
        const int64_t k0 = (t % 12) * 32;
        const int64_t k1 = k0 + 32 < 384 ? k0 + 32 : 384;
        const float *s = src + 0;
        float *d = dst + 0;
        for (int64_t j0 = 0; j0 < 1536; j0 += 32) {
            const int64_t j1 = j0 + 32 < 1536 ? j0 + 32 : 1536;
            for (int64_t kk = k0; kk < k1; kk++)
                for (int64_t jj = j0; jj < j1; jj++)
                    d[kk * 1536 + jj] = s[kk * 1 + jj * 384];
        }
    }
    return 0;
}

/* the code of several kernels (rlx_at: their addresses) */
static __attribute__((noinline)) int rlx_t2(void **slots, uint8_t *arena, const int64_t *ctl, const int64_t *restrict rlx_at) {
    (void)slots; (void)arena; (void)ctl; (void)rlx_at;
    const float *src = ((const float *)((uint8_t *)slots[rlx_at[0]])) + 0;
    float *dst = ((float *)((uint8_t *)slots[rlx_at[1]]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t t = 0; t < 48; t++) {
        const int64_t r = t / 48;
        const int64_t k0 = (t % 48) * 32;
        const int64_t k1 = k0 + 32 < 1536 ? k0 + 32 : 1536;
        const float *s = src + 0;
        float *d = dst + 0;
        for (int64_t j0 = 0; j0 < 384; j0 += 32) {
            const int64_t j1 = j0 + 32 < 384 ? j0 + 32 : 384;
            for (int64_t kk = k0; kk < k1; kk++)
                for (int64_t jj = j0; jj < j1; jj++)
                    d[kk * 384 + jj] = s[kk * 1 + jj * 1536];
        }
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_slice: view: slice */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    memcpy(((uint8_t *)slots[37]), ((uint8_t *)slots[0]) + 0, 24576);
    return 0;
}

/* k1_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k1(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {1, 38};
    return rlx_t0(slots, arena, ctl, at);
}

/* k2_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k2(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {2, 39};
    return rlx_t0(slots, arena, ctl, at);
}

/* k3_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k3(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {3, 40};
    return rlx_t0(slots, arena, ctl, at);
}

/* k4_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k4(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {4, 41};
    return rlx_t0(slots, arena, ctl, at);
}

/* k5_transpose: op: transpose (the code of rlx_t1) */
static int rlx_k5(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {5, 42};
    return rlx_t1(slots, arena, ctl, at);
}

/* k6_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k6(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {6, 43};
    return rlx_t2(slots, arena, ctl, at);
}

/* k7_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k7(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {7, 44};
    return rlx_t0(slots, arena, ctl, at);
}

/* k8_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k8(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {8, 45};
    return rlx_t0(slots, arena, ctl, at);
}

/* k9_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k9(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {9, 46};
    return rlx_t0(slots, arena, ctl, at);
}

/* k10_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k10(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {10, 47};
    return rlx_t0(slots, arena, ctl, at);
}

/* k11_transpose: op: transpose (the code of rlx_t1) */
static int rlx_k11(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {11, 48};
    return rlx_t1(slots, arena, ctl, at);
}

/* k12_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k12(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {12, 49};
    return rlx_t2(slots, arena, ctl, at);
}

/* k13_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k13(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {13, 50};
    return rlx_t0(slots, arena, ctl, at);
}

/* k14_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k14(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {14, 51};
    return rlx_t0(slots, arena, ctl, at);
}

/* k15_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k15(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {15, 52};
    return rlx_t0(slots, arena, ctl, at);
}

/* k16_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k16(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {16, 53};
    return rlx_t0(slots, arena, ctl, at);
}

/* k17_transpose: op: transpose (the code of rlx_t1) */
static int rlx_k17(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {17, 54};
    return rlx_t1(slots, arena, ctl, at);
}

/* k18_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k18(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {18, 55};
    return rlx_t2(slots, arena, ctl, at);
}

/* k19_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k19(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {19, 56};
    return rlx_t0(slots, arena, ctl, at);
}

/* k20_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k20(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {20, 57};
    return rlx_t0(slots, arena, ctl, at);
}

/* k21_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k21(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {21, 58};
    return rlx_t0(slots, arena, ctl, at);
}

/* k22_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k22(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {22, 59};
    return rlx_t0(slots, arena, ctl, at);
}

/* k23_transpose: op: transpose (the code of rlx_t1) */
static int rlx_k23(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {23, 60};
    return rlx_t1(slots, arena, ctl, at);
}

/* k24_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k24(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {24, 61};
    return rlx_t2(slots, arena, ctl, at);
}

/* k25_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k25(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {25, 62};
    return rlx_t0(slots, arena, ctl, at);
}

/* k26_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k26(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {26, 63};
    return rlx_t0(slots, arena, ctl, at);
}

/* k27_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k27(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {27, 64};
    return rlx_t0(slots, arena, ctl, at);
}

/* k28_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k28(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {28, 65};
    return rlx_t0(slots, arena, ctl, at);
}

/* k29_transpose: op: transpose (the code of rlx_t1) */
static int rlx_k29(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {29, 66};
    return rlx_t1(slots, arena, ctl, at);
}

/* k30_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k30(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {30, 67};
    return rlx_t2(slots, arena, ctl, at);
}

/* k31_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k31(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {31, 68};
    return rlx_t0(slots, arena, ctl, at);
}

/* k32_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k32(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {32, 69};
    return rlx_t0(slots, arena, ctl, at);
}

/* k33_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k33(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {33, 70};
    return rlx_t0(slots, arena, ctl, at);
}

/* k34_transpose: op: transpose (the code of rlx_t0) */
static int rlx_k34(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {34, 71};
    return rlx_t0(slots, arena, ctl, at);
}

/* k35_transpose: op: transpose (the code of rlx_t1) */
static int rlx_k35(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {35, 72};
    return rlx_t1(slots, arena, ctl, at);
}

/* k36_transpose: op: transpose (the code of rlx_t2) */
static int rlx_k36(void **slots, uint8_t *arena, const int64_t *ctl) {
    static const int64_t at[] = {36, 73};
    return rlx_t2(slots, arena, ctl, at);
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k0(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k1(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k2(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k3(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k4(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k5(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k6(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k7(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k8(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k9(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k10(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k11(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k12(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k13(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k14(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k15(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k16(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k17(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k18(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k19(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k20(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k21(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k22(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k23(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k24(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k25(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k26(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k27(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k28(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k29(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k30(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k31(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k32(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k33(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k34(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k35(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k36(slots, arena, ctl)) != 0) return rc;
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

int64_t rlx_keep_bytes(void) { return 0; }

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
