"""Running OpenCL kernels on PoCL (through pyopencl) as TVM's OpenCL runtime would
(src/backend/opencl/runtime/opencl_module.cc):

- the build's source is split at its `// Function: ` lines and each kernel is built alone, with
  no options (SplitKernels and clBuildProgram there): no fast-math, no `native_*` rewriting;
- the global size is the grid times the block on each of the launch's `work_dim` axes, the local
  size the block; a size of dynamic shared memory is ignored, as the runtime's LaunchParamConfig
  reads it and OpenCLWrappedFunc never passes it on;
- every memory region is one buffer, copied in before the first launch and out after the last.

Source that PoCL refuses is SourceRefused (the code generator's); a launch the driver refuses
(more work-items than PoCL allows), or a kernel needing more local memory than the device has
(PoCL asserts then, instead of refusing the launch: c44's crash-292c89f4), is PlatformLimit.
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from typing import Any

import numpy as np

from tzer.drivers.program import PlatformLimit, Pointer, Program, SourceRefused, split_kernels

COMPILER = "OpenCL C compiler (PoCL)"
# `/root/.cache/pocl/kcache/tempfile_AKkmoK.cl:3:17: ` in PoCL's build log, where a macro of PoCL's
# headers spelled the code: `tempfile_KHB7mU.cl:10:37 <Spelling=/lib/.../_builtin_renames.h:177:24>: `.
_SOURCE_PLACE = re.compile(r"\S+\.cl:(\d+):\d+(?: <Spelling=[^>]*>)?: ")
_kernels: dict[str, dict[str, Any]] = {}


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


def problem() -> str | None:
    """Why OpenCL kernels cannot run here; None when they can."""
    found = _context()
    return found if isinstance(found, str) else None


def device_name() -> str:
    context, _ = _require()
    return f"PoCL on this CPU ({context.devices[0].name.strip()})"


def _require() -> tuple[Any, Any]:
    found = _context()
    if isinstance(found, str):
        raise PlatformLimit(found)
    return found


def compile_kernels(source: str) -> None:
    """Builds each kernel of `source` alone, once per source (raises SourceRefused)."""
    if source in _kernels:
        return
    import pyopencl as cl

    context, _ = _require()
    kernels = {}
    for name, text in split_kernels(source).items():
        try:
            kernels[name] = cl.Kernel(cl.Program(context, text).build(), name)
        except cl.Error as error:
            raise SourceRefused(COMPILER, f"kernel {name} does not compile: {first_error(str(error))}") from error
    if len(_kernels) > 16:
        _kernels.pop(next(iter(_kernels)))
    _kernels[source] = kernels


def run(source: str, program: Program) -> list[np.ndarray]:
    """Runs the launches of `program` with the kernels of `source`; the memory regions after."""
    import pyopencl as cl

    compile_kernels(source)
    kernels = _kernels[source]
    context, queue = _require()
    flags = cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR
    buffers = [cl.Buffer(context, flags, hostbuf=region if region.nbytes else np.zeros(1, np.uint8))
               for region in program.memory]
    for launch in program.launches:
        if launch.kernel not in kernels:
            raise PlatformLimit(f"the host code launches {launch.kernel}, which the source does not define")
        kernel = kernels[launch.kernel]
        _check_local_memory(launch.kernel, kernel, context.devices[0])
        for index, arg in enumerate(launch.args):
            kernel.set_arg(index, buffers[arg.region] if isinstance(arg, Pointer) else _scalar(arg.dtype, arg.value))
        dims = launch.work_dim()
        block = launch.block()[:dims]
        grid = tuple(blocks * threads for blocks, threads in zip(launch.grid()[:dims], block, strict=True))
        try:
            cl.enqueue_nd_range_kernel(queue, kernel, grid, block)
        except cl.Error as error:
            raise PlatformLimit(f"PoCL refuses the launch of {launch.kernel} (grid {grid}, block {block}): "
                                f"{str(error).strip()[:200]}") from error
    for region, buffer in zip(program.memory, buffers, strict=True):
        if region.nbytes:
            cl.enqueue_copy(queue, region, buffer)
    queue.finish()
    return program.memory


def _check_local_memory(name: str, kernel: Any, device: Any) -> None:
    """Raises PlatformLimit where the kernel's local memory exceeds the device's."""
    import pyopencl as cl

    needed = kernel.get_work_group_info(cl.kernel_work_group_info.LOCAL_MEM_SIZE, device)
    if needed > device.local_mem_size:
        raise PlatformLimit(f"{name} needs {needed} B of local memory, the device has {device.local_mem_size} B")


def first_error(log: str) -> str:
    """The compiler's first error without the temporary file PoCL compiled (`error: line 3: ...`):
    its name changes with every build, and the message names the bug."""
    lines = log.strip().splitlines()
    line = next((line for line in lines if "error:" in line), lines[-1] if lines else "")
    return _SOURCE_PLACE.sub(r"line \1: ", line.strip())[:300]


def _scalar(dtype: str, value: int | float) -> np.generic:
    if dtype == "bool":
        return np.int8(value)
    return np.dtype(dtype).type(value)
