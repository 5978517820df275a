"""state.json: what --resume needs beyond the queue and the findings (written atomically).

The campaign counters, the RNG, the initial seeds not run yet (re-read from their source by name),
and where the pool journal's complete part ends (tzer/campaign/journal.py: the pool's per-seed
counters, stall, energy, ...). A state.json of version 1 held the pool's counters itself.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tzer.campaign.files import write_json
from tzer.campaign.journal import PoolJournal

STATE_VERSION = 2


@dataclass
class CampaignState:
    start_time: float
    counters: dict[str, Any] = field(default_factory=dict)
    rng: Any = None  # random.Random.getstate()
    pool: list[dict[str, Any]] = field(default_factory=list)  # Seed.state() of each pool entry, as loaded
    journal: dict[str, int] = field(default_factory=dict)  # PoolJournal.position() at the save
    seed_source: str | None = None
    pending: list[dict[str, Any]] = field(default_factory=list)  # Seed.state() of initial seeds not run
    synced: dict[str, int] = field(default_factory=dict)  # sibling folder -> last entry read (--sync)
    problem: str = ""  # why the file could not be read, when it could not (then the rest is empty)

    def save(self, path: Path) -> None:
        version, internal, gauss = self.rng
        write_json(path, {"version": STATE_VERSION, "start_time": self.start_time, "counters": self.counters,
                          "rng": [version, list(internal), gauss],
                          "journal": self.journal, "seed_source": self.seed_source, "pending": self.pending,
                          "synced": self.synced},
                   compact=True)

    @classmethod
    def load(cls, path: Path, default_start: float) -> CampaignState:
        """The saved state; an empty one (fresh counters) when the file is missing or unreadable,
        which then says why in `problem`."""
        problem = ""
        try:
            data = json.loads(path.read_text())
        except FileNotFoundError:
            data, problem = {}, f"{path} is missing"
        except (OSError, ValueError) as error:
            data, problem = {}, f"{path} is unreadable ({type(error).__name__}: {error})"
        if not isinstance(data, dict):
            data, problem = {}, f"{path} does not hold a JSON object"
        rng = None
        if "rng" in data:
            version, internal, gauss = data["rng"]
            rng = (version, tuple(internal), gauss)
        journal = data.get("journal") if isinstance(data.get("journal"), dict) else {}
        pool = data.get("pool", [])
        if journal:
            pool = list(PoolJournal.from_position(path.parent, journal).read().values())
        return cls(start_time=data.get("start_time", default_start), counters=data.get("counters", {}),
                   rng=rng, pool=pool, journal=journal,
                   seed_source=data.get("seed_source"), pending=data.get("pending", []),
                   synced=data.get("synced", {}), problem=problem)

    def restore_rng(self, rng: random.Random) -> None:
        if self.rng is not None:
            rng.setstate(self.rng)
