"""rlx: an ML compiler and runtime.

Build a :class:`Graph`, compile it with ``rlx.Session(device).compile(graph)``, set
the weights once and run it many times. See the README for a quickstart.
"""

from rlx import fft, linalg, moe  # rlx.fft.rfft, ...; rlx.linalg.solve, ...; rlx.moe.route, ...
from rlx.autodiff import custom_vjp, grad, hvp, jacfwd, jvp, vmap
from rlx.backends.base import ExecutableCapabilities
from rlx.control import cond, scan, while_loop
from rlx.errors import (
                        CacheError,
                        CompileError,
                        DeviceError,
                        DTypeError,
                        ExecutionError,
                        GraphBuildError,
                        InputError,
                        OutOfMemoryError,
                        ParamNotSetError,
                        RlxError,
                        SerializationError,
                        ShapeError,
                        UnsupportedOpError,
                        VerifyError,
)
from rlx.ir.api import *  # noqa: F403  (the functional op API: rlx.gelu, rlx.softmax, ...)
from rlx.ir.dtypes import (
    DType,
    as_dtype,
    bf16,
    bool_,
    c64,
    c128,
    f16,
    f32,
    f64,
    i8,
    i16,
    i32,
    i64,
    u8,
    u32,
)
from rlx.ir.graph import Graph, Tensor
from rlx.ir.quantized import (
    dequant_matmul,
    pack_weight,
    quantized_embedding,
    quantized_linear,
    unpack_weight,
)
from rlx.ir.rng import RngOptions
from rlx.ir.serialize import from_json, to_json
from rlx.ir.types import Dim
from rlx.ir.verify import verify
from rlx.runtime import (
                        BucketedCompileCache,
                        CompileCache,
                        CompiledGraph,
                        CompileOptions,
                        CustomOpFn,
                        Session,
                        advisory_capabilities,
                        available_devices,
                        pad_rows,
                        power_of_two_ladder,
                        register_op,
                        slice_rows,
                        unregister_op,
)
from rlx.version import __version__

# Subpackages that pull in heavy dependencies (tokenizers, onnx, model code) are imported
# on first attribute access, so ``rlx.models.load_decoder`` works after ``import rlx``
# without ``import rlx`` paying for them.
_LAZY_SUBMODULES = frozenset({"frontends", "models", "optim", "cli"})


def __getattr__(name: str) -> object:
    if name in _LAZY_SUBMODULES:
        import importlib

        return importlib.import_module(f"rlx.{name}")
    raise AttributeError(f"module 'rlx' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _LAZY_SUBMODULES)
