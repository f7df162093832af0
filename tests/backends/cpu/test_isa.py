"""ISA tiers of the cpu device: detection, forcing, the cache key, and results per tier
against float64 numpy (every tier this host can run)."""

from __future__ import annotations

import numpy as np
import pytest

import rlx
from rlx.backends.cpu import isa
from rlx.errors import DeviceError

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")

TIERS = isa.tiers_in_force()
FMA_TIERS = [t for t in TIERS if t in ("avx2", "avx512", "neon")]
TIERS_CHOSEN_BY_TEST = True


def _mlp() -> rlx.Graph:
    g = rlx.Graph("tier_mlp")
    x = g.input("x", (37, 200))
    w = g.param("w", (200, 70))
    b = g.param("b", (70,))
    h = rlx.gelu(x @ w + b)
    g.set_outputs([rlx.softmax(rlx.layer_norm(h), axis=-1),
                   x @ rlx.transpose(x, (1, 0))])
    return g


def _feeds(rng):
    return ({"x": rng.standard_normal((37, 200)).astype(np.float32)},
            {"w": (rng.standard_normal((200, 70)) / 14).astype(np.float32),
             "b": rng.standard_normal(70).astype(np.float32)})


def _oracle(x, w, b):
    from math import erf
    x, w, b = (a.astype(np.float64) for a in (x, w, b))
    pre = x @ w + b
    h = pre * 0.5 * (1.0 + np.vectorize(erf)(pre / np.sqrt(2.0)))
    mu = h.mean(-1, keepdims=True)
    ln = (h - mu) / np.sqrt(((h - mu) ** 2).mean(-1, keepdims=True) + 1e-5)
    e = np.exp(ln - ln.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True), x @ x.T


def _run(tier: str, threads: int, feeds, params):
    cg = rlx.Session("cpu", rlx.CompileOptions(isa=tier, num_threads=threads)).compile(_mlp())
    for name, value in params.items():
        cg.set_param(name, value)
    return cg, cg.run(feeds)


def test_host_tiers_are_ordered_and_named():
    assert TIERS[0] == "generic"
    assert set(TIERS) <= set(isa.TIERS)
    assert isa.host_tier() == TIERS[-1]


def test_forcing_a_tier(monkeypatch):
    monkeypatch.delenv(isa.ISA_ENV, raising=False)
    assert isa.resolve_tier() == isa.host_tier()
    monkeypatch.setenv(isa.ISA_ENV, "generic")
    assert isa.resolve_tier() == "generic"
    assert isa.resolve_tier(TIERS[-1]) == TIERS[-1]      # the option wins over the variable
    assert rlx.advisory_capabilities("cpu").isa == "generic"


def test_unknown_or_unrunnable_tiers_are_device_errors(monkeypatch):
    with pytest.raises(DeviceError, match="not an ISA tier"):
        isa.resolve_tier("sse9")
    monkeypatch.setenv(isa.ISA_ENV, "avx1024")
    with pytest.raises(DeviceError, match="RLX_CPU_ISA"):
        isa.resolve_tier()
    monkeypatch.delenv(isa.ISA_ENV)
    foreign = "neon" if "neon" not in TIERS else "avx2"
    with pytest.raises(DeviceError, match="cannot run"):
        isa.resolve_tier(foreign)
    g = rlx.Graph("g")
    g.set_outputs([g.input("x", (2,)) + 1.0])
    with pytest.raises(DeviceError, match="cannot run"):
        rlx.Session("cpu", rlx.CompileOptions(isa=foreign)).compile(g)
    # a host without AVX-512 refuses the avx512 tier
    monkeypatch.setattr(isa, "tiers_for_host", lambda: ("generic", "avx2"))
    with pytest.raises(DeviceError, match="cannot run"):
        isa.resolve_tier("avx512")


@pytest.mark.parametrize("tier", TIERS)
def test_each_tier_matches_float64_and_ignores_the_thread_count(tier):
    rng = np.random.default_rng(3)
    feeds, params = _feeds(rng)
    cg, one = _run(tier, 1, feeds, params)
    assert cg.capabilities().isa == tier
    _, two = _run(tier, 2, feeds, params)
    probs, gram = _oracle(feeds["x"], params["w"], params["b"])
    np.testing.assert_allclose(one[0], probs, rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(one[1], gram, rtol=1e-5, atol=1e-3)
    for a, b in zip(one, two):
        np.testing.assert_array_equal(a, b)


def test_tiers_get_their_own_shared_objects():
    rng = np.random.default_rng(4)
    feeds, params = _feeds(rng)
    paths = {_run(tier, 1, feeds, params)[0]._exe.library.path for tier in TIERS}
    assert len(paths) == len(TIERS)


@pytest.mark.skipif(len(FMA_TIERS) < 2, reason="needs two FMA tiers on this host")
def test_packed_gemm_gives_the_same_bits_on_every_fma_tier():
    """k <= 256 is one k block on every tier: each element is one FMA chain in k order."""
    rng = np.random.default_rng(5)
    feeds, params = _feeds(rng)
    outs = [_run(tier, 2, feeds, params)[1][1] for tier in FMA_TIERS]
    for other in outs[1:]:
        np.testing.assert_array_equal(outs[0], other)


def test_avx_vnni_only_on_the_avx2_tier_of_a_host_with_it(monkeypatch):
    """AVX-VNNI joins the avx2 tier's target where the host has it, unless
    RLX_CPU_AVX_VNNI=0; other tiers never take the flag (avx512 has AVX512-VNNI)."""
    if "avx2" not in TIERS:
        pytest.skip("no avx2 tier on this host")
    monkeypatch.delenv(isa.AVX_VNNI_ENV, raising=False)
    with_it = isa.host_features() | {"avx_vnni"}
    monkeypatch.setattr(isa, "host_features", lambda: with_it)
    assert isa.avx_vnni_in_use("avx2")
    assert isa.AVX_VNNI_FLAG in isa.target_flags("avx2")
    for tier in TIERS:
        if tier != "avx2":
            assert not isa.avx_vnni_in_use(tier)
            assert isa.AVX_VNNI_FLAG not in isa.target_flags(tier)
    monkeypatch.setenv(isa.AVX_VNNI_ENV, "0")
    assert not isa.avx_vnni_in_use("avx2")
    assert isa.target_flags("avx2") == ("-march=x86-64-v3", "-mtune=generic")
    monkeypatch.delenv(isa.AVX_VNNI_ENV)
    without = isa.host_features() - {"avx_vnni"}
    monkeypatch.setattr(isa, "host_features", lambda: without)
    assert not isa.avx_vnni_in_use("avx2")
    assert isa.AVX_VNNI_FLAG not in isa.target_flags("avx2")


def test_a_compiler_without_avx_vnni_gets_a_clear_error(monkeypatch, tmp_path):
    """A compiler older than GCC 11 / Clang 12 rejects -mavxvnni: the CompileError says
    what to do instead of showing only the compiler's complaint."""
    if "avx2" not in TIERS:
        pytest.skip("no avx2 tier on this host")
    import shutil

    from rlx.errors import CompileError

    real = shutil.which("gcc") or shutil.which("cc")
    old = tmp_path / "old-cc"
    old.write_text("#!/bin/sh\nfor a in \"$@\"; do\n  if [ \"$a\" = -mavxvnni ]; then\n"
                   "    echo \"cc: error: unrecognized command-line option '-mavxvnni'\" >&2\n"
                   "    exit 1\n  fi\ndone\nexec " + real + " \"$@\"\n")
    old.chmod(0o755)
    monkeypatch.setenv("CC", str(old))
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv(isa.AVX_VNNI_ENV, raising=False)
    with_it = isa.host_features() | {"avx_vnni"}
    monkeypatch.setattr(isa, "host_features", lambda: with_it)
    g = rlx.Graph("g")
    g.set_outputs([g.input("x", (3,)) * 2.0])
    with pytest.raises(CompileError, match=isa.AVX_VNNI_ENV):
        rlx.Session("cpu", rlx.CompileOptions(isa="avx2")).compile(g)
    monkeypatch.setenv(isa.AVX_VNNI_ENV, "0")
    (out,) = rlx.Session("cpu", rlx.CompileOptions(isa="avx2")).compile(g).run(
        {"x": np.arange(3, dtype=np.float32)})
    np.testing.assert_array_equal(out, [0.0, 2.0, 4.0])
