"""Launching the worker processes of a distributed test: one subprocess per rank with
the variables ``torchrun`` sets, over loopback, and collecting what each printed."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

LAUNCH_TIMEOUT = 90.0     # seconds for a whole launch; a hang fails the test, never CI


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch(worker: Path, scenario: str, world: int, out: Path, timeout: float = 30.0,
           *args: str) -> list[subprocess.Popen]:
    """Start ``world`` ranks of ``worker scenario out *args``; ``timeout`` is the group's
    collective timeout (``RLX_DIST_TIMEOUT``)."""
    port = free_port()
    procs = []
    for rank in range(world):
        env = dict(os.environ, RANK=str(rank), WORLD_SIZE=str(world), MASTER_ADDR="127.0.0.1",
                   MASTER_PORT=str(port), OMP_NUM_THREADS="1", RLX_NUM_THREADS="1",
                   RLX_DIST_TIMEOUT=str(timeout))
        procs.append(subprocess.Popen([sys.executable, str(worker), scenario, str(out), *args],
                                      env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.STDOUT, text=True))
    return procs


def finish(procs: list[subprocess.Popen], deadline: float) -> list[tuple[int, str]]:
    """(exit status, output) of each process; every one is killed and the test fails
    when one is still running at ``deadline`` (``time.monotonic()``)."""
    results = []
    for proc in procs:
        try:
            output, _ = proc.communicate(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            for p in procs:
                p.kill()
            pytest.fail("a distributed test run hung past its deadline")
        results.append((proc.returncode, output))
    return results


def run_all(worker: Path, scenario: str, world: int, out: Path, *args: str) -> None:
    """Launch ``world`` ranks and wait; fail the test with a rank's output when it fails."""
    procs = launch(worker, scenario, world, out, 30.0, *args)
    for rank, (code, output) in enumerate(finish(procs, time.monotonic() + LAUNCH_TIMEOUT)):
        assert code == 0, f"rank {rank} of {world} failed:\n{output[-4000:]}"
