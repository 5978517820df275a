"""The GPU runner: builds for a GPU that this machine has, run on it by TVM's runtime in the worker.

The wheel's CUDA runtime compiles a `cuda` build's kernel source when the module loads (NVRTC);
an `nvptx` build carries PTX. A kernel that crashes the process kills the worker, which the
executor records as a crash like any other. Where no such device exists the target's builds
do not run here, unless an RPC server offers one (the RPC runner).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from tzer.runners.base import Arguments, Plan, Refusal, ReproRun, Runner
from tzer.runners.device import DEVICE_KIND, call_on_device, target_kind
from tzer.targets import TargetInfo


@cache
def local_device(kind: str) -> Any:
    """Device 0 of `kind` on this machine, or None when it has none."""
    import tvm

    try:
        device = tvm.device(kind, 0)
        return device if device.exist else None
    except Exception:  # noqa: BLE001 - a runtime this wheel was built without
        return None


class GpuRunner(Runner):
    name = "gpu"

    def plan(self, info: TargetInfo) -> Plan | Refusal:
        if not info.gpu:
            return Refusal(self.name, "not a GPU target")
        kind = DEVICE_KIND[target_kind(info.spec)]
        device = local_device(kind)
        if device is None:
            return Refusal(self.name, f"no {kind} device on this machine")
        return Plan(self.name, f"{kind} device 0 of this machine ({device.device_name})")

    def run(self, executable: Any, info: TargetInfo, args: Arguments, variant: str | None = None) -> list[np.ndarray]:
        device = local_device(DEVICE_KIND[target_kind(info.spec)])
        return call_on_device(executable["main"], device, args)

    def repro(self, info: TargetInfo) -> ReproRun:
        kind = DEVICE_KIND[target_kind(info.spec)]
        return ReproRun(helpers=REPRO_RUN.format(kind=kind), needs=f"a {kind} device (tvm.device({kind!r}, 0))")


REPRO_RUN = '''

def run(executable, args):
    """Runs the build on {kind} device 0 of this machine."""
    device = tvm.device({kind!r}, 0)
    assert device.exist, "this repro needs a {kind} device"
    call_args = [tvm.runtime.tensor(a.copy(), device) if isinstance(a, np.ndarray) else a for a in args]
    executable["main"](*call_args)
    device.sync()
    return [a.numpy() for a in call_args if not isinstance(a, (int, float, bool))]
'''
