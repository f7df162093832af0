"""Tensor types (shape + dtype), symbolic dimensions and broadcasting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rlx.errors import ShapeError
from rlx.ir.dtypes import DType, exact_int

Shape = tuple[int, ...]

# One factor of a dimension: (symbol name, bound), or (None, size) for a fixed size.
Factor = tuple[str | None, int]


class Dim(int):
    """A symbolic dimension: a name and an upper bound, ``rlx.Dim("seq", max=512)``.

    Used in an input's shape, it lets one compiled program take any extent from 1 to
    ``max`` along that axis. Everywhere a size is computed with (shape inference, the
    memory plan, kernels) a Dim is its bound: it *is* the int ``max``, so arithmetic on
    it gives plain ints. The name travels with the types shape inference derives, and
    the compiler uses it to keep the padding of a shorter input out of every result.

    A reshape that merges a symbolic axis with others gives a *compound* dimension
    (``batch*seq``): a row-major product of factors, some symbolic (see
    :attr:`factors`). Users only ever create simple ones.
    """

    _factors: tuple[Factor, ...]

    def __new__(cls, name: str, max: int) -> Dim:  # noqa: A002  (the public keyword)
        if not isinstance(name, str) or not name.isidentifier():
            raise ShapeError(f"Dim: the name must be an identifier, got {name!r}")
        bound = exact_int(max)
        if bound is None or bound < 2:
            raise ShapeError(f"Dim {name!r}: max must be an int >= 2 (a dimension that is "
                             f"always 1 is a plain 1), got {max!r}")
        return cls._of(((name, bound),))

    @classmethod
    def _of(cls, factors: tuple[Factor, ...]) -> Dim:
        size = 1
        for _, n in factors:
            size *= n
        self = int.__new__(cls, size)
        self._factors = factors
        return self

    @property
    def factors(self) -> tuple[Factor, ...]:
        """The row-major factors: ``(name, bound)`` for a symbol, ``(None, n)`` for a
        fixed size. A simple Dim has one."""
        return self._factors

    @property
    def name(self) -> str:
        return "*".join(n if n is not None else str(k) for n, k in self._factors)

    @property
    def max(self) -> int:
        return int(self)

    @property
    def compound(self) -> bool:
        return len(self._factors) > 1

    def __repr__(self) -> str:
        return f"Dim({self.name!r}, max={int(self)})"

    def __str__(self) -> str:   # the bound: generated code formats sizes with str()
        return int.__repr__(self)

    def __format__(self, spec: str) -> str:
        return int.__format__(int(self), spec)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Dim._of, (self._factors,))

    def __copy__(self) -> Dim:
        return self

    def __deepcopy__(self, memo: Any) -> Dim:
        return self


def dim_factors(d: int) -> tuple[Factor, ...]:
    """``d``'s factors: its own for a Dim, ``((None, d),)`` for a fixed size."""
    return d.factors if isinstance(d, Dim) else ((None, int(d)),)


def dim_from_factors(factors: Any) -> int:
    """The dimension with these row-major factors: a plain int when none is symbolic,
    a Dim otherwise (fixed factors of 1 dropped, neighbouring fixed factors merged)."""
    merged: list[Factor] = []
    for name, n in factors:
        if name is None and n == 1:
            continue
        if name is None and merged and merged[-1][0] is None:
            merged[-1] = (None, merged[-1][1] * n)
        else:
            merged.append((name, int(n)))
    if all(name is None for name, _ in merged):
        size = 1
        for _, n in merged:
            size *= n
        return size
    return Dim._of(tuple(merged))


def symbols_of(shape: Shape) -> set[str]:
    """The symbol names in ``shape``."""
    return {name for d in shape if isinstance(d, Dim) for name, _ in d.factors
            if name is not None}


def same_dim(a: int, b: int) -> bool:
    """Equal sizes and, where either is symbolic, the same factors."""
    return int(a) == int(b) and dim_factors(a) == dim_factors(b)


def merge_dims(a: int, b: int) -> int | None:
    """The dimension two operands agree on along one axis (neither of size 1), or None.

    Fixed sizes must be equal. A simple Dim agrees with a fixed size equal to its bound
    (the fixed operand is read at the active positions only, as if cut to the active
    extent), and with itself. Different symbols, and a compound Dim against anything
    but itself, disagree even when the bounds are equal: their extents may differ."""
    if int(a) != int(b):
        return None
    if not isinstance(a, Dim):
        return b if (not isinstance(b, Dim) or not b.compound) else None
    if not isinstance(b, Dim):
        return a if not a.compound else None
    return a if a.factors == b.factors else None


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

    @property
    def symbolic(self) -> bool:
        """Whether a dimension is symbolic."""
        return any(isinstance(d, Dim) for d in self.shape)

    def __str__(self) -> str:
        return f"{self.dtype.value}[{','.join(format_dim(d) for d in self.shape)}]"


def format_dim(d: int) -> str:
    """``512`` for a fixed size, ``seq<=512`` for a symbolic one."""
    return f"{d.name}<={int(d)}" if isinstance(d, Dim) else str(d)


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
            if dim == 1:
                dim = d
                continue
            dim = merge_dims(dim, d)
            if dim is None:
                return None
        out.append(dim)
    return tuple(out)


def same_type(a: TensorType, b: TensorType) -> bool:
    """Equal types, symbols included (``==`` compares sizes and dtypes only)."""
    return (a == b and len(a.shape) == len(b.shape)
            and all(same_dim(x, y) for x, y in zip(a.shape, b.shape)))
