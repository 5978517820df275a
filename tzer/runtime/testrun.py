"""One test inside the worker, as the oracles see it: the function, its passes and its builds.

The harness fills it in step by step (IR after each pass, the optimized build); the oracles read
it and ask for what only some of them need (inputs, the opt_level=0 build), computed once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import tvm
from tvm import tirx

from tzer import targets
from tzer.runtime.inputs import make_arguments
from tzer.targets import TargetInfo
from tzer.vocabulary import Stage

Report = Callable[[dict[str, Any]], None]


@tvm.ir.instrument.pass_instrument
class PipelineTracker:
    """Remembers which pass of the default pipeline was running, to name the guilty one.

    It also tells the parent, so that a native crash inside the pipeline names its pass too.
    """

    def __init__(self, report: Report) -> None:
        # Instrument classes cannot set attributes after construction; mutate a list instead.
        self.state: list[str | None] = [None, None]
        self.report = [report]

    def reset(self) -> None:
        self.state[0] = self.state[1] = None

    def run_before_pass(self, _mod: tvm.IRModule, info: tvm.transform.PassInfo) -> None:
        self.state[0] = info.name
        self.report[0]({"event": "stage", "stage": Stage.COMPILE.value, "pass": f"pipeline:{info.name}"})

    def run_after_pass(self, _mod: tvm.IRModule, info: tvm.transform.PassInfo) -> None:
        self.state[1] = info.name

    def culprit(self, target: str = targets.HOST) -> str:
        started, finished = self.state
        # The target goes before the parenthesis: signatures keep a label up to its arguments.
        where = f" [{target}]" if target != targets.HOST else ""
        if started is None:
            return "pipeline" + where
        return f"codegen{where} (after {finished})" if started == finished else f"pipeline:{started}{where}"


class BuildError(Exception):
    """A build failed; `culprit` names the pipeline pass (or codegen) that raised."""

    def __init__(self, error: BaseException, culprit: str) -> None:
        super().__init__(str(error))
        self.error = error
        self.culprit = culprit


@dataclass
class TestRun:
    """The function under test, its passes, the IR after each and what was built from it."""

    __test__ = False  # not a pytest test class, despite its name

    func: tirx.PrimFunc
    passes: list[dict[str, Any]]
    rng_seed: int
    report: Report
    tracker: PipelineTracker
    target: TargetInfo = field(default_factory=lambda: targets.get(targets.HOST))
    snapshots: list[tvm.IRModule] = field(default_factory=list)  # the IR before and after each pass
    executable: Any = None  # the optimized build
    details: dict[str, Any] = field(default_factory=dict)  # sent to the parent, for its statistics
    notes: dict[str, Any] = field(default_factory=dict)  # what an oracle keeps between its hooks
    _arguments: list[Any] | None = None
    _reference: Any = None

    def stage(self, stage: Stage, pass_name: str | None = None) -> None:
        self.report({"event": "stage", "stage": stage.value, "pass": pass_name})

    def compile(self, mod: tvm.IRModule, opt_level: int, target: TargetInfo | None = None) -> Any:
        """`tvm.compile` for the test's target (or `target`), raising BuildError that names the
        pipeline pass at fault."""
        target = target or self.target
        self.tracker.reset()
        try:
            with tvm.transform.PassContext(opt_level=opt_level, instruments=[self.tracker]):
                return tvm.compile(mod, target=target.target())
        except Exception as error:  # noqa: BLE001 - the caller turns it into an outcome
            raise BuildError(error, self.tracker.culprit(target.name)) from error

    def runnable(self, executable: Any, target: TargetInfo | None = None) -> Any:
        """What the oracles call: a `c` build goes through the system C compiler first."""
        target = target or self.target
        if target.name != "c":
            return executable
        try:
            return targets.loadable(executable)
        except Exception as error:  # noqa: BLE001
            raise BuildError(error, "system C compiler [c]") from error

    def emit(self, executable: Any) -> int:
        """Generate the build's machine code or source (raises BuildError); returns its size."""
        try:
            return len(targets.generate_code(executable, self.target))
        except Exception as error:  # noqa: BLE001
            raise BuildError(error, f"codegen [{self.target.name}]") from error

    def build(self, mod: tvm.IRModule, opt_level: int, target: TargetInfo | None = None) -> Any:
        """A runnable build of `mod` (raises BuildError)."""
        return self.runnable(self.compile(mod, opt_level, target), target)

    def arguments(self) -> list[Any]:
        """Inputs for the function's parameters (raises NotRunnable), the same for every build."""
        if self._arguments is None:
            self._arguments = make_arguments(self.func, np.random.default_rng(self.rng_seed))
        return self._arguments

    def reference_build(self) -> Any:
        """The function as it was before the passes, built for host llvm at opt_level=0 (raises
        BuildError): the unoptimized side of the differential, whatever the test's target."""
        if self._reference is None:
            self.stage(Stage.COMPILE, "reference build (opt_level=0)")
            self._reference = self.build(tvm.IRModule({"main": self.func}), 0, targets.get(targets.HOST))
        return self._reference
