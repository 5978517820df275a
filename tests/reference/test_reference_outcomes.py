"""Outcomes other than a result: unsupported constructs, the step budget, failed asserts."""

from __future__ import annotations

import numpy as np
import pytest
import tvm
from tvm import te, tirx
from tvm.script import tirx as T

from tzer.reference import AssertionFailed, BudgetExceeded, Unsupported, interpret


@T.prim_func
def endless(A: T.Buffer((1,), "int32")):
    while A[0] >= 0:
        A[0] = A[0] * 1


@T.prim_func
def counts_to_ten(A: T.Buffer((1,), "int32")):
    while A[0] < 10:
        A[0] = A[0] + 1


@T.prim_func
def packed(A: T.Buffer((4,), "float32")):
    T.evaluate(T.call_packed("some_function", 1))


@T.prim_func
def checked(A: T.Buffer((1,), "int32"), n: T.int32):
    assert n > 2, "n must exceed 2"
    A[0] = n


def test_endless_while_exceeds_the_budget():
    with pytest.raises(BudgetExceeded):
        interpret(endless, [np.zeros(1, "int32")], step_budget=1000)


def test_bounded_while_finishes():
    (out,) = interpret(counts_to_ten, [np.zeros(1, "int32")], step_budget=1000)
    assert out[0] == 10


def test_a_loop_nest_over_the_budget_is_refused_before_running():
    i, j = tirx.Var("i", "int32"), tirx.Var("j", "int32")
    buf = tirx.decl_buffer((4,), "int32", name="A")
    store = tirx.BufferStore(buf, tirx.IntImm("int32", 1), [tirx.IntImm("int32", 0)])
    inner = tirx.For(j, tirx.IntImm("int32", 0), tirx.IntImm("int32", 1000), tirx.ForKind.SERIAL, store)
    outer = tirx.For(i, tirx.IntImm("int32", 0), tirx.IntImm("int32", 1000), tirx.ForKind.SERIAL, inner)
    func = tirx.PrimFunc([buf], outer)
    with pytest.raises(BudgetExceeded):
        interpret(func, [np.zeros(4, "int32")], step_budget=10_000)
    interpret(func, [np.zeros(4, "int32")], step_budget=2_000_000)


def test_the_budget_weighs_an_iteration_by_the_size_of_its_body():
    """4,000 iterations of a 300-term sum are 1.2M node evaluations: over a budget of 100,000 steps,
    although the iterations alone are within it (c40's hang-91f82910 ran for minutes so)."""
    i = tirx.Var("i", "int32")
    buf = tirx.decl_buffer((4,), "int32", name="A")
    load = tirx.BufferLoad(buf, [tirx.IntImm("int32", 0)])
    total = load
    for _ in range(300):
        total = total + load
    store = tirx.BufferStore(buf, total, [tirx.IntImm("int32", 1)])
    func = tirx.PrimFunc([buf], tirx.For(i, tirx.IntImm("int32", 0), tirx.IntImm("int32", 4000),
                                         tirx.ForKind.SERIAL, store))
    with pytest.raises(BudgetExceeded):
        interpret(func, [np.zeros(4, "int32")], step_budget=100_000)
    small = tirx.PrimFunc([buf], tirx.For(i, tirx.IntImm("int32", 0), tirx.IntImm("int32", 4000),
                                          tirx.ForKind.SERIAL, tirx.BufferStore(buf, load + load,
                                                                                 [tirx.IntImm("int32", 1)])))
    interpret(small, [np.zeros(4, "int32")], step_budget=100_000)


def test_unsupported_names_the_intrinsic():
    with pytest.raises(Unsupported) as raised:
        interpret(packed, [np.zeros(4, "float32")])
    assert raised.value.construct == "tirx.tvm_call_packed"
    assert "some_function" in str(raised.value)


def test_unsupported_names_the_node_type():
    a = te.placeholder((4, 8), name="A")
    k = te.reduce_axis((0, 8), name="k")
    total = te.compute((4,), lambda i: te.sum(a[i, k], axis=k), name="S")
    reduce_expr = total.op.body[0]
    buf = tirx.decl_buffer((4,), "float32", name="B")
    func = tirx.PrimFunc([buf], tirx.BufferStore(buf, reduce_expr, [tirx.IntImm("int32", 0)]))
    with pytest.raises(Unsupported) as raised:
        interpret(func, [np.zeros(4, "float32")])
    assert raised.value.construct == "Reduce"


def test_bfloat16_is_unsupported():
    buf = tirx.decl_buffer((4,), "bfloat16", name="B")
    func = tirx.PrimFunc([buf], tirx.Evaluate(tirx.IntImm("int32", 0)))
    with pytest.raises(Unsupported, match="bfloat16"):
        interpret(func, [np.zeros(4, "float32")])


def test_failed_assert_is_its_own_outcome():
    with pytest.raises(AssertionFailed, match="n must exceed 2"):
        interpret(checked, [np.zeros(1, "int32"), 1])
    (out,) = interpret(checked, [np.zeros(1, "int32"), 5])
    assert out[0] == 5


def test_wrong_argument_count_is_a_usage_error():
    with pytest.raises(ValueError):
        interpret(checked, [np.zeros(1, "int32")])


def test_te_reduction_in_block_form():
    a = te.placeholder((3, 5), name="A")
    k = te.reduce_axis((0, 5), name="k")
    total = te.compute((3,), lambda i: te.sum(a[i, k] * a[i, k], axis=k), name="S")
    func = te.create_prim_func([a, total])
    x = np.random.default_rng(1).uniform(-1, 1, (3, 5)).astype("float32")
    _, out = interpret(func, [x, np.full(3, 7.0, "float32")])
    np.testing.assert_allclose(out, (x * x).sum(axis=1), rtol=1e-6)
    assert isinstance(func.body, tvm.s_tir.SBlockRealize)
