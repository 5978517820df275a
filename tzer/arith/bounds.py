"""const_int_bound, modular_set and int_set: every value lies in the set the analysis gives."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
from tvm import sym

from tirkit import exprs
from tirkit.arith_case import ArithCase, Shape
from tzer.arith import contracts
from tzer.arith.base import Analysis, Materialized, Unjudged, Violation, interval_source


class ConstIntBound(Analysis):
    name = "const_int_bound"
    shape = Shape("value", vectors=True)
    contract = "within"

    def call(self, m: Materialized) -> Any:
        analyzer = m.analyzer()
        with m.assumptions(analyzer):
            bound = analyzer.const_int_bound(m.exprs[0])
            return int(bound.min_value), int(bound.max_value)

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        lo, hi = answer
        violation = contracts.within(m, m.values[0], lo, hi, "bound", self.describe(answer))
        if violation is not None:
            smallest = unsound_bound(m)
            violation.shape = smallest.shape if smallest else m.case.exprs[0][0]
        return violation

    def describe(self, answer: Any) -> str:
        lo, hi = answer
        return f"ConstIntBound(min_value={lo}, max_value={hi})"

    def repro_call(self, case: ArithCase) -> list[str]:
        return ["bound = analyzer.const_int_bound(exprs[0])", "answer = (bound.min_value, bound.max_value)"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        return ["value = at(exprs[0], POINT)",
                'print(f"at {POINT}: {exprs[0]} is {value}")',
                'assert answer[0] <= value <= answer[1], "the value lies outside the bound"']


class ModularSet(Analysis):
    name = "modular_set"
    shape = Shape("value", vectors=True)
    contract = "congruent"

    def call(self, m: Materialized) -> Any:
        analyzer = m.analyzer()
        with m.assumptions(analyzer):
            found = analyzer.modular_set(m.exprs[0])
            return int(found.coeff), int(found.base)

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        coeff, base = answer
        return contracts.congruent(m, m.values[0], coeff, base, self.describe(answer))

    def describe(self, answer: Any) -> str:
        coeff, base = answer
        return f"ModularSet(coeff={coeff}, base={base})"

    def repro_call(self, case: ArithCase) -> list[str]:
        return ["found = analyzer.modular_set(exprs[0])", "answer = (found.coeff, found.base)"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        return ["value, (coeff, base) = at(exprs[0], POINT), answer",
                'print(f"at {POINT}: {exprs[0]} is {value}")',
                'assert (value - base) % abs(coeff) == 0 if coeff else value == base, "not in the modular set"']


class IntSet(Analysis):
    """`int_set(expr, dom_map)`: the variables of `options["relax"]` relaxed over their ranges
    (all of them without the option: the analyzer's bound ranges), the others kept symbolic, so
    the ends are expressions evaluated at each point."""

    name = "int_set"
    # Its interval evaluator refuses most vector forms by an internal check (`eval_vec_`): vectors
    # are outside what it is written for.
    shape = Shape("value")
    contract = "within"

    def prepare(self, case: ArithCase, rng: random.Random) -> dict[str, Any]:
        if rng.random() < 0.5:
            return {}
        names = [v.name for v in case.variables]
        return {"relax": sorted(rng.sample(names, rng.randint(0, len(names))))}

    def call(self, m: Materialized) -> Any:
        analyzer = m.analyzer()
        relax = m.case.options.get("relax")
        with m.assumptions(analyzer):
            return analyzer.int_set(m.exprs[0], m.interval_sets(relax) if relax is not None else None)

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        ends = []
        for end, infinity in ((answer.min_value, sym.int_set.neg_inf()), (answer.max_value, sym.int_set.pos_inf())):
            if end.same_as(infinity):
                ends.append(None)
                continue
            value = contracts.evaluated(m, end)
            if not value.defined_everywhere:
                raise Unjudged(f"an end of the set is undefined somewhere: {end}")
            ends.append(np.asarray(value.values))
        violation = contracts.within(m, m.values[0], ends[0], ends[1], "interval", self.describe(answer))
        if violation is not None:
            smallest = unsound_subexpression(m)
            violation.shape = smallest.shape if smallest else m.case.exprs[0][0]
        return violation

    def describe(self, answer: Any) -> str:
        return f"IntervalSet[{answer.min_value}, {answer.max_value}]"

    def repro_call(self, case: ArithCase) -> list[str]:
        relax = case.options.get("relax")
        if relax is None:
            return ["answer = analyzer.int_set(exprs[0])"]
        sets = ", ".join(f"{v.name}: {interval_source(v)}" for v in case.variables if v.name in relax)
        return [f"answer = analyzer.int_set(exprs[0], {{{sets}}})"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        return ["value = at(exprs[0], POINT)",
                "low = None if answer.min_value.same_as(sym.int_set.neg_inf()) else at(answer.min_value, POINT)",
                "high = None if answer.max_value.same_as(sym.int_set.pos_inf()) else at(answer.max_value, POINT)",
                'print(f"at {POINT}: {exprs[0]} is {value}, the set is [{low}, {high}] there")',
                'assert (low is None or low <= value) and (high is None or value <= high), "outside the set"']


# The analyses that relax an expression through the interval evaluator (EvalSet, src/sym/int_set.cc)
# before their own part: the bound deducer relaxes the other side of its comparison, the upper
# region bound falls back to it where DetectIterMap finds no map.
RELAXED_BY_INT_SET = ("int_set", "deduce_bound", "estimate_region_upper_bound")
# The analyses whose rules ask ConstIntBound for the bounds of a subexpression (the simplifiers, and
# the proofs, which simplify).
BOUNDED_BY_CONST_INT_BOUND = ("const_int_bound", "simplify", "rewrite_simplify", "canonical_simplify", "can_prove",
                              "can_prove_equal")


def unsound_subexpression(m: Materialized) -> Violation | None:
    """The smallest integer subexpression of the case whose interval, every variable relaxed over
    its range, leaves out one of its values at the case's points (see `_smallest`)."""
    if m.case.analysis not in RELAXED_BY_INT_SET:
        return None
    relaxed = m.interval_sets()

    def interval(expr: Any) -> tuple[int | None, int | None, str]:
        answer = sym.Analyzer().int_set(expr, relaxed)
        ends = [None if end.same_as(infinity) else int(end.value)
                for end, infinity in ((answer.min_value, sym.int_set.neg_inf()),
                                      (answer.max_value, sym.int_set.pos_inf()))]
        return ends[0], ends[1], f"IntervalSet[{answer.min_value}, {answer.max_value}]"

    return _smallest(m, interval, "interval", vectors=False)


def unsound_bound(m: Materialized) -> Violation | None:
    """The smallest integer subexpression of the case whose ConstIntBound, under the case's ranges
    and constraints, leaves out one of its values at the case's points (see `_smallest`)."""
    if m.case.analysis not in BOUNDED_BY_CONST_INT_BOUND:
        return None
    analyzer = m.analyzer()

    def bound(expr: Any) -> tuple[int | None, int | None, str]:
        with m.assumptions(analyzer):
            found = analyzer.const_int_bound(expr)
        lo, hi = int(found.min_value), int(found.max_value)
        return lo, hi, f"ConstIntBound(min_value={lo}, max_value={hi})"

    return _smallest(m, bound, "bound", vectors=True)


def _smallest(m: Materialized, bounds: Callable[[Any], tuple[int | None, int | None, str]], what: str,
              vectors: bool) -> Violation | None:
    """The smallest subexpression whose bounds leave out a value: its operands' bounds hold, so the
    rule for its operator is wrong, and the operator is the violation's shape (one rule of the
    analysis is one root, whichever analysis met it and whatever its operands are)."""
    for tree in [sub for root in m.case.exprs for _, sub in exprs.walk(root)][::-1]:
        dtype = exprs.dtype_of(tree)
        if tree[0] in ("var", "int") or not dtype.startswith(("int", "uint")) or (not vectors and "x" in dtype):
            continue
        try:
            expr = exprs.to_tvm(tree, m.variables)
            values = m.evaluate(expr)
            if not values.defined_everywhere:
                continue
            lo, hi, answer = bounds(expr)
        except Exception:  # noqa: BLE001 - a form the evaluator or the analysis refuses: no evidence
            continue
        violation = contracts.within(m, values, lo, hi, what, f"{answer} of {expr}")
        if violation is not None:
            violation.shape = tree[0]
            return violation
    return None
