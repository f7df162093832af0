"""dequant_matmul in C: products with packed weights, read from the packed bytes.

No f32 copy of the weight is ever made. Each kernel walks the weight in *segments*
of up to ``SEGMENT`` consecutive elements of one row of W [n, k]; a segment is
decoded into a small stack buffer (L1-resident) and used at once:

* decoding: int8 codes convert directly; fp8 e4m3 bytes are looked up 64 at a time
  as f16 bytes in register tables where the compiler targets AVX512-VBMI, otherwise
  (and for the last bytes of a segment) in a table of 256 floats (a gather: about
  three times slower, measured); 4-bit codes (two per byte,
  low nibble first) are looked up 16 bytes at a time with two register permutes of
  the 16 nibble values where the compiler targets AVX-512, and otherwise (and for the
  last bytes of a segment) in a table of 256 float pairs, one 8-byte load per byte.
  Measured streaming a 4096 x 4096 weight on one core of a 2-core AVX-512 VM: 0.12
  ns per weight with permutes, 0.35-0.47 with the pair table, 0.96 with a 16-entry
  table per nibble. Block scales (f16 for int4, E8M0 bytes for mxfp4, E4M3 bytes for
  nvfp4, converted by tables or F16C) then multiply the decoded blocks; per-row
  scales (int8, fp8) and nvfp4's tensor scale are applied once per output element.
  GGML block formats (q8_0, q4_1, q4_k, q6_k, ...) are decoded from the file's
  blocks by :mod:`.qmatmul_ggml`.
* ``x @ W.T`` (the forward product): OpenMP splits the output channels (rows of W);
  for each block of up to ``ROW_BLOCK`` rows of x every segment is decoded once and
  dotted with each of those rows (vectorised f32 reductions). At decode time
  (one row of x) this streams the packed rows once: the kernel reads a quarter
  (8-bit) or an eighth (4-bit) of the bytes an f32 matrix-vector product does.
  GGML formats differ (:func:`_ggml_forward_loops`): for one row of x the blocks
  are decoded in registers straight into the dot products, several rows of W side
  by side (measured on one core: 10-16 weights per ns, against 4-6 for the decode
  into a buffer); for more rows, rows of W up to ``TILE_MAX_K`` long are decoded
  whole, ``TILE`` at a time, and multiplied with x in register tiles (a SmolLM2
  prefill of 128 tokens: 0.41 s against 1.1 s by segments, 0.32 s in f32).
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
from rlx.backends.cpu.kernels import qmatmul_ggml
from rlx.backends.cpu.render import RenderContext
from rlx.ir.graph import Node
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

COMMON = r"""
/* dequant_matmul: part[j] += a[i] * b[i] for i = j (mod 32), i < n: vectorised f32
   partial sums (fused multiply-adds) in an order fixed by n alone */
static inline void rlx_q_dot_acc(const float *restrict a, const float *restrict b, int64_t n,
                                 float *restrict part) {
    int64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        #pragma omp simd
        for (int64_t j = 0; j < 32; j++) part[j] = fmaf(a[i + j], b[i + j], part[j]);
    }
    for (int64_t j = 0; i + j < n; j++) part[j] = fmaf(a[i + j], b[i + j], part[j]);
}
static inline float rlx_q_sum32(const float *part) {
    float s = 0.0f;
    for (int j = 0; j < 32; j++) s += part[j];
    return s;
}
"""

F16_SCALE = r"""
#if defined(__F16C__)
#include <immintrin.h>
#endif
/* dequant_matmul: an f16 scale as a float. F16C's conversion where the compiler has
   it: the _Float16 cast can compile to an AVX512-FP16 instruction whose false
   dependency on its destination serialised the block loop (measured 2x slower) */
static inline float rlx_q_f16(uint16_t h) {
#if defined(__F16C__)
    return _cvtsh_ss(h);
#else
    return rlx_h2f(h);
#endif
}
"""

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

E4M3_WIDE = r"""
#if defined(__AVX512VBMI__)
#include <immintrin.h>
#endif
/* dequant_matmul: out[i] = the value of fp8 e4m3fn byte c[i] for the first 64-byte
   groups of c[0 .. n); returns how many bytes it decoded (the caller decodes the
   rest). With AVX512-VBMI the low and high bytes of each value's f16 encoding come
   from two 128-entry byte tables held in registers (the sign bit is copied), are
   interleaved and widened to f32 exactly; elsewhere it decodes nothing. */
static inline int64_t rlx_q_e4m3_wide(const uint8_t *restrict c, int64_t n,
                                      float *restrict out) {
    int64_t i = 0;
#if defined(__AVX512VBMI__)
    const __m512i lo0 = _mm512_loadu_si512(rlx_q_e4m3_f16_lo);
    const __m512i lo1 = _mm512_loadu_si512(rlx_q_e4m3_f16_lo + 64);
    const __m512i hi0 = _mm512_loadu_si512(rlx_q_e4m3_f16_hi);
    const __m512i hi1 = _mm512_loadu_si512(rlx_q_e4m3_f16_hi + 64);
    const __m512i sign = _mm512_set1_epi8((char)0x80);
    const __m512i first = _mm512_loadu_si512(rlx_q_interleave);
    const __m512i second = _mm512_add_epi8(first, _mm512_set1_epi8(32));
    for (; i + 64 <= n; i += 64) {
        const __m512i b = _mm512_loadu_si512(c + i);
        const __m512i lo = _mm512_permutex2var_epi8(lo0, b, lo1);
        const __m512i hi = _mm512_or_si512(_mm512_permutex2var_epi8(hi0, b, hi1),
                                           _mm512_and_si512(b, sign));
        const __m512i h0 = _mm512_permutex2var_epi8(lo, first, hi);
        const __m512i h1 = _mm512_permutex2var_epi8(lo, second, hi);
        _mm512_storeu_ps(out + i, _mm512_cvtph_ps(_mm512_castsi512_si256(h0)));
        _mm512_storeu_ps(out + i + 16, _mm512_cvtph_ps(_mm512_extracti64x4_epi64(h0, 1)));
        _mm512_storeu_ps(out + i + 32, _mm512_cvtph_ps(_mm512_castsi512_si256(h1)));
        _mm512_storeu_ps(out + i + 48, _mm512_cvtph_ps(_mm512_extracti64x4_epi64(h1, 1)));
    }
#else
    (void)c; (void)n; (void)out;
#endif
    return i;
}
"""

NIBBLES_WIDE = r"""
#if defined(__AVX512F__)
#include <immintrin.h>
#endif
/* dequant_matmul: out[2j], out[2j+1] = values[low nibble], values[high nibble] of p[j]
   for the first 16-byte groups of p[0 .. bytes); returns how many bytes it decoded (the
   caller decodes the rest). With AVX-512 a group is two 16-entry permutes of a
   register; elsewhere it decodes nothing. */
static inline int64_t rlx_q_nibbles_wide(const uint8_t *restrict p, int64_t bytes,
                                         const float *restrict values, float *restrict out) {
    int64_t j = 0;
#if defined(__AVX512F__)
    const __m512 table = _mm512_loadu_ps(values);
    const __m512i low = _mm512_set1_epi32(15);
    const __m512i first = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19,
                                            4, 20, 5, 21, 6, 22, 7, 23);
    const __m512i second = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27,
                                             12, 28, 13, 29, 14, 30, 15, 31);
    for (; j + 16 <= bytes; j += 16) {
        const __m512i b = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(p + j)));
        const __m512 lo = _mm512_permutexvar_ps(_mm512_and_si512(b, low), table);
        const __m512 hi = _mm512_permutexvar_ps(_mm512_srli_epi32(b, 4), table);
        _mm512_storeu_ps(out + 2 * j, _mm512_permutex2var_ps(lo, first, hi));
        _mm512_storeu_ps(out + 2 * j + 16, _mm512_permutex2var_ps(lo, second, hi));
    }
#else
    (void)p; (void)bytes; (void)values; (void)out;
#endif
    return j;
}
"""

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


def _value_table(name: str, values: np.ndarray) -> str:
    """``static const float name[]``: the value of each code (byte or nibble)."""
    items = [_float_literal(v) for v in values]
    rows = [", ".join(items[i:i + 8]) for i in range(0, len(items), 8)]
    return f"static const float {name}[{len(items)}] = {{\n    " + ",\n    ".join(rows) + "\n};"


def _pair_table(name: str, values: np.ndarray) -> str:
    """``static const float name[256][2]``: the (low nibble, high nibble) values of each
    byte, for 4-bit codes whose nibble values are ``values``."""
    pairs = [f"{{{_float_literal(values[b & 15])}, {_float_literal(values[b >> 4])}}}"
             for b in range(256)]
    rows = [", ".join(pairs[i:i + 4]) for i in range(0, 256, 4)]
    return f"static const float {name}[256][2] = {{\n    " + ",\n    ".join(rows) + "\n};"


def _byte_table(name: str, values: np.ndarray) -> str:
    items = [str(int(v)) for v in values]
    rows = [", ".join(items[i:i + 16]) for i in range(0, len(items), 16)]
    return (f"static const uint8_t {name}[{len(items)}] = {{\n    " + ",\n    ".join(rows)
            + "\n};")


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
        _add_e4m3_wide(ctx)
    if scheme == "mxfp4":
        ctx.add_helper("rlx_q_e8m0", _value_table("rlx_q_e8m0", E8M0_VALUES))
    if scheme == "int4":
        ctx.add_helper("rlx_q_f16", F16_SCALE)
    if scheme in PER_ROW_DECODERS:
        ctx.add_helper(f"rlx_dq_{scheme}", PER_ROW_DECODERS[scheme])
        return f"rlx_dq_{scheme}"
    tables, values, stype, scale = NIBBLE_SCHEMES[scheme]
    ctx.add_helper("rlx_q_nibbles_wide", NIBBLES_WIDE)
    ctx.add_helper(tables, _value_table(tables, values))
    ctx.add_helper(f"{tables}_pairs", _pair_table(f"{tables}_pairs", values))
    name = f"rlx_dq_{scheme}_b{layout.block}"
    ctx.add_helper(name, NIBBLE_DECODER.format(
        name=name, scheme=scheme, block=layout.block, values=tables, pairs=f"{tables}_pairs",
        stype=stype, scale=scale.format(i="b"), scale_tail=scale.format(i="full")))
    return name


def _ggml_decoder(ctx: RenderContext, scheme: str) -> str:
    """Emit the decoder of a GGML block format and its helpers; returns its name."""
    ctx.add_helper("rlx_q_f16", F16_SCALE)
    ctx.add_helper("rlx_g_half", qmatmul_ggml.HALF)
    if scheme in qmatmul_ggml.K_FORMATS:
        ctx.add_helper("rlx_g_k_scale", qmatmul_ggml.K_SCALES)
    ctx.add_helper(f"rlx_dq_{scheme}", qmatmul_ggml.DECODERS[scheme])
    return f"rlx_dq_{scheme}"


def _row_scale(layout: PackedLayout, row: str) -> str:
    """C expression of the factor of row ``row`` of W applied after decoding."""
    if layout.per_channel:
        return f"sc[{row}]"
    if layout.scheme.tensor_scale:
        return "t"
    return "1.0f"


def _pointers(ctx: RenderContext, node: Node, layout: PackedLayout) -> list[str]:
    x, q = node.inputs[:2]
    lines = [f"    const float *restrict x = {ctx.ptr(x, True)};",
             f"    float *restrict y = {ctx.ptr(ctx.node_id(node))};",
             f"    const uint8_t *restrict q = {ctx.ptr(q, True)};"]
    if not layout.ggml:
        stype = cstyle.ctype(layout.scheme.scale_dtype)
        lines.append(f"    const {stype} *restrict sc = {ctx.ptr(node.inputs[2], True)};")
    if layout.scheme.tensor_scale:
        lines.append(f"    const float t = {ctx.ptr(node.inputs[3], True)}[0];")
    return lines


def render_dequant_matmul(ctx: RenderContext, node: Node) -> str:
    """C statements computing ``node`` (a dequant_matmul) from its packed operands."""
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    if node.type.numel == 0:
        return "    /* empty */"
    decode = _decoder(ctx, layout)
    lines = _pointers(ctx, node, layout)
    if node.attr("transpose"):
        lines += _transposed_loops(ctx, node, layout, decode)
    else:
        lines += _forward_loops(ctx, node, layout, decode)
    return "\n".join(lines)


def _scale_row(layout: PackedLayout, row: str) -> str:
    """C expression of the first block scale of row ``row`` (GGML formats: none, their
    blocks hold the scales)."""
    if layout.ggml:
        return "NULL"
    if layout.per_channel:
        return f"sc + {row}"
    return f"sc + {row} * {layout.blocks_per_row}"


def _pragma_lines(pragma: str) -> list[str]:
    return [f"    {pragma}"] if pragma else []


def _forward_loops(ctx: RenderContext, node: Node, layout: PackedLayout,
                   decode: str) -> list[str]:
    """y [M, n] = x [M, k] @ W.T, split over the rows of W."""
    n, k = layout.n, layout.k
    rows = node.type.numel // n
    seg = _segment(layout)
    if layout.ggml:
        return _ggml_forward_loops(ctx, layout, rows, seg)
    mb = min(rows, ROW_BLOCK)
    pragma = ctx.parallel_for(rows * n * k, n)
    return _pragma_lines(pragma) + [
        f"    for (int64_t r = 0; r < {n}; r++) {{",
        f"        float buf[{seg}] __attribute__((aligned(64)));",
        f"        float part[{mb}][{LANES}] __attribute__((aligned(64)));",
        f"        const uint8_t *qr = q + r * {layout.row_bytes};",
        f"        const float rs = {_row_scale(layout, 'r')};",
        f"        for (int64_t m0 = 0; m0 < {rows}; m0 += {mb}) {{",
        f"            const int64_t mn = {rows} - m0 < {mb} ? {rows} - m0 : {mb};",
        "            memset(part, 0, sizeof part);",
        f"            for (int64_t c0 = 0; c0 < {k}; c0 += {seg}) {{",
        f"                const int64_t len = {k} - c0 < {seg} ? {k} - c0 : {seg};",
        f"                {decode}(qr, {_scale_row(layout, 'r')}, c0, len, buf);",
        "                for (int64_t m = 0; m < mn; m++)",
        f"                    rlx_q_dot_acc(x + (m0 + m) * {k} + c0, buf, len, part[m]);",
        "            }",
        "            for (int64_t m = 0; m < mn; m++)",
        f"                y[(m0 + m) * {n} + r] = rlx_q_sum32(part[m]) * rs;",
        "        }",
        "    }",
    ]


def _ggml_forward_loops(ctx: RenderContext, layout: PackedLayout, rows: int,
                        seg: int) -> list[str]:
    """y [M, n] = x [M, k] @ W.T for a GGML-format weight, split over the rows of W.
    One row of x (decode): groups of GEMV_ROWS rows of W are dotted with x straight
    from their blocks (the file's bytes are streamed once), then the last rows one by
    one. More rows: each row of W is decoded a segment at a time for ROW_BLOCK rows of
    x, as for the other schemes."""
    fmt, n, k, row_bytes = layout.scheme.name, layout.n, layout.k, layout.row_bytes
    if rows > 1:
        return _ggml_rows_loops(ctx, layout, rows, seg)
    group = qmatmul_ggml.GEMV_ROWS
    ctx.add_helper("rlx_g_wide", qmatmul_ggml.WIDE)
    for count in (group, 1):
        ctx.add_helper(f"rlx_gv{count}_{fmt}", qmatmul_ggml.gemv(fmt, layout.block, seg, count))
    lines = _pragma_lines(ctx.parallel_for(n * k, n // group)) + [
        f"    for (int64_t g = 0; g < {n // group}; g++)",
        f"        rlx_gv{group}_{fmt}(q + g * {group * row_bytes}, {row_bytes}, x, {k}, "
        f"y + g * {group});"]
    if n % group:
        lines += [f"    for (int64_t r = {n - n % group}; r < {n}; r++)",
                  f"        rlx_gv1_{fmt}(q + r * {row_bytes}, {row_bytes}, x, {k}, y + r);"]
    return lines


def _ggml_rows_loops(ctx: RenderContext, layout: PackedLayout, rows: int,
                     seg: int) -> list[str]:
    """y [M, n] = x [M, k] @ W.T for several rows of x and a GGML-format weight. Rows
    of W up to TILE_MAX_K long go TILE at a time: decoded once, then multiplied with x
    in register tiles; longer rows (and the last n % TILE) are decoded a segment at a
    time for ROW_BLOCK rows of x."""
    fmt, n, k, row_bytes = layout.scheme.name, layout.n, layout.k, layout.row_bytes
    tile = qmatmul_ggml.TILE
    tiles = n // tile if k <= qmatmul_ggml.TILE_MAX_K else 0
    lines = []
    if tiles:
        ctx.add_helper(f"rlx_gt_{fmt}", qmatmul_ggml.tiled_product(fmt))
        lines += _pragma_lines(ctx.parallel_for(rows * tiles * tile * k, tiles)) + [
            f"    for (int64_t g = 0; g < {tiles}; g++) {{",
            f"        float w[{tile * k}] __attribute__((aligned(64)));",
            f"        rlx_gt_{fmt}(q + g * {tile * row_bytes}, {row_bytes}, x, {rows}, {k}, "
            f"{n}, y + g * {tile}, w);",
            "    }"]
    if tiles * tile < n:
        ctx.add_helper(f"rlx_gm_{fmt}", qmatmul_ggml.rows_product(fmt, seg, ROW_BLOCK))
        lines += _pragma_lines(ctx.parallel_for(rows * (n - tiles * tile) * k,
                                                n - tiles * tile)) + [
            f"    for (int64_t r = {tiles * tile}; r < {n}; r++)",
            f"        rlx_gm_{fmt}(q + r * {row_bytes}, x, {rows}, {k}, {n}, y + r);"]
    return lines


def _transposed_loops(ctx: RenderContext, node: Node, layout: PackedLayout,
                      decode: str) -> list[str]:
    """y [M, k] = x [M, n] @ W, split over segments of W's columns."""
    n, k = layout.n, layout.k
    rows = node.type.numel // k
    seg = _segment(layout)
    mb = min(rows, ROW_BLOCK)
    segments = -(-k // seg)
    pragma = ctx.parallel_for(rows * n * k, segments)
    return _pragma_lines(pragma) + [
        f"    for (int64_t s = 0; s < {segments}; s++) {{",
        f"        const int64_t c0 = s * {seg};",
        f"        const int64_t len = {k} - c0 < {seg} ? {k} - c0 : {seg};",
        f"        float buf[{seg}] __attribute__((aligned(64)));",
        f"        float acc[{mb}][{seg}] __attribute__((aligned(64)));",
        f"        for (int64_t m0 = 0; m0 < {rows}; m0 += {mb}) {{",
        f"            const int64_t mn = {rows} - m0 < {mb} ? {rows} - m0 : {mb};",
        "            memset(acc, 0, sizeof acc);",
        f"            for (int64_t r = 0; r < {n}; r++) {{",
        f"                {decode}(q + r * {layout.row_bytes}, {_scale_row(layout, 'r')}, c0, len, "
        "buf);",
        f"                const float rs = {_row_scale(layout, 'r')};",
        "                for (int64_t m = 0; m < mn; m++) {",
        f"                    const float a = x[(m0 + m) * {n} + r] * rs;",
        "                    #pragma omp simd",
        "                    for (int64_t i = 0; i < len; i++)",
        "                        acc[m][i] = fmaf(a, buf[i], acc[m][i]);",
        "                }",
        "            }",
        "            for (int64_t m = 0; m < mn; m++)",
        f"                memcpy(y + (m0 + m) * {k} + c0, acc[m], (size_t)len * sizeof(float));",
        "        }",
        "    }",
    ]


OP_RENDERERS = {"dequant_matmul": render_dequant_matmul}
SUPPORTED = frozenset(OP_RENDERERS)
