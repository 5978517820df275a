"""The OpenCL runner: `opencl` builds run on PoCL, an OpenCL implementation for this CPU, through
pyopencl. The wheel's runtime has no OpenCL, so tzer launches the kernels itself, as TVM's
OpenCL runtime would (src/backend/opencl/runtime/opencl_module.cc):

- the build's source is split at its `// Function: ` lines and each kernel is built alone, with
  no options (SplitKernels and clBuildProgram there);
- the launches and their arguments come from the host code (`launch.py`); the global size is the
  grid times the block on each of the launch's `work_dim` axes, the local size the block;
- every memory region is one buffer, copied in before the first launch and out after the last.

Source that PoCL refuses is the code generator's (a BuildError naming the OpenCL C compiler, as
generated C that cc refuses is). A launch the driver refuses (more work-items than PoCL allows) is
tzer's limit (RunnerError). A kernel that crashes takes the worker with it, which the executor
records as a crash, as it does for a host build.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from typing import Any

import numpy as np

from tzer.runners.base import Arguments, Plan, Refusal, ReproRun, Runner, RunnerError, SourceRejected
from tzer.runners.device import target_kind
from tzer.runners.launch import (
    REPRO_RUN,
    KernelBuild,
    Pointer,
    Program,
    buffer_outputs,
    kernel_build,
    launches,
    split_kernels,
)
from tzer.targets import TargetInfo

COMPILER = "OpenCL C compiler (PoCL)"


@cache
def _context() -> tuple[Any, Any] | str:
    """PoCL's context and an in-order queue, or why there is none."""
    if importlib.util.find_spec("pyopencl") is None:
        return "pyopencl is not installed (pip install pyopencl)"
    import pyopencl as cl

    try:
        platforms = cl.get_platforms()
    except cl.Error as error:
        return f"no OpenCL driver (Debian: pocl-opencl-icd): {error}"
    for platform in platforms:
        if "Portable Computing Language" in platform.name:
            devices = platform.get_devices()
            if devices:
                context = cl.Context(devices[:1])
                return context, cl.CommandQueue(context)
    return "no PoCL device (Debian: pocl-opencl-icd)"


class OpenCLRunner(Runner):
    name = "opencl"
    # PoCL compiles each kernel with LLVM as the build loads: like an emulator, only a share of
    # the tests pays for it.
    emulated = True

    def plan(self, info: TargetInfo) -> Plan | Refusal:
        if target_kind(info.spec) != "opencl":
            return Refusal(self.name, "not an OpenCL target")
        found = _context()
        if isinstance(found, str):
            return Refusal(self.name, found)
        return Plan(self.name, f"PoCL on this CPU ({found[0].devices[0].name.strip()}), kernels launched by tzer")

    def load(self, executable: Any, info: TargetInfo, split: Any = None) -> Any:
        """The build with each of its kernels compiled by PoCL (raises SourceRejected)."""
        build = kernel_build(executable, split)
        build.kernels.update(_programs(build.source))
        return build

    def run(self, executable: Any, info: TargetInfo, args: Arguments, variant: str | None = None) -> list[np.ndarray]:
        return run_program(executable, launches(executable.split, args), args)

    def repro(self, info: TargetInfo) -> ReproRun:
        return ReproRun(helpers=REPRO_RUN.format(driver="PoCL", module="opencl", runner=type(self).__name__),
                        imports=("from tzer.runners import opencl",),
                        needs="PoCL (Debian: pocl-opencl-icd), pyopencl and tzer")


def _programs(source: str) -> dict[str, Any]:
    """Each kernel of `source`, built alone (raises SourceRejected)."""
    import pyopencl as cl

    context, _ = _require()
    programs = {}
    for name, text in split_kernels(source).items():
        try:
            programs[name] = cl.Kernel(cl.Program(context, text).build(), name)
        except cl.Error as error:
            log = str(error).strip().splitlines()
            detail = next((line for line in log if "error:" in line), log[-1] if log else "")
            raise SourceRejected(COMPILER, f"kernel {name} does not compile: {detail.strip()[:300]}") from error
    return programs


def _require() -> tuple[Any, Any]:
    found = _context()
    if isinstance(found, str):
        raise RunnerError(found)
    return found


def run_program(build: KernelBuild, program: Program, args: Arguments) -> list[np.ndarray]:
    """Runs the launches of `program` with the kernels of `build`; the buffer arguments after."""
    import pyopencl as cl

    context, queue = _require()
    flags = cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR
    buffers = [cl.Buffer(context, flags, hostbuf=region if region.nbytes else np.zeros(1, np.uint8))
               for region in program.memory]
    for launch in program.launches:
        if launch.kernel not in build.kernels:
            raise RunnerError(f"the host code launches {launch.kernel}, which the source does not define")
        if launch.dynamic_shared_bytes():
            raise RunnerError("TVM's OpenCL runtime has no dynamic shared memory")
        kernel = build.kernels[launch.kernel]
        for index, arg in enumerate(launch.args):
            kernel.set_arg(index, buffers[arg.region] if isinstance(arg, Pointer) else _scalar(arg.dtype, arg.value))
        dims = launch.work_dim()
        block = launch.block()[:dims]
        grid = tuple(blocks * threads for blocks, threads in zip(launch.grid()[:dims], block, strict=True))
        try:
            cl.enqueue_nd_range_kernel(queue, kernel, grid, block)
        except cl.Error as error:
            raise RunnerError(f"PoCL refuses the launch of {launch.kernel} (grid {grid}, block {block}): "
                              f"{str(error).strip()[:200]}") from error
    for region, buffer in zip(program.memory, buffers, strict=True):
        if region.nbytes:
            cl.enqueue_copy(queue, region, buffer)
    queue.finish()
    return buffer_outputs(program, args)


def _scalar(dtype: str, value: int | float) -> np.generic:
    if dtype == "bool":
        return np.int8(value)
    return np.dtype(dtype).type(value)

