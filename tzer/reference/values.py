"""Scalar semantics per dtype, as TVM's LLVM backend (codegen_llvm.cc) computes them.

Representation: integers and bools are Python ints/bools (exact, range-checked by hand); floats
are numpy scalars of their own precision, so float32 and float16 round after every operation.
A vector is a tuple of such scalars, one per lane.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tzer.reference.errors import UBKind, UndefinedBehaviour, Unsupported

Scalar = Any  # int | bool | np.floating
BinOp = Callable[[Scalar, Scalar], Scalar]


@dataclass(frozen=True)
class DType:
    name: str  # the scalar element type, e.g. "int32"
    kind: str  # "int", "uint", "float" or "bool"
    bits: int
    lanes: int
    np_type: type

    @property
    def lo(self) -> int:
        return -(1 << (self.bits - 1)) if self.kind == "int" else 0

    @property
    def hi(self) -> int:
        return (1 << (self.bits - 1)) - 1 if self.kind == "int" else (1 << self.bits) - 1

    def element(self) -> DType:
        return parse_dtype(self.name)


@functools.cache
def parse_dtype(text: str) -> DType:
    base, lanes = text, 1
    if "x" in text:
        base, lane_text = text.split("x", 1)
        if not lane_text.isdigit():
            raise Unsupported(f"dtype {text}")
        lanes = int(lane_text)
    if base == "bool":
        return DType("bool", "bool", 1, lanes, np.bool_)
    for kind in ("uint", "int", "float"):
        if base.startswith(kind) and base[len(kind) :].isdigit():
            bits = int(base[len(kind) :])
            try:
                np_type = np.dtype(base).type
            except TypeError:
                break
            if (kind == "float" and bits not in (16, 32, 64)) or (kind != "float" and bits not in (8, 16, 32, 64)):
                break
            return DType(base, kind, bits, lanes, np_type)
    raise Unsupported(f"dtype {text}")


def wrap(value: int, dt: DType) -> int:
    """Two's complement truncation of an integer to `dt` (LLVM trunc/sext/zext)."""
    value &= (1 << dt.bits) - 1
    if dt.kind == "int" and value > dt.hi:
        value -= 1 << dt.bits
    return value


def constant(value: float | int, dt: DType) -> Scalar:
    if dt.kind == "bool":
        return bool(value)
    if dt.kind == "float":
        return dt.np_type(value)
    return int(value)


def from_python(value: float | int | bool, dt: DType) -> Scalar:
    """A scalar argument as the compiled function receives it (its C type)."""
    if dt.kind == "float":
        return dt.np_type(value)
    if dt.kind == "bool":
        return bool(value)
    return wrap(int(value), dt)


# --- casts ---------------------------------------------------------------------------------------
def cast(value: Scalar, src: DType, dst: DType) -> Scalar:
    if dst.kind == "bool":
        # float -> bool is `fcmp une x, 0`: NaN is true.
        return bool(value != 0)
    if src.kind == "float":
        if dst.kind == "float":
            return dst.np_type(value)
        if not math.isfinite(value):
            raise UndefinedBehaviour(UBKind.float_to_int_out_of_range, f"cast {value} from {src.name} to {dst.name}")
        truncated = int(value)  # fptosi/fptoui round toward zero; out of range is poison
        if not dst.lo <= truncated <= dst.hi:
            raise UndefinedBehaviour(UBKind.float_to_int_out_of_range, f"cast {value} from {src.name} to {dst.name}")
        return truncated
    if dst.kind == "float":
        value = int(value)
        if abs(value) <= 1 << 53:
            return dst.np_type(value)
        # Beyond 2**53 a detour through a double would round twice.
        return np.array(value, dtype=np.uint64 if value > 0 else np.int64).astype(dst.np_type)[()]
    # int/uint/bool -> int/uint: sign- or zero-extension by the source's signedness, then truncation.
    return wrap(int(value), dst)


def reinterpret(value: Scalar, src: DType, dst: DType) -> Scalar:
    if src.bits != dst.bits or "bool" in (src.kind, dst.kind):
        raise Unsupported("tirx.reinterpret", f"{src.name} -> {dst.name}")
    if src.kind == "float" and dst.kind != "float" and math.isnan(value):
        raise UndefinedBehaviour(UBKind.nan_bits, f"reinterpret of a NaN as {dst.name}: its bits are unspecified")
    raw = np.array(value, dtype=src.np_type).view(dst.np_type)[()]
    return raw if dst.kind == "float" else int(raw)


# --- integer arithmetic --------------------------------------------------------------------------
_SYMBOLS = {"Add": "+", "Sub": "-", "Mul": "*", "Div": "/", "Mod": "%", "FloorDiv": "//", "FloorMod": "floormod"}


def _overflow(op: str, a: int, b: int, dt: DType) -> UndefinedBehaviour:
    kind = UBKind.signed_overflow if dt.kind == "int" else UBKind.unsigned_overflow
    return UndefinedBehaviour(kind, f"{a} {_SYMBOLS.get(op, op)} {b} does not fit in {dt.name}")


def _checked(op: str, raw: Callable[[int, int], int], dt: DType, narrow_uint: bool = False) -> BinOp:
    # codegen_llvm emits nsw (int) / nuw (uint) only for 32 and 64 bits; narrower types wrap.
    # TVM's constant folder does not: it refuses a uint subtraction below zero ("will cause a
    # negative uint"), which `narrow_uint` counts.
    if dt.bits < 32 and not (narrow_uint and dt.kind == "uint"):
        mask = (1 << dt.bits) - 1
        if dt.kind == "uint":
            return lambda a, b: raw(a, b) & mask
        return lambda a, b: wrap(raw(a, b), dt)
    lo, hi = dt.lo, dt.hi

    def checked(a: int, b: int) -> int:
        r = raw(a, b)
        if lo <= r <= hi:
            return r
        raise _overflow(op, a, b, dt)

    return checked


def _truncdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _division(op: str, raw: Callable[[int, int], int], dt: DType) -> BinOp:
    lo = dt.lo

    def divide(a: int, b: int) -> int:
        if b == 0:
            raise UndefinedBehaviour(UBKind.division_by_zero, f"{a} {_SYMBOLS[op]} 0 in {dt.name}")
        if a == lo and b == -1 and dt.kind == "int":
            raise _overflow(op, a, b, dt)
        return raw(a, b)

    return divide


def _shift(op: str, raw: Callable[[int, int], int], dt: DType, strict: bool) -> BinOp:
    bits = dt.bits
    # LLVM's shl wraps, but TVM folds a constant shift into an IntImm, which refuses a value
    # beyond the type's range (`Literal value ... exceeds range`): strict mode counts that.
    # Narrow types are promoted to int first, so only int32 and int64 overflow.
    checks_overflow = strict and op == "<<" and dt.kind == "int" and bits >= 32

    def shift(a: int, b: int) -> int:
        if not 0 <= b < bits:
            message = f"{a} {op} {b}: shift amount outside [0, {bits}) for {dt.name}"
            raise UndefinedBehaviour(UBKind.shift_out_of_range, message)
        result = raw(a, b)
        if checks_overflow and not dt.lo <= result <= dt.hi:
            raise _overflow("<<", a, b, dt)
        return wrap(result, dt)

    return shift


def _float_floordiv(a: Scalar, b: Scalar) -> Scalar:
    return np.floor(a / b)


def _float_floormod(a: Scalar, b: Scalar) -> Scalar:
    return a - np.floor(a / b) * b


def _select_min(a: Scalar, b: Scalar) -> Scalar:
    # `select(a < b, a, b)` with an ordered compare: min(NaN, x) is x, min(x, NaN) is NaN.
    return a if a < b else b


def _select_max(a: Scalar, b: Scalar) -> Scalar:
    return a if a > b else b


def _ordered_ne(a: Scalar, b: Scalar) -> bool:
    # `fcmp one`: false when either side is NaN.
    return bool(a < b or a > b)


_INT_RAW: dict[str, Callable[[int, int], int]] = {
    "Add": lambda a, b: a + b,
    "Sub": lambda a, b: a - b,
    "Mul": lambda a, b: a * b,
}
_INT_DIV: dict[str, Callable[[int, int], int]] = {
    "Div": _truncdiv,
    "Mod": lambda a, b: a - b * _truncdiv(a, b),
    "FloorDiv": lambda a, b: a // b,
    "FloorMod": lambda a, b: a % b,
}
_FLOAT: dict[str, BinOp] = {
    "Add": lambda a, b: a + b,
    "Sub": lambda a, b: a - b,
    "Mul": lambda a, b: a * b,
    "Div": lambda a, b: a / b,
    "Mod": np.fmod,  # frem
    "FloorDiv": _float_floordiv,
    "FloorMod": _float_floormod,
}
_COMPARE: dict[str, BinOp] = {
    "EQ": lambda a, b: bool(a == b),
    "LT": lambda a, b: bool(a < b),
    "LE": lambda a, b: bool(a <= b),
    "GT": lambda a, b: bool(a > b),
    "GE": lambda a, b: bool(a >= b),
}
_BITWISE: dict[str, Callable[[int, int], int]] = {
    "BitwiseAnd": lambda a, b: a & b,
    "BitwiseOr": lambda a, b: a | b,
    "BitwiseXor": lambda a, b: a ^ b,
}


@functools.cache
def binary(op: str, dt: DType, strict: bool = False, narrow_uint: bool = False) -> BinOp:
    """The scalar function of node type `op` on operands of dtype `dt` (the operands' dtype);
    `strict` and `narrow_uint` add what TVM's constant folder refuses (see `interpret`)."""
    if op == "Min":
        return _select_min
    if op == "Max":
        return _select_max
    if op in _COMPARE:
        return _COMPARE[op]
    if op == "NE":
        return _ordered_ne if dt.kind == "float" else lambda a, b: bool(a != b)
    if op == "And":
        return lambda a, b: bool(a and b)
    if op == "Or":
        return lambda a, b: bool(a or b)
    if dt.kind == "float":
        if op in _FLOAT:
            return _FLOAT[op]
        raise Unsupported(op, f"on {dt.name}")
    if op in _BITWISE:
        fn = _BITWISE[op]
        return (lambda a, b: bool(fn(a, b))) if dt.kind == "bool" else fn
    if dt.kind == "bool":
        raise Unsupported(op, "on bool")
    if op in _INT_RAW:
        return _checked(op, _INT_RAW[op], dt, narrow_uint)
    if op in _INT_DIV:
        return _division(op, _INT_DIV[op], dt)
    if op == "LShift":
        return _shift("<<", lambda a, b: a << b, dt, strict)
    if op == "RShift":
        # Python's >> on a negative int is arithmetic, on a uint (non-negative) logical.
        return _shift(">>", lambda a, b: a >> b, dt, strict)
    raise Unsupported(op, f"on {dt.name}")


def bitwise_not(dt: DType) -> Callable[[Scalar], Scalar]:
    if dt.kind == "bool":
        return lambda a: not a
    if dt.kind == "float":
        raise Unsupported("BitwiseNot", f"on {dt.name}")
    return lambda a: wrap(~a, dt)
