"""The GGML formats as the int8 kernels of dequant_matmul with ``x_int8`` read them:
each 32-element format's codes as a byte vector, their signedness and the constant
taken off their integer products, the k-quants' sub-block parts, and the kernels'
names. Shared by the register kernels (:mod:`.qmatmul_int8`, whose docstring gives the
design) and the wide kernels (:mod:`.qmatmul_int8_wide`)."""

from __future__ import annotations

GROUPS = {
    # format: (layout, signed codes, offsets, the 32 codes of the block at b)
    "q8_0": ("q8_0: codes the 32 int8 at b + 2 (plus 128 where RLX_I_Q8_BIAS), scale the "
             "fp16 d", "!RLX_I_Q8_BIAS", False, "rlx_i_q8_codes(b + 2)"),
    "q4_0": ("q4_0: codes the nibbles at b + 2 less 8 (the 8 taken off the integer "
             "products: BIAS), scale d", False, False, "(rlx_i8v)rlx_i_nibbles(b + 2)"),
    "q4_1": ("q4_1: codes the nibbles at b + 4, scale d, offset m", False, True,
             "(rlx_i8v)rlx_i_nibbles(b + 4)"),
    "q5_0": ("q5_0: codes the nibbles at b + 6 topped by the bits at b + 2, less 16 (taken "
             "off the integer products: BIAS); scale d", False, False,
             "(rlx_i8v)rlx_i_nibbles5(b + 6, b + 2)"),
    "q5_1": ("q5_1: codes the nibbles at b + 8 topped by the bits at b + 4; scale d, "
             "offset m", False, True, "(rlx_i8v)rlx_i_nibbles5(b + 8, b + 4)"),
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
codes plus 128 where the integer product is one u8 x s8 instruction (RLX_I_VNNI),
else 0 (``rlx_i_q8_codes``; the AMX tiles multiply its signed codes in place). On an
Intel Xeon core at the avx512 tier without AMX, q8_0 1536 x 576 in cache, ns a group
and row of x against 1 / 4 / 16 rows of x: 1.00 / 0.57 / 0.42 -> 0.88 / 0.50 / 0.32;
4096 x 4096 against 64 rows, 2 threads: 6.2-6.5 -> 4.5 ms."""

ZERO_BLOCK = {"q8_0": "rlx_i_q8_zero_block"}
"""The block read in place of those past a row's end, where the format's zero codes
are not zero bytes (else ``rlx_i_zero_block``)."""


K_MINS = """
                    rlx_i32v8 sv;
                    memcpy(&sv, si + m * kg + sb * 8, 32);
                    const rlx_f8v mf = __builtin_convertvector(mn * sv, rlx_f8v);
                    acc[1][j][m] = rlx_i_fma(dmin * xs - (rlx_f8v){0}, mf, acc[1][j][m]);"""
"""q4_k's and q5_k's second set of sums (:data:`K_GROUPS`): each sub-block's min times
x's code sum per 32 (si), times dmin dx."""

K_MINS_Q6 = """
                    rlx_i16v16 sv;
                    memcpy(&sv, si + m * kg + sb * 8, 32);
                    const rlx_f8v mf = __builtin_convertvector(rlx_i_madd16(sc16, sv), rlx_f8v);
                    acc[1][j][m] = rlx_i_fma(dmin * xs - (rlx_f8v){0}, mf, acc[1][j][m]);"""
"""q6_k's part of :data:`K_MINS`: its 16 scales times x's code sums per 16 (written over
si by ``rlx_i_code_sums16``), two sub-blocks an int32 lane, times 32 d dx."""


K_GROUPS = {
    # format: (layout, signed codes, the second set of sums (the mins' part; C),
    #          setup per super-block, codes of sub-block g,
    #          its scales: an int16 vector and the lanes of its two halves)
    "q4_k": ("q4_k: sub-block g's nibbles (low of chunk g / 2 when g is even, else high); "
             "6-bit scale and min per sub-block", False, K_MINS, r"""
    rlx_i16v8 sc;
    rlx_i32v8 mn;
    rlx_i_k_scales(b + 4, &sc, &mn);""",
             "rlx_i_shr(rlx_i_load32(b + 16 + 32 * (g >> 1)), 4 * (g & 1), 15)",
             "sc, g, g"),
    "q5_k": ("q5_k: as q4_k (nibbles at b + 48), topped by bit g of the 32 bytes at b + 16",
             False, K_MINS, r"""
    rlx_i16v8 sc;
    rlx_i32v8 mn;
    rlx_i_k_scales(b + 4, &sc, &mn);
    const rlx_u8v hb = rlx_i_load32(b + 16);""",
             "rlx_i_shr(rlx_i_load32(b + 48 + 32 * (g >> 1)), 4 * (g & 1), 15)\n"
             "                   | rlx_i_shl(rlx_i_shr(hb, g, 1), 4)",
             "sc, g, g"),
    "q6_k": ("q6_k: the 6-bit codes of group g as stored, 0 .. 63 (rlx.ir.gguf_blocks "
             "takes 32 off them: 32 times x's code sums per 16 times the scales, the "
             "mins' part, comes off at the end); int8 scales per 16", False, K_MINS_Q6, r"""
    const rlx_i16v16 sc16 = rlx_i_s8_16x16(b + 192);
    const rlx_i16v8 slo = rlx_i_half16(sc16, 0), shi = rlx_i_half16(sc16, 1);""",
             "rlx_i_shr(rlx_i_load32(b + 64 * (g >> 2) + 32 * (g & 1)), (g & 3) >> 1 ? 4 : 0, 15)"
             "\n                   | rlx_i_shl(rlx_i_shr(rlx_i_load32(b + 128 + 32 * (g >> 2)), "
             "2 * (g & 3), 3), 4)",
             "g < 4 ? slo : shi, (2 * g) & 7, (2 * g + 1) & 7"),
}
"""Each k-quant's parts of :data:`.qmatmul_int8.K_LOOPS`; ``d`` and ``dmin`` are the fp16 fields
at bytes 0 and 2 (q6_k: d at 208, and 32 d in place of dmin).

q6_k's codes are taken as stored, unsigned, rather than less 32: on x86 the u8 x s8
products then need no signs moved onto x (two instructions a group and row of x fewer,
and the subtraction), and the 32 comes off as q4_k's mins do, in the second set of
sums: 32 d dx times the scales times x's code sums per 16 (``rlx_i_code_sums16``, made
once per row of x where it is rounded). Every tier computes it so, so the bits agree
across tiers; the integer sums of the codes as stored reach 2^25 where those of the
codes less 32 stayed below 2^24, so their conversion may round (by at most 2^-24 of
the sum). One Zen 4 core, q6_k 2048 x 1024 in cache against 1 / 16 / 64 rows of x:
avx512 0.086 / 0.62 / 2.70 -> 0.075 / 0.53 / 2.24 ms, avx2 0.093 / 0.67 -> 0.080 / 0.61;
a 49152 x 1024 output head from memory 2.07 -> 1.85 ms (on two threads, at memory
speed either way)."""


DECODE_BOUND = frozenset({"q5_0", "q5_1"})
"""Formats whose kernels against one row of x take ``RLX_I_RP1_DECODE_BOUND`` rows of
W side by side rather than ``RLX_I_RP1`` (``csrc/ggml_int8.h``): their decoding, not
memory, bounds them."""


def wide_kernel_name(fmt: str, rows: int) -> str:
    """``rlx_iw<rows>_<fmt>`` (``rlx_ikw...`` for the k-quants): the wide kernel for
    ``rows`` rows of W of format ``fmt``."""
    return f"rlx_{'ikw' if fmt in K_GROUPS else 'iw'}{rows}_{fmt}"


def vector_bias(fmt: str) -> int | str | None:
    """The constant the vector kernels take off ``fmt``'s integer products per unit of
    x's code sum (:data:`BIAS`, :data:`VECTOR_BIAS`), None for none."""
    return BIAS.get(fmt, VECTOR_BIAS.get(fmt))


def c_flag(sgn: bool | str) -> str:
    """A GROUPS entry's signedness as C: 0, 1, or its expression."""
    return sgn if isinstance(sgn, str) else str(int(sgn))


def zero_block(fmt: str) -> str:
    """The C name of the block read past a row's end for ``fmt`` (:data:`ZERO_BLOCK`)."""
    return ZERO_BLOCK.get(fmt, "rlx_i_zero_block")


K_D_FIELDS = {"q6_k": "const float d = rlx_g_half(b + 208), dmin = 32.0f * d;"}
"""A k-quant super-block's d and dmin (the second set of sums' factor) from its block b,
where they are not the fp16 pair at bytes 0 and 2 (:func:`k_d_fields`)."""

K_X_SUMS = {"q6_k": "rlx_i_code_sums16"}
"""k-quants whose second set of sums reads x's code sums otherwise than per 32 (as
``rlx_i_quantize_row`` leaves them in si): the function that writes them over si, run
once per row of x where it is rounded, ``(qx, k, si)``."""

K_SUMS_OF_ROW = "acc[0][j][m] - acc[1][j][m]"
"""A k-quant row's sums: the first set less the second (the mins' part)."""


def k_d_fields(fmt: str) -> str:
    """The C declaring a k-quant super-block's d and dmin from its block b."""
    return K_D_FIELDS.get(
        fmt, "float dmin;\n                const float d = rlx_i_half_pair(b, &dmin)[0];")


def kernel_name(fmt: str, rows: int, mx: int | str) -> str:
    """``rlx_ik...`` (k-quants) or ``rlx_iv...`` (the others): the kernel for ``rows``
    rows of W of format ``fmt`` and ``mx`` rows of x."""
    return f"rlx_{'ik' if fmt in K_GROUPS else 'iv'}{rows}x{mx}_{fmt}"
