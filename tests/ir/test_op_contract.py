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


# --------------------------------------------------------------------------- attribute schemas

def test_every_builtin_op_has_a_parsable_schema_that_round_trips_as_text():
    from rlx.ir.opdef import parse_attrs

    for kind, opdef in OPS.items():
        if opdef.category == "custom":
            continue
        assert opdef.attrs is not None, kind
        assert parse_attrs(opdef.schema, kind) == opdef.attrs, kind
        assert opdef.doc.strip(), kind


def test_a_missing_required_attribute_is_named():
    g = rlx.Graph("attrs")
    x = g.input("x", (3, 4))
    with pytest.raises(rlx.GraphBuildError, match=r"missing attribute\(s\) k"):
        g.apply("topk", [x], axis=1)


def test_defaults_come_from_the_schema_and_canonical_attributes_match_it():
    from rlx.ir.opdef import schema_violations

    g = rlx.Graph("attrs")
    x = g.input("x", (2, 3, 4))
    cases = [("sum", {}), ("softmax", {}), ("cumsum", {"axis": 1}), ("pad", {"pads": [(1, 0)] * 3}),
             ("topk", {"k": 2}), ("transpose", {}), ("flip", {})]
    for op, attrs in cases:
        node = g.nodes[g.apply(op, [x], **attrs).id]
        assert schema_violations(OPS[op], node.attr_dict) == [], op
    s = g.nodes[g.apply("sum", [x]).id]
    assert s.attr("axes") == (0, 1, 2) and s.attr("keepdims") is False
    sm = g.nodes[g.apply("softmax", [x]).id]
    assert sm.attr("axis") == 2                       # the default -1, made non-negative
    tk = g.nodes[g.apply("topk", [x], k=2).id]
    assert (tk.attr("largest"), tk.attr("result")) == (True, "values")


def test_a_type_rule_that_breaks_its_schema_is_reported_as_a_defect():
    from rlx.ir.opdef import REGISTRY, define
    from rlx.ir.types import TensorType

    def bad_rule(op, ins, a):
        return TensorType(ins[0].shape, ins[0].dtype), {"scale": "big"}

    define("contract_probe", "unary", (1, 1), bad_rule, "A probe.", attrs="scale:float=1.0")
    try:
        g = rlx.Graph("probe")
        x = g.input("x", (2,))
        with pytest.raises(rlx.GraphBuildError, match="scale='big' is not a float.*defect of "
                                                      "rlx"):
            g.apply("contract_probe", [x])
    finally:
        del REGISTRY["contract_probe"]


def test_define_refuses_a_second_definition_and_unknown_facts():
    from rlx.ir.opdef import define

    rule = OPS["relu"].infer
    with pytest.raises(rlx.GraphBuildError, match="defined twice"):
        define("relu", "unary", (1, 1), rule, "again")
    with pytest.raises(rlx.GraphBuildError, match="unknown trait"):
        define("probe_trait", "unary", (1, 1), rule, "x", traits="speedy")
    with pytest.raises(rlx.GraphBuildError, match="unknown attribute kind"):
        define("probe_kind", "unary", (1, 1), rule, "x", attrs="alpha:complex128")
    with pytest.raises(rlx.GraphBuildError, match="unknown fusion role"):
        define("probe_role", "unary", (1, 1), rule, "x", fusion="gemm")
    assert not {"probe_trait", "probe_kind", "probe_role"} & set(OPS)


def test_the_printer_leaves_out_attributes_at_their_default():
    from rlx.ir.printer import format_node

    g = rlx.Graph("print")
    x = g.input("x", (2, 3))
    plain = g.nodes[g.apply("sum", [x], axes=(1,)).id]
    kept = g.nodes[g.apply("sum", [x], axes=(1,), keepdims=True).id]
    assert "keepdims" not in format_node(1, plain) and "axes=(1,)" in format_node(1, plain)
    assert "keepdims=True" in format_node(2, kept)


def test_json_fills_an_attribute_a_document_leaves_out_and_refuses_an_unknown_one():
    import json

    from rlx.ir.serialize import from_json, to_json

    g = rlx.Graph("doc")
    x = g.input("x", (2, 3))
    g.set_outputs([g.apply("softmax", [x], axis=1)])
    doc = json.loads(to_json(g))
    node = next(n for n in doc["nodes"] if n["op"] == "softmax")
    del node["attrs"]["axis"]                       # a file from before the attribute existed
    loaded = from_json(json.dumps(doc))
    assert loaded.nodes[node_id(loaded, "softmax")].attr("axis") == 1
    node["attrs"]["temperature"] = 2.0
    with pytest.raises(rlx.SerializationError, match="unknown attribute.*temperature"):
        from_json(json.dumps(doc))


def node_id(graph, op):
    return next(i for i, n in enumerate(graph.nodes) if n.op == op)


# --------------------------------------------------------------------------- derived sets

def test_passes_backends_and_transforms_read_their_sets_from_the_contract():
    from rlx.autodiff.jvp import INDEXED_LINEAR_OPS, LINEAR_OPS
    from rlx.backends.cpu.kernels.rowreduce import REDUCE_OPS, ROWWISE_OPS
    from rlx.ir.ops import fusion_roles, ops_in_precision_class
    from rlx.passes.fusion import ANCHORS
    from rlx.passes.precision import KEEP_F32, NARROW_OPS

    roles = fusion_roles()
    assert ANCHORS == roles
    assert ROWWISE_OPS == {k for k, r in roles.items() if r == "rowwise"}
    assert REDUCE_OPS == {k for k, r in roles.items() if r == "reduce"}
    assert {"softmax", "layer_norm"} <= ROWWISE_OPS and {"sum", "logsumexp"} <= REDUCE_OPS
    assert NARROW_OPS == ops_in_precision_class("narrow") and "matmul" in NARROW_OPS
    assert KEEP_F32 == ops_in_precision_class("f32") and "softmax" in KEEP_F32
    assert not NARROW_OPS & KEEP_F32
    assert set(LINEAR_OPS) == ops_with("linear") and {"reshape", "fft"} <= set(LINEAR_OPS)
    assert set(INDEXED_LINEAR_OPS) == ops_with("indexed_linear") == {"gather", "scatter_add"}


# --------------------------------------------------------------------------- rule families

def test_every_family_member_has_a_rule_in_every_transform():
    from rlx.autodiff import BATCH_RULES, JVP_RULES, VJP_RULES
    from rlx.autodiff.common import FAMILIES, TRANSFORMS

    tables = {"vjp": VJP_RULES, "jvp": JVP_RULES, "vmap": BATCH_RULES}
    for family in FAMILIES.values():
        assert sorted(family.transforms) == sorted(TRANSFORMS), family.name
        assert family.members, family.name
        for kind in family.members:
            assert kind in OPS, kind
            for table in tables.values():
                assert kind in table, (family.name, kind)
    assert {"exp", "mul", "where"} <= set(FAMILIES["elementwise"].members)
    assert {"max", "logsumexp"} <= set(FAMILIES["reduction"].members)


def test_a_family_declaration_reaches_every_installed_table_in_either_order():
    from rlx.autodiff.common import RuleFamily

    fam = RuleFamily("probe", "a test family")
    early, late = {}, {}
    fam.declare("a b", spec=1)
    fam.install("vjp", early, lambda kind, spec: (kind, spec))
    fam.declare("c", spec=2)
    fam.install("jvp", late, lambda kind, spec: spec)
    assert early == {"a": ("a", 1), "b": ("b", 1), "c": ("c", 2)}
    assert late == {"a": 1, "b": 1, "c": 2}
    with pytest.raises(rlx.GraphBuildError, match="declared twice"):
        fam.declare("a")
    with pytest.raises(rlx.GraphBuildError, match="repeated install"):
        fam.install("vjp", {}, lambda kind, spec: spec)
    taken = {"d": "hand-written"}
    fam2 = RuleFamily("probe2", "another")
    fam2.declare("d")
    with pytest.raises(rlx.GraphBuildError, match="already registered"):
        fam2.install("vmap", taken, lambda kind, spec: spec)
