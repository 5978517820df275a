"""The WebGPU runner: `webgpu` builds run on Mesa's lavapipe, a Vulkan driver for this CPU, through
wgpu-native (PyPI `wgpu`). The wheel has no WebGPU runtime, so tzer launches the WGSL kernels
itself as TVM's JavaScript runtime would (`wgsl.py` says what it mirrors), with the launches of
the build's host code (`launch.py`).

WGSL that naga rejects as malformed is the code generator's failure (SourceRejected, as the
build loads); what WebGPU or lavapipe
cannot do by design (8- and 16-bit integers, device limits, llvmpipe's cap on loop iterations)
is the platform's (RunnerError), never a finding.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tzer.runners.base import Arguments, Plan, Refusal, ReproRun, Runner, RunnerError
from tzer.runners.device import target_kind
from tzer.runners.launch import REPRO_RUN, buffer_outputs, kernel_build, launches
from tzer.runners.wgsl import compile_kernels, run_wgsl, webgpu_device_name, webgpu_device_problem
from tzer.targets import TargetInfo


class WebGPURunner(Runner):
    name = "webgpu"
    # lavapipe compiles each kernel with LLVM: like an emulator, only a share of the tests pays.
    emulated = True
    # "Implementations may assume that overflow, infinities, and NaNs are not present" (WGSL 14.6).
    finite_math = True

    def plan(self, info: TargetInfo) -> Plan | Refusal:
        if target_kind(info.spec) != "webgpu":
            return Refusal(self.name, "not a WebGPU target")
        problem = webgpu_device_problem()
        if problem is not None:
            return Refusal(self.name, problem)
        return Plan(self.name, f"wgpu on {webgpu_device_name()}, kernels launched by tzer")

    def load(self, executable: Any, info: TargetInfo, split: Any = None) -> Any:
        """The build with its kernels compiled (raises SourceRejected for WGSL naga rejects)."""
        build = kernel_build(executable, split)
        try:
            compile_kernels(build.source)
        except RunnerError:
            # A limit of this platform (a type WGSL lacks): the run meets it again and says so.
            pass
        return build

    def run(self, executable: Any, info: TargetInfo, args: Arguments, variant: str | None = None) -> list[np.ndarray]:
        program = launches(executable.split, args)
        run_wgsl(executable.source, program)
        return buffer_outputs(program, args)

    def repro(self, info: TargetInfo) -> ReproRun:
        return ReproRun(helpers=REPRO_RUN.format(driver="lavapipe", module="webgpu", runner=type(self).__name__),
                        imports=("from tzer.runners import webgpu",),
                        needs="Mesa's lavapipe (Debian: mesa-vulkan-drivers), wgpu and tzer")
