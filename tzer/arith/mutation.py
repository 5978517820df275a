"""The mutants of an analysis test: the case's structure changed by mutators.arith, then the
arguments of its analysis drawn where the case has none (or, now and then, drawn anew).

`mutant(case, seed)` depends on nothing else, so that the parent can rebuild any test a worker
ran from its request: the one a crash ended on, or one that reached new code.
"""

from __future__ import annotations

import random

import mutators.arith as arith_mutators
from mutators.arith import NoArithMutation
from tirkit.arith_case import ArithCase, CaseError
from tzer.arith import ANALYSES, shapes

REDRAW_OPTIONS = 0.2


def test_seed(batch: int, index: int) -> int:
    """The seed of test `index` of a batch whose request carries `batch`."""
    return (batch * 1_000_003 + index) & ((1 << 63) - 1)


def mutant(case: ArithCase, seed: int, donor: ArithCase | None = None) -> tuple[ArithCase, list[str]]:
    """A mutant of `case` and the mutations that made it; raises mutators.arith.NoArithMutation."""
    rng = random.Random(seed)
    new, names = arith_mutators.mutate(case, rng, shapes(), donor)
    if rng.random() < REDRAW_OPTIONS:
        new = with_options(new, rng, redraw=True)
        names.append("options")
    try:
        return ArithCase.from_json(with_options(new, rng).to_json()), names
    except CaseError as error:
        raise NoArithMutation(f"the mutant is no case: {error}") from None


def fresh(analysis: str, seed: int) -> ArithCase:
    """A generated case for `analysis`."""
    rng = random.Random(seed)
    return with_options(arith_mutators.generate(rng, analysis, ANALYSES[analysis].shape), rng)


def with_options(case: ArithCase, rng: random.Random, redraw: bool = False) -> ArithCase:
    analysis = ANALYSES.get(case.analysis)
    if analysis is None:
        return case
    drawn = analysis.prepare(case, rng)
    options = {**case.options, **drawn} if redraw else {**drawn, **case.options}
    if "extensions" not in options and analysis.contract in ("equal", "holds", "within", "congruent") and \
            rng.random() < 0.2:
        options["extensions"] = rng.choice((1, 2, 4, 8, 15))
    return ArithCase(case.analysis, case.variables, case.exprs, case.constraints, options)
