/* codegen_replay: main program of graph 'op_cached_attention' */
/* rlx: generated from graph 'op_cached_attention', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


static inline int rlx_thread_id(void) {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

#include <stdio.h>

RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_cached_attention: op: cached_attention */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    for (int64_t bi = 0; bi < 2; bi++) {
        if (((const int64_t *)((uint8_t *)slots[5]))[bi] < 0 || ((const int64_t *)((uint8_t *)slots[5]))[bi] > 256) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "cached_attention: past_len %lld is outside [0, 256] (the cache holds 256 rows)", (long long)((const int64_t *)((uint8_t *)slots[5]))[bi]);
            return 1;
        }
    }
    float *rlx_rows = (float *)(arena + 0);
    #pragma omp parallel for num_threads(2) schedule(static)
    for (int64_t task = 0; task < 18; task++) {
        const int64_t bi = task / 9, head = task / 1 % 9, i = task % 1;
        const int64_t kvh = head / 3, past = (int64_t)((const int64_t *)((uint8_t *)slots[5]))[bi];
        const int64_t pos = past + i;
        const int64_t jlo = 0 > 0 ? 0 : 0;
        const int64_t split = jlo > past ? jlo : past;   /* first new-row key */
        float *row = rlx_rows + (int64_t)rlx_thread_id() * 321;
        float *acc = row + 257;
        const float *qr = ((const float *)((uint8_t *)slots[0])) + task * 64;
        const float *kc = ((const float *)((uint8_t *)slots[3])) + (bi * 3 + kvh) * 16384;
        const float *kn = ((const float *)((uint8_t *)slots[1])) + (bi * 3 + kvh) * 64;
        const float *vc = ((const float *)((uint8_t *)slots[4])) + (bi * 3 + kvh) * 16384;
        const float *vn = ((const float *)((uint8_t *)slots[2])) + (bi * 3 + kvh) * 64;
        for (int64_t j = jlo; j < past; j++) {
            const float *kr = kc + j * 64;
            float dot = 0;
            #pragma omp simd reduction(+:dot)
            for (int64_t c = 0; c < 64; c++) dot += (float)(qr[c]) * (float)(kr[c]);
            row[j] = dot * 0.125f;
        }
        for (int64_t j = split; j < pos + 1; j++) {
            const float *kr = kn + (j - past) * 64;
            float dot = 0;
            #pragma omp simd reduction(+:dot)
            for (int64_t c = 0; c < 64; c++) dot += (float)(qr[c]) * (float)(kr[c]);
            row[j] = dot * 0.125f;
        }
        float mx = -INFINITY;
        {
            __typeof__(mx) mx_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                mx_l[l] = mx;
            }
            int64_t j_b = jlo;
            for (; j_b + 16 <= pos + 1; j_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t j = j_b + l;
                    mx_l[l] = row[j] > mx_l[l] ? row[j] : mx_l[l];
                }
            }
            for (int l = 0; j_b + l < pos + 1; l++) {
                const int64_t j = j_b + l;
                mx_l[l] = row[j] > mx_l[l] ? row[j] : mx_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) mx_l[l] = mx_l[l + w] > mx_l[l] ? mx_l[l + w] : mx_l[l];
            }
            mx = mx_l[0] > mx ? mx_l[0] : mx;
        }
        const float shift = mx > -INFINITY && mx < INFINITY ? mx : 0;
        float sum = 0;
        {
            __typeof__(sum) sum_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                sum_l[l] = 0;
            }
            int64_t j_b = jlo;
            for (; j_b + 16 <= pos + 1; j_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t j = j_b + l;
                    const float e = rlx_expf_weight(row[j] - shift);
                    row[j] = e;
                    sum_l[l] += e;
                }
            }
            for (int l = 0; j_b + l < pos + 1; l++) {
                const int64_t j = j_b + l;
                const float e = rlx_expf_weight(row[j] - shift);
                row[j] = e;
                sum_l[l] += e;
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) sum_l[l] = sum_l[l] + sum_l[l + w];
            }
            sum = sum + sum_l[0];
        }
        const float inv = sum != 0 ? 1 / sum : 0;
        for (int64_t c = 0; c < 64; c++) acc[c] = 0;
        for (int64_t j = jlo; j < past; j++) {
            const float pj = row[j];
            const float *vr = vc + j * 64;
            #pragma omp simd
            for (int64_t c = 0; c < 64; c++) acc[c] += pj * (float)(vr[c]);
        }
        for (int64_t j = split; j < pos + 1; j++) {
            const float pj = row[j];
            const float *vr = vn + (j - past) * 64;
            #pragma omp simd
            for (int64_t c = 0; c < 64; c++) acc[c] += pj * (float)(vr[c]);
        }
        float *out = ((float *)((uint8_t *)slots[6])) + task * 64;
        for (int64_t c = 0; c < 64; c++) out[c] = (float)(acc[c] * inv);
    }
    return 0;
}

/* k1_cached_attention: op: cached_attention */
static int rlx_k1(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    for (int64_t bi = 0; bi < 2; bi++) {
        if (((const int64_t *)((uint8_t *)slots[5]))[bi] < 0 || ((const int64_t *)((uint8_t *)slots[5]))[bi] > 256) {
            snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "cached_attention: past_len %lld is outside [0, 256] (the cache holds 256 rows)", (long long)((const int64_t *)((uint8_t *)slots[5]))[bi]);
            return 1;
        }
    }
    float *rlx_rows = (float *)(arena + 0);
    #pragma omp parallel for num_threads(2) schedule(static)
    for (int64_t task = 0; task < 18; task++) {
        const int64_t bi = task / 9, head = task / 1 % 9, i = task % 1;
        const int64_t kvh = head / 3, past = (int64_t)((const int64_t *)((uint8_t *)slots[5]))[bi];
        const int64_t pos = past + i;
        const int64_t jlo = pos - 31 > 0 ? pos - 31 : 0;
        const int64_t split = jlo > past ? jlo : past;   /* first new-row key */
        float *row = rlx_rows + (int64_t)rlx_thread_id() * 321;
        float *acc = row + 257;
        const float *qr = ((const float *)((uint8_t *)slots[0])) + task * 64;
        const float *kc = ((const float *)((uint8_t *)slots[3])) + (bi * 3 + kvh) * 16384;
        const float *kn = ((const float *)((uint8_t *)slots[1])) + (bi * 3 + kvh) * 64;
        const float *vc = ((const float *)((uint8_t *)slots[4])) + (bi * 3 + kvh) * 16384;
        const float *vn = ((const float *)((uint8_t *)slots[2])) + (bi * 3 + kvh) * 64;
        for (int64_t j = jlo; j < past; j++) {
            const float *kr = kc + j * 64;
            float dot = 0;
            #pragma omp simd reduction(+:dot)
            for (int64_t c = 0; c < 64; c++) dot += (float)(qr[c]) * (float)(kr[c]);
            row[j] = 50.0f * rlx_tanhf(dot * 0.125f / 50.0f);
        }
        for (int64_t j = split; j < pos + 1; j++) {
            const float *kr = kn + (j - past) * 64;
            float dot = 0;
            #pragma omp simd reduction(+:dot)
            for (int64_t c = 0; c < 64; c++) dot += (float)(qr[c]) * (float)(kr[c]);
            row[j] = 50.0f * rlx_tanhf(dot * 0.125f / 50.0f);
        }
        float mx = -INFINITY;
        {
            __typeof__(mx) mx_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                mx_l[l] = mx;
            }
            int64_t j_b = jlo;
            for (; j_b + 16 <= pos + 1; j_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t j = j_b + l;
                    mx_l[l] = row[j] > mx_l[l] ? row[j] : mx_l[l];
                }
            }
            for (int l = 0; j_b + l < pos + 1; l++) {
                const int64_t j = j_b + l;
                mx_l[l] = row[j] > mx_l[l] ? row[j] : mx_l[l];
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) mx_l[l] = mx_l[l + w] > mx_l[l] ? mx_l[l + w] : mx_l[l];
            }
            mx = mx_l[0] > mx ? mx_l[0] : mx;
        }
        const float shift = mx > -INFINITY && mx < INFINITY ? mx : 0;
        float sum = 0;
        {
            __typeof__(sum) sum_l[16];
            #pragma omp simd
            for (int l = 0; l < 16; l++) {
                sum_l[l] = 0;
            }
            int64_t j_b = jlo;
            for (; j_b + 16 <= pos + 1; j_b += 16) {
                #pragma omp simd
                for (int l = 0; l < 16; l++) {
                    const int64_t j = j_b + l;
                    const float e = rlx_expf_weight(row[j] - shift);
                    row[j] = e;
                    sum_l[l] += e;
                }
            }
            for (int l = 0; j_b + l < pos + 1; l++) {
                const int64_t j = j_b + l;
                const float e = rlx_expf_weight(row[j] - shift);
                row[j] = e;
                sum_l[l] += e;
            }
            for (int w = 8; w > 0; w /= 2) {
                #pragma omp simd
                for (int l = 0; l < w; l++) sum_l[l] = sum_l[l] + sum_l[l + w];
            }
            sum = sum + sum_l[0];
        }
        const float inv = sum != 0 ? 1 / sum : 0;
        for (int64_t c = 0; c < 64; c++) acc[c] = 0;
        for (int64_t j = jlo; j < past; j++) {
            const float pj = row[j];
            const float *vr = vc + j * 64;
            #pragma omp simd
            for (int64_t c = 0; c < 64; c++) acc[c] += pj * (float)(vr[c]);
        }
        for (int64_t j = split; j < pos + 1; j++) {
            const float pj = row[j];
            const float *vr = vn + (j - past) * 64;
            #pragma omp simd
            for (int64_t c = 0; c < 64; c++) acc[c] += pj * (float)(vr[c]);
        }
        float *out = ((float *)((uint8_t *)slots[7])) + task * 64;
        for (int64_t c = 0; c < 64; c++) out[c] = (float)(acc[c] * inv);
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
#endif
