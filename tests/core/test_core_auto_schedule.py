"""TVM's automatic schedulers (MetaSchedule design spaces, DLight rules) as steps of a pass
sequence, on the real TVM."""

import random
import subprocess
import sys
from pathlib import Path

import pytest
import tvm
import tvm_ffi

from tirkit.script import from_script, to_script
from tirkit.threads import is_thread_bound
from tzer import targets
from tzer.execution.harness import Harness
from tzer.passes import autoschedule
from tzer.passes.mutation import random_sequence
from tzer.passes.registry import alters_results, instantiate, registry
from tzer.triage.finding import Case
from tzer.triage.repro import repro_script
from tzer.vocabulary import Status

MATMUL = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((64, 32), "float32"), B: T.Buffer((32, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    for i, j, k in T.grid(64, 64, 32):
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
'''

PLAIN = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "float32")):
    for i in range(8):
        A[i] = T.float32(1)
'''


def schedule(name, target, seed=0, source=MATMUL):
    spec = {"name": f"schedule.{name}", "args": {"seed": seed} if name == "meta_schedule" else {}}
    return instantiate(spec, targets.get(target).target())(tvm.IRModule({"main": from_script(source)}))


def run(target, passes, source=MATMUL, checks=None):
    messages = []
    outcome = Harness(report=messages.append).run(from_script(source), passes, checks or {}, 3, target)
    mutant = next(m["script"] for m in messages if m.get("event") == "mutant")
    return outcome, mutant


def test_meta_schedule_tiles_parallelises_and_vectorises_for_a_cpu():
    scheduled = to_script(schedule("meta_schedule", targets.HOST, seed=1)["main"])
    # The postprocessors turned the design's annotations into loop kinds, as before a build.
    assert "T.parallel(" in scheduled and "T.vectorized(" in scheduled
    assert "meta_schedule.parallel" not in scheduled


def test_meta_schedule_designs_a_function_with_a_scalar_parameter_as_tvm_would():
    # ArgInfo, which a tuning round measures a design by, takes buffers only and says so; the
    # design space itself takes the scalar.
    scalar = MATMUL.replace('C: T.Buffer((64, 64), "float32"))', 'C: T.Buffer((64, 64), "float32"), lower: T.float32)')
    for seed in range(2):
        scheduled = to_script(schedule("meta_schedule", targets.HOST, seed=seed, source=scalar)["main"])
        assert "lower: T.float32" in scheduled and "T.parallel(" in scheduled, scheduled


def test_the_seed_picks_the_design_and_its_samples_reproducibly():
    designs = [schedule("meta_schedule", targets.HOST, seed=seed)["main"] for seed in range(4)]
    again = schedule("meta_schedule", targets.HOST, seed=2)["main"]
    assert tvm_ffi.structural_equal(designs[2], again)
    assert len({to_script(design) for design in designs}) > 1


def test_the_c_target_is_tuned_as_the_host_would_be():
    outcome, _ = run("c", [{"name": "schedule.meta_schedule", "args": {"seed": 0}}],
                     checks={"differential": True, "reference": True})
    assert outcome.status in (Status.OK, Status.REJECTED), outcome.message


def test_a_gpu_test_led_by_a_scheduler_leaves_the_thread_binding_to_it():
    for scheduler in ("dlight", "meta_schedule"):
        outcome, mutant = run("cuda", [{"name": f"schedule.{scheduler}"}])
        assert outcome.status == Status.OK, (scheduler, outcome.message)
        # Saved unbound: the scheduler at the head of its passes binds it, as the replay will.
        assert not is_thread_bound(from_script(mutant))
        assert is_thread_bound(schedule(scheduler, "cuda")["main"])
    # Without a scheduler at its head, a GPU test is bound before its passes, as before.
    outcome, mutant = run("cuda", [{"name": "tirx.RemoveNoOp"}, {"name": "schedule.dlight"}])
    assert is_thread_bound(from_script(mutant))


def test_dlight_schedules_a_matmul_through_shared_memory_on_a_gpu():
    scheduled = to_script(schedule("dlight", "cuda")["main"])
    assert '"shared"' in scheduled or "shared.dyn" in scheduled


def test_a_target_that_cannot_carry_the_gpu_rules_limits_declines_meta_schedule():
    if "webgpu" not in targets.available():
        pytest.skip("webgpu is not built by this wheel")
    outcome, _ = run("webgpu", [{"name": "schedule.meta_schedule"}])
    assert outcome.status == Status.REJECTED
    assert outcome.details["pass_effects"] == [["schedule.meta_schedule", "rejected"]]


def test_a_scheduler_is_idle_on_a_function_without_blocks():
    mod = tvm.IRModule({"main": from_script(PLAIN)})
    for name in ("schedule.meta_schedule", "schedule.dlight"):
        assert instantiate({"name": name}, targets.get(targets.HOST).target())(mod).same_as(mod)
        assert name in registry()
    assert not autoschedule.binds_threads(from_script(PLAIN), [{"name": "schedule.dlight"}])


# TVM's own test of InjectSoftwarePipeline: a loop of four stages, annotated.
PIPELINED = (Path(__file__).resolve().parents[2] / "seeds" / "tvm_tests" /
             "test_s_tir_transform_inject_software_pipeline__test_less_loop_than_num_stage_before.py").read_text()


def test_a_scheduler_leaves_a_function_whose_loops_carry_pipeline_annotations_as_it_is():
    # TVM annotates a software pipeline once the schedule has fixed the loop's body; DLight's
    # Fallback inlined stages of such a loop and InjectSoftwarePipeline rightly refused the stale
    # annotation (c37's exception-97f91b23, judged invalid).
    mod = tvm.IRModule({"main": from_script(PIPELINED)})
    assert autoschedule.is_pipelined(mod["main"]) and not autoschedule.is_pipelined(from_script(MATMUL))
    for name in ("schedule.dlight", "schedule.meta_schedule"):
        assert instantiate({"name": name}, targets.get("cuda").target())(mod).same_as(mod), name


def test_a_share_of_block_sequences_begins_with_a_scheduler():
    rng = random.Random(5)
    heads = [random_sequence(rng, block_form=True)[0]["name"] for _ in range(400)]
    share = sum(autoschedule.is_auto_schedule(name) for name in heads) / len(heads)
    assert 0.2 < share < 0.4
    plain = [random_sequence(rng, block_form=False) for _ in range(200)]
    assert not any(autoschedule.is_auto_schedule(spec["name"]) for sequence in plain for spec in sequence)


def test_repro_schedules_as_the_fuzzer_did(tmp_path):
    passes = [{"name": "schedule.dlight"}, {"name": "s_tir.LowerInitBlock"}]
    meta = {"kind": "exception", "stage": "compile", "message": "planted", "rng": 0, "target": "cuda"}
    path = tmp_path / "repro.py"
    path.write_text(repro_script(Case(MATMUL, passes), meta, "0.27.0.post1"))
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr  # the scheduler binds the kernel and the build succeeds
    assert "def apply_auto_schedule(" in path.read_text()


def test_results_are_not_compared_after_a_pass_that_changes_them_by_design():
    # MetaSchedule rewrites the layout of a layout-free weight at the head of the function;
    # RemoveWeightLayoutRewriteBlock then drops that rewrite, as a tuner does before benchmarking:
    # the function expects its weight already rewritten, so its results on the same inputs differ.
    tuned = MATMUL.replace('"float32")):\n', '"float32")):\n    T.func_attr({"layout_free_buffers": [1]})\n', 1)
    passes = [{"name": "schedule.meta_schedule", "args": {"seed": 0}}, {"name": "s_tir.RemoveWeightLayoutRewriteBlock"}]
    assert alters_results(passes) and not alters_results(passes[:1])
    outcome, _ = run(targets.HOST, passes, tuned, checks={"differential": True, "reference": True})
    assert outcome.status == Status.OK, outcome.message
    outcome, _ = run(targets.HOST, passes[:1], tuned, checks={"differential": True, "reference": True})
    assert outcome.status == Status.OK, outcome.message  # the rewrite alone keeps the results
