"""The wgpu kernels of weights kept in GGML blocks: a reader decoding one weight element
from its block, and dequant_matmul / dequant_gather over it.
"""

from __future__ import annotations

from rlx.backends.wgpu.wgsl_anchors import BLOCK
from rlx.backends.wgpu.wgsl_copies import _copy_kernel
from rlx.backends.wgpu.wgsl_values import DEVICE_TYPES, convert, unsupported
from rlx.backends.wgpu.wgsl_writer import _flat_header, _grid, _numel, _shape, _Writer, numel
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.quantized import PackedLayout

_BLOCK_VALUE = {
    # element j of the block at byte p: its value, as GGML dequantises it (f32 steps)
    "q8_0": "return rlx_qh(p) * f32(i32(rlx_qb(p + 2u + j) << 24u) >> 24u);",
    "q4_0": """let b = rlx_qb(p + 2u + j % 16u);
  let q = select(b >> 4u, b & 15u, j < 16u);
  return rlx_qh(p) * f32(i32(q) - 8);""",
    "q4_1": """let b = rlx_qb(p + 4u + j % 16u);
  let q = select(b >> 4u, b & 15u, j < 16u);
  return rlx_qh(p) * f32(q) + rlx_qh(p + 2u);""",
    "q5_0": """let b = rlx_qb(p + 6u + j % 16u);
  let high = (rlx_qb(p + 2u + j / 8u) >> (j % 8u)) & 1u;
  let q = select(b >> 4u, b & 15u, j < 16u) | (high << 4u);
  return rlx_qh(p) * f32(i32(q) - 16);""",
    "q5_1": """let b = rlx_qb(p + 8u + j % 16u);
  let high = (rlx_qb(p + 4u + j / 8u) >> (j % 8u)) & 1u;
  let q = select(b >> 4u, b & 15u, j < 16u) | (high << 4u);
  return rlx_qh(p) * f32(q) + rlx_qh(p + 2u);""",
    "q4_k": """let s = j / 32u;
  let b = rlx_qb(p + 16u + (s / 2u) * 32u + j % 32u);
  let q = select(b >> 4u, b & 15u, s % 2u == 0u);
  return rlx_k_value(p, s, q);""",
    "q5_k": """let s = j / 32u; let l = j % 32u;
  let b = rlx_qb(p + 48u + (s / 2u) * 32u + l);
  let q = select(b >> 4u, b & 15u, s % 2u == 0u) | (((rlx_qb(p + 16u + l) >> s) & 1u) << 4u);
  return rlx_k_value(p, s, q);""",
    "q6_k": """let h = j / 128u; let r = j % 128u; let g = r / 32u; let l = r % 32u;
  let b = rlx_qb(p + h * 64u + (g % 2u) * 32u + l);
  let low = select(b >> 4u, b & 15u, g < 2u);
  let high = (rlx_qb(p + 128u + h * 32u + l) >> (2u * g)) & 3u;
  let q = i32(low | (high << 4u)) - 32;
  let scale = f32(i32(rlx_qb(p + 192u + j / 16u) << 24u) >> 24);
  return (rlx_qh(p + 208u) * scale) * f32(q);""",
}

_K_VALUE = """fn rlx_k_value(p: u32, s: u32, q: u32) -> f32 {
  // Q4_K / Q5_K: 6-bit scale and min of sub-block s from the 12 bytes at p + 4
  var scale: u32; var low: u32;
  if (s < 4u) {
    scale = rlx_qb(p + 4u + s) & 63u; low = rlx_qb(p + 8u + s) & 63u;
  } else {
    let t = s - 4u;
    scale = (rlx_qb(p + 12u + t) & 15u) | ((rlx_qb(p + 4u + t) >> 6u) << 4u);
    low = (rlx_qb(p + 12u + t) >> 4u) | ((rlx_qb(p + 8u + t) >> 6u) << 4u);
  }
  return (rlx_qh(p) * f32(scale)) * f32(q) - rlx_qh(p + 2u) * f32(low);
}"""


def _ggml_reader(graph: Graph, node: Node, w: _Writer) -> None:
    """Emit ``rlx_w(row, col) -> f32``: element [row, col] of the packed weight W [n, k]
    of ``node`` (a dequant op), decoded from its GGML blocks (operand q, u8 bytes held
    four to a word)."""
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    fmt = layout.scheme.name
    q = node.inputs[1]
    loc = w.locate(q)
    chunks = -(-(loc.word + -(-numel(graph.nodes[q]) // 4)) // w.chunk_words)
    reads = [f"if (wi < {(c + 1) * w.chunk_words}u) {{ return "
             f"mem{w.binding(loc.buffer, c)}[wi - {c * w.chunk_words}u]; }}"
             for c in range(chunks - 1)]
    last = f"mem{w.binding(loc.buffer, chunks - 1)}[wi - {(chunks - 1) * w.chunk_words}u]"
    w.functions += [
        "fn rlx_qword(wi: u32) -> u32 { " + " ".join(reads) + f" return {last}; }}",
        f"fn rlx_qb(a: u32) -> u32 {{ let at = {loc.word * 4}u + a; "
        f"return (rlx_qword(at >> 2u) >> ((at & 3u) * 8u)) & 255u; }}",
        "fn rlx_qh(a: u32) -> f32 "
        "{ return unpack2x16float(rlx_qb(a) | (rlx_qb(a + 1u) << 8u)).x; }",
    ]
    if fmt in ("q4_k", "q5_k"):
        w.functions.append(_K_VALUE)
    elements, nbytes = layout.block, layout.scheme.block_bytes
    w.functions.append(
        f"fn rlx_w(row: u32, col: u32) -> f32 {{\n"
        f"  let p = row * {layout.row_bytes}u + (col / {elements}u) * {nbytes}u;\n"
        f"  let j = col % {elements}u;\n  {_BLOCK_VALUE[fmt]}\n}}")


def _check_ggml(nid: int, node: Node) -> None:
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    if not layout.ggml or layout.scheme.name not in _BLOCK_VALUE:
        raise unsupported(nid, node, f"{node.op} of scheme {layout.scheme.name!r}: the wgpu "
                                     f"device decodes the GGML formats {sorted(_BLOCK_VALUE)}")
    if node.op == "dequant_matmul" and node.attr("x_int8"):
        raise unsupported(nid, node, "dequant_matmul with x_int8 (integer products) has no "
                                     "WGSL kernel; load the weights without x_int8")


def _dequant_matmul(graph: Graph, nid: int, w: _Writer):
    """x @ W.T (or x @ W with transpose) for W in GGML blocks: one invocation per output
    column and block of up to 8 rows of x, decoding each weight once for those rows."""
    node = graph.nodes[nid]
    _check_ggml(nid, node)
    _ggml_reader(graph, node, w)
    x = node.inputs[0]
    x_shape = _shape(graph.nodes[x])
    width_in = x_shape[-1]
    rows = _numel(x_shape[:-1])
    width_out = _shape(node)[-1]
    per = max(1, min(BLOCK, rows))
    blocks = -(-rows // per)
    count = blocks * width_out
    grid = _grid(count)
    weight = "rlx_w(kk, col)" if node.attr("transpose") else "rlx_w(col, kk)"
    w.emit(f"let r0 = (i / {width_out}u) * {per}u; let col = i % {width_out}u;")
    for r in range(per):
        w.emit(f"var acc{r} = 0.0; let xr{r} = min(r0 + {r}u, {rows - 1}u) * {width_in}u;")
    w.emit(f"for (var kk = 0u; kk < {width_in}u; kk = kk + 1u) {{")
    w.emit(f"  let wv = {weight};")
    for r in range(per):
        w.emit(f"  acc{r} = fma({w.load(graph, x, f'xr{r} + kk')}, wv, acc{r});")
    w.emit("}")
    for r in range(per):
        w.emit(f"if (r0 + {r}u < {rows}u) {{ "
               f"{w.store(graph, nid, f'(r0 + {r}u) * {width_out}u + col', f'acc{r}')} }}")
    return "\n".join(_flat_header(grid, count)), grid


def _dequant_gather(graph: Graph, nid: int, w: _Writer):
    """Rows of a GGML-packed W [n, k] by index, decoded to f32; an index outside
    [-n, n) fails the run."""
    node = graph.nodes[nid]
    _check_ggml(nid, node)
    _ggml_reader(graph, node, w)
    idx = node.inputs[0]
    n, k = node.attr("n"), node.attr("k")
    idx_type = graph.nodes[idx].dtype

    def source(w: _Writer, index: list[str]) -> str:
        wide = DEVICE_TYPES[DType.I64]
        w.emit(f"let row = i / {k}u; let col = i % {k}u;")
        w.emit(f"let kw = {convert(w.load(graph, idx, 'row'), idx_type, DType.I64)};")
        w.emit("var kr = i32(kw);")
        failure = w.fail(0, "kw", wide=0)
        w.emit(f"if (kw < {wide}(-{n}) || kw >= {wide}({n})) {{ {failure} kr = 0; }}")
        w.emit(f"if (kr < 0) {{ kr = kr + {n}; }}")
        return "rlx_w(u32(kr), col)"
    return _copy_kernel(graph, nid, w, source)
