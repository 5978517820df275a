"""Sound, implementation-independent checks for undefined behaviour in TIR functions, shared by the
mutator tests. Value ranges come from TVM's bound analysis with each loop var bound to its loop's
range; whatever it cannot bound counts as possibly anything."""

from __future__ import annotations

import functools
import random

import tvm
import tvm_ffi
from tvm import tirx

import mutators
from mutators.ops import const, int_range
from mutators.tree import slots
from tirkit.script import from_script, to_script


@functools.cache
def splice_donor() -> tirx.PrimFunc:
    """A function grown by 40 insertions and 10 loop nestings: expressions of many dtypes, with
    the generator's guards, in loops and branches, for splicing to graft from."""
    func = mutators.empty_function()
    for seed in range(50):
        try:
            func = mutators.get("loop_nest" if seed % 5 == 4 else "insert").mutate(func, random.Random(seed))
        except mutators.NoMutation:
            continue
    return func


def mutate(mutator: mutators.Mutator, func: tirx.PrimFunc, rng: random.Random) -> tirx.PrimFunc:
    """`mutator`'s mutant of `func`; a splice grafts from `splice_donor()`."""
    return mutator.mutate(func, rng, splice_donor() if mutator.needs_donor else None)


DIV_TYPES = (tirx.Div, tirx.Mod, tirx.FloorDiv, tirx.FloorMod)
# TVM's LLVM backend flags add/sub/mul on these as nsw/nuw: an overflow is undefined behaviour.
NO_WRAP = ("int32", "int64", "uint32", "uint64")


# T.vscale() on the machines whose vector length can change: up to 16 on SVE (2048 bits), and on
# RVV as far as the vector lengths tzer runs (VLEN 512, vscale 8).
MAX_VSCALE = 16


def _without_vscale(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """`func` with T.vscale() as a variable whose range `_analyzer` knows: the analyzer alone does not."""
    def var_for(call: tvm.ir.Call) -> tvm.ir.Expr:
        return VSCALE if getattr(call.op, "name", "") in ("prim.vscale", "tirx.vscale") else call

    return func.with_body(tvm_ffi.structural_map(func.body, (tvm.ir.Call, var_for)))


VSCALE = tirx.Var("vscale", "int32")


def _analyzer(func: tirx.PrimFunc) -> tvm.sym.Analyzer:
    """An analyzer that knows the range of every loop var and vthread, each Bind's value, and T.vscale()'s
    (as VSCALE, see `_without_vscale`)."""
    analyzer = tvm.sym.Analyzer()
    analyzer.bind(VSCALE, tvm.ir.Range.from_min_extent(const("int32", 1), const("int32", MAX_VSCALE)))

    def visit(node: object) -> None:
        if isinstance(node, tirx.For):
            analyzer.bind(node.loop_var, tvm.ir.Range.from_min_extent(node.min, node.extent))
        elif isinstance(node, tirx.AttrStmt) and isinstance(node.node, tirx.IterVar):
            analyzer.bind(node.node.var, tvm.ir.Range.from_min_extent(const("int32", 0), node.value))
        elif isinstance(node, tirx.Bind):
            try:
                analyzer.bind(node.var, node.value)
            except ValueError:
                # TVM 0.27's analyzer rejects some narrow binds (an int16 var bound to a Cast of
                # an int32 makes it build an out-of-range int16 literal): the var stays unbounded,
                # which is the sound answer.
                pass

    tvm_ffi.structural_walk(func.body, ((tirx.For, tirx.AttrStmt, tirx.Bind), visit), order="pre")
    return analyzer


def _bounds(analyzer: tvm.sym.Analyzer, expr: tvm.ir.Expr) -> tuple[float, float]:
    """Bounds of `expr`; unknown (infinite) where the analysis gives up, e.g. on `x // 0` inside."""
    try:
        bound = analyzer.const_int_bound(expr)
    except tvm.error.InternalError:
        return -float("inf"), float("inf")
    lo = -float("inf") if bound.min_value <= -bound.POS_INF else bound.min_value
    hi = float("inf") if bound.max_value >= bound.POS_INF else bound.max_value
    return lo, hi


def _collect(node: object, types: type | tuple) -> list:
    found: list = []
    tvm_ffi.structural_walk(node, (types, found.append), order="pre")
    return found


def risky_divisors(func: tirx.PrimFunc) -> list[str]:
    """Integer divisors that may be 0, or -1 (INT_MIN / -1 overflows)."""
    func = _without_vscale(func)
    analyzer = _analyzer(func)
    found = []
    for node in _collect(func.body, DIV_TYPES):
        if str(node.ty).startswith(("int", "uint")):
            lo, hi = _bounds(analyzer, node.b)
            if not (lo >= 1 or hi <= -2):
                found.append(str(node.b))
    return found


def _arith_nodes(node: object) -> list:
    return [n for n in _collect(node, (tirx.Add, tirx.Sub, tirx.Mul)) if str(n.ty) in NO_WRAP]


def _identity(analyzer: tvm.sym.Analyzer, node: tvm.ir.Expr) -> bool:
    """`x + 0`, `x - 0`, `x * 1` (with an operand that is 0 or 1 once simplified, as `v - v` is) or
    `x - x`: the result is an operand's value (or 0), so it overflows only where that operand did."""
    if isinstance(node, tirx.Sub) and tvm_ffi.structural_equal(node.a, node.b):
        return True
    neutral = 1 if isinstance(node, tirx.Mul) else 0
    operands = (node.a, node.b) if isinstance(node, (tirx.Add, tirx.Mul)) else (node.b,)
    for operand in operands:
        simplified = analyzer.simplify(operand)
        if isinstance(simplified, tirx.IntImm) and int(simplified) == neutral:
            return True
    return False


def _unindexed(expr: tvm.ir.Expr) -> tvm.ir.Expr:
    """`expr` with every load's indices set to 0: arithmetic on the same buffers' elements, whichever
    element an iteration reads (a loop rewritten over other indices reads the same ones)."""
    def zero(load: tvm.ir.TensorLoad) -> tvm.ir.Expr:
        return tirx.BufferLoad(load.source, [const(str(i.ty), 0) for i in load.indices])

    return tvm_ffi.structural_map(expr, (tvm.ir.TensorLoad, zero))


def _without_regions(func: tirx.PrimFunc) -> tirx.PrimFunc:
    def strip(block: tvm.s_tir.SBlock) -> tvm.s_tir.SBlock:
        return tvm.s_tir.SBlock(block.iter_vars, [], [], block.name_hint, block.body, block.init,
                                block.alloc_buffers, block.match_buffers, block.annotations)

    return func.with_body(tvm_ffi.structural_map(func.body, (tvm.s_tir.SBlock, strip), order="post"))


def survives_round_trip(func: tirx.PrimFunc) -> bool:
    """Printing and parsing gives the same function, up to its blocks' declared regions. Those the
    mutators detect again after each edit, and TVMScript's parser re-simplifies each extent it reads
    back (as `stop - start`): the terms of an extent that holds a sum can come back in another order,
    and again on every further round trip."""
    again = from_script(to_script(func))
    return bool(tvm_ffi.structural_equal(_without_regions(func), _without_regions(again)))


def new_overflow_hazards(parent: tirx.PrimFunc, mutant: tirx.PrimFunc) -> list[str]:
    """32/64-bit integer Add/Sub/Mul of the mutant that are not in the parent (whose own
    arithmetic is the seed's business) and may overflow, and float-to-int casts of values that
    may be out of range or NaN (only a constant in range, or a clamp `min(max(x, lo), hi)` with
    constant bounds in range, excludes both). Blocks' declared regions are left out: they are
    bounds TVM derived for its analyses, never evaluated by the compiled code."""
    parent, mutant = _without_vscale(_without_regions(parent)), _without_vscale(_without_regions(mutant))
    old = [_unindexed(o) for o in _arith_nodes(parent.body)]
    analyzer = _analyzer(mutant)
    found = []
    for node in _arith_nodes(mutant.body):
        if any(tvm_ffi.structural_equal(_unindexed(node), o) for o in old) or _identity(analyzer, node):
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


def _injective_in(index: tvm.ir.Expr, var: tirx.Var, extents: dict[int, int] | None = None) -> bool:
    """`var`, or `offset + var` with an offset that does not use `var`, or `var * c + r` with r
    a constant or an inner loop's var in [0, c), or a unit Ramp of c lanes from `var * c`:
    distinct per iteration (`extents`: the constant extents of the loops inside the body)."""
    if index.same_as(var):
        return True
    if isinstance(index, tirx.Add) and index.b.same_as(var) and not _uses(index.a, var):
        return True
    if isinstance(index, tirx.Ramp):
        scale, stride, lanes = _block_of(index.base, var), index.stride, index.lanes
        unit = isinstance(stride, tirx.IntImm) and int(stride) == 1 and isinstance(lanes, tirx.IntImm)
        return unit and scale is not None and int(lanes) <= scale
    scale = _block_of(index, var)
    if scale is not None:
        return True
    if not (isinstance(index, tirx.Add) and (scale := _block_of(index.a, var)) is not None):
        return False
    rest = index.b
    if isinstance(rest, tirx.IntImm):
        return 0 <= int(rest) < scale
    return isinstance(rest, tirx.Var) and (extents or {}).get(rest.__hash__(), scale + 1) <= scale


def _block_of(index: tvm.ir.Expr, var: tirx.Var) -> int | None:
    """c where `index` is `var * c` with a positive constant c, else None."""
    if isinstance(index, tirx.Mul) and index.a.same_as(var) and isinstance(index.b, tirx.IntImm) and int(index.b) > 0:
        return int(index.b)
    return None


def _inner_extents(body: tirx.Stmt) -> dict[int, int]:
    """The constant extents of the loops and thread attributes inside `body`, by their var."""
    found = {
        loop.loop_var.__hash__(): int(loop.extent)
        for loop in _collect(body, tirx.For)
        if isinstance(loop.min, tirx.IntImm) and int(loop.min) == 0 and isinstance(loop.extent, tirx.IntImm)
    }
    for attr in _collect(body, tirx.AttrStmt):
        if isinstance(attr.node, tirx.IterVar) and isinstance(attr.value, tirx.IntImm):
            found[attr.node.var.__hash__()] = int(attr.value)
    return found


def _uses(node: object, var: tirx.Var) -> bool:
    hit = tvm_ffi.structural_walk(node, (tvm.ir.Var, lambda v: tvm_ffi.VisitInterrupt(v) if v.same_as(var) else None))
    return hit is not None


def races(func: tirx.PrimFunc) -> list[str]:
    """Parallel and vectorized loops whose iterations may conflict. Independent of the mutators'
    own check: memory (a view's is its base's) allocated in the body is private; other memory
    written in the body must not be read there, and every store to it must go through one buffer
    with the loop var itself, a loop-invariant offset plus it, or one of the strided forms of
    `_injective_in`, as the index of one common dimension."""
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
            extents = _inner_extents(loop.body)
            dims = set.intersection(*({k for k, i in enumerate(s.indices) if _injective_in(i, loop.loop_var, extents)}
                                      for s in group))
            if written in read or not same_buffer or not dims:
                found.append(str(loop.loop_var))
    return found
