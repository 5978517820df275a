"""Targets as the third axis: every target the wheel builds, GPU binding, code generation, and the
`c` build run by the system C compiler beside llvm."""

import json
from pathlib import Path

import numpy as np
import pytest
import tvm
from core_samples import GOOD_SEED, write_seeds
from test_core_fuzz import FAST, stats, tzer

from tirkit.script import from_script
from tirkit.threads import is_thread_bound
from tzer import targets
from tzer.execution.harness import Harness
from tzer.passes.registry import is_accepted_ill_formed
from tzer.runners.host import call_main, loadable
from tzer.runtime.inputs import make_arguments
from tzer.vocabulary import Stage, Status

BLOCK = """
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32")):
    for i, j in T.grid(8, 8):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(3)
"""

FABS = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = T.fabs(A[i])
"""


def run(script, target, checks=None, passes=()):
    messages = []
    outcome = Harness(report=messages.append).run(from_script(script), list(passes), checks or {}, 5, target)
    mutant = next((m["script"] for m in messages if m.get("event") == "mutant"), None)
    return outcome, mutant


def test_the_wheel_builds_host_c_cross_llvm_and_gpu_source_targets():
    usable = targets.available()
    assert usable[0] == targets.HOST
    assert {"c", "llvm-aarch64", "llvm-riscv64", "cuda", "opencl"} <= set(usable)


@pytest.mark.parametrize("script", [GOOD_SEED, BLOCK])
@pytest.mark.parametrize("target", ["cuda", "opencl", "metal"])
def test_a_gpu_target_compiles_plain_and_block_functions_bound_to_threads(script, target):
    if target not in targets.available():
        pytest.skip(f"{target} is not built by this wheel")
    outcome, mutant = run(script, target, passes=[{"name": "tirx.BindTarget"}, {"name": "s_tir.ThreadSync"}])
    assert outcome.status == Status.OK, outcome.message
    # The function under test (and the one saved) is the one bound to GPU threads.
    assert is_thread_bound(from_script(mutant))
    assert outcome.details["code_bytes"] > 0


def test_cross_llvm_targets_emit_assembly_for_their_machine():
    info = targets.get("llvm-aarch64")
    with tvm.transform.PassContext(opt_level=3):
        executable = tvm.compile(tvm.IRModule({"main": from_script(GOOD_SEED)}), target=info.target())
    assert "fmul" in targets.generate_code(executable, info) or "fmadd" in targets.generate_code(executable, info)


def test_the_c_build_is_compiled_by_the_system_compiler_and_computes_the_same():
    info = targets.get("c")
    func = from_script(GOOD_SEED).with_attr("global_symbol", "main")
    with tvm.transform.PassContext(opt_level=3):
        executable = tvm.compile(tvm.IRModule({"main": func}), target=info.target())
    args = make_arguments(func, np.random.default_rng(0))
    _, out = call_main(loadable(executable), args)
    assert np.allclose(out, args[0] * 2 + 1)
    # And in the harness, with both differential oracles comparing it to host llvm and the reference.
    outcome, _ = run(GOOD_SEED, "c", {"differential": True, "reference": True})
    assert outcome.status == Status.OK and "not_runnable" not in outcome.details


def test_a_c_codegen_failure_is_an_exception_that_names_the_target():
    outcome, _ = run(FABS, "c")
    assert outcome.status == Status.EXCEPTION and outcome.stage == Stage.COMPILE
    assert "[c]" in outcome.pass_name and "tirx.fabs" in outcome.message
    assert run(FABS, targets.HOST)[0].status == Status.OK


def test_documented_target_limitations_are_rejections_not_findings():
    half = GOOD_SEED.replace('"float32"', '"float16"').replace("T.float32", "T.float16")
    assert run(half, "c")[0].status == Status.REJECTED
    assert run(half, targets.HOST)[0].status == Status.OK


WIDE_INTEGERS = """# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "uint64"), B: T.Buffer((4,), "uint64")):
    for i in range(4):
        B[i] = A[i] + T.uint64(1)
"""


def test_webgpu_declines_64_bit_integers_as_wgsl_has_none():
    if "webgpu" not in targets.available():
        pytest.skip("webgpu is not built by this wheel")
    assert run(WIDE_INTEGERS, "webgpu")[0].status == Status.REJECTED
    assert run(WIDE_INTEGERS, "cuda")[0].status == Status.OK


def test_webgpu_declines_nextafter_as_wgsl_has_no_builtin_for_it():
    if "webgpu" not in targets.available():
        pytest.skip("webgpu is not built by this wheel")
    nextafter = FABS.replace("T.fabs(A[i])", "T.nextafter(A[i], T.float32(1))")
    outcome, _ = run(nextafter, "webgpu")
    assert outcome.status == Status.REJECTED and "nextafter" in outcome.message, outcome.message
    assert run(nextafter, "cuda")[0].status == Status.OK


def test_webgpu_declines_a_bool_scalar_parameter_as_wgsl_cannot_pass_one():
    if "webgpu" not in targets.available():
        pytest.skip("webgpu is not built by this wheel")
    flagged = """
@T.prim_func
def main(A: T.Buffer((4,), "float32"), flag: T.bool):
    for i in range(4):
        if flag:
            A[i] = A[i] + T.float32(1)
"""
    outcome, _ = run(flagged, "webgpu")
    assert outcome.status == Status.REJECTED, outcome.message
    assert run(flagged, "cuda")[0].status == Status.OK


def test_webgpu_refuses_an_opaque_pointer_in_a_kernel_before_it_compiles():
    """WGSL binds typed storage buffers only; a T.handle the kernel uses cannot be one (TVM's
    CodeGenWebGPU: "storage buffers must have a concrete primitive element type")."""
    if "webgpu" not in targets.available():
        pytest.skip("webgpu is not built by this wheel")
    opaque = """
@T.prim_func
def main(p: T.handle, B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Cast("int32", T.isnullptr(p))
"""
    outcome, _ = run(opaque, "webgpu")
    assert outcome.status == Status.REJECTED and outcome.stage == Stage.COMPILE, outcome.message
    assert outcome.pass_name == "target limit [webgpu]" and "opaque pointer" in outcome.message
    assert run(opaque, "llvm")[0].status == Status.OK


def test_bad_target_names_get_one_line():
    with pytest.raises(ValueError, match="unknown target 'sparc'"):
        targets.chosen("llvm,sparc")
    assert targets.chosen("llvm, c") == ("llvm", "c")


def test_a_campaign_spreads_seeds_over_targets_and_counts_each(tmp_path):
    seeds = write_seeds(tmp_path / "seeds", {"good": GOOD_SEED, "block": BLOCK})
    out = tmp_path / "out"
    result = tzer("fuzz", "-o", out, "--seeds", seeds, "--execs", 40, "--targets", "llvm,c,cuda", "--n-max", 1,
                  "--target-mutation-rate", 1, "--seed", 3, "--no-feedback", *FAST)
    assert result.returncode == 0, result.stderr
    values = stats(out)
    assert values["targets"] == "llvm,c,cuda"
    assert int(values["target_mutations"]) > 0
    # A kept target mutation joins the queue beside its seed, which keeps its own target.
    queue = {int(meta["id"]): meta for meta in (json.loads(p.read_text()) for p in out.glob("queue/id_*/meta.json"))}
    moved = [meta for meta in queue.values() if meta["origin"] == "target"]
    assert len(moved) == int(values["target_mutations_kept"]) > 0
    assert all(meta["target"] != queue[meta["parent"]]["target"] for meta in moved)
    per_target = {name: values[f"target_{name}"].split() for name in ("llvm", "c", "cuda")
                  if f"target_{name}" in values}
    assert len(per_target) >= 2 and sum(int(counts[0]) for counts in per_target.values()) == int(values["execs_done"])
    bad = tzer("fuzz", "-o", tmp_path / "other", "--seeds", seeds, "--execs", 1, "--targets", "sparc", *FAST)
    assert bad.returncode != 0 and len(bad.stderr.strip().splitlines()) == 1 and "sparc" in bad.stderr


def test_a_function_bound_to_gpu_threads_starts_on_and_moves_to_gpu_targets_only(tmp_path):
    import random

    from tzer.cli import build_parser
    from tzer.engine.campaign import Campaign
    from tzer.options import options_from
    from tzer.vocabulary import Seed

    argv = ["fuzz", "-o", str(tmp_path / "out"), "--targets", "llvm,c,cuda,opencl", "--seeds",
            str(write_seeds(tmp_path / "seeds", {"good": GOOD_SEED}))]
    campaign = Campaign(options_from(build_parser().parse_args(argv), argv), random.Random(0))
    bound = run(GOOD_SEED, "cuda")[1]
    assert campaign.other_targets(Seed(1, bound, [], target="cuda")) == ["opencl"]
    assert campaign.other_targets(Seed(2, GOOD_SEED, [], target="cuda")) == ["llvm", "c", "opencl"]
    assert {campaign._initial_target(bound) for _ in range(40)} == {"cuda", "opencl"}
    assert {campaign._initial_target(GOOD_SEED) for _ in range(40)} == {"llvm", "c", "cuda", "opencl"}


def test_a_back_end_stopping_on_what_its_target_declines_is_a_rejection():
    from tzer.execution.executor import declined_crash
    from tzer.vocabulary import ExecResult, Outcome

    def crashed():
        outcome = Outcome(status=Status.CRASH, message="worker died: exit code 1")
        return ExecResult(status=Status.CRASH, outcome=outcome, log_tail=(
            "[12:00:00] warning\nLLVM ERROR: unable to map instruction: DBG_VALUE %1:_(<32 x s32>)\n"))

    gisel = crashed()
    declined_crash(gisel, "llvm-aarch64-gisel")  # GlobalISel was forced on: its limits are declared
    assert gisel.status == gisel.outcome.status == Status.REJECTED
    assert gisel.outcome.message.startswith("LLVM ERROR: unable to map instruction")
    host = crashed()
    declined_crash(host, targets.HOST)  # the default code path: LLVM stopping is a crash to report
    assert host.status == Status.CRASH


def test_a_target_move_skips_targets_its_function_and_sequence_were_compiled_for(tmp_path):
    import random

    from tzer.cli import build_parser
    from tzer.engine.campaign import Campaign
    from tzer.options import options_from
    from tzer.vocabulary import Seed

    argv = ["fuzz", "-o", str(tmp_path / "out"), "--targets", "llvm,c,cuda,opencl", "--seeds",
            str(write_seeds(tmp_path / "seeds", {"good": GOOD_SEED}))]
    campaign = Campaign(options_from(build_parser().parse_args(argv), argv), random.Random(0))
    seed = Seed(1, GOOD_SEED, [], target="llvm", function_hash="f1")
    campaign.tested("f1", [], "c")  # a sibling already compiled it for c
    campaign.tested("f1", [{"name": "tirx.RemoveNoOp"}], "cuda")  # another sequence: no bearing
    assert {campaign.draw_target(seed) for _ in range(40)} == {"cuda", "opencl"}
    campaign.tested("f1", [], "cuda")
    campaign.tested("f1", [], "opencl")
    assert campaign.draw_target(seed) is None


VECTORIZED = """
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in T.vectorized(8):
        B[i] = A[i] * 3 + 1
"""

HALF_ROUND = """
@T.prim_func
def main(A: T.Buffer((4,), "float16"), B: T.Buffer((4,), "float16")):
    for i in range(4):
        B[i] = T.round(A[i])
"""

EXPLICIT_VECTOR = """
@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    A[T.ramp(0, 1, 4)] = T.broadcast(T.int32(2), 4)
"""

# A kernel bound to a GPU thread, with a global allocation: on a CPU target LowerTVMBuiltin failed on
# it ("Check failed: (device_id_)", c37's exception-70f3d940) before the code generator could say it
# has no thread index.
THREAD_BOUND = """
@T.prim_func(s_tir=True)
def main(A: T.Buffer((), "float32"), C: T.Buffer((), "float32")):
    for t in T.thread_binding(1, thread="threadIdx.x"):
        with T.sblock("C"):
            vi = T.axis.spatial(1, 0)
            T.reads(A[()])
            T.writes(C[()])
            buf = T.alloc_local((1,), "uint8")
            buf[0] = T.uint8(0)
"""

C_MATH_KERNEL = """
@T.prim_func(s_tir=True)
def main(a: T.Buffer((1,), "float32")):
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    a[0] = T.call_pure_extern("float32", "expm1f", T.float32(0.0))
"""

EXTERN_KERNEL = """
@T.prim_func
def main(a: T.Buffer((1,), "int32"), b: T.Buffer((8,), "float16")):
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    T.evaluate(T.call_extern("int32", "decode_i4s", a.data, b.data, 8))
"""

FIXED_POINT_KERNEL = """
@T.prim_func
def main(a: T.Buffer((1,), "int32")):
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    a[0] = T.q_multiply_shift(a[0], 805306368, 31, -1)
"""

# NVIDIA's PTX intrinsics (from TVM's CUDA tests) in a kernel: only CUDA and NVPTX lower them.
PTX_COMMIT = """
@T.prim_func
def main(A: T.Buffer((32,), "float32")):
    for tx in T.thread_binding(32, thread="threadIdx.x"):
        T.ptx.cp("async", "commit_group", "")
        A[tx] = T.float32(1.0)
"""

# Dynamic shared memory, which Metal's code generator has no scope for.
DYNAMIC_SHARED = """
@T.prim_func
def main(A: T.Buffer((32,), "float32")):
    for tx in T.thread_binding(32, thread="threadIdx.x"):
        S = T.alloc_buffer((32,), "float32", scope="shared.dyn")
        S[tx] = A[tx]
        A[tx] = S[tx] + T.float32(1.0)
"""

# A CUDA tensor-core fragment, allocated by a block as MetaSchedule's wmma designs do: Metal has
# no such scope (c41's exception-0c63e80f).
WMMA_FRAGMENT = """
@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float16")):
    F = T.sblock_alloc_buffer((16,), "float16", scope="wmma.accumulator")
    for i in range(16):
        with T.sblock("f"):
            vi = T.axis.spatial(16, i)
            F[vi] = A[vi]
    for i in range(16):
        with T.sblock("g"):
            vi = T.axis.spatial(16, i)
            A[vi] = F[vi]
"""

# Two nested unrolled loops of 64: LLVM would copy the body 4,096 times (c41's hang-f2151592 was
# an 18,432-iteration nest, 163 s to compile).
UNROLLED_NEST = """
@T.prim_func
def main(A: T.Buffer((64, 64), "float32")):
    for i in T.unroll(64):
        for j in T.unroll(64):
            A[i, j] = A[i, j] + T.float32(1.0)
"""


def test_c_builds_vectorized_loops_as_tvms_own_c_flows_do():
    # TVM's C flows set tirx.disable_vectorize: the C code generator has no vector types
    # (`int32_t8` was not declared), so the loop is scalarized, built and run.
    outcome, _ = run(VECTORIZED, "c", checks={"differential": True, "reference": True})
    assert outcome.status == Status.OK, outcome.message
    assert outcome.details["run"] == "agreed"


NO_CUDA_OPS = "has no NVIDIA PTX intrinsics, CUDA launch modes or TIRx tile programs"
NO_THREADS = "is a CPU target: it has no GPU thread index (threadIdx, blockIdx)"


@pytest.mark.parametrize("script, target, why", [
    (HALF_ROUND, "c", "c has no float16 type"),
    (EXPLICIT_VECTOR, "c", "c has no vector types"),
    (EXPLICIT_VECTOR, "webgpu", None),
    (HALF_ROUND.replace("float16", "float64").replace("T.round", "T.exp"), "metal", "metal has no float64 type"),
    # CUDA has no int32x5 ("only support even lane for int32 type with lanes > 4") nor ulonglong8.
    (EXPLICIT_VECTOR.replace("(8,)", "(10,)").replace(", 4)", ", 5)"), "cuda",
     "cuda has no vectors of 5 lanes (it has 2, 3, 4)"),
    (EXPLICIT_VECTOR.replace("int32", "uint64").replace(", 4)", ", 8)"), "cuda",
     "cuda has no vectors of 8 lanes (it has 2, 3, 4)"),
    # NVPTX's libdevice has exp for float32 and float64 only ("Only support float32 or float64").
    (HALF_ROUND.replace("T.round", "T.exp"), "nvptx", "nvptx cannot lower exp on float16"),
    # sigmoid is legalized into exp first (c30e's exception-07340076).
    (HALF_ROUND.replace("T.round", "T.sigmoid"), "nvptx", "nvptx cannot lower sigmoid on float16"),
    # LLVM's GPU code generators take serial loops only ("op->kind == ForKind::kSerial").
    (HALF_ROUND.replace("range(4)", "T.parallel(4)"), "rocm", "rocm has no parallel loops"),
    (THREAD_BOUND, "llvm", "llvm is a CPU target: it has no GPU thread index (threadIdx, blockIdx)"),
    (THREAD_BOUND.replace("threadIdx.x", "vthread"), "llvm", None),
    (PTX_COMMIT, "rocm", f"rocm {NO_CUDA_OPS} (tirx.ptx.cp_async_commit_group)"),
    (PTX_COMMIT, "opencl", f"opencl {NO_CUDA_OPS} (tirx.ptx.cp_async_commit_group)"),
    (PTX_COMMIT, "cuda", None),
    (PTX_COMMIT, "nvptx", f"nvptx {NO_CUDA_OPS} (tirx.ptx.cp_async_commit_group)"),
    (DYNAMIC_SHARED, "metal", "metal has no shared.dyn memory"),
    (DYNAMIC_SHARED, "cuda", None),
    (WMMA_FRAGMENT, "metal", "metal has no wmma.accumulator memory"),
    # Only the fragment intrinsics of a tensorized schedule access a fragment (c41's exception-48a5925d).
    (WMMA_FRAGMENT, "cuda", "a tensor-core fragment (wmma.* scope) is accessed element by element: it was never "
     "tensorized"),
    # C's float32 math names (`expm1f`) exist in CUDA's library; OpenCL C overloads `expm1`, WGSL has
    # none (c42's exception-7b55a3f2, 78b2b72e: kernels that PoCL and naga rightly refuse).
    (C_MATH_KERNEL, "opencl", "opencl has no C math library function expm1 on float32"),
    (C_MATH_KERNEL, "webgpu", "webgpu has no C math library function expm1 on float32"),
    (C_MATH_KERNEL, "cuda", None),
    # WGSL has no external functions (c44's exception-53d51b4c), nor 64-bit integers for the fixed-point
    # multiply LowerIntrin expands (c44's exception-09182d4c).
    (EXTERN_KERNEL, "webgpu", "webgpu cannot call an external function (decode_i4s)"),
    (EXTERN_KERNEL, "cuda", None),
    (FIXED_POINT_KERNEL, "webgpu", "webgpu cannot lower q_multiply_shift on int32"),
    (FIXED_POINT_KERNEL, "opencl", None),
    (UNROLLED_NEST, "llvm", "llvm would unroll 4096 loop iterations (more than 1024): a slow build"),
    (UNROLLED_NEST.replace("T.unroll(64)", "T.unroll(16)"), "llvm", None),
])
def test_what_a_target_lacks_is_refused_by_cause_before_it_compiles(script, target, why):
    outcome, _ = run(script, target)
    if why is None:  # WebGPU has vectors of 4 lanes; a virtual thread is lowered away on a CPU; CUDA has both
        assert outcome.pass_name != f"target limit [{target}]", outcome.message
        return
    assert outcome.status == Status.REJECTED
    assert outcome.message == why and outcome.pass_name == f"target limit [{target}]"


# Forms the verifiers let pass but TVM never means, each with the change that makes it a test:
# (function, why the harness calls it invalid, text to replace, replacement).
NO_TESTS = [
    # The init runs once per spatial instance: a reduction variable has no value there, and the
    # schedules that decompose the reduction leave it undefined (MetaSchedule reported "Invalid use
    # of undefined variable v_rv0").
    pytest.param("""
@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4, 8), "float32")):
    for i, k in T.grid(4, 8):
        with T.sblock("r"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi, vk] = T.float32(0)
            B[vi, 0] = B[vi, 0] + A[vi, vk]
""", "init uses a reduction variable", "B[vi, vk] = T.float32(0)", "B[vi, 0] = T.float32(0)", id="init-reduction-var"),
    # Every instance stores T_add[0] before its own element: the result depends on an order that
    # TensorIR leaves open (meta_schedule's vectorized loop and the interpreter's serial one differed).
    pytest.param("""
@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float32"), T_add: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.sblock("T_add"):
            v = T.axis.spatial(16, i)
            T_add[0] = T.float32(1)
            T_add[v] = A[v]
""", "store to the same element", "            T_add[0] = T.float32(1)\n", "", id="spatial-collision"),
    # c30f's inconsistency-b1e3d75b: the init zeroes C[vi, 0] only, the other instances accumulate
    # into what was there; after cache_write that is a fresh buffer's garbage.
    pytest.param("""
@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float32"), C: T.Buffer((4, 4), "float32")):
    for i, j, k in T.grid(4, 4, 8):
        with T.sblock("r"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, 0] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk]
""", "store to the same element", "C[vi, 0] = T.float32(0)", "C[vi, vj] = T.float32(0)", id="init-collision"),
    # c30f's exception-706b44b7: the hint keyed by an enclosing loop's var, which UnrollLoop made a
    # constant, failed LoopPartition's check. TVM writes it from the loop's annotation.
    pytest.param("""
@T.prim_func
def main(A: T.Buffer((16,), "float32")):
    for i in range(4):
        T.attr(i, "pragma_loop_partition_hint", 1)
        for k in range(4):
            A[i * 4 + k] = A[i * 4 + k] + T.float32(1)
""", "loop partition hint", '        T.attr(i, "pragma_loop_partition_hint", 1)\n        for k in range(4):',
                 '        for k in T.serial(4, annotations={"pragma_loop_partition_hint": 1}):', id="partition-hint"),
    # c30f's exception-6fdd3003: CodeGenCPU refuses a launch point with no parallel loop inside
    # ("Cannot find parallel loop within parallel launch"), on purpose.
    pytest.param("""
@T.prim_func
def main(A: T.Buffer((8,), "float32")):
    with T.attr(0, "pragma_parallel_launch_point", 1):
        for i in T.serial(8):
            A[i] = A[i] + T.float32(1)
""", "holds no parallel loop", "T.serial(8)", "T.parallel(8)", id="launch-point"),
    # c30e's exception-fb08f0a5: `T.popcount(T.assume(...))` failed in LLVM codegen, which gives
    # the hint no value. TVM writes and reads `assume` only as a statement.
    pytest.param("""
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = T.popcount(T.Cast("int32", T.assume(A[i] < 4)))
""", "used as a value", 'A[i] = T.popcount(T.Cast("int32", T.assume(A[i] < 4)))',
                 "T.evaluate(T.assume(A[i] < 4))\n        A[i] = T.popcount(A[i])", id="assume-value"),
    # c30e's exception-5e90900c: TVM's constant folder refuses `uint8(0) - uint8(1)` on purpose
    # ("will cause a negative uint"). The same subtraction of a loaded value is a test.
    pytest.param("""
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "uint8")):
    A[0] = T.Cast("int32", T.Cast("uint8", T.uint16(0)) - T.uint8(1))
""", "below zero", 'T.Cast("uint8", T.uint16(0))', "B[0]", id="negative-unsigned"),
]


@pytest.mark.parametrize("script, why, before, after", NO_TESTS)
def test_a_form_tvm_never_means_is_no_test_and_its_fix_is(script, why, before, after):
    outcome, _ = run(script, "llvm")
    assert outcome.status == Status.INVALID and why in outcome.message, outcome.message
    assert before in script
    outcome, _ = run(script.replace(before, after), "llvm")
    assert outcome.status == Status.OK, outcome.message


# c44's exception-a5b6e580: InjectSoftwarePipeline waits for a stage with the queue's scope directly
# around the in-flight count, and RemoveNoOp takes them apart as a pair.
SPLIT_ASYNC_WAIT = """
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    with T.attr(0, "async_wait_queue_scope", 0):
        for i in range(4):
            A[i] = A[i] + T.float32(1)
"""


def test_an_async_wait_scope_split_from_its_in_flight_count_is_no_test():
    outcome, _ = run(SPLIT_ASYNC_WAIT, "llvm")
    assert outcome.status == Status.INVALID and "without async_wait_inflight_count" in outcome.message, \
        outcome.message
    scope = 'T.attr(0, "async_wait_queue_scope", 0)'
    paired = SPLIT_ASYNC_WAIT.replace(scope, f'{scope}, T.attr(0, "async_wait_inflight_count", 1)')
    outcome, _ = run(paired, "llvm")
    # The pair is a test: the CPU's code generator has no asynchronous copies to wait for.
    assert outcome.status == Status.REJECTED and outcome.message == "not implemented", outcome.message


def test_an_output_the_passs_own_tests_accept_is_no_ill_formed_finding():
    # c30f's ill_formed-5ee28c58: the cross-thread block uses the reduction loop's var, as every
    # expected output of TVM's LowerCrossThreadReduction tests does (they turn the check off).
    script = """
@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1, 2), "int64"), A_red: T.Buffer((), "int64")):
    for k0, k1, k2 in T.grid(1, 1, 1):
        with T.sblock("A_red"):
            v_k0, v_k1 = T.axis.remap("RR", [k0, k1])
            v_k2 = T.axis.reduce(2, k2)
            T.reads(A[v_k0, v_k1, v_k2])
            T.writes(A_red[()])
            with T.init():
                A_red[()] = T.int64(0)
            A_red[()] = A_red[()] + A[v_k0, v_k1, v_k2]
"""
    passes = [{"name": "schedule.dlight"}, {"name": "s_tir.LowerCrossThreadReduction"}]
    outcome, _ = run(script, "rocm-gfx1100", passes=passes)
    assert outcome.status == Status.OK, outcome.message
    assert not is_accepted_ill_formed("s_tir.LowerOpaqueBlock", "Loop iterator var ax0 is defined outside of any "
                                      "block, but is used inside the non-opaque current block")


RETURNS_IN_PARALLEL = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32) -> T.int32:
    for i in T.parallel(4):
        A[i] = 1
        return n
"""

UNROLLS_A_SYMBOLIC_LOOP = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    for i in T.unroll(n):
        A[i % 4] = i
"""

# A loop annotated with pipeline stages but no order: InjectSoftwarePipeline refuses it by name.
PIPELINE_WITHOUT_ORDER = """
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1), "float32"), C: T.Buffer((1, 1), "float32")):
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    for i in T.serial(1, annotations={"software_pipeline_stage": [0, 1]}):
        with T.sblock(""):
            T.reads(A[0, i])
            T.writes(C[0, i])
            B = T.sblock_alloc_buffer((16, 1), scope="shared")
            with T.sblock(""):
                T.reads(A[0, i])
                T.writes(B[0, 0])
                B[0, 0] = T.float32(0.0)
            with T.sblock(""):
                T.reads(B[0, 0])
                T.writes(C[0, i])
                C[0, i] = T.float32(0.0)
"""

# Warp memory for 32 lanes of threadIdx.x, where Metal's warp is 16 wide.
WARP_OF_32 = """
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1), "float32")):
    B = T.sblock_alloc_buffer((128, 4, 32), scope="warp")
    for i_o in T.thread_binding(1, thread="threadIdx.y"):
        for i_i in T.thread_binding(32, thread="threadIdx.x"):
            with T.sblock("B"):
                warp_id, lane_id = T.axis.remap("SS", [i_o, i_i])
                vj = T.axis.spatial(1, 0)
                T.reads(A[warp_id, vj])
                T.writes(B[vj, warp_id, lane_id])
                B[vj, warp_id, lane_id] = T.float32(0.0)
"""


# A warp buffer in a kernel without threadIdx.x, over which warp memory is striped (c42's exception-8184b563).
WARP_WITHOUT_LANES = """
@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 16), "float32"), C: T.Buffer((1, 16), "float32")):
    for i0 in T.thread_binding(1, thread="blockIdx.x"):
        with T.sblock(""):
            T.reads(A[i0, 0:16])
            T.writes(C[i0, 0:16])
            B = T.sblock_alloc_buffer((4, 16), scope="warp")
            with T.sblock(""):
                T.reads(A[i0, 0])
                T.writes(B[0, 0])
                B[0, 0] = T.float32(0.0)
"""


@pytest.mark.parametrize("script, target, message", [
    (PIPELINE_WITHOUT_ORDER, "rocm", "Order of the software pipeline is not defined"),
    (WARP_OF_32, "metal", "to enable warp memory"),
    (WARP_WITHOUT_LANES, "rocm", "Cannot find warp index(threadIdx.x)"),
    (RETURNS_IN_PARALLEL, "llvm", "Return cannot be used in parallel scope"),
    (RETURNS_IN_PARALLEL, "cuda", "Device kernel may only contain a successful return"),
    (UNROLLS_A_SYMBOLIC_LOOP, "llvm", "Cannot unroll non-constant loop"),
])
def test_a_return_or_loop_a_build_refuses_by_design_is_a_rejection(script, target, message):
    # Functions of TVM's own tests (a return value) moved into a parallel loop or a kernel, and an unrolled
    # loop without a constant extent: the build says what it refuses, and that is no bug.
    outcome, _ = run(script, target)
    assert outcome.status == Status.REJECTED and message in (outcome.message or ""), outcome


NAMES_ITS_TARGET = """
from tvm.script import tirx as T

@T.prim_func
def main(arg: T.float32) -> T.int32:
    T.func_attr({"target": T.target({"kind": "llvm", "host": {"kind": "llvm"}})})
    if T.tan(arg) > T.float32(0.0):
        return 10
"""


def test_a_function_that_names_a_target_is_compiled_for_the_tests_target():
    # A seed from TVM's BindTarget tests names llvm; compiled for c, TVM lowered it by llvm's rules
    # and the C code generator met llvm's intrinsics (c30g's exception-6062f2e2).
    outcome, mutant = run(NAMES_ITS_TARGET, "c")
    assert outcome.status == Status.OK, outcome
    assert '"kind": "c"' in mutant and '"kind": "llvm"' not in mutant


# TVM's lowering pins device code to its target (`T.attr(T.target(...), "target", 0)`), and seeds
# carry that: built for rocm, the region was built by the CUDA code generator, and rocm's device
# code had no kernel (c40's ill_formed-44206c02).
PINS_CUDA = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((16,), "float32")):
    T.attr(T.target({"kind": "cuda", "arch": "sm_50"}), "target", 0)
    tx = T.launch_thread("threadIdx.x", 16)
    A[tx] = A[tx] + T.float32(1.0)
"""


@pytest.mark.parametrize("target", ["rocm", "opencl"])
def test_a_region_pinned_to_another_target_is_built_for_the_tests_target(target):
    outcome, mutant = run(PINS_CUDA, target)
    assert outcome.status == Status.OK, outcome.message
    assert '"kind": "cuda"' not in mutant, mutant


# 80 KiB of shared memory in one kernel: the AMDGPU back end stops the process (64 KiB on the GPU).
TOO_MUCH_SHARED = """
@T.prim_func
def main(A: T.Buffer((20480,), "float32")):
    for tx in T.thread_binding(64, thread="threadIdx.x"):
        S = T.alloc_buffer((20480,), "float32", scope="shared")
        for i in range(320):
            S[i * 64 + tx] = A[i * 64 + tx]
        for i in range(320):
            A[i * 64 + tx] = S[(i * 64 + tx + 1) % 20480]
"""
BUILD_FOR_ROCM = ("import sys, tvm, tzer.targets; from tirkit.script import from_script; "
                  "tvm.compile(from_script(sys.stdin.read()), target=tzer.targets.get('rocm').target())")


def test_a_kernel_over_the_gpus_shared_memory_stops_the_amdgpu_back_end_which_is_a_rejection():
    import subprocess
    import sys

    from tzer.execution.executor import declined_crash
    from tzer.vocabulary import ExecResult, Outcome

    done = subprocess.run([sys.executable, "-c", BUILD_FOR_ROCM], input=TOO_MUCH_SHARED, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode != 0, done.stderr[-2000:]
    result = ExecResult(status=Status.CRASH, outcome=Outcome(status=Status.CRASH, message="worker died: exit code 1"),
                        log_tail=done.stderr)
    declined_crash(result, "rocm")
    assert result.status == Status.REJECTED and "exceeds limit (65536)" in result.outcome.message, done.stderr[-2000:]


# TVM's own test of LowerCrossThreadReduction's Condition 1 (a ValueError naming the block), one of
# the seeds: a loop between the thread-bound reduction loop and its block (c46's exception-436c5f0f).
NOT_DEEPEST = (Path(__file__).resolve().parents[2] / "seeds" / "tvm_tests" /
               "test_s_tir_transform_lower_cross_thread_reduction__reduction_loop_not_deepest.py").read_text()


def test_a_cross_thread_reduction_whose_loops_are_not_the_deepest_is_refused_as_the_pass_documents():
    outcome, _ = run(NOT_DEEPEST, "cuda")
    assert outcome.status == Status.REJECTED and "deepest" in outcome.message, outcome.message
    outer, inner = '    for k in T.thread_binding(128, thread="threadIdx.x"):\n', "        for i in range(128):\n"
    deepest = NOT_DEEPEST.replace(outer + inner, '    for i in range(128):\n        for k in T.thread_binding(128, '
                                                 'thread="threadIdx.x"):\n')
    assert deepest != NOT_DEEPEST and run(deepest, "cuda")[0].status == Status.OK


# c47's exception-987f8b15: a seed from a CUDA test asks its kernel for CUDA's programmatic dependent
# launch, which CodeGenMetal takes for a thread tag and fails on.
DEPENDENT_LAUNCH = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((16,), "float32")):
    T.func_attr({"tirx.kernel_launch_params": ["threadIdx.x", "tirx.use_programtic_dependent_launch"]})
    tx = T.launch_thread("threadIdx.x", 16)
    A[tx] = T.float32(0.0)
'''


def test_a_cuda_launch_mode_is_refused_on_a_gpu_without_the_cuda_runtime():
    outcome, _ = run(DEPENDENT_LAUNCH, "metal")
    assert outcome.status == Status.REJECTED and "use_programtic_dependent_launch" in outcome.message, outcome
    assert run(DEPENDENT_LAUNCH, "cuda")[0].status == Status.OK


# A TIRx tile program from TVM's own test of LowerTIRx (test_lower_scope_id), as shipped among the seeds.
TILE_PROGRAM_SEED = "test_transform_lower_tirx__test_lower_scope_id_before1.py"


def test_a_tile_program_is_lowered_by_lower_tirx_first_and_built_for_cuda_only(tmp_path):
    import random

    import seeds
    from tirkit.script import is_tile_program
    from tzer.cli import build_parser
    from tzer.engine.campaign import Campaign
    from tzer.options import options_from
    from tzer.passes.mutation import repair

    script = (seeds.TVM_TESTS_DIR / TILE_PROGRAM_SEED).read_text()
    assert is_tile_program(script) and not is_tile_program(GOOD_SEED)
    lowered = repair([], block_form=False, tile_program=True)
    outcome, _ = run(script, "cuda", passes=lowered)
    assert outcome.status == Status.OK, outcome.message
    # Only CUDA resolves its scope ids: LowerTIRx says so for another target, which refuses the
    # function by cause before compiling.
    outcome, _ = run(script, "rocm", passes=lowered)
    assert outcome.status == Status.REJECTED, outcome.message
    assert outcome.message.startswith("Cannot resolve ScopeIdDef for target=rocm"), outcome.message
    func = from_script(script)
    assert targets.get("rocm").refusal([func]) == f"rocm {NO_CUDA_OPS} (tirx.device_entry)"
    assert targets.get("llvm").refusal([func]) == f"llvm {NO_THREADS}"
    assert targets.get("cuda").refusal([func]) is None
    argv = ["fuzz", "-o", str(tmp_path / "out"), "--targets", "llvm,c,cuda,opencl,rocm", "--seeds",
            str(write_seeds(tmp_path / "seeds", {"good": GOOD_SEED}))]
    campaign = Campaign(options_from(build_parser().parse_args(argv), argv), random.Random(0))
    assert {campaign._initial_target(script) for _ in range(20)} == {"cuda"}


def test_tirx_scope_ids_outside_a_tile_program_are_no_test():
    import seeds

    script = (seeds.TVM_TESTS_DIR / TILE_PROGRAM_SEED).read_text()
    entry = '    T.attr({"tirx.device_entry": T.bool(True)})\n'
    assert entry in script
    # Without its entry the scope ids stay: the default pipeline has no rule for them.
    outcome, _ = run(script.replace(entry, ""), "cuda")
    assert outcome.status == Status.INVALID and "outside a tile program" in outcome.message, outcome.message


def test_the_unoptimized_build_of_a_tile_program_lowers_its_language_first():
    import seeds
    from tzer.runtime.testrun import BuildError, PipelineTracker, TestRun

    func = from_script((seeds.TVM_TESTS_DIR / TILE_PROGRAM_SEED).read_text()).with_attr("global_symbol", "main")
    test = TestRun(func, [], 0, lambda _: None, PipelineTracker(lambda _: None), target=targets.get("cuda"))
    assert test.reference_build() is not None
    # tvm.compile's default pipeline alone has no rule for the scope ids.
    with pytest.raises(BuildError, match="ScopeIdDefStmt"):
        test.build(tvm.IRModule({"main": func}), 0)
