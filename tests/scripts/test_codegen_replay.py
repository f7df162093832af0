"""scripts/codegen_replay.py: rendering is deterministic and a changed or missing stored
source is reported. The committed corpus is not compared here (it is refreshed with
``--update`` when the generated C changes on purpose)."""

from __future__ import annotations

import importlib.util
import io
import os
import sys

import pytest

from rlx.backends.cpu.kernels import SUPPORTED

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "codegen_replay.py")
CHEAP = ["prelude", "op_add", "op_layer_norm", "op_conv"]


@pytest.fixture(scope="module")
def replay():
    spec = importlib.util.spec_from_file_location("codegen_replay", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # dataclasses look the module up
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop(spec.name, None)


def test_every_claimed_op_has_a_case_or_a_reason(replay):
    covered, missing = replay.coverage()
    assert sorted(covered + missing) == sorted(SUPPORTED)
    assert all(replay.NOT_BUILT.get(op) for op in missing), missing


def test_rendering_twice_gives_the_same_text(replay):
    first = replay.render_all(CHEAP, twice=True)
    second = replay.render_all(CHEAP)
    for name in CHEAP:
        assert first[name].deterministic, name
        assert first[name].text == second[name].text, name
    assert replay.PRELUDE_MARK in first["op_add"].text      # the prelude is stored once
    assert first["prelude"].text not in first["op_add"].text


def test_an_altered_or_missing_copy_is_reported(replay, tmp_path):
    store = str(tmp_path)
    replay.update(CHEAP, store)
    assert [r.status for r in replay.check(CHEAP, store, twice=True)] == ["same"] * len(CHEAP)

    path = tmp_path / "op_layer_norm.c"
    lines = path.read_text().splitlines(keepends=True)
    lines[1] = "/* edited */\n"                                 # the renderer's header line
    path.write_text("".join(lines))
    (tmp_path / "op_add.c").unlink()
    results = {r.case: r for r in replay.check(CHEAP, store)}
    assert results["op_layer_norm"].status == "changed"
    assert results["op_layer_norm"].changed_lines == 2          # one line out, one in
    assert "-/* edited */" in results["op_layer_norm"].diff
    assert results["op_add"].status == "missing"
    assert results["op_conv"].status == results["prelude"].status == "same"

    out = io.StringIO()
    assert replay.report(list(results.values()), out) == 1
    assert out.getvalue().splitlines()[-1] == "4 cases: 2 same, 1 changed, 1 missing"
    assert "op_layer_norm: changed (2 lines)" in out.getvalue()


def test_command_line_update_then_check(replay, tmp_path, capsys):
    args = ["--store", str(tmp_path), "--case", "op_ad*", "--case", "prelude"]
    assert replay.main(args) == 1                               # nothing stored yet
    assert replay.main(args + ["--update"]) == 0
    assert sorted(os.listdir(tmp_path)) == ["op_add.c", "prelude.c"]
    assert replay.main(args) == 0
    assert "2 cases: 2 same, 0 changed" in capsys.readouterr().out
