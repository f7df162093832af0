"""Packed low-bit weights: the storage schemes, host-side packing, and the builder.

A packed weight is a matrix ``W`` of shape ``[n, k]`` — out features x in features,
the layout linear layers store — kept as bytes plus scales. The ``dequant_matmul``
op computes ``y = x @ W.T`` (``x [..., k] -> y [..., n]``) from those bytes, or with
``transpose=True`` ``y = x @ W`` (``x [..., n] -> y [..., k]``, the input gradient).

Schemes. Codes are stored row by row. In the 4-bit schemes element ``2j`` of a row is
the low nibble of byte ``j`` and element ``2j + 1`` its high nibble; a row of odd
length ends with a half-used byte (high nibble 0). Blocks run along a row, never
cross one, and the last block of a row may be short (``k`` need not be a multiple
of the block).

==========  ==================  =========  ==========================================
scheme      code (per weight)   block      scale operands
==========  ==================  =========  ==========================================
int8        int8, -127..127     row        ``scale`` f32 [n]
fp8_e4m3    fp8 e4m3fn byte     row        ``scale`` f32 [n]
int4        int4, -7..7         32 (*)     ``scale`` f16 [n, ceil(k / block)]
mxfp4       fp4 e2m1 nibble     32         ``scale`` E8M0 bytes u8 [n, ceil(k / 32)]
nvfp4       fp4 e2m1 nibble     16         ``scale`` E4M3 bytes u8 [n, ceil(k / 16)],
                                           ``tensor_scale`` f32 [1]
==========  ==================  =========  ==========================================

(*) int4 takes any even block up to ``MAX_BLOCK``; the other block sizes are fixed.
The codes are the u8 operand ``q``: ``[n, k]`` bytes for the 8-bit schemes,
``[n, ceil(k / 2)]`` for the 4-bit ones (int8 codes are two's complement bytes).

GGML block schemes (:data:`GGML_SCHEMES`): ``q8_0``, ``q4_0``, ``q4_1``, ``q5_0``,
``q5_1``, ``q4_k``, ``q5_k`` and ``q6_k`` keep a weight exactly as a GGUF file stores
it: the single operand ``q`` is u8 ``[n, k / block * block_bytes]``, each row its
blocks of :data:`rlx.ir.gguf_blocks.BLOCK_FORMATS` with their scales inside (``k``
must be a multiple of the block: 32, or 256 for the ``_k`` formats). Their values are
GGML's (:func:`rlx.ir.gguf_blocks.dequantize_blocks`), bit for bit what the GGUF
reader and the ``gguf`` package give; they are read from files
(:meth:`rlx.frontends.gguf.GGUFFile.raw`), not made by :func:`pack_weight`.

Quantisation (:func:`pack_weight`), per row or block with ``amax`` its largest |w|;
rounding is to nearest, ties to even, and saturates:

* int8: ``s = f32(amax / 127)``, ``code = rint(w / s)``;
* int4: ``s = f16(amax / 7)`` (at most 65504), ``code = rint(w / s)`` clipped to
  [-7, 7];
* fp8_e4m3: ``s = f32(amax / 448)``, ``code = e4m3fn(w / s)``;
* mxfp4: ``s = 2**(floor(log2 amax) - 2)`` clipped to [2**-127, 2**127], stored as the
  E8M0 byte ``log2 s + 127`` (255 would be nan), ``code = e2m1(w / s)``;
* nvfp4: ``t = f32(amax_tensor / (6 * 448))``, ``b = e4m3(amax / 6 / t)``,
  ``code = e2m1(w / (b * t))``.

The quotient ``w / s`` is computed in f32 for int8, int4 and fp8_e4m3 (so fp8 codes
equal ``ml_dtypes`` casts of the f32 quotient) and in f64 for mxfp4 and nvfp4, as
:func:`rlx.ir.formats.round_slice_scaled` does, whose MX and NVFP4 scalings these two
schemes reproduce bit for bit. A block whose ``amax`` is 0 gets codes 0.

Dequantised weights (:func:`unpack_weight`, the oracle every kernel is checked
against) are ``f32(code * s)``; for nvfp4 ``f32(code * b * t)`` rounded once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from rlx.errors import GraphBuildError
from rlx.ir.dtypes import DType
from rlx.ir.formats import FP4_E2M1, FP8_E4M3, FloatFormat
from rlx.ir.gguf_blocks import BLOCK_FORMATS, dequantize_blocks
from rlx.ir.types import TensorType

if TYPE_CHECKING:
    from rlx.ir.graph import Tensor


@dataclass(frozen=True)
class QuantScheme:
    """How one scheme stores a weight: code width, block, and its scale operands."""

    name: str
    codes_per_byte: int         # 0 for GGML blocks (block_bytes says their size)
    default_block: int | None   # None: one scale per output channel (row)
    block_fixed: bool           # the format fixes the block size
    scale_dtype: DType | None   # None: no scale operand (GGML blocks hold their scales)
    tensor_scale: bool          # a trailing f32 [1] operand (nvfp4)
    block_bytes: int | None = None  # GGML block formats: bytes per block of codes + scales


SCHEMES: dict[str, QuantScheme] = {s.name: s for s in (
    QuantScheme("int8", 1, None, True, DType.F32, False),
    QuantScheme("fp8_e4m3", 1, None, True, DType.F32, False),
    QuantScheme("int4", 2, 32, False, DType.F16, False),
    QuantScheme("mxfp4", 2, 32, True, DType.U8, False),
    QuantScheme("nvfp4", 2, 16, True, DType.U8, True),
)}
"""The schemes :func:`pack_weight` quantises float weights to."""

GGML_SCHEMES: dict[str, QuantScheme] = {
    fmt: QuantScheme(fmt, 0, elements, True, None, False, size)
    for fmt, (elements, size) in BLOCK_FORMATS.items()}
"""GGML's block formats as schemes: the weight is the file's bytes (module docstring)."""

ALL_SCHEMES: dict[str, QuantScheme] = SCHEMES | GGML_SCHEMES

INT8_MAX = 127
MAX_BLOCK = 4096
"""The largest int4 block (kernels keep a few blocks of floats on the stack)."""
INT4_MAX = 7
E8M0_BIAS = 127


def _e4m3_values() -> np.ndarray:
    """Decode every fp8 e4m3fn byte: sign, 4 exponent bits (bias 7), 3 mantissa bits;
    exponent 0 is subnormal; 0x7f and 0xff are nan (no infinities). Written out rather
    than read from ml_dtypes so that importing rlx does not import it."""
    byte = np.arange(256, dtype=np.int64)
    exp, man = (byte >> 3) & 15, byte & 7
    mag = np.where(exp == 0, np.ldexp(man / 8.0, -6), np.ldexp(1.0 + man / 8.0, exp - 7))
    mag = np.where((byte & 127) == 127, np.nan, mag)
    return np.where(byte & 128, -mag, mag).astype(np.float32)


E4M3_VALUES = _e4m3_values()
"""The value of each fp8 e4m3fn byte (0x7f and 0xff are nan)."""
E2M1_VALUES = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0,
                        -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0], np.float32)
"""The value of each fp4 e2m1 nibble (bit 3 is the sign)."""
INT4_VALUES = np.array([0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1], np.float32)
"""The value of each two's complement int4 nibble."""
E8M0_VALUES = np.append(np.ldexp(1.0, np.arange(255) - E8M0_BIAS), np.nan).astype(np.float32)
"""The value of each E8M0 scale byte: 2**(e - 127), 255 is nan."""

_E4M3_SAT = FloatFormat("e4m3_sat", 4, 3, 7, has_inf=False, has_nan=True, saturate=True)


@dataclass(frozen=True)
class PackedLayout:
    """The packed operands of one weight: scheme, its ``n x k`` shape and block."""

    scheme: QuantScheme
    n: int
    k: int
    block: int

    @staticmethod
    def of(scheme: str, n: int, k: int, block: int | None = None) -> PackedLayout:
        """The layout of an ``[n, k]`` weight in ``scheme``; GraphBuildError when the scheme
        is unknown, a size is not positive, or the block does not fit the scheme
        (per-channel schemes take none, mxfp4 / nvfp4 / GGML formats only their own, int4
        an even one), or a GGML format's ``k`` is not a multiple of its block. The block
        of a per-channel scheme is ``k``."""
        spec = ALL_SCHEMES.get(scheme) if isinstance(scheme, str) else None
        if spec is None:
            raise GraphBuildError(f"unknown quantisation scheme {scheme!r}; expected one of "
                                  f"{sorted(ALL_SCHEMES)}")
        for what, v in (("n", n), ("k", k)):
            if isinstance(v, bool) or not isinstance(v, int | np.integer) or v < 1:
                raise GraphBuildError(f"{scheme}: {what} must be a positive int, got {v!r}")
        block = _canonical_block(spec, int(k), block)
        if spec.block_bytes is not None and k % block:
            raise GraphBuildError(f"{scheme}: k = {k} is not a whole number of blocks of "
                                  f"{block}")
        return PackedLayout(spec, int(n), int(k), block)

    @property
    def per_channel(self) -> bool:
        return self.scheme.default_block is None

    @property
    def blocks_per_row(self) -> int:
        return -(-self.k // self.block)

    @property
    def ggml(self) -> bool:
        """A GGML block format: one operand, the file's blocks."""
        return self.scheme.block_bytes is not None

    @property
    def row_bytes(self) -> int:
        """Bytes of codes (GGML formats: of whole blocks) per row of W."""
        if self.ggml:
            return self.blocks_per_row * self.scheme.block_bytes
        return -(-self.k // self.scheme.codes_per_byte)

    def operand_types(self) -> list[TensorType]:
        """The types of the packed operands, in order: q, scale[, tensor_scale] (GGML
        formats: q alone)."""
        types = [TensorType((self.n, self.row_bytes), DType.U8)]
        if self.ggml:
            return types
        scale_shape = (self.n,) if self.per_channel else (self.n, self.blocks_per_row)
        types.append(TensorType(scale_shape, self.scheme.scale_dtype))
        if self.scheme.tensor_scale:
            types.append(TensorType((1,), DType.F32))
        return types

    def operand_names(self) -> list[str]:
        """Suffixes naming the packed operands (the keys of :func:`pack_weight`)."""
        if self.ggml:
            return ["q"]
        return ["q", "scale"] + (["tensor_scale"] if self.scheme.tensor_scale else [])

    @property
    def nbytes(self) -> int:
        """Bytes of all packed operands together."""
        return sum(t.nbytes for t in self.operand_types())

    def attrs(self) -> dict[str, object]:
        """The dequant_matmul attributes naming this layout."""
        return {"scheme": self.scheme.name, "n": self.n, "k": self.k, "block": self.block}


def _canonical_block(spec: QuantScheme, k: int, block: int | None) -> int:
    if spec.default_block is None:
        if block not in (None, k):
            raise GraphBuildError(f"{spec.name} has one scale per output channel; it takes "
                                  f"no block (got {block!r})")
        return k
    if block is None:
        return spec.default_block
    if spec.block_fixed and block != spec.default_block:
        raise GraphBuildError(f"{spec.name} uses blocks of {spec.default_block}, got {block!r}")
    if isinstance(block, bool) or not isinstance(block, int | np.integer) or \
            not 2 <= block <= MAX_BLOCK or block % 2:
        raise GraphBuildError(f"{spec.name}: block must be an even int in [2, {MAX_BLOCK}] "
                              f"(blocks start on a byte), got {block!r}")
    return int(block)


# --------------------------------------------------------------------------- packing

def pack_weight(w: np.ndarray, scheme: str, block: int | None = None) -> dict[str, np.ndarray]:
    """Quantise a finite weight ``w`` [out_features, in_features] to ``scheme``.

    Returns the packed operands by name suffix — ``"q"``, ``"scale"`` and, for nvfp4,
    ``"tensor_scale"`` — each in the dtype and shape :class:`PackedLayout` gives, ready
    for ``cg.set_param(f"{name}.{suffix}", array)``. GraphBuildError when ``w`` is not a
    finite 2-D float array or the block does not fit the scheme, and for the GGML
    schemes, which are read from files (:data:`GGML_SCHEMES`)."""
    if not isinstance(scheme, str):
        raise GraphBuildError(f"pack_weight: the scheme is a name ({sorted(ALL_SCHEMES)}), "
                              f"got {scheme!r}")
    if scheme in GGML_SCHEMES:
        raise GraphBuildError(f"pack_weight: {scheme} weights are GGML blocks read from a "
                              "GGUF file (GGUFFile.raw), not quantised here")
    w = _checked_weight(w, scheme)
    layout = PackedLayout.of(scheme, w.shape[0], w.shape[1], block)
    packer = _PACKERS[scheme]
    return packer(w, layout)


def _checked_weight(w: np.ndarray, scheme: str) -> np.ndarray:
    arr = np.asarray(w)
    if arr.ndim != 2 or not (arr.dtype.kind == "f" or arr.dtype.name == "bfloat16"):
        raise GraphBuildError(f"pack_weight({scheme}): need a 2-D float weight [out, in], "
                              f"got {arr.dtype}{list(arr.shape)}")
    if not np.isfinite(arr).all():
        raise GraphBuildError(f"pack_weight({scheme}): the weight has inf or nan values")
    with np.errstate(over="ignore"):
        narrow = arr.astype(np.float32)
    if not np.isfinite(narrow).all():
        raise GraphBuildError(f"pack_weight({scheme}): the weight has values beyond float32's "
                              f"range (largest magnitude {float(np.abs(arr).max()):g}); "
                              "packed weights are made from float32")
    return narrow


def _block_amax(w: np.ndarray, block: int) -> np.ndarray:
    """Largest |w| of each block along the rows: [n, ceil(k / block)] float64."""
    n, k = w.shape
    padded = np.zeros((n, -(-k // block) * block), np.float64)
    padded[:, :k] = np.abs(w)
    return padded.reshape(n, -1, block).max(axis=2)


def _per_element(scales: np.ndarray, layout: PackedLayout) -> np.ndarray:
    """Block scales [n, blocks] (or per-row [n]) spread to one per element, [n, k]."""
    if scales.ndim == 1:
        return np.broadcast_to(scales[:, None], (layout.n, layout.k))
    return np.repeat(scales, layout.block, axis=1)[:, :layout.k]


def _safe_quotient(w: np.ndarray, s: np.ndarray) -> np.ndarray:
    """``w / s`` elementwise in the dtype of the operands, 0 where ``s`` is 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(s > 0, w / np.where(s > 0, s, 1), 0)


def _pack_nibbles(codes: np.ndarray) -> np.ndarray:
    """Codes [n, k] (values 0..15) as bytes [n, ceil(k / 2)], element 2j in the low nibble."""
    n, k = codes.shape
    even = np.zeros((n, k + k % 2), np.uint8)
    even[:, :k] = codes
    return (even[:, 0::2] | (even[:, 1::2] << 4)).astype(np.uint8)


def _unpack_nibbles(q: np.ndarray, k: int) -> np.ndarray:
    """The inverse of :func:`_pack_nibbles`: codes [n, k] (values 0..15)."""
    codes = np.empty((q.shape[0], 2 * q.shape[1]), np.uint8)
    codes[:, 0::2] = q & 15
    codes[:, 1::2] = q >> 4
    return codes[:, :k]


def _pack_int8(w: np.ndarray, layout: PackedLayout) -> dict[str, np.ndarray]:
    scale = (np.abs(w).max(axis=1).astype(np.float64) / INT8_MAX).astype(np.float32)
    codes = np.clip(np.rint(_safe_quotient(w, scale[:, None])), -INT8_MAX, INT8_MAX)
    return {"q": codes.astype(np.int8).view(np.uint8), "scale": scale}


def _pack_int4(w: np.ndarray, layout: PackedLayout) -> dict[str, np.ndarray]:
    largest = float(np.finfo(np.float16).max)
    scale16 = np.minimum(_block_amax(w, layout.block) / INT4_MAX, largest).astype(np.float16)
    scale = _per_element(scale16.astype(np.float32), layout)
    codes = np.clip(np.rint(_safe_quotient(w, scale)), -INT4_MAX, INT4_MAX).astype(np.int8)
    return {"q": _pack_nibbles(codes.view(np.uint8) & 15), "scale": scale16}


def _pack_fp8(w: np.ndarray, layout: PackedLayout) -> dict[str, np.ndarray]:
    scale = (np.abs(w).max(axis=1).astype(np.float64) / FP8_E4M3.max).astype(np.float32)
    import ml_dtypes

    values = _E4M3_SAT.round(_safe_quotient(w, scale[:, None]))
    return {"q": values.astype(ml_dtypes.float8_e4m3fn).view(np.uint8), "scale": scale}


def _encode_e2m1(values: np.ndarray) -> np.ndarray:
    """Exactly representable e2m1 values as nibble codes (u8, 0..15)."""
    import ml_dtypes

    return values.astype(ml_dtypes.float4_e2m1fn).view(np.uint8) & 15


def _pack_mxfp4(w: np.ndarray, layout: PackedLayout) -> dict[str, np.ndarray]:
    amax = _block_amax(w, layout.block)
    _, exp = np.frexp(np.where(amax > 0, amax, 1.0))
    shared = np.clip(exp.astype(np.int64) - 1 - FP4_E2M1.emax, -E8M0_BIAS, E8M0_BIAS)
    shared = np.where(amax > 0, shared, -E8M0_BIAS)
    scale = _per_element(np.ldexp(1.0, shared), layout)
    codes = _encode_e2m1(FP4_E2M1.round(w.astype(np.float64) / scale))
    return {"q": _pack_nibbles(codes), "scale": (shared + E8M0_BIAS).astype(np.uint8)}


def _pack_nvfp4(w: np.ndarray, layout: PackedLayout) -> dict[str, np.ndarray]:
    amax = float(np.abs(w).max())
    t = float(np.float32(amax / (FP4_E2M1.max * FP8_E4M3.max))) if amax > 0 else 1.0
    block_scale = _E4M3_SAT.round(_block_amax(w, layout.block) / FP4_E2M1.max / t)
    scale = _per_element(block_scale * t, layout)
    codes = _encode_e2m1(FP4_E2M1.round(_safe_quotient(w.astype(np.float64), scale)))
    import ml_dtypes

    return {"q": _pack_nibbles(codes),
            "scale": block_scale.astype(ml_dtypes.float8_e4m3fn).view(np.uint8),
            "tensor_scale": np.array([t], np.float32)}


_PACKERS = {"int8": _pack_int8, "int4": _pack_int4, "fp8_e4m3": _pack_fp8,
            "mxfp4": _pack_mxfp4, "nvfp4": _pack_nvfp4}


# --------------------------------------------------------------------------- unpacking

def unpack_weight(packed: Mapping[str, np.ndarray], scheme: str, in_features: int,
                  block: int | None = None) -> np.ndarray:
    """The dequantised weight [out_features, in_features] f32 of ``packed`` (the dict
    :func:`pack_weight` returns); the oracle of ``dequant_matmul``. GraphBuildError when
    an operand is missing or has the wrong shape or dtype."""
    q = packed.get("q")
    if q is None or np.ndim(q) != 2:
        raise GraphBuildError(f"unpack_weight({scheme}): 'q' must be the 2-D u8 codes "
                              "pack_weight returns")
    layout = PackedLayout.of(scheme, np.shape(q)[0], in_features, block)
    arrays = []
    for name, want in zip(layout.operand_names(), layout.operand_types()):
        arr = None if packed.get(name) is None else np.asarray(packed[name])
        if arr is None or arr.shape != want.shape or arr.dtype != want.dtype.np:
            got = "missing" if arr is None else f"{arr.dtype}{list(arr.shape)}"
            raise GraphBuildError(f"unpack_weight({scheme}): {name!r} must be {want}, got {got}")
        arrays.append(arr)
    return dequantize(layout, arrays)


def dequantize(layout: PackedLayout, operands: list[np.ndarray]) -> np.ndarray:
    """W [n, k] f32 from the packed operands (q, scale[, tensor_scale]) of ``layout``,
    already checked against :meth:`PackedLayout.operand_types`."""
    q = operands[0]
    name = layout.scheme.name
    if layout.ggml:
        blocks = np.ascontiguousarray(q).reshape(-1, layout.scheme.block_bytes)
        return dequantize_blocks(blocks, name).reshape(layout.n, layout.k)
    if name == "int8":
        codes = q.view(np.int8).astype(np.float64)
    elif name == "fp8_e4m3":
        codes = E4M3_VALUES[q].astype(np.float64)
    else:
        lut = INT4_VALUES if name == "int4" else E2M1_VALUES
        codes = lut[_unpack_nibbles(q, layout.k)].astype(np.float64)
    return (codes * _per_element(_scale_values(layout, operands), layout)).astype(np.float32)


def _scale_values(layout: PackedLayout, operands: list[np.ndarray]) -> np.ndarray:
    """The scales of ``layout``'s rows or blocks as float64 (nvfp4: times the tensor
    scale, exact in float64)."""
    scale = operands[1]
    name = layout.scheme.name
    if name == "mxfp4":
        return E8M0_VALUES[scale].astype(np.float64)
    if name == "nvfp4":
        return E4M3_VALUES[scale].astype(np.float64) * float(operands[2][0])
    return scale.astype(np.float64)


def packed_nbytes(out_features: int, in_features: int, scheme: str,
                  block: int | None = None) -> int:
    """Bytes of a packed ``[out_features, in_features]`` weight, scales included."""
    return PackedLayout.of(scheme, out_features, in_features, block).nbytes


# --------------------------------------------------------------------------- builder

def quantized_linear(x: Tensor, name: str, in_features: int, out_features: int,
                     scheme: str, block: int | None = None, x_int8: bool = False) -> Tensor:
    """``x @ W.T`` for a packed weight W [out_features, in_features] held in params
    ``f"{name}.q"`` (u8 codes), ``f"{name}.scale"`` and, for nvfp4,
    ``f"{name}.tensor_scale"`` — set them from :func:`pack_weight` (a GGML scheme:
    ``f"{name}.q"`` alone, the file's blocks). ``x`` is f32
    [..., in_features]; the result f32 [..., out_features]. No bias: add one.
    ``x_int8``: see :func:`dequant_matmul`."""
    layout = PackedLayout.of(scheme, out_features, in_features, block)
    operands = [x.graph.param(f"{name}.{suffix}", t.shape, t.dtype)
                for suffix, t in zip(layout.operand_names(), layout.operand_types())]
    return dequant_matmul(x, operands, scheme, out_features, in_features, block,
                          x_int8=x_int8)


def dequant_matmul(x: Tensor, operands: list[Tensor], scheme: str, n: int, k: int,
                   block: int | None = None, transpose: bool = False,
                   x_int8: bool = False) -> Tensor:
    """The ``dequant_matmul`` op on packed ``operands`` (q, scale[, tensor_scale]) of an
    ``[n, k]`` weight: ``x @ W.T`` or, with ``transpose``, ``x @ W``. ``x_int8`` (GGML
    formats, ``x @ W.T``): x rounded to int8 per group of 32 and multiplied in integers,
    as GGML does (:func:`rlx.ir.gguf_blocks.quantize_x_int8`)."""
    layout = PackedLayout.of(scheme, n, k, block)
    return x.graph.apply("dequant_matmul", [x, *operands], **layout.attrs(),
                         transpose=transpose, x_int8=x_int8)


def quantized_embedding(indices: Tensor, name: str, vocab: int, width: int, scheme: str,
                        block: int | None = None) -> Tensor:
    """Rows ``indices`` of a packed table W [vocab, width] held in the params of
    :func:`quantized_linear` (``f"{name}.q"``, ...): f32 [*indices.shape, width],
    decoded from the packed bytes (the table is never dequantised whole)."""
    layout = PackedLayout.of(scheme, vocab, width, block)
    operands = [indices.graph.param(f"{name}.{suffix}", t.shape, t.dtype)
                for suffix, t in zip(layout.operand_names(), layout.operand_types())]
    return dequant_gather(indices, operands, scheme, vocab, width, block)


def dequant_gather(indices: Tensor, operands: list[Tensor], scheme: str, n: int, k: int,
                   block: int | None = None) -> Tensor:
    """The ``dequant_gather`` op: rows ``indices`` of the ``[n, k]`` weight held in the
    packed ``operands`` (q, scale[, tensor_scale], or a GGML format's blocks)."""
    layout = PackedLayout.of(scheme, n, k, block)
    return indices.graph.apply("dequant_gather", [indices, *operands], **layout.attrs())


def dequantize_rows(layout: PackedLayout, operands: list[np.ndarray],
                    rows: np.ndarray) -> np.ndarray:
    """Rows ``rows`` (in [0, n)) of W from the packed operands, f32 [len(rows), k]:
    :func:`dequantize` of those rows alone (the oracle of ``dequant_gather``)."""
    if len(rows) == 0:
        return np.zeros((0, layout.k), np.float32)
    part = PackedLayout(layout.scheme, len(rows), layout.k, layout.block)
    picked = [operands[0][rows]]
    if not layout.ggml:
        picked.append(operands[1][rows])
        picked.extend(operands[2:])
    return dequantize(part, picked)
