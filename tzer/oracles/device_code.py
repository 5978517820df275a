"""A GPU build is one a GPU can run: checked on every GPU test, with no GPU (tirkit.devicecode).

- Host code never loads or stores device memory. TVM's VerifyMemory pass exists to refuse a GPU
  function with computation outside its kernels ("Did you forget to bind?"); a build whose host
  code touches a buffer parameter dereferences a device pointer on the CPU.
- Every kernel the host launches is a launchable entry of the device code: the driver cannot
  launch a kernel emitted as a plain device function (`.func` in PTX instead of `.entry`).
"""

from __future__ import annotations

import inspect
from typing import Any

import tirkit.devicecode
from tirkit.devicecode import host_device_accesses, unlaunchable_kernels
from tzer.oracles.base import Oracle, ReproParts
from tzer.runners.device import target_kind
from tzer.runtime.testrun import TestRun
from tzer.targets import get
from tzer.vocabulary import FindingKind, Outcome, Stage, Status

HOST_MEMORY, LAUNCHABLE = "host_memory", "launchable"

REPRO_BUILD = '''\
    capture = CaptureSplit()
    with tvm.transform.PassContext(opt_level=3, instruments=[capture]):
        executable = tvm.compile(apply_passes(mod, PASSES), target=TARGET)
'''
REPRO_CHECKS = {
    HOST_MEMORY: '''\
    accesses = host_device_accesses(capture.split[0])
    assert not accesses, f"the build's host code accesses device memory: {{', '.join(accesses)}}"
''',
    LAUNCHABLE: '''\
    missing = unlaunchable_kernels(executable, {kind!r})
    assert not missing, f"the host launches {{missing}}, which the device code does not define as kernel entries"
''',
}
REPRO_CAPTURE = '''

@tvm.ir.instrument.pass_instrument
class CaptureSplit:
    """Keeps the module as the pipeline's SplitHostDevice leaves it: host and kernels apart."""

    def __init__(self):
        self.split = [None]

    def run_after_pass(self, mod, info):
        if info.name == "tirx.SplitHostDevice":
            self.split[0] = mod
'''


def _module_source() -> str:
    """tirkit.devicecode without its docstring and future import, for repro.py."""
    source = inspect.getsource(tirkit.devicecode)
    body = source.split('"""', 2)[2]
    return "\n".join(line for line in body.splitlines() if not line.startswith("from __future__"))


class DeviceCode(Oracle):
    name = "device_code"
    kind = FindingKind.ILL_FORMED
    expected = ("The build runs on the GPU: its host code only launches kernels (TVM refuses a function with "
                "computation outside its kernels: 'Did you forget to bind?'), and each kernel it launches is "
                "a launchable entry of the device code.")

    def judges(self, test: TestRun) -> bool:
        return test.target.gpu

    def after_build(self, test: TestRun) -> Outcome | None:
        accesses = host_device_accesses(test.split) if test.split is not None else []
        if accesses:
            return Outcome(status=Status.ILL_FORMED, stage=Stage.COMPILE, pass_name="pipeline:tirx.VerifyMemory",
                           message="the build's host code loads or stores device memory: VerifyMemory let "
                                   "computation outside the kernels through",
                           error=f"host code: {', '.join(accesses)}", applied_passes=len(test.passes),
                           details={"oracle": self.name, "check": HOST_MEMORY})
        kind = target_kind(test.target.spec)
        missing = unlaunchable_kernels(test.executable, kind)
        if missing:
            return Outcome(status=Status.ILL_FORMED, stage=Stage.COMPILE, pass_name=f"codegen [{test.target.name}]",
                           message=f"a kernel the host launches is not a launchable entry of the {kind} device code",
                           error=f"not kernel entries: {', '.join(missing)}", applied_passes=len(test.passes),
                           details={"oracle": self.name, "check": LAUNCHABLE})
        return None

    def repro(self, meta: dict[str, Any], script: str, passes: list[dict[str, Any]]) -> ReproParts:
        kind = target_kind(get(str(meta.get("target"))).spec)
        check = REPRO_CHECKS[meta.get("check", HOST_MEMORY)].format(kind=kind)
        return ReproParts(imports=["import re", "import tvm_ffi"], body=REPRO_BUILD + check,
                          helpers="\n\n" + _module_source().strip("\n") + "\n" + REPRO_CAPTURE)
