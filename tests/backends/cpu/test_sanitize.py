"""Sanitizer builds of the cpu device (RLX_CPU_SANITIZE / CompileOptions.sanitize): the
option's parsing, its place in the cache key, the clear error where ASan's runtime is
missing, and in child processes a program running clean under ASan + UBSan while real
defects stop the process with the sanitizer's report. ``scripts/sanitize.py`` runs the
op suite and the models this way."""

import ctypes
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import rlx
from rlx.backends.cpu import toolchain

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")
TIERS_CHOSEN_BY_TEST = True


def _runtime_or_skip(sanitizer: str) -> str:
    try:
        return toolchain.sanitizer_runtime(sanitizer)
    except rlx.CompileError as e:
        pytest.skip(str(e))


def _graph() -> rlx.Graph:
    g = rlx.Graph("sanitized")
    x = g.input("x", (6, 16))
    w = g.input("w", (16, 16))
    idx = g.input("idx", (3,), "i64")
    h = rlx.softmax(x @ w, axis=-1)
    g.set_outputs([rlx.gather(rlx.layer_norm(h + x, axis=-1), idx, axis=0)])
    return g


def test_sanitizer_names_are_parsed_and_checked(monkeypatch):
    monkeypatch.setenv(toolchain.SANITIZE_ENV, "undefined, address")
    assert toolchain.resolve_sanitizers() == ("address", "undefined")
    assert toolchain.resolve_sanitizers("undefined") == ("undefined",)
    assert toolchain.resolve_sanitizers(()) == ()          # the option wins over the env
    monkeypatch.setenv(toolchain.SANITIZE_ENV, "")
    assert toolchain.resolve_sanitizers() == ()
    with pytest.raises(rlx.DeviceError, match="'memory' is not a sanitizer"):
        toolchain.resolve_sanitizers(["address", "memory"])
    assert toolchain.sanitizer_flags(("address", "undefined"))[:2] == (
        "-fsanitize=address,undefined", "-fno-sanitize-recover=all")


@pytest.mark.skipif(hasattr(ctypes.CDLL(None), "__asan_init"),
                    reason="this process has the ASan runtime")
def test_asan_without_its_runtime_is_a_device_error(tmp_path, monkeypatch):
    monkeypatch.setenv(toolchain.CACHE_ENV, str(tmp_path))
    with pytest.raises(rlx.DeviceError, match="LD_PRELOAD="):
        rlx.Session("cpu", rlx.CompileOptions(sanitize="address")).compile(_graph())
    assert not list(tmp_path.rglob("*.so"))                # refused before compiling


def test_a_ubsan_build_is_its_own_cache_entry(tmp_path, monkeypatch):
    _runtime_or_skip("undefined")
    monkeypatch.setenv(toolchain.CACHE_ENV, str(tmp_path))
    rng = np.random.default_rng(0)
    feeds = {"x": rng.standard_normal((6, 16)).astype(np.float32),
             "w": rng.standard_normal((16, 16)).astype(np.float32), "idx": np.array([5, 0, 2])}
    plain = rlx.Session("cpu").compile(_graph())
    checked = rlx.Session("cpu", rlx.CompileOptions(sanitize="undefined")).compile(_graph())
    assert plain._exe.library.path != checked._exe.library.path
    assert not checked._exe.cache_hit
    np.testing.assert_array_equal(plain.run(feeds)[0], checked.run(feeds)[0])


CLEAN_THEN_OVERFLOW = textwrap.dedent("""
    import ctypes, importlib.util, sys
    import numpy as np, rlx
    from rlx.backends.cpu import toolchain
    spec = importlib.util.spec_from_file_location("sanitize_test", sys.argv[1])
    here = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(here)
    cg = rlx.Session("cpu").compile(here._graph())
    assert b"libasan" in open(cg._exe.library.path, "rb").read()
    rng = np.random.default_rng(0)
    feeds = {"x": rng.standard_normal((6, 16)).astype(np.float32),
             "w": rng.standard_normal((16, 16)).astype(np.float32), "idx": np.array([5, 0, 2])}
    assert np.isfinite(cg.run(feeds)[0]).all()
    print("CLEAN", flush=True)
    source = ("#include <stdlib.h>\\n"
              "int overflow(int n) { int *a = malloc(4 * n); a[n] = 1; int r = a[0]; "
              "free(a); return r; }\\n")
    path, _ = toolchain.compile_shared_object(source, 1, False, "generic",
                                              sanitize=toolchain.resolve_sanitizers())
    ctypes.CDLL(str(path)).overflow(4)
    print("NOT CAUGHT", flush=True)
""")


def test_asan_runs_a_program_clean_and_stops_at_an_overflow(tmp_path):
    _runtime_or_skip("address")
    _runtime_or_skip("undefined")
    env = toolchain.sanitizer_environment(("address", "undefined"))
    env.update({toolchain.CACHE_ENV: str(tmp_path), "RLX_NUM_THREADS": "1"})
    out = subprocess.run([sys.executable, "-c", CLEAN_THEN_OVERFLOW, __file__], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.stdout.split() == ["CLEAN"], out.stderr[-3000:]
    assert out.returncode != 0
    assert "AddressSanitizer: heap-buffer-overflow" in out.stderr


def test_a_ubsan_finding_is_fatal(tmp_path):
    _runtime_or_skip("undefined")
    script = textwrap.dedent("""
        import ctypes
        from rlx.backends.cpu import toolchain
        source = "int shift(int n) { return 1 << n; }\\n"
        path, _ = toolchain.compile_shared_object(source, 1, False, "generic",
                                                  sanitize=("undefined",))
        print(ctypes.CDLL(str(path)).shift(3), flush=True)
        ctypes.CDLL(str(path)).shift(40)
        print("NOT CAUGHT", flush=True)
    """)
    env = {**os.environ, toolchain.CACHE_ENV: str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.stdout.split() == ["8"] and out.returncode != 0
    assert "shift exponent 40 is too large" in out.stderr
