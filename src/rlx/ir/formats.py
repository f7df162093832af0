"""Number formats: rounding float values to narrow float formats, optionally block-scaled.

A :class:`FloatFormat` is sign + ``exponent_bits`` + ``mantissa_bits`` with an
exponent ``bias``. Rounding is to nearest, ties to even, with subnormals, computed
in float64 as if the exponent range were unbounded above, then:

* IEEE-like formats (``has_inf``: f16, bf16, fp8 e5m2): overflow gives +-inf, inf
  stays inf, nan stays nan;
* "fn" formats with a nan but no inf (fp8 e4m3fn): overflow and inf give nan;
* formats with neither (fp6 e2m3 / e3m2, fp4 e2m1): overflow and inf saturate to
  +-max, nan gives 0 (they have no nan encoding);
* ``saturate=True`` makes overflow and inf give +-max in any format.
This is what ``ml_dtypes`` casts do for the formats it has.

:class:`FormatScaling` scales values before rounding and back after:

* ``none``: round the values as they are;
* ``per_tensor``: one f32 scale ``amax / max`` for the whole array;
* ``mx``: blocks of ``block`` (32) values along each row share a power-of-two scale
  (E8M0) ``2**(floor(log2(block amax)) - emax)``, ``emax`` the exponent of the
  format's largest normal; elements saturate (OCP MX);
* ``nvfp4``: blocks of 16 share an E4M3 scale ``round_e4m3(block amax / 6 / t)``
  under an f32 tensor scale ``t = amax / (6 * 448)``; elements saturate.
Blocks never cross a row (``row_len``); the last block of a row may be short.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rlx.errors import GraphBuildError


@dataclass(frozen=True)
class FloatFormat:
    """A narrow float format (see the module docstring for its rounding rules)."""

    name: str
    exponent_bits: int
    mantissa_bits: int
    bias: int
    has_inf: bool = False
    has_nan: bool = True
    saturate: bool = False

    def __post_init__(self) -> None:
        if not (1 <= self.exponent_bits <= 11 and 0 <= self.mantissa_bits <= 52):
            raise GraphBuildError(f"FloatFormat {self.name!r}: need 1..11 exponent bits and "
                                  f"0..52 mantissa bits, got e{self.exponent_bits}"
                                  f"m{self.mantissa_bits}")

    # --------------------------------------------------------------- limits
    @property
    def emin(self) -> int:
        """Exponent of the smallest normal value."""
        return 1 - self.bias

    @property
    def emax(self) -> int:
        """Exponent of the largest finite value."""
        top = (1 << self.exponent_bits) - 1
        return (top - 1 if self.has_inf else top) - self.bias

    @property
    def max(self) -> float:
        """Largest finite value."""
        top_mantissa = (1 << self.mantissa_bits) - 1
        if self.has_nan and not self.has_inf:
            top_mantissa -= 1  # the all-ones pattern at the top exponent is nan
        return (1 + top_mantissa / (1 << self.mantissa_bits)) * 2.0 ** self.emax

    @property
    def smallest_subnormal(self) -> float:
        return 2.0 ** (self.emin - self.mantissa_bits)

    @staticmethod
    def custom(exponent_bits: int, mantissa_bits: int, bias: int | None = None,
               ieee: bool = True, saturate: bool = False) -> FloatFormat:
        """A format of your own; ``ieee`` gives it inf and nan encodings, otherwise it
        has neither and saturates."""
        bias = (1 << (exponent_bits - 1)) - 1 if bias is None else bias
        return FloatFormat(f"e{exponent_bits}m{mantissa_bits}", exponent_bits, mantissa_bits,
                           bias, has_inf=ieee, has_nan=ieee, saturate=saturate)

    # --------------------------------------------------------------- rounding
    def round(self, values: np.ndarray) -> np.ndarray:
        """``values`` rounded to this format, as float64."""
        x = np.asarray(values, dtype=np.float64)
        a = np.abs(x)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            _, exp = np.frexp(a)
            e = np.maximum(exp.astype(np.int64) - 1, self.emin)
            quantum = np.ldexp(1.0, e - self.mantissa_bits)
            q = np.round(a / quantum) * quantum
        q = np.where(a == 0, 0.0, q)
        q = self._overflow(q, a)
        out = np.copysign(q, x)
        return np.where(np.isnan(x), self._nan_result(), out)

    def _overflow(self, q: np.ndarray, a: np.ndarray) -> np.ndarray:
        over = (q > self.max) | np.isinf(a)
        if self.saturate or not self.has_nan:
            return np.where(over, self.max, q)
        return np.where(over, np.inf if self.has_inf else np.nan, q)

    def _nan_result(self) -> float:
        return np.nan if self.has_nan else 0.0


F16 = FloatFormat("f16", 5, 10, 15, has_inf=True)
BF16 = FloatFormat("bf16", 8, 7, 127, has_inf=True)
FP8_E4M3 = FloatFormat("fp8_e4m3fn", 4, 3, 7, has_inf=False, has_nan=True)
FP8_E5M2 = FloatFormat("fp8_e5m2", 5, 2, 15, has_inf=True)
FP6_E2M3 = FloatFormat("fp6_e2m3", 2, 3, 1, has_inf=False, has_nan=False)
FP6_E3M2 = FloatFormat("fp6_e3m2", 3, 2, 3, has_inf=False, has_nan=False)
FP4_E2M1 = FloatFormat("fp4_e2m1", 2, 1, 1, has_inf=False, has_nan=False)
FORMATS = {f.name: f for f in (F16, BF16, FP8_E4M3, FP8_E5M2, FP6_E2M3, FP6_E3M2, FP4_E2M1)}


@dataclass(frozen=True)
class FormatScaling:
    """How values are scaled around rounding: none, per_tensor, mx or nvfp4."""

    kind: str = "none"
    block: int = 32

    def __post_init__(self) -> None:
        if self.kind not in ("none", "per_tensor", "mx", "nvfp4"):
            raise GraphBuildError(f"FormatScaling kind must be none, per_tensor, mx or nvfp4, "
                                  f"got {self.kind!r}")
        if self.block < 1:
            raise GraphBuildError("FormatScaling block must be >= 1")

    @staticmethod
    def mx(block: int = 32) -> FormatScaling:
        return FormatScaling("mx", block)

    @staticmethod
    def nvfp4() -> FormatScaling:
        return FormatScaling("nvfp4", 16)


def round_slice_scaled(data: np.ndarray, fmt: FloatFormat, scaling: FormatScaling,
                       row_len: int) -> np.ndarray:
    """The oracle: ``data`` (any shape, row-major rows of ``row_len``) rounded to ``fmt``
    under ``scaling``; returns float32 of the same shape."""
    x = np.asarray(data, dtype=np.float64)
    if scaling.kind == "none":
        return fmt.round(x).astype(np.float32)
    if scaling.kind == "per_tensor":
        amax = float(np.max(np.abs(x[np.isfinite(x)]), initial=0.0))
        scale = np.float32(amax / fmt.max) if amax > 0 else np.float32(1.0)
        return (fmt.round(x / float(scale)) * float(scale)).astype(np.float32)
    if row_len <= 0 or x.size % row_len:
        raise GraphBuildError(f"round_slice_scaled: {x.size} values do not split into rows "
                              f"of {row_len}")
    rows = x.reshape(-1, row_len)
    out = np.empty_like(rows)
    sat = FloatFormat(fmt.name, fmt.exponent_bits, fmt.mantissa_bits, fmt.bias, fmt.has_inf,
                      fmt.has_nan, saturate=True)
    tensor_scale = _nvfp4_tensor_scale(x) if scaling.kind == "nvfp4" else 1.0
    for start in range(0, row_len, scaling.block):
        block = rows[:, start:start + scaling.block]
        if scaling.kind == "mx":
            scale = _mx_scales(block, fmt)
        else:
            scale = _nvfp4_block_scales(block, tensor_scale)
        with np.errstate(divide="ignore", invalid="ignore"):
            q = sat.round(np.where(scale > 0, block / scale, 0.0)) * scale
        out[:, start:start + scaling.block] = np.where(np.isnan(block), np.nan, q)
    return out.reshape(x.shape).astype(np.float32)


def _block_amax(block: np.ndarray) -> np.ndarray:
    finite = np.where(np.isfinite(block), np.abs(block), 0.0)
    return finite.max(axis=1, keepdims=True)


def _mx_scales(block: np.ndarray, fmt: FloatFormat) -> np.ndarray:
    amax = _block_amax(block)
    _, exp = np.frexp(np.where(amax > 0, amax, 1.0))   # floor(log2 amax) = exp - 1, exactly
    shared = (exp.astype(np.int64) - 1) - fmt.emax
    shared = np.clip(shared, -127, 127)
    return np.where(amax > 0, np.ldexp(1.0, shared.astype(np.int64)), 0.0)


def _nvfp4_tensor_scale(x: np.ndarray) -> float:
    amax = float(np.max(np.where(np.isfinite(x), np.abs(x), 0.0), initial=0.0))
    return float(np.float32(amax / (FP4_E2M1.max * FP8_E4M3.max))) if amax > 0 else 1.0


def _nvfp4_block_scales(block: np.ndarray, tensor_scale: float) -> np.ndarray:
    amax = _block_amax(block)
    e4m3 = FloatFormat("e4m3_scale", 4, 3, 7, has_inf=False, has_nan=True, saturate=True)
    block_scale = e4m3.round(amax / FP4_E2M1.max / tensor_scale)
    return block_scale * tensor_scale
