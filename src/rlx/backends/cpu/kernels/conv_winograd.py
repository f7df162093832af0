"""3 x 3 stride-1 convolutions by Winograd's F(m x m, 3 x 3), m = 2 or 4
(:class:`Variant`: SMALL and LARGE), on every ISA tier from one source.

Each m x m block of output positions (a *tile*) is computed from the a x a input patch
under it (a = m + 2): with ``d`` the patch and ``g`` a 3 x 3 filter, the outputs are
``A^T [(G g G^T) . (B^T d B)] A`` (``.`` elementwise). For F(2x2, 3x3),

    B^T = [1 0 -1 0; 0 1 1 0; 0 -1 1 0; 0 1 0 -1],   G = [1 0 0; .5 .5 .5; .5 -.5 .5; 0 0 1],
    A^T = [1 1 1 0; 0 1 -1 -1];

F(4x4, 3x3) interpolates at 0, +-1, +-2 (its matrices are LARGE's fields).

Summed over input channels, the a * a elementwise products become as many independent
matrix products ``M[xi] = V[xi] U[xi]`` (tiles x C_in times C_in x C_out): per output
and channel pair, 16 / 4 = 4 multiply-adds for F(2x2) and 36 / 16 = 2.25 for F(4x4)
instead of the direct conv's 9. F(2x2)'s transforms only add, subtract and halve, so its
result differs from the direct sum by a few float roundings of the summed magnitudes;
F(4x4)'s scale values by up to 25 and 1/24 on the way (its filter transform is computed
in double and rounded once), ten to twenty times that: 1e-5 of the outputs' magnitude on
ResNet-50's maps. Maps too small for 4 x 4 tiles to pay (:func:`variant`) take F(2x2).
The transforms would also turn some infinities into nans (inf - inf), so a run whose
input holds an infinity or a nan (noted by the threads as they copy it, step 1 below),
or whose weights do (noted when they are transformed), runs the direct kernel instead,
compiled alongside.

Per image, in one parallel region:

1. the input is copied channels-last into a zero-padded grid (the packed GEMM's
   ``rlx_pk_transpose``: 16 x 16 register transposes on AVX-512, 8 x 8 on AVX2,
   8 x 8 blocks of scalar copies on the other tiers, which have no shim operation that
   moves values between lanes; the threads split the rows, check the copied values are finite, then
   wait for each other and stop if any is not), so a patch's values for 16 consecutive
   channels are one vector;
2. each thread takes an equal share of whole GEMM slivers of tiles and, a chunk of
   tiles at a time (sized so that the chunk's transformed input and products stay in
   L2), computes the input transform ``V[xi][t][c]`` (vectorised over channels), the
   products on the packed GEMM (``V[xi]`` read in place as A; ``U[xi]``, the
   filters' transform, computed and packed into GEMM panels when the weights' address
   or the params' version changes, as the packed B), and the output transform plus
   bias into a channels-last buffer (vectorised over output channels). On small maps
   (:func:`split_by_product`) the threads instead transform a share of the tiles each,
   then compute a share of the products over all tiles, then inverse-transform their
   tiles, with barriers between: each reads only its products' filters (ResNet-50's
   3 x 3 convs on 14 x 14 maps: 10 % faster at 2 threads);
3. after a barrier, each thread copies a share of the output positions back to NCHW
   (the same transposes) and runs the kernel's epilogue on them.

The transforms are loops over channels the compiler vectorises for the tier, the
products the packed GEMM every tier has; neither contracts a product and a sum the
source keeps apart (-ffp-contract=off), so the FMA tiers give the same bits.

Each output element is summed in one order whatever the thread count (the GEMM's k
order is fixed), so results do not depend on it. Used when the weights are the same on
every run, groups is 1, and there are enough tiles and channels for the products to
dominate (:func:`variant`); the filters' transform (a * a floats per 9) must fit
WEIGHT_LIMIT_BYTES, since late layers with large filters would stream more weight
bytes than they save in arithmetic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.conv_tiled import add_transpose_helper
from rlx.backends.cpu.kernels.support import (
    PACK_MR,
    PACK_NR,
    SCRATCH_LIMIT_BYTES,
    packed_gemm_helper,
    repack_guard_block,
    run_invariant,
    thread_id,
)
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType

WINOGRAD_MARK = "conv by Winograd"
"""Comment opening the Winograd kernel in the generated source (then the variant)."""
PRODUCT_SPLIT_MARK = "threads split the products"
"""Comment in the generated source where the threads split the products, not the tiles."""
MIN_TILES = 16
"""Fewest output tiles per image (smaller maps leave the products too short)."""
CHUNK_BYTES = 1 << 20
"""Transformed input plus products (a float per tile, channel and product each) one
thread holds at a time: they stay in L2 between the three steps."""
MIN_CHANNELS = 16
"""Fewest input and output channels."""
SPLIT_PRODUCTS_BYTES = 2 << 20
"""Largest transformed input plus products of all tiles for which the threads split the
products rather than the tiles (:func:`split_by_product`)."""
WEIGHT_LIMIT_BYTES = 8 << 20
"""Largest transformed, packed filter set: the 16 / 9 (36 / 9) times more weight bytes of
a late layer's large filters are streamed from memory on every run."""
PLANE_PAD = 16
"""Floats between one product's transformed input (or products) and the next's."""
LARGE_MIN_TILES = 16
"""Fewest 4 x 4 tiles per image for F(4x4, 3x3): shorter products run the GEMM's 4-row
tiles, below its speed (a 7 x 7 map has 4)."""
LARGE_TILE_MULTIPLIES = 0.6
"""F(4x4, 3x3) is used where its products need at most this fraction of F(2x2, 3x3)'s
multiplies (counting the tiles' overhang past the map): maps of 28 x 28 and more, not
14 x 14, whose 4 x 4 tiles overhang by a seventh each way."""


@dataclass(frozen=True)
class Variant:
    """One Winograd algorithm F(m x m, 3 x 3): ``bt`` (B^T, a x a), ``g`` (G, a x 3) and
    ``at`` (A^T, m x a), with a = m + 2 the patch's side and a * a the products."""

    m: int
    bt: tuple[tuple[int, ...], ...]
    g: tuple[tuple[Fraction, ...], ...]
    at: tuple[tuple[int, ...], ...]

    @property
    def a(self) -> int:
        return self.m + 2

    @property
    def products(self) -> int:
        return self.a * self.a

    @property
    def name(self) -> str:
        return f"F({self.m}x{self.m}, 3x3)"


def _fractions(rows) -> tuple[tuple[Fraction, ...], ...]:
    return tuple(tuple(Fraction(v) for v in row) for row in rows)


SMALL = Variant(
    2, ((1, 0, -1, 0), (0, 1, 1, 0), (0, -1, 1, 0), (0, 1, 0, -1)),
    _fractions([(1, 0, 0), ("1/2", "1/2", "1/2"), ("1/2", "-1/2", "1/2"), (0, 0, 1)]),
    ((1, 1, 1, 0), (0, 1, -1, -1)))
"""F(2x2, 3x3): 16 products for 4 outputs; the transforms only add, subtract and halve."""
LARGE = Variant(
    4, ((4, 0, -5, 0, 1, 0), (0, -4, -4, 1, 1, 0), (0, 4, -4, -1, 1, 0),
        (0, -2, -1, 2, 1, 0), (0, 2, -1, -2, 1, 0), (0, 4, 0, -5, 0, 1)),
    _fractions([("1/4", 0, 0), ("-1/6", "-1/6", "-1/6"), ("-1/6", "1/6", "-1/6"),
                ("1/24", "1/12", "1/6"), ("1/24", "-1/12", "1/6"), (0, 0, 1)]),
    ((1, 1, 1, 1, 1, 0), (0, 1, -1, 2, -2, 0), (0, 1, 1, 4, 4, 0), (0, 1, -1, 8, -8, 1)))
"""F(4x4, 3x3) (interpolation points 0, +-1, +-2): 36 products for 16 outputs."""


def _tiles(plan, v: Variant) -> tuple[int, int]:
    return -(-plan.oh // v.m), -(-plan.ow // v.m)


def _panels(plan) -> int:
    return -(-plan.cout // PACK_NR)


def _weight_floats(plan, v: Variant) -> int:
    return v.products * _panels(plan) * PACK_NR * plan.cin


def _chunk(plan, v: Variant, threads: int) -> int:
    """Tiles a thread transforms and multiplies at a time: a multiple of the GEMM's
    sliver height whose transformed input and products fit CHUNK_BYTES, or the thread's
    whole share when that fits twice as much (each chunk rereads the transformed
    filters, which matters once they outgrow L2)."""
    per_tile = v.products * 4 * (plan.cin + plan.cout)
    th, tw = _tiles(plan, v)
    per_thread = -(-th * tw // threads)
    share = -(-per_thread // PACK_MR) * PACK_MR
    if share * per_tile <= 2 * CHUNK_BYTES:
        return share
    return max(1, CHUNK_BYTES // per_tile // PACK_MR) * PACK_MR


def split_by_product(plan, v: Variant, threads: int) -> bool:
    """Whether the threads split the products between them rather than the tiles: on
    several threads, when the transformed input and products of all tiles (a float per
    tile, channel and product each) fit SPLIT_PRODUCTS_BYTES. Each thread then streams
    only its share of the transformed filters (split by tiles, every thread reads all of
    them), and no thread's tiles end in a short GEMM sliver while another's do not."""
    th, tw = _tiles(plan, v)
    return (threads > 1
            and v.products * 4 * th * tw * (plan.cin + plan.cout) <= SPLIT_PRODUCTS_BYTES)


def _planes(plan, rows: int) -> tuple[int, int]:
    """Floats from one product's transformed input (and products) of ``rows`` tiles to
    the next: a cache line more than they hold, so that the a * a rows a tile's
    transforms store (and load) a channel at do not all fall in one set of L1 (their
    stride would otherwise often be a multiple of 4 KiB: 5 % of an F(4x4) conv)."""
    return rows * plan.cin + PLANE_PAD, rows * plan.cout + PLANE_PAD


def _scratch_floats(plan, v: Variant, slots: int) -> dict[str, int]:
    """Scratch per buffer: the padded channels-last input, the transformed input and the
    products (a chunk of tiles per thread, or all tiles when the threads split the
    products), the channels-last output."""
    th, tw = _tiles(plan, v)
    if split_by_product(plan, v, slots):
        copies, rows = 1, th * tw
    else:
        copies, rows = slots, _chunk(plan, v, slots)
    v_plane, m_plane = _planes(plan, rows)
    return {"xt": (v.m * th + 2) * (v.m * tw + 2) * plan.cin,
            "v": copies * v.products * v_plane, "m": copies * v.products * m_plane,
            "yt": plan.oh * plan.ow * plan.cout}


def _fits(ctx: RenderContext, plan, v: Variant) -> bool:
    return (_weight_floats(plan, v) * 4 <= WEIGHT_LIMIT_BYTES
            and sum(_scratch_floats(plan, v, ctx.threads).values()) * 4 <= SCRATCH_LIMIT_BYTES)


def variant(ctx: RenderContext, plan) -> Variant | None:
    """The Winograd algorithm ``plan`` (a conv's ``_ConvPlan``) takes, or None for the
    direct kernels: Winograd allowed (``CompileOptions.winograd``), f32, one group, a
    3 x 3 filter at stride 1 without dilation, run-invariant weights, at least
    MIN_CHANNELS channels each way and MIN_TILES 2 x 2 tiles, and the transformed
    filters and the scratch within their limits. LARGE where it has LARGE_MIN_TILES
    4 x 4 tiles, its multiplies are at most LARGE_TILE_MULTIPLIES of SMALL's and it
    fits, else SMALL."""
    if not ctx.winograd or plan.dtype is not DType.F32 or plan.groups != 1:
        return None
    if (plan.kh, plan.kw, plan.sh, plan.sw, plan.dh, plan.dw) != (3, 3, 1, 1, 1, 1):
        return None
    if min(plan.cin, plan.cout) < MIN_CHANNELS:
        return None
    th, tw = _tiles(plan, SMALL)
    if th * tw < MIN_TILES or not run_invariant(ctx.graph.nodes[plan.w]):
        return None
    large = math.prod(_tiles(plan, LARGE))
    if (large >= LARGE_MIN_TILES
            and LARGE.products * large <= LARGE_TILE_MULTIPLIES * SMALL.products * th * tw
            and _fits(ctx, plan, LARGE)):
        return LARGE
    return SMALL if _fits(ctx, plan, SMALL) else None


def _combination(coefficients, terms, double: bool = False) -> str:
    """The C sum of ``coefficient * term`` over the nonzero coefficients, in order
    (float literals, or double ones when ``double``)."""
    parts = []
    for c, term in zip(coefficients, terms, strict=True):
        if c == 0:
            continue
        size = abs(c)
        if size != 1:
            term = f"{float(size)!r} * {term}" if double else f"{float(size)!r}f * {term}"
        parts.append(("-" if c < 0 else "+", term))
    first_sign, first = parts[0]
    text = first if first_sign == "+" else f"-{first}"
    return " ".join([text] + [f"{sign} {term}" for sign, term in parts[1:]])


def _filters(w: CWriter, ctx: RenderContext, plan, v: Variant) -> None:
    """Repack ``U[xi] = (G g G^T)[xi]`` (computed in double, rounded once) for every
    (output, input) channel pair into the GEMM's B panels:
    ``rlx_wg[((xi * panels + co / NR) * cin + ci) * NR + co % NR]`` (zero past the last
    output channel: the buffer starts zeroed and those entries are never written), and
    note in ``rlx_wg_bad`` (kept) whether a weight is not finite."""
    ci_n, co_n, panels, nr, a = plan.cin, plan.cout, _panels(plan), PACK_NR, v.a
    count = co_n * ci_n * 9
    w.line(ctx.keep("rlx_wg", DType.F32, _weight_floats(plan, v)))
    w.line(ctx.keep("rlx_wg_bad", DType.I32, 1))
    with repack_guard_block(ctx, w, "rlx_wg", "wt"):
        w.line("int bad = 0;")
        w.line("#pragma omp simd reduction(|:bad)")
        w.line(f"for (int64_t e = 0; e < {count}; e++) bad |= !(wt[e] - wt[e] == 0.0f);")
        w.line("rlx_wg_bad[0] = bad;")
        w.line(f"for (int64_t co = 0; co < {co_n}; co++)")
        with w.indented(), w.block(f"for (int64_t ci = 0; ci < {ci_n}; ci++)"):
            w.line(f"const float *g = wt + (co * {ci_n} + ci) * 9;")
            w.line(f"double t[{a}][3], u[{a}][{a}];")
            with w.block("for (int j = 0; j < 3; j++)"):
                for i in range(a):
                    w.line(f"t[{i}][j] = "
                           + _combination(v.g[i], [f"(double)g[{3 * k} + j]" for k in range(3)],
                                          True) + ";")
            with w.block(f"for (int i = 0; i < {a}; i++)"):
                for j in range(a):
                    w.line(f"u[i][{j}] = "
                           + _combination(v.g[j], [f"t[i][{k}]" for k in range(3)], True) + ";")
            w.line(f"for (int xi = 0; xi < {v.products}; xi++)")
            with w.indented():
                w.line(f"rlx_wg[((xi * {panels} + co / {nr}) * {ci_n} + ci) * {nr} "
                       f"+ co % {nr}] = (float)u[xi / {a}][xi % {a}];")


def _transpose(w: CWriter, src: str, src_stride: str, rows: int | str, cols: int | str,
               dst: str, dst_stride: str) -> None:
    """``dst[c * dst_stride + r] = src[r * src_stride + c]`` for ``r < rows``, ``c < cols``
    (counts or C expressions): the packed GEMM's ``rlx_pk_transpose`` (16 x 16
    register blocks on AVX-512, 8 x 8 on AVX2, 8 x 8 blocks of scalar copies elsewhere)."""
    w.line(f"rlx_pk_transpose({src}, {src_stride}, {dst}, {dst_stride}, {rows}, {cols});")


def _input_transform(w: CWriter, plan, v: Variant, t_lo: str, t_hi: str, base: str, dst: str,
                     plane: int) -> None:
    """``V[xi][t - base][c] = (B^T d B)[xi]`` for tiles ``t`` in ``[t_lo, t_hi)`` into
    ``dst`` (``plane`` floats per xi), vectorised over the input channels."""
    ci_n, a = plan.cin, v.a
    _, tw = _tiles(plan, v)
    wp = v.m * tw + 2
    with w.block(f"for (int64_t t = {t_lo}; t < {t_hi}; t++)"):
        w.line(f"const float *p = rlx_xt + (t / {tw} * {v.m * wp} + t % {tw} * {v.m}) * "
               f"{ci_n};")
        w.line(f"float *vt = {dst} + (t - {base}) * {ci_n};")
        w.line("#pragma omp simd")
        with w.block(f"for (int64_t c = 0; c < {ci_n}; c++)"):
            # fully unrolled (named values, no inner loops): gcc vectorises the loop over c
            # only when nothing inside it loops
            w.extend(f"const float d{r}_{k} = p[{(r * wp + k) * ci_n} + c];"
                     for r in range(a) for k in range(a))
            w.extend(f"const float e{r}_{k} = "
                     + _combination(v.bt[r], [f"d{j}_{k}" for j in range(a)]) + ";"
                     for r in range(a) for k in range(a))
            w.extend(f"vt[{(r * a + col)} * {plane} + c] = "
                     + _combination(v.bt[col], [f"e{r}_{j}" for j in range(a)]) + ";"
                     for r in range(a) for col in range(a))


def _output_transform(w: CWriter, plan, v: Variant, t_lo: str, t_hi: str, base: str, src: str,
                      plane: int) -> None:
    """The m x m outputs ``A^T M A`` (plus bias) of tiles ``t`` in ``[t_lo, t_hi)``
    (products at ``src``: ``M[xi][t - base][c]``, ``plane`` floats per xi) into the
    channels-last ``rlx_yt``, vectorised over the output channels; outputs past the
    map's last row or column are dropped."""
    co_n, ow, oh, a, m = plan.cout, plan.ow, plan.oh, v.a, v.m
    _, tw = _tiles(plan, v)
    with w.block(f"for (int64_t t = {t_lo}; t < {t_hi}; t++)"):
        w.line(f"const int64_t oy = t / {tw} * {m}, ox = t % {tw} * {m};")
        w.line(f"const float *mt = {src} + (t - {base}) * {co_n};")
        w.line(f"float *o = rlx_yt + (oy * {ow} + ox) * {co_n};")
        w.line(f"const int64_t down = {oh} - oy, across = {ow} - ox;")
        w.line("#pragma omp simd")
        with w.block(f"for (int64_t c = 0; c < {co_n}; c++)"):
            w.extend(f"const float s{xi} = mt[{xi * plane} + c];" for xi in range(v.products))
            w.extend(f"const float r{row}_{j} = "
                     + _combination(v.at[row], [f"s{k * a + j}" for k in range(a)]) + ";"
                     for row in range(m) for j in range(a))
            w.line("const float b = bias ? bias[c] : 0.0f;")
            for row in range(m):
                for col in range(m):
                    value = _combination(v.at[col], [f"r{row}_{k}" for k in range(a)])
                    store = f"o[{(row * ow + col) * co_n} + c] = {value} + b;"
                    test = " && ".join(([f"down > {row}"] if row else [])
                                       + ([f"across > {col}"] if col else []))
                    w.line(f"if ({test}) {store}" if test else store)


def _to_nchw(w: CWriter, plan, p_lo: str, p_hi: str, epi: str | None) -> None:
    """Output positions ``[p_lo, p_hi)`` of every channel from ``rlx_yt`` into the NCHW
    output, 16 channels at a time, then the epilogue on them."""
    co_n, ohw = plan.cout, plan.oh * plan.ow
    with w.block(f"for (int64_t c0 = 0; c0 < {co_n}; c0 += 16)"):
        w.line(f"const int64_t cn = {co_n} - c0 < 16 ? {co_n} - c0 : 16;")
        w.line(f"const float *src = rlx_yt + {p_lo} * {co_n} + c0;")
        w.line(f"float *dst = yn + c0 * {ohw} + {p_lo};")
        _transpose(w, "src", str(co_n), f"{p_hi} - {p_lo}", "cn", "dst", str(ohw))
        if epi is not None:
            w.line("for (int64_t c = c0; c < c0 + cn; c++)")
            with w.indented():
                w.line(f"if ({p_hi} > {p_lo}) {epi}(slots, arena, (n * {co_n} + c) * {ohw} "
                       f"+ {p_lo}, (n * {co_n} + c) * {ohw} + {p_hi});")


def _product_call(plan, m: str, v: str, mout: str, slivers: str) -> str:
    """The product ``M[xi] = V[xi] U[xi]`` for ``m`` rows (``slivers`` GEMM slivers), every
    panel of output channels."""
    ci_n, co_n, panels = plan.cin, plan.cout, _panels(plan)
    return (f"rlx_pk_gemm({m}, {co_n}, {ci_n}, {v}, {ci_n}, rlx_wg + xi * "
            f"{panels * PACK_NR * ci_n}, {mout}, {co_n}, 0, {slivers}, 0, {panels}, 0, slots, "
            "arena);")


def render_conv_winograd(ctx: RenderContext, plan, v: Variant, epi: str | None,
                         fallback: str) -> str:
    """The Winograd kernel for ``plan`` by ``v`` (:func:`variant`; see the module
    docstring), running the kernel
    statements ``fallback`` (a direct conv, rendered with its own indentation) instead
    when an input value or a weight is an infinity or a nan: the transforms would turn
    some infinities the direct sum keeps into nans."""
    add_transpose_helper(ctx)
    packed_gemm_helper(ctx)        # the products are rlx_pk_gemm calls
    ci_n, co_n = plan.cin, plan.cout
    th, tw = _tiles(plan, v)
    hp, wp = v.m * th + 2, v.m * tw + 2
    ihw, ohw = plan.ih * plan.iw, plan.oh * plan.ow
    parallel = ctx.threads > 1
    slots = ctx.threads if parallel else 1
    scratch = _scratch_floats(plan, v, slots)
    chunk = _chunk(plan, v, slots)
    bias = ctx.ptr(plan.bias, True) if plan.bias is not None else "0"
    if parallel:
        who = f"const int64_t tid = {thread_id(ctx)}, nt = omp_get_num_threads();"
    else:
        who = "const int64_t tid = 0, nt = 1;"
    w = CWriter(indent=1)
    w.line(f"/* {WINOGRAD_MARK} {v.name} */")
    for name, count in scratch.items():
        w.line(ctx.scratch(f"rlx_{name}", DType.F32, count))
    w.line(f"const float *x = {ctx.ptr(plan.x, True)};")
    w.line(f"const float *wt = {ctx.ptr(plan.w, True)};")
    w.line(f"const float *bias = {bias};")
    w.line(f"float *y = {ctx.ptr(plan.out)};")
    _filters(w, ctx, plan, v)
    # the copy in step 1 notes in rlx_bad whether the image holds an infinity or a nan;
    # the threads then stop, and the fallback runs after the last image tried
    w.line("int rlx_bad = rlx_wg_bad[0];")
    right = wp - plan.pw - plan.iw
    with w.block(f"for (int64_t n = 0; n < {plan.n} && !rlx_bad; n++)"):
        w.line(f"const float *xn = x + n * {ci_n * ihw};")
        w.line(f"float *yn = y + n * {co_n * ohw};")
        if parallel:
            w.pragma(f"#pragma omp parallel num_threads({ctx.threads})")
        with w.block():
            w.line(who)
            # 1. channels-last, zero-padded copy of the input (then a barrier); serial,
            # the pragma's line holds its indentation only
            w.pragma("#pragma omp for schedule(static) reduction(|:rlx_bad)" if parallel
                     else "", keep_place=True)
            with w.block(f"for (int64_t r = 0; r < {hp}; r++)"):
                w.line(f"float *row = rlx_xt + r * {wp * ci_n};")
                w.line(f"const int64_t ir = r - {plan.ph};")
                with w.block(f"if (ir < 0 || ir >= {plan.ih})"):
                    w.line(f"memset(row, 0, {wp * ci_n} * sizeof(float));")
                    w.line("continue;")
                w.line(f"memset(row, 0, {plan.pw * ci_n} * sizeof(float));")
                w.line(f"memset(row + {(plan.pw + plan.iw) * ci_n}, 0, "
                       f"{right * ci_n} * sizeof(float));")
                w.line(f"const float *src = xn + ir * {plan.iw};")
                w.line(f"float *dst = row + {plan.pw * ci_n};")
                _transpose(w, "src", str(ihw), ci_n, plan.iw, "dst", str(ci_n))
                w.line("int row_bad = 0;")
                w.line("#pragma omp simd reduction(|:row_bad)")
                w.line(f"for (int64_t e = 0; e < {plan.iw * ci_n}; e++) "
                       "row_bad |= !(dst[e] - dst[e] == 0.0f);")
                w.line("rlx_bad |= row_bad;")
            with w.block("if (!rlx_bad)"):
                if split_by_product(plan, v, slots):
                    _product_split(w, plan, v)
                else:
                    _tile_split(w, plan, v, chunk)
                if parallel:
                    w.line("#pragma omp barrier")
                w.line(f"const int64_t p0 = {ohw} * tid / nt, p1 = {ohw} * (tid + 1) / nt;")
                _to_nchw(w, plan, "p0", "p1", epi)
    with w.block("if (rlx_bad)"):
        w.splice(fallback)
    return w.text()


def _product_split(w: CWriter, plan, v: Variant) -> None:
    """Each thread transforms its share of the tiles, computes its share of the
    products over all tiles, then inverse-transforms its tiles (barriers between)."""
    th, tw = _tiles(plan, v)
    tiles = th * tw
    v_plane, m_plane = _planes(plan, tiles)
    n = v.products
    w.line(f"/* {PRODUCT_SPLIT_MARK} */")
    w.line(f"const int64_t t0 = {tiles} * tid / nt, t1 = {tiles} * (tid + 1) / nt;")
    _input_transform(w, plan, v, "t0", "t1", "0", "rlx_v", v_plane)
    w.line("#pragma omp barrier")
    w.line(f"for (int64_t xi = {n} * tid / nt; xi < {n} * (tid + 1) / nt; xi++)")
    with w.indented():
        w.line(_product_call(plan, str(tiles), f"rlx_v + xi * {v_plane}",
                             f"rlx_m + xi * {m_plane}", str(-(-tiles // PACK_MR))))
    w.line("#pragma omp barrier")
    _output_transform(w, plan, v, "t0", "t1", "0", "rlx_m", m_plane)


def _tile_split(w: CWriter, plan, v: Variant, chunk: int) -> None:
    """Each thread's slivers of tiles, a chunk at a time: transform, products, inverse
    transform."""
    th, tw = _tiles(plan, v)
    tiles = th * tw
    slivers = -(-tiles // PACK_MR)
    v_plane, m_plane = _planes(plan, chunk)
    w.line(f"const int64_t t0 = {slivers} * tid / nt * {PACK_MR};")
    w.line(f"const int64_t t1x = {slivers} * (tid + 1) / nt * {PACK_MR};")
    w.line(f"const int64_t t1 = t1x < {tiles} ? t1x : {tiles};")
    w.line(f"float *vc = rlx_v + tid * {v.products * v_plane};")
    w.line(f"float *mc = rlx_m + tid * {v.products * m_plane};")
    with w.block(f"for (int64_t u0 = t0; u0 < t1; u0 += {chunk})"):
        w.line(f"const int64_t un = t1 - u0 < {chunk} ? t1 - u0 : {chunk};")
        _input_transform(w, plan, v, "u0", "u0 + un", "u0", "vc", v_plane)
        w.line(f"for (int64_t xi = 0; xi < {v.products}; xi++)")
        with w.indented():
            w.line(_product_call(plan, "un", f"vc + xi * {v_plane}", f"mc + xi * {m_plane}",
                                 f"(un + {PACK_MR - 1}) / {PACK_MR}"))
        _output_transform(w, plan, v, "u0", "u0 + un", "u0", "mc", m_plane)
