"""scripts/codegen_replay.py: rendering is deterministic and a changed or missing stored
source is reported. The committed corpus is not compared here (it is refreshed with
``--update`` when the generated C changes on purpose)."""

from __future__ import annotations

import io
import os
import re

import pytest
from tests.helpers import script_module

from rlx.backends.cpu.kernels import SUPPORTED

CHEAP = ["prelude", "op_add", "op_layer_norm", "op_conv"]


@pytest.fixture(scope="module")
def replay():
    yield from script_module("codegen_replay")


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


# a function: "static [attributes] type name(" (its definition or declaration)
_FUNCTION = re.compile(r"^\s*static\s+(__attribute__\(\(\w+\)\)\s+)?[\w\s*]*?\b\w+\s*\(")
# a table that cannot change: "static const type name[...] = ..." (no pointer in it)
_CONST_TABLE = re.compile(r"^\s*static\s+const\s+[\w\s]+\b\w+(\[\w*\])+\s*"
                          r"(__attribute__\(\([\w\s(),]*\)\)\s*)?=")
# a variable at file scope: "type name;", "type *name = ...;", "type name[n];"
_FILE_SCOPE_VARIABLE = re.compile(r"^(?!typedef|extern|return)[A-Za-z_][\w *]*[\s*]\w+"
                                  r"(\[[^\]]*\])*\s*(=[^;]*)?;\s*$")


def mutable_state(source: str) -> list[str]:
    """Lines of ``source`` that define data a run could write and that outlives the call:
    a ``static`` variable (in a function or at file scope) or a file-scope variable."""
    found = []
    for line in source.splitlines():
        if re.match(r"^\s*static\b", line):
            if not (re.match(r"^\s*static\s+inline\b", line) or _FUNCTION.match(line)
                    or _CONST_TABLE.match(line)):
                found.append(line.strip())
        elif _FILE_SCOPE_VARIABLE.match(line):
            found.append(line.strip())
    return found


def test_the_mutable_state_check_finds_each_kind():
    earlier = """\
char rlx_error_text[512];
uint8_t *rlx_keep;
static int64_t rlx_held[2];
    static const void *rlx_wpk_src = 0;
    static double w[49152];
    static const int64_t split[] = {0, 64};
static const float rlx_q_int4_pairs[256][2] = {
static __attribute__((noinline)) void rlx_dq_q4_0(
static inline float rlx_h2f(uint16_t h) {
    static int rlx_off_ready = 0;
"""
    assert mutable_state(earlier) == [
        "char rlx_error_text[512];", "uint8_t *rlx_keep;", "static int64_t rlx_held[2];",
        "static const void *rlx_wpk_src = 0;", "static double w[49152];",
        "static int rlx_off_ready = 0;"]


def test_generated_c_keeps_no_mutable_state(replay):
    """Every case of the corpus (each op the cpu device claims, MiniLM, a decoder step,
    ResNet blocks): the shared object holds nothing a run writes, so executables that
    load one (clones, threads) share no state (rlx.backends.cpu.render)."""
    rendered = replay.render_all(list(replay.corpus()))
    found = {name: mutable_state(r.text) for name, r in rendered.items()}
    assert {name: lines for name, lines in found.items() if lines} == {}
