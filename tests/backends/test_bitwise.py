"""Bitwise ops and bitcast against numpy, on every backend."""

import numpy as np
import pytest
from tests.helpers import run_graph

import rlx

OPS = {"bitwise_and": np.bitwise_and, "bitwise_or": np.bitwise_or,
       "bitwise_xor": np.bitwise_xor}


@pytest.mark.parametrize("dtype", ["u8", "i8", "i32", "u32", "i64"])
def test_bitwise_ops_match_numpy(device, dtype):
    np_dt = rlx.as_dtype(dtype).np
    info = np.iinfo(np_dt)
    rng = np.random.default_rng(0)
    a = rng.integers(info.min, info.max, (3, 7), dtype=np_dt, endpoint=True)
    b = rng.integers(info.min, info.max, (7,), dtype=np_dt, endpoint=True)
    g = rlx.Graph("bits")
    x, y = g.input("a", a.shape, dtype), g.input("b", b.shape, dtype)
    g.set_outputs([g.apply(op, [x, y]) for op in OPS] + [g.apply("bitwise_not", [x])])
    outs = run_graph(g, {"a": a, "b": b}, device)
    for out, fn in zip(outs, OPS.values()):
        np.testing.assert_array_equal(out, fn(a, b))
    np.testing.assert_array_equal(outs[-1], np.invert(a))


def test_bitcast_reinterprets_bytes(device):
    bits = np.array([0x3F800000, 0xFFFFFFFF, 5, 0x80000000], np.uint32).view(np.int32)
    g = rlx.Graph("bitcast")
    g.set_outputs([g.apply("bitcast", [g.input("i", (4,), "i32")], dtype="f32") * 1.0])
    (out,) = run_graph(g, {"i": bits}, device)
    np.testing.assert_array_equal(out.view(np.uint32)[[0, 2, 3]], bits.view(np.uint32)[[0, 2, 3]])
    assert np.isnan(out[1])
