"""Insertion: replace a hole with a freshly generated subtree of random size."""

from __future__ import annotations

import random

from mutators.base import Mutator, replace_or_beside
from mutators.context import EXPR, INDEX, STMT, Analysis, Hole
from mutators.generate import Generator

MAX_EXPR_SIZE = 16
MAX_STMT_SIZE = 10


class Insertion(Mutator):
    name = "insert"
    domain_specific = False

    def holes(self, analysis: Analysis) -> list[Hole]:
        return [h for h in analysis.holes if h.kind != STMT or analysis.computes(h.scope)]

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> object | None:
        gen = Generator(rng, analysis, hole.scope)
        if hole.kind == EXPR:
            # The old subtree may reappear as a leaf, so insertion can grow an expression too.
            return gen.expr(hole.dtype, rng.randint(1, MAX_EXPR_SIZE), reuse=(hole.node,))
        if hole.kind == INDEX:
            return gen.index(hole.extent, hole.dtype, rng.randint(2, 6))
        assert hole.kind == STMT
        return replace_or_beside(gen.stmt(rng.randint(1, MAX_STMT_SIZE)), hole, analysis, rng)
