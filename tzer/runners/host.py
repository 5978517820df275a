"""The host runner: builds this machine's CPU can execute, called in the worker process itself.

Host `llvm` and its variants (other optimisation levels, x86-64 CPUs whose every instruction set
extension this CPU has) load as they are; a `c` build is first compiled by the system C compiler
and loaded back. A crash of the build kills the worker, which the executor records as a crash.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import tvm
from tvm.target import codegen

from tzer.runners.base import Arguments, Plan, Refusal, ReproRun, RunFailed, Runner, SourceRejected
from tzer.targets import TargetInfo

# LLVM's x86 features that tune code generation rather than add instructions: a CPU lacking them
# still runs the code.
_TUNING = ("tuning-", "fast-", "faster-", "slow-", "false-deps-", "no-bypass-delay", "prefer-", "allow-light-", "ermsb",
           "idivq-to-divl", "idivl-to-divb", "lea-", "macrofusion", "branchfusion", "sbb-dep-breaking",
           "pad-short-functions", "use-glm-div-sqrt-costs", "use-slm-arith-costs", "avoid-lea", "lzcnt-false-deps",
           "popcnt-false-deps", "harden-sls", "tagged-globals")


@cache
def _host_features() -> frozenset[str]:
    host = tvm.target.Target({"kind": "llvm", "mcpu": codegen.llvm_get_system_cpu()})
    return frozenset(str(feature) for feature in codegen.llvm_get_cpu_features(host))


def missing_features(info: TargetInfo) -> list[str]:
    """The instruction set extensions the target's CPU has and this one lacks."""
    wanted = {str(feature) for feature in codegen.llvm_get_cpu_features(tvm.target.Target(info.spec))}
    return sorted(f for f in wanted - _host_features() if not f.startswith(_TUNING))


def _is_host_cpu(info: TargetInfo) -> bool:
    spec = info.spec if isinstance(info.spec, dict) else {"kind": info.spec}
    return spec.get("kind") in ("llvm", "c") and "mtriple" not in spec and not info.gpu


class HostRunner(Runner):
    name = "host"

    def plan(self, info: TargetInfo) -> Plan | Refusal:
        if not _is_host_cpu(info):
            return Refusal(self.name, "not this machine's CPU")
        if info.name == "c":
            if shutil.which("cc") is None:
                return Refusal(self.name, "no system C compiler (cc) to build the C source")
            return Plan(self.name, "this process, after the system C compiler (cc) builds the C source")
        lacking = missing_features(info)
        if lacking:
            return Refusal(self.name, f"this CPU lacks {', '.join(lacking[:6])}"
                                      f"{' ...' if len(lacking) > 6 else ''}")
        return Plan(self.name, "this process")

    def load(self, executable: Any, info: TargetInfo, split: Any = None) -> Any:
        """What can be called: a `c` build goes through the system C compiler first (raises
        CCompileError: generated C that does not compile is the code generator's fault)."""
        return loadable(executable) if info.name == "c" else executable

    def run(self, executable: Any, info: TargetInfo, args: Arguments, variant: str | None = None) -> list[np.ndarray]:
        return call_main(executable, args)

    def repro(self, info: TargetInfo) -> ReproRun:
        return ReproRun(helpers=REPRO_RUN)


REPRO_RUN = '''

def run(executable, args):
    call_args = [tvm.runtime.tensor(a.copy()) if isinstance(a, np.ndarray) else a for a in args]
    executable["main"](*call_args)
    return [a.numpy() for a in call_args if not isinstance(a, (int, float, bool))]
'''


def call_main(executable: Any, args: Arguments) -> list[np.ndarray]:
    """Call the compiled `main` on copies of `args`; return every buffer argument afterwards. An
    error the build raises (a failed assertion of its own) is RunFailed."""
    device = tvm.cpu()
    call_args = [tvm.runtime.tensor(a.copy(), device) if isinstance(a, np.ndarray) else a for a in args]
    try:
        executable["main"](*call_args)
    except Exception as error:  # noqa: BLE001 - what the compiled code raised
        raise RunFailed(str(error).strip().splitlines()[-1] if str(error).strip() else type(error).__name__) from error
    return [a.numpy() for a in call_args if not isinstance(a, (int, float, bool))]


def loadable(executable: Any) -> Any:
    """A build of the `c` target, compiled by the system C compiler and loaded back (raises
    CCompileError when the generated C does not compile)."""
    # A fresh name each time: dlopen would hand back an earlier library loaded from the same path.
    fd, name = tempfile.mkstemp(suffix=".so", prefix="tzer-c-build-")
    os.close(fd)
    try:
        try:
            executable.export_library(name)
        except RuntimeError as error:
            raise CCompileError(f"generated C does not compile: {compiler_error(str(error))}") from error
        return tvm.runtime.load_module(name)
    finally:
        Path(name).unlink(missing_ok=True)


class CCompileError(SourceRejected):
    """The C source a build generated does not compile: the code generator's fault."""

    def __init__(self, message: str) -> None:
        super().__init__("system C compiler", message)


def compiler_error(output: str) -> str:
    """The compiler's first error, without the temporary file's path and line number."""
    for line in output.splitlines():
        if ": error:" in line:
            return line.split(": error:", 1)[1].strip()
    return output.strip().splitlines()[0] if output.strip() else "no output"
