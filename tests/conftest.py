import pytest
from threadpoolctl import threadpool_limits

import rlx
from rlx.runtime.program_store import STORE_ENV

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


@pytest.fixture
def program_store(monkeypatch):
    """The program store on (see ``_program_store_off``); its directory, under the
    test run's cache directory."""
    from rlx.backends.cpu import toolchain

    monkeypatch.setenv(STORE_ENV, "1")
    return toolchain.cache_dir() / "programs"
