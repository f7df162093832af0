"""ONNX QuantizeLinear / DequantizeLinear / QLinearMatMul edge cases: the opset-23
``precision`` attribute, int32 inputs past 2**24, QLinearMatMul's per-row / per-column
and float8 forms, blocked scales of the wrong shape and mismatched element types.
Results are compared with float64 numpy following the spec text, the onnx reference
and onnxruntime where those run the model; malformed models must be refused at
import, as onnx.checker and onnxruntime refuse them."""

from __future__ import annotations

import re

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")
ml_dtypes = pytest.importorskip("ml_dtypes")

from onnx import TensorProto, helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402
from tests.frontends.test_onnx_import import init, run_ort, value  # noqa: E402

from rlx.errors import GraphBuildError  # noqa: E402
from rlx.frontends.onnx import compile_onnx, load  # noqa: E402

FLOAT = TensorProto.FLOAT


def make_model(nodes, inputs, outputs, initializers=(), opset=21, name="m"):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(initializers))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 11 if opset >= 23 else 10
    return model


def run_ref(model, feeds):
    return ReferenceEvaluator(model).run(None, feeds)


def run_rlx(model, feeds, device="reference"):
    return compile_onnx(model, device=device).run(feeds)


# --------------------------------------------------------------------------- QuantizeLinear

def _has_precision() -> bool:
    try:
        schema = onnx.defs.get_schema("QuantizeLinear", 25)
    except onnx.defs.SchemaError:
        return False
    return "precision" in schema.attributes


@pytest.mark.skipif(not _has_precision(), reason="the installed onnx has no opset-25 "
                    "QuantizeLinear with a precision attribute")
@pytest.mark.parametrize("precision, x, want", [
    # 2049 and 4097 are not float16 values: they round (half to even) before the division
    (TensorProto.FLOAT16, [2049., 2051., -2049., 4097.], [2048, 2052, -2048, 4096]),
    (TensorProto.BFLOAT16, [257., 259., -257., 513.], [256, 260, -256, 512]),
], ids=["float16", "bfloat16"])
def test_quantize_linear_divides_in_the_precision_attribute_type(device, precision, x, want):
    x = np.array(x, np.float32)
    node = helper.make_node("QuantizeLinear", ["x", "sc"], ["y"], output_dtype=TensorProto.INT16,
                            precision=precision)
    model = make_model([node], [value("x", [4])], [value("y", [4], TensorProto.INT16)],
                       [init("sc", np.float32(1.0))], opset=25)
    onnx.checker.check_model(model, full_check=True)
    np_type = helper.tensor_dtype_to_np_dtype(precision)
    spec = np.rint((x.astype(np_type) / np.asarray(1.0, np_type)).astype(np.float64))
    np.testing.assert_array_equal(spec, want)
    np.testing.assert_array_equal(run_ref(model, {"x": x})[0], want)
    if precision == TensorProto.FLOAT16:
        np.testing.assert_array_equal(run_ort(model, {"x": x})[0], want)
    got = run_rlx(model, {"x": x}, device)[0]
    assert got.dtype == np.int16
    np.testing.assert_array_equal(got, want)


def test_quantize_linear_int32_input_past_2_pow_24_rounds_exactly(device):
    # x / 2**25 lies just above +-0.5 and 1.5; an f32 x loses the +1 and rounds to even
    x = np.array([16777217, -16777217, 16777219, 50331649, -2147483647], np.int32)
    scale = np.int32(1 << 25)
    node = helper.make_node("QuantizeLinear", ["x", "sc", "zp"], ["y"])
    model = make_model([node], [value("x", [5], TensorProto.INT32)],
                       [value("y", [5], TensorProto.INT8)],
                       [init("sc", scale), init("zp", np.int8(0))])
    onnx.checker.check_model(model, full_check=True)
    want = np.clip(np.rint(x.astype(np.float64) / float(scale)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(want, [1, -1, 1, 2, -64])
    np.testing.assert_array_equal(run_ref(model, {"x": x})[0], want)
    np.testing.assert_array_equal(run_rlx(model, {"x": x}, device)[0], want)


# --------------------------------------------------------------------------- QLinearMatMul

M, K, N = 3, 4, 5


def _qlinear_matmul_model(a_shape, b, a_s, a_z, b_s, b_z, y_s, y_z, elem=TensorProto.UINT8):
    inits = [init("as", a_s), init("az", a_z), init("b", b), init("bs", b_s), init("bz", b_z),
             init("ys", y_s), init("yz", y_z)]
    node = helper.make_node("QLinearMatMul", ["a", "as", "az", "b", "bs", "bz", "ys", "yz"],
                            ["y"])
    out_shape = list(np.broadcast_shapes(a_shape[:-2], b.shape[:-2])) + [a_shape[-2], N]
    return make_model([node], [value("a", list(a_shape), elem)],
                      [value("y", out_shape, elem)], inits)


def _qlinear_matmul_spec(a, b, a_s, a_z, b_s, b_z, y_s):
    """The spec's formula up to y's rounding and zero point, in float64, scale and zero
    point shapes broadcast as the spec describes them (a 1-D one is per row of a, per
    column of b)."""
    def per_row(t):
        t = np.asarray(t, np.float64)
        return t.reshape(-1, 1) if t.ndim == 1 and t.size > 1 else t

    acc = (a.astype(np.float64) - per_row(a_z)) @ (b.astype(np.float64)
                                                   - np.asarray(b_z, np.float64))
    return acc * per_row(a_s) * np.asarray(b_s, np.float64) / float(y_s)


_RNG = np.random.default_rng(0)
_BS = (_RNG.random(N) * 0.05 + 0.01).astype(np.float32)
_BZ = _RNG.integers(0, 10, N).astype(np.uint8)
_AS = np.array([0.01, 0.02, 0.03], np.float32)
_AZ = np.array([1, 2, 3], np.uint8)

_QMM_CASES = {
    # name: (a shape, a_scale, a_zero_point, b_scale, b_zero_point, references that run it)
    "b_per_column_1xN": ((M, K), np.float32(0.02), np.uint8(7), _BS.reshape(1, N),
                         _BZ.reshape(1, N), ("ref", "ort")),
    "a_per_row_Mx1": ((M, K), _AS.reshape(M, 1), _AZ.reshape(M, 1), _BS, _BZ, ("ref",)),
    "a_per_row_vector_M": ((M, K), _AS, _AZ, _BS, _BZ, ()),
    "batched_a_2xMx1": ((2, M, K), np.stack([_AS, _AS * 2]).reshape(2, M, 1),
                        np.stack([_AZ, _AZ + 1]).reshape(2, M, 1), _BS.reshape(1, N),
                        _BZ.reshape(1, N), ("ref",)),
}


@pytest.mark.parametrize("case", list(_QMM_CASES))
def test_qlinear_matmul_per_row_and_per_column_scales(device, case):
    a_shape, a_s, a_z, b_s, b_z, refs = _QMM_CASES[case]
    rng = np.random.default_rng(1)
    a = rng.integers(0, 256, a_shape).astype(np.uint8)
    b = rng.integers(0, 256, (K, N)).astype(np.uint8)
    y_s, y_z = np.float32(0.5), np.uint8(9)
    model = _qlinear_matmul_model(a_shape, b, a_s, a_z, b_s, b_z, y_s, y_z)
    onnx.checker.check_model(model, full_check=True)
    spec = _qlinear_matmul_spec(a, b, a_s, a_z, b_s, b_z, y_s)
    want = np.clip(np.rint(spec) + float(y_z), 0, 255).astype(np.uint8)
    if "ref" in refs:
        np.testing.assert_array_equal(run_ref(model, {"a": a})[0], want)
    if "ort" in refs:
        np.testing.assert_array_equal(run_ort(model, {"a": a})[0], want)
    np.testing.assert_array_equal(run_rlx(model, {"a": a}, device)[0], want)


def test_qlinear_matmul_refuses_a_scale_that_fits_neither_rows_nor_columns():
    b = np.ones((K, N), np.uint8)
    model = _qlinear_matmul_model((M, K), b, np.float32(0.1), np.uint8(0),
                                  np.full((K, 1), 0.1, np.float32), np.zeros((K, 1), np.uint8),
                                  np.float32(1.0), np.uint8(0))
    with pytest.raises(GraphBuildError, match=r"b_(scale|zero_point) of shape \(4, 1\)"):
        load(model)


def test_qlinear_matmul_float8_rounds_to_the_format_with_saturation(device):
    f8, elem = ml_dtypes.float8_e4m3fn, TensorProto.FLOAT8E4M3FN
    rng = np.random.default_rng(2)
    a = rng.standard_normal((M, K)).astype(f8)
    b = (rng.standard_normal((K, N)) * 4).astype(f8)
    zero = np.array(0, f8)
    a_s, b_s, y_s = np.float32(0.5), np.float32(2.0), np.float32(0.01)
    inits = [init("as", a_s), init("az", zero), init("b", b), init("bs", b_s), init("bz", zero),
             init("ys", y_s), init("yz", zero)]
    node = helper.make_node("QLinearMatMul", ["a", "as", "az", "b", "bs", "bz", "ys", "yz"],
                            ["y"])
    model = make_model([node], [value("a", [M, K], elem)], [value("y", [M, N], elem)], inits)
    onnx.checker.check_model(model, full_check=True)
    exact = _qlinear_matmul_spec(a, b, a_s, 0.0, b_s, 0.0, y_s)
    max_e4m3 = float(ml_dtypes.finfo(f8).max)
    assert np.abs(exact).max() > max_e4m3  # some values saturate
    want = np.clip(exact, -max_e4m3, max_e4m3).astype(f8).astype(np.float32)
    got = run_rlx(model, {"a": a.astype(np.float32)}, device)[0]
    np.testing.assert_array_equal(np.asarray(got, np.float32), want)


# --------------------------------------------------------------------------- blocked scales

def _blocked_model(op, scale_shape, scale_is_input, x_shape=(2, 6), with_zero_point=False):
    x_elem, y_elem = (FLOAT, TensorProto.UINT8) if op == "QuantizeLinear" else \
        (TensorProto.UINT8, FLOAT)
    inputs = ["x", "sc"] + (["zp"] if with_zero_point else [])
    node = helper.make_node(op, inputs, ["y"], axis=1, block_size=2)
    ins = [value("x", list(x_shape), x_elem)]
    inits = []
    if scale_is_input:
        ins.append(value("sc", list(scale_shape)))
    else:
        inits.append(init("sc", np.ones(scale_shape, np.float32)))
    if with_zero_point:
        inits.append(init("zp", np.zeros(scale_shape, np.uint8)))
    return make_model([node], ins, [value("y", list(x_shape), y_elem)], inits)


@pytest.mark.parametrize("op", ["QuantizeLinear", "DequantizeLinear"])
@pytest.mark.parametrize("scale_is_input", [False, True], ids=["initializer", "graph_input"])
@pytest.mark.parametrize("scale_shape", [(2, 2), (2, 4), (1, 3), (6,)],
                         ids=["too_few_blocks", "too_many_blocks", "other_axis_differs",
                              "rank_differs"])
def test_blocked_scale_of_the_wrong_shape_is_refused_at_import(op, scale_is_input,
                                                                scale_shape):
    model = _blocked_model(op, scale_shape, scale_is_input)
    x = np.ones((2, 6), np.float32 if op == "QuantizeLinear" else np.uint8)
    feeds = {"x": x, "sc": np.ones(scale_shape, np.float32)} if scale_is_input else {"x": x}
    with pytest.raises(Exception):  # noqa: B017 - onnxruntime's own error types
        run_ort(model, feeds)
    want = (f"{op} 'y' (opset 21): block_size 2 along axis 1 of an input of shape (2, 6) "
            f"needs a scale of shape (2, 3), not {tuple(scale_shape)}")
    with pytest.raises(GraphBuildError, match=re.escape(want)):
        load(model)


def test_blocked_zero_point_of_the_wrong_shape_is_refused_at_import():
    model = _blocked_model("QuantizeLinear", (2, 3), False, with_zero_point=True)
    model.graph.initializer[1].CopyFrom(init("zp", np.zeros((2, 2), np.uint8)))
    with pytest.raises(GraphBuildError, match=r"zero point of shape \(2, 3\), not \(2, 2\)"):
        load(model)


@pytest.mark.parametrize("op", ["QuantizeLinear", "DequantizeLinear"])
def test_blocked_scale_with_a_partial_last_block_matches_onnxruntime(op):
    # 5 along the axis with block_size 2: ceil(5 / 2) = 3 blocks, the last one short
    model = _blocked_model(op, (2, 3), True, x_shape=(2, 5), with_zero_point=True)
    rng = np.random.default_rng(3)
    if op == "QuantizeLinear":
        x = (rng.standard_normal((2, 5)) * 50 + 100).astype(np.float32)
    else:
        x = rng.integers(0, 256, (2, 5)).astype(np.uint8)
    feeds = {"x": x, "sc": (rng.random((2, 3)) + 0.5).astype(np.float32)}
    np.testing.assert_array_equal(run_rlx(model, feeds)[0], run_ort(model, feeds)[0])


# --------------------------------------------------------------------------- element types

def _refused_by_the_checker(model):
    with pytest.raises((onnx.checker.ValidationError, onnx.shape_inference.InferenceError)):
        onnx.checker.check_model(model, full_check=True)


def test_quantize_linear_output_dtype_must_match_the_zero_point_type():
    node = helper.make_node("QuantizeLinear", ["x", "sc", "zp"], ["y"],
                            output_dtype=TensorProto.INT8)
    model = make_model([node], [value("x", [3])], [value("y", [3], TensorProto.UINT8)],
                       [init("sc", np.float32(1.0)), init("zp", np.uint8(200))])
    _refused_by_the_checker(model)
    with pytest.raises(GraphBuildError, match="output_dtype INT8 .*zero point.* UINT8"):
        load(model)


def test_quantize_linear_output_dtype_equal_to_the_zero_point_type_is_accepted():
    node = helper.make_node("QuantizeLinear", ["x", "sc", "zp"], ["y"],
                            output_dtype=TensorProto.INT8)
    model = make_model([node], [value("x", [4])], [value("y", [4], TensorProto.INT8)],
                       [init("sc", np.float32(0.5)), init("zp", np.int8(-3))])
    onnx.checker.check_model(model, full_check=True)
    x = np.array([-100., -1.25, 0.75, 100.], np.float32)
    np.testing.assert_array_equal(run_rlx(model, {"x": x})[0], run_ref(model, {"x": x})[0])


def test_dequantize_linear_zero_point_type_must_match_x():
    node = helper.make_node("DequantizeLinear", ["x", "sc", "zp"], ["y"])
    model = make_model([node], [value("x", [3], TensorProto.INT8)], [value("y", [3])],
                       [init("sc", np.float32(1.0)), init("zp", np.uint8(200))])
    _refused_by_the_checker(model)
    with pytest.raises(GraphBuildError, match="x is INT8 but the zero point is UINT8"):
        load(model)


def test_dequantize_linear_carried_zero_point_after_a_reshape_is_accepted():
    # the Reshape's output holds the UINT4 values in u8 without their recorded type
    nodes = [helper.make_node("Reshape", ["w", "shape"], ["x"]),
             helper.make_node("DequantizeLinear", ["x", "sc", "zp"], ["y"])]
    w = np.arange(6).astype(ml_dtypes.uint4)
    model = make_model(nodes, [], [value("y", [2, 3])],
                       [init("w", w), init("shape", np.array([2, 3], np.int64)),
                        init("sc", np.float32(0.5)), init("zp", np.array(3, ml_dtypes.uint4))])
    onnx.checker.check_model(model, full_check=True)
    np.testing.assert_array_equal(run_rlx(model, {})[0], run_ref(model, {})[0])
