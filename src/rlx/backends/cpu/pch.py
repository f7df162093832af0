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
  header text, under ``<cache>/pch/<key>/``: under a lock, written to a temporary file
  and renamed into place. It is about 26 MB for an x86 tier.
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

import fcntl
import functools
import os
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
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

_headers: dict[tuple[Path, str], Path | None] = {}
"""The text header of each cache directory and key this process made or found (None:
none could be made)."""
_broken: set[str] = set()
"""Keys whose precompiled header a build failed with: not used again in this process."""


def enabled() -> bool:
    return os.environ.get(PCH_ENV, "").strip().lower() not in ("0", "off", "false", "no")


def header_flags(flags: Sequence[str]) -> tuple[str, ...]:
    """The flags of ``flags`` that shape a precompiled header (its key and its build)."""
    return tuple(f for f in flags if not f.startswith(_NOT_FOR_HEADERS))


def include_flags(compiler: str, version: str, flags: Sequence[str], target: str,
                  cache: Path, env: Mapping[str, str]) -> list[str]:
    """``["-include", header]`` for a build by ``compiler`` with ``flags`` (``target``:
    what its target flags resolve to on this host), the header's precompiled form made
    first under ``cache`` where missing, the compiler run with ``env``; ``[]`` where
    there is none to use."""
    if not enabled() or "clang" in version.lower() or not _is_gcc(compiler):
        return []
    own = header_flags(flags)
    key = _key(compiler, version, own, target)
    if key in _broken:
        return []
    where = (cache, key)
    if where not in _headers:
        _headers[where] = _make(compiler, own, cache / "pch", key, env)
    header = _headers[where]
    return [] if header is None else ["-include", str(header)]


def forget(flags: Sequence[str]) -> None:
    """Stop using the header that ``flags`` (a command with ``-include``) name."""
    for i, f in enumerate(flags[:-1]):
        if f == "-include" and flags[i + 1].endswith(HEADER_NAME):
            _broken.add(Path(flags[i + 1]).parent.name)


def without(command: Sequence[str]) -> list[str]:
    """``command`` less its ``-include`` of the precompiled header."""
    out, skip = [], False
    for i, f in enumerate(command):
        if skip:
            skip = False
            continue
        if f == "-include" and i + 1 < len(command) and command[i + 1].endswith(HEADER_NAME):
            skip = True
            continue
        out.append(f)
    return out


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


def _key(compiler: str, version: str, flags: tuple[str, ...], target: str) -> str:
    h = sha256()
    for part in (compiler, version, " ".join(flags), target, HEADER):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:24]


def _make(compiler: str, flags: tuple[str, ...], root: Path, key: str,
          env: Mapping[str, str]) -> Path | None:
    """The text header of ``key``, its precompiled form beside it (made under the key's
    lock if missing); None when either cannot be written or the compiler fails."""
    directory = root / key
    header = directory / HEADER_NAME
    gch = directory / (HEADER_NAME + ".gch")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with open(root / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if header.exists() and gch.exists():
                return header
            _write(header, HEADER.encode())
            fd, tmp = tempfile.mkstemp(dir=directory, suffix=".gch.tmp")
            os.close(fd)
            try:
                proc = subprocess.run([compiler, *flags, "-x", "c-header", str(header),
                                       "-o", tmp], capture_output=True, timeout=300,
                                      env=dict(env))
                if proc.returncode != 0:
                    return None
                os.replace(tmp, gch)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return header


def _write(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
