"""The reference backend: interprets the Program with numpy, every op, every dtype."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rlx.backends.base import Backend, BackendOptions, Executable, ExecutableCapabilities
from rlx.backends.buffers import aligned_zeros
from rlx.backends.numpy_kernels import KERNELS, KernelContext
from rlx.backends.reference.interpreter import arena_views, evaluate
from rlx.ir.rng import RngOptions
from rlx.passes.program import Program

REFERENCE_CAPABILITIES = ExecutableCapabilities(
    clone=True, moe=True, persistent_handles=True, kv_resident=True, typed_io=True,
    async_pipeline=True)


class ReferenceExecutable(Executable):
    device = "reference"
    capabilities_ = REFERENCE_CAPABILITIES

    def __init__(self, program: Program, rng: RngOptions):
        super().__init__(program, rng)
        self._leaf_ids = {n.attr("name"): nid for nid, n in enumerate(program.graph.nodes)
                          if n.op in ("input", "param")}
        plan = program.memory
        self.arena = aligned_zeros((plan.arena_bytes if plan else 0,), np.uint8,
                                   "the reference device's arena")
        self._buffers = arena_views(program, plan, self.arena) if plan else {}

    def execute(self, inputs: Mapping[str, np.ndarray]) -> list[np.ndarray]:
        leaves = {}
        for name, nid in self._leaf_ids.items():
            if name in self.params:
                leaves[nid] = self.params[name]
            elif name in inputs:
                leaves[nid] = inputs[name]
            else:
                leaves[nid] = self.handles[name]
        ctx = KernelContext(self.rng_options, self.run_index)
        values = evaluate(self.program, leaves, ctx, self._buffers)
        for buf, value in zip(self.outputs, values):
            np.copyto(buf, value)
        self.run_index += 1
        self.ran = True
        return self.outputs


    def clone(self) -> ReferenceExecutable:
        twin = super().clone()
        twin.arena = self.arena.copy()
        twin._buffers = arena_views(self.program, self.program.memory, twin.arena) \
            if self._buffers else {}
        return twin

    def release_scratch(self) -> None:
        """Zero the arena: scratch holds nothing between runs (numpy owns the pages)."""
        self.arena.fill(0)


class ReferenceBackend(Backend):
    name = "reference"
    capabilities = REFERENCE_CAPABILITIES

    @property
    def supported_ops(self) -> frozenset[str]:
        return frozenset(KERNELS) | {"input", "param", "constant", "matmul:complex",
                                     "sum:complex", "mean:complex"}

    def compile(self, program: Program, options: BackendOptions) -> ReferenceExecutable:
        return ReferenceExecutable(program, options.rng)
