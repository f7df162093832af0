"""CompiledGraph: the spec's scenarios and the run/param/handle surface, on every device."""

import math
import threading

import ml_dtypes
import numpy as np
import pytest

import rlx


def _gelu(v):
    return 0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0)))


def _mlp(device):
    g = rlx.Graph("mlp")
    x = g.input("x", (2, 4))
    w = g.param("w", (4, 3))
    b = g.param("b", (3,))
    g.set_outputs([rlx.gelu(x @ w + b)])
    cg = rlx.Session(device).compile(g)
    cg.set_param("w", np.eye(4, 3, dtype=np.float32))
    cg.set_param("b", np.array([0.5, -0.5, 0.0], np.float32))
    return cg


def test_scenario_end_to_end_mlp(device):
    cg = _mlp(device)
    x = np.array([[1, 0, 0, 0], [0, 1, 0, 0]], np.float32)
    (y,) = cg.run({"x": x})
    assert y.shape == (2, 3) and y.dtype == np.float32
    np.testing.assert_allclose(y, [[1.399, -0.154, 0], [0.346, 0.346, 0]], atol=0.01)
    exact = [[_gelu(1.5), _gelu(-0.5), 0.0], [_gelu(0.5), _gelu(0.5), 0.0]]
    np.testing.assert_allclose(y, exact, rtol=1e-6, atol=1e-7)
    (y0,) = cg.run({"x": np.zeros((2, 4), np.float32)})
    np.testing.assert_allclose(y0[0], [_gelu(0.5), _gelu(-0.5), 0.0], rtol=1e-6)
    assert abs(y0[0, 0] - 0.346) < 0.01


def test_no_step_runs_on_the_host_between_device_steps(device):
    """The spec's browser-WebGPU questions, on a program with a data-dependent loop:
    the host is the device here, so no step is left to it."""
    g = rlx.Graph("host_steps")
    x = g.input("x", (4,))
    g.set_outputs([rlx.control.while_loop(lambda v: v.sum() < 100.0, lambda v: v * 2.0, x)])
    cg = rlx.Session(device).compile(g)
    assert cg.requires_host_execution() is False
    assert cg.host_execution_summary() is None
    (y,) = cg.run({"x": np.ones(4, np.float32)})
    np.testing.assert_array_equal(y, np.full(4, 32.0))     # 4 -> 8 -> ... -> 128


def test_scenario_quickstart_matmul(device):
    g = rlx.Graph("q")
    x = g.input("x", (1, 4))
    w = g.param("w", (4, 2))
    g.set_outputs([x @ w])
    cg = rlx.Session(device).compile(g)
    cg.set_param("w", np.array([1, 0, 0, 1, 1, 0, 0, 1], np.float32))  # flat, row-major
    (y,) = cg.run({"x": np.array([1, 2, 3, 4], np.float32)})
    np.testing.assert_array_equal(y, [[4, 6]])


@pytest.mark.parametrize("dtype", ["bf16", "f16"])
def test_scenario_narrow_input_is_converted_not_reinterpreted(device, dtype):
    g = rlx.Graph("narrow")
    x = g.input("x", (4,), dtype)
    g.set_outputs([x + 0, (x + 0).cast("f32")])
    cg = rlx.Session(device).compile(g)
    y, y32 = cg.run({"x": np.array([1, 2, 3, 4], np.float32)})
    assert y.dtype == rlx.as_dtype(dtype).np
    np.testing.assert_array_equal(y.astype(np.float32), [1, 2, 3, 4])
    np.testing.assert_array_equal(y32, [1, 2, 3, 4])


@pytest.mark.parametrize("dtype", ["bf16", "f16"])
def test_scenario_narrow_param_via_f32_setter(device, dtype):
    g = rlx.Graph("p")
    p = g.param("p", (4,), dtype)
    x = g.input("x", (4,), "f32")
    g.set_outputs([x + p.cast("f32")])
    cg = rlx.Session(device).compile(g)
    cg.set_param("p", np.array([1.0, -2.0, 0.5, 8.0], np.float32))
    (y,) = cg.run({"x": np.zeros(4, np.float32)})
    np.testing.assert_array_equal(y, [1.0, -2.0, 0.5, 8.0])


def test_scenario_f64_round_trips_exactly(device):
    g = rlx.Graph("f64")
    x = g.input("x", (3,), "f64")
    a = g.param("a", (3,), "f64")
    g.set_outputs([x * a + 0.0])
    cg = rlx.Session(device).compile(g)
    av = np.array([1 / 3, math.pi, 1e-300], np.float64)
    xv = np.array([3.0, 1 / math.pi, 1e300], np.float64)
    cg.set_param("a", av)
    (y,) = cg.run({"x": xv})
    assert y.dtype == np.float64
    np.testing.assert_array_equal(y, xv * av)
    raw = cg.run_typed({"x": (xv.tobytes(), "f64")})
    assert raw[0][1] == rlx.f64
    np.testing.assert_array_equal(np.frombuffer(raw[0][0], np.float64), xv * av)


def test_scenario_run_typed_widening_contract(device):
    g = rlx.Graph("typed")
    x = g.input("x", (3,), "f32")
    h = g.input("h", (3,), "f16")
    g.set_outputs([x * 2.0, h * 2.0])
    cg = rlx.Session(device).compile(g)
    xs = np.array([1.5, -2.0, 3.25], np.float16)
    outs = cg.run_typed({"x": (xs.tobytes(), "f16"), "h": (xs.tobytes(), rlx.f16)})
    (b32, d32), (b16, d16) = outs
    assert d32 == rlx.f32 and len(b32) == 3 * 4
    np.testing.assert_array_equal(np.frombuffer(b32, np.float32), [3.0, -4.0, 6.5])
    assert d16 == rlx.f16 and len(b16) == 3 * 2
    np.testing.assert_array_equal(np.frombuffer(b16, np.float16), [3.0, -4.0, 6.5])
    # the spec's form: a list of (name, bytes, dtype) triples (was an AttributeError)
    assert cg.run_typed([("x", xs.tobytes(), "f16"), ("h", xs.tobytes(), "f16")]) == outs
    for bad, match in [([("x", xs.tobytes())], "each input must be"),
                       ([("x", xs.tobytes(), "f16")] * 2, "given twice"),
                       ("x", "must be a mapping"), (5, "must be a mapping")]:
        with pytest.raises(rlx.InputError, match=match):
            cg.run_typed(bad)


def test_input_errors_name_the_tensor(device):
    cg = _mlp(device)
    good = np.zeros((2, 4), np.float32)
    with pytest.raises(rlx.InputError, match="unknown input 'y'"):
        cg.run({"x": good, "y": good})
    with pytest.raises(rlx.InputError, match="missing input 'x'"):
        cg.run({})
    with pytest.raises(rlx.InputError, match=r"'x'.*expected shape \(2, 4\)"):
        cg.run({"x": np.zeros((4, 2, 1), np.float32)})
    with pytest.raises(rlx.InputError, match="8 elements"):
        cg.run({"x": np.zeros(7, np.float32)})
    with pytest.raises(rlx.InputError, match="unknown param 'v'"):
        cg.set_param("v", np.zeros(3))
    with pytest.raises(rlx.InputError, match="'b'"):
        cg.set_param("b", np.zeros(4))
    with pytest.raises(rlx.InputError):
        cg.run(np.zeros((2, 4)))
    # nothing was lost: the graph still runs with its weights
    (y,) = cg.run({"x": good})
    np.testing.assert_allclose(y[0], [_gelu(0.5), _gelu(-0.5), 0.0], rtol=1e-6)


def test_lossy_dtypes_are_rejected(device):
    g = rlx.Graph("ints")
    i = g.input("i", (3,), "i32")
    g.set_outputs([i + 1])
    cg = rlx.Session(device).compile(g)
    with pytest.raises(rlx.InputError, match="without loss"):
        cg.run({"i": np.array([1.5, 2.0, 3.0])})
    with pytest.raises(rlx.InputError, match="without loss"):
        cg.run({"i": np.array([2**40, 0, 0], np.int64)})
    (y,) = cg.run({"i": np.array([1.0, 2.0, -3.0])})  # integral floats convert exactly
    assert y.dtype == np.int32
    np.testing.assert_array_equal(y, [2, 3, -2])
    (y,) = cg.run({"i": [7, 8, 9]})
    np.testing.assert_array_equal(y, [8, 9, 10])


def test_params_must_be_set(device):
    g = rlx.Graph("p")
    x = g.input("x", (2,))
    g.set_outputs([x * g.param("w", (2,)) + g.param("b", (2,))])
    cg = rlx.Session(device).compile(g)
    cg.set_param("w", [1.0, 2.0])
    with pytest.raises(rlx.ParamNotSetError, match="'?b'?"):
        cg.run({"x": [1.0, 1.0]})


def test_unknown_device():
    with pytest.raises(rlx.DeviceError, match="unknown device 'tpu9'"):
        rlx.Session("tpu9")
    assert "reference" in rlx.available_devices()


def test_backends_get_the_options_they_read():
    """CompileOptions hands a backend a BackendOptions of the fields it acts on, with
    the same defaults."""
    from rlx.backends.base import BackendOptions

    assert rlx.CompileOptions().backend_options() == BackendOptions()
    rng = rlx.RngOptions(seed=7, advance=True)
    opts = rlx.CompileOptions(rng=rng, num_threads=3, profile=True, winograd=False,
                              isa="generic", sanitize="undefined", precision="bf16")
    assert opts.backend_options() == BackendOptions(rng=rng, num_threads=3, profile=True,
                                                    winograd=False, isa="generic",
                                                    sanitize="undefined")


def test_run_slots_returns_views_until_next_run(device):
    g = rlx.Graph("s")
    a = g.input("a", (3,))
    b = g.input("b", (3,))
    g.set_outputs([a + b, a * b])
    cg = rlx.Session(device).compile(g)
    s, p = cg.run_slots([np.array([1, 2, 3], np.float32), np.array([4, 5, 6], np.float32)])
    np.testing.assert_array_equal(s, [5, 7, 9])
    np.testing.assert_array_equal(p, [4, 10, 18])
    with pytest.raises(ValueError):
        s[0] = 1.0  # read-only view
    cg.run_slots([np.zeros(3, np.float32), np.ones(3, np.float32)])
    np.testing.assert_array_equal(s, [1, 1, 1])  # the same memory, now holding the new run
    with pytest.raises(rlx.InputError, match="expected 2 arrays"):
        cg.run_slots([np.zeros(3, np.float32)])


def test_an_output_view_fed_back_as_an_input_is_read_whole(device):
    """The views run_slots and run_raw return, fed to the next run (a recurrent loop),
    give what a copy gives: on cpu the kernels overwrote the output buffer while
    reading it as their input (a matmul came out 1e3 off, a transpose 5)."""
    n = 64
    rs = np.random.default_rng(5)
    w = rs.standard_normal((n, n)).astype(np.float32)
    g = rlx.Graph("loop")
    x = g.input("x", (n, n))
    g.set_outputs([x @ g.param("w", (n, n)), x.transpose((1, 0)) + 0.0])
    cg = rlx.Session(device).compile(g)
    cg.set_param("w", w)
    start = rs.standard_normal((n, n)).astype(np.float32)
    for k, want_of in enumerate([lambda v: v @ w.astype(np.float64), lambda v: v.T]):
        view = cg.run_slots([start])[k]
        want = want_of(view.astype(np.float64))
        np.testing.assert_allclose(cg.run_slots([view])[k], want, rtol=1e-4, atol=1e-3)
        view = cg.run_raw({"x": start})[k]
        np.testing.assert_allclose(cg.run_raw({"x": view})[k], want, rtol=1e-4, atol=1e-3)


def test_owned_buffers_start_on_64_byte_boundaries(device):
    """Outputs, params and handles the executable owns are 64-byte aligned (full-vector
    loads and stores never straddle a cache line), also after a clone."""
    g = rlx.Graph("aligned")
    a = g.input("a", (3,))
    w = g.param("w", (5,), rlx.i8)
    g.set_outputs([a * 2.0, w + 1, a.cast(rlx.f16)])
    cg = rlx.Session(device).compile(g)
    cg.set_param("w", np.arange(5, dtype=np.int8))
    outs = cg.run_slots([np.arange(3, dtype=np.float32)])
    np.testing.assert_array_equal(outs[0], [0, 2, 4])
    np.testing.assert_array_equal(outs[1], np.arange(1, 6))
    for array in [*outs, *cg._exe.params.values()]:
        assert array.ctypes.data % 64 == 0
    twin = cg.clone()
    if twin is not None:
        for array in [*twin.run_slots([np.ones(3, np.float32)]), *twin._exe.params.values()]:
            assert array.ctypes.data % 64 == 0


def test_run_read_outputs_and_read_output_row(device):
    g = rlx.Graph("r")
    a = g.input("a", (2, 3))
    g.set_outputs([a + 1.0, a * 10.0])
    cg = rlx.Session(device).compile(g)
    with pytest.raises(rlx.InputError, match="not run yet"):
        cg.read_output_row(0, 0, 3)
    av = np.arange(6, dtype=np.float32).reshape(2, 3)
    (only,) = cg.run_read_outputs({"a": av}, [1])
    np.testing.assert_array_equal(only, av * 10)
    np.testing.assert_array_equal(cg.read_output_row(0, 1, 3), av[1] + 1)
    with pytest.raises(rlx.InputError):
        cg.read_output_row(0, 2, 3)
    with pytest.raises(rlx.InputError):
        cg.run_read_outputs({"a": av}, [2])


def test_run_returns_arrays_of_its_own(device):
    """``run`` gives each call new arrays (the cpu kernels write the large ones
    straight into them): a later run, or writing into them, changes nothing else;
    outputs that are duplicates, an input, a constant and a param come out right;
    read_output_row and run_raw see the last run's values. On cpu the arrays written
    in place are 64-byte aligned, as the output buffers are."""
    from rlx.backends.cpu.backend import FRESH_MIN

    rows, cols = 64, 512
    assert rows * cols * 4 >= FRESH_MIN
    g = rlx.Graph("fresh")
    a = g.input("a", (rows, cols))
    p = g.param("p", (cols,))
    s = (a * 2.0 + p).sum(axis=1)
    g.set_outputs([a * 2.0 + p, s, s, a, p, g.constant(np.arange(3, dtype=np.float32)),
                   a * 2.0 + p])
    cg = rlx.Session(device).compile(g)
    pv = np.linspace(-1, 1, cols, dtype=np.float32)
    cg.set_param("p", pv)

    def expected(av):
        y = av.astype(np.float64) * 2 + pv
        return [y, y.sum(1), y.sum(1), av, pv, np.arange(3), y]

    first_in = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols) / cols
    second_in = -first_in[::-1].copy()
    first = cg.run({"a": first_in})
    second = cg.run({"a": second_in})
    for outs, av in ((first, first_in), (second, second_in)):
        for got, want in zip(outs, expected(av)):
            np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-4)
            assert got.flags.writeable and got.flags.c_contiguous
            if device == "cpu" and got.nbytes >= FRESH_MIN:
                assert got.ctypes.data % 64 == 0
    arrays = [*first, *second]
    assert len({o.ctypes.data for o in arrays}) == len(arrays)     # no two share memory
    np.testing.assert_allclose(cg.read_output_row(0, 3, cols), expected(second_in)[0][3],
                               rtol=1e-6)
    for o in second:
        o[...] = 7
    raw = cg.run_raw({"a": first_in})
    for got, want in zip(raw, expected(first_in)):
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-4)
    third = cg.run({"a": first_in})
    np.testing.assert_array_equal(third[0], raw[0])
    np.testing.assert_allclose(first[0], expected(first_in)[0], rtol=1e-6)


def test_persistent_handles(device):
    g = rlx.Graph("h")
    state = g.input("state", (2,))
    x = g.input("x", (2,))
    g.set_outputs([state + x])
    cg = rlx.Session(device).compile(g)
    assert cg.read_handle("state") is None
    assert cg.bind_handle("state", np.array([10, 20], np.float32))
    (y,) = cg.run({"x": [1.0, 2.0]})
    np.testing.assert_array_equal(y, [11, 22])
    np.testing.assert_array_equal(cg.read_handle("state"), [10, 20])
    with pytest.raises(rlx.InputError, match="bound to a persistent handle"):
        cg.run({"x": [1.0, 2.0], "state": [0.0, 0.0]})
    with pytest.raises(rlx.InputError, match="unknown input"):
        cg.bind_handle("nope", [1.0])


def test_kv_row_feeds(device):
    g = rlx.Graph("kv")
    g.input("past", (2, 4, 3))            # [batch, seq_cap, row]
    new = g.input("new", (2, 1, 3))
    g.set_outputs([new * 2.0])
    cg = rlx.Session(device).compile(g)
    assert cg.bind_handle("past", np.zeros((2, 4, 3), np.float32))
    assert cg.register_kv_row_feed("past", 0)
    newv = np.arange(6, dtype=np.float32).reshape(2, 1, 3)
    cg.run({"new": newv})
    assert cg.feed_kv_batch_major(dst_row=2, batch=2, seq_cap=4, row_elems=3)
    expect = np.zeros((2, 4, 3), np.float32)
    expect[:, 2] = newv[:, 0] * 2
    np.testing.assert_array_equal(cg.read_handle("past"), expect)
    assert cg.feed_kv_batch_major_ragged(0, 1, [0, 3], 4, 3)
    expect[0, 0] = newv[0, 0] * 2
    expect[1, 3] = newv[1, 0] * 2
    np.testing.assert_array_equal(cg.read_handle("past"), expect)
    with pytest.raises(rlx.InputError):
        cg.feed_kv_batch_major_ragged(0, 1, [0, 4], 4, 3)
    # a row past one sequence's capacity is refused, not written into the next sequence
    for bad in ({"dst_row": 4}, {"dst_row": -1}, {"dst_row": 5},
                {"dst_row": 0, "seq_cap": 5}, {"dst_row": 0, "row_elems": 0}):
        call = {"dst_row": 0, "batch": 2, "seq_cap": 4, "row_elems": 3, **bad}
        with pytest.raises(rlx.InputError):
            cg.feed_kv_batch_major(**call)
        with pytest.raises(rlx.InputError):
            cg.feed_kv_batch_major_src(0, 1, call["dst_row"], 2, call["seq_cap"],
                                       call["row_elems"])
    np.testing.assert_array_equal(cg.read_handle("past"), expect)


def test_ragged_kv_feeds_of_several_pairs_match_numpy_slicing(device):
    """Several (handle, output) pairs, ragged row counts (some sequences none), a source
    row past 0 and a rebound handle: every feed writes exactly the rows a slice-by-slice
    numpy copy writes (the cpu device moves them in one native call)."""
    batch, cap, src_cap, elems = 3, 7, 4, 5
    g = rlx.Graph("kv_ragged")
    for name in ("k", "v", "w"):
        g.input(name, (batch, cap, elems))
    new = g.input("new", (batch, src_cap, elems))
    g.set_outputs([new * 2.0, new * 3.0, new - 1.0])
    cg = rlx.Session(device).compile(g)
    rng = np.random.default_rng(3)
    handles = {"k": np.zeros((batch, cap, elems), np.float32),
               "v": np.zeros((batch, cap, elems), np.float32),
               "w": np.zeros((batch, cap, elems), np.float32)}
    for i, (name, value) in enumerate(handles.items()):
        assert cg.bind_handle(name, value)
        assert cg.register_kv_row_feed(name, i)
    expect = {name: value.copy() for name, value in handles.items()}
    for step in range(6):
        if step == 3:       # another program's buffer for one handle: the feeds follow
            other = rlx.Session(device).compile(g)
            assert other.bind_handle("v", cg.read_handle("v"))
            assert cg.share_handle_from(other, "v")
        newv = rng.standard_normal((batch, src_cap, elems)).astype(np.float32)
        outs = cg.run({"new": newv})
        counts = rng.integers(0, 3, batch)
        src_row = int(rng.integers(0, src_cap - 2))
        dst_rows = [int(rng.integers(0, cap - c + 1)) for c in counts]
        assert cg.feed_kv_batch_major_ragged(src_row, src_cap, dst_rows, cap, elems,
                                             counts.tolist())
        for (name, ref), out in zip(expect.items(), outs):
            for b, (at, c) in enumerate(zip(dst_rows, counts)):
                ref[b, at:at + c] = out[b, src_row:src_row + c]
            np.testing.assert_array_equal(cg.read_handle(name), ref,
                                          err_msg=f"step {step}, {name}")
        if step >= 3:
            np.testing.assert_array_equal(other.read_handle("v"), expect["v"])


def test_kv_feed_on_run_matches_numpy_slicing(device):
    """A run feed: each run ends with the copies the rows and counts arrays say at that
    run (rewritten in place between runs; ragged, some sequences none, a source row past
    0), exactly as a slice-by-slice numpy copy of the run's outputs; a rebound handle is
    followed; rows out of range make the run an InputError that copies nothing; None
    stops the feed."""
    batch, cap, src_cap, elems = 3, 7, 4, 5
    g = rlx.Graph("kv_on_run")
    for name in ("k", "v"):
        g.input(name, (batch, cap, elems))
    new = g.input("new", (batch, src_cap, elems))
    g.set_outputs([new * 2.0, new - 1.0])
    cg = rlx.Session(device).compile(g)
    rng = np.random.default_rng(4)
    expect = {}
    for i, name in enumerate(("k", "v")):
        expect[name] = rng.standard_normal((batch, cap, elems)).astype(np.float32)
        assert cg.bind_handle(name, expect[name])
        assert cg.register_kv_row_feed(name, i)
    dst_rows, counts = np.zeros(batch, np.int64), np.zeros(batch, np.int64)
    src_row = 1
    assert cg.feed_kv_on_run(src_row, src_cap, dst_rows, cap, elems, counts)
    other = None
    for step in range(6):
        if step == 3:       # another program's buffer for one handle: the feed follows
            other = rlx.Session(device).compile(g)
            assert other.bind_handle("v", cg.read_handle("v"))
            assert cg.share_handle_from(other, "v")
        counts[:] = rng.integers(0, 3, batch)
        dst_rows[:] = [int(rng.integers(0, cap - c + 1)) for c in counts]
        newv = rng.standard_normal((batch, src_cap, elems)).astype(np.float32)
        outs = cg.run({"new": newv})
        for (name, ref), out in zip(expect.items(), outs):
            for b, (at, c) in enumerate(zip(dst_rows, counts)):
                ref[b, at:at + c] = out[b, src_row:src_row + c]
            np.testing.assert_array_equal(cg.read_handle(name), ref,
                                          err_msg=f"step {step}, {name}")
        if other is not None:
            np.testing.assert_array_equal(other.read_handle("v"), expect["v"])
    # rows past a sequence's capacity (destination or source): refused, nothing copied
    for bad_rows, bad_counts in (([0, 5, 0], [1, 3, 1]), ([0, -1, 0], [1, 1, 1]),
                                 ([0, 0, 0], [1, -1, 1]), ([0, 0, 0], [1, 4, 1])):
        dst_rows[:], counts[:] = bad_rows, bad_counts
        with pytest.raises(rlx.InputError, match="out of range"):
            cg.run({"new": np.ones((batch, src_cap, elems), np.float32)})
        for name, ref in expect.items():
            np.testing.assert_array_equal(cg.read_handle(name), ref)
    # stopped: a run copies nothing
    assert cg.feed_kv_on_run(0, src_cap, None, cap, elems)
    dst_rows[:], counts[:] = 0, 1
    cg.run({"new": np.ones((batch, src_cap, elems), np.float32)})
    for name, ref in expect.items():
        np.testing.assert_array_equal(cg.read_handle(name), ref)
    # capacities that do not fit, arrays of another kind
    with pytest.raises(rlx.InputError, match="exceed"):
        cg.feed_kv_on_run(0, src_cap, dst_rows, cap + 1, elems, counts)
    with pytest.raises(rlx.InputError, match="int64"):
        cg.feed_kv_on_run(0, src_cap, [0, 0, 0], cap, elems, counts)
    with pytest.raises(rlx.InputError, match="int64"):
        cg.feed_kv_on_run(0, src_cap, dst_rows, cap, elems, counts.astype(np.int32))
    with pytest.raises(rlx.InputError, match="row counts"):
        cg.feed_kv_on_run(0, src_cap, dst_rows, cap, elems, counts[:2])


def test_a_pair_registered_after_the_run_feed_is_checked_too(device):
    """A smaller cache registered after feed_kv_on_run is held to the feed's capacities
    at the next run: InputError, nothing copied (cpu wrote its rows past the end of the
    small buffer: memory corruption, a crash for large offsets)."""
    batch, elems, cap = 2, 4, 64
    g = rlx.Graph("late_pair")
    x = g.input("x", (batch, 1, elems))
    g.input("big", (batch, cap, elems))
    g.input("small", (batch, 2, elems))
    g.set_outputs([x * 2.0, x * 3.0])
    cg = rlx.Session(device).compile(g)
    small = np.zeros((batch, 2, elems), np.float32)
    assert cg.bind_handle("big", None) and cg.bind_handle("small", small)
    assert cg.register_kv_row_feed("big", 0)
    dst, counts = np.zeros(batch, np.int64), np.ones(batch, np.int64)
    assert cg.feed_kv_on_run(0, 1, dst, cap, elems, counts)
    assert cg.register_kv_row_feed("small", 1)
    dst[:] = cap - 1
    with pytest.raises(rlx.InputError, match="exceed the destination's 16 elements"):
        cg.run({"x": np.full((batch, 1, elems), 7, np.float32)})
    np.testing.assert_array_equal(cg.read_handle("small"), small)


def test_feed_kv_row_checks_every_cache_before_copying(device):
    """A row that fits the first cache but not the second, or a negative row length:
    InputError and neither cache written (the first cache was written before the
    second's check failed; a negative length copied all but the last elements)."""
    g = rlx.Graph("row_feed")
    new = g.input("new", (1, 6, 2))
    g.input("k", (1, 6, 2))
    g.input("v", (1, 3, 2))
    g.set_outputs([new * 1.0, new[:, :3] * 1.0])
    cg = rlx.Session(device).compile(g)
    assert cg.bind_handle("k", None) and cg.bind_handle("v", None)
    assert cg.register_kv_row_feed("k", 0) and cg.register_kv_row_feed("v", 1)
    cg.run({"new": np.ones((1, 6, 2), np.float32)})
    for dst_row, elems in ((4, 2), (0, -1), (0, 0)):
        with pytest.raises(rlx.InputError, match="KV feed"):
            cg.feed_kv_row(0, dst_row, elems)
        for name in ("k", "v"):
            assert not cg.read_handle(name).any()
    assert cg.feed_kv_row(0, 2, 2)
    np.testing.assert_array_equal(cg.read_handle("v")[0, 2], [1.0, 1.0])


def test_a_clone_starts_without_the_run_feed(device):
    """feed_kv_on_run's docstring: a clone starts without one (the reference device's
    clone kept it and appended rows to its own cache at every run)."""
    g = rlx.Graph("clone_feed")
    x = g.input("x", (1, 1, 2))
    g.input("k", (1, 4, 2))
    g.set_outputs([x * 2.0])
    cg = rlx.Session(device).compile(g)
    assert cg.bind_handle("k", None) and cg.register_kv_row_feed("k", 0)
    assert cg.feed_kv_on_run(0, 1, np.zeros(1, np.int64), 4, 2, np.ones(1, np.int64))
    twin = cg.clone()
    twin.run({"x": np.ones((1, 1, 2), np.float32)})
    np.testing.assert_array_equal(twin.read_handle("k"), np.zeros((1, 4, 2)))
    cg.run({"x": np.ones((1, 1, 2), np.float32)})
    np.testing.assert_array_equal(cg.read_handle("k")[0, 0], [2.0, 2.0])


def test_paged_kv_feed_on_run_matches_a_row_by_row_copy(device):
    """A paged run feed: each run ends with the copies of feed_kv_paged that the block
    tables, starts and counts arrays say at that run (rewritten in place; rows that
    cross pages, sequences with none), as a row-by-row copy of the run's outputs into
    the pools; a page id outside the pool or two rows on one pool row make the run an
    InputError that copies nothing; feed_kv_on_run(None) stops it."""
    seqs, heads, src_cap, elems, page, pool_pages, width = 3, 2, 4, 5, 4, 8, 2
    g = rlx.Graph("paged_on_run")
    for name in ("kp", "vp"):
        g.input(name, (pool_pages, heads, page, elems))
    new = g.input("new", (seqs, heads, src_cap, elems))
    g.set_outputs([new * 2.0, new - 1.0])
    cg = rlx.Session(device).compile(g)
    rng = np.random.default_rng(5)
    expect = {}
    for i, name in enumerate(("kp", "vp")):
        expect[name] = rng.standard_normal((pool_pages, heads, page, elems)).astype(np.float32)
        assert cg.bind_handle(name, expect[name])
        assert cg.register_kv_row_feed(name, i)
    tables = np.zeros((seqs, width), np.int64)
    starts, counts = np.zeros(seqs, np.int64), np.zeros(seqs, np.int64)
    assert cg.feed_kv_paged_on_run(src_cap, tables, starts, counts, page, elems)
    for step in range(6):
        tables[:] = rng.permutation(pool_pages)[:seqs * width].reshape(seqs, width)
        counts[:] = rng.integers(0, src_cap + 1, seqs)
        starts[:] = [int(rng.integers(0, width * page - c + 1)) for c in counts]
        newv = rng.standard_normal((seqs, heads, src_cap, elems)).astype(np.float32)
        outs = cg.run({"new": newv})
        for (name, ref), out in zip(expect.items(), outs):
            for b in range(seqs):
                for r in range(counts[b]):
                    pos = starts[b] + r
                    ref[tables[b, pos // page], :, pos % page] = out[b, :, r]
            np.testing.assert_array_equal(cg.read_handle(name), ref,
                                          err_msg=f"step {step}, {name}")
    # a page id outside the pool, two rows on one pool row, rows past the table
    for bad_tables, bad_starts, match in (([[0, 1], [2, 9], [4, 5]], [0, 4, 0], "outside"),
                                          ([[0, 1], [0, 3], [4, 5]], [1, 1, 0], "two rows"),
                                          ([[0, 1], [2, 3], [4, 5]], [0, 7, 0], "sequence 1")):
        tables[:], starts[:], counts[:] = bad_tables, bad_starts, 2
        with pytest.raises(rlx.InputError, match=match):
            cg.run({"new": np.ones((seqs, heads, src_cap, elems), np.float32)})
        for name, ref in expect.items():
            np.testing.assert_array_equal(cg.read_handle(name), ref)
    # stopped: a run copies nothing
    assert cg.feed_kv_on_run(0, src_cap, None, 0, elems)
    tables[:], starts[:], counts[:] = [[0, 1], [2, 3], [4, 5]], 0, 1
    cg.run({"new": np.ones((seqs, heads, src_cap, elems), np.float32)})
    for name, ref in expect.items():
        np.testing.assert_array_equal(cg.read_handle(name), ref)
    # pools of another layout, arrays of another kind
    with pytest.raises(rlx.InputError, match="is not"):
        cg.feed_kv_paged_on_run(src_cap, tables, starts, counts, 3, elems)
    with pytest.raises(rlx.InputError, match="int64"):
        cg.feed_kv_paged_on_run(src_cap, tables.astype(np.int32), starts, counts, page, elems)
    with pytest.raises(rlx.InputError, match="int64"):
        cg.feed_kv_paged_on_run(src_cap, tables, [0, 0, 0], counts, page, elems)
    with pytest.raises(rlx.InputError, match="2 counts"):
        cg.feed_kv_paged_on_run(src_cap, tables, starts, counts[:2], page, elems)


def _kv_program(device, new_rows: int, layers: int = 2, heads: int = 2, cap: int = 8,
                dim: int = 4):
    """A program of ``layers`` cached attentions over caches k<l> / v<l> [1, heads, cap,
    dim] bound as handles (zeros), whose new keys and values (outputs 1 ..) feed them."""
    g = rlx.Graph(f"kv_{new_rows}")
    past = g.input("past", (1,), "i64")
    attended, rows = [], []
    for layer in range(layers):
        q, k, v = (g.input(f"{t}{layer}_new", (1, heads, new_rows, dim)) for t in "qkv")
        k_cache, v_cache = (g.input(f"{t}{layer}", (1, heads, cap, dim)) for t in "kv")
        attended.append(rlx.cached_attention(q, k, v, k_cache, v_cache, past, scale=0.5))
        rows += [k * 1.0, v * 1.0]
    g.set_outputs(attended + rows)
    cg = rlx.Session(device).compile(g)
    for layer in range(layers):
        for i, t in enumerate("kv"):
            assert cg.bind_handle(f"{t}{layer}")
            assert cg.register_kv_row_feed(f"{t}{layer}", layers + 2 * layer + i)
    return cg


def _attention64(q, k, v, scale=0.5):
    """Causal attention of the last len(q) positions over all of k / v, float64."""
    q, k, v = (np.asarray(a, np.float64) for a in (q, k, v))
    s = scale * q @ k.swapaxes(-1, -2)
    offset = k.shape[-2] - q.shape[-2]
    s[..., np.arange(q.shape[-2])[:, None] + offset < np.arange(k.shape[-2])] = -np.inf
    w = np.exp(s - s.max(-1, keepdims=True))
    return (w / w.sum(-1, keepdims=True)) @ v


def test_a_prefix_prefilled_by_one_program_seeds_anothers_caches(device):
    """seed_resident_kv_prefix_from: a 5-token prefix prefilled by one program (its
    caches fed from its outputs) is copied into a second program's own caches, which then
    decodes the next token over it. Oracle: float64 attention over the prefix's keys and
    values and the new row."""
    rng = np.random.default_rng(8)
    layers, heads, cap, dim, prefix = 2, 2, 8, 4, 5
    prefill, decode = _kv_program(device, prefix), _kv_program(device, 1)
    rows = {f"{t}{layer}_new": rng.standard_normal((1, heads, prefix + 1, dim)).astype(np.float32)
            for layer in range(layers) for t in "qkv"}
    prefill.run({"past": np.array([0]),
                 **{name: value[:, :, :prefix] for name, value in rows.items()}})
    # each (sequence, KV head) of the [1, heads, ., dim] buffers is a run of rows
    assert prefill.feed_kv_batch_major_ragged(0, prefix, [0] * heads, cap, dim, prefix)
    assert decode.seed_resident_kv_prefix_from(prefill, prefix, cap, dim, layers)
    outs = decode.run({"past": np.array([prefix]),
                       **{name: value[:, :, prefix:] for name, value in rows.items()}})
    for layer in range(layers):
        want = _attention64(*(rows[f"{t}{layer}_new"] for t in "qkv"))[:, :, prefix:]
        np.testing.assert_allclose(outs[layer], want, rtol=2e-5, atol=2e-6)
        for t in "kv":      # the prefix's rows, zeros after it: only [0, prefix) came over
            cache = decode.read_handle(f"{t}{layer}")
            np.testing.assert_array_equal(cache[:, :, :prefix],
                                          rows[f"{t}{layer}_new"][:, :, :prefix])
            assert not cache[:, :, prefix:].any()


def test_kv_rows_copied_between_programs_match_numpy_slicing(device):
    """copy_resident_kv_rows_from copies exactly positions [from, to) of every sequence
    and head of every fed cache; bad arguments are InputErrors that copy nothing; a
    shared handle needs no copy; another device is refused with False."""
    rng = np.random.default_rng(9)
    src, dst = _kv_program(device, 1), _kv_program(device, 1)
    names = [f"{t}{layer}" for layer in range(2) for t in "kv"]
    want = {}
    for name in names:
        assert src.bind_handle(name, rng.standard_normal((1, 2, 8, 4)).astype(np.float32))
        want[name] = rng.standard_normal((1, 2, 8, 4)).astype(np.float32)
        assert dst.bind_handle(name, want[name])
    assert dst.copy_resident_kv_rows_from(src, 2, 6, 8, 4, 2)
    for name in names:
        want[name][:, :, 2:6] = src.read_handle(name)[:, :, 2:6]
        np.testing.assert_array_equal(dst.read_handle(name), want[name])
    assert dst.copy_resident_kv_rows_from(src, 3, 3, 8, 4, 2)       # no rows
    for bad, match in (((5, 4, 8, 4, 2), "rows"), ((0, 9, 8, 4, 2), "rows"),
                       ((0, 2, 8, 4, 3), "n_layers 3"), ((0, 2, 8, 5, 2), "not"),
                       ((0, 2, 7, 4, 2), "not"), ((-1, 2, 8, 4, 2), "non-negative"),
                       ((0, 2.0, 8, 4, 2), "integer")):
        with pytest.raises(rlx.InputError, match=match):
            dst.copy_resident_kv_rows_from(src, *bad)
    with pytest.raises(rlx.InputError, match="CompiledGraph"):
        dst.copy_resident_kv_rows_from(src.read_handle("k0"), 0, 2, 8, 4, 2)
    other = _kv_program(device, 1, cap=6)       # caches of another capacity
    with pytest.raises(rlx.InputError, match="source graph"):
        dst.copy_resident_kv_rows_from(other, 0, 2, 8, 4, 2)
    for name in names:
        np.testing.assert_array_equal(dst.read_handle(name), want[name])
    assert dst.share_handle_from(src, "k0")     # one buffer: its rows are there already
    assert dst.seed_resident_kv_prefix_from(src, 8, 8, 4, 2)
    for name in names:
        np.testing.assert_array_equal(dst.read_handle(name), src.read_handle(name))
    elsewhere = [d for d in rlx.available_devices() if d != device]
    if elsewhere:
        foreign = _kv_program(elsewhere[0], 1)
        assert dst.copy_resident_kv_rows_from(foreign, 0, 2, 8, 4, 2) is False


def test_kv_rows_copied_both_ways_from_two_threads_finish(device):
    """Two threads copying rows between the same two programs in opposite directions
    (each call holds both programs' locks) both finish, and the caches end equal."""
    first, second = _kv_program(device, 1), _kv_program(device, 1)
    rng = np.random.default_rng(12)
    for cg in (first, second):
        for name in ("k0", "v0", "k1", "v1"):
            assert cg.bind_handle(name, rng.standard_normal((1, 2, 8, 4)).astype(np.float32))

    def copy(dst, src):
        for _ in range(200):
            assert dst.copy_resident_kv_rows_from(src, 0, 8, 8, 4, 2)

    threads = [threading.Thread(target=copy, args=pair, daemon=True)
               for pair in ((first, second), (second, first))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads)
    for name in ("k0", "v0", "k1", "v1"):
        np.testing.assert_array_equal(first.read_handle(name), second.read_handle(name))


def test_clone_copy_and_share_params(device):
    a = _mlp(device)
    twin = a.clone()
    a.set_param("b", np.array([0.0, 0.0, 0.0], np.float32))
    x = np.zeros((2, 4), np.float32)
    np.testing.assert_allclose(twin.run({"x": x})[0][0], [_gelu(0.5), _gelu(-0.5), 0],
                               rtol=1e-6)
    np.testing.assert_array_equal(a.run({"x": x})[0], np.zeros((2, 3)))

    g = rlx.Graph("mlp")
    xi = g.input("x", (2, 4))
    g.set_outputs([rlx.gelu(xi @ g.param("w", (4, 3)) + g.param("b", (3,)))])
    fresh = rlx.Session(device).compile(g)
    assert fresh.copy_params_from(twin)
    np.testing.assert_array_equal(fresh.run({"x": x})[0], twin.run({"x": x})[0])
    shared = rlx.Session(device).compile(g)
    assert shared.share_params_from(a)
    a.set_param("b", np.array([1.0, 1.0, 1.0], np.float32))
    np.testing.assert_allclose(shared.run({"x": x})[0], np.full((2, 3), _gelu(1.0)), rtol=1e-6)

    other = rlx.Graph("different")
    other.set_outputs([other.input("x", (2, 4)) * other.param("w", (4,))])
    assert not rlx.Session(device).compile(other).copy_params_from(a)
    assert not rlx.Session(device).compile(other).share_params_from(a)


def test_set_param_range(device):
    g = rlx.Graph("range")
    x = g.input("x", (4,))
    g.set_outputs([x + g.param("p", (4,))])
    cg = rlx.Session(device).compile(g)
    cg.set_param("p", np.zeros(4, np.float32))
    assert cg.set_param_range("p", 8, np.array([5.0, 6.0], np.float32).tobytes())
    np.testing.assert_array_equal(cg.run({"x": np.zeros(4)})[0], [0, 0, 5, 6])
    with pytest.raises(rlx.InputError, match="outside"):
        cg.set_param_range("p", 12, np.zeros(2, np.float32).tobytes())
    with pytest.raises(rlx.InputError, match="aligned"):
        cg.set_param_range("p", 2, b"\x00\x00\x00\x00")


def test_set_param_typed(device):
    g = rlx.Graph("typed")
    x = g.input("x", (3,))
    g.set_outputs([x * g.param("w", (3,), "bf16").cast("f32")])
    cg = rlx.Session(device).compile(g)
    w = np.array([1.5, -2.0, 0.25], ml_dtypes.bfloat16)
    cg.set_param_typed("w", w.tobytes(), "bf16")
    np.testing.assert_array_equal(cg.run({"x": np.ones(3)})[0], [1.5, -2.0, 0.25])
    cg.set_param_typed("w", np.array([3.0, 4.0, 5.0], np.float32).tobytes(), "f32")
    np.testing.assert_array_equal(cg.run({"x": np.ones(3)})[0], [3, 4, 5])
    with pytest.raises(rlx.InputError, match="expected 6 bytes"):
        cg.set_param_typed("w", b"\x00" * 4, "bf16")


def test_rng_seed_changes_without_recompiling(device):
    g = rlx.Graph("rng")
    g.set_outputs([rlx.random_uniform(g, (1000,))])
    opts = rlx.CompileOptions(rng=rlx.RngOptions(seed=7))
    cg = rlx.Session(device, opts).compile(g)
    assert cg.rng().seed == 7
    (a,) = cg.run()
    (a2,) = cg.run()
    np.testing.assert_array_equal(a, a2)
    cg.set_rng(8)
    (b,) = cg.run()
    assert not np.array_equal(a, b)
    cg.set_rng(rlx.RngOptions(seed=7))
    np.testing.assert_array_equal(cg.run()[0], a)
    cg.set_rng(rlx.RngOptions(seed=7, advance=True))
    c1, c2 = cg.run()[0], cg.run()[0]
    np.testing.assert_array_equal(c1, a)
    assert not np.array_equal(c1, c2)
    cg.set_rng(rlx.RngOptions(seed=7))          # advancing off again: the first draw
    np.testing.assert_array_equal(cg.run()[0], a)


def test_run_slots_sees_arrays_changed_in_place_and_new_arrays(device):
    """Feeding the same array object again (the fast path reuses its pointer) must see
    its new contents; a different object, or one needing conversion, is read anew."""
    g = rlx.Graph("affine")
    x = g.input("x", (4,))
    g.set_outputs([x * 2.0 + 1.0])
    cg = rlx.Session(device).compile(g)
    buf = np.arange(4, dtype=np.float32)
    (y,) = cg.run_slots([buf])
    np.testing.assert_array_equal(y, buf * 2 + 1)
    assert not y.flags.writeable
    buf[:] = [10, 20, 30, 40]
    (y2,) = cg.run_slots([buf])
    np.testing.assert_array_equal(y2, np.array([21, 41, 61, 81], np.float32))
    (y3,) = cg.run_slots([np.ones(4, np.float32)])
    np.testing.assert_array_equal(y3, np.full(4, 3, np.float32))
    (y4,) = cg.run_slots([[1, 2, 3, 4]])                         # converted, exact ints
    np.testing.assert_array_equal(y4, np.array([3, 5, 7, 9], np.float32))
    (y5,) = cg.run_slots([np.arange(8, dtype=np.float32)[::2]])  # not contiguous
    np.testing.assert_array_equal(y5, np.array([1, 5, 9, 13], np.float32))
    with pytest.raises(rlx.InputError, match="expected shape"):
        cg.run_slots([np.zeros(5, np.float32)])
    with pytest.raises(rlx.InputError, match="expected 1 arrays"):
        cg.run_slots([])


def test_optimizer_step_resident_updates_params_in_place(device):
    # loss = sum(w * x), grad = x
    g = rlx.Graph("train")
    x = g.input("x", (3,))
    w = g.param("w", (3,))
    g.set_outputs([(w * x).sum(), x + 0.0])
    cg = rlx.Session(device).compile(g)
    cg.set_param("w", [1.0, 2.0, 3.0])
    cg.run({"x": [1.0, 1.0, 2.0]})

    def sgd(name, shape, param, grad):
        assert name == "w" and shape == (3,)
        param -= 0.5 * grad

    assert cg.optimizer_step_resident([("w", (3,))], sgd)
    (loss, _) = cg.run({"x": [1.0, 0.0, 0.0]})
    assert loss == pytest.approx(0.5)


def test_pipelined_and_async_entry_points(device):
    g = rlx.Graph("p")
    x = g.input("x", (2,))
    g.set_outputs([x * 3.0])
    cg = rlx.Session(device).compile(g)
    outs = cg.run_pipelined([{"x": [1.0, 2.0]}, {"x": [3.0, 4.0]}])
    np.testing.assert_array_equal(outs[0][0], [3, 6])
    np.testing.assert_array_equal(outs[1][0], [9, 12])
    cg.commit_no_wait({"x": [5.0, 5.0]})
    (snapshot,) = cg.sync_pending()
    np.testing.assert_array_equal(snapshot[0], [15, 15])
    np.testing.assert_array_equal(cg.read_output_row(0, 0, 2), [15, 15])
    assert cg.sync_pending() == []
    assert cg.capabilities().async_pipeline
    assert cg.enable_moe_topk_capture(4) is False
    assert cg.take_moe_topk_capture() is None


def _scaled_graph(device):
    g = rlx.Graph("async")
    x = g.input("x", (64,))
    g.set_outputs([rlx.tanh(x) * 2.0 + 1.0])
    return rlx.Session(device).compile(g)


def test_commit_no_wait_returns_while_its_run_cannot_start(device):
    cg = _scaled_graph(device)
    x = np.linspace(-2, 2, 64).astype(np.float32)
    with cg._lock:                      # the worker cannot run until this is released
        cg.commit_no_wait({"x": x})
        x[:] = 0.0                      # the committed run keeps the values it was given
        cg.commit_no_wait({"x": x})
    first, second = cg.sync_pending()
    want = np.tanh(np.linspace(-2, 2, 64)) * 2 + 1
    np.testing.assert_allclose(first[0], want, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(second[0], np.ones(64), rtol=0, atol=0)


def test_each_committed_run_keeps_its_own_outputs(device):
    cg = _scaled_graph(device)
    rng = np.random.default_rng(0)
    sets = [rng.standard_normal(64).astype(np.float32) for _ in range(5)]
    for x in sets:
        cg.commit_no_wait({"x": x})
    outs = cg.sync_pending()
    assert len(outs) == 5
    for x, (y,) in zip(sets, outs):
        np.testing.assert_allclose(y, np.tanh(x.astype(np.float64)) * 2 + 1, rtol=1e-5,
                                   atol=1e-6)
    piped = cg.run_pipelined([{"x": x} for x in sets])
    for (a,), (b,) in zip(outs, piped):
        np.testing.assert_array_equal(a, b)


def test_a_synchronous_run_waits_for_committed_runs_and_keeps_their_results(device):
    cg = _scaled_graph(device)
    cg.commit_no_wait({"x": np.zeros(64, np.float32)})
    (now,) = cg.run({"x": np.full(64, 3.0, np.float32)})
    np.testing.assert_allclose(now, np.tanh(3.0) * 2 + 1, rtol=1e-6)
    (kept,) = cg.sync_pending()
    np.testing.assert_array_equal(kept[0], np.ones(64, np.float32))


def test_async_errors(device):
    cg = _scaled_graph(device)
    with pytest.raises(rlx.InputError, match="x"):
        cg.commit_no_wait({"x": np.zeros(3, np.float32)})   # checked at commit: nothing queued
    assert cg.sync_pending() == []
    with pytest.raises(rlx.InputError):
        cg.run_pipelined([{"x": np.zeros(64)}, {"y": np.zeros(64)}])
    assert cg.sync_pending() == []


def test_a_failing_committed_run_is_raised_at_sync(device):
    g = rlx.Graph("fails")
    q = g.input("q", (1, 1, 1, 8))
    cache = g.input("c", (1, 1, 4, 8))
    past = g.input("past", (1,), "i64")
    g.set_outputs([rlx.cached_attention(q, q, q, cache, cache, past, scale=0.5)])
    cg = rlx.Session(device).compile(g)
    ok = {"q": np.ones((1, 1, 1, 8), np.float32), "c": np.zeros((1, 1, 4, 8), np.float32)}
    cg.commit_no_wait({**ok, "past": np.array([9])})        # past_len beyond the cache
    cg.commit_no_wait({**ok, "past": np.array([0])})
    with pytest.raises(rlx.RlxError, match="past_len"):
        cg.sync_pending()
    assert cg.sync_pending() == []
    (out,) = cg.run({**ok, "past": np.array([2])})
    new = np.exp(0.5 * 8)          # the new row's weight; the two cache rows' values are 0
    np.testing.assert_allclose(out, np.full((1, 1, 1, 8), new / (2 + new)), rtol=1e-6)


def test_runs_read_the_handle_bound_now(device):
    """out = x + h: a run feeding h, then runs feeding only x once h is a persistent
    handle read the buffer h is bound to at that run: after another program's buffer
    replaces it (share_handle_from), and as bind_handle rewrites it in place."""
    g = rlx.Graph("handle_reads")
    x, h = g.input("x", (4,)), g.input("h", (4,))
    g.set_outputs([x + h])
    cg, other = rlx.Session(device).compile(g), rlx.Session(device).compile(g)
    if not cg.capabilities().persistent_handles:
        pytest.skip(f"{device} has no persistent handles")
    xs = np.arange(4, dtype=np.float32)
    np.testing.assert_array_equal(cg.run_slots([xs, np.full(4, -2.0, np.float32)])[0],
                                  xs - 2)
    assert cg.bind_handle("h", np.ones(4, np.float32))
    assert other.bind_handle("h", np.full(4, 5.0, np.float32))
    np.testing.assert_array_equal(cg.run_slots([xs, None])[0], xs + 1)
    np.testing.assert_array_equal(cg.run_slots([xs, None])[0], xs + 1)
    assert cg.share_handle_from(other, "h")
    np.testing.assert_array_equal(cg.run_slots([xs, None])[0], xs + 5)
    assert other.bind_handle("h", np.full(4, 7.0, np.float32))     # in place: one buffer
    np.testing.assert_array_equal(cg.run_slots([xs + 1, None])[0], xs + 8)
