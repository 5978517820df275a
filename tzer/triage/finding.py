"""Finding folders (func.py, passes.json, meta.json, log.txt) as triage reads and writes them.

The same layout serves a campaign's findings and the reduced cases triage writes, so that
`tzer replay` and `tzer reduce` accept either.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tzer.campaign.testcase import TestCase, TestCaseError
from tzer.execution.confirm import is_run_crash
from tzer.signature import finding_signature
from tzer.targets import HOST
from tzer.vocabulary import FindingKind

KINDS = [kind.value for kind in FindingKind]


class FindingError(Exception):
    """A finding folder cannot be used; the message is one line for the user."""


@dataclass(frozen=True)
class Case:
    """What a test runs: a function as TVMScript and a pass sequence."""

    script: str
    passes: list[dict[str, Any]] = field(default_factory=list)

    def key(self) -> str:
        """Equal for equal cases; the reducer's cache key."""
        return json.dumps(self.passes, sort_keys=True) + "\n" + self.script


@dataclass
class Finding:
    path: Path
    case: Case
    meta: dict[str, Any]
    log: str = ""
    case_json: dict[str, Any] | None = None  # an analysis test's case (tzer/arith); then `case` is empty

    @property
    def kind(self) -> FindingKind:
        return FindingKind(self.meta["kind"])

    @property
    def checks(self) -> dict[str, bool]:
        return dict(self.meta.get("checks") or {})

    @property
    def rng(self) -> int:
        return int(self.meta.get("rng") or 0)

    @property
    def target(self) -> str:
        return str(self.meta.get("target") or HOST)

    @property
    def signature(self) -> str:
        """The bug's signature. Recomputed rather than read: the fuzzer's has no crash frames, and a
        crash at run names its guilty pass only once confirmation has bisected it (`guilty_pass`)."""
        meta = self.meta
        if self.case_json is not None:
            # An analysis finding's signature holds what the worker judged (its broken check and
            # the form of the wrong answer), which meta.json keeps but does not spell out again.
            return str(meta.get("signature") or "")
        guilty = meta.get("guilty_pass") if is_run_crash(self.kind, meta.get("stage")) else None
        return finding_signature(self.kind, meta.get("stage"), guilty or meta.get("pass"), meta.get("message"),
                                 self.log, self.target)

    @property
    def run_signature(self) -> str:
        """The signature one clean re-run shows: without the guilty pass, which only bisection finds."""
        meta = self.meta
        if self.case_json is not None:
            return self.signature
        return finding_signature(self.kind, meta.get("stage"), meta.get("pass"), meta.get("message"), self.log,
                                 self.target)


def load_finding(path: Path) -> Finding:
    """Read and check a finding folder; raises FindingError with a one-line reason."""
    try:
        case = TestCase.load(path)
    except TestCaseError as error:
        raise FindingError(str(error)) from None
    if case.meta.get("kind") not in KINDS:
        raise FindingError(f"malformed {Path(path) / 'meta.json'}: 'kind' must be one of {', '.join(KINDS)}")
    return Finding(Path(path), Case(case.script, case.passes), case.meta, case.log, case.case)


def write_case(path: Path, case: Case, meta: dict[str, Any]) -> None:
    """Write a finding-like folder at `path`, replacing an earlier one written there by triage."""
    try:
        TestCase(case.script, case.passes, meta).dump(Path(path), replace=True)
    except TestCaseError as error:
        raise FindingError(str(error)) from None
