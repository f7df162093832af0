/* codegen_replay: main program of graph 'op_softmax_cross_entropy' */
/* rlx: generated from graph 'op_softmax_cross_entropy', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


#include <stdio.h>
#include <stdlib.h>

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_softmax_cross_entropy: op: softmax_cross_entropy */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *const r_logits = ((const float *)((uint8_t *)slots[0]));
    const int64_t *const r_labels = ((const int64_t *)((uint8_t *)slots[1]));
    float *const r_out = ((float *)((uint8_t *)slots[2]));
    for (int64_t r = 0; r < 48; r++) {
        const int64_t r_label = (int64_t)r_labels[r];
        if (r_label < 0 || r_label >= 1000) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "softmax_cross_entropy: label %lld in row %lld is outside [0, 1000)", (long long)r_label, (long long)r);
            return 1;
        }
    }
    double r_total = 0.0;
    for (int64_t r = 0; r < 48; r++) {
        const float *const r_row = r_logits + r * 1000;
        float r_max = -INFINITY;
        #pragma omp simd reduction(max:r_max)
        for (int64_t j = 0; j < 1000; j++) {
            const float r_x = r_row[j];
            r_max = r_x > r_max ? r_x : r_max;
        }
        const float r_shift = isfinite(r_max) ? r_max : (float)0;
        double r_sum = 0.0;
        #pragma omp simd reduction(+:r_sum)
        for (int64_t j = 0; j < 1000; j++) {
            const float r_x = r_row[j];
            r_sum += (double)rlx_expf(r_x - r_shift);
        }
        const double r_picked = (double)r_row[r_labels[r]];
        const double r_loss = log(r_sum) + (double)r_shift - r_picked;
        r_total += r_loss;
    }
    r_out[0] = (float)(r_total / 48.0);
    return 0;
}

/* k1_softmax_cross_entropy: op: softmax_cross_entropy */
static int rlx_k1(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *const r_logits = ((const float *)((uint8_t *)slots[0]));
    const int64_t *const r_labels = ((const int64_t *)((uint8_t *)slots[1]));
    float *const r_out = ((float *)((uint8_t *)slots[3]));
    for (int64_t r = 0; r < 48; r++) {
        const int64_t r_label = (int64_t)r_labels[r];
        if (r_label < 0 || r_label >= 1000) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "softmax_cross_entropy: label %lld in row %lld is outside [0, 1000)", (long long)r_label, (long long)r);
            return 1;
        }
    }
    double r_total = 0.0;
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 48; r++) {
        const float *const r_row = r_logits + r * 1000;
        float r_max = -INFINITY;
        #pragma omp simd reduction(max:r_max)
        for (int64_t j = 0; j < 1000; j++) {
            const float r_x = r_row[j];
            r_max = r_x > r_max ? r_x : r_max;
        }
        const float r_shift = isfinite(r_max) ? r_max : (float)0;
        double r_sum = 0.0;
        #pragma omp simd reduction(+:r_sum)
        for (int64_t j = 0; j < 1000; j++) {
            const float r_x = r_row[j];
            r_sum += (double)rlx_expf(r_x - r_shift);
        }
        const double r_picked = (double)r_row[r_labels[r]];
        const double r_loss = log(r_sum) + (double)r_shift - r_picked;
        r_out[r] = (float)r_loss;
    }
    return 0;
}

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl) {
    int rc = 0;
    (void)slots; (void)arena; (void)ctl; (void)rc;
    if ((rc = rlx_k0(slots, arena, ctl)) != 0) return rc;
    if ((rc = rlx_k1(slots, arena, ctl)) != 0) return rc;
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
