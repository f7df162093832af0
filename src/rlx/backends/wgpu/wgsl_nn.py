"""The wgpu kernels of single nn and gradient ops: pooling, softmax cross-entropy,
scatter_add, max_pool2d_indices, rope and cached (contiguous or paged) attention.
"""

from __future__ import annotations

import math

from rlx.backends.wgpu.wgsl_copies import _copy_kernel
from rlx.backends.wgpu.wgsl_values import DEVICE_TYPES, NARROW, _zero, convert, literal, load, store
from rlx.backends.wgpu.wgsl_writer import (
    BOUND_MARK,
    _dot,
    _flat_header,
    _grid,
    _numel,
    _shape,
    _Writer,
    numel,
)
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.passes.loops import broadcast_strides, row_major_strides


def _pool(graph: Graph, nid: int, w: _Writer):
    node = graph.nodes[nid]
    x = node.inputs[0]
    x_shape = _shape(graph.nodes[x])
    kernel, stride, pads = node.attr("kernel"), node.attr("stride"), node.attr("padding")
    xs = row_major_strides(x_shape)
    dt = node.dtype
    t = DEVICE_TYPES[dt]
    is_max = node.op == "max_pool2d"

    def source(w: _Writer, o: list[str]) -> str:
        acc = w.fresh("a")
        n = w.fresh("n")
        lowest = -math.inf if t == "f32" else (-(1 << 31) if t == "i32" else 0)
        w.emit(f"var {acc}: {t} = {literal(lowest if is_max else 0, dt)};")
        w.emit(f"var {n} = 0u;")
        w.emit(f"for (var ky = 0u; ky < {kernel[0]}u; ky = ky + 1u) {{")
        w.emit(f"for (var kx = 0u; kx < {kernel[1]}u; kx = kx + 1u) {{")
        w.emit(f"  let y = i32({o[2]} * {stride[0]}u + ky) - {pads[0][0]};")
        w.emit(f"  let x = i32({o[3]} * {stride[1]}u + kx) - {pads[1][0]};")
        inside = f"y >= 0 && y < {x_shape[2]} && x >= 0 && x < {x_shape[3]}"
        word = f"{o[0]} * {xs[0]}u + {o[1]} * {xs[1]}u + u32(y) * {xs[2]}u + u32(x)"
        w.emit(f"  if ({inside}) {{")
        v = w.load(graph, x, word)
        if is_max:
            w.emit(f"    {acc} = {'rlx_max' if t == 'f32' else 'max'}({acc}, {v});")
        else:
            w.emit(f"    {acc} = {acc} + {v}; {n} = {n} + 1u;")
        w.emit("  }")
        if not is_max and node.attr("count_include_pad"):
            w.emit(f"  else if (y >= -{pads[0][0]} && y < {x_shape[2] + pads[0][1]} && "
                   f"x >= -{pads[1][0]} && x < {x_shape[3] + pads[1][1]}) {{ {n} = {n} + 1u; }}")
        w.emit("}}")
        if is_max:
            return acc
        return f"({acc} / f32(max({n}, 1u)))"
    return _copy_kernel(graph, nid, w, source)


def _xent(graph: Graph, nid: int, w: _Writer):
    """softmax_cross_entropy: each row's max-shifted logsumexp less its label's logit;
    a label outside [0, C) fails the run. Reduced forms run in one invocation, adding
    the rows in order."""
    node = graph.nodes[nid]
    logits, labels = node.inputs
    n, classes = _shape(graph.nodes[logits])
    reduction = node.attr("reduction")
    rows = n if reduction == "none" else 1
    grid = _grid(rows)
    w.emit("var total = 0.0;")
    if reduction == "none":
        w.emit("let r = i;")
    else:
        w.emit(f"for (var r = 0u; r < {n}u; r = r + 1u) {{")
    w.emit(f"  var m = {literal(-math.inf, DType.F32)};")
    w.emit(f"  for (var c = 0u; c < {classes}u; c = c + 1u) {{ "
           f"m = rlx_max(m, {w.load(graph, logits, f'r * {classes}u + c')}); }}")
    w.emit("  var s = 0.0;")
    w.emit(f"  for (var c = 0u; c < {classes}u; c = c + 1u) {{ "
           f"s = s + exp({w.load(graph, logits, f'r * {classes}u + c')} - m); }}")
    w.emit(f"  let label = i32({w.load(graph, labels, 'r')});")
    w.emit("  var picked = 0.0;")
    w.emit(f"  if (label < 0 || label >= {classes}) {{ {w.fail(0, 'label', 'r')} }} else {{")
    w.emit(f"    picked = {w.load(graph, logits, f'r * {classes}u + u32(label)')}; }}")
    w.emit("  total = total + (m + log(s) - picked);")
    if reduction != "none":
        w.emit("}")
    if reduction == "mean":
        w.emit(f"total = total / {literal(float(n), DType.F32)};")
    w.emit(w.store(graph, nid, "i", "total"))
    return "\n".join(_flat_header(grid, rows)), grid


def _scatter_add(graph: Graph, nid: int, w: _Writer):
    """scatter_add: one invocation per (leading, trailing) position owns that column of
    the result: it zeroes it, then adds the updates in index order, so the sums are
    deterministic and no two invocations write one element."""
    node = graph.nodes[nid]
    updates, idx = node.inputs
    axis, size = node.attr("axis"), node.attr("size")
    u_shape = _shape(graph.nodes[updates])
    n = numel(graph.nodes[idx])
    before = _numel(u_shape[:axis])
    after = _numel(u_shape[axis + len(_shape(graph.nodes[idx])):])
    t = DEVICE_TYPES[node.dtype]
    count = before * after
    grid = _grid(count)
    w.emit(f"let pre = i / {max(after, 1)}u; let post = i % {max(after, 1)}u;")
    w.emit(f"for (var r = 0u; r < {size}u; r = r + 1u) {{")
    w.emit(f"  {w.store(graph, nid, f'(pre * {size}u + r) * {after}u + post', _zero(t))}")
    w.emit("}")
    w.emit(f"for (var j = 0u; j < {n}u; j = j + 1u) {{")
    w.emit(f"  var k = i32({w.load(graph, idx, 'j')});")
    w.emit(f"  if (k < -{size} || k >= {size}) {{ {w.fail(0, 'k')} return; }}")
    w.emit(f"  if (k < 0) {{ k = k + {size}; }}")
    w.emit(f"  let at = (pre * {size}u + u32(k)) * {after}u + post;")
    update = w.load(graph, updates, f"(pre * {n}u + j) * {after}u + post")
    # f16 / bf16 sums are held as f32 words until the last update, then rounded once
    loc = w.locate(nid)
    held = DType.F32 if node.dtype in NARROW else node.dtype
    b = w.binding(loc.buffer)
    value = f"{load(b, loc.word, 'at', held)} + {update}"
    w.emit(f"  {store(b, loc.word, 'at', held, value)}")
    w.emit("}")
    if held is not node.dtype:
        w.emit(f"for (var r = 0u; r < {size}u; r = r + 1u) {{")
        w.emit(f"  let at = (pre * {size}u + r) * {after}u + post;")
        w.emit(f"  {w.store(graph, nid, 'at', load(b, loc.word, 'at', held))}")
        w.emit("}")
    return "\n".join(_flat_header(grid, count)), grid


def _max_pool_indices(graph: Graph, nid: int, w: _Writer):
    """max_pool2d_indices: the in-plane position (row * W + column) of each window's
    first maximum in row-major tap order, a nan counting as the maximum."""
    node = graph.nodes[nid]
    x = node.inputs[0]
    x_shape = _shape(graph.nodes[x])
    kernel, stride, pads = node.attr("kernel"), node.attr("stride"), node.attr("padding")
    xs = row_major_strides(x_shape)
    t = DEVICE_TYPES[graph.nodes[x].dtype]

    def source(w: _Writer, o: list[str]) -> str:
        w.emit(f"var best: {t}; var at = -1; var nan = false;")
        w.emit(f"for (var ky = 0u; ky < {kernel[0]}u; ky = ky + 1u) {{")
        w.emit(f"for (var kx = 0u; kx < {kernel[1]}u; kx = kx + 1u) {{")
        w.emit(f"  let y = i32({o[2]} * {stride[0]}u + ky) - {pads[0][0]};")
        w.emit(f"  let x = i32({o[3]} * {stride[1]}u + kx) - {pads[1][0]};")
        w.emit(f"  if (y < 0 || y >= {x_shape[2]} || x < 0 || x >= {x_shape[3]}) {{ continue; }}")
        word = f"{o[0]} * {xs[0]}u + {o[1]} * {xs[1]}u + u32(y) * {xs[2]}u + u32(x)"
        w.emit(f"  let v = {w.load(graph, x, word)};")
        if t == "f32":
            w.emit("  if (nan) { continue; }")
            w.emit(f"  if (rlx_isnan(v)) {{ nan = true; at = y * {x_shape[3]} + x; continue; }}")
        w.emit(f"  if (at < 0 || v > best) {{ best = v; at = y * {x_shape[3]} + x; }}")
        w.emit("}}")
        return convert("at", DType.I32, node.dtype)
    return _copy_kernel(graph, nid, w, source)


def _rope(graph: Graph, nid: int, w: _Writer):
    """rope: each output feature reads its pair partner and its table entry; features
    past the rotated ones pass through."""
    node = graph.nodes[nid]
    x, cos, sin = node.inputs
    shape = _shape(node)
    half = _shape(graph.nodes[cos])[-1]
    table = shape[:-1] + (half,)
    ts = broadcast_strides(_shape(graph.nodes[cos]), table)
    interleaved = node.attr("interleaved")

    def source(w: _Writer, o: list[str]) -> str:
        d = o[-1]
        v = w.fresh("r")
        w.emit(f"var {v} = {w.load(graph, x, 'i')};")
        if interleaved:
            w.emit(f"if ({d} < {2 * half}u) {{")
            w.emit(f"  let j = {d} / 2u; let even = ({d} % 2u) == 0u;")
            partner = "select(i - 1u, i + 1u, even)"
            sign = "select(1.0, -1.0, even)"
        else:
            w.emit(f"if ({d} < {2 * half}u) {{")
            w.emit(f"  let first = {d} < {half}u; let j = select({d} - {half}u, {d}, first);")
            partner = f"select(i - {half}u, i + {half}u, first)"
            sign = "select(1.0, -1.0, first)"
        entry = _dot(o[:-1] + ["j"], ts)
        w.emit(f"  let c = {w.load(graph, cos, entry)}; let s = {w.load(graph, sin, entry)};")
        w.emit(f"  {v} = {v} * c + {sign} * {w.load(graph, x, partner)} * s;")
        w.emit("}")
        return v
    return _copy_kernel(graph, nid, w, source)


def _attention_error(graph: Graph, node: Node) -> tuple[str, ...]:
    shapes = [_shape(graph.nodes[i]) for i in node.inputs]
    capacity = shapes[6][1] * shapes[3][2] if len(shapes) == 7 else shapes[3][2]
    return (f"cached_attention: past_len {{0}} is outside [0, {capacity}]",
            f"cached_attention: block_table[{{0}}, {{1}}] = {{2}} is outside "
            f"[0, {shapes[3][0]})")


def _cached_attention(graph: Graph, nid: int, w: _Writer):
    """cached_attention: one invocation per query row, an online softmax over the keys
    it sees (cached rows j < past_len, new rows j <= i, within the window), reading no
    cached row past past_len; f32 throughout."""
    node = graph.nodes[nid]
    q, k, v, kc, vc, past = node.inputs[:6]
    table = node.inputs[6] if len(node.inputs) == 7 else None
    b, hq, s, d = _shape(graph.nodes[q])
    hkv, dv = _shape(graph.nodes[k])[1], _shape(graph.nodes[v])[3]
    scale, softcap, window = node.attr("scale"), node.attr("softcap"), node.attr("window")
    if table is None:
        capacity = _shape(graph.nodes[kc])[2]
    else:
        pages, _, page, _ = _shape(graph.nodes[kc])
        max_pages = _shape(graph.nodes[table])[1]
        capacity = max_pages * page
    count = b * hq * s
    grid = _grid(count)
    w.emit(f"let bi = i / {hq * s}u; let h = (i / {s}u) % {hq}u; let r = i % {s}u;")
    w.emit(f"let kh = h / {hq // hkv}u;")
    w.emit(f"let past = i32({w.load(graph, past, 'bi')});")
    w.emit(f"if (past < 0 || past > {capacity}) {{ {w.fail(0, 'past')} return; }}")
    w.emit(f"let qb = ((bi * {hq}u + h) * {s}u + r) * {d}u;")
    w.emit(f"var m = {literal(-math.inf, DType.F32)}; var l = 0.0;")
    w.emit(f"var acc: array<f32, {max(dv, 1)}>;")

    def visit(key: str, value: str) -> None:
        """Fold the key at word ``key`` of k / value at ``value`` into the softmax."""
        w.emit("  var sc = 0.0;")
        w.emit(f"  for (var e = 0u; e < {d}u; e = e + 1u) {{")
        w.emit(f"    sc = sc + {w.load(graph, q, 'qb + e')} * {key.format(e='e')};")
        w.emit("  }")
        w.emit(f"  sc = sc * {literal(scale, DType.F32)};")
        if softcap is not None:
            cap = literal(softcap, DType.F32)
            w.emit(f"  sc = {cap} * rlx_tanh(sc / {cap});")
        w.emit("  let mn = rlx_max(m, sc);")
        w.emit("  let keep = select(exp(m - mn), 0.0, rlx_isinf(m));")
        w.emit("  let p = exp(sc - mn);")
        w.emit("  l = l * keep + p;")
        w.emit(f"  for (var e = 0u; e < {dv}u; e = e + 1u) {{")
        w.emit(f"    acc[e] = acc[e] * keep + p * {value.format(e='e')};")
        w.emit("  }")
        w.emit("  m = mn;")
    # cached rows
    w.emit(f"for (var j = 0u; j < u32(past); j = j + 1u) {{ {BOUND_MARK.format(capacity)}")
    if window is not None:
        w.emit(f"  if (u32(past) + r - j >= {window}u) {{ continue; }}")
    if table is None:
        w.emit(f"  let kr = (bi * {hkv}u + kh) * {capacity}u + j;")
    else:
        w.emit(f"  let pg = i32({w.load(graph, table, f'bi * {max_pages}u + j / {page}u')});")
        failure = w.fail(1, "bi", f"j / {page}u", "pg")
        w.emit(f"  if (pg < 0 || pg >= {pages}) {{ {failure} return; }}")
        w.emit(f"  let kr = (u32(pg) * {hkv}u + kh) * {page}u + j % {page}u;")
    visit(w.load(graph, kc, f"kr * {d}u + {{e}}"), w.load(graph, vc, f"kr * {dv}u + {{e}}"))
    w.emit("}")
    # the new rows
    w.emit(f"for (var j = 0u; j <= r; j = j + 1u) {{ {BOUND_MARK.format(s)}")
    if window is not None:
        w.emit(f"  if (r - j >= {window}u) {{ continue; }}")
    w.emit(f"  let nr = (bi * {hkv}u + kh) * {s}u + j;")
    visit(w.load(graph, k, f"nr * {d}u + {{e}}"), w.load(graph, v, f"nr * {dv}u + {{e}}"))
    w.emit("}")
    w.emit("let inv = select(1.0 / l, 0.0, l == 0.0);")
    w.emit(f"for (var e = 0u; e < {dv}u; e = e + 1u) {{")
    w.emit(f"  {w.store(graph, nid, f'i * {dv}u + e', 'acc[e] * inv')}")
    w.emit("}")
    return "\n".join(_flat_header(grid, count)), grid
