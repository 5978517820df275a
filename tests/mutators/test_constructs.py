"""(construct, context) pairs: the census on hand-written functions, and the measured universe."""

from __future__ import annotations

from tvm import te, topi

from tirkit.construct_universe import BUILDERS, PLACES, build, compile_error, load_accepted
from tirkit.constructs import CONSTRUCTS, CONTEXTS, census
from tirkit.script import from_script
from tirkit.verify import well_formed

NESTED = """
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "int32"), C: T.Buffer((16,), "float32")):
    for i in T.parallel(4):
        T.attr(0, "pragma_auto_unroll_max_step", 16)
        for k in T.unroll(4):
            x = T.float32()
            C[i * 4 + k] = T.Select(B[i] > 1, A[i * 4 + k], T.Let(x * x, where={x: A[i]}))
    for v in T.thread_binding(2, thread="vthread"):
        if B[v] > 0:
            C[v] = T.reinterpret("float32", B[v])
    C[T.Ramp(0, 1, 4)] = T.Broadcast(A[0], 4)
    n = T.alloc_buffer((1,), "int32", scope="local")
    n[0] = 0
    m: T.let[T.int32] = B[0] + 1
    C[15] = T.Cast("float32", m)
    while n[0] < 2:
        n[0] = n[0] + 1
        T.evaluate(T.exp(A[0]))
    for j in range(4, annotations={"pragma_unroll_explicit": 1}):
        if j == 2:
            T.evaluate(T.break_loop())
        V = A.view(4, 4)
        C[j] = V[0, j]
"""


def test_census_of_a_hand_written_function():
    found = census(from_script(NESTED))
    assert {
        ("For:parallel", "body"),
        ("AttrStmt:pragma_auto_unroll_max_step", "parallel"),
        ("For:unrolled", "parallel"),
        ("Select", "unrolled"),
        ("Let", "unrolled"),
        ("Bind", "body"),
        ("For:vthread", "body"),
        ("IfThenElse", "vthread"),
        ("reinterpret", "if"),
        ("BufferStore:ramp_index", "body"),
        ("BufferStore:broadcast_value", "body"),
        ("AllocBuffer:local", "body"),
        ("While", "body"),
        ("Evaluate", "while"),
        ("For:serial", "body"),
        ("ForAnnotation:pragma_unroll_explicit", "body"),
        ("Break", "if"),
        ("DeclBuffer:shape", "serial"),
    } <= found
    # Innermost context wins: the Select is in the unrolled loop, not also in the parallel one.
    assert ("Select", "parallel") not in found and ("Break", "serial") not in found


BLOCK = """
@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float32"), C: T.Buffer((4,), "float32")):
    for i, r in T.grid(4, 4):
        with T.sblock("sum"):
            vi, vr = T.axis.remap("SR", [i, r])
            T.reads(A[vi * 4 + vr])
            T.writes(C[vi])
            with T.init():
                C[vi] = T.Select(vi > 1, T.float32(0.0), T.float32(1.0))
            for k in T.vectorized(1):
                C[vi] = C[vi] + A[vi * 4 + vr + k]
"""


def test_census_of_block_ir():
    """The root block that TOPI's functions have is the function body; a block's init and body
    are contexts of their own."""
    a = te.placeholder((4, 8), "float32", name="A")
    assert census(te.create_prim_func([a, topi.sum(a, axis=1)])) == {("For:serial", "body"), ("For:serial", "serial")}
    found = census(from_script(BLOCK))
    assert found == {("For:serial", "body"), ("For:serial", "serial"), ("Select", "init"), ("For:vectorized", "block")}


def test_universe_is_measured():
    accepted = load_accepted()
    assert set(BUILDERS) == set(CONSTRUCTS) and set(PLACES) == set(CONTEXTS)
    assert accepted <= {(c, ctx) for c in CONSTRUCTS for ctx in CONTEXTS}
    assert len(accepted) > 300
    # TVM's own refusals: jumps out of non-serial loops, nested parallel loops, GPU threads on llvm.
    assert ("Break", "serial") in accepted and ("Break", "parallel") not in accepted
    assert ("For:parallel", "serial") in accepted and ("For:parallel", "parallel") not in accepted
    assert not any(context == "thread" for _, context in accepted)


def test_accepted_pairs_verify():
    """Every accepted pair's probe holds the pair and is well-formed; a sample compiles."""
    accepted = sorted(load_accepted())
    for construct, context in accepted:
        func = build(construct, context)
        assert (construct, context) in census(func), (construct, context)
        assert well_formed(func), (construct, context)
    for pair in accepted[:: len(accepted) // 8]:
        assert compile_error(build(*pair)) is None, pair
    rejected = build("For:parallel", "parallel")
    assert well_formed(rejected) and "Nested parallel loop" in (compile_error(rejected) or "")


def test_census_survives_a_script_round_trip():
    """The bench compiles mutants from TVMScript: the probes' pairs must survive printing."""
    pairs = [("Let", "vectorized"), ("AllocBuffer:shared", "while"), ("ForAnnotation:software_pipeline_stage", "if")]
    for pair in pairs:
        func = build(*pair)
        assert pair in census(from_script(func.script())), pair
