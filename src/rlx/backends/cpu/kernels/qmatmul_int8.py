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

One source for every tier, on the vector types of ``csrc/ggml_int8.h``: a group's
codes are a vector of 32 bytes, decoded from the file's bytes with byte-vector
arithmetic (``rlx_ig_grp_<format>``, each format's codes and scales as
:func:`rlx.ir.gguf_blocks.integer_groups` gives them); the products of a group are
summed in 8 int32 lanes (lane l: elements 4l .. 4l + 3), exactly; each lane's sum is
converted to float and multiplied-and-added with its scale (the weight's times x's,
rounded once) into 8 float partial sums, one set for the even groups and one for the
odd, each running over its groups in order; the two sets are added, then their 8 lanes
pairwise in a fixed order. A format with offsets (q4_1, q5_1) adds each group's offset
times x's scaled code sum into two scalar chains the same way (q4_k, q5_k: one chain,
below). Two sets, not one, because against one row of x and one row of W a single
chain of multiply-adds waits on its own latency every group: q4_1 ran at 13.5 GB/s of
blocks on one avx2 core in cache with one chain, 19-21 GB/s with two. The float part
is 8 lanes wide on every tier (ymm on AVX2 and AVX-512, two registers on NEON), so
every FMA tier gives the same bits, at any thread count, whatever the batch; the
portable tier rounds products and sums separately (as ``rlx_v_fma``).

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
:data:`KERNEL_TEMPLATE`): RLX_G_RP rows of
W side by side (RLX_I_RP1 against one row of x: a single stream on AVX2; two for the
:data:`DECODE_BOUND` formats), up to 4 rows
of x, bytes fetched RLX_G_AHEAD passes ahead. More rows of
x (prefill) go through them 4 rows at a time, each group of rows of W staying in cache
(10-30% slower than the exact path's register-tiled prefill kernel, still ahead of
llama.cpp's prefill: bench/RESULTS.md).
"""

from __future__ import annotations

from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels import qmatmul_ggml
from rlx.backends.cpu.kernels.qmatmul_ggml import csrc_helper
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.gguf_blocks import BLOCK_FORMATS, x_int8_group
from rlx.ir.quantized import PackedLayout

INT8 = csrc_helper("ggml_int8.h")
"""The int8 vector types, the integer dot product of a group and x's rounding."""

GROUP_TEMPLATE = r"""
/* {doc} */
RLX_INLINE void rlx_ig_grp_{fmt}(const uint8_t *restrict b, int g, rlx_i8v *c, rlx_f8v *a,
                                 float *off) {{
    (void)g;
    (void)off;{body}
}}
"""
"""``rlx_ig_grp_<format>(b, g, c, a, off)``: group g of the block at b as 32 codes
``c``, the scale of each lane ``a`` (lane l: codes 4l .. 4l + 3) and, for formats with
offsets, the group's offset ``off``."""

GROUPS = {
    # format: (layout, signed codes, offsets, body)
    "q8_0": ("q8_0: codes the 32 int8 at b + 2, scale the fp16 d", True, False, r"""
    *c = (rlx_i8v)rlx_i_load32(b + 2);
    *a = rlx_i_half8(b);"""),
    "q4_0": ("q4_0: codes the nibbles at b + 2 less 8 (the 8 taken off the integer "
             "products: BIAS), scale d", False, False, r"""
    *c = (rlx_i8v)rlx_i_nibbles(b + 2);
    *a = rlx_i_half8(b);"""),
    "q4_1": ("q4_1: codes the nibbles at b + 4, scale d, offset m", False, True, r"""
    *c = (rlx_i8v)rlx_i_nibbles(b + 4);
    *a = rlx_i_half_pair(b, off);"""),
    "q5_0": ("q5_0: codes the nibbles at b + 6 topped by the bits at b + 2, less 16 (taken "
             "off the integer products: BIAS); scale d", False, False, r"""
    *c = (rlx_i8v)(rlx_i_nibbles(b + 6) | rlx_i_bit4(b + 2));
    *a = rlx_i_half8(b);"""),
    "q5_1": ("q5_1: codes the nibbles at b + 8 topped by the bits at b + 4; scale d, "
             "offset m", False, True, r"""
    *c = (rlx_i8v)(rlx_i_nibbles(b + 8) | rlx_i_bit4(b + 4));
    *a = rlx_i_half_pair(b, off);"""),
}
"""Each format's group decoder (:data:`GROUP_TEMPLATE`)."""

BIAS = {"q4_0": 8, "q5_0": 16}
"""Formats whose codes are stored plus a constant: the decoders give the stored,
unsigned codes, and the kernel takes the constant times x's lane sums (lx: each lane's
4 codes of x summed times the constant, as rlx_i_quantize_row rounds x, so a group and
row of W take one subtraction) off the lanes' integer products, which are then
those of the true codes, exactly; unsigned codes need no sign moved onto x on x86 (two
instructions fewer a block and row of W)."""


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


def group_decoder(fmt: str) -> str:
    doc, _, _, body = GROUPS[fmt]
    return GROUP_TEMPLATE.format(fmt=fmt, doc=doc, body=body)


KERNEL_TEMPLATE = r"""
/* {fmt}, x rounded to int8: y[m * n + j] = (row j of W) . x[m] for the {rows} rows of
   blocks at q, q + row_bytes, ... and the {mx} rows of x given as codes qx [{mx}, k],
   scales dx [{mx}, k / {group}] and, per 32 elements, {sums_doc} (rlx_i_quantize_row);
   RP rows of W side by side. {doc} */
static __attribute__((noinline)) void {name}(
        const uint8_t *restrict q, int64_t row_bytes, const int8_t *restrict qx,
        const float *restrict dx, const {sums_type} *restrict {sums},
        const int32_t *restrict lx, int64_t k, float *restrict y, int64_t n) {{
    enum {{ RX = {mx} == 1 ? {rp1} : RLX_G_RP / {mx},
           RP = RX < 1 ? 1 : RX < {rows} ? RX : {rows} }};
    const int64_t kd = k / {group}, kg = k / 32;
    (void){sums};
    (void)lx;
    (void)kg;
    for (int j0 = 0; j0 < {rows}; j0 += RP) {{
        const uint8_t *qj = q + j0 * row_bytes;
        const int64_t ahead = RLX_G_AHEAD * RP * row_bytes;
        rlx_f8v acc[2][RP][{mx}];
        float accm[2][RP][{mx}];
        #pragma GCC unroll 16
        for (int j = 0; j < RP; j++)
            #pragma GCC unroll 4
            for (int m = 0; m < {mx}; m++)
                for (int p = 0; p < 2; p++) {{
                    acc[p][j][m] = (rlx_f8v){{0}};
                    accm[p][j][m] = 0.0f;
                }}{loops}
        for (int j = 0; j < RP; j++)
            for (int m = 0; m < {mx}; m++)
                y[m * n + j0 + j] = rlx_i_fold({sums_of_row}){total};
    }}
}}
"""
"""The kernels' common frame: rows of W RP at a time, their sums, the stores.
``{loops}`` walks k (:data:`GROUP_LOOPS`, :data:`K_LOOPS`)."""

GROUP_LOOPS = r"""
        int64_t xg = 0;
        for (; xg + 2 <= kg; xg += 2) {{{group0}{group1}
        }}
        if (xg < kg) {{{group0}
        }}"""
"""32-element formats (each block one group): pairs of groups, the even one into the
first set of sums and the odd one into the second (:data:`GROUP_STEP`)."""

GROUP_STEP = r"""
            {{
                const int64_t xh = xg + {p};
                rlx_f8v xd[{mx}];
                #pragma GCC unroll 4
                for (int m = 0; m < {mx}; m++) xd[m] = dx[m * kd + xh] - (rlx_f8v){{0}};{lanes}
                #pragma GCC unroll 16
                for (int j = 0; j < RP; j++) {{
                    const uint8_t *b = qj + j * row_bytes + xh * {size};{prefetch}
                    rlx_i8v c;
                    rlx_f8v a;
                    float off = 0.0f;
                    rlx_ig_grp_{fmt}(b, 0, &c, &a, &off);
                    #pragma GCC unroll 4
                    for (int m = 0; m < {mx}; m++) {{
                        rlx_i8v xc;
                        memcpy(&xc, qx + m * k + 32 * xh, 32);
                        const rlx_i32v8 s = rlx_i_dot(c, xc, {signed}){unbias};
                        const rlx_f8v sf = __builtin_convertvector(s, rlx_f8v);
                        acc[{p}][j][m] = rlx_i_fma(a * xd[m], sf, acc[{p}][j][m]);{offset}
                    }}
                }}
            }}"""
"""Group ``xg + p`` of every row: per row of W, the integer products in 8 lanes,
converted and multiplied-and-added with the weight's scale times x's into set ``p`` of
the sums (module docstring); offsets times x's scaled code sums (ds) into scalar chain
``p``."""

PREFETCH = """
                    __builtin_prefetch(b + ahead);"""


def _prefetch(p: int, size: int) -> str:
    """The fetch ahead of group ``xg + p`` of a row: every group's, or the even ones'
    only where a pair of blocks spans no more than a cache line (q4_0 .. q5_1), so
    that every line of the row is still fetched and a block and row of W takes one
    instruction fewer every second group (q5_0, 12288 x 640 in L3 on two avx2 cores:
    14.2-15.0 -> 15.5-16.3 GB/s of blocks)."""
    return "" if p and 2 * size <= 64 else PREFETCH


LANES = """
                rlx_i32v8 lb[{mx}];
                #pragma GCC unroll 4
                for (int m = 0; m < {mx}; m++) {{
                    memcpy(&lb[m], lx + m * 8 * kg + 8 * xh, 32);
                }}"""

OFFSET = """
                        accm[{p}][j][m] = RLX_FMAF(off, ds[m * kg + xh], accm[{p}][j][m]);"""

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
                        memcpy(&xc, qx + m * k + sb * 256 + 32 * g, 32);
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

DECODE_BOUND = frozenset({"q5_0", "q5_1"})
"""Formats whose kernels against one row of x take ``RLX_I_RP1_DECODE_BOUND`` rows of
W side by side rather than ``RLX_I_RP1`` (``csrc/ggml_int8.h``): their decoding, not
memory, bounds them."""

ROWS = 4
"""Rows of W one call of the kernel takes (a multiple of every tier's RLX_G_RP)."""
MAX_X = 4
"""The most rows of x one call of the kernel takes."""


def kernel_name(fmt: str, rows: int, mx: int) -> str:
    """``rlx_ik...`` (k-quants) or ``rlx_iv...`` (the others): the kernel for ``rows``
    rows of W of format ``fmt`` and ``mx`` rows of x."""
    return f"rlx_{'ik' if fmt in K_GROUPS else 'iv'}{rows}x{mx}_{fmt}"


def kernel(fmt: str, rows: int, mx: int) -> str:
    """The C of :func:`kernel_name` ``(q, row_bytes, qx, dx, sums, lx, k, y, n)``: sums
    is ds (the scaled code sums) for the 32-element formats, si (the code sums) for the
    k-quants; lx x's lane sums for :data:`BIAS` formats, else NULL (see
    :data:`KERNEL_TEMPLATE`)."""
    block, size = BLOCK_FORMATS[fmt]
    if fmt in K_GROUPS:
        doc, sgn, mins, setup, codes, scales = K_GROUPS[fmt]
        dot = f"rlx_i_dot_v(c, xc, {int(sgn)}, {scales})"
        d_fields = ("float dmin;\n                const float d = rlx_i_half_pair(b, &dmin)[0];"
                    if mins else f"const float d = rlx_g_half(b + {208 if fmt == 'q6_k' else 0});")
        loops = K_LOOPS.format(size=size, mx=mx, codes=codes, dot=dot,
                               setup=setup.replace("\n", "\n" + " " * 12),
                               d_fields=d_fields, mins=K_MINS if mins else "")
        sums, sums_type, sums_doc = "si", "int32_t", "code sums si"
        total = ""
        sums_of_row = "acc[0][j][m] - acc[1][j][m]" if mins else "acc[0][j][m]"
    else:
        doc, sgn, offsets, _ = GROUPS[fmt]
        bias = BIAS.get(fmt)
        steps = [GROUP_STEP.format(fmt=fmt, size=size, mx=mx, signed=int(sgn), p=p,
                                   prefetch=_prefetch(p, size),
                                   offset=OFFSET.format(p=p) if offsets else "",
                                   lanes=LANES.format(mx=mx) if bias else "",
                                   unbias=" - lb[m]" if bias else "") for p in (0, 1)]
        loops = GROUP_LOOPS.format(group0=steps[0], group1=steps[1])
        sums, sums_type, sums_doc = "ds", "float", "scaled code sums ds"
        total = " + (accm[0][j][m] + accm[1][j][m])" if offsets else ""
        sums_of_row = "acc[0][j][m] + acc[1][j][m]"
    return KERNEL_TEMPLATE.format(fmt=fmt, rows=rows, mx=mx, group=x_int8_group(fmt),
                                  name=kernel_name(fmt, rows, mx), doc=doc, sums=sums,
                                  sums_type=sums_type, sums_doc=sums_doc, loops=loops,
                                  total=total, sums_of_row=sums_of_row,
                                  rp1="RLX_I_RP1_DECODE_BOUND" if fmt in DECODE_BOUND
                                  else "RLX_I_RP1")


def _round_x(w: CWriter, ctx: RenderContext, fmt: str, k: int, rows: int,
             active: str | None) -> bool:
    """Declare the rounded rows' scratch (qx, dx, ds, si and, for :data:`BIAS` formats,
    lx; room for ``rows`` rows) and round the first ``active or rows`` rows of ``x``
    into it (OpenMP splits the rows when there are enough); True when lx is kept."""
    group = x_int8_group(fmt)
    kd, kg = k // group, k // 32
    w.line(ctx.scratch("qx", DType.I8, rows * k))
    w.line(ctx.scratch("dx", DType.F32, rows * kd))
    w.line(ctx.scratch("ds", DType.F32, rows * kg))
    w.line(ctx.scratch("si", DType.I32, rows * kg))
    lanes = fmt in BIAS
    if lanes:
        w.line(ctx.scratch("lx", DType.I32, rows * 8 * kg))
    if rows > 1:
        w.pragma(ctx.parallel_for(rows * k, rows, active and f"{active} * {k}"))
    w.line(f"for (int64_t r = 0; r < {active or rows}; r++)")
    with w.indented():
        w.line(f"rlx_i_quantize_row(x + r * {k}, {k}, {group}, qx + r * {k}, dx + r * {kd}, "
               f"ds + r * {kg}, si + r * {kg}, {f'lx + r * {8 * kg}' if lanes else 'NULL'}, "
               f"{BIAS.get(fmt, 0)});")
    return lanes


def _add_helpers(ctx: RenderContext, fmt: str) -> None:
    qmatmul_ggml.add_block_helpers(ctx, fmt)
    ctx.add_helper("rlx_i_int8", INT8)
    if fmt in GROUPS:
        ctx.add_helper(f"rlx_ig_grp_{fmt}", group_decoder(fmt))


def _call(ctx: RenderContext, layout: PackedLayout, lanes: bool, count: int, mx: int,
          m0: str, w0: str) -> str:
    """The call of the kernel for ``count`` rows of W from row ``w0`` (blocks at q) and
    ``mx`` rounded rows of x from row ``m0`` (C expressions), into y [., n]."""
    fmt, n, k, row_bytes = layout.scheme.name, layout.n, layout.k, layout.row_bytes
    kd, kg = k // x_int8_group(fmt), k // 32
    name = kernel_name(fmt, count, mx)
    ctx.add_helper(name, kernel(fmt, count, mx))
    sums = "si" if fmt in K_GROUPS else "ds"
    return (f"{name}(q + {w0} * {row_bytes}, {row_bytes}, qx + {m0} * {k}, "
            f"dx + {m0} * {kd}, {sums} + {m0} * {kg}, "
            f"{f'lx + {m0} * {8 * kg}' if lanes else 'NULL'}, {k}, y + {m0} * {n} + {w0}, "
            f"{n});")


def forward_loops(w: CWriter, ctx: RenderContext, layout: PackedLayout, rows: int,
                  active: str | None = None) -> None:
    """y [rows, n] = x [rows, k] @ W.T with x rounded to int8: the rows of x are rounded
    into the kernel's scratch, then OpenMP splits the rows of W in groups of ROWS, each
    group dotted with the rows of x MAX_X at a time (the last rows of W one by one).
    ``active``: the rows as a C expression known at run time (at most ``rows``, which
    sizes the scratch); the count of the last piece is then picked at run time."""
    _add_helpers(ctx, layout.scheme.name)
    n, k = layout.n, layout.k
    lanes = _round_x(w, ctx, layout.scheme.name, k, rows, active)
    full, rest = divmod(rows, MAX_X)

    def calls(count: int, w0: str) -> None:
        if active is not None:
            qmatmul_ggml.run_time_pieces(
                w, active, min(rows, MAX_X),
                lambda mx, m0: w.line(_call(ctx, layout, lanes, count, mx, m0, w0)))
            return
        if full == 1:
            w.line(_call(ctx, layout, lanes, count, MAX_X, "0", w0))
        elif full > 1:
            with w.block(f"for (int64_t m0 = 0; m0 < {full * MAX_X}; m0 += {MAX_X})"):
                w.line(_call(ctx, layout, lanes, count, MAX_X, "m0", w0))
        if rest:
            w.line(_call(ctx, layout, lanes, count, rest, str(full * MAX_X), w0))

    qmatmul_ggml.row_groups(w, ctx, n, ROWS, rows * n * k, calls,
                            active and f"{active} * {n * k}")


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
    lanes = _round_x(w, ctx, layout.scheme.name, k, rows, active)
    w.line(f"int64_t used[{experts}], nu = 0;")
    w.line(f"for (int64_t e = 0; e < {experts}; e++) if (cnt[e + 1] > cnt[e]) used[nu++] = e;")

    def pieces(count: int, w0: str) -> None:
        w.line(f"const uint8_t *restrict q = wt + e * {n * row_bytes};")
        w.line("const int64_t m = cnt[e + 1] - cnt[e];")
        qmatmul_ggml.run_time_pieces(
            w, "m", min(rows, MAX_X),
            lambda mx, m0: w.line(_call(ctx, layout, lanes, count, mx, f"(cnt[e] + {m0})",
                                        w0)))

    groups = n // ROWS
    if groups:
        w.pragma(ctx.parallel_for(rows * n * k, experts * groups, f"{active} * {n * k}"))
        with w.block(f"for (int64_t it = 0; it < nu * {groups}; it++)"):
            w.line(f"const int64_t e = used[it / {groups}], g = it % {groups};")
            pieces(ROWS, f"g * {ROWS}")
    if n % ROWS:
        with w.block("for (int64_t u = 0; u < nu; u++)"):
            w.line("const int64_t e = used[u];")
            with w.block(f"for (int64_t r = {n - n % ROWS}; r < {n}; r++)"):
                pieces(1, "r")
