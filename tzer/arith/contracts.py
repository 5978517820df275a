"""The soundness contracts, one function each, judged at the valid points of a case.

- `equal`: an expression TVM derived (a simplified form, a normalized iterator map) has the
  input's value at every point. Its own intermediate overflow is allowed (the analyses reason in
  integers and may reorder a sum), but not a zero divisor or a shift out of range where the input
  has none, nor another dtype.
- `within`: every value lies in a bound (a constant interval, or ends that are expressions).
- `congruent`: every value is `base` modulo `coeff` (exactly `base` when `coeff` is 0).
- `holds`: a condition TVM proved is true at every point.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tzer.arith.base import Materialized, Unjudged, Violation, answer_shape, first, point_at, show
from tzer.arith.domain import Points
from tzer.reference import UBKind, Unsupported
from tzer.reference.pointwise import Evaluation

# ConstIntBound's infinities.
POS_INF = (1 << 63) - 1
NEG_INF = -POS_INF
_DEFINITE = (UBKind.division_by_zero, UBKind.shift_out_of_range)


def evaluated(m: Materialized, expr: Any, points: Points | None = None) -> Evaluation:
    try:
        return m.evaluate(expr, points)
    except Unsupported as error:
        raise Unjudged(str(error)) from None


def equal(m: Materialized, expected: Evaluation, answer: Any, what: str, points: Points | None = None
          ) -> Violation | None:
    """`answer` equals the values `expected` holds at every point (see the module docstring)."""
    points = points or m.points
    got = evaluated(m, answer, points)
    text = str(answer)
    if any(kind in got.kinds for kind in _DEFINITE):
        where = first(got.undefined)
        assert where is not None
        kind = next(kind for kind in _DEFINITE if kind in got.kinds)
        return Violation(f"{what} undefined", point_at(m, where, points), "a defined value", kind.value, text,
                         answer_shape(answer))
    differ = _differ(expected.values, got.values)
    where = first(differ)
    if where is None:
        return None
    return Violation(what, point_at(m, where, points), show(expected.values, where), show(got.values, where), text,
                     answer_shape(answer))


def _differ(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if a.shape != b.shape:
        b = np.broadcast_to(b, a.shape) if b.ndim < a.ndim else b
    if a.dtype == bool or b.dtype == bool:
        a, b = a.astype(np.int64), b.astype(np.int64)
    differ = np.asarray(a != b, dtype=bool)
    return differ.any(axis=1) if differ.ndim == 2 else differ


def within(m: Materialized, values: Evaluation, lo: Any, hi: Any, what: str, answer: str,
           points: Points | None = None) -> Violation | None:
    """Every value within [lo, hi]; an end is an int (±2^63-1 is unbounded), an array of one value
    per point, or None (unbounded)."""
    points = points or m.points
    v = values.values
    if v.ndim == 2:  # lanes: a per-point end bounds every lane of its point
        lo = lo[:, None] if isinstance(lo, np.ndarray) else lo
        hi = hi[:, None] if isinstance(hi, np.ndarray) else hi
    low = v < lo if lo is not None and not (np.isscalar(lo) and lo <= NEG_INF) else np.zeros(v.shape, bool)
    high = v > hi if hi is not None and not (np.isscalar(hi) and hi >= POS_INF) else np.zeros(v.shape, bool)
    outside = np.asarray(low, bool) | np.asarray(high, bool)
    outside = outside.any(axis=1) if outside.ndim == 2 else outside
    where = first(outside)
    if where is None:
        return None
    return Violation(what, point_at(m, where, points), f"a value in {answer}", show(v, where), answer)


def congruent(m: Materialized, values: Evaluation, coeff: int, base: int, answer: str) -> Violation | None:
    v = values.values
    off = (v != base) if coeff == 0 else ((v - base) % abs(coeff) != 0)
    off = np.asarray(off, bool)
    off = off.any(axis=1) if off.ndim == 2 else off
    where = first(off)
    if where is None:
        return None
    return Violation("modular set", point_at(m, where), f"a value in {answer}", show(v, where), answer)


def holds(m: Materialized, values: Evaluation, what: str, answer: str, points: Points | None = None
          ) -> Violation | None:
    """The condition is true at every point."""
    truth = np.asarray(values.values, bool)
    false = ~(truth.all(axis=1) if truth.ndim == 2 else truth)
    where = first(false)
    if where is None:
        return None
    return Violation(what, point_at(m, where, points), "True", "False", answer)
