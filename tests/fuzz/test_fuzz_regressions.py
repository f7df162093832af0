"""The loaders on hostile files: every seed and every saved fuzzing finding either
loads or raises an RlxError, and a short seeded fuzz run per target finds nothing.

The long campaign is ``python scripts/fuzz.py --all --seconds 600`` (see README).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import random
import signal
import struct
import sys

import numpy as np
import pytest

from rlx.errors import RlxError

SCRIPTS = os.path.join(os.path.dirname(__file__), "..", "..", "scripts")
SHORT_RUN = 400            # mutated inputs per target in the test suite


def _module(name: str):
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, os.path.join(SCRIPTS, name + ".py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture(scope="module")
def fuzz():
    sys.path.insert(0, SCRIPTS)
    try:
        yield _module("fuzz")
    finally:
        sys.path.remove(SCRIPTS)


def _corpus() -> list[tuple[str, str]]:
    root = os.path.join(os.path.dirname(__file__), "..", "data", "fuzz")
    cases = []
    for kind in ("seeds", "regressions"):
        base = os.path.join(root, kind)
        for target in sorted(os.listdir(base)) if os.path.isdir(base) else []:
            for file in sorted(os.listdir(os.path.join(base, target))):
                if not file.startswith("."):
                    cases.append((target, os.path.join(base, target, file)))
    return cases


CORPUS = _corpus()


def test_every_target_has_seeds_and_regressions():
    sys.path.insert(0, SCRIPTS)
    try:
        targets = _module("fuzz_targets").TARGETS
    finally:
        sys.path.remove(SCRIPTS)
    for kind in ("seeds", "regressions"):
        assert {t for t, path in CORPUS if f"{os.sep}{kind}{os.sep}" in path} == set(targets)


@pytest.mark.parametrize("target,path", CORPUS,
                         ids=[f"{t}/{os.path.basename(p)}" for t, p in CORPUS])
def test_corpus_file_loads_or_raises_rlx_error(fuzz, target, path, tmp_path):
    with open(path, "rb") as f:
        data = f.read()
    harness = fuzz.Harness(fuzz.TARGETS[target], str(tmp_path), str(tmp_path / "crashes"))
    result = harness.run(data)
    assert not isinstance(result, fuzz.Finding), f"{result.kind} at {result.where}: " \
                                                 f"{result.message}"
    if f"{os.sep}seeds{os.sep}" in path:
        assert result is True, "a seed must load"


@pytest.mark.parametrize("target", ["onnx", "gguf", "safetensors", "graph-json",
                                    "tokenizer-json", "tokenizer-gguf", "cli-npy"])
def test_short_seeded_fuzz_run_finds_nothing(fuzz, target, tmp_path):
    """A deterministic run of SHORT_RUN mutated inputs (the same mutations the
    campaign uses) in this process."""
    spec = fuzz.TARGETS[target]
    harness = fuzz.Harness(spec, str(tmp_path), str(tmp_path / "crashes"))
    pool = [open(p, "rb").read() for p in fuzz.seed_files(target)]
    rng = random.Random(f"short-{target}")
    outcomes = {True: 0, None: 0}
    for _ in range(SHORT_RUN):
        data = fuzz.mutate(rng.choice(pool), rng, spec.kind, pool)
        with _deadline(fuzz.TIMEOUT_S, data):
            result = harness.run(data)
        assert not isinstance(result, fuzz.Finding), (
            f"{result.kind} at {result.where}: {result.message} ({result.reproducer})")
        outcomes[result] += 1
    assert outcomes[None] > 0           # the mutations do reach the error paths


class _Hang(BaseException):
    """Raised by the alarm inside the load: the harness reports it as a finding."""


@contextlib.contextmanager
def _deadline(seconds: float, data: bytes):
    """Fail the test when one execution runs over ``seconds`` (a hang is a finding)."""
    def alarm(signum, frame):
        raise _Hang(f"one execution ran over {seconds:g} s on input {data[:200]!r}")
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except _Hang as hang:
        pytest.fail(str(hang))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------------- size checks
def _gguf_with_dims(fuzz, dims: list[int]) -> bytes:
    """The aligned seed with its first tensor's dims replaced (same rank)."""
    data = bytearray(open(os.path.join(fuzz.SEEDS, "gguf", "aligned.gguf"), "rb").read())
    fields = _module("fuzz_mutate").gguf_fields(bytes(data))
    rank_at = next(o for o, w in fields if w == 4 and o > 24 and
                   int.from_bytes(data[o:o + 4], "little") == len(dims))
    for i, d in enumerate(dims):
        struct.pack_into("<Q", data, rank_at + 4 + 8 * i, d)
    return bytes(data)


def test_gguf_header_claiming_2_40_elements_is_refused_before_allocating(fuzz, tmp_path):
    from rlx.frontends.gguf import GGUFError, GGUFFile
    for dims in ([1 << 20, 1 << 20], [1 << 62, 0], [(1 << 64) - 1, 3]):
        path = tmp_path / "big.gguf"
        path.write_bytes(_gguf_with_dims(fuzz, dims))
        with pytest.raises(GGUFError, match="big.gguf: tensor 'a'"):
            GGUFFile(path)


def test_safetensors_header_claiming_2_40_elements_is_refused(tmp_path):
    from rlx.frontends.safetensors import SafetensorsError, load_safetensors
    for shape in ([1 << 20, 1 << 20], [1 << 62, 1 << 3, 0]):
        header = json.dumps({"x": {"dtype": "F32", "shape": shape,
                                   "data_offsets": [0, 0]}}).encode()
        path = tmp_path / "big.safetensors"
        path.write_bytes(struct.pack("<Q", len(header)) + header)
        with pytest.raises(SafetensorsError, match="big.safetensors: tensor 'x'"):
            load_safetensors(path)


def test_npy_header_claiming_2_40_elements_is_refused(tmp_path):
    from rlx.cli import _load_inputs
    from rlx.errors import InputError
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776,), }"
    header = header.ljust(117) + "\n"
    path = tmp_path / "big.npy"
    path.write_bytes(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    with pytest.raises(InputError, match=r"x=.*big.npy: the header declares shape"):
        _load_inputs({"x": str(path)})


def test_npz_archive_and_unsupported_dtypes_are_refused(tmp_path):
    from rlx.cli import _load_inputs
    from rlx.errors import InputError
    np.savez(tmp_path / "a.npz", x=np.ones(2))
    np.save(tmp_path / "t.npy", np.array([1, 2], "m8[s]"))
    for file, message in [("a.npz", "not a .npy array"), ("t.npy", "timedelta64")]:
        with pytest.raises(InputError, match=message):
            _load_inputs({"x": str(tmp_path / file)})


def test_graph_json_constant_with_too_few_bytes_is_refused():
    import rlx
    g = rlx.Graph("c")
    g.set_outputs([g.constant(np.ones(3, np.float32))])
    text = rlx.to_json(g).replace('"shape": [3]', '"shape": [1099511627776]')
    with pytest.raises(rlx.SerializationError, match="holds 12 bytes"):
        rlx.from_json(text)


def test_deeply_nested_graph_json_is_refused(tmp_path):
    from rlx.ir.serialize import load
    path = tmp_path / "deep.json"
    path.write_text('{"format": "rlx-graph", "version": 1, "nodes": ' + "[" * 100000)
    with pytest.raises(RlxError, match="deep.json"):
        load(str(path))


def test_onnx_values_too_large_to_fold_stay_in_the_graph():
    """ConstantOfShape of 2^33 elements: import keeps the node for run time instead
    of computing 32 GiB; a Range that large is refused, naming its operands."""
    from onnx import TensorProto, helper, numpy_helper

    from rlx.errors import GraphBuildError
    from rlx.frontends.onnx import load

    def model(node, output_shape):
        shape = numpy_helper.from_array(np.array([1 << 33], np.int64), "shape")
        limit = numpy_helper.from_array(np.array(1 << 33, np.int64), "limit")
        one = numpy_helper.from_array(np.array(1, np.int64), "one")
        graph = helper.make_graph([node], "big", [], [helper.make_tensor_value_info(
            "y", TensorProto.INT64, output_shape)], [shape, limit, one])
        return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])

    fill = helper.make_tensor("v", TensorProto.INT64, [1], [7])
    graph, params = load(model(helper.make_node("ConstantOfShape", ["shape"], ["y"],
                                                value=fill), [1 << 33]))
    assert graph.outputs and graph.nodes[graph.outputs[0]].type.shape == (1 << 33,)
    assert not params
    with pytest.raises(GraphBuildError, match="Range.*limit 8589934592"):
        load(model(helper.make_node("Range", ["one", "limit", "one"], ["y"]), [None]))


def test_a_run_of_fixed_length_tries_that_many_inputs(fuzz, tmp_path):
    """--runs: the workers stop at the count (the seeds included), well before the
    time cap."""
    seeds = len(fuzz.seed_files("safetensors"))
    report = fuzz.fuzz_target("safetensors", 120, "random", fuzz.TIMEOUT_S, 0,
                              str(tmp_path / "crashes"), runs=seeds + 40)
    assert report.executions == seeds + 40 and not report.findings
    assert report.seconds < 60


def test_targets_fuzzed_side_by_side_report_in_order(fuzz, tmp_path, capsys):
    """--jobs 2: both targets run their count of inputs and report in the order named,
    as one after another would."""
    counts = {t: len(fuzz.seed_files(t)) + 30 for t in ("safetensors", "graph-json")}
    argv = ["--target", "safetensors", "--target", "graph-json", "--jobs", "2",
            "--engine", "random", "--runs", str(max(counts.values())), "--seconds", "60",
            "--crash-dir", str(tmp_path / "crashes")]
    assert fuzz.main(argv) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("== ")]
    assert [line.split(":")[0] for line in lines] == ["== safetensors", "== graph-json"]
    for line in lines:
        assert f" {max(counts.values())} executions" in line and "0 findings" in line
    with pytest.raises(SystemExit):
        fuzz.main(["--all", "--jobs", "0"])
