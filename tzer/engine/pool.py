"""The seed pool of (F, P, N) triples and how the next seed is chosen.

Selection is weighted by a per-seed energy: a seed whose mutants found new coverage gains
energy, and each fruitless pick costs some. Seeds that paid off recently are tried more often,
as in AFL's favoured entries, while a fresh seed always keeps a fair chance (energy starts at 1,
and never drops below a floor).
"""

from __future__ import annotations

import random

from tzer.vocabulary import Seed

ENERGY_GAIN = 1.0
ENERGY_DECAY = 0.9
ENERGY_FLOOR = 0.05


class SeedPool:
    def __init__(self) -> None:
        self.seeds: list[Seed] = []
        self.by_id: dict[int, Seed] = {}

    def __len__(self) -> int:
        return len(self.seeds)

    def add(self, seed: Seed) -> None:
        self.seeds.append(seed)
        self.by_id[seed.id] = seed

    def remove(self, seed: Seed) -> None:
        self.seeds.remove(seed)
        del self.by_id[seed.id]

    def select(self, rng: random.Random) -> Seed:
        seed = rng.choices(self.seeds, weights=[s.energy for s in self.seeds])[0]
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
