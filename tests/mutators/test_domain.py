"""Concrete effects of loop nesting, memory operations and thread binding."""

import random

import pytest
import tvm
import tvm_ffi
from tvm import tirx

import mutators
from mutators.context import STMT, analyze
from mutators.loops import LoopNest, legal_kinds, race_free
from mutators.memory import MemoryOps, reshapes
from mutators.ops import const
from mutators.threads import ThreadBinding
from tirkit.regions import spatial_instances_collide


def _collect(node, cls):
    found = []
    tvm_ffi.structural_walk(node, (cls, found.append), order="pre")
    return found


def test_loop_nest_wraps_the_statement_in_new_loops(plain_func):
    analysis = analyze(plain_func)
    hole = next(h for h in LoopNest().holes(analysis) if isinstance(h.node, tirx.For))
    for seed in range(10):
        new = LoopNest().fill(hole, analysis, random.Random(seed))
        outer = new.body if isinstance(new, tirx.AttrStmt) else new
        assert isinstance(outer, tirx.For)
        loops = _collect(new, tirx.For)
        assert 1 <= len(loops) - len(_collect(hole.node, tirx.For)) <= 3
        # The wrapped statement is still inside, unchanged.
        assert any(s.same_as(hole.node) for s in _collect(new, tirx.Stmt))
        kinds = [int(loop.kind) for loop in loops]
        assert kinds.count(int(tirx.ForKind.PARALLEL)) <= 1


def test_loop_kinds_follow_llvm_rules():
    a = tirx.decl_buffer((8,), "float32", name="A")
    i = tirx.Var("i", "int32")
    store = tirx.BufferStore(a, const("float32", 1.0), [i])
    accumulate = tirx.BufferStore(a, tirx.Add(tirx.BufferLoad(a, [i]), const("float32", 1.0)), [i])
    scope = analyze(tirx.PrimFunc([a], store)).holes[0].scope
    assert set(legal_kinds(store, scope, const("int32", 4), i)) == {
        "serial",
        "unrolled",
        "parallel",
        "vectorized",
        "vthread",
    }
    assert "parallel" not in legal_kinds(accumulate, scope, const("int32", 4), i)  # would race
    assert not race_free(accumulate, i)
    variable = tirx.Var("n", "int32")
    assert legal_kinds(store, scope, variable, i) == ["serial", "parallel"]
    nested = tirx.For(i, const("int32", 0), const("int32", 4), tirx.ForKind.PARALLEL, store)
    j = tirx.Var("j", "int32")
    assert "parallel" not in legal_kinds(nested, scope, const("int32", 4), j)


def test_loop_nest_mutants_compile_and_use_pragmas(funcs):
    mutator = mutators.get("loop_nest")
    seen_kinds = set()
    annotated = False
    for seed in range(40):
        mutant = mutator.mutate(funcs[seed % len(funcs)], random.Random(seed))
        for loop in _collect(mutant, tirx.For):
            seen_kinds.add(int(loop.kind))
            annotated |= "pragma_auto_unroll_max_step" in loop.annotations
        if seed % 8 == 0:
            tvm.compile(mutant, target="llvm")
    assert {int(k) for k in tirx.ForKind} <= seen_kinds
    assert annotated


def test_memory_adds_buffers_and_accesses(funcs):
    mutator = mutators.get("memory")
    allocs = views = mutants = 0
    for seed in range(30):
        func = funcs[seed % len(funcs)]
        try:
            mutant = mutator.mutate(func, random.Random(seed))
        except mutators.NoMutation:
            continue  # the block function offers only its blocks' bodies, where fewer edits work out
        mutants += 1
        allocs += len(_collect(mutant, tirx.AllocBuffer)) > len(_collect(func, tirx.AllocBuffer))
        views += len(_collect(mutant, tirx.DeclBuffer)) > len(_collect(func, tirx.DeclBuffer))
        assert len(_collect(mutant, tirx.BufferStore)) > len(_collect(func, tirx.BufferStore))
        assert not spatial_instances_collide(mutant), mutant.script()
    # Inside a block, a store into an output would give several (unordered) instances one element:
    # the block function's seeds make fewer mutants.
    assert mutants >= 20 and allocs and views


def test_memory_views_keep_the_element_count():
    assert (2, 4) in reshapes((8,)) and (8,) in reshapes((2, 4))
    assert all(a * b == 8 for a, b in (s for s in reshapes((8,)) if len(s) == 2))


def test_memory_holes_are_statements(plain_func):
    assert all(h.kind == STMT for h in MemoryOps().holes(analyze(plain_func)))


def test_thread_binding_adds_vthreads_or_parallel_loops(funcs):
    mutator = mutators.get("thread_bind")
    found = set()
    for seed in range(30):
        try:
            mutant = mutator.mutate(funcs[seed % len(funcs)], random.Random(seed))
        except mutators.NoMutation:
            continue
        for loop in _collect(mutant, tirx.For):
            if int(loop.kind) == int(tirx.ForKind.THREAD_BINDING):
                assert loop.thread_binding.thread_tag == "vthread"
                found.add("for")
            if int(loop.kind) == int(tirx.ForKind.PARALLEL):
                found.add("parallel")
        if any(str(s.attr_key) == "virtual_thread" for s in _collect(mutant, tirx.AttrStmt)):
            found.add("attr")
    assert found == {"for", "parallel", "attr"}
    assert ThreadBinding().domain_specific


def _stores_outside_blocks(func: tirx.PrimFunc) -> int:
    """Stores not inside a non-root block of a block-form function."""
    outside = [0]

    def visit(node, visitor, depth=[0]):  # noqa: B006 - the walk's own depth counter
        if isinstance(node, tvm.s_tir.SBlockRealize):
            root = not depth[0] and not len(node.block.iter_vars) and node.block.name_hint == "root"
            depth[0] += not root
            visitor.default_visit(node)
            depth[0] -= not root
            return
        if isinstance(node, tirx.BufferStore) and not depth[0]:
            outside[0] += 1
        visitor.default_visit(node)

    tvm_ffi.structural_visit(func.body, ((tvm.s_tir.SBlockRealize, visit), (tirx.BufferStore, visit)))
    return outside[0]


@pytest.mark.parametrize("name, least", [("insert", 10), ("memory", 0), ("loop_nest", 10), ("thread_bind", 10),
                                         ("replace", 10)])
def test_no_mutator_puts_computation_outside_the_blocks_of_a_block_function(name, least, block_func):
    # The memory patterns have no valid place in this function: outside its blocks is out of the
    # model, and inside them a new store into an output gives several instances one element.
    assert _stores_outside_blocks(block_func) == 0
    made = 0
    for seed in range(40):
        try:
            mutant = mutators.get(name).mutate(block_func, random.Random(seed))
        except mutators.NoMutation:
            continue
        made += 1
        assert _stores_outside_blocks(mutant) == 0, mutant.script()
        assert not spatial_instances_collide(mutant), mutant.script()
    assert made >= least


# A mutant of a memhammer seed: the auto_copy block's copy was deleted (c41's exception-b153eab7).
# LowerAutoCopy lowers a copy block and checks it is one; this input breaks that contract.
NOT_A_COPY = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float16"), B: T.Buffer((16,), "float16")):
    A_shared = T.sblock_alloc_buffer((16,), "float16", scope="shared")
    with T.sblock("A_shared"):
        T.reads()
        T.writes()
        T.sblock_attr({"auto_copy": True})
        buf = T.alloc_shared((1,), "int32")
'''
A_COPY = NOT_A_COPY.replace('''        T.reads()
        T.writes()
        T.sblock_attr({"auto_copy": True})
        buf = T.alloc_shared((1,), "int32")''', '''        T.reads(A[0:16])
        T.writes(A_shared[0:16])
        T.sblock_attr({"auto_copy": True})
        for i in range(16):
            A_shared[i] = A[i]''')


# LowerAutoCopy's output keeps the annotation on a block that now holds the lowered copy as blocks
# of its own (TVM's Transformed* test fixtures; c42's crash-571b3abb lowered one again).
LOWERED_COPY = A_COPY.replace('''        for i in range(16):
            A_shared[i] = A[i]''', '''        for i in range(16):
            with T.sblock("copy"):
                vi = T.axis.spatial(16, i)
                A_shared[vi] = A[vi]''')


def test_an_auto_copy_block_that_copies_nothing_is_outside_lower_auto_copys_contract():
    from tirkit.regions import auto_copies_copying_nothing, block_semantics_broken
    from tirkit.script import from_script

    assert auto_copies_copying_nothing(from_script(NOT_A_COPY)) == ["A_shared"]
    assert "auto_copy" in block_semantics_broken(from_script(NOT_A_COPY))
    assert auto_copies_copying_nothing(from_script(LOWERED_COPY)) == ["A_shared"]
    assert auto_copies_copying_nothing(from_script(A_COPY)) == []
