"""Every op kind has a VJP and a JVP rule, or is listed as non-differentiable with a
reason; no kind is both."""

import pytest

from rlx.autodiff import JVP_RULES, NON_DIFFERENTIABLE, VJP_RULES
from rlx.ir.ops import OPS

INTERNAL = {
    "unpack": "made by the pack_control_flow compile pass (a view of one result of a packed "
              "control-flow node); compilation runs after the transforms, so no graph they "
              "see holds one",
}
"""Op kinds that never reach the transforms, with the reason (not differentiable ops:
they have no rule because no rule could be called)."""


@pytest.mark.parametrize("table_name, table", [("VJP_RULES", VJP_RULES),
                                               ("JVP_RULES", JVP_RULES)])
def test_every_op_has_a_rule_or_a_reason(table_name, table):
    missing = sorted(set(OPS) - set(table) - set(NON_DIFFERENTIABLE) - set(INTERNAL))
    assert not missing, f"ops with neither a {table_name} entry nor a reason: {missing}"
    both = sorted(set(table) & set(NON_DIFFERENTIABLE))
    assert not both, f"ops both ruled in {table_name} and listed non-differentiable: {both}"
    assert set(table) <= set(OPS), f"{table_name} has entries for unknown ops"


def test_every_non_differentiable_op_is_real_and_has_a_reason():
    assert set(NON_DIFFERENTIABLE) <= set(OPS)
    assert all(reason.strip() for reason in NON_DIFFERENTIABLE.values())


def test_internal_ops_are_real_have_a_reason_and_no_rule():
    assert set(INTERNAL) <= set(OPS)
    assert all(reason.strip() for reason in INTERNAL.values())
    for table in (VJP_RULES, JVP_RULES, NON_DIFFERENTIABLE):
        assert not set(INTERNAL) & set(table)


def test_control_flow_ops_have_every_rule():
    from rlx.autodiff.vmap import BATCH_RULES
    from rlx.ir.control import CONTROL_OPS

    for table in (VJP_RULES, JVP_RULES, BATCH_RULES):
        assert CONTROL_OPS <= set(table)


def test_complex_and_fft_ops_have_every_rule():
    from rlx.autodiff.vmap import BATCH_RULES
    from rlx.ir.complex_ops import COMPLEX_OPS

    for table in (VJP_RULES, JVP_RULES, BATCH_RULES):
        assert COMPLEX_OPS <= set(table)


def test_a_second_rule_for_one_op_is_refused():
    """Registering a rule for an op that has one is an error, not a silent replacement,
    for the VJP, JVP and batching tables alike."""
    from rlx.autodiff.common import add_rule, registrar
    from rlx.autodiff.jvp import JVP_RULES
    from rlx.autodiff.vjp import VJP_RULES
    from rlx.autodiff.vmap import BATCH_RULES
    from rlx.errors import GraphBuildError

    for table in (VJP_RULES, JVP_RULES, BATCH_RULES):
        before = table["add"]
        with pytest.raises(GraphBuildError, match="'add' is already registered"):
            add_rule(table, "add", before)
        assert table["add"] is before
    with pytest.raises(GraphBuildError, match="'mul' is already registered"):
        registrar(VJP_RULES)("mul")(lambda p, ct: [ct, ct])
    fresh: dict = {}
    add_rule(fresh, "my_op", 1)
    assert fresh == {"my_op": 1}


def test_bitcast_on_a_differentiated_path_is_refused_not_zero():
    """A float-to-float bitcast reinterprets bits: grad and jvp through it raise (its
    share of the gradient was silently 0). A path through an integer bitcast carries no
    derivative, as after a cast, and differentiates; finite differences of the rest
    agree."""
    import numpy as np

    import rlx

    g = rlx.Graph("b")
    x = g.input("x", (3,), "f16")
    g.set_outputs([(rlx.bitcast(x, "bf16").cast("f32") + x.cast("f32") * 2.0).sum()])
    with pytest.raises(rlx.UnsupportedOpError, match="bitcast.*reinterprets the bits"):
        rlx.grad(g, ["x"])
    with pytest.raises(rlx.UnsupportedOpError, match="bitcast.*reinterprets the bits"):
        rlx.jvp(g, ["x"])

    g = rlx.Graph("i")
    x = g.input("x", (3,))
    bits = rlx.bitcast(x, "i32")
    g.set_outputs([(x * x).sum() + (bits > 0).cast("f32").sum()])
    value = np.array([0.5, -1.5, 2.0], np.float32)
    loss, dx = rlx.Session("reference").compile(rlx.grad(g, ["x"])).run(
        {"x": value, "d_output": np.float32(1.0)})
    np.testing.assert_allclose(dx, 2 * value.astype(np.float64), rtol=1e-6)
