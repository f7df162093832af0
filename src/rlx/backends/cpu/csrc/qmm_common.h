/* dequant_matmul: part[j] += a[i] * b[i] for i = j (mod 32), i < n: vectorised f32
   partial sums in an order fixed by n alone */
static inline void rlx_q_dot_acc(const float *restrict a, const float *restrict b, int64_t n,
                                 float *restrict part) {
    int64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        #pragma omp simd
        for (int64_t j = 0; j < 32; j++) part[j] = RLX_FMAF(a[i + j], b[i + j], part[j]);
    }
    for (int64_t j = 0; i + j < n; j++) part[j] = RLX_FMAF(a[i + j], b[i + j], part[j]);
}
static inline float rlx_q_sum32(const float *part) {
    float s = 0.0f;
    for (int j = 0; j < 32; j++) s += part[j];
    return s;
}
