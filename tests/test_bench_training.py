"""``python -m bench train`` still runs: its agreement check at toy sizes, not its timing.

One training step (forward, backward, Adam) of the tiny MLP and CNN on rlx must give
PyTorch eager's loss and updated weights, and the checker must notice when a peer's
step does not.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("sklearn")

from bench.training import ModelResult, compare, run_model, table, train_models  # noqa: E402


@pytest.mark.parametrize("key", ["mlp", "cnn"])
def test_one_step_agrees_with_torch(device, key):
    (model,) = [m for m in train_models(tiny=True) if m.key == key]
    result = run_model(model, threads=1, repeat=1, peers=["torch"], device=device,
                       timing=False)
    assert result.failures == [], result.agreement
    assert result.status == {}
    (line,) = result.agreement
    assert line.startswith("torch: loss") and line.endswith(" ok")


def test_a_disagreeing_step_is_reported():
    result = ModelResult(train_models(tiny=True)[0])
    weights = {"w": np.zeros(3)}
    assert compare((2.0, weights), (2.0 + 1e-6, {"w": np.full(3, 1e-6)}), "torch", result)
    assert not compare((2.0, weights), (2.0, {"w": np.full(3, 1e-3)}), "torch.compile",
                       result)
    assert result.status == {"torch.compile": "MISMATCH"}
    assert len(result.failures) == 1 and "torch.compile differs from rlx" in result.failures[0]
    assert "MISMATCH" in table([result], ["torch", "torch.compile"], markdown=False)
