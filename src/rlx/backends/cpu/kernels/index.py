"""C renderers for the cpu backend's index-driven ops: gather and one_hot.

Every renderer here is an ``OP_RENDERERS`` entry ``fn(ctx, node) -> str`` for a
single-node ``op`` kernel; the text is the body of the kernel's C function. The
reference kernels in ``rlx.backends.reference.kernels`` are the oracle; see
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
from rlx.backends.cpu.kernels.layout import CHUNK, bits_constant, pragma
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
    out = []
    for ch in text:
        if ch in '\\"':
            out.append("\\" + ch)
        elif ch == "%":
            out.append("%%")
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            out.extend(f"\\{b:03o}" for b in ch.encode())
    return "".join(out)


def error(message: str, *args: str, indent: str = "    ") -> list[str]:
    """C lines writing ``message`` (a printf format) to the error buffer and failing."""
    extra = "".join(f", {a}" for a in args)
    return [f'{indent}snprintf(RLX_ERROR_TEXT, RLX_ERROR_BYTES, "{message}"{extra});',
            f"{indent}return 1;"]


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
    lines = [f"    const {it} *idx = {ctx.ptr(idx, True)};",
             f"    for (int64_t j = 0; j < {count}; j++) {{",
             "        const int64_t v = (int64_t)idx[j];",
             f"        if (v < {-n} || v >= {n}) {{"]
    lines += error(message, "(long long)v", indent="            ")
    lines += ["        }", "    }"]
    if numel(node.shape) == 0:
        return "\n".join(lines)
    total = outer * count
    lines += [f"    const {ct} *src = {ctx.ptr(x, True)};", f"    {ct} *dst = {ctx.ptr(out)};"]
    lines += pragma(ctx, total * inner, total)
    lines += [f"    for (int64_t t = 0; t < {total}; t++) {{",
              f"        int64_t v = (int64_t)idx[t % {count}];",
              f"        if (v < 0) v += {n};",
              f"        const int64_t from = ((t / {count}) * {n} + v) * {inner};"]
    if inner == 1:
        lines.append("        dst[t] = src[from];")
    else:
        lines.append(f"        memcpy(dst + t * {inner}, src + from, {inner} * sizeof *dst);")
    lines.append("    }")
    return "\n".join(lines)


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
    lines = [f"    const {it} *idx = {ctx.ptr(idx, True)};", f"    {ct} *dst = {ctx.ptr(out)};"]
    lines += bits_constant("one", np.asarray(1, dtype=node.dtype.np), ct)
    lines += _contiguous_memset(ctx, count * depth)
    lines += pragma(ctx, count * depth, count)
    lines += [f"    for (int64_t j = 0; j < {count}; j++) {{",
              "        const int64_t v = (int64_t)idx[j];",
              f"        if (v >= 0 && v < {depth}) dst[j * {depth} + v] = one;",
              "    }"]
    return "\n".join(lines)


def _contiguous_memset(ctx: RenderContext, count: int) -> list[str]:
    """Zero the first ``count`` elements of ``dst`` (parallel chunks when large)."""
    chunks = -(-count // CHUNK)
    omp = pragma(ctx, count, chunks)
    if not omp:
        return [f"    memset(dst, 0, {count} * sizeof *dst);"]
    return omp + [
        f"    for (int64_t c = 0; c < {chunks}; c++) {{",
        f"        const int64_t lo = c * {CHUNK};",
        f"        const int64_t n = {count} - lo < {CHUNK} ? {count} - lo : {CHUNK};",
        "        memset(dst + lo, 0, n * sizeof *dst);",
        "    }"]


# --------------------------------------------------------------------------- tables

OP_RENDERERS = {
    "gather": _render_gather,
    "one_hot": _render_one_hot,
}
SUPPORTED: frozenset[str] = frozenset(OP_RENDERERS)
RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=SUPPORTED)
