"""rlx.fft on every backend and ISA tier against numpy.fft in float64.

The lengths cover every n up to 40 and samples up to 4096 of each kind the cpu
library treats apart: powers of two, smooth lengths (2, 3, 5, 7 and other small
primes), primes (Bluestein) and lengths with one large prime factor. Every length
1 .. 4096 is checked by ``python scripts/fft_check.py`` (the C library alone).
"""

import numpy as np
import pytest

import rlx

LENGTHS = sorted(set(range(1, 41)) | {48, 60, 64, 97, 100, 121, 127, 128, 243, 256, 343, 509,
                                      512, 625, 1000, 1009, 1024, 2048, 2310, 3000, 4091,
                                      4093, 4096, 2 * 2039, 3 * 1361})
TOL = {"c64": 1e-5, "c128": 1e-12}


def _relative(got: np.ndarray, want: np.ndarray) -> float:
    scale = max(float(np.abs(want).max()), 1e-300)
    return float(np.abs(got - want).max()) / scale


@pytest.mark.parametrize("dtype", ["c64", "c128"])
def test_every_kind_of_length_matches_numpy(device, dtype):
    rng = np.random.default_rng(7)
    cdt = rlx.as_dtype(dtype)
    g = rlx.Graph("lengths")
    feeds, want = {}, []
    for n in LENGTHS:
        z = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(cdt.np)
        x = rng.standard_normal(n).astype(cdt.real.np)
        feeds[f"z{n}"], feeds[f"x{n}"] = z, x
        tz, tx = g.input(f"z{n}", (n,), cdt), g.input(f"x{n}", (n,), cdt.real)
        g.set_outputs(list(g.outputs) + [rlx.fft.fft(tz).id, rlx.fft.ifft(tz).id,
                                         rlx.fft.rfft(tx).id,
                                         rlx.fft.irfft(rlx.fft.rfft(tx), n=n).id])
        z64, x64 = z.astype(np.complex128), x.astype(np.float64)
        want += [np.fft.fft(z64), np.fft.ifft(z64), np.fft.rfft(x64), x64]
    got = rlx.Session(device).compile(g).run(feeds)
    worst = max((_relative(a, b), i) for i, (a, b) in enumerate(zip(got, want)))
    n = LENGTHS[worst[1] // 4]
    assert worst[0] <= TOL[dtype], f"n={n}, transform {worst[1] % 4}: {worst[0]:.2e}"


@pytest.mark.parametrize("norm", ["backward", "ortho", "forward"])
def test_axes_norms_batches_and_sizes(device, norm):
    rng = np.random.default_rng(3)
    zv = (rng.standard_normal((3, 12, 10)) + 1j * rng.standard_normal((3, 12, 10))).astype(
        np.complex64)
    xv = rng.standard_normal((4, 9, 6)).astype(np.float32)
    g = rlx.Graph("axes")
    z, x = g.input("z", zv.shape, "c64"), g.input("x", xv.shape, "f32")
    f = rlx.fft
    g.set_outputs([f.fft(z, axis=1, norm=norm), f.ifft(z, n=7, axis=0, norm=norm),
                   f.fft(z, n=16, norm=norm), f.rfft(x, axis=1, norm=norm),
                   f.irfft(z, axis=1, norm=norm), f.irfft(z, n=9, norm=norm),
                   f.fft2(z, norm=norm), f.ifft2(z, s=(5, 4), axes=(0, 2), norm=norm),
                   f.rfft2(x, norm=norm), f.irfft2(z, s=(12, 18), norm=norm),
                   f.fft(x, norm=norm)])
    got = rlx.Session(device).compile(g).run({"z": zv, "x": xv})
    z, x = zv.astype(np.complex128), xv.astype(np.float64)
    nf = np.fft
    want = [nf.fft(z, axis=1, norm=norm), nf.ifft(z, n=7, axis=0, norm=norm),
            nf.fft(z, n=16, norm=norm), nf.rfft(x, axis=1, norm=norm),
            nf.irfft(z, axis=1, norm=norm), nf.irfft(z, n=9, norm=norm),
            nf.fft2(z, norm=norm), nf.ifft2(z, s=(5, 4), axes=(0, 2), norm=norm),
            nf.rfft2(x, norm=norm), nf.irfft2(z, s=(12, 18), norm=norm), nf.fft(x, norm=norm)]
    for i, (a, b) in enumerate(zip(got, want)):
        assert a.shape == b.shape, i
        assert _relative(a, b) <= 2e-6, f"output {i}: {_relative(a, b):.2e}"


def test_a_prepared_plan_serves_every_run_and_clone(device):
    g = rlx.Graph("runs")
    z = g.input("z", (2, 1000), "c64")
    g.set_outputs([rlx.fft.fft(z)])
    compiled = rlx.Session(device).compile(g)
    rng = np.random.default_rng(0)
    for _ in range(3):
        zv = (rng.standard_normal((2, 1000)) + 1j * rng.standard_normal((2, 1000))).astype(
            np.complex64)
        (out,) = compiled.run({"z": zv})
        assert _relative(out, np.fft.fft(zv.astype(np.complex128))) <= 1e-5


def test_bad_fft_arguments_are_refused():
    g = rlx.Graph("bad")
    z = g.input("z", (4, 6), "c64")
    with pytest.raises(rlx.GraphBuildError, match="axis"):
        rlx.fft.fft(z, axis=2)
    with pytest.raises(rlx.GraphBuildError, match="norm"):
        rlx.fft.fft(z, norm="unitary")
    with pytest.raises(rlx.GraphBuildError, match="real input"):
        rlx.fft.rfft(z)
    with pytest.raises(rlx.GraphBuildError, match="n must be"):
        rlx.fft.fft(z, n=0)
    with pytest.raises(rlx.GraphBuildError, match="n must be >= 1, got -2"):
        rlx.fft.irfft(z, n=-2)
    for bad in ({"n": "4"}, {"n": 4.0}, {"axis": "0"}, {"axis": True}):
        with pytest.raises(rlx.GraphBuildError, match="must be an int"):
            rlx.fft.fft(z, **bad)
    with pytest.raises(rlx.GraphBuildError, match="axes must be a sequence"):
        rlx.fft.fft2(z, axes=0)


def test_numpy_integers_are_taken_as_numpy_fft_takes_them(device):
    """axis, n, s and axes given as numpy integers (an axis np.int64(0) was 'out of
    range', irfft's n=np.int64(5) refused)."""
    x_value = np.random.default_rng(2).standard_normal((4, 6))
    g = rlx.Graph("np_ints")
    x = g.input("x", x_value.shape, "f64")
    bins = rlx.fft.rfft(x, axis=np.int32(-1))
    g.set_outputs([abs(rlx.fft.fft(x, n=np.int64(5), axis=np.int64(0))),
                   rlx.fft.irfft(bins, n=np.int64(5), axis=np.int64(1)),
                   abs(rlx.fft.fft2(x, s=np.array([4, 3]), axes=np.array([0, 1])))])
    a, b, c = rlx.Session(device).compile(g).run({"x": x_value})
    np.testing.assert_allclose(a, abs(np.fft.fft(x_value, n=5, axis=0)), atol=1e-12)
    np.testing.assert_allclose(b, np.fft.irfft(np.fft.rfft(x_value), n=5, axis=1), atol=1e-12)
    np.testing.assert_allclose(c, abs(np.fft.fft2(x_value, s=(4, 3))), atol=1e-12)
