"""Campaigns that share their queues, as AFL's `-M/-S` instances do through a sync dir.

Every campaign folder beside this one (`sync/node1`, `sync/node2`, ... for `-o sync/node1`) is a
sibling. Now and then a campaign run with `--sync` reads each sibling's queue/ from where it left
off, and takes the entries the sibling favours (favoured.npz; entries queued after its last save
count as favoured). The engine runs each once, with its own passes and target, and keeps it only
where it reaches code this campaign has not: a sibling's progress costs one test per entry, not a
rediscovery. Only the sibling writes its folder; readers skip half-written entries, as resume does.
On machines that share the sync folder (NFS) this is how a cluster's nodes share their finds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tzer.campaign.folder import CampaignFolder, entry_name
from tzer.campaign.testcase import TestCase, TestCaseError

ALL_PEERS = 8


@dataclass
class SyncedEntry:
    node: str
    entry_id: int
    case: TestCase


def favoured_in(folder: Path) -> tuple[set[int], int] | None:
    """The entries a sibling favours and the last entry its favoured.npz had seen; None where it has
    no such file yet (then every entry counts)."""
    try:
        with np.load(folder / "favoured.npz") as saved:
            return set(np.unique(saved["owner"]).tolist()), int(saved["known_through"])
    except (OSError, KeyError, ValueError):
        return None


def siblings(root: Path) -> list[Path]:
    """The campaign folders this one reads: all others in the sync folder up to ALL_PEERS of them;
    beyond, those 1, 2, 4, 8, ... places after it in name order. What a campaign keeps from a
    sibling joins its own queue, where its readers find it: an entry reaches every campaign in
    log2(n) syncs, and each campaign reads log2(n) queues, not n."""
    root = root.resolve()
    campaigns = sorted(path for path in root.parent.iterdir()
                       if path.is_dir() and (path / "queue").is_dir() or path == root)
    others = [path for path in campaigns if path != root]
    if len(others) <= ALL_PEERS:
        return others
    me = campaigns.index(root)
    offsets = [1 << k for k in range((len(campaigns) - 1).bit_length())]
    return [campaigns[(me + offset) % len(campaigns)] for offset in offsets]


def new_entries(root: Path, cursors: dict[str, int]) -> Iterator[SyncedEntry]:
    """The favoured TIR entries each sibling read queued after `cursors[name]`, which advance as read."""
    for sibling in siblings(root):
        folder = CampaignFolder(sibling)
        favoured = favoured_in(sibling)
        last = cursors.get(sibling.name, 0)
        for entry_id in folder.entry_ids(folder.queue):
            if entry_id <= last:
                continue
            cursors[sibling.name] = max(cursors.get(sibling.name, 0), entry_id)
            if favoured is not None and entry_id <= favoured[1] and entry_id not in favoured[0]:
                continue
            try:
                case = TestCase.load(folder.queue / entry_name(entry_id))
            except TestCaseError:
                continue
            if case.case is None:  # analysis cases stay with their campaign
                yield SyncedEntry(sibling.name, entry_id, case)
