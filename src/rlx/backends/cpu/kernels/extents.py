"""Active extents in generated kernels: skipping the padding of symbolic axes.

A program compiled at the bounds of its symbolic dimensions (see
:mod:`rlx.passes.extents`) holds a shorter input at the start of each symbolic axis;
the rest is padding no result depends on, so a kernel may skip it. The extents are
hidden i64 scalar inputs (``rlx.extent.<symbol>``) that kernels read at run time.

The rows of a row-major tensor whose leading axes carry symbols are active in *runs*:
with the last symbolic factor at position j of the row factors, each run is ``e_j``
times the fixed factors after j rows long, and there is one run per active index of
the factors before j. :class:`RowRuns` writes the C that walks them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rlx.backends.cpu.cwriter import CWriter
from rlx.ir.types import Shape, dim_factors
from rlx.passes.extents import EXTENT_INPUT_PREFIX


def extent_expr(ctx, symbol: str) -> str | None:
    """C expression of ``symbol``'s extent in this run, or None when the program has
    no input carrying it."""
    for nid, node in enumerate(ctx.graph.nodes):
        if node.op == "input" and node.attr("name") == EXTENT_INPUT_PREFIX + symbol:
            return f"(*{ctx.ptr(nid, True)})"
    return None


@dataclass(frozen=True)
class RowRuns:
    """The active runs of a row space: ``count`` runs (a C expression), run ``r``
    starting at the row :meth:`start` computes and ``length`` rows long."""

    count: str
    length: str
    outer: tuple[tuple[str, int], ...]    # (active count, row stride) per factor before j
    outer_bounds: tuple[tuple[str | None, int], ...]   # those factors at their bounds

    def start(self, w: CWriter, run: str, name: str = "rlx_start") -> str:
        """Declare ``name``, the first row of run ``run`` (a C expression); returns
        ``name``."""
        w.line(f"int64_t {name} = 0;")
        if not self.outer:
            return name
        w.line(f"int64_t {name}_rest = {run};")
        for count, stride in reversed(self.outer):
            w.line(f"{name} += ({name}_rest % {count}) * {stride};")
            w.line(f"{name}_rest /= {count};")
        return name


def writes_padding(ctx, kernel) -> bool:
    """Whether ``kernel`` computes one of the extents pass's masks (a ``where`` whose
    condition comes from an extent): those set the padded positions to an identity
    that a reduction then reads, so the kernel must visit them."""
    derived = ctx.extent_derived
    if derived is None:
        derived = ctx.extent_derived = set()
        for nid, node in enumerate(ctx.graph.nodes):
            if ((node.op == "input" and node.attr("name").startswith(EXTENT_INPUT_PREFIX))
                    or any(i in derived for i in node.inputs)):
                derived.add(nid)
    return any(ctx.graph.nodes[n].op == "where" and ctx.graph.nodes[n].inputs[0] in derived
               for n in kernel.nodes)


def row_runs(ctx, dims: Shape) -> RowRuns | None:
    """The active runs of rows indexed by ``dims`` (row-major), or None when no
    factor is symbolic or an extent is not available to kernels. A kernel that
    :func:`writes_padding` must not use them."""
    factors = [f for d in dims for f in dim_factors(d)]
    symbolic = [i for i, (name, _) in enumerate(factors) if name is not None]
    if not symbolic:
        return None
    extents = {}
    for name, _ in factors:
        if name is not None and name not in extents:
            expr = extent_expr(ctx, name)
            if expr is None:
                return None
            extents[name] = expr
    j = symbolic[-1]
    inner = 1
    for _, n in factors[j + 1:]:
        inner *= n
    outer = []
    stride = inner * factors[j][1]
    for name, n in reversed(factors[:j]):
        outer.append((extents[name] if name is not None else str(n), stride))
        stride *= n
    outer.reverse()
    count = " * ".join(c for c, _ in outer) or "1"
    return RowRuns(count, f"{extents[factors[j][0]]} * {inner}", tuple(outer),
                   tuple(factors[:j]))
