"""ISA tiers of the cpu device: which vector instructions the generated C may use.

A tier is a named instruction-set level. The generated source is the same for every
tier: kernels are written once against the vector shim of ``csrc/prelude.h`` (its width
follows the compiler's target macros), and the tier only chooses the compiler's target
flags. The tiers, lowest first:

=========  ==============================================================================
tier       target
=========  ==============================================================================
generic    portable C: ``-march=x86-64`` on x86-64 (SSE2), ``-march=armv8-a`` on aarch64,
           the compiler's default elsewhere; products and sums rounded separately (no FMA)
avx2       x86-64-v3: AVX2, FMA, F16C, BMI2 (``-march=x86-64-v3``), plus AVX-VNNI where the
           host has it, for the int8 products (:func:`avx_vnni_in_use`)
avx512     x86-64-v4 and whatever else the host has (``-march=native`` on a host with
           AVX-512 F/BW/DQ/VL/CD: VNNI, BF16, VBMI where present; AMX-INT8 where
           present, for the int8 products of many rows: :func:`amx_in_use`)
neon       aarch64 with Advanced SIMD and whatever else the host has (``-march=native``:
           dotprod where present)
=========  ==============================================================================

The host's tier is detected at run time (:func:`host_tier`). ``RLX_CPU_ISA`` or
``CompileOptions(isa=...)`` forces a lower one (the option wins over the variable);
asking for a tier the host cannot run raises :class:`~rlx.errors.DeviceError`. The tier
and the exact target the compiler resolves for it are part of the disk-cache key, so a
cache directory shared by two machines never hands one of them code it cannot run.
"""

from __future__ import annotations

import functools
import os
import platform
import re
import subprocess

from rlx.errors import DeviceError

ISA_ENV = "RLX_CPU_ISA"
AMX_ENV = "RLX_CPU_AMX"
AVX_VNNI_ENV = "RLX_CPU_AVX_VNNI"
AVX_VNNI_FLAG = "-mavxvnni"
ARM_TIERS = ("generic", "neon")
TIERS = ("generic", "avx2", "avx512", "neon")

_AVX2_FLAGS = frozenset({"avx", "avx2", "fma", "f16c", "bmi1", "bmi2", "movbe"})
_AVX512_FLAGS = frozenset({"avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512cd"})


def _arch() -> str:
    machine = platform.machine().lower()
    if machine in ("x86_64", "amd64"):
        return "x86_64"
    if machine in ("aarch64", "arm64"):
        return "aarch64"
    return machine


@functools.cache
def host_features() -> frozenset[str]:
    """The CPU feature flags the kernel reports for this host (``/proc/cpuinfo``; empty
    where it cannot be read)."""
    try:
        with open("/proc/cpuinfo") as f:
            text = f.read()
    except OSError:
        return frozenset()
    found: set[str] = set()
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() in ("flags", "Features"):
            found.update(value.split())
    return frozenset(found)


@functools.cache
def host_signature() -> str:
    """The host CPU as ``-march=native`` sees it, without asking the compiler: vendor,
    family, model and feature flags of the first processor ``/proc/cpuinfo`` lists
    (empty where it cannot be read)."""
    try:
        with open("/proc/cpuinfo") as f:
            block = f.read().partition("\n\n")[0]
    except OSError:
        return ""
    keep = ("vendor_id", "cpu family", "model", "model name", "flags", "CPU implementer",
            "CPU architecture", "CPU variant", "CPU part", "Features")
    return "\n".join(ln for ln in block.splitlines() if ln.partition(":")[0].strip() in keep)


def tiers_for_host() -> tuple[str, ...]:
    """The tiers this host can run, lowest first."""
    arch, feats = _arch(), host_features()
    if arch == "x86_64":
        tiers = ["generic"]          # an unreadable flag list leaves generic only
        if _AVX2_FLAGS <= feats:
            tiers.append("avx2")
            if _AVX512_FLAGS <= feats:
                tiers.append("avx512")
        return tuple(tiers)
    if arch == "aarch64":
        # Advanced SIMD is part of every aarch64 core Linux runs on ("asimd")
        return ARM_TIERS
    return ("generic",)


def amx_in_use(requested: str | None = None) -> bool:
    """Whether ``dequant_matmul`` with ``x_int8`` takes Intel's AMX tiles for 8 or more
    rows of x (the 32-element GGML formats: :mod:`rlx.backends.cpu.kernels.qmatmul_amx`)
    in programs compiled for ``requested`` (as :func:`resolve_tier`) in this process:
    the avx512 tier on an x86-64 Linux host with AMX-INT8, ``$RLX_CPU_AMX`` not ``0``,
    and Linux granting the tiles' state (asked here, as the kernels ask once). The
    results are the same bits either way."""
    if (resolve_tier(requested) != "avx512" or os.environ.get(AMX_ENV) == "0"
            or not {"amx_tile", "amx_int8"} <= host_features()):
        return False
    return _amx_granted()


def avx_vnni_in_use(requested: str | None = None) -> bool:
    """Whether programs compiled for ``requested`` (as :func:`resolve_tier`) take
    AVX-VNNI (``-mavxvnni``): the avx2 tier on a host with it (Intel's cores from Alder
    Lake and Sapphire Rapids on; AMD's from Zen 5) and ``$RLX_CPU_AVX_VNNI`` not ``0``.
    The int8 products of ``dequant_matmul`` with ``x_int8`` then multiply and sum 4
    bytes into an int32 lane in one instruction (``vpdpbusd``), as the avx512 tier does
    with AVX512-VNNI, instead of three (``csrc/ggml_int8.h``: ``RLX_I_VNNI``); integer
    sums either way, so the results are the same bits. Needs GCC 11 or Clang 12."""
    return (resolve_tier(requested) == "avx2" and os.environ.get(AVX_VNNI_ENV) != "0"
            and "avx_vnni" in host_features())


@functools.cache
def _amx_granted() -> bool:
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        # arch_prctl (158 on x86-64) ARCH_REQ_XCOMP_PERM (0x1023) XFEATURE_XTILEDATA (18)
        return libc.syscall(158, 0x1023, 18) == 0
    except (OSError, AttributeError):
        return False


def host_tier() -> str:
    """The highest tier this host runs."""
    return tiers_for_host()[-1]


def tiers_in_force() -> tuple[str, ...]:
    """The tiers this host runs, lowest first, up to the one a compile targets now
    (``$RLX_CPU_ISA`` or the host's): what a host whose highest tier is that one runs."""
    runnable = tiers_for_host()
    return runnable[:runnable.index(resolve_tier()) + 1]


def resolve_tier(requested: str | None = None) -> str:
    """The tier to compile for: ``requested`` (``CompileOptions.isa``), else
    ``$RLX_CPU_ISA``, else the host's. DeviceError for an unknown tier or one the host
    cannot run."""
    source = "CompileOptions(isa=...)"
    if requested is None:
        requested = os.environ.get(ISA_ENV) or None
        source = f"${ISA_ENV}"
    if requested is None:
        return host_tier()
    if not isinstance(requested, str) or requested not in TIERS:
        raise DeviceError(f"{source} is {requested!r}: not an ISA tier of the cpu device; "
                          f"tiers: {', '.join(TIERS)}")
    runnable = tiers_for_host()
    if requested not in runnable:
        raise DeviceError(f"{source} asks for ISA tier {requested!r}, which this host "
                          f"({platform.machine()}) cannot run; it runs {', '.join(runnable)}")
    return requested


def target_flags(tier: str) -> tuple[str, ...]:
    """The compiler's target flags for ``tier`` on this host."""
    arch = _arch()
    if tier == "generic":
        if arch == "x86_64":
            return ("-march=x86-64", "-mtune=generic")
        if arch == "aarch64":
            return ("-march=armv8-a",)
        return ()
    if tier == "avx2":
        # keep to 256-bit vectors: x86-64-v3 has no wider ones
        vnni = (AVX_VNNI_FLAG,) if avx_vnni_in_use(tier) else ()
        return ("-march=x86-64-v3", "-mtune=generic", *vnni)
    if tier == "avx512":
        # gcc keeps to 256 bits by default on AVX-512 cores; the vectorised math and
        # reductions run up to 1.3x faster at 512
        return ("-march=native", "-mprefer-vector-width=512")
    if tier == "neon":
        return ("-march=native",)
    raise DeviceError(f"unknown ISA tier {tier!r}")


@functools.cache
def resolved_target(compiler: str, flags: tuple[str, ...]) -> str:
    """What ``flags`` mean to ``compiler`` on this host: the ``-march=`` / ``-m`` options
    the driver passes on (``-march=native`` resolved to the host's CPU and features).
    Part of the cache key; falls back to the host's feature flags when the driver will
    not say."""
    if not any(f == "-march=native" for f in flags):
        return " ".join(flags)
    try:
        out = subprocess.run([compiler, *flags, "-###", "-E", "-x", "c", os.devnull],
                             capture_output=True, text=True, timeout=30)
        lines = [ln for ln in out.stderr.splitlines() if "cc1" in ln]
    except (OSError, subprocess.TimeoutExpired):
        lines = []
    text = lines[0] if lines else ""
    options = sorted(set(re.findall(r"\"?(-march=[\w.+-]+|-mtune=[\w.+-]+|-m[\w.+-]+)", text)))
    if options:
        return " ".join(options)
    return " ".join(sorted(host_features()))
