"""How a wgpu shader is written: where values live (:class:`Location`), the finished
dispatch (:class:`Shader`), the body being written (``_Writer``: bindings, loads and
stores, temporaries, run-time failures), the flat grid and index helpers, and the
elementwise loop nests (:func:`emit_nest`, the ``elementwise`` kernel).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from rlx.backends.wgpu.wgsl_prelude import PRELUDE, PRELUDE_I64
from rlx.backends.wgpu.wgsl_values import DEVICE_TYPES, NARROW, load, node_expression, store
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, OPS
from rlx.passes.loops import LoopNest, loop_nest, row_major_strides
from rlx.passes.program import Kernel

WORKGROUP = 64
"""Invocations per workgroup of the one-dimensional kernels."""
MAX_GROUPS = 65535
"""WebGPU's least maximum of workgroups per grid dimension."""
MAX_LOOP_TRIPS = 65535
"""The most loop iterations Mesa's llvmpipe (what lavapipe runs) gives one invocation of
a shader: past it a loop just ends, so a sum over 70000 elements gave 65535. Its count
goes on across nested and consecutive loops: a loop of 8 trips inside one of k / 8
ends the pair after 65535 iterations of both together (a matmul with k = 59000 was
wrong), and so did a cached attention's loops over 254 rows of 128-wide heads."""

LOOP_BUDGET = 60000
"""The loop iterations rlx lets one invocation run on llvmpipe, as
:func:`loop_iterations` counts them: below MAX_LOOP_TRIPS, since the driver's own
count runs ahead of that model in some kernels (a convolution's loops of 1300 x (1 +
49) = 65000 iterations ended early)."""

BOUND_MARK = "/* at most {} */"
"""Written after the ``{`` of a loop whose bound is known only at run time, with the
most trips it can make: :func:`loop_iterations` counts it so."""

_LOOP = re.compile(r"for \(var (\w+) = ([^;]*); ([^;]*); ([^)]*)\) \{(?: /\* at most (\d+) \*/)?")
_COUNTED = re.compile(r"(\w+) < (\d+)u")
_STEP = re.compile(r"(\w+) = \1 \+ (\d+)u")


def loop_iterations(source: str) -> int:
    """The most loop iterations one invocation of ``source`` runs, as llvmpipe counts
    them: each loop's trips times one plus the iterations of the loops in its body,
    summed over the outermost loops. A counted loop (``for (var v = 0u; v < Nu; v = v +
    Su)``) makes N / S trips, one marked with :data:`BOUND_MARK` its mark's; any other
    is counted as one trip."""
    spans, trips = [], []             # per loop: (start, end) of its body, its trips
    for m in _LOOP.finditer(source):
        depth, end = 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(source[end], 0)
            end += 1
        counted, step = _COUNTED.fullmatch(m.group(3)), _STEP.fullmatch(m.group(4))
        if m.group(5) is not None:
            count = int(m.group(5))
        elif (m.group(2) == "0u" and counted and step and counted.group(1) == m.group(1)
              and step.group(1) == m.group(1)):
            count = -(-int(counted.group(2)) // int(step.group(2)))
        else:
            count = 1
        spans.append((m.end(), end))
        trips.append(count)
    # loops come in source order, so the innermost loop around one is the last before it
    # whose body holds it; costs go from the last loop back, children before parents
    cost = [0] * len(spans)
    total = 0
    for i in reversed(range(len(spans))):
        cost[i] = trips[i] * (1 + cost[i])
        start, end = spans[i]
        parent = next((j for j in range(i - 1, -1, -1)
                       if spans[j][0] < start and end <= spans[j][1]), None)
        if parent is None:
            total += cost[i]
        else:
            cost[parent] += cost[i]
    return total


# --------------------------------------------------------------------------- the source

@dataclass(frozen=True)
class Location:
    """Where a value lives on the device: buffer ``buffer`` from word ``word``.
    ``packed``: a read-only f16 / bf16 value held two to a word (low half first), and
    ``word`` counts halves."""

    buffer: int
    word: int
    packed: bool = False


@dataclass
class Shader:
    """One dispatch: its WGSL, the buffers it binds (in binding order) and its grid."""

    name: str
    source: str
    buffers: tuple[tuple[int, int | None], ...]
    """(buffer, chunk) per binding (:meth:`_Writer.binding`)."""
    grid: tuple[int, int, int]
    node: int
    number: int
    errors: tuple[str, ...] = ()
    """The ExecutionError texts of its failures (empty: the kernel cannot fail)."""


@dataclass
class _Writer:
    """A shader's body, with the buffers it names numbered in binding order."""

    locate: Callable[[int], Location]
    buffers: list[tuple[int, int | None]] = field(default_factory=list)
    """(buffer, chunk) per binding, in binding order; chunk None: the whole buffer."""
    chunk_words: int = 1 << 25
    """Words of one chunk binding (the adapter's binding limit, aligned)."""
    lines: list[str] = field(default_factory=list)
    temps: int = 0
    number: int = 0
    status: bool = False
    functions: list[str] = field(default_factory=list)
    """Module-scope WGSL functions this shader's body calls (they may read its buffers)."""

    def binding(self, buffer: int, chunk: int | None = None) -> int:
        """The binding number of ``buffer`` whole, or of its window ``chunk`` of
        ``chunk_words`` words (the GGML block reader, whose blocks may pass the adapter's
        binding limit, reads them so)."""
        key = (buffer, chunk)
        if key not in self.buffers:
            self.buffers.append(key)
        return self.buffers.index(key)

    def load(self, graph: Graph, nid: int, index: str) -> str:
        loc = self.locate(nid)
        dtype = graph.nodes[nid].dtype
        if loc.packed:
            at = f"({loc.word}u + {index})"
            word = f"mem{self.binding(loc.buffer)}[{at} >> 1u]"
            return f"{NARROW[dtype][0]}(({word} >> (({at} & 1u) << 4u)) & 0xffffu)"
        return load(self.binding(loc.buffer), loc.word, index, dtype)

    def store(self, graph: Graph, nid: int, index: str, value: str) -> str:
        loc = self.locate(nid)
        assert not loc.packed, f"wgpu: node %{nid} is held packed and read-only"
        return store(self.binding(loc.buffer), loc.word, index, graph.nodes[nid].dtype, value)

    def fresh(self, stem: str) -> str:
        self.temps += 1
        return f"{stem}{self.temps}"

    def emit(self, line: str, indent: int = 1) -> None:
        self.lines.append("  " * indent + line)

    def fail(self, which: int, *values: str, wide: int = -1) -> str:
        """A statement recording a run-time failure of this kernel: error text ``which``
        of its op (:data:`rlx.backends.wgpu.wgsl.ERRORS`), its fields filled from
        ``values``: i32 expressions, but for value number ``wide``, which is held as an
        i64 (STATUS_VALUES words of two each: low, high)."""
        self.status = True
        words = [f"rlx_status[0] = {self.number}u; rlx_status[1] = {which}u;"]
        for k, v in enumerate(values):
            lo, hi = 2 + 2 * k, 3 + 2 * k
            if k == wide and DEVICE_TYPES[DType.I64] == "i64":
                words.append(f"rlx_status[{lo}] = u32({v} & 0xffffffffli); "
                             f"rlx_status[{hi}] = u32({v} >> 32u);")
            else:
                words.append(f"rlx_status[{lo}] = bitcast<u32>(i32({v})); "
                             f"rlx_status[{hi}] = select(0u, 0xffffffffu, i32({v}) < 0);")
        return " ".join(words)

    def source(self, header: str, status: int | None) -> str:
        decls = [f"@group(0) @binding({i}) var<storage, read_write> mem{i}: array<u32>;"
                 for i in range(len(self.buffers))]
        if status is not None:
            decls.append(f"@group(0) @binding({len(self.buffers)}) "
                         "var<storage, read_write> rlx_status: array<u32>;")
        prelude = PRELUDE + (PRELUDE_I64 if DEVICE_TYPES[DType.I64] == "i64" else "")
        return "\n".join([prelude, *decls, *self.functions, header, *self.lines, "}"])


def _grid(count: int) -> tuple[int, int, int]:
    groups = max(1, -(-count // WORKGROUP))
    x = min(groups, MAX_GROUPS)
    return (x, -(-groups // x), 1)


def _flat_header(grid: tuple[int, int, int], count: int) -> list[str]:
    return ["@compute @workgroup_size(64)",
            "fn main(@builtin(global_invocation_id) g: vec3<u32>) {",
            f"  let i = g.x + g.y * {grid[0] * WORKGROUP}u;",
            f"  if (i >= {count}u) {{ return; }}"]


def _unravel(w: _Writer, flat: str, shape: Sequence[int], stem: str) -> list[str]:
    """Emit the multi-index of ``flat`` in ``shape`` (row-major); returns its names."""
    names = []
    strides = row_major_strides(tuple(shape))
    for axis, (d, s) in enumerate(zip(shape, strides)):
        name = f"{stem}{axis}"
        if d == 1:
            w.emit(f"let {name} = 0u;")
        elif axis == 0:
            w.emit(f"let {name} = {flat} / {s}u;")
        else:
            w.emit(f"let {name} = ({flat} / {s}u) % {d}u;")
        names.append(name)
    return names


def _dot(index: Sequence[str], strides: Sequence[int]) -> str:
    terms = [f"{i} * {s}u" if s != 1 else i for i, s in zip(index, strides) if s != 0]
    return " + ".join(terms) if terms else "0u"


def _shape(node: Node) -> tuple[int, ...]:
    return tuple(int(d) for d in node.shape)


def _numel(shape: Sequence[int]) -> int:
    return int(np.prod(shape, dtype=np.int64))


def numel(node: Node) -> int:
    """Elements of ``node``'s value (at the bounds of symbolic dimensions)."""
    return _numel(_shape(node))


# --------------------------------------------------------------------------- loop nests

def emit_nest(w: _Writer, graph: Graph, nest: LoopNest, index: Sequence[str],
              given: dict[int, str] | None = None) -> str:
    """Emit ``nest``'s body at the domain multi-index ``index``; returns the name of
    the stored value. ``given`` maps node ids to expressions already computed (an
    anchor's result); the other loads read memory."""
    values: dict[int, str] = dict(given or {})
    for ld in nest.loads:
        if ld.node in values:
            continue
        name = w.fresh("l")
        w.emit(f"let {name} = {w.load(graph, ld.node, _dot(index, ld.strides))};")
        values[ld.node] = name
    for nid in nest.body:
        name = w.fresh("v")
        expr = node_expression(graph, nid, [values[i] for i in graph.nodes[nid].inputs])
        w.emit(f"let {name} = {expr};")
        values[nid] = name
    return values[nest.store]


def _elementwise(graph: Graph, kernel: Kernel, w: _Writer) -> tuple[str, tuple[int, int, int]]:
    out = kernel.outputs[0]
    shape = _shape(graph.nodes[out])
    count = _numel(shape)
    grid = _grid(count)
    body = [n for n in kernel.nodes if OPS[graph.nodes[n].op].category in ELEMENTWISE_CATEGORIES]
    nest = loop_nest(graph, body, out)
    index = _unravel(w, "i", shape, "o")
    value = emit_nest(w, graph, nest, index)
    w.emit(w.store(graph, out, "i", value))
    return "\n".join(_flat_header(grid, count)), grid
