"""Delta debugging (Zeller's ddmin): a 1-minimal sublist that still passes a test.

Generic over the items and the test, so the same code minimizes pass sequences and statement
lists, and tests can drive it with a synthetic predicate. The search order is fixed, so equal
inputs give equal results; a Budget stops it early with the best list found so far.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


class Budget:
    """A wall-clock deadline and an optional cap on the number of tests.

    ddmin only checks it between tests; whoever runs a test counts it, so that one budget can
    span several steps that share a cache.
    """

    def __init__(self, seconds: float | None = None, max_tests: int | None = None) -> None:
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.max_tests = max_tests
        self.tests = 0

    def spent(self) -> bool:
        if self.max_tests is not None and self.tests >= self.max_tests:
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline

    def count(self) -> None:
        self.tests += 1


def ddmin(items: Sequence[T], test: Callable[[list[T]], bool], budget: Budget | None = None) -> list[T]:
    """Shrink `items` (for which `test` holds) to a 1-minimal list for which `test` still holds.

    The empty list is tried first: a failure that needs none of the items is common for pass
    sequences (the bug is in the default pipeline) and costs one test to find.
    """
    budget = budget or Budget()
    current = list(items)
    if not current or budget.spent():
        return current
    if test([]):
        return []
    granularity = 2
    while len(current) >= 2 and not budget.spent():
        chunks = _split(current, granularity)
        reduced = False
        for index, chunk in enumerate(chunks):
            if budget.spent():
                return current
            if len(chunks) > 1 and test(chunk):
                current, granularity, reduced = chunk, 2, True
                break
            complement = [item for j, other in enumerate(chunks) if j != index for item in other]
            if len(chunks) > 2 and test(complement):
                current, granularity, reduced = complement, max(granularity - 1, 2), True
                break
        if reduced:
            continue
        if granularity >= len(current):
            break
        granularity = min(len(current), granularity * 2)
    return current


def _split(items: list[T], parts: int) -> list[list[T]]:
    """`parts` contiguous chunks of nearly equal size, in order."""
    size, extra = divmod(len(items), parts)
    chunks, start = [], 0
    for index in range(parts):
        end = start + size + (1 if index < extra else 0)
        chunks.append(items[start:end])
        start = end
    return chunks
