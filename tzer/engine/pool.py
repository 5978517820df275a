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

from tzer.engine.rarity import BlockFrequency
from tzer.vocabulary import Seed

ENERGY_GAIN = 1.0
ENERGY_DECAY = 0.9
ENERGY_FLOOR = 0.05
SPEED_LIMIT = 4.0


def speed(seed: Seed, mean: float) -> float:
    """How much faster than the mean the seed's test ran (1 when either is unknown), bounded."""
    if seed.duration <= 0 or mean <= 0:
        return 1.0
    return min(SPEED_LIMIT, max(1 / SPEED_LIMIT, mean / seed.duration))


class SeedPool:
    def __init__(self, timed: bool = True, frequency: BlockFrequency | None = None) -> None:
        self.timed = timed
        self.frequency = frequency
        self.seeds: list[Seed] = []
        self.by_id: dict[int, Seed] = {}

    def __len__(self) -> int:
        return len(self.seeds)

    def add(self, seed: Seed) -> None:
        self.seeds.append(seed)
        self.by_id[seed.id] = seed
        if self.frequency is not None:
            self.frequency.watch(seed.rare_blocks)

    def remove(self, seed: Seed) -> None:
        self.seeds.remove(seed)
        del self.by_id[seed.id]

    def select(self, rng: random.Random) -> Seed:
        timed = [s.duration for s in self.seeds if s.duration > 0] if self.timed else []
        mean = sum(timed) / len(timed) if timed else 0.0
        rarity = self.frequency.boosts([s.rare_blocks for s in self.seeds]) if self.frequency else \
            [1.0] * len(self.seeds)
        weights = [s.energy * speed(s, mean) * boost for s, boost in zip(self.seeds, rarity, strict=True)]
        seed = rng.choices(self.seeds, weights=weights)[0]
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
