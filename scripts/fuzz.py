"""Fuzz rlx's file loaders: every malformed input must load or raise an RlxError.

    python scripts/fuzz.py --all --seconds 600          # the long campaign
    python scripts/fuzz.py --target gguf --seconds 60   # one target
    python scripts/fuzz.py --all --runs 20000 --jobs 2  # a fixed number of inputs (CI)
    python scripts/fuzz.py --target gguf --replay FILE  # re-run saved inputs
    python scripts/fuzz.py --make-seeds                 # rewrite the seed corpus

Targets (``scripts/fuzz_targets.py``): onnx, gguf, safetensors, graph-json,
tokenizer-json, tokenizer-gguf, cli-npy. Each runs in a worker process for the
given seconds, starting from ``tests/data/fuzz/seeds/<target>/`` and
``tests/data/fuzz/regressions/<target>/``. The engine is atheris (coverage-guided
libFuzzer, the rlx package instrumented) when it is installed, else a seeded random
mutator (``--engine random``); both use the format-aware mutations of
``scripts/fuzz_mutate.py``.

A finding is an exception that is not an ``rlx.errors.RlxError`` (a MemoryError
included, also when an RlxError wraps it: the worker's address space is capped at
2 GiB above its size after start-up, so an allocation sized by an unchecked header
field fails), a run over
``--timeout`` seconds (5) or a dead worker. Each distinct finding (exception type
and the line that raised it) is saved once as
``tests/data/fuzz/crashes/<target>/<kind>-<sha1>.<suffix>``; once fixed, move the
file to ``tests/data/fuzz/regressions/<target>/``, where the test suite replays it.
The exit status is 1 when anything was found.

``--runs N`` fuzzes a fixed number of inputs per target instead of a time (``--seconds``
then only caps it): with the fixed ``--seed`` the same inputs are tried on any machine,
so a short run in CI finds the same things every time and does not fail on what a
faster machine happened to reach. The long campaigns are the time-bound ones.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import hashlib
import json
import mmap
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fuzz_mutate import mutate  # noqa: E402
from fuzz_targets import TARGETS, Target, write_seeds  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FUZZ_DATA = os.path.join(ROOT, "tests", "data", "fuzz")
SEEDS = os.path.join(FUZZ_DATA, "seeds")
REGRESSIONS = os.path.join(FUZZ_DATA, "regressions")
CRASHES = os.path.join(FUZZ_DATA, "crashes")
TIMEOUT_S = 5.0
ADDRESS_SPACE_HEADROOM = 2 << 30
MAX_LEN = 1 << 15
STATE = struct.Struct("<dQ")   # start time of the running execution (0: idle), executions


@dataclass
class Finding:
    kind: str                 # exception type, "Timeout" or "Crash"
    message: str
    where: str                # the line that raised, or "" for timeouts and crashes
    reproducer: str
    count: int = 1

    @property
    def key(self) -> str:
        return f"{self.kind}@{self.where}" if self.where else self.kind


@dataclass
class Report:
    target: str
    engine: str
    executions: int = 0
    seconds: float = 0.0
    findings: dict[str, Finding] = field(default_factory=dict)

    def add(self, finding: Finding) -> None:
        known = self.findings.get(finding.key)
        if known is None:
            self.findings[finding.key] = finding
        else:
            known.count += finding.count


# ---------------------------------------------------------------------- one execution
def seed_files(name: str) -> list[str]:
    """The seed and regression files of target ``name``, sorted."""
    files = []
    for root in (SEEDS, REGRESSIONS):
        folder = os.path.join(root, name)
        if os.path.isdir(folder):
            files += sorted(os.path.join(folder, f) for f in os.listdir(folder)
                            if not f.startswith("."))
    return files


def _where(exc: BaseException) -> str:
    """``file:line`` of the innermost frame in rlx (else the innermost frame)."""
    frames = traceback.extract_tb(exc.__traceback__)
    inside = [f for f in frames if f"{os.sep}rlx{os.sep}" in f.filename] or frames
    if not inside:
        return ""
    frame = inside[-1]
    return f"{os.path.basename(frame.filename)}:{frame.lineno}"


def save_reproducer(target: Target, kind: str, data: bytes, folder: str) -> str:
    os.makedirs(folder, exist_ok=True)
    digest = hashlib.sha1(data).hexdigest()[:12]
    path = os.path.join(folder, f"{kind}-{digest}{target.suffix}")
    with open(path, "wb") as f:
        f.write(data)
    return os.path.relpath(path, ROOT)


class Harness:
    """Runs one target on byte strings in a private scratch directory."""

    def __init__(self, target: Target, scratch: str, crash_dir: str,
                 known: set[str] | None = None):
        self.target = target
        self.crash_dir = crash_dir
        self.input_path = os.path.join(scratch, "input" + target.suffix)
        self.known = set(known or ())
        self.findings: list[Finding] = []

    def write(self, data: bytes) -> None:
        with open(self.input_path, "wb") as f:
            f.write(data)

    def run(self, data: bytes) -> Finding | None | bool:
        """None when the load raised an RlxError, True when it succeeded, else the
        Finding (its reproducer saved the first time its key is seen)."""
        from rlx.errors import RlxError
        self.write(data)
        try:
            self.target.load(self.input_path)
            return True
        except RlxError as exc:
            if not _out_of_memory(exc):
                return None
            error: BaseException = exc.__cause__ or exc.__context__
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exc:  # a finding by definition (a Rust panic included)
            error = exc
        return self._finding(error, data)

    def _finding(self, exc: BaseException, data: bytes) -> Finding:
        message = (str(exc).strip().splitlines() or [""])[0][:300]
        finding = Finding(type(exc).__name__, message, _where(exc), "")
        if finding.key not in self.known:
            self.known.add(finding.key)
            finding.reproducer = save_reproducer(self.target, finding.kind, data,
                                                 self.crash_dir)
        self.findings.append(finding)
        return finding


def _out_of_memory(exc: BaseException) -> bool:
    """Whether an RlxError reports a MemoryError: a loader that wraps one has still
    tried an allocation the file could not back."""
    cause = exc.__cause__ or exc.__context__
    return isinstance(cause, MemoryError)


# ---------------------------------------------------------------------- worker process
class _State:
    """Start time of the running execution and the execution count, in a file the
    parent polls (the watchdog that turns a hang into a finding)."""

    def __init__(self, path: str):
        self._file = open(path, "r+b")
        self._map = mmap.mmap(self._file.fileno(), STATE.size)
        self.executions = STATE.unpack_from(self._map)[1]

    def begin(self) -> None:
        STATE.pack_into(self._map, 0, time.time(), self.executions)

    def end(self) -> None:
        self.executions += 1
        STATE.pack_into(self._map, 0, 0.0, self.executions)


def _cap_address_space() -> None:
    import resource
    with open("/proc/self/status") as f:
        size = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize"))
    limit = size + ADDRESS_SPACE_HEADROOM
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _import_loaders() -> None:
    import rlx  # noqa: F401
    import rlx.cli  # noqa: F401
    import rlx.frontends.gguf  # noqa: F401
    import rlx.frontends.onnx  # noqa: F401
    import rlx.frontends.safetensors  # noqa: F401
    import rlx.frontends.tokenizer  # noqa: F401
    import rlx.ir.serialize  # noqa: F401


def worker(args: argparse.Namespace) -> int:
    target = TARGETS[args.worker]
    with open(os.path.join(args.scratch, "known.json")) as f:
        known = set(json.load(f))
    state = _State(os.path.join(args.scratch, "state"))
    out = open(os.path.join(args.scratch, "findings.jsonl"), "a")
    work = os.path.join(args.scratch, "work")
    os.makedirs(work, exist_ok=True)
    harness = Harness(target, work, args.crash_dir, known)

    def execute(data: bytes) -> Finding | None | bool:
        state.begin()
        result = harness.run(data)
        state.end()
        if isinstance(result, Finding):
            out.write(json.dumps(result.__dict__) + "\n")
            out.flush()
        return result

    pool = [open(p, "rb").read() for p in seed_files(target.name)]
    if args.engine == "atheris":
        return _atheris(args, target, execute, pool)
    _import_loaders()
    _cap_address_space()
    rng = random.Random(args.seed)
    deadline = time.time() + args.seconds
    for data in pool:
        execute(data)
    grown: list[bytes] = []
    runs = args.runs if args.runs is not None else float("inf")
    while time.time() < deadline and state.executions < runs:
        data = mutate(rng.choice(pool + grown), rng, target.kind, pool, MAX_LEN)
        if execute(data) is True and len(grown) < 500 and rng.random() < 0.2:
            grown.append(data)
    return 0


def _atheris(args: argparse.Namespace, target: Target, execute, pool: list[bytes]) -> int:
    import atheris
    with atheris.instrument_imports(include=["rlx"]):
        _import_loaders()
    _cap_address_space()
    corpus = os.path.join(args.scratch, "corpus")
    os.makedirs(corpus, exist_ok=True)
    dirs = [d for d in (os.path.join(SEEDS, target.name), os.path.join(REGRESSIONS, target.name))
            if os.path.isdir(d)]

    def test_one(data: bytes) -> None:
        execute(data)

    def custom_mutator(data: bytes, max_size: int, seed: int) -> bytes:
        rng = random.Random(seed)
        if rng.random() < 0.5:
            return atheris.Mutate(data, max_size)
        return mutate(data, rng, target.kind, pool, max_size)

    runs = [] if args.runs is None else [f"-runs={max(0, args.runs - _start_count(args))}"]
    atheris.Setup([sys.argv[0], f"-max_total_time={max(1, int(args.seconds))}", *runs,
                   f"-timeout={int(args.timeout * 3)}", "-rss_limit_mb=4096",
                   f"-max_len={MAX_LEN}", f"-seed={args.seed}",
                   f"-artifact_prefix={os.path.join(args.scratch, 'artifact-')}",
                   "-print_final_stats=1", corpus, *dirs],
                  test_one, custom_mutator=custom_mutator)
    atheris.Fuzz()
    return 0


# ---------------------------------------------------------------------- the parent
def _read_state(path: str) -> tuple[float, int]:
    with open(path, "rb") as f:
        return STATE.unpack(f.read(STATE.size))


def _start_count(args: argparse.Namespace) -> int:
    """Executions the target's earlier workers made (the state file's count)."""
    return _read_state(os.path.join(args.scratch, "state"))[1]


def fuzz_target(name: str, seconds: float, engine: str, timeout: float, seed: int,
                crash_root: str = CRASHES, verbose: bool = False,
                runs: int | None = None) -> Report:
    """Fuzz ``name`` for ``seconds`` (or ``runs`` inputs, ``seconds`` then a cap) in
    worker processes; a worker that hangs past ``timeout`` or dies is recorded and
    replaced until the time or the runs are used up."""
    target = TARGETS[name]
    report = Report(name, engine)
    crash_dir = os.path.join(crash_root, name)
    started = time.time()
    scratch = tempfile.mkdtemp(prefix=f"rlx-fuzz-{name}-")
    try:
        with open(os.path.join(scratch, "state"), "wb") as f:
            f.write(bytes(STATE.size))
        for attempt in range(100):
            left = seconds - (time.time() - started)
            if left < 1 or attempt and left < 3:
                break
            if runs is not None and _read_state(os.path.join(scratch, "state"))[1] >= runs:
                break
            _run_worker(report, target, scratch, crash_dir, left, engine, timeout,
                        seed + attempt, verbose, runs)
        report.executions = _read_state(os.path.join(scratch, "state"))[1]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    report.seconds = time.time() - started
    return report


def _run_worker(report: Report, target: Target, scratch: str, crash_dir: str, seconds: float,
                engine: str, timeout: float, seed: int, verbose: bool,
                runs: int | None = None) -> None:
    with open(os.path.join(scratch, "known.json"), "w") as f:
        json.dump(sorted(report.findings), f)
    findings_path = os.path.join(scratch, "findings.jsonl")
    if os.path.exists(findings_path):
        os.remove(findings_path)
    command = [sys.executable, os.path.abspath(__file__), "--worker", target.name,
               "--scratch", scratch, "--crash-dir", crash_dir, "--engine", engine,
               "--seconds", str(seconds), "--timeout", str(timeout), "--seed", str(seed)]
    if runs is not None:
        command += ["--runs", str(runs)]
    log = open(os.path.join(scratch, "worker.log"), "wb")
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    failure = None
    deadline = time.time() + seconds + 120           # start-up and atheris' last run
    while proc.poll() is None:
        time.sleep(0.2)
        began, _ = _read_state(os.path.join(scratch, "state"))
        now = time.time()
        if began and now - began > timeout:
            failure = ("Timeout", f"one execution ran over {timeout:g} s")
        elif now > deadline:
            failure = ("Timeout", "the worker did not stop")
        if failure:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    log.close()
    if os.path.exists(findings_path):
        with open(findings_path) as f:
            for line in f:
                report.add(Finding(**json.loads(line)))
    if failure is None and proc.returncode != 0:
        tail = open(os.path.join(scratch, "worker.log"), "rb").read()[-2000:]
        failure = ("Crash", f"the worker exited with status {proc.returncode}: "
                   + tail.decode(errors="replace").strip().splitlines()[-1:][0]
                   if tail.strip() else f"the worker exited with status {proc.returncode}")
    if verbose:
        sys.stdout.write(open(os.path.join(scratch, "worker.log"), errors="replace").read())
    if failure:
        _record_failure(report, target, scratch, crash_dir, *failure, timeout)


def _record_failure(report: Report, target: Target, scratch: str, crash_dir: str,
                    kind: str, message: str, timeout: float) -> None:
    """A hang or a dead worker: the input it was running is the reproducer. A hang
    counts only when the input, run again alone, takes over ``timeout`` once more: a
    worker stalled by the machine (another process, the OS) is not a finding."""
    began, executions = _read_state(os.path.join(scratch, "state"))
    path = os.path.join(scratch, "work", "input" + target.suffix)
    data = open(path, "rb").read() if os.path.exists(path) else b""
    if kind == "Timeout" and began and not _hangs_again(target, path, timeout):
        print(f"   {target.name}: an execution ran over {timeout:g} s once but not when "
              "run again alone (a stalled worker, not counted)", flush=True)
    else:
        reproducer = save_reproducer(target, kind.lower(), data, crash_dir)
        report.add(Finding(kind, message, "", reproducer))
    with open(os.path.join(scratch, "state"), "r+b") as f:   # the lost run counts once
        f.write(STATE.pack(0.0, executions + (1 if began else 0)))


def _hangs_again(target: Target, path: str, timeout: float) -> bool:
    """Whether the input at ``path`` runs over ``timeout`` seconds when replayed in a
    fresh process (``--replay``, which times the execution itself)."""
    command = [sys.executable, os.path.abspath(__file__), "--target", target.name,
               "--replay", path]
    try:
        out = subprocess.run(command, capture_output=True, text=True,
                             timeout=timeout + 120).stdout
    except subprocess.TimeoutExpired:
        return True
    seconds = re.findall(r"\(([0-9.]+) s\)$", out.strip())
    return not seconds or float(seconds[-1]) > timeout


def print_report(report: Report) -> None:
    rate = report.executions / max(report.seconds, 1e-9)
    print(f"== {report.target}: {report.executions} executions in {report.seconds:.0f} s "
          f"({rate:.0f}/s, {report.engine}), {len(report.findings)} findings", flush=True)
    for finding in report.findings.values():
        where = f" at {finding.where}" if finding.where else ""
        print(f"   {finding.kind}{where} (x{finding.count}): {finding.message}")
        if finding.reproducer:
            print(f"     reproducer: {finding.reproducer}")


def replay(name: str, paths: list[str]) -> int:
    """Run ``paths`` through target ``name`` once each in this process (its address
    space capped as in the workers)."""
    target = TARGETS[name]
    failed = 0
    _import_loaders()
    _cap_address_space()
    with tempfile.TemporaryDirectory() as scratch:
        harness = Harness(target, scratch, os.path.join(scratch, "crashes"))
        for path in paths:
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError as e:
                print(f"{path}: cannot be read ({e.strerror or e})")
                failed += 1
                continue
            began = time.perf_counter()
            result = harness.run(data)
            seconds = time.perf_counter() - began
            status = ("loads" if result is True else "RlxError" if result is None
                      else f"{result.kind} at {result.where}: {result.message}")
            failed += isinstance(result, Finding)
            print(f"{path}: {status} ({seconds:.3f} s)")
    return 1 if failed else 0


def default_engine() -> str:
    try:
        import atheris  # noqa: F401
    except ImportError:
        return "random"
    return "atheris"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", action="append", choices=sorted(TARGETS), default=[])
    parser.add_argument("--all", action="store_true", help="every target")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="targets fuzzed at once (1: one after another)")
    parser.add_argument("--seconds", type=float, default=60.0, help="per target (60)")
    parser.add_argument("--engine", choices=("atheris", "random"), default=None,
                        help="atheris when installed, else random")
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S,
                        help="seconds one execution may take (5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs", type=int, default=None,
                        help="inputs per target (the same ones on every machine); "
                             "--seconds then caps the time")
    parser.add_argument("--crash-dir", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--replay", nargs="+", metavar="FILE",
                        help="run these files through the (one) --target")
    parser.add_argument("--make-seeds", action="store_true",
                        help="rewrite tests/data/fuzz/seeds/ with the project's writers")
    parser.add_argument("--verbose", action="store_true", help="print the workers' output")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--scratch", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args)
    if args.make_seeds:
        for name, count in write_seeds(SEEDS, args.target or None).items():
            print(f"{name}: {count} seed files")
        return 0
    if args.replay:
        if len(args.target) != 1:
            parser.error("--replay needs exactly one --target")
        return replay(args.target[0], args.replay)
    names = sorted(TARGETS) if args.all else args.target
    if not names:
        parser.error("name a --target or pass --all")
    engine = args.engine or default_engine()
    if args.jobs < 1:
        parser.error("--jobs must be 1 or more")
    fuzz = functools.partial(fuzz_target, seconds=args.seconds, engine=engine,
                             timeout=args.timeout, seed=args.seed,
                             crash_root=args.crash_dir or CRASHES, verbose=args.verbose,
                             runs=args.runs)
    # each target's inputs come from its own seed, whatever else runs beside it
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        reports = []
        for report in pool.map(fuzz, names):
            print_report(report)
            reports.append(report)
    total = sum(len(r.findings) for r in reports)
    print(f"{sum(r.executions for r in reports)} executions, {total} findings over "
          f"{len(reports)} targets")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
