"""A reference interpreter for TIR that stops at the first undefined behaviour.

The PrimFunc is first translated into nested Python closures (one per node, variables resolved to
slots of a list), then run: this avoids dispatching on node types inside loops.

Design choices:
- Select, And and Or evaluate both operands, as the LLVM code does; UB in the unselected arm of a
  Select is reported too (TIR allows Select to evaluate both arms, so guarding with it is already
  a bug). `if_then_else` evaluates only the taken arm.
- A failed AssertStmt raises AssertionFailed: defined behaviour, the compiled function raises.
- Parallel, vectorized and thread-bound loops (and vthread AttrStmts) run serially while a
  RaceTracker records per element which iterations read and wrote it.
- Bounds are those of the flattened buffer (what the generated code addresses).
- The step budget counts loop iterations (a whole loop is charged before it runs) and While rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import tvm
from tvm import tirx

from tzer.reference import access, intrinsics
from tzer.reference.errors import AssertionFailed, BudgetExceeded, Unsupported
from tzer.reference.memory import RaceTracker, Storage, View
from tzer.reference.values import DType, binary, bitwise_not, cast, constant, from_python, parse_dtype, reinterpret

Env = list
ExprFn = Callable[[Env], Any]
StmtFn = Callable[[Env], None]

PARALLEL_KINDS = (int(tirx.ForKind.PARALLEL), int(tirx.ForKind.VECTORIZED), int(tirx.ForKind.THREAD_BINDING))
COMM_REDUCE = int(tirx.IterVar.CommReduce)
BINARY_NODES = frozenset(
    "Add Sub Mul Div Mod FloorDiv FloorMod Min Max EQ NE LT LE GT GE And Or "
    "BitwiseAnd BitwiseOr BitwiseXor LShift RShift".split()
)
# Intrinsic spellings of node operations.
CALL_AS_BINARY = {
    "tirx.bitwise_and": "BitwiseAnd",
    "tirx.bitwise_or": "BitwiseOr",
    "tirx.bitwise_xor": "BitwiseXor",
    "tirx.shift_left": "LShift",
    "tirx.shift_right": "RShift",
}
THREAD_ATTRS = ("virtual_thread", "thread_extent")


class _Break(Exception):
    construct = "tirx.break_loop"


class _Continue(Exception):
    construct = "tirx.continue_loop"


def dtype_of(expr: tvm.ir.Expr) -> DType:
    return parse_dtype(str(expr.ty))


def _static_int(expr: object, what: str) -> int:
    if isinstance(expr, int):
        return expr
    if isinstance(expr, tirx.IntImm):
        return int(expr.value)
    raise Unsupported(what, f"non-constant {expr}")


def _lanewise(fn: Callable, arg_fns: list[ExprFn], lanes: int) -> ExprFn:
    """Apply a scalar function to scalar operands, or lane by lane to vector ones."""
    if lanes == 1:
        if len(arg_fns) == 1:
            (fa,) = arg_fns
            return lambda env: fn(fa(env))
        if len(arg_fns) == 2:
            fa, fb = arg_fns
            return lambda env: fn(fa(env), fb(env))
        return lambda env: fn(*(f(env) for f in arg_fns))

    def vector(env: Env) -> tuple:
        values = [f(env) for f in arg_fns]
        columns = [v if isinstance(v, tuple) else (v,) * lanes for v in values]
        return tuple(fn(*lane) for lane in zip(*columns, strict=True))

    return vector


class _BufferInfo:
    """What a buffer's declaration says statically: element dtype, extent and strides."""

    def __init__(self, buf: tirx.Var) -> None:
        self.name = buf.name
        self.dtype = parse_dtype(str(buf.dtype))
        if self.dtype.lanes != 1:
            raise Unsupported("vector-typed buffer", f"{buf.name}: {buf.dtype}")
        self.shape = tuple(_static_int(d, "symbolic buffer shape") for d in buf.shape)
        strides = [_static_int(s, "symbolic buffer strides") for s in buf.ty.strides]
        if not strides:
            acc = 1
            for dim in reversed(self.shape):
                strides.insert(0, acc)
                acc *= dim
        self.strides = tuple(strides)
        # One past the furthest element the declaration can address.
        if any(dim == 0 for dim in self.shape):
            self.extent = 0
        else:
            self.extent = 1 + sum((dim - 1) * stride for dim, stride in zip(self.shape, self.strides, strict=True))
        offset = buf.ty.elem_offset
        # A parameter's symbolic offset (offset_factor) is bound from the argument, whose offset is 0.
        self.offset_var = offset if isinstance(offset, tirx.Var) else None
        self.elem_offset = 0 if self.offset_var is not None else _static_int(offset, "symbolic elem_offset")

    def require_static(self) -> None:
        if self.offset_var is not None:
            raise Unsupported("symbolic elem_offset", f"on {self.name}, which is not a parameter")


class Interpreter:
    """Compiles one PrimFunc into closures; `run` executes it on concrete arguments."""

    def __init__(self, func: tirx.PrimFunc, step_budget: int) -> None:
        self.func = func
        self.budget = step_budget
        self.remaining = step_budget
        self.slots: dict[tirx.Var, int] = {}
        self.buffers: dict[tirx.Var, _BufferInfo] = {}
        # The parallel loops being executed, innermost last; accesses check it before tracking.
        self.trackers: list[RaceTracker] = []
        self.param_slots = [self.define(p) for p in func.params]
        self.offset_slots = [
            self.define(info.offset_var)
            for info in (self.buffer(p) for p in func.params if isinstance(p.ty, tirx.BufferType))
            if info.offset_var is not None
        ]
        self.body = self.stmt(func.body)

    # --- bookkeeping -------------------------------------------------------------------------
    def define(self, var: tirx.Var) -> int:
        """The env slot of a variable the code being compiled binds (param, loop var, let, ...)."""
        index = self.slots.get(var)
        if index is None:
            index = self.slots[var] = len(self.slots)
        return index

    def use(self, var: tirx.Var) -> int:
        # Closures are compiled in program order, so a use before any definition is a free var.
        index = self.slots.get(var)
        if index is None:
            raise Unsupported("free variable", var.name)
        return index

    def buffer(self, buf: tirx.Var) -> _BufferInfo:
        info = self.buffers.get(buf)
        if info is None:
            info = self.buffers[buf] = _BufferInfo(buf)
        return info

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
        with np.errstate(all="ignore"):
            try:
                self.body(env)
            except RecursionError as error:
                raise Unsupported("nesting depth", "the program nests too deeply") from error
            except (_Break, _Continue) as error:
                raise Unsupported(error.construct, "outside any loop") from None
        return outputs

    # --- expressions -------------------------------------------------------------------------
    def expr(self, e: tvm.ir.Expr) -> ExprFn:
        name = type(e).__name__
        if name in BINARY_NODES:
            return self._binary(name, e.a, e.b, dtype_of(e))
        handler = getattr(self, "_e_" + name, None)
        if handler is None:
            raise Unsupported(name)
        return handler(e)

    def _binary(self, op: str, a: tvm.ir.Expr, b: tvm.ir.Expr, result: DType) -> ExprFn:
        operand = dtype_of(a)
        fn = binary(op, operand.element())
        return _lanewise(fn, [self.expr(a), self.expr(b)], max(operand.lanes, result.lanes))

    def _e_IntImm(self, e: tirx.IntImm) -> ExprFn:
        value = constant(int(e.value), dtype_of(e))
        return lambda env: value

    def _e_FloatImm(self, e: tirx.FloatImm) -> ExprFn:
        value = constant(float(e.value), dtype_of(e))
        return lambda env: value

    def _e_Var(self, e: tirx.Var) -> ExprFn:
        if isinstance(e.ty, tirx.BufferType):
            raise Unsupported("buffer used as a value", e.name)
        slot = self.use(e)
        return lambda env: env[slot]

    def _e_Not(self, e: tvm.ir.Expr) -> ExprFn:
        return _lanewise(lambda a: not a, [self.expr(e.a)], dtype_of(e).lanes)

    def _e_BitwiseNot(self, e: tvm.ir.Expr) -> ExprFn:
        dt = dtype_of(e)
        return _lanewise(bitwise_not(dt.element()), [self.expr(e.a)], dt.lanes)

    def _e_Select(self, e: tvm.ir.Expr) -> ExprFn:
        fns = [self.expr(e.condition), self.expr(e.true_value), self.expr(e.false_value)]
        return _lanewise(lambda c, t, f: t if c else f, fns, dtype_of(e).lanes)

    def _e_Cast(self, e: tvm.ir.Expr) -> ExprFn:
        src, dst = dtype_of(e.value).element(), dtype_of(e)
        element = dst.element()
        return _lanewise(lambda v: cast(v, src, element), [self.expr(e.value)], dst.lanes)

    def _e_Let(self, e: tvm.ir.Expr) -> ExprFn:
        value = self.expr(e.value)
        slot = self.define(e.var)
        body = self.expr(e.body)

        def let(env: Env) -> Any:
            env[slot] = value(env)
            return body(env)

        return let

    def _e_Ramp(self, e: tvm.ir.Expr) -> ExprFn:
        lanes = _static_int(e.lanes, "scalable Ramp")
        base, stride = self.expr(e.base), self.expr(e.stride)
        add = binary("Add", dtype_of(e.base))
        mul = binary("Mul", dtype_of(e.base))

        def ramp(env: Env) -> tuple:
            b, st = base(env), stride(env)
            return tuple(add(b, mul(st, i)) for i in range(lanes))

        return ramp

    def _e_Broadcast(self, e: tvm.ir.Expr) -> ExprFn:
        lanes = _static_int(e.lanes, "scalable Broadcast")
        value = self.expr(e.value)
        return lambda env: (value(env),) * lanes

    def _e_Shuffle(self, e: tvm.ir.Expr) -> ExprFn:
        vectors = [self.expr(v) for v in e.vectors]
        indices = [_static_int(i, "Shuffle index") for i in e.indices]

        def shuffle(env: Env) -> Any:
            lanes: list = []
            for f in vectors:
                v = f(env)
                lanes.extend(v if isinstance(v, tuple) else (v,))
            picked = tuple(lanes[i] for i in indices)
            return picked if len(picked) != 1 else picked[0]

        return shuffle

    def _e_TensorLoad(self, e: tvm.ir.Expr) -> ExprFn:
        # BufferLoad(buf, indices) builds a TensorLoad whose source is the buffer var.
        buf = e.source
        if not (isinstance(buf, tirx.Var) and isinstance(buf.ty, tirx.BufferType)):
            raise Unsupported("TensorLoad", f"from {type(buf).__name__}")
        info, slot = self.buffer(buf), self.use(buf)
        lanes = dtype_of(e).lanes
        as_python = info.dtype.kind != "float"
        index_fns = [self.expr(i) for i in e.indices]
        if len(index_fns) != len(info.strides):
            raise Unsupported("BufferLoad", f"{len(index_fns)} indices into {buf.name} of rank {len(info.strides)}")
        trackers = self.trackers
        if lanes == 1 and all(dtype_of(i).lanes == 1 for i in e.indices):
            flat = access.flat_index(index_fns, info.strides)

            def load(env: Env) -> Any:
                view = env[slot]
                i = flat(env)
                if not 0 <= i < view.limit:
                    raise access.out_of_bounds(view, i, "read")
                storage = view.storage
                j = i + view.offset
                if storage.init is not None and not storage.init[j]:
                    raise access.uninitialised(view, i)
                if trackers:
                    for tracker in trackers:
                        tracker.access(storage, j, False)
                return storage.data.item(j) if as_python else storage.data[j]

            return load

        flats = access.vector_flat_index(index_fns, info.strides, lanes)
        read = access.read

        def vector_load(env: Env) -> tuple:
            view = env[slot]
            return tuple(read(view, i, trackers, as_python) for i in flats(env))

        return vector_load

    def _e_Call(self, e: tvm.ir.Expr) -> ExprFn:
        op = e.op
        if not isinstance(op, tvm.ir.Op):
            raise Unsupported("Call", f"to {op}")
        # A few ops are registered as "prim.*" (prim.if_then_else, prim.ceil, ...), the rest "tirx.*".
        name = "tirx." + op.name.split(".", 1)[1] if op.name.startswith("prim.") else op.name
        args = list(e.args)
        if name in ("tirx.break_loop", "tirx.continue_loop"):
            signal = _Break if name == "tirx.break_loop" else _Continue

            def jump(env: Env) -> Any:
                raise signal

            return jump
        if not name.startswith("tirx.") or not args:
            raise Unsupported(name)
        result = dtype_of(e)
        if name == "tirx.if_then_else":
            return self._if_then_else(args, result)
        if name == "tirx.likely":
            return self.expr(args[0])
        if name in CALL_AS_BINARY:
            return self._binary(CALL_AS_BINARY[name], args[0], args[1], result)
        if name == "tirx.bitwise_not":
            return _lanewise(bitwise_not(result.element()), [self.expr(args[0])], result.lanes)
        if name == "tirx.reinterpret":
            src, dst = dtype_of(args[0]).element(), result.element()
            return _lanewise(lambda v: reinterpret(v, src, dst), [self.expr(args[0])], result.lanes)
        if name in ("tirx.call_pure_extern", "tirx.call_extern"):
            if not args or not isinstance(args[0], tvm.ir.StringImm):
                raise Unsupported(name)
            fn = intrinsics.extern(args[0].value, result.element())
            return _lanewise(fn, [self.expr(a) for a in args[1:]], result.lanes)
        if not intrinsics.known(name[len("tirx.") :]):
            raise Unsupported(name)
        lanes = max([result.lanes] + [dtype_of(a).lanes for a in args])
        fn = intrinsics.intrinsic(name[len("tirx.") :], dtype_of(args[0]).element())
        return _lanewise(fn, [self.expr(a) for a in args], lanes)

    def _if_then_else(self, args: list, result: DType) -> ExprFn:
        if dtype_of(args[0]).lanes != 1:
            raise Unsupported("tirx.if_then_else", "vector condition")
        cond, then, other = (self.expr(a) for a in args)
        return lambda env: then(env) if cond(env) else other(env)

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

    def _s_Break(self, s: tirx.Stmt) -> StmtFn:
        def jump(env: Env) -> None:
            raise _Break

        return jump

    def _s_Continue(self, s: tirx.Stmt) -> StmtFn:
        def jump(env: Env) -> None:
            raise _Continue

        return jump

    def _s_BufferStore(self, s: tirx.BufferStore) -> StmtFn:
        if getattr(s, "predicate", None) is not None:
            raise Unsupported("predicated BufferStore")
        buf = s.buffer
        info, slot = self.buffer(buf), self.use(buf)
        value = self.expr(s.value)
        lanes = dtype_of(s.value).lanes
        index_fns = [self.expr(i) for i in s.indices]
        if len(index_fns) != len(info.strides):
            raise Unsupported("BufferStore", f"{len(index_fns)} indices into {buf.name} of rank {len(info.strides)}")
        trackers = self.trackers
        if lanes == 1 and all(dtype_of(i).lanes == 1 for i in s.indices):
            flat = access.flat_index(index_fns, info.strides)

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

    def _loop(self, slot: int, body: StmtFn, name: str, parallel: bool) -> Callable[[Env, range], None]:
        """Run `body` with the loop variable at each value of a range."""
        trackers = self.trackers

        def serial(env: Env, values: range) -> None:
            for i in values:
                env[slot] = i
                try:
                    body(env)
                except _Continue:
                    continue
                except _Break:
                    break

        if not parallel:
            return serial

        def tracked(env: Env, values: range) -> None:
            tracker = RaceTracker(name)
            trackers.append(tracker)
            try:
                for i in values:
                    tracker.iteration = i
                    env[slot] = i
                    try:
                        body(env)
                    except _Continue:
                        continue
                    except _Break:
                        break
            finally:
                trackers.pop()

        return tracked

    def _s_For(self, s: tirx.For) -> StmtFn:
        kind = int(s.kind)
        parallel = kind in PARALLEL_KINDS
        label = f"{tirx.ForKind(kind).name.lower()} loop over {s.loop_var.name}"
        lo, extent = self.expr(s.min), self.expr(s.extent)
        step = self.expr(s.step) if s.step is not None else None
        run = self._loop(self.define(s.loop_var), self.stmt(s.body), label, parallel)
        charge = self.charge

        def loop(env: Env) -> None:
            start, count = lo(env), extent(env)
            stride = step(env) if step is not None else 1
            if stride <= 0:
                # `v += step` never reaches the end: the compiled loop spins until v overflows.
                raise Unsupported("For", f"step {stride}")
            values = range(start, start + count, stride)
            charge(len(values))
            run(env, values)

        return loop

    def _s_While(self, s: tirx.While) -> StmtFn:
        cond, body, charge = self.expr(s.condition), self.stmt(s.body), self.charge

        def loop(env: Env) -> None:
            while cond(env):
                charge(1)
                try:
                    body(env)
                except _Continue:
                    continue
                except _Break:
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
            extent, charge = self.expr(s.value), self.charge
            run = self._loop(self.define(var), self.stmt(s.body), f"{s.attr_key} {var.name}", True)

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
        return self._allocate(s.buffer)

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

        def realize(env: Env) -> None:
            if not predicate(env):
                return
            bound = [f(env) for f in values]
            for slot, value in zip(slots, bound, strict=True):
                env[slot] = value
            for alloc in allocs:
                alloc(env)
            if init is not None and all(env[slot] == start(env) for slot, start in reductions):
                init(env)
            body(env)

        return realize


def interpret(
    func: tirx.PrimFunc, args: list[np.ndarray | int | float | bool], *, step_budget: int = 2_000_000
) -> list[np.ndarray]:
    """Run `func` on copies of `args`; return every buffer argument afterwards, in parameter order.

    Raises UndefinedBehaviour at the first UB, Unsupported for a construct it does not implement,
    BudgetExceeded when loops run more than `step_budget` iterations and AssertionFailed when an
    AssertStmt fails.
    """
    return Interpreter(func, step_budget).run(args)
