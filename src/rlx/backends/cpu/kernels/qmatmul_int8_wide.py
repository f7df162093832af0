"""The wide kernels of dequant_matmul with ``x_int8``: pieces of :data:`MAX_X` rows of
x or more (:data:`WIDE_X` at a time), each block of W decoded once for all of them,
with the register kernels' operations on each sum (:mod:`.qmatmul_int8`, whose
docstring gives the design), so the same bits; and their entry points per k and count
of rows of x."""

from __future__ import annotations

from rlx.backends.cpu.kernels.qmatmul_int8_formats import (
    GROUPS,
    K_GROUPS,
    K_SUMS_OF_ROW,
    c_flag,
    k_d_fields,
    kernel_name,
    vector_bias,
    wide_kernel_name,
    zero_block,
)
from rlx.ir.gguf_blocks import BLOCK_FORMATS
from rlx.ir.quantized import PackedLayout

MAX_X = 8
"""Pieces of this many rows of x or more go to the wide kernels (:data:`WIDE_X` at a
time); fewer take :func:`.qmatmul_int8.kernel`, whose sums stay in registers (up to MAX_X - 1 rows,
each block decoded once for all of them). Eight rows in registers had measured better
than four (q4_1 at k = 576 on one Zen 4 core, in cache, 0.56 -> 0.52 ns a group and row
of x), and 16 in the wide kernel better than two calls of 8 (:data:`WIDE_TEMPLATE`)."""

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
call of :func:`.qmatmul_int8.kernel` decodes its blocks for MAX_X rows of x and keeps their sums in
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
The 256-bit ``vpdpbusd`` issues two a cycle there, on the two pipes that also take
``vmulps`` and ``vfmadd``: the float part's multiply and one or two multiply-adds per 8
groups and row of x take 2 of every 10 of those pipes' slots (3 of 11 with an offset);
the conversion, float and integer additions and the decoding's shuffles go to other
pipes (4 of each added to 12 independent ``vpdpbusd`` a loop: 1.64 ns unchanged; 4
multiplies or multiply-adds: 2.19 ns). At k 576 (18 groups) the last 2 groups' step
costs about 1.6 times a main step's time per group: 16% of a 1536 x 576 product against
16 rows of x (one core, in cache: 0.154 ms, 0.129 without that step, 0.121 at k 512).

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
    rlx_f8v acc[2][{rows}][{wide}];
    for (int p = 0; p < 2; p++)
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
            d_fields=k_d_fields(fmt).replace("\n" + " " * 16, "\n" + " " * 12),
            dot=f"rlx_i_dot_v(c[g], xc, {int(sgn)}, {scales})",
            mins=mins.replace("\n" + " " * 20, "\n" + " " * 16),
            sums_of_row=K_SUMS_OF_ROW)
    doc, sgn, offsets, codes = GROUPS[fmt]
    bias = vector_bias(fmt)
    return WIDE_TEMPLATE.format(
        **common, doc=doc, codes=codes, signed=c_flag(sgn), zero=zero_block(fmt),
        unbias=f" - rlx_i_lanes(si + m * kg + g0, 8) * {bias}" if bias else "",
        tail_unbias=(f" - __builtin_shuffle(rlx_i_lanes(si + m * kg + g0, nl), rep) * {bias}"
                     if bias else ""),
        offset=WIDE_OFFSET if offsets else "", tail_offset=WIDE_TAIL_OFFSET if offsets else "")
