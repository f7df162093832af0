"""Shared test helpers: run a graph on a device and compare against an oracle."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

import rlx
from rlx.ir.graph import Graph


def run_graph(graph: Graph, feeds: Mapping[str, np.ndarray], device: str = "reference",
              seed: int = 0) -> list[np.ndarray]:
    """Compile ``graph`` for ``device`` and run it once; ``feeds`` gives inputs and params
    by name."""
    opts = rlx.CompileOptions(rng=rlx.RngOptions(seed=seed))
    cg = rlx.Session(device, opts).compile(graph)
    for name, _ in graph.params:
        cg.set_param(name, feeds[name])
    return cg.run({name: feeds[name] for name, _ in graph.inputs})


def tol(dtype) -> dict:
    """Comparison tolerances for results stored in ``dtype`` vs a float64 oracle."""
    name = np.dtype(dtype).name
    return {"float16": dict(rtol=2e-3, atol=2e-3), "bfloat16": dict(rtol=1.6e-2, atol=1.6e-2),
            "float32": dict(rtol=2e-5, atol=2e-6), "float64": dict(rtol=1e-12, atol=1e-12)
            }.get(name, dict(rtol=0, atol=0))
