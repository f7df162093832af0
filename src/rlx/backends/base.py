"""The contracts between the runtime and a backend.

A :class:`Backend` compiles a Program into an :class:`Executable`. The runtime
(``rlx.runtime.CompiledGraph``) validates and converts every user value before it
reaches an Executable, so an Executable receives C-contiguous numpy arrays of
exactly the declared shape and dtype.

Optional hooks (persistent handles, KV feeds, MoE residency, active extent, async
pipelining) default to "unsupported" exactly as the spec describes — ``False`` /
``None`` / a synchronous run — and :meth:`Executable.capabilities` reports what a
backend really implements.
"""

from __future__ import annotations

import copy
import itertools
import math
import mmap
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import numpy as np

from rlx.errors import InputError, OutOfMemoryError
from rlx.ir.rng import RngOptions
from rlx.ir.types import TensorType
from rlx.passes.program import Program
from rlx.passes.split import BOUNDARY_PREFIX

_VERSIONS = itertools.count(1)


ALIGNMENT = 64
"""Byte alignment of every buffer an executable owns (params, outputs, handles): a
cache line and an AVX-512 vector, so that kernels' full-vector loads and stores
never straddle two lines."""


def round_up(n: int, multiple: int) -> int:
    """The least multiple of ``multiple`` at or above ``n``."""
    return -(-n // multiple) * multiple


HUGE_PAGE = 2 << 20
MAPPED_MIN = 64 << 10
"""Zeroed buffers of at least this many bytes get an anonymous mapping of their own,
whose pages become resident only as they are written: calloc hands out freed heap
memory again by clearing it, which writes every page (a 2 MiB KV cache holding 14
tokens was resident whole, and Gemma 3's 36 caches and 36 prefill outputs held 12 MiB
that no run had written)."""
HUGE_MIN = 4 << 20
"""Buffers of at least this many bytes are mapped on their own and advised onto
``HUGE_PAGE`` pages: a run reads a weight or an activation once and then leaves it
for a whole run, and memory left untouched that long was many times slower to read
again on 4 KiB pages (10 MB read after 70 ms untouched: 15 ms on 4 KiB pages, 0.7 ms on
2 MiB pages, measured here; page walks that miss the caches are the likely cause)."""


_CGROUP_LIMITS = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")


def _physical_memory() -> int | None:
    """Bytes of memory this process may have: the machine's physical memory, or its
    control group's limit where lower; None where the OS does not say."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None
    for path in _CGROUP_LIMITS:
        try:
            with open(path) as f:
                limit = f.read().strip()
        except OSError:
            continue
        if limit.isdigit():
            total = min(total, int(limit))
    return total


def _byte_size(nbytes: int) -> str:
    """``nbytes`` in bytes and, from a KiB on, in the largest binary unit under it."""
    text = f"{nbytes} bytes"
    for unit, shift in (("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if nbytes >= 1 << shift:
            return f"{text} ({nbytes / (1 << shift):.1f} {unit})"
    return text


def map_zeroed(nbytes: int, what: str = "rlx buffers") -> tuple[mmap.mmap, np.ndarray]:
    """(the mapping, its first ``nbytes`` zeroed bytes as a uint8 array): a private
    anonymous mapping, from HUGE_MIN bytes on ``HUGE_PAGE``-aligned and advised onto
    huge pages where the OS has them (shared anonymous memory would take none), whole
    ones: a last partial huge page would stay on small pages, and an 8.2 MB matrix
    read 2 ms slower for its 1.9 MB tail. The array keeps the mapping alive.

    OutOfMemoryError, naming ``nbytes`` and ``what`` they are for, when the OS refuses
    the mapping or it is larger than the machine's memory (an overcommitting OS would
    grant it and kill the process when the pages are touched)."""
    huge = nbytes >= HUGE_MIN and hasattr(mmap, "MADV_HUGEPAGE")
    span = round_up(nbytes, HUGE_PAGE) if huge else nbytes
    pad = HUGE_PAGE if huge else 0
    total = _physical_memory()
    if total is not None and nbytes > total:
        raise OutOfMemoryError(f"cannot allocate {_byte_size(nbytes)} for {what}: more than "
                               f"this machine's memory, {_byte_size(total)}")
    try:
        if hasattr(mmap, "MAP_PRIVATE"):
            mapping = mmap.mmap(-1, max(span + pad, 1),
                                flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        else:
            mapping = mmap.mmap(-1, max(span + pad, 1))
    except (OSError, OverflowError, ValueError) as e:
        raise OutOfMemoryError(f"cannot allocate {_byte_size(nbytes)} for {what}: {e}") from e
    whole = np.frombuffer(mapping, np.uint8)
    start = -whole.ctypes.data % HUGE_PAGE if huge else 0
    if huge:
        try:
            mapping.madvise(mmap.MADV_HUGEPAGE, start, span)
        except OSError:      # a kernel without transparent huge pages: small pages
            pass
    return mapping, whole[start:start + nbytes]


def aligned_zeros(shape: Sequence[int], dtype: Any, what: str = "an rlx buffer"
                  ) -> np.ndarray:
    """A zeroed C-contiguous array whose data starts on an ``ALIGNMENT`` boundary (from
    MAPPED_MIN bytes a mapping of its own, on huge pages from HUGE_MIN bytes:
    :func:`map_zeroed`, whose OutOfMemoryError names ``what`` the array is for)."""
    dtype = np.dtype(dtype)
    count = int(np.prod(shape, dtype=np.int64))
    if count * dtype.itemsize >= MAPPED_MIN:
        return map_zeroed(count * dtype.itemsize, what)[1].view(dtype).reshape(tuple(shape))
    raw = np.zeros(count * dtype.itemsize + ALIGNMENT, np.uint8)
    start = -raw.ctypes.data % ALIGNMENT
    return raw[start:start + count * dtype.itemsize].view(dtype).reshape(tuple(shape))


def pooled_zeros(types: Sequence[tuple[Sequence[int], Any]]) -> list[np.ndarray]:
    """Zeroed C-contiguous arrays of the given (shape, dtype)s, each ``ALIGNMENT``-aligned,
    side by side in one :func:`map_zeroed` mapping: a model's many small params (biases,
    norms) share a few huge pages instead of each taking small pages of its own."""
    sizes = [int(np.prod(shape, dtype=np.int64)) * np.dtype(dtype).itemsize
             for shape, dtype in types]
    offsets = list(itertools.accumulate((round_up(n, ALIGNMENT) for n in sizes),
                                        initial=0))
    pool = map_zeroed(offsets[-1])[1]
    return [pool[at:at + n].view(dtype).reshape(tuple(shape))
            for at, n, (shape, dtype) in zip(offsets, sizes, types)]


def _pooled_params(types: Mapping[str, tuple[Sequence[int], Any]]) -> ParamStore:
    """A ParamStore of zeroed params of the given (shape, dtype)s, in one pool."""
    store = ParamStore(zip(types, pooled_zeros(list(types.values()))))
    store.owned = dict(store)
    return store


def aligned_empty(shape: Sequence[int], dtype: Any) -> np.ndarray:
    """An uninitialised C-contiguous array whose data starts on an ``ALIGNMENT``
    boundary: a view into a buffer ``ALIGNMENT`` bytes larger, taken from numpy's
    allocator (the memory a run's fresh outputs come from: the C library hands the
    pages freed by the previous run's outputs out again, without page faults)."""
    dtype = np.dtype(dtype)
    nbytes = math.prod(shape) * dtype.itemsize
    raw = np.empty(nbytes + ALIGNMENT, np.uint8)
    start = -raw.__array_interface__["data"][0] % ALIGNMENT     # .ctypes costs 1 us
    return raw[start:start + nbytes].view(dtype).reshape(shape)


def aligned_copy(array: np.ndarray) -> np.ndarray:
    """A C-contiguous, ``ALIGNMENT``-aligned copy of ``array``."""
    out = aligned_zeros(array.shape, array.dtype)
    np.copyto(out, array)
    return out


class ParamStore(dict):
    """An executable's param arrays by name, with a version that changes on every write.

    ``version`` is unique in the process (a global counter), so a backend may cache
    values derived from the params (e.g. weights repacked for a matrix kernel) keyed on
    (storage address, version): a write through any executable sharing this store, or a
    new store reusing a freed address, never matches an old key. Every path that writes
    param storage calls :meth:`touch`, and so does binding a handle that holds a value
    of the prepare stage (``__rlx_prep_<i>``, computed from the params). ``binding``
    changes whenever a name is given other storage (``bind_param``, or a write that
    returns a bound name to its own pooled array ``owned[name]``), so a backend that
    reads params through pointers knows when to take them again."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.version = next(_VERSIONS)
        self.binding = self.version      # changes when a name is given other storage
        self.owned: dict[str, np.ndarray] = {}

    def touch(self) -> None:
        self.version = next(_VERSIONS)

    def writable(self, name: str, keep: bool = False) -> np.ndarray:
        """The storage a write to ``name`` goes to: its own pooled array, made current
        again if an external array was bound (its values copied over first when
        ``keep``: a partial write)."""
        own = self.owned.get(name)
        current = self[name]
        if own is not None and current is not own:
            if keep:
                np.copyto(own, current)
            self[name] = own
            self.binding = next(_VERSIONS)
        return self[name]


@dataclass(frozen=True)
class KernelTime:
    """One kernel's share of the runs: its name, kind and ops, calls and seconds."""

    name: str
    kind: str
    ops: str
    calls: int
    seconds: float


@dataclass(frozen=True)
class ExecutableCapabilities:
    """What an executable implements beyond the core run/param surface."""

    clone: bool = False
    moe: bool = False
    """The MoE surface (residency masks, router capture, statistics; rlx.runtime.moe)
    works on the executable's grouped_matmul layers."""
    persistent_handles: bool = False
    gpu_handles: bool = False
    kv_resident: bool = False
    typed_io: bool = False
    async_pipeline: bool = False
    """``commit_no_wait`` / ``sync_pending`` / ``run_pipelined`` run on a worker thread
    while the caller goes on (rlx.runtime.compiled; each run's outputs snapshotted)."""
    active_extent: bool = False
    """Programs with symbolic dimensions (``rlx.Dim``) cost what the run's extents do:
    the products (dense and quantised), attention, row kernels, gathers, elementwise
    loops, rope and transposes visit the active rows only (cpu; other reductions and
    convolutions run at the bounds). Without it a symbolic program is exact but runs at
    its bounds."""
    isa: str | None = None
    """The ISA tier the executable was compiled for (cpu: see rlx.backends.cpu.isa)."""

    def enabled_names(self) -> list[str]:
        """The names of the capabilities that are on (the boolean ones)."""
        return [f.name for f in fields(self) if getattr(self, f.name) is True]


NO_CAPABILITIES = ExecutableCapabilities()


@dataclass(frozen=True)
class BackendOptions:
    """The compile options a backend acts on (``rlx.CompileOptions.backend_options()``
    builds them). Backends never see ``CompileOptions`` itself, which belongs to the
    runtime (the passes read the rest of it), so each option a backend reads is a field
    here, with ``CompileOptions``'s default."""

    rng: RngOptions = field(default_factory=RngOptions)
    """Seed and policy of in-graph random ops, the executable's until ``set_rng``."""
    num_threads: int | None = None
    """Threads a backend runs with (None: ``RLX_NUM_THREADS`` or the usable cores)."""
    profile: bool = False
    """Time every kernel call, for ``Executable.kernel_profile``."""
    winograd: bool = True
    """cpu: 3 x 3 stride-1 f32 convolutions with param weights by Winograd's algorithms
    (False: direct sums)."""
    isa: str | None = None
    """cpu: the ISA tier to compile for (None: ``RLX_CPU_ISA`` or the host's highest)."""
    sanitize: str | Sequence[str] | None = None
    """cpu: sanitizers to build with, as ``CompileOptions.sanitize`` gives them (None:
    ``RLX_CPU_SANITIZE``, else none)."""


class Backend(ABC):
    """A compilation target. ``supported_ops`` drives decomposition in the pipeline."""

    name: str
    supported_ops: frozenset[str]
    capabilities: ExecutableCapabilities
    reads_active_keys: bool = False
    """Its attention kernels read no key past a symbolic key axis's extent (and its
    cached_attention no new row past the new rows' extent), so the extents pass
    (``rlx.passes.extents``) need not zero the padded keys and values."""

    def available(self) -> tuple[bool, str]:
        """(True, "") when this machine can compile for the backend, else (False, why)."""
        return True, ""

    def describe(self) -> str:
        """What the backend runs on here, for ``rlx devices`` (e.g. the GPU adapter);
        empty when there is nothing to say."""
        return ""

    @abstractmethod
    def compile(self, program: Program, options: BackendOptions) -> Executable:
        """Turn ``program`` into an executable with zeroed params."""

    # the program store (rlx.runtime.program_store): a backend that keeps compiled
    # programs on disk says where and under what identity, and freezes / thaws them
    def program_store(self, options: BackendOptions) -> tuple[Path, str] | None:
        """(directory, build identity) of this backend's stored programs for
        ``options``: the identity names everything besides the graph, the options and
        rlx's code that decides what :meth:`compile` makes. None: nothing is stored
        (the default; compiling is cheap, or not a pure function of those)."""
        return None

    def freeze(self, executable: Executable) -> Any:
        """A picklable state of a freshly compiled ``executable`` from which
        :meth:`thaw` makes an equal one (zeroed params) in another process; None when
        it has none (it is not stored)."""
        raise NotImplementedError(f"the {self.name} backend stores no programs")

    def thaw(self, state: Any, options: BackendOptions) -> Executable | None:
        """The executable :meth:`freeze` described, with zeroed params; None when what
        it needs outside the state is gone (the caller compiles again)."""
        raise NotImplementedError(f"the {self.name} backend stores no programs")


OptimizerStep = Callable[[str, tuple[int, ...], np.ndarray, np.ndarray], None]


class Executable(ABC):
    """A compiled program with its params, handles and output buffers.

    Subclasses implement :meth:`execute`; storage for params, persistent handles and
    outputs lives in numpy arrays owned by the executable, so the hooks below work
    on every backend whose memory the host can address.
    """

    device: str
    capabilities_: ExecutableCapabilities = NO_CAPABILITIES

    def __init__(self, program: Program, rng: RngOptions):
        graph = program.graph
        self.program = program
        self.input_types: dict[str, TensorType] = dict(graph.inputs)
        self.param_types: dict[str, TensorType] = dict(graph.params)
        self.output_types: list[TensorType] = graph.output_types
        self.params = _pooled_params({name: (t.shape, t.dtype.np)
                                      for name, t in self.param_types.items()})
        self.params_set: set[str] = set()
        self.handles: dict[str, np.ndarray] = {}
        self.outputs: list[np.ndarray] = [aligned_zeros(t.shape, t.dtype.np)
                                          for t in self.output_types]
        # the arrays holding the last run's outputs: ``outputs``, or the fresh arrays
        # of the last :meth:`execute_fresh` that wrote into its own
        self.last_outputs: list[np.ndarray] = self.outputs
        self.kv_feeds: list[tuple[str, int]] = []
        self.run_feed: RunFeed | None = None
        # bumped whenever a handle or feed pair is replaced (a native run feed holds
        # their addresses)
        self.feeds_version = 0
        self._feed_cache: tuple[tuple[int, ...], list[tuple[np.ndarray, np.ndarray]],
                                FeedAddresses | None] | None = None
        self.rng_options = rng
        self.run_index = 0
        self.ran = False

    # ------------------------------------------------------------------ core
    @abstractmethod
    def execute(self, inputs: Mapping[str, np.ndarray]) -> list[np.ndarray]:
        """Run once; ``inputs`` holds every input not bound to a handle. Returns
        the output buffers (views valid until the next run)."""

    def execute_fresh(self, inputs: Mapping[str, np.ndarray]) -> list[np.ndarray]:
        """Run once, like :meth:`execute`, returning new arrays the caller owns. This
        default copies the output buffers; a backend whose kernels can write
        straight into new arrays overrides it (setting :attr:`last_outputs`)."""
        return [o.copy() for o in self.execute(inputs)]

    def capabilities(self) -> ExecutableCapabilities:
        return self.capabilities_

    def write_param(self, name: str, value: np.ndarray) -> None:
        np.copyto(self.params.writable(name), value)
        self.params.touch()
        self.params_set.add(name)

    def bind_param(self, name: str, value: np.ndarray) -> bool:
        """Read param ``name`` from ``value`` itself (no copy: a C-contiguous array of
        the param's shape and dtype, kept referenced while bound) until the next write
        or bind. False when the backend keeps params in storage of its own."""
        self.params[name] = value
        self.params.touch()
        self.params.binding = self.params.version
        self.params_set.add(name)
        return True

    def write_param_range(self, name: str, byte_offset: int, data: bytes) -> bool:
        flat = self.params.writable(name, keep=True).reshape(-1).view(np.uint8)
        flat[byte_offset:byte_offset + len(data)] = np.frombuffer(data, np.uint8)
        self.params.touch()
        self.params_set.add(name)
        return True

    def finalize_params(self) -> None:
        """Warm caches after params are set (nothing to do unless a backend says so)."""

    def set_rng(self, rng: RngOptions) -> None:
        self.rng_options = rng
        self.run_index = 0

    def clone(self) -> Executable | None:
        """An independent copy (params, handles, outputs), or None when unsupported."""
        if not self.capabilities_.clone:
            return None
        twin = copy.copy(self)
        twin.params = _pooled_params({k: (v.shape, v.dtype) for k, v in self.params.items()})
        for name, value in self.params.items():
            np.copyto(twin.params[name], value)
        twin.params_set = set(self.params_set)
        twin.handles = {k: aligned_copy(v) for k, v in self.handles.items()}
        twin.outputs = [aligned_copy(o) for o in self.last_outputs]
        twin.last_outputs = twin.outputs
        twin.kv_feeds = list(self.kv_feeds)
        return twin

    def same_param_layout(self, other: Executable) -> bool:
        return type(self) is type(other) and self.param_types == other.param_types

    def copy_params_from(self, other: Executable) -> bool:
        if not self.same_param_layout(other):
            return False
        for name, value in other.params.items():
            np.copyto(self.params.writable(name), value)
        self.params.touch()
        self.params_set = set(other.params_set)
        return True

    def share_params_from(self, other: Executable) -> bool:
        if not self.same_param_layout(other):
            return False
        self.params = other.params
        self.params_set = other.params_set
        return True

    # ------------------------------------------------------------------ handles
    def bind_handle(self, name: str, value: np.ndarray | None) -> bool:
        """Copy ``value`` into the persistent buffer ``name`` (made on first use); None
        zeroes it (a new buffer's pages are then mapped only as runs write them)."""
        if not self.capabilities_.persistent_handles:
            return False
        if name in self.handles:
            if value is None:
                self.handles[name].fill(0)
            else:
                np.copyto(self.handles[name], value)
        elif value is None:
            t = self.input_types[name]
            self.handles[name] = aligned_zeros(t.shape, t.dtype.np, f"handle {name!r}")
            self.feeds_version += 1
        else:
            self.handles[name] = aligned_copy(value)
            self.feeds_version += 1
        if name.startswith(BOUNDARY_PREFIX):
            self.params.touch()   # prepared values are derived from the params
        return True

    def adopt_handle(self, name: str, buffer: np.ndarray) -> bool:
        """Use ``buffer`` itself (C-contiguous, ``ALIGNMENT``-aligned, of the input's
        type) as the persistent buffer ``name``: its owner writes it in place (a
        prepare stage's outputs). False when the backend has no persistent handles."""
        if not self.capabilities_.persistent_handles:
            return False
        self.handles[name] = buffer
        self.feeds_version += 1
        if name.startswith(BOUNDARY_PREFIX):
            self.params.touch()   # prepared values are derived from the params
        return True

    def read_handle(self, name: str) -> np.ndarray | None:
        h = self.handles.get(name)
        return None if h is None else h.copy()

    def share_handle_from(self, other: Executable, name: str) -> bool:
        """Use ``other``'s persistent buffer ``name`` as this executable's own (one
        storage, no copy). False when either side has no persistent handles or
        ``other`` has not bound ``name``; the caller checks that the types agree."""
        if not (self.capabilities_.persistent_handles
                and other.capabilities_.persistent_handles):
            return False
        buffer = other.handles.get(name)
        if buffer is None:
            return False
        self.handles[name] = buffer
        self.feeds_version += 1
        return True

    # ------------------------------------------------------------------ GPU handles
    # Inputs kept resident in a GPU's own memory, apart from the host buffers above. A
    # backend whose memory the host addresses keeps none: each hook answers
    # "unsupported" (False / None), and ``capabilities().gpu_handles`` is False. The
    # runtime has checked every name and index before a hook is called.
    def bind_gpu_handle(self, name: str, value: np.ndarray) -> bool:
        """Keep input ``name`` resident on the device, starting from ``value`` (the
        input's type); False without GPU handles."""
        return False

    def has_gpu_handle(self, name: str) -> bool:
        """Whether input ``name`` is resident on the device."""
        return False

    def set_gpu_handle_feed(self, handle_name: str, output_index: int) -> bool:
        """After each run, copy output ``output_index`` into GPU handle ``handle_name`` on
        the device; False without GPU handles."""
        return False

    def read_gpu_handle(self, name: str) -> np.ndarray | None:
        """A host copy of GPU handle ``name``; None when it is not resident."""
        return None

    def read_gpu_handle_row(self, name: str, row: int, row_inner: int) -> np.ndarray | None:
        """Elements ``[row * row_inner, (row + 1) * row_inner)`` of GPU handle ``name``,
        copied without the rest of it; None when it is not resident."""
        return None

    def prepare_resident_gpu_handle(self, name: str) -> bool:
        """Make input ``name`` resident on the device with no host copy to stage from;
        False without GPU handles."""
        return False

    def stage_bound_gpu_handles_to_arena(self) -> None:
        """Upload the host copies of bound GPU handles to the device (nothing to do
        without GPU handles)."""

    def run_feed_gpu_handle(self, inputs: Mapping[str, np.ndarray], handle_name: str,
                            output_index: int) -> np.ndarray | None:
        """Run once, copy output ``output_index`` into GPU handle ``handle_name`` and
        return that output; None, without running, without GPU handles."""
        return None

    def set_active_extent(self, extent: tuple[int, int] | None) -> None:
        """Hint: only the first ``actual`` rows matter. Ignored unless supported."""

    def release_scratch(self) -> None:
        """Return idle scratch memory to the OS (no-op unless supported)."""

    def kernel_profile(self) -> list[KernelTime] | None:
        """Per-kernel time since compile or the last reset, when compiled with
        ``CompileOptions(profile=True)`` on a backend that times kernels; else None."""
        return None

    def reset_kernel_profile(self) -> None:
        """Zero the per-kernel times (no-op unless profiling)."""

    # ------------------------------------------------------------------ KV feeds
    def register_kv_row_feed(self, handle: str, output_index: int) -> bool:
        if not self.capabilities_.kv_resident:
            return False
        if handle not in self.handles:
            raise InputError(f"register_kv_row_feed: no persistent handle named {handle!r}; "
                             "bind_handle it first")
        if not 0 <= output_index < len(self.outputs):
            raise InputError(f"register_kv_row_feed: output index {output_index} out of range "
                             f"(graph has {len(self.outputs)} outputs)")
        self.kv_feeds.append((handle, output_index))
        self.feeds_version += 1
        return True

    def _feed_pairs(self, what: str) -> list[tuple[np.ndarray, np.ndarray]]:
        return self._kv_feed_buffers(what)[0]

    def _kv_feed_buffers(self, what: str
                         ) -> tuple[list[tuple[np.ndarray, np.ndarray]], FeedAddresses | None]:
        """The registered (handle, output) pairs as flat buffers and, where the
        executable has a :meth:`row_copier`, their addresses; both kept until a feed is
        registered or a handle or output array is replaced (a decode step feeds 60
        pairs: rebuilding them, or even keying them pair by pair, took longer than the
        copies). The key covers every handle: the pairs hold the fed ones, so their ids
        cannot be reused while kept."""
        if not self.kv_feeds:
            raise InputError(f"{what}: no KV feed registered (register_kv_row_feed first)")
        outputs = self.last_outputs
        key = (len(self.kv_feeds), tuple(map(id, self.handles.values())),
               tuple(map(id, outputs)))
        if self._feed_cache is None or self._feed_cache[0] != key:
            pairs = [(self.handles[h].reshape(-1), outputs[o].reshape(-1))
                     for h, o in self.kv_feeds]
            copy_rows = self.row_copier()
            addresses = None
            if copy_rows is not None and all(
                    dst.dtype == src.dtype and dst.base is not None and src.base is not None
                    and dst.flags.c_contiguous and src.flags.c_contiguous
                    for dst, src in pairs):
                addresses = FeedAddresses(
                    copy_rows, np.array([d.ctypes.data for d, _ in pairs], np.int64),
                    np.array([s.ctypes.data for _, s in pairs], np.int64),
                    np.array([d.itemsize for d, _ in pairs], np.int64),
                    frozenset((d.size, s.size) for d, s in pairs))
            self._feed_cache = (key, pairs, addresses)
        return self._feed_cache[1], self._feed_cache[2]

    def feed_kv_row(self, src_row: int, dst_row: int, row_elems: int) -> bool:
        if not self.capabilities_.kv_resident:
            return False
        for dst, src in self._feed_pairs("feed_kv_row"):
            _copy_rows(dst, dst_row * row_elems, src, src_row * row_elems, row_elems)
        return True

    def feed_kv_batch_major(self, dst_row: int, batch: int, seq_cap: int,
                            row_elems: int) -> bool:
        if not self.capabilities_.kv_resident:
            return False
        pairs, addresses = self._kv_feed_buffers("feed_kv_batch_major")
        caps = [src.size // (batch * row_elems) if batch > 0 and row_elems > 0 else 0
                for _, src in pairs]
        _feed_ragged(pairs, 0, caps, [dst_row] * batch, seq_cap, row_elems, 1, addresses)
        return True

    def feed_kv_batch_major_src(self, src_row: int, src_seq_cap: int, dst_row: int, batch: int,
                                dst_seq_cap: int, row_elems: int) -> bool:
        return self.feed_kv_batch_major_ragged(src_row, src_seq_cap, [dst_row] * batch,
                                               dst_seq_cap, row_elems)

    def feed_kv_batch_major_ragged(self, src_row: int, src_seq_cap: int,
                                   dst_rows: Sequence[int], dst_seq_cap: int,
                                   row_elems: int, rows: int | Sequence[int] = 1) -> bool:
        if not self.capabilities_.kv_resident:
            return False
        pairs, addresses = self._kv_feed_buffers("feed_kv_batch_major_ragged")
        _feed_ragged(pairs, src_row, [src_seq_cap] * len(pairs), dst_rows, dst_seq_cap,
                     row_elems, rows, addresses)
        return True

    def feed_kv_on_run(self, feed: RunFeed | None) -> bool:
        """After every following run, until called with None, the copies of
        :meth:`feed_kv_batch_major_ragged` that ``feed`` describes, with the rows its
        arrays hold at that run. The capacities are checked now (InputError); the rows
        at each run, before any copy (InputError from the run, whose outputs are then
        written but whose rows are not copied). A backend may do the copies inside the
        run itself (cpu: in the program's call, no Python between the kernels and the
        copies); the others do them in :meth:`finish_run`."""
        if not self.capabilities_.kv_resident:
            return False
        if feed is not None:
            pairs, addresses = self._kv_feed_buffers("feed_kv_on_run")
            _check_capacities(pairs, [feed.src_seq_cap] * len(pairs), len(feed.dst_rows),
                              feed.dst_seq_cap, feed.row_elems, addresses)
        self.run_feed = feed
        self.feeds_version += 1
        return True

    def finish_run(self) -> None:
        """The run feed's copies (:meth:`feed_kv_on_run`), after :meth:`execute`; a
        backend that does them inside the run overrides this."""
        feed = self.run_feed
        if feed is not None:
            self.feed_kv_batch_major_ragged(feed.src_row, feed.src_seq_cap,
                                            feed.dst_rows.tolist(), feed.dst_seq_cap,
                                            feed.row_elems, feed.counts.tolist())

    def row_copier(self) -> RowCopier | None:
        """A native copier of KV rows (:class:`RowCopier`) the KV feeds use to move all
        their rows in one call, or None (the default): they copy with numpy, a slice
        per row span."""
        return None

    def feed_kv_paged(self, src_seq_cap: int, block_tables: Any, starts: Sequence[int],
                      counts: Sequence[int], page: int, row_elems: int) -> bool:
        """Append new KV rows to paged caches: for every registered (handle, output)
        pair, rows ``0 .. counts[b]-1`` of sequence b of the output [B, Hkv,
        src_seq_cap, row_elems] go, head by head, to positions ``starts[b] ..
        starts[b]+counts[b]-1`` of sequence b in the handle, a pool [P, Hkv, page,
        row_elems] read through ``block_tables[b]`` (position j: row ``j % page`` of page
        ``block_tables[b, j // page]``), as the paged ``cached_attention`` reads it.
        InputError before any copy when a page id written is outside the pool, a
        position is outside the table, a count is negative or above ``src_seq_cap``, the
        buffers do not hold that layout, or two rows would land on one pool row."""
        if not self.capabilities_.kv_resident:
            return False
        pairs, addresses = self._kv_feed_buffers("feed_kv_paged")
        _feed_paged(pairs, src_seq_cap, block_tables, starts, counts, page, row_elems,
                    addresses)
        return True

    # ------------------------------------------------------------------ training
    def optimizer_step_resident(self, trainable: Sequence[tuple[str, Sequence[int]]],
                                step: OptimizerStep) -> bool:
        """Call ``step(name, shape, param, grad)`` on the executable's own storage; the
        gradient of trainable ``i`` is output ``1 + i``. ``param`` is updated in place."""
        if len(self.outputs) < 1 + len(trainable):
            raise InputError(f"optimizer_step_resident: {len(trainable)} trainables need "
                             f"{1 + len(trainable)} outputs, graph has {len(self.outputs)}")
        for i, (name, shape) in enumerate(trainable):
            target = self.params.writable(name, keep=True) if name in self.params else None
            if target is None:
                target = self.handles.get(name)
            if target is None:
                raise InputError(f"optimizer_step_resident: {name!r} is neither a param nor "
                                 "a bound handle")
            grad = self.last_outputs[1 + i]
            if grad.size != target.size:
                raise InputError(f"optimizer_step_resident: gradient output {1 + i} has "
                                 f"{grad.size} elements, {name!r} has {target.size}")
            step(name, tuple(shape), target.reshape(-1), grad.reshape(-1))
        self.params.touch()
        return True


def _copy_rows(dst: np.ndarray, dst_at: int, src: np.ndarray, src_at: int, n: int) -> None:
    if dst_at < 0 or src_at < 0 or dst_at + n > dst.size or src_at + n > src.size:
        raise InputError(f"KV feed out of bounds: dst[{dst_at}:{dst_at + n}] of {dst.size}, "
                         f"src[{src_at}:{src_at + n}] of {src.size}")
    dst[dst_at:dst_at + n] = src[src_at:src_at + n].astype(dst.dtype, copy=False)


def _check_capacities(pairs: Sequence[tuple[np.ndarray, np.ndarray]], src_caps: Sequence[int],
                      batch: int, dst_cap: int, row_elems: int,
                      addresses: FeedAddresses | None = None) -> None:
    """InputError unless ``batch`` sequences of ``src_caps[i]`` (source i) and
    ``dst_cap`` (every destination) rows of ``row_elems`` elements fit each buffer of
    the (destination, source) ``pairs``."""
    if row_elems <= 0 or dst_cap < 0 or min(src_caps, default=0) < 0:
        raise InputError(f"KV feed: row_elems ({row_elems}) must be positive and the "
                         f"capacities ({list(src_caps)}, {dst_cap}) not negative")
    # each distinct (sizes, capacity) once: a decode step feeds 60 pairs of two sizes
    uniform = len(set(src_caps)) == 1
    if uniform and addresses is not None:
        combos = {(d, s, src_caps[0]) for d, s in addresses.sizes}
    else:
        combos = {(dst.size, src.size, cap) for (dst, src), cap in zip(pairs, src_caps)}
    for dst_size, src_size, src_cap in combos:
        for what, size, cap in (("destination", dst_size, dst_cap), ("source", src_size,
                                                                      src_cap)):
            if batch * cap * row_elems > size:
                raise InputError(f"KV feed: {batch} sequences of {cap} rows of {row_elems} "
                                 f"elements exceed the {what}'s {size} elements")


def _feed_ragged(pairs: Sequence[tuple[np.ndarray, np.ndarray]], src_row: int,
                 src_caps: Sequence[int], dst_rows: Sequence[int], dst_cap: int,
                 row_elems: int, rows: int | Sequence[int],
                 addresses: FeedAddresses | None = None) -> None:
    """``feed_kv_batch_major_ragged`` over the (destination, source) buffer ``pairs``,
    source ``i`` holding sequences of ``src_caps[i]`` rows. Every row read or written
    lies inside its own sequence's capacity (a row past one sequence's ``seq_cap`` is
    not the next sequence's first), and ``len(dst_rows)`` sequences of that many rows
    fit in each buffer: InputError before any copy. With ``addresses`` (the pairs'
    own, :class:`FeedAddresses`) every span moves in one native call (a decode step of
    SmolLM2: 180 spans, 0.25 ms as numpy slices)."""
    batch = len(dst_rows)
    counts = [int(rows)] * batch if np.ndim(rows) == 0 else [int(r) for r in rows]
    if len(counts) != batch:
        raise InputError(f"KV feed: {len(counts)} row counts for {batch} destination rows")
    _check_capacities(pairs, src_caps, batch, dst_cap, row_elems, addresses)
    for src_cap in set(src_caps):
        for dst_row, count in zip(dst_rows, counts):
            if count and (count < 0 or not 0 <= dst_row <= dst_cap - count
                          or not 0 <= src_row <= src_cap - count):
                raise InputError(f"KV feed: {count} rows at {dst_row} (dst cap {dst_cap}) "
                                 f"or {src_row} (src cap {src_cap}) out of range")
    if addresses is not None:
        addresses.copy_ragged(src_row, src_caps, dst_rows, dst_cap, row_elems, counts)
        return
    for (dst, src), src_cap in zip(pairs, src_caps):
        for b, (dst_row, count) in enumerate(zip(dst_rows, counts)):
            if count:
                _copy_rows(dst, (b * dst_cap + dst_row) * row_elems, src,
                           (b * src_cap + src_row) * row_elems, count * row_elems)


@dataclass(frozen=True, eq=False)
class RunFeed:
    """A KV feed every run makes (:meth:`Executable.feed_kv_on_run`): the arguments of
    :meth:`Executable.feed_kv_batch_major_ragged`, the destination rows and row counts
    as int64 arrays (one entry a sequence) that the caller rewrites in place between
    runs. InputError for arrays of another kind."""

    src_row: int
    src_seq_cap: int
    dst_rows: np.ndarray
    dst_seq_cap: int
    row_elems: int
    counts: np.ndarray

    def __post_init__(self) -> None:
        for what, a in (("dst_rows", self.dst_rows), ("counts", self.counts)):
            if not (isinstance(a, np.ndarray) and a.dtype == np.int64 and a.ndim == 1
                    and a.flags.c_contiguous and a.flags.writeable):
                raise InputError(f"feed_kv_on_run: {what} must be a writable, contiguous "
                                 "1-D int64 array (rewritten in place between runs)")
        if len(self.dst_rows) != len(self.counts):
            raise InputError(f"feed_kv_on_run: {len(self.counts)} row counts for "
                             f"{len(self.dst_rows)} destination rows")
        if self.src_row < 0:
            raise InputError(f"feed_kv_on_run: src_row must not be negative, got "
                             f"{self.src_row}")


RowCopier = Callable[[int, int, int, int, int, int, int, int, int, int], None]
"""``copy(pairs, dst, src, itemsize, row_elems, src_caps, src_row, seqs, plan, dst_cap)``,
addresses as ints: for each pair p < ``pairs`` (its flat buffers at addresses
``dst[p]`` and ``src[p]``, int64 arrays at ``dst`` and ``src``; ``itemsize[p]`` bytes an
element) and each sequence b < ``seqs``, ``counts[b]`` rows of ``row_elems`` elements
from row ``b * src_caps[p] + src_row`` of the source to row ``b * dst_cap + dst_rows[b]``
of the destination. ``plan`` is an int64 array holding ``src_caps`` (pairs), then
``dst_rows`` and ``counts`` (seqs each). The caller checks every bound first."""


@dataclass(frozen=True)
class FeedAddresses:
    """The KV feed pairs' buffers as addresses (one element a pair, in int64 arrays kept
    here), the distinct (destination, source) sizes, and the executable's native row
    copier (:meth:`Executable.row_copier`)."""

    copy_rows: RowCopier
    dst: np.ndarray
    src: np.ndarray
    itemsize: np.ndarray
    sizes: frozenset[tuple[int, int]]
    pointers: tuple[int, int, int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pointers", (self.dst.ctypes.data, self.src.ctypes.data,
                                              self.itemsize.ctypes.data))

    def copy_ragged(self, src_row: int, src_caps: Sequence[int], dst_rows: Sequence[int],
                    dst_cap: int, row_elems: int, counts: Sequence[int]) -> None:
        """The copies of :func:`_feed_ragged` (checked there) in one call: sequence b's
        ``counts[b]`` rows of every pair."""
        plan = np.concatenate([np.asarray(a, np.int64) for a in (src_caps, dst_rows, counts)])
        self.copy_rows(len(self.dst), *self.pointers, row_elems, src_row, len(dst_rows),
                       plan.ctypes.data, dst_cap)


def _int_array(value: Any, what: str, ndim: int) -> np.ndarray:
    """``value`` as an int64 array of ``ndim`` axes; InputError if it is not integers."""
    try:
        array = np.asarray(value)
    except ValueError:
        raise InputError(f"feed_kv_paged: {what} must be {ndim}-D integers (a ragged "
                         "list was given)") from None
    if array.size == 0 and array.ndim == ndim:
        array = array.astype(np.int64)
    if array.ndim != ndim or not np.issubdtype(array.dtype, np.integer):
        raise InputError(f"feed_kv_paged: {what} must be {ndim}-D integers, got "
                         f"{array.dtype} of shape {array.shape}")
    return array.astype(np.int64, copy=False)


def _feed_paged(pairs: Sequence[tuple[np.ndarray, np.ndarray]], src_seq_cap: int,
                block_tables: Any, starts: Any, counts: Any, page: int,
                row_elems: int, addresses: FeedAddresses | None = None) -> None:
    """``feed_kv_paged`` over the flat (destination, source) buffer ``pairs``: every
    check first, then the copies. With ``addresses`` (the pairs' own,
    :class:`FeedAddresses`), one kv head count for every pair and each sequence's new
    rows on one pool page (every decode step), every row moves in one native call (a
    decode step of SmolLM2 fed its 60 pairs in 0.5 ms with a numpy gather and scatter
    each); otherwise one gather and one scatter of whole rows per pair."""
    tables = _int_array(block_tables, "block_tables", 2)
    batch, max_pages = tables.shape
    starts, counts = _int_array(starts, "starts", 1), _int_array(counts, "counts", 1)
    if starts.shape != (batch,) or counts.shape != (batch,):
        raise InputError(f"feed_kv_paged: {starts.size} starts and {counts.size} counts for "
                         f"{batch} block tables")
    if page <= 0 or row_elems <= 0 or src_seq_cap < 0:
        raise InputError(f"feed_kv_paged: page ({page}) and row_elems ({row_elems}) must be "
                         f"positive and src_seq_cap ({src_seq_cap}) not negative")
    bad = (counts < 0) | (counts > src_seq_cap) | (starts < 0) \
        | (starts + counts > max_pages * page)
    if bad.any():
        b = int(np.argmax(bad))
        raise InputError(f"feed_kv_paged: sequence {b}: {counts[b]} rows at position "
                         f"{starts[b]} are outside its table of {max_pages * page} positions "
                         f"or its {src_seq_cap} source rows")
    total = int(counts.sum())
    if total == 0:
        return
    seq = np.repeat(np.arange(batch), counts)
    row = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    pos = starts[seq] + row
    ids = tables[seq, pos // page]
    slot = pos % page
    if np.unique(ids * page + slot).size != total:
        raise InputError("feed_kv_paged: two rows would be written to one pool row (the "
                         "block tables share a page where rows are appended)")
    shapes: dict[tuple[int, int], tuple[int, int]] = {}
    for dst, src in pairs:
        if (dst.size, src.size) not in shapes:
            shapes[dst.size, src.size] = _paged_shape(dst.size, src.size, batch, src_seq_cap,
                                                      page, row_elems)
    for pages in sorted({p for _, p in shapes.values()}):
        bad = (ids < 0) | (ids >= pages)
        if bad.any():
            i = int(np.argmax(bad))
            raise InputError(f"feed_kv_paged: block_tables[{seq[i]}, {pos[i] // page}] = "
                             f"{ids[i]} is outside [0, {pages}) (the pool holds {pages} "
                             "pages)")
    head_counts = {h for h, _ in shapes.values()}
    live = counts > 0
    first = starts % page
    if addresses is not None and len(head_counts) == 1 and \
            bool(np.all(first[live] + counts[live] <= page)):
        # segment b * heads + h: the source rows from (b * heads + h) * src_seq_cap, into
        # the page holding the sequence's new rows from its row ``first``
        (heads,) = head_counts
        page_ids = np.zeros(batch, np.int64)
        page_ids[live] = tables[live, starts[live] // page]
        dst_rows = (page_ids[:, None] * heads + np.arange(heads)) * page + first[:, None]
        addresses.copy_ragged(0, np.full(len(pairs), src_seq_cap, np.int64),
                              dst_rows.ravel(), 0, row_elems, np.repeat(counts, heads))
        return
    rows: dict[int, tuple[np.ndarray | None, np.ndarray]] = {}
    for dst, src in pairs:
        heads = shapes[dst.size, src.size][0]
        if heads not in rows:
            h = np.arange(heads)
            src_rows = ((seq[:, None] * heads + h) * src_seq_cap + row[:, None]).ravel()
            if src_rows.size * row_elems == src.size and \
                    (src_rows == np.arange(src_rows.size)).all():
                src_rows = None          # every source row in order
            rows[heads] = (src_rows, ((ids[:, None] * heads + h) * page + slot[:, None]).ravel())
        src_rows, dst_rows = rows[heads]
        source, pool = src.reshape(-1, row_elems), dst.reshape(-1, row_elems)
        new = source if src_rows is None else source[src_rows]
        pool[dst_rows] = new.astype(dst.dtype, copy=False)


def _paged_shape(dst_size: int, src_size: int, batch: int, src_seq_cap: int, page: int,
                 row_elems: int) -> tuple[int, int]:
    """(kv heads, pool pages) of a pair of ``dst_size`` and ``src_size`` elements: the
    source a whole [B, Hkv, src_seq_cap, row_elems], the pool a whole [P, Hkv, page,
    row_elems]; InputError when they are not."""
    per_head = batch * src_seq_cap * row_elems
    heads = src_size // per_head if per_head else 0
    if heads == 0 or heads * per_head != src_size:
        raise InputError(f"feed_kv_paged: a source of {src_size} elements is not "
                         f"[{batch}, Hkv, {src_seq_cap}, {row_elems}]")
    per_page = heads * page * row_elems
    if dst_size % per_page:
        raise InputError(f"feed_kv_paged: a pool of {dst_size} elements is not "
                         f"[P, {heads}, {page}, {row_elems}]")
    return heads, dst_size // per_page
