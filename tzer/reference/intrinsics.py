"""Pure intrinsics (`tirx.*` Call ops and libm externs) as scalar functions.

Each follows the lowering TVM uses on llvm (intrin_rule.cc, intrin_rule_llvm.cc): e.g. `round` is
`llvm.nearbyint` (ties to even), `sigmoid` is `1 / (1 + exp(-x))` and `rsqrt` is `1 / sqrt(x)`,
computed in the argument's precision. Functions numpy lacks (erf, gamma, ...) go through libm in
double precision and are rounded once, which is within any float comparison tolerance.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from tzer.reference.errors import UBKind, UndefinedBehaviour, Unsupported
from tzer.reference.values import DType, Scalar, wrap

Fn = Callable[..., Scalar]


def _via_double(fn: Callable[..., float]) -> Callable[[DType], Fn]:
    def make(dt: DType) -> Fn:
        def call(*args: Scalar) -> Scalar:
            return dt.np_type(fn(*(float(a) for a in args)))

        return call

    return make


def _lgamma(x: float) -> float:
    try:
        return math.lgamma(x)
    except (ValueError, OverflowError):  # poles at 0, -1, -2, ...: libm returns +inf
        return math.inf


def _tgamma(x: float) -> float:
    try:
        return math.gamma(x)
    except ValueError:  # libm: ±inf at ±0, NaN at negative integers and -inf
        return math.copysign(math.inf, x) if x == 0 else math.nan
    except OverflowError:
        return math.inf


def _ufunc(fn: Callable[..., Scalar]) -> Callable[[DType], Fn]:
    return lambda dt: fn


def _sigmoid(dt: DType) -> Fn:
    one = dt.np_type(1)
    return lambda x: one / (one + np.exp(-x))


def _rsqrt(dt: DType) -> Fn:
    one = dt.np_type(1)
    return lambda x: one / np.sqrt(x)


def _exp10(dt: DType) -> Fn:
    ln10 = dt.np_type(2.302585093)
    return lambda x: np.exp(x * ln10)


def _tan(dt: DType) -> Fn:
    return lambda x: np.sin(x) / np.cos(x)


def _tanh(dt: DType) -> Fn:
    # DispatchNumericalStableTanh
    one, two = dt.np_type(1), dt.np_type(2)

    def tanh(x: Scalar) -> Scalar:
        if x >= 0:
            e = np.exp(-two * x)
            return (one - e) / (one + e)
        e = np.exp(two * x)
        return (e - one) / (e + one)

    return tanh


def _ldexp(dt: DType) -> Fn:
    return lambda x, e: dt.np_type(np.ldexp(x, int(e)))


def _int_abs(dt: DType) -> Fn:
    if dt.kind == "float":
        return np.abs
    if dt.kind != "int":
        return lambda x: x

    def absolute(x: int) -> int:
        if x == dt.lo and dt.bits >= 32:
            raise UndefinedBehaviour(UBKind.signed_overflow, f"abs({x}) in {dt.name}")
        return wrap(abs(x), dt)

    return absolute


def _popcount(dt: DType) -> Fn:
    mask = (1 << dt.bits) - 1
    return lambda x: bin(x & mask).count("1")


def _clz(dt: DType) -> Fn:
    mask = (1 << dt.bits) - 1

    def clz(x: int) -> int:
        if x == 0:
            raise UndefinedBehaviour(UBKind.intrinsic_domain, f"clz(0) in {dt.name} (ctlz with is_zero_poison)")
        return dt.bits - (x & mask).bit_length()

    return clz


def _fdim(a: Scalar, b: Scalar) -> Scalar:
    if np.isnan(a) or np.isnan(b):
        return a + b
    return a - b if a > b else type(a)(0)


def _float_predicate(fn: Callable[[Scalar], bool]) -> Callable[[DType], Fn]:
    return lambda dt: lambda x: bool(fn(x))


def _q_multiply_shift(dt: DType) -> Fn:
    """TVM's fixed-point multiply legalisation (intrin_rule.cc) on int32 values."""
    i64 = DType("int64", "int", 64, 1, np.int64)

    def qms(x: int, y: int, q: int, s: int) -> int:
        if y == 1 << 30:
            exp = s - 1
            if exp > 0:
                return wrap(x << exp, dt)
            rounding = 1 << (-exp - 1)
            return wrap(x + rounding, dt) >> -exp
        left, right = (s, 0) if s > 0 else (0, -s)
        total = right + q
        if not 0 < total <= 64 or left >= 64:
            raise UndefinedBehaviour(UBKind.shift_out_of_range, f"q_multiply_shift shift {total}")
        value = (x << left) if left else x
        value = value * y + (1 << (total - 1))
        if not i64.lo <= value <= i64.hi:
            raise UndefinedBehaviour(UBKind.signed_overflow, f"q_multiply_shift({x}, {y}, {q}, {s}) in int64")
        return wrap(value >> total, dt)

    return qms


_TABLE: dict[str, Callable[[DType], Fn]] = {
    "exp": _ufunc(np.exp),
    "exp2": _ufunc(np.exp2),
    "exp10": _exp10,
    "log": _ufunc(np.log),
    "log2": _ufunc(np.log2),
    "log10": _ufunc(np.log10),
    "log1p": _ufunc(np.log1p),
    "expm1": _ufunc(np.expm1),
    "sqrt": _ufunc(np.sqrt),
    "rsqrt": _rsqrt,
    "cbrt": _ufunc(np.cbrt),
    "sin": _ufunc(np.sin),
    "cos": _ufunc(np.cos),
    "tan": _tan,
    "sinh": _ufunc(np.sinh),
    "cosh": _ufunc(np.cosh),
    "tanh": _tanh,
    "asin": _ufunc(np.arcsin),
    "acos": _ufunc(np.arccos),
    "atan": _ufunc(np.arctan),
    "asinh": _ufunc(np.arcsinh),
    "acosh": _ufunc(np.arccosh),
    "atanh": _ufunc(np.arctanh),
    "erf": _via_double(math.erf),
    "erfc": _via_double(math.erfc),
    "tgamma": _via_double(_tgamma),
    "lgamma": _via_double(_lgamma),
    "logb": _ufunc(lambda x: np.floor(np.log2(np.abs(x)))),
    "sigmoid": _sigmoid,
    "floor": _ufunc(np.floor),
    "ceil": _ufunc(np.ceil),
    "trunc": _ufunc(np.trunc),
    "round": _ufunc(np.rint),
    "nearbyint": _ufunc(np.rint),
    "fabs": _ufunc(np.abs),
    "abs": _int_abs,
    "pow": _ufunc(np.power),
    "atan2": _ufunc(np.arctan2),
    "hypot": _ufunc(np.hypot),
    "copysign": _ufunc(np.copysign),
    "nextafter": _ufunc(np.nextafter),
    "logaddexp": _ufunc(np.logaddexp),
    "ldexp": _ldexp,
    "fmod": _ufunc(np.fmod),
    "remainder": _ufunc(lambda a, b: a - np.rint(a / b) * b),
    "fmin": _ufunc(np.fmin),
    "fmax": _ufunc(np.fmax),
    "fdim": _ufunc(_fdim),
    "isnan": _float_predicate(np.isnan),
    "isinf": _float_predicate(np.isinf),
    "isfinite": _float_predicate(np.isfinite),
    "popcount": _popcount,
    "clz": _clz,
    "q_multiply_shift": _q_multiply_shift,
}


def known(name: str) -> bool:
    return name in _TABLE


def intrinsic(name: str, dt: DType) -> Fn:
    """The scalar function of `tirx.<name>` whose first argument has dtype `dt`."""
    make = _TABLE.get(name)
    if make is None:
        raise Unsupported("tirx." + name)
    return make(dt)


def extern(symbol: str, dt: DType) -> Fn:
    """A libm function called through call_pure_extern ("expf", "fmod", ...)."""
    name = symbol[:-1] if dt.name == "float32" and symbol.endswith("f") else symbol
    if name not in _TABLE or dt.kind != "float":
        raise Unsupported("tirx.call_pure_extern", symbol)
    return _TABLE[name](dt)
