"""C kernels of dequant_matmul with ``x_int8``: GGML blocks times x rounded to int8,
multiplied in integers (see :mod:`.qmatmul` and :mod:`.qmatmul_ggml`).

GGML's own CPU kernels round each group of 32 elements of x to int8 with one scale
(:func:`rlx.ir.gguf_blocks.quantize_x_int8` gives the rounding rlx uses) and multiply
those codes with the weight's integer codes; the exact product of a group (at most 32
products of 8-bit numbers) then needs one conversion and one multiply-add of its
scales instead of 32 decoded floats. This is what makes their decode fast: decoding 8
weights to exact floats takes about 4.5 vector instructions (:mod:`.qmatmul_ggml`),
the integer product of 32 about 3 on AVX2 (``vpmaddubsw``, ``vpmaddwd``; one
``vpdpbusd`` with AVX512-VNNI, one ``sdot`` per 16 with the Arm dot product).

One source for every tier, on the vector types of ``csrc/ggml_int8.h``. The
32-element formats (q4_0 .. q8_0) take eight groups at a time, one group per 32-bit
lane: each block's 32 codes are decoded from the file's bytes with byte-vector
arithmetic (:data:`GROUPS`, each format's codes and scales as
:func:`rlx.ir.gguf_blocks.integer_groups` gives them), and the eight code vectors are
transposed in 32-bit pieces (``rlx_i_transpose8``) so that lane l of piece i holds
bytes 4i .. 4i + 3 of group l; x's codes are laid out the same way once per row when
x is rounded (``rlx_i_transpose_x``). Eight integer dot products (``vpdpbusd``, or
``vpmaddubsw`` and ``vpmaddwd``) then leave each group's exact product in its own
int32 lane, and the float part is one conversion, one multiply (the weights' 8 scales,
gathered from the blocks' fp16 fields by ``rlx_i_fields8``, times x's 8) and one
multiply-add (two with offsets: q4_1, q5_1 add each group's offset times x's scaled
code sum) per eight groups and row of x, into 8 float sums, lane l running over groups
l, l + 8, ... in order; the 8 lanes are then added pairwise in a fixed order. The
last kg % 8 groups fill the lanes below theirs and read a block of zeros above. The
weight's decoding and transposing is shared by every row of x of a call (up to
:data:`MAX_X`), so a row of x costs little more than its 8 dot products: on one Zen 4
core at the avx512 tier, q4_1 against 8 rows of x in cache, 0.59-0.65 -> 0.36-0.52 ns
a group and row of x (k 1536 and 576) against the previous design, which summed each
group in 8 lanes of 4 elements and converted, scaled and added those 8 partial sums
per group and row of x. The float part is 8 lanes wide on every tier (ymm on AVX2 and
AVX-512, two registers on NEON), so every FMA tier gives the same bits, at any thread
count, whatever the batch; the portable tier rounds products and sums separately (as
``rlx_v_fma``).

The k-quants (q4_k, q5_k, q6_k) round x per super-block of 256 instead (GGML's Q8_K):
their sub-block scales are small integers, so the kernel multiplies each sub-block's
lane sums by its scale in integers too (``vpmaddwd`` with the scale in place of ones),
sums the 8 sub-blocks of a super-block in int32 (exact: at most 2^24, so the
conversion is exact too) and does one float multiply-add per super-block and row,
``d * dx`` times those sums; the mins' part, each sub-block's min times x's code sum
(exact in int32 and in float), is converted and multiplied-and-added with ``dmin * dx``
into the second set of float sums, subtracted from the first at the end
(:data:`K_LOOPS`). The sub-block scales sit in int16 lanes, each sub-block's picked
out by one byte shuffle (``rlx_i_dot_v``); AVX2 takes the 6-bit scales and mins out of
their 12 bytes in vector lanes (``rlx_i_k_scales``). q4_k went from 150 to 110
instructions a super-block and row (vector scales; 18 -> 26 GB/s of blocks on one avx2
core in cache, best of 150 calls), then to 88 (scales unpacked in vector lanes, the
mins in the second set of sums instead of an integer fold and a scalar chain; 10 ->
11.5 GB/s on one core from memory). Measured on one avx2 core,
4096 x 1024 weights in cache, exact f32 decoding against x_int8 (before both changes):
q4_k 0.31 → 0.18 ms, q6_k 0.96 → 0.19 ms; q8_0 0.19 → 0.10 ms, q4_1 0.28 → 0.13 ms.

Both kernels (``rlx_iv<rows>x<mx>_<format>``, ``rlx_ik...``) follow the decode kernel's
design (:data:`rlx.backends.cpu.kernels.qmatmul_ggml.GEMV_TEMPLATE`, here
:data:`KERNEL_TEMPLATE`): RLX_G_RP rows of W side by side (RLX_I_RP1 against one row
of x: a single stream on AVX2 and AMD's cores; two for the :data:`DECODE_BOUND`
formats), up to :data:`MAX_X` rows of x, bytes fetched RLX_G_AHEAD passes ahead. More
rows of x (prefill) go through them MAX_X rows at a time, each group of rows of W
staying in cache; pieces of MAX_X rows or more go instead to the wide kernels
(``rlx_iw<rows>_<format>``, ``rlx_ikw...``: :data:`WIDE_TEMPLATE`,
:data:`WIDE_K_TEMPLATE`), which decode each block once for up to :data:`WIDE_X` rows
of x, with the same bits.
"""

from __future__ import annotations

from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels import qmatmul_amx, qmatmul_ggml
from rlx.backends.cpu.kernels.qmatmul_ggml import csrc_helper
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.gguf_blocks import BLOCK_FORMATS, x_int8_group
from rlx.ir.quantized import PackedLayout

INT8 = csrc_helper("ggml_int8.h")
"""The int8 vector types, the integer dot product of a group and x's rounding."""

GROUPS = {
    # format: (layout, signed codes, offsets, the 32 codes of the block at b)
    "q8_0": ("q8_0: codes the 32 int8 at b + 2 (plus 128 where RLX_I_Q8_BIAS), scale the "
             "fp16 d", "RLX_I_Q8_SIGNED", False, "rlx_i_q8_codes(b + 2)"),
    "q4_0": ("q4_0: codes the nibbles at b + 2 less 8 (the 8 taken off the integer "
             "products: BIAS), scale d", False, False, "(rlx_i8v)rlx_i_nibbles(b + 2)"),
    "q4_1": ("q4_1: codes the nibbles at b + 4, scale d, offset m", False, True,
             "(rlx_i8v)rlx_i_nibbles(b + 4)"),
    "q5_0": ("q5_0: codes the nibbles at b + 6 topped by the bits at b + 2, less 16 (taken "
             "off the integer products: BIAS); scale d", False, False,
             "(rlx_i8v)(rlx_i_nibbles(b + 6) | rlx_i_bit4(b + 2))"),
    "q5_1": ("q5_1: codes the nibbles at b + 8 topped by the bits at b + 4; scale d, "
             "offset m", False, True, "(rlx_i8v)(rlx_i_nibbles(b + 8) | rlx_i_bit4(b + 4))"),
}
"""Each 32-element format: its stored codes as a byte vector (``b`` the block), whether
they are signed (a C expression); the scale d (and the offset m) are the fp16 fields at
bytes 0 (and 2) of every one of them (``rlx_i_fields8``)."""

BIAS = {"q4_0": 8, "q5_0": 16}
"""Formats whose codes are stored plus a constant: the kernel multiplies the stored,
unsigned codes and takes the constant times x's code sum (si) off each group's integer
product, which is then that of the true codes, exactly; unsigned codes need no sign
moved onto x on x86 (two instructions fewer a group and row of x). The AMX kernel
(:mod:`.qmatmul_amx`) takes the same table."""

VECTOR_BIAS = {"q8_0": "RLX_I_Q8_BIAS"}
"""Biases of the vector kernels only, C expressions that depend on the tier: q8_0's
codes plus 128 where the integer product is one u8 x s8 instruction (AVX512-VNNI),
else 0 (``rlx_i_q8_codes``; the AMX tiles multiply its signed codes in place). On an
Intel Xeon core at the avx512 tier without AMX, q8_0 1536 x 576 in cache, ns a group
and row of x against 1 / 4 / 16 rows of x: 1.00 / 0.57 / 0.42 -> 0.88 / 0.50 / 0.32;
4096 x 4096 against 64 rows, 2 threads: 6.2-6.5 -> 4.5 ms."""

ZERO_BLOCK = {"q8_0": "rlx_i_q8_zero_block"}
"""The block read in place of those past a row's end, where the format's zero codes
are not zero bytes (else ``rlx_i_zero_block``)."""


K_GROUPS = {
    # format: (layout, signed codes, mins, setup per super-block, codes of sub-block g,
    #          its scales: an int16 vector and the lanes of its two halves)
    "q4_k": ("q4_k: sub-block g's nibbles (low of chunk g / 2 when g is even, else high); "
             "6-bit scale and min per sub-block", False, True, r"""
    rlx_i16v8 sc;
    rlx_i32v8 mn;
    rlx_i_k_scales(b + 4, &sc, &mn);""",
             "rlx_i_shr(rlx_i_load32(b + 16 + 32 * (g >> 1)), 4 * (g & 1), 15)",
             "sc, g, g"),
    "q5_k": ("q5_k: as q4_k (nibbles at b + 48), topped by bit g of the 32 bytes at b + 16",
             False, True, r"""
    rlx_i16v8 sc;
    rlx_i32v8 mn;
    rlx_i_k_scales(b + 4, &sc, &mn);
    const rlx_u8v hb = rlx_i_load32(b + 16);""",
             "rlx_i_shr(rlx_i_load32(b + 48 + 32 * (g >> 1)), 4 * (g & 1), 15)\n"
             "                   | rlx_i_shl(rlx_i_shr(hb, g, 1), 4)",
             "sc, g, g"),
    "q6_k": ("q6_k: the 6-bit codes of group g less 32 (rlx.ir.gguf_blocks); int8 scales "
             "per 16", True, False, r"""
    const rlx_i16v8 slo = rlx_i_s8_16(b + 192), shi = rlx_i_s8_16(b + 200);""",
             "(rlx_i_shr(rlx_i_load32(b + 64 * (g >> 2) + 32 * (g & 1)), (g & 3) >> 1 ? 4 : 0, 15)"
             "\n                   | rlx_i_shl(rlx_i_shr(rlx_i_load32(b + 128 + 32 * (g >> 2)), "
             "2 * (g & 3), 3), 4)) - 32",
             "g < 4 ? slo : shi, (2 * g) & 7, (2 * g + 1) & 7"),
}
"""Each k-quant's parts of :data:`K_LOOPS`; ``d`` and ``dmin`` are the fp16 fields
at bytes 0 and 2 (q6_k: d at 208)."""


KERNEL_TEMPLATE = r"""
/* {fmt}, x rounded to int8: y[m * n + j] = (row j of W) . x[m] for the {rows} rows of
   blocks at q, q + row_bytes, ... and the {mx} rows of x given as codes qx (k a row;
   the 32-element formats: RLX_I_XT_ROW(kg) a row, as rlx_i_transpose_x lays them
   out), scales
   dx [{mx}, k / {group}] and, per 32 elements, the code sums si and the scaled code
   sums ds (rlx_i_quantize_row); RP rows of W side by side. {doc} */
static __attribute__((noinline)) void {name}(
        const uint8_t *restrict q, int64_t row_bytes, const int8_t *restrict qx,
        const float *restrict dx, const int32_t *restrict si, const float *restrict ds,
        int64_t k, float *restrict y, int64_t n) {{
#if RLX_I_ONE_BODY
    {wide}_any(q, row_bytes, qx, dx, si, ds, k, y, n, {mx});
#else
    enum {{ RX = {mx} == 1 ? {rp1} : RLX_G_RP / {mx},
           RP = RX < 1 ? 1 : RX < {rows} ? RX : {rows} }};
    const int64_t kd = k / {group}, kg = k / 32, kp = RLX_I_XT_ROW(kg);
    (void)kp;
    (void)si;
    (void)ds;
    (void)kg;
    for (int j0 = 0; j0 < {rows}; j0 += RP) {{
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_f8v acc[{sets}][RP][{mx}];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 4
            for (int m = 0; m < {mx}; m++)
                for (int p = 0; p < {sets}; p++) acc[p][j][m] = (rlx_f8v){{0}};{loops}
        for (int m = 0; m < {mx}; m++)
            for (int j = 0; j < RP; j++)
                y[m * n + j0 + j] = rlx_i_fold({sums_of_row});
    }}
#endif
}}
"""
"""The kernels' common frame: rows of W RP at a time, their sums, the stores.
``{loops}`` walks k (:data:`GROUP_LOOPS`, :data:`K_LOOPS`). On the portable tier
(``RLX_I_ONE_BODY``) the wide kernel's one copy (``{wide}_any``) takes the call."""

GROUP_LOOPS = r"""
        int64_t g0 = 0;
        for (; g0 + 8 <= kg; g0 += 8) {{{full}
        }}
        if (g0 < kg) {{
            const int nl = (int)(kg - g0);{tail}
        }}"""
"""32-element formats (each block one group): eight groups at a time, each in a float
lane of its own (:data:`GROUP_STEP`), then the last nl = kg % 8 groups, the lanes above
them reading a zero block (codes, scales and offsets 0; x's padded scales are 0, and
its padded codes, which repeat its last groups for the wide kernels' last step, meet
zero codes)."""

GROUP_STEP = r"""
            rlx_f8v xd[{mx}], xo[{mx}];
            rlx_i32v8 xb[{mx}];
            #pragma GCC unroll 4
            for (int m = 0; m < {mx}; m++) {{
                xd[m] = (rlx_f8v)rlx_i_lanes(dx + m * kd + g0, {nl});
                xo[m] = {xo};
                xb[m] = {xb};
            }}
            #pragma GCC unroll 16
            for (int j = 0; j < RP; j++) {{
                const uint8_t *blk = qj + j * row_bytes + g0 * {size};
                for (int l = 0; l < 8 * {size}; l += 64) __builtin_prefetch(blk + l + ahead);
                const uint8_t *bl[8];
                rlx_i8v c[8], t[8];
                #pragma GCC unroll 8
                for (int l = 0; l < 8; l++) {{
                    const uint8_t *b = bl[l] = {block};
                    c[l] = {codes};
                }}
                rlx_i_transpose8(c, t);
                rlx_f8v a, o;
                rlx_i_fields8(bl, &a, &o);
                (void)o;
                #pragma GCC unroll 4
                for (int m = 0; m < {mx}; m++) {{
                    const rlx_i32v8 s = rlx_i_dot8(t, qx + m * kp + 32 * g0, {signed});
                    const rlx_f8v sf = __builtin_convertvector(s{unbias}, rlx_f8v);
                    acc[0][j][m] = rlx_i_fma(a * xd[m], sf, acc[0][j][m]);{offset}
                }}
            }}"""
"""Groups g0 .. g0 + 7 (or nl of them) of every row of W and x: each group's codes in
a 32-bit lane of its own (``rlx_i_transpose8``; x's laid out so by
``rlx_i_transpose_x``), so that its integer product sums into int32 lane l (exact);
converted, multiplied-and-added with the weight's scale times x's (rounded once) into
lane l of the row's sums; for formats with offsets the offsets times x's scaled code
sums (ds) are multiplied-and-added into the same lanes after them."""

OFFSET = """
                    acc[0][j][m] = rlx_i_fma(o, xo[m], acc[0][j][m]);"""

WIDE_TEMPLATE = r"""
/* {fmt}, x rounded to int8: {narrow}'s sums for up to {wide} rows of x, mx given at
   run time, with the loops turned inside out: for each 8 groups, each of the {rows}
   rows of W is decoded once and dotted with all mx rows of x, whose sums wait in
   memory. The same operations on each lane of each sum in the same order as {narrow},
   so the same bits. {doc} */
RLX_INLINE void {name}_rows(
        const uint8_t *restrict q, int64_t row_bytes, const int8_t *restrict qx,
        const float *restrict dx, const int32_t *restrict si, const float *restrict ds,
        int64_t k, float *restrict y, int64_t n, const int mx) {{
    const int64_t kg = k / 32, kp = RLX_I_XT_ROW(kg);
    const int64_t ahead = RLX_G_AHEAD * {rows} * row_bytes;
    (void)si;
    (void)ds;
    rlx_f8v acc[{rows}][{wide}];
    for (int j = 0; j < {rows}; j++)
        for (int m = 0; m < mx; m++) acc[j][m] = (rlx_f8v){{0}};
    enum {{ P = {rows} % RLX_I_WIDE_PAIR ? 1 : RLX_I_WIDE_PAIR }};
    int64_t g0 = 0;
    for (; g0 + 8 <= kg; g0 += 8) {{
        #pragma GCC unroll 1
        for (int j0 = 0; j0 < {rows}; j0 += P) {{
            rlx_i8v t[P][8];
            rlx_f8v a[P], o[P];
            (void)o;
            #pragma GCC unroll 2
            for (int p = 0; p < P; p++) {{
                const uint8_t *blk = q + (j0 + p) * row_bytes + g0 * {size};
                for (int l = 0; l < 8 * {size}; l += 64) __builtin_prefetch(blk + l + ahead);
                const uint8_t *bl[8];
                rlx_i8v c[8];
                #pragma GCC unroll 8
                for (int l = 0; l < 8; l++) {{
                    const uint8_t *b = bl[l] = blk + l * {size};
                    c[l] = {codes};
                }}
                rlx_i_transpose8(c, t[p]);
                rlx_i_fields8(bl, &a[p], &o[p]);
            }}
            #pragma GCC unroll 2
            for (int m = 0; m < mx; m++) {{
                const rlx_f8v xd = (rlx_f8v)rlx_i_lanes(dx + m * kg + g0, 8);
                rlx_i32v8 sp[P];
                rlx_i_dot8_rows(&t[0][0], P, qx + m * kp + 32 * g0, {signed}, sp);
                #pragma GCC unroll 2
                for (int p = 0; p < P; p++) {{
                    const int j = j0 + p;
                    const rlx_i32v8 s = sp[p];
                    const rlx_f8v sf = __builtin_convertvector(s{unbias}, rlx_f8v);
                    acc[j][m] = rlx_i_fma(a[p] * xd, sf, acc[j][m]);{offset}
                }}
            }}
        }}
    }}
    if (g0 < kg) {{
        /* the last nl < 8 groups: w lanes a row of W (the power of two >= nl), 8 / w
           rows of W a step, x's lanes repeating its groups to match
           (rlx_i_transpose_x); each lane's operations as a whole step's */
        const int nl = (int)(kg - g0), w = rlx_i_tail_width(nl);
        const rlx_i32v8 rep = (rlx_i32v8){{0, 1, 2, 3, 4, 5, 6, 7}} & (w - 1);
        #pragma GCC unroll 1
        for (int j0 = 0; j0 < {rows}; j0 += 8 / w) {{
            const uint8_t *bl[8];
            rlx_i8v c[8], t[8];
            #pragma GCC unroll 8
            for (int i = 0; i < 8; i++) {{
                const int j = j0 + i / w, l = i & (w - 1);
                const uint8_t *b = bl[i] = l < nl && j < {rows}
                    ? q + j * row_bytes + (g0 + l) * {size} : {zero};
                c[i] = {codes};
            }}
            rlx_i_transpose8(c, t);
            rlx_f8v a, o;
            rlx_i_fields8(bl, &a, &o);
            (void)o;
            #pragma GCC unroll 1
            for (int m = 0; m < mx; m++) {{
                const rlx_f8v xd = __builtin_shuffle((rlx_f8v)rlx_i_lanes(dx + m * kg + g0, nl),
                                                     rep);
                const rlx_i32v8 s = rlx_i_dot8(t, qx + m * kp + 32 * g0, {signed});
                const rlx_f8v sf = __builtin_convertvector(s{tail_unbias}, rlx_f8v);
                rlx_f8v sums = {{0}};
                for (int i = 0; i < 8 && j0 + i / w < {rows}; i++)
                    sums[i] = acc[j0 + i / w][m][i & (w - 1)];
                sums = rlx_i_fma(a * xd, sf, sums);{tail_offset}
                for (int i = 0; i < 8 && j0 + i / w < {rows}; i++)
                    acc[j0 + i / w][m][i & (w - 1)] = sums[i];
            }}
        }}
    }}
    for (int m = 0; m < mx; m++)
        for (int j = 0; j < {rows}; j++)
            y[m * n + j] = rlx_i_fold(acc[j][m]);
}}
"""
"""The 32-element formats' kernel for many rows of x (``rlx_iw<rows>_<format>``): a
call of :func:`kernel` decodes its blocks for MAX_X rows of x and keeps their sums in
registers; this one decodes them once for up to :data:`WIDE_X` rows, 256 bytes of each
(x's codes for 8 groups) staying in L1 across the rows of W. q4_1 against 16 rows of x,
in cache, one Zen 4 core, ns a group and row of x at k 576 / 640 / 1536 / 2048: avx512
0.47 / 0.43 / 0.34 / 0.34 -> 0.40 / 0.36 / 0.28 / 0.30; avx2 0.64 / 0.58 / 0.44 / 0.44
-> 0.48 / 0.43 / 0.34 / 0.35 (against two calls of 8 rows).

The last nl < 8 groups of a row take one step for 8 / w rows of W (w lanes each, w the
power of two >= nl) rather than a step of 8 lanes for each row: a row of 18 groups
(SmolLM2's k 576) had cost what one of 24 did. 8192 rows of W against 16 rows of x, one
Zen 4 core, avx512, k 512 / 576 / 768: q4_1 0.95 / 1.28 / 1.25 -> 0.96 / 1.09 / 1.23
ms, q8_0 1.20 / 1.61 / 1.61 -> 1.21 / 1.46 / 1.62 ms.

Where the integer product is one instruction (AVX512-VNNI, with 32 vector registers)
two rows of W are decoded together and each 32 bytes of x's codes are loaded once for
both (``RLX_I_WIDE_PAIR``, ``rlx_i_dot8_rows``; integer sums, so the same bits). One
Zen 4 core, 8192 rows of W, minimums of three alternating runs, ms: q4_1 k 1536 against
16 / 256 rows of x 1.78 / 31.5 -> 1.70 / 29.1; q8_0 k 576 against 16 rows 1.06 -> 1.02.
The 256-bit ``vpdpbusd`` issues two a cycle there; the float part (a conversion, a
multiply and one or two multiply-adds per 8 groups and row of x) shares its pipes, which
is what is left between this kernel and that bound.

The sums are stored a row of x at a time (the ROWS outputs of row m side by side), as
every kernel of :mod:`.qmatmul_ggml` and this module stores them: y's rows lie n floats
apart, and when n is a multiple of 2048 (a vocabulary of 49152, hidden sizes of 1024 or
4096) the 16 rows' lines fall in one set of the L1 cache. Stored a row of W at a time,
each output went to those 16 lines in turn, more than the set's 8 ways, and every store
missed. 8192 rows of W against 16 rows of x, q4_1 at k 576, one Zen 4 core: 1.09 ->
0.79 ms; SmolLM2's output head in a 16-sequence decode step, 2 threads: 4.5 -> 3.7 ms."""

WIDE_ANY = r"""
#if RLX_I_ONE_BODY
/* {name}_rows for any k and count of rows of x: the one copy of the kernel the
   portable tier compiles (RLX_I_ONE_BODY; not cloned per call's constants) */
static RLX_I_ONE_COPY void {name}_any(
        const uint8_t *restrict q, int64_t row_bytes, const int8_t *restrict qx,
        const float *restrict dx, const int32_t *restrict si, const float *restrict ds,
        int64_t k, float *restrict y, int64_t n, const int mx) {{
    {name}_rows(q, row_bytes, qx, dx, si, ds, k, y, n, mx);
}}
#endif
"""
"""Appended to each wide kernel (:func:`wide_kernel`)."""

WIDE_OFFSET = """
                    acc[j][m] = rlx_i_fma(o[p], (rlx_f8v)rlx_i_lanes(ds + m * kg + g0, 8),
                                          acc[j][m]);"""
WIDE_TAIL_OFFSET = """
                sums = rlx_i_fma(o, __builtin_shuffle((rlx_f8v)rlx_i_lanes(ds + m * kg + g0, nl),
                                                      rep), sums);"""

K_LOOPS = r"""
        for (int64_t sb = 0; sb < kd; sb++) {{
            #pragma GCC unroll 16
            for (int j = 0; j < RP; j++) {{
                const uint8_t *b = qj + j * row_bytes + sb * {size};
                for (int l = 0; l < {size}; l += 64) __builtin_prefetch(b + l + ahead);{setup}
                rlx_i32v8 isum[{mx}];
                #pragma GCC unroll 4
                for (int m = 0; m < {mx}; m++) isum[m] = (rlx_i32v8){{0}};
                #pragma GCC unroll 8
                for (int g = 0; g < 8; g++) {{
                    const rlx_i8v c = (rlx_i8v)({codes});
                    #pragma GCC unroll 4
                    for (int m = 0; m < {mx}; m++) {{
                        rlx_i8v xc;
                        memcpy(&xc, qx + m * RLX_I_X_ROW(k) + sb * 256 + 32 * g, 32);
                        isum[m] += {dot};
                    }}
                }}
                {d_fields}
                #pragma GCC unroll 4
                for (int m = 0; m < {mx}; m++) {{
                    const float xs = dx[m * kd + sb];
                    const rlx_f8v sf = __builtin_convertvector(isum[m], rlx_f8v);
                    acc[0][j][m] = rlx_i_fma(d * xs - (rlx_f8v){{0}}, sf, acc[0][j][m]);{mins}
                }}
            }}
        }}"""
"""The k-quants, per super-block and row of W: each sub-block's lane sums times its
integer scale summed in int32 (exact: below 2^24), then converted and multiplied-and-
added with d * dx into the first set of sums; the mins' part, each sub-block's min
times x's code sum (si, exact in int32 and in float), converted and multiplied-and-added
with dmin * dx into the second set, subtracted from the first at the end."""

K_MINS = """
                    rlx_i32v8 sv;
                    memcpy(&sv, si + m * kg + sb * 8, 32);
                    const rlx_f8v mf = __builtin_convertvector(mn * sv, rlx_f8v);
                    acc[1][j][m] = rlx_i_fma(dmin * xs - (rlx_f8v){0}, mf, acc[1][j][m]);"""

WIDE_K_TEMPLATE = r"""
/* {fmt}, x rounded to int8: {narrow}'s sums for up to {wide} rows of x, mx given at
   run time, with the loops turned inside out (as WIDE_TEMPLATE): each super-block of
   each of the {rows} rows of W is decoded once, its 8 sub-blocks' codes kept in
   registers, and dotted with all mx rows of x. The same integer sums and the same
   float operations in the same order as {narrow}, so the same bits. {doc} */
RLX_INLINE void {name}_rows(
        const uint8_t *restrict q, int64_t row_bytes, const int8_t *restrict qx,
        const float *restrict dx, const int32_t *restrict si, const float *restrict ds,
        int64_t k, float *restrict y, int64_t n, const int mx) {{
    const int64_t kd = k / 256, kg = k / 32;
    const int64_t ahead = RLX_G_AHEAD * {rows} * row_bytes;
    (void)si;
    (void)ds;
    (void)kg;
    rlx_f8v acc[{sets}][{rows}][{wide}];
    for (int p = 0; p < {sets}; p++)
        for (int j = 0; j < {rows}; j++)
            for (int m = 0; m < mx; m++) acc[p][j][m] = (rlx_f8v){{0}};
    for (int64_t sb = 0; sb < kd; sb++) {{
        #pragma GCC unroll 1
        for (int j = 0; j < {rows}; j++) {{
            const uint8_t *b = q + j * row_bytes + sb * {size};
            for (int l = 0; l < {size}; l += 64) __builtin_prefetch(b + l + ahead);{setup}
            rlx_i8v c[8];
            #pragma GCC unroll 8
            for (int g = 0; g < 8; g++) c[g] = (rlx_i8v)({codes});
            {d_fields}
            #pragma GCC unroll 2
            for (int m = 0; m < mx; m++) {{
                rlx_i32v8 isum = {{0}};
                #pragma GCC unroll 8
                for (int g = 0; g < 8; g++) {{
                    rlx_i8v xc;
                    memcpy(&xc, qx + m * RLX_I_X_ROW(k) + sb * 256 + 32 * g, 32);
                    isum += {dot};
                }}
                const float xs = dx[m * kd + sb];
                const rlx_f8v sf = __builtin_convertvector(isum, rlx_f8v);
                acc[0][j][m] = rlx_i_fma(d * xs - (rlx_f8v){{0}}, sf, acc[0][j][m]);{mins}
            }}
        }}
    }}
    for (int m = 0; m < mx; m++)
        for (int j = 0; j < {rows}; j++)
            y[m * n + j] = rlx_i_fold({sums_of_row});
}}
"""
"""The k-quants' wide kernel (``rlx_ikw<rows>_<format>``), as :data:`WIDE_TEMPLATE` is
the 32-element formats'. The whole op on the 2-core Zen 4 guest (avx512, 2 threads,
medians), W 640 x 2048: q4_k against 16 rows of x 0.22-0.28 -> 0.16 ms, against 128
rows 1.62-1.69 -> 1.23-1.33 ms; q6_k against 16 rows 0.23 -> 0.19-0.20 ms. (Of the
32-element formats, q5_0 at k 640 against 16 rows measured 0.18 -> 0.19 ms, the one
shape found slower; q4_0, q4_1 and q5_1 at k 576 gain 10-20%.)"""

DECODE_BOUND = frozenset({"q5_0", "q5_1"})
"""Formats whose kernels against one row of x take ``RLX_I_RP1_DECODE_BOUND`` rows of
W side by side rather than ``RLX_I_RP1`` (``csrc/ggml_int8.h``): their decoding, not
memory, bounds them."""

ROWS = 4
"""Rows of W one call of the kernel takes (a multiple of every tier's RLX_G_RP)."""
MAX_X = 8
"""Pieces of this many rows of x or more go to the wide kernels (:data:`WIDE_X` at a
time); fewer take :func:`kernel`, whose sums stay in registers (up to MAX_X - 1 rows,
each block decoded once for all of them). Eight rows in registers had measured better
than four (q4_1 at k = 576 on one Zen 4 core, in cache, 0.56 -> 0.52 ns a group and row
of x), and 16 in the wide kernel better than two calls of 8 (:data:`WIDE_TEMPLATE`)."""


AMX_CTL = 10
"""The index of ``ctl`` (built by :class:`rlx.backends.cpu.backend.CpuExecutable`) that
says whether the AMX tiles may be used in this run (:func:`rlx.backends.cpu.isa.amx_in_use`)."""

WIDE_X = 16
"""The most rows of x one call of the wide kernel (:data:`WIDE_TEMPLATE`) takes: 16
rows of x's codes for 8 groups are 4 KiB of L1 (32 rows measured no faster; 64 slower:
the sums no longer stay in L1 beside them)."""


WIDE_ENTRY = r"""
/* {name}_rows for {rows_doc} rows of x, k = {k} */
static __attribute__((noinline)) void {entry}(
        const uint8_t *restrict q, const int8_t *restrict qx, const float *restrict dx,
        const int32_t *restrict si, const float *restrict ds, float *restrict y,
        int64_t n{count_param}) {{
#if RLX_I_ONE_BODY
    {name}_any(q, {row_bytes}, qx, dx, si, ds, {k}, y, n, {count});
#else
    {name}_rows(q, {row_bytes}, qx, dx, si, ds, {k}, y, n, {count});
#endif
}}
"""
"""A wide kernel's entry points for one k: ``rlx_iw.._k<k>`` for a count of rows of x
given at run time (``mx``), and ``rlx_iw.._k<k>_x<count>`` for the counts of
:data:`WIDE_COUNTS`, whose loops the compiler sizes. With the count known only at run
time the body sums rows of x in memory, and clears and folds them through calls of
memset and loops sized at run time; with 8 rows known, GCC keeps a call's sums in
registers. SmolLM2's prefill of 8 tokens through its one symbolic program (the count
given at run time) spent 15% more in its products than a program compiled for 8 rows,
0.5 ms of it in memset.

k (and the row's bytes) are constants of the entry rather than arguments: GCC then
sizes the loops over groups, the last step's lanes and x's offsets for that k. Given
as arguments, GCC specialised the body for each k only where few calls reached it: a
program compiled for 32 rows of x had a copy for SmolLM2's k 576 and one for 1536, but
the one prefill program for every length (calls for 16, 8 and a run-time count of rows,
beside the narrow kernels) had one copy for both, and its products took 24% longer for
a 32-token prompt (36.3 against 29.3 ms a prefill, the same kernels otherwise)."""

WIDE_COUNTS = (WIDE_X, MAX_X)
"""Counts of rows of x the wide kernels have an entry of their own for: a full piece,
and the fewest they take."""


def wide_kernel_name(fmt: str, rows: int) -> str:
    """``rlx_iw<rows>_<fmt>`` (``rlx_ikw...`` for the k-quants): the wide kernel for
    ``rows`` rows of W of format ``fmt``."""
    return f"rlx_{'ikw' if fmt in K_GROUPS else 'iw'}{rows}_{fmt}"


def wide_entry_name(fmt: str, rows: int, k: int, count: int | None) -> str:
    """The wide kernel's entry for rows of W of ``k`` elements and ``count`` rows of x
    (None: given at run time)."""
    name = f"{wide_kernel_name(fmt, rows)}_k{k}"
    return name if count is None else f"{name}_x{count}"


def wide_entries(layout: PackedLayout, rows: int) -> str:
    """The C of the wide kernel's entries for ``layout``'s k (:data:`WIDE_ENTRY`):
    ``(q, qx, dx, si, ds, y, n)``, plus ``mx`` for the run-time count."""
    fmt, k = layout.scheme.name, layout.k
    return "".join(
        WIDE_ENTRY.format(name=wide_kernel_name(fmt, rows),
                          entry=wide_entry_name(fmt, rows, k, count), k=k,
                          row_bytes=layout.row_bytes, rows_doc=count or "mx",
                          count_param="" if count else ", const int mx",
                          count=count or "mx")
        for count in (None, *WIDE_COUNTS))


def wide_kernel(fmt: str, rows: int) -> str:
    """The C of :func:`wide_kernel_name`'s body, ``<name>_rows(q, row_bytes, qx, dx, si,
    ds, k, y, n, mx)``, inlined into its entries (see :data:`WIDE_TEMPLATE`,
    :data:`WIDE_K_TEMPLATE`, :func:`wide_entries`), and the portable tier's one copy of
    it (:data:`WIDE_ANY`)."""
    return _wide_body(fmt, rows) + WIDE_ANY.format(name=wide_kernel_name(fmt, rows))


def _wide_body(fmt: str, rows: int) -> str:
    common = dict(fmt=fmt, rows=rows, wide=WIDE_X, size=BLOCK_FORMATS[fmt][1],
                  name=wide_kernel_name(fmt, rows), narrow=kernel_name(fmt, rows, "<mx>"))
    if fmt in K_GROUPS:
        doc, sgn, mins, setup, codes, scales = K_GROUPS[fmt]
        return WIDE_K_TEMPLATE.format(
            **common, doc=doc, setup=setup.replace("\n", "\n" + " " * 8), codes=codes,
            d_fields=_k_d_fields(fmt, mins).replace("\n" + " " * 16, "\n" + " " * 12),
            dot=f"rlx_i_dot_v(c[g], xc, {int(sgn)}, {scales})",
            mins=K_MINS.replace("\n" + " " * 20, "\n" + " " * 16) if mins else "",
            sums_of_row="acc[0][j][m] - acc[1][j][m]" if mins else "acc[0][j][m]",
            sets=2 if mins else 1)
    doc, sgn, offsets, codes = GROUPS[fmt]
    bias = _vector_bias(fmt)
    return WIDE_TEMPLATE.format(
        **common, doc=doc, codes=codes, signed=_flag(sgn), zero=_zero_block(fmt),
        unbias=f" - rlx_i_lanes(si + m * kg + g0, 8) * {bias}" if bias else "",
        tail_unbias=(f" - __builtin_shuffle(rlx_i_lanes(si + m * kg + g0, nl), rep) * {bias}"
                     if bias else ""),
        offset=WIDE_OFFSET if offsets else "", tail_offset=WIDE_TAIL_OFFSET if offsets else "")


def _vector_bias(fmt: str) -> int | str | None:
    """The constant the vector kernels take off ``fmt``'s integer products per unit of
    x's code sum (:data:`BIAS`, :data:`VECTOR_BIAS`), None for none."""
    return BIAS.get(fmt, VECTOR_BIAS.get(fmt))


def _flag(sgn: bool | str) -> str:
    """A GROUPS entry's signedness as C: 0, 1, or its expression."""
    return sgn if isinstance(sgn, str) else str(int(sgn))


def _zero_block(fmt: str) -> str:
    return ZERO_BLOCK.get(fmt, "rlx_i_zero_block")


def _k_d_fields(fmt: str, mins: bool) -> str:
    """The C declaring a k-quant super-block's d (and dmin) from its block b."""
    return ("float dmin;\n                const float d = rlx_i_half_pair(b, &dmin)[0];"
            if mins else f"const float d = rlx_g_half(b + {208 if fmt == 'q6_k' else 0});")


def kernel_name(fmt: str, rows: int, mx: int | str) -> str:
    """``rlx_ik...`` (k-quants) or ``rlx_iv...`` (the others): the kernel for ``rows``
    rows of W of format ``fmt`` and ``mx`` rows of x."""
    return f"rlx_{'ik' if fmt in K_GROUPS else 'iv'}{rows}x{mx}_{fmt}"


def kernel(fmt: str, rows: int, mx: int) -> str:
    """The C of :func:`kernel_name` ``(q, row_bytes, qx, dx, si, ds, k, y, n)`` (see
    :data:`KERNEL_TEMPLATE`)."""
    block, size = BLOCK_FORMATS[fmt]
    if fmt in K_GROUPS:
        doc, sgn, mins, setup, codes, scales = K_GROUPS[fmt]
        dot = f"rlx_i_dot_v(c, xc, {int(sgn)}, {scales})"
        d_fields = _k_d_fields(fmt, mins)
        loops = K_LOOPS.format(size=size, mx=mx, codes=codes, dot=dot,
                               setup=setup.replace("\n", "\n" + " " * 12),
                               d_fields=d_fields, mins=K_MINS if mins else "")
        sums_of_row = "acc[0][j][m] - acc[1][j][m]" if mins else "acc[0][j][m]"
        sets = 2 if mins else 1     # the mins' sums in the second set
    else:
        doc, sgn, offsets, codes = GROUPS[fmt]
        bias = _vector_bias(fmt)

        def step(nl: str, tail: bool) -> str:
            return GROUP_STEP.format(
                mx=mx, size=size, nl=nl, signed=_flag(sgn), codes=codes,
                block=(f"l < nl ? blk + l * {size} : {_zero_block(fmt)}" if tail
                       else f"blk + l * {size}"),
                xo=f"(rlx_f8v)rlx_i_lanes(ds + m * kg + g0, {nl})" if offsets else "(rlx_f8v){0}",
                xb=(f"rlx_i_lanes(si + m * kg + g0, {nl}) * {bias}" if bias
                    else "(rlx_i32v8){0}"),
                unbias=" - xb[m]" if bias else "",
                offset=OFFSET if offsets else "")

        loops = GROUP_LOOPS.format(full=step("8", False), tail=step("nl", True))
        sums_of_row = "acc[0][j][m]"
        sets = 1
    return KERNEL_TEMPLATE.format(fmt=fmt, rows=rows, mx=mx, group=x_int8_group(fmt),
                                  name=kernel_name(fmt, rows, mx), doc=doc, loops=loops,
                                  wide=wide_kernel_name(fmt, rows),
                                  sums_of_row=sums_of_row, sets=sets,
                                  rp1="RLX_I_RP1_DECODE_BOUND" if fmt in DECODE_BOUND
                                  else "RLX_I_RP1")


def _round_x(w: CWriter, ctx: RenderContext, fmt: str, k: int, rows: int,
             active: str | None) -> None:
    """Declare the rounded rows' scratch (qx, dx, ds, si and, for the 32-element
    formats, qt: x's codes as their kernels read them; room for ``rows`` rows) and
    round the first ``active or rows`` rows of ``x`` into it (OpenMP splits the rows
    when there are enough). With :func:`_amx_rows` also x's tiles for the AMX
    kernel (:func:`.qmatmul_amx.round_x_tiles`)."""
    group = x_int8_group(fmt)
    kd, kg = k // group, k // 32
    xr = _x_row(fmt, k)
    w.line(ctx.scratch("qx", DType.I8, rows * xr))
    w.line(ctx.scratch("dx", DType.F32, rows * kd))
    w.line(ctx.scratch("ds", DType.F32, rows * kg))
    w.line(ctx.scratch("si", DType.I32, rows * kg))
    if fmt in GROUPS:
        w.line(ctx.scratch("qt", DType.I8, rows * _padded(k)))
    tiles = _amx_rows(fmt, rows)
    if tiles:
        qmatmul_amx.tile_scratch(w, ctx, k, rows)
    with ctx.parallel(w, rows * k, rows, active and f"{active} * {k}"), \
            w.block(f"for (int64_t r = 0; r < {active or rows}; r++)"):
        w.line(f"rlx_i_quantize_row(x + r * {k}, {k}, {group}, qx + r * {xr}, dx + r * {kd}, "
               f"ds + r * {kg}, si + r * {kg});")
        if fmt in GROUPS:
            w.line(f"rlx_i_transpose_x(qx + r * {xr}, {k}, qt + r * {_padded(k)});")
        if tiles:
            qmatmul_amx.round_x_tiles(w, k, rows, xr, f"ctl[{AMX_CTL}]")


def _amx_rows(fmt: str, rows: int) -> bool:
    """Whether a product of ``rows`` rows of x (a bound) takes W 16 rows at a time
    (:mod:`.qmatmul_amx`'s entries, which call the AMX kernel where it runs): the
    32-element formats with wide pieces."""
    return fmt in GROUPS and rows >= MAX_X


def _x_row(fmt: str, k: int) -> int:
    """The bytes of a row of x's codes in qx: k for the 32-element formats (their
    kernels read qt), ``RLX_I_X_ROW`` (k + 64: rows off each other's L1 sets) for the
    k-quants, whose kernels read qx."""
    return k if fmt in GROUPS else k + 64


def _padded(k: int) -> int:
    """x's codes per row as the 32-element formats' kernels read them: ``RLX_I_XT_ROW``
    of ``csrc/ggml_int8.h`` (rounded up to 8 groups, plus 64 bytes)."""
    return -(-k // 256) * 256 + 64


def _add_helpers(ctx: RenderContext, fmt: str) -> None:
    qmatmul_ggml.add_block_helpers(ctx, fmt)
    ctx.add_helper("rlx_i_int8", INT8)


def _call(ctx: RenderContext, layout: PackedLayout, count: int, mx: int | str, m0: str,
          w0: str, stride: int) -> str:
    """The call of the kernel for ``count`` rows of W from row ``w0`` (blocks at q) and
    ``mx`` rounded rows of x from row ``m0`` (C expressions), into y [., n]: the wide
    kernel's entry for this k, ``mx`` passed to it, for a count given at run time (a C
    expression) or one of MAX_X or more, else the register kernel of ``mx`` rows.
    ``count`` 16 (:func:`_amx_rows`): the AMX entry for a wide piece (x's tiles
    ``stride`` rows apart), four calls of the 4-row kernel for a narrow one."""
    fmt, n, k, row_bytes = layout.scheme.name, layout.n, layout.k, layout.row_bytes
    kd, kg = k // x_int8_group(fmt), k // 32
    codes = f"qt + {m0} * {_padded(k)}" if fmt in GROUPS else f"qx + {m0} * {_x_row(fmt, k)}"
    x_args = f"{codes}, dx + {m0} * {kd}, si + {m0} * {kg}, ds + {m0} * {kg}"
    wide = not isinstance(mx, int) or mx >= MAX_X
    if count == qmatmul_amx.ROWS and not wide:
        return "\n".join(_call(ctx, layout, ROWS, mx, m0, f"({w0} + {j})", stride)
                         for j in range(0, count, ROWS))
    if count == qmatmul_amx.ROWS:
        qmatmul_amx.add_helpers(ctx, fmt, GROUPS, BIAS)
        ctx.add_helper(wide_kernel_name(fmt, ROWS), wide_kernel(fmt, ROWS))
        known = mx if mx in WIDE_COUNTS else None
        entry = qmatmul_amx.entry_name(fmt, k, stride, known)
        ctx.add_helper(qmatmul_amx.entry_name(fmt, k, stride, None),
                       qmatmul_amx.entries(fmt, k, row_bytes, stride,
                                           wide_kernel_name(fmt, ROWS), WIDE_COUNTS))
        tiles = f"xt + {m0}, xd + {m0}, xs + {m0}, xi + {m0}"
        count_arg = "" if known else f", {mx}"
        return (f"{entry}(q + ({w0}) * {row_bytes}, {x_args}, {tiles}, "
                f"y + {m0} * {n} + {w0}, {n}, ctl[{AMX_CTL}]{count_arg});")
    if wide:
        ctx.add_helper(wide_kernel_name(fmt, count), wide_kernel(fmt, count))
        ctx.add_helper(wide_entry_name(fmt, count, k, None), wide_entries(layout, count))
        known = mx if mx in WIDE_COUNTS else None
        count_arg = "" if known else f", {mx}"
        return (f"{wide_entry_name(fmt, count, k, known)}(q + {w0} * {row_bytes}, {x_args}, "
                f"y + {m0} * {n} + {w0}, {n}{count_arg});")
    name = kernel_name(fmt, count, mx)
    # the portable tier's register kernels call the wide kernel's one copy (RLX_I_ONE_BODY)
    ctx.add_helper(wide_kernel_name(fmt, count), wide_kernel(fmt, count))
    ctx.add_helper(name, kernel(fmt, count, mx))
    return (f"{name}(q + {w0} * {row_bytes}, {row_bytes}, {x_args}, {k}, "
            f"y + {m0} * {n} + {w0}, {n});")


def forward_loops(w: CWriter, ctx: RenderContext, layout: PackedLayout, rows: int,
                  active: str | None = None) -> None:
    """y [rows, n] = x [rows, k] @ W.T with x rounded to int8: the rows of x are rounded
    into the kernel's scratch, then OpenMP splits the rows of W in groups of ROWS, each
    group dotted with the rows of x WIDE_X at a time through the wide kernel while
    MAX_X or more are left, then the rest (the last rows of W one by one). ``active``:
    the rows as a C expression known at run time (at most ``rows``, which sizes the
    scratch); the count of the last piece is then picked at run time."""
    _add_helpers(ctx, layout.scheme.name)
    n, k = layout.n, layout.k
    _round_x(w, ctx, layout.scheme.name, k, rows, active)
    wides = rows >= MAX_X     # pieces of MAX_X rows or more go to the wide kernel
    # rows known when compiling: pieces of `most` rows, then the rest in one call
    most = WIDE_X if wides else MAX_X
    full, rest = divmod(rows, most)

    def calls(count: int, w0: str) -> None:
        def piece(mx: int | str, m0: str) -> None:
            w.line(_call(ctx, layout, count, mx, m0, w0, rows))

        if active is not None:
            qmatmul_ggml.run_time_pieces(w, active, min(rows, MAX_X), piece,
                                         WIDE_X if wides else None)
            return
        if full == 1:
            piece(most, "0")
        elif full > 1:
            with w.block(f"for (int64_t m0 = 0; m0 < {full * most}; m0 += {most})"):
                piece(most, "m0")
        if rest:
            piece(rest, str(full * most))

    run_time_work = active and f"{active} * {n * k}"
    if not _amx_rows(layout.scheme.name, rows):
        qmatmul_ggml.row_groups(w, ctx, n, ROWS, rows * n * k, calls, run_time_work)
        return
    # W 16 rows at a time, then the last n % 16 four and one at a time
    big = n - n % qmatmul_amx.ROWS
    qmatmul_ggml.row_groups(w, ctx, big, qmatmul_amx.ROWS, rows * big * k, calls,
                            active and f"{active} * {big * k}")
    if n % qmatmul_amx.ROWS >= ROWS:
        with w.block(f"for (int64_t r = {big}; r + {ROWS} <= {n}; r += {ROWS})"):
            calls(ROWS, "r")
    if n % ROWS:
        with w.block(f"for (int64_t r = {n - n % ROWS}; r < {n}; r++)"):
            calls(1, "r")


def grouped_loops(w: CWriter, ctx: RenderContext, layout: PackedLayout, rows: int,
                  experts: int, active: str) -> None:
    """``grouped_matmul``'s products when every selection fits one chunk: y [active, n]
    for the ``active`` (a C expression, at most ``rows``) rows of x sorted by expert
    (expert e's rows ``cnt[e] .. cnt[e + 1] - 1``, its blocks at ``wt + e * n *
    row_bytes``). The rows are rounded once, then one OpenMP loop takes every (expert
    with rows, group of ROWS rows of its W), in expert order, so a decode step's experts
    share one parallel region rather than one each (the threads' halves of two
    experts' rows, 1.2 MB, stream as one piece). The kernels and their pieces of x are
    those of :func:`forward_loops`: the same bits."""
    _add_helpers(ctx, layout.scheme.name)
    n, k, row_bytes = layout.n, layout.k, layout.row_bytes
    _round_x(w, ctx, layout.scheme.name, k, rows, active)
    w.line(f"int64_t used[{experts}], nu = 0;")
    w.line(f"for (int64_t e = 0; e < {experts}; e++) if (cnt[e + 1] > cnt[e]) used[nu++] = e;")

    def pieces(count: int, w0: str) -> None:
        w.line(f"const uint8_t *restrict q = wt + e * {n * row_bytes};")
        w.line("const int64_t m = cnt[e + 1] - cnt[e];")
        def piece(mx: int | str, m0: str) -> None:
            w.line(_call(ctx, layout, count, mx, f"(cnt[e] + {m0})", w0, rows))

        qmatmul_ggml.run_time_pieces(w, "m", min(rows, MAX_X), piece,
                                     WIDE_X if rows >= MAX_X else None)

    group = (qmatmul_amx.ROWS if _amx_rows(layout.scheme.name, rows)
             and n % qmatmul_amx.ROWS == 0 else ROWS)
    groups = n // group
    if groups:
        with ctx.parallel(w, rows * n * k, experts * groups, f"{active} * {n * k}"), \
                w.block(f"for (int64_t it = 0; it < nu * {groups}; it++)"):
            w.line(f"const int64_t e = used[it / {groups}], g = it % {groups};")
            pieces(group, f"g * {group}")
    if n % ROWS:
        with w.block("for (int64_t u = 0; u < nu; u++)"):
            w.line("const int64_t e = used[u];")
            with w.block(f"for (int64_t r = {n - n % ROWS}; r < {n}; r++)"):
                pieces(1, "r")
