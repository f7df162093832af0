"""The builder: Tensor operators and methods, scalar typing, the printer, the verifier."""

import numpy as np
import pytest

import rlx
from rlx.errors import VerifyError
from rlx.ir.graph import Node
from rlx.ir.types import TensorType


def test_operators_build_the_expected_ops():
    g = rlx.Graph("ops")
    x = g.input("x", (2, 3))
    y = g.input("y", (2, 3))
    pairs = {"add": x + y, "sub": x - y, "mul": x * y, "div": x / y, "pow": x ** y,
             "mod": x % y, "neg": -x, "abs": abs(x), "lt": x < y, "le": x <= y,
             "gt": x > y, "ge": x >= y, "eq": x == y, "ne": x != y}
    for op, t in pairs.items():
        assert t.node.op == op
    assert (x < y).dtype == rlx.bool_
    b = x < y
    assert (b & b).node.op == "logical_and" and (~b).node.op == "logical_not"
    assert (x @ g.input("w", (3, 5))).shape == (2, 5)


@pytest.mark.parametrize("device", ["reference", "cpu"])
def test_and_or_xor_invert_are_bitwise_on_integers_and_logical_on_bools(device):
    g = rlx.Graph("bits")
    k, u, b = g.input("k", (4,), "i32"), g.input("u", (4,), "u8"), g.input("b", (4,), "bool")
    outs = [~k, k & 6, 5 | k, k ^ -k, ~u, u & 0x0F, ~b, b & True, False | b, b ^ b]
    assert [t.node.op for t in outs] == (["bitwise_not", "bitwise_and", "bitwise_or",
                                          "bitwise_xor", "bitwise_not", "bitwise_and",
                                          "logical_not", "logical_and", "logical_or",
                                          "logical_xor"])
    g.set_outputs(outs)
    K = np.array([1, 5, -1, 2**31 - 1], np.int32)
    U = np.array([0, 1, 0xF3, 255], np.uint8)
    B = np.array([True, False, True, False])
    want = [~K, K & 6, 5 | K, K ^ -K, ~U, U & 0x0F, ~B, B & True, False | B, B ^ B]
    got = rlx.Session(device).compile(g).run({"k": K, "u": U, "b": B})
    for a, w in zip(got, want):
        assert a.dtype == w.dtype
        np.testing.assert_array_equal(a, w)
    with pytest.raises(rlx.DTypeError):
        ~g.input("x", (2,))


def test_a_boolean_index_is_refused():
    x = rlx.Graph("b").input("x", (2, 3))
    for key in (True, np.bool_(False), (0, True)):
        with pytest.raises(rlx.GraphBuildError, match="boolean index"):
            x[key]


def test_an_index_from_the_end_of_a_symbolic_axis_is_refused():
    t = rlx.Graph("s").input("t", (rlx.Dim("n", max=4), 2))
    with pytest.raises(rlx.GraphBuildError, match="counts from the end of axis 0"):
        t[-1]
    assert t[0].shape == (2,) and t[:, -1].shape == (4,)


def test_scalars_are_weakly_typed():
    g = rlx.Graph("weak")
    h = g.input("h", (2,), "f16")
    i = g.input("i", (2,), "i32")
    assert (h * 2.0).dtype == rlx.f16
    assert (2 + h).dtype == rlx.f16
    assert (i * 3).dtype == rlx.i32
    assert (i * 0.5).dtype == rlx.f32
    assert (h + i).dtype == rlx.f16


def test_a_python_int_that_does_not_fit_the_tensor_beside_it_is_refused():
    """Weak typing gives the literal the tensor's dtype, so one that does not fit would
    wrap (an i8 ``a < 300`` comparing with 44): a DTypeError, as numpy 2 refuses it."""
    g = rlx.Graph("fit")
    a, u, b = g.input("a", (3,), "i8"), g.input("u", (3,), "u8"), g.input("b", (3,), "bool")
    i = g.input("i", (3,), "i64")
    for build, literal, dtype in [(lambda: a < 300, 300, "i8"), (lambda: u == 256, 256, "u8"),
                                  (lambda: rlx.minimum(u, -1), -1, "u8"),
                                  (lambda: b == 2, 2, "bool"),
                                  (lambda: i + 2**70, 2**70, "i64")]:
        with pytest.raises(rlx.DTypeError, match=f"Python int {literal} does not fit {dtype}"):
            build()
    assert (a < 127).dtype == rlx.bool_ and (u == 255).dtype == rlx.bool_
    assert (b == 1).dtype == rlx.bool_ and (i + 2**62).dtype == rlx.i64
    x = g.input("x", (3,), "f32")
    assert (x * 2**70).dtype == rlx.f32       # floats round, as numpy's weak floats do


def test_a_numpy_scalar_beside_a_tensor_is_held_to_the_same_rule():
    """np.int64(300) beside a u8 tensor wrapped to 44 and np.uint32(4e9) beside an i32
    one to -294967296; numpy scalars and 0-d arrays are numbers like Python's here."""
    g = rlx.Graph("np_fit")
    u, i, x = g.input("u", (3,), "u8"), g.input("i", (3,), "i32"), g.input("x", (3,), "f32")
    for build in (lambda: u < np.int64(300), lambda: i + np.uint32(4_000_000_000),
                  lambda: u == np.array(256)):
        with pytest.raises(rlx.DTypeError):
            build()
    assert (u < np.int64(200)).dtype == rlx.bool_ and (i + np.int64(7)).dtype == rlx.i32
    assert (x * np.float64(0.1)).dtype == rlx.f32 and (x + np.array(2.0)).dtype == rlx.f32
    assert (i * np.float64(2.5)).dtype == rlx.f32     # a float beside ints: as Python's
    uv = np.array([10, 44, 200], np.uint8)
    (got,) = rlx.Session("reference").compile(_with_outputs(g, [u < np.int64(45)])).run(
        {"u": uv, "i": np.zeros(3, np.int32), "x": np.zeros(3, np.float32)})
    np.testing.assert_array_equal(got, uv < 45)


def _with_outputs(g: rlx.Graph, outputs: list) -> rlx.Graph:
    g.set_outputs(outputs)
    return g


@pytest.mark.parametrize("value, dtype", [(300, "i8"), (-1, "u32"), (float("nan"), "i32"),
                                          (1e20, "i64"), (2.5, "i32"), ([1, 2, 256], "u8"),
                                          (2, "bool"), (2**64, "i64")])
def test_a_python_constant_not_represented_exactly_in_its_dtype_is_refused(value, dtype):
    g = rlx.Graph("c")
    with pytest.raises(rlx.DTypeError, match="is not represented exactly in"):
        rlx.constant(g, value, dtype)


def test_constants_of_python_values_that_fit_and_of_arrays():
    g = rlx.Graph("c")
    assert rlx.constant(g, [1, 255], "u8").node.attr("value").array().tolist() == [1, 255]
    assert rlx.constant(g, 16777217, "f32").node.attr("value").array() == 16777216.0
    assert rlx.constant(g, 1e40, "f64").dtype == rlx.f64
    # numpy arrays convert as astype does (the frontends carry wider types that way)
    wrapped = rlx.constant(g, np.array([-1]), "u8").node.attr("value").array()
    assert wrapped.tolist() == [255]
    for ragged in ([[1], [2, 3]], "text", None):
        with pytest.raises(rlx.GraphBuildError, match="not an array of numbers"):
            rlx.constant(g, ragged)


@pytest.mark.parametrize("value", [2**63, 2**64, [1, 2**63], [-1, 2**63]])
def test_a_python_int_past_i64_without_a_dtype_is_refused(value):
    """A Python int is i64 when no dtype is given: one past its range is a DTypeError
    saying so (2**64 became an f32, [1, 2**63] an f64, 2**63 an unknown-dtype error);
    with a dtype that holds it, it is taken."""
    g = rlx.Graph("c")
    with pytest.raises(rlx.DTypeError, match="does not fit i64"):
        rlx.constant(g, value)
    assert rlx.constant(g, value, "f64").dtype == rlx.f64


@pytest.mark.parametrize("a, b", [(1, 0), (5, 7), (0.5, 2.0), (True, False)])
def test_where_of_two_scalar_branches_types_them_as_constants(a, b):
    """where(c, 1, 0) is i64 as numpy's int64 (it took the predicate's bool: True /
    False, and 5 / 7 failed to fit bool); floats are f32, bools bool."""
    cond = np.array([True, False, True])
    g = rlx.Graph("w")
    c = g.input("c", (3,), "bool")
    (got,) = rlx.Session("reference").compile(_with_outputs(g, [rlx.where(c, a, b)])).run(
        {"c": cond})
    expect = np.where(cond, a, b)
    assert got.dtype == {"i": np.int64, "f": np.float32, "b": np.bool_}[expect.dtype.kind]
    np.testing.assert_array_equal(got, expect)


def test_method_and_function_spellings_build_the_same_node():
    g = rlx.Graph("same")
    x = g.input("x", (2, 3, 4))
    assert x.sum(-1).node == rlx.sum(x, -1).node
    assert x.softmax().node == rlx.softmax(x).node
    assert x.transpose((2, 0, 1)).node == rlx.transpose(x, (2, 0, 1)).node
    assert x.reshape(6, 4).node == rlx.reshape(x, (6, 4)).node


def test_tensor_has_no_truth_value():
    g = rlx.Graph("t")
    x = g.input("x", (2,))
    with pytest.raises(rlx.GraphBuildError, match="truth value"):
        bool(x > 0)


def test_mixing_graphs_is_an_error():
    a, b = rlx.Graph("a"), rlx.Graph("b")
    with pytest.raises(rlx.GraphBuildError, match="belongs to graph 'b'"):
        a.input("x", (2,)) + b.input("y", (2,))


def test_duplicate_names_are_rejected():
    g = rlx.Graph("dup")
    g.input("x", (2,))
    with pytest.raises(rlx.GraphBuildError, match="already used"):
        g.param("x", (2,))


def test_printer_is_readable():
    g = rlx.Graph("mlp")
    x = g.input("x", (2, 4))
    w = g.param("w", (4, 3))
    g.set_outputs([rlx.gelu(x @ w)])
    text = str(g)
    assert text.splitlines() == [
        "graph mlp {",
        "  %0 = input 'x' : f32[2,4]",
        "  %1 = param 'w' : f32[4,3]",
        "  %2 = matmul(%0, %1) : f32[2,3]",
        "  %3 = gelu(%2) : f32[2,3]",
        "  return %3",
        "}",
    ]


def test_verifier_accepts_built_graphs_and_rejects_broken_ones():
    g = rlx.Graph("v")
    x = g.input("x", (2, 3))
    g.set_outputs([rlx.softmax(x * 2.0)])
    rlx.verify(g)

    bad_type = rlx.Graph("bad")
    bad_type.nodes = list(g.nodes)
    n = bad_type.nodes[-1]
    bad_type.nodes[-1] = Node(n.op, n.inputs, n.attrs, TensorType((3, 2), n.dtype))
    bad_type.outputs = [len(bad_type.nodes) - 1]
    with pytest.raises(VerifyError, match="stored type"):
        rlx.verify(bad_type)

    forward = rlx.Graph("fwd")
    forward.nodes = list(g.nodes)
    n = forward.nodes[1]
    forward.nodes[1] = Node(n.op, (3,), n.attrs, n.type)
    forward.outputs = [3]
    with pytest.raises(VerifyError, match="not an earlier node"):
        rlx.verify(forward)

    empty = rlx.Graph("empty")
    empty.input("x", (1,))
    with pytest.raises(VerifyError, match="no outputs"):
        rlx.verify(empty)


def test_constants_keep_their_values():
    g = rlx.Graph("c")
    c = g.constant(np.arange(6, dtype=np.int16).reshape(2, 3))
    assert c.dtype == rlx.i16 and c.shape == (2, 3)
    np.testing.assert_array_equal(c.node.attr("value").array(), np.arange(6).reshape(2, 3))
    assert g.constant(1.5).dtype == rlx.f32
    # numpy values keep their dtype, 0-d ones too (np.array(1e300) became an f32 inf)
    assert g.constant(np.float64(1.5)).dtype == rlx.f64
    assert g.constant(np.array(1e300)).node.attr("value").array() == 1e300
    assert g.constant(np.int8(5)).dtype == rlx.i8
    assert g.constant(np.array(5, np.int32)).dtype == rlx.i32
    assert g.constant(np.array([1.5])).dtype == rlx.f64


@pytest.mark.parametrize("bad", ["y", None, 0.9, 1.0])
def test_set_outputs_takes_tensors_and_node_ids_only(bad):
    """A name, None or a float is a GraphBuildError (a ValueError, a TypeError, and 0.9
    silently became node 0); a numpy int is a node id."""
    g = rlx.Graph("o")
    x = g.input("x", (2,))
    y = x * 2.0
    with pytest.raises(rlx.GraphBuildError, match="Tensors or node ids"):
        g.set_outputs([bad])
    g.set_outputs([np.int64(y.id)])
    (got,) = rlx.Session("reference").compile(g).run({"x": np.array([1.0, 2.0], np.float32)})
    np.testing.assert_array_equal(got, [2.0, 4.0])
