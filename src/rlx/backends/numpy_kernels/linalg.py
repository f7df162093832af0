"""Reference kernels of the dense linear algebra ops (numpy.linalg, in the operand dtype).

Failures follow :mod:`rlx.ir.linalg_ops`: a singular matrix (solve, inv,
solve_triangular) or one that is not positive definite (cholesky) raises
ExecutionError naming the first failing batch element (the interpreter prefixes the
node); the cpu backend's LAPACK kernels report the same text.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, KernelFn, finish
from rlx.errors import ExecutionError
from rlx.ir.graph import Node


def _batches(a: np.ndarray) -> np.ndarray:
    """``a`` [..., n, n] as [B, n, n] (B = 1 for a single matrix; a view when ``a`` is
    contiguous). B is counted, not inferred: numpy cannot infer -1 beside a 0 (0 x 0)."""
    return a.reshape((int(np.prod(a.shape[:-2], dtype=np.int64)),) + a.shape[-2:])


def _fail(op: str, what: str, b: int) -> ExecutionError:
    return ExecutionError(f"{op}: {what} (batch element {b})")


def _check_singular(op: str, a: np.ndarray) -> None:
    """ExecutionError for the first batch element of ``a`` whose LU has a zero pivot."""
    for b, m in enumerate(_batches(a)):
        try:
            np.linalg.inv(m)
        except np.linalg.LinAlgError:
            raise _fail(op, "the matrix is singular", b) from None


def _as_matrices(b: np.ndarray, a: np.ndarray) -> tuple[np.ndarray, bool]:
    """b as [..., n, k] and whether it was a batch of vectors."""
    vector = b.ndim == a.ndim - 1
    return (b[..., None] if vector else b), vector


def _solve(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    a, b = args
    bm, vector = _as_matrices(b, a)
    try:
        x = np.linalg.solve(a, bm)
    except np.linalg.LinAlgError:
        _check_singular("solve", a)
        raise _fail("solve", "the matrix is singular", 0) from None
    return finish(x[..., 0] if vector else x, node)


def _solve_triangular(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    a, b = args
    bm, vector = _as_matrices(b, a)
    lower = node.attr("lower")
    tri = np.tril(a) if lower else np.triu(a)
    diag = np.diagonal(tri, axis1=-2, axis2=-1).reshape(-1, a.shape[-1])
    for k, d in enumerate(diag):
        if np.any(d == 0):
            raise _fail("solve_triangular", "the matrix is singular", k)
    x = np.linalg.solve(tri, bm)
    return finish(x[..., 0] if vector else x, node)


def _cholesky(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    a = args[0]
    out = np.empty_like(a)
    for k, (m, o) in enumerate(zip(_batches(a), _batches(out))):
        try:
            o[...] = np.linalg.cholesky(m)
        except np.linalg.LinAlgError:
            raise _fail("cholesky", "the matrix is not positive definite", k) from None
    return finish(out, node)


def _inv(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    a = args[0]
    try:
        return finish(np.linalg.inv(a), node)
    except np.linalg.LinAlgError:
        _check_singular("inv", a)
        raise _fail("inv", "the matrix is singular", 0) from None


def _det(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return finish(np.linalg.det(args[0]), node)


def _slogdet(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    sign, logabs = np.linalg.slogdet(args[0])
    return finish(sign if node.attr("result") == "sign" else logabs, node)


def _finite_factor(a: np.ndarray, factor: Callable[[np.ndarray], np.ndarray],
                   lower: bool = False) -> np.ndarray:
    """``factor`` of the batch ``a`` (a result per matrix: a matrix or a vector), where
    each matrix holding nan or inf (in its lower triangle when ``lower``: all eigh
    reads) gives nan for all of its result: LAPACK refuses such matrices or iterates on
    them without converging."""
    read = np.tril(a) if lower else a
    bad = ~np.isfinite(read).all(axis=(-2, -1))
    if not bad.any():
        return factor(a)
    clean = np.where(bad[..., None, None], np.eye(a.shape[-1], dtype=a.dtype), a)
    out = np.array(factor(clean), dtype=a.dtype)
    out[bad] = np.nan
    return out


def _lu(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    import scipy.linalg  # only graphs with lu need scipy

    pick = "plu".index(node.attr("result"))

    def factor(a: np.ndarray) -> np.ndarray:
        out = np.empty_like(a)
        for m, o in zip(_batches(a), _batches(out)):
            o[...] = scipy.linalg.lu(m)[pick]
        return out
    return finish(_finite_factor(args[0], factor), node)


def _qr(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    pick = "qr".index(node.attr("result"))
    return finish(_finite_factor(args[0], lambda a: np.linalg.qr(a)[pick]), node)


def _eigh(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    pick = "wv".index(node.attr("result"))
    return finish(_finite_factor(args[0], lambda a: np.linalg.eigh(a, UPLO="L")[pick],
                                 lower=True), node)


KERNELS: dict[str, KernelFn] = {
    "solve": _solve,
    "solve_triangular": _solve_triangular,
    "cholesky": _cholesky,
    "inv": _inv,
    "det": _det,
    "slogdet": _slogdet,
    "lu": _lu,
    "qr": _qr,
    "eigh": _eigh,
}
