"""The HTTP side of ``rlx serve``: an ASGI application (Starlette) over an :class:`Engine`.

Routes: ``POST /v1/chat/completions``, ``POST /v1/completions`` (both streaming as
server-sent events when ``stream`` is true: OpenAI chunks, then ``data: [DONE]``),
``POST /v1/embeddings``, ``GET /v1/models``, ``GET /v1/models/{model}``, ``GET
/health`` and ``GET /metrics`` (Prometheus text). Errors are OpenAI error objects
(rlx.serve.protocol), an unknown path or method included; a full queue is a 429 with
``Retry-After``. A streaming client that disconnects cancels its job,
which stops at its next token.
"""

from __future__ import annotations

import asyncio
import base64
import json
import threading
import time
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

import numpy as np
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from rlx.serve.engine import Engine, Job, TokenLogprob, TokenScore
from rlx.serve.protocol import (
    APIError,
    check_model,
    parse_embedding,
    parse_generation,
)

ROUTES = ("POST /v1/chat/completions", "POST /v1/completions", "POST /v1/embeddings",
          "GET /v1/models", "GET /v1/models/{model}", "GET /health", "GET /metrics")
RETRY_AFTER_SECONDS = 1
DRAIN_SECONDS = 0.05
DRAIN_STREAMS = 2


def create_app(engine: Engine, decoder_name: str | None = None,
               encoder_name: str | None = None) -> Starlette:
    """The application serving ``engine``'s decoder as ``decoder_name`` and its encoder
    as ``encoder_name`` (each None when the engine has none)."""
    served = {}
    if decoder_name is not None:
        served[decoder_name] = "generate"
    if encoder_name is not None:
        served[encoder_name] = "embed"
    created = int(time.time())
    mailbox = _Mailbox()
    engine.flush = mailbox.flush

    def error(endpoint: str, e: APIError) -> JSONResponse:
        engine.metrics.request(endpoint, e.status)
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS)} if e.status == 429 else None
        return JSONResponse(e.body(), status_code=e.status, headers=headers)

    async def body_of(request: Request) -> dict[str, Any]:
        try:
            body = json.loads(await request.body())
        except (ValueError, UnicodeDecodeError) as e:
            raise APIError(400, f"the request body is not valid JSON ({e})") from None
        except RecursionError:     # json's parser recurses once per nesting level
            raise APIError(400, "the request body is nested too deeply") from None
        if not isinstance(body, dict):
            raise APIError(400, "the request body must be a JSON object")
        return body

    def model_for(body: dict[str, Any], kind: str) -> str:
        name = check_model(body, served)
        if served[name] != kind:
            what = "text generation" if kind == "generate" else "embeddings"
            raise APIError(400, f"the model '{name}' does not serve {what}", param="model",
                           code="wrong_model_kind")
        return name

    async def generation(request: Request, chat: bool) -> Response:
        endpoint = "chat" if chat else "completions"
        try:
            body = await body_of(request)
            name = model_for(body, "generate")
            req = parse_generation(body, chat)
        except APIError as e:
            return error(endpoint, e)
        events: asyncio.Queue[tuple] = asyncio.Queue()
        job = Job(req, _sink(events, mailbox))
        try:
            engine.submit(job)
        except APIError as e:
            return error(endpoint, e)
        first = await events.get()
        if first[0] == "error":
            await events.get()          # its "end"
            return error(endpoint, first[1])
        prompt_tokens = first[1]
        ident = f"{'chatcmpl' if chat else 'cmpl'}-{uuid.uuid4().hex}"
        shape = _ChunkShape(ident, name, int(time.time()), chat, req.n * len(req.prompts))
        engine.metrics.request(endpoint, 200)
        echoed = ([_prompt_text(req.prompts[i // req.n], engine.decoder.tokenizer)
                   for i in range(shape.choices)] if req.echo else None)
        if req.stream:
            return StreamingResponse(_sse(events, job, shape, prompt_tokens,
                                          req.include_usage, req.logprobs is not None,
                                          echoed),
                                     media_type="text/event-stream",
                                     headers={"Cache-Control": "no-cache"})
        texts = [""] * shape.choices
        reasons: list[str | None] = [None] * shape.choices
        logprobs: list[list[TokenLogprob]] = [[] for _ in range(shape.choices)]
        completion_tokens = 0
        while True:
            ev = await events.get()
            if ev[0] == "logprob":
                logprobs[ev[1]].append(ev[2])
            elif ev[0] == "piece":
                texts[ev[1]] += ev[2]
            elif ev[0] == "done":
                reasons[ev[1]] = ev[2]
                completion_tokens += ev[3]
            elif ev[0] == "error":
                await events.get()
                return error(endpoint, ev[1])
            elif ev[0] == "end":
                break
        starts = [0] * shape.choices
        if echoed is not None:
            starts = [len(e) for e in echoed]
            texts = [e + t for e, t in zip(echoed, texts)]
        scores = None if req.logprobs is None else [
            shape.logprobs(entries, start) for entries, start in zip(logprobs, starts)]
        return JSONResponse(shape.response(texts, reasons,
                                           _usage(prompt_tokens, completion_tokens), scores))

    async def chat_completions(request: Request) -> Response:
        return await generation(request, chat=True)

    async def completions(request: Request) -> Response:
        return await generation(request, chat=False)

    async def embeddings(request: Request) -> Response:
        try:
            body = await body_of(request)
            name = model_for(body, "embed")
            req = parse_embedding(body)
        except APIError as e:
            return error("embeddings", e)
        events: asyncio.Queue[tuple] = asyncio.Queue()
        try:
            engine.submit(Job(req, _sink(events, mailbox)))
        except APIError as e:
            return error("embeddings", e)
        ev = await events.get()
        await events.get()              # "end"
        if ev[0] == "error":
            return error("embeddings", ev[1])
        _, vectors, tokens = ev
        vectors = np.asarray(vectors, np.float32)
        data = [{"object": "embedding", "index": i,
                 "embedding": (base64.b64encode(v.astype("<f4").tobytes()).decode()
                               if req.base64 else v.tolist())}
                for i, v in enumerate(vectors)]
        engine.metrics.request("embeddings", 200)
        return JSONResponse({"object": "list", "data": data, "model": name,
                             "usage": {"prompt_tokens": tokens, "total_tokens": tokens}})

    def model_object(name: str) -> dict[str, Any]:
        return {"id": name, "object": "model", "created": created, "owned_by": "rlx"}

    async def models(request: Request) -> Response:
        return JSONResponse({"object": "list", "data": [model_object(n) for n in served]})

    async def model(request: Request) -> Response:
        try:
            name = check_model({"model": request.path_params["model"]}, served)
        except APIError as e:
            return JSONResponse(e.body(), status_code=e.status)
        return JSONResponse(model_object(name))

    async def health(request: Request) -> Response:
        return JSONResponse({"status": "ok"})

    async def metrics(request: Request) -> Response:
        return PlainTextResponse(engine.metrics.text(engine.queue_depth,
                                                     engine.kv_cache_use()),
                                 media_type="text/plain; version=0.0.4")

    return Starlette(routes=[
        Route("/v1/chat/completions", chat_completions, methods=["POST"]),
        Route("/v1/completions", completions, methods=["POST"]),
        Route("/v1/embeddings", embeddings, methods=["POST"]),
        Route("/v1/models", models, methods=["GET"]),
        Route("/v1/models/{model:path}", model, methods=["GET"]),
        Route("/health", health, methods=["GET"]),
        Route("/metrics", metrics, methods=["GET"]),
    ], exception_handlers={HTTPException: _http_error})


async def _http_error(request: Request, exc: Exception) -> Response:
    """An unknown path (404) or method (405) as an OpenAI error object, as every other
    error here, keeping the headers Starlette gives (a 405's ``Allow``)."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        e = APIError(404, f"no route {request.url.path}: this server serves "
                          f"{', '.join(ROUTES)}", code="unknown_url")
    elif exc.status_code == 405:
        e = APIError(405, f"{request.method} is not allowed on {request.url.path} "
                          f"(allowed: {exc.headers.get('Allow', '') if exc.headers else ''})",
                     code="method_not_allowed")
    else:
        e = APIError(exc.status_code, str(exc.detail))
    return JSONResponse(e.body(), status_code=e.status, headers=exc.headers)


class _Mailbox:
    """The worker thread's events on their way to the event loop's queues, handed over
    in batches: emits collect here, and :meth:`flush` (the engine's ``flush`` hook,
    called after each step and each batch of jobs taken) wakes each loop once for all of
    them. One wakeup per token instead (16 a step at 16 streams) preempted the kernels'
    threads as often, on a machine whose cores they all use.

    When a flush wakes DRAIN_STREAMS streams or more, it also waits (up to DRAIN_SECONDS)
    until the loop has run them, so that their chunks are encoded and written between
    two steps rather than during the next one, where they take a core from the kernels'
    threads and a whole parallel region waits for the thread they displaced. Over HTTP,
    SmolLM2 gguf-int8 at 16 streams on 2 cores, three alternating runs: 504 / 470 / 507
    -> 515 / 532 / 541 tokens/s, the median time between tokens 25-26 -> 21-23 ms. A
    single stream does not wait: its chunk is little work, and waiting for it put the
    loop's turn on the critical path of every token."""

    def __init__(self):
        self._lock = threading.Lock()
        self._items: list[tuple[asyncio.AbstractEventLoop, asyncio.Queue, tuple]] = []

    def put(self, loop: asyncio.AbstractEventLoop, events: asyncio.Queue, event: tuple) -> None:
        with self._lock:
            self._items.append((loop, events, event))

    def flush(self) -> None:
        with self._lock:
            items, self._items = self._items, []
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Queue, tuple]]] = {}
        for loop, events, event in items:
            by_loop.setdefault(loop, []).append((events, event))
        handed = []
        for loop, batch in by_loop.items():
            drained = threading.Event()
            try:
                loop.call_soon_threadsafe(_put_all, batch, drained)
            except RuntimeError:    # the loop is closed: the server is shutting down
                continue
            if (len({id(events) for events, _ in batch}) >= DRAIN_STREAMS
                    and loop is not _loop_of_this_thread()):    # never wait on ourselves
                handed.append(drained)
        for drained in handed:
            drained.wait(DRAIN_SECONDS)


def _loop_of_this_thread() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _put_all(batch: list[tuple[asyncio.Queue, tuple]], drained: threading.Event) -> None:
    for events, event in batch:
        events.put_nowait(event)
    # the streams woken above run (and write their chunks) before this loop's next two
    # rounds of callbacks
    loop = asyncio.get_running_loop()
    loop.call_soon(loop.call_soon, drained.set)


def _sink(events: asyncio.Queue, mailbox: _Mailbox) -> Callable[[tuple], None]:
    """A job's ``emit``: queues each event for ``events`` from the worker thread, handed
    over at the engine's next flush."""
    loop = asyncio.get_running_loop()

    def emit(event: tuple) -> None:
        mailbox.put(loop, events, event)

    return emit


class _ChunkShape:
    """The OpenAI objects of one response: ids, names, the choices' form."""

    def __init__(self, ident: str, model: str, created: int, chat: bool, choices: int):
        self.ident, self.model, self.created = ident, model, created
        self.chat, self.choices = chat, choices

    def _envelope(self, kind: str, choices: list[dict[str, Any]]) -> dict[str, Any]:
        return {"id": self.ident, "object": kind, "created": self.created,
                "model": self.model, "choices": choices}

    def response(self, texts: list[str], reasons: list[str | None], usage: dict[str, int],
                 scores: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        scores = scores or [None] * len(texts)
        if self.chat:
            choices = [{"index": i, "message": {"role": "assistant", "content": t},
                        "finish_reason": r, "logprobs": lp}
                       for i, (t, r, lp) in enumerate(zip(texts, reasons, scores))]
            body = self._envelope("chat.completion", choices)
        else:
            choices = [{"index": i, "text": t, "finish_reason": r, "logprobs": lp}
                       for i, (t, r, lp) in enumerate(zip(texts, reasons, scores))]
            body = self._envelope("text_completion", choices)
        body["usage"] = usage
        return body

    def chunk(self, index: int, text: str | None, reason: str | None = None,
              first: bool = False, scores: dict[str, Any] | None = None) -> dict[str, Any]:
        if self.chat:
            delta: dict[str, Any] = {"role": "assistant", "content": ""} if first else {}
            if text:
                delta["content"] = text
            choice = {"index": index, "delta": delta, "finish_reason": reason,
                      "logprobs": scores}
            return self._envelope("chat.completion.chunk", [choice])
        return self._envelope("text_completion", [
            {"index": index, "text": text or "", "finish_reason": reason, "logprobs": scores}])

    def logprobs(self, entries: list[TokenLogprob], start: int = 0) -> dict[str, Any]:
        """The ``logprobs`` object of a choice (or of a chunk) over ``entries``: chat's
        ``content`` list, or the completions API's parallel lists, whose text offsets
        count from ``start`` (the echoed prompt's length)."""
        if self.chat:
            return {"content": [
                {**_token(e), "top_logprobs": [_token(t) for t in e.top]} for e in entries],
                "refusal": None}
        offsets = []
        for e in entries:
            offsets.append(start)
            start += e.width
        return {"tokens": [e.text for e in entries],
                "token_logprobs": [e.logprob for e in entries],
                "top_logprobs": [{t.text: t.logprob for t in e.top} for e in entries],
                "text_offset": offsets}


async def _sse(events: asyncio.Queue, job: Job, shape: _ChunkShape, prompt_tokens: list[int],
               include_usage: bool, wanted: bool,
               echoed: list[str] | None = None) -> AsyncIterator[str]:
    """The job's events as server-sent events; the job is cancelled when the client
    goes away (the generator is closed early). ``echoed``: each choice's prompt text,
    sent as its first chunk (``echo``), the log-probabilities' offsets counting from
    its end as in a whole response."""
    completion_tokens = 0
    # log-probabilities ride on the next chunk of their choice (a token may add no text
    # yet: the detokenizer holds back what a stop string might still claim)
    held: list[list[TokenLogprob]] = [[] for _ in range(shape.choices)]
    offsets = [0] * shape.choices

    def scores(choice: int) -> dict[str, Any] | None:
        entries, held[choice] = held[choice], []
        if not entries and not wanted:
            return None
        out = shape.logprobs(entries, offsets[choice])
        offsets[choice] += sum(e.width for e in entries)
        return out

    try:
        if shape.chat:
            for i in range(shape.choices):
                yield _data(shape.chunk(i, None, first=True))
        for i, text in enumerate(echoed or ()):
            offsets[i] = len(text)
            yield _data(shape.chunk(i, text))
        while True:
            ev = await events.get()
            if ev[0] == "logprob":
                held[ev[1]].append(ev[2])
            elif ev[0] == "piece":
                yield _data(shape.chunk(ev[1], ev[2], scores=scores(ev[1])))
            elif ev[0] == "done":
                completion_tokens += ev[3]
                yield _data(shape.chunk(ev[1], None, ev[2], scores=scores(ev[1])))
            elif ev[0] == "error":
                yield _data(ev[1].body())
            elif ev[0] == "end":
                break
        if include_usage:
            final = shape._envelope("chat.completion.chunk" if shape.chat
                                    else "text_completion", [])
            final["usage"] = _usage(prompt_tokens, completion_tokens)
            yield _data(final)
        yield "data: [DONE]\n\n"
    finally:
        job.cancelled.set()


def _token(score: TokenScore | TokenLogprob) -> dict[str, Any]:
    return {"token": score.text, "logprob": score.logprob, "bytes": list(score.raw)}


def _data(obj: dict[str, Any]) -> str:
    return f"data: {json.dumps(obj, ensure_ascii=False)}\n\n"


def _usage(prompt_tokens: list[int], completion_tokens: int) -> dict[str, int]:
    """Usage counts: each prompt once (however many choices it has), as OpenAI does."""
    prompt = sum(prompt_tokens)
    return {"prompt_tokens": prompt, "completion_tokens": completion_tokens,
            "total_tokens": prompt + completion_tokens}


def _prompt_text(prompt: Any, tokenizer: Any) -> str:
    """The text ``echo`` repeats: the prompt, or the text of a prompt of token ids."""
    return prompt if isinstance(prompt, str) else tokenizer.decode(prompt,
                                                                   skip_special_tokens=False)
