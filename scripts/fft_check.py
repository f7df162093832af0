"""Check the cpu backend's FFT header (``csrc/fft.h``): accuracy against numpy.fft for
every length, and speed against numpy.fft, scipy.fft and torch.fft on one thread.

The header is built as the generated programs build it: ``prelude.h``, then ``fft.h``,
then a few exported wrappers, compiled into a shared object with the backend's flags
(``rlx.backends.cpu.toolchain.BASE_FLAGS``) and the target flags of an ISA tier
(``rlx.backends.cpu.isa.target_flags``; the host's highest tier unless ``--isa``
names another the host can run).

Accuracy: for every n in 1..4096 (``--quick``: about 160 lengths, powers of two, primes
and mixed ones; ``--max N`` for another upper bound), in float and double, the four
transforms: c2c forward (scale 1), c2c inverse (scale 1/n, against numpy.fft.ifft),
r2c (scale 1) and c2r (scale 1/n, against numpy.fft.irfft; the input's imaginary parts
at bin 0 and n/2 are not zero, numpy ignores them and so must the header). The error
is max |got - numpy| / max |numpy| computed in float64 on the input rounded to the
transform's precision; the bounds are 1e-5 (float) and 1e-12 (double). The exit status
is 1 when any transform exceeds its bound.

Other targets (accuracy only):

* ``--neon``: cross-compiles a driver program (the header, a main that reads the cases
  from a file and writes the results) with ``aarch64-linux-gnu-gcc`` for
  ``-march=armv8.2-a+dotprod`` (``--march`` for another) and runs it under
  ``qemu-aarch64`` (needs ``apt-get install -y gcc-aarch64-linux-gnu qemu-user``);
* ``--sanitize``: the driver program built for the host's tier (or ``--isa``) with
  AddressSanitizer and UndefinedBehaviorSanitizer, every finding fatal: reads and
  writes outside the plan, scratch, input and output buffers (each allocated at its
  exact size) fail the check;
* ``--vw 8`` / ``--vw 16``: the portable tier's vector code at 8 or 16 float lanes
  (prelude.h's portable branch with another RLX_VW, compiled for the generic tier):
  the widths of the avx2 / avx512 tiers, to check the avx512 tier's code paths
  (16-point first pass, 16 x 16 transposes, 8-lane double units, radix-8 passes) on a
  host without AVX-512.

``--bench``: medians of many calls of complex64 fft and float32 rfft at n = 2^16, 4096,
1000 and 4093 (``--sizes`` for others), rlx against numpy.fft, scipy.fft (workers=1; its
complex64 / float32 paths stay in single precision) and torch.fft
(torch.set_num_threads(1)), and the ratio of rlx's time to the best of them (< 1: rlx
is faster). The libraries are timed in turns, round after round, so that a change in
the machine's load touches them alike. An rlx call is one ctypes call with its
pointers taken beforehand into a preallocated output (plan and scratch made once); the
libraries' calls allocate their outputs and go through their Python layers, a few
microseconds that matter only for the small sizes.

Usage::

    python scripts/fft_check.py                 # all lengths 1..4096, host tier
    python scripts/fft_check.py --quick --isa generic
    python scripts/fft_check.py --quick --bench
    python scripts/fft_check.py --bench --no-check --sizes 65536 32768
    python scripts/fft_check.py --quick --neon
    python scripts/fft_check.py --quick --vw 16
    python scripts/fft_check.py --quick --sanitize
"""

from __future__ import annotations

import argparse
import ctypes
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from importlib import resources

import numpy as np

from rlx.backends.cpu import isa, toolchain

WRAPPERS = r"""
int64_t fftc_plan_bytes(int64_t n, int real, int dbl) {
    return rlx_fft_plan_bytes(n, real, dbl);
}
int64_t fftc_scratch_bytes(int64_t n, int real, int dbl) {
    return rlx_fft_scratch_bytes(n, real, dbl);
}
void fftc_plan_init(void *mem, int64_t n, int real, int dbl) {
    rlx_fft_plan_init(mem, n, real, dbl);
}
void fftc_c2c_f32(const void *p, const float *i, float *o, int sign, float scale, void *s) {
    rlx_fft_c2c_f32(p, i, o, sign, scale, s);
}
void fftc_c2c_f64(const void *p, const double *i, double *o, int sign, double scale, void *s) {
    rlx_fft_c2c_f64(p, i, o, sign, scale, s);
}
void fftc_r2c_f32(const void *p, const float *i, float *o, float scale, void *s) {
    rlx_fft_r2c_f32(p, i, o, scale, s);
}
void fftc_r2c_f64(const void *p, const double *i, double *o, double scale, void *s) {
    rlx_fft_r2c_f64(p, i, o, scale, s);
}
void fftc_c2r_f32(const void *p, const float *i, float *o, float scale, void *s) {
    rlx_fft_c2r_f32(p, i, o, scale, s);
}
void fftc_c2r_f64(const void *p, const double *i, double *o, double scale, void *s) {
    rlx_fft_c2r_f64(p, i, o, scale, s);
}
"""

DRIVER = r"""
#include <stdlib.h>
/* cases from argv[1]: int64 n, kind (0 c2c forward, 1 c2c inverse, 2 r2c, 3 c2r), dbl,
   the scale as a double, then the input; the outputs, one after the other, to argv[2] */
int main(int argc, char **argv) {
    if (argc != 3) return 2;
    FILE *f = fopen(argv[1], "rb"), *g = fopen(argv[2], "wb");
    if (!f || !g) return 2;
    int64_t hdr[4];
    while (fread(hdr, 8, 4, f) == 4) {
        const int64_t n = hdr[0], h = n / 2 + 1;
        const int kind = (int)hdr[1], dbl = (int)hdr[2], real = kind >= 2;
        double scale;
        memcpy(&scale, &hdr[3], 8);
        const size_t es = dbl ? 8 : 4;
        const int64_t nin = kind < 2 ? 2 * n : kind == 2 ? n : 2 * h;
        const int64_t nout = kind < 2 ? 2 * n : kind == 2 ? 2 * h : n;
        /* exact sizes (a sanitized build catches any access past them) */
        void *plan = NULL, *scr = NULL;
        if (posix_memalign(&plan, 64, (size_t)rlx_fft_plan_bytes(n, real, dbl))) return 4;
        if (posix_memalign(&scr, 64, (size_t)rlx_fft_scratch_bytes(n, real, dbl) + 1)) return 4;
        void *in = malloc((size_t)nin * es), *out = malloc((size_t)nout * es);
        if (fread(in, es, (size_t)nin, f) != (size_t)nin) return 3;
        rlx_fft_plan_init(plan, n, real, dbl);
        if (dbl) {
            if (kind < 2) rlx_fft_c2c_f64(plan, in, out, kind ? 1 : -1, scale, scr);
            else if (kind == 2) rlx_fft_r2c_f64(plan, in, out, scale, scr);
            else rlx_fft_c2r_f64(plan, in, out, scale, scr);
        } else {
            if (kind < 2) rlx_fft_c2c_f32(plan, in, out, kind ? 1 : -1, (float)scale, scr);
            else if (kind == 2) rlx_fft_r2c_f32(plan, in, out, (float)scale, scr);
            else rlx_fft_c2r_f32(plan, in, out, (float)scale, scr);
        }
        fwrite(out, es, (size_t)nout, g);
        free(plan); free(scr); free(in); free(out);
    }
    fclose(g);
    return 0;
}
"""

TOL = {0: 1e-5, 1: 1e-12}
KINDS = ("fwd", "inv", "r2c", "c2r")
CROSS_CC = "aarch64-linux-gnu-gcc"
QEMU = "qemu-aarch64"
SYSROOT = "/usr/aarch64-linux-gnu"
PORTABLE_VW = "#else\n#define RLX_VW 4\n#define RLX_SUB_MR 4\n"


def source(tail: str = WRAPPERS, vw: int | None = None) -> str:
    """prelude.h, fft.h and tail; with vw, the prelude's portable branch at vw lanes."""
    csrc = resources.files("rlx.backends.cpu.csrc")
    prelude = csrc.joinpath("prelude.h").read_text()
    if vw is not None:
        if PORTABLE_VW not in prelude:
            sys.exit("prelude.h's portable branch changed: cannot set its RLX_VW (--vw)")
        prelude = prelude.replace(PORTABLE_VW, PORTABLE_VW.replace("VW 4", f"VW {vw}"))
    return prelude + "\n" + csrc.joinpath("fft.h").read_text() + "\n" + tail


def vw_flags(vw: int | None) -> list[str]:
    """With 16 lanes, radix-8 passes as on the avx512 tier (32 vector registers)."""
    return ["-DRLX_FFT_EIGHTS=1"] if vw == 16 else []


def build(tier: str, workdir: str, vw: int | None = None) -> ctypes.CDLL:
    compiler, why = toolchain.find_compiler()
    if compiler is None:
        sys.exit(why)
    name = tier if vw is None else f"portable{vw}"
    src = os.path.join(workdir, f"fft_check_{name}.c")
    lib = os.path.join(workdir, f"fft_check_{name}.so")
    with open(src, "w") as f:
        f.write(source(vw=vw))
    cmd = [compiler, *toolchain.BASE_FLAGS, *isa.target_flags(tier), *vw_flags(vw), src, "-o",
           lib, "-lm"]
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True)
    what = f"{tier}" if vw is None else f"portable vector code at RLX_VW={vw}"
    print(f"built {what} ({' '.join(isa.target_flags(tier))}) in {time.perf_counter() - t0:.1f} s")
    so = ctypes.CDLL(lib)
    i64, vp, i32 = ctypes.c_int64, ctypes.c_void_p, ctypes.c_int
    for name in ("fftc_plan_bytes", "fftc_scratch_bytes"):
        getattr(so, name).restype = i64
        getattr(so, name).argtypes = [i64, i32, i32]
    so.fftc_plan_init.restype = None
    so.fftc_plan_init.argtypes = [vp, i64, i32, i32]
    for prec, ct in (("f32", ctypes.c_float), ("f64", ctypes.c_double)):
        getattr(so, f"fftc_c2c_{prec}").argtypes = [vp, vp, vp, i32, ct, vp]
        getattr(so, f"fftc_r2c_{prec}").argtypes = [vp, vp, vp, ct, vp]
        getattr(so, f"fftc_c2r_{prec}").argtypes = [vp, vp, vp, ct, vp]
        for kind in ("c2c", "r2c", "c2r"):
            getattr(so, f"fftc_{kind}_{prec}").restype = None
    return so


def aligned(nbytes: int) -> np.ndarray:
    """nbytes of zeroed memory, 64-byte aligned (at least 64 bytes)."""
    raw = np.zeros(max(nbytes, 64) + 64, np.uint8)
    off = (-raw.ctypes.data) % 64
    return raw[off:off + max(nbytes, 64)]


class Plan:
    def __init__(self, so, n: int, real: int, dbl: int):
        self.so, self.n, self.real, self.dbl = so, n, real, dbl
        self.mem = aligned(so.fftc_plan_bytes(n, real, dbl))
        so.fftc_plan_init(self.mem.ctypes.data, n, real, dbl)
        self.scratch = aligned(so.fftc_scratch_bytes(n, real, dbl))
        self.prec = "f64" if dbl else "f32"
        self.p, self.s = self.mem.ctypes.data, self.scratch.ctypes.data

    def c2c(self, x: np.ndarray, sign: int, scale: float, out: np.ndarray | None = None):
        out = np.empty_like(x) if out is None else out
        getattr(self.so, f"fftc_c2c_{self.prec}")(self.p, x.ctypes.data, out.ctypes.data, sign,
                                                   scale, self.s)
        return out

    def r2c(self, x: np.ndarray, scale: float, out: np.ndarray | None = None):
        ct = np.complex128 if self.dbl else np.complex64
        out = np.empty(self.n // 2 + 1, ct) if out is None else out
        getattr(self.so, f"fftc_r2c_{self.prec}")(self.p, x.ctypes.data, out.ctypes.data, scale,
                                                   self.s)
        return out

    def c2r(self, x: np.ndarray, scale: float, out: np.ndarray | None = None):
        rt = np.float64 if self.dbl else np.float32
        out = np.empty(self.n, rt) if out is None else out
        getattr(self.so, f"fftc_c2r_{self.prec}")(self.p, x.ctypes.data, out.ctypes.data, scale,
                                                   self.s)
        return out

    def timed(self, kind: str, x: np.ndarray, out: np.ndarray):
        """A call of kind (c2c forward or r2c, scale 1) into out with its pointers taken
        beforehand: what the timing loop runs."""
        fn = getattr(self.so, f"fftc_{kind}_{self.prec}")
        args = (self.p, x.ctypes.data, out.ctypes.data) + ((-1,) if kind == "c2c" else ()) \
            + (1.0, self.s)
        return lambda: fn(*args)


class Native:
    """Runs cases in this process through the shared object."""

    def __init__(self, so):
        self.so = so

    def run(self, cases):
        outs = []
        for n, kind, dbl, scale, x in cases:
            plan = Plan(self.so, n, int(kind >= 2), dbl)
            if kind < 2:
                outs.append(plan.c2c(x, 1 if kind else -1, scale))
            elif kind == 2:
                outs.append(plan.r2c(x, scale))
            else:
                outs.append(plan.c2r(x, scale))
        return outs


class Driver:
    """Runs cases in a driver program (cross-compiled, under qemu): cases go to a file,
    the program writes the results to another."""

    def __init__(self, exe: str, prefix: list[str], workdir: str):
        self.exe, self.prefix, self.workdir = exe, prefix, workdir

    def run(self, cases):
        fin, fout = os.path.join(self.workdir, "cases.bin"), os.path.join(self.workdir, "out.bin")
        with open(fin, "wb") as f:
            for n, kind, dbl, scale, x in cases:
                f.write(np.array([n, kind, dbl], np.int64).tobytes())
                f.write(np.float64(scale).tobytes())
                f.write(np.ascontiguousarray(x).tobytes())
        subprocess.run([*self.prefix, self.exe, fin, fout], check=True, timeout=3600)
        data = open(fout, "rb").read()
        outs, at = [], 0
        for n, kind, dbl, _, _ in cases:
            ct, rt = (np.complex128, np.float64) if dbl else (np.complex64, np.float32)
            dt, count = (ct, n) if kind < 2 else (ct, n // 2 + 1) if kind == 2 else (rt, n)
            nbytes = np.dtype(dt).itemsize * count
            outs.append(np.frombuffer(data[at:at + nbytes], dt))
            at += nbytes
        if at != len(data):
            raise RuntimeError(f"driver wrote {len(data)} bytes, expected {at}")
        return outs


def build_neon(workdir: str, march: str) -> Driver:
    for tool in (CROSS_CC, QEMU):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} not found: apt-get install -y gcc-aarch64-linux-gnu qemu-user")
    src = os.path.join(workdir, "fft_check_neon.c")
    exe = os.path.join(workdir, "fft_check_neon")
    with open(src, "w") as f:
        f.write(source(DRIVER))
    flags = [fl for fl in toolchain.BASE_FLAGS if fl not in ("-fPIC", "-shared")]
    t0 = time.perf_counter()
    subprocess.run([CROSS_CC, *flags, f"-march={march}", src, "-o", exe, "-lm"], check=True)
    print(f"built aarch64 (-march={march}) in {time.perf_counter() - t0:.1f} s; runs under qemu")
    return Driver(exe, [QEMU, "-L", SYSROOT], workdir)


def build_sanitized(tier: str, workdir: str, vw: int | None) -> Driver:
    compiler, why = toolchain.find_compiler()
    if compiler is None:
        sys.exit(why)
    src = os.path.join(workdir, "fft_check_asan.c")
    exe = os.path.join(workdir, "fft_check_asan")
    with open(src, "w") as f:
        f.write(source(DRIVER, vw))
    flags = [fl for fl in toolchain.BASE_FLAGS if fl not in ("-fPIC", "-shared")]
    san = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-g1"]
    t0 = time.perf_counter()
    subprocess.run([compiler, *flags, *isa.target_flags(tier), *vw_flags(vw), *san, src, "-o",
                    exe, "-lm"], check=True)
    print(f"built {tier if vw is None else f'portable RLX_VW={vw}'} with ASan + UBSan in "
          f"{time.perf_counter() - t0:.1f} s")
    return Driver(exe, [], workdir)


def relerr(got, ref) -> float:
    ref = np.asarray(ref, np.complex128)
    den = np.max(np.abs(ref))
    err = np.max(np.abs(np.asarray(got, np.complex128) - ref))
    return float(err / den) if den > 0 else float(err)


def primes_upto(n: int) -> list[int]:
    sieve = np.ones(n + 1, bool)
    sieve[:2] = False
    for p in range(2, int(n ** 0.5) + 1):
        if sieve[p]:
            sieve[p * p::p] = False
    return [int(p) for p in np.nonzero(sieve)[0]]


def lengths(quick: bool, top: int) -> list[int]:
    if not quick:
        return list(range(1, top + 1))
    rng = np.random.default_rng(1)
    ps = primes_upto(top)
    pick = set(range(1, 33))
    pick |= {1 << k for k in range(13) if 1 << k <= top}
    pick |= {3 * (1 << k) for k in range(12)} | {5 * (1 << k) for k in range(11)}
    pick |= {p for p in ps[-12:]} | {int(p) for p in rng.choice(ps, min(25, len(ps)),
                                                                replace=False)}
    pick |= {2 * p for p in ps[-4:]} | {17 * 64, 37 * 32, 1000, 1024 + 8, 4095, 4094, 3 ** 7,
                                       5 ** 5, 7 ** 4, 11 * 13 * 17, 29 * 31 * 4, 23 * 128}
    if top >= 33:
        pick |= {int(v) for v in rng.integers(33, top + 1, 60)}
    return sorted(v for v in pick if 1 <= v <= top)


def make_cases(n: int, rng):
    """The 8 cases of length n, (n, kind, dbl, scale, input), and numpy's results."""
    cases, refs = [], []
    for dbl in (0, 1):
        ct, rt = (np.complex128, np.float64) if dbl else (np.complex64, np.float32)
        h = n // 2 + 1
        x = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(ct)
        xr = rng.standard_normal(n).astype(rt)
        xh = (rng.standard_normal(h) + 1j * rng.standard_normal(h)).astype(ct)
        xd, xrd, xhd = x.astype(np.complex128), xr.astype(np.float64), xh.astype(np.complex128)
        cases += [(n, 0, dbl, 1.0, x), (n, 1, dbl, 1.0 / n, x), (n, 2, dbl, 1.0, xr),
                  (n, 3, dbl, 1.0 / n, xh)]
        refs += [np.fft.fft(xd), np.fft.ifft(xd), np.fft.rfft(xrd), np.fft.irfft(xhd, n)]
    return cases, refs


def check(runner, ns: list[int], verbose: bool, chunk: int = 1 << 21) -> bool:
    """Every case of every length in ns through runner; prints the worst errors."""
    rng = np.random.default_rng(0)
    worst, bad = {}, []
    batch, refs = [], []

    def flush():
        for (n, kind, dbl, _, _), ref, got in zip(batch, refs, runner.run(batch)):
            e = relerr(got, ref)
            key = (dbl, KINDS[kind])
            if e > worst.get(key, (-1, 0))[0]:
                worst[key] = (e, n)
            if not e <= TOL[dbl]:
                bad.append((("f32", "f64")[dbl], KINDS[kind], n, e))
                if verbose or len(bad) <= 20:
                    print(f"FAIL {('f32', 'f64')[dbl]} {KINDS[kind]} n={n}: {e:.3g}")
        batch.clear()
        refs.clear()

    size = 0
    for n in ns:
        c, r = make_cases(n, rng)
        batch += c
        refs += r
        size += 6 * n
        if size >= chunk:
            flush()
            size = 0
    if batch:
        flush()
    for dbl in (0, 1):
        parts = [f"{kind} {worst[(dbl, kind)][0]:.2e} (n={worst[(dbl, kind)][1]})"
                 for kind in KINDS]
        print(f"{('float ', 'double')[dbl]} worst: " + ", ".join(parts)
              + f"  [bound {TOL[dbl]:g}]")
    print(f"accuracy: {len(ns)} lengths, {len(bad)} failures")
    return not bad


def median_times(fns, budget: float) -> list[float]:
    """Median seconds per call of each of fns: rounds that call each function a few
    times in turn (so that a change in the machine's load touches them all alike), for
    about budget seconds per function."""
    for fn in fns:
        fn()
    times: list[list[float]] = [[] for _ in fns]
    spent = [0.0] * len(fns)
    while min(spent) < budget or min(len(t) for t in times) < 30:
        for i, fn in enumerate(fns):
            for _ in range(5):
                t0 = time.perf_counter()
                fn()
                dt = time.perf_counter() - t0
                times[i].append(dt)
                spent[i] += dt
        if min(len(t) for t in times) >= 20000:
            break
    return [float(np.median(t)) for t in times]


def bench(so, sizes: list[int], budget: float) -> None:
    import scipy.fft
    try:
        import torch
        torch.set_num_threads(1)
    except ImportError:
        torch = None
    rng = np.random.default_rng(0)
    print(f"{'transform':<16}{'rlx us':>10}{'numpy':>10}{'scipy':>10}{'torch':>10}"
          f"{'rlx/best':>10}")
    for n in sizes:
        x = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64)
        xr = rng.standard_normal(n).astype(np.float32)
        pc, pr = Plan(so, n, 0, 0), Plan(so, n, 1, 0)
        outc = np.empty_like(x)
        outr = np.empty(n // 2 + 1, np.complex64)
        rows = {
            "c64 fft": [pc.timed("c2c", x, outc), lambda x=x: np.fft.fft(x),
                        lambda x=x: scipy.fft.fft(x, workers=1)],
            "f32 rfft": [pr.timed("r2c", xr, outr), lambda xr=xr: np.fft.rfft(xr),
                         lambda xr=xr: scipy.fft.rfft(xr, workers=1)],
        }
        if torch is not None:
            tx, txr = torch.from_numpy(x), torch.from_numpy(xr)
            rows["c64 fft"].append(lambda tx=tx: torch.fft.fft(tx))
            rows["f32 rfft"].append(lambda txr=txr: torch.fft.rfft(txr))
        for name, fns in rows.items():
            ts = [t * 1e6 for t in median_times(fns, budget)]
            others = ts[1:]
            cells = "".join(f"{t:>10.1f}" for t in others)
            if torch is None:
                cells += f"{'-':>10}"
            print(f"{name + ' ' + str(n):<16}{ts[0]:>10.1f}{cells}{ts[0] / min(others):>10.2f}")


def run(args, workdir: str) -> int:
    ns = lengths(args.quick, args.max)
    if args.neon:
        if args.bench:
            sys.exit("--bench runs on the host only")
        return 0 if check(build_neon(workdir, args.march), ns, args.verbose) else 1
    if args.vw is not None:
        if platform.machine().lower() not in ("x86_64", "amd64"):
            sys.exit("--vw needs an x86-64 host (the portable branch of the generic tier)")
        tier = "generic"
    else:
        tier = isa.resolve_tier(args.isa)
    if args.sanitize:
        if args.bench:
            sys.exit("--bench does not run with --sanitize")
        return 0 if check(build_sanitized(tier, workdir, args.vw), ns, args.verbose) else 1
    so = build(tier, workdir, args.vw)
    ok = True
    if not args.no_check:
        ok = check(Native(so), ns, args.verbose)
    if args.bench:
        bench(so, args.sizes, args.budget)
    return 0 if ok else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--isa", choices=isa.TIERS, help="ISA tier (default: the host's)")
    ap.add_argument("--neon", action="store_true",
                    help="cross-compile for aarch64 and run under qemu (accuracy only)")
    ap.add_argument("--march", default="armv8.2-a+dotprod", help="-march of --neon")
    ap.add_argument("--sanitize", action="store_true",
                    help="run the cases in a driver built with ASan + UBSan (accuracy only)")
    ap.add_argument("--vw", type=int, choices=(4, 8, 16),
                    help="the portable vector code at this many float lanes (generic tier)")
    ap.add_argument("--quick", action="store_true", help="about 160 lengths, not all")
    ap.add_argument("--max", type=int, default=4096, help="largest length checked")
    ap.add_argument("--bench", action="store_true", help="time against numpy, scipy, torch")
    ap.add_argument("--no-check", action="store_true", help="skip the accuracy check")
    ap.add_argument("--sizes", type=int, nargs="+", default=[1 << 16, 4096, 1000, 4093])
    ap.add_argument("--budget", type=float, default=1.0,
                    help="seconds of calls timed per transform and library")
    ap.add_argument("--keep", help="directory for the source and shared object")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every failure")
    args = ap.parse_args(argv)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        return run(args, args.keep)
    with tempfile.TemporaryDirectory(prefix="rlx_fft_") as workdir:
        return run(args, workdir)


if __name__ == "__main__":
    sys.exit(main())
