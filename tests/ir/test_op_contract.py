"""The op contract's traits and attribute checking."""

import pytest

import rlx
from rlx.ir.ops import OPS, RESHAPE_LIKE, TRAITS, ops_with


def test_every_trait_is_documented_and_declared_on_known_ops():
    for kind, opdef in OPS.items():
        assert opdef.traits <= set(TRAITS), kind
    assert all(text.strip() for text in TRAITS.values())
    with pytest.raises(KeyError, match="unknown op trait"):
        ops_with("fast")


def test_sets_are_derived_from_traits():
    assert RESHAPE_LIKE == {"reshape", "squeeze", "unsqueeze"}
    assert ops_with("subgraphs") == {"cond", "while_loop", "scan"}
    assert {"add", "matmul", "fft", "real"} <= ops_with("complex")
    assert "relu" not in ops_with("complex")


@pytest.mark.parametrize("op, attrs", [("softmax", {"axis": 1, "axes": 1}),
                                       ("sum", {"axis": 0}),
                                       ("reshape", {"shape": (12,), "order": "F"}),
                                       ("relu", {"alpha": 0.1})])
def test_an_unknown_attribute_is_refused_with_what_the_op_takes(op, attrs):
    g = rlx.Graph("attrs")
    x = g.input("x", (3, 4))
    with pytest.raises(rlx.GraphBuildError, match="unknown attribute"):
        g.apply(op, [x], **attrs)
