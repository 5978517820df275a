"""Finding folders (func.py, passes.json, meta.json, log.txt) as triage reads and writes them.

The same layout serves a campaign's findings and the reduced cases triage writes, so that
`tzer replay` and `tzer reduce` accept either.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tzer.campaign.files import write_folder
from tzer.execution.protocol import FINDING_KINDS
from tzer.triage.signature import finding_signature


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

    @property
    def kind(self) -> str:
        return str(self.meta["kind"])

    @property
    def checks(self) -> dict[str, bool]:
        return dict(self.meta.get("checks") or {})

    @property
    def rng(self) -> int:
        return int(self.meta.get("rng") or 0)

    @property
    def signature(self) -> str:
        """Recomputed rather than read: the fuzzer's signature has no crash frames."""
        meta = self.meta
        return finding_signature(self.kind, meta.get("stage"), meta.get("pass"), meta.get("message"),
                                 self.log)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FindingError(f"{path.parent} is not a finding folder (no {path.name})") from None
    except (OSError, ValueError) as error:
        raise FindingError(f"malformed {path}: {error}") from None


def load_finding(path: Path) -> Finding:
    """Read and check a finding folder; raises FindingError with a one-line reason."""
    path = Path(path)
    if not path.is_dir():
        raise FindingError(f"no such finding folder: {path}")
    meta = _read_json(path / "meta.json")
    if not isinstance(meta, dict) or meta.get("kind") not in FINDING_KINDS:
        kinds = ", ".join(FINDING_KINDS)
        raise FindingError(f"malformed {path / 'meta.json'}: 'kind' must be one of {kinds}")
    passes = _read_json(path / "passes.json")
    if not isinstance(passes, list) or not all(isinstance(p, dict) and "name" in p for p in passes):
        raise FindingError(f"malformed {path / 'passes.json'}: expected a list of {{\"name\": ...}} objects")
    try:
        script = (path / "func.py").read_text(encoding="utf-8")
    except OSError as error:
        raise FindingError(f"cannot read {path / 'func.py'}: {error.strerror or error}") from None
    log_path = path / "log.txt"
    log = log_path.read_text(encoding="utf-8", errors="replace") if log_path.exists() else ""
    return Finding(path, Case(script, passes), meta, log)


def write_case(path: Path, case: Case, meta: dict[str, Any], extra: dict[str, str] | None = None) -> None:
    """Write a finding-like folder at `path`, replacing an earlier one written there by triage."""
    path = Path(path)
    if path.exists():
        if any(path.iterdir()) and not (path / "meta.json").exists():
            raise FindingError(f"refusing to overwrite {path}: it exists and is not a finding folder")
        shutil.rmtree(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    files = {
        "func.py": case.script if case.script.endswith("\n") else case.script + "\n",
        "passes.json": json.dumps(case.passes, indent=2, sort_keys=True) + "\n",
        "meta.json": json.dumps(meta, indent=2, sort_keys=True, default=str) + "\n",
        **(extra or {}),
    }
    write_folder(path, files)
