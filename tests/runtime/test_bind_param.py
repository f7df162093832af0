"""bind_param: a param read from the caller's array itself (no copy), on every device."""

from __future__ import annotations

import mmap

import numpy as np
import pytest

import rlx
from rlx.errors import InputError


def _affine(device: str, threads: int = 1) -> rlx.CompiledGraph:
    g = rlx.Graph("affine")
    x = g.input("x", (4, 8))
    g.set_outputs([x @ g.param("w", (8, 16)) + g.param("b", (16,))])
    return rlx.Session(device, rlx.CompileOptions(num_threads=threads)).compile(g)


def _mapped(tmp_path, array: np.ndarray) -> np.ndarray:
    """A read-only view of ``array`` written to a file and mapped back."""
    path = tmp_path / "w.bin"
    path.write_bytes(array.tobytes())
    with open(path, "rb") as f:
        buf = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    return np.frombuffer(buf, array.dtype).reshape(array.shape)


def test_a_mapped_file_backs_the_weight(device, tmp_path):
    rng = np.random.default_rng(0)
    w, b, x = (rng.standard_normal(s).astype(np.float32) for s in ((8, 16), (16,), (4, 8)))
    cg = _affine(device)
    mapped = _mapped(tmp_path, w)
    assert not mapped.flags.writeable
    assert cg.bind_param("w", mapped) is True
    cg.set_param("b", b)
    np.testing.assert_allclose(cg.run({"x": x})[0], x.astype(np.float64) @ w + b, rtol=1e-5,
                               atol=1e-5)


def test_set_param_after_a_bind_leaves_the_bound_array_alone(device):
    rng = np.random.default_rng(1)
    w, x = rng.standard_normal((8, 16)).astype(np.float32), np.ones((4, 8), np.float32)
    cg = _affine(device)
    bound = w.copy()
    cg.bind_param("w", bound)
    cg.set_param("b", np.zeros(16, np.float32))
    first = cg.run({"x": x})[0].copy()
    cg.set_param("w", 2 * w)                       # into the graph's own storage
    np.testing.assert_array_equal(bound, w)
    np.testing.assert_allclose(cg.run({"x": x})[0], 2 * first, rtol=1e-6)
    cg.bind_param("w", bound)                      # and back to the caller's array
    np.testing.assert_allclose(cg.run({"x": x})[0], first, rtol=1e-6)


def test_shared_params_follow_a_bind_and_clones_copy(device):
    """A graph sharing the params reads the newly bound array on its next run; a clone
    keeps the values it copied."""
    rng = np.random.default_rng(2)
    w1, w2 = (rng.standard_normal((8, 16)).astype(np.float32) for _ in range(2))
    x = rng.standard_normal((4, 8)).astype(np.float32)
    owner, sharer = _affine(device), _affine(device, threads=2)
    owner.set_param("b", np.zeros(16, np.float32))
    owner.bind_param("w", w1)
    assert sharer.share_params_from(owner)
    twin = owner.clone() if owner.capabilities().clone else None
    np.testing.assert_allclose(sharer.run({"x": x})[0], x @ w1, rtol=1e-5, atol=1e-5)
    owner.bind_param("w", w2)
    np.testing.assert_allclose(sharer.run({"x": x})[0], x @ w2, rtol=1e-5, atol=1e-5)
    if twin is not None:
        np.testing.assert_allclose(twin.run({"x": x})[0], x @ w1, rtol=1e-5, atol=1e-5)


def test_a_converted_or_misaligned_value_is_still_a_weight(device):
    """A value that needs converting binds the converted array; a misaligned one is
    copied (False)."""
    w = np.arange(128, dtype=np.float64).reshape(8, 16) / 100
    cg = _affine(device)
    cg.set_param("b", np.zeros(16, np.float32))
    assert cg.bind_param("w", w) is True               # the f32 conversion is bound
    raw = np.zeros(8 * 16 * 4 + 1, np.uint8)
    skewed = raw[1:].view(np.float32).reshape(8, 16)
    assert not skewed.flags.aligned
    skewed[...] = w
    assert cg.bind_param("w", skewed) is False
    x = np.ones((4, 8), np.float32)
    np.testing.assert_allclose(cg.run({"x": x})[0], x @ w, rtol=1e-5)


def test_bad_binds_raise():
    cg = _affine("cpu")
    with pytest.raises(InputError, match="unknown param 'v'"):
        cg.bind_param("v", np.zeros((8, 16), np.float32))
    with pytest.raises(InputError, match="expected shape"):
        cg.bind_param("w", np.zeros((16, 8, 2), np.float32))
