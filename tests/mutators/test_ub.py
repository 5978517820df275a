"""Mutants stay free of undefined behaviour: divisors never 0, no 32/64-bit integer overflow and no
out-of-range float-to-int cast, every read of an allocation initialised, no races in parallel or
vectorized loops. The checks are sound over-approximations that stand without running the code:
value ranges come from TVM's bound analysis with each loop var bound to its loop's range."""

from __future__ import annotations

import random

import pytest
import tvm
from oracles import mutate, new_overflow_hazards, races, risky_divisors, uninitialised_reads
from tvm import tirx

import mutators
from mutators.context import analyze
from mutators.loops import race_free
from mutators.ops import const

RUNS = 600


def _func(params: list, body: tirx.Stmt) -> tirx.PrimFunc:
    return tirx.PrimFunc(params, body).with_attr("global_symbol", "main")


def _loop(var: tirx.Var, extent: int, body: tirx.Stmt, kind: tirx.ForKind = tirx.ForKind.SERIAL) -> tirx.For:
    return tirx.For(var, const("int32", 0), const("int32", extent), kind, body)


# --- divisors ----------------------------------------------------------------------------------
def _guarded_division() -> tirx.PrimFunc:
    """`C[i] = truncmod(A[i], floormod(B[i], 8) + 1)`: the issue's measurement."""
    a, b, c = (tirx.decl_buffer((16,), "int32", name=n) for n in "ABC")
    i = tirx.Var("i", "int32")
    divisor = tirx.Add(tirx.FloorMod(tirx.BufferLoad(b, [i]), const("int32", 8)), const("int32", 1))
    return _func([a, b, c], _loop(i, 16, tirx.BufferStore(c, tirx.Mod(tirx.BufferLoad(a, [i]), divisor), [i])))


@pytest.mark.parametrize("name", ["insert", "delete", "replace"])
def test_divisors_stay_nonzero(name):
    func = _guarded_division()
    assert not risky_divisors(func)
    mutants = bad = 0
    for seed in range(RUNS):
        try:
            mutant = mutate(mutators.get(name), func, random.Random(seed))
        except mutators.NoMutation:
            continue
        mutants += 1
        bad += bool(risky_divisors(mutant))
    assert mutants >= RUNS // 2
    assert bad == 0, f"{bad}/{mutants} {name} mutants have a divisor that can be 0"


def test_zero_divisor_detector_sees_a_broken_guard():
    a, b = tirx.decl_buffer((4,), "int32", name="A"), tirx.decl_buffer((4,), "int32", name="B")
    load = tirx.BufferLoad(b, [const("int32", 0)])
    for divisor in (
        tirx.Add(load, const("int32", 1)),
        tirx.Sub(tirx.FloorMod(load, const("int32", 8)), const("int32", 1)),
    ):
        func = _func([a, b], tirx.BufferStore(a, tirx.FloorDiv(load, divisor), [const("int32", 0)]))
        assert risky_divisors(func)


# --- overflow and casts ------------------------------------------------------------------------
def _int_arithmetic(dtype: str) -> tirx.PrimFunc:
    """`C[i] = A[i] * B[i] + 3`, whose own arithmetic is only safe for the harness's small inputs."""
    a, b, c = (tirx.decl_buffer((16,), dtype, name=n) for n in "ABC")
    i = tirx.Var("i", "int32")
    value = tirx.Add(tirx.Mul(tirx.BufferLoad(a, [i]), tirx.BufferLoad(b, [i])), const(dtype, 3))
    return _func([a, b, c], _loop(i, 16, tirx.BufferStore(c, value, [i])))


@pytest.mark.parametrize("name", [m.name for m in mutators.all_mutators()])
def test_new_arithmetic_cannot_overflow(name):
    starts = [mutators.empty_function(), *(_int_arithmetic(d) for d in ("int32", "int64", "uint32"))]
    mutants = bad = 0
    examples = []
    for seed in range(200):
        parent = starts[seed % len(starts)]
        try:
            mutant = mutate(mutators.get(name), parent, random.Random(seed))
        except mutators.NoMutation:
            continue
        mutants += 1
        hazards = new_overflow_hazards(parent, mutant)
        bad += bool(hazards)
        examples += hazards[:1]
    assert mutants >= 100
    assert bad == 0, f"{bad}/{mutants} {name} mutants may overflow, e.g. {examples[:3]}"


def test_overflow_detector_sees_unguarded_arithmetic():
    parent = _int_arithmetic("int32")
    a = parent.params[0]
    i = parent.body.loop_var
    boundary = tirx.Add(tirx.BufferLoad(a, [i]), const("int32", 2**31 - 1))
    mutant = parent.with_body(_loop(i, 16, tirx.BufferStore(a, boundary, [i])))
    assert new_overflow_hazards(parent, mutant)
    f = tirx.decl_buffer((4,), "float32", name="F")
    cast = tirx.Cast("int32", tirx.BufferLoad(f, [i]))
    assert new_overflow_hazards(parent, parent.with_body(_loop(i, 4, tirx.BufferStore(a, cast, [i]))))


def test_unguarded_seed_arithmetic_keeps_its_operands_and_their_buffers():
    """`A[i] * B[i] + 3` is only safe for small inputs: its operands are not holes, and no mutant
    may store into A or B (a large value there would make the seed's own arithmetic overflow)."""
    func = _int_arithmetic("int32")
    analysis = analyze(func)
    a, b, c = func.params
    loads = [h for h in analysis.holes if isinstance(h.node, tvm.ir.TensorLoad)]
    assert not loads
    assert {a.__hash__(), b.__hash__()} <= analysis.sensitive_buffers
    assert analysis.writable(analysis.holes[0].scope) == [c]


# --- initialisation ----------------------------------------------------------------------------
def _allocation() -> tirx.PrimFunc:
    """`T` is allocated, filled by one loop and read by the next; `n` can make an extent 0."""
    a, c = tirx.decl_buffer((16,), "float32", name="A"), tirx.decl_buffer((16,), "float32", name="C")
    t = tirx.decl_buffer((16,), "float32", name="T")
    n = tirx.Var("n", "int32")
    i, j = tirx.Var("i", "int32"), tirx.Var("j", "int32")
    fill = _loop(i, 16, tirx.BufferStore(t, tirx.Mul(tirx.BufferLoad(a, [i]), const("float32", 2.0)), [i]))
    read = _loop(j, 16, tirx.BufferStore(c, tirx.Add(tirx.BufferLoad(t, [j]), const("float32", 1.0)), [j]))
    return _func([a, c, n], tirx.SeqStmt([tirx.AllocBuffer(t), fill, read]))


@pytest.mark.parametrize("name", [m.name for m in mutators.all_mutators()])
def test_allocations_are_initialised_before_reads(name):
    starts = [_allocation(), mutators.empty_function()]
    mutants = bad = 0
    for seed in range(300):
        parent = starts[seed % len(starts)]
        try:
            mutant = mutate(mutators.get(name), parent, random.Random(seed))
        except mutators.NoMutation:
            continue
        mutants += 1
        bad += bool(uninitialised_reads(mutant))
    assert mutants >= 100
    assert bad == 0, f"{bad}/{mutants} {name} mutants may read uninitialised memory"


def test_initialisation_detector_sees_a_missing_or_late_fill():
    func = _allocation()
    assert not uninitialised_reads(func)
    alloc, fill, read = func.body.seq
    assert uninitialised_reads(func.with_body(tirx.SeqStmt([alloc, read])))
    assert uninitialised_reads(func.with_body(tirx.SeqStmt([alloc, read, fill])))
    first = tirx.Bind(fill.loop_var, fill.min)
    assert uninitialised_reads(func.with_body(tirx.SeqStmt([alloc, first, fill.body, read])))


def test_allocation_rules():
    func = _allocation()
    analysis = analyze(func)
    stmts = {h.path: h for h in analysis.holes if h.kind == "stmt"}
    fill, read = stmts[(("seq", 1),)], stmts[(("seq", 2),)]
    assert analysis.initialises(fill.node) and not analysis.removable(fill)
    assert analysis.removable(read)
    t = func.body.seq[0].buffer
    # Inside the fill, T is not readable yet; after it, it is.
    inner = stmts[(("seq", 1), ("body", -1))]
    assert not any(b.same_as(t) for b in analysis.readable(inner.scope))
    assert any(b.same_as(t) for b in analysis.readable(read.scope))
    assert inner.scope.no_control  # a break there would skip elements of T


# --- races -------------------------------------------------------------------------------------
def test_race_free_rejects_write_write_conflicts_and_aliases():
    a = tirx.decl_buffer((8,), "float32", name="A")
    b = tirx.decl_buffer((8,), "float32", name="B")
    i = tirx.Var("i", "int32")
    one = const("float32", 1.0)
    assert race_free(tirx.BufferStore(a, one, [i]), i)
    # Every iteration writes A[0]; iterations i and i+1 both write A[(i + 1) % 8].
    assert not race_free(tirx.BufferStore(a, one, [const("int32", 0)]), i)
    shifted = tirx.FloorMod(tirx.Add(i, const("int32", 1)), const("int32", 8))
    assert not race_free(tirx.SeqStmt([tirx.BufferStore(a, one, [i]), tirx.BufferStore(a, one, [shifted])]), i)
    # A view V of B: writing V[i // 4, i % 4]-style elements while reading B, or writing both.
    v = tirx.decl_buffer((8,), "float32", name="V")
    view = tirx.DeclBuffer(v, data=b.data)
    reads_base = tirx.SeqStmt([view, tirx.BufferStore(v, tirx.BufferLoad(b, [i]), [i])])
    assert not race_free(reads_base, i)
    writes_both = tirx.SeqStmt([view, tirx.BufferStore(v, one, [i]), tirx.BufferStore(b, one, [i])])
    assert not race_free(writes_both, i)
    assert race_free(tirx.SeqStmt([view, tirx.BufferStore(v, tirx.BufferLoad(a, [i]), [i])]), i)


def _parallel_seed() -> tirx.PrimFunc:
    a, c = tirx.decl_buffer((16,), "float32", name="A"), tirx.decl_buffer((16,), "float32", name="C")
    i = tirx.Var("i", "int32")
    store = tirx.BufferStore(c, tirx.Add(tirx.BufferLoad(a, [i]), const("float32", 1.0)), [i])
    return _func([a, c], _loop(i, 16, store, tirx.ForKind.PARALLEL))


@pytest.mark.parametrize("name", [m.name for m in mutators.all_mutators()])
def test_parallel_and_vectorized_loops_stay_race_free(name):
    starts = [_parallel_seed(), _allocation(), mutators.empty_function()]
    mutants = bad = 0
    for seed in range(300):
        parent = starts[seed % len(starts)]
        try:
            mutant = mutate(mutators.get(name), parent, random.Random(seed))
        except mutators.NoMutation:
            continue
        mutants += 1
        bad += bool(races(mutant))
    assert mutants >= 100
    assert bad == 0, f"{bad}/{mutants} {name} mutants have a racy parallel or vectorized loop"


def test_race_detector_sees_conflicts():
    func = _parallel_seed()
    assert not races(func)
    loop = func.body
    c = func.params[1]
    both = tirx.SeqStmt([loop.body, tirx.BufferStore(c, const("float32", 0.0), [const("int32", 0)])])
    assert races(func.with_body(_loop(loop.loop_var, 16, both, tirx.ForKind.PARALLEL)))
