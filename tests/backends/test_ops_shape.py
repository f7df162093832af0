"""Shape, layout and indexing ops on every device, against numpy (and PyTorch one_hot).

Values are distinct small integers stored in the tested dtype, so every comparison is
exact. Each graph is also verified, which checks that canonical attributes re-infer
to themselves.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
from tests.helpers import run_graph

import rlx

MOVE_DTYPES = [rlx.f32, rlx.bf16, rlx.i8, rlx.bool_]
SHAPE = (4, 5, 6)


# --------------------------------------------------------------------------- helpers

def values(shape, dtype) -> np.ndarray:
    """Distinct entries 0, 1, 2, ... (alternating for bool) stored in ``dtype``."""
    dt = rlx.as_dtype(dtype)
    flat = np.arange(int(np.prod(shape)))
    if dt.is_bool:
        return (flat % 3 == 0).reshape(shape)
    if dt is rlx.i8:
        flat = flat % 128
    return flat.reshape(shape).astype(dt.np)


def run_op(device, build, *arrays: np.ndarray) -> np.ndarray:
    """Run ``build(*inputs)`` with one input per array (same shape and dtype); returns
    the single result. The graph is verified first."""
    g = rlx.Graph("shape_test")
    inputs = [g.input(f"x{i}", a.shape, a.dtype) for i, a in enumerate(arrays)]
    result = build(*inputs)
    g.set_outputs([result])
    rlx.verify(g)
    feeds = {f"x{i}": a for i, a in enumerate(arrays)}
    return run_graph(g, feeds, device)[0]


def assert_same(actual: np.ndarray, expected: np.ndarray) -> None:
    """Same dtype, shape and values (exact)."""
    expected = np.asarray(expected)
    assert actual.dtype == expected.dtype
    assert actual.shape == expected.shape
    np.testing.assert_array_equal(actual, expected)


# --------------------------------------------------------------------------- reshape & co

@pytest.mark.parametrize("dtype", MOVE_DTYPES)
@pytest.mark.parametrize("new_shape", [(120,), (-1,), (6, -1), (2, 3, 4, 5), (5, 4, -1),
                                       (1, 120, 1)])
def test_reshape_matches_numpy(device, dtype, new_shape):
    x = values(SHAPE, dtype)
    out = run_op(device, lambda t: t.reshape(new_shape), x)
    assert_same(out, x.reshape(new_shape))


@pytest.mark.parametrize("dtype", MOVE_DTYPES)
@pytest.mark.parametrize("perm", [None, (0, 1, 2), (2, 0, 1), (1, 0, 2), (-1, 0, -2)])
def test_transpose_matches_numpy(device, dtype, perm):
    x = values(SHAPE, dtype)
    out = run_op(device, lambda t: rlx.transpose(t, perm), x)
    assert_same(out, np.transpose(x, perm))


@pytest.mark.parametrize("dtype", MOVE_DTYPES)
@pytest.mark.parametrize("src, dst", [((3,), (2, 3)), ((1, 3), (4, 3)), ((2, 1, 3), (2, 5, 3)),
                                      ((), (2, 2)), ((5, 1), (2, 5, 4)), ((3,), (0, 3))])
def test_broadcast_to_matches_numpy(device, dtype, src, dst):
    x = values(src, dtype)
    out = run_op(device, lambda t: rlx.broadcast_to(t, dst), x)
    assert_same(out, np.broadcast_to(x, dst))


@pytest.mark.parametrize("axes", [None, 0, -1, (0, 3), (-2,)])
def test_squeeze_matches_numpy(device, axes):
    x = values((1, 3, 1, 1), rlx.f32)
    out = run_op(device, lambda t: rlx.squeeze(t, axes), x)
    assert_same(out, np.squeeze(x, axis=axes))


@pytest.mark.parametrize("axes", [0, -1, (0, 2), (-1, 0), (1, 2, 4)])
def test_unsqueeze_matches_numpy(device, axes):
    x = values((3, 4), rlx.bf16)
    out = run_op(device, lambda t: rlx.unsqueeze(t, axes), x)
    assert_same(out, np.expand_dims(x, axes))


# --------------------------------------------------------------------------- slicing

GETITEM_KEYS = [
    np.s_[1],
    np.s_[-1],
    np.s_[::-1],
    np.s_[1:3, ::2],
    np.s_[..., 1],
    np.s_[..., ::-2],
    np.s_[None, :, -2:],
    np.s_[::-2, None, 1:-1],
    np.s_[-10:10],
    np.s_[3:1],
    np.s_[3:1:-1],
    np.s_[..., None],
    np.s_[1, ..., ::-3],
    np.s_[:, :, -1:-7:-2],
    np.s_[None],
    np.s_[-4::-1, -1, None, 2::3],
    np.s_[5:-10:-2],
    np.s_[-100::-1],
    np.s_[:, 4:0:-3, ...],
    np.s_[2, -3, -6],
]


@pytest.mark.parametrize("dtype", [rlx.f32, rlx.i8])
@pytest.mark.parametrize("key", GETITEM_KEYS, ids=repr)
def test_getitem_matches_numpy_basic_indexing(device, dtype, key):
    x = values(SHAPE, dtype)
    out = run_op(device, lambda t: t[key], x)
    assert_same(out, x[key])


@pytest.mark.parametrize("starts, stops, steps, axes", [
    ([1], [3], None, None),
    ([-1], [None], [-1], [2]),
    ([None, 4], [None, 0], [2, -2], [0, -1]),
    ([0, 0, 0], [0, 5, 6], [1, 1, 1], None),
    ([10], [-10], [-1], [1]),
])
def test_slice_function_matches_numpy(device, starts, stops, steps, axes):
    x = values(SHAPE, rlx.f32)
    out = run_op(device, lambda t: rlx.slice(t, starts, stops, steps, axes), x)
    key = [slice(None)] * x.ndim
    steps = steps or [1] * len(starts)
    for ax, s, e, st in zip(axes or range(len(starts)), starts, stops, steps, strict=True):
        key[ax] = slice(s, e, st)
    assert_same(out, x[tuple(key)])


@pytest.mark.parametrize("sections, axis", [(2, 0), (5, 1), (3, -1), ([1, 3, 0, 2], -1),
                                            ([4], 0), ([2, 3], 1)])
def test_split_matches_numpy(device, sections, axis):
    x = values(SHAPE, rlx.f32)
    g = rlx.Graph("split_test")
    parts = rlx.split(g.input("x", SHAPE, rlx.f32), sections, axis)
    g.set_outputs(parts)
    rlx.verify(g)
    outs = run_graph(g, {"x": x}, device)
    cuts = sections if isinstance(sections, int) else np.cumsum(sections)[:-1]
    expected = np.split(x, cuts, axis=axis)
    assert len(outs) == len(expected)
    for out, exp in zip(outs, expected, strict=True):
        assert_same(out, exp)


# --------------------------------------------------------------------------- concat, pad

@pytest.mark.parametrize("dtype", MOVE_DTYPES)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_concat_matches_numpy(device, dtype, axis):
    shapes = [list(SHAPE), list(SHAPE), list(SHAPE)]
    for i, size in enumerate((1, 3, 0)):
        shapes[i][axis] = size
    arrays = [values(tuple(s), dtype) for s in shapes]
    out = run_op(device, lambda *ts: rlx.concat(list(ts), axis), *arrays)
    assert_same(out, np.concatenate(arrays, axis=axis))


PADS = [((1, 2), (0, 3)), ((0, 0), (2, 2)), ((3, 0), (1, 1))]


@pytest.mark.parametrize("dtype", [rlx.f32, rlx.bf16, rlx.i8, rlx.f64])
@pytest.mark.parametrize("mode", ["constant", "reflect", "edge"])
@pytest.mark.parametrize("pads", PADS)
def test_pad_matches_numpy(device, dtype, mode, pads):
    x = values((4, 5), dtype)
    out = run_op(device, lambda t: rlx.pad(t, pads, mode=mode), x)
    assert_same(out, np.pad(x, pads, mode=mode))


@pytest.mark.parametrize("dtype, value", [(rlx.f32, -2.5), (rlx.f16, np.inf), (rlx.i32, 7.0),
                                          (rlx.bool_, 1.0)])
def test_pad_constant_value(device, dtype, value):
    x = values((2, 3), dtype)
    out = run_op(device, lambda t: rlx.pad(t, [(1, 1), (2, 0)], value=value), x)
    fill = np.asarray(value).astype(rlx.as_dtype(dtype).np)
    assert_same(out, np.pad(x, [(1, 1), (2, 0)], constant_values=fill))


@pytest.mark.parametrize("value", [2**53 + 1, 2**63 - 1, -2**63, np.int64(-2**53 - 1)])
def test_pad_integer_value_of_an_i64_tensor_is_exact(device, value):
    """An integer fill of an i64 tensor keeps every bit (it went through float():
    2**53 + 1 padded 2**53 and 2**63 - 1 was refused as not fitting); it survives
    a JSON round trip."""
    x = np.array([[1, -2, 3]], np.int64)
    out = run_op(device, lambda t: rlx.pad(t, [(1, 0), (0, 2)], value=value), x)
    assert_same(out, np.pad(x, [(1, 0), (0, 2)], constant_values=value))
    g = rlx.Graph()
    g.set_outputs([rlx.pad(g.input("x", (1, 3), "i64"), [(1, 0), (0, 2)], value=value)])
    assert rlx.from_json(rlx.to_json(g)).nodes == g.nodes


@pytest.mark.parametrize("dtype, value", [("i8", 300.0), ("i32", 2.5), ("u8", -1.0),
                                          ("bool", 2.0), ("i32", float("nan")),
                                          ("i64", 2**63), ("i32", 2**31), ("i64", -2**70)])
def test_pad_value_an_integer_tensor_cannot_hold_is_refused(dtype, value):
    """A constant pad value must fit an integer or bool tensor exactly, as a Python
    number beside a tensor must (an i8 pad of 300 wrote 127, of 2.5 wrote 2)."""
    g = rlx.Graph()
    with pytest.raises(rlx.DTypeError, match="does not fit"):
        rlx.pad(g.input("x", (1, 3), dtype), [(0, 1), (0, 0)], value=value)


def test_pad_constant_grows_an_empty_axis(device):
    x = np.zeros((0, 2), dtype=np.float32)
    out = run_op(device, lambda t: rlx.pad(t, [(1, 1), (0, 1)], value=3.0), x)
    assert_same(out, np.full((2, 3), 3.0, dtype=np.float32))


# --------------------------------------------------------------------------- gather

@pytest.mark.parametrize("dtype", [rlx.f32, rlx.bf16, rlx.i64])
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("index_dtype", [rlx.i64, rlx.i32, rlx.i8])
def test_gather_matches_numpy_take(device, dtype, axis, index_dtype):
    x = values(SHAPE, dtype)
    n = SHAPE[axis]
    idx = np.array([[0, n - 1, -1], [-n, 1, 2]], dtype=rlx.as_dtype(index_dtype).np)
    out = run_op(device, lambda t, i: rlx.gather(t, i, axis), x, idx)
    assert_same(out, np.take(x, idx, axis=axis))


def test_gather_unsigned_indices(device):
    x = values((7, 2), rlx.f32)
    idx = np.array([6, 0, 3], dtype=np.uint32)
    out = run_op(device, lambda t, i: rlx.embedding(t, i), x, idx)
    assert_same(out, x[idx])


@pytest.mark.parametrize("bad", [5, -6, 100, -1000])
def test_gather_out_of_range_raises_naming_index_and_size(device, bad):
    x = values((5, 3), rlx.f32)
    idx = np.array([0, bad, 1], dtype=np.int64)
    with pytest.raises(rlx.ExecutionError) as err:
        run_op(device, lambda t, i: rlx.gather(t, i, 0), x, idx)
    message = str(err.value)
    assert f"index {bad}" in message
    assert "size 5" in message


def test_gather_from_empty_axis_raises(device):
    x = np.zeros((0, 3), dtype=np.float32)
    with pytest.raises(rlx.ExecutionError, match="size 0"):
        run_op(device, lambda t, i: rlx.gather(t, i, 0), x, np.array([0]))


# --------------------------------------------------------------------------- tile, flip

@pytest.mark.parametrize("dtype", MOVE_DTYPES)
@pytest.mark.parametrize("reps", [(1, 1), (2, 3), (3, 1), (1, 0)])
def test_tile_matches_numpy(device, dtype, reps):
    x = values((2, 3), dtype)
    out = run_op(device, lambda t: rlx.tile(t, reps), x)
    assert_same(out, np.tile(x, reps))


@pytest.mark.parametrize("dtype", MOVE_DTYPES)
@pytest.mark.parametrize("axes", [None, 0, -1, (0, 2), ()])
def test_flip_matches_numpy(device, dtype, axes):
    x = values(SHAPE, dtype)
    out = run_op(device, lambda t: rlx.flip(t, axes), x)
    assert_same(out, np.flip(x, axis=axes))


# --------------------------------------------------------------------------- one_hot

@pytest.mark.parametrize("dtype", [rlx.f32, rlx.bf16, rlx.i64, rlx.bool_])
@pytest.mark.parametrize("index_dtype", [rlx.i64, rlx.i32, rlx.u8])
def test_one_hot_matches_torch(device, dtype, index_dtype):
    idx = np.array([[0, 3, 1], [4, 4, 2]], dtype=rlx.as_dtype(index_dtype).np)
    out = run_op(device, lambda i: rlx.one_hot(i, 5, dtype), idx)
    theirs = torch.nn.functional.one_hot(torch.from_numpy(idx.astype(np.int64)), 5).numpy()
    assert_same(out, theirs.astype(rlx.as_dtype(dtype).np))


def test_one_hot_out_of_range_gives_zero_row(device):
    idx = np.array([2, 5, -1, 0, 99, -5], dtype=np.int32)
    out = run_op(device, lambda i: rlx.one_hot(i, 5), idx)
    expected = np.zeros((6, 5), dtype=np.float32)
    expected[0, 2] = 1
    expected[3, 0] = 1
    assert_same(out, expected)


# --------------------------------------------------------------------------- arange

def run_arange(device, start, stop, step, dtype) -> np.ndarray:
    g = rlx.Graph("arange_test")
    g.set_outputs([rlx.arange(g, start, stop, step, dtype=dtype)])
    rlx.verify(g)
    return run_graph(g, {}, device)[0]


INT_RANGES = [(0, 10, 1), (3, -7, -2), (-5, 5, 3), (4, 4, 1), (5, 0, 1), (0, 1, 7), (9, 2, -3)]
INT_ARANGE_CASES = [(r, dt) for r in INT_RANGES for dt in (rlx.i64, rlx.i32, rlx.u8, rlx.f32)
                    if dt is not rlx.u8 or min(r[:2]) >= 0]


@pytest.mark.parametrize("limits, dtype", INT_ARANGE_CASES)
def test_arange_integers_match_numpy(device, limits, dtype):
    start, stop, step = limits
    out = run_arange(device, start, stop, step, dtype)
    assert_same(out, np.arange(start, stop, step).astype(rlx.as_dtype(dtype).np))


@pytest.mark.parametrize("start, stop, step", [(0.0, 1.0, 0.1), (1.5, -2.0, -0.25),
                                               (-1.0, 1.0, 0.3), (0.0, 2.0, 2 / 3)])
@pytest.mark.parametrize("dtype", [rlx.f32, rlx.f64, rlx.f16])
def test_arange_floats_match_numpy(device, start, stop, step, dtype):
    out = run_arange(device, start, stop, step, dtype)
    expected = np.arange(start, stop, step, dtype=np.float64)
    assert out.dtype == rlx.as_dtype(dtype).np
    assert out.shape == expected.shape
    exact = start + step * np.arange(len(expected), dtype=np.float64)
    np.testing.assert_array_equal(out, exact.astype(out.dtype))
    np.testing.assert_allclose(out.astype(np.float64), expected, rtol=1e-3, atol=1e-6)


def test_arange_one_argument_form(device):
    g = rlx.Graph("arange_test")
    g.set_outputs([rlx.arange(g, 6)])
    assert_same(run_graph(g, {}, device)[0], np.arange(6, dtype=np.int64))
