import pytest

DEVICES = ["reference"]


@pytest.fixture(params=DEVICES)
def device(request):
    """Every test taking ``device`` runs once per backend available here."""
    return request.param
