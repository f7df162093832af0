/* codegen_replay: main program of graph 'op_softmax' */
/* rlx: generated from graph 'op_softmax', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_softmax: rowwise: softmax */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 768;
    if (ctl[2] >= 0 && ctl[3] == 768) rows = ctl[2] < 768 ? ctl[2] : 768;
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t p = 0; p < rows; p++) {
        enum { rlx_nslots = 3 };
        void *slots[rlx_nslots];
        slots[0] = rlx_caller_slots[0];
        slots[1] = rlx_caller_slots[1];
        const int64_t b0 = p * 100;
        const int64_t b1 = p * 100;
        float r_max = -INFINITY;
        float r_shift;
        double r_sum = 0.0;
        float r_k;
        {
            __typeof__(r_max) r_max_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_max_l[l] = r_max;
            }
            int64_t i0_b = 0;
            for (; i0_b + 16 <= 100; i0_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)((uint8_t *)slots[0]))[b0 + i0];
                    r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
                }
            }
            for (int l = 0; i0_b + l < 100; l++) {
                const int64_t i0 = i0_b + l;
                float r_x;
                r_x = ((const float *)((uint8_t *)slots[0]))[b0 + i0];
                r_max_l[l] = r_x > r_max_l[l] ? r_x : r_max_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_max_l[l] = r_max_l[l + w] > r_max_l[l] ? r_max_l[l + w] : r_max_l[l];
            }
            r_max = r_max_l[0] > r_max ? r_max_l[0] : r_max;
        }
        {
            r_shift = r_max;
        }
        {
            float r_sum_l[16];
            __typeof__(r_sum) r_sum_w[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                r_sum_w[l] = 0;
            }
            for (int64_t blk = 0; blk < 100; blk += 128) {
                const int64_t blk_end = blk + 128 < 100 ? blk + 128 : 100;
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_l[l] = 0;
                }
                int64_t i0_b = blk;
                for (; i0_b + 16 <= blk_end; i0_b += 16) {
                    #pragma omp simd
                    for (int l = 0; l < 16; l++) {
                        const int64_t i0 = i0_b + l;
                        float r_x;
                        r_x = ((const float *)((uint8_t *)slots[0]))[b0 + i0];
                        const float r_e = rlx_expf_weight(r_x - r_shift);
                        r_sum_l[l] += r_e;
                        ((float *)((uint8_t *)slots[1]))[b1 + i0] = r_e;
                    }
                }
                for (int l = 0; i0_b + l < blk_end; l++) {
                    const int64_t i0 = i0_b + l;
                    float r_x;
                    r_x = ((const float *)((uint8_t *)slots[0]))[b0 + i0];
                    const float r_e = rlx_expf_weight(r_x - r_shift);
                    r_sum_l[l] += r_e;
                    ((float *)((uint8_t *)slots[1]))[b1 + i0] = r_e;
                }
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    r_sum_w[l] += r_sum_l[l];
                }
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) r_sum_w[l] = r_sum_w[l] + r_sum_w[l + w];
            }
            r_sum = r_sum + r_sum_w[0];
        }
        {
            r_k = (float)(1.0 / r_sum);
        }
        #pragma omp simd
        for (int64_t i0 = 0; i0 < 100; i0++) {
            const float r_y = ((float *)((uint8_t *)slots[1]))[b1 + i0] * r_k;
            ((float *)((uint8_t *)slots[1]))[b1 + i0] = r_y;
        }
    }
    return 0;
}

/* k1_softmax: rowwise: softmax */
static int rlx_k1(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    void **const rlx_caller_slots = slots;
    int64_t rows = 48;
    if (ctl[2] >= 0 && ctl[3] == 48) rows = ctl[2] < 48 ? ctl[2] : 48;
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t t = 0; t < rows * 2; t++) {
        const int64_t p = t / 2;
        const int64_t q0 = (t % 2) * 64;
        const int64_t qn = 100 - q0 < 64 ? 100 - q0 : 64;
        enum { rlx_nslots = 3 };
        void *slots[rlx_nslots];
        slots[0] = rlx_caller_slots[0];
        slots[2] = rlx_caller_slots[2];
        const int64_t b0 = p * 1600;
        const int64_t b1 = p * 1600;
        float r_max[64];
        float r_shift[64];
        double r_sum[64];
        float r_k[64];
        #pragma omp simd
        for (int64_t l = 0; l < qn; l++) {
            const int64_t q = q0 + l;
            r_max[l] = -INFINITY;
            r_sum[l] = 0.0;
        }
        for (int64_t i0 = 0; i0 < 16; i0++) {
            #pragma omp simd
            for (int64_t l = 0; l < qn; l++) {
                const int64_t q = q0 + l;
                float r_x;
                r_x = ((const float *)((uint8_t *)slots[0]))[b0 + i0 * 100 + q];
                r_max[l] = r_x > r_max[l] ? r_x : r_max[l];
            }
        }
        #pragma omp simd
        for (int64_t l = 0; l < qn; l++) {
            const int64_t q = q0 + l;
            r_shift[l] = r_max[l];
        }
        for (int64_t i0 = 0; i0 < 16; i0++) {
            #pragma omp simd
            for (int64_t l = 0; l < qn; l++) {
                const int64_t q = q0 + l;
                float r_x;
                r_x = ((const float *)((uint8_t *)slots[0]))[b0 + i0 * 100 + q];
                const float r_e = rlx_expf_weight(r_x - r_shift[l]);
                r_sum[l] += r_e;
                ((float *)((uint8_t *)slots[2]))[b1 + i0 * 100 + q] = r_e;
            }
        }
        #pragma omp simd
        for (int64_t l = 0; l < qn; l++) {
            const int64_t q = q0 + l;
            r_k[l] = (float)(1.0 / r_sum[l]);
        }
        for (int64_t i0 = 0; i0 < 16; i0++) {
            #pragma omp simd
            for (int64_t l = 0; l < qn; l++) {
                const int64_t q = q0 + l;
                const float r_y = ((float *)((uint8_t *)slots[2]))[b1 + i0 * 100 + q] * r_k[l];
                ((float *)((uint8_t *)slots[2]))[b1 + i0 * 100 + q] = r_y;
            }
        }
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k0(slots, arena, ctl)) != 0) return rc;
    RLX_KERNEL_FENCE(); if ((rc = rlx_k1(slots, arena, ctl)) != 0) return rc;
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
