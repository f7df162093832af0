"""Dense linear algebra ops (category ``linalg``): their type rules and semantics.

Kept apart from :mod:`rlx.ir.ops`; importing this module defines the kinds in the op
contract (:func:`rlx.ir.opdef.define`). Shared rules of the family:

* Operands are f32 or f64 (one dtype for every operand); the result has that dtype.
* Matrices are the last two axes; every leading axis is a batch axis. The IR op takes
  operands with *identical* batch axes (no broadcasting: ``rlx.linalg`` broadcasts
  before it builds the op), so each op is one opaque kernel over a batch of matrices.
* Ops with several results (``slogdet``, ``lu``, ``qr``, ``eigh``) are one op kind with
  a ``result`` attribute selecting the output (as ``topk`` does): the IR's nodes have one
  result each. Two nodes of one kind differing only in ``result`` factor the matrix
  twice (CSE does not merge them).
* A singular matrix (``solve``, ``inv``, ``solve_triangular``) or one that is not
  positive definite (``cholesky``) fails the run with ExecutionError naming the node
  and the batch element; numpy raises LinAlgError in the same cases. ``det`` and
  ``slogdet`` of a singular matrix are 0 and (0, -inf), as numpy gives.
"""

from __future__ import annotations

from typing import Any

from rlx.errors import DTypeError, GraphBuildError, ShapeError
from rlx.ir.dtypes import DType
from rlx.ir.opdef import define
from rlx.ir.types import TensorType

Attrs = dict[str, Any]


def _fmt(ins: list[TensorType]) -> str:
    return "(" + ", ".join(str(t) for t in ins) + ")"


def _shape_error(op: str, ins: list[TensorType], rule: str) -> ShapeError:
    return ShapeError(f"{op}{_fmt(ins)}: {rule}")


def _square(op: str, ins: list[TensorType]) -> TensorType:
    """The first operand, checked to be a batch of square f32/f64 matrices."""
    if any(t.symbolic for t in ins):
        raise _shape_error(op, ins, "linear algebra ops take fixed shapes only")
    dtypes = {t.dtype for t in ins}
    if len(dtypes) != 1 or next(iter(dtypes)) not in (DType.F32, DType.F64):
        raise DTypeError(f"{op}{_fmt(ins)}: operands must all be f32 or all f64")
    a = ins[0]
    if a.rank < 2 or a.shape[-1] != a.shape[-2]:
        raise _shape_error(op, ins, "the matrix operand must be [..., n, n]")
    return a


def _choice(op: str, ins: list[TensorType], a: Attrs, key: str, allowed: tuple[str, ...],
            default: str | None = None) -> str:
    value = a.get(key, default)
    if value not in allowed:
        raise GraphBuildError(f"{op}{_fmt(ins)}: {key} must be one of {allowed}, "
                              f"got {value!r}")
    return value


def _infer_solve(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    m = _square(op, ins)
    b = ins[1]
    batch, n = m.shape[:-2], m.shape[-1]
    if not (b.shape == batch + (n,) or (b.rank == m.rank and b.shape[:-1] == batch + (n,))):
        raise _shape_error(op, ins, f"b must be {batch + (n,)} (vectors) or "
                                    f"{batch + (n,)} + (k,) (matrices): same batch axes as a")
    out: Attrs = {}
    if op == "solve_triangular":
        out["lower"] = bool(a["lower"])
    return TensorType(b.shape, b.dtype), out


def _infer_square(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    m = _square(op, ins)
    return TensorType(m.shape, m.dtype), {}


def _infer_det(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    m = _square(op, ins)
    return TensorType(m.shape[:-2], m.dtype), {}


def _infer_slogdet(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    m = _square(op, ins)
    result = _choice(op, ins, a, "result", ("sign", "logabsdet"))
    return TensorType(m.shape[:-2], m.dtype), {"result": result}


def _infer_lu(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    m = _square(op, ins)
    return TensorType(m.shape, m.dtype), {"result": _choice(op, ins, a, "result",
                                                            ("p", "l", "u"))}


def _infer_qr(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    m = _square(op, ins)
    return TensorType(m.shape, m.dtype), {"result": _choice(op, ins, a, "result", ("q", "r"))}


def _infer_eigh(op: str, ins: list[TensorType], a: Attrs) -> tuple[TensorType, Attrs]:
    m = _square(op, ins)
    result = _choice(op, ins, a, "result", ("w", "v"))
    shape = m.shape[:-1] if result == "w" else m.shape
    return TensorType(shape, m.dtype), {"result": result}


LINALG_DOCS: dict[str, str] = {
    "solve": "x with a @ x = b for a [..., n, n]; b [..., n] (vectors: b has one axis fewer "
             "than a) or [..., n, k]; LU with partial pivoting (numpy.linalg.solve; "
             "LAPACK ?getrf/?getrs on cpu). A singular a fails the run.",
    "cholesky": "Lower-triangular L with a = L @ L^T for symmetric positive definite a "
                "[..., n, n]; reads a's lower triangle only; L's upper triangle is 0 "
                "(numpy.linalg.cholesky). A matrix that is not positive definite fails "
                "the run.",
    "solve_triangular": "x with a @ x = b where a [..., n, n] is lower (lower=True) or upper "
                        "triangular; the other triangle is never read; b as for solve "
                        "(scipy.linalg.solve_triangular). A zero on a's diagonal fails the "
                        "run.",
    "inv": "The inverse of a [..., n, n] (numpy.linalg.inv). A singular a fails the run.",
    "det": "The determinant of a [..., n, n] -> [...], from an LU factorisation with "
           "partial pivoting (numpy.linalg.det); 0 for a singular a.",
    "slogdet": "numpy.linalg.slogdet of a [..., n, n]: result='sign' gives the sign of the "
               "determinant (+-1, 0 when singular), result='logabsdet' gives log|det| "
               "(-inf when singular); both [...].",
    "lu": "LU factorisation with partial pivoting, a = P @ L @ U (scipy.linalg.lu): "
          "result='p' the permutation matrix, 'l' unit lower-triangular L, 'u' upper U; "
          "each [..., n, n].",
    "qr": "QR factorisation of square a [..., n, n] (numpy.linalg.qr, mode 'reduced'): "
          "result='q' orthogonal Q, 'r' upper-triangular R; signs as LAPACK ?geqrf gives.",
    "eigh": "Eigen-decomposition of symmetric a [..., n, n] reading its lower triangle "
            "(numpy.linalg.eigh): result='w' eigenvalues ascending [..., n], 'v' "
            "eigenvectors as columns [..., n, n] (each column's sign as LAPACK gives).",
}
for _kind in ("lu", "qr", "eigh"):
    LINALG_DOCS[_kind] += (" A matrix holding nan or inf (in what the op reads) gives nan "
                           "for every element of its result.")

_RESULTS = {"slogdet": "{sign,logabsdet}", "lu": "{p,l,u}", "qr": "{q,r}", "eigh": "{w,v}"}

for _kind, _arity, _infer_fn in (
        ("solve", (2, 2), _infer_solve),
        ("cholesky", (1, 1), _infer_square),
        ("solve_triangular", (2, 2), _infer_solve),
        ("inv", (1, 1), _infer_square),
        ("det", (1, 1), _infer_det),
        ("slogdet", (1, 1), _infer_slogdet),
        ("lu", (1, 1), _infer_lu),
        ("qr", (1, 1), _infer_qr),
        ("eigh", (1, 1), _infer_eigh)):
    _schema = ("lower:bool=True" if _kind == "solve_triangular"
               else f"result:{_RESULTS[_kind]}" if _kind in _RESULTS else "")
    define(_kind, "linalg", _arity, _infer_fn, LINALG_DOCS[_kind], attrs=_schema,
           traits="multi_result" if _kind in _RESULTS else "")

