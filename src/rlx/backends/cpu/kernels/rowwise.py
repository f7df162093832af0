"""Row-wise and reduction kernels of the cpu backend, and the single ops built like them.

Kernel kinds rendered here:

* ``rowwise``: an optional elementwise prologue, then softmax / log_softmax over one
  axis (any axis) or layer_norm / rms_norm over the trailing axes ``axis..end`` (with
  optional gamma / beta), then an optional elementwise epilogue;
* ``reduce``: an optional prologue, then sum / mean / max / min / prod / logsumexp over
  any set of axes (keepdims or not), then an optional epilogue on the result.

Single-node (``op``) kernels: the ops above when the pipeline does not fuse, and
argmax / argmin, cumsum, batch_norm, topk and softmax_cross_entropy.

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

The prologue is evaluated inline wherever the operand is read, in every pass (it is
never stored), and rounded to the operand's dtype as if it had been materialised;
the anchor's value is rounded to its dtype before the epilogue, which is applied as
each result is stored.

Precision. Float sums (sum, mean, and the sums inside softmax, the norms and
logsumexp) accumulate in double; without lanes, a row is reduced over ``REDUCE_LANES``
lanes (element j in lane j % REDUCE_LANES, the lanes combined pairwise at the end),
and f16/bf16/f32 values are first summed in float lanes over blocks of ``SUM_BLOCK``
elements (eight terms per lane), each block's lanes then added into double lanes.
The rounding error is then a few float roundings of the summed magnitudes whatever
the row length (a plain float sum's grows with it), against a reference that sums
f32 in f64; this runs at the speed of a float reduction, which a double-only loop
(one conversion per element) does not. Products, cumsum and cross-entropy sums
accumulate in double throughout; max / min are exact; integers accumulate in 64-bit
unsigned arithmetic and are truncated to their dtype, which equals wrapping in the
dtype. Per-element math (centring, scaling, exp arguments) runs in the compute type
(float for f16/bf16/f32, double for f64). layer_norm takes its moments about a shift near the
mean, recomputing the variance about the mean when the shift proves far off, and
subtracts the mean as a float pair (rounded mean plus its rounding error), so rows
with a large mean keep their precision.

Active extent. ``ctl[2] >= 0`` says only the first ``ctl[2]`` rows of an extent of
``ctl[3]`` matter. A ``rowwise`` kernel honours it when its row count (the product of
the operand's axes before the normalised axis or axes) equals ``ctl[3]``: it then
processes rows ``0 .. min(ctl[2], rows) - 1`` only and leaves the other rows of its
output unwritten. The rule is a hint keyed on the count alone, so it is exact for
graphs whose row-wise work runs along the bucket axis (as the bucketed compile cache
arranges); reduce and single-op kernels always process everything.

Threads. Rows (row x lane-block pairs) are split statically over threads and every
row accumulates in a fixed order, so results do not depend on the thread count.
Reductions with a single row, topk and the mean / sum forms of cross-entropy run on
one thread (the latter so the batch total keeps one summation order).

Data errors (a cross-entropy label outside ``[0, C)``, scratch allocation failing
in topk) write ``rlx_error_text`` and return 1.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.render import RenderContext, _offset_expr
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.types import Shape, numel
from rlx.passes.loops import (
    LoopNest,
    broadcast_strides,
    kernel_epilogue,
    kernel_prologue,
    row_major_strides,
)
from rlx.passes.program import Kernel

ROWWISE_OPS = frozenset({"softmax", "log_softmax", "layer_norm", "rms_norm"})
REDUCE_OPS = frozenset({"sum", "mean", "max", "min", "prod", "logsumexp"})
SINGLE_OPS = frozenset({"argmax", "argmin", "cumsum", "batch_norm", "topk",
                        "softmax_cross_entropy"})
LANE_BLOCK = 64
"""Most lanes one row iteration handles (per-lane accumulators live on the stack)."""

SUM_BLOCK = 128
"""Elements a float partial sum covers before it is added to its double accumulator."""

TOPK_SELECT_MAX = 64
"""Largest k for which topk selects in one scan instead of sorting the whole row."""

ROW = "        "
"""Indentation of the statements inside the row loop."""

Body = Callable[[str], list[str]]
"""Given an indentation, the C statements for one lane (or one element)."""

SweepBody = Callable[[str, Callable[[str], str]], list[str]]
"""Given an indentation and the accumulator resolver, the statements for one element."""


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


def _close(lines: list[str], indent: str, down_to: str) -> None:
    """Append the closing braces from ``indent`` back to ``down_to``."""
    while len(indent) > len(down_to):
        indent = indent[:-4]
        lines.append(f"{indent}}}")


@dataclass
class Walk:
    """How a kernel visits its operand's domain (see the module docstring).

    ``outer``: kept groups indexed by the row variable ``p``; ``reduced``: groups
    visited by the loops ``i0, i1, ...`` inside a row; ``lane``: the trailing kept
    group handled in blocks (``q = q0 + l``), or None; ``count``: elements reduced
    per result (0 for an empty reduction, whose sweeps are then omitted); ``keys``:
    the vectors (arrays) whose offsets the kernel computes, in a fixed order.

    A renderer builds the statements of one row with :meth:`declare`,
    :meth:`sweep`, :meth:`sweep_head` and :meth:`per_lane`, then wraps them in the row
    loop with :meth:`rows_loop`.
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
    def rows_loop(self, ctx: RenderContext, work: int, body: list[str],
                  active: bool = False) -> str:
        """The kernel: the row loop (parallel when ``work`` elements pay for it) around
        ``body``; ``active`` honours the active extent (module docstring).

        The row body works on a local copy of the slot pointers it uses: GCC cannot
        tell that the stores into its OpenMP reduction arrays leave ``slots[]`` alone,
        and would otherwise reload the pointers per element and fall back to gathers.
        """
        lines = ["    void **const rlx_caller_slots = slots;"]
        rows = str(self.rows)
        if active:
            lines += [f"    int64_t rows = {rows};",
                      f"    if (ctl[2] >= 0 && ctl[3] == {rows}) "
                      f"rows = ctl[2] < {rows} ? ctl[2] : {rows};"]
            rows = "rows"
        pragma = ctx.parallel_for(work, self.rows * self.blocks)
        if pragma:
            lines.append("    " + pragma)
        if self.lane:
            lines += [f"    for (int64_t t = 0; t < {rows} * {self.blocks}; t++) {{",
                      f"{ROW}const int64_t p = t / {self.blocks};",
                      f"{ROW}const int64_t q0 = (t % {self.blocks}) * {self.block};",
                      f"{ROW}const int64_t qn = {self.lane.size} - q0 < {self.block} ? "
                      f"{self.lane.size} - q0 : {self.block};"]
        else:
            lines.append(f"    for (int64_t p = 0; p < {rows}; p++) {{")
        used = sorted({int(k) for k in re.findall(r"\bslots\[(\d+)\]", "\n".join(body))})
        if used:
            lines.append(f"{ROW}void *slots[{used[-1] + 1}];")
            lines += [f"{ROW}slots[{k}] = rlx_caller_slots[{k}];" for k in used]
        for index, key in enumerate(self.keys):
            base = self.base(key)
            if base != "0":
                lines.append(f"{ROW}const int64_t b{index} = {base};")
        return "\n".join(lines + body + ["    }"])

    # ------------------------------------------------------------ row statements
    def declare(self, decls: list[tuple[str, str, str | None]]) -> list[str]:
        """Per-row values ``(C type, name, initial value or None)``: scalars, or one
        array element per lane."""
        if not self.lane:
            return [f"{ROW}{ct} {name}" + (f" = {init};" if init is not None else ";")
                    for ct, name, init in decls]
        lines = [f"{ROW}{ct} {name}[{self.block}];" for ct, name, _ in decls]
        inits = [(name, init) for _, name, init in decls if init is not None]
        if inits:
            lines += self.per_lane(lambda i: [f"{i}{n}[l] = {v};" for n, v in inits])
        return lines

    def per_lane(self, body: Body) -> list[str]:
        """``body`` once per lane of the row (once, in a block, without lanes)."""
        if not self.lane:
            return [f"{ROW}{{", *body(ROW + "    "), f"{ROW}}}"]
        inner = ROW + "    "
        return [f"{ROW}#pragma omp simd", f"{ROW}for (int64_t l = 0; l < qn; l++) {{",
                f"{inner}const int64_t q = q0 + l;", *body(inner), f"{ROW}}}"]

    def sweep(self, body: SweepBody, accs: tuple[Acc, ...] = (), simd: bool = True,
              reverse: bool = False) -> list[str]:
        """``body(indent, acc)`` for every element of the row, ``acc(name)`` giving the
        lvalue through which accumulator ``name`` (one of ``accs``) is updated.

        Loops run over the reduced groups (the innermost backwards when ``reverse``),
        then over the lanes. Without lanes the innermost loop carries ``#pragma omp
        simd`` with the accumulators' reduction clauses, or no pragma at all when not
        ``simd`` (a sequential scan); the lane loop is always simd (lanes are
        independent). Nothing when the reduction is empty."""
        if self.count == 0:
            return []
        if self.lane:
            return self._sweep_lanes(body, reverse)
        if not self.reduced:
            return [f"{ROW}{{", *body(ROW + "    ", _plain), f"{ROW}}}"]
        return self._sweep_row(body, accs if simd else (), simd, reverse)

    @property
    def head_count(self) -> int:
        """Elements :meth:`sweep_head` visits: the start of the innermost reduced group."""
        return min(self.reduced[-1].size, SUM_BLOCK) if self.reduced else 1

    def sweep_head(self, body: SweepBody, accs: tuple[Acc, ...]) -> list[str]:
        """``body`` for the row's first :attr:`head_count` elements (the other reduced
        indices 0), a lane reduction into ``accs`` (no float partials); rows without
        lanes only."""
        assert self.lane is None
        inner = ROW + "    "
        if not self.reduced:
            return [f"{ROW}{{", *body(inner, _plain), f"{ROW}}}"]
        last = len(self.reduced) - 1
        return [f"{ROW}{{",
                *[f"{inner}const int64_t i{n} = 0;" for n in range(last)],
                *lane_reduction(inner, f"i{last}", "0", str(self.head_count),
                                [(a.name, a.op) for a in accs], body),
                f"{ROW}}}"]

    def _open_loops(self, count: int, reverse_last: bool) -> tuple[list[str], str]:
        """Headers of the first ``count`` reduced loops; returns (lines, inner indent)."""
        lines, indent = [], ROW
        for n, group in enumerate(self.reduced[:count]):
            if reverse_last and n == len(self.reduced) - 1:
                header = f"for (int64_t i{n} = {group.size - 1}; i{n} >= 0; i{n}--)"
            else:
                header = f"for (int64_t i{n} = 0; i{n} < {group.size}; i{n}++)"
            lines.append(f"{indent}{header} {{")
            indent += "    "
        return lines, indent

    def _sweep_lanes(self, body: SweepBody, reverse: bool) -> list[str]:
        lines, indent = self._open_loops(len(self.reduced), reverse)
        lines += [f"{indent}#pragma omp simd", f"{indent}for (int64_t l = 0; l < qn; l++) {{",
                  f"{indent}    const int64_t q = q0 + l;"]
        inner = indent + "    "
        lines += body(inner, lambda name: f"{name}[l]")
        _close(lines, inner, ROW)
        return lines

    def _sweep_row(self, body: SweepBody, accs: tuple[Acc, ...], simd: bool,
                   reverse: bool) -> list[str]:
        """The reduced loops of one row: a lane reduction (:func:`lane_reduction`)
        when there are accumulators, plain loops (simd, or a sequential scan)
        otherwise."""
        last = len(self.reduced) - 1
        size = self.reduced[last].size
        var = f"i{last}"
        if simd and accs:
            return self._reduce_row(body, accs)
        lines, indent = self._open_loops(last, False)
        if simd:
            lines.append(f"{indent}#pragma omp simd")
        if reverse:
            header = f"for (int64_t {var} = {size - 1}; {var} >= 0; {var}--)"
        else:
            header = f"for (int64_t {var} = 0; {var} < {size}; {var}++)"
        lines.append(f"{indent}{header} {{")
        lines += body(indent + "    ", _plain)
        lines.append(f"{indent}}}")
        _close(lines, indent, ROW)
        return lines

    def _reduce_row(self, body: SweepBody, accs: tuple[Acc, ...]) -> list[str]:
        """A row's reduction into ``accs`` over lanes (see :func:`lane_reduction`).
        Sums with a float ``partial`` type add each block of ``SUM_BLOCK`` elements
        of the innermost loop into float lanes, which are then added into lanes of
        the accumulator's own (double) type; those are combined at the end."""
        last = len(self.reduced) - 1
        size = self.reduced[last].size
        wide = [a for a in accs if a.partial is not None and a.op == "+"]
        lines = [f"{ROW}{{"]
        top = ROW + "    "
        lines += _lane_setup(top, [(a.name, a.op) for a in accs],
                             {a.name: a.partial for a in wide})
        loops, indent = self._open_loops(last, False)
        lines += ["    " + line for line in loops]
        indent += "    "
        names = [(a.name, a.op) for a in accs]
        if not wide:
            lines += _lane_loops(indent, f"i{last}", "0", str(size), names, body)
        else:
            lines += [f"{indent}for (int64_t blk = 0; blk < {size}; blk += {SUM_BLOCK}) {{",
                      f"{indent}    const int64_t blk_end = blk + {SUM_BLOCK} < {size} ? "
                      f"blk + {SUM_BLOCK} : {size};",
                      f"{indent}    #pragma omp simd",
                      f"{indent}    for (int l = 0; l < {REDUCE_LANES}; l++) {{",
                      *[f"{indent}        {a.name}_l[l] = 0;" for a in wide],
                      f"{indent}    }}"]
            lines += _lane_loops(indent + "    ", f"i{last}", "blk", "blk_end", names, body)
            lines += [f"{indent}    #pragma omp simd",
                      f"{indent}    for (int l = 0; l < {REDUCE_LANES}; l++) {{",
                      *[f"{indent}        {a.name}_w[l] += {a.name}_l[l];" for a in wide],
                      f"{indent}    }}",
                      f"{indent}}}"]
        _close(lines, indent, top)
        lines += _lane_finish(top, [(a.name, a.op) for a in accs], {a.name for a in wide})
        lines.append(f"{ROW}}}")
        return lines


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


def _lane_setup(indent: str, accs: list[tuple[str, str]],
                partial: dict[str, str] | None = None) -> list[str]:
    """Declare and initialise the lane arrays of ``accs`` ((name, op) pairs, each
    name a declared scalar): ``<name>_l`` in the accumulator's type, starting at the
    identity of a sum or product and at the accumulator itself for idempotent ops;
    with a ``partial`` type, ``<name>_l`` has that type and ``<name>_w`` (the
    accumulator's type, from zero) collects its blocks."""
    partial = partial or {}
    lines, inits = [], []
    for name, op in accs:
        if name in partial:
            lines += [f"{indent}{partial[name]} {name}_l[{REDUCE_LANES}];",
                      f"{indent}__typeof__({name}) {name}_w[{REDUCE_LANES}];"]
            inits.append(f"{name}_w[l] = 0;")
            continue
        lines.append(f"{indent}__typeof__({name}) {name}_l[{REDUCE_LANES}];")
        start = {"+": "0", "*": "1"}.get(op, name)
        inits.append(f"{name}_l[l] = {start};")
    return lines + [f"{indent}#pragma omp simd",
                    f"{indent}for (int l = 0; l < {REDUCE_LANES}; l++) {{",
                    *[f"{indent}    {init}" for init in inits],
                    f"{indent}}}"]


def _lane_loops(indent: str, var: str, low: str, high: str, accs: list[tuple[str, str]],
                body: SweepBody) -> list[str]:
    """``body`` for ``var`` in ``[low, high)``, accumulating into the lane arrays: full
    groups of ``REDUCE_LANES`` consecutive elements as one simd loop, the rest one
    element per lane."""
    lane = {name: f"{name}_l[l]" for name, _ in accs}.__getitem__
    inner = indent + "        "
    return [f"{indent}int64_t {var}_b = {low};",
            f"{indent}for (; {var}_b + {REDUCE_LANES} <= {high}; {var}_b += {REDUCE_LANES}) {{",
            f"{indent}    #pragma omp simd",
            f"{indent}    for (int l = 0; l < {REDUCE_LANES}; l++) {{",
            f"{inner}const int64_t {var} = {var}_b + l;",
            *body(inner, lane),
            f"{indent}    }}",
            f"{indent}}}",
            f"{indent}for (int l = 0; {var}_b + l < {high}; l++) {{",
            f"{indent}    const int64_t {var} = {var}_b + l;",
            *body(indent + "    ", lane),
            f"{indent}}}"]


def _lane_finish(indent: str, accs: list[tuple[str, str]], wide: set[str]) -> list[str]:
    """Combine each accumulator's lanes pairwise (a tree of log2(REDUCE_LANES)
    levels) and fold the result into the accumulator."""
    lines = []
    for name, op in accs:
        array = f"{name}_w" if name in wide else f"{name}_l"
        lines += [f"{indent}for (int w = {REDUCE_LANES // 2}; w > 0; w /= 2) {{",
                  f"{indent}    #pragma omp simd",
                  f"{indent}    for (int l = 0; l < w; l++) "
                  f"{array}[l] = {_combine(op, f'{array}[l]', f'{array}[l + w]')};",
                  f"{indent}}}",
                  f"{indent}{name} = {_combine(op, name, f'{array}[0]')};"]
    return lines


def lane_reduction(indent: str, var: str, low: str, high: str, accs: list[tuple[str, str]],
                   body: SweepBody) -> list[str]:
    """Statements reducing ``body`` over ``var`` in ``[low, high)`` into the declared
    scalars ``accs`` ((name, op) pairs; ``body(indent, acc)`` updates ``acc(name)``).

    Element ``j`` is folded into lane ``j % REDUCE_LANES`` of a per-accumulator array
    (a vector register: the lanes are independent, so the loop vectorises with no
    reassociation), and the lanes are combined pairwise at the end. GCC's own
    ``omp simd`` reductions end in a chain of REDUCE_LANES dependent scalar adds, which
    costs more than the loop itself on rows of a few hundred elements."""
    return ([f"{indent}{{"]
            + _lane_setup(indent + "    ", accs)
            + _lane_loops(indent + "    ", var, low, high, accs, body)
            + _lane_finish(indent + "    ", accs, set())
            + [f"{indent}}}"])


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


def _lift(strides: tuple[int, ...], dims: Shape, axes: tuple[int, ...],
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


def _exp(dt: DType) -> str:
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

    def read(self, ctx: RenderContext, walk: Walk, target: str, indent: str) -> list[str]:
        """Statements assigning the current element (compute type) to ``target``."""
        offsets = [walk.offset(f"x{i}") for i in range(len(self.strides))]
        if self.nest is None:
            ref = f"{ctx.ptr(self.node, True)}[{offsets[0]}]"
            return [f"{indent}{target} = {cstyle.load(self.dtype, ref)};"]
        body, value = ctx.nest_values(self.nest, offsets, {}, indent + "    ")
        return [f"{indent}{{", *body,
                f"{indent}    {target} = {_rounded(value, self.dtype)};", f"{indent}}}"]


@dataclass
class _Frame:
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

    def read(self, indent: str, target: str = "r_x") -> list[str]:
        """Declare ``target`` and give it the operand's current element."""
        decl = f"{indent}{cstyle.cty(self.operand.dtype)} {target};"
        return [decl, *self.operand.read(self.ctx, self.walk, target, indent)]

    def out_ref(self) -> str:
        return f"{self.ctx.ptr(self.out)}[{self.walk.offset('out')}]"

    def vector_ref(self, key: str, node: int) -> str:
        """``node``'s current element, loaded through vector ``key``, in compute type."""
        ref = f"{self.ctx.ptr(node, True)}[{self.walk.offset(key)}]"
        return cstyle.load(self.ctx.dtype(node), ref)

    def store(self, value: str, indent: str) -> list[str]:
        """Apply the epilogue to the anchor's value ``value`` and store the result."""
        lines = []
        if self.epilogue is not None:
            lines.append(f"{indent}const {self.ct} r_a = {_rounded(value, self.dtype)};")
            offsets = ["0" if ld.node == self.anchor else self.walk.offset(f"e{i}")
                       for i, ld in enumerate(self.epilogue.loads)]
            body, value = self.ctx.nest_values(self.epilogue, offsets, {self.anchor: "r_a"},
                                               indent)
            lines += body
        stored = cstyle.store(self.ctx.dtype(self.out), value)
        lines.append(f"{indent}{self.out_ref()} = {stored};")
        return lines


Lift = Callable[[tuple[int, ...]], tuple[int, ...]]


def _frame(ctx: RenderContext, kernel: Kernel, anchor: int, reduced: tuple[int, ...],
           lift: Lift, extra: dict[str, tuple[int, ...]] | None = None) -> _Frame:
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
    return _Frame(ctx, anchor, operand, epilogue, out, plan_walk(dims, reduced, vectors))


def _same(strides: tuple[int, ...]) -> tuple[int, ...]:
    return strides


def _anchor(graph: Graph, kernel: Kernel, ops: frozenset[str]) -> int:
    return next(n for n in kernel.nodes if graph.nodes[n].op in ops)


# =========================================================================== rowwise

def render_rowwise(ctx: RenderContext, kernel: Kernel) -> str:
    """A ``rowwise`` kernel: prologue + softmax / log_softmax / layer_norm / rms_norm +
    epilogue, parallel over rows, honouring the active extent."""
    graph = ctx.graph
    anchor = _anchor(graph, kernel, ROWWISE_OPS)
    node = graph.nodes[anchor]
    dims = graph.nodes[node.inputs[0]].shape
    if numel(dims) == 0:
        return "    /* empty domain */"
    axis = node.attr("axis")
    if node.op in ("softmax", "log_softmax"):
        reduced: tuple[int, ...] = (axis,)
        extra = {}
    else:
        reduced = tuple(range(axis, len(dims)))
        extra = {key: broadcast_strides(graph.nodes[nid].shape, dims)
                 for key, nid in _affine_operands(node).items()}
    frame = _frame(ctx, kernel, anchor, reduced, _same, extra)
    if node.op in ("softmax", "log_softmax"):
        body = _softmax_row(frame, node.op == "log_softmax")
    elif node.op == "layer_norm":
        body = _layer_norm_row(frame, node)
    else:
        body = _rms_norm_row(frame, node)
    active = frame.walk.rows == numel(dims[:axis])
    return frame.walk.rows_loop(ctx, numel(dims), body, active)


def _affine_operands(node: Node) -> dict[str, int]:
    """The gamma / beta operands of a norm node that has them, by vector key."""
    rest = list(node.inputs[1:])
    found = {}
    if node.attr("has_gamma"):
        found["gamma"] = rest.pop(0)
    if node.attr("has_beta"):
        found["beta"] = rest.pop(0)
    return found


def _partial(dt: DType) -> str | None:
    """The partial-sum type for sums of ``dt`` values (float compute only)."""
    return "float" if cstyle.cty(dt) == "float" else None


def _softmax_row(f: _Frame, log: bool) -> list[str]:
    """Three passes per row: the max, the sum of exp(x - shift), the results.

    softmax shifts by the max itself (an all -inf or +inf row gives nan, as the
    reference); log_softmax by the max when finite, else 0; a nan reaches every
    result through the sum. f32 / f64 softmax keep each exp in the output during
    the second pass and scale it in the third."""
    w, ct = f.walk, f.ct
    sh, k = w.slot("r_shift"), w.slot("r_k")
    keep_exp = not log and f.dtype in (DType.F32, DType.F64)
    exp = "rlx_expf_weight" if keep_exp and f.dtype is DType.F32 else _exp(f.dtype)
    lines = w.declare([(ct, "r_max", "-INFINITY"), (ct, "r_shift", None),
                       ("double", "r_sum", "0.0"), (ct, "r_k", None)])
    lines += _max_sweep(f)
    mx = w.slot("r_max")
    shift = f"(isfinite({mx}) ? {mx} : ({ct})0)" if log else mx
    lines += w.per_lane(lambda i: [f"{i}{sh} = {shift};"])

    def accumulate(i: str, acc: Callable[[str], str]) -> list[str]:
        body = f.read(i) + [f"{i}const {ct} r_e = {exp}(r_x - {sh});",
                            f"{i}{acc('r_sum')} += r_e;"]
        if keep_exp:
            body.append(f"{i}{f.out_ref()} = r_e;")
        return body

    lines += w.sweep(accumulate, (Acc("r_sum", "+", _partial(f.dtype)),))
    total = w.slot("r_sum")
    factor = f"({ct})log({total})" if log else f"({ct})(1.0 / {total})"
    lines += w.per_lane(lambda i: [f"{i}{k} = {factor};"])

    def write(i: str, acc: Callable[[str], str]) -> list[str]:
        if log:
            body = f.read(i) + [f"{i}const {ct} r_y = (r_x - {sh}) - {k};"]
        elif keep_exp:
            body = [f"{i}const {ct} r_y = {f.out_ref()} * {k};"]
        else:
            body = f.read(i) + [f"{i}const {ct} r_y = {exp}(r_x - {sh}) * {k};"]
        return body + f.store("r_y", i)

    lines += w.sweep(write)
    return lines


def _max_sweep(f: _Frame) -> list[str]:
    """A sweep folding the operand into the declared ``r_max`` (nan never wins)."""
    def fold(i: str, acc: Callable[[str], str]) -> list[str]:
        mx = acc("r_max")
        return f.read(i) + [f"{i}{mx} = r_x > {mx} ? r_x : {mx};"]
    return f.walk.sweep(fold, (Acc("r_max", "max"),))


def _affine_write(f: _Frame, node: Node, centred: str) -> SweepBody:
    """The result pass of a norm: ``centred * rstd``, then gamma and beta, stored."""
    ct, rstd = f.ct, f.walk.slot("r_rstd")
    affine = _affine_operands(node)

    def write(i: str, acc: Callable[[str], str]) -> list[str]:
        body = f.read(i) + [f"{i}{ct} r_y = {centred} * {rstd};"]
        if "gamma" in affine:
            body.append(f"{i}r_y = r_y * ({ct}){f.vector_ref('gamma', affine['gamma'])};")
        if "beta" in affine:
            body.append(f"{i}r_y = r_y + ({ct}){f.vector_ref('beta', affine['beta'])};")
        return body + f.store("r_y", i)

    return write


def _layer_norm_row(f: _Frame, node: Node) -> list[str]:
    """The moments about a shift in one pass, then the results.

    The shift c is the mean of the row's first block (:meth:`Walk.sweep_head`, in the
    compute type: any c near the mean will do); one pass sums d = x - c and d*d,
    giving the mean c + E[d] and the biased variance E[d^2] - E[d]^2. That
    difference cancels when c lies far from the mean, so when E[d]^2 > var / 4 (an
    unrepresentative first block, or a nan) a second pass recomputes the variance
    about the mean itself, bounding the cancellation. The results
    ``(x - mean) * rstd`` use the mean as a float pair (rounded value plus its
    rounding error), so rows with a large mean keep their precision. Norm rows end
    with reduced axes, so they never have lanes."""
    w, ct = f.walk, f.ct
    n = float(w.count)
    eps = repr(float(node.attr("eps")))
    partial = _partial(f.dtype)
    centred = "((r_x - r_mean) - r_low)"
    lines = w.declare([(ct, "r_h", "0"), (ct, "r_c", None), ("double", "r_s", "0.0"),
                       ("double", "r_v", "0.0"), ("double", "r_m", None),
                       ("double", "r_var", None), (ct, "r_mean", None), (ct, "r_low", None),
                       (ct, "r_rstd", None)])
    lines += w.sweep_head(lambda i, acc: f.read(i) + [f"{i}{acc('r_h')} += r_x;"],
                          (Acc("r_h", "+"),))
    lines.append(f"{ROW}r_c = r_h / ({ct}){w.head_count};")

    def moments(i: str, acc: Callable[[str], str]) -> list[str]:
        return f.read(i) + [f"{i}const {ct} r_d = r_x - r_c;",
                            f"{i}{acc('r_s')} += r_d;",
                            f"{i}{acc('r_v')} += r_d * r_d;"]

    def squares(i: str, acc: Callable[[str], str]) -> list[str]:
        return f.read(i) + [f"{i}const {ct} r_d = {centred};",
                            f"{i}{acc('r_v')} += r_d * r_d;"]

    lines += w.sweep(moments, (Acc("r_s", "+", partial), Acc("r_v", "+", partial)))
    lines += [f"{ROW}r_m = r_s / {n!r};",
              f"{ROW}r_var = r_v / {n!r} - r_m * r_m;",
              f"{ROW}r_mean = ({ct})((double)r_c + r_m);",
              f"{ROW}r_low = ({ct})((double)r_c + r_m - (double)r_mean);",
              f"{ROW}if (!(r_m * r_m <= 0.25 * r_var)) {{",
              f"{ROW}    r_v = 0.0;",
              *["    " + line for line in w.sweep(squares, (Acc("r_v", "+", partial),))],
              f"{ROW}    r_var = r_v / {n!r};",
              f"{ROW}}}",
              f"{ROW}r_rstd = ({ct})(1.0 / sqrt((r_var > 0.0 ? r_var : 0.0) + {eps}));"]
    lines += w.sweep(_affine_write(f, node, centred))
    return lines


def _rms_norm_row(f: _Frame, node: Node) -> list[str]:
    """Two passes per row: the mean square, then ``x * rstd`` (times gamma)."""
    w, ct = f.walk, f.ct
    n = float(w.count)
    eps = repr(float(node.attr("eps")))
    s, rstd = w.slot("r_s"), w.slot("r_rstd")
    lines = w.declare([("double", "r_s", "0.0"), (ct, "r_rstd", None)])
    lines += w.sweep(lambda i, acc: f.read(i) + [f"{i}{acc('r_s')} += r_x * r_x;"],
                     (Acc("r_s", "+", _partial(f.dtype)),))
    lines += w.per_lane(lambda i: [f"{i}{rstd} = ({ct})(1.0 / sqrt({s} / {n!r} + {eps}));"])
    lines += w.sweep(_affine_write(f, node, "r_x"))
    return lines


# =========================================================================== reduce

def render_reduce(ctx: RenderContext, kernel: Kernel) -> str:
    """A ``reduce`` kernel: prologue + sum / mean / max / min / prod / logsumexp over
    the node's axes + epilogue on each result, parallel over results."""
    graph = ctx.graph
    anchor = _anchor(graph, kernel, REDUCE_OPS)
    node = graph.nodes[anchor]
    if node.type.numel == 0:
        return "    /* empty result */"
    axes, keepdims = tuple(node.attr("axes")), bool(node.attr("keepdims"))
    dims = graph.nodes[node.inputs[0]].shape
    frame = _frame(ctx, kernel, anchor, axes, lambda s: _lift(s, dims, axes, keepdims))
    body, final = REDUCERS[node.op](frame)
    body += frame.walk.per_lane(
        lambda i: [f"{i}const {frame.ct} r_y = {final};", *frame.store("r_y", i)])
    return frame.walk.rows_loop(ctx, numel(dims), body)


def _sum_like(f: _Frame, op: str) -> tuple[list[str], str]:
    """sum / mean / prod: double accumulators for floats (sums through float
    partials, see :class:`Acc`), 64-bit unsigned ones (wrapping) for integers; an
    empty mean is 0/0 = nan."""
    w, ct = f.walk, f.ct
    product = op == "prod"
    sign = "*" if product else "+"
    if f.dtype.is_float:
        acc_type, init = "double", ("1.0" if product else "0.0")
        partial = None if product else _partial(f.dtype)
    else:
        acc_type, init, partial = "uint64_t", ("1" if product else "0"), None
    lines = w.declare([(acc_type, "r_acc", init)])
    lines += w.sweep(lambda i, acc: f.read(i) + [f"{i}{acc('r_acc')} {sign}= r_x;"],
                     (Acc("r_acc", sign, partial),))
    total = w.slot("r_acc")
    if op == "mean":
        return lines, f"({ct})({total} / {float(w.count)!r})"
    return lines, f"({ct}){total}"


def _extreme(f: _Frame, op: str) -> tuple[list[str], str]:
    """max / min, exact; for floats a nan anywhere makes the result nan."""
    w, ct, dt = f.walk, f.ct, f.dtype
    cmp = ">" if op == "max" else "<"

    def fold(i: str, acc: Callable[[str], str]) -> list[str]:
        best = acc("r_acc")
        lines = f.read(i) + [f"{i}{best} = r_x {cmp} {best} ? r_x : {best};"]
        if dt.is_float:
            lines.append(f"{i}{acc('r_nan')} |= r_x != r_x;")
        return lines

    if dt.is_float:
        init = "-INFINITY" if op == "max" else "INFINITY"
        lines = w.declare([(ct, "r_acc", init), ("int", "r_nan", "0")])
        lines += w.sweep(fold, (Acc("r_acc", op), Acc("r_nan", "|")))
        return lines, f"({w.slot('r_nan')} ? ({ct})NAN : {w.slot('r_acc')})"
    if dt.is_bool:
        init = "0" if op == "max" else "1"
    else:
        low, high = cstyle.INT_LIMITS[dt]
        init = low if op == "max" else high
    lines = w.declare([(ct, "r_acc", f"({ct}){init}")])
    lines += w.sweep(fold, (Acc("r_acc", op),))
    return lines, w.slot("r_acc")


def _logsumexp(f: _Frame) -> tuple[list[str], str]:
    """log(sum(exp(x - s))) + s with s the max when finite, else 0; nan propagates
    through the sum; an empty reduction gives log(0) = -inf."""
    w, ct = f.walk, f.ct
    mx, sh = w.slot("r_max"), w.slot("r_shift")
    lines = w.declare([(ct, "r_max", "-INFINITY"), (ct, "r_shift", None),
                       ("double", "r_sum", "0.0")])
    lines += _max_sweep(f)
    lines += w.per_lane(lambda i: [f"{i}{sh} = isfinite({mx}) ? {mx} : ({ct})0;"])
    exp = _exp(f.dtype)
    lines += w.sweep(lambda i, acc: f.read(i) + [f"{i}{acc('r_sum')} += {exp}(r_x - {sh});"],
                     (Acc("r_sum", "+", _partial(f.dtype)),))
    return lines, f"({ct})(log({w.slot('r_sum')}) + (double){sh})"


REDUCERS: dict[str, Callable[[_Frame], tuple[list[str], str]]] = {
    "sum": lambda f: _sum_like(f, "sum"),
    "mean": lambda f: _sum_like(f, "mean"),
    "prod": lambda f: _sum_like(f, "prod"),
    "max": lambda f: _extreme(f, "max"),
    "min": lambda f: _extreme(f, "min"),
    "logsumexp": _logsumexp,
}


# =========================================================================== single ops

def _single(render: Callable[[RenderContext, Kernel], str]
            ) -> Callable[[RenderContext, Node], str]:
    """An op renderer running a kernel-kind renderer on the one-node kernel of ``node``."""
    def render_op(ctx: RenderContext, node: Node) -> str:
        return render(ctx, _own_kernel(ctx, node))
    return render_op


def _own_kernel(ctx: RenderContext, node: Node) -> Kernel:
    nid = ctx.node_id(node)
    return Kernel(f"op{nid}", "op", (nid,), (nid,), node.inputs)


def _need_stdlib(ctx: RenderContext) -> None:
    """snprintf (error messages) and malloc (scratch) for the kernels that use them."""
    ctx.add_helper("rlx_stdio_stdlib", "#include <stdio.h>\n#include <stdlib.h>")


def render_arg_extreme(ctx: RenderContext, node: Node) -> str:
    """argmax / argmin along ``axis``: the first index of the extreme value, or of the
    first nan (numpy's rule); sequential within a row, parallel over rows."""
    if node.type.numel == 0:
        return "    /* empty result */"
    axis, keepdims = node.attr("axis"), bool(node.attr("keepdims"))
    dims = ctx.graph.nodes[node.inputs[0]].shape

    def lift(strides: tuple[int, ...]) -> tuple[int, ...]:
        return _lift(strides, dims, (axis,), keepdims)

    kernel = _own_kernel(ctx, node)
    f = _frame(ctx, kernel, kernel.outputs[0], (axis,), lift)
    w, dt = f.walk, f.operand.dtype
    vt = cstyle.cty(dt)
    best, idx = w.slot("r_best"), w.slot("r_idx")
    cmp = ">" if node.op == "argmax" else "<"
    if dt.is_float:
        init = "-INFINITY" if node.op == "argmax" else "INFINITY"
        better = f"{best} == {best} && (r_x != r_x || r_x {cmp} {best})"
    else:
        low, high = cstyle.INT_LIMITS[dt]
        init = f"({vt}){low if node.op == 'argmax' else high}"
        better = f"r_x {cmp} {best}"
    position = "i0" if w.reduced else "0"
    body = w.declare([(vt, "r_best", init), ("int64_t", "r_idx", "0")])
    body += w.sweep(lambda i, acc: f.read(i) + [
        f"{i}if ({better}) {{ {best} = r_x; {idx} = {position}; }}"], simd=False)
    body += w.per_lane(lambda i: f.store(idx, i))
    return w.rows_loop(ctx, numel(dims), body)


def render_cumsum(ctx: RenderContext, node: Node) -> str:
    """Running sums along ``axis`` (double for floats, wrapping 64-bit for integers);
    ``reverse`` runs from the end, ``exclusive`` stores before adding (first = 0)."""
    dims = node.shape
    if numel(dims) == 0:
        return "    /* empty domain */"
    kernel = _own_kernel(ctx, node)
    f = _frame(ctx, kernel, kernel.outputs[0], (node.attr("axis"),), _same)
    w, ct = f.walk, f.ct
    acc = w.slot("r_acc")
    acc_type = "double" if f.dtype.is_float else "uint64_t"

    def step(i: str, _: Callable[[str], str]) -> list[str]:
        add = [f"{i}{acc} += r_x;"]
        store = f.store(f"({ct}){acc}", i)
        if node.attr("exclusive"):
            return f.read(i) + store + add
        return f.read(i) + add + store

    body = w.declare([(acc_type, "r_acc", "0")])
    body += w.sweep(step, simd=False, reverse=bool(node.attr("reverse")))
    return w.rows_loop(ctx, numel(dims), body)


def render_batch_norm(ctx: RenderContext, node: Node) -> str:
    """(x - mean[c]) * (gamma[c] / sqrt(var[c] + eps)) + beta[c] over channel axis 1;
    the per-channel scale in double, the per-element work in compute type."""
    if node.type.numel == 0:
        return "    /* empty domain */"
    nid = ctx.node_id(node)
    x, mean, var, gamma, beta = node.inputs
    dims = node.shape
    channels, inner = dims[1], numel(dims[2:])
    rows = dims[0] * channels
    ct = cstyle.cty(node.dtype)

    def channel(arg: int) -> str:
        return cstyle.load(ctx.dtype(arg), f"{ctx.ptr(arg, True)}[c]")

    eps = repr(float(node.attr("eps")))
    value = cstyle.load(ctx.dtype(x), f"{ctx.ptr(x, True)}[r * {inner} + j]")
    result = cstyle.store(node.dtype, "(r_x - r_mean) * r_scale + r_beta")
    lines = []
    pragma = ctx.parallel_for(node.type.numel, rows)
    if pragma:
        lines.append("    " + pragma)
    lines += [
        f"    for (int64_t r = 0; r < {rows}; r++) {{",
        f"{ROW}const int64_t c = r % {channels};",
        f"{ROW}const {ct} r_mean = ({ct}){channel(mean)};",
        f"{ROW}const {ct} r_scale = ({ct})((double){channel(gamma)} / "
        f"sqrt((double){channel(var)} + {eps}));",
        f"{ROW}const {ct} r_beta = ({ct}){channel(beta)};",
        f"{ROW}#pragma omp simd",
        f"{ROW}for (int64_t j = 0; j < {inner}; j++) {{",
        f"{ROW}    const {ct} r_x = {value};",
        f"{ROW}    {ctx.ptr(nid)}[r * {inner} + j] = {result};",
        f"{ROW}}}",
        "    }"]
    return "\n".join(lines)


def _topk_before(dt: DType, largest: bool) -> str:
    """C condition: value ``u`` ranks strictly before value ``v`` (nan above every
    number, so first for ``largest`` and last otherwise; equal values do not)."""
    if dt.is_float and largest:
        return "(u != u && v == v) || u > v"
    if dt.is_float:
        return "(u == u && v != v) || u < v"
    return "u > v" if largest else "u < v"


def _topk_helper(ctx: RenderContext, dt: DType, largest: bool, select: bool) -> str:
    """Name of a C helper ranking one row of ``n`` elements ``stride`` apart.

    ``select``: ``(x, stride, n, k, best)`` keeps the ``k`` best indices in ``best``
    in rank order, inserting each element that beats the current k-th (O(n k) at
    worst, for small k). Otherwise ``(x, stride, n, a, b)`` is a stable bottom-up
    merge sort of all the indices with ``a`` and ``b`` scratch of ``n`` each,
    returning whichever holds the order. Both keep equal values in index order."""
    kind = "select" if select else "sort"
    name = f"rlx_topk_{kind}_{dt.value}_{'largest' if largest else 'smallest'}"
    st, ct = cstyle.ctype(dt), cstyle.cty(dt)
    before = _topk_before(dt, largest)

    def value(index: str) -> str:
        return cstyle.load(dt, f"x[{index} * stride]")

    if select:
        code = f"""static void {name}(const {st} *x, int64_t stride, int64_t n, int64_t k,
                                int64_t *best) {{
    int64_t count = 0;
    for (int64_t i = 0; i < n; i++) {{
        const {ct} u = {value("i")};
        if (count == k) {{
            const {ct} v = {value("best[k - 1]")};
            if (!({before})) continue;
            count--;
        }}
        int64_t j = count;
        while (j > 0) {{
            const {ct} v = {value("best[j - 1]")};
            if (!({before})) break;
            best[j] = best[j - 1];
            j--;
        }}
        best[j] = i;
        count++;
    }}
}}"""
    else:
        code = f"""static int64_t *{name}(const {st} *x, int64_t stride, int64_t n,
                                int64_t *a, int64_t *b) {{
    for (int64_t i = 0; i < n; i++) a[i] = i;
    for (int64_t w = 1; w < n; w *= 2) {{
        for (int64_t lo = 0; lo < n; lo += 2 * w) {{
            const int64_t mid = lo + w < n ? lo + w : n;
            const int64_t hi = lo + 2 * w < n ? lo + 2 * w : n;
            int64_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {{
                const {ct} u = {value("a[j]")};
                const {ct} v = {value("a[i]")};
                b[k++] = ({before}) ? a[j++] : a[i++];
            }}
            while (i < mid) b[k++] = a[i++];
            while (j < hi) b[k++] = a[j++];
        }}
        int64_t *swap = a; a = b; b = swap;
    }}
    return a;
}}"""
    ctx.add_helper(name, code)
    return name


def render_topk(ctx: RenderContext, node: Node) -> str:
    """The ``k`` best entries along ``axis`` in rank order (values or i64 indices).

    Up to ``TOPK_SELECT_MAX`` results per row, each row is scanned once into a
    stack buffer (rows in parallel); beyond, each row is merge-sorted in heap
    scratch, one row after another."""
    if node.type.numel == 0:
        return "    /* empty result */"
    nid = ctx.node_id(node)
    x = node.inputs[0]
    dims, axis, k = ctx.shape(x), node.attr("axis"), node.attr("k")
    n, after = dims[axis], numel(dims[axis + 1:])
    rows = numel(dims[:axis]) * after
    select = k <= TOPK_SELECT_MAX
    rank = _topk_helper(ctx, ctx.dtype(x), bool(node.attr("largest")), select)
    st = cstyle.ctype(ctx.dtype(x))
    picked = (f"r_src[p * {n * after} + r_order[m] * {after} + q]"
              if node.attr("result") == "values" else "r_order[m]")
    lines = [f"    const {st} *const r_src = {ctx.ptr(x, True)};",
             f"    {cstyle.ctype(node.dtype)} *const r_out = {ctx.ptr(nid)};"]
    if select:
        pragma = ctx.parallel_for(numel(dims), rows)
        if pragma:
            lines.append("    " + pragma)
        ranking = [f"{ROW}int64_t r_order[{k}];",
                   f"{ROW}{rank}(r_src + p * {n * after} + q, {after}, {n}, {k}, r_order);"]
    else:
        _need_stdlib(ctx)
        lines += [f"    int64_t *const r_scratch = (int64_t *)malloc(sizeof(int64_t) * {2 * n});",
                  "    if (r_scratch == NULL) {",
                  "        snprintf(rlx_error_text, sizeof(rlx_error_text), "
                  f"\"topk: cannot allocate {16 * n} bytes of scratch\");",
                  "        return 1;",
                  "    }"]
        ranking = [f"{ROW}const int64_t *r_order = {rank}(r_src + p * {n * after} + q, "
                   f"{after}, {n}, r_scratch, r_scratch + {n});"]
    lines += [f"    for (int64_t r = 0; r < {rows}; r++) {{",
              f"{ROW}const int64_t p = r / {after}, q = r % {after};",
              *ranking,
              f"{ROW}for (int64_t m = 0; m < {k}; m++)",
              f"{ROW}    r_out[p * {k * after} + m * {after} + q] = {picked};",
              "    }"]
    if not select:
        lines.append("    free(r_scratch);")
    return "\n".join(lines)


def render_softmax_cross_entropy(ctx: RenderContext, node: Node) -> str:
    """-log_softmax(logits)[label] per row, then none / sum / mean. Every label is
    checked first (the first bad row is reported); the loss of a row is
    logsumexp(row) - row[label], max-shifted, with the sum of exps in double."""
    _need_stdlib(ctx)
    nid = ctx.node_id(node)
    logits, labels = node.inputs
    rows, classes = ctx.shape(logits)
    dt, reduction = ctx.dtype(logits), node.attr("reduction")
    ct, st = cstyle.cty(dt), cstyle.ctype(dt)
    element = cstyle.load(dt, "r_row[j]")
    lines = [
        f"    const {st} *const r_logits = {ctx.ptr(logits, True)};",
        f"    const {cstyle.ctype(ctx.dtype(labels))} *const r_labels = "
        f"{ctx.ptr(labels, True)};",
        f"    {st} *const r_out = {ctx.ptr(nid)};",
        f"    for (int64_t r = 0; r < {rows}; r++) {{",
        f"{ROW}const int64_t r_label = (int64_t)r_labels[r];",
        f"{ROW}if (r_label < 0 || r_label >= {classes}) {{",
        f"{ROW}    snprintf(rlx_error_text, sizeof(rlx_error_text), \"softmax_cross_entropy: "
        f"label %lld in row %lld is outside [0, {classes})\", (long long)r_label, "
        "(long long)r);",
        f"{ROW}    return 1;",
        f"{ROW}}}",
        "    }",
        "    double r_total = 0.0;"]
    pragma = ctx.parallel_for(rows * classes, rows) if reduction == "none" else ""
    if pragma:
        lines.append("    " + pragma)
    if reduction == "none":
        finish = f"r_out[r] = {cstyle.store(dt, f'({ct})r_loss')};"
    else:
        finish = "r_total += r_loss;"
    lines += [
        f"    for (int64_t r = 0; r < {rows}; r++) {{",
        f"{ROW}const {st} *const r_row = r_logits + r * {classes};",
        f"{ROW}{ct} r_max = -INFINITY;",
        f"{ROW}#pragma omp simd reduction(max:r_max)",
        f"{ROW}for (int64_t j = 0; j < {classes}; j++) {{",
        f"{ROW}    const {ct} r_x = {element};",
        f"{ROW}    r_max = r_x > r_max ? r_x : r_max;",
        f"{ROW}}}",
        f"{ROW}const {ct} r_shift = isfinite(r_max) ? r_max : ({ct})0;",
        f"{ROW}double r_sum = 0.0;",
        f"{ROW}#pragma omp simd reduction(+:r_sum)",
        f"{ROW}for (int64_t j = 0; j < {classes}; j++) {{",
        f"{ROW}    const {ct} r_x = {element};",
        f"{ROW}    r_sum += (double){_exp(dt)}(r_x - r_shift);",
        f"{ROW}}}",
        f"{ROW}const double r_picked = (double){cstyle.load(dt, 'r_row[r_labels[r]]')};",
        f"{ROW}const double r_loss = log(r_sum) + (double)r_shift - r_picked;",
        f"{ROW}{finish}",
        "    }"]
    if reduction == "sum":
        lines.append(f"    r_out[0] = {cstyle.store(dt, f'({ct})r_total')};")
    elif reduction == "mean":
        lines.append(f"    r_out[0] = {cstyle.store(dt, f'({ct})(r_total / {float(rows)!r})')};")
    return "\n".join(lines)


# =========================================================================== tables

KIND_RENDERERS: dict[str, Callable[[RenderContext, Kernel], str]] = {
    "rowwise": render_rowwise,
    "reduce": render_reduce,
}
OP_RENDERERS: dict[str, Callable[[RenderContext, Node], str]] = {
    **{op: _single(render_rowwise) for op in ROWWISE_OPS},
    **{op: _single(render_reduce) for op in REDUCE_OPS},
    "argmax": render_arg_extreme,
    "argmin": render_arg_extreme,
    "cumsum": render_cumsum,
    "batch_norm": render_batch_norm,
    "topk": render_topk,
    "softmax_cross_entropy": render_softmax_cross_entropy,
}
SUPPORTED: frozenset[str] = ROWWISE_OPS | REDUCE_OPS | SINGLE_OPS
