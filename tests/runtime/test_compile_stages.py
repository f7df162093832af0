"""Compile time per stage: passes, C rendering, the compiler (or disk cache) and loading,
in ``CompiledGraph.report()`` and under ``CompileOptions(verbose=True)``."""

import numpy as np
import pytest

import rlx


def _graph(name: str, scale: float) -> rlx.Graph:
    g = rlx.Graph(name)
    x = g.input("x", (4, 8), "f32")
    w = g.param("w", (8, 8), "f32")
    g.set_outputs([rlx.relu(x @ w) * scale])
    return g


def test_cpu_report_has_every_stage_and_the_cache_outcome(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))
    g = _graph("stages", 1.5)
    first = rlx.Session("cpu", rlx.CompileOptions(verbose=True)).compile(g)
    printed = capsys.readouterr().err
    report = first.report()
    assert [st.name for st in report.stages] == ["render", "compiler", "load"]
    assert all(st.ms >= 0 for st in report.stages)
    assert report.stages[1].note == "built"
    times = report.compile_times()
    assert list(times) == ["passes", "render", "compiler", "load"]
    assert times["passes"] == pytest.approx(sum(p.ms for p in report.passes))
    for stage in ("render", "compiler", "load"):
        assert any(line.split()[2:3] == [stage] for line in printed.splitlines()), stage
    assert "-- compile time --" in str(report)

    again = rlx.Session("cpu").compile(_graph("stages", 1.5))
    assert again.report().stages[1].note == "disk cache hit"
    x = np.random.default_rng(0).standard_normal((4, 8)).astype(np.float32)
    w = np.random.default_rng(1).standard_normal((8, 8)).astype(np.float32)
    for cg in (first, again):
        cg.set_param("w", w)
    np.testing.assert_array_equal(first.run({"x": x})[0], again.run({"x": x})[0])


def test_reference_report_times_the_passes_only():
    cg = rlx.Session("reference").compile(_graph("ref", 2.0))
    assert cg.report().stages == []
    assert list(cg.report().compile_times()) == ["passes"]
    assert "-- compile time --" not in str(cg.report())
