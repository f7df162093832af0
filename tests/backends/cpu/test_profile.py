"""CompileOptions(profile=True): per-kernel call counts and times on cpu."""

import time

import numpy as np
import pytest

import rlx
from rlx.errors import UnsupportedOpError

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")


def _graph() -> rlx.Graph:
    g = rlx.Graph("profiled")
    x = g.input("x", (32, 64))
    w = g.param("w", (64, 64))
    g.set_outputs([rlx.softmax(rlx.relu(x @ w), axis=-1)])
    return g


@pytest.mark.parametrize("parts", [1, 2])
def test_profile_counts_every_kernel_call(parts, monkeypatch, tmp_path):
    from rlx.backends.cpu import render, toolchain
    if parts > 1:  # the counters are shared by every compile part
        monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))
        monkeypatch.setattr(render, "PART_BYTES", 1)
        monkeypatch.setattr(toolchain, "compile_jobs", lambda: parts)
    cg = rlx.Session("cpu", rlx.CompileOptions(profile=True)).compile(_graph())
    rng = np.random.default_rng(0)
    w = rng.standard_normal((64, 64)).astype(np.float32)
    x = rng.standard_normal((32, 64)).astype(np.float32)
    cg.set_param("w", w)
    start = time.perf_counter()
    for _ in range(7):
        (out,) = cg.run({"x": x})
    elapsed = time.perf_counter() - start
    z = np.maximum(x.astype(np.float64) @ w, 0)
    want = np.exp(z - z.max(-1, keepdims=True))
    np.testing.assert_allclose(out, want / want.sum(-1, keepdims=True), rtol=1e-5, atol=1e-7)
    times = cg.kernel_profile(reset=True)
    assert [t.ops for t in times] == ["matmul + relu", "softmax"]
    assert all(t.calls == 7 and t.seconds > 0 for t in times)
    assert sum(t.seconds for t in times) <= elapsed   # kernels run inside the runs
    assert all(t.calls == 0 and t.seconds == 0 for t in cg.kernel_profile())


def test_profile_needs_the_option():
    cg = rlx.Session("cpu").compile(_graph())
    with pytest.raises(UnsupportedOpError, match=r"CompileOptions\(profile=True\)"):
        cg.kernel_profile()
    ref = rlx.Session("reference", rlx.CompileOptions(profile=True)).compile(_graph())
    with pytest.raises(UnsupportedOpError, match="does not time kernels"):
        ref.kernel_profile()
