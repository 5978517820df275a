"""Splicing grafts an expression subtree of another function, with this function's leaves."""

import random

import pytest
import tvm
import tvm_ffi
from oracles import survives_round_trip
from tvm import tirx

import mutators
from mutators.ops import const


def _func(name: str, store_value) -> tirx.PrimFunc:
    a, b = tirx.decl_buffer((8,), "float32", name=f"{name}A"), tirx.decl_buffer((8,), "float32", name=f"{name}B")
    i = tirx.Var(f"{name}i", "int32")
    body = tirx.For(i, const("int32", 0), const("int32", 8), tirx.ForKind.SERIAL,
                    tirx.BufferStore(b, store_value(tirx.BufferLoad(a, [i]), i), [i]))
    return tirx.PrimFunc([a, b], body).with_attr("global_symbol", "main")


def _calls(func: tirx.PrimFunc) -> set[str]:
    names: set[str] = set()
    tvm_ffi.structural_walk(func.body, (tvm.ir.Call, lambda c: names.add(str(getattr(c.op, "name", "")))))
    return names


def test_a_donor_subtree_arrives_with_the_recipients_leaves():
    recipient = _func("r", lambda load, i: tirx.Add(load, const("float32", 1.0)))
    donor = _func("d", lambda load, i: tirx.Mul(tirx.exp(load), tirx.Select(tirx.LT(load, const("float32", 0.0)),
                                                                            tirx.sqrt(load), load)))
    grafted = 0
    for seed in range(30):
        mutant = mutators.get("splice").mutate(recipient, random.Random(seed), donor)
        assert mutators.well_formed(mutant) and survives_round_trip(mutant)
        text = mutant.script()
        assert "dA" not in text and "dB" not in text and "di" not in text
        grafted += "tirx.exp" in _calls(mutant) or "tirx.sqrt" in _calls(mutant)
    assert grafted >= 15


def test_without_a_donor_there_is_nothing_to_splice():
    with pytest.raises(mutators.NoMutation):
        mutators.get("splice").mutate(_func("r", lambda load, i: load), random.Random(0))


def test_a_subtree_whose_fixed_positions_hold_the_donors_variables_is_not_grafted():
    # `i + 1` as a divisor is fixed in the donor: no value of the recipient is known to keep it non-zero.
    recipient = _func("r", lambda load, i: tirx.Add(load, const("float32", 1.0)))
    donor = _func("d", lambda load, i: tirx.Cast("float32", tirx.FloorDiv(const("int32", 7),
                                                                           tirx.Add(i, const("int32", 1)))))
    for seed in range(10):
        with pytest.raises(mutators.NoMutation):
            mutators.get("splice").mutate(recipient, random.Random(seed), donor)


def test_a_scalar_graft_of_another_dtype_arrives_converted():
    recipient = _func("r", lambda load, i: tirx.Add(load, const("float32", 1.0)))
    a, b = tirx.decl_buffer((8,), "int32", name="dA"), tirx.decl_buffer((8,), "int32", name="dB")
    i = tirx.Var("di", "int32")
    value = tirx.BitwiseXor(tirx.BitwiseAnd(tirx.BufferLoad(a, [i]), const("int32", 7)), const("int32", 3))
    donor = tirx.PrimFunc([a, b], tirx.For(i, const("int32", 0), const("int32", 8), tirx.ForKind.SERIAL,
                                           tirx.BufferStore(b, value, [i])))
    converted = 0
    for seed in range(20):
        mutant = mutators.get("splice").mutate(recipient, random.Random(seed), donor)
        assert mutators.well_formed(mutant) and survives_round_trip(mutant)
        converted += 'T.Cast("float32", ' in mutant.script() and "& 7" in mutant.script()
    assert converted >= 10
