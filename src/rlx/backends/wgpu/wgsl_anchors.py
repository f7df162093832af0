"""The wgpu kernels of fusion's anchors: matmul (register blocks, the skinny and
subgroup matrix-vector forms, the workgroup-tiled GPU form), reductions and conv, each
evaluating its kernel's elementwise prologue and epilogue inline.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rlx.backends.wgpu.wgsl_copies import _transpose_strides
from rlx.backends.wgpu.wgsl_values import DEVICE_TYPES, _zero, convert, literal
from rlx.backends.wgpu.wgsl_writer import (
    BOUND_MARK,
    MAX_GROUPS,
    WORKGROUP,
    _dot,
    _flat_header,
    _grid,
    _numel,
    _shape,
    _unravel,
    _Writer,
    emit_nest,
)
from rlx.errors import UnsupportedOpError
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, OPS
from rlx.passes.loops import loop_nest, row_major_strides
from rlx.passes.program import Kernel

BLOCK = 8
"""Side of the square output block one matmul invocation computes."""
SKINNY = 4
"""Products of at most this many rows take the one-column-per-invocation kernel."""



def _checked_grid(grid: tuple[int, int, int], node: int) -> tuple[int, int, int]:
    """``grid`` when each dimension is within WebGPU's MAX_GROUPS workgroups, else an
    UnsupportedOpError at compile (a dispatch past it fails validation at run time)."""
    if max(grid) > MAX_GROUPS:
        raise UnsupportedOpError(f"wgpu: node %{node}'s product needs a grid of {grid} "
                                 f"workgroups; WebGPU allows {MAX_GROUPS} along each axis")
    return grid

def _operand_reader(graph: Graph, kernel: Kernel, operand: int):
    """(node read, its strides over ``operand``'s row-major axes): a transpose fused into
    the kernel (rlx.passes.fusion's operand layout) is read through its input."""
    node = graph.nodes[operand]
    if operand in kernel.nodes and node.op == "transpose":
        return node.inputs[0], _transpose_strides(graph, node)
    return operand, list(row_major_strides(_shape(node)))


def _prologue_members(graph: Graph, kernel: Kernel, anchor: int) -> set[int]:
    """The kernel's members that the anchor's operands are computed from."""
    members, found = set(kernel.nodes), set()
    todo = [i for i in graph.nodes[anchor].inputs if i in members]
    while todo:
        n = todo.pop()
        if n not in found:
            found.add(n)
            todo.extend(i for i in graph.nodes[n].inputs if i in members)
    return found


def _epilogue(graph: Graph, kernel: Kernel, anchor: int, w: _Writer, value: str,
              index: Sequence[str]) -> str:
    """Emit the kernel's elementwise work on the anchor's result ``value`` at the
    anchor's multi-index ``index`` (fusion may have taken in side branches that join
    it, which come before the anchor in node order); returns the stored value."""
    before = _prologue_members(graph, kernel, anchor)
    body = [n for n in kernel.nodes if n != anchor and n not in before
            and OPS[graph.nodes[n].op].category in ELEMENTWISE_CATEGORIES]
    if not body:
        return value
    nest = loop_nest(graph, body, kernel.outputs[0], graph.nodes[anchor].shape)
    return emit_nest(w, graph, nest, index, {anchor: value})


def _rows_fold(shape: Sequence[int], strides: Sequence[int]) -> bool:
    """Whether axes ``shape`` read with ``strides`` are one axis of stride
    ``strides[-1]`` (each stride the next one's times the next extent)."""
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(len(shape) - 1))


def _column_accumulators(w: _Writer, m: int, n: int, bn: int, t: str) -> None:
    """Start a kernel that owns output column ``col`` of batch ``bz``: its base in b and
    one zeroed accumulator per row (the batch index, which the operands' bases, already
    emitted, read, comes first)."""
    w.lines.insert(0, f"  let bz = i / {n}u; let col = i % {n}u;")
    w.emit(f"let bc = bb + col * {bn}u;")
    for r in range(m):
        w.emit(f"var acc{r}: {t} = {_zero(t)};")


def _row_updates(graph: Graph, w: _Writer, a_side, b_side, m: int, dt: DType,
                 b_at: str, indent: str) -> None:
    """Inside a k loop at element ``kk``: read b at ``b_at`` once and add its product
    with each of the m rows of a into that row's accumulator."""
    a_read, a_node, am, ak = a_side
    b_read, b_node = b_side[0], b_side[1]
    t = DEVICE_TYPES[dt]
    w.emit(f"{indent}let bv = {convert(w.load(graph, b_read, b_at), b_node.dtype, dt)};")
    for r in range(m):
        av = convert(w.load(graph, a_read, f"ab + {r * am}u + kk * {ak}u"), a_node.dtype, dt)
        update = f"fma({av}, bv, acc{r})" if t == "f32" else f"acc{r} + {av} * bv"
        w.emit(f"{indent}acc{r} = {update};")


def _store_column_row(graph: Graph, kernel: Kernel, anchor: int, w: _Writer, r: int,
                      value: str, m: int, n: int, indent: str) -> None:
    """Store row r's ``value`` of the kernel's column through the epilogue."""
    w.emit(f"{indent}{{ let fo = bz * {m * n}u + {r * n}u + col;")
    index = _unravel(w, "fo", _shape(graph.nodes[anchor]), "o")
    value = _epilogue(graph, kernel, anchor, w, value, index)
    w.emit(f"{indent}  " + w.store(graph, kernel.outputs[0], "fo", value) + " }")


def _matvec(graph: Graph, kernel: Kernel, anchor: int, w: _Writer, a_side, b_side, dims):
    """A product of at most SKINNY rows (a decode step): one invocation per output column
    reads that column of b once for every row; blocking by 8 x 8 would compute 8 rows
    to keep 1 and measured 5x slower on lavapipe for a 576 x 49152 head."""
    m, k, n, nb = dims
    bk, bn = b_side[2], b_side[3]
    if KERNELS["workgroup"] and KERNELS["subgroups"] and bk == 1:
        return _matvec_subgroups(graph, kernel, anchor, w, a_side, b_side, dims)
    dt = graph.nodes[anchor].dtype
    count = n * max(nb, 1)
    grid = _grid(count)
    _column_accumulators(w, m, n, bn, DEVICE_TYPES[dt])
    w.emit(f"for (var kk = 0u; kk < {k}u; kk = kk + 1u) {{")
    _row_updates(graph, w, a_side, b_side, m, dt, f"bc + kk * {bk}u", "  ")
    w.emit("}")
    for r in range(m):
        _store_column_row(graph, kernel, anchor, w, r, f"acc{r}", m, n, "")
    return "\n".join(_flat_header(grid, count)), grid


def _matvec_subgroups(graph: Graph, kernel: Kernel, anchor: int, w: _Writer, a_side,
                      b_side, dims):
    """The GPU form of a product of at most SKINNY rows whose k is contiguous in b (a
    linear layer's [out, in] weight): a workgroup of 64 per output column, neighbouring
    invocations reading neighbouring elements of k (one invocation per column would read
    k apart); each subgroup adds its invocations' sums (``subgroupAdd``), and the first
    invocation adds the subgroups' and stores through the epilogue."""
    m, k, n, nb = dims
    dt = graph.nodes[anchor].dtype
    t = DEVICE_TYPES[dt]
    count = n * max(nb, 1)
    x = min(count, MAX_GROUPS)
    grid = (x, -(-count // x), 1)
    w.functions.append(f"var<workgroup> rlx_part: array<{t}, {WORKGROUP * m}>;")
    _column_accumulators(w, m, n, b_side[3], t)
    w.emit(f"for (var j = 0u; j < {-(-k // WORKGROUP)}u; j = j + 1u) {{")
    w.emit(f"  let kk = j * {WORKGROUP}u + lid;")
    w.emit(f"  if (kk < {k}u) {{")
    _row_updates(graph, w, a_side, b_side, m, dt, "bc + kk", "    ")
    w.emit("  }")
    w.emit("}")
    for r in range(m):
        w.emit(f"let sum{r} = subgroupAdd(acc{r});")
    w.emit("if (lane == 0u) {")
    for r in range(m):
        w.emit(f"  rlx_part[(lid / size) * {m}u + {r}u] = sum{r};")
    w.emit("}")
    w.emit("workgroupBarrier();")
    w.emit("if (lid == 0u) {")
    for r in range(m):
        w.emit(f"  var total{r}: {t} = {_zero(t)};")
        w.emit(f"  for (var q = 0u; q < {WORKGROUP}u / size; q = q + 1u) {{ "
               f"{BOUND_MARK.format(WORKGROUP)} "
               f"total{r} = total{r} + rlx_part[q * {m}u + {r}u]; }}")
        _store_column_row(graph, kernel, anchor, w, r, f"total{r}", m, n, "  ")
    w.emit("}")
    header = "\n".join([
        f"@compute @workgroup_size({WORKGROUP})",
        "fn main(@builtin(workgroup_id) g: vec3<u32>, "
        "@builtin(local_invocation_index) lid: u32, "
        "@builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {",
        f"  let i = g.x + g.y * {x}u;",
        f"  if (i >= {count}u) {{ return; }}"])
    return header, grid


def _matmul(graph: Graph, kernel: Kernel, anchor: int, w: _Writer):
    """Each invocation computes a BLOCK x BLOCK tile of one batch's product in registers
    (two 4-vectors per row), reading operands straight from memory; out-of-range rows
    and columns read a clamped position and are not stored. Workgroup memory with
    barriers measured 25x slower on lavapipe, and register blocking by 8 x 8 gave 2.3
    GFLOP/s there against 0.14 for one output per invocation."""
    node = graph.nodes[anchor]
    a_id, b_id = node.inputs
    a_node, b_node = graph.nodes[a_id], graph.nodes[b_id]
    a_read, a_strides = _operand_reader(graph, kernel, a_id)
    b_read, b_strides = _operand_reader(graph, kernel, b_id)
    a_shape, b_shape = _shape(a_node), _shape(b_node)
    if len(a_shape) == 1:
        a_shape, a_strides = (1,) + a_shape, [0] + a_strides
    if len(b_shape) == 1:
        b_shape, b_strides = b_shape + (1,), b_strides + [0]
    if len(b_shape) == 2 and len(a_shape) > 2 and _rows_fold(a_shape[:-1], a_strides[:-1]):
        # a 2-D weight: the batch is more rows of one product (a 64-row tile per batch
        # of 16 rows wasted three quarters of MiniLM's work)
        rows = _numel(a_shape[:-1])
        a_shape, a_strides = (rows, a_shape[-1]), [a_strides[-2], a_strides[-1]]
    m, k = a_shape[-2:]
    n = b_shape[-1]
    batch = tuple(np.broadcast_shapes(a_shape[:-2], b_shape[:-2]))
    nb = _numel(batch)
    dt = node.dtype
    t = DEVICE_TYPES[dt]
    vec = f"vec4<{t}>"

    def batch_strides(shape, strides):
        pad = len(batch) - (len(shape) - 2)
        return [0 if a < pad or shape[a - pad] == 1 else strides[a - pad]
                for a in range(len(batch))]
    bi = _unravel(w, "bz", batch, "q") if batch else []
    a_base = _dot(bi, batch_strides(a_shape, a_strides[:-2]))
    b_base = _dot(bi, batch_strides(b_shape, b_strides[:-2]))
    w.emit(f"let ab = {a_base}; let bb = {b_base};")
    am, ak = a_strides[-2], a_strides[-1]
    bk, bn = b_strides[-2], b_strides[-1]
    if m <= SKINNY:
        return _matvec(graph, kernel, anchor, w, (a_read, a_node, am, ak),
                       (b_read, b_node, bk, bn), (m, k, n, nb))
    if KERNELS["workgroup"]:
        return _matmul_workgroup(graph, kernel, anchor, w, (a_read, a_node, am, ak),
                                 (b_read, b_node, bk, bn), (m, k, n, nb))
    for r in range(BLOCK):
        w.emit(f"let ar{r} = ab + min(r0 + {r}u, {max(m - 1, 0)}u) * {am}u;")
        w.emit(f"var c{r}a = {vec}(); var c{r}b = {vec}();")
    for c in range(BLOCK):
        w.emit(f"let bc{c} = bb + min(c0 + {c}u, {max(n - 1, 0)}u) * {bn}u;")

    def a_at(r: int) -> str:
        return convert(w.load(graph, a_read, f"ar{r} + kk * {ak}u"), a_node.dtype, dt)

    def b_at(c: int) -> str:
        return convert(w.load(graph, b_read, f"bc{c} + kk * {bk}u"), b_node.dtype, dt)
    w.emit(f"for (var kk = 0u; kk < {k}u; kk = kk + 1u) {{")
    w.emit(f"  let b0 = {vec}({', '.join(b_at(c) for c in range(4))});")
    w.emit(f"  let b1 = {vec}({', '.join(b_at(c) for c in range(4, 8))});")
    for r in range(BLOCK):
        w.emit(f"  {{ let av = {vec}({a_at(r)});")
        if t == "f32":
            w.emit(f"    c{r}a = fma(av, b0, c{r}a); c{r}b = fma(av, b1, c{r}b); }}")
        else:
            w.emit(f"    c{r}a = c{r}a + av * b0; c{r}b = c{r}b + av * b1; }}")
    w.emit("}")
    w.emit(f"var tile = array<{vec}, {2 * BLOCK}>("
           + ", ".join(f"c{r}a, c{r}b" for r in range(BLOCK)) + ");")
    _store_block(graph, kernel, anchor, w, (m, n), BLOCK)
    grid = _checked_grid((-(-n // (BLOCK * 8)), -(-m // (BLOCK * 8)), max(nb, 1)), anchor)
    header = "\n".join([
        "@compute @workgroup_size(8, 8)",
        "fn main(@builtin(global_invocation_id) g: vec3<u32>) {",
        f"  let bz = g.z; let r0 = g.y * {BLOCK}u; let c0 = g.x * {BLOCK}u;"])
    return header, grid


def _store_block(graph: Graph, kernel: Kernel, anchor: int, w: _Writer,
                 mn: tuple[int, int], side: int) -> None:
    """Store the ``side`` x ``side`` block at rows ``r0 ..``, columns ``c0 ..`` of the
    product from ``tile`` (an array of vec4, ``side / 4`` per row) through the kernel's
    epilogue, leaving out what lies past the product's edges."""
    m, n = mn
    per_row = side // 4
    out = kernel.outputs[0]
    w.emit(f"for (var e = 0u; e < {side * side}u; e = e + 1u) {{")
    w.emit(f"  let row = r0 + e / {side}u; let col = c0 + e % {side}u;")
    w.emit(f"  if (row >= {m}u || col >= {n}u) {{ continue; }}")
    w.emit(f"  let acc = tile[(e / {side}u) * {per_row}u + (e % {side}u) / 4u][e % 4u];")
    w.emit(f"  let fo = bz * {m * n}u + row * {n}u + col;")
    index = _unravel(w, "fo", _shape(graph.nodes[anchor]), "o")
    value = _epilogue(graph, kernel, anchor, w, "acc", index)
    w.emit("  " + w.store(graph, out, "fo", value))
    w.emit("}")


KERNELS = {"workgroup": False, "subgroups": False}
"""The GPU forms of the matrix products, set when the adapter is opened
(:func:`use_workgroup_tiles`): ``workgroup``, products of more than SKINNY rows take
:func:`_matmul_workgroup` (on GPUs; ``RLX_WGPU_MATMUL`` overrides); ``subgroups``, the
adapter has subgroup operations, and in the GPU forms a product of at most SKINNY rows
whose k is contiguous in b takes :func:`_matvec_subgroups`."""

TILE = 64
"""Side of the output tile one workgroup of :func:`_matmul_workgroup` computes."""
TILE_K = 16
"""Depth of the slices of A and B it stages in workgroup memory."""


def use_workgroup_tiles(enabled: bool, subgroups: bool = False) -> None:
    """Choose the matrix-product kernels, once, when the process's adapter is opened."""
    KERNELS["workgroup"] = enabled
    KERNELS["subgroups"] = subgroups


def _matmul_workgroup(graph: Graph, kernel: Kernel, anchor: int, w: _Writer, a_side,
                      b_side, dims):
    """The GPU form: a 16 x 16 workgroup computes a TILE x TILE tile of one batch's
    product, each invocation a 4 x 4 block in registers; for every TILE_K-deep slice of
    k the workgroup first copies A's TILE x TILE_K and B's TILE_K x TILE pieces into
    workgroup memory (four elements per invocation each, zero past the edges), then
    every invocation reads its rows and columns from there. Global memory is read once
    per workgroup instead of once per invocation. (On lavapipe, a CPU, the barriers
    cost more than the reads they save: :func:`_matmul` keeps the register form there.)"""
    node = graph.nodes[anchor]
    a_read, a_node, am, ak = a_side
    b_read, b_node, bk, bn = b_side
    m, k, n, nb = dims
    dt = node.dtype
    t = DEVICE_TYPES[dt]
    vec = f"vec4<{t}>"
    span = TILE * TILE_K
    per = span // 256
    w.functions.append(f"var<workgroup> rlx_ta: array<{t}, {span}>;\n"
                       f"var<workgroup> rlx_tb: array<{t}, {span}>;")
    a_at = convert(w.load(graph, a_read, f"ab + min(ar, {m - 1}u) * {am}u + "
                                         f"min(ka, {k - 1}u) * {ak}u"), a_node.dtype, dt)
    b_at = convert(w.load(graph, b_read, f"bb + min(kb, {k - 1}u) * {bk}u + "
                                         f"min(bc, {n - 1}u) * {bn}u"), b_node.dtype, dt)
    zero = _zero(t)
    for r in range(4):
        w.emit(f"var acc{r} = {vec}();")
    w.emit(f"for (var k0 = 0u; k0 < {k}u; k0 = k0 + {TILE_K}u) {{")
    w.emit(f"  for (var q = 0u; q < {per}u; q = q + 1u) {{")
    w.emit("    let e = lid + q * 256u;")
    w.emit(f"    let ar = tr + e / {TILE_K}u; let ka = k0 + e % {TILE_K}u;")
    w.emit(f"    rlx_ta[e] = select({zero}, {a_at}, ar < {m}u && ka < {k}u);")
    w.emit(f"    let kb = k0 + e / {TILE}u; let bc = tc + e % {TILE}u;")
    w.emit(f"    rlx_tb[e] = select({zero}, {b_at}, kb < {k}u && bc < {n}u);")
    w.emit("  }")
    w.emit("  workgroupBarrier();")
    w.emit(f"  for (var kk = 0u; kk < {TILE_K}u; kk = kk + 1u) {{")
    w.emit(f"    let bo = kk * {TILE}u + lc;")
    w.emit(f"    let bv = {vec}(rlx_tb[bo], rlx_tb[bo + 1u], rlx_tb[bo + 2u], rlx_tb[bo + 3u]);")
    for r in range(4):
        w.emit(f"    {{ let av = {vec}(rlx_ta[(lr + {r}u) * {TILE_K}u + kk]);")
        if t == "f32":
            w.emit(f"      acc{r} = fma(av, bv, acc{r}); }}")
        else:
            w.emit(f"      acc{r} = acc{r} + av * bv; }}")
    w.emit("  }")
    w.emit("  workgroupBarrier();")
    w.emit("}")
    w.emit(f"var tile = array<{vec}, 4>(acc0, acc1, acc2, acc3);")
    w.emit("let r0 = tr + lr; let c0 = tc + lc;")
    _store_block(graph, kernel, anchor, w, (m, n), 4)
    grid = _checked_grid((-(-n // TILE), -(-m // TILE), max(nb, 1)), anchor)
    header = "\n".join([
        "@compute @workgroup_size(16, 16)",
        "fn main(@builtin(workgroup_id) g: vec3<u32>, "
        "@builtin(local_invocation_id) l: vec3<u32>) {",
        f"  let bz = g.z; let tr = g.y * {TILE}u; let tc = g.x * {TILE}u;",
        "  let lid = l.y * 16u + l.x; let lr = l.y * 4u; let lc = l.x * 4u;"])
    return header, grid


SUM_BLOCK = 256
"""Elements an f32 sum adds into a partial sum of its own before the partial joins the
total (:func:`_reduce`)."""


def _reduce(graph: Graph, kernel: Kernel, anchor: int, w: _Writer):
    """One invocation per output element, looping over the reduced elements in
    row-major order; the prologue (the operand's elementwise tree) is evaluated at
    each element read."""
    node = graph.nodes[anchor]
    out = kernel.outputs[0]
    x = node.inputs[0]
    x_shape = _shape(graph.nodes[x])
    op = node.op
    axes = node.attr("axis") if op in ("argmax", "argmin") else node.attr("axes")
    axes = tuple(range(len(x_shape))) if axes is None else \
        ((axes,) if isinstance(axes, int) else tuple(axes))
    kept = [a for a in range(len(x_shape)) if a not in axes]
    red_shape = [x_shape[a] for a in axes]
    out_shape = _shape(node)
    count = _numel(out_shape)
    grid = _grid(count)
    out_index = _unravel(w, "i", out_shape, "o")
    kept_index = [out_index[a] for a in kept] if node.attr("keepdims") else out_index
    dt = graph.nodes[x].dtype
    t = DEVICE_TYPES[dt]
    total = _numel(red_shape)
    init = {"sum": _zero(t), "prod": literal(1, dt)}.get(op, _zero(t))
    blocked = op == "sum" and t == "f32"     # summed in blocks of SUM_BLOCK
    w.emit(f"var acc: {t} = {init};")
    if blocked:
        w.emit("var part = 0.0;")
    w.emit("var best = 0u;")
    w.emit(f"for (var r = 0u; r < {total}u; r = r + 1u) {{")
    red_index = _unravel(w, "r", red_shape, "rr")
    full = [""] * len(x_shape)
    for a, name in zip(kept, kept_index):
        full[a] = name
    for a, name in zip(axes, red_index):
        full[a] = name
    feeding = sorted(_prologue_members(graph, kernel, anchor))
    prologue = loop_nest(graph, feeding, x) if feeding else None
    value = (emit_nest(w, graph, prologue, full) if prologue is not None
             else w.load(graph, x, _dot(full, row_major_strides(x_shape))))
    w.emit(f"let v = {value};")
    if op in ("argmax", "argmin"):
        # the first extreme; the first nan wins, as numpy's argmax / argmin
        better = f"v {'>' if op == 'argmax' else '<'} acc"
        if t == "f32":
            better = f"(({better}) && !rlx_isnan(acc)) || (rlx_isnan(v) && !rlx_isnan(acc))"
        w.emit(f"if (r == 0u || {better}) {{ acc = v; best = r; }}")
        result = convert("i32(best)", DType.I32, node.dtype)
    else:
        update = {"sum": "acc + v", "prod": "acc * v",
                  "max": "rlx_max(acc, v)" if t == "f32" else "max(acc, v)",
                  "min": "rlx_min(acc, v)" if t == "f32" else "min(acc, v)"}[op]
        if blocked:
            # blocks of SUM_BLOCK summed apart, then added: one running f32 sum of 65,000
            # values of 0.1 was 6e-4 off; the error now grows with the block and the
            # block count, not the row
            w.emit("part = part + v;")
            w.emit(f"if ((r % {SUM_BLOCK}u) == {SUM_BLOCK - 1}u) "
                   "{ acc = acc + part; part = 0.0; }")
        elif op in ("sum", "prod"):
            w.emit(f"acc = {update};")
        else:
            w.emit(f"if (r == 0u) {{ acc = v; }} else {{ acc = {update}; }}")
        result = "acc"
    w.emit("}")
    if blocked:
        w.emit("acc = acc + part;")
    value = _epilogue(graph, kernel, anchor, w, result, out_index)
    w.emit(w.store(graph, out, "i", value))
    return "\n".join(_flat_header(grid, count)), grid


def _conv(graph: Graph, kernel: Kernel, anchor: int, w: _Writer):
    node = graph.nodes[anchor]
    out = kernel.outputs[0]
    x, wt = node.inputs[:2]
    bias = node.inputs[2] if len(node.inputs) == 3 else None
    x_shape, w_shape = _shape(graph.nodes[x]), _shape(graph.nodes[wt])
    out_shape = _shape(node)
    groups = node.attr("groups")
    stride, dilation, pads = node.attr("stride"), node.attr("dilation"), node.attr("padding")
    spatial = len(x_shape) - 2
    cin_g = w_shape[1]
    cout_g = w_shape[0] // groups
    count = _numel(out_shape)
    grid = _grid(count)
    o = _unravel(w, "i", out_shape, "o")
    xs, ws = row_major_strides(x_shape), row_major_strides(w_shape)
    w.emit("var acc = 0.0;")
    w.emit(f"let g0 = {o[1]} / {cout_g}u;")
    w.emit(f"for (var c = 0u; c < {cin_g}u; c = c + 1u) {{")
    w.emit(f"  let ci = g0 * {cin_g}u + c;")
    taps = _numel(w_shape[2:])
    w.emit(f"  for (var t = 0u; t < {taps}u; t = t + 1u) {{")
    kidx = _unravel(w, "t", w_shape[2:], "kt")
    conds, coords = [], []
    for d in range(spatial):
        p = w.fresh("p")
        w.emit(f"    let {p} = i32({o[2 + d]} * {stride[d]}u + {kidx[d]} * {dilation[d]}u)"
               f" - {pads[d][0]};")
        conds.append(f"{p} >= 0 && {p} < {x_shape[2 + d]}")
        coords.append(p)
    w.emit(f"    if ({' && '.join(conds)}) {{")
    xw = " + ".join([f"{o[0]} * {xs[0]}u", f"ci * {xs[1]}u"]
                    + [f"u32({p}) * {xs[2 + d]}u" for d, p in enumerate(coords)])
    ww = " + ".join([f"{o[1]} * {ws[0]}u", f"c * {ws[1]}u"]
                    + [f"{kidx[d]} * {ws[2 + d]}u" for d in range(spatial)])
    w.emit(f"      acc = acc + {w.load(graph, x, xw)} * {w.load(graph, wt, ww)};")
    w.emit("    }")
    w.emit("  }")
    w.emit("}")
    if bias is not None:
        w.emit(f"acc = acc + {w.load(graph, bias, o[1])};")
    value = _epilogue(graph, kernel, anchor, w, "acc", o)
    w.emit(w.store(graph, out, "i", value))
    return "\n".join(_flat_header(grid, count)), grid
