"""One test inside a worker: parse or adopt the seed, mutate, verify, apply the passes, build,
and let the enabled oracles judge each step.

This module runs where TVM is imported. It decides every outcome that an exception or an oracle
can show; crashes, hangs and memory blow-ups are the executor's to see.

Coverage counts the TVM code the test drives: the target's preparation, printing and verifying
the mutant, its passes, its build and code generation, and what the oracles run on it (the
round-trip oracle's printer and parser, the differential oracle's second build). Parsing seeds
and mutating run with recording off: they are the harness's work, not the test's.
"""

from __future__ import annotations

import random
from typing import Any

import tvm
import tvm_ffi
from tvm import tirx

import mutators
from memcov.probe import Probe
from tirkit.regions import block_semantics_broken
from tirkit.script import from_script, structural_hash, to_script
from tirkit.verify import check_well_formed, unsupported_form
from tzer import oracles, targets
from tzer.execution.arith_harness import ArithHarness
from tzer.execution.progress import ProgressSlot
from tzer.oracles import culprit
from tzer.oracles.base import failure
from tzer.oracles.origin import OriginTracker
from tzer.oracles.well_formed import functions
from tzer.passes import autoschedule
from tzer.passes.registry import alters_results, instantiate, pass_context, spec_label
from tzer.runtime.testrun import BuildError, PipelineTracker, Report, TestRun
from tzer.signature import TARGET_SPECIFIC_PASSES
from tzer.vocabulary import ANALYSIS, CULPRIT_CHECK, ORIGIN_CHECK, Outcome, Stage, Status


def as_main(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """Name the function `main`, the symbol the oracles call after building."""
    if func.attrs is not None and func.attrs.get("global_symbol") == "main":
        return func
    return func.with_attr("global_symbol", "main")


class Harness:
    """Keeps the worker's parsed functions and runs one request after another."""

    def __init__(self, report: Report, probe: Probe | None = None, progress: ProgressSlot | None = None) -> None:
        self.report = report
        self.probe = probe or Probe("none")
        self.arith = ArithHarness(self.probe, report, progress or ProgressSlot(None))
        self.functions: dict[str, tirx.PrimFunc] = {}
        self.last_mutant: tirx.PrimFunc | None = None
        self.tracker = PipelineTracker(report)

    def _stage(self, stage: Stage, pass_name: str | None = None) -> None:
        self.report({"event": "stage", "stage": stage.value, "pass": pass_name})

    def handle(self, request: dict[str, Any]) -> Outcome:
        with self.probe.recording(False):
            # The parent kept this worker's last mutant as a queue entry: whatever the request is
            # about, the worker now knows that entry by its key.
            if request.get("adopt_last") and self.last_mutant is not None:
                self.functions[request["adopt_last"]] = self.last_mutant
            self.last_mutant = None
            if request.get("subject") == ANALYSIS:
                return self.arith.handle(request)
            return self._handle(request)

    def _handle(self, request: dict[str, Any]) -> Outcome:
        key = request["seed_key"]
        if key not in self.functions:
            if request.get("seed_script") is None:
                return Outcome(status=Status.BAD_SEED, stage=Stage.PARSE, message=f"unknown seed {key}")
            self._stage(Stage.PARSE)
            try:
                self.functions[key] = as_main(from_script(request["seed_script"]))
            except Exception as error:  # noqa: BLE001 - any parse failure means a bad seed
                return failure(Status.BAD_SEED, Stage.PARSE, error)
        func = self.functions[key]
        mutation = request.get("mutation")
        if mutation:
            self._stage(Stage.MUTATE)
            try:
                func = mutators.get(mutation["mutator"]).mutate(func, random.Random(mutation["rng"]),
                                                                 self._donor(request))
            except mutators.NoMutation as error:
                return Outcome(status=Status.NO_MUTATION, stage=Stage.MUTATE, message=str(error)[:200])
            except Exception as error:  # noqa: BLE001 - a mutator bug must not stop the campaign
                outcome = failure(Status.NO_MUTATION, Stage.MUTATE, error)
                outcome.details["mutator_error"] = True
                return outcome
        return self.run(func, request["passes"], request.get("checks", {}), request.get("rng", 0),
                        request.get("target") or targets.HOST)

    def _donor(self, request: dict[str, Any]) -> tirx.PrimFunc | None:
        """The other queue entry a splice grafts from, parsed once per worker like the seeds."""
        key = request.get("donor_key")
        if key is None:
            return None
        if key not in self.functions:
            self.functions[key] = as_main(from_script(request["donor_script"]))
        return self.functions[key]

    def run(self, func: tirx.PrimFunc, passes: list[dict[str, Any]], checks: dict[str, bool],
            rng_seed: int, target: str = targets.HOST) -> Outcome:
        """Test one function with one pass sequence for one target; `checks` names the sampled
        oracles to run (those that run code only where the target's build can run)."""
        with self.probe.recording(False):
            return self._run(func, passes, checks, rng_seed, target)

    def _run(self, func: tirx.PrimFunc, passes: list[dict[str, Any]], checks: dict[str, bool],
             rng_seed: int, target: str) -> Outcome:
        try:
            info = targets.get(target)
        except KeyError as error:
            return Outcome(status=Status.BAD_SEED, stage=Stage.PARSE, message=str(error))
        try:
            # The function as the target compiles it is the function under test, and what is saved.
            # TVM's code the test drives counts as its coverage, printer and verifier included (the
            # round-trip oracle tests them too); the harness's own bookkeeping does not.
            with self.probe.recording(True):
                func = info.prepare(func, autoschedule.binds_threads(func, passes))
                script = to_script(func)
        except Exception as error:  # noqa: BLE001 - unprintable IR is invalid IR
            return failure(Status.INVALID, Stage.VERIFY, error)
        self.report({"event": "mutant", "script": script, "hash": structural_hash(func)})
        self._stage(Stage.VERIFY)
        try:
            with self.probe.recording(True):
                check_well_formed(func)
        except Exception as error:  # noqa: BLE001
            return failure(Status.INVALID, Stage.VERIFY, error)
        broken = block_semantics_broken(func) or unsupported_form(func.body)
        if broken:
            # The verifier lets it pass, but no schedule or pass can keep what it means.
            return failure(Status.INVALID, Stage.VERIFY, ValueError(broken))
        self.last_mutant = func
        origin = OriginTracker() if checks.get(ORIGIN_CHECK) else None
        test = TestRun(func, passes, rng_seed, self.report, self.tracker, target=info,
                       watchers=[origin] if origin else [])
        # Oracles that run the build compare its results: a pass that changes them by design ends that.
        compares = not alters_results(passes)
        judges = [oracle for oracle in oracles.enabled(checks)
                  if oracle.judges(test) and (compares or not oracle.runs_builds)]
        with self.probe.recording(True):
            outcome = self._judge(test, judges, origin)
        if origin is not None and origin.found is not None:
            test.details[ORIGIN_CHECK] = list(origin.found)
        if outcome.status in (Status.EXCEPTION, Status.ILL_FORMED):
            outcome = _first_outcome(oracle.excuse(test, outcome) for oracle in oracles.ORACLES.values()) or outcome
        if checks.get(CULPRIT_CHECK):
            found = culprit.find(test, outcome)
            if found is not None:
                test.details[CULPRIT_CHECK] = found.to_dict()
        # Notes the oracles left for the parent (per-pass effects, discarded comparisons, ...).
        outcome.details = {**test.details, **outcome.details}
        return outcome

    def _judge(self, test: TestRun, judges: list[Any], origin: OriginTracker | None = None) -> Outcome:
        """Apply the passes and build, letting the oracles judge each step; the first verdict ends it."""
        for oracle in judges:
            oracle.before_passes(test)
        mod = tvm.IRModule({"main": test.func})
        test.snapshots.append(mod)
        if origin is not None:
            origin.observe("input", mod)
        # What each pass did, for the parent's per-pass counts: changed, unchanged, failed, rejected.
        effects = test.details.setdefault("pass_effects", [])
        for index, spec in enumerate(test.passes):
            label = spec_label(spec)
            self._stage(Stage.PASS, label)
            try:
                with pass_context(spec), self.probe.recording(True):
                    new_mod = instantiate(spec, test.target.target())(mod)
            except Exception as error:  # noqa: BLE001
                outcome = failure(Status.EXCEPTION, Stage.PASS, error, label, index)
                if outcome.status == Status.EXCEPTION and spec["name"] in TARGET_SPECIFIC_PASSES and \
                        test.target.refusal(functions(mod)) is not None:
                    # The sequence's LowerIntrin meets what the target's code generator lacks, as
                    # the build would (c30h's exception-07340076: tanh on float16 for nvptx).
                    outcome.status = Status.REJECTED
                effects.append([spec["name"], "rejected" if outcome.status == Status.REJECTED else "failed"])
                return outcome
            changed = not new_mod.same_as(mod) and not tvm_ffi.structural_equal(new_mod, mod)
            if origin is not None:
                origin.observe(label, new_mod)
            effects.append([spec["name"], "changed" if changed else "unchanged"])
            if not new_mod.same_as(mod):
                outcome = _first_outcome(oracle.after_pass(test, index, label, new_mod) for oracle in judges)
                if outcome is not None:
                    return outcome
            mod = new_mod
            test.snapshots.append(mod)

        outcome = _first_outcome(oracle.after_passes(test) for oracle in judges)
        if outcome is not None:
            return outcome
        limit = test.target.refusal(functions(mod))
        if limit is not None:
            # What the target's code generator lacks, known before compiling: the test's choice.
            return Outcome(status=Status.REJECTED, stage=Stage.COMPILE, pass_name=f"target limit [{test.target.name}]",
                           message=limit, applied_passes=len(test.passes))
        self._stage(Stage.COMPILE)
        try:
            with self.probe.recording(True):
                executable = test.compile(mod, opt_level=3)
                test.split = self.tracker.split[0]
                self._stage(Stage.COMPILE, f"codegen [{test.target.name}]")
                test.details["code_bytes"] = test.emit(executable)
                test.executable = test.prepare(executable)
                # What the oracles find in the build from here on does not make it less of a build.
                test.details["built"] = True
        except BuildError as error:
            outcome = failure(Status.EXCEPTION, Stage.COMPILE, error.error, error.culprit, len(test.passes))
            if outcome.status == Status.EXCEPTION and test.target.refuses(outcome.error or ""):
                outcome.status = Status.REJECTED
            return outcome
        outcome = _first_outcome(oracle.after_build(test) for oracle in judges)
        return outcome or Outcome(status=Status.OK, applied_passes=len(test.passes))


def _first_outcome(outcomes: Any) -> Outcome | None:
    """The first verdict of a lazy sequence of oracle hooks: later oracles do not run."""
    return next((outcome for outcome in outcomes if outcome is not None), None)
