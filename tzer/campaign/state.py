"""state.json: what --resume needs beyond the queue and the findings (written atomically).

The pool's per-seed counters (stall, energy, ...), the campaign counters, the noise filter, the
RNG, and the initial seeds not run yet, which are re-read from their source by name.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tzer.campaign.files import write_json

STATE_VERSION = 1


@dataclass
class CampaignState:
    start_time: float
    counters: dict[str, Any] = field(default_factory=dict)
    rng: Any = None  # random.Random.getstate()
    pool: list[dict[str, Any]] = field(default_factory=list)  # Seed.state() of each pool entry
    seed_source: str | None = None
    pending: list[dict[str, Any]] = field(default_factory=list)  # Seed.state() of initial seeds not run
    problem: str = ""  # why the file could not be read, when it could not (then the rest is empty)

    def save(self, path: Path) -> None:
        version, internal, gauss = self.rng
        write_json(path, {"version": STATE_VERSION, "start_time": self.start_time, "counters": self.counters,
                          "rng": [version, list(internal), gauss],
                          "pool": self.pool, "seed_source": self.seed_source, "pending": self.pending},
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
        return cls(start_time=data.get("start_time", default_start), counters=data.get("counters", {}),
                   rng=rng, pool=data.get("pool", []),
                   seed_source=data.get("seed_source"), pending=data.get("pending", []), problem=problem)

    def restore_rng(self, rng: random.Random) -> None:
        if self.rng is not None:
            rng.setstate(self.rng)
