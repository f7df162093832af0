"""Resize and Upsample, lowered axis by axis to import-time interpolation tables.

Resizing is separable, and with static shapes every output position's source
coordinate, taps and weights are known at import time. Each resized axis
therefore becomes:

* nearest: one ``gather`` with a constant index vector (exact for any dtype);
* linear / cubic (optionally antialiased): a ``matmul`` with a constant
  [in, out] weight matrix along that axis, computed in f64 and stored in the
  compute dtype (f32 for f16/bf16 data).

Coordinate transforms, tap selection (the window prefers the pixel left of an
integral coordinate), edge clamping, ``exclude_outside`` renormalisation and
``tf_crop_and_resize`` extrapolation follow the ONNX operator specification.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast, move_axis_last, norm_axis
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor


@dataclass
class ResizeSpec:
    """Everything that decides one Resize, per axis of the input."""

    mode: str
    coordinate_mode: str
    nearest_mode: str
    cubic_a: float
    exclude_outside: bool
    extrapolation: float
    antialias: bool
    scales: list[float]
    sizes: list[int]
    roi: list[tuple[float, float]] | None


# --------------------------------------------------------------------------- coordinates

def source_coordinates(spec: ResizeSpec, axis: int, in_size: int) -> tuple[np.ndarray,
                                                                           np.ndarray | None]:
    """Source coordinate of each output position along ``axis``, and (for
    tf_crop_and_resize) which positions fall outside the input."""
    out_size = spec.sizes[axis]
    scale = spec.scales[axis]
    y = np.arange(out_size, dtype=np.float64)
    out_float = scale * in_size
    mode = spec.coordinate_mode
    outside = None
    if mode == "align_corners":
        x = np.zeros(out_size) if out_float == 1 else y * (in_size - 1) / (out_float - 1)
    elif mode == "asymmetric":
        x = y / scale
    elif mode == "tf_crop_and_resize":
        start, end = spec.roi[axis] if spec.roi is not None else (0.0, 1.0)
        if out_float == 1:
            x = np.full(out_size, (end - start) * (in_size - 1) / 2)
        else:
            x = y * (end - start) * (in_size - 1) / (out_float - 1)
        x = x + start * (in_size - 1)
        outside = (x < 0) | (x > in_size - 1)
    elif mode == "pytorch_half_pixel":
        x = np.full(out_size, -0.5) if out_float == 1 else (y + 0.5) / scale - 0.5
    elif mode == "half_pixel":
        x = (y + 0.5) / scale - 0.5
    elif mode == "half_pixel_symmetric":
        offset = in_size / 2 * (1 - out_size / out_float)
        x = offset + (y + 0.5) / scale - 0.5
    else:
        raise ValueError(f"unknown coordinate_transformation_mode {mode!r}")
    return x, outside


# --------------------------------------------------------------------------- weights

def _cubic(t: np.ndarray, a: float) -> np.ndarray:
    """The cubic convolution kernel with coefficient ``a`` at offsets ``t``."""
    t = np.abs(t)
    near = ((a + 2) * t - (a + 3)) * t * t + 1
    far = ((a * t - 5 * a) * t + 8 * a) * t - 4 * a
    return np.where(t <= 1, near, np.where(t < 2, far, 0.0))


def _linear(t: np.ndarray) -> np.ndarray:
    return np.clip(1 - np.abs(t), 0, 1)


def _kernel(spec: ResizeSpec, scale: float) -> tuple[Callable[[np.ndarray], np.ndarray], int]:
    """The interpolation kernel (offsets -> weights) and its first tap offset."""
    if spec.mode == "linear":
        fn, radius = _linear, 1
    else:
        def fn(t):
            return _cubic(t, spec.cubic_a)
        radius = 2
    if spec.antialias and scale < 1:
        first = int(math.floor(-radius / scale) + 1)
        return (lambda t: fn(t * scale)), first
    return fn, 1 - radius


def weight_matrix(spec: ResizeSpec, axis: int, in_size: int) -> tuple[np.ndarray,
                                                                      np.ndarray | None]:
    """[out, in] interpolation weights along ``axis`` (linear / cubic), and the
    extrapolation mask."""
    x, outside = source_coordinates(spec, axis, in_size)
    base = np.ceil(x).astype(np.int64) - 1  # the tap left of x; x itself when integral
    ratio = x - base
    kernel, first = _kernel(spec, spec.scales[axis])
    offsets = np.arange(first, 1 - first + 1)
    taps = base[:, None] + offsets[None, :]
    coeffs = kernel(offsets[None, :] - ratio[:, None])
    if spec.antialias:
        coeffs = coeffs / coeffs.sum(axis=1, keepdims=True)
    if spec.exclude_outside:
        coeffs = np.where((taps < 0) | (taps >= in_size), 0.0, coeffs)
        total = coeffs.sum(axis=1, keepdims=True)
        coeffs = coeffs / np.where(total == 0, 1.0, total)
    weights = np.zeros((len(x), in_size))
    rows = np.repeat(np.arange(len(x)), taps.shape[1])
    np.add.at(weights, (rows, np.clip(taps, 0, in_size - 1).reshape(-1)), coeffs.reshape(-1))
    return weights, outside


def nearest_indices(spec: ResizeSpec, axis: int, in_size: int) -> tuple[np.ndarray,
                                                                        np.ndarray | None]:
    """Source index of each output position along ``axis`` (nearest mode), clamped."""
    x, outside = source_coordinates(spec, axis, in_size)
    base = np.ceil(x).astype(np.int64) - 1
    ratio = x - base
    integral = ratio == 1
    mode = spec.nearest_mode
    if mode == "round_prefer_floor":
        right = ratio > 0.5
    elif mode == "round_prefer_ceil":
        right = ratio >= 0.5
    elif mode == "floor":
        right = np.zeros_like(integral)
    elif mode == "ceil":
        right = np.ones_like(integral)
    elif mode == "simple":
        # Resize-10 and Upsample, as onnxruntime and the opset-10 conformance tests
        # read them: up when downsampling, down otherwise
        right = np.full_like(integral, spec.scales[axis] < 1)
    else:
        raise ValueError(f"unknown nearest_mode {mode!r}")
    idx = base + (right | integral)
    return np.clip(idx, 0, in_size - 1), outside


# --------------------------------------------------------------------------- building

def _resize_axis(cx: NodeContext, x: Tensor, spec: ResizeSpec, axis: int) -> Tensor:
    in_size = x.shape[axis]
    if spec.mode == "nearest":
        idx, outside = nearest_indices(spec, axis, in_size)
        y = api.gather(x, cx.const(idx.astype(np.int64)), axis)
    else:
        weights, outside = weight_matrix(spec, axis, in_size)
        moved, back = move_axis_last(x, axis)
        table = cx.const(np.ascontiguousarray(weights.T).astype(x.dtype.np), x.dtype)
        y = api.matmul(moved, table).transpose(back)
    if outside is not None and outside.any():
        shape = [1] * x.ndim
        shape[axis] = len(outside)
        mask = cx.const(outside.reshape(shape), DType.BOOL)
        y = api.where(mask, cx.const(np.asarray(spec.extrapolation), y.dtype), y)
    return y


def resize(cx: NodeContext, x: Tensor, spec: ResizeSpec) -> Tensor:
    """``x`` resized per ``spec``, one non-identity axis at a time."""
    work = x if spec.mode == "nearest" else cast(x, x.dtype.compute)
    if spec.mode != "nearest" and not work.dtype.is_float:
        work = cast(work, DType.F32)
    for axis in range(x.ndim):
        identity_roi = spec.roi is None or spec.roi[axis] == (0.0, 1.0)
        if spec.sizes[axis] == x.shape[axis] and spec.scales[axis] == 1 and identity_roi:
            continue
        work = _resize_axis(cx, work, spec, axis)
    return cast(work, x.dtype)


def _sizes_and_scales(cx: NodeContext, x: Tensor, axes: list[int], scales: np.ndarray | None,
                      sizes: np.ndarray | None) -> tuple[list[float], list[int]]:
    rank = x.ndim
    full_scales = [1.0] * rank
    full_sizes = list(x.shape)
    if sizes is not None and sizes.size:
        for a, s in zip(axes, sizes.reshape(-1)):
            full_sizes[a] = int(s)
            full_scales[a] = int(s) / x.shape[a]
        policy = cx.attr("keep_aspect_ratio_policy", "stretch")
        if policy != "stretch":
            chosen = [full_scales[a] for a in axes]
            scale = min(chosen) if policy == "not_larger" else max(chosen)
            for a in axes:
                full_scales[a] = scale
                full_sizes[a] = int(scale * x.shape[a] + 0.5)
        return full_scales, full_sizes
    if scales is None or not scales.size:
        raise cx.error("needs scales or sizes")
    for a, s in zip(axes, scales.reshape(-1)):
        full_scales[a] = float(s)
        full_sizes[a] = int(float(s) * x.shape[a])
    return full_scales, full_sizes


def _roi(axes: list[int], rank: int, raw: np.ndarray | None) -> list[tuple[float, float]] | None:
    if raw is None or not raw.size:
        return None
    raw = raw.reshape(-1).astype(np.float64)
    n = len(axes)
    roi = [(0.0, 1.0)] * rank
    for i, a in enumerate(axes):
        roi[a] = (float(raw[i]), float(raw[i + n]))
    return roi


def convert_resize(cx: NodeContext) -> Tensor:
    """ONNX Resize (opset 10: X, scales; 11+: X, roi, scales, sizes)."""
    x = cx.input(0)
    axes = [norm_axis(cx, a, x.ndim) for a in cx.attr("axes", range(x.ndim))]
    if cx.opset < 11:
        scales, sizes, roi = cx.static(1), None, None
        coordinate_mode, nearest_mode = "asymmetric", "simple"
    else:
        roi = _roi(axes, x.ndim, cx.static_or_none(1))
        scales, sizes = cx.static_or_none(2), cx.static_or_none(3)
        coordinate_mode = cx.attr("coordinate_transformation_mode", "half_pixel")
        nearest_mode = cx.attr("nearest_mode", "round_prefer_floor")
    full_scales, full_sizes = _sizes_and_scales(cx, x, axes, scales, sizes)
    spec = ResizeSpec(
        mode=cx.attr("mode", "nearest"), coordinate_mode=coordinate_mode,
        nearest_mode=nearest_mode, cubic_a=cx.attr("cubic_coeff_a", -0.75),
        exclude_outside=bool(cx.attr("exclude_outside", 0)),
        extrapolation=cx.attr("extrapolation_value", 0.0),
        antialias=bool(cx.attr("antialias", 0)), scales=full_scales, sizes=full_sizes,
        roi=roi)
    if spec.mode not in ("nearest", "linear", "cubic"):
        raise cx.error(f"unknown mode {spec.mode!r}")
    return resize(cx, x, spec)


def convert_upsample(cx: NodeContext) -> Tensor:
    """Deprecated Upsample: asymmetric coordinates, nearest (down; up for a scale below 1,
    as Resize-10) or linear."""
    x = cx.input(0)
    scales = np.asarray(cx.attr("scales")) if cx.opset < 9 else cx.static(1)
    full_scales, full_sizes = _sizes_and_scales(cx, x, list(range(x.ndim)), scales, None)
    mode = cx.attr("mode", "nearest")
    spec = ResizeSpec(mode="linear" if mode in ("linear", "bilinear") else "nearest",
                      coordinate_mode="asymmetric", nearest_mode="simple", cubic_a=-0.75,
                      exclude_outside=False, extrapolation=0.0, antialias=False,
                      scales=full_scales, sizes=full_sizes, roi=None)
    return resize(cx, x, spec)


CONVERTERS: list[Converter] = [
    Converter("Resize", convert_resize),
    Converter("Upsample", convert_upsample),
]
