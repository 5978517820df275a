"""Analyzer.simplify, canonical_simplify and rewrite_simplify: the answer equals its input."""

from __future__ import annotations

import random
from typing import Any

from tirkit.arith_case import ArithCase, Shape
from tirkit.errors import first_line
from tzer.arith import contracts
from tzer.arith.base import Analysis, Materialized, Violation, equal_check
from tzer.signature import mask_message


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


# Analyses that run the rewrite simplifier on their input among other steps (Analyzer::Simplify
# alternates it with the canonical simplifier; the canonical simplifier hands it nodes it does not
# handle itself, such as vector divisions).
CALLS_REWRITE = ("simplify", "canonical_simplify")


def rewrite_violation(m: Materialized) -> Violation | None:
    """The wrong answer rewrite_simplify alone gives on the case's input, where the case's analysis
    runs it; None when its answer holds or it cannot be judged."""
    if m.case.analysis not in CALLS_REWRITE:
        return None
    rewrite = RewriteSimplify()
    try:
        return rewrite.judge(m, rewrite.call(m))
    except Exception:  # noqa: BLE001 - it fails otherwise or cannot be judged: no evidence
        return None


# Analyses whose TVM call simplifies its one input expression with both simplifiers
# (Analyzer::Simplify; Analyzer::CanProve simplifies the condition first).
CALLS_BOTH = ("simplify", "can_prove")


def simplifier_fails_alike(m: Materialized, message: str) -> str | None:
    """The simplifier that alone, on the case's input, raises what the analysis raised (`message`,
    masked): `rewrite_simplify`, else `canonical_simplify`; None where neither does. A value check
    (constant folding of an unsigned difference) names no caller in TVM's stack: this tells which
    simplifier's rule built the value."""
    if m.case.analysis not in CALLS_BOTH:
        return None
    for simplifier in (RewriteSimplify(), CanonicalSimplify()):
        try:
            simplifier.call(m)
        except Exception as error:  # noqa: BLE001 - any failure is compared by its masked message
            if mask_message(first_line(error)) == mask_message(message):
                return simplifier.name
    return None
