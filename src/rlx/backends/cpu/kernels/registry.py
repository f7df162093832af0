"""One registry of what the cpu kernel modules render.

Each kernel module declares a :class:`Renders` at its end: the kernel kinds it renders
whole (fused kernels), the op kinds it renders as single-node kernels, the op kinds it
claims (what the pass pipeline may leave for the cpu backend), and the ISA tiers its
source serves (every tier unless the declaration says otherwise and why).
:func:`assemble` joins the declarations into the backend's tables and refuses a kind
or op that two modules register, instead of letting the later one win silently.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from rlx.backends.cpu.isa import TIERS
from rlx.backends.cpu.render import RenderContext
from rlx.errors import UnsupportedOpError
from rlx.ir.graph import Node
from rlx.passes.program import Kernel

KindRenderer = Callable[[RenderContext, Kernel], "str | None"]
OpRenderer = Callable[[RenderContext, Node], str]


@dataclass(frozen=True)
class Renders:
    """What one kernel module renders.

    module:  the declaring module's name (for error messages).
    kinds:   kernel kind -> renderer of a whole (fused) kernel of that kind.
    ops:     op kind -> renderer of a single-node kernel of that op.
    claims:  the op kinds the module makes the backend support (renders fused or alone).
    tiers:   the ISA tiers (rlx.backends.cpu.isa) whose code the module's source holds.
    missing: why a tier is left out (required when ``tiers`` is not every tier).
    """

    module: str
    kinds: Mapping[str, KindRenderer] = field(default_factory=dict)
    ops: Mapping[str, OpRenderer] = field(default_factory=dict)
    claims: frozenset[str] = frozenset()
    tiers: tuple[str, ...] = TIERS
    missing: str = ""

    def __post_init__(self) -> None:
        if set(self.tiers) != set(TIERS) and not self.missing:
            raise UnsupportedOpError(f"{self.module} renders for tiers {self.tiers} only "
                                     "and does not say why the others are missing")


@dataclass(frozen=True)
class Tables:
    """The backend's renderer tables, joined from every module's declaration."""

    kinds: dict[str, KindRenderer]
    ops: dict[str, OpRenderer]
    supported: frozenset[str]
    declarations: tuple[Renders, ...]


def assemble(declarations: Iterable[Renders], leaves: Iterable[str] = ()) -> Tables:
    """The joined tables of ``declarations`` plus the ``leaves`` op kinds (inputs,
    params, constants: no kernel of their own). A kind or op registered twice raises
    UnsupportedOpError naming both modules."""
    decls = tuple(declarations)
    kinds: dict[str, KindRenderer] = {}
    ops: dict[str, OpRenderer] = {}
    owner: dict[tuple[str, str], str] = {}
    for d in decls:
        for table, key, value in ([(kinds, ("kind", k), v) for k, v in d.kinds.items()]
                                  + [(ops, ("op", k), v) for k, v in d.ops.items()]):
            if key in owner:
                raise UnsupportedOpError(f"cpu kernels: {key[0]} {key[1]!r} is registered "
                                         f"by {owner[key]} and again by {d.module}")
            owner[key] = d.module
            table[key[1]] = value
    supported = frozenset(leaves).union(*(d.claims for d in decls))
    return Tables(kinds, ops, supported, decls)
