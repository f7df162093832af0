/* The AMX tiles for dequant_matmul with x_int8 (rlx.backends.cpu.kernels.qmatmul_amx):
   compiled where the target has AMX-INT8 (the avx512 tier on a host that has it), used
   when the caller says so (ctl[10]: rlx.backends.cpu.backend asks Linux for the tiles'
   state once per process and reads RLX_CPU_AMX; the program itself keeps no state). */
#if defined(__AMX_INT8__) && defined(__AMX_TILE__) && defined(__AVX512F__) && \
    defined(__linux__)
#define RLX_I_AMX 1
/* the tile configuration of palette 1: for each tile its rows and bytes a row */
typedef struct {
    uint8_t palette, start_row, reserved[14];
    uint16_t colsb[16];
    uint8_t rows[16];
} __attribute__((aligned(64))) rlx_amx_config;
/* tiles 0 and 6: 16 rows of W's codes, 32 bytes each (A); 1 and 7: x's codes of one
   group, 8 rows of mx 4-byte pieces (B); 2 to 5: the integer products, 16 rows of mx
   int32 (C) */
static inline void rlx_amx_configure(const int mx) {
    rlx_amx_config c;
    memset(&c, 0, sizeof c);
    c.palette = 1;
    for (int t = 0; t < 8; t++) {
        const int a = t == 0 || t == 6, b = t == 1 || t == 7;
        c.rows[t] = b ? 8 : 16;
        c.colsb[t] = (uint16_t)(a ? 32 : 4 * mx);
    }
    /* loaded only when the thread's tiles are configured otherwise (the previous
       call's configuration is left in place: loading it costs more than a group's
       products; anything else in the process, oneDNN say, may have loaded its own) */
    rlx_amx_config now;
    _tile_storeconfig(&now);
    if (memcmp(&now, &c, sizeof c) != 0) _tile_loadconfig(&c);
}
#endif
