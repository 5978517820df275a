"""The oracles' judgements on real TVM objects and real outputs."""

import numpy as np
import pytest
import tvm
from tvm import tirx

from tirkit.script import from_script
from tzer.execution import harness
from tzer.oracles import judge
from tzer.oracles.differential import discard_reason, first_mismatch, guilty_pass
from tzer.oracles.roundtrip import RoundTrip
from tzer.oracles.well_formed import WellFormed
from tzer.runners.host import call_main
from tzer.runtime.testrun import BuildError, PipelineTracker, TestRun
from tzer.vocabulary import ExecResult, FindingKind, Outcome, Status

GOOD = '''
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = A[i] + T.float32(1)
        B[i] = B[i] * 2
'''


def test_floats_are_compared_with_tolerance_and_integers_exactly():
    a = [np.array([1.0, 2.0], "float32"), np.array([3, 4], "int32")]
    assert first_mismatch(a, [np.array([1.0, 2.00001], "float32"), np.array([3, 4], "int32")]) is None
    message = first_mismatch(a, [np.array([1.0, 2.0], "float32"), np.array([3, 5], "int32")])
    assert message.startswith("buffer argument 1 differs at 1 of 2 elements; first at (1,)")
    assert first_mismatch(a, [np.array([1.0, 2.5], "float32"), a[1]]).startswith("buffer argument 0")


def test_nan_inputs_and_nondeterministic_references_are_discarded():
    clean = [np.array([1.0], "float32")]
    assert discard_reason([np.array([np.nan], "float32")], [clean, clean]) == "input holds NaN/Inf"
    assert discard_reason([], [[np.array([np.inf], "float32")]] * 2) == "reference output holds NaN/Inf"
    assert "not deterministic" in discard_reason([], [clean, [np.array([2.0], "float32")]])
    assert discard_reason([np.array([1.0], "float32")], [clean, clean]) is None


def test_a_function_using_an_undefined_variable_is_ill_formed():
    a = tirx.decl_buffer((4,), "float32", name="A")
    stray = tirx.Var("stray", "int32")
    bad = tirx.PrimFunc([a], tirx.BufferStore(a, tirx.FloatImm("float32", 1.0), [stray]))
    outcome = WellFormed().after_pass(_test_run(bad), 0, "tirx.Simplify", tvm.IRModule({"main": bad}))
    assert outcome.status == Status.ILL_FORMED and outcome.pass_name == "tirx.Simplify"
    assert outcome.message.startswith("not well-formed after the pass")
    good = from_script(GOOD)
    assert WellFormed().after_pass(_test_run(good), 0, "tirx.Simplify", tvm.IRModule({"main": good})) is None
    round_trip = RoundTrip()
    test = _test_run(good)
    round_trip.before_passes(test)
    assert test.details["input_roundtrips"]
    assert round_trip.after_pass(test, 0, "tirx.Simplify", tvm.IRModule({"main": good})) is None


# c46's exception-b627397d: a match_buffer that declares elem_offset 0 (TVMScript's default) for a
# region at another offset, which LowerMatchBuffer's binding check refuses as it is meant to.
UNMET_MATCH = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4, 4), "float32")):
    for i, j in T.grid(4, 4):
        with T.sblock("B"):
            T.reads(A[i, j])
            T.writes(B[i, j])
            b = T.match_buffer(B[i, j], (1,))
            b[0] = A[i, j] * T.float32(2)
'''


def test_a_match_buffer_binding_the_function_as_written_breaks_makes_the_test_invalid_not_a_finding():
    outcome = harness.Harness(report=lambda _event: None).run(from_script(UNMET_MATCH), [], {}, 0, "llvm")
    assert outcome.status == Status.INVALID, outcome
    assert "b.elem_offset unmet" in outcome.message and "LowerMatchBuffer" in outcome.details["instead_of"]
    declared = UNMET_MATCH.replace("(1,))", "(1,), elem_offset=i * 4 + j)")
    assert harness.Harness(report=lambda _event: None).run(from_script(declared), [], {}, 0, "llvm").status == Status.OK


def _test_run(func):
    def report(_event):
        return None

    return TestRun(func, [], 0, report, PipelineTracker(report))


def test_a_differential_run_of_a_correct_function_is_ok():
    outcome = harness.Harness(report=lambda _e: None).run(
        from_script(GOOD), [{"name": "tirx.UnrollLoop"}], dict(differential=True, perf=True), 3)
    assert outcome.status == Status.OK and outcome.applied_passes == 1
    # Nothing discarded or unrunnable; the one pass ran and left this IR as it was; the build's
    # machine code was generated (as assembly), and its runs agreed.
    assert outcome.details.pop("code_bytes") > 0
    assert outcome.details == {"pass_effects": [["tirx.UnrollLoop", "unchanged"]], "built": True, "run": "agreed"}
    unrolled = harness.Harness(report=lambda _e: None).run(
        from_script(GOOD), [{"name": "tirx.UnrollLoop", "config": {"auto_max_step": 8}}], {}, 3)
    assert unrolled.details.pop("code_bytes") > 0
    assert unrolled.details == {"pass_effects": [["tirx.UnrollLoop", "changed"]], "built": True}


def test_a_compile_error_names_the_pipeline_pass():
    # Integer division by i - i: zero only once the default pipeline simplifies it.
    func = from_script(GOOD.replace("B[i] * 2", "B[i] // (i - i)"))
    with pytest.raises(BuildError) as raised:
        _test_run(func).compile(tvm.IRModule({"main": func.with_attr("global_symbol", "main")}), opt_level=3)
    assert raised.value.culprit.startswith("pipeline:") and "Divide by zero" in str(raised.value)
    # In a test, the reference interpreter then finds the division by zero: the test is invalid.
    outcome = harness.Harness(report=lambda _e: None).run(func, [], {}, 0)
    assert outcome.status == Status.UNDEFINED_BEHAVIOUR


def result(status, message="", error=""):
    return ExecResult(status=status, outcome=Outcome(status=status, message=message, error=error))


def test_each_status_maps_to_one_finding_kind():
    assert judge(result(Status.OK)) is None and judge(result(Status.INVALID)) is None
    assert judge(result(Status.NO_MUTATION)) is None and judge(result(Status.BAD_SEED)) is None
    for kind in FindingKind:
        assert judge(result(Status(kind.value))) is kind
    assert judge(result(Status.EXCEPTION, "Check failed: x")) is FindingKind.EXCEPTION
    assert judge(result(Status.EXCEPTION, "x", "std::bad_alloc")) is FindingKind.OOM
    assert result(Status.OK).compiled and result(Status.INCONSISTENCY).compiled
    assert not result(Status.EXCEPTION).compiled


def test_noise_is_judged_per_block_not_per_function():
    import memcov
    from tzer.engine.noise import NoiseFilter

    backend = memcov.open_backend("breakpoint", progress=False)
    try:
        noise = NoiseFilter(backend)
        function_of = backend.function_of()
        # Two blocks of one function, one block of another.
        first = int(np.flatnonzero(function_of == function_of[1000])[0])
        sibling = first + 1
        other = int(np.flatnonzero(function_of != function_of[first])[0])
        assert function_of[sibling] == function_of[first]
        assert noise.signal(np.array([first, other])) == 2
        assert noise.learn(np.array([first])) == 1 and noise.ignored() == 1
        assert backend.global_map.entries[first] == 2  # excluded as flaky
        # The flaky block no longer counts; its sibling in the same function still does.
        assert noise.signal(np.array([first, sibling, other])) == 2
    finally:
        backend.close()


def test_an_inconsistency_names_the_first_pass_after_which_results_are_wrong():
    good = from_script(GOOD)
    wrong = from_script(GOOD.replace("B[i] * 2", "B[i] * 3"))
    test = _test_run(good)
    test.passes = [{"name": "tirx.Simplify"}, {"name": "tirx.UnrollLoop", "args": {"explicit_unroll": True}},
                   {"name": "tirx.RemoveNoOp"}]
    # As if the second pass had miscompiled: the IR after it and after the third computes B * 3.
    test.snapshots = [tvm.IRModule({"main": f}) for f in (good, good, wrong, wrong)]
    args = test.arguments()
    expected = call_main(test.build(test.snapshots[0], opt_level=0), args)
    assert guilty_pass(test, expected, args) == "tirx.UnrollLoop(explicit_unroll=True)"
    test.snapshots = [tvm.IRModule({"main": wrong})] * 4
    assert guilty_pass(test, expected, args) == "default pipeline (opt_level=3)"
    test.snapshots = [tvm.IRModule({"main": good})] * 4
    assert guilty_pass(test, expected, args) is None
