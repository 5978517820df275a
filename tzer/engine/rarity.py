"""How often each block has been reached, and which pool entries lead to the rarest (AFL++'s `rare`
schedule, FairFuzz's rare branches).

A block that few tests reach lies on the frontier of what the campaign knows: the entry that first
reached it is the likeliest to lead past it. Each entry remembers up to RARE_BLOCKS of the blocks it
brought to the campaign; an entry whose least-reached block is reached no more often than the rarity
cutoff (the smallest power of two at or above the pool's least-reached count, as in FairFuzz) is
picked RARE_BOOST times as often as the others.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

RARE_BLOCKS = 16
RARE_BOOST = 4.0


class BlockFrequency:
    """Tests that reached each block some pool entry leads to, since that entry joined the pool.

    Only those blocks are counted: a test reaches hundreds of thousands of blocks, and counting
    them all would cost the parent process more than a selection gains. Each was new when its entry
    joined the pool, so no earlier test had reached it and nothing is missed.
    """

    def __init__(self, size: int) -> None:
        self.counts = np.zeros(size, np.uint32)
        self.watched = np.zeros(size, bool)

    def watch(self, blocks: Sequence[int]) -> None:
        self.watched[np.asarray(blocks, dtype=np.int64)] = True

    def observe(self, hits: Any) -> None:
        if hits is not None and len(hits):
            indices = np.asarray(hits, dtype=np.int64)
            self.counts[indices[self.watched[indices]]] += 1

    def save(self, path: Path) -> None:
        """Write the counts of the reached blocks (rarity.npz, for --resume), atomically."""
        reached = np.flatnonzero(self.counts)
        tmp = path.with_name(f".{path.name}.tmp")
        with open(tmp, "wb") as handle:
            np.savez(handle, blocks=reached, counts=self.counts[reached])
        os.replace(tmp, path)

    def load(self, path: Path) -> None:
        """Restore the counts `save` wrote; a missing or unreadable file leaves them at zero."""
        try:
            with np.load(path) as saved:
                blocks, counts = saved["blocks"].astype(np.int64), saved["counts"]
        except (OSError, KeyError, ValueError):
            return
        inside = blocks < len(self.counts)
        self.counts[blocks[inside]] = counts[inside]

    def boosts(self, table: RareTable) -> np.ndarray:
        """Each entry's selection factor: RARE_BOOST where it leads to one of the rarest blocks."""
        rows, lengths = table.rows[:table.size], table.lengths[:table.size]
        known = lengths > 0
        if not known.any():
            return np.ones(table.size)
        # A row's padding (block 0) counts as never rare.
        counts = self.counts[rows].astype(np.int64)
        counts[np.arange(RARE_BLOCKS) >= lengths[:, None]] = np.iinfo(np.int64).max
        least = counts.min(axis=1)
        cutoff = 1 << max(0, int(least[known].min()) - 1).bit_length()
        return np.where(known & (least <= cutoff), RARE_BOOST, 1.0)


class RareTable:
    """The rare blocks of each pool entry, one padded row per entry in pool order: the parent picks
    a seed per test, and a per-entry loop over 8,000 entries took 24 ms of each pick
    (experiments/bench_select.py)."""

    def __init__(self) -> None:
        self.rows = np.zeros((64, RARE_BLOCKS), np.int64)
        self.lengths = np.zeros(64, np.int64)
        self.size = 0

    def append(self, blocks: Sequence[int]) -> None:
        self.extend([blocks])

    def extend(self, rows: Sequence[Sequence[int]]) -> None:
        """Append many entries' blocks at once."""
        needed = self.size + len(rows)
        if needed > len(self.rows):
            capacity = max(needed, 2 * len(self.rows))
            grown = np.zeros((capacity, RARE_BLOCKS), np.int64)
            grown[:self.size] = self.rows[:self.size]
            lengths = np.zeros(capacity, np.int64)
            lengths[:self.size] = self.lengths[:self.size]
            self.rows, self.lengths = grown, lengths
        for offset, blocks in enumerate(rows):
            kept = blocks[:RARE_BLOCKS]
            self.rows[self.size + offset, :len(kept)] = kept
            self.lengths[self.size + offset] = len(kept)
        self.size = needed

    def keep(self, mask: np.ndarray) -> None:
        """Keep the rows where `mask` is True, in order."""
        kept = int(mask.sum())
        self.rows[:kept] = self.rows[:self.size][mask]
        self.lengths[:kept] = self.lengths[:self.size][mask]
        self.size = kept
