"""Mutants stay free of undefined behaviour: divisors never 0, no 32/64-bit integer overflow and no
out-of-range float-to-int cast, every read of an allocation initialised, no races in parallel or
vectorized loops. The checks are sound over-approximations that stand without running the code:
value ranges come from TVM's bound analysis with each loop var bound to its loop's range."""

from __future__ import annotations

import random

import pytest
import tvm
import tvm_ffi
from tvm import tirx

import mutators
from mutators.context import analyze
from mutators.loops import race_free
from mutators.ops import const, int_range
from mutators.tree import slots

RUNS = 600
DIV_TYPES = (tirx.Div, tirx.Mod, tirx.FloorDiv, tirx.FloorMod)
# TVM's LLVM backend flags add/sub/mul on these as nsw/nuw: an overflow is undefined behaviour.
NO_WRAP = ("int32", "int64", "uint32", "uint64")


def _func(params: list, body: tirx.Stmt) -> tirx.PrimFunc:
    return tirx.PrimFunc(params, body).with_attr("global_symbol", "main")


def _loop(var: tirx.Var, extent: int, body: tirx.Stmt, kind: tirx.ForKind = tirx.ForKind.SERIAL) -> tirx.For:
    return tirx.For(var, const("int32", 0), const("int32", extent), kind, body)


def _analyzer(func: tirx.PrimFunc) -> tvm.sym.Analyzer:
    """An analyzer that knows the range of every loop var and vthread, and each Bind's value."""
    analyzer = tvm.sym.Analyzer()

    def visit(node: object) -> None:
        if isinstance(node, tirx.For):
            analyzer.bind(node.loop_var, tvm.ir.Range.from_min_extent(node.min, node.extent))
        elif isinstance(node, tirx.AttrStmt) and isinstance(node.node, tirx.IterVar):
            analyzer.bind(node.node.var, tvm.ir.Range.from_min_extent(const("int32", 0), node.value))
        elif isinstance(node, tirx.Bind):
            analyzer.bind(node.var, node.value)

    tvm_ffi.structural_walk(func.body, ((tirx.For, tirx.AttrStmt, tirx.Bind), visit), order="pre")
    return analyzer


def _bounds(analyzer: tvm.sym.Analyzer, expr: tvm.ir.Expr) -> tuple[float, float]:
    bound = analyzer.const_int_bound(expr)
    lo = -float("inf") if bound.min_value <= -bound.POS_INF else bound.min_value
    hi = float("inf") if bound.max_value >= bound.POS_INF else bound.max_value
    return lo, hi


def _collect(node: object, types: type | tuple) -> list:
    found: list = []
    tvm_ffi.structural_walk(node, (types, found.append), order="pre")
    return found


# --- divisors ----------------------------------------------------------------------------------
def _guarded_division() -> tirx.PrimFunc:
    """`C[i] = truncmod(A[i], floormod(B[i], 8) + 1)`: the issue's measurement."""
    a, b, c = (tirx.decl_buffer((16,), "int32", name=n) for n in "ABC")
    i = tirx.Var("i", "int32")
    divisor = tirx.Add(tirx.FloorMod(tirx.BufferLoad(b, [i]), const("int32", 8)), const("int32", 1))
    return _func([a, b, c], _loop(i, 16, tirx.BufferStore(c, tirx.Mod(tirx.BufferLoad(a, [i]), divisor), [i])))


def risky_divisors(func: tirx.PrimFunc) -> list[str]:
    """Integer divisors that may be 0, or -1 (INT_MIN / -1 overflows)."""
    analyzer = _analyzer(func)
    found = []
    for node in _collect(func.body, DIV_TYPES):
        if str(node.ty).startswith(("int", "uint")):
            lo, hi = _bounds(analyzer, node.b)
            if not (lo >= 1 or hi <= -2):
                found.append(str(node.b))
    return found


@pytest.mark.parametrize("name", ["insert", "delete", "replace"])
def test_divisors_stay_nonzero(name):
    func = _guarded_division()
    assert not risky_divisors(func)
    mutants = bad = 0
    for seed in range(RUNS):
        try:
            mutant = mutators.get(name).mutate(func, random.Random(seed))
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


def _arith_nodes(node: object) -> list:
    return [n for n in _collect(node, (tirx.Add, tirx.Sub, tirx.Mul)) if str(n.ty) in NO_WRAP]


def new_overflow_hazards(parent: tirx.PrimFunc, mutant: tirx.PrimFunc) -> list[str]:
    """32/64-bit integer Add/Sub/Mul of the mutant that are not in the parent (whose own
    arithmetic is the seed's business) and may overflow, and float-to-int casts of values that
    may be out of range or NaN (only a constant in range, or a clamp `min(max(x, lo), hi)` with
    constant bounds in range, excludes both)."""
    old = _arith_nodes(parent.body)
    analyzer = _analyzer(mutant)
    found = []
    for node in _arith_nodes(mutant.body):
        if any(tvm_ffi.structural_equal(node, o) for o in old):
            continue
        (alo, ahi), (blo, bhi) = _bounds(analyzer, node.a), _bounds(analyzer, node.b)
        if isinstance(node, tirx.Add):
            results = [alo + blo, ahi + bhi]
        elif isinstance(node, tirx.Sub):
            results = [alo - bhi, ahi - blo]
        else:
            results = [x * y for x in (alo, ahi) for y in (blo, bhi) if 0 not in (x, y)] + [0]
        lo, hi = int_range(str(node.ty))
        if not (lo <= min(results) and max(results) <= hi):
            found.append(str(node))
    old_casts = _collect(parent.body, tirx.Cast)
    for cast in _collect(mutant.body, tirx.Cast):
        source, target = str(cast.value.ty), str(cast.ty)
        if not (source.startswith("float") and target.startswith(("int", "uint"))):
            continue
        if any(tvm_ffi.structural_equal(cast, o) for o in old_casts):
            continue
        value, (lo, hi) = cast.value, int_range(target)
        if isinstance(value, tirx.FloatImm) and lo <= float(value.value) <= hi:
            continue  # the parser folds a clamp of a constant into the constant
        clamped = (
            isinstance(value, tirx.Min)
            and isinstance(value.a, tirx.Max)
            and isinstance(value.b, tirx.FloatImm)
            and isinstance(value.a.b, tirx.FloatImm)
            and lo <= float(value.a.b.value) <= float(value.b.value) <= hi
        )
        if not clamped:
            found.append(str(cast))
    return found


@pytest.mark.parametrize("name", [m.name for m in mutators.all_mutators()])
def test_new_arithmetic_cannot_overflow(name):
    starts = [mutators.empty_function(), *(_int_arithmetic(d) for d in ("int32", "int64", "uint32"))]
    mutants = bad = 0
    examples = []
    for seed in range(200):
        parent = starts[seed % len(starts)]
        try:
            mutant = mutators.get(name).mutate(parent, random.Random(seed))
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


def _is_control(node: object) -> bool:
    return isinstance(node, tvm.ir.Call) and node.op.name in ("tirx.break_loop", "tirx.continue_loop")


def _control_in(node: object) -> bool:
    """Whether `node` holds a break/continue of the loop around it (not of a loop inside it)."""
    if isinstance(node, (tirx.For, tirx.While)):
        return False
    if isinstance(node, tirx.Evaluate):
        return _is_control(node.value)
    return any(_control_in(child) for _, child in slots(node) if isinstance(child, tirx.Stmt))


def _fills(stmt: tirx.Stmt, buf: tirx.Var, analyzer: tvm.sym.Analyzer) -> bool:
    """Whether `stmt` certainly stores into every element of `buf` without reading it first: a
    store whose index in each dimension is either 0 (extent 1) or the var of an enclosing loop
    over exactly that dimension, reached through sequences, loops with at least one trip and
    attributes only, with no break/continue of those loops and no load of `buf` in `stmt`."""
    if any(e.source.same_as(buf) for e in _collect(stmt, tvm.ir.TensorLoad)):
        return False

    def search(node: object, loops: dict) -> bool:
        if isinstance(node, tirx.SeqStmt):
            return any(search(s, loops) for s in node.seq)
        if isinstance(node, tirx.AttrStmt):
            return search(node.body, loops)
        if isinstance(node, tirx.For):
            if _bounds(analyzer, node.extent)[0] < 1 or _control_in(node.body):
                return False
            full = isinstance(node.min, tirx.IntImm) and int(node.min) == 0 and isinstance(node.extent, tirx.IntImm)
            inner = {**loops, node.loop_var.__hash__(): int(node.extent) if full else None}
            return search(node.body, inner)
        if isinstance(node, tirx.BufferStore) and node.buffer.same_as(buf):
            used = [index.__hash__() for index in node.indices if isinstance(index, tirx.Var)]
            return len(set(used)) == len(used) and all(
                (int(dim) == 1 and isinstance(index, tirx.IntImm) and int(index) == 0)
                or (isinstance(index, tirx.Var) and loops.get(index.__hash__()) == int(dim))
                for index, dim in zip(node.indices, buf.shape, strict=True)
            )
        return False

    return search(stmt, {})


def uninitialised_reads(func: tirx.PrimFunc) -> list[str]:
    """Allocations read (or read before being filled) without a full fill (see `_fills`) as the
    first statement after the AllocBuffer that accesses them."""
    analyzer = _analyzer(func)
    found = []
    for seq in _collect(func.body, tirx.SeqStmt):
        items = list(seq.seq)
        for k, item in enumerate(items):
            if not isinstance(item, tirx.AllocBuffer):
                continue
            buf = item.buffer
            later = items[k + 1 :]
            accesses = [
                s
                for s in later
                if any(e.source.same_as(buf) for e in _collect(s, tvm.ir.TensorLoad))
                or any(st.buffer.same_as(buf) for st in _collect(s, tirx.BufferStore))
            ]
            read = any(any(e.source.same_as(buf) for e in _collect(s, tvm.ir.TensorLoad)) for s in later)
            if read and not (accesses and _fills(accesses[0], buf, analyzer)):
                found.append(buf.name)
    return found


@pytest.mark.parametrize("name", [m.name for m in mutators.all_mutators()])
def test_allocations_are_initialised_before_reads(name):
    starts = [_allocation(), mutators.empty_function()]
    mutants = bad = 0
    for seed in range(300):
        parent = starts[seed % len(starts)]
        try:
            mutant = mutators.get(name).mutate(parent, random.Random(seed))
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


def races(func: tirx.PrimFunc) -> list[str]:
    """Parallel and vectorized loops whose iterations may conflict. Independent of the mutators'
    own check: memory (a view's is its base's) allocated in the body is private; other memory
    written in the body must not be read there, and every store to it must go through one buffer
    with the loop var itself as the index of one common dimension."""
    base: dict[int, int] = {}
    for decl in _collect(func.body, tirx.DeclBuffer):
        source = decl.data.args[0]
        base[decl.buffer.__hash__()] = base.get(source.__hash__(), source.__hash__())

    def memory(buf: tirx.Var) -> int:
        return base.get(buf.__hash__(), buf.__hash__())

    kinds = (int(tirx.ForKind.PARALLEL), int(tirx.ForKind.VECTORIZED))
    found = []
    for loop in _collect(func.body, tirx.For):
        if int(loop.kind) not in kinds:
            continue
        private = {a.buffer.__hash__() for a in _collect(loop.body, tirx.AllocBuffer)}
        read = {memory(e.source) for e in _collect(loop.body, tvm.ir.TensorLoad)}
        stores = [s for s in _collect(loop.body, tirx.BufferStore) if memory(s.buffer) not in private]
        for written in {memory(s.buffer) for s in stores}:
            group = [s for s in stores if memory(s.buffer) == written]
            same_buffer = all(s.buffer.same_as(group[0].buffer) for s in group)
            dims = set.intersection(*({k for k, i in enumerate(s.indices) if i.same_as(loop.loop_var)} for s in group))
            if written in read or not same_buffer or not dims:
                found.append(str(loop.loop_var))
    return found


@pytest.mark.parametrize("name", [m.name for m in mutators.all_mutators()])
def test_parallel_and_vectorized_loops_stay_race_free(name):
    starts = [_parallel_seed(), _allocation(), mutators.empty_function()]
    mutants = bad = 0
    for seed in range(300):
        parent = starts[seed % len(starts)]
        try:
            mutant = mutators.get(name).mutate(parent, random.Random(seed))
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
