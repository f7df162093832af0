"""Text generation with a decoder model: streaming, whole texts, batches, chat prompts.

The functions here drive any object with the :class:`CausalLM` interface (what
:func:`rlx.models.load_decoder` returns): ``reset(batch)``, ``prefill(ids)`` ->
logits at each sequence's last token, ``decode(next_ids)`` -> logits of the next
position, plus ``config.eos_ids``, ``tokenizer`` and ``chat_template``.

* :func:`stream` yields :class:`StreamPiece` objects (token id + the text it made
  printable) as tokens are generated; the :class:`TokenStream` it returns holds the
  result and timing once it is exhausted.
* :func:`generate` returns a :class:`Generation` (text, token ids, finish reason,
  :class:`GenerationStats`); :func:`generate_batch` does the same for several prompts
  of different lengths decoded together.

Generation stops, per sequence, at the first end-of-sequence id (``config.eos_ids``
and any ``stop_ids``; the stop token is not part of the output), at the first
occurrence of a ``stop`` string (the text is cut before it), or after
``max_new_tokens`` tokens, or when the model's cache (``max_seq``, when the model
says) is full.

Incremental detokenisation: a token may end in the middle of a UTF-8 character
(byte-level BPE splits characters into bytes). Each new piece of text is the
difference between decoding a short window of recent tokens with and without the
newest ones, and text is held back while it ends in an incomplete character (the
decoder's U+FFFD). The concatenated pieces are the decoded continuation of the
prompt; a replacement character the model really generates is released with the
next token (or at the end).

Chat prompts (``chat=True`` or a list of ``{"role", "content"}`` messages) are
rendered with the model's chat template (Jinja) by :func:`apply_chat_template`,
which needs the ``jinja2`` package.

A model's cache holds one generation at a time: a stream whose model another
generation has reset since (``generate`` on the same model while a stream is being
read) raises InputError at its next step instead of continuing from the other
prompt's cache.
"""

from __future__ import annotations

import contextlib
import importlib.util
import time
import weakref
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from rlx.errors import InputError, RlxError
from rlx.frontends.tokenizer import Tokenizer
from rlx.models.sampling import Sampler, SamplingParams, token_distribution
from rlx.models.speculative import PromptLookup, accept_drafts

__all__ = ["CausalLM", "ChatTemplateError", "Generation", "GenerationStats",
           "IncrementalDetokenizer", "SequenceProgress", "StreamPiece", "TokenStream",
           "apply_chat_template", "generate", "generate_batch", "prompt_ids", "room",
           "SpeculativeStep", "speculative_step", "stream"]

REPLACEMENT_CHAR = "\ufffd"
CONTEXT_TOKENS = 4          # prompt tokens the detokenizer's first window starts with
DEFAULT_MAX_NEW_TOKENS = 128

Prompt = str | Sequence[int] | Sequence[Mapping[str, str]]


class CausalLM(Protocol):
    """What generation needs of a decoder model (see :mod:`rlx.models.decoder`)."""

    config: Any            # .eos_ids: tuple of end-of-sequence token ids
    tokenizer: Tokenizer
    chat_template: str | None

    def reset(self, batch: int = 1) -> None: ...

    def prefill(self, ids: Sequence[Sequence[int]]) -> np.ndarray: ...

    def decode(self, next_ids: np.ndarray) -> np.ndarray: ...


class ChatTemplateError(RlxError, ValueError):
    """A chat prompt could not be rendered: the model has no chat template, the
    template is not valid Jinja or raised an error, or jinja2 is not installed.
    ``by_request``: the request is what cannot be rendered (the model has no template,
    or the template refused these messages), not the installation or the template."""

    def __init__(self, message: str, by_request: bool = False):
        super().__init__(message)
        self.by_request = by_request


@dataclass(frozen=True)
class GenerationStats:
    """Timing of one generation run (all sequences of a batch together).

    ``prefill_seconds`` covers the prefill call and the choice of the first token;
    ``decode_seconds`` every decode call and the choice of the token after it.
    Tokenisation, detokenisation and the caller's work between streamed pieces are
    not counted. ``decode_tokens`` counts the tokens chosen after decode calls for
    sequences still running (stop tokens included).
    """

    prompt_tokens: int
    generated_tokens: int
    prefill_seconds: float
    decode_tokens: int
    decode_seconds: float
    draft_tokens: int = 0
    """Tokens drafted for speculative decoding (0 without it)."""
    accepted_tokens: int = 0
    """Drafted tokens the model accepted."""

    @property
    def acceptance_rate(self) -> float:
        """Accepted over drafted tokens (0 when nothing was drafted)."""
        return self.accepted_tokens / self.draft_tokens if self.draft_tokens else 0.0

    @property
    def prefill_tokens_per_second(self) -> float:
        return self.prompt_tokens / self.prefill_seconds if self.prefill_seconds else 0.0

    @property
    def decode_tokens_per_second(self) -> float:
        return self.decode_tokens / self.decode_seconds if self.decode_seconds else 0.0

    def summary(self) -> str:
        """One line: prompt and generated token counts with tokens per second."""
        return (f"prefill {self.prompt_tokens} tokens in {self.prefill_seconds * 1e3:.1f} ms "
                f"({self.prefill_tokens_per_second:.1f} tok/s), decode {self.decode_tokens} "
                f"tokens in {self.decode_seconds * 1e3:.1f} ms "
                f"({self.decode_tokens_per_second:.1f} tok/s)"
                + (f", {self.accepted_tokens} of {self.draft_tokens} drafted tokens accepted "
                   f"({self.acceptance_rate:.0%})" if self.draft_tokens else ""))


@dataclass(frozen=True)
class Generation:
    """The continuation of one prompt.

    ``token_ids``: the generated ids, without the stop token; ``text``: their text as
    streamed (cut before a stop string); ``finish_reason``: "stop" (a stop id or
    string), or "length" (``max_new_tokens`` or the model's ``max_seq``); ``stats``:
    of the run this sequence was part of.
    """

    text: str
    token_ids: tuple[int, ...]
    prompt_ids: tuple[int, ...]
    finish_reason: str
    stats: GenerationStats


@dataclass(frozen=True)
class StreamPiece:
    """One generated token and the text it made printable (possibly "", or more than
    the token itself when it completes earlier held-back bytes)."""

    token_id: int
    text: str


# ---------------------------------------------------------------------- detokenising
class IncrementalDetokenizer:
    """Turns a growing list of token ids into text pieces without broken characters.

    ``context`` (e.g. the last prompt tokens) starts the decoding window, so that a
    decoder that strips a leading space at the start of the text does not strip it
    from the first generated token. Special tokens are dropped when
    ``skip_special_tokens``.
    """

    def __init__(self, tokenizer: Tokenizer, context: Sequence[int] = (),
                 skip_special_tokens: bool = True):
        self._tokenizer = tokenizer
        self._skip = skip_special_tokens
        self._ids = [int(i) for i in context]
        self._prefix = 0
        self._read = len(self._ids)

    def _decode(self, ids: list[int]) -> str:
        return self._tokenizer.decode(ids, skip_special_tokens=self._skip)

    def push(self, token_id: int) -> str:
        """Add a token; return the text it completes ("" while a character is
        incomplete)."""
        self._ids.append(int(token_id))
        return self._advance(final=False)

    def flush(self) -> str:
        """Whatever text is still held back (incomplete characters as U+FFFD)."""
        return self._advance(final=True)

    def _advance(self, final: bool) -> str:
        before = self._decode(self._ids[self._prefix:self._read])
        after = self._decode(self._ids[self._prefix:])
        if len(after) <= len(before) or (after.endswith(REPLACEMENT_CHAR) and not final):
            return ""
        self._prefix, self._read = self._read, len(self._ids)
        return after[len(before):]


class _StopStrings:
    """Text of one sequence, released only where no stop string can still begin."""

    def __init__(self, stop: Sequence[str]):
        self._stop = [s for s in stop if s]
        self.text = ""
        self._released = 0
        self.stopped = False

    def add(self, piece: str) -> str:
        """Append ``piece``; return the newly releasable text (everything up to the
        first stop string once one has appeared)."""
        start = len(self.text)
        self.text += piece
        found = [self.text.find(s, max(0, start - len(s) + 1)) for s in self._stop]
        found = [at for at in found if at >= 0]
        if found:
            self.text = self.text[:min(found)]
            self.stopped = True
            return self._release(len(self.text))
        return self._release(len(self.text) - self._held_back())

    def finish(self) -> str:
        """Release the rest (a partial stop string at the end is plain text)."""
        return self._release(len(self.text))

    def _held_back(self) -> int:
        """Length of the longest end of the text that begins a stop string."""
        longest = 0
        for s in self._stop:
            for n in range(min(len(s) - 1, len(self.text)), longest, -1):
                if self.text.endswith(s[:n]):
                    longest = n
                    break
        return longest

    def _release(self, end: int) -> str:
        end = max(end, self._released)
        piece = self.text[self._released:end]
        self._released = end
        return piece


# ---------------------------------------------------------------------- chat
def apply_chat_template(template: str, messages: Sequence[Mapping[str, str]],
                        add_generation_prompt: bool = True, **variables: Any) -> str:
    """Render ``messages`` (dicts with "role" and "content") with a Jinja chat
    template, as Hugging Face templates expect: ``messages``,
    ``add_generation_prompt``, a ``raise_exception(message)`` function, and any
    ``variables`` (``bos_token``, ``eos_token``, ...). The environment is sandboxed
    and trims blocks like transformers'. Raises ChatTemplateError without jinja2, for
    an invalid template, or when the template raises.
    """
    if importlib.util.find_spec("jinja2") is None:
        raise ChatTemplateError("chat templates need the jinja2 package; install it with "
                                "'pip install jinja2'")
    import jinja2
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    def raise_exception(message: str) -> None:
        raise ChatTemplateError(f"the chat template refused the messages: {message}",
                                by_request=True)

    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True,
                                        extensions=["jinja2.ext.loopcontrols"])
    env.globals["raise_exception"] = raise_exception
    try:
        compiled = env.from_string(template)
        return compiled.render(messages=[dict(m) for m in messages],
                               add_generation_prompt=add_generation_prompt, **variables)
    except jinja2.TemplateError as exc:
        raise ChatTemplateError(f"the chat template failed: {exc}") from None
    except ChatTemplateError:
        raise                   # the template's raise_exception: the request's fault
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        # the template's own operations on the messages' values (content not a str)
        raise ChatTemplateError(f"the chat template failed on these messages: "
                                f"{type(exc).__name__}: {exc}") from None


def _chat_text(model: CausalLM, messages: Sequence[Mapping[str, str]]) -> str:
    template = getattr(model, "chat_template", None) or model.tokenizer.chat_template
    if not template:
        raise ChatTemplateError("the model carries no chat template "
                                "(tokenizer.chat_template); pass a plain prompt instead",
                                by_request=True)
    for message in messages:
        if not isinstance(message, Mapping) or not isinstance(message.get("role"), str) or \
                not isinstance(message.get("content"), str):
            raise InputError(f"a chat message must be a mapping with 'role' and 'content', "
                             f"both strings, got {message!r}")
    tokenizer = model.tokenizer
    names = {f"{kind}_token": tokenizer.id_to_token(getattr(tokenizer.special, kind))
             for kind in ("bos", "eos") if getattr(tokenizer.special, kind) is not None}
    return apply_chat_template(template, messages, add_generation_prompt=True, **names)


def prompt_ids(model: CausalLM, prompt: Prompt, chat: bool = False) -> list[int]:
    """Token ids of a prompt: a str (with the model's BOS when its tokenizer adds one;
    with ``chat``, wrapped as one user message and rendered with the chat template), a
    list of chat messages (rendered; the template supplies special tokens), or a
    sequence of token ids (used as they are). InputError for an empty prompt or ids
    outside the vocabulary."""
    tokenizer = model.tokenizer
    messages = _as_messages(prompt)
    if chat and isinstance(prompt, str):
        messages = [{"role": "user", "content": prompt}]
    elif chat and messages is None:
        raise InputError("chat=True needs a text prompt or a list of chat messages, not "
                         "token ids")
    if messages is not None:
        ids = tokenizer.encode(_chat_text(model, messages), add_special_tokens=False)
    elif isinstance(prompt, str):
        ids = tokenizer.encode(prompt, add_special_tokens=True)
    else:
        ids = _token_ids(prompt, tokenizer.vocab_size)
    if not ids:
        raise InputError("the prompt has no tokens; give some text")
    return ids


def _as_messages(prompt: Any) -> list[Mapping[str, str]] | None:
    """The prompt as chat messages when it is a non-empty list of mappings."""
    if isinstance(prompt, str) or not isinstance(prompt, Sequence) or not prompt:
        return None
    if all(isinstance(m, Mapping) for m in prompt):
        return list(prompt)
    return None


def _token_ids(prompt: Any, vocab_size: int) -> list[int]:
    try:
        ids = np.asarray(prompt)
    except (TypeError, ValueError):
        ids = None
    if ids is None or ids.ndim != 1 or (ids.size and not np.issubdtype(ids.dtype, np.integer)):
        raise InputError(f"a prompt must be a str, a list of chat messages or a list of token "
                         f"ids, got {type(prompt).__name__}")
    if ids.size and (ids.min() < 0 or ids.max() >= vocab_size):
        raise InputError(f"prompt token ids must be in [0, {vocab_size}), got "
                         f"{int(ids.min())}..{int(ids.max())}")
    return [int(i) for i in ids]


# ---------------------------------------------------------------------- the loop
class SequenceProgress:
    """One prompt's generation, token by token: its ids, its text as it can be printed
    (no broken characters, held back while it may still end in a stop string) and why
    it finished. :func:`stream` and ``generate_batch`` keep one per prompt; a server
    keeps one per request (rlx.serve).

    ``stop_ids`` (the model's end-of-sequence ids and any others) end it without being
    added; ``stop`` strings end it cut before them; ``max_new`` tokens end it too.
    """

    def __init__(self, model: CausalLM, prompt: list[int], stop: Sequence[str],
                 stop_ids: set[int], max_new: int):
        self.prompt = prompt
        self.detokenizer = IncrementalDetokenizer(model.tokenizer, prompt[-CONTEXT_TOKENS:])
        self.stop = _StopStrings(stop)
        self.stop_ids = stop_ids
        self.max_new = max_new
        self.generated: list[int] = []
        self.finish_reason: str | None = None

    def take(self, token: int) -> str:
        """Add the chosen ``token``; the text it makes printable (with the rest of the
        text when it finishes the sequence)."""
        if token in self.stop_ids:
            return self.finish("stop")
        self.generated.append(token)
        text = self.stop.add(self.detokenizer.push(token))
        if self.stop.stopped:
            text += self.finish("stop")
        elif len(self.generated) >= self.max_new:
            text += self.finish("length")
        return text

    def finish(self, reason: str) -> str:
        """Mark finished; return the text still held back."""
        self.finish_reason = reason
        tail = "" if self.stop.stopped else self.stop.add(self.detokenizer.flush())
        return tail + self.stop.finish()

    def context(self) -> list[int]:
        """The prompt and the tokens generated so far."""
        return self.prompt + self.generated


_RUNS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Each model -> a weak reference to the run its cache holds now (models that take no
weak reference are not checked). The run is held weakly: it holds its model, so a
strong value kept every model that had generated alive for good (a load, generate and
drop cycle kept 1.1 GB of SmolLM2)."""


def _claim(model: CausalLM, run: _Run) -> None:
    with contextlib.suppress(TypeError):
        _RUNS[model] = weakref.ref(run)


def _check_claim(model: CausalLM, run: _Run) -> None:
    """InputError where another generation has reset ``model`` since ``run`` began: its
    cache holds the other prompt now, so continuing would give wrong text."""
    with contextlib.suppress(TypeError):
        claimed = _RUNS.get(model)
        if claimed is not None and claimed() is not run:
            raise InputError("another generation reset this model while a stream from it "
                             "was unfinished: a model's cache holds one generation at a "
                             "time (finish or drop the stream first, or load a second model)")


class _Run:
    """Generates for up to ``max_batch`` prompts at once; ``steps()`` yields, after each
    model call, the (row, token id, text) of every row still running."""

    def __init__(self, model: CausalLM, prompts: list[list[int]], sampler: Sampler,
                 max_new_tokens: int, stop: Sequence[str], stop_ids: Sequence[int],
                 speculative: PromptLookup | None = None):
        self.model = model
        self.sampler = sampler
        self.lookup = _check_speculative(model, speculative)
        self.draft_tokens = 0
        self.accepted_tokens = 0
        self.stop_ids = {int(i) for i in model.config.eos_ids} | {int(i) for i in stop_ids}
        self.max_new = room(model, prompts, max_new_tokens)
        self.sequences = [SequenceProgress(model, ids, stop, self.stop_ids, self.max_new)
                          for ids in prompts]
        self.prefill_seconds = 0.0
        self.decode_seconds = 0.0
        self.decode_tokens = 0

    def _context(self) -> list[list[int]] | None:
        if self.sampler.params.repetition_penalty == 1:
            return None
        return [s.context() for s in self.sequences]

    def steps(self) -> Iterator[list[tuple[int, int, str]]]:
        if self.max_new == 0:
            for s in self.sequences:
                s.finish("length")
            return
        start = time.perf_counter()
        self.model.reset(batch=len(self.sequences))
        _claim(self.model, self)
        logits = self.model.prefill([s.prompt for s in self.sequences])
        tokens = [[int(t)] for t in self.sampler(logits, self._context())]
        self.prefill_seconds = time.perf_counter() - start
        while True:
            yield self._take(tokens)
            running = [s.finish_reason is None for s in self.sequences]
            if not any(running):
                return
            start = time.perf_counter()
            _check_claim(self.model, self)
            if self.lookup is not None:
                tokens = self._speculate()
            else:
                feed = np.array([s.generated[-1] if s.generated else s.prompt[-1]
                                 for s in self.sequences], dtype=np.int64)
                logits = self.model.decode(feed)
                tokens = [[int(t)] for t in self.sampler(logits, self._context())]
            self.decode_seconds += time.perf_counter() - start
            self.decode_tokens += sum(len(t) for t, r in zip(tokens, running) if r)

    def _speculate(self) -> list[list[int]]:
        """One verify call (:func:`speculative_step`) for the running sequences; the
        tokens each emits (finished ones: none)."""
        running = {row: (s, s.generated[-1], self.sampler)
                   for row, s in enumerate(self.sequences) if s.finish_reason is None}
        steps = speculative_step(self.model, self.lookup, running)
        for step in steps.values():
            self.draft_tokens += len(step.draft)
            self.accepted_tokens += len(step.tokens) - 1
        return [steps[row].tokens if row in steps else [] for row in range(len(self.sequences))]

    def _take(self, tokens: list[list[int]]) -> list[tuple[int, int, str]]:
        events = []
        for row, s in enumerate(self.sequences):
            for token in tokens[row]:
                if s.finish_reason is None:
                    events.append((row, token, s.take(token)))
        return events

    def stats(self) -> GenerationStats:
        return GenerationStats(
            prompt_tokens=sum(len(s.prompt) for s in self.sequences),
            generated_tokens=sum(len(s.generated) for s in self.sequences),
            prefill_seconds=self.prefill_seconds, decode_tokens=self.decode_tokens,
            decode_seconds=self.decode_seconds, draft_tokens=self.draft_tokens,
            accepted_tokens=self.accepted_tokens)

    def results(self, stats: GenerationStats) -> list[Generation]:
        return [Generation(s.stop.text, tuple(s.generated), tuple(s.prompt),
                           s.finish_reason or "length", stats) for s in self.sequences]


@dataclass(frozen=True)
class SpeculativeStep:
    """One sequence's part of :func:`speculative_step`: the tokens drafted, the tokens
    it emits (the accepted drafts and one more) and the logits [1 + len(draft), vocab]
    after its token and after each draft (row i: what token i was chosen from)."""

    draft: list[int]
    tokens: list[int]
    logits: np.ndarray


def speculative_step(model: Any, lookup: PromptLookup,
                     running: Mapping[int, tuple[SequenceProgress, int, Sampler]]
                     ) -> dict[int, SpeculativeStep]:
    """One verify call of speculative decoding: each sequence ``row`` of ``running``
    (row -> its progress, the token it appends next and its sampler) appends that token
    and the tokens ``lookup`` drafts after it (no more than the call takes, than the
    sequence may still emit, or than its cache holds), keeps the drafts the model
    accepts through the sampler's distribution and random numbers
    (:func:`~rlx.models.speculative.accept_drafts`) and drops the others from the
    cache. Rows not in ``running`` append nothing. :func:`stream` and the server's
    engine both step this way, so a request gets the same tokens from either."""
    lengths = model.lengths
    max_seq = getattr(model, "max_seq", None)     # a model without a bound has no limit
    drafts = {}
    for row, (progress, _, _) in running.items():
        limit = min(model.verify_tokens - 1, progress.max_new - len(progress.generated) - 1)
        if max_seq is not None:
            limit = min(limit, max_seq - int(lengths[row]) - 1)
        drafts[row] = lookup.draft(progress.context(), limit)
    logits = model.verify([[running[row][1]] + drafts[row] if row in running else []
                           for row in range(len(lengths))])
    steps = {}
    for row, (progress, _, sampler) in running.items():
        draft = drafts[row]
        contexts = None if sampler.params.repetition_penalty == 1 else [
            progress.context() + draft[:i] for i in range(len(draft) + 1)]
        probs = token_distribution(logits[row], sampler.params, contexts)
        chosen = accept_drafts(probs, draft, rng=sampler.rng)
        model.truncate(row, int(lengths[row]) + len(chosen))
        steps[row] = SpeculativeStep(draft, chosen, logits[row])
    return steps


def room(model: CausalLM, prompts: list[list[int]], max_new_tokens: int) -> int:
    """``max_new_tokens``, capped so that every row's cache (rows decode in lockstep,
    finished ones too) holds its prompt and the tokens fed after it: the longest
    prompt leaves ``max_seq - length + 1`` new tokens. InputError for a prompt longer
    than ``max_seq``."""
    max_seq = getattr(model, "max_seq", None)
    if max_seq is None:
        return max_new_tokens
    longest = max(len(ids) for ids in prompts)
    if longest > max_seq:
        raise InputError(f"the prompt has {longest} tokens, more than the model's max_seq "
                         f"{max_seq}")
    return min(max_new_tokens, max_seq - longest + 1)


def _check_speculative(model: CausalLM, speculative: Any) -> PromptLookup | None:
    if speculative is None:
        return None
    if not isinstance(speculative, PromptLookup):
        raise InputError(f"speculative must be a PromptLookup or None, got {speculative!r}")
    if not all(callable(getattr(model, name, None)) for name in ("verify", "truncate")) or \
            not hasattr(model, "verify_tokens"):
        raise InputError(f"speculative decoding needs a model that can verify drafted tokens "
                         f"(DecoderModel.verify / truncate); {type(model).__name__} cannot")
    return speculative


def _check_settings(max_new_tokens: int, stop: Sequence[str], stop_ids: Sequence[int]) -> None:
    if isinstance(max_new_tokens, bool) or not isinstance(max_new_tokens, (int, np.integer)) \
            or max_new_tokens < 0:
        raise InputError(f"max_new_tokens must be an integer >= 0, got {max_new_tokens!r}")
    if isinstance(stop, str | bytes) or not isinstance(stop, Collection) or \
            not all(isinstance(s, str) for s in stop):
        raise InputError(f"stop must be a list of strings, got {stop!r}")
    if not isinstance(stop_ids, Collection) or not all(
            isinstance(i, (int, np.integer)) and not isinstance(i, bool) for i in stop_ids):
        raise InputError(f"stop_ids must be a list of token ids, got {stop_ids!r}")


# ---------------------------------------------------------------------- public API
class TokenStream:
    """An iterator of :class:`StreamPiece` for one prompt (see :func:`stream`).

    After it is exhausted, ``result`` holds the :class:`Generation`; ``finish()``
    consumes the remaining pieces and returns it.
    """

    def __init__(self, run: _Run):
        self._run = run
        self._pieces = self._produce()
        self.result: Generation | None = None

    def _produce(self) -> Iterator[StreamPiece]:
        for events in self._run.steps():
            for _, token, text in events:
                yield StreamPiece(token, text)
        self.result = self._run.results(self._run.stats())[0]

    def __iter__(self) -> TokenStream:
        return self

    def __next__(self) -> StreamPiece:
        return next(self._pieces)

    def finish(self) -> Generation:
        for _ in self._pieces:
            pass
        assert self.result is not None
        return self.result


def stream(model: CausalLM, prompt: Prompt, sampling: SamplingParams | None = None,
           max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS, stop: Sequence[str] = (),
           stop_ids: Sequence[int] = (), chat: bool = False,
           speculative: PromptLookup | None = None) -> TokenStream:
    """Generate a continuation of ``prompt`` token by token.

    ``prompt``: see :func:`prompt_ids`. ``sampling``: default greedy. Yields a
    :class:`StreamPiece` per generated token, including the stop token (whose text
    is the rest of any held-back text). The model's cache is reset first. With
    ``speculative`` (a :class:`~rlx.models.speculative.PromptLookup`), each step
    checks drafted tokens in one call (``model.verify``) and may emit several: greedy
    output is plain greedy decoding's, sampled output has the same distribution (not the
    same draws for a seed); ``stats`` reports the drafted and accepted tokens.
    InputError for bad settings or prompts, ChatTemplateError for a chat prompt that
    cannot be rendered.
    """
    _check_settings(max_new_tokens, stop, stop_ids)
    ids = prompt_ids(model, prompt, chat)
    sampling = SamplingParams.greedy() if sampling is None else sampling
    return TokenStream(_Run(model, [ids], Sampler(sampling), max_new_tokens, stop, stop_ids,
                            speculative))


def generate(model: CausalLM, prompt: Prompt, sampling: SamplingParams | None = None,
             max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS, stop: Sequence[str] = (),
             stop_ids: Sequence[int] = (), chat: bool = False,
             speculative: PromptLookup | None = None) -> Generation:
    """The whole continuation of ``prompt`` (the arguments are :func:`stream`'s)."""
    return stream(model, prompt, sampling, max_new_tokens, stop, stop_ids, chat,
                  speculative).finish()


def generate_batch(model: CausalLM, prompts: Sequence[Prompt],
                   sampling: SamplingParams | None = None,
                   max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS, stop: Sequence[str] = (),
                   stop_ids: Sequence[int] = (), chat: bool = False,
                   speculative: PromptLookup | None = None) -> list[Generation]:
    """Continuations of several prompts (of any lengths), decoded together in batches of
    up to the model's ``max_batch`` (all at once when it does not say). Sequences that
    finish early keep their slot until their batch is done. Results are in prompt
    order; each carries the stats of its batch. Arguments as for :func:`stream`; one
    sampler (one random stream) serves all rows of a batch, in row order.
    """
    _check_settings(max_new_tokens, stop, stop_ids)
    if isinstance(prompts, str) or not isinstance(prompts, Collection):
        raise InputError(f"generate_batch expects a list of prompts, got {prompts!r}"
                         + ("; use generate() for one" if isinstance(prompts, str) else ""))
    all_ids = [prompt_ids(model, p, chat) for p in prompts]
    sampler = Sampler(SamplingParams.greedy() if sampling is None else sampling)
    step = getattr(model, "max_batch", None) or max(len(all_ids), 1)
    results: list[Generation] = []
    for start in range(0, len(all_ids), step):
        run = _Run(model, all_ids[start:start + step], sampler, max_new_tokens, stop,
                   stop_ids, speculative)
        for _ in run.steps():
            pass
        results += run.results(run.stats())
    return results

