"""Random small graphs of elementwise ops and reductions, rlx against numpy float64.

Hypothesis draws a program: input shapes that broadcast against one base shape, then
a few steps, each an elementwise op (unary, or binary on two broadcastable values) or
a reduction over random axes. rlx builds and runs it on the device; an oracle written
here evaluates the same steps with numpy in float64 on the same (already rounded)
inputs. Every op used is continuous, so the rlx error is bounded by the dtype's
epsilon times the size of the values involved; the tolerance scales with the largest
magnitude the oracle met. Programs whose values come near the f32 overflow threshold
are discarded.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st
from tests.helpers import run_graph

import rlx

UNARY = {
    "exp": np.exp,
    "tanh": np.tanh,
    "neg": np.negative,
    "abs": np.abs,
    "relu": lambda a: np.maximum(a, 0.0),
    "sigmoid": lambda a: 1.0 / (1.0 + np.exp(-a)),
}
BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "maximum": np.maximum,
    "minimum": np.minimum,
}
REDUCE = {"sum": np.sum, "mean": np.mean, "max": np.max}

# Relative size of the allowed error, per dtype, against the largest magnitude met.
ERROR_SCALE = {rlx.f32: 1e-5, rlx.f64: 1e-11}
OVERFLOW_GUARD = 1e30


@dataclass(frozen=True)
class Step:
    """One op on earlier values (inputs first, then step results, by position)."""

    op: str
    operands: tuple[int, ...]
    axes: tuple[int, ...] | None = None
    keepdims: bool = False


@dataclass(frozen=True)
class Program:
    dtype: rlx.DType
    input_shapes: tuple[tuple[int, ...], ...]
    steps: tuple[Step, ...]


# --------------------------------------------------------------------------- strategies

def reduced_shape(shape, axes, keepdims):
    """numpy's result shape of a reduction (axes None = all)."""
    rank = len(shape)
    picked = range(rank) if axes is None else [a % rank for a in axes]
    if keepdims:
        return tuple(1 if i in picked else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in picked)


def broadcasts(a, b) -> bool:
    """Whether shapes ``a`` and ``b`` broadcast together (numpy's rule)."""
    try:
        np.broadcast_shapes(a, b)
    except ValueError:
        return False
    return True


ONE_IN_FOUR = st.integers(0, 3).map(lambda k: k == 0)


@st.composite
def input_shapes(draw):
    """1-3 shapes that each broadcast to one base shape of rank 1-3, dims 2-4.

    Each input keeps a suffix of the base shape (possibly empty: a scalar) and sets
    about one dim in four to 1.
    """
    base = draw(st.lists(st.integers(2, 4), min_size=1, max_size=3))
    shapes = []
    for _ in range(draw(st.integers(1, 3))):
        dropped = draw(st.integers(0, len(base)))
        kept = base[dropped:]
        ones = draw(st.lists(ONE_IN_FOUR, min_size=len(kept), max_size=len(kept)))
        shapes.append(tuple(1 if one else d for d, one in zip(kept, ones, strict=True)))
    return tuple(shapes)


@st.composite
def reduction_axes(draw, rank):
    """None, or a non-empty subset of the axes, each spelled positive or negative."""
    if rank == 0 or draw(st.booleans()):
        return None
    chosen = draw(st.lists(st.integers(0, rank - 1), unique=True, min_size=1, max_size=rank))
    return tuple(a - rank if draw(st.booleans()) else a for a in chosen)


@st.composite
def step_for(draw, shapes):
    """One step on the values whose shapes are ``shapes``."""
    kind = draw(st.sampled_from(["unary", "binary", "reduce"]))
    first = draw(st.integers(0, len(shapes) - 1))
    if kind == "unary":
        return Step(draw(st.sampled_from(sorted(UNARY))), (first,))
    if kind == "binary":
        partners = [i for i, s in enumerate(shapes) if broadcasts(shapes[first], s)]
        second = draw(st.sampled_from(partners))
        return Step(draw(st.sampled_from(sorted(BINARY))), (first, second))
    axes = draw(reduction_axes(len(shapes[first])))
    return Step(draw(st.sampled_from(sorted(REDUCE))), (first,), axes, draw(st.booleans()))


def step_shape(step: Step, shapes) -> tuple[int, ...]:
    """Result shape of ``step`` given the shapes of the values before it."""
    if step.op in BINARY:
        return np.broadcast_shapes(*(shapes[i] for i in step.operands))
    if step.op in REDUCE:
        return reduced_shape(shapes[step.operands[0]], step.axes, step.keepdims)
    return shapes[step.operands[0]]


@st.composite
def programs(draw):
    """A whole program: inputs, 1-6 steps on them and earlier results, and a dtype."""
    shapes = list(draw(input_shapes()))
    n_inputs = len(shapes)
    steps = []
    for _ in range(draw(st.integers(1, 6))):
        step = draw(step_for(shapes))
        steps.append(step)
        shapes.append(step_shape(step, shapes))
    dtype = draw(st.sampled_from([rlx.f32, rlx.f64]))
    return Program(dtype, tuple(shapes[:n_inputs]), tuple(steps))


# --------------------------------------------------------------------------- evaluation

def build_graph(program: Program) -> rlx.Graph:
    """The program as an rlx graph whose outputs are every step's result, in order."""
    g = rlx.Graph("random")
    values = [g.input(f"x{i}", s, program.dtype) for i, s in enumerate(program.input_shapes)]
    for step in program.steps:
        args = [values[i] for i in step.operands]
        if step.op in REDUCE:
            values.append(getattr(rlx, step.op)(args[0], step.axes, step.keepdims))
        else:
            values.append(getattr(rlx, step.op)(*args))
    g.set_outputs(values[len(program.input_shapes):])
    return g


def oracle(program: Program, feeds: list[np.ndarray]) -> tuple[list[np.ndarray], float]:
    """Every step's result in float64, and the largest magnitude any of them involved.

    A sum's magnitude is the sum of its operands' absolute values, which bounds the
    accumulated rounding error of any summation order.
    """
    values = [f.astype(np.float64) for f in feeds]
    scale = max(float(np.max(np.abs(v), initial=0.0)) for v in values)
    for step in program.steps:
        args = [values[i] for i in step.operands]
        if step.op in REDUCE:
            out = REDUCE[step.op](args[0], axis=step.axes, keepdims=step.keepdims)
            magnitude = np.sum(np.abs(args[0]), axis=step.axes)
        else:
            fn = BINARY[step.op] if step.op in BINARY else UNARY[step.op]
            out = fn(*args)
            magnitude = np.abs(out)
        scale = max(scale, float(np.max(magnitude, initial=0.0)))
        values.append(np.asarray(out))
    return values[len(feeds):], scale


def random_feeds(program: Program, seed: int) -> list[np.ndarray]:
    """Uniform values in [-2, 2) for every input, rounded to the program's dtype."""
    rng = np.random.default_rng(seed)
    return [rng.uniform(-2.0, 2.0, size=s).astype(program.dtype.np)
            for s in program.input_shapes]


# --------------------------------------------------------------------------- the test

@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # device is a name
@given(program=programs(), seed=st.integers(0, 2**32 - 1))
def test_random_graph_matches_numpy_float64(device, program, seed):
    feeds = random_feeds(program, seed)
    expected, scale = oracle(program, feeds)
    assume(scale < OVERFLOW_GUARD)
    graph = build_graph(program)
    note(str(graph))
    outs = run_graph(graph, {f"x{i}": f for i, f in enumerate(feeds)}, device)
    bound = ERROR_SCALE[program.dtype] * (1.0 + scale)
    assert len(outs) == len(expected)
    for out, exp in zip(outs, expected, strict=True):
        assert out.dtype == program.dtype.np
        assert out.shape == exp.shape
        np.testing.assert_allclose(out, exp, rtol=bound, atol=bound)
