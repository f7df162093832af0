"""Collectives as ops inside one compiled graph (rlx.ir.collective_ops).

Multi-worker: 2 and 4 worker processes over loopback (``collective_worker.py``) run every
op on the reference and cpu devices, in float64 and float32, with kernels before and
after; each rank's outputs are compared with numpy computed from every rank's inputs.
The one-program tensor-parallel MLP equals the single-process MLP within 1e-12, and a
killed peer makes the survivor's ``run`` raise WorkerLostError well inside the timeout.
In-process: build-time errors, the error of a program run without a process group, a
one-worker group (the callback's path, clones and the program store), and how the
passes and transforms treat the ops.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import dist_models as dm
import numpy as np
import pytest
from dist_launch import LAUNCH_TIMEOUT, finish, free_port, launch, run_all

import rlx
import rlx.distributed as rd
from rlx.errors import DTypeError, GraphBuildError, ShapeError, UnsupportedOpError
from rlx.ir.ops import COLLECTIVE_OPS, IMPURE_OPS, OPS

torch_dist = pytest.importorskip("torch.distributed", reason="rlx.distributed needs torch "
                                 '(pip install -e ".[distributed]")')
if not torch_dist.is_available() or not torch_dist.is_gloo_available():
    pytest.skip("this torch build has no gloo backend", allow_module_level=True)

WORKER = Path(__file__).with_name("collective_worker.py")
DEVICES = [d for d in ("reference", "cpu") if d in rlx.available_devices()]
TOLERANCE = {"f64": 1e-12, "f32": 1e-5}


# --------------------------------------------------------------------------- expected values

def _expected(world: int, rank: int, dtype: str) -> dict[str, np.ndarray]:
    """Each output of ``dm.collective_graph`` on ``rank``, from every rank's inputs
    (float64 numpy)."""
    ins = [dm.collective_inputs(r, dtype) for r in range(world)]
    a = np.stack([v["a"].astype(np.float64) for v in ins])
    total = a.sum(0)

    def chunk(x: np.ndarray, axis: int) -> np.ndarray:
        return np.split(x, world, axis=axis)[rank]

    product = sum(v["a"].astype(np.float64) @ v["w"].astype(np.float64) for v in ins)
    return {
        "sum_after": 0.5 * (2.0 * a + 1.0).sum(0),
        "mean": total / world, "max": a.max(0), "min": a.min(0),
        "gather0": np.concatenate(list(a), axis=0), "gather1": np.concatenate(list(a), axis=1),
        "scatter0_sum": chunk(total, 0), "scatter0_mean": chunk(total / world, 0),
        "scatter1_sum": chunk(total, 1), "scatter1_mean": chunk(total / world, 1),
        "chain": np.concatenate([np.maximum(product, 0.0) + 1.0] * world, axis=1),
        "int_sum": sum(v["i"].astype(np.int64) for v in ins),
    }


@pytest.fixture(scope="module", params=[2, 4], ids=["2workers", "4workers"])
def ran(request, tmp_path_factory) -> tuple[int, list[dict[str, np.ndarray]]]:
    """(world, what every rank of an ``ops`` run computed)."""
    world = request.param
    out = tmp_path_factory.mktemp(f"collectives{world}")
    run_all(WORKER, "ops", world, out)
    return world, [dict(np.load(out / f"rank{r}.npz")) for r in range(world)]


# --------------------------------------------------------------------------- multi-worker

@pytest.mark.parametrize("dtype", ["f64", "f32"])
@pytest.mark.parametrize("device", DEVICES + [f"{d}+overlap" for d in DEVICES])
def test_every_op_equals_numpy_on_every_rank(ran, device, dtype):
    """... and an overlapped all_reduce (started early, waited for late) gives the same
    bits as one run where it stands."""
    world, results = ran
    for rank, result in enumerate(results):
        for name, want in _expected(world, rank, dtype).items():
            got = result[f"{device}/{dtype}/{name}"]
            if device.endswith("+overlap"):
                plain = result[f"{device.split('+')[0]}/{dtype}/{name}"]
                np.testing.assert_array_equal(got, plain, err_msg=f"{name} on rank {rank}")
            assert got.shape == want.shape, (name, rank)
            if name == "int_sum":
                assert got.dtype == np.int32
                np.testing.assert_array_equal(got, want, err_msg=f"{name} on rank {rank}")
            else:
                assert got.dtype == np.dtype({"f64": np.float64, "f32": np.float32}[dtype])
                np.testing.assert_allclose(got, want, rtol=TOLERANCE[dtype],
                                           atol=TOLERANCE[dtype],
                                           err_msg=f"{device} {dtype} {name} on rank {rank}")


@pytest.mark.parametrize("device", DEVICES)
def test_one_program_tensor_parallel_mlp_equals_one_process(ran, device):
    world, results = ran
    w1, b1, w2, b2, x = dm.tp_weights()
    whole = rlx.Session(device).compile(rd.mlp_graph(len(x), w1.shape, w2.shape, "f64"))
    for name, value in {"w1": w1, "b1": b1, "w2": w2, "b2": b2}.items():
        whole.set_param(name, value)
    expected = whole.run({"x": x})[0]
    rows = len(x) // world
    for rank, result in enumerate(results):
        np.testing.assert_allclose(result[f"tp/{device}/out"], expected, rtol=0, atol=1e-12)
        np.testing.assert_allclose(result[f"tp/{device}/scattered"],
                                   expected[rank * rows:(rank + 1) * rows], rtol=0, atol=1e-12)
        np.testing.assert_allclose(result[f"tp/{device}/hidden"], np.maximum(x @ w1 + b1, 0.0),
                                   rtol=0, atol=1e-12)


@pytest.mark.parametrize("device", DEVICES)
def test_a_killed_peer_fails_the_survivors_run(tmp_path, device):
    """Rank 1 kills itself at its 4th run: rank 0's run raises WorkerLostError, well
    inside the group's (short) timeout."""
    timeout = 5.0
    procs = launch(WORKER, "die", 2, tmp_path, timeout, device)
    deadline = time.monotonic() + LAUNCH_TIMEOUT
    while procs[1].poll() is None:
        assert time.monotonic() < deadline, "the workers never got going"
        time.sleep(0.05)
    lost_at = time.monotonic()
    (code, output), = finish(procs[:1], lost_at + timeout + 15.0)
    assert time.monotonic() - lost_at < timeout + 15.0
    assert code == 3, f"rank 0 exited with {code}:\n{output[-4000:]}"
    report = json.loads((tmp_path / "rank0.json").read_text())
    assert report["error"] == "WorkerLostError", report
    assert report["step"] == 3 and "peer worker" in report["message"]
    assert "all_reduce" in report["message"]
    assert report["seconds"] < timeout + 5.0


@pytest.mark.parametrize("world", [2, 3])
def test_calls_that_differ_between_workers_are_refused(tmp_path, world):
    """Calls whose dtype, shape, axis, source or kind differ between the ranks (host
    calls, and programs built for different shapes) raise DistributedError on every
    rank, naming what each rank passed — before any data moves, so no worker is killed
    by the engine and none gets mixed bytes — and the group goes on working."""
    run_all(WORKER, "mismatch", world, tmp_path)
    reports = [json.loads((tmp_path / f"rank{r}.json").read_text()) for r in range(world)]
    total = float(sum(range(1, world + 1)))
    for rank, report in enumerate(reports):
        assert set(report) == set(collective_worker_cases())
        for case, got in report.items():
            assert got["error"] is not None, f"rank {rank}, {case}: no error"
            kind, message = got["error"]
            assert kind == "DistributedError", (rank, case, message)
            assert "the workers' calls differ" in message, (rank, case, message)
            for r in range(world):
                assert f"rank {r}: " in message, (rank, case, message)
            assert got["after"] == [total, total], (rank, case)


def collective_worker_cases() -> list[str]:
    import collective_worker

    return list(collective_worker.MISMATCHES)


# --------------------------------------------------------------------------- in-process

def _graph(world: int = 2) -> rlx.Graph:
    g = rlx.Graph("in_process")
    x = g.input("x", (4, 6), "f64")
    g.set_outputs([rd.graph_all_reduce(x * 2.0, world=world).exp()])
    return g


@pytest.mark.parametrize("build, error, match", [
    (lambda x: rd.graph_all_reduce(x, "prod", world=2), GraphBuildError, "op must be one of"),
    (lambda x: rd.graph_reduce_scatter(x, "max", world=2), GraphBuildError, "op must be"),
    (lambda x: rd.graph_all_gather(x, axis=2, world=2), ShapeError, "out of range"),
    (lambda x: rd.graph_reduce_scatter(x, axis=-3, world=2), ShapeError, "out of range"),
    (lambda x: rd.graph_reduce_scatter(x, axis=1, world=4), ShapeError, "equal chunks"),
    (lambda x: rd.graph_all_reduce(x, world=0), GraphBuildError, "positive int"),
    (lambda x: rd.graph_all_reduce(x.cast("bool"), "max", world=2), DTypeError,
     "cannot reduce bool"),
    (lambda x: rd.graph_all_reduce(x.cast("bf16"), world=2), DTypeError, "cannot reduce"),
    (lambda x: rd.graph_all_reduce(x.cast("i32"), "mean", world=2), DTypeError,
     "mean takes float"),
    (lambda x: rd.graph_all_reduce(x, world=None), rd.DistributedError, "init"),
], ids=["unknown-op", "scatter-max", "gather-axis", "scatter-axis", "not-divisible",
        "world-0", "bool", "bf16", "int-mean", "no-world-no-group"])
def test_build_time_errors(build, error, match):
    assert not rd.is_initialized()
    g = rlx.Graph("errors")
    with pytest.raises(error, match=match):
        build(g.input("x", (4, 6), "f32"))


def test_symbolic_shapes_and_complex_gathers_are_refused():
    g = rlx.Graph("errors")
    x = g.input("x", (rlx.Dim("rows", 8), 6), "f32")
    with pytest.raises(ShapeError, match="fixed shapes"):
        rd.graph_all_reduce(x, world=2)
    with pytest.raises(DTypeError, match="complex"):
        rd.graph_all_gather(g.input("z", (3,), "c64"), world=2)


@pytest.mark.parametrize("device", DEVICES)
def test_running_without_a_group_names_init(device):
    assert not rd.is_initialized()
    exe = rlx.Session(device).compile(_graph())
    with pytest.raises(rd.DistributedError, match=r"rlx\.distributed\.init\(\)"):
        exe.run({"x": np.ones((4, 6))})


def test_the_ops_are_collective_and_impure():
    assert COLLECTIVE_OPS == {"all_reduce", "all_gather", "reduce_scatter"}
    assert COLLECTIVE_OPS <= IMPURE_OPS
    assert all(OPS[k].category == "collective" for k in COLLECTIVE_OPS)


def test_passes_never_fold_hoist_or_fuse_a_collective():
    from rlx.backends.numpy_kernels import evaluate_node
    from rlx.passes.fold import fold_constants
    from rlx.passes.fusion import fuse
    from rlx.passes.split import split_param_invariant

    g = rlx.Graph("passes")
    w = g.param("w", (3,), "f64")
    c = rd.graph_all_reduce(g.constant(np.ones(3)), world=2)
    hoistable = rd.graph_all_gather(w * 2.0, world=2)
    g.set_outputs([c + 1.0, hoistable, g.input("x", (3,), "f64") + w * 3.0])

    folded = fold_constants(g, evaluate_node)
    assert [n.op for n in folded.nodes].count("all_reduce") == 1
    split = split_param_invariant(g)
    assert split is not None                          # w * 3.0 is hoisted ...
    assert not {n.op for n in split.prepare.nodes} & COLLECTIVE_OPS   # ... no collective
    assert {n.op for n in split.main.nodes} >= {"all_reduce", "all_gather"}
    program = fuse(_graph())
    alone = [k for k in program.kernels if "all_reduce" in k.name]
    assert len(alone) == 1 and alone[0].kind == "op" and len(alone[0].nodes) == 1
    assert len(program.kernels) == 3                  # mul, all_reduce, exp


def test_transforms_refuse_a_collective_on_a_differentiated_path():
    g = rlx.Graph("grad")
    x = g.input("x", (4, 6), "f64")
    g.set_outputs([(rd.graph_all_reduce(x * 2.0, world=2) ** 2).sum()])
    with pytest.raises(UnsupportedOpError, match="all_reduce.*no derivative"):
        rlx.grad(g, ["x"])
    with pytest.raises(UnsupportedOpError, match="all_reduce.*no derivative"):
        rlx.jvp(g, ["x"])
    with pytest.raises(UnsupportedOpError, match="cannot batch op 'all_reduce'"):
        rlx.vmap(g, ["x"], 3)
    off_path = rlx.Graph("off_path")
    y = off_path.input("y", (4, 6), "f64")
    shared = rd.graph_all_reduce(rlx.stop_gradient(y), world=2)
    off_path.set_outputs([(y * y).sum() + shared.sum()])
    assert rlx.grad(off_path, ["y"]).outputs


def test_one_worker_group_runs_clones_and_stored_programs(program_store):
    """In a group of one the collectives are identities: the callback's path on cpu,
    a clone's own callback, a program loaded from the store, a collective inside a scan
    body; a graph built for two workers is refused at run time."""
    rd.init(0, 1, master_port=free_port(), timeout=10)
    try:
        x = np.arange(24.0).reshape(4, 6)
        g = rlx.Graph("one_worker")
        a = g.input("a", (4, 6), "f64")
        g.set_outputs([rd.graph_all_reduce(a * 2.0, "mean") + 1.0,
                       rd.graph_all_gather(a, axis=1).exp(),
                       rd.graph_reduce_scatter(a, "mean", axis=1)])
        want = [x * 2.0 + 1.0, np.exp(x), x]
        for device in DEVICES:
            first = rlx.Session(device).compile(g)
            again = rlx.Session(device).compile(g)            # cpu: from the store
            if device == "cpu":
                assert [st.name for st in again.report().stages] == ["program store"]
            for exe in (first, first.clone(), again):
                for got, expected in zip(exe.run({"a": x}), want):
                    np.testing.assert_allclose(got, expected, rtol=1e-15)
            with pytest.raises(rd.DistributedError, match="built for 2 workers"):
                rlx.Session(device).compile(_graph(world=2)).run({"x": x})
        # inside a control-flow body: the body's kernels call back too
        s = rlx.Graph("scan_collective")
        xs, c0 = s.input("xs", (3, 6), "f64"), s.input("c0", (6,), "f64")
        carry, _ = rlx.scan(lambda c, row: (c + rd.graph_all_reduce(row * 2.0), row), c0, xs)
        s.set_outputs([carry])
        for device in DEVICES:
            got = rlx.Session(device).compile(s).run({"xs": x[:3], "c0": x[3]})[0]
            np.testing.assert_allclose(got, x[3] + 2.0 * x[:3].sum(0), rtol=1e-15)
    finally:
        rd.shutdown()
    assert not rd.is_initialized()
