"""The C writer: blocks close where their ``with`` ends, at the right indentation."""

import subprocess

import pytest

from rlx.backends.cpu import toolchain
from rlx.backends.cpu.cwriter import CWriter

TIERS_CHOSEN_BY_TEST = True   # no generated program runs here


def _function() -> str:
    w = CWriter()
    with w.block("int f(int n)"):
        w.line("int s = 0;")
        w.pragma("")
        with w.block("for (int i = 0; i < n; i++)"):
            w.line("if (i % 2)")
            with w.indented():
                w.line("s += i;")
        with w.block("do", trailer=" while (0);"):
            w.line("s += 1;")
        w.line("return s;")
    return w.text()


def test_blocks_nest_and_close():
    assert _function().splitlines() == [
        "int f(int n) {",
        "    int s = 0;",
        "    for (int i = 0; i < n; i++) {",
        "        if (i % 2)",
        "            s += i;",
        "    }",
        "    do {",
        "        s += 1;",
        "    } while (0);",
        "    return s;",
        "}",
    ]


def test_else_blocks_continue_the_block_just_closed():
    w = CWriter(indent=1)
    with w.block("if (a)"):
        w.line("x = 1;")
    with w.else_block("else if (b)"):
        w.line("x = 2;")
    with w.else_block():
        w.line("x = 3;")
    assert w.lines == ["    if (a) {", "        x = 1;", "    } else if (b) {", "        x = 2;",
                       "    } else {", "        x = 3;", "    }"]


def test_an_else_block_needs_a_block_just_closed():
    w = CWriter()
    w.line("x = 1;")
    with pytest.raises(ValueError), w.else_block():
        pass


def test_a_sub_writer_starts_at_the_current_indentation():
    w = CWriter(indent=1)
    with w.block("for (;;)"):
        body = w.sub()
        with body.block("if (x)"):
            body.line("y;")
        w.line("int x = f();")
        w.lines += body.lines
    assert w.lines == ["    for (;;) {", "        int x = f();", "        if (x) {",
                       "            y;", "        }", "    }"]


def test_a_block_closes_when_its_body_raises():
    w = CWriter(indent=1)
    with pytest.raises(ValueError), w.block("if (x)"):
        raise ValueError
    w.line("y;")
    assert w.lines == ["    if (x) {", "    }", "    y;"]


def test_flat_blocks_directives_and_spliced_text():
    w = CWriter(indent=1)
    with w.block("if (x)"):
        w.directive("#if A")
        with w.block("for (;;)", flat=True):
            w.line("y;")
        w.directive("#endif")
        w.splice("    z;\n  {\n  }")
    assert w.lines == ["    if (x) {", "#if A", "        for (;;) {", "        y;",
                       "        }", "#endif", "    z;", "  {", "  }", "    }"]


def test_an_empty_pragma_can_keep_its_place():
    w = CWriter(indent=2)
    w.pragma("")
    w.pragma("", keep_place=True)
    w.pragma("#pragma omp barrier", keep_place=True)
    assert w.lines == ["        ", "        #pragma omp barrier"]


def test_a_loop_threaded_when_a_run_time_condition_holds_is_written_twice():
    """An OpenMP ``if`` clause that fails still builds a team of one, so a run-time
    condition picks between the threaded loop and the same loop without the pragma."""
    def loop(w: CWriter) -> None:
        with w.block("for (int64_t r = 0; r < rows; r++)"):
            w.line("y[r] = x[r];")

    w = CWriter(indent=1)
    with w.parallel("#pragma omp parallel for", "rows * 64 >= 32768"):
        loop(w)
    assert w.lines == [
        "    if (rows * 64 >= 32768) {",
        "        #pragma omp parallel for",
        "        for (int64_t r = 0; r < rows; r++) {",
        "            y[r] = x[r];",
        "        }",
        "    } else {",
        "        for (int64_t r = 0; r < rows; r++) {",
        "            y[r] = x[r];",
        "        }",
        "    }"]
    plain = CWriter(indent=1)
    with plain.parallel("#pragma omp parallel for"):
        loop(plain)
    assert plain.lines == ["    #pragma omp parallel for",
                           "    for (int64_t r = 0; r < rows; r++) {",
                           "        y[r] = x[r];", "    }"]
    # no pragma (too little work at the bound, or one thread): the loop once, whatever
    # the condition
    serial = CWriter(indent=1)
    with serial.parallel("", "rows * 64 >= 32768"):
        loop(serial)
    assert serial.lines == plain.lines[1:]


def test_written_c_compiles(tmp_path):
    compiler, why = toolchain.find_compiler()
    if compiler is None:
        pytest.skip(why)
    (tmp_path / "f.c").write_text(_function() + "\n")
    proc = subprocess.run([compiler, "-c", "-Wall", "-Werror", str(tmp_path / "f.c"), "-o",
                           str(tmp_path / "f.o")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
