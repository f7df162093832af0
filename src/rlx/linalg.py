"""Dense linear algebra on rlx tensors: ``rlx.linalg.solve``, ``cholesky``, ...

Every function takes batches of matrices (the last two axes; leading axes are batch
axes, broadcast between operands as numpy does) in f32 or f64, and builds one op of
the ``linalg`` family (:mod:`rlx.ir.linalg_ops` gives the exact semantics). On the cpu
backend the ops run LAPACK from the scipy-openblas32 wheel; on reference, numpy.linalg.
A singular matrix (solve, inv, solve_triangular) or one that is not positive definite
(cholesky) fails the run with :class:`rlx.ExecutionError`. All have vmap, grad and
jvp rules (lu's P is piecewise constant: its derivative is 0).
"""

from __future__ import annotations

from rlx.errors import ShapeError
from rlx.ir.graph import Tensor
from rlx.ir.types import broadcast_shapes

__all__ = ["solve", "solve_triangular", "cholesky", "inv", "det", "slogdet", "lu", "qr",
           "eigh"]


def _with_rhs(op: str, a: Tensor, b: Tensor, **attrs) -> Tensor:
    """``op`` on a [..., n, n] and b: a batch of vectors when ``b.ndim == 1`` or ``b.shape
    == a.shape[:-1]`` (as torch.linalg.solve decides), else of [n, k] matrices; batch axes
    broadcast."""
    if a.ndim < 2:
        raise ShapeError(f"{op}: a must be [..., n, n], got shape {a.shape}")
    vector = b.ndim == 1 or (b.ndim == a.ndim - 1 and b.shape == a.shape[:-1])
    tail = b.shape[-1:] if vector else b.shape[-2:]
    if b.ndim < len(tail) or (not vector and b.ndim < 2):
        raise ShapeError(f"{op}: b must be [..., n] or [..., n, k], got shape {b.shape}")
    batch = broadcast_shapes(a.shape[:-2], b.shape[:b.ndim - len(tail)])
    if batch is None:
        raise ShapeError(f"{op}: batch axes of a {a.shape} and b {b.shape} do not broadcast")
    if a.shape[:-2] != batch:
        a = a.broadcast_to(batch + a.shape[-2:])
    if b.shape[:-len(tail)] != batch:
        b = b.broadcast_to(batch + tail)
    return a.graph.apply(op, [a, b], **attrs)


def solve(a: Tensor, b: Tensor) -> Tensor:
    """x with ``a @ x = b`` (numpy.linalg.solve; b of vectors or of matrices)."""
    return _with_rhs("solve", a, b)


def solve_triangular(a: Tensor, b: Tensor, lower: bool = True) -> Tensor:
    """x with ``a @ x = b`` for triangular a; only a's ``lower`` (or upper) triangle is
    read (scipy.linalg.solve_triangular)."""
    return _with_rhs("solve_triangular", a, b, lower=lower)


def cholesky(a: Tensor) -> Tensor:
    """Lower L with ``a = L @ L^T`` for symmetric positive definite a (its lower
    triangle is read)."""
    return a.graph.apply("cholesky", [a])


def inv(a: Tensor) -> Tensor:
    """The inverse of a."""
    return a.graph.apply("inv", [a])


def det(a: Tensor) -> Tensor:
    """The determinant of a, shape ``a.shape[:-2]``."""
    return a.graph.apply("det", [a])


def slogdet(a: Tensor) -> tuple[Tensor, Tensor]:
    """(sign, log|det|) of a, each ``a.shape[:-2]`` (numpy.linalg.slogdet). Two nodes of
    the ``slogdet`` op, one per result."""
    return (a.graph.apply("slogdet", [a], result="sign"),
            a.graph.apply("slogdet", [a], result="logabsdet"))


def lu(a: Tensor) -> tuple[Tensor, Tensor, Tensor]:
    """(P, L, U) with ``a = P @ L @ U`` (scipy.linalg.lu, partial pivoting)."""
    return tuple(a.graph.apply("lu", [a], result=r) for r in ("p", "l", "u"))


def qr(a: Tensor) -> tuple[Tensor, Tensor]:
    """(Q, R) of square a (numpy.linalg.qr)."""
    return a.graph.apply("qr", [a], result="q"), a.graph.apply("qr", [a], result="r")


def eigh(a: Tensor) -> tuple[Tensor, Tensor]:
    """(eigenvalues ascending, eigenvectors as columns) of symmetric a (lower triangle
    read; numpy.linalg.eigh)."""
    return a.graph.apply("eigh", [a], result="w"), a.graph.apply("eigh", [a], result="v")
