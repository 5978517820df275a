"""How often each block has been reached, and which pool entries lead to the rarest (AFL++'s `rare`
schedule, FairFuzz's rare branches).

A block that few tests reach lies on the frontier of what the campaign knows: the entry that first
reached it is the likeliest to lead past it. Each entry remembers up to RARE_BLOCKS of the blocks it
brought to the campaign; an entry whose least-reached block is reached no more often than the rarity
cutoff (the smallest power of two at or above the pool's least-reached count, as in FairFuzz) is
picked RARE_BOOST times as often as the others.
"""

from __future__ import annotations

from collections.abc import Sequence
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

    def least_reached(self, blocks: Sequence[int]) -> int:
        """The fewest tests that reached any of the blocks (0 for none)."""
        return int(self.counts[np.asarray(blocks, dtype=np.int64)].min()) if len(blocks) else 0

    def boosts(self, entries: Sequence[Sequence[int]]) -> list[float]:
        """Each entry's selection factor: RARE_BOOST where it leads to one of the rarest blocks."""
        least = [self.least_reached(blocks) if len(blocks) else None for blocks in entries]
        known = [count for count in least if count is not None]
        if not known:
            return [1.0] * len(entries)
        cutoff = 1 << max(0, min(known) - 1).bit_length()
        return [RARE_BOOST if count is not None and count <= cutoff else 1.0 for count in least]

