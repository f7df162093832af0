"""``python -m bench --isa avx2|generic`` holds the whole process to the tier through
CPUID (bench/cpuid_hold.c), so that ONNX Runtime, which has no switch of its own, picks
the kernels it would pick on such a host.

numpy's own CPU detection is the independent witness: it reads CPUID when it is
imported, so in a held process it must report what the tier has and nothing above.
A fault that is not a CPUID must still end the process as it would have.
"""

from __future__ import annotations

import functools
import os
import platform
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from bench import isa as bench_isa

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(
    platform.system() != "Linux" or platform.machine() != "x86_64",
    reason="the CPUID hold is for x86-64 Linux")

FEATURES = """
import numpy as np
from bench.isa import cpuid_hold
features = np._core._multiarray_umath.__cpu_features__
print(repr({k: features[k] for k in ("SSE42", "AVX", "FMA3", "AVX2", "AVX512F", "AVX512_SKX")}))
print(cpuid_hold())
"""


def _host_flags() -> set[str]:
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("flags"):
                return set(line.split(":", 1)[1].split())
    return set()


def _environment(tier: str | None) -> dict[str, str]:
    """This process's variables, held to ``tier`` (None: not held); skips where the
    hold cannot be built or the kernel refuses CPUID faulting."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop(bench_isa.HOLD, None)
    if tier is None:
        return env
    hold = bench_isa.hold_environment(tier, env)
    if not hold:
        pytest.skip("the CPUID hold could not be built here (no C compiler)")
    if not _faulting(hold["LD_PRELOAD"]):
        pytest.skip("this kernel or CPU has no CPUID faulting")
    return {**env, **hold}


@functools.cache
def _faulting(preload: str) -> bool:
    """Whether a process preloading the hold got CPUID faulting from the kernel."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), LD_PRELOAD=preload,
               **{bench_isa.HOLD: "avx2"})
    out = subprocess.run([sys.executable, "-c", "from bench.isa import cpuid_hold; "
                          "print(cpuid_hold())"], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    return "refused" not in out.stdout


def _run(code: str, tier: str | None, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *options, "-c", code], env=_environment(tier),
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def _features(tier: str | None) -> dict[str, bool]:
    out = _run(FEATURES, tier)
    assert out.returncode == 0, out.stderr
    features, state = out.stdout.strip().splitlines()
    if tier is not None:
        assert state.startswith(f"held to {tier} through CPUID"), state
    return eval(features)   # a dict literal printed by the child


def test_avx2_hold_hides_avx512_and_keeps_avx2():
    flags = _host_flags()
    if "avx512f" not in flags or "avx2" not in flags:
        pytest.skip("the host has no AVX-512 to hide, or no AVX2 to keep")
    assert _features(None)["AVX512F"]          # numpy sees it unheld ...
    held = _features("avx2")
    assert not held["AVX512F"] and not held["AVX512_SKX"]   # ... and not held
    assert held["AVX2"] and held["FMA3"] and held["AVX"]


def test_generic_hold_hides_avx_and_keeps_sse42():
    flags = _host_flags()
    if "avx" not in flags or "sse4_2" not in flags:
        pytest.skip("the host has no AVX to hide, or no SSE4.2 to keep")
    held = _features("generic")
    assert held["SSE42"]
    assert not any(held[k] for k in ("AVX", "FMA3", "AVX2", "AVX512F"))


PROBE = r"""
#include <cpuid.h>
#include <stdio.h>
int main(void) {
    unsigned a, b, c, d;
    /* leaf 1 with whatever ECX held (it has no subleaves; __cpuid leaves ECX as is) */
    __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0x5a5a));
    printf("avx %u fma %u ", (c >> 28) & 1, (c >> 12) & 1);
    __cpuid_count(7, 0, a, b, c, d);
    printf("avx2 %u avx512f %u\n", (b >> 5) & 1, (b >> 16) & 1);
    return 0;
}
"""


def _probe(tmp_path, tier: str | None) -> str:
    """A C program's own CPUID answers, in a process started with the hold's variables."""
    from rlx.backends.cpu.toolchain import find_compiler

    compiler, why = find_compiler()
    if compiler is None:
        pytest.skip(why)
    source, binary = tmp_path / "probe.c", tmp_path / "probe"
    source.write_text(PROBE)
    subprocess.run([compiler, "-O1", "-o", str(binary), str(source)], check=True)
    return subprocess.run([str(binary)], env=_environment(tier), capture_output=True,
                          text=True, timeout=60, check=True).stdout.strip()


def test_a_program_started_under_the_hold_is_held_whatever_its_ecx(tmp_path):
    """Not only Python's numpy: a program the held process starts (LD_PRELOAD carries
    the hold), asking leaf 1 with ECX left as it happened to be, as ``__cpuid`` does."""
    flags = _host_flags()
    if not {"avx", "fma", "avx2", "avx512f"} <= flags:
        pytest.skip("the host lacks one of AVX, FMA, AVX2, AVX-512F")
    assert _probe(tmp_path, None) == "avx 1 fma 1 avx2 1 avx512f 1"
    assert _probe(tmp_path, "avx2") == "avx 1 fma 1 avx2 1 avx512f 0"
    assert _probe(tmp_path, "generic") == "avx 0 fma 0 avx2 0 avx512f 0"


@pytest.mark.parametrize("options", [(), ("-X", "faulthandler")])
def test_a_real_fault_in_a_held_process_still_kills_it(options):
    """A null read is not a CPUID: the process dies by SIGSEGV, after faulthandler's
    traceback when that handler is installed (cpuid_hold keeps it behind its own)."""
    out = _run("import ctypes; ctypes.string_at(0)", "avx2", *options)
    assert out.returncode == -signal.SIGSEGV, (out.returncode, out.stderr)
    if options:
        assert "Fatal Python error: Segmentation fault" in out.stderr


def test_a_segfault_sent_by_kill_still_kills():
    out = _run("import os, signal; os.kill(os.getpid(), signal.SIGSEGV)", "avx2")
    assert out.returncode == -signal.SIGSEGV, (out.returncode, out.stderr)


def test_tiers_without_a_hold():
    assert bench_isa.hold_environment("avx512") == {}
    assert bench_isa.hold_environment("neon") == {}
