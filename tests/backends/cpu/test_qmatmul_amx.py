"""dequant_matmul with ``x_int8`` on AMX tiles (``rlx.backends.cpu.kernels.qmatmul_amx``):
where the host has them, the products of 8 or more rows of x take the tiles, and give
the bits the vector kernels give (the same program run with ``RLX_CPU_AMX=0``, in a
process of its own) and the float64 product of the rounded operands within f32 error.
On other hosts the tests skip; the tier tests of ``test_dequant_matmul_int8.py`` cover
the same shapes there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import rlx
from rlx.backends.cpu import isa

sys.path.insert(0, str(Path(__file__).parents[1]))
from test_dequant_matmul import _ggml_blocks, _gguf_values  # noqa: E402
from test_dequant_matmul_int8 import _assert_close, _graph  # noqa: E402

TIERS_CHOSEN_BY_TEST = True    # the tiles exist on the avx512 tier only

SCHEMES = ["q4_0", "q4_1", "q5_0", "q5_1", "q8_0"]
N = 16 * 5 + 6          # five groups of 16 rows of W, then 4 and 2 rows one by one
K = 32 * 19             # an odd count of groups: the pipeline's last step, uneven lanes
COUNTS = (16, 12, 8, 37, 1)   # full tiles, the fewest rows each format takes, pieces

RUN = r"""
import sys
import numpy as np
import rlx
from rlx.backends.cpu import isa
sys.path.insert(0, sys.argv[1])
from test_dequant_matmul_int8 import _graph
data = np.load(sys.argv[2])
assert not isa.amx_in_use()
for threads in (1, 2):
    cg = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(
        _graph(sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), tuple(map(int, sys.argv[6:]))))
    cg.set_param("l.q", data["raw"])
    outs = cg.run({name: data[name] for name in data.files if name.startswith("x")})
    np.savez(sys.argv[2].replace(".npz", f"_{threads}.npz"), *outs)
"""


@pytest.fixture
def amx():
    if "cpu" not in rlx.available_devices():
        pytest.skip("no C compiler on this machine")
    if not isa.amx_in_use():
        pytest.skip("no AMX tiles here (the host, the ISA tier in force, or RLX_CPU_AMX=0)")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_tiles_give_the_vector_kernels_bits(amx, scheme, tmp_path):
    raw = _ggml_blocks(scheme, N, K, seed=61)
    rng = np.random.default_rng(62)
    feeds = {f"x{m}": rng.standard_normal((m, K)).astype(np.float32) for m in COUNTS}
    feeds["x16"][9] = feeds["x1"][0]
    feeds["x37"][35] = feeds["x1"][0]
    data = tmp_path / "case.npz"
    np.savez(data, raw=raw, **feeds)
    env = {**os.environ, isa.AMX_ENV: "0"}
    subprocess.run([sys.executable, "-c", RUN, str(Path(__file__).parents[1]), str(data),
                    scheme, str(N), str(K), *map(str, COUNTS)], check=True, env=env)
    w = _gguf_values(raw, scheme)
    for threads in (1, 2):
        cg = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(
            _graph(scheme, N, K, COUNTS))
        assert "rlx_ia16_" in cg._exe.source
        cg.set_param("l.q", raw)
        outs = cg.run(feeds)
        vector = np.load(tmp_path / f"case_{threads}.npz")
        for i, (out, m) in enumerate(zip(outs, COUNTS)):
            _assert_close(out, feeds[f"x{m}"], w, scheme)
            np.testing.assert_array_equal(out.view(np.uint32), vector[f"arr_{i}"].view(np.uint32),
                                          err_msg=f"{m} rows of x, {threads} threads")
        # a row in a tile has the bits of the same row alone
        np.testing.assert_array_equal(outs[0][9], outs[-1][0])
        np.testing.assert_array_equal(outs[3][35], outs[-1][0])


def test_amx_only_where_asked_for(monkeypatch):
    """RLX_CPU_AMX=0 turns the tiles off; a tier below avx512 never has them."""
    monkeypatch.delenv(isa.ISA_ENV, raising=False)
    if "avx2" in isa.tiers_for_host():
        assert not isa.amx_in_use("avx2")
    monkeypatch.setenv(isa.AMX_ENV, "0")
    assert not isa.amx_in_use()
