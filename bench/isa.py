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
ONNX Runtime    none: its MLAS kernels always use the host's widest instructions (the
                header says so; on an AVX-512 host its column is not held to avx2)
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

import os
import sys

MARK = "RLX_BENCH_ISA"

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
    env = dict(os.environ, RLX_CPU_ISA=tier, **{MARK: tier}, **_SWITCHES[tier])
    os.execve(sys.executable, [sys.executable, "-m", "bench", *sys.argv[1:]], env)


def describe() -> str:
    """The tier and the peers' switches in force (for the benchmark's header)."""
    tier = os.environ.get("RLX_CPU_ISA") or "host's own"
    keys = sorted({k for switches in _SWITCHES.values() for k in switches})
    held = ", ".join(f"{k}={os.environ[k]}" for k in keys if k in os.environ) or "none"
    return f"ISA tier {tier}; peer switches: {held}; ONNX Runtime: host's widest (no switch)"
