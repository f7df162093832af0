"""The backend tests run the cpu device on every ISA tier this host can execute.

The ``device`` fixture here adds ``cpu-<tier>`` variants for the tiers below the one in
force (``cpu``: ``RLX_CPU_ISA`` when set, else the host's highest): each sets
``RLX_CPU_ISA`` for the test and hands it the device name ``cpu``. Tests under
``tests/backends/cpu`` run once per tier through the autouse ``cpu_tier`` fixture of that
folder. So an AVX-512 host tests the generic, avx2 and avx512 code of every kernel in one
run, as CI does, and ``RLX_CPU_ISA=avx2`` runs exactly what an AVX2-only host runs.
"""

import pytest

import rlx
from rlx.backends.cpu import isa

LOWER_TIERS = list(isa.tiers_in_force()[:-1]) if "cpu" in rlx.available_devices() else []
BACKEND_DEVICES = [d for d in ("reference", "cpu") if d in rlx.available_devices()] + [
    f"cpu-{tier}" for tier in reversed(LOWER_TIERS)]


@pytest.fixture(params=BACKEND_DEVICES)
def device(request, monkeypatch):
    """The device name for ``rlx.Session``; a ``cpu-<tier>`` variant forces that tier."""
    name, _, tier = request.param.partition("-")
    if tier:
        monkeypatch.setenv(isa.ISA_ENV, tier)
    return name
