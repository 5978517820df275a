"""A batch of analysis tests inside a worker: many mutants of one case per request.

An analysis test costs microseconds to milliseconds, far less than the round trip to the parent,
so one request runs up to `count` tests for at most `seconds`. The parent hears only what matters:
the tests that logged new blocks (with where in the worker's coverage log their blocks lie, so that
it can tell which of them are new to the campaign), the findings, and per-analysis counts. Test i
of a batch is `mutant(case, test_seed(rng, i))`, a pure function the parent can replay: a crash or
a hang names its test through the progress slot (tzer.execution.progress).

Request: {"subject": "analysis", "seed_key", "case": ArithCase JSON, "donor": case JSON | None,
"rng": int, "count": int, "seconds": float, "mutate": bool}. Outcome details["analysis"]:
{"tests", "no_mutation", "effects": {analysis: {status: n, "seconds": s}}, "kept": [{"i", "case",
"log": [start, end] | None, "analysis", "mutations"}], "findings": [{"i", "case", "result",
"mutations"}]}.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from memcov.probe import Probe
from mutators.arith import NoArithMutation
from tirkit.arith_case import ArithCase, CaseError
from tzer.arith.mutation import mutant, test_seed
from tzer.arith.run import run
from tzer.execution.progress import ProgressSlot
from tzer.vocabulary import Outcome, Stage, Status

FINDING_STATUSES = (Status.UNSOUND, Status.EXCEPTION)


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
        for index in range(count):
            if index and time.monotonic() > deadline:
                break
            self.progress.mark(index)
            seed = test_seed(batch, index)
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
            result = run(tested, random.Random(seed), self.probe.recording)
            after = self.probe.logged()
            tests += 1
            counts = effects.setdefault(tested.analysis, Counter())
            counts[result.status.value] += 1
            counts["seconds"] += time.monotonic() - started
            # Without a log (sancov, no coverage) the parent asks for one test per request.
            if after != before or (before is None and count == 1):
                kept.append({"i": index, "case": tested.to_json(), "analysis": tested.analysis, "mutations": names,
                             "log": None if before is None else [before, after]})
            if result.status in FINDING_STATUSES:
                findings.append({"i": index, "case": tested.to_json(), "result": result.to_dict(), "mutations": names})
        details = {"tests": tests, "no_mutation": no_mutation, "effects": {k: dict(v) for k, v in effects.items()},
                   "kept": kept, "findings": findings}
        return Outcome(status=Status.OK, stage=Stage.ANALYZE, details={"analysis": details})
