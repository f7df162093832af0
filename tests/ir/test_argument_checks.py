"""Builder arguments are checked when an op is built: a value the op cannot take (an
axis out of range, 2.5 where a count goes, "False" where a flag goes, None where a dtype
goes) is an rlx error naming the op and the value, never truncated, wrapped, parsed or
reported as a defect of rlx; and the forms numpy takes (one int for a shape, numpy ints,
a numpy array beside a tensor, iteration over axis 0) build what numpy computes."""

from __future__ import annotations

import math

import numpy as np
import pytest
from tests.helpers import run_graph

import rlx

A = np.arange(6, dtype=np.float32).reshape(2, 3)


def _graph():
    g = rlx.Graph("g")
    return g, g.input("x", (2, 3))


# --------------------------------------------------------------------------- axes

@pytest.mark.parametrize("build", [
    lambda x: rlx.slice(x, [0], [1], axes=[5]),
    lambda x: rlx.slice(x, [0], [1], axes=[-3]),
    lambda x: rlx.slice(x, [0, 0, 0], [1, 1, 1]),
    lambda x: rlx.split(x, 3, axis=5),
    lambda x: rlx.split(x, 2, axis=-3),
], ids=["slice axis 5", "slice axis -3", "slice 3 axes of 2", "split axis 5", "split axis -3"])
def test_an_axis_out_of_range_is_refused_not_wrapped(build):
    _, x = _graph()
    with pytest.raises(rlx.ShapeError, match="out of range for rank 2"):
        build(x)


def test_a_repeated_slice_axis_is_refused():
    _, x = _graph()
    with pytest.raises(rlx.GraphBuildError, match="repeated axis"):
        rlx.slice(x, [0, 1], [1, 2], axes=[0, -2])


def test_axes_in_range_slice_and_split_as_numpy(device):
    g, x = _graph()
    outs = [rlx.slice(x, [1, 0], [3, 1], axes=[-1, np.int64(0)]),
            *rlx.split(x, np.int64(3), axis=-1), *rlx.split(x, [1, 2], axis=np.int32(1))]
    g.set_outputs(outs)
    want = [A[0:1, 1:3], *np.split(A, 3, axis=-1), *np.split(A, [1], axis=1)]
    for got, ref in zip(run_graph(g, {"x": A}, device), want, strict=True):
        np.testing.assert_array_equal(got, ref)


# --------------------------------------------------------------------------- integers

NOT_INTEGERS = {
    "one_hot depth 2.5": lambda x, i, im: rlx.one_hot(i, 2.5),
    "one_hot depth '3'": lambda x, i, im: rlx.one_hot(i, "3"),
    "one_hot depth True": lambda x, i, im: rlx.one_hot(i, True),
    "topk k 2.5": lambda x, i, im: rlx.topk(x, 2.5),
    "topk k 2.0": lambda x, i, im: rlx.topk(x, 2.0),
    "conv stride 1.5": lambda x, i, im: rlx.conv2d(im, im.graph.param("w", (4, 2, 3, 3)),
                                                   stride=(1.5, 1)),
    "conv stride True": lambda x, i, im: rlx.conv2d(im, im.graph.param("w", (4, 2, 3, 3)),
                                                    stride=True),
    "conv padding 1.5": lambda x, i, im: rlx.conv2d(im, im.graph.param("w", (4, 2, 3, 3)),
                                                    padding=((1.5, 0), (0, 0))),
    "conv padding True": lambda x, i, im: rlx.conv2d(im, im.graph.param("w", (4, 2, 3, 3)),
                                                     padding=True),
    "conv groups 1.5": lambda x, i, im: rlx.conv2d(im, im.graph.param("w", (4, 2, 3, 3)),
                                                   groups=1.5),
    "conv dilation 1.0": lambda x, i, im: rlx.conv2d(im, im.graph.param("w", (4, 2, 3, 3)),
                                                     dilation=(1.0, 1.0)),
    "pool kernel 2.5": lambda x, i, im: rlx.max_pool2d(im, (2.5, 2)),
    "pool stride 2.0": lambda x, i, im: rlx.avg_pool2d(im, 2, stride=(2.0, 2.0)),
    "pad width 1.5": lambda x, i, im: rlx.pad(x, ((1.5, 0), (0, 0))),
    "pad width '1'": lambda x, i, im: rlx.pad(x, (("1", 0), (0, 0))),
    "scatter_add size 2.5": lambda x, i, im: rlx.scatter_add(x, i, 2.5),
    "split True": lambda x, i, im: rlx.split(x, True, axis=1),
    "split 3.0": lambda x, i, im: rlx.split(x, 3.0, axis=1),
    "split sizes 1.0": lambda x, i, im: rlx.split(x, [1.0, 2.0], axis=1),
    "reshape 6.0": lambda x, i, im: rlx.reshape(x, 6.0),
}


@pytest.mark.parametrize("build", NOT_INTEGERS.values(), ids=NOT_INTEGERS.keys())
def test_a_count_that_is_not_an_integer_is_refused(build):
    """As reshape refuses a dimension of 2.0: int() made 2.5 a 2, '3' a 3, True a 1."""
    g, x = _graph()
    idx, image = g.input("i", (2,), "i64"), g.input("im", (1, 2, 6, 6))
    with pytest.raises(rlx.GraphBuildError) as err:
        build(x, idx, image)
    assert "defect of rlx" not in str(err.value)


@pytest.mark.parametrize("name", ["max_pool2d", "avg_pool2d"])
def test_a_pool_stride_of_zero_is_refused_and_none_is_the_kernel(name):
    g = rlx.Graph("g")
    x = g.input("x", (1, 1, 4, 4))
    pool = getattr(rlx, name)
    with pytest.raises(rlx.GraphBuildError, match="stride and dilation must be positive"):
        pool(x, 2, stride=0)
    assert pool(x, 2, stride=None).node.attr("stride") == (2, 2)


def test_numpy_integer_counts_build_what_numpy_computes(device):
    g, x = _graph()
    idx = g.input("i", (2,), "i64")
    outs = [rlx.one_hot(idx, np.int64(4)), rlx.topk(x, np.int32(2))[0],
            rlx.pad(x, ((np.int64(1), 0), (0, np.int32(2)))),
            rlx.scatter_add(x, idx, np.int64(3))]
    g.set_outputs(outs)
    i = np.array([2, 0], np.int64)
    scattered = np.zeros((3, 3), np.float32)
    np.add.at(scattered, i, A)
    want = [np.eye(4, dtype=np.float32)[i], -np.sort(-A, axis=1)[:, :2],
            np.pad(A, ((1, 0), (0, 2))), scattered]
    for got, ref in zip(run_graph(g, {"x": A, "i": i}, device), want, strict=True):
        np.testing.assert_array_equal(got, ref)


# --------------------------------------------------------------------------- indexing

@pytest.mark.parametrize("key", [
    lambda x: np.array([0, 1]), lambda x: np.array([True, False]), lambda x: [0, 1],
    lambda x: x.graph.input("i", (2,), "i64"), lambda x: x[:, 0] > 0,
    lambda x: (Ellipsis, np.array([0, 2])), lambda x: (x.graph.input("j", (2,), "i64"), 0),
], ids=["int array", "bool array", "list", "int Tensor", "bool Tensor", "... array",
        "Tensor, int"])
def test_an_array_or_tensor_index_gets_the_gather_hint(key):
    """The key's items are told apart by identity: ``Ellipsis in key`` compared each with
    ==, which an array answers elementwise (a raw ValueError) and a Tensor with a node."""
    _, x = _graph()
    with pytest.raises(rlx.GraphBuildError, match=r"unsupported index .*use rlx\.gather"):
        x[key(x)]


def test_a_zero_d_integer_array_indexes_as_its_int(device):
    g, x = _graph()
    g.set_outputs([x[np.array(1)], x[..., np.array(-1)], x[:, np.array(1):]])
    got = run_graph(g, {"x": A}, device)
    for out, ref in zip(got, [A[1], A[..., -1], A[:, 1:]], strict=True):
        np.testing.assert_array_equal(out, ref)


# --------------------------------------------------------------------------- len and iter

def test_len_and_iteration_follow_axis_0_as_numpy(device):
    g, x = _graph()
    assert len(x) == len(A) == 2
    first, second = x
    rows = list(x.T)
    g.set_outputs([first, second, *rows])
    got = run_graph(g, {"x": A}, device)
    for out, ref in zip(got, [*A, *A.T], strict=True):
        np.testing.assert_array_equal(out, ref)


def test_len_and_iteration_need_a_static_axis_0():
    g = rlx.Graph("g")
    scalar = g.input("s", ())
    seq = g.input("q", (rlx.Dim("seq", 8), 3))
    for t, why in ((scalar, "rank-0"), (seq, "symbolic")):
        with pytest.raises(rlx.ShapeError, match=why):
            len(t)
        with pytest.raises(rlx.ShapeError, match=why):
            iter(t)


def test_a_tensor_is_not_read_as_a_sequence_of_outputs_or_values():
    """Iterable now, a Tensor would pass for a list of its rows: set_outputs and numpy
    refuse it instead of building a slice per element."""
    g, x = _graph()
    before = len(g)
    with pytest.raises(rlx.GraphBuildError, match=r"\[t\]"):
        g.set_outputs(x)
    with pytest.raises(rlx.GraphBuildError, match="no value at build time"):
        np.asarray(x)
    with pytest.raises(rlx.GraphBuildError, match="not an array of numbers"):
        rlx.constant(g, x)
    assert len(g) == before


# --------------------------------------------------------------------------- numpy forms

def test_numpy_forms_of_shapes_and_operands_build_what_numpy_computes(device):
    g, x = _graph()
    v = g.input("v", 3)
    assert v.shape == (3,)
    cond = np.array([True, False, True])
    outs = [rlx.reshape(x, 6), x.reshape(np.int64(6)), v.broadcast_to(3), rlx.pad(x, 1),
            rlx.tile(v, 2), rlx.where(cond, x, 0.0),
            rlx.concat([np.ones((1, 3), np.float32), x]), rlx.add(np.ones(3, np.float32), x)]
    g.set_outputs(outs)
    b = np.array([1.0, -2.0, 4.0], np.float32)
    want = [A.reshape(6), A.reshape(6), np.broadcast_to(b, 3), np.pad(A, 1), np.tile(b, 2),
            np.where(cond, A, 0.0), np.concatenate([np.ones((1, 3)), A]), A + 1]
    for got, ref in zip(run_graph(g, {"x": A, "v": b}, device), want, strict=True):
        assert got.dtype == np.float32
        np.testing.assert_array_equal(got, ref)


BAD_FORMS = {
    "reshape None": lambda g, x: x.reshape(None),
    "broadcast_to 3 from [2,3]": lambda g, x: x.broadcast_to(3),
    "tile 2 on rank 2": lambda g, x: rlx.tile(x, 2),
    "slice axes [1.0]": lambda g, x: rlx.slice(x, [0], [1], axes=[1.0]),
    "input shape None": lambda g, x: g.input("y", None),
    "exp of an array": lambda g, x: rlx.exp(np.ones(3)),
    "where of arrays": lambda g, x: rlx.where(np.ones(3, bool), np.ones(3), 0.0),
    "concat of arrays": lambda g, x: rlx.concat([np.ones(3), np.ones(3)]),
    "arange to inf": lambda g, x: rlx.arange(g, math.inf, dtype="f32"),
    "arange nan step": lambda g, x: rlx.arange(g, 0.0, 3.0, math.nan, dtype="f32"),
}


@pytest.mark.parametrize("build", BAD_FORMS.values(), ids=BAD_FORMS.keys())
def test_arguments_numpy_would_refuse_are_rlx_errors(build):
    g, x = _graph()
    with pytest.raises(rlx.RlxError):
        build(g, x)


# --------------------------------------------------------------------------- user errors

USER_ERRORS = {
    "clip 'a'": lambda g, x: rlx.clip(x, "a"),
    "clip True": lambda g, x: rlx.clip(x, True),
    "clip 1j": lambda g, x: rlx.clip(x, None, 1j),
    "arange True": lambda g, x: rlx.arange(g, True, dtype="f32"),
    "layer_norm eps '1e-5'": lambda g, x: rlx.layer_norm(x, eps="1e-5"),
}


@pytest.mark.parametrize("build", USER_ERRORS.values(), ids=USER_ERRORS.keys())
def test_a_bad_value_is_the_users_error_not_a_defect_of_rlx(build):
    g, x = _graph()
    with pytest.raises(rlx.GraphBuildError, match="must be (an int or )?a float") as err:
        build(g, x)
    assert "defect of rlx" not in str(err.value)


# --------------------------------------------------------------------------- clip

def test_clip_of_an_integer_tensor_takes_integral_and_infinite_bounds(device):
    """(Fractional bounds keep their documented meaning, the exact result cast back:
    tests/backends/test_ops_elementwise.py.)"""
    g = rlx.Graph("g")
    x = g.input("x", (6,), "i32")
    g.set_outputs([rlx.clip(x, 0.0, 2.0), rlx.clip(x, -math.inf, 1), rlx.clip(x, -1, math.inf)])
    data = np.array([-3, 0, 1, 2, 3, 9], np.int32)
    want = [np.clip(data, 0, 2), np.minimum(data, 1), np.maximum(data, -1)]
    for got, ref in zip(run_graph(g, {"x": data}, device), want, strict=True):
        assert got.dtype == np.int32
        np.testing.assert_array_equal(got, ref)


# --------------------------------------------------------------------------- flags

FLAGS = {
    "sum keepdims": lambda x: rlx.sum(x, 1, keepdims="False"),
    "topk largest": lambda x: rlx.topk(x, 2, largest="False"),
    "cumsum exclusive": lambda x: rlx.cumsum(x, exclusive="False"),
    "cumsum reverse": lambda x: rlx.cumsum(x, reverse=2),
    "avg_pool2d count_include_pad": lambda x: rlx.avg_pool2d(
        x.reshape(1, 1, 2, 3), 2, count_include_pad="no"),
    "solve_triangular lower": lambda x: x.graph.apply(
        "solve_triangular", [x[:, :2], x], lower="False"),
}


@pytest.mark.parametrize("build", FLAGS.values(), ids=FLAGS.keys())
def test_a_flag_must_be_a_bool(build):
    """bool('False') is True: a string or a number other than 0 and 1 would act as a flag."""
    _, x = _graph()
    with pytest.raises(rlx.GraphBuildError, match="must be a bool"):
        build(x)


def test_numpy_bool_flags_act_as_python_ones(device):
    g, x = _graph()
    g.set_outputs([rlx.sum(x, 1, keepdims=np.bool_(True)),
                   rlx.cumsum(x, exclusive=np.bool_(False), reverse=np.bool_(True))])
    got = run_graph(g, {"x": A}, device)
    want = [A.sum(1, keepdims=True), np.cumsum(A[:, ::-1], axis=1)[:, ::-1]]
    for out, ref in zip(got, want, strict=True):
        np.testing.assert_array_equal(out, ref)


# --------------------------------------------------------------------------- dtypes

@pytest.mark.parametrize("build", [
    lambda g: g.input("y", (2,), None),
    lambda g: g.input("y", (2,)).cast(None),
    lambda g: rlx.one_hot(g.input("i", (2,), "i64"), 3, None),
    lambda g: g.input("y", (2,)).cast("F"),
    lambda g: g.input("y", (2,)).cast("f"),
    lambda g: g.input("y", (2,)).cast("float"),
], ids=["input None", "cast None", "one_hot None", "code F", "code f", "float"])
def test_none_and_numpy_type_codes_are_not_dtypes(build):
    """numpy reads None as float64 and 'F' as complex64; 'float' is float64 to numpy
    and f32 to rlx's Python floats."""
    with pytest.raises(rlx.DTypeError):
        build(rlx.Graph("g"))


@pytest.mark.parametrize("spelling", ["f32", rlx.f32, np.float32, np.dtype("float32"),
                                      "float32", "f4", "<f4", "single",
                                      np.zeros(1, np.float32).dtype.str], ids=str)
def test_dtype_spellings_rlx_documents_are_taken(spelling):
    assert rlx.as_dtype(spelling) is rlx.f32
    assert (rlx.as_dtype("double"), rlx.as_dtype("half"), rlx.as_dtype("i4")) == (
        rlx.f64, rlx.f16, rlx.i32)


def test_numpy_style_numbers_still_serve_as_attributes(device):
    """0-d arrays and the ints 0 / 1 for flags, as numpy takes them, build what the plain
    values build (the stricter checks refused them for a while)."""
    g = rlx.Graph("g")
    x = g.input("x", (2, 3))
    i = g.input("i", (2,), "i64")
    outs = [rlx.sum(x, 1, keepdims=1), rlx.topk(x, np.array(2))[0],
            rlx.one_hot(i, np.array(4)), rlx.cumsum(x, 1, exclusive=0)]
    with pytest.raises(rlx.GraphBuildError, match="keepdims must be"):
        rlx.sum(x, 1, keepdims=2)
    g.set_outputs(outs)
    idx = np.array([3, 0])
    got = run_graph(g, {"x": A, "i": idx}, device)
    want = [A.sum(1, keepdims=True), -np.sort(-A, axis=1)[:, :2],
            np.eye(4, dtype=np.float32)[idx], np.cumsum(A, 1)]
    for a, b in zip(got, want, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-6)


def test_a_list_of_numpy_values_keeps_numpy_dtype():
    g = rlx.Graph("g")
    assert rlx.constant(g, [np.float64(1.0), np.float64(1e-300)]).dtype is rlx.f64
    assert rlx.constant(g, [np.zeros(2), np.ones(2)]).dtype is rlx.f64
    assert rlx.constant(g, [np.float32(1.0), np.float32(2.0)]).dtype is rlx.f32


def test_none_is_the_default_dtype_of_a_constant():
    assert rlx.constant(rlx.Graph("g"), 1.0, None).dtype is rlx.f32


# --------------------------------------------------------------------------- constants

def test_lists_of_python_numbers_take_the_dtypes_of_python_scalars(device):
    g = rlx.Graph("g")
    x = g.input("x", (3,))
    floats, mixed = rlx.constant(g, [1.5, 2.0, -3.0]), rlx.constant(g, [[1, 2.5, 3]])
    ints, wide = rlx.constant(g, [1, 2, 3]), rlx.constant(g, np.array([1.5, 2.0, -3.0]))
    assert (floats.dtype, mixed.dtype, ints.dtype, wide.dtype) == (rlx.f32, rlx.f32, rlx.i64,
                                                                   rlx.f64)
    y = x + floats
    assert y.dtype is rlx.f32
    g.set_outputs([y, ints])
    data = np.array([0.25, -1.0, 8.0], np.float32)
    got_y, got_ints = run_graph(g, {"x": data}, device)
    assert got_y.dtype == np.float32 and got_ints.dtype == np.int64
    np.testing.assert_array_equal(got_y, data + np.array([1.5, 2.0, -3.0], np.float32))
    np.testing.assert_array_equal(got_ints, [1, 2, 3])


def test_flags_of_scan_and_solve_triangular_are_bools():
    """rlx.scan's reverse and rlx.linalg.solve_triangular's lower went through bool():
    the string 'False' meant True."""
    g = rlx.Graph("g")
    xs, c0 = g.input("xs", (4,)), g.input("c", ())
    a, b = g.input("a", (3, 3)), g.input("b", (3,))
    rlx.scan(lambda c, x: (c + x, c * x), c0, xs, reverse=np.bool_(True))
    rlx.linalg.solve_triangular(a, b, lower=False)
    with pytest.raises(rlx.GraphBuildError, match="reverse must be a bool"):
        rlx.scan(lambda c, x: (c + x, c * x), c0, xs, reverse="False")
    with pytest.raises(rlx.GraphBuildError, match="lower must be a bool"):
        rlx.linalg.solve_triangular(a, b, lower="False")
