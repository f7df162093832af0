"""``python -m bench start``: fresh processes with a warm disk cache: wall time and
peak resident memory of ``import rlx``, ``rlx embed`` and ``rlx generate``.

    python -m bench start [--rounds R] [--max-tokens N] [--markdown]

The commands run with a disk cache of their own (``RLX_CACHE_DIR``, a temporary
directory): each first once, in order, on the empty cache (column "cold": a model's
first command compiles its programs, on every core), then ``--rounds`` times in fresh
processes, the commands taking turns. Peak resident memory is the child's high-water
mark (``VmHWM``, Linux). For each decoder (the packaged SmolLM2 and Gemma 3 GGUF files,
where installed) the table gives the process's peak against the file's size twice: the
whole process, and the part beyond a process that has imported the CLI and nothing else
(``rlx --help``: the interpreter, numpy and rlx, 38 MB, 0.39 of SmolLM2's file), which
is what the decoder itself holds. ``rlx generate --max-tokens 1`` is the time to the
first token of a short prompt.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench import positive_int
from bench.__main__ import format_table

PROMPT = "The capital of France is"
SENTENCES = ("A cat sits on the mat.", "A kitten rests on a rug.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rounds", type=positive_int, default=5,
                        help="timed runs of each command (fresh processes, taking turns)")
    parser.add_argument("--max-tokens", type=positive_int, default=8,
                        help="tokens each memory run of rlx generate makes")
    parser.add_argument("--markdown", action="store_true", help="print the table as markdown")


# Each command runs under this launcher, which reports the process's peak resident
# memory (VmHWM) as it exits: the ru_maxrss that wait4 gives for a child also counts the
# pages of this (larger) process that the child shared between fork and exec.
LAUNCHER = """
import atexit, runpy, sys
def report():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            print("peak-kib", line.split()[1], file=sys.stderr)
atexit.register(report)
module, sys.argv = sys.argv[1], sys.argv[1:]
if module == "-":
    import rlx
else:
    runpy.run_module(module, run_name="__main__", alter_sys=True)
"""


def launch(module: str, *args: str) -> list[str]:
    """The command line that runs ``python -m module args`` (``module`` "-": ``import
    rlx`` only) under :data:`LAUNCHER`."""
    return [sys.executable, "-c", LAUNCHER, module, *args]


def run_child(argv: list[str], env: dict[str, str]) -> tuple[float, int]:
    """(wall seconds, peak resident KiB) of a :func:`launch` command run to completion;
    RuntimeError when it fails."""
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          env=env)
    wall = time.perf_counter() - start
    peaks = [line.split()[1] for line in done.stderr.splitlines()
             if line.startswith("peak-kib ")]
    if done.returncode != 0 or not peaks:
        raise RuntimeError(f"{' '.join(argv[3:])} failed ({done.returncode}):\n{done.stderr}")
    return wall, int(peaks[-1])


def decoders() -> list[tuple[str, str]]:
    """(name, GGUF path) of the packaged decoders installed here."""
    from rlx.models import gemma3_gguf_path, smollm2_gguf_path

    found = []
    for name, where in (("SmolLM2", smollm2_gguf_path), ("Gemma 3", gemma3_gguf_path)):
        try:
            path = where()
        except Exception as e:   # a model package that is not installed
            print(f"{name}: skipped ({e})")
            continue
        if os.path.exists(path):
            found.append((name, path))
    return found


def main(args: argparse.Namespace) -> int:
    commands = {
        "import rlx": launch("-"),
        "import rlx.cli (the baseline)": launch("rlx.cli", "--help"),
        "rlx embed, two sentences": launch("rlx.cli", "embed", *SENTENCES),
    }
    files = {}
    for name, path in decoders():
        files[name] = os.path.getsize(path)
        for tokens in sorted({1, args.max_tokens}):
            commands[f"{name}: rlx generate --max-tokens {tokens}"] = launch(
                "rlx.cli", "generate", PROMPT, "--max-tokens", str(tokens), "--model", path)
    with tempfile.TemporaryDirectory(prefix="rlx-bench-start-") as cache:
        # bytecode cached as in any installed package's process: with
        # PYTHONDONTWRITEBYTECODE every start compiles rlx's sources again (0.3 s)
        env = {**os.environ, "RLX_CACHE_DIR": cache}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        # the first run of each command, in order, in an empty disk cache: a model's
        # first command compiles its programs
        cold = {name: run_child(argv, env)[0] for name, argv in commands.items()}
        walls: dict[str, list[float]] = {name: [] for name in commands}
        peaks: dict[str, list[int]] = {name: [] for name in commands}
        for _ in range(args.rounds):
            for name, argv in commands.items():
                wall, peak = run_child(argv, env)
                walls[name].append(wall)
                peaks[name].append(peak)
    baseline = statistics.median(peaks["import rlx.cli (the baseline)"])
    header = ["command", "cold (s)", "wall (s), median", "wall (s), range",
              "peak RSS (KiB), median",
              "x file", "beyond the baseline, x file"]
    rows = []
    for name in commands:
        peak = statistics.median(peaks[name])
        file_size = next((size for model, size in files.items()
                          if name.startswith(model + ":")), None)
        ratio = beyond = ""
        if file_size is not None:
            ratio = f"{peak * 1024 / file_size:.3f}"
            beyond = f"{(peak - baseline) * 1024 / file_size:.3f}"
        rows.append([name, f"{cold[name]:.3f}", f"{statistics.median(walls[name]):.3f}",
                     f"{min(walls[name]):.3f}-{max(walls[name]):.3f}", f"{peak:,.0f}",
                     ratio, beyond])
    for model, size in files.items():
        print(f"{model}: file {size:,} bytes")
    print(format_table(header, rows, args.markdown))
    return 0
