"""can_prove, can_prove_equal and try_compare: what the analyzer proves holds at every point."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from tvm import sym

from tirkit.arith_case import ArithCase, Shape
from tzer.arith import contracts
from tzer.arith.base import Analysis, Declined, Materialized, Violation, first, point_at, show

STRENGTHS = {"default": sym.ProofStrength.DEFAULT, "symbolic_bound": sym.ProofStrength.SYMBOLIC_BOUND}
# Z3 may spend seconds on one query: the campaign gives it this much, so that the other tests of a
# batch run (measured: can_prove took 2.9 ms a test without a limit, half of a batch's time).
Z3_TIMEOUT_MS = 20


class CanProve(Analysis):
    """`can_prove(cond, strength)`: True is a proof; False means unknown. Only the symbolic-bound
    strength consults Z3."""

    name = "can_prove"
    shape = Shape("condition")
    contract = "holds"

    def prepare(self, case: ArithCase, rng: random.Random) -> dict[str, Any]:
        return {"strength": rng.choice(("default", "default", "default", "symbolic_bound"))}

    def call(self, m: Materialized) -> Any:
        analyzer = m.analyzer()
        strength = STRENGTHS[m.case.options.get("strength", "default")]
        analyzer.set_z3_timeout_ms(Z3_TIMEOUT_MS)
        with m.assumptions(analyzer):
            return bool(analyzer.can_prove(m.exprs[0], strength))

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        if not answer:
            raise Declined("not proved")
        return contracts.holds(m, m.values[0], "proof", "True")

    def repro_call(self, case: ArithCase) -> list[str]:
        strength = case.options.get("strength", "default").upper()
        return [f"analyzer.set_z3_timeout_ms({Z3_TIMEOUT_MS})",
                f"answer = analyzer.can_prove(exprs[0], sym.ProofStrength.{strength})"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        return ['print(f"at {POINT}: {exprs[0]} is {bool(at(exprs[0], POINT))}")',
                'assert not answer or at(exprs[0], POINT), "proved a condition that is false at POINT"']


class CanProveEqual(Analysis):
    name = "can_prove_equal"
    shape = Shape("pair", (2, 2))
    contract = "holds"

    def call(self, m: Materialized) -> Any:
        analyzer = m.analyzer()
        with m.assumptions(analyzer):
            return bool(analyzer.can_prove_equal(m.exprs[0], m.exprs[1]))

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        if not answer:
            raise Declined("not proved")
        a, b = m.values[0].values, m.values[1].values
        where = first(np.asarray(a != b, bool))
        if where is None:
            return None
        return Violation("equality", point_at(m, where), f"{show(a, where)} == {show(b, where)}", "unequal", "True")

    def repro_call(self, case: ArithCase) -> list[str]:
        return ["answer = analyzer.can_prove_equal(exprs[0], exprs[1])"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        return ["a, b = at(exprs[0], POINT), at(exprs[1], POINT)",
                'print(f"at {POINT}: {exprs[0]} is {a}, {exprs[1]} is {b}")',
                'assert not answer or a == b, "proved equal two expressions that differ at POINT"']


# CompareResult is a set of possible relations: EQ=1, LT=2, GT=4 (LE=3, GE=5, NE=6, UNKNOWN=7);
# INCONSISTENT (0) claims that no point satisfies the assumptions.
_RELATION_NAMES = {0: "INCONSISTENT", 1: "EQ", 2: "LT", 3: "LE", 4: "GT", 5: "GE", 6: "NE", 7: "UNKNOWN"}


class TryCompare(Analysis):
    name = "try_compare"
    shape = Shape("pair", (2, 2))
    contract = "holds"

    def prepare(self, case: ArithCase, rng: random.Random) -> dict[str, Any]:
        return {"propagate": rng.random() < 0.7}

    def call(self, m: Materialized) -> Any:
        analyzer = m.analyzer()
        with m.assumptions(analyzer):
            return int(analyzer.try_compare(m.exprs[0], m.exprs[1], bool(m.case.options.get("propagate", True))))

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        if answer == 7:
            raise Declined("unknown")
        a, b = m.values[0].values, m.values[1].values
        relation = np.where(np.asarray(a == b, bool), 1, np.where(np.asarray(a < b, bool), 2, 4))
        where = first((relation & answer) == 0)
        if where is None:
            return None
        actual = _RELATION_NAMES[int(relation[where])]
        return Violation("comparison", point_at(m, where), f"{actual} ({show(a, where)} vs {show(b, where)})",
                         _RELATION_NAMES[answer], self.describe(answer), shape=_RELATION_NAMES[answer])

    def describe(self, answer: Any) -> str:
        return f"CompareResult.{_RELATION_NAMES[int(answer)]}"

    def repro_call(self, case: ArithCase) -> list[str]:
        return [f"answer = analyzer.try_compare(exprs[0], exprs[1], {bool(case.options.get('propagate', True))})"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        return ["a, b = at(exprs[0], POINT), at(exprs[1], POINT)",
                "relation = 1 if a == b else 2 if a < b else 4  # CompareResult's bits: EQ, LT, GT",
                'print(f"at {POINT}: {exprs[0]} is {a}, {exprs[1]} is {b}")',
                'assert int(answer) & relation, "the comparison excludes what holds at POINT"']
