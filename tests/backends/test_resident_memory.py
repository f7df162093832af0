"""Zeroed buffers (KV caches, outputs sized for the largest input) become resident only
where a run writes them, and weight files are mapped, not read in (the large ones
advised onto huge pages): a decoder's process is held to 1.3x its weights' file."""

import mmap
import os
import sys

import numpy as np
import pytest

from rlx.backends import base

PAGEMAP = "/proc/self/pagemap"


def resident_pages(array: np.ndarray) -> int:
    """How many of the pages under ``array`` are in memory (Linux's page map)."""
    start = array.ctypes.data // mmap.PAGESIZE
    stop = (array.ctypes.data + array.nbytes - 1) // mmap.PAGESIZE + 1
    try:
        with open(PAGEMAP, "rb") as f:
            f.seek(start * 8)
            entries = np.frombuffer(f.read((stop - start) * 8), np.uint64)
    except OSError as exc:
        pytest.skip(f"{PAGEMAP} cannot be read here ({exc})")
    return int(np.count_nonzero(entries >> np.uint64(63)))


def pages_per_fault() -> int:
    """Pages one write can make resident: a huge page's where the kernel backs every
    anonymous mapping with them, else one."""
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled") as f:
            always = "[always]" in f.read()
    except OSError:
        always = False
    return base.HUGE_PAGE // mmap.PAGESIZE if always else 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's page map")
@pytest.mark.parametrize("nbytes", [base.MAPPED_MIN, 2 << 20, base.HUGE_MIN - 4096])
def test_a_zeroed_buffer_is_resident_only_where_written(nbytes):
    # leave freed, written heap memory of this size behind: an allocator hands it out
    # again by clearing it, which would make every page resident
    for _ in range(3):
        junk = np.ones(nbytes, np.uint8)
        del junk
    buffer = base.aligned_zeros((nbytes // 4,), np.float32, "the test's buffer")
    assert buffer.ctypes.data % base.ALIGNMENT == 0
    assert resident_pages(buffer) == 0
    buffer[:10] = 1.0
    buffer[-1] = 2.0
    # a write makes one page resident, or one huge page where the kernel gives them to
    # every mapping (transparent huge pages "always")
    assert 2 <= resident_pages(buffer) <= 2 * pages_per_fault()
    expected = np.zeros(nbytes // 4, np.float32)
    expected[:10], expected[-1] = 1.0, 2.0
    np.testing.assert_array_equal(buffer, expected)


def test_a_small_zeroed_buffer_is_aligned_and_zero():
    buffer = base.aligned_zeros((3, 5), np.int64)
    assert buffer.ctypes.data % base.ALIGNMENT == 0 and buffer.flags.c_contiguous
    np.testing.assert_array_equal(buffer, np.zeros((3, 5), np.int64))


def _mapping_of(address: int) -> tuple[str, list[str]]:
    """(the file, the VmFlags) of the mapping that holds ``address`` (Linux's smaps)."""
    name, flags, holds = "", [], False
    with open("/proc/self/smaps") as f:
        for line in f:
            fields = line.split()
            if "-" in fields[0] and not fields[0].endswith(":"):
                low, high = (int(x, 16) for x in fields[0].split("-"))
                holds = low <= address < high
                if holds:
                    name = fields[5] if len(fields) > 5 else ""
            elif holds and fields[0] == "VmFlags:":
                flags = fields[1:]
                break
    return name, flags


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's smaps")
def test_a_weight_file_is_mapped_read_only_and_large_ones_on_huge_pages(tmp_path):
    rng = np.random.default_rng(3)
    thp = hasattr(mmap, "MADV_HUGEPAGE") and os.path.isdir("/sys/kernel/mm/transparent_hugepage")
    for nbytes, huge in ((base.HUGE_MIN + 12345, thp), (base.HUGE_MIN - 1, False)):
        data = rng.integers(0, 256, nbytes, np.uint8)
        path = tmp_path / f"weights{nbytes}.bin"
        data.tofile(path)
        mapped = base.map_file(str(path))
        assert resident_pages(mapped) <= 1 + pages_per_fault()   # mapped, not read in
        np.testing.assert_array_equal(mapped, data)
        with pytest.raises(ValueError):
            mapped[0] = 1
        name, flags = _mapping_of(mapped.ctypes.data)
        assert name == str(path)                                 # the file's own pages
        assert ("hg" in flags) == huge, flags
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    assert base.map_file(str(empty)).size == 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's smaps")
def test_release_free_heap_returns_the_freed_middle_of_the_heap():
    """Freed heap memory below a live allocation stays resident until the heap is
    trimmed; release_free_heap hands it back (where the C library can: glibc)."""
    import subprocess

    code = (
        "import sys\n"
        "from rlx.backends.buffers import _malloc_trim, release_free_heap\n"
        "def heap_kib():\n"
        "    total, inside = 0, False\n"
        "    for line in open('/proc/self/smaps'):\n"
        "        if line[0] in '0123456789abcdef' and '-' in line.split()[0]:\n"
        "            inside = line.rstrip().endswith('[heap]')\n"
        "        elif inside and line.startswith('Rss:'):\n"
        "            total += int(line.split()[1])\n"
        "    return total\n"
        "if _malloc_trim() is None:\n"
        "    print('none'); sys.exit()\n"
        "blocks = [bytearray(2000) for _ in range(20000)]\n"   # 40 MB from malloc's heap
        "pin = bytearray(2000)\n"                              # above them: no top trim
        "del blocks\n"
        "before = heap_kib()\n"
        "release_free_heap()\n"
        "print(before, heap_kib())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    if out == ["none"]:
        pytest.skip("this C library has no malloc_trim")
    before, after = map(int, out)
    assert before >= 30_000 and after <= before - 30_000, (before, after)
