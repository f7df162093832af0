"""Register-tiled direct convolution: the cpu backend's f32 conv on AVX-512 targets.

A convolution is a product ``Y[co, p] = sum_k W[co, k] * B[k, p]`` over the group's
``K = C_in/groups * kh * kw`` (channel, tap) pairs, where ``B[k, p]`` is the input value
under tap ``k`` for output position ``p``. No im2col matrix is built: positions are
numbered on a *grid* whose rows are ``wq`` wide (the output width plus the taps'
reach), so that for every ``k`` the values ``B[k, p]`` of consecutive grid positions are
consecutive floats of the input, ``off[k]`` elements further on. The grid is the input
itself for a stride-1 conv without padding; otherwise each task first copies the grid
rows its positions read (``rows`` rows of every phase plane of every input channel of
its group) into a per-thread buffer, zero-padded and split into the ``sh * sw`` stride
phases the taps use (a pass over a slice of the input, small next to the product).

A micro-tile holds ``MR`` output channels x ``NV`` vectors of 16 grid positions (a
*panel*) in AVX-512 registers while it sums over a block of k in order (one fused
multiply-add per k, weights broadcast from their rows, the input read with unaligned
loads, the last vector masked, the next panel's input prefetched). Weights that are
the same on every run (params, prepare-stage values) are read from a copy packed
``MR`` channels per k instead, repacked when their address or the params' version
(``ctl[4]``) changes, as linalg's packed GEMM does. Between blocks of
k the sums wait in a small per-thread buffer; after the last block the tile adds the
bias and stores the lanes whose grid column is an output column. Every output element
is summed the same way whatever tile, task or thread computes it, so results do not
depend on the thread count.

A task is a span of ``GROUP_PANELS`` panels times a block of output channels (all of
them when there are MIN_SPANS spans or more): for each ``MR`` channels of its
block it walks the blocks of k and, in each, the span's panels, then runs the kernel's
elementwise epilogue over those channels' outputs in the span while they are in
cache. Stores thus stream along a few output rows, and one block of k of the span's
input stays in cache across the block's channels. The tasks of all (image, group)
pairs form one flat loop, span-major (a thread whose next task reads the same span
keeps its grid copy), whose iterations threads take dynamically: a conv costs one
parallel region and one barrier whatever its batch, and convs of less than
PARALLEL_MIN_FLOPS multiply-adds run on the calling thread alone.

Small maps (a 7 x 7 map is 49 positions: four vectors of which a quarter would be
padding) swap the operands' roles (``conv._render_conv_channels`` and
``conv._render_conv_channel_grid``): the same micro-tiles broadcast ``CHANNEL_ROWS``
input positions (from the input itself for a pointwise conv, from the conv's grid
through each (channel, tap)'s offset for other convs, from an im2col copy for strided
ones on the smallest maps) and load ``CHANNEL_NR`` output channels of weights packed
k-major, aligned, so no lane is wasted; the sums are written to the output transposed.
"""

from __future__ import annotations

from dataclasses import dataclass

from rlx.backends.base import round_up
from rlx.backends.cpu.kernels.linalg import packed_gemm_helper
from rlx.backends.cpu.render import RenderContext

TILE_WIDE = (8, 3)
"""(MR, NV) of the micro-tile for grids wider than 64 positions."""
TILE_NARROW = {1: (16, 1), 2: (12, 2), 3: (8, 3), 4: (6, 4)}
"""(MR, NV) by vectors per row for grids of at most 64 positions (one panel)."""
WEIGHT_BLOCK_FLOATS = 1 << 16
"""Weights one task's block of output channels holds (256 KiB: stays in L2)."""
BLOCK_ROWS = 32
"""Most output channels in one task's block when tasks must split the channels."""
SPLIT_MIN_PANELS = 16
"""Fewest panels a thread's span holds when a conv's positions split one span per thread."""
SPLIT_IMBALANCE = 0.05
"""Most a thread's span may exceed an even share of the panels."""
GROUP_PANELS = 8
"""Panels one task covers (its micro-tiles walk them, then the next MR channels)."""
MIN_SPANS = 8
"""Tasks of all output channels need this many spans of GROUP_PANELS panels; fewer
spans split the channels into blocks too."""
PANEL_BLOCK_BYTES = 24 << 10
"""Grid values one block of k may read for one panel (they stay in L1 while the span's
next panels are summed); a block of k holds whole input channels."""
PARALLEL_MIN_FLOPS = 1 << 22
"""Multiply-adds below which a conv runs on one thread (tens of microseconds: less
than what waking and joining a second thread risks on a busy machine)."""
PREFETCH_MAX_TAPS = 1
"""Position-vectorised tiles prefetch the next panel for convs of at most this many
taps (see :func:`tile_function`)."""
CHANNEL_MAX_POSITIONS = 64
"""Convs with at most this many output positions vectorise over output channels..."""
CHANNEL_MAX_POINTWISE = 256
"""...and pointwise convs (no im2col copy) with at most this many."""
CHANNEL_MIN_PANELS = 2
"""Panels of output channels each thread needs, on several threads, for a pointwise conv
of more than CHANNEL_MAX_POSITIONS positions to take the channel-vectorised path: with
fewer, the position-vectorised tiles split the work better. (ResNet-50's 1024 -> 256
convs on 14 x 14 maps, 4 panels, take the channel path at 2 threads since its tiles
prefetch their input: 2.25 -> 1.86 ms for the five.)"""
CHANNEL_NR = 64
"""Output channels of one channel-vectorised tile (4 vectors)."""
CHANNEL_PREFETCH_ROWS = 16
"""Weight rows ahead a channel-vectorised tile prefetches (measured on ResNet-50's small
maps: 4 KiB ahead beats the next row by 5-15 %, the next block of k is worse)."""
CHANNEL_PREFETCH_NEXT_LINES = 16
"""Most cache lines of the next block of k a channel-vectorised tile prefetches into L2
(see ``conv._weight_prefetch_lines``)."""
CHANNEL_PREFETCH_AHEAD = 16
"""Input positions ahead a channel-vectorised tile reading the input or its columns
prefetches, one line of each row it broadcasts from: on several threads, half of a
conv's input was written by the other core, and the broadcast rows (one per step of
k) are too many streams for the hardware prefetchers (ResNet-50's 14 x 14 pointwise
convs at 2 threads: 256 -> 1024 6 % faster, 1024 -> 512 15 %; neutral at 1 thread)."""
CHANNEL_GRID_MAX_POSITIONS = 256
"""Convs with taps and at most this many output positions vectorise over output
channels reading the input through a grid (no im2col copy), except strided ones with at
most CHANNEL_MAX_POSITIONS, which read im2col columns (measured on ResNet-50's shapes:
3 x 3 convs on 14 x 14 and 7 x 7 maps gain 5-15 % over the position-vectorised tiles,
strided ones on 7 x 7 maps do better from columns, larger maps lose)."""
CHANNEL_SPAN_POSITIONS = 256
"""Output positions (whole output rows) one grid task covers."""
CHANNEL_ROWS = (7, 6)
"""Positions (broadcast rows) of a channel-vectorised tile, in order of preference."""
OFFSET_LIMIT = (1 << 31) - 1
"""Grid offsets are 32-bit."""
LANES = 16


@dataclass(frozen=True)
class TiledGeometry:
    """How a conv maps onto the grid.

    ``phases``: the (row, column) stride phases the taps read, in copy order;
    ``hq`` x ``wq``: one whole phase plane; ``rows``: the rows of each phase plane one
    task's copy holds (``hq`` when the grid is the input itself); ``plane``: elements
    per input channel of the grid a task reads (``len(phases) * rows * wq``, or
    ``ih * iw`` when the grid is the input itself); ``copy``: whether tasks read a
    padded, phase-split copy; ``taps``: each tap's offset inside a channel's grid
    (row-major over kh x kw); ``positions``: grid positions up to the last output one;
    ``mr`` / ``nv``: the micro-tile; ``span``: grid positions per task; ``split``:
    one span per thread (:func:`thread_spans`), taken in order (static schedule).
    """

    phases: tuple[tuple[int, int], ...]
    hq: int
    wq: int
    rows: int
    plane: int
    copy: bool
    taps: tuple[int, ...]
    positions: int
    mr: int
    nv: int
    span: int
    split: bool = False

    @property
    def width(self) -> int:
        """Grid positions in one full panel."""
        return LANES * self.nv

    @property
    def spans(self) -> int:
        return -(-self.positions // self.span)

    def block_channels(self, cig: int) -> int:
        """Input channels per block of k: their grid values under one panel (at most
        ``len(phases)`` planes of the rows and columns the panel and the taps reach)
        fit PANEL_BLOCK_BYTES."""
        reach_rows = max(t % (self.rows * self.wq) // self.wq for t in self.taps)
        reach_cols = max(t % self.wq for t in self.taps)
        rows = min(self.rows, -(-self.width // self.wq) + 1 + reach_rows)
        cols = min(self.wq, self.width + reach_cols)
        per_channel = len(self.phases) * rows * cols * 4
        return max(1, min(cig, PANEL_BLOCK_BYTES // per_channel))


def thread_spans(panels: int, threads: int) -> int:
    """Panels per span when a conv's ``panels`` split into one span per thread, else 0:
    on several threads, when the spans hold at least SPLIT_MIN_PANELS panels and differ
    by at most SPLIT_IMBALANCE. Each thread then sums the same positions of every conv
    on such a map, whose inputs the conv before left in its own cache, where tasks taken
    dynamically read half their input from the other core's (ResNet-50's 64 -> 256
    convs on 56 x 56 maps: 2.25 -> 1.93 ms for the four at 2 threads)."""
    per = -(-panels // threads)
    if threads < 2 or per < SPLIT_MIN_PANELS or per * threads > panels * (1 + SPLIT_IMBALANCE):
        return 0
    return per


def tiled_geometry(plan, whole: bool = False, threads: int = 1) -> TiledGeometry | None:
    """The grid of ``plan`` (a conv's ``_ConvPlan``), or None when its offsets would not
    fit 32 bits. ``whole``: a copied grid holds whole phase planes (``rows == hq``).
    ``threads``: spans of one per thread where :func:`thread_spans` allows (one image,
    one group), else of GROUP_PANELS panels."""
    sh, sw, dh, dw = plan.sh, plan.sw, plan.dh, plan.dw
    reach_h, reach_w = (plan.kh - 1) * dh, (plan.kw - 1) * dw
    hq, wq = plan.oh + reach_h // sh, plan.ow + reach_w // sw
    phases = tuple(sorted({((i * dh) % sh, (j * dw) % sw)
                           for i in range(plan.kh) for j in range(plan.kw)}))
    copy = not (sh == sw == 1 and plan.ph == plan.pw == 0 and (hq, wq) == (plan.ih, plan.iw))
    positions = (plan.oh - 1) * wq + plan.ow
    vectors = -(-positions // LANES)
    mr, nv = TILE_NARROW[vectors] if vectors <= 4 else TILE_WIDE
    width = LANES * nv
    panels = -(-positions // width)
    per_thread = thread_spans(panels, threads) if plan.n * plan.groups == 1 else 0
    span = (per_thread or min(panels, GROUP_PANELS)) * width
    rows = _task_rows(positions, span, wq, reach_h // sh, hq) if copy and not whole else hq
    plane = len(phases) * rows * wq if copy else plan.ih * plan.iw
    taps = []
    for i in range(plan.kh):
        for j in range(plan.kw):
            phase = phases.index(((i * dh) % sh, (j * dw) % sw))
            taps.append(phase * rows * wq + (i * dh) // sh * wq + (j * dw) // sw)
    if plan.cig * plane + wq + LANES > OFFSET_LIMIT:
        return None
    return TiledGeometry(phases, hq, wq, rows, plane, copy, tuple(taps), positions, mr, nv,
                         span, bool(per_thread))


def _task_rows(positions: int, span: int, wq: int, reach: int, hq: int) -> int:
    """Phase-plane rows the taps read for the grid positions of the widest task: from
    the row of its first position to ``reach`` rows past the row of its last one."""
    most = max((min(q0 + span, positions) - 1) // wq - q0 // wq
               for q0 in range(0, positions, span))
    return min(hq, most + reach + 1)


def channel_tile_rows(positions: int) -> int:
    """Positions per channel-vectorised tile: of CHANNEL_ROWS, the count that wastes
    fewest rows on ``positions`` (the earliest on a tie)."""
    return min((-(-positions // rows) * rows - positions, index, rows)
               for index, rows in enumerate(CHANNEL_ROWS))[2]


def part_rows(positions: int) -> int:
    """Rows of a channel-vectorised task's partial sums: its positions rounded up to
    whole 16-row blocks, which the transposed store (``rlx_cv_store_t``) reads whole."""
    return round_up(positions, LANES)


def copy_floats(plan, geo: TiledGeometry) -> int:
    """Elements of one task's grid copy (0 when the grid is the input itself)."""
    return plan.cig * geo.plane + geo.wq + LANES if geo.copy else 0


# --------------------------------------------------------------------------- C helpers

MASK_AND_STORE = """\
/* conv tiles: the mask of the first n (0..16) lanes */
static inline __mmask16 rlx_cv_mask(int64_t n) {
    return n >= 16 ? (__mmask16)0xFFFF : n <= 0 ? (__mmask16)0 : (__mmask16)((1u << n) - 1);
}

/* conv tiles: store the 16 values of grid positions q .. q+lanes-1 into the output
   row ``row`` (ow values per output row), skipping grid columns >= ow */
static inline void rlx_cv_put(__m512 v, int64_t q, int64_t lanes, float *row, int64_t wq,
                              int64_t ow) {
    if (wq == ow) {
        _mm512_mask_storeu_ps(row + q, rlx_cv_mask(lanes), v);
        return;
    }
    int64_t r = q / wq;
    for (int64_t s = r * wq; s < q + lanes; s += wq, r++) {
        const int64_t lo = s > q ? s : q;
        const int64_t hi = s + ow < q + lanes ? s + ow : q + lanes;
        if (lo >= hi) continue;
        const __mmask16 pick = (__mmask16)(rlx_cv_mask(hi - lo) << (lo - q));
        _mm512_mask_storeu_ps(row + r * ow + (lo - s), rlx_cv_mask(hi - lo),
                              _mm512_maskz_compress_ps(pick, v));
    }
}"""


STORE_TRANSPOSED = """\
/* channel-vectorised conv tiles: y[c * ldy + q] = part[q * NR + c] + bias[c] (NR channels
   a row of part: conv_tiled.CHANNEL_NR) for the first n positions q and nc channels c,
   16 x 16 blocks transposed in registers (part holds whole blocks of 16 rows; the rows
   past n are read but not stored) */
static void rlx_cv_store_t(const float *part, int64_t n, int64_t nc, float *y, int64_t ldy,
                           const float *bias) {
    float t[256] __attribute__((aligned(64)));
    for (int64_t c0 = 0; c0 < nc; c0 += 16)
        for (int64_t q0 = 0; q0 < n; q0 += 16) {
            rlx_pk_transpose16(part + q0 * RLX_CV_NR + c0, RLX_CV_NR, t, 16);
            const __mmask16 m = rlx_cv_mask(n - q0);
            for (int64_t c = c0; c < nc && c < c0 + 16; c++) {
                __m512 v = _mm512_load_ps(t + (c - c0) * 16);
                if (bias) v = _mm512_add_ps(v, _mm512_set1_ps(bias[c]));
                _mm512_mask_storeu_ps(y + c * ldy + q0, m, v);
            }
        }
}"""


PREFETCH_NEXT = """\
/* channel-vectorised conv tiles: prefetch into L2 lines [l0, l0 + per) of the ``lines``
   cache lines from ``next`` (none when next is 0) */
static inline void rlx_cv_prefetch_next(const float *next, int64_t lines, int64_t l0,
                                        int64_t per) {
    if (!next) return;
    const int64_t l1 = l0 + per < lines ? l0 + per : lines;
    for (int64_t l = l0; l < l1; l++) _mm_prefetch((const char *)next + 64 * l, _MM_HINT_T1);
}"""


def add_channel_helpers(ctx: RenderContext) -> None:
    """Emit the helpers of the channel-vectorised paths besides their tiles (AVX-512
    only): ``rlx_cv_store_t``, ``rlx_cv_prefetch_next`` and the helpers they call."""
    packed_gemm_helper(ctx)
    add_helpers(ctx, set(), False, False)
    store = STORE_TRANSPOSED.replace("RLX_CV_NR", str(CHANNEL_NR))
    ctx.add_helper("rlx_cv_store_t", "#if defined(__AVX512F__)\n" + store
                   + "\n" + PREFETCH_NEXT + "\n#endif")


def tile_name(mr: int, nv: int, packed: bool, prefetch: bool, grid: bool = False,
              ahead: bool = False) -> str:
    return (f"rlx_cv_tile_{mr}x{nv}{'p' if packed else ''}{'' if prefetch else 'n'}"
            f"{'g' if grid else ''}{'a' if ahead else ''}")


def tile_function(mr: int, nv: int, packed: bool = False, prefetch: bool = True,
                  grid: bool = False, ahead: bool = False) -> tuple[str, str]:
    """(name, source) of the micro-tile for ``mr`` channels x ``nv`` vectors.

    It adds ``w[0:mr, 0:k]`` (row ``i``, column ``kk`` at ``a[i * lda + kk]``, or at
    ``a[kk * lda + i]`` when ``packed``) ``x grid[b + off[0:k] + q - qb, n positions]``
    (the grid ``b`` holds grid positions from ``qb`` on) to the sums in ``part``
    (``mr`` rows of the tile's width; zeros when ``first``). Not ``last``: the sums go
    back to ``part``. ``last``: bias is added to the sums in registers and the output
    positions among the grid's are stored into ``y`` (rows ``ldy`` apart). With
    ``prefetch``, each step of k prefetches the vectors ``pf`` floats past the ones it
    loads (the next panel's, or weight rows further on); without, ``pf`` is unused: the
    taps of a multi-tap conv reread the same lines, and prefetching them costs load
    slots (3 % on ResNet-50's 3 x 3 convs). ``grid`` (channel-vectorised convs reading a
    grid): the broadcast value ``i`` of step ``kk`` is ``a[off[kk] + i]`` and the vectors
    are row ``kk`` of ``b`` (rows ``lda`` apart). ``ahead`` (packed channel-vectorised
    tiles broadcasting from the input or its columns, not from a grid): each step of k
    also prefetches the broadcast row CHANNEL_PREFETCH_AHEAD values on."""
    if ahead and (grid or not packed):
        raise ValueError("conv tiles prefetch ahead only along packed broadcast rows")
    name = tile_name(mr, nv, packed, prefetch, grid, ahead)
    weight = "a[off[kk] + i]" if grid else "a[kk * lda + i]" if packed else "a[i * lda + kk]"
    last, width = LANES * (nv - 1), LANES * nv
    loads = [f"        bv[{v}] = _mm512_loadu_ps(bk + {LANES * v});" for v in range(nv - 1)]
    loads.append(f"        bv[{nv - 1}] = _mm512_maskz_loadu_ps(tail, bk + {last});")
    unrolled = [f"    #pragma GCC unroll {mr}", f"    for (int i = 0; i < {mr}; i++)",
                f"        #pragma GCC unroll {nv}", f"        for (int v = 0; v < {nv}; v++)"]
    source = "\n".join([
        f"static void {name}(int64_t k, const float *restrict a, int64_t lda,",
        "        const float *restrict b, int64_t qb, const int32_t *restrict off, int64_t q,",
        "        int64_t n, int64_t pf,",
        "        float *restrict part, int first, int last, float *restrict y, int64_t ldy,",
        "        int64_t wq, int64_t ow, const float *restrict bias) {",
        f"    __m512 acc[{mr}][{nv}];",
        *unrolled,
        f"            acc[i][v] = first ? _mm512_setzero_ps() : "
        f"_mm512_load_ps(part + i * {width} + {LANES} * v);",
        f"    const __mmask16 tail = rlx_cv_mask(n - {last});",
        "    const float *bq = b + (q - qb);",
        "    for (int64_t kk = 0; kk < k; kk++) {",
        "        const float *bk = bq + kk * lda;" if grid else
        "        const float *bk = bq + off[kk];",
        f"        __m512 bv[{nv}];",
        *loads,
        *[f"        _mm_prefetch((const char *)(bk + pf + {LANES * v}), _MM_HINT_T0);"
          for v in range(nv) if prefetch],
        *([f"        _mm_prefetch((const char *)(a + kk * lda + {CHANNEL_PREFETCH_AHEAD}), "
           "_MM_HINT_T0);"] if ahead else []),
        f"        #pragma GCC unroll {mr}",
        f"        for (int i = 0; i < {mr}; i++) {{",
        f"            const __m512 ai = _mm512_set1_ps({weight});",
        f"            #pragma GCC unroll {nv}",
        f"            for (int v = 0; v < {nv}; v++) acc[i][v] = "
        "_mm512_fmadd_ps(ai, bv[v], acc[i][v]);",
        "        }",
        "    }",
        "    if (!last) {",
        *["    " + line for line in unrolled],
        f"                _mm512_store_ps(part + i * {width} + {LANES} * v, acc[i][v]);",
        "        return;",
        "    }",
        *unrolled,
        "        {",
        "            __m512 s = acc[i][v];",
        "            if (bias) s = _mm512_add_ps(s, _mm512_set1_ps(bias[i]));",
        f"            rlx_cv_put(s, q + {LANES} * v, v < {nv - 1} ? {LANES} : n - {LANES} * v, "
        "y + i * ldy, wq, ow);",
        "        }",
        "}",
    ])
    return name, source


def add_helpers(ctx: RenderContext, variants: set[tuple[int, int]], packed: bool,
                prefetch: bool, grid: bool = False, ahead: bool = False) -> None:
    """Emit the mask/store helpers and the micro-tiles ``variants`` (AVX-512 only), for
    packed weights when ``packed``, prefetching when ``prefetch``, broadcasting from a
    grid when ``grid``, prefetching the broadcast rows when ``ahead``."""
    ctx.add_helper("rlx_cv_put", "#if defined(__AVX512F__)\n#include <immintrin.h>\n"
                   + MASK_AND_STORE + "\n#endif")
    for mr, nv in sorted(variants):
        name, source = tile_function(mr, nv, packed, prefetch, grid, ahead)
        ctx.add_helper(name, "#if defined(__AVX512F__)\n" + source + "\n#endif")
