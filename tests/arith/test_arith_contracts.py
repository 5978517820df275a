"""The soundness contracts: a planted wrong answer is caught by each, an answer the contract allows
("cannot tell") is no finding, and a case undefined at one point of its domain is never judged.

The wrong answers are planted by replacing the tvm.sym function an analysis calls: what runs is
the real harness (tzer.arith.run) with the real judge on TVM objects."""

import contextlib
import random

import pytest
from tvm import sym, tirx

from mutators.arith import NoArithMutation
from tirkit.arith_case import ArithCase
from tzer.arith import ANALYSES
from tzer.arith.mutation import fresh, mutant
from tzer.arith.run import materialize, run
from tzer.vocabulary import Status

X = ["var", "int32", "x"]


def case(analysis, exprs, variables=(("x", "int32", 0, 7),), constraints=(), **options):
    return ArithCase.from_json({"analysis": analysis, "variables": [list(v) for v in variables], "exprs": list(exprs),
                                "constraints": list(constraints), "options": options})


def judged(tested):
    return run(tested, random.Random(0), lambda on: contextlib.nullcontext())


def const(value, dtype="int32"):
    return ["int", dtype, value]


ORIGINAL_DETECT = sym.detect_iter_map
ORIGINAL_SUBSPACE = sym.subspace_divide
ORIGINAL_ITER_SUM = sym.normalize_to_iter_sum


def _free_var(expr):
    found = []
    import tvm_ffi

    tvm_ffi.structural_walk(expr, [(tirx.Var, found.append)], order="pre")
    return found[0]


PLANTED = {
    # contract "equal": the simplified form has another value
    "simplify": (case("simplify", [["add", "int32", X, const(1)]]),
                 sym.Analyzer, "simplify", lambda self, e, *a: tirx.Add(e, tirx.IntImm("int32", 1)), "value"),
    "iter_map_simplify": (case("iter_map_simplify", [X]),
                          sym, "iter_map_simplify", lambda e, *a, **k: [tirx.Mul(e[0], tirx.IntImm("int32", 2))],
                          "value"),
    "normalize_to_iter_sum": (case("normalize_to_iter_sum", [X]), sym, "normalize_to_iter_sum",
                              lambda e, dom, *a: ORIGINAL_ITER_SUM(tirx.Add(e, tirx.IntImm("int32", 1)), dom),
                              "value"),
    "detect_linear_equation": (case("detect_linear_equation", [X], vars=["x"]), sym, "detect_linear_equation",
                               lambda e, v: [tirx.IntImm("int32", 2), tirx.IntImm("int32", 0)], "linear form"),
    # contract "within": a bound that leaves a value out
    "const_int_bound": (case("const_int_bound", [X]), sym.Analyzer, "const_int_bound",
                        lambda self, e: sym.ConstIntBound(0, 3), "bound"),
    "int_set": (case("int_set", [X]), sym.Analyzer, "int_set",
                lambda self, e, *a: sym.IntervalSet(tirx.IntImm("int32", 0), tirx.IntImm("int32", 3)), "interval"),
    "estimate_region_upper_bound": (case("estimate_region_upper_bound", [X], extents=[1]), sym,
                                    "estimate_region_upper_bound",
                                    lambda r, d, p: [sym.IntervalSet(tirx.IntImm("int32", 0), tirx.IntImm("int32", 2))],
                                    "dim 0 bound"),
    # contract "congruent"
    "modular_set": (case("modular_set", [["mul", "int32", X, const(2)]]), sym.Analyzer, "modular_set",
                    lambda self, e: sym.ModularSet(2, 1), "modular set"),
    # contract "holds": a proof of what is false somewhere
    "can_prove": (case("can_prove", [["lt", "bool", X, const(3)]]), sym.Analyzer, "can_prove",
                  lambda self, e, *a: True, "proof"),
    "can_prove_equal": (case("can_prove_equal", [X, ["add", "int32", X, const(1)]]), sym.Analyzer,
                        "can_prove_equal", lambda self, a, b: True, "equality"),
    "try_compare": (case("try_compare", [X, X]), sym.Analyzer, "try_compare",
                    lambda self, a, b, *r: sym.CompareResult.LT, "comparison"),
    # the iterator maps: a bijection that is not one, an inverse that does not invert, a division
    # that does not recompose
    "detect_iter_map": (case("detect_iter_map", [["floordiv", "int32", X, const(2)]], check_level="bijective"),
                        sym, "detect_iter_map", lambda i, d, p, level, *a: ORIGINAL_DETECT(i, d, p, "surjective"),
                        "bijective"),
    "inverse_affine_iter_map": (case("inverse_affine_iter_map", [X]), sym, "inverse_affine_iter_map",
                                lambda m, outputs: {_free_var(m[0]): tirx.Add(outputs[0], tirx.IntImm("int32", 1))},
                                "inverse of x"),
    "subspace_divide": (case("subspace_divide", [X], sub=[]), sym, "subspace_divide",
                        lambda b, d, s, *a: ORIGINAL_SUBSPACE([tirx.Add(b[0], tirx.IntImm("int32", 1))], d, s, *a),
                        "recomposition"),
    # deduce_bound and detect_clip_bound: a solution set with a value that fails the condition
    "deduce_bound": (case("deduce_bound", [["lt", "bool", X, const(5)]], var="x"), sym, "deduce_bound",
                     lambda v, c, h, r: sym.IntervalSet(tirx.IntImm("int32", 0), tirx.IntImm("int32", 100)),
                     "solution"),
    "detect_clip_bound": (case("detect_clip_bound", [["lt", "bool", X, const(5)]], vars=["x"]), sym,
                          "detect_clip_bound", lambda c, v: [tirx.IntImm("int32", 0), tirx.IntImm("int32", 1)],
                          "clip bound"),
}


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_planted_wrong_answer_is_caught(name, monkeypatch):
    tested, owner, attribute, planted, check = PLANTED[name]
    assert judged(tested).status != Status.UNSOUND  # TVM's own answer holds here
    monkeypatch.setattr(owner, attribute, planted)
    result = judged(tested)
    assert result.status == Status.UNSOUND, result
    assert result.details["check"] == check
    assert result.analysis == name


def test_every_analysis_has_a_planted_wrong_answer_or_shares_the_family_check():
    # The analyses whose calls go through another one's (normalize_iter_map_to_expr through
    # detect_iter_map's indices; canonical and rewrite simplification through simplify's contract;
    # the strict and lower region estimates through the upper one's judge) are covered by it.
    covered = set(PLANTED) | {"normalize_iter_map_to_expr", "canonical_simplify", "rewrite_simplify",
                              "estimate_region_strict_bound", "estimate_region_lower_bound"}
    assert covered == set(ANALYSES)


@pytest.mark.parametrize("tested, owner, attribute, answer", [
    (case("can_prove", [["lt", "bool", X, const(100)]]), sym.Analyzer, "can_prove", lambda self, e, *a: False),
    (case("try_compare", [X, ["add", "int32", X, const(1)]]), sym.Analyzer, "try_compare",
     lambda self, a, b, *r: sym.CompareResult.UNKNOWN),
    (case("deduce_bound", [["lt", "bool", X, const(5)]], var="x"), sym, "deduce_bound",
     lambda v, c, h, r: sym.IntervalSet(sym.int_set.pos_inf(), sym.int_set.neg_inf())),
    (case("detect_linear_equation", [X], vars=["x"]), sym, "detect_linear_equation", lambda e, v: []),
    (case("detect_clip_bound", [["lt", "bool", X, const(5)]], vars=["x"]), sym, "detect_clip_bound",
     lambda c, v: []),
    (case("estimate_region_strict_bound", [X], extents=[1]), sym, "estimate_region_strict_bound",
     lambda r, d, p: None),
], ids=["not proved", "unknown comparison", "nothing deduced", "not linear", "no clip bound", "no estimate"])
def test_an_answer_the_contract_allows_for_cannot_tell_is_a_rejection(tested, owner, attribute, answer, monkeypatch):
    monkeypatch.setattr(owner, attribute, answer)
    assert judged(tested).status == Status.REJECTED


def test_a_failed_iterator_map_is_a_rejection_and_a_failed_simplification_no_finding():
    product = ["mul", "int32", X, ["var", "int32", "y"]]
    variables = (("x", "int32", 0, 3), ("y", "int32", 0, 3))
    assert judged(case("detect_iter_map", [product], variables)).status == Status.REJECTED
    # iter_map_simplify gives its input back when detection fails: equal, so no finding.
    assert judged(case("iter_map_simplify", [product], variables)).status == Status.OK


def test_an_error_of_the_python_wrapper_is_tzers_mistake_not_a_finding(monkeypatch):
    def refuses(*args, **kwargs):
        raise ValueError("Unknown check level")

    monkeypatch.setattr(sym, "iter_map_simplify", refuses)
    with pytest.raises(ValueError):
        judged(case("iter_map_simplify", [X]))


def test_a_case_with_overflow_at_one_point_is_never_judged(monkeypatch):
    # x * 2^30 overflows int32 at x = 2 only; the planted answer is wrong everywhere.
    tested = case("simplify", [["mul", "int32", X, const(1 << 30)]], variables=(("x", "int32", 0, 2),))
    monkeypatch.setattr(sym.Analyzer, "simplify", lambda self, e, *a: tirx.IntImm("int32", 7))
    result = judged(tested)
    assert result.status == Status.INVALID
    assert result.details["undefined"] == "signed_overflow"


def test_a_region_whose_last_index_overflows_its_type_is_invalid_not_unsound():
    """c47's unsound-9b6c9900: an int64 start of INT64_MAX - 2 with extent 4 touches 2^63, which
    int64 cannot hold; TVM's bound wraps, and no answer could be right."""
    start = const(2 ** 63 - 3, "int64")
    result = judged(case("estimate_region_strict_bound", [start], variables=(), extents=[4]))
    assert result.status == Status.INVALID and result.details["undefined"] == "question_overflows", result
    assert "overflows int64" in result.message
    assert judged(case("estimate_region_strict_bound", [start], variables=(), extents=[3])).status == Status.OK


def test_generated_cases_with_an_undefined_point_are_invalid_whatever_the_answer(monkeypatch):
    monkeypatch.setattr(sym.Analyzer, "simplify", lambda self, e, *a: tirx.IntImm(str(e.ty), 0)
                        if str(e.ty) != "bool" else tirx.const(False))
    rng = random.Random(5)
    undefined = compared = 0
    tested = fresh("simplify", 1)
    for index in range(600):
        try:
            tested, _ = mutant(tested if index % 5 else fresh("simplify", index), rng.getrandbits(32))
        except NoArithMutation:
            continue
        result = judged(tested)
        try:
            m = materialize(tested, random.Random(0))
        except Exception:  # noqa: BLE001 - invalid: undefined somewhere, or vacuous
            assert result.status in (Status.INVALID, Status.REJECTED), (tested, result)
            undefined += result.status == Status.INVALID
            continue
        assert all(value.defined_everywhere for value in m.values)
        compared += result.status in (Status.OK, Status.UNSOUND)
    assert undefined > 30 and compared > 100


def test_an_exception_of_tvm_on_a_valid_input_is_a_finding():
    # TVM's constant folder refuses a negative unsigned value it made itself (u + 1 > u on uint8).
    tested = case("simplify", [["gt", "bool", ["add", "uint8", ["var", "uint8", "u"], const(1, "uint8")],
                                ["var", "uint8", "u"]]], variables=(("u", "uint8", 0, 100),))
    result = judged(tested)
    assert result.status == Status.EXCEPTION
    assert "uint" in result.message or "negative" in result.message


def test_a_linear_form_right_in_its_dtypes_wrapping_arithmetic_is_no_finding(monkeypatch):
    # -2 + (x + -2147483647): TVM folds the base to 2147483647 (the true -2147483649 is no int32), which
    # is the same value in int32's arithmetic; one off by one is caught at every point.
    tested = case("detect_linear_equation", [["add", "int32", const(-2), ["add", "int32", X, const(-2147483647)]]],
                  variables=(("x", "int32", 10, 10),), vars=["x"])
    assert judged(tested).status == Status.OK
    monkeypatch.setattr(sym, "detect_linear_equation",
                        lambda e, v: [tirx.IntImm("int32", 1), tirx.IntImm("int32", 2147483646)])
    assert judged(tested).status == Status.UNSOUND


def test_an_exception_entering_the_constraints_is_the_constraints_not_the_analysis():
    """With all extensions on, entering `x <= 0` for an int64 x whose lower bound is INT64_MIN fails
    an internal check of the transitive comparison analyzer: the analysis itself is never called."""
    x64 = ["var", "int64", "x"]
    tested = case("canonical_simplify", [x64], variables=(("x", "int64", -(1 << 63), -2),),
                  constraints=[["le", "bool", x64, const(0, "int64")]], extensions=15)
    result = judged(tested)
    assert result.status == Status.EXCEPTION and "opt_normalized" in result.message, result
    assert result.details["while"] == "entering the constraints (analyzer.constraint_scope)"
    without = judged(case("canonical_simplify", [x64], variables=(("x", "int64", -(1 << 63), -2),), extensions=15))
    assert "while" not in without.details


def test_a_wrong_value_built_on_a_wrong_iterator_map_is_the_maps():
    """detect_iter_map maps `x // 2 // 2` over x in [1007, 1008] to a sum that stays 251 at x=1008:
    normalize_iter_map_to_expr only writes that map out, so the culprit is detect_iter_map (the map
    is evaluated split by split, without the normalizer)."""
    nested = ["floordiv", "int32", ["floordiv", "int32", X, const(2)], const(2)]
    tested = case("normalize_iter_map_to_expr", [nested], variables=(("x", "int32", 1007, 1008),))
    assert judged(tested).status == Status.UNSOUND and "culprit" not in judged(tested).details
    result = run(tested, random.Random(0), lambda on: contextlib.nullcontext(), culprit=True)
    assert result.status == Status.UNSOUND
    assert result.details["culprit"]["analysis"] == "detect_iter_map"
    assert result.details["culprit"]["message"] == "detect_iter_map map value: at x=1008 expected 252, got 251"
    # A right map: the same expression where the nested division is exact.
    right = case("normalize_iter_map_to_expr", [nested], variables=(("x", "int32", 0, 7),))
    assert run(right, random.Random(0), lambda on: contextlib.nullcontext(), culprit=True).status == Status.OK
