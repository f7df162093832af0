"""One worker of a test of the in-graph collectives (rlx.ir.collective_ops), launched as a
subprocess with the variables ``torchrun`` sets (RANK, WORLD_SIZE, MASTER_ADDR,
MASTER_PORT).

    python collective_worker.py ops OUT_DIR           # every op, both devices, and the
                                                      # one-program tensor-parallel MLP
    python collective_worker.py die OUT_DIR DEVICE    # rank 1 kills itself mid-run

``ops``: each rank writes ``rank{r}.npz`` with the outputs of ``dm.collective_graph`` on
its own inputs (``dm.collective_inputs``), per device, dtype and overlap, and the in-graph
tensor-parallel MLP's results. ``die``: every rank runs an all-reduce program; rank 1
kills itself at its 4th run and the others write ``rank{r}.json`` with the error they
got and how long the failed run took. ``RLX_DIST_TIMEOUT`` sets the collective timeout.
"""

from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import dist_models as dm  # noqa: E402

import rlx  # noqa: E402
import rlx.distributed as rd  # noqa: E402

DEVICES = ("reference", "cpu")


def ops(out: str) -> None:
    world, rank = rd.world_size(), rd.rank()
    results: dict[str, np.ndarray] = {}
    for device in DEVICES:
        for dtype, overlap in (("f64", False), ("f32", False), ("f64", True), ("f32", True)):
            exe = rlx.Session(device).compile(dm.collective_graph(world, dtype, overlap))
            values = dm.collective_inputs(rank, dtype)
            exe.set_param("w", values["w"])
            got = exe.run({"a": values["a"], "i": values["i"]})
            again = exe.clone().run({"a": values["a"], "i": values["i"]})
            for name, value, second in zip(dm.COLLECTIVE_OUTPUTS, got, again):
                np.testing.assert_array_equal(second, value)
                results[f"{device}{'+overlap' if overlap else ''}/{dtype}/{name}"] = value
        w1, b1, w2, b2, x = dm.tp_weights()
        mlp = rd.TensorParallelMLP(w1, b1, w2, b2, rows=len(x), device=device, in_graph=True)
        results[f"tp/{device}/out"] = mlp(x)
        results[f"tp/{device}/scattered"] = mlp.scattered(x)
        results[f"tp/{device}/hidden"] = mlp.hidden(x)
    np.savez(os.path.join(out, f"rank{rank}.npz"), **results)


def die(out: str, device: str) -> None:
    """Run an all-reduce program until rank 1 kills itself at run 3; the others report
    the error their run raised."""
    g = rlx.Graph("die")
    x = g.input("x", (64,), "f64")
    g.set_outputs([rd.graph_all_reduce(x * 2.0).exp()])
    exe = rlx.Session(device).compile(g)
    runs = iter(range(1000))
    dm.run_until_a_peer_is_lost(out, lambda: exe.run({"x": np.full(64, 0.01 * next(runs))}))


def main() -> None:
    scenario, out = sys.argv[1], sys.argv[2]
    rd.init(timeout=float(os.environ.get("RLX_DIST_TIMEOUT", "30")))
    try:
        if scenario == "ops":
            ops(out)
        else:
            die(out, sys.argv[3])
    finally:
        rd.shutdown()


if __name__ == "__main__":
    main()
