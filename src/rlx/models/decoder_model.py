"""A decoder language model with a KV cache: prefill, decode, batches of any lengths.

:class:`DecoderModel` compiles the step graphs of :mod:`rlx.models.decoder` for one
device and runs them:

* the **cache** lives in the persistent handles ``cache.<i>.k`` / ``.v`` [batch,
  n_kv_heads, max_seq, head_dim] of the first graph compiled for a batch size and is
  shared (one buffer, no copy) with every other graph of that batch size. After each
  run the new keys and values are appended in place by one
  ``feed_kv_batch_major_ragged`` call: head-major rows of ``head_dim``, each sequence
  its own real rows at its own length (padded rows are never copied).
* every graph that reads the cache does so in place through ``cached_attention``,
  each sequence its own ``lengths[b]`` rows: a step costs what the tokens so far
  cost, not what ``max_seq`` would, and no cache length needs a graph of its own.
* **decode** (one token per sequence) runs the ``S = 1`` graph of the batch size
  through ``run_slots``.
* **prefill** runs one program for every prompt length up to ``prefill_chunk``: its
  new-token axis is the symbolic dimension ``Dim("new", prefill_chunk)``, so a short
  prompt is not padded to the chunk and the kernels skip the rows past it (see
  :mod:`rlx.passes.extents`); a longer prompt goes in chunks. Empty caches use a
  program that attends only among the new tokens (the fused attention op); a piece
  appended to existing sequences uses one that reads the cache. A batch size thus
  compiles at most three programs: decode, fresh prefill and appending prefill.

**Paged** (``page_size`` / ``kv_pages`` given): the cache is one pool of pages per layer
(``rlx.models.paging`` keeps the books), each sequence a page table, so sequences are no
longer tied to rows of a program. Each call packs the sequences that take tokens into
the first rows of the smallest *batch bucket* (1, 2, 4, ... up to ``max_batch``) that
holds them: a step costs the sequences running, not ``max_batch``. Pages are taken as
sequences grow and given back when they are released or truncated; a released
sequence's full pages stay in a prefix cache, and :meth:`DecoderModel.reuse_prefix`
starts a new sequence with them. A paged model computes the bits of a contiguous one.

All graphs of the model share one copy of the weights (``share_params_from``) and are
compiled with ``split_params=False``: weights stay in the layout of the file and the
matrix products read them transposed, so no prepare stage holds transposed copies.

:func:`load_decoder` builds one from a GGUF file or a Hugging Face checkpoint directory
(:mod:`rlx.models.decoder_checkpoint`). Weights are float32 (dequantised from a GGUF
file, widened from a checkpoint's bf16 / f16) unless a ``weight_format`` is given:

* ``"gguf"`` (GGUF files): every linear layer and the output projection keep the
  file's own blocks (Q4_1, Q8_0, Q4_K, Q6_K, ...: the GGML schemes of
  :mod:`rlx.ir.quantized`), read by ``dequant_matmul`` straight from those bytes.
  Their values are exactly the float32 weights the default path dequantises, so only
  the order of float32 rounding differs; a weight stored as floats in the file stays
  float. The embedding lookup decodes the rows it needs from the table's blocks
  (``dequant_gather``): the table is never dequantised whole.
* ``"gguf-int8"``: as ``"gguf"``, and the products with those blocks round their input
  to int8 per group of 32 and multiply integers, as GGML's CPU kernels (and so
  llama.cpp) do (``dequant_matmul``'s ``x_int8``): several times fewer instructions
  per weight, at the cost of that rounding, expert stacks included
  (``grouped_matmul``'s ``x_int8``). Against ``"gguf"``, SmolLM2's and Gemma 3's
  next-token logits moved by 2-7% of their standard deviation on average and by 12-30%
  at the worst of their vocabulary (0.6-1.4 on logits of standard deviation 3.6-5.6,
  three prompts each; the top token the same), the order by which llama.cpp's own
  differ from the float path; ``"gguf"`` moves them by about 1e-5 from ``"f32"``.
* a packing scheme ("int8": a quarter of the bytes, "int4": an eighth, ...): every
  linear layer and the output projection are re-packed at load time into it. This
  re-quantises already quantised weights, so results move away from the file's
  float32 model (a speed option, not the reference path).
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from rlx.backends.buffers import release_free_heap
from rlx.errors import InputError
from rlx.frontends.tokenizer import Tokenizer
from rlx.ir.dtypes import as_dtype, exact_int
from rlx.ir.quantized import SCHEMES, pack_weight
from rlx.ir.types import Dim
from rlx.models.decoder import (
    INPUTS,
    build_decoder_step,
    cache_names,
    decoder_param_shapes,
    kv_dtype_name,
    rope_tables,
)
from rlx.models.decoder_checkpoint import read_decoder_checkpoint
from rlx.models.decoder_config import DecoderConfig
from rlx.models.paging import PagedSequence, PagePool, PrefixCache
from rlx.runtime import CompileCache, CompiledGraph, CompileOptions

__all__ = ["DEFAULT_MAX_SEQ", "GGUF_FORMAT", "GGUF_INT8_FORMAT", "DecoderModel", "load_decoder"]

GGUF_FORMAT = "gguf"
"""The ``weight_format`` that keeps the file's blocks (module docstring)."""
GGUF_INT8_FORMAT = "gguf-int8"
"""The file's blocks multiplied with x rounded to int8, as GGML does (module docstring)."""
GGUF_FORMATS = (GGUF_FORMAT, GGUF_INT8_FORMAT)

DEFAULT_MAX_SEQ = 2048
DEFAULT_PREFILL_CHUNK = 256
DEFAULT_PAGE_SIZE = 16      # tokens per page of a paged cache
# the programs of one batch size: "decode" appends one token per sequence, "fresh"
# prefills empty caches and "append" appends a piece to caches of any length (both up
# to prefill_chunk tokens per sequence); "verify" appends up to VERIFY_TOKENS and
# returns the logits of every one (speculative decoding)
_KINDS = ("decode", "fresh", "append", "verify")
VERIFY_TOKENS = 8
"""The most tokens :meth:`DecoderModel.verify` appends to a sequence in one call: a
token and up to 7 drafted ones."""
PASS_ROWS = 8
"""About how many rows of tokens one pass over a decoder's weights costs as much as
(its bytes at memory bandwidth against a row's products): how a prefill of a few
sequences picks its batch buckets (:meth:`DecoderModel._prefill_parts`)."""


class DecoderModel:
    """A decoder LM for ``max_batch`` sequences of up to ``max_seq`` tokens each.

    ``weights`` maps every file param of :func:`decoder_param_shapes` (all but the RoPE
    tables, which the model computes) to an array; they are read once, into the first
    compiled graph. ``options`` are used with ``split_params`` turned off (see the
    module docstring). ``prefill_chunk`` is the largest prompt extent (longer prompts go
    in chunks; one program serves every length up to it), ``weight_format`` None
    (float32), ``"gguf"`` (the file's blocks:
    ``weights`` must then have :meth:`GGUFWeights.blocks`), ``"gguf-int8"`` (those
    blocks multiplied with x rounded to int8, as GGML does) or a packing scheme (module
    docstring). ``page_size`` (tokens per page) and ``kv_pages`` (pages in all; default:
    every sequence at ``max_seq``) make the cache paged (module docstring).
    ``kv_dtype`` stores the cache as ``"f32"`` (the default), or in half the memory as
    ``"f16"`` (what llama.cpp stores) or ``"bf16"`` (numpy and rlx dtypes name them
    too): each key and value is rounded to it once, and attention reads the stored
    values into f32 (``rlx.models.decoder``), so a long context's decode step reads
    half the bytes. InputError for ``max_seq`` outside
    [1, context_length], ``max_batch``, ``prefill_chunk``, ``page_size`` or
    ``kv_pages`` below 1, an unknown weight format or ``kv_dtype``.

    Use: ``reset(batch)``, then ``prefill`` the prompts, then ``decode`` one token per
    sequence at a time. ``lengths`` holds each sequence's cached tokens. Programs
    compile on first use: the decode program of a batch size in ``reset`` (or the
    first call needing it), the prefill programs in the first ``prefill`` needing them.
    """

    def __init__(self, config: DecoderConfig, weights: Mapping[str, np.ndarray],
                 tokenizer: Tokenizer | None = None, device: str = "cpu",
                 max_seq: int | None = None, max_batch: int = 1,
                 options: CompileOptions | None = None,
                 prefill_chunk: int = DEFAULT_PREFILL_CHUNK,
                 weight_format: str | None = None, page_size: int | None = None,
                 kv_pages: int | None = None, kv_dtype: str = "f32"):
        if max_seq is None:
            max_seq = min(config.context_length, DEFAULT_MAX_SEQ)
        if not 1 <= max_seq <= config.context_length:
            raise InputError(f"DecoderModel: max_seq must be in [1, {config.context_length}], "
                             f"got {max_seq}")
        if min(max_batch, prefill_chunk) < 1:
            raise InputError(f"DecoderModel: max_batch and prefill_chunk must be >= 1, got "
                             f"{max_batch} and {prefill_chunk}")
        if weight_format is not None and weight_format not in (*GGUF_FORMATS, *SCHEMES):
            raise InputError(f"DecoderModel: weight_format must be None, {GGUF_FORMAT!r}, "
                             f"{GGUF_INT8_FORMAT!r} or one of {sorted(SCHEMES)}, got "
                             f"{weight_format!r}")
        kv_dtype = kv_dtype_name(kv_dtype, "DecoderModel")
        if weight_format in GGUF_FORMATS and not callable(getattr(weights, "blocks", None)):
            raise InputError(f"DecoderModel: weight_format {weight_format!r} needs weights "
                             "that know their file blocks (GGUFWeights.blocks)")
        self.config = config
        self.weight_format = weight_format
        self.kv_dtype = kv_dtype
        self._layer_formats = (_file_schemes(config, weights) if weight_format in GGUF_FORMATS
                               else weight_format)
        self.tokenizer = tokenizer
        self.chat_template = None if tokenizer is None else tokenizer.chat_template
        self.device = device
        self.max_seq = max_seq
        self.max_batch = max_batch
        self.prefill_chunk = min(prefill_chunk, max_seq)
        self.verify_tokens = VERIFY_TOKENS
        self._options = dataclasses.replace(options or CompileOptions(), split_params=False)
        self._weights = weights
        self._weights_owner: CompiledGraph | None = None
        # never evicts: a batch size's programs share its cache handles
        self._programs = CompileCache(device, len(_KINDS) * max_batch, self._options)
        self._cache_owners: dict[int, CompiledGraph] = {}
        self._feed_rows: dict[tuple[int, str], tuple[np.ndarray, np.ndarray]] = {}
        # paged caches, per (bucket, program kind): the run feed's starts, counts and
        # block tables (:meth:`_paged_feed_on_run`), also the run's inputs
        self._paged_rows: dict[tuple[int, str], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        # per batch size: the decode program's run_slots arguments (:meth:`_decode_step`)
        self._decode_inputs: dict[int, list[Any]] = {}
        # extend(copy=False)'s logits when not every sequence took tokens: the buffer
        # and the rows written in it (:meth:`_scattered`)
        self._logits_buffer: tuple[np.ndarray, np.ndarray] = (np.zeros((0, 0), np.float32),
                                                              np.zeros(0, np.int64))
        self._lengths = np.zeros(1, np.int64)
        self._paged: tuple[int, int] | None = None      # (pages, tokens per page)
        self._pool: PagePool | None = None
        self._prefix: PrefixCache | None = None
        if page_size is not None or kv_pages is not None:
            self._init_pages(DEFAULT_PAGE_SIZE if page_size is None else page_size, kv_pages)

    # ------------------------------------------------------------------ state
    @property
    def batch(self) -> int:
        """Sequences in the cache (set by :meth:`reset`)."""
        return len(self._lengths)

    @property
    def lengths(self) -> np.ndarray:
        """Tokens cached per sequence, int64 [batch] (a copy)."""
        return self._lengths.copy()

    @property
    def paged(self) -> bool:
        """Whether the cache is paged (``page_size`` / ``kv_pages`` given)."""
        return self._paged is not None

    @property
    def pool(self) -> PagePool | None:
        """The paged cache's pages (None when not paged)."""
        return self._pool

    @property
    def prefix_cache(self) -> PrefixCache | None:
        """The full pages kept for prompts that start the same way (None when not
        paged)."""
        return self._prefix

    def _init_pages(self, page_size: int, kv_pages: int | None) -> None:
        """Paged cache: one pool of ``kv_pages`` pages (default: room for every sequence
        at ``max_seq``) of ``page_size`` tokens; programs per batch bucket."""
        per_sequence = -(-self.max_seq // page_size) if page_size >= 1 else 0
        if kv_pages is None:
            kv_pages = self.max_batch * per_sequence
        for name, value in (("page_size", page_size), ("kv_pages", kv_pages)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
                raise InputError(f"DecoderModel: {name} must be an integer >= 1, got {value!r}")
        c = self.config
        self._paged = (int(kv_pages), int(page_size))
        self._pool = PagePool(int(kv_pages), int(page_size),
                              c.n_layers * 2 * c.n_kv_heads * int(page_size) * c.head_dim
                              * as_dtype(self.kv_dtype).itemsize)
        self._prefix = PrefixCache(self._pool)
        self._sequences = [PagedSequence(self._pool)]
        self._history: list[list[int]] = [[]]
        self._table_width = per_sequence
        buckets, b = [], 1
        while b < self.max_batch:
            buckets.append(b)
            b *= 2
        self._buckets = buckets + [self.max_batch]

    def reset(self, batch: int = 1) -> None:
        """Empty the cache and make room for ``batch`` sequences, compiling the decode
        graph of that batch size (and setting the weights) on first use. InputError
        unless 1 <= batch <= max_batch. A new model holds one empty sequence."""
        if isinstance(batch, bool) or not isinstance(batch, (int, np.integer)) or not (
                1 <= batch <= self.max_batch):
            raise InputError(f"reset: batch must be an integer in [1, {self.max_batch}], got "
                             f"{batch!r}")
        self._lengths = np.zeros(int(batch), np.int64)
        if self._paged is not None:
            for seq in self._sequences:
                seq.release()
            self._sequences = [PagedSequence(self._pool) for _ in range(int(batch))]
            self._history = [[] for _ in range(int(batch))]
            self._program("decode", self._bucket(int(batch)))
            return
        self._program("decode")

    def commit_kv_cache(self) -> int:
        """Write every byte of the KV cache now and return how many: its memory is
        otherwise committed as sequences first reach each part of it (which a server
        then pays between decode steps, on huge pages 2 MB per layer's keys or values at
        a time), and its size is then the process's from the start, as llama.cpp's
        server allocates and clears its cache when it starts. The cache is emptied (as
        :meth:`reset` with the current batch; a paged cache forgets its cached
        prefixes). Compiles the decode program first when none has run."""
        self.reset(self.batch)
        if self._paged is not None:
            self._prefix.clear()
        total = 0
        for cg in self._cache_owners.values():
            for i in range(self.config.n_layers):
                for name in cache_names(i):
                    cg.bind_handle(name)            # bound before: zeroed in place
                    t = cg.input_types[name]
                    total += int(np.prod(t.shape)) * t.dtype.np.itemsize
        return total

    # ------------------------------------------------------------------ running
    def prefill(self, ids: Sequence[Sequence[int]] | np.ndarray) -> np.ndarray:
        """Append each sequence's tokens to the cache; float32 logits [batch, vocab] at
        each sequence's last new token.

        ``ids``: one list of token ids per sequence (``batch`` of them, each non-empty,
        lengths may differ) or a 2-D integer array. InputError for another number of
        sequences, an empty one, ids outside the vocabulary, or a sequence that would
        outgrow ``max_seq``.
        """
        rows = self._check_prompts(ids)
        if not all(rows):
            raise InputError("prefill: every sequence needs at least one token")
        return self._extend(rows)

    def extend(self, pieces: Sequence[Sequence[int]], copy: bool = True) -> np.ndarray:
        """Append each sequence's tokens, none for some, to the cache: float32 logits
        [batch, vocab] at each sequence's last new token (zeros for a sequence given
        none). Sequences of a batch need not be in step: one may take its prompt (in
        pieces of up to ``prefill_chunk`` tokens, run together with the others' tokens)
        while others decode, which is how a server batches requests that come and go
        (with :meth:`release`). InputError as for :meth:`prefill`, or when no sequence
        has a token.

        ``copy=False``: the logits are a read-only array this decoder writes again at its
        next call (the program's output buffer itself when every sequence took tokens
        in one piece), for a caller that reads them before it calls again: the serving
        engine. Copying a 16-sequence step's 3 MB of SmolLM2 logits took about 0.4 ms
        of a 19 ms step."""
        rows = self._check_prompts(pieces)
        if not any(rows):
            raise InputError("extend: no sequence has a token to append")
        return self._extend(rows, copy)

    def release(self, row: int) -> None:
        """Empty sequence ``row``'s cache (the others keep theirs): its next tokens start
        a new sequence. InputError for a row outside the batch."""
        self._check_row("release", row)
        self._lengths[int(row)] = 0
        if self._paged is not None:     # its full pages stay findable by later prompts
            row = int(row)
            self._prefix.insert(self._history[row], self._sequences[row].pages)
            self._sequences[row].release()
            self._history[row] = []

    def reuse_prefix(self, row: int, tokens: Sequence[int]) -> int:
        """Start the empty sequence ``row`` with the cached pages of ``tokens``' longest
        prefix of whole pages that an earlier sequence computed (paged caches: see
        :mod:`rlx.models.paging`; a sequence's pages are remembered when it is
        released). Returns the tokens now cached (0 without a paged cache or a match);
        the caller appends the rest. The keys and values are the earlier sequence's, so
        logits after them can differ from a fresh prefill by float rounding (another
        split of the prompt into pieces). InputError for a row outside the batch or a
        sequence that is not empty."""
        self._check_row("reuse_prefix", row)
        row = int(row)
        if self._lengths[row]:
            raise InputError(f"reuse_prefix: sequence {row} is not empty")
        if self._paged is None:
            return 0
        tokens = [int(t) for t in tokens]
        self._sequences[row].adopt(self._prefix.lookup(tokens))
        count = self._sequences[row].length
        self._lengths[row] = count
        self._history[row] = tokens[:count]
        return count

    def verify(self, pieces: Sequence[Sequence[int]]) -> list[np.ndarray]:
        """Append each sequence's tokens (none for some, at most :data:`VERIFY_TOKENS`)
        and return, per sequence, float32 logits [tokens, vocab] after each of its new
        tokens: what checking drafted tokens needs (speculative decoding; a sequence then
        keeps the tokens it accepted with :meth:`truncate`). InputError as for
        :meth:`extend`, or for a longer piece."""
        rows = self._check_prompts(pieces)
        counts = np.array([len(r) for r in rows], np.int64)
        if not counts.any() or counts.max() > VERIFY_TOKENS:
            raise InputError(f"verify: each sequence takes 0 to {VERIFY_TOKENS} tokens, at "
                             f"least one sequence some; got {counts.tolist()}")
        self._check_room(counts)
        ids = np.zeros((self.batch, int(counts.max())), np.int64)
        for b, piece in enumerate(rows):
            ids[b, :len(piece)] = piece
        logits = self._step("verify", ids, counts)
        return [logits[b, :c] for b, c in enumerate(counts)]

    def truncate(self, row: int, length: int) -> None:
        """Keep the first ``length`` tokens of sequence ``row``'s cache (drop drafted
        tokens it did not accept); the next tokens are appended after them. InputError
        for a row outside the batch or a length outside [0, its length]."""
        self._check_row("truncate", row)
        have = int(self._lengths[int(row)])
        if isinstance(length, bool) or not isinstance(length, (int, np.integer)) or not (
                0 <= length <= have):
            raise InputError(f"truncate: length must be an integer in [0, {have}], got "
                             f"{length!r}")
        if self._paged is not None:
            seq, size = self._sequences[int(row)], self._pool.tokens_per_page
            if length % size and self._pool.refs(seq.pages[length // size]) > 1:
                raise InputError(f"truncate: position {length} of sequence {row} lies in a "
                                 "page shared with other sequences (a reused prefix); its "
                                 "rows cannot be overwritten")
            seq.truncate(int(length))
            del self._history[int(row)][int(length):]
        self._lengths[int(row)] = int(length)

    def _check_row(self, what: str, row: Any) -> None:
        if isinstance(row, bool) or not isinstance(row, (int, np.integer)) or not (
                0 <= row < self.batch):
            raise InputError(f"{what}: row must be an integer in [0, {self.batch}), got "
                             f"{row!r}")

    def _extend(self, rows: list[list[int]], copy: bool = True) -> np.ndarray:
        counts = np.array([len(r) for r in rows], np.int64)
        self._check_room(counts)
        chunk = self.prefill_chunk
        if counts.max() <= chunk:       # one chunk (every decode step): no second buffer
            return self._run_chunk(rows, copy)
        logits = np.zeros((self.batch, self.config.vocab_size), np.float32)
        for start in range(0, int(counts.max()), chunk):
            pieces = [r[start:start + chunk] for r in rows]
            out = self._run_chunk(pieces)
            ends = np.array([len(p) > 0 and start + len(p) == len(r)
                             for p, r in zip(pieces, rows)])
            logits[ends] = out[ends]
        return logits

    def decode(self, next_ids: Sequence[int] | np.ndarray) -> np.ndarray:
        """Append one token per sequence; float32 logits [batch, vocab] after it.
        InputError for another shape than [batch], ids outside the vocabulary, or a
        full cache."""
        ids = np.asarray(next_ids)
        if ids.shape != (self.batch,) or ids.dtype.kind not in "iu":
            raise InputError(f"decode: next_ids must be {self.batch} integer ids, got "
                             f"{ids.dtype} of shape {ids.shape}")
        self._check_ids(ids)
        if int(self._lengths.max()) >= self.max_seq:
            self._check_room(np.ones(self.batch, np.int64))
        if self._paged is None:
            return self._decode_step(ids)
        return self._step("decode", ids.astype(np.int64).reshape(self.batch, 1),
                          np.ones(self.batch, np.int64))

    def _decode_step(self, ids: np.ndarray) -> np.ndarray:
        """:meth:`_step` of one token per sequence on a contiguous cache, with the few
        numpy calls a step needs: its inputs live in arrays kept per batch size, written
        in place. A decode step streams every weight through the caches, so the Python
        between two steps runs cold: a numpy call there cost 15-50 us (SmolLM2,
        ``gguf-int8``, 2 threads), and this path makes about half of :meth:`_step`'s.
        The Python around the run (decode's checks to the logits' copy) took 168 -> 124
        us a step (SmolLM2), 149 -> 109 (the MoE benchmark's model), 314 -> 253 (Gemma
        3, whose logits are 1 MB)."""
        batch = self.batch
        cg = self._program("decode")
        kept = self._decode_inputs.get(batch)
        if kept is None:
            zeros = np.zeros((batch, 1), np.int64)
            kept = self._decode_inputs[batch] = (
                [zeros, None, np.zeros(batch, np.int64)]
                + [None] * (len(cg.input_types) - len(INPUTS)))
        kept[0][:, 0] = ids
        kept[1] = self._lengths
        dst_rows, rows = self._feed_rows[(batch, "decode")]
        dst_rows.reshape(batch, -1)[:] = self._lengths[:, None]
        rows.fill(1)
        logits = cg.run_slots(kept)[0]
        self._lengths = self._lengths + 1
        return logits.copy()

    def _run_chunk(self, pieces: list[list[int]], copy: bool = True) -> np.ndarray:
        """Run one prefill chunk (at most ``prefill_chunk`` tokens per sequence); logits
        of each sequence's last token in it (zeros for empty pieces; ``copy`` as for
        :meth:`extend`)."""
        counts = np.array([len(p) for p in pieces], np.int64)
        longest = int(counts.max())
        ids = np.array([p + [0] * (longest - len(p)) for p in pieces], np.int64)
        if longest == 1:
            return self._step("decode", ids, counts, copy)
        cached = self._lengths[counts > 0] if self._paged is not None else self._lengths
        return self._step("append" if cached.any() else "fresh", ids, counts, copy)

    def _step(self, kind: str, ids: np.ndarray, counts: np.ndarray,
              copy: bool = True) -> np.ndarray:
        """Run program ``kind`` on ``ids`` [batch, S] (sequence b's first ``counts[b]``
        real), append the new keys and values to the cache; logits [batch, vocab] of
        each sequence's last real token (zeros for a sequence without one; ``copy`` as
        for :meth:`extend`)."""
        if self._paged is not None:
            return self._paged_step(kind, ids, counts, copy)
        cg = self._program(kind)
        dst_rows, rows = self._feed_rows[(self.batch, kind)]
        # the run appends each sequence's new rows at its length, every KV head alike
        dst_rows.reshape(self.batch, -1)[:] = self._lengths[:, None]
        rows.reshape(self.batch, -1)[:] = counts[:, None]
        slots: list[Any] = [ids, self._lengths, np.maximum(counts - 1, 0)]
        (logits, *_) = cg.run_slots(slots + [None] * (len(cg.input_types) - len(INPUTS)))
        self._lengths = self._lengths + counts
        if counts.all():        # every sequence: one copy, or none
            return logits.copy() if copy else logits
        return self._scattered(np.flatnonzero(counts), logits[counts > 0], copy)

    def _paged_step(self, kind: str, ids: np.ndarray, counts: np.ndarray,
                    copy: bool = True) -> np.ndarray:
        """:meth:`_step` on a paged cache: the sequences with tokens are packed into the
        first rows of the smallest batch bucket that holds them (the others cost
        nothing), each with its page table; pages are taken before the run."""
        rows = np.flatnonzero(counts > 0)
        parts = (self._prefill_parts(len(rows), ids.shape[1]) if kind in ("fresh", "append")
                 else [])
        if len(parts) > 1:
            out = np.zeros((self.batch, self.config.vocab_size), np.float32)
            for part in np.split(rows, np.cumsum(parts)[:-1]):
                part_counts = np.zeros_like(counts)
                part_counts[part] = counts[part]
                # the same token axis as one run: the padding decides some kernels
                # (a float product of up to 16 rows takes the decode kernel), so each
                # part's bits are those of the whole
                out[part] = self._paged_step(kind, ids, part_counts)[part]
            return out
        bucket = self._bucket(len(rows))
        # the per-sequence loops run over Python lists: each numpy scalar operation
        # costs microseconds in the Python between two steps, which runs cold
        live, lengths, counted = rows.tolist(), self._lengths.tolist(), counts.tolist()
        for b in live:
            if not self._sequences[b].reserve(lengths[b] + counted[b], self._prefix):
                raise InputError(f"the paged KV cache is full ({self._pool.pages} pages of "
                                 f"{self._pool.tokens_per_page} tokens, all in use)")
        packed_ids = np.zeros((bucket, ids.shape[1]), np.int64)
        packed_ids[:len(rows)] = ids[rows]
        cg = self._program(kind, bucket)
        # the run feed's arrays, rewritten in place: the run appends the new keys and
        # values itself (page 0 in the tables' unused entries: never read)
        past, packed_counts, table = self._paged_rows[(bucket, kind)]
        past.fill(0)
        past[:len(rows)] = self._lengths[rows]
        packed_counts.fill(0)
        packed_counts[:len(rows)] = counts[rows]
        table.fill(0)
        for i, b in enumerate(live):
            pages = self._sequences[b].pages
            table[i, :len(pages)] = pages
        slots: list[Any] = [packed_ids, past, np.maximum(packed_counts - 1, 0), table]
        (logits, *_) = cg.run_slots(slots + [None] * (len(cg.input_types) - len(slots)))
        if len(rows) == self.batch:     # every sequence, in order: one copy, or none
            out = logits[:self.batch].copy() if copy else logits[:self.batch]
        else:
            out = self._scattered(rows, logits[:len(rows)], copy)
        self._lengths[rows] += counts[rows]
        tokens = ids.tolist()
        for b in live:
            self._sequences[b].length = lengths[b] + counted[b]
            self._history[b] += tokens[b][:counted[b]]
        return out

    def _scattered(self, rows: np.ndarray, packed: np.ndarray, copy: bool) -> np.ndarray:
        """Logits [batch, ...] (one row a sequence): ``packed``'s rows at ``rows``, zeros
        elsewhere; a new array, or (``copy`` False) a read-only view of this decoder's
        own buffer, written again at its next call."""
        shape = (self.batch, *packed.shape[1:])
        if copy:
            out = np.zeros(shape, np.float32)
            out[rows] = packed
            return out
        out, written = self._logits_buffer
        if out.shape != shape:
            out = np.zeros(shape, np.float32)
        else:
            out[written] = 0.0
        out[rows] = packed
        self._logits_buffer = (out, rows)
        view = out.view()
        view.flags.writeable = False
        return view

    def _prefill_parts(self, count: int, tokens: int) -> list[int]:
        """How a prefill of ``count`` sequences of up to ``tokens`` tokens splits into
        runs of the bucket programs: one run of the smallest bucket holding them, or
        buckets that hold them exactly, largest first (11 -> 8 + 2 + 1), when the
        padding rows this saves cost more than the extra passes. A run costs a pass over
        the weights plus its rows, every row of its bucket counted, sequences without
        tokens too; a pass costs about what :data:`PASS_ROWS` rows do. Measured with
        SmolLM2 gguf-int8, prompts of 20 tokens, ms (one bucket -> split): 5 prompts
        119 -> 85, 9 prompts 237 -> 149, 11 prompts 237 -> 188; 3, 7 and 15 the same
        within the noise. Each sequence's logits are those of a batch of one either
        way."""
        bucket = self._bucket(count)
        parts, left = [], count
        for size in sorted(self._buckets, reverse=True):
            while left >= size:
                parts.append(size)
                left -= size
        if (bucket - count) * tokens > PASS_ROWS * (len(parts) - 1):
            return parts
        return [bucket]

    def _bucket(self, count: int) -> int:
        """The smallest batch bucket holding ``count`` sequences (paged caches)."""
        return next(b for b in self._buckets if b >= count)

    def _feed_on_run(self, cg: CompiledGraph, key: tuple[int, str]) -> None:
        """Make every run of ``cg`` (program ``key``) append its new keys and values
        (the outputs, laid out at the program's bound) to the cache: the rows and counts
        of each (sequence, KV head) live in ``_feed_rows[key]``, which :meth:`_step`
        fills before the run (no Python call of its own after it: a decode step's
        append took 0.2-0.3 ms of Python between the run and the next token)."""
        seqs = key[0] * self.config.n_kv_heads
        dst_rows, rows = np.zeros(seqs, np.int64), np.zeros(seqs, np.int64)
        cg.feed_kv_on_run(0, int(cg.input_types["input_ids"].shape[1]), dst_rows,
                          self.max_seq, self.config.head_dim, rows)
        self._feed_rows[key] = (dst_rows, rows)

    def _paged_feed_on_run(self, cg: CompiledGraph, key: tuple[int, str]) -> None:
        """Make every run of ``cg`` (program ``key`` of a paged cache) append its new
        keys and values to the pool pages through the block tables, starts and counts
        in ``_paged_rows[key]``, which :meth:`_paged_step` fills before the run (the
        run's own past lengths and tables): on cpu the checks and copies happen in the
        program's call. A SmolLM2 step's separate ``feed_kv_paged`` call had taken
        180-245 us of Python with one sequence, 374-426 us with 16."""
        bucket = key[0]
        past, counts = np.zeros(bucket, np.int64), np.zeros(bucket, np.int64)
        table = np.zeros((bucket, self._table_width), np.int64)
        cg.feed_kv_paged_on_run(int(cg.input_types["input_ids"].shape[1]), table, past,
                                counts, self._pool.tokens_per_page, self.config.head_dim)
        self._paged_rows[key] = (past, counts, table)

    # ------------------------------------------------------------------ checks
    def _check_prompts(self, ids: Any) -> list[list[int]]:
        if isinstance(ids, np.ndarray):
            if ids.ndim != 2 or not np.issubdtype(ids.dtype, np.integer):
                raise InputError(f"prefill: a 2-D integer array is expected, got {ids.dtype} "
                                 f"of shape {ids.shape}")
            rows = [list(map(int, r)) for r in ids]
        else:
            try:
                rows = [[_token_id(t) for t in r] for r in ids]
            except TypeError:
                raise InputError("prefill: ids must be one sequence of integer token ids "
                                 "per sequence, or a 2-D integer array") from None
        if len(rows) != self.batch:
            raise InputError(f"prefill: {len(rows)} sequences for a cache of {self.batch} "
                             "(call reset(batch) first)")
        vocab = self.config.vocab_size
        for r in rows:      # Python's min and max: no numpy call per sequence
            if r and (min(r) < 0 or max(r) >= vocab):
                raise InputError(f"token ids must be in [0, {vocab}), got {min(r)} .. "
                                 f"{max(r)}")
        return rows

    def _check_ids(self, ids: np.ndarray) -> None:
        vocab = self.config.vocab_size
        if ids.size and (ids.min() < 0 or ids.max() >= vocab):
            raise InputError(f"token ids must be in [0, {vocab}), got {ids.min()} .. "
                             f"{ids.max()}")

    def _check_room(self, counts: np.ndarray) -> None:
        after = self._lengths + counts
        if after.max() > self.max_seq:
            raise InputError(f"the cache holds {self.max_seq} tokens per sequence (max_seq); "
                             f"appending would make {after.tolist()}")

    # ------------------------------------------------------------------ compiling
    def _program(self, kind: str, batch: int | None = None) -> CompiledGraph:
        """The program ``kind`` (:data:`_KINDS`) of ``batch`` rows (default: the current
        batch size), compiled, given the weights and attached to the cache on first use
        (a batch size's own cache, or the one paged cache every bucket shares)."""
        batch = self.batch if batch is None else batch
        cg = self._programs.get((batch, kind))     # stored once compiled and prepared
        if cg is not None:
            return cg
        owner = 0 if self._paged is not None else batch

        # a symbolic axis has a bound of 2 or more: a chunk of 1 token is a fixed axis
        new = (1 if kind == "decode" else Dim("new", VERIFY_TOKENS) if kind == "verify"
               else Dim("new", self.prefill_chunk) if self.prefill_chunk > 1 else 1)
        # a partial of the builder: the program store finds a warm start's program by
        # this call, without building the graph (ProgramCache.get_or_compile)
        build = functools.partial(build_decoder_step, self.config, batch, new, self.max_seq,
                                  kind != "fresh", self._layer_formats,
                                  x_int8=self.weight_format == GGUF_INT8_FORMAT,
                                  all_logits=kind == "verify", paged=self._paged,
                                  kv_dtype=self.kv_dtype)

        def prepare(cg: CompiledGraph) -> None:
            self._set_weights(cg)
            self._attach_cache(cg, self._cache_owners.get(owner))
            self._cache_owners.setdefault(owner, cg)
            if self._paged is None:
                self._feed_on_run(cg, (batch, kind))
            else:
                self._paged_feed_on_run(cg, (batch, kind))

        return self._programs.get_or_compile((batch, kind), build, prepare)

    def _set_weights(self, cg: CompiledGraph) -> None:
        """Share the first graph's weights, or set them: file params, RoPE tables and
        the packed operands (``<name>.q`` ...) of ``<name>.weight``: the file's blocks
        (``"gguf"``) or packed here."""
        owner = self._weights_owner
        if owner is not None and cg.share_params_from(owner):
            return
        tables = rope_tables(self.config, self.max_seq)
        packed_name, packed = None, {}
        for name in cg.param_types:
            if name in tables:
                value = tables[name]
            elif name in self._weights:
                value = self._weights[name]
            else:
                base, _, operand = name.rpartition(".")
                if self.weight_format in GGUF_FORMATS:
                    value = self._weights.blocks(f"{base}.weight")[1]
                else:
                    if base != packed_name:  # a weight's operands are declared together
                        packed_name = base
                        packed = pack_weight(self._weights[f"{base}.weight"],
                                             self.weight_format)
                    value = packed[operand]
            cg.bind_param(name, value)     # the file's bytes or fresh arrays: no copy
        if owner is None:
            self._weights_owner = cg

    def _attach_cache(self, cg: CompiledGraph, owner: CompiledGraph | None) -> None:
        """Bind zeroed cache handles (``owner`` None) or share ``owner``'s, then register
        each layer's new keys and values (outputs 1, 2, ...) as feeds into them."""
        for i in range(self.config.n_layers):
            for j, name in enumerate(cache_names(i)):
                if owner is None:
                    bound = cg.bind_handle(name)       # zeros, committed as written
                else:
                    bound = cg.share_handle_from(owner, name)
                if not bound or not cg.register_kv_row_feed(name, 1 + 2 * i + j):
                    raise InputError(f"device {self.device!r} cannot keep a resident KV cache "
                                     "(persistent handles and KV feeds are needed)")

    def compile_programs(self, kinds: Sequence[str] = ("decode",),
                         batches: Sequence[int] | None = None) -> None:
        """Compile (and set up) the programs ``kinds`` ("decode", "fresh", "append",
        "verify") for each of ``batches`` (default: every batch bucket of a paged cache,
        else ``max_batch``) now rather than on first use: a server does this before it
        takes requests. InputError for an unknown kind or batch size."""
        unknown = [k for k in kinds if k not in _KINDS]
        if unknown:
            raise InputError(f"compile_programs: unknown kinds {unknown}; kinds are {_KINDS}")
        if batches is None:
            batches = self._buckets if self._paged is not None else [self.max_batch]
        for b in batches:
            if isinstance(b, bool) or not isinstance(b, (int, np.integer)) or not (
                    1 <= b <= self.max_batch):
                raise InputError(f"compile_programs: batch sizes must be in [1, "
                                 f"{self.max_batch}], got {b!r}")
            for kind in kinds:
                self._program(kind, int(b))

    def program(self, kind: str = "decode", batch: int | None = None) -> CompiledGraph:
        """The compiled program ``kind`` ("decode", "fresh", "append", "verify") of
        ``batch`` rows (default: the current batch size, or its bucket when paged),
        compiled and set up now if it was not: for its runtime surface (a mixture of
        experts' residency masks, router capture and statistics, ...). InputError for
        an unknown kind."""
        if kind not in _KINDS:
            raise InputError(f"program: unknown kind {kind!r}; kinds are {_KINDS}")
        if batch is None:
            batch = self._bucket(self.batch) if self._paged is not None else self.batch
        return self._program(kind, int(batch))

    def compiled_extents(self) -> dict[int, dict[str, list[int]]]:
        """Per batch size, the programs compiled so far by their largest extent: under
        ``"fresh"`` the prefill of empty caches (``[prefill_chunk]`` once compiled),
        under ``"steps"`` those appending to caches (1: decode; ``prefill_chunk``: a
        piece of any length up to it)."""
        bounds = {"decode": 1, "fresh": self.prefill_chunk, "append": self.prefill_chunk,
                  "verify": VERIFY_TOKENS}
        out: dict[int, dict[str, list[int]]] = {}
        for batch, kind in self._programs.keys():
            entry = out.setdefault(batch, {"fresh": [], "steps": []})
            entry["fresh" if kind == "fresh" else "steps"].append(bounds[kind])
        return {b: {k: sorted(v) for k, v in e.items()} for b, e in sorted(out.items())}

    def __repr__(self) -> str:
        c = self.config
        weights = self.weight_format or "f32"
        return (f"<rlx.DecoderModel {c.arch}: {c.n_layers} layers x {c.hidden}, {weights} "
                f"weights, {self.kv_dtype} KV cache on {self.device!r}, max_seq "
                f"{self.max_seq}, max_batch {self.max_batch}>")


def _file_schemes(config: DecoderConfig, weights: Any) -> dict[str, str]:
    """The GGML scheme of each linear layer (``blk.0.attn_q``, ..., the output
    projection), expert stack (``blk.0.ffn_gate_exps``, ...) and of the embedding table
    whose weight ``weights.blocks`` finds in a block format. Routers stay float (they
    are small, and the route is computed from float logits)."""
    schemes = {}
    for name, shape in decoder_param_shapes(config, 1).items():
        base = name.removesuffix(".weight")
        if len(shape) in (2, 3) and not name.startswith("rope.") \
                and not base.endswith(".ffn_gate_inp"):
            found = weights.blocks(name)
            if found is not None:
                schemes[base] = found[0]
    return schemes


def load_decoder(path: str | os.PathLike, device: str = "cpu", max_seq: int | None = None,
                 max_batch: int = 1, options: CompileOptions | None = None,
                 prefill_chunk: int = DEFAULT_PREFILL_CHUNK,
                 weight_format: str | None = None, page_size: int | None = None,
                 kv_pages: int | None = None, kv_dtype: str = "f32") -> DecoderModel:
    """A :class:`DecoderModel` from a GGUF file or a Hugging Face checkpoint directory
    (``config.json``, ``model.safetensors`` or its shards, ``tokenizer.json``; see
    :mod:`rlx.models.decoder_checkpoint`): config, tokenizer and chat template from the
    files, weights as float32 — or, from a GGUF file with ``weight_format="gguf"``,
    linear layers kept in the file's block formats and read from its bytes (module
    docstring). Nothing is compiled or dequantised yet (see :class:`DecoderModel`).
    ModelConfigError for an architecture or feature the builder lacks, or a missing
    file or tensor; GGUFError / SafetensorsError / TokenizerError for a malformed file;
    InputError for a ``"gguf"`` weight format with a Hugging Face directory."""
    config, weights, tokenizer = read_decoder_checkpoint(path)
    model = DecoderModel(config, weights, tokenizer, device, max_seq, max_batch, options,
                         prefill_chunk, weight_format, page_size, kv_pages, kv_dtype)
    release_free_heap()         # what reading the files built and dropped
    return model


def _token_id(t: Any) -> int:
    """``t`` as a token id: an int or numpy integer (TypeError for anything else, bools,
    floats and numeric strings included: int() took 504.9 and "3575")."""
    n = exact_int(t)
    if n is None:
        raise TypeError(f"{t!r} is not a token id")
    return n
