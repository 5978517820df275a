"""The reference interpreter computes what the llvm build (opt_level=0) computes."""

from __future__ import annotations

import numpy as np
import pytest
import tvm
from tvm.script import tirx as T

from tzer.reference import interpret
from tzer.runners.host import call_main
from tzer.runtime.inputs import make_arguments


def compiled(func, args):
    module = tvm.IRModule({"main": func.with_attr("global_symbol", "main")})
    with tvm.transform.PassContext(opt_level=0):
        executable = tvm.compile(module, target="llvm")
    return call_main(executable, args)


def assert_agrees(func, args, rtol=1e-5, atol=1e-6):
    ours, theirs = interpret(func, args), compiled(func, args)
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs, strict=True):
        assert a.dtype == b.dtype and a.shape == b.shape
        if a.dtype.kind == "f":
            np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, equal_nan=True)
        else:
            np.testing.assert_array_equal(a, b)
    return ours


def random_args(func, seed=0):
    return make_arguments(func, np.random.default_rng(seed))


@T.prim_func
def elementwise(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        B[i] = T.exp(A[i]) * T.sqrt(T.fabs(A[i])) + T.tanh(A[i]) - T.sigmoid(A[i]) / T.float32(3)


@T.prim_func(s_tir=True)
def row_sum(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4,), "float32")):
    for i, k in T.grid(4, 8):
        with T.sblock("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]


@T.prim_func
def with_scratch(A: T.Buffer((6, 5), "float32"), B: T.Buffer((6,), "float32")):
    tmp = T.alloc_buffer((5,), "float32")
    for i in range(6):
        for j in range(5):
            tmp[j] = A[i, j] * T.float32(2)
        B[i] = T.float32(0)
        for j in range(5):
            B[i] = T.max(B[i], tmp[j])


@T.prim_func
def selects(A: T.Buffer((10,), "float32"), B: T.Buffer((10,), "float32")):
    for i in range(10):
        B[i] = T.Select(A[i] > T.float32(0), A[i], A[i] * T.float32(-0.5))


@T.prim_func
def casts(A: T.Buffer((12,), "float32"), B: T.Buffer((12,), "int8"), C: T.Buffer((12,), "uint8"),
          D: T.Buffer((12,), "float16"), E: T.Buffer((12,), "bool")):
    for i in range(12):
        B[i] = T.Cast("int8", A[i] * T.float32(100))
        C[i] = T.Cast("uint8", T.Cast("int32", A[i] * T.float32(100)) + 300)
        D[i] = T.Cast("float16", A[i] / T.float32(3))
        E[i] = T.Cast("bool", A[i] - A[0])


@T.prim_func
def divisions(A: T.Buffer((4, 16), "int32")):
    for i in range(16):
        A[0, i] = T.floordiv(i - 8, 3)
        A[1, i] = T.truncdiv(i - 8, 3)
        A[2, i] = T.floormod(i - 8, -3)
        A[3, i] = T.truncmod(i - 8, -3)


@T.prim_func
def shifts(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), C: T.Buffer((8,), "uint32")):
    for i in range(8):
        B[i] = (A[i] - 4) << T.Cast("int32", i) >> 1
        C[i] = T.Cast("uint32", 4294967295) >> T.Cast("uint32", i * 3)


@T.prim_func
def unsigned_wrap(A: T.Buffer((8,), "uint8"), B: T.Buffer((8,), "uint8"), C: T.Buffer((8,), "uint16")):
    for i in range(8):
        B[i] = A[i] - T.uint8(3)
        C[i] = T.Cast("uint16", A[i] + T.uint8(1)) * T.uint16(40000)


@T.prim_func
def half(A: T.Buffer((16,), "float16"), B: T.Buffer((16,), "float16")):
    for i in range(16):
        B[i] = A[i] * A[i] + T.float16(0.1) - A[i] / T.float16(7)


@T.prim_func
def vectors(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32"), C: T.Buffer((5,), "float32")):
    for i in range(4):
        B[T.Ramp(i * 4, 1, 4)] = A[T.Ramp(15 - i * 4, -1, 4)] + T.Broadcast(T.float32(1), 4)
    C[T.Ramp(0, 1, 4)] = T.Shuffle([A[T.Ramp(0, 1, 4)], A[T.Ramp(4, 1, 4)]], [7, 0, 5, 2])
    C[4] = T.Shuffle([A[T.Ramp(0, 2, 4)]], [3])


AGREEING = {
    "elementwise": elementwise,
    "row_sum": row_sum,
    "with_scratch": with_scratch,
    "selects": selects,
    "casts": casts,
    "shifts": shifts,
    "unsigned_wrap": unsigned_wrap,
    "half": half,
    "vectors": vectors,
}


@pytest.mark.parametrize("func", AGREEING.values(), ids=AGREEING.keys())
def test_agrees_with_llvm_on_random_inputs(func):
    for seed in range(3):
        assert_agrees(func, random_args(func, seed))


def test_floor_and_trunc_division_differ_on_negatives():
    (out,) = assert_agrees(divisions, [np.zeros((4, 16), "int32")])
    assert out[0, 0] == -3 and out[1, 0] == -2  # -8 // 3 vs truncdiv(-8, 3)
    assert out[2, 1] == -1 and out[3, 1] == -1  # floormod(-7, -3), truncmod(-7, -3)
    assert out[2, 0] == -2 and out[3, 0] == -2


def test_reduction_init_runs_once_per_row():
    args = [np.ones((4, 8), "float32"), np.full(4, 100.0, "float32")]
    _, total = assert_agrees(row_sum, args)
    np.testing.assert_array_equal(total, np.full(4, 8.0, "float32"))


def test_unsigned_arithmetic_wraps_below_32_bits():
    args = [np.arange(8, dtype="uint8"), np.zeros(8, "uint8"), np.zeros(8, "uint16")]
    _, b, c = assert_agrees(unsigned_wrap, args)
    assert b[0] == 253 and c[1] == (2 * 40000) % 65536


def test_float16_rounds_every_operation():
    a = np.linspace(-1, 1, 16).astype("float16")
    _, b = assert_agrees(half, [a, np.zeros(16, "float16")], rtol=0, atol=0)
    assert b.dtype == np.float16


def test_caller_arrays_are_not_mutated():
    a, b = np.ones(16, "float32"), np.zeros(16, "float32")
    interpret(elementwise, [a, b])
    assert not b.any()


@T.prim_func
def nan_semantics(A: T.Buffer((2,), "float32"), B: T.Buffer((9,), "float32")):
    B[0] = T.Select(A[0] != A[1], T.float32(1), T.float32(2))  # fcmp one: false on NaN
    B[1] = T.Select(A[0] == A[1], T.float32(1), T.float32(2))
    B[2] = T.Select(A[0] < A[1], T.float32(1), T.float32(2))
    B[3] = T.min(A[0], A[1])  # select(a < b, a, b)
    B[4] = T.max(A[0], A[1])
    B[5] = T.min(A[1], A[0])
    B[6] = T.max(A[1], A[0])
    B[7] = T.Cast("float32", T.Cast("bool", A[0]))  # fcmp une: NaN is true
    B[8] = T.Select(A[0] >= A[1], T.float32(1), T.float32(2))


@pytest.mark.parametrize("pair", [(np.nan, 0.0), (0.0, np.nan), (np.nan, np.nan), (1.0, 2.0)])
def test_nan_comparisons_follow_llvm(pair):
    assert_agrees(nan_semantics, [np.array(pair, "float32"), np.zeros(9, "float32")])


@T.prim_func
def math_calls(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "int32"), C: T.Buffer((8, 8), "float32"),
               D: T.Buffer((8, 3), "int32")):
    for i in range(8):
        C[i, 0] = T.call_pure_extern("float32", "fmodf", A[i] * T.float32(7), T.float32(0.75))
        C[i, 1] = T.call_pure_extern("float32", "lgammaf", A[i] + T.float32(2))
        C[i, 2] = T.nextafter(A[i], T.float32(2))
        C[i, 3] = T.round(A[i] * T.float32(2.5))
        C[i, 4] = T.pow(T.fabs(A[i]), T.float32(1.5)) + T.erf(A[i]) + T.atan2(A[i], T.float32(0.5))
        C[i, 5] = T.log(A[i]) + T.isnan(T.log(A[i]))  # NaN for negative inputs, not UB
        C[i, 6] = T.reinterpret("float32", B[i] + 1065353216)
        C[i, 7] = T.tanh(A[i] * T.float32(10)) + T.rsqrt(T.fabs(A[i]) + T.float32(1))
        D[i, 0] = T.popcount(B[i] * 12345)
        D[i, 1] = T.clz(B[i] + 1)
        D[i, 2] = T.reinterpret("int32", A[i])


def test_math_intrinsics_follow_llvm():
    for seed in range(3):
        assert_agrees(math_calls, random_args(math_calls, seed), rtol=1e-5, atol=1e-6)


@T.prim_func
def control_flow(A: T.Buffer((4, 6), "int32"), B: T.Buffer((24,), "int32"), n: T.int32):
    V = T.decl_buffer((24,), "int32", data=A.data)
    for i in T.unroll(24):
        B[i] = V[i] * 2
    for i in range(0, 24, 5):
        x: T.int32 = B[i] + n
        if x > 4:
            y = T.int32()
            B[i] = T.Let(y * y, where={y: x - 1})
        else:
            B[i] = -x
    for i in range(24):
        if B[i] < 0:
            T.evaluate(T.break_loop())
        B[i] = B[i] + 100
    k = T.alloc_buffer((1,), "int32", scope="local")
    k[0] = 0
    while k[0] < n:
        k[0] = k[0] + 1
        if k[0] == 2:
            T.evaluate(T.continue_loop())
        B[23] = B[23] + k[0]


@pytest.mark.parametrize("n", [1, 5])
def test_views_binds_branches_and_loop_control_follow_llvm(n):
    a = np.random.default_rng(n).integers(-3, 4, (4, 6)).astype("int32")
    assert_agrees(control_flow, [a, np.zeros(24, "int32"), n])
