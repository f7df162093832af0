/* A standalone driver for one program of the cpu device's generated C, so that the C
 * can run outside Python: on another machine, or under an emulator of another
 * architecture (scripts/neon_check.py builds it for aarch64 and runs it under qemu).
 *
 * Built from two translation units: the generated source (rlx.backends.cpu.render) and
 * this file, linked together with -fopenmp -lm. The generated source exports
 *
 *     int64_t rlx_keep_bytes(void);   bytes of the keep region (repacked weights)
 *     void rlx_set_threads(int n);
 *     int rlx_run(void **slots, uint8_t *arena, const int64_t *ctl);
 *
 * and this driver calls them as rlx.backends.cpu.backend does: one pointer per slot
 * (the render context's slot table, in order), a zeroed arena of the context's
 * arena_bytes, and ctl = [seed, 0, -1, 0, 1, keep region, error buffer, 0, 0, 0, 0] with
 * a zeroed keep region and a 512-byte error buffer (no collective callback: a program
 * with a collective op fails with its message; no run feed; no AMX tiles, whose state
 * the process has not asked Linux for). It reads a manifest:
 *
 *     ARENA_BYTES THREADS RUNS SEED
 *     KIND NBYTES PATH            one line per slot, in slot order
 *
 * KIND r: the slot's bytes are read from PATH (an input, param or constant);
 *      z: the slot is zeroed storage (a random op's fixed buffer; PATH is "-");
 *      w: the slot is written to PATH after the last run (a graph output).
 * Every buffer is 64-byte aligned and zeroed first. rlx_run is called RUNS times (the
 * second run finds the weights already repacked, as every run after a compile does).
 * Exit status: 0, 1 for a bad manifest or file, 2 when rlx_run fails (its error
 * message is printed).
 *
 * Generated sources that call BLAS include "cblas.h" and call scipy-openblas32's
 * scipy_cblas_{s,d}{gemm,gemv} and scipy_openblas_{get,set}_num_threads. Where that
 * library cannot be linked (another architecture), compile this file with
 * -DRLX_PORTABLE_CBLAS and give the generated source a cblas.h that reads
 *
 *     #define RLX_STANDALONE_DECLARATIONS_ONLY 1
 *     #include "standalone_main.c"
 *
 * : the declarations below, and this file's plain-C definitions of those functions
 * (row-major and column-major, either transpose; products summed in order, in the
 * operands' type).
 */
#ifndef RLX_STANDALONE_DECLARATIONS
#define RLX_STANDALONE_DECLARATIONS

#include <stdint.h>

typedef enum CBLAS_ORDER { CblasRowMajor = 101, CblasColMajor = 102 } CBLAS_ORDER;
typedef enum CBLAS_TRANSPOSE {
    CblasNoTrans = 111, CblasTrans = 112, CblasConjTrans = 113, CblasConjNoTrans = 114
} CBLAS_TRANSPOSE;

void scipy_openblas_set_num_threads(int num_threads);
int scipy_openblas_get_num_threads(void);
void scipy_cblas_sgemm(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE ta, enum CBLAS_TRANSPOSE tb,
                       int m, int n, int k, float alpha, const float *a, int lda,
                       const float *b, int ldb, float beta, float *c, int ldc);
void scipy_cblas_dgemm(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE ta, enum CBLAS_TRANSPOSE tb,
                       int m, int n, int k, double alpha, const double *a, int lda,
                       const double *b, int ldb, double beta, double *c, int ldc);
void scipy_cblas_sgemv(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE trans, int m, int n,
                       float alpha, const float *a, int lda, const float *x, int incx,
                       float beta, float *y, int incy);
void scipy_cblas_dgemv(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE trans, int m, int n,
                       double alpha, const double *a, int lda, const double *x, int incx,
                       double beta, double *y, int incy);

#endif /* RLX_STANDALONE_DECLARATIONS */

#ifndef RLX_STANDALONE_DECLARATIONS_ONLY

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t rlx_keep_bytes(void);
void rlx_set_threads(int n);
int rlx_run(void **slots, uint8_t *arena, const int64_t *ctl);

#ifdef RLX_PORTABLE_CBLAS
/* ---- portable BLAS: the few routines the generated kernels call --------------- */
static int rlx_sa_blas_threads = 1;
void scipy_openblas_set_num_threads(int num_threads) { rlx_sa_blas_threads = num_threads; }
int scipy_openblas_get_num_threads(void) { return rlx_sa_blas_threads; }

/* C (m x n, row stride ldc) = alpha op(A) op(B) + beta C for row-major operands; a
   column-major call is the row-major product of the transposes with m and n swapped.
   beta == 0 never reads C (it may hold anything). */
#define RLX_SA_GEMM(NAME, T) \
    void NAME(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE ta, enum CBLAS_TRANSPOSE tb, \
              int m, int n, int k, T alpha, const T *a, int lda, const T *b, int ldb, \
              T beta, T *c, int ldc) { \
        if (order == CblasColMajor) { \
            NAME(CblasRowMajor, tb, ta, n, m, k, alpha, b, ldb, a, lda, beta, c, ldc); \
            return; \
        } \
        const int at = ta == CblasTrans || ta == CblasConjTrans; \
        const int bt = tb == CblasTrans || tb == CblasConjTrans; \
        for (int i = 0; i < m; i++) \
            for (int j = 0; j < n; j++) { \
                T s = 0; \
                for (int p = 0; p < k; p++) \
                    s += (at ? a[(int64_t)p * lda + i] : a[(int64_t)i * lda + p]) \
                       * (bt ? b[(int64_t)j * ldb + p] : b[(int64_t)p * ldb + j]); \
                T *out = c + (int64_t)i * ldc + j; \
                *out = beta == 0 ? alpha * s : alpha * s + beta * *out; \
            } \
    }
RLX_SA_GEMM(scipy_cblas_sgemm, float)
RLX_SA_GEMM(scipy_cblas_dgemm, double)

/* y = alpha op(A) x + beta y; A is m x n (row-major) or its transpose. */
#define RLX_SA_GEMV(NAME, T) \
    void NAME(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE trans, int m, int n, T alpha, \
              const T *a, int lda, const T *x, int incx, T beta, T *y, int incy) { \
        int t = trans == CblasTrans || trans == CblasConjTrans; \
        if (order == CblasColMajor) t = !t; \
        const int rows = t ? n : m, cols = t ? m : n; \
        for (int i = 0; i < rows; i++) { \
            T s = 0; \
            for (int p = 0; p < cols; p++) \
                s += (t ? a[(int64_t)p * lda + i] : a[(int64_t)i * lda + p]) \
                   * x[(int64_t)p * incx]; \
            T *out = y + (int64_t)i * incy; \
            *out = beta == 0 ? alpha * s : alpha * s + beta * *out; \
        } \
    }
RLX_SA_GEMV(scipy_cblas_sgemv, float)
RLX_SA_GEMV(scipy_cblas_dgemv, double)
#endif /* RLX_PORTABLE_CBLAS */

/* ---- the driver --------------------------------------------------------------- */
static void *rlx_sa_alloc(long long nbytes) {
    void *p = 0;
    const size_t size = nbytes > 0 ? (size_t)nbytes : 1;
    if (posix_memalign(&p, 64, (size + 63) / 64 * 64) != 0) return 0;
    memset(p, 0, (size + 63) / 64 * 64);
    return p;
}

static int rlx_sa_read(const char *path, void *dst, long long nbytes) {
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); return 1; }
    const size_t got = nbytes > 0 ? fread(dst, 1, (size_t)nbytes, f) : 0;
    fclose(f);
    if ((long long)got != nbytes) {
        fprintf(stderr, "%s: read %zu of %lld bytes\n", path, got, nbytes);
        return 1;
    }
    return 0;
}

static int rlx_sa_write(const char *path, const void *src, long long nbytes) {
    FILE *f = fopen(path, "wb");
    if (!f) { fprintf(stderr, "cannot create %s\n", path); return 1; }
    const size_t put = nbytes > 0 ? fwrite(src, 1, (size_t)nbytes, f) : 0;
    fclose(f);
    if ((long long)put != nbytes) { fprintf(stderr, "%s: short write\n", path); return 1; }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s MANIFEST\n", argv[0]); return 1; }
    FILE *m = fopen(argv[1], "r");
    if (!m) { fprintf(stderr, "cannot open %s\n", argv[1]); return 1; }
    long long arena_bytes, seed;
    int threads, runs;
    if (fscanf(m, "%lld %d %d %lld", &arena_bytes, &threads, &runs, &seed) != 4) {
        fprintf(stderr, "%s: bad header\n", argv[1]);
        return 1;
    }
    int count = 0, cap = 16;
    void **slots = malloc(sizeof(void *) * (size_t)cap);
    char *kinds = malloc((size_t)cap);
    long long *sizes = malloc(sizeof(long long) * (size_t)cap);
    char **paths = malloc(sizeof(char *) * (size_t)cap);
    char kind[8], path[4096];
    long long nbytes;
    while (fscanf(m, "%7s %lld %4095s", kind, &nbytes, path) == 3) {
        if (count == cap) {
            cap *= 2;
            slots = realloc(slots, sizeof(void *) * (size_t)cap);
            kinds = realloc(kinds, (size_t)cap);
            sizes = realloc(sizes, sizeof(long long) * (size_t)cap);
            paths = realloc(paths, sizeof(char *) * (size_t)cap);
        }
        slots[count] = rlx_sa_alloc(nbytes);
        if (!slots[count]) { fprintf(stderr, "out of memory\n"); return 1; }
        kinds[count] = kind[0];
        sizes[count] = nbytes;
        paths[count] = strdup(path);
        if (kind[0] == 'r' && rlx_sa_read(path, slots[count], nbytes)) return 1;
        if (kind[0] != 'r' && kind[0] != 'z' && kind[0] != 'w') {
            fprintf(stderr, "%s: unknown slot kind %s\n", argv[1], kind);
            return 1;
        }
        count++;
    }
    fclose(m);
    uint8_t *arena = rlx_sa_alloc(arena_bytes);
    uint8_t *keep = rlx_sa_alloc(rlx_keep_bytes());
    char *error = rlx_sa_alloc(512);
    if (!arena || !keep || !error) { fprintf(stderr, "out of memory\n"); return 1; }
    rlx_set_threads(threads);
    const int64_t ctl[11] = {(int64_t)seed, 0, -1, 0, 1, (int64_t)(uintptr_t)keep,
                             (int64_t)(uintptr_t)error, 0, 0, 0, 0};
    for (int r = 0; r < runs; r++) {
        if (rlx_run(slots, arena, ctl) != 0) {
            fprintf(stderr, "rlx_run: %s\n", error);
            return 2;
        }
    }
    for (int i = 0; i < count; i++)
        if (kinds[i] == 'w' && rlx_sa_write(paths[i], slots[i], sizes[i])) return 1;
    return 0;
}

#endif /* RLX_STANDALONE_DECLARATIONS_ONLY */
