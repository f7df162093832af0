"""The precompiled system headers (rlx.backends.cpu.pch): each tier's builds load them,
the shared objects are the bytes a build without them makes, and a header that is
damaged, deleted or cannot be made costs a build nothing but time."""

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import rlx
from rlx.backends.cpu import isa, pch, toolchain

pytestmark = pytest.mark.skipif(
    toolchain.toolchain() is None or not pch._is_gcc(toolchain.toolchain().compiler),
    reason="precompiled headers are made for GCC only")

TIERS_CHOSEN_BY_TEST = True     # the tests that depend on a tier name it
SOURCE = Path(__file__).parents[3] / "src" / "rlx" / "backends" / "cpu" / "csrc" / "prelude.h"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty disk cache, and no header made or given up on in this process."""
    monkeypatch.setenv(toolchain.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(pch, "headers", {})
    return toolchain.cache_dir()


def _run(scale: float) -> np.ndarray:
    g = rlx.Graph(f"pch_run_{scale}")
    x = g.input("x", (4, 33))
    g.set_outputs([rlx.exp(x) * scale + x])
    xv = np.linspace(-3, 3, 132, dtype=np.float32).reshape(4, 33)
    out = rlx.Session("cpu").compile(g).run({"x": xv})[0]
    want = np.exp(xv.astype(np.float64)) * scale + xv
    np.testing.assert_allclose(out, want, rtol=1e-6, atol=1e-6)
    return out


def test_the_header_holds_every_system_include_of_the_prelude():
    """The declarations a program sees must not depend on the precompiled header: every
    system header the prelude includes is in it (and it includes nothing else)."""
    prelude = set(re.findall(r"#include <([\w/.]+)>", SOURCE.read_text()))
    header = set(re.findall(r"#include <([\w/.]+)>", pch.HEADER))
    assert prelude == header


@pytest.mark.parametrize("tier", isa.tiers_in_force())
def test_each_tier_loads_its_precompiled_header(cache, tier):
    """The compiler reports that it loaded the ``.gch`` (``-H`` marks a precompiled
    header with ``!``) for a build with each tier's flags."""
    tc = toolchain.toolchain()
    flags = toolchain._flags(tc, False, tier)
    include = toolchain._system_header(tc, flags, tier, cache)
    assert include and Path(include[1] + ".gch").stat().st_size > 0
    c_file = cache / "one.c"
    c_file.write_text("#include <stdint.h>\nint32_t one(void) { return 1; }\n")
    proc = subprocess.run([tc.compiler, "-H", *include, str(c_file), "-o",
                           str(cache / "one.so"), *flags], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert re.search(r"^! .*rlx_system\.h\.gch", proc.stderr, re.M), proc.stderr[:2000]


@pytest.mark.parametrize("tier", isa.tiers_in_force())
def test_shared_objects_are_the_same_bytes_with_and_without(cache, monkeypatch, tmp_path, tier):
    """Oracle: the same source built with the header turned off, on each tier."""
    monkeypatch.setenv(isa.ISA_ENV, tier)
    with_pch = _run(0.5)
    built = sorted(cache.glob("*.so"))
    assert built and any(p.is_dir() for p in (cache / "pch").iterdir())
    monkeypatch.setenv(pch.PCH_ENV, "0")
    plain_dir = tmp_path / "plain"
    monkeypatch.setenv(toolchain.CACHE_ENV, str(plain_dir))
    without = _run(0.5)
    np.testing.assert_array_equal(with_pch, without)
    plain = sorted(toolchain.cache_dir().glob("*.so"))
    assert not (toolchain.cache_dir() / "pch").exists()
    assert [p.name for p in plain] == [p.name for p in built]     # the same keys
    for a, b in zip(built, plain):
        assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "deleted"])
def test_a_damaged_or_missing_header_costs_only_time(cache, damage):
    """A precompiled header overwritten with junk or cut short, or the whole header
    directory removed after this process made it: builds still succeed with the right
    numbers (GCC reads the text header in place of junk; a cut file or a missing
    header fails the build, which runs again without it)."""
    _run(0.25)
    (made,) = [p for p in (cache / "pch").iterdir() if p.is_dir()]
    gch = made / (pch.HEADER_NAME + ".gch")
    if damage == "garbage":
        gch.write_bytes(b"not a precompiled header" * 100)
    elif damage == "truncated":
        gch.write_bytes(gch.read_bytes()[:1 << 20])
    else:
        shutil.rmtree(made)
    _run(0.75)
    given_up = pch.headers[(cache, made.name)] is None      # for the rest of this process
    assert given_up == (damage != "garbage")
    _run(0.625)


def test_an_unwritable_cache_makes_no_header_and_builds(cache, monkeypatch):
    """Where the header cannot be written, builds go on without it."""
    (cache / "pch").write_text("a file where the header directory would go")
    _run(1.5)
    assert pch.headers and all(v is None for v in pch.headers.values())


def test_turned_off_by_the_environment(cache, monkeypatch):
    monkeypatch.setenv(pch.PCH_ENV, "off")
    _run(2.0)
    assert not (cache / "pch").exists()


def test_without_removes_only_the_header():
    cmd = ["cc", "-include", "/c/pch/k/rlx_system.h", "a.c", "-include", "other.h", "-O3"]
    assert pch.without(cmd) == ["cc", "a.c", "-include", "other.h", "-O3"]
    assert pch.header_flags(["-O3", "-shared", "-I/x", "-L/y", "-lm", "-Wl,-rpath,/y",
                             "-march=native"]) == ("-O3", "-march=native")
