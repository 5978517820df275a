"""Triage of analysis findings (tzer/arith): confirm, reduce, find the miscompile, write the bug.

Each bug (findings of one signature) is confirmed in a clean worker, reduced while a clean replay
fails the same way (same kind and analysis, and for an unsound answer the same broken check), and
confirmed again. Its folder holds repro.py (a few lines that call the one analysis and assert at
one point), report.md, the reduced case, and, where triage built one, a TIR function that a pass
miscompiles because of the wrong answer (`witness/`, see tzer.arith.witness), with its own repro.

Bugs whose reduced cases fail alike are one: an unsound answer by analysis, broken check and the
form of the wrong answer; an exception by its masked message, whichever analysis met it (the
iterator-map analyses share the detector, the simplifiers the constant folder).
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tirkit import exprs
from tirkit.arith_case import ArithCase, CaseError
from tirkit.errors import first_line
from tirkit.script import to_script
from tzer.arith import get as get_analysis
from tzer.arith.base import tree_shape
from tzer.arith.construct import (
    dead_branch_construct,
    divided_sum_construct,
    failing_construct,
    vector_division_construct,
    zero_coefficient_construct,
)
from tzer.arith.reduce import reduce_arith
from tzer.arith.repro import repro_source
from tzer.arith.witness import witness_functions
from tzer.campaign.files import json_text, write_folder
from tzer.campaign.testcase import TestCase
from tzer.environment import tvm_version
from tzer.execution.confirm import Observation, confirm_analysis, replay_analysis, run_case
from tzer.execution.executor import Executor
from tzer.oracles.raise_site import (
    CANONICAL_SIMPLIFIER,
    CAST_FOLDING,
    CONST_INT_BOUND,
    DETECT_ITER_MAP,
    INT_SET,
    RAISED_AT,
    REWRITE_SIMPLIFIER,
    RaiseSite,
    failure_point,
    is_binding_check,
    is_interval_cast,
    is_value_check,
    qualified_name,
    shared_component,
    uncaught_error,
)
from tzer.signature import mask_message
from tzer.targets import HOST
from tzer.triage.blame import site_root
from tzer.triage.bugs import EXAMPLES_TO_CONFIRM, Bug
from tzer.triage.clock import PhaseClock
from tzer.triage.finding import Case, Finding
from tzer.triage.report import campaign_start, into_campaign, when
from tzer.triage.repro import REDUCED_REPEATS, REPRO_SECONDS, repro_script, run_repro
from tzer.vocabulary import ANALYSIS, FindingKind, Verdict

Say = Callable[..., None]
# The passes a witness is compiled with besides tvm.compile's own pipeline.
WITNESS_PASSES: list[list[dict[str, Any]]] = [[], [{"name": "tirx.FlattenBuffer"}],
                                              [{"name": "s_tir.LoopPartition",
                                                "config": {"partition_const_loop": True}}]]
WITNESS_CHECKS = {"reference": True, "differential": True}


def is_analysis(finding: Finding) -> bool:
    return finding.meta.get("subject") == ANALYSIS


@dataclass
class Witness:
    """A TIR function a pass miscompiles because of the bug, and how it showed."""

    label: str
    script: str
    passes: list[dict[str, Any]]
    message: str


def case_of(finding: Finding) -> ArithCase:
    return ArithCase.from_json(finding.case_json)


def triage_analysis_bug(bug: Bug, bugs_dir: Path, executor: Executor, seconds: float, repeats: int,
                        say: Say, clock: PhaseClock) -> dict[str, Any]:
    """Confirm, reduce and write one analysis bug; its summary row."""
    kind = FindingKind(bug.kind)
    examples = sorted(bug.findings, key=lambda f: (case_of(f).nodes(), str(f.path)))
    verdict, example = Verdict.NOT_REPRODUCED, examples[0]
    for example in examples[:EXAMPLES_TO_CONFIRM]:
        say(f"confirming {example.path.name} ({repeats} runs)", force=True)
        with clock.phase("confirm"):
            verdict = confirm_analysis(executor, example.case_json, example.rng, _witness_point(example.meta), kind,
                                       repeats, check=example.meta.get("check"))
        if verdict != Verdict.NOT_REPRODUCED:
            break
    if verdict == Verdict.NOT_REPRODUCED:
        return _row(bug, example, Verdict.NOT_REPRODUCED, why=f"{repeats} clean re-runs of {example.path} showed "
                    "no such finding")
    case, meta = case_of(example), dict(example.meta)
    sizes = "not reduced"
    seen: Observation | None = None
    if seconds > 0:
        predicate = SameFailure(executor, kind, meta, example.rng)
        with clock.phase("reduce"):
            reduction = reduce_arith(case, predicate, seconds=seconds, progress=say)
        with clock.phase("confirm"):
            reduced_fails = reduction.reduced is not case and confirm_analysis(
                executor, reduction.reduced.to_json(), example.rng, predicate.points.get(reduction.reduced.key()),
                kind, REDUCED_REPEATS, check=meta.get("check")) != Verdict.NOT_REPRODUCED
        if reduced_fails:
            case = reduction.reduced
            seen = predicate.matches.get(case.key())
        sizes = f"{reduction.before}→{case.nodes()} nodes"
    with clock.phase("diagnose"):
        if seen is None:
            seen = replay_analysis(executor, case.to_json(), example.rng, _witness_point(meta))
        meta.update(_observed(seen, meta))
        if kind == FindingKind.CRASH and replay_analysis(executor, case.to_json(), example.rng, constraints_only=True
                                                         ).result.signal == meta.get("signal"):
            meta["while"] = CONSTRAINTS_ALONE
        root = _root(kind, case, meta)
    witness = None
    if kind == FindingKind.UNSOUND:
        # The reduced case first; a larger example may fit a template the reduced one does not (a
        # reduction may make an index negative, which no buffer can be read at).
        with clock.phase("witness"):
            for candidate in [case, *(case_of(f) for f in examples[:EXAMPLES_TO_CONFIRM])]:
                witness = _witness(candidate, meta, executor, say)
                if witness is not None:
                    break
    row = _row(bug, example, verdict, sizes=sizes, root=root, meta=meta, witness=witness is not None, case=case)
    with clock.phase("repro"):
        _write(bugs_dir / bug.id, bug, case, meta, row, witness)
    return row


def _witness_point(meta: dict[str, Any]) -> dict[str, int] | None:
    return (meta.get("violation") or {}).get("point")


class SameFailure:
    """The reducer's predicate: a clean replay fails with the same kind and analysis (and, for an
    unsound answer, the same broken check)."""

    def __init__(self, executor: Executor, kind: FindingKind, meta: dict[str, Any], rng: int) -> None:
        self.executor, self.kind, self.rng = executor, kind, rng
        self.check = meta.get("check")
        self.message = mask_message(str(meta.get("message") or "")) if kind == FindingKind.EXCEPTION else None
        self.matches: dict[str, Observation] = {}
        self.points: dict[str, dict[str, int] | None] = {}

    def __call__(self, case: ArithCase) -> bool:
        seen = replay_analysis(self.executor, case.to_json(), self.rng)
        if seen.kind != self.kind:
            return False
        observed = _observed(seen, {})
        if self.check is not None and observed.get("check") != self.check:
            return False
        if self.message is not None and mask_message(str(observed.get("message") or "")) != self.message:
            return False
        self.matches[case.key()] = seen
        self.points[case.key()] = (observed.get("violation") or {}).get("point")
        return True


def _observed(seen: Observation, meta: dict[str, Any]) -> dict[str, Any]:
    """What a replay showed, as a finding's meta holds it."""
    batch = seen.result.outcome.details.get("analysis") or {}
    if not batch.get("findings"):
        uncaught = uncaught_error(seen.result.log_tail)
        return {"message": seen.result.outcome.message or meta.get("message"), "signal": seen.result.signal,
                **({UNCAUGHT: uncaught} if uncaught else {})}
    outcome = batch["findings"][0]["result"]
    details = outcome.get("details") or {}
    update: dict[str, Any] = {"message": outcome.get("message")}
    if outcome["status"] == "unsound":
        update.update(check=details.get("check"), violation=details)
    else:
        update["error"] = details.get("error")
        update["while"] = details.get("while")
        update[RAISED_AT] = details.get(RAISED_AT)
        update["culprit"] = details.get("culprit")
    return update


# The component every iterator-map analysis builds its answer with (IterMapRewriter, src/sym/iter_affine_map.cc).
ITER_MAP_REWRITER = DETECT_ITER_MAP
ITER_MAP_SOURCE = "src/sym/iter_affine_map.cc"
# The analyses that are one component of tvm.sym, by the name reports give the component (an
# earlier analysis tzer.arith.run finds at fault, a check TVM's stack places in it, or the analysis
# called): one defect, whichever way it was met, is one root.
_COMPONENT_OF = {"detect_iter_map": DETECT_ITER_MAP, "rewrite_simplify": REWRITE_SIMPLIFIER,
                 "canonical_simplify": CANONICAL_SIMPLIFIER, "int_set": INT_SET, "const_int_bound": CONST_INT_BOUND}
# The message of a C++ exception that aborted the worker, in a crash's meta.
UNCAUGHT = "uncaught"
# Leaving a constraint scope (ConstraintContext::ExitWithScope, src/sym/analyzer.cc) runs each
# analyzer's recovery check from a destructor: a failing one aborts the process.
CONSTRAINT_SCOPE = "sym.ConstraintContext (a recovery check failed leaving a constraint scope)"
# The recovery checks that leaving a scope runs (RewriteSimplifier's, IntSetAnalyzer's and
# TransitiveComparisonAnalyzer's): whichever test entered the scope, a TIR pass or an analysis.
_RECOVERY_CHECK = re.compile(r"\b(literal_constraints_|dom_constraints_|scoped_knowns_)\.size\(\) == ")
# The region bounds share one implementation (the lower and upper bounds call
# EstimateRegionStrictBound, src/sym/int_set.cc): a wrong answer of one is a wrong answer of all three.
_REGION_BOUNDS = ("estimate_region_strict_bound", "estimate_region_lower_bound", "estimate_region_upper_bound")
# A crash that entering and leaving the case's constraints brings without any analysis call.
CONSTRAINTS_ALONE = "entering and leaving the constraints (analyzer.constraint_scope), with no analysis call"


def culprit_of(analysis: str, meta: dict[str, Any], case: ArithCase | None = None) -> str:
    """The analysis (or the constraints' entry) at fault:
    - DetectIterMap, where the map an answer was built on already broke its contract, or where it
      alone fails alike on the input;
    - the iterator-map rewriter, where the input holds a construct of its known defects;
    - the analyzer whose check failed, where TVM's stack names it (tzer.oracles.raise_site);
    - the constraint scope, for a C++ exception that aborted the worker (leaving a scope runs the
      analyzers' recovery checks in a destructor, the only checks of src/sym that do);
    - the constraints, where entering them failed; else the analysis called."""
    site = RaiseSite.from_dict(meta.get(RAISED_AT))
    binder = _binder(site)
    if binder:
        return binder
    earlier = _earlier_component(meta)
    if earlier:
        return earlier
    if case is not None and failing_construct(case):
        return ITER_MAP_REWRITER
    if case is not None and zero_coefficient_construct(case):
        return case.analysis
    if case is not None and _divides_by_zero(meta) and dead_branch_construct(case):
        return REWRITE_SIMPLIFIER
    if meta.get(UNCAUGHT):
        return CONSTRAINT_SCOPE
    return _site_component(site, case) or meta.get("while") or _component_of(analysis)


def _site_component(site: RaiseSite | None, case: ArithCase | None) -> str | None:
    """The component TVM's stack names, except constant folding of a cast where the input casts no
    constant: the analysis built the value the cast refuses (c43's exception-20c2521f: LinearEqDetector
    negates an unsigned coefficient), while a cast of the input's own constant is folding's."""
    component = shared_component(site)
    if component == CAST_FOLDING and case is not None and not _casts(case):
        return None
    return component


def _casts(case: ArithCase) -> bool:
    return any(node[0] == "cast" for tree in (*case.exprs, *case.constraints) for _, node in exprs.walk(tree))


def constraint_scope_culprit(log: str) -> dict[str, Any] | None:
    """The culprit of a TIR test's crash on an analyzer's recovery check, as the worker's log shows
    it: the constraint scope, one root with an analysis test's crash on that check (a pass that
    simplifies only reaches the analyzer)."""
    uncaught = uncaught_error(log)
    if not uncaught or not _RECOVERY_CHECK.search(uncaught):
        return None
    return {"component": "analysis", "label": CONSTRAINT_SCOPE, "made_by": None,
            "how": f"the worker aborted on a C++ exception nothing caught, leaving a constraint scope: {uncaught}",
            "site": f"{UNCAUGHT}|{mask_message(uncaught)}"}


def _binder(site: RaiseSite | None) -> str | None:
    """Who bound a variable twice, where an analyzer's binding check failed and the frames name the
    binder: it is at fault, even where an earlier analysis alone fails alike (DetectIterMap fails
    so because it simplifies)."""
    return shared_component(site) if site is not None and is_binding_check(site) else None


def _earlier(meta: dict[str, Any]) -> dict[str, Any] | None:
    """What an earlier analysis the called one builds on did wrong (tzer.arith.run's `culprit`)."""
    return (meta.get("violation") or {}).get("culprit") or meta.get("culprit")


def _earlier_component(meta: dict[str, Any]) -> str | None:
    analysis = (_earlier(meta) or {}).get("analysis")
    return _component_of(str(analysis)) if analysis else None


def _component_of(analysis: str) -> str:
    return _COMPONENT_OF.get(analysis, analysis)


def _root(kind: FindingKind, case: ArithCase, meta: dict[str, Any]) -> str:
    construct = failing_construct(case)
    if construct and (kind == FindingKind.UNSOUND or _fails_after_the_rewriter(kind, case, meta)):
        # One defect of the iterator-map rewriter, whichever analysis built its answer on it and
        # whether the answer was wrong or a later step failed on it (a split of extent 0).
        return f"{ITER_MAP_REWRITER}|{construct}"
    if kind == FindingKind.UNSOUND:
        violation = meta.get("violation") or {}
        earlier = violation.get("culprit")
        component = _earlier_component(meta) if earlier else _family(case.analysis)
        rule = divided_sum_construct(case) or (
            vector_division_construct(case) if component == REWRITE_SIMPLIFIER else None)
        if rule:
            # One rule of the component, whatever its wrong answer reads (see tzer/arith/construct.py).
            return f"{kind}|{component}|{rule}"
        if earlier:
            # One defect of DetectIterMap, whichever analysis built its answer on the map.
            return f"{kind}|{component}|{earlier.get('check')}|{_form(earlier.get('shape'), case)}"
        # The form names the analysis that gave it (`estimate_region_strict_bound|untouched`).
        form = _form(str(violation.get("shape")).replace(case.analysis, _family(case.analysis)), case) \
            if get_analysis(case.analysis).root_by_form else ""
        return f"{kind}|{_family(case.analysis)}|{violation.get('check')}|{form}"
    if kind == FindingKind.EXCEPTION and (zero := zero_coefficient_construct(case)):
        return f"{kind}|{case.analysis}|{zero}"
    if kind == FindingKind.EXCEPTION and _divides_by_zero(meta) and (dead := dead_branch_construct(case)):
        return f"{kind}|{REWRITE_SIMPLIFIER}|{dead}"
    site = RaiseSite.from_dict(meta.get(RAISED_AT))
    if kind == FindingKind.EXCEPTION and site is not None:
        # The caller of a value or a binding check is the analysis where TVM's stack names none.
        caller = _binder(site) or _earlier_component(meta) or _site_component(site, case) or meta.get("while") or \
            _component_of(case.analysis)
        if caller != CAST_FOLDING and is_value_check(site) and not is_interval_cast(site) and \
                _NEGATIVE_UNSIGNED.search(str(meta.get("message"))):
            # Which check refuses a negative unsigned constant (IntImm's, the cast's) depends on how
            # the caller built it: one defect of the caller.
            return site_root(kind, f"{caller}|{NEGATIVE_UNSIGNED}")
        return site_root(kind, failure_point(site, str(caller)))
    if kind == FindingKind.EXCEPTION:
        # An internal check is one line of TVM's source, whichever analysis reached it; another error
        # (a failed cast, `as_or_throw`) reads alike from unrelated code, so it stays the analysis's.
        masked = mask_message(str(meta.get("message") or ""))
        where = "analysis" if masked.startswith("Check failed") else meta.get("while") or case.analysis
        return f"{kind}|{where}|{masked}"
    if meta.get(UNCAUGHT):
        # A C++ exception nothing caught aborts the worker, whichever analysis left it behind.
        return site_root(kind, f"{UNCAUGHT}|{mask_message(str(meta[UNCAUGHT]))}")
    return f"{kind}|{meta.get('while') or case.analysis}|{meta.get('signal')}"


NEGATIVE_UNSIGNED = "a negative constant of an unsigned type"
# `Literal value -1 is negative for unsigned integer type uint16` (IntImm), `cannot make uint from
# negative value -1` (MakeConstScalar, for a cast).
_NEGATIVE_UNSIGNED = re.compile(r"negative for unsigned|uint from negative")


def _divides_by_zero(meta: dict[str, Any]) -> bool:
    """Whether the failure is a check refusing a division by zero (folding's, or ConstIntBound's)."""
    return bool(re.search(r"(?i)divide by zero", str(meta.get("message") or "")))


def _fails_after_the_rewriter(kind: FindingKind, case: ArithCase, meta: dict[str, Any]) -> bool:
    """An exception blamed on the rewriter for its input's construct, raised outside the rewriter's
    own checks (folding what it built): a check of its own names its defect more closely."""
    site = RaiseSite.from_dict(meta.get(RAISED_AT))
    return kind == FindingKind.EXCEPTION and culprit_of(case.analysis, meta, case) == ITER_MAP_REWRITER and \
        (site is None or site.file != ITER_MAP_SOURCE)


def _form(shape: Any, case: ArithCase) -> str:
    """The form of a wrong answer, as a root cause tells it. An answer that is a bare constant or
    variable tells no rule apart: the reduced input's form does."""
    return f"{shape} of {tree_shape(case.exprs[0])}" if shape in ("c", "v") and case.exprs else str(shape)


def _role(case: ArithCase, meta: dict[str, Any]) -> str:
    """How the culprit was told (see `culprit_of`), for report.md."""
    earlier = _earlier(meta)
    site = RaiseSite.from_dict(meta.get(RAISED_AT))
    construct = failing_construct(case)
    if earlier:
        return f"the analysis builds on it, and it is already wrong: {earlier['message']}"
    if construct:
        return f"the input holds {construct}, a known way the rewriter every iterator-map analysis runs goes wrong"
    if meta.get(UNCAUGHT):
        return f"the worker aborted on a C++ exception nothing caught: {meta[UNCAUGHT]}"
    if site is not None and shared_component(site):
        return f"its check failed: {qualified_name(site.function)} ({site.where})"
    return "the analysis is not reached" if meta.get("while") else "the call that fails"


def _family(analysis: str) -> str:
    return "estimate_region_bound" if analysis in _REGION_BOUNDS else _component_of(analysis)


def _witness(case: ArithCase, meta: dict[str, Any], executor: Executor, say: Say) -> Witness | None:
    """The first witness function that a pass (or the pipeline) miscompiles."""
    try:
        candidates = witness_functions(case, meta.get("violation"))
    except Exception as error:  # noqa: BLE001 - a case no function can show is reported without one
        say(f"no witness function ({first_line(error)})", force=True)
        return None
    for label, func in candidates:
        script = to_script(func)
        for passes in WITNESS_PASSES:
            say(f"trying a witness ({label}, {len(passes)} passes)", force=True)
            seen = run_case(executor, script, passes, WITNESS_CHECKS, 0)
            if seen.kind == FindingKind.INCONSISTENCY:
                return Witness(label, script, passes, seen.result.outcome.message or "")
    return None


def _row(bug: Bug, example: Finding, status: Verdict, *, why: str = "", sizes: str = "", root: str = "",
         meta: dict[str, Any] | None = None, witness: bool = False, case: ArithCase | None = None
         ) -> dict[str, Any]:
    meta = meta or example.meta
    row = {"id": bug.id, "kind": bug.kind, "subject": ANALYSIS, "target": ANALYSIS, "stage": "analyze",
           "guilty": meta.get("analysis"), "culprit": culprit_of(str(meta.get("analysis")), meta, case),
           "hits": bug.hits,
           "status": status, "message": meta.get("message"),
           "signature": bug.signature, "first_seen": bug.first_seen, "last_seen": bug.last_seen,
           "examples": [str(f.path) for f in bug.findings], "example": str(example.path)}
    if status == Verdict.NOT_REPRODUCED:
        row["why"] = why
        return row
    row.update(sizes=sizes, root=root, witness=witness)
    return row


def _write(path: Path, bug: Bug, case: ArithCase, meta: dict[str, Any], row: dict[str, Any],
           witness: Witness | None) -> None:
    title = f"{bug.kind} in {case.analysis}: {str(meta.get('message') or '').strip()[:120]}".replace('"""', "'''")
    violation = meta.get("violation") if bug.kind == FindingKind.UNSOUND else None
    repro = repro_source(case, violation, title, tvm_version())
    output = ""
    if bug.kind != FindingKind.HANG:
        with tempfile.TemporaryDirectory(prefix="tzer-repro-") as scratch:
            (Path(scratch) / "repro.py").write_text(repro, encoding="utf-8")
            code, output = run_repro(Path(scratch) / "repro.py", REPRO_SECONDS)
        row["repro_exit"] = code
        if code == 0:
            row["status"] = Verdict.NOT_REPRODUCED
            row["why"] = f"its repro.py exits 0 on its own ({bug.id}/repro.py)"
    report = _report(bug, case, meta, row, repro, output, witness, campaign_start(path.parent.parent))
    files = {"repro.py": repro, "report.md": report,
             "meta.json": json_text(row),
             **{f"reduced/{name}": text for name, text in TestCase("", [], meta, case=case.to_json()).files().items()}}
    if witness is not None:
        files["witness/func.py"] = witness.script
        files["witness/passes.json"] = json_text(witness.passes)
        files["witness/repro.py"] = _witness_repro(witness)
    write_folder(path, files, replace=True)


def _witness_repro(witness: Witness) -> str:
    """repro.py of the miscompiled function, as triage writes one for a TIR inconsistency."""
    meta = {"kind": FindingKind.INCONSISTENCY, "stage": "compare", "oracle": "reference", "checks": WITNESS_CHECKS,
            "rng": 0, "target": HOST, "message": witness.message, "pass": "pipeline"}
    return repro_script(Case(witness.script, witness.passes), meta, tvm_version())


def _report(bug: Bug, case: ArithCase, meta: dict[str, Any], row: dict[str, Any], repro: str, output: str,
            witness: Witness | None, start: float | None) -> str:
    violation = meta.get("violation") or {}
    where = culprit_of(case.analysis, meta, case)
    role = _role(case, meta)
    lines = [f"# {bug.kind} in `tvm.sym` {where}", "",
             f"**{str(meta.get('message') or '').strip()}**", ""]
    lines += ["| | |", "|---|---|", f"| analysis | `{case.analysis}` |",
              f"| culprit | {where} ({role}) |",
              f"| status | {row['status']} (reproduced in a clean process, without coverage instrumentation) |",
              f"| hits | {bug.hits} |",
              f"| first seen | {when(bug.first_seen)}{into_campaign(bug.first_seen, start)} |",
              f"| size | {row.get('sizes', '')} |", f"| TVM | {tvm_version()} |"]
    lines += ["", "## The input", ""]
    lines += [f"- `{v.name}`: `{v.dtype}` in [{v.lo}, {v.hi}]" for v in case.variables]
    lines += [f"- constraint: `{c}`" for c in _printed(case, "constraints")]
    lines += [f"- expression: `{e}`" for e in _printed(case, "exprs")]
    if case.options:
        lines.append(f"- arguments: `{json_text(case.options).strip()}`")
    if violation:
        point = ", ".join(f"{k} = {v}" for k, v in (violation.get("point") or {}).items())
        lines += ["", "## What is wrong", "",
                  f"- broken promise: {violation.get('check')}",
                  f"- at: {point or 'the domain as a whole'}",
                  f"- expected: {violation.get('expected')}",
                  f"- TVM's answer: `{violation.get('answer')}` (so: {violation.get('got')})"]
    elif meta.get("error") or meta.get("signal"):
        lines += ["", "## What is wrong", "",
                  "The analysis fails on an input without undefined behaviour at any point of its domain:", "",
                  "```", (meta.get("error") or meta.get("signal") or "").strip()[:3000], "```"]
    if witness is not None:
        lines += ["", "## Wrong code", "",
                  f"TVM miscompiles this function because of it ({witness.label}; passes "
                  f"`{[spec['name'] for spec in witness.passes] or 'tvm.compile alone'}`): {witness.message}", "",
                  "```python", witness.script.strip(), "```"]
    lines += ["", "## repro.py", "", "```python", repro.strip(), "```"]
    if output:
        lines += ["", "Its output:", "", "```", output.strip()[-3000:], "```"]
    return "\n".join(lines) + "\n"


def _printed(case: ArithCase, field_name: str) -> list[str]:
    from tvm import tirx

    variables = {v.name: tirx.Var(v.name, v.dtype) for v in case.variables}
    return [str(exprs.to_tvm(tree, variables)) for tree in getattr(case, field_name)]


def load_case(finding: Finding) -> ArithCase | None:
    try:
        return case_of(finding)
    except CaseError:
        return None
