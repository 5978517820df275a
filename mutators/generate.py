"""The sized generator: random, well-typed, UB-free TIR expressions and statements for a scope.

`size` is a budget of nodes; every subtree stays within it, so callers control growth.
Everything that could misbehave at run time is guarded where it is built: indices are
`floormod(e, extent)` (or constants below the extent), float-to-int casts are clamped and NaN-
checked, integer divisors, shift amounts and the operands of 32/64-bit integer arithmetic go
through the guards in `ops`, While loops run on a fresh local counter that nothing else writes,
and new buffers are fully initialised before anything reads them.
"""

from __future__ import annotations

import random
from dataclasses import replace

import tvm
import tvm_ffi
from tvm import tirx

from mutators.context import Analysis, Scope
from mutators.ops import (
    CLZ_DTYPES,
    COMPARE,
    FLOATS,
    INTS,
    bits,
    const,
    guard_operand,
    int_range,
    is_float,
    is_supported_dtype,
    ops_for,
    overflow_is_ub,
    split_dtype,
)
from mutators.tree import seq

# Float-to-int casts clamp to this magnitude: inside every int range, exactly representable in
# float16..float64, and small enough that the ints it produces rarely overflow later.
CAST_CLAMP = 2**10
# Iterations a statement may run in total, counting its enclosing loops: mutants run in ms.
MAX_TRIPS = 2**16
# Every scalar dtype, for operands whose dtype the result does not fix (compared values, cast
# sources, new variables, new buffers): each operator then meets each dtype, not only the seeds'
# float32/int32.
ANY_SCALAR = (*FLOATS, *INTS, "bool")
ALLOC_DTYPES = ("float32", "int32", *ANY_SCALAR)
# The dtype of the other kind (float/int) with the same width: a reinterpret between them is exact.
SAME_WIDTH = {"float16": "int16", "float32": "int32", "float64": "int64", "int16": "float16", "int32": "float32"}
SAME_WIDTH.update({"int64": "float64", "uint16": "float16", "uint32": "float32", "uint64": "float64"})
# Lane counts of the vectors built in scalar context (and read back one lane at a time).
VECTOR_LANES = (2, 4, 8)
ALLOC_SCOPES = ("global", "local", "shared")


def scalar_vars(scope: Scope, dtype: str | None = None) -> list[tirx.Var]:
    return [
        v
        for v in scope.vars
        if not isinstance(v.ty, tirx.BufferType)
        and is_supported_dtype(str(v.ty))
        and split_dtype(str(v.ty))[1] == 1
        and (dtype is None or str(v.ty) == dtype)
    ]


def new_buffer(name: str, shape: tuple[int, ...], dtype: str, scope: str, s_tir: bool) -> tirx.Var:
    # A shape-(1,) buffer prints as a scalar and re-parses as local (its accesses as index 0);
    # block IR re-parses allocations without a layout. Both choices keep round trips exact.
    if shape == (1,):
        scope = "local"
    if s_tir:
        return tirx.decl_buffer(shape, dtype, name=name, scope=scope, layout=None)
    return tirx.decl_buffer(shape, dtype, name=name, scope=scope)


class Generator:
    def __init__(
        self, rng: random.Random, analysis: Analysis, scope: Scope, reuse: list[tvm.ir.Expr] | None = None
    ) -> None:
        self.rng = rng
        self.analysis = analysis
        self.scope = scope
        # Existing subtrees the generator may place as leaves, each at most once (a subtree
        # holding a Let must not appear twice: its var would be defined twice).
        self.reuse = reuse if reuse is not None else []

    def fresh(self, prefix: str) -> str:
        return f"{prefix}{self.rng.randrange(10**6)}"

    def within(self, scope: Scope) -> Generator:
        return Generator(self.rng, self.analysis, scope, self.reuse)

    def split(self, size: int, parts: int) -> list[int]:
        """Share a budget of `size` nodes among `parts` children (each gets at least 1)."""
        sizes = [1] * parts
        for _ in range(max(0, size - parts)):
            sizes[self.rng.randrange(parts)] += 1
        return sizes

    # --- expressions --------------------------------------------------------------------------
    def expr(self, dtype: str, size: int, reuse: tuple[tvm.ir.Expr, ...] = ()) -> tvm.ir.Expr:
        """A random expression of `dtype` with about `size` nodes; `reuse` may appear as leaves."""
        self.reuse.extend(reuse)
        base, lanes = split_dtype(dtype)
        rng = self.rng
        if lanes > 1:
            if size > 3 and base != "bool" and rng.random() < 0.4:
                a, b = self.split(size - 1, 2)
                # Vector operands have no scalar guard: only ops that cannot overflow.
                ops = ["Min", "Max"] if overflow_is_ub(base) else ["Add", "Sub", "Mul", "Min", "Max"]
                return getattr(tirx, rng.choice(ops))(self.expr(dtype, a), self.expr(dtype, b))
            if base != "bool" and rng.random() < 0.4:
                # The lanes are base + k * stride: a clamped base keeps int lanes in range.
                stride = const(base, rng.randint(0 if base.startswith("uint") else -2, 3))
                start = self.expr(base, max(1, size - 2))
                return tirx.Ramp(guard_operand(start, False) if overflow_is_ub(base) else start, stride, lanes)
            return tirx.Broadcast(self.expr(base, max(1, size - 1)), lanes)
        if size <= 1 or rng.random() < 0.1:
            return self.leaf(dtype)
        roll = rng.random()
        if roll < 0.07 and size > 2:
            # One lane of a vector: brings Ramp, Broadcast and vector arithmetic into scalar code
            # (the seeds have no vector holes). A constant lane index is always in range.
            vector_lanes = rng.choice(VECTOR_LANES)
            vector = self.expr(f"{dtype}x{vector_lanes}", size - 1)
            return tirx.Shuffle([vector], [const("int32", rng.randrange(vector_lanes))])
        if roll < 0.3:
            # A subtree of another dtype, converted: how ops meet the dtypes no hole has.
            partner = SAME_WIDTH.get(dtype)
            source = partner if partner and rng.random() < 0.25 else rng.choices(ANY_SCALAR, _source_weights())[0]
            if source != dtype:
                value = self.expr(source, size - 1)
                if bits(source) == bits(dtype) and {is_float(source), is_float(dtype)} == {True, False}:
                    return tirx.reinterpret(dtype, value)  # same bits, other type: no UB
                if dtype == "bool" and source != "bool":
                    # Any comparison with a constant, not only convert's `!= 0`: bool holes are
                    # where the comparisons of every operand dtype come from.
                    return rng.choice(COMPARE).build(value, self.constant(source))
                return convert(value, dtype)
        if roll < 0.15:
            var_dtype = rng.choice(["int32", "float32", dtype, rng.choice(ANY_SCALAR)])
            var = tirx.Var(self.fresh("l"), var_dtype)
            value_size, body_size = self.split(size - 1, 2)
            inner = self.within(replace(self.scope, vars=(*self.scope.vars, var)))
            return tirx.Let(var, self.expr(var_dtype, value_size), inner.expr(dtype, body_size))
        op = rng.choice(ops_for(dtype))
        sizes = self.split(size - 1, len(op.args))
        numeric = rng.choice((*FLOATS, *INTS))
        args = []
        for kind, part in zip(op.args, sizes, strict=True):
            arg_dtype = {
                "T": dtype,
                "N": numeric,
                "B": "bool",
                "F": rng.choice(["float32", "float64"]),
                "i32": "int32",
                "W": rng.choice(CLZ_DTYPES),
            }[kind]
            args.append(self.expr(arg_dtype, part))
        if all(_is_constant(a) for a in args):
            # The parser folds many ops over constants (T.fabs(1.0) re-parses as 1.0), which
            # would break exact round trips: give the op one non-constant operand.
            args[0] = self.nonconstant(str(args[0].ty), args[0])
        return op.build(*args)

    def nonconstant(self, dtype: str, fallback: tvm.ir.Expr) -> tvm.ir.Expr:
        for _ in range(4):
            leaf = self.leaf(dtype)
            if not _is_constant(leaf):
                return leaf
        return fallback

    def leaf(self, dtype: str) -> tvm.ir.Expr:
        rng = self.rng
        same = [i for i, e in enumerate(self.reuse) if str(e.ty) == dtype]
        roll = rng.random()
        if same and roll < 0.5:
            return self.reuse.pop(rng.choice(same))
        variables = scalar_vars(self.scope, dtype)
        if variables and roll < 0.5:
            return rng.choice(variables)
        if roll < 0.75:
            load = self.load(dtype, 1)
            if load is not None:
                return load
        if roll < 0.85:
            others = scalar_vars(self.scope)
            if others:
                return convert(rng.choice(others), dtype)
        return self.constant(dtype)

    def constant(self, dtype: str) -> tvm.ir.Expr:
        rng = self.rng
        if dtype == "bool":
            return const(dtype, rng.random() < 0.5)
        if is_float(dtype):
            if rng.random() < 0.15:
                return const(dtype, rng.choice(boundary_floats(dtype)))
            return const(dtype, round(rng.uniform(-4.0, 4.0), 2))
        if rng.random() < 0.1:
            return const(dtype, rng.choice(boundary_ints(dtype)))
        lo, hi = int_range(dtype)
        return const(dtype, rng.randint(max(lo, -8), min(hi, 8)))

    def load(self, dtype: str, size: int = 4) -> tvm.ir.Expr | None:
        buffers = [b for b in self.analysis.readable(self.scope) if str(b.dtype) == dtype]
        if not buffers:
            return None
        buf = self.rng.choice(buffers)
        return tirx.BufferLoad(buf, [self.index(int(d), str(d.ty), size) for d in buf.shape])

    def index(self, extent: int, dtype: str = "int32", size: int = 4) -> tvm.ir.Expr:
        """An index in [0, extent): a constant, or floormod of an expression over loop vars."""
        rng = self.rng
        loop_vars = [v for v in self.scope.loop_vars if str(v.ty) in INTS]
        if extent == 1 or rng.random() < 0.25 or (size < 3 and not loop_vars):
            return const(dtype, rng.randrange(extent))
        if loop_vars and (size < 3 or rng.random() < 0.7):
            terms: tvm.ir.Expr = const(dtype, rng.randint(0, 3))
            for var in rng.sample(loop_vars, rng.randint(1, min(3, len(loop_vars)))):
                term = convert(var, dtype)
                if rng.random() < 0.5:
                    term = tirx.Mul(term, const(dtype, rng.randint(1, 4)))
                terms = tirx.Add(term, terms)
            body = terms
        else:
            body = self.expr(dtype, size - 2)
        return tirx.FloorMod(body, const(dtype, extent))

    # --- statements ---------------------------------------------------------------------------
    def store(self, size: int, buffers: list[tirx.Var] | None = None) -> tirx.Stmt | None:
        targets = buffers if buffers is not None else self.analysis.writable(self.scope)
        if not targets:
            return None
        buf = self.rng.choice(targets)
        indices = [self.index(int(d), str(d.ty)) for d in buf.shape]
        return tirx.BufferStore(buf, self.expr(str(buf.dtype), max(1, size - 1)), indices)

    def stmt(self, size: int) -> tirx.Stmt:
        rng = self.rng
        kinds = ["store"] * 8 + ["if"] * 2 + ["for"] * 3 + ["bind"] * 2 + ["while", "evaluate"] + ["alloc"] * 2
        if self.scope.loop_vars and not (
            self.scope.in_parallel or self.scope.in_vectorized or self.scope.in_vthread or self.scope.no_control
        ):
            kinds.append("control")
        for _ in range(4):
            made = self._stmt(rng.choice(kinds), max(size, 1))
            if made is not None:
                return made
        return tirx.Evaluate(const("int32", 0))

    def _stmt(self, kind: str, size: int) -> tirx.Stmt | None:
        rng = self.rng
        if kind == "store":
            return self.store(size)
        if kind == "if":
            cond_size, then_size, else_size = self.split(size, 3)
            else_case = self.stmt(else_size) if rng.random() < 0.4 else None
            return tirx.IfThenElse(self.expr("bool", cond_size), self.stmt(then_size), else_case)
        if kind == "for" and self.scope.trips * 8 <= MAX_TRIPS:
            var = tirx.Var(self.fresh("i"), "int32")
            unroll = rng.random() < 0.3
            # A break/continue in the new loop's body only skips new code.
            inner = self.within(
                replace(
                    self.scope,
                    vars=(*self.scope.vars, var),
                    loop_vars=(*self.scope.loop_vars, var),
                    trips=self.scope.trips * 8,
                    no_control=False,
                )
            )
            body = inner.stmt(size - 1)
            if unroll and unroll_hazard(body):
                unroll = False
            loop_kind = tirx.ForKind.UNROLLED if unroll else tirx.ForKind.SERIAL
            return tirx.For(var, const("int32", 0), const("int32", rng.randint(1, 8)), loop_kind, body)
        if kind == "bind":
            dtype = rng.choice(["int32", "float32", *ANY_SCALAR])
            var = tirx.Var(self.fresh("b"), dtype)
            value_size, rest_size = self.split(size, 2)
            inner = self.within(replace(self.scope, vars=(*self.scope.vars, var)))
            return seq([tirx.Bind(var, self.expr(dtype, value_size)), inner.stmt(rest_size)])
        if kind == "while" and self.scope.trips * 8 <= MAX_TRIPS:
            return self.bounded_while(size)
        if kind == "evaluate":
            return tirx.Evaluate(self.expr(rng.choice(["int32", "float32", *ANY_SCALAR]), size))
        if kind == "alloc":
            return self.alloc(size)
        if kind == "control":
            return tirx.Evaluate(rng.choice([tirx.break_loop(), tirx.continue_loop()]))
        return None

    def bounded_while(self, size: int) -> tirx.Stmt:
        """`while cnt < K` over a fresh local counter, incremented first (so `continue` is safe).
        The increment is `min(cnt, K) + 1`, which equals `cnt + 1` there and provably cannot overflow."""
        counter = new_buffer(self.fresh("cnt"), (1,), "int32", "local", self.analysis.s_tir)
        zero = const("int32", 0)
        limit = const("int32", self.rng.randint(1, 6))
        load = tirx.BufferLoad(counter, [zero])
        inner = self.within(replace(self.scope, trips=self.scope.trips * 8, no_control=False))
        increment = tirx.BufferStore(counter, tirx.Add(tirx.Min(load, limit), const("int32", 1)), [zero])
        body = seq([increment, inner.stmt(size - 1)])
        return seq(
            [tirx.AllocBuffer(counter), tirx.BufferStore(counter, zero, [zero]), tirx.While(tirx.LT(load, limit), body)]
        )

    def alloc(self, size: int, dtype: str | None = None) -> tirx.Stmt | None:
        """A new buffer (of `dtype`, else a random one), fully initialised (reading garbage would make
        runs nondeterministic): AllocBuffer and the loops that fill it."""
        rng = self.rng
        dtype = dtype or rng.choice(ALLOC_DTYPES)
        shape = tuple(rng.randint(1, 8) for _ in range(rng.choice([1, 1, 2])))
        if self.scope.trips * 64 > MAX_TRIPS:
            return None
        buf = new_buffer(self.fresh("buf"), shape, dtype, rng.choice(ALLOC_SCOPES), self.analysis.s_tir)
        return seq([tirx.AllocBuffer(buf), self.fill(buf, max(1, size - 2))])

    def fill(self, buf: tirx.Var, size: int) -> tirx.Stmt:
        """Store into every element of `buf`: one loop per dimension (a constant 0 for extent 1,
        which is how a scalar-like buffer's index re-parses). The values come from the scope
        without `buf`: reading `buf` while filling it would read uninitialised elements."""
        loop_vars = [tirx.Var(self.fresh("f"), "int32") if int(d) > 1 else None for d in buf.shape]
        used = [v for v in loop_vars if v is not None]
        scope = replace(self.scope, vars=(*self.scope.vars, *used), loop_vars=(*self.scope.loop_vars, *used))
        indices = [v if v is not None else const(str(d.ty), 0) for v, d in zip(loop_vars, buf.shape, strict=True)]
        body: tirx.Stmt = tirx.BufferStore(buf, self.within(scope).expr(str(buf.dtype), size), indices)
        for var, dim in reversed(list(zip(loop_vars, buf.shape, strict=True))):
            if var is not None:
                body = tirx.For(var, const("int32", 0), dim, tirx.ForKind.SERIAL, body)
        return body


_SOURCE_WEIGHTS: list[int] = []


def _source_weights() -> list[int]:
    """Weights of ANY_SCALAR as the dtype of a converted subtree: the number of ops producing each
    dtype, so that every (op, dtype) pair is about as likely (float64 has ~60 ops, int8 ~25)."""
    if not _SOURCE_WEIGHTS:
        _SOURCE_WEIGHTS.extend(len(ops_for(d)) for d in ANY_SCALAR)
    return _SOURCE_WEIGHTS


def _is_constant(node: object) -> bool:
    if isinstance(node, tirx.Broadcast):
        node = node.value
    return isinstance(node, (tirx.IntImm, tirx.FloatImm))


def unroll_hazard(node: object) -> bool:
    """An unrolled Let binds its var once per copy, and break/continue make a loop irregular:
    the lowering rejects both in unrolled loops."""

    def hazard(n: object) -> object:
        control = isinstance(n, tvm.ir.Call) and n.op.name in ("tirx.break_loop", "tirx.continue_loop")
        return tvm_ffi.VisitInterrupt(n) if control or isinstance(n, tirx.Let) else None

    return tvm_ffi.structural_walk(node, ((tirx.Let, tvm.ir.Call), hazard)) is not None


def boundary_ints(dtype: str) -> list[int]:
    lo, hi = int_range(dtype)
    # uint64 stops at int64's largest: TVM 0.27's TVMScript parser rejects a uint64 literal of 2**63
    # or more (the printer writes it, `T.uint64(...)` refuses the big integer), so a mutant holding
    # one would not round-trip.
    hi = min(hi, 2**63 - 1)
    return [0, 1, hi, lo, hi - 1, lo + 1] + ([-1] if lo < 0 else [])


def boundary_floats(dtype: str) -> list[float]:
    # float64 stops at float32's largest: TVM 0.27's TVMScript parser rejects a float64 literal
    # outside the float32 range ("exceeds minimum of float32"), so a mutant holding one would not
    # round-trip (the printed script is how mutants are stored and replayed).
    biggest = {"float16": 65504.0, "float32": 3.4028234663852886e38, "float64": 3.4028234663852886e38}
    tiny = {"float16": 6.103515625e-05, "float32": 1.1754943508222875e-38, "float64": 2.2250738585072014e-308}
    base = split_dtype(dtype)[0]
    return [0.0, -0.0, 1.0, -1.0, biggest[base], -biggest[base], tiny[base]]


def convert(expr: tvm.ir.Expr, dtype: str) -> tvm.ir.Expr:
    """`expr` as a scalar of `dtype`, without undefined behaviour (fptosi of NaN or of an
    out-of-range value is poison in LLVM). `expr` appears once, so a Let inside stays unique."""
    source = str(expr.ty)
    if source == dtype:
        return expr
    if dtype == "bool":
        return tirx.NE(expr, const(source, 0))
    if source in FLOATS and dtype in INTS:
        # The clamp also removes NaN: TIR's Max/Min lower to ordered compare-and-select (or to
        # maxnum/minnum), which both return the constant operand for a NaN.
        lo, hi = int_range(dtype)
        expr = tirx.Min(tirx.Max(expr, const(source, max(lo, -CAST_CLAMP))), const(source, min(hi, CAST_CLAMP)))
    return tirx.Cast(dtype, expr)
