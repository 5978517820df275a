"""Re-running a case in a clean worker: no breakpoints, no instrumentation, fresh process.

A finding is a fact only if it reproduces there; the fuzzer and triage both ask this module.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tzer.arith.run import ArithResult
from tzer.execution.executor import Executor
from tzer.oracles import judge
from tzer.passes.registry import spec_label
from tzer.signature import finding_signature
from tzer.targets import HOST
from tzer.vocabulary import ANALYSIS, WORKER_GONE, ExecResult, FindingKind, Stage, Verdict

# The guilty "pass" of a run-stage crash that needs no pass of the sequence: the default pipeline
# or the code generator (or the test has undefined behaviour; the reference interpreter says so).
PIPELINE = "pipeline"


def replay_request(key: str, passes: list[dict[str, Any]], checks: dict[str, bool],
                   rng: int, target: str = HOST) -> dict[str, Any]:
    """The request that runs a saved function (no mutation) with its saved pass sequence and target."""
    return {"seed_key": key, "mutation": None, "passes": passes, "checks": checks, "rng": rng, "target": target}


def script_key(script: str) -> str:
    """A worker's parse-cache key for a script: equal scripts share it."""
    return "case-" + hashlib.sha1(script.encode()).hexdigest()[:16]


def clean_executor(timeout: float, log_path: Path, rss_limit_mb: int = 4096, nice: int = 0) -> Executor:
    """A worker without coverage on the stock TVM library, logging to `log_path` (crash frames).

    `nice` lowers its CPU priority: the fuzzer's confirmations (a hang's re-run spins for minutes)
    must not take a core from the fuzzing workers. Its workers are forked from a fork server (a
    restart costs a fork, not an import of TVM), each a new process in the state a fresh start
    leaves."""
    import memcov

    return Executor(memcov.open_backend("none", progress=False), timeout=timeout, rss_limit_mb=rss_limit_mb,
                    log_path=log_path, env={"TVM_LIBRARY_PATH": "", "TZER_NICE": str(nice)}, fork=True)


@contextmanager
def clean_worker(timeout: float, prefix: str = "tzer-") -> Iterator[Executor]:
    """A clean executor whose worker log lives in a temporary folder for as long as it is used."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        executor = clean_executor(timeout, Path(tmp) / "worker.log")
        try:
            yield executor
        finally:
            executor.close()


@dataclass
class Observation:
    """What one run showed, in the terms findings are compared by."""

    kind: FindingKind | None
    signature: str | None
    result: ExecResult

    def describe(self) -> str:
        findings = (self.result.outcome.details.get("analysis") or {}).get("findings")
        if findings:
            return f"{self.kind}: {findings[0]['result'].get('message')}"
        if self.kind is None:
            return f"no finding (status {self.result.status})"
        stage, pass_name = self.result.where
        where = " ".join(str(part) for part in (stage, pass_name) if part)
        signal = f" [{self.result.signal}]" if self.result.signal else ""
        return f"{self.kind} at {where or 'unknown stage'}{signal}: {self.result.outcome.message or ''}".strip()


def observe(result: ExecResult, target: str = HOST) -> Observation:
    kind = judge(result)
    if kind is None:
        return Observation(None, None, result)
    stage, pass_name = result.where
    return Observation(kind, finding_signature(kind, stage, pass_name, result.outcome.message, result.log_tail,
                                               target), result)


def run_case(executor: Executor, script: str, passes: list[dict[str, Any]], checks: dict[str, bool],
             rng: int, target: str = HOST) -> Observation:
    """Run one case in the executor's worker; the script's hash keys the worker's parse cache."""
    return observe(executor.run(replay_request(script_key(script), passes, checks, rng, target), script), target)


def confirm(executor: Executor, script: str, passes: list[dict[str, Any]], checks: dict[str, bool],
            rng: int, kind: FindingKind, repeats: int = 1,
            signature: str | None = None, target: str = HOST) -> tuple[Verdict, list[Observation]]:
    """Run the case `repeats` times in fresh state; return the verdict and what each run showed.

    The worker is restarted before each run so that no earlier test's state can matter. With
    `signature`, a run counts only if it also fails the same way, not just with the same kind.
    """
    observed: list[Observation] = []
    for attempt in range(repeats):
        executor.kill()
        observed.append(observe(executor.run(replay_request(f"confirm{attempt}", passes, checks, rng, target),
                                             script), target))
    hits = sum(seen.kind == kind and (signature is None or seen.signature == signature) for seen in observed)
    if hits == repeats:
        return Verdict.CONFIRMED, observed
    return (Verdict.FLAKY if hits else Verdict.NOT_REPRODUCED), observed


# -- analysis tests (tzer/arith) --------------------------------------------------------------
def analysis_request(case: dict[str, Any], seed: int, witness: dict[str, int] | None = None,
                     constraints_only: bool = False) -> dict[str, Any]:
    """The request that runs one saved analysis case as it is, on the points its test had; with
    `constraints_only`, it enters and leaves the case's constraints and calls no analysis."""
    return {"subject": ANALYSIS, "seed_key": "replay", "case": case, "rng": seed, "seed": seed, "count": 1,
            "mutate": False, "witness": witness, "constraints_only": constraints_only}


def observe_analysis(result: ExecResult) -> Observation:
    """What an analysis replay showed: a crash, hang or memory blow-up, an unsound answer or an
    exception, by the same signature the fuzzer recorded it under."""
    batch = result.outcome.details.get("analysis") or {}
    if result.status in WORKER_GONE:
        kind = FindingKind(result.status.value)
        analysis = str(result.where[1] or "")
        return Observation(kind, finding_signature(kind, Stage.ANALYZE, analysis, result.outcome.message,
                                                   result.log_tail, analysis), result)
    if not batch.get("findings"):
        return Observation(None, None, result)
    found = ArithResult.from_dict(batch["findings"][0]["result"])
    kind = FindingKind(found.status.value)
    record = found.finding()
    return Observation(kind, finding_signature(kind, Stage.ANALYZE, found.analysis, record.signature_message, "",
                                               found.analysis), result)


def broken_check(seen: Observation) -> str | None:
    """The contract check an analysis replay broke (None when it broke none)."""
    findings = (seen.result.outcome.details.get("analysis") or {}).get("findings") or []
    return ((findings[0]["result"].get("details") or {}).get("check")) if findings else None


def replay_analysis(executor: Executor, case: dict[str, Any], seed: int, witness: dict[str, int] | None = None,
                    constraints_only: bool = False) -> Observation:
    return observe_analysis(executor.run(analysis_request(case, seed, witness, constraints_only), None))


def confirm_analysis(executor: Executor, case: dict[str, Any], seed: int, witness: dict[str, int] | None,
                     kind: FindingKind, repeats: int = 1, check: str | None = None) -> Verdict:
    """`confirm` for an analysis case: `repeats` runs, each in a fresh worker, that fail with the
    same kind (and, for an unsound answer, break the same `check`: the wrong answer itself may
    differ between processes)."""
    hits = 0
    for _ in range(repeats):
        executor.kill()
        seen = replay_analysis(executor, case, seed, witness)
        hits += seen.kind == kind and (check is None or broken_check(seen) == check)
    if hits == repeats:
        return Verdict.CONFIRMED
    return Verdict.FLAKY if hits else Verdict.NOT_REPRODUCED


def is_run_crash(kind: FindingKind | str | None, stage: str | None) -> bool:
    """A crash of the compiled code: the worker died, so no pass could be blamed in-process."""
    return kind == FindingKind.CRASH and stage == Stage.RUN


def crashed_at_run(result: ExecResult, signal: str | None) -> bool:
    """Did this probe crash the compiled code the way the finding did (same signal)?"""
    return is_run_crash(judge(result), result.where[0]) and (signal is None or result.signal == signal)


@dataclass
class PrefixBisection:
    """The shortest prefix passes[:k] whose build still crashes at run, in log2(n) probes.

    Invariant: passes[:hi] crashes (the whole sequence did, or a probe showed it) and every prefix
    shorter than lo was seen not to. Each probe that crashes costs a worker restart, hence no
    linear scan. Without monotonicity the answer is still a real boundary: passes[:hi] crashed
    and, when hi > 0, passes[:hi - 1] was seen not to.
    """

    passes: list[dict[str, Any]]
    lo: int = 0
    hi: int = -1

    def __post_init__(self) -> None:
        if self.hi < 0:
            self.hi = len(self.passes)

    def probe(self) -> int | None:
        """The prefix length to run next, or None when the guilty pass is known."""
        return None if self.lo >= self.hi else (self.lo + self.hi) // 2

    def record(self, length: int, crashed: bool) -> None:
        if crashed:
            self.hi = length
        else:
            self.lo = length + 1

    def guilty(self) -> str:
        """The label of the pass whose addition makes the build crash; PIPELINE with no pass."""
        return PIPELINE if self.hi == 0 else spec_label(self.passes[self.hi - 1])


def bisect_run_crash(executor: Executor, script: str, passes: list[dict[str, Any]], checks: dict[str, bool],
                     rng: int, signal: str | None, target: str = HOST) -> str:
    """The guilty pass of a confirmed run-stage crash, by re-running prefixes of its pass sequence."""
    bisection = PrefixBisection(passes)
    while (length := bisection.probe()) is not None:
        result = executor.run(replay_request(script_key(script), passes[:length], checks, rng, target), script)
        bisection.record(length, crashed_at_run(result, signal))
    return bisection.guilty()


def crash_producer(executor: Executor, script: str, passes: list[dict[str, Any]], index: int | None,
                   checks: dict[str, bool], rng: int, signature: str, target: str = HOST) -> tuple[int, bool] | None:
    """For a crash inside pass `index` of `passes`, or in the build after them (`index` None): how
    many passes make the IR it crashes on, and whether it ran clean after one pass fewer. The crash
    takes its worker with it, so the replay is the parent's: that pass alone (or the build) crashes
    alike, same `signature`, after `passes[:n]`, not after a shorter prefix. None when it does not
    crash alike at all."""
    last = len(passes) if index is None else index
    clean_before = False
    for prefix in range(last + 1):
        replay = passes[:prefix] if index is None else [*passes[:prefix], passes[index]]
        seen = run_case(executor, script, replay, checks, rng, target)
        if seen.signature == signature:
            return prefix, clean_before
        clean_before = seen.kind is None
    return None
