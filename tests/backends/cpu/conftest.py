"""Every test of the cpu kernels runs on each ISA tier this host can execute, up to the
one in force (``RLX_CPU_ISA`` when set, else the host's highest), lowest first; the ids
name the tier. A module whose tests choose tiers themselves sets
``TIERS_CHOSEN_BY_TEST = True`` and runs once, on the tier in force."""

import pytest

import rlx
from rlx.backends.cpu import isa

HOST_TIERS = list(isa.tiers_in_force()) if "cpu" in rlx.available_devices() else ["generic"]


def pytest_generate_tests(metafunc):
    if "cpu_tier" not in metafunc.fixturenames:
        return
    chosen = getattr(metafunc.module, "TIERS_CHOSEN_BY_TEST", False)
    tiers = HOST_TIERS[-1:] if chosen else HOST_TIERS
    metafunc.parametrize("cpu_tier", tiers, indirect=True, scope="function")


@pytest.fixture(autouse=True)
def cpu_tier(request, monkeypatch):
    """Force this test's ISA tier through ``RLX_CPU_ISA``."""
    tier = getattr(request, "param", HOST_TIERS[-1])
    monkeypatch.setenv(isa.ISA_ENV, tier)
    return tier
