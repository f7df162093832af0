"""What each bad input gets at run time, the same on every device (the README's table
"Bad inputs at run time"): a clear rlx error naming what was wrong, or a documented
result checked against numpy, and nothing written out of bounds."""

from __future__ import annotations

import numpy as np
import pytest

import rlx

TABLE = np.arange(15, dtype=np.float32).reshape(5, 3)
IDS = np.array([0, 1, 2, 4])
X = np.ones((4, 3), np.float32)


def _lookup(device):
    """embedding + gather over a 5-row param table, and a plain f32 input."""
    g = rlx.Graph("lookup")
    t = g.param("t", (5, 3))
    ids = g.input("ids", (4,), "i64")
    x = g.input("x", (4, 3))
    g.set_outputs([rlx.embedding(t, ids) + x, rlx.gather(t, ids, axis=0)])
    return rlx.Session(device).compile(g)


def _ready(device):
    cg = _lookup(device)
    cg.set_param("t", TABLE)
    return cg


ERRORS = {
    "param never set": (lambda cg: cg.run({"ids": IDS, "x": X}), False,
                        rlx.ParamNotSetError, "params never set: t"),
    "unknown input": (lambda cg: cg.run({"ids": IDS, "x": X, "y": X}), True,
                      rlx.InputError, "unknown input 'y'"),
    "missing input": (lambda cg: cg.run({"ids": IDS}), True,
                      rlx.InputError, "missing input 'x'"),
    "wrong shape, same size": (lambda cg: cg.run({"ids": IDS, "x": X.reshape(3, 4)}), True,
                               rlx.InputError, r"expected shape \(4, 3\)"),
    "wrong element count": (lambda cg: cg.run({"ids": IDS, "x": np.ones((5, 3))}), True,
                            rlx.InputError, "15 elements"),
    "lossy dtype": (lambda cg: cg.run({"ids": IDS + 0.5, "x": X}), True,
                    rlx.InputError, "do not convert to the declared i64"),
    "index past the end": (lambda cg: cg.run({"ids": np.array([0, 1, 2, 5]), "x": X}), True,
                           rlx.ExecutionError, "index 5 is out of range"),
    "index before the start": (lambda cg: cg.run({"ids": np.array([0, -6, 2, 4]), "x": X}),
                               True, rlx.ExecutionError, "index -6 is out of range"),
    "param of another shape": (lambda cg: cg.set_param("t", TABLE.T), True,
                               rlx.InputError, r"param 't': expected shape \(5, 3\)"),
    "unknown param": (lambda cg: cg.set_param("w", TABLE), True,
                      rlx.InputError, "unknown param 'w'"),
    "run_slots count": (lambda cg: cg.run_slots([IDS]), True,
                        rlx.InputError, "expected 2 arrays"),
    "param byte range": (lambda cg: cg.set_param_range("t", 56, b"\0" * 8), True,
                         rlx.InputError, "outside its 60 bytes"),
}


@pytest.mark.parametrize("case", list(ERRORS))
def test_bad_input_gets_a_clear_error(device, case):
    call, params_set, error, message = ERRORS[case]
    cg = _ready(device) if params_set else _lookup(device)
    with pytest.raises(error, match=message):
        call(cg)
    if params_set:          # nothing was lost: the graph still runs and gives the truth
        got, taken = cg.run({"ids": IDS, "x": X})
        np.testing.assert_array_equal(taken, TABLE[IDS])
        np.testing.assert_array_equal(got, TABLE[IDS] + 1)


def test_negative_indices_count_from_the_end(device):
    """Documented result: -k is row n - k (numpy's rule), down to -n."""
    ids = np.array([-1, -5, 0, -2])
    got, taken = _ready(device).run({"ids": ids, "x": X})
    np.testing.assert_array_equal(taken, TABLE[ids])
    np.testing.assert_array_equal(got, TABLE[ids] + 1)


def test_non_finite_values_propagate(device):
    """Documented result: nan and infinities are computed with, as IEEE float does (no
    error, no check): a nan input gives nan wherever numpy's float32 gives nan."""
    cg = _ready(device)
    x = X.copy()
    x[1, 2], x[2, 0], x[3, 1] = np.nan, np.inf, -np.inf
    got, _ = cg.run({"ids": IDS, "x": x})
    np.testing.assert_array_equal(got, TABLE[IDS] + x)
    table = TABLE.copy()
    table[4, 0] = np.nan
    cg.set_param("t", table)
    got, taken = cg.run({"ids": IDS, "x": X})
    np.testing.assert_array_equal(taken, table[IDS])


def test_one_hot_of_an_index_out_of_range_is_a_zero_row(device):
    """Documented result (rlx.ir.ops): an index outside [0, depth) gives zeros; unlike
    ONNX's OneHot, a negative index does not count from the end."""
    g = rlx.Graph("one_hot")
    ids = g.input("ids", (4,), "i64")
    g.set_outputs([rlx.one_hot(ids, 4)])
    (got,) = rlx.Session(device).compile(g).run({"ids": np.array([0, 4, -1, -5])})
    expected = np.zeros((4, 4), np.float32)
    expected[0, 0] = 1
    np.testing.assert_array_equal(got, expected)


def test_cross_entropy_label_out_of_range_is_an_error(device):
    g = rlx.Graph("xent")
    logits = g.input("logits", (3, 4))
    labels = g.input("labels", (3,), "i64")
    g.set_outputs([rlx.softmax_cross_entropy(logits, labels, reduction="none")])
    cg = rlx.Session(device).compile(g)
    zeros = np.zeros((3, 4), np.float32)
    for bad in (4, -1):     # the message names the node, as on the reference device
        with pytest.raises(rlx.ExecutionError, match=r"^%2 = softmax_cross_entropy\(%0, %1.*"
                                                     f"label {bad} in row 2 is outside"):
            cg.run({"logits": zeros, "labels": np.array([0, 1, bad])})
    (got,) = cg.run({"logits": zeros, "labels": np.array([0, 1, 3])})
    np.testing.assert_allclose(got, np.full(3, np.log(4.0)), rtol=1e-6)


@pytest.mark.parametrize("given, declared", [
    (np.array([4294967295, 1], np.uint32), "i32"), (np.array([-1, 2], np.int32), "u32"),
    (np.array([200, 1], np.uint8), "i8"), (np.array([-1, 0], np.int8), "u8"),
    (np.array([2**31, 0], np.uint32), "i32"), (np.array([-5, 0], np.int16), "u8"),
])
def test_integers_of_the_other_signedness_are_checked_by_value(device, given, declared):
    """A signed and an unsigned type of one width map bit patterns one to one, so -1
    must not pass as 2^32 - 1; values that fit convert."""
    g = rlx.Graph("ints")
    k = g.input("k", (2,), declared)
    g.set_outputs([k + k])
    cg = rlx.Session(device).compile(g)
    with pytest.raises(rlx.InputError, match=f"do not convert to the declared {declared}"):
        cg.run({"k": given})
    fits = np.array([7, 1], given.dtype)
    np.testing.assert_array_equal(cg.run({"k": fits})[0], [14, 2])


MISUSES = {
    "slice of floats": lambda g, x, cg: x[0.5:],
    "a float axis": lambda g, x, cg: x.sum(1.0),
    "a pad of one number": lambda g, x, cg: g.apply("pad", [x], pads=((1,), (2, 3))),
    "a ragged constant": lambda g, x, cg: rlx.constant(g, [[1], [2, 3]]),
    "a ragged input": lambda g, x, cg: cg.run({"x": [[1, 2, 3], [4, 5]], "ids": IDS}),
    "an input of strings": lambda g, x, cg: cg.run({"x": [["a"] * 3] * 4, "ids": IDS}),
    "run_slots of an int": lambda g, x, cg: cg.run_slots(5),
    "run_typed of a str": lambda g, x, cg: cg.run_typed({"x": ("abc", "f32")}),
    "a float byte offset": lambda g, x, cg: cg.set_param_range("t", 4.0, b"\0" * 4),
    "an extent of one number": lambda g, x, cg: cg.set_active_extent((1,)),
    "a negative seed": lambda g, x, cg: cg.set_rng(-1),
    "a Dim of bound 0": lambda g, x, cg: rlx.Dim("n", max=0),
    "a float output index": lambda g, x, cg: cg.run_read_outputs({"ids": IDS, "x": X}, [0.5]),
    "a float output row": lambda g, x, cg: cg.read_output_row(0, 0.5, 3),
    "threads of a float": lambda g, x, cg: rlx.CompileOptions(num_threads=2.5),
    "threads below 1": lambda g, x, cg: rlx.CompileOptions(num_threads=-1),
}


@pytest.mark.parametrize("case", list(MISUSES))
def test_a_misused_argument_is_an_rlx_error_and_loses_nothing(device, case):
    """Arguments of the wrong kind give an RlxError, not numpy's or Python's own."""
    cg = _ready(device)
    g = rlx.Graph("misuse")
    x = g.input("x", (4, 3))
    with pytest.raises(rlx.RlxError):
        MISUSES[case](g, x, cg)
    got, taken = cg.run({"ids": IDS, "x": X})
    np.testing.assert_array_equal(taken, TABLE[IDS])
