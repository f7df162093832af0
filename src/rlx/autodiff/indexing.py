"""Data-movement building blocks of derivatives: the transposes of slice, pad and
tile, zero interleaving, and gathers / scatter-adds along one axis with per-row
indices (numpy's take_along_axis and its transpose).

Everything here is built from existing ops (pad, reshape, slice, flip, sum,
gather, scatter_add), so the derivatives it builds can be differentiated again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rlx.autodiff.common import zeros
from rlx.ir import api
from rlx.ir.graph import Tensor
from rlx.ir.types import Shape, TensorType


def _no_pads(rank: int) -> list[tuple[int, int]]:
    return [(0, 0)] * rank


def pad_axis(t: Tensor, axis: int, before: int, after: int) -> Tensor:
    """``t`` with ``before`` / ``after`` zeros added along ``axis`` (no node if none)."""
    if before == 0 and after == 0:
        return t
    pads = _no_pads(t.ndim)
    pads[axis] = (before, after)
    return api.pad(t, pads)


def slice_axis(t: Tensor, axis: int, start: int, stop: int, step: int = 1) -> Tensor:
    """``t[..., start:stop:step, ...]`` along ``axis`` (no node for the whole axis)."""
    if start == 0 and stop == t.shape[axis] and step == 1:
        return t
    return api.slice(t, [start], [stop], [step], axes=[axis])


def dilate(t: Tensor, axis: int, step: int) -> Tensor:
    """Insert ``step - 1`` zeros between neighbours along ``axis``: length L becomes
    (L - 1) * step + 1, element i moving to i * step."""
    length = t.shape[axis]
    if step == 1 or length == 0:
        return t
    spread = pad_axis(t.unsqueeze(axis + 1), axis + 1, 0, step - 1)
    merged = list(t.shape)
    merged[axis] = length * step
    return slice_axis(spread.reshape(merged), axis, 0, (length - 1) * step + 1)


def unslice(ct: Tensor, source: TensorType, starts: Sequence[int],
            steps: Sequence[int]) -> Tensor:
    """The transpose of slice: ``ct`` (the sliced shape) written back at the positions
    the slice read from a ``source``-shaped tensor, zeros elsewhere."""
    if 0 in ct.shape:
        return zeros(ct.graph, source)
    for axis, (start, step) in enumerate(zip(starts, steps)):
        length = ct.shape[axis]
        if step < 0:
            ct = api.flip(ct, axis)
            start, step = start + step * (length - 1), -step
        ct = dilate(ct, axis, step)
        ct = pad_axis(ct, axis, start, source.shape[axis] - start - ct.shape[axis])
    return ct


def _unpad_axis(ct: Tensor, axis: int, size: int, before: int, after: int,
                mode: str) -> Tensor:
    """The transpose of padding one axis of length ``size``: the interior of ``ct`` plus,
    for reflect / edge, what the padding copied from the interior."""
    inner = slice_axis(ct, axis, before, before + size)
    if mode == "constant":
        return inner
    lead = slice_axis(ct, axis, 0, before)
    tail = slice_axis(ct, axis, before + size, before + size + after)
    if mode == "edge":
        if before:
            inner = inner + pad_axis(lead.sum(axis, keepdims=True), axis, 0, size - 1)
        if after:
            inner = inner + pad_axis(tail.sum(axis, keepdims=True), axis, size - 1, 0)
        return inner
    if before:  # lead[j] copied x[before - j]
        inner = inner + pad_axis(api.flip(lead, axis), axis, 1, size - 1 - before)
    if after:  # tail[j] copied x[size - 2 - j]
        inner = inner + pad_axis(api.flip(tail, axis), axis, size - 1 - after, 1)
    return inner


def unpad(ct: Tensor, source: Shape, pads: Sequence[tuple[int, int]], mode: str) -> Tensor:
    """The transpose of ``pad(x, pads, mode)`` for x of shape ``source``."""
    for axis, (before, after) in enumerate(pads):
        if before or after:
            ct = _unpad_axis(ct, axis, source[axis], before, after, mode)
    return ct


def untile(ct: Tensor, source: Shape, reps: Sequence[int]) -> Tensor:
    """The transpose of tile: the sum of the ``reps`` copies of each element."""
    if 0 in ct.shape:
        return zeros(ct.graph, TensorType(source, ct.dtype))
    split: list[int] = []
    for r, d in zip(reps, source):
        split += [r, d]
    rep_axes = tuple(range(0, 2 * len(source), 2))
    return ct.reshape(split).sum(rep_axes)


# --------------------------------------------------------------------------- along one axis

def _axis_last(t: Tensor, axis: int) -> tuple[Tensor, tuple[int, ...] | None]:
    """``t`` with ``axis`` moved last, and the permutation that undoes it (None if
    nothing moved)."""
    if axis == t.ndim - 1:
        return t, None
    perm = tuple(i for i in range(t.ndim) if i != axis) + (axis,)
    undo = tuple(perm.index(i) for i in range(t.ndim))
    return t.transpose(perm), undo


def _restore(t: Tensor, undo: tuple[int, ...] | None) -> Tensor:
    return t if undo is None else t.transpose(undo)


def _flat_positions(idx: Tensor, size: int) -> Tensor:
    """Per-row indices ``idx`` [..., k] into rows of length ``size``, as flat positions
    row * size + idx, shape [rows * k]."""
    rows = math.prod(idx.shape[:-1])
    offsets = api.arange(idx.graph, rows, dtype=idx.dtype).reshape(rows, 1) * size
    return (idx.reshape(rows, idx.shape[-1]) + offsets).reshape(-1)


def take_along_axis(x: Tensor, idx: Tensor, axis: int) -> Tensor:
    """numpy take_along_axis: out[..., j, ...] = x[..., idx[..., j, ...], ...] along
    ``axis``; ``idx`` (non-negative) has x's shape except on ``axis``."""
    xt, _ = _axis_last(x, axis)
    it, undo = _axis_last(idx, axis)
    flat = api.gather(xt.reshape(-1), _flat_positions(it, x.shape[axis]), axis=0)
    return _restore(flat.reshape(it.shape), undo)


def add_along_axis(u: Tensor, idx: Tensor, axis: int, size: int) -> Tensor:
    """The transpose of :func:`take_along_axis`: zeros with ``axis`` of length ``size``,
    then out[..., idx[..., j, ...], ...] += u[..., j, ...]."""
    ut, undo = _axis_last(u, axis)
    it, _ = _axis_last(idx, axis)
    rows = math.prod(ut.shape[:-1])
    flat = u.graph.apply("scatter_add", [ut.reshape(-1), _flat_positions(it, size)],
                         axis=0, size=rows * size)
    return _restore(flat.reshape(ut.shape[:-1] + (size,)), undo)
