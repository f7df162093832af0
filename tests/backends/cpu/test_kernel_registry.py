"""The cpu kernel registry: every op the backend claims has a renderer, on every tier,
and no kind or op is registered twice."""

import pytest

from rlx.backends.cpu import isa
from rlx.backends.cpu import kernels as K
from rlx.backends.cpu.kernels.registry import Renders, assemble
from rlx.errors import UnsupportedOpError
from rlx.ir.ops import OPS
from rlx.passes.fusion import ANCHORS

TIERS_CHOSEN_BY_TEST = True   # nothing is compiled here

LEAVES = {"input", "param", "constant", "arange"}


def test_every_claimed_op_has_a_renderer_on_every_tier():
    """An op is rendered alone (an op renderer) or inside a fused kernel of a kind that
    has a renderer; the declaring module's source serves every ISA tier."""
    by_op = {}
    for d in K.TABLES.declarations:
        for op in d.claims:
            by_op.setdefault(op, []).append(d)
    for op in K.SUPPORTED - LEAVES:
        assert op in OPS, op
        decls = by_op.get(op)
        assert decls, f"{op} is claimed but no module declares it"
        rendered = op in K.OP_RENDERERS or any(d.kinds for d in decls)
        assert rendered, f"{op} has no renderer"
        for d in decls:
            assert set(d.tiers) == set(isa.TIERS), (op, d.module, d.tiers)


def test_every_renderer_is_claimed_and_every_fused_kind_rendered():
    assert set(K.OP_RENDERERS) <= K.SUPPORTED
    fused = set(ANCHORS.values()) | {"elementwise", "view"}
    missing = fused - set(K.KIND_RENDERERS)
    assert not missing, missing


def test_a_second_registration_is_an_error():
    def render(ctx, node):
        return ""
    first = Renders("a", ops={"gather": render}, claims=frozenset({"gather"}))
    second = Renders("b", ops={"gather": render}, claims=frozenset({"gather"}))
    with pytest.raises(UnsupportedOpError, match="registered by a and again by b"):
        assemble([first, second])


def test_a_missing_tier_needs_a_reason():
    with pytest.raises(UnsupportedOpError, match="does not say why"):
        Renders("c", tiers=("avx512",))
    assert Renders("c", tiers=("avx512",), missing="AVX-512 only: ...").tiers == ("avx512",)
