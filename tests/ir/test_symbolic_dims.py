"""Symbolic dimensions in the IR: rlx.Dim, shape inference carrying symbols, the rules
that keep a symbolic axis meaningful, printing and JSON."""

import copy
import pickle

import pytest

import rlx
from rlx import Dim
from rlx.ir.types import same_type


def _type(t: rlx.Tensor):
    return t.graph.nodes[t.id].type


def test_dim_is_its_bound_with_a_name():
    seq = Dim("seq", max=512)
    assert seq == 512 and int(seq) == 512 and seq.max == 512 and seq.name == "seq"
    assert f"{seq}" == "512" and str(seq) == "512" and f"{seq:>5}" == "  512"
    assert repr(seq) == "Dim('seq', max=512)"
    assert type(seq * 2) is int and seq * 2 == 1024
    for twin in (copy.deepcopy(seq), pickle.loads(pickle.dumps(seq))):
        assert isinstance(twin, Dim) and twin.factors == seq.factors


@pytest.mark.parametrize("name, bound", [("", 4), ("a b", 4), (3, 4), ("seq", 1),
                                         ("seq", 0), ("seq", True), ("seq", 2.0)])
def test_dim_rejects_bad_names_and_bounds(name, bound):
    with pytest.raises(ValueError):
        Dim(name, bound)


def test_shape_inference_carries_symbols_through_shape_ops():
    g = rlx.Graph()
    b, s = Dim("batch", 8), Dim("seq", 64)
    x = g.input("x", (b, s, 32))
    assert str(_type(x)) == "f32[batch<=8,seq<=64,32]"
    flat = x.reshape(-1, 32)
    assert str(_type(flat)) == "f32[batch*seq<=512,32]"
    heads = flat.reshape(8, 64, 4, 8)           # plain sizes: the symbols are carried
    assert str(_type(heads)) == "f32[batch<=8,seq<=64,4,8]"
    assert str(_type(heads.transpose(0, 2, 1, 3))) == "f32[batch<=8,4,seq<=64,8]"
    assert str(_type(rlx.sum(x, axis=1, keepdims=True))) == "f32[batch<=8,1,32]"
    assert str(_type(x @ g.param("w", (32, 16)))) == "f32[batch<=8,seq<=64,16]"
    # a fixed operand of the bound's size broadcasts against the symbol (it is read at
    # the active positions only): a table of positions
    assert str(_type(x + g.param("pos", (64, 32)))) == "f32[batch<=8,seq<=64,32]"
    assert str(_type(x[:, :])) == "f32[batch<=8,seq<=64,32]"
    assert str(_type(x[:, 0:1])) == "f32[batch<=8,1,32]"


def test_symbols_that_may_differ_do_not_broadcast():
    g = rlx.Graph()
    x = g.input("x", (Dim("a", 16), 4))
    y = g.input("y", (Dim("b", 16), 4))
    with pytest.raises(rlx.ShapeError, match="broadcast"):
        x + y
    flat = g.input("z", (Dim("c", 4), 4)).reshape(-1)          # c*4 <= 16
    with pytest.raises(rlx.ShapeError, match="broadcast"):
        flat + g.param("p", (16,))       # a merged axis has no fixed counterpart
    with pytest.raises(rlx.ShapeError, match="inner dimensions"):
        x.transpose() @ y


def test_a_reshape_may_merge_a_symbolic_axis_but_not_split_it():
    g = rlx.Graph()
    x = g.input("x", (Dim("seq", 64), 12))
    with pytest.raises(rlx.ShapeError, match="not split"):
        x.reshape(8, 8, 12)
    with pytest.raises(rlx.ShapeError, match="names"):
        x.reshape(Dim("other", 64), 12)


@pytest.mark.parametrize("index", [(slice(-1, None),), (slice(1, None),),
                                   (slice(None, None, 2),), (slice(0, -1),)])
def test_slices_counted_from_the_end_of_a_symbolic_axis_are_refused(index):
    g = rlx.Graph()
    x = g.input("x", (Dim("seq", 64), 12))
    with pytest.raises(rlx.ShapeError, match="symbolic axis"):
        x[index]


def test_only_inputs_take_symbols():
    g = rlx.Graph()
    with pytest.raises(rlx.ShapeError, match="only inputs"):
        g.param("w", (Dim("n", 4), 3))


def test_json_round_trips_symbols():
    g = rlx.Graph("sym")
    b, s = Dim("batch", 8), Dim("seq", 64)
    x = g.input("x", (b, s, 32))
    y = (x.reshape(-1, 32) * 2.0).reshape(b, s, 32)
    g.set_outputs([rlx.softmax(y, axis=1), y.reshape(-1)])
    text = rlx.to_json(g)
    back = rlx.from_json(text)
    assert rlx.to_json(back) == text
    for n1, n2 in zip(g.nodes, back.nodes, strict=True):
        assert same_type(n1.type, n2.type), (n1, n2)
    assert str(back.output_types[1]) == "f32[batch*seq*32<=16384]"


@pytest.mark.parametrize("bad", ['{"dim": []}', '{"dim": [["seq", 1]]}',
                                 '{"dim": [[null, 4], [null, 2]]}', '{"dim": [["seq"]]}',
                                 '{"dim": [["seq", -3]]}', '{"dim": "seq"}'])
def test_json_rejects_malformed_symbols(bad):
    text = rlx.to_json(_one_input_graph()).replace('"shape": [4]', f'"shape": [{bad}]')
    with pytest.raises(rlx.SerializationError):
        rlx.from_json(text)


def _one_input_graph():
    g = rlx.Graph()
    g.set_outputs([g.input("x", (4,)) * 2.0])
    return g


@pytest.mark.parametrize("transform", [lambda g: rlx.grad(g, ["w"]),
                                       lambda g: rlx.jvp(g, ["w"]),
                                       lambda g: rlx.vmap(g, ["w"], 2)])
def test_transforms_refuse_symbolic_graphs(transform):
    # their rules use sizes (a mean's count) that are only bounds in a symbolic graph
    g = rlx.Graph()
    x, w = g.input("x", (Dim("n", 4),)), g.param("w", (4,))
    g.set_outputs([rlx.mean(x * w)])
    with pytest.raises(rlx.GraphBuildError, match="symbolic"):
        transform(g)


def test_a_slice_to_the_end_of_a_symbolic_axis_is_refused():
    """ONNX spells x[1:] as a stop of INT64_MAX: past the bound it ends with the extent,
    which a fixed window cannot, so it is refused like x[-1:] (it was typed as bound - 1
    rows and failed at every shorter run)."""
    import rlx

    g = rlx.Graph("tail")
    x = g.input("x", (rlx.Dim("b", 8), 3))
    with pytest.raises(rlx.ShapeError, match="to the end, past the bound"):
        g.apply("slice", [x], starts=(1, 0), stops=(2**63 - 1, 3), steps=(1, 1))
    window = g.apply("slice", [x], starts=(1, 0), stops=(8, 3), steps=(1, 1))
    assert window.shape == (7, 3)
