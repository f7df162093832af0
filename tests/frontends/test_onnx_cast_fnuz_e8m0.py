"""ONNX Cast to FLOAT8E4M3FNUZ / E5M2FNUZ / E8M0 on every device: the codes equal the
onnx reference's (``cast_to``: saturate_cast / ml_dtypes' astype, and
``numpy_helper.to_float8e8m0`` with every round_mode) for a sweep of f32 values."""

from __future__ import annotations

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")

from onnx import TensorProto, helper  # noqa: E402
from onnx.reference.ops.op_cast import cast_to  # noqa: E402
from tests.ir.test_formats_fnuz import f32_sweep  # noqa: E402

from rlx.errors import GraphBuildError  # noqa: E402
from rlx.frontends.onnx.backend import RlxBackendRep  # noqa: E402


def _cast_rep(device: str, to: int, n: int, **attrs) -> RlxBackendRep:
    node = helper.make_node("Cast", ["x"], ["y"], to=to, **attrs)
    graph = helper.make_graph([node], "cast",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [n])],
                              [helper.make_tensor_value_info("y", to, [n])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 24)])
    return RlxBackendRep(model, device)


def _codes(a: np.ndarray) -> np.ndarray:
    return np.asarray(a).view(np.uint8)


def _assert_same_codes(got: np.ndarray, want: np.ndarray, x: np.ndarray) -> None:
    got, want = _codes(got), _codes(want)
    bad = got != want
    assert not bad.any(), (f"{bad.sum()} codes differ, e.g. x={x[bad][:4]} "
                           f"got={got[bad][:4]} want={want[bad][:4]}")


@pytest.mark.parametrize("to", [TensorProto.FLOAT8E4M3FNUZ, TensorProto.FLOAT8E5M2FNUZ],
                         ids=["e4m3fnuz", "e5m2fnuz"])
@pytest.mark.parametrize("saturate", [0, 1])
def test_cast_to_fnuz_matches_the_onnx_reference(device, to, saturate):
    x = f32_sweep()
    (y,) = _cast_rep(device, to, x.size, saturate=saturate).run([x])
    with np.errstate(over="ignore", invalid="ignore"):
        want = cast_to(x, to, bool(saturate))
    _assert_same_codes(y, want, x)


@pytest.mark.parametrize("round_mode", ["up", "down", "nearest"])
@pytest.mark.parametrize("saturate", [0, 1])
def test_cast_to_e8m0_matches_the_onnx_reference(device, round_mode, saturate):
    # the sweep holds every f32 subnormal pattern the reference treats specially
    # (2**-127 exactly and its neighbours), both zeros, negatives, inf and nan
    x = f32_sweep()
    rep = _cast_rep(device, TensorProto.FLOAT8E8M0, x.size, saturate=saturate,
                    round_mode=round_mode)
    (y,) = rep.run([x])
    want = onnx.numpy_helper.to_float8e8m0(x, bool(saturate), round_mode)
    _assert_same_codes(y, want, x)


def test_cast_to_e8m0_default_round_mode_is_up():
    x = np.array([0.0, 1.1, 3.0, 2.0 ** -127, 1e-45, -5.0], dtype=np.float32)
    (y,) = _cast_rep("reference", TensorProto.FLOAT8E8M0, x.size).run([x])
    assert y.astype(np.float64).tolist() == [2.0 ** -127, 2.0, 4.0, 2.0 ** -126, 2.0 ** -126,
                                             8.0]


def test_cast_to_e8m0_rejects_an_unknown_round_mode():
    rep = _cast_rep("reference", TensorProto.FLOAT8E8M0, 2, round_mode="sideways")
    with pytest.raises(GraphBuildError, match="round_mode"):
        rep.run([np.ones(2, np.float32)])
