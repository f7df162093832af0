"""dequant_matmul in C: products with packed weights, read from the packed bytes.

No f32 copy of the weight is ever made. Each kernel walks the weight in *segments*
of up to ``SEGMENT`` consecutive elements of one row of W [n, k]; a segment is
decoded into a small stack buffer (L1-resident) and used at once:

* decoding: int8 codes convert directly; fp8 e4m3 codes and 4-bit nibbles (two per
  byte, low nibble first) go through tables of 256 / 16 floats; block scales
  (f16 for int4, E8M0 bytes for mxfp4, E4M3 bytes for nvfp4) multiply the decoded
  block. Per-row scales (int8, fp8) and nvfp4's tensor scale are applied once per
  output element instead.
* ``x @ W.T`` (the forward product): OpenMP splits the output channels (rows of W);
  for each block of up to ``ROW_BLOCK`` rows of x every segment is decoded once and
  dotted with each of those rows (vectorised f32 reductions). At decode time
  (one row of x) this streams the packed rows once: the kernel reads a quarter
  (8-bit) or an eighth (4-bit) of the bytes an f32 matrix-vector product does.
* ``x @ W`` (``transpose``, the input gradient): OpenMP splits the columns of W into
  segments; each thread accumulates its output columns for a block of rows of x
  over all rows of W.

Accumulation is in f32, in an order that does not depend on the thread count; the
dequantised weights are exactly those of :func:`rlx.ir.quantized.dequantize`, so
results differ from the reference (which accumulates in f64) by f32 rounding only.
"""

from __future__ import annotations

import numpy as np

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.render import RenderContext
from rlx.ir.graph import Node
from rlx.ir.quantized import E2M1_VALUES, E4M3_VALUES, INT4_VALUES, PackedLayout

SEGMENT = 256
"""Weight elements decoded at a time (even: a segment starts on a byte)."""
ROW_BLOCK = 8
"""Rows of x sharing each decoded segment."""

TABLES = {
    "rlx_q_e4m3": E4M3_VALUES,
    "rlx_q_e2m1": E2M1_VALUES,
    "rlx_q_int4": INT4_VALUES,
}

COMMON = r"""
/* dequant_matmul: dot product of n floats (vectorised, f32) */
static inline float rlx_q_dot(const float *restrict a, const float *restrict b, int64_t n) {
    float s = 0.0f;
    #pragma omp simd reduction(+:s)
    for (int64_t i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}
/* out[i] = lut[nibble i] * s for elements c0 .. c0+len-1 of a 4-bit row (c0 even) */
static inline void rlx_q_nibbles(const uint8_t *restrict q, const float *restrict lut,
                                 int64_t c0, int64_t len, float s, float *restrict out) {
    const uint8_t *p = q + (c0 >> 1);
    const int64_t pairs = len >> 1;
    #pragma omp simd
    for (int64_t j = 0; j < pairs; j++) {
        const uint8_t b = p[j];
        out[2 * j] = lut[b & 15] * s;
        out[2 * j + 1] = lut[b >> 4] * s;
    }
    if (len & 1) out[len - 1] = lut[p[pairs] & 15] * s;
}
/* an E8M0 scale byte: 2**(e - 127); 255 is nan */
static inline float rlx_q_e8m0(uint8_t e) {
    if (e == 255) return NAN;
    if (e == 0) return 0x1p-127f;
    const uint32_t bits = (uint32_t)e << 23;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}
"""

BLOCKED = r"""
/* elements c0 .. c0+len-1 of a {scheme} row, block scales applied (blocks of `block`) */
static inline void rlx_dq_{scheme}(const uint8_t *restrict q, const {stype} *restrict sc,
                                   int64_t c0, int64_t len, int64_t block,
                                   float *restrict out) {{
    for (int64_t c = c0; c < c0 + len;) {{
        const int64_t b = c / block;
        const int64_t stop = (b + 1) * block < c0 + len ? (b + 1) * block : c0 + len;
        rlx_q_nibbles(q, {table}, c, stop - c, {scale}, out + (c - c0));
        c = stop;
    }}
}}
"""

PER_ROW = {
    "int8": r"""
/* elements c0 .. c0+len-1 of an int8 row as floats (the row scale comes later) */
static inline void rlx_dq_int8(const uint8_t *restrict q, const float *restrict sc,
                               int64_t c0, int64_t len, int64_t block, float *restrict out) {
    const int8_t *c = (const int8_t *)q + c0;
    (void)sc; (void)block;
    #pragma omp simd
    for (int64_t i = 0; i < len; i++) out[i] = (float)c[i];
}
""",
    "fp8_e4m3": r"""
/* elements c0 .. c0+len-1 of an fp8 e4m3fn row as floats (the row scale comes later) */
static inline void rlx_dq_fp8_e4m3(const uint8_t *restrict q, const float *restrict sc,
                                   int64_t c0, int64_t len, int64_t block,
                                   float *restrict out) {
    const uint8_t *c = q + c0;
    (void)sc; (void)block;
    #pragma omp simd
    for (int64_t i = 0; i < len; i++) out[i] = rlx_q_e4m3[c[i]];
}
""",
}

BLOCK_SCALES = {
    "int4": ("uint16_t", "rlx_q_int4", "rlx_h2f(sc[b])"),
    "mxfp4": ("uint8_t", "rlx_q_e2m1", "rlx_q_e8m0(sc[b])"),
    "nvfp4": ("uint8_t", "rlx_q_e2m1", "rlx_q_e4m3[sc[b]]"),
}
TABLES_OF = {"int8": (), "fp8_e4m3": ("rlx_q_e4m3",), "int4": ("rlx_q_int4",),
             "mxfp4": ("rlx_q_e2m1",), "nvfp4": ("rlx_q_e2m1", "rlx_q_e4m3")}


def _c_table(name: str, values: np.ndarray) -> str:
    """A static const float table; nan entries as NAN."""
    items = ["NAN" if np.isnan(v) else repr(float(v)) + "f" for v in values]
    rows = [", ".join(items[i:i + 8]) for i in range(0, len(items), 8)]
    body = ",\n    ".join(rows)
    return f"static const float {name}[{len(values)}] = {{\n    {body}\n}};"


def _add_helpers(ctx: RenderContext, scheme: str) -> None:
    """Emit the tables and the segment decoder ``rlx_dq_<scheme>`` once."""
    ctx.add_helper("rlx_q_common", COMMON)
    for table in TABLES_OF[scheme]:
        ctx.add_helper(table, _c_table(table, TABLES[table]))
    if scheme in PER_ROW:
        ctx.add_helper(f"rlx_dq_{scheme}", PER_ROW[scheme])
        return
    stype, table, scale = BLOCK_SCALES[scheme]
    ctx.add_helper(f"rlx_dq_{scheme}", BLOCKED.format(scheme=scheme, stype=stype,
                                                      table=table, scale=scale))


def _row_scale(layout: PackedLayout, row: str) -> str:
    """C expression of the factor of row ``row`` of W applied after decoding."""
    if layout.per_channel:
        return f"sc[{row}]"
    if layout.scheme.tensor_scale:
        return "t"
    return "1.0f"


def _pointers(ctx: RenderContext, node: Node, layout: PackedLayout) -> list[str]:
    x, q, sc = node.inputs[:3]
    stype = cstyle.ctype(layout.scheme.scale_dtype)
    lines = [f"    const float *restrict x = {ctx.ptr(x, True)};",
             f"    float *restrict y = {ctx.ptr(ctx.node_id(node))};",
             f"    const uint8_t *restrict q = {ctx.ptr(q, True)};",
             f"    const {stype} *restrict sc = {ctx.ptr(sc, True)};"]
    if layout.scheme.tensor_scale:
        lines.append(f"    const float t = {ctx.ptr(node.inputs[3], True)}[0];")
    return lines


def render_dequant_matmul(ctx: RenderContext, node: Node) -> str:
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    if node.type.numel == 0:
        return "    /* empty */"
    _add_helpers(ctx, layout.scheme.name)
    lines = _pointers(ctx, node, layout)
    if node.attr("transpose"):
        lines += _transposed_loops(ctx, node, layout)
    else:
        lines += _forward_loops(ctx, node, layout)
    return "\n".join(lines)


def _scale_row(layout: PackedLayout, row: str) -> str:
    """C expression of the first block scale of row ``row``."""
    if layout.per_channel:
        return f"sc + {row}"
    return f"sc + {row} * {layout.blocks_per_row}"


def _pragma_lines(pragma: str) -> list[str]:
    return [f"    {pragma}"] if pragma else []


def _forward_loops(ctx: RenderContext, node: Node, layout: PackedLayout) -> list[str]:
    """y [M, n] = x [M, k] @ W.T, split over the rows of W."""
    n, k = layout.n, layout.k
    rows = node.type.numel // n
    decode = f"rlx_dq_{layout.scheme.name}"
    pragma = ctx.parallel_for(rows * n * k, n)
    return _pragma_lines(pragma) + [
        f"    for (int64_t r = 0; r < {n}; r++) {{",
        f"        float buf[{SEGMENT}] __attribute__((aligned(64)));",
        f"        const uint8_t *qr = q + r * {layout.row_bytes};",
        f"        const float rs = {_row_scale(layout, 'r')};",
        f"        for (int64_t m0 = 0; m0 < {rows}; m0 += {ROW_BLOCK}) {{",
        f"            const int64_t mn = {rows} - m0 < {ROW_BLOCK} ? {rows} - m0 : {ROW_BLOCK};",
        f"            float acc[{ROW_BLOCK}] = {{0}};",
        f"            for (int64_t c0 = 0; c0 < {k}; c0 += {SEGMENT}) {{",
        f"                const int64_t len = {k} - c0 < {SEGMENT} ? {k} - c0 : {SEGMENT};",
        f"                {decode}(qr, {_scale_row(layout, 'r')}, c0, len, {layout.block}, buf);",
        "                for (int64_t m = 0; m < mn; m++)",
        f"                    acc[m] += rlx_q_dot(x + (m0 + m) * {k} + c0, buf, len);",
        "            }",
        f"            for (int64_t m = 0; m < mn; m++) y[(m0 + m) * {n} + r] = acc[m] * rs;",
        "        }",
        "    }",
    ]


def _transposed_loops(ctx: RenderContext, node: Node, layout: PackedLayout) -> list[str]:
    """y [M, k] = x [M, n] @ W, split over segments of W's columns."""
    n, k = layout.n, layout.k
    rows = node.type.numel // k
    decode = f"rlx_dq_{layout.scheme.name}"
    segments = -(-k // SEGMENT)
    pragma = ctx.parallel_for(rows * n * k, segments)
    return _pragma_lines(pragma) + [
        f"    for (int64_t s = 0; s < {segments}; s++) {{",
        f"        const int64_t c0 = s * {SEGMENT};",
        f"        const int64_t len = {k} - c0 < {SEGMENT} ? {k} - c0 : {SEGMENT};",
        f"        float buf[{SEGMENT}] __attribute__((aligned(64)));",
        f"        float acc[{ROW_BLOCK}][{SEGMENT}] __attribute__((aligned(64)));",
        f"        for (int64_t m0 = 0; m0 < {rows}; m0 += {ROW_BLOCK}) {{",
        f"            const int64_t mn = {rows} - m0 < {ROW_BLOCK} ? {rows} - m0 : {ROW_BLOCK};",
        "            memset(acc, 0, sizeof acc);",
        f"            for (int64_t r = 0; r < {n}; r++) {{",
        f"                {decode}(q + r * {layout.row_bytes}, {_scale_row(layout, 'r')}, c0, len, "
        f"{layout.block}, buf);",
        f"                const float rs = {_row_scale(layout, 'r')};",
        "                for (int64_t m = 0; m < mn; m++) {",
        f"                    const float a = x[(m0 + m) * {n} + r] * rs;",
        "                    #pragma omp simd",
        "                    for (int64_t i = 0; i < len; i++) acc[m][i] += a * buf[i];",
        "                }",
        "            }",
        "            for (int64_t m = 0; m < mn; m++)",
        f"                memcpy(y + (m0 + m) * {k} + c0, acc[m], (size_t)len * sizeof(float));",
        "        }",
        "    }",
    ]


OP_RENDERERS = {"dequant_matmul": render_dequant_matmul}
SUPPORTED = frozenset(OP_RENDERERS)
