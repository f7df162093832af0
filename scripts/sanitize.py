"""Run rlx's cpu tests with the generated C built under AddressSanitizer and
UndefinedBehaviorSanitizer, and print how many passed.

Each suite runs pytest in a child Python started with the environment that a sanitized
program needs (``rlx.backends.cpu.toolchain.sanitizer_environment``): ``RLX_CPU_SANITIZE``,
the ASan runtime preloaded, ASAN_OPTIONS without leak checking. Every program those
tests compile is built with ``-fsanitize=... -fno-sanitize-recover=all`` (its own entries
in the disk cache), so an out-of-bounds access, a use after free or undefined behaviour in
generated C stops the test process with the sanitizer's report on stderr.

    python scripts/sanitize.py                      # every suite, the host's ISA tiers
    python scripts/sanitize.py --suite quick        # a few minutes: the CI-sized subset
    python scripts/sanitize.py --suite ops --isa avx2 -n 2 -- -x

Suites: ``ops`` (every test under tests/backends: the op suite on each ISA tier, the cpu
kernels, fusion, the toolchain), ``minilm`` (the MiniLM encoder against transformers),
``smollm2`` (SmolLM2-135M: a chat answer decoded greedily token by token, and batched
greedy decoding from its GGUF blocks and from float32 against transformers), ``quick``.
The exit status is 0 only if every suite ran to its end with no failure.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from rlx.backends.cpu import isa, toolchain  # noqa: E402  (after the path is set)

SUITES = {
    "ops": ["tests/backends"],
    "minilm": ["tests/models/test_minilm.py"],
    "smollm2": ["tests/models/test_generation.py::test_smollm2_answers_a_chat_question",
                "tests/models/test_decoder.py::test_packaged_gguf_format_matches_the_float32_path"
                "[smollm2]",
                "tests/models/test_decoder.py::test_packaged_greedy_continuations_match_transformers"
                "[smollm2]"],
    # the CI-sized subset: the kernels whose loops have ragged vector tails and
    # data-dependent indices (row-wise fusion, gather / scatter / index ops), and the
    # sanitizer tests themselves
    "quick": ["tests/backends/cpu/test_sanitize.py", "tests/backends/cpu/test_index_ops.py",
              "tests/backends/cpu/test_rowwise_fusion.py",
              "tests/backends/test_cached_attention.py::test_a_longer_decode_row",
              "tests/backends/test_cached_attention.py::test_a_length_outside_the_cache_fails",
              "tests/backends/test_paged_attention.py::test_a_long_paged_cache_at_one_and_two_"
              "threads",
              "tests/backends/test_paged_attention.py::test_a_page_id_outside_the_pool_fails_"
              "the_run",
              # the paged KV feed's native checks and copies, called and inside a run
              "tests/backends/test_paged_attention.py::test_random_feeds_against_a_row_by_"
              "row_oracle",
              "tests/runtime/test_compiled.py::test_paged_kv_feed_on_run_matches_a_row_by_"
              "row_copy",
              "tests/backends/test_dequant_gather.py::test_an_index_outside_the_table_fails",
              "tests/backends/test_dequant_matmul_int8.py::test_non_finite_groups_give_nan_rows",
              # kernels visiting the active rows of symbolic dimensions only
              "tests/backends/test_symbolic_kernels.py::"
              "test_kernels_that_skip_padding_give_the_exact_results[cpu-2]",
              "tests/backends/test_symbolic_kernels.py::"
              "test_indices_computed_in_the_padding_are_never_checked[cpu]"],
}
ALL = ("ops", "minilm", "smollm2")
_COUNT = re.compile(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed|deselected)")


def run_suite(name: str, sanitizers: tuple[str, ...], jobs: int, tier: str | None,
              extra: list[str]) -> dict[str, int]:
    """Run one suite in a sanitized child pytest, its output passed through; the counts
    of its summary line (``died`` = 1 when the child ended without one)."""
    env = toolchain.sanitizer_environment(sanitizers)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(ROOT / "src"),
                                                      env.get("PYTHONPATH"))))
    if tier:
        env[isa.ISA_ENV] = tier
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
           "--continue-on-collection-errors", *SUITES[name], *extra]
    if jobs > 1:
        cmd += ["-n", str(jobs)]
    print(f"== {name}: {' '.join(cmd[3:])}", flush=True)
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    summary: dict[str, int] = {}
    for line in proc.stdout:
        print(line, end="", flush=True)
        if re.search(r" in [\d.]+s", line) and _COUNT.search(line):
            summary = {kind.rstrip("s") if kind.startswith("error") else kind: int(n)
                       for n, kind in _COUNT.findall(line)}
    rc = proc.wait()
    if not summary:
        summary["died"] = 1
    summary["rc"] = rc
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--suite", action="append", choices=sorted(SUITES),
                        help=f"suite to run (repeatable; default: {', '.join(ALL)})")
    parser.add_argument("--sanitize", default="address,undefined",
                        help="sanitizers (default: address,undefined)")
    parser.add_argument("-n", "--jobs", type=int, default=1,
                        help="pytest-xdist worker processes (default: 1)")
    parser.add_argument("--isa", help="highest ISA tier to test (default: the host's)")
    parser.add_argument("pytest_args", nargs="*", help="passed to pytest after '--'")
    args = parser.parse_args(argv)
    sanitizers = toolchain.resolve_sanitizers(args.sanitize)
    for sanitizer in sanitizers:
        toolchain.sanitizer_runtime(sanitizer)     # a missing runtime: say so now
    results = {}
    for name in args.suite or ALL:
        start = time.perf_counter()
        results[name] = run_suite(name, sanitizers, args.jobs, args.isa, args.pytest_args)
        results[name]["seconds"] = round(time.perf_counter() - start)
    print(f"\n== sanitizers: {','.join(sanitizers)}")
    ok = True
    for name, counts in results.items():
        bad = counts.get("failed", 0) + counts.get("error", 0) + counts.get("died", 0)
        ok = ok and bad == 0 and counts["rc"] in (0, 5)
        shown = ", ".join(f"{v} {k}" for k, v in counts.items() if k not in ("rc", "seconds"))
        print(f"{name:8s} {shown} in {counts['seconds']} s"
              + ("" if counts["rc"] in (0, 5) else f" (exit status {counts['rc']})"))
    passed = sum(c.get("passed", 0) for c in results.values())
    print(f"total    {passed} passed, {'no failures' if ok else 'FAILURES: see above'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
