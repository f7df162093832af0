"""Before/expected tests for the graph passes, compared structurally, plus execution."""

import numpy as np
import pytest

import rlx
from rlx.backends.numpy_kernels import evaluate_node
from rlx.ir.graph import Graph
from rlx.passes.cleanup import eliminate_common_subexpressions, eliminate_dead_code
from rlx.passes.fold import fold_constants
from rlx.passes.simplify import simplify, widens_exactly


def _ops(graph: Graph) -> list[str]:
    return [n.op for n in graph.nodes]


def _clean(graph: Graph) -> Graph:
    out = eliminate_dead_code(graph)
    rlx.verify(out)
    return out


def _same_structure(a: Graph, b: Graph) -> bool:
    return a.nodes == b.nodes and a.outputs == b.outputs


def test_simplify_removes_identities():
    before = Graph("g")
    x = before.input("x", (2, 3))
    y = ((x * 1.0 + 0.0) - 0.0) / 1.0
    y = y.transpose((1, 0)).transpose((1, 0))
    y = y.reshape(3, 2).reshape(6).reshape(2, 3)
    y = rlx.neg(rlx.neg(y.cast("f32")))
    before.set_outputs([y])
    expected = Graph("g")
    expected.set_outputs([expected.input("x", (2, 3))])
    assert _same_structure(_clean(simplify(before)), expected)


def test_simplify_keeps_broadcasting_and_promotion():
    before = Graph("g")
    x = before.input("x", (3,))
    h = before.input("h", (3,), "f16")
    before.set_outputs([x + before.constant(np.zeros((2, 3), np.float32)),  # broadcasts
                        h * before.constant(np.ones(3, np.float32))])        # promotes
    after = _clean(simplify(before))
    assert _ops(after).count("add") == 1 and _ops(after).count("mul") == 1


def test_simplify_composes_transposes_and_cast_chains():
    before = Graph("g")
    x = before.input("x", (2, 3, 4), "f16")
    y = before.input("y", (2,), "f32")
    t = x.transpose((1, 2, 0)).transpose((2, 0, 1)).transpose((0, 2, 1))
    c = x.cast("f32").cast("f64")                 # exact widening: one cast
    lossy = y.cast("f16").cast("f32")             # rounding: kept
    before.set_outputs([t, c, lossy])
    after = _clean(simplify(before))
    expected = Graph("g")
    ex = expected.input("x", (2, 3, 4), "f16")
    ey = expected.input("y", (2,), "f32")
    expected.set_outputs([ex.transpose((0, 2, 1)), ex.cast("f64"), ey.cast("f16").cast("f32")])
    assert _same_structure(after, _clean(expected))


def test_widens_exactly():
    assert widens_exactly(rlx.f16, rlx.f32) and widens_exactly(rlx.i16, rlx.f32)
    assert widens_exactly(rlx.u8, rlx.i16) and widens_exactly(rlx.bool_, rlx.i8)
    assert not widens_exactly(rlx.i32, rlx.f32) and not widens_exactly(rlx.f32, rlx.f16)
    assert not widens_exactly(rlx.u32, rlx.i32) and not widens_exactly(rlx.bf16, rlx.f16)


def _interpret(graph: Graph, feeds: dict) -> list[np.ndarray]:
    """The graph's outputs node by node with the numpy kernels, no pass run."""
    values = []
    for node in graph.nodes:
        if node.op == "input":
            values.append(feeds[node.attr("name")])
        else:
            values.append(evaluate_node(node, [values[i] for i in node.inputs]))
    return [values[i] for i in graph.outputs]


CAST_TYPES = ["bool", "i8", "u8", "i16", "i32", "u32", "i64", "f16", "bf16", "f32", "f64"]


@pytest.mark.parametrize("origin", CAST_TYPES)
def test_a_folded_cast_chain_gives_what_the_two_casts_give(origin):
    """cast(cast(x, mid), out) -> cast(x, out) only where the two agree on every value:
    through a float an integer saturates into a narrower integer, directly it wraps."""
    values = np.array([0, 1, -1, 2, 127, -128, 255, 256, 300, -300, 65535, 70000,
                       -70000, 2**31 - 1, -2**31, 2**32 - 1], np.float64)
    rlx_origin = rlx.ir.dtypes.as_dtype(origin)
    if rlx_origin.is_bool:
        x = values != 0
    elif rlx_origin.is_float:
        with np.errstate(over="ignore"):        # 70000 is inf in f16
            x = np.concatenate([values, [0.5, -2.5, np.inf, -np.inf, np.nan]]).astype(
                rlx_origin.np)
    else:
        info = np.iinfo(rlx_origin.np)
        x = values[(values >= info.min) & (values <= info.max)].astype(rlx_origin.np)
    for mid in CAST_TYPES:
        g = Graph("chain")
        t = g.input("x", x.shape, origin)
        g.set_outputs([t.cast(mid).cast(out) for out in CAST_TYPES])
        with np.errstate(all="ignore"):
            want = _interpret(g, {"x": x})
            got = _interpret(_clean(simplify(g)), {"x": x})
        for out, a, b in zip(CAST_TYPES, got, want):
            np.testing.assert_array_equal(a, b, err_msg=f"{origin} -> {mid} -> {out}")


def test_fold_constants():
    before = Graph("g")
    x = before.input("x", (3,))
    c = before.constant(np.array([1.0, 2.0, 3.0], np.float32))
    before.set_outputs([x + rlx.exp(c) * 2.0])
    after = _clean(fold_constants(before, evaluate_node))
    assert _ops(after) == ["input", "constant", "add"]
    np.testing.assert_allclose(after.nodes[1].attr("value").array(),
                               np.exp([1.0, 2.0, 3.0]) * 2.0, rtol=1e-6)


def test_fold_never_touches_random_ops_or_huge_broadcasts():
    before = Graph("g")
    r = rlx.random_uniform(before, (4,))
    big = rlx.broadcast_to(before.constant(np.float32(1.0)), (1000, 1000))
    before.set_outputs([r * 2.0, big])
    after = _clean(fold_constants(before, evaluate_node))
    assert "random_uniform" in _ops(after) and "mul" in _ops(after)
    assert "broadcast_to" in _ops(after)


def test_cse_merges_identical_nodes_but_not_random_ones():
    before = Graph("g")
    x = before.input("x", (3,))
    a, b = rlx.exp(x) + 1.0, rlx.exp(x) + 1.0
    r1, r2 = rlx.random_normal(before, (3,)), rlx.random_normal(before, (3,))
    before.set_outputs([a * b, r1 - r2])
    after = _clean(eliminate_common_subexpressions(before))
    assert _ops(after).count("exp") == 1 and _ops(after).count("add") == 1
    assert _ops(after).count("random_normal") == 2


def test_cse_keeps_attributes_that_differ_only_in_the_sign_of_zero(device):
    """pad with -0.0 and with 0.0, clip at -0.0 and at 0.0: four nodes, not two (Python's
    0.0 == -0.0 merged them, and 1 / the -0.0 variant gave +inf where numpy gives -inf)."""
    g = Graph("zeros")
    x = g.input("x", (2,))
    g.set_outputs([1.0 / rlx.pad(x, [(1, 0)], value=0.0), 1.0 / rlx.pad(x, [(1, 0)], value=-0.0),
                   1.0 / rlx.clip(x, 0.0, None), 1.0 / rlx.clip(x, -0.0, None)])
    after = _clean(eliminate_common_subexpressions(g))
    assert _ops(after).count("pad") == 2 and _ops(after).count("clip") == 2
    xv = np.array([-1.0, -2.0], np.float32)
    with np.errstate(divide="ignore"):
        expect = [1 / np.pad(xv, (1, 0), constant_values=0.0),
                  1 / np.pad(xv, (1, 0), constant_values=-0.0),
                  1 / np.maximum(xv, np.float32(0.0)), 1 / np.maximum(xv, np.float32(-0.0))]
    got = rlx.Session(device).compile(g).run({"x": xv})
    for have, want in zip(got, expect, strict=True):
        np.testing.assert_array_equal(have, want)


def test_dce_drops_dead_work_and_unused_params_but_keeps_inputs():
    before = Graph("g")
    x = before.input("x", (3,))
    unused_in = before.input("u", (3,))
    w = before.param("w", (3,))
    rlx.exp(unused_in * w)
    before.set_outputs([x + 1.0])
    after = _clean(before)
    assert [n.attr("name") for n in after.nodes if n.op == "input"] == ["x", "u"]
    assert not after.params and "exp" not in _ops(after)


def test_all_passes_preserve_results(device):
    g = Graph("g")
    x = g.input("x", (4, 3))
    w = g.param("w", (3, 3))
    s = g.param("s", (3,))
    h = (x @ (w * s)).transpose((1, 0)).transpose((1, 0)) * 1.0
    h = rlx.layer_norm(h + rlx.exp(g.constant(np.ones(3, np.float32))), eps=1e-5)
    g.set_outputs([rlx.softmax(h + 0.0), (h * h).sum(-1)])
    feeds = {"x": np.random.default_rng(0).standard_normal((4, 3)).astype(np.float32),
             "w": np.random.default_rng(1).standard_normal((3, 3)).astype(np.float32),
             "s": np.array([0.5, 2.0, -1.0], np.float32)}
    results = []
    for optimize in (False, True):
        cg = rlx.Session(device, rlx.CompileOptions(optimize=optimize)).compile(g)
        for name in ("w", "s"):
            cg.set_param(name, feeds[name])
        results.append(cg.run({"x": feeds["x"]}))
    for a, b in zip(*results):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("optimize", [False, True])
def test_unused_params_need_not_be_set(device, optimize):
    g = Graph("g")
    x = g.input("x", (2,))
    g.param("unused", (2,))
    g.set_outputs([x * 2.0])
    cg = rlx.Session(device, rlx.CompileOptions(optimize=optimize)).compile(g)
    cg.set_param("unused", [1.0, 2.0])  # accepted (validated), never needed
    np.testing.assert_array_equal(cg.run({"x": [1.0, 2.0]})[0], [2.0, 4.0])
