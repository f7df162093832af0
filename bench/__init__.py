"""Benchmarks of rlx against peer frameworks (not part of the rlx package).

``python -m bench micro`` runs the micro workloads of :mod:`bench.workloads` on rlx
and on every installed peer of :mod:`bench.peers`, checks that they agree, and
prints median times and rlx / best-peer ratios; results are recorded in
``bench/RESULTS.md``. The peers are the ``bench`` extra (``pip install -e .[bench]``)
plus PyTorch from the ``test`` extra.
"""


def _number_type(kind: type, low: float, strict: bool, what: str):
    """An argparse type: a ``kind`` number above ``low`` (``strict``) or at least it."""
    import argparse

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {what}, got {text!r}") from None
        if value < low or (strict and value == low):
            raise argparse.ArgumentTypeError(f"must be {what}, got {text}")
        return value
    parse.__name__ = what
    return parse


positive_int = _number_type(int, 0, True, "a positive integer")
non_negative_int = _number_type(int, 0, False, "a non-negative integer")
positive_float = _number_type(float, 0.0, True, "a positive number")
non_negative_float = _number_type(float, 0.0, False, "a non-negative number")
"""argparse types of the harness's counts, sizes and times (a bad value is a usage
error naming the option, not a benchmark that runs with none)."""
