"""Expressions of TIR compiled to Python closures over an environment list (one slot per var).

Select, And and Or evaluate both operands, as the LLVM code does; UB in the unselected arm of a
Select is therefore reported too (TIR lets Select evaluate both arms, so guarding an operation with
it is already a bug). `if_then_else` evaluates only the taken arm.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tvm
import tvm_ffi
from tvm import tirx

from tzer.reference import access, intrinsics
from tzer.reference.errors import UBKind, UndefinedBehaviour, Unsupported
from tzer.reference.memory import RaceTracker, RegionTracker
from tzer.reference.values import (
    DType,
    binary,
    bitwise_not,
    cast,
    constant,
    from_python,
    parse_dtype,
    reinterpret,
)

Env = list
ExprFn = Callable[[Env], Any]

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


class LoopBreak(Exception):
    """`tirx.break_loop()`: unwinds to the innermost loop, which stops."""

    construct = "tirx.break_loop"


class LoopContinue(Exception):
    """`tirx.continue_loop()`: unwinds to the innermost loop, which goes on with the next value."""

    construct = "tirx.continue_loop"


def dtype_of(expr: tvm.ir.Expr) -> DType:
    return parse_dtype(str(expr.ty))


def static_int(expr: object, what: str) -> int:
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


FLOAT_DIVISIONS = frozenset({"Div", "Mod", "FloorDiv", "FloorMod"})


def _reads_memory(expr: tvm.ir.Expr) -> bool:
    """Whether the value of `expr` depends on what memory holds, not only on constants and loops."""
    found = tvm_ffi.structural_walk(expr, [(tvm.ir.TensorLoad, tvm_ffi.VisitInterrupt)], order="pre")
    return found is not None


def _refusing_zero(op: str, fn: Callable) -> Callable:
    """A float division that is UB at a zero divisor the compiler can compute.

    IEEE gives inf or NaN, but TVM's constant folder refuses a float division by a constant zero
    (`Divide by zero`); once loops are unrolled or simplified, a divisor built from constants and
    loop variables becomes one. A divisor read from memory stays a runtime value.
    """
    def divide(a: Any, b: Any) -> Any:
        if b == 0:
            raise UndefinedBehaviour(UBKind.division_by_zero, f"float {op} by {b}, which TVM folds and refuses")
        return fn(a, b)

    return divide


class BufferInfo:
    """What a buffer's declaration says statically: element dtype, extent and strides."""

    def __init__(self, buf: tirx.Var) -> None:
        self.name = buf.name
        self.dtype = parse_dtype(str(buf.dtype))
        if self.dtype.lanes != 1:
            raise Unsupported("vector-typed buffer", f"{buf.name}: {buf.dtype}")
        self.shape = tuple(static_int(d, "symbolic buffer shape") for d in buf.shape)
        strides = [static_int(s, "symbolic buffer strides") for s in buf.ty.strides]
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
        self.elem_offset = 0 if self.offset_var is not None else static_int(offset, "symbolic elem_offset")

    def require_static(self) -> None:
        if self.offset_var is not None:
            raise Unsupported("symbolic elem_offset", f"on {self.name}, which is not a parameter")


class ExpressionCompiler:
    """Compiles expressions; keeps the var -> slot map and the static facts about buffers."""

    def __init__(self, strict: bool = False, vscale: int | None = None, narrow_uint: bool = False) -> None:
        # Strict, narrow_uint: also what TVM refuses when it folds constants (see `interpret`).
        self.strict = strict
        self.narrow_uint = narrow_uint
        # What T.vscale() is on the machine the result is for (scalable vectors); None: unknown.
        self.vscale = vscale
        self.slots: dict[tirx.Var, int] = {}
        self.buffers: dict[tirx.Var, BufferInfo] = {}
        # The parallel loops being executed, innermost last; accesses check it before tracking.
        self.trackers: list[RaceTracker | RegionTracker] = []
        # The block instances being executed with their declared regions, innermost last.
        self.block_regions: list[RegionTracker] = []

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

    def buffer(self, buf: tirx.Var) -> BufferInfo:
        info = self.buffers.get(buf)
        if info is None:
            info = self.buffers[buf] = BufferInfo(buf)
        return info

    def indices(self, indices: list) -> list[tuple[ExprFn | None, int]]:
        """Closures for the indices of an access, or the constant where an index is one."""
        return [(None, int(i.value)) if isinstance(i, tirx.IntImm) else (self.expr(i), 0) for i in indices]

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
        fn = binary(op, operand.element(), self.strict, self.narrow_uint)
        if self.strict and op in FLOAT_DIVISIONS and operand.kind == "float" and not _reads_memory(b):
            fn = _refusing_zero(op, fn)
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
        lanes = static_int(e.lanes, "scalable Ramp")
        base, stride = self.expr(e.base), self.expr(e.stride)
        add = binary("Add", dtype_of(e.base))
        mul = binary("Mul", dtype_of(e.base))

        def ramp(env: Env) -> tuple:
            b, st = base(env), stride(env)
            return tuple(add(b, mul(st, i)) for i in range(lanes))

        return ramp

    def _e_Broadcast(self, e: tvm.ir.Expr) -> ExprFn:
        lanes = static_int(e.lanes, "scalable Broadcast")
        value = self.expr(e.value)
        return lambda env: (value(env),) * lanes

    def _e_Shuffle(self, e: tvm.ir.Expr) -> ExprFn:
        vectors = [self.expr(v) for v in e.vectors]
        indices = [static_int(i, "Shuffle index") for i in e.indices]

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
        if len(e.indices) != len(info.strides):
            raise Unsupported("TensorLoad", f"{len(e.indices)} indices into {buf.name} of rank {len(info.strides)}")
        trackers = self.trackers
        if lanes == 1 and all(dtype_of(i).lanes == 1 for i in e.indices):
            flat = access.flat_index(self.indices(e.indices), info.strides, info.shape)

            # access.read inlined: scalar loads are the hot path.
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

        flats = access.vector_flat_index([self.expr(i) for i in e.indices], info.strides, lanes)
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
            signal = LoopBreak if name == "tirx.break_loop" else LoopContinue

            def jump(env: Env) -> Any:
                raise signal

            return jump
        if name == "tirx.vscale":
            if self.vscale is None:
                raise Unsupported(name, "no vector length given")
            value = from_python(self.vscale, dtype_of(e))
            return lambda env: value
        if not name.startswith("tirx.") or not args:
            raise Unsupported(name)
        if isinstance(args[0], tvm.ir.StringImm) and name not in ("tirx.call_pure_extern", "tirx.call_extern"):
            # Packed and extern calls (tvm.contrib.sort.argsort, ...) run library code, not TIR.
            raise Unsupported(name, args[0].value)
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
            if result.lanes != 1:
                # The llvm backend passes the vector to the scalar libm symbol: there are no lanes.
                raise Unsupported(name, f"{args[0].value} on {result.name}x{result.lanes}")
            fn = intrinsics.extern(args[0].value, result)
            return _lanewise(fn, [self.expr(a) for a in args[1:]], 1)
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
