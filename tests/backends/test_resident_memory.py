"""Zeroed buffers (KV caches, outputs sized for the largest input) become resident only
where a run writes them: a decoder's process is held to 1.3x its weights' file."""

import mmap
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
