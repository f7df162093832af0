"""``rlx run MODEL.onnx``: outputs, inputs from files, shapes, benchmarking, errors."""

from __future__ import annotations

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from rlx.cli import main  # noqa: E402


@pytest.fixture
def model_path(tmp_path):
    """A small MLP with a dynamic batch dimension: z = relu(x @ W) + 1."""
    w = np.arange(12, dtype=np.float32).reshape(4, 3) / 10
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "W"], ["y"]),
         helper.make_node("Relu", ["y"], ["r"]),
         helper.make_node("Add", ["r", "one"], ["z"])],
        "mlp",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 4])],
        [helper.make_tensor_value_info("z", TensorProto.FLOAT, ["batch", 3])],
        [numpy_helper.from_array(w, "W"), numpy_helper.from_array(np.float32(1), "one")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    path = tmp_path / "mlp.onnx"
    onnx.save(model, str(path))
    return path


def test_runs_with_an_input_file(model_path, tmp_path, capsys):
    x = np.ones((2, 4), dtype=np.float32)
    np.save(tmp_path / "x.npy", x)
    assert main(["run", str(model_path), "--input", f"x={tmp_path / 'x.npy'}"]) == 0
    out, err = capsys.readouterr()
    expected = np.maximum(x @ (np.arange(12, dtype=np.float32).reshape(4, 3) / 10), 0) + 1
    assert "z: shape (2, 3), dtype float32" in out
    assert np.allclose(expected[0], [2.8, 3.2, 3.6])
    assert "values [2.8, 3.2, 3.6, 2.8, 3.2, 3.6]" in out
    assert "[rlx] compiling for device 'reference'" in err


def test_verbose_prints_each_pass_and_stage_on_stderr(model_path, capsys):
    assert main(["run", str(model_path), "--shape", "x=2x4", "--device", "cpu",
                 "--verbose"]) == 0
    out, err = capsys.readouterr()
    assert "z: shape (2, 3)" in out and "[rlx]" not in out
    stages = {line.split()[2] for line in err.splitlines() if line.startswith("[rlx] ")
              and len(line.split()) > 2}
    assert {"verify", "fuse", "plan_memory", "render", "compiler", "load"} <= stages


def test_random_inputs_are_seeded(model_path, capsys):
    argv = ["run", str(model_path), "--shape", "x=5x4", "--seed", "3"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    assert "z: shape (5, 3)" in first


def test_bench_prints_a_timing_summary(model_path, capsys):
    assert main(["run", str(model_path), "--shape", "x=1x4", "--bench", "3"]) == 0
    out = capsys.readouterr().out
    assert "bench: 3 runs, min" in out and "median" in out and "mean" in out


def test_profile_lists_the_kernels_of_every_run(model_path, capsys):
    import rlx
    if "cpu" not in rlx.available_devices():
        pytest.skip("no C compiler on this machine")
    assert main(["run", str(model_path), "--shape", "x=2x4", "--device", "cpu",
                 "--bench", "4", "--profile", "5"]) == 0
    out = capsys.readouterr().out
    lines = out[out.index("profile:"):].splitlines()
    assert lines[0].startswith("profile: ") and "kernels" in lines[0]
    shares = [float(line.split("%")[0]) for line in lines[1:]]
    assert shares and abs(sum(shares) - 100.0) < 0.5 * len(shares)  # every kernel listed
    assert "matmul" in out


@pytest.mark.parametrize("extra, message", [
    ([], "dimension 0 ('batch') is dynamic"),
    (["--shape", "x=1x4", "--profile", "3"], "does not time kernels"),
    (["--shape", "x=1xfour"], "expected dimensions like"),
    (["--shape", "x"], "expects NAME=VALUE"),
    (["--input", "nope=missing.npy"], "cannot read a .npy array"),
    (["--shape", "x=1x4", "--device", "tpu"], "unknown device 'tpu'"),
    (["--shape", "batch=3", "--max", "batch=8"], "both size 'batch': give one"),
])
def test_errors_are_messages_with_exit_code_2(model_path, capsys, extra, message):
    assert main(["run", str(model_path), *extra]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_missing_model_file(tmp_path, capsys):
    assert main(["run", str(tmp_path / "absent.onnx")]) == 2
    assert "no such ONNX file" in capsys.readouterr().err


def test_unknown_input_name(model_path, tmp_path, capsys):
    np.save(tmp_path / "y.npy", np.ones((2, 4), dtype=np.float32))
    argv = ["run", str(model_path), "--shape", "x=2x4", "--input", f"y={tmp_path / 'y.npy'}"]
    assert main(argv) == 2
    assert "which the model does not take" in capsys.readouterr().err


def test_rlx_embed_similarity_table(capsys):
    texts = ["A cat sits on the mat.", "A kitten rests on a rug.", "Interest rates rose again."]
    assert main(["embed", *texts, "--device", "cpu"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split()[1:] for line in lines if line.startswith("[") and "]  " in line[:6]]
    sims = np.array(rows[:3], dtype=float)
    np.testing.assert_allclose(np.diag(sims), 1.0, atol=1e-4)
    assert sims[0, 1] > sims[0, 2] + 0.3      # the real model knows cats from rates


def test_rlx_embed_compiles_one_program_for_every_length(tmp_path, monkeypatch, capsys,
                                                         program_store):
    """The first call builds the encoder's one program; later calls with other lengths
    and batch sizes load it from the disk cache and build nothing, and say so."""
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))

    def built() -> set[str]:
        return {p.name for p in tmp_path.rglob("*.so")}

    assert main(["embed", "hello world", "--device", "cpu"]) == 0
    first = built()
    assert first
    assert "including compilation" in capsys.readouterr().err
    for texts in (["A much longer sentence, with quite a few more tokens than the first."],
                  ["two", "sentences of different lengths"]):
        assert main(["embed", *texts, "--device", "cpu"]) == 0
        assert built() == first
        assert "(the program from the disk cache)" in capsys.readouterr().err


def test_max_keeps_a_dimension_symbolic_and_compiles_once(model_path, tmp_path, monkeypatch,
                                                          capsys):
    """--max batch=16: one program (cached on disk) serves inputs of 2 and 5 rows, each
    printed at its own size with the right values."""
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path / "cache"))
    w = np.arange(12, dtype=np.float32).reshape(4, 3) / 10
    built = []
    for rows in (2, 5):
        x = np.arange(rows * 4, dtype=np.float32).reshape(rows, 4) - 3
        np.save(tmp_path / "x.npy", x)
        argv = ["run", str(model_path), "--device", "cpu", "--max", "batch=16",
                "--input", f"x={tmp_path / 'x.npy'}"]
        assert main(argv) == 0
        out = capsys.readouterr().out
        want = (np.maximum(x @ w, 0) + 1).reshape(-1)[:6]
        assert f"z: shape ({rows}, 3), dtype float32" in out
        shown = out.split("values [")[1].split("]")[0].replace("...", "")
        got = [float(v) for v in shown.split(",") if v.strip()]
        np.testing.assert_allclose(got, want, rtol=1e-5)
        built.append({p.name for p in (tmp_path / "cache").rglob("*.so")})
    assert built[0] and built[1] == built[0]
    assert main(["run", str(model_path), "--max", "batch=1"]) == 2
    assert "--max batch=1" in capsys.readouterr().err


def test_a_named_dimension_takes_its_size_from_shape(model_path, capsys):
    """--shape batch=3 sizes the dimension the model calls 'batch' (the importer's error
    for a missing size suggests it)."""
    assert main(["run", str(model_path), "--shape", "batch=3"]) == 0
    assert "z: shape (3, 3), dtype float32" in capsys.readouterr().out


@pytest.mark.parametrize("extra, message", [
    (["--shape", "typo=2x4"], "no input and no named dimension 'typo' (inputs: x; "
                              "named dimensions: batch)"),
    (["--max", "typo=8"], "--max typo=...: the model has no input and no named dimension"),
    (["--shape", "batch=2x4"], "give it one size"),
])
def test_a_shape_for_a_name_the_model_lacks_is_an_error(model_path, capsys, extra, message):
    assert main(["run", str(model_path), *extra]) == 2
    assert message in capsys.readouterr().err


def test_sequence_outputs_print_each_element_under_its_own_name(tmp_path, capsys):
    """A sequence output is several of the rlx graph's outputs: each is printed as
    name[i], and the outputs after it keep their names and values."""
    graph = helper.make_graph(
        [helper.make_node("SplitToSequence", ["x"], ["s"], axis=0),
         helper.make_node("Relu", ["x"], ["y"])],
        "seq",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
        [helper.make_tensor_sequence_value_info("s", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    onnx.save(model, str(tmp_path / "seq.onnx"))
    x = np.arange(6, dtype=np.float32).reshape(2, 3) - 3
    np.save(tmp_path / "x.npy", x)
    assert main(["run", str(tmp_path / "seq.onnx"), "--input", f"x={tmp_path / 'x.npy'}"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("s[0]: shape (1, 3)") and "[-3., -2., -1.]" in out[0]
    assert out[1].startswith("s[1]: shape (1, 3)") and "[0., 1., 2.]" in out[1]
    assert out[2].startswith("y: shape (2, 3)") and "[0., 0., 0., 0., 1., 2.]" in out[2]


def test_a_size_that_an_input_file_contradicts_is_an_error(model_path, tmp_path, capsys):
    np.save(tmp_path / "x.npy", np.ones((5, 4), np.float32))
    for shape, message in (("batch=3", "--shape batch=3 but the --input file of 'x' has 5"),
                           ("x=3x4", "--shape x=3x4 but the --input file holds shape (5, 4)")):
        assert main(["run", str(model_path), "--shape", shape,
                     "--input", f"x={tmp_path / 'x.npy'}"]) == 2
        assert message in capsys.readouterr().err


def test_devices_lists_every_device_when_the_cpu_tier_cannot_run(monkeypatch, capsys):
    """RLX_CPU_ISA naming a tier this host lacks makes cpu unavailable, with the reason;
    the devices after it are still listed."""
    from rlx.runtime.devices import known_devices

    monkeypatch.setenv("RLX_CPU_ISA", "neon" if "x86" in __import__("platform").machine()
                       else "avx512")
    assert main(["devices"]) == 0
    out = capsys.readouterr().out
    assert "cpu          not available: $RLX_CPU_ISA asks for ISA tier" in out
    assert [line.split()[0] for line in out.splitlines()] == list(known_devices())


@pytest.mark.parametrize("extra, message", [
    (["--seed", "-1"], "argument --seed: must be a non-negative integer, got -1"),
    (["--bench", "abc"], "argument --bench: must be a positive integer, got 'abc'"),
])
def test_bad_numbers_are_usage_errors_naming_the_option(model_path, capsys, extra, message):
    with pytest.raises(SystemExit) as info:
        main(["run", str(model_path), "--shape", "x=1x4", *extra])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and "_positive" not in err
