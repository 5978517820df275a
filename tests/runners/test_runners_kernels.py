"""GPU builds run on CPU drivers, their kernels launched by tzer as TVM's runtimes would: `opencl` on
PoCL, `webgpu` on lavapipe. They are judged like the host's: a barrier removed from a shared-memory
reduction is caught on that build, source PoCL refuses is the code generator's, and right builds
agree."""

import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
import tvm
from test_runners_qemu import judge

from tirkit.script import from_script
from tzer import runners, targets
from tzer.runners import kernels
from tzer.runners.base import Plan, RunFailed
from tzer.runners.launch import KeepSplit, KernelBuild, launches
from tzer.runtime.testrun import TestRun
from tzer.vocabulary import Status

# Each target, the runner module that launches its kernels and the barrier its source spells.
DRIVERS = {"opencl": (kernels, "barrier(CLK_LOCAL_MEM_FENCE);"), "webgpu": (kernels, "workgroupBarrier();")}


def needs_driver(target: str) -> None:
    answer = runners.placement(targets.get(target))
    if not (isinstance(answer, Plan) and answer.runner == target):
        pytest.skip(f"{target} builds do not run here: {runners.why_not(targets.get(target))}")


# Tree reductions in shared memory, two chunks a block: each step reads what other threads wrote
# before the barrier. (Two chunks, so that without barriers the first reads the second's values left
# in shared memory by an earlier run, never by chance its own.)
REDUCTION = """
@T.prim_func
def main(A: T.Buffer((512,), "int32"), B: T.Buffer((8,), "int32")):
    for bx in T.thread_binding(4, "blockIdx.x"):
        S = T.alloc_buffer((64,), "int32", scope="shared")
        for tx in T.thread_binding(64, "threadIdx.x"):
            for chunk in range(2):
                S[tx] = A[bx * 128 + chunk * 64 + tx]
                T.tvm_storage_sync("shared")
                for s in T.unroll(6):
                    if tx < T.shift_right(32, s):
                        S[tx] = S[tx] + S[tx + T.shift_right(32, s)]
                    T.tvm_storage_sync("shared")
                if tx == 0:
                    B[bx * 2 + chunk] = S[0]
                T.tvm_storage_sync("shared")
"""

# Two kernels, the second reading what the first wrote to an intermediate buffer; scalar arguments.
TWO_KERNELS = """
@T.prim_func
def main(A: T.Buffer((2, 96), "float32"), C: T.Buffer((2, 96), "float32"), n: T.int32, x: T.float32):
    B = T.alloc_buffer((2, 96), "float32")
    for by in T.thread_binding(2, "blockIdx.y"):
        for bx in T.thread_binding(3, "blockIdx.x"):
            for tx in T.thread_binding(32, "threadIdx.x"):
                B[by, bx * 32 + tx] = A[by, bx * 32 + tx] * x + T.Cast("float32", n)
    for bx in T.thread_binding(2, "blockIdx.x"):
        for tx in T.thread_binding(96, "threadIdx.x"):
            C[bx, tx] = B[bx, 95 - tx] - T.float32(1)
"""


def plant_source(monkeypatch, target: str, rewrite) -> None:
    """Plant a miscompile in the optimized build of `target` only: `rewrite` changes the kernel
    source its driver compiles."""
    module = DRIVERS[target][0]
    make, compile_for_real = module.kernel_build, TestRun.compile
    optimized = []

    def compile_marked(self, mod, opt_level):
        executable = compile_for_real(self, mod, opt_level)
        if opt_level == 3:
            optimized.append(executable)
        return executable

    def planted(executable, split):
        build = make(executable, split)
        if not any(executable is built for built in optimized):
            return build
        return KernelBuild(build.executable, rewrite(build.source), build.split)

    monkeypatch.setattr(TestRun, "compile", compile_marked)
    monkeypatch.setattr(module, "kernel_build", planted)


@pytest.mark.parametrize("target", DRIVERS)
@pytest.mark.parametrize("script", [REDUCTION, TWO_KERNELS], ids=["reduction", "two_kernels"])
def test_a_gpu_build_runs_on_a_cpu_driver_and_agrees_with_the_reference(script, target):
    needs_driver(target)
    outcome = judge(script, target)
    assert outcome.status == Status.OK, outcome.message
    assert outcome.details["run"] == "agreed"


@pytest.mark.parametrize("target", DRIVERS)
def test_a_barrier_removed_from_a_shared_memory_reduction_is_caught_on_that_build(monkeypatch, target):
    needs_driver(target)
    assert judge(REDUCTION, target).status == Status.OK
    barrier = DRIVERS[target][1]
    assert barrier in DRIVERS[target][0].kernel_build(*_built(REDUCTION, target)).source
    plant_source(monkeypatch, target, lambda source: source.replace(barrier, ""))
    outcome = judge(REDUCTION, target)
    assert outcome.status == Status.INCONSISTENCY, outcome.message
    assert "buffer argument 1 differs" in outcome.message
    assert outcome.details["run"] == "differ"


@pytest.mark.parametrize("target, compiler", [("opencl", "OpenCL C compiler (PoCL)"),
                                              ("webgpu", "WGSL compiler (naga)")])
def test_kernel_source_the_driver_refuses_is_the_code_generators_failure(monkeypatch, target, compiler):
    needs_driver(target)
    barrier = DRIVERS[target][1]
    plant_source(monkeypatch, target, lambda text: text.replace(barrier, barrier.rstrip(";"), 1))
    outcome = judge(REDUCTION, target)
    assert outcome.status == Status.EXCEPTION, outcome.message
    assert outcome.pass_name == f"{compiler} [{target}]"
    assert "main_kernel does not compile" in outcome.message
    # The same for every build: no temporary file PoCL compiled.
    assert ".cl:" not in outcome.message and "/tmp" not in outcome.message


@pytest.mark.parametrize("target", DRIVERS)
def test_the_repro_of_a_gpu_build_launches_its_kernels_on_the_cpu_driver_and_passes_where_it_agrees(tmp_path, target):
    from tzer.triage.finding import Case
    from tzer.triage.repro import repro_script, run_repro

    needs_driver(target)
    meta = {"kind": "inconsistency", "oracle": "reference", "target": target, "stage": "compare", "rng": 3,
            "pass": "default pipeline or codegen", "message": "wrong"}
    path = tmp_path / "repro.py"
    path.write_text(repro_script(Case(from_script(TWO_KERNELS).script(), []), meta, "0.27.0.post1"))
    code, output = run_repro(path, 120)
    assert code == 0, output
    assert "keep = KeepSplit()" in path.read_text()


def _built(script: str, target: str):
    """The build of `script` for `target` and its module after SplitHostDevice."""
    keep = KeepSplit()
    with targets.get(target).pass_context(3, instruments=[keep]):
        executable = tvm.compile(tvm.IRModule({"main": from_script(script)}), target=targets.get(target).target())
    return executable, keep.split


ASSERTS = """
@T.prim_func
def main(A: T.Buffer((32,), "float32"), n: T.int32):
    assert n < 5, "n is at most 4"
    for tx in T.thread_binding(32, "threadIdx.x"):
        A[tx] = A[tx] + T.Cast("float32", n)
"""


@pytest.mark.parametrize("target", DRIVERS)
def test_an_assertion_of_the_host_code_fails_the_run_as_a_host_builds_does(target):
    needs_driver(target)
    executable, split = _built(ASSERTS, target)
    build = DRIVERS[target][0].kernel_build(executable, split)
    runner = runners.runner_for(targets.get(target))
    loaded = runner.load(executable, targets.get(target), split)
    assert runner.run(loaded, targets.get(target), [np.zeros(32, "float32"), 3])[0].tolist() == [3.0] * 32
    with pytest.raises(RunFailed, match="n is at most 4"):
        launches(build.split, [np.zeros(32, "float32"), 7])


def test_the_driver_process_loads_neither_tvm_nor_coverage():
    needs_driver("opencl")
    process = kernels.DriverProcess()
    assert process.call("opencl", "problem") is None
    modules = process.call("process", "modules")
    assert "pyopencl" in modules
    assert not [name for name in modules if name.split(".")[0] in ("tvm", "tvm_ffi", "memcov")]


def test_a_kernel_that_crashes_the_driver_process_is_the_builds_crash_and_the_next_run_works(monkeypatch):
    needs_driver("opencl")
    plant_source(monkeypatch, "opencl", lambda text: text.replace("__local int S_ptr[64];",
                                                                   "__local int S_ptr[64]; *((__global int*)8) = 1;"))
    outcome = judge(REDUCTION, "opencl")
    assert outcome.status == Status.CRASH, outcome.message
    assert outcome.details["signal"] == "SIGSEGV"
    assert "the kernels crash PoCL" in outcome.message
    monkeypatch.undo()
    assert judge(REDUCTION, "opencl").details["run"] == "agreed"


def test_the_driver_process_dies_with_the_worker_that_started_it():
    """A worker killed for a hang must not leave a kernel spinning in its driver process."""
    # Once the driver answered, it asked to die with its worker; `sleep` then holds its stdin
    # open, as a kernel that never returns would keep it from reading the end of it.
    code = ("import subprocess, time; from tzer.runners.kernels import DriverProcess; driver = DriverProcess(); "
            "driver.call('process', 'modules'); "
            "subprocess.Popen(['sleep', '20'], pass_fds=[driver.process.stdin.fileno()]); "
            "print(driver.process.pid, flush=True); time.sleep(60)")
    worker = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    child = int(worker.stdout.readline())
    worker.kill()
    worker.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(child):
        time.sleep(0.1)
    assert not _alive(child)


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


# Host code around the kernel: a loop and a condition on a scalar argument decide its launches.
HOST_LOOP = """
@T.prim_func
def main(A: T.Buffer((4, 32), "float32"), B: T.Buffer((4, 32), "float32"), n: T.int32):
    for i in range(4):
        if i < n:
            for tx in T.thread_binding(32, "threadIdx.x"):
                B[i, tx] = A[i, tx] + T.Cast("float32", i)
"""


@pytest.mark.parametrize("target", DRIVERS)
def test_the_launches_follow_the_host_codes_loops_and_conditions(target):
    needs_driver(target)
    _, split = _built(HOST_LOOP, target)
    program = launches(split, [np.zeros((4, 32), "float32"), np.zeros((4, 32), "float32"), 3])
    assert [launch.args[-1].value for launch in program.launches] == [0, 1, 2]
    assert all(launch.block() == (32, 1, 1) and launch.grid() == (1, 1, 1) for launch in program.launches)
    assert judge(HOST_LOOP, target).details["run"] == "agreed"


# A kernel marked for programmatic dependent launch: the flag joins the launch parameters' tags
# but the launch call passes no operand for it (TVM's LaunchParamConfig::Init).
LAUNCH_FLAG = """
@T.prim_func
def main(A: T.Buffer((16,), "float32")):
    T.func_attr({"tirx.kernel_launch_params": ["threadIdx.x", "tirx.use_programtic_dependent_launch"]})
    for tx in T.thread_binding(16, "threadIdx.x"):
        A[tx] = A[tx] + T.float32(1.0)
"""


@pytest.mark.parametrize("target", DRIVERS)
def test_a_launch_mode_flag_among_the_launch_parameters_takes_no_extent(target):
    needs_driver(target)
    _, split = _built(LAUNCH_FLAG, target)
    program = launches(split, [np.zeros(16, "float32")])
    assert [launch.block() for launch in program.launches] == [(16, 1, 1)]


def test_the_compilers_first_error_leaves_out_pocls_temporary_file_where_a_header_macro_spelled_the_code():
    from tzer.drivers.opencl import first_error

    # c43's exception id_000311 and id_000323: one error, two signatures, each temporary file's name.
    spelled = "<Spelling=/lib/x86_64-linux-gnu/../../share/pocl/include/_builtin_renames.h:177:24>"
    logs = [f"error: /root/.cache/pocl/kcache/tempfile_{name}.cl:10:37 {spelled}: call to '_cl_select' is ambiguous"
            for name in ("KHB7mU", "msEOSW")]
    assert {first_error(log) for log in logs} == {"error: line 10: call to '_cl_select' is ambiguous"}


# 756,004 B of local memory once compacted, more than PoCL's device has (512 KiB): PoCL asserts when it launches
# such a kernel, instead of refusing it (c44's crash-292c89f4).
# A shared buffer of more than the device's local memory, which PoCL derives from the CPU's cache
# (512 KiB on one machine, 2 MiB on another): each of 64 threads stores one element of it, the
# last past the device's size.
TOO_MUCH_LOCAL_MEMORY = """
@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((1,), "float32")):
    for bx in T.thread_binding(1, "blockIdx.x"):
        S = T.alloc_buffer(({elements},), "float32", scope="shared")
        for tx in T.thread_binding(64, "threadIdx.x"):
            S[tx * {stride}] = A[tx]
            T.tvm_storage_sync("shared")
            if tx == 0:
                B[0] = S[{stride}]
"""


def _pocl_local_memory() -> int:
    """The local memory of the device the OpenCL driver runs kernels on (PoCL's first)."""
    import pyopencl as cl

    pocl = next(p for p in cl.get_platforms() if "Portable Computing Language" in p.name)
    return int(pocl.get_devices()[0].local_mem_size)


def test_a_kernel_needing_more_local_memory_than_the_device_has_is_not_run():
    needs_driver("opencl")
    device = _pocl_local_memory()
    # TVM shrinks the buffer to its last element used, by thread 63.
    stride = device // 4 // 63 + 64
    outcome = judge(TOO_MUCH_LOCAL_MEMORY.format(elements=64 * stride, stride=stride), "opencl")
    assert outcome.status == Status.OK, outcome.message
    assert outcome.details["run"] == "runner_error", outcome.details
    assert f"B of local memory, the device has {device} B" in outcome.details["runner_error"], outcome.details
