"""The one format of a saved test: a folder with func.py, passes.json, meta.json and log.txt; an
analysis test (tzer/arith) has case.json instead of func.py and passes.json.

Corpus entries, findings, and the reduced cases triage writes all use it, so that `tzer replay`,
`tzer reduce` and `--resume` read any of them. Folders are written under a temporary name and
renamed into place: a reader, or a `kill -9`, never sees half of one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tzer.campaign.files import json_text, write_folder, write_json, write_text

FUNC, PASSES, META, LOG, CASE = "func.py", "passes.json", "meta.json", "log.txt", "case.json"


class TestCaseError(Exception):
    """A folder that is not a readable test case; the message is one line for the user."""


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TestCaseError(f"{path.parent} is not a test case folder (no {path.name})") from None
    except (OSError, ValueError) as error:
        raise TestCaseError(f"malformed {path}: {error}") from None


@dataclass
class TestCase:
    """A function as TVMScript, the pass sequence it ran with, what is known of it, and a log; or,
    for an analysis test, its case (`case`, a tirkit.arith_case JSON object) and no function."""

    __test__ = False  # not a pytest test class, despite its name

    script: str
    passes: list[dict[str, Any]]
    meta: dict[str, Any] = field(default_factory=dict)
    log: str = ""
    case: dict[str, Any] | None = None

    @property
    def is_analysis(self) -> bool:
        return self.case is not None

    def files(self) -> dict[str, str]:
        """The folder's files: name -> text."""
        if self.case is not None:
            files = {CASE: json_text(self.case), META: json_text(self.meta)}
        else:
            files = {FUNC: self.script if self.script.endswith("\n") else self.script + "\n",
                     PASSES: json_text(self.passes), META: json_text(self.meta)}
        if self.log:
            files[LOG] = self.log
        return files

    def dump(self, path: Path, replace: bool = False) -> None:
        """Write the folder `path` in one rename; `replace` allows replacing an earlier test case."""
        if replace and path.exists() and any(path.iterdir()) and not (path / META).exists():
            raise TestCaseError(f"refusing to overwrite {path}: it exists and is not a test case folder")
        path.parent.mkdir(parents=True, exist_ok=True)
        write_folder(path, self.files(), replace=replace)

    @classmethod
    def load(cls, path: Path) -> TestCase:
        """Read and check a test case folder; raises TestCaseError with a one-line reason."""
        path = Path(path)
        if not path.is_dir():
            raise TestCaseError(f"no such folder: {path}")
        meta = _read_json(path / META)
        if not isinstance(meta, dict):
            raise TestCaseError(f"malformed {path / META}: expected an object")
        log_path = path / LOG
        log = log_path.read_text(encoding="utf-8", errors="replace") if log_path.exists() else ""
        if (path / CASE).exists():
            case = _read_json(path / CASE)
            if not isinstance(case, dict):
                raise TestCaseError(f"malformed {path / CASE}: expected an object")
            return cls("", [], meta, log, case)
        passes = _read_json(path / PASSES)
        if not isinstance(passes, list) or not all(isinstance(p, dict) and "name" in p for p in passes):
            raise TestCaseError(f"malformed {path / PASSES}: expected a list of {{\"name\": ...}} objects")
        try:
            script = (path / FUNC).read_text(encoding="utf-8")
        except OSError as error:
            raise TestCaseError(f"cannot read {path / FUNC}: {error.strerror or error}") from None
        return cls(script, passes, meta, log)

    @staticmethod
    def rewrite(path: Path, passes: list[dict[str, Any]] | None = None, meta: dict[str, Any] | None = None) -> None:
        """Replace the pass sequence and/or meta.json of an existing folder, each file atomically."""
        if passes is not None:
            write_text(path / PASSES, json_text(passes))
        if meta is not None:
            write_json(path / META, meta)
