"""The cpu backend's packed GEMM: a weight operand that stays the same across runs is
repacked once and the repacked copy is reused until the weight changes.

Every case is checked against a float64 numpy product. The cache must notice every way
a weight can change (set_param, set_param_range, an optimizer step in place, the
prepare stage recomputing a transposed weight, clones and shared params), and results
must not depend on the thread count.
"""

from __future__ import annotations

import numpy as np
import pytest

import rlx

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")


def _linear(m: int, k: int, n: int, transposed: bool = False, act: bool = True) -> rlx.Graph:
    g = rlx.Graph("linear")
    x = g.input("x", (m, k))
    w = g.param("w", (n, k) if transposed else (k, n))
    y = x @ (w.T if transposed else w) + g.param("b", (n,))
    g.set_outputs([rlx.relu(y) if act else y])
    return g


def _oracle(x, w, b, transposed=False, act=True):
    y = x.astype(np.float64) @ (w.T if transposed else w).astype(np.float64) + b
    return np.maximum(y, 0) if act else y


def _compile(graph, threads=1):
    return rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(graph)


def _packed(compiled) -> bool:
    return "rlx_pk_gemm(" in compiled._exe.source


@pytest.mark.parametrize("m,k,n,transposed", [
    (8, 8, 16, False),        # smallest packed product
    (37, 100, 70, True),      # ragged rows and columns, transposed weight (prepare stage)
    (128, 768, 96, False),    # two k blocks
    (130, 1000, 33, False),   # k block remainder, one column past a panel
    (25, 16, 300, True),
])
@pytest.mark.parametrize("threads", [1, 2])
def test_packed_matches_float64(m, k, n, transposed, threads):
    rng = np.random.default_rng(m * 1000 + n)
    x = rng.standard_normal((m, k)).astype(np.float32)
    w = rng.standard_normal((n, k) if transposed else (k, n)).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    cg = _compile(_linear(m, k, n, transposed), threads)
    assert _packed(cg)
    cg.set_param("w", w)
    cg.set_param("b", b)
    (y,) = cg.run({"x": x})
    np.testing.assert_allclose(y, _oracle(x, w, b, transposed), rtol=1e-4, atol=1e-4 * np.sqrt(k))


def test_one_and_two_threads_give_identical_bits():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((100, 500)).astype(np.float32)
    w = rng.standard_normal((500, 200)).astype(np.float32)
    b = rng.standard_normal(200).astype(np.float32)
    outs = []
    for threads in (1, 2):
        cg = _compile(_linear(100, 500, 200), threads)
        cg.set_param("w", w)
        cg.set_param("b", b)
        outs.append(cg.run({"x": x})[0].copy())
    np.testing.assert_array_equal(outs[0], outs[1])


@pytest.mark.parametrize("transposed", [False, True])
def test_weight_changes_are_seen(transposed):
    """set_param, set_param_range and the prepare stage all repack the weight."""
    rng = np.random.default_rng(2)
    m, k, n = 20, 40, 48
    x = rng.standard_normal((m, k)).astype(np.float32)
    b = np.zeros(n, np.float32)
    cg = _compile(_linear(m, k, n, transposed, act=False))
    assert _packed(cg)
    cg.set_param("b", b)
    for step in range(3):
        w = rng.standard_normal((n, k) if transposed else (k, n)).astype(np.float32)
        cg.set_param("w", w)
        (y,) = cg.run({"x": x})
        np.testing.assert_allclose(y, _oracle(x, w, b, transposed, act=False),
                                   rtol=1e-4, atol=1e-4, err_msg=f"step {step}")
    w[3] += 5.0
    row = w[3].tobytes()
    assert cg.set_param_range("w", 3 * w.shape[1] * 4, row)
    (y,) = cg.run({"x": x})
    np.testing.assert_allclose(y, _oracle(x, w, b, transposed, act=False), rtol=1e-4, atol=1e-4)


def test_optimizer_step_in_place_is_seen():
    rng = np.random.default_rng(3)
    m, k, n = 16, 24, 32
    x = rng.standard_normal((m, k)).astype(np.float32)
    w = rng.standard_normal((k, n)).astype(np.float32)
    g = rlx.Graph("linear_with_grads")
    wp, bp = g.param("w", (k, n)), g.param("b", (n,))
    g.set_outputs([g.input("x", (m, k)) @ wp + bp, wp * 2.0, bp * 2.0])  # stand-in grads
    cg = rlx.Session("cpu", rlx.CompileOptions(num_threads=1, split_params=False)).compile(g)
    assert _packed(cg)
    cg.set_param("w", w)
    cg.set_param("b", np.zeros(n, np.float32))
    cg.run({"x": x})

    def halve(name, shape, param, grad):
        if name == "w":
            param *= 0.5

    assert cg.optimizer_step_resident([("w", (k, n)), ("b", (n,))], halve) is not False
    y = cg.run({"x": x})[0]
    np.testing.assert_allclose(y, _oracle(x, w * 0.5, np.zeros(n), act=False),
                               rtol=1e-4, atol=1e-4)


def test_clones_and_shared_params_keep_their_own_weights():
    """Executables of one graph load one shared object; each computes with its own
    weights (packed into its own keep region), whichever ran last."""
    rng = np.random.default_rng(4)
    m, k, n = 24, 32, 64
    x = rng.standard_normal((m, k)).astype(np.float32)
    w1, w2, w3 = (rng.standard_normal((k, n)).astype(np.float32) for _ in range(3))
    zero = np.zeros(n, np.float32)
    a = _compile(_linear(m, k, n, act=False))
    a.set_param("w", w1)
    a.set_param("b", zero)
    twin = a.clone()
    twin.set_param("w", w2)
    other = _compile(_linear(m, k, n, act=False))
    assert other.share_params_from(a)
    for _ in range(2):
        for compiled, w in ((a, w1), (twin, w2), (other, w1)):
            (y,) = compiled.run({"x": x})
            np.testing.assert_allclose(y, _oracle(x, w, zero, act=False), rtol=1e-4, atol=1e-4)
    a.set_param("w", w3)          # seen by the executable sharing a's params
    (y,) = other.run({"x": x})
    np.testing.assert_allclose(y, _oracle(x, w3, zero, act=False), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("threads", [1, 2])
def test_transposed_left_operand_is_packed_too(threads):
    """A read through an absorbed transpose (no contiguous rows) takes the packed-A path."""
    rng = np.random.default_rng(5)
    m, k, n = 29, 50, 40
    g = rlx.Graph("xt_w")
    x = g.input("x", (k, m))
    g.set_outputs([x.T @ g.param("w", (k, n))])
    cg = _compile(g, threads)
    assert _packed(cg) and "rlx_pk_pack_a(" in cg._exe.source
    xv = rng.standard_normal((k, m)).astype(np.float32)
    w = rng.standard_normal((k, n)).astype(np.float32)
    cg.set_param("w", w)
    (y,) = cg.run({"x": xv})
    np.testing.assert_allclose(y, xv.T.astype(np.float64) @ w, rtol=1e-4, atol=1e-4)


# Row counts whose last sliver of PACK_MR (12) rows is short: 1 and 4 rows take the 4-row
# tile, 5 and 8 the 8-row one (128 rows: 10 x 12 + 8), 9 and 11 a zero-padded 12-row one.
_TAIL_ROWS = [13, 16, 17, 20, 21, 23, 128]


@pytest.mark.parametrize("m", _TAIL_ROWS)
@pytest.mark.parametrize("a_transposed", [False, True])
def test_short_last_sliver_is_exact_for_any_thread_count(m, a_transposed):
    """Every tile height, with A read in place and packed, over two k blocks and a
    ragged last panel: close to float64 and bit-identical for 1, 2 and 3 threads."""
    rng = np.random.default_rng(m)
    k, n = 400, 70
    g = rlx.Graph("tail")
    x = g.input("x", (k, m) if a_transposed else (m, k))
    g.set_outputs([(x.T if a_transposed else x) @ g.param("w", (k, n))])
    xv = rng.standard_normal((k, m) if a_transposed else (m, k)).astype(np.float32)
    w = rng.standard_normal((k, n)).astype(np.float32)
    expect = (xv.T if a_transposed else xv).astype(np.float64) @ w
    outs = []
    for threads in (1, 2, 3):
        cg = _compile(g, threads)
        assert _packed(cg)
        assert (f"rlx_pk_pack_a({m}, {k}, pa," in cg._exe.source) == a_transposed
        cg.set_param("w", w)
        (y,) = cg.run({"x": xv})
        np.testing.assert_allclose(y, expect, rtol=1e-4, atol=1e-4 * np.sqrt(k))
        outs.append(y.copy())
    np.testing.assert_array_equal(outs[0], outs[1])
    np.testing.assert_array_equal(outs[0], outs[2])
