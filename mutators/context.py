"""Holes and their constraints: what may replace each node of a function, and what must not change.

`analyze` walks a function once and returns every hole (a statement, an expression, or a whole
buffer index) with the scope at that point. It also finds the *sensitive* parts, whose values
keep the program free of undefined behaviour and which no mutator may touch:

- buffer indices (an index out of bounds corrupts the heap), divisors (x % 0 is SIGFPE), shift
  amounts, loop bounds, While conditions, vector lanes, block bindings, attribute values,
  assertions, and If conditions that guard memory accesses;
- the operands of Add/Sub/Mul on 32/64-bit ints (an overflow there is undefined behaviour) and
  the value of a float-to-int Cast (out of range or NaN is poison);
- transitively, the Bind/Let values of variables used there and the values stored into buffers
  loaded there (this covers While counters, and the inputs of a seed's own arithmetic).

Guards written the way the generator writes them (`floormod(x, c)` in an index of extent >= c,
`floormod(x, c) + k` as a divisor, `floormod(x, c)` as a shift amount, `min(max(x, lo), hi)` as
an operand of such arithmetic or of such a Cast) keep only their operand `x` free: the guard's own
nodes and constants stay fixed, so no mutation can weaken it, and generated code stays mutable.

Two more rules keep mutants free of undefined behaviour:
- the stores into an allocation (or a view of it) that is read elsewhere are never removed,
  redirected, re-indexed or skipped by a new break/continue, and new loads of an allocation only
  come after the first statement storing into it, so every read sees initialised memory;
- inside a parallel or vectorized loop, new stores only target memory allocated inside it, and
  the indices of the other stores there, and of loads of memory stored there, stay fixed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx

from mutators.ops import SAFE_CALL_OPS, int_range, is_float, is_supported_dtype, overflow_is_ub
from mutators.tree import Path, count_nodes, slots
from tirkit.verify import is_s_tir

STMT, EXPR, INDEX = "stmt", "expr", "index"
# Roles of an expression slot, as seen from its parent.
FREE, SENSITIVE, DIVISOR, SHIFT, ARITH, CAST = "free", "sensitive", "divisor", "shift", "arith", "cast"

DIV_TYPES = (tirx.Div, tirx.Mod, tirx.FloorDiv, tirx.FloorMod)
SHIFT_TYPES = (tirx.LShift, tirx.RShift)
ARITH_TYPES = (tirx.Add, tirx.Sub, tirx.Mul)


@dataclass(frozen=True)
class Scope:
    """What a generated subtree may refer to at a hole, and which loops enclose it."""

    vars: tuple[tirx.Var, ...] = ()
    buffers: tuple[tirx.Var, ...] = ()
    loop_vars: tuple[tirx.Var, ...] = ()
    in_parallel: bool = False
    in_vectorized: bool = False
    in_vthread: bool = False
    in_block: bool = False
    # Iterations of the enclosing loops (unknown extents count as 8): new loops keep the total small.
    trips: int = 1
    # Inside a non-root block, stores may only target the buffers its signature writes or that it
    # allocates (the s_tir lowering checks this); None elsewhere.
    block_writes: tuple[tirx.Var, ...] | None = None
    # The buffers a non-root block's signature writes: the block's instances are unordered, so a
    # new store into them would give several instances one element (memory patterns store into the
    # block's own allocations instead).
    block_outputs: tuple[tirx.Var, ...] = ()
    # Inside a loop whose body must run to its end (it initialises an allocation or counts a
    # While): a new break/continue could skip that store.
    no_control: bool = False
    # Inside a parallel/vectorized loop: the storage (see `storage`) allocated in it, which
    # iterations do not share, else None; and the storage stored to in it, which new loads must
    # not read (another iteration may be writing the element).
    private: tuple[int, ...] | None = None
    racy: tuple[int, ...] = ()
    # Allocations in scope that no statement has stored into yet: new loads must not read them.
    uninitialised: tuple[int, ...] = ()


@dataclass(frozen=True)
class Hole:
    path: Path
    node: object
    kind: str  # STMT, EXPR or INDEX
    scope: Scope
    dtype: str = ""  # expressions and indices: the dtype a replacement must have
    extent: int = 0  # indices: the buffer dimension a replacement must stay below
    stored: object = None  # indices of a store: the buffer stored into


@dataclass
class Analysis:
    func: tirx.PrimFunc
    s_tir: bool
    holes: list[Hole]
    sensitive_buffers: set[int]
    used_vars: set[int]
    has_decl_buffer: bool
    # Storage (see `storage`) of each view; of the allocated buffers, whose stores initialise them;
    # and how often each storage is loaded.
    aliases: dict[int, int] = field(default_factory=dict)
    allocated: set[int] = field(default_factory=set)
    loads: dict[int, int] = field(default_factory=dict)
    # Another queue entry's analysis, which splicing grafts from.
    donor: Analysis | None = None
    _removable: dict[Path, bool] = field(default_factory=dict)
    _subtrees: dict[tuple[str, int], list[Hole]] = field(default_factory=dict)

    def of_kind(self, kind: str) -> list[Hole]:
        return [h for h in self.holes if h.kind == kind]

    def subtrees(self, largest: int, kind: str = EXPR) -> list[Hole]:
        """The holes of `kind` whose node is a tree of 2 to `largest` nodes (computed once)."""
        if (kind, largest) not in self._subtrees:
            self._subtrees[kind, largest] = [h for h in self.of_kind(kind)
                                             if 2 <= count_nodes(h.node, largest + 1) <= largest]
        return self._subtrees[kind, largest]

    def computes(self, scope: Scope) -> bool:
        """Whether new computation (stores, allocations, loops that run them) may go here: in a
        block-form function only inside its (non-root) blocks. TensorIR keeps computation in blocks;
        a bare store between them is out of the model its passes and schedules are written for."""
        return not self.s_tir or scope.block_writes is not None

    def writable(self, scope: Scope, dtype: str | None = None) -> list[tirx.Var]:
        """Buffers a new store may target: constant shape, plain dtype, not feeding an index, and
        inside a parallel/vectorized loop only memory private to an iteration; none where no new
        computation may go (see `computes`)."""
        if not self.computes(scope):
            return []
        allowed = None if scope.block_writes is None else {b.__hash__() for b in scope.block_writes}
        return [
            b
            for b in scope.buffers
            if b.__hash__() not in self.sensitive_buffers
            and usable_buffer(b)
            and (dtype is None or str(b.dtype) == dtype)
            and (allowed is None or b.__hash__() in allowed)
            and (scope.private is None or storage(b, self.aliases) in scope.private)
            # The first store into an allocation stays its initialising one (see `uninitialised`).
            and storage(b, self.aliases) not in scope.uninitialised
        ]

    def readable(self, scope: Scope) -> list[tirx.Var]:
        """Buffers a new load may read: not memory stored to in an enclosing parallel/vectorized
        loop, nor an allocation before its initialisation or that nothing reads yet."""
        return [b for b in scope.buffers if usable_buffer(b) and self._readable(storage(b, self.aliases), scope)]

    def _readable(self, memory: int, scope: Scope) -> bool:
        # An allocation nothing reads may have lost its initialisation (see `initialises`).
        return (
            memory not in scope.racy
            and memory not in scope.uninitialised
            and (memory not in self.allocated or self.loads.get(memory, 0) > 0)
        )

    def removable(self, hole: Hole) -> bool:
        """Whether the statement at `hole` may disappear (be replaced, deleted or moved)."""
        if hole.path not in self._removable:
            self._removable[hole.path] = self._compute_removable(hole.node)
        return self._removable[hole.path]

    def _compute_removable(self, stmt: tirx.Stmt) -> bool:
        if isinstance(stmt, tirx.Bind):
            return stmt.var.__hash__() not in self.used_vars
        if isinstance(stmt, (tirx.AllocBuffer, tirx.DeclBuffer)):
            return stmt.buffer.__hash__() not in self.used_vars and not self.has_decl_buffer
        return not unguarded_sensitive_store(stmt, self.sensitive_buffers) and not self.initialises(stmt)

    def initialises(self, stmt: tirx.Stmt) -> bool:
        """Whether `stmt` stores into an allocation that is read outside `stmt`: removing or
        redirecting it could leave elements that are read uninitialised."""
        written = stored_memory(stmt, self.aliases) & self.allocated
        if not written:
            return False
        inside = load_counts(stmt, self.aliases)
        return any(inside.get(m, 0) < self.loads.get(m, 0) for m in written)


def storage(buf: tirx.Var, aliases: dict[int, int]) -> int:
    """The handle of the memory a buffer accesses: a view (DeclBuffer) accesses its base's."""
    return aliases.get(buf.__hash__(), buf.__hash__())


def view_aliases(root: object, aliases: dict[int, int] | None = None) -> dict[int, int]:
    """`aliases` extended with the storage of every view declared in `root` (`DeclBuffer(view,
    data=base.data)`; the data is the call `tirx.buffer_data(base)`)."""
    found = dict(aliases or {})

    def visit(decl: tirx.DeclBuffer) -> None:
        data = decl.data
        if isinstance(data, tvm.ir.Call) and data.op.name == "tirx.buffer_data" and len(data.args) == 1:
            found[decl.buffer.__hash__()] = storage(data.args[0], found)

    # Pre-order: a base is declared before its views.
    tvm_ffi.structural_walk(root, (tirx.DeclBuffer, visit), order="pre")
    return found


def stores_into(node: object, memory: set[int] | tuple[int, ...], aliases: dict[int, int]) -> bool:
    hit = tvm_ffi.structural_walk(
        node,
        (tirx.BufferStore, lambda s: tvm_ffi.VisitInterrupt(s) if storage(s.buffer, aliases) in memory else None),
    )
    return hit is not None


def load_counts(node: object, aliases: dict[int, int]) -> dict[int, int]:
    counts: dict[int, int] = {}

    def visit(load: tvm.ir.TensorLoad) -> None:
        memory = storage(load.source, aliases)
        counts[memory] = counts.get(memory, 0) + 1

    tvm_ffi.structural_walk(node, (tvm.ir.TensorLoad, visit))
    return counts


def stored_memory(node: object, aliases: dict[int, int]) -> set[int]:
    found: set[int] = set()
    tvm_ffi.structural_walk(node, (tirx.BufferStore, lambda s: found.add(storage(s.buffer, aliases))))
    return found


def outside_block_outputs(buffers: list[tirx.Var], scope: Scope) -> list[tirx.Var]:
    """`buffers` without the outputs of the enclosing block: each of its instances owns its own
    elements, so a new store into them or a load of another element would make instances collide."""
    return [b for b in buffers if not any(b.same_as(o) for o in scope.block_outputs)]


def usable_buffer(buf: tirx.Var) -> bool:
    return (
        all(isinstance(d, tirx.IntImm) and int(d) > 0 for d in buf.shape)
        and len(buf.shape) > 0
        and is_supported_dtype(str(buf.dtype))
        and not buf.strides
    )


def unguarded_sensitive_store(stmt: tirx.Stmt, sensitive_buffers: set[int]) -> bool:
    """A store into a buffer that feeds an index (e.g. a While counter) outside any While of `stmt`:
    removing it alone could leave the counter unset and the loop unbounded."""
    if not sensitive_buffers:
        return False

    def count(root: object) -> int:
        hits = [0]

        def visit(s: tirx.BufferStore) -> None:
            if s.buffer.__hash__() in sensitive_buffers:
                hits[0] += 1

        tvm_ffi.structural_walk(root, (tirx.BufferStore, visit))
        return hits[0]

    total = count(stmt)
    if total == 0:
        return False
    loops: list[tirx.While] = []
    tvm_ffi.structural_walk(stmt, (tirx.While, loops.append), order="pre")
    return total > sum(count(w) for w in loops)


def accesses_memory(node: object) -> bool:
    hit = tvm_ffi.structural_walk(
        node,
        (
            (tvm.ir.TensorLoad, tirx.BufferStore, *DIV_TYPES, *SHIFT_TYPES, tvm.ir.Call),
            lambda n: tvm_ffi.VisitInterrupt(n),
        ),
    )
    return hit is not None


def _intimm(node: object) -> int | None:
    return int(node.value) if isinstance(node, tirx.IntImm) else None


def _guarded_operand(node: object, role: str, bound: int) -> tuple[Path, object] | None:
    """The path to the operand of a generator-style guard and the operand, which may then vary
    freely (see module doc); None when `node` is no guard for `role`."""
    if role in (INDEX, SHIFT) and isinstance(node, tirx.FloorMod):
        c = _intimm(node.b)
        if c is not None and 0 < c <= bound:
            return (("a", -1),), node.a
    if role == DIVISOR and isinstance(node, tirx.Add) and isinstance(node.a, tirx.FloorMod):
        # floormod(x, c) + k lies in [k, c - 1 + k]: only x may change, not the FloorMod or the Add.
        c, k = _intimm(node.a.b), _intimm(node.b)
        if c is not None and k is not None and c > 0 and k >= 1:
            return (("a", -1), ("a", -1)), node.a.a
    if role in (ARITH, CAST) and isinstance(node, tirx.Min) and isinstance(node.a, tirx.Max):
        # min(max(x, lo), hi) with constant bounds: whatever x is, the value stays in [lo, hi]
        # (the clamp also turns NaN into a bound). The enclosing node was built for these bounds.
        lo, hi = node.a.b, node.b
        if isinstance(lo, (tirx.IntImm, tirx.FloatImm)) and isinstance(hi, (tirx.IntImm, tirx.FloatImm)):
            return (("a", -1), ("a", -1)), node.a.a
    return None


def _clamped_within(node: object, lo: int, hi: int) -> bool:
    """Whether `node` is `min(max(x, a), b)` with constants lo <= a <= b <= hi."""
    if not (isinstance(node, tirx.Min) and isinstance(node.a, tirx.Max)):
        return False
    a, b = node.a.b, node.b
    constants = (tirx.IntImm, tirx.FloatImm)
    return isinstance(a, constants) and isinstance(b, constants) and lo <= float(a.value) <= float(b.value) <= hi


class _Walker:
    def __init__(self, func: tirx.PrimFunc) -> None:
        self.func = func
        self.aliases = view_aliases(func.body)
        self.allocated = _allocated(func)
        # Stores a loop body must not skip: initialisations and While counters.
        self.must_run = self.allocated | _while_counters(func, self.aliases)
        self.loads = load_counts(func.body, self.aliases)
        self.s_tir = is_s_tir(func)
        self.holes: list[Hole] = []
        self.roots: list[tuple[Path, object]] = []  # sensitive subtrees
        self.binds: dict[int, list[tuple[Path, object]]] = {}  # var -> bound values
        self.stores: dict[int, list[tuple[Path, object]]] = {}  # buffer -> stored values
        self.has_decl_buffer = False
        self.scalar_params = tuple(p for p in func.params if not isinstance(p.ty, tirx.BufferType))

    # --- statements -------------------------------------------------------------------------
    def stmt(self, node: tirx.Stmt, path: Path, scope: Scope) -> None:
        # The root block of block IR must stay the whole body: anything around it would not
        # re-parse as the same function.
        if path or not isinstance(node, tvm.s_tir.SBlockRealize):
            self.holes.append(Hole(path, node, STMT, scope))
        self._stmt_children(node, path, scope)

    def _stmt_children(self, node: tirx.Stmt, path: Path, scope: Scope) -> None:
        if isinstance(node, tirx.SeqStmt):
            for i, item in enumerate(node.seq):
                self.stmt(item, (*path, ("seq", i)), scope)
                scope = _extend(scope, item)
                # Inside a loop a statement that stores into an allocation may fill it a little each
                # iteration (as a reduction does): only outside every loop does it count as filled.
                if scope.uninitialised and scope.trips <= 1 and not isinstance(item, tirx.AllocBuffer):
                    # The first statement storing into an allocation is taken as its initialisation
                    # (it can be neither removed nor redirected, see `Analysis.initialises`).
                    stored = stored_memory(item, self.aliases)
                    scope = replace(scope, uninitialised=tuple(m for m in scope.uninitialised if m not in stored))
        elif isinstance(node, tirx.For):
            self._sensitive(node.min, (*path, ("min", -1)))
            self._sensitive(node.extent, (*path, ("extent", -1)))
            kind = int(node.kind)
            trips = scope.trips * (_intimm(node.extent) or 8)
            inner = replace(
                self._loop_scope(scope, node.body),
                trips=trips,
                vars=(*scope.vars, node.loop_var),
                loop_vars=(*scope.loop_vars, node.loop_var),
                in_parallel=scope.in_parallel or kind == int(tirx.ForKind.PARALLEL),
                in_vectorized=scope.in_vectorized or kind == int(tirx.ForKind.VECTORIZED),
                in_vthread=scope.in_vthread or kind == int(tirx.ForKind.THREAD_BINDING),
            )
            if kind in (int(tirx.ForKind.PARALLEL), int(tirx.ForKind.VECTORIZED)):
                inner = race_region(inner, node.body, self.aliases)
            self.stmt(node.body, (*path, ("body", -1)), inner)
        elif isinstance(node, tirx.While):
            self._sensitive(node.condition, (*path, ("condition", -1)))
            inner = replace(self._loop_scope(scope, node.body), trips=scope.trips * 8)
            self.stmt(node.body, (*path, ("body", -1)), inner)
        elif isinstance(node, tirx.IfThenElse):
            cond_path = (*path, ("condition", -1))
            branches = [node.then_case] + ([node.else_case] if node.else_case is not None else [])
            if any(accesses_memory(b) for b in branches):
                self._sensitive(node.condition, cond_path)
            else:
                self.expr(node.condition, cond_path, scope)
            self.stmt(node.then_case, (*path, ("then_case", -1)), scope)
            if node.else_case is not None:
                self.stmt(node.else_case, (*path, ("else_case", -1)), scope)
        elif isinstance(node, tirx.Evaluate):
            self.expr(node.value, (*path, ("value", -1)), scope)
        elif isinstance(node, tirx.BufferStore):
            value_path = (*path, ("value", -1))
            self.stores.setdefault(node.buffer.__hash__(), []).append((value_path, node.value))
            self.expr(node.value, value_path, scope)
            self._indices(node.buffer, node.indices, path, scope, stored=True)
        elif isinstance(node, tirx.AttrStmt):
            self._sensitive(node.value, (*path, ("value", -1)))
            if isinstance(node.node, tirx.IterVar):
                scope = replace(
                    scope,
                    vars=(*scope.vars, node.node.var),
                    in_vthread=True,
                    trips=scope.trips * (_intimm(node.value) or 8),
                )
            self.stmt(node.body, (*path, ("body", -1)), scope)
        elif isinstance(node, tirx.AssertStmt):
            self._sensitive(node.condition, (*path, ("condition", -1)))
        elif isinstance(node, tirx.Bind):
            value_path = (*path, ("value", -1))
            self.binds.setdefault(node.var.__hash__(), []).append((value_path, node.value))
            self.expr(node.value, value_path, scope)
        elif isinstance(node, tvm.s_tir.SBlockRealize):
            for step, child in slots(node):
                if step[0] != "block":
                    self._sensitive(child, (*path, step))
            self._block(node.block, (*path, ("block", -1)), scope, root=not path)
        elif isinstance(node, tirx.DeclBuffer):
            self.has_decl_buffer = True

    def _loop_scope(self, scope: Scope, body: tirx.Stmt) -> Scope:
        return replace(scope, no_control=scope.no_control or stores_into(body, self.must_run, self.aliases))

    def _block(self, block: tvm.s_tir.SBlock, path: Path, scope: Scope, root: bool) -> None:
        # Inside a (non-root) block only block iter vars and function params are in scope:
        # the s_tir verifier rejects loop vars defined outside the block.
        buffers = (*scope.buffers, *block.alloc_buffers)
        # A block's allocations are uninitialised until the first statement of its body storing
        # into them (as for AllocBuffer in a sequence).
        scope = replace(scope, uninitialised=(*scope.uninitialised, *(b.__hash__() for b in block.alloc_buffers)))
        if root:
            inner = replace(scope, buffers=buffers)
        else:
            iter_vars = tuple(iv.var for iv in block.iter_vars)
            writes = (*(region.source for region in block.writes), *block.alloc_buffers)
            inner = replace(
                scope,
                vars=(*self.scalar_params, *iter_vars),
                loop_vars=(),
                buffers=buffers,
                in_block=True,
                block_writes=writes,
                block_outputs=tuple(region.source for region in block.writes),
            )
        self.stmt(block.body, (*path, ("body", -1)), inner)
        if block.init is not None:
            self.stmt(block.init, (*path, ("init", -1)), inner)

    def _indices(self, buf: tirx.Var, indices: object, path: Path, scope: Scope, stored: bool = False) -> None:
        for i, (index, dim) in enumerate(zip(indices, buf.shape, strict=False)):
            index_path = (*path, ("indices", i))
            extent = _intimm(dim)
            scalar = "x" not in str(index.ty)
            guarded = _guarded_operand(index, INDEX, extent or 0) if scalar else None
            # In a parallel/vectorized loop, a changed index could make iterations write one
            # element, or read an element another iteration writes.
            memory = storage(buf, self.aliases)
            shared = scope.private is not None and memory not in scope.private
            # A changed index in a store that initialises an allocation could leave elements unset;
            # in a load of an allocation it could read an element not written yet (many kernels
            # fill a buffer in the very loop that reads it, as a reduction does).
            initialising = stored and memory in self.allocated and self.loads.get(memory, 0) > 0
            reads_allocation = not stored and memory in self.allocated
            if initialising or reads_allocation or (shared and (stored or memory in scope.racy)):
                self._sensitive(index, index_path)
                continue
            if extent is not None and extent > 0 and scalar:
                self.holes.append(Hole(index_path, index, INDEX, scope, str(index.ty), extent, buf if stored else None))
            if guarded is None:
                self._sensitive(index, index_path)
            else:
                self._sensitive(index.b, (*index_path, ("b", -1)))
                self.expr(guarded[1], (*index_path, *guarded[0]), scope)

    # --- expressions ------------------------------------------------------------------------
    def expr(self, node: object, path: Path, scope: Scope, role: str = FREE, bound: int = 0) -> None:
        if role != FREE:
            guarded = _guarded_operand(node, role, bound)
            if guarded is None:
                self._sensitive(node, path)
                return
            # The guard's constant parts stay fixed; only its operand is a hole.
            self.expr(guarded[1], (*path, *guarded[0]), scope)
            return
        dtype = str(node.ty) if hasattr(node, "ty") else ""
        if is_supported_dtype(dtype):
            self.holes.append(Hole(path, node, EXPR, scope, dtype))
        if isinstance(node, DIV_TYPES):
            self.expr(node.a, (*path, ("a", -1)), scope)
            self.expr(node.b, (*path, ("b", -1)), scope, DIVISOR if dtype_is_int(dtype) else FREE)
        elif isinstance(node, SHIFT_TYPES):
            self.expr(node.a, (*path, ("a", -1)), scope)
            self.expr(node.b, (*path, ("b", -1)), scope, SHIFT, _bits(dtype))
        elif isinstance(node, ARITH_TYPES) and overflow_is_ub(dtype):
            self.expr(node.a, (*path, ("a", -1)), scope, ARITH)
            self.expr(node.b, (*path, ("b", -1)), scope, ARITH)
        elif isinstance(node, tirx.Cast) and is_float(str(node.value.ty)) and dtype_is_int(dtype):
            value_path = (*path, ("value", -1))
            if _clamped_within(node.value, *int_range(dtype)):
                self.expr(node.value, value_path, scope, CAST)
            else:
                self._sensitive(node.value, value_path)
        elif isinstance(node, tirx.Ramp):
            self._sensitive(node, path)
        elif isinstance(node, tirx.Let):
            value_path = (*path, ("value", -1))
            self.binds.setdefault(node.var.__hash__(), []).append((value_path, node.value))
            self.expr(node.value, value_path, scope)
            self.expr(node.body, (*path, ("body", -1)), replace(scope, vars=(*scope.vars, node.var)))
        elif isinstance(node, tvm.ir.TensorLoad):
            self._indices(node.source, node.indices, path, scope)
        elif isinstance(node, tvm.ir.Call):
            safe = node.op.name in SAFE_CALL_OPS
            for step, child in slots(node):
                if safe:
                    self.expr(child, (*path, step), scope)
                else:
                    self._sensitive(child, (*path, step))
        else:
            for step, child in slots(node):
                self.expr(child, (*path, step), scope)

    def _sensitive(self, node: object, path: Path) -> None:
        self.roots.append((path, node))


def dtype_is_int(dtype: str) -> bool:
    return dtype.startswith(("int", "uint"))


def _bits(dtype: str) -> int:
    base = dtype.split("x")[0]
    digits = "".join(ch for ch in base if ch.isdigit())
    return int(digits) if digits else 32


def _extend(scope: Scope, stmt: tirx.Stmt) -> Scope:
    """The scope after `stmt` in a sequence: Bind and buffer declarations reach its end."""
    if isinstance(stmt, tirx.Bind):
        return replace(scope, vars=(*scope.vars, stmt.var))
    if isinstance(stmt, (tirx.AllocBuffer, tirx.DeclBuffer)):
        return with_buffer(scope, stmt.buffer, allocated=isinstance(stmt, tirx.AllocBuffer))
    return scope


def with_buffer(scope: Scope, buf: tirx.Var, allocated: bool = True) -> Scope:
    """`scope` after declaring `buf`, a new allocation or a view: a buffer declared inside a block
    is writable there, an allocation inside a parallel loop is private to each iteration, and a
    new allocation is uninitialised."""
    writes = None if scope.block_writes is None else (*scope.block_writes, buf)
    private = scope.private
    if private is not None and allocated:
        private = (*private, buf.__hash__())
    uninitialised = (*scope.uninitialised, buf.__hash__()) if allocated else scope.uninitialised
    return replace(
        scope, buffers=(*scope.buffers, buf), block_writes=writes, private=private, uninitialised=uninitialised
    )


def race_region(scope: Scope, body: tirx.Stmt, aliases: dict[int, int]) -> Scope:
    """The scope inside a parallel/vectorized loop over `body`."""
    private = () if scope.private is None else scope.private
    racy = set(scope.racy) | (stored_memory(body, aliases) - set(private))
    return replace(scope, private=private, racy=tuple(sorted(racy)))


def _allocated(func: tirx.PrimFunc) -> set[int]:
    found: set[int] = set()
    tvm_ffi.structural_walk(func.body, (tirx.AllocBuffer, lambda a: found.add(a.buffer.__hash__())))
    tvm_ffi.structural_walk(
        func.body, (tvm.s_tir.SBlock, lambda b: found.update(buf.__hash__() for buf in b.alloc_buffers))
    )
    return found


def _while_counters(func: tirx.PrimFunc, aliases: dict[int, int]) -> set[int]:
    found: set[int] = set()

    def visit(loop: tirx.While) -> None:
        tvm_ffi.structural_walk(loop.condition, (tvm.ir.TensorLoad, lambda e: found.add(storage(e.source, aliases))))

    tvm_ffi.structural_walk(func.body, (tirx.While, visit))
    return found


def _collect(node: object) -> tuple[list[int], list[int]]:
    """Handles of the variables used and the buffers loaded in `node`."""
    var_ids: list[int] = []
    buf_ids: list[int] = []
    tvm_ffi.structural_walk(
        node,
        [
            (tvm.ir.TensorLoad, lambda n: buf_ids.append(n.source.__hash__())),
            (tirx.Var, lambda v: var_ids.append(v.__hash__())),
        ],
    )
    return var_ids, buf_ids


def _used_vars(func: tirx.PrimFunc) -> set[int]:
    used: set[int] = set()

    def visit(var: tirx.Var, kind: object) -> None:
        if kind == tvm_ffi.DefRegionKind.NONE:
            used.add(var.__hash__())

    tvm_ffi.structural_walk(func.body, with_def_region_kind=(tirx.Var, visit))
    return used


def _has_sensitive_prefix(path: Path, sensitive: set[Path]) -> bool:
    return any(path[:n] in sensitive for n in range(len(path) + 1))


def analyze(func: tirx.PrimFunc) -> Analysis:
    walker = _Walker(func)
    scope = Scope(vars=walker.scalar_params, buffers=tuple(p for p in func.params if isinstance(p.ty, tirx.BufferType)))
    walker.stmt(func.body, (), scope)

    # Propagate sensitivity through Bind/Let variables and through buffers to a fixpoint.
    sensitive_paths: set[Path] = set()
    sensitive_vars: set[int] = set()
    sensitive_buffers: set[int] = set()
    work = list(walker.roots)
    while work:
        path, node = work.pop()
        if path in sensitive_paths:
            continue
        sensitive_paths.add(path)
        var_ids, buf_ids = _collect(node)
        for v in var_ids:
            if v not in sensitive_vars:
                sensitive_vars.add(v)
                work.extend(walker.binds.get(v, []))
        for b in buf_ids:
            if b not in sensitive_buffers:
                sensitive_buffers.add(b)
                work.extend(walker.stores.get(b, []))
    # A whole index may be replaced by a fresh in-range one, unless it sits in a sensitive
    # subtree or selects which element of an index-feeding buffer is written.
    holes = [
        h
        for h in walker.holes
        if (h.kind != INDEX and not _has_sensitive_prefix(h.path, sensitive_paths))
        or (
            h.kind == INDEX
            and not _has_sensitive_prefix(h.path[:-1], sensitive_paths)
            and (h.stored is None or h.stored.__hash__() not in sensitive_buffers)
        )
    ]
    return Analysis(
        func,
        walker.s_tir,
        holes,
        sensitive_buffers,
        _used_vars(func),
        walker.has_decl_buffer,
        walker.aliases,
        walker.allocated,
        walker.loads,
    )
