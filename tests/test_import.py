"""``import rlx`` stays light and its public names all resolve.

Each check runs in a fresh interpreter: the test session itself has long since imported
everything.
"""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import rlx

# What ``import rlx`` must not import: each is imported on first use instead.
HEAVY = ("ml_dtypes", "onnx", "tokenizers", "rlx.models", "rlx.frontends.onnx",
         "rlx.frontends.tokenizer", "rlx.backends.cpu.backend", "rlx.backends.cpu.kernels")

# The names ``rlx`` exports besides the functional op API (rlx.ir.api.__all__).
EXPORTED = (
    "custom_vjp", "grad", "hvp", "jacfwd", "jvp", "vmap", "ExecutableCapabilities",
    "CompileError", "DeviceError", "DTypeError", "ExecutionError", "GraphBuildError",
    "InputError", "ParamNotSetError", "RlxError", "SerializationError", "ShapeError",
    "UnsupportedOpError", "VerifyError", "DType", "as_dtype", "bf16", "bool_", "f16", "f32",
    "f64", "i8", "i16", "i32", "i64", "u8", "u32", "Graph", "Tensor", "dequant_matmul",
    "pack_weight", "quantized_linear", "unpack_weight", "RngOptions", "from_json", "to_json",
    "verify", "BucketedCompileCache", "CompileCache", "CompiledGraph", "CompileOptions",
    "Session", "advisory_capabilities", "available_devices", "pad_rows",
    "power_of_two_ladder", "slice_rows", "__version__",
    # subpackages reachable as attributes without importing them first
    "models", "frontends", "optim", "ir", "runtime", "autodiff", "passes", "backends")


def _fresh(code: str, env: dict[str, str] | None = None) -> object:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_import_rlx_leaves_heavy_modules_unimported():
    loaded = _fresh("import json, sys, rlx\n"
                    f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    assert loaded == []


def test_import_leaves_the_environment_unchanged():
    """Importing rlx, or the cpu backend, sets no environment variable (the cpu device
    bounds OpenMP's spin only as it loads its first program; tests/backends/cpu)."""
    env = {k: v for k, v in os.environ.items() if k not in ("GOMP_SPINCOUNT", "OMP_WAIT_POLICY")}
    code = ("import json, os\n"
            "before = dict(os.environ)\n"
            "import rlx\n"
            "same = [dict(os.environ) == before]\n"
            "import rlx.backends.cpu.backend\n"
            "same.append(dict(os.environ) == before)\n"
            "print(json.dumps(same))")
    assert _fresh(code, env) == [True, True]


def test_every_public_name_resolves_in_a_fresh_process():
    names = sorted(set(EXPORTED) | set(rlx.ir.api.__all__))
    missing = _fresh("import json, rlx\n"
                     f"names = {names!r}\n"
                     "print(json.dumps([n for n in names if getattr(rlx, n, None) is None]))")
    assert missing == []


def test_lazy_submodules_are_the_real_modules():
    import rlx.frontends.safetensors
    import rlx.models

    assert rlx.models is sys.modules["rlx.models"]
    assert rlx.frontends.safetensors is sys.modules["rlx.frontends.safetensors"]
    assert "models" in dir(rlx)
    with pytest.raises(AttributeError):
        rlx.no_such_name  # noqa: B018


def test_bf16_resolves_without_ml_dtypes_imported_first():
    code = ("import json, sys, numpy as np, rlx\n"
            "before = 'ml_dtypes' in sys.modules\n"
            "size = rlx.bf16.itemsize\n"
            "still = 'ml_dtypes' in sys.modules\n"
            "npd = rlx.bf16.np\n"
            "x = np.ones(3, npd)\n"
            "print(json.dumps([before, size, still, str(npd), str(rlx.as_dtype(x.dtype)),\n"
            "                  str(rlx.as_dtype('bfloat16'))]))")
    assert _fresh(code) == [False, 2, False, "bfloat16", "bf16", "bf16"]


def test_numpy_bf16_arrays_map_back_when_ml_dtypes_came_first():
    # another library imported ml_dtypes; rlx has not yet asked for its bf16 dtype
    code = ("import json, ml_dtypes, numpy as np, rlx\n"
            "x = np.zeros(2, ml_dtypes.bfloat16)\n"
            "print(json.dumps(str(rlx.as_dtype(x.dtype))))")
    assert _fresh(code) == "bf16"


def test_e4m3_table_matches_ml_dtypes():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    from rlx.ir.quantized import E4M3_VALUES

    ref = np.arange(256, dtype=np.uint8).view(ml_dtypes.float8_e4m3fn).astype(np.float32)
    assert E4M3_VALUES.dtype == np.float32
    np.testing.assert_array_equal(E4M3_VALUES.view(np.uint32), ref.view(np.uint32))


def test_every_file_the_package_reads_is_packaged():
    """A wheel (``pip install .``, not -e) carries every non-Python file under
    src/rlx: each matches a [tool.setuptools.package-data] pattern of its package (the
    cpu device's C headers were left out, so its first compile failed)."""
    import fnmatch
    import pathlib
    import tomllib

    root = pathlib.Path(rlx.__file__).resolve().parent
    pyproject = root.parent.parent / "pyproject.toml"
    if not pyproject.exists():
        pytest.skip("rlx is not run from its source tree")
    patterns = tomllib.loads(pyproject.read_text())["tool"]["setuptools"]["package-data"]
    unpackaged = []
    for path in root.rglob("*"):
        if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
            continue
        package = ".".join(("rlx",) + path.parent.relative_to(root).parts)
        if not any(fnmatch.fnmatch(path.name, p) for p in patterns.get(package, ())):
            unpackaged.append(str(path.relative_to(root)))
    assert not unpackaged, f"files no package-data pattern ships: {unpackaged}"
