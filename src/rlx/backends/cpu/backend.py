"""The cpu backend: the Program as generated C, compiled once, one ctypes call per run."""

from __future__ import annotations

import _ctypes
import ctypes
import dataclasses
import mmap
import os
import time
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from rlx.backends.base import (
    MAX_THREADS,
    Backend,
    BackendOptions,
    Executable,
    ExecutableCapabilities,
    KernelTime,
    PagedCopier,
    PagedRunFeed,
    RowCopier,
    RunFeed,
    aligned_empty,
    aligned_zeros,
    map_zeroed,
)
from rlx.backends.cpu import isa, toolchain
from rlx.backends.cpu.collective_host import CollectiveHost
from rlx.backends.numpy_kernels import evaluate_node
from rlx.errors import DeviceError, ExecutionError, InputError, OutOfMemoryError
from rlx.ir.rng import RngOptions
from rlx.passes.program import Program

if TYPE_CHECKING:
    from rlx.backends.cpu.render import RenderContext

CPU_CAPABILITIES = ExecutableCapabilities(
    clone=True, moe=True, persistent_handles=True, kv_resident=True, typed_io=True,
    active_extent=True, async_pipeline=True)
THREADS_ENV = "RLX_NUM_THREADS"
SPIN_ENV = "GOMP_SPINCOUNT"
SPIN_COUNT = "100000"
ERROR_BYTES = 512
"""Bytes of an executable's error buffer (``RLX_ERROR_BYTES`` in the C prelude)."""
FEED_FAILED = 2
"""What ``rlx_run`` returns when the rows of its run feed fall outside their buffers
(``rlx_run_feed`` in ``render.COPY_ROWS_SOURCE``): an InputError, nothing copied."""


def bound_openmp_spin() -> None:
    """Bound how long idle OpenMP threads spin: ``GOMP_SPINCOUNT=SPIN_COUNT`` in the
    environment, unless the user set ``GOMP_SPINCOUNT`` or ``OMP_WAIT_POLICY``.

    Idle OpenMP threads spin after each parallel region before they sleep: about 15 ms
    with libgomp's default. SPIN_COUNT bounds it to about 1.5 ms of one core (measured
    here), so threads do not burn the cores between runs, yet runs that follow each
    other closely find them awake (waking sleeping threads cost up to 7% at 2 threads
    on the benchmarks; a 0.15 ms spin was too short). ``OMP_WAIT_POLICY=passive`` never
    spins. libgomp reads the variable once, as it initialises, which is when the first
    program's shared object (linked to it) is loaded: every load calls this first, and
    nothing sets it at import, so importing rlx leaves the environment unchanged.
    Without effect when another library (e.g. torch) loaded libgomp before."""
    if "OMP_WAIT_POLICY" not in os.environ and SPIN_ENV not in os.environ:
        os.environ[SPIN_ENV] = SPIN_COUNT


def default_threads() -> int:
    """``$RLX_NUM_THREADS`` (1 to ``MAX_THREADS``) or the cores this process may use."""
    env = os.environ.get(THREADS_ENV)
    if env:
        try:
            count = int(env)
        except ValueError:
            count = 0
        if not 1 <= count <= MAX_THREADS:
            raise DeviceError(f"${THREADS_ENV} is {env!r}: expected a number of threads from 1 "
                              f"to {MAX_THREADS}")
        return count
    return min(toolchain.usable_cores(), MAX_THREADS)


class _Library:
    """A loaded shared object and its entry points. Executables and their clones share
    one; when the last of them is gone it is unloaded (each load is one ``dlopen``
    reference, given back by ``dlclose``), so compiling and dropping programs does not
    leave their code mapped."""

    def __init__(self, path: str, threads: int):
        self.path = path
        bound_openmp_spin()
        self.dll = toolchain.load_shared_object(path)
        _pin_runtimes()
        weakref.finalize(self, _unload, self.dll._handle).atexit = False
        self.run = self.dll.rlx_run
        self.run.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        self.run.restype = ctypes.c_int
        self.dll.rlx_keep_bytes.restype = ctypes.c_int64
        self.keep_bytes = int(self.dll.rlx_keep_bytes())
        self.dll.rlx_set_threads.argtypes = [ctypes.c_int]
        self.dll.rlx_set_threads(threads)
        self.copy_rows = self.dll.rlx_copy_rows
        self.copy_rows.argtypes = ([ctypes.c_int64] + [ctypes.c_void_p] * 3
                                   + [ctypes.c_int64] * 3 + [ctypes.c_void_p, ctypes.c_int64])
        self.copy_rows.restype = None
        self.feed_paged = self.dll.rlx_feed_paged
        self.feed_paged.argtypes = ([ctypes.c_int64] + [ctypes.c_void_p] * 3
                                    + [ctypes.c_int64] * 7 + [ctypes.c_void_p] * 5)
        self.feed_paged.restype = ctypes.c_int


RUNTIMES = ("libgomp.so.1", "libomp.so", "libiomp5.so", "libscipy_openblas.so")
"""Libraries a shared object may bring in that start threads of their own (OpenMP,
OpenBLAS). Unloaded under those threads, they would take the code the threads run with
them (a crash when the last executable of a process is dropped), so once loaded they
stay loaded: rlx holds one reference of its own to each."""
_PINNED: dict[str, ctypes.CDLL] = {}


def _pin_runtimes() -> None:
    """Hold a reference to each of RUNTIMES already loaded (none is loaded here)."""
    for name in RUNTIMES:
        if name not in _PINNED:
            try:
                _PINNED[name] = ctypes.CDLL(name, mode=os.RTLD_NOLOAD | os.RTLD_LAZY)
            except OSError:           # not loaded in this process
                pass


OMP_PAUSE_SOFT = 1
"""``omp_pause_soft`` of OpenMP 5.0's ``omp_pause_resource_t``."""


def _release_openmp_threads() -> None:
    """Before ``os.fork``: end the calling thread's OpenMP worker threads.

    libgomp keeps the worker threads of a thread's parallel regions docked for the next
    region. A forked child holds only the forking thread, yet libgomp's record of the
    pool still counts the workers: the child's first parallel region waited for them
    forever (a ``multiprocessing`` worker forked after a run hung). Ended before the
    fork, the pool is started afresh on the next region, in the parent (once, some
    tens of microseconds) and in the child alike. ``subprocess`` does not call this: it
    does not fork through ``os.fork``. Other OpenMP runtimes (LLVM's libomp) handle a
    fork themselves."""
    gomp = _PINNED.get("libgomp.so.1")
    if gomp is not None:
        gomp.omp_pause_resource_all(OMP_PAUSE_SOFT)


os.register_at_fork(before=_release_openmp_threads)


def _unload(handle: int) -> None:
    """Give back one ``dlopen`` reference of a shared object no executable uses."""
    _ctypes.dlclose(handle)


FRESH_MIN = 1 << 16
"""Outputs of this many bytes or more are written straight into the new arrays that
``run`` returns (``CpuExecutable.execute_fresh``); smaller ones are copied out."""


class CpuExecutable(Executable):
    device = "cpu"
    capabilities_ = CPU_CAPABILITIES
    store_state: _Frozen | None = None
    """What the program store keeps of it (None for clones)."""

    def __init__(self, program: Program, rng: RngOptions, library: _Library,
                 ctx: RenderContext | _LayoutOnly, source: str, cache_hit: bool, isa_tier: str):
        super().__init__(program, rng)
        self.capabilities_ = dataclasses.replace(CPU_CAPABILITIES, isa=isa_tier)
        self.library = library
        self.layout = ctx.slots
        self.layout_only = _LayoutOnly.of(ctx)
        self.source = source
        self.cache_hit = cache_hit
        # the memory plan's buffers, then the kernels' shared scratch (render.py)
        self.arena_bytes = ctx.arena_bytes
        self._arena_map, self.arena = map_zeroed(max(self.arena_bytes, 1))
        # what the kernels keep between runs (render.py): this executable's own, so
        # clones and other executables of the same shared object share nothing
        self._keep_map, self._keep = map_zeroed(max(library.keep_bytes, 1))
        self._error = np.zeros(ERROR_BYTES, np.uint8)
        self._slots = (ctypes.c_void_p * max(len(self.layout), 1))()
        self._arena_ptr = self.arena.ctypes.data
        self._fixed: dict[int, np.ndarray] = {}
        self._input_slots: list[tuple[int, str]] = []
        # (slot, output index, the output buffer's address) of the output slots
        # execute_fresh points at new arrays for a run (and back at the buffer after)
        self._fresh_slots = [(i, slot.output_index,
                              self.outputs[slot.output_index].ctypes.data)
                             for i, slot in enumerate(self.layout)
                             if slot.kind == "output"
                             and self.outputs[slot.output_index].nbytes >= FRESH_MIN]
        self._extent_set = False
        # the array last bound to each input slot (kept alive while its pointer is in
        # the slot): feeding the same array again skips the pointer lookup (about 1 us)
        self._bound_inputs: dict[int, np.ndarray] = {}
        # (feeds_version, the names fed) of the last run that bound every input slot:
        # while a run feeds the same names and no handle was replaced since, only the
        # fed slots can have changed (a decoder's step feeds 3 of 63 inputs)
        self._bound_key: tuple[int, tuple[str, ...]] | None = None
        self._slot_of_input: dict[str, int] = {}
        # (seconds, calls) of each profiled kernel, this executable's runs only
        self._profiled_kernels = list(ctx.profiled)
        self._profile = (np.zeros((len(self._profiled_kernels), 2))
                         if self._profiled_kernels else None)
        # the callback of the program's collectives: this executable's own (render.py)
        self._collectives = CollectiveHost(ctx.collectives) if ctx.collectives else None
        self._ctl = np.array([0, 0, -1, 0, 0, self._keep.ctypes.data, self._error.ctypes.data,
                              0 if self._profile is None else self._profile.ctypes.data,
                              0 if self._collectives is None else self._collectives.address,
                              0, int(isa.amx_in_use(self.isa))], np.int64)
        # the run feed as rlx_run_feed reads it, the feeds_version it was built at and
        # the arrays its addresses point into (kept alive with it)
        self._run_plan: tuple[int, np.ndarray, tuple] | None = None
        self._ctl_ptr = self._ctl.ctypes.data
        self._slot_binding = self.params.binding
        self._bind_static_slots()
        self._set_seed()

    @property
    def isa(self) -> str:
        """The ISA tier the shared object was built for."""
        return self.capabilities_.isa

    def kernel_profile(self) -> list[KernelTime] | None:
        if self._profile is None:
            return None
        nodes = self.program.graph.nodes
        return [KernelTime(k.name, k.kind, " + ".join(nodes[n].op for n in k.nodes),
                           int(calls), float(seconds))
                for k, (seconds, calls) in zip(self._profiled_kernels, self._profile)]

    def reset_kernel_profile(self) -> None:
        if self._profile is not None:
            self._profile[:] = 0.0

    def _bind_static_slots(self) -> None:
        graph = self.program.graph
        for i, slot in enumerate(self.layout):
            node = graph.nodes[slot.node]
            if slot.kind == "input":
                self._input_slots.append((i, slot.name))
                self._slot_of_input[slot.name] = i
                continue
            if slot.kind == "param":
                array = self.params[slot.name]
            elif slot.kind == "constant":
                array = np.ascontiguousarray(evaluate_node(node, [], node_id=slot.node))
            elif slot.kind == "fixed":
                array = aligned_zeros(node.shape, node.dtype.np)
            else:
                array = self.outputs[slot.output_index]
            self._fixed[i] = array
            self._slots[i] = array.ctypes.data

    def _set_seed(self) -> None:
        self._ctl[0] = np.int64(np.uint64(self.rng_options.seed).view(np.int64))
        self._ctl[1] = 0

    def set_rng(self, rng: RngOptions) -> None:
        super().set_rng(rng)
        self._set_seed()

    def _reads_own_output(self, array: np.ndarray) -> bool:
        """Whether ``array`` (a read-only input: the views ``run_slots`` and
        ``run_raw`` return are) lies in one of this program's output buffers. Fed back
        as is, the kernels would overwrite it while reading it (a matmul's output fed
        back as its input came out 1e3 off); the run takes a copy instead."""
        return any(np.may_share_memory(array, out) for out in self.outputs)

    def execute(self, inputs: Mapping[str, np.ndarray]) -> list[np.ndarray]:
        if self._extent_set and self.last_outputs is not self.outputs:
            # rows past an active extent keep the last run's values: that run wrote
            # into fresh arrays (execute_fresh), so the buffers take them first
            for dst, src in zip(self.outputs, self.last_outputs):
                if dst is not src:
                    np.copyto(dst, src)
            self.last_outputs = self.outputs
        bound = self._bound_inputs
        key = (self.feeds_version, tuple(inputs))
        if key == self._bound_key:      # only the fed slots can have changed
            changed = [(self._slot_of_input[name], array) for name, array in inputs.items()]
        else:
            handles = self.handles
            changed = [(i, inputs[name] if name in inputs else handles[name])
                       for i, name in self._input_slots]
        for i, array in changed:
            if not array.flags.writeable and self._reads_own_output(array):
                array = array.copy()
            if bound.get(i) is not array:
                bound[i] = array
                self._slots[i] = array.ctypes.data
        self._bound_key = key
        if self._slot_binding != self.params.binding:   # a param was bound elsewhere
            self._bind_static_slots_after_params()
        ctl = self._ctl
        if self.rng_options.advance:
            ctl[1] = self.run_index
        ctl[4] = self.params.version
        if self.run_feed is not None:
            ctl[9] = self._run_plan_address()
        elif ctl[9]:
            ctl[9] = 0
        rc = self.library.run(self._slots, self._arena_ptr, self._ctl_ptr)
        if rc != 0:
            failed = self._collectives.take_error() if self._collectives else None
            if failed is not None:
                raise failed
            message = self._error.tobytes().partition(b"\0")[0].decode(errors="replace")
            if rc == FEED_FAILED:
                raise InputError(message)
            raise ExecutionError(message)
        self.run_index += 1
        self.ran = True
        self.last_outputs = self.outputs
        return self.outputs

    def execute_fresh(self, inputs: Mapping[str, np.ndarray]) -> list[np.ndarray]:
        """:meth:`execute` with each output of ``FRESH_MIN`` bytes or more written by
        the kernels straight into a new ``ALIGNMENT``-aligned array (its output slot
        points there for this run): no copy out of the output buffer (a [8, 128, 768]
        layer norm's ``run`` took twice its kernel's time copying). Smaller outputs
        are copied out, which costs less than pointing the kernels elsewhere. Runs
        that need the output buffers copy every output, as the base class does: with
        KV feeds registered (their copies after the run read the buffers) or an
        active extent set (rows past it keep the buffers' values)."""
        redirected = self._fresh_slots
        if not redirected or self.kv_feeds or self.run_feed is not None or self._extent_set:
            return super().execute_fresh(inputs)
        outputs = self.outputs
        # drop the last run's arrays first: when the caller has dropped them too, the
        # allocator hands their memory (still in cache) to this run's
        self.last_outputs = outputs
        last = list(outputs)
        slots = self._slots
        for i, index, _ in redirected:
            array = aligned_empty(outputs[index].shape, outputs[index].dtype)
            last[index] = array
            slots[i] = array.ctypes.data
        try:
            self.execute(inputs)
        finally:
            for i, _, buffer in redirected:
                slots[i] = buffer
        self.last_outputs = last
        return [o if o is not b else o.copy() for o, b in zip(last, outputs)]

    # storage that C reads through pointers must keep its address: write in place
    def share_params_from(self, other: Executable) -> bool:
        if not super().share_params_from(other):
            return False
        self._bind_static_slots_after_params()
        return True

    def _bind_static_slots_after_params(self) -> None:
        """Point the param slots at the arrays the params hold now (the pool, or arrays
        bound with ``bind_param``, by this executable or one sharing its params)."""
        for i, slot in enumerate(self.layout):
            if slot.kind == "param":
                self._fixed[i] = self.params[slot.name]
                self._slots[i] = self.params[slot.name].ctypes.data
        self._slot_binding = self.params.binding

    def clone(self) -> CpuExecutable:
        twin = CpuExecutable(self.program, self.rng_options, self.library, self.layout_only,
                             self.source, True, self.isa)
        for name, value in self.params.items():
            np.copyto(twin.params[name], value)
        twin.params.touch()
        twin.params_set = set(self.params_set)
        twin.handles = {k: v.copy() for k, v in self.handles.items()}
        for dst, src in zip(twin.outputs, self.last_outputs):
            np.copyto(dst, src)
        twin.kv_feeds = list(self.kv_feeds)
        twin.run_index = self.run_index
        return twin

    def row_copier(self) -> RowCopier:
        return self.library.copy_rows

    def paged_copier(self) -> PagedCopier:
        feed, error = self.library.feed_paged, self._error

        def copy(*args: int) -> str | None:
            if feed(*args, error.ctypes.data) == 0:
                return None
            return error.tobytes().partition(b"\0")[0].decode(errors="replace")

        return copy

    def _run_plan_address(self) -> int:
        """The address of the run feed for ``rlx_run_feed`` (``render.COPY_ROWS_SOURCE``),
        rebuilt when a handle, a feed pair or the feed changed since; 0 when the pairs
        cannot be copied natively (``finish_run`` then copies them)."""
        plan = self._run_plan
        if plan is None or plan[0] != self.feeds_version:
            feed = self.run_feed
            pairs, addresses = self._kv_feed_buffers("feed_kv_on_run")
            if isinstance(feed, RunFeed):    # pairs registered since it was set
                self._check_run_feed(feed, pairs, addresses)
            layout = (feed.layout(addresses.sizes)
                      if isinstance(feed, PagedRunFeed) and addresses is not None else None)
            if addresses is None or (isinstance(feed, PagedRunFeed) and layout is None):
                plan = (self.feeds_version, np.zeros(1, np.int64), ())
            elif isinstance(feed, PagedRunFeed):
                heads, pages = layout
                marks = addresses.marks(pages * feed.page)
                kept = (addresses, marks, feed.tables, feed.starts, feed.counts)
                words = np.array([1, len(addresses.dst), feed.row_elems, len(feed.tables),
                                  heads, feed.src_seq_cap, feed.page, pages,
                                  feed.tables.shape[1], *addresses.pointers,
                                  feed.tables.ctypes.data, feed.starts.ctypes.data,
                                  feed.counts.ctypes.data, marks.ctypes.data], np.int64)
                plan = (self.feeds_version, words, kept)
            else:
                caps = np.full(len(addresses.dst), feed.src_seq_cap, np.int64)
                kept = (addresses, caps, feed.dst_rows, feed.counts)
                words = np.array([0, len(addresses.dst), feed.row_elems, feed.src_row,
                                  len(feed.dst_rows), feed.dst_seq_cap, feed.src_seq_cap,
                                  *addresses.pointers, caps.ctypes.data,
                                  feed.dst_rows.ctypes.data, feed.counts.ctypes.data],
                                 np.int64)
                plan = (self.feeds_version, words, kept)
            self._run_plan = plan
        return int(plan[1].ctypes.data) if plan[2] else 0

    def finish_run(self) -> None:
        if self.run_feed is not None and not self._ctl[9]:
            super().finish_run()

    def set_active_extent(self, extent: tuple[int, int] | None) -> None:
        self._ctl[2], self._ctl[3] = (extent if extent is not None else (-1, 0))
        self._extent_set = extent is not None

    def release_scratch(self) -> None:
        """Give the arena's pages back to the OS; they come back zeroed on next use."""
        if hasattr(mmap, "MADV_DONTNEED") and len(self._arena_map):
            self._arena_map.madvise(mmap.MADV_DONTNEED)


class _LayoutOnly:
    """The part of a RenderContext an executable keeps (for clones and the program
    store)."""

    def __init__(self, slots, profiled, arena_bytes, collectives):
        self.slots = slots
        self.profiled = profiled
        self.arena_bytes = arena_bytes
        self.collectives = collectives

    @staticmethod
    def of(ctx: RenderContext | _LayoutOnly) -> _LayoutOnly:
        return _LayoutOnly(ctx.slots, list(ctx.profiled), ctx.arena_bytes,
                           list(ctx.collectives))


class CpuBackend(Backend):
    name = "cpu"
    capabilities = CPU_CAPABILITIES
    reads_active_keys = True

    @property
    def supported_ops(self) -> frozenset[str]:
        # the renderers load on first use: a program from the store needs none of them
        from rlx.backends.cpu.kernels import supported
        return supported()

    def describe(self) -> str:
        if isa.amx_in_use():
            return (f"AMX tiles for int8 products of 8+ rows of x "
                    f"({isa.AMX_ENV}=0 turns them off)")
        if isa.avx_vnni_in_use():
            return (f"AVX-VNNI for int8 products ({isa.AVX_VNNI_ENV}=0 turns it off)")
        return ""

    def available(self) -> tuple[bool, str]:
        path, why = toolchain.find_compiler()
        return (path is not None), why

    def render(self, program: Program, options: BackendOptions, threads: int | None = None,
               max_parts: int | None = None) -> tuple[str, RenderContext, int]:
        """(source, render context, compile parts) of ``program`` as :meth:`compile`
        renders it: ``threads`` defaults to the options' or this host's, ``max_parts``
        to one part per usable core. The source is the same for every ISA tier."""
        from rlx.backends.cpu.kernels import render_kernel
        from rlx.backends.cpu.render import render_program

        threads = threads or options.num_threads or default_threads()
        return render_program(program, program.memory, threads, render_kernel,
                              max_parts=max_parts or toolchain.compile_jobs(),
                              profile=options.profile, winograd=options.winograd)

    def compile(self, program: Program, options: BackendOptions) -> CpuExecutable:
        threads = options.num_threads or default_threads()
        tier = isa.resolve_tier(options.isa)
        sanitize = toolchain.resolve_sanitizers(options.sanitize)
        t0 = time.perf_counter()
        source, ctx, parts = self.render(program, options, threads)
        t1 = time.perf_counter()
        so_path, hit = toolchain.compile_shared_object(source, threads, blas="blas" in ctx.features,
                                                       tier=tier, parts=parts, sanitize=sanitize)
        t2 = time.perf_counter()
        exe = _load(program, options.rng, so_path, threads, _LayoutOnly.of(ctx), source, hit,
                    tier)
        # seconds per stage, for the compile report (Session.compile reads them)
        exe.compile_stages = [("render", t1 - t0, f"{parts} parts"),
                              ("compiler", t2 - t1, "disk cache hit" if hit else "built"),
                              ("load", time.perf_counter() - t2, "")]
        exe.store_state = _Frozen(program, exe.layout_only, source, so_path.stem, threads, tier,
                                  sanitize)
        return exe

    def program_store(self, options: BackendOptions) -> tuple[Path, str] | None:
        threads = options.num_threads or default_threads()
        tier = isa.resolve_tier(options.isa)
        sanitize = toolchain.resolve_sanitizers(options.sanitize)
        identity = toolchain.build_identity(threads, tier, sanitize)
        return None if identity is None else (toolchain.cache_dir() / "programs", identity)

    def freeze(self, executable: Executable) -> _Frozen | None:
        return getattr(executable, "store_state", None)

    def thaw(self, state: _Frozen, options: BackendOptions) -> CpuExecutable | None:
        so_path = toolchain.cache_dir() / f"{state.so_key}.so"
        if not toolchain.entry_valid(so_path, state.so_key):
            return None
        toolchain.check_sanitizer_runtime(state.sanitize)
        exe = _load(state.program, options.rng, so_path, state.threads, state.layout,
                    state.source, True, state.tier)
        exe.store_state = state
        return exe


@dataclasses.dataclass
class _Frozen:
    """What :meth:`CpuBackend.thaw` needs of a compiled program besides its shared
    object, which stays in the disk cache under ``so_key``."""

    program: Program
    layout: _LayoutOnly
    source: str
    so_key: str
    threads: int
    tier: str
    sanitize: tuple[str, ...]


def _load(program: Program, rng: RngOptions, so_path: Path, threads: int, layout: _LayoutOnly,
          source: str, hit: bool, tier: str) -> CpuExecutable:
    """The executable of ``program`` built into ``so_path``; OutOfMemoryError with the
    program's sizes when its arena cannot be mapped."""
    library = _Library(str(so_path), threads)
    try:
        return CpuExecutable(program, rng, library, layout, source, hit, tier)
    except OutOfMemoryError as e:
        graph = program.graph
        params = sum(t.nbytes for _, t in graph.params)
        outputs = sum(t.nbytes for t in graph.output_types)
        raise OutOfMemoryError(f"graph {graph.name!r} on cpu needs {layout.arena_bytes} bytes "
                               f"of arena (buffers and kernel scratch), {params} of params "
                               f"and {outputs} of outputs; {e}") from e
