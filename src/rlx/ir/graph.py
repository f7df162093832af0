"""The graph: immutable SSA nodes in topological order, and the Tensor handle.

A node's id is its position in ``Graph.nodes``; a node only reads nodes with a
smaller id. Multi-result ops are built as separate single-result nodes (``split``
builds one ``slice`` per piece, ``topk`` one node per result selected by its
``result`` attribute): every node has exactly one output type.
"""

from __future__ import annotations

import copy
import numbers
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rlx.errors import DTypeError, GraphBuildError, ShapeError
from rlx.ir import ops as _ops
from rlx.ir.dtypes import DType, as_dtype, convert_exactly, exact_int
from rlx.ir.types import Dim, Shape, TensorType, same_type


@dataclass(frozen=True, slots=True)
class ConstValue:
    """An immutable constant: dtype, shape and the raw bytes, hashable for CSE."""

    dtype: DType
    shape: Shape
    data: bytes

    @staticmethod
    def from_array(array: Any, dtype: DType | str | None = None) -> ConstValue:
        arr = np.asarray(array)
        dt = as_dtype(dtype) if dtype is not None else _default_dtype(arr)
        arr = np.array(arr, dtype=dt.np, order="C")
        return ConstValue(dt, tuple(arr.shape), arr.tobytes())

    def array(self) -> np.ndarray:
        arr = np.frombuffer(self.data, dtype=self.dtype.np).reshape(self.shape)
        return arr

    def __repr__(self) -> str:
        if len(self.data) <= 64:
            return f"const({self.array().tolist()}, {self.dtype})"
        return f"const({self.dtype}{list(self.shape)})"


def _default_dtype(arr: np.ndarray) -> DType:
    """The dtype of a constant given without one: a Python float is f32 and a Python int
    i64, in a list too (they arrive as float64 / integer arrays from
    :func:`_python_constant`; numpy values come with their dtype)."""
    if arr.dtype == np.float64:
        return DType.F32
    if arr.dtype.kind == "i":
        return DType.I64
    return as_dtype(arr.dtype)


@dataclass(frozen=True, slots=True)
class Node:
    """One SSA node: op kind, operand ids, canonical attributes, result type."""

    op: str
    inputs: tuple[int, ...]
    attrs: tuple[tuple[str, Any], ...]
    type: TensorType

    def attr(self, key: str, default: Any = None) -> Any:
        for k, v in self.attrs:
            if k == key:
                return v
        return default

    @property
    def attr_dict(self) -> dict[str, Any]:
        return dict(self.attrs)

    @property
    def shape(self) -> Shape:
        return self.type.shape

    @property
    def dtype(self) -> DType:
        return self.type.dtype


def freeze_attrs(attrs: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, _freeze(v)) for k, v in attrs.items()))


def _freeze(v: Any) -> Any:
    if isinstance(v, list | tuple):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, np.generic):
        return v.item()
    return v


_TRACING = threading.local()
"""``stack``: the control-flow bodies being traced on this thread, innermost last."""


def tracing_stack() -> list[Graph]:
    """The bodies being traced on this thread (rlx.control pushes and pops them)."""
    if not hasattr(_TRACING, "stack"):
        _TRACING.stack = []
    return _TRACING.stack


def tracing_body() -> Graph | None:
    """The innermost control-flow body being traced on this thread, if any."""
    stack = tracing_stack()
    return stack[-1] if stack else None


class Graph:
    """A tensor program under construction, and the unit every pass transforms.

    Build with :meth:`input`, :meth:`param`, :meth:`constant` and ops on the
    returned :class:`Tensor` handles (or the ``rlx.*`` functions), then call
    :meth:`set_outputs`.
    """

    def __init__(self, name: str = "graph"):
        self.name = name
        self.nodes: list[Node] = []
        self.outputs: list[int] = []
        self._names: dict[str, int] = {}
        self._random_streams = 0
        # a body being traced for a control-flow op (rlx.control): the graph around it,
        # and the tensors of outer graphs it reads, each through an input of its own
        self.parent: Graph | None = None
        self.depth = 0
        self.captures: list[Tensor] = []
        self._captured: dict[int, int] = {}

    # ----------------------------------------------------------------- building
    def add(self, op: str, inputs: Sequence[int] = (), **attrs: Any) -> int:
        """Append a node after inferring its type; returns its id."""
        for i in inputs:
            if not 0 <= i < len(self.nodes):
                raise GraphBuildError(f"{op}: operand id {i} does not exist in graph "
                                      f"{self.name!r}")
        if op in _ops.RANDOM_OPS and "stream" not in attrs:
            attrs["stream"] = self._random_streams
        if op in _ops.RANDOM_OPS:
            self._random_streams = max(self._random_streams, int(attrs["stream"]) + 1)
        ty, canon = _ops.infer(op, [self.nodes[i].type for i in inputs], attrs)
        if op in ("input", "param"):
            name = canon["name"]
            if name in self._names:
                raise GraphBuildError(f"{op}: the name {name!r} is already used by another "
                                      "input or param")
            self._names[name] = len(self.nodes)
        self.nodes.append(Node(op, tuple(inputs), freeze_attrs(canon), ty))
        return len(self.nodes) - 1

    def apply(self, op: str, operands: Sequence[Tensor], **attrs: Any) -> Tensor:
        """Build ``op`` on Tensor operands of this graph; returns the result Tensor.

        While a control-flow body is traced, operands may also come from the graphs
        around it: the node is built in the innermost graph involved, and operands of
        outer graphs are captured (:meth:`capture`)."""
        for t in operands:
            if not isinstance(t, Tensor):
                raise GraphBuildError(f"{op}: operands must be rlx Tensors, got "
                                      f"{type(t).__name__}")
        home = self.home(operands, op)
        ids = [home.capture(t) for t in operands]
        return Tensor(home, home.add(op, ids, **attrs))

    def home(self, operands: Sequence[Tensor], what: str) -> Graph:
        """The graph work on ``operands`` is built in, asked of this graph: the innermost
        of it and the operands' graphs, or the control-flow body being traced inside
        that one (whose operands from outside it are then captured). GraphBuildError
        (prefixed ``what``) for an operand of a graph that one is not traced inside."""
        home = self
        for t in operands:
            if t.graph.depth > home.depth:
                home = t.graph
        body = tracing_body()
        if body is not None and body is not home and body._encloses(home):
            # work written inside a traced body stays in it even when every operand comes
            # from outside: a cond branch's work runs only when that branch is taken
            home = body
        if home is not self and not home._encloses(self):
            raise GraphBuildError(f"{what}: operand belongs to graph {home.name!r}, not "
                                  f"{self.name!r}")
        for t in operands:
            if not home._encloses(t.graph):
                raise GraphBuildError(f"{what}: operand belongs to graph {t.graph.name!r}, "
                                      f"not {home.name!r} (nor a graph it is traced inside)")
        return home

    def _encloses(self, other: Graph) -> bool:
        """Whether ``other`` is this graph or one it is traced inside of."""
        g: Graph | None = self
        while g is not None:
            if g is other:
                return True
            g = g.parent
        return False

    def captured(self, node_id: int) -> Tensor | None:
        """The tensor of the enclosing graph that input ``node_id`` brings in (see
        :meth:`capture`), or None when it is not a capture (while the body is traced)."""
        for outer, local in self._captured.items():
            if local == node_id and self.parent is not None:
                return Tensor(self.parent, outer)
        return None

    def capture(self, t: Tensor) -> int:
        """Id in this graph of ``t``: ``t`` itself when it is this graph's, else the input
        that brings a tensor of a graph around this one (a control-flow body being
        traced) in; GraphBuildError for a tensor of an unrelated graph."""
        if t.graph is self:
            return t.id
        if self.parent is None or not self.parent._encloses(t.graph):
            raise GraphBuildError(f"a tensor of graph {t.graph.name!r} is used in graph "
                                  f"{self.name!r}, which is not traced inside it")
        outer = self.parent.capture(t)      # one input per value of the parent graph
        if outer not in self._captured:
            self.captures.append(Tensor(self.parent, outer))
            self._captured[outer] = self.add("input", (), name=f"capture{len(self.captures) - 1}",
                                             shape=t.shape, dtype=t.dtype)
        return self._captured[outer]

    def input(self, name: str, shape: Sequence[int], dtype: Any = "f32") -> Tensor:
        """Declare an input fed by name on every run (``shape`` a sequence, or one int for
        one axis)."""
        return Tensor(self, self.add("input", (), name=name, shape=shape, dtype=dtype))

    def param(self, name: str, shape: Sequence[int], dtype: Any = "f32") -> Tensor:
        """Declare a param (weight), set once with ``set_param`` and kept between runs."""
        return Tensor(self, self.add("param", (), name=name, shape=shape, dtype=dtype))

    def constant(self, value: Any, dtype: Any = None) -> Tensor:
        """Bake ``value`` (array-like) into the graph. Python floats default to f32 and
        Python ints to i64, in lists too; numpy values (0-d ones, scalars and lists
        holding them too) keep their dtype.

        A Python number or (nested) list given with an integer or bool ``dtype`` must
        be represented in it exactly: ``constant(300, "i8")``, ``constant(2.5, "i32")``
        or ``constant(nan, "i32")`` is a DTypeError, as numpy 2 refuses a Python int
        out of a dtype's range (for a float dtype, numbers round to nearest). A numpy
        array converts as ``astype`` does."""
        if not isinstance(value, np.ndarray | np.generic):
            numpy_inside = _holds_numpy(value)
            value = _python_constant(value, None if dtype is None else as_dtype(dtype))
            if dtype is None and numpy_inside:     # a list of numpy values: numpy's dtype
                dtype = as_dtype(value.dtype)
        elif dtype is None:     # numpy values keep their dtype, 0-d ones too
            dtype = as_dtype(value.dtype)
        return Tensor(self, self.add("constant", (), value=ConstValue.from_array(value, dtype)))

    def set_outputs(self, outputs: Iterable[Tensor | int]) -> None:
        """Declare the graph's results, in order."""
        if isinstance(outputs, Tensor):     # it would iterate as its rows
            raise GraphBuildError("set_outputs: give a list of Tensors (one output: [t])")
        ids = []
        for o in outputs:
            i = o.id if isinstance(o, Tensor) else exact_int(o)
            if i is None:
                raise GraphBuildError(f"set_outputs: outputs are Tensors or node ids, got "
                                      f"{_shown(o)}")
            if isinstance(o, Tensor) and o.graph is not self:
                raise GraphBuildError("set_outputs: a Tensor of another graph was given")
            if not 0 <= i < len(self.nodes):
                raise GraphBuildError(f"set_outputs: node id {i} does not exist")
            ids.append(i)
        if not ids:
            raise GraphBuildError("set_outputs: a graph needs at least one output")
        self.outputs = ids

    # ----------------------------------------------------------------- queries
    def tensor(self, node_id: int) -> Tensor:
        return Tensor(self, node_id)

    def _leaves(self, op: str) -> list[tuple[str, TensorType]]:
        return [(n.attr("name"), n.type) for n in self.nodes if n.op == op]

    @property
    def inputs(self) -> list[tuple[str, TensorType]]:
        """(name, type) of each input, in declaration order."""
        return self._leaves("input")

    @property
    def params(self) -> list[tuple[str, TensorType]]:
        """(name, type) of each param, in declaration order."""
        return self._leaves("param")

    @property
    def output_types(self) -> list[TensorType]:
        return [self.nodes[i].type for i in self.outputs]

    def node_id(self, name: str) -> int:
        """Id of the input or param called ``name``."""
        if name not in self._names:
            raise KeyError(name)
        return self._names[name]

    def __len__(self) -> int:
        return len(self.nodes)

    def __str__(self) -> str:
        from rlx.ir.printer import format_graph
        return format_graph(self)

    def __repr__(self) -> str:
        return f"<rlx.Graph {self.name!r}: {len(self.nodes)} nodes, {len(self.outputs)} outputs>"

    def __copy__(self) -> Graph:
        # a shallow copy would share the node list and name table with this graph, yet
        # refuse its Tensors (they name this graph): copy.copy gives deepcopy's copy
        return copy.deepcopy(self)

    @staticmethod
    def from_nodes(name: str, nodes: Sequence[Node], outputs: Sequence[int]) -> Graph:
        """Rebuild a graph from nodes (re-inferring and checking every type)."""
        g = Graph(name)
        for n in nodes:
            nid = g.add(n.op, n.inputs, **dict(n.attrs))
            if not same_type(g.nodes[nid].type, n.type):
                raise GraphBuildError(f"node {nid} ({n.op}): stored type {n.type} disagrees "
                                      f"with inference {g.nodes[nid].type}")
        g.set_outputs(outputs)
        return g


# --------------------------------------------------------------------------- Tensor

ScalarLike = numbers.Number | bool


def _scalar_dtype(value: Any, like: DType) -> DType:
    """Weak typing of a Python scalar next to a tensor of dtype ``like``."""
    if isinstance(value, bool):
        return like
    if isinstance(value, numbers.Integral):
        return like
    if isinstance(value, numbers.Real):
        return like if like.is_float or like.is_complex else DType.F32
    if isinstance(value, numbers.Complex):
        return like if like.is_complex else (DType.C128 if like is DType.F64 else DType.C64)
    raise DTypeError(f"cannot use {value!r} ({type(value).__name__}) as a tensor operand")


def _holds_numpy(value: Any) -> bool:
    """Whether a (nested) list or tuple holds numpy scalars or arrays, whose dtype the
    constant keeps as a numpy array's (``[np.float64(1e-300)]`` is f64, not f32)."""
    if isinstance(value, np.ndarray | np.generic):
        return True
    return isinstance(value, list | tuple) and any(_holds_numpy(v) for v in value)


def _python_constant(value: Any, dtype: DType | None) -> np.ndarray:
    """A Python number or list as the array :meth:`Graph.constant` bakes (see there)."""
    try:
        given = np.asarray(value)
    except (ValueError, TypeError) as e:
        raise GraphBuildError(f"constant: {_shown(value)} is not an array of numbers "
                              f"({e})") from None
    wide = given.dtype.kind == "O"      # Python ints past 64 bits, or not numbers
    if given.dtype.kind not in "biufc" and not (
            wide and all(isinstance(v, numbers.Integral) for v in given.flat)):
        raise GraphBuildError(f"constant: {_shown(value)} is not an array of numbers")
    if dtype is None and (wide or given.dtype.kind == "u" or _ints_made_floats(value, given)):
        raise DTypeError(f"constant: {_shown(value)} does not fit i64, the dtype of a Python "
                         "int; give a dtype")
    if dtype is None or not (dtype.is_int or dtype.is_bool):
        return given.astype(np.float64) if wide else given
    if wide or convert_exactly(given, dtype) is None:
        raise DTypeError(f"constant: {_shown(value)} is not represented exactly in {dtype}; "
                         "give a wider dtype, or cast in the graph")
    return given


def _ints_made_floats(value: Any, given: np.ndarray) -> bool:
    """numpy gave floats for a list of Python ints only (ints past i64's range beside
    others: ``[-1, 2**63]``)."""
    return given.dtype.kind == "f" and isinstance(value, list | tuple) and all(
        isinstance(v, numbers.Integral) for v in np.asarray(value, dtype=object).flat)


def _shown(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def lift(value: Any, like: Tensor) -> Tensor:
    """Turn a scalar or array operand into a constant of ``like``'s graph. A Python
    number (or a numpy scalar, or a 0-d array) takes ``like``'s dtype (weak typing) and
    must fit it: ``i8_tensor < 300`` is a DTypeError, not a comparison with 44."""
    if isinstance(value, Tensor):
        return value
    if isinstance(value, np.generic) or (isinstance(value, np.ndarray) and value.ndim == 0
                                         and value.dtype.kind in "biufc"):
        value = value.item()    # a numpy scalar is a number: weak, and it must fit too
    if isinstance(value, np.ndarray):
        return like.graph.constant(value)
    dtype = _scalar_dtype(value, like.dtype)
    try:
        return like.graph.constant(value, dtype)
    except DTypeError:
        raise DTypeError(f"the Python {type(value).__name__} {_shown(value)} does not fit "
                         f"{dtype}, the dtype of the tensor beside it; cast that tensor to "
                         "a wider dtype first") from None


def _binary(op: str, a: Any, b: Any) -> Tensor:
    if isinstance(a, Tensor):
        b = lift(b, a)
    else:
        a = lift(a, b)
    return a.graph.apply(op, [a, b])


def _bitwise(kind: str, a: Any, b: Any) -> Tensor:
    """``a & b`` (``kind`` "and"), ``|`` or ``^``: bitwise where the tensor operand is
    an integer, else logical."""
    like = a if isinstance(a, Tensor) else b
    return _binary(_bit_op(kind, like), a, b)


def _bit_op(kind: str, like: Tensor) -> str:
    if like.dtype.is_int:
        return "bitwise_" + kind
    if like.dtype.is_bool:
        return "logical_" + kind
    symbol = {"and": "&", "or": "|", "xor": "^", "not": "~"}[kind]
    raise DTypeError(f"{symbol} needs bool or integer tensors, got {like.dtype}; compare "
                     "first (x != 0)")


class Tensor:
    """A handle on one node of a Graph, with numpy-like operators and methods."""

    __slots__ = ("graph", "id")
    __array_priority__ = 1000  # make ndarray <op> Tensor defer to Tensor

    def __init__(self, graph: Graph, node_id: int):
        self.graph = graph
        self.id = node_id

    @property
    def node(self) -> Node:
        """The graph node this tensor is."""
        return self.graph.nodes[self.id]

    @property
    def shape(self) -> Shape:
        """The shape: a tuple of ints and symbolic Dims."""
        return self.node.type.shape

    @property
    def dtype(self) -> DType:
        """The element type."""
        return self.node.type.dtype

    @property
    def ndim(self) -> int:
        """The number of axes."""
        return len(self.shape)

    def __repr__(self) -> str:
        return f"<rlx.Tensor %{self.id} {self.node.type} = {self.node.op}>"

    def __hash__(self) -> int:
        return hash((id(self.graph), self.id))

    def __bool__(self) -> bool:
        raise GraphBuildError("a Tensor has no truth value at build time; use rlx.where")

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        # without it numpy would read a Tensor as a sequence, building a slice per element
        raise GraphBuildError(f"{self!r} has no value at build time; compile the graph and "
                              "run it (numpy data enters a graph with rlx.constant)")

    def __len__(self) -> int:
        """The size of axis 0, as numpy's and torch's ``len``."""
        if self.ndim == 0:
            raise ShapeError(f"len() of {self!r}: a rank-0 tensor has no axis 0")
        if isinstance(self.shape[0], Dim):
            raise ShapeError(f"len() of {self!r}: axis 0 is symbolic, its size is known only "
                             "at run time")
        return self.shape[0]

    def __iter__(self) -> Iterator[Tensor]:
        """``x[0], x[1], ...`` along a static axis 0 (``a, b = x``), as numpy and torch."""
        return (self[i] for i in range(len(self)))

    # arithmetic
    def __add__(self, o): return _binary("add", self, o)
    def __radd__(self, o): return _binary("add", o, self)
    def __sub__(self, o): return _binary("sub", self, o)
    def __rsub__(self, o): return _binary("sub", o, self)
    def __mul__(self, o): return _binary("mul", self, o)
    def __rmul__(self, o): return _binary("mul", o, self)
    def __truediv__(self, o): return _binary("div", self, o)
    def __rtruediv__(self, o): return _binary("div", o, self)
    def __pow__(self, o): return _binary("pow", self, o)
    def __rpow__(self, o): return _binary("pow", o, self)
    def __mod__(self, o): return _binary("mod", self, o)
    def __rmod__(self, o): return _binary("mod", o, self)
    def __matmul__(self, o): return _binary("matmul", self, o)
    def __rmatmul__(self, o): return _binary("matmul", o, self)
    def __neg__(self): return self.graph.apply("neg", [self])
    def __abs__(self): return self.graph.apply("abs", [self])
    def __pos__(self): return self

    # comparisons build bool tensors (so Tensors are not usable as dict keys by value)
    def __eq__(self, o): return _binary("eq", self, o)  # type: ignore[override]
    def __ne__(self, o): return _binary("ne", self, o)  # type: ignore[override]
    def __lt__(self, o): return _binary("lt", self, o)
    def __le__(self, o): return _binary("le", self, o)
    def __gt__(self, o): return _binary("gt", self, o)
    def __ge__(self, o): return _binary("ge", self, o)
    # & | ^ ~: logical on bools, bitwise on integers (as numpy)
    def __and__(self, o): return _bitwise("and", self, o)
    def __or__(self, o): return _bitwise("or", self, o)
    def __xor__(self, o): return _bitwise("xor", self, o)
    def __rand__(self, o): return _bitwise("and", o, self)
    def __ror__(self, o): return _bitwise("or", o, self)
    def __rxor__(self, o): return _bitwise("xor", o, self)

    def __invert__(self): return self.graph.apply(_bit_op("not", self), [self])

    def __getitem__(self, key: Any) -> Tensor:
        return _getitem(self, key)

    # methods for the common cases; rlx.* functions of the same names call these
    def _reduce(self, op: str, axis: Any, keepdims: bool) -> Tensor:
        return self.graph.apply(op, [self], axes=axis, keepdims=keepdims)

    def sum(self, axis: Any = None, keepdims: bool = False) -> Tensor:
        """Sum over ``axis`` (an int, a tuple, or None: every axis), as numpy."""
        return self._reduce("sum", axis, keepdims)

    def mean(self, axis: Any = None, keepdims: bool = False) -> Tensor:
        """Mean over ``axis`` (an int, a tuple, or None: every axis); float tensors only."""
        return self._reduce("mean", axis, keepdims)

    def max(self, axis: Any = None, keepdims: bool = False) -> Tensor:
        """Maximum over ``axis`` (an int, a tuple, or None: every axis); nan propagates."""
        return self._reduce("max", axis, keepdims)

    def min(self, axis: Any = None, keepdims: bool = False) -> Tensor:
        """Minimum over ``axis`` (an int, a tuple, or None: every axis); nan propagates."""
        return self._reduce("min", axis, keepdims)

    def prod(self, axis: Any = None, keepdims: bool = False) -> Tensor:
        """Product over ``axis`` (an int, a tuple, or None: every axis)."""
        return self._reduce("prod", axis, keepdims)

    def argmax(self, axis: int = -1, keepdims: bool = False) -> Tensor:
        """i64 index of the first maximum along ``axis`` (the last by default, not numpy's
        flattened array)."""
        return self.graph.apply("argmax", [self], axis=axis, keepdims=keepdims)

    def argmin(self, axis: int = -1, keepdims: bool = False) -> Tensor:
        """i64 index of the first minimum along ``axis`` (the last by default, not numpy's
        flattened array)."""
        return self.graph.apply("argmin", [self], axis=axis, keepdims=keepdims)

    def reshape(self, *shape: Any) -> Tensor:
        """The same elements in ``shape`` (a tuple, one int, or the sizes as arguments; one
        may be -1)."""
        return self.graph.apply("reshape", [self], shape=shape[0] if len(shape) == 1 else shape)

    def flatten(self) -> Tensor:
        """The elements as one axis, in row-major order."""
        return self.reshape(-1)

    def transpose(self, *perm: Any) -> Tensor:
        """Axes permuted by ``perm`` (a tuple, or the axes as arguments); reversed when none
        is given."""
        if len(perm) == 1 and not isinstance(perm[0], int):
            perm = tuple(perm[0]) if perm[0] is not None else ()
        return self.graph.apply("transpose", [self], perm=tuple(perm) or None)

    def permute(self, *perm: Any) -> Tensor:
        """The same as :meth:`transpose`."""
        return self.transpose(*perm)

    @property
    def T(self) -> Tensor:
        """The axes reversed."""
        return self.graph.apply("transpose", [self], perm=None)

    def cast(self, dtype: Any) -> Tensor:
        """The values converted to ``dtype`` (rules in ``rlx.ir.ops.OPS['cast'].doc``);
        ``astype`` is the same method."""
        return self.graph.apply("cast", [self], dtype=as_dtype(dtype))

    astype = cast

    def squeeze(self, axis: Any = None) -> Tensor:
        """Size-1 axes removed: ``axis`` (an int or a tuple), or all of them when None."""
        return self.graph.apply("squeeze", [self], axes=axis)

    def unsqueeze(self, axis: Any) -> Tensor:
        """Size-1 axes inserted at ``axis`` (an int or a tuple), counted in the output."""
        return self.graph.apply("unsqueeze", [self], axes=axis)

    def broadcast_to(self, shape: Sequence[int]) -> Tensor:
        """Broadcast to ``shape`` by numpy's rules."""
        return self.graph.apply("broadcast_to", [self], shape=shape)

    def softmax(self, axis: int = -1) -> Tensor:
        """``exp(x - max) / sum(exp(x - max))`` along ``axis``."""
        return self.graph.apply("softmax", [self], axis=axis)

    def log_softmax(self, axis: int = -1) -> Tensor:
        """``x - logsumexp(x)`` along ``axis``."""
        return self.graph.apply("log_softmax", [self], axis=axis)

    def relu(self) -> Tensor:
        """``max(x, 0)``."""
        return self.graph.apply("relu", [self])

    def exp(self) -> Tensor:
        """``e ** x``."""
        return self.graph.apply("exp", [self])

    def log(self) -> Tensor:
        """The natural logarithm."""
        return self.graph.apply("log", [self])

    def sqrt(self) -> Tensor:
        """The square root."""
        return self.graph.apply("sqrt", [self])

    def tanh(self) -> Tensor:
        """The hyperbolic tangent."""
        return self.graph.apply("tanh", [self])

    def sigmoid(self) -> Tensor:
        """``1 / (1 + exp(-x))``."""
        return self.graph.apply("sigmoid", [self])

    def abs(self) -> Tensor:
        """The absolute value."""
        return self.graph.apply("abs", [self])


def _getitem(x: Tensor, key: Any) -> Tensor:
    """Basic numpy indexing: ints, slices, None and one Ellipsis."""
    if not isinstance(key, tuple):
        key = (key,)
    # identity tests: ``in`` and ``index`` compare with ==, which an array or a Tensor in
    # the key answers elementwise
    ellipses = [i for i, k in enumerate(key) if k is Ellipsis]
    if len(ellipses) > 1:
        raise GraphBuildError("an index can hold only one Ellipsis")
    n_real = sum(1 for k in key if k is not None and k is not Ellipsis)
    if n_real > x.ndim:
        raise GraphBuildError(f"too many indices ({n_real}) for a tensor of rank {x.ndim}")
    if ellipses:
        at = ellipses[0]
        key = key[:at] + (slice(None),) * (x.ndim - n_real) + key[at + 1:]
    else:
        key = key + (slice(None),) * (x.ndim - n_real)
    starts, stops, steps, drop, new_axes = [], [], [], [], []
    axis = 0
    out_pos = 0
    for k in key:
        if k is None:
            new_axes.append(out_pos)
            out_pos += 1
            continue
        dim = x.shape[axis]
        if isinstance(k, slice):
            for bound in (k.start, k.stop, k.step):
                if bound is not None and exact_int(bound) is None:
                    raise GraphBuildError(f"slice bounds must be ints or None, got {k!r}")
            start, stop, step = (None if b is None else exact_int(b)
                                 for b in (k.start, k.stop, k.step))
            starts.append(start)
            stops.append(stop)
            steps.append(1 if step is None else step)
            out_pos += 1
        elif isinstance(k, bool | np.bool_):
            raise GraphBuildError(f"a boolean index ({k!r}) is not supported; use rlx.where "
                                  "or an integer index")
        elif exact_int(k) is not None:     # an int, a numpy int or a 0-d integer array
            i = exact_int(k)
            if i < 0 and isinstance(dim, Dim):
                raise GraphBuildError(f"index {i} counts from the end of axis {axis}, which "
                                      f"is symbolic ({dim.name} <= {int(dim)}): its end is "
                                      "known only at run time")
            if not -dim <= i < dim:
                raise GraphBuildError(f"index {i} is out of range for axis {axis} of size {dim}")
            i %= dim
            starts.append(i)
            stops.append(i + 1)
            steps.append(1)
            drop.append(axis)
        else:
            raise GraphBuildError(f"unsupported index {_shown(k)}; use rlx.gather for tensor "
                                  "indices (rlx.where for a boolean mask)")
        axis += 1
    out = x
    if any(s is not None for s in starts) or any(e is not None for e in stops) or any(
            st != 1 for st in steps):
        out = x.graph.apply("slice", [x], starts=tuple(starts), stops=tuple(stops),
                            steps=tuple(steps))
    if drop:
        out = out.squeeze(tuple(drop))
    if new_axes:
        out = out.unsqueeze(tuple(new_axes))
    return out
