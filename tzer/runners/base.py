"""What a runner is: the place where a target's builds run, asked by the oracles for their outputs.

A runner says whether it can run a target's builds here (`plan`: how, or why not), and runs one
build on the test's inputs (`run`), returning every buffer argument afterwards as numpy arrays,
exactly as an in-process call of the compiled `main` would. Oracles never know which runner
they talk to.

Two failures are told apart:
- `RunFailed`: the build ran and failed (it raised an error or died of a signal): the test's
  result, judged like any other;
- `RunnerError`: tzer's side of the run failed (a toolchain, a link, the emulator): it says
  nothing about the build and is never a finding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from tzer.targets import TargetInfo

Arguments = list[np.ndarray | int | float]


class RunFailed(Exception):
    """The build ran and failed: `signal` names the signal that killed it, None for an error it raised."""

    def __init__(self, message: str, signal: str | None = None) -> None:
        super().__init__(message)
        self.signal = signal
        self.build = "the build"  # which build of the test failed, in words


class RunnerError(Exception):
    """tzer could not run the build (its toolchain, linker or emulator failed): not a finding."""


class SourceRejected(RuntimeError):
    """The source a build generated (C, OpenCL C, WGSL) does not compile with the compiler that
    turns it into code here: the code generator's fault, named after that compiler."""

    def __init__(self, compiler: str, message: str) -> None:
        super().__init__(message)
        self.compiler = compiler


# The compilers of generated source, as SourceRejected names them: a failure there is the code
# generator's.
# A GPU build's kernel source (OpenCL C, WGSL) is compiled by its driver, not by TVM's build.
KERNEL_COMPILERS = ("OpenCL C compiler", "WGSL compiler")
SOURCE_COMPILERS = ("system C compiler", *KERNEL_COMPILERS)


@dataclass(frozen=True)
class Variant:
    """A configuration of the machine a build runs on (a vector length): the runner's name for it,
    and the value of T.vscale() there (None where the target has no scalable vectors)."""

    name: str
    vscale: int | None = None


@dataclass(frozen=True)
class Plan:
    """How a runner runs a target's builds: `how` in words (`qemu-aarch64 -cpu max`); `variants`
    are the machine configurations a build can run under, the first the default."""

    runner: str
    how: str
    variants: tuple[Variant, ...] = (Variant(""),)


@dataclass(frozen=True)
class Refusal:
    """Why a runner cannot run a target's builds here."""

    runner: str
    why: str


class Runner:
    """Base class of the runners; see the module."""

    name: ClassVar[str]
    # Whether two runs of one build on the same inputs must agree (each runs in a fresh process,
    # which starts from the same memory): then a build runs once and its outputs are reused.
    repeatable: ClassVar[bool] = False
    # Whether its runs emulate another machine (each costs a link and an emulator process): the
    # fuzzer runs such builds on a share of the tests only (--emulated-run-rate).
    emulated: ClassVar[bool] = False
    # Whether the platform may assume floats are never Inf or NaN (WGSL does): then a result that
    # holds one is not compared.
    finite_math: ClassVar[bool] = False

    def plan(self, info: TargetInfo) -> Plan | Refusal:
        raise NotImplementedError

    def load(self, executable: Any, info: TargetInfo, split: Any = None) -> Any:
        """The build in the form `run` takes; done once per build, right after it is made. `split`
        is its module after SplitHostDevice (None where the pipeline has none), which runners that
        launch a GPU build's kernels themselves need (raises SourceRejected)."""
        return executable

    def run(self, executable: Any, info: TargetInfo, args: Arguments, variant: str | None = None) -> list[np.ndarray]:
        """Every buffer argument after calling the build's `main` on copies of `args` (raises
        RunFailed, RunnerError)."""
        raise NotImplementedError

    def repro(self, info: TargetInfo) -> ReproRun:
        """How repro.py runs a build of `info`: helper source and the call it makes."""
        raise NotImplementedError


@dataclass(frozen=True)
class ReproRun:
    """repro.py's part of a runner: helpers defining `run(executable, args)`, the imports they need,
    and a note on what the script needs to run (a device, an emulator)."""

    helpers: str
    imports: tuple[str, ...] = ()
    needs: str = ""
