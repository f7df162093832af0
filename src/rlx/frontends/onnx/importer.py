"""ONNX model -> rlx Graph + params.

:func:`load` reads a model, scans it for ops and element types rlx cannot
import (one error listing all of them), declares inputs with static shapes,
turns initializers into constants or params, converts each node with its
registered converter (or expands it into its ONNX function body), and returns
the graph with spelled-out GELUs made one op (:mod:`rlx.frontends.onnx.patterns`)
and dead nodes removed, and the params' values.

Import-time evaluation: right after a converter builds rlx nodes, every new node
whose operands are all known (constants, folded nodes) is evaluated with the
reference kernels. A node output whose value is known is replaced by a constant,
or by a param holding the value when it has more than ``LARGE`` elements, so
shape computations (Shape -> Gather -> Concat -> Reshape) never reach the
compiled graph and constant weights (ConstantOfShape) become params. Params are
never folded: work on them (a weight transpose) is left to the compile
pipeline, which moves it into the prepare stage. A scan of more than ``MAX_FOLD_STEPS``
steps and every while_loop run at run time only.

Control flow (:mod:`rlx.frontends.onnx.converters.control`): an If branch or a
Loop/Scan body becomes the body of an rlx ``cond`` / ``while_loop`` / ``scan``; its
nodes are converted into the body's graph under a nested :class:`ImportState`
(folded there in the same way), and the values of enclosing graphs it reads become
captures.

Sequences and optionals (:mod:`rlx.frontends.onnx.values`) exist only at import time:
a sequence is a tuple of rlx Tensors of import-time length, an optional a value or
nothing. Where they cross the model boundary they are flattened. A sequence input
``s`` takes one shape per element in ``input_shapes`` (``{"s": [(2, 3), (4, 3)]}``) or
its elements in ``input_values``, and becomes the rlx inputs ``s.0``, ``s.1``, ...; an
optional input given ``None`` (in either mapping) is absent, otherwise it is its value.
A sequence output becomes one rlx output per element, in order; an absent optional
output none. :func:`import_model` says where each ONNX output landed
(:class:`Flattened`); :func:`load` returns the flattened graph alone.
"""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import onnx
import onnx.inliner
from onnx import GraphProto, ModelProto, NodeProto, TypeProto, helper, numpy_helper

from rlx.backends.numpy_kernels import evaluate_node
from rlx.errors import GraphBuildError, InputError, RlxError, ShapeError, UnsupportedOpError
from rlx.frontends.onnx import dtypes, functions
from rlx.frontends.onnx.context import ImportState, NodeContext, Scope, count_readers
from rlx.frontends.onnx.patterns import fuse_gelu
from rlx.frontends.onnx.registry import find_converter, normalize_domain
from rlx.frontends.onnx.scan import check_model
from rlx.frontends.onnx.values import (
    VALUE_TYPES,
    OptionalValue,
    SequenceValue,
    Value,
    element_input_name,
    inner_type,
    map_tensors,
    tensors_of,
    type_kind,
)
from rlx.ir.graph import Graph, Tensor
from rlx.ir.ops import RANDOM_OPS
from rlx.ir.types import Dim
from rlx.passes.cleanup import eliminate_dead_code

LARGE = 64  # initializers and folded values with more elements become params
MAX_FOLD_BYTES = 1 << 24  # larger node values are computed at run time, not at import
MAX_FOLD_STEPS = 4096  # longer scans (and every while_loop) run at run time, not at import
PARAMS_AS = ("auto", "params", "constants")

ModelSource = str | os.PathLike | bytes | ModelProto
InputShapes = Mapping[str, Sequence[int] | int | Sequence[Sequence[int]] | None]


@dataclass(frozen=True)
class Flattened:
    """Where one ONNX graph output sits among the rlx graph's outputs: ``kind`` "tensor"
    (one output), "sequence" (``count`` consecutive outputs, its elements in order) or
    "absent" (an empty optional: no output). A present optional output is flattened as
    its value. ``elem_type`` is the ONNX element type of its tensors."""

    name: str
    kind: str
    count: int
    elem_type: int


@dataclass
class ImportedModel:
    """What :func:`import_model` gives: the rlx graph (None when every ONNX output is an
    empty sequence or an absent optional, leaving nothing to compute), its params'
    values, and the layout of the ONNX outputs among the graph's outputs."""

    graph: Graph | None
    params: dict[str, np.ndarray]
    outputs: list[Flattened]


def read_model(source: ModelSource) -> ModelProto:
    """The ModelProto of a path, serialized bytes or a ModelProto (returned as is).

    Model-local functions are inlined. Raises OSError for an unreadable file and
    GraphBuildError for bytes that are not an ONNX model.
    """
    if isinstance(source, ModelProto):
        model = source
    elif isinstance(source, bytes):
        model = ModelProto()
        try:
            model.ParseFromString(source)
        except Exception as e:  # protobuf raises its own DecodeError
            raise GraphBuildError(f"not an ONNX model: {e}") from e
    elif isinstance(source, str | os.PathLike):
        path = os.fspath(source)
        if not os.path.isfile(path):
            raise FileNotFoundError(f"no such ONNX file: {path}")
        try:
            model = onnx.load(path)
        except Exception as e:  # protobuf/onnx raise assorted errors on garbage
            raise GraphBuildError(f"{path}: not an ONNX model: {e}") from e
    else:
        raise GraphBuildError(f"expected a path, bytes or onnx.ModelProto, got "
                              f"{type(source).__name__}")
    if not model.HasField("graph"):     # protobuf reads 0 bytes as an empty ModelProto
        where = f"{os.fspath(source)}: " if isinstance(source, str | os.PathLike) else ""
        raise GraphBuildError(f"{where}not an ONNX model: it has no graph (an empty file, or "
                              "another format)")
    if model.functions:
        try:
            model = onnx.inliner.inline_local_functions(model)
        except Exception as e:  # onnx's checker and inliner raise their own errors
            raise GraphBuildError(f"the model's local functions cannot be inlined: "
                                  f"{type(e).__name__}: {e}") from e
    return model


def model_opsets(model: ModelProto) -> dict[str, int]:
    """Opset version per (normalised) domain; the default domain defaults to 1."""
    opsets = {normalize_domain(imp.domain): int(imp.version) for imp in model.opset_import}
    opsets.setdefault("", 1)
    return opsets


def load(source: ModelSource, input_shapes: InputShapes | None = None,
         params_as: str = "auto", input_values: Mapping[str, Any] | None = None
         ) -> tuple[Graph, dict[str, np.ndarray]]:
    """Import an ONNX model as an rlx Graph and the values of its params.

    ``input_shapes`` fixes dynamic dimensions: ``{"x": (8, 3, 224, 224)}`` gives an
    input's whole shape, ``{"batch": 8}`` gives every dimension named ``batch``. An
    ``rlx.Dim`` keeps a dimension symbolic: ``{"seq": rlx.Dim("seq", max=512)}`` gives
    a graph whose one compiled program takes every sequence length up to 512 (see
    :mod:`rlx.passes.extents`). A Shape of a symbolic axis reads as its bound, which
    is right for the shape arithmetic, position ranges and index tables exporters
    emit; a model that computes with a length as a value needs fixed sizes (Add, Sub,
    Mul, Div, Pow or Mod of such a length with a run-time value is a GraphBuildError).
    ``params_as``: "auto" (initializers with more than 64 elements become params,
    smaller ones constants), "params" (every initializer a param) or "constants".
    ``input_values`` bakes graph inputs in as constants (their shapes follow the
    values); use it when a shape depends on an input's value. Values of ONNX types
    rlx carries in a wider dtype (uint16, float8, int4, ...) appear in that dtype
    (see :mod:`rlx.frontends.onnx.dtypes`).

    ONNX sequence and optional inputs and outputs are flattened as the module
    docstring says: a sequence input ``s`` needs one shape per element
    (``input_shapes={"s": [(2, 3), (4, 3)]}``) and becomes the rlx inputs ``s.0``,
    ``s.1``, ...; a sequence output becomes one output per element, an absent optional
    none. :func:`import_model` also returns that layout.

    Raises UnsupportedOpError listing every op and element type rlx cannot import
    (before converting anything), ShapeError for a dynamic dimension with no
    shape given, StaticValueError when a shape (or a sequence's length) depends on a
    run-time value, and GraphBuildError for malformed models and for a model whose
    outputs are all empty sequences or absent optionals (an rlx graph needs an output).
    """
    return imported_graph(import_model(source, input_shapes, params_as, input_values))


def imported_graph(imported: ImportedModel) -> tuple[Graph, dict[str, np.ndarray]]:
    """The graph and params of ``imported``; GraphBuildError where it has no graph."""
    if imported.graph is None:
        raise GraphBuildError("every output of the ONNX model is an empty sequence or an "
                              "absent optional: the rlx graph would have no output "
                              "(import_model returns no graph for such a model)")
    return imported.graph, imported.params


def import_model(source: ModelSource, input_shapes: InputShapes | None = None,
                 params_as: str = "auto", input_values: Mapping[str, Any] | None = None
                 ) -> ImportedModel:
    """:func:`load`, also giving where each ONNX output landed among the graph's outputs
    (a sequence output is several outputs, an absent optional none; see
    :class:`Flattened`). The graph is None when no output is left."""
    if params_as not in PARAMS_AS:
        raise GraphBuildError(f"params_as must be one of {PARAMS_AS}, got {params_as!r}")
    model = read_model(source)
    try:
        return _import(model, input_shapes, params_as, input_values)
    except RlxError:
        raise
    except Exception as e:  # a hostile model reaches places no rule covers: never bare
        raise GraphBuildError(f"malformed ONNX model {model.graph.name!r}: "
                              f"{type(e).__name__}: {e}") from e


def _import(model: ModelProto, input_shapes: InputShapes | None, params_as: str,
            input_values: Mapping[str, Any] | None) -> ImportedModel:
    opsets = model_opsets(model)
    check_model(model, opsets)
    graph = Graph(model.graph.name or "onnx")
    state = ImportState(graph, opsets, params_as, readers=count_readers(model.graph))
    state.run_graph = run_graph
    scope = Scope()
    declare_initializers(state, scope, model.graph, params_as)
    _declare_inputs(state, scope, model.graph, input_shapes or {}, input_values or {})
    convert_nodes(state, scope, model.graph.node, opsets)
    flat: list[Tensor] = []
    layout = []
    for out in model.graph.output:
        found = _graph_output(scope, out.name)
        tensors = tensors_of(found)
        layout.append(_flattened(state, out.name, found, len(tensors)))
        flat += tensors
    if not flat:
        return ImportedModel(None, {}, layout)
    graph.set_outputs(flat)
    graph = eliminate_dead_code(fuse_gelu(graph))
    params = {name: state.param_values[name] for name, _ in graph.params}
    return ImportedModel(graph, params, layout)


def _flattened(state: ImportState, name: str, value: Value, count: int) -> Flattened:
    while isinstance(value, OptionalValue):
        if value.value is None:
            return Flattened(name, "absent", 0, 0)
        value = value.value
    if isinstance(value, SequenceValue):
        return Flattened(name, "sequence", count, value.elem_type)
    return Flattened(name, "tensor", 1, state.onnx_type(value))


# --------------------------------------------------------------------------- leaves

def declare_initializers(state: ImportState, scope: Scope, graph: GraphProto,
                         params_as: str) -> None:
    """Bind each initializer to a constant or a param (see ``load``'s params_as)."""
    for init in graph.initializer:
        value = dtypes.to_boundary(_initializer_array(init), init.data_type)
        dtypes.from_numpy(value, f"initializer {init.name!r}")
        as_param = params_as == "params" or (params_as == "auto" and value.size > LARGE)
        if as_param:
            tensor = state.param(init.name, np.ascontiguousarray(value))
        else:
            tensor = state.constant(value)
        if dtypes.carrier(init.data_type) is not None:
            state.logical[tensor.id] = init.data_type
        scope.bind(init.name, tensor)


def _initializer_array(init: onnx.TensorProto) -> np.ndarray:
    """An initializer's value; GraphBuildError naming it when its dims and its data
    disagree (checked before anything is allocated) or it cannot be decoded."""
    where = f"initializer {init.name!r}"
    dims = list(init.dims)
    if any(d < 0 for d in dims):
        raise GraphBuildError(f"{where}: negative dimension in {dims}")
    count = math.prod(dims)
    if init.HasField("raw_data"):
        try:
            bits = _PACKED_BITS.get(init.data_type) or 8 * helper.tensor_dtype_to_np_dtype(
                init.data_type).itemsize
        except Exception:  # an unknown data type: to_array reports it below
            bits = None
        needed = (count * bits + 7) // 8 if bits else len(init.raw_data)
        if len(init.raw_data) != needed:
            raise GraphBuildError(f"{where}: dims {dims} need {needed} bytes, its raw data "
                                  f"has {len(init.raw_data)}")
    elif init.data_location != onnx.TensorProto.EXTERNAL and count > _stored_values(init):
        raise GraphBuildError(f"{where}: dims {dims} need {count} values, it stores "
                              f"{_stored_values(init)}")
    try:
        return numpy_helper.to_array(init)
    except (MemoryError, RecursionError):
        raise
    except Exception as e:  # onnx raises assorted errors on a malformed tensor
        raise GraphBuildError(f"{where}: cannot be decoded ({type(e).__name__}: {e})") from e


_PACKED_BITS = {getattr(onnx.TensorProto, name): bits for name, bits in [
    ("INT4", 4), ("UINT4", 4), ("FLOAT4E2M1", 4), ("INT2", 2), ("UINT2", 2)]
    if hasattr(onnx.TensorProto, name)}


def _stored_values(init: onnx.TensorProto) -> int:
    """Values in the typed fields (complex types store two per value, packed types
    several; counting every stored number bounds them all)."""
    fields = (init.float_data, init.int32_data, init.string_data, init.int64_data,
              init.double_data, init.uint64_data)
    return sum(len(f) for f in fields) * 8


def _declare_inputs(state: ImportState, scope: Scope, graph: GraphProto,
                    input_shapes: InputShapes, input_values: Mapping[str, Any]) -> None:
    initializers = {init.name for init in graph.initializer}
    names = [v.name for v in graph.input if v.name not in initializers]
    for key in input_values:
        if key not in names:
            raise InputError(f"input_values names {key!r}, which is not a graph input "
                             f"(inputs: {', '.join(names) or 'none'})")
    for value_info in graph.input:
        name = value_info.name
        if name in initializers:
            continue
        declared = value_info.type
        if type_kind(declared) == "optional":
            if _given_absent(name, input_shapes, input_values):
                scope.bind(name, OptionalValue(None))
                continue
            declared = inner_type(declared)
        if type_kind(declared) == "sequence":
            found: Value = _declare_sequence(state, name, declared, names, input_shapes,
                                             input_values)
        else:
            found = _declare_tensor(state, name, declared, input_shapes, input_values)
        scope.bind(name, found)


def _given_absent(name: str, input_shapes: InputShapes, input_values: Mapping[str, Any]
                  ) -> bool:
    """Whether the optional input ``name`` is given as None (absent)."""
    if name in input_values:
        return input_values[name] is None
    return name in input_shapes and input_shapes[name] is None


def _declare_tensor(state: ImportState, name: str, declared: TypeProto,
                    input_shapes: InputShapes, input_values: Mapping[str, Any]) -> Tensor:
    """A tensor graph input: an rlx input, or a constant when its value is baked."""
    elem = declared.tensor_type.elem_type
    dtype = dtypes.to_rlx(elem, f"input {name!r}")
    if name in input_values:
        value = dtypes.to_boundary(np.asarray(input_values[name]), elem)
        tensor = state.constant(value.astype(dtype.np), dtype)
    else:
        shape = _tensor_shape(name, declared.tensor_type, input_shapes.get(name),
                              input_shapes)
        tensor = state.graph.input(name, shape, dtype)
    if dtypes.carrier(elem) is not None:
        state.logical[tensor.id] = elem
    return tensor


def _declare_sequence(state: ImportState, name: str, declared: TypeProto,
                      names: Sequence[str], input_shapes: InputShapes,
                      input_values: Mapping[str, Any]) -> SequenceValue:
    """A sequence graph input: one rlx input per element (``name.k``; shapes from
    ``input_shapes[name]``, one per element), or constants when its value is baked."""
    element = inner_type(declared)
    if type_kind(element) != "tensor":
        raise UnsupportedOpError(f"input {name!r}: a sequence of {type_kind(element)} "
                                 "values (rlx holds sequences of tensors only)")
    elem = element.tensor_type.elem_type
    dtype = dtypes.to_rlx(elem, f"input {name!r}")
    if name in input_values:
        arrays = [dtypes.to_boundary(np.asarray(v), elem) for v in input_values[name]]
        tensors = [state.constant(a.astype(dtype.np), dtype) for a in arrays]
    else:
        given = input_shapes.get(name)
        if not _is_shape_list(given):
            raise ShapeError(f"input {name!r} is an ONNX sequence; pass one shape per "
                             f"element, input_shapes={{{name!r}: [(...), ...]}} (it becomes "
                             f"the rlx inputs {element_input_name(name, 0)!r}, "
                             f"{element_input_name(name, 1)!r}, ...)")
        tensors = []
        for k, shape in enumerate(given):
            flat_name = element_input_name(name, k)
            if flat_name in names:
                raise InputError(f"input {name!r}: its element {k} would be the rlx input "
                                 f"{flat_name!r}, which is another graph input's name")
            shape = _tensor_shape(flat_name, element.tensor_type, shape, input_shapes)
            tensors.append(state.graph.input(flat_name, shape, dtype))
            state.input_origins[flat_name] = name
    if dtypes.carrier(elem) is not None:
        for t in tensors:
            state.logical[t.id] = elem
    return SequenceValue(tuple(tensors), elem)


def _is_shape_list(given: Any) -> bool:
    """Whether ``given`` is a list of shapes (one per element of a sequence input)."""
    shapes = (list, tuple, np.ndarray)
    return isinstance(given, list | tuple) and all(isinstance(s, shapes) for s in given)


def resolve_input_shape(value_info: Any, input_shapes: InputShapes) -> tuple[int, ...]:
    """The static shape of a tensor graph input: its declared dims, with dynamic ones
    taken from ``input_shapes`` (by input name, or by symbolic dimension name).

    Raises ShapeError naming the input and the dimension when one stays unknown, or
    when a given shape contradicts a declared static dimension.
    """
    name = value_info.name
    return _tensor_shape(name, value_info.type.tensor_type, input_shapes.get(name),
                         input_shapes)


def _tensor_shape(name: str, tensor_type: Any, given: Any, input_shapes: InputShapes
                  ) -> tuple[int, ...]:
    """The static shape of the tensor input ``name`` (a graph input or an element of a
    sequence input) of ONNX type ``tensor_type``: ``given`` when not None, else the
    declared dims, with dynamic ones taken from ``input_shapes`` by dimension name."""
    declared = tensor_type.shape.dim if tensor_type.HasField("shape") else None
    if given is not None and not isinstance(given, numbers.Integral):
        shape = tuple(d if isinstance(d, Dim) else int(d) for d in given)
        if declared is not None:
            _check_given_shape(name, shape, declared)
        return shape
    if declared is None:
        raise ShapeError(f"input {name!r} has no declared shape; pass "
                         f"input_shapes={{{name!r}: (...)}}")
    shape = []
    for axis, dim in enumerate(declared):
        if dim.HasField("dim_value"):
            shape.append(int(dim.dim_value))
        elif dim.dim_param and dim.dim_param in input_shapes:
            size = input_shapes[dim.dim_param]
            if isinstance(size, bool) or not isinstance(size, numbers.Integral | Dim):
                raise ShapeError(f"input_shapes[{dim.dim_param!r}] must be an int or an "
                                 f"rlx.Dim (the size of dimension {dim.dim_param!r}), got "
                                 f"{size!r}")
            shape.append(size if isinstance(size, Dim) else int(size))
        else:
            label = f" ({dim.dim_param!r})" if dim.dim_param else ""
            hint = f"input_shapes={{{name!r}: (...)}}"
            if dim.dim_param:
                hint += f" or input_shapes={{{dim.dim_param!r}: N}}"
            raise ShapeError(f"input {name!r}: dimension {axis}{label} is dynamic and no "
                             f"shape was given; pass {hint}")
    return tuple(shape)


def _check_given_shape(name: str, shape: tuple[int, ...], declared: Any) -> None:
    if len(shape) != len(declared):
        raise ShapeError(f"input {name!r}: given shape {shape} has rank {len(shape)}, the "
                         f"model declares rank {len(declared)}")
    for axis, (size, dim) in enumerate(zip(shape, declared)):
        if dim.HasField("dim_value") and dim.dim_value != size:
            raise ShapeError(f"input {name!r}: given shape {shape} sets dimension {axis} to "
                             f"{size}, the model declares {dim.dim_value}")


def _graph_output(scope: Scope, name: str) -> Value:
    found = scope.lookup(name)
    if found is None:
        raise GraphBuildError(f"graph output {name!r} is never computed")
    return found


# --------------------------------------------------------------------------- nodes

def convert_nodes(state: ImportState, scope: Scope, nodes: Sequence[NodeProto],
                  opsets: Mapping[str, int]) -> None:
    """Convert ``nodes`` in order, binding their outputs in ``scope``."""
    for node in nodes:
        convert_node(state, scope, node, opsets)


def convert_node(state: ImportState, scope: Scope, node: NodeProto,
                 opsets: Mapping[str, int]) -> None:
    """Convert one node with its converter, or expand it into its function body."""
    domain = normalize_domain(node.domain)
    opset = opsets.get(domain, 1)
    converter = find_converter(domain, node.op_type, opset)
    if converter is None:
        _expand_function(state, scope, node, domain, opset, opsets)
        return
    # a converter tracing a control-flow body may also build in the graphs around it
    starts = [(s, len(s.graph.nodes)) for s in state.chain()]
    cx = NodeContext(state, scope, node, opset, opsets)
    try:
        result = converter.fn(cx)
        for s, start in starts:
            fold_new_nodes(s, start)
    except UnsupportedOpError:
        raise
    except GraphBuildError as e:
        if str(e).startswith("ONNX node"):
            raise
        raise type(e)(f"ONNX node {cx.label}: {e}") from e
    except RlxError:
        raise
    except MemoryError as e:
        raise GraphBuildError(f"ONNX node {cx.label}: converting it needs more memory than "
                              f"is available ({e})") from e
    except Exception as e:  # a malformed node (attribute of the wrong kind, ...)
        raise GraphBuildError(f"ONNX node {cx.label}: malformed node "
                              f"({type(e).__name__}: {e})") from e
    _bind_outputs(state, scope, cx, result)
    _carry_bounds(state, scope, node, cx.label)


LENGTH_ARITHMETIC = frozenset({"Add", "Sub", "Mul", "Div", "Pow", "Mod", "Sum", "Mean",
                               "Min", "Max", "Clip", "Equal", "Less", "LessOrEqual",
                               "Greater", "GreaterOrEqual"})
"""ONNX ops that, given a length read from a symbolic dimension (a Shape / Size of it,
which reads as the bound) beside a value known only at run time, compute with the
length as a number or compare with it: the program would use the bound, not the run's
length."""

SIZE_OPERANDS: dict[str, frozenset[int]] = {
    "ConstantOfShape": frozenset({0}), "Range": frozenset({0, 1, 2}),
    "EyeLike": frozenset({0}), "Expand": frozenset({1}), "Tile": frozenset({1}),
    "Reshape": frozenset({1}), "Slice": frozenset({1, 2, 3, 4}), "Pad": frozenset({1, 2}),
    "Resize": frozenset({1, 2, 3}), "Unsqueeze": frozenset({1}), "Squeeze": frozenset({1}),
    "Split": frozenset({1}), "TopK": frozenset({1}), "OneHot": frozenset({1})}
"""Per ONNX op, the operands that give sizes or positions: a length there makes a table
with one entry per position (a mask of ones, positions 0..n-1, a window of a table),
which read at the active positions is right, not a length."""

COUNTING = frozenset({"ReduceSum", "ReduceMean", "ReduceProd", "ReduceMax", "ReduceMin",
                      "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp",
                      "ReduceSumSquare", "ArgMax", "ArgMin"})
"""ONNX ops that fold a table of the bound's size into numbers: a length again (the sum
of a mask of ones over a symbolic axis is the bound)."""


def _carry_bounds(state: ImportState, scope: Scope, node: NodeProto, label: str) -> None:
    """A node reading a value computed from a symbolic dimension's bound passes that on
    to its import-time outputs (converters fold some values themselves). Arithmetic
    of such a length with run-time values is refused (LENGTH_ARITHMETIC): ``sum(x) /
    Cast(Shape(x)[1])`` divided by the bound, silently. ``lengths`` are the values that
    are such numbers; a table made from a length (given as a size, SIZE_OPERANDS) is
    not one, a reduction of a table (COUNTING) is one again: ``ones(Shape(x)[:2]).sum(1)``."""
    def tensors(names: Sequence[str]) -> list[tuple[Tensor, ImportState]]:
        found = [scope.lookup(n) for n in names if n]
        return [(t, o) for t in found
                if isinstance(t, Tensor) and (o := state.owner(t)) is not None]

    sizes = SIZE_OPERANDS.get(node.op_type, frozenset())
    inputs = [(i, t, owner) for i, name in enumerate(node.input)
              for t, owner in tensors([name])]
    if not any(t.id in owner.from_bounds for _, t, owner in inputs):
        return
    lengths = [t for i, t, owner in inputs if i not in sizes and t.id in owner.lengths]
    outputs = tensors(node.output)
    if node.op_type in LENGTH_ARITHMETIC and lengths and any(
            state.value_of(t) is None for t, _ in outputs):
        raise GraphBuildError(
            f"ONNX node {label}: computes with the length of a symbolic dimension as a "
            "number (from Shape / Size, or counted over a table of its size), which reads "
            "as the dimension's bound, not the run's length; give that dimension a fixed "
            "size in input_shapes")
    counts = node.op_type in COUNTING or bool(lengths)
    for t, owner in outputs:
        if state.value_of(t) is not None:
            owner.from_bounds.add(t.id)
            if counts:
                owner.lengths.add(t.id)


def _expand_function(state: ImportState, scope: Scope, node: NodeProto, domain: str,
                     opset: int, opsets: Mapping[str, int]) -> None:
    types = [_type_of(state, scope, name) for name in node.input]
    body = functions.expand(node, opset, types)
    if body is None:
        raise UnsupportedOpError(f"ONNX op {domain or 'ai.onnx'}::{node.op_type} (opset "
                                 f"{opset}) at node {node.name!r} has no rlx converter")
    inner = dict(opsets)
    inner.update({normalize_domain(d): v for d, v in body.opsets.items()})
    convert_nodes(state, scope, body.nodes, inner)


def _type_of(state: ImportState, scope: Scope, name: str) -> TypeProto:
    if not name:
        return TypeProto()
    found = scope.lookup(name)
    return TypeProto() if found is None else _value_type(state, found)


def _value_type(state: ImportState, value: Value) -> TypeProto:
    """The ONNX type of an imported value (an absent optional's content is unknown)."""
    if isinstance(value, Tensor):
        return helper.make_tensor_type_proto(state.onnx_type(value), value.shape)
    if isinstance(value, SequenceValue):
        return helper.make_sequence_type_proto(
            helper.make_tensor_type_proto(value.elem_type, None))
    if value.value is None:
        return TypeProto()
    return helper.make_optional_type_proto(_value_type(state, value.value))


def _bind_outputs(state: ImportState, scope: Scope, cx: NodeContext, result: Any) -> None:
    outs = [result] if isinstance(result, VALUE_TYPES) else list(result)
    for i, name in enumerate(cx.node.output):
        if not name:
            continue
        if i >= len(outs) or outs[i] is None:
            raise cx.unsupported(f"output {i} ({name!r})")
        if name in scope.values:
            raise cx.error(f"output {i} ({name!r}) is already defined in this graph (by "
                           "another node, an input or an initializer): an ONNX graph "
                           "defines each name once")
        scope.bind(name, _materialize_value(state, outs[i], name))


def _materialize_value(state: ImportState, value: Value, name: str) -> Value:
    """:func:`materialize` for each tensor of ``value`` (a sequence's element ``k`` named
    ``name.k``)."""
    if isinstance(value, Tensor):
        return materialize(state, value, name)
    return map_tensors(value, lambda t, k: materialize(state, t, f"{name}.{k}"))


def fold_new_nodes(state: ImportState, start: int) -> None:
    """Evaluate each node from id ``start`` on whose operands are all known."""
    graph = state.graph
    for nid in range(start, len(graph.nodes)):
        node = graph.nodes[nid]
        if nid in state.known:
            continue
        if node.op == "constant":
            state.known[nid] = node.attr("value").array()
        elif node.op == "input":  # in a body: a captured outer value may be known
            value = state.capture_value(nid)
            if value is not None:
                state.known[nid] = value
        elif node.op == "param" or node.op in RANDOM_OPS:
            continue
        elif node.type.nbytes > MAX_FOLD_BYTES or not _cheap_to_fold(node):
            continue
        elif all(i in state.known for i in node.inputs):
            args = [state.known[i] for i in node.inputs]
            state.known[nid] = evaluate_node(node, args, node_id=nid)


def _cheap_to_fold(node: Any) -> bool:
    """Whether a node may be run at import time: any but loops, which run only when
    their trip count is known and small (a while_loop's is known only by running it)."""
    if node.op == "while_loop":
        return False
    return node.op != "scan" or node.attr("length") <= MAX_FOLD_STEPS


def materialize(state: ImportState, tensor: Tensor, name: str) -> Tensor:
    """``tensor``, or a fresh constant/param holding its value when it is known.

    A known value with more than ``LARGE`` elements becomes a param named ``name``
    (unless params_as is "constants"); like every param it is not folded further.
    """
    owner = state.owner(tensor)  # a body may read (and give back) an outer value
    if owner is None or tensor.node.op in ("input", "param"):
        return tensor
    state = owner
    value = state.known.get(tensor.id)
    if value is None:
        return tensor
    if value.size > LARGE and state.params_as != "constants":
        replacement = state.param(name, np.ascontiguousarray(value))
    elif tensor.node.op == "constant":
        return tensor
    else:
        replacement = state.constant(value, tensor.dtype)
    if tensor.id in state.logical:
        state.logical[replacement.id] = state.logical[tensor.id]
    return replacement


# --------------------------------------------------------------------------- subgraphs

def run_graph(state: ImportState, parent: Scope, graph: GraphProto,
              bindings: Sequence[Value], opsets: Mapping[str, int]) -> list[Value]:
    """Convert a subgraph (If branch, Loop/Scan body) into ``state``'s graph, its inputs
    bound to ``bindings``, in a scope that sees ``parent``; returns its outputs."""
    scope = Scope(parent, state.graph if state.capture_reads else None)
    declare_initializers(state, scope, graph, "constants")
    if len(bindings) != len(graph.input):
        raise GraphBuildError(f"subgraph {graph.name!r} takes {len(graph.input)} inputs, "
                              f"got {len(bindings)}")
    for value_info, tensor in zip(graph.input, bindings):
        scope.bind(value_info.name, tensor)
    convert_nodes(state, scope, graph.node, opsets)
    return [_graph_output(scope, o.name) for o in graph.output]
