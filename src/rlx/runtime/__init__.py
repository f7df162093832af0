"""Session, CompileOptions, CompiledGraph and the device registry."""

from rlx.runtime.compiled import CompiledGraph
from rlx.runtime.devices import advisory_capabilities, available_devices
from rlx.runtime.options import CompileOptions
from rlx.runtime.session import Session

__all__ = ["CompiledGraph", "CompileOptions", "Session", "advisory_capabilities",
           "available_devices"]
