"""all-MiniLM-L6-v2 sentence embeddings: rlx against transformers.

sentence-transformers computes this model's embeddings as BertModel's last hidden
state, mean-pooled over the attention mask and L2-normalised; the reference here
does exactly that with transformers' BertModel and tokenizer (test-only
dependencies), on 100+ varied texts, at batch 1 and in batches of 8.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

import rlx
from rlx.errors import InputError, UnsupportedOpError
from rlx.models import (
    BertConfig,
    ModelConfigError,
    SentenceEncoder,
    bert_param_shapes,
    build_bert_encoder,
    load_bert_weights,
    minilm_model_dir,
)

COSINE_MIN = 0.99999
MAX_ABS_ERROR = 1e-4
ST_MAX_SEQ_LENGTH = 256  # sentence_bert_config.json of all-MiniLM-L6-v2

BASE = [
    "A man is eating food.",
    "A man is eating a piece of bread.",
    "The girl is carrying a baby.",
    "A man is riding a horse.",
    "A woman is playing violin.",
    "Two men pushed carts through the woods.",
    "A man is riding a white horse on an enclosed ground.",
    "A monkey is playing drums.",
    "Someone in a gorilla costume is playing a set of drums.",
    "The new movie is awesome",
    "The cat sits outside",
    "I love pasta",
    "Do you like pizza?",
    "The stock market fell sharply after the announcement on Tuesday.",
    "Quantum computers exploit superposition and entanglement.",
    "Photosynthesis converts light energy into chemical energy.",
    "She sells seashells by the seashore.",
    "How do I reset my password?",
    "Where is the nearest train station?",
    "The meeting has been moved to 3:30 PM on Friday, March 14th, 2025.",
    "Water boils at 100 degrees Celsius at sea level.",
    "Je pense, donc je suis.",
    "Der schnelle braune Fuchs springt über den faulen Hund.",
    "El veloz murciélago hindú comía feliz cardillo y kiwi.",
    "東京は日本の首都です。",
    "Москва — столица России.",
    "naïve café résumé façade",
    "🚀 launch at T-minus 10 seconds 🔥",
    "def add(a, b):\n    return a + b",
    "SELECT * FROM users WHERE id = 42;",
    "https://example.com/search?q=sentence+embeddings",
    "Contact me at someone@example.org or +1-555-0100.",
    "   extra   spaces   everywhere   ",
    "ALL CAPS SHOUTING TEXT!!!",
    "e = mc^2 and a^2 + b^2 = c^2",
    "Version 2.4.1 fixes bug #1234 (memory leak in the parser).",
    "The mitochondria is the powerhouse of the cell.",
    "Neural networks learn representations from data.",
    "It was the best of times, it was the worst of times.",
    "Please turn off the lights when you leave the room.",
]
SHORT = ["Hi", "OK", "yes", "no way", "42", "3.14159", "hello world", "thanks!", "?", "",
         "a", "cats", "dogs and cats", "New York", "a b c d e f g", "snake_case_name",
         "camelCaseName", "C++", "AI", "x"]


def _corpus() -> list[str]:
    """104 texts from 1 to ~120 tokens: single sentences, short strings, and runs of
    2 to 5 sentences joined together."""
    joined = [_join_from(i, 2 + i % 4) for i in range(len(BASE))]
    paragraphs = [_join_from(i, 7) for i in range(0, 32, 8)]
    return BASE + SHORT + joined + paragraphs


def _join_from(first: int, count: int) -> str:
    """``count`` consecutive BASE sentences from ``first``, wrapping around."""
    return " ".join(BASE[(first + k) % len(BASE)] for k in range(count))


CORPUS = _corpus()


@functools.cache
def reference_embeddings() -> np.ndarray:
    """[N, 384] sentence-transformers embeddings of CORPUS computed with transformers."""
    transformers = pytest.importorskip("transformers")
    torch = pytest.importorskip("torch")
    transformers.logging.set_verbosity_error()
    model_dir = minilm_model_dir()
    tokenizer = transformers.AutoTokenizer.from_pretrained(model_dir)
    model = transformers.BertModel.from_pretrained(model_dir, add_pooling_layer=False).eval()
    rows = []
    with torch.no_grad():
        for start in range(0, len(CORPUS), 16):
            batch = tokenizer(CORPUS[start:start + 16], padding=True, truncation=True,
                              max_length=ST_MAX_SEQ_LENGTH, return_tensors="pt")
            hidden = model(**batch).last_hidden_state
            mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
            mean = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            rows.append(torch.nn.functional.normalize(mean, p=2, dim=1).numpy())
    return np.concatenate(rows)


@functools.cache
def encoder(device: str) -> SentenceEncoder:
    return SentenceEncoder.from_pretrained(device=device, max_length=128, max_batch=8)


def _encode_or_skip(device: str, texts: list[str]) -> np.ndarray:
    """Embeddings of ``texts``; on a device that lacks kernels the encoder needs, skip."""
    try:
        return encoder(device).encode(texts)
    except UnsupportedOpError as exc:
        pytest.skip(f"{device} backend cannot run the encoder yet: {str(exc).splitlines()[0]}")


def _check_parity(got: np.ndarray, want: np.ndarray, texts: list[str] = CORPUS) -> None:
    cosine = (got * want).sum(axis=1) / (np.linalg.norm(got, axis=1) *
                                          np.linalg.norm(want, axis=1))
    worst = int(np.argmin(cosine))
    assert cosine.min() >= COSINE_MIN, f"cosine {cosine.min():.7f} on {texts[worst]!r}"
    assert np.abs(got - want).max() <= MAX_ABS_ERROR


def test_corpus_fits_without_truncation():
    lengths = encoder("reference").tokenizer.encode_batch(CORPUS).lengths
    assert len(CORPUS) >= 100 and len(set(CORPUS)) == len(CORPUS)
    assert lengths.min() == 2 and 64 < lengths.max() <= 128


def test_batches_of_8_match_transformers(device):
    got = _encode_or_skip(device, CORPUS)
    assert got.shape == (len(CORPUS), 384) and got.dtype == np.float32
    _check_parity(got, reference_embeddings())
    assert encoder(device).compiled_shapes() == [(8, 128)]     # one program


def test_batch_of_1_matches_transformers(device):
    """Each sentence alone, in the one program of bound (8, 128). The reference device
    computes the whole bound for every call (2.6 minutes for the corpus), so there it
    takes every eighth sentence and the shortest and longest; it runs the whole corpus
    in batches of 8 above."""
    indices = np.arange(len(CORPUS))
    if device == "reference":
        lengths = encoder(device).tokenizer.encode_batch(CORPUS).lengths
        indices = np.unique(np.r_[indices[::8], np.argmin(lengths), np.argmax(lengths)])
    got = np.concatenate([_encode_or_skip(device, [CORPUS[i]]) for i in indices])
    _check_parity(got, reference_embeddings()[indices], [CORPUS[i] for i in indices])
    assert encoder(device).compiled_shapes() == [(8, 128)]     # the same one program


def test_partial_last_batch_and_single_string():
    enc = encoder("reference")
    texts = CORPUS[:11]
    got = enc.encode(texts)
    _check_parity(got, reference_embeddings()[:11])
    assert np.allclose(enc.encode(CORPUS[3]), got[3:4], atol=1e-6)
    assert enc.encode([]).shape == (0, 384)


def test_hidden_states_match_transformers():
    transformers = pytest.importorskip("transformers")
    torch = pytest.importorskip("torch")
    enc = encoder("reference")
    batch = enc.tokenizer.encode_batch(["A short one.", "A somewhat longer second sentence."])
    b, s = batch.input_ids.shape
    cg = rlx.Session("reference").compile(build_bert_encoder(enc.config, b, s, "hidden"))
    weights = load_bert_weights(f"{minilm_model_dir()}/model.safetensors", enc.config)
    for name in cg.param_types:
        cg.set_param(name, weights[name])
    (hidden,) = cg.run({"input_ids": batch.input_ids, "attention_mask": batch.attention_mask,
                        "token_type_ids": batch.token_type_ids})
    model = transformers.BertModel.from_pretrained(minilm_model_dir(),
                                                   add_pooling_layer=False).eval()
    with torch.no_grad():
        want = model(input_ids=torch.tensor(batch.input_ids),
                     attention_mask=torch.tensor(batch.attention_mask),
                     token_type_ids=torch.tensor(batch.token_type_ids)).last_hidden_state
    real = batch.attention_mask.astype(bool)
    assert hidden.shape == (b, s, 384)
    assert np.abs(hidden[real] - want.numpy()[real]).max() <= MAX_ABS_ERROR


# ---------------------------------------------------------------------- building blocks
def test_graph_params_are_checkpoint_names():
    config = BertConfig.from_file(f"{minilm_model_dir()}/config.json")
    assert (config.hidden_size, config.num_hidden_layers, config.num_attention_heads) == (
        384, 6, 12)
    graph = build_bert_encoder(config, batch=2, seq_len=16)
    assert dict(graph.params).keys() == bert_param_shapes(config).keys()
    assert [t.shape for t in graph.output_types] == [(2, 384)]
    assert [name for name, _ in graph.inputs] == ["input_ids", "attention_mask",
                                                  "token_type_ids"]


@pytest.mark.parametrize("change, message", [
    ({"hidden_act": "swish"}, "hidden_act 'swish' is not supported"),
    ({"num_attention_heads": 3}, "not a multiple of num_attention_heads"),
    ({"position_embedding_type": "relative_key"}, "only 'absolute'"),
    ({"hidden_size": 0}, "hidden_size must be a positive integer"),
])
def test_bad_configs_raise(change, message):
    config = {"vocab_size": 100, "hidden_size": 40, "num_hidden_layers": 1,
              "num_attention_heads": 4, "intermediate_size": 80, **change}
    with pytest.raises(ModelConfigError, match=message):
        BertConfig.from_dict(config)


def test_sizes_beyond_the_position_table_raise():
    config = BertConfig(vocab_size=100, hidden_size=8, num_hidden_layers=1,
                        num_attention_heads=2, intermediate_size=16,
                        max_position_embeddings=32)
    with pytest.raises(ModelConfigError, match="exceeds max_position_embeddings"):
        build_bert_encoder(config, batch=1, seq_len=33)
    tokenizer = encoder("reference").tokenizer
    for bad in (64, 1, 0):          # past the table; no room for [CLS] and [SEP]
        with pytest.raises(InputError, match=r"max_length must be in \[2, 32\]"):
            SentenceEncoder(config, {}, tokenizer, "reference", max_length=bad)
    with pytest.raises(ModelConfigError, match="weights are missing"):
        SentenceEncoder(config, {}, tokenizer, "reference", max_length=32)


@pytest.mark.parametrize("texts", [None, 3, 2.5])
def test_encode_of_something_not_text_is_an_input_error(texts):
    with pytest.raises(InputError, match="a str or a list of str|must be"):
        encoder("reference").encode(texts)


def _minilm_copy(tmp_path, config_text=None, weights=None):
    """MiniLM's directory copied to ``tmp_path``, its config.json replaced by
    ``config_text`` and its weights by ``weights`` (name -> array) where given."""
    import shutil

    from safetensors.numpy import save_file

    target = tmp_path / "model"
    shutil.copytree(minilm_model_dir(), target)
    if config_text is not None:
        (target / "config.json").write_text(config_text)
    if weights is not None:
        save_file(weights, str(target / "model.safetensors"))
    return target


@pytest.mark.parametrize("config_text, match", [
    ("{not json", "config.json: not valid JSON"),
    ("[" * 100_000, "config.json: not valid JSON .nested too deeply"),
    ("[1, 2]", "config.json: expected a JSON object, found list"),
    ('{"vocab_size": 30522, "hidden_size": 384, "num_hidden_layers": 6, '
     '"num_attention_heads": 12, "intermediate_size": 1536, "layer_norm_eps": "1e-12"}',
     "layer_norm_eps must be a number, got '1e-12'"),
    ('{"vocab_size": 30522, "hidden_size": 384, "num_hidden_layers": 6, '
     '"num_attention_heads": 12, "intermediate_size": 1536, "hidden_act": ["gelu"]}',
     r"hidden_act must be a string, got \['gelu'\]"),
])
def test_a_broken_config_json_is_a_model_config_error_naming_it(tmp_path, config_text, match):
    from rlx.models import ModelConfigError

    directory = _minilm_copy(tmp_path, config_text=config_text)
    with pytest.raises(ModelConfigError, match=match) as info:
        SentenceEncoder.from_pretrained(directory, device="reference")
    assert str(directory) in str(info.value)


def test_weights_that_are_not_floats_and_missing_files_are_refused(tmp_path):
    from safetensors.numpy import load_file

    from rlx.models import ModelConfigError

    weights = load_file(f"{minilm_model_dir()}/model.safetensors")
    name = next(k for k in weights if k.endswith("embeddings.LayerNorm.weight"))
    weights[name] = weights[name].view(np.int32)          # the bytes relabelled
    directory = _minilm_copy(tmp_path, weights=weights)
    with pytest.raises(ModelConfigError, match=f"{name} holds int32 values"):
        SentenceEncoder.from_pretrained(directory, device="reference")
    (directory / "model.safetensors").unlink()
    with pytest.raises(ModelConfigError, match="no such checkpoint file"):
        SentenceEncoder.from_pretrained(directory, device="reference")
    with pytest.raises(ModelConfigError, match="not a model directory"):
        SentenceEncoder.from_pretrained(tmp_path / "nowhere", device="reference")


def test_the_default_length_is_the_models_max_seq_length():
    """from_pretrained cuts texts where sentence-transformers does (the package's
    max_seq_length, 256): a 200-token text matches the transformers recipe (the default
    was 128 tokens: cosine 0.91 on such a text)."""
    enc = SentenceEncoder.from_pretrained(device="reference", max_batch=2)
    assert enc.max_length == ST_MAX_SEQ_LENGTH == 256
    text = " ".join(CORPUS[:40])
    transformers = pytest.importorskip("transformers")
    torch = pytest.importorskip("torch")
    tokenizer = transformers.AutoTokenizer.from_pretrained(minilm_model_dir())
    model = transformers.BertModel.from_pretrained(minilm_model_dir(),
                                                   add_pooling_layer=False).eval()
    batch = tokenizer([text], truncation=True, max_length=ST_MAX_SEQ_LENGTH,
                      return_tensors="pt")
    assert 128 < batch["input_ids"].shape[1] <= 256
    with torch.no_grad():
        mean = model(**batch).last_hidden_state.mean(1)
    want = torch.nn.functional.normalize(mean, p=2, dim=1).numpy()
    _check_parity(enc.encode([text]), want, [text])
    with pytest.raises(rlx.InputError, match="max_length must be an int"):
        SentenceEncoder.from_pretrained(max_length=16.5)
