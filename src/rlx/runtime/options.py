"""Compile options."""

from __future__ import annotations

from dataclasses import dataclass, field

from rlx.ir.rng import RngOptions


@dataclass
class CompileOptions:
    """How ``Session.compile`` builds an executable.

    verbose:      print each pipeline stage with its time.
    optimize:     run the optimising passes (off: only verify and lower).
    rng:          seed and policy of in-graph random ops; change later with ``set_rng``.
    num_threads:  threads for backends that use them (None: ``RLX_NUM_THREADS`` or the
                  usable cores).
    """

    verbose: bool = False
    optimize: bool = True
    rng: RngOptions = field(default_factory=RngOptions)
    num_threads: int | None = None
