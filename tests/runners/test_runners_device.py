"""The GPU path without a GPU: builds run through TVM's RPC server (a local CPU one here, as a GPU
box would serve its GPU), and the checks of GPU builds that need no device."""

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest
import tvm

from tirkit.script import from_script
from tzer import targets
from tzer.execution.harness import Harness
from tzer.runners.base import RunFailed, RunnerError
from tzer.runners.host import call_main
from tzer.runners.rpc import ADDRESS_VARIABLE, CONNECT_SECONDS, RpcRunner
from tzer.runtime.inputs import make_arguments
from tzer.triage.finding import Case
from tzer.triage.repro import repro_script, run_repro
from tzer.vocabulary import Status

ADD = """
@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i in range(64):
        B[i] = A[i] + T.float32(1)
"""

# An out-of-bounds store 4 GB away: the process that runs it dies of SIGSEGV.
CRASH = """
@T.prim_func
def main(A: T.Buffer((16,), "float32")):
    for i in range(16):
        A[i * 100000000 + 1000000000] = T.float32(1)
"""

BOUND = """
@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for bx in T.thread_binding(2, thread="blockIdx.x"):
        for tx in T.thread_binding(32, thread="threadIdx.x"):
            B[bx * 32 + tx] = A[bx * 32 + tx] + T.float32(1)
"""
# The same kernel, and one store outside it: host code that writes device memory.
STRAY = BOUND.replace('"float32")):\n', '"float32")):\n    B[0] = A[1]\n', 1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_rpc_server():
    port = free_port()
    log = tempfile.TemporaryFile()
    server = subprocess.Popen([sys.executable, "-m", "tvm.exec.rpc_server", "--host", "127.0.0.1", "--port", str(port),
                               "--port-end", str(port + 1)], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            log.seek(0)
            pytest.fail(f"the RPC server exited: {log.read().decode()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.2)
    return server, f"127.0.0.1:{port}"


@pytest.fixture
def rpc_server():
    server, address = start_rpc_server()
    yield address
    server.kill()
    server.wait()


def build(script: str, target: str):
    info = targets.get(target)
    func = from_script(script).with_attr("global_symbol", "main")
    with info.pass_context(3):
        return func, tvm.compile(tvm.IRModule({"main": func}), target=info.target())


def test_a_build_runs_on_the_device_of_an_rpc_server(rpc_server, monkeypatch):
    monkeypatch.setenv(ADDRESS_VARIABLE, rpc_server)
    func, executable = build(ADD, targets.HOST)
    args = make_arguments(func, np.random.default_rng(0))
    remote = RpcRunner().run(executable, targets.get(targets.HOST), args)
    for want, got in zip(call_main(executable, args), remote, strict=True):
        np.testing.assert_array_equal(got, want)


def test_a_build_that_crashes_on_the_rpc_server_is_the_builds_crash(rpc_server, monkeypatch):
    monkeypatch.setenv(ADDRESS_VARIABLE, rpc_server)
    runner, info = RpcRunner(), targets.get(targets.HOST)
    func, crashing = build(CRASH, targets.HOST)
    with pytest.raises(RunFailed) as failed:
        runner.run(crashing, info, make_arguments(func, np.random.default_rng(0)))
    assert failed.value.signal == "remote crash"
    # TVM's server stops answering after a session crashed: tzer's problem, reported in seconds.
    func, fine = build(ADD, targets.HOST)
    started = time.monotonic()
    with pytest.raises(RunnerError, match="does not answer|cannot reach"):
        runner.run(fine, info, make_arguments(func, np.random.default_rng(0)))
    assert time.monotonic() - started < 2 * CONNECT_SECONDS


def test_an_rpc_server_without_the_targets_device_runs_none_of_its_builds(rpc_server, monkeypatch):
    monkeypatch.setenv(ADDRESS_VARIABLE, rpc_server)
    refusal = RpcRunner().plan(targets.get("cuda"))
    assert refusal.why == f"the RPC server at {rpc_server} has no cuda device"


def judge(script, target):
    return Harness(report=lambda _event: None).run(from_script(script), [], {}, 1, target)


def test_a_kernel_bound_to_gpu_threads_passes_the_device_checks():
    outcome = judge(BOUND, "cuda")
    assert outcome.status == Status.OK, outcome.message


def test_host_code_that_accesses_device_memory_is_found_without_a_gpu():
    outcome = judge(STRAY, "cuda")
    assert outcome.status == Status.ILL_FORMED, outcome.message
    assert outcome.details == {**outcome.details, "oracle": "device_code", "check": "host_memory"}
    assert outcome.pass_name == "pipeline:tirx.VerifyMemory"
    assert outcome.error == "host code: store to B, load from A"


def test_an_nvptx_kernel_that_is_not_a_launchable_entry_is_found_without_a_gpu():
    # TVM 0.27's NVPTX code generator declares kernels `.visible .func`, which no driver launches.
    outcome = judge(BOUND, "nvptx")
    assert outcome.status == Status.ILL_FORMED, outcome.message
    assert outcome.details["check"] == "launchable" and outcome.pass_name == "codegen [nvptx]"
    assert outcome.error == "not kernel entries: main_kernel"


@pytest.mark.parametrize("script, target, check", [(STRAY, "cuda", "host_memory"), (BOUND, "nvptx", "launchable")])
def test_the_repro_of_a_device_check_fails_on_its_own(script, target, check, tmp_path):
    func = from_script(script)
    meta = {"kind": "ill_formed", "oracle": "device_code", "check": check, "target": target, "stage": "compile",
            "pass": "x", "message": "device check"}
    path = tmp_path / "repro.py"
    path.write_text(repro_script(Case(func.script(), []), meta, "0.27.0.post1"))
    code, output = run_repro(path, 120)
    assert code == 1, output
    assert ("accesses device memory" if check == "host_memory" else "does not define as kernel entries") in output


def test_a_gpu_repro_says_which_device_it_needs(tmp_path):
    meta = {"kind": "inconsistency", "oracle": "reference", "target": "cuda", "stage": "compare", "rng": 1,
            "pass": "x", "message": "wrong"}
    text = repro_script(Case(from_script(BOUND).script(), []), meta, "0.27.0.post1")
    assert "It runs the builds, which needs a cuda device (tvm.device('cuda', 0))." in text
    assert os.linesep.join(["def run(executable, args):"]) in text


# A block with no iteration variables and an init, around the whole body: DefaultGPUSchedule
# cannot bind it, so the function runs as one GPU thread (a seed from TVM's meta_schedule tests).
ROOT_INIT = (Path(__file__).parents[2] / "seeds" / "tvm_tests" /
             "test_meta_schedule_schedule_rule_auto_inline__test_no_inline_root_block_MaxReduction_main.py").read_text()


def test_a_function_run_as_one_gpu_thread_runs_its_outer_blocks_init_in_the_kernel():
    # The init stayed outside the thread binding: host code stored into device memory, and on an
    # H100 the build died of SIGSEGV.
    outcome = judge(ROOT_INIT, "cuda")
    assert outcome.status == Status.OK, outcome.message
