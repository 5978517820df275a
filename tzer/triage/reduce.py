"""The reducer: the smallest pass sequence and IR that still fail the same way.

It is written over an abstract predicate (does this case still fail with the same signature?),
so `tzer reduce` runs candidates in a worker, where they may crash or hang, while tests use an
in-process predicate. Steps: ddmin over the pass sequence, drop pass arguments, then one IR
edit after another (tzer.triage.shrink) until none keeps the failure, then ddmin the passes
again. After an edit keeps the failure, the next sweep starts at that edit's number (the
edits before it failed a moment ago, on a function that differs only there), and a last
sweep from the first edit confirms that none is left. Every step tries candidates in a fixed
order, so a run given enough time is deterministic; the Budget bounds it and the best case so far is kept.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tzer.triage.ddmin import Budget, ddmin
from tzer.triage.finding import Case
from tzer.triage.shrink import ir_nodes, numbered_candidates, script_lines

Predicate = Callable[[Case], bool]
Candidates = Callable[[str, int], Iterable[tuple[int, str]]]
Progress = Callable[[str], None]


class NotReproducible(Exception):
    """The case to reduce does not fail in the first place."""


@dataclass(frozen=True)
class Sizes:
    nodes: int
    passes: int
    lines: int

    @classmethod
    def of(cls, case: Case) -> Sizes:
        return cls(ir_nodes(case.script), len(case.passes), script_lines(case.script))

    def __str__(self) -> str:
        return f"{self.nodes} IR nodes, {self.passes} passes, {self.lines} TVMScript lines"

    def to_dict(self) -> dict[str, int]:
        return {"nodes": self.nodes, "passes": self.passes, "lines": self.lines}


@dataclass
class Reduction:
    original: Case
    reduced: Case
    before: Sizes
    after: Sizes
    tests: int
    seconds: float
    finished: bool  # False when the budget ran out before no edit was left to try

    def summary(self) -> str:
        state = "done" if self.finished else "stopped by the time budget"
        return (f"before: {self.before}\nafter:  {self.after}\n"
                f"{self.tests} tests in {self.seconds:.1f} s ({state})")


class _Cached:
    """The predicate with memory: ddmin and the IR loop revisit many candidates."""

    def __init__(self, predicate: Predicate, budget: Budget) -> None:
        self.predicate = predicate
        self.budget = budget
        self.known: dict[str, bool] = {}

    def __call__(self, case: Case) -> bool:
        key = case.key()
        if key not in self.known:
            self.budget.count()
            self.known[key] = bool(self.predicate(case))
        return self.known[key]


def reduce_case(case: Case, predicate: Predicate, seconds: float = 60.0, max_tests: int | None = None,
                shrinker: Candidates = numbered_candidates, progress: Progress | None = None,
                fix_passes: Callable[[list[Any]], list[Any]] | None = None) -> Reduction:
    """Reduce `case`, for which `predicate` holds; raises NotReproducible when it does not.

    `fix_passes` completes every candidate pass sequence (with the prerequisites its passes need,
    say), so that reduction cannot turn a case inside the passes' contract into one outside it.
    """
    fix = fix_passes or (lambda passes: passes)
    started = time.monotonic()
    budget = Budget(seconds, max_tests)
    holds = _Cached(predicate, budget)
    if not holds(case):
        raise NotReproducible("the case does not fail the same way when run again; nothing to reduce")
    say = progress or (lambda _message: None)
    stop = budget.spent

    say("reducing the pass sequence")
    current = Case(case.script, fix(ddmin(case.passes, lambda sub: holds(Case(case.script, fix(sub))), budget)))
    current = _drop_pass_arguments(current, holds, stop)
    say(f"shrinking the IR ({ir_nodes(current.script)} nodes)")
    current, finished = _shrink_ir(current, holds, shrinker, stop, say)
    if not stop():
        current = Case(current.script,
                       fix(ddmin(current.passes, lambda sub: holds(Case(current.script, fix(sub))), budget)))
    finished = finished and not stop()
    return Reduction(case, current, Sizes.of(case), Sizes.of(current), budget.tests,
                     time.monotonic() - started, finished)


def _drop_pass_arguments(case: Case, holds: Predicate, stop: Callable[[], bool]) -> Case:
    """Default arguments and configuration make a shorter report; keep them only if needed."""
    passes = list(case.passes)
    for index, spec in enumerate(passes):
        if stop():
            break
        if spec.get("args") or spec.get("config"):
            plain: dict[str, Any] = {"name": spec["name"]}
            trial = passes[:index] + [plain] + passes[index + 1:]
            if holds(Case(case.script, trial)):
                passes = trial
    return Case(case.script, passes)


def _shrink_ir(case: Case, holds: Predicate, shrinker: Candidates, stop: Callable[[], bool],
               say: Progress) -> tuple[Case, bool]:
    """Apply the first edit that keeps the failure, again and again; True when none is left."""
    current, start = case, 0
    while not stop():
        for number, script in shrinker(current.script, start):
            if stop():
                return current, False
            trial = Case(script, current.passes)
            if holds(trial):
                current, start = trial, number
                say(f"shrinking the IR ({ir_nodes(script)} nodes)")
                break
        else:
            if start == 0:
                return current, True
            start = 0
    return current, False


def guilty_pass(passes: list[dict[str, Any]], stage: str | None, pass_label: str | None) -> str:
    """Which pass to blame, in words, from the reduced pass sequence and where the failure shows."""
    from tzer.passes.registry import spec_label

    labels = [spec_label(spec) for spec in passes]
    if stage == "pass" and pass_label:
        # The passes that ran before it: those up to its first application.
        before = labels[:labels.index(pass_label)] if pass_label in labels else labels
        return pass_label + (f" (after {', '.join(before)})" if before else "")
    if not labels:
        return "none: the default pipeline fails without extra passes"
    if len(labels) == 1:
        return labels[0]
    return f"{labels[-1]} (after {', '.join(labels[:-1])})"
