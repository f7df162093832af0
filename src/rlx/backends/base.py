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
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import numpy as np

from rlx.backends.buffers import (  # noqa: F401  (public names re-exported here)
    ALIGNMENT,
    HUGE_MIN,
    HUGE_PAGE,
    MAPPED_MIN,
    ParamStore,
    _pooled_params,
    aligned_copy,
    aligned_empty,
    aligned_zeros,
    map_file,
    map_zeroed,
    pooled_zeros,
    round_up,
)
from rlx.backends.kv_feeds import (  # noqa: F401  (public names re-exported here)
    FeedAddresses,
    PagedCopier,
    PagedRunFeed,
    RowCopier,
    RunFeed,
    _check_capacities,
    _feed_paged,
    _feed_ragged,
    feed_row,
)
from rlx.errors import InputError
from rlx.ir.rng import RngOptions
from rlx.ir.types import TensorType
from rlx.passes.program import Program
from rlx.passes.split import BOUNDARY_PREFIX


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


MAX_THREADS = 1024
"""The most threads a program may ask for: the OpenMP runtime sizes its team for the
count asked (10**12 threads was an out-of-memory exit of the whole process)."""


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
        self.run_feed: RunFeed | PagedRunFeed | None = None
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
        twin.run_feed = None            # a clone starts without one (feed_kv_on_run)
        twin.feeds_version = self.feeds_version + 1
        twin._feed_cache = None
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
                    frozenset((d.size, s.size) for d, s in pairs), self.paged_copier())
            self._feed_cache = (key, pairs, addresses)
        return self._feed_cache[1], self._feed_cache[2]

    def feed_kv_row(self, src_row: int, dst_row: int, row_elems: int) -> bool:
        if not self.capabilities_.kv_resident:
            return False
        feed_row(self._feed_pairs("feed_kv_row"), src_row, dst_row, row_elems)
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

    def feed_kv_on_run(self, feed: RunFeed | PagedRunFeed | None) -> bool:
        """After every following run, until called with None, the copies of
        :meth:`feed_kv_batch_major_ragged` (a :class:`RunFeed`) or :meth:`feed_kv_paged`
        (a :class:`PagedRunFeed`) that ``feed`` describes, with the rows its arrays hold
        at that run. The capacities or the pools' layout are checked now (InputError);
        the rows at each run, before any copy (InputError from the run, whose outputs
        are then written but whose rows are not copied). A backend may do the copies
        inside the run itself (cpu: in the program's call, no Python between the kernels
        and the copies); the others do them in :meth:`finish_run`."""
        if not self.capabilities_.kv_resident:
            return False
        if isinstance(feed, PagedRunFeed):
            pairs, _ = self._kv_feed_buffers("feed_kv_paged_on_run")
            feed.layout({(dst.size, src.size) for dst, src in pairs})
        elif feed is not None:
            self._check_run_feed(feed, *self._kv_feed_buffers("feed_kv_on_run"))
        self.run_feed = feed
        self.feeds_version += 1
        return True

    @staticmethod
    def _check_run_feed(feed: RunFeed, pairs: Sequence[tuple[np.ndarray, np.ndarray]],
                        addresses: FeedAddresses | None) -> None:
        """InputError unless the run feed's capacities fit every (destination, source)
        pair: when it is set, and again whenever a pair is registered after it (a
        smaller cache added later was written past its end)."""
        _check_capacities(pairs, [feed.src_seq_cap] * len(pairs), len(feed.dst_rows),
                          feed.dst_seq_cap, feed.row_elems, addresses)

    def finish_run(self) -> None:
        """The run feed's copies (:meth:`feed_kv_on_run`), after :meth:`execute`; a
        backend that does them inside the run overrides this."""
        feed = self.run_feed
        if isinstance(feed, PagedRunFeed):
            self.feed_kv_paged(feed.src_seq_cap, feed.tables, feed.starts, feed.counts,
                               feed.page, feed.row_elems)
        elif feed is not None:
            self.feed_kv_batch_major_ragged(feed.src_row, feed.src_seq_cap,
                                            feed.dst_rows.tolist(), feed.dst_seq_cap,
                                            feed.row_elems, feed.counts.tolist())

    def row_copier(self) -> RowCopier | None:
        """A native copier of KV rows (:class:`RowCopier`) the KV feeds use to move all
        their rows in one call, or None (the default): they copy with numpy, a slice
        per row span."""
        return None

    def paged_copier(self) -> PagedCopier | None:
        """A native paged KV feed (:class:`PagedCopier`: checks and copies in one call)
        for :meth:`feed_kv_paged`, or None (the default, and where :meth:`row_copier` is
        None): it checks and copies with numpy."""
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

    def copy_kv_rows_from(self, other: Executable, first: int, end: int, upper: int,
                          row_elems: int, layers: int) -> bool:
        """Positions ``first .. end - 1`` of each handle this executable feeds KV rows to
        (:meth:`register_kv_row_feed`), a buffer [..., upper, row_elems], from
        ``other``'s handle of the same name, for every leading index (each sequence and
        KV head). The handles are a key and a value cache per layer: ``2 * layers`` of
        them. Everything is checked before anything is copied (InputError). False when
        either side keeps no resident KV."""
        if not (self.capabilities_.kv_resident and other.capabilities_.kv_resident):
            return False
        what = "copy_resident_kv_rows_from"
        names = list(dict.fromkeys(h for h, _ in self.kv_feeds))
        if not names:
            raise InputError(f"{what}: this graph feeds no KV handle (register_kv_row_feed "
                             "first)")
        if len(names) != 2 * layers:
            raise InputError(f"{what}: n_layers {layers} means {2 * layers} KV handles (a "
                             f"key and a value cache a layer); this graph feeds {len(names)}: "
                             f"{', '.join(names)}")
        if not 0 <= first <= end <= upper:
            raise InputError(f"{what}: rows [{first}, {end}) must lie in [0, {upper}] "
                             "(the caches' positions)")
        copies = []
        for name in names:
            dst, src = self.handles[name], other.handles.get(name)
            if src is None:
                raise InputError(f"{what}: the source graph has no bound handle {name!r}")
            if dst.shape[-2:] != (upper, row_elems):
                raise InputError(f"{what}: handle {name!r} is {list(dst.shape)}, not [..., "
                                 f"{upper}, {row_elems}] (upper, kv_dim)")
            if src.shape != dst.shape or src.dtype != dst.dtype:
                raise InputError(f"{what}: handle {name!r} is {dst.dtype.name} "
                                 f"{list(dst.shape)} here and {src.dtype.name} "
                                 f"{list(src.shape)} in the source graph")
            if src is not dst:      # a shared handle already holds the rows
                copies.append((dst, src))
        for dst, src in copies:
            dst[..., first:end, :] = src[..., first:end, :]
        return True

    # ------------------------------------------------------------------ training
    def optimizer_step_resident(self, trainable: Sequence[tuple[str, Sequence[int]]],
                                step: OptimizerStep) -> bool:
        """Call ``step(name, shape, param, grad)`` on the executable's own storage; the
        gradient of trainable ``i`` is output ``1 + i``. ``param`` is updated in place.
        Every trainable is checked (a param or bound handle of the shape's size, with a
        gradient of that size) before the first step: InputError, and nothing stepped."""
        if len(self.outputs) < 1 + len(trainable):
            raise InputError(f"optimizer_step_resident: {len(trainable)} trainables need "
                             f"{1 + len(trainable)} outputs, graph has {len(self.outputs)}")
        steps = []
        for i, (name, shape) in enumerate(trainable):
            target = self.params.writable(name, keep=True) if name in self.params else None
            if target is None:
                target = self.handles.get(name)
            if target is None:
                raise InputError(f"optimizer_step_resident: {name!r} is neither a param nor "
                                 "a bound handle")
            grad = self.last_outputs[1 + i]
            if not grad.size == target.size == math.prod(shape):
                raise InputError(f"optimizer_step_resident: gradient output {1 + i} has "
                                 f"{grad.size} elements, {name!r} has {target.size} and its "
                                 f"shape {tuple(shape)} {math.prod(shape)}")
            steps.append((name, tuple(shape), target.reshape(-1), grad.reshape(-1)))
        for args in steps:
            step(*args)
        self.params.touch()
        return True
