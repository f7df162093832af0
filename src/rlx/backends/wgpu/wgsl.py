"""WGSL for the wgpu device: one compute shader per kernel of the Program.

Storage. Every value the device holds is 32-bit words: f32, i32 and u32 as
themselves, bool as a u32 0 / 1, f16 and bf16 as their 16 bits in the low half of a
word, and i64 as two words or one i32 (rlx.backends.wgpu.backend converts at the
boundary). f16 and bf16 compute in f32 and are rounded to nearest-even on store and
by ``cast``, as on the other devices ("compute in f32, round once"); the conversions
are integer arithmetic, so they are exact on every adapter, with or without the
``shader-f16`` feature (whose native f16 arithmetic would round every intermediate
and so disagree with cpu and reference). A shader binds each buffer it touches once, as
``array<u32>`` read-write, and reads and writes typed values with ``bitcast``: one
buffer (the arena) holds many values, and WebGPU forbids binding one buffer twice in
a dispatch when either binding is writable.

Shapes, strides and word offsets are constants in the source: a shader is made for
one place in one program (pipelines cost about 4 ms each on Mesa's lavapipe and are
built once at compile).

Kernels follow the Program's fusion (rlx.passes.fusion): an ``elementwise`` kernel is
its loop nest (rlx.passes.loops); a matmul, conv or reduction renders its anchor and
evaluates the elementwise prologue / epilogue inline; shape and index ops are copies
with computed source positions. A kernel that can fail at run time (an index out of
range) writes its number into the status word, which the executable reads with the
outputs and turns into an ExecutionError.

The renderer's modules: rlx.backends.wgpu.wgsl_prelude (the WGSL helper functions),
wgsl_values (device types, literals, conversions, loads and stores, elementwise
expressions), wgsl_writer (Location, Shader, the shader writer, loop nests),
wgsl_copies (views, shape, scan and index copies), wgsl_anchors (matmul, reductions,
conv), wgsl_nn (pooling, cross-entropy, scatter_add, rope, cached attention) and
wgsl_ggml (GGML-block weights). This module dispatches a kernel to its renderer
(:func:`render_kernel`) and lists the ops the device runs and the error texts of its
kernels' failures.
"""

from __future__ import annotations

from collections.abc import Callable

from rlx.backends.wgpu.wgsl_anchors import (  # noqa: F401  (re-exported for backend.py and tests)
    KERNELS,
    _conv,
    _matmul,
    _reduce,
    use_workgroup_tiles,
)
from rlx.backends.wgpu.wgsl_copies import (
    _bitcast,
    _cumsum,
    _gather,
    _one_hot,
    _shape_op,
    _view_kernel,
)
from rlx.backends.wgpu.wgsl_ggml import _dequant_gather, _dequant_matmul
from rlx.backends.wgpu.wgsl_nn import (
    _attention_error,
    _cached_attention,
    _max_pool_indices,
    _pool,
    _rope,
    _scatter_add,
    _xent,
)
from rlx.backends.wgpu.wgsl_values import (  # noqa: F401  (re-exported for backend.py)
    DEVICE_TYPES,
    ELEMENTWISE_OPS,
    NARROW,
    device_type,
    unsupported,
    use_int64,
    words,
)
from rlx.backends.wgpu.wgsl_writer import (  # noqa: F401  (re-exported for backend.py)
    LOOP_BUDGET,
    MAX_LOOP_TRIPS,
    Location,
    Shader,
    _elementwise,
    _shape,
    _Writer,
    loop_iterations,
    numel,
)
from rlx.ir.graph import Graph, Node
from rlx.ir.printer import format_node
from rlx.passes.program import Kernel

ERRORS = {
    "gather": lambda g, n: (f"gather: index {{0}} is out of range for axis {n.attr('axis')} "
                            f"of size {_axis(g, n)} (valid: {-_axis(g, n)}.."
                            f"{_axis(g, n) - 1})",),
    "softmax_cross_entropy": lambda g, n: (
        f"softmax_cross_entropy: label {{0}} in row {{1}} is outside "
        f"[0, {_shape(g.nodes[n.inputs[0]])[1]})",),
    "cached_attention": _attention_error,
    "dequant_gather": lambda g, n: (
        f"dequant_gather: index {{0}} is out of range for a table of {n.attr('n')} rows "
        f"(valid: {-n.attr('n')}..{n.attr('n') - 1})",),
    "scatter_add": lambda g, n: (
        f"scatter_add: index {{0}} is out of range for an axis of size {n.attr('size')} "
        f"(valid: {-n.attr('size')}..{n.attr('size') - 1})",),
}
"""Op -> the ExecutionError texts of its run-time failures, by the number the kernel
writes (``{0}``, ``{1}``, ...: the values it records)."""


def _axis(graph: Graph, node: Node) -> int:
    return _shape(graph.nodes[node.inputs[0]])[node.attr("axis")]


ANCHOR_RENDERERS = {"matmul": _matmul, "reduce": _reduce, "conv": _conv}
SHAPE_OPS = frozenset({"transpose", "broadcast_to", "slice", "flip", "tile", "pad", "concat"})
SINGLE_RENDERERS = {"one_hot": _one_hot, "bitcast": _bitcast, "gather": _gather,
                    "softmax_cross_entropy": _xent, "cached_attention": _cached_attention,
                    "max_pool2d": _pool, "avg_pool2d": _pool, "cumsum": _cumsum,
                    "scatter_add": _scatter_add, "max_pool2d_indices": _max_pool_indices,
                    "rope": _rope, "dequant_matmul": _dequant_matmul,
                    "dequant_gather": _dequant_gather}
REDUCE_OPS = frozenset({"sum", "prod", "max", "min", "argmax", "argmin"})

SUPPORTED_OPS = (ELEMENTWISE_OPS | SHAPE_OPS | frozenset(SINGLE_RENDERERS) | REDUCE_OPS
                 | {"matmul", "conv", "reshape", "squeeze", "unsqueeze",
                    "input", "param", "constant"})
"""The op kinds the wgpu device runs natively; the pipeline decomposes the rest where
it can (rlx.passes.decompose)."""


def render_kernel(graph: Graph, kernel: Kernel, number: int,
                  locate: Callable[[int], Location], chunk_words: int) -> Shader:
    """The shader of ``kernel``; ``number`` (from 1) is what it writes into the status
    word when it fails; ``chunk_words`` is the most words one binding may cover."""
    w = _Writer(locate, number=number, chunk_words=chunk_words)
    anchors = [n for n in kernel.nodes
               if graph.nodes[n].op in ("matmul", "conv") or graph.nodes[n].op in REDUCE_OPS]
    nid = kernel.outputs[0]
    op = graph.nodes[nid].op
    if kernel.kind == "view":
        header, grid = _view_kernel(graph, kernel, w)
    elif anchors:
        anchor = anchors[0]
        role = "reduce" if graph.nodes[anchor].op in REDUCE_OPS else graph.nodes[anchor].op
        header, grid = ANCHOR_RENDERERS[role](graph, kernel, anchor, w)
    elif kernel.kind == "elementwise":
        header, grid = _elementwise(graph, kernel, w)
    elif op in SHAPE_OPS:
        header, grid = _shape_op(graph, nid, w)
    elif op in SINGLE_RENDERERS:
        header, grid = SINGLE_RENDERERS[op](graph, nid, w)
    else:
        raise unsupported(nid, graph.nodes[nid], f"no WGSL kernel for {op!r}")
    errors = ()
    if w.status:
        errors = tuple(f"{format_node(nid, graph.nodes[nid])}: {text}"
                       for text in ERRORS[op](graph, graph.nodes[nid]))
    source = w.source(header, len(w.buffers) if w.status else None)
    return Shader(kernel.name, source, tuple(w.buffers), grid, nid, number, errors)
