/* GGML blocks: the fp16 field at p (any alignment) as a float. F16C's or aarch64's
   conversion; elsewhere exact integer steps (gcc's _Float16 conversion is a library
   call on x86-64 without F16C): the magnitude's bits moved to an f32's place and
   scaled by 2^112 (fp16 subnormals land on f32 subnormals, scaled exactly), or
   given the all-ones exponent for inf and nan */
static inline float rlx_g_half(const uint8_t *p) {
    uint16_t h;
    memcpy(&h, p, 2);
#if defined(__F16C__) || defined(__aarch64__)
    return rlx_q_f16(h);
#else
    uint32_t u = (uint32_t)(h & 0x7fff) << 13;
    float f;
    if ((h & 0x7c00) == 0x7c00) {
        u |= 0x7f800000u;
        memcpy(&f, &u, 4);
    } else {
        memcpy(&f, &u, 4);
        f *= 0x1p112f;
    }
    return h & 0x8000 ? -f : f;
#endif
}
