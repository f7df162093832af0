"""The nn ops (norms, conv, pooling, attention, rope, topk, cross-entropy) on every device.

Each result is checked against oracles written here: a float64 numpy reference and,
where PyTorch has the op, torch.nn.functional run in float64 on the same (already
rounded) inputs. Tolerances come from ``tests.helpers.tol`` for the result dtype.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from tests.helpers import run_graph, tol

import rlx
from rlx.errors import ExecutionError, GraphBuildError

FLOATS = ["f32", "f16", "bf16", "f64"]


# --------------------------------------------------------------------------- helpers

def _np_dtype(dtype: str) -> np.dtype:
    return rlx.as_dtype(dtype).np


def _sample(rng: np.random.Generator, shape, dtype: str, scale: float = 1.0,
            offset: float = 0.0) -> np.ndarray:
    """Normal samples rounded to ``dtype``, so the oracles see exactly what rlx sees."""
    return (rng.standard_normal(shape) * scale + offset).astype(_np_dtype(dtype))


def _f64(a) -> np.ndarray:
    return np.asarray(a).astype(np.float64)


def _torch(a) -> torch.Tensor:
    """A float64 torch tensor holding the values of ``a``."""
    return torch.from_numpy(_f64(a))


def _expect_close(got: np.ndarray, want, dtype: str) -> None:
    """``got`` has the rlx result dtype and matches the float64 oracle ``want``."""
    assert got.dtype == _np_dtype(dtype)
    want = want.numpy() if isinstance(want, torch.Tensor) else want
    assert got.shape == np.shape(want)
    np.testing.assert_allclose(_f64(got), _f64(want), **tol(_np_dtype(dtype)))


def _run(graph: rlx.Graph, outputs, feeds: dict, device: str) -> list[np.ndarray]:
    graph.set_outputs(outputs)
    return run_graph(graph, feeds, device)


def _inputs(graph: rlx.Graph, feeds: dict) -> dict[str, rlx.Tensor]:
    """One graph input per feed, by the same name, with the feed's shape and dtype."""
    return {name: graph.input(name, value.shape, value.dtype) for name, value in feeds.items()}


# --------------------------------------------------------------------------- layer_norm

def _layer_norm_ref(x, axis, gamma=None, beta=None, eps=1e-5) -> np.ndarray:
    x = _f64(x)
    axes = tuple(range(axis % x.ndim, x.ndim))
    mean = x.mean(axis=axes, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=axes, keepdims=True)
    y = (x - mean) / np.sqrt(var + eps)
    if gamma is not None:
        y = y * _f64(gamma)
    if beta is not None:
        y = y + _f64(beta)
    return y


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape, axis, has_gamma, has_beta", [
    ((4, 6), -1, True, True),
    ((2, 3, 5), 1, True, False),
    ((3, 7), 1, False, True),
    ((2, 2, 3, 4), -2, False, False),
])
def test_layer_norm(device, dtype, shape, axis, has_gamma, has_beta):
    rng = np.random.default_rng(1)
    norm_shape = shape[axis % len(shape):]
    feeds = {"x": _sample(rng, shape, dtype, scale=2.0, offset=3.0)}
    if has_gamma:
        feeds["gamma"] = _sample(rng, norm_shape, dtype, offset=1.0)
    if has_beta:
        feeds["beta"] = _sample(rng, norm_shape, dtype)
    g = rlx.Graph()
    ins = _inputs(g, feeds)
    y = rlx.layer_norm(ins["x"], ins.get("gamma"), ins.get("beta"), eps=1e-5, axis=axis)
    (got,) = _run(g, [y], feeds, device)

    gamma, beta = feeds.get("gamma"), feeds.get("beta")
    _expect_close(got, _layer_norm_ref(feeds["x"], axis, gamma, beta), dtype)
    want = F.layer_norm(_torch(feeds["x"]), norm_shape,
                        None if gamma is None else _torch(gamma),
                        None if beta is None else _torch(beta), eps=1e-5)
    _expect_close(got, want, dtype)


# --------------------------------------------------------------------------- rms_norm

@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape, axis, has_gamma", [
    ((4, 8), -1, True),
    ((2, 3, 5), -2, True),
    ((3, 6), -1, False),
])
def test_rms_norm(device, dtype, shape, axis, has_gamma):
    rng = np.random.default_rng(2)
    norm_shape = shape[axis % len(shape):]
    feeds = {"x": _sample(rng, shape, dtype, scale=1.5, offset=0.5)}
    if has_gamma:
        feeds["gamma"] = _sample(rng, norm_shape, dtype, offset=1.0)
    g = rlx.Graph()
    ins = _inputs(g, feeds)
    (got,) = _run(g, [rlx.rms_norm(ins["x"], ins.get("gamma"), eps=1e-6, axis=axis)],
                  feeds, device)

    x = _f64(feeds["x"])
    axes = tuple(range(axis % x.ndim, x.ndim))
    want = x / np.sqrt((x * x).mean(axis=axes, keepdims=True) + 1e-6)
    gamma = feeds.get("gamma")
    if gamma is not None:
        want = want * _f64(gamma)
    _expect_close(got, want, dtype)
    torch_gamma = None if gamma is None else _torch(gamma)
    _expect_close(got, F.rms_norm(_torch(x), norm_shape, torch_gamma, eps=1e-6), dtype)


def test_rms_norm_rejects_beta():
    g = rlx.Graph()
    x = g.input("x", (2, 4))
    gamma, beta = g.input("gamma", (4,)), g.input("beta", (4,))
    with pytest.raises(GraphBuildError, match="beta"):
        g.apply("rms_norm", [x, gamma, beta], has_gamma=True, has_beta=True)


@pytest.mark.parametrize("eps", [np.inf, np.nan])
def test_norms_with_an_infinite_or_nan_eps(device, eps):
    """eps=inf or nan, which the builders accept and JSON keeps: the cpu device wrote
    C's undeclared tokens inf / nan (a compiler error). Oracle: float64 numpy."""
    g = rlx.Graph("eps")
    x = g.input("x", (2, 4), "f64")
    stats = g.input("stats", (4,), "f64")
    g.set_outputs([rlx.layer_norm(x, eps=eps), rlx.rms_norm(x, eps=eps),
                   rlx.batch_norm(x, stats, stats + 1.0, eps=eps)])
    xv = np.array([[1.0, -2.0, 3.0, 0.5], [0.0, 4.0, -1.0, 2.0]])
    sv = np.array([0.1, 0.2, 0.3, 0.4])
    got = run_graph(g, {"x": xv, "stats": sv}, device)
    centred = xv - xv.mean(-1, keepdims=True)
    with np.errstate(invalid="ignore"):
        want = [centred / np.sqrt(centred.var(-1, keepdims=True) + eps),
                xv / np.sqrt((xv * xv).mean(-1, keepdims=True) + eps),
                (xv - sv) / np.sqrt(sv + 1.0 + eps)]
    for out, expected in zip(got, want):
        np.testing.assert_array_equal(out, expected)


# --------------------------------------------------------------------------- batch_norm

@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape, affine", [
    ((5, 3), True),
    ((2, 4, 3, 5), True),
    ((2, 3, 7), False),
])
def test_batch_norm(device, dtype, shape, affine):
    rng = np.random.default_rng(3)
    c = shape[1]
    feeds = {
        "x": _sample(rng, shape, dtype, scale=2.0, offset=1.0),
        "mean": _sample(rng, (c,), dtype),
        "var": (rng.uniform(0.5, 2.0, c)).astype(_np_dtype(dtype)),
    }
    if affine:
        feeds["gamma"] = _sample(rng, (c,), dtype, offset=1.0)
        feeds["beta"] = _sample(rng, (c,), dtype)
    g = rlx.Graph()
    ins = _inputs(g, feeds)
    y = rlx.batch_norm(ins["x"], ins["mean"], ins["var"], ins.get("gamma"), ins.get("beta"),
                       eps=1e-3)
    (got,) = _run(g, [y], feeds, device)

    per_channel = (c,) + (1,) * (len(shape) - 2)
    x = _f64(feeds["x"])
    gamma = _f64(feeds.get("gamma", np.ones(c)))
    beta = _f64(feeds.get("beta", np.zeros(c)))
    want = ((x - _f64(feeds["mean"]).reshape(per_channel))
            / np.sqrt(_f64(feeds["var"]).reshape(per_channel) + 1e-3)
            * gamma.reshape(per_channel) + beta.reshape(per_channel))
    _expect_close(got, want, dtype)
    torch_want = F.batch_norm(_torch(x), _torch(feeds["mean"]), _torch(feeds["var"]),
                              _torch(gamma), _torch(beta), training=False, eps=1e-3)
    _expect_close(got, torch_want, dtype)


# --------------------------------------------------------------------------- conv

def _conv_ref(x, w, bias, stride, pads, dilation, groups) -> np.ndarray:
    """Cross-correlation accumulated tap by tap (one strided slice per kernel offset)."""
    x, w = _f64(x), _f64(w)
    n_sp = x.ndim - 2
    xp = np.pad(x, ((0, 0), (0, 0)) + tuple(pads))
    kernel = w.shape[2:]
    out_sp = tuple((xp.shape[2 + i] - dilation[i] * (kernel[i] - 1) - 1) // stride[i] + 1
                   for i in range(n_sp))
    n, cin = x.shape[:2]
    cout = w.shape[0]
    cin_g, cout_g = cin // groups, cout // groups
    out = np.zeros((n, cout) + out_sp)
    for tap in np.ndindex(*kernel):
        window = tuple(slice(tap[i] * dilation[i],
                             tap[i] * dilation[i] + stride[i] * (out_sp[i] - 1) + 1,
                             stride[i]) for i in range(n_sp))
        patch = xp[(slice(None), slice(None)) + window]  # [N, C_in, *out]
        for grp in range(groups):
            xs = patch[:, grp * cin_g:(grp + 1) * cin_g]
            ws = w[(slice(grp * cout_g, (grp + 1) * cout_g), slice(None)) + tap]
            out[:, grp * cout_g:(grp + 1) * cout_g] += np.einsum("nc...,oc->no...", xs, ws)
    if bias is not None:
        out += _f64(bias).reshape((-1,) + (1,) * n_sp)
    return out


def _as_pairs(padding, n_sp: int) -> tuple[tuple[int, int], ...]:
    """The test cases' padding spellings (int, per-dim int, per-dim pairs) as pairs."""
    if isinstance(padding, int):
        return ((padding, padding),) * n_sp
    return tuple((p, p) if isinstance(p, int) else tuple(p) for p in padding)


def _torch_conv(x, w, bias, stride, pads, dilation, groups) -> torch.Tensor:
    """PyTorch conv1d/conv2d; asymmetric padding applied up front with F.pad."""
    flat = []
    for before, after in reversed(pads):  # F.pad lists the last axis first
        flat += [before, after]
    xt = F.pad(_torch(x), flat)
    conv = F.conv1d if x.ndim == 3 else F.conv2d
    bt = None if bias is None else _torch(bias)
    return conv(xt, _torch(w), bt, stride=stride, padding=0, dilation=dilation, groups=groups)


def _check_conv(device, dtype, x_shape, w_shape, stride, padding, dilation, groups, has_bias):
    rng = np.random.default_rng(4)
    n_sp = len(x_shape) - 2
    feeds = {"x": _sample(rng, x_shape, dtype), "w": _sample(rng, w_shape, dtype, scale=0.5)}
    if has_bias:
        feeds["b"] = _sample(rng, (w_shape[0],), dtype)
    g = rlx.Graph()
    ins = _inputs(g, feeds)
    build = rlx.conv1d if n_sp == 1 else rlx.conv2d
    y = build(ins["x"], ins["w"], ins.get("b"), stride=stride, padding=padding,
              dilation=dilation, groups=groups)
    (got,) = _run(g, [y], feeds, device)

    pads = _as_pairs(padding, n_sp)
    stride = (stride,) * n_sp if isinstance(stride, int) else tuple(stride)
    dilation = (dilation,) * n_sp if isinstance(dilation, int) else tuple(dilation)
    args = (feeds["x"], feeds["w"], feeds.get("b"), stride, pads, dilation, groups)
    _expect_close(got, _conv_ref(*args), dtype)
    _expect_close(got, _torch_conv(*args), dtype)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("x_shape, w_shape, stride, padding, dilation, groups, has_bias", [
    ((2, 3, 7, 6), (4, 3, 3, 3), 1, 0, 1, 1, True),
    ((2, 3, 8, 9), (5, 3, 3, 3), 2, 1, 1, 1, False),
    ((1, 2, 9, 8), (3, 2, 3, 2), 1, (2, 1), 2, 1, True),
    ((2, 4, 6, 7), (6, 2, 2, 3), (1, 2), 1, 1, 2, True),
    ((1, 4, 6, 6), (8, 1, 3, 3), 1, 1, (2, 1), 4, False),
    ((2, 3, 7, 8), (2, 3, 3, 2), 2, ((1, 2), (0, 3)), 1, 1, True),
])
def test_conv2d(device, dtype, x_shape, w_shape, stride, padding, dilation, groups, has_bias):
    _check_conv(device, dtype, x_shape, w_shape, stride, padding, dilation, groups, has_bias)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("x_shape, w_shape, stride, padding, dilation, groups, has_bias", [
    ((2, 3, 10), (4, 3, 3), 1, 0, 1, 1, True),
    ((2, 4, 11), (6, 2, 3), 2, 2, 2, 2, False),
    ((1, 2, 9), (3, 2, 4), 3, ((0, 2),), 1, 1, True),
])
def test_conv1d(device, dtype, x_shape, w_shape, stride, padding, dilation, groups, has_bias):
    _check_conv(device, dtype, x_shape, w_shape, stride, padding, dilation, groups, has_bias)


def test_conv_malformed_padding_is_a_build_error():
    """A 1-D conv given two ints must spell asymmetric padding as one pair: ((1, 2),)."""
    g = rlx.Graph()
    x, w = g.input("x", (1, 2, 9)), g.input("w", (3, 2, 3))
    with pytest.raises(GraphBuildError, match="padding"):
        rlx.conv1d(x, w, padding=(1, 2))


def test_a_zero_size_kernel_is_refused():
    """A weight [3, 2, 0, 3] built and gave an output larger than the input, all bias
    (PyTorch: 'kernel size should be greater than zero'); a pooling kernel of 0 or -1
    was reported as a bad stride or padding."""
    g = rlx.Graph()
    x2, x1 = g.input("x2", (1, 2, 6, 6)), g.input("x1", (1, 2, 6))
    with pytest.raises(rlx.ShapeError, match="kernel's spatial sizes must be positive"):
        rlx.conv2d(x2, g.input("w2", (3, 2, 0, 3)))
    with pytest.raises(rlx.ShapeError, match="kernel's spatial sizes must be positive"):
        rlx.conv1d(x1, g.input("w1", (3, 2, 0)))
    for kernel in (0, -1, (0, 2), (2, -3)):
        with pytest.raises(rlx.RlxError, match="kernel"):
            rlx.max_pool2d(x2, kernel, stride=1)


# --------------------------------------------------------------------------- pooling

def _pool_taps(x, kernel, stride, pads, fill):
    """Yield, per kernel offset, the strided slice of ``x`` padded with ``fill`` that
    the offset reads for every output position."""
    xp = np.pad(_f64(x), ((0, 0), (0, 0)) + tuple(pads), constant_values=fill)
    out = [(xp.shape[2 + i] - kernel[i]) // stride[i] + 1 for i in range(2)]
    for kh, kw in np.ndindex(*kernel):
        yield xp[:, :, kh:kh + stride[0] * (out[0] - 1) + 1:stride[0],
                 kw:kw + stride[1] * (out[1] - 1) + 1:stride[1]]


def _max_pool_ref(x, kernel, stride, pads) -> np.ndarray:
    result = None
    for tap in _pool_taps(x, kernel, stride, pads, -np.inf):
        result = tap if result is None else np.maximum(result, tap)
    return result


def _avg_pool_ref(x, kernel, stride, pads, count_include_pad) -> np.ndarray:
    total = sum(_pool_taps(x, kernel, stride, pads, 0.0))
    if count_include_pad:
        return total / (kernel[0] * kernel[1])
    count = sum(_pool_taps(np.ones_like(_f64(x)), kernel, stride, pads, 0.0))
    return total / count


def _pool_geometry(kernel, stride, padding):
    kernel = (kernel, kernel) if isinstance(kernel, int) else tuple(kernel)
    stride = kernel if stride is None else stride
    stride = (stride, stride) if isinstance(stride, int) else tuple(stride)
    return kernel, stride, _as_pairs(padding, 2)


MAX_POOL_CASES = [
    ((2, 3, 6, 6), 2, None, 0),
    ((1, 2, 7, 8), 3, 2, 1),
    ((2, 2, 7, 6), (3, 2), (1, 2), (1, 0)),
]


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape, kernel, stride, padding", MAX_POOL_CASES)
def test_max_pool2d(device, dtype, shape, kernel, stride, padding):
    x = _sample(np.random.default_rng(5), shape, dtype)
    g = rlx.Graph()
    xin = g.input("x", shape, dtype)
    (got,) = _run(g, [rlx.max_pool2d(xin, kernel, stride, padding)], {"x": x}, device)

    kernel2, stride2, pads = _pool_geometry(kernel, stride, padding)
    _expect_close(got, _max_pool_ref(x, kernel2, stride2, pads), dtype)
    want = F.max_pool2d(_torch(x), kernel2, stride2, tuple(p for p, _ in pads))
    _expect_close(got, want, dtype)


@pytest.mark.parametrize("dtype", ["f32", "i32", "u8"])
def test_max_pool2d_asymmetric_padding_and_integers(device, dtype):
    """Asymmetric padding (beyond PyTorch's symmetric form); integers pad with the
    dtype's minimum, so all-negative windows still give their true maximum."""
    rng = np.random.default_rng(6)
    low = 0 if dtype == "u8" else -20
    x = rng.integers(low, low + 10, (2, 2, 5, 6)).astype(_np_dtype(dtype))
    kernel, stride, pads = (3, 3), (2, 1), ((2, 0), (1, 2))
    g = rlx.Graph()
    xin = g.input("x", x.shape, dtype)
    (got,) = _run(g, [rlx.max_pool2d(xin, kernel, stride, pads)], {"x": x}, device)
    want = _max_pool_ref(x, kernel, stride, pads).astype(_np_dtype(dtype))
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("count_include_pad", [True, False])
@pytest.mark.parametrize("shape, kernel, stride, padding", [
    ((2, 3, 6, 6), 2, None, 0),
    ((1, 2, 7, 8), 3, 2, 1),
    ((2, 2, 7, 6), (3, 2), (2, 1), (1, 1)),
])
def test_avg_pool2d(device, dtype, count_include_pad, shape, kernel, stride, padding):
    x = _sample(np.random.default_rng(7), shape, dtype)
    g = rlx.Graph()
    xin = g.input("x", shape, dtype)
    y = rlx.avg_pool2d(xin, kernel, stride, padding, count_include_pad=count_include_pad)
    (got,) = _run(g, [y], {"x": x}, device)

    kernel2, stride2, pads = _pool_geometry(kernel, stride, padding)
    _expect_close(got, _avg_pool_ref(x, kernel2, stride2, pads, count_include_pad), dtype)
    want = F.avg_pool2d(_torch(x), kernel2, stride2, tuple(p for p, _ in pads),
                        count_include_pad=count_include_pad)
    _expect_close(got, want, dtype)


def test_avg_pool2d_asymmetric_padding(device):
    x = _sample(np.random.default_rng(8), (1, 2, 5, 5), "f64")
    kernel, stride, pads = (3, 2), (1, 2), ((0, 2), (1, 1))
    g = rlx.Graph()
    xin = g.input("x", x.shape, "f64")
    outs = [rlx.avg_pool2d(xin, kernel, stride, pads, count_include_pad=flag)
            for flag in (True, False)]
    got_incl, got_excl = _run(g, outs, {"x": x}, device)
    _expect_close(got_incl, _avg_pool_ref(x, kernel, stride, pads, True), "f64")
    _expect_close(got_excl, _avg_pool_ref(x, kernel, stride, pads, False), "f64")


# --------------------------------------------------------------------------- attention

def _attention_ref(q, k, v, scale, keep=None, bias=None) -> np.ndarray:
    """Row-by-row float64 attention; query head h reads kv head h // (H / Hkv); a row
    with no visible key (masked, or every score -inf) is zeros."""
    q, k, v = _f64(q), _f64(k), _f64(v)
    b, h, s, _ = q.shape
    t = k.shape[2]
    group = h // k.shape[1]
    k = np.repeat(k, group, axis=1)
    v = np.repeat(v, group, axis=1)
    scores = q @ k.swapaxes(-1, -2) * scale
    if bias is not None:
        scores = scores + _f64(bias)
    keep = np.ones((s, t), bool) if keep is None else keep
    keep = np.broadcast_to(keep, scores.shape)
    out = np.zeros((b, h, s, v.shape[3]))
    for bi, hi, si in np.ndindex(b, h, s):
        visible = keep[bi, hi, si] & (scores[bi, hi, si] > -np.inf)
        if not visible.any():
            continue
        row = scores[bi, hi, si][visible]
        weights = np.exp(row - row.max())
        out[bi, hi, si] = weights / weights.sum() @ v[bi, hi][visible]
    return out


def _torch_sdpa(q, k, v, scale, mask=None, is_causal=False) -> torch.Tensor:
    """PyTorch SDPA in float64, grouped-query by repeating each kv head H/Hkv times."""
    group = q.shape[1] // k.shape[1]
    kt = _torch(k).repeat_interleave(group, dim=1)
    vt = _torch(v).repeat_interleave(group, dim=1)
    if mask is not None:
        mask = torch.from_numpy(mask) if mask.dtype == np.bool_ else _torch(mask)
    return F.scaled_dot_product_attention(_torch(q), kt, vt, attn_mask=mask,
                                          is_causal=is_causal, scale=scale)


def _qkv(rng, b, h, hkv, s, t, d, dtype, dv=None):
    dv = d if dv is None else dv
    return (_sample(rng, (b, h, s, d), dtype), _sample(rng, (b, hkv, t, d), dtype),
            _sample(rng, (b, hkv, t, dv), dtype))


def _run_attention(device, q, k, v, mask=None, scale=None, window=None):
    """Run rlx.attention; ``mask`` is None, "causal" or an array fed as an input."""
    feeds = {"q": q, "k": k, "v": v}
    if isinstance(mask, np.ndarray):
        feeds["mask"] = mask
    g = rlx.Graph()
    ins = _inputs(g, feeds)
    rlx_mask = ins.get("mask", mask if isinstance(mask, str) else None)
    y = rlx.attention(ins["q"], ins["k"], ins["v"], mask=rlx_mask, scale=scale, window=window)
    (got,) = _run(g, [y], feeds, device)
    return got


def _keep_with_some_key(rng, shape) -> np.ndarray:
    """A random bool mask in which every row keeps at least its first key."""
    keep = rng.random(shape) < 0.6
    keep[..., 0] = True
    return keep


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("case", [
    "plain", "causal", "bool_mask", "additive_mask", "gqa_causal", "mqa_bool_dv", "cross",
])
def test_attention_matches_torch_sdpa(device, dtype, case):
    rng = np.random.default_rng(9)
    b, h, hkv, s, t, d, dv = 2, 2, 2, 5, 5, 8, None
    if case.startswith("gqa"):
        h = 4
    if case.startswith("mqa"):
        h, hkv, dv = 4, 1, 6
    if case == "cross":
        s, t = 3, 7
    q, k, v = _qkv(rng, b, h, hkv, s, t, d, dtype, dv)
    scale = 0.3 if case.startswith("mqa") else 1.0 / np.sqrt(d)
    mask, keep, bias, is_causal = None, None, None, False
    if case in ("causal", "gqa_causal"):
        mask, is_causal = "causal", True
        keep = np.tril(np.ones((s, t), bool))
    elif case in ("bool_mask", "mqa_bool_dv"):
        mask = keep = _keep_with_some_key(rng, (b, 1, s, t))
    elif case == "additive_mask":
        mask = bias = _sample(rng, (s, t), dtype)

    got = _run_attention(device, q, k, v, mask=mask,
                         scale=scale if case.startswith("mqa") else None)
    _expect_close(got, _attention_ref(q, k, v, scale, keep, bias), dtype)
    torch_mask = mask if isinstance(mask, np.ndarray) else None
    _expect_close(got, _torch_sdpa(q, k, v, scale, torch_mask, is_causal), dtype)


def _end_aligned_keep(s: int, t: int, window: int | None = None) -> np.ndarray:
    """The documented causal rule, spelled with absolute positions: the S queries are
    the last S of T positions (query i sits at T - S + i); a query sees every key at
    or before its own position, and with a window only the ``window`` latest of them."""
    keep = np.zeros((s, t), bool)
    for i in range(s):
        position = t - s + i
        for j in range(t):
            keep[i, j] = j <= position and (window is None or position - j < window)
    return keep


@pytest.mark.parametrize("dtype", ["f32", "f16", "f64"])
@pytest.mark.parametrize("s, t, h, hkv", [(1, 7, 2, 2), (3, 8, 4, 2), (2, 5, 3, 1)])
def test_attention_causal_decode_step(device, dtype, s, t, h, hkv):
    """S < T: causal masking aligns the queries with the last S keys (a decode step
    against a KV cache), unlike PyTorch's top-left is_causal."""
    q, k, v = _qkv(np.random.default_rng(10), 2, h, hkv, s, t, 4, dtype)
    scale = 0.5
    got = _run_attention(device, q, k, v, mask="causal")
    keep = _end_aligned_keep(s, t)
    _expect_close(got, _attention_ref(q, k, v, scale, keep), dtype)
    _expect_close(got, _torch_sdpa(q, k, v, scale, keep), dtype)


@pytest.mark.parametrize("dtype", ["f32", "bf16", "f64"])
@pytest.mark.parametrize("s, t, window", [(8, 8, 3), (2, 9, 4), (5, 5, 1), (4, 6, 10)])
def test_attention_sliding_window(device, dtype, s, t, window):
    q, k, v = _qkv(np.random.default_rng(11), 1, 2, 1, s, t, 4, dtype)
    got = _run_attention(device, q, k, v, window=window)
    keep = _end_aligned_keep(s, t, window)
    _expect_close(got, _attention_ref(q, k, v, 0.5, keep), dtype)
    _expect_close(got, _torch_sdpa(q, k, v, 0.5, keep), dtype)


def test_attention_window_with_bool_mask(device):
    rng = np.random.default_rng(12)
    q, k, v = _qkv(rng, 2, 2, 2, 6, 6, 4, "f64")
    user_keep = _keep_with_some_key(rng, (2, 2, 6, 6))
    got = _run_attention(device, q, k, v, mask=user_keep, window=2)
    keep = user_keep & _end_aligned_keep(6, 6, 2)
    _expect_close(got, _attention_ref(q, k, v, 0.5, keep), "f64")


@pytest.mark.parametrize("dtype", FLOATS)
def test_attention_fully_masked_rows_give_zeros(device, dtype):
    rng = np.random.default_rng(13)
    q, k, v = _qkv(rng, 2, 2, 2, 4, 5, 4, dtype)
    keep = _keep_with_some_key(rng, (2, 2, 4, 5))
    keep[:, :, 1] = False
    keep[1, 0, 3] = False
    got = _run_attention(device, q, k, v, mask=keep)
    assert not np.isnan(_f64(got)).any()
    assert (_f64(got)[:, :, 1] == 0).all() and (_f64(got)[1, 0, 3] == 0).all()
    _expect_close(got, _attention_ref(q, k, v, 0.5, keep), dtype)

    bias = np.zeros((4, 5), _np_dtype(dtype))
    bias[2] = -np.inf
    bias[0, 1:] = -np.inf
    got = _run_attention(device, q, k, v, mask=bias)
    assert (_f64(got)[:, :, 2] == 0).all()
    _expect_close(got, _attention_ref(q, k, v, 0.5, bias=bias), dtype)


@pytest.mark.parametrize("dtype", FLOATS)
def test_attention_rows_with_inf_or_nan_scores_are_nan(device, dtype):
    """A +inf or nan score makes its query row nan, as softmax's inf / inf does in
    PyTorch's SDPA; the other rows are unaffected."""
    rng = np.random.default_rng(15)
    q, k, v = _qkv(rng, 1, 2, 2, 4, 6, 4, dtype)
    bias = np.zeros((1, 2, 4, 6), _np_dtype(dtype))
    bias[0, 0, 1, 2] = np.inf
    bias[0, 1, 3, 0] = np.nan
    bias[0, 1, 0, 4] = -np.inf
    got = _f64(_run_attention(device, q, k, v, mask=bias))
    want = _torch_sdpa(q, k, v, 0.5, bias).numpy()
    bad = np.zeros((1, 2, 4), bool)
    bad[0, 0, 1] = bad[0, 1, 3] = True
    assert np.isnan(want[bad]).all() and not np.isnan(want[~bad]).any()
    assert np.isnan(got[bad]).all() and not np.isnan(got[~bad]).any()
    np.testing.assert_allclose(got[~bad], want[~bad], **tol(_np_dtype(dtype)))


def test_attention_more_queries_than_keys_and_no_keys(device):
    """Causal with S > T: the first S - T queries precede every key and give zeros;
    T == 0 gives all zeros."""
    rng = np.random.default_rng(14)
    q, k, v = _qkv(rng, 1, 2, 2, 5, 3, 4, "f64")
    got = _run_attention(device, q, k, v, mask="causal")
    assert (got[:, :, :2] == 0).all()
    _expect_close(got, _attention_ref(q, k, v, 0.5, _end_aligned_keep(5, 3)), "f64")

    q, k, v = _qkv(rng, 1, 2, 2, 3, 0, 4, "f32")
    got = _run_attention(device, q, k, v)
    assert got.shape == (1, 2, 3, 4) and (got == 0).all()


# --------------------------------------------------------------------------- rope

def _rope_tables(rng, table_shape, dtype):
    """cos/sin of random angles, rounded to ``dtype``."""
    angles = rng.uniform(-np.pi, np.pi, table_shape)
    return np.cos(angles).astype(_np_dtype(dtype)), np.sin(angles).astype(_np_dtype(dtype))


def _rope_half_ref(x, cos, sin) -> np.ndarray:
    """Rotate-half, written pair by pair: feature i turns with feature i + R/2."""
    x, cos, sin = _f64(x), _f64(cos), _f64(sin)
    half = cos.shape[-1]
    cos = np.broadcast_to(cos, x.shape[:-1] + (half,))
    sin = np.broadcast_to(sin, x.shape[:-1] + (half,))
    out = x.copy()
    for i in range(half):
        a, b = x[..., i], x[..., i + half]
        out[..., i] = a * cos[..., i] - b * sin[..., i]
        out[..., i + half] = b * cos[..., i] + a * sin[..., i]
    return out


def _rope_half_torch(x, cos, sin) -> torch.Tensor:
    """The HuggingFace formula x*cos + rotate_half(x)*sin on the rotary part."""
    xt, ct, st = _torch(x), _torch(cos), _torch(sin)
    rotary = 2 * ct.shape[-1]
    x_rot, x_pass = xt[..., :rotary], xt[..., rotary:]
    cos_full = torch.cat([ct, ct], dim=-1)
    sin_full = torch.cat([st, st], dim=-1)
    x1, x2 = x_rot[..., :rotary // 2], x_rot[..., rotary // 2:]
    rotated = torch.cat([-x2, x1], dim=-1)
    return torch.cat([x_rot * cos_full + rotated * sin_full, x_pass], dim=-1)


def _rope_interleaved_ref(x, cos, sin) -> np.ndarray:
    """Interleaved pairs (2i, 2i+1) as complex numbers times cos + i*sin."""
    x = _f64(x)
    rotary = 2 * cos.shape[-1]
    z = x[..., 0:rotary:2] + 1j * x[..., 1:rotary:2]
    z = z * (_f64(cos) + 1j * _f64(sin))
    out = x.copy()
    out[..., 0:rotary:2] = z.real
    out[..., 1:rotary:2] = z.imag
    return out


ROPE_SHAPES = [
    ((2, 3, 5, 8), (5, 4)),
    ((2, 3, 5, 10), (5, 3)),
    ((2, 5, 8), (2, 5, 2)),
    ((1, 2, 4, 6), (1, 1, 4, 3)),
]


def _run_rope(device, x, cos, sin, interleaved):
    feeds = {"x": x, "cos": cos, "sin": sin}
    g = rlx.Graph()
    xin, cin, sin_in = _inputs(g, feeds).values()
    (got,) = _run(g, [rlx.rope(xin, cin, sin_in, interleaved=interleaved)], feeds, device)
    return got


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("x_shape, table_shape", ROPE_SHAPES)
def test_rope_rotate_half(device, dtype, x_shape, table_shape):
    rng = np.random.default_rng(15)
    x = _sample(rng, x_shape, dtype)
    cos, sin = _rope_tables(rng, table_shape, dtype)
    got = _run_rope(device, x, cos, sin, interleaved=False)
    _expect_close(got, _rope_half_ref(x, cos, sin), dtype)
    _expect_close(got, _rope_half_torch(x, cos, sin), dtype)
    rotary = 2 * table_shape[-1]
    np.testing.assert_array_equal(got[..., rotary:], x[..., rotary:])


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("x_shape, table_shape", ROPE_SHAPES)
def test_rope_interleaved(device, dtype, x_shape, table_shape):
    rng = np.random.default_rng(16)
    x = _sample(rng, x_shape, dtype)
    cos, sin = _rope_tables(rng, table_shape, dtype)
    got = _run_rope(device, x, cos, sin, interleaved=True)
    _expect_close(got, _rope_interleaved_ref(x, cos, sin), dtype)
    rotary = 2 * table_shape[-1]
    np.testing.assert_array_equal(got[..., rotary:], x[..., rotary:])


def test_rope_positions_match_frequency_formula(device):
    """Tables built from positions and inverse frequencies, as models do: rotating by
    position p then reading pairs gives the angle p * theta_i."""
    s, dim = 6, 8
    inv_freq = 10000.0 ** (-np.arange(0, dim, 2) / dim)
    angles = np.outer(np.arange(s), inv_freq)
    x = _sample(np.random.default_rng(17), (1, 2, s, dim), "f64")
    got = _run_rope(device, x, np.cos(angles), np.sin(angles), interleaved=False)
    _expect_close(got, _rope_half_torch(x, np.cos(angles), np.sin(angles)), "f64")
    np.testing.assert_allclose(got[:, :, 0], x[:, :, 0], rtol=0, atol=0)  # position 0


# --------------------------------------------------------------------------- topk

def _topk_ref(x, k, axis, largest):
    """Values and indices by sorting each lane in Python: key (-value, index) for
    largest, (value, index) for smallest, so ties go to the lower index."""
    lanes = np.moveaxis(np.asarray(x), axis, -1)
    idx = np.zeros(lanes.shape[:-1] + (k,), np.int64)
    for lane in np.ndindex(*lanes.shape[:-1]):
        row = [float(v) for v in lanes[lane]]
        sign = -1.0 if largest else 1.0
        order = sorted(range(len(row)), key=lambda i, r=row: (sign * r[i], i))
        idx[lane] = order[:k]
    idx = np.moveaxis(idx, -1, axis)
    return np.take_along_axis(np.asarray(x), idx, axis=axis), idx


def _run_topk(device, x, k, axis, largest):
    g = rlx.Graph()
    xin = g.input("x", x.shape, x.dtype)
    values, indices = rlx.topk(xin, k, axis=axis, largest=largest)
    return _run(g, [values, indices], {"x": x}, device)


@pytest.mark.parametrize("dtype", FLOATS + ["i32", "i64"])
@pytest.mark.parametrize("largest", [True, False])
@pytest.mark.parametrize("shape, k, axis", [((3, 10), 4, -1), ((7, 5), 3, 0), ((2, 3, 6), 3, 1)])
def test_topk_matches_torch(device, dtype, largest, shape, k, axis):
    rng = np.random.default_rng(18)
    n = int(np.prod(shape))
    x = (rng.permutation(n) - n // 2).reshape(shape).astype(_np_dtype(dtype))
    values, indices = _run_topk(device, x, k, axis, largest)

    want_values, want_indices = _topk_ref(x, k, axis, largest)
    assert values.dtype == x.dtype and indices.dtype == np.int64
    np.testing.assert_array_equal(values, want_values)
    np.testing.assert_array_equal(indices, want_indices)
    torch_values, torch_indices = torch.topk(torch.from_numpy(_f64(x)), k, dim=axis,
                                             largest=largest, sorted=True)
    np.testing.assert_array_equal(_f64(values), torch_values.numpy())
    np.testing.assert_array_equal(indices, torch_indices.numpy())


@pytest.mark.parametrize("dtype", ["f32", "bf16", "i32", "u8"])
@pytest.mark.parametrize("largest", [True, False])
def test_topk_ties_go_to_lower_index(device, dtype, largest):
    rng = np.random.default_rng(19)
    x = rng.integers(0, 3, (4, 9)).astype(_np_dtype(dtype))
    values, indices = _run_topk(device, x, 6, -1, largest)
    want_values, want_indices = _topk_ref(x, 6, -1, largest)
    np.testing.assert_array_equal(values, want_values)
    np.testing.assert_array_equal(indices, want_indices)
    # torch.sort(stable=True) keeps equal elements in index order, which is the rule
    _, torch_order = torch.sort(torch.from_numpy(_f64(x)), dim=-1, descending=largest,
                                stable=True)
    np.testing.assert_array_equal(indices, torch_order[:, :6].numpy())


def test_topk_k_zero_and_full(device):
    x = np.array([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]], np.float32)
    values, indices = _run_topk(device, x, 0, -1, True)
    assert values.shape == (2, 0) and indices.shape == (2, 0)
    values, indices = _run_topk(device, x, 3, -1, False)
    np.testing.assert_array_equal(values, np.sort(x, axis=-1))
    np.testing.assert_array_equal(indices, [[1, 2, 0], [0, 2, 1]])


def test_topk_nan_ranks_highest(device):
    """nan sorts above every number, as in torch.topk."""
    x = np.array([1.0, np.nan, 3.0, -np.inf, 2.0], np.float32)
    values, indices = _run_topk(device, x, 2, 0, True)
    torch_values, torch_indices = torch.topk(torch.from_numpy(x), 2)
    np.testing.assert_array_equal(values, torch_values.numpy())
    np.testing.assert_array_equal(indices, torch_indices.numpy())
    values, indices = _run_topk(device, x, 4, 0, False)
    torch_values, torch_indices = torch.topk(torch.from_numpy(x), 4, largest=False)
    np.testing.assert_array_equal(values, torch_values.numpy())
    np.testing.assert_array_equal(indices, torch_indices.numpy())


# --------------------------------------------------------------------------- cross-entropy

def _xent_ref(logits, labels, reduction) -> np.ndarray:
    z = _f64(logits)
    top = z.max(axis=1, keepdims=True)
    log_probs = z - top - np.log(np.exp(z - top).sum(axis=1, keepdims=True))
    losses = -log_probs[np.arange(len(labels)), labels]
    if reduction == "none":
        return losses
    return losses.sum() if reduction == "sum" else losses.mean()


def _run_xent(device, logits, labels, reduction):
    feeds = {"logits": logits, "labels": labels}
    g = rlx.Graph()
    zin, lin = _inputs(g, feeds).values()
    y = rlx.softmax_cross_entropy(zin, lin, reduction=reduction)
    (got,) = _run(g, [y], feeds, device)
    return got


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("label_dtype", [np.int64, np.int32])
def test_softmax_cross_entropy(device, dtype, reduction, label_dtype):
    rng = np.random.default_rng(20)
    logits = _sample(rng, (6, 5), dtype, scale=3.0)
    labels = rng.integers(0, 5, 6).astype(label_dtype)
    got = _run_xent(device, logits, labels, reduction)
    _expect_close(got, _xent_ref(logits, labels, reduction), dtype)
    want = F.cross_entropy(_torch(logits), torch.from_numpy(labels.astype(np.int64)),
                           reduction=reduction)
    _expect_close(got, want, dtype)


def test_softmax_cross_entropy_of_huge_close_logits(device):
    """Logits of 1e16 and more: the loss is log 2 (shift and label logit cancel first;
    logsumexp minus the logit lost it to rounding: 0)."""
    logits = np.array([[1e16, 1e16, 1e16 - 1e4], [3e17, 3e17 - 1e3, 3e17]])
    labels = np.array([0, 2], np.int64)
    got = _run_xent(device, logits, labels, "none")
    want = F.cross_entropy(torch.from_numpy(logits), torch.from_numpy(labels),
                           reduction="none").numpy()
    np.testing.assert_allclose(got, want, rtol=1e-12)
    np.testing.assert_allclose(got, [np.log(2.0)] * 2, rtol=1e-12)


@pytest.mark.parametrize("bad", [5, -1, 4])
def test_softmax_cross_entropy_bad_label_raises(device, bad):
    logits = _sample(np.random.default_rng(21), (3, 4), "f32")
    labels = np.array([0, bad, 1], np.int64)
    with pytest.raises(ExecutionError, match=rf"label {bad}\b"):
        _run_xent(device, logits, labels, "mean")


@pytest.mark.parametrize("op", ["layer_norm", "rms_norm"])
def test_norms_of_rows_whose_squares_overflow_f32(device, op):
    """f32 rows of 1e20-sized values: their squares overflow f32 (the cpu device's
    float partial sums gave a variance of inf and outputs of 0); the result is float64
    numpy's, as the reference device gives. wgpu decomposes the norms and squares in
    f32 (documented in the README), so it is not held to this."""
    if device.startswith("wgpu"):
        pytest.skip("wgpu's decomposed norms square in f32 (README: the wgpu device)")
    x = (np.arange(1, 17, dtype=np.float32).reshape(2, 8)
         * np.array([[1e20], [1.0]], np.float32))
    g = rlx.Graph()
    t = g.input("x", x.shape, "f32")
    g.set_outputs([rlx.layer_norm(t) if op == "layer_norm" else rlx.rms_norm(t, eps=1e-6)])
    (got,) = rlx.Session(device).compile(g).run({"x": x})
    x64 = x.astype(np.float64)
    if op == "layer_norm":
        want = (x64 - x64.mean(-1, keepdims=True)) / np.sqrt(x64.var(-1, keepdims=True) + 1e-5)
    else:
        want = x64 / np.sqrt((x64 ** 2).mean(-1, keepdims=True) + 1e-6)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("op", ["layer_norm", "rms_norm"])
def test_norms_of_rows_whose_squares_underflow_f32(device, op):
    """f32 rows of 1e-30 and 1e-20 with eps = 0, beside a row of zeros (eps 0: 0/0,
    nan, as float64 numpy gives) and an ordinary row: squares of values below 1e-19
    are subnormal or 0 in f32 (the cpu device gave inf for the 1e-30 row and lost 3
    bits on the 1e-20 one); the result is float64 numpy's, as the reference device
    gives. wgpu squares in f32 (README), so it is not held to this."""
    if device.startswith("wgpu"):
        pytest.skip("wgpu's decomposed norms square in f32 (README: the wgpu device)")
    base = np.array([1.0, -2.0, 3.0, -4.0, 0.5, 1.5, -0.25, 2.0])
    x = (base * np.array([[1e-30], [1e-20], [0.0], [1.0]])).astype(np.float32)
    g = rlx.Graph()
    t = g.input("x", x.shape, "f32")
    g.set_outputs([rlx.layer_norm(t, eps=0.0) if op == "layer_norm" else rlx.rms_norm(t, eps=0.0)])
    (got,) = rlx.Session(device).compile(g).run({"x": x})
    x64 = x.astype(np.float64)
    with np.errstate(invalid="ignore"):
        if op == "layer_norm":
            want = (x64 - x64.mean(-1, keepdims=True)) / np.sqrt(x64.var(-1, keepdims=True))
        else:
            want = x64 / np.sqrt((x64 ** 2).mean(-1, keepdims=True))
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6, equal_nan=True)


def test_rms_norm_of_a_row_holding_an_infinity(device):
    """mean(x^2) is inf: the finite values give +-0 and the inf nan, as torch gives (the
    rescue of overflowing squares took the inf row too and made it all nan)."""
    x = np.array([[np.inf, 1.0, -2.0, 3.0], [1.0, 2.0, 3.0, 4.0]], np.float32)
    g = rlx.Graph()
    g.set_outputs([rlx.rms_norm(g.input("x", x.shape, "f32"), eps=1e-6)])
    (got,) = rlx.Session(device).compile(g).run({"x": x})
    want = torch.nn.functional.rms_norm(torch.from_numpy(x.astype(np.float64)), (4,),
                                        eps=1e-6).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-6, equal_nan=True)
    assert np.signbit(got[0, 2]) and np.isnan(got[0, 0])


@pytest.mark.parametrize("window", [1.9, True, 0, -2, "4"])
def test_attention_window_must_be_a_positive_int(window):
    """A window of 1.9 or True ran as 1; every non-int or non-positive one is refused."""
    g = rlx.Graph()
    q = g.input("q", (1, 2, 4, 8))
    with pytest.raises(rlx.GraphBuildError, match="window must be (a positive int|an int or "
                                                  "None), got"):
        rlx.attention(q, q, q, mask="causal", window=window)
