"""The cpu backend's toolchain: disk cache, compile errors, missing compiler, scratch."""

import json
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

SCRIPT = textwrap.dedent("""
    import numpy as np, rlx
    g = rlx.Graph("cached")
    x = g.input("x", (4,))
    g.set_outputs([rlx.exp(x) * {scale}])
    cg = rlx.Session("cpu").compile(g)
    y = cg.run({{"x": np.arange(4, dtype=np.float32)}})[0]
    assert np.allclose(y, np.exp(np.arange(4)) * {scale}, rtol=1e-6)
    print("HIT" if cg._exe.cache_hit else "MISS")
""")


def _run_script(cache: str, scale: float = 3.0, **env) -> subprocess.Popen:
    full = {**os.environ, "RLX_CACHE_DIR": cache, **env}
    return subprocess.Popen([sys.executable, "-c", SCRIPT.format(scale=scale)], env=full,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_second_process_hits_the_disk_cache(tmp_path):
    first = _run_script(str(tmp_path))
    assert first.communicate()[0].strip() == "MISS" and first.returncode == 0
    second = _run_script(str(tmp_path))
    assert second.communicate()[0].strip() == "HIT" and second.returncode == 0
    files = sorted(p.suffix for p in (tmp_path / toolchain.CACHE_FORMAT).iterdir())
    assert ".c" in files and ".so" in files  # the source is kept beside the object


def test_concurrent_compiles_of_one_graph_do_not_collide(tmp_path):
    procs = [_run_script(str(tmp_path), scale=5.0) for _ in range(3)]
    results = [p.communicate() for p in procs]
    assert all(p.returncode == 0 for p in procs), [r[1] for r in results]
    assert sorted(r[0].strip() for r in results).count("MISS") >= 1


def test_compiler_error_reports_command_output_and_source(tmp_path, monkeypatch):
    fake = tmp_path / "badcc"
    fake.write_text("#!/bin/sh\necho 'fatal: pretend failure' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("CC", str(fake))
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path / "cache"))
    g = rlx.Graph("bad")
    g.set_outputs([g.input("x", (2,)) + 1.0])
    with pytest.raises(rlx.CompileError) as info:
        rlx.Session("cpu").compile(g)
    err = info.value
    assert "pretend failure" in str(err) and str(fake) in str(err)
    assert err.source_path and os.path.exists(err.source_path)
    assert err.command[0] == str(fake)


def test_missing_compiler_is_a_clear_device_error(monkeypatch):
    monkeypatch.setenv("CC", "no-such-compiler-rlx")
    assert "cpu" not in rlx.available_devices()
    with pytest.raises(rlx.DeviceError, match="no C compiler"):
        rlx.Session("cpu")
    g = rlx.Graph("ref")
    g.set_outputs([g.input("x", (2,)) * 2.0])
    assert rlx.Session("reference").compile(g).run({"x": [1.0, 2.0]})[0].tolist() == [2, 4]


def test_a_cold_compile_under_an_ascii_locale(tmp_path):
    """The C sources rlx reads (csrc/) hold non-ASCII characters in comments: under an
    ASCII locale with Python's UTF-8 mode off, a cold compile raised UnicodeDecodeError
    reading them."""
    env = {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    proc = _run_script(str(tmp_path), scale=7.0, **env)
    out, err = proc.communicate()
    assert proc.returncode == 0, err
    assert out.strip() == "MISS"


def test_compiler_version_of_an_odd_compiler(tmp_path, monkeypatch):
    """The version line goes into the cache key: a compiler printing bytes that are not
    UTF-8 (gcc prints its own path) or one whose --version hangs gave a bare
    UnicodeDecodeError / TimeoutExpired."""
    fake = tmp_path / "cc-\xe9"
    fake.write_bytes(b"#!/bin/sh\nprintf 'cc \\351 1.0\\n'\n")
    fake.chmod(0o755)
    version = toolchain._compiler_version.__wrapped__      # not the cached answers
    assert version(str(fake)) == "cc \ufffd 1.0"

    def hang(*args, **kwargs):
        raise subprocess.TimeoutExpired(args[0], kwargs.get("timeout"))
    monkeypatch.setattr(toolchain.subprocess, "run", hang)
    assert version(str(fake)).startswith("unknown (")


def test_release_scratch_keeps_results():
    g = rlx.Graph("scratch")
    x = g.input("x", (64, 64))
    h = rlx.exp(x).sum(-1, keepdims=True)
    g.set_outputs([rlx.tanh(x * h + 1.0).sum(0)])
    cg = rlx.Session("cpu").compile(g)
    xv = np.random.default_rng(0).standard_normal((64, 64)).astype(np.float32) * 0.1
    (a,) = cg.run({"x": xv})
    cg.release_scratch()
    (b,) = cg.run({"x": xv})
    np.testing.assert_array_equal(a, b)


def test_num_threads_setting(monkeypatch):
    from rlx.backends.cpu.backend import default_threads
    monkeypatch.setenv("RLX_NUM_THREADS", "1")
    assert default_threads() == 1
    # 0 and negatives were taken as 1, and 10**12 reached the OpenMP runtime, which
    # exits the process when it cannot allocate the team
    for bad in ("0", "-1", "1025", str(10**12), "2.5", "abc"):
        monkeypatch.setenv("RLX_NUM_THREADS", bad)
        with pytest.raises(rlx.DeviceError, match="from 1 to 1024"):
            default_threads()
    monkeypatch.setenv("RLX_NUM_THREADS", "1024")
    assert default_threads() == 1024
    monkeypatch.delenv("RLX_NUM_THREADS")
    assert default_threads() == len(os.sched_getaffinity(0))


SPIN_SCRIPT = textwrap.dedent("""
    import json, os, numpy as np, rlx
    before = os.environ.get("GOMP_SPINCOUNT")
    g = rlx.Graph("spin")
    g.set_outputs([g.input("x", (4,)) * 2.0])
    rlx.Session("cpu").compile(g).run({"x": np.ones(4, np.float32)})
    print(json.dumps([before, os.environ.get("GOMP_SPINCOUNT")]))
""")


@pytest.mark.parametrize("user", [{}, {"OMP_WAIT_POLICY": "passive"},
                                  {"GOMP_SPINCOUNT": "7"}])
def test_openmp_spin_is_bounded_when_the_first_program_loads(user):
    """rlx sets GOMP_SPINCOUNT as the cpu device loads its first program, never at import,
    and not at all when the user chose a wait policy or a spin count."""
    env = {k: v for k, v in os.environ.items() if k not in ("GOMP_SPINCOUNT", "OMP_WAIT_POLICY")}
    out = subprocess.run([sys.executable, "-c", SPIN_SCRIPT], env={**env, **user},
                         capture_output=True, text=True, check=True)
    before, after = json.loads(out.stdout.strip().splitlines()[-1])
    expected = user.get("GOMP_SPINCOUNT", None if user else "100000")
    assert (before, after) == (user.get("GOMP_SPINCOUNT"), expected)


def _multi_kernel_graph() -> rlx.Graph:
    """Several kernels in a row (matmul, softmax, layer norm, scatter), one of which
    checks its indices at run time."""
    g = rlx.Graph("parts")
    x = g.input("x", (6, 8))
    w = g.input("w", (8, 8))
    idx = g.input("idx", (2,), "i64")
    h = rlx.softmax(x @ w, axis=-1)
    h = rlx.layer_norm(h + x, axis=-1) * 2.0
    out = g.apply("scatter_update", [h, idx, g.input("u", (2, 8))], reduction="add")
    g.set_outputs([rlx.exp(out) - 1.0])
    return g


def _multi_kernel_oracle(x, w, idx, u):
    z = x.astype(np.float64) @ w
    z = np.exp(z - z.max(-1, keepdims=True))
    h = z / z.sum(-1, keepdims=True) + x
    h = (h - h.mean(-1, keepdims=True)) / np.sqrt(h.var(-1, keepdims=True) + 1e-5) * 2.0
    for j, k in enumerate(idx):
        h[k] += u[j]
    return np.exp(h) - 1.0


def test_a_program_in_parts_runs_like_one_unit(tmp_path, monkeypatch):
    """Compiled in three parts (separate compiler processes, one object each), the
    program computes what a float64 numpy version does, and an error raised by a kernel
    of a later part reaches the caller with its message."""
    from rlx.backends.cpu import render
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(render, "PART_BYTES", 1)
    monkeypatch.setattr(toolchain, "compile_jobs", lambda: 3)
    cg = rlx.Session("cpu").compile(_multi_kernel_graph())
    assert "RLX_PART == 2" in cg._exe.source and not cg._exe.cache_hit
    rng = np.random.default_rng(0)
    feeds = {"x": rng.standard_normal((6, 8)).astype(np.float32),
             "w": rng.standard_normal((8, 8)).astype(np.float32),
             "idx": np.array([4, -1]), "u": rng.standard_normal((2, 8)).astype(np.float32)}
    (out,) = cg.run(feeds)
    want = _multi_kernel_oracle(feeds["x"], feeds["w"], [4, 5], feeds["u"])
    np.testing.assert_allclose(out, want, rtol=2e-5, atol=2e-5)
    with pytest.raises(rlx.ExecutionError, match="scatter_update: index 9 is out of range"):
        cg.run({**feeds, "idx": np.array([9, 0])})
