"""The program store (rlx.runtime.program_store): a graph compiled before, with the same
options, backend and rlx, is loaded instead of passed and rendered again; anything that
changes the program is a different entry; a damaged entry or a missing shared object
is a miss, never a wrong program."""

import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import numpy as np
import pytest

import rlx
from rlx.ir.graph import Node
from rlx.runtime import program_store as store_module
from rlx.runtime.program_store import ProgramStore

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="the program store is the cpu device's")

RNG = np.random.default_rng(11)
W = RNG.standard_normal((16, 24)).astype(np.float32)
B = RNG.standard_normal(24).astype(np.float32)


# graph names carry this run's nonce: entries from an earlier run are never found
NONCE = uuid.uuid4().hex[:8]


def _graph(scale: float = 0.5, name: str = "store_mlp") -> rlx.Graph:
    """gelu(x @ w.T' + b) * scale over a symbolic batch; the transpose of the param
    is param-only work, so the program has a prepare stage."""
    g = rlx.Graph(f"{name}_{NONCE}")
    x = g.input("x", (rlx.Dim("rows", 9), 16))
    w = g.param("w", (24, 16))
    b = g.param("b", (24,))
    g.set_outputs([rlx.gelu(x @ rlx.transpose(w, (1, 0)) + b) * scale])
    return g


def _oracle(x: np.ndarray, scale: float = 0.5) -> np.ndarray:
    from math import erf
    y = x.astype(np.float64) @ W.astype(np.float64) + B
    return 0.5 * y * (1 + np.vectorize(erf)(y / np.sqrt(2))) * scale


def _compile(graph: rlx.Graph, **options) -> rlx.CompiledGraph:
    cg = rlx.Session("cpu", rlx.CompileOptions(**options)).compile(graph)
    cg.set_param("w", W.T.copy())
    cg.set_param("b", B)
    return cg


def _stored(cg: rlx.CompiledGraph) -> bool:
    return [s.name for s in cg.report().stages] == ["program store"]


def _entry(graph: rlx.Graph) -> Path:
    """Where the store keeps ``graph``'s entry (compiled with default options). Found by
    its key, not by listing the directory: test workers share the store, and another
    one may add entries at any time."""
    store, key = rlx.Session("cpu")._store_entry(store_module.graph_fingerprint, graph)
    assert store is not None, "the program store is off"
    return store.directory / f"{key}.rlxp"


def test_a_second_compile_loads_the_stored_program(program_store):
    first = _compile(_graph())
    assert not _stored(first)
    assert first._staging is not None          # the store keeps the prepare stage too
    second = _compile(_graph())
    assert _stored(second)
    assert second.report().compile_times()["passes"] == 0
    assert second._exe.source == first._exe.source
    for rows in (1, 4, 9):
        x = RNG.standard_normal((rows, 16)).astype(np.float32)
        got = second.run({"x": x})[0]
        assert got.shape == (rows, 24)
        np.testing.assert_allclose(got, _oracle(x), rtol=1e-5, atol=1e-5)
        np.testing.assert_array_equal(got, first.run({"x": x})[0])


def test_another_process_loads_the_stored_program(program_store, tmp_path):
    """What a warm start does: the entry written here is read by a new interpreter."""
    _compile(_graph(name="store_cross"))
    script = textwrap.dedent(f"""
        import numpy as np, rlx, sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        import test_program_store as t
        t.NONCE = {NONCE!r}
        cg = t._compile(t._graph(name="store_cross"))
        x = np.linspace(-2, 2, 48, dtype=np.float32).reshape(3, 16)
        np.testing.assert_allclose(cg.run({{"x": x}})[0], t._oracle(x), rtol=1e-5, atol=1e-5)
        print("stored" if t._stored(cg) else "compiled")
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "stored"


@pytest.mark.parametrize("change", ["constant", "name", "shape", "options", "tier"])
def test_what_changes_the_program_is_another_entry(program_store, change):
    base = _compile(_graph(name=f"store_change_{change}"))
    assert not _stored(base)
    graph, options = _graph(name=f"store_change_{change}"), {}
    if change == "constant":
        graph = _graph(0.25, name=f"store_change_{change}")
    elif change == "name":
        graph = _graph(name=f"store_change_{change}_2")
    elif change == "shape":
        graph = rlx.Graph(f"store_change_{change}_{NONCE}")
        x = graph.input("x", (rlx.Dim("rows", 10), 16))
        w = graph.param("w", (24, 16))
        b = graph.param("b", (24,))
        graph.set_outputs([rlx.gelu(x @ rlx.transpose(w, (1, 0)) + b) * 0.5])
    elif change == "options":
        options = {"winograd": False}
    else:
        tiers = rlx.backends.cpu.isa.tiers_for_host()
        options = {"isa": tiers[0] if base._exe.isa != tiers[0] else tiers[-1]}
        if len(tiers) < 2:
            pytest.skip("this host runs one tier")
    other = _compile(graph, **options)
    assert not _stored(other)
    x = RNG.standard_normal((5, 16)).astype(np.float32)
    scale = 0.25 if change == "constant" else 0.5
    np.testing.assert_allclose(other.run({"x": x})[0], _oracle(x, scale), rtol=1e-5, atol=1e-5)
    assert _stored(_compile(graph, **options))     # and is stored in turn


def test_verbose_and_rng_do_not_change_the_entry(program_store):
    _compile(_graph(name="store_rng"))
    again = _compile(_graph(name="store_rng"), rng=rlx.RngOptions(seed=99))
    assert _stored(again)
    assert again.rng().seed == 99


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty", "foreign"])
def test_a_damaged_entry_is_a_miss_and_is_rewritten(program_store, damage):
    path = _entry(_graph(name=f"store_damage_{damage}"))
    assert not path.exists()
    _compile(_graph(name=f"store_damage_{damage}"))
    data = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(data[:len(data) // 2])
    elif damage == "flip":
        path.write_bytes(data[:-10] + bytes([data[-10] ^ 0xFF]) + data[-9:])
    elif damage == "empty":
        path.write_bytes(b"")
    else:
        path.write_bytes(b"not a program store entry at all" * 10)
    again = _compile(_graph(name=f"store_damage_{damage}"))
    assert not _stored(again)
    x = RNG.standard_normal((2, 16)).astype(np.float32)
    np.testing.assert_allclose(again.run({"x": x})[0], _oracle(x), rtol=1e-5, atol=1e-5)
    assert path.read_bytes() != b"" and _stored(_compile(_graph(name=f"store_damage_{damage}")))


def test_an_entry_whose_shared_object_is_gone_compiles_again(program_store, tmp_path,
                                                             monkeypatch):
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))
    _compile(_graph(name="store_gone"))
    for so in tmp_path.rglob("*.so"):
        so.unlink()
    again = _compile(_graph(name="store_gone"))
    assert not _stored(again)
    x = RNG.standard_normal((3, 16)).astype(np.float32)
    np.testing.assert_allclose(again.run({"x": x})[0], _oracle(x), rtol=1e-5, atol=1e-5)


def test_a_store_that_cannot_be_written_is_skipped(program_store, tmp_path, monkeypatch):
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))
    blocked = tmp_path / "rlx-cpu-2" / "programs"
    blocked.parent.mkdir(parents=True)
    blocked.write_text("a file where the store's directory would be")
    cg = _compile(_graph(name="store_blocked"))
    x = RNG.standard_normal((3, 16)).astype(np.float32)
    np.testing.assert_allclose(cg.run({"x": x})[0], _oracle(x), rtol=1e-5, atol=1e-5)
    assert not _stored(_compile(_graph(name="store_blocked")))


@pytest.mark.parametrize("env", [{store_module.STORE_ENV: "0"},
                                 {store_module.STORE_ENV: "off"}, "dump"])
def test_the_store_can_be_turned_off(program_store, monkeypatch, tmp_path, env):
    if env == "dump":
        env = {"RLX_DUMP_IR": str(tmp_path / "dump")}
    path = _entry(_graph(name="store_off"))
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    _compile(_graph(name="store_off"))
    again = _compile(_graph(name="store_off"))
    assert not _stored(again)
    assert not path.exists()
    if "RLX_DUMP_IR" in env:
        assert any((tmp_path / "dump").iterdir())    # the passes ran and dumped


def test_a_graph_holding_code_is_not_stored(program_store):
    g = _graph(name="store_code")
    assert program_store_key(g) is not None
    node = g.nodes[-1]

    def user_function():
        return 1

    class Hook:
        pass

    for hook in (user_function, lambda: 2, Hook(), Hook):
        g.nodes[-1] = Node(node.op, node.inputs, node.attrs + (("hook", hook),), node.type)
        assert store_module.graph_fingerprint(g) is None, hook


def program_store_key(graph, options=None, identity="identity"):
    return store_module.store_key(store_module.graph_fingerprint(graph),
                                  options or rlx.CompileOptions(), identity)


def test_keys_follow_the_code_and_the_backend(monkeypatch):
    g = _graph(name="store_key")
    key = program_store_key(g)
    assert key == program_store_key(_graph(name="store_key"))
    assert key != program_store_key(g, identity="another identity")
    assert key != program_store_key(g, rlx.CompileOptions(precision="bf16"))
    monkeypatch.setattr(store_module, "code_fingerprint", lambda: "another rlx")
    assert key != program_store_key(g)


def test_store_round_trip_and_refusals(tmp_path):
    store = ProgramStore(tmp_path / "s")
    assert store.load("k") is None
    assert store.save("k", {"a": np.arange(3)})
    np.testing.assert_array_equal(store.load("k")["a"], np.arange(3))
    assert not store.save("lambda", lambda: 0)         # not picklable: nothing written
    assert not (tmp_path / "s" / "lambda.rlxp").exists()
    assert not list((tmp_path / "s").glob("*.tmp"))


def _tiny_decoder_config(**changes):
    from rlx.models import DecoderConfig

    fields = dict(arch="llama", vocab_size=61, n_layers=1, hidden=32, n_heads=4,
                  n_kv_heads=2, head_dim=8, ffn_hidden=48, context_length=64, norm_eps=1e-5,
                  rope_base=10000.0, rope_dim=8, rope_interleaved=True, layer_windows=(None,))
    return DecoderConfig(**{**fields, **changes})


def test_calls_are_keyed_by_an_rlx_builder_and_its_arguments():
    """Session.compile_call's key: the builder (rlx's own, by name) and the arguments'
    data; a builder from elsewhere, or arguments holding code, give no key."""
    from rlx.models import build_decoder_step, decoder_param_shapes

    config = _tiny_decoder_config()

    def key(builder, *args, **kwargs):
        return store_module.call_fingerprint((builder, args, kwargs))

    base = key(build_decoder_step, config, 1, 1, 16, x_int8=True)
    assert base is not None
    assert base == key(build_decoder_step, _tiny_decoder_config(), 1, 1, 16, x_int8=True)
    for other in (key(build_decoder_step, config, 1, 1, 16, x_int8=False),
                  key(build_decoder_step, config, 2, 1, 16, x_int8=True),
                  key(build_decoder_step, config, 1, 2, 16, x_int8=True),
                  key(build_decoder_step, config, 1, rlx.Dim("new", 2), 16, x_int8=True),
                  key(build_decoder_step, _tiny_decoder_config(norm_eps=1e-6), 1, 1, 16,
                      x_int8=True)):
        assert other is not None and other != base
    assert key(lambda c: build_decoder_step(c, 1, 1, 16), config) is None
    assert key(build_decoder_step, config, 1, 1, 16, hook=lambda: 0) is None
    # rlx functions not marked pure builders: from_json reads the custom-op registry,
    # serialize.load a file (keyed by the path, a rewritten file kept its program)
    assert key(decoder_param_shapes, config, 1, 1, 16, x_int8=True) is None
    assert key(rlx.from_json, "{}") is None
    assert key(rlx.ir.serialize.load, "graph.json") is None


def test_a_rewritten_graph_file_or_an_entry_under_another_key_is_a_miss(
        program_store, monkeypatch, tmp_path):
    """A program cache keyed by a partial of serialize.load runs the file's new graph
    after it is rewritten (it ran the old one); an entry copied over another graph's
    is a miss (it ran the copied graph). Oracle: numpy."""
    import functools

    from rlx.runtime.caches import CompileCache

    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "graph.json"
    x = RNG.standard_normal((3, 16)).astype(np.float32)

    def run(cg):
        cg.set_param("w", W.T.copy())
        cg.set_param("b", B)
        return cg.run({"x": x})[0]

    for scale in (2.0, 3.0):
        path.write_text(rlx.to_json(_graph(scale, name="store_file")))
        cache = CompileCache("cpu", 4)
        cg = cache.get_or_compile("k", functools.partial(rlx.ir.serialize.load, path))
        np.testing.assert_allclose(run(cg), _oracle(x, scale), rtol=1e-5, atol=1e-5)
    session = rlx.Session("cpu")
    session.compile(_graph(2.0, name="store_a"))
    session.compile(_graph(5.0, name="store_b"))
    entries = sorted((tmp_path / "cache").rglob("*.rlxp"), key=lambda p: p.stat().st_mtime_ns)
    assert len(entries) >= 2
    entries[-1].write_bytes(entries[-2].read_bytes())    # a's entry under b's key
    again = session.compile(_graph(5.0, name="store_b"))
    assert not _stored(again)
    np.testing.assert_allclose(run(again), _oracle(x, 5.0), rtol=1e-5, atol=1e-5)


def test_a_call_compiled_before_is_loaded_without_building(program_store, monkeypatch,
                                                           tmp_path):
    """compile_call loads a program stored under its call without calling the builder;
    a builder from outside rlx is compiled (and stored by its graph) as compile does."""
    from rlx.models import build_decoder_step
    from rlx.models import decoder as decoder_module

    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))
    session = rlx.Session("cpu")
    config = _tiny_decoder_config()
    first = session.compile_call(build_decoder_step, config, 1, 1, 16)
    calls = []
    monkeypatch.setattr(decoder_module, "_layer", lambda *a, **k: calls.append(a))
    again = session.compile_call(build_decoder_step, config, 1, 1, 16)
    assert _stored(again) and not _stored(first) and not calls
    assert again.input_types == first.input_types
    assert again.output_types == first.output_types
    assert again.param_types == first.param_types
    assert again._exe.source == first._exe.source

    def user_builder(scale):
        return _graph(scale, name="store_user_builder")

    assert not _stored(session.compile_call(user_builder, 0.5))
    assert _stored(session.compile_call(user_builder, 0.5))   # by its graph
