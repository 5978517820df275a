"""Drawing rounds and mutators by what they paid lately (tzer.engine.yields)."""

import random

from tzer.engine.yields import FLOOR, Yields


def test_before_anything_paid_the_priors_decide():
    yields = Yields()
    priors = {"ir": 0.55, "passes": 0.16, "target": 0.29}
    assert yields.weights(priors) == priors
    for choice in priors:
        yields.add(choice, 0)
    assert yields.weights(priors) == priors  # nothing paid: no reason to prefer any


def paid_lately() -> Yields:
    """Yields after 200 rounds each in which targets paid 300 blocks, IR 100 and passes none."""
    yields = Yields()
    for _ in range(200):
        yields.add("target", 300)
        yields.add("ir", 100)
        yields.add("passes", 0)
    return yields


def test_a_choice_that_pays_more_is_drawn_more_and_none_starves():
    yields = paid_lately()
    weights = yields.weights({"ir": 0.5, "passes": 0.25, "target": 0.25})
    assert weights["target"] / 0.25 > 1 > weights["ir"] / 0.5 > FLOOR  # the mean paid 133 a test
    assert weights["passes"] == 0.25 * FLOOR
    drawn = [yields.draw(random.Random(seed), {"ir": 0.5, "passes": 0.25, "target": 0.25}) for seed in range(2000)]
    assert drawn.count("target") > drawn.count("ir") > drawn.count("passes") > 0


def test_the_average_follows_what_a_choice_pays_lately():
    yields = Yields()
    for _ in range(300):
        yields.add("target", 500)
    for _ in range(300):
        yields.add("target", 0)
    yields.add("ir", 50)
    assert yields.average["target"] < 5 < yields.average["ir"]


def test_a_least_share_keeps_a_choice_that_pays_little_at_that_share_and_no_more():
    yields = paid_lately()
    priors = {"ir": 0.5, "passes": 0.25, "target": 0.25}
    drawn = [yields.draw(random.Random(seed), priors, {"passes": 0.1}) for seed in range(4000)]
    assert 0.085 < drawn.count("passes") / len(drawn) < 0.115
    assert drawn.count("target") > drawn.count("ir")
    for _ in range(200):
        yields.add("passes", 1000)
    assert yields.weights(priors, {"passes": 0.1}) == yields.weights(priors)  # paying more than the least
    assert yields.weights({**priors, "passes": 0.0}, {"passes": 0.1})["passes"] == 0.0  # not drawn where not asked
