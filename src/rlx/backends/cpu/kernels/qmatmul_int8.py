"""C kernels of dequant_matmul with ``x_int8``: GGML blocks times x rounded to int8,
multiplied in integers (see :mod:`.qmatmul` and :mod:`.qmatmul_ggml`).

GGML's own CPU kernels round each group of 32 elements of x to int8 with one scale
(:func:`rlx.ir.gguf_blocks.quantize_x_int8` gives the rounding rlx uses) and multiply
those codes with the weight's integer codes; the exact product of a group (at most 32
products of 8-bit numbers) then needs one conversion and one multiply-add of its
scales instead of 32 decoded floats. This is what makes their decode fast: decoding 8
weights to exact floats takes about 4.5 vector instructions (:mod:`.qmatmul_ggml`),
the integer product of 32 about 3 on AVX2 (``vpmaddubsw``, ``vpmaddwd``; one
``vpdpbusd`` with AVX512-VNNI or AVX-VNNI, ``RLX_I_VNNI``; one ``sdot`` per 16 with the
Arm dot product).

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
sums the 8 sub-blocks of a super-block in int32 (exact; below 2^24, so the
conversion is exact too, but for q6_k's, which may round: see
:data:`.qmatmul_int8_formats.K_GROUPS`) and does one float multiply-add per super-block
and row, ``d * dx`` times those sums; the mins' part, each sub-block's min times x's
code sum (exact in int32 and in float; for q6_k 32 times its scale times x's code sum
per 16), is converted and multiplied-and-added with ``dmin * dx`` into the second set
of float sums, subtracted from the first at the end (:data:`K_LOOPS`). The sub-block
scales sit in int16 lanes, each sub-block's picked out by one byte shuffle
(``rlx_i_dot_v``); AVX2 takes the 6-bit scales and mins out of their 12 bytes in
vector lanes (``rlx_i_k_scales``). q4_k went from 150 to 110
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
(``rlx_iw<rows>_<format>``, ``rlx_ikw...``: :mod:`.qmatmul_int8_wide`), which decode
each block once for up to :data:`WIDE_X` rows of x, with the same bits. The formats'
parts (codes, signs, biases, sub-block scales) are in :mod:`.qmatmul_int8_formats`.
"""

from __future__ import annotations

from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels import qmatmul_amx, qmatmul_ggml
from rlx.backends.cpu.kernels.qmatmul_ggml import csrc_helper
from rlx.backends.cpu.kernels.qmatmul_int8_formats import (
    BIAS,
    DECODE_BOUND,
    GROUPS,
    K_GROUPS,
    K_SUMS_OF_ROW,
    K_X_SUMS,
    c_flag,
    k_d_fields,
    kernel_name,
    vector_bias,
    wide_kernel_name,
    zero_block,
)
from rlx.backends.cpu.kernels.qmatmul_int8_wide import (
    MAX_X,
    WIDE_COUNTS,
    WIDE_X,
    wide_entries,
    wide_entry_name,
    wide_kernel,
)
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.gguf_blocks import BLOCK_FORMATS, x_int8_group
from rlx.ir.quantized import PackedLayout

INT8 = csrc_helper("ggml_int8.h")
"""The int8 vector types, the integer dot product of a group and x's rounding."""

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

ROWS = 4
"""Rows of W one call of the kernel takes (a multiple of every tier's RLX_G_RP)."""

AMX_CTL = 10
"""The index of ``ctl`` (built by :class:`rlx.backends.cpu.backend.CpuExecutable`) that
says whether the AMX tiles may be used in this run (:func:`rlx.backends.cpu.isa.amx_in_use`)."""


def kernel(fmt: str, rows: int, mx: int) -> str:
    """The C of :func:`kernel_name` ``(q, row_bytes, qx, dx, si, ds, k, y, n)`` (see
    :data:`KERNEL_TEMPLATE`)."""
    block, size = BLOCK_FORMATS[fmt]
    if fmt in K_GROUPS:
        doc, sgn, mins, setup, codes, scales = K_GROUPS[fmt]
        dot = f"rlx_i_dot_v(c, xc, {int(sgn)}, {scales})"
        loops = K_LOOPS.format(size=size, mx=mx, codes=codes, dot=dot,
                               setup=setup.replace("\n", "\n" + " " * 12),
                               d_fields=k_d_fields(fmt), mins=mins)
        sums_of_row = K_SUMS_OF_ROW
        sets = 2        # the mins' sums in the second set
    else:
        doc, sgn, offsets, codes = GROUPS[fmt]
        bias = vector_bias(fmt)

        def step(nl: str, tail: bool) -> str:
            return GROUP_STEP.format(
                mx=mx, size=size, nl=nl, signed=c_flag(sgn), codes=codes,
                block=(f"l < nl ? blk + l * {size} : {zero_block(fmt)}" if tail
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
        if fmt in K_X_SUMS:
            w.line(f"{K_X_SUMS[fmt]}(qx + r * {xr}, {k}, si + r * {kg});")
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
          w0: str, stride: int, x0: str | None = None) -> str:
    """The call of the kernel for ``count`` rows of W from row ``w0`` (blocks at q) and
    ``mx`` rounded rows of x from row ``m0`` (C expressions), into y [., n]: the wide
    kernel's entry for this k, ``mx`` passed to it, for a count given at run time (a C
    expression) or one of MAX_X or more, else the register kernel of ``mx`` rows.
    ``count`` 16 (:func:`_amx_rows`): the AMX entry for a wide piece (x's tiles
    ``stride`` rows apart), four calls of the 4-row kernel for a narrow one. ``x0``:
    the first rounded row of x when it is not ``m0`` (y's row)."""
    fmt, n, k, row_bytes = layout.scheme.name, layout.n, layout.k, layout.row_bytes
    kd, kg = k // x_int8_group(fmt), k // 32
    x0 = m0 if x0 is None else x0
    codes = f"qt + {x0} * {_padded(k)}" if fmt in GROUPS else f"qx + {x0} * {_x_row(fmt, k)}"
    x_args = f"{codes}, dx + {x0} * {kd}, si + {x0} * {kg}, ds + {x0} * {kg}"
    wide = not isinstance(mx, int) or mx >= MAX_X
    if count == qmatmul_amx.ROWS and not wide:
        return "\n".join(_call(ctx, layout, ROWS, mx, m0, f"({w0} + {j})", stride, x0)
                         for j in range(0, count, ROWS))
    if count == qmatmul_amx.ROWS:
        qmatmul_amx.add_helpers(ctx, fmt, GROUPS, BIAS)
        ctx.add_helper(wide_kernel_name(fmt, ROWS), wide_kernel(fmt, ROWS))
        known = mx if mx in WIDE_COUNTS else None
        entry = qmatmul_amx.entry_name(fmt, k, stride, known)
        ctx.add_helper(qmatmul_amx.entry_name(fmt, k, stride, None),
                       qmatmul_amx.entries(fmt, k, row_bytes, stride,
                                           wide_kernel_name(fmt, ROWS), WIDE_COUNTS))
        tiles = f"xt + {x0}, xd + {x0}, xs + {x0}, xi + {x0}"
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
                  experts: int, active: str, shared: str | None = None) -> None:
    """``grouped_matmul``'s products when every selection fits one chunk: y [active, n]
    for the ``active`` (a C expression, at most ``rows``) rows of x sorted by expert
    (expert e's rows ``cnt[e] .. cnt[e + 1] - 1``, its blocks at ``wt + e * n *
    row_bytes``). The rows are rounded once, then one OpenMP loop takes every (expert
    with rows, group of ROWS rows of its W), in expert order, so a decode step's experts
    share one parallel region rather than one each (the threads' halves of two
    experts' rows, 1.2 MB, stream as one piece). The kernels and their pieces of x are
    those of :func:`forward_loops`: the same bits. ``shared``: a C condition under which
    every selection reads x's first row (one token, each expert selected once): that row
    alone is rounded, once for all of them."""
    _add_helpers(ctx, layout.scheme.name)
    n, k, row_bytes = layout.n, layout.k, layout.row_bytes
    _round_x(w, ctx, layout.scheme.name, k, rows,
             active if shared is None else f"({shared} ? 1 : {active})")
    w.line(f"int64_t used[{experts}], nu = 0;")
    w.line(f"for (int64_t e = 0; e < {experts}; e++) if (cnt[e + 1] > cnt[e]) used[nu++] = e;")

    def pieces(count: int, w0: str) -> None:
        w.line(f"const uint8_t *restrict q = wt + e * {n * row_bytes};")
        w.line("const int64_t m = cnt[e + 1] - cnt[e];")
        def piece(mx: int | str, m0: str) -> None:
            x0 = None if shared is None else f"({shared} ? 0 : cnt[e] + {m0})"
            w.line(_call(ctx, layout, count, mx, f"(cnt[e] + {m0})", w0, rows, x0))

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
