"""Memory planning: where every materialised value of a Program lives.

:func:`plan_memory` gives each kernel output a :class:`BufferPlan`:

* ``external``: leaves that kernels read (inputs, params, constants, arange) and
  random values. They have fixed slots of their own and take no arena bytes.
* ``output``: graph outputs. Fixed result slots, no arena bytes.
* ``view``: the output of a ``view`` kernel that only reinterprets bytes (reshape,
  squeeze, unsqueeze, a slice selecting one contiguous run, a cast to the same dtype).
  It aliases ``root`` (the buffer that owns the bytes, never itself a view) at byte
  ``offset`` and takes no bytes. A view that is a graph output is an ``output`` instead.
* ``arena``: every other intermediate, placed at an aligned ``offset`` in one shared
  arena.

Liveness is measured in kernel indices. A value is live from the kernel that defines
it to the last kernel that reads it (both inclusive); a view's reads also keep its
root alive. Arena offsets come from a best-fit free list; a buffer is freed after the
last kernel that reads it, so a kernel's outputs never overlap its operands, except
for recorded in-place pairs (an elementwise kernel writing over an operand that dies
there, see :func:`plan_memory`).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field

from rlx.ir.graph import Graph, Node
from rlx.ir.ops import LEAF_OPS, RANDOM_OPS, RESHAPE_LIKE, normalize_slice
from rlx.passes.program import Kernel, Program

FIXED_SLOT_OPS = LEAF_OPS | RANDOM_OPS
"""Ops whose values live in slots of their own, never in the arena."""

RESHAPE_LIKE_OPS = RESHAPE_LIKE
"""Ops that keep every element at its row-major position: always byte-for-byte views."""

BUFFER_KINDS = ("arena", "view", "external", "output")


@dataclass
class BufferPlan:
    """Where one materialised value lives.

    ``offset`` is the byte offset in the arena for ``arena`` buffers and the byte offset
    inside ``root`` for ``view`` buffers (0 otherwise). ``start`` / ``end`` are the
    kernel indices of the definition and the last read, inclusive; a root's ``end``
    also covers the reads of its views, and a value no later kernel reads ends at its
    own kernel. Leaves start at 0.
    """

    node: int
    nbytes: int
    kind: str
    offset: int = 0
    root: int | None = None
    start: int = 0
    end: int = 0


@dataclass
class MemoryPlan:
    """The buffers of a program and the arena that holds its intermediates.

    ``arena_bytes`` is the arena size (its peak use). ``naive_bytes`` is what the arena
    buffers would need if each had its own aligned slot. ``inplace`` lists
    ``(dying buffer, new buffer)`` pairs where the new buffer took the dying one's bytes
    at the kernel where one ends and the other starts.
    """

    buffers: dict[int, BufferPlan]
    arena_bytes: int
    naive_bytes: int
    alignment: int
    inplace: list[tuple[int, int]] = field(default_factory=list)

    @property
    def bytes_saved(self) -> int:
        return self.naive_bytes - self.arena_bytes

    def of_kind(self, kind: str) -> list[BufferPlan]:
        """The buffers of ``kind``, by node id."""
        return [b for _, b in sorted(self.buffers.items()) if b.kind == kind]

    def summary(self) -> str:
        counts = ", ".join(f"{len(self.of_kind(k))} {k}" for k in BUFFER_KINDS)
        saved_pct = 100.0 * self.bytes_saved / self.naive_bytes if self.naive_bytes else 0.0
        return "\n".join([
            f"memory plan: {len(self.buffers)} buffers ({counts}), alignment {self.alignment}",
            f"arena {self.arena_bytes} B vs naive {self.naive_bytes} B: "
            f"{self.bytes_saved} B saved ({saved_pct:.1f}%)",
            f"in-place pairs: {len(self.inplace)}",
        ])


# --------------------------------------------------------------------------- slices

def contiguous_slice_offset(in_shape: Sequence[int], starts: Sequence[int | None],
                            stops: Sequence[int | None], steps: Sequence[int],
                            itemsize: int) -> int | None:
    """Byte offset of ``x[slices]`` inside the row-major bytes of ``x``, or None.

    Bounds follow Python slicing (None allowed, negatives count from the end). The result
    is an offset exactly when the selected elements, in the output's row-major order, are
    one contiguous run of ``x``'s elements. Call the first axis selecting more than one
    element the leading axis; the selection is a run if and only if

    * every axis before the leading axis selects a single element (any start, any step),
    * the leading axis has step 1, and
    * every axis after it is selected whole in order (start 0, step 1; a size-1 axis is
      whole whatever its step).

    A selection of one element is always a run, and so is an empty one (offset 0).
    """
    if not len(in_shape) == len(starts) == len(stops) == len(steps):
        raise ValueError("contiguous_slice_offset: need one start/stop/step per axis of "
                         f"{tuple(in_shape)}")
    bounds = zip(in_shape, starts, stops, steps, strict=True)
    picks = [normalize_slice(dim, start, stop, step) for dim, start, stop, step in bounds]
    lengths = [length for _, _, _, length in picks]
    if 0 in lengths:
        return 0
    leading = next((axis for axis, n in enumerate(lengths) if n > 1), None)
    if leading is not None and not _is_run_from(in_shape, picks, leading):
        return None
    first = [start for start, _, _, _ in picks]
    return itemsize * _flat_index(in_shape, first)


def _is_run_from(in_shape: Sequence[int], picks: list[tuple[int, int, int, int]],
                 leading: int) -> bool:
    """Whether the leading axis steps by 1 and every later axis is selected whole."""
    if picks[leading][2] != 1:
        return False
    for dim, (_, _, step, length) in zip(in_shape[leading + 1:], picks[leading + 1:], strict=True):
        if length != dim or (dim > 1 and step != 1):
            return False
    return True


def _flat_index(shape: Sequence[int], index: Sequence[int]) -> int:
    """Row-major flat position of ``index`` in an array of ``shape``."""
    flat = 0
    for dim, i in zip(shape, index, strict=True):
        flat = flat * dim + i
    return flat


# --------------------------------------------------------------------------- views

def view_offset(graph: Graph, node: Node) -> int | None:
    """Byte offset of ``node``'s value inside its operand's bytes, or None.

    None means the node must compute its own bytes: only reshape-like ops, bitcasts,
    contiguous slices, casts to the operand's own dtype and unpacks (one result of a
    packed control-flow node) reinterpret their operand in place.
    """
    if node.op in RESHAPE_LIKE_OPS or node.op == "bitcast":
        return 0
    if node.op == "unpack":
        return node.attr("offset")
    if node.op not in ("cast", "slice"):
        return None
    operand = graph.nodes[node.inputs[0]]
    if node.op == "cast" and operand.dtype == node.dtype:
        return 0
    if node.op == "slice":
        return contiguous_slice_offset(operand.shape, node.attr("starts"), node.attr("stops"),
                                       node.attr("steps"), operand.dtype.itemsize)
    return None


def _alias_source(graph: Graph, kernel: Kernel, node_id: int) -> tuple[int, int] | None:
    """``(source, byte offset)`` when output ``node_id`` of ``kernel`` reinterprets bytes.

    Walks from the output through the kernel's own nodes, every one of which must be a
    view, to the value read from outside the kernel. None when any step computes.
    """
    members = set(kernel.nodes)
    offset = 0
    while node_id in members:
        node = graph.nodes[node_id]
        step = view_offset(graph, node)
        if step is None:
            return None
        offset += step
        node_id = node.inputs[0]
    return node_id, offset


# --------------------------------------------------------------------------- liveness

def _definitions(program: Program) -> dict[int, int]:
    """Kernel index defining each kernel output; checks kernels read only defined values."""
    nodes = program.graph.nodes
    defined: dict[int, int] = {}
    for k, kernel in enumerate(program.kernels):
        for i in kernel.inputs:
            if i not in defined and nodes[i].op not in LEAF_OPS:
                raise ValueError(f"kernel {k} ({kernel.name}) reads node {i}, which no "
                                 "earlier kernel materialises")
        for o in kernel.outputs:
            if o in defined:
                raise ValueError(f"node {o} is an output of kernels {defined[o]} and {k}")
            defined[o] = k
    return defined


def _last_reads(program: Program) -> dict[int, int]:
    """Index of the last kernel reading each value read by any kernel."""
    last: dict[int, int] = {}
    for k, kernel in enumerate(program.kernels):
        for i in kernel.inputs:
            last[i] = k
    return last


def _classify(program: Program, defined: dict[int, int],
              last_read: dict[int, int]) -> dict[int, BufferPlan]:
    """One BufferPlan per read leaf and kernel output, with kind, size and own live range.

    Views get their root and offset here; arena offsets are assigned later.
    """
    graph = program.graph
    outputs = set(graph.outputs)
    buffers: dict[int, BufferPlan] = {}
    for i in sorted(last_read):
        if i not in defined:
            buffers[i] = BufferPlan(i, graph.nodes[i].type.nbytes, "external", end=last_read[i])
    for k, kernel in enumerate(program.kernels):
        for o in kernel.outputs:
            buf = BufferPlan(o, graph.nodes[o].type.nbytes, "arena", start=k,
                             end=max(k, last_read.get(o, k)))
            if o in outputs:
                buf.kind = "output"
            elif graph.nodes[o].op in FIXED_SLOT_OPS:
                buf.kind = "external"
            elif kernel.kind == "view":
                _make_view_if_aliasing(graph, kernel, buf, buffers)
            buffers[o] = buf
    return buffers


def _make_view_if_aliasing(graph: Graph, kernel: Kernel, buf: BufferPlan,
                           buffers: dict[int, BufferPlan]) -> None:
    """Turn ``buf`` into a view of its source's root when the kernel only reinterprets."""
    alias = _alias_source(graph, kernel, buf.node)
    if alias is None:
        return
    source, offset = alias
    if source not in buffers:
        raise ValueError(f"kernel {kernel.name} reads node {source} without listing it in "
                         "its inputs")
    src = buffers[source]
    buf.kind = "view"
    if src.kind == "view":
        buf.root = src.root
        buf.offset = src.offset + offset
    else:
        buf.root = source
        buf.offset = offset


def _extend_roots(buffers: dict[int, BufferPlan]) -> None:
    """Make every root live as long as each view of it."""
    for buf in buffers.values():
        if buf.kind == "view":
            root = buffers[buf.root]
            root.end = max(root.end, buf.end)


# --------------------------------------------------------------------------- placement

def _round_up(n: int, alignment: int) -> int:
    return -(-n // alignment) * alignment


class _BestFitArena:
    """A growable arena with a best-fit free list; sizes given must be aligned already.

    Free blocks are kept sorted by offset and merged with free neighbours. When no
    free block fits, the arena grows at its end, absorbing a free block that touches
    the end. ``top`` never shrinks, so it is the peak size.
    """

    def __init__(self) -> None:
        self.top = 0
        self._free: list[tuple[int, int]] = []  # (offset, size), sorted by offset

    def alloc(self, size: int) -> int:
        if size == 0:
            return 0
        best = self._best_fit(size)
        if best is None:
            return self._grow(size)
        offset, block = self._free[best]
        if block == size:
            del self._free[best]
        else:
            self._free[best] = (offset + size, block - size)
        return offset

    def free(self, offset: int, size: int) -> None:
        if size == 0:
            return
        at = bisect.bisect_left(self._free, (offset, size))
        self._free.insert(at, (offset, size))
        if at + 1 < len(self._free):
            self._merge_with_next(at)
        if at > 0:
            self._merge_with_next(at - 1)

    def _best_fit(self, size: int) -> int | None:
        """Index of the smallest free block holding ``size`` bytes (lowest offset on ties)."""
        best = None
        for idx, (_, block) in enumerate(self._free):
            if block >= size and (best is None or block < self._free[best][1]):
                best = idx
        return best

    def _grow(self, size: int) -> int:
        if self._free and sum(self._free[-1]) == self.top:
            offset, _ = self._free.pop()
        else:
            offset = self.top
        self.top = offset + size
        return offset

    def _merge_with_next(self, idx: int) -> None:
        offset, size = self._free[idx]
        next_offset, next_size = self._free[idx + 1]
        if offset + size == next_offset:
            self._free[idx] = (offset, size + next_size)
            del self._free[idx + 1]


def _inplace_donor(graph: Graph, k: int, kernel: Kernel, buf: BufferPlan,
                   buffers: dict[int, BufferPlan]) -> BufferPlan | None:
    """An operand of kernel ``k`` whose bytes ``buf`` (the kernel's output) may take over.

    Only single-output elementwise kernels qualify (each output element then depends
    only on the operand elements at the same position). The donor must be an arena
    buffer whose live range, views included, ends at ``k``, that no view read at ``k``
    aliases, and that has the output's exact shape (no broadcast) and byte size.
    """
    if kernel.kind != "elementwise" or len(kernel.outputs) != 1:
        return None
    shape = graph.nodes[buf.node].shape
    roots_read_via_views = {buffers[i].root for i in kernel.inputs if buffers[i].kind == "view"}
    for i in kernel.inputs:
        cand = buffers[i]
        if cand.kind != "arena" or cand.end != k or i in roots_read_via_views:
            continue
        if cand.nbytes == buf.nbytes and graph.nodes[i].shape == shape:
            return cand
    return None


def _place_arena_buffers(program: Program, buffers: dict[int, BufferPlan],
                         alignment: int) -> tuple[int, list[tuple[int, int]]]:
    """Assign arena offsets kernel by kernel; returns (arena size, in-place pairs).

    At kernel ``k`` its outputs are placed (in place over a dying operand, or best fit)
    while everything read at ``k`` is still held; then every buffer ending at ``k`` is
    freed, except those whose bytes were handed to an in-place output.
    """
    arena = _BestFitArena()
    arena_bufs = [b for b in buffers.values() if b.kind == "arena"]
    ending: dict[int, list[BufferPlan]] = {}
    for buf in arena_bufs:
        ending.setdefault(buf.end, []).append(buf)
    inplace: list[tuple[int, int]] = []
    handed_over: set[int] = set()
    for k, kernel in enumerate(program.kernels):
        for o in kernel.outputs:
            buf = buffers[o]
            if buf.kind != "arena":
                continue
            donor = _inplace_donor(program.graph, k, kernel, buf, buffers)
            if donor is None:
                buf.offset = arena.alloc(_round_up(buf.nbytes, alignment))
            else:
                buf.offset = donor.offset
                inplace.append((donor.node, buf.node))
                handed_over.add(donor.node)
        for buf in ending.get(k, []):
            if buf.node not in handed_over:
                arena.free(buf.offset, _round_up(buf.nbytes, alignment))
    return arena.top, inplace


def plan_memory(program: Program, alignment: int = 64) -> MemoryPlan:
    """Plan the bytes of every value ``program``'s kernels materialise.

    Every kernel output gets a buffer (leaves read by kernels get ``external`` entries
    too); see the module docstring for the kinds. Arena buffers are placed best fit at
    offsets that are multiples of ``alignment``, reusing bytes of dead values. An
    elementwise kernel with a single output writes in place over an operand when that
    operand is an arena buffer that dies at this kernel (no view of it is read here or
    later) and has the output's shape and byte size; such pairs are listed in
    ``MemoryPlan.inplace``. Raises ValueError for a malformed program (a kernel reading
    a value no earlier kernel materialises).
    """
    if alignment < 1:
        raise ValueError(f"alignment must be positive, got {alignment}")
    defined = _definitions(program)
    buffers = _classify(program, defined, _last_reads(program))
    _extend_roots(buffers)
    arena_bytes, inplace = _place_arena_buffers(program, buffers, alignment)
    naive = sum(_round_up(b.nbytes, alignment) for b in buffers.values() if b.kind == "arena")
    return MemoryPlan(buffers, arena_bytes, naive, alignment, inplace)


# --------------------------------------------------------------------------- checking

def check_plan(plan: MemoryPlan) -> None:
    """Raise AssertionError if ``plan`` could corrupt a value.

    Checks that arena offsets are aligned and inside ``arena_bytes``, that no two arena
    buffers with overlapping live ranges share a byte (a recorded in-place pair whose
    ranges touch only at the handover kernel is allowed), and that every view lies
    inside a non-view root that stays live while the view is.
    """
    arena_bufs = sorted(plan.of_kind("arena"), key=lambda b: (b.start, b.node))
    for buf in arena_bufs:
        _check_placed(plan, buf)
    handovers = set(plan.inplace)
    for idx, a in enumerate(arena_bufs):
        for b in arena_bufs[idx + 1:]:
            if b.start > a.end:
                break
            if _share_bytes(a, b) and not _is_handover(a, b, handovers):
                raise AssertionError(f"buffers %{a.node} [{a.start}, {a.end}] and %{b.node} "
                                     f"[{b.start}, {b.end}] are live together and share bytes "
                                     f"({a.offset}+{a.nbytes} vs {b.offset}+{b.nbytes})")
    for view in plan.of_kind("view"):
        _check_view(plan, view)


def _check_placed(plan: MemoryPlan, buf: BufferPlan) -> None:
    if buf.offset % plan.alignment:
        raise AssertionError(f"buffer %{buf.node} offset {buf.offset} is not aligned to "
                             f"{plan.alignment}")
    if buf.offset < 0 or buf.offset + buf.nbytes > plan.arena_bytes:
        raise AssertionError(f"buffer %{buf.node} [{buf.offset}, {buf.offset + buf.nbytes}) "
                             f"does not fit in the {plan.arena_bytes}-byte arena")


def _share_bytes(a: BufferPlan, b: BufferPlan) -> bool:
    return a.offset < b.offset + b.nbytes and b.offset < a.offset + a.nbytes


def _is_handover(a: BufferPlan, b: BufferPlan, handovers: set[tuple[int, int]]) -> bool:
    """Whether one of a, b took the other's bytes at the kernel where it died."""
    if (a.node, b.node) in handovers:
        return a.end == b.start
    if (b.node, a.node) in handovers:
        return b.end == a.start
    return False


def _check_view(plan: MemoryPlan, view: BufferPlan) -> None:
    root = plan.buffers.get(view.root)
    if root is None or root.kind == "view":
        raise AssertionError(f"view %{view.node} has root %{view.root}, which is not a "
                             "planned non-view buffer")
    if view.offset < 0 or view.offset + view.nbytes > root.nbytes:
        raise AssertionError(f"view %{view.node} [{view.offset}, {view.offset + view.nbytes}) "
                             f"lies outside its root %{root.node} ({root.nbytes} bytes)")
    if root.kind == "arena" and root.end < view.end:
        raise AssertionError(f"root %{root.node} dies at kernel {root.end} before its view "
                             f"%{view.node} (last read at {view.end})")
