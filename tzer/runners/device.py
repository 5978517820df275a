"""Running a build on a TVM device (a GPU, or the CPU of an RPC server) with TVM's runtime: the part
the local GPU runner and the RPC runner share.

Inputs go to the device, `main` runs, and every buffer argument comes back. Errors the build
raises (a launch that fails, an assertion of its own) are RunFailed; the caller's process dies
with a crashing kernel or host code, as it would with an in-process CPU build.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tzer.runners.base import Arguments, RunFailed

# The TVM device kind of each GPU target kind (nvptx kernels run on CUDA devices).
DEVICE_KIND = {"cuda": "cuda", "nvptx": "cuda", "rocm": "rocm", "opencl": "opencl", "metal": "metal",
               "vulkan": "vulkan", "webgpu": "webgpu"}


def target_kind(spec: Any) -> str:
    return spec if isinstance(spec, str) else str(spec["kind"])


def call_on_device(function: Any, device: Any, args: Arguments) -> list[np.ndarray]:
    """Copy `args` to `device`, call `function` on them and copy every buffer back."""
    import tvm

    call_args = [tvm.runtime.tensor(a.copy(), device) if isinstance(a, np.ndarray) else a for a in args]
    try:
        # A kernel loads into the device's current context, which only a runtime call such as a
        # copy makes: a function without buffer parameters, called first, met none.
        device.sync()
        function(*call_args)
        device.sync()
    except Exception as error:  # noqa: BLE001 - what the build raised on the device
        text = str(error).strip()
        raise RunFailed(text.splitlines()[-1] if text else type(error).__name__) from error
    return [a.numpy() for a in call_args if not isinstance(a, (int, float, bool))]
