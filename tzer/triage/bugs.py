"""Grouping a campaign's findings into bugs: equal signatures are one bug.

The fuzzer counts every hit in OUT/signatures.json but saves only a signature's first few
examples; triage recomputes signatures from the saved findings (adding crash frames from
log.txt, which the fuzzer's signature lacks) and takes hit counts and times from that file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tzer.triage.finding import Finding, FindingError, load_finding
from tzer.vocabulary import FindingKind

# Examples of a bug confirmed in turn, smallest first, until one fails on its own.
EXAMPLES_TO_CONFIRM = 3


@dataclass
class Bug:
    signature: str
    findings: list[Finding]
    hits: int = 0
    first_seen: float | None = None
    last_seen: float | None = None
    sizes: dict[str, int] = field(default_factory=dict)  # finding path -> IR nodes

    @property
    def kind(self) -> str:
        return self.findings[0].kind

    @property
    def id(self) -> str:
        """Stable across re-runs of triage: the kind and a hash of the signature."""
        return f"{self.kind}-{hashlib.sha1(self.signature.encode()).hexdigest()[:8]}"

    @property
    def smallest(self) -> Finding:
        """The example to confirm and reduce: fewest IR nodes, then fewest passes, then oldest."""
        return self.by_size()[0]

    def by_size(self) -> list[Finding]:
        """The examples, smallest first (see `smallest`)."""
        return sorted(self.findings, key=lambda f: (self.sizes.get(str(f.path), len(f.case.script)),
                                                    len(f.case.passes), str(f.path)))


def collect_findings(out: Path) -> tuple[list[Finding], list[str]]:
    """Every complete finding folder of a campaign, and one line per folder that could not be read."""
    findings, problems = [], []
    for kind in FindingKind:
        for path in sorted((Path(out) / kind.folder).glob("id_*")):
            try:
                findings.append(load_finding(path))
            except FindingError as error:
                problems.append(str(error))
    return findings, problems


def group(findings: Iterable[Finding], signatures: dict[str, Any] | None = None,
          size: Any = None) -> list[Bug]:
    """Bugs by signature, oldest first. `signatures` is OUT/signatures.json; `size(script)` ranks examples."""
    bugs: dict[str, Bug] = {}
    for finding in findings:
        bugs.setdefault(finding.signature, Bug(finding.signature, [])).findings.append(finding)
    signatures = signatures or {}
    # One fuzzer signature can split into several bugs (crash frames); its hits then go to each
    # bug only as far as saved examples show.
    owners: dict[str, set[str]] = {}
    for bug in bugs.values():
        for finding in bug.findings:
            owners.setdefault(str(finding.meta.get("signature", "")), set()).add(bug.signature)
    for bug in bugs.values():
        times = [float(f.meta["time"]) for f in bug.findings if isinstance(f.meta.get("time"), (int, float))]
        fuzzer_sigs = {str(f.meta.get("signature", "")) for f in bug.findings}
        hits = 0
        for sig in fuzzer_sigs:
            entry = signatures.get(sig)
            examples = sum(1 for f in bug.findings if str(f.meta.get("signature", "")) == sig)
            if entry is None or len(owners.get(sig, ())) > 1:
                hits += examples
                continue
            hits += int(entry.get("hits", examples))
            times += [float(entry[key]) for key in ("first_seen", "last_seen") if entry.get(key) is not None]
        bug.hits = max(hits, len(bug.findings))
        bug.first_seen = min(times) if times else None
        bug.last_seen = max(times) if times else None
        if size is not None:
            bug.sizes = {str(f.path): size(f.case.script) for f in bug.findings}
    return sorted(bugs.values(), key=lambda b: (b.first_seen or 0.0, b.signature))
