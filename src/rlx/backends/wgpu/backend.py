"""The wgpu device: the Program as WGSL compute shaders on a WebGPU adapter.

WebGPU (the ``wgpu`` package, wgpu-native) reaches Vulkan, Metal and D3D12 GPUs and,
through Mesa's lavapipe, runs on the CPU of a machine without one; the tests use
lavapipe. Per compile: the memory plan becomes one device arena, every input, param,
constant and output gets a buffer of its own, and every kernel one pipeline with its
bind group (rlx.backends.wgpu.wgsl). Per run: inputs (and params, when they changed
since the last run) are written to their buffers, all kernels go into one command
buffer, and the outputs and the status word come back in one mapped read.

Device values are 32-bit words (see wgsl.DEVICE_TYPES): bool travels as u32, converted
at the boundary, and i64 as two words where the adapter has 64-bit integers
(``shader-int64``: Vulkan on NVIDIA, AMD, Intel and lavapipe). Without them i64 is held
in one i32 word: an i64 input or param outside the i32 range is then an InputError and
i64 arithmetic is refused at compile. f16 and bf16 travel as their 16 bits in a word
and compute in f32, rounded once per result (rlx.backends.wgpu.wgsl). Other dtypes
(f64, 8- and 16-bit integers, complex) are refused at compile with an
UnsupportedOpError naming the op and dtype.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import threading
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from rlx.backends.base import Backend, BackendOptions, Executable, ExecutableCapabilities
from rlx.backends.wgpu import wgsl
from rlx.errors import (
    DeviceError,
    ExecutionError,
    InputError,
    OutOfMemoryError,
    UnsupportedOpError,
)
from rlx.ir.dtypes import DType
from rlx.ir.printer import format_node
from rlx.ir.rng import RngOptions
from rlx.passes.program import Program
from rlx.passes.split import BOUNDARY_PREFIX

WGPU_CAPABILITIES = ExecutableCapabilities(
    clone=True, persistent_handles=True, gpu_handles=True, kv_resident=True, typed_io=True)

_HOST_OF = {"f32": np.float32, "i32": np.int32, "u32": np.uint32, "i64": np.int64}


def _host(dtype: DType) -> type:
    """The numpy dtype of ``dtype``'s device words, for uploads and readback."""
    if dtype in wgsl.NARROW:
        return np.uint32            # the 16 bits in the low half of a word
    return _HOST_OF[wgsl.DEVICE_TYPES[dtype]]


def _from_words(raw: np.ndarray, dtype: DType) -> np.ndarray:
    """Device words (bytes) of ``dtype`` as host values of ``dtype``."""
    words = raw.view(_host(dtype))
    if dtype in wgsl.NARROW:
        return words.astype(np.uint16).view(dtype.np)
    return words.astype(dtype.np, copy=False)

_I32 = np.iinfo(np.int32)

STATUS_WORDS = 8
"""The status buffer: the number of the kernel that failed (0: none), which of its
errors, and the (up to 3) values its text names, two words each."""


class _Adapter:
    """The process's WebGPU adapter and device, made on first use (one per process:
    creating a device costs tens of milliseconds and holds driver memory)."""

    _lock = threading.Lock()
    _state: tuple[Any, Any] | None = None
    _error: str | None = None

    @classmethod
    def get(cls) -> tuple[Any, Any]:
        with cls._lock:
            if cls._state is None and cls._error is None:
                cls._state, cls._error = _open_device()
            if cls._state is None:
                raise DeviceError(f"device 'wgpu' is not available on this machine: "
                                  f"{cls._error}")
            return cls._state

    @classmethod
    def why_not(cls) -> str:
        try:
            cls.get()
        except DeviceError:
            return cls._error or "no adapter"
        return ""


_WSI_NOISE = (b"error: XDG_RUNTIME_DIR is invalid or not set in the environment.",)
"""What the Vulkan loader's Wayland probe prints (libwayland-client, once per probe)
when the adapters are enumerated in a process without a desktop session, as on a
server, in a container or in CI: nothing is wrong, and rlx needs no display."""


@contextlib.contextmanager
def _stderr_without(noise: tuple[bytes, ...]):
    """Run the body with file descriptor 2 (where C libraries print) sent to a
    temporary file, then pass on what it caught, less the lines that start with one of
    ``noise``. Where fd 2 cannot be redirected the body runs as it is."""
    try:
        caught = tempfile.TemporaryFile()
    except OSError:
        yield
        return
    with caught:
        try:
            sys.stderr.flush()
            saved = os.dup(2)
        except (OSError, ValueError):
            yield
            return
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            kept = [line for line in caught.read().splitlines(keepends=True)
                    if not line.startswith(noise)]
            rest = memoryview(b"".join(kept))
            while rest:
                rest = rest[os.write(2, rest):]


def _open_device() -> tuple[tuple[Any, Any] | None, str | None]:
    try:
        import wgpu
    except ImportError:
        return None, ("the 'wgpu' package is not installed (pip install wgpu; a GPU driver "
                      "or Mesa's lavapipe, Debian's mesa-vulkan-drivers, gives it an adapter)")
    try:
        with _stderr_without(_WSI_NOISE):
            adapter = wgpu.gpu.request_adapter_sync(power_preference="high-performance")
    except Exception as e:          # wgpu raises its own types, and RuntimeError
        return None, f"no WebGPU adapter ({e}); install a GPU driver or mesa-vulkan-drivers"
    if adapter is None:
        return None, "no WebGPU adapter; install a GPU driver or mesa-vulkan-drivers"
    limits = adapter.limits
    wanted = {k: limits[k] for k in ("max-storage-buffer-binding-size", "max-buffer-size",
                                     "max-storage-buffers-per-shader-stage",
                                     "max-compute-workgroup-storage-size",
                                     "max-compute-invocations-per-workgroup")
              if k in limits}
    features = [f for f in ("shader-int64", "subgroup") if f in adapter.features]
    try:
        device = adapter.request_device_sync(required_limits=wanted,
                                             required_features=features)
    except Exception as e:
        return None, f"the WebGPU adapter refused a device ({e})"
    wgsl.use_int64("shader-int64" in features)
    wgsl.use_workgroup_tiles(_workgroup_tiles(adapter), "subgroup" in features)
    return (adapter, device), None


def _workgroup_tiles(adapter) -> bool:
    """Whether matrix products stage their operands in workgroup memory: on a GPU, not
    on a CPU adapter (lavapipe), unless ``RLX_WGPU_MATMUL=workgroup|registers`` says."""
    forced = os.environ.get("RLX_WGPU_MATMUL", "")
    if forced not in ("", "workgroup", "registers"):
        raise DeviceError(f"RLX_WGPU_MATMUL must be 'workgroup' or 'registers', got "
                          f"{forced!r}")
    if forced:
        return forced == "workgroup"
    return str(adapter.info.get("adapter_type", "")).upper() != "CPU"


_I64_EXACT = frozenset({
    "input", "param", "constant", "where", "stop_gradient", "maximum", "minimum", "max",
    "min", "argmax", "argmin", "relu", "sign", "floor", "ceil", "round", "bitwise_and",
    "bitwise_or", "bitwise_xor", "bitwise_not", "gather", "one_hot", "max_pool2d_indices",
} | wgsl.SHAPE_OPS | {"reshape", "squeeze", "unsqueeze"})
"""Ops whose i64 results are exact in 32 bits when their operands are (each result is
one of its operands' values, a bit pattern of them, or an index)."""


_PACKED_READERS = frozenset({"dequant_matmul", "dequant_gather"})


def _packed_bytes(graph) -> set[int]:
    """The u8 leaves that only the block decoders read (as their packed operand): the
    device holds them as bytes, four to a word."""
    readers: dict[int, set[tuple[str, int]]] = {}
    for node in graph.nodes:
        for position, i in enumerate(node.inputs):
            readers.setdefault(i, set()).add((node.op, position))
    outputs = set(graph.outputs)
    return {nid for nid, node in enumerate(graph.nodes)
            if node.dtype is DType.U8 and node.op in ("input", "param", "constant")
            and nid not in outputs and readers.get(nid)
            and all(op in _PACKED_READERS and position >= 1
                    for op, position in readers[nid])}


def _packed_halves(graph) -> set[int]:
    """The f16 / bf16 values no kernel writes and no run returns or feeds as they are:
    params, constants and the prepare stage's results (its ``__rlx_prep_`` inputs). The
    device holds them two to a word, half the memory and reads of one a word; every
    other 16-bit float takes a word of its own, so that invocations writing neighbouring
    elements never share a word."""
    outputs = set(graph.outputs)
    return {nid for nid, node in enumerate(graph.nodes)
            if node.dtype in wgsl.NARROW and nid not in outputs
            and (node.op in ("param", "constant")
                 or (node.op == "input" and node.attr("name").startswith(BOUNDARY_PREFIX)))}


def _device_words(node, packed: bool = False) -> int:
    """Device words holding ``node``'s value (u8 bytes four to a word; ``packed``
    16-bit floats two to a word)."""
    if node.dtype is DType.U8:
        return -(-wgsl.numel(node) // 4)
    if packed:
        return -(-wgsl.numel(node) // 2)
    return wgsl.numel(node) * wgsl.words(node.dtype)


def create_buffer(device: Any, size: int, usage: Any, what: str) -> Any:
    """A device buffer of ``size`` bytes for ``what``; OutOfMemoryError naming them when
    the adapter's largest buffer is smaller (wgpu would raise a validation error)."""
    limit = device.limits["max-buffer-size"]
    if size > limit:
        raise OutOfMemoryError(f"cannot allocate {size} bytes for {what} on the wgpu "
                               f"device: its largest buffer is {limit} bytes")
    return device.create_buffer(size=size, usage=usage)


def binding_limit() -> int:
    """The most bytes one storage binding may cover on this process's adapter."""
    return _Adapter.get()[1].limits["max-storage-buffer-binding-size"]


def _check_program(program: Program) -> None:
    """UnsupportedOpError, naming the node, for the first value the device cannot hold
    exactly: a dtype without 32-bit words, or i64 arithmetic, which could leave the i32
    range the device holds i64 in."""
    graph = program.graph
    packed = _packed_bytes(graph)
    for nid, node in enumerate(graph.nodes):
        if nid in packed:
            continue
        if wgsl.device_type(node.dtype) is None:
            raise UnsupportedOpError(
                f"wgpu: {format_node(nid, node)}: dtype {node.dtype.name} is not supported "
                "on this device (it holds f32, f16, bf16, i32, u32, bool and i64 in 32-bit "
                "words); "
                "cast it to f32 / i32 first or use device 'cpu'")
        if (node.dtype is not DType.I64 or node.op in _I64_EXACT
                or wgsl.DEVICE_TYPES[DType.I64] == "i64"):
            continue
        sources = {graph.nodes[i].dtype for i in node.inputs}
        if node.op == "cast" and sources <= {DType.I64, DType.I32, DType.BOOL}:
            continue
        raise UnsupportedOpError(
            f"wgpu: {format_node(nid, node)}: i64 {node.op} is not supported on this device "
            "(it holds i64 in 32 bits, and this result could leave that range); compute "
            "it in i32 or use device 'cpu'")


class _Writes:
    """How many times each host handle buffer has been written since it was made (by
    bind, a KV feed, an optimizer step), shared by every executable holding the buffer
    (a decoder's prefill and decode programs share their caches), so that each uploads
    a handle only when its device copy is behind."""

    _lock = threading.RLock()       # a weakref callback may run inside a locked call
    _counts: dict[int, tuple[weakref.ref, int]] = {}

    @classmethod
    def of(cls, buffer: np.ndarray) -> tuple[int, int]:
        """(identity, writes) of ``buffer``: what a device copy of it is current with."""
        with cls._lock:
            entry = cls._counts.get(id(buffer))
            return id(buffer), entry[1] if entry is not None and entry[0]() is buffer else 0

    @classmethod
    def bump(cls, buffer: np.ndarray) -> tuple[int, int]:
        """Count a write of ``buffer``; returns its new state."""
        with cls._lock:
            entry = cls._counts.get(id(buffer))
            count = entry[1] + 1 if entry is not None and entry[0]() is buffer else 1
            cls._counts[id(buffer)] = (weakref.ref(buffer, cls._forget(id(buffer))), count)
            return id(buffer), count

    @classmethod
    def _forget(cls, key: int):
        def forget(_ref: weakref.ref) -> None:
            with cls._lock:
                entry = cls._counts.get(key)
                if entry is not None and entry[0]() is None:
                    del cls._counts[key]
        return forget


class WgpuExecutable(Executable):
    device = "wgpu"
    capabilities_ = WGPU_CAPABILITIES

    def __init__(self, program: Program, rng: RngOptions):
        super().__init__(program, rng)
        import wgpu
        _check_program(program)
        self._wgpu = wgpu
        _, self._device = _Adapter.get()
        self._lock = threading.Lock()
        graph = program.graph
        plan = program.memory
        self._leaf_ids = {n.attr("name"): nid for nid, n in enumerate(graph.nodes)
                          if n.op in ("input", "param")}
        storage = wgpu.BufferUsage.STORAGE | wgpu.BufferUsage.COPY_DST | \
            wgpu.BufferUsage.COPY_SRC
        arena_sizes = [graph.nodes[n].dtype.itemsize for n, b in plan.buffers.items()
                       if b.kind == "arena"]
        unit = min([4, *arena_sizes])     # bytes of the plan per device word
        self._buffers = [create_buffer(self._device, max(16, -(-plan.arena_bytes // unit) * 4),
                                       storage, "the arena")]
        self._locations: dict[int, wgsl.Location] = {}
        self._own: dict[int, int] = {}    # node -> its own buffer
        self._packed: set[int] = set()    # buffers of 16-bit floats two to a word
        packed = _packed_halves(graph)
        own = sorted(nid for nid, buf in plan.buffers.items()
                     if buf.kind in ("external", "output"))
        # leaves returned as they are, and inputs no kernel reads (a GPU handle may be
        # bound to any input)
        own += sorted(set(graph.outputs) - set(plan.buffers))
        own += sorted(set(self._leaf_ids.values()) - set(plan.buffers) - set(own))
        for nid in own:
            node = graph.nodes[nid]
            words = max(4, _device_words(node, nid in packed))
            self._own[nid] = len(self._buffers)
            self._locations[nid] = wgsl.Location(len(self._buffers), 0, nid in packed)
            if nid in packed:
                self._packed.add(len(self._buffers))
            self._buffers.append(create_buffer(self._device, words * 4, storage,
                                               f"node %{nid}"))
        for nid, buf in sorted(plan.buffers.items()):
            if buf.kind == "arena":
                self._locations[nid] = wgsl.Location(0, buf.offset // unit)
        for nid, buf in sorted(plan.buffers.items()):
            if buf.kind == "view":
                root = self._locations[buf.root]
                dtype = graph.nodes[nid].dtype
                per = 1 if root.packed else wgsl.words(dtype)
                self._locations[nid] = wgsl.Location(
                    root.buffer, root.word + buf.offset // dtype.itemsize * per, root.packed)
        self._status = self._device.create_buffer(size=STATUS_WORDS * 4, usage=storage)
        for nid, node in enumerate(graph.nodes):
            if node.op == "constant" and nid in self._own:
                self._upload(self._own[nid], node.attr("value").array(), node.dtype,
                             f"constant %{nid}")
        limit = binding_limit()
        self._chunk_words = limit // 256 * 64          # 256-byte aligned windows
        self._shaders = [wgsl.render_kernel(graph, k, i + 1, self._locate, self._chunk_words)
                         for i, k in enumerate(program.kernels)
                         if not self._is_alias(plan, k)]
        self._check_bindings(limit)
        self._check_loops()
        self._pipelines = [self._pipeline(s) for s in self._shaders]
        self._errors = {s.number: s.errors for s in self._shaders if s.errors}
        self._readback_plan, size = self._plan_readback()
        self._readback = create_buffer(self._device, max(16, size),
                                       wgpu.BufferUsage.MAP_READ | wgpu.BufferUsage.COPY_DST,
                                       "reading the outputs back")
        self._uploaded = -1
        self._resident: set[str] = set()                 # inputs held as GPU handles
        self._feeds: dict[str, int] = {}                  # GPU handle <- output index
        self._synced: dict[str, tuple[int, int]] = {}     # handle -> state its device copy has
        self._volatile: set[str] = set()                  # handles others write unannounced

    # ------------------------------------------------------------------ compile
    @staticmethod
    def _is_alias(plan, kernel) -> bool:
        return kernel.kind == "view" and plan.buffers[kernel.outputs[0]].kind == "view"

    def _check_bindings(self, limit: int) -> None:
        """UnsupportedOpError naming the value whose buffer one kernel would bind whole
        past the adapter's binding limit."""
        graph = self.program.graph
        owners = {b: nid for nid, b in self._own.items()}
        for shader in self._shaders:
            for b, chunk in shader.buffers:
                size = self._buffers[b].size
                if chunk is None and size > limit:
                    what = (format_node(owners[b], graph.nodes[owners[b]]) if b in owners
                            else "the memory plan's arena")
                    raise UnsupportedOpError(
                        f"wgpu: {what}: {size} bytes in one binding of kernel {shader.name}, "
                        f"past this adapter's limit of {limit} bytes (keep large weights in "
                        "GGML blocks, which are read in windows, or use device 'cpu')")

    def _check_loops(self) -> None:
        """On Mesa's llvmpipe (lavapipe), UnsupportedOpError for a kernel whose loops
        may run more than wgsl.LOOP_BUDGET iterations in one invocation (counted as
        :func:`wgsl.loop_iterations` does): llvmpipe ends them early, which would give
        wrong results without an error."""
        device = str(_Adapter.get()[0].info.get("device", ""))
        if "llvmpipe" not in device:
            return
        for shader in self._shaders:
            trips = wgsl.loop_iterations(shader.source)
            if trips > wgsl.LOOP_BUDGET:
                raise UnsupportedOpError(
                    f"wgpu: kernel {shader.name} runs loops of up to {trips} iterations "
                    f"(nested and consecutive loops together); this adapter ({device}) "
                    f"ends a shader's loops after about {wgsl.MAX_LOOP_TRIPS}, which would "
                    f"give wrong results, and rlx allows {wgsl.LOOP_BUDGET} (use device "
                    "'cpu', or a GPU adapter)")

    def _locate(self, nid: int) -> wgsl.Location:
        loc = self._locations.get(nid)
        if loc is None:
            raise AssertionError(f"wgpu: node %{nid} has no buffer in the memory plan")
        return loc

    def _pipeline(self, shader: wgsl.Shader):
        module = _module(self._device, shader.source)
        pipeline = _pipeline_for(self._device, module)
        entries = []
        for i, (b, chunk) in enumerate(shader.buffers):
            resource = {"buffer": self._buffers[b]}
            if chunk is not None:
                start = chunk * self._chunk_words * 4
                resource.update(offset=start,
                                size=min(self._chunk_words * 4, self._buffers[b].size - start))
            entries.append({"binding": i, "resource": resource})
        if shader.errors:
            entries.append({"binding": len(shader.buffers),
                            "resource": {"buffer": self._status}})
        group = self._device.create_bind_group(layout=pipeline.get_bind_group_layout(0),
                                               entries=entries)
        return pipeline, group

    def _plan_readback(self) -> tuple[list[tuple[int, int, int, int]], int]:
        """(buffer, byte offset, readback offset, bytes) per output, and the size."""
        plan, at = [], STATUS_WORDS * 4          # the status words come first
        for nid in self.program.graph.outputs:
            loc = self._locate(nid)
            node = self.program.graph.nodes[nid]
            nbytes = 4 * _device_words(node)
            plan.append((loc.buffer, loc.word * 4, at, nbytes))
            at += -(-nbytes // 16) * 16
        return plan, at

    # ------------------------------------------------------------------ upload
    def _upload(self, buffer: int, value: np.ndarray, dtype: DType, what: str) -> None:
        words = _to_words(value, dtype, what, buffer in self._packed)
        if words.size:
            self._device.queue.write_buffer(self._buffers[buffer], 0, words)

    def _upload_leaves(self, inputs: Mapping[str, np.ndarray]) -> None:
        graph = self.program.graph
        params_due = self._uploaded != self.params.version
        for name, nid in self._leaf_ids.items():
            if nid not in self._own:
                continue              # read by no kernel
            node = graph.nodes[nid]
            if name in self.params:
                if params_due:
                    self._upload(self._own[nid], self.params[name], node.dtype,
                                 f"param {name!r}")
            elif name in inputs:
                self._upload(self._own[nid], inputs[name], node.dtype, f"input {name!r}")
            elif name in self._resident:
                continue              # its device buffer is the value
            elif name in self.handles:
                self._sync_handle(name, params_due)
        self._uploaded = self.params.version

    def _sync_handle(self, name: str, params_due: bool) -> None:
        """Upload persistent handle ``name`` when its device copy is behind the host's:
        a prepared value when the params changed, any other when it was written on the
        host since (bind_handle, a KV feed the device did not copy itself, a sharer's
        write) or when a buffer the device cannot follow is adopted."""
        buffer = self.handles[name]
        nid = self._leaf_ids[name]
        if name.startswith(BOUNDARY_PREFIX):
            due = params_due
        else:
            state = _Writes.of(buffer)
            due = name in self._volatile or self._synced.get(name) != state
            self._synced[name] = state
        if due:
            self._upload(self._own[nid], buffer, self.program.graph.nodes[nid].dtype,
                         f"handle {name!r}")

    # ------------------------------------------------------------------ persistent handles
    def bind_handle(self, name: str, value: np.ndarray | None) -> bool:
        with self._lock:
            if not super().bind_handle(name, value):
                return False
            _Writes.bump(self.handles[name])
            return True

    def adopt_handle(self, name: str, buffer: np.ndarray) -> bool:
        with self._lock:
            if not super().adopt_handle(name, buffer):
                return False
            if not name.startswith(BOUNDARY_PREFIX):
                self._volatile.add(name)      # its owner writes it without telling us
            return True

    def share_handle_from(self, other: Executable, name: str) -> bool:
        with self._lock:
            if not super().share_handle_from(other, name):
                return False
            if not isinstance(other, WgpuExecutable):
                self._volatile.add(name)      # another device writes it without counting
            else:
                self._volatile.discard(name)
            return True

    def feed_kv_row(self, src_row: int, dst_row: int, row_elems: int) -> bool:
        """The host copy (checks and all) as on every device, and the same rows copied
        from the output's device buffer into the handle's: the device copy stays
        current without an upload."""
        with self._lock:
            before = {h: _Writes.of(self.handles[h]) for h, _ in self.kv_feeds}
            if not super().feed_kv_row(src_row, dst_row, row_elems):
                return False
            encoder = self._device.create_command_encoder()
            for handle, index in self.kv_feeds:
                nid = self._leaf_ids[handle]
                dtype = self.program.graph.nodes[nid].dtype
                after = _Writes.bump(self.handles[handle])
                per = 4 * wgsl.words(dtype)
                if (self._synced.get(handle) != before[handle] or handle in self._volatile
                        or dtype is DType.U8 or nid not in self._own or not row_elems):
                    continue                  # behind already (or bytes): uploaded whole
                buffer, offset, _, _ = self._readback_plan[index]
                encoder.copy_buffer_to_buffer(
                    self._buffers[buffer], offset + src_row * row_elems * per,
                    self._buffers[self._own[nid]], dst_row * row_elems * per, row_elems * per)
                self._synced[handle] = after
            self._device.queue.submit([encoder.finish()])
            return True

    def feed_kv_batch_major_ragged(self, src_row: int, src_seq_cap: int,
                                   dst_rows: Sequence[int], dst_seq_cap: int,
                                   row_elems: int, rows: int | Sequence[int] = 1) -> bool:
        with self._lock:
            done = super().feed_kv_batch_major_ragged(src_row, src_seq_cap, dst_rows,
                                                      dst_seq_cap, row_elems, rows)
            self._count_feed_writes(done)
            return done

    def feed_kv_batch_major(self, dst_row: int, batch: int, seq_cap: int,
                            row_elems: int) -> bool:
        with self._lock:
            done = super().feed_kv_batch_major(dst_row, batch, seq_cap, row_elems)
            self._count_feed_writes(done)
            return done

    def feed_kv_paged(self, src_seq_cap: int, block_tables: Any, starts: Sequence[int],
                      counts: Sequence[int], page: int, row_elems: int) -> bool:
        with self._lock:
            done = super().feed_kv_paged(src_seq_cap, block_tables, starts, counts, page,
                                         row_elems)
            self._count_feed_writes(done)
            return done

    def copy_kv_rows_from(self, other: Executable, first: int, end: int, upper: int,
                          row_elems: int, layers: int) -> bool:
        with self._lock:
            done = super().copy_kv_rows_from(other, first, end, upper, row_elems, layers)
            self._count_feed_writes(done)
            return done

    def _count_feed_writes(self, done: bool) -> None:
        """After a host-side feed: every fed handle is uploaded whole before the next run."""
        if done:
            for handle, _ in self.kv_feeds:
                _Writes.bump(self.handles[handle])

    def optimizer_step_resident(self, trainable, step) -> bool:
        with self._lock:
            done = super().optimizer_step_resident(trainable, step)
            for name, _ in trainable:
                if name in self.handles:
                    _Writes.bump(self.handles[name])
            return done

    # ------------------------------------------------------------------ run
    def execute(self, inputs: Mapping[str, np.ndarray]) -> list[np.ndarray]:
        with self._lock:
            return self._execute(inputs)

    def _execute(self, inputs: Mapping[str, np.ndarray],
                 feeds: Mapping[str, int] | None = None) -> list[np.ndarray]:
        device, queue = self._device, self._device.queue
        feeds = self._feeds if feeds is None else feeds
        self._upload_leaves(inputs)
        queue.write_buffer(self._status, 0, np.zeros(STATUS_WORDS, np.uint32))
        encoder = device.create_command_encoder()
        compute = encoder.begin_compute_pass()
        for shader, (pipeline, group) in zip(self._shaders, self._pipelines):
            compute.set_pipeline(pipeline)
            compute.set_bind_group(0, group)
            compute.dispatch_workgroups(*shader.grid)
        compute.end()
        encoder.copy_buffer_to_buffer(self._status, 0, self._readback, 0, STATUS_WORDS * 4)
        for buffer, offset, at, nbytes in self._readback_plan:
            if nbytes:
                encoder.copy_buffer_to_buffer(self._buffers[buffer], offset, self._readback,
                                              at, nbytes)
        # then the device-side copies into GPU handles (an output that is a fed handle
        # itself is read back as the run computed it); a handle fed from its own buffer
        # (the output is the handle) already holds the value
        for name, index in feeds.items():
            buffer, offset, _, nbytes = self._readback_plan[index]
            target = self._own[self._leaf_ids[name]]
            if nbytes and buffer != target:
                encoder.copy_buffer_to_buffer(self._buffers[buffer], offset,
                                              self._buffers[target], 0, nbytes)
        queue.submit([encoder.finish()])
        self._readback.map_sync(self._wgpu.MapMode.READ)
        try:
            data = np.frombuffer(self._readback.read_mapped(), np.uint8).copy()
        finally:
            self._readback.unmap()
        failed, which = (int(x) for x in data[:8].view(np.uint32))
        if failed:
            values = [int(x) for x in data[8:STATUS_WORDS * 4].view(np.int64)]
            raise ExecutionError(self._errors[failed][which].format(*values))
        graph = self.program.graph
        for out, nid, (_, _, at, nbytes) in zip(self.outputs, graph.outputs,
                                                self._readback_plan):
            np.copyto(out.reshape(-1), _from_words(data[at:at + nbytes],
                                                   graph.nodes[nid].dtype), casting="unsafe")
        self.run_index += 1
        self.ran = True
        return self.outputs

    # ------------------------------------------------------------------ GPU handles
    def bind_gpu_handle(self, name: str, value: np.ndarray) -> bool:
        with self._lock:
            node = self.program.graph.nodes[self._leaf_ids[name]]
            self._upload(self._own[self._leaf_ids[name]], value, node.dtype,
                         f"GPU handle {name!r}")
            self._resident.add(name)
            return True

    def has_gpu_handle(self, name: str) -> bool:
        return name in self._resident

    def prepare_resident_gpu_handle(self, name: str) -> bool:
        with self._lock:
            buffer = self._buffers[self._own[self._leaf_ids[name]]]
            self._device.queue.write_buffer(buffer, 0, np.zeros(buffer.size // 4, np.uint32))
            self._resident.add(name)
            return True

    def set_gpu_handle_feed(self, handle_name: str, output_index: int) -> bool:
        with self._lock:
            self._check_feed(handle_name, output_index)
            self._feeds[handle_name] = output_index
            return True

    def _check_feed(self, handle_name: str, output_index: int) -> None:
        """InputError unless ``handle_name`` is resident and output ``output_index`` has
        its dtype and element count."""
        if handle_name not in self._resident:
            raise InputError(f"GPU handle feed: input {handle_name!r} is not resident "
                             "(bind_gpu_handle or prepare_resident_gpu_handle it first)")
        if self._own[self._leaf_ids[handle_name]] in self._packed:
            raise InputError(f"GPU handle feed: {handle_name!r} is a param the wgpu device "
                             "holds two 16-bit values to a word; outputs cannot feed it")
        graph = self.program.graph
        handle = graph.nodes[self._leaf_ids[handle_name]].type
        out = graph.nodes[graph.outputs[output_index]].type
        if handle.dtype != out.dtype or handle.numel != out.numel:
            raise InputError(f"GPU handle feed: output {output_index} ({out}) does not fit "
                             f"input {handle_name!r} ({handle})")

    def read_gpu_handle(self, name: str) -> np.ndarray | None:
        if name not in self._resident:
            return None
        node = self.program.graph.nodes[self._leaf_ids[name]]
        return self._read_words(name, 0, wgsl.numel(node)).reshape(wgsl._shape(node))

    def read_gpu_handle_row(self, name: str, row: int, row_inner: int) -> np.ndarray | None:
        if name not in self._resident:
            return None
        return self._read_words(name, row * row_inner, row_inner)

    def _read_words(self, name: str, start: int, count: int) -> np.ndarray:
        """Elements ``[start, start + count)`` of resident input ``name``, as its dtype."""
        node = self.program.graph.nodes[self._leaf_ids[name]]
        buffer = self._own[self._leaf_ids[name]]
        if buffer in self._packed:      # whole words around the halves wanted
            first, end = start // 2, -(-(start + count) // 2)
            with self._lock:
                data = self._device.queue.read_buffer(self._buffers[buffer], first * 4,
                                                      (end - first) * 4)
            halves = np.frombuffer(data, np.uint16)[start % 2:start % 2 + count]
            return halves.view(node.dtype.np).copy()
        per = 4 * wgsl.words(node.dtype)
        with self._lock:
            data = self._device.queue.read_buffer(self._buffers[buffer], start * per,
                                                  count * per)
        return _from_words(np.frombuffer(data, np.uint8), node.dtype)

    def run_feed_gpu_handle(self, inputs: Mapping[str, np.ndarray], handle_name: str,
                            output_index: int) -> np.ndarray | None:
        with self._lock:
            self._check_feed(handle_name, output_index)
            feeds = {**self._feeds, handle_name: output_index}
            return self._execute(inputs, feeds)[output_index]

    def clone(self) -> WgpuExecutable:
        """An independent executable: buffers of its own, the same params and handles."""
        twin = WgpuExecutable(self.program, self.rng_options)
        for name, value in self.params.items():
            np.copyto(twin.params.writable(name), value)
        twin.params.touch()
        twin.params_set = set(self.params_set)
        twin.handles = {k: v.copy() for k, v in self.handles.items()}
        twin.kv_feeds = list(self.kv_feeds)
        twin.run_index = self.run_index
        for name in sorted(self._resident):
            twin.bind_gpu_handle(name, self.read_gpu_handle(name))
        twin._feeds = dict(self._feeds)
        return twin


def _to_words(value: np.ndarray, dtype: DType, what: str, packed: bool = False) -> np.ndarray:
    """``value`` as the device's words of ``dtype`` (``packed``: 16-bit floats two to a
    word); InputError for an i64 outside the i32 range where the device holds i64 in 32
    bits."""
    array = np.ascontiguousarray(value)
    if packed:
        halves = array.astype(dtype.np, copy=False).reshape(-1).view(np.uint16)
        return np.concatenate([halves, np.zeros(halves.size % 2, np.uint16)]).view(np.uint32)
    if dtype is DType.U8:           # packed blocks: bytes four to a word
        raw = array.reshape(-1).view(np.uint8)
        return np.concatenate([raw, np.zeros(-raw.size % 4, np.uint8)]).view(np.uint32)
    if dtype in wgsl.NARROW:        # the 16 bits in the low half of a word
        return array.astype(dtype.np, copy=False).reshape(-1).view(np.uint16).astype(np.uint32)
    host = _host(dtype)
    if dtype is DType.I64 and host is np.int32 and array.size:
        lo, hi = int(array.min()), int(array.max())
        if lo < _I32.min or hi > _I32.max:
            raise InputError(f"wgpu: {what}: i64 values {lo}..{hi} do not fit in 32 bits, "
                             "which is how this device holds i64")
    return array.astype(host, copy=False).reshape(-1)


_MODULES: dict[tuple[int, str], Any] = {}
_PIPELINES: dict[int, Any] = {}
_CACHE_LOCK = threading.Lock()


def _module(device, source: str):
    """The shader module of ``source`` (made once per process and device)."""
    key = (id(device), source)
    with _CACHE_LOCK:
        module = _MODULES.get(key)
        if module is None:
            try:
                module = device.create_shader_module(code=source)
            except Exception as e:
                raise DeviceError(f"wgpu: the adapter refused a generated shader ({e}); this "
                                  "is an rlx defect, please report it") from e
            _MODULES[key] = module
        return module


def _pipeline_for(device, module):
    with _CACHE_LOCK:
        pipeline = _PIPELINES.get(id(module))
        if pipeline is None:
            pipeline = device.create_compute_pipeline(
                layout="auto", compute={"module": module, "entry_point": "main"})
            _PIPELINES[id(module)] = pipeline
        return pipeline


class WgpuBackend(Backend):
    name = "wgpu"
    capabilities = WGPU_CAPABILITIES
    supported_ops = wgsl.SUPPORTED_OPS

    def available(self) -> tuple[bool, str]:
        why = _Adapter.why_not()
        return (not why), why

    def describe(self) -> str:
        """'adapter <device> (<API>, <adapter type>)', and whether it has 64-bit integers."""
        if _Adapter.why_not():
            return ""
        info = _Adapter.get()[0].info
        int64 = "i64 native" if wgsl.DEVICE_TYPES[DType.I64] == "i64" else "i64 in 32 bits"
        return (f"adapter {info.get('device', '?')} ({info.get('backend_type', '?')}, "
                f"{info.get('adapter_type', '?')}; {int64})")

    def compile(self, program: Program, options: BackendOptions) -> WgpuExecutable:
        return WgpuExecutable(program, options.rng)
