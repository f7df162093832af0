/* codegen_replay: main program of graph 'op_cos' */
/* rlx: generated from graph 'op_cos', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_cos: elementwise: cos */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp parallel for simd schedule(static) num_threads(2)
    for (int64_t j = 0; j < 48000; j++) {
        const float v0 = ((const float *)((uint8_t *)slots[0]))[j * 1];
        const float t1 = rlx_cosf(v0);
        ((float *)((uint8_t *)slots[1]))[j] = t1;
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    if ((rc = rlx_k0(slots, arena, ctl)) != 0) return rc;
    return 0;
}
#endif

#if !defined(RLX_PART) || RLX_PART == 0
int64_t rlx_keep_bytes(void) { return 0; }

int rlx_run(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)arena; (void)ctl; (void)rc;
    if ((rc = rlx_part0(slots, arena, ctl)) != 0) return rc;
    return 0;
}

void rlx_set_threads(int n) {
#ifdef _OPENMP
    omp_set_num_threads(n);
#endif
}

/* the KV feeds' copies (Executable.row_copier; rlx.backends.base.RowCopier says what
   each argument holds): rows of every pair p of n and every sequence b of seqs;
   plan = src_caps[n], dst_rows[seqs], counts[seqs]; every bound checked by the caller */
void rlx_copy_rows(int64_t n, const int64_t *dst, const int64_t *src,
                   const int64_t *itemsize, int64_t row_elems, int64_t src_row,
                   int64_t seqs, const int64_t *plan, int64_t dst_cap) {
    const int64_t *src_caps = plan, *dst_rows = plan + n, *counts = plan + n + seqs;
    for (int64_t p = 0; p < n; p++) {
        const int64_t row = row_elems * itemsize[p];
        for (int64_t b = 0; b < seqs; b++)
            if (counts[b] > 0)
                memcpy((char *)(uintptr_t)dst[p] + (b * dst_cap + dst_rows[b]) * row,
                       (const char *)(uintptr_t)src[p] + (b * src_caps[p] + src_row) * row,
                       (size_t)(counts[b] * row));
    }
}
#endif
