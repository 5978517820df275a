"""Culprits and root causes of analysis bugs, as triage derives them from a clean replay (real TVM,
reduced cases of a 30-minute campaign): one defect reached through different analyses is one bug,
named by the component at fault."""

import pytest

from tirkit.arith_case import ArithCase
from tzer.arith.construct import DIVISOR, OFFSET, OFFSETS, SCALE, SHIFTED_SEVERAL, WIDE_DIVISOR, failing_construct
from tzer.execution.confirm import clean_worker, replay_analysis, run_case
from tzer.oracles.raise_site import CONSTANT_CAST
from tzer.oracles.raise_site import INTERVAL_CAST as INTERVAL_CAST_CHECK
from tzer.oracles.raise_site import REBINDING as REBINDING_CHECK
from tzer.triage.analysis import (
    CONSTRAINT_SCOPE,
    ITER_MAP_REWRITER,
    NEGATIVE_UNSIGNED,
    _observed,
    _root,
    constraint_scope_culprit,
    culprit_of,
)
from tzer.triage.blame import culprit_root
from tzer.vocabulary import FindingKind

X32, X64 = ["var", "int32", "x"], ["var", "int64", "x"]


def const(value, dtype="int32"):
    return ["int", dtype, value]


def case(analysis, exprs, variables, options=None, constraints=()):
    return {"analysis": analysis, "exprs": exprs, "variables": variables, "options": options or {},
            "constraints": list(constraints)}


# DetectIterMap's padding check (IterMapRewriter::PadDividendToDivisor), met by detect_iter_map itself
# and by subspace_divide, which detects a map first.
PADDING_DETECT = case("detect_iter_map", [["floormod", "int64", ["floordiv", "int64", X64, ["max", "int64",
                      const(0, "int64"), const(9, "int64")]], const(1152921504606843523, "int64")]],
                      [["x", "int64", 0, 131072]], {"check_level": "surjective", "simplify_trivial": True})
PADDING_SUBSPACE = case("subspace_divide", [["floormod", "int32", ["floordiv", "int32", ["add", "int32", X32,
                        ["floormod", "int32", X32, const(2)]], ["add", "int32", ["min", "int32", const(0),
                        const(-2147481713)], const(4)]], const(2)]], [["x", "int32", 0, 31]],
                        {"check_level": "nocheck", "simplify_trivial": True, "sub": ["x"]})
# A region bound over `(0 % 1) * x`: DetectIterMap alone divides by zero too.
REGION_DIVIDES_BY_ZERO = case("estimate_region_strict_bound", [["mul", "int32", ["mod", "int32", const(0), const(1)],
                              X32]], [["x", "int32", 0, 1]], {"extents": [1]})
# Folding the cast of int16 -1 to uint16 (tvm::cast's MakeConstScalar), inside the simplifiers.
CAST_FOLDING = case("can_prove_equal", [["var", "uint16", "x"], ["ite", "uint16", ["int", "bool", 1],
                    ["var", "uint16", "x"], ["cast", "uint16", ["int", "int16", -1]]]], [["x", "uint16", 0, 0]])
# Entering a constraint with a Let: the rewrite simplifier rebinds t0 (IntSetAnalyzer's binding check).
REBINDING = case("int_set", [["var", "uint16", "x"]], [["x", "uint16", 0, 1]], {"extensions": 4},
                 [["and", "bool", ["eq", "bool", ["var", "uint16", "x"], ["int", "uint16", 1]],
                   ["ne", "bool", ["let", "uint16", "t0", ["var", "uint16", "x"], ["var", "uint16", "t0"]],
                    ["int", "uint16", 0]]]])
# Two wrong answers of the rewriter for a negative divisor, through two analyses.
NEGATIVE_DIVISOR_SUM = case("normalize_to_iter_sum", [["floormod", "int32", ["floordiv", "int32", X32, const(2)],
                            const(-1)]], [["x", "int32", 0, 1]])
NEGATIVE_DIVISOR_REGION = case("estimate_region_upper_bound", [["var", "int64", "z"], ["var", "int64", "z"],
                               ["floormod", "int64", ["var", "int64", "y"], const(-1, "int64")]],
                               [["y", "int64", 0, 1], ["z", "int64", 0, 0]], {"extents": [8, 1, 2]})
# The canonical simplifier rewrites `x < x + 5` as `x - (x + 5) < 0`, also for an unsigned x: folding
# the constant difference 0 - 5 in uint32 fails a value check that names no caller.
UNSIGNED_LESS = [["lt", "bool", ["var", "uint32", "x"], ["add", "uint32", ["var", "uint32", "x"], const(5, "uint32")]]]
OFFSET_SUM = case("normalize_to_iter_sum", [["floormod", "int32", ["add", "int32", X32, const(1)], const(2)]],
                  [["x", "int32", 0, 1]])
OFFSET_NORMALIZE = case("normalize_iter_map_to_expr", [["floormod", "int32", ["add", "int32", X32, const(1)],
                        const(2)]], [["x", "int32", 0, 1]], {"check_level": "bijective"})


@pytest.fixture(scope="module")
def executor():
    with clean_worker(30.0) as executor:
        yield executor


def triaged(executor, case_json, kind):
    """The culprit and the root triage gives the case, from one clean replay."""
    seen = replay_analysis(executor, case_json, 0)
    assert seen.kind == kind, seen.describe()
    meta = _observed(seen, {})
    arith_case = ArithCase.from_json(case_json)
    return culprit_of(arith_case.analysis, meta, arith_case), _root(FindingKind(kind), arith_case, meta)


def test_one_check_of_detect_iter_map_met_through_two_analyses_is_one_bug_of_detect_iter_map(executor):
    detect = triaged(executor, PADDING_DETECT, "exception")
    subspace = triaged(executor, PADDING_SUBSPACE, "exception")
    assert detect == subspace
    assert detect[0] == "sym.DetectIterMap" and "src/sym/iter_affine_map.cc:" in detect[1], detect


def test_an_exception_detect_iter_map_alone_raises_too_is_detect_iter_maps(executor):
    culprit, root = triaged(executor, REGION_DIVIDES_BY_ZERO, "exception")
    assert culprit == "sym.DetectIterMap" and root.startswith("exception|sym.DetectIterMap|"), (culprit, root)


def test_a_value_check_names_the_caller_that_passed_the_value(executor):
    culprit, root = triaged(executor, CAST_FOLDING, "exception")
    assert culprit == "tvm::cast (constant folding)", culprit
    assert root == f"exception|tvm::cast (constant folding)|{CONSTANT_CAST}", root
    # The same folding of uint8's 256 trips IntImm's range check, not op.h's sign check: one bug
    # (c42's exception-73bf40a8 and 20c2521f).
    too_large = case("can_prove_equal", [["var", "uint8", "x"], ["ite", "uint8", ["int", "bool", 1],
                     ["var", "uint8", "x"], ["cast", "uint8", ["int", "int32", 256]]]], [["x", "uint8", 0, 0]])
    assert triaged(executor, too_large, "exception") == (culprit, root)


def test_a_value_check_no_frame_names_is_the_simplifiers_that_alone_fails_alike(executor):
    found = [triaged(executor, case(analysis, UNSIGNED_LESS, [["x", "uint32", 0, 7]]), "exception")
             for analysis in ("can_prove", "simplify")]
    assert found[0] == found[1], found
    culprit, root = found[0]
    assert culprit == "sym.CanonicalSimplifier", culprit
    assert root.startswith("exception|sym.CanonicalSimplifier|src/ir/prim/const_fold.h:"), root


# Analyses that simplify their input before their own work: DetectClipBound (with an analyzer of
# its own) and CanProveEqual (`a - b == 0`). The canonical simplifier rewrites `0u < 1u` to
# `0u - 1u < 0` and builds int32's 2**31 from `1 == x - 2**31` (c43's exception-5553e234, b64b84b6).
UINT_CONST_LESS = [["lt", "bool", const(0, "uint64"), const(1, "uint64")]]
INT32_EDGE = [const(1), ["add", "int32", X32, const(-2147483648)]]


@pytest.mark.parametrize("analysis, exprs, options", [
    ("detect_clip_bound", UINT_CONST_LESS, {"vars": ["x"]}),
    ("can_prove_equal", INT32_EDGE, {}),
])
def test_an_analysis_that_simplifies_its_input_first_names_the_simplifier_that_fails_alike(
        executor, analysis, exprs, options):
    dtype = "uint64" if analysis == "detect_clip_bound" else "int32"
    culprit, root = triaged(executor, case(analysis, exprs, [["x", dtype, 0, 1]], options), "exception")
    assert culprit == "sym.CanonicalSimplifier", culprit
    assert root.startswith("exception|sym.CanonicalSimplifier|src/ir/"), root


# DetectClipBound simplifies `-1 >= 2**63-1 - y` with an analyzer that knows no range of y: the
# rewrite simplifier's `c1 >= c2 - x` rule computes c2 - c1 with wraparound (c43's unsound-1f89347a).
CLIP_OVERFLOW = case("detect_clip_bound", [["ge", "bool", const(-1, "int64"), ["sub", "int64",
                     const(9223372036854775807, "int64"), ["var", "int64", "y"]]]],
                     [["x", "int64", 0, 0], ["y", "int64", 0, 0]], {"vars": ["y", "x"]})


def test_a_wrong_clip_bound_the_rewrite_simplifier_alone_gives_too_is_the_rewrite_simplifiers(executor):
    culprit, root = triaged(executor, CLIP_OVERFLOW, "unsound")
    assert culprit == "sym.RewriteSimplifier", culprit
    assert root.startswith("unsound|sym.RewriteSimplifier|"), root


# LinearEqDetector negates an unsigned coefficient: IntImm refuses the literal -1 where it builds
# one, the cast's folding where it casts one; the input casts nothing (c43's exception-58d6e9d8 and
# 20c2521f, one defect of detect_linear_equation).
Z16 = ["var", "uint16", "z"]
NEGATED_COEFFICIENTS = [
    [["sub", "uint16", const(0, "uint16"), ["mul", "uint16", Z16, const(1, "uint16")]]],
    [["add", "uint16", ["sub", "uint16", const(0, "uint16"), Z16], ["mul", "uint16", Z16, const(0, "uint16")]]],
]


def test_a_negative_unsigned_constant_an_analysis_builds_is_its_one_bug_whichever_check_refuses_it(executor):
    found = [triaged(executor, case("detect_linear_equation", built, [["z", "uint16", 0, 0]], {"vars": ["z"]}),
                     "exception") for built in NEGATED_COEFFICIENTS]
    assert found[0] == found[1] == ("detect_linear_equation",
                                    f"exception|detect_linear_equation|{NEGATIVE_UNSIGNED}"), found


def test_a_binding_check_names_the_analyzer_that_binds(executor):
    culprit, root = triaged(executor, REBINDING, "exception")
    assert culprit == "sym.RewriteSimplifier", culprit
    assert root == f"exception|sym.RewriteSimplifier|{REBINDING_CHECK}", root


# subspace_divide simplifies a Let twice (DetectIterMap alone fails alike, since it simplifies too):
# the rewrite simplifier's Let visitor, which the canonical simplifier inherits, binds t0 again
# (c41's exception-88aea5f7, judged a duplicate's root with exception-23637e1b).
LET_TWICE = case("subspace_divide", [["floormod", "int32", ["add", "int32", ["select", "int32", ["gt", "bool",
                 ["var", "int32", "v0"], const(0)], const(0), ["floordiv", "int32", ["sub", "int32", ["let", "int32",
                 "t0", ["var", "int32", "v0"], ["var", "int32", "t0"]], ["var", "int32", "v0"]], const(2)]],
                 ["var", "int32", "v0"]], const(2)]], [["v0", "int32", 0, 1]])


# The interval of `y - y` for a uint32 y, cast back to uint32: IntSetAnalyzer casts each end of
# [-1, 1], and folding the cast of -1 fails (c41's exception-20c2521f: the interval analysis's Cast
# rule is wrong, whatever the folding does, since a wrapping cast maps no interval to its ends).
INTERVAL_CAST = case("int_set", [["cast", "uint32", ["sub", "int32", ["cast", "int32", ["var", "uint32", "y"]],
                     ["cast", "int32", ["var", "uint32", "y"]]]]], [["y", "uint32", 0, 1]])


def test_a_cast_folding_the_interval_analysis_asks_for_an_end_it_cannot_hold_is_the_interval_analysis(executor):
    culprit, root = triaged(executor, INTERVAL_CAST, "exception")
    assert culprit == "sym.IntSet", culprit
    assert root == f"exception|sym.IntSet|{INTERVAL_CAST_CHECK}", root


def test_a_let_the_simplifier_binds_twice_is_its_bug_whichever_analysis_simplified(executor):
    assert triaged(executor, LET_TWICE, "exception") == triaged(executor, REBINDING, "exception")


def test_wrong_answers_of_the_rewriter_on_one_construct_are_one_bug_whatever_the_analysis(executor):
    negative = [triaged(executor, c, "unsound") for c in (NEGATIVE_DIVISOR_SUM, NEGATIVE_DIVISOR_REGION)]
    offset = [triaged(executor, c, "unsound") for c in (OFFSET_SUM, OFFSET_NORMALIZE)]
    assert negative[0][1] == negative[1][1] and offset[0][1] == offset[1][1], (negative, offset)
    assert negative[0][1] != offset[0][1]
    assert {culprit for culprit, _ in negative + offset} == {ITER_MAP_REWRITER}


# The rewriter's padding takes the least common multiple of its divisors for an int32: a divisor
# outside int32's range fails its check, whatever its sign (c44's exception-b64b84b6, which triage
# had merged with the negative divisors' wrong answers).
WIDE_DIVISOR_CASE = case("normalize_iter_map_to_expr", [["floordiv", "int64", X64, const(-4294956798, "int64")]],
                         [["x", "int64", 0, 7]])


def test_a_divisor_outside_int32_is_another_bug_than_a_negative_divisors_wrong_answer(executor):
    wide_culprit, wide_root = triaged(executor, WIDE_DIVISOR_CASE, "exception")
    negative_culprit, negative_root = triaged(executor, NEGATIVE_DIVISOR_SUM, "unsound")
    assert wide_culprit == negative_culprit == ITER_MAP_REWRITER
    assert wide_root == f"{ITER_MAP_REWRITER}|{WIDE_DIVISOR}" and negative_root == f"{ITER_MAP_REWRITER}|{DIVISOR}", \
        (wide_root, negative_root)


def test_the_constructs_of_the_rewriters_known_defects():
    def construct(analysis, *exprs, lo=0):
        return failing_construct(ArithCase.from_json(case(analysis, list(exprs), [["x", "int32", lo, lo + 3]])))

    assert construct("iter_map_simplify", ["floordiv", "int32", X32, const(-2)]) == DIVISOR
    assert construct("iter_map_simplify", ["floordiv", "int32", X32, ["bitnot", "int32", X32]]) == DIVISOR
    assert construct("detect_iter_map", ["floormod", "int32", ["mul", "int32", X32, const(-1)], const(2)]) == DIVISOR
    assert construct("iter_map_simplify", ["floormod", "int32", ["sub", "int32", X32, const(1)], const(4)]) == OFFSET
    assert construct("iter_map_simplify", ["add", "int32", ["floordiv", "int32", X32, const(2)],
                     ["floormod", "int32", ["add", "int32", X32, const(1)], const(2)]]) == OFFSETS
    scaled = ["mul", "int32", X32, ["shr", "int32", const(1), X32]]
    assert construct("normalize_to_iter_sum", ["floordiv", "int32", scaled, const(2)]) == SCALE
    # Nothing of the rewriter's known defects, or no iterator-map analysis.
    assert construct("iter_map_simplify", ["floordiv", "int32", X32, const(2)]) is None
    # An iterator from 5 is one from 0 plus an offset of 5 (c45's unsound-149f9e5e, one bug with
    # 3ff70ab5's `(y + 1) // 2`); a negative scale fails by its scale, offset or not (c45's
    # d94efa1f's `(1 - y) // 2`).
    assert construct("iter_map_simplify", ["floordiv", "int32", X32, const(2)], lo=5) == OFFSET
    assert construct("subspace_divide", ["floormod", "int32", ["floormod", "int32", X32, const(2)], const(3)],
                     lo=1) == SHIFTED_SEVERAL
    assert construct("iter_map_simplify", ["floordiv", "int32", ["sub", "int32", const(1), X32], const(2)]) == DIVISOR
    assert construct("simplify", ["floordiv", "int32", X32, const(-2)]) is None


def test_an_abort_on_an_uncaught_exception_is_the_constraint_scopes_one_bug_whatever_the_analysis(executor):
    from test_triage_analysis_culprit import ANALYSIS_ABORT, CONSTRAINTS_ABORT

    found = [triaged(executor, c, "crash") for c in (CONSTRAINTS_ABORT, ANALYSIS_ABORT)]
    assert found[0] == found[1], found
    culprit, root = found[0]
    assert culprit == CONSTRAINT_SCOPE and root.startswith("crash|uncaught|Check failed:"), found


# floormod(ramp(x, -1, 2), broadcast(-2, 2)) for x near -2**19: the rewrite simplifier's
# floormod(ramp, broadcast) rule assumes a positive stride and divisor.
RAMP_MOD = [["floormod", "int32x2", ["ramp", "int32x2", X32, const(-1), 2], ["broadcast", "int32x2", const(-2), 2]]]
RAMP_MOD_VARIABLES = [["x", "int32", -524288, -524287]]


def test_a_wrong_answer_the_rewrite_simplifier_alone_gives_too_is_its_one_bug(executor):
    found = [triaged(executor, case(analysis, RAMP_MOD, RAMP_MOD_VARIABLES), "unsound")
             for analysis in ("simplify", "canonical_simplify")]
    assert found[0] == found[1], found
    assert found[0][0] == "sym.RewriteSimplifier" and found[0][1].startswith("unsound|sym.RewriteSimplifier|"), found


# floordiv(ramp(x, -1, 8), broadcast(-8, 8)): the rewrite simplifier's rule folds it into one lane's
# quotient. Compared with anything, the comparison is wrong too; the reducer takes the division out.
C64 = ["int", "int64", -8]
RAMP_DIV = ["floordiv", "int64x8", ["ramp", "int64x8", X64, const(-1, "int64"), 8], ["broadcast", "int64x8", C64, 8]]


def test_a_wrong_vector_division_under_different_comparisons_reduces_to_the_division_and_is_one_bug(executor):
    from tzer.arith.reduce import reduce_arith
    from tzer.triage.analysis import SameFailure

    zero = ["broadcast", "int64x8", const(0, "int64"), 8]
    compared = [case("rewrite_simplify", [["ge", "boolx8", RAMP_DIV, zero]], [["x", "int64", 0, 1]]),
                case("simplify", [["ne", "boolx8", RAMP_DIV, RAMP_DIV[2]]], [["x", "int64", 0, 1]])]
    found = []
    for case_json in compared:
        seen = replay_analysis(executor, case_json, 0)
        meta = _observed(seen, {})
        reduced = reduce_arith(ArithCase.from_json(case_json), SameFailure(executor, FindingKind.UNSOUND, meta, 0),
                               seconds=60).reduced
        assert reduced.exprs == [RAMP_DIV], reduced.exprs
        found.append(triaged(executor, reduced.to_json(), "unsound"))
    assert found[0] == found[1] and found[0][0] == "sym.RewriteSimplifier", found


# StmtSimplify on a TIR function enters `0u <= value` as a constraint of the Select's else arm:
# IntSetAnalyzer folds `0u - 1` and throws halfway into the scope, and leaving it aborts on the
# rewrite simplifier's recovery check, as an analysis test's constraint `value < 0u` does.
UNSIGNED_SELECT = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(value: T.uint32, condition: T.bool):
    T.evaluate(T.Select(condition, T.bool(True), T.Select(T.uint32(0) <= value, T.bool(False), T.bool(False))))
'''


def test_a_tir_passs_abort_on_an_analyzers_recovery_check_is_the_constraint_scopes_bug_with_the_analysis_one(
        executor):
    from test_triage_analysis_culprit import CONSTRAINTS_ABORT

    seen = run_case(executor, UNSIGNED_SELECT, [{"name": "s_tir.StmtSimplify"}], {}, 0)
    assert seen.kind == FindingKind.CRASH, seen.describe()
    culprit = constraint_scope_culprit(seen.result.log_tail)
    assert culprit is not None and culprit["label"] == CONSTRAINT_SCOPE, culprit
    _, analysis_root = triaged(executor, CONSTRAINTS_ABORT, "crash")
    assert culprit_root(FindingKind.CRASH, "", culprit) == analysis_root


# c41's judges: `z // -3` fails folding a split of extent 0 (exception-d6475ff8), `x % -1` gives a
# wrong bound (unsound-6adff1b5): the rewriter accepts a negative divisor either way, one bug.
NEGATIVE_DIVISOR_FAILS = case("normalize_to_iter_sum", [["floordiv", "int32", ["var", "int32", "z"], const(-3)]],
                              [["z", "int32", 0, 1]])
NEGATIVE_DIVISOR_BOUND = case("estimate_region_upper_bound", [["floormod", "int32", X32, const(-1)]],
                              [["x", "int32", 0, 1]], {"extents": [8]})


def test_an_exception_and_a_wrong_answer_of_the_rewriter_on_one_construct_are_one_bug(executor):
    failed = triaged(executor, NEGATIVE_DIVISOR_FAILS, "exception")
    wrong = triaged(executor, NEGATIVE_DIVISOR_BOUND, "unsound")
    assert failed == wrong and failed[0] == ITER_MAP_REWRITER, (failed, wrong)


# floordiv and floormod of ramp(y, -1, 4) by broadcast(-4): two rules of the rewrite simplifier
# with one missing guard (c41's unsound-43431cf7 and 27a6e0fe); a truncdiv of a ramp is another
# rule's defect (unsound-95bc0f77).
def ramp_by(op, divisor):
    return case("canonical_simplify", [[op, "int32x4", ["ramp", "int32x4", ["var", "int32", "y"], const(-1), 4],
                                        ["broadcast", "int32x4", divisor, 4]]], [["y", "int32", -1, 0]])


TRUNC_RAMP = case("simplify", [["div", "int32x4", ["ramp", "int32x4", ["var", "int32", "y"], const(2), 4],
                                ["broadcast", "int32x4", const(2), 4]]], [["y", "int32", -1, 0]])


def test_the_rewrite_simplifiers_floordiv_and_floormod_of_a_ramp_by_a_negative_broadcast_are_one_bug(executor):
    div = triaged(executor, ramp_by("floordiv", const(-4)), "unsound")
    mod = triaged(executor, ramp_by("floormod", ["sub", "int32", const(0), const(4)]), "unsound")
    trunc = triaged(executor, TRUNC_RAMP, "unsound")
    assert div == mod and div[0] == "sym.RewriteSimplifier", (div, mod)
    assert trunc[0] == "sym.RewriteSimplifier" and trunc[1] != div[1], trunc


# subspace_divide rebuilds a fused sum's scales as if packed (c41's unsound-e77d9888, 7bd99856),
# whatever the sum holds; one split keeps its lower factor wrong another way (f7c69c03).
SUM_OF_ITERATORS = case("subspace_divide", [["add", "int32", ["var", "int32", "v1"], ["var", "int32", "v2"]]],
                        [["v1", "int32", 0, 1], ["v2", "int32", 0, 1]])
SUM_OF_SPLITS = case("subspace_divide", [["add", "int32", ["floormod", "int32", ["var", "int32", "v0"], const(2)],
                                          ["floordiv", "int32", ["var", "int32", "v0"], const(2)]]],
                     [["v0", "int32", 0, 29]])
ONE_SPLIT = case("subspace_divide", [["floordiv", "int32", ["var", "int32", "v0"], const(3)]], [["v0", "int32", 0, 1]])


def test_subspace_divides_wrong_sums_are_one_bug_and_its_wrong_split_another(executor):
    sums = [triaged(executor, c, "unsound") for c in (SUM_OF_ITERATORS, SUM_OF_SPLITS)]
    split = triaged(executor, ONE_SPLIT, "unsound")
    assert sums[0] == sums[1] and sums[0][0] == "subspace_divide", sums
    assert split[1] != sums[0][1], split


# deduce_bound divides by x's coefficient 0: folding and ConstIntBound refuse the division at two
# different checks (c42's exception-9a6ad8f6 and 865412ab), one bug of deduce_bound's.
X_TIMES_0 = ["mul", "uint64", ["var", "uint64", "x"], const(0, "uint64")]
ZERO_COEFFICIENT_EQ = case("deduce_bound", [["eq", "bool", X_TIMES_0, const(0, "uint64")]], [["x", "uint64", 0, 0]],
                           {"var": "x"})
ZERO_COEFFICIENT_GT = case("deduce_bound", [["gt", "bool", const(0, "int16"), ["mul", "int16", ["var", "int16", "x"],
                                             const(0, "int16")]]], [["x", "int16", -34, -34]], {"var": "x"})


def test_deduce_bounds_division_by_a_zero_coefficient_is_one_bug_of_its_own_whichever_check_refuses_it(executor):
    found = [triaged(executor, c, "exception") for c in (ZERO_COEFFICIENT_EQ, ZERO_COEFFICIENT_GT)]
    assert found[0] == found[1] and found[0][0] == "deduce_bound", found


# A division by zero in the branch an if_then_else never takes, folded by the simplifier that
# simplifies both branches (c42's exception-1de8992e and ac4b5bca), whichever analysis asked.
DEAD_DIV = case("rewrite_simplify", [["ite", "uint8", ["int", "bool", 0], ["div", "uint8", ["var", "uint8", "x"],
                                      ["var", "uint8", "x"]], ["var", "uint8", "x"]]], [["x", "uint8", 0, 0]])
DEAD_MOD = case("can_prove_equal", [const(0), ["ite", "int32", ["int", "bool", 0], ["floormod", "int32", const(0), X32],
                                                const(0)]], [["x", "int32", 0, 0]])


def test_a_division_by_zero_in_a_branch_never_taken_is_one_bug_of_the_rewrite_simplifier(executor):
    found = [triaged(executor, c, "exception") for c in (DEAD_DIV, DEAD_MOD)]
    assert found[0] == found[1] and found[0][0] == "sym.RewriteSimplifier", found


# The rewrite simplifier's truncmod of a ramp by a broadcast, reached twice (c42's unsound-317afc09,
# 6a0a28a9); its truncdiv rule is another defect (1ea3475c).
TRUNC_MODS = [case("simplify", [["mod", "int32x4", ["ramp", "int32x4", ["var", "int32", "z"], const(-2), 4],
                                 ["broadcast", "int32x4", const(2), 4]]], [["z", "int32", -2, 2]]),
              case("simplify", [["mod", "int8x4", ["ramp", "int8x4", const(2, "int8"), const(-1, "int8"), 4],
                                 ["broadcast", "int8x4", const(2, "int8"), 4]]], [])]


def test_the_rewrite_simplifiers_truncmod_of_a_ramp_is_one_bug_and_its_truncdiv_another(executor):
    mods = [triaged(executor, c, "unsound") for c in TRUNC_MODS]
    div = triaged(executor, TRUNC_RAMP, "unsound")
    assert mods[0] == mods[1] and mods[0][0] == "sym.RewriteSimplifier", mods
    assert div[1] != mods[0][1], div


# The interval evaluator (Combine<Mod>) assumes a non-negative dividend: int_set itself, and the
# bound deducer relaxing `truncmod(y, 2)` (c45's unsound-aaaaf220 and 7c9eb6df); the upper region
# bound's fallback EvalSet wraps an int64 sum past its maximum (c45's unsound-6adff1b5).
Y32 = ["var", "int32", "y"]
TRUNCMOD_INTERVAL = case("int_set", [["mod", "int32", X32, const(2)]], [["x", "int32", -32, -31]])
TRUNCMOD_DEDUCED = case("deduce_bound", [["le", "bool", X32, ["mod", "int32", Y32, const(2)]]],
                        [["x", "int32", 0, 0], ["y", "int32", -2047, -2047]], {"relax": ["y"], "var": "x"})
WRAPPING_REGION = case("estimate_region_upper_bound", [["add", "int64", ["var", "int64", "y"], X64]],
                       [["x", "int64", 0, 9223372036854775777], ["y", "int64", 31, 31]], {"extents": [1]},
                       [["gt", "bool", const(1, "int64"), ["div", "int64", X64, const(1, "int64")]]])


def test_an_analysis_relaxing_through_a_wrong_interval_names_int_set_and_is_one_bug_with_it(executor):
    direct = triaged(executor, TRUNCMOD_INTERVAL, "unsound")
    deduced = triaged(executor, TRUNCMOD_DEDUCED, "unsound")
    assert direct == deduced, (direct, deduced)
    assert direct[0] == "sym.IntSet", direct
    culprit, root = triaged(executor, WRAPPING_REGION, "unsound")
    assert culprit == "sym.IntSet" and root != direct[1], (culprit, root)


# DetectIterMap pads x in [0, 2) to 4 and accepts `x // 2` (extent 2) as surjective, though no
# point reaches 1; the region bounds evaluate that split (c45's unsound-1bb07191 and 1e2ea4b6).
PADDED_REGION = [["floormod", "int64", ["floordiv", "int64", X64, const(2, "int64")], const(2, "int64")]]


def test_a_region_bound_over_a_padded_split_no_point_reaches_names_detect_iter_map(executor):
    lower, strict = (triaged(executor, case(analysis, PADDED_REGION, [["x", "int64", 0, 1]], {"extents": [1]}),
                             "unsound") for analysis in ("estimate_region_lower_bound", "estimate_region_strict_bound"))
    assert lower == strict, (lower, strict)
    assert lower[0] == "sym.DetectIterMap" and lower[1].startswith("unsound|sym.DetectIterMap|padded split|"), lower


# The interval evaluator's truncmod rule assumes a non-negative dividend, whatever the dividend is
# (c46's unsound-1d1fd892 and 4bdd8e11, one defect to their judge); its subtraction wraps (c46's
# unsound-c6fd8a42), another rule.
LET_TRUNCMOD = case("int_set", [["mod", "int32", ["let", "int32", "t0", X32, ["var", "int32", "t0"]], const(2)]],
                    [["x", "int32", -2049, -2049]])
WRAPPING_SUB = case("int_set", [["sub", "int32", ["sub", "int32", X32, X32], const(3)]],
                    [["x", "int32", 0, 2147483646]])


def test_a_wrong_interval_is_one_bug_per_rule_of_the_operator_that_gives_it(executor):
    plain, with_let = triaged(executor, TRUNCMOD_INTERVAL, "unsound"), triaged(executor, LET_TRUNCMOD, "unsound")
    assert plain == with_let, (plain, with_let)
    culprit, root = triaged(executor, WRAPPING_SUB, "unsound")
    assert culprit == "sym.IntSet" and root != plain[1], (culprit, root)


# ConstIntBound bounds `v0 >> s` from the corners of s's range, shifting by amounts C++ leaves
# undefined: the simplifiers' `min` rule trusts the wrong bound (c46's unsound-20c23350, 60161f18).
V0, V1 = ["var", "int32", "v0"], ["var", "int32", "v1"]
ZERO_SHIFT = ["bitxor", "int32", V1, V1]
SHIFT_MIN = [
    case("simplify", [["min", "int32", ["shr", "int32", V0, ["floordiv", "int32", ZERO_SHIFT, const(3)]], const(0)]],
         [["v0", "int32", 1, 1], ["v1", "int32", 0, 0]]),
    case("simplify", [["min", "int32", ["shr", "int32", V0, ["mod", "int32", ZERO_SHIFT, const(2)]], const(2)]],
         [["v0", "int32", 4, 4], ["v1", "int32", 0, 0]]),
]


def test_a_simplification_wrong_by_a_wrong_constant_bound_is_const_int_bounds_one_bug(executor):
    found = [triaged(executor, c, "unsound") for c in SHIFT_MIN]
    assert found[0] == found[1], found
    assert found[0][0] == "sym.ConstIntBoundAnalyzer" and found[0][1].endswith("|shr"), found


# CanProveEqual asks whether `a - b == 0`: for unsigned operands it builds `0u - 1u` itself, which
# folding refuses (c46's exception-5553e234): its own fault, not the simplifier's it hands it to.
UNSIGNED_EQUAL = case("can_prove_equal", [["floordiv", "uint32", const(0, "uint32"), const(1, "uint32")],
                                          const(1, "uint32")], [])


def test_can_prove_equal_of_unsigned_operands_failing_on_its_difference_is_its_own(executor):
    culprit, root = triaged(executor, UNSIGNED_EQUAL, "exception")
    assert culprit == "can_prove_equal" and root.startswith("exception|can_prove_equal|"), (culprit, root)


# The rewrite simplifier folds a sum of ramps and broadcasts into a ramp before its floordiv and
# floormod rules, which assume a positive stride and divisor (c46's unsound-47d280ec, e01f57ca and
# cebc5570, one defect to their judge).
def test_a_ramp_sum_divided_by_a_negative_broadcast_is_the_rewrite_simplifiers_one_rule(executor):
    ramp = ["ramp", "int64x8", ["var", "int64", "x"], const(-1, "int64"), 8]
    divisor = ["broadcast", "int64x8", const(-8, "int64"), 8]
    plain = case("rewrite_simplify", [["floormod", "int64x8", ramp, divisor]], [["x", "int64", 0, 1]])
    summed = case("rewrite_simplify", [["floormod", "int64x8", ["add", "int64x8", ramp, ["broadcast", "int64x8",
                  ["bitnot", "int64", ["var", "int64", "x"]], 8]], divisor]], [["x", "int64", 0, 0]])
    found = [triaged(executor, c, "unsound") for c in (plain, summed)]
    assert found[0] == found[1] and found[0][0] == "sym.RewriteSimplifier", found
