"""Fused attention for the cpu backend (kernel kind ``attention`` and the op).

Optional transposes of q / k / v (read with strides) and of the result (written with
strides) around one attention op; no epilogue. f32 / f64: per (batch, head, block of
query rows) ``scores = scale * Q K^T`` by GEMM with leading dimensions taken from the
strides, masked exponentials in place, ``P V`` by GEMM written through the output
strides, then each output row scaled by 1 / (its sum of weights). A single query
position (decoding) groups the query heads that share a kv head into one GEMM, or uses
``?gemv`` when none share. f16 / bf16 and cases BLAS cannot express run as generated
loops. Threads and scratch follow the rules in ``support``'s docstring.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.extents import extent_expr
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.kernels.rowwise import lane_reduction
from rlx.backends.cpu.kernels.support import (
    CHUNK_ELEMENTS,
    PACK_MR,
    PACK_NR,
    PARALLEL_MIN_FLOPS,
    SCRATCH_LIMIT_BYTES,
    anchor_node,
    blas_prefix,
    fits_blas,
    omp_for,
    packed_gemm_helper,
    single_node_renderer,
    thread_id,
    thread_slots,
)
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph
from rlx.ir.types import Dim
from rlx.passes.loops import broadcast_strides, row_major_strides
from rlx.passes.program import Kernel


@dataclass(frozen=True)
class _Strided:
    """A logical [B, H, S, X] tensor read or written through ``node``'s storage with
    element ``strides`` per logical axis (absorbed transposes permute them)."""

    node: int
    strides: tuple[int, ...]

    def offset(self, *indices: str) -> str:
        """Element offset of the leading logical axes at ``indices`` (C expressions)."""
        terms = [f"{i} * {s}" for i, s in zip(indices, self.strides) if s]
        return " + ".join(terms) if terms else "0"


@dataclass(frozen=True)
class _AttentionPlan:
    """One attention op: sizes, strided views of q / k / v / the output (and the mask,
    broadcast to [B, H, S, T]) and the op's attributes."""

    anchor: int
    dtype: DType
    b: int
    h: int
    hkv: int
    s: int
    t: int
    d: int
    dv: int
    q: _Strided
    k: _Strided
    v: _Strided
    o: _Strided
    mask: _Strided | None
    mask_kind: str
    scale: float
    causal: bool
    window: int | None
    key_extent: str | None = None
    """C expression of the run's key count when the keys' axis is symbolic: keys past
    it are padding and no path reads them (the extents pass leaves them unmasked on
    this device)."""

    @property
    def keys(self) -> str:
        """The key count a kernel loops to (declared by :func:`_declare_keys`)."""
        return "rlx_et" if self.key_extent else str(self.t)

    @property
    def flops(self) -> int:
        return self.b * self.h * self.s * self.t * (self.d + self.dv)


def _read_view(graph: Graph, members: set[int], nid: int) -> _Strided:
    """How attention operand ``nid`` is read: through an absorbed transpose's source
    (logical axis i is the source's axis perm[i]) or row-major."""
    node = graph.nodes[nid]
    if nid in members and node.op == "transpose":
        src = node.inputs[0]
        own = row_major_strides(graph.nodes[src].shape)
        return _Strided(src, tuple(own[p] for p in node.attr("perm")))
    return _Strided(nid, row_major_strides(node.shape))


def _write_view(graph: Graph, kernel: Kernel, anchor: int) -> _Strided:
    """Where the attention result goes: the kernel output, through the absorbed
    transpose's permutation when the output is a transpose of the attention."""
    out = kernel.outputs[0]
    node = graph.nodes[out]
    if out == anchor:
        return _Strided(out, row_major_strides(node.shape))
    perm = node.attr("perm")
    own = row_major_strides(node.shape)
    strides = [0] * len(perm)
    for axis, source_axis in enumerate(perm):
        strides[source_axis] = own[axis]
    return _Strided(out, tuple(strides))


def _plan_attention(ctx: RenderContext, kernel: Kernel) -> _AttentionPlan:
    """The kernel's attention with absorbed transposes turned into strides."""
    g = ctx.graph
    anchor = anchor_node(g, kernel, "attention")
    node = g.nodes[anchor]
    members = set(kernel.nodes)
    q, k, v = (_read_view(g, members, i) for i in node.inputs[:3])
    qs, ks, vs = (g.nodes[i].shape for i in node.inputs[:3])
    b, h, s, d = qs
    mask = None
    if len(node.inputs) == 4:
        m = node.inputs[3]
        mask = _Strided(m, broadcast_strides(g.nodes[m].shape, (b, h, s, ks[2])))
    return _AttentionPlan(anchor, node.dtype, b, h, ks[1], s, ks[2], d, vs[3], q, k, v,
                          _write_view(g, kernel, anchor), mask, node.attr("mask_kind"),
                          float(node.attr("scale")), bool(node.attr("causal")),
                          node.attr("window"), _extent(ctx, ks[2]))


def _declare_keys(w: CWriter, plan: _AttentionPlan) -> None:
    if plan.key_extent:
        w.line(f"const int64_t rlx_et = {plan.key_extent};")


def render_attention(ctx: RenderContext, kernel: Kernel) -> str:
    """An attention kernel: f32 blocks of query rows through the packed GEMM (every ISA
    tier), per-head BLAS products around a masked softmax for other f32/f64 tilings,
    plain loops per query row otherwise."""
    plan = _plan_attention(ctx, kernel)
    if plan.b * plan.h * plan.s * plan.dv == 0:
        return "    /* empty result */"
    tiling = _attention_tiling(ctx, plan)
    if tiling is None:
        return _render_attention_loops(ctx, plan)
    if plan.dtype is not DType.F32 or tiling.by_heads or tiling.vector:
        return _render_attention_blas(ctx, plan, tiling)
    return _render_attention_packed(ctx, plan, tiling)


def _blas_matrix(rows: int, cols: int, row_stride: int,
                 col_stride: int) -> tuple[bool, int] | None:
    """(stored column-major, leading dimension) of a strided ``rows x cols`` matrix, or
    None when neither axis is contiguous (BLAS cannot read it)."""
    if cols == 1:
        col_stride = 1
    if rows == 1:
        row_stride = max(cols, 1)
    if col_stride == 1 and row_stride >= max(cols, 1):
        return False, row_stride
    if row_stride == 1 and col_stride >= max(rows, 1):
        return True, col_stride
    return None


@dataclass(frozen=True)
class _AttentionTiling:
    """How the BLAS path cuts attention into tasks. A task multiplies up to ``rows`` query
    rows against one kv head: consecutive positions of one query head, or — with a
    single query position (decoding) — the H/Hkv query heads sharing the kv head
    (``by_heads``), so that the kv head is read once. ``q``, ``k``, ``v`` and ``o`` are
    the (column-major, leading dimension) BLAS views of a task's matrices."""

    by_heads: bool
    rows: int
    chunks: int
    tasks: int
    q: tuple[bool, int]
    k: tuple[bool, int]
    v: tuple[bool, int]
    o: tuple[bool, int]

    @property
    def vector(self) -> bool:
        """Every task has one row: matrix-vector products (GEMM is slow at M == 1)."""
        return self.rows == 1


def _attention_tiling(ctx: RenderContext, plan: _AttentionPlan) -> _AttentionTiling | None:
    """The BLAS tiling of ``plan``, or None when the dtype, the sizes, the strides or the
    scratch size rule BLAS out. Row blocks hold as many rows as fit CHUNK_ELEMENTS scores
    (never depending on the thread count)."""
    if plan.dtype not in (DType.F32, DType.F64) or 0 in (plan.t, plan.d):
        return None
    group = plan.h // plan.hkv
    by_heads = plan.s == 1 and group > 1
    if by_heads:
        rows, chunks, tasks = group, 1, plan.b * plan.hkv
        q_rows, axis = group, 1
    else:
        rows = max(1, min(plan.s, CHUNK_ELEMENTS // plan.t))
        chunks = -(-plan.s // rows)
        tasks, q_rows, axis = plan.b * plan.h * chunks, plan.s, 2
    q = _blas_matrix(q_rows, plan.d, plan.q.strides[axis], plan.q.strides[3])
    k = _blas_matrix(plan.t, plan.d, plan.k.strides[2], plan.k.strides[3])
    v = _blas_matrix(plan.t, plan.dv, plan.v.strides[2], plan.v.strides[3])
    o = _blas_matrix(q_rows, plan.dv, plan.o.strides[axis], plan.o.strides[3])
    if q is None or k is None or v is None or o is None or o[0]:
        return None
    slots = thread_slots(ctx, _attention_parallel(ctx, plan, tasks))
    if slots * rows * plan.t * plan.dtype.itemsize > SCRATCH_LIMIT_BYTES:
        return None
    if not fits_blas(plan.s, plan.t, plan.d, plan.dv, q[1], k[1], v[1], o[1]):
        return None
    return _AttentionTiling(by_heads, rows, chunks, tasks, q, k, v, o)


def _attention_parallel(ctx: RenderContext, plan: _AttentionPlan, tasks: int) -> bool:
    return ctx.threads > 1 and plan.flops >= PARALLEL_MIN_FLOPS and tasks > 1


def _render_attention_blas(ctx: RenderContext, plan: _AttentionPlan,
                           tiling: _AttentionTiling) -> str:
    """Per task: scores = scale * Q K^T into this thread's scratch, the masked
    exponentials row by row in place, out = P V written through the output strides,
    then each output row scaled by 1 / (its sum of weights): normalising the Dv outputs
    is cheaper than normalising the T weights."""
    p = blas_prefix(ctx, plan.dtype)
    ct = cstyle.ctype(plan.dtype)
    parallel = _attention_parallel(ctx, plan, tiling.tasks)
    slots = thread_slots(ctx, parallel)
    tid = thread_id(ctx) if slots > 1 else "0"
    t, rows = plan.t, tiling.rows
    w = CWriter(indent=1)
    w.line("rlx_blas_serial();")
    w.line(ctx.scratch("rlx_scores", plan.dtype, slots * rows * t))
    w.line(ctx.scratch("rlx_inv", plan.dtype, slots * rows))
    _declare_keys(w, plan)
    with _attention_task(w, ctx, plan, tiling, omp_for(ctx, parallel)):
        w.line(f"{ct} *sc = rlx_scores + (int64_t){tid} * {rows * t};")
        w.line(f"{ct} *inv = rlx_inv + (int64_t){tid} * {rows};")
        w.line(_scores_call(p, plan, tiling))
        with w.block("for (int64_t r = 0; r < n; r++)"):
            w.line(f"{ct} *row = sc + r * {t};")
            if tiling.by_heads:
                w.line(f"const int64_t head = kvh * {plan.h // plan.hkv} + r, i = 0;")
            else:
                w.line("const int64_t i = i0 + r;")
            _softmax(w, ctx, plan, cstyle.cty(plan.dtype))
            w.line("inv[r] = row_inv;")
        w.line(_mix_call(p, plan, tiling))
        step = plan.o.strides[3] if plan.dv > 1 else 1
        with w.block("for (int64_t r = 0; r < n; r++)"):
            w.line(f"{ct} *orow = op + r * {tiling.o[1]};")
            w.line(f"for (int64_t c = 0; c < {plan.dv}; c++) orow[c * {step}] *= inv[r];")
    return w.text()


def _render_attention_packed(ctx: RenderContext, plan: _AttentionPlan,
                             tiling: _AttentionTiling) -> str:
    """The f32 path (every ISA tier): the BLAS path's tasks with both products on the
    packed GEMM of ``support`` (small GEMMs are where BLAS loses most). Per task: pack
    K^T (and Q when its rows are not contiguous), scores into this thread's scratch, the
    masked exponentials in place (the scale folded into them when there is no mask
    operand), pack V, P V straight into the output rows, then each output row scaled by
    1 / (its sum of weights)."""
    packed_gemm_helper(ctx)
    parallel = _attention_parallel(ctx, plan, tiling.tasks)
    slots = thread_slots(ctx, parallel)
    tid = thread_id(ctx) if slots > 1 else "0"
    t, d, dv, rows = plan.t, plan.d, plan.dv, tiling.rows
    a_size = -(-rows // PACK_MR) * PACK_MR * d if plan.q.strides[3] != 1 else 0
    b_size = max(-(-t // PACK_NR) * PACK_NR * d, -(-dv // PACK_NR) * PACK_NR * t)
    q_rs, q_cs = plan.q.strides[2], plan.q.strides[3]
    k_rs, k_cs = plan.k.strides[2], plan.k.strides[3]
    v_rs, v_cs = plan.v.strides[2], plan.v.strides[3]
    t_panels, dv_panels = -(-t // PACK_NR), -(-dv // PACK_NR)
    scale = cstyle.literal(plan.scale, plan.dtype)
    fold = plan.mask is None and plan.scale > 0   # the scale goes into the exponential
    w = CWriter(indent=1)
    w.line(ctx.scratch("rlx_scores", DType.F32, slots * rows * t))
    w.line(ctx.scratch("rlx_att_b", DType.F32, slots * b_size))
    w.line(ctx.scratch("rlx_inv", DType.F32, slots * rows))
    if a_size:
        w.line(ctx.scratch("rlx_att_a", DType.F32, slots * a_size))
    tt = plan.keys     # a symbolic key count: the run's keys only
    tp = f"(rlx_et + {PACK_NR - 1}) / {PACK_NR}" if plan.key_extent else str(t_panels)
    _declare_keys(w, plan)
    with _attention_task(w, ctx, plan, tiling, omp_for(ctx, parallel)):
        w.line(f"float *sc = rlx_scores + (int64_t){tid} * {rows * t};")
        w.line(f"float *bp = rlx_att_b + (int64_t){tid} * {b_size};")
        w.line(f"const int64_t ns = (n + {PACK_MR - 1}) / {PACK_MR};")
        if a_size:
            w.line(f"float *ap = rlx_att_a + (int64_t){tid} * {a_size};")
            w.line("for (int64_t s = 0; s < ns; s++) "
                   f"rlx_pk_pack_a(n, {d}, qp, {q_rs}, {q_cs}, ap, s);")
            q_arg = "ap, 0"
        else:
            q_arg = f"qp, {q_rs}"
        w.line(f"for (int64_t p = 0; p < {tp}; p++) "
               f"rlx_pk_pack_b({d}, {tt}, kp, {k_cs}, {k_rs}, bp, p);")
        w.line(f"rlx_pk_gemm(n, {tt}, {d}, {q_arg}, bp, sc, {t}, 0, ns, 0, {tp}, "
               "0, slots, arena);")
        w.line(f"float *inv = rlx_inv + (int64_t){tid} * {rows};")
        with w.block("for (int64_t r = 0; r < n; r++)"):
            w.line(f"float *row = sc + r * {t};")
            w.line("const int64_t i = i0 + r;")
            if not fold:
                w.line("#pragma omp simd")
                w.line(f"for (int64_t j = 0; j < {tt}; j++) row[j] *= {scale};")
            _softmax(w, ctx, plan, "float", scale if fold else None)
            w.line("inv[r] = row_inv;")
        w.line(f"for (int64_t p = 0; p < {dv_panels}; p++) "
               f"rlx_pk_pack_b({tt}, {dv}, vp, {v_rs}, {v_cs}, bp, p);")
        w.line(f"rlx_pk_gemm(n, {dv}, {tt}, sc, {t}, bp, op, {tiling.o[1]}, 0, ns, 0, "
               f"{dv_panels}, 0, slots, arena);")
        with w.block("for (int64_t r = 0; r < n; r++)"):
            w.line(f"float *orow = op + r * {tiling.o[1]};")
            w.line("#pragma omp simd")
            w.line(f"for (int64_t c = 0; c < {dv}; c++) orow[c] *= inv[r];")
    return w.text()


def _extent(ctx: RenderContext, dim: int) -> str | None:
    """The run's extent of a simple symbolic ``dim`` (a C expression), else None."""
    if isinstance(dim, Dim) and not dim.compound:
        return extent_expr(ctx, dim.name)
    return None


@contextmanager
def _attention_task(w: CWriter, ctx: RenderContext, plan: _AttentionPlan,
                    tiling: _AttentionTiling, pragma: str) -> Iterator[CWriter]:
    """The task loop (after ``pragma``), its body written inside the ``with``: batch
    ``bi``, kv head ``kvh``, ``n`` rows, and the pointers ``qp``, ``kp``, ``vp``, ``op``
    to the task's first q row, k / v head and out row (plus ``head`` and the first query
    ``i0`` when tasks are query blocks). Query blocks of a symbolic batch or sequence
    cover the run's extents only."""
    ct = cstyle.ctype(plan.dtype)
    group = plan.h // plan.hkv
    batches, queries = _extent(ctx, plan.b), _extent(ctx, plan.s)
    active = not tiling.by_heads and (batches or queries)
    tasks, chunks, s = tiling.tasks, tiling.chunks, plan.s
    if active:
        s = "rlx_es"
        w.line(f"const int64_t rlx_es = {queries or plan.s};")
        w.line(f"const int64_t rlx_ech = (rlx_es + {tiling.rows - 1}) / {tiling.rows};")
        chunks = "rlx_ech"
        tasks = f"{batches or plan.b} * {plan.h} * rlx_ech"
    w.pragma(pragma)
    with w.block(f"for (int64_t task = 0; task < {tasks}; task++)"):
        if tiling.by_heads:
            w.line(f"const int64_t bi = task / {plan.hkv}, kvh = task % {plan.hkv};")
            w.line(f"const int64_t n = {group};")
            first = ("bi", f"kvh * {group}")
        else:
            rows = tiling.rows
            per_batch = f"({plan.h} * {chunks})" if active else plan.h * chunks
            w.line(f"const int64_t bi = task / {per_batch}, "
                   f"head = task / {chunks} % {plan.h};")
            w.line(f"const int64_t kvh = head / {group}, i0 = task % {chunks} * {rows};")
            w.line(f"const int64_t n = {s} - i0 < {rows} ? {s} - i0 : {rows};")
            first = ("bi", "head", "i0")
        w.line(f"const {ct} *qp = {ctx.ptr(plan.q.node, True)} + {plan.q.offset(*first)};")
        w.line(f"const {ct} *kp = {ctx.ptr(plan.k.node, True)} + {plan.k.offset('bi', 'kvh')};")
        w.line(f"const {ct} *vp = {ctx.ptr(plan.v.node, True)} + {plan.v.offset('bi', 'kvh')};")
        w.line(f"{ct} *op = {ctx.ptr(plan.o.node)} + {plan.o.offset(*first)};")
        yield w


def _scores_call(p: str, plan: _AttentionPlan, tiling: _AttentionTiling) -> str:
    """``sc[n x T] = scale * Q K^T`` (a matrix-vector product when n is always 1)."""
    (q_cm, ldq), (k_cm, ldk) = tiling.q, tiling.k
    scale = cstyle.literal(plan.scale, plan.dtype)
    t, d, keys = plan.t, plan.d, plan.keys
    if tiling.vector:
        inc = plan.q.strides[3] if d > 1 else 1
        if k_cm:
            return (f"scipy_cblas_{p}gemv(CblasRowMajor, CblasTrans, {d}, {keys}, {scale}, "
                    f"kp, {ldk}, qp, {inc}, 0, sc, 1);")
        return (f"scipy_cblas_{p}gemv(CblasRowMajor, CblasNoTrans, {keys}, {d}, {scale}, kp, "
                f"{ldk}, qp, {inc}, 0, sc, 1);")
    return (f"scipy_cblas_{p}gemm(CblasRowMajor, {_flag(q_cm)}, {_flag(not k_cm)}, (int)n, "
            f"{keys}, {d}, {scale}, qp, {ldq}, kp, {ldk}, 0, sc, {t});")


def _mix_call(p: str, plan: _AttentionPlan, tiling: _AttentionTiling) -> str:
    """``out[n x Dv] = P V`` through the output strides (matrix-vector when n is 1)."""
    (v_cm, ldv), (_, ldo) = tiling.v, tiling.o
    t, dv, keys = plan.t, plan.dv, plan.keys
    if tiling.vector:
        inc = plan.o.strides[3] if dv > 1 else 1
        if v_cm:
            return (f"scipy_cblas_{p}gemv(CblasRowMajor, CblasNoTrans, {dv}, {keys}, 1, vp, "
                    f"{ldv}, sc, 1, 0, op, {inc});")
        return (f"scipy_cblas_{p}gemv(CblasRowMajor, CblasTrans, {keys}, {dv}, 1, vp, {ldv}, "
                f"sc, 1, 0, op, {inc});")
    return (f"scipy_cblas_{p}gemm(CblasRowMajor, CblasNoTrans, {_flag(v_cm)}, (int)n, {dv}, "
            f"{keys}, 1, sc, {t}, vp, {ldv}, 0, op, {ldo});")


def _flag(transposed: bool) -> str:
    return "CblasTrans" if transposed else "CblasNoTrans"


def _softmax(w: CWriter, ctx: RenderContext, plan: _AttentionPlan, wt: str,
             scale: str | None = None) -> None:
    """Statements turning the scaled scores ``row[0..T)`` of query ``i`` (of head
    ``head``, batch ``bi``) into unnormalised softmax weights in place, and ``row_inv``
    into 1 / their sum, with the causal / window / bool / additive masking of the
    attention op: masked keys weigh 0, a row with no visible key gets ``row_inv`` 0
    (its output is zeros), and a nan or +inf score makes ``row_inv`` nan (its output
    nan). With ``scale`` (a positive literal; only without a mask operand) the scores are
    unscaled and the scale is applied inside the exponential instead. A symbolic key
    count ends the row at the run's keys: those past it are neither read nor written."""
    t, s = plan.t, plan.s
    end = plan.keys
    w.line(f"int64_t jlo = 0, jhi = {end};")
    if plan.causal:    # queries and keys share one extent (the extents pass checks)
        w.line(f"jhi = i + {t - s + 1} < {end} ? i + {t - s + 1} : {end};")
        w.line("if (jhi < 0) jhi = 0;")
    if plan.window is not None:
        w.line(f"jlo = i + {t - s - plan.window + 1};")
        w.line("if (jlo < 0) jlo = 0;")
    w.line("if (jlo > jhi) jlo = jhi;")
    _mask(w, ctx, plan, wt)
    row_exponentials(w, wt, "jhi", scale)
    w.line("for (int64_t j = 0; j < jlo; j++) row[j] = 0;")
    w.line(f"for (int64_t j = jhi; j < {end}; j++) row[j] = 0;")


def row_exponentials(w: CWriter, wt: str, end: str, scale: str | None = None) -> None:
    """Statements turning scores ``row[jlo..end)`` (C type ``wt``) into unnormalised
    softmax weights in place and ``row_inv`` into 1 / their sum: shifted by the row's
    maximum unless that is -inf (so every exponent is <= 0, -inf or nan, the domain of
    ``rlx_expf_weight``), -inf scores weigh 0, a nan or +inf score makes ``row_inv``
    nan (+inf - +inf: softmax's inf / inf), a row of -inf scores only gets ``row_inv``
    0. With ``scale`` (positive) the scores are scaled inside the exponential."""
    exp = "rlx_expf_weight" if wt == "float" else "rlx_expd"
    w.line(f"{wt} mx = -INFINITY;")
    lane_reduction(w, "j", "jlo", end, [("mx", "max")], lambda w, acc: w.line(
        f"{acc('mx')} = row[j] > {acc('mx')} ? row[j] : {acc('mx')};"))
    w.line(f"const {wt} shift = mx > -INFINITY ? mx : 0;")
    w.line(f"{wt} sum = 0;")
    lane_reduction(w, "j", "jlo", end, [("sum", "+")], lambda w, acc: w.extend([
        f"const {wt} e = {exp}({_scaled('row[j] - shift', scale)});"
        "  /* exp(-inf) == 0: masked keys */",
        "row[j] = e;",
        f"{acc('sum')} += e;"]))
    w.line(f"const {wt} row_inv = sum != 0 ? 1 / sum : 0;")


def _scaled(value: str, scale: str | None) -> str:
    return value if scale is None else f"({value}) * {scale}"


def _mask(w: CWriter, ctx: RenderContext, plan: _AttentionPlan, wt: str) -> None:
    """Apply the mask operand to ``row[jlo..jhi)``: add an additive mask, set keys a bool
    mask hides to -inf."""
    if plan.mask is None:
        return
    step = plan.mask.strides[3]
    w.line(f"const int64_t mo = {plan.mask.offset('bi', 'head', 'i')};")
    ref = f"mo + j * {step}" if step else "mo"
    mask_dt = ctx.dtype(plan.mask.node)
    value = cstyle.load(mask_dt, f"{ctx.ptr(plan.mask.node, True)}[{ref}]")
    with w.block("for (int64_t j = jlo; j < jhi; j++)"):
        if plan.mask_kind == "bool":
            w.line(f"if (!{value}) row[j] = -INFINITY;")
        else:
            w.line(f"row[j] += ({wt})({value});")


def _render_attention_loops(ctx: RenderContext, plan: _AttentionPlan) -> str:
    """One query row at a time: scores by dot products, the masked softmax, then the
    weighted sum of values, in float (f16/bf16/f32) or double (f64)."""
    wt = "double" if plan.dtype is DType.F64 else "float"
    parallel = _attention_parallel(ctx, plan, plan.b * plan.h * plan.s)
    slots = thread_slots(ctx, parallel)
    tid = thread_id(ctx) if slots > 1 else "0"
    t, dv = plan.t, plan.dv
    w = CWriter(indent=1)
    w.line(ctx.scratch("rlx_rows", DType.F64 if wt == "double" else DType.F32,
                       slots * (t + dv)))
    _declare_keys(w, plan)
    w.pragma(omp_for(ctx, parallel))
    with w.block(f"for (int64_t task = 0; task < {plan.b * plan.h * plan.s}; task++)"):
        w.line(f"const int64_t bi = task / {plan.h * plan.s}, "
               f"head = task / {plan.s} % {plan.h};")
        w.line(f"const int64_t i = task % {plan.s}, kvh = head / {plan.h // plan.hkv};")
        w.line(f"{wt} *row = rlx_rows + (int64_t){tid} * {t + dv};")
        w.line(f"{wt} *acc = row + {t};")
        w.line(f"const int64_t qo = {plan.q.offset('bi', 'head', 'i')};")
        w.line(f"const int64_t ko = {plan.k.offset('bi', 'kvh')};")
        w.line(f"const int64_t vo = {plan.v.offset('bi', 'kvh')};")
        w.line(f"const int64_t oo = {plan.o.offset('bi', 'head', 'i')};")
        _dot_scores(w, ctx, plan, wt)
        _softmax(w, ctx, plan, wt)
        _weighted_values(w, ctx, plan, wt)
    return w.text()


def _view_element(ctx: RenderContext, view: _Strided, dt: DType, index: str) -> str:
    """The element of ``view``'s storage at ``index``, in the compute type of ``dt``."""
    return cstyle.load(dt, f"{ctx.ptr(view.node, True)}[{index}]")


def _dot_scores(w: CWriter, ctx: RenderContext, plan: _AttentionPlan, wt: str) -> None:
    """``row[j] = scale * q_i . k_j`` for every key ``j``."""
    q = _view_element(ctx, plan.q, plan.dtype, f"qo + dd * {plan.q.strides[3]}")
    k_index = f"ko + j * {plan.k.strides[2]} + dd * {plan.k.strides[3]}"
    k = _view_element(ctx, plan.k, plan.dtype, k_index)
    with w.block(f"for (int64_t j = 0; j < {plan.keys}; j++)"):
        w.line(f"{wt} dot = 0;")
        with w.block(f"for (int64_t dd = 0; dd < {plan.d}; dd++)"):
            w.line(f"dot += ({wt})({q}) * ({wt})({k});")
        w.line(f"row[j] = dot * ({wt}){cstyle.literal(plan.scale, DType.F64)};")


def _weighted_values(w: CWriter, ctx: RenderContext, plan: _AttentionPlan, wt: str) -> None:
    """``out_i = row_inv * sum_j row[j] * v_j``, accumulated in ``acc``, stored rounded."""
    v_index = f"vo + j * {plan.v.strides[2]} + c * {plan.v.strides[3]}"
    v = _view_element(ctx, plan.v, plan.dtype, v_index)
    out = f"{ctx.ptr(plan.o.node)}[oo + c * {plan.o.strides[3]}]"
    value = cstyle.store(plan.dtype, f"({cstyle.cty(plan.dtype)})(acc[c] * row_inv)")
    w.line(f"for (int64_t c = 0; c < {plan.dv}; c++) acc[c] = 0;")
    with w.block(f"for (int64_t j = 0; j < {plan.keys}; j++)"):
        w.line(f"const {wt} pj = row[j];")
        w.line("#pragma omp simd")
        w.line(f"for (int64_t c = 0; c < {plan.dv}; c++) acc[c] += pj * ({wt})({v});")
    w.line(f"for (int64_t c = 0; c < {plan.dv}; c++) {out} = {value};")


KIND_RENDERERS = {"attention": render_attention}
OP_RENDERERS = {"attention": single_node_renderer("attention", render_attention)}
SUPPORTED: frozenset[str] = frozenset(KIND_RENDERERS)
RENDERS = Renders(__name__, kinds=KIND_RENDERERS, ops=OP_RENDERERS, claims=SUPPORTED)
