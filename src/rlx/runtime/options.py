"""Compile options."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rlx.backends.base import MAX_THREADS, BackendOptions
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

    def __setattr__(self, name: str, value: Any) -> None:
        # the constructor assigns through here too: a field set later (opts.precision =
        # ...) is checked as the constructor checks it, not found bad at compile
        check = _CHECKS.get(name)
        if check is None:
            raise GraphBuildError(f"CompileOptions has no field {name!r}; the fields are "
                                  f"{', '.join(_CHECKS)}")
        object.__setattr__(self, name, check(name, value))

    def backend_options(self) -> BackendOptions:
        """The options the backend reads (rlx.backends.base.BackendOptions); the rest
        steer the passes and the runtime."""
        return BackendOptions(rng=self.rng, num_threads=self.num_threads,
                              profile=self.profile, winograd=self.winograd, isa=self.isa,
                              sanitize=self.sanitize)


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool | np.bool_):     # a truthy "no" would switch it on
        raise GraphBuildError(f"CompileOptions.{name} must be True or False, got {value!r}")
    return bool(value)


def _threads(name: str, value: Any) -> int | None:
    if value is None:
        return None
    count = exact_int(value)
    if count is None or not 1 <= count <= MAX_THREADS:
        raise GraphBuildError(f"CompileOptions.{name} must be an int from 1 to {MAX_THREADS} "
                              f"or None, got {value!r}")
    return count


def _rng(name: str, value: Any) -> RngOptions:
    if isinstance(value, int) and not isinstance(value, bool):
        return RngOptions(seed=value)      # an int seed, as set_rng takes
    if not isinstance(value, RngOptions):
        raise GraphBuildError(f"CompileOptions.{name} must be RngOptions or an int seed, got "
                              f"{value!r}")
    return value


def _precision(name: str, value: Any) -> str:
    if not isinstance(value, str) or value not in ("f32", "bf16", "f16"):
        raise GraphBuildError(f"CompileOptions.{name} must be 'f32', 'bf16' or 'f16', got "
                              f"{value!r}")
    return value


def _number_format(name: str, value: Any) -> FloatFormat | None:
    check_format(value, None, "CompileOptions", fmt_optional=True)
    return value


def _format_scaling(name: str, value: Any) -> FormatScaling | None:
    check_format(None, value, "CompileOptions", fmt_optional=True)
    return value


def _names(name: str, value: Any) -> frozenset[str]:
    # a string is an iterable of its letters: "w" in "weight" would exclude "w"
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise GraphBuildError(f"CompileOptions.{name} must be a set of param names, got "
                              f"{value!r}")
    names = frozenset(value)
    if not all(isinstance(n, str) for n in names):
        raise GraphBuildError(f"CompileOptions.{name} must hold param names (str), got "
                              f"{value!r}")
    return names


def _isa(name: str, value: Any) -> str | None:
    # which tiers exist and run here is the cpu device's to say (a DeviceError at compile)
    if value is not None and not isinstance(value, str):
        raise GraphBuildError(f"CompileOptions.{name} must be an ISA tier's name or None, "
                              f"got {value!r}")
    return value


def _sanitizers(name: str, value: Any) -> str | tuple[str, ...] | None:
    # which sanitizers exist is the cpu device's to say (a DeviceError at compile)
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise GraphBuildError(f"CompileOptions.{name} must be None, a comma-separated string or "
                          f"a sequence of sanitizer names, got {value!r}")


_CHECKS = {
    "verbose": _flag,
    "optimize": _flag,
    "split_params": _flag,
    "rng": _rng,
    "num_threads": _threads,
    "precision": _precision,
    "number_format": _number_format,
    "format_scaling": _format_scaling,
    "format_exclude": _names,
    "profile": _flag,
    "winograd": _flag,
    "isa": _isa,
    "sanitize": _sanitizers,
}
"""Each field's check, which returns the value stored (an int seed becomes RngOptions)."""
