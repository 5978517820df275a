"""One analysis test, as the worker runs it: build the case in TVM, find its valid points, call the
analysis (the only part that counts for coverage), judge the answer.

A case is invalid, never judged, when its expressions or constraints are undefined at a point of
its domain (overflow at any width, a zero divisor, a shift out of range, a cast that changes a
value), when it holds a constant TVM refuses to build or fold (a zero divisor or an out-of-range
shift amount, even in an arm never taken), or when no point satisfies its constraints.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from tvm import tirx

from tirkit import exprs
from tirkit.arith_case import ArithCase
from tirkit.errors import first_line
from tzer.arith import ANALYSES
from tzer.arith.base import Declined, Materialized, Unjudged, Violation
from tzer.arith.bounds import unsound_bound, unsound_subexpression
from tzer.arith.domain import points
from tzer.arith.itermap import detect_fails_alike, detect_violation
from tzer.arith.simplify import rewrite_violation, simplifier_fails_alike
from tzer.oracles.raise_site import raise_site, shared_component, site_details
from tzer.reference import Unsupported
from tzer.reference.pointwise import evaluate
from tzer.signature import mask_message
from tzer.vocabulary import AnalysisFinding, Status

Recording = Callable[[bool], AbstractContextManager[None]]


@dataclass
class ArithResult:
    """How one analysis test ended, as the worker sends it to the parent."""

    status: Status
    analysis: str
    message: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status.value, "analysis": self.analysis, "message": self.message,
                "details": self.details}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ArithResult:
        return cls(Status(data["status"]), data["analysis"], data.get("message"), data.get("details") or {})

    def finding(self) -> AnalysisFinding:
        """The finding this result is (an unsound answer or an exception), as the parent records it:
        an unsound answer is grouped by the check it broke and the form of the wrong answer, an
        exception by its message."""
        details = self.details
        if self.status == Status.UNSOUND:
            return AnalysisFinding(self.analysis, self.message or "", f"{details.get('check')} {details.get('shape')}",
                                   details={"check": details.get("check"), "violation": details})
        return AnalysisFinding(self.analysis, self.message or "", self.message or "", error=details.get("error"))


def run(case: ArithCase, rng: random.Random, recording: Recording, witness: dict[str, int] | None = None,
        culprit: bool = False, constraints_only: bool = False) -> ArithResult:
    """Test `case`; `recording(True)` is the coverage window around the analysis's own call.
    `witness`: a point judged whatever the sample (a finding's, when it is replayed). `culprit`: an
    unsound answer built on DetectIterMap's says whether that map already broke its contract (for
    triage: it costs a second detection). `constraints_only`: enter and leave the constraints, call
    no analysis."""
    analysis = ANALYSES.get(case.analysis)
    if analysis is None:
        return ArithResult(Status.INVALID, case.analysis, f"unknown analysis {case.analysis!r}")
    refused = analysis.accepts(case)
    if refused:
        return ArithResult(Status.REJECTED, case.analysis, refused)
    constant = _refused_constant(case)
    if constant:
        return ArithResult(Status.INVALID, case.analysis, constant, {"undefined": "constant_refused"})
    try:
        m = materialize(case, rng, witness)
    except Invalid as error:
        return ArithResult(Status.INVALID, case.analysis, str(error), {"undefined": error.kind})
    unanswerable = analysis.undefined(m)
    if unanswerable is not None:
        return ArithResult(Status.INVALID, case.analysis, unanswerable, {"undefined": "question_overflows"})
    try:
        with recording(True):
            if constraints_only:
                # Triage's question for a crash: do the constraints alone, entered and left, bring it?
                with m.assumptions(m.analyzer()):
                    return ArithResult(Status.OK, case.analysis)
            answer = analysis.call(m)
    except Exception as error:
        if not raised_by_tvm(error):
            raise  # a mistake in how tzer calls the analysis, not TVM's
        details = {"error": f"{type(error).__name__}: {error}"[:4000], **({"while": m.phase} if m.phase else {}),
                   **site_details(error)}
        alike = None
        if culprit and not m.phase:
            if detect_fails_alike(m, first_line(error)):
                alike = "detect_iter_map"
            elif shared_component(raise_site(error)) is None:
                # A check TVM's stack places in a component (tvm::cast's folding) stays that component's.
                alike = simplifier_fails_alike(m, first_line(error))
        if alike:
            details["culprit"] = {"analysis": alike, "message": f"{alike} alone fails alike on the same input"}
        return ArithResult(Status.EXCEPTION, case.analysis, first_line(error), details)
    try:
        violation = analysis.judge(m, answer)
    except Declined as reason:
        return ArithResult(Status.REJECTED, case.analysis, str(reason))
    except (Unjudged, Unsupported) as reason:
        return ArithResult(Status.UNJUDGED, case.analysis, str(reason)[:200])
    except Exception as error:
        # The judge calls TVM too (normalize_iter_map_to_expr on the answer): TVM failing on its own
        # answer is TVM's; anything else is tzer's.
        if not raised_by_tvm(error):
            raise
        return ArithResult(Status.EXCEPTION, case.analysis, first_line(error),
                           {"error": f"{type(error).__name__}: {error}"[:4000], "while": "judging the answer",
                            **site_details(error)})
    if violation is None:
        return ArithResult(Status.OK, case.analysis)
    details = {"check": violation.check, "point": violation.point, "expected": violation.expected,
               "got": violation.got, "answer": violation.answer[:2000], "shape": violation.shape,
               "points": m.points.count, "exhaustive": m.points.exhaustive}
    earlier = _earlier_violation(m) if culprit else None
    if earlier is not None:
        name, broken = earlier
        details["culprit"] = {"analysis": name, "check": broken.check, "shape": broken.shape,
                              "message": broken.message(name)}
    return ArithResult(Status.UNSOUND, case.analysis, violation.message(case.analysis), details)


def _earlier_violation(m: Materialized) -> tuple[str, Violation] | None:
    """The analysis the case's one builds on, where it alone already answers wrong: DetectIterMap's
    map, the bound or the interval of a subexpression, or the rewrite simplifier's answer."""
    if m.case.analysis in ("int_set", "const_int_bound"):
        return None
    # ConstIntBound and the interval evaluator come before the rewrite simplifier, whose rules ask
    # them for bounds (c46's unsound-20c23350: a wrong bound of a right shift).
    for name, find in (("detect_iter_map", detect_violation), ("const_int_bound", unsound_bound),
                       ("int_set", unsound_subexpression), ("rewrite_simplify", rewrite_violation)):
        broken = find(m)
        if broken is not None:
            return name, broken
    return None


def same_failure_key(result: ArithResult) -> tuple[str, ...]:
    """What two results share when they fail the same way: status and analysis, and the broken
    check of an unsound answer or the masked first line of an exception."""
    if result.status == Status.UNSOUND:
        return (result.status.value, result.analysis, str(result.details.get("check")))
    if result.status == Status.EXCEPTION:
        return (result.status.value, result.analysis, mask_message(result.message or ""))
    return (result.status.value,)


def raised_by_tvm(error: BaseException) -> bool:
    """Whether TVM raised `error` inside a call into its library (the innermost frame is C++ or the
    FFI's Cython), rather than Python code on the way to it (a wrapper refusing an argument)."""
    frames = traceback.extract_tb(error.__traceback__)
    return bool(frames) and not frames[-1].filename.endswith(".py")


class Invalid(Exception):
    """The case is no test (see the module docstring); `kind` names why, for the statistics."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def materialize(case: ArithCase, rng: random.Random, witness: dict[str, int] | None = None) -> Materialized:
    """The case in TVM with its valid points and values there; raises Invalid."""
    variables = {v.name: tirx.Var(v.name, v.dtype) for v in case.variables}
    try:
        built = [exprs.to_tvm(tree, variables) for tree in case.exprs]
        constraints = [exprs.to_tvm(tree, variables) for tree in case.constraints]
    except Exception as error:  # noqa: BLE001 - TVM refuses to build it: no test
        raise Invalid("unbuildable", f"cannot build: {first_line(error)}") from None
    domain = points(case.variables, rng, witness)
    m = Materialized(case, variables, built, constraints, domain)
    keep = np.ones(domain.count, dtype=bool)
    for constraint in constraints:
        truth = _defined(m, constraint, "constraint")
        keep &= np.asarray(truth, dtype=bool)
    if not keep.any():
        raise Invalid("vacuous", "no point satisfies the constraints")
    m.points = domain.select(keep) if not keep.all() else domain
    m.values = []
    for expr in built:
        evaluation = evaluate(expr, m.env(), m.points.count)
        if not evaluation.defined_everywhere:
            kind = next(iter(evaluation.kinds)).value
            raise Invalid(kind, f"the expression is undefined at a point of its domain ({kind})")
        m.values.append(evaluation)
    return m


def _defined(m: Materialized, expr: Any, what: str) -> np.ndarray:
    try:
        evaluation = evaluate(expr, m.env(), m.points.count)
    except Unsupported as error:
        raise Invalid("unsupported", f"{what}: {error}") from None
    if not evaluation.defined_everywhere:
        kind = next(iter(evaluation.kinds)).value
        raise Invalid(kind, f"the {what} is undefined at a point of its domain ({kind})")
    return evaluation.values


def _refused_constant(case: ArithCase) -> str | None:
    """A zero divisor or out-of-range shift amount written as a constant, which TVM refuses to fold
    wherever it stands (a branch never taken included)."""
    for tree in [*case.exprs, *case.constraints]:
        for _, node in exprs.walk(tree):
            kind = node[0]
            if kind in ("div", "mod", "floordiv", "floormod") and node[3][0] == "int" and node[3][2] == 0:
                return "constant zero divisor"
            if kind in ("shl", "shr") and node[3][0] == "int":
                bits = int(exprs.dtype_of(node).split("x")[0].lstrip("uint"))
                if not 0 <= node[3][2] < bits:
                    return "constant shift amount out of range"
    return None
