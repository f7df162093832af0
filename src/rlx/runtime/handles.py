"""CompiledGraph's persistent buffers: handles bound to inputs, the KV feeds that
append a run's rows to them, the in-place optimizer step, and GPU-resident handles.
Names and indices are checked here before the executable's hook is called.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from rlx.backends.base import OptimizerStep, PagedRunFeed, RunFeed
from rlx.errors import InputError
from rlx.ir.dtypes import exact_int
from rlx.ir.types import TensorType
from rlx.runtime.async_runs import _serialised, both_locked
from rlx.runtime.coerce import coerce

if TYPE_CHECKING:       # the graph these methods are part of
    from rlx.runtime.compiled import CompiledGraph


class HandlesMixin:
    """The handle, KV feed, in-place optimizer step and GPU handle methods of
    :class:`~rlx.runtime.compiled.CompiledGraph`, which provides the executable, the
    input types and the run path they use."""

    # ------------------------------------------------------------------ handles
    @_serialised
    def bind_handle(self, name: str, value: Any = None) -> bool:
        """Make ``value`` the persistent buffer used as input ``name`` on every run
        (copied in; None: zeros, whose memory is committed only as runs write it).
        Returns False when the backend has no persistent handles."""
        t = self._handle_type("bind_handle", name)
        return self._exe.bind_handle(name, None if value is None
                                     else coerce("handle", name, value, t))

    def _input_type(self, what: str, name: str) -> TensorType:
        """The type of input ``name``; InputError starting with ``what`` when there is
        no such input."""
        t = self._inputs.get(name)
        if t is None:
            raise InputError(f"{what}: unknown input {name!r}; inputs are: "
                             f"{', '.join(self._inputs) or '(none)'}")
        return t

    def _handle_type(self, what: str, name: str) -> TensorType:
        """The type of input ``name``, which a handle is to hold: InputError for an
        unknown input or one with symbolic dimensions."""
        t = self._input_type(what, name)
        if t.symbolic:
            raise InputError(f"{what}: input {name!r} has symbolic dimensions ({t}); "
                             "its extent comes with each run's array")
        return t

    def _check_output_index(self, index: int) -> None:
        """InputError unless ``index`` is the index of an output."""
        count = len(self.output_types)
        if isinstance(index, bool) or not isinstance(index, int | np.integer) or \
                not 0 <= index < count:
            raise InputError(f"output index {index} out of range ({count} outputs)")

    @_serialised
    def read_handle(self, name: str) -> np.ndarray | None:
        """A copy of a persistent buffer's contents, or None when not bound."""
        return self._exe.read_handle(name)

    @_serialised
    def share_handle_from(self, other: CompiledGraph, name: str) -> bool:
        """Use ``other``'s persistent buffer ``name`` as this graph's input ``name``: one
        buffer, no copy, so what either graph's KV feeds append the other reads (a KV
        cache shared by prefill and decode graphs). Returns False across devices, on a
        backend without persistent handles, or when ``other`` has not bound ``name``.
        InputError unless ``name`` is an input of both graphs with one type."""
        mine, theirs = self._inputs.get(name), other._inputs.get(name)
        if mine is None or mine != theirs:
            raise InputError(f"share_handle_from: {name!r} must be an input of both graphs "
                             f"with one type (here {mine}, there {theirs})")
        if self.device != other.device:
            return False
        return self._exe.share_handle_from(other._exe, name)

    @_serialised
    def register_kv_row_feed(self, handle_name: str, output_index: int) -> bool:
        return self._exe.register_kv_row_feed(handle_name, output_index)

    @_serialised
    def feed_kv_row(self, src_row: int, dst_row: int, row_elems: int) -> bool:
        """Copy row ``src_row`` of each registered output into row ``dst_row`` of its handle."""
        return self._exe.feed_kv_row(src_row, dst_row, row_elems)

    @_serialised
    def feed_kv_batch_major(self, dst_row: int, batch: int, seq_cap: int,
                            row_elems: int) -> bool:
        """``past[b, dst_row] <- new[b, 0]`` for each registered feed."""
        return self._exe.feed_kv_batch_major(dst_row, batch, seq_cap, row_elems)

    @_serialised
    def feed_kv_batch_major_src(self, src_row: int, src_seq_cap: int, dst_row: int, batch: int,
                                dst_seq_cap: int, row_elems: int) -> bool:
        """``past[b, dst_row] <- out[b, src_row]`` with separate source/destination capacities."""
        return self._exe.feed_kv_batch_major_src(src_row, src_seq_cap, dst_row, batch,
                                                 dst_seq_cap, row_elems)

    @_serialised
    def feed_kv_batch_major_ragged(self, src_row: int, src_seq_cap: int,
                                   dst_rows: Sequence[int], dst_seq_cap: int,
                                   row_elems: int, rows: int | Sequence[int] = 1) -> bool:
        """Like feed_kv_batch_major_src with a destination row per sequence. ``rows``
        consecutive rows (one count for all sequences, or one per sequence; 0 copies
        nothing) go from ``src_row`` on to ``dst_rows[b]`` on: a prefill appends its
        prompt rows in one call."""
        return self._exe.feed_kv_batch_major_ragged(src_row, src_seq_cap, dst_rows,
                                                    dst_seq_cap, row_elems, rows)

    @_serialised
    def feed_kv_on_run(self, src_row: int, src_seq_cap: int, dst_rows: np.ndarray | None,
                       dst_seq_cap: int, row_elems: int,
                       rows: np.ndarray | None = None) -> bool:
        """Make every following run end with the copies of
        :meth:`feed_kv_batch_major_ragged` (``src_row``, ``src_seq_cap``, ``dst_rows``,
        ``dst_seq_cap``, ``row_elems``, ``rows``), reading ``dst_rows`` and ``rows`` —
        int64 arrays of one entry a sequence, which the caller rewrites in place before
        each run — at that run; ``dst_rows`` None stops it. A decode loop then appends
        its new keys and values without a call of its own: on cpu the copies happen in
        the program's own call, after its kernels. The capacities are checked here
        (InputError); the rows at each run, before any copy (InputError from the run:
        its outputs are written, no row is copied). A clone starts without one. False
        when the device keeps no resident KV cache."""
        if dst_rows is None:
            return self._exe.feed_kv_on_run(None)
        if rows is None:
            raise InputError("feed_kv_on_run: rows (the row count of each sequence) is "
                             "needed with dst_rows")
        return self._exe.feed_kv_on_run(RunFeed(int(src_row), int(src_seq_cap), dst_rows,
                                                int(dst_seq_cap), int(row_elems), rows))

    @_serialised
    def feed_kv_paged_on_run(self, src_seq_cap: int, block_tables: np.ndarray,
                             starts: np.ndarray, counts: np.ndarray, page: int,
                             row_elems: int) -> bool:
        """Make every following run end with the copies of :meth:`feed_kv_paged`
        (``src_seq_cap``, ``block_tables``, ``starts``, ``counts``, ``page``,
        ``row_elems``), reading the three arrays — int64, contiguous, which the caller
        rewrites in place before each run — at that run; ``feed_kv_on_run`` with
        ``dst_rows`` None stops it. A paged decode loop then appends its new keys and
        values without a call of its own: on cpu the checks and copies happen in the
        program's own call, after its kernels. The pools' layout is checked here
        (InputError); the rows at each run, before any copy (InputError from the run:
        its outputs are written, no row is copied). A clone starts without one. False
        when the device keeps no resident KV cache."""
        return self._exe.feed_kv_on_run(PagedRunFeed(
            int(src_seq_cap), block_tables, starts, counts, int(page), int(row_elems)))

    @_serialised
    def feed_kv_paged(self, src_seq_cap: int, block_tables: Any, starts: Sequence[int],
                      counts: Sequence[int], page: int, row_elems: int) -> bool:
        """The KV feed of paged caches (``cached_attention`` with a block table). Each
        registered handle is a pool [P, Hkv, page, row_elems] and its output holds the
        step's new rows [B, Hkv, src_seq_cap, row_elems]: rows ``0 .. counts[b]-1`` of
        sequence b go to its positions ``starts[b] ..`` through ``block_tables[b]``
        ([B, max_pages] page ids; position j is row ``j % page`` of page
        ``block_tables[b, j // page]``). Everything is checked before anything is
        copied (InputError: a page id outside the pool, a position outside the table, a
        negative count, two rows on one pool row). False when the device keeps no
        resident KV."""
        return self._exe.feed_kv_paged(src_seq_cap, block_tables, starts, counts, page,
                                       row_elems)

    def copy_resident_kv_rows_from(self, src: CompiledGraph, from_row: int, to_row: int,
                                   outgoing_upper: int, kv_dim: int, n_layers: int) -> bool:
        """Copy positions ``from_row .. to_row - 1`` of every KV cache this graph feeds
        (the handles given to :meth:`register_kv_row_feed`, ``2 * n_layers`` of them: a
        key and a value cache a layer) from ``src``'s bound handles of the same names:
        a prefix computed by one program (a shared system prompt, another batch's
        prefill) seeds another program's caches without running it again. Each cache is
        a buffer [..., outgoing_upper, kv_dim] (rlx's caches are [batch, kv_heads,
        positions, head_dim]: every sequence and KV head takes the rows). Graphs that
        share a handle (:meth:`share_handle_from`) hold the rows already. Returns False
        across devices or where a device keeps no resident KV cache; InputError, with
        nothing copied, for rows outside [0, outgoing_upper], another number of
        handles, or a source handle missing or of another shape or dtype. Both graphs'
        committed runs finish first, and neither runs while the rows are copied."""
        what = "copy_resident_kv_rows_from"
        if not isinstance(src, type(self)):
            raise InputError(f"{what}: src must be a CompiledGraph, got "
                             f"{type(src).__name__}")
        counts = {"from_row": from_row, "to_row": to_row, "outgoing_upper": outgoing_upper,
                  "kv_dim": kv_dim, "n_layers": n_layers}
        for name, value in counts.items():
            if exact_int(value) is None or value < 0:
                raise InputError(f"{what}: {name} must be a non-negative integer, got "
                                 f"{value!r}")
        if self.device != src.device:
            return False
        with both_locked(self, src):
            return self._exe.copy_kv_rows_from(src._exe, int(from_row), int(to_row),
                                               int(outgoing_upper), int(kv_dim),
                                               int(n_layers))

    def seed_resident_kv_prefix_from(self, src: CompiledGraph, prefix_tokens: int,
                                     outgoing_upper: int, kv_dim: int, n_layers: int) -> bool:
        """:meth:`copy_resident_kv_rows_from` of the first ``prefix_tokens`` positions."""
        return self.copy_resident_kv_rows_from(src, 0, prefix_tokens, outgoing_upper, kv_dim,
                                               n_layers)

    @_serialised
    def optimizer_step_resident(self, trainable: Sequence[tuple[str, Sequence[int]]],
                                step: OptimizerStep) -> bool:
        """In-place optimizer step on the executable's own param storage; the gradient of
        ``trainable[i]`` is output ``1 + i`` of the last run."""
        if self._staging is not None:
            return False
        return self._exe.optimizer_step_resident(trainable, step)

    # ------------------------------------------------------------------ GPU handles
    # Inputs resident in a GPU's memory (the spec's *_gpu_handle family). Names and
    # indices are checked here on every device; a device without GPU handles
    # (``capabilities().gpu_handles`` False, e.g. reference and cpu) then answers
    # False / None and changes nothing, as the spec's devices without them do.
    @_serialised
    def bind_gpu_handle(self, name: str, value: Any) -> bool:
        """Keep input ``name`` resident on the device, starting from ``value`` (converted
        as for ``bind_handle``). False on a device without GPU handles: use
        ``bind_handle``."""
        t = self._handle_type("bind_gpu_handle", name)
        return self._exe.bind_gpu_handle(name, coerce("handle", name, value, t))

    @_serialised
    def has_gpu_handle(self, name: str) -> bool:
        """Whether input ``name`` is resident on the device."""
        self._input_type("has_gpu_handle", name)
        return self._exe.has_gpu_handle(name)

    @_serialised
    def set_gpu_handle_feed(self, handle_name: str, output_index: int) -> bool:
        """After each run, copy output ``output_index`` into GPU handle ``handle_name``
        on the device. False on a device without GPU handles."""
        self._handle_type("set_gpu_handle_feed", handle_name)
        self._check_output_index(output_index)
        return self._exe.set_gpu_handle_feed(handle_name, output_index)

    @_serialised
    def read_gpu_handle(self, name: str) -> np.ndarray | None:
        """A copy of GPU handle ``name``'s contents; None when it is not resident (on a
        device without GPU handles, always)."""
        self._input_type("read_gpu_handle", name)
        return self._exe.read_gpu_handle(name)

    @_serialised
    def read_gpu_handle_row(self, name: str, row: int, row_inner: int) -> np.ndarray | None:
        """Elements ``[row * row_inner, (row + 1) * row_inner)`` of GPU handle ``name``,
        copied without the rest of it; None when it is not resident."""
        t = self._handle_type("read_gpu_handle_row", name)
        if row < 0 or row_inner <= 0 or (row + 1) * row_inner > t.numel:
            raise InputError(f"read_gpu_handle_row: row {row} of {row_inner} elements is "
                             f"outside input {name!r} ({t.numel} elements)")
        return self._exe.read_gpu_handle_row(name, row, row_inner)

    @_serialised
    def prepare_resident_gpu_handle(self, name: str) -> bool:
        """Make input ``name`` resident on the device without staging a host copy.
        False on a device without GPU handles."""
        self._handle_type("prepare_resident_gpu_handle", name)
        return self._exe.prepare_resident_gpu_handle(name)

    @_serialised
    def stage_bound_gpu_handles_to_arena(self) -> bool:
        """Upload the host copies of bound GPU handles to the device. True, as in the
        spec, also where there is nothing to upload."""
        self._exe.stage_bound_gpu_handles_to_arena()
        return True

    def run_feed_gpu_handle(self, inputs: Mapping[str, Any] | None, handle_name: str,
                            output_index: int) -> np.ndarray | None:
        """Run once, copy output ``output_index`` into GPU handle ``handle_name`` and
        return that output. The inputs are checked as for ``run``; None, without
        running, on a device without GPU handles."""
        self._handle_type("run_feed_gpu_handle", handle_name)
        self._check_output_index(output_index)
        feeds = self._feeds(inputs)
        self._wait_async()
        with self._lock:
            return self._exe.run_feed_gpu_handle(feeds, handle_name, output_index)
