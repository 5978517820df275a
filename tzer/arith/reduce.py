"""Shrinking an analysis case while it stays wrong the same way.

The candidates of a case, smallest change first: drop a constraint, an expression (where the
analysis takes several) or a variable no expression reads; for an analysis of one value, replace the
expression by a subexpression of another dtype; replace a node by one of its operands,
by 0 or 1, or by a variable of its dtype; bring a constant towards 0; narrow a variable's range
towards [0, 1]; drop an option. The reducer takes the first candidate the predicate accepts and
starts again, until none is accepted or the budget is spent (greedy, as C-Reduce's passes are).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from tirkit import exprs
from tirkit.arith_case import ArithCase, CaseError, Variable
from tzer.arith import get
from tzer.arith.base import Analysis

Predicate = Callable[[ArithCase], bool]


@dataclass
class ArithReduction:
    reduced: ArithCase
    before: int  # nodes
    after: int
    tests: int
    seconds: float
    finished: bool


def reduce_arith(case: ArithCase, predicate: Predicate, seconds: float = 60.0, max_tests: int | None = None,
                 progress: Callable[[str], None] | None = None) -> ArithReduction:
    """The smallest case this greedy search finds for which `predicate` holds (it holds for `case`)."""
    started = time.monotonic()
    tests, current, finished = 0, case, False
    seen: set[str] = {case.key()}
    while True:
        improved = False
        for candidate in candidates(current):
            if time.monotonic() - started > seconds or (max_tests is not None and tests >= max_tests):
                return ArithReduction(current, case.nodes(), current.nodes(), tests, time.monotonic() - started,
                                      False)
            key = candidate.key()
            if key in seen:
                continue
            seen.add(key)
            tests += 1
            if predicate(candidate):
                current, improved = candidate, True
                if progress is not None:
                    progress(f"reduced to {current.nodes()} nodes after {tests} tests")
                break
        if not improved:
            finished = True
            break
    return ArithReduction(current, case.nodes(), current.nodes(), tests, time.monotonic() - started, finished)


def candidates(case: ArithCase) -> Iterator[ArithCase]:
    for candidate in _raw_candidates(case):
        try:
            yield ArithCase.from_json(candidate.to_json())
        except CaseError:
            continue


def _raw_candidates(case: ArithCase) -> Iterator[ArithCase]:
    for index in range(len(case.constraints)):
        yield replace(case, constraints=case.constraints[:index] + case.constraints[index + 1:])
    analysis = get(case.analysis)
    low, _ = analysis.shape.count
    if len(case.exprs) > low:
        for index in range(len(case.exprs)):
            yield replace(case, exprs=case.exprs[:index] + case.exprs[index + 1:])
    used = set().union(*(exprs.free_vars(t) for t in [*case.exprs, *case.constraints]))
    used |= set(case.options.get("vars") or []) | {case.options.get("var")}
    unused = [v for v in case.variables if v.name not in used]
    if unused:
        kept = [v for v in case.variables if v.name in used]
        names = {v.name for v in kept}
        options = {key: [n for n in value if n in names] if key in ("relax", "hint", "sub") else value
                   for key, value in case.options.items()}
        yield replace(case, variables=kept, options=options)
    if analysis.shape.kind == "value":
        yield from _hoisted(case, analysis)
    for where, tree in _trees(case):
        for path, node in exprs.walk(tree):
            for smaller in _smaller_nodes(node, case.variables):
                yield _with(case, where, exprs.replace_at(tree, path, smaller))
    for position, v in enumerate(case.variables):
        for lo, hi in _narrower(v):
            variables = list(case.variables)
            variables[position] = Variable(v.name, v.dtype, lo, hi)
            yield replace(case, variables=variables)
    for key in sorted(case.options):
        if key not in ("var", "vars", "extents"):
            yield replace(case, options={k: value for k, value in case.options.items() if k != key})


def _hoisted(case: ArithCase, analysis: Analysis) -> Iterator[ArithCase]:
    """The case with an expression replaced by one of its subexpressions of another dtype (a vector
    division under a comparison), where the analysis takes that dtype: a defect in the
    subexpression's rule then shows alone, whatever it was compared with (`_smaller_nodes` keeps
    the dtype)."""
    for index, tree in enumerate(case.exprs):
        dtype = exprs.dtype_of(tree)
        for _, node in exprs.walk(tree):
            if node[0] not in ("var", "int") and exprs.dtype_of(node) != dtype:
                hoisted = replace(case, exprs=case.exprs[:index] + [node] + case.exprs[index + 1:])
                if analysis.accepts(hoisted) is None:
                    yield hoisted


def _trees(case: ArithCase) -> Iterator[tuple[tuple[str, int], exprs.Tree]]:
    for index, tree in enumerate(case.exprs):
        yield ("exprs", index), tree
    for index, tree in enumerate(case.constraints):
        yield ("constraints", index), tree


def _with(case: ArithCase, where: tuple[str, int], tree: exprs.Tree) -> ArithCase:
    field_name, index = where
    trees = list(getattr(case, field_name))
    trees[index] = tree
    return replace(case, **{field_name: trees})


def _smaller_nodes(node: exprs.Tree, variables: list[Variable]) -> Iterator[exprs.Tree]:
    dtype = exprs.dtype_of(node)
    if node[0] == "int":
        value = node[2]
        for smaller in (0, 1, value // 2, value - 1 if value > 0 else value + 1):
            if abs(smaller) < abs(value) or (abs(smaller) == abs(value) and smaller > value):
                yield exprs.const(dtype, smaller)
        return
    if node[0] == "var":
        return
    for child in exprs.children(node):
        if exprs.dtype_of(child) == dtype and (node[0] != "let" or child is node[3]):
            yield child
    if "x" not in dtype:
        yield exprs.const(dtype, 0)
        yield exprs.const(dtype, 1)
        yield from (exprs.var(dtype, v.name) for v in variables if v.dtype == dtype)


def _narrower(v: Variable) -> Iterator[tuple[int, int]]:
    if v.hi > v.lo:
        yield v.lo, v.lo + (v.hi - v.lo) // 2
        yield v.lo + (v.hi - v.lo + 1) // 2, v.hi
        yield v.lo, v.hi - 1
        yield v.lo + 1, v.hi
    if v.lo < 0 <= v.hi:
        yield 0, v.hi
