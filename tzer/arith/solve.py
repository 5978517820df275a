"""deduce_bound, detect_linear_equation and detect_clip_bound: what they solve for holds.

- deduce_bound(var, cond, hints, relaxed): every value of the returned set satisfies `cond`, for
  every value of the relaxed variables in their sets (hints only fix the signs of multipliers; the
  other variables stay symbolic in the ends). Judged at the set's ends and their neighbours, at each
  point of the domain, with `var` replaced by those values; points where `cond` is then undefined
  (an overflow far outside the variable's range, say) are skipped.
- detect_linear_equation(expr, vars): `expr == sum(c_i * v_i) + base`, no c_i holding a listed var.
- detect_clip_bound(cond, vars): `cond` holds exactly where every listed variable is within its
  [min, max] (None: unbounded).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from tvm import sym

from tirkit import exprs
from tirkit.arith_case import ArithCase, Shape
from tzer.arith import contracts
from tzer.arith.base import Analysis, Declined, Materialized, Unjudged, Violation, first, interval_source, point_at
from tzer.reference.pointwise import as_values
from tzer.reference.values import parse_dtype


class DeduceBound(Analysis):
    name = "deduce_bound"
    shape = Shape("solve")
    contract = "solution"
    root_by_form = False  # the relation and the side of the bound are the input's

    def prepare(self, case: ArithCase, rng: random.Random) -> dict[str, Any]:
        others = [v.name for v in case.variables if v.name != case.options.get("var")]
        relax = sorted(rng.sample(others, rng.randint(0, len(others))))
        hint = sorted(name for name in others if name not in relax and rng.random() < 0.7)
        return {"relax": relax, "hint": hint}

    def call(self, m: Materialized) -> Any:
        options = m.case.options
        return sym.deduce_bound(m.variables[options["var"]], m.exprs[0], m.interval_sets(options.get("hint", [])),
                                m.interval_sets(options.get("relax", [])))

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        if answer.is_nothing():
            raise Declined("nothing deduced")
        target = m.case.variable(m.case.options["var"])
        dtype = parse_dtype(target.dtype)
        ends = []
        for end, infinity in ((answer.min_value, sym.int_set.neg_inf()), (answer.max_value, sym.int_set.pos_inf())):
            if end.same_as(infinity):
                ends.append(None)
                continue
            value = contracts.evaluated(m, end)
            if not value.defined_everywhere:
                raise Unjudged(f"an end of the bound is undefined somewhere: {end}")
            ends.append(np.asarray(value.values, dtype=object))
        lo, hi = ends
        count = m.points.count
        candidates = []
        if lo is not None:
            candidates += [lo, lo + 1]
        if hi is not None:
            candidates += [hi, hi - 1]
        if lo is None and hi is None:
            candidates += [np.full(count, target.lo, dtype=object), np.full(count, target.hi, dtype=object)]
        for values in candidates:
            inside = np.ones(count, bool)
            if lo is not None:
                inside &= np.asarray(values >= lo, bool)
            if hi is not None:
                inside &= np.asarray(values <= hi, bool)
            inside &= np.asarray((values >= dtype.lo) & (values <= dtype.hi), bool)
            if not inside.any():
                continue
            points = m.points.select(inside)
            points.values[target.name] = as_values(values[inside], dtype)
            truth = contracts.evaluated(m, m.exprs[0], points)
            false = ~np.asarray(truth.values, bool) & ~truth.undefined
            where = first(false)
            if where is not None:
                return Violation("solution", point_at(m, where, points), "cond True for every value in the bound",
                                 "False", self.describe(answer), m.case.exprs[0][0] + _sides(lo, hi))
        return None

    def describe(self, answer: Any) -> str:
        return f"IntervalSet[{answer.min_value}, {answer.max_value}]"

    def repro_call(self, case: ArithCase) -> list[str]:
        options = case.options
        hint = ", ".join(f"{v.name}: {interval_source(v)}" for v in case.variables if v.name in options.get("hint", []))
        relax = ", ".join(f"{v.name}: {interval_source(v)}" for v in case.variables
                          if v.name in options.get("relax", []))
        return [f"answer = sym.deduce_bound({options['var']}, exprs[0], {{{hint}}}, {{{relax}}})"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        target = case.options["var"]
        return ["low = None if answer.min_value.same_as(sym.int_set.neg_inf()) else at(answer.min_value, POINT)",
                "high = None if answer.max_value.same_as(sym.int_set.pos_inf()) else at(answer.max_value, POINT)",
                f'print(f"at {{POINT}}: the bound is [{{low}}, {{high}}], {target} = {{POINT[{target}]}}, and '
                f'{{exprs[0]}} is {{bool(at(exprs[0], POINT))}}")',
                f"assert (low is not None and POINT[{target}] < low) or (high is not None and POINT[{target}] > high) "
                f'or at(exprs[0], POINT), "a value in the deduced bound fails the condition"']


def _values(m: Materialized, expr: Any) -> np.ndarray:
    value = contracts.evaluated(m, expr)
    if value.undefined.any():
        raise Unjudged(f"undefined coefficient {expr}")
    return np.asarray(value.values, dtype=object)


def _sides(lo: Any, hi: Any) -> str:
    return "|" + ("lo" if lo is not None else "") + ("hi" if hi is not None else "")


class DetectLinearEquation(Analysis):
    name = "detect_linear_equation"
    shape = Shape("linear")
    contract = "equal"

    def call(self, m: Materialized) -> Any:
        return list(sym.detect_linear_equation(m.exprs[0], [m.variables[n] for n in m.case.options["vars"]]))

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        if not answer:
            raise Declined("not linear")
        listed = m.case.options["vars"]
        for coeff in answer:
            try:
                used = exprs.free_vars(exprs.from_tvm(coeff)) & set(listed)
            except exprs.UnsupportedExpr as error:
                raise Unjudged(str(error)) from None
            if used:
                return Violation("coefficient", {}, "coefficients free of the listed variables",
                                 f"{coeff} uses {sorted(used)[0]}", self.describe(answer), "uses-listed")
        total = _values(m, answer[-1])
        for name, coeff in zip(listed, answer[:-1], strict=True):
            total = total + _values(m, coeff) * m.points.values[name].astype(object)
        expected = np.asarray(m.values[0].values, dtype=object)
        # TVM folds the form's constants with wrap, by design: a form is right when it is right in the
        # expression's own modular arithmetic, though a base may stand for one int32 cannot hold.
        modulus = 1 << parse_dtype(str(m.exprs[0].ty)).bits
        where = first(np.asarray((total - expected) % modulus != 0, bool))
        if where is None:
            return None
        return Violation("linear form", point_at(m, where), str(expected[where]), str(total[where]),
                         self.describe(answer), f"linear|{len(answer)}")

    def describe(self, answer: Any) -> str:
        return str([str(c) for c in answer])

    def repro_call(self, case: ArithCase) -> list[str]:
        return [f"answer = sym.detect_linear_equation(exprs[0], [{', '.join(case.options['vars'])}])"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        listed = ", ".join(case.options["vars"])
        if violation.get("check") == "coefficient":
            return ["for coeff in answer:",
                    "    free = tirx.analysis.undefined_vars(coeff)",
                    f"    assert not [v for v in [{listed}] if any(v.same_as(u) for u in free)], "
                    f'f"coefficient {{coeff}} holds a listed variable"']
        return [f"total = at(answer[-1], POINT) + sum(at(c, POINT) * POINT[v] for c, v in zip(answer, [{listed}]))",
                'print(f"at {POINT}: {exprs[0]} is {at(exprs[0], POINT)}, the linear form {list(answer)} gives '
                '{total}")',
                'bits = int(str(exprs[0].ty).split("int")[1])',
                'assert (total - at(exprs[0], POINT)) % 2**bits == 0, '
                '"the linear form differs from the expression (in its dtype\'s wrapping arithmetic)"']


class DetectClipBound(Analysis):
    name = "detect_clip_bound"
    shape = Shape("clip")
    contract = "clip"
    root_by_form = False  # whether a clip bound was found at all is the input's

    def call(self, m: Materialized) -> Any:
        return list(sym.detect_clip_bound(m.exprs[0], [m.variables[n] for n in m.case.options["vars"]]))

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        if not answer:
            raise Declined("no clip bound")
        inside = np.ones(m.points.count, bool)
        for position, name in enumerate(m.case.options["vars"]):
            values = m.points.values[name]
            for end, above in ((answer[2 * position], True), (answer[2 * position + 1], False)):
                if end is None:
                    continue
                bound = contracts.evaluated(m, end)
                inside &= np.asarray(values >= bound.values if above else values <= bound.values, bool)
        truth = np.asarray(m.values[0].values, bool)
        where = first(truth != inside)
        if where is None:
            return None
        return Violation("clip bound", point_at(m, where), f"cond is {bool(truth[where])}",
                         f"the bound says {bool(inside[where])}", self.describe(answer), f"clip|{bool(truth[where])}")

    def describe(self, answer: Any) -> str:
        return str([None if c is None else str(c) for c in answer])

    def repro_call(self, case: ArithCase) -> list[str]:
        return [f"answer = sym.detect_clip_bound(exprs[0], [{', '.join(case.options['vars'])}])"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        listed = ", ".join(case.options["vars"])
        return [f"inside = all((answer[2 * i] is None or at(answer[2 * i], POINT) <= POINT[v]) and "
                f"(answer[2 * i + 1] is None or POINT[v] <= at(answer[2 * i + 1], POINT)) "
                f"for i, v in enumerate([{listed}]))",
                'print(f"at {POINT}: {exprs[0]} is {bool(at(exprs[0], POINT))}, the clip bound says {inside}")',
                'assert bool(at(exprs[0], POINT)) == inside, "the clip bound does not match the condition"']
