"""wasm32 builds, linked by zig cc to the cross harness and run under wasmtime, give numpy's results;
a lane planted wrong in a vector store shows in that lane only; a store far outside memory is a
trap the runner reports (RunFailed), not a crash of this process."""

import numpy as np
import pytest
import tvm
import tvm_ffi
from test_runners_qemu import FUNCTION
from tvm import tirx

from tirkit.script import from_script
from tzer import targets
from tzer.runners.base import Plan, Refusal, RunFailed
from tzer.runners.wasm import WasmRunner

TARGET = "llvm-wasm32"

# A store of a whole vector, written as one (a vectorized loop becomes one only inside tvm.compile).
VECTOR_STORE = """
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    B[T.Ramp(0, 1, 4)] = A[T.Ramp(0, 1, 4)] + T.Broadcast(T.float32(1), 4)
"""

# A store at a runtime index: with n = 2**28 it lands 1 GiB past A, beyond any memory a run gets.
STORE_AT = """
@T.prim_func
def main(A: T.Buffer((4,), "float32"), n: T.int32):
    A[n] = T.float32(1)
"""


@pytest.fixture(scope="module")
def runner():
    found = WasmRunner()
    answer = found.plan(targets.get(TARGET))
    if isinstance(answer, Refusal) and "not installed" in answer.why:
        pytest.skip(answer.why)
    assert isinstance(answer, Plan), answer
    return found


def build(func: tirx.PrimFunc):
    info = targets.get(TARGET)
    # Bound checks are off by default; set here so that the out-of-bounds store stays unchecked.
    with tvm.transform.PassContext(opt_level=3, config={**dict(info.limits.config),
                                                        "tirx.instrument_bound_checkers": False}):
        return tvm.compile(tvm.IRModule({"main": func}), target=info.target())


def run(runner, func: tirx.PrimFunc, args):
    info = targets.get(TARGET)
    return runner.run(runner.load(build(func), info), info, args)


def wrong_last_lane(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """The planted miscompile: every vector store writes lane 0 of its value into lane 3 too."""

    def shuffle(store):
        lanes = store.value.ty.dtype.lanes
        if lanes < 4:
            return store
        picks = [tirx.IntImm("int32", lane) for lane in [*range(lanes - 1), 0]]
        return tirx.BufferStore(store.buffer, tirx.Shuffle([store.value], picks), store.indices)

    return func.with_body(tvm_ffi.structural_map(func.body, (tirx.BufferStore, shuffle)))


def test_a_wasm32_build_gives_numpys_results(runner):
    rng = np.random.default_rng(0)
    a = rng.standard_normal(16).astype("float32")
    b = rng.integers(-100, 100, 16).astype("int32")
    c = np.zeros(16, "float32")
    out_a, out_b, out_c = run(runner, from_script(FUNCTION), [a, b, c, 7])
    np.testing.assert_array_equal(out_a, a)
    np.testing.assert_array_equal(out_b, b * 3 + 7)
    np.testing.assert_array_equal(out_c, a * np.float32(2) + np.float32(1))


def test_a_wrong_lane_in_a_vector_store_shows_in_that_lane_only(runner):
    a = np.array([10, 20, 30, 40], dtype="float32")
    want = a + np.float32(1)
    func = from_script(VECTOR_STORE)
    right = run(runner, func, [a, np.zeros(4, "float32")])[1]
    np.testing.assert_array_equal(right, want)
    planted = run(runner, wrong_last_lane(func), [a, np.zeros(4, "float32")])[1]
    assert list(np.flatnonzero(planted != want)) == [3]
    assert planted[3] == want[0]


def test_a_store_far_outside_memory_is_a_trap_the_runner_reports(runner):
    with pytest.raises(RunFailed) as failed:
        run(runner, from_script(STORE_AT), [np.zeros(4, "float32"), 1 << 28])
    assert failed.value.signal == "out-of-bounds"
    # The runner, and this process, carry on: the next run of another build works.
    assert run(runner, from_script(STORE_AT), [np.zeros(4, "float32"), 2])[0].tolist() == [0, 0, 1, 0]


@pytest.mark.parametrize("target", ["llvm", "llvm-aarch64", "c"])
def test_a_target_other_than_wasm32_is_refused(target):
    answer = WasmRunner().plan(targets.get(target))
    assert isinstance(answer, Refusal)
    assert answer.why == "not a wasm32 LLVM target"


def test_a_wrong_lane_planted_in_the_optimized_wasm32_build_is_an_inconsistency(runner, monkeypatch):
    """Through the oracles, as a campaign judges it: the planted build alone is wrong."""
    from tzer.execution.harness import Harness
    from tzer.runtime.testrun import TestRun
    from tzer.vocabulary import Status

    def judge():
        checks = {"reference": True, "differential": True}
        return Harness(report=lambda _event: None).run(from_script(VECTOR_STORE), [], checks, 3, TARGET)

    assert judge().details["run"] == "agreed"
    compile_for_real = TestRun.compile

    def compile_planted(self, mod, opt_level):
        if opt_level == 3:
            mod = tvm.IRModule({"main": wrong_last_lane(mod["main"])})
        return compile_for_real(self, mod, opt_level)

    monkeypatch.setattr(TestRun, "compile", compile_planted)
    outcome = judge()
    assert outcome.status == Status.INCONSISTENCY, outcome.message
    assert "buffer argument 1 differs at 1 of 4 elements; first at (3,)" in outcome.message
