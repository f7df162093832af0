"""The cpu kernels of the control-flow ops: C branches and loops around each body.

A control-flow node reaches the renderer packed (``result=-1``, rlx.passes.control):
one u8 buffer with every result at its :func:`rlx.ir.control.packed_layout` offset,
read by ``unpack`` views. Each body was lowered by the pipeline into a Program of its
own, which :func:`rlx.backends.cpu.render.render_body` renders as functions in the
same part; the kernel fills the body's slot table (its inputs and outputs) for each
call and runs it on an arena of its own inside the kernel's scratch.

* ``cond`` calls one body: the other costs nothing.
* ``while_loop`` keeps the carries in two scratch buffers and swaps them after each
  step (the body reads one and writes the other); the predicate is a bool in scratch.
* ``scan`` does the same for its carries and points the body's x inputs at step t's
  slices and its y outputs at row t of the stacked results, in place in the packed
  buffer.

The kernel itself runs on one thread; each body's kernels use the program's threads as
usual. Bodies have fixed shapes; a body's random ops are refused (reference only).
"""

from __future__ import annotations

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext, kernel_call, render_body
from rlx.ir.control import Subgraph, packed_layout, result_types, subgraphs
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node


class _Body:
    """One body rendered for the node: its entry point, arena and slot table."""

    def __init__(self, ctx: RenderContext, nid: int, k: int, sub: Subgraph):
        program = ctx.program.bodies[(nid, k)]
        self.fn, self.ctx = render_body(ctx, program)
        self.arena_bytes = self.ctx.arena_bytes
        names = [sub.graph.nodes[i].attr("name") for i in sub.inputs]
        self.position = {name: p for p, name in enumerate(names)}
        self.table = f"rlx_tab{k}"

    def call(self, w: CWriter, arena: str, inputs: list[str], outputs: list[str]) -> None:
        """Fill the slot table (``inputs`` in operand order, ``outputs`` in result order;
        C ``uint8_t *`` expressions) and run the body."""
        entries = []
        for slot in self.ctx.slots:
            if slot.kind == "input":
                entries.append(f"(void *)({inputs[self.position[slot.name]]})")
            else:
                entries.append(f"(void *)({outputs[slot.output_index]})")
        w.line(f"void *{self.table}[] = {{{', '.join(entries) or '0'}}};")
        w.line(kernel_call(f"{self.fn}({self.table}, {arena}, ctl)"))


def _bodies(ctx: RenderContext, nid: int, node: Node) -> list[_Body]:
    return [_Body(ctx, nid, k, sub) for k, sub in enumerate(subgraphs(node))]


def _layout(ctx: RenderContext, node: Node) -> tuple[list[int], list]:
    ins = [ctx.graph.nodes[i].type for i in node.inputs]
    types = result_types(node.op, ins, node.attr_dict)
    return packed_layout(types)[0], types


def _scratch(ctx: RenderContext, w: CWriter, name: str, nbytes: int) -> str:
    w.line(ctx.scratch(name, DType.U8, max(nbytes, 1)))
    return name


def _carry_buffers(ctx: RenderContext, w: CWriter, types: list) -> tuple[list[str], list[str]]:
    """Two scratch buffers per carry (``cur`` read by the body, ``nxt`` written), as
    pointer variables that the loop swaps."""
    cur, nxt = [], []
    for i, t in enumerate(types):
        a = _scratch(ctx, w, f"rlx_ca{i}", t.nbytes)
        b = _scratch(ctx, w, f"rlx_cb{i}", t.nbytes)
        w.line(f"uint8_t *rlx_cur{i} = {a}, *rlx_nxt{i} = {b};")
        cur.append(f"rlx_cur{i}")
        nxt.append(f"rlx_nxt{i}")
    return cur, nxt


def _swap(w: CWriter, cur: list[str], nxt: list[str]) -> None:
    for a, b in zip(cur, nxt):
        w.line(f"{{ uint8_t *rlx_sw = {a}; {a} = {b}; {b} = rlx_sw; }}")


def _copy(w: CWriter, dst: str, src: str, nbytes: int) -> None:
    if nbytes:
        w.line(f"memcpy({dst}, {src}, {nbytes});")


def render_cond(ctx: RenderContext, node: Node) -> str:
    nid = ctx.node_id(node)
    true_body, false_body = _bodies(ctx, nid, node)
    offsets, _ = _layout(ctx, node)
    pred = node.inputs[0]
    w = CWriter(indent=1)
    w.line("int rc = 0; (void)rc;")
    arena = _scratch(ctx, w, "rlx_barena", max(true_body.arena_bytes, false_body.arena_bytes))
    operands = [ctx.base(i) for i in node.inputs[1:]]
    outs = [f"{ctx.base(nid)} + {off}" for off in offsets]
    ctype = cstyle.ctype(ctx.dtype(pred))
    with w.block(f"if (*(const {ctype} *){ctx.base(pred)} != 0)"):
        true_body.call(w, arena, operands, outs)
    with w.block("else"):
        false_body.call(w, arena, operands, outs)
    return w.text()


def render_while(ctx: RenderContext, node: Node) -> str:
    nid = ctx.node_id(node)
    cond, body = _bodies(ctx, nid, node)
    offsets, types = _layout(ctx, node)
    k = node.attr("carries")
    w = CWriter(indent=1)
    w.line("int rc = 0; (void)rc;")
    arena = _scratch(ctx, w, "rlx_barena", max(cond.arena_bytes, body.arena_bytes))
    pred = _scratch(ctx, w, "rlx_pred", 1)
    cur, nxt = _carry_buffers(ctx, w, types)
    for i in range(k):
        _copy(w, cur[i], ctx.base(node.inputs[i]), types[i].nbytes)
    captures = [ctx.base(i) for i in node.inputs[k:]]
    with w.block("for (;;)"):
        cond.call(w, arena, cur + captures, [pred])
        w.line(f"if (!*(const uint8_t *){pred}) break;")
        body.call(w, arena, cur + captures, nxt)
        _swap(w, cur, nxt)
    for i in range(k):
        _copy(w, f"{ctx.base(nid)} + {offsets[i]}", cur[i], types[i].nbytes)
    return w.text()


def render_scan(ctx: RenderContext, node: Node) -> str:
    nid = ctx.node_id(node)
    (body,) = _bodies(ctx, nid, node)
    offsets, types = _layout(ctx, node)
    k, m, n = node.attr("carries"), node.attr("xs"), node.attr("length")
    w = CWriter(indent=1)
    w.line("int rc = 0; (void)rc;")
    arena = _scratch(ctx, w, "rlx_barena", body.arena_bytes)
    cur, nxt = _carry_buffers(ctx, w, types[:k])
    for i in range(k):
        _copy(w, cur[i], ctx.base(node.inputs[i]), types[i].nbytes)
    xs = node.inputs[k:k + m]
    captures = [ctx.base(i) for i in node.inputs[k + m:]]
    step = f"({n - 1} - rlx_s)" if node.attr("reverse") else "rlx_s"
    with w.block(f"for (int64_t rlx_s = 0; rlx_s < {n}; ++rlx_s)"):
        w.line(f"const int64_t rlx_t = {step};")
        slices = [f"{ctx.base(x)} + rlx_t * {ctx.graph.nodes[x].type.nbytes // max(n, 1)}"
                  for x in xs]
        rows = [f"{ctx.base(nid)} + {offsets[j]} + rlx_t * {types[j].nbytes // max(n, 1)}"
                for j in range(k, len(types))]
        body.call(w, arena, cur + slices + captures, nxt + rows)
        _swap(w, cur, nxt)
    for i in range(k):
        _copy(w, f"{ctx.base(nid)} + {offsets[i]}", cur[i], types[i].nbytes)
    return w.text()


RENDERS = Renders(__name__, ops={"cond": render_cond, "while_loop": render_while,
                                 "scan": render_scan},
                  claims=frozenset({"cond", "while_loop", "scan"}))
