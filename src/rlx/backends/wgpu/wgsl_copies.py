"""wgpu kernels that write each output element from computed source positions: views,
the shape ops, cumsum, bitcast, and the index ops gather and one_hot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rlx.backends.wgpu.wgsl_values import DEVICE_TYPES, _zero, convert, literal, unsupported
from rlx.backends.wgpu.wgsl_writer import (
    BOUND_MARK,
    _dot,
    _flat_header,
    _grid,
    _numel,
    _shape,
    _unravel,
    _Writer,
)
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import normalize_slice
from rlx.passes.loops import broadcast_strides, row_major_strides
from rlx.passes.memory import view_offset
from rlx.passes.program import Kernel

# --------------------------------------------------------------------------- copies

def _copy_kernel(graph: Graph, out: int, w: _Writer,
                 source: Callable[[_Writer, list[str]], str]) -> tuple[str, tuple[int, int, int]]:
    """A kernel writing every element of ``out`` from ``source(writer, out index)``."""
    shape = _shape(graph.nodes[out])
    count = _numel(shape)
    grid = _grid(count)
    index = _unravel(w, "i", shape, "o")
    w.emit(w.store(graph, out, "i", source(w, index)))
    return "\n".join(_flat_header(grid, count)), grid


def _affine_source(graph: Graph, src: int, base: int, strides: Sequence[int]):
    """A source reading ``src`` at word ``base + sum(index * strides)`` (signed)."""
    def source(w: _Writer, index: list[str]) -> str:
        terms = [f"i32({i}) * {s}" for i, s in zip(index, strides) if s != 0]
        offset = " + ".join([str(base)] + terms)
        return w.load(graph, src, f"u32({offset})")
    return source


def _transpose_strides(graph: Graph, node: Node) -> list[int]:
    own = row_major_strides(_shape(graph.nodes[node.inputs[0]]))
    return [own[p] for p in node.attr("perm")]


def _view_kernel(graph: Graph, kernel: Kernel, w: _Writer):
    """A view kernel whose result is not an alias (a graph output): a flat copy from
    the operand's bytes at the view's offset."""
    out = kernel.outputs[0]
    node = graph.nodes[out]
    src = node.inputs[0]
    offset = view_offset(graph, node) or 0
    base = offset // node.dtype.itemsize
    return _copy_kernel(graph, out, w,
                        lambda w, index: w.load(graph, src, f"{base}u + i"))


def _shape_op(graph: Graph, nid: int, w: _Writer):
    node = graph.nodes[nid]
    op = node.op
    x = node.inputs[0]
    in_shape = _shape(graph.nodes[x])
    own = row_major_strides(in_shape)
    out_shape = _shape(node)
    if op == "transpose":
        return _copy_kernel(graph, nid, w, _affine_source(graph, x, 0,
                                                          _transpose_strides(graph, node)))
    if op == "broadcast_to":
        return _copy_kernel(graph, nid, w, _affine_source(graph, x, 0,
                                                          broadcast_strides(in_shape, out_shape)))
    if op == "slice":
        base, strides = 0, []
        for d, s, start, stop, step in zip(in_shape, own, node.attr("starts"),
                                           node.attr("stops"), node.attr("steps")):
            first, _, step_, _ = normalize_slice(d, start, stop, step)
            base += first * s
            strides.append(step_ * s)
        return _copy_kernel(graph, nid, w, _affine_source(graph, x, base, strides))
    if op == "flip":
        axes = set(node.attr("axes") or range(len(in_shape)))
        base = sum((d - 1) * s for a, (d, s) in enumerate(zip(in_shape, own)) if a in axes)
        strides = [-s if a in axes else s for a, s in enumerate(own)]
        return _copy_kernel(graph, nid, w, _affine_source(graph, x, base, strides))
    if op == "tile":
        def tile_source(w: _Writer, index: list[str]) -> str:
            terms = [f"({i} % {d}u) * {s}u" for i, d, s in zip(index, in_shape, own) if d > 1]
            return w.load(graph, x, " + ".join(terms) if terms else "0u")
        return _copy_kernel(graph, nid, w, tile_source)
    if op == "pad":
        return _copy_kernel(graph, nid, w, _pad_source(graph, node, in_shape, own))
    if op == "concat":
        return _copy_kernel(graph, nid, w, _concat_source(graph, node))
    raise AssertionError(op)


def _pad_source(graph: Graph, node: Node, in_shape, own):
    x = node.inputs[0]
    mode = node.attr("mode")
    pads = node.attr("pads")
    fill = literal(node.attr("value"), node.dtype)

    def source(w: _Writer, index: list[str]) -> str:
        coords, inside = [], []
        for i, d, (before, _) in zip(index, in_shape, pads):
            c = w.fresh("c")
            w.emit(f"var {c} = i32({i}) - {before};")
            if mode == "constant":
                inside.append(f"({c} >= 0 && {c} < {d})")
            elif mode == "edge":
                w.emit(f"{c} = clamp({c}, 0, {d - 1});")
            else:   # reflect without repeating the edge
                w.emit(f"if ({c} < 0) {{ {c} = -{c}; }}")
                w.emit(f"if ({c} >= {d}) {{ {c} = {2 * (d - 1)} - {c}; }}")
            coords.append(c)
        word = " + ".join([f"{c} * {s}" for c, s in zip(coords, own)] or ["0"])
        v = w.fresh("p")
        if inside:
            w.emit(f"var {v} = {fill};")
            w.emit(f"if ({' && '.join(inside)}) {{ {v} = {w.load(graph, x, f'u32({word})')}; }}")
        else:
            w.emit(f"let {v} = {w.load(graph, x, f'u32({word})')};")
        return v
    return source


def _concat_source(graph: Graph, node: Node):
    axis = node.attr("axis")

    def source(w: _Writer, index: list[str]) -> str:
        v = w.fresh("p")
        w.emit(f"var {v}: {DEVICE_TYPES[node.dtype]};")
        start = 0
        for part in node.inputs:
            shape = _shape(graph.nodes[part])
            if shape[axis] == 0:
                continue
            strides = row_major_strides(shape)
            coords = [f"({i} - {start}u)" if a == axis else i for a, i in enumerate(index)]
            stop = start + shape[axis]
            cond = f"{index[axis]} < {stop}u"
            w.emit(f"{'if' if start == 0 else '} else if'} ({cond}) {{")
            w.emit(f"  {v} = {w.load(graph, part, _dot(coords, strides))};")
            start = stop
        w.emit("}")
        return v
    return source


def _cumsum(graph: Graph, nid: int, w: _Writer):
    node = graph.nodes[nid]
    x = node.inputs[0]
    shape = _shape(node)
    axis = node.attr("axis")
    own = row_major_strides(shape)
    n, s = shape[axis], own[axis]
    exclusive, reverse = node.attr("exclusive"), node.attr("reverse")
    t = DEVICE_TYPES[node.dtype]

    def source(w: _Writer, o: list[str]) -> str:
        base = _dot([i if a != axis else "0u" for a, i in enumerate(o)], own)
        acc = w.fresh("a")
        w.emit(f"var {acc}: {t} = {_zero(t)};")
        if reverse:
            lo, hi = (f"{o[axis]} + 1u", f"{n}u") if exclusive else (o[axis], f"{n}u")
        else:
            lo, hi = ("0u", o[axis]) if exclusive else ("0u", f"{o[axis]} + 1u")
        w.emit(f"for (var j = {lo}; j < {hi}; j = j + 1u) {{ {BOUND_MARK.format(n)}")
        w.emit(f"  {acc} = {acc} + {w.load(graph, x, f'{base} + j * {s}u')};")
        w.emit("}")
        return acc
    return _copy_kernel(graph, nid, w, source)


def _bitcast(graph: Graph, nid: int, w: _Writer):
    """The same 32-bit words read as another dtype (f32, i32 and u32 only)."""
    node = graph.nodes[nid]
    x = node.inputs[0]
    if {node.dtype, graph.nodes[x].dtype} - {DType.F32, DType.I32, DType.U32}:
        raise unsupported(nid, node, "bitcast runs between f32, i32 and u32 only")

    def source(w: _Writer, index: list[str]) -> str:
        raw = w.load(graph, x, "i")
        return convert_bits(raw, graph.nodes[x].dtype, node.dtype)
    return _copy_kernel(graph, nid, w, source)


def convert_bits(expr: str, src: DType, dst: DType) -> str:
    s, d = DEVICE_TYPES[src], DEVICE_TYPES[dst]
    return expr if s == d else f"bitcast<{d}>({expr})"


# --------------------------------------------------------------------------- index ops

def _gather(graph: Graph, nid: int, w: _Writer):
    node = graph.nodes[nid]
    x, idx = node.inputs
    axis = node.attr("axis")
    x_shape = _shape(graph.nodes[x])
    idx_shape = _shape(graph.nodes[idx])
    n = x_shape[axis]
    own = row_major_strides(x_shape)
    idx_strides = row_major_strides(idx_shape)
    idx_type = graph.nodes[idx].dtype

    def source(w: _Writer, index: list[str]) -> str:
        pre, mid, post = index[:axis], index[axis:axis + len(idx_shape)], \
            index[axis + len(idx_shape):]
        k = w.fresh("k")
        raw = convert(w.load(graph, idx, _dot(mid, idx_strides)), idx_type, DType.I64)
        wide = DEVICE_TYPES[DType.I64]
        w.emit(f"let {k}w = {raw};")
        w.emit(f"var {k} = i32({k}w);")
        failure = w.fail(0, f"{k}w", wide=0)
        w.emit(f"if ({k}w < {wide}(-{n}) || {k}w >= {wide}({n})) {{ {failure} {k} = 0; }}")
        w.emit(f"if ({k} < 0) {{ {k} = {k} + {n}; }}")
        coords = list(pre) + [f"u32({k})"] + list(post)
        return w.load(graph, x, _dot(coords, own))
    return _copy_kernel(graph, nid, w, source)


def _one_hot(graph: Graph, nid: int, w: _Writer):
    node = graph.nodes[nid]
    idx = node.inputs[0]
    idx_strides = row_major_strides(_shape(graph.nodes[idx]))
    one, zero = literal(1, node.dtype), literal(0, node.dtype)

    def source(w: _Writer, index: list[str]) -> str:
        k = w.fresh("k")
        w.emit(f"let {k} = i32({w.load(graph, idx, _dot(index[:-1], idx_strides))});")
        return f"select({zero}, {one}, {k} == i32({index[-1]}))"
    return _copy_kernel(graph, nid, w, source)
