"""grad, jvp and vmap rules of the control-flow ops ``cond``, ``while_loop`` and ``scan``
(:mod:`rlx.ir.control`).

A rule builds new control-flow nodes whose bodies are derived from the original
bodies by rlx's own transforms: a body's VJP is :func:`rlx.autodiff.grad` of
``sum_j <out_j, ct_j>`` over the body graph (with the cotangents ``ct_j`` as extra
inputs), its JVP is :func:`rlx.autodiff.jvp` of the body graph and its batched form
:func:`rlx.autodiff.vmap` of it. The transformed graph is then *inlined* into the new
body (:func:`inline`: its nodes copied, those the wanted outputs need only, with its
inputs reading given tensors). Nested control flow is handled by the same rules,
recursively. Integer and bool operands and results never carry a derivative (zero
cotangents and tangents); the predicate of ``cond`` and the ``cond`` function of
``while_loop`` are boolean, so nothing flows back through them.

* **cond** — VJP: a cond on the same predicate whose branches are the branches' VJPs;
  JVP: a cond of the JVP'd branches. vmap: an unbatched predicate gives a cond of the
  batched branches; a batched one runs both batched branches (outside any cond) and
  selects per lane with ``where`` — so both branches run for every lane, and a value
  the untaken branch computes (an inf, a nan) is computed but not selected.
* **scan** — VJP: a forward scan augmented to output each step's incoming carry as an
  extra y (only the carries the body's VJP reads), then a scan in the opposite
  direction over the body's VJP that carries the carries' cotangents and the captures'
  accumulated cotangents and gives the xs' cotangents as its ys. Memory: the stored
  carries, ``length`` times their size. JVP: a scan over the JVP'd body, primal and
  tangent carries side by side. vmap: batched xs are scanned with their batch axis
  moved to position 1 (axis 0 is the scan axis) and batched ys moved back; a carry is
  batched when its initial value is or when the body makes it depend on a batched
  value (found by iterating to a fixed point).
* **while_loop** — VJP by recomputation, since the trip count N is known only at run
  time: a forward loop augmented with a counter gives N, then a backward loop runs t =
  N-1 down to 0, recomputing the carry of step t from the initial carry with an inner
  while_loop of t steps and applying the body's VJP to it. **Time is quadratic in the
  trip count** (N(N-1)/2 extra body steps; none when the body's VJP reads no carry,
  e.g. an affine body) and memory is constant; a fixed-length :func:`rlx.scan` stores
  the carries instead and is linear. JVP: a while_loop over the JVP'd body whose cond
  reads the primal carries. vmap: an unbatched predicate gives a while_loop of the
  batched body; a batched predicate loops while any lane's predicate holds, and each
  step keeps the carries of the lanes whose predicate is false (``where``), so every
  lane ends with its own trip count (all carries become batched). The body runs on
  finished lanes too, its results discarded.

**Siblings.** Each result of a control-flow node is a node of its own (``result``
attribute). A result's VJP rule handles that result's cotangent only; the cotangents
the siblings' rules give to the shared operands add up to the joint VJP (as for the
linalg family). The cost: one backward pass (a backward scan, or a backward while with
its recomputation) per result that receives a cotangent; the forward passes the VJP
rules rebuild (the stored carries of a scan, the trip count of a while_loop) are built
once per node and shared by the siblings' rules. JVP and vmap rules build one new
node per sibling too, but share its bodies between siblings (one Subgraph object), so
the compile pass ``pack_control_flow`` runs them as one loop.

``unpack`` (made by ``pack_control_flow`` during compilation, after autodiff) has no
rule and is listed in :data:`rlx.autodiff.vmap.UNBATCHABLE`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from rlx.autodiff.common import Primal, carries_derivative, clone_graph, zeros
from rlx.autodiff.custom import copy_regions
from rlx.autodiff.jvp import TANGENT_PREFIX, jvp, jvp_rule, live_mask
from rlx.autodiff.vjp import grad, vjp_rule
from rlx.autodiff.vmap import UNBATCHABLE, BatchContext, BatchedValue, vmap, vmap_rule
from rlx.errors import GraphBuildError
from rlx.ir import api
from rlx.ir.control import PACKED, Subgraph
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node, Tensor
from rlx.ir.types import TensorType

Cotangents = list[Tensor | None]
BodyFn = Callable[[Graph, list[Tensor]], list[Tensor]]

COUNTER = DType.I64
"""The dtype of the trip counters the while_loop VJP adds."""


# --------------------------------------------------------------------------- graphs

def inline(target: Graph, graph: Graph, args: Mapping[int, Tensor],
           outputs: Sequence[int]) -> list[Tensor]:
    """Copy into ``target`` the nodes of ``graph`` that its nodes ``outputs`` need, input
    node ``i`` reading ``args[i]`` (tensors of ``target`` or, while a body of it is
    traced, of a graph around it); returns the copies of ``outputs``, in order.

    Only the needed nodes are copied, so ``args`` may map inputs the outputs do not
    read to anything (they are not looked at); a needed input without an entry is a
    GraphBuildError."""
    live = live_mask(graph, outputs)
    env: dict[int, int] = {}
    for nid, node in enumerate(graph.nodes):
        if not live[nid]:
            continue
        if nid in args:
            env[nid] = target.capture(args[nid])
        elif node.op in ("input", "param"):
            raise GraphBuildError(f"inline: {node.op} {node.attr('name')!r} of graph "
                                  f"{graph.name!r} is needed but was given no value")
        else:
            env[nid] = target.add(node.op, [env[i] for i in node.inputs], **node.attr_dict)
    return [Tensor(target, env[o]) for o in outputs]


def _depends(graph: Graph, sources: Sequence[int]) -> list[bool]:
    """Which nodes read (directly or not) one of the nodes ``sources``."""
    dep = [False] * len(graph.nodes)
    for s in sources:
        dep[s] = True
    for nid, node in enumerate(graph.nodes):
        if not dep[nid]:
            dep[nid] = any(dep[i] for i in node.inputs)
    return dep


def _reads(body: Subgraph, outputs: Sequence[int], positions: Sequence[int]) -> list[bool]:
    """For each of ``body``'s outputs ``outputs`` (indices), whether it reads one of its
    inputs at ``positions``."""
    dep = _depends(body.graph, [body.inputs[i] for i in positions])
    return [dep[body.graph.outputs[j]] for j in outputs]


def _make_body(name: str, types: Sequence[TensorType], fn: BodyFn) -> Subgraph:
    """A body taking ``types``: a fresh graph with one input per type, whose outputs
    ``fn(graph, inputs)`` builds."""
    g = Graph(name)
    ids = [g.add("input", (), name=f"in{i}", shape=t.shape, dtype=t.dtype)
           for i, t in enumerate(types)]
    outs = fn(g, [Tensor(g, i) for i in ids])
    g.set_outputs(outs)
    return Subgraph(g, tuple(ids))


def _node(home: Graph, op: str, operands: Sequence[Tensor], results: Sequence[int],
          **attrs: Any) -> list[Tensor]:
    """One node of ``op`` per index in ``results`` (siblings), on ``operands``."""
    ids = [home.capture(t) for t in operands]
    return [Tensor(home, home.add(op, ids, result=r, **attrs)) for r in results]


def _types(ts: Sequence[Tensor]) -> list[TensorType]:
    return [t.node.type for t in ts]


def _slices(ts: Sequence[Tensor]) -> list[TensorType]:
    """The types of one step's slice of each scanned tensor."""
    return [TensorType(t.shape[1:], t.dtype) for t in ts]


def _floats(ts: Sequence[Tensor] | Sequence[TensorType]) -> list[int]:
    """Positions of the tensors (or types) in ``ts`` that carry derivatives (float or
    complex)."""
    return [i for i, t in enumerate(ts) if carries_derivative(t.dtype)]


def _result(node: Node) -> int:
    r = node.attr("result")
    if r == PACKED:
        raise GraphBuildError(f"autodiff: a packed {node.op} node (result=-1) is made by the "
                              "pack_control_flow compile pass; transform the graph before "
                              "compiling it")
    return r


def _ids(ts: Sequence[Tensor | None]) -> tuple[int, ...]:
    return tuple(-1 if t is None else t.id for t in ts)


def _counter(graph: Graph, value: int) -> Tensor:
    return graph.constant(np.asarray(value, COUNTER.np), COUNTER)


# --------------------------------------------------------------------------- caches

_MEMO: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Graph -> {key: value}: what a rule built in that graph that the sibling results'
rules reuse (the values hold node ids and Subgraphs, never Tensors, so the graph is
not kept alive by its own entry)."""


def _memo(graph: Graph, key: Hashable, build: Callable[[], Any]) -> Any:
    table = _MEMO.setdefault(graph, {})
    if key not in table:
        table[key] = build()
    return table[key]


_BODY_TRANSFORMS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Subgraph -> {key: transformed graph}: a body's VJP / JVP / batched graphs, built once."""


def _transformed(body: Subgraph, key: Hashable, build: Callable[[], Any]) -> Any:
    table = _BODY_TRANSFORMS.setdefault(body, {})
    if key not in table:
        table[key] = build()
    return table[key]


def _input_name(body: Subgraph, i: int) -> str:
    return body.graph.nodes[body.inputs[i]].attr("name")


def _free_name(graph: Graph, stem: str) -> str:
    name = stem
    while name in graph._names:
        name = "_" + name
    return name


def body_vjp(body: Subgraph, seeds: Sequence[int], wrt: Sequence[int]
             ) -> tuple[Graph, list[int], list[int]]:
    """The VJP of ``body``: its outputs ``seeds`` (indices, float) receive cotangents,
    its inputs ``wrt`` (positions, float) give theirs (float or complex, both).

    Returns ``(graph, ct_ids, grad_ids)``: ``graph`` has the body's input nodes (same
    ids) plus one cotangent input per seed (``ct_ids``), and ``grad_ids`` are its nodes
    holding the cotangents of the inputs ``wrt``. Built as :func:`grad` of
    ``sum_j sum(out_j * ct_j)`` (the seed 1 makes d loss / d out_j exactly ct_j); a
    complex output's term is ``sum(real(out_j * conj(ct_j)))``, whose cotangent for
    out_j is ct_j too (rlx.autodiff.complex)."""
    def build():
        src = body.graph
        g = clone_graph(src, f"{src.name}_vjp")
        copy_regions(src, g)        # custom_vjp calls in the body keep their rules
        ct_ids, terms = [], []
        for j in seeds:
            out = src.outputs[j]
            t = src.nodes[out].type
            ct = g.input(_free_name(g, f"ct{j}"), t.shape, t.dtype)
            ct_ids.append(ct.id)
            term = Tensor(g, out) * (api.conj(ct) if t.dtype.is_complex else ct)
            terms.append((api.real(term) if t.dtype.is_complex else term).sum())
        loss = terms[0]
        for t in terms[1:]:
            loss = loss + (t if t.dtype == loss.dtype else t.cast(loss.dtype))
        g.set_outputs([loss])
        dg = grad(g, [_input_name(body, i) for i in wrt], d_output=False)
        return dg, ct_ids, list(dg.outputs[1:])
    return _transformed(body, ("vjp", tuple(seeds), tuple(wrt)), build)


def body_jvp(body: Subgraph, tangents: Sequence[int]) -> tuple[Graph, list[int]]:
    """:func:`jvp` of ``body`` with tangents for its inputs at ``tangents`` (positions):
    ``(graph, tangent_ids)``, the graph keeping the body's input ids, its outputs the
    body's outputs then their tangents."""
    def build():
        jg = jvp(body.graph, [_input_name(body, i) for i in tangents])
        return jg, [jg.node_id(TANGENT_PREFIX + _input_name(body, i)) for i in tangents]
    return _transformed(body, ("jvp", tuple(tangents)), build)


def body_vmap(body: Subgraph, batched: Sequence[int], size: int) -> tuple[Graph, list[int]]:
    """:func:`vmap` of ``body`` with its inputs at ``batched`` (positions) batched:
    ``(graph, input_ids)``, the ids of the batched graph's inputs in the body's order;
    every output has the batch axis."""
    def build():
        vg = vmap(body.graph, [_input_name(body, i) for i in batched], size)
        return vg, [vg.node_id(_input_name(body, i)) for i in range(len(body.inputs))]
    return _transformed(body, ("vmap", tuple(batched), size), build)


def _apply_body(g: Graph, body: Subgraph, args: Sequence[Tensor],
                outputs: Sequence[int] | None = None) -> list[Tensor]:
    """``body`` inlined into ``g`` on ``args``: its outputs at ``outputs`` (all if None)."""
    outs = body.graph.outputs
    picked = outs if outputs is None else [outs[j] for j in outputs]
    return inline(g, body.graph, dict(zip(body.inputs, args)), picked)


def _apply_batched(g: Graph, body: Subgraph, batched: Sequence[int], size: int,
                   args: Sequence[Tensor], outputs: Sequence[int],
                   out_batched: Sequence[bool]) -> list[Tensor]:
    """``body``'s outputs at ``outputs`` on ``args`` (the inputs at ``batched`` with a
    leading batch axis): those flagged in ``out_batched`` from the batched body, the
    others (which read no batched input) from the body itself."""
    res: list[Tensor | None] = [None] * len(outputs)
    plain = [k for k, b in enumerate(out_batched) if not b]
    if plain:
        for k, t in zip(plain, _apply_body(g, body, args, [outputs[k] for k in plain])):
            res[k] = t
    wide = [k for k, b in enumerate(out_batched) if b]
    if wide:
        vg, ids = body_vmap(body, batched, size)
        got = inline(g, vg, dict(zip(ids, args)), [vg.outputs[outputs[k]] for k in wide])
        for k, t in zip(wide, got):
            res[k] = t
    return res  # type: ignore[return-value]


def _cotangents(n: int, pairs: Sequence[tuple[int, Tensor]]) -> Cotangents:
    cts: Cotangents = [None] * n
    for i, ct in pairs:
        cts[i] = ct
    return cts


def _lanes(pred: Tensor, rank: int) -> Tensor:
    """A batched predicate ([B], bool or integer) as bool [B, 1, ..., 1] (``rank`` ones)."""
    if pred.dtype != DType.BOOL:
        pred = pred != 0
    return pred.reshape((pred.shape[0],) + (1,) * rank) if rank else pred


# --------------------------------------------------------------------------- cond

@vjp_rule("cond")
def _cond_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """A cond on the same predicate whose branches give the branches' VJPs."""
    r = _result(p.node)
    ops = list(p.xs[1:])
    wrt = [i for i, x in enumerate(ops) if p.active[i + 1] and carries_derivative(x.dtype)]
    if not wrt:
        return [None] * len(p.xs)
    types = _types(ops) + [ct.node.type]

    def branch(body: Subgraph) -> Subgraph:
        dg, (ct_id,), grads = body_vjp(body, [r], wrt)

        def fn(g: Graph, a: list[Tensor]) -> list[Tensor]:
            return inline(g, dg, {**dict(zip(body.inputs, a[:-1])), ct_id: a[-1]}, grads)
        return _make_body(f"{body.graph.name}_vjp", types, fn)

    branches = tuple(branch(b) for b in p.attr("branches"))
    outs = _node(p.graph, "cond", [p.xs[0], *ops, ct], range(len(wrt)), branches=branches)
    return _cotangents(len(p.xs), [(i + 1, c) for i, c in zip(wrt, outs)])


@jvp_rule("cond")
def _cond_jvp(p: Primal, ts: Sequence[Tensor | None]) -> Tensor | None:
    """A cond of the JVP'd branches on the operands and their tangents, giving the
    tangent of every float result (one node per result, sharing the branches)."""
    r = _result(p.node)
    ops = list(p.xs[1:])
    tan = [i for i, t in enumerate(ts[1:])
           if t is not None and carries_derivative(ops[i].dtype)]
    if not tan:
        return None
    branches_in = p.attr("branches")
    tangents = [ts[i + 1] for i in tan]

    def build():
        floats = _floats(branches_in[0].output_types)
        types = _types(ops) + _types(tangents)
        n_out = len(branches_in[0].output_types)

        def branch(body: Subgraph) -> Subgraph:
            jg, tids = body_jvp(body, tan)

            def fn(g: Graph, a: list[Tensor]) -> list[Tensor]:
                args = {**dict(zip(body.inputs, a[:len(ops)])),
                        **dict(zip(tids, a[len(ops):]))}
                return inline(g, jg, args, [jg.outputs[n_out + j] for j in floats])
            return _make_body(f"{body.graph.name}_jvp", types, fn)
        return tuple(branch(b) for b in branches_in), floats

    key = ("cond_jvp", branches_in, _ids(p.xs), _ids(ts))
    branches, floats = _memo(p.graph, key, build)
    if r not in floats:
        return None
    return _node(p.graph, "cond", [p.xs[0], *ops, *tangents], [floats.index(r)],
                 branches=branches)[0]


def _cond_batch(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    r = _result(node)
    g = ctx.graph
    pred, ops = g.tensor(args[0].id), [g.tensor(a.id) for a in args[1:]]
    batched = [i for i, a in enumerate(args[1:]) if a.batched]
    branches = node.attr("branches")
    n_out = len(branches[0].output_types)
    outputs = list(range(n_out))

    if args[0].batched:
        def both():
            vals = [_apply_batched(g, b, batched, ctx.size, ops, outputs, [True] * n_out)
                    for b in branches]
            return [(t.id, f.id) for t, f in zip(*vals)]
        key = ("cond_vmap_where", branches, tuple((a.id, a.batched) for a in args), ctx.size)
        t_id, f_id = _memo(g, key, both)[r]
        rank = len(node.shape)
        picked = api.where(_lanes(pred, rank), g.tensor(t_id), g.tensor(f_id))
        return BatchedValue(picked.id, True)

    def build():
        wide = [any(flags) for flags in zip(*(_reads(b, outputs, batched) for b in branches))]

        def branch(body: Subgraph) -> Subgraph:
            def fn(h: Graph, a: list[Tensor]) -> list[Tensor]:
                return _apply_batched(h, body, batched, ctx.size, a, outputs, wide)
            return _make_body(f"{body.graph.name}_vmap", _types(ops), fn)
        return tuple(branch(b) for b in branches), wide

    key = ("cond_vmap", branches, tuple((a.id, a.batched) for a in args), ctx.size)
    new_branches, wide = _memo(g, key, build)
    out = _node(g, "cond", [pred, *ops], [r], branches=new_branches)[0]
    return BatchedValue(out.id, wide[r])


# --------------------------------------------------------------------------- scan

def _scan_parts(p_node: Node, xs: Sequence[Any]) -> tuple[list, list, list]:
    k, m = p_node.attr("carries"), p_node.attr("xs")
    return list(xs[:k]), list(xs[k:k + m]), list(xs[k + m:])


def _scan_attrs(node: Node) -> dict[str, Any]:
    return {"length": node.attr("length"), "reverse": node.attr("reverse")}


def _stored_carries(p: Primal, store: Sequence[int]) -> list[Tensor]:
    """The incoming carry of every step, stacked ([length, ...]), for the carries at
    ``store``: a forward scan of the body that also outputs them as ys (built once per
    node and shared by the siblings' rules)."""
    body: Subgraph = p.attr("body")
    k = p.attr("carries")

    def build():
        def fn(g: Graph, a: list[Tensor]) -> list[Tensor]:
            return _apply_body(g, body, a, range(k)) + [a[j] for j in store]
        aug = _make_body(f"{body.graph.name}_stored", body.input_types, fn)
        outs = _node(p.graph, "scan", p.xs, range(k, k + len(store)), body=aug, carries=k,
                     xs=p.attr("xs"), **_scan_attrs(p.node))
        return [t.id for t in outs]

    ids = _memo(p.graph, ("scan_stored", body, _ids(p.xs), tuple(store)), build)
    return [p.graph.tensor(i) for i in ids]


def _carries_read(body: Subgraph, k: int) -> list[int]:
    """The carries the body's VJP reads (with every float output seeded and every float
    input differentiated, so that the siblings' rules store the same ones and share
    one forward scan)."""
    floats = _floats(body.input_types)
    dg, _, grads = body_vjp(body, _floats(body.output_types), floats)
    live = live_mask(dg, grads)
    return [j for j in range(k) if live[body.inputs[j]]]


@vjp_rule("scan")
def _scan_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """A scan in the opposite direction over the body's VJP: carries the float
    carries' cotangents and the active captures' accumulated cotangents, reads the
    stored incoming carries, the xs and (for a ys result) the ys cotangent of each step,
    and gives the xs' cotangents as its ys."""
    r = _result(p.node)
    body: Subgraph = p.attr("body")
    k, m = p.attr("carries"), p.attr("xs")
    carries, xs, caps = _scan_parts(p.node, p.xs)
    fc = _floats(carries)
    ax = [i for i in range(m) if p.active[k + i]]
    az = [i for i in range(len(caps)) if p.active[k + m + i]]
    seeds = fc + ([r] if r >= k else [])
    wrt = fc + [k + i for i in ax] + [k + m + i for i in az]
    dg, ct_ids, grads = body_vjp(body, seeds, wrt)
    store = _carries_read(body, k)
    stored = _stored_carries(p, store) if store else []
    kf, na = len(fc), len(az)

    init = [ct if j == r else zeros(p.graph, carries[j].node.type) for j in fc]
    init += [zeros(p.graph, caps[i].node.type) for i in az]
    seq = stored + xs + ([ct] if r >= k else [])
    types = _types(init) + _slices(seq) + _types(caps)

    def fn(g: Graph, a: list[Tensor]) -> list[Tensor]:
        ct_c, acc = a[:kf], a[kf:kf + na]
        at = kf + na
        c_in = dict(zip(store, a[at:at + len(store)]))
        at += len(store)
        x_t, ct_y = a[at:at + m], a[at + m:at + m + (r >= k)]
        z = a[at + m + (r >= k):]
        values = {body.inputs[j]: c for j, c in c_in.items()}
        values.update(zip(body.inputs[k:], x_t + z))
        values.update(zip(ct_ids, ct_c + ct_y))
        d = inline(g, dg, values, grads)
        d_c, d_x, d_z = d[:kf], d[kf:kf + len(ax)], d[kf + len(ax):]
        return d_c + [s + dz for s, dz in zip(acc, d_z)] + d_x

    back = _make_body(f"{body.graph.name}_vjp", types, fn)
    want = [pos for pos, j in enumerate(fc) if p.active[j]] + list(range(kf, kf + na + len(ax)))
    outs = _node(p.graph, "scan", init + seq + caps, want, body=back, carries=kf + na,
                 xs=len(seq), length=p.attr("length"), reverse=not p.attr("reverse"))
    targets = [j for j in fc if p.active[j]] + [k + m + i for i in az] + [k + i for i in ax]
    return _cotangents(len(p.xs), list(zip(targets, outs)))


@jvp_rule("scan")
def _scan_jvp(p: Primal, ts: Sequence[Tensor | None]) -> Tensor | None:
    """A scan over the JVP'd body with tangent carries beside the primal ones (every
    float carry), the present xs / capture tangents as more xs / captures, and the
    tangents of the float ys as its ys (one node per result, sharing the body)."""
    r = _result(p.node)
    body: Subgraph = p.attr("body")
    k, m = p.attr("carries"), p.attr("xs")
    carries, xs, caps = _scan_parts(p.node, p.xs)
    fc = _floats(carries)
    tx = [i for i in range(m) if ts[k + i] is not None]
    tz = [i for i in range(len(caps)) if ts[k + m + i] is not None]
    if not any(t is not None for t in ts):
        return None

    def build():
        jg, tids = body_jvp(body, fc + [k + i for i in tx] + [k + m + i for i in tz])
        n_out = len(body.graph.outputs)
        fy = [j for j in _floats(body.output_types) if j >= k]
        tc = [ts[j] if ts[j] is not None else zeros(p.graph, carries[j].node.type)
              for j in fc]
        txs, tcs = [ts[k + i] for i in tx], [ts[k + m + i] for i in tz]
        operands = carries + tc + xs + txs + caps + tcs
        types = _types(carries + tc) + _slices(xs + txs) + _types(caps + tcs)
        kf, nx = len(fc), len(tx)

        def fn(g: Graph, a: list[Tensor]) -> list[Tensor]:
            c, t_c = a[:k], a[k:k + kf]
            x, t_x = a[k + kf:k + kf + m], a[k + kf + m:k + kf + m + nx]
            rest = a[k + kf + m + nx:]
            z, t_z = rest[:len(caps)], rest[len(caps):]
            values = dict(zip(body.inputs, c + x + z))
            values.update(zip(tids, t_c + t_x + t_z))
            wanted = jg.outputs[:k] + [jg.outputs[n_out + j] for j in fc + fy]
            return inline(g, jg, values, wanted)

        sub = _make_body(f"{body.graph.name}_jvp", types, fn)
        where = {j: k + pos for pos, j in enumerate(fc)}
        where.update({j: k + kf + pos for pos, j in enumerate(fy)})
        return sub, [t.id for t in operands], k + kf, m + nx, where

    key = ("scan_jvp", body, _ids(p.xs), _ids(ts))
    sub, operand_ids, n_carries, n_xs, where = _memo(p.graph, key, build)
    if r not in where:
        return None
    return _node(p.graph, "scan", [p.graph.tensor(i) for i in operand_ids], [where[r]],
                 body=sub, carries=n_carries, xs=n_xs, **_scan_attrs(p.node))[0]


def _carry_fixpoint(body: Subgraph, k: int, batched: list[bool]) -> list[bool]:
    """Which inputs of a loop body are batched once every carry that the body makes
    depend on a batched input is batched too (``batched``: the operands' flags)."""
    flags = list(batched)
    while True:
        reads = _reads(body, range(k), [i for i, b in enumerate(flags) if b])
        grown = [f or d for f, d in zip(flags[:k], reads)]
        if grown == flags[:k]:
            return flags
        flags[:k] = grown


def _scan_batch(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    r = _result(node)
    g = ctx.graph
    body: Subgraph = node.attr("body")
    k, m = node.attr("carries"), node.attr("xs")
    n_out = len(body.output_types)

    def build():
        flags = _carry_fixpoint(body, k, [a.batched for a in args])
        on = [i for i, b in enumerate(flags) if b]
        wide = flags[:k] + _reads(body, range(k, n_out), on)
        operands = []
        for i, a in enumerate(args):
            if flags[i] and not a.batched:
                operands.append(ctx.to_batched(a))
            elif k <= i < k + m and a.batched:  # [B, T, ...] -> [T, B, ...]
                rank = len(ctx.shape(a.id))
                operands.append(ctx.transpose(a.id, (1, 0) + tuple(range(2, rank))))
            else:
                operands.append(a.id)
        ts = [g.tensor(i) for i in operands]
        types = _types(ts[:k]) + _slices(ts[k:k + m]) + _types(ts[k + m:])

        def fn(h: Graph, a: list[Tensor]) -> list[Tensor]:
            return _apply_batched(h, body, on, ctx.size, a, range(n_out), wide)
        sub = _make_body(f"{body.graph.name}_vmap", types, fn)
        return sub, operands, wide

    key = ("scan_vmap", body, tuple((a.id, a.batched) for a in args), ctx.size)
    sub, operands, wide = _memo(g, key, build)
    out = _node(g, "scan", [g.tensor(i) for i in operands], [r], body=sub, carries=k, xs=m,
                **_scan_attrs(node))[0]
    if r >= k and wide[r]:  # [T, B, ...] -> [B, T, ...]
        return BatchedValue(ctx.transpose(out.id, (1, 0) + tuple(range(2, out.ndim))), True)
    return BatchedValue(out.id, wide[r])


# --------------------------------------------------------------------------- while_loop

def _trip_count(p: Primal) -> Tensor:
    """How many times the loop's body runs: the loop again, with a counter carry."""
    k = p.attr("carries")
    cond, body = p.attr("cond"), p.attr("body")

    def build():
        carries, caps = list(p.xs[:k]), list(p.xs[k:])
        types = _types(carries) + [TensorType((), COUNTER)] + _types(caps)

        def c_fn(g: Graph, a: list[Tensor]) -> list[Tensor]:
            return _apply_body(g, cond, a[:k] + a[k + 1:])

        def b_fn(g: Graph, a: list[Tensor]) -> list[Tensor]:
            return _apply_body(g, body, a[:k] + a[k + 1:]) + [a[k] + _counter(g, 1)]

        c_sub = _make_body(f"{cond.graph.name}_count", types, c_fn)
        b_sub = _make_body(f"{body.graph.name}_count", types, b_fn)
        n = _node(p.graph, "while_loop", carries + [_counter(p.graph, 0)] + caps, [k],
                  cond=c_sub, body=b_sub, carries=k + 1)[0]
        return n.id

    return p.graph.tensor(_memo(p.graph, ("while_trips", cond, body, _ids(p.xs)), build))


def _steps(g: Graph, cond: Subgraph, body: Subgraph, k: int, init: list[Tensor],
           caps: list[Tensor], count: Tensor, want: Sequence[int]) -> list[Tensor]:
    """The carries at ``want`` after ``count`` runs of ``body`` from ``init`` (an inner
    while_loop in ``g``; the loop's own cond is not consulted: the count says how many
    steps it allowed)."""
    types = [count.node.type] + _types(init) + _types(caps) + [count.node.type]

    def c_fn(h: Graph, a: list[Tensor]) -> list[Tensor]:
        return [a[0] < a[-1]]

    def b_fn(h: Graph, a: list[Tensor]) -> list[Tensor]:
        return [a[0] + _counter(h, 1)] + _apply_body(h, body, a[1:-1])

    c_sub = _make_body(f"{body.graph.name}_replay_cond", types, c_fn)
    b_sub = _make_body(f"{body.graph.name}_replay", types, b_fn)
    operands = [_counter(g, 0)] + init + caps + [count]
    return _node(g, "while_loop", operands, [1 + j for j in want], cond=c_sub, body=b_sub,
                 carries=k + 1)


@vjp_rule("while_loop")
def _while_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """By recomputation: with N the trip count, a backward loop for t = N-1 .. 0 that
    recomputes the carry of step t from the initial carry (t body steps) and applies the
    body's VJP to it; quadratic time in N, constant memory."""
    r = _result(p.node)
    k = p.attr("carries")
    cond, body = p.attr("cond"), p.attr("body")
    carries, caps = list(p.xs[:k]), list(p.xs[k:])
    fc = _floats(carries)
    az = [i for i in range(len(caps)) if p.active[k + i]]
    dg, ct_ids, grads = body_vjp(body, fc, fc + [k + i for i in az])
    live = live_mask(dg, grads)
    need = [j for j in range(k) if live[body.inputs[j]]]
    kf, na = len(fc), len(az)

    trips = _trip_count(p)
    init = [ct if j == r else zeros(p.graph, carries[j].node.type) for j in fc]
    init += [zeros(p.graph, caps[i].node.type) for i in az]
    operands = [trips] + init + carries + caps
    types = _types(operands)

    def c_fn(g: Graph, a: list[Tensor]) -> list[Tensor]:
        return [a[0] > _counter(g, 0)]

    def b_fn(g: Graph, a: list[Tensor]) -> list[Tensor]:
        t = a[0] - _counter(g, 1)
        ct_c, acc = a[1:1 + kf], a[1 + kf:1 + kf + na]
        c0, z = a[1 + kf + na:1 + kf + na + k], a[1 + kf + na + k:]
        c_t = _steps(g, cond, body, k, c0, z, t, need) if need else []
        values = {body.inputs[j]: c for j, c in zip(need, c_t)}
        values.update(zip(body.inputs[k:], z))
        values.update(zip(ct_ids, ct_c))
        d = inline(g, dg, values, grads)
        return [t] + d[:kf] + [s + dz for s, dz in zip(acc, d[kf:])]

    c_sub = _make_body(f"{cond.graph.name}_vjp", types, c_fn)
    b_sub = _make_body(f"{body.graph.name}_vjp", types, b_fn)
    want = [1 + pos for pos, j in enumerate(fc) if p.active[j]]
    want += list(range(1 + kf, 1 + kf + na))
    outs = _node(p.graph, "while_loop", operands, want, cond=c_sub, body=b_sub,
                 carries=1 + kf + na)
    targets = [j for j in fc if p.active[j]] + [k + i for i in az]
    return _cotangents(len(p.xs), list(zip(targets, outs)))


@jvp_rule("while_loop")
def _while_jvp(p: Primal, ts: Sequence[Tensor | None]) -> Tensor | None:
    """A while_loop over the JVP'd body, tangent carries (every float carry) beside the
    primal ones and the present capture tangents as more captures; the cond reads the
    primal carries."""
    r = _result(p.node)
    k = p.attr("carries")
    cond, body = p.attr("cond"), p.attr("body")
    carries, caps = list(p.xs[:k]), list(p.xs[k:])
    fc = _floats(carries)
    tz = [i for i in range(len(caps)) if ts[k + i] is not None]
    if r not in fc or not any(t is not None for t in ts):
        return None

    def build():
        jg, tids = body_jvp(body, fc + [k + i for i in tz])
        n_out = len(body.graph.outputs)
        tc = [ts[j] if ts[j] is not None else zeros(p.graph, carries[j].node.type)
              for j in fc]
        tcs = [ts[k + i] for i in tz]
        operands = carries + tc + caps + tcs
        kf, nz = len(fc), len(caps)

        def c_fn(g: Graph, a: list[Tensor]) -> list[Tensor]:
            return _apply_body(g, cond, a[:k] + a[k + kf:k + kf + nz])

        def b_fn(g: Graph, a: list[Tensor]) -> list[Tensor]:
            values = dict(zip(body.inputs, a[:k] + a[k + kf:k + kf + nz]))
            values.update(zip(tids, a[k:k + kf] + a[k + kf + nz:]))
            return inline(g, jg, values, jg.outputs[:k] + [jg.outputs[n_out + j] for j in fc])

        types = _types(operands)
        c_sub = _make_body(f"{cond.graph.name}_jvp", types, c_fn)
        b_sub = _make_body(f"{body.graph.name}_jvp", types, b_fn)
        return c_sub, b_sub, [t.id for t in operands], k + kf

    key = ("while_jvp", cond, body, _ids(p.xs), _ids(ts))
    c_sub, b_sub, operand_ids, n_carries = _memo(p.graph, key, build)
    return _node(p.graph, "while_loop", [p.graph.tensor(i) for i in operand_ids],
                 [k + fc.index(r)], cond=c_sub, body=b_sub, carries=n_carries)[0]


def _while_batch(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    r = _result(node)
    g = ctx.graph
    k = node.attr("carries")
    cond, body = node.attr("cond"), node.attr("body")

    def build():
        flags = _carry_fixpoint(body, k, [a.batched for a in args])
        lanes = _reads(cond, [0], [i for i, b in enumerate(flags) if b])[0]
        if lanes:  # lanes stop at different steps: every carry is per lane
            flags[:k] = [True] * k
        on = [i for i, b in enumerate(flags) if b]
        operands = [ctx.to_batched(a) if flags[i] else a.id for i, a in enumerate(args)]
        types = _types([g.tensor(i) for i in operands])
        wide = flags[:k]

        if lanes:
            def c_fn(h: Graph, a: list[Tensor]) -> list[Tensor]:
                (pred,) = _apply_batched(h, cond, on, ctx.size, a, [0], [True])
                return [pred.cast("i32").max() > 0]

            def b_fn(h: Graph, a: list[Tensor]) -> list[Tensor]:
                (pred,) = _apply_batched(h, cond, on, ctx.size, a, [0], [True])
                new = _apply_batched(h, body, on, ctx.size, a, range(k), wide)
                return [api.where(_lanes(pred, c.ndim - 1), c, old)
                        for c, old in zip(new, a[:k])]
        else:
            def c_fn(h: Graph, a: list[Tensor]) -> list[Tensor]:
                return _apply_body(h, cond, a)

            def b_fn(h: Graph, a: list[Tensor]) -> list[Tensor]:
                return _apply_batched(h, body, on, ctx.size, a, range(k), wide)

        c_sub = _make_body(f"{cond.graph.name}_vmap", types, c_fn)
        b_sub = _make_body(f"{body.graph.name}_vmap", types, b_fn)
        return c_sub, b_sub, operands, wide

    key = ("while_vmap", cond, body, tuple((a.id, a.batched) for a in args), ctx.size)
    c_sub, b_sub, operands, wide = _memo(g, key, build)
    out = _node(g, "while_loop", [g.tensor(i) for i in operands], [r], cond=c_sub,
                body=b_sub, carries=k)[0]
    return BatchedValue(out.id, wide[r])


for _kind, _rule in (("cond", _cond_batch), ("scan", _scan_batch),
                     ("while_loop", _while_batch)):
    vmap_rule(_kind)(_rule)

UNBATCHABLE.setdefault("unpack", "an internal view made by the pack_control_flow compile "
                                 "pass after the transforms run; never in a graph vmap sees")

__all__ = ["inline", "body_vjp", "body_jvp", "body_vmap"]
