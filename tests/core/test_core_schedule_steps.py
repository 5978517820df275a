"""Schedule primitives as steps of a pass sequence, on the real TVM."""

import subprocess
import sys

import tvm

from tirkit.script import from_script, to_script
from tzer.execution.harness import Harness
from tzer.passes.mutation import repair
from tzer.passes.registry import instantiate, registry
from tzer.triage.finding import Case
from tzer.triage.repro import repro_script
from tzer.vocabulary import Status

BLOCKS = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16, 8), "float32"), C: T.Buffer((16,), "float32")):
    B = T.alloc_buffer((16, 8), "float32")
    for i, j in T.grid(16, 8):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, k in T.grid(16, 8):
        with T.sblock("C"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                C[vi] = T.float32(0)
            C[vi] = C[vi] + B[vi, vk]
'''

PLAIN = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "float32")):
    for i in range(8):
        A[i] = T.float32(1)
'''


def apply(spec, source):
    return instantiate(spec)(tvm.IRModule({"main": from_script(source)}))


def test_a_step_applies_its_primitive_to_the_block_it_picks_by_index():
    split = apply({"name": "schedule.split", "args": {"block": 1, "loop": 0, "factor": 4}}, BLOCKS)
    assert "T.grid(4, 4, 8)" in to_script(split["main"])  # the loop i of block C, split by 4
    cached = apply({"name": "schedule.cache_read", "args": {"block": 1, "buffer": 0, "scope": "local"}}, BLOCKS)
    assert 'T.sblock("B_local")' in to_script(cached["main"])  # block C's read of B, through a local copy


def test_reindex_takes_only_a_buffer_no_other_block_reads_or_writes():
    # Its docstring's first requirement, which TVM does not check (c30f's ill_formed-c27cda9a).
    mod = tvm.IRModule({"main": from_script(BLOCKS)})
    alone = instantiate({"name": "schedule.reindex", "args": {"block": 0, "buffer": 0, "side": "read"}})(mod)
    assert "A_reindex = T.sblock_alloc_buffer" in to_script(alone["main"])  # A: block B's alone
    shared = {"name": "schedule.reindex", "args": {"block": 1, "buffer": 0, "side": "read"}}
    assert instantiate(shared)(mod).same_as(mod)  # B: block B writes what block C reads


def test_a_step_on_a_function_without_blocks_is_idle_and_left_out_by_repair():
    mod = tvm.IRModule({"main": from_script(PLAIN)})
    assert instantiate({"name": "schedule.split"})(mod).same_as(mod)
    steps = [{"name": "schedule.split"}, {"name": "tirx.RemoveNoOp"}]
    assert [s["name"] for s in repair(steps, block_form=False)] == ["tirx.RemoveNoOp"]
    assert "schedule.split" in [s["name"] for s in repair(steps, block_form=True)]


def test_a_primitive_that_refuses_its_operands_is_a_rejection_not_a_bug():
    # Block C is a reduction and an output: compute_inline refuses it with a ScheduleError.
    outcome = Harness(report=lambda _e: None).run(
        from_script(BLOCKS), [{"name": "schedule.compute_inline", "args": {"block": 1}}], {}, 0)
    assert outcome.status == Status.REJECTED
    assert outcome.details["pass_effects"] == [["schedule.compute_inline", "rejected"]]
    assert registry()["schedule.rfactor"].rejects


def test_repro_applies_the_steps_as_the_fuzzer_did(tmp_path):
    passes = [{"name": "schedule.split", "args": {"block": 1, "factor": 4}},
              {"name": "schedule.reorder", "args": {"block": 1, "loop": 0, "other": 1}}]
    meta = {"kind": "exception", "stage": "compile", "message": "planted", "rng": 0}
    path = tmp_path / "repro.py"
    path.write_text(repro_script(Case(BLOCKS, passes), meta, "0.27.0.post1"))
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr  # the steps apply and the build succeeds: no bug here
    assert "def apply_step(" in path.read_text()


def test_a_step_leaves_a_function_whose_body_a_pass_wrapped_to_the_passes():
    wrapped = tvm.s_tir.transform.DecorateDeviceScope()(tvm.IRModule({"main": from_script(BLOCKS)}))
    assert instantiate({"name": "schedule.split", "args": {"block": 1}})(wrapped).same_as(wrapped)


def test_a_step_that_would_change_a_parameter_layout_leaves_the_function_as_it_is():
    mod = tvm.IRModule({"main": from_script(BLOCKS)})
    # Block B reads parameter A: reversing A's layout would change how the function is called.
    step = {"name": "schedule.transform_layout", "args": {"block": 0, "buffer": 0, "side": "read"}}
    assert instantiate(step)(mod).same_as(mod)
    step["args"]["side"] = "write"  # B's output is an internal buffer: its layout may change
    assert not instantiate(step)(mod).same_as(mod)


# A square parameter keeps its type when transposed, not what its elements mean (c42's inconsistency-e3e24304).
SQUARE = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4, 4), "float32")):
    for i, j in T.grid(4, 4):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] + T.float32(1.0)
'''


def test_a_square_parameters_layout_is_left_as_it_is_too():
    mod = tvm.IRModule({"main": from_script(SQUARE)})
    for side in ("read", "write"):
        step = {"name": "schedule.transform_layout", "args": {"block": 0, "buffer": 0, "side": side}}
        assert instantiate(step)(mod).same_as(mod), side


def test_schedule_steps_leave_a_function_bound_to_gpu_threads_alone():
    from tirkit.threads import bind_threads, is_thread_bound
    from tzer import targets

    bound = bind_threads(from_script(BLOCKS), targets.get("cuda").target())
    assert is_thread_bound(bound)
    mod = tvm.IRModule({"main": bound})
    for primitive, args in (("cache_read", {"block": 1, "buffer": 0, "scope": "shared"}), ("unroll", {"loop": 0}),
                            ("reindex", {"block": 1, "buffer": 0, "side": "write"})):
        spec = {"name": f"schedule.{primitive}", "args": args}
        # After the binding a primitive would build blocks whose bound loops race: the step is idle.
        assert instantiate(spec)(mod).same_as(mod), primitive
        # The same step on the function before the binding does change it.
        unbound = tvm.IRModule({"main": from_script(BLOCKS)})
        assert not instantiate(spec)(unbound).same_as(unbound), primitive


def test_auto_schedulers_leave_a_scheduled_or_bound_function_alone():
    from tirkit.threads import bind_threads
    from tzer import targets

    # dlight and MetaSchedule rebound loops that were bound already (UnifyThreadBinding then failed
    # on nested threadIdx.x); TVM's flows leave a function marked tirx.is_scheduled alone.
    bound = tvm.IRModule({"main": bind_threads(from_script(BLOCKS), targets.get("cuda").target())})
    marked = tvm.IRModule({"main": from_script(BLOCKS).with_attr("tirx.is_scheduled", True)})
    for scheduler in ("dlight", "meta_schedule"):
        spec = {"name": f"schedule.{scheduler}", "args": {"seed": 0}}
        for mod in (bound, marked):
            assert instantiate(spec, target=targets.get("cuda").target())(mod).same_as(mod), scheduler


def test_schedule_steps_never_pick_a_block_made_opaque():
    # After ConvertBlocksToOpaque the blocks have no iteration variables left: TVM schedules blocks
    # before the lowering passes, and reindex or blockize on an opaque block left loop variables
    # undefined.
    mod = tvm.IRModule({"main": from_script(BLOCKS)})
    opaque = tvm.s_tir.transform.ConvertBlocksToOpaque()(tvm.s_tir.transform.LowerInitBlock()(mod))
    for primitive, args in (("reindex", {"block": 1, "buffer": 0, "side": "write"}), ("blockize", {"loop": 0})):
        spec = {"name": f"schedule.{primitive}", "args": args}
        assert instantiate(spec)(opaque).same_as(opaque), primitive
        assert not instantiate(spec)(mod).same_as(mod), primitive


ATTR_AROUND_BLOCK = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 12), "float32"), B: T.Buffer((2, 12), "float32")):
    for i in range(1):
        T.attr({"pragma_auto_unroll_max_step": 4})
        for j in range(1):
            with T.sblock("B"):
                vi = T.axis.spatial(2, 0)
                vj = T.axis.spatial(12, i)
                B[vi, vj] = A[vi, vj]
'''


def test_schedule_steps_leave_a_function_with_an_attribute_around_a_block_to_the_passes():
    # ReIndex asserted that a loop's body is the next loop (a false bug): TensorIR writes loop
    # attributes as annotations, so an attribute statement there is outside the primitives' model.
    mod = tvm.IRModule({"main": from_script(ATTR_AROUND_BLOCK)})
    for primitive, args in (("reindex", {"block": 0, "buffer": 0, "side": "read"}), ("unroll", {"loop": 0})):
        spec = {"name": f"schedule.{primitive}", "args": args}
        assert instantiate(spec)(mod).same_as(mod), primitive
    without_attr = ATTR_AROUND_BLOCK.replace('        T.attr({"pragma_auto_unroll_max_step": 4})\n', "")
    unwrapped = tvm.IRModule({"main": from_script(without_attr)})
    assert not instantiate({"name": "schedule.unroll", "args": {"loop": 0}})(unwrapped).same_as(unwrapped)


def test_the_steps_that_reach_rarely_scheduled_code_apply_where_their_preconditions_hold():
    padded = apply({"name": "schedule.pad_einsum", "args": {"block": 1, "factor": 16}}, BLOCKS)
    assert "T.Buffer((16, 8)" in to_script(padded["main"]) and "(16, 16)" in to_script(padded["main"])
    reversed_layout = apply({"name": "schedule.transform_block_layout", "args": {"block": 0}}, BLOCKS)
    assert "for ax0, ax1 in T.grid(8, 16)" in to_script(reversed_layout["main"])
    merged = to_script(apply({"name": "schedule.merge", "args": {"block": 0, "other": 1, "loop": 0}}, BLOCKS)["main"])
    assert merged.count("for i_m in range(16)") == 1 and 'T.sblock("B")' in merged and 'T.sblock("C")' in merged


def test_merge_never_takes_a_loop_both_blocks_share():
    # Its contract (loops of one depth, each the only child up to their common ancestor); a loop
    # both blocks sit in made TVM's Merge crash.
    shared = apply({"name": "schedule.reverse_compute_at", "args": {"block": 1, "other": 1, "loop": 0}}, BLOCKS)
    assert to_script(shared["main"]).count("for i in range(16)") == 1
    assert instantiate({"name": "schedule.merge", "args": {"block": 0, "other": 1, "loop": 0}})(shared).same_as(shared)
