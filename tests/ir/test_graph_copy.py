"""copy.copy of a Graph is as independent as copy.deepcopy's: building on either
leaves the other as it was, and both compile to numpy's numbers."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import rlx


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_a_copied_graph_is_independent(device, how):
    g = rlx.Graph("g")
    x = g.input("x", (3,))
    g.set_outputs([x * 2.0])
    before = str(g)

    twin = how(g)
    y = twin.input("y", (3,))
    tx = twin.tensor(g.node_id("x"))
    twin.set_outputs([tx * 2.0, tx + y])
    assert str(g) == before
    assert [name for name, _ in g.inputs] == ["x"]
    with pytest.raises(rlx.GraphBuildError, match="another graph"):
        twin.set_outputs([x])                       # the original's Tensors stay its own
    g.input("z", (1,))                              # and the copy does not see this one
    assert [name for name, _ in twin.inputs] == ["x", "y"]

    xv = np.array([1.0, -2.0, 0.5], np.float32)
    yv = np.array([4.0, 0.25, -3.0], np.float32)
    out = rlx.Session(device).compile(g).run({"x": xv, "z": np.zeros(1, np.float32)})
    np.testing.assert_array_equal(out[0], [2.0, -4.0, 1.0])
    got = rlx.Session(device).compile(twin).run({"x": xv, "y": yv})
    np.testing.assert_array_equal(got[0], [2.0, -4.0, 1.0])
    np.testing.assert_array_equal(got[1], [5.0, -1.75, -2.5])
