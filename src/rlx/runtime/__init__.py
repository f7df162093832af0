"""Session, CompileOptions, CompiledGraph and the device registry."""

from rlx.runtime.caches import (
                                BucketedCompileCache,
                                CompileCache,
                                pad_rows,
                                power_of_two_ladder,
                                slice_rows,
)
from rlx.runtime.compiled import CompiledGraph
from rlx.runtime.custom_ops import CustomOpFn, register_op, unregister_op
from rlx.runtime.devices import advisory_capabilities, available_devices
from rlx.runtime.options import CompileOptions
from rlx.runtime.session import Session

__all__ = ["BucketedCompileCache", "CompileCache", "pad_rows", "power_of_two_ladder",
           "slice_rows", "CompiledGraph", "CompileOptions", "Session", "advisory_capabilities",
           "available_devices", "register_op", "unregister_op", "CustomOpFn"]
