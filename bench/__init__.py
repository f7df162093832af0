"""Benchmarks of rlx against peer frameworks (not part of the rlx package).

``python -m bench micro`` runs the micro workloads of :mod:`bench.workloads` on rlx
and on every installed peer of :mod:`bench.peers`, checks that they agree, and
prints median times and rlx / best-peer ratios; results are recorded in
``bench/RESULTS.md``. The peers are the ``bench`` extra (``pip install -e .[bench]``)
plus PyTorch from the ``test`` extra.
"""
