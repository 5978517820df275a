"""Integer and boolean TIR expressions evaluated at many points at once (numpy), exactly.

The judge of TVM's arithmetic analyses: an analysis's answer (a simplified expression, a bound, a
proof) is checked against the values of the expression at the points of its domain. Values are
mathematical integers checked against their dtype after every operation, as the interpreter
checks them (`values.py`), and every point where the expression is undefined is marked instead
of raising, with the kind of the first such point:

- an operation whose exact result does not fit its dtype (at any width: the analyses reason about
  integers, so a wrapped narrow value is no value they promise anything about);
- a zero divisor, a shift amount outside [0, bits);
- as the interpreter does, both arms of a Select count and only the taken arm of if_then_else.

A cast truncates (LLVM's trunc), and a cast that changes its operand's value is marked too: TIR
defines it, but the analyses take a cast to keep the value. A scalar
evaluates to an array of shape (points,), a vector to (points, lanes). int64 and uint64 values
are numpy object arrays of Python ints; narrower ones int64 arrays, where no operation of two
in-range operands can leave int64 except the products and shifts that are checked first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tzer.reference.errors import UBKind, Unsupported
from tzer.reference.values import DType, parse_dtype

IF_THEN_ELSE = "prim.if_then_else"
_FAST_LIMIT = 1 << 62


@dataclass
class Evaluation:
    """The values of an expression at each point and where it is undefined."""

    values: np.ndarray
    undefined: np.ndarray  # bool, one per point
    kinds: dict[UBKind, int] = field(default_factory=dict)  # each kind seen -> its first point

    @property
    def defined_everywhere(self) -> bool:
        return not self.undefined.any()


def evaluate(expr: Any, env: Mapping[Any, np.ndarray], points: int, keep_overflow: bool = False) -> Evaluation:
    """Evaluate `expr` at `points` points; `env` maps each free Var to its values there (one a point).
    With `keep_overflow`, an overflowing operation is marked but keeps its exact value, so that an
    expression is compared by what it computes in integers (a sum TVM reordered may overflow
    midway where the original did not: the analyses promise integers, not intermediate ranges).
    Raises Unsupported for a float, a buffer load or a call other than if_then_else."""
    evaluator = _Evaluator(dict(env), points, keep_overflow)
    values = evaluator.eval(expr, np.ones(points, dtype=bool))
    return Evaluation(values, evaluator.undefined, evaluator.kinds)


def dtype_of(expr: Any) -> DType:
    dt = parse_dtype(str(expr.ty))
    if dt.kind == "float":
        raise Unsupported("float", str(expr.ty))
    return dt


def exact(dt: DType) -> bool:
    """Whether values of `dt` are kept as Python ints (object arrays) rather than int64."""
    return dt.kind != "bool" and dt.bits == 64


def as_values(values: Any, dt: DType) -> np.ndarray:
    """Python ints or an array as the representation evaluation uses for `dt`."""
    if dt.kind == "bool":
        return np.asarray(values, dtype=bool)
    if exact(dt):
        return np.asarray([int(v) for v in np.ravel(values)], dtype=object).reshape(np.shape(values))
    return np.asarray(values, dtype=np.int64)


def _bool(array: np.ndarray) -> np.ndarray:
    return np.asarray(array, dtype=bool)


def _lanes_any(mask: np.ndarray) -> np.ndarray:
    mask = _bool(mask)
    return mask.any(axis=1) if mask.ndim == 2 else mask


class _Evaluator:
    def __init__(self, env: dict[Any, np.ndarray], points: int, keep_overflow: bool) -> None:
        self.env = env
        self.keep_overflow = keep_overflow
        self.points = points
        self.undefined = np.zeros(points, dtype=bool)
        self.kinds: dict[UBKind, int] = {}

    def eval(self, expr: Any, live: np.ndarray) -> np.ndarray:
        name = type(expr).__name__
        binary = _BINARY.get(name)
        if binary is not None:
            return binary(self, self.eval(expr.a, live), self.eval(expr.b, live), dtype_of(expr.a), live)
        handler = _NODES.get(name)
        if handler is None:
            raise Unsupported(name, str(expr)[:60])
        return handler(self, expr, live)

    def _not(self, expr: Any, live: np.ndarray) -> np.ndarray:
        return ~_bool(self.eval(expr.a, live))

    def _and(self, expr: Any, live: np.ndarray) -> np.ndarray:
        return _bool(self.eval(expr.a, live)) & _bool(self.eval(expr.b, live))

    def _or(self, expr: Any, live: np.ndarray) -> np.ndarray:
        return _bool(self.eval(expr.a, live)) | _bool(self.eval(expr.b, live))

    def mark(self, where: np.ndarray, kind: UBKind, live: np.ndarray) -> None:
        """Note undefined behaviour of `kind` at the live points of `where` (per point or per lane)."""
        hit = _lanes_any(where) & live
        if hit.any():
            self.undefined |= hit
            self.kinds.setdefault(kind, int(np.flatnonzero(hit)[0]))

    def fit(self, values: np.ndarray, dt: DType, live: np.ndarray) -> np.ndarray:
        """`values` where they fit `dt`; elsewhere marked as overflow and replaced by 0."""
        outside = _bool((values < dt.lo) | (values > dt.hi))
        if outside.any():
            self.mark(outside, UBKind.signed_overflow if dt.kind == "int" else UBKind.unsigned_overflow, live)
            if self.keep_overflow:
                return values
            values = np.where(outside, 0, values)
            if not exact(dt):
                values = values.astype(np.int64)
        return values

    # -- leaves, casts and control ----------------------------------------------------------
    def _var(self, expr: Any, live: np.ndarray) -> np.ndarray:
        try:
            return self.env[expr]
        except KeyError:
            raise Unsupported("free variable", expr.name) from None

    def _constant(self, expr: Any, live: np.ndarray) -> np.ndarray:
        dt = dtype_of(expr)
        if dt.kind == "bool":
            return np.full(self.points, bool(expr.value))
        if exact(dt):
            return np.full(self.points, int(expr.value), dtype=object)
        return np.full(self.points, int(expr.value), dtype=np.int64)

    def _cast(self, expr: Any, live: np.ndarray) -> np.ndarray:
        src, dst = dtype_of(expr.value), dtype_of(expr)
        values = self.eval(expr.value, live)
        if dst.kind == "bool":
            return _bool(values != 0)
        if src.kind == "bool":
            values = values.astype(np.int64)
        self.mark((values < dst.lo) | (values > dst.hi), UBKind.cast_out_of_range, live)
        return wrap(values, dst)

    def _select(self, expr: Any, live: np.ndarray) -> np.ndarray:
        cond = _bool(self.eval(expr.condition, live))
        then, other = self.eval(expr.true_value, live), self.eval(expr.false_value, live)
        return _where(cond, then, other)

    def _call(self, expr: Any, live: np.ndarray) -> np.ndarray:
        if expr.op.name != IF_THEN_ELSE:
            raise Unsupported(expr.op.name)
        cond_expr, then_expr, else_expr = expr.args
        cond = _bool(self.eval(cond_expr, live))
        taken = cond if cond.ndim == 1 else cond.all(axis=1)
        then = self.eval(then_expr, live & taken)
        other = self.eval(else_expr, live & ~_lanes_any(cond))
        return _where(cond, then, other)

    def _let(self, expr: Any, live: np.ndarray) -> np.ndarray:
        self.env[expr.var] = self.eval(expr.value, live)
        try:
            return self.eval(expr.body, live)
        finally:
            del self.env[expr.var]

    def _ramp(self, expr: Any, live: np.ndarray) -> np.ndarray:
        dt = dtype_of(expr)
        base, stride = self.eval(expr.base, live), self.eval(expr.stride, live)
        lanes = np.arange(int(expr.lanes), dtype=object if exact(dt) else np.int64)
        return self.fit(base[:, None] + stride[:, None] * lanes[None, :], dt.element(), live)

    def _broadcast(self, expr: Any, live: np.ndarray) -> np.ndarray:
        return np.repeat(self.eval(expr.value, live)[:, None], int(expr.lanes), axis=1)

    def _bitnot(self, expr: Any, live: np.ndarray) -> np.ndarray:
        dt = dtype_of(expr)
        values = self.eval(expr.a, live)
        if dt.kind == "bool":
            return ~_bool(values)
        return (dt.hi - values) if dt.kind == "uint" else ~values



# Node type -> the method that evaluates it (the binary operations are in _BINARY, below).
_NODES: dict[str, Callable[[_Evaluator, Any, np.ndarray], np.ndarray]] = {
    "Var": _Evaluator._var, "IntImm": _Evaluator._constant, "Cast": _Evaluator._cast, "Select": _Evaluator._select,
    "Let": _Evaluator._let, "Ramp": _Evaluator._ramp, "Broadcast": _Evaluator._broadcast, "Call": _Evaluator._call,
    "Not": _Evaluator._not, "BitwiseNot": _Evaluator._bitnot, "And": _Evaluator._and, "Or": _Evaluator._or,
}


def wrap(values: np.ndarray, dt: DType) -> np.ndarray:
    """Two's complement truncation to `dt` (a cast between integer types)."""
    mask = (1 << dt.bits) - 1
    if exact(dt):
        values = values.astype(object) & mask
    else:
        values = (values & mask).astype(np.int64)
    if dt.kind == "int":
        values = np.where(values > dt.hi, values - (1 << dt.bits), values)
    return values.astype(object) if exact(dt) else values.astype(np.int64)


def _where(cond: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    result = np.where(cond, a, b)
    return result.astype(a.dtype) if a.dtype == b.dtype and a.dtype != object else result


def _large(a: np.ndarray, b: np.ndarray, combine: Callable[[int, int], int]) -> bool:
    """Whether an int64 operation of `a` and `b` could leave int64: then it runs on Python ints."""
    if a.dtype == object or a.size == 0:
        return False
    return combine(int(np.abs(a).max()), int(np.abs(b).max())) >= _FAST_LIMIT


def _arith(op: Callable[[np.ndarray, np.ndarray], np.ndarray], product: bool = False) -> Callable:
    combine = (lambda x, y: x * y) if product else (lambda x, y: x + y)

    def apply(ev: _Evaluator, a: np.ndarray, b: np.ndarray, dt: DType, live: np.ndarray) -> np.ndarray:
        if _large(a, b, combine):
            return ev.fit(op(a.astype(object), b.astype(object)), dt, live)
        return ev.fit(op(a, b), dt, live)

    return apply


def _divisor(ev: _Evaluator, b: np.ndarray, live: np.ndarray) -> np.ndarray:
    zero = _bool(b == 0)
    if zero.any():
        ev.mark(zero, UBKind.division_by_zero, live)
        b = np.where(zero, 1, b)
        b = b if b.dtype == object else b.astype(np.int64)
    return b


def _division(kind: str) -> Callable:
    def apply(ev: _Evaluator, a: np.ndarray, b: np.ndarray, dt: DType, live: np.ndarray) -> np.ndarray:
        b = _divisor(ev, b, live)
        if kind == "floordiv":
            return ev.fit(a // b, dt, live)
        if kind == "floormod":
            return a % b
        quotient = abs(a) // abs(b)
        quotient = np.where(_bool((a < 0) != (b < 0)), -quotient, quotient)
        if a.dtype != object:
            quotient = quotient.astype(np.int64)
        return ev.fit(quotient, dt, live) if kind == "div" else a - b * quotient

    return apply


def _shift(left: bool) -> Callable:
    def apply(ev: _Evaluator, a: np.ndarray, b: np.ndarray, dt: DType, live: np.ndarray) -> np.ndarray:
        outside = _bool((b < 0) | (b >= dt.bits))
        if outside.any():
            ev.mark(outside, UBKind.shift_out_of_range, live)
            b = np.where(outside, 0, b)
            b = b if b.dtype == object else b.astype(np.int64)
        if not left:
            return a >> b
        if _large(a, b, lambda x, y: x << y):
            a, b = a.astype(object), b.astype(object)
        return ev.fit(a << b, dt, live)

    return apply


def _compare(op: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Callable:
    return lambda ev, a, b, dt, live: _bool(op(a, b))


def _bitwise(op: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Callable:
    def apply(ev: _Evaluator, a: np.ndarray, b: np.ndarray, dt: DType, live: np.ndarray) -> np.ndarray:
        return _bool(op(a, b)) if dt.kind == "bool" else op(a, b)

    return apply


_BINARY: dict[str, Callable] = {
    "Add": _arith(lambda a, b: a + b), "Sub": _arith(lambda a, b: a - b),
    "Mul": _arith(lambda a, b: a * b, product=True),
    "FloorDiv": _division("floordiv"), "FloorMod": _division("floormod"),
    "Div": _division("div"), "Mod": _division("mod"),
    "Min": lambda ev, a, b, dt, live: np.where(_bool(a <= b), a, b),
    "Max": lambda ev, a, b, dt, live: np.where(_bool(a >= b), a, b),
    "LShift": _shift(True), "RShift": _shift(False),
    "BitwiseAnd": _bitwise(lambda a, b: a & b), "BitwiseOr": _bitwise(lambda a, b: a | b),
    "BitwiseXor": _bitwise(lambda a, b: a ^ b),
    "EQ": _compare(lambda a, b: a == b), "NE": _compare(lambda a, b: a != b),
    "LT": _compare(lambda a, b: a < b), "LE": _compare(lambda a, b: a <= b),
    "GT": _compare(lambda a, b: a > b), "GE": _compare(lambda a, b: a >= b),
}
