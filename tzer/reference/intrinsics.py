"""Pure intrinsics (`tirx.*` Call ops and libm externs) as scalar functions.

Each follows the lowering TVM uses on llvm (intrin_rule.cc, intrin_rule_llvm.cc): e.g. `round` is
`llvm.nearbyint` (ties to even), `sigmoid` is `1 / (1 + exp(-x))` and `rsqrt` is `1 / sqrt(x)`,
computed in the argument's precision.

Transcendental functions are computed in double precision and rounded to float32 (then to float16
for half, which LLVM promotes to float): that is the correctly rounded result that glibc's float
functions return in nearly all cases, while numpy's float32 loops may be an ulp or two off, which
shows as soon as a result is reinterpreted as bits.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from tzer.reference.errors import UBKind, UndefinedBehaviour, Unsupported
from tzer.reference.values import DType, Scalar, wrap

Fn = Callable[..., Scalar]


def _libm(fn: Callable[..., float]) -> Callable[[DType], Fn]:
    def make(dt: DType) -> Fn:
        if dt.bits == 64:
            return lambda *args: np.float64(fn(*args))
        if dt.bits == 32:
            return lambda *args: np.float32(fn(*(np.float64(a) for a in args)))
        return lambda *args: dt.np_type(np.float32(fn(*(np.float64(a) for a in args))))

    return make


_exp = _libm(np.exp)


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


def _remainder(a: float, b: float) -> float:
    try:
        return math.remainder(a, b)
    except ValueError:  # remainder(inf, y) and remainder(x, 0) are NaN in libm
        return math.nan


def _ufunc(fn: Callable[..., Scalar]) -> Callable[[DType], Fn]:
    return lambda dt: fn


def _sigmoid(dt: DType) -> Fn:
    one, exp = dt.np_type(1), _exp(dt)
    return lambda x: one / (one + exp(-x))


def _rsqrt(dt: DType) -> Fn:
    one = dt.np_type(1)
    return lambda x: one / np.sqrt(x)


def _exp10(dt: DType) -> Fn:
    ln10, exp = dt.np_type(2.302585093), _exp(dt)
    return lambda x: exp(x * ln10)


def _tan(dt: DType) -> Fn:
    sin, cos = _libm(np.sin)(dt), _libm(np.cos)(dt)
    return lambda x: sin(x) / cos(x)


def _tanh(dt: DType) -> Fn:
    # DispatchNumericalStableTanh
    one, two, exp = dt.np_type(1), dt.np_type(2), _exp(dt)

    def tanh(x: Scalar) -> Scalar:
        if x >= 0:
            e = exp(-two * x)
            return (one - e) / (one + e)
        e = exp(two * x)
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


# Results the C library (or TVM's own expansion) rounds its own way: the interpreter agrees with
# them only up to the dtype's tolerance, not bit for bit.
INEXACT = frozenset({
    "exp", "exp2", "exp10", "log", "log2", "log10", "log1p", "expm1", "rsqrt", "cbrt", "sin", "cos", "tan",
    "sinh", "cosh", "tanh", "asin", "acos", "atan", "asinh", "acosh", "atanh", "erf", "erfc", "tgamma",
    "lgamma", "logb", "sigmoid", "pow", "atan2", "hypot", "logaddexp",
})

_TABLE: dict[str, Callable[[DType], Fn]] = {
    "exp": _exp,
    "exp2": _libm(np.exp2),
    "exp10": _exp10,
    "log": _libm(np.log),
    "log2": _libm(np.log2),
    "log10": _libm(np.log10),
    "log1p": _libm(np.log1p),
    "expm1": _libm(np.expm1),
    "sqrt": _ufunc(np.sqrt),
    "rsqrt": _rsqrt,
    "cbrt": _libm(np.cbrt),
    "sin": _libm(np.sin),
    "cos": _libm(np.cos),
    "tan": _tan,
    "sinh": _libm(np.sinh),
    "cosh": _libm(np.cosh),
    "tanh": _tanh,
    "asin": _libm(np.arcsin),
    "acos": _libm(np.arccos),
    "atan": _libm(np.arctan),
    "asinh": _libm(np.arcsinh),
    "acosh": _libm(np.arccosh),
    "atanh": _libm(np.arctanh),
    "erf": _libm(math.erf),
    "erfc": _libm(math.erfc),
    "tgamma": _libm(_tgamma),
    "lgamma": _libm(_lgamma),
    "logb": _libm(lambda x: np.floor(np.log2(np.abs(x)))),
    "sigmoid": _sigmoid,
    "floor": _ufunc(np.floor),
    "ceil": _ufunc(np.ceil),
    "trunc": _ufunc(np.trunc),
    "round": _ufunc(np.rint),
    "nearbyint": _ufunc(np.rint),
    "fabs": _ufunc(np.abs),
    "abs": _int_abs,
    "pow": _libm(np.power),
    "atan2": _libm(np.arctan2),
    "hypot": _libm(np.hypot),
    "copysign": _ufunc(np.copysign),
    "nextafter": _ufunc(np.nextafter),
    "logaddexp": _libm(np.logaddexp),
    "ldexp": _ldexp,
    "fmod": _ufunc(np.fmod),
    "remainder": _libm(_remainder),
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
