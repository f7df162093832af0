"""``cached_attention`` for the cpu backend: the decode step of a KV-cached decoder.

The op (``rlx.ir.ops``) attends S new rows over the first ``past_len[b]`` rows of each
sequence's cache and the new rows themselves. The cache is read where it lies: no
slice or concat copies it, and rows at or past ``past_len`` are never touched (they
may hold anything, nan included), so a step costs what the tokens so far cost, not
what the cache capacity would.

Keys are numbered by position: cache row j is position j, new row j is position
``past_len + j``, so query row i (position p = past_len + i) sees the positions
``[max(0, p - window + 1), p]``, a contiguous range split at ``past_len`` between the
two blocks. One task per query row (batch, head, row), split over the threads
(each row's arithmetic is the same whichever thread runs it, so the bits do not
depend on the thread count): scores by dot products into the thread's scratch row,
the optional softcap, the max-shifted exponentials, then the weighted sum of value
rows, scaled by 1 / (the sum of weights). Every float dtype: f16 / bf16 are read
into float, f64 computes in double.

``past_len`` outside ``[0, C]`` fails the run with the reference's message before
anything is written (error buffer ``RLX_ERROR_TEXT``).
"""

from __future__ import annotations

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.index import error, need_stdio
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.kernels.rowwise import lane_reduction
from rlx.backends.cpu.kernels.support import PARALLEL_MIN_FLOPS, omp_for, thread_id, thread_slots
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node

# (pointer, first position, end, row of position j) of the cache block and the new block
_BLOCKS_K = (("kc", "jlo", "past", "j"), ("kn", "split", "pos + 1", "(j - past)"))
_BLOCKS_V = (("vc", "jlo", "past", "j"), ("vn", "split", "pos + 1", "(j - past)"))


def render_cached_attention(ctx: RenderContext, node: Node) -> str:
    """The op as one kernel (module docstring)."""
    q, k, v, kc, vc, past = node.inputs
    b, h, s, d = ctx.shape(q)
    hkv, cap, dv = ctx.shape(kc)[1], ctx.shape(kc)[2], ctx.shape(vc)[3]
    if b * h * s * dv == 0:
        return "    /* empty result */"
    dt = node.dtype
    wt = "double" if dt is DType.F64 else "float"
    tasks = b * h * s
    parallel = ctx.threads > 1 and tasks > 1 and tasks * (cap + s) * (d + dv) >= PARALLEL_MIN_FLOPS
    slots = thread_slots(ctx, parallel)
    tid = thread_id(ctx) if slots > 1 else "0"
    width = cap + s + dv
    w = CWriter(indent=1)
    need_stdio(ctx)
    lens = ctx.ptr(past, True)
    with w.block(f"for (int64_t bi = 0; bi < {b}; bi++)"):
        with w.block(f"if ({lens}[bi] < 0 || {lens}[bi] > {cap})"):
            error(w, f"cached_attention: past_len %lld is outside [0, {cap}] (the cache "
                     f"holds {cap} rows)", f"(long long){lens}[bi]")
    w.line(ctx.scratch("rlx_rows", DType.F64 if wt == "double" else DType.F32, slots * width))
    w.pragma(omp_for(ctx, parallel))
    with w.block(f"for (int64_t task = 0; task < {tasks}; task++)"):
        w.line(f"const int64_t bi = task / {h * s}, head = task / {s} % {h}, i = task % {s};")
        w.line(f"const int64_t kvh = head / {h // hkv}, past = (int64_t){lens}[bi];")
        w.line("const int64_t pos = past + i;")
        lo = "0" if node.attr("window") is None else f"pos - {node.attr('window') - 1}"
        w.line(f"const int64_t jlo = {lo} > 0 ? {lo} : 0;")
        w.line("const int64_t split = jlo > past ? jlo : past;   /* first new-row key */")
        w.line(f"{wt} *row = rlx_rows + (int64_t){tid} * {width};")
        w.line(f"{wt} *acc = row + {cap + s};")
        w.line(f"const {cstyle.ctype(dt)} *qr = {ctx.ptr(q, True)} + task * {d};")
        heads = f"(bi * {hkv} + kvh)"
        blocks = {"kc": (kc, f"{heads} * {cap * d}"), "kn": (k, f"{heads} * {s * d}"),
                  "vc": (vc, f"{heads} * {cap * dv}"), "vn": (v, f"{heads} * {s * dv}")}
        for name, (nid, offset) in blocks.items():
            w.line(f"const {cstyle.ctype(dt)} *{name} = {ctx.ptr(nid, True)} + {offset};")
        _scores(w, dt, wt, d, float(node.attr("scale")), node.attr("softcap"))
        _softmax(w, wt)
        _values(w, ctx, node, dt, wt, dv)
    return w.text()


def _scores(w: CWriter, dt: DType, wt: str, d: int, scale: float,
            softcap: float | None) -> None:
    """``row[j]`` = the scaled (and capped) score of every visible position j."""
    lit = cstyle.literal(scale, DType.F64 if wt == "double" else DType.F32)
    for keys, lo, hi, first in _BLOCKS_K:
        with w.block(f"for (int64_t j = {lo}; j < {hi}; j++)"):
            w.line(f"const {cstyle.ctype(dt)} *kr = {keys} + {first} * {d};")
            w.line(f"{wt} dot = 0;")
            w.line("#pragma omp simd reduction(+:dot)")
            w.line(f"for (int64_t c = 0; c < {d}; c++) dot += ({wt})"
                   f"({cstyle.load(dt, 'qr[c]')}) * ({wt})({cstyle.load(dt, 'kr[c]')});")
            if softcap is None:
                w.line(f"row[j] = dot * {lit};")
            else:
                cap = cstyle.literal(softcap, DType.F64 if wt == "double" else DType.F32)
                tanh = "rlx_tanhd" if wt == "double" else "rlx_tanhf"
                w.line(f"row[j] = {cap} * {tanh}(dot * {lit} / {cap});")


def _softmax(w: CWriter, wt: str) -> None:
    """``row[jlo..pos]`` to unnormalised weights, ``inv`` to 1 / their sum (a nan score
    gives nan; a -inf one weighs 0)."""
    exp = "rlx_expf_weight" if wt == "float" else "rlx_expd"
    w.line(f"{wt} mx = -INFINITY;")
    lane_reduction(w, "j", "jlo", "pos + 1", [("mx", "max")], lambda w, acc: w.line(
        f"{acc('mx')} = row[j] > {acc('mx')} ? row[j] : {acc('mx')};"))
    w.line(f"const {wt} shift = mx > -INFINITY && mx < INFINITY ? mx : 0;")
    w.line(f"{wt} sum = 0;")
    lane_reduction(w, "j", "jlo", "pos + 1", [("sum", "+")], lambda w, acc: w.extend([
        f"const {wt} e = {exp}(row[j] - shift);", "row[j] = e;", f"{acc('sum')} += e;"]))
    w.line(f"const {wt} inv = sum != 0 ? 1 / sum : 0;")


def _values(w: CWriter, ctx: RenderContext, node: Node, dt: DType, wt: str, dv: int) -> None:
    """``out = inv * sum_j row[j] * v_j`` over both blocks, stored rounded."""
    w.line(f"for (int64_t c = 0; c < {dv}; c++) acc[c] = 0;")
    for values, lo, hi, first in _BLOCKS_V:
        with w.block(f"for (int64_t j = {lo}; j < {hi}; j++)"):
            w.line(f"const {wt} pj = row[j];")
            w.line(f"const {cstyle.ctype(dt)} *vr = {values} + {first} * {dv};")
            w.line("#pragma omp simd")
            w.line(f"for (int64_t c = 0; c < {dv}; c++) acc[c] += pj * ({wt})"
                   f"({cstyle.load(dt, 'vr[c]')});")
    value = cstyle.store(dt, f"({cstyle.cty(dt)})(acc[c] * inv)")
    w.line(f"{cstyle.ctype(dt)} *out = {ctx.ptr(ctx.node_id(node))} + task * {dv};")
    w.line(f"for (int64_t c = 0; c < {dv}; c++) out[c] = {value};")


OP_RENDERERS = {"cached_attention": render_cached_attention}
SUPPORTED: frozenset[str] = frozenset(OP_RENDERERS)
RENDERS = Renders(__name__, ops=OP_RENDERERS, claims=SUPPORTED)
