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
from typing import TypeVar

import numpy as np

from tzer.engine.favoured import Favoured
from tzer.engine.rarity import RARE_BOOST, BlockFrequency, RareTable
from tzer.engine.sumtree import SumTree
from tzer.vocabulary import Seed

ENERGY_GAIN = 1.0
ENERGY_DECAY = 0.9
ENERGY_FLOOR = 0.05
SPEED_LIMIT = 4.0
# Speed and rarity are computed again after len(pool) / REFRESH_SHARE picks.
REFRESH_SHARE = 64

T = TypeVar("T")


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


def take_touched(touched: set[int], by_id: dict[int, T]) -> list[T]:
    """The entries of `by_id` named in `touched`, in id order; `touched` is emptied."""
    taken = [by_id[i] for i in sorted(touched) if i in by_id]
    touched.clear()
    return taken


class SeedPool:
    """The pool, and a sum tree of each entry's weight (energy x speed x rarity) in pool order.

    A change of energy updates its entry's weight at once. Speed and rarity depend on the whole
    pool (its mean duration, its least-reached blocks): they are computed again, for every entry at
    once, after a number of picks that grows with the pool (REFRESH_SHARE of it), so that a pick
    costs the same at any pool size. A new entry starts with its speed against the last mean and
    the rarity boost when it brought blocks: those are new to the campaign, reached by no test yet.
    """

    def __init__(self, timed: bool = True, frequency: BlockFrequency | None = None,
                 favoured: Favoured | None = None) -> None:
        self.timed = timed
        self.frequency = frequency
        self.favoured = favoured
        self.seeds: list[Seed] = []
        self.by_id: dict[int, Seed] = {}
        self.position: dict[int, int] = {}
        self.rare = RareTable()
        self.tree = SumTree()
        self.factors: list[float] = []  # speed x rarity of each entry, as of the last refresh
        self.mean_duration = 0.0
        self.picks_since_refresh = 0
        self.stale = True
        self.touched: set[int] = set()  # ids picked or added since take_touched()

    def __len__(self) -> int:
        return len(self.seeds)

    def add(self, seed: Seed) -> None:
        self.touched.add(seed.id)
        self.position[seed.id] = len(self.seeds)
        self.seeds.append(seed)
        self.by_id[seed.id] = seed
        self.rare.append(seed.rare_blocks)
        if self.frequency is not None:
            self.frequency.watch(seed.rare_blocks)
        factor = 1.0
        if self.timed and seed.duration > 0 and self.mean_duration > 0:
            factor = min(SPEED_LIMIT, max(1 / SPEED_LIMIT, self.mean_duration / seed.duration))
        if self.frequency is not None and seed.rare_blocks:
            factor *= RARE_BOOST
        self.factors.append(factor)
        self.tree.append(seed.energy * factor * self.live(seed))

    def extend(self, seeds: list[Seed]) -> None:
        """Add many entries at once, as the journal holds them (a resumed pool): their weights are
        computed at the next pick, and they count as touched only once picked."""
        for seed in seeds:
            self.position[seed.id] = len(self.seeds)
            self.seeds.append(seed)
            self.by_id[seed.id] = seed
        self.rare.extend([seed.rare_blocks for seed in seeds])
        if self.frequency is not None:
            self.frequency.watch([block for seed in seeds for block in seed.rare_blocks])
        self.factors.extend([1.0] * len(seeds))
        self.tree.rebuild(np.zeros(len(self.seeds)))
        self.stale = True

    def remove(self, seed: Seed) -> None:
        self.discard({seed.id})

    def discard(self, ids: set[int]) -> None:
        """Remove entries (a bad seed; retired entries pruned for the disk bound): one pass over the pool."""
        keep = [seed.id not in ids for seed in self.seeds]
        self.seeds = [seed for seed, kept in zip(self.seeds, keep, strict=True) if kept]
        self.factors = [factor for factor, kept in zip(self.factors, keep, strict=True) if kept]
        self.rare.keep(np.array(keep, bool))
        self.by_id = {seed.id: seed for seed in self.seeds}
        self.position = {seed.id: index for index, seed in enumerate(self.seeds)}
        self.stale = True

    def refresh(self) -> None:
        """Every entry's weight from its energy, speed and rarity now."""
        count = len(self.seeds)
        factors = np.ones(count)
        if self.timed:
            durations = np.fromiter((s.duration for s in self.seeds), float, count)
            factors *= speeds(durations)
            timed = durations[durations > 0].tolist()
            self.mean_duration = sum(timed) / len(timed) if timed else 0.0
        if self.frequency is not None:
            factors *= self.frequency.boosts(self.rare)
        self.factors = factors.tolist()
        weights = np.fromiter((s.energy * self.live(s) for s in self.seeds), float, count)
        self.tree.rebuild(weights * factors)
        self.picks_since_refresh = 0
        self.stale = False

    def select(self, rng: random.Random) -> Seed:
        """A seed drawn by weight (energy, speed, rarity), as `rng.choices` draws: one `random()`."""
        if self.stale or self.picks_since_refresh * REFRESH_SHARE >= len(self.seeds):
            self.refresh()
        self.picks_since_refresh += 1
        total = self.tree.total()
        if total <= 0:  # every entry retired: none is the cheapest test of a block
            seed = self.seeds[int(rng.random() * len(self.seeds))]
        else:
            seed = self.seeds[self.tree.find(rng.random() * total)]
        seed.picks += 1
        self.touched.add(seed.id)
        return seed

    def take_touched(self) -> list[Seed]:
        """The entries picked or added since the last call: only their state can have changed."""
        return take_touched(self.touched, self.by_id)

    def other(self, rng: random.Random, seed: Seed) -> Seed | None:
        """A second seed for crossover, uniformly among the others."""
        if len(self.seeds) < 2:
            return None
        while True:
            candidate = rng.choice(self.seeds)
            if candidate is not seed:
                return candidate

    def live(self, seed: Seed) -> float:
        """1 for a seed selection may pick, 0 for one retired (favoured.py)."""
        return 1.0 if self.favoured is None or self.favoured.is_favoured(seed.id) else 0.0

    def offer(self, seed: Seed, hits: object) -> None:
        """Let `seed`, joining the pool, own the blocks it reaches most cheaply; entries that lose
        their last block stop being picked."""
        if self.favoured is None:
            return
        cost = max(seed.duration, 1e-6) * max(len(seed.script), 1)
        for retired in self.favoured.offer(seed.id, cost, hits):
            index = self.position.get(retired)
            if index is not None:
                self.tree.set(index, 0.0)

    def rewarded(self, seed: Seed) -> None:
        seed.finds += 1
        seed.energy += ENERGY_GAIN
        self._reweigh(seed)

    def unrewarded(self, seed: Seed) -> None:
        seed.energy = max(ENERGY_FLOOR, seed.energy * ENERGY_DECAY)
        self._reweigh(seed)

    def _reweigh(self, seed: Seed) -> None:
        index = self.position.get(seed.id)
        if index is not None:
            self.tree.set(index, seed.energy * self.factors[index] * self.live(seed))
