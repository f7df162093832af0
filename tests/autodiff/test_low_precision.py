"""Gradients of f16 / bf16 graphs: every rule builds and runs in the narrow dtype and
tracks the float64 gradient of the same (rounded) case to a few percent."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from tests.autodiff.cases import CASES, CaseBuilder
from tests.autodiff.checks import run_graph

from rlx.autodiff import grad

ORACLE = "reference"


class NarrowCaseBuilder(CaseBuilder):
    """A case builder whose float leaves are stored in a narrow dtype."""

    def __init__(self, seed: int, dtype: np.dtype):
        super().__init__(seed)
        self.dtype = dtype

    def leaf(self, value, differentiate=True, param=False):
        value = np.asarray(value)
        if value.dtype.kind == "f":
            value = value.astype(self.dtype)
        return super().leaf(value, differentiate, param)


def _gradients(builder: CaseBuilder, y) -> list[np.ndarray]:
    """Gradients of sum(y * r) for a fixed random r, for the builder's leaves."""
    graph = builder.graph
    direction = np.random.default_rng(1).standard_normal(y.shape)
    graph.set_outputs([(y * graph.constant(direction, y.dtype)).sum()])
    return run_graph(grad(graph, builder.wrt, d_output=False), builder.feeds, ORACLE)[1:]


@pytest.mark.parametrize("dtype", [np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16)],
                         ids=["f16", "bf16"])
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_narrow_gradients_track_float64(case, dtype):
    narrow = NarrowCaseBuilder(0, dtype)
    got = _gradients(narrow, case.build(narrow))
    wide = CaseBuilder(0)
    y = case.build(wide)
    wide.feeds = {k: v.astype(np.float64) if v.dtype.kind == "f" else v
                  for k, v in narrow.feeds.items()}
    want = _gradients(wide, y)
    for name, g, w in zip(narrow.wrt, got, want):
        assert g.dtype == dtype, name
        scale = np.abs(w).max(initial=1.0)
        np.testing.assert_allclose(g.astype(np.float64), w, rtol=0.05, atol=0.05 * scale,
                                   err_msg=name)
