"""The seed pool: energy-weighted selection, rewards and the crossover partner."""

import random
from collections import Counter

from tzer.engine.pool import ENERGY_FLOOR, SeedPool
from tzer.engine.rarity import RARE_BOOST, BlockFrequency
from tzer.vocabulary import Seed


def _pool(n):
    pool = SeedPool()
    for i in range(n):
        pool.add(Seed(id=i, script=f"s{i}", passes=[]))
    return pool


def test_rewarded_seeds_are_picked_more_often():
    pool = _pool(3)
    for _ in range(5):
        pool.rewarded(pool.by_id[0])
    rng = random.Random(1)
    picks = Counter(pool.select(rng).id for _ in range(3000))
    assert picks[0] > 3 * picks[1] and picks[0] > 3 * picks[2]
    assert pool.by_id[0].picks == picks[0] and pool.by_id[0].finds == 5


def test_fruitless_picks_decay_energy_down_to_a_floor():
    pool = _pool(1)
    seed = pool.by_id[0]
    for _ in range(200):
        pool.unrewarded(seed)
    assert seed.energy == ENERGY_FLOOR


def test_other_is_never_the_seed_itself_and_none_when_alone():
    pool = _pool(2)
    rng = random.Random(0)
    assert all(pool.other(rng, pool.by_id[0]) is pool.by_id[1] for _ in range(20))
    assert _pool(1).other(rng, Seed(id=0, script="", passes=[])) is None


def test_remove_forgets_the_seed():
    pool = _pool(2)
    pool.remove(pool.by_id[0])
    assert len(pool) == 1 and 0 not in pool.by_id and pool.select(random.Random(0)).id == 1


def test_seeds_that_lead_to_the_rarest_blocks_are_picked_more_often():
    frequency = BlockFrequency(100)
    pool = SeedPool(frequency=frequency)
    for i, blocks in enumerate(([1, 2], [3], [])):
        pool.add(Seed(id=i, script=f"s{i}", passes=[], rare_blocks=blocks))
    # Block 1 is reached by one test, 2 by five and 3 by four: seed 0 leads to the rarest block.
    for hits in ([1, 2, 3], [2, 3], [2, 3], [2, 3], [2]):
        frequency.observe(hits)
    assert frequency.least_reached([1, 2]) == 1 and frequency.least_reached([3]) == 4
    assert frequency.boosts([s.rare_blocks for s in pool.seeds]) == [RARE_BOOST, 1.0, 1.0]
    rng = random.Random(2)
    picks = Counter(pool.select(rng).id for _ in range(3000))
    assert picks[0] > 3 * picks[1] and picks[0] > 3 * picks[2]
    # Once other tests reach block 1 as often, the cutoff (a power of two) covers both seeds.
    for _ in range(3):
        frequency.observe([1])
    assert frequency.boosts([s.rare_blocks for s in pool.seeds]) == [RARE_BOOST, RARE_BOOST, 1.0]


def test_without_rarity_every_seed_of_equal_energy_is_as_likely():
    pool = _pool(2)
    pool.by_id[0].rare_blocks = [5]
    rng = random.Random(3)
    picks = Counter(pool.select(rng).id for _ in range(4000))
    assert abs(picks[0] - picks[1]) < 400
