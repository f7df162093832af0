"""rlx.cond / while_loop / scan on every backend, against plain Python loops in float64."""

import numpy as np
import pytest

import rlx
from rlx.errors import ExecutionError, GraphBuildError, ShapeError, UnsupportedOpError


def _compile(g, device, **opts):
    return rlx.Session(device, rlx.CompileOptions(**opts)).compile(g)


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("reverse", [False, True])
def test_scan_with_pytrees_closures_and_counters(device, dtype, reverse):
    rng = np.random.default_rng(3)
    n, d = 7, 5
    vals = {"h0": rng.standard_normal(d), "xs": rng.standard_normal((n, d)),
            "us": rng.standard_normal((n, 2)), "w": rng.standard_normal((d, d)) / d}
    g = rlx.Graph("scan")
    h0, xs, us, w = (g.input(k, v.shape, dtype) for k, v in vals.items())

    def step(carry, x):
        h, count = carry["h"], carry["n"]
        xt, ut = x
        h2 = rlx.tanh(h @ w + xt) * ut[0] + ut[1]     # w is captured from the outer graph
        return {"h": h2, "n": count + 1}, (h2.sum(), h2 * 2.0)

    carry, (sums, doubled) = rlx.scan(step, {"h": h0, "n": np.int32(0)}, (xs, us),
                                      reverse=reverse)
    g.set_outputs([carry["h"], carry["n"], sums, doubled])
    np_dt = rlx.as_dtype(dtype).np
    feeds = {k: v.astype(np_dt) for k, v in vals.items()}
    out = _compile(g, device).run(feeds)

    v = {k: x.astype(np.float64) for k, x in feeds.items()}
    h = v["h0"]
    want_sums, want_doubled = np.zeros(n), np.zeros((n, d))
    for t in (range(n - 1, -1, -1) if reverse else range(n)):
        h = np.tanh(h @ v["w"] + v["xs"][t]) * v["us"][t, 0] + v["us"][t, 1]
        want_sums[t], want_doubled[t] = h.sum(), h * 2
    tol = dict(rtol=1e-5, atol=1e-5) if dtype == "f32" else dict(rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(out[0], h, **tol)
    assert out[1].dtype == np.int32 and out[1] == n
    np.testing.assert_allclose(out[2], want_sums, **tol)
    np.testing.assert_allclose(out[3], want_doubled, **tol)


def test_scan_of_zero_steps_gives_the_initial_carry(device):
    g = rlx.Graph("empty")
    x = g.input("x", (3,))
    c, ys = rlx.scan(lambda c, _: (c * 2.0, c), x, None, length=0)
    g.set_outputs([c, ys])
    out = _compile(g, device).run({"x": np.arange(3, dtype=np.float32)})
    np.testing.assert_array_equal(out[0], np.arange(3))
    assert out[1].shape == (0, 3)


def test_while_loop_trip_count_depends_on_the_data(device):
    g = rlx.Graph("collatz")
    start = g.input("n", (), "i64")

    def body(v):
        n, steps = v
        half = (n - n % 2) / 2
        return rlx.where(n % 2 == 1, n * 3 + 1, half), steps + 1

    n, steps = rlx.while_loop(lambda v: v[0] != 1, body, (start, np.int64(0)))
    g.set_outputs([steps, n])
    compiled = _compile(g, device)

    def collatz(k):
        s = 0
        while k != 1:
            k, s = (3 * k + 1 if k % 2 else k // 2), s + 1
        return s
    for k in (1, 2, 6, 7, 27, 97):
        out = compiled.run({"n": np.int64(k)})
        assert int(out[0]) == collatz(k), k
        assert int(out[1]) == 1


def test_while_loop_with_float_carry_and_closure(device):
    g = rlx.Graph("newton")
    a = g.input("a", (4,), "f64")
    tol = g.input("tol", (), "f64")

    def body(v):
        x, i = v
        return 0.5 * (x + a / x), i + 1

    def cond(v):
        x, i = v
        return ((x * x - a).abs().max() > tol) & (i < 100)

    x, i = rlx.while_loop(cond, body, (a + 1.0, np.int32(0)))
    g.set_outputs([x, i])
    vals = np.array([2.0, 9.0, 0.5, 1e4])
    out = _compile(g, device).run({"a": vals, "tol": np.float64(1e-10)})
    np.testing.assert_allclose(out[0], np.sqrt(vals), rtol=1e-12)
    assert 1 < int(out[1]) < 100


def test_cond_runs_only_the_branch_taken(device):
    """The false branch solves a singular system, which fails the run when it executes."""
    g = rlx.Graph("cond")
    p = g.input("p", (), "bool")
    x = g.input("x", (3,), "f64")
    singular = g.constant(np.zeros((3, 3)), "f64")

    out = rlx.cond(p, lambda v: (v * 2.0, v.sum()),
                   lambda v: (rlx.linalg.solve(singular, v), v.max()), x)
    g.set_outputs(list(out))
    compiled = _compile(g, device)
    xv = np.array([1.0, -2.0, 5.0])
    for _ in range(2):
        y, s = compiled.run({"p": np.bool_(True), "x": xv})
        np.testing.assert_array_equal(y, xv * 2)
        assert s == xv.sum()
    with pytest.raises(ExecutionError, match="singular"):
        compiled.run({"p": np.bool_(False), "x": xv})


def test_branches_may_return_constants_and_their_operands(device):
    """A branch whose result is a (folded) constant or an operand as it is: the body has
    no kernel writing the result, which is copied out instead."""
    g = rlx.Graph("cond_const")
    x = g.input("x", (2,), "f64")
    y = rlx.cond(x.sum() > 0, lambda u: u * 2.0,
                 lambda u: u.graph.constant(0.0, "f64").broadcast_to((2,)), x)
    z = rlx.cond(x.sum() > 0, lambda u: u, lambda u: u + 1.0, x)
    g.set_outputs([y, z])
    compiled = _compile(g, device)
    for xv in ([-1.0, -1.0], [2.0, 3.0]):
        xv = np.array(xv)
        y, z = compiled.run({"x": xv})
        positive = xv.sum() > 0
        np.testing.assert_array_equal(y, xv * 2 if positive else np.zeros(2))
        np.testing.assert_array_equal(z, xv if positive else xv + 1)


def test_cond_with_integer_predicate_and_captures(device):
    g = rlx.Graph("cond_int")
    k = g.input("k", (), "i32")
    x = g.input("x", (2, 3))
    w = g.input("w", (3, 3))
    y = rlx.cond(k, lambda v: v @ w, lambda v: v - 1.0, x)
    g.set_outputs([y])
    compiled = _compile(g, device)
    rng = np.random.default_rng(0)
    xv, wv = rng.standard_normal((2, 3), np.float32), rng.standard_normal((3, 3), np.float32)
    for kv in (0, 1, -3):
        (out,) = compiled.run({"k": np.int32(kv), "x": xv, "w": wv})
        want = xv.astype(np.float64) @ wv if kv else xv - 1.0
        np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-6)


def test_nested_control_flow(device):
    """A scan whose body holds a cond and a while_loop that reads the scan's closure."""
    g = rlx.Graph("nested")
    xs = g.input("xs", (6,), "f64")
    cap = g.input("cap", (), "f64")

    def step(c, x):
        y = rlx.cond(x > 0, lambda a: a + x, lambda a: a * 0.5, c)
        z = rlx.while_loop(lambda v: v < cap, lambda v: v * 2.0, y.abs() + 0.1)
        return y, z
    c, zs = rlx.scan(step, np.float64(1.0), xs)
    g.set_outputs([c, zs])
    xv = np.array([0.5, -1.0, 2.0, -3.0, 0.25, 4.0])
    out = _compile(g, device).run({"xs": xv, "cap": np.float64(10.0)})
    c_ref, zs_ref = 1.0, []
    for x in xv:
        c_ref = c_ref + x if x > 0 else c_ref * 0.5
        z = abs(c_ref) + 0.1
        while z < 10.0:
            z *= 2
        zs_ref.append(z)
    np.testing.assert_allclose(out[0], c_ref, rtol=1e-12)
    np.testing.assert_allclose(out[1], zs_ref, rtol=1e-12)


def test_long_scan_is_one_loop_not_unrolled(device):
    """10,000 steps: the program holds the body once whatever the length."""
    def build(n):
        g = rlx.Graph("long")
        x0 = g.input("x0", (8,), "f64")
        xs = g.input("xs", (n, 8), "f64")
        c, _ = rlx.scan(lambda c, x: (0.999 * c + x, None), x0, xs)
        g.set_outputs([c])
        return g
    n = 10_000
    rng = np.random.default_rng(1)
    x0, xs = rng.standard_normal(8), rng.standard_normal((n, 8))
    (out,) = _compile(build(n), device).run({"x0": x0, "xs": xs})
    want = x0.copy()
    for t in range(n):
        want = 0.999 * want + xs[t]
    np.testing.assert_allclose(out, want, rtol=1e-10)
    if device == "cpu":
        s = rlx.Session("cpu")
        sizes = [len(s.backend.render(s.run_passes(build(k)).program, s.options)[0])
                 for k in (10, n)]
        assert abs(sizes[1] - sizes[0]) < 64, sizes


def test_every_result_of_a_loop_comes_from_one_run(device):
    g = rlx.Graph("siblings")
    x = g.input("x", (4,))
    c, ys = rlx.scan(lambda c, _: (c + 1.0, c * 3.0), x, None, length=5)
    g.set_outputs([ys, c])
    compiled = _compile(g, device)
    program = compiled.report().program
    loops = [k for k in program.kernels
             if any(program.graph.nodes[n].op == "scan" for n in k.nodes)]
    assert len(loops) == 1
    out = compiled.run({"x": np.zeros(4, np.float32)})
    np.testing.assert_array_equal(out[1], np.full(4, 5.0))
    np.testing.assert_array_equal(out[0], np.arange(5)[:, None] * 3.0 * np.ones(4))


def test_thread_count_does_not_change_results(device):
    if device != "cpu":
        pytest.skip("threads are a cpu option")
    g = rlx.Graph("threads")
    h0 = g.input("h0", (64, 256))
    w = g.input("w", (256, 256))
    c, _ = rlx.scan(lambda h, _: (rlx.tanh(h @ w), None), h0, None, length=20)
    g.set_outputs([c])
    rng = np.random.default_rng(2)
    feeds = {"h0": rng.standard_normal((64, 256), np.float32),
             "w": rng.standard_normal((256, 256), np.float32) / 16}
    outs = [_compile(g, "cpu", num_threads=t).run(feeds)[0] for t in (1, 2)]
    np.testing.assert_array_equal(outs[0], outs[1])


def test_unoptimized_and_serialized_graphs_agree(device):
    g = rlx.Graph("json")
    x = g.input("x", (3,))
    c, ys = rlx.scan(lambda c, xt: (c * xt + 1.0, c), x, g.input("xs", (4, 3)))
    g.set_outputs([c, ys])
    feeds = {"x": np.ones(3, np.float32), "xs": np.full((4, 3), 2.0, np.float32)}
    ref = _compile(g, device).run(feeds)
    again = rlx.from_json(rlx.to_json(g))
    assert again.nodes[-1].attr("body") is again.nodes[-2].attr("body")
    for graph, opts in ((again, {}), (g, {"optimize": False})):
        for a, b in zip(_compile(graph, device, **opts).run(feeds), ref):
            np.testing.assert_array_equal(a, b)


# ----------------------------------------------------------------------------- errors
def test_bad_bodies_are_refused_at_build_time():
    g = rlx.Graph("bad")
    x = g.input("x", (3,))
    p = g.input("p", (), "bool")
    with pytest.raises(GraphBuildError, match="false branch"):
        rlx.cond(p, lambda v: v, lambda v: v.sum(), x)
    with pytest.raises(ShapeError, match="scalar"):
        rlx.cond(x > 0, lambda v: v, lambda v: v, x)
    with pytest.raises(GraphBuildError, match="bool scalar"):
        rlx.while_loop(lambda v: v.sum(), lambda v: v, x)
    with pytest.raises(GraphBuildError, match="body_fun"):
        rlx.while_loop(lambda v: v.sum() > 0, lambda v: v.sum(), x)
    with pytest.raises(GraphBuildError, match="disagree"):
        rlx.scan(lambda c, t: (c, t), x, g.input("xs", (4, 3)), length=5)
    with pytest.raises(GraphBuildError, match="length is required"):
        rlx.scan(lambda c, t: (c, None), x, None)
    for length in (2.5, True, "3", -1):      # int() made 2.5 two steps and True one
        with pytest.raises(GraphBuildError, match="length must be a non-negative int"):
            rlx.scan(lambda c, t: (c, None), x, None, length=length)
    with pytest.raises(GraphBuildError, match="carry"):
        rlx.scan(lambda c, t: (c.sum(), None), x, None, length=2)
    other = rlx.Graph("other").input("y", (3,))
    with pytest.raises(GraphBuildError, match="unrelated"):
        rlx.cond(p, lambda v: v, lambda v: v, other)


def test_random_ops_in_a_body_are_refused_on_cpu():
    if "cpu" not in rlx.available_devices():
        pytest.skip("no cpu device")
    g = rlx.Graph("rand")
    x = g.input("x", (3,))
    c, _ = rlx.scan(lambda c, _: (c + rlx.random_uniform(c.graph, (3,)), None), x, None,
                    length=2)
    g.set_outputs([c])
    with pytest.raises(UnsupportedOpError, match="random ops inside control flow"):
        rlx.Session("cpu").compile(g)


def test_a_body_may_build_control_flow_from_closures_alone(device):
    """A scan with no carry and no xs inside a body: its graph is the body being traced."""
    g = rlx.Graph("closure_only")
    w = g.input("w", (3,))

    def outer(c, x):
        _, ys = rlx.scan(lambda c2, _: ((), w * x), (), None, length=2)
        return c + ys.sum(), None
    c, _ = rlx.scan(outer, w, g.input("xs", (4,)))
    g.set_outputs([c])
    out = _compile(g, device).run({"w": np.full(3, 0.5, np.float32),
                                   "xs": np.arange(4, dtype=np.float32)})
    np.testing.assert_allclose(out[0], 0.5 + sum(2 * 3 * 0.5 * x for x in range(4)))


def test_branch_work_on_outer_tensors_alone_stays_in_the_branch(device):
    """A branch computing only from closures builds in the branch, not in the graph
    around it, so its work runs only when the branch is taken."""
    g = rlx.Graph("inside")
    p = g.input("p", (), "bool")
    a, b = g.input("a", (3,), "i32"), g.input("b", (3,), "i32")
    y = rlx.cond(p, lambda: a * 2, lambda: (a - b) * 3)
    g.set_outputs([y])
    body = g.nodes[-1].attr("branches")[0].graph
    assert any(n.op == "mul" for n in body.nodes)
    assert not any(n.op == "mul" for n in g.nodes)
    assert rlx.control.current_graph() is None
    out = _compile(g, device).run({"p": np.bool_(True), "a": np.arange(3, dtype=np.int32),
                                   "b": np.zeros(3, np.int32)})
    np.testing.assert_array_equal(out[0], np.arange(3) * 2)


def _attention64(q: np.ndarray, causal: bool) -> np.ndarray:
    s = q @ np.swapaxes(q, -1, -2) / np.sqrt(q.shape[-1])
    if causal:
        s = np.where(np.tril(np.ones(s.shape[-2:], bool)), s, -np.inf)
    w = np.exp(s - s.max(-1, keepdims=True))
    return (w / w.sum(-1, keepdims=True)) @ q


def _conv64(x: np.ndarray, k: np.ndarray) -> np.ndarray:
    """conv2d of [1, C, H, W] with [O, C, 3, 3], padding 1, in float64."""
    p = np.pad(x[0], ((0, 0), (1, 1), (1, 1)))
    h, w = x.shape[2:]
    out = np.zeros((k.shape[0], h, w))
    for i in range(3):
        for j in range(3):
            out += np.einsum("oc,chw->ohw", k[:, :, i, j], p[:, i:i + h, j:j + w])
    return out[None]


@pytest.mark.parametrize("case", ["matmul", "conv", "attention", "fft_scan", "fft_cond"])
def test_library_kernels_in_several_bodies_and_outside(device, case):
    """The same library kernel (packed GEMM, conv tiles, attention, FFT) in two bodies,
    or in a body and outside it, compiles once and computes what float64 numpy does
    (the cpu device emitted each library helper once per body: the C compiler refused
    the program)."""
    rng = np.random.default_rng(5)
    g = rlx.Graph(case)
    dt = "f64" if case.startswith("fft") else "f32"    # f32 products take the packed GEMM
    if case == "matmul":       # hidden 16: the products take the packed GEMM
        f = {"xs": rng.standard_normal((3, 8, 16)), "w": rng.standard_normal((16, 16)) / 4,
             "h0": rng.standard_normal((8, 16))}
        xs, w, h0 = (g.input(k, v.shape, dt) for k, v in f.items())
        h, _ = rlx.scan(lambda h, x: (rlx.tanh(h @ w + x), h.sum()), h0, xs)
        h2, _ = rlx.scan(lambda h, x: (h @ w - x, h.sum()), h, xs)
        g.set_outputs([h2 @ w])
        a = f["h0"]
        for t in range(3):
            a = np.tanh(a @ f["w"] + f["xs"][t])
        for t in range(3):
            a = a @ f["w"] - f["xs"][t]
        want = a @ f["w"]
    elif case == "conv":
        f = {"h0": rng.standard_normal((1, 4, 8, 8)), "k": rng.standard_normal((4, 4, 3, 3)) / 6}
        h0, k = (g.input(n, v.shape, dt) for n, v in f.items())
        a, _ = rlx.scan(lambda h, _: (rlx.tanh(rlx.conv2d(h, k, padding=1)), h.sum()), h0,
                        None, length=2)
        g.set_outputs([rlx.conv2d(a, k, padding=1)])
        want = f["h0"]
        for _ in range(2):
            want = np.tanh(_conv64(want, f["k"]))
        want = _conv64(want, f["k"])
    elif case == "attention":
        f = {"q": rng.standard_normal((1, 2, 4, 8)), "p": np.bool_(False)}
        q, p = g.input("q", (1, 2, 4, 8), dt), g.input("p", (), "bool")
        g.set_outputs([rlx.cond(p, lambda a: rlx.attention(a, a, a),
                                lambda a: rlx.attention(a, a, a, mask="causal"), q)
                       + rlx.attention(q, q, q)])
        want = _attention64(f["q"], True) + _attention64(f["q"], False)
    else:
        f = {"x": rng.standard_normal((4, 8)), "p": np.bool_(True)}
        x, p = g.input("x", (4, 8), "f64"), g.input("p", (), "bool")
        spectrum = np.abs(np.fft.rfft(f["x"]))
        if case == "fft_scan":
            _, ys = rlx.scan(lambda c, row: (c, abs(rlx.fft.rfft(row))), x[0], x)
            _, zs = rlx.scan(lambda c, row: (c, abs(rlx.fft.rfft(row * 2.0))), x[0], x)
            g.set_outputs([ys + zs])
            want = 3 * spectrum
        else:
            g.set_outputs([rlx.cond(p, lambda v: abs(rlx.fft.rfft(v)),
                                    lambda v: abs(rlx.fft.rfft(v)) * 0.0, x)])
            want = spectrum
    feeds = {k: v.astype(np.float32) if dt == "f32" and v.dtype == np.float64 else v
             for k, v in f.items() if k in dict(g.inputs)}
    got = _compile(g, device).run(feeds)[0]
    tol = 1e-10 if dt == "f64" else 2e-5
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


def test_grad_of_a_scan_rnn_with_packed_products(device):
    """grad of an f32 RNN whose products take the packed GEMM in the forward and
    backward bodies equals torch's autograd in float64."""
    torch = pytest.importorskip("torch")
    from rlx.autodiff import grad

    rng = np.random.default_rng(6)
    f = {"xs": rng.standard_normal((3, 8, 16)), "w": rng.standard_normal((16, 16)) / 4,
         "h0": rng.standard_normal((8, 16))}
    g = rlx.Graph("rnn")
    xs, w, h0 = (g.input(k, v.shape, "f32") for k, v in f.items())
    h, _ = rlx.scan(lambda h, x: (rlx.tanh(h @ w + x), h.sum()), h0, xs)
    g.set_outputs([(h * h).sum()])
    got = _compile(grad(g, ["w"], d_output=False), device).run(
        {k: v.astype(np.float32) for k, v in f.items()})
    t = {k: torch.tensor(v.astype(np.float32).astype(np.float64), requires_grad=(k == "w"))
         for k, v in f.items()}
    a = t["h0"]
    for step in range(3):
        a = torch.tanh(a @ t["w"] + t["xs"][step])
    loss = (a * a).sum()
    loss.backward()
    np.testing.assert_allclose(got[0], loss.item(), rtol=1e-5)
    np.testing.assert_allclose(got[1], t["w"].grad.numpy(), rtol=1e-4, atol=1e-4)
