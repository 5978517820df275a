"""The Mutator interface shared by every mutator, and the common hole-picking loop."""

from __future__ import annotations

import random

from tvm import tirx

from mutators.context import Analysis, Hole, analyze
from mutators.tree import Path, replace_at, seq
from tirkit.regions import block_semantics_broken, reads_other_outputs, refresh_block_regions
from tirkit.verify import unsupported_form, well_formed

# How many holes a mutator tries before it gives up on a function: a hole can turn out to be
# unusable only once the concrete rewrite is attempted (e.g. no child of the right dtype).
MAX_ATTEMPTS = 12


class NoMutation(Exception):
    """The mutator found no applicable hole in this function."""


class Mutator:
    """Picks a hole in a PrimFunc and fills it; subclasses implement `holes` and `fill`."""

    name: str = ""
    domain_specific: bool = False
    # Its mutants use T.vscale(): only the targets with scalable vectors (SVE, RISC-V V) compile them.
    needs_scalable_vectors: bool = False
    # It grafts from another queue entry, which the caller passes to `mutate` as `donor`.
    needs_donor: bool = False

    def holes(self, analysis: Analysis) -> list[Hole]:
        raise NotImplementedError

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> tirx.Stmt | object | None:
        """The node that replaces `hole.node`, or None when this hole does not work out."""
        raise NotImplementedError

    def mutate(self, func: tirx.PrimFunc, rng: random.Random, donor: tirx.PrimFunc | None = None) -> tirx.PrimFunc:
        """A valid mutant of `func`; `donor`, another queue entry's function, is what splicing grafts from."""
        analysis = analyze(func)
        if donor is not None:
            analysis.donor = analyze(donor)
        candidates = self.holes(analysis)
        if not candidates:
            raise NoMutation(f"{self.name}: no hole")
        for _ in range(MAX_ATTEMPTS):
            hole = rng.choice(candidates)
            new = self.fill(hole, analysis, rng)
            if new is None:
                continue
            # A block that now reads another buffer must say so: passes trust the declared regions.
            mutant = refresh_block_regions(rebuild(func, hole.path, new))
            # The generators are designed to keep functions well-formed; this check catches the
            # rare corner they miss (e.g. an s_tir rule) so callers always get a valid mutant.
            if (well_formed(mutant) and not reads_other_outputs(mutant) and not block_semantics_broken(mutant)
                    and unsupported_form(mutant.body) is None):
                return mutant
        raise NoMutation(f"{self.name}: no hole worked out")

    def __repr__(self) -> str:
        return f"<Mutator {self.name}>"


def replace_or_beside(new: tirx.Stmt, hole: Hole, analysis: Analysis, rng: random.Random) -> tirx.Stmt:
    """A new statement at a statement hole: in place of the old one (30%, where it may go), else
    before or after it."""
    roll = rng.random()
    if roll < 0.3 and analysis.removable(hole):
        return new
    return seq([new, hole.node]) if roll < 0.65 else seq([hole.node, new])


def rebuild(func: tirx.PrimFunc, path: Path, new: object) -> tirx.PrimFunc:
    return func.with_body(replace_at(func.body, path, new))
