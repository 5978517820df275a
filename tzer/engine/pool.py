"""The seed pool of (F, P, N) triples and how the next seed is chosen.

Selection is weighted by a per-seed energy: a seed whose mutants found new coverage gains
energy, and each fruitless pick costs some. Seeds that paid off recently are tried more often,
as in AFL's favoured entries, while a fresh seed always keeps a fair chance (energy starts at 1,
and never drops below a floor). As AFL's performance score does, a seed whose test ran faster
than the pool's mean is picked more often, a slower one less (within SPEED_LIMIT times), and a seed
that leads to the campaign's rarest blocks more often again (tzer/engine/rarity.py). Without
feedback the pool ignores timings and rarity, so that a seeded run without feedback repeats itself
exactly.
"""

from __future__ import annotations

import random

import numpy as np

from tzer.engine.rarity import BlockFrequency, RareTable
from tzer.vocabulary import Seed

ENERGY_GAIN = 1.0
ENERGY_DECAY = 0.9
ENERGY_FLOOR = 0.05
SPEED_LIMIT = 4.0


def speeds(durations: np.ndarray) -> np.ndarray:
    """How much faster than the mean each seed's test ran (1 where unknown), bounded."""
    timed = durations > 0
    if not timed.any():
        return np.ones(len(durations))
    known = durations[timed].tolist()
    # Summed in order, as Python's sum does: the weights, and so the picks, do not depend on numpy's
    # pairwise summation.
    ratio = (sum(known) / len(known)) / np.where(timed, durations, 1.0)
    return np.where(timed, np.clip(ratio, 1 / SPEED_LIMIT, SPEED_LIMIT), 1.0)


class SeedPool:
    def __init__(self, timed: bool = True, frequency: BlockFrequency | None = None) -> None:
        self.timed = timed
        self.frequency = frequency
        self.seeds: list[Seed] = []
        self.by_id: dict[int, Seed] = {}
        self.rare = RareTable()

    def __len__(self) -> int:
        return len(self.seeds)

    def add(self, seed: Seed) -> None:
        self.seeds.append(seed)
        self.by_id[seed.id] = seed
        self.rare.append(seed.rare_blocks)
        if self.frequency is not None:
            self.frequency.watch(seed.rare_blocks)

    def remove(self, seed: Seed) -> None:
        index = self.seeds.index(seed)
        del self.seeds[index]
        del self.by_id[seed.id]
        self.rare.remove(index)

    def select(self, rng: random.Random) -> Seed:
        """A seed drawn by weight (energy, speed, rarity), as `rng.choices` draws: one `random()`."""
        count = len(self.seeds)
        weights = np.fromiter((s.energy for s in self.seeds), float, count)
        if self.timed:
            weights *= speeds(np.fromiter((s.duration for s in self.seeds), float, count))
        if self.frequency is not None:
            weights *= self.frequency.boosts(self.rare)
        cumulative = np.cumsum(weights)
        index = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
        seed = self.seeds[min(index, count - 1)]
        seed.picks += 1
        return seed

    def other(self, rng: random.Random, seed: Seed) -> Seed | None:
        """A second seed for crossover, uniformly among the others."""
        if len(self.seeds) < 2:
            return None
        while True:
            candidate = rng.choice(self.seeds)
            if candidate is not seed:
                return candidate

    @staticmethod
    def rewarded(seed: Seed) -> None:
        seed.finds += 1
        seed.energy += ENERGY_GAIN

    @staticmethod
    def unrewarded(seed: Seed) -> None:
        seed.energy = max(ENERGY_FLOOR, seed.energy * ENERGY_DECAY)
