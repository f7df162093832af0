"""dequant_matmul in C: products with packed weights, read from the packed bytes.

No f32 copy of the weight is ever made. Each kernel walks the weight in *segments*
of up to ``SEGMENT`` consecutive elements of one row of W [n, k]; a segment is
decoded into a small stack buffer (L1-resident) and used at once:

* decoding: int8 codes convert directly. fp8 e4m3 bytes are looked up 64 at a time
  as f16 bytes in register tables where the compiler targets AVX512-VBMI; elsewhere
  RLX_VW bytes at a time on the prelude's vectors by bit arithmetic (one exact
  multiplication, the sign and nan), every tier: measured streaming a 4096 x 4096
  weight on one core of the 2-core AVX-512 VM, 22 weights per ns with VBMI, 18 with
  the vector arithmetic on AVX-512, 8.7 with it on AVX2 (2.9 with the table of 256
  floats it replaced there, a gather), 4.4 in portable C (0.6); the last bytes of a
  segment use the table. 4-bit codes (two per byte, low nibble first) are looked up
  RLX_VW bytes at a time where the compiler targets AVX2 or AVX-512: the bytes widen
  to int32 lanes and their nibbles index the 16 values held in registers (one
  permute on AVX-512, two and a blend on AVX2), interleaved; otherwise (and for the
  last bytes of a segment) in a table of 256 float pairs, one 8-byte load per byte.
  Same weight: int4 16-17 weights per ns on AVX-512 (15-16 with the intrinsics this
  replaced), 8.0 on AVX2 (4.6 with the pair table). Block scales (f16 for int4, E8M0
  bytes for mxfp4, E4M3 bytes for nvfp4, converted by tables or F16C) then multiply
  the decoded blocks; per-row scales (int8, fp8) and nvfp4's tensor scale are applied
  once per output element. GGML block formats (q8_0, q4_1, q4_k, q6_k, ...) are
  decoded from the file's blocks by :mod:`.qmatmul_ggml`.
* ``x @ W.T`` (the forward product): OpenMP splits the output channels (rows of W);
  for each block of up to ``ROW_BLOCK`` rows of x every segment is decoded once and
  dotted with each of those rows (vectorised f32 reductions). At decode time
  (one row of x) this streams the packed rows once: the kernel reads a quarter
  (8-bit) or an eighth (4-bit) of the bytes an f32 matrix-vector product does.
  GGML formats differ (:func:`_ggml_forward_loops`, :mod:`.qmatmul_ggml`): for up to
  8 rows of x the blocks are decoded in registers straight into the dot products,
  several rows of W side by side; for more rows, rows of W are decoded a chunk of k
  at a time and multiplied with x, packed once, in register tiles.
* ``x @ W`` (``transpose``, the input gradient): OpenMP splits the columns of W into
  segments; each thread accumulates its output columns for a block of rows of x
  over all rows of W.

Accumulation is in f32, in an order that does not depend on the thread count; the
dequantised weights are exactly those of :func:`rlx.ir.quantized.dequantize`, so
results differ from the reference (which accumulates in f64) by f32 rounding only.
Multiply-adds are fused on the tiers with FMA instructions and rounded in two steps
in portable C, as the prelude's ``rlx_v_fma`` (``fmaf`` is a library call there:
int8 at 0.7 weights per ns in portable C, 8.4 in two steps).
"""

from __future__ import annotations

import numpy as np

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels import qmatmul_ggml, qmatmul_int8
from rlx.backends.cpu.kernels.extents import index_rows, row_runs
from rlx.backends.cpu.kernels.index import error, format_literal, need_stdio
from rlx.backends.cpu.kernels.qmatmul_ggml import csrc_helper
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node
from rlx.ir.printer import format_node
from rlx.ir.quantized import (
    E2M1_VALUES,
    E4M3_VALUES,
    E8M0_VALUES,
    INT4_VALUES,
    PackedLayout,
)

SEGMENT = 256
"""Weight elements decoded at a time (rounded down to whole blocks, at least one)."""
ROW_BLOCK = 8
"""Rows of x sharing each decoded segment."""
LANES = 32
"""Partial sums per dot product (independent chains the compiler vectorises)."""

COMMON = csrc_helper("qmm_common.h")
"""``rlx_q_dot_acc`` / ``rlx_q_sum32``: the dot products' 32 partial sums."""


PER_ROW_DECODERS = {
    "int8": r"""
/* elements c0 .. c0+len-1 of an int8 row as floats (the row scale comes later) */
static inline void rlx_dq_int8(const uint8_t *restrict q, const float *restrict sc,
                               int64_t c0, int64_t len, float *restrict out) {
    const int8_t *c = (const int8_t *)q + c0;
    (void)sc;
    #pragma omp simd
    for (int64_t i = 0; i < len; i++) out[i] = (float)c[i];
}
""",
    "fp8_e4m3": r"""
/* elements c0 .. c0+len-1 of an fp8 e4m3fn row as floats (the row scale comes later) */
static inline void rlx_dq_fp8_e4m3(const uint8_t *restrict q, const float *restrict sc,
                                   int64_t c0, int64_t len, float *restrict out) {
    const uint8_t *c = q + c0;
    const int64_t wide = rlx_q_e4m3_wide(c, len, out);
    (void)sc;
    #pragma omp simd
    for (int64_t i = wide; i < len; i++) out[i] = rlx_q_e4m3[c[i]];
}
""",
}

E4M3_WIDE = csrc_helper("qmm_e4m3_wide.h")
"""``rlx_q_e4m3_wide``: fp8 e4m3fn bytes decoded a vector at a time (module docstring)."""

NIBBLES_WIDE = csrc_helper("qmm_nibbles_wide.h")
"""``rlx_q_nibbles_wide``: 4-bit codes looked up in registers (module docstring)."""

NIBBLE_DECODER = r"""
/* elements c0 .. c0+len-1 (c0 a multiple of {block}) of a {scheme} row: each byte
   gives two floats ({values} by register permutes, or {pairs}), then each block of
   {block} is scaled */
static inline void {name}(const uint8_t *restrict q, const {stype} *restrict sc,
                          int64_t c0, int64_t len, float *restrict out) {{
    const uint8_t *p = q + (c0 >> 1);
    const int64_t bytes = (len + 1) >> 1;
    const int64_t wide = rlx_q_nibbles_wide(p, bytes, {values}, out);
    #pragma omp simd
    for (int64_t j = wide; j < bytes; j++) memcpy(out + 2 * j, {pairs}[p[j]], 8);
    const {stype} *s = sc + c0 / {block};
    const int64_t full = len / {block};
    for (int64_t b = 0; b < full; b++) {{
        const float f = {scale};
        #pragma omp simd
        for (int64_t i = 0; i < {block}; i++) out[b * {block} + i] *= f;
    }}
    if (full * {block} < len) {{
        const float f = {scale_tail};
        for (int64_t i = full * {block}; i < len; i++) out[i] *= f;
    }}
}}
"""

NIBBLE_SCHEMES = {   # scheme: (value tables' name, nibble values, scale C type, scale of block i)
    "int4": ("rlx_q_int4", INT4_VALUES, "uint16_t", "rlx_q_f16(s[{i}])"),
    "mxfp4": ("rlx_q_e2m1", E2M1_VALUES, "uint8_t", "rlx_q_e8m0[s[{i}]]"),
    "nvfp4": ("rlx_q_e2m1", E2M1_VALUES, "uint8_t", "rlx_q_e4m3[s[{i}]]"),
}


def _float_literal(v: float) -> str:
    """An exact C float literal (hexadecimal) of the f32 value ``v``."""
    return "NAN" if np.isnan(v) else float(v).hex() + "f"


def _array(declaration: str, items: list[str], per_row: int) -> str:
    """``declaration = { items };``, ``per_row`` initialisers to a line."""
    rows = [", ".join(items[i:i + per_row]) for i in range(0, len(items), per_row)]
    w = CWriter()
    with w.block(f"{declaration} =", trailer=";"):
        w.extend(f"{row}," for row in rows[:-1])
        w.line(rows[-1])
    return w.text()


def _value_table(name: str, values: np.ndarray) -> str:
    """``static const float name[]``: the value of each code (byte or nibble)."""
    items = [_float_literal(v) for v in values]
    return _array(f"static const float {name}[{len(items)}]", items, 8)


def _pair_table(name: str, values: np.ndarray) -> str:
    """``static const float name[256][2]``: the (low nibble, high nibble) values of each
    byte, for 4-bit codes whose nibble values are ``values``."""
    pairs = [f"{{{_float_literal(values[b & 15])}, {_float_literal(values[b >> 4])}}}"
             for b in range(256)]
    return _array(f"static const float {name}[256][2]", pairs, 4)


def _byte_table(name: str, values: np.ndarray) -> str:
    items = [str(int(v)) for v in values]
    return _array(f"static const uint8_t {name}[{len(items)}]", items, 16)


def _add_e4m3_wide(ctx: RenderContext) -> None:
    """The AVX512-VBMI fp8 decoder and its tables: the low and high bytes of the f16
    encoding of each e4m3fn magnitude (every e4m3fn value is exact in f16), and the
    byte order interleaving 32 low bytes with 32 high bytes."""
    f16 = E4M3_VALUES[:128].astype(np.float16).view(np.uint16)
    interleave = np.stack([np.arange(32), np.arange(32) + 64], axis=1).reshape(-1)
    ctx.add_helper("rlx_q_e4m3_f16_lo", _byte_table("rlx_q_e4m3_f16_lo", f16 & 0xFF))
    ctx.add_helper("rlx_q_e4m3_f16_hi", _byte_table("rlx_q_e4m3_f16_hi", f16 >> 8))
    ctx.add_helper("rlx_q_interleave", _byte_table("rlx_q_interleave", interleave))
    ctx.add_helper("rlx_q_e4m3_wide", E4M3_WIDE)


def _segment(layout: PackedLayout) -> int:
    """Elements decoded at a time: the most whole blocks within SEGMENT, at least one
    block (segments then start on block boundaries)."""
    if layout.per_channel:
        return SEGMENT
    return layout.block * max(1, SEGMENT // layout.block)


def _decoder(ctx: RenderContext, layout: PackedLayout) -> str:
    """Emit the tables and the segment decoder of ``layout``; returns the decoder's name
    ``fn(q_row, scale_row, c0, len, out)``."""
    ctx.add_helper("rlx_q_common", COMMON)
    scheme = layout.scheme.name
    if layout.ggml:
        return _ggml_decoder(ctx, scheme)
    if scheme in ("fp8_e4m3", "nvfp4"):
        ctx.add_helper("rlx_q_e4m3", _value_table("rlx_q_e4m3", E4M3_VALUES))
    if scheme == "fp8_e4m3":
        ctx.add_helper("rlx_q_bytes", qmatmul_ggml.BYTE_LOADS)
        _add_e4m3_wide(ctx)
    if scheme == "mxfp4":
        ctx.add_helper("rlx_q_e8m0", _value_table("rlx_q_e8m0", E8M0_VALUES))
    if scheme == "int4":
        ctx.add_helper("rlx_q_f16", qmatmul_ggml.F16_SCALE)
    if scheme in PER_ROW_DECODERS:
        ctx.add_helper(f"rlx_dq_{scheme}", PER_ROW_DECODERS[scheme])
        return f"rlx_dq_{scheme}"
    tables, values, stype, scale = NIBBLE_SCHEMES[scheme]
    ctx.add_helper("rlx_q_bytes", qmatmul_ggml.BYTE_LOADS)
    ctx.add_helper("rlx_q_nibbles_wide", NIBBLES_WIDE)
    ctx.add_helper(tables, _value_table(tables, values))
    ctx.add_helper(f"{tables}_pairs", _pair_table(f"{tables}_pairs", values))
    name = f"rlx_dq_{scheme}_b{layout.block}"
    ctx.add_helper(name, NIBBLE_DECODER.format(
        name=name, scheme=scheme, block=layout.block, values=tables, pairs=f"{tables}_pairs",
        stype=stype, scale=scale.format(i="b"), scale_tail=scale.format(i="full")))
    return name


def add_ggml_helpers(ctx: RenderContext, scheme: str) -> None:
    """Emit what the decode kernels of GGML format ``scheme`` need (other kernel modules
    reading the file's blocks call them too: grouped_matmul)."""
    ctx.add_helper("rlx_q_common", COMMON)
    _ggml_decoder(ctx, scheme)


def _ggml_decoder(ctx: RenderContext, scheme: str) -> str:
    """Emit the decoders of a GGML block format and their helpers; returns the name of
    its segment decoder."""
    qmatmul_ggml.add_block_helpers(ctx, scheme)
    ctx.add_helper(f"rlx_g_grp_{scheme}", qmatmul_ggml.GROUPS[scheme])
    ctx.add_helper(f"rlx_dq_{scheme}", qmatmul_ggml.DECODERS[scheme])
    return f"rlx_dq_{scheme}"


def _row_scale(layout: PackedLayout, row: str) -> str:
    """C expression of the factor of row ``row`` of W applied after decoding."""
    if layout.per_channel:
        return f"sc[{row}]"
    if layout.scheme.tensor_scale:
        return "t"
    return "1.0f"


def _pointers(w: CWriter, ctx: RenderContext, node: Node, layout: PackedLayout,
              reads_x: bool = True, rows: str = "") -> None:
    """``x`` (operand 0 as f32, when ``reads_x``: not for a gather), ``y`` (the
    result), ``q``, ``sc`` and ``t`` (the packed operands) of ``node``; x and y named
    ``x<rows>`` / ``y<rows>`` when ``rows`` is given (each run of rows points into
    them)."""
    x, q = node.inputs[:2]
    if reads_x:
        w.line(f"const float *restrict x{rows} = {ctx.ptr(x, True)};")
    w.line(f"float *restrict y{rows} = {ctx.ptr(ctx.node_id(node))};")
    w.line(f"const uint8_t *restrict q = {ctx.ptr(q, True)};")
    if not layout.ggml:
        stype = cstyle.ctype(layout.scheme.scale_dtype)
        w.line(f"const {stype} *restrict sc = {ctx.ptr(node.inputs[2], True)};")
    if layout.scheme.tensor_scale:
        w.line(f"const float t = {ctx.ptr(node.inputs[3], True)}[0];")


def render_dequant_matmul(ctx: RenderContext, node: Node) -> str:
    """C statements computing ``node`` (a dequant_matmul) from its packed operands."""
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    if node.type.numel == 0:
        return "    /* empty */"
    w = CWriter(indent=1)
    if node.attr("transpose"):
        decode = _decoder(ctx, layout)
        _pointers(w, ctx, node, layout)
        _transposed_loops(w, ctx, node, layout, decode)
        return w.text()
    rows = node.type.numel // layout.n
    # the runs' rows packed into one product where every row's result is the same
    # bits in any count of rows: the int8 kernels always, the float GGML kernels past
    # the decode kernel's rows (the tiled kernel's order of sums does not depend on the
    # count); other formats product by product
    pack = ("1" if node.attr("x_int8") else
            f"rlx_len > {qmatmul_ggml.GEMV_MAX_ROWS}" if layout.ggml else None)
    if node.attr("x_int8"):
        def body(active: str | None) -> None:
            qmatmul_int8.forward_loops(w, ctx, layout, rows, active)
    else:
        decode = _decoder(ctx, layout)

        def body(active: str | None) -> None:
            _forward_loops(w, ctx, layout, decode, rows, active)
    runs = row_runs(ctx, node.type.shape[:-1])
    _pointers(w, ctx, node, layout, rows="" if runs is None else "_all")
    if runs is None:
        body(None)
        return w.text()
    _run_products(w, ctx, runs, rows, layout.n, layout.k, body, pack)
    return w.text()


def _run_products(w: CWriter, ctx: RenderContext, runs, rows: int, n: int, k: int,
                  body, pack: str | None) -> None:
    """The product of symbolic rows (rows past a symbol's extent are padding; ``runs``
    of active rows, the count of rows known at run time): each run's product in place,
    or, where the C condition ``pack`` holds (None: never), several runs' as one
    product of their rows packed together (x_runs), its results then put back in their
    runs. Every product streams and decodes all of W, so a batch of prompts through the
    prefill program then takes one pass over the weights rather than one per prompt,
    its pieces of rows the wide kernels' (9 prompts of about 20 tokens in a bucket of
    16, SmolLM2 gguf-int8: 324 -> 221 ms a prefill; gguf 548 -> 352). ``pack`` must
    hold only where a row's result is the same bits in any count of rows.
    ``body(count)`` writes the product of ``count`` rows from x into y."""
    w.line(f"const int64_t rlx_len = {runs.length}, rlx_runs = {runs.count};")

    def each_product() -> None:
        with w.block("for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++)"):
            start = runs.start(w, "rlx_r")
            w.line(f"const float *restrict x = x_all + {start} * {k};")
            w.line(f"float *restrict y = y_all + {start} * {n};")
            body("rlx_len")

    if pack is None:
        each_product()
        return
    with w.block(f"if (rlx_runs == 1 || !({pack}))"):
        each_product()
    with w.else_block():
        w.line(ctx.scratch("x_runs", DType.F32, rows * k))
        w.line(ctx.scratch("y_runs", DType.F32, rows * n))

        def each_run(copy, width: int) -> None:
            with ctx.parallel(w, rows * width, rows, f"rlx_runs * rlx_len * {width}"), \
                    w.block("for (int64_t rlx_r = 0; rlx_r < rlx_runs; rlx_r++)"):
                w.line(copy(runs.start(w, "rlx_r")) + f", rlx_len * {width} * sizeof(float));")

        each_run(lambda at: f"memcpy(x_runs + rlx_r * rlx_len * {k}, x_all + {at} * {k}", k)
        w.line("const float *restrict x = x_runs;")
        w.line("float *restrict y = y_runs;")
        body("rlx_runs * rlx_len")
        each_run(lambda at: f"memcpy(y_all + {at} * {n}, y_runs + rlx_r * rlx_len * {n}", n)


def _scale_row(layout: PackedLayout, row: str) -> str:
    """C expression of the first block scale of row ``row`` (GGML formats: none, their
    blocks hold the scales)."""
    if layout.ggml:
        return "NULL"
    if layout.per_channel:
        return f"sc + {row}"
    return f"sc + {row} * {layout.blocks_per_row}"


def _forward_loops(w: CWriter, ctx: RenderContext, layout: PackedLayout, decode: str,
                   rows: int, active: str | None = None) -> None:
    """y [M, n] = x [M, k] @ W.T, split over the rows of W: ``rows`` rows of x, or the
    C expression ``active`` (at most ``rows``) when the count is known at run time."""
    n, k = layout.n, layout.k
    if layout.ggml:
        _ggml_forward_loops(w, ctx, layout, rows, active)
        return
    seg = _segment(layout)
    mb = min(rows, ROW_BLOCK)
    count = active or str(rows)
    with ctx.parallel(w, rows * n * k, n, active and f"{active} * {n * k}"), \
            w.block(f"for (int64_t r = 0; r < {n}; r++)"):
        w.line(f"float buf[{seg}] __attribute__((aligned(64)));")
        w.line(f"float part[{mb}][{LANES}] __attribute__((aligned(64)));")
        w.line(f"const uint8_t *qr = q + r * {layout.row_bytes};")
        w.line(f"const float rs = {_row_scale(layout, 'r')};")
        with w.block(f"for (int64_t m0 = 0; m0 < {count}; m0 += {mb})"):
            w.line(f"const int64_t mn = {count} - m0 < {mb} ? {count} - m0 : {mb};")
            w.line("memset(part, 0, sizeof part);")
            with w.block(f"for (int64_t c0 = 0; c0 < {k}; c0 += {seg})"):
                w.line(f"const int64_t len = {k} - c0 < {seg} ? {k} - c0 : {seg};")
                w.line(f"{decode}(qr, {_scale_row(layout, 'r')}, c0, len, buf);")
                w.line("for (int64_t m = 0; m < mn; m++)")
                with w.indented():
                    w.line(f"rlx_q_dot_acc(x + (m0 + m) * {k} + c0, buf, len, part[m]);")
            w.line("for (int64_t m = 0; m < mn; m++)")
            with w.indented():
                w.line(f"y[(m0 + m) * {n} + r] = rlx_q_sum32(part[m]) * rs;")


def _ggml_forward_loops(w: CWriter, ctx: RenderContext, layout: PackedLayout,
                        rows: int, active: str | None = None) -> None:
    """y [M, n] = x [M, k] @ W.T for a GGML-format weight, split over the rows of W.
    Up to GEMV_MAX_ROWS rows of x (decode): groups of GEMV_ROWS rows of W are dotted
    with the rows of x straight from their blocks (the file's bytes are streamed once;
    rows of x in pieces of up to GEMV_MAX_X, each piece reading the group's bytes
    again from the cache), then the last rows of W one by one. More rows of x: see
    :func:`_ggml_rows_loops`. With ``active`` (rows known at run time, at most
    ``rows``) the count picks the path when the program runs."""
    fmt, n, k, row_bytes = layout.scheme.name, layout.n, layout.k, layout.row_bytes
    group = qmatmul_ggml.GEMV_ROWS
    few = qmatmul_ggml.GEMV_MAX_ROWS
    if active is not None:
        if rows <= few:
            _ggml_gemv_pieces(w, ctx, layout, rows, active)
            return
        with w.block(f"if ({active} > {few})"):
            ggml_rows_loops(w, ctx, layout, rows, active)
        with w.block("else"):
            _ggml_gemv_pieces(w, ctx, layout, few, active)
        return
    if rows > few:
        ggml_rows_loops(w, ctx, layout, rows)
        return
    pieces = -(-rows // qmatmul_ggml.GEMV_MAX_X)
    starts = [rows * i // pieces for i in range(pieces + 1)]

    def calls(count: int, w0: str) -> None:
        for m0, m1 in zip(starts, starts[1:]):
            name = qmatmul_ggml.add_gemv(ctx, fmt, count, m1 - m0)
            w.line(f"{name}(q + {w0} * {row_bytes}, {row_bytes}, x + {m0 * k}, {k}, "
                   f"y + {m0 * n} + {w0}, {n});")

    qmatmul_ggml.row_groups(w, ctx, n, group, rows * n * k, calls)


def _ggml_gemv_pieces(w: CWriter, ctx: RenderContext, layout: PackedLayout, rows: int,
                      active: str) -> None:
    """The decode path of :func:`_ggml_forward_loops` for ``active`` rows of x (a C
    expression, at most ``rows`` <= GEMV_MAX_ROWS): pieces of GEMV_MAX_X rows, then
    the rest in one call (:func:`qmatmul_ggml.run_time_pieces`)."""
    fmt, n, k, row_bytes = layout.scheme.name, layout.n, layout.k, layout.row_bytes

    def calls(count: int, w0: str) -> None:
        def call(mx: int, m0: str) -> None:
            name = qmatmul_ggml.add_gemv(ctx, fmt, count, mx)
            w.line(f"{name}(q + {w0} * {row_bytes}, {row_bytes}, x + {m0} * {k}, {k}, "
                   f"y + {m0} * {n} + {w0}, {n});")

        qmatmul_ggml.run_time_pieces(w, active, min(rows, qmatmul_ggml.GEMV_MAX_X), call)

    qmatmul_ggml.row_groups(w, ctx, n, qmatmul_ggml.GEMV_ROWS, rows * n * k, calls,
                            f"{active} * {n * k}")


def ggml_rows_loops(w: CWriter, ctx: RenderContext, layout: PackedLayout, rows: int,
                    active: str | None = None) -> None:
    """y [M, n] = x [M, k] @ W.T for several rows of x and a GGML-format weight: x is
    packed once into panels (in the kernel's scratch, split over the threads by
    panels), then the rows of W go TILE_ROWS at a time, each decoded a chunk of k at a
    time and multiplied with every panel of x in register tiles. ``active``: the rows
    as a C expression known at run time (at most ``rows``, which sizes the scratch)."""
    fmt, n, k, row_bytes = layout.scheme.name, layout.n, layout.k, layout.row_bytes
    tile, widest = qmatmul_ggml.TILE_ROWS, qmatmul_ggml.PANEL_MAX
    tasks = -(-n // tile)
    count = active or str(rows)
    ctx.add_helper("rlx_g_tiles", qmatmul_ggml.TILES)
    ctx.add_helper(f"rlx_gt_{fmt}", qmatmul_ggml.tiled_product(fmt))
    panels = f"({count} + RLX_G_NX - 1) / RLX_G_NX"
    w.line(ctx.scratch("xt", DType.F32, -(-rows // widest) * widest * k))
    with ctx.parallel(w, rows * k, -(-rows // widest), active and f"{active} * {k}"):
        w.line(f"for (int64_t p = 0; p < {panels}; p++) rlx_g_pack_x(x, {count}, {k}, p, xt);")
    with ctx.parallel(w, rows * n * k, tasks, active and f"{active} * {n * k}"):
        w.line(f"for (int64_t g = 0; g < {tasks}; g++)")
        with w.indented():
            w.line(f"rlx_gt_{fmt}(q + g * {tile * row_bytes}, {row_bytes}, "
                   f"{n} - g * {tile} < {tile} ? {n} - g * {tile} : {tile}, xt, {count}, "
                   f"{k}, {n}, y + g * {tile});")


def _transposed_loops(w: CWriter, ctx: RenderContext, node: Node, layout: PackedLayout,
                      decode: str) -> None:
    """y [M, k] = x [M, n] @ W, split over segments of W's columns."""
    n, k = layout.n, layout.k
    rows = node.type.numel // k
    seg = _segment(layout)
    mb = min(rows, ROW_BLOCK)
    segments = -(-k // seg)
    w.pragma(ctx.parallel_for(rows * n * k, segments))
    with w.block(f"for (int64_t s = 0; s < {segments}; s++)"):
        w.line(f"const int64_t c0 = s * {seg};")
        w.line(f"const int64_t len = {k} - c0 < {seg} ? {k} - c0 : {seg};")
        w.line(f"float buf[{seg}] __attribute__((aligned(64)));")
        w.line(f"float acc[{mb}][{seg}] __attribute__((aligned(64)));")
        with w.block(f"for (int64_t m0 = 0; m0 < {rows}; m0 += {mb})"):
            w.line(f"const int64_t mn = {rows} - m0 < {mb} ? {rows} - m0 : {mb};")
            w.line("memset(acc, 0, sizeof acc);")
            with w.block(f"for (int64_t r = 0; r < {n}; r++)"):
                w.line(f"{decode}(q + r * {layout.row_bytes}, {_scale_row(layout, 'r')}, c0, "
                       "len, buf);")
                w.line(f"const float rs = {_row_scale(layout, 'r')};")
                with w.block("for (int64_t m = 0; m < mn; m++)"):
                    w.line(f"const float a = x[(m0 + m) * {n} + r] * rs;")
                    w.line("#pragma omp simd")
                    w.line("for (int64_t i = 0; i < len; i++)")
                    with w.indented():
                        w.line("acc[m][i] = RLX_FMAF(a, buf[i], acc[m][i]);")
            w.line("for (int64_t m = 0; m < mn; m++)")
            with w.indented():
                w.line(f"memcpy(y + (m0 + m) * {k} + c0, acc[m], (size_t)len * sizeof(float));")


def render_dequant_gather(ctx: RenderContext, node: Node) -> str:
    """Rows of a packed table: every index is checked first (the reference's message
    for the first outside [-n, n)), then each row is decoded a segment at a time into
    an aligned buffer and stored, times its row scale, into the output row. Symbolic
    index dimensions: the run's positions only, as :func:`rlx.backends.cpu.kernels.
    index` gathers (a decoder's 8-token prompt had decoded all 256 rows of its bound)."""
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    idx = node.inputs[0]
    n, k = layout.n, layout.k
    count = node.type.numel // k
    if count == 0:
        return "    /* no indices */"
    decode = _decoder(ctx, layout)
    need_stdio(ctx)
    w = CWriter(indent=1)
    node_id = ctx.node_id(node)
    _pointers(w, ctx, node, layout, reads_x=False)
    w.line(f"const {cstyle.ctype(ctx.dtype(idx))} *ix = {ctx.ptr(idx, True)};")
    runs = row_runs(ctx, ctx.shape(idx))
    if runs is not None:
        runs.declare(w, "rlx_active")
    with index_rows(w, runs, count, "r"):
        with w.block(f"if (ix[r] < -{n} || ix[r] >= {n})"):
            error(w, format_literal(f"{format_node(node_id, node)}: dequant_gather: index ")
                  + "%lld" + format_literal(f" is out of range for a table of {n} rows "
                                            f"(valid: {-n}..{n - 1})"), "(long long)ix[r]")
    seg = _segment(layout)
    with ctx.parallel(w, count * k, count, runs and f"rlx_active * {k}"), \
            index_rows(w, runs, count, "r"):
        w.line(f"float buf[{seg}] __attribute__((aligned(64)));")
        w.line(f"const int64_t row = ix[r] < 0 ? (int64_t)ix[r] + {n} : (int64_t)ix[r];")
        w.line(f"const uint8_t *qr = q + row * {layout.row_bytes};")
        w.line(f"const float rs = {_row_scale(layout, 'row')};")
        with w.block(f"for (int64_t c0 = 0; c0 < {k}; c0 += {seg})"):
            w.line(f"const int64_t len = {k} - c0 < {seg} ? {k} - c0 : {seg};")
            w.line(f"{decode}(qr, {_scale_row(layout, 'row')}, c0, len, buf);")
            w.line(f"for (int64_t c = 0; c < len; c++) y[r * {k} + c0 + c] = buf[c] * rs;")
    return w.text()


OP_RENDERERS = {"dequant_matmul": render_dequant_matmul, "dequant_gather": render_dequant_gather}
SUPPORTED = frozenset(OP_RENDERERS)
RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=SUPPORTED)
