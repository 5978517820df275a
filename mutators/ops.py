"""Operator tables: every expression constructor and intrinsic the generator may emit.

Each entry was checked to compile on llvm for its native dtypes (tests/mutators/test_ops.py
compiles every one). Operands that could cause undefined behaviour get a guard here, so that any
user of the table (generation or replacement) emits safe code:
integer divisors become `floormod(b, c) + 1`, shift amounts `floormod(b, bits)`, and the operands of
Add/Sub/Mul on 32- and 64-bit ints are clamped (`min(max(x, lo), hi)`) so that they cannot overflow.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import tvm
from tvm import tirx

from tirkit.op_universe import load_accepted

FLOATS = ("float16", "float32", "float64")
INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
SCALARS = (*FLOATS, *INTS, "bool")
MAX_LANES = 16


def split_dtype(dtype: str) -> tuple[str, int]:
    """("float32x4") -> ("float32", 4)."""
    if "x" in dtype:
        base, lanes = dtype.split("x", 1)
        return base, int(lanes) if lanes.isdigit() else -1
    return dtype, 1


def is_supported_dtype(dtype: str) -> bool:
    base, lanes = split_dtype(dtype)
    return base in SCALARS and 1 <= lanes <= MAX_LANES


def is_float(dtype: str) -> bool:
    return split_dtype(dtype)[0] in FLOATS


def is_int(dtype: str) -> bool:
    return split_dtype(dtype)[0] in INTS


def bits(dtype: str) -> int:
    base = split_dtype(dtype)[0]
    return 1 if base == "bool" else int("".join(c for c in base if c.isdigit()))


def const(dtype: str, value: float) -> tvm.ir.Expr:
    base, lanes = split_dtype(dtype)
    if base == "bool":
        scalar = tirx.IntImm("bool", int(bool(value)))
    elif base in FLOATS:
        # Rounded to the dtype first: TVMScript re-parses the printed value at that precision.
        scalar = tirx.FloatImm(base, float(np.array(value, dtype=base)))
    else:
        scalar = tirx.IntImm(base, int(value))
    return scalar if lanes == 1 else tirx.Broadcast(scalar, lanes)


def int_range(dtype: str) -> tuple[int, int]:
    base = split_dtype(dtype)[0]
    n = bits(base)
    return (0, 2**n - 1) if base.startswith("uint") else (-(2 ** (n - 1)), 2 ** (n - 1) - 1)


# --- guards --------------------------------------------------------------------------------------
def guard_divisor(b: tvm.ir.Expr) -> tvm.ir.Expr:
    """An integer divisor in [1, 8]: never 0, never -1 (INT_MIN / -1 traps too)."""
    dtype = str(b.ty)
    return tirx.Add(tirx.FloorMod(b, const(dtype, 8)), const(dtype, 1))


# TVM's LLVM backend emits add/sub/mul on 32- and 64-bit ints with the nsw (signed) or nuw
# (unsigned) flag, so an overflow there is poison, i.e. undefined behaviour; 8- and 16-bit ints
# wrap. Clamped operands of these magnitudes keep Add, Sub, Mul, Min and Max in range.
ARITH_BOUND = {"int32": 2**15, "int64": 2**31, "uint32": 2**15, "uint64": 2**31}


def overflow_is_ub(dtype: str) -> bool:
    return split_dtype(dtype)[0] in ARITH_BOUND


def guard_operand(x: tvm.ir.Expr, first: bool) -> tvm.ir.Expr:
    """`x` clamped for a 32/64-bit integer Add/Sub/Mul: signed operands to [-C, C]; unsigned first
    operands to [C, 2C] and second ones to [0, C], so that `first - second` cannot go below 0."""
    dtype = str(x.ty)
    c = ARITH_BOUND[split_dtype(dtype)[0]]
    if split_dtype(dtype)[0].startswith("uint"):
        lo, hi = (c, 2 * c) if first else (0, c)
    else:
        lo, hi = -c, c
    return tirx.Min(tirx.Max(x, const(dtype, lo)), const(dtype, hi))


def guarded_arith(cls: type) -> Callable:
    def build(a: tvm.ir.Expr, b: tvm.ir.Expr) -> tvm.ir.Expr:
        if overflow_is_ub(str(a.ty)):
            return cls(guard_operand(a, True), guard_operand(b, False))
        return cls(a, b)

    return build


_ANALYZER: list = []


def int_bounds(expr: tvm.ir.Expr) -> tuple[float, float]:
    """Sound bounds of an integer expression, with +-inf for "unknown" (TVM's bound analysis
    assumes that `expr` itself does not overflow; callers check each node)."""
    if not _ANALYZER:
        _ANALYZER.append(tvm.sym.Analyzer())
    bound = _ANALYZER[0].const_int_bound(expr)
    lo = -float("inf") if bound.min_value <= -bound.POS_INF else int(bound.min_value)
    hi = float("inf") if bound.max_value >= bound.POS_INF else int(bound.max_value)
    return lo, hi


def arith_safe(cls: type, a: tvm.ir.Expr, b: tvm.ir.Expr) -> bool:
    """Whether `cls(a, b)` provably stays in its dtype's range (always true where overflow wraps)."""
    dtype = str(a.ty)
    if cls not in (tirx.Add, tirx.Sub, tirx.Mul) or not overflow_is_ub(dtype):
        return True
    try:
        (alo, ahi), (blo, bhi) = int_bounds(a), int_bounds(b)
    except Exception:  # an expression the bound analysis does not handle: not provably safe
        return False
    if not all(math.isfinite(v) for v in (alo, ahi, blo, bhi)):
        return False
    if cls is tirx.Add:
        results = [alo + blo, ahi + bhi]
    elif cls is tirx.Sub:
        results = [alo - bhi, ahi - blo]
    else:
        results = [alo * blo, alo * bhi, ahi * blo, ahi * bhi]
    lo, hi = int_range(dtype)
    return lo <= min(results) and max(results) <= hi


def guard_shift(b: tvm.ir.Expr) -> tvm.ir.Expr:
    dtype = str(b.ty)
    return tirx.FloorMod(b, const(dtype, bits(dtype)))


def guarded_div(cls: type) -> Callable:
    return lambda a, b: cls(a, guard_divisor(b)) if is_int(str(a.ty)) else cls(a, b)


def guarded_shift(cls: type) -> Callable:
    return lambda a, b: cls(a, guard_shift(b))


@dataclass(frozen=True)
class Op:
    """`args` are operand classes: "T" = same dtype as the result, "F" float, "N" any number,
    "W" a 32/64-bit int, "B" bool, "i32" int32. `result` is the class of dtypes the op produces:
    "num" (ints and floats), "int", "float", "bool", "any" or "int32" (that dtype only)."""

    name: str
    args: tuple[str, ...]
    result: str
    build: Callable[..., tvm.ir.Expr]


def _intrin(name: str) -> Callable:
    fn = getattr(tirx, name)
    return lambda *a: fn(*a)


def _extern(name: str) -> Callable:
    # libm functions resolved when the compiled module is loaded: float32 names end in "f".
    def build(*args: tvm.ir.Expr) -> tvm.ir.Expr:
        dtype = str(args[0].ty)
        return tirx.call_pure_extern(dtype, name + ("f" if dtype == "float32" else ""), *args)

    return build


ARITH = [Op(c.__name__, ("T", "T"), "num", guarded_arith(c)) for c in (tirx.Add, tirx.Sub, tirx.Mul)] + [
    Op(c.__name__, ("T", "T"), "num", c) for c in (tirx.Min, tirx.Max)
]
DIVISION = [
    Op("Div", ("T", "T"), "num", guarded_div(tirx.Div)),
    Op("Mod", ("T", "T"), "num", guarded_div(tirx.Mod)),
    Op("FloorDiv", ("T", "T"), "int", guarded_div(tirx.FloorDiv)),
    Op("FloorMod", ("T", "T"), "int", guarded_div(tirx.FloorMod)),
]
COMPARE = [Op(c.__name__, ("N", "N"), "bool", c) for c in (tirx.EQ, tirx.NE, tirx.LT, tirx.LE, tirx.GT, tirx.GE)]
LOGIC = [
    Op("And", ("B", "B"), "bool", tirx.And),
    Op("Or", ("B", "B"), "bool", tirx.Or),
    Op("Not", ("B",), "bool", tirx.Not),
]
BITWISE = [Op(c.__name__, ("T", "T"), "int", c) for c in (tirx.BitwiseAnd, tirx.BitwiseOr, tirx.BitwiseXor)] + [
    Op("BitwiseNot", ("T",), "int", tirx.BitwiseNot),
    Op("LShift", ("T", "T"), "int", guarded_shift(tirx.LShift)),
    Op("RShift", ("T", "T"), "int", guarded_shift(tirx.RShift)),
]
FLOAT_UNARY_NAMES = (
    "exp",
    "exp2",
    "exp10",
    "log",
    "log2",
    "log10",
    "log1p",
    "sqrt",
    "rsqrt",
    "sin",
    "cos",
    "tan",
    "sinh",
    "cosh",
    "tanh",
    "asin",
    "acos",
    "atan",
    "asinh",
    "acosh",
    "atanh",
    "erf",
    "sigmoid",
    "floor",
    "ceil",
    "trunc",
    "round",
    "nearbyint",
)


def _abs(x: tvm.ir.Expr) -> tvm.ir.Expr:
    # abs of a signed int is select(x >= 0, x, 0 - x): 0 - INT_MIN overflows unless x is clamped.
    signed = overflow_is_ub(str(x.ty)) and not str(x.ty).startswith("uint")
    return tirx.abs(guard_operand(x, False) if signed else x)


FLOAT_UNARY = [Op(n, ("T",), "float", _intrin(n)) for n in FLOAT_UNARY_NAMES] + [Op("abs", ("T",), "num", _abs)]
FLOAT_BINARY = [
    Op(n, ("T", "T"), "float", _intrin(n)) for n in ("atan2", "pow", "hypot", "copysign", "nextafter", "logaddexp")
] + [Op("ldexp", ("T", "i32"), "float", _intrin("ldexp"))]
EXTERN_UNARY = [Op(n, ("T",), "float", _extern(n)) for n in ("cbrt", "expm1", "erfc", "tgamma", "lgamma", "logb")]
EXTERN_BINARY = [Op(n, ("T", "T"), "float", _extern(n)) for n in ("fmin", "fmax", "fdim", "remainder", "fmod")]
FLOAT_PREDICATES = [Op(n, ("F",), "bool", _intrin(n)) for n in ("isnan", "isinf", "isfinite")]


def _clz(x: tvm.ir.Expr) -> tvm.ir.Expr:
    # clz lowers to ctlz with is_zero_poison: clz(0) is undefined, so the lowest bit is forced on.
    return tirx.clz(tirx.BitwiseOr(x, const(str(x.ty), 1)))


# Bit operations on bool (LLVM i1) compile too; shifts of a bool do not.
BOOL_BITWISE = [
    Op(c.__name__ + "(bool)", ("B", "B"), "bool", c) for c in (tirx.BitwiseAnd, tirx.BitwiseOr, tirx.BitwiseXor)
] + [
    Op("BitwiseNot(bool)", ("B",), "bool", tirx.BitwiseNot),
    Op("popcount(bool)", ("B",), "bool", _intrin("popcount")),
]
MISC = [
    Op("popcount", ("T",), "int", _intrin("popcount")),
    # clz is int32 whatever the operand's width ("W": one of the widths it compiles for).
    Op("clz", ("W",), "int32", _clz),
    Op("likely", ("B",), "bool", _intrin("likely")),
    Op("if_then_else", ("B", "T", "T"), "num", _intrin("if_then_else")),
    Op("Select", ("B", "T", "T"), "any", tirx.Select),
]

ALL_OPS: list[Op] = [
    *ARITH,
    *DIVISION,
    *COMPARE,
    *LOGIC,
    *BITWISE,
    *FLOAT_UNARY,
    *FLOAT_BINARY,
    *EXTERN_UNARY,
    *EXTERN_BINARY,
    *FLOAT_PREDICATES,
    *MISC,
    *BOOL_BITWISE,
]
CLZ_DTYPES = ("int32", "int64", "uint32", "uint64")
# Constructors the generator emits outside ALL_OPS (leaves, conversions, vectors and binders).
OTHER_CONSTRUCTORS = (
    "IntImm",
    "FloatImm",
    "Var",
    "BufferLoad",
    "Cast",
    "reinterpret",
    "Let",
    "Ramp",
    "Broadcast",
    "Shuffle",
)

# Calls whose arguments are plain values (no guard, no memory access): mutators may change them.
SAFE_CALL_OPS = frozenset(
    [
        "tirx." + n
        for n in (
            *FLOAT_UNARY_NAMES,
            "fabs",
            "atan2",
            "pow",
            "hypot",
            "copysign",
            "nextafter",
            "isnan",
            "isinf",
            "isfinite",
            "popcount",
            "likely",
            "reinterpret",
            "ldexp",
            "call_pure_extern",
        )
    ]
)


def _float16_ok(op: Op) -> bool:
    """Whether a float op compiles for float16: measured (`tirkit.op_universe`), not assumed. libm
    has no float16 functions; some math intrinsics have a float16 lowering on llvm, others not."""
    if op in EXTERN_UNARY + EXTERN_BINARY:
        return False
    if op not in FLOAT_UNARY + FLOAT_BINARY:
        return True
    return ("fabs" if op.name == "abs" else op.name, "float16") in load_accepted()


def ops_for(dtype: str) -> list[Op]:
    """Ops able to produce a scalar of `dtype` directly (without a Cast around them)."""
    base = split_dtype(dtype)[0]
    if base == "bool":
        # Comparisons twice: each takes any of 11 operand dtypes, And/Or/Not only bool.
        return [op for op in ALL_OPS if op.result in ("bool", "any")] + COMPARE
    kinds = ("num", "any", "float") if base in FLOATS else ("num", "any", "int", base)
    chosen = [op for op in ALL_OPS if op.result in kinds]
    if base == "float16":
        chosen = [op for op in chosen if _float16_ok(op)]
    if base in FLOATS:
        chosen = [op for op in chosen if op.name not in ("FloorDiv", "FloorMod")]
    return chosen
