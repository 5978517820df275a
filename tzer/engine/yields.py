"""What each kind of round and each mutator has paid lately, and drawing them by it (MOpt's idea).

A round mutates a seed's function (`ir`), its pass sequence (`passes`) or moves it to another target
(`target`); an `ir` round uses one mutator. Each pays in new blocks per test, and what pays changes
over a campaign: the targets' new code is found early, the passes' rarely. `Yields` keeps an
exponential moving average of the new blocks per test of each choice and scales each choice's
prior share by its average relative to the mean of all: a choice that pays twice the mean is drawn
twice as often as its prior says. A floor keeps every choice alive, so that one that starts to pay
again is noticed.
"""

from __future__ import annotations

import random

DECAY = 0.02  # weight of the newest test in the average: about the last 50 tests of each choice
FLOOR = 0.1  # the least share of its prior a choice keeps


class Yields:
    def __init__(self) -> None:
        self.average: dict[str, float] = {}

    def add(self, choice: str, new_blocks: int) -> None:
        known = self.average.get(choice)
        self.average[choice] = float(new_blocks) if known is None else known + DECAY * (new_blocks - known)

    def weights(self, priors: dict[str, float], least: dict[str, float] | None = None) -> dict[str, float]:
        """Each choice's prior, scaled by what it paid against the mean of the choices (those not
        tried yet count as the mean); `least`: shares of the draws some choices keep whatever they
        paid (where their prior is not 0)."""
        tried = [self.average[c] for c in priors if c in self.average]
        mean = sum(tried) / len(tried) if tried else 0.0
        weights = dict(priors) if mean <= 0 else \
            {choice: prior * max(FLOOR, self.average.get(choice, mean) / mean) for choice, prior in priors.items()}
        for choice, share in (least or {}).items():
            others = sum(weight for name, weight in weights.items() if name != choice)
            if weights.get(choice, 0.0) > 0 and share < 1 and weights[choice] < share * (weights[choice] + others):
                weights[choice] = share * others / (1 - share)
        return weights

    def draw(self, rng: random.Random, priors: dict[str, float], least: dict[str, float] | None = None) -> str:
        weights = self.weights(priors, least)
        choices = list(weights)
        return rng.choices(choices, weights=[weights[c] for c in choices])[0]
