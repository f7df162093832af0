"""The ONNX importer: scanning, shapes, initializers, folding, and whole small models
compared with onnxruntime."""

from __future__ import annotations

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

from rlx.errors import GraphBuildError, ShapeError, UnsupportedOpError  # noqa: E402
from rlx.frontends.onnx import (  # noqa: E402
    StaticValueError,
    bucketed_onnx,
    compile_onnx,
    load,
)
from rlx.frontends.onnx.backend import RlxBackend  # noqa: E402
from rlx.frontends.onnx.registry import REGISTRY  # noqa: E402

FLOAT = TensorProto.FLOAT


def make_model(nodes, inputs, outputs, initializers=(), opset=18, name="m"):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(initializers))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    return model


def value(name, shape, elem=FLOAT):
    return helper.make_tensor_value_info(name, elem, shape)


def init(name, array):
    return numpy_helper.from_array(np.asarray(array), name)


def run_ort(model, feeds):
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(None, feeds)


def run_rlx(model, feeds, device="reference"):
    compiled = compile_onnx(model, device=device)
    return compiled.run(feeds)


# --------------------------------------------------------------------------- scanning

def test_unsupported_ops_are_listed_all_at_once_before_converting():
    nodes = [
        helper.make_node("Relu", ["x"], ["a"], name="ok"),
        helper.make_node("Frobnicate", ["a"], ["b"], name="first_frob", domain="com.example"),
        helper.make_node("Frobnicate", ["b"], ["c"], name="second_frob", domain="com.example"),
        helper.make_node("StringSplit", ["s"], ["d", "e"], name="split"),
    ]
    model = make_model(nodes, [value("x", [2]), value("s", [2], TensorProto.STRING)],
                       [value("c", [2])])
    model.opset_import.append(helper.make_opsetid("com.example", 3))
    with pytest.raises(UnsupportedOpError) as info:
        load(model)
    text = str(info.value)
    assert "com.example::Frobnicate (opset 3), first at node 'first_frob'" in text
    assert "ai.onnx::StringSplit (opset 18), first at node 'split'" in text
    assert "second_frob" not in text
    assert "input 's': STRING" in text
    assert len(info.value.missing_ops) == 2


def test_an_opset_newer_than_the_converters_is_refused():
    """A model declaring a default-domain opset past the newest the converters know
    imported silently with the old meanings; it is refused by name (the newest one
    imports)."""
    from rlx.frontends.onnx.scan import NEWEST_OPSET

    for opset, ok in ((NEWEST_OPSET, True), (NEWEST_OPSET + 1, False)):
        model = make_model([helper.make_node("Relu", ["x"], ["y"])], [value("x", [2])],
                           [value("y", [2])], opset=opset)
        model.ir_version = 10
        if ok:
            np.testing.assert_array_equal(run_rlx(model, {"x": np.array([-1, 2], np.float32)})[0],
                                          [0, 2])
        else:
            with pytest.raises(UnsupportedOpError, match=f"declares opset {opset} .* up to "
                                                         f"{NEWEST_OPSET}"):
                load(model)


def test_ops_with_an_onnx_function_body_are_expanded():
    x = np.random.default_rng(0).standard_normal((2, 3, 4, 5)).astype(np.float32)
    node = helper.make_node("MeanVarianceNormalization", ["x"], ["y"], axes=[0, 2, 3])
    model = make_model([node], [value("x", x.shape)], [value("y", x.shape)], opset=13)
    np.testing.assert_allclose(run_rlx(model, {"x": x})[0], run_ort(model, {"x": x})[0],
                               rtol=1e-5, atol=1e-5)


# --------------------------------------------------------------------------- shapes

def _dynamic_model():
    node = helper.make_node("Relu", ["x"], ["y"])
    return make_model([node], [value("x", ["batch", 3])], [value("y", ["batch", 3])])


def test_dynamic_dimension_without_a_shape_is_a_clear_error():
    with pytest.raises(ShapeError, match=r"input 'x': dimension 0 \('batch'\) is dynamic"):
        load(_dynamic_model())


def test_dynamic_dimension_by_input_name_or_by_symbol():
    g1, _ = load(_dynamic_model(), input_shapes={"x": (5, 3)})
    g2, _ = load(_dynamic_model(), input_shapes={"batch": 7})
    assert g1.inputs[0][1].shape == (5, 3)
    assert g2.inputs[0][1].shape == (7, 3)


def test_given_shape_must_agree_with_static_dimensions():
    with pytest.raises(ShapeError, match="declares 3"):
        load(_dynamic_model(), input_shapes={"x": (5, 4)})


def test_shape_subgraph_is_folded_at_import_time():
    nodes = [
        helper.make_node("Shape", ["x"], ["s"]),
        helper.make_node("Gather", ["s", "zero"], ["n"], axis=0),
        helper.make_node("Unsqueeze", ["n", "zero_axes"], ["n1"]),
        helper.make_node("Concat", ["n1", "minus_one"], ["target"], axis=0),
        helper.make_node("Reshape", ["x", "target"], ["y"]),
    ]
    inits = [init("zero", np.array(0, np.int64)), init("zero_axes", np.array([0], np.int64)),
             init("minus_one", np.array([-1], np.int64))]
    model = make_model(nodes, [value("x", [2, 3, 4])], [value("y", [2, 12])], inits)
    graph, _ = load(model)
    assert [n.op for n in graph.nodes] == ["input", "reshape"]
    assert graph.output_types[0].shape == (2, 12)


def test_run_time_shape_operand_raises_with_its_lineage_and_can_be_baked():
    node = helper.make_node("Reshape", ["x", "target"], ["y"])
    model = make_model([node], [value("x", [2, 6]), value("target", [2], TensorProto.INT64)],
                       [value("y", [3, 4])])
    with pytest.raises(StaticValueError) as info:
        load(model)
    assert info.value.inputs == ["target"]
    graph, _ = load(model, input_values={"target": np.array([3, 4])})
    assert [name for name, _ in graph.inputs] == ["x"]
    assert graph.output_types[0].shape == (3, 4)


# --------------------------------------------------------------------------- initializers

def _affine_model(w, b):
    nodes = [helper.make_node("MatMul", ["x", "w"], ["h"]),
             helper.make_node("Add", ["h", "b"], ["y"])]
    return make_model(nodes, [value("x", [1, w.shape[0]])], [value("y", [1, w.shape[1]])],
                      [init("w", w), init("b", b)])


def test_large_initializers_become_params_and_small_ones_constants():
    rng = np.random.default_rng(1)
    w = rng.standard_normal((16, 8)).astype(np.float32)
    b = rng.standard_normal(8).astype(np.float32)
    graph, params = load(_affine_model(w, b))
    assert list(params) == ["w"]
    np.testing.assert_array_equal(params["w"], w)
    assert [name for name, _ in graph.params] == ["w"]
    assert sum(n.op == "constant" for n in graph.nodes) == 1


def test_params_as_controls_every_initializer():
    rng = np.random.default_rng(2)
    w = rng.standard_normal((16, 8)).astype(np.float32)
    b = rng.standard_normal(8).astype(np.float32)
    _, all_params = load(_affine_model(w, b), params_as="params")
    _, no_params = load(_affine_model(w, b), params_as="constants")
    assert sorted(all_params) == ["b", "w"]
    assert no_params == {}
    with pytest.raises(GraphBuildError, match="params_as"):
        load(_affine_model(w, b), params_as="sometimes")


def test_compile_onnx_sets_the_params():
    rng = np.random.default_rng(3)
    w = rng.standard_normal((16, 8)).astype(np.float32)
    b = rng.standard_normal(8).astype(np.float32)
    x = rng.standard_normal((1, 16)).astype(np.float32)
    (y,) = compile_onnx(_affine_model(w, b)).run({"x": x})
    np.testing.assert_allclose(y, x @ w + b, rtol=1e-5, atol=1e-6)


# --------------------------------------------------------------------------- models

def _mlp_model(rng):
    w1 = rng.standard_normal((8, 16)).astype(np.float32) * 0.3
    b1 = rng.standard_normal(16).astype(np.float32)
    w2 = rng.standard_normal((10, 16)).astype(np.float32) * 0.3
    b2 = rng.standard_normal(10).astype(np.float32)
    nodes = [
        helper.make_node("Gemm", ["x", "w1", "b1"], ["h"]),
        helper.make_node("Relu", ["h"], ["r"]),
        helper.make_node("Gemm", ["r", "w2", "b2"], ["logits"], transB=1, alpha=0.5),
        helper.make_node("Softmax", ["logits"], ["p"], axis=-1),
    ]
    return make_model(nodes, [value("x", [4, 8])], [value("p", [4, 10])],
                      [init("w1", w1), init("b1", b1), init("w2", w2), init("b2", b2)])


def _cnn_model(rng):
    w = rng.standard_normal((6, 3, 3, 3)).astype(np.float32) * 0.2
    bias = rng.standard_normal(6).astype(np.float32)
    scale = rng.random(6).astype(np.float32) + 0.5
    shift = rng.standard_normal(6).astype(np.float32)
    mean = rng.standard_normal(6).astype(np.float32) * 0.1
    var = rng.random(6).astype(np.float32) + 0.5
    fc = rng.standard_normal((6, 5)).astype(np.float32)
    nodes = [
        helper.make_node("Conv", ["x", "w", "bias"], ["c"], pads=[1, 1, 1, 1]),
        helper.make_node("BatchNormalization", ["c", "scale", "shift", "mean", "var"], ["bn"]),
        helper.make_node("Relu", ["bn"], ["r"]),
        helper.make_node("MaxPool", ["r"], ["mp"], kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("GlobalAveragePool", ["mp"], ["gap"]),
        helper.make_node("Flatten", ["gap"], ["flat"]),
        helper.make_node("MatMul", ["flat", "fc"], ["y"]),
    ]
    inits = [init("w", w), init("bias", bias), init("scale", scale), init("shift", shift),
             init("mean", mean), init("var", var), init("fc", fc)]
    return make_model(nodes, [value("x", [2, 3, 8, 8])], [value("y", [2, 5])], inits)


@pytest.mark.parametrize("build", [_mlp_model, _cnn_model], ids=["mlp", "cnn"])
def test_small_models_match_onnxruntime(build, device):
    rng = np.random.default_rng(4)
    model = build(rng)
    shape = [d.dim_value for d in model.graph.input[0].type.tensor_type.shape.dim]
    x = rng.standard_normal(shape).astype(np.float32)
    (got,) = run_rlx(model, {"x": x}, device)
    (want,) = run_ort(model, {"x": x})
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


# --------------------------------------------------------------------------- batch norm folding

def _conv_bn_model(rng, conv_bias: bool, second_reader: bool, elem=FLOAT):
    """Conv -> BatchNormalization -> Relu; optionally the conv's result is also a graph
    output (a second reader, which keeps the batch norm a node of its own)."""
    dtype = helper.tensor_dtype_to_np_dtype(elem)
    stats = {"scale": rng.random(5) + 0.5, "shift": rng.standard_normal(5),
             "mean": rng.standard_normal(5) * 0.3, "var": rng.random(5) + 0.3}
    inits = [init(k, v.astype(dtype)) for k, v in stats.items()]
    inits.append(init("w", (rng.standard_normal((5, 4, 3, 3)) * 0.3).astype(dtype)))
    conv_inputs = ["x", "w"]
    if conv_bias:
        inits.append(init("b", rng.standard_normal(5).astype(dtype)))
        conv_inputs.append("b")
    nodes = [helper.make_node("Conv", conv_inputs, ["c"], pads=[1, 1, 1, 1], strides=[2, 1]),
             helper.make_node("BatchNormalization", ["c", "scale", "shift", "mean", "var"],
                              ["bn"], epsilon=1e-3),
             helper.make_node("Relu", ["bn"], ["y"])]
    outputs = [value("y", [2, 5, 5, 9], elem)]
    if second_reader:
        outputs.append(value("c", [2, 5, 5, 9], elem))
    return make_model(nodes, [value("x", [2, 4, 9, 9], elem)], outputs, inits)


@pytest.mark.parametrize("conv_bias", [False, True], ids=["no-bias", "bias"])
def test_batch_norm_after_a_conv_folds_into_its_weights(conv_bias, device):
    rng = np.random.default_rng(7)
    model = _conv_bn_model(rng, conv_bias, second_reader=False)
    graph, _ = load(model)
    ops = [n.op for n in graph.nodes]
    assert "batch_norm" not in ops and ops.count("conv") == 1
    x = rng.standard_normal((2, 4, 9, 9)).astype(np.float32)
    (got,) = run_rlx(model, {"x": x}, device)
    (want,) = run_ort(model, {"x": x})
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_batch_norm_stays_when_the_conv_result_has_another_reader(device):
    rng = np.random.default_rng(8)
    model = _conv_bn_model(rng, conv_bias=True, second_reader=True)
    graph, _ = load(model)
    assert [n.op for n in graph.nodes].count("batch_norm") == 1
    x = rng.standard_normal((2, 4, 9, 9)).astype(np.float32)
    got = run_rlx(model, {"x": x}, device)
    want = run_ort(model, {"x": x})
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)


def test_half_precision_batch_norm_is_not_folded():
    """Folding rounds the scaled weights to the conv's dtype; f16 keeps the batch norm."""
    model = _conv_bn_model(np.random.default_rng(9), conv_bias=False, second_reader=False,
                           elem=TensorProto.FLOAT16)
    graph, _ = load(model)
    assert "batch_norm" in [n.op for n in graph.nodes]


# --------------------------------------------------------------------------- patterns

def _spelled_gelu_model(rng, order: str, extra_reader: bool):
    """MatMul then GELU as PyTorch's exporter writes it: x * (erf(x / sqrt 2) + 1) * 0.5
    ("torch"), or 0.5 * x first and then the erf factor ("half-first")."""
    consts = [init("sqrt2", np.array(np.sqrt(2.0), np.float32)),
              init("one", np.array(1.0, np.float32)), init("half", np.array(0.5, np.float32)),
              init("w", (rng.standard_normal((6, 7)) * 0.8).astype(np.float32))]
    nodes = [helper.make_node("MatMul", ["x", "w"], ["h"]),
             helper.make_node("Div", ["h", "sqrt2"], ["d"]),
             helper.make_node("Erf", ["d"], ["e"]),
             helper.make_node("Add", ["one", "e"], ["a"])]
    if order == "torch":
        nodes += [helper.make_node("Mul", ["h", "a"], ["m"]),
                  helper.make_node("Mul", ["m", "half"], ["y"])]
    else:
        nodes += [helper.make_node("Mul", ["half", "h"], ["m"]),
                  helper.make_node("Mul", ["a", "m"], ["y"])]
    outputs = [value("y", [3, 7])] + ([value("e", [3, 7])] if extra_reader else [])
    return make_model(nodes, [value("x", [3, 6])], outputs, consts)


@pytest.mark.parametrize("order", ["torch", "half-first"])
@pytest.mark.parametrize("extra_reader", [False, True], ids=["alone", "erf-also-read"])
def test_spelled_out_gelu_becomes_one_op(order, extra_reader, device):
    rng = np.random.default_rng(11)
    model = _spelled_gelu_model(rng, order, extra_reader)
    graph, _ = load(model)
    ops = [n.op for n in graph.nodes]
    assert ops.count("gelu") == 1
    assert ("erf" in ops) == extra_reader
    x = rng.standard_normal((3, 6)).astype(np.float32)
    got = run_rlx(model, {"x": x}, device)
    want = run_ort(model, {"x": x})
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


def test_a_near_gelu_is_left_alone():
    """0.5 * x * (1 + erf(x / 1.5)) is not GELU."""
    model = _spelled_gelu_model(np.random.default_rng(12), "torch", False)
    model.graph.initializer[0].CopyFrom(init("sqrt2", np.array(1.5, np.float32)))
    graph, _ = load(model)
    assert "gelu" not in [n.op for n in graph.nodes]


def test_bucketed_onnx_compiles_per_extent_and_slices_back():
    cache = bucketed_onnx(_dynamic_model(), "batch", [2, 4])
    x = np.array([[-1.0, 2.0, -3.0]] * 3, dtype=np.float32)
    (y,) = cache.run_padded({"x": x}, actual=3, axis=0)
    np.testing.assert_array_equal(y, np.maximum(x, 0))
    assert cache.compiled_extents() == [4]


# --------------------------------------------------------------------------- carried types

def _single_node_rep(node, in_types, out_type, opset=21):
    inputs = [value(name, [3], t) for name, t in zip(node.input, in_types)]
    model = make_model([node], inputs, [value(node.output[0], [3], out_type)], opset=opset)
    return RlxBackend.prepare(model)


def test_uint16_is_carried_and_wraps_when_it_leaves_the_model():
    rep = _single_node_rep(helper.make_node("Add", ["a", "b"], ["c"]),
                           [TensorProto.UINT16] * 2, TensorProto.UINT16)
    a = np.array([65535, 7, 100], dtype=np.uint16)
    b = np.array([2, 8, 200], dtype=np.uint16)
    (c,) = rep.run([a, b])
    assert c.dtype == np.uint16
    np.testing.assert_array_equal(c, a + b)


def test_cast_to_float8_rounds_and_saturates_like_onnx():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    rep = _single_node_rep(helper.make_node("Cast", ["x"], ["y"],
                                            to=TensorProto.FLOAT8E4M3FN),
                           [FLOAT], TensorProto.FLOAT8E4M3FN)
    x = np.array([0.3, -1000.0, 1e-3], dtype=np.float32)
    (y,) = rep.run([x])
    assert y.dtype == ml_dtypes.float8_e4m3fn
    want = numpy_helper.saturate_cast(x, ml_dtypes.float8_e4m3fn)
    np.testing.assert_array_equal(y.astype(np.float32), want.astype(np.float32))
    assert y[1] == -448.0


def test_cast_float_to_int4_truncates_and_zeroes_out_of_range():
    # onnx's expected values: numpy astype to ml_dtypes.int4
    rep = _single_node_rep(helper.make_node("Cast", ["x"], ["y"], to=TensorProto.INT4),
                           [FLOAT], TensorProto.INT4)
    x = np.array([-9.0, -8.9, 8.0, 7.9, -2.5, 0.5, np.nan, np.inf, -1e30], dtype=np.float32)
    want = [0, -8, 0, 7, -2, 0, 0, 0, 0]
    for i in range(0, 9, 3):
        (y,) = rep.run([x[i:i + 3]])
        np.testing.assert_array_equal(y.astype(np.int8), want[i:i + 3])


def test_cast_integer_to_int4_wraps_to_the_width():
    rep = _single_node_rep(helper.make_node("Cast", ["x"], ["y"], to=TensorProto.INT4),
                           [TensorProto.INT32], TensorProto.INT4)
    (y,) = rep.run([np.array([-9, 8, 20], dtype=np.int32)])
    np.testing.assert_array_equal(y.astype(np.int8), [7, -8, 4])


# --------------------------------------------------------------------------- backend

def test_backend_run_node_and_value_specialisation():
    node = helper.make_node("Reshape", ["x", "shape"], ["y"])
    x = np.arange(6, dtype=np.float32)
    (y,) = RlxBackend.run_node(node, [x, np.array([2, 3], dtype=np.int64)])
    np.testing.assert_array_equal(y, x.reshape(2, 3))


def test_backend_recompiles_per_input_shape():
    rep = RlxBackend.prepare(_dynamic_model())
    for batch in (1, 4):
        x = np.linspace(-1, 1, batch * 3, dtype=np.float32).reshape(batch, 3)
        (y,) = rep.run([x])
        np.testing.assert_array_equal(y, np.maximum(x, 0))


# --------------------------------------------------------------------------- registry

def test_registry_opset_ranges_do_not_overlap():
    for (domain, op), convs in REGISTRY.items():
        for a, b in zip(convs, convs[1:]):
            assert a.until is not None and a.until < b.since, f"{domain}::{op} ranges overlap"


def test_every_converter_documents_its_contract():
    for convs in REGISTRY.values():
        for conv in convs:
            assert conv.fn.__doc__ and conv.fn.__doc__.strip(), f"{conv.op_type} has no docstring"



def _symbolic_model():
    """[batch, seq, 4] -> MatMul -> a Shape-computed reshape to [batch*seq, 6] and back
    -> Softmax over seq -> ReduceMean over seq: dim_params all the way."""
    nodes = [
        helper.make_node("MatMul", ["x", "w"], ["h"]),
        helper.make_node("Shape", ["h"], ["s"]),
        helper.make_node("Reshape", ["h", "flat"], ["f"]),
        helper.make_node("Tanh", ["f"], ["t"]),
        helper.make_node("Reshape", ["t", "s"], ["u"]),
        helper.make_node("Softmax", ["u"], ["p"], axis=1),
        helper.make_node("ReduceMean", ["p", "axes"], ["y"], keepdims=0),
        helper.make_node("Add", ["u", "pos"], ["z"]),
    ]
    rng = np.random.default_rng(0)
    inits = [init("w", rng.standard_normal((4, 6)).astype(np.float32)),
             init("flat", np.array([-1, 6], np.int64)), init("axes", np.array([1], np.int64)),
             init("pos", rng.standard_normal((1, 1, 6)).astype(np.float32))]
    return make_model(nodes, [value("x", ["batch", "seq", 4])],
                      [value("y", ["batch", 6]), value("z", ["batch", "seq", 6])], inits)


def test_dim_params_stay_symbolic_and_one_program_serves_every_size():
    import rlx

    model = _symbolic_model()
    graph, params = load(model, input_shapes={"batch": rlx.Dim("batch", 4),
                                              "seq": rlx.Dim("seq", 16)})
    assert str(graph.inputs[0][1]) == "f32[batch<=4,seq<=16,4]"
    assert [str(t) for t in graph.output_types] == ["f32[batch<=4,6]",
                                                    "f32[batch<=4,seq<=16,6]"]
    assert rlx.from_json(rlx.to_json(graph)).inputs[0][1].shape == graph.inputs[0][1].shape
    for device in ("reference", "cpu"):
        cg = rlx.Session(device).compile(graph)
        for name, v in params.items():
            cg.set_param(name, v)
        rng = np.random.default_rng(1)
        for b, s in [(1, 1), (3, 5), (4, 16), (2, 9)]:
            x = rng.standard_normal((b, s, 4)).astype(np.float32)
            for got, want in zip(cg.run({"x": x}), run_ort(model, {"x": x}), strict=True):
                assert got.shape == want.shape
                np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_exported_minilm_with_dynamic_batch_and_sequence_matches_pytorch(tmp_path):
    """all-MiniLM-L6-v2 exported by torch.onnx with dynamic batch and sequence axes,
    imported once with symbolic dims, against PyTorch at padded and unpadded sizes."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("transformers")
    import contextlib
    import os

    from bench.models import _torch_embedder

    import rlx
    from rlx.models.bert import minilm_model_dir

    embedder = _torch_embedder(minilm_model_dir())
    names = ["input_ids", "attention_mask", "token_type_ids"]
    ids = torch.ones((1, 16), dtype=torch.int64)
    path = str(tmp_path / "minilm.onnx")
    with torch.inference_mode(False), contextlib.redirect_stderr(open(os.devnull, "w")):
        torch.onnx.export(embedder, (ids, ids, torch.zeros_like(ids)), path, dynamo=False,
                          input_names=names, output_names=["embedding"], opset_version=17,
                          dynamic_axes={**{n: {0: "batch", 1: "seq"} for n in names},
                                        "embedding": {0: "batch"}})
    graph, params = load(path, input_shapes={"batch": rlx.Dim("batch", 4),
                                             "seq": rlx.Dim("seq", 64)})
    cg = rlx.Session("cpu").compile(graph)
    for name, v in params.items():
        cg.set_param(name, v)
    rng = np.random.default_rng(0)
    for b, s in [(1, 5), (3, 20), (4, 64)]:
        x = rng.integers(100, 20000, (b, s)).astype(np.int64)
        mask = np.ones((b, s), np.int64)
        mask[0, s // 2 + 1:] = 0               # a padded sentence inside the batch
        feeds = {"input_ids": x, "attention_mask": mask, "token_type_ids": np.zeros_like(x)}
        got = cg.run(feeds)[0]
        with torch.inference_mode():
            want = embedder(*(torch.from_numpy(feeds[n]) for n in names)).numpy()
        assert got.shape == (b, 384)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=2e-5)


@pytest.mark.parametrize("elem,dtype", [(FLOAT, np.float32), (TensorProto.DOUBLE, np.float64)])
def test_det_of_any_size_batched_over_leading_axes(device, elem, dtype):
    rng = np.random.default_rng(0)
    x = (rng.standard_normal((2, 3, 9, 9)) + 2 * np.eye(9)).astype(dtype)
    x[1, 2] = x[1, 2, 0]  # a singular matrix: every row equal
    model = make_model([helper.make_node("Det", ["x"], ["y"])], [value("x", x.shape, elem)],
                       [value("y", (2, 3), elem)])
    (got,) = run_rlx(model, {"x": x}, device)
    assert got.dtype == dtype and got.shape == (2, 3)
    want = np.linalg.det(x.astype(np.float64))
    np.testing.assert_allclose(got, want, rtol=1e-5 if dtype == np.float32 else 1e-12, atol=1e-9)
    assert got[1, 2] == 0


# --------------------------------------------------------------------------- control flow

I64, BOOL = TensorProto.INT64, TensorProto.BOOL


def _ops(graph):
    return [n.op for n in graph.nodes]


def _compile_cf(model, device):
    """compile_onnx, skipping while ``device`` cannot run rlx control flow yet."""
    try:
        return compile_onnx(model, device=device)
    except UnsupportedOpError as error:
        if device != "reference" and any(op in str(error)
                                         for op in ("cond", "while_loop", "scan")):
            pytest.skip(f"control flow on {device}: pending ({error})")
        raise


def _if_model():
    """y = cond ? x + c : x * c, with c a value of the graph around the branches."""
    then_g = helper.make_graph([helper.make_node("Add", ["x", "c"], ["t"])], "then", [],
                               [value("t", [3])])
    else_g = helper.make_graph([helper.make_node("Mul", ["x", "c"], ["e"])], "else", [],
                               [value("e", [3])])
    nodes = [helper.make_node("Exp", ["z"], ["c"]),
             helper.make_node("If", ["flag"], ["y"], then_branch=then_g, else_branch=else_g)]
    return make_model(nodes, [value("flag", [], BOOL), value("x", [3]), value("z", [3])],
                      [value("y", [3])])


def test_if_with_a_run_time_condition_is_a_cond_running_either_branch(device):
    model = _if_model()
    graph, _ = load(model)
    assert "cond" in _ops(graph) and "where" not in _ops(graph)
    # the branches' work stays in the branches (only the taken one runs)
    assert "add" not in _ops(graph) and "mul" not in _ops(graph)
    compiled = _compile_cf(model, device)
    rng = np.random.default_rng(0)
    x, z = rng.standard_normal((2, 3)).astype(np.float32)
    for flag in (True, False):
        feeds = {"flag": np.array(flag), "x": x, "z": z}
        (got,) = compiled.run(feeds)
        want = x + np.exp(z) if flag else x * np.exp(z)
        np.testing.assert_allclose(got, want, rtol=1e-6)
        (ref,) = ReferenceEvaluator(model).run(None, feeds)
        np.testing.assert_allclose(got, ref, rtol=1e-6)


def test_if_branch_not_taken_never_runs(device):
    """An integer division guarded by an If on its divisor: the branch reads only values
    of the graph around it, and still runs only when taken (no division by zero)."""
    i32 = TensorProto.INT32
    then_g = helper.make_graph([helper.make_node("Div", ["x", "d"], ["t"])], "then", [],
                               [value("t", [3], i32)])
    else_g = helper.make_graph([helper.make_node("Identity", ["x"], ["e"])], "else", [],
                               [value("e", [3], i32)])
    nodes = [helper.make_node("ReduceMin", ["d"], ["m"], keepdims=0),
             helper.make_node("Cast", ["m"], ["nonzero"], to=BOOL),
             helper.make_node("If", ["nonzero"], ["y"], then_branch=then_g, else_branch=else_g)]
    model = make_model(nodes, [value("x", [3], i32), value("d", [3], i32)],
                       [value("y", [3], i32)])
    assert "div" not in _ops(load(model)[0])
    compiled = _compile_cf(model, device)
    x = np.array([6, 7, 8], np.int32)
    for d, want in (([2, 0, 1], x), ([2, 3, 1], [3, 2, 8])):
        (got,) = compiled.run({"x": x, "d": np.array(d, np.int32)})
        np.testing.assert_array_equal(got, want)


def test_if_branches_of_broadcastable_shapes_give_the_common_shape():
    then_g = helper.make_graph([helper.make_node("Identity", ["one"], ["t"])], "then", [],
                               [value("t", [1])])
    else_g = helper.make_graph([helper.make_node("Neg", ["x"], ["e"])], "else", [],
                               [value("e", [4])])
    model = make_model([helper.make_node("If", ["flag"], ["y"], then_branch=then_g,
                                         else_branch=else_g)],
                       [value("flag", [], BOOL), value("x", [4])], [value("y", [4])],
                       [init("one", np.ones(1, np.float32))])
    compiled = compile_onnx(model)
    x = np.arange(4, dtype=np.float32)
    np.testing.assert_array_equal(compiled.run({"flag": np.array(True), "x": x})[0], np.ones(4))
    np.testing.assert_array_equal(compiled.run({"flag": np.array(False), "x": x})[0], -x)
    else_g.output[0].CopyFrom(value("e", [3]))
    model.graph.input[1].CopyFrom(value("x", [3]))
    model.graph.node[0].attribute[0].g.CopyFrom(else_g)
    model.graph.initializer[0].CopyFrom(init("one", np.ones(2, np.float32)))
    with pytest.raises(UnsupportedOpError, match="do not broadcast together"):
        load(model)


def _counting_loop(m_input: bool, count: int | None = None, factor: float = 2.0):
    """Loop M times (M a graph input or a constant): y = factor * y + iteration_num."""
    body = helper.make_graph(
        [helper.make_node("Identity", ["c_in"], ["c_out"]),
         helper.make_node("Cast", ["i"], ["i_f"], to=FLOAT),
         helper.make_node("Mul", ["y_in", "factor"], ["y2"]),
         helper.make_node("Add", ["y2", "i_f"], ["y_out"])],
        "body", [value("i", [], I64), value("c_in", [], BOOL), value("y_in", [2])],
        [value("c_out", [], BOOL), value("y_out", [2])])
    inputs = [value("y", [2])]
    inits = [init("factor", np.float32(factor))]
    if m_input:
        inputs.insert(0, value("M", [], I64))
    else:
        inits.append(init("M", np.int64(count)))
    nodes = [helper.make_node("Loop", ["M", "", "y"], ["y_final"], body=body)]
    return make_model(nodes, inputs, [value("y_final", [2])], inits)


def _counting_numpy(count, y, factor=2.0):
    for i in range(count):
        y = np.float32(factor) * y + np.float32(i)
    return y


def test_loop_with_a_run_time_trip_count_is_one_while_loop_for_every_count(device):
    model = _counting_loop(m_input=True)
    graph, _ = load(model)
    assert "while_loop" in _ops(graph)
    compiled = _compile_cf(model, device)
    y = np.array([0.5, -1.0], np.float32)
    for count in (0, 1, 3, 7, 20):
        feeds = {"M": np.array(count, np.int64), "y": y}
        (got,) = compiled.run(feeds)
        np.testing.assert_allclose(got, _counting_numpy(count, y), rtol=1e-6)
        np.testing.assert_allclose(got, run_ort(model, feeds)[0], rtol=1e-6)


def test_loop_graph_size_does_not_grow_with_the_trip_count():
    sizes = {}
    for count in (3, 5000, 10**12):
        graph, _ = load(_counting_loop(m_input=False, count=count))
        assert "scan" in _ops(graph)
        sizes[count] = len(graph.nodes)
    assert sizes[3] == sizes[5000] == sizes[10**12] < 10, sizes
    run_time, _ = load(_counting_loop(m_input=True))
    assert "while_loop" in _ops(run_time) and len(run_time.nodes) < 12
    # past the old unrolling limit of 4096 iterations, with a known and a run-time count
    y = np.array([1.0, -1.0], np.float32)
    want = _counting_numpy(5000, y, 0.5)
    (known,) = compile_onnx(_counting_loop(False, 5000, 0.5)).run({"y": y})
    (fed,) = compile_onnx(_counting_loop(True, factor=0.5)).run(
        {"M": np.array(5000, np.int64), "y": y})
    np.testing.assert_allclose(known, want, rtol=1e-6)
    np.testing.assert_allclose(fed, want, rtol=1e-6)


def _doubling_loop():
    """Double x while sum(x) < limit (a graph input read inside the body); count the trips
    in a second carry. No trip count: the condition alone ends it."""
    body = helper.make_graph(
        [helper.make_node("Mul", ["x_in", "two"], ["x_out"]),
         helper.make_node("ReduceSum", ["x_out"], ["s"], keepdims=0),
         helper.make_node("Less", ["s", "limit"], ["c_out"]),
         helper.make_node("Add", ["n_in", "one"], ["n_out"])],
        "body", [value("i", [], I64), value("c_in", [], BOOL), value("x_in", [3]),
                 value("n_in", [], I64)],
        [value("c_out", [], BOOL), value("x_out", [3]), value("n_out", [], I64)])
    nodes = [helper.make_node("ReduceSum", ["x"], ["s0"], keepdims=0),
             helper.make_node("Less", ["s0", "limit"], ["c0"]),
             helper.make_node("Loop", ["", "c0", "x", "zero"], ["x_final", "trips"],
                              body=body)]
    inits = [init("two", np.float32(2)), init("one", np.int64(1)), init("zero", np.int64(0))]
    return make_model(nodes, [value("x", [3]), value("limit", [])],
                      [value("x_final", [3]), value("trips", [], I64)], inits)


def test_loop_with_a_data_dependent_condition(device):
    model = _doubling_loop()
    assert "while_loop" in _ops(load(model)[0])
    compiled = _compile_cf(model, device)
    x = np.array([0.25, 0.5, 0.25], np.float32)
    for limit in (0.5, 1.0, 3.0, 100.0, 1e6):
        feeds = {"x": x, "limit": np.float32(limit)}
        want, trips = x.copy(), 0
        while want.sum() < limit:
            want, trips = want * 2, trips + 1
        got, got_trips = compiled.run(feeds)
        np.testing.assert_array_equal(got, want)
        assert int(got_trips) == trips
        ref = ReferenceEvaluator(model).run(None, feeds)
        np.testing.assert_array_equal(got, ref[0])


def test_loop_with_an_if_on_the_iteration_number(device):
    """A cond nested in a while_loop: y = y + 1 on even iterations, y * 2 on odd ones."""
    then_g = helper.make_graph([helper.make_node("Add", ["y_in", "one"], ["t"])], "then", [],
                               [value("t", [2])])
    else_g = helper.make_graph([helper.make_node("Mul", ["y_in", "two"], ["e"])], "else", [],
                               [value("e", [2])])
    body = helper.make_graph(
        [helper.make_node("Mod", ["i", "two_i"], ["parity"]),
         helper.make_node("Equal", ["parity", "zero_i"], ["even"]),
         helper.make_node("If", ["even"], ["y_out"], then_branch=then_g, else_branch=else_g),
         helper.make_node("Identity", ["c_in"], ["c_out"])],
        "body", [value("i", [], I64), value("c_in", [], BOOL), value("y_in", [2])],
        [value("c_out", [], BOOL), value("y_out", [2])])
    inits = [init("one", np.float32(1)), init("two", np.float32(2)),
             init("two_i", np.int64(2)), init("zero_i", np.int64(0))]
    model = make_model([helper.make_node("Loop", ["M", "", "y"], ["y_final"], body=body)],
                       [value("M", [], I64), value("y", [2])], [value("y_final", [2])], inits)
    graph, _ = load(model)
    assert "while_loop" in _ops(graph)
    compiled = _compile_cf(model, device)
    y = np.array([1.0, -3.0], np.float32)
    for count in (0, 1, 4, 9):
        want = y.copy()
        for i in range(count):
            want = want + 1 if i % 2 == 0 else want * 2
        (got,) = compiled.run({"M": np.array(count, np.int64), "y": y})
        np.testing.assert_array_equal(got, want)


def test_loop_scan_outputs_with_a_condition_that_may_stop_early_are_refused():
    body = helper.make_graph(
        [helper.make_node("Add", ["x_in", "x_in"], ["x_out"]),
         helper.make_node("ReduceSum", ["x_out"], ["s"], keepdims=0),
         helper.make_node("Less", ["s", "limit"], ["c_out"]),
         helper.make_node("Identity", ["x_out"], ["seen"])],
        "body", [value("i", [], I64), value("c_in", [], BOOL), value("x_in", [2])],
        [value("c_out", [], BOOL), value("x_out", [2]), value("seen", [2])])
    model = make_model([helper.make_node("Loop", ["M", "go", "x"], ["x_final", "all"],
                                         body=body)],
                       [value("x", [2]), value("limit", [])],
                       [value("x_final", [2]), value("all", [5, 2])],
                       [init("M", np.int64(5)), init("go", np.bool_(True))])
    with pytest.raises(UnsupportedOpError, match="scan outputs' length would be dynamic"):
        load(model)


def test_loop_with_scan_outputs_and_a_known_trip_count_is_a_scan(device):
    """Like ONNX's loop11: the body slices a constant at its iteration number."""
    body = helper.make_graph(
        [helper.make_node("Add", ["i", "one"], ["end"]),
         helper.make_node("Unsqueeze", ["i", "ax"], ["start1"]),
         helper.make_node("Unsqueeze", ["end", "ax"], ["end1"]),
         helper.make_node("Slice", ["table", "start1", "end1"], ["row"]),
         helper.make_node("Add", ["y_in", "row"], ["y_out"]),
         helper.make_node("Identity", ["c_in"], ["c_out"]),
         helper.make_node("Identity", ["y_out"], ["scan"])],
        "body", [value("i", [], I64), value("c_in", [], BOOL), value("y_in", [1, 3])],
        [value("c_out", [], BOOL), value("y_out", [1, 3]), value("scan", [1, 3])])
    table = np.arange(18, dtype=np.float32).reshape(6, 3)
    inits = [init("table", table), init("one", np.int64(1)), init("ax", np.array([0])),
             init("M", np.int64(6)), init("go", np.bool_(True))]
    model = make_model([helper.make_node("Loop", ["M", "go", "y"], ["y_final", "ys"],
                                         body=body)],
                       [value("y", [1, 3])], [value("y_final", [1, 3]), value("ys", [6, 1, 3])],
                       inits)
    graph, _ = load(model)
    assert "scan" in _ops(graph) and "while_loop" not in _ops(graph)
    y = np.ones((1, 3), np.float32)
    got = _compile_cf(model, device).run({"y": y})
    want = run_ort(model, {"y": y})
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w)


def _reverse_scan_model():
    """Scan over axis 1 of x [2, 5], backwards: a running sum (state) and, per step, the
    sum so far (out forward) and the slice doubled (out reversed, on axis 1)."""
    body = helper.make_graph(
        [helper.make_node("Add", ["acc_in", "xt"], ["acc_out"]),
         helper.make_node("Identity", ["acc_out"], ["so_far"]),
         helper.make_node("Add", ["xt", "xt"], ["twice"])],
        "body", [value("acc_in", [2]), value("xt", [2])],
        [value("acc_out", [2]), value("so_far", [2]), value("twice", [2])])
    node = helper.make_node("Scan", ["acc", "x"], ["acc_final", "sums", "doubled"], body=body,
                            num_scan_inputs=1, scan_input_axes=[1], scan_input_directions=[1],
                            scan_output_axes=[0, 1], scan_output_directions=[0, 1])
    return make_model([node], [value("acc", [2]), value("x", [2, 5])],
                      [value("acc_final", [2]), value("sums", [5, 2]),
                       value("doubled", [2, 5])])


def test_scan_in_reverse_over_another_axis(device):
    model = _reverse_scan_model()
    graph, _ = load(model)
    assert "scan" in _ops(graph)
    rng = np.random.default_rng(1)
    acc = rng.standard_normal(2).astype(np.float32)
    x = rng.standard_normal((2, 5)).astype(np.float32)
    got = _compile_cf(model, device).run({"acc": acc, "x": x})
    steps = [x[:, t] for t in range(4, -1, -1)]
    sums = acc + np.cumsum(steps, axis=0)
    doubled = np.stack([2 * s for s in steps][::-1], axis=1)
    want = [sums[-1], sums, doubled]
    ref = run_ort(model, {"acc": acc, "x": x})  # onnx.reference scans forward only
    for g, w, r in zip(got, want, ref, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-6)
        np.testing.assert_allclose(g, r, rtol=1e-6)


@pytest.mark.parametrize("device", ["reference", "cpu"])
@pytest.mark.parametrize("elem, npdt", [(FLOAT, np.float32), (TensorProto.DOUBLE, np.float64),
                                        (TensorProto.FLOAT16, np.float16)])
def test_float_fmod_matches_c_fmod_bit_for_bit(device, elem, npdt):
    """Mod(fmod=1) on floats is C fmod: the dividend's sign on zeros too, the dividend
    for an infinite divisor, NaN for a zero divisor or infinite dividend (it gave NaN
    for b = +-inf and +0 for fmod(-6, 3)). np.fmod is the reference."""
    inf, nan = np.inf, np.nan
    a = np.array([-1, 5.5, 3, -6, 6, -0.0, 0, 7, -7, inf, -inf, nan, 1, -5.25, 1e-3, 9],
                 npdt)
    b = np.array([inf, -inf, -inf, 3, -3, 2, -2, 0, -0.0, 2, 3, 1, nan, 0.5, 7, -2.5],
                 npdt)
    model = make_model([helper.make_node("Mod", ["a", "b"], ["y"], fmod=1)],
                       [value("a", [16], elem), value("b", [16], elem)],
                       [value("y", [16], elem)])
    (got,) = run_rlx(model, {"a": a, "b": b}, device)
    with np.errstate(invalid="ignore"):
        want = np.fmod(a, b)
    assert np.array_equal(np.isnan(got), np.isnan(want))
    keep = ~np.isnan(want)
    np.testing.assert_array_equal(got[keep], want[keep])
    np.testing.assert_array_equal(np.signbit(got[keep]), np.signbit(want[keep]))


# --------------------------------------------------------------------------- old opsets

@pytest.mark.parametrize("device", ["reference", "cpu"])
@pytest.mark.parametrize("scales", [(0.6, 0.6), (0.5, 1.5), (2.5, 0.75), (1.0, 0.3)])
def test_resize_10_nearest_rounds_up_when_downsampling(device, scales):
    """Resize-10's nearest takes the source pixel up on an axis scaled below 1 and
    down otherwise, as onnxruntime does and the opset-10 conformance case
    resize_downsample_nearest expects ([1, 3] from [[1, 2, 3, 4], [5, 6, 7, 8]] at
    0.6; the floor everywhere gave [1, 2])."""
    data = np.arange(1, 1 + 4 * 7, dtype=np.float32).reshape(1, 1, 4, 7)
    model = make_model([helper.make_node("Resize", ["x", "scales"], ["y"], mode="nearest")],
                       [value("x", list(data.shape))], [value("y", None)],
                       [init("scales", np.array((1, 1) + scales, np.float32))], opset=10)
    model.ir_version = 5
    (want,) = run_ort(model, {"x": data})
    (got,) = run_rlx(model, {"x": data}, device)
    np.testing.assert_array_equal(got, want)
    if scales == (0.6, 0.6):
        small = data[:, :, :2, :4] - [[0], [3]]     # [[1, 2, 3, 4], [5, 6, 7, 8]]
        model.graph.input[0].CopyFrom(value("x", [1, 1, 2, 4]))
        np.testing.assert_array_equal(run_rlx(model, {"x": small}, device)[0], [[[[1, 3]]]])


@pytest.mark.parametrize("device", ["reference", "cpu"])
def test_pow_1_aligns_b_at_axis(device):
    """Pow before opset 7 takes broadcast=1, axis=k as Add and Mul did: b's dims line up
    with a's from k (it broadcast from the last axis instead, or refused the shapes).
    Neither onnxruntime nor onnx's evaluator runs Pow-1: numpy after the spec's text."""
    a = np.arange(1, 1 + 2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4) / 8
    b = np.array([1.0, 2.0, 3.0], np.float32)
    model = make_model([helper.make_node("Pow", ["a", "b"], ["y"], broadcast=1, axis=1)],
                       [value("a", [2, 3, 4]), value("b", [3])], [value("y", [2, 3, 4])],
                       opset=6)
    (got,) = run_rlx(model, {"a": a, "b": b}, device)
    want = a.astype(np.float64) ** b.astype(np.float64)[None, :, None]
    np.testing.assert_allclose(got, want, rtol=1e-6)


@pytest.mark.parametrize("device", ["reference", "cpu"])
def test_split_1_takes_its_sizes_from_the_second_input(device):
    """Split-1 had the piece sizes as an optional input (dropped at opset 2, back at
    13): they were ignored, giving near-equal pieces and no error for sizes that do not
    add up. numpy's split is the reference (no runtime implements Split-1)."""
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    model = make_model([helper.make_node("Split", ["x", "sizes"], ["p", "q"], axis=1)],
                       [value("x", [2, 3, 4])], [value("p", None), value("q", None)],
                       [init("sizes", np.array([1, 2], np.int64))], opset=1)
    model.ir_version = 3
    got = run_rlx(model, {"x": x}, device)
    for g, w in zip(got, np.split(x, [1], axis=1)):
        np.testing.assert_array_equal(g, w)
    model.graph.initializer[0].CopyFrom(init("sizes", np.array([1, 3], np.int64)))
    with pytest.raises(GraphBuildError, match="do not add up"):
        compile_onnx(model, device=device)


@pytest.mark.parametrize("device", ["reference", "cpu"])
def test_tensor_scatter_linear_refuses_steps_outside_their_entry(device):
    """TensorScatter (opset 24) writes each batch entry's steps at its write index. In
    linear mode a step past the cache's end or before its start wrote into the next or
    the previous entry's rows of the flattened cache; it is now an ExecutionError, as
    onnxruntime refuses it. In-range and circular writes match onnxruntime."""
    import rlx

    rng = np.random.default_rng(5)
    past = rng.standard_normal((2, 3, 6, 2)).astype(np.float32)    # [batch, heads, seq, dim]
    upd = rng.standard_normal((2, 3, 2, 2)).astype(np.float32)
    for mode, writes, ok in (("linear", [4, 0], True), ("circular", [5, 3], True),
                             ("linear", [5, 2], False), ("linear", [0, -1], False)):
        node = helper.make_node("TensorScatter", ["past", "upd", "w"], ["present"], axis=2,
                                mode=mode)
        model = make_model([node], [value("past", [2, 3, 6, 2]), value("upd", [2, 3, 2, 2]),
                                    value("w", [2], TensorProto.INT64)],
                           [value("present", [2, 3, 6, 2])], opset=24)
        model.ir_version = 10
        feeds = {"past": past, "upd": upd, "w": np.array(writes, np.int64)}
        if ok:
            np.testing.assert_array_equal(run_rlx(model, feeds, device)[0],
                                          run_ort(model, feeds)[0])
        else:
            with pytest.raises(rlx.ExecutionError, match="out of range"):
                run_rlx(model, feeds, device)


@pytest.mark.parametrize("device", ["reference", "cpu"])
@pytest.mark.parametrize("size", [[1, 3, 4, 5], [2, 1, 3, 1], [1, 2, 2, 3, 4], [2, 1, 1, 3, 2]])
@pytest.mark.parametrize("align_corners", [0, 1])
def test_affine_grid_matches_the_references(device, size, align_corners):
    """AffineGrid (opset 20) against onnx's reference evaluator, and PyTorch's
    affine_grid where no spatial size is 1 (there torch puts the single point at 0 and
    the reference at -1 with align_corners). Expanding the spec's function body failed
    for a batch of 1 and gave NaN for a size of 1 with align_corners."""
    torch = pytest.importorskip("torch")
    k = len(size) - 2
    rng = np.random.default_rng(len(size) + sum(size))
    theta = rng.standard_normal((size[0], k, k + 1)).astype(np.float32)
    model = make_model([helper.make_node("AffineGrid", ["theta", "size"], ["grid"],
                                         align_corners=align_corners)],
                       [value("theta", list(theta.shape))], [value("grid", None)],
                       [init("size", np.array(size, np.int64))], opset=20)
    model.ir_version = 10
    (got,) = run_rlx(model, {"theta": theta}, device)
    want = ReferenceEvaluator(model).run(None, {"theta": theta})[0]
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    if min(size[2:]) > 1 or not align_corners:
        F = torch.nn.functional
        ref = F.affine_grid(torch.tensor(theta, dtype=torch.float64), size,
                            align_corners=bool(align_corners)).numpy()
        np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-6)
