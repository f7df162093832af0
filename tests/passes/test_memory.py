"""Memory planning: liveness, arena reuse, views, in-place reuse and the plan checker.

Programs are built by hand: one kernel per non-leaf node. The property tests also run
each random program through a tiny numpy interpreter that reads and writes every
value at the bytes the plan gives it, so a plan that clobbers a live value or puts a
view at the wrong offset gives wrong numbers.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlx
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, LEAF_OPS, OPS
from rlx.ir.types import broadcast_shapes
from rlx.passes.memory import (
    BufferPlan,
    MemoryPlan,
    check_plan,
    contiguous_slice_offset,
    plan_memory,
)
from rlx.passes.program import Kernel, Program

RESHAPE_LIKE = ("reshape", "squeeze", "unsqueeze")


# --------------------------------------------------------------------------- oracles

def numpy_slice_offset(shape, starts, stops, steps, itemsize):
    """The byte offset of a slice that is one contiguous run, found by brute force."""
    flat = np.arange(int(np.prod(shape)), dtype=np.int64)
    picked = flat.reshape(shape)[tuple(slice(*b) for b in zip(starts, stops, steps, strict=True))]
    if picked.size == 0:
        return 0
    run = np.arange(picked.flat[0], picked.flat[0] + picked.size)
    if not np.array_equal(picked.ravel(), run):
        return None
    return int(picked.flat[0]) * itemsize


def kernel_kind(graph: Graph, nid: int) -> str:
    """How a fusion pass would label the single-node kernel of ``nid``."""
    node = graph.nodes[nid]
    operand = graph.nodes[node.inputs[0]] if node.inputs else None
    if node.op in RESHAPE_LIKE:
        return "view"
    if node.op == "cast" and operand.dtype == node.dtype:
        return "view"
    if node.op == "slice":
        offset = numpy_slice_offset(operand.shape, node.attr("starts"), node.attr("stops"),
                                    node.attr("steps"), operand.dtype.itemsize)
        return "op" if offset is None else "view"
    if OPS[node.op].category in ELEMENTWISE_CATEGORIES:
        return "elementwise"
    return "op"


def build_program(graph: Graph, kinds: dict[int, str] | None = None) -> Program:
    """One kernel per non-leaf node; ``kinds`` overrides the label of chosen nodes."""
    kinds = kinds or {}
    kernels = []
    for nid, node in enumerate(graph.nodes):
        if node.op in LEAF_OPS:
            continue
        kind = kinds.get(nid, kernel_kind(graph, nid))
        kernels.append(Kernel(f"k{len(kernels)}_{node.op}", kind, (nid,), (nid,), node.inputs))
    return Program(graph, kernels)


def kernel_index(program: Program, nid: int) -> int:
    return next(k for k, kern in enumerate(program.kernels) if nid in kern.outputs)


def planned(*outputs: rlx.Tensor, alignment: int = 64, kinds=None) -> tuple[Program, MemoryPlan]:
    graph = outputs[0].graph
    graph.set_outputs(outputs)
    program = build_program(graph, kinds)
    plan = plan_memory(program, alignment)
    check_plan(plan)
    return program, plan


# --------------------------------------------------------------------------- contiguous slices

@pytest.mark.parametrize("shape, starts, stops, steps, expected", [
    ((4, 8), (1, 0), (3, 8), (1, 1), 32),            # rows 1..2
    ((4, 8), (0, 1), (4, 3), (1, 1), None),          # columns: a strided selection
    ((4, 8), (2, 3), (3, 7), (1, 1), 76),            # part of one row
    ((4, 8), (0, 0), (4, 8), (2, 1), None),          # every other row
    ((4, 8), (3, 5), (4, 6), (1, 1), 116),           # a single element
    ((4, 8), (3, 5), (None, None), (-1, -1), None),  # reversed
    ((4, 8), (3, 5), (2, 4), (-1, -1), 116),         # one element picked by negative steps
    ((4, 1, 8), (1, 0, 0), (3, None, 8), (1, -1, 1), 32),  # a size-1 axis is whole at any step
    ((2, 3, 4), (1, 1, 0), (2, 3, 4), (1, 1, 1), 64),   # single outer pick, whole tail
    ((2, 3, 4), (0, 1, 0), (2, 3, 4), (1, 1, 1), None),  # tail whole but two outer picks
    ((4, 8), (1, 0), (1, 8), (1, 1), 0),             # empty selection
    ((), (), (), (), 0),                             # a scalar
    ((5,), (-3,), (None,), (1,), 8),                 # negative start
])
def test_contiguous_slice_cases(shape, starts, stops, steps, expected):
    assert contiguous_slice_offset(shape, starts, stops, steps, 4) == expected
    assert numpy_slice_offset(shape, starts, stops, steps, 4) == expected


def test_contiguous_slice_rejects_mismatched_lengths():
    with pytest.raises(ValueError):
        contiguous_slice_offset((2, 3), (0,), (1, 1), (1, 1), 4)


axis_bounds = st.tuples(st.one_of(st.none(), st.integers(-6, 6)),
                        st.one_of(st.none(), st.integers(-6, 6)),
                        st.sampled_from([1, 1, 1, 2, 3, -1, -2]))


@st.composite
def shapes_and_slices(draw):
    shape = draw(st.lists(st.integers(0, 5), max_size=4))
    bounds = []
    for _ in shape:
        whole = draw(st.integers(0, 2)) == 0
        bounds.append((None, None, 1) if whole else draw(axis_bounds))
    starts, stops, steps = zip(*bounds, strict=True) if bounds else ((), (), ())
    return tuple(shape), starts, stops, steps


@settings(max_examples=300, deadline=None)
@given(shapes_and_slices(), st.sampled_from([1, 2, 4, 8]))
def test_contiguous_slice_offset_matches_numpy(case, itemsize):
    shape, starts, stops, steps = case
    expected = numpy_slice_offset(shape, starts, stops, steps, itemsize)
    assert contiguous_slice_offset(shape, starts, stops, steps, itemsize) == expected


# --------------------------------------------------------------------------- liveness and reuse

def test_elementwise_chain_runs_in_place():
    g = rlx.Graph("chain")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    b = rlx.tanh(a)
    c = -b
    d = abs(c)
    program, plan = planned(d)
    assert plan.inplace == [(a.id, b.id), (b.id, c.id)]
    assert {plan.buffers[t.id].offset for t in (a, b, c)} == {0}
    assert plan.arena_bytes == 128
    assert plan.naive_bytes == 3 * 128
    assert plan.bytes_saved == 256
    assert plan.buffers[x.id].kind == "external"
    assert plan.buffers[d.id].kind == "output"


def test_arena_reuses_dead_buffers_without_in_place():
    g = rlx.Graph("ops")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    b = rlx.tanh(a)
    c = -b
    d = abs(c)
    kinds = {t.id: "op" for t in (a, b, c, d)}
    _, plan = planned(d, kinds=kinds)
    assert plan.inplace == []
    live = [plan.buffers[t.id] for t in (a, b, c)]
    assert [(buf.start, buf.end) for buf in live] == [(0, 1), (1, 2), (2, 3)]
    assert live[0].offset != live[1].offset
    assert live[2].offset == live[0].offset
    assert plan.arena_bytes == 256 < plan.naive_bytes == 384


def test_unread_value_ends_at_its_own_kernel_and_frees_its_bytes():
    g = rlx.Graph("dead")
    x = g.input("x", (16,))
    unused = rlx.sin(x)
    a = rlx.exp(x)
    out = rlx.tanh(a) + 1.0
    program, plan = planned(out)
    k = kernel_index(program, unused.id)
    assert (plan.buffers[unused.id].start, plan.buffers[unused.id].end) == (k, k)
    assert plan.buffers[a.id].offset == plan.buffers[unused.id].offset


def test_no_in_place_while_the_operand_is_read_later():
    g = rlx.Graph("later")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    b = rlx.tanh(a)
    c = b + a
    d = -c
    _, plan = planned(d)
    assert (a.id, b.id) not in plan.inplace
    assert plan.buffers[a.id].offset != plan.buffers[b.id].offset
    assert (b.id, c.id) in plan.inplace


def test_no_in_place_over_a_broadcast_operand():
    g = rlx.Graph("bcast")
    x = g.input("x", (1, 8))
    y = g.input("y", (8,))
    a = rlx.exp(y)          # (8,): same bytes as the (1, 8) result, different shape
    b = a + x
    c = rlx.tanh(b)
    _, plan = planned(c + 0.0)
    assert (a.id, b.id) not in plan.inplace
    assert (b.id, c.id) in plan.inplace


def test_no_in_place_into_a_different_byte_size():
    g = rlx.Graph("cmp")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    b = a > 1.0
    _, plan = planned(rlx.cast(b, "f32") * 2.0)
    assert plan.inplace == []


def test_no_in_place_while_a_view_of_the_operand_is_read_too():
    g = rlx.Graph("viewread")
    x = g.input("x", (2, 4))
    a = rlx.exp(x)
    v = a.reshape(4, 2).reshape(2, 4)
    b = a + v
    _, plan = planned(rlx.tanh(b) * 2.0)
    assert plan.buffers[v.id].kind == "view" and plan.buffers[v.id].root == a.id
    assert (a.id, b.id) not in plan.inplace


def test_op_kernels_never_run_in_place():
    g = rlx.Graph("softmax")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    s = rlx.softmax(a)
    _, plan = planned(s * 2.0)
    assert (a.id, s.id) not in plan.inplace


# --------------------------------------------------------------------------- views

def test_reshape_aliases_its_root_and_extends_its_life():
    g = rlx.Graph("reshape")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    r = a.reshape(32)
    r2 = r.reshape(2, 16)
    late = rlx.tanh(x)
    out = r2.sum() + late.sum()
    program, plan = planned(out)
    for view in (r, r2):
        buf = plan.buffers[view.id]
        assert (buf.kind, buf.root, buf.offset) == ("view", a.id, 0)
    reader = next(k for k, kern in enumerate(program.kernels) if r2.id in kern.inputs)
    assert plan.buffers[a.id].end == reader
    assert plan.buffers[a.id].end > kernel_index(program, r.id)
    assert len(plan.of_kind("view")) == 2


def test_squeeze_unsqueeze_and_same_dtype_cast_are_views():
    g = rlx.Graph("squeeze")
    x = g.input("x", (1, 8))
    a = rlx.exp(x)
    s = a.squeeze(0)
    u = s.unsqueeze(1)
    c = rlx.cast(u, "f32")
    other = rlx.cast(u, "f64")
    _, plan = planned(c * 1.0, other * 1.0)
    for view in (s, u, c):
        assert plan.buffers[view.id].kind == "view"
        assert plan.buffers[view.id].root == a.id
    assert plan.buffers[other.id].kind == "arena"


def test_contiguous_slice_aliases_at_its_byte_offset():
    g = rlx.Graph("slice")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    rows = a[1:3]
    row = rows[1:2]
    cols = a[:, 1:3]
    _, plan = planned(rows * 1.0, row * 1.0, cols * 1.0)
    assert (plan.buffers[rows.id].kind, plan.buffers[rows.id].offset) == ("view", 32)
    assert (plan.buffers[row.id].root, plan.buffers[row.id].offset) == (a.id, 64)
    assert plan.buffers[cols.id].kind == "arena"


def test_view_kernel_that_cannot_alias_is_materialised():
    g = rlx.Graph("strided")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    cols = a[:, ::2]
    t = a.T
    _, plan = planned(cols * 1.0, t * 1.0, kinds={cols.id: "view", t.id: "view"})
    assert plan.buffers[cols.id].kind == "arena"
    assert plan.buffers[t.id].kind == "arena"


def test_views_of_external_and_output_buffers():
    g = rlx.Graph("extview")
    x = g.input("x", (4, 8))
    xs = x[2:3]
    a = rlx.exp(x)
    av = a.reshape(8, 4)
    _, plan = planned(a, xs * 1.0, av * 1.0)
    assert (plan.buffers[xs.id].kind, plan.buffers[xs.id].root) == ("view", x.id)
    assert plan.buffers[xs.id].offset == 64
    assert (plan.buffers[av.id].kind, plan.buffers[av.id].root) == ("view", a.id)
    assert plan.buffers[a.id].kind == "output"
    assert plan.arena_bytes == 0


def test_view_that_is_a_graph_output_is_not_aliased():
    g = rlx.Graph("viewout")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    r = a.reshape(32)
    _, plan = planned(r)
    assert plan.buffers[r.id].kind == "output"
    assert plan.buffers[r.id].root is None
    assert plan.buffers[a.id].kind == "arena"


# --------------------------------------------------------------------------- kinds, checks, text

def test_outputs_and_random_values_take_no_arena_bytes():
    g = rlx.Graph("outs")
    x = g.input("x", (4, 8))
    noise = rlx.random_uniform(g, (4, 8))
    e = rlx.exp(x)
    a = e + noise
    _, plan = planned(e, a, rlx.tanh(a))
    assert plan.buffers[noise.id].kind == "external"
    assert plan.buffers[e.id].kind == plan.buffers[a.id].kind == "output"
    assert plan.arena_bytes == 0 and plan.naive_bytes == 0


def test_fused_kernel_materialises_only_its_outputs():
    g = rlx.Graph("fused")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    b = rlx.tanh(a)
    c = -b
    g.set_outputs([c])
    kernels = [Kernel("k0", "elementwise", (a.id,), (a.id,), (x.id,)),
               Kernel("k1", "elementwise", (b.id, c.id), (c.id,), (a.id,))]
    plan = plan_memory(Program(g, kernels))
    check_plan(plan)
    assert b.id not in plan.buffers
    assert plan.buffers[a.id].end == 1


def test_fused_view_kernel_aliases_through_its_nodes():
    g = rlx.Graph("fusedview")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    s = a[2:4]
    r = s.reshape(16)
    g.set_outputs([r * 1.0])
    kernels = [Kernel("k0", "elementwise", (a.id,), (a.id,), (x.id,)),
               Kernel("k1", "view", (s.id, r.id), (r.id,), (a.id,)),
               Kernel("k2", "elementwise", (g.outputs[0],), (g.outputs[0],), (r.id,))]
    plan = plan_memory(Program(g, kernels))
    check_plan(plan)
    assert (plan.buffers[r.id].kind, plan.buffers[r.id].root) == ("view", a.id)
    assert plan.buffers[r.id].offset == 64


def test_alignment_rounds_every_offset():
    g = rlx.Graph("align")
    x = g.input("x", (3,))
    a = rlx.exp(x)
    b = rlx.sin(x)
    c = a * b
    kinds = {t.id: "op" for t in (a, b, c)}
    _, plan = planned(rlx.tanh(c), alignment=256, kinds=kinds)
    offsets = sorted(buf.offset for buf in plan.of_kind("arena"))
    assert offsets == [0, 256, 512]
    assert plan.arena_bytes == 3 * 256


def test_malformed_program_is_rejected():
    g = rlx.Graph("bad")
    x = g.input("x", (4,))
    a = rlx.exp(x)
    b = rlx.tanh(a)
    g.set_outputs([b])
    kernels = [Kernel("k0", "elementwise", (b.id,), (b.id,), (a.id,))]
    with pytest.raises(ValueError, match="no earlier kernel"):
        plan_memory(Program(g, kernels))


def small_plan(*bufs: BufferPlan, inplace=()) -> MemoryPlan:
    return MemoryPlan({b.node: b for b in bufs}, 256, 256, 64, list(inplace))


def test_check_plan_names_overlapping_live_buffers():
    plan = small_plan(BufferPlan(3, 64, "arena", 0, None, 0, 2),
                      BufferPlan(5, 64, "arena", 32 + 32, None, 1, 3),
                      BufferPlan(7, 128, "arena", 0, None, 2, 4))
    with pytest.raises(AssertionError, match="%3.*%7"):
        check_plan(plan)


def test_check_plan_allows_only_touching_in_place_pairs():
    dying = BufferPlan(3, 64, "arena", 0, None, 0, 2)
    new = BufferPlan(5, 64, "arena", 0, None, 2, 4)
    check_plan(small_plan(dying, new, inplace=[(3, 5)]))
    with pytest.raises(AssertionError, match="%3.*%5"):
        check_plan(small_plan(dying, new))
    longer = BufferPlan(5, 64, "arena", 0, None, 1, 4)
    with pytest.raises(AssertionError):
        check_plan(small_plan(dying, longer, inplace=[(3, 5)]))


def test_check_plan_checks_alignment_bounds_and_views():
    with pytest.raises(AssertionError, match="aligned"):
        check_plan(small_plan(BufferPlan(1, 8, "arena", 8, None, 0, 0)))
    with pytest.raises(AssertionError, match="fit"):
        check_plan(small_plan(BufferPlan(1, 64, "arena", 256, None, 0, 0)))
    root = BufferPlan(1, 64, "arena", 0, None, 0, 1)
    with pytest.raises(AssertionError, match="outside"):
        check_plan(small_plan(root, BufferPlan(2, 32, "view", 48, 1, 1, 1)))
    with pytest.raises(AssertionError, match="dies"):
        check_plan(small_plan(root, BufferPlan(2, 32, "view", 0, 1, 1, 3)))


def test_summary_reports_sizes_and_savings():
    g = rlx.Graph("summary")
    x = g.input("x", (4, 8))
    a = rlx.exp(x)
    b = rlx.tanh(a.reshape(32))
    _, plan = planned(abs(-b))
    text = plan.summary()
    assert "3 arena, 1 view, 1 external, 1 output" in text
    assert "arena 256 B vs naive 384 B: 128 B saved (33.3%)" in text
    assert "in-place pairs: 1" in text
    assert len(text.splitlines()) == 3


# --------------------------------------------------------------------------- random programs

UNARY = {"neg": np.negative, "abs": np.abs, "tanh": np.tanh, "sin": np.sin}
BINARY = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "maximum": np.maximum}


def _draw_block(draw, x):
    """A slice built to be contiguous: single picks, then one range, then whole axes."""
    leading = draw(st.integers(0, x.ndim - 1))
    bounds = []
    for axis, dim in enumerate(x.shape):
        if axis < leading:
            pick = draw(st.integers(0, dim - 1))
            bounds.append((pick, pick + 1, 1))
        elif axis == leading:
            lo = draw(st.integers(0, dim - 1))
            bounds.append((lo, draw(st.integers(lo + 1, dim)), 1))
        else:
            bounds.append((None, None, 1))
    starts, stops, steps = zip(*bounds, strict=True)
    return rlx.slice(x, starts, stops, steps)


def _draw_slice(draw, x):
    if x.ndim and 0 not in x.shape and draw(st.booleans()):
        return _draw_block(draw, x)
    bounds = []
    for _ in x.shape:
        whole = draw(st.integers(0, 2)) == 0
        bounds.append((None, None, 1) if whole else draw(axis_bounds))
    starts, stops, steps = zip(*bounds, strict=True) if bounds else ((), (), ())
    return rlx.slice(x, starts, stops, steps)


def _draw_reshape(draw, x):
    choices = [(-1,), (1, -1), x.shape + (1,)]
    if x.ndim >= 2:
        choices.append((x.shape[0] * x.shape[1],) + x.shape[2:])
    return x.reshape(draw(st.sampled_from(choices)))


def _draw_op(draw, x, pool):
    kind = draw(st.sampled_from(["unary", "binary", "binary", "reshape", "squeeze",
                                 "unsqueeze", "slice", "slice", "sum", "cast"]))
    if kind == "unary":
        return x.graph.apply(draw(st.sampled_from(sorted(UNARY))), [x])
    if kind == "binary":
        partners = [t for t in pool if broadcast_shapes(t.shape, x.shape) is not None]
        y = partners[draw(st.integers(0, len(partners) - 1))]
        return x.graph.apply(draw(st.sampled_from(sorted(BINARY))), [x, y])
    if kind == "reshape":
        return _draw_reshape(draw, x)
    if kind == "squeeze":
        return x.squeeze()
    if kind == "unsqueeze" and x.ndim < 4:
        return x.unsqueeze(draw(st.integers(0, x.ndim)))
    if kind == "slice":
        return _draw_slice(draw, x)
    if kind == "sum" and x.ndim:
        return x.sum(draw(st.integers(0, x.ndim - 1)), keepdims=draw(st.booleans()))
    return rlx.cast(x, draw(st.sampled_from(["f32", "f64"])))


@st.composite
def random_graphs(draw):
    g = rlx.Graph("random")
    pool = []
    for i in range(draw(st.integers(1, 3))):
        shape = draw(st.lists(st.integers(1, 5), max_size=3))
        pool.append(g.input(f"x{i}", shape, draw(st.sampled_from(["f32", "f64"]))))
    for _ in range(draw(st.integers(5, 40))):
        x = pool[draw(st.integers(0, len(pool) - 1))]
        pool.append(_draw_op(draw, x, pool))
    computed = [t.id for t in pool if t.node.op not in LEAF_OPS]
    outs = draw(st.lists(st.sampled_from(computed), min_size=1, max_size=4, unique=True))
    g.set_outputs(outs)
    return g


def evaluate(node: Node, args: list[np.ndarray]) -> np.ndarray:
    """numpy semantics of the ops random_graphs builds."""
    if node.op in UNARY:
        out = UNARY[node.op](args[0])
    elif node.op in BINARY:
        out = BINARY[node.op](*args)
    elif node.op in RESHAPE_LIKE:
        out = args[0].reshape(node.shape)
    elif node.op == "slice":
        bounds = zip(node.attr("starts"), node.attr("stops"), node.attr("steps"), strict=True)
        out = args[0][tuple(slice(*b) for b in bounds)]
    elif node.op == "sum":
        out = args[0].sum(axis=node.attr("axes"), keepdims=node.attr("keepdims"))
    else:
        out = args[0]
    return np.asarray(out, dtype=node.dtype.np)


def feeds_for(graph: Graph) -> dict[int, np.ndarray]:
    rng = np.random.default_rng(0)
    return {nid: rng.standard_normal(node.shape).astype(node.dtype.np)
            for nid, node in enumerate(graph.nodes) if node.op == "input"}


def reference_values(graph: Graph) -> dict[int, np.ndarray]:
    values = feeds_for(graph)
    for nid, node in enumerate(graph.nodes):
        if nid not in values:
            values[nid] = evaluate(node, [values[i] for i in node.inputs])
    return values


class PlannedMemory:
    """Values stored where a plan says: one arena plus a slot per external/output."""

    def __init__(self, graph: Graph, plan: MemoryPlan):
        self.graph = graph
        self.plan = plan
        self.arena = bytearray(b"\xff" * plan.arena_bytes)  # garbage: NaNs when read
        self.slots = {b.node: bytearray(b"\xff" * b.nbytes) for b in plan.buffers.values()
                      if b.kind in ("external", "output")}

    def _storage(self, nid: int) -> tuple[bytearray, int]:
        buf = self.plan.buffers[nid]
        if buf.kind == "arena":
            return self.arena, buf.offset
        if buf.kind == "view":
            data, offset = self._storage(buf.root)
            return data, offset + buf.offset
        return self.slots[nid], 0

    def byte_range(self, nid: int) -> tuple[int, int, int]:
        """(storage identity, first byte, end byte) of ``nid``'s value."""
        data, offset = self._storage(nid)
        return id(data), offset, offset + self.graph.nodes[nid].type.nbytes

    def array(self, nid: int) -> np.ndarray:
        node = self.graph.nodes[nid]
        data, offset = self._storage(nid)
        flat = np.frombuffer(data, dtype=node.dtype.np, count=node.type.numel, offset=offset)
        return flat.reshape(node.shape)


def assert_no_hazard(memory: PlannedMemory, kernel: Kernel, nid: int) -> None:
    """A kernel may write over bytes it reads only as an exact same-shape elementwise alias.

    Anything else (a broadcast operand, a view at another offset or shape, a non-
    elementwise kernel) could read bytes the kernel has already overwritten.
    """
    store, lo, hi = memory.byte_range(nid)
    shape = memory.graph.nodes[nid].shape
    for i in kernel.inputs:
        other_store, other_lo, other_hi = memory.byte_range(i)
        if other_store != store or other_hi <= lo or hi <= other_lo:
            continue
        exact = (other_lo, other_hi) == (lo, hi) and memory.graph.nodes[i].shape == shape
        assert exact and kernel.kind == "elementwise", f"%{nid} overwrites %{i} while reading it"


def run_planned(program: Program, plan: MemoryPlan, expected: dict[int, np.ndarray]) -> None:
    """Execute kernel by kernel in planned memory, checking every value read."""
    graph = program.graph
    memory = PlannedMemory(graph, plan)
    for nid, value in feeds_for(graph).items():
        if nid in plan.buffers:
            memory.array(nid)[...] = value
    for kernel in program.kernels:
        for i in kernel.inputs:
            np.testing.assert_array_equal(memory.array(i), expected[i], err_msg=f"%{i}")
        (nid,) = kernel.nodes
        node = graph.nodes[nid]
        if plan.buffers[nid].kind != "view":
            assert_no_hazard(memory, kernel, nid)
        result = evaluate(node, [memory.array(i) for i in node.inputs])
        if plan.buffers[nid].kind != "view":
            memory.array(nid)[...] = result
    for out in graph.outputs:
        np.testing.assert_array_equal(memory.array(out), expected[out], err_msg=f"%{out}")


@settings(max_examples=100, deadline=None)
@given(random_graphs(), st.sampled_from([1, 16, 64]), st.booleans())
def test_random_programs_get_sound_plans(graph, alignment, slices_as_views):
    # A fusion pass may label every slice a view; the planner must then materialise
    # the non-contiguous ones itself.
    kinds = {nid: "view" for nid, node in enumerate(graph.nodes)
             if slices_as_views and node.op == "slice"}
    program = build_program(graph, kinds)
    plan = plan_memory(program, alignment)
    check_plan(plan)
    assert plan.arena_bytes <= plan.naive_bytes
    for buf in plan.of_kind("arena"):
        assert buf.offset % alignment == 0
    for dying, new in plan.inplace:
        assert plan.buffers[dying].end == plan.buffers[new].start
    with np.errstate(all="ignore"):
        run_planned(program, plan, reference_values(graph))
