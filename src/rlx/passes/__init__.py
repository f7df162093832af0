"""Graph -> Graph rewrites, fusion, memory planning and the compile pipeline."""

from rlx.passes.fusion import fuse, one_kernel_per_node
from rlx.passes.program import Kernel, Program

__all__ = ["Kernel", "Program", "fuse", "one_kernel_per_node"]
