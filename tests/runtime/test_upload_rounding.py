"""Spec scenarios 11-12: weights rounded to a number format as they are uploaded."""

import ml_dtypes
import numpy as np

import rlx
from rlx.ir import formats as F


def _graph():
    g = rlx.Graph("rounded")
    x = g.input("x", (2, 8))
    w = g.param("w", (8, 40))
    b = g.param("b", (40,), "bf16")
    keep = g.param("keep", (40,))
    codes = g.param("codes", (4,), "u8")
    g.set_outputs([x @ w + b.cast("f32") + keep, codes.cast("f32")])
    return g


def _compile(device, fmt, scaling=None, exclude=()):
    opts = rlx.CompileOptions(number_format=fmt, format_scaling=scaling or F.FormatScaling(),
                              format_exclude=frozenset(exclude), split_params=False)
    return rlx.Session(device, opts).compile(_graph())


def test_set_param_rounds_row_wise_and_excluded_params_stay_exact(device):
    rng = np.random.default_rng(0)
    w = rng.standard_normal((8, 40)).astype(np.float32)
    keep = rng.standard_normal(40).astype(np.float32)
    cg = _compile(device, F.FP4_E2M1, F.FormatScaling.mx(), exclude=["keep"])
    cg.set_param("w", w)
    cg.set_param("b", np.zeros(40, np.float32))
    cg.set_param("keep", keep)
    cg.set_param("codes", np.array([1, 2, 3, 255], np.uint8))
    eye = np.zeros((2, 8), np.float32)
    eye[0, 0] = eye[1, 3] = 1.0
    out, codes = cg.run({"x": eye})
    rounded = F.round_slice_scaled(w, F.FP4_E2M1, F.FormatScaling.mx(), row_len=40)
    np.testing.assert_allclose(out[0], rounded[0] + keep, rtol=1e-6)
    np.testing.assert_allclose(out[1], rounded[3] + keep, rtol=1e-6)
    assert not np.allclose(rounded, w)                    # rounding did something
    np.testing.assert_array_equal(codes, [1, 2, 3, 255])  # packed ints untouched


def test_set_param_typed_rounds_through_f32_and_keeps_dtype(device):
    cg = _compile(device, F.FP8_E4M3)
    b = np.linspace(-3, 3, 40).astype(ml_dtypes.bfloat16)
    cg.set_param_typed("b", b.tobytes(), "bf16")
    for name, shape in (("w", (8, 40)), ("keep", (40,))):
        cg.set_param(name, np.zeros(shape, np.float32))
    cg.set_param("codes", np.zeros(4, np.uint8))
    out, _ = cg.run({"x": np.zeros((2, 8), np.float32)})
    expect = b.astype(np.float32).astype(ml_dtypes.float8_e4m3fn).astype(np.float32)
    np.testing.assert_array_equal(out[0], expect.astype(ml_dtypes.bfloat16).astype(np.float32))


def test_set_param_range_refuses_rounded_params(device):
    cg = _compile(device, F.FP8_E4M3, exclude=["keep"])
    cg.set_param("keep", np.ones(40, np.float32))
    assert cg.set_param_range("w", 0, np.ones(4, np.float32).tobytes()) is False
    assert cg.set_param_range("keep", 0, np.float32(5.0).tobytes()) is True
    for name, shape in (("w", (8, 40)), ("b", (40,))):
        cg.set_param(name, np.zeros(shape, np.float32))
    cg.set_param("codes", np.zeros(4, np.uint8))
    out, _ = cg.run({"x": np.zeros((2, 8), np.float32)})
    assert out[0, 0] == 5.0 and out[0, 1] == 1.0


def test_packed_weights_scales_are_not_rounded_again(device):
    """The scales of a packed table are part of its quantisation: a number format
    rounds the float params, not them (an embedding lookup through dequant_gather was
    off by up to 2.3 under fp8 rounding of its nvfp4 scales)."""
    from rlx.ir.quantized import pack_weight, quantized_embedding, unpack_weight

    table = np.random.default_rng(5).standard_normal((16, 64)).astype(np.float32)
    for scheme in ("int8", "int4", "nvfp4"):
        packed = pack_weight(table, scheme)
        g = rlx.Graph(f"lookup_{scheme}")
        ids = g.input("ids", (3,), "i64")
        g.set_outputs([quantized_embedding(ids, "emb", 16, 64, scheme)])
        opts = rlx.CompileOptions(number_format=F.FP8_E4M3, split_params=False)
        cg = rlx.Session(device, opts).compile(g)
        for suffix, value in packed.items():
            cg.set_param(f"emb.{suffix}", value)
        (rows,) = cg.run({"ids": np.array([0, 5, 15])})
        np.testing.assert_array_equal(rows, unpack_weight(packed, scheme, 64)[[0, 5, 15]])


def test_params_move_only_between_graphs_of_one_number_format(device):
    """copy_params_from / share_params_from between a graph that rounds its params on
    upload and one that does not (or rounds to another format) is refused (False): the
    storage holds the other graph's values, which the rounded graph ran unrounded."""
    w = np.linspace(-3.3, 27.5, 8 * 40, dtype=np.float32).reshape(8, 40)
    values = {"w": w, "b": np.zeros(40, np.float32), "keep": np.zeros(40, np.float32),
              "codes": np.zeros(4, np.uint8)}
    plain = rlx.Session(device, rlx.CompileOptions(split_params=False)).compile(_graph())
    other = _compile(device, F.FP8_E5M2)
    same = _compile(device, F.FP8_E4M3)
    for cg in (plain, other, same):
        for name, value in values.items():
            cg.set_param(name, value)
    rounded = _compile(device, F.FP8_E4M3)
    for source in (plain, other):
        assert not rounded.copy_params_from(source)
        assert not rounded.share_params_from(source)
    assert rounded.copy_params_from(same)
    eye = np.zeros((2, 8), np.float32)
    eye[0, 0] = eye[1, 3] = 1.0
    out, _ = rounded.run({"x": eye})
    expect = w.astype(ml_dtypes.float8_e4m3fn).astype(np.float32)
    np.testing.assert_array_equal(out, expect[[0, 3]])


def test_an_f64_param_keeps_a_format_wider_than_float(device):
    g = rlx.Graph("wide_param")
    g.set_outputs([g.param("w", (3,), "f64") * 1.0])
    opts = rlx.CompileOptions(number_format=F.FloatFormat.custom(11, 30), split_params=False)
    cg = rlx.Session(device, opts).compile(g)
    w = np.array([1 + 2.0 ** -28, 1.5 * 2.0 ** 996, 1 + 2.0 ** -31])
    cg.set_param("w", w)
    (out,) = cg.run({})
    np.testing.assert_array_equal(out, [1 + 2.0 ** -28, 1.5 * 2.0 ** 996, 1.0])
