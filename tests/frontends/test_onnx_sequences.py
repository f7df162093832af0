"""ONNX sequences and optionals: held at import time, flattened at the model boundary.

Small models built with ``onnx.helper`` run through rlx's ONNX backend (on every
device) and are compared with ``onnx.reference.ReferenceEvaluator``; the error cases
check that what rlx cannot represent is refused with a message naming the node.
"""

from __future__ import annotations

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

from rlx.errors import GraphBuildError, ShapeError, UnsupportedOpError  # noqa: E402
from rlx.frontends.onnx import StaticValueError, import_model, load  # noqa: E402
from rlx.frontends.onnx.backend import DEVICE_ENV, RlxBackend  # noqa: E402

FLOAT, INT64, BOOL = TensorProto.FLOAT, TensorProto.INT64, TensorProto.BOOL


def make_model(nodes, inputs, outputs, initializers=(), opset=18):
    graph = helper.make_graph(nodes, "m", inputs, outputs, list(initializers))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    return model


def tensor(name, shape, elem=FLOAT):
    return helper.make_tensor_value_info(name, elem, shape)


def sequence(name, elem=FLOAT, shape=None):
    return helper.make_tensor_sequence_value_info(name, elem, shape)


def optional(name, inner):
    return helper.make_value_info(name, helper.make_optional_type_proto(inner))


def init(name, array):
    return numpy_helper.from_array(np.asarray(array), name)


def assert_same(got, want, where="output"):
    """Sequences (lists) element by element, None for None, arrays exactly in shape and
    dtype and closely in value."""
    if want is None:
        assert got is None, f"{where}: expected an absent optional, got {got!r}"
        return
    if isinstance(want, list):
        assert isinstance(got, list), f"{where}: expected a sequence, got {type(got)}"
        assert len(got) == len(want), f"{where}: {len(got)} elements, expected {len(want)}"
        for k, (g, w) in enumerate(zip(got, want)):
            assert_same(g, w, f"{where}[{k}]")
        return
    got = np.asarray(got)
    assert got.shape == want.shape, f"{where}: shape {got.shape}, expected {want.shape}"
    assert got.dtype == want.dtype, f"{where}: dtype {got.dtype}, expected {want.dtype}"
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6, err_msg=where)


@pytest.fixture
def backend(device, monkeypatch):
    """RlxBackend running on ``device``."""
    monkeypatch.setenv(DEVICE_ENV, device)
    return RlxBackend


def check_against_reference(backend, model, *feeds):
    """Run ``model`` on each feeds mapping with rlx and with onnx's reference evaluator."""
    rep = backend.prepare(model)
    ref = ReferenceEvaluator(model)
    for feed in feeds:
        got = rep.run(feed)
        want = ref.run(None, feed)
        assert len(got) == len(want)
        for k, (g, w) in enumerate(zip(got, want)):
            assert_same(g, w, f"output {k}")


RNG = np.random.default_rng(0)


def rand(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


# --------------------------------------------------------------------------- sequences

def test_construct_insert_erase_at_and_length(backend):
    nodes = [
        helper.make_node("SequenceConstruct", ["a", "b"], ["s1"]),
        helper.make_node("SequenceInsert", ["s1", "c", "front"], ["s2"]),
        helper.make_node("SequenceInsert", ["s2", "a"], ["s3"]),
        helper.make_node("SequenceErase", ["s3", "second"], ["s4"]),
        helper.make_node("SequenceAt", ["s4", "last"], ["y"]),
        helper.make_node("SequenceLength", ["s4"], ["n"]),
        helper.make_node("Relu", ["y"], ["r"]),
    ]
    inits = [init("front", np.int64(0)), init("second", np.int64(1)),
             init("last", np.int64(-1))]
    model = make_model(nodes, [tensor("a", [2, 3]), tensor("b", [4, 3]), tensor("c", [1, 3])],
                       [tensor("r", None), tensor("n", [], INT64), sequence("s4")], inits)
    check_against_reference(backend, model, {"a": rand(2, 3), "b": rand(4, 3), "c": rand(1, 3)})


def test_split_map_concat(backend):
    """SplitToSequence with a size that leaves a shorter last part, a SequenceMap whose
    body runs once per element (of different shapes) with a tensor operand, and the
    parts concatenated and stacked back."""
    body = helper.make_graph(
        [helper.make_node("Mul", ["part", "w"], ["scaled"]),
         helper.make_node("ReduceSum", ["scaled"], ["total"], keepdims=1)],
        "body", [tensor("part", None), tensor("w", [3])],
        [tensor("scaled", None), tensor("total", None)])
    nodes = [
        helper.make_node("SplitToSequence", ["x", "three"], ["parts"], axis=0),
        helper.make_node("SequenceMap", ["parts", "w"], ["scaled", "totals"], body=body),
        helper.make_node("ConcatFromSequence", ["scaled"], ["joined"], axis=0),
        helper.make_node("ConcatFromSequence", ["totals"], ["stacked"], axis=-1, new_axis=1),
        helper.make_node("SplitToSequence", ["x"], ["rows"], axis=0, keepdims=0),
    ]
    model = make_model(nodes, [tensor("x", [7, 3]), tensor("w", [3])],
                       [tensor("joined", None), tensor("stacked", None), sequence("totals"),
                        sequence("rows")], [init("three", np.int64(3))])
    check_against_reference(backend, model, {"x": rand(7, 3), "w": rand(3)})


def test_sequence_inputs_are_one_rlx_input_per_element(backend):
    body = helper.make_graph([helper.make_node("Add", ["e", "f"], ["g"])], "body",
                             [tensor("e", None), tensor("f", None)], [tensor("g", None)])
    nodes = [helper.make_node("SequenceMap", ["xs", "ys"], ["zs"], body=body),
             helper.make_node("SequenceLength", ["xs"], ["n"])]
    model = make_model(nodes, [sequence("xs"), sequence("ys")],
                       [sequence("zs"), tensor("n", [], INT64)])
    xs, ys = [rand(2), rand(3, 1)], [rand(2), rand(3, 4)]
    # each length and each set of element shapes is compiled once, on first run
    check_against_reference(backend, model, {"xs": xs, "ys": ys}, {"xs": xs[:1], "ys": ys[:1]})
    # (onnx's reference SequenceMap fails on empty sequences)
    assert_same(backend.prepare(model).run({"xs": [], "ys": []}), [[], np.array(0)])

    graph, _ = load(model, input_shapes={"xs": [(2,), (3, 1)], "ys": [(2,), (3, 4)]})
    assert [name for name, _ in graph.inputs] == ["xs.0", "xs.1", "ys.0", "ys.1"]
    assert [t.shape for t in graph.output_types] == [(2,), (3, 4), ()]  # zs.0, zs.1, n
    imported = import_model(model, input_shapes={"xs": [(5,)], "ys": [(5,)]})
    assert [(o.name, o.kind, o.count) for o in imported.outputs] == [
        ("zs", "sequence", 1), ("n", "tensor", 1)]


def test_sequence_input_baked_when_a_position_comes_from_an_input(backend):
    nodes = [helper.make_node("SequenceAt", ["xs", "i"], ["y"])]
    model = make_model(nodes, [sequence("xs"), tensor("i", [], INT64)], [tensor("y", None)])
    xs = [rand(2), rand(3), rand(4)]
    check_against_reference(backend, model, {"xs": xs, "i": np.int64(1)},
                            {"xs": xs, "i": np.int64(-1)})


def test_identity_and_sequence_outputs_keep_order_and_dtype(backend):
    nodes = [helper.make_node("Identity", ["xs"], ["ys"]),
             helper.make_node("SequenceInsert", ["xs", "x", "zero"], ["zs"])]
    model = make_model(nodes, [sequence("xs", INT64), tensor("x", [2], INT64)],
                       [sequence("ys", INT64), sequence("zs", INT64)],
                       [init("zero", np.int64(0))])
    xs = [np.arange(3, dtype=np.int64), np.arange(5, dtype=np.int64).reshape(5, 1)]
    check_against_reference(backend, model, {"xs": xs, "x": np.array([7, 8], np.int64)})


# --------------------------------------------------------------------------- optionals

def _optional_model():
    """has = OptionalHasElement(opt); y = opt ? OptionalGetElement(opt) + 1 : zeros.

    (onnx's reference evaluator runs an optional input but not the Optional op, whose
    value it wraps in a list that OptionalGetElement does not unwrap.)"""
    then_g = helper.make_graph(
        [helper.make_node("OptionalGetElement", ["opt"], ["v"]),
         helper.make_node("Add", ["v", "one"], ["t"])], "then", [], [tensor("t", [3])])
    else_g = helper.make_graph([helper.make_node("Identity", ["zeros"], ["e"])], "else", [],
                               [tensor("e", [3])])
    nodes = [helper.make_node("OptionalHasElement", ["opt"], ["has"]),
             helper.make_node("If", ["has"], ["y"], then_branch=then_g, else_branch=else_g)]
    inits = [init("one", np.float32(1)), init("zeros", np.zeros(3, np.float32))]
    opt_type = helper.make_tensor_type_proto(FLOAT, [3])
    return make_model(nodes, [optional("opt", opt_type)],
                      [tensor("has", [], BOOL), tensor("y", [3])], inits)


def test_optional_input_present_or_absent(backend):
    model = _optional_model()
    check_against_reference(backend, model, {"opt": rand(3)}, {"opt": None})


def test_optional_op_outputs_and_empty_optional(backend):
    """Against values written out (onnx's reference Optional wraps its value in a list)."""
    seq_type = helper.make_sequence_type_proto(helper.make_tensor_type_proto(FLOAT, None))
    nodes = [helper.make_node("SequenceConstruct", ["x"], ["s"]),
             helper.make_node("Optional", ["s"], ["some"]),
             helper.make_node("Optional", [], ["none"], type=seq_type),
             helper.make_node("OptionalHasElement", ["none"], ["has_none"]),
             helper.make_node("OptionalHasElement", [], ["has_nothing"]),
             helper.make_node("OptionalHasElement", ["some"], ["has_some"]),
             helper.make_node("Optional", ["x"], ["wrapped"]),
             helper.make_node("OptionalGetElement", ["wrapped"], ["unwrapped"]),
             helper.make_node("OptionalGetElement", ["x"], ["plain"])]
    model = make_model(nodes, [tensor("x", [2])],
                       [optional("some", seq_type), optional("none", seq_type),
                        tensor("has_none", [], BOOL), tensor("has_nothing", [], BOOL),
                        tensor("has_some", [], BOOL), tensor("unwrapped", [2]),
                        tensor("plain", [2])])
    x = rand(2)
    got = backend.prepare(model).run({"x": x})
    assert_same(got, [[x], None, np.array(False), np.array(False), np.array(True), x, x])


def test_only_absent_outputs_compile_nothing(backend):
    seq_type = helper.make_sequence_type_proto(helper.make_tensor_type_proto(FLOAT, None))
    nodes = [helper.make_node("Optional", [], ["none"], type=seq_type),
             helper.make_node("SequenceEmpty", [], ["empty"])]
    model = make_model(nodes, [], [optional("none", seq_type), sequence("empty")])
    assert backend.prepare(model).run([]) == [None, []]
    with pytest.raises(GraphBuildError, match="no output"):
        load(model)


# --------------------------------------------------------------------------- control flow

def _if_sequence_model():
    then_g = helper.make_graph([helper.make_node("SequenceConstruct", ["x", "x"], ["t"])],
                               "then", [], [sequence("t")])
    else_g = helper.make_graph([helper.make_node("SequenceConstruct", ["x"], ["e"])],
                               "else", [], [sequence("e")])
    nodes = [helper.make_node("If", ["cond"], ["s"], then_branch=then_g, else_branch=else_g),
             helper.make_node("SequenceLength", ["s"], ["n"])]
    return make_model(nodes, [tensor("cond", [], BOOL), tensor("x", [2])],
                      [sequence("s"), tensor("n", [], INT64)])


def test_if_with_sequence_branches_bakes_its_condition(backend):
    model = _if_sequence_model()
    x = rand(2)
    check_against_reference(backend, model, {"cond": np.array(True), "x": x},
                            {"cond": np.array(False), "x": x})


def test_if_with_sequence_branches_needs_its_condition_at_import():
    with pytest.raises(StaticValueError) as info:
        load(_if_sequence_model())
    assert info.value.inputs == ["cond"]
    assert "If" in str(info.value) and "sequence" in str(info.value)


def _loop_sequence_model(trip_count_input=False, scan_output=True):
    """Loop appending x[:i + 1] to a sequence each iteration (elements grow), with the
    sum of each part as a scan output."""
    body = helper.make_graph(
        [helper.make_node("Identity", ["c_in"], ["c_out"]),
         helper.make_node("Add", ["i", "one"], ["end"]),
         helper.make_node("Unsqueeze", ["end", "axis0"], ["ends"]),
         helper.make_node("Slice", ["x", "starts", "ends"], ["part"]),
         helper.make_node("SequenceInsert", ["seq_in", "part"], ["seq_out"]),
         helper.make_node("ReduceSum", ["part"], ["total"], keepdims=1)],
        "body", [tensor("i", [], INT64), tensor("c_in", [], BOOL), sequence("seq_in")],
        [tensor("c_out", [], BOOL), sequence("seq_out"), tensor("total", [1])]
        if scan_output else [tensor("c_out", [], BOOL), sequence("seq_out")])
    outputs = ["seq", "totals"] if scan_output else ["seq"]
    # (onnx's reference Loop runs no iteration when the condition is absent: give it)
    nodes = [helper.make_node("SequenceEmpty", [], ["empty"]),
             helper.make_node("Loop", ["m", "true", "empty"], outputs, body=body)]
    inits = [init("one", np.int64(1)), init("axis0", np.array([0], np.int64)),
             init("starts", np.array([0], np.int64)), init("true", np.array(True))]
    inputs = [tensor("x", [5])]
    if trip_count_input:
        inputs.append(tensor("m", [], INT64))
    else:
        inits.append(init("m", np.int64(4)))
    graph_outputs = [sequence("seq"), tensor("totals", [None, 1])][:len(outputs)]
    return make_model(nodes, inputs, graph_outputs, inits)


def test_control_flow_bodies_read_an_outer_sequence(backend):
    """An rlx cond's branches and an rlx scan's body read elements of a sequence of the
    graph around them (each element captured on its own)."""
    then_g = helper.make_graph([helper.make_node("SequenceAt", ["s", "zero"], ["a"]),
                                helper.make_node("Exp", ["a"], ["t"])], "then", [],
                               [tensor("t", [3])])
    else_g = helper.make_graph([helper.make_node("SequenceAt", ["s", "one"], ["e"])], "else",
                               [], [tensor("e", [3])])
    body = helper.make_graph(
        [helper.make_node("Identity", ["c_in"], ["c_out"]),
         helper.make_node("SequenceAt", ["s", "one"], ["b"]),
         helper.make_node("Add", ["acc_in", "b"], ["acc_out"])],
        "body", [tensor("i", [], INT64), tensor("c_in", [], BOOL), tensor("acc_in", [3])],
        [tensor("c_out", [], BOOL), tensor("acc_out", [3])])
    nodes = [helper.make_node("SequenceConstruct", ["x", "y"], ["s"]),
             helper.make_node("If", ["flag"], ["picked"], then_branch=then_g,
                              else_branch=else_g),
             helper.make_node("Loop", ["three", "true", "x"], ["summed"], body=body)]
    inits = [init("zero", np.int64(0)), init("one", np.int64(1)), init("three", np.int64(3)),
             init("true", np.array(True))]
    model = make_model(nodes, [tensor("flag", [], BOOL), tensor("x", [3]), tensor("y", [3])],
                       [tensor("picked", [3]), tensor("summed", [3])], inits)
    graph, _ = load(model)
    assert {"cond", "scan"} <= {n.op for n in graph.nodes}
    x, y = rand(3), rand(3)
    check_against_reference(backend, model, {"flag": np.array(True), "x": x, "y": y},
                            {"flag": np.array(False), "x": x, "y": y})


def test_loop_carrying_a_sequence_is_unrolled(backend):
    check_against_reference(backend, _loop_sequence_model(), {"x": rand(5)})
    check_against_reference(backend, _loop_sequence_model(True),
                            {"x": rand(5), "m": np.int64(3)})


def test_loop_carrying_a_sequence_needs_its_trip_count_at_import():
    with pytest.raises(StaticValueError) as info:
        load(_loop_sequence_model(True, scan_output=False))
    assert info.value.inputs == ["m"]
    assert "Loop" in str(info.value) and "sequence" in str(info.value)


def test_conformance_loop16_seq_none_element_by_element(backend):
    """The ONNX case the runner cannot compare (a 0-d tensor in a sequence output)."""
    from onnx.backend.test.case import node as nodecases

    (case,) = [c for c in nodecases.collect_testcases("Loop") if c.name == "test_loop16_seq_none"]
    (inputs, outputs), = case.data_sets
    rep = backend.prepare(case.model)
    assert_same(rep.run(inputs)[0], outputs[0])
    # and with the optional absent: the body's If builds the initial sequence
    ref = ReferenceEvaluator(case.model)
    feeds = {"trip_count": inputs[0], "cond": inputs[1], "opt_seq": None}
    assert_same(rep.run(feeds)[0], ref.run(None, feeds)[0])



# --------------------------------------------------------------------------- errors

def test_sequence_input_without_element_shapes_is_a_clear_error():
    model = make_model([helper.make_node("SequenceLength", ["xs"], ["n"])], [sequence("xs")],
                       [tensor("n", [], INT64)])
    with pytest.raises(ShapeError, match=r"'xs' is an ONNX sequence.*'xs\.0'"):
        load(model)
    with pytest.raises(ShapeError, match="one shape per element"):
        load(model, input_shapes={"xs": (2, 3)})


def test_run_time_position_names_the_node_and_the_input():
    nodes = [helper.make_node("SequenceConstruct", ["a", "b"], ["s"]),
             helper.make_node("SequenceAt", ["s", "i"], ["y"], name="pick")]
    model = make_model(nodes, [tensor("a", [2]), tensor("b", [2]), tensor("i", [], INT64)],
                       [tensor("y", [2])])
    with pytest.raises(StaticValueError, match="SequenceAt 'pick'") as info:
        load(model)
    assert info.value.inputs == ["i"]
    graph, _ = load(model, input_values={"i": np.int64(1)})
    assert [name for name, _ in graph.inputs] == ["a", "b"]


def test_run_time_split_sizes_name_the_node():
    nodes = [helper.make_node("SplitToSequence", ["x", "sizes"], ["s"], name="cut"),
             helper.make_node("ConcatFromSequence", ["s"], ["y"], axis=0)]
    model = make_model(nodes, [tensor("x", [6]), tensor("sizes", [2], INT64)],
                       [tensor("y", [6])])
    with pytest.raises(StaticValueError, match="SplitToSequence 'cut'") as info:
        load(model)
    assert info.value.inputs == ["sizes"]


@pytest.mark.parametrize("position", [2, -3])
def test_position_out_of_range_is_an_import_error(position):
    nodes = [helper.make_node("SequenceConstruct", ["a", "a"], ["s"]),
             helper.make_node("SequenceErase", ["s", "p"], ["t"], name="erase"),
             helper.make_node("SequenceLength", ["t"], ["n"])]
    model = make_model(nodes, [tensor("a", [2])], [tensor("n", [], INT64)],
                       [init("p", np.int64(position))])
    with pytest.raises(GraphBuildError, match=f"SequenceErase 'erase'.*position {position}"):
        load(model)


def test_empty_optional_has_no_element():
    nodes = [helper.make_node("Optional", [], ["none"],
                              type=helper.make_tensor_type_proto(FLOAT, [2])),
             helper.make_node("OptionalGetElement", ["none"], ["y"], name="get")]
    model = make_model(nodes, [], [tensor("y", [2])])
    with pytest.raises(GraphBuildError, match="OptionalGetElement 'get'.*empty"):
        load(model)


def test_a_tensor_op_refuses_a_sequence_operand():
    nodes = [helper.make_node("SequenceConstruct", ["a"], ["s"]),
             helper.make_node("Relu", ["s"], ["y"], name="relu")]
    model = make_model(nodes, [tensor("a", [2])], [tensor("y", [2])])
    with pytest.raises(GraphBuildError, match="Relu 'relu'.*is an ONNX sequence"):
        load(model)


def test_element_types_and_kinds_rlx_cannot_hold_are_listed_by_the_scan():
    map_type = helper.make_map_type_proto(INT64, helper.make_tensor_type_proto(FLOAT, None))
    seq_of_maps = helper.make_sequence_type_proto(map_type)
    model = make_model([helper.make_node("SequenceLength", ["ms"], ["n"])],
                       [helper.make_value_info("ms", seq_of_maps),
                        sequence("strs", TensorProto.STRING)],
                       [tensor("n", [], INT64)])
    with pytest.raises(UnsupportedOpError) as info:
        load(model)
    text = str(info.value)
    assert "input 'ms': a sequence of map" in text
    assert "input 'strs': STRING" in text
