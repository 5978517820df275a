"""A batch of analysis tests inside a worker: many mutants of one case per request.

An analysis test costs microseconds to milliseconds, far less than the round trip to the parent,
so one request runs up to `count` tests for at most `seconds`. The parent hears only what matters:
the tests that logged new blocks (with where in the worker's coverage log their blocks lie, so that
it can tell which of them are new to the campaign), the findings, and per-analysis counts. Test i
of a batch is `mutant(case, test_seed(rng, i))`, a pure function the parent can replay: a crash or
a hang names its test through the progress slot (tzer.execution.progress).

Request: {"subject": "analysis", "seed_key", "case": ArithCase JSON, "donor": case JSON | None,
"rng": int, "count": int, "seconds": float, "mutate": bool, "seed": the one test's seed when not
mutating (a replay), "witness": a point to judge too | None}.
Outcome details["analysis"]:
{"tests", "no_mutation", "effects": {analysis: {status: n, "seconds": s}}, "kept": [{"i", "case",
"log": [start, end] | None, "analysis", "mutations"}], "findings": [{"i", "case", "result",
"mutations"}]}.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from memcov.probe import Probe
from mutators.arith import NoArithMutation
from tirkit.arith_case import ArithCase, CaseError
from tzer.arith.mutation import mutant, test_seed
from tzer.arith.reduce import reduce_arith
from tzer.arith.run import ArithResult, run, same_failure_key
from tzer.execution.progress import ProgressSlot
from tzer.vocabulary import Outcome, Stage, Status

FINDING_STATUSES = (Status.UNSOUND, Status.EXCEPTION)
SHRINK_SECONDS = 0.03
SHRINK_TESTS = 40


class ArithHarness:
    def __init__(self, probe: Probe, report: Callable[[dict[str, Any]], None], progress: ProgressSlot) -> None:
        self.probe = probe
        self.report = report
        self.progress = progress

    def handle(self, request: dict[str, Any]) -> Outcome:
        try:
            case = ArithCase.from_json(request["case"])
            donor = ArithCase.from_json(request["donor"]) if request.get("donor") else None
        except (CaseError, KeyError) as error:
            return Outcome(status=Status.BAD_SEED, stage=Stage.PARSE, message=str(error)[:300])
        self.report({"event": "stage", "stage": Stage.ANALYZE.value, "pass": case.analysis})
        batch, count = int(request.get("rng", 0)), int(request.get("count", 1))
        deadline = time.monotonic() + float(request.get("seconds") or 1e9)
        mutate = bool(request.get("mutate", True))
        effects: dict[str, Counter[str]] = {}
        kept: list[dict[str, Any]] = []
        findings: list[dict[str, Any]] = []
        tests = no_mutation = 0
        reported: set[tuple[str, ...]] = set()
        for index in range(count):
            if index and time.monotonic() > deadline:
                break
            self.progress.mark(index)
            seed = test_seed(batch, index) if mutate else int(request.get("seed", batch))
            names: list[str] = []
            if mutate:
                try:
                    tested, names = mutant(case, seed, donor)
                except NoArithMutation:
                    no_mutation += 1
                    continue
            else:
                tested = case
            started, before = time.monotonic(), self.probe.logged()
            # A replay (confirmation, triage) asks which analysis is at fault; a campaign's test does not pay for it.
            result = run(tested, random.Random(seed), self.probe.recording, request.get("witness"), culprit=not mutate,
                         constraints_only=bool(request.get("constraints_only")))
            after = self.probe.logged()
            tests += 1
            counts = effects.setdefault(tested.analysis, Counter())
            counts[result.status.value] += 1
            counts["seconds"] += time.monotonic() - started
            # Without a log (sancov, no coverage) the parent asks for one test per request.
            if after != before or (before is None and count == 1):
                kept.append({"i": index, "case": tested.to_json(), "analysis": tested.analysis, "mutations": names,
                             "log": None if before is None else [before, after]})
            if result.status in FINDING_STATUSES and same_failure_key(result) not in reported:
                # The other mutants of the batch that fail this way are counted, not shrunk and sent:
                # the parent keeps only a signature's first examples.
                reported.add(same_failure_key(result))
                size = tested.nodes()
                if mutate:  # a replay reports on the case it was given
                    tested, result = self._shrink(tested, result, seed, request.get("witness"))
                findings.append({"i": index, "case": tested.to_json(), "result": result.to_dict(), "mutations": names,
                                 "reduced_from": size})
        details: dict[str, Any] = {"tests": tests, "no_mutation": no_mutation, "kept": kept, "findings": findings,
                                   "effects": {name: dict(counts) for name, counts in effects.items()}}
        return Outcome(status=Status.OK, stage=Stage.ANALYZE, details={"analysis": details})

    def _shrink(self, case: ArithCase, result: ArithResult, seed: int, witness: dict[str, int] | None
                ) -> tuple[ArithCase, ArithResult]:
        """A smaller case that fails the same way, found in a few milliseconds: findings of one defect
        then share their signature (the form of a small wrong answer), as libFuzzer's -reduce_inputs
        keeps its corpus small. Triage reduces further in a clean worker."""
        found = {case.key(): result}
        key = same_failure_key(result)

        def fails_alike(candidate: ArithCase) -> bool:
            seen = run(candidate, random.Random(seed), self._not_recording, witness)
            found[candidate.key()] = seen
            return same_failure_key(seen) == key

        reduced = reduce_arith(case, fails_alike, seconds=SHRINK_SECONDS, max_tests=SHRINK_TESTS).reduced
        return reduced, found[reduced.key()]

    def _not_recording(self, on: bool) -> AbstractContextManager[None]:
        return self.probe.recording(False)
