"""Decoder-only language models (Llama / SmolLM2, Qwen2 / Qwen3, Gemma 3, and the
mixtures of experts Qwen3-MoE and Mixtral): the step graph.

:func:`build_decoder_step` builds the graph that appends ``S`` new tokens to each of
``B`` sequences whose keys and values so far sit in a KV cache, and returns the
next-token logits at each sequence's last new token. Prefill (``S`` = a bucket of
prompt lengths) and decode (``S = 1``) are the same graph at different ``S``.

Per layer (``DecoderConfig`` says which parts apply)::

    h = x + [post_norm](attention(norm(x)))        attention: GQA, RoPE, QK-norm,
    x = h + [post_norm](mlp(norm(h)))              sliding window, soft-capping
    mlp(x) = down(act(gate(x)) * up(x))            act: SiLU or GELU(tanh)

where a linear layer may add a bias (``DecoderConfig.biases``: Qwen2's query, key and
value projections). In a mixture layer (``DecoderConfig.moe_layers``) ``mlp`` is
:func:`rlx.moe.moe_mlp` over the batch's rows: the router ``blk.<i>.ffn_gate_inp``
[E, hidden] picks each row's experts and ``grouped_matmul`` reads only theirs from
``ffn_gate_exps`` / ``ffn_up_exps`` [E, expert_ffn, hidden] and ``ffn_down_exps``
[E, hidden, expert_ffn] (so the MoE runtime surface of ``CompiledGraph`` sees one
layer per router, in layer order). Then the final norm, the output projection (the
embedding matrix when tied) and optional soft-capping, on the last new token of each
sequence only.

The KV cache. Layer ``i`` reads its cache from the inputs ``cache.<i>.k`` and
``cache.<i>.v``, each ``[B, n_kv_heads, capacity, head_dim]`` — meant to be bound as
persistent handles — where row ``j`` of sequence ``b`` holds the token at position
``j``. The graph never writes them: it returns the new tokens' keys and values as
outputs ``[B, n_kv_heads, S, head_dim]`` and the caller appends them to the cache
afterwards (``CompiledGraph.feed_kv_batch_major_ragged``, head-major rows of
``head_dim``). The new tokens attend to each sequence's first ``past_len[b]`` rows,
read in place, and to each other through the ``cached_attention`` op: nothing copies
the cache, and the rows past a sequence's length are never read (they may hold
anything). The cache may be stored as f16 or bf16 (``kv_dtype``): each new key and
value is then rounded to it once, where it is made, and every step (the one that made
it too) attends over the stored values, read into f32; the outputs carry them in that
dtype, so the feeds copy them as they are. A graph built with ``reads_cache=False``
(prefill of empty sequences) attends only among the new tokens, with the fused
``attention`` op (or a masked softmax when scores are soft-capped); it still declares
the cache inputs, unread, so that one set of cache handles can be shared by every
graph and each graph's new keys and values fed into it.

Padding. Sequence ``b`` has ``last_index[b] + 1`` real new tokens; rows after them are
padding. Their keys and values are zeroed before use and in the outputs, so padded
rows can hold any values (including rows a backend skipped under an active-extent
hint) without reaching a real token.

Params are named as in a GGUF file (``token_embd.weight``, ``blk.<i>.attn_q.weight``
[out, in], ``blk.<i>.attn_q.bias``, ...; the loaders map Hugging Face names onto these)
plus the RoPE tables ``rope.<kind>.cos`` / ``.sin`` [capacity,
rope_dim / 2] of :func:`rope_tables`. With a ``weight_format`` (a packing scheme of
:mod:`rlx.ir.quantized`: "int8", "int4", ...) every linear layer and the output
projection read packed weights through ``dequant_matmul`` instead: params
``<name>.q`` / ``<name>.scale`` (see ``rlx.quantized_linear``) in place of
``<name>.weight`` — the output projection of tied embeddings is ``token_embd.q`` /
``.scale`` beside the float ``token_embd.weight`` the embedding gathers from. A
``weight_format`` mapping instead names each linear layer's scheme (``blk.0.attn_q``:
``"q4_1"``, ...); layers it omits keep float weights. With GGML schemes that is how
a GGUF file's weights are used as they are stored: ``<name>.q`` holds the file's
blocks. A mapping that names ``token_embd`` also makes the embedding lookup decode its
rows from ``token_embd.q`` (``dequant_gather``), so no float copy of the table exists.
A mapping entry for an expert stack (``blk.<i>.ffn_gate_exps``, ...) must be a GGML
scheme: ``<name>.q`` is then u8 [E, expert_ffn * row_bytes] (each expert's blocks, as
the file stores them) read by ``grouped_matmul``; the router stays float.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

import rlx
from rlx.errors import GraphBuildError, InputError
from rlx.ir.graph import Graph, Tensor
from rlx.ir.quantized import GGML_SCHEMES, PackedLayout, dequant_gather, dequant_matmul
from rlx.ir.types import Dim
from rlx.models.decoder_config import DecoderConfig
from rlx.moe import moe_mlp
from rlx.runtime.program_store import pure_builder

__all__ = ["KV_DTYPES", "build_decoder_step", "cache_names", "decoder_param_shapes",
           "kv_dtype_name", "rope_tables"]

ACTIVATIONS: dict[str, Callable[[Tensor], Tensor]] = {
    "silu": rlx.silu,
    "gelu_tanh": rlx.gelu_tanh,
}
INPUTS = ("input_ids", "past_len", "last_index")
ROPE_KINDS = ("global", "local")
KV_DTYPES = ("f32", "f16", "bf16")
"""The dtypes a decoder's KV cache may be stored in (``kv_dtype``): f32, or half the
bytes as f16 (llama.cpp's default) or bf16, read into f32 by the attention."""

WeightFormat = str | Mapping[str, str] | None
"""The linear layers' weights: float (None), one packing scheme for all, or a scheme
per layer name (``blk.<i>.attn_q``, ..., ``token_embd`` / ``output`` for the output
projection); layers a mapping omits keep float weights."""


def cache_names(layer: int) -> tuple[str, str]:
    """The input names of layer ``layer``'s key and value cache."""
    return f"cache.{layer}.k", f"cache.{layer}.v"


def kv_dtype_name(value: object, where: str) -> str:
    """``value`` (a name, numpy dtype or rlx DType) as one of :data:`KV_DTYPES`;
    InputError naming ``where`` and the choices for anything else."""
    try:
        name = str(rlx.as_dtype(value))
    except (rlx.RlxError, TypeError, ValueError):
        name = None
    if name not in KV_DTYPES:
        raise InputError(f"{where}: kv_dtype must be one of {KV_DTYPES}, got {value!r}")
    return name


def _rope_kind(config: DecoderConfig, layer: int) -> str:
    local = config.layer_windows[layer] is not None and config.rope_base_local is not None
    return "local" if local else "global"


def rope_tables(config: DecoderConfig, rows: int) -> dict[str, np.ndarray]:
    """The float32 RoPE tables, ``cos`` / ``sin`` of ``position * inv_freq`` for
    positions ``0 .. rows - 1``, one pair per RoPE kind the config's layers use.

    ``inv_freq[i] = base ** (-2 i / rope_dim)``, divided on the global layers by
    ``config.rope_freq_factors`` (Llama 3.1's scaling) when set; positions are divided
    by the layer's linear RoPE scale. Computed in float64, rounded once.
    """
    tables = {}
    for layer in range(config.n_layers):
        kind = _rope_kind(config, layer)
        if f"rope.{kind}.cos" in tables:
            continue
        base, scale = config.layer_rope(layer)
        inv_freq = base ** (-np.arange(0, config.rope_dim, 2, dtype=np.float64) /
                            config.rope_dim)
        if kind == "global" and config.rope_freq_factors is not None:
            inv_freq = inv_freq / np.asarray(config.rope_freq_factors, np.float64)
        angles = np.outer(np.arange(rows, dtype=np.float64) / scale, inv_freq)
        tables[f"rope.{kind}.cos"] = np.cos(angles).astype(np.float32)
        tables[f"rope.{kind}.sin"] = np.sin(angles).astype(np.float32)
    return tables


def decoder_param_shapes(config: DecoderConfig, capacity: int) -> dict[str, tuple[int, ...]]:
    """Every param of the step graph for a cache of ``capacity`` rows, by name, with its
    shape (linear weights are [out, in] as GGUF stores them, in numpy order; a linear
    layer of ``config.biases`` also has ``<name>.bias`` [out]; a mixture layer has the
    router and expert stacks of :data:`~rlx.models.decoder_config.EXPERT_TENSORS` in
    place of ``ffn_gate`` / ``ffn_up`` / ``ffn_down``)."""
    h, q_dim, kv_dim, ffn = config.hidden, config.n_heads * config.head_dim, config.kv_dim, \
        config.ffn_hidden
    shapes: dict[str, tuple[int, ...]] = {"token_embd.weight": (config.vocab_size, h),
                                          "output_norm.weight": (h,)}
    if not config.tied_embeddings:
        shapes["output.weight"] = (config.vocab_size, h)
    for name, table in rope_tables(config, 1).items():
        shapes[name] = (capacity, table.shape[1])
    for i in range(config.n_layers):
        blk = f"blk.{i}"
        shapes.update({f"{blk}.attn_norm.weight": (h,), f"{blk}.attn_q.weight": (q_dim, h),
                       f"{blk}.attn_k.weight": (kv_dim, h), f"{blk}.attn_v.weight": (kv_dim, h),
                       f"{blk}.attn_output.weight": (h, q_dim), f"{blk}.ffn_norm.weight": (h,)})
        if config.is_moe_layer(i):
            experts, width = config.expert_count, config.moe_ffn
            shapes.update({f"{blk}.ffn_gate_inp.weight": (experts, h),
                           f"{blk}.ffn_gate_exps.weight": (experts, width, h),
                           f"{blk}.ffn_up_exps.weight": (experts, width, h),
                           f"{blk}.ffn_down_exps.weight": (experts, h, width)})
        else:
            shapes.update({f"{blk}.ffn_gate.weight": (ffn, h), f"{blk}.ffn_up.weight": (ffn, h),
                           f"{blk}.ffn_down.weight": (h, ffn)})
        for layer in config.biases:
            shapes[f"{blk}.{layer}.bias"] = shapes[f"{blk}.{layer}.weight"][:1]
        if config.qk_norm:
            shapes[f"{blk}.attn_q_norm.weight"] = (config.head_dim,)
            shapes[f"{blk}.attn_k_norm.weight"] = (config.head_dim,)
        if config.sandwich_norms:
            shapes[f"{blk}.post_attention_norm.weight"] = (h,)
            shapes[f"{blk}.post_ffw_norm.weight"] = (h,)
    return shapes


# ---------------------------------------------------------------------- the graph
class _Params:
    """Declares each param on first use, with the shape ``decoder_param_shapes`` gives;
    linear layers read packed weights when a ``weight_format`` names a scheme for them
    (one for all, or one per layer)."""

    def __init__(self, graph: Graph, shapes: dict[str, tuple[int, ...]], eps: float,
                 weight_format: WeightFormat, x_int8: bool):
        self._graph = graph
        self._shapes = shapes
        self._eps = eps
        self._format = weight_format
        self._x_int8 = x_int8
        self._declared: dict[str, Tensor] = {}

    def __call__(self, name: str) -> Tensor:
        if name not in self._declared:
            self._declared[name] = self._graph.param(name, self._shapes[name])
        return self._declared[name]

    def linear(self, name: str, x: Tensor) -> Tensor:
        """``x @ W.T`` with the file's [out, in] weight ``<name>.weight`` (or its packed
        form ``<name>.q`` / ``.scale``), plus ``<name>.bias`` where the layer has one."""
        scheme = self._format.get(name) if isinstance(self._format, Mapping) else self._format
        if scheme is None:
            y = x @ self(f"{name}.weight").T
        else:
            out_features, in_features = self._shapes[f"{name}.weight"]
            y = dequant_matmul(x, self._packed(name, scheme), scheme, out_features,
                               in_features, x_int8=self._x_int8 and scheme in GGML_SCHEMES)
        if f"{name}.bias" in self._shapes:
            y = y + self(f"{name}.bias")
        return y

    @property
    def x_int8(self) -> bool:
        """Whether products with GGML blocks round x to int8 (GGML's arithmetic)."""
        return self._x_int8

    def experts(self, name: str) -> tuple[Tensor, str]:
        """The expert stack ``<name>.weight`` [E, n, k] as ``grouped_matmul`` takes it,
        with its scheme: f32 [E, n, k], or with a GGML scheme from the weight format the
        file's blocks ``<name>.q`` u8 [E, n * row_bytes]."""
        scheme = self._format.get(name) if isinstance(self._format, Mapping) else None
        if scheme is None:
            return self(f"{name}.weight"), "f32"
        if scheme not in GGML_SCHEMES:
            raise GraphBuildError(f"{name}: expert weights take f32 or a GGML block format, "
                                  f"not {scheme!r}")
        experts, n, k = self._shapes[f"{name}.weight"]
        key = f"{name}.q"
        if key not in self._declared:
            row_bytes = PackedLayout.of(scheme, n, k).row_bytes
            self._declared[key] = self._graph.param(key, (experts, n * row_bytes), "u8")
        return self._declared[key], scheme

    def embedding(self, name: str, ids: Tensor) -> Tensor:
        """Rows ``ids`` of the table ``<name>.weight``: gathered from its packed operands
        when a weight_format mapping names a scheme for ``name`` (the file's blocks),
        from floats otherwise."""
        scheme = self._format.get(name) if isinstance(self._format, Mapping) else None
        if scheme is None:
            return rlx.embedding(self(f"{name}.weight"), ids)
        vocab, width = self._shapes[f"{name}.weight"]
        return dequant_gather(ids, self._packed(name, scheme), scheme, vocab, width)

    def _packed(self, name: str, scheme: str) -> list[Tensor]:
        """The packed operands ``<name>.q`` (...) of ``<name>.weight``, declared once
        (a tied table is both looked up and multiplied)."""
        layout = PackedLayout.of(scheme, *self._shapes[f"{name}.weight"])
        operands = []
        for suffix, t in zip(layout.operand_names(), layout.operand_types()):
            key = f"{name}.{suffix}"
            if key not in self._declared:
                self._declared[key] = self._graph.param(key, t.shape, t.dtype)
            operands.append(self._declared[key])
        return operands

    def norm(self, name: str, x: Tensor) -> Tensor:
        """RMSNorm over the last axis with weight ``<name>.weight``."""
        return rlx.rms_norm(x, self(f"{name}.weight"), eps=self._eps)


@dataclass(frozen=True)
class _Step:
    """What every layer shares: the RoPE tables gathered at the new positions, which
    new rows are real, and which keys each new row sees."""

    rope: dict[str, tuple[Tensor, Tensor]]    # kind -> cos, sin [B|1, 1, S, rope_dim / 2]
    real_rows: Tensor                         # bool [B, 1, S, 1]
    visible: dict[int | None, Tensor]         # window -> bool [1, 1, 1, S, S] (fresh, capped)
    past_len: Tensor | None                   # i64 [B] (graphs that read the cache)
    block_table: Tensor | None = None         # i64 [B, pages] (paged caches)
    kv_dtype: str = "f32"                     # the cache's storage (KV_DTYPES)


@pure_builder
def build_decoder_step(config: DecoderConfig, batch: int, new_tokens: int, capacity: int,
                       reads_cache: bool = True, weight_format: WeightFormat = None,
                       x_int8: bool = False, all_logits: bool = False,
                       paged: tuple[int, int] | None = None, kv_dtype: str = "f32") -> Graph:
    """The graph appending ``new_tokens`` tokens to each of ``batch`` sequences.

    Inputs: ``input_ids`` i64 [B, S]; ``past_len`` i64 [B], the tokens already cached
    per sequence (the position of its first new token); ``last_index`` i64 [B], the
    index of each sequence's last real new token (rows after it are padding); the
    caches ``cache.<i>.k`` / ``.v`` of ``kv_dtype`` (:data:`KV_DTYPES`) [B, n_kv_heads,
    capacity, head_dim] (see the module docstring), of which the graph reads each
    sequence's first ``past_len`` rows in place; with ``reads_cache`` False the caches
    and ``past_len`` are not read and every sequence must be empty. Positions must stay
    below ``capacity`` (the RoPE tables' rows); the graph clamps padded rows' positions
    to the last row.

    Outputs: ``logits`` f32 [B, vocab] at each sequence's last real token ([B, S,
    vocab] at every new row with ``all_logits``: what checking drafted tokens needs,
    rows past a sequence's real ones meaningless), then per
    layer the new keys and values, of ``kv_dtype`` [B, n_kv_heads, S, head_dim] (zero on
    padded rows). Params: :func:`decoder_param_shapes` ``(config, capacity)``, with packed
    linear weights under a ``weight_format`` (:data:`WeightFormat`, module docstring).
    With ``x_int8`` the products with weights in GGML block formats round x to int8
    first, as GGML does (``dequant_matmul``'s and ``grouped_matmul``'s ``x_int8``).
    With ``paged`` = (pages, tokens per page) the caches are paged: each
    ``cache.<i>.k`` / ``.v`` is a pool [pages, n_kv_heads, tokens per page, head_dim]
    shared by every sequence, and the input ``block_table`` i64 [B, ceil(capacity /
    tokens per page)] (declared after ``last_index``) gives each sequence's pages
    (``rlx.models.paging``). InputError for a non-positive size; GraphBuildError for an
    unknown ``weight_format``; InputError for a ``kv_dtype`` outside :data:`KV_DTYPES`.
    """
    kv_dtype = kv_dtype_name(kv_dtype, "build_decoder_step")
    for what, value in (("batch", batch), ("new_tokens", new_tokens), ("capacity", capacity)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InputError(f"build_decoder_step: {what} must be a positive integer, got "
                             f"{value!r}")
    if isinstance(weight_format, Mapping):
        packed = "_mixed" if weight_format else ""
    else:
        packed = f"_{weight_format}" if weight_format else ""
    cached = "" if reads_cache else "_fresh"
    int8 = "_xint8" if x_int8 else ""
    every = "_all" if all_logits else ""
    every += f"_paged{paged[0]}x{paged[1]}" if paged is not None else ""
    every += f"_kv{kv_dtype}" if kv_dtype != "f32" else ""
    new = f"upto{int(new_tokens)}" if isinstance(new_tokens, Dim) else new_tokens
    g = Graph(f"{config.arch}_step_b{batch}_s{new}_c{capacity}{cached}{packed}{int8}{every}")
    params = _Params(g, decoder_param_shapes(config, capacity), config.norm_eps,
                     weight_format, x_int8)
    ids = g.input("input_ids", (batch, new_tokens), "i64")
    past_len = g.input("past_len", (batch,), "i64")
    last_index = g.input("last_index", (batch,), "i64")
    shape = (batch, config.n_kv_heads, capacity, config.head_dim)
    table = None
    if paged is not None:
        pages, size = paged
        table = g.input("block_table", (batch, -(-capacity // size)), "i64")
        shape = (pages, config.n_kv_heads, size, config.head_dim)
    step = _step_context(g, config, params, past_len if reads_cache else None, last_index,
                         batch, new_tokens, capacity, table, kv_dtype)
    x = params.embedding("token_embd", ids)
    if config.embed_scale != 1.0:
        x = x * config.embed_scale
    new_kv = []
    for i in range(config.n_layers):
        cache = tuple(g.input(name, shape, kv_dtype) for name in cache_names(i))
        x, k, v = _layer(params, config, step, i, x, cache if reads_cache else None)
        new_kv += [k, v]
    logits = _head(params, config, x) if all_logits else _logits(params, config, x, last_index)
    g.set_outputs([logits] + new_kv)
    return g


def _step_context(g: Graph, config: DecoderConfig, params: _Params, past_len: Tensor | None,
                  last_index: Tensor, batch: int, new: int, capacity: int,
                  table: Tensor | None = None, kv_dtype: str = "f32") -> _Step:
    offsets = rlx.arange(g, new).reshape(1, new)
    positions = offsets if past_len is None else past_len.reshape(batch, 1) + offsets
    positions = rlx.minimum(positions, capacity - 1)                    # [B or 1, S]
    rope = {}
    half = config.rope_dim // 2
    for layer in range(config.n_layers):
        kind = _rope_kind(config, layer)
        if kind not in rope:
            cos, sin = (rlx.embedding(params(f"rope.{kind}.{f}"), positions)
                        for f in ("cos", "sin"))
            rows = positions.shape[0]
            rope[kind] = (cos.reshape(rows, 1, new, half), sin.reshape(rows, 1, new, half))
    real_rows = offsets <= last_index.reshape(batch, 1)
    visible = {}
    if past_len is None and config.attn_softcap is not None:
        for window in dict.fromkeys(config.layer_windows):
            visible[window] = _visibility(g, new, window)
    return _Step(rope, real_rows.reshape(batch, 1, new, 1), visible, past_len, table,
                 kv_dtype)


def _visibility(g: Graph, new: int, window: int | None) -> Tensor:
    """Which new rows each new row sees (empty caches): bool [1, 1, 1, S, S], row j
    from row i when ``j <= i`` and ``i - j < window``."""
    rows = rlx.arange(g, new).reshape(new, 1)
    cols = rlx.arange(g, new).reshape(1, new)
    seen = cols <= rows
    if window is not None:
        seen = seen & (rows - cols < window)
    return seen.reshape(1, 1, 1, new, new)


def _layer(params: _Params, config: DecoderConfig, step: _Step, i: int, x: Tensor,
           cache: tuple[Tensor, Tensor] | None) -> tuple[Tensor, Tensor, Tensor]:
    """One block; returns the new hidden states and the layer's new keys and values."""
    blk = f"blk.{i}"
    attended, k, v = _attention(params, config, step, i, params.norm(f"{blk}.attn_norm", x),
                                cache)
    if config.sandwich_norms:
        attended = params.norm(f"{blk}.post_attention_norm", attended)
    h = x + attended
    inner = params.norm(f"{blk}.ffn_norm", h)
    if config.is_moe_layer(i):
        out = _mixture(params, config, i, inner)
    else:
        gate = ACTIVATIONS[config.activation](params.linear(f"{blk}.ffn_gate", inner))
        out = params.linear(f"{blk}.ffn_down", gate * params.linear(f"{blk}.ffn_up", inner))
    if config.sandwich_norms:
        out = params.norm(f"{blk}.post_ffw_norm", out)
    return h + out, k, v


def _mixture(params: _Params, config: DecoderConfig, i: int, x: Tensor) -> Tensor:
    """Layer ``i``'s mixture-of-experts MLP of x [B, S, hidden]: every row routed on
    its own. The rows are flattened position-major ([S * B, hidden]) so that the real
    rows of a prompt shorter than a symbolic S stay a prefix."""
    blk = f"blk.{i}"
    b, s, h = x.shape
    rows = x.reshape(s, h) if b == 1 else x.transpose(1, 0, 2).reshape(s * b, h)
    stacks = {part: params.experts(f"{blk}.ffn_{part}_exps") for part in ("gate", "up", "down")}
    y = moe_mlp(rows, params(f"{blk}.ffn_gate_inp.weight"),
                *(w for w, _ in stacks.values()), config.experts_used,
                activation=config.activation, renormalize=config.expert_renormalize,
                scheme={part: scheme for part, (_, scheme) in stacks.items()},
                x_int8=params.x_int8)
    return y.reshape(1, s, h) if b == 1 else y.reshape(s, b, h).transpose(1, 0, 2)


def _heads(x: Tensor, heads: int, head_dim: int) -> Tensor:
    """[B, S, heads * D] -> [B, heads, S, D]."""
    b, s, _ = x.shape
    return x.reshape(b, s, heads, head_dim).transpose(0, 2, 1, 3)


def _attention(params: _Params, config: DecoderConfig, step: _Step, i: int, x: Tensor,
               cache: tuple[Tensor, Tensor] | None) -> tuple[Tensor, Tensor, Tensor]:
    """Self-attention of the new rows; returns (output [B, S, hidden], new keys, new
    values [B, n_kv_heads, S, head_dim])."""
    blk, d = f"blk.{i}", config.head_dim
    q = _heads(params.linear(f"{blk}.attn_q", x), config.n_heads, d)
    k = _heads(params.linear(f"{blk}.attn_k", x), config.n_kv_heads, d)
    v = _heads(params.linear(f"{blk}.attn_v", x), config.n_kv_heads, d)
    if config.qk_norm:
        q = params.norm(f"{blk}.attn_q_norm", q)
        k = params.norm(f"{blk}.attn_k_norm", k)
    cos, sin = step.rope[_rope_kind(config, i)]
    q = rlx.rope(q, cos, sin, interleaved=config.rope_interleaved)
    k = rlx.rope(k, cos, sin, interleaved=config.rope_interleaved)
    k = rlx.where(step.real_rows, k, 0.0)
    v = rlx.where(step.real_rows, v, 0.0)
    if step.kv_dtype != "f32":      # stored as the cache stores them, and read back so
        k, v = rlx.cast(k, step.kv_dtype), rlx.cast(v, step.kv_dtype)
    window = config.layer_windows[i]
    if cache is not None:
        out = rlx.cached_attention(q, k, v, cache[0], cache[1], step.past_len,
                                   scale=config.score_scale, window=window,
                                   softcap=config.attn_softcap, block_table=step.block_table)
    else:
        kf, vf = (t if step.kv_dtype == "f32" else rlx.cast(t, "f32") for t in (k, v))
        if config.attn_softcap is None:
            out = rlx.attention(q, kf, vf, mask="causal", scale=config.score_scale,
                                window=window)
        else:
            out = _capped_attention(config, step, q, kf, vf, window)
    b, h, s, _ = out.shape
    merged = out.transpose(0, 2, 1, 3).reshape(b, s, h * d)
    return params.linear(f"{blk}.attn_output", merged), k, v


def _capped_attention(config: DecoderConfig, step: _Step, q: Tensor, k: Tensor, v: Tensor,
                      window: int | None) -> Tensor:
    """softmax(softcap(scale * q K^T)) V among the new rows (the attention op has no
    softcap). Query heads sharing a kv head are stacked into one matrix per kv head.
    Returns [B, n_heads, S, head_dim]."""
    b, heads, s, d = q.shape
    kv_heads = config.n_kv_heads
    group = heads // kv_heads
    stacked = (q * config.score_scale).reshape(b, kv_heads, group * s, d)
    scores = (stacked @ k.transpose(0, 1, 3, 2)).reshape(b, kv_heads, group, s, s)
    scores = rlx.tanh(scores / config.attn_softcap) * config.attn_softcap
    scores = rlx.where(step.visible[window], scores, float("-inf"))
    weights = rlx.softmax(scores, axis=-1).reshape(b, kv_heads, group * s, s)
    return (weights @ v).reshape(b, heads, s, d)


def _logits(params: _Params, config: DecoderConfig, x: Tensor, last_index: Tensor) -> Tensor:
    """Logits [B, vocab] of each sequence's last real row of ``x`` [B, S, hidden]."""
    b, _, h = x.shape
    # every sequence's row last_index[c], for each sequence b: [B, B, H]; then the
    # diagonal (a gather along the new rows alone keeps a symbolic axis unmerged)
    last = rlx.gather(x, last_index, axis=1)
    if b == 1:
        last = last.reshape(1, h)
    else:
        last = rlx.gather(last.reshape(b * b, h), rlx.arange(x.graph, 0, b * b, b + 1), axis=0)
    return _head(params, config, last)


def _head(params: _Params, config: DecoderConfig, x: Tensor) -> Tensor:
    """The final norm, the output projection and the soft-cap of rows ``x`` [..., H]."""
    x = params.norm("output_norm", x)
    head = "token_embd" if config.tied_embeddings else "output"
    logits = params.linear(head, x)
    if config.final_softcap is not None:
        logits = rlx.tanh(logits / config.final_softcap) * config.final_softcap
    return logits
