"""The idempotence and round-trip oracles report only what TVM promises, judged on real TVM."""

import tvm
import tvm_ffi
from tvm import tirx

from tirkit.script import from_script
from tzer.oracles.idempotence import Idempotence
from tzer.passes.registry import instantiate, pass_context, registry
from tzer.runtime.testrun import PipelineTracker, TestRun
from tzer.vocabulary import Status

BLOCKS = '''
@T.prim_func(s_tir=True)
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.sblock("b"):
            vi = T.axis.spatial(4, i)
            A[vi] = A[vi] + T.float32(1)
'''


def _test_run(func, passes):
    def report(_event):
        return None

    test = TestRun(func, passes, 0, report, PipelineTracker(report))
    mod = tvm.IRModule({"main": func})
    test.snapshots = [mod]
    for spec in passes:
        with pass_context(spec):
            mod = instantiate(spec)(mod)
        test.snapshots.append(mod)
    return test


def test_only_passes_with_cited_evidence_are_checked_for_idempotence():
    promised = {name: info.idempotent for name, info in registry().items() if info.idempotent}
    assert set(promised) == {"tirx.ConvertSSA", "tirx.FP8ComputeLegalize"}
    assert all(evidence.startswith("tests/python/tirx-transform/") for evidence in promised.values())


def test_a_pass_that_never_promised_idempotence_is_not_reported():
    # DecorateDeviceScope wraps the body in a device-scope attribute on every run: a second run
    # really does change the IR, and TVM never said it would not.
    spec = {"name": "s_tir.DecorateDeviceScope"}
    test = _test_run(from_script(BLOCKS), [spec])
    once = test.snapshots[1]
    assert not tvm_ffi.structural_equal(once, instantiate(spec)(once))
    assert Idempotence().after_passes(test) is None


def test_a_promised_pass_is_applied_twice_and_passes():
    test = _test_run(from_script(BLOCKS), [{"name": "s_tir.DecorateDeviceScope"}, {"name": "tirx.ConvertSSA"}])
    assert Idempotence().after_passes(test) is None
    # The check does run for it: a snapshot that is not ConvertSSA's fixpoint is reported.
    test.snapshots[2] = tvm.IRModule({"main": _duplicated_definition()})
    outcome = Idempotence().after_passes(test)
    assert outcome.status == Status.NON_IDEMPOTENT and outcome.pass_name == "tirx.ConvertSSA"


def _duplicated_definition():
    # The same loop variable bound by two loops: not SSA, so ConvertSSA renames one of them.
    a = tirx.decl_buffer((4,), "float32", name="A")
    i = tirx.Var("i", "int32")

    def loop():
        return tirx.For(i, 0, 4, tirx.ForKind.SERIAL, tirx.BufferStore(a, tirx.FloatImm("float32", 1.0), [i]))

    return tirx.PrimFunc([a], tirx.SeqStmt([loop(), loop()]))
