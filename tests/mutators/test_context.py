from tvm import tirx

from mutators.context import EXPR, INDEX, STMT, analyze
from mutators.ops import const
from mutators.tree import get_at


def _func(body, params):
    return tirx.PrimFunc(params, body).with_attr("global_symbol", "main")


def test_indices_divisors_and_loop_bounds_are_not_expression_holes():
    a = tirx.decl_buffer((16,), "int32", name="A")
    i = tirx.Var("i", "int32")
    value = tirx.FloorDiv(tirx.BufferLoad(a, [i]), tirx.Add(i, const("int32", 1)))
    func = _func(
        tirx.For(i, const("int32", 0), const("int32", 16), tirx.ForKind.SERIAL, tirx.BufferStore(a, value, [i])), [a]
    )
    analysis = analyze(func)
    paths = {h.path for h in analysis.holes if h.kind == EXPR}
    assert (("body", -1), ("value", -1)) in paths  # the stored value
    assert (("extent", -1),) not in paths
    assert (("body", -1), ("indices", 0)) not in paths
    assert (("body", -1), ("value", -1), ("b", -1)) not in paths  # an unguarded divisor
    index_holes = [h for h in analysis.holes if h.kind == INDEX]
    assert {h.extent for h in index_holes} == {16}
    for hole in analysis.holes:
        assert get_at(func.body, hole.path).same_as(hole.node)


def test_guarded_operands_stay_free():
    a = tirx.decl_buffer((8,), "int32", name="A")
    x = tirx.Var("x", "int32")
    index = tirx.FloorMod(tirx.Mul(x, const("int32", 3)), const("int32", 8))
    func = _func(tirx.BufferStore(a, const("int32", 1), [index]), [a, x])
    paths = {h.path for h in analyze(func).holes if h.kind == EXPR}
    assert (("indices", 0), ("a", -1)) in paths
    assert (("indices", 0), ("b", -1)) not in paths


def test_while_counter_is_pinned():
    cnt = tirx.decl_buffer((1,), "int32", name="cnt", scope="local")
    a = tirx.decl_buffer((4,), "float32", name="A")
    zero = const("int32", 0)
    load = tirx.BufferLoad(cnt, [zero])
    increment = tirx.BufferStore(cnt, tirx.Add(load, const("int32", 1)), [zero])
    work = tirx.BufferStore(a, const("float32", 1.0), [zero])
    body = tirx.SeqStmt(
        [
            tirx.AllocBuffer(cnt),
            tirx.BufferStore(cnt, zero, [zero]),
            tirx.While(tirx.LT(load, const("int32", 3)), tirx.SeqStmt([increment, work])),
        ]
    )
    analysis = analyze(_func(body, [a]))
    assert cnt.__hash__() in analysis.sensitive_buffers
    stmts = {h.path: h for h in analysis.holes if h.kind == STMT}
    reset = stmts[(("seq", 1),)]
    loop = stmts[(("seq", 2),)]
    assert not analysis.removable(reset)
    assert analysis.removable(loop)  # the whole While may go
    assert not analysis.removable(stmts[(("seq", 2), ("body", -1), ("seq", 0))])
    assert analysis.removable(stmts[(("seq", 2), ("body", -1), ("seq", 1))])
    assert not analysis.removable(stmts[(("seq", 0),)])  # the counter's allocation is used
    assert all(
        not h.path[:1] == (("seq", 2),) or h.kind != EXPR or h.path[1] != ("condition", -1) for h in analysis.holes
    )
    assert analysis.writable(stmts[(("seq", 2),)].scope) == [a]


def test_block_scope_excludes_outer_loop_vars(block_func):
    analysis = analyze(block_func)
    in_block = [h for h in analysis.holes if h.scope.in_block]
    assert in_block
    for hole in in_block:
        assert not hole.scope.loop_vars
        assert hole.scope.block_writes is not None


def test_divisor_guard_keeps_its_floormod_and_offset():
    """In `truncmod(A[i], floormod(B[i], 8) + 1)` only B[i] may change: a hole at the FloorMod or
    the Add would let deletion or replacement make the divisor 0."""
    a, b = tirx.decl_buffer((16,), "int32", name="A"), tirx.decl_buffer((16,), "int32", name="B")
    i = tirx.Var("i", "int32")
    divisor = tirx.Add(tirx.FloorMod(tirx.BufferLoad(b, [i]), const("int32", 8)), const("int32", 1))
    store = tirx.BufferStore(a, tirx.Mod(tirx.BufferLoad(a, [i]), divisor), [i])
    func = _func(tirx.For(i, const("int32", 0), const("int32", 16), tirx.ForKind.SERIAL, store), [a, b])
    divisor_path = (("body", -1), ("value", -1), ("b", -1))
    inside = [h.path[len(divisor_path) :] for h in analyze(func).holes if h.path[: len(divisor_path)] == divisor_path]
    assert inside and all(p[:2] == (("a", -1), ("a", -1)) for p in inside)


def test_unclamped_float_to_int_cast_is_pinned():
    f, a = tirx.decl_buffer((4,), "float32", name="F"), tirx.decl_buffer((4,), "int32", name="A")
    zero = const("int32", 0)
    clamp = tirx.Min(tirx.Max(tirx.BufferLoad(f, [zero]), const("float32", -8.0)), const("float32", 8.0))
    stores = [
        tirx.BufferStore(a, tirx.Cast("int32", tirx.BufferLoad(f, [zero])), [zero]),
        tirx.BufferStore(a, tirx.Cast("int32", clamp), [const("int32", 1)]),
    ]
    analysis = analyze(_func(tirx.SeqStmt(stores), [f, a]))
    paths = {h.path for h in analysis.holes if h.kind == EXPR}
    assert (("seq", 0), ("value", -1), ("value", -1)) not in paths  # unclamped: may be huge or NaN
    assert (("seq", 1), ("value", -1), ("value", -1), ("a", -1), ("a", -1)) in paths  # the clamp's operand
    assert (("seq", 1), ("value", -1), ("value", -1)) not in paths  # the clamp itself
    assert f.__hash__() in analysis.sensitive_buffers
