"""One worker of a distributed test, launched as a subprocess with the variables
``torchrun`` sets (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT).

    python dist_worker.py train OUT_DIR        # data-parallel MLP and CNN, resume, TP MLP
    python dist_worker.py die OUT_DIR          # rank 1 kills itself mid-run
    python dist_worker.py hang OUT_DIR         # rank 1 stops answering mid-run

Each rank writes ``rank{r}.npz`` (train) or ``rank{r}.json`` (die, hang) into OUT_DIR.
``RLX_DIST_TIMEOUT`` sets the collective timeout in seconds.
"""

from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import dist_models as dm  # noqa: E402

import rlx.distributed as rd  # noqa: E402
from rlx.optim import Adam  # noqa: E402


def _trainer(model: dm.Model, world: int, variant: str = "") -> rd.DataParallelTrainer:
    """``variant`` (:data:`dm.DP_VARIANTS`): "" the default (gradients averaged inside
    the reference device's program), "host" (after the program), "cpu" (inside the cpu
    device's program, the all-reduces overlapping the backward)."""
    device = "cpu" if variant == "cpu" else "reference"
    return rd.DataParallelTrainer(model.loss_graph(model.global_batch // world), model.init(),
                                  Adam(model.lr), bucket_bytes=4096, device=device,
                                  overlap=variant != "host")


def train(out: str) -> None:
    world = rd.world_size()
    images, labels = dm.digits()
    results: dict[str, np.ndarray] = {}
    for model in dm.MODELS.values():
        for variant in dm.DP_VARIANTS:
            trainer = _trainer(model, world, variant)
            losses = [trainer.step(batch) for batch in model.batches(images, labels)]
            trainer.check_in_sync()
            results[f"{model.name}{variant}_losses"] = np.array(losses)
            for name, value in trainer.params().items():
                results[f"{model.name}{variant}/{name}"] = value

    # resume: 8 uninterrupted steps, saving after 4; then a fresh trainer loads the
    # checkpoint and takes the last 4. Batches are drawn with the trainer's rng.
    model, path = dm.MLP, os.path.join(out, "mlp.ckpt.npz")
    whole = _trainer(model, world)
    for step in range(dm.RESUME_STEPS):
        if step == dm.RESUME_AT:
            whole.save(path)
        whole.step(dm.rng_batch(whole.rng, images, labels, model.global_batch))
    resumed = _trainer(model, world)
    resumed.load(path)
    assert resumed.steps == dm.RESUME_AT
    for _ in range(dm.RESUME_STEPS - dm.RESUME_AT):
        resumed.step(dm.rng_batch(resumed.rng, images, labels, model.global_batch))
    results["resume_digest"] = np.array(resumed.check_in_sync())
    for name, value in whole.params().items():
        results[f"whole/{name}"] = value
    for name, value in resumed.params().items():
        results[f"resumed/{name}"] = value

    w1, b1, w2, b2, x = dm.tp_weights()
    mlp = rd.TensorParallelMLP(w1, b1, w2, b2, rows=len(x))
    results["tp_out"] = mlp(x)
    results["tp_scattered"] = mlp.scattered(x)
    results["tp_hidden"] = mlp.hidden(x)
    np.savez(os.path.join(out, f"rank{rd.rank()}.npz"), **results)


def fail(out: str, how: str) -> None:
    """Train the MLP until rank 1 dies (or hangs) at step 3; the others report the
    error they got and how long their last step took."""
    model = dm.MLP
    images, labels = dm.digits()
    world = rd.world_size()
    trainer = rd.DataParallelTrainer(model.loss_graph(8), model.init(), Adam(model.lr))
    batch = {"x": images[:8 * world].reshape(8 * world, 64), "y": labels[:8 * world]}
    dm.run_until_a_peer_is_lost(out, lambda: trainer.step(batch), how)


def main() -> None:
    scenario, out = sys.argv[1], sys.argv[2]
    rd.init(timeout=float(os.environ.get("RLX_DIST_TIMEOUT", "30")))
    try:
        if scenario == "train":
            train(out)
        else:
            fail(out, scenario)
    finally:
        rd.shutdown()


if __name__ == "__main__":
    main()
