"""Confirming findings in a clean worker without stalling the fuzzing loop.

Each saved finding is queued; the loop calls `pump` every round, which starts the next re-run
on the clean worker when it is idle and collects a finished one, whose verdict goes into the
finding's meta.json. The clean worker has no coverage instrumentation; it runs only these
re-runs and is restarted only when one kills it, since a fresh process per finding would pay
TVM's import (two seconds of a core) each time and slow the fuzzing workers beside it. Triage's
confirmation (`tzer triage`) restarts its worker before every run.
"""

from __future__ import annotations

import time
from collections import deque
from pathlib import Path
from typing import Any

from tzer.campaign.recorder import Recorder
from tzer.campaign.testcase import TestCase, TestCaseError
from tzer.execution.confirm import clean_executor, replay_request, script_key
from tzer.execution.executor import Executor
from tzer.oracles import judge
from tzer.vocabulary import FindingKind, Verdict

DRAIN_SECONDS = 60.0
# A hang is a test that makes no progress, not a slow compile that was asked for (a large unroll):
# the clean re-run waits this many times --timeout before it agrees.
HANG_PATIENCE = 6
CLEAN_NICE = 19  # re-runs use only the CPU the fuzzing workers leave


class Confirmer:
    def __init__(self, timeout: float, log_path: Path, rss_limit_mb: int) -> None:
        self.timeout = timeout * HANG_PATIENCE
        self.log_path = log_path
        self.rss_limit_mb = rss_limit_mb
        self.queue: deque[Path] = deque()
        self.executor: Executor | None = None
        self.current: tuple[Path, FindingKind] | None = None

    def __len__(self) -> int:
        return len(self.queue) + (self.current is not None)

    def add(self, path: Path) -> None:
        self.queue.append(path)

    def pump(self, wait: float = 0.0) -> None:
        """Collect a finished re-run and start the next one; waits at most `wait` seconds."""
        if self.current is not None and self.executor is not None:
            for result in self.executor.poll(wait):
                path, kind = self.current
                self.current = None
                Recorder.set_verdict(path, Verdict.CONFIRMED if judge(result) == kind else Verdict.NOT_REPRODUCED)
        while self.current is None and self.queue:
            self._start(self.queue.popleft())

    def _start(self, path: Path) -> None:
        try:
            case = TestCase.load(path)
        except TestCaseError:
            return
        meta: dict[str, Any] = case.meta
        if self.executor is None:
            self.executor = clean_executor(self.timeout, self.log_path, self.rss_limit_mb, nice=CLEAN_NICE)
        request = replay_request(script_key(case.script), case.passes, meta.get("checks") or {},
                                 int(meta.get("rng") or 0))
        self.executor.submit(request, case.script)
        self.current = (path, FindingKind(meta["kind"]))

    def drain(self, seconds: float = DRAIN_SECONDS) -> None:
        """At the end of a campaign: finish the queue, or leave the rest `pending` for --resume."""
        deadline = time.monotonic() + seconds + self.timeout
        while len(self) and time.monotonic() < deadline:
            self.pump(wait=min(1.0, max(0.0, deadline - time.monotonic())))

    def close(self) -> None:
        if self.executor is not None:
            self.executor.close()
