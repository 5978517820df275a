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

from tirkit.verify import is_tile_function
from tzer import runners, targets
from tzer.runners.base import RunFailed, Runner, RunnerError, SourceRejected, Variant
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
        # The module as the pipeline's SplitHostDevice left it: host and kernel functions apart.
        self.split: list[tvm.IRModule | None] = [None]
        # "opt_level=0 " while the unoptimized build compiles: a crash there names that build.
        self.build_label: list[str] = [""]

    def reset(self) -> None:
        self.state[0] = self.state[1] = None
        self.split[0] = None

    def run_before_pass(self, _mod: tvm.IRModule, info: tvm.transform.PassInfo) -> None:
        self.state[0] = info.name
        self.report[0]({"event": "stage", "stage": Stage.COMPILE.value,
                        "pass": f"{self.build_label[0]}pipeline:{info.name}"})

    def run_after_pass(self, mod: tvm.IRModule, info: tvm.transform.PassInfo) -> None:
        self.state[1] = info.name
        if info.name == "tirx.SplitHostDevice":
            self.split[0] = mod

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
    split: tvm.IRModule | None = None  # the optimized build's module after SplitHostDevice
    details: dict[str, Any] = field(default_factory=dict)  # sent to the parent, for its statistics
    watchers: list[Any] = field(default_factory=list)  # more pass instruments for its builds
    notes: dict[str, Any] = field(default_factory=dict)  # what an oracle keeps between its hooks
    _arguments: list[Any] | None = None
    _reference: Any = None
    _outputs: dict[tuple[int, str | None], tuple[Any, list[np.ndarray]]] = field(default_factory=dict)

    def stage(self, stage: Stage, pass_name: str | None = None) -> None:
        self.report({"event": "stage", "stage": stage.value, "pass": pass_name})

    def compile(self, mod: tvm.IRModule, opt_level: int) -> Any:
        """`tvm.compile` for the test's target, raising BuildError that names the pipeline pass at
        fault."""
        target = self.target
        self.tracker.reset()
        self.tracker.build_label[0] = "opt_level=0 " if opt_level == 0 else ""
        try:
            with target.pass_context(opt_level, instruments=[self.tracker, *self.watchers]):
                return tvm.compile(mod, target=target.target())
        except Exception as error:  # noqa: BLE001 - the caller turns it into an outcome
            raise BuildError(error, self.tracker.culprit(target.name)) from error

    def prepare(self, executable: Any) -> Any:
        """The build as its runner calls it: a `c` build goes through the system C compiler first,
        an `opencl` build's kernels through PoCL's, a `webgpu` build's through naga (raises
        BuildError when the generated source does not compile)."""
        runner = self.runner
        if runner is None:
            return executable
        try:
            return runner.load(executable, self.target, self.tracker.split[0])
        except SourceRejected as error:
            raise BuildError(error, f"{error.compiler} [{self.target.name}]") from error

    def emit(self, executable: Any) -> int:
        """Generate the build's machine code or source (raises BuildError); returns its size."""
        try:
            return len(targets.generate_code(executable, self.target))
        except Exception as error:  # noqa: BLE001
            raise BuildError(error, f"codegen [{self.target.name}]") from error

    def build(self, mod: tvm.IRModule, opt_level: int) -> Any:
        """A build of `mod` for the test's target, ready for its runner (raises BuildError)."""
        return self.prepare(self.compile(mod, opt_level))

    @property
    def runner(self) -> Runner | None:
        """Where this test's builds run; None where they cannot run here."""
        return runners.runner_for(self.target)

    @property
    def variants(self) -> tuple[Variant, ...]:
        """The machine configurations the runner runs builds under (vector lengths), default first."""
        return runners.variants(self.target)

    @property
    def vscale(self) -> int | None:
        """T.vscale() where the build runs by default (None: the target has no scalable vectors)."""
        return runners.default_vscale(self.target)

    def run(self, executable: Any, args: list[Any], variant: str | None = None) -> list[np.ndarray]:
        """Every buffer argument after running a build of this test on `args` (raises RunFailed,
        RunnerError). A runner whose runs repeat exactly (a fresh process each) runs a build once."""
        runner = self.runner
        if runner is None:
            raise RunnerError(f"the builds of {self.target.name} do not run here")
        key = (id(executable), variant)
        try:
            if not runner.repeatable:
                return runner.run(executable, self.target, args, variant)
            if key not in self._outputs:
                # The executable is kept with its outputs so that its id is not reused meanwhile.
                self._outputs[key] = (executable, runner.run(executable, self.target, args, variant))
        except RunFailed as failed:
            failed.build = ("the optimized build" if executable is self.executable else
                            "the opt_level=0 build" if executable is self._reference else "a build of a prefix")
            raise
        return [array.copy() for array in self._outputs[key][1]]

    def arguments(self) -> list[Any]:
        """Inputs for the function's parameters (raises NotRunnable), the same for every build."""
        if self._arguments is None:
            self._arguments = make_arguments(self.func, np.random.default_rng(self.rng_seed))
        return self._arguments

    def _as_written(self) -> tvm.IRModule:
        """The function as written, as TVM compiles it: a tile program lowered from its language by
        LowerTIRx first (inside the target, as every sequence of one starts), which tvm.compile's
        default pipeline does not do."""
        mod = tvm.IRModule({"main": self.func})
        if not is_tile_function(self.func):
            return mod
        target = self.target.target()
        with target:
            return tirx.transform.LowerTIRx()(tirx.transform.BindTarget(target)(mod))

    def reference_build(self) -> Any:
        """The function as it was before the passes, built for the test's target at opt_level=0
        (raises BuildError): the unoptimized side of the differential, run where the optimized
        build runs."""
        if self._reference is None:
            self.stage(Stage.COMPILE, "reference build (opt_level=0)")
            self._reference = self.build(self._as_written(), 0)
            # Built on the way to a run: a crash from here on is the run's.
            self.stage(Stage.RUN)
        return self._reference
