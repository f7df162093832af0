"""The optimizer contract shared by SGD, Adam, AdamW, Lion and Muon.

An optimizer updates one param at a time through :meth:`Optimizer.step`, whose
signature is the callback :meth:`rlx.CompiledGraph.optimizer_step_resident` expects:
``step(name, shape, param, grad)``, with ``param`` a writable view of the param's own
storage that is updated in place. State (moments, momentum, scratch) lives in numpy
buffers keyed by param name, allocated on a param's first step and reused on every
later step; updates use in-place ufuncs with ``out=`` so a step allocates nothing of
the param's size.

Params must be float32 or float64; the state has the param's dtype and the update is
computed in it (as PyTorch does). Gradients of any float dtype are accepted.

An optimizer whose update treats every element alike (``elementwise = True``: SGD,
Adam, AdamW, Lion) steps all the params of a compiled step at once: their state
lives in one flat buffer per state name (each param's ``ParamState`` holds views of
its part), the params and gradients are gathered into flat buffers, ``update`` runs
once over them, and the new values are copied back into each param's storage. The
result is the same, element for element, as stepping each param in turn; the step
costs a few dozen numpy calls instead of a dozen per param.
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Iterator, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rlx.errors import InputError

SUPPORTED_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))

Trainable = Sequence[tuple[str, Sequence[int]]]


@dataclass
class ParamState:
    """One param's optimizer state: its layout, how many steps it took, its buffers
    (each flat, of the param's size and dtype unless an optimizer says otherwise)."""

    shape: tuple[int, ...]
    dtype: np.dtype
    steps: int
    buffers: dict[str, np.ndarray]


def check_range(what: str, value: Any, low: float, high: float | None = None) -> float:
    """``value`` as a float when ``low <= value`` (and ``value < high`` when ``high`` is
    given); InputError naming ``what`` otherwise."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise InputError(f"{what} must be a number, got {value!r}") from None
    if not value >= low or (high is not None and not value < high):
        bound = "" if high is None else f" and below {high}"
        raise InputError(f"{what} must be at least {low}{bound}, got {value}")
    return value


def check_betas(betas: Any) -> tuple[float, float]:
    """Two coefficients in [0, 1)."""
    try:
        b1, b2 = betas
    except (TypeError, ValueError):
        raise InputError(f"betas must be a pair of numbers, got {betas!r}") from None
    return check_range("betas[0]", b1, 0.0, 1.0), check_range("betas[1]", b2, 0.0, 1.0)


def _numel(shape: tuple[int, ...]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


class Optimizer(ABC):
    """Base class: per-param state management, argument checks, the compiled step.

    Subclasses name their flat state buffers in :meth:`buffer_names` (or override
    :meth:`new_buffers`) and implement :meth:`update`. Hyperparameters are plain
    attributes (e.g. ``opt.lr``) and may be changed between steps.
    """

    elementwise = False   # update() treats every element alike (see the module docstring)

    def __init__(self) -> None:
        self.state: dict[str, ParamState] = {}
        self._groups: dict[tuple[tuple[str, tuple[int, ...]], ...], _FlatGroup] = {}

    # ------------------------------------------------------------------ subclass hooks
    def buffer_names(self) -> tuple[str, ...]:
        """Names of the flat buffers each param needs (zero-initialised)."""
        return ()

    def new_buffers(self, shape: tuple[int, ...], dtype: np.dtype) -> dict[str, np.ndarray]:
        """The state buffers of a new param of ``shape`` and ``dtype``."""
        size = _numel(shape)
        return {name: np.zeros(size, dtype) for name in self.buffer_names()}

    @abstractmethod
    def update(self, name: str, state: ParamState, param: np.ndarray, grad: np.ndarray) -> None:
        """Apply one step to the flat ``param`` (in place) from the flat ``grad``;
        ``state.steps`` already counts this step."""

    # ------------------------------------------------------------------ public API
    def step(self, name: str, shape: Sequence[int], param: np.ndarray,
             grad: np.ndarray) -> None:
        """Update ``param`` (a writable, C-contiguous array of ``shape``'s size, usually
        a flat view of the param's storage) in place from ``grad`` (same size).

        The signature of the callback ``CompiledGraph.optimizer_step_resident`` takes.
        Raises InputError for mismatched sizes, a read-only or non-contiguous param, an
        unsupported dtype, or a name whose layout changed since its first step.
        """
        shape = tuple(int(d) for d in shape)
        flat = _flat_param(name, shape, param)
        state = self._state_for(name, shape, flat.dtype)
        grad = np.asarray(grad).reshape(-1)
        if not np.can_cast(grad.dtype, flat.dtype, "same_kind") or grad.dtype.kind == "b":
            raise InputError(f"optimizer step for {name!r}: the gradient must hold real numbers "
                             f"that convert to the param's {flat.dtype}, got {grad.dtype}")
        if grad.size != flat.size:
            raise InputError(f"optimizer step for {name!r}: gradient has {grad.size} elements, "
                             f"the param has {flat.size}")
        self._complete(state)
        with _counted([state]):
            self.update(name, state, flat, grad)

    def _complete(self, state: ParamState) -> dict[str, np.ndarray]:
        """Make the buffers a setting changed since ``state``'s first step needs (a
        momentum turned on later starts from zero); returns the new ones."""
        added = {k: v for k, v in self.new_buffers(state.shape, state.dtype).items()
                 if k not in state.buffers}
        state.buffers.update(added)
        return added

    def step_compiled(self, compiled: Any, trainable: Trainable,
                      host_params: MutableMapping[str, np.ndarray] | None = None) -> bool:
        """One step for every param in ``trainable`` (``[(name, shape)]``) from the last
        run of ``compiled``, a gradient graph whose output ``1 + i`` is the gradient of
        ``trainable[i]`` (``rlx.autodiff.grad``'s convention).

        First tries ``compiled.optimizer_step_resident``, which updates the executable's
        own param storage in place and returns True. Where the backend cannot (it
        returns False), falls back to a host step: ``host_params`` must then hold the
        current value of every trainable param (the caller's copies — there is no way to
        read a param back from a CompiledGraph); each is updated in place, using the
        gradient read with ``read_output_row``, and written back with ``set_param``.
        Returns True for a resident step, False for a host step. Raises InputError when
        the fallback is needed and ``host_params`` lacks a param.
        """
        pairs = tuple((name, tuple(int(d) for d in shape)) for name, shape in trainable)
        batch = _StepBatch(self, pairs) if self.elementwise else None
        if compiled.optimizer_step_resident(list(pairs), batch.add if batch else self.step):
            return True
        self._host_step(compiled, list(pairs), host_params)
        return False

    # ------------------------------------------------------------------ internals
    def _state_for(self, name: str, shape: tuple[int, ...], dtype: np.dtype) -> ParamState:
        state = self.state.get(name)
        if state is None:
            state = ParamState(shape, dtype, 0, self.new_buffers(shape, dtype))
            self.state[name] = state
        elif state.shape != shape or state.dtype != dtype:
            raise InputError(f"optimizer step for {name!r}: its state was made for "
                             f"{state.dtype}{list(state.shape)}, now given "
                             f"{dtype}{list(shape)}")
        return state

    def _host_step(self, compiled: Any, trainable: list[tuple[str, tuple[int, ...]]],
                   host_params: MutableMapping[str, np.ndarray] | None) -> None:
        if host_params is None:
            raise InputError(f"device {compiled.device!r} cannot step params in place; pass "
                             "host_params (the current value of each trainable param) for "
                             "the host fallback")
        missing = [name for name, _ in trainable if name not in host_params]
        if missing:     # before any step: a refused step changes nothing
            raise InputError(f"host step: host_params has no value for {missing[0]!r}")
        for i, (name, shape) in enumerate(trainable):
            value = host_params[name]
            grad = compiled.read_output_row(1 + i, 0, _numel(shape))
            self.step(name, shape, value, grad)
            compiled.set_param(name, value)


def _flat_param(name: str, shape: tuple[int, ...], param: Any) -> np.ndarray:
    """A flat view of ``param`` for in-place updates, after checking it can take them."""
    if not isinstance(param, np.ndarray):
        raise InputError(f"optimizer step for {name!r}: param must be a numpy array, got "
                         f"{type(param).__name__}")
    if param.dtype not in SUPPORTED_DTYPES:
        raise InputError(f"optimizer step for {name!r}: param dtype {param.dtype} is not "
                         "supported (float32 or float64)")
    if not param.flags.writeable or not param.flags.c_contiguous:
        raise InputError(f"optimizer step for {name!r}: param must be a writable, "
                         "C-contiguous array (it is updated in place)")
    if param.size != _numel(shape):
        raise InputError(f"optimizer step for {name!r}: shape {shape} has {_numel(shape)} "
                         f"elements, the param has {param.size}")
    return param.reshape(-1)


@contextlib.contextmanager
def _counted(states: Sequence[ParamState]) -> Iterator[None]:
    """Each of ``states`` counts one more step while the block runs (update() reads
    the count), and keeps it only when the block succeeds."""
    for state in states:
        state.steps += 1
    try:
        yield
    except BaseException:
        for state in states:
            state.steps -= 1
        raise


class _FlatGroup:
    """The params of one compiled step, laid end to end: one flat state (its buffers
    back the per-param states) and flat staging buffers for params and gradients."""

    def __init__(self, optimizer: Optimizer, pairs: Sequence[tuple[str, tuple[int, ...]]],
                 dtype: np.dtype):
        sizes = [_numel(shape) for _, shape in pairs]
        self.bounds = list(zip(np.cumsum([0] + sizes[:-1]).tolist(), np.cumsum(sizes).tolist()))
        total = sum(sizes)
        self.names = [name for name, _ in pairs]
        self.state = ParamState((total,), dtype, 0, optimizer.new_buffers((total,), dtype))
        self.params = np.empty(total, dtype)
        self.grads = np.empty(total, dtype)
        self.members = [ParamState(shape, dtype, 0, {}) for _, shape in pairs]
        self._bind_views()
        for name, member in zip(self.names, self.members):
            optimizer.state[name] = member

    def _bind_views(self) -> None:
        """Each param's state holds views of its part of the flat buffers."""
        for member, (lo, hi) in zip(self.members, self.bounds):
            member.buffers.update({k: buffer[lo:hi] for k, buffer in self.state.buffers.items()})

    def __setstate__(self, state: dict[str, Any]) -> None:
        # copy.deepcopy and pickle turn each view into an array of its own: without
        # binding the views again, a grouped step would no longer reach opt.state
        # (members are the same objects as opt.state's in the copy too)
        self.__dict__.update(state)
        self._bind_views()


class _StepBatch:
    """Collects the ``(param, grad)`` of every trainable param as
    ``optimizer_step_resident`` hands them over, and steps them together when the last
    one arrives (still inside the hook). Params whose state is not (or no longer) one
    flat group — stepped on their own before, named twice, or of mixed dtypes — step
    one by one."""

    def __init__(self, optimizer: Optimizer, pairs: tuple[tuple[str, tuple[int, ...]], ...]):
        self.optimizer = optimizer
        self.pairs = pairs
        self.params: list[np.ndarray] = []
        self.grads: list[np.ndarray] = []

    def add(self, name: str, shape: Sequence[int], param: np.ndarray, grad: np.ndarray) -> None:
        index = len(self.params)
        expected = self.pairs[index][0] if index < len(self.pairs) else None
        if name != expected:
            raise InputError(f"optimizer step: got param {name!r}, expected {expected!r} "
                             "(the hook must hand params over in trainable order)")
        flat = _flat_param(name, self.pairs[index][1], param)
        grad = np.asarray(grad).reshape(-1)
        if not np.can_cast(grad.dtype, flat.dtype, "same_kind") or grad.dtype.kind == "b":
            raise InputError(f"optimizer step for {name!r}: the gradient must hold real numbers "
                             f"that convert to the param's {flat.dtype}, got {grad.dtype}")
        if grad.size != flat.size:
            raise InputError(f"optimizer step for {name!r}: gradient has {grad.size} elements, "
                             f"the param has {flat.size}")
        self.params.append(flat)
        self.grads.append(grad)
        if len(self.params) == len(self.pairs):
            self._step()

    def _step(self) -> None:
        opt = self.optimizer
        group = self._group()
        if group is None:
            for (name, shape), param, grad in zip(self.pairs, self.params, self.grads):
                opt.step(name, shape, param, grad)
            return
        np.concatenate(self.params, out=group.params)
        np.concatenate(self.grads, out=group.grads, casting="same_kind")
        if opt._complete(group.state):      # views of the new buffers for each param
            group._bind_views()
        with _counted([group.state] + [opt.state[name] for name in group.names]):
            opt.update("+".join(group.names), group.state, group.params, group.grads)
        for param, (lo, hi) in zip(self.params, group.bounds):
            np.copyto(param, group.params[lo:hi])

    def _group(self) -> _FlatGroup | None:
        """The flat group of these params, made on their first step; None when they
        cannot step as one."""
        opt = self.optimizer
        group = opt._groups.get(self.pairs)
        dtype = self.params[0].dtype
        if group is not None and any(opt.state.get(name) is not member for name, member
                                     in zip(group.names, group.members)):
            # opt.state was edited since (cleared, an entry deleted or replaced, a
            # checkpoint restored with other buffers): the group no longer backs it
            del opt._groups[self.pairs]
            group = None
        if group is None:
            names = [name for name, _ in self.pairs]
            fresh = len(set(names)) == len(names) and not any(n in opt.state for n in names)
            if not fresh or any(p.dtype != dtype for p in self.params):
                return None
            group = opt._groups[self.pairs] = _FlatGroup(opt, self.pairs, dtype)
        in_step = all(opt.state[name].steps == group.state.steps for name in group.names)
        if group.state.dtype != dtype or not in_step:
            return None
        return group
