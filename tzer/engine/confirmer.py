"""Confirming findings in a clean worker without stalling the fuzzing loop.

Each saved finding is queued; the loop calls `pump` every round, which starts the next re-run
on the clean worker when it is idle and collects a finished one, whose verdict goes into the
finding's meta.json. The clean worker has no coverage instrumentation; it runs only these
re-runs and is restarted only when one kills it, since a fresh process per finding would pay
TVM's import (two seconds of a core) each time and slow the fuzzing workers beside it. Triage's
confirmation (`tzer triage`) restarts its worker before every run.

A confirmed crash of the compiled code (stage `run`) then gets its guilty pass: the worker died,
so the harness could not bisect in-process; here the prefixes of its pass sequence are re-run,
one probe per pump like the confirmation itself, and the label goes into meta.json.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tzer.campaign.recorder import Recorder
from tzer.campaign.testcase import TestCase, TestCaseError
from tzer.execution.confirm import (
    PrefixBisection,
    analysis_request,
    clean_executor,
    crashed_at_run,
    is_run_crash,
    observe_analysis,
    replay_request,
    script_key,
)
from tzer.execution.executor import Executor
from tzer.oracles import judge
from tzer.targets import HOST
from tzer.vocabulary import ExecResult, FindingKind, Verdict

DRAIN_SECONDS = 60.0
# A hang is a test that makes no progress, not a slow compile that was asked for (a large unroll):
# the clean re-run waits this many times --timeout before it agrees.
HANG_PATIENCE = 6
CLEAN_NICE = 19  # re-runs use only the CPU the fuzzing workers leave


@dataclass
class _Job:
    """The finding whose re-run is in flight: its confirmation, then its bisection probes."""

    path: Path
    case: TestCase
    kind: FindingKind
    bisection: PrefixBisection | None = None
    probe: int = 0  # the prefix length the running probe tries


class Confirmer:
    def __init__(self, timeout: float, log_path: Path, rss_limit_mb: int) -> None:
        self.timeout = timeout * HANG_PATIENCE
        self.log_path = log_path
        self.rss_limit_mb = rss_limit_mb
        self.queue: deque[Path] = deque()
        self.executor: Executor | None = None
        self.current: _Job | None = None

    def __len__(self) -> int:
        return len(self.queue) + (self.current is not None)

    def add(self, path: Path) -> None:
        self.queue.append(path)

    def pump(self, wait: float = 0.0) -> None:
        """Collect a finished re-run and start the next one; waits at most `wait` seconds."""
        job = self.current
        if job is not None and self.executor is not None:
            for result in self.executor.poll(wait):
                self._finished(job, result)
        while self.current is None and self.queue:
            self._start(self.queue.popleft())

    def _start(self, path: Path) -> None:
        try:
            case = TestCase.load(path)
        except TestCaseError:
            return
        self.current = _Job(path, case, FindingKind(case.meta["kind"]))
        self._submit(self.current, case.passes)

    def _submit(self, job: _Job, passes: list[dict[str, Any]]) -> None:
        meta: dict[str, Any] = job.case.meta
        if self.executor is None:
            self.executor = clean_executor(self.timeout, self.log_path, self.rss_limit_mb, nice=CLEAN_NICE)
        if job.case.case is not None:
            witness = (meta.get("violation") or {}).get("point")
            self.executor.submit(analysis_request(job.case.case, int(meta.get("rng") or 0), witness), None)
            return
        request = replay_request(script_key(job.case.script), passes, meta.get("checks") or {},
                                 int(meta.get("rng") or 0), meta.get("target") or HOST)
        self.executor.submit(request, job.case.script)

    def _finished(self, job: _Job, result: ExecResult) -> None:
        """Record what a re-run showed and start the job's next probe, if it has one."""
        meta = job.case.meta
        if job.case.case is not None:
            confirmed = observe_analysis(result).kind == job.kind
            Recorder.set_verdict(job.path, Verdict.CONFIRMED if confirmed else Verdict.NOT_REPRODUCED)
            self.current = None
            return
        if job.bisection is None:
            confirmed = judge(result) == job.kind
            Recorder.set_verdict(job.path, Verdict.CONFIRMED if confirmed else Verdict.NOT_REPRODUCED)
            if not (confirmed and is_run_crash(job.kind, meta.get("stage"))):
                self.current = None
                return
            job.bisection = PrefixBisection(job.case.passes)
        else:
            job.bisection.record(job.probe, crashed_at_run(result, meta.get("signal")))
        length = job.bisection.probe()
        if length is None:
            Recorder.set_guilty_pass(job.path, job.bisection.guilty())
            self.current = None
            return
        job.probe = length
        self._submit(job, job.case.passes[:length])

    def drain(self, seconds: float = DRAIN_SECONDS) -> None:
        """At the end of a campaign: finish the queue, or leave the rest `pending` for --resume."""
        deadline = time.monotonic() + seconds + self.timeout
        while len(self) and time.monotonic() < deadline:
            self.pump(wait=min(1.0, max(0.0, deadline - time.monotonic())))

    def close(self) -> None:
        if self.executor is not None:
            self.executor.close()
