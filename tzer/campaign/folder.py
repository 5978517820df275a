"""The layout of a campaign folder (AFL++ conventions) and reading it back for --resume."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tzer.campaign.files import write_folder, write_json, write_text
from tzer.execution import protocol as P

FINDING_FOLDERS = {
    P.CRASH: "crashes",
    P.HANG: "hangs",
    P.OOM: "ooms",
    P.EXCEPTION: "exceptions",
    P.INCONSISTENCY: "inconsistencies",
    P.ILL_FORMED: "ill_formed",
    P.NON_IDEMPOTENT: "non_idempotent",
    P.PERF: "perf",
}


class CampaignError(Exception):
    """The campaign folder cannot be used; the message is one line for the user."""


def entry_name(entry_id: int) -> str:
    return f"id_{entry_id:06d}"


class CampaignFolder:
    """Paths and writers for one campaign's output folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.queue = root / "queue"
        self.stats = root / "fuzzer_stats"
        self.plot_data = root / "plot_data"
        self.coverage = root / "coverage.npz"
        self.state = root / "state.json"
        self.signatures = root / "signatures.json"
        self.workers = root / "workers"

    @classmethod
    def open(cls, root: Path, resume: bool) -> CampaignFolder:
        """Create a new campaign folder, or open an existing one to resume it. Never overwrites."""
        if resume:
            if not (root / "queue").is_dir():
                raise CampaignError(f"cannot resume: {root} is not a tzer campaign folder (no queue/)")
        elif root.exists() and (not root.is_dir() or any(root.iterdir())):
            raise CampaignError(f"output folder {root} already exists; pass --resume to continue it "
                                "or choose another -o")
        try:
            root.mkdir(parents=True, exist_ok=True)
            folder = cls(root)
            for sub in [folder.queue, folder.workers, *(root / name for name in FINDING_FOLDERS.values())]:
                sub.mkdir(exist_ok=True)
            probe = root / ".write-test"
            probe.write_text("ok")
            probe.unlink()
        except OSError as error:
            raise CampaignError(f"cannot write to output folder {root}: {error.strerror or error}") from None
        return folder

    def finding_folder(self, kind: str) -> Path:
        return self.root / FINDING_FOLDERS[kind]

    def save_queue_entry(self, entry_id: int, script: str, passes: list[Any], meta: dict[str, Any]) -> Path:
        path = self.queue / entry_name(entry_id)
        write_folder(path, _entry_files(script, passes, meta))
        return path

    def update_queue_entry(self, entry_id: int, passes: list[Any], meta: dict[str, Any]) -> None:
        """A seed kept its function but took a new pass sequence: rewrite those two files."""
        path = self.queue / entry_name(entry_id)
        write_text(path / "passes.json", json.dumps(passes, indent=2, sort_keys=True) + "\n")
        write_json(path / "meta.json", meta)

    def save_finding(self, kind: str, entry_id: int, script: str, passes: list[Any], meta: dict[str, Any],
                     log: str = "") -> Path:
        path = self.finding_folder(kind) / entry_name(entry_id)
        files = _entry_files(script, passes, meta)
        if log:
            files["log.txt"] = log
        write_folder(path, files)
        return path

    def load_entries(self, folder: Path) -> list[dict[str, Any]]:
        """Complete entries of `folder`, by id; half-written ones (temporary names) are skipped."""
        entries = []
        for path in sorted(folder.glob("id_*")):
            try:
                meta = json.loads((path / "meta.json").read_text())
                entries.append({"id": int(path.name[3:]), "path": path, "meta": meta,
                                "script": (path / "func.py").read_text(),
                                "passes": json.loads((path / "passes.json").read_text())})
            except (OSError, ValueError):
                continue
        return entries

    def count_findings(self) -> dict[str, int]:
        return {kind: sum(1 for _ in self.finding_folder(kind).glob("id_*")) for kind in FINDING_FOLDERS}

    def max_finding_id(self) -> int:
        ids = [int(p.name[3:]) for kind in FINDING_FOLDERS for p in self.finding_folder(kind).glob("id_*")]
        return max(ids, default=0)

    def worker_log(self, name: str) -> Path:
        return self.workers / f"{name}.log"

    def save_signatures(self, signatures: dict[str, Any]) -> None:
        write_json(self.signatures, signatures)

    def load_signatures(self) -> dict[str, Any]:
        try:
            return json.loads(self.signatures.read_text())
        except (OSError, ValueError):
            return {}


def _entry_files(script: str, passes: list[Any], meta: dict[str, Any]) -> dict[str, str]:
    return {
        "func.py": script,
        "passes.json": json.dumps(passes, indent=2, sort_keys=True) + "\n",
        "meta.json": json.dumps(meta, indent=2, sort_keys=True, default=str) + "\n",
    }


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by another user
    return True
