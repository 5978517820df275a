"""Concrete effects of insertion, deletion and replacement."""

import random

import tvm_ffi
from oracles import new_overflow_hazards, risky_divisors, survives_round_trip, uninitialised_reads
from tvm import tirx

import mutators
from mutators.context import EXPR, STMT, analyze
from mutators.deletion import Deletion
from mutators.insertion import Insertion
from mutators.ops import const
from mutators.replacement import Replacement, nudge
from tirkit.nodes import node_count


def test_insert_grows_the_empty_function():
    func = mutators.empty_function()
    mutant = func
    for seed in range(6):
        parent, mutant = mutant, mutators.get("insert").mutate(mutant, random.Random(seed))
        assert survives_round_trip(mutant)
        assert not new_overflow_hazards(parent, mutant) and not risky_divisors(mutant)
        assert not uninitialised_reads(mutant)
    assert node_count(mutant) > node_count(func)


def test_insert_fills_an_expression_hole_with_its_dtype(plain_func):
    analysis = analyze(plain_func)
    rng = random.Random(1)
    for hole in [h for h in analysis.holes if h.kind == EXPR][:40]:
        new = Insertion().fill(hole, analysis, rng)
        assert str(new.ty) == hole.dtype


def test_delete_returns_a_child_of_the_same_dtype(int_func):
    analysis = analyze(int_func)
    rng = random.Random(0)
    holes = [h for h in Deletion().holes(analysis) if h.kind == EXPR]
    assert holes
    for hole in holes:
        child = Deletion().fill(hole, analysis, rng)
        assert str(child.ty) == hole.dtype
        assert any(c.same_as(child) for _, c in _children(hole.node))


def test_delete_drops_a_statement_from_a_sequence():
    a = tirx.decl_buffer((4,), "float32", name="A")
    stores = [tirx.BufferStore(a, const("float32", float(k)), [const("int32", k)]) for k in range(3)]
    func = tirx.PrimFunc([a], tirx.SeqStmt(stores)).with_attr("global_symbol", "main")
    analysis = analyze(func)
    root = next(h for h in analysis.holes if h.kind == STMT and not h.path)
    new = Deletion().fill(root, analysis, random.Random(0))
    assert isinstance(new, tirx.SeqStmt) and len(new.seq) == 2


def test_delete_unwraps_a_loop_with_its_first_iteration(plain_func):
    analysis = analyze(plain_func)
    # A loop storing into an allocation that is read later (softmax's first ones) must stay whole.
    loops = [h for h in analysis.holes if isinstance(h.node, tirx.For)]
    assert all(Deletion().fill(h, analysis, random.Random(0)) is None for h in loops if analysis.initialises(h.node))
    loop = next(h for h in loops if not analysis.initialises(h.node))
    new = Deletion().fill(loop, analysis, random.Random(0))
    # The loop is gone; its var is bound to the first iteration's value.
    assert isinstance(new, tirx.SeqStmt) and isinstance(new.seq[0], tirx.Bind)
    assert new.seq[0].var.same_as(loop.node.loop_var) and int(new.seq[0].value) == 0
    assert new.seq[1].same_as(loop.node.body)


def test_replace_keeps_the_size_roughly(funcs):
    for func in funcs[1:]:
        for seed in range(5):
            mutant = mutators.get("replace").mutate(func, random.Random(seed))
            # A new load's indices and clamped operands (overflow guards) add a few nodes.
            assert abs(node_count(mutant) - node_count(func)) <= 24
            assert not tvm_ffi.structural_equal(mutant, func)


def test_replace_swaps_constructors_and_nudges_constants():
    x, y = tirx.Var("x", "int32"), tirx.Var("y", "int32")
    a = tirx.decl_buffer((4,), "int32", name="A")
    func = tirx.PrimFunc([a, x, y], tirx.BufferStore(a, tirx.Add(x, y), [const("int32", 0)])).with_attr(
        "global_symbol", "main"
    )
    analysis = analyze(func)
    hole = next(h for h in analysis.holes if isinstance(h.node, tirx.Add))
    new = Replacement().fill(hole, analysis, random.Random(0))
    assert type(new) is not tirx.Add and str(new.ty) == "int32"
    assert {v.name for _, v in _children(new)} == {"x", "y"}
    assert int(nudge(const("int32", 5), random.Random(0)).value) != 5
    assert nudge(const("bool", 1), random.Random(0)).value == 0


def _children(node):
    from mutators.tree import slots

    return list(slots(node))


def test_identity_forms_change_the_function_but_not_what_it_computes(funcs):
    import numpy as np

    from tzer.reference import interpret
    from tzer.runtime.inputs import make_arguments

    mutator = mutators.get("identity")
    changed = 0
    for func in funcs:
        args = make_arguments(func, np.random.default_rng(0))
        before = interpret(func, args)
        for seed in range(6):
            mutant = mutator.mutate(func, random.Random(seed))
            changed += not tvm_ffi.structural_equal(mutant, func)
            after = interpret(mutant, args)
            for want, got in zip(before, after, strict=True):
                np.testing.assert_array_equal(got, want)
    assert changed >= 20
