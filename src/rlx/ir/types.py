"""Tensor types (shape + dtype) and broadcasting."""

from __future__ import annotations

from dataclasses import dataclass

from rlx.ir.dtypes import DType

Shape = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TensorType:
    """Static type of a value: a shape of non-negative ints and a dtype."""

    shape: Shape
    dtype: DType

    @property
    def numel(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def nbytes(self) -> int:
        return self.numel * self.dtype.itemsize

    def __str__(self) -> str:
        return f"{self.dtype.value}[{','.join(str(d) for d in self.shape)}]"


def numel(shape: Shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def broadcast_shapes(*shapes: Shape) -> Shape | None:
    """numpy broadcasting of ``shapes``; None when they do not broadcast."""
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for i in range(rank):
        dim = 1
        for s in shapes:
            k = i - (rank - len(s))
            if k < 0:
                continue
            d = s[k]
            if d == 1:
                continue
            if dim not in (1, d):
                return None
            dim = d
        out.append(dim)
    return tuple(out)
