"""The cpu kernel of a custom op: the user's C function (``c_kernel=`` of
rlx.register_op; its signature and the ``rlx_custom_args`` struct are documented in
rlx.ir.custom), emitted once as a helper and called with the node's buffers.

The op runs as a kernel of its own (fusion never groups a custom op), and its output
never shares bytes with an operand (only elementwise kernels compute in place).
"""

from __future__ import annotations

import math

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.render import RenderContext
from rlx.errors import UnsupportedOpError
from rlx.ir.custom import CUSTOM_OPS
from rlx.ir.graph import Node
from rlx.ir.printer import format_node

ARGS_STRUCT = """typedef struct {
    int n_in;
    const void *const *in;
    const int64_t *const *in_shape;
    const int *in_rank;
    const int64_t *in_numel;
    const char *const *in_dtype;
    void *out;
    const int64_t *out_shape;
    int out_rank;
    int64_t out_numel;
    const char *out_dtype;
    int n_attrs;
    const char *const *attr_names;
    const double *attr_values;
} rlx_custom_args;"""


def _array(ctype: str, name: str, values: list[str]) -> str:
    """A static const C array (one dummy element when empty: C has no empty arrays)."""
    return f"static const {ctype} {name}[] = {{{', '.join(values) or '0'}}};"


def _numeric_attrs(nid: int, node: Node) -> list[tuple[str, float]]:
    out = []
    for key, value in node.attrs:
        if isinstance(value, bool | int | float):
            out.append((key, float(value)))
        else:
            raise UnsupportedOpError(
                f"cpu backend: custom op {node.op!r} at {format_node(nid, node)} has the "
                f"non-numeric attribute {key}={value!r}; its C kernel receives numeric "
                "attributes only")
    return out


def _double(v: float) -> str:
    if math.isnan(v):
        return "NAN"
    if math.isinf(v):
        return "INFINITY" if v > 0 else "-INFINITY"
    return repr(v)


def render_custom(ctx: RenderContext, node: Node) -> str:
    """Call the custom op's C function on the node's operands and result."""
    op = CUSTOM_OPS.get(node.op)
    nid = ctx.node_id(node)
    if op is None or op.c_kernel is None:
        raise UnsupportedOpError(f"cpu backend: custom op {node.op!r} has no C kernel; pass "
                                 f"c_kernel= to rlx.register_op to run it on cpu")
    types = [ctx.graph.nodes[i].type for i in node.inputs] + [node.type]
    if any(t.symbolic for t in types):
        raise UnsupportedOpError(f"cpu backend: custom op {node.op!r} at "
                                 f"{format_node(nid, node)} has symbolic shapes; its C kernel "
                                 "runs on fixed shapes only")
    attrs = _numeric_attrs(nid, node)
    ctx.add_helper("rlx_custom_args", ARGS_STRUCT)
    ctx.add_helper(f"rlx_custom_op_{node.op}", op.c_kernel.strip())
    ins = node.inputs
    w = CWriter(indent=1)
    with w.block(""):
        for k, i in enumerate(ins):
            w.line(_array("int64_t", f"rlx_cs{k}", [str(int(d)) for d in ctx.shape(i)]))
        pointers = ", ".join(f"(const void *){ctx.base(i)}" for i in ins) or "0"
        shapes = ", ".join(f"rlx_cs{k}" for k in range(len(ins))) or "0"
        w.line(f"const void *const cin[] = {{{pointers}}};")
        w.line(f"const int64_t *const cshape[] = {{{shapes}}};")
        w.line(_array("int", "crank", [str(len(ctx.shape(i))) for i in ins]))
        w.line(_array("int64_t", "cnumel", [str(math.prod(ctx.shape(i))) for i in ins]))
        w.line(_array("char *const", "cdtype", [f'"{ctx.dtype(i).value}"' for i in ins]))
        w.line(_array("int64_t", "coshape", [str(int(d)) for d in node.shape]))
        w.line(_array("char *const", "cattr_names",
                      [f'"{cstyle.string_body(k)}"' for k, _ in attrs]))
        w.line(_array("double", "cattr_values", [_double(v) for _, v in attrs]))
        w.line(f"rlx_custom_args cargs = {{{len(ins)}, cin, cshape, crank, cnumel, cdtype, "
               f"(void *){ctx.base(nid)}, coshape, {len(node.shape)}, "
               f"{math.prod(node.shape)}, \"{node.dtype.value}\", {len(attrs)}, "
               "cattr_names, cattr_values};")
        w.line(f"{node.op}(&cargs);")
    return w.text()
