"""``python -m bench serve``: ``rlx serve`` under concurrent streams, and llama.cpp's server.

Each server runs in its own process on 127.0.0.1 with the same GGUF file. For each
concurrency ``c`` (default 1, 4, 16), ``c`` client threads each send streaming
completions (greedy, ``--tokens`` tokens, prompts that differ per request) one after
another for ``--seconds``; a request that returns fewer or more tokens than asked,
or another status than 200, fails the run. Reported per server and concurrency:
aggregate completion tokens per second (all tokens / wall time), and the p50 / p99 of
the time to first token and of the time between tokens, as the client sees them.
``--kv-dtype`` is rlx serve's (f16: a cache of half the bytes, as llama.cpp's);
``--prompt-words N`` puts N more words before each prompt, so that every stream decodes
over a long context (a few hundred cached tokens, where reading the KV cache costs as
much as the weights).

``--load`` runs the load test instead: ``--streams`` concurrent streams (default 32) for
``--seconds`` (default 60) against rlx alone, each text checked against the one the
same prompt gave alone before the load (no token lost, duplicated or mixed up), no
5xx, and the server's resident memory after warm-up and at the end.

llama.cpp's server needs ``pip install "llama-cpp-python[server]"``; it is skipped,
with the reason, when it cannot start.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

from bench import non_negative_int, positive_float, positive_int
from rlx.models.decoder import KV_DTYPES

PROMPT = "Story {k}: once upon a time, in a land far away, there lived"


WORDS = ("the sea and sky were blue while old men told long tales of ships gold "
         "storms kings birds trees rain fire stone river town night light day road").split()


def _prompt(args: argparse.Namespace, k: int) -> str:
    """Request ``k``'s prompt: the story line after ``--prompt-words`` common words (about
    a token each) in an order of its own, so that requests share no prefix."""
    order = [(k * 7919 + i * 104729 + i * i * 31) % len(WORDS) for i in range(args.prompt_words)]
    words = " ".join(WORDS[j] for j in order)
    return (f"Story {k}: {words}. " if words else "") + PROMPT.format(k=k)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", default=None, help="GGUF file (default: SmolLM2)")
    parser.add_argument("--concurrency", type=positive_int, nargs="+", default=[1, 4, 16])
    parser.add_argument("--tokens", type=positive_int, default=64,
                        help="completion tokens per request")
    parser.add_argument("--seconds", type=positive_float, default=20.0,
                        help="per concurrency level")
    parser.add_argument("--max-batch", type=positive_int, default=16, help="rlx serve --max-batch")
    parser.add_argument("--weights", default="gguf", choices=("gguf", "gguf-int8", "f32"))
    parser.add_argument("--kv-dtype", default="f32", choices=KV_DTYPES,
                        help="rlx serve --kv-dtype")
    parser.add_argument("--prompt-words", type=non_negative_int, default=0, metavar="N",
                        help="N words before each prompt: streams over a long context")
    parser.add_argument("--no-llama", action="store_true", help="rlx only")
    parser.add_argument("--load", action="store_true", help="run the load test instead")
    parser.add_argument("--streams", type=positive_int, default=32,
                        help="--load: concurrent streams")


def main(args: argparse.Namespace) -> int:
    from rlx.models import smollm2_gguf_path

    model = args.model or smollm2_gguf_path()
    if args.load:
        return _load_test(model, args)
    starters = [("rlx", _start_rlx)]
    if not args.no_llama:
        starters.append(("llama.cpp", _start_llama))
    rows = []
    # one server at a time: one that loads its model while the other is measured takes
    # cores from it (rlx's 16 streams read 415 tok/s beside llama.cpp's start, 510-600
    # alone)
    for name, start in starters:
        server = start(model, args)
        if isinstance(server, str):
            print(f"{name}: not run ({server})")
            continue
        try:
            for c in args.concurrency:
                before = _model_calls(server.url)
                rows.append((name, c, _measure(server.url, c, args)))
                print(_row(*rows[-1]), flush=True)
                after = _model_calls(server.url)
                if before is not None and after is not None:
                    print(_calls_line(before, after), flush=True)
        finally:
            server.stop()
    print(f"\n{args.tokens} greedy tokens per request, {args.seconds:.0f} s per level; rlx "
          f"--max-batch {args.max_batch}")
    print("| server | streams | tokens/s | TTFT p50 / p99 (ms) | ITL p50 / p99 (ms) |")
    print("|---|---|---|---|---|")
    for row in rows:
        print(_row(*row))
    return 0


def _model_calls(url: str) -> dict[str, float] | None:
    """The model-call counters of ``url``'s ``/metrics`` (rlx serve's), or None where
    the server has none (llama.cpp's)."""
    try:
        with urllib.request.urlopen(url + "/metrics", timeout=30) as r:
            text = r.read().decode()
    except (OSError, ValueError):
        return None
    values = {}
    for line in text.splitlines():
        name, _, value = line.rpartition(" ")
        if name.startswith(("rlx_decode_call", "rlx_prefill_call", "rlx_prefilled")):
            values[name] = float(value)
    return values or None


def _calls_line(before: dict[str, float], after: dict[str, float]) -> str:
    """The server's decode and prefill calls during one level: count, mean time and
    the prompt tokens prefilled (where a level's time went, as the server saw it)."""
    d = {k: after[k] - before.get(k, 0.0) for k in after}
    parts = []
    for kind in ("decode", "prefill"):
        n, total = d[f"rlx_{kind}_call_seconds_count"], d[f"rlx_{kind}_call_seconds_sum"]
        mean = f"{1e3 * total / n:.1f} ms" if n else "-"
        parts.append(f"{kind} calls {n:.0f} ({mean} each, {total:.1f} s)")
    return f"    server: {', '.join(parts)}, {d['rlx_prefilled_tokens_total']:.0f} " \
           f"prompt tokens prefilled"


def _row(name, c, m) -> str:
    failed = f" ({m['failed']} requests failed)" if m["failed"] else ""
    return (f"| {name} | {c} | {m['tps']:.1f}{failed} | {m['ttft'][0]:.0f} / "
            f"{m['ttft'][1]:.0f} | {m['itl'][0]:.1f} / {m['itl'][1]:.1f} |")


class _Server:
    def __init__(self, proc: subprocess.Popen, url: str):
        self.proc, self.url = proc, url

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(proc: subprocess.Popen, url: str, seconds: float = 300) -> str | None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return f"exited with status {proc.returncode}"
        try:
            with urllib.request.urlopen(url + "/v1/models", timeout=5):
                return None
        except OSError:
            time.sleep(0.2)
    return "did not start in time"


def _start_rlx(model: str, args: argparse.Namespace) -> _Server | str:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "rlx.cli", "serve", "--model", model,
                             "--port", str(port), "--max-batch", str(args.max_batch),
                             "--max-queue", "1024", "--weights", args.weights,
                             "--kv-dtype", args.kv_dtype, "--no-embeddings"])
    url = f"http://127.0.0.1:{port}"
    why = _wait(proc, url)
    return _Server(proc, url) if why is None else why


def _start_llama(model: str, args: argparse.Namespace) -> _Server | str:
    try:
        import fastapi  # noqa: F401
        import llama_cpp.server  # noqa: F401
    except ImportError as e:
        return f"llama-cpp-python[server] is not installed: {e}"
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", model,
                             "--port", str(port), "--n_ctx", "2048",
                             "--interrupt_requests", "False",      # queue, do not cut off
                             "--n_threads", str(len(os.sched_getaffinity(0)))],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    why = _wait(proc, url)
    return _Server(proc, url) if why is None else why


def _served_name(url: str) -> str:
    with urllib.request.urlopen(url + "/v1/models", timeout=30) as r:
        return json.loads(r.read())["data"][0]["id"]


def stream_completion(url: str, model: str, prompt: str, tokens: int
                      ) -> tuple[int, str, list[float], int]:
    """(status, text, arrival time of each content chunk, completion tokens) of one
    streamed greedy completion."""
    body = json.dumps({"model": model, "prompt": prompt, "max_tokens": tokens,
                       "temperature": 0, "stream": True,
                       "stream_options": {"include_usage": True}}).encode()
    req = urllib.request.Request(url + "/v1/completions", data=body,
                                 headers={"Content-Type": "application/json"})
    times, text, usage = [], [], None
    try:
        with urllib.request.urlopen(req, timeout=600) as r:
            for line in r:
                line = line.strip()
                if not line.startswith(b"data: ") or line == b"data: [DONE]":
                    continue
                chunk = json.loads(line[6:])
                if chunk.get("usage"):
                    usage = chunk["usage"]["completion_tokens"]
                for choice in chunk.get("choices", []):
                    if choice.get("text"):
                        times.append(time.perf_counter())
                        text.append(choice["text"])
            status = r.status
    except urllib.error.HTTPError as e:
        return e.code, "", [], 0
    return status, "".join(text), times, usage if usage is not None else len(times)


def _measure(url: str, concurrency: int, args: argparse.Namespace) -> dict:
    model, tokens, seconds = _served_name(url), args.tokens, args.seconds
    # warm: as many streams as will be measured, so every batch size has run
    warm = [threading.Thread(target=stream_completion,
                             args=(url, model, _prompt(args, -1 - i), 4))
            for i in range(concurrency)]
    for t in warm:
        t.start()
    for t in warm:
        t.join()
    ttft, itl, counts, failures = [], [], [], []
    lock = threading.Lock()
    start = time.perf_counter()
    stop_at = start + seconds

    def client(i: int) -> None:
        k = 0
        while time.perf_counter() < stop_at:
            t0 = time.perf_counter()
            status, _, times, n = stream_completion(url, model, _prompt(args, i * 1000 + k),
                                                    tokens)
            k += 1
            with lock:
                if status != 200 or n != tokens:
                    failures.append((status, n))
                    continue
                counts.append(n)
                if times:
                    ttft.append(times[0] - t0)
                    itl.extend(b - a for a, b in zip(times, times[1:]))

    threads = [threading.Thread(target=client, args=(i,)) for i in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    if failures:
        print(f"{url}: {len(failures)} requests did not return {tokens} tokens with status "
              f"200 (status, tokens): {failures[:5]}", flush=True)
    return {"tps": sum(counts) / wall, "ttft": _p50_p99(ttft), "itl": _p50_p99(itl),
            "failed": len(failures)}


def _p50_p99(values: list[float]) -> tuple[float, float]:
    if not values:
        return (float("nan"), float("nan"))
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
    return statistics.median(values) * 1e3, p99 * 1e3


def _rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _load_test(model: str, args: argparse.Namespace) -> int:
    server = _start_rlx(model, args)
    if isinstance(server, str):
        raise SystemExit(f"rlx serve did not start: {server}")
    try:
        name = _served_name(server.url)
        prompts = [_prompt(args, k) for k in range(args.streams)]
        expected = [stream_completion(server.url, name, p, args.tokens)[1] for p in prompts]
        rss_warm = _rss_mb(server.proc.pid)
        done, bad = [0], []
        stop_at = time.perf_counter() + args.seconds
        lock = threading.Lock()

        def client(i: int) -> None:
            while time.perf_counter() < stop_at:
                status, text, _, _ = stream_completion(server.url, name, prompts[i],
                                                       args.tokens)
                with lock:
                    done[0] += 1
                    if status != 200 or text != expected[i]:
                        bad.append((i, status, text[:60]))

        threads = [threading.Thread(target=client, args=(i,)) for i in range(args.streams)]
        for t in threads:
            t.start()
        samples = []
        while any(t.is_alive() for t in threads):
            samples.append(_rss_mb(server.proc.pid))
            time.sleep(args.seconds / 10)
        for t in threads:
            t.join()
        rss_end = _rss_mb(server.proc.pid)
    finally:
        server.stop()
    print(f"load: {args.streams} streams for {args.seconds:.0f} s: {done[0]} requests, "
          f"{len(bad)} wrong or failed; server RSS {rss_warm:.0f} MB after warm-up, "
          f"{rss_end:.0f} MB at the end; during the load (MB): "
          f"{' '.join(f'{x:.0f}' for x in samples)}")
    for item in bad[:10]:
        print("  ", item)
    return 1 if bad else 0
