"""The bug memory: one JSON file that outlives campaigns (and TVM versions), holding every root
cause triage has listed, so that a user back from a night's run sees what is new first.

Each root cause is kept under its root key (triage's "same failure point" key, `root` in a bug's
row; its signature where triage found none) with its bug id, kind, signature, message, the text
of its repro.py, its reduced case's files, when it was first and last seen (and in which
campaigns, under which TVM), and a verdict a person gave with `tzer triage --mark`:
real, invalid, contract (a pass used outside its documented contract) or duplicate-of:<bug id>.

The file is ~/.local/share/tzer/bugs.json unless --memory or $TZER_MEMORY names another; machines
that share a folder (NFS, as a cluster's nodes do) share it. A save takes a lock file beside it,
reads what other triages wrote since this one read it, merges, and writes atomically: two triages
that finish at once both keep their additions.
"""

from __future__ import annotations

import fcntl
import json
import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tzer.campaign.files import write_json
from tzer.vocabulary import Verdict

MEMORY_VARIABLE = "TZER_MEMORY"
MEMORY_VERSION = 1
VERDICTS = ("real", "invalid", "contract")
DUPLICATE = "duplicate-of:"


class BugMemoryError(ValueError):
    """A memory file that cannot be read, or a --mark that names no known bug or no verdict."""


def default_path() -> Path:
    named = os.environ.get(MEMORY_VARIABLE)
    if named:
        return Path(named)
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "tzer" / "bugs.json"


def check_verdict(verdict: str) -> str:
    if verdict in VERDICTS or (verdict.startswith(DUPLICATE) and len(verdict) > len(DUPLICATE)):
        return verdict
    raise BugMemoryError(f"verdict {verdict!r}: expected one of {', '.join(VERDICTS)} or {DUPLICATE}BUG")


@dataclass
class KnownBug:
    key: str
    id: str
    kind: str
    signature: str
    message: str
    first_seen: float
    last_seen: float
    verdict: str = ""
    tvm_versions: list[str] = field(default_factory=list)
    campaigns: list[str] = field(default_factory=list)
    repro: str = ""
    reduced: dict[str, str] = field(default_factory=dict)


def root_key(row: dict[str, Any]) -> str:
    return str(row.get("root") or row["signature"])


class BugMemory:
    def __init__(self, path: Path, bugs: dict[str, KnownBug] | None = None) -> None:
        self.path = path
        self.bugs = bugs or {}
        self.marked: set[str] = set()  # keys this process gave a verdict: theirs wins over the file's

    @classmethod
    def load(cls, path: Path) -> BugMemory:
        """The memory at `path`; an empty one where there is no file yet."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls(path)
        except (OSError, ValueError) as error:
            raise BugMemoryError(f"cannot read the bug memory {path}: {error}") from None
        try:
            bugs = {entry["key"]: KnownBug(**entry) for entry in data["bugs"]}
        except (KeyError, TypeError) as error:
            raise BugMemoryError(f"malformed bug memory {path}: {error}") from None
        return cls(path, bugs)

    def save(self) -> None:
        """Write the memory merged with the file as another triage may have left it since `load`."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            for key, theirs in BugMemory.load(self.path).bugs.items():
                ours = self.bugs.get(key)
                self.bugs[key] = theirs if ours is None else self._merged(ours, theirs)
            write_json(self.path, {"version": MEMORY_VERSION,
                                   "bugs": [asdict(bug) for bug in sorted(self.bugs.values(),
                                                                          key=lambda b: b.first_seen)]})

    def _merged(self, ours: KnownBug, theirs: KnownBug) -> KnownBug:
        if theirs.first_seen < ours.first_seen:
            ours.id, ours.first_seen = theirs.id, theirs.first_seen  # the id it was first listed under
        ours.last_seen = max(ours.last_seen, theirs.last_seen)
        if ours.key not in self.marked:
            ours.verdict = theirs.verdict
        for values, others in ((ours.campaigns, theirs.campaigns), (ours.tvm_versions, theirs.tvm_versions)):
            values.extend(value for value in others if value not in values)
        return ours

    def find(self, name: str) -> KnownBug | None:
        """The root cause with bug id or key `name`."""
        return self.bugs.get(name) or next((bug for bug in self.bugs.values() if bug.id == name), None)

    def remember(self, rows: list[dict[str, Any]], bugs_dir: Path, campaign: str, tvm_version: str) -> None:
        """Fold triage's listed bugs into the memory; each row gets `memory`: "new" or "known"
        (and the known root cause's verdict and first sighting)."""
        now = time.time()
        for row in listed(rows):
            key = root_key(row)
            known = self.bugs.get(key)
            if known is None:
                folder = bugs_dir / row["id"]
                known = self.bugs[key] = KnownBug(
                    key=key, id=row["id"], kind=str(row["kind"]), signature=row["signature"],
                    message=str(row.get("message") or "")[:300], first_seen=now, last_seen=now,
                    repro=_read(folder / "repro.py"),
                    reduced={path.name: _read(path) for path in sorted((folder / "reduced").glob("*"))
                             if path.is_file()})
                row["memory"] = "new"
            else:
                known.last_seen = now
                row.update(memory="known", known_as=known.id, verdict=known.verdict, first_known=known.first_seen)
            for values, value in ((known.campaigns, campaign), (known.tvm_versions, tvm_version)):
                if value not in values:
                    values.append(value)

    def mark(self, name: str, verdict: str) -> KnownBug:
        known = self.find(name)
        if known is None:
            raise BugMemoryError(f"no bug {name!r} in the bug memory {self.path} (triage the campaign first)")
        known.verdict = check_verdict(verdict)
        self.marked.add(known.key)
        return known


def listed(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows that are bugs of their own: reproduced, within contract, no duplicate."""
    return [row for row in rows if row["status"] != Verdict.NOT_REPRODUCED and not row.get("duplicate_of")
            and row.get("contract", "inside") != "outside"]


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""
