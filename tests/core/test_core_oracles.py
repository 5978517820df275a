"""The oracles' judgements on real TVM objects and real outputs."""

import numpy as np
import tvm
from tvm import tirx

from tzer.execution import harness
from tzer.execution import protocol as P
from tzer.execution.executor import ExecResult
from tzer.oracles import compiled, judge
from tzer.tir.script import from_script

GOOD = '''
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = A[i] + T.float32(1)
        B[i] = B[i] * 2
'''


def test_floats_are_compared_with_tolerance_and_integers_exactly():
    a = [np.array([1.0, 2.0], "float32"), np.array([3, 4], "int32")]
    assert harness._first_mismatch(a, [np.array([1.0, 2.00001], "float32"), np.array([3, 4], "int32")]) is None
    message = harness._first_mismatch(a, [np.array([1.0, 2.0], "float32"), np.array([3, 5], "int32")])
    assert message.startswith("buffer argument 1 differs at 1 of 2 elements; first at (1,)")
    assert harness._first_mismatch(a, [np.array([1.0, 2.5], "float32"), a[1]]).startswith("buffer argument 0")


def test_nan_inputs_and_nondeterministic_references_are_discarded():
    clean = [np.array([1.0], "float32")]
    assert harness._discard_reason([np.array([np.nan], "float32")], [clean, clean]) == "input holds NaN/Inf"
    assert harness._discard_reason([], [[np.array([np.inf], "float32")]] * 2) == "reference output holds NaN/Inf"
    assert "not deterministic" in harness._discard_reason([], [clean, [np.array([2.0], "float32")]])
    assert harness._discard_reason([np.array([1.0], "float32")], [clean, clean]) is None


def test_a_function_using_an_undefined_variable_is_ill_formed():
    a = tirx.decl_buffer((4,), "float32", name="A")
    stray = tirx.Var("stray", "int32")
    bad = tirx.PrimFunc([a], tirx.BufferStore(a, tirx.FloatImm("float32", 1.0), [stray]))
    problem = harness.Harness(report=lambda _e: None)._ill_formed(tvm.IRModule({"main": bad}), False)
    assert problem and problem.startswith("not well-formed after the pass")
    good = from_script(GOOD)
    assert harness.Harness(report=lambda _e: None)._ill_formed(tvm.IRModule({"main": good}), True) is None


def test_a_differential_run_of_a_correct_function_is_ok():
    outcome = harness.Harness(report=lambda _e: None).run(
        from_script(GOOD), [{"name": "tirx.UnrollLoop"}], P.Checks(differential=True, perf=True), 3)
    assert outcome.status == P.OK and outcome.applied_passes == 1 and not outcome.details


def test_a_compile_error_names_the_pipeline_pass():
    # Integer division by i - i: zero only once the default pipeline simplifies it.
    source = GOOD.replace("B[i] * 2", "B[i] // (i - i)")
    outcome = harness.Harness(report=lambda _e: None).run(from_script(source), [], P.Checks(), 0)
    assert outcome.status == P.EXCEPTION and outcome.stage == P.COMPILE
    assert outcome.pass_name.startswith("pipeline:") and "Divide by zero" in outcome.message


def result(status, message="", error=""):
    return ExecResult(status=status, outcome=P.Outcome(status=status, message=message, error=error))


def test_each_status_maps_to_one_finding_kind():
    assert judge(result(P.OK)) is None and judge(result(P.INVALID)) is None
    assert judge(result(P.NO_MUTATION)) is None and judge(result(P.BAD_SEED)) is None
    for kind in (P.CRASH, P.HANG, P.OOM, P.INCONSISTENCY, P.ILL_FORMED, P.NON_IDEMPOTENT, P.PERF):
        assert judge(result(kind)) == kind
    assert judge(result(P.EXCEPTION, "Check failed: x")) == P.EXCEPTION
    assert judge(result(P.EXCEPTION, "x", "std::bad_alloc")) == P.OOM
    assert compiled(result(P.OK)) and compiled(result(P.INCONSISTENCY)) and not compiled(result(P.EXCEPTION))


def test_new_blocks_in_noisy_functions_do_not_count():
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
        assert noise.learn(np.array([first])) == 1
        assert backend.global_map.entries[first] == 2  # excluded as flaky
        assert noise.signal(np.array([sibling, other])) == 1
        restored = NoiseFilter(backend)
        restored.restore(noise.noisy_functions())
        assert restored.signal(np.array([sibling])) == 0
    finally:
        backend.close()
