"""An analysis under test: how to call it on a case, and the contract its answer is judged by.

Each analysis is a plug-in (`Analysis` subclass, registered in `tzer/arith/__init__.py`). It names
the shape of input it takes (for the generator), calls TVM (`call`, the only part that counts for
coverage), and judges the answer against the values of the case's expressions at the points of
its domain (`judge`), through one of the contracts of `tzer/arith/contracts.py`. An answer the
contract allows for "cannot tell" (an empty iterator map, an unknown comparison) is a `Declined`:
a rejection, never a finding.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import tvm
from tvm import sym, tirx
from tvm.ir import Range

from tirkit import exprs
from tirkit.arith_case import ArithCase, Shape, Variable
from tzer.arith.domain import Points
from tzer.reference.pointwise import Evaluation, evaluate


class Declined(Exception):
    """The analysis answered that it cannot tell (its contract allows it): no claim to judge."""


class Unjudged(Exception):
    """The answer holds what the judge cannot evaluate; the message names it."""


ENTERING_CONSTRAINTS = "entering the constraints (analyzer.constraint_scope)"
LEAVING_CONSTRAINTS = "leaving the constraints (analyzer.constraint_scope)"

@dataclass
class Violation:
    """A contract broken at a point: which part (`check`), where, what holds there and what TVM said."""

    check: str
    point: dict[str, int]
    expected: str
    got: str
    answer: str
    shape: str = ""  # the wrong answer's form, for the signature (see tzer.arith.signature)

    def message(self, analysis: str) -> str:
        where = ", ".join(f"{k}={v}" for k, v in self.point.items())
        return f"{analysis} {self.check}: at {where or 'every point'} expected {self.expected}, got {self.got}"


@dataclass
class Materialized:
    """A case as TVM objects, with its valid points and its expressions' values there."""

    case: ArithCase
    variables: dict[str, tirx.Var]
    exprs: list[Any]
    constraints: list[Any]
    points: Points
    values: list[Evaluation] = field(default_factory=list)
    # What runs outside the analysis's own call: `constraint_scope` entering or leaving the
    # constraints (an exception then is the constraint's, not the analysis's).
    phase: str | None = None

    def env(self, points: Points | None = None) -> dict[Any, np.ndarray]:
        points = points or self.points
        return {self.variables[name]: column for name, column in points.values.items()}

    def evaluate(self, expr: Any, points: Points | None = None, keep_overflow: bool = True) -> Evaluation:
        points = points or self.points
        return evaluate(expr, self.env(points), points.count, keep_overflow=keep_overflow)

    def ranges(self) -> dict[tirx.Var, Range]:
        """Each variable's range, [lo, hi + 1) in its own dtype (a case's `hi` is below the dtype's
        maximum, see tirkit.arith_case)."""
        return {self.variables[v.name]: Range(tirx.IntImm(v.dtype, v.lo), tirx.IntImm(v.dtype, v.hi + 1))
                for v in self.case.variables}

    def interval_sets(self, names: list[str] | None = None) -> dict[tirx.Var, Any]:
        """Each named variable's range as an IntervalSet (names the case no longer has are skipped)."""
        chosen = self.case.variables if names is None else [v for v in self.case.variables if v.name in names]
        return {self.variables[v.name]: sym.IntervalSet(tirx.IntImm(v.dtype, v.lo), tirx.IntImm(v.dtype, v.hi))
                for v in chosen}

    def predicate(self) -> Any:
        """The constraints as one bool expression (True without any)."""
        if not self.constraints:
            return tvm.tirx.const(True)
        result = self.constraints[0]
        for constraint in self.constraints[1:]:
            result = tirx.And(result, constraint)
        return result

    def analyzer(self) -> sym.Analyzer:
        """An analyzer with each variable's range bound and the case's extensions enabled."""
        analyzer = sym.Analyzer()
        extensions = int(self.case.options.get("extensions") or 0)
        if extensions:
            analyzer.enabled_extensions = extensions
        for var, extent in self.ranges().items():
            analyzer.bind(var, extent)
        return analyzer

    @contextlib.contextmanager
    def assumptions(self, analyzer: sym.Analyzer) -> Iterator[None]:
        """The constraints entered as `constraint_scope` enters them, for the length of the block."""
        with contextlib.ExitStack() as stack:
            self.phase = ENTERING_CONSTRAINTS
            for constraint in self.constraints:
                stack.enter_context(analyzer.constraint_scope(constraint))
            self.phase = None
            yield
            self.phase = LEAVING_CONSTRAINTS
        self.phase = None


class Analysis:
    """One analysis of tvm.sym. Subclasses set `name`, `shape` and `contract` and implement `call`
    and `judge`; `accepts` narrows the dtypes it is defined for."""

    name: str = ""
    shape: Shape = Shape("value")
    contract: str = ""
    index_types_only = False  # iterator maps and the region estimates take int32/int64 only
    # Whether the form of a wrong answer tells root causes apart; where the form is the input's
    # choice (which relation a solver was asked for, which side it bounds), it does not.
    root_by_form = True

    def accepts(self, case: ArithCase) -> str | None:
        """None if the analysis takes this case, else why not (a rejection)."""
        if self.index_types_only and any(v.dtype not in ("int32", "int64") for v in case.variables):
            return "takes int32 and int64 iterators only"
        if not self.shape.vectors and any("x" in exprs.dtype_of(tree) for tree in case.exprs):
            return "takes scalar expressions only"
        count = len(case.exprs)
        if not self.shape.count[0] <= count <= self.shape.count[1]:
            return f"takes {self.shape.count[0]}..{self.shape.count[1]} expressions, not {count}"
        return None

    def undefined(self, m: Materialized) -> str | None:
        """Why the question the case asks has no answer in its types at some valid point (the case
        is invalid, never judged); None where it has one. Its expressions are defined already."""
        return None

    def prepare(self, case: ArithCase, rng: random.Random) -> dict[str, Any]:
        """The analysis's own arguments for a case that has none yet (a proof strength, extensions,
        which variables to relax): drawn, so that campaigns try each."""
        return {}

    def call(self, m: Materialized) -> Any:
        raise NotImplementedError

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        """The first broken part of the contract, or None; raises Declined or Unjudged."""
        raise NotImplementedError

    def describe(self, answer: Any) -> str:
        """The answer as one line, for reports."""
        return str(answer)

    def repro_call(self, case: ArithCase) -> list[str]:
        """Lines of repro.py that compute `answer` from `exprs`, `variables`, `analyzer` (see
        tzer.arith.repro, which defines those names first)."""
        raise NotImplementedError

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        """Lines of repro.py that assert, at POINT (or over DOMAIN), the promise the answer broke."""
        raise NotImplementedError


def interval_source(variable: Variable) -> str:
    """repro.py's IntervalSet of a variable's range, in its dtype as `interval_sets` builds it (plain
    ints would be int32: a uint8 bound of 253 is another set there)."""
    dtype = variable.dtype
    return f'sym.IntervalSet(tirx.IntImm("{dtype}", {variable.lo}), tirx.IntImm("{dtype}", {variable.hi}))'


def equal_check(answers: str) -> list[str]:
    """repro.py lines: each answer of `answers` (Python, a list) equals its expression at POINT."""
    return [f"for expr, out in zip(exprs, {answers}):",
            "    expected, got = at(expr, POINT), at(out, POINT)",
            '    print(f"at {POINT}: {expr} is {expected}, the answer {out} is {got}")',
            '    assert got == expected, "the analysis answered an expression of another value"']


def point_at(m: Materialized, index: int, points: Points | None = None) -> dict[str, int]:
    points = points or m.points
    return {name: int(column[index]) for name, column in points.values.items()}


def first(mask: np.ndarray) -> int | None:
    hits = np.flatnonzero(np.asarray(mask, dtype=bool))
    return int(hits[0]) if hits.size else None


def show(values: np.ndarray, index: int) -> str:
    value = values[index]
    if isinstance(value, np.ndarray):
        return "[" + ", ".join(str(int(v)) for v in value) + "]"
    return str(bool(value)) if isinstance(value, (bool, np.bool_)) else str(int(value))


def answer_shape(expr: Any) -> str:
    """An answer's form with its variables and constants masked: `(v + c) % c * c`."""
    try:
        tree = exprs.from_tvm(expr)
    except exprs.UnsupportedExpr:
        return type(expr).__name__
    return tree_shape(tree)


def tree_shape(tree: exprs.Tree) -> str:
    """A case's expression in the form `answer_shape` gives an answer."""
    return _masked(tree, 3)


def _masked(tree: exprs.Tree, depth: int) -> str:
    kind = tree[0]
    if kind == "var":
        return "v"
    if kind == "int":
        return "c"
    if depth == 0:
        return "_"
    return f"{kind}({', '.join(_masked(child, depth - 1) for child in exprs.children(tree))})"
