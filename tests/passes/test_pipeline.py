"""The pipeline as a whole: passes preserve results on random graphs; reports and switches."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlx
from rlx.cli import main as cli_main
from rlx.ir.graph import Graph
from rlx.passes.memory import check_plan

UNARY = ["exp", "tanh", "neg", "abs", "sigmoid", "relu", "sqrt_abs"]
BINARY = ["add", "sub", "mul", "maximum"]


@st.composite
def random_programs(draw):
    """A random graph over an input, two params and constants, with repeated work so
    CSE, folding, simplification and the prepare split all have something to do."""
    g = Graph("random")
    shape = (3, 4)
    pool = [g.input("x", shape), g.param("w", shape), g.param("v", (4,)),
            g.constant(np.linspace(-1, 1, 4, dtype=np.float32))]
    for _ in range(draw(st.integers(3, 14))):
        kind = draw(st.sampled_from(["unary", "binary", "identity", "reduce", "softmax"]))
        a = draw(st.sampled_from(pool))
        if kind == "unary":
            op = draw(st.sampled_from(UNARY))
            t = rlx.sqrt(rlx.abs(a) + 1.0) if op == "sqrt_abs" else getattr(rlx, op)(a)
        elif kind == "binary":
            b = draw(st.sampled_from(pool))
            t = getattr(rlx, draw(st.sampled_from(BINARY)))(a, b)
        elif kind == "identity":
            t = (a * 1.0 + 0.0).transpose().transpose()
        elif kind == "reduce" and a.ndim == 2:
            t = a.sum(-1, keepdims=True) * 0.1
        else:
            t = rlx.softmax(a)
        pool.append(t)
    outs = draw(st.lists(st.sampled_from(pool[4:] or pool), min_size=1, max_size=3))
    g.set_outputs(outs)
    return g


def _run(g: Graph, optimize: bool, feeds: dict) -> tuple[list[np.ndarray], rlx.CompiledGraph]:
    cg = rlx.Session("reference", rlx.CompileOptions(optimize=optimize)).compile(g)
    for name, _ in g.params:
        cg.set_param(name, feeds[name])
    return cg.run({"x": feeds["x"]}), cg


@settings(max_examples=60, deadline=None)
@given(random_programs(), st.integers(0, 2**31 - 1))
def test_all_passes_on_equals_all_passes_off(g, seed):
    rng = np.random.default_rng(seed)
    feeds = {"x": rng.standard_normal((3, 4)).astype(np.float32),
             "w": rng.standard_normal((3, 4)).astype(np.float32),
             "v": rng.standard_normal(4).astype(np.float32)}
    plain, _ = _run(g, False, feeds)
    optimised, cg = _run(g, True, feeds)
    for a, b in zip(plain, optimised):
        np.testing.assert_allclose(a, b, rtol=2e-5, atol=2e-5)
    report = cg.report()
    check_plan(report.memory)
    if report.prepare is not None:
        check_plan(report.prepare.memory)


def _small_graph() -> Graph:
    g = Graph("small")
    x = g.input("x", (2, 4))
    w = g.param("w", (4, 4))
    g.set_outputs([rlx.layer_norm(rlx.gelu(x @ (w * 2.0)) + x)])
    return g


def test_verbose_prints_every_pass(capsys):
    rlx.Session("reference", rlx.CompileOptions(verbose=True)).compile(_small_graph())
    out = capsys.readouterr().err
    for name in ("verify", "decompose", "simplify", "fold_constants", "cse", "dce",
                 "split_params", "fuse", "plan_memory"):
        assert name in out


def test_ir_dump_after_each_pass(tmp_path, monkeypatch):
    monkeypatch.setenv("RLX_DUMP_IR", str(tmp_path))
    rlx.Session("reference").compile(_small_graph())
    names = sorted(p.name for p in tmp_path.iterdir())
    assert any(n.endswith(".simplify.txt") for n in names)
    assert any(n.endswith(".dce.txt") for n in names)
    text = (tmp_path / next(n for n in names if n.endswith(".verify.txt"))).read_text()
    assert text.startswith("graph small {")


def test_ir_dump_names_stay_in_the_folder_and_failures_are_clear(tmp_path, monkeypatch):
    """A graph's name with separators or a leading ".." is written inside the folder
    ("layer/0" failed, "../up" wrote beside it); a folder that cannot be made is a
    CompileError naming RLX_DUMP_IR, not a bare OSError."""
    folder = tmp_path / "dump"
    monkeypatch.setenv("RLX_DUMP_IR", str(folder))
    for name in ("layer/0", "../up"):
        g = rlx.Graph(name)
        g.set_outputs([g.input("x", (2,)) * 2.0])
        rlx.Session("reference").compile(g)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dump"]
    names = [p.name for p in folder.iterdir()]
    assert any(n.startswith("layer_0.") for n in names)
    assert any(n.startswith("__up.") for n in names)
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    monkeypatch.setenv("RLX_DUMP_IR", str(blocker))
    with pytest.raises(rlx.CompileError, match="RLX_DUMP_IR"):
        rlx.Session("reference").compile(_small_graph())


def test_report_has_dispatch_kernels_memory_and_prepare():
    report = rlx.Session("reference").compile(_small_graph()).report()
    text = str(report)
    assert "native" in text and "kernels" in text and "arena" in text
    assert report.prepare is not None  # w * 2.0 is param-only work
    assert report.dispatch.statuses["matmul"] == "native"


def test_rlx_explain_cli(tmp_path, capsys):
    path = tmp_path / "g.json"
    rlx.ir.serialize.save(_small_graph(), str(path))
    assert cli_main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    assert "rlx compile report: small" in out and "plan" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "nope"}))
    assert cli_main(["explain", str(bad)]) == 2
    assert "error" in capsys.readouterr().err
    assert cli_main(["explain", str(tmp_path / "missing.json")]) == 2
