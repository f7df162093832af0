"""scripts/fft_check.py, the C FFT library checked on its own: the short version (about
160 lengths, both precisions, all four transform kinds) on every tier this host runs.
The full campaign, every length 1 .. 4096, is ``python scripts/fft_check.py`` (with
``--isa``, ``--neon``, ``--sanitize`` for the other builds)."""

from __future__ import annotations

import pytest
from tests.helpers import script_module

import rlx
from rlx.backends.cpu import isa

TIERS = list(isa.tiers_in_force()) if "cpu" in rlx.available_devices() else []


@pytest.fixture(scope="module")
def fft_check():
    yield from script_module("fft_check")


@pytest.mark.parametrize("tier", TIERS)
def test_the_library_matches_numpy_on_a_sample_of_lengths(fft_check, tier):
    assert fft_check.main(["--quick", "--isa", tier]) == 0
