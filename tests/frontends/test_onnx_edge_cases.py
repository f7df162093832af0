"""Corners of the ONNX spec the importer follows, each against onnxruntime: reductions
with ``noop_with_empty_axes``, wrap padding past the axis length, splits into more
outputs than the axis fills, and malformed models that must fail with an rlx error
(names defined twice, If branches of two element types, local functions that cannot
be inlined)."""

from __future__ import annotations

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import rlx  # noqa: E402
from rlx.errors import GraphBuildError, ShapeError  # noqa: E402
from rlx.frontends.onnx import compile_onnx, load, read_model  # noqa: E402

FLOAT = TensorProto.FLOAT
DEVICES = ["reference", "cpu"]


def _model(nodes, inputs, outputs, opset=18, functions=()):
    graph = helper.make_graph(nodes, "m", inputs, outputs)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset),
                                                    helper.make_opsetid("local", 1)],
                              functions=list(functions))
    model.ir_version = 10
    return model


def _value(name, shape, elem=FLOAT):
    return helper.make_tensor_value_info(name, elem, shape)


def _ort(model, feeds):
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(None, feeds)


def _check_against_ort(model, feeds, device):
    want = _ort(model, feeds)
    got = compile_onnx(model, device=device).run(feeds)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape
        np.testing.assert_allclose(g, w, rtol=1e-6, equal_nan=True)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("op", ["ReduceL1", "ReduceL2", "ReduceSumSquare", "ReduceLogSum",
                                "ReduceLogSumExp", "ReduceMean", "ReduceMax", "ReduceProd"])
def test_reduce_with_no_axes_and_noop_keeps_only_the_elementwise_steps(op, device):
    """noop_with_empty_axes=1 skips the reduction, not the |x|, x^2 or log around it."""
    model = _model([helper.make_node(op, ["x"], ["y"], noop_with_empty_axes=1)],
                   [_value("x", [2, 3])], [_value("y", None)])
    x = np.array([[-1.5, 2.0, 3.0], [0.25, -4.0, 5.0]], np.float32)
    with np.errstate(invalid="ignore"):
        _check_against_ort(model, {"x": x}, device)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("pads", [[0, 4, 0, 5], [3, 7, 1, 0], [1, 1, 2, 2], [0, 6, 0, 0]])
def test_wrap_padding_repeats_the_axis_when_a_pad_is_longer_than_it(pads, device):
    model = _model([helper.make_node("Pad", ["x", "pads"], ["y"], mode="wrap")],
                   [_value("x", [2, 3]), _value("pads", [4], TensorProto.INT64)],
                   [_value("y", None)])
    feeds = {"x": np.arange(6, dtype=np.float32).reshape(2, 3),
             "pads": np.array(pads, np.int64)}
    want = _ort(model, feeds)[0]
    np.testing.assert_array_equal(want, np.pad(feeds["x"], [(pads[0], pads[2]),
                                                            (pads[1], pads[3])], mode="wrap"))
    graph_model = _model([helper.make_node("Pad", ["x", "pads"], ["y"], mode="wrap")],
                         [_value("x", [2, 3])], [_value("y", None)])
    graph_model.graph.initializer.append(onnx.numpy_helper.from_array(feeds["pads"], "pads"))
    got = compile_onnx(graph_model, device=device).run({"x": feeds["x"]})[0]
    np.testing.assert_array_equal(got, want)


def test_wrap_padding_an_empty_axis_is_an_error():
    model = _model([helper.make_node("Pad", ["x", "pads"], ["y"], mode="wrap")],
                   [_value("x", [2, 0])], [_value("y", None)])
    model.graph.initializer.append(onnx.numpy_helper.from_array(np.array([0, 1, 0, 1]), "pads"))
    with pytest.raises(GraphBuildError, match="'wrap' cannot pad axis 1"):
        compile_onnx(model)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("length, parts", [(6, 4), (2, 3), (7, 3), (5, 5)])
def test_split_into_more_outputs_than_the_axis_fills_gives_empty_pieces(length, parts,
                                                                         device):
    names = [f"o{i}" for i in range(parts)]
    model = _model([helper.make_node("Split", ["x"], names, axis=0, num_outputs=parts)],
                   [_value("x", [length, 2])], [_value(n, None) for n in names])
    _check_against_ort(model, {"x": np.arange(2 * length, dtype=np.float32).reshape(-1, 2)},
                       device)


def test_a_name_defined_twice_is_refused():
    model = _model([helper.make_node("Relu", ["x"], ["y"]), helper.make_node("Neg", ["y"], ["z"]),
                    helper.make_node("Abs", ["x"], ["y"])],
                   [_value("x", [2])], [_value("z", [2]), _value("y", [2])])
    with pytest.raises(onnx.checker.ValidationError):
        onnx.checker.check_model(model)
    with pytest.raises(GraphBuildError, match="'y'.*already defined"):
        compile_onnx(model)


def test_a_node_output_named_like_a_graph_input_is_refused():
    model = _model([helper.make_node("Relu", ["x"], ["x"])], [_value("x", [2])],
                   [_value("x", [2])])
    with pytest.raises(GraphBuildError, match="'x'.*already defined"):
        compile_onnx(model)


def _if_model(then_elem, else_elem):
    then_graph = helper.make_graph([helper.make_node("Cast", ["x"], ["t"], to=then_elem)],
                                   "then", [], [_value("t", [2], then_elem)])
    else_graph = helper.make_graph([helper.make_node("Cast", ["x"], ["e"], to=else_elem)],
                                   "else", [], [_value("e", [2], else_elem)])
    return _model([helper.make_node("If", ["c"], ["y"], then_branch=then_graph,
                                    else_branch=else_graph)],
                  [_value("x", [2]), _value("c", [], TensorProto.BOOL)],
                  [_value("y", [2], then_elem)], opset=17)


def test_if_branches_of_two_element_types_are_refused():
    with pytest.raises(GraphBuildError, match="then_branch gives output 0 as INT32, "
                                              "else_branch as FLOAT"):
        compile_onnx(_if_model(TensorProto.INT32, FLOAT))


@pytest.mark.parametrize("device", DEVICES)
def test_if_branches_of_one_element_type_run_either_branch(device):
    model = _if_model(TensorProto.INT32, TensorProto.INT32)
    x = np.array([1.7, -2.5], np.float32)
    compiled = compile_onnx(model, device=device)
    for flag in (True, False):
        feeds = {"x": x, "c": np.array(flag)}
        np.testing.assert_array_equal(compiled.run(feeds)[0], _ort(model, feeds)[0])


def _calling(function, inputs):
    return _model([helper.make_node(function.name, inputs, ["y"], domain="local")],
                  [_value(n, [2]) for n in inputs], [_value("y", [2])], functions=[function])


def test_local_functions_that_cannot_be_inlined_are_an_rlx_error():
    recursive = helper.make_function("local", "Rec", ["a"], ["b"],
                                     [helper.make_node("Rec", ["a"], ["b"], domain="local")],
                                     [helper.make_opsetid("", 18),
                                      helper.make_opsetid("local", 1)])
    with pytest.raises(GraphBuildError, match="local functions cannot be inlined"):
        read_model(_calling(recursive, ["x"]))
    one_input = helper.make_function("local", "Id", ["a"], ["b"],
                                     [helper.make_node("Identity", ["a"], ["b"])],
                                     [helper.make_opsetid("", 18)])
    with pytest.raises(GraphBuildError, match="local functions cannot be inlined"):
        read_model(_calling(one_input, ["x", "z"]))
    assert np.array_equal(compile_onnx(_calling(one_input, ["x"])).run(
        {"x": np.array([1.0, 2.0], np.float32)})[0], [1.0, 2.0])


def test_a_named_dimension_takes_any_integer_and_refuses_other_types():
    model = _model([helper.make_node("Relu", ["x"], ["y"])], [_value("x", ["b", 3])],
                   [_value("y", ["b", 3])])
    x = np.ones((2, 3), np.float32)
    for size in (2, np.int64(2), np.int32(2)):
        graph, _ = load(model, input_shapes={"b": size})
        assert graph.inputs[0][1].shape == (2, 3)
    for bad in (2.0, "2"):
        with pytest.raises(ShapeError, match=r"input_shapes\['b'\] must be an int or an rlx.Dim"):
            compile_onnx(model, input_shapes={"b": bad})
    assert compile_onnx(model, input_shapes={"b": np.int64(2)}).run({"x": x})[0].shape == (2, 3)


@pytest.mark.parametrize("mode", ["nearest", "linear", "cubic"])
@pytest.mark.parametrize("padding", ["zeros", "border", "reflection"])
@pytest.mark.parametrize("align", [0, 1])
def test_grid_sample_with_points_outside_the_image_matches_onnxruntime(mode, padding, align):
    """Every mode and padding, the grid reaching past [-1, 1] (nearest with border or
    reflection failed to import; cubic with border clamped the coordinate, not each
    tap)."""
    model = _model([helper.make_node("GridSample", ["x", "g"], ["y"], mode=mode,
                                     padding_mode=padding, align_corners=align)],
                   [_value("x", [1, 2, 4, 5]), _value("g", [1, 3, 4, 2])],
                   [_value("y", None)], opset=20)
    rng = np.random.default_rng(7)
    feeds = {"x": rng.standard_normal((1, 2, 4, 5)).astype(np.float32),
             "g": rng.uniform(-1.6, 1.6, (1, 3, 4, 2)).astype(np.float32)}
    want = _ort(model, feeds)[0]
    got = compile_onnx(model).run(feeds)[0]
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


# --------------------------------------------------------------------------- einsum

@pytest.mark.parametrize("equation, shapes", [
    ("Ij,jk", [(2, 3), (3, 4)]),          # the implicit output keeps upper-case labels
    ("...A,A->...", [(3, 3), (3,)]),      # the ellipsis' labels never meet the equation's
    ("...A,A->...", [(2, 3), (3,)]),
    ("bA...,A", [(2, 3, 4), (3,)]),
    ("ij,kj->ik", [(2, 3), (0, 3)]),      # a label of size 0 held by one operand (was 1)
    ("ij,jk->ik", [(2, 0), (0, 4)]),
    ("bij,bjk->bik", [(1, 2, 3), (0, 3, 4)]),
])
@pytest.mark.parametrize("device", DEVICES)
def test_einsum_labels_of_either_case_and_the_ellipsis(equation, shapes, device):
    rng = np.random.default_rng(0)
    names = [f"x{i}" for i in range(len(shapes))]
    feeds = {n: rng.standard_normal(s).astype(np.float32) for n, s in zip(names, shapes)}
    model = _model([helper.make_node("Einsum", names, ["y"], equation=equation)],
                   [_value(n, list(s)) for n, s in zip(names, shapes)], [_value("y", None)])
    (got,) = compile_onnx(model, device=device).run(feeds)
    want = np.einsum(equation, *[v.astype(np.float64) for v in feeds.values()])
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("elem", [TensorProto.UINT64, TensorProto.UINT32, TensorProto.UINT8])
def test_bit_shift_by_every_amount_matches_onnxruntime(elem, device):
    """Right shifts by bits - 1 included: 2**63 wraps in i64, so 1 >> 63 gave 1."""
    np_type = helper.tensor_dtype_to_np_dtype(elem)
    bits = np.dtype(np_type).itemsize * 8
    top = {64: 2**62, 32: 2**31, 8: 128}[bits]
    x = np.array([1, 5, top, top + 7, 3] * bits, np_type)[:bits]
    amounts = np.arange(bits, dtype=np_type)
    for direction in ("RIGHT", "LEFT"):
        model = _model([helper.make_node("BitShift", ["x", "y"], ["z"], direction=direction)],
                       [_value("x", [bits], elem), _value("y", [bits], elem)],
                       [_value("z", [bits], elem)])
        (want,) = _ort(model, {"x": x, "y": amounts})
        carried = {"x": x, "y": amounts}     # rlx holds uint64 in i64: fed and read so
        if elem == TensorProto.UINT64:
            carried = {k: v.view(np.int64) for k, v in carried.items()}
        (got,) = compile_onnx(model, device=device).run(carried)
        np.testing.assert_array_equal(got.view(np_type) if elem == TensorProto.UINT64
                                      else got, want)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("auto_pad", ["NOTSET", "SAME_UPPER", "SAME_LOWER"])
@pytest.mark.parametrize("output_shape", [[5], [6], [9], [10]])
def test_conv_transpose_output_shape_crops_the_side_the_spec_names(output_shape, auto_pad,
                                                                  device):
    """With output_shape, the spec crops the start by the larger half unless auto_pad is
    SAME_UPPER: NOTSET cropped the end as SAME_UPPER does."""
    rng = np.random.default_rng(2)
    x = rng.standard_normal((1, 2, 4)).astype(np.float32)
    w = rng.standard_normal((2, 3, 3)).astype(np.float32)
    strides = [2] if output_shape[0] >= 9 else [1]     # [10]: a total pad of -1
    model = _model([helper.make_node("ConvTranspose", ["x", "w"], ["y"], auto_pad=auto_pad,
                                     output_shape=output_shape, strides=strides)],
                   [_value("x", [1, 2, 4]), _value("w", [2, 3, 3])], [_value("y", None)])
    (want,) = _ort(model, {"x": x, "w": w})
    (got,) = compile_onnx(model, device=device).run({"x": x, "w": w})
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_conv_transpose_output_shape_no_input_gives_is_refused():
    """output_shape past the full output by the stride or more (onnxruntime refuses it
    too: 'inconsistent with input spatial dimensions')."""
    model = _model([helper.make_node("ConvTranspose", ["x", "w"], ["y"], output_shape=[12],
                                     strides=[2])],
                   [_value("x", [1, 2, 4]), _value("w", [2, 3, 3])], [_value("y", None)])
    with pytest.raises(GraphBuildError, match="output_shape 12 along spatial axis 0"):
        compile_onnx(model, device="reference")


# --------------------------------------------------------------------------- recurrent

def _gru(direction="forward", directions=1, extra=(), lens=None, **attrs):
    rng = np.random.default_rng(1)
    s, b, i, h = 3, 2, 4, 3
    inits = [numpy_helper.from_array((rng.standard_normal((directions, 3 * h, i)) * .5)
                                     .astype(np.float32), "W"),
             numpy_helper.from_array((rng.standard_normal((directions, 3 * h, h)) * .5)
                                     .astype(np.float32), "R")]
    inputs = ["X", "W", "R"]
    graph_inputs = [_value("X", [s, b, i])]
    if lens is not None:
        inputs += ["", "L"]
        graph_inputs.append(_value("L", [b], TensorProto.INT32))
    node = helper.make_node("GRU", inputs, ["Y", "Yh"], hidden_size=h, direction=direction,
                            **attrs)
    graph = helper.make_graph([node, *extra], "m", graph_inputs,
                              [_value("Y", None), _value("Yh", None)], initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)])
    model.ir_version = 8
    return model, rng.standard_normal((s, b, i)).astype(np.float32)


@pytest.mark.parametrize("device", DEVICES)
def test_gru_activation_parameters_go_to_the_functions_that_take_them(device):
    """activation_alpha is consumed in the order of the functions that take one (as
    onnxruntime does): [Sigmoid, LeakyRelu] with alpha [0.3] gives LeakyRelu 0.3 (it
    went to Sigmoid, and LeakyRelu kept 0.01)."""
    model, x = _gru(activations=["Sigmoid", "LeakyRelu"], activation_alpha=[0.3])
    _check_against_ort(model, {"X": x}, device)


def test_a_recurrence_over_a_symbolic_sequence_axis_is_refused_at_import():
    """Unrolled to the bound, a GRU over a symbolic axis compiled, then failed every
    run shorter than the bound; a symbolic batch axis imports and gives onnxruntime's
    values."""
    model, x = _gru()
    model.graph.input[0].type.tensor_type.shape.dim[0].dim_param = "seq"
    model.graph.input[0].type.tensor_type.shape.dim[1].dim_param = "batch"
    with pytest.raises(GraphBuildError, match="recurrence over the symbolic axis seq"):
        load(model, input_shapes={"seq": rlx.Dim("seq", max=8), "batch": 2})
    compiled = compile_onnx(model, device="reference",
                            input_shapes={"seq": 3, "batch": rlx.Dim("batch", max=4)})
    for got, want in zip(compiled.run({"X": x[:, :1]}), _ort(model, {"X": x[:, :1]})):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("direction, directions, layout, match", [
    ("backward", 1, 0, "direction must be"),
    ("bidirectional", 1, 0, "needs W and R for 2"),
    ("forward", 2, 0, "needs W and R for 1"),
    ("forward", 1, 2, "layout must be 0 or 1"),
])
def test_recurrent_direction_and_layout_are_checked(direction, directions, layout, match):
    model, _ = _gru(direction, directions, layout=layout)
    with pytest.raises(GraphBuildError, match=match):
        load(model)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("direction", ["forward", "reverse"])
def test_sequence_lens_outside_the_sequence_fail(device, direction):
    """sequence_lens must lie in [0, seq_length], as onnxruntime requires: fed at run
    time, a length outside fails the run (5 ran every step forward, -1 gave zeros);
    lengths inside match onnxruntime."""
    model, x = _gru(direction, lens=True)
    exe = compile_onnx(model, device=device)
    good = {"X": x, "L": np.array([3, 1], np.int32)}
    for got, want in zip(exe.run(good), _ort(model, good)):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    for bad in ([5, 1], [-1, 2]):
        with pytest.raises(rlx.RlxError, match="out of range"):
            exe.run({"X": x, "L": np.array(bad, np.int32)})


def test_sequence_lens_known_at_import_are_checked_there():
    model, _ = _gru(lens=True)
    graph = model.graph
    graph.input.pop()                              # L becomes an initializer
    graph.initializer.append(numpy_helper.from_array(np.array([4, 1], np.int32), "L"))
    with pytest.raises(GraphBuildError, match=r"sequence_lens must be in \[0, 3\]"):
        load(model)


# --------------------------------------------------------------------------- bounds

def test_a_loop_or_if_on_the_size_of_a_symbolic_dimension_is_refused():
    """Shape of a symbolic axis reads as its bound at import time: a Loop's trip count or
    an If's condition computed from it would take the bound for the run's length (a run
    of 2 rows counted 8), so the model is refused at import."""
    shape = helper.make_node("Shape", ["x"], ["s"], start=0, end=1)
    count = helper.make_node("Squeeze", ["s"], ["m"])
    body = helper.make_graph(
        [helper.make_node("Add", ["acc", "one"], ["acc2"]),
         helper.make_node("Identity", ["c"], ["c2"])], "body",
        [_value("i", [], TensorProto.INT64), _value("c", [], TensorProto.BOOL),
         _value("acc", [])], [_value("c2", [], TensorProto.BOOL), _value("acc2", [])],
        initializer=[numpy_helper.from_array(np.array(1.0, np.float32), "one")])
    loop = helper.make_node("Loop", ["m", "", "zero"], ["total"], body=body)
    graph = helper.make_graph([shape, count, loop], "m", [_value("x", ["n", 3])],
                              [_value("total", [])],
                              initializer=[numpy_helper.from_array(np.array(0.0, np.float32),
                                                                   "zero")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    model.ir_version = 8
    with pytest.raises(GraphBuildError, match="trip count is computed from the size of a "
                                              "symbolic dimension"):
        load(model, input_shapes={"x": (rlx.Dim("n", 8), 3)})
    graph_fixed = load(model, input_shapes={"x": (2, 3)})[0]
    assert graph_fixed is not None


def test_non_zero_of_a_scalar_constant():
    """NonZero of a 0-d value: its one element, [1, n] as onnxruntime gives (numpy
    refuses nonzero of 0-d arrays: the node was called malformed)."""
    const = helper.make_node("Constant", [], ["c"], value=numpy_helper.from_array(
        np.array(2.5, np.float32)))
    nz = helper.make_node("NonZero", ["c"], ["y"])
    model = _model([const, nz], [], [_value("y", None, TensorProto.INT64)])
    (got,) = compile_onnx(model, device="reference").run({})
    np.testing.assert_array_equal(got, np.zeros((1, 1), np.int64))


def test_a_symbolic_length_used_as_a_number_is_refused():
    """sum(x) / Cast(Shape(x)[1]) over a symbolic seq divided by the bound, silently
    (onnxruntime: 1.0 for a row of ones, rlx: 0.4 with bound 10); arithmetic of such a
    length with run-time values is refused, while shape uses of it still import."""
    nodes = [helper.make_node("ReduceSum", ["x", "axis"], ["s"], keepdims=0),
             helper.make_node("Shape", ["x"], ["shape"]),
             helper.make_node("Gather", ["shape", "one"], ["n"]),
             helper.make_node("Cast", ["n"], ["nf"], to=FLOAT),
             helper.make_node("Div", ["s", "nf"], ["y"])]
    inits = [numpy_helper.from_array(np.array([1], np.int64), "axis"),
             numpy_helper.from_array(np.int64(1), "one")]
    model = _model(nodes, [_value("x", [1, "seq"])], [_value("y", None)])
    model.graph.initializer.extend(inits)
    with pytest.raises(GraphBuildError, match="length of a symbolic dimension as a number"):
        load(model, input_shapes={"seq": rlx.Dim("seq", max=10)})
    x = np.ones((1, 4), np.float32)
    (fixed,) = compile_onnx(model, device="reference",
                            input_shapes={"x": (1, 4)}).run({"x": x})
    np.testing.assert_allclose(fixed, _ort(model, {"x": x})[0])
    reshaped = _model([helper.make_node("Shape", ["x"], ["shape"]),
                       helper.make_node("Reshape", ["x", "shape"], ["y"])],
                      [_value("x", [1, "seq"])], [_value("y", None)])
    compiled = compile_onnx(reshaped, device="reference",
                            input_shapes={"seq": rlx.Dim("seq", max=10)})
    np.testing.assert_array_equal(compiled.run({"x": x})[0], x)


def _ones_over_seq(tail):
    """x [batch, seq]; mask = ConstantOfShape(Shape(x)) (a table of ones of the bounds'
    size), then ``tail`` nodes reading x, mask and ``lens`` [batch] (i64)."""
    nodes = [helper.make_node("Shape", ["x"], ["shape"]),
             helper.make_node("ConstantOfShape", ["shape"], ["mask"],
                              value=numpy_helper.from_array(np.ones(1, np.float32))),
             *tail]
    model = _model(nodes, [_value("x", ["batch", "seq"]),
                           _value("lens", ["batch"], TensorProto.INT64)],
                   [_value("y", None)])
    model.graph.initializer.extend([numpy_helper.from_array(np.array([1], np.int64), "axis")])
    return model


def test_a_count_over_a_table_of_the_bounds_or_a_comparison_with_a_length_is_refused():
    """A mask of ones from Shape of a symbolic axis, summed, is the bound, not the
    run's length: mean pooling as sum(x * mask) / sum(mask) divided by the bound
    (onnxruntime: the mean), and lens == Shape(x)[1] compared run-time lengths with the
    bound, silently. Both are refused; the mask read at the active positions imports
    and gives onnxruntime's values."""
    inputs = {"batch": rlx.Dim("batch", max=3), "seq": rlx.Dim("seq", max=6)}
    pooled = _ones_over_seq([
        helper.make_node("Mul", ["x", "mask"], ["xm"]),
        helper.make_node("ReduceSum", ["xm", "axis"], ["total"], keepdims=1),
        helper.make_node("ReduceSum", ["mask", "axis"], ["count"], keepdims=1),
        helper.make_node("Div", ["total", "count"], ["y"])])
    with pytest.raises(GraphBuildError, match="counted over a table of its size"):
        load(pooled, input_shapes=inputs)
    compared = _ones_over_seq([
        helper.make_node("Gather", ["shape", "one"], ["n"]),
        helper.make_node("Equal", ["lens", "n"], ["same"]),
        helper.make_node("Cast", ["same"], ["y"], to=FLOAT)])
    compared.graph.initializer.extend([numpy_helper.from_array(np.int64(1), "one")])
    with pytest.raises(GraphBuildError, match="length of a symbolic dimension"):
        load(compared, input_shapes=inputs)
    masked = _ones_over_seq([helper.make_node("Mul", ["x", "mask"], ["xm"]),
                             helper.make_node("ReduceSum", ["xm", "axis"], ["y"],
                                              keepdims=1)])
    compiled = compile_onnx(masked, device="reference", input_shapes=inputs)
    for shape in [(2, 4), (3, 6), (1, 1)]:
        x = np.random.default_rng(sum(shape)).standard_normal(shape).astype(np.float32)
        lens = np.zeros(shape[0], np.int64)
        (got,) = compiled.run({"x": x, "lens": lens})
        np.testing.assert_allclose(got, _ort(masked, {"x": x, "lens": lens})[0], rtol=1e-6)
    # a window of a table cut at the length (position embeddings) is a table too
    window = _ones_over_seq([
        helper.make_node("Slice", ["shape", "one", "two"], ["n"]),
        helper.make_node("Slice", ["table", "zero", "n"], ["rows"]),
        helper.make_node("Add", ["x", "rows"], ["y"])])
    window.graph.initializer.extend([
        numpy_helper.from_array(np.array([v], np.int64), name)
        for name, v in (("zero", 0), ("one", 1), ("two", 2))] + [
        numpy_helper.from_array(np.arange(6, dtype=np.float32) * 10, "table")])
    compiled = compile_onnx(window, device="reference", input_shapes=inputs)
    for shape in [(2, 4), (3, 6), (1, 1)]:
        x = np.ones(shape, np.float32)
        lens = np.zeros(shape[0], np.int64)
        (got,) = compiled.run({"x": x, "lens": lens})
        np.testing.assert_array_equal(got, _ort(window, {"x": x, "lens": lens})[0])


def test_an_empty_file_or_bytes_is_not_an_onnx_model(tmp_path):
    """protobuf reads 0 bytes as an empty ModelProto: rlx says the model has no graph
    (it said every output was an empty sequence or an absent optional)."""
    empty = tmp_path / "empty.onnx"
    empty.write_bytes(b"")
    for source in (empty, str(empty), b""):
        with pytest.raises(rlx.GraphBuildError, match="not an ONNX model: it has no graph"):
            load(source)
