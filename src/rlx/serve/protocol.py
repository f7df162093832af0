"""The OpenAI API's requests as rlx reads them, and its error bodies.

Every field a request may carry is checked here, before any work is queued: a bad
request gets a :class:`APIError` (HTTP 400, 404, 429) whose :meth:`APIError.body` is the
OpenAI error object ``{"error": {"message", "type", "param", "code"}}``. Fields rlx does
not implement yet are refused by name rather than ignored (non-zero
``presence_penalty`` / ``frequency_penalty``, the fields of :data:`UNSUPPORTED` such as
``logit_bias``, ``best_of`` or ``suffix``, token-id embedding inputs); fields that
change nothing here (``user``...) are accepted; ``stream_options`` without a stream is
refused, as OpenAI refuses it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from rlx.models.sampling import SamplingParams

MAX_N = 16
MAX_STOP = 4
MAX_TOP_LOGPROBS = 20           # chat's top_logprobs
MAX_COMPLETION_LOGPROBS = 5     # completions' logprobs
DEFAULT_COMPLETION_TOKENS = 16
"""``max_tokens`` of a completion that names none (OpenAI's default); a chat completion
without one runs to the end of the context or a stop."""


def _zero_biases(value: Any) -> bool:
    """A ``logit_bias`` that adds 0 to every logit it names (OpenAI adds the bias to the
    logit), which changes nothing."""
    return isinstance(value, dict) and all(
        isinstance(v, int | float) and not isinstance(v, bool) and v == 0
        for v in value.values())


UNSUPPORTED: dict[str, tuple[Any, ...]] = {
    "logit_bias": (_zero_biases,), "best_of": (1,), "suffix": ("",), "min_p": (0, 0.0),
    "repetition_penalty": (1, 1.0), "tools": ([],), "tool_choice": ("none",),
    "functions": ([],), "function_call": ("none",), "response_format": ({"type": "text"},),
    "prediction": ({},), "audio": ({},), "modalities": (["text"],),
}
"""Generation fields that would change the result and that rlx does not implement,
with the values that change nothing (accepted; a callable accepts the values it is true
for); any other value is refused by name."""


class APIError(Exception):
    """A request the server refuses: HTTP ``status`` and the OpenAI error fields."""

    def __init__(self, status: int, message: str, param: str | None = None,
                 code: str | None = None, kind: str = "invalid_request_error"):
        super().__init__(message)
        self.status = status
        self.message = message
        self.param = param
        self.code = code
        self.kind = kind

    def body(self) -> dict[str, Any]:
        return {"error": {"message": self.message, "type": self.kind, "param": self.param,
                          "code": self.code}}


def invalid(param: str, message: str) -> APIError:
    return APIError(400, message, param=param, code="invalid_value")


@dataclass
class GenerationRequest:
    """A checked completion or chat completion request."""

    chat: bool
    prompts: list[Any]              # one str / list of token ids / list of messages each
    max_tokens: int | None          # None: to the end of the context
    sampling: SamplingParams
    stop: list[str]
    n: int
    stream: bool
    include_usage: bool
    echo: bool = False
    logprobs: int | None = None     # None: none; k: each token's and its top k alternatives'


@dataclass
class EmbeddingRequest:
    texts: list[str]
    base64: bool


def check_model(body: dict[str, Any], served: dict[str, str]) -> str:
    """The ``model`` field: one of ``served`` (name -> kind), else 404."""
    name = body.get("model")
    if not isinstance(name, str) or not name:
        raise invalid("model", "'model' must be the name of a served model (GET /v1/models)")
    if name not in served:
        raise APIError(404, f"The model '{name}' does not exist; this server serves "
                            f"{', '.join(sorted(served)) or 'no models'}", param="model",
                       code="model_not_found")
    return name


def parse_generation(body: dict[str, Any], chat: bool) -> GenerationRequest:
    """The fields of ``POST /v1/chat/completions`` (``chat``) or ``/v1/completions``."""
    logprobs = _logprobs(body, chat)
    for name in ("presence_penalty", "frequency_penalty"):
        value = _number(body, name, None, -2.0, 2.0)
        if value not in (None, 0):
            raise APIError(400, f"'{name}' other than 0 is not supported by this server yet",
                           param=name, code="unsupported_parameter")
    for name, neutral in UNSUPPORTED.items():
        value = body.get(name)
        if value is not None and not any(
                n(value) if callable(n) else value == n for n in neutral):
            raise APIError(400, f"'{name}' is not supported by this server yet (got "
                           f"{value!r})", param=name, code="unsupported_parameter")
    if chat:
        prompts = [_messages(body.get("messages"))]
    else:
        prompts = _prompts(body.get("prompt"))
    if "max_completion_tokens" in body and "max_tokens" in body:
        raise invalid("max_tokens", "give 'max_tokens' or 'max_completion_tokens', not both")
    key = "max_completion_tokens" if "max_completion_tokens" in body else "max_tokens"
    max_tokens = _integer(body, key, None if chat else DEFAULT_COMPLETION_TOKENS, 1)
    temperature = _number(body, "temperature", 1.0, 0.0, 2.0)
    top_p = _number(body, "top_p", 1.0, 0.0, 1.0)
    if top_p == 0:
        raise invalid("top_p", "'top_p' must be in (0, 1]")
    top_k = _integer(body, "top_k", 0, 0)
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise invalid("seed", f"'seed' must be an integer >= 0, got {seed!r}")
    stop = body.get("stop")
    if stop is None:
        stop = []
    elif isinstance(stop, str):
        stop = [stop]
    if not isinstance(stop, list) or len(stop) > MAX_STOP or not all(
            isinstance(s, str) and s for s in stop):
        raise invalid("stop", f"'stop' must be a non-empty string or a list of at most "
                              f"{MAX_STOP} of them")
    n = _integer(body, "n", 1, 1)
    if n > MAX_N:
        raise invalid("n", f"'n' must be at most {MAX_N}")
    stream = body.get("stream", False)
    if not isinstance(stream, bool):
        raise invalid("stream", "'stream' must be true or false")
    options = body.get("stream_options") or {}
    if not isinstance(options, dict):
        raise invalid("stream_options", "'stream_options' must be an object")
    if body.get("stream_options") is not None and not stream:
        raise invalid("stream_options", "'stream_options' is only allowed with "
                                        "'stream': true (as OpenAI's API says)")
    echo = body.get("echo", False)
    if not isinstance(echo, bool) or (echo and chat):
        raise invalid("echo", "'echo' must be true or false (completions only)")
    if echo and logprobs is not None:
        raise invalid("echo", "'echo' with 'logprobs' would need the prompt's tokens scored, "
                              "which this server does not do: it gives log-probabilities of "
                              "generated tokens only (ask without 'echo')")
    return GenerationRequest(chat, prompts, max_tokens,
                             SamplingParams(temperature=temperature, top_k=top_k, top_p=top_p,
                                            seed=seed),
                             stop, n, stream, bool(options.get("include_usage")), echo, logprobs)


def _logprobs(body: dict[str, Any], chat: bool) -> int | None:
    """How many top alternatives each token's log-probability comes with (None: no
    log-probabilities). Chat: ``logprobs`` true/false and ``top_logprobs`` 0..20 (which
    needs ``logprobs``); completions: ``logprobs`` 0..5, as the OpenAI API has them."""
    if chat:
        wanted = body.get("logprobs", False)
        if wanted is None:
            wanted = False
        if not isinstance(wanted, bool):
            raise invalid("logprobs", "'logprobs' must be true or false")
        top = _integer(body, "top_logprobs", None, 0)
        if top is not None and top > MAX_TOP_LOGPROBS:
            raise invalid("top_logprobs", f"'top_logprobs' must be at most {MAX_TOP_LOGPROBS}")
        if top is not None and not wanted:
            raise invalid("top_logprobs", "'top_logprobs' needs 'logprobs': true")
        return (top or 0) if wanted else None
    top = _integer(body, "logprobs", None, 0)
    if top is not None and top > MAX_COMPLETION_LOGPROBS:
        raise invalid("logprobs", f"'logprobs' must be at most {MAX_COMPLETION_LOGPROBS}")
    return top


def parse_embedding(body: dict[str, Any]) -> EmbeddingRequest:
    """The fields of ``POST /v1/embeddings``."""
    text = body.get("input")
    texts = [text] if isinstance(text, str) else text
    if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
        raise invalid("input", "'input' must be a string or a non-empty list of strings "
                               "(token-id inputs are not supported)")
    fmt = body.get("encoding_format", "float")
    if fmt not in ("float", "base64"):
        raise invalid("encoding_format", "'encoding_format' must be 'float' or 'base64'")
    if body.get("dimensions") is not None:
        raise APIError(400, "'dimensions' is not supported by this server", param="dimensions",
                       code="unsupported_parameter")
    return EmbeddingRequest(texts, fmt == "base64")


def _messages(messages: Any) -> list[dict[str, str]]:
    if not isinstance(messages, list) or not messages:
        raise invalid("messages", "'messages' must be a non-empty list of {role, content}")
    out = []
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or not isinstance(m.get("role"), str):
            raise invalid(f"messages[{i}]", "each message needs a 'role' string")
        content = m.get("content")
        if isinstance(content, list):     # content parts: text ones only
            if not all(isinstance(p, dict) and p.get("type") == "text"
                       and isinstance(p.get("text"), str) for p in content):
                raise invalid(f"messages[{i}].content", "only text content parts are "
                                                        "supported")
            content = "".join(p["text"] for p in content)
        if not isinstance(content, str):
            raise invalid(f"messages[{i}].content", "each message needs 'content' text")
        out.append({"role": m["role"], "content": content})
    return out


def _prompts(prompt: Any) -> list[Any]:
    """A completion's ``prompt``: a string, a list of strings, a list of token ids or a
    list of such lists; one entry per prompt."""
    if isinstance(prompt, str):
        return [prompt]
    if isinstance(prompt, list) and prompt:
        if all(isinstance(p, str) for p in prompt):
            return list(prompt)
        if all(_is_id(t) for t in prompt):
            return [list(prompt)]
        if all(isinstance(p, list) and p and all(_is_id(t) for t in p) for p in prompt):
            return [list(p) for p in prompt]
    raise invalid("prompt", "'prompt' must be a string, a list of strings, or token ids")


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _integer(body: dict[str, Any], name: str, default: int | None, least: int) -> int | None:
    value = body.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise invalid(name, f"'{name}' must be an integer >= {least}, got {value!r}")
    return value


def _number(body: dict[str, Any], name: str, default: float | None, lo: float,
            hi: float) -> float | None:
    value = body.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(
            value) or not lo <= value <= hi:
        raise invalid(name, f"'{name}' must be a number in [{lo:g}, {hi:g}], got {value!r}")
    return float(value)
