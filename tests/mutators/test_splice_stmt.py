"""Statement splicing rebuilds a donor's loops, branches and stores on this function's buffers."""

import random

import pytest
import tvm
import tvm_ffi
from oracles import risky_divisors, survives_round_trip, uninitialised_reads
from tvm import tirx

import mutators
from mutators.splice_stmt import MAX_EXTENT
from tirkit.regions import block_semantics_broken
from tirkit.script import from_script

RECIPIENT = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = A[i] + T.float32(1)
"""

# A reduction over a 1000 x 4 nest that only every other row takes part in.
REDUCTION_DONOR = """
from tvm.script import tirx as T

@T.prim_func
def main(dX: T.Buffer((64,), "float32"), dY: T.Buffer((16,), "float32")):
    for i in range(1000):
        for j in range(4):
            if i % 2 == 0:
                dY[i % 16] = dY[i % 16] + dX[(i * 4 + j) % 64]
"""

# The divisor `i - 15` is at least 2 where the donor runs it (i from 17), and 0 in a loop from 0.
DIVISOR_DONOR = """
from tvm.script import tirx as T

@T.prim_func
def main(dX: T.Buffer((4,), "float32"), dY: T.Buffer((16,), "float32")):
    for i in range(17, 33):
        for j in range(4):
            dY[(j * 8) // (i - 15) % 16] = dX[j]
"""


def _nodes(node: object, kind: type) -> list:
    found: list = []
    tvm_ffi.structural_walk(node.body if isinstance(node, tirx.PrimFunc) else node, (kind, found.append))
    return found


def _nest_kept(func: tirx.PrimFunc) -> bool:
    """A loop of MAX_EXTENT trips around one of 4 around a branch on `floormod(_, 2)`."""
    for outer in _nodes(func, tirx.For):
        inner = outer.body
        if (int(outer.extent) == MAX_EXTENT and isinstance(inner, tirx.For) and int(inner.extent) == 4
                and isinstance(inner.body, tirx.IfThenElse)
                and any(int(m.b) == 2 for m in _nodes(inner.body, tirx.FloorMod) if isinstance(m.b, tirx.IntImm))):
            return True
    return False


def _reads_what_it_stores(func: tirx.PrimFunc) -> bool:
    for store in _nodes(func, tirx.BufferStore):
        if any(load.source.same_as(store.buffer) for load in _nodes(store.value, tvm.ir.TensorLoad)):
            return True
    return False


def test_a_donor_nest_arrives_with_its_shape_on_the_recipients_buffers():
    recipient, donor = from_script(RECIPIENT), from_script(REDUCTION_DONOR)
    kept = reductions = 0
    for seed in range(20):
        mutant = mutators.get("splice_stmt").mutate(recipient, random.Random(seed), donor)
        assert mutators.well_formed(mutant) and survives_round_trip(mutant)
        assert "dX" not in mutant.script() and "dY" not in mutant.script()
        assert not uninitialised_reads(mutant) and not risky_divisors(mutant)
        assert all(int(loop.extent) <= MAX_EXTENT for loop in _nodes(mutant, tirx.For))
        kept += _nest_kept(mutant)
        reductions += _reads_what_it_stores(mutant)
        if seed < 3:
            tvm.compile(mutant, target="llvm")
    assert kept >= 10
    # dY, read and stored, maps to one buffer; the recipient's own `B[i] = A[i] + 1` reads no B.
    assert reductions >= 5


def test_an_index_with_a_variable_divisor_is_drawn_anew():
    recipient, donor = from_script(RECIPIENT), from_script(DIVISOR_DONOR)
    for seed in range(20):
        mutant = mutators.get("splice_stmt").mutate(recipient, random.Random(seed), donor)
        assert risky_divisors(mutant) == []


def test_without_a_donor_there_is_nothing_to_splice():
    with pytest.raises(mutators.NoMutation):
        mutators.get("splice_stmt").mutate(from_script(RECIPIENT), random.Random(0))


def test_in_block_ir_the_graft_stores_into_an_allocation_of_its_own(block_func):
    donor = from_script(REDUCTION_DONOR)
    outputs = {region.source.__hash__() for block in _nodes(block_func, tvm.s_tir.SBlock) for region in block.writes}
    produced = 0
    for seed in range(10):
        try:
            mutant = mutators.get("splice_stmt").mutate(block_func, random.Random(seed), donor)
        except mutators.NoMutation:
            continue
        produced += 1
        assert block_semantics_broken(mutant) is None and not uninitialised_reads(mutant)
        before = len(_nodes(block_func, tirx.BufferStore))
        new_stores = [s for s in _nodes(mutant, tirx.BufferStore) if s.buffer.__hash__() not in outputs]
        assert len(_nodes(mutant, tirx.BufferStore)) > before and new_stores
        assert _nodes(mutant, tirx.AllocBuffer)
    assert produced >= 5
