"""A CompiledGraph owns its executable, param storage and native handles: copy.copy,
copy.deepcopy and pickle refuse it with an rlx error naming clone(), which gives the
independent copy."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import rlx

COPIES = {
    "copy.copy": copy.copy,
    "copy.deepcopy": copy.deepcopy,
    "deepcopy of a holder": lambda cg: copy.deepcopy({"model": [cg]}),
    "pickle": pickle.dumps,
    "pickle protocol 2": lambda cg: pickle.dumps(cg, protocol=2),
}


def _compiled(device: str) -> rlx.CompiledGraph:
    g = rlx.Graph("copied")
    x = g.input("x", (2, 2))
    w = g.param("w", (2, 2))
    g.set_outputs([x @ w])
    cg = rlx.Session(device).compile(g)
    cg.set_param("w", np.eye(2, dtype=np.float32))
    return cg


@pytest.mark.parametrize("how", list(COPIES))
def test_copies_and_pickles_are_refused_with_the_way_that_exists(device, how):
    cg = _compiled(device)
    with pytest.raises(rlx.InputError, match=r"cannot be copied or pickled: use clone\(\)"):
        COPIES[how](cg)
    ones = np.ones((2, 2), np.float32)
    np.testing.assert_array_equal(cg.run({"x": ones})[0], ones)     # still usable


def test_clone_is_the_independent_copy(device):
    cg = _compiled(device)
    twin = cg.clone()
    twin.set_param("w", np.full((2, 2), 5.0, np.float32))
    ones = np.ones((2, 2), np.float32)
    np.testing.assert_array_equal(cg.run({"x": ones})[0], ones)
    np.testing.assert_array_equal(twin.run({"x": ones})[0], np.full((2, 2), 10.0))
