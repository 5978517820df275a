"""(operator, dtype) pairs: the extraction helper, the measured universe, and the generator paths
that bring in bool bit operations, clz, float16 math and vectors (Ramp/Broadcast via Shuffle)."""

from __future__ import annotations

import random

import numpy as np
import tvm
from tvm import te, tirx, topi

from mutators.context import analyze
from mutators.generate import Generator
from mutators.ops import BOOL_BITWISE, CLZ_DTYPES, MISC, const, ops_for
from tirkit.lowering import to_plain
from tirkit.nodes import op_dtype_pairs, op_pair
from tirkit.op_universe import _compiles, load_accepted
from tzer.reference import InterpreterOutcome, UndefinedBehaviour, interpret
from tzer.runtime.inputs import make_arguments


def test_pairs_of_a_real_function():
    """topi.right_shift(bitwise_and(a, b), 1) on int16, lowered to plain TIR (topi promotes the
    shift to int32: `Cast("int32", a & b) >> 1`)."""
    a = te.placeholder((8,), "int16", name="A")
    b = te.placeholder((8,), "int16", name="B")
    func = to_plain(te.create_prim_func([a, b, topi.right_shift(topi.bitwise_and(a, b), 1)]))
    pairs = op_dtype_pairs(func)
    assert pairs[("BitwiseAnd", "int16")] == 1
    assert pairs[("Cast", "int32")] == 1
    assert pairs[("RShift", "int32")] == 1
    assert not any(op in ("Var", "IntImm", "TensorLoad") for op, _ in pairs)


def test_pair_keys():
    x, i = tirx.Var("x", "float16"), tirx.Var("i", "uint8")
    assert op_pair(tirx.LT(i, i)) == ("LT", "uint8")  # compares keyed by their operands
    assert op_pair(tirx.isnan(tirx.Var("f", "float64"))) == ("isnan", "float64")
    assert op_pair(tirx.Broadcast(x, 4)) == ("Broadcast", "float16")
    assert op_pair(tirx.Add(tirx.Broadcast(i, 4), tirx.Broadcast(i, 4))) == ("Add", "uint8xN")
    assert op_pair(tirx.call_pure_extern("float32", "cbrtf", tirx.Var("f", "float32"))) == ("extern:cbrt", "float32")
    assert op_pair(tirx.clz(tirx.Var("w", "uint64"))) == ("clz", "uint64")
    assert op_pair(x) is None


def test_universe_is_measured():
    accepted = load_accepted()
    assert len(accepted) > 300
    # Spot checks against TVM itself: one accepted pair compiles, one rejected pair does not.
    buffers = {d: tirx.decl_buffer((4,), d, name=f"in_{d}") for d in ("int8", "int32")}
    load8 = tirx.BufferLoad(buffers["int8"], [const("int32", 0)])
    assert ("popcount", "int8") in accepted and _compiles([tirx.popcount(load8)], buffers)
    assert ("clz", "int8") not in accepted and not _compiles([tirx.clz(load8)], buffers)
    assert {("Not", "bool"), ("exp", "float16"), ("Ramp", "uint16")} <= accepted


def _store_func(dtype: str, make, seed: int = 0) -> tirx.PrimFunc:
    """`out[0] = make(gen)` over an input buffer of every scalar dtype the generator may load."""
    inputs = [tirx.decl_buffer((4,), d, name=f"in_{d}") for d in ("float16", "float32", "int32", "uint64", "bool")]
    out = tirx.decl_buffer((4,), dtype, name="out")
    placeholder = tirx.PrimFunc([*inputs, out], tirx.Evaluate(const("int32", 0))).with_attr("global_symbol", "main")
    analysis = analyze(placeholder)
    hole = analysis.holes[0]
    body = tirx.BufferStore(out, make(Generator(random.Random(seed), analysis, hole.scope)), [const("int32", 0)])
    return tirx.PrimFunc([*inputs, out], body).with_attr("global_symbol", "main")


def _compile_and_interpret(func: tirx.PrimFunc) -> None:
    tvm.compile(func, target="llvm")
    for seed in range(5):
        try:
            interpret(func, make_arguments(func, np.random.default_rng(seed)))
        except UndefinedBehaviour:
            raise
        except InterpreterOutcome:  # other outcomes (a trap that is not UB, ...) are fine here
            pass


def test_bool_bit_ops_and_clz_compile_without_ub():
    for op in BOOL_BITWISE:
        func = _store_func("bool", lambda g, op=op: op.build(*[g.expr("bool", 3) for _ in op.args]))
        _compile_and_interpret(func)
    clz = next(op for op in MISC if op.name == "clz")
    assert clz in ops_for("int32") and clz not in ops_for("int64")
    for dtype in CLZ_DTYPES:
        # clz(0) is poison: the guard keeps the operand non-zero even for a zero input.
        value = clz.build(tirx.Var("z", dtype))
        assert isinstance(value.args[0], tirx.BitwiseOr) and int(value.args[0].b) == 1
    _compile_and_interpret(_store_func("int32", lambda g: clz.build(g.expr("uint64", 3))))


def test_float16_math_is_generated():
    names = {op.name for op in ops_for("float16")}
    assert {"exp", "sqrt", "sigmoid"} <= names  # measured to compile for float16
    assert "cbrt" not in names and "atan2" not in names  # libm has no float16 functions
    seen = set()
    for seed in range(60):
        func = _store_func("float16", lambda g: g.expr("float16", 6), seed)
        seen |= {op for op, d in op_dtype_pairs(func) if d == "float16"}
    assert seen & {"exp", "exp2", "log", "sqrt", "sin", "tanh", "sigmoid", "floor", "fabs"}


def test_vectors_in_scalar_code():
    """Shuffle([vector], [k]) brings Ramp and Broadcast into scalar holes; the result compiles."""
    found: set[tuple[str, str]] = set()
    for seed in range(200):
        func = _store_func("float32", lambda g: g.expr("float32", 8), seed)
        pairs = op_dtype_pairs(func)
        if any(op in ("Ramp", "Broadcast") for op, _ in pairs):
            found |= set(pairs)
            _compile_and_interpret(func)
        if ("Ramp", "float32") in found and ("Broadcast", "float32") in found:
            break
    assert ("Ramp", "float32") in found and ("Broadcast", "float32") in found
