"""C renderers for the cpu backend's index-driven ops: gather and one_hot.

Every renderer here is an ``OP_RENDERERS`` entry ``fn(ctx, node) -> str`` for a
single-node ``op`` kernel; the text is the body of the kernel's C function. The
reference kernels in ``rlx.backends.numpy_kernels`` are the oracle; see
``rlx.ir.ops`` for the op semantics.

* ``gather`` moves values in their storage C type (every dtype as stored, results
  bit-identical to the reference). It first checks every index, in row-major order,
  and fails with the reference interpreter's message (the node, then the first index
  outside ``[-n, n)``, the axis and its size); only then does it copy, so nothing is
  read out of bounds whatever the indices.
* ``one_hot`` leaves an all-zero row for an index outside ``[0, depth)``.

The run-time error path (:func:`need_stdio`, :func:`format_literal`, :func:`error`:
write the error buffer (``RLX_ERROR_TEXT``) and return 1) is shared with the random ops.
"""

from __future__ import annotations

import numpy as np

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.extents import index_rows, row_runs
from rlx.backends.cpu.kernels.layout import CHUNK, bits_constant
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext
from rlx.ir.graph import Node
from rlx.ir.printer import format_node
from rlx.ir.types import numel

# --------------------------------------------------------------------------- error reports

def need_stdio(ctx: RenderContext) -> None:
    """snprintf for the kernels that report run-time errors (once per translation unit)."""
    ctx.add_helper("rlx_ix_stdio", "#include <stdio.h>")


def format_literal(text: str) -> str:
    """``text`` as the body of a C string literal used as a printf format (printed as is)."""
    return cstyle.string_body(text, printf=True)


def error(w: CWriter, message: str, *args: str) -> None:
    """Write ``message`` (a printf format) to the error buffer and fail."""
    extra = "".join(f", {a}" for a in args)
    w.line(f'snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "{message}"{extra});')
    w.line("return 1;")


# --------------------------------------------------------------------------- gather, one_hot

def _render_gather(ctx: RenderContext, node: Node) -> str:
    """numpy take along ``axis`` with indices in [-n, n) (negatives wrap).

    Every index is checked first, in row-major order; the first outside the range
    fails the run with the reference's message. Then each (outer, index) pair copies
    one run of ``inner`` elements."""
    x, idx = node.inputs
    out = ctx.node_id(node)
    axis = node.attr("axis")
    shape = ctx.shape(x)
    n, count = shape[axis], numel(ctx.shape(idx))
    outer, inner = numel(shape[:axis]), numel(shape[axis + 1:])
    if count == 0:
        return "    /* no indices */"
    need_stdio(ctx)
    it = cstyle.ctype(ctx.dtype(idx))
    ct = cstyle.ctype(node.dtype)
    message = (format_literal(f"{format_node(out, node)}: gather: index ") + "%lld"
               + f" is out of range for axis {axis} of size {n} (valid: {-n}..{n - 1})")
    w = CWriter(indent=1)
    w.line(f"const {it} *idx = {ctx.ptr(idx, True)};")
    # symbolic index dimensions: the run's positions only (the padding may hold
    # anything, valid indices or not)
    runs = row_runs(ctx, ctx.shape(idx)) if outer == 1 else None
    total = outer * count
    if runs is not None:
        runs.declare(w, "rlx_active")
    with index_rows(w, runs, count, "j"):
        w.line("const int64_t v = (int64_t)idx[j];")
        with w.block(f"if (v < {-n} || v >= {n})"):
            error(w, message, "(long long)v")
    if numel(node.shape) == 0:
        return w.text()
    w.line(f"const {ct} *src = {ctx.ptr(x, True)};")
    w.line(f"{ct} *dst = {ctx.ptr(out)};")
    w.pragma(ctx.parallel_for(total * inner, total))
    with index_rows(w, runs, total, "t"):
        w.line(f"int64_t v = (int64_t)idx[t % {count}];")
        w.line(f"if (v < 0) v += {n};")
        w.line(f"const int64_t from = ((t / {count}) * {n} + v) * {inner};")
        if inner == 1:
            w.line("dst[t] = src[from];")
        else:
            w.line(f"memcpy(dst + t * {inner}, src + from, {inner} * sizeof *dst);")
    return w.text()


def _render_one_hot(ctx: RenderContext, node: Node) -> str:
    """out[..., j] = (idx == j): all zero bytes, then a one where the index is in range."""
    idx = node.inputs[0]
    out = ctx.node_id(node)
    depth = node.attr("depth")
    count = numel(ctx.shape(idx))
    if numel(node.shape) == 0:
        return "    /* empty result */"
    it = cstyle.ctype(ctx.dtype(idx))
    ct = cstyle.ctype(node.dtype)
    w = CWriter(indent=1)
    w.line(f"const {it} *idx = {ctx.ptr(idx, True)};")
    w.line(f"{ct} *dst = {ctx.ptr(out)};")
    bits_constant(w, "one", np.asarray(1, dtype=node.dtype.np), ct)
    _contiguous_memset(w, ctx, count * depth)
    w.pragma(ctx.parallel_for(count * depth, count))
    with w.block(f"for (int64_t j = 0; j < {count}; j++)"):
        w.line("const int64_t v = (int64_t)idx[j];")
        w.line(f"if (v >= 0 && v < {depth}) dst[j * {depth} + v] = one;")
    return w.text()


def _contiguous_memset(w: CWriter, ctx: RenderContext, count: int) -> None:
    """Zero the first ``count`` elements of ``dst`` (parallel chunks when large)."""
    chunks = -(-count // CHUNK)
    omp = ctx.parallel_for(count, chunks)
    if not omp:
        w.line(f"memset(dst, 0, {count} * sizeof *dst);")
        return
    w.line(omp)
    with w.block(f"for (int64_t c = 0; c < {chunks}; c++)"):
        w.line(f"const int64_t lo = c * {CHUNK};")
        w.line(f"const int64_t n = {count} - lo < {CHUNK} ? {count} - lo : {CHUNK};")
        w.line("memset(dst + lo, 0, n * sizeof *dst);")


# --------------------------------------------------------------------------- tables

OP_RENDERERS = {
    "gather": _render_gather,
    "one_hot": _render_one_hot,
}
SUPPORTED: frozenset[str] = frozenset(OP_RENDERERS)
RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=SUPPORTED)
