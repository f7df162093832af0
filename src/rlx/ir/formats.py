"""Number formats: rounding float values to narrow float formats, optionally block-scaled.

A :class:`FloatFormat` is sign + ``exponent_bits`` + ``mantissa_bits`` with an
exponent ``bias``. Rounding is computed in float64 as if the exponent range were
unbounded above, with subnormals, to nearest with ties to even (``rounding``
"nearest"), or directed: "up" rounds the magnitude up (away from zero), "down" rounds
it down (toward zero). Then:

* IEEE-like formats (``has_inf``: f16, bf16, fp8 e5m2): overflow gives +-inf, inf
  stays inf, nan stays nan;
* "fn" formats with a nan but no inf (fp8 e4m3fn): the all-ones code is nan;
  overflow and inf give nan;
* "fnuz" formats (``fnuz``: fp8 e4m3fnuz, e5m2fnuz) have no -0: their one nan is the
  -0 code (0x80), every other code is a finite number, and a result of 0 is +0
  (-0, and negative values that round to 0); overflow and inf give nan;
* formats with neither (fp6 e2m3 / e3m2, fp4 e2m1): overflow and inf saturate to
  +-max, nan gives 0 (they have no nan encoding);
* exponent-only scale formats (fp8 e8m0fnu: ``mantissa_bits=0``, ``signed=False``,
  ``has_zero=False``): no sign bit, no zero and no subnormals (exponent field 0 is
  ``2**-bias``), the all-ones code is nan; a positive value below the smallest one
  gives the smallest, 0 and negative values give nan, overflow and inf give nan;
* ``saturate=True`` makes overflow and inf give +-max in any format, and so does
  "down" rounding for finite overflow (as IEEE round-toward-zero does).
With "nearest" rounding this is what ``ml_dtypes`` casts do for the formats it has
(with no mantissa bits, ties to even are ties up: 1.5 gives 2, 3 gives 4).

:class:`FormatScaling` scales values before rounding and back after:

* ``none``: round the values as they are;
* ``per_tensor``: one f32 scale ``max(amax / max, 2**-126)`` for the whole array (a
  normal float: for a format of float's range, such as bf16, amax / max would be
  subnormal or 0);
* ``mx``: blocks of ``block`` (32) values along each row share a power-of-two scale
  (E8M0) ``2**(floor(log2(block amax)) - emax)``, ``emax`` the exponent of the
  format's largest normal; elements saturate (OCP MX);
* ``nvfp4``: blocks of 16 share an E4M3 scale ``round_e4m3(block amax / 6 / t)``
  under an f32 tensor scale ``t = amax / (6 * 448)``; elements saturate.
Blocks never cross a row (``row_len``); the last block of a row may be short. A block
with no finite nonzero value has scale 0 and gives 0 for its numbers (nan stays nan).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np

from rlx.errors import GraphBuildError

ROUNDINGS = ("nearest", "up", "down")
"""FloatFormat.rounding: to nearest (ties to even), magnitude up (away from zero),
magnitude down (toward zero)."""


@dataclass(frozen=True)
class FloatFormat:
    """A narrow float format (see the module docstring for its rounding rules).

    ``fnuz``: no -0, the nan is the -0 code (needs ``has_nan``, no inf). ``signed=False``:
    no sign bit. ``has_zero=False``: exponent field 0 is a normal exponent, so there is
    no zero and there are no subnormals. A format without a sign or a zero needs
    ``has_nan``: negative (resp. zero) inputs give nan.
    """

    name: str
    exponent_bits: int
    mantissa_bits: int
    bias: int
    has_inf: bool = False
    has_nan: bool = True
    saturate: bool = False
    fnuz: bool = False
    signed: bool = True
    has_zero: bool = True
    rounding: str = "nearest"

    def __post_init__(self) -> None:
        for field_name in ("exponent_bits", "mantissa_bits", "bias"):
            value = getattr(self, field_name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise GraphBuildError(f"FloatFormat {self.name!r}: {field_name} must be an "
                                      f"int, got {value!r}")
        if not (1 <= self.exponent_bits <= 11 and 0 <= self.mantissa_bits <= 52):
            raise GraphBuildError(f"FloatFormat {self.name!r}: need 1..11 exponent bits and "
                                  f"0..52 mantissa bits, got e{self.exponent_bits}"
                                  f"m{self.mantissa_bits}")
        if self.rounding not in ROUNDINGS:
            raise GraphBuildError(f"FloatFormat {self.name!r}: rounding must be one of "
                                  f"{', '.join(ROUNDINGS)}, got {self.rounding!r}")
        if self.fnuz and (self.has_inf or not self.has_nan or not self.signed):
            raise GraphBuildError(f"FloatFormat {self.name!r}: an fnuz format is signed and "
                                  "has a nan (at the -0 code) and no inf")
        if not (self.signed and self.has_zero) and not self.has_nan:
            raise GraphBuildError(f"FloatFormat {self.name!r}: a format without a sign bit "
                                  "or a zero needs a nan for the values it cannot hold")

    # --------------------------------------------------------------- limits
    @property
    def emin(self) -> int:
        """Exponent of the smallest normal value."""
        return (1 if self.has_zero else 0) - self.bias

    @property
    def emax(self) -> int:
        """Exponent of the largest finite value."""
        top = (1 << self.exponent_bits) - 1
        if self.has_inf or (self._nan_is_all_ones and self.mantissa_bits == 0):
            top -= 1  # the top exponent holds inf / nan codes only
        return top - self.bias

    @property
    def max(self) -> float:
        """Largest finite value."""
        top_mantissa = (1 << self.mantissa_bits) - 1
        if self._nan_is_all_ones and self.mantissa_bits > 0:
            top_mantissa -= 1  # the all-ones pattern at the top exponent is nan
        return (1 + top_mantissa / (1 << self.mantissa_bits)) * 2.0 ** self.emax

    @property
    def smallest_subnormal(self) -> float:
        """Smallest positive value (a subnormal unless the format has no zero)."""
        if not self.has_zero:
            return 2.0 ** self.emin
        return 2.0 ** (self.emin - self.mantissa_bits)

    @property
    def _nan_is_all_ones(self) -> bool:
        """Whether the all-ones code (below the sign) is nan rather than a number."""
        return self.has_nan and not self.has_inf and not self.fnuz

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
        to_integer = {"nearest": np.round, "up": np.ceil, "down": np.floor}[self.rounding]
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            _, exp = np.frexp(a)
            e = np.maximum(exp.astype(np.int64) - 1, self.emin)
            quantum = np.ldexp(1.0, e - self.mantissa_bits)
            q = to_integer(a / quantum) * quantum   # a / quantum is exact
        if not self.has_zero:
            q = np.maximum(q, self.smallest_subnormal)
        q = np.where(a == 0, 0.0, q)
        q = self._overflow(q, a)
        if not self.signed:
            out = q
        elif self.fnuz:
            out = np.where(q == 0, 0.0, np.copysign(q, x))
        else:
            out = np.copysign(q, x)
        outside = np.isnan(x)
        if not self.signed:
            outside |= x < 0
        if not self.has_zero:
            outside |= a == 0
        return np.where(outside, self._nan_result(), out)

    def _overflow(self, q: np.ndarray, a: np.ndarray) -> np.ndarray:
        inf = np.isinf(a)
        over = (q > self.max) | inf
        if self.saturate or not self.has_nan:
            return np.where(over, self.max, q)
        special = np.inf if self.has_inf else np.nan
        if self.rounding == "down":   # finite values round down to max
            return np.where(inf, special, np.where(over, self.max, q))
        return np.where(over, special, q)

    def _nan_result(self) -> float:
        return np.nan if self.has_nan else 0.0


F16 = FloatFormat("f16", 5, 10, 15, has_inf=True)
BF16 = FloatFormat("bf16", 8, 7, 127, has_inf=True)
FP8_E4M3 = FloatFormat("fp8_e4m3fn", 4, 3, 7, has_inf=False, has_nan=True)
FP8_E5M2 = FloatFormat("fp8_e5m2", 5, 2, 15, has_inf=True)
FP6_E2M3 = FloatFormat("fp6_e2m3", 2, 3, 1, has_inf=False, has_nan=False)
FP6_E3M2 = FloatFormat("fp6_e3m2", 3, 2, 3, has_inf=False, has_nan=False)
FP4_E2M1 = FloatFormat("fp4_e2m1", 2, 1, 1, has_inf=False, has_nan=False)
FP8_E4M3FNUZ = FloatFormat("fp8_e4m3fnuz", 4, 3, 8, has_inf=False, has_nan=True, fnuz=True)
FP8_E5M2FNUZ = FloatFormat("fp8_e5m2fnuz", 5, 2, 16, has_inf=False, has_nan=True, fnuz=True)
FP8_E8M0 = FloatFormat("fp8_e8m0fnu", 8, 0, 127, has_inf=False, has_nan=True, signed=False,
                       has_zero=False)
FORMATS = {f.name: f for f in (F16, BF16, FP8_E4M3, FP8_E5M2, FP6_E2M3, FP6_E3M2, FP4_E2M1,
                               FP8_E4M3FNUZ, FP8_E5M2FNUZ, FP8_E8M0)}


def check_format(fmt: Any, scaling: Any, where: str, fmt_optional: bool = False) -> None:
    """GraphBuildError unless ``fmt`` is a FloatFormat (or None, when ``fmt_optional``)
    and ``scaling`` a FormatScaling (or None); names spelled as strings point at
    ``FORMATS`` and the constructors."""
    if not isinstance(fmt, FloatFormat) and not (fmt is None and fmt_optional):
        hint = (f" (rlx.ir.formats.FORMATS[{fmt!r}])" if isinstance(fmt, str) and fmt in FORMATS
                else f"; the built-in ones are rlx.ir.formats.FORMATS: {', '.join(FORMATS)}")
        raise GraphBuildError(f"{where}: a format is a FloatFormat, got {fmt!r}{hint}")
    if scaling is not None and not isinstance(scaling, FormatScaling):
        raise GraphBuildError(f"{where}: scaling is a FormatScaling (FormatScaling(), "
                              f"FormatScaling('per_tensor'), FormatScaling.mx(), "
                              f"FormatScaling.nvfp4()), got {scaling!r}")


@dataclass(frozen=True)
class FormatScaling:
    """How values are scaled around rounding: none, per_tensor, mx or nvfp4."""

    kind: str = "none"
    block: int = 32

    def __post_init__(self) -> None:
        if self.kind not in ("none", "per_tensor", "mx", "nvfp4"):
            raise GraphBuildError(f"FormatScaling kind must be none, per_tensor, mx or nvfp4, "
                                  f"got {self.kind!r}")
        if isinstance(self.block, bool) or not isinstance(self.block, int) or self.block < 1:
            raise GraphBuildError(f"FormatScaling block must be an int >= 1, got "
                                  f"{self.block!r}")

    @staticmethod
    def mx(block: int = 32) -> FormatScaling:
        return FormatScaling("mx", block)

    @staticmethod
    def nvfp4() -> FormatScaling:
        return FormatScaling("nvfp4", 16)


def round_slice_scaled(data: np.ndarray, fmt: FloatFormat, scaling: FormatScaling,
                       row_len: int) -> np.ndarray:
    """The oracle: ``data`` (any shape, row-major rows of ``row_len``) rounded to ``fmt``
    under ``scaling``; returns the rounded values as float64, of the same shape (callers
    cast them to their dtype: an f64 tensor keeps what a format wider than float holds)."""
    x = np.asarray(data, dtype=np.float64)
    if scaling.kind == "none":
        return fmt.round(x)
    if scaling.kind == "per_tensor":
        amax = float(np.max(np.abs(x[np.isfinite(x)]), initial=0.0))
        # at least the smallest normal float: a format of float's range (bf16) would
        # make amax / max subnormal, or 0, and x / scale overflow
        scale = max(np.float32(amax / fmt.max), np.float32(2.0**-126)) if amax > 0 else \
            np.float32(1.0)
        return fmt.round(x / float(scale)) * float(scale)
    if row_len <= 0 or x.size % row_len:
        raise GraphBuildError(f"round_slice_scaled: {x.size} values do not split into rows "
                              f"of {row_len}")
    rows = x.reshape(-1, row_len)
    out = np.empty_like(rows)
    sat = dataclasses.replace(fmt, saturate=True)
    tensor_scale = _nvfp4_tensor_scale(x) if scaling.kind == "nvfp4" else 1.0
    for start in range(0, row_len, scaling.block):
        block = rows[:, start:start + scaling.block]
        if scaling.kind == "mx":
            scale = _mx_scales(block, fmt)
        else:
            scale = _nvfp4_block_scales(block, tensor_scale)
        with np.errstate(divide="ignore", invalid="ignore"):
            # a block without a finite nonzero value has scale 0: its numbers give 0
            # (also in a format without a zero)
            q = np.where(scale > 0, sat.round(block / scale) * scale, 0.0)
        out[:, start:start + scaling.block] = np.where(np.isnan(block), np.nan, q)
    return out.reshape(x.shape)


def stored_as(rounded: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """:func:`round_slice_scaled`'s float64 values in ``dtype``: through float32 unless
    ``dtype`` is f64, as the cpu kernel stores f32, f16 and bf16 results."""
    if np.dtype(dtype) != np.float64:
        rounded = rounded.astype(np.float32)
    return rounded.astype(dtype)


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
