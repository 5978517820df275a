"""Recording what a campaign keeps: corpus entries and findings, grouped by signature.

A signature's first examples are saved in full (up to KEEP_EXAMPLES); later hits only count,
so that a bug hit ten thousand times does not fill the disk. A saved finding waits for its
clean re-run (`confirmed: pending`) when the mutant's text is known, and its verdict is written
into its meta.json when the re-run ends.
"""

from __future__ import annotations

import fnmatch
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tzer.campaign.folder import CampaignFolder
from tzer.campaign.testcase import TestCase, TestCaseError
from tzer.signature import finding_signature
from tzer.targets import HOST
from tzer.vocabulary import ANALYSIS, AnalysisFinding, ExecResult, FindingKind, Stage, Verdict

KEEP_EXAMPLES = 3
# A crash in compiled code names no pass until its clean re-run bisects one, so one signature holds
# crashes that different passes cause: keep more of them, or later bugs would hide behind the first.
KEEP_RUN_CRASH_EXAMPLES = 20
# Tests the worker could not run (a bug in tzer) saved per distinct message, in this session.
KEEP_INTERNAL_ERRORS = 3


class Recorder:
    def __init__(self, folder: CampaignFolder, common_meta: dict[str, Any],
                 confirm: Callable[[Path], None] | None, known: list[str] | None = None) -> None:
        """`confirm(path)` queues a saved finding for its clean re-run; None: confirmation is off.

        `known`: signature patterns (fnmatch) of bugs already reported; their hits are only counted.
        """
        self.folder = folder
        self.common_meta = common_meta
        self.confirm = confirm
        self.known = known or []
        self.signatures: dict[str, dict[str, Any]] = folder.load_signatures()
        self.next_finding_id = folder.max_finding_id() + 1
        self.internal_errors: dict[str, int] = {}

    def finding(self, kind: FindingKind, result: ExecResult, seed_script: str, passes: list[Any],
                request: dict[str, Any], meta: dict[str, Any]) -> tuple[Path | None, str]:
        """Count a finding; save it when its signature has few examples. Returns (folder or None, signature)."""
        stage, pass_name = result.where
        sig = finding_signature(kind, stage, pass_name, result.outcome.message, result.log_tail,
                                request.get("target") or HOST)
        entry_id = self._count(kind, sig, stage)
        if entry_id is None:
            return None, sig
        mutant_known = result.script is not None or request.get("mutation") is None
        outcome = result.outcome
        full_meta = {
            **self.common_meta, **meta,
            "id": entry_id, "kind": kind, "stage": stage, "pass": pass_name, "message": outcome.message,
            "error": outcome.error, "signal": result.signal, "oracle": outcome.details.get("oracle"),
            "confirmed": Verdict.PENDING if self.confirm and mutant_known else Verdict.NOT_CHECKED,
            "signature": sig, "time": time.time(), "checks": request.get("checks", {}), "rng": request.get("rng", 0),
            "mutation": request.get("mutation"), "script_is_mutant": mutant_known,
            "contract": request.get("contract", "inside"),
            # Which of an oracle's checks failed, and under which machine configuration.
            **{key: outcome.details[key] for key in ("check", "variant") if key in outcome.details},
        }
        return self._save(kind, sig, TestCase(result.script or seed_script, passes, full_meta, result.log_tail),
                          confirm=mutant_known), sig

    def analysis_finding(self, kind: FindingKind, case: dict[str, Any], found: AnalysisFinding,
                         meta: dict[str, Any]) -> tuple[Path | None, str]:
        """Count and save a finding of an analysis test (tzer/arith) as `finding` does a TIR test's."""
        sig = finding_signature(kind, Stage.ANALYZE, found.analysis, found.signature_message, found.log,
                                found.analysis)
        entry_id = self._count(kind, sig, Stage.ANALYZE)
        if entry_id is None:
            return None, sig
        full_meta = {
            **self.common_meta, **meta, "subject": ANALYSIS,
            "id": entry_id, "kind": kind, "stage": Stage.ANALYZE, "pass": found.analysis, "analysis": found.analysis,
            "message": found.message, "error": found.error, "signal": found.signal,
            "confirmed": Verdict.PENDING if self.confirm else Verdict.NOT_CHECKED, "signature": sig,
            "time": time.time(), **found.details}
        return self._save(kind, sig, TestCase("", [], full_meta, found.log, case=case), confirm=True), sig

    def _count(self, kind: FindingKind, sig: str, stage: Stage | str | None) -> int | None:
        """Count a hit of `sig`; the id to save it under, or None (known, or enough examples)."""
        if self.is_known(sig):
            return None
        now = time.time()
        group = self.signatures.setdefault(sig, {"kind": kind.value, "hits": 0, "first_seen": now, "examples": []})
        group["hits"] += 1
        group["last_seen"] = now
        keep = KEEP_RUN_CRASH_EXAMPLES if kind == FindingKind.CRASH and stage == Stage.RUN else KEEP_EXAMPLES
        if len(group["examples"]) >= keep:
            self.folder.save_signatures(self.signatures)
            return None
        self.next_finding_id += 1
        return self.next_finding_id - 1

    def _save(self, kind: FindingKind, sig: str, case: TestCase, confirm: bool) -> Path:
        path = self.folder.save_finding(kind, int(case.meta["id"]), case)
        self.signatures[sig]["examples"].append(str(path.relative_to(self.folder.root)))
        self.folder.save_signatures(self.signatures)
        if self.confirm is not None and confirm:
            self.confirm(path)
        return path

    def is_known(self, sig: str) -> bool:
        return any(fnmatch.fnmatchcase(sig, pattern) for pattern in self.known)

    @staticmethod
    def set_verdict(path: Path, verdict: Verdict) -> None:
        """Write a finding's confirmation verdict into its meta.json."""
        meta = TestCase.load(path).meta
        meta["confirmed"] = verdict
        TestCase.rewrite(path, meta=meta)

    @staticmethod
    def set_guilty_pass(path: Path, label: str) -> None:
        """Write the bisected guilty pass of a crash at run into its meta.json.

        The finding keeps its fuzzer signature (its key in signatures.json, whose hits were
        counted before any bisection); triage adds the guilty pass when it groups findings."""
        meta = TestCase.load(path).meta
        meta["guilty_pass"] = label
        TestCase.rewrite(path, meta=meta)

    def pending(self) -> list[Path]:
        """Saved findings still waiting for their clean re-run (after a --resume, say)."""
        return [path for kind in FindingKind for path in self.folder.findings(kind)
                if _verdict(path) == Verdict.PENDING]

    def internal_error(self, result: ExecResult, seed_script: str, passes: list[Any], request: dict[str, Any],
                       meta: dict[str, Any]) -> Path | None:
        """Save a test the worker could not run, so that tzer's bug can be replayed: the seed it
        mutated, the passes, and the request (the mutation's rng and donor); the first
        KEEP_INTERNAL_ERRORS of each message. Returns its folder, or None past that."""
        message = result.outcome.message or ""
        first_line = message.splitlines()[0] if message else ""
        if self.internal_errors.get(first_line, 0) >= KEEP_INTERNAL_ERRORS:
            return None
        self.internal_errors[first_line] = self.internal_errors.get(first_line, 0) + 1
        sent = {key: value for key, value in request.items() if not key.endswith("_script")}
        return self.folder.save_internal_error(TestCase(seed_script, passes, {
            **self.common_meta, **meta, "message": message, "mutation": request.get("mutation"), "request": sent}))

    def corpus_entry(self, entry_id: int, script: str, passes: list[Any], meta: dict[str, Any]) -> Path:
        return self.folder.save_queue_entry(entry_id, TestCase(script, passes,
                                                               {**self.common_meta, **meta, "id": entry_id}))

    def analysis_entry(self, entry_id: int, case: dict[str, Any], meta: dict[str, Any]) -> None:
        """A queue entry of an analysis test: its case.json and meta.json."""
        self.folder.save_queue_entry(entry_id, TestCase("", [], {**self.common_meta, **meta, "id": entry_id,
                                                                 "subject": ANALYSIS}, case=case))


def load_known(path: Path) -> list[str]:
    """Signature patterns of a --known file: one a line, `*` wildcards, `#` comments."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise ValueError(f"cannot read --known file {path}: {error.strerror or error}") from None
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def _verdict(path: Path) -> str | None:
    try:
        return TestCase.load(path).meta.get("confirmed")
    except TestCaseError:
        return None


