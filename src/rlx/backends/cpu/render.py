"""Render a Program as one C translation unit with one entry point.

    int rlx_run(void **slots, uint8_t *arena, const int64_t *ctl);

``slots`` holds one pointer per :class:`Slot` (inputs, params, constants, values
with fixed slots of their own, graph outputs) in the order of
:attr:`RenderContext.slots`; ``arena`` is the memory plan's arena followed by the
kernels' scratch region (:meth:`RenderContext.scratch`, :attr:`RenderContext.arena_bytes`
in all); ``ctl`` is
``[seed, rng run counter, active rows (-1 = all), active upper extent, params version,
keep region, error buffer, kernel profile, collective callback, run feed, AMX]``: the params
version is
that of :class:`rlx.backends.base.ParamStore` (kernels that cache repacked weights
repack when it or the weights' address changes); the next three are addresses of the
caller's storage (the profile's 0 when not profiling; ``RLX_ERROR_BYTES`` of error
buffer); the last is the host's function ``int callback(int64_t i, const void *operand,
void *result)`` that runs the program's collective ``i`` (:attr:`RenderContext.collectives`,
:mod:`rlx.backends.cpu.kernels.collective`), read only by programs that have one; the
run feed, when not 0, the address of the KV rows to copy once the kernels are done
(:data:`COPY_ROWS_SOURCE`, ``rlx_run_feed``); AMX 1 when the int8 products may use
the AMX tiles (:func:`rlx.backends.cpu.isa.amx_in_use`: the process holds their
state; a program keeps no state of its own to ask once). It returns 0, or a non-zero code after
writing a message into the error buffer (``FEED_FAILED`` of
:mod:`rlx.backends.cpu.backend` when the run feed's rows fall outside their buffers:
nothing is copied).

Each kernel becomes a function; renderers for each kernel kind and each
single op live in :mod:`rlx.backends.cpu.kernels` and build C text with the helpers
of :class:`RenderContext` (typed pointers, loop nests, OpenMP decisions).

A large program (a decoder has hundreds of kernels) is split into *parts* that the
toolchain compiles concurrently: each kernel function sits in an
``#if RLX_PART == i`` block, the entry point and the error buffer in part 0, and a
compile without ``RLX_PART`` builds the whole file as one unit. A part is a run of
consecutive kernels (static functions, as in a one-part build) called in order by
the part's runner ``rlx_part<i>``, which ``rlx_run`` calls in turn; parts are cut
where the kernels' text reaches an even share. Small programs stay one part.

Kernels whose C differs only in where their data lies (the same layer of a model, again
and again) share one function: each passes it a table of its own arena and keep offsets
and slot indices. A decoder's C and compile time then grow with the kinds of layer, not
their number.

Values a kernel keeps from one run to the next (weights repacked for its inner loops,
redone only when the weights change, and the guards that say so) live in a *keep*
region (:meth:`RenderContext.keep`) that the caller owns and passes through ``ctl``:
``rlx_keep_bytes()`` says how large, and it starts zeroed. The shared object holds no
mutable state at all, so executables that load the same one (clones with weights of
their own, threads running clones at once) never share anything a run writes. The host
maps the keep region like its arena (``rlx.backends.base.map_zeroed``): a run reads all
of it, and memory a run reads once lies untouched for a whole run, which on 4 KiB pages
made it several times slower to read again (``rlx.backends.base.HUGE_MIN``): ResNet-50
ran 17% slower at 1 thread (8% at 2) with its repacked weights and arena on 4 KiB pages.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from rlx.backends.base import ALIGNMENT, round_up
from rlx.backends.cpu import csrc, cstyle
from rlx.backends.cpu.render_context import (  # noqa: F401  (the kernels import them from here)
    PARALLEL_MIN_ELEMENTS,
    RenderContext,
    Slot,
    _offset_expr,
)
from rlx.backends.numpy_kernels import evaluate_node
from rlx.errors import UnsupportedOpError
from rlx.ir.graph import Graph
from rlx.ir.ops import RANDOM_OPS
from rlx.ir.printer import format_node
from rlx.passes.memory import MemoryPlan
from rlx.passes.program import Kernel, Program

PART_BYTES = 48_000
"""Kernel text per compile part: a part below this is not worth a compiler process."""


def kernel_call(call: str) -> str:
    """The C statement running one kernel (``call`` is its call expression): the fence
    the prelude's ``RLX_KERNEL_FENCE`` explains, then the call, returning its error."""
    return f"RLX_KERNEL_FENCE(); if ((rc = {call}) != 0) return rc;"


def prelude_source() -> str:
    return csrc.source("prelude.h")


def render_program(program: Program, plan: MemoryPlan, threads: int,
                   kernel_renderer, max_parts: int = 1,
                   profile: bool = False,
                   winograd: bool = True) -> tuple[str, RenderContext, int]:
    """The whole C source, the context (slot layout) it was rendered with, and the
    number of compile parts (at most ``max_parts``; module docstring).

    ``kernel_renderer(ctx, kernel) -> str`` gives the body of one kernel function. With
    ``profile`` every kernel call is timed into the caller's profile buffer (seconds,
    calls per kernel in call order; ``ctx.profiled`` lists the kernels). ``winograd``: whether
    convolutions may take Winograd kernels (``CompileOptions.winograd``)."""
    ctx = RenderContext(program, plan, threads, winograd=winograd, overlapped=[])
    ctx.assign_slots()
    ctx.render_kernel = kernel_renderer
    rendered = []
    started: list[tuple[int, int, int, str]] = []    # (kernel, *ctx.overlapped entry)
    for idx, kernel in enumerate(program.kernels):
        ctx.begin_kernel()
        body = kernel_renderer(ctx, kernel)
        # a control-flow kernel's bodies go right before it (in its part)
        before = "".join(f + "\n\n" for f in ctx.functions)
        ctx.functions.clear()
        started += [(idx, *entry) for entry in ctx.overlapped]
        ctx.overlapped.clear()
        if body is not None:
            rendered.append((idx, kernel, body, _kernel_form(body + before, ctx.helpers),
                             before))
    waits = _overlap_waits(program, plan, started)
    uses = Counter(form.key for *_, form, _ in rendered)
    shared: dict[tuple[str, ...], str] = {}     # a shared form's key -> its function's name
    shared_epilogues: dict[str, str] = {}       # an epilogue's shared code -> its name
    shared_text = []
    text = []
    calls = []
    unshared_bodies = []
    for idx, kernel, body, form, before in rendered + [(len(program.kernels), None, "", None,
                                                       "")]:
        due = [w for k in sorted(waits) if k <= idx for w in waits.pop(k)]
        for index, wait in due:                    # reductions this kernel reads
            text.append(f"/* the wait for overlapped collective {index} */\n"
                        f"static int rlx_w{index}(void **slots, uint8_t *arena, "
                        f"const int64_t *ctl) {{\n    (void)slots; (void)arena; (void)ctl;\n"
                        f"{wait}\n    return 0;\n}}")
            calls.append("    " + kernel_call(f"rlx_w{index}(slots, arena, ctl)"))
        if kernel is None:
            break
        fname = f"rlx_k{idx}"
        if uses[form.key] < 2 or before:
            text.append(before + _kernel_function(fname, kernel, program.graph, body))
            unshared_bodies.append(body)
        else:
            if form.key not in shared:
                name = shared[form.key] = f"rlx_t{len(shared)}"
                shared_text.append(_shared_function(name, form.code(shared_epilogues)))
            text.append(_sharing_function(fname, kernel, program.graph, shared[form.key],
                                          form.numbers))
        call = f"{fname}(slots, arena, ctl)"
        if profile:
            call = f"RLX_TIMED({len(ctx.profiled)}, (rc = {call}))"
            ctx.profiled.append(kernel)
        calls.append("    " + kernel_call(call))
    bounds = _contiguous_parts([len(f) for f in text], max_parts)
    nparts = len(bounds) - 1
    parts = [f"/* rlx: generated from graph '{cstyle.comment_text(program.graph.name)}', "
             f"compiled in {nparts} part(s) */", prelude_source()]
    keep_total = str(ctx.keep_bytes)
    if ctx.dynamic_keep:
        parts.append("#define RLX_ROUND64(x) ((((int64_t)(x)) + 63) / 64 * 64)")
        keep_total = _dynamic_keep_total(ctx)
    if "blas" in ctx.features:
        parts.append('#include "cblas.h"')
    # an epilogue helper only shared kernels called lives on as a shared epilogue
    used = set(_EPILOGUE_NAME.findall("\n".join(unshared_bodies)))
    parts += [code for name, code in ctx.helpers.items()
              if not _EPILOGUE_NAME.fullmatch(name) or name in used]
    if ctx.dynamic_keep:
        parts.append(_dynamic_keep_table(ctx))
    parts += [_shared_epilogue(name, code) for code, name in shared_epilogues.items()]
    parts += shared_text
    if profile:
        parts.append(PROFILE_SOURCE)
    runners = []
    for part in range(nparts):
        lo, hi = bounds[part], bounds[part + 1]
        runner = f"rlx_part{part}"
        parts.append(f"RLX_PART_FN int {runner}(void **slots, uint8_t *arena, "
                     "const int64_t *ctl);")
        parts.append(_in_part(part, "\n\n".join(text[lo:hi] + [
            f"RLX_PART_FN int {runner}(void **slots, uint8_t *arena, const int64_t *ctl) {{\n"
            "    int rc = 0;\n    (void)slots; (void)arena; (void)ctl; (void)rc;\n"
            + "\n".join(calls[lo:hi]) + "\n    return 0;\n}"])))
        runners.append(f"    if ((rc = {runner}(slots, arena, ctl)) != 0) return rc;")
    parts.append(_in_part(0, COPY_ROWS_SOURCE + "\n\n"
                 f"int64_t rlx_keep_bytes(void) {{ return {keep_total}; }}\n\n"
                 "int rlx_run(void **slots, uint8_t *arena, const int64_t *ctl) {\n"
                 "    int rc = 0;\n    (void)arena; (void)ctl; (void)rc;\n"
                 + "\n".join(runners + _output_copies(ctx))
                 + "\n    return ctl[9] ? rlx_run_feed((const int64_t *)(uintptr_t)ctl[9], "
                 "RLX_ERROR_TEXT) : 0;\n}\n\n"
                 + _threads_function("blas" in ctx.features)))
    return "\n\n".join(parts) + "\n", ctx, nparts


def render_body(parent: RenderContext, program: Program) -> tuple[str, RenderContext]:
    """Render a control-flow body (a Program of its own, rlx.passes.control) as functions
    emitted before the kernel being rendered; returns the name of its entry point,

        static int NAME(void **slots, uint8_t *arena, const int64_t *ctl);

    and the context whose ``slots`` say what its slot table holds (the body's inputs and
    outputs, which the caller points at each step's data; its constants are static
    arrays). ``arena`` is the body's own (``RenderContext.arena_bytes`` of the context),
    its keep values lie after the parent's in the one keep region."""
    name = f"rlx_body{len(parent.bodies)}"
    parent.bodies.append(name)
    sub = RenderContext(program, program.memory, parent.threads,
                        winograd=parent.winograd, features=parent.features,
                        keep_bytes=parent.keep_bytes, render_kernel=parent.render_kernel,
                        bodies=parent.bodies, dynamic_keep=parent.dynamic_keep,
                        collectives=parent.collectives)
    _assign_body_slots(sub, name)
    calls, functions = [], []
    for idx, kernel in enumerate(program.kernels):
        sub.begin_kernel()
        body = parent.render_kernel(sub, kernel)
        functions.extend(sub.functions)
        sub.functions.clear()
        if body is not None:
            fname = f"{name}_k{idx}"
            functions.append(_kernel_function(fname, kernel, program.graph, body))
            calls.append("    " + kernel_call(f"{fname}(slots, arena, ctl)"))
    # A helper's name says what it holds, so the body's library helpers (the packed GEMM,
    # FFT, conv tiles, ...: each a set of C functions) join the program's, emitted once
    # before every kernel. Its epilogue helpers are named after its own node ids, which
    # the program's (and other bodies') repeat: those are renamed for this body and
    # emitted with its functions (its constants are named for it already).
    own = f"{name}_"
    for h, code in sub.helpers.items():
        if not h.startswith(own) and not _EPILOGUE_NAME.fullmatch(h):
            parent.add_helper(h, code)
    renames = {h: own + h for h in sub.helpers if _EPILOGUE_NAME.fullmatch(h)}
    word = re.compile(r"\b(" + "|".join(map(re.escape, renames)) + r")\b")

    def rename(text: str) -> str:
        return word.sub(lambda m: renames[m.group(1)], text) if renames else text

    parent.functions.extend([rename(code) for h, code in sub.helpers.items()
                             if h in renames or h.startswith(own)]
                            + [rename(f) for f in functions])
    copies = []
    for i, slot in enumerate(sub.slots):
        if slot.kind == "output" and (slot.node in sub.statics
                                      or sub._slot_of.get(slot.node) != i):
            nbytes = sub.graph.nodes[slot.node].type.nbytes
            copies.append(f"    memmove(slots[{i}], {sub.base(slot.node)}, {nbytes});")
    parent.functions.append(
        f"/* control-flow body '{cstyle.comment_text(program.graph.name)}' */\n"
        f"static int {name}(void **slots, uint8_t *arena, const int64_t *ctl) {{\n"
        "    int rc = 0;\n    (void)slots; (void)arena; (void)ctl; (void)rc;\n"
        + "\n".join(calls + copies) + "\n    return 0;\n}")
    parent.keep_bytes = sub.keep_bytes
    return name, sub


def _assign_body_slots(ctx: RenderContext, name: str) -> None:
    """A body's slots: its inputs, then its outputs; constants become static arrays."""
    g = ctx.graph
    for nid, node in enumerate(g.nodes):
        if node.op == "input":
            ctx._add_slot(Slot("input", nid, node.attr("name")))
        elif node.op in ("constant", "arange"):
            value = evaluate_node(node, [], node_id=nid)
            cname = f"{name}_c{nid}"
            ctx.add_helper(cname, _static_array(cname, value.tobytes()))
            ctx.statics[nid] = cname
        elif node.op in RANDOM_OPS:
            raise UnsupportedOpError(f"cpu backend: {format_node(nid, node)} in control-flow "
                                     f"body {g.name!r}: random ops inside control flow run on "
                                     "the reference device only")
    for i, nid in enumerate(g.outputs):
        ctx.slots.append(Slot("output", nid, f"output {i}", i))
        ctx._slot_of.setdefault(nid, len(ctx.slots) - 1)


def _static_array(name: str, data: bytes) -> str:
    """A 64-byte aligned static array holding ``data``."""
    data = data + bytes(-len(data) % 8 or (8 if not data else 0))
    words = [f"0x{int.from_bytes(data[i:i + 8], 'little'):x}u" for i in range(0, len(data), 8)]
    rows = ",\n    ".join(", ".join(words[i:i + 8]) for i in range(0, len(words), 8))
    return (f"static const uint64_t {name}[] __attribute__((aligned(64), unused)) = {{\n"
            f"    {rows}}};")


def _dynamic_keep_table(ctx: RenderContext) -> str:
    """``rlx_keep_dyn(ctl, j)``: the keep offset of dynamic buffer j (keep_dynamic). The
    offsets are computed once, on first use, into a table after the static keep region
    (its last entry nonzero once filled)."""
    count = len(ctx.dynamic_keep)
    table = round_up(ctx.keep_bytes, ALIGNMENT)
    first = round_up(table + 8 * (count + 1), ALIGNMENT)
    fills = "\n".join(f"        t[{j}] = at; at += RLX_ROUND64({e});"
                      for j, e in enumerate(ctx.dynamic_keep))
    return (f"static __attribute__((noinline, unused)) int64_t rlx_keep_dyn(const int64_t *ctl, "
            f"int j) {{\n    int64_t *t = (int64_t *)(RLX_KEEP + {table});\n"
            f"    if (t[{count}] == 0) {{\n        int64_t at = {first};\n{fills}\n"
            f"        t[{count}] = at;\n    }}\n    return t[j];\n}}")


def _dynamic_keep_total(ctx: RenderContext) -> str:
    """The C expression of the keep region's size: the static part, the offset table and
    every dynamic buffer."""
    first = round_up(round_up(ctx.keep_bytes, ALIGNMENT) + 8 * (len(ctx.dynamic_keep) + 1),
                     ALIGNMENT)
    return " + ".join([str(first)] + [f"RLX_ROUND64({e})" for e in ctx.dynamic_keep])


PROFILE_SOURCE = """\
/* kernel profile: seconds and calls of kernel i at [2i], [2i + 1] */
#include <time.h>
static inline double rlx_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
#define RLX_TIMED(i, call) ({ const double rlx_t0 = rlx_now(); int rlx_rc = (call); \\
    RLX_PROFILE[2 * (i)] += rlx_now() - rlx_t0; RLX_PROFILE[2 * (i) + 1] += 1; \\
    rlx_rc; })"""


def _contiguous_parts(sizes: list[int], max_parts: int) -> list[int]:
    """Boundaries ``[0, ..., len(sizes)]`` of runs of consecutive kernels, one run a part:
    as many parts as the text fills (``PART_BYTES`` each, at most ``max_parts``), cut
    where the running size passes each part's share."""
    total = sum(sizes)
    nparts = max(1, min(max_parts, total // PART_BYTES, len(sizes)))
    bounds = [0]
    running = 0
    for i, size in enumerate(sizes):
        running += size
        if len(bounds) < nparts and running * nparts >= total * len(bounds):
            bounds.append(i + 1)
    bounds.append(len(sizes))
    return bounds


def _in_part(part: int, code: str) -> str:
    """``code`` compiled in part ``part`` (and in a whole-file compile)."""
    return f"#if !defined(RLX_PART) || RLX_PART == {part}\n{code}\n#endif"


def _overlap_waits(program: Program, plan: MemoryPlan,
                   started: list[tuple[int, int, int, str]]) -> dict[int, list[tuple[int, str]]]:
    """Kernel index -> the overlapped all_reduces (callback index, wait body) to wait
    for just before it: the first later kernel reading the result or a view of it
    (``len(kernels)`` where none does: at the end of the run, before the outputs are
    read)."""
    def root(nid: int) -> int:
        buf = plan.buffers.get(nid)
        return root(buf.root) if buf is not None and buf.kind == "view" else nid

    waits: dict[int, list[tuple[int, str]]] = {}
    for at, index, nid, wait in started:
        first = next((k for k in range(at + 1, len(program.kernels))
                      if any(root(i) == nid for i in program.kernels[k].inputs)),
                     len(program.kernels))
        waits.setdefault(first, []).append((index, wait))
    return waits


def _kernel_function(fname: str, kernel: Kernel, graph: Graph, body: str) -> str:
    ops = " + ".join(graph.nodes[n].op for n in kernel.nodes)
    return (f"/* {kernel.name}: {kernel.kind}: {ops} */\n"
            f"static int {fname}(void **slots, uint8_t *arena, const int64_t *ctl) {{\n"
            f"    (void)slots; (void)arena; (void)ctl;\n{body}\n    return 0;\n}}")


# Kernels that differ only in where their data lies (the layers of a model) share one
# function: the arena and keep offsets and slot indices of its body become entries of
# the tables each kernel passes it, and names made of node ids (locals) are renumbered.
# One function per distinct body instead of one per layer: compile time (a 30-layer
# decoder's prefill compiled in 37 s, most of it the same kernels over and over).
_ADDRESSES = re.compile(r"\b(arena|RLX_KEEP) \+ (\d+)\b|\b((?:rlx_caller_)?slots)\[(\d+)\]")
# locals named after node ids: rlx_..._n<id> (scratch and keep pointers), v<id> / t<id> /
# a<id> (the values of a loop nest)
# (with a suffix: rlx_pkb_n<id>_seen)
_NODE_NAMES = re.compile(r"\b(rlx_\w*?_n|[vta])(\d+)((?:_[a-z]\w*)?)\b")


def _shared_form(body: str, helpers: Collection[str]) -> tuple[str, tuple[int, ...]]:
    """``body`` with its addresses as ``rlx_at[i]`` and node-id names renumbered
    (``helpers``, functions of the file, keep theirs), and the numbers in order."""
    numbers: list[int] = []
    order: dict[tuple[str, int], int] = {}

    def address(m: re.Match) -> str:
        slot = m.group(3)
        key = ("slots", int(m.group(4))) if slot else (m.group(1), int(m.group(2)))
        i = order.setdefault(key, len(numbers))
        if i == len(numbers):
            numbers.append(key[1])
        return f"{slot}[rlx_at[{i}]]" if slot else f"{key[0]} + rlx_at[{i}]"

    names: dict[str, int] = {}

    def local(m: re.Match) -> str:
        if m.group(0) in helpers:
            return m.group(0)
        stem = m.group(1) + m.group(2)
        return f"{m.group(1)}{names.setdefault(stem, len(names))}{m.group(3)}"

    code = _NODE_NAMES.sub(local, body)
    return _ADDRESSES.sub(address, code), tuple(numbers)


# A kernel with a fused elementwise epilogue calls a helper of its own
# (rlx.backends.cpu.kernels.support.epilogue_function), always as ``name(slots, arena,
# ...`` or passes it as ``name, slots, arena`` to a GEMM that calls it so. In a shared
# kernel, the helper's shared form takes the place of the helper: it is passed
# ``rlx_epi_args<k>`` = {slots, its part of the kernel's address table} instead of
# ``slots``, which it unpacks (the GEMMs pass ``slots`` through untouched).
_EPILOGUE_NAME = re.compile(r"\brlx_epi_n\d+\b")
_EPILOGUE_USE = re.compile(r"\b(rlx_epi_n\d+)(\(|, )slots, arena\b")
_EPILOGUE_HEAD = re.compile(r"^static void rlx_epi_n\d+\(void \*\*slots, uint8_t \*arena, "
                            r"int64_t f0, int64_t f1\) \{\n")


@dataclass(frozen=True)
class _Form:
    """A kernel body in shared form: ``body`` (epilogue helpers as ``@EPI<k>@``), the
    shared form of each epilogue helper it calls, and its address table (the body's
    numbers, then each epilogue's)."""

    body: str
    epilogues: tuple[str, ...]
    numbers: tuple[int, ...]
    offsets: tuple[int, ...] = ()
    """Where each epilogue's addresses start in ``numbers``."""

    @property
    def key(self) -> tuple[str, ...]:
        return (self.body, *self.epilogues)

    def code(self, names: dict[str, str]) -> str:
        """The shared function's body, naming each epilogue by ``names`` (shared
        epilogue code -> function name; new ones are added)."""
        code, lines = self.body, []
        for k, (epilogue, offset) in enumerate(zip(self.epilogues, self.offsets)):
            name = names.setdefault(epilogue, f"rlx_e{len(names)}")
            lines.append(f"    void *rlx_epi_args{k}[2] = {{slots, (void *)(rlx_at + {offset})}};")
            code = code.replace(f"@EPI{k}@", name)
        return "\n".join(lines + [code])


def _kernel_form(body: str, helpers: dict[str, str]) -> _Form:
    """The shared form of a kernel ``body`` (see :class:`_Form`); an epilogue helper used
    any other way than the two known calls keeps its name, so the kernel stays unshared
    unless another has the very same body."""
    code, numbers = _shared_form(body, helpers)
    epilogues, offsets = [], []
    table = list(numbers)
    names = list(dict.fromkeys(_EPILOGUE_NAME.findall(code)))
    for k, name in enumerate(names):
        calls = [m for m in _EPILOGUE_USE.finditer(code) if m.group(1) == name]
        helper = helpers.get(name, "")
        if len(calls) != code.count(name) or not _EPILOGUE_HEAD.match(helper):
            return _Form(code, (), numbers)
        code = _EPILOGUE_USE.sub(lambda m, n=name, k=k: (
            f"@EPI{k}@{m.group(2)}rlx_epi_args{k}, arena" if m.group(1) == n else m.group(0)),
            code)
        epilogue, epi_numbers = _shared_form(_EPILOGUE_HEAD.sub("", helper, count=1), helpers)
        epilogues.append(epilogue)
        offsets.append(len(table))
        table += epi_numbers
    return _Form(code, tuple(epilogues), tuple(table), tuple(offsets))


def _shared_epilogue(name: str, code: str) -> str:
    return (f"static void {name}(void **rlx_epi_args, uint8_t *arena, int64_t f0, "
            "int64_t f1) {\n"
            "    void **slots = (void **)rlx_epi_args[0];\n"
            "    const int64_t *restrict rlx_at = (const int64_t *)rlx_epi_args[1];\n"
            "    (void)rlx_at;\n" + code)


def _shared_function(name: str, code: str) -> str:
    return ("/* the code of several kernels (rlx_at: their addresses) */\n"
            f"static __attribute__((noinline)) int {name}(void **slots, uint8_t *arena, "
            "const int64_t *ctl, const int64_t *restrict rlx_at) {\n"
            "    (void)slots; (void)arena; (void)ctl; (void)rlx_at;\n"
            f"{code}\n    return 0;\n}}")


def _sharing_function(fname: str, kernel: Kernel, graph: Graph, shared: str,
                      numbers: tuple[int, ...]) -> str:
    ops = " + ".join(graph.nodes[n].op for n in kernel.nodes)
    table = ", ".join(map(str, numbers)) or "0"
    return (f"/* {kernel.name}: {kernel.kind}: {ops} (the code of {shared}) */\n"
            f"static int {fname}(void **slots, uint8_t *arena, const int64_t *ctl) {{\n"
            f"    static const int64_t at[] = {{{table}}};\n"
            f"    return {shared}(slots, arena, ctl, at);\n}}")


def _output_copies(ctx: RenderContext) -> list[str]:
    """Outputs that no kernel writes directly: duplicates, leaves, constants."""
    lines = []
    for i, slot in enumerate(ctx.slots):
        if slot.kind != "output":
            continue
        first = ctx._slot_of[slot.node]
        if first != i:
            nbytes = ctx.graph.nodes[slot.node].type.nbytes
            lines.append(f"    memcpy(slots[{i}], slots[{first}], {nbytes});")
    return lines


COPY_ROWS_SOURCE = """\
/* rows of every pair p < n (its flat buffers at addresses dst[p] and src[p], itemsize[p]
   bytes an element) and every sequence b < seqs: counts[b] rows of row_elems elements
   from row b * src_caps[p] + src_row of the source to row b * dst_cap + dst_rows[b] of
   the destination; every bound checked by the caller */
static void rlx_copy_spans(int64_t n, const int64_t *dst, const int64_t *src,
                           const int64_t *itemsize, int64_t row_elems, int64_t src_row,
                           int64_t seqs, const int64_t *src_caps, const int64_t *dst_rows,
                           const int64_t *counts, int64_t dst_cap) {
    for (int64_t p = 0; p < n; p++) {
        const int64_t row = row_elems * itemsize[p];
        for (int64_t b = 0; b < seqs; b++)
            if (counts[b] > 0)
                memcpy((char *)(uintptr_t)dst[p] + (b * dst_cap + dst_rows[b]) * row,
                       (const char *)(uintptr_t)src[p] + (b * src_caps[p] + src_row) * row,
                       (size_t)(counts[b] * row));
    }
}

/* the KV feeds' copies (Executable.row_copier; rlx.backends.base.RowCopier says what
   each argument holds): plan = src_caps[n], dst_rows[seqs], counts[seqs] */
void rlx_copy_rows(int64_t n, const int64_t *dst, const int64_t *src,
                   const int64_t *itemsize, int64_t row_elems, int64_t src_row,
                   int64_t seqs, const int64_t *plan, int64_t dst_cap) {
    rlx_copy_spans(n, dst, src, itemsize, row_elems, src_row, seqs, plan, plan + n,
                   plan + n + seqs, dst_cap);
}

/* the paged KV feed (Executable.paged_copier; rlx.backends.kv_feeds.PagedCopier says
   what each argument holds): every pair's source holds [seqs, heads, src_cap, row_elems]
   and its pool [pages, heads, page, row_elems]; rows 0 .. counts[b] - 1 of sequence b go
   to its positions starts[b] .. through its row of tables ([seqs, width] page ids). All
   checked before any row is copied; mark holds pages * page zero bytes (zero again on
   return). Returns 0, or FEED_FAILED after writing the message into error. */
int rlx_feed_paged(int64_t n, const int64_t *dst, const int64_t *src,
                   const int64_t *itemsize, int64_t row_elems, int64_t seqs, int64_t heads,
                   int64_t src_cap, int64_t page, int64_t pages, int64_t width,
                   const int64_t *tables, const int64_t *starts, const int64_t *counts,
                   uint8_t *mark, char *error) {
    for (int64_t b = 0; b < seqs; b++)
        if (counts[b] < 0 || counts[b] > src_cap || starts[b] < 0
                || starts[b] > width * page - counts[b]) {
            snprintf(error, RLX_ERROR_BYTES, "feed_kv_paged: sequence %lld: %lld rows at "
                     "position %lld are outside its table of %lld positions or its %lld "
                     "source rows", (long long)b, (long long)counts[b], (long long)starts[b],
                     (long long)(width * page), (long long)src_cap);
            return 2;
        }
    int failed = 0;
    int64_t marked = 0;     /* rows marked so far, in order */
    for (int64_t b = 0; b < seqs && !failed; b++)
        for (int64_t r = 0; r < counts[b]; r++) {
            const int64_t pos = starts[b] + r, id = tables[b * width + pos / page];
            if (id < 0 || id >= pages) {
                snprintf(error, RLX_ERROR_BYTES, "feed_kv_paged: block_tables[%lld, %lld] = "
                         "%lld is outside [0, %lld) (the pool holds %lld pages)",
                         (long long)b, (long long)(pos / page), (long long)id,
                         (long long)pages, (long long)pages);
                failed = 1;
                break;
            }
            if (mark[id * page + pos % page]) {
                snprintf(error, RLX_ERROR_BYTES, "feed_kv_paged: two rows would be written "
                         "to one pool row (the block tables share a page where rows are "
                         "appended)");
                failed = 1;
                break;
            }
            mark[id * page + pos % page] = 1;
            marked++;
        }
    for (int64_t b = 0; b < seqs && marked > 0; b++)
        for (int64_t r = 0; r < counts[b] && marked > 0; r++, marked--) {
            const int64_t pos = starts[b] + r;
            mark[tables[b * width + pos / page] * page + pos % page] = 0;
        }
    if (failed)
        return 2;
    for (int64_t p = 0; p < n; p++) {
        const int64_t row = row_elems * itemsize[p];
        for (int64_t s = 0; s < seqs; s++)
            for (int64_t h = 0; h < heads; h++)
                for (int64_t i = 0; i < counts[s];) {
                    const int64_t pos = starts[s] + i, slot = pos % page;
                    const int64_t id = tables[s * width + pos / page];
                    const int64_t run = counts[s] - i < page - slot ? counts[s] - i
                                                                    : page - slot;
                    memcpy((char *)(uintptr_t)dst[p] + ((id * heads + h) * page + slot) * row,
                           (const char *)(uintptr_t)src[p]
                               + ((s * heads + h) * src_cap + i) * row,
                           (size_t)(run * row));
                    i += run;
                }
    }
    return 0;
}

/* the run feed (ctl[9]; rlx.backends.cpu.backend builds it), f[0] its kind.
   0, rows after ragged positions: f + 1 = [n, row_elems, src_row, seqs, dst_cap,
   smallest source capacity, then the addresses of dst[n], src[n], itemsize[n],
   src_caps[n], dst_rows[seqs], counts[seqs]], the last two the caller's, read now.
   Each sequence's rows must lie inside both capacities (the buffers hold seqs sequences
   of them: checked when the feed was set), else nothing is copied.
   1, paged: f + 1 = [n, row_elems, seqs, heads, src_cap, page, pages, width, then the
   addresses of dst[n], src[n], itemsize[n], tables[seqs * width], starts[seqs],
   counts[seqs] (the caller's, read now) and the marks (pages * page zero bytes)]:
   rlx_feed_paged, its every check before any copy. */
static int rlx_run_feed(const int64_t *plan, char *error) {
    const int64_t *f = plan + 1;
    if (plan[0] == 1) {
        const int64_t *at = f + 8;
        return rlx_feed_paged(f[0], (const int64_t *)(uintptr_t)at[0],
                              (const int64_t *)(uintptr_t)at[1],
                              (const int64_t *)(uintptr_t)at[2], f[1], f[2], f[3], f[4],
                              f[5], f[6], f[7], (const int64_t *)(uintptr_t)at[3],
                              (const int64_t *)(uintptr_t)at[4],
                              (const int64_t *)(uintptr_t)at[5],
                              (uint8_t *)(uintptr_t)at[6], error);
    }
    const int64_t n = f[0], row_elems = f[1], src_row = f[2], seqs = f[3], dst_cap = f[4],
                  src_cap = f[5];
    const int64_t *at = f + 6;
    const int64_t *dst_rows = (const int64_t *)(uintptr_t)at[4],
                  *counts = (const int64_t *)(uintptr_t)at[5];
    for (int64_t b = 0; b < seqs; b++)
        if (counts[b] < 0 || (counts[b] > 0 && (dst_rows[b] < 0
                                                || dst_rows[b] > dst_cap - counts[b]
                                                || src_row > src_cap - counts[b]))) {
            snprintf(error, RLX_ERROR_BYTES, "KV feed on run: %lld rows at %lld (dst cap "
                     "%lld) or %lld (src cap %lld) out of range", (long long)counts[b],
                     (long long)dst_rows[b], (long long)dst_cap, (long long)src_row,
                     (long long)src_cap);
            return 2;   /* FEED_FAILED (rlx.backends.cpu.backend) */
        }
    rlx_copy_spans(n, (const int64_t *)(uintptr_t)at[0], (const int64_t *)(uintptr_t)at[1],
                   (const int64_t *)(uintptr_t)at[2], row_elems, src_row, seqs,
                   (const int64_t *)(uintptr_t)at[3], dst_rows, counts, dst_cap);
    return 0;
}"""


def _threads_function(blas: bool) -> str:
    # BLAS runs single-threaded inside rlx's own OpenMP work (no second thread pool)
    blas_call = "    scipy_openblas_set_num_threads(1);\n" if blas else ""
    return ("void rlx_set_threads(int n) {\n#ifdef _OPENMP\n    omp_set_num_threads(n);\n"
            "#endif\n" + blas_call + "}")
