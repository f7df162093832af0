/* The AMX tiles for dequant_matmul with x_int8 (rlx.backends.cpu.kernels.qmatmul_amx):
   compiled where the target has AMX-INT8 (the avx512 tier on a host that has it), used
   where Linux lets this process use the tiles and RLX_CPU_AMX is not 0. */
#if defined(__AMX_INT8__) && defined(__AMX_TILE__) && defined(__AVX512F__) && \
    defined(__linux__)
#define RLX_I_AMX 1
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
/* -1 not asked yet; 1 the tiles may be used; 0 they may not (the kernel refused, or
   RLX_CPU_AMX=0). Asked once per process and program; two threads asking together both
   get the same answer. */
static int rlx_amx_state = -1;
static int rlx_amx_ready(void) {
    int s = __atomic_load_n(&rlx_amx_state, __ATOMIC_RELAXED);
    if (s < 0) {
        const char *env = getenv("RLX_CPU_AMX");
        /* ARCH_REQ_XCOMP_PERM (0x1023) for XFEATURE_XTILEDATA (18): Linux grants the
           tile data's register state to a process that asks; using a tile without it
           is SIGILL */
        s = !(env && env[0] == '0' && env[1] == 0) &&
            syscall(SYS_arch_prctl, 0x1023, 18) == 0;
        __atomic_store_n(&rlx_amx_state, s, __ATOMIC_RELAXED);
    }
    return s;
}
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
