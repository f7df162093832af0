"""Muon: SGD momentum whose 2-D updates are orthogonalised by a Newton–Schulz iteration.

For a matrix param the momentum update ``U`` is replaced by an approximation of the
orthogonal factor of its polar decomposition (``U = Q S V^T`` -> ``Q V^T``): every
singular value is pushed toward 1, so no direction of the update dominates. The
iteration is the quintic ``X <- a X + (b A + c A A) X`` with ``A = X X^T`` and
``(a, b, c) = (3.4445, -4.7750, 2.0315)``, started from ``U / ||U||_F``. These
coefficients trade exactness for speed: after 5 steps the singular values lie roughly
in [0.7, 1.2] rather than at 1, except for those far below the largest, which need
more steps. The result is scaled by ``sqrt(max(1, rows / cols))`` so that tall
matrices take steps of comparable size per element.

Params that are not 2-D (biases, norm gains, conv kernels) are stepped by an
:class:`AdamW` instead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from rlx.errors import InputError
from rlx.ir.dtypes import exact_int
from rlx.optim.adam import AdamW
from rlx.optim.base import Optimizer, ParamState, check_range

NS_COEFFICIENTS = (3.4445, -4.7750, 2.0315)
NS_EPS = 1e-7  # added to the Frobenius norm so that a zero update stays zero


def newton_schulz_workspace(shape: tuple[int, int], dtype: np.dtype) -> dict[str, np.ndarray]:
    """Buffers :func:`orthogonalize` needs for matrices of ``shape`` and ``dtype``."""
    small, large = sorted(shape)
    return {
        "ns_x": np.zeros((small, large), dtype),
        "ns_next": np.zeros((small, large), dtype),
        "ns_gram": np.zeros((small, small), dtype),
        "ns_gram_sq": np.zeros((small, small), dtype),
        "ns_poly": np.zeros((small, small), dtype),
    }


def orthogonalize(matrix: np.ndarray, steps: int = 5,
                  workspace: dict[str, np.ndarray] | None = None) -> np.ndarray:
    """The Newton–Schulz approximation of ``matrix``'s orthogonal polar factor.

    ``matrix`` is 2-D; the result has its shape and the workspace's dtype. The
    iteration runs on the wide orientation (transposing when rows > cols), so the
    Gram matrix is the smaller square. With ``workspace`` (from
    :func:`newton_schulz_workspace`) no array is allocated and the result is a view
    into it, valid until the next call with the same workspace.
    """
    if matrix.ndim != 2:
        raise InputError(f"orthogonalize needs a 2-D matrix, got shape {matrix.shape}")
    if workspace is None:
        workspace = newton_schulz_workspace(matrix.shape, matrix.dtype)
    transposed = matrix.shape[0] > matrix.shape[1]
    x = workspace["ns_x"]
    np.copyto(x, matrix.T if transposed else matrix, casting="same_kind")
    norm = math.sqrt(float(np.vdot(x, x)))
    np.divide(x, norm + NS_EPS, out=x)
    a, b, c = NS_COEFFICIENTS
    gram, gram_sq = workspace["ns_gram"], workspace["ns_gram_sq"]
    poly, nxt = workspace["ns_poly"], workspace["ns_next"]
    for _ in range(steps):
        np.matmul(x, x.T, out=gram)
        np.matmul(gram, gram, out=gram_sq)
        np.multiply(gram, b, out=poly)
        np.multiply(gram_sq, c, out=gram_sq)
        np.add(poly, gram_sq, out=poly)
        np.matmul(poly, x, out=nxt)
        np.multiply(x, a, out=x)
        np.add(x, nxt, out=x)
    return x.T if transposed else x


def shape_scale(rows: int, cols: int) -> float:
    """The factor applied to an orthogonalised [rows, cols] update."""
    return max(1.0, rows / cols) ** 0.5


class Muon(Optimizer):
    """``buf = momentum * buf + g``; the update is ``g + momentum * buf`` with
    ``nesterov`` (else ``buf``), orthogonalised with ``ns_steps`` Newton–Schulz steps,
    then ``p -= lr * shape_scale(rows, cols) * update``.

    Params that are not 2-D go to ``adamw`` (default ``AdamW()``, PyTorch's defaults),
    which keeps its own state and learning rate.
    """

    def __init__(self, lr: float = 0.02, momentum: float = 0.95, nesterov: bool = True,
                 ns_steps: int = 5, adamw: AdamW | None = None):
        super().__init__()
        self.lr = check_range("lr", lr, 0.0)
        self.momentum = check_range("momentum", momentum, 0.0, 1.0)
        self.nesterov = bool(nesterov)
        steps = exact_int(ns_steps)
        if steps is None or steps < 1:
            raise InputError(f"Muon: ns_steps must be a positive int, got {ns_steps!r}")
        self.ns_steps = steps
        if adamw is not None and not isinstance(adamw, AdamW):
            raise InputError(f"Muon: adamw must be an AdamW, got {type(adamw).__name__}")
        self.adamw = adamw if adamw is not None else AdamW()

    def step(self, name: str, shape: Sequence[int], param: np.ndarray,
             grad: np.ndarray) -> None:
        """As :meth:`Optimizer.step`; params whose shape is not 2-D go to ``adamw``."""
        if len(tuple(shape)) != 2:
            self.adamw.step(name, shape, param, grad)
            return
        super().step(name, shape, param, grad)

    def new_buffers(self, shape: tuple[int, ...], dtype: np.dtype) -> dict[str, np.ndarray]:
        size = shape[0] * shape[1]
        buffers = {"momentum": np.zeros(size, dtype), "update": np.zeros(size, dtype)}
        buffers.update(newton_schulz_workspace((shape[0], shape[1]), dtype))
        return buffers

    def update(self, name: str, state: ParamState, param: np.ndarray, grad: np.ndarray) -> None:
        velocity, update = state.buffers["momentum"], state.buffers["update"]
        np.multiply(velocity, self.momentum, out=velocity)
        np.add(velocity, grad, out=velocity)
        if self.nesterov:
            np.multiply(velocity, self.momentum, out=update)
            np.add(update, grad, out=update)
        else:
            np.copyto(update, velocity)
        rows, cols = state.shape
        ortho = orthogonalize(update.reshape(rows, cols), self.ns_steps, state.buffers)
        scaled = update.reshape(rows, cols)
        np.multiply(ortho, self.lr * shape_scale(rows, cols), out=scaled)
        matrix = param.reshape(rows, cols)
        np.subtract(matrix, scaled, out=matrix)
