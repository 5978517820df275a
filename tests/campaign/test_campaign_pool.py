"""The seed pool: energy-weighted selection, rewards and the crossover partner."""

import bisect
import itertools
import random
from collections import Counter

import numpy as np

from tzer.engine.pool import ENERGY_FLOOR, REFRESH_SHARE, SPEED_LIMIT, SeedPool
from tzer.engine.rarity import RARE_BLOCKS, RARE_BOOST, BlockFrequency
from tzer.engine.sumtree import SumTree
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
    assert _least_reached(frequency, [1, 2]) == 1 and _least_reached(frequency, [3]) == 4
    assert frequency.boosts(pool.rare).tolist() == [RARE_BOOST, 1.0, 1.0]
    rng = random.Random(2)
    picks = Counter(pool.select(rng).id for _ in range(3000))
    assert picks[0] > 3 * picks[1] and picks[0] > 3 * picks[2]
    # Once other tests reach block 1 as often, the cutoff (a power of two) covers both seeds.
    for _ in range(3):
        frequency.observe([1])
    assert frequency.boosts(pool.rare).tolist() == [RARE_BOOST, RARE_BOOST, 1.0]


def test_without_rarity_every_seed_of_equal_energy_is_as_likely():
    pool = _pool(2)
    pool.by_id[0].rare_blocks = [5]
    rng = random.Random(3)
    picks = Counter(pool.select(rng).id for _ in range(4000))
    assert abs(picks[0] - picks[1]) < 400


def _least_reached(frequency: BlockFrequency, blocks: list[int]) -> int:
    """The fewest tests that reached any of the blocks, read off the counts one entry at a time."""
    return int(frequency.counts[blocks].min())


def _weight(seed: Seed, mean: float, frequency: BlockFrequency, cutoff: int) -> float:
    """The selection weight of one seed, computed on its own: energy x speed x rarity."""
    speed = min(SPEED_LIMIT, max(1 / SPEED_LIMIT, mean / seed.duration)) if seed.duration > 0 and mean > 0 else 1.0
    rare = RARE_BOOST if seed.rare_blocks and _least_reached(frequency, seed.rare_blocks) <= cutoff else 1.0
    return seed.energy * speed * rare


def test_a_pick_draws_by_each_seeds_energy_speed_and_rarity_as_rng_choices_does():
    rng = random.Random(5)
    frequency = BlockFrequency(500)
    pool = SeedPool(frequency=frequency)
    for i in range(300):
        blocks = rng.sample(range(500), rng.choice([0, 1, 5, RARE_BLOCKS + 4]))
        pool.add(Seed(id=i, script="", passes=[], energy=rng.uniform(0.05, 6.0),
                      duration=rng.choice([0.0, rng.uniform(0.01, 0.5)]), rare_blocks=blocks))
    for _ in range(50):
        frequency.observe(rng.sample(range(500), 40))
    pool.remove(pool.by_id[17])
    timed = [s.duration for s in pool.seeds if s.duration > 0]
    least = [_least_reached(frequency, s.rare_blocks[:RARE_BLOCKS]) for s in pool.seeds if s.rare_blocks]
    cutoff = 1 << max(0, min(least) - 1).bit_length()
    for s in pool.seeds:
        s.rare_blocks = s.rare_blocks[:RARE_BLOCKS]
    weights = [_weight(s, sum(timed) / len(timed), frequency, cutoff) for s in pool.seeds]
    assert len(set(weights)) > 100
    picked, expected = random.Random(9), random.Random(9)
    for _ in range(500):
        assert pool.select(picked) is expected.choices(pool.seeds, weights=weights)[0]


def test_a_pool_whose_entries_brought_no_blocks_picks_by_energy_alone():
    # Without coverage (--coverage none) the block map is empty and no entry has rare blocks.
    pool = SeedPool(frequency=BlockFrequency(0))
    for i in range(2):
        pool.add(Seed(id=i, script="", passes=[], energy=1.0 if i else 9.0))
    picks = Counter(pool.select(random.Random(4)).id for _ in range(1000))
    assert picks[0] > 5 * picks[1]


def test_the_sum_tree_finds_what_bisecting_the_running_sums_finds():
    rng = random.Random(3)
    for count in (1, 2, 5, 64, 65, 1000):
        weights = [rng.choice([0.0, rng.uniform(0.01, 9.0)]) for _ in range(count)]
        weights[rng.randrange(count)] = 1.0
        tree = SumTree(4)
        tree.rebuild(np.asarray(weights[: count // 2]))
        for weight in weights[count // 2:]:
            tree.append(weight)
        running = list(itertools.accumulate(weights))
        assert abs(tree.total() - running[-1]) < 1e-9
        for _ in range(300):
            point = rng.random() * running[-1]
            index = tree.find(point)
            assert index == bisect.bisect_right(running, point) and weights[index] > 0


def test_a_reward_counts_at_the_next_pick_in_a_large_pool():
    # Speed and rarity are recomputed only every len(pool) / REFRESH_SHARE picks; energy at once.
    pool = _pool(20_000)
    rng = random.Random(2)
    pool.select(rng)
    favourite = pool.by_id[123]
    favourite.energy = 20_000.0
    pool.rewarded(favourite)
    assert pool.picks_since_refresh * REFRESH_SHARE < len(pool)
    picks = Counter(pool.select(rng).id for _ in range(200))
    assert picks[123] > 80


def test_entries_added_at_once_weigh_as_entries_added_one_by_one():
    rng = random.Random(8)
    made = [Seed(id=i, script="", passes=[], energy=rng.uniform(0.1, 5),
                 duration=rng.choice([0.0, rng.uniform(0.01, 1)]),
                 rare_blocks=rng.sample(range(300), rng.choice([0, 3, RARE_BLOCKS + 2]))) for i in range(500)]
    one, many = SeedPool(frequency=BlockFrequency(300)), SeedPool(frequency=BlockFrequency(300))
    for seed in made:
        one.add(seed)
    many.extend(made)
    for pool in (one, many):
        pool.frequency.observe(list(range(0, 300, 7)))
        pool.refresh()
    assert np.allclose(one.tree.weights(), many.tree.weights()) and len(set(one.tree.weights())) > 100
    assert many.rare.rows[:many.rare.size].tolist() == one.rare.rows[:one.rare.size].tolist()
