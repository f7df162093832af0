"""The prepare stage: the spec's scenarios 7-10, structurally and through execution."""

import numpy as np
import pytest

import rlx
from rlx.backends.base import ExecutableCapabilities
from rlx.ir.graph import Graph
from rlx.passes.split import split_param_invariant

RNG = np.random.default_rng(0)
X = RNG.standard_normal((2, 4)).astype(np.float32)
W = RNG.standard_normal((4, 3)).astype(np.float32)
SCALE = np.array([0.5, 2.0, -1.0], np.float32)


def _scaled() -> Graph:
    g = Graph("scaled")
    x = g.input("x", (2, 4))
    w = g.param("w", (4, 3))
    s = g.param("scale", (3,))
    b = g.param("b", (3,))
    g.set_outputs([x @ (w * s) + b])
    return g


def test_split_structure():
    g = Graph("s")
    x = g.input("x", (2, 4))
    g.set_outputs([x @ (g.param("w", (4, 3)) * g.param("scale", (3,)))])
    split = split_param_invariant(g)
    assert split is not None
    assert split.boundary == ["__rlx_prep_0"]
    assert split.prepare_params == {"w", "scale"} and split.main_params == frozenset()
    assert [n.op for n in split.prepare.nodes] == ["param", "param", "mul"]
    assert [n.op for n in split.main.nodes] == ["input", "input", "matmul"]
    assert split.main.inputs[1][0] == "__rlx_prep_0"
    rlx.verify(split.prepare)
    rlx.verify(split.main)


def test_no_split_when_nothing_is_param_only():
    g = Graph("plain")
    g.set_outputs([g.input("x", (2, 4)) @ g.param("w", (4, 3))])
    assert split_param_invariant(g) is None
    g2 = Graph("view_only")
    g2.set_outputs([g2.input("x", (2, 12)) @ g2.param("w", (3, 4, 3)).reshape(12, 3)])
    assert split_param_invariant(g2) is None


def test_random_cones_are_never_hoisted():
    g = Graph("rand")
    w = g.param("w", (4,))
    noise = rlx.random_normal(g, (4,))
    g.set_outputs([g.input("x", (4,)) + (w + noise) * 2.0 + rlx.exp(w)])
    split = split_param_invariant(g)
    hoisted = [n.op for n in split.prepare.nodes]
    assert "random_normal" not in hoisted and hoisted.count("exp") == 1
    main_ops = [n.op for n in split.main.nodes]
    assert "random_normal" in main_ops and main_ops.count("mul") == 1


def _compiled(device, **opts):
    cg = rlx.Session(device, rlx.CompileOptions(**opts)).compile(_scaled())
    cg.set_param("w", W)
    cg.set_param("scale", SCALE)
    cg.set_param("b", np.zeros(3, np.float32))
    return cg


def test_split_result_equals_unsplit_run(device):
    split = _compiled(device)
    plain = _compiled(device, split_params=False)
    expect = X.astype(np.float64) @ (W.astype(np.float64) * SCALE)
    for _ in range(3):
        (a,) = split.run({"x": X})
        (b,) = plain.run({"x": X})
        np.testing.assert_allclose(a, expect, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-6)
    assert split.prepare_runs == 1 and plain.prepare_runs == 0


def test_prepare_reruns_only_for_its_params(device):
    cg = _compiled(device)
    cg.run({"x": X})
    assert cg.prepare_runs == 1
    cg.set_param("b", np.ones(3, np.float32))       # main-only param
    (y,) = cg.run({"x": X})
    assert cg.prepare_runs == 1
    np.testing.assert_allclose(y, X @ (W * SCALE) + 1.0, rtol=1e-5, atol=1e-5)
    cg.set_param("w", 2 * W)                        # prepare param: dirty
    (y,) = cg.run({"x": X})
    assert cg.prepare_runs == 2
    np.testing.assert_allclose(y, X @ (2 * W * SCALE) + 1.0, rtol=1e-5, atol=1e-5)
    cg.set_param_range("scale", 0, np.float32(4.0).tobytes())
    cg.finalize_params()                            # forces the prepare run
    assert cg.prepare_runs == 3
    cg.run({"x": X})
    assert cg.prepare_runs == 3


def test_a_write_through_one_sharer_reruns_every_sharers_prepare_stage(device):
    """share_params_from shares the prepare stage's params too: a set_param,
    bind_param or set_param_range through either graph makes both compute with the
    new value (each re-runs its prepare stage once), and a clone keeps its own."""
    a, b = _compiled(device), _compiled(device)
    assert b.share_params_from(a)
    clone = a.clone()
    for cg in (a, b, clone):
        np.testing.assert_allclose(cg.run({"x": X})[0], X @ (W * SCALE), rtol=1e-5, atol=1e-6)
    a.set_param("w", 2 * W)
    scale = np.full(3, 3.0, np.float32)
    b.bind_param("scale", scale.copy())
    expect = X.astype(np.float64) @ (2 * W.astype(np.float64) * scale)
    for cg in (a, b):
        np.testing.assert_allclose(cg.run({"x": X})[0], expect, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(clone.run({"x": X})[0], X @ (W * SCALE), rtol=1e-5, atol=1e-6)
    runs = a.prepare_runs, b.prepare_runs
    b.set_param_range("scale", 0, np.float32(0.5).tobytes())
    scale[0] = 0.5
    expect = X.astype(np.float64) @ (2 * W.astype(np.float64) * scale)
    for cg in (a, b):
        np.testing.assert_allclose(cg.run({"x": X})[0], expect, rtol=1e-5, atol=1e-5)
        cg.run({"x": X})
    assert (a.prepare_runs, b.prepare_runs) == (runs[0] + 1, runs[1] + 1)


def test_a_copy_into_shared_params_reruns_every_sharers_prepare_stage(device):
    """copy_params_from into storage that share_params_from made common: the other
    sharer computes with the copied values too (it kept its old prepared product,
    mixing it with the new main-program params)."""
    a, b, source = _compiled(device), _compiled(device), _compiled(device)
    b.run({"x": X})
    assert a.share_params_from(b)
    source.set_param("w", 2 * W)
    assert a.copy_params_from(source)
    expect = X.astype(np.float64) @ (2 * W.astype(np.float64) * SCALE)
    for cg in (b, a):
        np.testing.assert_allclose(cg.run({"x": X})[0], expect, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("path", ["run", "run_slots", "run_typed", "run_read_outputs",
                                  "run_raw"])
def test_prepare_fallback_feeds_boundary_on_every_path(device, path):
    cg = _compiled(device)
    cg._exe.capabilities_ = ExecutableCapabilities()   # a backend without persistent handles
    expect = X @ (W * SCALE)
    for _ in range(2):
        if path == "run":
            (y,) = cg.run({"x": X})
        elif path == "run_slots":
            (y,) = cg.run_slots([X])
        elif path == "run_raw":
            (y,) = cg.run_raw({"x": X})
        elif path == "run_read_outputs":
            (y,) = cg.run_read_outputs({"x": X}, [0])
        else:
            ((data, dtype),) = cg.run_typed({"x": (X.tobytes(), "f32")})
            y = np.frombuffer(data, dtype.np).reshape(2, 3)
        np.testing.assert_allclose(y, expect, rtol=1e-5, atol=1e-5)
    assert cg._staging is not None and not cg._staging.bound
