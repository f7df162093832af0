"""Decode-time products with packed weights against the f32 matmul, on the cpu backend.

At decode time a linear layer is a matrix-vector product: x [1, k] times a weight of
k x n, and its cost is reading the weight. This benchmark compiles, for each shape,
the f32 product ``x @ W`` (W [k, n] f32, BLAS sgemv) and ``dequant_matmul`` with the
same weight packed in each scheme of :mod:`rlx.ir.quantized`, then times them
round-robin (one run of each variant per round, so load on the machine hits all of
them alike) and prints per variant the weight bytes it reads, the median and the
best time, and the ratio of medians variant / f32 (below 1: faster than f32, the
convention of ``python -m bench``).

    python -m bench.quantized [--rounds N] [--shapes 4096x4096 4096x11008]
                              [--schemes int8 fp8_e4m3 int4 mxfp4 nvfp4]

Threads: ``RLX_NUM_THREADS`` (default: the usable cores), shared by both variants.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np

import rlx
from bench import non_negative_int, positive_int
from rlx.ir.quantized import SCHEMES, pack_weight, packed_nbytes, quantized_linear

DECODE_SHAPES = ((4096, 4096), (4096, 11008))
"""(k, n): a square projection and an LLaMA-7B-sized MLP up-projection."""


@dataclass
class Variant:
    """One compiled product and its timings (seconds)."""

    name: str
    weight_bytes: int
    compiled: object
    times: list[float] = field(default_factory=list)

    def time_once(self, feeds: dict[str, np.ndarray]) -> None:
        start = time.perf_counter()
        self.compiled.run(feeds)
        self.times.append(time.perf_counter() - start)

    @property
    def median_ms(self) -> float:
        return float(np.median(self.times)) * 1e3

    @property
    def best_ms(self) -> float:
        return min(self.times) * 1e3


def f32_variant(w: np.ndarray) -> Variant:
    """``x @ W`` with the weight W [k, n] as an f32 param."""
    k, n = w.shape
    g = rlx.Graph(f"f32_{k}x{n}")
    x = g.input("x", (1, k))
    g.set_outputs([x @ g.param("w", (k, n))])
    cg = rlx.Session("cpu").compile(g)
    cg.set_param("w", w)
    return Variant("f32", w.nbytes, cg)


def packed_variant(w: np.ndarray, scheme: str) -> Variant:
    """``dequant_matmul`` with W packed as [n, k] (out x in features) in ``scheme``."""
    k, n = w.shape
    g = rlx.Graph(f"{scheme}_{k}x{n}")
    x = g.input("x", (1, k))
    g.set_outputs([quantized_linear(x, "w", k, n, scheme)])
    cg = rlx.Session("cpu").compile(g)
    for suffix, array in pack_weight(np.ascontiguousarray(w.T), scheme).items():
        cg.set_param(f"w.{suffix}", array)
    return Variant(scheme, packed_nbytes(n, k, scheme), cg)


def bench_shape(k: int, n: int, schemes: list[str], rounds: int, seed: int) -> list[str]:
    """Table rows for one decode shape."""
    rng = np.random.default_rng(seed)
    w = rng.standard_normal((k, n), dtype=np.float32) * np.float32(1 / np.sqrt(k))
    feeds = {"x": rng.standard_normal((1, k), dtype=np.float32)}
    variants = [f32_variant(w)] + [packed_variant(w, s) for s in schemes]
    del w
    for variant in variants:       # warm up: first-touch pages, caches, thread pool
        for _ in range(3):
            variant.time_once(feeds)
        variant.times.clear()
    for _ in range(rounds):
        for variant in variants:
            variant.time_once(feeds)
    base = variants[0].median_ms
    rows = [f"x [1, {k}] @ W [{k}, {n}]  ({rounds} rounds, medians)",
            f"  {'weights':<9} {'MiB':>7} {'median ms':>10} {'best ms':>8} {'GB/s':>6} "
            f"{'/ f32':>6}"]
    for v in variants:
        rate = v.weight_bytes / (v.median_ms * 1e-3) / 1e9
        rows.append(f"  {v.name:<9} {v.weight_bytes / 2**20:7.1f} {v.median_ms:10.3f} "
                    f"{v.best_ms:8.3f} {rate:6.2f} {v.median_ms / base:6.2f}")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=positive_int, default=30)
    parser.add_argument("--shapes", nargs="*", default=[f"{k}x{n}" for k, n in DECODE_SHAPES],
                        help="k x n of W, e.g. 4096x4096")
    parser.add_argument("--schemes", nargs="*", default=list(SCHEMES), choices=list(SCHEMES))
    parser.add_argument("--seed", type=non_negative_int, default=0)
    args = parser.parse_args()
    if "cpu" not in rlx.available_devices():
        raise SystemExit("bench.quantized needs the cpu backend (a C compiler)")
    for shape in args.shapes:
        k, n = (int(d) for d in shape.lower().split("x"))
        print("\n".join(bench_shape(k, n, args.schemes, args.rounds, args.seed)))


if __name__ == "__main__":
    main()
