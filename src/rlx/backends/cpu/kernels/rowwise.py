"""Row walks: the geometry, lane reductions and frames the cpu backend's row-wise and
reduction kernels are built from.

The renderers in :mod:`rlx.backends.cpu.kernels.rowreduce` (the ``rowwise`` and
``reduce`` kernel kinds) and :mod:`rlx.backends.cpu.kernels.rowops` (argmax, cumsum and
the other single row ops) describe one row of their work with the :class:`Walk` and
:class:`Frame` defined here; the attention kernels borrow :func:`lane_reduction`.
This module renders no kernel of its own.

Geometry. A kernel walks its operand's domain through a :class:`Walk`: axes of size 1
are dropped, and neighbouring axes of the same class (reduced or kept) merge when every
array the kernel touches (prologue loads, gamma / beta, epilogue loads, the output)
steps through them as through one axis. The kept groups, except a kept group after the
last reduced one, index the *rows* (flat index ``p``); the reduced groups are nested
loops inside a row. A kept group after the reduced ones (a softmax over a non-last
axis, a sum over leading axes) becomes the *lanes*: a row then handles up to
``LANE_BLOCK`` lanes at once, with one accumulator per lane, so that the innermost
loop is contiguous and vectorises. Without lanes the innermost reduced loop is the
vectorised one (``#pragma omp simd`` with a reduction clause).

Frames. A :class:`Frame` reads the kernel's operand and stores its results. The
prologue is evaluated inline wherever the operand is read, in every pass (it is
never stored), and rounded to the operand's dtype as if it had been materialised;
the anchor's value is rounded to its dtype before the epilogue, which is applied as
each result is stored.

Lane reductions. Without lanes, a row is reduced over ``REDUCE_LANES`` lanes
(element j in lane j % REDUCE_LANES, the lanes combined pairwise at the end). A sum
given a float partial type (:class:`Acc`) first sums its f16/bf16/f32 values in float
lanes over blocks of ``SUM_BLOCK`` elements (eight terms per lane), each block's lanes
then added into lanes of the accumulator's own (double) type. The rounding error is
then a few float roundings of the summed magnitudes whatever the row length (a plain
float sum's grows with it); this runs at the speed of a float reduction, which a
double-only loop (one conversion per element) does not.

Threads. Rows (row x lane-block pairs) are split statically over threads and every
row accumulates in a fixed order, so results do not depend on the thread count.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.extents import row_runs
from rlx.backends.cpu.render import RenderContext, _offset_expr
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.types import Shape, numel
from rlx.passes.loops import LoopNest, kernel_epilogue, kernel_prologue, row_major_strides
from rlx.passes.program import Kernel

LANE_BLOCK = 64
"""Most lanes one row iteration handles (per-lane accumulators live on the stack)."""

SUM_BLOCK = 128
"""Elements a float partial sum covers before it is added to its double accumulator."""

Body = Callable[[CWriter], None]
"""Writes the C statements for one lane (or one element)."""

SweepBody = Callable[[CWriter, Callable[[str], str]], None]
"""Given the accumulator resolver too, writes the statements for one element."""


# =========================================================================== geometry

@dataclass
class _Group:
    """Merged axes of one class: ``size`` elements, ``strides[key]`` per vector."""

    size: int
    reduced: bool
    strides: dict[str, int]


@dataclass(frozen=True)
class Acc:
    """A per-row accumulator a sweep updates, with its OpenMP reduction operator ``op``
    (``+``, ``*``, ``max``, ``min``, ``|``). ``partial`` is a narrower C type for sums
    of float values: without lanes, each block of ``SUM_BLOCK`` elements is summed in
    lanes of it (short chains that vectorise) and the block's lanes are then added
    into lanes of the accumulator's type, so its precision bounds the error across
    blocks."""

    name: str
    op: str
    partial: str | None = None


def _join(*terms: str) -> str:
    """C sum of ``terms`` without the zero ones ('0' when none is left)."""
    kept = [t for t in terms if t and t != "0"]
    return " + ".join(kept) if kept else "0"


def _scaled(var: str, stride: int) -> str:
    if stride == 0:
        return "0"
    return var if stride == 1 else f"{var} * {stride}"


def _plain(name: str) -> str:
    return name


@dataclass
class Walk:
    """How a kernel visits its operand's domain (see the module docstring).

    ``outer``: kept groups indexed by the row variable ``p``; ``reduced``: groups
    visited by the loops ``i0, i1, ...`` inside a row; ``lane``: the trailing kept
    group handled in blocks (``q = q0 + l``), or None; ``count``: elements reduced
    per result (0 for an empty reduction, whose sweeps are then omitted); ``keys``:
    the vectors (arrays) whose offsets the kernel computes, in a fixed order.

    A renderer writes the statements of one row with :meth:`declare`,
    :meth:`sweep`, :meth:`sweep_head` and :meth:`per_lane` in a function that
    :meth:`rows_loop` calls inside the row loop.
    """

    outer: list[_Group]
    reduced: list[_Group]
    lane: _Group | None
    count: int
    keys: tuple[str, ...]

    # ------------------------------------------------------------ sizes
    @property
    def rows(self) -> int:
        return numel(tuple(g.size for g in self.outer))

    @property
    def block(self) -> int:
        return min(self.lane.size, LANE_BLOCK) if self.lane else 1

    @property
    def blocks(self) -> int:
        return -(-self.lane.size // self.block) if self.lane else 1

    # ------------------------------------------------------------ names and offsets
    def slot(self, name: str) -> str:
        """The C lvalue of a per-row value: an array element per lane, or a scalar."""
        return f"{name}[l]" if self.lane else name

    def base(self, key: str) -> str:
        """Offset of vector ``key`` at the start of row ``p`` (a C expression)."""
        strides = tuple(g.strides[key] for g in self.outer)
        return _offset_expr(strides, tuple(g.size for g in self.outer), "p")

    def offset(self, key: str) -> str:
        """Offset of vector ``key`` at the current element (inside :meth:`sweep`) or
        lane (inside :meth:`per_lane`, for vectors whose reduced strides are 0)."""
        terms = []
        if self.base(key) != "0":
            terms.append(f"b{self.keys.index(key)}")
        terms += [_scaled(f"i{n}", g.strides[key]) for n, g in enumerate(self.reduced)]
        if self.lane:
            terms.append(_scaled("q", self.lane.strides[key]))
        return _join(*terms)

    # ------------------------------------------------------------ the row loop
    def rows_loop(self, ctx: RenderContext, work: int, body: Body,
                  active: bool = False, row_dims: Shape | None = None) -> str:
        """The kernel: the row loop (parallel when ``work`` elements pay for it) around
        the statements ``body`` writes. ``active`` honours the active extent: when
        ``ctl[2] >= 0`` and ``ctl[3]`` equals the row count, only rows
        ``0 .. min(ctl[2], rows) - 1`` run. ``row_dims`` (the row-major dimensions the
        rows index, when the caller knows them) with symbolic dimensions visits the
        rows of the run's extents only.

        The row body works on a local copy of the slot pointers it uses: GCC cannot
        tell that the stores into its OpenMP reduction arrays leave ``slots[]`` alone,
        and would otherwise reload the pointers per element and fall back to gathers.
        """
        w = CWriter(indent=1)
        w.line("void **const rlx_caller_slots = slots;")
        rows = str(self.rows)
        runs = row_runs(ctx, row_dims) if row_dims is not None else None
        if runs is not None:
            runs.declare(w, "rows")
            rows = "rows"
        elif active:
            w.line(f"int64_t rows = {rows};")
            w.line(f"if (ctl[2] >= 0 && ctl[3] == {rows}) "
                   f"rows = ctl[2] < {rows} ? ctl[2] : {rows};")
            rows = "rows"
        w.pragma(ctx.parallel_for(work, self.rows * self.blocks))
        if self.lane:
            header = f"for (int64_t t = 0; t < {rows} * {self.blocks}; t++)"
        elif runs is not None:
            header = f"for (int64_t ap = 0; ap < {rows}; ap++)"
        else:
            header = f"for (int64_t p = 0; p < {rows}; p++)"
        with w.block(header):
            if runs is not None and not self.lane:
                runs.row(w, "ap", "p")
            if self.lane:
                if runs is not None:
                    w.line(f"const int64_t ap = t / {self.blocks};")
                    runs.row(w, "ap", "p")
                else:
                    w.line(f"const int64_t p = t / {self.blocks};")
                w.line(f"const int64_t q0 = (t % {self.blocks}) * {self.block};")
                w.line(f"const int64_t qn = {self.lane.size} - q0 < {self.block} ? "
                       f"{self.lane.size} - q0 : {self.block};")
            row = w.sub()
            body(row)
            text = "\n".join(row.lines)
            used = sorted({int(k) for k in re.findall(r"\bslots\[(\d+)\]", text)})
            if used:
                # room for every slot of the program, so that kernels differing only in
                # their slots share one function (render._shared_form)
                w.line(f"enum {{ rlx_nslots = {max(len(ctx.slots), used[-1] + 1)} }};")
                w.line("void *slots[rlx_nslots];")
                for k in used:
                    w.line(f"slots[{k}] = rlx_caller_slots[{k}];")
            for index, key in enumerate(self.keys):
                base = self.base(key)
                if base != "0":
                    w.line(f"const int64_t b{index} = {base};")
            w.lines += row.lines
        return w.text()

    # ------------------------------------------------------------ row statements
    def declare(self, w: CWriter, decls: list[tuple[str, str, str | None]]) -> None:
        """Per-row values ``(C type, name, initial value or None)``: scalars, or one
        array element per lane."""
        if not self.lane:
            for ct, name, init in decls:
                w.line(f"{ct} {name}" + (f" = {init};" if init is not None else ";"))
            return
        for ct, name, _ in decls:
            w.line(f"{ct} {name}[{self.block}];")
        inits = [(name, init) for _, name, init in decls if init is not None]

        def initialise(w: CWriter) -> None:
            for name, init in inits:
                w.line(f"{name}[l] = {init};")

        if inits:
            self.per_lane(w, initialise)

    def per_lane(self, w: CWriter, body: Body) -> None:
        """``body`` once per lane of the row (once, in a block, without lanes)."""
        if not self.lane:
            with w.block():
                body(w)
            return
        w.line("#pragma omp simd")
        with w.block("for (int64_t l = 0; l < qn; l++)"):
            w.line("const int64_t q = q0 + l;")
            body(w)

    def sweep(self, w: CWriter, body: SweepBody, accs: tuple[Acc, ...] = (),
              simd: bool = True, reverse: bool = False) -> None:
        """``body(w, acc)`` for every element of the row, ``acc(name)`` giving the
        lvalue through which accumulator ``name`` (one of ``accs``) is updated.

        Loops run over the reduced groups (the innermost backwards when ``reverse``),
        then over the lanes. Without lanes the innermost loop carries ``#pragma omp
        simd`` with the accumulators' reduction clauses, or no pragma at all when not
        ``simd`` (a sequential scan); the lane loop is always simd (lanes are
        independent). Nothing when the reduction is empty."""
        if self.count == 0:
            return
        if self.lane:
            self._sweep_lanes(w, body, reverse)
        elif not self.reduced:
            with w.block():
                body(w, _plain)
        else:
            self._sweep_row(w, body, accs if simd else (), simd, reverse)

    @property
    def head_count(self) -> int:
        """Elements :meth:`sweep_head` visits: the start of the innermost reduced group."""
        return min(self.reduced[-1].size, SUM_BLOCK) if self.reduced else 1

    def sweep_head(self, w: CWriter, body: SweepBody, accs: tuple[Acc, ...]) -> None:
        """``body`` for the row's first :attr:`head_count` elements (the other reduced
        indices 0), a lane reduction into ``accs`` (no float partials); rows without
        lanes only."""
        assert self.lane is None
        with w.block():
            if not self.reduced:
                body(w, _plain)
                return
            last = len(self.reduced) - 1
            for n in range(last):
                w.line(f"const int64_t i{n} = 0;")
            lane_reduction(w, f"i{last}", "0", str(self.head_count),
                           [(a.name, a.op) for a in accs], body)

    @contextmanager
    def _loops(self, w: CWriter, count: int, reverse_last: bool) -> Iterator[None]:
        """The first ``count`` reduced loops around the statements written in the
        ``with`` (the innermost reduced loop backwards when ``reverse_last``)."""
        with ExitStack() as loops:
            for n, group in enumerate(self.reduced[:count]):
                if reverse_last and n == len(self.reduced) - 1:
                    header = f"for (int64_t i{n} = {group.size - 1}; i{n} >= 0; i{n}--)"
                else:
                    header = f"for (int64_t i{n} = 0; i{n} < {group.size}; i{n}++)"
                loops.enter_context(w.block(header))
            yield

    def _sweep_lanes(self, w: CWriter, body: SweepBody, reverse: bool) -> None:
        with self._loops(w, len(self.reduced), reverse):
            w.line("#pragma omp simd")
            with w.block("for (int64_t l = 0; l < qn; l++)"):
                w.line("const int64_t q = q0 + l;")
                body(w, lambda name: f"{name}[l]")

    def _sweep_row(self, w: CWriter, body: SweepBody, accs: tuple[Acc, ...], simd: bool,
                   reverse: bool) -> None:
        """The reduced loops of one row: a lane reduction (:func:`lane_reduction`)
        when there are accumulators, plain loops (simd, or a sequential scan)
        otherwise."""
        if simd and accs:
            self._reduce_row(w, body, accs)
            return
        last = len(self.reduced) - 1
        size = self.reduced[last].size
        var = f"i{last}"
        with self._loops(w, last, False):
            if simd:
                w.line("#pragma omp simd")
            if reverse:
                header = f"for (int64_t {var} = {size - 1}; {var} >= 0; {var}--)"
            else:
                header = f"for (int64_t {var} = 0; {var} < {size}; {var}++)"
            with w.block(header):
                body(w, _plain)

    def _reduce_row(self, w: CWriter, body: SweepBody, accs: tuple[Acc, ...]) -> None:
        """A row's reduction into ``accs`` over lanes (see :func:`lane_reduction`).
        Sums with a float ``partial`` type add each block of ``SUM_BLOCK`` elements
        of the innermost loop into float lanes, which are then added into lanes of
        the accumulator's own (double) type; those are combined at the end."""
        last = len(self.reduced) - 1
        size = self.reduced[last].size
        wide = [a for a in accs if a.partial is not None and a.op == "+"]
        names = [(a.name, a.op) for a in accs]
        with w.block():
            _lane_setup(w, names, {a.name: a.partial for a in wide})
            with self._loops(w, last, False):
                if not wide:
                    _lane_loops(w, f"i{last}", "0", str(size), names, body)
                else:
                    with w.block(f"for (int64_t blk = 0; blk < {size}; blk += {SUM_BLOCK})"):
                        w.line(f"const int64_t blk_end = blk + {SUM_BLOCK} < {size} ? "
                               f"blk + {SUM_BLOCK} : {size};")
                        w.line("#pragma omp simd")
                        with w.block(f"for (int l = 0; l < {REDUCE_LANES}; l++)"):
                            for a in wide:
                                w.line(f"{a.name}_l[l] = 0;")
                        _lane_loops(w, f"i{last}", "blk", "blk_end", names, body)
                        w.line("#pragma omp simd")
                        with w.block(f"for (int l = 0; l < {REDUCE_LANES}; l++)"):
                            for a in wide:
                                w.line(f"{a.name}_w[l] += {a.name}_l[l];")
            _lane_finish(w, names, {a.name for a in wide})


# =========================================================================== lane reductions

REDUCE_LANES = 16
"""Lanes of a row reduction: element ``j`` goes into lane ``j % REDUCE_LANES``."""


def _combine(op: str, a: str, b: str) -> str:
    """C expression folding accumulator value ``b`` into ``a`` under reduction ``op``
    (max / min never pick a nan over a number)."""
    if op == "max":
        return f"{b} > {a} ? {b} : {a}"
    if op == "min":
        return f"{b} < {a} ? {b} : {a}"
    return f"{a} {op} {b}"


def _lane_setup(w: CWriter, accs: list[tuple[str, str]],
                partial: dict[str, str] | None = None) -> None:
    """Declare and initialise the lane arrays of ``accs`` ((name, op) pairs, each
    name a declared scalar): ``<name>_l`` in the accumulator's type, starting at the
    identity of a sum or product and at the accumulator itself for idempotent ops;
    with a ``partial`` type, ``<name>_l`` has that type and ``<name>_w`` (the
    accumulator's type, from zero) collects its blocks."""
    partial = partial or {}
    inits = []
    for name, op in accs:
        if name in partial:
            w.line(f"{partial[name]} {name}_l[{REDUCE_LANES}];")
            w.line(f"__typeof__({name}) {name}_w[{REDUCE_LANES}];")
            inits.append(f"{name}_w[l] = 0;")
            continue
        w.line(f"__typeof__({name}) {name}_l[{REDUCE_LANES}];")
        start = {"+": "0", "*": "1"}.get(op, name)
        inits.append(f"{name}_l[l] = {start};")
    w.line("#pragma omp simd")
    with w.block(f"for (int l = 0; l < {REDUCE_LANES}; l++)"):
        w.extend(inits)


def _lane_loops(w: CWriter, var: str, low: str, high: str, accs: list[tuple[str, str]],
                body: SweepBody) -> None:
    """``body`` for ``var`` in ``[low, high)``, accumulating into the lane arrays: full
    groups of ``REDUCE_LANES`` consecutive elements as one simd loop, the rest one
    element per lane."""
    lane = {name: f"{name}_l[l]" for name, _ in accs}.__getitem__
    w.line(f"int64_t {var}_b = {low};")
    with w.block(f"for (; {var}_b + {REDUCE_LANES} <= {high}; {var}_b += {REDUCE_LANES})"):
        w.line("#pragma omp simd")
        with w.block(f"for (int l = 0; l < {REDUCE_LANES}; l++)"):
            w.line(f"const int64_t {var} = {var}_b + l;")
            body(w, lane)
    with w.block(f"for (int l = 0; {var}_b + l < {high}; l++)"):
        w.line(f"const int64_t {var} = {var}_b + l;")
        body(w, lane)


def _lane_finish(w: CWriter, accs: list[tuple[str, str]], wide: set[str]) -> None:
    """Combine each accumulator's lanes pairwise (a tree of log2(REDUCE_LANES)
    levels) and fold the result into the accumulator."""
    for name, op in accs:
        array = f"{name}_w" if name in wide else f"{name}_l"
        with w.block(f"for (int w = {REDUCE_LANES // 2}; w > 0; w /= 2)"):
            w.line("#pragma omp simd")
            w.line(f"for (int l = 0; l < w; l++) "
                   f"{array}[l] = {_combine(op, f'{array}[l]', f'{array}[l + w]')};")
        w.line(f"{name} = {_combine(op, name, f'{array}[0]')};")


def lane_reduction(w: CWriter, var: str, low: str, high: str, accs: list[tuple[str, str]],
                   body: SweepBody) -> None:
    """A block reducing ``body`` over ``var`` in ``[low, high)`` into the declared
    scalars ``accs`` ((name, op) pairs; ``body(w, acc)`` updates ``acc(name)``).

    Element ``j`` is folded into lane ``j % REDUCE_LANES`` of a per-accumulator array
    (a vector register: the lanes are independent, so the loop vectorises with no
    reassociation), and the lanes are combined pairwise at the end. GCC's own
    ``omp simd`` reductions end in a chain of REDUCE_LANES dependent scalar adds, which
    costs more than the loop itself on rows of a few hundred elements."""
    with w.block():
        _lane_setup(w, accs)
        _lane_loops(w, var, low, high, accs, body)
        _lane_finish(w, accs, set())


def plan_walk(dims: Shape, reduced_axes: tuple[int, ...],
              vectors: dict[str, tuple[int, ...]]) -> Walk:
    """The :class:`Walk` over ``dims`` reducing ``reduced_axes``; ``vectors`` gives each
    array's element strides over ``dims`` (0 where it does not move)."""
    reduced_set = set(reduced_axes)
    count = numel(tuple(dims[a] for a in reduced_set))
    groups: list[_Group] = []
    for axis, size in enumerate(dims):
        reduced = axis in reduced_set
        if size == 1 or (reduced and count == 0):
            continue
        strides = {key: v[axis] for key, v in vectors.items()}
        last = groups[-1] if groups else None
        if last is not None and last.reduced == reduced and all(
                last.strides[k] == s * size for k, s in strides.items()):
            last.size *= size
            last.strides = strides
        else:
            groups.append(_Group(size, reduced, strides))
    lane = None
    if groups and not groups[-1].reduced and any(g.reduced for g in groups):
        lane = groups.pop()
    return Walk([g for g in groups if not g.reduced], [g for g in groups if g.reduced],
                lane, count, tuple(vectors))


def lift(strides: tuple[int, ...], dims: Shape, axes: tuple[int, ...],
         keepdims: bool) -> tuple[int, ...]:
    """Strides over a reduction's result shape as strides over its operand ``dims``:
    0 along the reduced ``axes``."""
    out = []
    k = 0
    for axis in range(len(dims)):
        if axis in axes:
            out.append(0)
            k += 1 if keepdims else 0
        else:
            out.append(strides[k])
            k += 1
    return tuple(out)


# =========================================================================== frames

def _rounded(value: str, dt: DType) -> str:
    """``value`` (compute type) rounded to ``dt`` as storing and reloading it would."""
    if dt is DType.F16:
        return f"rlx_round_h({value})"
    if dt is DType.BF16:
        return f"rlx_round_b({value})"
    return value


def exp(dt: DType) -> str:
    """The prelude's exp function for the compute type of ``dt``."""
    return "rlx_expf" if cstyle.cty(dt) == "float" else "rlx_expd"


@dataclass
class _Operand:
    """The anchor's first operand, read element by element: straight from its buffer,
    or through the kernel's prologue (``nest``) evaluated inline."""

    node: int
    dtype: DType
    nest: LoopNest | None
    strides: list[tuple[int, ...]]

    @classmethod
    def of(cls, graph: Graph, kernel: Kernel, anchor: int) -> _Operand:
        node = graph.nodes[anchor].inputs[0]
        nest = kernel_prologue(graph, kernel, anchor)
        if nest is None:
            strides = [row_major_strides(graph.nodes[node].shape)]
        else:
            strides = [ld.strides for ld in nest.loads]
        return cls(node, graph.nodes[node].dtype, nest, strides)

    def vectors(self) -> dict[str, tuple[int, ...]]:
        return {f"x{i}": s for i, s in enumerate(self.strides)}

    def read(self, ctx: RenderContext, walk: Walk, w: CWriter, target: str) -> None:
        """Assign the current element (compute type) to ``target``."""
        offsets = [walk.offset(f"x{i}") for i in range(len(self.strides))]
        if self.nest is None:
            ref = f"{ctx.ptr(self.node, True)}[{offsets[0]}]"
            w.line(f"{target} = {cstyle.load(self.dtype, ref)};")
            return
        body, value = ctx.nest_values(self.nest, offsets, {}, "")
        with w.block():
            w.extend(body)
            w.line(f"{target} = {_rounded(value, self.dtype)};")


@dataclass
class Frame:
    """What the passes of one kernel share: its walk, operand reader, epilogue and
    output. Offsets refer to the loop variables of :meth:`Walk.sweep` /
    :meth:`Walk.per_lane`."""

    ctx: RenderContext
    anchor: int
    operand: _Operand
    epilogue: LoopNest | None
    out: int
    walk: Walk

    @property
    def dtype(self) -> DType:
        return self.ctx.dtype(self.anchor)

    @property
    def ct(self) -> str:
        return cstyle.cty(self.dtype)

    def read(self, w: CWriter, target: str = "r_x") -> None:
        """Declare ``target`` and give it the operand's current element."""
        w.line(f"{cstyle.cty(self.operand.dtype)} {target};")
        self.operand.read(self.ctx, self.walk, w, target)

    def out_ref(self) -> str:
        return f"{self.ctx.ptr(self.out)}[{self.walk.offset('out')}]"

    def vector_ref(self, key: str, node: int) -> str:
        """``node``'s current element, loaded through vector ``key``, in compute type."""
        ref = f"{self.ctx.ptr(node, True)}[{self.walk.offset(key)}]"
        return cstyle.load(self.ctx.dtype(node), ref)

    def store(self, w: CWriter, value: str) -> None:
        """Apply the epilogue to the anchor's value ``value`` and store the result."""
        if self.epilogue is not None:
            w.line(f"const {self.ct} r_a = {_rounded(value, self.dtype)};")
            offsets = ["0" if ld.node == self.anchor else self.walk.offset(f"e{i}")
                       for i, ld in enumerate(self.epilogue.loads)]
            body, value = self.ctx.nest_values(self.epilogue, offsets, {self.anchor: "r_a"},
                                               "")
            w.extend(body)
        stored = cstyle.store(self.ctx.dtype(self.out), value)
        w.line(f"{self.out_ref()} = {stored};")


Lift = Callable[[tuple[int, ...]], tuple[int, ...]]


def frame(ctx: RenderContext, kernel: Kernel, anchor: int, reduced: tuple[int, ...],
           lift: Lift, extra: dict[str, tuple[int, ...]] | None = None) -> Frame:
    """The frame of ``kernel`` around ``anchor``; ``lift`` maps strides over the
    anchor's result shape to strides over its operand's domain; ``extra`` adds vectors
    (gamma, beta) already over the operand's domain."""
    graph = ctx.graph
    operand = _Operand.of(graph, kernel, anchor)
    epilogue = kernel_epilogue(graph, kernel, anchor)
    out = kernel.outputs[0]
    vectors = operand.vectors()
    vectors.update(extra or {})
    vectors["out"] = lift(row_major_strides(graph.nodes[out].shape))
    if epilogue is not None:
        for i, ld in enumerate(epilogue.loads):
            if ld.node != anchor:
                vectors[f"e{i}"] = lift(ld.strides)
    dims = graph.nodes[operand.node].shape
    return Frame(ctx, anchor, operand, epilogue, out, plan_walk(dims, reduced, vectors))


def same(strides: tuple[int, ...]) -> tuple[int, ...]:
    """The :data:`Lift` of a kernel whose result has its operand's shape."""
    return strides


def own_kernel(ctx: RenderContext, node: Node) -> Kernel:
    """The one-node ``op`` kernel of ``node``."""
    nid = ctx.node_id(node)
    return Kernel(f"op{nid}", "op", (nid,), (nid,), node.inputs)
