"""One call of a TVM arithmetic analysis as data: the analysis, its expressions, and their domain.

The domain is the variables (each with a dtype and an inclusive range) and the constraints (bool
expressions entered as `Analyzer.constraint_scope` enters them). `options` holds the analysis's
other arguments (an iterator map's check level, the variable a bound is deduced for). Expressions
are JSON trees (`tirkit.exprs`), so a case is JSON through and through: it is what a worker
receives, what the campaign saves as `case.json`, and what the mutators change.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from tirkit import exprs
from tirkit.exprs import Tree

SCALAR_INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")


@dataclass(frozen=True)
class Shape:
    """What an analysis takes, for the generator and the mutators: `kind` is
    - "value": one integer expression (or, with `conditions`, sometimes a bool one);
    - "condition": one bool expression;
    - "pair": two integer expressions of one dtype;
    - "index": `count` index expressions over variables that start at 0 (an iterator map's input);
    - "solve": a bool expression and one of its variables to solve it for (`options["var"]`);
    - "linear": an integer expression and the variables to read it as linear in (`options["vars"]`);
    - "clip": a conjunction of comparisons and the variables it bounds (`options["vars"]`);
    - "region": `count` index expressions read as the starts of a region of extent
      `options["extents"]` each."""

    kind: str
    count: tuple[int, int] = (1, 1)
    conditions: bool = False
    vectors: bool = False  # the analysis takes Ramp/Broadcast expressions too


class CaseError(ValueError):
    """A case that is not well-formed data; the message is one line for the user."""


@dataclass(frozen=True)
class Variable:
    name: str
    dtype: str
    lo: int
    hi: int  # inclusive; hi + 1 and the extent fit the dtype: TVM takes the range as [lo, hi + 1)

    @property
    def extent(self) -> int:
        return self.hi - self.lo + 1

    def to_json(self) -> list[Any]:
        return [self.name, self.dtype, self.lo, self.hi]


@dataclass
class ArithCase:
    analysis: str
    variables: list[Variable]
    exprs: list[Tree]
    constraints: list[Tree] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"analysis": self.analysis, "variables": [v.to_json() for v in self.variables],
                "exprs": self.exprs, "constraints": self.constraints, "options": self.options}

    def text(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def key(self) -> str:
        """Equal for equal cases (the reducer's cache key, a finding's hash)."""
        return hashlib.sha1(self.text().encode()).hexdigest()[:16]

    def variable(self, name: str) -> Variable:
        return next(v for v in self.variables if v.name == name)

    def nodes(self) -> int:
        """Its size, as reduction counts it: every node of every tree, plus each variable's range."""
        return sum(exprs.size(t) for t in [*self.exprs, *self.constraints]) + len(self.variables)

    @classmethod
    def from_json(cls, data: Any) -> ArithCase:
        """Read and check a case; raises CaseError with a one-line reason."""
        if not isinstance(data, dict):
            raise CaseError("an analysis case is a JSON object")
        try:
            analysis = data["analysis"]
            variables = [_variable(v) for v in data["variables"]]
            trees = list(data["exprs"])
            constraints = list(data.get("constraints") or [])
            options = dict(data.get("options") or {})
        except (KeyError, TypeError, ValueError) as error:
            raise CaseError(f"malformed analysis case: {type(error).__name__} {error}") from None
        if not isinstance(analysis, str):
            raise CaseError("malformed analysis case: 'analysis' must be a name")
        names = [v.name for v in variables]
        if len(set(names)) != len(names):
            raise CaseError("malformed analysis case: two variables share a name")
        for tree in [*trees, *constraints]:
            try:
                exprs.check(tree)
            except exprs.MalformedTree as error:
                raise CaseError(f"malformed analysis case: {error}") from None
            unknown = exprs.free_vars(tree) - set(names)
            if unknown:
                raise CaseError(f"malformed analysis case: undeclared variable {sorted(unknown)[0]}")
        if not trees:
            raise CaseError("malformed analysis case: no expression")
        return cls(analysis, variables, trees, constraints, options)

    @classmethod
    def parse(cls, text: str) -> ArithCase:
        try:
            data = json.loads(text)
        except ValueError as error:
            raise CaseError(f"not JSON: {error}") from None
        return cls.from_json(data)


def _variable(entry: Any) -> Variable:
    name, dtype, lo, hi = entry
    if not isinstance(name, str) or dtype not in SCALAR_INTS or not isinstance(lo, int) or not isinstance(hi, int):
        raise ValueError(f"variable {entry!r}: expected [name, integer dtype, lo, hi]")
    if lo > hi:
        raise ValueError(f"variable {name}: empty range [{lo}, {hi}]")
    bits, signed = int(dtype.lstrip("uint")), not dtype.startswith("u")
    low, high = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    if lo < low or hi >= high or hi - lo + 1 > high:
        # TVM takes the range as [lo, hi + 1) and computes its extent in the dtype: both must fit.
        raise ValueError(f"variable {name}: range [{lo}, {hi}] does not fit {dtype} with its end and extent")
    return Variable(name, dtype, lo, hi)
