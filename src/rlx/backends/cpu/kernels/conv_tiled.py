"""Register-tiled direct convolution: the cpu backend's f32 conv, on every ISA tier.

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

A micro-tile holds ``MR`` output channels x ``NV`` vectors of LANES (16) grid positions
(a *panel*) in vector registers while it sums over a block of k in order (one fused
multiply-add per k, weights broadcast from their rows, the input read with unaligned
loads, the last vector masked, the next panel's input prefetched). The tiles are one C
source for every ISA tier, written against the prelude's ``rlx_vf`` vectors (RLX_VW
floats: 16 on AVX-512, 8 on AVX2, 4 on NEON and in portable C); the geometry here
counts LANES-wide vectors whatever the tier, and a tile is summed as register
sub-tiles that fit the tier's registers (:func:`sub_tiles`: the whole tile on
AVX-512's 32, e.g. four of 4 rows x 3 vectors of 8 for an 8 x 3 tile on AVX2's 16),
chosen by the preprocessor. A sub-tile sums each element over k in the order the
whole tile would, so the FMA tiers give the same bits. Only two helpers keep code for
one ISA, each beside a portable version, because the shim has no operation that moves
values between lanes: the store of a vector whose positions span two output rows
packs them with AVX-512's compress (through memory, ResNet-50's strided 3 x 3 convs ran
20 % slower there), and transposes (channel-vectorised stores, Winograd's copies) use
register transposes on AVX-512 and AVX2.

Weights that are the same on every run (params, prepare-stage values) are read from a
copy packed ``MR`` channels per k instead, repacked when their address or the params'
version (``ctl[4]``) changes, as the packed GEMM's run-invariant operand is. Between
blocks of k the sums wait in a small per-thread buffer; after the last block the tile
adds the bias and stores the lanes whose grid column is an output column. Every output
element is summed the same way whatever tile, task or thread computes it, so results do
not depend on the thread count.

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
padding) swap the operands' roles (``conv_channels.render_conv_channels`` and
``conv_channels.render_conv_channel_grid``): the same micro-tiles broadcast
``CHANNEL_ROWS`` input positions (from the input itself for a pointwise conv, from the
conv's grid through each (channel, tap)'s offset for other convs, from an im2col copy
for strided ones on the smallest maps) and load ``CHANNEL_NR`` output channels of
weights packed k-major, aligned, so no lane is wasted; the sums are written to the
output transposed.
"""

from __future__ import annotations

from dataclasses import dataclass

from rlx.backends.base import round_up
from rlx.backends.cpu import csrc
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.support import packed_gemm_helper
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


def runs_parallel(ctx: RenderContext, plan, tasks: int = 2) -> bool:
    """Whether a tiled conv of ``plan`` in ``tasks`` tasks splits over the threads: more
    than one of each, and at least PARALLEL_MIN_FLOPS multiply-adds (read at call
    time, so tests can lower it)."""
    return ctx.threads > 1 and tasks > 1 and plan.flops >= PARALLEL_MIN_FLOPS
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
(see ``conv_channels._weight_prefetch``)."""
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
#
# The tiles are written once against the prelude's rlx_vf vectors (RLX_VW floats). The
# geometry above counts in LANES-wide vectors whatever the tier; in C one such vector
# is RLX_CV_VPL = LANES / RLX_VW shim vectors. A tile of MR rows x NV vectors is summed
# as register sub-tiles (:func:`sub_tiles`), sized for each tier's registers by
# :data:`REGISTER_CLASSES` and chosen in the source by the preprocessor, so the source
# is the same for every tier. A sub-tile sums each of its elements over k in the same
# order as the whole tile would, so the tier (among the FMA ones) and the sub-tiling
# change no bit. The fixed helpers the tiles call (the masked store, the transposes,
# the channel-vectorised paths' transposed store) are C files in csrc/.

REGISTER_CLASSES = (
    # (preprocessor test, floats per vector, vector registers, registers a step of k
    #  needs besides the sums and the loaded vectors)
    ("RLX_VW == 16", 16, 32, 0),     # AVX-512: FMAs broadcast their weight from memory
    ("RLX_VW == 8", 8, 16, 1),       # AVX2: a broadcast register
    ("defined(__ARM_NEON) || defined(__aarch64__)", 4, 32, 1),
    (None, 4, 16, 2),                # SSE2 / portable C: a broadcast and a product
)
"""The register files the sub-tiles are sized for, in the prelude's order of tiers."""
SUB_MAX_ROWS = 16
SUB_MAX_VECTORS = 8
"""Bounds of a sub-tile (the sizes of its arrays in C)."""


def sub_tiles(rows: int, vectors: int, lanes: int, registers: int,
              spare: int) -> tuple[int, int]:
    """(rows, vectors of ``lanes`` floats) of the register sub-tiles that cover a tile of
    ``rows`` x ``vectors`` LANES-wide vectors on a register file of ``registers``
    vectors: the split into balanced groups of rows and of vectors whose sums, loaded
    vectors and ``spare`` registers fit, with the fewest loads and broadcasts per step
    of k (a sub-tile loads its vectors and broadcasts its rows' weights), then the
    fewest sub-tiles. AVX-512's tiles (at most 28 sums) are one sub-tile."""
    nvv = vectors * (LANES // lanes)
    best = None
    for gr in range(1, rows + 1):
        sr = -(-rows // gr)
        for gv in range(1, nvv + 1):
            sv = -(-nvv // gv)
            if sr * sv + sv + spare > registers or sr > SUB_MAX_ROWS or sv > SUB_MAX_VECTORS:
                continue
            key = (gv * rows + gr * nvv, gr * gv)
            if best is None or key < best[0]:
                best = (key, (sr, sv))
    if best is None:
        raise ValueError(f"no register sub-tile for a {rows} x {vectors} conv tile")
    return best[1]


def _csrc(name: str) -> str:
    """The C of ``csrc/<name>`` (fixed helpers of the tiles), without its final newline."""
    return csrc.source(name)[:-1]


def add_transpose_helper(ctx: RenderContext) -> None:
    """Emit ``rlx_pk_transpose`` (every ISA tier: part of the packed-GEMM helpers,
    ``csrc/packed_gemm.h``)."""
    packed_gemm_helper(ctx)


def add_channel_helpers(ctx: RenderContext) -> None:
    """Emit the helpers of the channel-vectorised paths besides their tiles:
    ``rlx_cv_store_t`` and ``rlx_cv_prefetch_next`` (``csrc/conv_store.h``, its
    ``RLX_CV_NR`` replaced by CHANNEL_NR) and the helpers they call."""
    add_transpose_helper(ctx)
    add_helpers(ctx, set(), False, False)
    ctx.add_helper("rlx_cv_store_t",
                   _csrc("conv_store.h").replace("RLX_CV_NR", str(CHANNEL_NR)))


WHOLE, PARTIAL, EITHER = "whole", "partial", "either"
"""What ``n`` a position-vectorised tile is given: always its width (every panel but a
conv's last), always less (a last panel of its own tile), or either."""
_LOADS_SUFFIX = {WHOLE: "", PARTIAL: "t", EITHER: "e"}


def tile_name(mr: int, nv: int, packed: bool, prefetch: bool, grid: bool = False,
              ahead: bool = False, loads: str = WHOLE) -> str:
    return (f"rlx_cv_tile_{mr}x{nv}{'p' if packed else ''}{'' if prefetch else 'n'}"
            f"{'g' if grid else ''}{'a' if ahead else ''}{_LOADS_SUFFIX[loads]}")


def _sub_name(packed: bool, prefetch: bool, grid: bool, ahead: bool) -> str:
    return "rlx_cv_sub" + tile_name(0, 0, packed, prefetch, grid, ahead)[len("rlx_cv_tile_0x0"):]


SUB_ARGS = ("k, a, lda, bq, off, n, pf, part, {width}, first, last, y, ldy, q, wq, ow, "
            "bias")


def sub_function(packed: bool, prefetch: bool, grid: bool, ahead: bool) -> tuple[str, str]:
    """(name, source) of the register sub-tile the tiles of these options are made of.

    It covers rows ``r0 .. r0 + rows - 1`` and shim vectors ``v0 .. v0 + nv - 1`` (all
    constants once inlined) of a tile ``width`` floats wide: the tile's sums for them
    (from ``part``, or zeros when ``first``), plus each step of k in order, then back
    into ``part`` or (``last``) plus bias into the output. ``masked``: the tile's last
    LANES-wide vector is read with partial loads (the first ``n`` positions only; its
    other lanes are zeros and are not stored). Prefetches are issued by the sub-tiles
    of the first rows only, one per cache line of the vectors."""
    name = _sub_name(packed, prefetch, grid, ahead)
    weight = ("a[off[kk] + r0 + i]" if grid else "a[kk * lda + r0 + i]" if packed
              else "a[(r0 + i) * lda + kk]")
    unroll = '_Pragma("GCC unroll 16")'
    w = CWriter()
    with w.block(f"RLX_INLINE void {name}(const int rows, const int nv, const int r0, "
                 "const int v0,\n"
                 "        const int nvv, const int masked, int64_t k, const float *restrict a,\n"
                 "        int64_t lda, const float *restrict bq, const int32_t *restrict off, "
                 "int64_t n,\n"
                 "        int64_t pf, float *restrict part, const int width, int first, "
                 "int last,\n"
                 "        float *restrict y, int64_t ldy, int64_t q, int64_t wq, int64_t ow,\n"
                 "        const float *restrict bias)"):
        w.line(f"rlx_vf acc[{SUB_MAX_ROWS}][{SUB_MAX_VECTORS}];")
        w.line(f"int64_t left[{SUB_MAX_VECTORS}];")
        w.line(unroll)
        with w.block("for (int v = 0; v < nv; v++)"):
            w.line("const int64_t l = n - (int64_t)(v0 + v) * RLX_VW;")
            w.line("left[v] = l < 0 ? 0 : l < RLX_VW ? l : RLX_VW;")
        w.line(unroll)
        with w.block("for (int i = 0; i < rows; i++)"):
            w.line(unroll)
            w.line("for (int v = 0; v < nv; v++)")
            with w.indented():
                w.line("acc[i][v] = first ? rlx_v_zero()")
                w.line("                  : rlx_v_load(part + (r0 + i) * width + (v0 + v) * "
                       "RLX_VW);")
        with w.block("for (int64_t kk = 0; kk < k; kk++)"):
            w.line("const float *bk = bq + kk * lda;" if grid else
                   "const float *bk = bq + off[kk];")
            w.line(f"rlx_vf bv[{SUB_MAX_VECTORS}];")
            w.line(unroll)
            w.line("for (int v = 0; v < nv; v++)")
            with w.indented():
                w.line("bv[v] = masked && v0 + v >= nvv - RLX_CV_VPL")
                w.line("    ? rlx_v_load_n(bk + (v0 + v) * RLX_VW, left[v])")
                w.line("    : rlx_v_load(bk + (v0 + v) * RLX_VW);")
            if prefetch:
                with w.block("if (r0 == 0)"):
                    w.line(unroll)
                    w.line("for (int v = 0; v < nv; v++)")
                    with w.indented():
                        w.line("if ((v0 + v) % RLX_CV_VPL == 0)")
                        with w.indented():
                            w.line("__builtin_prefetch(bk + pf + (v0 + v) * RLX_VW, 0, 3);")
            if ahead:
                w.line("if (r0 == 0 && v0 == 0)")
                with w.indented():
                    w.line(f"__builtin_prefetch(a + kk * lda + {CHANNEL_PREFETCH_AHEAD}, 0, 3);")
            w.line(unroll)
            with w.block("for (int i = 0; i < rows; i++)"):
                w.line(f"const rlx_vf ai = rlx_v_set1({weight});")
                w.line(unroll)
                w.line("for (int v = 0; v < nv; v++) acc[i][v] = rlx_v_fma(ai, bv[v], acc[i][v]);")
        with w.block("if (!last)"):
            w.line(unroll)
            with w.block("for (int i = 0; i < rows; i++)"):
                w.line(unroll)
                w.line("for (int v = 0; v < nv; v++)")
                with w.indented():
                    w.line("rlx_v_store(part + (r0 + i) * width + (v0 + v) * RLX_VW, acc[i][v]);")
            w.line("return;")
        w.line(unroll)
        with w.block("for (int i = 0; i < rows; i++)"):
            w.line("const rlx_vf b = rlx_v_set1(bias ? bias[r0 + i] : 0.0f);")
            w.line(unroll)
            w.line("for (int v = 0; v < nv; v++)")
            with w.indented():
                w.line("rlx_cv_put(bias ? acc[i][v] + b : acc[i][v], q + (v0 + v) * RLX_VW, "
                       "left[v],")
                w.line("           y + (r0 + i) * ldy, wq, ow);")
    return name, w.text()


def _sub_calls(w: CWriter, name: str, mr: int, nv: int, masked: bool, lanes: int,
               registers: int, spare: int) -> None:
    """The calls of ``name`` covering an ``mr`` x ``nv`` tile on one register class:
    groups of vectors outside, groups of rows inside (a group's vectors are read from
    L1 by each group of rows)."""
    sr, sv = sub_tiles(mr, nv, lanes, registers, spare)
    nvv = nv * (LANES // lanes)
    args = SUB_ARGS.format(width=LANES * nv)
    w.extend(f"{name}({min(sr, mr - r0)}, {min(sv, nvv - v0)}, {r0}, {v0}, {nvv}, "
             f"{int(masked)}, {args});"
             for v0 in range(0, nvv, sv) for r0 in range(0, mr, sr))


def tile_function(mr: int, nv: int, packed: bool = False, prefetch: bool = True,
                  grid: bool = False, ahead: bool = False,
                  loads: str = WHOLE) -> tuple[str, str]:
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
    also prefetches the broadcast row CHANNEL_PREFETCH_AHEAD values on.

    The tile is the register sub-tiles of :func:`sub_function` for the tier the source
    is compiled for (:data:`REGISTER_CLASSES`). ``loads`` says what ``n`` the tile is
    given (WHOLE: its width, as the channel-vectorised tiles always are; PARTIAL: less;
    EITHER): a tile that may be given less reads its last LANES-wide vector with partial
    loads, when it is (EITHER, on the tiers whose partial loads cost more than whole
    ones: a second copy of the sub-tiles) or always (PARTIAL, and EITHER on AVX-512)."""
    if ahead and (grid or not packed):
        raise ValueError("conv tiles prefetch ahead only along packed broadcast rows")
    if (grid or ahead) and loads != WHOLE:
        raise ValueError("channel-vectorised conv tiles are given whole panels")
    name = tile_name(mr, nv, packed, prefetch, grid, ahead, loads)
    sub = _sub_name(packed, prefetch, grid, ahead)
    w = CWriter()
    with w.block(f"static void {name}(int64_t k, const float *restrict a, int64_t lda,\n"
                 "        const float *restrict b, int64_t qb, const int32_t *restrict off, "
                 "int64_t q,\n"
                 "        int64_t n, int64_t pf,\n"
                 "        float *restrict part, int first, int last, float *restrict y, "
                 "int64_t ldy,\n"
                 "        int64_t wq, int64_t ow, const float *restrict bias)"):
        w.line("const float *bq = b + (q - qb);")
        for index, (test, lanes, registers, spare) in enumerate(REGISTER_CLASSES):
            w.directive("#if " + test if index == 0 else "#elif " + test if test else "#else")
            if loads != EITHER or lanes == LANES:
                _sub_calls(w, sub, mr, nv, loads != WHOLE, lanes, registers, spare)
                continue
            with w.block(f"if (n >= {LANES * nv})"):
                _sub_calls(w, sub, mr, nv, False, lanes, registers, spare)
            with w.else_block():
                _sub_calls(w, sub, mr, nv, True, lanes, registers, spare)
        w.directive("#endif")
    return name, w.text()


def add_helpers(ctx: RenderContext, variants: set[tuple[int, int]], packed: bool,
                prefetch: bool, grid: bool = False, ahead: bool = False) -> None:
    """Emit the store helper (``csrc/conv_put.h``) and the micro-tiles ``variants``
    ((MR, NV) or (MR, NV, loads): see :func:`tile_function`) with their sub-tile, for
    packed weights when ``packed``, prefetching when ``prefetch``, broadcasting from a
    grid when ``grid``, prefetching the broadcast rows when ``ahead``."""
    ctx.add_helper("rlx_cv_put", _csrc("conv_put.h"))
    if not variants:
        return
    name, source = sub_function(packed, prefetch, grid, ahead)
    ctx.add_helper(name, source)
    for variant in sorted(variants):
        name, source = tile_function(*variant[:2], packed, prefetch, grid, ahead, *variant[2:])
        ctx.add_helper(name, source)
