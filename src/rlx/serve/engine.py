"""The serving engine: one worker thread owns the models and batches the requests.

Requests are jobs in a FIFO queue; a job waits until a row of the decoder's batch is
free for it, and at most ``max_queue`` jobs may wait (more are refused: HTTP 429). Each
prompt (and each of its ``n`` choices) of a job is a *unit* that takes a row of the
decoder's cache (``DecoderModel(max_batch=...)``) for as long as it runs:
continuous batching. Every step of the worker

* admits waiting units into free rows (a released row starts an empty sequence);
* runs one decode call for every row that has a token to feed, all rows at once;
* runs one prefill call that appends to each admitted row up to ``prefill_chunk`` more
  of its prompt, so a long prompt goes in pieces between decode steps and does not
  stall the running streams;
* samples each unit's next token with its own sampler, streams the text through the
  job's ``emit`` callback, and frees the rows of units that finished or whose client
  went away (a cancelled job stops at its next step).

With a ``speculative`` drafter (``rlx serve --speculative N``) the decode call is a
verify call instead: each decoding row appends its token and the tokens prompt lookup
drafts after it, and emits every token it accepts, as ``rlx generate --speculative N``
does for that request alone.

Decode and prefill run as separate calls so that each row's logits are those of a
batch of one: the answers are ``rlx generate``'s, bit for bit, whatever else is in the
batch (tests/serve). A paged decoder (``DecoderModel(page_size=...)``, the default of
``rlx serve``) packs the rows that take tokens into the smallest compiled batch that
holds them, so a step costs the sequences running, not ``max_batch``; and a unit whose
prompt starts as an earlier request's did takes that request's cached full pages
(``prefix_cache``) and prefills the rest only: its answer is then ``rlx generate``'s up to
the float rounding of the reused keys and values. Choice ``i`` of a request with ``n``
> 1 and a ``seed`` samples with ``seed + i``. Embedding requests run between steps.
"""

from __future__ import annotations

import codecs
import contextlib
import dataclasses
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rlx.errors import InputError, RlxError
from rlx.models.generation import (
    SequenceProgress,
    prompt_ids,
    speculative_step,
)
from rlx.models.sampling import Sampler, argmax_rows
from rlx.models.speculative import PromptLookup
from rlx.serve.protocol import APIError, EmbeddingRequest, GenerationRequest

Emit = Callable[[tuple], None]
"""A job's event sink, called from the worker thread: ("start", prompt tokens per
prompt), ("logprob", choice, :class:`TokenLogprob`) before the token's text when the
request asked for log-probabilities, ("piece", choice, text), ("done", choice,
finish_reason, completion tokens),
("embeddings", matrix, tokens), ("error", APIError) and last ("end",)."""


@dataclass(frozen=True)
class TokenScore:
    """A token's text, natural-log probability and bytes. A token that is part of a
    UTF-8 character (byte-level BPE, ``<0xNN>`` tokens) has no text of its own: its
    text is then ``bytes:`` and its bytes as ``\\xNN`` escapes (vLLM's spelling), so
    different such tokens never share one."""

    text: str
    logprob: float
    raw: bytes


@dataclass(frozen=True)
class TokenLogprob:
    """A sampled token's :class:`TokenScore` under the model (the log-softmax of its
    logits, before temperature, top-k or top-p shape the draw, as vLLM reports them),
    the ``top`` most likely tokens' scores, most likely first, and ``width``: the
    characters of the text this token completes (0 for the first bytes of a character
    it leaves unfinished), which text offsets count."""

    text: str
    logprob: float
    raw: bytes
    top: list[TokenScore]
    width: int


def token_score(token: int, logprob: float, raw: Callable[[int], bytes]) -> TokenScore:
    """``token``'s :class:`TokenScore`, its bytes from ``raw``."""
    data = raw(token)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = "bytes:" + "".join(f"\\x{b:02x}" for b in data)
    return TokenScore(text, logprob, data)


def token_logprob(logits: np.ndarray, token: int, top: int, raw: Callable[[int], bytes],
                  text_decoder: Any) -> TokenLogprob:
    """``token``'s :class:`TokenLogprob` from one row of ``logits`` (float64 log-softmax;
    ties in the top list go to the lower id); ``text_decoder`` (an incremental UTF-8
    decoder of the sequence's tokens so far) gives its width."""
    row = np.asarray(logits, np.float64).reshape(-1)
    shifted = row - row.max()
    logp = shifted - np.log(np.exp(shifted).sum())
    best: list[TokenScore] = []
    if top:
        ids = np.argsort(-logp, kind="stable")[:top]
        best = [token_score(int(i), float(logp[i]), raw) for i in ids]
    own = token_score(int(token), float(logp[token]), raw)
    return TokenLogprob(own.text, own.logprob, own.raw, best,
                        len(text_decoder.decode(own.raw)))


@dataclass
class Job:
    request: GenerationRequest | EmbeddingRequest
    emit: Emit
    cancelled: threading.Event = field(default_factory=threading.Event)
    queued_at: float = field(default_factory=time.perf_counter)
    units_left: int = 0
    waiting: int = 0


@dataclass
class _Unit:
    """One prompt (one choice of it) of a job, in a row of the batch or waiting."""

    job: Job
    choice: int
    progress: SequenceProgress
    sampler: Sampler
    pending: list[int]                 # prompt tokens not in the cache yet
    feed: int | None = None            # the token the next decode call appends
    last_token_at: float | None = None
    pages: int = 0                     # pages of a paged cache its longest run needs
    text_decoder: Any = None           # UTF-8 of its tokens so far, for logprob widths


@dataclass(frozen=True)
class KVCacheUse:
    """The paged KV cache's pages, those taken (by running sequences and the prefix
    cache, whose pages are reclaimed as needed) and bytes in all."""

    pages: int
    used: int
    bytes: int
    dtype: str


class Metrics:
    """Counters and sums the ``/metrics`` endpoint prints (Prometheus text format)."""

    def __init__(self):
        self._lock = threading.Lock()
        self.requests: dict[tuple[str, int], int] = {}
        self.prompt_tokens = 0
        self.generated_tokens = 0
        self.ttft = [0.0, 0]            # sum of seconds, count
        self.itl = [0.0, 0]
        self.decode_call = [0.0, 0]     # the model's decode (or verify) calls
        self.prefill_call = [0.0, 0]    # and its prefill calls
        self.prefilled_tokens = 0       # prompt tokens those prefilled (not reused)
        self.busy = 0
        self.drafted = 0                # speculative decoding's drafted tokens
        self.reused_tokens = 0          # prompt tokens found in the prefix cache
        self.accepted = 0               # and those accepted

    def request(self, endpoint: str, status: int) -> None:
        with self._lock:
            key = (endpoint, status)
            self.requests[key] = self.requests.get(key, 0) + 1

    @contextlib.contextmanager
    def timed(self, name: str) -> Iterator[None]:
        """:meth:`add` the seconds the block takes to the summary ``name``."""
        start = time.perf_counter()
        yield
        self.add(name, time.perf_counter() - start)

    def add(self, name: str, seconds: float) -> None:
        with self._lock:
            pair = getattr(self, name)
            pair[0] += seconds
            pair[1] += 1

    def text(self, queue_depth: int, kv_cache: KVCacheUse | None = None) -> str:
        """The metrics, with the paged KV cache's use when ``kv_cache`` is given."""
        with self._lock:
            lines = ["# TYPE rlx_requests_total counter"]
            lines += [f'rlx_requests_total{{endpoint="{e}",status="{s}"}} {n}'
                      for (e, s), n in sorted(self.requests.items())]
            lines += ["# TYPE rlx_prompt_tokens_total counter",
                      f"rlx_prompt_tokens_total {self.prompt_tokens}",
                      "# TYPE rlx_generated_tokens_total counter",
                      f"rlx_generated_tokens_total {self.generated_tokens}",
                      "# TYPE rlx_queue_depth gauge", f"rlx_queue_depth {queue_depth}",
                      "# TYPE rlx_batch_occupancy gauge", f"rlx_batch_occupancy {self.busy}",
                      "# TYPE rlx_prefix_cache_tokens_total counter",
                      f"rlx_prefix_cache_tokens_total {self.reused_tokens}",
                      "# TYPE rlx_draft_tokens_total counter",
                      f"rlx_draft_tokens_total {self.drafted}",
                      "# TYPE rlx_accepted_draft_tokens_total counter",
                      f"rlx_accepted_draft_tokens_total {self.accepted}",
                      "# TYPE rlx_prefilled_tokens_total counter",
                      f"rlx_prefilled_tokens_total {self.prefilled_tokens}"]
            if kv_cache is not None:
                dtype = f'{{dtype="{kv_cache.dtype}"}}'
                lines += ["# TYPE rlx_kv_cache_pages gauge",
                          f"rlx_kv_cache_pages{dtype} {kv_cache.pages}",
                          "# TYPE rlx_kv_cache_pages_used gauge",
                          f"rlx_kv_cache_pages_used {kv_cache.used}",
                          "# TYPE rlx_kv_cache_bytes gauge",
                          f"rlx_kv_cache_bytes {kv_cache.bytes}"]
            for name, pair in (("time_to_first_token", self.ttft),
                               ("inter_token_latency", self.itl),
                               ("decode_call", self.decode_call),
                               ("prefill_call", self.prefill_call)):
                lines += [f"# TYPE rlx_{name}_seconds summary",
                          f"rlx_{name}_seconds_sum {pair[0]:.6f}",
                          f"rlx_{name}_seconds_count {pair[1]}"]
            return "\n".join(lines) + "\n"


class Engine:
    """Runs jobs on ``decoder`` (a :class:`rlx.models.DecoderModel`; its ``max_batch``
    rows are the batch) and ``encoder`` (a :class:`rlx.models.SentenceEncoder`), either
    may be None, in one worker thread; at most ``max_queue`` jobs wait for a row."""

    def __init__(self, decoder: Any = None, encoder: Any = None, max_queue: int = 64,
                 speculative: PromptLookup | None = None, prefix_cache: bool = True,
                 background: bool = True):
        self.decoder = decoder
        self.prefix_cache = prefix_cache
        self.encoder = encoder
        self.max_queue = max_queue
        self.speculative = speculative
        self.metrics = Metrics()
        self._jobs: queue.Queue[Job | None] = queue.Queue()
        self._waiting = 0
        self._lock = threading.Lock()
        self._rows: list[_Unit | None] = []
        self._reserved = 0                 # pages the units in rows may hold at most
        self._queued: deque[_Unit] = deque()
        self._broken: APIError | None = None    # the decoder failed to start
        self._closed = False
        self.flush: Callable[[], None] | None = None
        """Called by the worker after each step and each batch of jobs taken (and before
        it waits for work): the HTTP app sets it to hand that work's events to its event
        loop at once. None: the jobs' emits deliver each event themselves."""
        self._thread: threading.Thread | None = None
        if background:
            self._thread = threading.Thread(target=self._work, name="rlx-serve-engine",
                                            daemon=True)
            self._thread.start()

    def run(self) -> None:
        """Run the engine in the calling thread until :meth:`close` (an engine made with
        ``background=False``). The programs' OpenMP threads then belong to that thread's
        team: run it in the thread that ran the models before (the main thread of
        ``rlx serve``), since a second team beside a lingering first one oversubscribes
        the cores, and libgomp then stops spinning between kernels (a decode step of
        SmolLM2 measured 16 ms instead of 4.5 on 2 cores)."""
        if self._thread is not None:
            raise RuntimeError("this engine already runs in its own thread")
        self._work()

    @property
    def background(self) -> bool:
        """Whether the engine runs in a thread of its own."""
        return self._thread is not None

    @property
    def queue_depth(self) -> int:
        """Jobs waiting for a row (or for the worker to take them)."""
        return self._waiting

    def kv_cache_use(self) -> KVCacheUse | None:
        """The decoder's paged KV cache now, or None (no decoder, or a contiguous cache)."""
        pool = getattr(self.decoder, "pool", None)
        if pool is None:
            return None
        return KVCacheUse(pool.pages, pool.pages - pool.free_pages,
                          pool.pages * pool.bytes_per_page, self.decoder.kv_dtype)

    @property
    def max_batch(self) -> int:
        return getattr(self.decoder, "max_batch", 1) if self.decoder is not None else 0

    def submit(self, job: Job) -> None:
        """Queue ``job``; APIError 429 when ``max_queue`` jobs already wait, 503 once the
        engine is closed (nothing would take the job)."""
        with self._lock:
            if self._closed:
                raise APIError(503, "the server is shutting down", kind="server_error")
            if self._waiting >= self.max_queue:
                raise APIError(429, f"the server's queue is full ({self.max_queue} requests "
                                    "waiting); retry later", code="queue_full",
                               kind="rate_limit_error")
            self._waiting += 1
            # under the lock: no job lands behind close()'s stop marker
            self._jobs.put(job)

    def close(self) -> None:
        """Stop the worker; jobs still running or waiting end with an error, and later
        submits are refused."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self._jobs.put(None)
        if self._thread is not None:
            self._thread.join()

    def _done_waiting(self) -> None:
        with self._lock:
            self._waiting -= 1

    # ------------------------------------------------------------------ worker
    def _work(self) -> None:
        if self.decoder is not None:
            try:
                self.decoder.reset(self.max_batch)
            except Exception as e:      # no decoder to run: every generation fails
                self._broken = _as_api_error(e)
                self.decoder = None
            self._rows = [None] * self.max_batch
        while True:
            idle = not any(self._rows) and not self._queued
            self._flush()
            if not self._take_jobs(block=idle):
                break
            self._flush()
            try:
                self._step()
            except Exception as e:      # a bug or a failing model: fail the running jobs
                self._fail_all(_as_api_error(e))
        self._fail_all(APIError(503, "the server is shutting down", kind="server_error"))
        self._flush()

    def _flush(self) -> None:
        if self.flush is not None:
            self.flush()

    def _take_jobs(self, block: bool) -> bool:
        """Move submitted jobs into the scheduler (blocking for one when ``block``);
        False once the engine is closing."""
        while True:
            try:
                job = self._jobs.get(block=block)
            except queue.Empty:
                return True
            if job is None:
                return False
            block = False
            if job.cancelled.is_set():
                self._done_waiting()
            elif isinstance(job.request, EmbeddingRequest):
                self._run_alone(job, self._embed)
            else:
                self._run_alone(job, self._admit_job)

    def _run_alone(self, job: Job, work: Callable[[Job], None]) -> None:
        """Run ``work(job)``; a failure ends the job with its error."""
        try:
            work(job)
        except Exception as e:
            self._done_waiting()
            job.emit(("error", _as_api_error(e)))
            job.emit(("end",))

    def _admit_job(self, job: Job) -> None:
        """Tokenise the job's prompts, check them against the context, and queue one unit
        per prompt and choice (the job's "start" event says the prompts' lengths)."""
        req = job.request
        model = self.decoder
        if self._broken is not None:
            raise self._broken
        if model is None:
            raise APIError(400, "this server has no text generation model")
        all_ids = [prompt_ids(model, p, req.chat) for p in req.prompts]
        max_seq = model.max_seq
        stop_ids = {int(i) for i in model.config.eos_ids}
        units = []
        for p, ids in enumerate(all_ids):
            space = max_seq - len(ids)
            if space < 1:
                raise APIError(400, f"the prompt has {len(ids)} tokens; this model's context "
                                    f"is {max_seq}", param="messages" if req.chat else "prompt",
                               code="context_length_exceeded")
            if req.max_tokens is not None and req.max_tokens > space:
                raise APIError(400, f"the prompt ({len(ids)} tokens) and max_tokens "
                                    f"({req.max_tokens}) exceed this model's context of "
                                    f"{max_seq} tokens", param="max_tokens",
                               code="context_length_exceeded")
            # a chat without max_tokens runs to the end of the context: prompt and
            # completion within max_seq, the limit max_tokens is held to above
            max_new = space if req.max_tokens is None else req.max_tokens
            for i in range(req.n):
                sampling = req.sampling
                if sampling.seed is not None and i:
                    sampling = dataclasses.replace(sampling, seed=sampling.seed + i)
                units.append(_Unit(job, p * req.n + i,
                                   SequenceProgress(model, ids, req.stop, stop_ids, max_new),
                                   Sampler(sampling), list(ids)))
        pool = getattr(model, "pool", None)
        for unit in units:
            unit.pages = self._pages_needed(unit, pool)
            if pool is not None and unit.pages > pool.pages:
                raise APIError(400, f"the prompt ({len(unit.progress.prompt)} tokens) and up "
                                    f"to {unit.progress.max_new} new tokens need "
                                    f"{unit.pages} pages of the KV cache, which has "
                                    f"{pool.pages} of {pool.tokens_per_page} tokens; ask for "
                                    "fewer max_tokens", param="max_tokens",
                               code="context_length_exceeded")
        job.units_left = job.waiting = len(units)
        job.emit(("start", [len(ids) for ids in all_ids]))
        self.metrics.prompt_tokens += sum(len(u.progress.prompt) for u in units)
        self._queued.extend(units)

    # ------------------------------------------------------------------ one step
    def _step(self) -> None:
        try:
            self._run_step()
        finally:
            self.metrics.busy = sum(u is not None for u in self._rows)

    def _run_step(self) -> None:
        if self.decoder is None:
            return
        self._drop_cancelled()
        self._fill_rows()
        rows = self._rows
        decoding = [r for r, u in enumerate(rows) if u is not None and u.feed is not None]
        if decoding and self.speculative is not None:
            self._speculate(decoding)
        elif decoding:
            pieces = [[u.feed] if r in decoding else [] for r, u in enumerate(rows)]
            with self.metrics.timed("decode_call"):
                logits = self.decoder.extend(pieces, copy=False)
            self._choose_rows(decoding, logits)
        chunk = self.decoder.prefill_chunk
        filling = [r for r, u in enumerate(rows)
                   if u is not None and u.feed is None and u.pending]
        if filling:
            pieces = [[] for _ in rows]
            for r in filling:
                unit = rows[r]
                pieces[r], unit.pending = unit.pending[:chunk], unit.pending[chunk:]
            with self.metrics.timed("prefill_call"):
                logits = self.decoder.extend(pieces, copy=False)
            self.metrics.prefilled_tokens += sum(len(p) for p in pieces)
            for r in filling:
                if not rows[r].pending:
                    self._choose(r, logits)

    def _speculate(self, decoding: list[int]) -> None:
        """One verify call for the decoding rows (:func:`speculative_step`, as ``rlx
        generate`` steps with the same drafter); each emits what it accepts."""
        rows = self._rows
        with self.metrics.timed("decode_call"):
            steps = speculative_step(self.decoder, self.speculative,
                                     {r: (rows[r].progress, rows[r].feed, rows[r].sampler)
                                      for r in decoding})
        for r, step in steps.items():
            unit = rows[r]
            self.metrics.drafted += len(step.draft)
            self.metrics.accepted += len(step.tokens) - 1
            for token, after in zip(step.tokens, step.logits):
                if self._rows[r] is not unit:       # it finished: the row was freed
                    break
                self._deliver(r, token, after)

    def _choose_rows(self, rows: list[int], logits: np.ndarray) -> None:
        """:meth:`_choose` for each of ``rows`` in turn; the greedy rows without a
        repetition penalty take their tokens from one argmax over ``logits`` (their
        samplers' tokens: a row refused there goes through its sampler, which raises).
        With 16 greedy streams of SmolLM2 the engine's Python outside the model's step
        took 0.57-0.60 -> 0.42-0.52 ms a step."""
        plain = {r for r in rows if self._rows[r].sampler.params.takes_argmax}
        picks = finite = None
        if len(plain) > 1:
            picks, finite = argmax_rows(logits)
        for r in rows:
            if picks is not None and r in plain and finite[r]:
                self._deliver(r, int(picks[r]), logits[r])
            else:
                self._choose(r, logits)

    def _choose(self, row: int, logits: np.ndarray) -> None:
        """Sample the next token of the unit in ``row`` from its row of ``logits``."""
        unit = self._rows[row]
        context = None if unit.sampler.params.repetition_penalty == 1 else [
            unit.progress.context()]
        self._deliver(row, int(unit.sampler(logits[row:row + 1], context)[0]), logits[row])

    def _deliver(self, row: int, token: int, logits: np.ndarray) -> None:
        """Add ``token`` (chosen from ``logits`` [vocab]) to the unit in ``row``, stream
        its text, and free the row when the unit finished."""
        unit = self._rows[row]
        progress = unit.progress
        now = time.perf_counter()
        if unit.last_token_at is None:
            self.metrics.add("ttft", now - unit.job.queued_at)
        else:
            self.metrics.add("itl", now - unit.last_token_at)
        unit.last_token_at = now
        self.metrics.generated_tokens += 1
        counted = len(progress.generated)
        text = progress.take(token)
        top = unit.job.request.logprobs
        if top is not None and len(progress.generated) > counted:    # not an end token
            if unit.text_decoder is None:
                unit.text_decoder = codecs.getincrementaldecoder("utf-8")("replace")
            unit.job.emit(("logprob", unit.choice,
                           token_logprob(logits, token, top, self._token_bytes,
                                         unit.text_decoder)))
        if text:
            unit.job.emit(("piece", unit.choice, text))
        if progress.finish_reason is None:
            unit.feed = token
            return
        unit.job.emit(("done", unit.choice, progress.finish_reason, len(progress.generated)))
        self._free(row)

    def _token_bytes(self, token: int) -> bytes:
        return self.decoder.tokenizer.token_bytes(token)

    def _pages_needed(self, unit: _Unit, pool: Any) -> int:
        """The pages ``unit``'s sequence holds at its longest: its prompt, every token it
        may generate and a verify call's drafts past them."""
        if pool is None:
            return 0
        drafts = 0 if self.speculative is None else self.speculative.num_draft
        tokens = min(len(unit.progress.prompt) + unit.progress.max_new + drafts,
                     self.decoder.max_seq)
        return -(-tokens // pool.tokens_per_page)

    def _free(self, row: int) -> None:
        job = self._rows[row].job
        self._reserved -= self._rows[row].pages
        self._rows[row] = None
        self.decoder.release(row)
        job.units_left -= 1
        if job.units_left == 0:
            job.emit(("end",))

    def _fill_rows(self) -> None:
        """Give free rows to waiting units, first come first served; a unit whose prompt
        starts as an earlier one did takes that prefix's cached pages (paged caches) and
        prefills only the rest. With a paged cache a unit waits until the pages every
        running unit may still take leave room for all it may take (its prompt, its
        max_tokens), so no step runs out of pages: a full pool makes requests wait
        rather than fail."""
        pool = getattr(self.decoder, "pool", None)
        for r, unit in enumerate(self._rows):
            if unit is None and self._queued:
                if pool is not None and self._reserved + self._queued[0].pages > pool.pages:
                    break
                unit = self._queued.popleft()
                self._reserved += unit.pages
                self._rows[r] = unit
                reuse = getattr(self.decoder, "reuse_prefix", None)
                if reuse is not None and self.prefix_cache and len(unit.pending) > 1:
                    found = reuse(r, unit.pending[:-1])    # the last token makes the logits
                    unit.pending = unit.pending[found:]
                    self.metrics.reused_tokens += found
                unit.job.waiting -= 1
                if unit.job.waiting == 0:
                    self._done_waiting()

    def _drop_cancelled(self) -> None:
        """Free the rows and queue places of jobs whose client went away."""
        for r, unit in enumerate(self._rows):
            if unit is not None and unit.job.cancelled.is_set():
                self._free(r)
        if any(u.job.cancelled.is_set() for u in self._queued):
            keep = deque()
            for unit in self._queued:
                if not unit.job.cancelled.is_set():
                    keep.append(unit)
                    continue
                job = unit.job
                job.waiting -= 1
                job.units_left -= 1
                if job.waiting == 0:
                    self._done_waiting()
                if job.units_left == 0:
                    job.emit(("end",))
            self._queued = keep

    def _fail_all(self, error: APIError) -> None:
        """End every job in a row or waiting with ``error``; the cache starts afresh."""
        jobs = {id(u.job): u.job for u in [*self._rows, *self._queued] if u is not None}
        for job in jobs.values():
            if job.waiting:
                self._done_waiting()
            job.emit(("error", error))
            job.emit(("end",))
        self._queued.clear()
        if self.decoder is not None:
            self._rows = [None] * self.max_batch
            self._reserved = 0
            self.decoder.reset(self.max_batch)

    def _embed(self, job: Job) -> None:
        req = job.request
        encoder = self.encoder
        if encoder is None:
            raise APIError(400, "this server has no embedding model")
        vectors = encoder.encode(req.texts)
        tokens = int(np.asarray(encoder.tokenizer.encode_batch(
            req.texts, max_length=encoder.max_length).attention_mask).sum())
        self._done_waiting()
        job.emit(("embeddings", vectors, tokens))
        job.emit(("end",))


def _as_api_error(e: Exception) -> APIError:
    if isinstance(e, APIError):
        return e
    if isinstance(e, InputError) or getattr(e, "by_request", False):
        return APIError(400, str(e))      # a bad request (a chat the model cannot render)
    if isinstance(e, RlxError):
        return APIError(500, str(e), kind="server_error")
    return APIError(500, f"{type(e).__name__}: {e}", kind="server_error")
