"""``python -m bench onnx`` still works: its model preparation and its agreement check
against ONNX Runtime (never its timing).

The shipped light ResNet-50 is only prepared (weights redrawn); a small conv net in
the light models' style (weights made by ConstantOfShape) goes through the whole
check on the cpu device, and a tampered weight must be reported as a disagreement.
"""

from __future__ import annotations

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
pytest.importorskip("onnxruntime")

from bench import onnx_models  # noqa: E402
from bench.__main__ import run_suite  # noqa: E402
from bench.peers import OnnxRuntimePeer  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import rlx  # noqa: E402

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")


def _constant_weight(name: str, shape: tuple[int, ...]):
    """A ConstantOfShape filling ``name`` with 0.02, as the light models do."""
    shape_init = numpy_helper.from_array(np.array(shape, np.int64), f"{name}__SHAPE")
    fill = numpy_helper.from_array(np.array([0.02], np.float32), "")
    node = helper.make_node("ConstantOfShape", [shape_init.name], [name], value=fill)
    return node, shape_init


def _light_style_cnn():
    """Conv-BN-Relu, a residual Conv-BN, Sum, Relu, global pooling, Gemm, Softmax."""
    weights = {"w1": (8, 3, 3, 3), "w2": (8, 8, 3, 3), "fc": (4, 8), "fc_b": (4,)}
    for bn in ("bn1", "bn2"):
        weights.update({f"{bn}_s": (8,), f"{bn}_b": (8,), f"{bn}_m": (8,), f"{bn}_v": (8,)})
    made = [_constant_weight(name, shape) for name, shape in weights.items()]
    nodes = [node for node, _ in made] + [
        helper.make_node("Conv", ["x", "w1"], ["c1"], pads=[1, 1, 1, 1]),
        helper.make_node("BatchNormalization", ["c1", "bn1_s", "bn1_b", "bn1_m", "bn1_v"],
                         ["b1"]),
        helper.make_node("Relu", ["b1"], ["r1"]),
        helper.make_node("Conv", ["r1", "w2"], ["c2"], pads=[1, 1, 1, 1]),
        helper.make_node("BatchNormalization", ["c2", "bn2_s", "bn2_b", "bn2_m", "bn2_v"],
                         ["b2"]),
        helper.make_node("Sum", ["b2", "r1"], ["s"]),
        helper.make_node("Relu", ["s"], ["r2"]),
        helper.make_node("GlobalAveragePool", ["r2"], ["gap"]),
        helper.make_node("Flatten", ["gap"], ["flat"]),
        helper.make_node("Gemm", ["flat", "fc", "fc_b"], ["logits"], transB=1),
        helper.make_node("Softmax", ["logits"], ["p"]),
    ]
    graph = helper.make_graph(
        nodes, "light_style", [helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                                             [1, 3, 12, 12])],
        [helper.make_tensor_value_info("p", TensorProto.FLOAT, [1, 4])],
        [shape_init for _, shape_init in made])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 9)], ir_version=4)


def _spec() -> onnx_models.OnnxBenchModel:
    def make():
        model = onnx_models.redraw_constant_weights(_light_style_cnn(), seed=3)
        image = np.random.default_rng(4).standard_normal((1, 3, 12, 12)).astype(np.float32)
        return model, {"x": image}
    return onnx_models.OnnxBenchModel("cnn", "light-style CNN", make, atol=1e-6, rtol=1e-4,
                                      input_shapes={})


def _check(workload):
    return run_suite([workload], "cpu", [OnnxRuntimePeer()], threads=1, repeat=1,
                     timing=False, log=lambda line: None)


def test_redrawn_resnet50_keeps_the_shipped_graph():
    shipped = onnx.load(onnx_models.light_model_path("resnet50"))
    model, feeds = onnx_models.resnet50_model()
    ops = [n.op_type for n in model.graph.node]
    assert "ConstantOfShape" not in ops
    assert ops == [n.op_type for n in shipped.graph.node if n.op_type != "ConstantOfShape"]
    assert list(feeds) == ["gpu_0/data_0"] and feeds["gpu_0/data_0"].shape == (1, 3, 224, 224)


def test_light_style_model_agrees_with_onnxruntime():
    workload = onnx_models.onnx_workload(_spec())
    (result,) = _check(workload)
    assert result.failures == [] and result.status == {}, result.agreement
    assert any(line.startswith("onnxruntime: max |diff| vs rlx") and line.endswith(" ok")
               for line in result.agreement), result.agreement


def test_redrawn_weights_make_the_output_depend_on_the_input():
    """With the light models' constant weights every input gives the same softmax."""
    import onnxruntime as ort

    model, feeds = _spec().make()
    session = ort.InferenceSession(model.SerializeToString(),
                                   providers=["CPUExecutionProvider"])
    first = session.run(None, feeds)[0]
    second = session.run(None, {"x": -feeds["x"]})[0]
    assert np.abs(first - second).max() > 1e-3


def test_a_wrong_weight_is_reported():
    workload = onnx_models.onnx_workload(_spec())
    name = next(n for n, v in workload.params.items() if v.ndim == 4)
    workload.params[name] = workload.params[name] * 1.5
    (result,) = _check(workload)
    assert result.status["onnxruntime"] == "MISMATCH"
    assert "onnxruntime differs from rlx" in result.failures[0]
