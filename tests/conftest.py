import pytest

import rlx

DEVICES = [d for d in ("reference", "cpu") if d in rlx.available_devices()]


@pytest.fixture(params=DEVICES)
def device(request):
    """Every test taking ``device`` runs once per backend available here."""
    return request.param
