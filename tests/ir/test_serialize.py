"""JSON serialisation round-trips exactly and rejects malformed documents."""

import json

import numpy as np
import pytest

import rlx


def _rich_graph() -> rlx.Graph:
    g = rlx.Graph("rich")
    x = g.input("x", (2, 3, 4), "bf16")
    w = g.param("w", (4, 5), "f16")
    i = g.input("ids", (3,), "i64")
    h = (x.cast("f32") @ w.cast("f32")) * float("inf")
    h = rlx.clip(h, -1.0, None)
    h = rlx.pad(h, [(0, 0), (1, 1), (2, 0)], mode="reflect")
    e = rlx.gather(g.constant(np.arange(12.0).reshape(6, 2)), i)
    r = rlx.random_normal(g, (3, 2), mean=1.0, std=0.5)
    q = rlx.attention(*(g.input(n, (1, 2, 3, 4)) for n in "qkv"), mask="causal", window=2)
    g.set_outputs([h, e + r, q, h[:, ::-1, None]])
    return g


def test_round_trip_is_exact():
    g = _rich_graph()
    text = rlx.to_json(g)
    g2 = rlx.from_json(text)
    assert g2.nodes == g.nodes
    assert g2.outputs == g.outputs
    assert rlx.to_json(g2) == text
    rlx.verify(g2)


def test_round_trip_runs_the_same():
    g = rlx.Graph("run")
    x = g.input("x", (3,), "f64")
    g.set_outputs([x * g.constant(np.array([1 / 3, 2.0, -0.1]))])
    g2 = rlx.from_json(rlx.to_json(g))
    xv = np.array([3.0, 0.25, 1e10])
    a = rlx.Session("reference").compile(g).run({"x": xv})[0]
    b = rlx.Session("reference").compile(g2).run({"x": xv})[0]
    np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(a, xv * np.array([1 / 3, 2.0, -0.1]))


@pytest.mark.parametrize("mutate", [
    lambda d: d.update(format="other"),
    lambda d: d["nodes"][2].update(op="no_such_op"),
    lambda d: d["nodes"][2].update(inputs=[7]),
    lambda d: d["nodes"][2].update(type=[[9, 9], "f32"]),
    lambda d: d.pop("nodes"),
])
def test_malformed_documents_raise(mutate):
    doc = json.loads(rlx.to_json(_rich_graph()))
    mutate(doc)
    with pytest.raises(rlx.SerializationError):
        rlx.from_json(json.dumps(doc))


def test_not_json():
    with pytest.raises(rlx.SerializationError):
        rlx.from_json("{nope")


def test_save_replaces_the_file_only_once_the_graph_serialised(tmp_path):
    """A graph that cannot be serialised (a custom op's attribute holding a dict) is a
    SerializationError that leaves the graph saved before at that path as it was."""
    from rlx.ir import serialize

    path = tmp_path / "model.json"
    serialize.save(_rich_graph(), str(path))
    before = path.read_bytes()
    with rlx.register_op("test_serialize_keeps_dict", infer=lambda types, attrs: types[0],
                         reference=lambda x, *, cfg: x) as op:    # unregistered after
        g = rlx.Graph("unsavable")
        g.set_outputs([op(g.input("y", (3,), "f32"), cfg={"k": 1})])
        with pytest.raises(rlx.SerializationError, match="cannot serialise"):
            serialize.save(g, str(path))
    assert path.read_bytes() == before
    assert serialize.load(str(path)).nodes == _rich_graph().nodes
    assert [p.name for p in tmp_path.iterdir()] == ["model.json"]   # no temporary left
