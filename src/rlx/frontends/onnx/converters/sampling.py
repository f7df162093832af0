"""GridSample and Col2Im: sampling at run-time coordinates, built from gathers; and
AffineGrid, the grid an affine map sends a regular one to.

GridSample follows the ONNX specification (PyTorch's grid_sampler): grid values
in [-1, 1] map to input coordinates (``align_corners`` decides whether -1/1 are
pixel centres or edges); nearest rounds half to even; coordinates outside the
input are clamped (``border``) or reflected (``reflection``) first, then every
tap is fetched with the padding mode again (``zeros`` reads 0 outside). Each
combination of per-axis taps is one ``gather`` on the flattened spatial axes,
weighted and summed.
"""

from __future__ import annotations

import itertools

import numpy as np

from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast, sum_all
from rlx.frontends.onnx.converters.index import gather_elements, strides_of
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor

CUBIC_A = -0.75


class _Axis:
    """One spatial axis: its size and the valid coordinate range for reflection."""

    def __init__(self, size: int, align_corners: bool):
        self.size = size
        self.lo = 0.0 if align_corners else -0.5
        self.hi = size - 1.0 if align_corners else size - 0.5


def _const(like: Tensor, value: float) -> Tensor:
    return like.graph.constant(np.asarray(value), like.dtype)


def _reflect(x: Tensor, lo: float, hi: float) -> Tensor:
    """Reflect coordinates into [lo, hi] by the nearest border, repeatedly."""
    span = hi - lo
    if span <= 0:
        return api.where(x == x, _const(x, lo), x)
    t = api.mod(x - lo, _const(x, 2 * span))
    folded = api.where(t > _const(x, span), _const(x, 2 * span) - t, t)
    return folded + lo


def _clamp(x: Tensor, lo: float, hi: float) -> Tensor:
    return api.minimum(api.maximum(x, _const(x, lo)), _const(x, hi))


def _fix_coordinate(x: Tensor, axis: _Axis, padding: str) -> Tensor:
    """Clamp (border) or reflect (reflection) coordinates outside the axis."""
    if padding == "border":
        return _clamp(x, 0.0, axis.size - 1.0)
    if padding == "reflection":
        return _reflect(x, axis.lo, axis.hi)
    return x


def _tap(idx: Tensor, axis: _Axis, padding: str) -> tuple[Tensor, Tensor | None]:
    """A tap's in-range i64 index, and (zeros padding) whether it was in range."""
    if padding == "reflection":
        idx = _reflect(idx, axis.lo, axis.hi)
    valid = None
    if padding == "zeros":
        valid = (idx >= _const(idx, 0.0)) & (idx < _const(idx, float(axis.size)))
    safe = _clamp(idx, 0.0, axis.size - 1.0)
    return cast(safe, DType.I64), valid


def _cubic_weights(t: Tensor) -> list[Tensor]:
    a = CUBIC_A

    def far(u: Tensor) -> Tensor:
        return ((u * a - 5 * a) * u + 8 * a) * u - 4 * a

    def near(u: Tensor) -> Tensor:
        return (u * (a + 2) - (a + 3)) * u * u + 1.0

    return [far(t + 1.0), near(t), near(1.0 - t), far(2.0 - t)]


def _axis_taps(x: Tensor, axis: _Axis, mode: str, padding: str
               ) -> list[tuple[Tensor, Tensor, Tensor | None]]:
    """(index, weight, valid) of each tap along one axis for coordinates ``x``."""
    if mode == "nearest":
        idx, valid = _tap(x, axis, padding)
        return [(idx, _const(x, 1.0), valid)]
    base = api.floor(x)
    t = x - base
    if mode == "linear":
        offsets, weights = [0, 1], [1.0 - t, t]
    else:
        offsets, weights = [-1, 0, 1, 2], _cubic_weights(t)
    taps = []
    for off, w in zip(offsets, weights):
        idx, valid = _tap(base + float(off), axis, padding)
        taps.append((idx, w, valid))
    return taps


def convert_grid_sample(cx: NodeContext) -> Tensor:
    """Sample x [N, C, *S] at the grid [N, *O, len(S)] of normalised coordinates."""
    x, grid = cx.input(0), cx.input(1)
    mode = cx.attr("mode", "linear" if cx.opset >= 20 else "bilinear")
    mode = {"bilinear": "linear", "bicubic": "cubic"}.get(mode, mode)
    padding = cx.attr("padding_mode", "zeros")
    align = bool(cx.attr("align_corners", 0))
    n, c = x.shape[:2]
    spatial = x.shape[2:]
    rank = len(spatial)
    out = grid.shape[1:-1]
    g = cast(grid, grid.dtype.compute)
    per_axis = []
    for a, size in enumerate(spatial):
        axis = _Axis(size, align)
        coord = api.slice(g, [rank - 1 - a], [rank - a], [1], [g.ndim - 1]).squeeze(-1)
        if align:
            coord = (coord + 1.0) * (0.5 * (size - 1))
        else:
            coord = ((coord + 1.0) * size - 1.0) * 0.5
        if mode == "nearest":
            coord = api.round(coord)
        if mode != "cubic" or padding != "border":
            # cubic with border clamps each tap, not the coordinate (the weights keep the
            # coordinate's fraction), as PyTorch and the ONNX reference do
            coord = _fix_coordinate(coord, axis, padding)
        per_axis.append(_axis_taps(coord, axis, mode, padding))
    strides = strides_of(spatial)
    points = int(np.prod(out, dtype=np.int64))
    table = cast(x, x.dtype.compute).reshape((n, c, int(np.prod(spatial, dtype=np.int64))))
    terms = []
    for combo in itertools.product(*per_axis):
        flat = sum_all([idx * cx.const(np.asarray(s, dtype=np.int64))
                        for (idx, _, _), s in zip(combo, strides)])
        weight = combo[0][1]
        for _, w, _ in combo[1:]:
            weight = weight * w
        for _, _, valid in combo:
            if valid is not None:
                weight = api.where(valid, weight, _const(weight, 0.0))
        idx = api.broadcast_to(flat.reshape((n, 1, points)), (n, c, points))
        values = gather_elements(table, idx, 2)
        weight = api.broadcast_to(weight, (n, *out))     # nearest's weight is a scalar 1
        terms.append(values * cast(weight, table.dtype).reshape((n, 1, points)))
    return cast(sum_all(terms).reshape((n, c) + tuple(out)), x.dtype)


def convert_col2im(cx: NodeContext) -> Tensor:
    """Sum sliding blocks [N, C*prod(block), L] back into an image [N, C, *image]."""
    cols = cx.input(0)
    image = [int(v) for v in np.asarray(cx.static(1)).reshape(-1)]
    block = [int(v) for v in np.asarray(cx.static(2)).reshape(-1)]
    rank = len(image)
    dil = list(cx.attr("dilations", [1] * rank))
    raw = list(cx.attr("pads", [0] * (2 * rank)))
    strides = list(cx.attr("strides", [1] * rank))
    padded = [image[i] + raw[i] + raw[i + rank] for i in range(rank)]
    counts = [(padded[i] - dil[i] * (block[i] - 1) - 1) // strides[i] + 1 for i in range(rank)]
    n = cols.shape[0]
    k = int(np.prod(block, dtype=np.int64))
    channels = cols.shape[1] // k
    positions = int(np.prod(counts, dtype=np.int64))
    rows = np.zeros((k, positions), dtype=np.int64)
    grid = np.indices(counts).reshape(rank, -1)
    for j, tap in enumerate(itertools.product(*(range(b) for b in block))):
        coords = [grid[i] * strides[i] + tap[i] * dil[i] for i in range(rank)]
        rows[j] = np.ravel_multi_index(coords, padded)
    updates = cols.reshape((n, channels, k * positions)).transpose((2, 0, 1))
    size = int(np.prod(padded, dtype=np.int64))
    zeros = cx.const(np.zeros((size, n, channels), dtype=cols.dtype.np), cols.dtype)
    summed = cols.graph.apply("scatter_update", [zeros, cx.const(rows.reshape(-1)), updates],
                              reduction="add")
    img = summed.transpose((1, 2, 0)).reshape((n, channels) + tuple(padded))
    starts = [raw[i] for i in range(rank)]
    stops = [raw[i] + image[i] for i in range(rank)]
    return api.slice(img, starts, stops, [1] * rank, list(range(2, 2 + rank)))


def _grid_axis(size: int, align_corners: bool) -> np.ndarray:
    """Normalised coordinates of ``size`` points along an axis: -1 and 1 at the end
    points' centres (align_corners) or edges; one point sits at -1 (aligned) or 0, as
    onnx's reference evaluator places it (the function body in the spec divides by
    size - 1, which is NaN there)."""
    points = np.linspace(-1.0, 1.0, size)
    return points if align_corners else points * (size - 1) / size


def convert_affine_grid(cx: NodeContext) -> Tensor:
    """AffineGrid: grid [N, (D,) H, W, k] = theta [N, k, k + 1] applied to each point
    (x, y, (z), 1) of the regular grid of ``size`` (x along W). Built here rather than
    from the spec's function body, which dropped the batch axis of N = 1 (its Squeeze
    has no axes) and gave NaN for a spatial size of 1 with align_corners."""
    theta = cx.input(0)
    size = [int(v) for v in np.asarray(cx.static(1)).reshape(-1)]
    if len(size) not in (4, 5):
        raise cx.error(f"size must be [N, C, H, W] or [N, C, D, H, W], got {size}")
    spatial = size[2:]
    k = len(spatial)
    if theta.shape != (size[0], k, k + 1):
        raise cx.error(f"theta of shape {theta.shape} does not fit size {size}: expected "
                       f"{(size[0], k, k + 1)}")
    align = bool(cx.attr("align_corners", 0))
    mesh = np.meshgrid(*[_grid_axis(n, align) for n in spatial], indexing="ij")
    points = [m.reshape(-1) for m in reversed(mesh)]            # x (along W) first
    base = np.stack(points + [np.ones_like(points[0])], axis=1)   # [P, k + 1]
    base_t = cx.const(base.astype(theta.dtype.np), theta.dtype)
    grid = api.matmul(base_t, theta.transpose((0, 2, 1)))        # [N, P, k]
    return grid.reshape((size[0], *spatial, k))


CONVERTERS: list[Converter] = [
    Converter("AffineGrid", convert_affine_grid),
    Converter("GridSample", convert_grid_sample),
    Converter("Col2Im", convert_col2im),
]
