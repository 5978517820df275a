"""Favoured queue entries: for every block the queue reaches, the cheapest entry that reaches it
(AFL's `top_rated`, kept as each entry joins the queue).

An entry's cost is its test's duration times the length of its function, as AFL's is exec time
times input length. The favoured set is every entry that is the cheapest of at least one block, so
it covers every block the queue covers by construction. An entry that is the cheapest of no block
any more is retired from selection: it stays in queue/, and `tzer cmin` still sees it.

An entry's blocks are the hits its test reported. Under `--coverage breakpoint` a block reports
once per worker process, so those are the blocks the test reached first in its worker: the same
blocks the campaign counts as its coverage, and the cheapest entry is chosen among the few (one
per worker and restart) that reported a block. Under `sancov` they are the whole trace.

AFL culls `top_rated` further, greedily, with each favoured entry's whole trace; the parent keeps
no trace per entry, so the set is not reduced below one entry per block's cheapest test.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np

NO_ENTRY = -1


class Favoured:
    """The cheapest entry of every reached block, and how many blocks each entry is the cheapest of."""

    def __init__(self, size: int) -> None:
        self.owner = np.full(size, NO_ENTRY, np.int32)
        self.cost = np.full(size, np.inf, np.float32)
        self.owned: dict[int, int] = {}
        # The last entry the saved map had seen: an entry after it, which joined the queue after the
        # last save, is not known to own nothing and stays selectable. None: every entry is known.
        self.known_through: int | None = None
        self.last_offered = NO_ENTRY
        self.count = 0  # entries that own at least one block
        self.blocks = 0  # blocks some entry owns: every block of every queue entry

    def offer(self, entry_id: int, cost: float, hits: Any) -> list[int]:
        """Make entry `entry_id` the owner of each block in `hits` it reaches more cheaply than
        the owner so far. Returns the entries that lost their last block."""
        blocks = np.asarray(hits if hits is not None else (), dtype=np.int64)
        taken = blocks[self.cost[blocks] > cost]
        previous = self.owner[taken]
        self.blocks += int(np.count_nonzero(previous == NO_ENTRY))
        self.last_offered = max(self.last_offered, entry_id)
        self.owner[taken] = entry_id
        self.cost[taken] = cost
        retired = []
        losers, lost = np.unique(previous[previous != NO_ENTRY], return_counts=True)
        for loser, blocks_lost in zip(losers.tolist(), lost.tolist(), strict=True):
            left = self.owned.get(loser, blocks_lost) - blocks_lost
            self.owned[loser] = left
            if left == 0:
                self.count -= 1
                retired.append(loser)
        before = self.owned.get(entry_id, 0)
        self.owned[entry_id] = before + len(taken)
        self.count += before == 0 and len(taken) > 0
        return retired

    def is_favoured(self, entry_id: int) -> bool:
        owned = self.owned.get(entry_id)
        if owned is None:
            return self.known_through is not None and entry_id > self.known_through
        return owned > 0

    def save(self, path: Path) -> None:
        """Write the owner and cost of every owned block (favoured.npz, for --resume), atomically."""
        blocks = np.flatnonzero(self.owner != NO_ENTRY).astype(np.int32)
        tmp = path.with_name(f".{path.name}.tmp")
        with open(tmp, "wb") as handle:
            np.savez(handle, blocks=blocks, owner=self.owner[blocks], cost=self.cost[blocks],
                     known_through=np.int64(self.last_offered))
        os.replace(tmp, path)

    def load(self, path: Path) -> None:
        """Restore what `save` wrote. Without the file (a campaign from before favoured entries, or
        one stopped before its first save) nothing is known, and no entry is retired."""
        try:
            with np.load(path) as saved:
                blocks, owner, cost = saved["blocks"].astype(np.int64), saved["owner"], saved["cost"]
                self.known_through = self.last_offered = int(saved["known_through"])
        except (OSError, KeyError, ValueError):
            self.known_through = NO_ENTRY
            return
        inside = blocks < len(self.owner)
        self.owner[blocks[inside]] = owner[inside]
        self.cost[blocks[inside]] = cost[inside]
        owners, counts = np.unique(owner[inside], return_counts=True)
        self.owned = dict(zip(owners.tolist(), counts.tolist(), strict=True))
        self.count = len(self.owned)
        self.blocks = int(np.count_nonzero(inside))
