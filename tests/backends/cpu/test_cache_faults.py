"""The cpu device's disk cache under faults: a damaged or substituted shared object, a
read-only or full cache directory, processes racing on one key, another ISA tier's
object. Each is rebuilt or reported as an RlxError (CacheError); none crashes."""

import errno
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import rlx
from rlx.backends.cpu import isa, toolchain
from rlx.errors import CacheError

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")
TIERS_CHOSEN_BY_TEST = True

X = np.linspace(-1.0, 1.0, 8, dtype=np.float32)


def _graph(scale: float = 3.0) -> rlx.Graph:
    g = rlx.Graph("faults")
    x = g.input("x", (8,))
    g.set_outputs([rlx.tanh(x) * scale])
    return g


def _compile(scale: float = 3.0, **options):
    """(compiled graph, its shared object's path); checks the result."""
    cg = rlx.Session("cpu", rlx.CompileOptions(**options)).compile(_graph(scale))
    np.testing.assert_allclose(cg.run({"x": X})[0], np.tanh(X) * scale, rtol=1e-5)
    return cg, Path(cg._exe.library.path)


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """An empty cache directory in force for this test (the format's subdirectory)."""
    monkeypatch.setenv(toolchain.CACHE_ENV, str(tmp_path))
    return tmp_path / toolchain.CACHE_FORMAT


def _replace(path: Path, data: bytes) -> None:
    """Put ``data`` at ``path`` as a new file (the object this process has loaded keeps
    its own pages)."""
    tmp = path.with_name(path.name + ".new")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _damaged(data: bytes, how: str) -> bytes:
    if how == "truncated":
        return data[:len(data) // 3]
    if how == "flipped":             # same size, one byte of the code changed
        mid = len(data) // 2
        return data[:mid] + bytes([data[mid] ^ 0xFF]) + data[mid + 1:]
    return b"\0" * len(data)         # zeroed


@pytest.mark.parametrize("how", ["truncated", "flipped", "zeroed"])
def test_a_damaged_object_is_rebuilt_not_loaded(cache, how):
    _, so = _compile()
    good = so.read_bytes()
    _replace(so, _damaged(good, how))
    cg, again = _compile()
    assert again == so and not cg._exe.cache_hit
    assert so.read_bytes() == good
    assert _compile()[0]._exe.cache_hit


def test_an_object_without_its_record_is_rebuilt(cache):
    _, so = _compile()
    so.with_suffix(".sum").unlink()
    assert not _compile()[0]._exe.cache_hit
    assert json.loads(so.with_suffix(".sum").read_text())["size"] == so.stat().st_size


def test_a_fresh_process_rebuilds_a_truncated_object(cache):
    """What a user meets: another process left a truncated object behind."""
    _, so = _compile(scale=7.0)
    _replace(so, so.read_bytes()[:4096])
    script = textwrap.dedent(f"""
        import numpy as np, rlx
        g = rlx.Graph("faults")
        x = g.input("x", (8,))
        g.set_outputs([rlx.tanh(x) * 7.0])
        cg = rlx.Session("cpu").compile(g)
        x = np.linspace(-1.0, 1.0, 8, dtype=np.float32)
        assert np.allclose(cg.run({{"x": x}})[0], np.tanh(x) * 7.0, rtol=1e-5)
        print("HIT" if cg._exe.cache_hit else "MISS", cg._exe.library.path == {str(so)!r})
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env={**os.environ, isa.ISA_ENV: isa.resolve_tier()})
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["MISS", "True"]


def test_racing_processes_rebuild_a_damaged_object_once_and_agree(cache):
    _, so = _compile(scale=5.0)
    _replace(so, b"not an ELF file")
    script = textwrap.dedent("""
        import numpy as np, rlx
        g = rlx.Graph("faults")
        x = g.input("x", (8,))
        g.set_outputs([rlx.tanh(x) * 5.0])
        cg = rlx.Session("cpu").compile(g)
        x = np.linspace(-1.0, 1.0, 8, dtype=np.float32)
        assert np.allclose(cg.run({"x": x})[0], np.tanh(x) * 5.0, rtol=1e-5)
        print("HIT" if cg._exe.cache_hit else "MISS")
    """)
    env = {**os.environ, isa.ISA_ENV: isa.resolve_tier()}
    procs = [subprocess.Popen([sys.executable, "-c", script], env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(3)]
    results = [p.communicate() for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [r[1] for r in results]
    # the key's lock lets one process build; the others find its object valid
    assert sorted(r[0].strip() for r in results) == ["HIT", "HIT", "MISS"]


@pytest.mark.skipif(len(isa.tiers_for_host()) < 2, reason="the host runs one ISA tier only")
def test_another_tiers_object_is_never_loaded(cache):
    low, high = isa.tiers_for_host()[0], isa.tiers_for_host()[-1]
    _, so_low = _compile(isa=low)
    _, so_high = _compile(isa=high)
    assert so_low != so_high                      # the tier is part of the key
    low_bytes = so_low.read_bytes()
    # the high tier's object and record copied under the low tier's key
    _replace(so_low, so_high.read_bytes())
    _replace(so_low.with_suffix(".sum"), so_high.with_suffix(".sum").read_bytes())
    cg, path = _compile(isa=low)
    assert path == so_low and not cg._exe.cache_hit and cg._exe.isa == low
    assert so_low.read_bytes() == low_bytes


def test_an_object_the_loader_refuses_is_a_cache_error(cache):
    """A file that matches its record but is no shared object: CacheError, not OSError."""
    _, so = _compile()
    fake = so.with_name("0" * 32 + ".so")
    fake.write_bytes(b"\x7fELF but not really")
    fake.with_suffix(".sum").write_text(json.dumps(toolchain._record(fake, "0" * 32)))
    assert toolchain.entry_valid(fake, "0" * 32)
    with pytest.raises(CacheError, match="could not be loaded"):
        toolchain.load_shared_object(str(fake))


def test_a_full_disk_while_writing_is_a_cache_error(cache, monkeypatch):
    def no_space(path, data, durable=False):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(toolchain, "write_atomic", no_space)
    with pytest.raises(CacheError, match="is full") as info:
        _compile()
    assert str(cache) in str(info.value) and isinstance(info.value, rlx.CompileError)


def test_a_compiler_out_of_space_is_a_cache_error(cache, tmp_path, monkeypatch):
    fake = tmp_path / "fullcc"
    fake.write_text("#!/bin/sh\necho 'out.so: No space left on device' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("CC", str(fake))
    with pytest.raises(CacheError, match="is full") as info:
        _compile()
    assert "No space left on device" in info.value.output


def test_an_unwritable_cache_directory_is_a_cache_error(cache, monkeypatch):
    _compile()                                   # a valid entry: still served

    def read_only(root, key):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(root / f"{key}.lock"))

    monkeypatch.setattr(toolchain, "_key_lock", read_only)
    assert _compile()[0]._exe.cache_hit
    with pytest.raises(CacheError, match="cannot be written"):
        _compile(scale=4.0)


# ---------------------------------------------------------------- real file systems


def _mount_tmpfs(path: Path, size: str) -> None:
    path.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    out = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                         capture_output=True, text=True)
    if out.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {out.stderr.strip()}")


@pytest.fixture
def tmpfs(tmp_path):
    """A factory of small tmpfs mounts under tmp_path (skips where mounting is not
    allowed), unmounted after the test."""
    mounted: list[Path] = []

    def make(size: str) -> Path:
        path = tmp_path / f"fs{len(mounted)}"
        _mount_tmpfs(path, size)
        mounted.append(path)
        return path

    yield make
    for path in mounted:
        subprocess.run(["umount", "-l", str(path)], capture_output=True)


def test_a_read_only_file_system(tmpfs, monkeypatch):
    root = tmpfs("4m")
    monkeypatch.setenv(toolchain.CACHE_ENV, str(root))
    _compile()
    subprocess.run(["mount", "-o", "remount,ro", str(root)], check=True)
    assert _compile()[0]._exe.cache_hit          # a valid entry is still served
    with pytest.raises(CacheError, match="cannot be written"):
        _compile(scale=4.0)
    monkeypatch.setenv(toolchain.CACHE_ENV, str(root / "missing"))
    with pytest.raises(CacheError, match="cannot be written"):
        _compile(scale=4.0)


def test_a_full_file_system(tmpfs, monkeypatch):
    root = tmpfs("256k")
    with open(root / "filler", "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError as e:
            assert e.errno == errno.ENOSPC
    monkeypatch.setenv(toolchain.CACHE_ENV, str(root))
    with pytest.raises(CacheError, match="is full"):
        _compile()
    (root / "filler").unlink()                   # space again: it compiles
    assert not _compile()[0]._exe.cache_hit
