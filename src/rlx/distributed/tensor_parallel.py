"""Tensor-parallel layers: each worker holds a slice of a layer's weights and runs its
part as compiled rlx; collectives join the parts.

:class:`TensorParallelMLP` is the Megatron-style split of ``act(x @ w1 + b1) @ w2 + b2``
over ``W`` workers, hidden width ``H``:

* column-parallel first layer: worker ``r`` holds columns ``[r*H/W, (r+1)*H/W)`` of
  ``w1`` and ``b1`` and computes its slice of the hidden activations — no
  communication, since the activation is elementwise;
* row-parallel second layer: worker ``r`` holds the same rows of ``w2`` and computes a
  partial product; the partial products are summed with one all-reduce, and ``b2`` is
  added once.

Two ways to run it. With ``in_graph=True`` each worker compiles its part as ONE graph
(:func:`tensor_parallel_mlp_graph`) whose all-reduce is an op of the graph
(:mod:`rlx.ir.collective_ops`): the program runs the first matmul and activation, the
second matmul, the all-reduce and the bias add in one call, and every worker compiles
the same graph (``b2`` is added after the sum, on every worker). Otherwise each worker
compiles two graphs (column and row part) and the host collectives of
:mod:`rlx.distributed.collectives` join them between the programs (rank 0's row graph
adds ``b2`` before the sum).
"""

from __future__ import annotations

from typing import Any

import numpy as np

import rlx
from rlx.distributed.collectives import all_gather, all_reduce, reduce_scatter, require_group
from rlx.distributed.graph_ops import graph_all_gather, graph_all_reduce, graph_reduce_scatter
from rlx.distributed.group import info
from rlx.errors import InputError
from rlx.ir.graph import Graph
from rlx.runtime.compiled import CompiledGraph
from rlx.runtime.options import CompileOptions
from rlx.runtime.session import Session

ACTIVATIONS = ("relu", "gelu", "tanh", "identity")


def _activate(h: rlx.Tensor, activation: str) -> rlx.Tensor:
    if activation == "relu":
        return h.relu()
    if activation == "gelu":
        return rlx.gelu(h)
    if activation == "tanh":
        return rlx.tanh(h)
    return h


def mlp_graph(rows: int, w1_shape: tuple[int, int], w2_shape: tuple[int, int],
              dtype: str = "f32", activation: str = "relu", bias2: bool = True,
              name: str = "mlp") -> Graph:
    """``act(x @ w1 + b1) @ w2 (+ b2)`` for ``rows`` rows of input ``x``, params
    ``w1``, ``b1``, ``w2`` (and ``b2``): the whole MLP on one process, and each
    worker's part of the tensor-parallel one."""
    g = Graph(name)
    x = g.input("x", (rows, w1_shape[0]), dtype)
    w1, b1 = g.param("w1", w1_shape, dtype), g.param("b1", (w1_shape[1],), dtype)
    out = _activate(x @ w1 + b1, activation) @ g.param("w2", w2_shape, dtype)
    if bias2:
        out = out + g.param("b2", (w2_shape[1],), dtype)
    g.set_outputs([out])
    return g


TP_RESULTS = ("output", "scattered", "hidden")
"""What a tensor-parallel MLP graph computes (:func:`tensor_parallel_mlp_graph`)."""


def tensor_parallel_mlp_graph(rows: int, d_in: int, hidden: int, d_out: int, world: int,
                              dtype: str = "f32", activation: str = "relu",
                              result: str = "output", name: str = "tp_mlp") -> Graph:
    """One worker's part of the tensor-parallel MLP (module docstring) as one graph with
    its collective inside, the same graph on every worker of a group of ``world``.

    Input ``x`` [rows, d_in]; params (this worker's slices) ``w1`` [d_in, hidden/world],
    ``b1`` [hidden/world], ``w2`` [hidden/world, d_out] and ``b2`` [d_out] (whole).
    ``result``: ``"output"``, the MLP's output [rows, d_out] (all-reduce of the partial
    products, then ``+ b2``); ``"scattered"``, this worker's ``rows/world`` rows of it
    (reduce-scatter); ``"hidden"``, the full hidden activations [rows, hidden]
    (all-gather of the slices). InputError for a width that does not split or an
    unknown activation or result."""
    if isinstance(world, bool) or not isinstance(world, int) or world < 1:
        raise InputError(f"tensor_parallel_mlp_graph: world must be a positive int (the "
                         f"number of workers), got {world!r}")
    if hidden % world or (result == "scattered" and rows % world):
        raise InputError(f"tensor_parallel_mlp_graph: hidden width {hidden} (and for "
                         f"'scattered' the {rows} rows) must split over {world} workers")
    if activation not in ACTIVATIONS or result not in TP_RESULTS:
        raise InputError(f"tensor_parallel_mlp_graph: activation must be one of "
                         f"{ACTIVATIONS} and result one of {TP_RESULTS}, got "
                         f"{activation!r}, {result!r}")
    part = hidden // world
    g = Graph(name)
    x = g.input("x", (rows, d_in), dtype)
    h = _activate(x @ g.param("w1", (d_in, part), dtype) + g.param("b1", (part,), dtype),
                  activation)
    if result == "hidden":
        g.set_outputs([graph_all_gather(h, axis=1, world=world)])
        return g
    partial = h @ g.param("w2", (part, d_out), dtype)
    joined = (graph_all_reduce(partial, world=world) if result == "output"
              else graph_reduce_scatter(partial, world=world))
    g.set_outputs([joined + g.param("b2", (d_out,), dtype)])
    return g


class TensorParallelMLP:
    """``act(x @ w1 + b1) @ w2 + b2`` split over the workers of the process group.

    Give the full weights (every worker the same: ``w1`` [in, H], ``b1`` [H], ``w2``
    [H, out], ``b2`` [out]); each worker keeps its slice of ``H / world_size`` hidden
    units and compiles its part on ``device`` for ``rows`` input rows.
    :meth:`__call__` returns the full output on every worker, :meth:`scattered` this
    worker's rows of it (reduce-scatter, half the traffic of an all-reduce), and
    :meth:`hidden` the full hidden activations (all-gather of the slices).

    With ``in_graph=True`` each of the three is one compiled program with its
    collective inside (:func:`tensor_parallel_mlp_graph`, compiled on first use);
    otherwise the parts are two programs joined by host collectives, compiled at once.
    """

    def __init__(self, w1: Any, b1: Any, w2: Any, b2: Any, *, rows: int,
                 activation: str = "relu", device: str = "reference",
                 options: CompileOptions | None = None, in_graph: bool = False):
        require_group("TensorParallelMLP")
        group = info()
        self.rank, self.world_size = group.rank, group.world_size
        w1, b1, w2, b2 = (np.asarray(a) for a in (w1, b1, w2, b2))
        if activation not in ACTIVATIONS:
            raise InputError(f"TensorParallelMLP: activation must be one of {ACTIVATIONS}, "
                             f"got {activation!r}")
        if w1.ndim != 2 or w2.ndim != 2:
            raise InputError(f"TensorParallelMLP: w1 and w2 must be matrices, got shapes "
                             f"{list(w1.shape)} and {list(w2.shape)}")
        d_in, hidden = w1.shape
        if b1.shape != (hidden,) or w2.shape[0] != hidden or b2.shape != (w2.shape[1],):
            raise InputError(f"TensorParallelMLP: shapes w1 {list(w1.shape)}, b1 "
                             f"{list(b1.shape)}, w2 {list(w2.shape)}, b2 {list(b2.shape)} do "
                             "not chain into an MLP")
        if hidden % self.world_size:
            raise InputError(f"TensorParallelMLP: hidden width {hidden} does not split over "
                             f"{self.world_size} workers")
        dtype = {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64"}.get(w1.dtype)
        if dtype is None:
            raise InputError(f"TensorParallelMLP: weights must be float32 or float64, got "
                             f"{w1.dtype}")
        part = hidden // self.world_size
        cols = slice(self.rank * part, (self.rank + 1) * part)
        self.rows, self.out_features = rows, w2.shape[1]
        self.in_graph = in_graph
        if in_graph:
            self._shape = (rows, d_in, hidden, w2.shape[1], self.world_size, dtype, activation)
            self._slices = {"w1": w1[:, cols], "b1": b1[cols], "w2": w2[cols, :], "b2": b2}
            self._session = Session(device, options)
            self._programs: dict[str, CompiledGraph] = {}
            return
        self.column = Session(device, options).compile(
            _column_graph(rows, (d_in, part), dtype, activation))
        self.column.set_param("w1", w1[:, cols])
        self.column.set_param("b1", b1[cols])
        with_bias = self.rank == 0
        self.row = Session(device, options).compile(
            _row_graph(rows, (part, w2.shape[1]), dtype, with_bias))
        self.row.set_param("w2", w2[cols, :])
        if with_bias:
            self.row.set_param("b2", b2)

    def _partial(self, x: Any) -> tuple[np.ndarray, np.ndarray]:
        h = self.column.run({"x": x})[0]
        return h, self.row.run({"h": h})[0]

    def _in_graph(self, result: str, x: Any) -> np.ndarray:
        """Run the one-program form computing ``result`` (compiled on first use)."""
        exe = self._programs.get(result)
        if exe is None:
            graph = tensor_parallel_mlp_graph(*self._shape, result=result)
            exe = self._session.compile(graph)
            for name, _ in graph.params:
                exe.set_param(name, self._slices[name])
            self._programs[result] = exe
        return exe.run({"x": x})[0]

    def __call__(self, x: Any) -> np.ndarray:
        """The MLP's output for ``x`` (the same ``rows`` rows on every worker)."""
        if self.in_graph:
            return self._in_graph("output", x)
        _, partial = self._partial(x)
        return all_reduce(partial, out=partial)

    def scattered(self, x: Any) -> np.ndarray:
        """This worker's ``rows / world_size`` contiguous rows of the output."""
        if self.in_graph:
            return self._in_graph("scattered", x)
        _, partial = self._partial(x)
        return reduce_scatter(partial)

    def hidden(self, x: Any) -> np.ndarray:
        """The full hidden activations ``act(x @ w1 + b1)``, gathered from the slices."""
        if self.in_graph:
            return self._in_graph("hidden", x)
        return all_gather(self.column.run({"x": x})[0], axis=1)


def _column_graph(rows: int, shape: tuple[int, int], dtype: str, activation: str) -> Graph:
    g = Graph("mlp_column_parallel")
    x = g.input("x", (rows, shape[0]), dtype)
    h = x @ g.param("w1", shape, dtype) + g.param("b1", (shape[1],), dtype)
    g.set_outputs([_activate(h, activation)])
    return g


def _row_graph(rows: int, shape: tuple[int, int], dtype: str, with_bias: bool) -> Graph:
    g = Graph("mlp_row_parallel")
    out = g.input("h", (rows, shape[0]), dtype) @ g.param("w2", shape, dtype)
    if with_bias:
        out = out + g.param("b2", (shape[1],), dtype)
    g.set_outputs([out])
    return g
