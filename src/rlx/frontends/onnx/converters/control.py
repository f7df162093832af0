"""Control flow: If, Loop and Scan as rlx ``cond``, ``while_loop`` and ``scan``.

Each ONNX body is converted once, inside the function :func:`rlx.cond`,
:func:`rlx.while_loop` or :func:`rlx.scan` traces (into a nested ImportState, see
:meth:`ImportState.nested`), so it runs as a real branch or loop in the compiled
program; values of the graphs around it that a body reads become captures. Work a
body builds stays inside it (rlx.control), even work that reads only outer values: an
If branch's work (and any fault it guards against, a division by zero) runs only when
the branch is taken, and a Loop or Scan body's runs on every step.

* **If** with a condition known at import time converts only the taken branch; with a
  run-time condition it is an ``rlx.cond``. Its branches must give the same types:
  where ONNX branches give an output of different shapes that broadcast together,
  each branch broadcasts it to the common shape (the result a select of the two
  would give); other shape differences are unsupported.
* **Loop** (inputs M, cond, loop-carried values; body inputs iteration_num, cond,
  loop-carried values; body outputs cond, loop-carried values, scan outputs):

  - with its trip count known at import time and a condition that cannot stop it early
    (absent, known false before the first iteration, or given back constant true by the
    body), an ``rlx.scan`` of that length carrying (iteration_num, loop-carried values);
  - otherwise, without scan outputs, an ``rlx.while_loop`` carrying (iteration_num,
    cond, M, loop-carried values) whose trip count and condition are decided at run time;
  - scan outputs have the trip count in their shape, so M and the initial cond must
    be known at import time and the body's condition must not stop the loop early.
* **Scan** (opset 8 and 9+) is an ``rlx.scan``: scan inputs are moved to axis 0 and scan
  outputs back to their axes; the majority direction runs as ``reverse``, the other
  sequences are flipped around the op. Scan-8's batch axis is an outer ``rlx.scan``.

Unrolling (at most ``MAX_UNROLL`` iterations, trip count known at import time) remains
for what the rlx ops cannot hold, and an If then inlines both branches and selects:

* a body that needs at import time a value it computes from its own inputs, such as
  the iteration number (a Reshape target, a Slice bound other than ``i:i + k``, which
  is a gather, see ``shape._sliding_slice``): rlx shapes are static;
* a loop-carried value or scan state whose shape changes from one iteration to the next;
* values of symbolic shape (rlx control flow takes fixed shapes);
* a Loop with scan outputs whose body condition is known at import time only per
  iteration (it depends on iteration_num): unrolling learns the outputs' length;
* a Loop carrying ONNX sequences or optionals (:mod:`rlx.frontends.onnx.values`),
  which exist only at import time: each iteration may change a sequence's length
  and its elements' shapes. Its trip count and condition must be known at import.

Sequences and optionals never cross an rlx ``cond``: an If whose branches give them
must have its condition known at import time (StaticValueError otherwise, naming the
graph inputs it comes from, so the ONNX backend can bake them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from onnx import GraphProto, TensorProto

from rlx import control as rlx_control
from rlx.frontends.onnx.context import ImportState, NodeContext, StaticValueError
from rlx.frontends.onnx.converters.common import Converter, cast, norm_axis
from rlx.frontends.onnx.values import Value, kind_of, type_kind
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor
from rlx.ir.types import broadcast_shapes

MAX_UNROLL = 4096  # iterations; beyond this an unrolled import would be unreasonable


class _Unfit(Exception):
    """The node's bodies cannot be rlx control-flow bodies (``reason``, a phrase after
    "a <Op> whose"); the converter unrolls or selects instead."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class _Retrace(Exception):
    """The If branches' output shapes differ but broadcast: trace again to ``shapes``."""

    def __init__(self, shapes: list[tuple]):
        super().__init__()
        self.shapes = shapes


# --------------------------------------------------------------------------- helpers

def _trace(cx: NodeContext, proto: GraphProto, state: ImportState,
           bindings: Sequence[Tensor]) -> list[Tensor]:
    """Convert ``proto`` into ``state``'s graph (a body rlx is tracing, see
    :meth:`ImportState.nested`) with its inputs bound to ``bindings``; its outputs."""
    try:
        outs = cx.run_subgraph(proto, bindings, state)
    except StaticValueError as e:
        # a slice bound, a shape, ... the body needs at import time. Computed from graph
        # inputs only: baking them (``input_values``) helps, say so. Computed from the
        # body's own inputs (the iteration number): unrolling, or inlining both If
        # branches, makes it known; the fallback raises again when it cannot.
        roots = {name for name, _ in cx.state.chain()[-1].graph.inputs}
        if e.inputs and set(e.inputs) <= roots:
            raise
        raise _Unfit(f"body needs a value at import time that it computes at run time "
                     f"({e})") from None
    others = sorted({kind_of(o) for o in outs if not isinstance(o, Tensor)})
    if others:
        raise _Unfit(f"body gives ONNX {' and '.join(others)} values (rlx control flow "
                     "carries tensors)")
    if _symbolic(state.graph.captures) or _symbolic(outs):
        raise _Unfit("body reads a value of symbolic shape (rlx control flow takes fixed "
                     "shapes)")
    return outs


def _symbolic(tensors: Sequence[Tensor]) -> bool:
    return any(t.node.type.symbolic for t in tensors)


def _carries(new: Sequence[Tensor], old: Sequence[Tensor], what: str) -> list[Tensor]:
    """``new`` as the carries ``old`` (same dtypes); _Unfit when a shape changes."""
    out = []
    for k, (n, o) in enumerate(zip(new, old, strict=True)):
        if tuple(n.shape) != tuple(o.shape):
            raise _Unfit(f"{what} {k} changes shape from {tuple(o.shape)} to "
                         f"{tuple(n.shape)} in one iteration (rlx loops carry fixed shapes)")
        out.append(cast(n, o.dtype))
    return out


def _from_bound(cx: NodeContext, t: Tensor, what: str) -> None:
    """GraphBuildError when ``t``'s import-time value was read from the bound of a
    symbolic dimension: the run's length may be shorter."""
    state = cx.state.owner(t)
    if state is not None and t.id in state.from_bounds:
        raise cx.error(f"its {what} is computed from the size of a symbolic dimension, "
                       "which is its bound at import time, not the run's length; give that "
                       "input fixed sizes (input_shapes)")


def _known_scalar(cx: NodeContext, i: int) -> np.ndarray | None:
    """Operand ``i``'s single import-time value, or None (absent or run time)."""
    if not cx.has_input(i):
        return None
    _from_bound(cx, cx.input(i), "trip count" if i == 0 else "condition")
    value = cx.state.value_of(cx.input(i))
    return None if value is None else np.asarray(value).reshape(-1)[0]


def _static_because(cx: NodeContext, i: int, why: str) -> np.ndarray:
    """:meth:`NodeContext.static` whose error also says why the value is needed."""
    try:
        return np.asarray(cx.static(i)).reshape(-1)[0]
    except StaticValueError as e:
        raise StaticValueError(f"{e} ({why})", e.names, e.inputs) from None


def _to_front(x: Tensor, axis: int) -> Tensor:
    if axis == 0:
        return x
    return x.transpose([axis] + [a for a in range(x.ndim) if a != axis])


def _from_front(x: Tensor, axis: int) -> Tensor:
    if axis == 0:
        return x
    return x.transpose(list(range(1, axis + 1)) + [0] + list(range(axis + 1, x.ndim)))


def _flip_if(x: Tensor, flip: bool) -> Tensor:
    return api.flip(x, 0) if flip else x


def _mark_all(cx: NodeContext, tensors: Sequence[Tensor], elems: Sequence[int]) -> list[Tensor]:
    return [cx.mark(t, e) for t, e in zip(tensors, elems)]


def _gives_non_tensors(proto: GraphProto) -> bool:
    """Whether a branch declares a sequence or optional output."""
    return any(type_kind(o.type) in ("sequence", "optional") for o in proto.output)


def _condition_needed(cx: NodeContext) -> None:
    """Raise the StaticValueError of an If whose branches give sequences or optionals
    and whose condition is known only at run time."""
    _static_because(cx, 0, "an If whose branches give ONNX sequence or optional values "
                    "picks its branch at import time: rlx graphs hold tensors only")


# --------------------------------------------------------------------------- If

def convert_if(cx: NodeContext) -> list[Value]:
    """The taken branch's outputs: resolved at import time when the condition is known,
    else an ``rlx.cond`` running only the taken branch (values of different shapes
    broadcast to a common one; a select of both branches when shapes are symbolic)."""
    cond = cx.input(0)
    _from_bound(cx, cond, "condition")
    known = cx.state.value_of(cond)
    then_graph, else_graph = cx.subgraph("then_branch"), cx.subgraph("else_branch")
    if known is not None:
        taken = then_graph if bool(np.asarray(known).reshape(-1)[0]) else else_graph
        return cx.run_subgraph(taken, [])
    if _gives_non_tensors(then_graph) or _gives_non_tensors(else_graph):
        _condition_needed(cx)
    flag = cast(cond, DType.BOOL).reshape(())
    try:
        try:
            return _if_cond(cx, flag, then_graph, else_graph, None)
        except _Retrace as again:
            return _if_cond(cx, flag, then_graph, else_graph, again.shapes)
    except _Unfit:
        return _if_select(cx, flag, then_graph, else_graph)


def _if_cond(cx: NodeContext, flag: Tensor, then_graph: GraphProto, else_graph: GraphProto,
             shapes: list[tuple] | None) -> list[Tensor]:
    seen: dict[str, list] = {}

    def branch(proto: GraphProto, first: bool) -> Callable[[Tensor], tuple]:
        def fn(inner: Tensor) -> tuple:
            state = cx.state.nested(inner.graph, capture_reads=True)
            outs = _trace(cx, proto, state, [])
            elems = [state.onnx_type(o) for o in outs]
            if first:
                seen["types"] = [(tuple(o.shape), o.dtype) for o in outs]
                seen["elems"] = elems
            else:
                _compare_branches(cx, seen["types"], outs, shapes)
                _same_element_types(cx, seen["elems"], elems)
            outs = [cast(o, dtype) for o, (_, dtype) in zip(outs, seen["types"])]
            if shapes is not None:
                outs = [o if tuple(o.shape) == s else o.broadcast_to(s)
                        for o, s in zip(outs, shapes)]
            return tuple(outs)
        return fn

    # the flag is passed only so each branch function learns the graph it builds in
    outs = rlx_control.cond(flag, branch(then_graph, True), branch(else_graph, False), flag)
    return _mark_all(cx, list(outs), seen["elems"])


def _same_element_types(cx: NodeContext, then_elems: list[int], else_elems: list[int]) -> None:
    """GraphBuildError where the branches give an output of two element types."""
    for k, (a, b) in enumerate(zip(then_elems, else_elems)):
        if a != b:
            raise cx.error(f"then_branch gives output {k} as {TensorProto.DataType.Name(a)}, "
                           f"else_branch as {TensorProto.DataType.Name(b)}: an If's branches "
                           "must give the same types")


def _compare_branches(cx: NodeContext, then_types: list, outs: list[Tensor],
                      shapes: list[tuple] | None) -> None:
    if len(outs) != len(then_types):
        raise cx.error(f"then_branch gives {len(then_types)} outputs, else_branch "
                       f"{len(outs)}")
    if shapes is not None:
        return
    else_shapes = [tuple(o.shape) for o in outs]
    then_shapes = [s for s, _ in then_types]
    if else_shapes == then_shapes:
        return
    common = []
    for k, (a, b) in enumerate(zip(then_shapes, else_shapes)):
        both = broadcast_shapes(a, b)
        if both is None:
            raise cx.unsupported(f"an If with a run-time condition whose branches give output "
                                 f"{k} shapes {a} and {b}, which do not broadcast together "
                                 "(rlx values have one static shape)")
        common.append(tuple(both))
    raise _Retrace(common)


def _if_select(cx: NodeContext, flag: Tensor, then_graph: GraphProto,
               else_graph: GraphProto) -> list[Tensor]:
    """Both branches inlined, each output selected with ``where`` (symbolic shapes)."""
    then_outs = cx.run_subgraph(then_graph, [])
    else_outs = cx.run_subgraph(else_graph, [])
    if not all(isinstance(o, Tensor) for o in then_outs + else_outs):
        _condition_needed(cx)
    if len(then_outs) != len(else_outs):
        raise cx.error(f"then_branch gives {len(then_outs)} outputs, else_branch "
                       f"{len(else_outs)}")
    _same_element_types(cx, [cx.state.onnx_type(o) for o in then_outs],
                        [cx.state.onnx_type(o) for o in else_outs])
    outs = []
    for k, (a, b) in enumerate(zip(then_outs, else_outs)):
        if broadcast_shapes(tuple(a.shape), tuple(b.shape)) is None:
            raise cx.unsupported(f"an If with a run-time condition whose branches give output "
                                 f"{k} shapes {tuple(a.shape)} and {tuple(b.shape)}, which "
                                 "do not broadcast together")
        outs.append(api.where(flag, a, cast(b, a.dtype)))
    return outs


# --------------------------------------------------------------------------- Loop

class _EarlyStop(Exception):
    """The Loop body's condition may turn false at run time."""


def convert_loop(cx: NodeContext) -> list[Value]:
    """A Loop as an ``rlx.scan`` (trip count known at import time, condition unable to
    stop it early) or an ``rlx.while_loop`` (run-time trip count or condition, no scan
    outputs); unrolled only for shapes the rlx ops cannot carry and for loop-carried
    ONNX sequences and optionals."""
    body = cx.subgraph("body")
    carried = [cx.value(i) for i in range(2, cx.num_inputs)]
    n = len(carried)
    n_scan = len(body.output) - 1 - n
    if len(body.input) != n + 2 or n_scan < 0:
        raise cx.error(f"the body takes {len(body.input)} inputs and gives "
                       f"{len(body.output)} outputs for {n} loop-carried values (it must "
                       f"take {n + 2} and give at least {n + 1})")
    has_m, has_c = cx.has_input(0), cx.has_input(1)
    if not has_m and not has_c:
        raise cx.unsupported("a Loop with neither a trip count nor a condition (it never "
                             "ends)")
    count, start = _known_scalar(cx, 0), (_known_scalar(cx, 1) if has_c else True)
    if n_scan:
        if not has_m:
            raise cx.unsupported("a Loop with scan outputs and no trip count (the outputs' "
                                 "length would be known only at run time)")
        why = "a Loop's scan outputs have its trip count in their shape"
        count = _static_because(cx, 0, why)
        if has_c:
            start = _static_because(cx, 1, why)
    try:
        others = sorted({kind_of(c) for c in carried if not isinstance(c, Tensor)})
        if others:
            raise _Unfit(f"loop-carried values include ONNX {' and '.join(others)} values "
                         "(rlx loops carry tensors)")
        if _symbolic(carried):
            raise _Unfit("loop-carried values have symbolic shapes (rlx control flow takes "
                         "fixed shapes)")
        if count is not None and start is not None:
            length = max(int(count), 0) if bool(start) else 0
            try:
                return _loop_scan(cx, body, carried, n_scan, length, has_c and length > 1)
            except _EarlyStop:
                if n_scan:
                    raise _Unfit("body condition may turn false at run time (the scan "
                                 "outputs' length would be dynamic)") from None
        return _loop_while(cx, body, carried, has_m, has_c)
    except _Unfit as e:
        return _unroll_loop(cx, body, carried, e.reason)


def _body_cond(outs: list[Tensor]) -> Tensor:
    return cast(outs[0], DType.BOOL).reshape(())


def _loop_scan(cx: NodeContext, body: GraphProto, carried: list[Tensor], n_scan: int,
               length: int, check_cond: bool) -> list[Tensor]:
    """The Loop as an rlx.scan of ``length`` steps carrying (iteration_num, values)."""
    n = len(carried)
    elems: list[int] = []

    def step(carry: tuple, _: None) -> tuple:
        i, *values = carry
        state = cx.state.nested(i.graph)
        true = state.constant(np.asarray(True))
        outs = _trace(cx, body, state, [i, true, *values])
        if check_cond:
            flag = state.value_of(outs[0])
            if flag is None or not bool(np.asarray(flag).reshape(-1)[0]):
                raise _EarlyStop
        new = _carries(outs[1:1 + n], values, "loop-carried value")
        ys = outs[1 + n:]
        elems[:] = [state.onnx_type(y) for y in ys]
        return (i + 1, *new), tuple(ys)

    zero = cx.const(np.asarray(0, np.int64))
    final, ys = rlx_control.scan(step, (zero, *carried), None, length=length)
    out = [cx.mark(v, cx.state.onnx_type(c)) for v, c in zip(final[1:], carried)]
    return out + _mark_all(cx, list(ys), elems)


def _loop_while(cx: NodeContext, body: GraphProto, carried: list[Tensor], has_m: bool,
                has_c: bool) -> list[Tensor]:
    """The Loop as an rlx.while_loop carrying (iteration_num, cond, M, values): it runs
    while iteration_num < M (when given) and cond (when given)."""
    n = len(carried)
    zero = cx.const(np.asarray(0, np.int64))
    cond0 = _body_cond([cx.input(1)]) if has_c else None
    trips = cast(cx.input(0), DType.I64).reshape(()) if has_m else None

    def keep_going(carry: tuple) -> Tensor:
        i, cond, m, *_ = carry
        if m is None:
            return cond
        below = i < m
        return below if cond is None else below & cond

    def step(carry: tuple) -> tuple:
        i, cond, m, *values = carry
        state = cx.state.nested(i.graph)
        flag = cond
        if flag is None:  # no condition: the body's condition input is true, its output unread
            flag = state.constant(np.asarray(True))
        outs = _trace(cx, body, state, [i, flag, *values])
        if len(outs) != 1 + n:
            raise cx.error("the body gives scan outputs to a Loop run as a while loop")
        new = _carries(outs[1:], values, "loop-carried value")
        return (i + 1, _body_cond(outs) if has_c else None, m, *new)

    final = rlx_control.while_loop(keep_going, step, (zero, cond0, trips, *carried))
    return [cx.mark(v, cx.state.onnx_type(c)) for v, c in zip(final[3:], carried)]


def _unroll_loop(cx: NodeContext, body: GraphProto, carried: list[Value],
                 reason: str) -> list[Value]:
    """The Loop unrolled, for a body rlx loops cannot hold (``reason``): the trip count
    and each iteration's condition must be known at import time."""
    why = f"the Loop is unrolled: its {reason}"
    if not cx.has_input(0):
        raise cx.unsupported(f"a Loop without a trip count whose {reason}")
    count = int(_static_because(cx, 0, why))
    if count > MAX_UNROLL:
        raise cx.unsupported(f"a Loop of {count} iterations whose {reason} (unrolling is "
                             f"limited to {MAX_UNROLL} iterations)")
    running = bool(_static_because(cx, 1, why)) if cx.has_input(1) else True
    n_scan = len(body.output) - 1 - len(carried)
    stacks: list[list[Tensor]] = [[] for _ in range(n_scan)]
    for i in range(count):
        if not running:
            break
        iteration = cx.const(np.asarray(i, dtype=np.int64))
        flag = cx.const(np.asarray(True))
        outs = cx.run_subgraph(body, [iteration, flag] + carried)
        if cx.has_input(1):
            known = cx.state.value_of(outs[0])
            if known is None:
                raise cx.unsupported(f"a Loop whose {reason}, and whose condition is known "
                                     "only at run time")
            running = bool(np.asarray(known).reshape(-1)[0])
        carried = outs[1:1 + len(carried)]
        for k, (stack, value) in enumerate(zip(stacks, outs[1 + len(carried):])):
            if not isinstance(value, Tensor):
                raise cx.unsupported(f"scan output {k} holding ONNX {kind_of(value)} values "
                                     "(a scan output stacks tensors)")
            stack.append(value.unsqueeze(0))
    if any(not stack for stack in stacks):
        raise cx.unsupported(f"a Loop with scan outputs that runs zero iterations, whose "
                             f"{reason}")
    return carried + [api.concat(stack, 0) for stack in stacks]


# --------------------------------------------------------------------------- Scan

def _scan_axes(cx: NodeContext, name: str, count: int, ranks: list[int]) -> list[int]:
    axes = list(cx.attr(name, [0] * count))
    return [norm_axis(cx, a, r) for a, r in zip(axes, ranks)]


def _majority(directions: Sequence[int]) -> bool:
    """Whether most sequences run in reverse (ties forward): rlx.scan's ``reverse``."""
    return 2 * sum(1 for d in directions if d) > len(directions)


def _scan_body(cx: NodeContext, body: GraphProto, n_state: int, elems: list[int],
               parent: ImportState | None = None) -> Callable[[tuple, tuple], tuple]:
    """The rlx.scan step function converting a Scan body."""
    def step(carry: tuple, slices: tuple) -> tuple:
        state = (parent or cx.state).nested((carry + slices)[0].graph)
        outs = _trace(cx, body, state, [*carry, *slices])
        new = _carries(outs[:n_state], carry, "state variable")
        elems[:] = [state.onnx_type(y) for y in outs[n_state:]]
        return tuple(new), tuple(outs[n_state:])
    return step


def convert_scan(cx: NodeContext) -> list[Tensor]:
    """Scan (opset 9+) as an ``rlx.scan``: scan inputs moved to axis 0 (flipped when
    their direction is not the scan's), scan outputs moved back to their axes."""
    body = cx.subgraph("body")
    n_scan_in = cx.attr("num_scan_inputs")
    operands = [cx.input(i) for i in range(cx.num_inputs)]
    n_state = len(operands) - n_scan_in
    state, seqs = operands[:n_state], operands[n_state:]
    n_scan_out = len(body.output) - n_state
    in_axes = _scan_axes(cx, "scan_input_axes", n_scan_in, [s.ndim for s in seqs])
    in_dirs = list(cx.attr("scan_input_directions", [0] * n_scan_in))
    out_axes = list(cx.attr("scan_output_axes", [0] * n_scan_out))
    out_dirs = list(cx.attr("scan_output_directions", [0] * n_scan_out))
    if not seqs:
        raise cx.error("num_scan_inputs must be at least 1")
    try:
        if _symbolic(operands):
            raise _Unfit("operands have symbolic shapes (rlx control flow takes fixed shapes)")
        reverse = _majority(in_dirs + out_dirs)
        xs = [_flip_if(_to_front(s, a), bool(d) != reverse)
              for s, a, d in zip(seqs, in_axes, in_dirs)]
        if len({x.shape[0] for x in xs}) != 1:
            raise cx.error(f"the scan inputs' sequence lengths differ: "
                           f"{[x.shape[0] for x in xs]}")
        elems: list[int] = []
        final, ys = rlx_control.scan(_scan_body(cx, body, n_state, elems), tuple(state),
                                     tuple(xs), reverse=reverse)
    except _Unfit as e:
        return _unroll_scan(cx, body, state, seqs, in_axes, in_dirs, out_axes, out_dirs,
                            e.reason)
    results = [cx.mark(v, cx.state.onnx_type(s)) for v, s in zip(final, state)]
    for y, axis, d, elem in zip(ys, out_axes, out_dirs, elems):
        y = _from_front(_flip_if(y, bool(d) != reverse), norm_axis(cx, axis, y.ndim))
        results.append(cx.mark(y, elem))
    return results


def _unroll_scan(cx: NodeContext, body: GraphProto, state: list[Tensor], seqs: list[Tensor],
                 in_axes: list[int], in_dirs: list[int], out_axes: list[int],
                 out_dirs: list[int], reason: str) -> list[Tensor]:
    """Scan-9 unrolled over its (static) sequence length, for a body rlx.scan cannot
    hold (``reason``)."""
    steps = seqs[0].shape[in_axes[0]]
    if not isinstance(steps, int):
        raise cx.unsupported(f"a Scan of symbolic length whose {reason}")
    if steps > MAX_UNROLL:
        raise cx.unsupported(f"a Scan of {steps} steps whose {reason} (unrolling is limited "
                             f"to {MAX_UNROLL} steps)")
    n_state = len(state)
    stacks: list[list[Tensor]] = [[] for _ in out_axes]
    for t in range(steps):
        slices = []
        for seq, axis, reverse in zip(seqs, in_axes, in_dirs):
            at = steps - 1 - t if reverse else t
            slices.append(api.slice(seq, [at], [at + 1], [1], [axis]).squeeze(axis))
        outs = cx.run_subgraph(body, state + slices)
        state = outs[:n_state]
        for stack, value in zip(stacks, outs[n_state:]):
            stack.append(value)
    results = list(state)
    for stack, axis, reverse in zip(stacks, out_axes, out_dirs):
        if not stack:
            raise cx.unsupported(f"a Scan over an empty sequence whose {reason}")
        axis = norm_axis(cx, axis, stack[0].ndim + 1)
        ordered = stack[::-1] if reverse else stack
        results.append(api.concat([v.unsqueeze(axis) for v in ordered], axis))
    return results


def convert_scan_v8(cx: NodeContext) -> list[Tensor]:
    """Scan-8: operands are [batch, sequence, ...]; an outer ``rlx.scan`` over the batch
    runs an inner one over each entry's sequences (the optional sequence_lens must be
    absent; scan outputs are in iteration order)."""
    if cx.has_input(0):
        raise cx.unsupported("Scan-8 with sequence_lens")
    body = cx.subgraph("body")
    n_scan_in = cx.attr("num_scan_inputs")
    operands = [cx.input(i) for i in range(1, cx.num_inputs)]
    n_state = len(operands) - n_scan_in
    directions = list(cx.attr("directions", [0] * n_scan_in))
    if n_scan_in < 1:
        raise cx.error("num_scan_inputs must be at least 1")
    reverse = _majority(directions)
    elems: list[int] = []

    def per_entry(_: tuple, rows: tuple) -> tuple:
        outer = cx.state.nested(rows[0].graph)
        xs = [_flip_if(r, bool(d) != reverse) for r, d in zip(rows[n_state:], directions)]
        step = _scan_body(cx, body, n_state, elems, outer)
        final, ys = rlx_control.scan(step, tuple(rows[:n_state]), tuple(xs), reverse=reverse)
        return (), tuple(final) + tuple(_flip_if(y, reverse) for y in ys)

    try:
        if _symbolic(operands):
            raise _Unfit("operands have symbolic shapes (rlx control flow takes fixed shapes)")
        _, outs = rlx_control.scan(per_entry, (), tuple(operands))
    except _Unfit as e:
        return _unroll_scan_v8(cx, body, operands, n_state, directions, e.reason)
    states = [cx.mark(v, cx.state.onnx_type(s)) for v, s in zip(outs, operands)]
    return states + _mark_all(cx, list(outs[n_state:]), elems)


def _unroll_scan_v8(cx: NodeContext, body: GraphProto, operands: list[Tensor], n_state: int,
                    directions: list[int], reason: str) -> list[Tensor]:
    """Scan-8 unrolled over batch and sequence, for a body rlx.scan cannot hold."""
    batch = operands[0].shape[0]
    steps = operands[n_state].shape[1]
    if not isinstance(batch, int) or not isinstance(steps, int):
        raise cx.unsupported(f"a Scan of symbolic length whose {reason}")
    if batch * steps > MAX_UNROLL:
        raise cx.unsupported(f"a Scan of {batch} x {steps} steps whose {reason} (unrolling "
                             f"is limited to {MAX_UNROLL} steps)")
    per_output: list[list[Tensor]] = [[] for _ in body.output]
    for b in range(batch):
        rows = [api.slice(t, [b], [b + 1], [1], [0]).squeeze(0) for t in operands]
        state, seqs = rows[:n_state], rows[n_state:]
        outs: list[list[Tensor]] = [[] for _ in range(len(body.output) - n_state)]
        for t in range(steps):
            slices = [api.slice(seq, [steps - 1 - t if rev else t], [steps - t if rev else t + 1],
                                [1], [0]).squeeze(0) for seq, rev in zip(seqs, directions)]
            result = cx.run_subgraph(body, state + slices)
            state = result[:n_state]
            for stack, value in zip(outs, result[n_state:]):
                stack.append(value.unsqueeze(0))
        for i, value in enumerate(state):
            per_output[i].append(value.unsqueeze(0))
        for i, stack in enumerate(outs):
            per_output[n_state + i].append(api.concat(stack, 0).unsqueeze(0))
    return [api.concat(parts, 0) for parts in per_output]


CONVERTERS: list[Converter] = [
    Converter("If", convert_if),
    Converter("Loop", convert_loop),
    Converter("Scan", convert_scan_v8, since=8, until=8),
    Converter("Scan", convert_scan, since=9),
]
