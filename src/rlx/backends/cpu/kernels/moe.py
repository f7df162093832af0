"""C renderer of grouped_matmul (:mod:`rlx.ir.moe_ops`): only the routed experts' weights
are read.

The kernel first checks every expert id of the run's tokens (the reference's message
for the first outside [0, E)), then sorts the selections (t, j) by expert with a
counting sort, so each expert's weight is read once per chunk of up to CHUNK of its
selections rather than once per token: a selection's input row is gathered into a
contiguous chunk, multiplied with the expert's weight, and the results are scattered
back to ``y[t, j]``. A decode step (one token, K experts) reads K experts' weights.

* GGML blocks: the chunk goes through the kernels of ``dequant_matmul``
  (:mod:`.qmatmul_ggml`), straight from the file's bytes: up to TILED_MIN selections the
  decode kernels (groups of GEMV_ROWS rows of the expert split over the threads, pieces
  of GEMV_MAX_X rows of x), more the tiled product (each block decoded once per chunk).
* GGML blocks with ``x_int8``: the chunk's inputs are rounded to int8 and multiplied
  by the integer kernels of ``dequant_matmul`` (:mod:`.qmatmul_int8`), whatever the
  chunk's size. When every selection of the run fits one chunk (a decode step), all
  experts' products share one parallel region (``qmatmul_int8.grouped_loops``): the
  same kernels on the same rounded rows, so the same bits.
* f32: each output is a dot product of an expert row and an input row with 16 partial
  sums in a fixed order (``rlx_moe_dot``), groups of rows split over the threads; with
  ``transpose`` (the input gradient) each selection's output accumulates rows of the
  expert scaled by its input, in row order.

Tokens past a symbolic extent are skipped (their output rows are left as they are).
"""

from __future__ import annotations

from contextlib import nullcontext

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels import qmatmul_ggml, qmatmul_int8
from rlx.backends.cpu.kernels.extents import row_runs
from rlx.backends.cpu.kernels.index import error, format_literal, need_stdio
from rlx.backends.cpu.kernels.qmatmul import add_ggml_helpers, ggml_rows_loops
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node
from rlx.ir.moe_ops import expert_layout
from rlx.ir.printer import format_node

CHUNK = 64
"""Selections of one expert multiplied together (the gathered inputs and outputs live
in the kernel's scratch)."""

ROW_GROUP = 4
"""Rows of an f32 expert one task takes."""

TILED_MIN = 16
"""Selections of one expert in a chunk above which GGML experts go through the tiled
(prefill) product instead of the decode kernels."""

DOT = """\
static inline float rlx_moe_dot(const float *restrict a, const float *restrict b,
                                int64_t n) {
    float s[16] = {0};
    int64_t i = 0;
    for (; i + 16 <= n; i += 16)
        for (int l = 0; l < 16; l++) s[l] += a[i + l] * b[i + l];
    for (int l = 0; i < n; i++, l++) s[l] += a[i] * b[i];
    for (int h = 8; h >= 1; h /= 2)
        for (int l = 0; l < h; l++) s[l] += s[l + h];
    return s[0];
}"""


def render_grouped_matmul(ctx: RenderContext, node: Node) -> str:
    x_id, idx_id, w_id = node.inputs
    t_dim, k_sel = ctx.shape(idx_id)
    t_bound = int(t_dim)
    experts = int(ctx.shape(w_id)[0])
    n_out = int(node.shape[-1])
    width_in = int(ctx.shape(x_id)[-1])
    per_selection = len(ctx.shape(x_id)) == 3
    scheme, transpose = node.attr("scheme"), node.attr("transpose")
    if t_bound * k_sel * n_out == 0:
        return "    /* empty */"
    need_stdio(ctx)
    w = CWriter(indent=1)
    it = cstyle.ctype(ctx.dtype(idx_id))
    w.line(f"const float *restrict x = {ctx.ptr(x_id, True)};")
    w.line(f"const {it} *restrict ix = {ctx.ptr(idx_id, True)};")
    w.line(f"float *restrict y = {ctx.ptr(ctx.node_id(node))};")
    if scheme == "f32":
        w.line(f"const float *restrict wt = {ctx.ptr(w_id, True)};")
    else:
        w.line(f"const uint8_t *restrict wt = {ctx.ptr(w_id, True)};")
    w.line(ctx.scratch("cnt", DType.I64, experts + 1))
    w.line(ctx.scratch("order", DType.I64, t_bound * k_sel))
    w.line(ctx.scratch("xg", DType.F32, CHUNK * width_in))
    w.line(ctx.scratch("yg", DType.F32, CHUNK * n_out))
    _sort_selections(w, ctx, node, t_dim, k_sel, experts)
    row_in = "sel" if per_selection else f"(sel / {k_sel})"

    def per_expert() -> None:
        with w.block(f"for (int64_t e = 0; e < {experts}; e++)"):
            with w.block(f"for (int64_t c0 = cnt[e]; c0 < cnt[e + 1]; c0 += {CHUNK})"):
                w.line(f"const int64_t m = cnt[e + 1] - c0 < {CHUNK} ? cnt[e + 1] - c0 : "
                       f"{CHUNK};")
                _gather(w, "m", "c0", row_in, width_in)
                if scheme == "f32" and transpose:
                    _f32_transposed(w, n_out, width_in)
                elif scheme == "f32":
                    _f32_product(w, ctx, n_out, width_in)
                elif node.attr("x_int8"):
                    _ggml_int8_product(w, ctx, scheme, n_out, width_in)
                else:
                    _ggml_product(w, ctx, scheme, n_out, width_in)
                _scatter(w, "m", "c0", n_out)

    if scheme == "f32" or not node.attr("x_int8"):
        per_expert()
        return w.text()
    # every selection in one chunk (a decode step): one parallel region for all experts
    with w.block(f"if (cnt[{experts}] <= {CHUNK})"):
        # one token, each expert selected once: its row is rounded once and read by every
        # selection, not gathered and rounded once a selection (the same codes)
        shared = "rlx_shared" if not per_selection and t_bound == 1 and k_sel > 1 else None
        if shared:
            w.line(f"int rlx_shared = cnt[{experts}] > 0;")
            w.line(f"for (int64_t e = 0; e < {experts}; e++) "
                   "if (cnt[e + 1] - cnt[e] > 1) rlx_shared = 0;")
        with w.block("if (!rlx_shared)") if shared else nullcontext():
            _gather(w, f"cnt[{experts}]", "0", row_in, width_in)
        w.line(f"const float *restrict xin = {'rlx_shared ? x : xg' if shared else 'xg'};")
        with w.block(""):
            w.line("const float *restrict x = xin;")
            w.line("float *restrict y = yg;")
            qmatmul_int8.grouped_loops(w, ctx, expert_layout(scheme, n_out, width_in), CHUNK,
                                       experts, f"cnt[{experts}]", shared)
        _scatter(w, f"cnt[{experts}]", "0", n_out)
    with w.else_block():
        per_expert()
    return w.text()


def _gather(w: CWriter, count: str, first: str, row_in: str, width_in: int) -> None:
    """xg's first ``count`` rows: the inputs of selections ``order[first ..]``."""
    with w.block(f"for (int64_t i = 0; i < {count}; i++)"):
        w.line(f"const int64_t sel = order[{first} + i];")
        w.line(f"memcpy(xg + i * {width_in}, x + {row_in} * {width_in}, "
               f"sizeof(float) * {width_in});")


def _scatter(w: CWriter, count: str, first: str, n_out: int) -> None:
    """yg's first ``count`` rows to the outputs of selections ``order[first ..]``."""
    with w.block(f"for (int64_t i = 0; i < {count}; i++)"):
        w.line(f"memcpy(y + order[{first} + i] * {n_out}, yg + i * {n_out}, "
               f"sizeof(float) * {n_out});")


def _sort_selections(w: CWriter, ctx: RenderContext, node: Node, t_dim, k_sel: int,
                     experts: int) -> None:
    """``cnt[e]..cnt[e + 1]`` the positions in ``order`` of expert e's selections
    (t * K + j, in token order), over the run's tokens; a bad id fails the run."""
    runs = row_runs(ctx, (t_dim,))
    w.line(f"memset(cnt, 0, sizeof(int64_t) * {experts + 1});")
    message = format_literal(f"{format_node(ctx.node_id(node), node)}: grouped_matmul: "
                             "expert id ") + "%lld" + format_literal(
        f" is out of range for {experts} experts (valid: 0..{experts - 1})")

    def each_token(body) -> None:
        if runs is None:
            with w.block(f"for (int64_t t = 0; t < {int(t_dim)}; t++)"):
                body()
            return
        runs.declare(w, "rlx_active")
        with w.block("for (int64_t at = 0; at < rlx_active; at++)"):
            runs.row(w, "at", "t")
            body()

    def count() -> None:
        with w.block(f"for (int64_t j = 0; j < {k_sel}; j++)"):
            w.line(f"const int64_t e = (int64_t)ix[t * {k_sel} + j];")
            with w.block(f"if (e < 0 || e >= {experts})"):
                error(w, message, "(long long)e")
            w.line("cnt[e + 1]++;")

    def place() -> None:
        with w.block(f"for (int64_t j = 0; j < {k_sel}; j++)"):
            w.line(f"const int64_t e = (int64_t)ix[t * {k_sel} + j];")
            w.line(f"order[fill[e]++] = t * {k_sel} + j;")

    with w.block(""):
        each_token(count)
    w.line(f"for (int64_t e = 0; e < {experts}; e++) cnt[e + 1] += cnt[e];")
    w.line(f"int64_t fill[{experts}];")
    w.line(f"memcpy(fill, cnt, sizeof(int64_t) * {experts});")
    with w.block(""):
        each_token(place)


def _f32_product(w: CWriter, ctx: RenderContext, n_out: int, width_in: int) -> None:
    """yg [m, n] = xg [m, d] @ W[e].T, groups of ROW_GROUP rows of W over the threads."""
    ctx.add_helper("rlx_moe_dot", DOT)
    groups = -(-n_out // ROW_GROUP)
    w.line(f"const float *restrict we = wt + e * {n_out * width_in};")
    with ctx.parallel(w, CHUNK * n_out * width_in, groups, f"m * {n_out * width_in}"), \
            w.block(f"for (int64_t g = 0; g < {groups}; g++)"):
        w.line(f"const int64_t r1 = g * {ROW_GROUP} + {ROW_GROUP} < {n_out} ? "
               f"g * {ROW_GROUP} + {ROW_GROUP} : {n_out};")
        with w.block(f"for (int64_t r = g * {ROW_GROUP}; r < r1; r++)"):
            w.line(f"for (int64_t i = 0; i < m; i++) yg[i * {n_out} + r] = "
                   f"rlx_moe_dot(we + r * {width_in}, xg + i * {width_in}, {width_in});")


def _f32_transposed(w: CWriter, n_out: int, width_in: int) -> None:
    """yg [m, d] = xg [m, n] @ W[e] (W[e] [n, d]): rows of W scaled and summed in order."""
    w.line(f"const float *restrict we = wt + e * {n_out * width_in};")
    with w.block("for (int64_t i = 0; i < m; i++)"):
        w.line(f"float *restrict out = yg + i * {n_out};")
        w.line(f"for (int64_t c = 0; c < {n_out}; c++) out[c] = 0.0f;")
        with w.block(f"for (int64_t r = 0; r < {width_in}; r++)"):
            w.line(f"const float s = xg[i * {width_in} + r];")
            w.line(f"for (int64_t c = 0; c < {n_out}; c++) out[c] += s * we[r * {n_out} + c];")


def _ggml_product(w: CWriter, ctx: RenderContext, scheme: str, n_out: int,
                  width_in: int) -> None:
    """yg [m, n] = xg [m, k] @ W[e].T for expert e's GGML blocks (the decode kernels)."""
    layout = expert_layout(scheme, n_out, width_in)
    row_bytes = layout.row_bytes
    add_ggml_helpers(ctx, scheme)
    w.line(f"const uint8_t *restrict q = wt + e * {n_out * row_bytes};")
    with w.block(f"if (m > {TILED_MIN})"):
        # many selections of one expert (prefill): the tiled product of dequant_matmul,
        # which decodes each block of the expert once for all of them
        w.line("const float *restrict x = xg;")
        w.line("float *restrict y = yg;")
        ggml_rows_loops(w, ctx, layout, CHUNK, "m")
    with w.block("else"):
        _ggml_gemv(w, ctx, scheme, n_out, width_in, row_bytes)


def _ggml_int8_product(w: CWriter, ctx: RenderContext, scheme: str, n_out: int,
                       width_in: int) -> None:
    """yg [m, n] = xg [m, k] @ W[e].T with xg rounded to int8 (``x_int8``): the integer
    kernels of ``dequant_matmul`` (:mod:`.qmatmul_int8`) for any m, whose bits do not
    depend on the rows multiplied together, so neither do a token's on how many others
    chose its expert."""
    layout = expert_layout(scheme, n_out, width_in)
    w.line(f"const uint8_t *restrict q = wt + e * {n_out * layout.row_bytes};")
    with w.block(""):
        w.line("const float *restrict x = xg;")
        w.line("float *restrict y = yg;")
        qmatmul_int8.forward_loops(w, ctx, layout, CHUNK, "m")


def _ggml_gemv(w: CWriter, ctx: RenderContext, scheme: str, n_out: int, width_in: int,
               row_bytes: int) -> None:
    """The decode kernels on the chunk: pieces of GEMV_MAX_X selections per group of
    rows of the expert."""

    def calls(count: int, w0: str) -> None:
        def call(mx: int, m0: str) -> None:
            name = qmatmul_ggml.add_gemv(ctx, scheme, count, mx)
            w.line(f"{name}(q + {w0} * {row_bytes}, {row_bytes}, xg + {m0} * {width_in}, "
                   f"{width_in}, yg + {m0} * {n_out} + {w0}, {n_out});")

        qmatmul_ggml.run_time_pieces(w, "m", qmatmul_ggml.GEMV_MAX_X, call)

    qmatmul_ggml.row_groups(w, ctx, n_out, qmatmul_ggml.GEMV_ROWS, CHUNK * n_out * width_in,
                            calls, f"m * {n_out * width_in}")


OP_RENDERERS = {"grouped_matmul": render_grouped_matmul}
RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=frozenset(OP_RENDERERS))
