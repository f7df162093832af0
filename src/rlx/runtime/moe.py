"""The mixture-of-experts runtime surface: expert residency, router capture, statistics.

A compiled graph's *MoE layers* are the distinct expert-id tensors its
``grouped_matmul`` nodes read (one per router: a layer's gate, up and down
projections share it), in forward (graph) order. :func:`observe_moe` adds each as a
hidden output of the program, so after every run :class:`MoeState` holds the ids the
kernels really consumed (at the run's extents, for symbolic token counts):

* ``set_moe_resident_experts(mask)`` / ``set_moe_resident_experts_per_layer(masks)``:
  which experts are *resident* (placed on the fast tier: a device's memory where there
  is one). One mask of E bools for every layer, or one per layer in forward order.
  Placement never changes results: a non-resident expert is computed where its weights
  are (the spec: the grouped product is identical for full and partial residency).
  On reference and cpu, whose weights all live in host memory, every expert runs on
  the host either way; the masks decide the accounting below. All experts start
  resident.
* ``enable_moe_topk_capture(num_experts)`` arms a capture of the next run's router
  top-k; ``take_moe_topk_capture()`` returns it (one list per layer of the expert ids
  in token-major order: token 0's k ids, then token 1's, ...) and disarms; None when
  nothing was captured.
* ``take_moe_residency_stats()``: :class:`MoeResidencyStats` of the last run (selections
  that went to resident and to non-resident experts, per layer), then None until the
  next run.

Graphs without ``grouped_matmul`` have no MoE layers: the setters raise InputError
(there is nothing to place), capture returns False and the takes None.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from rlx.errors import InputError
from rlx.ir.graph import Graph

MOE_OP = "grouped_matmul"


def moe_layers(graph: Graph) -> list[tuple[int, int]]:
    """(expert-id node, expert count) of each MoE layer of ``graph``, in forward order."""
    layers: dict[int, int] = {}
    for node in graph.nodes:
        if node.op == MOE_OP:
            ids, weight = node.inputs[1], node.inputs[2]
            layers.setdefault(ids, int(graph.nodes[weight].shape[0]))
    return sorted(layers.items())


def observe_moe(graph: Graph) -> tuple[Graph, list[int]]:
    """``graph`` with each MoE layer's expert ids appended as a hidden output (a copy;
    ``graph`` itself when it has no MoE layer), and each layer's expert count."""
    layers = moe_layers(graph)
    if not layers:
        return graph, []
    seen = Graph.from_nodes(graph.name, graph.nodes,
                            list(graph.outputs) + [nid for nid, _ in layers])
    return seen, [experts for _, experts in layers]


@dataclass(frozen=True)
class MoeResidencyStats:
    """Where one run's expert selections went, per MoE layer (forward order)."""

    resident: tuple[int, ...]
    """Selections (token, slot) whose expert was resident."""
    offloaded: tuple[int, ...]
    """Selections whose expert was not resident."""

    @property
    def total_resident(self) -> int:
        return sum(self.resident)

    @property
    def total_offloaded(self) -> int:
        return sum(self.offloaded)


class MoeState:
    """The MoE layers of one compiled graph and what its runs recorded."""

    def __init__(self, experts: Sequence[int]):
        self.experts = list(experts)
        self.masks = [np.ones(e, bool) for e in self.experts]
        self._armed = False
        self._capture: list[list[int]] | None = None
        self._stats: MoeResidencyStats | None = None

    def settings_copy(self) -> MoeState:
        """A state of the same layers with copies of these masks and the capture armed
        as here (a clone's: the executable's state, as the spec's deep clone copies
        it), and nothing recorded yet."""
        twin = MoeState(self.experts)
        twin.masks = [m.copy() for m in self.masks]
        twin._armed = self._armed
        return twin

    @property
    def masks(self) -> list[np.ndarray]:
        """Per MoE layer, which experts are resident (all of them until set)."""
        return self._masks

    @masks.setter
    def masks(self, masks: list[np.ndarray]) -> None:
        self._masks = masks
        self._everywhere = all(bool(m.all()) for m in masks)

    @property
    def hidden_outputs(self) -> int:
        return len(self.experts)

    def _need_layers(self, what: str) -> None:
        if not self.experts:
            raise InputError(f"{what}: this graph has no MoE layer (no grouped_matmul)")

    @staticmethod
    def _mask(value: Sequence[bool], experts: int, where: str) -> np.ndarray:
        try:
            mask = np.asarray(value)
        except (ValueError, TypeError):
            mask = np.asarray(None)
        if mask.ndim != 1 or len(mask) != experts or mask.dtype.kind not in "bui" or \
                (mask.dtype.kind != "b" and not np.isin(mask, (0, 1)).all()):
            raise InputError(f"{where}: a residency mask is {experts} bools (one per "
                             f"expert; 0 and 1 count as bools), got {mask.shape} of "
                             f"{mask.dtype}")
        return mask.astype(bool)

    def set_resident(self, mask: Sequence[bool]) -> None:
        self._need_layers("set_moe_resident_experts")
        if len(set(self.experts)) != 1:
            raise InputError("set_moe_resident_experts: the layers have different expert "
                             f"counts {self.experts}; use set_moe_resident_experts_per_layer")
        m = self._mask(mask, self.experts[0], "set_moe_resident_experts")
        self.masks = [m.copy() for _ in self.experts]

    def set_resident_per_layer(self, masks: Sequence[Sequence[bool]]) -> None:
        self._need_layers("set_moe_resident_experts_per_layer")
        if not isinstance(masks, Sequence | np.ndarray) or isinstance(masks, str | bytes):
            raise InputError(f"set_moe_resident_experts_per_layer: expected a list of "
                             f"{len(self.experts)} masks, one per MoE layer, got "
                             f"{type(masks).__name__}")
        if len(masks) != len(self.experts):
            raise InputError(f"set_moe_resident_experts_per_layer: {len(self.experts)} MoE "
                             f"layers, got {len(masks)} masks")
        self.masks = [self._mask(m, e, f"set_moe_resident_experts_per_layer (layer {i})")
                      for i, (m, e) in enumerate(zip(masks, self.experts))]

    def enable_capture(self, num_experts: int) -> bool:
        if isinstance(num_experts, bool) or not isinstance(num_experts, int | np.integer) \
                or num_experts < 1:
            raise InputError(f"enable_moe_topk_capture: num_experts must be a positive int, "
                             f"got {num_experts!r}")
        if not self.experts or any(e != num_experts for e in self.experts):
            return False
        self._armed = True
        return True

    def take_capture(self) -> list[list[int]] | None:
        out, self._capture = self._capture, None
        return out

    def take_stats(self) -> MoeResidencyStats | None:
        out, self._stats = self._stats, None
        return out

    def observe(self, ids: Sequence[np.ndarray]) -> None:
        """Record one run's expert ids (one array [T, K] per layer). With every expert
        resident (the default) each selection is a hit, counted without reading the ids
        (a decode step of a 16-layer MoE decoder spent 0.1-0.2 ms looking them up)."""
        if self._everywhere:
            sizes = tuple(int(layer_ids.size) for layer_ids in ids)
            self._stats = MoeResidencyStats(sizes, (0,) * len(sizes))
        else:
            resident, offloaded = [], []
            for layer_ids, mask in zip(ids, self.masks):
                flat = np.asarray(layer_ids, np.int64).reshape(-1)
                hits = int(mask[flat].sum())
                resident.append(hits)
                offloaded.append(flat.size - hits)
            self._stats = MoeResidencyStats(tuple(resident), tuple(offloaded))
        if self._armed:
            self._capture = [[int(v) for v in np.asarray(a).reshape(-1)] for a in ids]
            self._armed = False
