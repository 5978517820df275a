import random

import pytest
import tvm
import tvm_ffi
from oracles import mutate, new_overflow_hazards, races, risky_divisors, survives_round_trip

import mutators


def test_registry_names_and_order():
    names = [m.name for m in mutators.all_mutators()]
    assert names == ["insert", "delete", "replace", "identity", "splice", "splice_stmt", "loop_nest", "memory",
                     "thread_bind", "scalable_vectorize", "construct"]
    assert [m.name for m in mutators.general_mutators()] == names[:6]
    assert all(not m.domain_specific for m in mutators.general_mutators())
    assert all(m.domain_specific for m in mutators.all_mutators()[6:])
    assert mutators.get("memory").name == "memory"
    with pytest.raises(KeyError):
        mutators.get("nope")


def test_empty_function_is_valid_and_compiles():
    func = mutators.empty_function()
    assert [str(p.dtype) for p in func.params] == ["float32", "int32", "float32"]
    assert mutators.well_formed(func)
    assert survives_round_trip(func)
    tvm.compile(func, target="llvm")


def test_no_mutation_when_nothing_to_delete():
    with pytest.raises(mutators.NoMutation):
        mutators.get("delete").mutate(mutators.empty_function(), random.Random(0))


@pytest.mark.parametrize("name", [m.name for m in mutators.all_mutators()])
def test_deterministic(name, funcs):
    mutator = mutators.get(name)
    produced = 0
    for func in funcs:
        for seed in range(3):
            try:
                first = mutate(mutator, func, random.Random(seed))
            except mutators.NoMutation:
                with pytest.raises(mutators.NoMutation):
                    mutate(mutator, func, random.Random(seed))
                continue
            produced += 1
            second = mutate(mutator, func, random.Random(seed))
            assert tvm_ffi.structural_equal(first, second)
    # Not vacuous: most calls must produce a mutant to compare (delete has nothing to delete in
    # the empty function; scalable_vectorize needs a serial loop a vectorized loop may replace,
    # which the empty function and the block function lack).
    assert produced >= (len(funcs) if mutator.needs_scalable_vectors else 2 * len(funcs))


@pytest.mark.parametrize("name", [m.name for m in mutators.all_mutators()])
def test_mutants_change_the_function_and_stay_valid(name, funcs):
    mutator = mutators.get(name)
    changed = 0
    for func in funcs:
        for seed in range(4):
            try:
                mutant = mutate(mutator, func, random.Random(seed))
            except mutators.NoMutation:
                continue
            # A mutant keeps the signature (the harness builds the arguments from it) and attributes.
            assert len(mutant.params) == len(func.params)
            assert all(p.same_as(q) for p, q in zip(mutant.params, func.params, strict=True))
            assert survives_round_trip(mutant)
            assert func.attrs == mutant.attrs or tvm_ffi.structural_equal(func.attrs, mutant.attrs)
            assert not risky_divisors(mutant) and not races(mutant)
            assert not new_overflow_hazards(func, mutant)
            changed += not tvm_ffi.structural_equal(func, mutant)
    assert changed >= len(funcs)


ORPHAN_BREAK = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[0] = 1
    T.break_loop()
'''


def test_a_break_outside_every_loop_is_not_well_formed_though_the_verifier_passes_it():
    from tirkit.script import from_script
    from tirkit.verify import well_formed

    func = from_script(ORPHAN_BREAK)
    tvm.s_tir.analysis.verify_well_formed(func, True)  # TVM's verifier says nothing
    assert not well_formed(func)
    loop = "    for i in range(4):\n        if i == 2:\n            T.break_loop()"
    nested = ORPHAN_BREAK.replace("    T.break_loop()", loop)
    assert well_formed(from_script(nested))
