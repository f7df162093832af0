"""Each backend class declares its executables' capabilities once, and
``rlx.advisory_capabilities`` answers from that declaration."""

import dataclasses

import numpy as np
import pytest

import rlx
from rlx.runtime.devices import get_backend, known_devices


def test_capability_table_matches_backends(device):
    g = rlx.Graph("caps")
    g.set_outputs([g.input("x", (2,)) + 1.0])
    cg = rlx.Session(device).compile(g)
    caps = cg.capabilities()
    # the executable implements what its backend class declares (the cpu executable adds
    # the ISA tier it was built for), and the advisory answer is that declaration
    declared = type(get_backend(device)).capabilities
    assert dataclasses.replace(caps, isa=None) == declared
    assert caps == rlx.advisory_capabilities(device)
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


def test_gpu_handles_are_unsupported_on_host_devices(device):
    """The spec's GPU-handle family answers "unsupported" (False / None) on devices
    whose memory the host addresses, after checking names as the other handle calls."""
    g = rlx.Graph("gpu_handles")
    x = g.input("x", (2, 3))
    g.set_outputs([x * 2.0])
    cg = rlx.Session(device).compile(g)
    assert not cg.capabilities().gpu_handles
    assert not rlx.advisory_capabilities(device).gpu_handles
    ones = np.ones((2, 3), np.float32)
    assert cg.bind_gpu_handle("x", ones) is False
    assert cg.has_gpu_handle("x") is False
    assert cg.set_gpu_handle_feed("x", 0) is False
    assert cg.read_gpu_handle("x") is None
    assert cg.read_gpu_handle_row("x", 1, 3) is None
    assert cg.prepare_resident_gpu_handle("x") is False
    assert cg.stage_bound_gpu_handles_to_arena() is True   # the spec's answer: nothing to do
    assert cg.run_feed_gpu_handle({"x": ones}, "x", 0) is None
    # nothing became resident: x is still fed on each run
    np.testing.assert_array_equal(cg.run({"x": ones})[0], 2 * ones)
    with pytest.raises(rlx.InputError, match="missing input 'x'"):
        cg.run({})
    for call in (lambda: cg.bind_gpu_handle("y", ones), lambda: cg.has_gpu_handle("y"),
                 lambda: cg.set_gpu_handle_feed("y", 0), lambda: cg.read_gpu_handle("y"),
                 lambda: cg.read_gpu_handle_row("y", 0, 3),
                 lambda: cg.prepare_resident_gpu_handle("y"),
                 lambda: cg.run_feed_gpu_handle({"x": ones}, "y", 0)):
        with pytest.raises(rlx.InputError, match="unknown input 'y'"):
            call()
    with pytest.raises(rlx.InputError, match="output index 1 out of range"):
        cg.set_gpu_handle_feed("x", 1)
    with pytest.raises(rlx.InputError, match="outside input 'x'"):
        cg.read_gpu_handle_row("x", 2, 3)
    with pytest.raises(rlx.InputError):
        cg.bind_gpu_handle("x", np.ones(5, np.float32))    # wrong size
