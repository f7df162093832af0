"""Symbolic extents: one program for every input size up to the bounds.

A graph whose inputs have symbolic dimensions (``rlx.Dim("seq", max=512)``) is
compiled once, at the bounds. At run time an input shorter than its bound sits at the
start of its padded buffer, and the graph's *active* positions (those below every
symbol's extent) are the positions an exact-shape program would have. Every op that
reads one position per output position (elementwise ops, matmul rows and columns,
gathers, shape ops) then gives the exact-shape results at the active positions,
whatever the padding holds. :func:`lower_extents` makes the ops that combine positions
along a symbolic axis ignore the padding, with the extents fed as hidden scalar
inputs:

* reductions, cumulative sums, softmax and the contraction of a matmul see the padded
  positions replaced by the operation's identity (0, 1, -inf, +inf), and ``mean``
  divides by the active count; a rounding to a number format scaled by the amax of
  the tensor or of a block sees them as 0;
* attention masks the padded keys and zeroes their keys and values, and
  cached_attention zeroes its padded new keys and values (a backend whose attention
  reads only the active keys and new rows, like cpu, skips this);
* a slice window ``[start:stop]`` along a symbolic axis records that the extent must
  be at least ``stop``.

An op that would need more (a symbolic axis normalised by a layer norm, concatenated,
padded, flipped, convolved over, sorted, or a causal mask aligned to two different
extents) raises a GraphBuildError naming it: nothing runs with silently wrong numbers.
Since the padding never reaches a result, a kernel is free to skip padded positions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from rlx.errors import GraphBuildError
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, OPS, ops_with
from rlx.ir.types import Dim, TensorType, dim_factors, format_dim, merge_dims, symbols_of
from rlx.passes.rewrite import rebuild

EXTENT_INPUT_PREFIX = "rlx.extent."

# ops whose output position reads the same positions of its operands along every
# symbolic axis (a symbolic axis is carried through by shape inference): the op
# contract's "positionwise" trait
_POSITIONWISE = ops_with("positionwise")
_REDUCE = frozenset(k for k, d in OPS.items() if d.category == "reduce")
# ops whose result may drop a symbolic axis of an operand (summed over, cut, indexed)
_CONTRACTING = _REDUCE | {"matmul", "attention", "slice", "gather"}


@dataclass
class ExtentInfo:
    """What the runtime needs to run a lowered graph: each symbol's bound, the hidden
    input that carries its extent, and the smallest extent each symbol allows (a slice
    window or fixed indices need the positions they read)."""

    bounds: dict[str, int] = field(default_factory=dict)
    inputs: dict[str, str] = field(default_factory=dict)
    minimum: dict[str, int] = field(default_factory=dict)


def graph_symbols(graph: Graph) -> dict[str, int]:
    """The symbols of ``graph``'s inputs with their bounds; GraphBuildError when one
    name has two bounds."""
    bounds: dict[str, int] = {}
    for name, t in graph.inputs:
        for d in t.shape:
            if isinstance(d, Dim):
                if bounds.setdefault(d.name, int(d)) != int(d):
                    raise GraphBuildError(f"symbol {d.name!r} has two bounds: "
                                          f"{bounds[d.name]} and {int(d)} (input {name!r})")
    return bounds


def reached_from(graph: Graph, seed: Callable[[Node], bool]) -> list[bool]:
    """Per node, whether it is a ``seed`` or computed from one."""
    reached = [False] * len(graph.nodes)
    for nid, node in enumerate(graph.nodes):
        reached[nid] = seed(node) or any(reached[i] for i in node.inputs)
    return reached


def extent_masks(graph: Graph) -> frozenset[int]:
    """The masks :func:`lower_extents` adds: the ``where`` nodes whose condition comes
    from an extent, and the nodes computing those conditions from the extents alone
    (``lt`` of positions, the ``logical_and`` of two axes' masks, their reshapes and
    broadcasts). They set or pick padded positions that a later op reads, so whatever
    computes them must visit the padding: a condition computed at the active positions
    only would keep a larger earlier run's values in its padding."""
    def is_extent(n: Node) -> bool:
        return n.op == "input" and n.attr("name").startswith(EXTENT_INPUT_PREFIX)

    derived = reached_from(graph, is_extent)
    data = reached_from(graph, lambda n: n.op in ("input", "param") and not is_extent(n))
    return frozenset(nid for nid, node in enumerate(graph.nodes) if derived[nid] and (
        not data[nid] or node.op == "where" and derived[node.inputs[0]]))


def lower_extents(graph: Graph, reads_active_keys: bool = False
                  ) -> tuple[Graph, ExtentInfo]:
    """``graph`` with the padding of symbolic axes kept out of every result, and the
    :class:`ExtentInfo` the runtime feeds it with. A graph without symbols comes back
    unchanged. ``reads_active_keys``: the backend's attention reads no key past a
    symbolic key axis's extent, and its cached_attention no new row past the new rows'
    extent, so padded keys and values need no mask."""
    info = ExtentInfo(bounds=graph_symbols(graph))
    if not info.bounds:
        return graph, info
    for name, _ in graph.inputs:
        if name.startswith(EXTENT_INPUT_PREFIX):
            raise GraphBuildError(f"input name {name!r} is reserved for extents")
    lowering = _Lowering(graph, info, reads_active_keys)
    new, _ = rebuild(graph, lowering.rule)
    lowering.new = new
    for symbol in info.bounds:      # kernels read every extent, to skip padded work
        lowering._extent(symbol)
    return new, info


def _fill(dtype: DType, what: str) -> float | int | bool:
    """The identity ``what`` ("zero", "one", "low", "high") in ``dtype``."""
    if what == "zero":
        return False if dtype.is_bool else 0
    if what == "one":
        return True if dtype.is_bool else 1
    if dtype.is_float:
        return -np.inf if what == "low" else np.inf
    if dtype.is_bool:
        return what == "high"
    info = np.iinfo(dtype.np)
    return int(info.min if what == "low" else info.max)


_REDUCE_FILL = {"sum": "zero", "mean": "zero", "prod": "one", "max": "low", "min": "high",
                "logsumexp": "low", "argmax": "low", "argmin": "high"}


class _Lowering:
    def __init__(self, graph: Graph, info: ExtentInfo, reads_active_keys: bool = False):
        self.graph = graph
        self.info = info
        self.reads_active_keys = reads_active_keys
        self.new: Graph | None = None
        self._masks: dict[tuple, int] = {}
        self._extents: dict[str, int] = {}
        # whether each node depends on an input (else it is fixed when compiled)
        self._fed = reached_from(graph, lambda n: n.op == "input")

    # ------------------------------------------------------------------ helpers
    def _fail(self, node: Node, why: str) -> GraphBuildError:
        types = ", ".join(str(self.graph.nodes[i].type) for i in node.inputs)
        return GraphBuildError(f"{node.op}({types}) with symbolic dimensions: {why}. Compile "
                               "this part with fixed sizes (a Dim's bound), or keep the "
                               "symbolic axis out of it")

    def _extent(self, symbol: str) -> int:
        """The hidden i64 scalar input holding ``symbol``'s extent."""
        if symbol not in self._extents:
            name = EXTENT_INPUT_PREFIX + symbol
            self._extents[symbol] = self.new.add("input", (), name=name, shape=(), dtype="i64")
            self.info.inputs[symbol] = name
        return self._extents[symbol]

    def _const(self, value, dtype: DType) -> int:
        return self.new.constant(np.array(value, dtype=dtype.np)).id

    def _axis_mask(self, dim: Dim, axis: int, rank: int) -> int:
        """bool, True at the active positions of ``dim``, shaped to broadcast along
        ``axis`` of a rank-``rank`` operand."""
        key = (dim.factors, axis, rank)
        if key in self._masks:
            return self._masks[key]
        g = self.new
        factors = dim.factors
        k = len(factors)
        mask = None
        for i, (symbol, n) in enumerate(factors):
            if symbol is None:
                continue
            positions = g.add("arange", (), start=0, stop=n, step=1, dtype="i64")
            below = g.add("lt", (positions, self._extent(symbol)))
            shape = tuple(n if j == i else 1 for j in range(k))
            below = g.add("reshape", (below,), shape=shape)
            mask = below if mask is None else g.add("logical_and", (mask, below))
        full = tuple(n for _, n in factors)
        if g.nodes[mask].type.shape != full:
            mask = g.add("broadcast_to", (mask,), shape=full)
        shape = tuple(dim if j == axis else 1 for j in range(rank))
        mask = g.add("reshape", (mask,), shape=shape)
        self._masks[key] = mask
        return mask

    def _masked(self, x: int, t: TensorType, axes, what: str, dims=None) -> int:
        """``x`` with its padded positions along ``axes`` set to the identity ``what``.
        ``dims`` names the symbolic dimension of each axis when ``t``'s own is fixed
        (the other operand of a matmul)."""
        mask = None
        for axis, dim in zip(axes, dims or [t.shape[a] for a in axes]):
            if isinstance(dim, Dim):
                m = self._axis_mask(dim, axis, t.rank)
                mask = m if mask is None else self.new.add("logical_and", (mask, m))
        if mask is None:
            return x
        return self.new.add("where", (mask, x, self._const(_fill(t.dtype, what), t.dtype)))

    def _require_fixed(self, node: Node, t: TensorType, axes, what: str) -> None:
        for axis in axes:
            if isinstance(t.shape[axis], Dim):
                raise self._fail(node, f"{what} (axis {axis}, {format_dim(t.shape[axis])})")

    # ------------------------------------------------------------------ the rule
    def rule(self, new: Graph, nid: int, node: Node, operands: list[int]) -> int | None:
        self.new = new
        ins = [self.graph.nodes[i].type for i in node.inputs]
        out = node.type
        if not out.symbolic and not any(t.symbolic for t in ins):
            return None
        op = node.op
        if op in _REDUCE:
            return self._reduce(node, ins, operands)
        if OPS[op].category in ELEMENTWISE_CATEGORIES:
            result = None
        elif op in _POSITIONWISE:
            result = getattr(self, "_" + op, self._positionwise)(node, ins, operands)
        else:
            raise self._fail(node, "not supported")
        if op not in _CONTRACTING:
            lost = set().union(*(symbols_of(t.shape) for t in ins)) - symbols_of(out.shape)
            if lost:
                raise self._fail(node, f"the result loses the symbolic dimension "
                                       f"{sorted(lost)[0]!r}")
        return result

    def _positionwise(self, node, ins, operands):
        return None

    def _reduce(self, node, ins, operands):
        x = ins[0]
        a = node.attr_dict
        axes = a["axes"] if "axes" in a else (a["axis"],)
        if not any(isinstance(x.shape[i], Dim) for i in axes):
            return None
        if node.op in ("argmax", "argmin") and x.shape[axes[0]].compound:
            raise self._fail(node, "an index along a merged symbolic axis depends on the "
                                   "padding")
        masked = self._masked(operands[0], x, axes, _REDUCE_FILL[node.op])
        if node.op != "mean":
            return self.new.add(node.op, (masked,), **a)
        # in the compute dtype, rounded once at the end, as a fixed-size mean is (an f16
        # sum of 100 values of 1000 overflowed; f16 / bf16 means rounded twice)
        wide = x.dtype.compute
        if wide is not x.dtype:
            masked = self.new.add("cast", (masked,), dtype=wide)
        total = self.new.add("sum", (masked,), **a)
        mean = self.new.add("div", (total, self._count(x, axes, wide)))
        return mean if wide is x.dtype else self.new.add("cast", (mean,), dtype=x.dtype)

    def _count(self, x: TensorType, axes, dtype: DType) -> int:
        """The number of active positions over ``axes`` of ``x``, a scalar of ``dtype``."""
        g = self.new
        fixed = 1
        count = None
        for axis in axes:
            for symbol, n in dim_factors(x.shape[axis]):
                if symbol is None:
                    fixed *= n
                else:
                    e = self._extent(symbol)
                    count = e if count is None else g.add("mul", (count, e))
        count = g.add("cast", (count,), dtype=dtype)
        if fixed != 1:
            count = g.add("mul", (count, self._const(fixed, dtype)))
        return count

    def _cumsum(self, node, ins, operands):
        axis = node.attr("axis")
        if not isinstance(ins[0].shape[axis], Dim):
            return None
        x = self._masked(operands[0], ins[0], (axis,), "zero")
        return self.new.add("cumsum", (x,), **node.attr_dict)

    def _softmax(self, node, ins, operands):
        axis = node.attr("axis")
        if not isinstance(ins[0].shape[axis], Dim):
            return None
        x = self._masked(operands[0], ins[0], (axis,), "low")
        return self.new.add(node.op, (x,), **node.attr_dict)

    _log_softmax = _softmax

    def _round_to_format(self, node, ins, operands):
        """A scaled rounding takes its scale from the amax of the tensor or of a block
        of a row: the padding counts as 0, which never raises an amax (blocks start at
        each row's first position, whatever its length)."""
        axes = [i for i, d in enumerate(ins[0].shape) if isinstance(d, Dim)]
        if node.attr("scaling") == "none" or not axes:
            return None
        x = self._masked(operands[0], ins[0], axes, "zero")
        return self.new.add(node.op, (x,), **node.attr_dict)

    def _matmul(self, node, ins, operands):
        x, y = ins
        kx, ky = x.rank - 1, (0 if y.rank == 1 else y.rank - 2)
        k = merge_dims(x.shape[kx], y.shape[ky])
        if not isinstance(k, Dim):
            return None
        a = self._masked(operands[0], x, (kx,), "zero", (k,))
        b = self._masked(operands[1], y, (ky,), "zero", (k,))
        return self.new.add("matmul", (a, b), **node.attr_dict)

    def _dequant_matmul(self, node, ins, operands):
        self._require_fixed(node, ins[0], (ins[0].rank - 1,), "the contracted axis is "
                                                              "symbolic")
        return None

    def _layer_norm(self, node, ins, operands):
        x = ins[0]
        self._require_fixed(node, x, range(node.attr("axis"), x.rank),
                            "the normalised axes must be fixed")
        return None

    _rms_norm = _layer_norm

    def _batch_norm(self, node, ins, operands):
        self._require_fixed(node, ins[0], (1,), "the channel axis must be fixed")
        return None

    def _gather(self, node, ins, operands):
        # Indices into a symbolic axis count from its extent, as in a program of the
        # exact size: a negative one wraps against the extent, and one outside
        # [-extent, extent) is moved past the bound by the padding, so that the gather
        # fails on it (the index it reports is the user's shifted by bound - extent).
        # Into a merged axis, the padded layout's positions differ from an exact-size
        # layout's: only index tables that no input feeds (an importer's, computed from
        # the bounds) address it.
        d = ins[0].shape[node.attr("axis")]
        if isinstance(d, Dim) and d.compound and self._fed[node.inputs[1]]:
            raise self._fail(node, f"indices computed at run time into the merged axis "
                                   f"{format_dim(d)}")
        indices = self.graph.nodes[node.inputs[1]]
        if isinstance(d, Dim) and d.compound and indices.op == "constant":
            # literal positions count the exact size's layout, whose rows start
            # elsewhere than the padded layout's: they would read other rows, or the
            # padding, and never fail past the extent
            raise self._fail(node, f"literal indices into the merged axis {format_dim(d)} "
                                   "(gather before merging the axes)")
        if isinstance(d, Dim) and not d.compound and indices.op == "constant":
            values = indices.attr("value").array()
            if values.size:   # literal positions: the extent must hold them
                need = max(int(values.max()) + 1, -int(values.min()))
                self.info.minimum[d.name] = max(self.info.minimum.get(d.name, 1), need)
        if ins[0].shape[node.attr("axis")] == 0:
            return None
        idx = self._computed_indices(node.inputs[1], ins[1], operands[1])
        if isinstance(d, Dim) and not d.compound:
            idx = self._from_extent(operands[1] if idx is None else idx, d)
        return None if idx is None else self.new.add("gather", (operands[0], idx),
                                                     **node.attr_dict)

    def _from_extent(self, idx: int, d: Dim) -> int:
        """Indices ``idx`` into the symbolic axis ``d`` (counted from its extent, as an
        exact-size program counts them) as positions of its padded layout: negatives
        wrapped against the extent; those outside [-extent, extent) moved outside
        [-bound, bound) by the padding, where the gather refuses them."""
        g = self.new
        if g.nodes[idx].type.dtype is not DType.I64:
            idx = g.add("cast", (idx,), dtype="i64")
        ext = self._extent(d.name)
        zero = self._const(0, DType.I64)
        padding = g.add("sub", (self._const(int(d), DType.I64), ext))
        wrapped = g.add("where", (g.add("lt", (idx, zero)), g.add("add", (idx, ext)), idx))
        above = g.add("ge", (wrapped, ext))
        below = g.add("lt", (wrapped, zero))
        moved = g.add("where", (above, g.add("add", (wrapped, padding)), wrapped))
        return g.add("where", (below, g.add("sub", (idx, padding)), moved))

    def _computed_indices(self, nid: int, t: TensorType, operand: int) -> int | None:
        """Indices computed at run time (not an input) on symbolic axes: their padding
        may hold anything, so index 0 there instead (None: nothing to mask)."""
        if self.graph.nodes[nid].op == "input" or not t.symbolic:
            return None
        symbolic = [i for i, dim in enumerate(t.shape) if isinstance(dim, Dim)]
        return self._masked(operand, t, symbolic, "zero")

    def _dequant_gather(self, node, ins, operands):
        # rows of a packed table (a quantised embedding): computed indices as _gather's
        idx = self._computed_indices(node.inputs[0], ins[0], operands[0])
        return None if idx is None else self.new.add(
            "dequant_gather", (idx, *operands[1:]), **node.attr_dict)

    def _slice(self, node, ins, operands):
        x = ins[0]
        for axis, (d, o) in enumerate(zip(x.shape, node.type.shape)):
            if isinstance(d, Dim) and not isinstance(o, Dim):
                stop = node.attr("stops")[axis]
                symbol = d.name
                self.info.minimum[symbol] = max(self.info.minimum.get(symbol, 1), int(stop))
        return None

    def _concat(self, node, ins, operands):
        for t in ins:
            self._require_fixed(node, t, (node.attr("axis"),),
                                "concatenation along a symbolic axis")
        return None

    def _pad(self, node, ins, operands):
        pads = node.attr("pads")
        self._require_fixed(node, ins[0], [i for i, p in enumerate(pads) if any(p)],
                            "padding a symbolic axis")
        return None

    def _tile(self, node, ins, operands):
        reps = node.attr("reps")
        self._require_fixed(node, ins[0], [i for i, r in enumerate(reps) if r != 1],
                            "tiling a symbolic axis")
        return None

    def _flip(self, node, ins, operands):
        self._require_fixed(node, ins[0], node.attr("axes"), "flipping a symbolic axis")
        return None

    def _topk(self, node, ins, operands):
        self._require_fixed(node, ins[0], (node.attr("axis"),), "top-k along a symbolic axis")
        return None

    def _bitcast(self, node, ins, operands):
        if ins[0].shape[-1:] != node.type.shape[-1:] or ins[0].rank != node.type.rank:
            self._require_fixed(node, ins[0], (ins[0].rank - 1,), "a bitcast resizing a "
                                                                 "symbolic axis")
        return None

    def _rope(self, node, ins, operands):
        self._require_fixed(node, ins[0], (ins[0].rank - 1,), "the rotated axis must be "
                                                             "fixed")
        return None

    def _conv(self, node, ins, operands):
        self._pool(node, ins, operands)
        self._require_fixed(node, ins[1], (0,), "the weight must be fixed")
        return None

    def _pool(self, node, ins, operands):
        for t in (*ins, node.type):
            self._require_fixed(node, t, range(1, t.rank), "only the batch axis may be "
                                                           "symbolic")
        return None

    _max_pool2d = _avg_pool2d = _pool

    def _attention(self, node, ins, operands):
        q, k, v = ins[:3]
        for t, what in ((q, "query"), (k, "key"), (v, "value")):
            self._require_fixed(node, t, (1, 3), f"the {what} heads and head width must be "
                                                 "fixed")
        s, t_dim = q.shape[2], k.shape[2]
        a = node.attr_dict
        one_extent = dim_factors(s) == dim_factors(t_dim)
        if ((a["causal"] or a["window"] is not None) and not one_extent
                and (isinstance(s, Dim) or isinstance(t_dim, Dim))):
            raise self._fail(node, "a causal or windowed mask is aligned to the end of the "
                                   "keys: queries and keys need one symbolic extent")
        if not isinstance(t_dim, Dim) or self.reads_active_keys:
            return None
        # padded keys: hidden from the scores, and their keys and values zeroed so
        # that whatever the padding holds (nan) adds 0 * 0 to a result
        keys = self._axis_mask(t_dim, 3, 4)        # [1, 1, 1, T]
        k = self._masked(operands[1], k, (2,), "zero", (t_dim,))
        v = self._masked(operands[2], v, (2,), "zero", (t_dim,))
        kind = a["mask_kind"]
        if kind == "none":
            return self.new.add("attention", (operands[0], k, v, keys),
                                **{**a, "mask_kind": "bool"})
        mask, mask_type = operands[3], ins[3]
        if kind == "bool":
            mask = self.new.add("logical_and", (mask, keys))
        else:
            low = self._const(-np.inf, mask_type.dtype)
            mask = self.new.add("where", (keys, mask, low))
        return self.new.add("attention", (operands[0], k, v, mask), **a)

    def _cached_attention(self, node, ins, operands):
        # New rows see the cache and the new rows up to their own: a padded new row is
        # seen by padded rows only, so active rows are exact. Whatever padded keys and
        # values hold is zeroed all the same, since a kernel may multiply a masked
        # score's weight 0 by them (0 * nan is nan).
        q, k, v = ins[:3]
        for t, what in ((q, "query"), (k, "key"), (v, "value")):
            self._require_fixed(node, t, (0, 1, 3), f"only the new rows of the {what} may "
                                                    "be symbolic")
        for t in ins[3:]:
            self._require_fixed(node, t, range(t.rank), "the caches, past_len and the "
                                                        "block table must be fixed")
        s = q.shape[2]
        if not dim_factors(s) == dim_factors(k.shape[2]) == dim_factors(v.shape[2]):
            raise self._fail(node, "queries, keys and values need one symbolic extent")
        if self.reads_active_keys:      # the backend reads no new row past the extent
            return None
        k_new = self._masked(operands[1], k, (2,), "zero")
        v_new = self._masked(operands[2], v, (2,), "zero")
        return self.new.add("cached_attention", (operands[0], k_new, v_new, *operands[3:]),
                            **node.attr_dict)
