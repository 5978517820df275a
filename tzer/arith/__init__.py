"""TVM's arithmetic analyses (`tvm.sym`) as a subject of their own: one call of one analysis on
expressions over a bounded domain, its answer judged at the domain's points (see ARCHITECTURE.md,
"Analysis tests").

Modules: base (the Analysis plug-in and what a judgement returns), domain (the points), contracts
(the soundness checks), one module per family of analyses (simplify, bounds, proofs, itermap,
solve, regions), run (one test, as a worker runs it), mutation (a case's mutants), signature,
repro and witness (what triage writes).
"""

from __future__ import annotations

from tirkit.arith_case import Shape
from tzer.arith.base import Analysis
from tzer.arith.bounds import ConstIntBound, IntSet, ModularSet
from tzer.arith.itermap import (
    DetectIterMap,
    InverseAffineIterMap,
    IterMapSimplify,
    NormalizeIterMapToExpr,
    NormalizeToIterSum,
    SubspaceDivide,
)
from tzer.arith.proofs import CanProve, CanProveEqual, TryCompare
from tzer.arith.regions import LowerBound, StrictBound, UpperBound
from tzer.arith.simplify import CanonicalSimplify, RewriteSimplify, Simplify
from tzer.arith.solve import DeduceBound, DetectClipBound, DetectLinearEquation

ANALYSES: dict[str, Analysis] = {analysis.name: analysis for analysis in (
    Simplify(), CanonicalSimplify(), RewriteSimplify(), ConstIntBound(), ModularSet(), IntSet(), CanProve(),
    CanProveEqual(), TryCompare(), DetectIterMap(), IterMapSimplify(), NormalizeIterMapToExpr(),
    NormalizeToIterSum(), InverseAffineIterMap(), SubspaceDivide(), DeduceBound(), DetectLinearEquation(),
    DetectClipBound(), StrictBound(), LowerBound(), UpperBound(),
)}


def get(name: str) -> Analysis:
    try:
        return ANALYSES[name]
    except KeyError:
        raise KeyError(f"no analysis named {name!r} (known: {', '.join(ANALYSES)})") from None


def shapes() -> dict[str, Shape]:
    return {name: analysis.shape for name, analysis in ANALYSES.items()}


__all__ = ["ANALYSES", "Analysis", "get", "shapes"]
