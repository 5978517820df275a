"""What picking the next seed costs the parent process as the pool grows.

The parent picks one seed per test; with 2 workers at ~18 tests/s (a 30-minute campaign ends
with ~8,600 entries) a pick that takes tens of milliseconds takes a core's share from the workers.
This builds pools of N synthetic entries, each with RARE_BLOCKS rare blocks and a duration, feeds
the block frequencies as tests would, and times what the parent does with the pool per test: a pick,
the reward or penalty of the picked seed, and the test's hits counted for rarity. A pool computes
speed and rarity again every len(pool) / REFRESH_SHARE picks, so each size runs at least three of
those periods after a first pick, and the cost per test includes them.

    python experiments/bench_select.py [--sizes 5000,50000,500000] [--picks 2000]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from tzer.engine.pool import REFRESH_SHARE, SeedPool
from tzer.engine.rarity import RARE_BLOCKS, BlockFrequency
from tzer.vocabulary import Seed

MAP_SIZE = 2_000_000


def pool_of(size: int, rng: random.Random) -> SeedPool:
    frequency = BlockFrequency(MAP_SIZE)
    pool = SeedPool(timed=True, frequency=frequency)
    for i in range(size):
        blocks = rng.sample(range(MAP_SIZE), RARE_BLOCKS)
        pool.add(Seed(id=i, script="", passes=[], duration=rng.uniform(0.02, 0.3), rare_blocks=blocks))
    watched = np.flatnonzero(frequency.watched)
    for _ in range(200):
        frequency.observe(np.random.default_rng(rng.randrange(2**32)).choice(watched, 500))
    return pool


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="5000,50000,500000")
    parser.add_argument("--picks", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(0)
    for size in (int(s) for s in args.sizes.split(",")):
        pool = pool_of(size, rng)
        hits = np.random.default_rng(1).choice(np.flatnonzero(pool.frequency.watched), 500)
        pool.select(rng)
        picks = max(args.picks, 3 * size // REFRESH_SHARE)
        started = time.perf_counter()
        for index in range(picks):
            seed = pool.select(rng)
            if index % 8:
                pool.unrewarded(seed)
            else:
                pool.rewarded(seed)
            pool.frequency.observe(hits)
        per_test = (time.perf_counter() - started) / picks
        print(f"pool of {size:>6} entries: {per_test * 1000:8.3f} ms per test (pick, energy, rarity), {picks} tests")


if __name__ == "__main__":
    main()
