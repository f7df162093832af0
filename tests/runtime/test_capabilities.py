"""The advisory capability table agrees with what each backend's executables declare."""

import numpy as np
import pytest

import rlx
from rlx.runtime.devices import known_devices


def test_capability_table_matches_backends(device):
    g = rlx.Graph("caps")
    g.set_outputs([g.input("x", (2,)) + 1.0])
    cg = rlx.Session(device).compile(g)
    assert cg.capabilities() == rlx.advisory_capabilities(device)
    caps = cg.capabilities()
    # the flags are honest: each claimed hook really works, each unclaimed one says no
    assert cg.bind_handle("x", np.zeros(2, np.float32)) == caps.persistent_handles
    if caps.clone:
        cg.clone()
    else:
        with pytest.raises(rlx.InputError):
            cg.clone()


def test_active_extent_is_claimed_where_kernels_skip_the_padding():
    """cpu's kernels visit the active rows of symbolic dimensions
    (tests/backends/test_symbolic_kernels.py); the reference device runs symbolic
    programs exactly, at their bounds."""
    from rlx.runtime.replay import render_sources

    assert rlx.advisory_capabilities("cpu").active_extent
    assert not rlx.advisory_capabilities("reference").active_extent
    # the claim is what the generated C does: a symbolic program's loops run to the
    # run's active rows, a fixed-size program's to its size
    for rows, skips in ((rlx.Dim("rows", 64), True), (64, False)):
        g = rlx.Graph("caps_extent")
        x = g.input("x", (rows, 256))
        g.set_outputs([rlx.tanh(x * 2.0 + 1.0) @ g.param("w", (256, 256))])
        source = render_sources(g).sources["main"]
        assert ("rlx_active" in source) == skips


def test_every_known_device_has_an_advisory_entry():
    for name in known_devices():
        assert isinstance(rlx.advisory_capabilities(name), rlx.ExecutableCapabilities)
    with pytest.raises(rlx.DeviceError):
        rlx.advisory_capabilities("abacus")


def test_enabled_names():
    caps = rlx.ExecutableCapabilities(clone=True, kv_resident=True)
    assert caps.enabled_names() == ["clone", "kv_resident"]
