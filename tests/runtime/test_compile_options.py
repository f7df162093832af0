"""CompileOptions checks every field where it is given, in the constructor or assigned
later, with a GraphBuildError naming the field; a refused assignment keeps the old
value, and an accepted one takes effect at the next compile."""

from __future__ import annotations

import numpy as np
import pytest

import rlx
from rlx.ir import formats as F

BAD = [
    ("verbose", 1),
    ("optimize", "no"),
    ("split_params", None),
    ("rng", "5"),
    ("num_threads", "4"),
    ("num_threads", -3),
    ("num_threads", 2.5),
    ("num_threads", 10**12),      # the OpenMP runtime exits the process sizing that team
    ("precision", "f7"),
    ("number_format", "bf16"),
    ("format_scaling", "mx"),
    ("format_exclude", "w"),
    ("format_exclude", [1]),
    ("profile", "yes"),
    ("winograd", "no"),
    ("isa", 2),
    ("sanitize", 5),
    ("sanitize", ["address", 5]),
]


@pytest.mark.parametrize("field, bad", BAD, ids=[f"{f}={b!r}" for f, b in BAD])
def test_a_bad_field_is_refused_in_the_constructor_and_on_assignment(field, bad):
    named = {"number_format": "a format is", "format_scaling": "scaling is"}.get(field, field)
    with pytest.raises(rlx.GraphBuildError, match=named):
        rlx.CompileOptions(**{field: bad})
    opts = rlx.CompileOptions()
    before = getattr(opts, field)
    with pytest.raises(rlx.GraphBuildError, match=named):
        setattr(opts, field, bad)
    assert getattr(opts, field) == before


def test_an_unknown_field_is_refused():
    opts = rlx.CompileOptions()
    with pytest.raises(rlx.GraphBuildError, match="no field 'precison'"):
        opts.precison = "bf16"


def test_assigned_values_are_normalised_as_given_to_the_constructor():
    opts = rlx.CompileOptions()
    opts.num_threads = np.int32(2)
    opts.rng = 7
    opts.winograd = np.bool_(False)
    opts.sanitize = ["undefined"]
    opts.format_exclude = ["b"]
    assert type(opts.num_threads) is int and opts.num_threads == 2
    assert opts.rng == rlx.RngOptions(seed=7)
    assert opts.winograd is False
    assert opts.sanitize == ("undefined",)
    assert opts.format_exclude == frozenset({"b"})
    assert opts == rlx.CompileOptions(num_threads=2, rng=7, winograd=False,
                                      sanitize=("undefined",), format_exclude=frozenset("b"))


def test_an_assigned_field_takes_effect(device):
    """precision and number_format set after construction change what compiles: bf16
    holds 1 + 2**-10 as 1; fp8 e4m3 holds 0.3 as 0.3125 and 1 + 2**-12 as 1."""
    g = rlx.Graph("t")
    x = g.input("x", (1, 3))
    w = g.param("w", (3, 1))
    g.set_outputs([x @ w])
    xv = np.array([[1.0 + 2**-10, 0.0, 0.0]], np.float32)
    wv = np.array([[1.0], [1.0 + 2**-12], [0.3]], np.float32)

    def run(opts: rlx.CompileOptions, xv: np.ndarray) -> float:
        cg = rlx.Session(device, opts).compile(g)
        cg.set_param("w", wv)
        return float(cg.run({"x": xv})[0][0, 0])

    opts = rlx.CompileOptions()
    assert run(opts, xv) == np.float32(1.0 + 2**-10)
    opts.precision = "bf16"
    assert run(opts, xv) == 1.0
    opts.precision = "f32"
    opts.number_format = F.FP8_E4M3
    xv = np.array([[0.0, 1.0, 2.0]], np.float32)
    assert run(opts, xv) == pytest.approx(1.0 + 2 * 0.3125, rel=1e-6)
    opts.number_format = None
    assert run(opts, xv) == pytest.approx(1.0 + 2**-12 + 2 * 0.3, rel=1e-6)
