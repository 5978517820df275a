"""What picking the next seed costs the parent process as the pool grows.

The parent picks one seed per test; with 2 workers at ~18 tests/s (a 30-minute campaign ends
with ~8,600 entries) a pick that takes tens of milliseconds takes a core's share from the workers.
This builds pools of N synthetic entries, each with RARE_BLOCKS rare blocks and a duration, feeds
the block frequencies as tests would, and times `SeedPool.select`.

    python experiments/bench_select.py [--sizes 1000,4000,8000] [--picks 200]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from tzer.engine.pool import SeedPool
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
    parser.add_argument("--sizes", default="1000,4000,8000")
    parser.add_argument("--picks", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(0)
    for size in (int(s) for s in args.sizes.split(",")):
        pool = pool_of(size, rng)
        started = time.perf_counter()
        for _ in range(args.picks):
            pool.select(rng)
        per_pick = (time.perf_counter() - started) / args.picks
        print(f"pool of {size:>6} entries: {per_pick * 1000:8.2f} ms per pick")


if __name__ == "__main__":
    main()
