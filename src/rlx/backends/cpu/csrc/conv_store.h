/* channel-vectorised conv tiles: y[c * ldy + q] = part[q * NR + c] + bias[c] (NR channels
   a row of part: conv_tiled.CHANNEL_NR) for the first n positions q and nc channels c,
   in 16 x 16 blocks transposed through a buffer (part holds whole blocks of 16 rows;
   the rows past n are read but not stored) */
static void rlx_cv_store_t(const float *part, int64_t n, int64_t nc, float *y, int64_t ldy,
                           const float *bias) {
    float t[256] __attribute__((aligned(64)));
    for (int64_t c0 = 0; c0 < nc; c0 += 16)
        for (int64_t q0 = 0; q0 < n; q0 += 16) {
            rlx_pk_transpose(part + q0 * RLX_CV_NR + c0, RLX_CV_NR, t, 16, 16, 16);
            for (int64_t c = c0; c < nc && c < c0 + 16; c++) {
                const rlx_vf b = rlx_v_set1(bias ? bias[c] : 0.0f);
                for (int j = 0; j < RLX_CV_VPL; j++) {
                    rlx_vf v = rlx_v_load(t + (c - c0) * 16 + j * RLX_VW);
                    if (bias) v = v + b;
                    const int64_t left = n - q0 - j * RLX_VW;
                    if (left >= RLX_VW) rlx_v_store(y + c * ldy + q0 + j * RLX_VW, v);
                    else if (left > 0) rlx_v_store_n(y + c * ldy + q0 + j * RLX_VW, v, left);
                }
            }
        }
}
/* channel-vectorised conv tiles: prefetch into L2 lines [l0, l0 + per) of the ``lines``
   cache lines from ``next`` (none when next is 0) */
static inline void rlx_cv_prefetch_next(const float *next, int64_t lines, int64_t l0,
                                        int64_t per) {
    if (!next) return;
    const int64_t l1 = l0 + per < lines ? l0 + per : lines;
    for (int64_t l = l0; l < l1; l++) __builtin_prefetch((const char *)next + 64 * l, 0, 2);
}
