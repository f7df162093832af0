import pytest
from threadpoolctl import threadpool_limits

import rlx

# numpy's BLAS runs the reference backend and the oracles; one thread each keeps the
# two cores from being oversubscribed when the cpu backend runs its own threads.
threadpool_limits(1)

DEVICES = [d for d in ("reference", "cpu") if d in rlx.available_devices()]


@pytest.fixture(params=DEVICES)
def device(request):
    """Every test taking ``device`` runs once per backend available here."""
    return request.param
