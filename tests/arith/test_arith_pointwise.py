"""The judge of the analysis tests: TIR integer expressions evaluated at many points at once,
checked against plain Python integer arithmetic, with undefined points marked, not computed."""

import itertools
import random

import numpy as np
import pytest
from tvm import tirx

from tirkit import exprs
from tzer.reference import UBKind
from tzer.reference.pointwise import evaluate


def _python(tree, env):
    """The exact value of a tree in Python integers, or None where it is undefined."""
    kind, dtype = tree[0], tree[1]
    if kind == "var":
        return env[tree[2]]
    if kind == "int":
        return tree[2]
    a, b = (_python(child, env) for child in exprs.children(tree))
    if a is None or b is None:
        return None
    if kind in ("floordiv", "floormod", "div", "mod") and b == 0:
        return None
    trunc = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1) if kind in ("div", "mod") else None
    value = {"add": lambda: a + b, "sub": lambda: a - b, "mul": lambda: a * b, "floordiv": lambda: a // b,
             "floormod": lambda: a % b, "div": lambda: trunc, "mod": lambda: a - b * trunc,
             "min": lambda: min(a, b), "max": lambda: max(a, b)}[kind]()
    bits = int(dtype.lstrip("uint"))
    lo, hi = (0, (1 << bits) - 1) if dtype.startswith("u") else (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    return value if lo <= value <= hi else None


def _random_tree(rng, dtype, depth):
    if depth == 0 or rng.random() < 0.3:
        return exprs.var(dtype, rng.choice("xy")) if rng.random() < 0.6 else exprs.const(dtype, rng.randint(-9, 9)
                                                                                           if "u" not in dtype else
                                                                                           rng.randint(0, 9))
    op = rng.choice(("add", "sub", "mul", "floordiv", "floormod", "div", "mod", "min", "max"))
    return [op, dtype, _random_tree(rng, dtype, depth - 1), _random_tree(rng, dtype, depth - 1)]


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "uint16", "uint64"])
def test_values_and_undefined_points_match_python_integers(dtype):
    rng = random.Random(dtype)
    x, y = tirx.Var("x", dtype), tirx.Var("y", dtype)
    low = 0 if dtype.startswith("u") else -40
    grid = list(itertools.product(range(low, low + 80, 7), range(low, low + 80, 11)))
    xs = np.array([p[0] for p in grid], dtype=object if dtype.endswith("64") else np.int64)
    ys = np.array([p[1] for p in grid], dtype=object if dtype.endswith("64") else np.int64)
    compared = undefined = 0
    for _ in range(150):
        tree = _random_tree(rng, dtype, 3)
        result = evaluate(exprs.to_tvm(tree, {"x": x, "y": y}), {x: xs, y: ys}, len(grid))
        for index, (a, b) in enumerate(grid):
            want = _python(tree, {"x": a, "y": b})
            if want is None:
                assert result.undefined[index], (tree, a, b)
                undefined += 1
            else:
                assert not result.undefined[index] and int(result.values[index]) == want, (tree, a, b)
                compared += 1
    assert compared > 1000 and undefined > 50


def test_each_kind_of_undefined_point_is_named_with_its_first_point():
    x = tirx.Var("x", "int32")
    xs = np.arange(-2, 3, dtype=np.int64)
    cases = {
        UBKind.division_by_zero: tirx.FloorDiv(tirx.IntImm("int32", 7), x),
        UBKind.signed_overflow: tirx.Mul(x, tirx.IntImm("int32", 1 << 30)),
        UBKind.shift_out_of_range: tirx.LShift(tirx.IntImm("int32", 1), tirx.Add(x, tirx.IntImm("int32", 30))),
        UBKind.cast_out_of_range: tirx.Cast("uint8", x),
    }
    for kind, expr in cases.items():
        result = evaluate(expr, {x: xs}, 5)
        assert kind in result.kinds and result.undefined[result.kinds[kind]]


def test_select_counts_both_arms_and_if_then_else_only_the_taken_one():
    x = tirx.Var("x", "int32")
    xs = np.array([0, 4], dtype=np.int64)
    divide = tirx.FloorDiv(tirx.IntImm("int32", 8), x)
    guarded = exprs.to_tvm(["ite", "int32", ["gt", "bool", ["var", "int32", "x"], ["int", "int32", 0]],
                            ["floordiv", "int32", ["int", "int32", 8], ["var", "int32", "x"]], ["int", "int32", 0]],
                           {"x": x})
    assert evaluate(guarded, {x: xs}, 2).undefined.tolist() == [False, False]
    assert evaluate(guarded, {x: xs}, 2).values.tolist() == [0, 2]
    selected = tirx.Select(tirx.GT(x, tirx.IntImm("int32", 0)), divide, tirx.IntImm("int32", 0))
    assert evaluate(selected, {x: xs}, 2).undefined.tolist() == [True, False]


def test_kept_overflow_gives_the_integer_value_a_reordered_sum_computes():
    x = tirx.Var("x", "int32")
    big = tirx.IntImm("int32", (1 << 31) - 1)
    expr = tirx.Sub(tirx.Add(x, big), big)
    result = evaluate(expr, {x: np.array([5], dtype=np.int64)}, 1, keep_overflow=True)
    assert result.undefined.tolist() == [True] and result.values.tolist() == [5]
