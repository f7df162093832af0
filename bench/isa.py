"""``--isa TIER``: run rlx on one ISA tier and hold the peers to the same instructions.

rlx takes the tier from ``RLX_CPU_ISA``. The peers read their own switches when their
libraries load, so :func:`apply` sets them and re-executes the benchmark in a fresh
process before numpy, PyTorch or ONNX Runtime is imported:

==============  ==================================================================
peer            switch
==============  ==================================================================
numpy           ``OPENBLAS_CORETYPE`` (Prescott for generic, Haswell for avx2, SkylakeX
                for avx512: named, not detected, since OpenBLAS builds that do not
                know a new CPU can pick a wrong kernel or crash on it)
PyTorch         ``ATEN_CPU_CAPABILITY`` (its own kernels), ``MKL_ENABLE_INSTRUCTIONS``
                (MKL's GEMM) and ``ONEDNN_MAX_CPU_ISA`` (oneDNN)
JAX             ``XLA_FLAGS=--xla_cpu_max_isa=...``
ONNX Runtime    none of its own: its MLAS kernels take the widest instructions CPUID
                reports. For the avx2 and generic tiers the whole process is held
                instead: ``bench/cpuid_hold.c``, preloaded, answers every CPUID with
                the tier's missing features cleared (Linux's CPUID faulting; where
                the kernel or CPU lacks it, the header says ONNX Runtime was not held)
llama.cpp       its build options (``CMAKE_ARGS="-DGGML_AVX512=OFF -DGGML_NATIVE=OFF
                -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON"`` when pip builds it; with
                ``pip install --no-deps --target DIR`` that build sits beside the
                native one and ``PYTHONPATH=DIR`` picks it for a run)
==============  ==================================================================

On a host with AVX-VNNI the avx2 tier of rlx uses it for the int8 products
(``rlx.backends.cpu.isa.avx_vnni_in_use``): build llama.cpp's AVX2 copy with
``-DGGML_AVX_VNNI=ON`` to compare like with like, or run rlx with
``RLX_CPU_AVX_VNNI=0`` for plain x86-64-v3.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import subprocess
import sys
from pathlib import Path

MARK = "RLX_BENCH_ISA"
HOLD = "RLX_BENCH_CPUID_HOLD"   # read by cpuid_hold.c's constructor
_HOLD_SOURCE = Path(__file__).with_name("cpuid_hold.c")

_SWITCHES: dict[str, dict[str, str]] = {
    "generic": {"OPENBLAS_CORETYPE": "Prescott", "ATEN_CPU_CAPABILITY": "default",
                "MKL_ENABLE_INSTRUCTIONS": "SSE4_2", "ONEDNN_MAX_CPU_ISA": "SSE41",
                "XLA_FLAGS": "--xla_cpu_max_isa=SSE4_2"},
    "avx2": {"OPENBLAS_CORETYPE": "Haswell", "ATEN_CPU_CAPABILITY": "avx2",
             "MKL_ENABLE_INSTRUCTIONS": "AVX2", "ONEDNN_MAX_CPU_ISA": "AVX2",
             "XLA_FLAGS": "--xla_cpu_max_isa=AVX2"},
    "avx512": {"OPENBLAS_CORETYPE": "SkylakeX", "ATEN_CPU_CAPABILITY": "avx512",
               "MKL_ENABLE_INSTRUCTIONS": "AVX512",
               "ONEDNN_MAX_CPU_ISA": "AVX512_CORE", "XLA_FLAGS": "--xla_cpu_max_isa=AVX512"},
    "neon": {},
}


def apply(tier: str | None) -> None:
    """Set the switches for ``tier`` and re-execute this benchmark (once); no-op for
    None or when already applied."""
    if tier is None or os.environ.get(MARK) == tier:
        return
    if tier not in _SWITCHES:
        raise SystemExit(f"--isa: unknown tier {tier!r}; tiers: {', '.join(_SWITCHES)}")
    from rlx.backends.cpu import isa as cpu_isa

    if tier not in cpu_isa.tiers_for_host():
        raise SystemExit(f"--isa {tier}: this host runs {', '.join(cpu_isa.tiers_for_host())}")
    env = dict(os.environ, RLX_CPU_ISA=tier, **{MARK: tier}, **_SWITCHES[tier])
    env.update(hold_environment(tier, env))
    os.execve(sys.executable, [sys.executable, "-m", "bench", *sys.argv[1:]], env)


def hold_environment(tier: str, env: dict[str, str] | None = None) -> dict[str, str]:
    """The variables that hold a process started with them to ``tier`` through CPUID
    (``cpuid_hold.c``), or {} where that does not apply (not x86-64 Linux, the avx512
    or neon tier, no C compiler: the header then says ONNX Runtime was not held)."""
    if tier not in ("avx2", "generic") or platform.system() != "Linux" \
            or platform.machine() not in ("x86_64", "AMD64"):
        return {}
    library = _hold_library()
    if library is None:
        return {}
    env = os.environ if env is None else env
    preload = " ".join(p for p in (str(library), env.get("LD_PRELOAD", "")) if p)
    return {HOLD: tier, "LD_PRELOAD": preload}


def _hold_library() -> Path | None:
    """cpuid_hold.c built once into rlx's cache directory; None when it cannot be."""
    from rlx.backends.cpu.toolchain import cache_dir, find_compiler
    from rlx.errors import RlxError

    compiler, _ = find_compiler()
    if compiler is None:
        return None
    try:
        source = _HOLD_SOURCE.read_bytes()
        path = cache_dir() / f"bench-cpuid-hold-{hashlib.sha256(source).hexdigest()[:16]}.so"
        if path.exists():
            return path
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        built = subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", str(partial),
                                str(_HOLD_SOURCE), "-ldl"], capture_output=True, text=True)
        if built.returncode != 0:
            raise OSError(built.stderr.strip())
        partial.replace(path)
        return path
    except (OSError, RlxError) as e:
        print(f"bench: cpuid_hold.c could not be built ({e}); ONNX Runtime runs unheld",
              file=sys.stderr)
        return None


def cpuid_hold() -> str:
    """What the preloaded CPUID hold did in this process, in words."""
    tier = os.environ.get(HOLD)
    if not tier:
        return "not held"
    try:
        lib = ctypes.CDLL(None)
        state, answered = lib.rlx_cpuid_hold_state, lib.rlx_cpuid_hold_answered
    except (OSError, AttributeError):
        return "not held (cpuid_hold.c was not loaded)"
    state.restype = answered.restype = ctypes.c_long
    if state() != 1:
        return "not held (the kernel refused CPUID faulting)"
    return f"held to {tier} through CPUID ({answered()} CPUIDs answered so far)"


def describe() -> str:
    """The tier and the peers' switches in force (for the benchmark's header)."""
    tier = os.environ.get("RLX_CPU_ISA") or "host's own"
    keys = sorted({k for switches in _SWITCHES.values() for k in switches})
    held = ", ".join(f"{k}={os.environ[k]}" for k in keys if k in os.environ) or "none"
    return f"ISA tier {tier}; peer switches: {held}; the process, ONNX Runtime with it: " \
           f"{cpuid_hold()}"
