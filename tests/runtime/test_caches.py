"""Compile caches (spec scenarios 26-28): CompileCache, power_of_two_ladder,
BucketedCompileCache and its run_padded, pad_rows / slice_rows."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlx
from rlx.runtime.caches import (
    BucketedCompileCache,
    CompileCache,
    pad_rows,
    power_of_two_ladder,
    slice_rows,
)

RNG = np.random.default_rng(7)
W = RNG.standard_normal((4, 3)).astype(np.float32)
B = RNG.standard_normal(3).astype(np.float32)


def _affine(seq: int) -> rlx.Graph:
    """Row-wise along axis 1: y = (x @ w + b) * gain + t, softmax(y) over the last axis,
    and b * gain, which has no sequence axis."""
    g = rlx.Graph(f"affine{seq}")
    x = g.input("x", (1, seq, 4))
    t = g.input("t", (1, seq, 3))
    gain = g.input("gain", (3,))
    w = g.param("w", (4, 3))
    b = g.param("b", (3,))
    y = (x @ w + b) * gain + t
    g.set_outputs([y, rlx.softmax(y, -1), b * gain])
    return g


def _set_params(cg, *_):
    cg.set_param("w", W)
    cg.set_param("b", B)


def _oracle(x, t, gain):
    """float64 numpy version of ``_affine``'s outputs."""
    y = (x.astype(np.float64) @ W.astype(np.float64) + B) * gain + t
    e = np.exp(y - y.max(-1, keepdims=True))
    return [y, e / e.sum(-1, keepdims=True), B.astype(np.float64) * gain]


def _feeds(seq: int):
    return {"x": RNG.standard_normal((1, seq, 4)).astype(np.float32),
            "t": RNG.standard_normal((1, seq, 3)).astype(np.float32),
            "gain": np.array([1.0, -0.5, 2.0], np.float32)}


class _Builds:
    """A counting ``build`` callable for the bucketed cache."""

    def __init__(self):
        self.extents = []

    def __call__(self, extent):
        self.extents.append(extent)
        return _affine(extent)


def _bucketed(on_compile=_set_params):
    builds = _Builds()
    cache = BucketedCompileCache("reference", power_of_two_ladder(8, 256), builds,
                                 on_compile=on_compile)
    return cache, builds


# ---------------------------------------------------------------------- CompileCache
def _tiny(value: float) -> rlx.Graph:
    g = rlx.Graph("tiny")
    x = g.input("x", (2,))
    s = g.param("s", (1,))
    g.set_outputs([x * s + value])
    return g


def test_compile_cache_hit_does_not_recompile_and_keeps_params():
    cache = CompileCache("reference", capacity=2)
    builds = []

    def build():
        builds.append(1)
        return _tiny(0.0)

    cg = cache.get_or_compile("k", build)
    cg.set_param("s", [3.0])
    again = cache.get_or_compile("k", build)
    assert again is cg and len(builds) == 1
    np.testing.assert_array_equal(again.run({"x": [1.0, 2.0]})[0], [3.0, 6.0])
    other = cache.get_or_compile("other", lambda: _tiny(1.0))
    other.set_param("s", [10.0])
    np.testing.assert_array_equal(cache.get("k").run({"x": [1.0, 2.0]})[0], [3.0, 6.0])
    np.testing.assert_array_equal(other.run({"x": [1.0, 2.0]})[0], [11.0, 21.0])


def test_compile_cache_evicts_oldest_insertion_not_least_recently_used():
    cache = CompileCache("reference", capacity=2)
    a = cache.get_or_compile("a", lambda: _tiny(0.0))
    cache.get_or_compile("b", lambda: _tiny(0.0))
    assert cache.get_or_compile("a", lambda: _tiny(0.0)) is a  # a hit does not refresh "a"
    cache.get_or_compile("c", lambda: _tiny(0.0))
    assert cache.keys() == ["b", "c"] and len(cache) == 2
    assert "a" not in cache and "b" in cache and "c" in cache
    assert cache.get("a") is None
    assert cache.get_or_compile("a", lambda: _tiny(0.0)) is not a  # recompiled fresh
    assert cache.keys() == ["c", "a"]
    cache.clear()
    assert len(cache) == 0 and cache.keys() == []


def test_compile_cache_capacity_one():
    cache = CompileCache("reference", 1)
    cache.get_or_compile(1, lambda: _tiny(0.0))
    cache.get_or_compile(2, lambda: _tiny(0.0))
    assert cache.keys() == [2] and cache.capacity == 1 and cache.device == "reference"


def test_compile_cache_failed_build_or_hook_stores_nothing():
    cache = CompileCache("reference", 1)
    cache.get_or_compile("a", lambda: _tiny(0.0))

    def boom(_cg):
        raise RuntimeError("hook failed")

    with pytest.raises(RuntimeError, match="hook failed"):
        cache.get_or_compile("b", lambda: _tiny(0.0), on_compile=boom)
    with pytest.raises(rlx.GraphBuildError):
        cache.get_or_compile("b", lambda: "not a graph")
    assert cache.keys() == ["a"]
    seen = []
    cg = cache.get_or_compile("c", lambda: _tiny(0.0), on_compile=seen.append)
    assert seen == [cg]


@pytest.mark.parametrize("capacity", [0, -1, 1.5, True, "2", None])
def test_compile_cache_rejects_bad_capacity(capacity):
    with pytest.raises(rlx.InputError, match="capacity"):
        CompileCache("reference", capacity)


def test_compile_cache_rejects_unknown_device():
    with pytest.raises(rlx.DeviceError):
        CompileCache("no-such-device", 2)


# ---------------------------------------------------------------------- ladder
@pytest.mark.parametrize("lo, hi, expected", [
    (8, 256, [8, 16, 32, 64, 128, 256]),
    (1, 1, [1]),
    (1, 8, [1, 2, 4, 8]),
    (8, 200, [8, 16, 32, 64, 128, 200]),
    (5, 6, [5, 6]),
    (np.int64(2), 8, [2, 4, 8]),
])
def test_power_of_two_ladder(lo, hi, expected):
    assert power_of_two_ladder(lo, hi) == expected


@pytest.mark.parametrize("lo, hi", [(0, 8), (-1, 8), (9, 8), (1.0, 8), (1, "8"), (True, 8)])
def test_power_of_two_ladder_rejects_bad_arguments(lo, hi):
    with pytest.raises(rlx.InputError):
        power_of_two_ladder(lo, hi)


# ---------------------------------------------------------------------- buckets
@pytest.mark.parametrize("key, extent", [
    (1, 8), (8, 8), (9, 16), (16, 16), (17, 32), (33, 64), (129, 256), (256, 256),
    (257, None), (0, None), (-3, None), (np.int32(12), 16),
])
def test_bucket_for(key, extent):
    cache, builds = _bucketed()
    assert cache.bucket_for(key) == extent
    assert builds.extents == []  # looking up a bucket compiles nothing


def test_bucket_for_rejects_non_integer_keys():
    cache, _ = _bucketed()
    for key in (8.0, "8", None, True):
        with pytest.raises(rlx.InputError, match="bucket key"):
            cache.bucket_for(key)


@pytest.mark.parametrize("extents", [[], [0, 8], [8, 8], [16, 8], "8", 8, [8, 2.5]])
def test_bucketed_cache_rejects_bad_extents(extents):
    with pytest.raises(rlx.InputError, match="extent"):
        BucketedCompileCache("reference", extents, _affine)


def test_buckets_compile_lazily_once_each():
    hooked = []

    def hook(cg, extent):
        hooked.append(extent)
        _set_params(cg)

    cache, builds = _bucketed(on_compile=hook)
    assert cache.compiled_extents() == [] and cache.extents == (8, 16, 32, 64, 128, 256)
    cg = cache.get(17)
    assert builds.extents == [32] and hooked == [32]
    assert cg.input_types["x"].shape == (1, 32, 4)
    assert cache.get(20) is cg and cache.get(32) is cg
    assert cache.get(3) is not cg
    assert cache.get(300) is None and cache.get(0) is None
    assert builds.extents == [32, 8] and hooked == [32, 8]
    assert cache.compiled_extents() == [8, 32]


# ---------------------------------------------------------------------- run_padded
@pytest.mark.parametrize("actual", [1, 5, 8, 11, 17])
def test_run_padded_matches_exact_graph_and_oracle(actual):
    cache, _ = _bucketed()
    feeds = _feeds(actual)
    got = cache.run_padded(feeds, actual)
    exact = rlx.Session("reference").compile(_affine(actual))
    _set_params(exact)
    want = exact.run(feeds)
    assert [o.shape for o in got] == [(1, actual, 3), (1, actual, 3), (3,)]
    for g, w, o in zip(got, want, _oracle(**feeds), strict=True):
        assert g.dtype == np.float32
        np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(g, o, rtol=1e-5, atol=1e-6)


def test_run_padded_reuses_the_bucket_for_other_actuals():
    cache, builds = _bucketed()
    for actual in (9, 12, 16):
        feeds = _feeds(actual)
        got = cache.run_padded(feeds, actual)
        np.testing.assert_allclose(got[1], _oracle(**feeds)[1], rtol=1e-5, atol=1e-6)
    assert builds.extents == [16]


def _spy_extents(cg, monkeypatch):
    """Record every set_active_extent call, and the extent in force at each run."""
    calls, at_run, current = [], [], [None]
    set_extent, run = cg.set_active_extent, cg.run

    def spy_set(extent):
        calls.append(extent)
        current[0] = extent
        set_extent(extent)

    def spy_run(inputs=None):
        at_run.append(current[0])
        return run(inputs)

    monkeypatch.setattr(cg, "set_active_extent", spy_set)
    monkeypatch.setattr(cg, "run", spy_run)
    return calls, at_run


def test_run_padded_sets_active_extent_only_during_the_run(monkeypatch):
    cache, _ = _bucketed()
    calls, at_run = _spy_extents(cache.get(5), monkeypatch)
    cache.run_padded(_feeds(5), 5)
    assert at_run == [(5, 8)] and calls == [(5, 8), None]


def test_run_padded_clears_active_extent_when_the_run_raises(monkeypatch):
    cache, _ = _bucketed()
    calls, at_run = _spy_extents(cache.get(5), monkeypatch)
    feeds = _feeds(5)
    del feeds["t"]
    with pytest.raises(rlx.InputError, match="missing input 't'"):
        cache.run_padded(feeds, 5)
    assert at_run == [(5, 8)] and calls == [(5, 8), None]


def test_run_padded_explicit_selection():
    cache, _ = _bucketed()
    feeds = _feeds(5)
    y, p, bg = cache.run_padded(feeds, 5, pad_inputs=["x", "t"], slice_outputs=[0])
    want = _oracle(**feeds)
    assert y.shape == (1, 5, 3) and p.shape == (1, 8, 3) and bg.shape == (3,)
    np.testing.assert_allclose(y, want[0], rtol=1e-5, atol=1e-6)
    # rows past `actual` are left as the backend produced them (a backend honouring the
    # active extent may skip them), so only the real rows are checked
    np.testing.assert_allclose(p[:, :5], want[1], rtol=1e-5, atol=1e-6)


def test_run_padded_returns_an_output_with_empty_rows_unsliced():
    """The spec's run_padded: an output whose rows hold no elements (inner size 0) is
    returned as the run gave it, the others cut back (the whole call raised, from
    slice_rows)."""
    def build(extent):
        g = rlx.Graph("empty_rows")
        x = g.input("x", (1, extent, 4))
        g.set_outputs([x * 2.0, x[:, :, :0]])
        return g

    cache = BucketedCompileCache("reference", [4, 8], build)
    x = RNG.standard_normal((1, 5, 4)).astype(np.float32)
    doubled, empty = cache.run_padded({"x": x}, 5)
    np.testing.assert_array_equal(doubled, 2 * x.astype(np.float64))
    assert empty.shape == (1, 8, 0)
    doubled, empty = cache.run_padded({"x": x}, 5, slice_outputs=[0, 1])
    assert doubled.shape == (1, 5, 4) and empty.shape == (1, 8, 0)


def test_run_padded_axis_parameter():
    def build(extent):
        g = rlx.Graph("rows")
        x = g.input("x", (extent, 2))
        g.set_outputs([rlx.softmax(x * 2.0, -1)])
        return g

    cache = BucketedCompileCache("reference", [4, 8], build)
    x = RNG.standard_normal((3, 2)).astype(np.float32)
    (got,) = cache.run_padded({"x": x}, 3, axis=0)
    e = np.exp(2.0 * x.astype(np.float64))
    np.testing.assert_allclose(got, e / e.sum(-1, keepdims=True), rtol=1e-5)
    (again,) = cache.run_padded({"x": x}, 3, axis=-2)
    np.testing.assert_array_equal(again, got)


@pytest.mark.parametrize("kwargs, match", [
    (dict(actual=0), "outside every bucket"),
    (dict(actual=257), "outside every bucket"),
    (dict(actual=5, pad_inputs=["nope"]), "not among the inputs"),
    (dict(actual=5, pad_inputs=["gain"]), "rows along axis"),
    (dict(actual=5, slice_outputs=[3]), "out of range"),
    (dict(actual=5, axis="1"), "axis"),
])
def test_run_padded_rejects_bad_requests(kwargs, match):
    cache, _ = _bucketed()
    with pytest.raises(rlx.InputError, match=match):
        cache.run_padded(_feeds(5), **kwargs)


def test_run_padded_rejects_non_mapping_inputs():
    cache, _ = _bucketed()
    with pytest.raises(rlx.InputError, match="mapping"):
        cache.run_padded([np.zeros((1, 5, 4))], 5)


# ---------------------------------------------------------------------- pad / slice
def test_pad_rows_values():
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    p = pad_rows(a, 4, 0)
    np.testing.assert_array_equal(p, [[0, 1, 2], [3, 4, 5], [0, 0, 0], [0, 0, 0]])
    assert p.dtype == np.int32 and p.flags.c_contiguous
    q = pad_rows(a, 5, -1)
    np.testing.assert_array_equal(q, [[0, 1, 2, 0, 0], [3, 4, 5, 0, 0]])
    same = pad_rows(a, 2, 0)
    same[0, 0] = 99
    assert a[0, 0] == 0  # never a view


def test_slice_rows_values():
    a = np.arange(24, dtype=np.float32).reshape(2, 4, 3)
    s = slice_rows(a, 2, 1)
    np.testing.assert_array_equal(s, a[:, :2])
    assert s.flags.c_contiguous and s.shape == (2, 2, 3)
    s[0, 0, 0] = -1
    assert a[0, 0, 0] == 0  # never a view
    assert slice_rows(a, 0, -1).shape == (2, 4, 0)


@settings(max_examples=25, deadline=None)
@given(shape=st.lists(st.integers(1, 4), min_size=1, max_size=3), extra=st.integers(0, 3),
       data=st.data())
def test_pad_then_slice_round_trips(shape, extra, data):
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    a = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape) + 1
    rows = a.shape[axis]
    padded = pad_rows(a, rows + extra, axis)
    assert padded.shape[axis] == rows + extra
    assert float(padded.sum()) == float(a.sum())
    np.testing.assert_array_equal(slice_rows(padded, rows, axis), a)


@pytest.mark.parametrize("fn, args, match", [
    (pad_rows, (np.zeros((3, 2)), 2, 0), "smaller than"),
    (pad_rows, (np.zeros((3, 2)), -1, 0), ">= 0"),
    (pad_rows, (np.zeros((3, 2)), 4.0, 0), "integer"),
    (pad_rows, (np.zeros((3, 2)), 4, 2), "out of range"),
    (pad_rows, (np.zeros((3, 2)), 4, -3), "out of range"),
    (pad_rows, ([[1.0, 2.0]], 4, 0), "numpy array"),
    (pad_rows, (np.float32(1.0), 4, 0), "numpy array"),
    (pad_rows, (np.zeros(()), 4, 0), "0-d"),
    (pad_rows, (np.zeros((3, 0)), 4, 0), "no elements"),
    (slice_rows, (np.zeros((3, 2)), 4, 0), "exceeds"),
    (slice_rows, (np.zeros((3, 2)), -1, 0), ">= 0"),
    (slice_rows, (np.zeros((3, 2)), 1, 2), "out of range"),
    (slice_rows, (np.zeros((3, 2)), 1, 0.0), "integer"),
    (slice_rows, ((1, 2, 3), 1, 0), "numpy array"),
    (slice_rows, (np.zeros((0, 3, 0)), 0, 1), "no elements"),
])
def test_pad_and_slice_reject_bad_arguments(fn, args, match):
    with pytest.raises(rlx.InputError, match=match):
        fn(*args)
