"""The construct an unsound answer of the iterator-map rewriter fails on, for triage's root causes.

Every analysis of the iterator-map family, and the region bounds built on it, runs one rewriter
(`IterMapRewriter`, src/sym/iter_affine_map.cc). Its known ways of going wrong show in the reduced
input, whichever analysis was called and however its wrong answer reads:
- a division or modulo by a constant outside int32's range: the rewriter's padding takes the least
  common multiple of divisors for an int32 (ApproxLeastCommonMultiple), and its check fails, however
  the divisor's sign (c44's exception-b64b84b6, apart from the negative divisors' wrong answers);
- a division or modulo whose divisor is not a positive constant (`x // -2`, `x // ~x`), or of an
  index that scales its iterator negatively (`x * -1 % 2`, `(0 - x // 2) % 2`): the rewriter's
  splits assume positive scales and divisors;
- a division or modulo of an index with a constant offset (`(x + 1) % 2`: the rewriter pads it),
  alone or with other divisions (the padding of one split meets another's); a single division of
  an iterator whose range starts elsewhere than 0 is one (`x // 2` for `x` from 3: the rewriter
  reads it as an iterator from 0 plus its start, and PadDividendToDivisor drops the same left
  pad: c44's and c45's judges), several are told apart (c45's judge kept `x % 2 % 3` for `x` from
  1 apart from a written offset's);
- a division or modulo of an index whose iterator is scaled by a factor that is no constant
  (`x * (y % 2) % 2`): the rewriter takes the factor for a scale it may divide by, and it may be 0.
Other inputs have no construct here: their root stays the analysis and the broken promise.

Two more components go wrong on a construct of their own, whatever the wrong answer reads:
- the rewrite simplifier's floordiv and floormod rules for a ramp by a broadcast
  (src/sym/rewrite_simplify.cc) assume a positive stride and divisor: one missing guard; its
  truncmod rule, and apart from it its truncdiv rule, assume lanes that do not cross zero;
- subspace_divide's division of a sum of iterators (SubspaceDivider::DivideIterSumExpr) rebuilds
  the sum's scales as if its terms were packed, whichever terms the sum holds;
- deduce_bound divides by the variable's coefficient (BoundDeducer's Mul visitor): a coefficient
  of 0 fails at whichever check meets the division first;
- the simplifiers simplify both branches of an if_then_else whose condition is a constant
  (IRMutatorWithAnalyzer's Call visitor), and fold a division by zero in the branch never taken.
"""

from __future__ import annotations

from typing import Any

from tirkit import exprs
from tirkit.arith_case import ArithCase

# Analyses whose answer the iterator-map rewriter builds.
ITER_MAP_ANALYSES = frozenset({
    "detect_iter_map", "normalize_iter_map_to_expr", "iter_map_simplify", "normalize_to_iter_sum",
    "inverse_affine_iter_map", "subspace_divide", "estimate_region_strict_bound",
    "estimate_region_lower_bound", "estimate_region_upper_bound",
})
WIDE_DIVISOR = "a division by a constant outside int32's range"
DIVISOR = "a division by a divisor that is not a positive constant, or of a negatively scaled index"
OFFSET = "a division of an index with a constant offset (or of an iterator that starts elsewhere than 0)"
OFFSETS = "divisions of indices, one with a constant offset"
SCALE = "a division of an index scaled by a factor that is no constant"
SHIFTED_SEVERAL = "divisions of indices, one of an iterator that starts elsewhere than 0"
VECTOR_DIVISOR = "a floordiv or floormod of a ramp by a broadcast, with a negative stride or a non-positive divisor"
VECTOR_TRUNCATED = {"mod": "a truncmod of a ramp by a broadcast", "div": "a truncdiv of a ramp by a broadcast"}
DIVIDED_SUM = "a sum of iterators divided into subspaces"
ZERO_COEFFICIENT = "the variable to bound multiplied by 0"
DEAD_BRANCH = "a division in a branch of if_then_else that its constant condition never takes"
_INT32_MAX = (1 << 31) - 1
_FLOOR_DIVISIONS = ("floordiv", "floormod")
_DIVISIONS = ("floordiv", "floormod", "div", "mod", "truncdiv", "truncmod")
_FOLD = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "min": min, "max": max, "bitxor": lambda a, b: a ^ b,
    "floordiv": lambda a, b: a // b if b else None, "floormod": lambda a, b: a % b if b else None,
}


def failing_construct(case: ArithCase) -> str | None:
    """The construct of the rewriter's known defects that `case` holds, or None."""
    if case.analysis not in ITER_MAP_ANALYSES:
        return None
    divisions = [node for tree in case.exprs for node in _nodes(tree) if node[0] in _DIVISIONS]
    if any(abs(_constant(node[3]) or 0) > _INT32_MAX for node in divisions):
        return WIDE_DIVISOR
    if any((_constant(node[3]) or 0) <= 0 for node in divisions):
        return DIVISOR
    if any(_symbolic_scale(node[2]) for node in divisions):
        return SCALE
    # A negatively scaled index with an offset (`(1 - y) // 2`) fails by its scale, as without one.
    if any(_negative_scale(node[2]) for node in divisions):
        return DIVISOR
    if any(_offset(node[2]) for node in divisions):
        return OFFSET if len(divisions) == 1 else OFFSETS
    shifted = {v.name for v in case.variables if v.lo != 0}
    if any(exprs.free_vars(node[2]) & shifted for node in divisions):
        return OFFSET if len(divisions) == 1 else SHIFTED_SEVERAL
    return None


def vector_division_construct(case: ArithCase) -> str | None:
    """The rewrite simplifier's construct that `case` holds (see above), or None."""
    for tree in case.exprs:
        for node in _nodes(tree):
            if node[0] not in (*_FLOOR_DIVISIONS, *VECTOR_TRUNCATED) or not _has_ramp(node[2]) or \
                    node[3][0] != "broadcast":
                continue
            if node[0] in VECTOR_TRUNCATED:
                return VECTOR_TRUNCATED[node[0]]
            # The simplifier folds a sum of ramps and broadcasts into one ramp before its rule
            # (c46's unsound-47d280ec, e01f57ca: one bug with cebc5570's plain ramp).
            stride, divisor = _lane_stride(node[2]), _constant(node[3][2])
            if (stride is not None and stride < 0) or (divisor is not None and divisor <= 0):
                return VECTOR_DIVISOR
    return None


def divided_sum_construct(case: ArithCase) -> str | None:
    """subspace_divide's construct that `case` holds (see above), or None."""
    if case.analysis != "subspace_divide" or not case.exprs:
        return None
    return DIVIDED_SUM if any(tree[0] in ("add", "sub") for tree in case.exprs) else None


def zero_coefficient_construct(case: ArithCase) -> str | None:
    """deduce_bound's construct that `case` holds (see above), or None."""
    if case.analysis != "deduce_bound":
        return None
    var = case.options.get("var")
    for tree in case.exprs:
        for node in _nodes(tree):
            if node[0] == "mul" and 0 in (_constant(node[2]), _constant(node[3])) and var in exprs.free_vars(node):
                return ZERO_COEFFICIENT
    return None


def dead_branch_construct(case: ArithCase) -> str | None:
    """The simplifiers' construct that `case` holds (see above), or None."""
    for tree in case.exprs:
        for node in _nodes(tree):
            condition = _constant(node[2]) if node[0] == "ite" else None
            if condition is not None and any(inner[0] in _DIVISIONS for inner in _nodes(node[4 if condition else 3])):
                return DEAD_BRANCH
    return None


def _nodes(tree: Any) -> list[list[Any]]:
    found = [tree]
    for child in tree[2:]:
        if isinstance(child, list):
            found += _nodes(child)
    return found


def _constant(tree: Any) -> int | None:
    """The value of a subtree without variables, where these few operations fold it; else None."""
    if tree[0] == "int":
        return int(tree[2])
    fold = _FOLD.get(tree[0])
    if fold is None or len(tree) != 4:
        return None
    a, b = _constant(tree[2]), _constant(tree[3])
    return None if a is None or b is None else fold(a, b)


def _has_ramp(tree: Any) -> bool:
    return tree[0] == "ramp" or (tree[0] in ("add", "sub") and (_has_ramp(tree[2]) or _has_ramp(tree[3])))


def _lane_stride(tree: Any) -> int | None:
    """The constant step between lanes of a sum of ramps and broadcasts, else None."""
    if tree[0] == "ramp":
        return _constant(tree[3])
    if tree[0] == "broadcast":
        return 0
    if tree[0] in ("add", "sub"):
        a, b = _lane_stride(tree[2]), _lane_stride(tree[3])
        return None if a is None or b is None else a + b if tree[0] == "add" else a - b
    return None


def _symbolic_scale(tree: Any) -> bool:
    """Whether a term of the index multiplies an iterator by a factor that holds variables too."""
    if tree[0] in ("add", "sub"):
        return _symbolic_scale(tree[2]) or _symbolic_scale(tree[3])
    if tree[0] == "mul":
        return _constant(tree[2]) is None and _constant(tree[3]) is None
    return False


def _negative_scale(tree: Any, sign: int = 1) -> bool:
    """Whether a variable of the index is scaled by a negative factor (`0 - x`, `x * -1`)."""
    if tree[0] == "var":
        return sign < 0
    if tree[0] == "add":
        return _negative_scale(tree[2], sign) or _negative_scale(tree[3], sign)
    if tree[0] == "sub":
        return _negative_scale(tree[2], sign) or _negative_scale(tree[3], -sign)
    if tree[0] == "mul":
        scale = _constant(tree[3])
        return scale is not None and _negative_scale(tree[2], sign * (1 if scale > 0 else -1))
    if tree[0] in _DIVISIONS:
        return _negative_scale(tree[2], sign)
    return False


def _offset(tree: Any) -> int:
    """The constant term of an index's affine part (divisions inside count as terms of their own)."""
    value = _constant(tree)
    if value is not None:
        return value
    if tree[0] == "add":
        return _offset(tree[2]) + _offset(tree[3])
    if tree[0] == "sub":
        return _offset(tree[2]) - _offset(tree[3])
    if tree[0] == "mul":
        scale = _constant(tree[3])
        return _offset(tree[2]) * scale if scale is not None else 0
    return 0
