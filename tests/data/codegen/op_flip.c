/* codegen_replay: main program of graph 'op_flip' */
/* rlx: generated from graph 'op_flip', compiled in 1 part(s) */

/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */


RLX_PART_FN int rlx_part0(void **slots, uint8_t *arena, const int64_t *ctl);

#if !defined(RLX_PART) || RLX_PART == 0
/* k0_flip: op: flip */
static int rlx_k0(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[0])) + 999;
    float *dst = ((float *)((uint8_t *)slots[1]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t r = 0; r < 48; r++) {
        const float *s = src + r * 1000;
        float *d = dst + r * 1000;
        for (int64_t j = 0; j < 1000; j++) d[j] = s[j * -1];
    }
    return 0;
}

/* k1_flip: op: flip */
static int rlx_k1(void **slots, uint8_t *arena, const int64_t *ctl) {
    (void)slots; (void)arena; (void)ctl;
    const float *src = ((const float *)((uint8_t *)slots[0])) + 47999;
    float *dst = ((float *)((uint8_t *)slots[2]));
    #pragma omp parallel for schedule(static) num_threads(2)
    for (int64_t j = 0; j < 48000; j++) dst[j] = src[j * -1];
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
