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

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from rlx.backends.cpu.cwriter import CWriter
from rlx.ir.types import Shape, dim_factors
from rlx.passes.extents import EXTENT_INPUT_PREFIX, extent_masks


def extent_expr(ctx, symbol: str) -> str | None:
    """C expression of ``symbol``'s extent in this run, or None when the program has
    no input carrying it."""
    try:
        nid = ctx.graph.node_id(EXTENT_INPUT_PREFIX + symbol)
    except KeyError:
        return None
    return f"(*{ctx.ptr(nid, True)})"


@dataclass(frozen=True)
class RowRuns:
    """The active runs of a row space: ``count`` runs (a C expression), run ``r``
    starting at the row :meth:`start` computes and ``length`` rows long."""

    count: str
    length: str
    outer: tuple[tuple[str, int], ...]    # (active count, row stride) per factor before j
    outer_bounds: tuple[tuple[str | None, int], ...]   # those factors at their bounds

    def declare(self, w: CWriter, total: str) -> None:
        """Declare ``rlx_run`` (rows per run) and ``total``, the active rows."""
        w.line(f"const int64_t rlx_run = {self.length};")
        w.line(f"const int64_t {total} = {self.count} * rlx_run;")

    def row(self, w: CWriter, index: str, name: str) -> None:
        """Declare ``name``, the row of active row number ``index`` (after
        :meth:`declare`)."""
        start = self.start(w, f"{index} / rlx_run")
        w.line(f"const int64_t {name} = {start} + {index} % rlx_run;")

    @contextmanager
    def each_row(self, w: CWriter, ctx, rows: int, inner: int,
                 cost: int = 1) -> Iterator[None]:
        """The loop over the active rows of ``rows`` rows of ``inner`` elements at the
        bounds, its body written in the ``with``, ``r`` the row there; parallel where
        the bound's work pays for threads and the run's does too (``cost``: an
        element's work, :func:`~rlx.backends.cpu.cstyle.element_cost`)."""
        self.declare(w, "rlx_active")
        with ctx.parallel(w, rows * inner * cost, rows, f"rlx_active * {inner * cost}"), \
                w.block("for (int64_t ar = 0; ar < rlx_active; ar++)"):
            self.row(w, "ar", "r")
            yield

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


def writes_padding(ctx, kernel, stored_only: bool = False) -> bool:
    """Whether ``kernel`` computes one of the extents pass's masks
    (:func:`rlx.passes.extents.extent_masks`): it must visit the padding. With
    ``stored_only``, only a mask the kernel stores (one of its outputs) counts: one
    consumed inside the kernel masks the elements the kernel visits, whichever they
    are."""
    if ctx.extent_masks is None:
        ctx.extent_masks = extent_masks(ctx.graph)
    nodes = kernel.outputs if stored_only else kernel.nodes
    return any(n in ctx.extent_masks for n in nodes)


@contextmanager
def index_rows(w: CWriter, runs: RowRuns | None, count: int, name: str) -> Iterator[None]:
    """A loop over the ``count`` positions of an index tensor, ``name`` the position in
    the body written in the ``with``; with ``runs`` (after ``runs.declare(w,
    "rlx_active")``) over the run's positions only, since the padding of a symbolic run
    may hold anything, valid indices or not (gather, dequant_gather)."""
    if runs is None:
        with w.block(f"for (int64_t {name} = 0; {name} < {count}; {name}++)"):
            yield
        return
    with w.block("for (int64_t a = 0; a < rlx_active; a++)"):
        runs.row(w, "a", name)
        yield


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
