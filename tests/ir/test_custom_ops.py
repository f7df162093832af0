"""Custom ops (rlx.register_op): reference and cpu kernels against numpy, the cpu
refusal without a C kernel, user VJP / JVP rules against central finite differences,
registration errors and JSON round trips."""

import numpy as np
import pytest

import rlx
from rlx.ir.types import TensorType
from rlx.passes.fusion import fuse

SOFTSIGN_C = r"""
static void softsign(const rlx_custom_args *a) {
    if (a->out_dtype[1] == '6') {  /* f64 */
        const double *x = (const double *)a->in[0];
        double *y = (double *)a->out;
        for (int64_t i = 0; i < a->out_numel; i++) y[i] = x[i] / (1.0 + fabs(x[i]));
    } else {
        const float *x = (const float *)a->in[0];
        float *y = (float *)a->out;
        for (int64_t i = 0; i < a->out_numel; i++) y[i] = x[i] / (1.0f + fabsf(x[i]));
    }
}
"""

SCALED_ADD_C = r"""
static double rlx_scale_of(const rlx_custom_args *a) {
    for (int k = 0; k < a->n_attrs; k++)
        if (strcmp(a->attr_names[k], "alpha") == 0) return a->attr_values[k];
    return 1.0;
}
static void scaled_add(const rlx_custom_args *a) {
    const float *x = (const float *)a->in[0], *y = (const float *)a->in[1];
    float *o = (float *)a->out;
    float s = (float)rlx_scale_of(a);
    for (int64_t i = 0; i < a->out_numel; i++) o[i] = x[i] + s * y[i];
}
"""


def _same(ins, attrs):
    return ins[0]


def _softsign_ref(x):
    return x / (1 + np.abs(x))


def _softsign_vjp(p, ct):
    d = 1.0 + abs(p.xs[0])
    return [ct / (d * d)]


def _softsign_jvp(p, ts):
    d = 1.0 + abs(p.xs[0])
    return ts[0] / (d * d)


@pytest.fixture
def softsign():
    with rlx.register_op("softsign", infer=_same, reference=_softsign_ref, c_kernel=SOFTSIGN_C,
                         vjp=_softsign_vjp, jvp=_softsign_jvp,
                         doc="x / (1 + |x|), elementwise.") as op:
        yield op
    assert "softsign" not in rlx.ir.ops.OPS


@pytest.fixture
def scaled_add():
    def infer(ins, attrs):
        if ins[0].shape != ins[1].shape:
            raise ValueError(f"scaled_add needs equal shapes, got {ins[0]} and {ins[1]}")
        return ins[0], {"alpha": float(attrs.get("alpha", 1.0))}

    with rlx.register_op("scaled_add", infer=infer,
                         reference=lambda x, y, *, alpha: x + alpha * y,
                         c_kernel=SCALED_ADD_C) as op:
        yield op


def _cpu():
    if "cpu" not in rlx.available_devices():
        pytest.skip("no C compiler")
    return rlx.Session("cpu")


def _graph_around(op, dtype="f32"):
    """exp(x) -> op -> * 2 + 1: other ops on both sides of the custom one."""
    g = rlx.Graph("around")
    x = g.input("x", (3, 5), dtype)
    y = op(x.exp() - 1.0) * 2.0 + 1.0
    g.set_outputs([y])
    return g


def _numpy_around(x):
    return _softsign_ref(np.exp(x) - 1.0) * 2.0 + 1.0


def test_reference_matches_numpy(softsign):
    x = np.random.default_rng(0).standard_normal((3, 5))
    g = _graph_around(softsign, "f64")
    out = rlx.Session("reference").compile(g).run({"x": x})[0]
    np.testing.assert_allclose(out, _numpy_around(x), rtol=1e-14, atol=0)
    g32 = _graph_around(softsign)
    out = rlx.Session("reference").compile(g32).run({"x": x.astype(np.float32)})[0]
    np.testing.assert_allclose(out, _numpy_around(x), rtol=1e-5, atol=1e-6)


def test_apply_spelling_and_attrs(scaled_add):
    g = rlx.Graph()
    x, y = g.input("x", (4,)), g.input("y", (4,))
    a = g.apply("scaled_add", [x, y], alpha=0.5)
    b = scaled_add(x, y, alpha=0.5)
    assert a.node == b.node and a.node.attr("alpha") == 0.5
    g.set_outputs([a])
    xv, yv = np.arange(4.0, dtype=np.float32), np.ones(4, np.float32)
    out = rlx.Session("reference").compile(g).run({"x": xv, "y": yv})[0]
    np.testing.assert_allclose(out, xv + 0.5 * yv)


@pytest.mark.parametrize("dtype, tol", [("f32", 1e-5), ("f64", 1e-12)])
def test_cpu_c_kernel_matches_numpy(softsign, dtype, tol):
    x = np.random.default_rng(1).standard_normal((3, 5))
    compiled = _cpu().compile(_graph_around(softsign, dtype))
    assert "static void softsign(" in compiled._exe.source
    out = compiled.run({"x": x.astype(rlx.as_dtype(dtype).np)})[0]
    np.testing.assert_allclose(out, _numpy_around(x), rtol=tol, atol=tol)


def test_cpu_c_kernel_two_operands_with_attr(scaled_add):
    g = rlx.Graph()
    x, y = g.input("x", (2, 3)), g.input("y", (2, 3))
    g.set_outputs([scaled_add(x.relu(), y * y, alpha=-2.5).sum(-1)])
    rng = np.random.default_rng(2)
    xv, yv = rng.standard_normal((2, 3)), rng.standard_normal((2, 3))
    out = _cpu().compile(g).run({"x": xv.astype(np.float32), "y": yv.astype(np.float32)})[0]
    np.testing.assert_allclose(out, (np.maximum(xv, 0) - 2.5 * yv * yv).sum(-1), rtol=1e-5)


def test_cpu_refuses_op_without_c_kernel():
    with rlx.register_op("py_only", infer=_same, reference=_softsign_ref) as op:
        g = rlx.Graph()
        x = g.input("x", (4,))
        g.set_outputs([op(x) + 1.0])
        rlx.Session("reference").compile(g)  # the reference device runs it
        if "cpu" not in rlx.available_devices():
            pytest.skip("no C compiler")
        with pytest.raises(rlx.UnsupportedOpError, match=r"py_only(.|\n)*c_kernel="):
            rlx.Session("cpu").compile(g)


def _central_difference(f, x, eps=1e-6):
    grad = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        xp, xm = x.copy(), x.copy()
        xp[i] += eps
        xm[i] -= eps
        grad[i] = (f(xp) - f(xm)) / (2 * eps)
    return grad


def _loss_graph(op):
    g = rlx.Graph("loss")
    x = g.input("x", (2, 3), "f64")
    g.set_outputs([(op(x * 1.5) * x).sum()])
    return g


def _loss_numpy(x):
    return float((_softsign_ref(x * 1.5) * x).sum())


def test_grad_with_user_vjp_matches_finite_differences(softsign):
    x = np.random.default_rng(3).standard_normal((2, 3))
    dg = rlx.grad(_loss_graph(softsign), ["x"])
    outs = rlx.Session("reference").compile(dg).run({"x": x, "d_output": 1.0})
    np.testing.assert_allclose(outs[-1], _central_difference(_loss_numpy, x), rtol=1e-7,
                               atol=1e-9)


def test_jvp_with_user_rule_matches_finite_differences(softsign):
    rng = np.random.default_rng(4)
    x, t = rng.standard_normal((2, 3)), rng.standard_normal((2, 3))
    jg = rlx.jvp(_loss_graph(softsign), ["x"])
    outs = rlx.Session("reference").compile(jg).run({"x": x, "tangent_x": t})
    eps = 1e-6
    want = (_loss_numpy(x + eps * t) - _loss_numpy(x - eps * t)) / (2 * eps)
    np.testing.assert_allclose(float(outs[-1]), want, rtol=1e-7)


def test_grad_without_vjp_names_the_op():
    with rlx.register_op("no_rules", infer=_same, reference=_softsign_ref) as op:
        with pytest.raises(rlx.UnsupportedOpError, match="no VJP rule for op 'no_rules'"):
            rlx.grad(_loss_graph(op), ["x"])
        with pytest.raises(rlx.UnsupportedOpError, match="no JVP rule for op 'no_rules'"):
            rlx.jvp(_loss_graph(op), ["x"])


def test_duplicate_registration_is_an_error(softsign):
    with pytest.raises(rlx.GraphBuildError, match="'softsign' is already registered"):
        rlx.register_op("softsign", infer=_same, reference=_softsign_ref)
    with pytest.raises(rlx.GraphBuildError, match="'exp' is already registered.*built-in"):
        rlx.register_op("exp", infer=_same, reference=np.exp)
    with pytest.raises(rlx.GraphBuildError, match="C identifier"):
        rlx.register_op("not a name", infer=_same, reference=np.exp)
    with pytest.raises(rlx.GraphBuildError, match="not a custom op"):
        rlx.unregister_op("exp")


def test_bad_c_kernel_is_refused_at_registration():
    with pytest.raises(rlx.GraphBuildError, match=r"static void nope\("):
        rlx.register_op("nope", infer=_same, reference=np.exp, c_kernel="void nope(void) {}")
    assert "nope" not in rlx.ir.ops.OPS


def test_arity_and_infer_errors_at_build_time(softsign, scaled_add):
    g = rlx.Graph()
    x, y = g.input("x", (4,)), g.input("y", (5,))
    with pytest.raises(rlx.GraphBuildError, match=r"softsign.*takes 1 operands, got 2"):
        softsign(x, x)
    with pytest.raises(rlx.GraphBuildError, match="scaled_add needs equal shapes"):
        scaled_add(x, y)

    def returns_junk(ins, attrs):
        return "f32"

    with rlx.register_op("junk", infer=returns_junk, reference=np.exp) as op:
        with pytest.raises(rlx.GraphBuildError, match="must return a TensorType"):
            op(x)


def test_reference_kernel_shape_mismatch_is_reported():
    with rlx.register_op("bad_shape", infer=_same, reference=lambda x: x[:1]) as op:
        g = rlx.Graph()
        x = g.input("x", (4,))
        g.set_outputs([op(x)])
        with pytest.raises(rlx.ExecutionError, match="bad_shape.*returned shape"):
            rlx.Session("reference").compile(g).run({"x": np.ones(4, np.float32)})


def test_infer_may_change_the_type():
    def infer(ins, attrs):
        (t,) = ins
        return TensorType(t.shape[:-1], rlx.f64)

    with rlx.register_op("row_norm", infer=infer,
                         reference=lambda x: np.sqrt((x.astype(np.float64) ** 2).sum(-1))) as op:
        g = rlx.Graph()
        x = g.input("x", (2, 3))
        g.set_outputs([op(x)])
        assert g.output_types[0] == TensorType((2,), rlx.f64)
        xv = np.arange(6, dtype=np.float32).reshape(2, 3)
        out = rlx.Session("reference").compile(g).run({"x": xv})[0]
        np.testing.assert_allclose(out, np.linalg.norm(xv.astype(np.float64), axis=-1))


def test_json_round_trip_needs_the_op_registered():
    with rlx.register_op("softsign", infer=_same, reference=_softsign_ref) as op:
        g = _graph_around(op, "f64")
        text = rlx.to_json(g)
        back = rlx.from_json(text)
        assert [n.op for n in back.nodes] == [n.op for n in g.nodes]
    with pytest.raises(rlx.SerializationError, match="'softsign'.*register_op"):
        rlx.from_json(text)


def test_fusion_keeps_the_custom_op_alone(softsign):
    """The elementwise ops around the custom op are never fused into its kernel."""
    program = fuse(_graph_around(softsign))
    mine = [k for k in program.kernels
            if any(program.graph.nodes[n].op == "softsign" for n in k.nodes)]
    assert len(mine) == 1 and mine[0].nodes == mine[0].outputs and len(mine[0].nodes) == 1
    assert mine[0].kind == "op"


def _scaling_kernel(factor: float) -> str:
    return (f"static void scale_k(const rlx_custom_args *a) {{\n"
            f"    const float *x = (const float *)a->in[0];\n"
            f"    float *y = (float *)a->out;\n"
            f"    for (int64_t i = 0; i < a->out_numel; i++) y[i] = {factor}f * x[i];\n}}\n")


@pytest.mark.skipif("cpu" not in rlx.available_devices(), reason="needs the cpu device")
def test_a_custom_op_registered_again_runs_its_new_kernel(program_store):
    """The program store keys graphs by their nodes, which name a custom op only by its
    name: a graph holding one is compiled each time, so a kernel registered again
    under the same name (or edited between processes) is the one that runs, and an
    unregistered op is refused again."""
    def build():
        g = rlx.Graph("custom_again")
        x = g.input("x", (3,))
        g.set_outputs([g.apply("scale_k", [x])])
        return g

    ones = np.ones(3, np.float32)
    for factor in (2.0, 5.0):
        with rlx.register_op("scale_k", infer=_same, reference=lambda x, f=factor: f * x,
                             c_kernel=_scaling_kernel(factor)):
            graph = build()
            np.testing.assert_array_equal(rlx.Session("cpu").compile(graph).run(
                {"x": ones})[0], [factor] * 3)
    with pytest.raises(rlx.VerifyError, match="unknown op kind 'scale_k'"):
        rlx.Session("cpu").compile(graph)


def test_a_vjp_rule_returning_something_not_a_tensor_is_named():
    with rlx.register_op("dbl_rule", infer=_same, reference=lambda x: 2 * x,
                         vjp=lambda p, ct: [2.0]) as op:
        g = rlx.Graph("rule")
        x = g.input("x", (3,))
        g.set_outputs([op(x).sum()])
        with pytest.raises(rlx.GraphBuildError, match="the vjp of custom op 'dbl_rule': "
                                                      "cotangent 0 is float"):
            rlx.grad(g, ["x"])


ODD_NAME = 'k"1\\*/'
ODD_C = r"""
static void odd_scale(const rlx_custom_args *a) {
    double s = 0;
    for (int k = 0; k < a->n_attrs; k++)
        if (strcmp(a->attr_names[k], "k\"1\\*/") == 0) s = a->attr_values[k];
    const float *x = (const float *)a->in[0];
    float *o = (float *)a->out;
    for (int64_t i = 0; i < a->out_numel; i++) o[i] = (float)(x[i] * s);
}
"""


def test_names_reach_the_generated_c_only_as_text():
    """A graph's name goes into comments of the C program and a custom op's attribute
    names into C strings: a name holding */ (or quotes and backslashes) failed to
    compile, and one holding code after */ ran it (an ONNX model's graph name)."""
    with rlx.register_op("odd_scale", infer=lambda ins, attrs: (ins[0], dict(attrs)),
                         reference=lambda x, **attrs: x * attrs[ODD_NAME],
                         c_kernel=ODD_C) as op:
        g = rlx.Graph('*/ this is not C "\\ /*')
        x = g.input("x", (3,))
        g.set_outputs([op(x, **{ODD_NAME: 2.5}) + 1.0])
        xv = np.array([1.0, -2.0, 0.5], np.float32)
        compiled = _cpu().compile(g)
        assert "this is not C" in compiled._exe.source
        np.testing.assert_array_equal(compiled.run({"x": xv})[0], xv * 2.5 + 1.0)
