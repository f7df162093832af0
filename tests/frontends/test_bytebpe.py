"""rlx's byte-level BPE (GGUF "gpt2" vocabularies) against the ``tokenizers`` library
running the same vocabulary and merges: the packaged SmolLM2 vocabulary on a varied
corpus and on random text, toy vocabularies for the corner cases (a pair listed twice,
a byte missing from the vocabulary, BOS / EOS and truncation), and the Unicode tables
against Python's own database."""

from __future__ import annotations

import re
import unicodedata

import numpy as np
import pytest
import tokenizers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.frontends.test_tokenizer import CORPUS, smollm2_path

from rlx.frontends.bytebpe import (
    GPT2_SPLIT,
    NUMBER_RANGES,
    ByteBpeBackend,
    byte_of_char,
    char_of_byte,
)
from rlx.frontends.gguf import GGUFFile
from rlx.frontends.tokenizer import TokenizerError, tokenizer_from_gguf_metadata


def _tokenizers_bpe(meta: dict) -> tokenizers.Tokenizer:
    """The reference: the ``tokenizers`` library's BPE over the GGUF vocab and merges,
    with the pre-tokenizer, control / user-defined tokens and BOS / EOS the metadata
    names (what rlx ran before it had its own engine)."""
    from tokenizers import AddedToken, decoders, models, pre_tokenizers, processors

    tokens = list(meta["tokenizer.ggml.tokens"])
    types = np.asarray(meta.get("tokenizer.ggml.token_type", np.ones(len(tokens), int)))
    vocab: dict[str, int] = {}
    for i, token in enumerate(tokens):
        vocab.setdefault(token, i)
    merges = [tuple(m.split(" ")) for m in meta["tokenizer.ggml.merges"]]
    backend = tokenizers.Tokenizer(models.BPE(vocab=vocab, merges=merges, fuse_unk=False,
                                              byte_fallback=False))
    byte_level = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    if meta.get("tokenizer.ggml.pre") == "smollm":
        backend.pre_tokenizer = pre_tokenizers.Sequence(
            [pre_tokenizers.Digits(individual_digits=True), byte_level])
    else:
        backend.pre_tokenizer = byte_level
    backend.decoder = decoders.ByteLevel()
    backend.add_special_tokens([AddedToken(tokens[i], special=True, normalized=False)
                                for i in np.flatnonzero(types == 3)])
    backend.add_tokens([AddedToken(tokens[i], special=False, normalized=False)
                        for i in np.flatnonzero(types == 4)])
    bos, eos = meta.get("tokenizer.ggml.bos_token_id"), meta.get("tokenizer.ggml.eos_token_id")
    before = [tokens[bos]] if meta.get("tokenizer.ggml.add_bos_token") else []
    after = [tokens[eos]] if meta.get("tokenizer.ggml.add_eos_token") else []
    if before or after:
        specials = {t: tokens.index(t) for t in before + after}
        backend.post_processor = processors.TemplateProcessing(
            single=before + ["$A"] + after, special_tokens=list(specials.items()))
    return backend


@pytest.fixture(scope="module")
def smollm2_meta() -> dict:
    return dict(GGUFFile(smollm2_path()).metadata)


@pytest.fixture(scope="module")
def pair(smollm2_meta):
    """(rlx's tokenizer, the reference) of SmolLM2's vocabulary."""
    return tokenizer_from_gguf_metadata(smollm2_meta), _tokenizers_bpe(smollm2_meta)


EDGE_TEXTS = [
    # whitespace Python's \s has and Unicode's White_Space has not, and the reverse
    "a\x1cb\x1d c\x1e\x1f d", "!\x1c? a \x1c", "x\x85y\xa0z\u2007w\u3000v", "trailing   \n",
    # numbers outside Nd: superscripts, fractions, roman numerals, circled digits
    "x² ½ Ⅻ ⑳ ٣ 〇 ¹²³ 5½", "١٢٣ ४५६ 七八九",
    # the apostrophe forms, upper case (the pattern is case-sensitive), underscores
    "it's IT'S we'LL I'm they'd o'clock", "__init__ a_b _ __", "'s's 's",
    # long words, repeats, emoji sequences, unpaired combining marks
    "a" * 500, "ab" * 300, "🤖" * 40, "\u0301\u0301x\u0301",
    "<|im_start|><|im_end|><|endoftext|>", "<|im_start|", "|im_end|>",
]


def _assert_same(tok, reference, text):
    assert tok.encode(text) == reference.encode(text).ids, text
    plain = reference.encode(text, add_special_tokens=False).ids
    assert tok.encode(text, add_special_tokens=False) == plain, text
    for skip in (True, False):
        assert tok.decode(plain, skip) == reference.decode(plain, skip), text


@pytest.mark.parametrize("text", CORPUS + EDGE_TEXTS, ids=range(len(CORPUS + EDGE_TEXTS)))
def test_smollm2_ids_and_text_match_tokenizers(pair, text):
    _assert_same(*pair, text)


def test_smollm2_runs_on_rlx_engine(pair):
    assert isinstance(pair[0].backend, ByteBpeBackend)
    assert pair[0].vocab_size == pair[1].get_vocab_size(with_added_tokens=True)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(st.characters(exclude_categories=("Cs", "Cn")), max_size=60))
def test_smollm2_random_text_matches_tokenizers(pair, text):
    # unassigned code points (Cn) are left out: the two sides' Unicode versions differ
    _assert_same(*pair, text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 49151), max_size=30))
def test_smollm2_random_ids_decode_as_tokenizers(pair, ids):
    """Any ids, byte pieces that are not whole UTF-8 characters included."""
    tok, reference = pair
    for skip in (True, False):
        assert tok.decode(ids, skip) == reference.decode(ids, skip)


def _toy(merges, tokens=None, **extra) -> dict:
    """A byte-level vocabulary: every byte's stand-in, then the given tokens."""
    tokens = list(char_of_byte) + (tokens or [])
    meta = {"tokenizer.ggml.model": "gpt2", "tokenizer.ggml.tokens": tokens,
            "tokenizer.ggml.merges": merges, "tokenizer.ggml.pre": "gpt2"}
    meta.update(extra)
    return meta


@pytest.mark.parametrize("merges", [
    ["a b", "b c", "ab c"],
    ["b c", "a b", "a bc"],
    ["a b", "b c", "a b", "ab c", "a bc"],      # a pair listed twice keeps its last place
    ["a a", "aa a", "aa aa"],
])
def test_toy_merge_orders_match_tokenizers(merges):
    pieces = sorted({m.replace(" ", "") for m in merges})
    meta = _toy(merges, pieces)
    tok = tokenizer_from_gguf_metadata(meta)
    reference = _tokenizers_bpe(meta)
    for text in ["abc", "abcabc", "aaaaaaa", "aaaa", "a abc bc", "cba", "aab"]:
        _assert_same(tok, reference, text)


def test_toy_bos_eos_truncation_and_user_tokens_match_tokenizers():
    tokens = ["<s>", "</s>", "[X]", "ab"]
    n = 256
    types = np.array([1] * n + [3, 3, 4, 1], np.int32)
    meta = _toy(["a b"], tokens, **{
        "tokenizer.ggml.token_type": types, "tokenizer.ggml.bos_token_id": n,
        "tokenizer.ggml.eos_token_id": n + 1, "tokenizer.ggml.add_bos_token": True,
        "tokenizer.ggml.add_eos_token": True})
    tok = tokenizer_from_gguf_metadata(meta)
    reference = _tokenizers_bpe(meta)
    for text in ["ab ab", "x[X]ab<s>", "</s>", ""]:
        _assert_same(tok, reference, text)
    reference.enable_truncation(4)
    batch = tok.encode_batch(["ab ab ab ab", "ab"], max_length=4)
    assert batch.input_ids[0].tolist() == reference.encode("ab ab ab ab").ids
    assert batch.input_ids[1, :3].tolist() == reference.encode("ab").ids


def test_a_byte_missing_from_the_vocabulary_is_dropped_as_tokenizers_does():
    meta = _toy(["a b"], ["ab"])
    missing = char_of_byte[ord("z")]
    meta["tokenizer.ggml.tokens"] = [t if t != missing else "zz" for t in
                                     meta["tokenizer.ggml.tokens"]]
    tok = tokenizer_from_gguf_metadata(meta)
    _assert_same(tok, _tokenizers_bpe(meta), "abz az zab")
    assert tok.encode("zz z") == [tok.token_to_id(char_of_byte[ord(" ")])]


def test_bad_merges_are_tokenizer_errors():
    with pytest.raises(TokenizerError, match="'a' is not two tokens"):
        tokenizer_from_gguf_metadata(_toy(["a"]))
    with pytest.raises(TokenizerError, match="'ab' is not in the vocabulary"):
        tokenizer_from_gguf_metadata(_toy(["a b"]))
    with pytest.raises(TokenizerError, match="'qq' is not in the vocabulary"):
        tokenizer_from_gguf_metadata(_toy(["qq b"], ["qqb"]))


def test_number_ranges_are_the_unicode_database_s_nl_and_no():
    listed = {cp for a, b in NUMBER_RANGES for cp in range(a, b + 1)}
    database = {cp for cp in range(0x110000)
                if unicodedata.category(chr(cp)) in ("Nl", "No")}
    assert listed == database


def test_the_split_pattern_classes_follow_unicode_categories():
    """Letters are L*, numbers N*, whitespace White_Space (not Python's \\s)."""
    samples = "aZéßЖ字ー" + "0٣४" + "²½Ⅻ⑳" + "!_-.,;'" + " \t\u3000" + "\x1c\u0301"
    for char in samples:
        words = GPT2_SPLIT.findall("x" + char + "x")
        category = unicodedata.category(char)
        if category[0] == "L":
            assert words == ["x" + char + "x"], (char, category)
        else:
            assert len(words) >= 2, (char, category)
    assert GPT2_SPLIT.findall("!\x1c? a \x1c") == ["!\x1c?", " a", " \x1c"]
    assert GPT2_SPLIT.findall("a\u3000 b") == ["a", "\u3000", " b"]
    assert re.fullmatch(r"\d", "²") is None        # why NUMBER_RANGES exists


def test_byte_stand_ins_are_a_bijection_onto_printable_characters():
    assert len(set(char_of_byte)) == 256
    assert all(byte_of_char[c] == b for b, c in enumerate(char_of_byte))
    assert all(c.isprintable() and not c.isspace() for c in char_of_byte)


def test_a_gguf_tokenizer_leaves_the_tokenizers_library_unimported():
    """Both GGUF engines are rlx's own: a decoder's process does not hold the library."""
    import json
    import subprocess
    import sys

    code = ("import json, sys\n"
            "from rlx.frontends.tokenizer import load_tokenizer\n"
            f"tok = load_tokenizer({smollm2_path()!r})\n"
            "ids = tok.encode('Hello, world! 42')\n"
            "text = tok.decode(ids)\n"
            "print(json.dumps(['tokenizers' in sys.modules, text]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [False, "Hello, world! 42"]


# ---------------------------------------------------------------------- the table cache
def _count_builds(monkeypatch):
    """Count the merge-table and string-index builds (a cache hit makes neither)."""
    from rlx.frontends import bytebpe, strings

    counts = {"merges": 0, "index": 0}
    build_tables, build_state = bytebpe._merge_tables, strings.StringIndex.state

    def tables(*args):
        counts["merges"] += 1
        return build_tables(*args)

    def state(self):
        counts["index"] += 1
        return build_state(self)

    monkeypatch.setattr(bytebpe, "_merge_tables", tables)
    monkeypatch.setattr(strings.StringIndex, "state", state)
    return counts


def test_tables_are_read_back_from_the_disk_cache(smollm2_meta, program_store, monkeypatch,
                                                  tmp_path):
    """A second load of the same vocabulary reads its index and merge tables from the
    disk cache and encodes the same; other merges are other tables."""
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))
    counts = _count_builds(monkeypatch)
    first = tokenizer_from_gguf_metadata(smollm2_meta)
    assert counts == {"merges": 1, "index": 1}
    second = tokenizer_from_gguf_metadata(smollm2_meta)
    assert counts == {"merges": 1, "index": 1}
    for text in CORPUS[:20] + EDGE_TEXTS:
        assert second.encode(text) == first.encode(text)
    assert second.token_to_id("hello") == first.token_to_id("hello") is not None
    # the same tokens with one merge fewer: the index is found, the merges are not
    merges = list(smollm2_meta["tokenizer.ggml.merges"])
    fewer = tokenizer_from_gguf_metadata({**smollm2_meta, "tokenizer.ggml.merges": merges[:-1]})
    assert counts == {"merges": 2, "index": 1}
    reference = _tokenizers_bpe({**smollm2_meta, "tokenizer.ggml.merges": merges[:-1]})
    last_pair = merges[-1].replace(" ", "")
    assert fewer.encode(last_pair) == reference.encode(last_pair).ids


def test_the_table_cache_is_off_with_the_program_store(program_store, monkeypatch, tmp_path):
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("RLX_PROGRAM_STORE", "0")
    counts = _count_builds(monkeypatch)
    meta = _toy(["a b", "ab c"], ["ab", "abc"])
    for _ in range(2):
        assert tokenizer_from_gguf_metadata(meta).encode("abc") == [257]
    assert counts == {"merges": 2, "index": 2}
    assert not any(tmp_path.rglob("*.rlxp"))


def test_a_damaged_table_entry_is_built_again(program_store, monkeypatch, tmp_path):
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))
    meta = _toy(["a b", "ab c"], ["ab", "abc"])
    tokenizer_from_gguf_metadata(meta)
    entries = list(tmp_path.rglob("tables/*.rlxp"))
    assert len(entries) == 2
    for entry in entries:
        data = bytearray(entry.read_bytes())
        data[-1] ^= 0xFF
        entry.write_bytes(bytes(data))
    counts = _count_builds(monkeypatch)
    assert tokenizer_from_gguf_metadata(meta).encode("abc ab") == [257, 32, 256]
    assert counts == {"merges": 1, "index": 1}
