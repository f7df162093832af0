"""The C toolchain: finding the compiler and BLAS, compiling, and the disk cache.

Shared objects are cached under ``$RLX_CACHE_DIR`` (default ``~/.cache/rlx``) in a
file named by a key that holds everything that changes the binary: the source, the
compiler path and version, the flags, the ISA tier and the target the compiler resolves
for it on this host (see :mod:`rlx.backends.cpu.isa`), the thread count and rlx's cache
format version. Writes are atomic (temporary file + rename) and a per-key lock file keeps
two processes from compiling the same key at once. The C source is kept beside the
shared object (``<key>.c``) so a user can read what ran.

A source rendered in several parts (see :mod:`rlx.backends.cpu.render`) is compiled
part by part (``-DRLX_PART=i``, one object file each) by up to :func:`compile_jobs`
compiler processes at once, then linked; the parts come from the one ``.c`` file.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from rlx.backends.cpu import isa
from rlx.errors import CompileError
from rlx.version import __version__

try:
    import scipy_openblas32
except ImportError:  # BLAS-free graphs still compile; graphs needing BLAS say what to install
    scipy_openblas32 = None

CACHE_FORMAT = "rlx-cpu-2"
CACHE_ENV = "RLX_CACHE_DIR"
BASE_FLAGS = ("-O3", "-fPIC", "-shared", "-fopenmp", "-fwrapv",
              "-fno-math-errno", "-ffp-contract=off", "-std=gnu11", "-w")
"""Flags of every tier; :func:`rlx.backends.cpu.isa.target_flags` adds the target."""


@dataclass(frozen=True)
class Toolchain:
    compiler: str
    version: str
    blas_include: str | None
    blas_lib_dir: str | None


def find_compiler() -> tuple[str | None, str]:
    """(path, reason): the compiler from ``$CC`` or ``cc``/``gcc``, or None and why not."""
    wanted = os.environ.get("CC") or "cc"
    path = shutil.which(wanted) or (None if os.environ.get("CC") else shutil.which("gcc"))
    if path is None:
        return None, (f"no C compiler found ({'$CC=' + wanted if os.environ.get('CC') else 'cc'}"
                      " is not on PATH); install gcc (e.g. 'apt-get install gcc') or set $CC")
    return path, ""


@functools.cache
def _compiler_version(path: str) -> str:
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
    except OSError as e:
        return f"unknown ({e})"
    return out.stdout.splitlines()[0] if out.stdout else "unknown"


@functools.cache
def _blas_dirs() -> tuple[str | None, str | None]:
    if scipy_openblas32 is None:
        return None, None
    return scipy_openblas32.get_include_dir(), scipy_openblas32.get_lib_dir()


def toolchain() -> Toolchain | None:
    path, _ = find_compiler()
    if path is None:
        return None
    inc, lib = _blas_dirs()
    return Toolchain(path, _compiler_version(path), inc, lib)


def cache_dir() -> Path:
    root = os.environ.get(CACHE_ENV) or os.path.join(os.path.expanduser("~"), ".cache", "rlx")
    path = Path(root) / CACHE_FORMAT
    path.mkdir(parents=True, exist_ok=True)
    return path


def _flags(tc: Toolchain, blas: bool, tier: str) -> list[str]:
    flags = list(BASE_FLAGS) + list(isa.target_flags(tier))
    if blas:
        if tc.blas_include is None:
            raise CompileError("this graph needs BLAS but the scipy-openblas32 package is not "
                               "installed; pip install scipy-openblas32")
        flags += [f"-I{tc.blas_include}", f"-L{tc.blas_lib_dir}",
                  f"-Wl,-rpath,{tc.blas_lib_dir}", "-lscipy_openblas"]
    return flags + ["-lm"]


def cache_key(source: str, tc: Toolchain, flags: list[str], threads: int, tier: str) -> str:
    """The disk-cache name of a build: everything that changes the binary, including
    the ISA tier and the target the compiler resolves for it on this host."""
    target = isa.resolved_target(tc.compiler, isa.target_flags(tier))
    h = hashlib.sha256()
    for part in (CACHE_FORMAT, __version__, tc.compiler, tc.version, " ".join(flags),
                 tier, target, str(threads), source):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:32]


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # platforms without affinity masks
        return max(1, os.cpu_count() or 1)


def compile_jobs() -> int:
    """Compiler processes run at once for a source in parts: the usable cores."""
    return usable_cores()


def compile_shared_object(source: str, threads: int, blas: bool, tier: str,
                          parts: int = 1) -> tuple[Path, bool]:
    """Path of the shared object for ``source`` (rendered in ``parts`` parts), built for
    ISA ``tier``, and whether it came from the cache.

    Raises CompileError with the command, the compiler output and the source path."""
    tc = toolchain()
    if tc is None:
        raise CompileError(find_compiler()[1])
    flags = _flags(tc, blas, tier)
    key = cache_key(source, tc, flags, threads, tier)
    root = cache_dir()
    so_path, c_path = root / f"{key}.so", root / f"{key}.c"
    if so_path.exists():
        return so_path, True
    with open(root / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if so_path.exists():
                return so_path, True
            _write_atomic(c_path, source.encode())
            with tempfile.TemporaryDirectory(dir=root) as work:
                tmp_so = os.path.join(work, "out.so")
                if parts <= 1:
                    _run_compiler([tc.compiler, str(c_path), "-o", tmp_so] + flags, c_path)
                else:
                    objects = [os.path.join(work, f"part{i}.o") for i in range(parts)]
                    commands = [[tc.compiler, str(c_path), "-c", f"-DRLX_PART={i}", "-o", obj]
                                + flags for i, obj in enumerate(objects)]
                    with ThreadPoolExecutor(min(parts, compile_jobs())) as pool:
                        for _ in pool.map(lambda cmd: _run_compiler(cmd, c_path), commands):
                            pass
                    _run_compiler([tc.compiler, *objects, "-o", tmp_so] + flags, c_path)
                os.replace(tmp_so, so_path)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return so_path, False


def _run_compiler(cmd: list[str], c_path: Path) -> None:
    """Run one compiler command; CompileError with its output when it fails."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise CompileError(f"running the C compiler failed: {e}", cmd, "", str(c_path)) from e
    if proc.returncode != 0:
        raise CompileError("the C compiler rejected the generated source", cmd,
                           proc.stdout + proc.stderr, str(c_path))


def _write_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
