"""The serving engine: one worker thread owns the models and runs queued requests.

Requests are jobs in a FIFO queue of bounded depth (a full queue refuses new jobs:
HTTP 429). The worker runs one job at a time: a generation streams its tokens through
the job's ``emit`` callback as they are chosen (the web layer turns them into SSE
chunks or one response), and stops at the next token once the job is cancelled (a
client that disconnected). Runs of one request are those of ``rlx generate``: the same
prompt, sampling settings and seed give the same text. Choice ``i`` of a request with
``n`` > 1 and a ``seed`` samples with ``seed + i``.

Requests do not share a decode batch yet: a request waits for the ones before it.
"""

from __future__ import annotations

import dataclasses
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rlx.errors import InputError, RlxError
from rlx.models.generation import DEFAULT_MAX_NEW_TOKENS, prompt_ids, stream
from rlx.serve.protocol import APIError, EmbeddingRequest, GenerationRequest

Emit = Callable[[tuple], None]
"""A job's event sink, called from the worker thread: ("start", prompt tokens per
prompt), ("piece", choice, text), ("done", choice, finish_reason, completion tokens),
("embeddings", matrix, tokens), ("error", APIError) and last ("end",)."""


@dataclass
class Job:
    request: GenerationRequest | EmbeddingRequest
    emit: Emit
    cancelled: threading.Event = field(default_factory=threading.Event)
    queued_at: float = field(default_factory=time.perf_counter)


class Metrics:
    """Counters and sums the ``/metrics`` endpoint prints (Prometheus text format)."""

    def __init__(self):
        self._lock = threading.Lock()
        self.requests: dict[tuple[str, int], int] = {}
        self.prompt_tokens = 0
        self.generated_tokens = 0
        self.ttft = [0.0, 0]            # sum of seconds, count
        self.itl = [0.0, 0]
        self.busy = 0

    def request(self, endpoint: str, status: int) -> None:
        with self._lock:
            key = (endpoint, status)
            self.requests[key] = self.requests.get(key, 0) + 1

    def add(self, name: str, seconds: float) -> None:
        with self._lock:
            pair = getattr(self, name)
            pair[0] += seconds
            pair[1] += 1

    def text(self, queue_depth: int) -> str:
        with self._lock:
            lines = ["# TYPE rlx_requests_total counter"]
            lines += [f'rlx_requests_total{{endpoint="{e}",status="{s}"}} {n}'
                      for (e, s), n in sorted(self.requests.items())]
            lines += ["# TYPE rlx_prompt_tokens_total counter",
                      f"rlx_prompt_tokens_total {self.prompt_tokens}",
                      "# TYPE rlx_generated_tokens_total counter",
                      f"rlx_generated_tokens_total {self.generated_tokens}",
                      "# TYPE rlx_queue_depth gauge", f"rlx_queue_depth {queue_depth}",
                      "# TYPE rlx_batch_occupancy gauge", f"rlx_batch_occupancy {self.busy}"]
            for name, pair in (("time_to_first_token", self.ttft),
                               ("inter_token_latency", self.itl)):
                lines += [f"# TYPE rlx_{name}_seconds summary",
                          f"rlx_{name}_seconds_sum {pair[0]:.6f}",
                          f"rlx_{name}_seconds_count {pair[1]}"]
            return "\n".join(lines) + "\n"


class Engine:
    """Runs jobs on ``decoder`` (a DecoderModel or any model of the generation
    protocol) and ``encoder`` (a SentenceEncoder), either may be None, in one worker
    thread; at most ``max_queue`` jobs wait."""

    def __init__(self, decoder: Any = None, encoder: Any = None, max_queue: int = 64):
        self.decoder = decoder
        self.encoder = encoder
        self.max_queue = max_queue
        self.metrics = Metrics()
        self._jobs: queue.Queue[Job | None] = queue.Queue()
        self._waiting = 0
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._work, name="rlx-serve-engine",
                                        daemon=True)
        self._thread.start()

    @property
    def queue_depth(self) -> int:
        return self._waiting

    def submit(self, job: Job) -> None:
        """Queue ``job``; APIError 429 when ``max_queue`` jobs already wait."""
        with self._lock:
            if self._waiting >= self.max_queue:
                raise APIError(429, f"the server's queue is full ({self.max_queue} requests "
                                    "waiting); retry later", code="queue_full",
                               kind="rate_limit_error")
            self._waiting += 1
        self._jobs.put(job)

    def close(self) -> None:
        """Stop the worker after the jobs already queued."""
        self._jobs.put(None)
        self._thread.join()

    # ------------------------------------------------------------------ worker
    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            with self._lock:
                self._waiting -= 1
            self.metrics.busy = 1
            try:
                if job.cancelled.is_set():
                    continue
                if isinstance(job.request, EmbeddingRequest):
                    self._embed(job)
                else:
                    self._generate(job)
            except APIError as e:
                job.emit(("error", e))
            except InputError as e:
                job.emit(("error", APIError(400, str(e))))
            except RlxError as e:
                job.emit(("error", APIError(500, str(e), kind="server_error")))
            except Exception as e:      # a bug: the request fails, the server goes on
                job.emit(("error", APIError(500, f"{type(e).__name__}: {e}",
                                            kind="server_error")))
            finally:
                self.metrics.busy = 0
                job.emit(("end",))

    def _generate(self, job: Job) -> None:
        req = job.request
        model = self.decoder
        chat = req.chat
        all_ids = [prompt_ids(model, p, chat) for p in req.prompts]
        max_seq = getattr(model, "max_seq", None)
        budgets = []
        for ids in all_ids:
            room = None if max_seq is None else max_seq - len(ids)
            if room is not None and room < 1:
                raise APIError(400, f"the prompt has {len(ids)} tokens; this model's context "
                                    f"is {max_seq}", param="messages" if chat else "prompt",
                               code="context_length_exceeded")
            if req.max_tokens is not None and room is not None and req.max_tokens > room:
                raise APIError(400, f"the prompt ({len(ids)} tokens) and max_tokens "
                                    f"({req.max_tokens}) exceed this model's context of "
                                    f"{max_seq} tokens", param="max_tokens",
                               code="context_length_exceeded")
            if req.max_tokens is not None:
                budgets.append(req.max_tokens)
            else:       # to the end of the context
                budgets.append(room if room is not None else DEFAULT_MAX_NEW_TOKENS)
        job.emit(("start", [len(ids) for ids in all_ids]))
        self.metrics.prompt_tokens += sum(len(ids) for ids in all_ids) * req.n
        for p, ids in enumerate(all_ids):
            for i in range(req.n):
                choice = p * req.n + i
                sampling = req.sampling
                if sampling.seed is not None and i:
                    sampling = dataclasses.replace(sampling, seed=sampling.seed + i)
                tokens = stream(model, ids, sampling, max_new_tokens=budgets[p], stop=req.stop)
                last = time.perf_counter()
                count = 0
                for piece in tokens:
                    now = time.perf_counter()
                    self.metrics.add("ttft" if count == 0 else "itl",
                                     now - (job.queued_at if count == 0 else last))
                    last = now
                    count += 1
                    self.metrics.generated_tokens += 1
                    if job.cancelled.is_set():
                        return
                    if piece.text:
                        job.emit(("piece", choice, piece.text))
                result = tokens.result
                job.emit(("done", choice, result.finish_reason, len(result.token_ids)))

    def _embed(self, job: Job) -> None:
        req = job.request
        encoder = self.encoder
        vectors = encoder.encode(req.texts)
        tokens = int(np.asarray(encoder.tokenizer.encode_batch(
            req.texts, max_length=encoder.max_length).attention_mask).sum())
        job.emit(("embeddings", vectors, tokens))
