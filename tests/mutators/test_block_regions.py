"""Mutants keep their blocks' declared regions true: passes trust them."""

import numpy as np
import pytest
import tvm.script
from tvm import tirx
from tvm.script import tirx as T

from tirkit.regions import reads_other_outputs, refresh_block_regions
from tzer.reference import UndefinedBehaviour, interpret


@T.prim_func(s_tir=True)
def reads_undeclared(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.sblock("B"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] + C[3 - vi]


def test_a_block_that_reads_another_buffer_declares_it_after_refreshing():
    args = [np.arange(4, dtype="int32"), np.arange(4, dtype="int32"), np.zeros(4, "int32")]
    refreshed = refresh_block_regions(reads_undeclared)
    assert "T.reads(A[vi], C[3 - vi])" in refreshed.script() and "T.reads(A[vi])\n" in reads_undeclared.script()
    assert interpret(refreshed, args)[2].tolist() == [3, 3, 3, 3]
    with pytest.raises(UndefinedBehaviour, match="undeclared_access"):
        interpret(reads_undeclared, args)


def test_a_value_the_simplifier_refuses_leaves_its_variable_unbounded():
    # Triage died here: binding cast(uint8, -128) runs TVM's constant folder, which refuses it.
    from tirkit.regions import declared_outside

    a = tirx.decl_buffer((4,), "uint8", name="A")
    x = tirx.Var("x", "uint8")
    func = tirx.PrimFunc([a], tirx.SeqStmt([tirx.Bind(x, tirx.Cast("uint8", tirx.IntImm("int8", -128))),
                                            tirx.BufferStore(a, x, [0])]))
    assert declared_outside(func) == []


def test_a_handle_bound_by_a_call_leaves_its_variable_unbounded():
    # The analyzer takes no handle-typed call (a TypeError): triage died here a second time.
    import tvm

    from tirkit.regions import declared_outside

    a = tirx.decl_buffer((4,), "float32", name="A")
    handle = tirx.Var("h", "handle")
    call = tvm.tirx.call_intrin("handle", "tirx.tvm_stack_alloca", "shape", 1)
    func = tirx.PrimFunc([a], tirx.SeqStmt([tirx.Bind(handle, call),
                                            tirx.BufferStore(a, tirx.FloatImm("float32", 1.0), [0])]))
    assert declared_outside(func) == []


@T.prim_func(s_tir=True)
def allocates_in_block(A: T.Buffer((4,), "float32"), D: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.sblock("b"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi])
            T.writes(D[vi])
            B = T.sblock_alloc_buffer((4,))
            B[vi] = A[vi] + T.float32(1)
            D[vi] = B[vi] * T.float32(2)


def test_a_block_declares_no_region_over_a_buffer_it_allocates():
    # c30f's queue held 7 entries whose block declared `T.reads(B[i])` over its own
    # sblock_alloc_buffer B: the script no longer parsed ("Variable B already defined").
    from tirkit.script import from_script, to_script

    refreshed = refresh_block_regions(allocates_in_block)
    assert "T.reads(A[vi])" in refreshed.script() and "T.writes(D[vi])" in refreshed.script()
    from_script(to_script(refreshed))
    args = [np.arange(4, dtype="float32"), np.zeros(4, "float32")]
    assert interpret(refreshed, args)[1].tolist() == [2, 4, 6, 8]



def _reduction(init_value: str) -> tirx.PrimFunc:
    return tvm.script.from_source(f"""
@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4,), "float32")):
    for i, k in T.grid(4, 4):
        with T.sblock("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = {init_value}
            B[vi] = B[vi] + A[vi, vk]
""")


def test_an_init_that_reads_another_instances_output_is_caught():
    # Found by bench_mutators: a splice put `B[3]` into an init, where which instance ran first decides it.
    assert reads_other_outputs(_reduction("B[3] * T.float32(0.5)"))
    assert not reads_other_outputs(_reduction("A[vi, 0] * T.float32(0.5)"))
