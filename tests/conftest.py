import os

# Idle OpenMP threads sleep at once rather than spin (rlx's programs and torch's):
# the test workers share the cores, and one worker's spinning threads took the time
# of the other's. Two workers on two cores, the decoder tests of test_speculative.py
# and test_paged_decoder.py beside test_conv_winograd.py: 107 s -> 70 s. Set before
# any OpenMP runtime loads (it reads the variable once); a value set by the user
# stays.
os.environ.setdefault("OMP_WAIT_POLICY", "passive")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from threadpoolctl import threadpool_limits  # noqa: E402

import rlx  # noqa: E402
from rlx.runtime.program_store import STORE_ENV  # noqa: E402

# numpy's BLAS runs the reference backend and the oracles; one thread each keeps the
# two cores from being oversubscribed when the cpu backend runs its own threads.
threadpool_limits(1)

DEVICES = [d for d in ("reference", "cpu") if d in rlx.available_devices()]


@pytest.fixture(params=DEVICES)
def device(request):
    """Every test taking ``device`` runs once per backend available here."""
    return request.param


@pytest.fixture(autouse=True)
def _program_store_off(request, monkeypatch):
    """Tests compile through the passes and the renderer: many patch a kernel module's
    constants to reach a code path, which the program store (keyed by rlx's source
    files, not by patches) would not see. Tests of the store itself (and of a warm
    start) ask for the ``program_store`` fixture, which turns it on."""
    if "program_store" not in request.fixturenames:
        monkeypatch.setenv(STORE_ENV, "0")


@pytest.fixture(autouse=True)
def _poisoned_fresh_outputs(monkeypatch):
    """``CompiledGraph.run`` has the cpu kernels write into new, uninitialised arrays:
    here those arrays start as 0xFF bytes (nan, -1), so a kernel that leaves part of
    its output unwritten, or reads it before writing, fails its test rather than
    passing on zeros or on the previous run's values."""
    from rlx.backends import base
    from rlx.backends.cpu import backend

    def poisoned(shape, dtype):
        array = base.aligned_empty(shape, dtype)
        array.reshape(-1).view(np.uint8).fill(0xFF)
        return array

    monkeypatch.setattr(backend, "aligned_empty", poisoned)


@pytest.fixture
def program_store(monkeypatch):
    """The program store on (see ``_program_store_off``); its directory, under the
    test run's cache directory."""
    from rlx.backends.cpu import toolchain

    monkeypatch.setenv(STORE_ENV, "1")
    return toolchain.cache_dir() / "programs"
