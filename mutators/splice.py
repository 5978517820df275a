"""Splicing: graft an expression subtree of another queue entry into a hole of this function.

Seeds written by TOPI and TE hold expression shapes the generator never builds (nested selects,
casts around intrinsics, guarded index arithmetic); splicing carries them into other functions
and other targets. The donor's subtree comes from one of its own free holes, so its guards are
already in place. Every donor variable or load at a position the donor left free becomes a fresh
leaf of this function's scope at the hole, and a scalar graft of another dtype is converted as the
generator converts (clamped before a float-to-int cast); a variable or load at a position the donor kept fixed
(a divisor, a shift amount, an unguarded int operand) has no safe counterpart here, so such a
subtree is not used. The mutant is then checked like every other.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import tvm
from tvm import tirx

from mutators.base import Mutator
from mutators.context import EXPR, Analysis, Hole
from mutators.generate import Generator, convert
from mutators.ops import split_dtype
from mutators.tree import Path, slots, with_child

# A grafted subtree stays small enough to read in a report.
MAX_NODES = 40
CONSTANTS = (tirx.IntImm, tirx.FloatImm, tvm.ir.StringImm)
LEAVES = (tirx.Var, tvm.ir.TensorLoad)


class NotGraftable(Exception):
    """The donor subtree refers to something the recipient has no safe counterpart for."""


class Splice(Mutator):
    name = "splice"
    domain_specific = False
    needs_donor = True

    def holes(self, analysis: Analysis) -> list[Hole]:
        if analysis.donor is None:
            return []
        grafts = self._grafts(analysis.donor)
        return [h for h in analysis.of_kind(EXPR) if _fitting(grafts, h.dtype)]

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> tvm.ir.Expr | None:
        assert analysis.donor is not None
        grafts = _fitting(self._grafts(analysis.donor), hole.dtype)
        # A graft of the hole's own dtype where there is one, half the time; else one converted.
        same = [g for g in grafts if g.dtype == hole.dtype]
        if same and rng.random() < 0.5:
            grafts = same
        free = {h.path for h in analysis.donor.of_kind(EXPR)}
        gen = Generator(rng, analysis, hole.scope)

        def leaf(node: tvm.ir.Expr) -> tvm.ir.Expr:
            return gen.expr(str(node.ty), rng.randint(1, 2))

        for graft in rng.sample(grafts, min(4, len(grafts))):
            try:
                return convert(transplant(graft.node, graft.path, free, leaf), hole.dtype)
            except NotGraftable:
                continue
        return None

    @staticmethod
    def _grafts(donor: Analysis) -> list[Hole]:
        """The donor's subtrees with at least one operator (a load with its indices has none)."""
        return [h for h in donor.subtrees(MAX_NODES) if not isinstance(h.node, LEAVES)]


def _fitting(grafts: list[Hole], dtype: str) -> list[Hole]:
    """The grafts that can fill a hole of `dtype`: any scalar one for a scalar hole (converted
    without undefined behaviour), only its own dtype for a vector hole."""
    if split_dtype(dtype)[1] > 1:
        return [g for g in grafts if g.dtype == dtype]
    return [g for g in grafts if split_dtype(g.dtype)[1] == 1]


def transplant(node: object, path: Path, free: set[Path], leaf: Callable[[tvm.ir.Expr], tvm.ir.Expr]) -> object:
    """`node` (at `path` in the donor) with each donor variable or load at a free position
    replaced by `leaf` of it, the recipient's expression for it."""
    if isinstance(node, CONSTANTS):
        return node
    if isinstance(node, LEAVES):
        if path not in free:
            raise NotGraftable(f"{type(node).__name__} at a fixed position")
        return leaf(node)
    children = list(slots(node))
    if not children:
        raise NotGraftable(f"{type(node).__name__} has no known children")
    for step, child in children:
        node = with_child(node, step, transplant(child, (*path, step), free, leaf))
    return node
