"""Property: random chains of 20 mutations stay well-formed and round-trip through TVMScript."""

import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import mutators
from tirkit.script import roundtrips

NAMES = [m.name for m in mutators.all_mutators()]


# Derandomized and without shrinking: the suite stays fast and reproducible.
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    start=st.integers(0, 3),
    chain=st.lists(st.tuples(st.sampled_from(NAMES), st.integers(0, 2**31)), min_size=20, max_size=20),
)
def test_chains_stay_well_formed_and_round_trip(funcs, start, chain):
    func = funcs[start]
    for name, seed in chain:
        try:
            func = mutators.get(name).mutate(func, random.Random(seed))
        except mutators.NoMutation:
            continue
        assert mutators.well_formed(func), name
    assert roundtrips(func)
