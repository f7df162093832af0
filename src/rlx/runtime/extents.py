"""Running a graph with symbolic dimensions at the extents of its inputs.

The program is compiled at the bounds (see :mod:`rlx.passes.extents`). For each run,
:class:`ExtentFeeds` reads every symbol's extent off the inputs that carry it (they
must agree, and lie between the smallest extent the graph allows and the bound),
copies each input into the start of a padded buffer kept for it, fills the hidden
extent inputs, and cuts each output back to its active extents, so that the caller
sees exactly the shapes an exact-size program would return.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from rlx.errors import InputError
from rlx.ir.types import Dim, TensorType, dim_factors
from rlx.passes.extents import ExtentInfo
from rlx.runtime.coerce import coerce

VIEWS_KEPT = 8
"""Sets of extents whose output views :meth:`ExtentFeeds.cut` keeps."""


class ExtentFeeds:
    """Pads symbolic inputs, feeds the extents and cuts outputs, for one compiled
    graph. Not thread-safe: the compiled graph calls it under its run lock."""

    def __init__(self, inputs: Mapping[str, TensorType], outputs: Sequence[TensorType],
                 info: ExtentInfo):
        self.info = info
        self.symbolic = {name: t for name, t in inputs.items() if t.symbolic}
        self.outputs = list(outputs)
        self._cuts = [_CutPlan.of(t) for t in self.outputs]
        self._padded = {name: np.zeros(t.shape, t.dtype.np) for name, t in self.symbolic.items()}
        self._extent_values = {symbol: np.zeros((), np.int64) for symbol in info.inputs}
        self._views: dict[tuple[tuple[str, int], ...], list[np.ndarray]] = {}
        self._views_of: Sequence[np.ndarray] | None = None

    def fresh(self) -> ExtentFeeds:
        """A twin with its own padded buffers (for a clone)."""
        inputs = dict(self.symbolic)
        return ExtentFeeds(inputs, self.outputs, self.info)

    def accept(self, name: str, value: Any) -> np.ndarray:
        """``value`` as input ``name`` takes it: C-contiguous, the declared dtype, the
        fixed axes as declared and each symbolic axis from 1 to its bound."""
        t = self.symbolic[name]
        arr = value if isinstance(value, np.ndarray) else np.asarray(value)
        if arr.ndim != t.rank or any(
                (n < 1 or n > int(d)) if isinstance(d, Dim) else n != d
                for n, d in zip(arr.shape, t.shape)):
            raise InputError(f"input {name!r}: expected shape {_spell(t)}, got {arr.shape}")
        return coerce("input", name, arr, TensorType(arr.shape, t.dtype))

    def extents(self, feeds: Mapping[str, np.ndarray]) -> dict[str, int]:
        """Each symbol's extent in ``feeds``; InputError when two inputs disagree or one
        is below the smallest extent the graph allows."""
        found: dict[str, tuple[int, str]] = {}
        for name in self.symbolic:
            arr = feeds.get(name)
            if arr is None:
                continue
            for n, d in zip(arr.shape, self.symbolic[name].shape):
                if not isinstance(d, Dim):
                    continue
                seen = found.setdefault(d.name, (n, name))
                if seen[0] != n:
                    raise InputError(f"symbol {d.name!r} is {seen[0]} in input {seen[1]!r} "
                                     f"but {n} in input {name!r}")
        extents = {symbol: n for symbol, (n, _) in found.items()}
        for symbol, least in self.info.minimum.items():
            if extents.get(symbol, least) < least:
                raise InputError(f"symbol {symbol!r} is {extents[symbol]}, but the graph "
                                 f"reads position {least - 1} along it (a slice or fixed "
                                 f"indices): its extent must be >= {least}")
        missing = set(self.info.inputs) - set(extents)
        if missing:
            raise InputError(f"no input gives the extent of symbol {sorted(missing)[0]!r}")
        return extents

    def pad(self, feeds: dict[str, np.ndarray], extents: Mapping[str, int]) -> dict[str, Any]:
        """``feeds`` with every symbolic input at the start of its padded buffer, and
        the hidden extent inputs added."""
        out = dict(feeds)
        for name, arr in feeds.items():
            if name in self.symbolic:
                buf = self._padded[name]
                buf[tuple(slice(0, n) for n in arr.shape)] = arr
                out[name] = buf
        for symbol, hidden in self.info.inputs.items():
            value = self._extent_values[symbol]
            value[()] = extents[symbol]
            out[hidden] = value
        return out

    def clear_padding(self) -> None:
        """Zero the padded buffers: after a failed run, whose inputs (a bad index) must
        not stay in the padding of the next, shorter one, where a device that visits the
        padding (the reference) would fail on them again."""
        for buf in self._padded.values():
            buf.fill(0)

    def cut(self, outputs: Sequence[np.ndarray], extents: Mapping[str, int]) -> list[np.ndarray]:
        """Each output at its active extents (a view where the active part is a block
        of the padded output, else a copy). The views of the executable's buffers at
        the last VIEWS_KEPT sets of extents are kept and handed out again: making them
        took 56 us a run for a decoder's 61 outputs, about what the kernels of an
        8-token prompt do in a layer."""
        if outputs is not self._views_of:
            self._views.clear()
            self._views_of = outputs
        key = tuple(sorted(extents.items()))
        kept = self._views.get(key)
        if kept is not None:
            return list(kept)
        cut = [o if plan is None else plan.cut(o, extents)
               for o, plan in zip(outputs, self._cuts)]
        if all(c is o or np.may_share_memory(c, o) for c, o in zip(cut, outputs)):
            if len(self._views) >= VIEWS_KEPT:
                self._views.pop(next(iter(self._views)))
            self._views[key] = cut
        return list(cut)


class _CutPlan:
    """How one symbolic output is cut to a run's extents, worked out once: its axes
    split into their row-major factors (``split`` None when every axis is one factor),
    the symbol (or None) of each factor, and the factors of each axis."""

    def __init__(self, factors: list[tuple[tuple[str | None, int], ...]]):
        self.factors = factors
        flat = [f for axis in factors for f in axis]
        self.split = None if len(flat) == len(factors) else tuple(n for _, n in flat)
        self.symbols = [name for name, _ in flat]

    @staticmethod
    def of(t: TensorType) -> _CutPlan | None:
        return _CutPlan([dim_factors(d) for d in t.shape]) if t.symbolic else None

    def cut(self, arr: np.ndarray, extents: Mapping[str, int]) -> np.ndarray:
        index = tuple(slice(None) if name is None else slice(0, extents[name])
                      for name in self.symbols)
        if self.split is None:
            return arr[index]
        shape = [int(np.prod([n if name is None else extents[name] for name, n in axis]))
                 for axis in self.factors]
        return arr.reshape(self.split)[index].reshape(shape)


def _spell(t: TensorType) -> str:
    return "(" + ", ".join(f"1..{int(d)} ({d.name})" if isinstance(d, Dim) else str(d)
                           for d in t.shape) + ")"
