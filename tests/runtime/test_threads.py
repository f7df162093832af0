"""The thread-safety contract (rlx.runtime.compiled, "Threads"): one CompiledGraph run
from several threads gives every run its own inputs' result, and clones with weights
of their own run at once without touching each other's state.

Every expectation is computed first, one run at a time, and checked against float64
numpy; the threaded runs must then reproduce those results bit for bit."""

from __future__ import annotations

import math
import subprocess
import threading

import numpy as np
import pytest

import rlx

pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")


def _run_in_threads(count: int, work) -> None:
    """``work(i)`` in ``count`` threads started together; re-raises the first failure."""
    errors: list[BaseException] = []
    start = threading.Barrier(count)

    def body(i: int) -> None:
        try:
            start.wait()
            work(i)
        except BaseException as exc:      # noqa: BLE001 - handed to the main thread
            errors.append(exc)

    threads = [threading.Thread(target=body, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]


def _gelu64(v: np.ndarray) -> np.ndarray:
    erf = np.vectorize(math.erf)
    return 0.5 * v * (1.0 + erf(v / math.sqrt(2.0)))


def test_one_graph_shared_by_threads_gives_each_run_its_own_result(device):
    g = rlx.Graph("gelu_linear")
    x = g.input("x", (64, 256))
    w, b = g.param("w", (256, 256)), g.param("b", (256,))
    g.set_outputs([rlx.gelu(x @ w + b)])
    cg = rlx.Session(device).compile(g)
    rng = np.random.default_rng(0)
    weight = rng.standard_normal((256, 256)).astype(np.float32) / 16
    bias = rng.standard_normal(256).astype(np.float32)
    cg.set_param("w", weight)
    cg.set_param("b", bias)
    threads, runs = 4, 60
    xs = [rng.standard_normal((64, 256)).astype(np.float32) for _ in range(threads)]
    expected = [cg.run({"x": v})[0] for v in xs]
    for v, want in zip(xs, expected):
        exact = _gelu64(v.astype(np.float64) @ weight + bias)
        np.testing.assert_allclose(want, exact, rtol=1e-4, atol=1e-4)
    wrong = [0] * threads

    def work(i: int) -> None:
        for _ in range(runs):
            (y,) = cg.run({"x": xs[i]})
            wrong[i] += not np.array_equal(y, expected[i])

    _run_in_threads(threads, work)
    assert wrong == [0] * threads


def _encoder(hidden: int = 64, heads: int = 4, seq: int = 16) -> rlx.Graph:
    g = rlx.Graph("encoder")
    x = g.input("x", (1, seq, hidden))
    p = {f"{n}_w": g.param(f"{n}_w", (hidden, hidden)) for n in "qkvo"}
    p.update({f"{n}_b": g.param(f"{n}_b", (hidden,)) for n in "qkvo"})
    p["ln_g"], p["ln_b"] = g.param("ln_g", (hidden,)), g.param("ln_b", (hidden,))
    head = hidden // heads

    def split(t):
        return t.reshape(1, seq, heads, head).transpose(0, 2, 1, 3)

    q, k, v = (split(x @ p[f"{n}_w"] + p[f"{n}_b"]) for n in "qkv")
    ctx = rlx.attention(q, k, v, scale=1.0 / math.sqrt(head))
    ctx = ctx.transpose(0, 2, 1, 3).reshape(1, seq, hidden)
    g.set_outputs([rlx.layer_norm(x + ctx @ p["o_w"] + p["o_b"], p["ln_g"], p["ln_b"])])
    return g


def _encoder64(x: np.ndarray, p: dict[str, np.ndarray], heads: int = 4) -> np.ndarray:
    """The encoder in float64 numpy (explicit softmax)."""
    p = {k: v.astype(np.float64) for k, v in p.items()}
    x = x.astype(np.float64)
    seq, hidden = x.shape[1], x.shape[2]
    head = hidden // heads

    def split(t):
        return t.reshape(1, seq, heads, head).transpose(0, 2, 1, 3)

    q, k, v = (split(x @ p[f"{n}_w"] + p[f"{n}_b"]) for n in "qkv")
    s = q @ k.transpose(0, 1, 3, 2) / math.sqrt(head)
    s = np.exp(s - s.max(-1, keepdims=True))
    ctx = (s / s.sum(-1, keepdims=True)) @ v
    h = x + ctx.transpose(0, 2, 1, 3).reshape(1, seq, hidden) @ p["o_w"] + p["o_b"]
    mu = h.mean(-1, keepdims=True)
    var = ((h - mu) ** 2).mean(-1, keepdims=True)
    return (h - mu) / np.sqrt(var + 1e-5) * p["ln_g"] + p["ln_b"]


def _encoder_params(rng: np.random.Generator, hidden: int = 64) -> dict[str, np.ndarray]:
    p = {f"{n}_w": (rng.standard_normal((hidden, hidden)) / 8).astype(np.float32)
         for n in "qkvo"}
    p.update({f"{n}_b": rng.standard_normal(hidden).astype(np.float32) / 4 for n in "qkvo"})
    p["ln_g"] = (1 + rng.standard_normal(hidden) / 8).astype(np.float32)
    p["ln_b"] = rng.standard_normal(hidden).astype(np.float32) / 8
    return p


def test_clones_with_their_own_weights_run_in_parallel(device):
    """4 clones x 4 threads x 500 runs of an encoder layer, different weights per clone
    (each clone's matrix kernels keep weights repacked for their own params)."""
    base = rlx.Session(device).compile(_encoder())
    rng = np.random.default_rng(1)
    clones, per_clone, runs = 4, 4, 500
    graphs, inputs, expected = [], [], []
    for c in range(clones):
        cg = base.clone() if c else base
        params = _encoder_params(rng)
        for name, value in params.items():
            cg.set_param(name, value)
        xs = [rng.standard_normal((1, 16, 64)).astype(np.float32) for _ in range(per_clone)]
        graphs.append(cg)
        inputs.append(xs)
        expected.append([cg.run({"x": v})[0] for v in xs])
        for v, want in zip(xs, expected[-1]):
            np.testing.assert_allclose(want, _encoder64(v, params), rtol=1e-4, atol=1e-4)
    wrong = [0] * (clones * per_clone)

    def work(i: int) -> None:
        c, t = divmod(i, per_clone)
        for _ in range(runs):
            (y,) = graphs[c].run({"x": inputs[c][t]})
            wrong[i] += not np.array_equal(y, expected[c][t])

    _run_in_threads(clones * per_clone, work)
    assert wrong == [0] * (clones * per_clone)


def _conv_graph() -> rlx.Graph:
    g = rlx.Graph("conv")
    x = g.input("x", (1, 8, 28, 28))
    w, b = g.param("w", (16, 8, 3, 3)), g.param("b", (16,))
    g.set_outputs([rlx.conv2d(x, w, b, padding=1).relu()])
    return g


def _conv64(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (1, 1), (1, 1)))
    out = np.zeros((1, w.shape[0], 28, 28))
    for i in range(3):
        for j in range(3):
            out += np.einsum("ncij,oc->noij", xp[:, :, i:i + 28, j:j + 28], w[:, :, i, j])
    return np.maximum(out + b[None, :, None, None], 0)


def test_executables_of_one_shared_object_keep_their_own_repacked_weights():
    """Two graphs compiled from one graph load one shared object; with their own
    weights, run at once, each keeps its repacked conv weights (Winograd and direct)."""
    if "cpu" not in rlx.available_devices():
        pytest.skip("no C compiler")
    rng = np.random.default_rng(2)
    graphs, cases = [], []
    for winograd in (True, True, False, False):
        cg = rlx.Session("cpu", rlx.CompileOptions(winograd=winograd)).compile(_conv_graph())
        w = rng.standard_normal((16, 8, 3, 3)).astype(np.float32) / 4
        b = rng.standard_normal(16).astype(np.float32)
        cg.set_param("w", w)
        cg.set_param("b", b)
        x = rng.standard_normal((1, 8, 28, 28)).astype(np.float32)
        (want,) = cg.run({"x": x})
        np.testing.assert_allclose(want, _conv64(x, w, b), rtol=1e-4, atol=1e-4)
        graphs.append(cg)
        cases.append((x, want))
    wrong = [0] * len(graphs)

    def work(i: int) -> None:
        for _ in range(200):
            (y,) = graphs[i].run({"x": cases[i][0]})
            wrong[i] += not np.array_equal(y, cases[i][1])

    _run_in_threads(len(graphs), work)
    assert wrong == [0] * len(graphs)
    assert graphs[0]._exe.library.path == graphs[1]._exe.library.path
    assert _writable_symbols(graphs[0]._exe.library.path) == []


# what the toolchain's start files put in every shared object's writable data
_LINKER_DATA = {"_DYNAMIC", "_GLOBAL_OFFSET_TABLE_", "__TMC_END__", "__dso_handle",
                "__do_global_dtors_aux_fini_array_entry", "__frame_dummy_init_array_entry",
                "completed.0"}


def _writable_symbols(path: str) -> list[str]:
    """Symbols in the shared object's writable data (.data / .bss) that the generated
    code defined."""
    try:
        listing = subprocess.run(["nm", path], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("nm is not available")
    symbols = [line.split() for line in listing.stdout.splitlines()]
    return [s[2] for s in symbols
            if len(s) == 3 and s[1] in "bBdD" and s[2] not in _LINKER_DATA]


def _forked_run(queue, compiled, x) -> None:
    queue.put(compiled.run({"x": x})[0])


@pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")
def test_a_process_forked_after_a_parallel_run_runs_the_program():
    """A child forked (multiprocessing's fork start method) after the parent ran a
    2-thread program runs it too: libgomp's docked worker threads do not exist in the
    child, and its first parallel region waited for them forever. The parent goes on
    running after the fork; both agree with float64 numpy."""
    import multiprocessing

    rs = np.random.default_rng(3)
    g = rlx.Graph("forked")
    x = g.input("x", (64, 128))
    g.set_outputs([rlx.tanh(x @ g.param("w", (128, 96))).sum(axis=1)])
    compiled = rlx.Session("cpu", rlx.CompileOptions(num_threads=2)).compile(g)
    w = (rs.standard_normal((128, 96)) * 0.1).astype(np.float32)
    compiled.set_param("w", w)
    xs = rs.standard_normal((64, 128)).astype(np.float32)
    want = np.tanh(xs.astype(np.float64) @ w).sum(axis=1)
    np.testing.assert_allclose(compiled.run({"x": xs})[0], want, rtol=1e-4, atol=1e-4)
    context = multiprocessing.get_context("fork")
    for _ in range(2):
        queue = context.Queue()
        child = context.Process(target=_forked_run, args=(queue, compiled, xs))
        child.start()
        try:
            got = queue.get(timeout=120)
        finally:
            child.join(30)
            if child.is_alive():
                child.kill()
        assert child.exitcode == 0
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
        np.testing.assert_allclose(compiled.run({"x": xs})[0], want, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("device", ["reference", "cpu"])
def test_copy_params_from_takes_the_sources_lock(device):
    """A copy from a graph whose params another thread keeps setting holds one of the
    values it was set to, whole: copy_params_from held only the destination's lock
    and copied a mix of the old and new values (95 of 100 copies of a 1M-element
    param here)."""
    n = 1 << 20
    g = rlx.Graph("copied")
    g.set_outputs([g.input("x", (n,)) + g.param("w", (n,))])
    src = rlx.Session(device).compile(g)
    dst = src.clone()
    values = [np.full(n, 1.0, np.float32), np.full(n, 2.0, np.float32)]
    src.set_param("w", values[0])
    zeros = np.zeros(n, np.float32)
    stop = threading.Event()

    def writer(_: int) -> None:
        k = 0
        while not stop.is_set():
            src.set_param("w", values[k % 2])
            k += 1

    def reader(_: int) -> None:
        try:
            for _ in range(40):
                assert dst.copy_params_from(src)
                (got,) = dst.run({"x": zeros})
                assert np.all(got == got[0]) and got[0] in (1.0, 2.0), \
                    f"a mixed copy: {int((got == 1.0).sum())} ones, {int((got == 2.0).sum())} twos"
        finally:
            stop.set()

    _run_in_threads(2, lambda i: (writer if i == 0 else reader)(i))
    with pytest.raises(rlx.InputError, match="other must be a CompiledGraph"):
        dst.copy_params_from(g)
