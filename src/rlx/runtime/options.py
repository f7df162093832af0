"""Compile options."""

from __future__ import annotations

from dataclasses import dataclass, field

from rlx.backends.base import BackendOptions
from rlx.errors import GraphBuildError
from rlx.ir.dtypes import exact_int
from rlx.ir.formats import FloatFormat, FormatScaling, check_format
from rlx.ir.rng import RngOptions


@dataclass
class CompileOptions:
    """How ``Session.compile`` builds an executable.

    verbose:      print each pipeline stage with its time.
    optimize:     run the optimising passes (off: verify, decompose, one kernel per node).
    split_params: move param-only work into a prepare stage run once (see
                  rlx.passes.split).
    rng:          seed and policy of in-graph random ops; change later with ``set_rng``.
    num_threads:  threads for backends that use them (None: ``RLX_NUM_THREADS`` or the
                  usable cores).
    precision:    "f32" (default), "bf16" or "f16": compute matrix products, convolutions,
                  attention and elementwise work in the narrow type, keep reductions,
                  norms and softmax in f32 (rlx.passes.precision); the report lists
                  what ran in which precision.
    number_format: round float params to this format as they are uploaded (set_param,
                  set_param_typed), row by row with ``format_scaling``; params named in
                  ``format_exclude`` stay exact. set_param_range refuses rounded params.
    profile:      time every kernel call (cpu: a clock read before and after each, tens
                  of nanoseconds); ``CompiledGraph.kernel_profile()`` lists the totals.
    winograd:     cpu: compute f32 3 x 3 stride-1 convolutions whose weights are params by
                  Winograd's algorithms (2.25 to 4 times fewer multiply-adds; results
                  within about 1e-5 of the outputs' magnitude of a direct sum); False
                  keeps them direct sums.
    isa:          cpu: the ISA tier to compile for ("generic", "avx2", "avx512", "neon";
                  None: ``RLX_CPU_ISA`` or the host's highest). A tier the host cannot
                  run is a DeviceError (see rlx.backends.cpu.isa).
    sanitize:     cpu: build the program with sanitizers, "address" and/or "undefined"
                  (a sequence or a comma-separated string; None: ``RLX_CPU_SANITIZE``,
                  else none); every finding stops the process with a report. A program
                  built with "address" loads only into a Python started with the ASan
                  runtime preloaded (see rlx.backends.cpu.toolchain, scripts/sanitize.py).
    """

    verbose: bool = False
    optimize: bool = True
    split_params: bool = True
    rng: RngOptions = field(default_factory=RngOptions)
    num_threads: int | None = None
    precision: str = "f32"
    number_format: FloatFormat | None = None
    format_scaling: FormatScaling = field(default_factory=FormatScaling)
    format_exclude: frozenset[str] = frozenset()
    profile: bool = False
    winograd: bool = True
    isa: str | None = None
    sanitize: str | tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        threads = self.num_threads
        if threads is not None:
            count = exact_int(threads)
            if count is None or count < 1:
                raise GraphBuildError(f"CompileOptions.num_threads must be an int >= 1 or "
                                      f"None, got {threads!r}")
            self.num_threads = count
        check_format(self.number_format, self.format_scaling, "CompileOptions",
                     fmt_optional=True)
        if isinstance(self.rng, int) and not isinstance(self.rng, bool):
            self.rng = RngOptions(seed=self.rng)      # an int seed, as set_rng takes
        if not isinstance(self.rng, RngOptions):
            raise GraphBuildError(f"CompileOptions.rng must be RngOptions or an int seed, got "
                                  f"{self.rng!r}")
        if self.precision not in ("f32", "bf16", "f16"):
            raise GraphBuildError(f"CompileOptions.precision must be 'f32', 'bf16' or 'f16', "
                                  f"got {self.precision!r}")

    def backend_options(self) -> BackendOptions:
        """The options the backend reads (rlx.backends.base.BackendOptions); the rest
        steer the passes and the runtime."""
        return BackendOptions(rng=self.rng, num_threads=self.num_threads,
                              profile=self.profile, winograd=self.winograd, isa=self.isa,
                              sanitize=self.sanitize)
