"""Build-time type inference: result shapes and dtypes, canonical attributes, and errors.

Expected shapes come from numpy / PyTorch on empty or zero arrays, or from rules
written out by hand here; errors must be the documented class and name the op and
its operand types.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import torch

import rlx
from rlx.ir.dtypes import ALL_DTYPES, promote

# --------------------------------------------------------------------------- helpers


def split_spec(spec):
    """``(shape, dtype)`` from either a bare shape (f32) or a ``(shape, "dtype")`` pair."""
    if len(spec) == 2 and isinstance(spec[1], str):
        return spec
    return spec, "f32"


def inputs(*specs):
    """Inputs of one fresh graph, one per spec (see :func:`split_spec`)."""
    g = rlx.Graph("infer_test")
    out = []
    for i, spec in enumerate(specs):
        shape, dtype = split_spec(spec)
        out.append(g.input(f"x{i}", shape, dtype))
    return out


def assert_names(err: pytest.ExceptionInfo, op: str, *types: str) -> None:
    """The error message names the op and each operand type (e.g. ``f32[2,3]``)."""
    message = str(err.value)
    assert message.startswith(op + "("), message
    for t in types:
        assert t in message, message


# --------------------------------------------------------------------------- broadcasting

@pytest.mark.parametrize("a, b", [((3, 1, 5), (4, 5)), ((), (2, 3)), ((1,), (7,)),
                                  ((2, 1), (1, 3)), ((0, 1), (1, 4)), ((5, 1, 1), (1, 6, 1))])
def test_binary_broadcasting_matches_numpy(a, b):
    x, y = inputs(a, b)
    assert (x + y).shape == np.broadcast_shapes(a, b)
    assert rlx.where(x > 0, x, y).shape == np.broadcast_shapes(a, b)


@pytest.mark.parametrize("a, b, shown", [((3,), (4,), ("f32[3]", "f32[4]")),
                                         ((2, 3), (3, 2), ("f32[2,3]", "f32[3,2]")),
                                         ((0,), (2,), ("f32[0]", "f32[2]"))])
def test_broadcast_failure_names_op_and_shapes(a, b, shown):
    x, y = inputs(a, b)
    with pytest.raises(rlx.ShapeError) as err:
        rlx.mul(x, y)
    assert_names(err, "mul", *shown)
    assert "broadcast" in str(err.value)


def test_broadcast_to_rules():
    (x,) = inputs((3, 1))
    assert rlx.broadcast_to(x, (2, 3, 4)).shape == (2, 3, 4)
    with pytest.raises(rlx.ShapeError) as err:
        rlx.broadcast_to(x, (2, 4))
    assert_names(err, "broadcast_to", "f32[3,1]")


# --------------------------------------------------------------------------- matmul

@pytest.mark.parametrize("a, b", [((2, 3), (3, 4)), ((3,), (3,)), ((3,), (3, 4)),
                                  ((2, 3), (3,)), ((5, 2, 3), (3, 4)), ((5, 1, 2, 3), (7, 3, 4)),
                                  ((1, 2, 3), (6, 3, 4))])
def test_matmul_shapes_match_numpy(a, b):
    x, y = inputs(a, b)
    assert (x @ y).shape == np.matmul(np.zeros(a), np.zeros(b)).shape


def test_matmul_inner_dim_mismatch_names_shapes():
    x, y = inputs((2, 3), (4, 5))
    with pytest.raises(rlx.ShapeError) as err:
        x @ y
    assert_names(err, "matmul", "f32[2,3]", "f32[4,5]")
    assert "3 != 4" in str(err.value)


@pytest.mark.parametrize("a, b", [((), (3,)), ((2, 2, 3), (3, 3, 4))])
def test_matmul_rank_and_batch_errors(a, b):
    x, y = inputs(a, b)
    with pytest.raises(rlx.ShapeError, match="^matmul"):
        x @ y


def test_matmul_promotes_dtypes():
    x, y = inputs(((2, 3), "f16"), ((3, 4), "bf16"))
    assert (x @ y).dtype is rlx.f32


# --------------------------------------------------------------------------- reductions

@pytest.mark.parametrize("axes, keepdims, shape, canonical", [
    (None, False, (), (0, 1, 2)),
    (None, True, (1, 1, 1), (0, 1, 2)),
    (-1, False, (2, 3), (2,)),
    ((2, 0), True, (1, 3, 1), (0, 2)),
    ((-3, -2), False, (4,), (0, 1)),
    ((), False, (2, 3, 4), ()),
])
def test_reduction_shapes_and_canonical_axes(axes, keepdims, shape, canonical):
    (x,) = inputs((2, 3, 4))
    y = rlx.sum(x, axes, keepdims)
    assert y.shape == shape == np.sum(np.zeros((2, 3, 4)), axis=axes, keepdims=keepdims).shape
    assert y.node.attr("axes") == canonical
    assert y.node.attr("keepdims") is keepdims


def test_reduction_axis_errors():
    (x,) = inputs((2, 3))
    with pytest.raises(rlx.ShapeError) as err:
        rlx.sum(x, 2)
    assert_names(err, "sum", "f32[2,3]")
    with pytest.raises(rlx.GraphBuildError, match="repeated axis"):
        rlx.mean(x, (1, -1))


def test_max_of_empty_axis_is_rejected():
    (x,) = inputs((0, 3))
    assert rlx.sum(x, 0).shape == (3,)
    with pytest.raises(rlx.ShapeError, match="^max"):
        rlx.max(x, 0)
    with pytest.raises(rlx.ShapeError, match="^argmin"):
        rlx.argmin(x, 0)


def test_arg_reductions_give_i64():
    (x,) = inputs(((2, 3, 4), "f16"))
    y = rlx.argmax(x, -2, keepdims=True)
    assert (y.shape, y.dtype, y.node.attr("axis")) == ((2, 1, 4), rlx.i64, 1)


def test_scan_and_softmax_canonical_axis():
    (x,) = inputs((2, 3))
    c = rlx.cumsum(x, -2, reverse=True)
    assert c.node.attr_dict == {"axis": 0, "exclusive": False, "reverse": True}
    assert rlx.softmax(x).node.attr("axis") == 1


@pytest.mark.parametrize("build, dtype, op", [
    (rlx.exp, "i32", "exp"),
    (lambda t: rlx.mean(t), "i64", "mean"),
    (lambda t: rlx.logsumexp(t), "u8", "logsumexp"),
    (lambda t: rlx.sum(t), "bool", "sum"),
    (lambda t: rlx.softmax(t), "i8", "softmax"),
    (lambda t: rlx.logical_and(t, t), "f32", "logical_and"),
    (lambda t: rlx.where(t, t, t), "f32", "where"),
    (lambda t: rlx.cumsum(t), "bool", "cumsum"),
])
def test_dtype_rules_raise_dtype_error(build, dtype, op):
    (x,) = inputs(((2, 3), dtype))
    with pytest.raises(rlx.DTypeError) as err:
        build(x)
    assert_names(err, op, f"{dtype}[2,3]")


# --------------------------------------------------------------------------- reshape & co

@pytest.mark.parametrize("new_shape", [(-1,), (3, -1), (-1, 2, 2), (2, 6), (1, 12, 1)])
def test_reshape_infers_minus_one(new_shape):
    (x,) = inputs((3, 4))
    y = x.reshape(new_shape)
    assert y.shape == np.zeros((3, 4)).reshape(new_shape).shape
    assert y.node.attr("shape") == y.shape


@pytest.mark.parametrize("new_shape, fragment", [((5, -1), "cannot infer -1"),
                                                 ((-1, -1), "at most one -1"),
                                                 ((5,), "cannot reshape 12 elements"),
                                                 ((0, -1), "cannot infer -1"),
                                                 ((-2, -6), "invalid dimension")])
def test_reshape_errors_name_shapes(new_shape, fragment):
    (x,) = inputs((3, 4))
    with pytest.raises(rlx.ShapeError) as err:
        x.reshape(new_shape)
    assert_names(err, "reshape", "f32[3,4]")
    assert fragment in str(err.value)


@pytest.mark.parametrize("perm", [None, (1, 2, 0), (-1, -3, -2)])
def test_transpose_shapes(perm):
    (x,) = inputs((2, 3, 4))
    y = rlx.transpose(x, perm)
    assert y.shape == np.transpose(np.zeros((2, 3, 4)), perm).shape
    assert all(p >= 0 for p in y.node.attr("perm"))


@pytest.mark.parametrize("perm, error", [((0, 0, 1), rlx.ShapeError), ((0, 1), rlx.ShapeError),
                                         ((0, 1, 3), rlx.ShapeError)])
def test_transpose_bad_perm(perm, error):
    (x,) = inputs((2, 3, 4))
    with pytest.raises(error) as err:
        x.transpose(perm)
    assert_names(err, "transpose", "f32[2,3,4]")


def test_squeeze_and_unsqueeze_rules():
    (x,) = inputs((1, 3, 1))
    assert rlx.squeeze(x).shape == (3,)
    assert rlx.squeeze(x, -1).node.attr("axes") == (2,)
    assert rlx.unsqueeze(x, (0, -1)).shape == (1, 1, 3, 1, 1)
    with pytest.raises(rlx.ShapeError) as err:
        rlx.squeeze(x, 1)
    assert_names(err, "squeeze", "f32[1,3,1]")
    assert "axis 1 of size 3" in str(err.value)


def test_concat_rules():
    a, b, c, d = inputs((2, 3), (2, 5), ((2, 3), "f16"), (3, 3))
    assert rlx.concat([a, b], -1).shape == (2, 8)
    assert rlx.concat([a, b], -1).node.attr("axis") == 1
    with pytest.raises(rlx.ShapeError) as err:
        rlx.concat([a, d], 1)
    assert_names(err, "concat", "f32[2,3]", "f32[3,3]")
    with pytest.raises(rlx.DTypeError) as err:
        rlx.concat([a, c], 0)
    assert_names(err, "concat", "f32[2,3]", "f16[2,3]")
    with pytest.raises(rlx.ShapeError, match=r"^concat\(f32\[2,3\], f32\[2\]\)"):
        rlx.concat([a, a.graph.input("z", (2,), "f32")], 0)


# --------------------------------------------------------------------------- slicing

SLICE_BOUNDS = [None, -9, -5, -1, 0, 2, 5, 9]
SLICE_STEPS = [None, 1, 2, -1, -3]


def test_slice_shapes_and_canonical_form_over_a_grid():
    """Every (start, stop, step) combination: numpy's length, and canonical attrs that
    re-infer to themselves and select the same elements as the original slice."""
    data = np.arange(5)
    g = rlx.Graph("slices")
    x = g.input("x", (5,), "f32")
    for start, stop, step in itertools.product(SLICE_BOUNDS, SLICE_BOUNDS, SLICE_STEPS):
        node = x[start:stop:step].node
        expected = data[start:stop:step]
        if node.op == "input":  # x[::1] and x[:] build nothing
            assert len(expected) == 5
            continue
        (s,), (e,), (st,) = node.attr("starts"), node.attr("stops"), node.attr("steps")
        assert node.shape == expected.shape
        assert s >= 0 and (e is None or e >= 0)
        np.testing.assert_array_equal(data[s:e:st], expected)
    g.set_outputs([x])
    rlx.verify(g)


@pytest.mark.parametrize("key, starts, stops, steps", [
    (np.s_[::-1], (4,), (None,), (-1,)),
    (np.s_[-3:], (2,), (5,), (1,)),
    (np.s_[10:20], (0,), (0,), (1,)),
    (np.s_[1::2], (1,), (5,), (2,)),
    (np.s_[-2:0:-2], (3,), (None,), (-2,)),
    (np.s_[4:1:-1], (4,), (1,), (-1,)),
])
def test_slice_canonical_attributes(key, starts, stops, steps):
    (x,) = inputs((5,))
    node = x[key].node
    assert (node.attr("starts"), node.attr("stops"), node.attr("steps")) == (starts, stops, steps)


def test_slice_errors():
    (x,) = inputs((4, 5))
    with pytest.raises(rlx.GraphBuildError, match="step must be non-zero"):
        x[::0]
    with pytest.raises(rlx.GraphBuildError, match="out of range for axis 1 of size 5"):
        x[:, 5]
    with pytest.raises(rlx.GraphBuildError, match="too many indices"):
        x[0, 0, 0]
    with pytest.raises(rlx.GraphBuildError, match="one Ellipsis"):
        x[..., ...]
    with pytest.raises(rlx.GraphBuildError, match="do not add up"):
        rlx.split(x, [1, 2], 0)


@pytest.mark.parametrize("key", [np.s_[1], np.s_[None, ..., -1], np.s_[::-2, None, 1:3],
                                 np.s_[..., 2:0:-1], np.s_[-1, -1]])
def test_getitem_shapes_match_numpy(key):
    (x,) = inputs((4, 5))
    assert x[key].shape == np.zeros((4, 5))[key].shape


# --------------------------------------------------------------------------- other shape ops

def test_gather_one_hot_tile_pad_shapes():
    x, idx, lab = inputs((4, 5, 6), ((2, 3), "i32"), ((7,), "u8"))
    assert rlx.gather(x, idx, -2).shape == np.take(np.zeros((4, 5, 6)), np.zeros((2, 3), int),
                                                   axis=1).shape
    assert rlx.one_hot(lab, 10, "bf16").shape == (7, 10)
    assert rlx.one_hot(lab, 10, "bf16").dtype is rlx.bf16
    assert rlx.tile(x, (1, 2, 0)).shape == (4, 10, 0)
    assert rlx.pad(x, [(1, 2), (0, 0), (3, 3)], "reflect").shape == (7, 5, 12)
    with pytest.raises(rlx.DTypeError, match="^gather"):
        rlx.gather(x, x, 0)
    with pytest.raises(rlx.ShapeError) as err:
        rlx.pad(x, [(4, 0), (0, 0), (0, 0)], "reflect")
    assert_names(err, "pad", "f32[4,5,6]")
    with pytest.raises(rlx.GraphBuildError, match="one non-negative count per axis"):
        rlx.tile(x, (1, 2))


@pytest.mark.parametrize("start, stop, step, dtype", [(0, 10, 1, "i64"), (3, -7, -2, "i32"),
                                                      (0.0, 1.0, 0.1, "f32"), (5, 0, 1, "i64"),
                                                      (1.5, -2.0, -0.25, "f64")])
def test_arange_length_matches_numpy(start, stop, step, dtype):
    g = rlx.Graph("arange")
    y = rlx.arange(g, start, stop, step, dtype)
    assert y.shape == np.arange(start, stop, step).shape
    assert y.dtype is rlx.as_dtype(dtype)


def test_arange_errors():
    g = rlx.Graph("arange")
    with pytest.raises(rlx.GraphBuildError, match="step must be non-zero"):
        rlx.arange(g, 0, 3, 0)
    with pytest.raises(rlx.GraphBuildError, match="integer arange"):
        rlx.arange(g, 0, 1, 0.5, "i32")
    with pytest.raises(rlx.DTypeError):
        rlx.arange(g, 0, 3, 1, "bool")


# --------------------------------------------------------------------------- conv & pool

CONV2D_CASES = [
    # (x shape, w shape, stride, padding, dilation, groups)
    ((1, 3, 10, 10), (4, 3, 3, 3), 1, 0, 1, 1),
    ((2, 4, 11, 9), (6, 2, 3, 2), 2, 1, 1, 2),
    ((1, 2, 8, 13), (2, 1, 3, 3), (1, 3), (2, 0), (2, 1), 2),
    ((3, 1, 5, 5), (1, 1, 5, 5), 1, 0, 1, 1),
    ((1, 6, 7, 7), (6, 1, 2, 2), 3, 1, 2, 6),
]


@pytest.mark.parametrize("xs, ws, stride, padding, dilation, groups", CONV2D_CASES)
def test_conv2d_output_shape_matches_torch(xs, ws, stride, padding, dilation, groups):
    x, w = inputs(xs, ws)
    y = rlx.conv2d(x, w, stride=stride, padding=padding, dilation=dilation, groups=groups)
    theirs = torch.nn.functional.conv2d(torch.zeros(xs), torch.zeros(ws), stride=stride,
                                        padding=padding, dilation=dilation, groups=groups)
    assert y.shape == tuple(theirs.shape)


@pytest.mark.parametrize("xs, ws, stride, padding, dilation", [
    ((2, 3, 20), (5, 3, 4), 1, 0, 1),
    ((1, 2, 9), (3, 2, 3), 2, 2, 3),
    ((1, 1, 4), (1, 1, 4), 3, 0, 1),
])
def test_conv1d_output_shape_matches_torch(xs, ws, stride, padding, dilation):
    x, w, b = inputs(xs, ws, (ws[0],))
    y = rlx.conv1d(x, w, b, stride=stride, padding=padding, dilation=dilation)
    theirs = torch.nn.functional.conv1d(torch.zeros(xs), torch.zeros(ws), stride=stride,
                                        padding=padding, dilation=dilation)
    assert y.shape == tuple(theirs.shape)


def test_conv_asymmetric_padding_follows_the_formula():
    """out = (in + before + after - dilation*(k-1) - 1) // stride + 1 per spatial axis."""
    x, w = inputs((1, 1, 10, 7), (1, 1, 3, 2))
    y = rlx.conv2d(x, w, stride=(2, 1), padding=((0, 3), (2, 1)), dilation=(1, 2))
    assert y.shape == (1, 1, (10 + 3 - 3) // 2 + 1, (7 + 3 - 3) // 1 + 1)


def test_conv_errors_name_shapes():
    x, w, wg, b, h = inputs((1, 3, 10, 10), (4, 3, 11, 11), (4, 2, 3, 3), (5,),
                            ((4, 3, 3, 3), "f16"))
    with pytest.raises(rlx.ShapeError) as err:
        rlx.conv2d(x, w)
    assert_names(err, "conv", "f32[1,3,10,10]", "f32[4,3,11,11]")
    with pytest.raises(rlx.ShapeError, match="divide by groups"):
        rlx.conv2d(x, wg, groups=2)
    with pytest.raises(rlx.ShapeError, match="bias"):
        rlx.conv2d(x, w, b, padding=1)
    with pytest.raises(rlx.DTypeError, match="^conv"):
        rlx.conv2d(x, h)


@pytest.mark.parametrize("op", ["max_pool2d", "avg_pool2d"])
@pytest.mark.parametrize("kernel, stride, padding", [(2, None, 0), (3, 2, 1), (5, 5, 2),
                                                     ((3, 2), (1, 2), (1, 0))])
def test_pool_output_shape_matches_torch(op, kernel, stride, padding):
    (x,) = inputs((2, 3, 11, 10))
    y = getattr(rlx, op)(x, kernel, stride, padding)
    theirs = getattr(torch.nn.functional, op)(torch.zeros(2, 3, 11, 10), kernel, stride, padding)
    assert y.shape == tuple(theirs.shape)


def test_pool_errors():
    (x,) = inputs((1, 3, 10, 10))
    with pytest.raises(rlx.GraphBuildError, match="padding must be smaller than the kernel"):
        rlx.max_pool2d(x, 3, padding=3)
    (v,) = inputs((3, 10, 10))
    with pytest.raises(rlx.ShapeError, match=r"^max_pool2d\(f32\[3,10,10\]\)"):
        rlx.max_pool2d(v, 2)
    (i,) = inputs(((1, 1, 4, 4), "i32"))
    assert rlx.max_pool2d(i, 2).dtype is rlx.i32
    with pytest.raises(rlx.DTypeError, match="^avg_pool2d"):
        rlx.avg_pool2d(i, 2)


# --------------------------------------------------------------------------- attention

def test_attention_grouped_query_shapes_and_default_scale():
    q, k, v = inputs((2, 8, 5, 16), (2, 2, 7, 16), (2, 2, 7, 32))
    y = rlx.attention(q, k, v)
    assert y.shape == (2, 8, 5, 32)
    assert y.node.attr("scale") == pytest.approx(0.25)
    assert y.node.attr("mask_kind") == "none"


def test_attention_masks():
    q, k, v, bm, am = inputs((1, 4, 3, 8), (1, 4, 6, 8), (1, 4, 6, 8), ((3, 6), "bool"),
                             (1, 1, 3, 6))
    assert rlx.attention(q, k, v, mask=bm).node.attr("mask_kind") == "bool"
    assert rlx.attention(q, k, v, mask=am).node.attr("mask_kind") == "additive"
    sliding = rlx.attention(q, k, v, window=2).node
    assert sliding.attr("causal") is True and sliding.attr("window") == 2
    with pytest.raises(rlx.ShapeError, match="mask must broadcast"):
        rlx.attention(q, k, v, mask=q.graph.input("m", (3, 5), "f32"))


@pytest.mark.parametrize("qs, ks, vs, fragment", [
    ((1, 8, 4, 16), (1, 3, 4, 16), (1, 3, 4, 16), "query heads (8) must be a multiple of "
                                                  "key/value heads (3)"),
    ((1, 4, 4, 16), (1, 4, 4, 8), (1, 4, 4, 16), "k must be [B, Hkv, T, D]"),
    ((1, 4, 4, 16), (1, 4, 5, 16), (1, 4, 4, 16), "k must be [B, Hkv, T, D]"),
    ((4, 4, 16), (4, 4, 16), (4, 4, 16), "q, k, v must be [B, H, S, D]"),
    ((2, 4, 4, 16), (1, 4, 4, 16), (1, 4, 4, 16), "batch"),
])
def test_attention_shape_errors(qs, ks, vs, fragment):
    q, k, v = inputs(qs, ks, vs)
    with pytest.raises(rlx.ShapeError) as err:
        rlx.attention(q, k, v)
    assert_names(err, "attention", *(f"f32[{','.join(map(str, s))}]" for s in (qs, ks, vs)))
    assert fragment in str(err.value)


def test_attention_dtype_errors():
    q, k, v, i = inputs((1, 2, 3, 4), ((1, 2, 3, 4), "f16"), (1, 2, 3, 4), ((1, 2, 3, 4), "i32"))
    with pytest.raises(rlx.DTypeError, match="share one dtype"):
        rlx.attention(q, k, v)
    with pytest.raises(rlx.DTypeError, match="^attention"):
        rlx.attention(i, i, i)


# --------------------------------------------------------------------------- promotion

# Written out by hand from the rules in rlx.ir.dtypes: row dtype with column dtype.
PROMOTION_TABLE = """
        bool  u8    u32   i8    i16   i32   i64   f16   bf16  f32   f64   c64   c128
bool    bool  u8    u32   i8    i16   i32   i64   f16   bf16  f32   f64   c64   c128
u8      u8    u8    u32   i16   i16   i32   i64   f16   bf16  f32   f64   c64   c128
u32     u32   u32   u32   i64   i64   i64   i64   f16   bf16  f32   f64   c64   c128
i8      i8    i16   i64   i8    i16   i32   i64   f16   bf16  f32   f64   c64   c128
i16     i16   i16   i64   i16   i16   i32   i64   f16   bf16  f32   f64   c64   c128
i32     i32   i32   i64   i32   i32   i32   i64   f16   bf16  f32   f64   c64   c128
i64     i64   i64   i64   i64   i64   i64   i64   f16   bf16  f32   f64   c64   c128
f16     f16   f16   f16   f16   f16   f16   f16   f16   f32   f32   f64   c64   c128
bf16    bf16  bf16  bf16  bf16  bf16  bf16  bf16  f32   bf16  f32   f64   c64   c128
f32     f32   f32   f32   f32   f32   f32   f32   f32   f32   f32   f64   c64   c128
f64     f64   f64   f64   f64   f64   f64   f64   f64   f64   f64   f64   c128  c128
c64     c64   c64   c64   c64   c64   c64   c64   c64   c64   c64   c128  c64   c128
c128    c128  c128  c128  c128  c128  c128  c128  c128  c128  c128  c128  c128  c128
"""


def parse_promotion_table() -> dict[tuple[rlx.DType, rlx.DType], rlx.DType]:
    rows = [line.split() for line in PROMOTION_TABLE.strip().splitlines()]
    columns = [rlx.as_dtype(c) for c in rows[0]]
    table = {}
    for row in rows[1:]:
        a = rlx.as_dtype(row[0])
        for b, result in zip(columns, row[1:], strict=True):
            table[a, b] = rlx.as_dtype(result)
    return table


EXPECTED_PROMOTION = parse_promotion_table()


def test_promotion_table_covers_every_pair_and_is_symmetric():
    assert set(EXPECTED_PROMOTION) == set(itertools.product(ALL_DTYPES, ALL_DTYPES))
    for (a, b), result in EXPECTED_PROMOTION.items():
        assert EXPECTED_PROMOTION[b, a] is result


@pytest.mark.parametrize("a, b", list(itertools.product(ALL_DTYPES, ALL_DTYPES)),
                         ids=lambda d: d.value)
def test_promote_matches_hand_derived_table(a, b):
    assert promote(a, b) is EXPECTED_PROMOTION[a, b]


@pytest.mark.parametrize("a, b", [("u8", "i8"), ("u32", "i32"), ("f16", "bf16"), ("bool", "i8"),
                                  ("i64", "f16"), ("u32", "u8")])
def test_ops_use_promotion(a, b):
    """where promotes its branches; arithmetic does too, but rejects bool operands."""
    x, y, cond = inputs(((3,), a), ((3,), b), ((3,), "bool"))
    expected = EXPECTED_PROMOTION[rlx.as_dtype(a), rlx.as_dtype(b)]
    assert rlx.where(cond, x, y).dtype is expected
    assert (x < y).dtype is rlx.bool_
    if "bool" in (a, b):
        with pytest.raises(rlx.DTypeError, match="^add"):
            x + y
    else:
        assert (x + y).dtype is expected


@pytest.mark.parametrize("dtype, scalar, result", [("i32", 2, "i32"), ("i32", 2.5, "f32"),
                                                   ("f16", 2.5, "f16"), ("u8", 3, "u8"),
                                                   ("bf16", 1, "bf16")])
def test_python_scalars_are_weak(dtype, scalar, result):
    (x,) = inputs(((4,), dtype))
    assert (x * scalar).dtype is rlx.as_dtype(result)
    assert (scalar - x).dtype is rlx.as_dtype(result)
