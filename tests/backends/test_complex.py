"""Complex dtypes (c64, c128) on every backend against numpy in complex128."""

import numpy as np
import pytest

import rlx
from rlx.errors import DTypeError

TOL = {"c64": dict(rtol=2e-6, atol=2e-6), "c128": dict(rtol=1e-13, atol=1e-13)}


def _cplx(rng, shape, dtype):
    z = rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    return z.astype(rlx.as_dtype(dtype).np)


@pytest.mark.parametrize("dtype", ["c64", "c128"])
def test_complex_arithmetic_and_parts(device, dtype):
    rng = np.random.default_rng(0)
    real = rlx.as_dtype(dtype).real
    zv, wv = _cplx(rng, (3, 17), dtype), _cplx(rng, (17,), dtype)
    xv = rng.standard_normal((3, 17)).astype(real.np)
    g = rlx.Graph("complex")
    z, w, x = g.input("z", zv.shape, dtype), g.input("w", wv.shape, dtype), g.input("x", xv.shape,
                                                                                     real)
    outs = [z + w, z - x, z * w, z / (w + 2.0), -z, rlx.exp(z * 0.5), abs(z), rlx.angle(z),
            rlx.real(z), rlx.imag(z), rlx.conj(z), rlx.complex(x, x * 3.0), z == z, z != w,
            rlx.where(x > 0, z, w), x.cast(dtype), z.cast(real), z.cast("bool"),
            rlx.real(x), rlx.imag(x), rlx.angle(x)]
    g.set_outputs(outs)
    got = rlx.Session(device).compile(g).run({"z": zv, "w": wv, "x": xv})
    z, w, x = (v.astype(np.complex128) for v in (zv, wv, xv))
    x = x.real
    want = [z + w, z - x, z * w, z / (w + 2), -z, np.exp(z * 0.5), np.abs(z), np.angle(z),
            z.real, z.imag, z.conj(), x + 3j * x, z == z, z != w, np.where(x > 0, z, w),
            x.astype(complex), z.real, z != 0, x, np.zeros_like(x), np.angle(x)]
    for i, (a, b) in enumerate(zip(got, want)):
        np.testing.assert_allclose(a, b, **TOL[dtype], err_msg=f"output {i}")
    assert got[6].dtype == real.np and got[0].dtype == rlx.as_dtype(dtype).np


@pytest.mark.parametrize("dtype", ["c64", "c128"])
def test_complex_matmul_reductions_and_layout(device, dtype):
    rng = np.random.default_rng(1)
    av, bv = _cplx(rng, (2, 5, 33), dtype), _cplx(rng, (33, 7), dtype)
    rv = rng.standard_normal((33, 7)).astype(rlx.as_dtype(dtype).real.np)
    g = rlx.Graph("complex_mm")
    a, b, r = (g.input(k, v.shape, v.dtype) for k, v in (("a", av), ("b", bv), ("r", rv)))
    outs = [a @ b, a @ r, a.sum(), a.sum(axis=(0, 2), keepdims=True), a.mean(axis=1),
            rlx.transpose(a, (2, 0, 1)), rlx.concat([a, a * 2.0], axis=1), a[:, 1:4, ::2],
            rlx.flip(a, 2), rlx.pad(a, [(0, 0), (1, 2), (0, 0)]),
            rlx.broadcast_to(b[0], (4, 7)), rlx.reshape(a, (10, 33)),
            rlx.gather(b, g.constant(np.array([3, 0, 3])), axis=0)]
    g.set_outputs(outs)
    got = rlx.Session(device).compile(g).run({"a": av, "b": bv, "r": rv})
    a, b, r = (v.astype(np.complex128) for v in (av, bv, rv))
    want = [a @ b, a @ r.real, a.sum(), a.sum(axis=(0, 2), keepdims=True), a.mean(axis=1),
            a.transpose(2, 0, 1), np.concatenate([a, a * 2], 1), a[:, 1:4, ::2],
            a[:, :, ::-1], np.pad(a, [(0, 0), (1, 2), (0, 0)]), np.broadcast_to(b[0], (4, 7)),
            a.reshape(10, 33), b[[3, 0, 3]]]
    tol = dict(rtol=2e-5, atol=2e-5) if dtype == "c64" else TOL[dtype]
    for i, (x, y) in enumerate(zip(got, want)):
        np.testing.assert_allclose(x, y, **tol, err_msg=f"output {i}")


def test_complex_promotion_and_refusals():
    g = rlx.Graph("promote")
    z = g.input("z", (3,), "c64")
    assert (z + g.input("d", (3,), "f64")).dtype == rlx.c128
    assert (z * g.input("i", (3,), "i32")).dtype == rlx.c64
    assert (z + 1.0).dtype == rlx.c64
    with pytest.raises(DTypeError, match="complex"):
        rlx.relu(z)
    with pytest.raises(DTypeError, match="complex"):
        rlx.lt(z, z)
    with pytest.raises(DTypeError, match="real"):
        z.cast("i32")
    with pytest.raises(DTypeError, match="float"):
        rlx.complex(g.input("n", (3,), "i32"), g.input("m", (3,), "i32"))


def test_parts_of_an_intermediate_survive_the_reuse_of_its_buffer(device):
    """real and imag of a complex intermediate as outputs, with a later kernel that the
    memory plan puts in the intermediate's buffer: on the reference device the outputs
    were views of that buffer and came back overwritten (off by up to 5)."""
    x_value = np.random.default_rng(0).standard_normal((3, 8)).astype(np.float32)
    g = rlx.Graph("parts")
    x = g.input("x", (3, 8), "f32")
    z = rlx.fft.fft(x)
    g.set_outputs([rlx.real(z), rlx.imag(z), abs(rlx.fft.rfft(x.transpose((1, 0)), axis=0))])
    re, im, spectrum = rlx.Session(device).compile(g).run({"x": x_value})
    want = np.fft.fft(x_value.astype(np.float64))
    np.testing.assert_allclose(re, want.real, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(im, want.imag, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(spectrum, np.abs(np.fft.rfft(x_value.T.astype(np.float64),
                                                            axis=0)), rtol=1e-5, atol=1e-5)
