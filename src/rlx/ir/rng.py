"""Random-number policy shared by every backend.

Random ops draw from Philox-4x32-10 (Salmon et al., 2011) keyed by the 64-bit
``seed``. Element ``i`` of a random node with stream ``s`` uses the counter
``(i, s, run_lo, run_hi)`` where ``run`` is 0 unless ``advance`` is set, in which
case it counts the runs since the options were last set (so dropout-style masks
change every step, reproducibly).

* uniform: ``u = (2 * (w0 >> 9) + 1) * 2**-24`` (exact in f32, never 0 or 1),
  ``low + (high - low) * u`` evaluated in f64, rounded once to the dtype.
* normal: Box-Muller with ``u1`` from ``w0`` and ``u2`` from ``w1``,
  ``mean + std * sqrt(-2 ln u1) * cos(2 pi u2)`` in f64, rounded once.
"""

from __future__ import annotations

from dataclasses import dataclass

from rlx.errors import InputError


@dataclass(frozen=True)
class RngOptions:
    """Seed and policy for in-graph random ops (changeable without recompiling)."""

    seed: int = 0
    advance: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or \
                not 0 <= self.seed < 2**64:
            raise InputError(f"RngOptions.seed must be an int in [0, 2**64), got {self.seed!r}")
        if not isinstance(self.advance, bool):     # a truthy "no" switched it on
            raise InputError(f"RngOptions.advance must be True or False, got "
                             f"{self.advance!r}")
