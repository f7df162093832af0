"""rlx.distributed on torch.distributed (gloo) with 2, 3 and 4 worker processes on
this machine over loopback.

The workers (``dist_worker.py``) are launched as subprocesses with the variables
``torchrun`` sets; each writes what it computed, and these tests compare it with a
single-process run of the same models on the same global batches. The models are
float64 so the comparison can ask for 1e-6 (the data-parallel gradient differs from
the single-process one only in the order of its sums).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import dist_models as dm
import numpy as np
import pytest
from dist_launch import LAUNCH_TIMEOUT, finish, free_port, launch, run_all

import rlx
import rlx.distributed as rd
from rlx.errors import InputError
from rlx.optim import Adam, Muon, Trainer

torch_dist = pytest.importorskip("torch.distributed", reason="rlx.distributed needs torch "
                                 '(pip install -e ".[distributed]")')
if not torch_dist.is_available() or not torch_dist.is_gloo_available():
    pytest.skip("this torch build has no gloo backend", allow_module_level=True)

WORKER = Path(__file__).with_name("dist_worker.py")
TOLERANCE = 1e-6


# --------------------------------------------------------------------------- fixtures

@pytest.fixture(scope="module", params=[2, 4], ids=["2workers", "4workers"])
def trained(request, tmp_path_factory) -> list[dict[str, np.ndarray]]:
    """What every rank of a ``train`` run computed."""
    world = request.param
    out = tmp_path_factory.mktemp(f"train{world}")
    run_all(WORKER, "train", world, out)
    return [dict(np.load(out / f"rank{r}.npz")) for r in range(world)]


@pytest.fixture(scope="module")
def data() -> tuple[np.ndarray, np.ndarray]:
    return dm.digits()


def _single_process(model: dm.Model, data) -> tuple[dict[str, np.ndarray], list[float]]:
    trainer = Trainer(model.loss_graph(model.global_batch), model.init(), Adam(model.lr))
    losses = [trainer.step(batch) for batch in model.batches(*data)]
    return trainer.params(), losses


# --------------------------------------------------------------------------- tests

@pytest.mark.parametrize("variant", dm.DP_VARIANTS, ids=["in-graph", "host", "cpu-overlap"])
@pytest.mark.parametrize("model", list(dm.MODELS.values()), ids=list(dm.MODELS))
def test_data_parallel_equals_one_process(trained, model, variant, data):
    if variant == "cpu" and "cpu" not in rlx.available_devices():
        pytest.skip("device 'cpu' is not available here")
    params, losses = _single_process(model, data)
    key = model.name + variant
    for rank, result in enumerate(trained):
        for name, value in params.items():
            got = result[f"{key}/{name}"]
            np.testing.assert_allclose(got, value, rtol=0, atol=TOLERANCE,
                                       err_msg=f"{key} {name} on rank {rank}")
            np.testing.assert_array_equal(got, trained[0][f"{key}/{name}"])
        np.testing.assert_allclose(result[f"{key}_losses"], losses, rtol=1e-9)
    assert losses[-1] < losses[0]


def test_average_in_graph_buckets_in_backward_order():
    """``average_in_graph``: buckets follow node order and respect the size; each
    all_reduce stands right after the node completing its bucket, before later
    computation; an input returned as an output is averaged too; the outputs keep their
    types, and in a group of one the program returns what the original does."""
    g = rlx.Graph("grads")
    x = g.input("x", (4, 3), "f64")
    w = g.param("w", (3, 3), "f64")
    late = (x @ w).tanh()                       # computed first: node order decides
    early = (late * 2.0).sum(axis=0)
    g.set_outputs([early.sum(), x, late, early])
    averaged = rd.average_in_graph(g, world=2, bucket_bytes=100)
    assert [averaged.nodes[i].type for i in averaged.outputs] == [
        g.nodes[i].type for i in g.outputs]
    reduces = [i for i, n in enumerate(averaged.nodes) if n.op == "all_reduce"]
    assert all(averaged.nodes[i].attr("overlap") for i in reduces)
    sizes = sorted(averaged.nodes[i].type.nbytes for i in reduces)
    # x (96 bytes) alone, late (96) alone, early (24) with the loss (8)
    assert sizes == [32, 96, 96], sizes
    ops = [n.op for n in averaged.nodes]
    assert ops.index("all_reduce") < ops.index("sum")   # the first starts before early
    rd.init(0, 1, master_port=free_port(), timeout=10)
    try:
        one = rd.average_in_graph(g, world=1, bucket_bytes=100)
        feeds = {"x": np.linspace(-1, 1, 12).reshape(4, 3)}
        weights = np.eye(3) * 0.5
        for device in ("reference", "cpu"):
            if device not in rlx.available_devices():
                continue
            plain, reduced = rlx.Session(device).compile(g), rlx.Session(device).compile(one)
            for cg in (plain, reduced):
                cg.set_param("w", weights)
            for got, want in zip(reduced.run(feeds), plain.run(feeds)):
                np.testing.assert_array_equal(got, want)
    finally:
        rd.shutdown()


def test_gradient_reductions_start_before_the_backward_ends():
    """On cpu, with buckets smaller than the model, the first bucket's all-reduce is
    started while gradient kernels remain, and waited for only after them (read from
    the executable's program and generated C: where the calls stand is the point)."""
    rd.init(0, 1, master_port=free_port(), timeout=10)
    try:
        model = dm.CNN
        trainer = rd.DataParallelTrainer(model.loss_graph(8), model.init(), Adam(model.lr),
                                         device="cpu", bucket_bytes=4096)
        assert trainer.overlap
        executable = trainer.compiled._exe
        graph = executable.program.graph
        starts = [i for i, k in enumerate(executable.program.kernels)
                  if any(graph.nodes[n].op == "all_reduce" for n in k.nodes)]
        assert len(starts) >= 2
        source = executable.source
        runner = source[source.index("int rlx_part0("):]
        calls = re.findall(r"rlx_([kw])(\d+)\(slots", runner)
        first = calls.index(("k", str(starts[0])))
        wait = calls.index(("w", "0"))
        between = [int(n) for kind, n in calls[first + 1:wait] if kind == "k"]
        assert any(n not in starts for n in between), calls
    finally:
        rd.shutdown()


def test_resume_equals_uninterrupted_run(trained):
    for rank, result in enumerate(trained):
        for name in dm.MLP.param_shapes:
            np.testing.assert_array_equal(result[f"resumed/{name}"], result[f"whole/{name}"],
                                          err_msg=f"{name} on rank {rank}")
        assert str(result["resume_digest"]) == str(trained[0]["resume_digest"])


def test_tensor_parallel_mlp_equals_one_process(trained):
    w1, b1, w2, b2, x = dm.tp_weights()
    whole = rlx.Session("reference").compile(rd.mlp_graph(len(x), w1.shape, w2.shape, "f64"))
    for name, value in {"w1": w1, "b1": b1, "w2": w2, "b2": b2}.items():
        whole.set_param(name, value)
    expected = whole.run({"x": x})[0]
    hidden = np.maximum(x @ w1 + b1, 0.0)
    world = len(trained)
    rows = len(x) // world
    for rank, result in enumerate(trained):
        np.testing.assert_allclose(result["tp_out"], expected, rtol=0, atol=1e-12)
        np.testing.assert_allclose(result["tp_scattered"],
                                   expected[rank * rows:(rank + 1) * rows], rtol=0, atol=1e-12)
        np.testing.assert_allclose(result["tp_hidden"], hidden, rtol=0, atol=1e-12)


@pytest.mark.parametrize("how, world, timeout", [("die", 3, 30.0), ("hang", 2, 4.0)],
                         ids=["killed", "hung"])
def test_lost_worker_fails_the_others(tmp_path, how, world, timeout):
    """Rank 1 is killed (or stops answering) at its 4th step: every other rank must
    stop with WorkerLostError, within the timeout of the moment rank 1 went away."""
    procs = launch(WORKER, how, world, tmp_path, timeout)
    deadline = time.monotonic() + LAUNCH_TIMEOUT
    while not any((tmp_path / f"rank{r}.json").exists() for r in range(world) if r != 1):
        if how == "die" and procs[1].poll() is not None:
            break
        assert time.monotonic() < deadline, "the workers never got going"
        time.sleep(0.05)
    lost_at = time.monotonic()
    survivors = [p for r, p in enumerate(procs) if r != 1]
    results = finish(survivors, lost_at + timeout + 15.0)
    elapsed = time.monotonic() - lost_at
    procs[1].kill()
    procs[1].wait()
    assert elapsed < min(30.0, timeout + 15.0)
    for rank, (code, output) in zip([r for r in range(world) if r != 1], results):
        assert code == 3, f"rank {rank} exited with {code}:\n{output[-4000:]}"
        report = json.loads((tmp_path / f"rank{rank}.json").read_text())
        assert report["error"] == "WorkerLostError", report
        assert report["step"] == 3 and "peer worker" in report["message"]
        assert report["seconds"] < timeout + 10.0


# --------------------------------------------------------------------------- in-process

def test_init_needs_rank_and_world(monkeypatch):
    for name in ("RANK", "WORLD_SIZE", "MASTER_PORT"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(InputError, match="RANK"):
        rd.init()
    with pytest.raises(InputError, match="rank 2 is not in 0..1"):
        rd.init(2, 2, master_port=1)
    # refused before torch sees them (a ValueError from urllib, an AssertionError, an
    # OverflowError from timedelta)
    for kwargs, match in (({"master_port": 99999}, "not a TCP port"),
                          ({"master_port": -5}, "not a TCP port"),
                          ({"master_port": 29500, "master_addr": ""}, "MASTER_ADDR"),
                          ({"master_port": 29500, "timeout": float("inf")}, "timeout")):
        with pytest.raises(InputError, match=match):
            rd.init(0, 1, **kwargs)
    assert not rd.is_initialized()


def test_without_a_group_is_a_clear_error():
    assert not rd.is_initialized()
    with pytest.raises(rd.DistributedError, match="init"):
        rd.DataParallelTrainer(dm.MLP.loss_graph(8), dm.MLP.init(), Adam(0.01))
    with pytest.raises(rd.DistributedError, match="init"):
        rd.all_reduce(np.ones(3))


def test_one_worker_group(tmp_path, data):
    """A group of one: the trainer is the plain Trainer, bit for bit; collectives are
    identities; a checkpoint of another model is refused."""
    rd.init(0, 1, master_port=free_port(), timeout=10)
    try:
        model = dm.MLP
        plain = Trainer(model.loss_graph(model.global_batch), model.init(), Adam(model.lr))
        dp = rd.DataParallelTrainer(model.loss_graph(model.global_batch), model.init(),
                                    Adam(model.lr), bucket_bytes=1000)
        for batch in model.batches(*data)[:3]:
            assert dp.step(batch) == plain.step(batch)
        for name, value in plain.params().items():
            np.testing.assert_array_equal(dp.params()[name], value)
        x = np.arange(6.0).reshape(2, 3)
        np.testing.assert_array_equal(rd.all_reduce(x), x)
        np.testing.assert_array_equal(rd.all_gather(x, axis=1), x)
        np.testing.assert_array_equal(rd.reduce_scatter(x, "mean"), x)
        with pytest.raises(InputError, match="global batch must have"):
            dp.step({"x": np.zeros((3, 64)), "y": np.zeros(3, np.int64)})
        dp.save(tmp_path / "mlp.npz")
        cnn = rd.DataParallelTrainer(dm.CNN.loss_graph(4), dm.CNN.init(), Adam(0.01))
        with pytest.raises(InputError, match="params"):
            cnn.load(tmp_path / "mlp.npz")
    finally:
        rd.shutdown()
    assert not rd.is_initialized()


def test_host_collectives_check_their_arguments_in_a_one_worker_group():
    """0-d arrays keep their shape; dtypes the engine cannot reduce, mean of integers,
    bad axes and sources are InputErrors before anything is sent; non-native byte
    order is converted; the group goes on working after each refusal."""
    rd.init(0, 1, master_port=free_port(), timeout=10)
    try:
        for value in (np.float64(2.5), np.array(2.5), np.array(7, np.int32)):
            got = rd.all_reduce(value)
            assert got.shape == () and got == value and got.dtype == np.asarray(value).dtype
            assert rd.broadcast(value).shape == ()
        assert rd.all_reduce(np.array(3.0), "mean").shape == ()
        big_endian = np.arange(3, dtype=">f8")
        for fn in (rd.all_reduce, rd.broadcast, rd.reduce_scatter):
            np.testing.assert_array_equal(fn(big_endian), [0.0, 1.0, 2.0])
        np.testing.assert_array_equal(rd.broadcast(np.array([1, 2], np.uint16)), [1, 2])
        refusals = [
            (lambda: rd.all_reduce(np.ones(2, np.int16)), "cannot reduce .*int16"),
            (lambda: rd.all_reduce(np.ones(2, np.uint32)), "cannot reduce .*uint32"),
            (lambda: rd.all_reduce(np.ones(2, np.int32), "mean"), "mean takes float"),
            (lambda: rd.reduce_scatter(np.ones(2, np.int64), "mean"), "mean takes float"),
            (lambda: rd.reduce_scatter(np.ones((2, 2)), axis=5), "axis 5 is out of range"),
            (lambda: rd.reduce_scatter(np.array(1.0)), "0-d array"),
            (lambda: rd.all_gather(np.ones(2), axis="0"), "axis must be an int"),
            (lambda: rd.broadcast(np.ones(2), src=1), r"src must be a rank in 0\.\.0"),
            (lambda: rd.broadcast(np.ones(2), src=-1), r"src must be a rank in 0\.\.0"),
            (lambda: rd.tensor_parallel_mlp_graph(4, 3, 4, 2, world=0), "world must be"),
            (lambda: rd.TensorParallelMLP(np.ones(3), np.ones(3), np.ones((3, 2)),
                                          np.ones(2), rows=2), "must be matrices"),
        ]
        for call, match in refusals:
            with pytest.raises(InputError, match=match):
                call()
            np.testing.assert_array_equal(rd.all_reduce(np.ones(2)), [1.0, 1.0])
        for device in ("reference", "cpu"):
            g = rlx.Graph("loss_mean")
            g.set_outputs([rd.graph_all_reduce(g.input("loss", (), "f32") * 2.0, "mean")])
            (got,) = rlx.Session(device).compile(g).run({"loss": np.float32(1.5)})
            assert got.shape == () and got == np.float32(3.0)
    finally:
        rd.shutdown()


def _tanh_loss() -> rlx.Graph:
    g = rlx.Graph("tanh_loss")
    x = g.input("x", (5, 4), "f64")
    h = rlx.tanh(x @ g.param("w", (4, 3), "f64") + g.param("b", (3,), "f64"))
    g.set_outputs([(h * h).mean()])
    return g


@pytest.mark.parametrize("make", [lambda: Muon(0.05), lambda: Adam(0.05, betas=(0.5, 0.6))],
                         ids=["muon", "adam_betas"])
def test_a_resumed_run_equals_the_uninterrupted_one(tmp_path, make):
    """Muon's checkpoint holds the state of the AdamW it steps biases with (it was
    lost: the bias restarted Adam), and Adam's betas are restored (only numbers were
    kept); a trainer built with the defaults continues bit for bit."""
    rs = np.random.default_rng(0)
    start = {"w": rs.standard_normal((4, 3)), "b": rs.standard_normal(3)}
    batches = [{"x": rs.standard_normal((5, 4))} for _ in range(6)]
    rd.init(0, 1, master_port=free_port(), timeout=10)
    try:
        whole = rd.DataParallelTrainer(_tanh_loss(), start, make())
        for batch in batches:
            whole.step(batch)
        first = rd.DataParallelTrainer(_tanh_loss(), start, make())
        for batch in batches[:3]:
            first.step(batch)
        first.save(tmp_path / "half.npz")
        default = Muon(0.01) if isinstance(make(), Muon) else Adam(0.01)
        resumed = rd.DataParallelTrainer(_tanh_loss(), start, default)
        resumed.load(tmp_path / "half.npz")
        for batch in batches[3:]:
            resumed.step(batch)
        for name, value in whole.params().items():
            np.testing.assert_array_equal(resumed.params()[name], value)
    finally:
        rd.shutdown()


def test_rolling_back_or_loading_other_state_continues_as_the_saved_run(tmp_path):
    """A checkpoint of step 0 (no optimizer state yet) loaded after two steps, and an
    Adam checkpoint loaded into a trainer that took as many steps with other buffers
    (weight decay): the flat state the compiled steps used no longer backs opt.state,
    so it is dropped. Before, the first failed with a KeyError and the second stepped
    on the trainer's old moments."""
    rs = np.random.default_rng(2)
    start = {"w": rs.standard_normal((4, 3)), "b": rs.standard_normal(3)}
    batches = [{"x": rs.standard_normal((5, 4))} for _ in range(4)]
    rd.init(0, 1, master_port=free_port(), timeout=10)
    try:
        whole = rd.DataParallelTrainer(_tanh_loss(), start, Adam(0.05))
        for batch in batches:
            whole.step(batch)
        back = rd.DataParallelTrainer(_tanh_loss(), start, Adam(0.05))
        back.save(tmp_path / "start.npz")
        for batch in batches[:2]:
            back.step(batch)
        back.load(tmp_path / "start.npz")
        for batch in batches:
            back.step(batch)
        half = rd.DataParallelTrainer(_tanh_loss(), start, Adam(0.05))
        for batch in batches[:2]:
            half.step(batch)
        half.save(tmp_path / "half.npz")
        other = rd.DataParallelTrainer(_tanh_loss(), start, Adam(0.05, weight_decay=0.5))
        for batch in batches[:2]:
            other.step(batch)
        other.load(tmp_path / "half.npz")
        for batch in batches[2:]:
            other.step(batch)
        for name, value in whole.params().items():
            np.testing.assert_array_equal(back.params()[name], value)
            np.testing.assert_array_equal(other.params()[name], value)
    finally:
        rd.shutdown()


def _rewrite_checkpoint(src, dst, meta_change=None, arrays_change=None) -> None:
    """A copy of the checkpoint ``src`` at ``dst`` with its meta JSON and arrays edited."""
    with np.load(src) as data:
        arrays = {key: data[key] for key in data.files}
    meta = json.loads(str(arrays["meta"]))
    if meta_change:
        meta_change(meta)
    if arrays_change:
        arrays_change(arrays)
    np.savez(dst, **{**arrays, "meta": np.array(json.dumps(meta))})


def test_a_refused_checkpoint_changes_nothing(tmp_path):
    """Malformed checkpoints (not a zip, no meta, meta not JSON or not an object, a
    hyperparameter of the wrong kind, a param of the wrong shape after a good one, bad
    generator state) are InputErrors naming the file, raised before anything is set:
    params, optimizer state and hyperparameters stay as they were."""
    rs = np.random.default_rng(1)
    start = {"w": rs.standard_normal((4, 3)), "b": rs.standard_normal(3)}
    batch = {"x": rs.standard_normal((5, 4))}
    rd.init(0, 1, master_port=free_port(), timeout=10)
    try:
        trainer = rd.DataParallelTrainer(_tanh_loss(), start, Adam(0.05))
        trainer.step(batch)
        good = tmp_path / "good.npz"
        trainer.save(good)
        trainer.step(batch)
        before = {k: v.copy() for k, v in trainer.params().items()}
        state = {n: {k: b.copy() for k, b in s.buffers.items()}
                 for n, s in trainer.optimizer.state.items()}

        def w_wrong_shape(arrays):        # params are sorted: 'b' is param_0, 'w' param_1
            arrays["param_0"] = arrays["param_0"] + 1.0
            arrays["param_1"] = np.zeros(4)

        bad = tmp_path / "bad.npz"
        cases = [
            (lambda: bad.write_bytes(good.read_bytes()[:100]), "not a readable"),
            (lambda: bad.write_text("hello"), "not a readable"),
            (lambda: np.savez(bad, param_0=np.ones(3)), "not a readable"),
            (lambda: np.savez(bad, meta=np.array("{nope")), "not a readable"),
            (lambda: np.savez(bad, meta=np.array("[1]")), "not an rlx checkpoint"),
            (lambda: _rewrite_checkpoint(good, bad, arrays_change=w_wrong_shape),
             r"param 'w' is float64\[4\] there"),
            (lambda: _rewrite_checkpoint(good, bad, lambda m: m["hyper"].update(lr="fast")),
             "hyperparameter 'lr' = 'fast' does not fit Adam"),
            (lambda: _rewrite_checkpoint(good, bad, lambda m: m["hyper"].update(state=5)),
             "hyperparameter 'state'"),
            (lambda: _rewrite_checkpoint(good, bad, lambda m: m["hyper"].update(
                betas=0.5)), "hyperparameter 'betas'"),
            (lambda: _rewrite_checkpoint(good, bad, lambda m: m.update(rng={"x": 1})),
             "not a well-formed"),
            (lambda: _rewrite_checkpoint(good, bad, lambda m: m["state"][0].update(
                shape=[-1])), "is not for a param of this trainer's shape"),
            # after good params: each was found only once something had been set
            (lambda: _rewrite_checkpoint(good, bad, arrays_change=lambda a: a.update(
                state_0_exp_avg=np.zeros(7))), "state buffer 'exp_avg' of entry 0"),
            (lambda: _rewrite_checkpoint(good, bad, lambda m: m["state"][0].update(
                dtype="<U3")), "state entry 0 has dtype"),
            (lambda: _rewrite_checkpoint(good, bad, lambda m: m.update(steps="abc")),
             "steps is 'abc'"),
            (lambda: _rewrite_checkpoint(good, bad, lambda m: m["rng"].update(state=-1)),
             "not a well-formed"),
        ]
        for write, match in cases:
            write()
            with pytest.raises(InputError, match=match) as info:
                trainer.load(bad)
            assert str(bad) in str(info.value)
            assert trainer.optimizer.lr == 0.05 and trainer.optimizer.betas == (0.9, 0.999)
            for name, value in trainer.params().items():
                np.testing.assert_array_equal(value, before[name])
            for name, buffers in state.items():
                for key, buffer in buffers.items():
                    np.testing.assert_array_equal(
                        trainer.optimizer.state[name].buffers[key], buffer)
        trainer.load(good)                 # the good checkpoint still restores
        assert not np.array_equal(trainer.params()["w"], before["w"])
    finally:
        rd.shutdown()
