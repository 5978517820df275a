"""Re-running a finding in a clean worker: no breakpoints, no instrumentation, fresh process."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tzer.execution.executor import ExecResult, Executor
from tzer.oracles import judge
from tzer.triage.finding import Case
from tzer.triage.signature import finding_signature

CONFIRMED, FLAKY, NOT_REPRODUCED, NOT_CHECKED = "confirmed", "flaky", "not_reproduced", "not_checked"


def replay_request(key: str, passes: list[dict[str, Any]], checks: dict[str, bool],
                   rng: int) -> dict[str, Any]:
    """The request that runs a saved function (no mutation) with its saved pass sequence."""
    return {"seed_key": key, "mutation": None, "passes": passes, "checks": checks, "rng": rng}


def clean_executor(timeout: float, log_path: Path, rss_limit_mb: int = 4096) -> Executor:
    """A worker without coverage on the stock TVM library, logging to `log_path` (crash frames)."""
    import memcov

    return Executor(memcov.open_backend("none", progress=False), timeout=timeout, rss_limit_mb=rss_limit_mb,
                    log_path=log_path, env={"TVM_LIBRARY_PATH": ""})


@dataclass
class Observation:
    """What one run showed, in the terms findings are compared by."""

    kind: str | None
    signature: str | None
    result: ExecResult

    def describe(self) -> str:
        outcome = self.result.outcome
        if self.kind is None:
            return f"no finding (status {self.result.status})"
        where = " ".join(part for part in (outcome.stage or self.result.stage,
                                           outcome.pass_name or self.result.pass_name) if part)
        signal = f" [{self.result.signal}]" if self.result.signal else ""
        return f"{self.kind} at {where or 'unknown stage'}{signal}: {outcome.message or ''}".strip()


def observe(result: ExecResult) -> Observation:
    kind = judge(result)
    if kind is None:
        return Observation(None, None, result)
    outcome = result.outcome
    sig = finding_signature(kind, outcome.stage or result.stage, outcome.pass_name or result.pass_name,
                            outcome.message, result.log_tail)
    return Observation(kind, sig, result)


def run_case(executor: Executor, script: str, passes: list[dict[str, Any]], checks: dict[str, bool],
             rng: int) -> Observation:
    """Run one case in the executor's worker; the script's hash keys the worker's parse cache."""
    key = "triage-" + hashlib.sha1(script.encode()).hexdigest()[:16]
    return observe(executor.run(replay_request(key, passes, checks, rng), script))


def confirm(executor: Executor, script: str, passes: list[dict[str, Any]], checks: dict[str, bool],
            rng: int, kind: str, repeats: int = 1,
            signature: str | None = None) -> tuple[str, list[str | None]]:
    """Run the case `repeats` times in fresh state; return the verdict and the kinds observed.

    The worker is restarted before each run so that no earlier test's state can matter. With
    `signature`, a run counts only if it also fails the same way, not just with the same kind.
    """
    observed: list[str | None] = []
    hits = 0
    for attempt in range(repeats):
        executor.kill()
        seen = observe(executor.run(replay_request(f"confirm{attempt}", passes, checks, rng), script))
        observed.append(seen.kind)
        hits += seen.kind == kind and (signature is None or seen.signature == signature)
    if hits == repeats:
        return CONFIRMED, observed
    return (FLAKY if hits else NOT_REPRODUCED), observed


class SameFailure:
    """The reducer's predicate for real cases: run in a clean worker, compare kind and signature.

    Candidates run in one long-lived worker (a crash or hang only costs a restart); the last
    matching observation of each case is kept so a report can quote the reduced case's error.
    """

    def __init__(self, executor: Executor, kind: str, signature: str, checks: dict[str, bool],
                 rng: int) -> None:
        self.executor = executor
        self.kind = kind
        self.signature = signature
        self.checks = checks
        self.rng = rng
        self.matches: dict[str, Observation] = {}

    def __call__(self, case: Case) -> bool:
        seen = run_case(self.executor, case.script, case.passes, self.checks, self.rng)
        if seen.kind == self.kind and seen.signature == self.signature:
            self.matches[case.key()] = seen
            return True
        return False
