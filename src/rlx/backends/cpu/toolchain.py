"""The C toolchain: finding the compiler and BLAS, compiling, and the disk cache.

Shared objects are cached under ``$RLX_CACHE_DIR`` (default ``~/.cache/rlx``) in a
file named by a key that holds everything that changes the binary: the source, the
compiler path and version, the flags, the ISA tier and the target the compiler resolves
for it on this host (see :mod:`rlx.backends.cpu.isa`), the thread count and rlx's cache
format version, and the sanitizers the program is built with. Writes are atomic
(temporary file + rename) and a per-key lock file keeps two processes from compiling the
same key at once. The C source is kept beside the shared object (``<key>.c``) so a user
can read what ran.

Each shared object has a record beside it (``<key>.sum``: its key, size and SHA-256),
written before the object is renamed into place. An object whose record is missing or
disagrees with it (truncated, corrupted, copied from another key, e.g. another ISA tier's)
is never loaded: it is rebuilt under the key's lock. A cache directory that cannot be
created or written, or a full disk, is a :class:`~rlx.errors.CacheError` that names the
directory and the OS's reason; so is a verified object the loader refuses.

Sanitizers: ``RLX_CPU_SANITIZE=address,undefined`` (or ``CompileOptions(sanitize=...)``)
builds the program with AddressSanitizer and/or UndefinedBehaviorSanitizer, every finding
fatal (``-fno-sanitize-recover=all``). A program built with AddressSanitizer loads only
into a process whose ASan runtime was preloaded (:func:`sanitizer_environment` gives the
environment, ``scripts/sanitize.py`` runs tests under it); elsewhere compiling it is a
:class:`~rlx.errors.DeviceError` instead of the runtime aborting the process.

Builds with GCC load the system headers every program includes precompiled, made once
per compiler and flags in the cache (:mod:`rlx.backends.cpu.pch`); the shared object is
the same with them or without them, so they are not part of its key.

A source rendered in several parts (see :mod:`rlx.backends.cpu.render`) is compiled
part by part (``-DRLX_PART=i``, one object file each) by up to :func:`compile_jobs`
compiler processes at once, then linked; the parts come from the one ``.c`` file.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import functools
import importlib.util
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from rlx.atomicfile import write_atomic
from rlx.backends.cpu import isa, pch
from rlx.digest import sha256
from rlx.errors import CacheError, CompileError, DeviceError
from rlx.version import __version__

CACHE_FORMAT = "rlx-cpu-2"
CACHE_ENV = "RLX_CACHE_DIR"
BASE_FLAGS = ("-O3", "-fPIC", "-shared", "-fopenmp", "-fwrapv",
              "-fno-math-errno", "-ffp-contract=off", "-std=gnu11", "-w")
"""Flags of every tier; :func:`rlx.backends.cpu.isa.target_flags` adds the target."""
SANITIZE_ENV = "RLX_CPU_SANITIZE"
SANITIZERS = ("address", "undefined")
SANITIZER_FLAGS = ("-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-g1")
"""Flags added to ``-fsanitize=...``: every finding stops the program, and reports name
the source line (``-g1``: line tables only; full ``-g`` doubled the compile time of a
SmolLM2 program part, 10 s to 20 s)."""
_RUNTIMES = {"address": "libasan.so", "undefined": "libubsan.so"}
_NO_SPACE = (errno.ENOSPC, errno.EDQUOT)
_READ_ONLY = (errno.EROFS, errno.EACCES, errno.EPERM)


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
        # errors="replace": gcc prints its own path, which need not be UTF-8
        out = subprocess.run([path, "--version"], capture_output=True, text=True,
                             errors="replace", timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"unknown ({e})"
    return out.stdout.splitlines()[0] if out.stdout else "unknown"


@functools.cache
def _blas_dirs() -> tuple[str | None, str | None]:
    """(include, lib) directories of the scipy-openblas32 wheel; (None, None) without it
    (BLAS-free graphs still compile; graphs needing BLAS say what to install)."""
    try:
        import scipy_openblas32  # 15 ms: imported only when a program is built
    except ImportError:
        return None, None
    return scipy_openblas32.get_include_dir(), scipy_openblas32.get_lib_dir()


@functools.cache
def _blas_package() -> str | None:
    """The scipy-openblas32 wheel's directory, found without importing it."""
    spec = importlib.util.find_spec("scipy_openblas32")
    return None if spec is None or spec.origin is None else os.path.dirname(spec.origin)


def toolchain() -> Toolchain | None:
    path, _ = find_compiler()
    if path is None:
        return None
    inc, lib = _blas_dirs()
    return Toolchain(path, _compiler_version(path), inc, lib)


def resolve_sanitizers(requested: str | Sequence[str] | None = None) -> tuple[str, ...]:
    """The sanitizers to build with, sorted: ``requested`` (``CompileOptions.sanitize``:
    names in a sequence or a comma-separated string; empty: none), else
    ``$RLX_CPU_SANITIZE``, else none. DeviceError for a name not in SANITIZERS."""
    source = "CompileOptions(sanitize=...)"
    if requested is None:
        requested = os.environ.get(SANITIZE_ENV, "")
        source = f"${SANITIZE_ENV}"
    names = requested.split(",") if isinstance(requested, str) else list(requested)
    chosen = set()
    for name in names:
        if not isinstance(name, str) or name.strip() not in SANITIZERS + ("", "none"):
            raise DeviceError(f"{source} is {requested!r}: {name!r} is not a sanitizer of the "
                              f"cpu device; sanitizers: {', '.join(SANITIZERS)}")
        if name.strip() not in ("", "none"):
            chosen.add(name.strip())
    return tuple(sorted(chosen))


def sanitizer_flags(sanitizers: Sequence[str]) -> tuple[str, ...]:
    """The compiler flags that build a program with ``sanitizers`` (none: no flags)."""
    if not sanitizers:
        return ()
    return (f"-fsanitize={','.join(sanitizers)}", *SANITIZER_FLAGS)


def sanitizer_environment(sanitizers: Sequence[str],
                          base: Mapping[str, str] | None = None) -> dict[str, str]:
    """``base`` (default: this process's environment) plus what a child Python needs to
    load programs built with ``sanitizers``: ``RLX_CPU_SANITIZE``; for ``address`` the ASan
    runtime in ``LD_PRELOAD`` (it must be the first library loaded) and ASAN_OPTIONS that
    turn off leak checking (the interpreter and the C compiler keep memory until exit by
    design) and let an allocation too large fail as MemoryError; stack traces for UBSan.
    CompileError when there is no compiler or it has no runtime for a sanitizer."""
    env = dict(os.environ if base is None else base)
    env[SANITIZE_ENV] = ",".join(sanitizers)
    if "address" in sanitizers:
        runtime = sanitizer_runtime("address")
        env["LD_PRELOAD"] = " ".join(filter(None, (runtime, env.get("LD_PRELOAD", ""))))
        env["ASAN_OPTIONS"] = ":".join(filter(None, (
            env.get("ASAN_OPTIONS", ""), "detect_leaks=0", "allocator_may_return_null=1")))
    if "undefined" in sanitizers:
        env["UBSAN_OPTIONS"] = ":".join(filter(None, (
            env.get("UBSAN_OPTIONS", ""), "print_stacktrace=1")))
    return env


def sanitizer_runtime(sanitizer: str) -> str:
    """Path of the compiler's runtime library of ``sanitizer``; CompileError if it has
    none (e.g. gcc without its libasan / libubsan package)."""
    path, why = find_compiler()
    if path is None:
        raise CompileError(why)
    name = _RUNTIMES[sanitizer]
    try:
        found = subprocess.run([path, f"-print-file-name={name}"], capture_output=True,
                               text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired) as e:
        raise CompileError(f"asking the C compiler for {name} failed: {e}") from e
    if not os.path.isabs(found) or not os.path.exists(found):
        raise CompileError(f"the C compiler {path} has no {name}, the runtime of the {sanitizer} "
                           "sanitizer; install it (e.g. gcc's libasan / libubsan package)")
    return found


def check_sanitizer_runtime(sanitizers: Sequence[str]) -> None:
    """DeviceError, naming the fix, unless this process can load a program built with
    ``sanitizers``: AddressSanitizer's runtime must have been preloaded before Python
    started (loaded later, it aborts the process)."""
    if "address" in sanitizers and not hasattr(ctypes.CDLL(None), "__asan_init"):
        raise DeviceError(
            "this program is built with AddressSanitizer (RLX_CPU_SANITIZE / "
            "CompileOptions.sanitize) but this Python process was started without its "
            "runtime, which must be loaded first: start Python with "
            "LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 "
            "(scripts/sanitize.py does), or build with sanitize='undefined' only")


def _compiler_environment() -> dict[str, str]:
    """This process's environment less preloaded sanitizer runtimes: the compiler runs
    uninstrumented (and its leaks at exit are not reported as failures)."""
    env = dict(os.environ)
    kept = [p for p in env.get("LD_PRELOAD", "").replace(":", " ").split()
            if not os.path.basename(p).startswith(("libasan", "libubsan"))]
    if kept:
        env["LD_PRELOAD"] = " ".join(kept)
    else:
        env.pop("LD_PRELOAD", None)
    return env


def cache_dir() -> Path:
    """The disk cache's directory for this format, created if missing; CacheError when
    it cannot be."""
    root = os.environ.get(CACHE_ENV) or os.path.join(os.path.expanduser("~"), ".cache", "rlx")
    path = Path(root) / CACHE_FORMAT
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise _cache_error(path, e) from e
    return path


def _cache_error(root: Path, error: OSError) -> CacheError:
    """The CacheError for an OS error met writing to the cache directory ``root``."""
    fix = f"or set ${CACHE_ENV} to another directory"
    if error.errno in _NO_SPACE:
        return CacheError(f"the disk cache directory {root} is full ({error}): free space {fix}")
    if error.errno in _READ_ONLY:
        return CacheError(f"the disk cache directory {root} has no valid entry for this "
                          f"program and cannot be written ({error}): make it writable {fix}")
    return CacheError(f"writing to the disk cache directory {root} failed ({error}); "
                      f"check it {fix}")


def _flags(tc: Toolchain, blas: bool, tier: str, sanitizers: Sequence[str] = ()) -> list[str]:
    flags = list(BASE_FLAGS) + list(isa.target_flags(tier)) + list(sanitizer_flags(sanitizers))
    if blas:
        if tc.blas_include is None:
            raise CompileError("this graph needs BLAS but the scipy-openblas32 package is not "
                               "installed; pip install scipy-openblas32")
        flags += [f"-I{tc.blas_include}", f"-L{tc.blas_lib_dir}",
                  f"-Wl,-rpath,{tc.blas_lib_dir}", "-lscipy_openblas"]
    return flags + ["-lm"]


def cache_key(source: str, tc: Toolchain, flags: list[str], threads: int, tier: str) -> str:
    """The disk-cache name of a build: everything that changes the binary, including
    the ISA tier and the target the compiler resolves for it on this host (and, through
    ``flags``, the sanitizers)."""
    target = isa.resolved_target(tc.compiler, isa.target_flags(tier))
    h = sha256()
    for part in (CACHE_FORMAT, __version__, tc.compiler, tc.version, " ".join(flags),
                 tier, target, str(threads), source):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:32]


def build_identity(threads: int, tier: str, sanitizers: Sequence[str]) -> str | None:
    """Everything besides the C source that decides a build (what :func:`cache_key`
    hashes besides the source), as text: the program store's backend identity
    (rlx.runtime.program_store). None without a compiler."""
    compiler, _ = find_compiler()
    if compiler is None:
        return None
    tc = Toolchain(compiler, "", None, None)
    flags = _flags(tc, False, tier, sanitizers)
    # no compiler process on this path (a warm start runs none): the compiler is named by
    # its file, and -march=native by the host CPU it resolves against
    host = isa.host_signature() if "-march=native" in flags else ""
    return "\0".join((CACHE_FORMAT, __version__, _file_identity(compiler), " ".join(flags),
                       str(_blas_package()), tier, host, str(threads)))


def _file_identity(path: str) -> str:
    """A file by its real path, size and modification time."""
    real = os.path.realpath(path)
    try:
        st = os.stat(real)
    except OSError:
        return real
    return f"{real}:{st.st_size}:{st.st_mtime_ns}"


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
                          parts: int = 1, sanitize: Sequence[str] = ()) -> tuple[Path, bool]:
    """Path of the shared object for ``source`` (rendered in ``parts`` parts), built for
    ISA ``tier`` with the sanitizers ``sanitize``, and whether it came from the cache
    (a cached object is used only if it matches its record, else it is rebuilt).

    Raises CompileError with the command, the compiler output and the source path;
    CacheError when the cache directory cannot be written or is full; DeviceError
    when ``sanitize`` needs a runtime this process lacks."""
    check_sanitizer_runtime(sanitize)
    tc = toolchain()
    if tc is None:
        raise CompileError(find_compiler()[1])
    flags = _flags(tc, blas, tier, sanitize)
    key = cache_key(source, tc, flags, threads, tier)
    root = cache_dir()
    so_path = root / f"{key}.so"
    if entry_valid(so_path, key):
        return so_path, True
    try:
        with _key_lock(root, key):
            if entry_valid(so_path, key):
                return so_path, True
            _build(tc, flags, _system_header(tc, flags, tier, root), source, parts,
                   so_path, key)
    except OSError as e:
        raise _cache_error(root, e) from e
    return so_path, False


def load_shared_object(path: str) -> ctypes.CDLL:
    """The shared object at ``path``, loaded; CacheError naming it and the loader's
    reason when it will not load (e.g. a cache directory on a file system mounted
    ``noexec``)."""
    try:
        return ctypes.CDLL(path)
    except OSError as e:
        raise CacheError(f"the compiled program {path} could not be loaded ({e}); if its "
                         f"directory does not allow executables, set ${CACHE_ENV} to one "
                         "that does") from e


@contextlib.contextmanager
def _key_lock(root: Path, key: str) -> Iterator[None]:
    """Hold the lock of ``key``: one process at a time builds it."""
    with open(root / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _system_header(tc: Toolchain, flags: list[str], tier: str, root: Path) -> list[str]:
    """``["-include", header]`` of the precompiled system headers for a build with
    ``flags`` for ``tier`` (:mod:`rlx.backends.cpu.pch`), made first where missing;
    ``[]`` where there is none to use."""
    if not pch.usable(tc.compiler):
        return []
    own = pch.header_flags(flags)
    target = isa.resolved_target(tc.compiler, isa.target_flags(tier))
    where = (root, pch.key(tc.compiler, tc.version, own, target))
    if where not in pch.headers:
        pch.headers[where] = _make_system_header(tc.compiler, own, root / "pch", where[1])
    header = pch.headers[where]
    return [] if header is None else ["-include", str(header)]


def _make_system_header(compiler: str, flags: tuple[str, ...], root: Path,
                        key: str) -> Path | None:
    """The text header of ``key`` with its precompiled form beside it, made under the
    key's lock where missing; None when either cannot be written or the compiler fails
    (builds then go on without it)."""
    directory = root / key
    header = directory / pch.HEADER_NAME
    gch = directory / (pch.HEADER_NAME + ".gch")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with _key_lock(root, key):
            if header.exists() and gch.exists():
                return header
            write_atomic(header, pch.HEADER.encode())
            with tempfile.TemporaryDirectory(dir=directory) as work:
                made = os.path.join(work, gch.name)
                proc = subprocess.run([compiler, *flags, "-x", "c-header", str(header),
                                       "-o", made], capture_output=True, timeout=300,
                                      env=_compiler_environment())
                if proc.returncode != 0:
                    return None
                os.replace(made, gch)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return header


def _record_path(so_path: Path) -> Path:
    return so_path.with_suffix(".sum")


def _record(path: Path, key: str) -> dict[str, object]:
    """What the record of the shared object at ``path`` under ``key`` says."""
    digest, size = sha256(), 0
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
            size += len(block)
    return {"key": key, "size": size, "sha256": digest.hexdigest()}


def entry_valid(so_path: Path, key: str) -> bool:
    """Whether ``so_path`` exists and matches the record written when it was built."""
    try:
        recorded = json.loads(_record_path(so_path).read_text(encoding="utf-8"))
        if not isinstance(recorded, dict) or recorded.get("size") != so_path.stat().st_size:
            return False
        return recorded == _record(so_path, key)
    except (OSError, ValueError):
        return False


def _build(tc: Toolchain, flags: list[str], header: list[str], source: str, parts: int,
           so_path: Path, key: str) -> None:
    """Compile ``source`` into ``so_path`` (``header``: the flags that pre-include the
    precompiled system headers, see :mod:`rlx.backends.cpu.pch`): in a temporary
    directory beside it, then the record, then the object renamed into place (a reader
    never sees half a file)."""
    c_path = so_path.with_suffix(".c")
    write_atomic(c_path, source.encode())
    with tempfile.TemporaryDirectory(dir=so_path.parent) as work:
        tmp_so = Path(work) / "out.so"
        if parts <= 1:
            _compile(header + [str(c_path), "-o", str(tmp_so)], tc, flags, c_path)
        else:
            objects = [os.path.join(work, f"part{i}.o") for i in range(parts)]
            commands = [header + [str(c_path), "-c", f"-DRLX_PART={i}", "-o", obj]
                        for i, obj in enumerate(objects)]
            with ThreadPoolExecutor(min(parts, compile_jobs())) as pool:
                for _ in pool.map(lambda cmd: _compile(cmd, tc, flags, c_path), commands):
                    pass
            _run_compiler([tc.compiler, *objects, "-o", str(tmp_so)] + flags, c_path)
        write_atomic(_record_path(so_path), json.dumps(_record(tmp_so, key)).encode())
        os.replace(tmp_so, so_path)


def _compile(args: list[str], tc: Toolchain, flags: list[str], c_path: Path) -> None:
    """Run the compiler on ``args`` + ``flags``. When it fails with the precompiled
    system headers, run it again without them: a failure that remains is the source's
    (and is raised); one that goes away was the precompiled header's, which this
    process then stops using."""
    cmd = [tc.compiler, *args, *flags]
    try:
        _run_compiler(cmd, c_path)
    except CacheError:
        raise
    except CompileError:
        plain = pch.without(cmd)
        if plain == cmd:
            raise
        _run_compiler(plain, c_path)
        pch.forget(cmd)


def _run_compiler(cmd: list[str], c_path: Path) -> None:
    """Run one compiler command; CompileError with its output when it fails."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600,
                              env=_compiler_environment())
    except (OSError, subprocess.TimeoutExpired) as e:
        raise CompileError(f"running the C compiler failed: {e}", cmd, "", str(c_path)) from e
    if proc.returncode != 0 and os.strerror(errno.ENOSPC) in proc.stdout + proc.stderr:
        raise CacheError(f"the disk cache directory {c_path.parent} is full: the C compiler "
                         f"could not write its output; free space or set ${CACHE_ENV} to "
                         "another directory", cmd, proc.stdout + proc.stderr, str(c_path))
    if proc.returncode != 0:
        output = proc.stdout + proc.stderr
        if isa.AVX_VNNI_FLAG in cmd and isa.AVX_VNNI_FLAG in output:
            raise CompileError(f"the C compiler does not know {isa.AVX_VNNI_FLAG} (AVX-VNNI, "
                               "which this host has: GCC 11 and Clang 12 know it); install "
                               f"a newer compiler or set ${isa.AVX_VNNI_ENV}=0", cmd, output,
                               str(c_path))
        raise CompileError("the C compiler rejected the generated source", cmd, output,
                           str(c_path))
