"""The frameworks a workload runs on: rlx itself and its peers.

Each :class:`Peer` says whether it can run here (``missing()``: None, or why not)
and turns a :class:`~bench.workloads.Workload` into a :class:`Runner`: a zero-argument
callable doing one inference call on prepared inputs, plus a conversion of its
result to numpy. Preparation (compiling, building sessions, JIT warm-up, uploading
weights) happens in ``prepare`` and is not timed. Everything a framework allocates
per call (outputs, temporaries) is part of the call, as it is for its users.

Threads: ``prepare(workload, threads)`` gives each framework the same count: rlx
``CompileOptions(num_threads)``, ONNX Runtime ``intra_op_num_threads``. PyTorch's
and the BLAS's (numpy's) thread counts are process-wide: ``limit_threads(threads)``
of those peers sets them for a block and yields a note when it cannot. JAX's thread
pool cannot be resized in a running process, which the harness reports.
"""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import numpy as np

import rlx
from bench.workloads import Workload


class Unsupported(Exception):
    """rlx cannot compile this workload on this device yet (the reason is the message)."""


@contextlib.contextmanager
def _no_thread_limit(threads: int) -> Iterator[str | None]:
    """For frameworks whose thread count is set per session in ``prepare``."""
    yield None


@dataclass
class Runner:
    """A prepared implementation: ``call()`` runs it once, ``to_numpy`` reads a result."""

    name: str
    call: Callable[[], Any]
    to_numpy: Callable[[Any], np.ndarray] = np.asarray

    def output(self) -> np.ndarray:
        """One call's result as a float64 (complex128 for complex results) numpy array,
        for the agreement check."""
        value = np.asarray(self.to_numpy(self.call()))
        return value.astype(np.complex128 if np.iscomplexobj(value) else np.float64)


def _installed(module: str) -> str | None:
    return None if importlib.util.find_spec(module) else f"{module} is not installed"


# --------------------------------------------------------------------------- rlx

class RlxPeer:
    """rlx on ``device`` through ``path``: "run_slots" (read-only views of the output
    buffers, inputs by position: the fastest path) or "run" (fresh output arrays)."""

    def __init__(self, path: str = "run_slots", device: str = "cpu"):
        self.path = path
        self.device = device
        self.name = "rlx" if path == "run_slots" else f"rlx {path}"

    limit_threads = staticmethod(_no_thread_limit)

    def missing(self) -> str | None:
        if self.device not in rlx.available_devices():
            return f"rlx device {self.device!r} is not available here"
        return None

    def prepare(self, workload: Workload, threads: int) -> Runner:
        """Compile and set the weights; raises Unsupported when rlx cannot compile it."""
        options = rlx.CompileOptions(num_threads=threads)
        try:
            compiled = rlx.Session(self.device, options).compile(workload.rlx_graph())
        except (rlx.UnsupportedOpError, rlx.CompileError) as error:
            raise Unsupported(f"{type(error).__name__}: {str(error).splitlines()[0]}") from error
        for name, value in workload.params.items():
            compiled.set_param(name, value)
        arrays = list(workload.inputs.values())
        if self.path == "run_slots":
            return Runner(self.name, lambda: compiled.run_slots(arrays)[0])
        feeds = dict(workload.inputs)
        return Runner(self.name, lambda: compiled.run(feeds)[0])


# --------------------------------------------------------------------------- numpy

def _numpy_erf() -> Callable[[np.ndarray], np.ndarray]:
    """scipy's erf, or a function that says numpy has none."""
    try:
        from scipy.special import erf
    except ImportError:
        def erf(x):
            raise RuntimeError("numpy has no erf: install scipy for the GELU (erf) workloads")
    return erf


class NumpyPeer:
    name = "numpy"

    def missing(self) -> str | None:
        return None

    @contextlib.contextmanager
    def limit_threads(self, threads: int) -> Iterator[str | None]:
        """Every loaded BLAS (numpy's, and rlx's, which sets the same count) uses
        ``threads`` threads within the block (needs threadpoolctl)."""
        if importlib.util.find_spec("threadpoolctl") is None:
            yield "threadpoolctl is not installed: numpy's BLAS threads are not limited"
            return
        from threadpoolctl import threadpool_limits

        with threadpool_limits(limits=threads, user_api="blas"):
            yield None

    def prepare(self, workload: Workload, threads: int) -> Runner:
        xp = SimpleNamespace(np=np, erf=_numpy_erf())
        inputs, params = workload.inputs, workload.params
        return Runner(self.name, lambda: workload.array_fn(xp, inputs, params))


# --------------------------------------------------------------------------- PyTorch

def _torch_tensors(arrays: dict[str, np.ndarray]) -> dict[str, Any]:
    import torch

    return {name: torch.from_numpy(np.ascontiguousarray(a)) for name, a in arrays.items()}


def _torch_runner(name: str, fn: Callable[..., Any], workload: Workload) -> Runner:
    import torch

    tensors = list(_torch_tensors(workload.inputs).values())

    def call():
        with torch.inference_mode():
            return fn(*tensors)
    return Runner(name, call, lambda t: t.detach().numpy())


class TorchPeer:
    """PyTorch eager, or ``torch.compile`` of the same callable when ``compiled``."""

    def __init__(self, compiled: bool = False):
        self.compiled = compiled
        self.name = "torch.compile" if compiled else "torch"

    def missing(self) -> str | None:
        return _installed("torch")

    @contextlib.contextmanager
    def limit_threads(self, threads: int) -> Iterator[str | None]:
        """torch.set_num_threads(threads) within the block."""
        import torch

        previous = torch.get_num_threads()
        torch.set_num_threads(threads)
        try:
            yield None
        finally:
            torch.set_num_threads(previous)

    def prepare(self, workload: Workload, threads: int) -> Runner:
        import torch

        fn = workload.torch_fn(_torch_tensors(workload.params))
        if self.compiled:
            fn = torch.compile(fn)
        runner = _torch_runner(self.name, fn, workload)
        runner.call()   # torch.compile compiles on the first call
        return runner


# --------------------------------------------------------------------------- ONNX Runtime

class OnnxRuntimePeer:
    name = "onnxruntime"
    limit_threads = staticmethod(_no_thread_limit)

    def missing(self) -> str | None:
        return _installed("onnxruntime") or _installed("onnx")

    def prepare(self, workload: Workload, threads: int) -> Runner:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        session = ort.InferenceSession(workload.onnx_model().SerializeToString(), options,
                                       providers=["CPUExecutionProvider"])
        feeds = dict(workload.inputs)
        return Runner(self.name, lambda: session.run(None, feeds)[0])


# --------------------------------------------------------------------------- JAX

class JaxPeer:
    """``jax.jit`` of the workload's array function (CPU, default thread pool)."""

    name = "jax"
    limit_threads = staticmethod(_no_thread_limit)

    def missing(self) -> str | None:
        return _installed("jax")

    def prepare(self, workload: Workload, threads: int) -> Runner:
        import jax
        import jax.numpy as jnp
        from jax.scipy.special import erf

        xp = SimpleNamespace(np=jnp, erf=erf)
        params = {name: jnp.asarray(a) for name, a in workload.params.items()}
        names = list(workload.inputs)
        inputs = [jnp.asarray(a) for a in workload.inputs.values()]
        fn = jax.jit(lambda *args: workload.array_fn(xp, dict(zip(names, args)), params))
        runner = Runner(self.name, lambda: fn(*inputs).block_until_ready())
        runner.call()   # jit compiles on the first call
        return runner


# --------------------------------------------------------------------------- the set

def all_peers() -> list:
    """Every peer framework, in table order (rlx is not a peer)."""
    return [NumpyPeer(), TorchPeer(), TorchPeer(compiled=True), OnnxRuntimePeer(), JaxPeer()]
