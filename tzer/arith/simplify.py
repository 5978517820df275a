"""Analyzer.simplify, canonical_simplify and rewrite_simplify: the answer equals its input."""

from __future__ import annotations

import random
from typing import Any

from tirkit.arith_case import ArithCase, Shape
from tzer.arith import contracts
from tzer.arith.base import Analysis, Materialized, Violation, equal_check


class Simplify(Analysis):
    name = "simplify"
    method = "simplify"
    shape = Shape("value", (1, 1), conditions=True, vectors=True)
    contract = "equal"

    def prepare(self, case: ArithCase, rng: random.Random) -> dict[str, Any]:
        return {"steps": rng.choice((2, 2, 0, 1, 3))} if self.method == "simplify" else {}

    def call(self, m: Materialized) -> Any:
        analyzer = m.analyzer()
        with m.assumptions(analyzer):
            return getattr(analyzer, self.method)(m.exprs[0], *self._arguments(m.case))

    def _arguments(self, case: ArithCase) -> list[Any]:
        return [int(case.options["steps"])] if self.method == "simplify" and "steps" in case.options else []

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        return contracts.equal(m, m.values[0], answer, "value")

    def repro_call(self, case: ArithCase) -> list[str]:
        arguments = "".join(f", {a}" for a in self._arguments(case))
        return [f"answer = analyzer.{self.method}(exprs[0]{arguments})"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        return equal_check("[answer]")


class CanonicalSimplify(Simplify):
    name = method = "canonical_simplify"


class RewriteSimplify(Simplify):
    name = method = "rewrite_simplify"
