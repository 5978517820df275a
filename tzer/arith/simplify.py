"""Analyzer.simplify, canonical_simplify and rewrite_simplify: the answer equals its input."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tvm import sym

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
# handle itself, such as vector divisions; DetectClipBound simplifies its condition first, without
# the constraints, src/sym/detect_linear_equation.cc).
CALLS_REWRITE = ("simplify", "canonical_simplify", "detect_clip_bound")


def rewrite_violation(m: Materialized) -> Violation | None:
    """The wrong answer rewrite_simplify alone gives on the case's input, where the case's analysis
    runs it (as the analysis runs it: DetectClipBound with an analyzer of its own, which knows
    neither the constraints nor the variables' ranges); None when its answer holds or it cannot be
    judged."""
    if m.case.analysis not in CALLS_REWRITE:
        return None
    rewrite = RewriteSimplify()
    try:
        if m.case.analysis in WITHOUT_CONSTRAINTS:
            return rewrite.judge(m, sym.Analyzer().rewrite_simplify(m.exprs[0]))
        return rewrite.judge(m, rewrite.call(m))
    except Exception:  # noqa: BLE001 - it fails otherwise or cannot be judged: no evidence
        return None


# What each analysis hands both simplifiers first (Analyzer::Simplify): its one input expression;
# for CanProveEqual, `a - b == 0`, which it gives CanProve to simplify (src/sym/analyzer.cc).
SIMPLIFIED_FIRST: dict[str, Callable[[list[Any]], Any]] = {
    "simplify": lambda built: built[0],
    "can_prove": lambda built: built[0],
    "detect_clip_bound": lambda built: built[0],
    "can_prove_equal": lambda built: built[0] - built[1] == 0,
}
# Analyses that simplify with an analyzer of their own, not the caller's.
WITHOUT_CONSTRAINTS = ("detect_clip_bound",)


def simplifier_fails_alike(m: Materialized, message: str) -> str | None:
    """The simplifier that alone, on what the case's analysis simplifies first, raises what the
    analysis raised (`message`, masked): `rewrite_simplify`, else `canonical_simplify`; None where
    neither does. A value check (constant folding of an unsigned difference) names no caller in
    TVM's stack: this tells which simplifier's rule built the value (c43's exception-5553e234:
    detect_clip_bound of `0u < 1u`, which the canonical simplifier rewrites to `0u - 1u < 0`)."""
    first = SIMPLIFIED_FIRST.get(m.case.analysis)
    if first is None or (m.case.analysis == "can_prove_equal" and str(m.exprs[0].ty).startswith("uint")):
        # CanProveEqual's own `a - b` of unsigned operands is what folding refuses (c46's
        # exception-5553e234): the difference is the analysis's construction, not a simplifier's.
        return None
    expr = first(m.exprs)
    for simplifier in (RewriteSimplify(), CanonicalSimplify()):
        try:
            if m.case.analysis in WITHOUT_CONSTRAINTS:
                getattr(sym.Analyzer(), simplifier.method)(expr)
            else:
                analyzer = m.analyzer()
                with m.assumptions(analyzer):
                    getattr(analyzer, simplifier.method)(expr)
        except Exception as error:  # noqa: BLE001 - any failure is compared by its masked message
            if mask_message(first_line(error)) == mask_message(message):
                return simplifier.name
    return None
