"""``rlx serve`` on 127.0.0.1, driven by the official ``openai`` client and by raw HTTP.

The server runs SmolLM2 (the packaged GGUF) and MiniLM in one engine. Every answer is
checked against rlx's own Python API run on a second copy of the models (what
``rlx generate`` and ``SentenceEncoder.encode`` give), and every bad request against
the OpenAI error it must get, with the server still serving afterwards.
"""

from __future__ import annotations

import base64
import json
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import rlx

openai = pytest.importorskip("openai")
uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from rlx.models import SamplingParams, SentenceEncoder, generate, load_decoder  # noqa: E402
from rlx.models.decoder_model import DEFAULT_PREFILL_CHUNK  # noqa: E402
from rlx.serve import Engine, create_app  # noqa: E402

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(), reason="needs cpu")

DECODER, ENCODER = "smollm2", "minilm"
MAX_SEQ = 256
BATCH = 3
CHUNK = 32          # prompts longer than this go in pieces between decode steps


def _models(max_batch: int = 1, page_size: int | None = None):
    from rlx.models import smollm2_gguf_path

    try:
        path = smollm2_gguf_path()
    except rlx.RlxError as e:
        pytest.skip(str(e))
    return (load_decoder(path, max_seq=MAX_SEQ, max_batch=max_batch, prefill_chunk=CHUNK,
                         weight_format="gguf", page_size=page_size),
            SentenceEncoder.from_pretrained())


@pytest.fixture(scope="module")
def served():
    """(base url, engine, reference decoder, reference encoder): the server batches up
    to BATCH sequences over a paged cache with prefix caching (as ``rlx serve`` does);
    the references run one sequence at a time on a contiguous cache."""
    decoder, encoder = _models(BATCH, page_size=16)
    engine = Engine(decoder, encoder, max_queue=1)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(engine, DECODER, ENCODER),
                                           host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    reference_decoder, reference_encoder = _models()
    yield f"http://127.0.0.1:{port}", engine, reference_decoder, reference_encoder
    server.should_exit = True
    thread.join(timeout=30)
    engine.close()


@pytest.fixture
def client(served):
    return openai.OpenAI(base_url=served[0] + "/v1", api_key="unused", max_retries=0)


def _post(url: str, body, raw: bool = False):
    """(status, headers (case-insensitive), JSON body) of a POST."""
    data = body if raw else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, r.headers, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, e.headers, json.loads(e.read())


def _wait_idle(engine: Engine, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while engine.queue_depth or engine.metrics.busy:
        assert time.monotonic() < deadline, "the engine did not go idle"
        time.sleep(0.02)


QUESTION = [{"role": "user", "content": "What is the capital of France?"}]


def test_models_and_health(served, client):
    assert {m.id for m in client.models.list().data} == {DECODER, ENCODER}
    with urllib.request.urlopen(served[0] + "/health", timeout=30) as r:
        assert json.loads(r.read()) == {"status": "ok"}


def _get(url: str):
    """(status, headers, JSON body) of a GET."""
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.headers, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, e.headers, json.loads(e.read())


def test_a_model_is_retrieved_by_name_and_unknown_urls_are_openai_errors(served, client):
    import openai

    assert client.models.retrieve(DECODER).id == DECODER
    assert client.models.retrieve(ENCODER).object == "model"
    with pytest.raises(openai.NotFoundError) as missing:
        client.models.retrieve("no-such/model")
    assert missing.value.body["code"] == "model_not_found"
    status, _, body = _get(served[0] + "/v1/no-such-route")
    assert status == 404 and body["error"]["code"] == "unknown_url"
    assert "POST /v1/chat/completions" in body["error"]["message"]
    status, headers, body = _get(served[0] + "/v1/completions")     # a POST route
    assert status == 405 and body["error"]["code"] == "method_not_allowed"
    assert "POST" in headers["Allow"]
    assert _get(served[0] + "/health")[0] == 200      # and it keeps serving


def test_chat_completion_is_rlx_generate_and_streams_the_same(served, client):
    reference = generate(served[2], QUESTION, max_new_tokens=24, chat=True)
    r = client.chat.completions.create(model=DECODER, messages=QUESTION, max_tokens=24,
                                       temperature=0)
    assert r.choices[0].message.content == reference.text
    assert r.choices[0].finish_reason == reference.finish_reason
    assert r.usage.prompt_tokens == len(reference.prompt_ids)
    assert r.usage.completion_tokens == len(reference.token_ids)
    chunks = list(client.chat.completions.create(
        model=DECODER, messages=QUESTION, max_tokens=24, temperature=0, stream=True,
        stream_options={"include_usage": True}))
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == \
        reference.text
    assert chunks[-1].usage.completion_tokens == len(reference.token_ids)


def test_sse_ends_with_done(served):
    req = urllib.request.Request(served[0] + "/v1/completions", data=json.dumps(
        {"model": DECODER, "prompt": "Once upon a time", "max_tokens": 5,
         "stream": True}).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        assert r.headers["Content-Type"].startswith("text/event-stream")
        events = [ln for ln in r.read().decode().split("\n\n") if ln]
    assert events[-1] == "data: [DONE]"
    chunks = [json.loads(e.removeprefix("data: ")) for e in events[:-1]]
    assert chunks[-1]["choices"][0]["finish_reason"] == "length"


def test_completions_with_prompts_n_and_seed(served, client):
    prompts = ["The capital of France is", "Water boils at"]
    kwargs = dict(model=DECODER, prompt=prompts, max_tokens=6, n=2, temperature=0.8,
                  seed=7, top_p=0.9)
    r = client.completions.create(**kwargs)
    assert [c.index for c in r.choices] == [0, 1, 2, 3]
    for c in r.choices:
        p, i = divmod(c.index, 2)
        sampling = SamplingParams(temperature=0.8, top_p=0.9, seed=7 + i)
        assert c.text == generate(served[2], prompts[p], sampling, max_new_tokens=6).text
    again = client.completions.create(**kwargs)
    assert [c.text for c in again.choices] == [c.text for c in r.choices]


def test_stop_strings(served, client):
    reference = generate(served[2], QUESTION, max_new_tokens=24, chat=True, stop=["France"])
    r = client.chat.completions.create(model=DECODER, messages=QUESTION, max_tokens=24,
                                       temperature=0, stop="France")
    assert r.choices[0].message.content == reference.text
    assert "France" not in reference.text and reference.finish_reason == "stop"


def _log_softmax(row: np.ndarray) -> np.ndarray:
    row = np.asarray(row, np.float64).reshape(-1)
    shifted = row - row.max()
    return shifted - np.log(np.exp(shifted).sum())


def test_logprobs_are_the_models_log_softmax(served, client):
    """Each token's log-probability and its top alternatives equal a float64
    log-softmax of the logits the reference decoder computes over the same tokens."""
    model = served[2]
    reference = generate(model, QUESTION, max_new_tokens=8, chat=True)
    r = client.chat.completions.create(model=DECODER, messages=QUESTION, max_tokens=8,
                                       temperature=0, logprobs=True, top_logprobs=3)
    content = r.choices[0].logprobs.content
    assert len(content) == len(reference.token_ids)
    model.reset(1)
    logits = model.prefill([reference.prompt_ids])[0]
    for entry, token in zip(content, reference.token_ids):
        logp = _log_softmax(logits)
        assert entry.token == model.tokenizer.decode([token], skip_special_tokens=False)
        assert entry.bytes == list(entry.token.encode())
        assert entry.logprob == pytest.approx(logp[token], abs=1e-4)
        best = np.argsort(-logp, kind="stable")[:3]
        assert [t.logprob for t in entry.top_logprobs] == pytest.approx(logp[best], abs=1e-4)
        assert entry.top_logprobs[0].logprob == pytest.approx(entry.logprob)   # greedy
        logits = model.decode([token])[0]
    chunks = list(client.chat.completions.create(
        model=DECODER, messages=QUESTION, max_tokens=8, temperature=0, logprobs=True,
        top_logprobs=3, stream=True))
    streamed = [e for c in chunks if c.choices and c.choices[0].logprobs
                for e in c.choices[0].logprobs.content]
    assert [(e.token, e.logprob) for e in streamed] == [(e.token, e.logprob) for e in content]


def test_completion_logprobs(served, client):
    r = client.completions.create(model=DECODER, prompt="Once upon a time", max_tokens=6,
                                  temperature=0, logprobs=2)
    lp = r.choices[0].logprobs
    assert len(lp.tokens) == len(lp.token_logprobs) == r.usage.completion_tokens == 6
    assert all(len(top) == 2 and max(top.values()) == pytest.approx(value)
               for top, value in zip(lp.top_logprobs, lp.token_logprobs))
    assert lp.text_offset[0] == 0
    assert np.diff(lp.text_offset).tolist() == [len(t) for t in lp.tokens[:-1]]
    assert r.choices[0].text == "".join(lp.tokens)
    plain = client.completions.create(model=DECODER, prompt="Once upon a time", max_tokens=6,
                                      temperature=0)
    assert plain.choices[0].logprobs is None


@pytest.mark.parametrize("fmt", ["float", "base64"])
def test_embeddings_equal_the_encoder(served, client, fmt):
    texts = ["A cat sits on the mat.", "Interest rates rose again.", "hello"]
    expected = served[3].encode(texts)
    r = client.embeddings.create(model=ENCODER, input=texts, encoding_format=fmt)
    got = np.array([d.embedding for d in r.data], np.float32) if fmt == "float" else np.array(
        [np.frombuffer(base64.b64decode(d.embedding), "<f4") for d in r.data])
    if fmt == "base64" and isinstance(r.data[0].embedding, list):   # the client decoded it
        got = np.array([d.embedding for d in r.data], np.float32)
    np.testing.assert_array_equal(got, expected)
    lengths = served[3].tokenizer.encode_batch(texts).attention_mask.sum()
    assert r.usage.prompt_tokens == int(lengths)


def test_concurrent_greedy_requests_each_get_their_own_answer(served, client):
    """8 requests of mixed lengths (prompts of 6 to 120 tokens: up to 4 prefill pieces
    between other rows' decode steps) share the batch of 3 as they come and go; each
    gets exactly what it gets alone."""
    served[1].max_queue = 16
    try:
        prompts = [f"Count to {k}:" + " and" * (16 * k) for k in range(8)]
        expected = [generate(served[2], p, max_new_tokens=4 + 3 * k).text
                    for k, p in enumerate(prompts)]

        def ask(k):
            return client.completions.create(model=DECODER, prompt=prompts[k],
                                             max_tokens=4 + 3 * k,
                                             temperature=0).choices[0].text

        with ThreadPoolExecutor(8) as pool:
            assert list(pool.map(ask, range(8))) == expected
    finally:
        served[1].max_queue = 1


def test_speculative_serving_answers_as_speculative_generate(served, client):
    """With a prompt-lookup drafter the server's decode steps verify drafts; each of
    several concurrent requests (greedy and seeded sampling) gets what
    ``generate(..., speculative=...)`` gives it alone."""
    from rlx.models import PromptLookup

    engine = served[1]
    _wait_idle(engine)
    code = "def add(a, b):\n    return a + b\n\ndef sub(a, b):\n    return a - b\n\ndef mul"
    requests = [(code, SamplingParams.greedy(), 30), ("The capital of France is",
                                                      SamplingParams.greedy(), 12),
                (code, SamplingParams(temperature=0.7, seed=5), 20)]
    expected = [generate(served[2], p, s, max_new_tokens=n, speculative=PromptLookup(5)).text
                for p, s, n in requests]
    engine.max_queue, engine.speculative = 16, PromptLookup(5)
    try:
        def ask(k):
            prompt, sampling, n = requests[k]
            extra = {} if sampling.seed is None else {"seed": sampling.seed}
            return client.completions.create(model=DECODER, prompt=prompt, max_tokens=n,
                                             temperature=sampling.temperature,
                                             **extra).choices[0].text

        with ThreadPoolExecutor(3) as pool:
            assert list(pool.map(ask, range(3))) == expected
        _wait_idle(engine)
    finally:
        engine.max_queue, engine.speculative = 1, None
    with urllib.request.urlopen(served[0] + "/metrics", timeout=30) as r:
        metrics = r.read().decode()
    drafted, accepted = (int(re.search(rf"^{name} (\d+)$", metrics, re.M).group(1))
                         for name in ("rlx_draft_tokens_total",
                                      "rlx_accepted_draft_tokens_total"))
    assert drafted > 0 and 0 < accepted <= drafted


@pytest.mark.parametrize("body, status, code", [
    ({"model": "nope", "messages": QUESTION}, 404, "model_not_found"),
    ({"model": ENCODER, "messages": QUESTION}, 400, "wrong_model_kind"),
    ({"model": DECODER, "messages": QUESTION, "temperature": "hot"}, 400, "invalid_value"),
    ({"model": DECODER, "messages": "hi"}, 400, "invalid_value"),
    ({"model": DECODER, "messages": QUESTION, "max_tokens": 0}, 400, "invalid_value"),
    ({"model": DECODER, "messages": QUESTION, "n": 0}, 400, "invalid_value"),
    ({"model": DECODER, "messages": QUESTION, "stop": ["a", "b", "c", "d", "e"]}, 400,
     "invalid_value"),
    ({"model": DECODER, "messages": QUESTION, "logprobs": True, "top_logprobs": 21}, 400,
     "invalid_value"),
    ({"model": DECODER, "messages": QUESTION, "top_logprobs": 2}, 400, "invalid_value"),
    ({"model": DECODER, "prompt": "x", "logprobs": 6}, 400, "invalid_value"),
    # OpenAI's echo with logprobs scores the prompt's tokens too, which rlx does not do
    ({"model": DECODER, "prompt": "x", "logprobs": 1, "echo": True}, 400, "invalid_value"),
    ({"model": DECODER, "messages": QUESTION, "presence_penalty": 0.5}, 400,
     "unsupported_parameter"),
    ({"model": DECODER, "prompt": "x", "logit_bias": {"7042": -100}}, 400,
     "unsupported_parameter"),
    ({"model": DECODER, "prompt": "x", "best_of": 3}, 400, "unsupported_parameter"),
    ({"model": DECODER, "prompt": "x", "suffix": " END"}, 400, "unsupported_parameter"),
    ({"model": DECODER, "messages": QUESTION, "min_p": 0.1}, 400, "unsupported_parameter"),
    # as OpenAI's API: stream_options only with a stream
    ({"model": DECODER, "messages": QUESTION, "stream_options": {"include_usage": True}}, 400,
     "invalid_value"),
    ({"model": DECODER, "messages": QUESTION, "max_tokens": MAX_SEQ}, 400,
     "context_length_exceeded"),
    ({"model": DECODER, "messages": [{"role": "user", "content": "word " * 400}]}, 400,
     "context_length_exceeded"),
    ({"model": DECODER, "prompt": [[10 ** 9]]}, 400, None),
    ({"model": ENCODER, "input": [1, 2]}, 400, "invalid_value"),
    ({"model": ENCODER, "input": "x", "encoding_format": "hex"}, 400, "invalid_value"),
])
def test_bad_requests_get_openai_errors(served, body, status, code):
    path = "/v1/embeddings" if "input" in body else (
        "/v1/chat/completions" if "messages" in body else "/v1/completions")
    got, _, answer = _post(served[0] + path, body)
    assert got == status, answer
    assert set(answer["error"]) == {"message", "type", "param", "code"}
    assert answer["error"]["message"]
    if code is not None:
        assert answer["error"]["code"] == code
    _wait_idle(served[1])
    ok, _, _ = _post(served[0] + "/v1/completions", {"model": DECODER, "prompt": "Hi",
                                                     "max_tokens": 1})
    assert ok == 200                      # and the server goes on serving


@pytest.mark.parametrize("raw", [b"{not json", b"[1, 2]", b"\xff\xfe", b"[" * 100_000])
def test_malformed_bodies(served, raw):
    status, _, answer = _post(served[0] + "/v1/chat/completions", raw, raw=True)
    assert status == 400 and answer["error"]["type"] == "invalid_request_error"


def _open_stream(url: str, max_tokens: int):
    req = urllib.request.Request(url + "/v1/completions", data=json.dumps(
        {"model": DECODER, "prompt": "List every number:", "max_tokens": max_tokens,
         "stream": True}).encode(), headers={"Content-Type": "application/json"})
    return urllib.request.urlopen(req, timeout=120)


def test_a_full_queue_is_429_with_retry_after(served):
    """BATCH long streams take every row; one more request waits (max_queue 1); the
    next is refused."""
    url, engine = served[0], served[1]
    _wait_idle(engine)
    streams = []
    for _ in range(BATCH):          # each running (its first token read) before the next
        streams.append(_open_stream(url, 200))
        streams[-1].readline()
    with ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(_post, url + "/v1/completions",
                              {"model": DECODER, "prompt": "Hi", "max_tokens": 1})
        deadline = time.monotonic() + 30
        while engine.queue_depth < 1:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        status, headers, answer = _post(url + "/v1/completions",
                                        {"model": DECODER, "prompt": "Hi", "max_tokens": 1})
        assert status == 429 and answer["error"]["code"] == "queue_full"
        assert int(headers["Retry-After"]) >= 1
        for s in streams:
            s.close()
        assert waiting.result(timeout=120)[0] == 200


def test_a_client_that_disconnects_frees_the_engine(served):
    url, engine = served[0], served[1]
    _wait_idle(engine)
    before = engine.metrics.generated_tokens
    stream = _open_stream(url, 200)
    for _ in range(3):
        stream.readline()
    stream.close()                                # mid-stream
    _wait_idle(engine)
    assert engine.metrics.generated_tokens - before < 200
    # its pages went back: every page is free or kept only by the prefix cache
    decoder = engine.decoder
    assert decoder.lengths.sum() == 0
    assert decoder.pool.free_pages + len(decoder.prefix_cache) == decoder.pool.pages
    status, _, _ = _post(url + "/v1/completions", {"model": DECODER, "prompt": "Hi",
                                                   "max_tokens": 1})
    assert status == 200


def test_metrics_are_prometheus_text(served, client):
    client.completions.create(model=DECODER, prompt="Hi", max_tokens=2)
    with urllib.request.urlopen(served[0] + "/metrics", timeout=30) as r:
        text = r.read().decode()
    values = dict(ln.rsplit(" ", 1) for ln in text.splitlines() if not ln.startswith("#"))
    assert int(values['rlx_requests_total{endpoint="completions",status="200"}']) >= 1
    assert int(values["rlx_generated_tokens_total"]) >= 2
    assert float(values["rlx_time_to_first_token_seconds_count"]) >= 1
    assert values["rlx_queue_depth"] == "0"
    # the paged cache: the decoder's pool, the request's page kept by the prefix cache
    pool = served[1].decoder.pool
    assert int(values['rlx_kv_cache_pages{dtype="f32"}']) == pool.pages
    assert int(values["rlx_kv_cache_pages_used"]) == pool.pages - pool.free_pages
    assert int(values["rlx_kv_cache_bytes"]) == pool.pages * pool.bytes_per_page
    config = served[1].decoder.config        # f32 keys and values of every layer
    assert pool.bytes_per_page == (config.n_layers * 2 * config.n_kv_heads * config.head_dim
                                   * pool.tokens_per_page * 4)


def _metric_values(url: str) -> dict[str, float]:
    with urllib.request.urlopen(url + "/metrics", timeout=30) as r:
        text = r.read().decode()
    return {k: float(v) for k, v in (ln.rsplit(" ", 1) for ln in text.splitlines()
                                      if not ln.startswith("#"))}


def test_metrics_time_the_model_calls_and_count_prefilled_tokens(served, client):
    """One request's share: its prompt's tokens are the ones prefilled plus the ones
    the prefix cache gave (a prompt already seen prefills only its last token), and
    its first token comes from a prefill call, the next two from decode calls. The
    prompt fills more than a page, so the second time the cache gives that page."""
    url, engine = served[:2]
    prompt = ("Count the model calls, please: one for the prompt, then one for each "
              "token after the first, and a page of the prompt kept for the next time")
    tokens = len(engine.decoder.tokenizer.encode(prompt))
    assert tokens > 16                # the fixture's page
    for round in range(2):           # the second time the prefix cache holds the prompt
        before = _metric_values(url)
        out = client.completions.create(model=DECODER, prompt=prompt, max_tokens=3,
                                        temperature=0)
        after = _metric_values(url)
        delta = {k: after[k] - before.get(k, 0.0) for k in after}
        assert delta["rlx_prompt_tokens_total"] == tokens == out.usage.prompt_tokens
        assert (delta["rlx_prefilled_tokens_total"] + delta["rlx_prefix_cache_tokens_total"]
                == tokens)
        assert delta["rlx_prefill_call_seconds_count"] >= 1
        assert delta["rlx_prefill_call_seconds_sum"] > 0
        generated = out.usage.completion_tokens
        assert delta["rlx_decode_call_seconds_count"] >= generated - 1
        assert delta["rlx_decode_call_seconds_sum"] > 0 or generated == 1
        if round == 1 and engine.prefix_cache:
            assert delta["rlx_prefilled_tokens_total"] < tokens


def test_the_serve_benchmark_reads_the_model_calls(served, client):
    """``python -m bench serve`` prints the server's decode and prefill calls of each
    level from these counters; a server without them (llama.cpp's) gives None."""
    from bench.serving import _calls_line, _model_calls

    url = served[0]
    before = _model_calls(url)
    out = client.completions.create(model=DECODER, prompt="Hi there", max_tokens=3,
                                    temperature=0)
    after = _model_calls(url)
    assert after["rlx_prefill_call_seconds_count"] == before["rlx_prefill_call_seconds_count"] + 1
    line = _calls_line(before, after)
    decodes = out.usage.completion_tokens - 1     # the first token comes from the prefill
    assert "prefill calls 1 (" in line and f"decode calls {decodes} (" in line, line
    with socket.socket() as sock:               # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]
    assert _model_calls(f"http://127.0.0.1:{closed}") is None


def test_serve_runs_a_foreground_engine_in_its_thread_and_http_beside_it(served):
    """``serve`` with an engine made with ``background=False`` (as ``rlx serve`` makes
    it) runs the engine in the calling thread and the HTTP server in another; closing
    the engine stops both."""
    from rlx.serve import serve

    engine = Engine(None, served[3], background=False)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    thread = threading.Thread(target=serve, args=(engine, None, ENCODER, "127.0.0.1", port),
                              daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            status, _, body = _post(url + "/v1/embeddings", {"model": ENCODER, "input": "hi"})
            break
        except urllib.error.URLError:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
    assert status == 200
    np.testing.assert_array_equal(np.array(body["data"][0]["embedding"], np.float32),
                                  served[3].encode(["hi"])[0])
    other = Engine(None, served[3])
    with pytest.raises(RuntimeError):
        other.run()                           # a background engine has its own thread
    other.close()
    other.close()                             # twice: nothing more to stop
    # a job submitted after close would wait forever: refused with the shutdown's 503
    from rlx.serve.engine import Job
    from rlx.serve.protocol import APIError, EmbeddingRequest
    events = []
    with pytest.raises(APIError, match="shutting down") as refused:
        other.submit(Job(EmbeddingRequest(["hi"], False), events.append))
    assert refused.value.status == 503 and other.queue_depth == 0 and events == []
    engine.close()
    thread.join(timeout=30)
    assert not thread.is_alive()


def test_the_serve_command_loads_compiles_and_serves(monkeypatch):
    """``rlx serve`` builds the engine with both programs compiled (over a KV cache of
    ``--kv-dtype``), names the models after their files and hands them to the server
    (replaced here: it would block)."""
    import rlx.cli
    import rlx.serve

    seen = {}

    def fake_serve(engine, decoder_name, encoder_name, host, port, sock):
        assert sock.getsockname() == (host, port)      # bound before the models loaded
        seen.update(engine=engine, names=(decoder_name, encoder_name), where=(host, port))
        compiled = engine.decoder.compiled_extents()   # --max-batch 2: buckets 1 and 2
        for batch in (1, 2):                            # decode, append and fresh prefill
            assert compiled[batch] == {"fresh": [DEFAULT_PREFILL_CHUNK],
                                       "steps": [1, DEFAULT_PREFILL_CHUNK]}

    monkeypatch.setattr(rlx.serve, "serve", fake_serve)
    assert rlx.cli.main(["serve", "--no-embeddings", "--port", "0", "--max-queue", "3",
                         "--max-batch", "2", "--kv-dtype", "f16"]) == 0
    assert seen["engine"].decoder.kv_dtype == "f16"
    assert seen["names"] == ("SmolLM2-135M-Instruct.Q4_1", None)
    assert seen["where"][0] == "127.0.0.1" and seen["where"][1] > 0    # a free port
    assert seen["engine"].max_queue == 3
    assert not seen["engine"].background     # it runs in the thread that warmed it up
    assert rlx.cli.main(["serve", "--model", "no-such-file.gguf"]) == 2


def test_a_short_load_of_32_streams_loses_nothing(served):
    """The CI-sized load test (``python -m bench serve --load`` is the long one): 32
    concurrent streams, every text the one its prompt gives alone, no error, and the
    engine idle afterwards."""
    from bench.serving import PROMPT, stream_completion

    url, engine = served[0], served[1]
    engine.max_queue = 64
    try:
        prompts = [PROMPT.format(k=k) for k in range(32)]
        expected = [generate(served[2], p, max_new_tokens=8).text for p in prompts]

        def client(i):
            return stream_completion(url, DECODER, prompts[i], 8)[:2]

        with ThreadPoolExecutor(32) as pool:
            results = list(pool.map(client, range(32)))
        for i, got in enumerate(results):
            assert got == (200, expected[i]), i
        _wait_idle(engine)
    finally:
        engine.max_queue = 1


def _run_job(engine, request) -> list[tuple]:
    """The events of one job, once it ended."""
    from rlx.serve.engine import Job

    events, done = [], threading.Event()

    def emit(ev):
        events.append(ev)
        if ev[0] == "end":
            done.set()

    engine.submit(Job(request, emit))
    assert done.wait(120)
    return events


def test_an_embedding_only_engine():
    """An engine without a decoder serves embeddings and refuses generation."""
    from rlx.serve.protocol import EmbeddingRequest, parse_generation

    texts = ["a cat", "a dog"]
    engine = Engine(None, SentenceEncoder.from_pretrained())
    try:
        events = _run_job(engine, EmbeddingRequest(texts, False))
        assert [e[0] for e in events] == ["embeddings", "end"]
        np.testing.assert_array_equal(events[0][1],
                                      SentenceEncoder.from_pretrained().encode(texts))
        events = _run_job(engine, parse_generation({"prompt": "hi"}, chat=False))
        assert [e[0] for e in events] == ["error", "end"] and events[0][1].status == 400
    finally:
        engine.close()


def test_a_decoder_that_cannot_start_fails_each_request_not_the_server():
    from rlx.serve.protocol import parse_generation

    class Broken:
        max_batch = 2

        def reset(self, batch):
            raise rlx.RlxError("no compiler today")

    engine = Engine(Broken())
    try:
        for _ in range(2):
            events = _run_job(engine, parse_generation({"prompt": "hi"}, chat=False))
            assert [e[0] for e in events] == ["error", "end"]
            assert "no compiler today" in events[0][1].message and events[0][1].status == 500
        assert engine.queue_depth == 0
    finally:
        engine.close()


def test_the_workers_events_reach_the_loop_in_one_wakeup_per_flush():
    """Events emitted from the worker thread wait in the app's mailbox until the
    engine's flush, which wakes the event loop once for all of them, in order."""
    import asyncio

    from rlx.serve.app import _Mailbox, _put_all, _sink

    async def main():
        loop = asyncio.get_running_loop()
        wakeups = []
        real = loop.call_soon_threadsafe

        def counted(*args):
            if args[0] is _put_all:      # (the executor's own wakeups are not ours)
                wakeups.append(args)
            return real(*args)

        loop.call_soon_threadsafe = counted
        mailbox = _Mailbox()
        queues = [asyncio.Queue(), asyncio.Queue()]
        sinks = [_sink(q, mailbox) for q in queues]

        def worker():
            for i in range(16):
                sinks[i % 2](("piece", 0, str(i)))
            assert all(q.empty() for q in queues)     # nothing before the flush
            mailbox.flush()
            mailbox.flush()                           # nothing left: no wakeup

        await loop.run_in_executor(None, worker)
        got = [[(await q.get())[2] for _ in range(8)] for q in queues]
        return wakeups, got

    wakeups, got = asyncio.run(main())
    assert len(wakeups) == 1
    assert got == [[str(i) for i in range(0, 16, 2)], [str(i) for i in range(1, 16, 2)]]


def test_an_address_in_use_fails_before_the_models_load(capsys):
    """``rlx serve`` binds its port first: an address in use (or a port past 65535) is
    an error at once, not a server that never serves."""
    import rlx.cli

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        started = time.monotonic()
        assert rlx.cli.main(["serve", "--port", str(port), "--no-embeddings"]) == 2
        assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
        assert time.monotonic() - started < 30
    with pytest.raises(SystemExit):
        rlx.cli.main(["serve", "--port", "70000"])
    assert "must be a port number" in capsys.readouterr().err


def test_the_engine_stops_when_the_http_server_fails():
    """serve() runs the engine in the calling thread and the HTTP server in another: a
    server that cannot start ends the engine's loop and is raised as an rlx error."""
    from rlx.serve import listen, serve

    engine = Engine(None, None, background=False)
    sock = listen("127.0.0.1", 0)
    sock.close()                                    # uvicorn cannot serve on it
    outcome = []
    thread = threading.Thread(target=lambda: outcome.append(_raised(
        lambda: serve(engine, None, None, sock=sock))))
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive(), "serve() kept running after the HTTP server failed"
    assert isinstance(outcome[0], rlx.RlxError) and "HTTP server stopped" in str(outcome[0])


def _raised(call):
    try:
        call()
    except BaseException as e:  # noqa: BLE001
        return e
    return None


def test_requests_wait_for_pages_when_the_pool_is_small():
    """A pool of 4 pages of 16 tokens holds one 20-token prompt with 30 new tokens
    (4 pages), not two: the second request waits for the first's pages instead of both
    failing, each answer is the one it gives alone, and a request that can never fit
    is refused alone (400) while the server serves on."""
    from rlx.models import smollm2_gguf_path
    from rlx.serve.protocol import parse_generation

    decoder = load_decoder(smollm2_gguf_path(), max_seq=MAX_SEQ, max_batch=2,
                           prefill_chunk=CHUNK, weight_format="gguf", page_size=16, kv_pages=4)
    engine = Engine(decoder, None, max_queue=8)
    reference = _models()[0]
    try:
        prompts = [f"Story {i}: once upon a time, in a land far away," for i in range(3)]
        bodies = [{"prompt": p, "max_tokens": 30, "temperature": 0} for p in prompts]
        with ThreadPoolExecutor(3) as pool:
            runs = list(pool.map(lambda b: _run_job(engine, parse_generation(b, chat=False)),
                                 bodies))
        for prompt, events in zip(prompts, runs):
            assert [e[0] for e in events if e[0] in ("error", "done")] == ["done"], events
            text = "".join(e[2] for e in events if e[0] == "piece")
            assert text == generate(reference, prompt, max_new_tokens=30).text
        too_long = _run_job(engine, parse_generation(
            {"prompt": prompts[0], "max_tokens": 60, "temperature": 0}, chat=False))
        error = next(e[1] for e in too_long if e[0] == "error")
        assert error.status == 400 and "pages of the KV cache" in error.message
        again = _run_job(engine, parse_generation(bodies[0], chat=False))
        assert "".join(e[2] for e in again if e[0] == "piece") == \
            "".join(e[2] for e in runs[0] if e[0] == "piece")
    finally:
        engine.close()


def test_a_chat_the_model_cannot_render_is_a_bad_request():
    """No chat template, or a template that refuses the messages (raise_exception), is
    the request's fault (400); a template that cannot run, or no jinja2, the server's."""
    from rlx.models.generation import ChatTemplateError, apply_chat_template
    from rlx.serve.engine import _as_api_error

    refusing = "{{ raise_exception('roles must alternate') }}"
    with pytest.raises(ChatTemplateError) as refused:
        apply_chat_template(refusing, [{"role": "user", "content": "hi"}])
    assert _as_api_error(refused.value).status == 400
    assert "roles must alternate" in _as_api_error(refused.value).message
    with pytest.raises(ChatTemplateError) as broken:
        apply_chat_template("{{ messages[0].content | no_such_filter }}",
                             [{"role": "user", "content": "hi"}])
    assert _as_api_error(broken.value).status == 500
    no_template = _as_api_error(ChatTemplateError("the model carries no chat template",
                                                  by_request=True))
    assert no_template.status == 400 and no_template.kind == "invalid_request_error"


def test_logprobs_of_tokens_inside_one_character_keep_their_bytes(served):
    """Byte-level BPE spells 🙂 as several tokens, none valid UTF-8 alone: chat's
    ``bytes`` hold each token's own bytes (their concatenation is the text), the
    completions API names such tokens by their bytes (so distinct tokens never merge in
    one top_logprobs dict), and text offsets count the characters of the text."""
    import codecs

    from rlx.serve.app import _ChunkShape
    from rlx.serve.engine import token_logprob

    tokenizer = served[2].tokenizer
    text = "a🙂b"
    ids = tokenizer.encode(text, add_special_tokens=False)
    assert len(ids) > 3                                  # 🙂 takes several tokens
    vocab = tokenizer.vocab_size
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    entries = []
    for i, token in enumerate(ids):
        logits = np.zeros(vocab, np.float32)
        logits[token], logits[ids[(i + 1) % len(ids)]] = 5.0, 4.0
        entries.append(token_logprob(logits, token, 2, tokenizer.token_bytes, decoder))
    chat = _ChunkShape("x", DECODER, 0, True, 1).logprobs(entries)["content"]
    assert b"".join(bytes(e["bytes"]) for e in chat) == text.encode()
    assert all(bytes(t["bytes"]) == tokenizer.token_bytes(ids[(i + 1) % len(ids)])
               for i, e in enumerate(chat) for t in e["top_logprobs"][1:])
    plain = _ChunkShape("x", DECODER, 0, False, 1).logprobs(entries, start=5)
    middle = [t for t in plain["tokens"] if t.startswith("bytes:")]
    assert len(middle) == len(ids) - 2 and len(set(middle)) == len(middle)
    assert all(len(top) == 2 for top in plain["top_logprobs"])
    assert plain["text_offset"][0] == 5 and plain["text_offset"][-1] == 5 + len("a🙂")
    assert sum(e.width for e in entries) == len(text)


def test_echo_of_a_prompt_of_token_ids_is_its_text(served, client):
    ids = served[2].tokenizer.encode("Once upon a time", add_special_tokens=False)
    r = client.completions.create(model=DECODER, prompt=ids, max_tokens=3, temperature=0,
                                  echo=True)
    plain = client.completions.create(model=DECODER, prompt=ids, max_tokens=3, temperature=0)
    assert r.choices[0].text == "Once upon a time" + plain.choices[0].text
    # special tokens are part of the prompt's text (transformers' decode without
    # skip_special_tokens); they were left out, and a prompt of them echoed nothing
    tok = served[2].tokenizer
    start = tok.encode("<|im_start|>", add_special_tokens=False)
    assert len(start) == 1
    r = client.completions.create(model=DECODER, prompt=start + ids, max_tokens=1,
                                  temperature=0, echo=True)
    assert r.choices[0].text.startswith("<|im_start|>Once upon a time")


def test_without_max_tokens_a_chat_ends_at_the_context(served):
    """A chat without max_tokens runs to the end of the context: prompt and
    completion within it, the limit an explicit max_tokens is held to (one token more
    was generated)."""
    def ask(pad: int, **extra):
        content = "Tell me a long story about a cat." + " cat" * pad
        body = {"model": DECODER, "temperature": 0, **extra,
                "messages": [{"role": "user", "content": content}]}
        return _post(served[0] + "/v1/chat/completions", body)

    pad = MAX_SEQ - 3 - ask(0, max_tokens=1)[2]["usage"]["prompt_tokens"]
    status, _, answer = ask(pad, max_tokens=1)
    assert status == 200 and answer["usage"]["prompt_tokens"] == MAX_SEQ - 3, answer
    status, _, answer = ask(pad, max_tokens=4)
    assert status == 400 and answer["error"]["code"] == "context_length_exceeded"
    status, _, answer = ask(pad)
    assert status == 200, answer
    assert answer["usage"]["completion_tokens"] == 3, answer
    assert answer["usage"]["total_tokens"] == MAX_SEQ


def test_a_neutral_unsupported_field_is_accepted(served):
    """Fields rlx does not implement are refused only when they would change the
    answer: their neutral values pass (a bias of 0 is added to a logit: no change)."""
    for bias in ({}, {"50256": 0}, {"7": 0.0, "9": 0}):
        body = {"model": DECODER, "prompt": "Hi", "max_tokens": 1, "logit_bias": bias,
                "best_of": 1, "suffix": "", "user": "someone"}
        status, _, answer = _post(served[0] + "/v1/completions", body)
        assert status == 200, answer
    body["logit_bias"] = {"7": 0, "9": False}
    assert _post(served[0] + "/v1/completions", body)[0] == 400


def test_a_streamed_echo_sends_the_prompt_first(served, client):
    """stream with echo: the prompt's text is the first chunk of each choice, so the
    streamed text equals the whole response's (streaming dropped the prompt)."""
    whole = client.completions.create(model=DECODER, prompt="Once upon a time", max_tokens=3,
                                      temperature=0, echo=True, n=2)
    chunks = list(client.completions.create(model=DECODER, prompt="Once upon a time",
                                            max_tokens=3, temperature=0, echo=True, n=2,
                                            stream=True))
    for i in range(2):
        texts = [c.choices[0].text for c in chunks if c.choices and c.choices[0].index == i]
        assert texts[0] == "Once upon a time"
        assert "".join(texts) == whole.choices[i].text
