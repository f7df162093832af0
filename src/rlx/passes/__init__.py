"""Graph -> Graph rewrites, fusion, memory planning and the compile pipeline."""

from rlx.passes.program import Kernel, Program, one_kernel_per_node

__all__ = ["Kernel", "Program", "one_kernel_per_node"]
