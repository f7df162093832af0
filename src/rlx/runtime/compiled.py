"""CompiledGraph: the object users hold to set weights and run a compiled graph.

Every user value is checked and converted here (``rlx.runtime.coerce``) before an
executable sees it. Outputs come back in their declared shapes and dtypes. When the
pipeline split off a param-only *prepare* program, it runs lazily before the first
run, re-runs after any param it reads changes, and its results reach the main
program through persistent handles — or, where the backend cannot bind them, as
extra inputs on every run path.

Threads. A CompiledGraph may be used from several threads at once: each call that
reads or writes its buffers (runs, params, handles, KV feeds, clones) holds the graph's
lock for the native call and the copy of its outputs, so concurrent runs take turns
and each returns its own inputs' results. Checking and converting inputs happens
before the lock is taken. The native call releases the GIL, so *clones* (which share
nothing a run writes) run in parallel. What run_raw and run_slots return are views
of the output buffers, valid until the next run from any thread: from several
threads, use run (fresh arrays) or a clone per thread. Graphs joined by
share_params_from or share_handle_from share that storage: writing it while the
other runs is the caller's race.
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rlx.backends.base import Executable, ExecutableCapabilities, KernelTime
from rlx.errors import InputError, ParamNotSetError, RlxError, UnsupportedOpError
from rlx.ir.dtypes import DType
from rlx.ir.formats import FloatFormat, FormatScaling, round_slice_scaled, stored_as
from rlx.ir.rng import RngOptions
from rlx.ir.types import TensorType
from rlx.runtime.async_runs import AsyncRunsMixin, _AsyncRuns, _serialised, both_locked
from rlx.runtime.coerce import coerce, from_bytes
from rlx.runtime.extents import ExtentFeeds
from rlx.runtime.handles import HandlesMixin
from rlx.runtime.moe import MoeResidencyStats, MoeState


@dataclass(frozen=True)
class UploadRounding:
    """Round the named float params to ``fmt`` on upload; blocks never cross a row."""

    fmt: FloatFormat
    scaling: FormatScaling
    row_len: dict[str, int]

    def apply(self, name: str, value: np.ndarray) -> np.ndarray:
        """``value`` rounded (same dtype), or unchanged when ``name`` is not rounded."""
        row = self.row_len.get(name)
        if row is None:
            return value
        return stored_as(round_slice_scaled(value, self.fmt, self.scaling, row), value.dtype)


@dataclass
class Staging:
    """A param-invariant prepare program attached to a main program."""

    prepare: CompiledGraph
    boundary: list[str]
    prepare_params: frozenset[str]
    main_params: frozenset[str]
    prepared: bool = False
    bound: bool = False
    values: dict[str, np.ndarray] = field(default_factory=dict)
    runs: int = 0
    writes: list[int] = field(default_factory=lambda: [0])
    """Writes to the prepare stage's params, one counter for every graph sharing them
    (``share_params_from``): a write through any of them makes each one's prepared
    values stale."""
    seen: int = 0
    """``writes[0]`` when the prepare stage last ran."""

    def stale(self) -> None:
        """The prepare stage's params changed: run it again before the next run (in
        every graph that shares them)."""
        self.prepared = False
        self.writes[0] += 1

    def due(self) -> bool:
        return not self.prepared or self.seen != self.writes[0]


class CompiledGraph(AsyncRunsMixin, HandlesMixin):
    """A graph compiled for one device, with its weights and persistent buffers.

    Created by :meth:`rlx.Session.compile`. Set every param once, then call
    :meth:`run` as often as needed; runs reuse the same buffers.
    """

    def __init__(self, executable: Executable, inputs: Mapping[str, TensorType],
                 params: Mapping[str, TensorType], staging: Staging | None = None,
                 report: Any = None, rounding: UploadRounding | None = None,
                 extents: ExtentFeeds | None = None, moe: MoeState | None = None):
        self._exe = executable
        # MoE layers: their expert ids are the program's last outputs (rlx.runtime.moe)
        self._moe = moe if moe is not None else MoeState([])
        self._hidden = self._moe.hidden_outputs
        # graphs with symbolic dimensions: pads inputs, feeds extents, cuts outputs
        self._extents = extents
        self._last_extents: dict[str, int] | None = None   # the last run's, when symbolic
        self._lock = threading.RLock()
        self._async: _AsyncRuns | None = None   # the worker of commit_no_wait
        self._rounding = rounding
        self._inputs = dict(inputs)
        self._params = dict(params)
        self._staging = staging
        self._report = report
        self._params_ready = False
        self._readonly: list[np.ndarray] = []
        self._readonly_of: list[np.ndarray] = []   # the arrays self._readonly view
        self._input_specs = {name: (t, t.shape, t.dtype.np) for name, t in self._inputs.items()}

    # ------------------------------------------------------------------ facts
    @property
    def device(self) -> str:
        """The device this graph runs on."""
        return self._exe.device

    @property
    def input_types(self) -> dict[str, TensorType]:
        return dict(self._inputs)

    @property
    def param_types(self) -> dict[str, TensorType]:
        return dict(self._params)

    @property
    def output_types(self) -> list[TensorType]:
        """The outputs' types; with symbolic dimensions (each output is returned at the
        run's extents)."""
        types = self._extents.outputs if self._extents is not None else self._exe.output_types
        return list(types)[:len(types) - self._hidden]

    def capabilities(self) -> ExecutableCapabilities:
        """What this executable really supports (compare ``rlx.advisory_capabilities``)."""
        return self._exe.capabilities()

    def requires_host_execution(self) -> bool:
        """Whether a step of this program runs on the host between device steps, which a
        browser's WebGPU cannot wait for: False on every rlx device. The cpu and
        reference devices are the host; the wgpu device compiles every op of a graph to
        WGSL or refuses the graph when it is compiled (UnsupportedOpError naming the op
        or dtype), so no compiled program leaves a step to the host."""
        return False

    def host_execution_summary(self) -> str | None:
        """One line naming this program's host-executed steps, or None when every step
        runs on its device: None on every rlx device (see :meth:`requires_host_execution`)."""
        return None

    def report(self) -> Any:
        """The compile report: dispatch, fusion groups and memory plan."""
        return self._report

    @_serialised
    def kernel_profile(self, reset: bool = False) -> list[KernelTime]:
        """Each kernel's calls and total seconds over the runs so far (or since the last
        ``reset=True``, which zeroes them after reading), in call order. Needs
        ``CompileOptions(profile=True)`` on a backend that times kernels (cpu);
        UnsupportedOpError otherwise. The prepare stage (param-only work) is not
        included."""
        times = self._exe.kernel_profile()
        if times is None:
            raise UnsupportedOpError(
                f"kernel_profile: this {self.device} executable was not compiled with "
                f"CompileOptions(profile=True)" + ("" if self.device == "cpu" else
                                                   ", or its backend does not time kernels"))
        if reset:
            self._exe.reset_kernel_profile()
        return times

    # ------------------------------------------------------------------ params
    def _param_type(self, name: str) -> TensorType:
        t = self._params.get(name)
        if t is None:
            known = ", ".join(self._params) or "(none)"
            raise InputError(f"unknown param {name!r}; params are: {known}")
        return t

    @_serialised
    def set_param(self, name: str, value: Any) -> None:
        """Set a weight. ``value`` converts by the rules of ``rlx.runtime.coerce``."""
        arr = coerce("param", name, value, self._param_type(name))
        if self._rounding is not None:
            arr = self._rounding.apply(name, arr)
        st = self._staging
        if st is None:
            if name in self._exe.param_types:  # else the optimiser found it unused
                self._exe.write_param(name, arr)
            return
        if name in st.prepare_params:
            st.prepare.set_param(name, arr)
            st.stale()
        if name in st.main_params:
            self._exe.write_param(name, arr)

    @_serialised
    def bind_param(self, name: str, value: Any) -> bool:
        """Set a weight without copying it: the graph reads ``value``'s memory itself
        (for example a read-only view of a memory-mapped file, whose pages then back
        the weight instead of a second copy). ``value`` converts as in ``set_param``;
        when that conversion (or number-format rounding) makes a new array, that array
        is what is read. rlx never writes a bound array and keeps a reference to it; its
        contents must not change while it is bound (derived values such as repacked
        weights are not recomputed): bind or set the param again instead. A later
        ``set_param`` writes into the graph's own storage again, leaving ``value``
        alone. Shared params (``share_params_from``) share the binding; ``clone`` and
        ``copy_params_from`` copy the values. Returns True when read in place, False
        when the value was copied (a misaligned array, a param of the prepare stage,
        or a backend that keeps params in storage of its own)."""
        arr = coerce("param", name, value, self._param_type(name))
        if self._rounding is not None:
            arr = self._rounding.apply(name, arr)
        st = self._staging
        if st is not None and name in st.prepare_params:
            st.prepare.set_param(name, arr)
            st.stale()
        if (st is None or name in st.main_params) and name in self._exe.param_types:
            if arr.flags.aligned and self._exe.bind_param(name, arr):
                return st is None or name not in st.prepare_params
            self._exe.write_param(name, arr)
        return False

    def set_param_typed(self, name: str, data: bytes, dtype: Any) -> None:
        """Set a weight from raw bytes holding ``dtype`` elements (converted by value)."""
        self.set_param(name, from_bytes("param", name, data, dtype, self._param_type(name)))

    @_serialised
    def set_param_range(self, name: str, byte_offset: int, data: bytes) -> bool:
        """Overwrite ``len(data)`` bytes of a param's storage (declared dtype) at
        ``byte_offset``. Returns False when the write was not done: the param is rounded
        to a number format (use set_param), or the optimiser removed it as unused."""
        t = self._param_type(name)
        if isinstance(byte_offset, bool) or not isinstance(byte_offset, int | np.integer):
            raise InputError(f"param {name!r}: byte_offset must be an int, got {byte_offset!r}")
        if self._rounding is not None and name in self._rounding.row_len:
            return False  # a partial write cannot be block-rounded: use set_param
        data = bytes(data)
        size = t.dtype.itemsize
        if byte_offset < 0 or byte_offset + len(data) > t.nbytes:
            raise InputError(f"param {name!r}: byte range [{byte_offset}, "
                             f"{byte_offset + len(data)}) is outside its {t.nbytes} bytes")
        if byte_offset % size or len(data) % size:
            raise InputError(f"param {name!r}: byte range must be aligned to whole {t.dtype} "
                             f"elements ({size} bytes)")
        st = self._staging
        if st is None:
            if name not in self._exe.param_types:
                return False
            return self._exe.write_param_range(name, byte_offset, data)
        done = False
        if name in st.prepare_params:
            done |= st.prepare.set_param_range(name, byte_offset, data)
            st.stale()
        if name in st.main_params:
            done |= self._exe.write_param_range(name, byte_offset, data)
        return done

    @_serialised
    def finalize_params(self) -> None:
        """Run the prepare stage if it is due and warm backend caches."""
        self._ensure_prepared()
        self._exe.finalize_params()

    def _missing_params(self) -> list[str]:
        missing = [n for n in self._exe.param_types if n not in self._exe.params_set]
        if self._staging is not None:
            missing += self._staging.prepare._missing_params()
        return missing

    def _check_params(self) -> None:
        if self._params_ready:
            return
        missing = self._missing_params()
        if missing:
            raise ParamNotSetError(f"params never set: {', '.join(sorted(missing))}; call "
                                   "set_param for each before running")
        self._params_ready = True

    # ------------------------------------------------------------------ staging
    def _ensure_prepared(self) -> None:
        st = self._staging
        if st is None or not st.due():
            return
        st.seen = st.writes[0]
        prepare = st.prepare
        with prepare._lock:
            # the prepare stage's own output buffers become the main program's handles:
            # no copy, and a later prepare run writes the handles in place
            outs = prepare._execute(prepare._feeds({}))
        st.runs += 1
        all_bound = True
        for name, value in zip(st.boundary, outs):
            if not self._exe.adopt_handle(name, value):
                all_bound = False
        st.bound = all_bound
        st.values = {} if all_bound else {n: v.copy() for n, v in zip(st.boundary, outs)}
        st.prepared = True

    @property
    def prepare_runs(self) -> int:
        """How many times the prepare stage has run (0 without a prepare stage)."""
        return 0 if self._staging is None else self._staging.runs

    # ------------------------------------------------------------------ running
    def _feeds(self, inputs: Mapping[str, Any] | None) -> dict[str, np.ndarray]:
        if inputs is None:
            inputs = {}
        if not isinstance(inputs, Mapping):
            raise InputError(f"inputs must be a mapping of name -> array, got "
                             f"{type(inputs).__name__}")
        feeds = {}
        for name, value in inputs.items():
            t = self._inputs.get(name)
            if t is None:
                known = ", ".join(self._inputs) or "(none)"
                raise InputError(f"unknown input {name!r}; inputs are: {known}")
            feeds[name] = self._input_value(name, value)
        for name in self._inputs:
            if (name not in feeds and name not in self._exe.handles
                    and not self._exe.has_gpu_handle(name)):
                raise InputError(f"missing input {name!r} ({self._inputs[name]})")
        return feeds

    def _input_value(self, name: str, value: Any) -> np.ndarray:
        """Input ``name``'s value as the executable takes it: an array that already has
        the declared shape, dtype and C layout as is, anything else through ``coerce``.
        InputError when the input is bound to a persistent handle."""
        if name in self._exe.handles:
            raise InputError(f"input {name!r} is bound to a persistent handle; update it "
                             "with bind_handle instead of feeding it")
        if self._extents is not None and name in self._extents.symbolic:
            return self._extents.accept(name, value)
        t, shape, dtype = self._input_specs[name]
        if (type(value) is np.ndarray and value.shape == shape and value.dtype == dtype
                and value.flags.c_contiguous):
            return value
        return coerce("input", name, value, t)

    def _execute(self, feeds: dict[str, np.ndarray], fresh: bool = False
                 ) -> list[np.ndarray]:
        """The outputs of one run: the executable's buffers (views valid until the
        next run), or with ``fresh`` new arrays the caller owns."""
        self._check_params()
        self._ensure_prepared()
        st = self._staging
        if st is not None and not st.bound:
            feeds.update(st.values)
        ext = self._extents
        if ext is None and fresh:
            outs = self._exe.execute_fresh(feeds)
        elif ext is None:
            outs = self._exe.execute(feeds)
        else:
            extents = ext.extents(feeds)
            self._last_extents = extents
            padded = ext.pad(feeds, extents)
            try:
                raw = self._exe.execute(padded)
            except RlxError:
                ext.clear_padding()
                raise
            outs = ext.cut(raw, extents)
            if fresh:
                outs = [o.copy() for o in outs]
        self._exe.finish_run()
        if not self._hidden:
            return outs
        self._moe.observe(outs[-self._hidden:])
        return outs[:-self._hidden]

    def run(self, inputs: Mapping[str, Any] | None = None) -> list[np.ndarray]:
        """Run once. Returns a fresh array per output, in declared shape and dtype.

        On cpu the kernels write large outputs straight into the arrays returned; until
        the next run those arrays are the graph's last outputs, which
        :meth:`read_output_row`, ``Optimizer.step_compiled`` and :meth:`clone` read:
        edit them in place only once done with those."""
        feeds = self._feeds(inputs)
        self._wait_async()
        with self._lock:
            return self._execute(feeds, fresh=True)

    def run_raw(self, inputs: Mapping[str, Any] | None = None) -> list[np.ndarray]:
        """Run once; returns read-only views of the output buffers, valid until the next
        run (no copy)."""
        feeds = self._feeds(inputs)
        self._wait_async()
        with self._lock:
            return self._readonly_outputs(self._execute(feeds))

    def run_slots(self, arrays: Sequence[Any]) -> list[np.ndarray]:
        """Fastest path: inputs by declaration order (``None`` for a handle-bound input);
        returns read-only views of the output buffers, valid until the next run. Output
        buffers (like params and persistent handles) start on a 64-byte boundary."""
        inputs = self._inputs
        if not isinstance(arrays, Sequence) or isinstance(arrays, str | bytes):
            raise InputError(f"run_slots: expected a list of {len(inputs)} arrays, got "
                             f"{type(arrays).__name__}")
        if len(arrays) != len(inputs):
            raise InputError(f"run_slots: expected {len(inputs)} arrays (inputs "
                             f"{', '.join(inputs) or '(none)'}), got {len(arrays)}")
        feeds = {}
        handles = self._exe.handles
        for name, value in zip(inputs, arrays):
            if value is not None:
                feeds[name] = self._input_value(name, value)
            elif name not in handles:
                raise InputError(f"missing input {name!r} ({inputs[name]})")
        self._wait_async()
        with self._lock:
            return self._readonly_outputs(self._execute(feeds))

    def _readonly_outputs(self, outs: list[np.ndarray]) -> list[np.ndarray]:
        """Read-only views of the executable's output buffers, made again only when
        ``outs`` holds other arrays (the buffers are the same on every run; a symbolic
        graph's cuts change with its extents). The arrays are held, not their ids: a
        view's ``base`` is the buffer that owns the memory, not the cut it was made
        from, so a freed cut's id could return for another cut at other extents."""
        held = self._readonly_of
        if len(held) != len(outs) or not all(map(operator.is_, held, outs)):
            self._readonly = [_readonly(o) for o in outs]
            self._readonly_of = list(outs)
        return list(self._readonly)

    def run_read_outputs(self, inputs: Mapping[str, Any] | None,
                         indices: Sequence[int] | None = None) -> list[np.ndarray]:
        """Run, then copy out only the outputs at ``indices`` (all when None)."""
        count = len(self.output_types)
        for i in indices or ():
            self._check_output_index(i)
        feeds = self._feeds(inputs)
        self._wait_async()
        with self._lock:
            outs = self._execute(feeds)
            return [outs[i].copy() for i in (range(count) if indices is None else indices)]

    @_serialised
    def read_output_row(self, out_idx: int, row: int, row_inner: int) -> np.ndarray:
        """Elements ``[row * row_inner, (row + 1) * row_inner)`` of output ``out_idx``
        from the last run."""
        for what, value in (("out_idx", out_idx), ("row", row), ("row_inner", row_inner)):
            if isinstance(value, bool) or not isinstance(value, int | np.integer):
                raise InputError(f"read_output_row: {what} must be an int, got {value!r}")
        if not self._exe.ran:
            raise InputError("read_output_row: the graph has not run yet")
        self._check_output_index(out_idx)    # the graph's outputs, not hidden ones
        outs = self._exe.last_outputs
        if self._extents is not None and self._last_extents is not None:
            outs = self._extents.cut(outs, self._last_extents)   # the run's extents
        flat = outs[out_idx].reshape(-1)
        lo, hi = row * row_inner, (row + 1) * row_inner
        if row < 0 or row_inner <= 0 or hi > flat.size:
            raise InputError(f"read_output_row: row {row} of {row_inner} elements is outside "
                             f"output {out_idx} ({flat.size} elements)")
        return flat[lo:hi].copy()

    def run_typed(self, inputs: Mapping[str, tuple[bytes, Any]] | Sequence[tuple[str, bytes, Any]]
                  ) -> list[tuple[bytes, DType]]:
        """Run with ``name -> (bytes, dtype)`` inputs, or the spec's list of ``(name,
        bytes, dtype)`` triples; outputs as ``(bytes, declared dtype)``."""
        if not isinstance(inputs, Mapping):
            inputs = _typed_triples(inputs)
        decoded = {}
        for name, pair in inputs.items():
            t = self._inputs.get(name)
            if t is None:
                raise InputError(f"unknown input {name!r}; inputs are: {', '.join(self._inputs)}")
            if t.symbolic:
                raise InputError(f"input {name!r} has symbolic dimensions ({t}): bytes do not "
                                 "say its shape; use run() with an array")
            if not (isinstance(pair, tuple | list) and len(pair) == 2):
                raise InputError(f"run_typed: input {name!r} must be (bytes, dtype), got "
                                 f"{type(pair).__name__}")
            data, dtype = pair
            decoded[name] = from_bytes("input", name, data, dtype, t)
        feeds = self._feeds(decoded)
        self._wait_async()
        with self._lock:
            outs = self._execute(feeds)
            return [(o.tobytes(), t.dtype) for o, t in zip(outs, self.output_types)]

    # ------------------------------------------------------------------ copies
    @_serialised
    def clone(self) -> CompiledGraph:
        """An independent deep copy (params, handles, prepare state, MoE residency
        masks and an armed top-k capture; not what earlier runs recorded)."""
        exe = self._exe.clone()
        if exe is None:
            raise InputError(f"device {self.device!r} does not support clone()")
        ext = self._extents
        twin = CompiledGraph(exe, self._inputs, self._params, None, self._report,
                             self._rounding, None if ext is None else ext.fresh(),
                             self._moe.settings_copy())
        st = self._staging
        if st is not None:
            twin._staging = Staging(st.prepare.clone(), list(st.boundary), st.prepare_params,
                                    st.main_params, st.prepared, st.bound,
                                    {k: v.copy() for k, v in st.values.items()}, st.runs)
        twin._params_ready = self._params_ready
        return twin

    def _same_shape(self, other: CompiledGraph) -> bool:
        # the same number_format too: a param's storage holds values rounded on upload
        return (self.device == other.device and self._params == other._params
                and (self._staging is None) == (other._staging is None)
                and self._rounding == other._rounding)

    def copy_params_from(self, other: CompiledGraph) -> bool:
        """Copy every param value from ``other``; False across devices, layouts or
        upload roundings (``number_format``). Both
        graphs' locks are held: a thread setting ``other``'s params meanwhile gives
        its values before or after, never a mix."""
        _check_graph("copy_params_from", other)
        with both_locked(self, other):
            if not self._same_shape(other) or not self._exe.copy_params_from(other._exe):
                return False
            if self._staging is not None:
                self._staging.prepare.copy_params_from(other._staging.prepare)
                self._staging.stale()
            self._params_ready = False
            return True

    def share_params_from(self, other: CompiledGraph) -> bool:
        """Use ``other``'s param storage (no copy); False across devices, layouts or
        upload roundings (``number_format``).
        Both graphs' locks are held while the storage changes hands."""
        _check_graph("share_params_from", other)
        with both_locked(self, other):
            if not self._same_shape(other) or not self._exe.share_params_from(other._exe):
                return False
            if self._staging is not None:
                self._staging.prepare.share_params_from(other._staging.prepare)
                self._staging.writes = other._staging.writes
                self._staging.prepared = False
            self._params_ready = False
            return True

    # ------------------------------------------------------------------ misc
    @_serialised
    def set_rng(self, rng: RngOptions | int) -> None:
        """Change the seed/policy of in-graph random ops without recompiling."""
        if isinstance(rng, int):
            rng = RngOptions(seed=rng)
        if not isinstance(rng, RngOptions):
            raise InputError(f"set_rng expects RngOptions or an int seed, got {rng!r}")
        self._exe.set_rng(rng)

    def rng(self) -> RngOptions:
        return self._exe.rng_options

    @_serialised
    def set_active_extent(self, extent: tuple[int, int] | None) -> None:
        """Hint that only the first ``actual`` of ``upper`` rows matter (None clears)."""
        if extent is not None:
            if not (isinstance(extent, tuple | list) and len(extent) == 2
                    and all(isinstance(v, int | np.integer) for v in extent)):
                raise InputError(f"set_active_extent: need (actual, upper) ints or None, "
                                 f"got {extent!r}")
            actual, upper = extent
            if not 0 <= actual <= upper:
                raise InputError(f"set_active_extent: need 0 <= actual <= upper, got {extent}")
        self._exe.set_active_extent(extent)

    @_serialised
    def release_scratch(self) -> None:
        """Return idle scratch memory to the OS; the next run works unchanged."""
        self._exe.release_scratch()

    @_serialised
    # ------------------------------------------------------------------ MoE (rlx.runtime.moe)
    def set_moe_resident_experts(self, mask: Sequence[bool]) -> None:
        """One residency mask (E bools) for every MoE layer; results never change."""
        self._moe.set_resident(mask)

    def set_moe_resident_experts_per_layer(self, masks: Sequence[Sequence[bool]]) -> None:
        """One residency mask per MoE layer, in forward order."""
        self._moe.set_resident_per_layer(masks)

    def enable_moe_topk_capture(self, num_experts: int) -> bool:
        """Capture the next run's router top-k; False when the graph has no MoE layer of
        ``num_experts`` experts."""
        return self._moe.enable_capture(num_experts)

    def take_moe_topk_capture(self) -> list[list[int]] | None:
        """Per MoE layer, the captured run's expert ids in token-major order (None when
        nothing was captured)."""
        return self._moe.take_capture()

    def take_moe_residency_stats(self) -> MoeResidencyStats | None:
        """Resident / non-resident selections of the last run, per layer (None when no
        run recorded any since the last take)."""
        return self._moe.take_stats()

    def __repr__(self) -> str:
        return (f"<rlx.CompiledGraph on {self.device}: inputs {list(self._inputs)}, "
                f"params {list(self._params)}, {len(self.output_types)} outputs>")

    # A shallow copy would share the executable (a param set on it changes this graph)
    # and a deep copy or a pickle would copy native handles, locks and threads: refuse
    # all three with the ways that exist.
    def __copy__(self) -> Any:
        raise InputError(f"a CompiledGraph (on {self.device!r}) cannot be copied or pickled: "
                         "use clone() for an independent copy with its own params and "
                         "handles, share_params_from() to run on another's params, or "
                         "compile the graph again (a Graph can be copied and pickled)")

    def __deepcopy__(self, memo: Any) -> Any:
        return self.__copy__()

    def __reduce_ex__(self, protocol: Any) -> Any:
        return self.__copy__()


def _readonly(a: np.ndarray) -> np.ndarray:
    v = a.view()
    v.flags.writeable = False
    return v


def _check_graph(what: str, other: Any) -> None:
    """InputError unless ``other`` is a CompiledGraph (the argument of the methods that
    read another graph)."""
    if not isinstance(other, CompiledGraph):
        raise InputError(f"{what}: other must be a CompiledGraph, got {type(other).__name__}")


def _typed_triples(inputs: Any) -> dict[str, tuple[Any, Any]]:
    """:meth:`CompiledGraph.run_typed`'s list of ``(name, bytes, dtype)`` triples as its
    mapping; InputError for anything else or a name given twice."""
    if isinstance(inputs, str | bytes) or not isinstance(inputs, Sequence):
        raise InputError(f"run_typed: inputs must be a mapping of name -> (bytes, dtype) or "
                         f"a list of (name, bytes, dtype), got {type(inputs).__name__}")
    pairs: dict[str, tuple[Any, Any]] = {}
    for item in inputs:
        if not (isinstance(item, tuple | list) and len(item) == 3 and isinstance(item[0], str)):
            raise InputError(f"run_typed: each input must be (name, bytes, dtype), got "
                             f"{item!r:.80}")
        if item[0] in pairs:
            raise InputError(f"run_typed: input {item[0]!r} is given twice")
        pairs[item[0]] = (item[1], item[2])
    return pairs
