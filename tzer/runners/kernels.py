"""The runners that launch a GPU build's kernels themselves, on drivers for this CPU: `opencl`
builds on PoCL, `webgpu` builds on Mesa's lavapipe. The wheel's runtime has neither.

The host code after SplitHostDevice says which kernels run, with what arguments and extents
(`launch.py`, in the worker). The kernels run in a driver process of the worker's own
(`tzer.drivers`), which imports neither TVM nor coverage: both drivers carry an LLVM of their own,
whose threads in the worker ran into TVM's breakpoint-instrumented copy and crashed it. A kernel
that kills the driver process (PoCL runs it natively: an out-of-bounds write) is the build's
crash; the next run starts a new process.

Source its driver refuses is the code generator's (SourceRejected, as the build loads); what the
platform cannot do by design (8- and 16-bit integers in WGSL, device limits) is RunnerError.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import subprocess
import sys
import tempfile
import time
from functools import cache
from typing import Any, ClassVar

import numpy as np

from tzer.drivers.child import read_frame, write_frame
from tzer.runners.base import Arguments, Plan, Refusal, ReproRun, RunFailed, Runner, RunnerError, SourceRejected
from tzer.runners.device import target_kind
from tzer.runners.launch import REPRO_RUN, buffer_outputs, kernel_build, launches
from tzer.targets import TargetInfo

# How long one request may take: a run has its own limit inside the driver (wgsl.RUN_SECONDS);
# compiling a large kernel with LLVM takes seconds.
REQUEST_SECONDS = 60.0
REAP_SECONDS = 10.0


class DriverDied(Exception):
    """The driver process died while it answered: `signal` names what killed it."""

    def __init__(self, message: str, signal_name: str) -> None:
        super().__init__(message)
        self.signal = signal_name


class DriverProcess:
    """One driver process, started on the first request and again after it dies."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.log = tempfile.TemporaryFile()

    def call(self, driver: str, function: str, *args: Any, timeout: float = REQUEST_SECONDS) -> Any:
        """`function(*args)` of the driver module, answered by the process (raises RunnerError,
        SourceRejected, DriverDied)."""
        process = self._process()
        assert process.stdin is not None and process.stdout is not None
        ready = True
        try:
            write_frame(process.stdin, pickle.dumps((driver, function, args)))
            ready = bool(select.select([process.stdout], [], [], timeout)[0])
            payload = read_frame(process.stdout) if ready else None
        except (BrokenPipeError, OSError):
            payload = None
        if payload is None:
            raise self._died(timeout if not ready else None)
        reply = pickle.loads(payload)
        if reply[0] == "ok":
            return reply[1]
        if reply[0] == "refused":
            raise SourceRejected(reply[1], reply[2])
        raise RunnerError(reply[-1])

    def _process(self) -> subprocess.Popen[bytes]:
        if self.process is None or self.process.poll() is not None:
            self.log.seek(0)
            self.log.truncate()
            self.process = subprocess.Popen([sys.executable, "-m", "tzer.drivers.child"], stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=self.log, env=_child_environment())
        return self.process

    def _died(self, timeout: float | None) -> DriverDied:
        """Why no answer came: the process ran past `timeout` (then it is killed), or it died (its
        pipe closed: it is reaped, which can take a moment after the pipe closes)."""
        process = self.process
        assert process is not None
        if timeout is not None:
            process.kill()
            process.wait()
            return DriverDied(f"no answer within {timeout:g} s", "timeout")
        try:
            code = process.wait(timeout=REAP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            code = process.wait()
        name = signal.Signals(-code).name if code < 0 and -code in signal.valid_signals() else f"exit {code}"
        self.log.seek(0)
        tail = self.log.read().decode("utf-8", "replace").strip().splitlines()[-1:]
        return DriverDied(f"the driver process died ({name}){': ' + tail[0][:200] if tail else ''}", name)


def _child_environment() -> dict[str, str]:
    """The worker's environment without what loads coverage into a process."""
    return {key: value for key, value in os.environ.items() if key != "LD_PRELOAD"}


@cache
def driver_process() -> DriverProcess:
    """This process's driver process, shared by both runners."""
    return DriverProcess()


class KernelRunner(Runner):
    """A runner whose builds' kernels a driver module of tzer.drivers runs."""

    driver: ClassVar[str]
    kind: ClassVar[str]
    needs: ClassVar[str]
    # The drivers compile each kernel with LLVM as the build loads: like an emulator, only a share
    # of the tests pays for it.
    emulated = True

    @cache  # noqa: B019 - one answer per runner per process: the driver does not come and go
    def _problem(self) -> str | None:
        try:
            return driver_process().call(self.driver, "problem")
        except (RunnerError, DriverDied) as error:
            return f"the driver process fails: {error}"

    def plan(self, info: TargetInfo) -> Plan | Refusal:
        if target_kind(info.spec) != self.kind:
            return Refusal(self.name, f"not a {self.kind} target")
        problem = self._problem()
        if problem is not None:
            return Refusal(self.name, problem)
        return Plan(self.name, f"{driver_process().call(self.driver, 'device_name')}, kernels launched by tzer")

    def load(self, executable: Any, info: TargetInfo, split: Any = None) -> Any:
        """The build with its kernels compiled by the driver (raises SourceRejected)."""
        build = kernel_build(executable, split)
        try:
            driver_process().call(self.driver, "compile_kernels", build.source)
        except RunnerError:
            # A limit of this platform (a type WGSL lacks): the run meets it again and says so.
            pass
        except DriverDied as died:
            raise SourceRejected(f"{self.needs} crashed compiling it", str(died)) from died
        return build

    def run(self, executable: Any, info: TargetInfo, args: Arguments, variant: str | None = None) -> list[np.ndarray]:
        program = launches(executable.split, args)
        started = time.monotonic()
        try:
            program.memory = driver_process().call(self.driver, "run", executable.source, program)
        except DriverDied as died:
            if died.signal == "timeout":
                raise RunFailed(f"no result within {time.monotonic() - started:.0f} s on {self.needs}",
                                "timeout") from died
            raise RunFailed(f"the kernels crash {self.needs}: {died}", died.signal) from died
        return buffer_outputs(program, args)

    def repro(self, info: TargetInfo) -> ReproRun:
        return ReproRun(helpers=REPRO_RUN.format(driver=self.needs, module="kernels", runner=type(self).__name__),
                        imports=("from tzer.runners import kernels", "from tzer.runners.launch import KeepSplit"),
                        needs=f"{self.needs} and tzer")


class OpenCLRunner(KernelRunner):
    name = "opencl"
    driver = "opencl"
    kind = "opencl"
    needs = "PoCL (Debian: pocl-opencl-icd; pip install pyopencl)"


class WebGPURunner(KernelRunner):
    name = "webgpu"
    driver = "wgsl"
    kind = "webgpu"
    needs = "Mesa's lavapipe (Debian: mesa-vulkan-drivers; pip install wgpu)"
    # "Implementations may assume that overflow, infinities, and NaNs are not present" (WGSL 14.6).
    finite_math = True
