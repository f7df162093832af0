/* codegen_replay: main program of graph 'op_minimum' */
/* rlx: generated from graph 'op_minimum', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_minimum: elementwise: minimum */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 48; r++) {
        const int64_t ro0 = r * 1000;
        const int64_t ro1 = 0;
        #pragma omp simd
        for (int64_t j = 0; j < 1000; j++) {
            const float v0 = ((const float *)((uint8_t *)slots[0]))[ro0 + j * 1];
            const float v1 = ((const float *)((uint8_t *)slots[1]))[ro1 + j * 1];
            const float t2 = rlx_min_keep_nan(v0, v1);
            ((float *)((uint8_t *)slots[3]))[r * 1000 + j] = t2;
        }
    }
    return 0;
}

/* k1_minimum: elementwise: minimum */
static int rlx_k1(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    #pragma omp parallel for simd schedule(static) num_threads(2)
    for (int64_t j = 0; j < 48000; j++) {
        const float v0 = ((const float *)((uint8_t *)slots[0]))[j * 1];
        const float v3 = ((const float *)((uint8_t *)slots[2]))[j * 1];
        const float t4 = rlx_min_keep_nan(v0, v3);
        ((float *)((uint8_t *)slots[4]))[j] = t4;
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

/* the KV feeds' copies (Executable.span_copier): span i moves bytes[i] bytes from
   address src[i] to address dst[i] */
void rlx_copy_spans(int64_t n, const int64_t *dst, const int64_t *src, const int64_t *bytes) {
    for (int64_t i = 0; i < n; i++)
        memcpy((void *)(uintptr_t)dst[i], (const void *)(uintptr_t)src[i], (size_t)bytes[i]);
}
#endif
