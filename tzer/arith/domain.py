"""The points of an analysis test's domain at which its answer is judged.

A domain of at most EXHAUSTIVE points is enumerated whole; a larger one is sampled: every
combination of each variable's special values (its ends, their neighbours, 0 and ±1 where they
lie inside) first, then uniform points up to SAMPLED.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass

import numpy as np

from tirkit.arith_case import Variable
from tzer.reference.pointwise import as_values
from tzer.reference.values import parse_dtype

EXHAUSTIVE = 2048
SAMPLED = 256


@dataclass
class Points:
    """Each variable's value at each point (name -> array), and whether they are the whole domain."""

    values: dict[str, np.ndarray]
    count: int
    exhaustive: bool

    def select(self, keep: np.ndarray) -> Points:
        """The points where `keep` is true."""
        return Points({name: v[keep] for name, v in self.values.items()}, int(keep.sum()), self.exhaustive)


def size(variables: list[Variable]) -> int:
    return math.prod(v.extent for v in variables)


def points(variables: list[Variable], rng: random.Random, witness: dict[str, int] | None = None) -> Points:
    """The domain's points; a sample of a large one holds `witness` too, where it lies inside."""
    if not variables:
        return Points({}, 1, True)
    if size(variables) <= EXHAUSTIVE:
        grids = np.meshgrid(*(np.arange(v.lo, v.hi + 1, dtype=object) for v in variables), indexing="ij")
        columns = [g.ravel() for g in grids]
        count, exhaustive = len(columns[0]), True
    else:
        specials = [_special(v) for v in variables]
        corners = list(itertools.product(*specials))
        rng.shuffle(corners)
        corners = corners[:SAMPLED // 2]
        if witness and all(v.name in witness and v.lo <= witness[v.name] <= v.hi for v in variables):
            corners.insert(0, tuple(witness[v.name] for v in variables))
        extra = SAMPLED - len(corners)
        generator = np.random.default_rng(rng.getrandbits(64))
        columns = [[row[i] for row in corners] + _uniform(generator, v, extra) for i, v in enumerate(variables)]
        count, exhaustive = len(corners) + extra, False
    return Points({v.name: as_values(np.asarray(col, dtype=object), parse_dtype(v.dtype))
                   for v, col in zip(variables, columns, strict=True)}, count, exhaustive)


def _uniform(generator: np.random.Generator, v: Variable, count: int) -> list[int]:
    """`count` values drawn uniformly from [v.lo, v.hi] (exactly, whatever the width)."""
    if count <= 0:
        return []
    if v.extent < 1 << 62:
        return (v.lo + generator.integers(0, v.extent, size=count, dtype=np.int64).astype(object)).tolist()
    return [v.lo + int(generator.integers(0, 1 << 62)) * (v.extent >> 62) % v.extent for _ in range(count)]


def _special(v: Variable) -> list[int]:
    values = {v.lo, v.lo + 1, v.hi - 1, v.hi, 0, 1, -1, (v.lo + v.hi) // 2}
    return sorted(x for x in values if v.lo <= x <= v.hi)
