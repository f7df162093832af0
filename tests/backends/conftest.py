"""The backend tests run the cpu device on every ISA tier this host can execute.

The ``device`` fixture here adds ``cpu-<tier>`` variants for the tiers below the one in
force (``cpu``: ``RLX_CPU_ISA`` when set, else the host's highest): each sets
``RLX_CPU_ISA`` for the test and hands it the device name ``cpu``. Tests under
``tests/backends/cpu`` run once per tier through the autouse ``cpu_tier`` fixture of that
folder. So an AVX-512 host tests the generic, avx2 and avx512 code of every kernel in one
run, as CI does, and ``RLX_CPU_ISA=avx2`` runs exactly what an AVX2-only host runs.

Where a WebGPU adapter is present (CI installs Mesa's lavapipe), every case also runs on
``wgpu``. That device holds 32-bit words only (rlx.backends.wgpu): a case it refuses at
compile (an UnsupportedOpError) or at its boundary (an InputError naming ``wgpu``: an
i64 beyond 32 bits) is skipped with that message, and
tests/backends/wgpu pins what it must run.
"""

import pytest

import rlx
from rlx.backends.cpu import isa

LOWER_TIERS = list(isa.tiers_in_force()[:-1]) if "cpu" in rlx.available_devices() else []
BACKEND_DEVICES = [d for d in ("reference", "cpu") if d in rlx.available_devices()] + [
    f"cpu-{tier}" for tier in reversed(LOWER_TIERS)] + [
    d for d in ("wgpu",) if d in rlx.available_devices()]


@pytest.fixture(params=BACKEND_DEVICES)
def device(request, monkeypatch):
    """The device name for ``rlx.Session``; a ``cpu-<tier>`` variant forces that tier."""
    name, _, tier = request.param.partition("-")
    if tier:
        monkeypatch.setenv(isa.ISA_ENV, tier)
    return name


@pytest.hookimpl(hookwrapper=True)
def pytest_pyfunc_call(pyfuncitem):
    """A wgpu case the device refuses (an op or dtype it does not run) is skipped with the
    refusal as its reason; any other outcome stands."""
    outcome = yield
    callspec = getattr(pyfuncitem, "callspec", None)
    if callspec is None or callspec.params.get("device") != "wgpu" or outcome.excinfo is None:
        return
    error = outcome.excinfo[1]
    if isinstance(error, rlx.UnsupportedOpError) or (
            isinstance(error, rlx.InputError) and str(error).startswith("wgpu:")):
        outcome.force_exception(pytest.skip.Exception(str(error).splitlines()[0]))
