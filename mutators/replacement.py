"""Replacement: another constructor of the same kind over the same children, nudged constants,
swapped intrinsics and variables, and changed loop kinds and attributes."""

from __future__ import annotations

import random

import tvm
from tvm import tirx

from mutators.base import Mutator
from mutators.context import EXPR, STMT, Analysis, Hole
from mutators.generate import ANY_SCALAR, Generator, boundary_floats, boundary_ints, convert, scalar_vars
from mutators.loops import legal_kinds, make_loop
from mutators.ops import (
    EXTERN_BINARY,
    EXTERN_UNARY,
    FLOAT_BINARY,
    FLOAT_UNARY_NAMES,
    arith_safe,
    const,
    int_range,
    is_float,
    is_int,
)

ARITH = (tirx.Add, tirx.Sub, tirx.Mul, tirx.Min, tirx.Max)
INT_ONLY = (tirx.BitwiseAnd, tirx.BitwiseOr, tirx.BitwiseXor)
COMPARE = (tirx.EQ, tirx.NE, tirx.LT, tirx.LE, tirx.GT, tirx.GE)
LOGIC = (tirx.And, tirx.Or)


def _registered(names: list[str]) -> list[str]:
    """Op names that exist as registered intrinsics (log2, ceil, ... are expanded by their helper
    functions and have no op of their own)."""
    found = []
    for name in names:
        try:
            tvm.ir.Op.get(name)
        except Exception:  # not registered
            continue
        found.append(name)
    return found


SWAPPABLE_CALLS = {
    1: _registered(["tirx." + n for n in FLOAT_UNARY_NAMES]),
    2: _registered(["tirx." + op.name for op in FLOAT_BINARY if op.name not in ("ldexp", "logaddexp")]),
}
EXTERN_NAMES = {1: [op.name for op in EXTERN_UNARY], 2: [op.name for op in EXTERN_BINARY]}
PRAGMA_KEYS = ("pragma_tzer", "pragma_auto_unroll_max_step", "pragma_unroll_explicit")


class Replacement(Mutator):
    name = "replace"
    domain_specific = False

    def holes(self, analysis: Analysis) -> list[Hole]:
        return [h for h in analysis.holes if h.kind == EXPR or (h.kind == STMT and self._stmt_applicable(h, analysis))]

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> object | None:
        if hole.kind == EXPR:
            return self._expr(hole, analysis, rng)
        return self._stmt(hole, analysis, rng)

    # --- expressions --------------------------------------------------------------------------
    def _expr(self, hole: Hole, analysis: Analysis, rng: random.Random) -> tvm.ir.Expr | None:
        node, dtype = hole.node, hole.dtype
        if isinstance(node, (tirx.IntImm, tirx.FloatImm)):
            return nudge(node, rng)
        if isinstance(node, tirx.Var):
            others = [v for v in scalar_vars(hole.scope, dtype) if not v.same_as(node)]
            return rng.choice(others) if others else None
        for family in (ARITH, COMPARE, LOGIC):
            if isinstance(node, family):
                choices = [c for c in family if not isinstance(node, c)]
                if is_int(str(node.a.ty)) and family is ARITH:
                    choices += list(INT_ONLY)
                return _safe_binary(choices, node, rng)
        if isinstance(node, INT_ONLY):
            return _safe_binary([c for c in (*INT_ONLY, *ARITH) if not isinstance(node, c)], node, rng)
        if isinstance(node, (tirx.Div, tirx.Mod, tirx.FloorDiv, tirx.FloorMod)) and is_int(dtype):
            # The guarded divisor stays guarded under any division constructor.
            new_type = rng.choice(
                [c for c in (tirx.Div, tirx.Mod, tirx.FloorDiv, tirx.FloorMod) if not isinstance(node, c)]
            )
            return new_type(node.a, node.b)
        if isinstance(node, (tirx.LShift, tirx.RShift)):
            return (tirx.RShift if isinstance(node, tirx.LShift) else tirx.LShift)(node.a, node.b)
        if isinstance(node, tirx.Select):
            return tirx.Select(node.condition, node.false_value, node.true_value)
        if isinstance(node, tirx.Not):
            return node.a
        if isinstance(node, tvm.ir.Call):
            return swap_call(node, rng)
        if isinstance(node, tirx.Cast):
            # Re-cast through another type: the value changes, the dtype of the hole does not.
            via = rng.choice([d for d in ANY_SCALAR if d != "bool"])
            return convert(convert(node.value, via), dtype) if "x" not in dtype else None
        if isinstance(node, tvm.ir.TensorLoad):
            gen = Generator(rng, analysis, hole.scope)
            return gen.load(dtype)
        return None

    # --- statements ---------------------------------------------------------------------------
    def _stmt_applicable(self, hole: Hole, analysis: Analysis) -> bool:
        node = hole.node
        if isinstance(node, tirx.For):
            return True
        if isinstance(node, tirx.AttrStmt):
            return str(node.attr_key).startswith("pragma_")
        if isinstance(node, tirx.IfThenElse):
            return node.else_case is not None and any(h.path == (*hole.path, ("condition", -1)) for h in analysis.holes)
        if isinstance(node, tirx.BufferStore):
            # Redirecting an allocation's store would leave the element it wrote uninitialised.
            return node.buffer.__hash__() not in analysis.sensitive_buffers and not analysis.initialises(node)
        if isinstance(node, tirx.SeqStmt):
            return len(_swappable_pairs(hole, analysis)) > 0
        return False

    def _stmt(self, hole: Hole, analysis: Analysis, rng: random.Random) -> tirx.Stmt | None:
        node = hole.node
        if isinstance(node, tirx.For):
            return self._for(node, hole, analysis, rng)
        if isinstance(node, tirx.AttrStmt):
            key = rng.choice([k for k in PRAGMA_KEYS if k != str(node.attr_key)])
            return tirx.AttrStmt(node.node, key, const("int32", rng.choice([0, 1, 4, 16])), node.body)
        if isinstance(node, tirx.IfThenElse):
            return tirx.IfThenElse(tirx.Not(node.condition), node.else_case, node.then_case)
        if isinstance(node, tirx.BufferStore):
            # Same value, another target buffer of the same dtype (indices regenerated in range).
            gen = Generator(rng, analysis, hole.scope)
            targets = [b for b in analysis.writable(hole.scope, str(node.buffer.dtype)) if not b.same_as(node.buffer)]
            if not targets:
                return None
            buf = rng.choice(targets)
            return tirx.BufferStore(buf, node.value, [gen.index(int(d), str(d.ty)) for d in buf.shape])
        if isinstance(node, tirx.SeqStmt):
            i = rng.choice(_swappable_pairs(hole, analysis))
            items = list(node.seq)
            items[i], items[i + 1] = items[i + 1], items[i]
            return tirx.SeqStmt(items)
        return None

    def _for(self, node: tirx.For, hole: Hole, analysis: Analysis, rng: random.Random) -> tirx.Stmt | None:
        kinds = [
            k
            for k in legal_kinds(node.body, hole.scope, node.extent, node.loop_var, analysis.aliases)
            if k != _kind_name(node)
        ]
        annotate = rng.random() < 0.4
        if not kinds and not annotate:
            return None
        kind = rng.choice(kinds) if kinds and not annotate else _kind_name(node)
        if kind == "vthread" and not isinstance(node.min, tirx.IntImm):
            return None
        return make_loop(node.loop_var, node.min, node.extent, kind, node.body, rng, annotate)


def _safe_binary(choices: list[type], node: tvm.ir.Expr, rng: random.Random) -> tvm.ir.Expr | None:
    """Another binary constructor over the same operands (sometimes swapped); on 32/64-bit ints
    only one that provably cannot overflow for these operands (e.g. guarded ones)."""
    a, b = (node.b, node.a) if rng.random() < 0.2 else (node.a, node.b)
    safe = [c for c in choices if arith_safe(c, a, b)]
    return rng.choice(safe)(a, b) if safe else None


def _kind_name(node: tirx.For) -> str:
    if int(node.kind) == int(tirx.ForKind.THREAD_BINDING):
        return "vthread"
    return {0: "serial", 1: "parallel", 2: "vectorized", 3: "unrolled"}[int(node.kind)]


def _swappable_pairs(hole: Hole, analysis: Analysis) -> list[int]:
    """Adjacent statements that may trade places: neither declares anything nor is pinned."""
    paths = {h.path: h for h in analysis.holes}
    ok = []
    items = hole.node.seq
    for i in range(len(items) - 1):
        pair = [paths.get((*hole.path, ("seq", j))) for j in (i, i + 1)]
        if all(
            p is not None
            and not isinstance(p.node, (tirx.Bind, tirx.AllocBuffer, tirx.DeclBuffer))
            and analysis.removable(p)
            for p in pair
        ):
            ok.append(i)
    return ok


def nudge(node: tvm.ir.Expr, rng: random.Random) -> tvm.ir.Expr:
    """A nearby or boundary value of the same dtype."""
    dtype = str(node.ty)
    if dtype == "bool":
        return const(dtype, not bool(node.value))
    if is_float(dtype):
        value = float(node.value)
        options = [value + 1.0, value - 1.0, value * 2.0, -value, value / 2.0, *boundary_floats(dtype)]
        # Stay finite in the dtype: doubling its largest value would give inf, which the
        # TVMScript printer and the llvm literal checks do not accept.
        biggest = max(boundary_floats(dtype))
        return const(dtype, rng.choice([v for v in options if v != value and abs(v) <= biggest] or [0.0]))
    value = int(node.value)
    lo, hi = int_range(dtype)
    options = [
        v for v in (value + 1, value - 1, value * 2, -value, *boundary_ints(dtype)) if lo <= v <= hi and v != value
    ]
    return const(dtype, rng.choice(options)) if options else None


def swap_call(node: tvm.ir.Call, rng: random.Random) -> tvm.ir.Expr | None:
    name = node.op.name
    arity = len(node.args)
    if name == "tirx.call_pure_extern":
        extern = str(node.args[0].value)
        suffix = "f" if extern.endswith("f") and str(node.ty) == "float32" else ""
        options = [n for n in EXTERN_NAMES.get(arity - 1, []) if n + suffix != extern]
        if not options:
            return None
        return tirx.call_pure_extern(str(node.ty), rng.choice(options) + suffix, *node.args[1:])
    # Only float32/float64: most math intrinsics have no float16 lowering on llvm.
    if name in SWAPPABLE_CALLS.get(arity, []) and str(node.ty) in ("float32", "float64"):
        new = rng.choice([n for n in SWAPPABLE_CALLS[arity] if n != name])
        return tvm.ir.Call(new, list(node.args), ret_ty=node.ty)
    return None
