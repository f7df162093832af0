"""C renderers of the dense linear algebra ops: LAPACK from the scipy-openblas32 wheel.

Each op is a single-node kernel (``OP_RENDERERS``) over a batch of ``n x n`` matrices.
The generated C calls LAPACKE's ``_work`` entry points in column-major layout, which
pass straight through to LAPACK (no copies or allocations inside LAPACKE). A row-major
matrix read column-major is its transpose, which the renderers use instead of
transposing copies:

* solve:            ?getrf of a^T (a copy: getrf overwrites), then ?getrs with
                    trans='T' solves a x = b;
* inv:              ?getrf of a^T, ?getrs on the identity gives (a^T)^-1 column-major,
                    which read row-major is a^-1;
* det / slogdet:    ?getrf of a^T (det a^T = det a): the product of U's diagonal and
                    the pivots' sign;
* cholesky:         ?potrf 'U' on a^T, in the result buffer: a^T = U^T U reads a's lower
                    triangle, and U read row-major is L; the other triangle is zeroed;
* solve_triangular: ?trtrs on a^T with the other triangle and trans='T' (a is not
                    written, so it is not copied).

A right-hand side of k > 1 columns is transposed into scratch and back. Batch
elements run in parallel (one OpenMP iteration each, LAPACK single-threaded inside);
each records LAPACK's ``info`` and after the loop the first failing element fails the
run (``RLX_ERROR_TEXT``) with the reference kernels' message.

A lone matrix of at least ``BLOCKED_MIN`` rows (batch 1: nothing to split over the
threads) is factored by ``rlx_lu_<p>`` instead of one ?getrf call: a right-looking
blocked LU with panels of ``BLOCK`` columns whose trailing update goes by blocks of
BLOCK columns (each: the panel's row swaps, ?trsm, ?gemm), the blocks split over the
program's threads, the next panel factored by whichever thread updates it while the
others go on (look-ahead); and its right-hand sides are solved in blocks of
``RHS_BLOCK`` columns, split the same way. The blocks are the same at every thread count, so
the result does not depend on it (1 and 2 threads give the same bits).
"""

from __future__ import annotations

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.index import error, format_literal, need_stdio
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.ir.graph import Node
from rlx.ir.printer import format_node
from rlx.ir.types import numel

_COL = "102"  # LAPACK_COL_MAJOR

_PROTOTYPES = """\
int scipy_LAPACKE_{p}getrf_work(int, int, int, {t} *, int, int *);
int scipy_LAPACKE_{p}getrs_work(int, char, int, int, const {t} *, int, const int *, {t} *, int);
int scipy_LAPACKE_{p}laswp_work(int, int, {t} *, int, int, int, const int *, int);
int scipy_LAPACKE_{p}potrf_work(int, char, int, {t} *, int);
int scipy_LAPACKE_{p}trtrs_work(int, char, char, char, int, int, const {t} *, int, {t} *, \
int);
int scipy_LAPACKE_{p}geqrf(int, int, int, {t} *, int, {t} *);
int scipy_LAPACKE_{p}orgqr(int, int, int, int, {t} *, int, const {t} *);
int scipy_LAPACKE_{p}syevd(int, char, char, int, {t} *, int, {t} *);"""


BLOCK = 64
"""Columns of a panel (and of a trailing-update or right-hand-side block) of the blocked
factorisation of a lone matrix."""
RHS_BLOCK = 128
"""Right-hand-side columns one ?getrs call of the blocked path solves."""
BLOCKED_MIN = 192
"""Rows from which a lone matrix is factored by the blocked LU."""

_BLOCKED_LU = """\
/* a (column-major n x n, leading dimension n) overwritten by P A = L U as ?getrf gives
   it (pivots 1-based). After panel j is factored, each block of {nb} columns to its
   right takes the panel's row swaps, its ?trsm and its ?gemm update as one task; the
   task of the block right next to the panel then factors it as the next panel
   (look-ahead), while the other threads update the rest */
static int rlx_lu_{p}(int n, {t} *a, int *piv, int threads) {{
    int info = scipy_LAPACKE_{p}getrf_work(102, n, n < {nb} ? n : {nb}, a, n, piv);
    for (int j = 0; j < n; j += {nb}) {{
        const int jb = n - j < {nb} ? n - j : {nb};
        if (j > 0) scipy_LAPACKE_{p}laswp_work(102, j, a, n, j + 1, j + jb, piv, 1);
        const int rest = n - j - jb;
        if (rest == 0) break;
        const int blocks = (rest + {nb} - 1) / {nb};
        int next = 0;
        #pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if(threads > 1)
        for (int c = 0; c < blocks; c++) {{
            const int c0 = j + jb + c * {nb}, cw = n - c0 < {nb} ? n - c0 : {nb};
            {t} *col = a + (int64_t)c0 * n;
            scipy_LAPACKE_{p}laswp_work(102, cw, col, n, j + 1, j + jb, piv, 1);
            scipy_cblas_{p}trsm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans,
                                CblasUnit, jb, cw, 1, a + j + (int64_t)j * n, n, col + j, n);
            scipy_cblas_{p}gemm(CblasColMajor, CblasNoTrans, CblasNoTrans, rest, cw, jb, -1,
                                a + (j + jb) + (int64_t)j * n, n, col + j, n, 1,
                                col + j + jb, n);
            if (c == 0) {{
                const int got = scipy_LAPACKE_{p}getrf_work(102, n - c0, cw, col + c0, n,
                                                            piv + c0);
                for (int i = c0; i < c0 + cw; i++) piv[i] += c0;
                if (got > 0) next = got + c0;
            }}
        }}
        if (next > 0 && info == 0) info = next;
    }}
    return info;
}}

/* ?getrs on k right-hand sides (column-major n x k) in blocks of {rhs} columns over the
   threads */
static int rlx_lu_solve_{p}(char trans, int n, int k, const {t} *lu, const int *piv,
                            {t} *rhs, int threads) {{
    const int blocks = (k + {rhs} - 1) / {rhs};
    int info = 0;
    #pragma omp parallel for schedule(static) num_threads(threads) if(threads > 1)
    for (int c = 0; c < blocks; c++) {{
        const int c0 = c * {rhs}, cw = k - c0 < {rhs} ? k - c0 : {rhs};
        const int got = scipy_LAPACKE_{p}getrs_work(102, trans, n, cw, lu, n, piv,
                                                    rhs + (int64_t)c0 * n, n);
        if (got != 0) {{
            #pragma omp atomic write
            info = got;
        }}
    }}
    return info;
}}"""


def _blocked(batch: int, n: int) -> bool:
    """Whether the lone-matrix blocked path factors this op's matrices."""
    return batch == 1 and n >= BLOCKED_MIN


def _setup(ctx: RenderContext, node: Node) -> tuple[str, str, int, int]:
    """(C type, LAPACK prefix, batch count, n); declares the LAPACK functions used."""
    a = node.inputs[0]
    shape = ctx.shape(a)
    ct = cstyle.ctype(node.dtype)
    p = "d" if node.dtype == DType.F64 else "s"
    ctx.need("blas")
    need_stdio(ctx)
    ctx.add_helper(f"rlx_lapack_{p}", _PROTOTYPES.format(p=p, t=ct))
    batch, n = numel(shape[:-2]), shape[-1]
    if _blocked(batch, n):
        ctx.add_helper(f"rlx_lu_{p}", _BLOCKED_LU.format(p=p, t=ct, nb=BLOCK, rhs=RHS_BLOCK))
    return ct, p, batch, n


def _batch_loop(ctx: RenderContext, w: CWriter, batch: int, n: int) -> None:
    w.pragma(ctx.parallel_for(batch * n * n * max(n, 1), batch))


def _check(w: CWriter, out: int, node: Node, batch: int, what: str) -> None:
    """Fail the run at the first batch element whose info is not 0."""
    message = (format_literal(f"{format_node(out, node)}: {node.op}: {what} (batch element ")
               + "%lld)")
    with w.block(f"for (int64_t e = 0; e < {batch}; e++)"):
        with w.block("if (info[e] != 0)"):
            error(w, message, "(long long)e")


def _load_rhs(w: CWriter, k: int, n: int) -> None:
    """rhs (column-major n x k) of batch element e from b (row-major)."""
    if k == 1:
        w.line(f"memcpy(rhs, b + e * {n}, {n} * sizeof *rhs);")
        return
    with w.block(f"for (int64_t i = 0; i < {n}; i++)"):
        with w.block(f"for (int64_t c = 0; c < {k}; c++)"):
            w.line(f"rhs[i + c * {n}] = b[(e * {n} + i) * {k} + c];")


def _store_rhs(w: CWriter, k: int, n: int) -> None:
    if k == 1:
        w.line(f"memcpy(x + e * {n}, rhs, {n} * sizeof *rhs);")
        return
    with w.block(f"for (int64_t i = 0; i < {n}; i++)"):
        with w.block(f"for (int64_t c = 0; c < {k}; c++)"):
            w.line(f"x[(e * {n} + i) * {k} + c] = rhs[i + c * {n}];")


def _factor(w: CWriter, ctx: RenderContext, ct: str, p: str, batch: int, n: int,
            info: str | None) -> None:
    """``m``: batch element e's matrix copied from ``A`` into the ``lu`` scratch (?getrf
    overwrites it) and factored there with its pivots in ``piv`` (a lone large matrix:
    by the blocked LU over the threads); LAPACK's info into the C lvalue ``info``
    unless None."""
    w.line(f"{ct} *m = lu + e * {n * n};")
    w.line(f"memcpy(m, A + e * {n * n}, {n * n} * sizeof *m);")
    if _blocked(batch, n):
        call = f"rlx_lu_{p}({n}, m, piv + e * {n}, {ctx.threads});"
    else:
        call = f"scipy_LAPACKE_{p}getrf_work({_COL}, {n}, {n}, m, {n}, piv + e * {n});"
    w.line(call if info is None else f"{info} = {call}")


def _lu_solve(ctx: RenderContext, p: str, batch: int, n: int, k: int, trans: str,
              rhs: str) -> str:
    """The C call solving with the factors ``m`` / ``piv`` for ``k`` columns of ``rhs``."""
    if _blocked(batch, n) and k > 1:
        return f"rlx_lu_solve_{p}('{trans}', {n}, {k}, m, piv + e * {n}, {rhs}, {ctx.threads});"
    return (f"scipy_LAPACKE_{p}getrs_work({_COL}, '{trans}', {n}, {k}, m, {n}, piv + e * {n}, "
            f"{rhs}, {n});")


def _render_solve(ctx: RenderContext, node: Node) -> str:
    ct, p, batch, n = _setup(ctx, node)
    out = ctx.node_id(node)
    a, b = node.inputs
    vector = len(ctx.shape(b)) == len(ctx.shape(a)) - 1
    k = 1 if vector else ctx.shape(b)[-1]
    tri = node.op == "solve_triangular"
    if batch == 0 or n == 0 or k == 0:
        return "    /* empty */"
    w = CWriter(indent=1)
    w.line(f"const {ct} *A = {ctx.ptr(a, True)};")
    w.line(f"const {ct} *b = {ctx.ptr(b, True)};")
    w.line(f"{ct} *x = {ctx.ptr(out)};")
    w.line(ctx.scratch("info", DType.I32, batch))
    if not tri:
        w.line(ctx.scratch("lu", node.dtype, batch * n * n))
        w.line(ctx.scratch("piv", DType.I32, batch * n))
    w.line(ctx.scratch("rhs_all", node.dtype, batch * n * k))
    _batch_loop(ctx, w, batch, n)
    with w.block(f"for (int64_t e = 0; e < {batch}; e++)"):
        w.line(f"{ct} *rhs = rhs_all + e * {n * k};")
        _load_rhs(w, k, n)
        if tri:
            uplo = "'U'" if node.attr("lower") else "'L'"
            w.line(f"info[e] = scipy_LAPACKE_{p}trtrs_work({_COL}, {uplo}, 'T', 'N', {n}, "
                   f"{k}, A + e * {n * n}, {n}, rhs, {n});")
        else:
            _factor(w, ctx, ct, p, batch, n, "info[e]")
            with w.block("if (info[e] == 0)"):
                w.line(f"info[e] = {_lu_solve(ctx, p, batch, n, k, 'T', 'rhs')}")
        with w.block("if (info[e] == 0)"):
            _store_rhs(w, k, n)
    _check(w, out, node, batch, "the matrix is singular")
    return w.text()


def _render_inv(ctx: RenderContext, node: Node) -> str:
    ct, p, batch, n = _setup(ctx, node)
    out = ctx.node_id(node)
    if batch == 0 or n == 0:
        return "    /* empty */"
    w = CWriter(indent=1)
    w.line(f"const {ct} *A = {ctx.ptr(node.inputs[0], True)};")
    w.line(f"{ct} *y = {ctx.ptr(out)};")
    w.line(ctx.scratch("info", DType.I32, batch))
    w.line(ctx.scratch("lu", node.dtype, batch * n * n))
    w.line(ctx.scratch("piv", DType.I32, batch * n))
    _batch_loop(ctx, w, batch, n)
    with w.block(f"for (int64_t e = 0; e < {batch}; e++)"):
        _factor(w, ctx, ct, p, batch, n, "info[e]")
        w.line(f"{ct} *r = y + e * {n * n};")
        w.line(f"memset(r, 0, {n * n} * sizeof *r);")
        with w.block(f"for (int64_t i = 0; i < {n}; i++)"):
            w.line(f"r[i * {n + 1}] = 1;")
        with w.block("if (info[e] == 0)"):
            w.line(f"info[e] = {_lu_solve(ctx, p, batch, n, n, 'N', 'r')}")
    _check(w, out, node, batch, "the matrix is singular")
    return w.text()


def _render_det(ctx: RenderContext, node: Node) -> str:
    """det, or slogdet's sign or log|det|, from ?getrf (a zero pivot gives 0 / -inf)."""
    ct, p, batch, n = _setup(ctx, node)
    out = ctx.node_id(node)
    if batch == 0:
        return "    /* empty */"
    result = node.attr("result", "det")
    w = CWriter(indent=1)
    w.line(f"const {ct} *A = {ctx.ptr(node.inputs[0], True)};")
    w.line(f"{ct} *d = {ctx.ptr(out)};")
    if n == 0:
        w.line(f"for (int64_t e = 0; e < {batch}; e++) d[e] = {0 if result == 'logabsdet' else 1};")
        return w.text()
    w.line(ctx.scratch("lu", node.dtype, batch * n * n))
    w.line(ctx.scratch("piv", DType.I32, batch * n))
    _batch_loop(ctx, w, batch, n)
    with w.block(f"for (int64_t e = 0; e < {batch}; e++)"):
        _factor(w, ctx, ct, p, batch, n, None)
        w.line(f"const int *pv = piv + e * {n};")
        w.line(f"{ct} sign = 1, acc = {'0' if result == 'logabsdet' else '1'};")
        if result == "det":    # the product as a fraction and a power of two: it
            w.line("int scale = 0;")   # overflows or underflows only if det does
        with w.block(f"for (int64_t i = 0; i < {n}; i++)"):
            w.line(f"const {ct} u = m[i * {n + 1}];")
            w.line("if (pv[i] != i + 1) sign = -sign;")
            if result == "det":
                frexp = "frexp" if node.dtype == DType.F64 else "frexpf"
                w.line(f"int k; acc = {frexp}(acc * u, &k); scale += k;")
            else:
                w.line("if (u < 0) sign = -sign;")
                w.line("if (u == 0) sign = 0;")
                if result == "logabsdet":
                    fn = "log" if node.dtype == DType.F64 else "logf"
                    abs_fn = "fabs" if node.dtype == DType.F64 else "fabsf"
                    w.line(f"acc += {fn}({abs_fn}(u));")
        ldexp = "ldexp" if node.dtype == DType.F64 else "ldexpf"
        value = {"det": f"sign * {ldexp}(acc, scale)", "sign": "sign",
                 "logabsdet": "acc"}[result]
        w.line(f"d[e] = {value};")
    return w.text()


def _render_cholesky(ctx: RenderContext, node: Node) -> str:
    ct, p, batch, n = _setup(ctx, node)
    out = ctx.node_id(node)
    if batch == 0 or n == 0:
        return "    /* empty */"
    w = CWriter(indent=1)
    w.line(f"const {ct} *A = {ctx.ptr(node.inputs[0], True)};")
    w.line(f"{ct} *L = {ctx.ptr(out)};")
    w.line(ctx.scratch("info", DType.I32, batch))
    _batch_loop(ctx, w, batch, n)
    with w.block(f"for (int64_t e = 0; e < {batch}; e++)"):
        w.line(f"{ct} *m = L + e * {n * n};")
        w.line(f"if (m != A + e * {n * n}) memcpy(m, A + e * {n * n}, {n * n} * sizeof *m);")
        w.line(f"info[e] = scipy_LAPACKE_{p}potrf_work({_COL}, 'U', {n}, m, {n});")
        with w.block(f"for (int64_t i = 0; i < {n}; i++)"):
            w.line(f"for (int64_t j = i + 1; j < {n}; j++) m[i * {n} + j] = 0;")
    _check(w, out, node, batch, "the matrix is not positive definite")
    return w.text()


def _render_factor(ctx: RenderContext, node: Node) -> str:
    """lu, qr and eigh: a transposing copy makes a column-major copy of a (the same
    matrix LAPACK gets from numpy / scipy), factorised, then the selected factor written
    row-major: lu from ?getrf (P from the row swaps), qr from ?geqrf and ?orgqr, eigh from
    ?syevd with a's lower triangle."""
    ct, p, batch, n = _setup(ctx, node)
    out = ctx.node_id(node)
    if batch == 0 or n == 0:
        return "    /* empty */"
    result = node.attr("result")
    w = CWriter(indent=1)
    w.line(f"const {ct} *A = {ctx.ptr(node.inputs[0], True)};")
    w.line(f"{ct} *o = {ctx.ptr(out)};")
    w.line(ctx.scratch("info", DType.I32, batch))
    w.line(ctx.scratch("fac", node.dtype, batch * n * n))
    w.line(ctx.scratch("vec", node.dtype, batch * n))
    w.line(ctx.scratch("piv", DType.I32, batch * n))
    size = n if result == "w" else n * n
    _batch_loop(ctx, w, batch, n)
    with w.block(f"for (int64_t e = 0; e < {batch}; e++)"):
        w.line(f"{ct} *m = fac + e * {n * n};")
        w.line(f"{ct} *v = vec + e * {n};")
        w.line(f"int *pv = piv + e * {n};")
        w.line(f"{ct} *r = o + e * {size};")
        w.line("(void)v; (void)pv;")
        with w.block(f"for (int64_t i = 0; i < {n}; i++)"):
            w.line(f"for (int64_t j = 0; j < {n}; j++) "
                   f"m[i + j * {n}] = A[(e * {n} + i) * {n} + j];")
        # a matrix holding nan or inf (in what the op reads) gives nan factors, as on the
        # reference device (LAPACKE would refuse it, or iterate on it without converging)
        w.line("int finite = 1;")
        read = "j <= i" if node.op == "eigh" else f"j < {n}"
        with w.block(f"for (int64_t i = 0; i < {n}; i++)"):
            w.line(f"for (int64_t j = 0; {read}; j++) finite &= isfinite(m[i + j * {n}]) != 0;")
        with w.block("if (!finite)"):
            w.line(f"for (int64_t i = 0; i < {size}; i++) r[i] = NAN;")
            w.line("info[e] = 0;")
            w.line("continue;")
        if node.op == "lu":
            w.line(f"info[e] = scipy_LAPACKE_{p}getrf_work({_COL}, {n}, {n}, m, {n}, pv);")
            w.line("if (info[e] > 0) info[e] = 0;  /* singular: U has a zero pivot, no error */")
        elif node.op == "qr":
            w.line(f"info[e] = scipy_LAPACKE_{p}geqrf({_COL}, {n}, {n}, m, {n}, v);")
            if result == "q":
                with w.block("if (info[e] == 0)"):
                    w.line(f"info[e] = scipy_LAPACKE_{p}orgqr({_COL}, {n}, {n}, {n}, m, {n}, v);")
        else:
            jobz = "'N'" if result == "w" else "'V'"
            w.line(f"info[e] = scipy_LAPACKE_{p}syevd({_COL}, {jobz}, 'L', {n}, m, {n}, v);")
        if result == "p":
            w.line(f"memset(r, 0, {n * n} * sizeof *r);")
            w.line(f"for (int i = 0; i < {n}; i++) pv[i] -= 1;")
            w.line(f"int perm[{n}];")
            w.line(f"for (int i = 0; i < {n}; i++) perm[i] = i;")
            with w.block(f"for (int i = 0; i < {n}; i++)"):
                w.line("const int t = perm[i]; perm[i] = perm[pv[i]]; perm[pv[i]] = t;")
            w.line(f"for (int i = 0; i < {n}; i++) r[perm[i] * {n} + i] = 1;")
        elif result == "w":
            w.line(f"memcpy(r, v, {n} * sizeof *r);")
        else:
            keep = {"l": "i > j ? m[i + j * {n}] : (i == j)", "u": "i <= j ? m[i + j * {n}] : 0",
                    "r": "i <= j ? m[i + j * {n}] : 0", "q": "m[i + j * {n}]",
                    "v": "m[i + j * {n}]"}[result].format(n=n)
            with w.block(f"for (int64_t i = 0; i < {n}; i++)"):
                w.line(f"for (int64_t j = 0; j < {n}; j++) r[i * {n} + j] = {keep};")
    _check(w, out, node, batch, "LAPACK did not converge or ran out of memory")
    return w.text()


OP_RENDERERS = {
    "lu": _render_factor,
    "qr": _render_factor,
    "eigh": _render_factor,
    "solve": _render_solve,
    "solve_triangular": _render_solve,
    "inv": _render_inv,
    "det": _render_det,
    "slogdet": _render_det,
    "cholesky": _render_cholesky,
}

RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=frozenset(OP_RENDERERS))
