"""The layout of a campaign folder (AFL++ conventions): where each file lives, and its entries."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

from tzer.campaign.files import stored_bytes, write_json
from tzer.campaign.testcase import TestCase, TestCaseError
from tzer.vocabulary import FindingKind


class CampaignError(Exception):
    """The campaign folder cannot be used; the message is one line for the user."""


def entry_name(entry_id: int) -> str:
    return f"id_{entry_id:06d}"


def entry_id(path: Path) -> int:
    return int(path.name[3:])


class CampaignFolder:
    """Paths and writers for one campaign's output folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.queue = root / "queue"
        self.stats = root / "fuzzer_stats"
        self.plot_data = root / "plot_data"
        self.plot_dirs = root / "plot_dirs"
        self.coverage = root / "coverage.npz"
        self.state = root / "state.json"
        self.rarity = root / "rarity.npz"
        self.favoured = root / "favoured.npz"
        self.signatures = root / "signatures.json"
        self.workers = root / "workers"
        self.internal_errors = root / "internal_errors"
        # Bytes of the queue entries and findings written (less those removed), over every session:
        # what --max-disk-mb bounds. Kept in state.json, since walking a day's queue takes seconds.
        self.stored = 0

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
            for sub in [folder.queue, folder.workers, folder.internal_errors,
                        *(root / kind.folder for kind in FindingKind)]:
                sub.mkdir(exist_ok=True)
            probe = root / ".write-test"
            probe.write_text("ok")
            probe.unlink()
            if resume:
                folder.remove_half_written()
        except OSError as error:
            raise CampaignError(f"cannot write to output folder {root}: {error.strerror or error}") from None
        return folder

    def remove_half_written(self) -> None:
        """Delete the temporary files and folders of writes that a kill interrupted before their rename."""
        for sub in [self.root, self.queue, self.internal_errors, *(self.root / kind.folder for kind in FindingKind)]:
            for leftover in sub.glob(".*.tmp"):
                if leftover.is_dir():
                    shutil.rmtree(leftover, ignore_errors=True)
                else:
                    leftover.unlink(missing_ok=True)

    def finding_folder(self, kind: FindingKind) -> Path:
        return self.root / kind.folder

    def save_queue_entry(self, entry: int, case: TestCase) -> Path:
        path = self.queue / entry_name(entry)
        case.dump(path)
        self.stored += stored_bytes(path)
        return path

    def save_finding(self, kind: FindingKind, entry: int, case: TestCase) -> Path:
        path = self.finding_folder(kind) / entry_name(entry)
        case.dump(path)
        self.stored += stored_bytes(path)
        return path

    def measure_stored(self) -> int:
        """Bytes the queue entries and findings take now, read from the disk."""
        folders = [self.queue, *(self.finding_folder(kind) for kind in FindingKind)]
        return sum(stored_bytes(path) for folder in folders if folder.is_dir() for path in folder.glob("id_*"))

    def remove_queue_entry(self, entry: int) -> None:
        """Delete a queue entry's folder (the disk bound's last resort, for retired entries)."""
        path = self.queue / entry_name(entry)
        try:
            self.stored -= stored_bytes(path)
        except OSError:
            return
        shutil.rmtree(path, ignore_errors=True)

    def save_internal_error(self, case: TestCase) -> Path:
        """Save a test the worker could not run, under the next free id."""
        last = max((entry_id(path) for path in self.internal_errors.glob("id_*")), default=0)
        path = self.internal_errors / entry_name(last + 1)
        case.dump(path)
        return path

    def load_entries(self, folder: Path) -> list[tuple[int, TestCase]]:
        """Complete entries of `folder`, by id; half-written ones (temporary names) are skipped."""
        entries = []
        for number in self.entry_ids(folder):
            try:
                entries.append((number, TestCase.load(folder / entry_name(number))))
            except TestCaseError:
                continue
        return entries

    @staticmethod
    def entry_ids(folder: Path) -> list[int]:
        """The ids of the entry folders of `folder` (id_NNNNNN), sorted, without reading them."""
        return sorted(int(name[3:]) for name in os.listdir(folder) if name.startswith("id_") and name[3:].isdigit())

    def findings(self, kind: FindingKind) -> list[Path]:
        return sorted(self.finding_folder(kind).glob("id_*"))

    def count_findings(self) -> dict[FindingKind, int]:
        return {kind: len(self.findings(kind)) for kind in FindingKind}

    def max_finding_id(self) -> int:
        return max((entry_id(path) for kind in FindingKind for path in self.findings(kind)), default=0)

    def worker_log(self, name: str) -> Path:
        return self.workers / f"{name}.log"

    def save_signatures(self, signatures: dict[str, Any]) -> None:
        write_json(self.signatures, signatures)

    def load_signatures(self) -> dict[str, Any]:
        return load_signatures(self.root)


def load_signatures(root: Path) -> dict[str, Any]:
    """signatures.json of the campaign in `root`: signature -> kind, hits, first/last seen, examples."""
    try:
        data = json.loads((Path(root) / "signatures.json").read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


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
