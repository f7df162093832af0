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


@pytest.mark.parametrize("dtype", ["u8", "i8"])
def test_bitcast_to_bool_reads_every_nonzero_byte_as_true(device, dtype):
    """Bytes other than 0 and 1 read as bool are true, as numpy's and PyTorch's views
    are then used (cast to i32 gives 1; == True holds): the cpu device kept the raw
    byte (cast gave 192, == True gave False) while the reference gave 1. The bitcast
    op itself refuses to make bools of other bytes."""
    import torch

    raw = np.array([0, 1, 2, 192, 255, 128], np.uint8).view(rlx.as_dtype(dtype).np)
    want = torch.from_numpy(raw.copy()).view(torch.bool)
    g = rlx.Graph("to_bool")
    b = rlx.bitcast(g.input("x", raw.shape, dtype), "bool")
    g.set_outputs([b.cast("i32"), b == True, rlx.logical_not(b)])  # noqa: E712
    as_i32, is_true, negated = run_graph(g, {"x": raw}, device)
    np.testing.assert_array_equal(as_i32, want.int().numpy())
    np.testing.assert_array_equal(is_true, (want == True).numpy())  # noqa: E712
    np.testing.assert_array_equal(negated, torch.logical_not(want).numpy())
    with pytest.raises(rlx.DTypeError, match="does not make bools of"):
        g.apply("bitcast", [g.input("y", (2,), dtype)], dtype="bool")
