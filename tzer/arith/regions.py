"""estimate_region_strict_bound, _lower_bound and _upper_bound: the region a set of accesses touches.

Each expression is the start of one dimension's access, of constant extent `options["extents"]`;
the points are the iterators' values that satisfy the predicate. Dimension t touches
U_t = the union over the points of [start_t, start_t + extent_t). The strict bound is U_t exactly,
the lower bound lies inside it, the upper bound contains it. Strict and lower are judged on whole
domains only: a sample cannot show that a value is never touched.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from tvm import sym, tirx
from tvm.ir import Range

from tirkit.arith_case import ArithCase, Shape
from tzer.arith.base import Analysis, Declined, Materialized, Unjudged, Violation

_INDEX_BITS = {"int32": 32, "int64": 64}


class _Region(Analysis):
    shape = Shape("region", (1, 3))
    contract = "region"
    index_types_only = True
    function = ""
    exact = True  # the bound must equal the touched interval (else: contain it)

    def _extents(self, case: ArithCase) -> list[int]:
        """One extent per expression (1 where the options hold too few)."""
        given = [int(e) for e in case.options.get("extents") or []]
        return (given + [1] * len(case.exprs))[:len(case.exprs)]

    def undefined(self, m: Materialized) -> str | None:
        # A dimension whose last touched index is past its type's range asks for a region with no
        # value to end it (c47's unsound-9b6c9900: an int64 start of INT64_MAX - 2, extent 4).
        for t, (start, value, extent) in enumerate(zip(m.exprs, m.values, self._extents(m.case), strict=True)):
            bits = _INDEX_BITS.get(str(start.ty))
            starts = np.asarray(value.values, dtype=object)
            last = int(starts.max()) + extent - 1 if starts.size else None
            if bits is not None and last is not None and last >= 2 ** (bits - 1):
                return f"dim {t}: its last touched index, {last}, overflows {start.ty}"
        return None

    def call(self, m: Materialized) -> Any:
        region = [Range.from_min_extent(start, tirx.IntImm(str(start.ty), extent))
                  for start, extent in zip(m.exprs, self._extents(m.case), strict=True)]
        return getattr(sym, self.function)(region, m.ranges(), m.predicate())

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        if answer is None:
            raise Declined("no estimate")
        if self.exact and not m.points.exhaustive:
            raise Unjudged("a sampled domain cannot show what is not touched")
        for t, (value, extent, bound) in enumerate(zip(m.values, self._extents(m.case), answer, strict=True)):
            lo, hi = _end(bound.min_value, sym.int_set.neg_inf()), _end(bound.max_value, sym.int_set.pos_inf())
            starts = np.asarray(value.values, dtype=object)
            touched = {int(s) + k for s in set(starts.tolist()) for k in range(extent)}
            text = f"dim {t}: [{bound.min_value}, {bound.max_value}]"
            low, high = min(touched), max(touched)
            if (lo is not None and low < lo) or (hi is not None and high > hi):
                if not self.exact or self.function == "estimate_region_strict_bound":
                    return Violation(f"dim {t} bound", {}, f"touched [{low}, {high}] inside", text, text,
                                     f"{self.function}|contain")
            if self.exact:
                if lo is None or hi is None:
                    raise Unjudged("an unbounded end")
                missing = _first_untouched(lo, hi, touched)
                if missing is not None:
                    return Violation(f"dim {t} untouched", {}, "only touched values", f"{missing} is never touched",
                                     text, f"{self.function}|untouched")
                outside = sorted(value for value in touched if not lo <= value <= hi)
                if self.function == "estimate_region_strict_bound" and outside:
                    extra = outside[0]
                    return Violation(f"dim {t} strict", {}, "every touched value", f"{extra} is touched but left out",
                                     text, f"{self.function}|missed")
        return None

    def describe(self, answer: Any) -> str:
        return "None" if answer is None else str([f"[{b.min_value}, {b.max_value}]" for b in answer])

    def repro_call(self, case: ArithCase) -> list[str]:
        extents = self._extents(case)
        return [f"extents = {extents}",
                "region = [Range.from_min_extent(start, tirx.IntImm(str(start.ty), extent)) "
                "for start, extent in zip(exprs, extents)]",
                f"answer = sym.{self.function}(region, ranges, predicate)"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        exact = "True" if self.function == "estimate_region_strict_bound" else "False"
        return ["points = [p for p in DOMAIN if at(predicate, p)]",
                "for t, (start, extent, bound) in enumerate(zip(exprs, extents, answer)):",
                "    touched = {at(start, p) + k for p in points for k in range(extent)}",
                "    low = None if bound.min_value.same_as(sym.int_set.neg_inf()) else at(bound.min_value, {})",
                "    high = None if bound.max_value.same_as(sym.int_set.pos_inf()) else at(bound.max_value, {})",
                '    print(f"dim {t}: touched {min(touched)}..{max(touched)} ({len(touched)} values), '
                'the bound [{low}, {high}]")',
                *(['    assert (low is None or low <= min(touched)) and (high is None or max(touched) <= high), '
                   '"the bound leaves out a touched value"'] if not self.exact or exact == "True" else []),
                *(['    assert low is not None and high is not None and set(range(low, high + 1)) <= touched, '
                   '"the bound holds a value never touched"'] if self.exact else [])]


def _first_untouched(lo: int, hi: int, touched: set[int]) -> int | None:
    """The smallest value of [lo, hi] not in `touched` (without listing a range TVM may claim huge)."""
    expected = lo
    for value in sorted(v for v in touched if lo <= v <= hi):
        if value > expected:
            return expected
        expected = value + 1
    return expected if expected <= hi else None


def _end(expr: Any, infinity: Any) -> int | None:
    if expr.same_as(infinity):
        return None
    if not isinstance(expr, tirx.IntImm):
        raise Unjudged(f"symbolic end {expr}")
    return int(expr.value)


class StrictBound(_Region):
    name = function = "estimate_region_strict_bound"


class LowerBound(_Region):
    name = function = "estimate_region_lower_bound"


class UpperBound(_Region):
    name = function = "estimate_region_upper_bound"
    exact = False
