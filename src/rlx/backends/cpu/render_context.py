"""The context a cpu kernel renderer writes C with: :class:`RenderContext` (storage
pointers, the scratch and keep regions, OpenMP decisions, loop nests) and
:class:`Slot`, one entry of the caller's slot table. How these fit into the whole
translation unit (entry point, compile parts, the keep region's life) is
:mod:`rlx.backends.cpu.render`'s module docstring; that module re-exports these names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rlx.backends.base import ALIGNMENT, round_up
from rlx.backends.collective import CollectiveCall
from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph
from rlx.ir.ops import RANDOM_OPS
from rlx.ir.types import Shape, numel
from rlx.passes.loops import LoopNest, row_major_strides
from rlx.passes.memory import MemoryPlan
from rlx.passes.program import Kernel, Program

PARALLEL_MIN_ELEMENTS = 1 << 15   # less work (cstyle.element_cost) runs on one thread


@dataclass(frozen=True)
class Slot:
    """One pointer the caller passes: ``kind`` is input, param, constant, fixed or output."""

    kind: str
    node: int
    name: str
    output_index: int = -1


@dataclass
class RenderContext:
    program: Program
    plan: MemoryPlan
    threads: int
    winograd: bool = True
    """Whether convolutions may take Winograd kernels (``CompileOptions.winograd``)."""
    slots: list[Slot] = field(default_factory=list)
    features: set[str] = field(default_factory=set)
    helpers: dict[str, str] = field(default_factory=dict)
    profiled: list[Kernel] = field(default_factory=list)
    scratch_bytes: int = 0
    """Bytes of the scratch region: the most any one kernel takes."""
    _kernel_scratch: int = 0
    keep_bytes: int = 0
    """Bytes of the keep region (every kernel's kept values, one after the other)."""
    _slot_of: dict[int, int] = field(default_factory=dict)
    _ids: dict[int, int] = field(default_factory=dict)
    extent_masks: frozenset[int] | None = None
    """The extents pass's mask nodes (``kernels.extents``; found on first use)."""
    render_kernel: Callable[[RenderContext, Kernel], str | None] | None = None
    """The kernel renderer (``render_program``'s), for control-flow bodies."""
    functions: list[str] = field(default_factory=list)
    """Functions the kernel being rendered calls (its bodies' code), emitted before it."""
    bodies: list[str] = field(default_factory=list)
    """Names of every body function rendered so far (shared with the bodies' contexts)."""
    statics: dict[int, str] = field(default_factory=dict)
    """A body's constants: node id -> the static C array holding its bytes."""
    dynamic_keep: list[str] = field(default_factory=list)
    """C expressions of the sizes of the keep buffers whose size only the compiled code
    knows (:meth:`keep_dynamic`), in order."""
    collectives: list[CollectiveCall] = field(default_factory=list)
    """The collectives the kernels call back for, in index order (shared with the
    bodies' contexts): what the executable's callback runs for each index."""
    overlapped: list[tuple[int, int, str]] | None = None
    """(callback index, node, the C body that waits for it) of each overlapped
    all_reduce the kernel being rendered starts; :func:`render_program` puts the wait
    before the first kernel reading the result. None in a control-flow body, whose
    all_reduces run where they stand."""

    @property
    def graph(self) -> Graph:
        return self.program.graph

    # ------------------------------------------------------------ slots and pointers
    def assign_slots(self) -> None:
        g = self.graph
        for nid, node in enumerate(g.nodes):
            if node.op in ("input", "param"):
                self._add_slot(Slot(node.op, nid, node.attr("name")))
        for nid, node in enumerate(g.nodes):
            if node.op in ("constant", "arange"):
                self._add_slot(Slot("constant", nid, f"%{nid}"))
            elif node.op in RANDOM_OPS and nid not in g.outputs:
                self._add_slot(Slot("fixed", nid, f"%{nid}"))
        for i, nid in enumerate(g.outputs):
            slot = Slot("output", nid, f"output {i}", i)
            self.slots.append(slot)
            self._slot_of.setdefault(nid, len(self.slots) - 1)

    def _add_slot(self, slot: Slot) -> None:
        self._slot_of[slot.node] = len(self.slots)
        self.slots.append(slot)

    def base(self, nid: int) -> str:
        """``uint8_t *`` expression of the first byte of ``nid``'s storage."""
        if nid in self.statics:
            return f"((uint8_t *){self.statics[nid]})"
        if nid in self._slot_of:
            return f"((uint8_t *)slots[{self._slot_of[nid]}])"
        buf = self.plan.buffers[nid]
        if buf.kind == "arena":
            return f"(arena + {buf.offset})"
        if buf.kind == "view":
            return f"({self.base(buf.root)} + {buf.offset})"
        raise AssertionError(f"node {nid} has no storage ({buf.kind})")

    def ptr(self, nid: int, const: bool = False) -> str:
        """Typed storage pointer expression for node ``nid``."""
        ct = cstyle.ctype(self.graph.nodes[nid].dtype)
        qual = "const " if const else ""
        return f"(({qual}{ct} *){self.base(nid)})"

    # ------------------------------------------------------------ scratch
    @property
    def scratch_base(self) -> int:
        """Arena offset of the scratch region (after the memory plan's buffers)."""
        return round_up(self.plan.arena_bytes, ALIGNMENT)

    @property
    def arena_bytes(self) -> int:
        """Bytes the caller's arena must hold: the plan's buffers, then the scratch."""
        return self.scratch_base + self.scratch_bytes

    def begin_kernel(self) -> None:
        """Start a kernel: its scratch buffers start again at the region's beginning."""
        self._kernel_scratch = 0

    def scratch(self, name: str, dtype: DType, count: int) -> str:
        """Declaration of ``name``, a pointer to ``count`` elements of ``dtype`` in the
        current kernel's scratch: ``ALIGNMENT``-aligned, not initialised (it holds
        what the kernel before left there: write before reading). Every kernel's scratch
        shares one region of the arena, so the memory a kernel works in was used by
        the kernels just before it and is in cache, where buffers of its own (static
        arrays) would have lain untouched since the previous run. Values that must
        survive until the next run (weights repacked once) go in the keep region
        (:meth:`keep`)."""
        offset = self.scratch_base + self._kernel_scratch
        self._kernel_scratch += _region_bytes(dtype, count)
        self.scratch_bytes = max(self.scratch_bytes, self._kernel_scratch)
        return _pointer_line(name, dtype, "arena", offset)

    def keep(self, name: str, dtype: DType, count: int) -> str:
        """Declaration of ``name``, a pointer to ``count`` elements of ``dtype`` in the
        keep region: zeroed when the executable is made, ``ALIGNMENT``-aligned, and what
        the kernel writes there stays until it writes again (module docstring)."""
        offset = self.keep_bytes
        self.keep_bytes += _region_bytes(dtype, count)
        return _pointer_line(name, dtype, "RLX_KEEP", offset)

    def keep_dynamic(self, name: str, size: str) -> str:
        """Declaration of ``name``, a ``uint8_t *`` to a keep buffer of ``size`` bytes, a C
        expression the compiled code evaluates (a plan whose layout depends on the ISA
        tier: the source is the same for every tier). These buffers follow the static
        keep region and a table of their offsets (filled on first use by
        ``rlx_keep_dyn``), each 64-byte aligned; ``rlx_keep_bytes()`` adds their sizes up.
        Same lifetime as :meth:`keep`'s."""
        self.dynamic_keep.append(size)
        return f"uint8_t *{name} = RLX_KEEP + rlx_keep_dyn(ctl, {len(self.dynamic_keep) - 1});"

    def node_id(self, node) -> int:
        """Id of ``node`` (a Node object of this graph) — for single-op renderers."""
        if not self._ids:
            self._ids.update({id(n): i for i, n in enumerate(self.graph.nodes)})
        return self._ids[id(node)]

    def dtype(self, nid: int) -> DType:
        return self.graph.nodes[nid].dtype

    def shape(self, nid: int) -> Shape:
        return self.graph.nodes[nid].shape

    def need(self, feature: str) -> None:
        """Mark a feature of the prelude as used (e.g. 'blas')."""
        self.features.add(feature)

    def add_helper(self, name: str, code: str) -> None:
        """A C helper emitted once before the kernels (deduplicated by name)."""
        self.helpers.setdefault(name, code)

    # ------------------------------------------------------------ parallel loops
    def parallel_for(self, work_elements: int, iterations: int) -> str:
        """An OpenMP pragma for a loop of ``iterations`` doing ``work_elements`` in all, or
        ''."""
        if self.threads > 1 and iterations > 1 and work_elements >= PARALLEL_MIN_ELEMENTS:
            return f"#pragma omp parallel for schedule(static) num_threads({self.threads})"
        return ""

    def parallel(self, w: CWriter, work_elements: int, iterations: int,
                 run_time_work: str | None = None):
        """The loop written in the ``with``, split over the threads as
        :meth:`parallel_for` says. ``run_time_work``: a C expression of the work a run
        actually does (symbolic extents: ``work_elements`` is then the bound's), which
        must pay for the threads too: the loop is then written twice, threaded and not
        (:meth:`CWriter.parallel`)."""
        condition = (f"{run_time_work} >= {PARALLEL_MIN_ELEMENTS}"
                     if run_time_work is not None else None)
        return w.parallel(self.parallel_for(work_elements, iterations), condition)

    # ------------------------------------------------------------ loop nests
    def nest_values(self, nest: LoopNest, offsets: list[str], temps: dict[int, str],
                    indent: str) -> tuple[list[str], str]:
        """Statements evaluating ``nest.body`` given each load's element offset; returns
        (statements, C name of the stored value). ``temps`` maps node ids already
        available as C values (e.g. an anchor's result) to their names."""
        g = self.graph
        names = dict(temps)
        lines = []
        for ld, off in zip(nest.loads, offsets):
            if ld.node in names:
                continue
            dt = g.nodes[ld.node].dtype
            scalar = _scalar_constant(g, ld.node)
            if scalar is not None:
                names[ld.node] = cstyle.literal(scalar, dt)
                continue
            name = f"v{ld.node}"
            lines.append(f"{indent}const {cstyle.cty(dt)} {name} = "
                         f"{cstyle.load(dt, f'{self.ptr(ld.node, True)}[{off}]')};")
            names[ld.node] = name
        for nid in nest.body:
            node = g.nodes[nid]
            args = [names[i] for i in node.inputs]
            dts = [g.nodes[i].dtype for i in node.inputs]
            expr = cstyle.expression(node, args, dts)
            name = f"t{nid}"
            lines.append(f"{indent}const {cstyle.cty(node.dtype)} {name} = {expr};")
            names[nid] = name
        return lines, names[nest.store]

    def render_nest(self, nest: LoopNest, out: int, temps_from: dict[int, int] | None = None,
                    runs=None) -> str:
        """A complete loop computing ``nest`` and storing into node ``out``'s buffer.

        ``temps_from`` maps node ids to nodes whose buffer holds their value with the
        domain's own layout (an anchor's result read back in place). ``runs`` (a
        :class:`~rlx.backends.cpu.kernels.extents.RowRuns` of the domain's leading
        axes, the last axis fixed) visits the active rows only."""
        dims = nest.domain
        total = numel(dims)
        if total == 0:
            return "    /* empty domain */"
        cost = cstyle.element_cost(self.graph.nodes[n].op for n in nest.body)
        loads = nest.loads
        flat = all(_is_contiguous(ld.strides, dims) or not any(ld.strides) for ld in loads)
        out_ct = self.dtype(out)
        if flat or len(dims) <= 1:
            rows, inner = 1, total
            row_strides = [() for _ in loads]
            inner_strides = [_flat_stride(ld.strides, dims) for ld in loads]
        else:
            rows, inner = numel(dims[:-1]), dims[-1]
            row_strides = [ld.strides[:-1] for ld in loads]
            inner_strides = [ld.strides[-1] for ld in loads]
        w = CWriter(indent=1)

        def element(offsets: list[str], out_index: str) -> None:
            """The statements computing and storing one element of the domain."""
            temps = {}
            for src, holder in (temps_from or {}).items():
                i = nest.load_of(src)
                if i is None:
                    continue
                dt = self.dtype(holder)
                name = f"a{src}"
                w.line(f"const {cstyle.cty(dt)} {name} = "
                       f"{cstyle.load(dt, f'{self.ptr(holder, True)}[{offsets[i]}]')};")
                temps[src] = name
            body, value = self.nest_values(nest, offsets, temps, "")
            w.extend(body)
            w.line(f"{self.ptr(out)}[{out_index}] = {cstyle.store(out_ct, value)};")

        if runs is not None and len(dims) > 1:
            rows, inner = numel(dims[:-1]), dims[-1]
            with runs.each_row(w, self, rows, inner, cost):
                for i, ld in enumerate(loads):
                    rs = ((_flat_stride(ld.strides, dims) * inner,) if flat else
                          ld.strides[:-1])
                    expr = (f"r * {rs[0]}" if rs[0] else "0") if flat else _offset_expr(
                        rs, dims[:-1], "r")
                    w.line(f"const int64_t ro{i} = {expr};")
                steps = [_flat_stride(ld.strides, dims) if flat else ld.strides[-1]
                         for ld in loads]
                w.line("#pragma omp simd")
                with w.block(f"for (int64_t j = 0; j < {inner}; j++)"):
                    element([f"ro{i} + j * {s}" if s else f"ro{i}"
                             for i, s in enumerate(steps)], f"r * {inner} + j")
        elif rows > 1:
            w.pragma(self.parallel_for(total * cost, rows))
            with w.block(f"for (int64_t r = 0; r < {rows}; r++)"):
                for i, rs in enumerate(row_strides):
                    w.line(f"const int64_t ro{i} = {_offset_expr(rs, dims[:-1], 'r')};")
                w.line("#pragma omp simd")
                with w.block(f"for (int64_t j = 0; j < {inner}; j++)"):
                    element([f"ro{i} + j * {s}" if s else f"ro{i}"
                             for i, s in enumerate(inner_strides)], f"r * {inner} + j")
        else:
            if self.threads > 1 and total * cost >= PARALLEL_MIN_ELEMENTS:
                w.line(f"#pragma omp parallel for simd schedule(static) "
                       f"num_threads({self.threads})")
            else:
                w.line("#pragma omp simd")
            with w.block(f"for (int64_t j = 0; j < {total}; j++)"):
                element([f"j * {s}" if s else "0" for s in inner_strides], "j")
        return w.text()


def _scalar_constant(graph: Graph, nid: int) -> float | int | None:
    """The value of a one-element constant (inlined as a literal), else None."""
    node = graph.nodes[nid]
    if node.op != "constant" or node.type.numel != 1 or node.dtype.is_complex:
        return None
    return node.attr("value").array().reshape(-1)[0].item()


def _is_contiguous(strides: tuple[int, ...], dims: Shape) -> bool:
    return all(s == r or d == 1 for s, r, d in zip(strides, row_major_strides(dims), dims))


def _flat_stride(strides: tuple[int, ...], dims: Shape) -> int:
    """Stride over the flattened domain for a load that is contiguous (1) or scalar (0)."""
    if not any(s for s, d in zip(strides, dims) if d != 1):
        return 0
    return 1


def _offset_expr(strides: tuple[int, ...], dims: Shape, var: str) -> str:
    """Element offset of flat index ``var`` over ``dims`` for a load with ``strides``."""
    if not any(s for s, d in zip(strides, dims) if d != 1):
        return "0"
    if _is_contiguous(strides, dims):
        return var
    terms = []
    inner = 1
    for axis in range(len(dims) - 1, -1, -1):
        d, s = dims[axis], strides[axis]
        if d != 1 and s:
            idx = f"({var} / {inner})" if inner > 1 else var
            idx = f"({idx} % {d})" if axis > 0 else idx
            terms.append(f"{idx} * {s}")
        inner *= d
    return " + ".join(terms) if terms else "0"


def _region_bytes(dtype: DType, count: int) -> int:
    """Bytes a scratch or keep buffer of ``count`` elements takes (ALIGNMENT-rounded)."""
    return round_up(max(count, 1) * dtype.itemsize, ALIGNMENT)


def _pointer_line(name: str, dtype: DType, region: str, offset: int) -> str:
    """The statement declaring ``name`` at ``offset`` bytes into ``region`` (no indent:
    a CWriter places it)."""
    ctype = cstyle.ctype(dtype)
    return f"{ctype} *{name} = ({ctype} *)({region} + {offset});"
