"""Every op kind is covered by every table that must know it, or listed as not."""

from rlx.backends.numpy_kernels import KERNELS
from rlx.ir.ops import LEAF_OPS, OPS
from rlx.passes.decompose import COMPLEX_DISPATCH, DECOMPOSITIONS
from rlx.runtime.devices import backend_class, known_devices

# leaves the interpreter evaluates itself (constants) or that have no computation
INTERPRETED_LEAVES = {"input", "param", "constant"}
# the dispatch kinds of complex nodes that backends claim apart (rlx.passes.decompose)
COMPLEX_KINDS = {f"{op}:complex" for op in COMPLEX_DISPATCH}


def test_every_op_has_a_reference_kernel():
    missing = sorted(set(OPS) - set(KERNELS) - INTERPRETED_LEAVES)
    assert not missing, f"ops without a reference kernel: {missing}"
    assert set(KERNELS) <= set(OPS), "kernel table has entries for unknown ops"


def test_every_op_is_documented():
    assert all(d.doc.strip() for d in OPS.values())


def test_decomposition_table_names_real_ops():
    assert set(DECOMPOSITIONS) <= set(OPS) - LEAF_OPS | {"arange"} | COMPLEX_KINDS
    assert COMPLEX_DISPATCH <= set(OPS)


def test_each_backend_claims_known_ops_only():
    for device in known_devices():
        claims = backend_class(device)().supported_ops - COMPLEX_KINDS   # here or not
        assert claims <= set(OPS), f"{device} claims unknown ops {sorted(claims - set(OPS))}"


# ops users do not build: unpack (made by the pack_control_flow pass) and dequant_gather
# (the quantised embedding lookup the decoder builders make from a packed weight)
NOT_PUBLIC = {"unpack", "dequant_gather"}
# public functions spelled other than their op
SPELLED = {"conv": "conv2d", "all_gather": "graph_all_gather",
           "all_reduce": "graph_all_reduce", "reduce_scatter": "graph_reduce_scatter"}


def test_every_op_a_user_builds_has_a_function():
    """The README's promise: ``rlx.<op>(...)`` (or rlx.linalg / fft / moe /
    distributed) for every op of the op set, leaves and the listed ones aside."""
    import importlib

    import rlx
    modules = [rlx] + [importlib.import_module(f"rlx.{m}")
                       for m in ("linalg", "fft", "moe", "distributed")]
    missing = sorted(op for op in set(OPS) - LEAF_OPS - NOT_PUBLIC
                     if not any(hasattr(m, SPELLED.get(op, op)) for m in modules))
    assert not missing, f"ops without a public function: {missing}"


def test_every_public_builder_has_a_docstring():
    """``help(rlx.sum)`` and ``help(x.argmax)`` say what they do (argmax's default axis
    is not numpy's), and no docstring describes another function (matmul's said
    "elementwise")."""
    import inspect

    from rlx.ir import api
    from rlx.ir.graph import Tensor

    functions = {name: f for name, f in vars(api).items()
                 if not name.startswith("_") and inspect.isfunction(f)
                 and f.__module__ == api.__name__}
    methods = {name: getattr(m, "fget", m) for name, m in vars(Tensor).items()
               if not name.startswith("_") and callable(getattr(m, "fget", m))}
    bare = sorted(name for name, f in {**functions, **methods}.items()
                  if not (f.__doc__ or "").strip())
    assert not bare, f"public builders without a docstring: {bare}"
    assert "elementwise" not in api.matmul.__doc__.lower()
