"""RNN, GRU and LSTM, unrolled over their (static) sequence length.

The input projection ``X @ W^T + Wb`` is one matmul for all time steps; each step
then adds its recurrent projection and applies the gates. Directions: forward,
reverse, bidirectional (outputs stacked on the direction axis). With
``sequence_lens``, a batch entry's state stops changing after its length and its
outputs there are zero; reverse directions first reverse each entry's own
prefix. ``layout=1`` (batch-major) is transposed to time-major and back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from rlx.errors import GraphBuildError
from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast
from rlx.frontends.onnx.converters.index import reverse_sequences
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor
from rlx.ir.types import Dim, format_dim

Activation = Callable[[Tensor], Tensor]


# --------------------------------------------------------------------------- activations

def _activation(name: str, alpha: float | None, beta: float | None) -> Activation:
    """The ONNX RNN activation ``name`` with its optional alpha / beta."""
    key = name.lower()
    if key == "relu":
        return api.relu
    if key == "tanh":
        return api.tanh
    if key == "sigmoid":
        return api.sigmoid
    if key == "affine":
        return lambda x: x * (1.0 if alpha is None else alpha) + (0.0 if beta is None else beta)
    if key == "leakyrelu":
        a = 0.01 if alpha is None else alpha
        return lambda x: api.where(x < 0, x * a, x)
    if key == "thresholdedrelu":
        a = 1.0 if alpha is None else alpha
        return lambda x: api.where(x > a, x, 0.0)
    if key == "scaledtanh":
        a, b = (1.0 if alpha is None else alpha), (1.0 if beta is None else beta)
        return lambda x: api.tanh(x * b) * a
    if key == "hardsigmoid":
        a, b = (0.2 if alpha is None else alpha), (0.5 if beta is None else beta)
        return lambda x: api.clip(x * a + b, 0.0, 1.0)
    if key == "elu":
        a = 1.0 if alpha is None else alpha
        return lambda x: api.where(x > 0, x, (api.exp(x) - 1.0) * a)
    if key == "softsign":
        return lambda x: x / (api.abs(x) + 1.0)
    if key == "softplus":
        return api.softplus
    raise ValueError(f"unknown RNN activation {name!r}")


_TAKE_ALPHA = frozenset({"affine", "leakyrelu", "thresholdedrelu", "scaledtanh", "hardsigmoid",
                         "elu"})
_TAKE_BETA = frozenset({"affine", "scaledtanh", "hardsigmoid"})


def _activations(cx: NodeContext, defaults: list[str], directions: int) -> list[list[Activation]]:
    """Per direction, the list of activation functions (f, g[, h]). ``activation_alpha``
    and ``activation_beta`` are consumed in the order of the functions that take them
    (as onnxruntime does): [Sigmoid, LeakyRelu] with alpha [0.3] gives LeakyRelu 0.3."""
    names = list(cx.attr("activations", defaults * directions))
    if len(names) != len(defaults) * directions:
        raise cx.error(f"activations names {len(names)} functions; the op takes "
                       f"{len(defaults)} per direction ({directions})")
    alphas = iter(cx.attr("activation_alpha", []))
    betas = iter(cx.attr("activation_beta", []))
    fns = []
    for name in names:
        key = str(name).lower()
        alpha = next(alphas, None) if key in _TAKE_ALPHA else None
        beta = next(betas, None) if key in _TAKE_BETA else None
        fns.append(_activation(name, alpha, beta))
    per = len(defaults)
    return [fns[d * per:(d + 1) * per] for d in range(directions)]


# --------------------------------------------------------------------------- common setup

@dataclass
class Recurrence:
    """The operands of one direction, sliced out of the node's inputs."""

    xw: Tensor          # [S, B, G*H]: X @ W^T + Wb for every step
    r: Tensor           # [H, G*H]: R^T
    rb: Tensor | None   # [G*H]
    h0: Tensor          # [B, H]
    c0: Tensor | None   # [B, H] (LSTM)
    peep: Tensor | None  # [3H] (LSTM)


def _direction_slice(t: Tensor | None, d: int) -> Tensor | None:
    if t is None:
        return None
    return api.slice(t, [d], [d + 1], [1], [0]).squeeze(0)


def _time_major(cx: NodeContext, t: Tensor | None) -> Tensor | None:
    """Layout 1 operands ([B, S, I] / [B, D, H]) in layout 0 order."""
    if t is None or not cx.attr("layout", 0):
        return t
    return t.transpose((1, 0, 2))


def _setup(cx: NodeContext, gates: int) -> tuple[Tensor, list[Recurrence], int]:
    x = _time_major(cx, cx.input(0))
    w, r = cx.input(1), cx.input(2)
    b = cx.optional(3)
    h0 = _time_major(cx, cx.optional(5))
    c0 = _time_major(cx, cx.optional(6)) if gates == 4 else None
    peep = cx.optional(7) if gates == 4 else None
    hidden = cx.attr("hidden_size", r.shape[-1])
    direction = cx.attr("direction", "forward")
    if direction not in ("forward", "reverse", "bidirectional"):
        raise cx.error(f"direction must be forward, reverse or bidirectional, got "
                       f"{direction!r}")
    if cx.attr("layout", 0) not in (0, 1):
        raise cx.error(f"layout must be 0 or 1, got {cx.attr('layout', 0)}")
    directions = 2 if direction == "bidirectional" else 1
    if w.shape[0] != directions or r.shape[0] != directions:
        raise cx.error(f"direction {direction!r} needs W and R for {directions} "
                       f"direction(s), got W {list(w.shape)} and R {list(r.shape)}")
    steps, batch = x.shape[:2]
    recs = []
    for d in range(directions):
        wd = _direction_slice(w, d)
        xw = api.matmul(x, wd.transpose((1, 0)))
        rb = None
        if b is not None:
            bd = _direction_slice(b, d)
            xw = xw + api.slice(bd, [0], [gates * hidden])
            rb = api.slice(bd, [gates * hidden], [2 * gates * hidden])
        zeros = cx.const(np.zeros((batch, hidden), dtype=x.dtype.np), x.dtype)
        h = _direction_slice(h0, d) if h0 is not None else zeros
        c = (_direction_slice(c0, d) if c0 is not None else zeros) if gates == 4 else None
        recs.append(Recurrence(xw, _direction_slice(r, d).transpose((1, 0)), rb, h, c,
                               _direction_slice(peep, d)))
    return x, recs, hidden


def _gate(t: Tensor, k: int, hidden: int) -> Tensor:
    """Gate ``k`` ([.., H]) of a [.., G*H] projection."""
    return api.slice(t, [k * hidden], [(k + 1) * hidden], [1], [t.ndim - 1])


def _clip(cx: NodeContext) -> Callable[[Tensor], Tensor]:
    limit = cx.attr("clip", None)
    if limit is None:
        return lambda t: t
    return lambda t: api.clip(t, -limit, limit)


# --------------------------------------------------------------------------- the loop

StepFn = Callable[[Tensor, Recurrence, Tensor, Tensor | None], tuple[Tensor, Tensor | None]]


def _run_direction(cx: NodeContext, rec: Recurrence, step: StepFn, reverse: bool,
                   lens: Tensor | None) -> tuple[list[Tensor], Tensor, Tensor | None]:
    """Unroll one direction; returns per-step outputs (in time order), last h and c."""
    xw = rec.xw
    if isinstance(xw.shape[0], Dim):
        # unrolled to the bound, a shorter run would read steps past its extent
        raise GraphBuildError(f"a recurrence over the symbolic axis "
                              f"{format_dim(xw.shape[0])} is not supported (it is unrolled "
                              "step by step); give the sequence axis a fixed size in "
                              "input_shapes")
    if reverse and lens is not None:
        xw = reverse_sequences(xw, lens, batch_axis=1, time_axis=0)
    steps = xw.shape[0]
    order = range(steps - 1, -1, -1) if reverse and lens is None else range(steps)
    h, c = rec.h0, rec.c0
    outs: dict[int, Tensor] = {}
    for t in order:
        x_t = api.slice(xw, [t], [t + 1], [1], [0]).squeeze(0)
        h_new, c_new = step(x_t, rec, h, c)
        if lens is not None:
            live = _live_mask(cx, lens, t, h.dtype)
            h = api.where(live, h_new, h)
            c = api.where(live, c_new, c) if c is not None else None
            outs[t] = api.where(live, h_new, cx.const(np.zeros((), h.dtype.np), h.dtype))
        else:
            h, c = h_new, c_new
            outs[t] = h_new
    seq = [outs[t] for t in range(steps)]
    if reverse and lens is not None:
        stacked = api.concat([o.unsqueeze(0) for o in seq], 0)
        unreversed = reverse_sequences(stacked, lens, batch_axis=1, time_axis=0)
        seq = [api.slice(unreversed, [t], [t + 1], [1], [0]).squeeze(0) for t in range(steps)]
    return seq, h, c


def _checked_lens(cx: NodeContext, lens: Tensor | None, steps: int) -> Tensor | None:
    """``sequence_lens`` as i64, each in [0, steps] (as onnxruntime requires): refused at
    import when known, else gathered through [0 .. steps] so that the run fails on a
    length outside it (the message names that gather and the length, a negative one
    moved past the end)."""
    if lens is None:
        return None
    known = cx.state.value_of(lens)
    if known is not None:
        values = np.asarray(known)
        if values.size and (values.min() < 0 or values.max() > steps):
            raise cx.error(f"sequence_lens must be in [0, {steps}] (the sequence length), "
                           f"got {values.tolist()}")
        return cast(lens, DType.I64)
    lens = cast(lens, DType.I64)
    beyond = cx.const(np.asarray(steps + 1, np.int64))
    wrapped = api.where(lens < 0, beyond, lens)
    return api.gather(cx.const(np.arange(steps + 1, dtype=np.int64)), wrapped, 0)


def _live_mask(cx: NodeContext, lens: Tensor, t: int, dtype) -> Tensor:
    """[B, 1] bool: whether step ``t`` is within each batch entry's length."""
    step = cx.const(np.asarray(t, dtype=np.int64))
    return (cast(lens, step.dtype) > step).reshape((lens.shape[0], 1))


def _recurrent(cx: NodeContext, gates: int, defaults: list[str],
               make_step: Callable[[list[Activation], int], StepFn]) -> list[Tensor | None]:
    x, recs, hidden = _setup(cx, gates)
    direction = cx.attr("direction", "forward")
    lens = _checked_lens(cx, cx.optional(4), x.shape[0])
    acts = _activations(cx, defaults, len(recs))
    ys, hs, cs = [], [], []
    for d, rec in enumerate(recs):
        reverse = direction == "reverse" or (direction == "bidirectional" and d == 1)
        seq, h, c = _run_direction(cx, rec, make_step(acts[d], hidden), reverse, lens)
        ys.append(api.concat([o.unsqueeze(0) for o in seq], 0).unsqueeze(1))
        hs.append(h.unsqueeze(0))
        if c is not None:
            cs.append(c.unsqueeze(0))
    y = api.concat(ys, 1)
    y_h = api.concat(hs, 0)
    y_c = api.concat(cs, 0) if cs else None
    if cx.attr("layout", 0):
        y = y.transpose((2, 0, 1, 3))
        y_h = y_h.transpose((1, 0, 2))
        y_c = y_c.transpose((1, 0, 2)) if y_c is not None else None
    return [y, y_h, y_c]


# --------------------------------------------------------------------------- cells

def convert_rnn(cx: NodeContext) -> list[Tensor | None]:
    """Ht = f(Xt W^T + Ht-1 R^T + Wb + Rb)."""
    clip = _clip(cx)

    def make_step(acts: list[Activation], hidden: int) -> StepFn:
        def step(x_t, rec, h, c):
            pre = x_t + api.matmul(h, rec.r)
            if rec.rb is not None:
                pre = pre + rec.rb
            return acts[0](clip(pre)), None
        return step
    return _recurrent(cx, 1, ["Tanh"], make_step)[:2]


def convert_gru(cx: NodeContext) -> list[Tensor | None]:
    """Gates z, r, h; linear_before_reset applies r after the recurrent projection."""
    clip = _clip(cx)
    before_reset = bool(cx.attr("linear_before_reset", 0))

    def make_step(acts: list[Activation], hidden: int) -> StepFn:
        f, g = acts

        def step(x_t, rec, h, c):
            rz = api.slice(rec.r, [0], [2 * hidden], [1], [1])
            rh = api.slice(rec.r, [2 * hidden], [3 * hidden], [1], [1])
            rec_zr = api.matmul(h, rz)
            if rec.rb is not None:
                rec_zr = rec_zr + api.slice(rec.rb, [0], [2 * hidden])
            z = f(clip(_gate(x_t, 0, hidden) + _gate(rec_zr, 0, hidden)))
            r = f(clip(_gate(x_t, 1, hidden) + _gate(rec_zr, 1, hidden)))
            rbh = api.slice(rec.rb, [2 * hidden], [3 * hidden]) if rec.rb is not None else None
            if before_reset:
                proj = api.matmul(h, rh)
                if rbh is not None:
                    proj = proj + rbh
                cand = _gate(x_t, 2, hidden) + r * proj
            else:
                cand = _gate(x_t, 2, hidden) + api.matmul(r * h, rh)
                if rbh is not None:
                    cand = cand + rbh
            h_tilde = g(clip(cand))
            return (1.0 - z) * h_tilde + z * h, None
        return step
    return _recurrent(cx, 3, ["Sigmoid", "Tanh"], make_step)[:2]


def _peephole(pre: Tensor, weight: Tensor | None, cell: Tensor) -> Tensor:
    """``pre + weight * cell`` when the LSTM has peepholes, else ``pre``."""
    return pre if weight is None else pre + weight * cell


def convert_lstm(cx: NodeContext) -> list[Tensor | None]:
    """Gates i, o, f, c with optional peepholes; input_forget couples f = 1 - i."""
    clip = _clip(cx)
    input_forget = bool(cx.attr("input_forget", 0))

    def make_step(acts: list[Activation], hidden: int) -> StepFn:
        f, g, h_act = acts

        def step(x_t, rec, h, c):
            pre = x_t + api.matmul(h, rec.r)
            if rec.rb is not None:
                pre = pre + rec.rb
            p_i = p_o = p_f = None
            if rec.peep is not None:
                p_i, p_o, p_f = (_gate(rec.peep, k, hidden) for k in range(3))
            i = f(clip(_peephole(_gate(pre, 0, hidden), p_i, c)))
            if input_forget:
                forget = 1.0 - i
            else:
                forget = f(clip(_peephole(_gate(pre, 2, hidden), p_f, c)))
            cell = forget * c + i * g(clip(_gate(pre, 3, hidden)))
            o = f(clip(_peephole(_gate(pre, 1, hidden), p_o, cell)))
            return o * h_act(cell), cell
        return step
    return _recurrent(cx, 4, ["Sigmoid", "Tanh", "Tanh"], make_step)


CONVERTERS: list[Converter] = [
    Converter("RNN", convert_rnn),
    Converter("GRU", convert_gru),
    Converter("LSTM", convert_lstm),
]
