"""Numpy integers, floats and bools are taken wherever Python's are: an axis, a size or a
count computed with numpy (``np.argmax``, ``arr.shape`` arithmetic on numpy values) gives
the graph a Python int would give, and the results equal numpy's own on the same
arguments."""

from __future__ import annotations

import numpy as np
import pytest
from tests.helpers import run_graph

import rlx

X = np.random.default_rng(0).standard_normal((4, 6)).astype(np.float32)

# (name, rlx op on a tensor, numpy float64 reference on an array), each argument a
# numpy scalar
CASES = [
    ("sum axis", lambda x: rlx.sum(x, axis=np.int64(1)),
     lambda a: a.sum(axis=1)),
    ("mean axes, keepdims", lambda x: rlx.mean(x, axis=(np.int32(0),), keepdims=np.bool_(True)),
     lambda a: a.mean(axis=0, keepdims=True)),
    ("softmax axis", lambda x: rlx.softmax(x, np.int64(-1)),
     lambda a: np.exp(a) / np.exp(a).sum(-1, keepdims=True)),
    ("concat axis", lambda x: rlx.concat([x, x], axis=np.int64(0)),
     lambda a: np.concatenate([a, a], axis=0)),
    ("transpose perm", lambda x: rlx.transpose(x, (np.int64(1), np.int64(0))),
     lambda a: a.T),
    ("reshape", lambda x: rlx.reshape(x, (np.int64(3), np.int64(8))),
     lambda a: a.reshape(3, 8)),
    ("slice", lambda x: x[np.int64(1):np.int64(3)],
     lambda a: a[1:3]),
    ("clip bounds", lambda x: rlx.clip(x, np.float32(-0.5), np.float64(0.5)),
     lambda a: np.clip(a, -0.5, 0.5)),
]


@pytest.mark.parametrize("name, op, reference", CASES, ids=[c[0] for c in CASES])
def test_numpy_scalar_arguments_act_as_python_ones(name, op, reference):
    g = rlx.Graph("g")
    g.set_outputs([op(g.input("x", X.shape))])
    (got,) = run_graph(g, {"x": X})
    np.testing.assert_allclose(got, reference(X.astype(np.float64)), rtol=2e-6, atol=1e-6)


def test_numpy_counts_outside_the_graph_are_taken():
    """Counts and sizes given to constructors: a numpy int is the int it holds."""
    assert rlx.Dim("n", np.int64(8)).max == 8
    assert type(rlx.CompileOptions(num_threads=np.int32(2)).num_threads) is int
    with pytest.raises(rlx.ShapeError, match="max must be an int"):
        rlx.Dim("n", np.float64(8.0))
    with pytest.raises(rlx.GraphBuildError, match="num_threads"):
        rlx.CompileOptions(num_threads=np.bool_(True))
