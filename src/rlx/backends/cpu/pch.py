"""Precompiled system headers: the C library and intrinsics headers that every generated
program includes, parsed once per compiler and flags instead of once per build.

Every program starts with the prelude (``csrc/prelude.h``), and its system headers are
most of what the compiler reads for a small program: ``<immintrin.h>`` alone is 0.25 s
of a 0.35 s build of a one-op program at ``-O3 -march=x86-64-v4``. GCC loads a header it
has precompiled (``NAME.gch`` beside ``NAME``) instead of parsing it. A build given
``-include rlx_system.h`` starts with those declarations, and the prelude's own
``#include`` lines of the same headers are then no-ops behind their include guards.

* :data:`HEADER` holds exactly the prelude's system includes, under the prelude's
  conditions, so a program sees the same declarations with the header or without it.
  The shared object's cache key therefore leaves it out, and a build that cannot use
  it is the same build.
* The precompiled file is made once per compiler, version, flags, resolved target and
  header text (:func:`key`), under ``<cache>/pch/<key>/``, by the toolchain with the
  disk cache's own lock and atomic writes. It is about 26 MB for an x86 tier.
* GCC only. GCC parses the text header when the precompiled one does not fit the
  command (other options, another compiler build). Clang refuses a mismatched
  precompiled header outright, so with Clang, or any compiler that does not say it is
  GCC, builds go on without one.
* Whatever stops it being made (a read-only or full cache, a compiler that will not
  precompile) leaves builds as they were, and so does a build that fails with it: the
  toolchain then builds again without it and stops using it in this process.
  ``RLX_CPU_PCH=0`` turns it off.
"""

from __future__ import annotations

import functools
import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

from rlx.digest import sha256

PCH_ENV = "RLX_CPU_PCH"
HEADER_NAME = "rlx_system.h"
HEADER = """\
/* rlx: the system headers of csrc/prelude.h, under its conditions, to be precompiled */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <float.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#if defined(__AVX512F__) || (defined(__AVX2__) && defined(__FMA__))
#include <immintrin.h>
#elif defined(__ARM_NEON) || defined(__aarch64__)
#include <arm_neon.h>
#endif
"""
_NOT_FOR_HEADERS = ("-shared", "-l", "-L", "-Wl,", "-I", "-o")
"""Flag prefixes of linking and of finding other headers: no part of the precompiled
one (the BLAS programs' ``-I`` and ``-l`` share the BLAS-free programs' header)."""

headers: dict[tuple[Path, str], Path | None] = {}
"""The text header of each cache directory and key that this process made or found;
None where none could be made, or a build failed with it (not tried again)."""


def usable(compiler: str) -> bool:
    """Whether builds by ``compiler`` may use a precompiled header: GCC, unless
    ``RLX_CPU_PCH`` turns it off."""
    off = os.environ.get(PCH_ENV, "").strip().lower() in ("0", "off", "false", "no")
    return not off and _is_gcc(compiler)


def header_flags(flags: Sequence[str]) -> tuple[str, ...]:
    """The flags of ``flags`` that shape a precompiled header (its key and its build)."""
    return tuple(f for f in flags if not f.startswith(_NOT_FOR_HEADERS))


def key(compiler: str, version: str, flags: Sequence[str], target: str) -> str:
    """The name of the precompiled header for a build by ``compiler`` (``version``) with
    header ``flags`` whose target flags resolve to ``target`` on this host."""
    h = sha256()
    for part in (compiler, version, " ".join(flags), target, HEADER):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:24]


def without(command: Sequence[str]) -> list[str]:
    """``command`` less its ``-include`` of the precompiled header."""
    at = _include_at(command)
    return list(command) if at is None else [*command[:at], *command[at + 2:]]


def forget(command: Sequence[str]) -> None:
    """Stop using the header that ``command`` includes, in this process."""
    at = _include_at(command)
    if at is not None:
        named = Path(command[at + 1])
        for where, header in headers.items():
            if header == named:
                headers[where] = None


def _include_at(command: Sequence[str]) -> int | None:
    for i in range(len(command) - 1):
        if command[i] == "-include" and command[i + 1].endswith(HEADER_NAME):
            return i
    return None


@functools.cache
def _is_gcc(compiler: str) -> bool:
    """Whether ``compiler`` defines ``__GNUC__`` and not ``__clang__`` (``cc --version``
    need not say which it is)."""
    try:
        out = subprocess.run([compiler, "-dM", "-E", "-x", "c", os.devnull],
                             capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "#define __GNUC__ " in out and "__clang__" not in out
