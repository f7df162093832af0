/* conv tiles: a vector of the Python geometry (conv_tiled.LANES floats) in shim vectors */
#define RLX_CV_VPL (16 / RLX_VW)

/* conv tiles: t[e - q] for the grid positions e in [q, q + lanes) whose grid column is
   an output column, into the output row ``row`` (ow values per output row); kept out
   of line, as the tiles call it for every row and vector they store */
static __attribute__((noinline)) void rlx_cv_put_rows(const float *t, int64_t q,
                                                      int64_t lanes, float *row, int64_t wq,
                                                      int64_t ow) {
    int64_t r = q / wq;
    for (int64_t s = r * wq; s < q + lanes; s += wq, r++) {
        const int64_t lo = s > q ? s : q;
        const int64_t hi = s + ow < q + lanes ? s + ow : q + lanes;
        float *d = row + r * ow + (lo - s);
        for (int64_t e = lo; e < hi; e++) d[e - lo] = t[e - q];
    }
}

/* conv tiles: store the first lanes (at most RLX_VW; none when lanes <= 0) of v, the
   values of grid positions q .. q+lanes-1, into the output row ``row`` (ow values per
   output row), skipping grid columns >= ow */
static inline void rlx_cv_put(rlx_vf v, int64_t q, int64_t lanes, float *row, int64_t wq,
                              int64_t ow) {
    if (lanes <= 0) return;
    if (wq == ow) {
        if (lanes >= RLX_VW) rlx_v_store(row + q, v);
        else rlx_v_store_n(row + q, v, lanes);
        return;
    }
#if defined(__AVX512F__)
    /* each output row's lanes packed down in registers (no shim operation moves values
       between lanes; through memory, ResNet-50's strided 3 x 3 convs run 20 % slower) */
    int64_t r = q / wq;
    for (int64_t s = r * wq; s < q + lanes; s += wq, r++) {
        const int64_t lo = s > q ? s : q;
        const int64_t hi = s + ow < q + lanes ? s + ow : q + lanes;
        if (lo >= hi) continue;
        const __mmask16 keep = (__mmask16)((1u << (hi - lo)) - 1);
        _mm512_mask_storeu_ps(row + r * ow + (lo - s), keep,
                              _mm512_maskz_compress_ps((__mmask16)(keep << (lo - q)), v));
    }
#else
    float t[RLX_VW];
    rlx_v_store(t, v);
    rlx_cv_put_rows(t, q, lanes, row, wq, ow);
#endif
}
