"""Shared test helpers: run a graph on a device and compare against an oracle."""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator, Mapping
from types import ModuleType

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


def compile_with_values(graph: Graph, values: Mapping[str, np.ndarray], device: str = "cpu",
                        threads: int | None = None):
    """Compile ``graph`` for ``device`` with ``threads`` threads and set its params from
    ``values``; returns (the compiled graph, the values of its inputs by name)."""
    compiled = rlx.Session(device, rlx.CompileOptions(num_threads=threads)).compile(graph)
    params = {name for name, _ in graph.params}
    for name in params:
        compiled.set_param(name, values[name])
    return compiled, {name: v for name, v in values.items() if name not in params}


def conv2d_float64(values: Mapping[str, np.ndarray], stride=1, padding=0, dilation=1,
                   groups: int = 1, epilogue: str | None = None) -> np.ndarray:
    """PyTorch's float64 conv2d of ``values["x"]`` by ``values["w"]`` (plus ``values["b"]``
    when given), ``padding`` an int, a pair, or per-dim (before, after) pairs; then
    ``epilogue``: "relu", "residual" (relu(y + r)) or "channel_scale" (silu(y * s))."""
    import torch
    import torch.nn.functional as F

    t = {k: torch.from_numpy(np.asarray(v)).double() for k, v in values.items()}
    pads = [(p, p) if isinstance(p, int) else p
            for p in ((padding,) * 2 if isinstance(padding, int) else padding)]
    x = F.pad(t["x"], [pads[1][0], pads[1][1], pads[0][0], pads[0][1]])
    y = F.conv2d(x, t["w"], t.get("b"), stride=stride, dilation=dilation, groups=groups)
    if epilogue == "relu":
        y = y.relu()
    elif epilogue == "residual":
        y = (y + t["r"]).relu()
    elif epilogue == "channel_scale":
        y = F.silu(y * t["s"])
    return y.numpy()


SCRIPTS = os.path.join(os.path.dirname(__file__), "..", "scripts")


def script_module(name: str) -> Iterator[ModuleType]:
    """The module of ``scripts/<name>.py``, registered in ``sys.modules`` while the
    caller holds it (dataclasses look their module up): a generator for a pytest
    fixture (``yield from script_module("soak")``)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(SCRIPTS, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(name, None)
