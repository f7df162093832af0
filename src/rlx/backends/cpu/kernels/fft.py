"""The cpu kernels of the FFT ops (``fft``, ``rfft``, ``irfft``): ``csrc/fft.h`` per line.

A node transforms every line of its operand along one axis: ``outer`` blocks of ``inner``
interleaved lines. Lines of a contiguous axis (``inner == 1``) are read and written in
place; others are gathered into the thread's scratch and scattered back. Lines are
spread over the program's threads. The plan (factorisation, twiddles, Bluestein's
chirp) is built once, on the first run, in the keep region (``rlx_fft_plan_init``:
deterministic), so a run computes no sine or cosine. The plan's and the scratch's sizes
depend on the ISA tier's vector width, which only the compiled code knows: both live in
the keep region's dynamic part (``RenderContext.keep_dynamic``).
"""

from __future__ import annotations

import math

from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.qmatmul_ggml import csrc_helper
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.kernels.support import THREAD_ID
from rlx.backends.cpu.render import RenderContext
from rlx.ir.complex_ops import fft_scale
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node

FFT = csrc_helper("fft.h")
"""The FFT library (``rlx_fft_*``), emitted once per program that transforms."""

_KINDS = ("c2c_f32", "c2c_f64", "r2c_f32", "r2c_f64", "c2r_f32", "c2r_f64")
ENTRIES = "\n".join(
    ["/* the kernels call the library through these, so that it is compiled once per",
     "   translation unit rather than inlined into every transform's kernel */",
     "static __attribute__((noinline, unused)) int64_t rlx_fftk_plan_bytes(int64_t n, int r, "
     "int d) { return rlx_fft_plan_bytes(n, r, d); }",
     "static __attribute__((noinline, unused)) int64_t rlx_fftk_scratch_bytes(int64_t n, int r, "
     "int d) { return rlx_fft_scratch_bytes(n, r, d); }",
     "static __attribute__((noinline, unused)) void rlx_fftk_plan_init(void *m, int64_t n, "
     "int r, int d) { rlx_fft_plan_init(m, n, r, d); }"]
    + [f"static __attribute__((noinline, unused)) void rlx_fftk_{k}(const void *p, "
       f"const {'double' if k.endswith('64') else 'float'} *in, "
       f"{'double' if k.endswith('64') else 'float'} *out, "
       + ("int sign, " if k.startswith("c2c") else "")
       + f"{'double' if k.endswith('64') else 'float'} scale, void *s) "
       f"{{ rlx_fft_{k}(p, in, out, " + ("sign, " if k.startswith("c2c") else "")
       + "scale, s); }" for k in _KINDS])
"""Non-inlined entry points ``rlx_fftk_*`` around the library's."""


def render_fft(ctx: RenderContext, node: Node) -> str:
    nid = ctx.node_id(node)
    x = node.inputs[0]
    op, axis = node.op, node.attr("axis")
    src, dst = ctx.graph.nodes[x].type, node.type
    n = node.attr("n") if op == "irfft" else src.shape[axis]
    real = op != "fft"
    dbl = dst.dtype in (DType.F64, DType.C128)
    scalar = "double" if dbl else "float"
    suffix = "f64" if dbl else "f32"
    inverse = op == "irfft" or (op == "fft" and node.attr("inverse"))
    scale = fft_scale(node.attr("norm"), n, inverse)
    outer = math.prod(src.shape[:axis])
    inner = math.prod(src.shape[axis + 1:])
    # scalars per element of the operand and of the result (complex: 2)
    in_w = 2 if src.dtype.is_complex else 1
    out_w = 2 if dst.dtype.is_complex else 1
    in_len, out_len = src.shape[axis], dst.shape[axis]
    lines = outer * inner
    ctx.add_helper("rlx_fft", FFT)
    ctx.add_helper("rlx_fftk", ENTRIES)
    ctx.add_helper("rlx_thread_id", THREAD_ID)
    w = CWriter(indent=1)
    tag = f"rlx_fft_n{nid}"
    args = f"{n}, {int(real)}, {int(dbl)}"
    threads = max(1, ctx.threads)
    item = 8 if dbl else 4
    lines_bytes = 0 if inner == 1 else (in_len * in_w + out_len * out_w) * item + 128
    # the plan and each thread's scratch: sizes the compiled code knows (they follow the
    # tier's vector width), so both live in the keep region's dynamic part
    # [ready, the plan's scratch bytes per line]: both set by the first run, so later
    # runs compute no size
    w.line(ctx.keep(f"{tag}_state", DType.I64, 2))
    w.line(ctx.keep_dynamic(f"{tag}_plan", f"rlx_fftk_plan_bytes({args})"))
    w.line(ctx.keep_dynamic(
        f"{tag}_scr", f"{threads} * (RLX_ROUND64(rlx_fftk_scratch_bytes({args})) + {lines_bytes})"))
    with w.block(f"if ({tag}_state[0] != 1)"):
        w.line(f"rlx_fftk_plan_init({tag}_plan, {args});")
        w.line(f"{tag}_state[1] = RLX_ROUND64(rlx_fftk_scratch_bytes({args}));")
        w.line(f"{tag}_state[0] = 1;")
    w.line(f"const int64_t scr_bytes = {tag}_state[1];")
    w.line(f"const int64_t per_thread = scr_bytes + {lines_bytes};")
    w.line("(void)scr_bytes;")
    src_p = f"((const {scalar} *){ctx.base(x)})"
    dst_p = f"(({scalar} *){ctx.base(nid)})"
    pragma = ctx.parallel_for(lines * n, lines)
    if pragma:
        w.line(pragma)
    with w.block(f"for (int64_t l = 0; l < {lines}; l++)"):
        w.line(f"uint8_t *scr = {tag}_scr + (int64_t)rlx_thread_id() * per_thread;")
        w.line(f"const int64_t o = l / {inner}, i = l % {inner};")
        w.line(f"const {scalar} *in = {src_p} + (o * {in_len * inner} + i) * {in_w};")
        w.line(f"{scalar} *out = {dst_p} + (o * {out_len * inner} + i) * {out_w};")
        if inner == 1:
            line_in, line_out = "in", "out"
            work = "scr"
        else:
            w.line(f"{scalar} *bin = ({scalar} *)(scr + scr_bytes);")
            w.line(f"{scalar} *bout = bin + {in_len * in_w + 64 // item};")
            with w.block(f"for (int64_t j = 0; j < {in_len}; j++)"):
                for c in range(in_w):
                    w.line(f"bin[j * {in_w} + {c}] = in[j * {inner * in_w} + {c}];")
            line_in, line_out, work = "bin", "bout", "scr"
        if op == "fft":
            sign = 1 if node.attr("inverse") else -1
            w.line(f"rlx_fftk_c2c_{suffix}({tag}_plan, {line_in}, {line_out}, {sign}, "
                   f"({scalar}){scale!r}, {work});")
        elif op == "rfft":
            w.line(f"rlx_fftk_r2c_{suffix}({tag}_plan, {line_in}, {line_out}, "
                   f"({scalar}){scale!r}, {work});")
        else:
            w.line(f"rlx_fftk_c2r_{suffix}({tag}_plan, {line_in}, {line_out}, "
                   f"({scalar}){scale!r}, {work});")
        if inner != 1:
            with w.block(f"for (int64_t j = 0; j < {out_len}; j++)"):
                for c in range(out_w):
                    w.line(f"out[j * {inner * out_w} + {c}] = bout[j * {out_w} + {c}];")
    return w.text()


RENDERS = Renders(__name__, ops={"fft": render_fft, "rfft": render_fft, "irfft": render_fft},
                  claims=frozenset({"fft", "rfft", "irfft"}))
