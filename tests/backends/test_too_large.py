"""A program whose buffers exceed the machine's memory is refused while compiling with
an OutOfMemoryError that names the bytes, on every device, instead of a bare OSError
from the OS (or the OOM killer later)."""

import mmap

import pytest

import rlx
from rlx.backends import base
from rlx.errors import OutOfMemoryError

TERA = 1 << 40


def test_an_output_larger_than_memory(device):
    g = rlx.Graph("huge")
    x = g.input("x", (TERA,))
    g.set_outputs([x * 2.0])
    with pytest.raises(OutOfMemoryError, match=f"{4 * TERA} bytes \\(4.0 TiB\\)") as info:
        rlx.Session(device).compile(g)
    assert isinstance(info.value, rlx.RlxError) and isinstance(info.value, MemoryError)


def test_params_larger_than_memory(device):
    g = rlx.Graph("huge_params")
    w = g.param("w", (TERA // 4,))
    g.set_outputs([(w * 2.0).sum() + g.input("x", (4,))])
    with pytest.raises(OutOfMemoryError, match=f"{TERA} bytes \\(1.0 TiB\\)"):
        rlx.Session(device).compile(g)


def test_a_mapping_the_os_refuses_names_its_purpose(monkeypatch):
    """Below the machine's memory but refused by the OS (e.g. a ulimit): the OSError
    becomes an OutOfMemoryError naming the size and purpose."""
    def refuse(*args, **kwargs):
        raise OSError(12, "Cannot allocate memory")

    monkeypatch.setattr(mmap, "mmap", refuse)
    with pytest.raises(OutOfMemoryError, match=r"5242880 bytes \(5.0 MiB\) for the test's "
                                               r"buffer: \[Errno 12\]"):
        base.map_zeroed(5 << 20, "the test's buffer")
    with pytest.raises(OutOfMemoryError, match="for the outputs"):
        base.aligned_zeros((5 << 20,), "u1", "the outputs")


def test_sizes_past_64_bits_and_constants_too_large_to_make(device):
    """2^32 x 2^32 floats are 2^66 bytes (an int64 product of the shape wraps to 0);
    an 8 TiB arange intermediate and a broadcast of 8 TiB: each an OutOfMemoryError."""
    g = rlx.Graph("wide")
    g.set_outputs([g.input("x", (2**32, 2**32)) * 2.0])
    with pytest.raises(OutOfMemoryError, match="bytes"):
        rlx.Session(device).compile(g)
    g = rlx.Graph("broadcast")
    x = g.input("x", (2,))
    g.set_outputs([x.broadcast_to((2**20, 2**20, 2)).sum()])
    with pytest.raises(OutOfMemoryError):
        rlx.Session(device).compile(g)
    if device == "cpu":             # the cpu device computes the arange while compiling
        g = rlx.Graph("arange")
        x = g.input("x", (2,))
        g.set_outputs([rlx.arange(g, 0, 2**40).cast("f32").sum() + x])
        with pytest.raises(OutOfMemoryError):
            rlx.Session(device).compile(g)
