"""A reference interpreter for TIR that stops at the first undefined behaviour.

The PrimFunc is first translated into nested Python closures (one per node, variables resolved to
slots of a list), then run: this avoids dispatching on node types inside loops.

Design choices (expressions.py has those about expressions):
- A failed AssertStmt raises AssertionFailed: defined behaviour, the compiled function raises.
- Parallel, vectorized and thread-bound loops (and vthread AttrStmts) run serially while a
  RaceTracker records per element which iterations read and wrote it; a thread body that reaches
  a barrier runs its threads in lockstep from barrier to barrier (barriers.py).
- Bounds are those of the flattened buffer (what the generated code addresses).
- AllocBuffer (and a block's alloc_buffers) give fresh storage each time they execute, with every
  element uninitialised; arguments are initialised.
- The step budget counts loop iterations (a whole loop is charged before it runs) and While rounds,
  an iteration of a loop whose body holds more than NODES_PER_STEP nodes once per that many
  (c40's hang-91f82910: 80k iterations of a 3,000-node body ran for minutes within the budget).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
import tvm
import tvm_ffi
from tvm import tirx

from tzer.reference import access
from tzer.reference.barriers import BarrierCompiler, reaches_barrier
from tzer.reference.errors import AssertionFailed, BudgetExceeded, Unsupported
from tzer.reference.expressions import Env, ExpressionCompiler, LoopBreak, LoopContinue, dtype_of
from tzer.reference.memory import RaceTracker, RegionTracker, Storage, View
from tzer.reference.values import from_python

# The nodes of a loop body one step of the budget pays for.
NODES_PER_STEP = 16

StmtFn = Callable[[Env], None]

PARALLEL_KINDS = (int(tirx.ForKind.PARALLEL), int(tirx.ForKind.VECTORIZED), int(tirx.ForKind.THREAD_BINDING))
COMM_REDUCE = int(tirx.IterVar.CommReduce)
DATA_PAR = int(tirx.IterVar.DataPar)
THREAD_ATTRS = ("virtual_thread", "thread_extent")


def run_iteration(body: StmtFn, env: Env) -> bool:
    """Run one iteration of a loop body; False when it breaks out of the loop."""
    try:
        body(env)
    except LoopContinue:
        pass
    except LoopBreak:
        return False
    return True


class Interpreter(BarrierCompiler, ExpressionCompiler):
    """Compiles one PrimFunc into closures; `run` executes it on concrete arguments."""

    def __init__(self, func: tirx.PrimFunc, step_budget: int, strict: bool = False,
                 vscale: int | None = None, narrow_uint: bool = False) -> None:
        super().__init__(strict, vscale, narrow_uint)
        self.func = func
        self.budget = step_budget
        self.remaining = step_budget
        self.param_slots = [self.define(p) for p in func.params]
        self.offset_slots = [
            self.define(info.offset_var)
            for info in (self.buffer(p) for p in func.params if isinstance(p.ty, tirx.BufferType))
            if info.offset_var is not None
        ]
        self.body = self.stmt(func.body)

    def charge(self, steps: int) -> None:
        self.remaining -= steps
        if self.remaining < 0:
            raise BudgetExceeded(f"more than {self.budget} loop iterations")

    def run(self, args: list[np.ndarray | int | float | bool]) -> list[np.ndarray]:
        params = self.func.params
        if len(args) != len(params):
            raise ValueError(f"{len(params)} parameters, {len(args)} arguments")
        env: Env = [None] * len(self.slots)
        outputs: list[np.ndarray] = []
        for slot in self.offset_slots:
            env[slot] = 0
        for param, slot, arg in zip(params, self.param_slots, args, strict=True):
            if isinstance(param.ty, tirx.BufferType):
                info = self.buffer(param)
                array = np.array(arg, dtype=info.dtype.np_type, copy=True)
                if array.size < info.extent:
                    raise ValueError(f"argument for {param.name} has {array.size} elements, needs {info.extent}")
                outputs.append(array)
                storage = Storage(array.reshape(-1), param.name, initialised=True)
                env[slot] = View(storage, info.elem_offset, info.extent, param.name)
            else:
                env[slot] = from_python(arg, dtype_of(param))
        try:
            self.body(env)
        except (LoopBreak, LoopContinue) as error:
            raise Unsupported(error.construct, "outside any loop") from None
        return outputs

    # --- statements --------------------------------------------------------------------------
    def stmt(self, s: tirx.Stmt) -> StmtFn:
        handler = getattr(self, "_s_" + type(s).__name__, None)
        if handler is None:
            raise Unsupported(type(s).__name__)
        return handler(s)

    def _s_SeqStmt(self, s: tirx.SeqStmt) -> StmtFn:
        fns = [self.stmt(x) for x in s.seq]

        def seq(env: Env) -> None:
            for f in fns:
                f(env)

        return seq

    def _s_Bind(self, s: tirx.Bind) -> StmtFn:
        value = self.expr(s.value)
        slot = self.define(s.var)

        def bind(env: Env) -> None:
            env[slot] = value(env)

        return bind

    def _s_LetStmt(self, s: tirx.Stmt) -> StmtFn:
        value = self.expr(s.value)
        slot = self.define(s.var)
        body = self.stmt(s.body)

        def let(env: Env) -> None:
            env[slot] = value(env)
            body(env)

        return let

    def _s_Evaluate(self, s: tirx.Evaluate) -> StmtFn:
        value = self.expr(s.value)

        def evaluate(env: Env) -> None:
            value(env)

        return evaluate

    def _sLoopBreak(self, s: tirx.Stmt) -> StmtFn:
        def jump(env: Env) -> None:
            raise LoopBreak

        return jump

    def _sLoopContinue(self, s: tirx.Stmt) -> StmtFn:
        def jump(env: Env) -> None:
            raise LoopContinue

        return jump

    def _s_BufferStore(self, s: tirx.BufferStore) -> StmtFn:
        buf = s.buffer
        info, slot = self.buffer(buf), self.use(buf)
        value = self.expr(s.value)
        lanes = dtype_of(s.value).lanes
        if len(s.indices) != len(info.strides):
            raise Unsupported("BufferStore", f"{len(s.indices)} indices into {buf.name} of rank {len(info.strides)}")
        trackers = self.trackers
        if lanes == 1 and all(dtype_of(i).lanes == 1 for i in s.indices):
            flat = access.flat_index(self.indices(s.indices), info.strides, info.shape)

            # access.write inlined: scalar stores are the hot path.
            def store(env: Env) -> None:
                v = value(env)
                view = env[slot]
                i = flat(env)
                if not 0 <= i < view.limit:
                    raise access.out_of_bounds(view, i, "write")
                storage = view.storage
                j = i + view.offset
                if trackers:
                    for tracker in trackers:
                        tracker.access(storage, j, True)
                storage.data[j] = v
                if storage.init is not None:
                    storage.init[j] = 1

            return store

        index_lanes = max(dtype_of(i).lanes for i in s.indices)
        index_fns = [self.expr(i) for i in s.indices]
        flats = access.vector_flat_index(index_fns, info.strides, max(lanes, index_lanes))
        write = access.write

        def vector_store(env: Env) -> None:
            v = value(env)
            view = env[slot]
            indices = flats(env)
            values = v if isinstance(v, tuple) else (v,) * len(indices)
            for i, x in zip(indices, values, strict=True):
                write(view, i, x, trackers)

        return vector_store

    def _loop(self, slot: int, body: StmtFn, name: str, parallel: bool,
              private_slots: tuple[int, ...] = ()) -> Callable[[Env, range], None]:
        """Run `body` with the loop variable at each value of a range; in a parallel loop, the
        buffers at `private_slots` are each iteration's own (see `private_buffers`)."""
        trackers = self.trackers

        def serial(env: Env, values: range, tracker: RaceTracker | None = None) -> None:
            for i in values:
                if tracker is not None:
                    tracker.iteration = i
                env[slot] = i
                if not run_iteration(body, env):
                    break

        if not parallel:
            return serial

        def tracked(env: Env, values: range) -> None:
            tracker = RaceTracker(name, frozenset(env[slot].storage.ident for slot in private_slots))
            trackers.append(tracker)
            try:
                serial(env, values, tracker)
            finally:
                trackers.pop()

        return tracked

    def _s_For(self, s: tirx.For) -> StmtFn:
        kind = int(s.kind)
        parallel = kind in PARALLEL_KINDS
        label = f"{tirx.ForKind(kind).name.lower()} loop over {s.loop_var.name}"
        lo, extent = self.expr(s.min), self.expr(s.extent)
        step = self.expr(s.step) if s.step is not None else None
        if parallel and reaches_barrier(s.body) and s.step is None:
            run = self.lockstep(self.define(s.loop_var), s.body, label)
        else:
            private = tuple(self.use(buf) for buf in private_buffers(s, *self._function_accesses)) \
                if kind == int(tirx.ForKind.PARALLEL) else ()
            run = self._loop(self.define(s.loop_var), self.stmt(s.body), label, parallel, private)
        charge = self.charge
        weight = max(1, _node_count(s.body) // NODES_PER_STEP)

        def loop(env: Env) -> None:
            start, count = lo(env), extent(env)
            stride = step(env) if step is not None else 1
            if stride <= 0:
                # `v += step` never reaches the end: the compiled loop spins until v overflows.
                raise Unsupported("For", f"step {stride}")
            values = range(start, start + count, stride)
            charge(len(values) * weight)
            run(env, values)

        return loop

    @functools.cached_property
    def _function_accesses(self) -> tuple[dict[tirx.Var, int], list[tirx.Var]]:
        """The whole function's accesses per buffer and its blocks' buffers, for `private_buffers`:
        walked once, at the first parallel loop."""
        return _accesses(self.func.body), _block_allocations(self.func.body)

    def _s_While(self, s: tirx.While) -> StmtFn:
        cond, body, charge = self.expr(s.condition), self.stmt(s.body), self.charge

        def loop(env: Env) -> None:
            while cond(env):
                charge(1)
                if not run_iteration(body, env):
                    break

        return loop

    def _s_IfThenElse(self, s: tirx.IfThenElse) -> StmtFn:
        cond, then = self.expr(s.condition), self.stmt(s.then_case)
        other = self.stmt(s.else_case) if s.else_case is not None else None

        def branch(env: Env) -> None:
            if cond(env):
                then(env)
            elif other is not None:
                other(env)

        return branch

    def _s_AttrStmt(self, s: tirx.AttrStmt) -> StmtFn:
        if s.attr_key in THREAD_ATTRS and isinstance(s.node, tirx.IterVar):
            var = s.node.var
            extent, charge, label = self.expr(s.value), self.charge, f"{s.attr_key} {var.name}"
            if reaches_barrier(s.body):
                run = self.lockstep(self.define(var), s.body, label)
            else:
                run = self._loop(self.define(var), self.stmt(s.body), label, True)

            def threads(env: Env) -> None:
                values = range(extent(env))
                charge(len(values))
                run(env, values)

            return threads
        return self.stmt(s.body)

    def _s_AssertStmt(self, s: tirx.AssertStmt) -> StmtFn:
        cond = self.expr(s.condition)
        message = "".join(str(p.value) if isinstance(p, tvm.ir.StringImm) else str(p) for p in s.message_parts)
        kind = s.error_kind.value if isinstance(s.error_kind, tvm.ir.StringImm) else str(s.error_kind)

        def check(env: Env) -> None:
            if not cond(env):
                raise AssertionFailed(f"{kind}: {message}")

        return check

    def _allocate(self, buf: tirx.Var) -> StmtFn:
        info, slot = self.buffer(buf), self.define(buf)
        info.require_static()
        np_type, name = info.dtype.np_type, buf.name
        size = info.elem_offset + info.extent

        def alloc(env: Env) -> None:
            storage = Storage(np.zeros(size, dtype=np_type), name, initialised=False)
            env[slot] = View(storage, info.elem_offset, info.extent, name)

        return alloc

    def _s_AllocBuffer(self, s: tirx.AllocBuffer) -> StmtFn:
        alloc, slot, stack = self._allocate(s.buffer), self.use(s.buffer), self.block_regions

        def allocate(env: Env) -> None:
            alloc(env)
            # Storage allocated inside a block instance is that instance's own, as its
            # alloc_buffers are: no other instance sees it, so no region needs to declare it.
            if stack:
                stack[-1].local.add(env[slot].storage.ident)

        return allocate

    def _s_DeclBuffer(self, s: tirx.DeclBuffer) -> StmtFn:
        data = s.data
        if not (isinstance(data, tvm.ir.Call) and getattr(data.op, "name", None) == "tirx.buffer_data"):
            raise Unsupported("DeclBuffer", f"over {type(data).__name__} data")
        base = data.args[0]
        info, base_info = self.buffer(s.buffer), self.buffer(base)
        info.require_static()
        if info.dtype != base_info.dtype:
            raise Unsupported("DeclBuffer", f"{info.dtype.name} view of {base_info.dtype.name} data")
        slot, base_slot, name = self.define(s.buffer), self.use(base), s.buffer.name

        def declare(env: Env) -> None:
            env[slot] = View(env[base_slot].storage, info.elem_offset, info.extent, name)

        return declare

    def _s_SBlockRealize(self, s: tvm.s_tir.SBlockRealize) -> StmtFn:
        block = s.block
        if len(block.match_buffers):
            raise Unsupported("SBlock.match_buffers")
        predicate = self.expr(s.predicate)
        values = [self.expr(v) for v in s.iter_values]
        slots = [self.define(iv.var) for iv in block.iter_vars]
        allocs = [self._allocate(b) for b in block.alloc_buffers]
        body = self.stmt(block.body)
        init = self.stmt(block.init) if block.init is not None else None
        # LowerInitBlock: the init runs when every reduction iter var is at the start of its domain.
        reductions = [
            (self.use(iv.var), self.expr(iv.dom.min)) for iv in block.iter_vars if int(iv.iter_type) == COMM_REDUCE
        ]
        local_slots = [self.use(b) for b in block.alloc_buffers]
        regions = self._regions(block) if len(block.iter_vars) else None
        trackers, stack, name = self.trackers, self.block_regions, block.name_hint

        def run(env: Env, tracker: RegionTracker | None = None) -> None:
            for alloc in allocs:
                alloc(env)
            if tracker is not None:
                tracker.local.update(env[slot].storage.ident for slot in local_slots)
            if init is not None and all(env[slot] == start(env) for slot, start in reductions):
                init(env)
            body(env)

        def realize(env: Env) -> None:
            if not predicate(env):
                return
            bound = [f(env) for f in values]
            for slot, value in zip(slots, bound, strict=True):
                env[slot] = value
            if regions is None:
                run(env)
                return
            tracker = RegionTracker(name, *regions(env))
            outer = stack[-1] if stack else None
            if outer is not None:
                outer.paused = True
            stack.append(tracker)
            trackers.append(tracker)
            try:
                run(env, tracker)
            finally:
                trackers.pop()
                stack.pop()
                if outer is not None:
                    outer.paused = False

        return realize

    def _regions(self, block: tvm.s_tir.SBlock) -> Callable[[Env], tuple[dict, dict, dict]]:
        """The block's declared read and write regions, as boxes per storage, for one instance, and
        why a region reaches beyond its buffer, per storage (see RegionTracker)."""
        specs = []
        for write, region in [(False, r) for r in block.reads] + [(True, r) for r in block.writes]:
            buf = region.source  # the buffer (a Var of BufferType in TVM 0.27)
            bounds = [(self.expr(r.min), self.expr(r.extent)) for r in region.region]
            info = self.buffer(buf)
            specs.append((write, self.use(buf), info.strides, bounds, info.shape, info.name))
        name = block.name_hint

        def evaluate(env: Env) -> tuple[dict, dict, dict]:
            reads: dict[int, list] = {}
            writes: dict[int, list] = {}
            beyond: dict[int, str] = {}
            for write, slot, strides, bounds, shape, buffer in specs:
                view = env[slot]
                box = tuple((lo(env), lo(env) + extent(env)) for lo, extent in bounds)
                # Only a region with no element in its buffer: a region that overlaps it is what
                # TVM's region detection makes of a guarded access next to an unguarded one.
                if any(hi <= 0 or lo >= dim for (lo, hi), dim in zip(box, shape, strict=True)):
                    declared = ", ".join(f"{lo}:{hi}" for lo, hi in box)
                    beyond[view.storage.ident] = f"block {name} declares {buffer}[{declared}] outside its shape {shape}"
                (writes if write else reads).setdefault(view.storage.ident, []).append((view.offset, strides, box))
            return reads, writes, beyond

        return evaluate


def _node_count(stmt: tirx.Stmt) -> int:
    # tirkit.nodes.node_count counts the same, but the interpreter imports nothing of tzer's
    # compiler-side packages (the import contract keeps the judge independent of what it judges).
    count = [0]

    def visit(_node: object) -> None:
        count[0] += 1

    tvm_ffi.structural_walk(stmt, [((tirx.Stmt, tvm.ir.Expr), visit)], order="pre")
    return count[0]


def interpret(
    func: tirx.PrimFunc, args: list[np.ndarray | int | float | bool], *, step_budget: int = 2_000_000,
    strict: bool = False, vscale: int | None = None, narrow_uint: bool = False,
) -> list[np.ndarray]:
    """Run `func` on copies of `args`; return every buffer argument afterwards, in parameter order.

    Raises UndefinedBehaviour at the first UB, Unsupported for a construct it does not implement,
    BudgetExceeded when loops run more than `step_budget` iterations and AssertionFailed when an
    AssertStmt fails.

    `strict` also counts what only TVM's constant folder refuses and the hardware defines: a
    float division by a zero built from constants and loop variables, an int32/int64 left shift
    past the range. A test TVM refused for one of these is the test's fault; a test that
    compiled is judged by what its code does at run time. `narrow_uint` counts a uint8/uint16 add,
    sub or mul out of range, which the hardware wraps and the folder refuses once it knows the
    operands: only for a test TVM refused for that.

    `vscale` is the value of T.vscale() (the scalable vector length in units of 128 bits on SVE,
    64 on RVV) on the machine whose result is wanted; without it, a function using it is Unsupported.
    """
    # IEEE exceptions (overflow to inf, NaN, division by zero) are defined results, not warnings.
    with np.errstate(all="ignore"):
        try:
            return Interpreter(func, step_budget, strict, vscale, narrow_uint).run(args)
        except RecursionError as error:  # compiling or running closures nested deeper than Python allows
            raise Unsupported("nesting depth", "the program nests too deeply") from error


def private_buffers(loop: tirx.For, everywhere: dict[tirx.Var, int], allocated: list[tirx.Var]) -> list[tirx.Var]:
    """The buffers a block outside the parallel `loop` allocates that only its body accesses: the
    lowering plans each block's buffer at the lowest common ancestor of its accesses
    (PlanAndUpdateBufferAllocationLocation), inside the loop, so each iteration has its own
    (compute_at's producers write overlapping tiles of one buffer, from every iteration). None where
    the loop binds a block's reduction or opaque iterator: the planner then keeps the buffers the
    block accesses above the loop. `everywhere` and `allocated` are the function's (`_accesses`,
    `_block_allocations`)."""
    if _binds_non_data_parallel(loop):
        return []
    inside = _accesses(loop.body)
    allocated_inside = set(_block_allocations(loop.body))
    return [buf for buf in allocated
            if buf not in allocated_inside and 0 < inside.get(buf, 0) == everywhere.get(buf, 0)]


def _accesses(root: tirx.Stmt) -> dict[tirx.Var, int]:
    """How many loads, stores, declared regions and opaque uses (a call's argument) name each buffer."""
    counts: dict[tirx.Var, int] = {}

    def note(buf: tirx.Var) -> None:
        counts[buf] = counts.get(buf, 0) + 1

    def call(node: tvm.ir.Call) -> None:
        for arg in node.args:
            if isinstance(arg, tirx.Var):
                note(arg)

    # BufferLoad and BufferRegion build TensorLoad and TensorRegion nodes, whose source is the buffer.
    tvm_ffi.structural_walk(root, [(tvm.ir.TensorLoad, lambda n: note(n.source)),
                                   (tvm.ir.TensorRegion, lambda n: note(n.source)),
                                   (tirx.BufferStore, lambda n: note(n.buffer)), (tvm.ir.Call, call)])
    return counts


def _block_allocations(root: tirx.Stmt) -> list[tirx.Var]:
    found: list[tirx.Var] = []
    tvm_ffi.structural_walk(root, (tvm.s_tir.SBlock, lambda block: found.extend(block.alloc_buffers)))
    return found


def _binds_non_data_parallel(loop: tirx.For) -> bool:
    def binds(realize: tvm.s_tir.SBlockRealize) -> tvm_ffi.VisitInterrupt | None:
        for iv, value in zip(realize.block.iter_vars, realize.iter_values, strict=True):
            if int(iv.iter_type) != DATA_PAR and _uses(value, loop.loop_var):
                return tvm_ffi.VisitInterrupt(realize)
        return None

    return tvm_ffi.structural_walk(loop.body, (tvm.s_tir.SBlockRealize, binds)) is not None


def _uses(expr: tvm.ir.Expr, var: tirx.Var) -> bool:
    return tvm_ffi.structural_walk(expr, (tirx.Var, lambda v: tvm_ffi.VisitInterrupt(v) if v.same_as(var) else None)) \
        is not None
