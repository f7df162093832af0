"""Shared test helpers: run a graph on a device and compare against an oracle."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rlx.backends.reference.interpreter import evaluate
from rlx.backends.reference.kernels import KernelContext
from rlx.ir.graph import Graph
from rlx.ir.rng import RngOptions
from rlx.passes.program import one_kernel_per_node


def run_graph(graph: Graph, feeds: Mapping[str, np.ndarray], device: str = "reference",
              seed: int = 0) -> list[np.ndarray]:
    """Run ``graph`` on ``device`` with inputs and params both given by name in ``feeds``."""
    leaves = {}
    for nid, node in enumerate(graph.nodes):
        if node.op in ("input", "param"):
            leaves[nid] = np.asarray(feeds[node.attr("name")]).astype(node.dtype.np)
    return evaluate(one_kernel_per_node(graph), leaves, KernelContext(RngOptions(seed)))


def tol(dtype) -> dict:
    """Comparison tolerances for results stored in ``dtype`` vs a float64 oracle."""
    name = np.dtype(dtype).name
    return {"float16": dict(rtol=2e-3, atol=2e-3), "bfloat16": dict(rtol=1.6e-2, atol=1.6e-2),
            "float32": dict(rtol=2e-5, atol=2e-6), "float64": dict(rtol=1e-12, atol=1e-12)
            }.get(name, dict(rtol=0, atol=0))
