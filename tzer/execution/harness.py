"""One test inside a worker: mutate, verify, apply the passes, compile, run and compare.

This module runs where TVM is imported. It decides every outcome that an exception or a
comparison can show; crashes, hangs and memory blow-ups are the executor's to see.
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Callable
from typing import Any

import numpy as np
import tvm
import tvm_ffi
from tvm import tirx

import mutators
from tzer.execution import protocol as P
from tzer.execution.inputs import NotRunnable, make_arguments, run_compiled
from tzer.passes.registry import PassSpec, instantiate, is_rejection, pass_context, registry, spec_label
from tzer.tir.script import from_script, roundtrips, structural_hash, to_script
from tzer.tir.verify import check_well_formed

Report = Callable[[dict[str, Any]], None]

PERF_RATIO = 3.0
PERF_MIN_SECONDS = 0.002
PERF_REPEATS = 5
TOLERANCES = {"float16": (5e-2, 1e-2), "bfloat16": (5e-2, 1e-2)}
DEFAULT_TOLERANCE = (1e-2, 1e-3)
MAX_ERROR_CHARS = 4000


def first_line(error: BaseException) -> str:
    text = str(error).strip()
    lines = [line for line in text.splitlines() if line.strip()]
    head = lines[0] if lines else type(error).__name__
    # TVM prefixes check failures with a C++ traceback; the message is the line naming the check.
    for line in lines:
        if "Check failed" in line or "Error:" in line:
            head = line
            break
    return head.strip()[:500]


def _failure(status: str, stage: str, error: BaseException, pass_name: str | None = None,
             applied: int = 0) -> P.Outcome:
    text = f"{type(error).__name__}: {error}\n{traceback.format_exc()}"
    if status == P.EXCEPTION and is_rejection(pass_name, text):
        status = P.REJECTED
    return P.Outcome(status=status, stage=stage, pass_name=pass_name, message=first_line(error),
                     error=text[:MAX_ERROR_CHARS], applied_passes=applied)


def as_main(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """Name the function `main`, the symbol the harness calls after compiling."""
    if func.attrs is not None and func.attrs.get("global_symbol") == "main":
        return func
    return func.with_attr("global_symbol", "main")


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
        self.report[0]({"event": "stage", "stage": P.COMPILE, "pass": f"pipeline:{info.name}"})

    def run_after_pass(self, _mod: tvm.IRModule, info: tvm.transform.PassInfo) -> None:
        self.state[1] = info.name

    def culprit(self) -> str:
        started, finished = self.state
        if started is None:
            return "pipeline"
        return f"codegen (after {finished})" if started == finished else f"pipeline:{started}"


def _functions(mod: tvm.IRModule) -> list[tirx.PrimFunc]:
    return [f for _, f in mod.functions_items() if isinstance(f, tirx.PrimFunc)]


class Harness:
    """Keeps the worker's parsed functions and runs one request after another."""

    def __init__(self, report: Report) -> None:
        self.report = report
        self.functions: dict[str, tirx.PrimFunc] = {}
        self.last_mutant: tirx.PrimFunc | None = None
        self.tracker = PipelineTracker(report)

    def handle(self, request: dict[str, Any]) -> P.Outcome:
        if request.get("adopt_last") and self.last_mutant is not None:
            self.functions[request["adopt_last"]] = self.last_mutant
        self.last_mutant = None
        key = request["seed_key"]
        if key not in self.functions:
            if request.get("seed_script") is None:
                return P.Outcome(status=P.BAD_SEED, stage=P.PARSE, message=f"unknown seed {key}")
            self.report({"event": "stage", "stage": P.PARSE, "pass": None})
            try:
                self.functions[key] = as_main(from_script(request["seed_script"]))
            except Exception as error:  # noqa: BLE001 - any parse failure means a bad seed
                return _failure(P.BAD_SEED, P.PARSE, error)
        func = self.functions[key]
        mutation = request.get("mutation")
        if mutation:
            self.report({"event": "stage", "stage": P.MUTATE, "pass": None})
            try:
                func = mutators.get(mutation["mutator"]).mutate(func, random.Random(mutation["rng"]))
            except mutators.NoMutation as error:
                return P.Outcome(status=P.NO_MUTATION, stage=P.MUTATE, message=str(error)[:200])
            except Exception as error:  # noqa: BLE001 - a mutator bug must not stop the campaign
                outcome = _failure(P.NO_MUTATION, P.MUTATE, error)
                outcome.details["mutator_error"] = True
                return outcome
        return self.run(func, request["passes"], P.Checks(**request.get("checks", {})), request.get("rng", 0))

    def run(self, func: tirx.PrimFunc, passes: list[PassSpec], checks: P.Checks, rng_seed: int) -> P.Outcome:
        """Test one function with one pass sequence."""
        try:
            script = to_script(func)
        except Exception as error:  # noqa: BLE001 - unprintable IR is invalid IR
            return _failure(P.INVALID, P.VERIFY, error)
        self.report({"event": "mutant", "script": script, "hash": structural_hash(func)})
        self.report({"event": "stage", "stage": P.VERIFY, "pass": None})
        try:
            check_well_formed(func)
        except Exception as error:  # noqa: BLE001
            return _failure(P.INVALID, P.VERIFY, error)
        self.last_mutant = func

        roundtrip = checks.roundtrip and self._input_roundtrips(func)
        mod = tvm.IRModule({"main": func})
        snapshots = [mod]
        for index, spec in enumerate(passes):
            label = spec_label(spec)
            self.report({"event": "stage", "stage": P.PASS, "pass": label})
            try:
                with pass_context(spec):
                    new_mod = instantiate(spec)(mod)
            except Exception as error:  # noqa: BLE001
                return _failure(P.EXCEPTION, P.PASS, error, label, index)
            if not new_mod.same_as(mod):
                problem = self._ill_formed(new_mod, roundtrip)
                if problem is not None:
                    return P.Outcome(status=P.ILL_FORMED, stage=P.PASS, pass_name=label,
                                     message=problem[:500], error=problem[:MAX_ERROR_CHARS],
                                     applied_passes=index + 1)
            mod = new_mod
            snapshots.append(mod)

        if checks.idempotence:
            outcome = self._idempotence(passes, snapshots, rng_seed)
            if outcome is not None:
                return outcome

        self.report({"event": "stage", "stage": P.COMPILE, "pass": None})
        self.tracker.reset()
        try:
            with tvm.transform.PassContext(opt_level=3, instruments=[self.tracker]):
                executable = tvm.compile(mod, target="llvm")
        except Exception as error:  # noqa: BLE001
            return _failure(P.EXCEPTION, P.COMPILE, error, self.tracker.culprit(), len(passes))

        outcome = P.Outcome(status=P.OK, applied_passes=len(passes))
        if checks.differential or checks.perf:
            outcome = self._differential(func, executable, checks, rng_seed, len(passes))
        return outcome

    @staticmethod
    def _input_roundtrips(func: tirx.PrimFunc) -> bool:
        # A pass cannot be blamed for a round-trip failure that its input already had.
        try:
            return roundtrips(func)
        except Exception:  # noqa: BLE001
            return False

    def _ill_formed(self, mod: tvm.IRModule, full_roundtrip: bool) -> str | None:
        for func in _functions(mod):
            try:
                check_well_formed(func)
            except Exception as error:  # noqa: BLE001
                return f"not well-formed after the pass: {first_line(error)}"
            try:
                to_script(func)
            except Exception as error:  # noqa: BLE001
                return f"cannot be printed as TVMScript after the pass: {first_line(error)}"
            if full_roundtrip:
                try:
                    if not roundtrips(func):
                        return "TVMScript round trip changes the function after the pass"
                except Exception as error:  # noqa: BLE001
                    return f"TVMScript does not re-parse after the pass: {first_line(error)}"
        return None

    def _idempotence(self, passes: list[PassSpec], snapshots: list[tvm.IRModule],
                     rng_seed: int) -> P.Outcome | None:
        known = registry()
        candidates = [i for i, spec in enumerate(passes)
                      if spec["name"] in known and not known[spec["name"]].not_idempotent]
        if not candidates:
            return None
        index = random.Random(rng_seed).choice(candidates)
        spec = passes[index]
        once = snapshots[index + 1]
        try:
            with pass_context(spec):
                twice = instantiate(spec)(once)
        except Exception as error:  # noqa: BLE001
            return _failure(P.NON_IDEMPOTENT, P.PASS, error, spec_label(spec), index + 1)
        if tvm_ffi.structural_equal(once, twice):
            return None
        mismatch = tvm_ffi.get_first_structural_mismatch(once, twice)
        return P.Outcome(status=P.NON_IDEMPOTENT, stage=P.PASS, pass_name=spec_label(spec),
                         message=f"a second application changes the IR at {mismatch}"[:500],
                         applied_passes=index + 1)

    def _differential(self, func: tirx.PrimFunc, executable: Any, checks: P.Checks, rng_seed: int,
                      applied: int) -> P.Outcome:
        try:
            args = make_arguments(func, np.random.default_rng(rng_seed))
        except NotRunnable as reason:
            return P.Outcome(status=P.OK, applied_passes=applied, details={"not_runnable": str(reason)})
        self.report({"event": "stage", "stage": P.COMPILE, "pass": "reference build (opt_level=0)"})
        self.tracker.reset()
        try:
            with tvm.transform.PassContext(opt_level=0, instruments=[self.tracker]):
                reference = tvm.compile(tvm.IRModule({"main": func}), target="llvm")
        except Exception as error:  # noqa: BLE001
            return _failure(P.EXCEPTION, P.COMPILE, error, f"opt_level=0 {self.tracker.culprit()}", applied)
        self.report({"event": "stage", "stage": P.RUN, "pass": None})
        expected = [run_compiled(reference, args) for _ in range(2)]
        actual = [run_compiled(executable, args) for _ in range(2)]
        self.report({"event": "stage", "stage": P.COMPARE, "pass": None})
        discard = _discard_reason(args, expected)
        if discard:
            return P.Outcome(status=P.OK, applied_passes=applied, details={"discarded": discard})
        if not _same_outputs(actual[0], actual[1], exact=True):
            return P.Outcome(status=P.OK, applied_passes=applied,
                             details={"discarded": "optimized build is not deterministic"})
        mismatch = _first_mismatch(expected[0], actual[0])
        if mismatch:
            return P.Outcome(status=P.INCONSISTENCY, stage=P.COMPARE, message=mismatch,
                             applied_passes=applied)
        if checks.perf:
            slowdown = _slowdown(reference, executable, args)
            if slowdown:
                return P.Outcome(status=P.PERF, stage=P.RUN, message=slowdown, applied_passes=applied)
        return P.Outcome(status=P.OK, applied_passes=applied)


def _discard_reason(args: list[Any], expected: list[list[np.ndarray]]) -> str | None:
    for value in args:
        if isinstance(value, np.ndarray) and value.dtype.kind == "f" and not np.isfinite(value).all():
            return "input holds NaN/Inf"
    for array in expected[0]:
        if array.dtype.kind == "f" and not np.isfinite(array).all():
            return "reference output holds NaN/Inf"
    if not _same_outputs(expected[0], expected[1], exact=True):
        return "reference build is not deterministic (reads uninitialized memory or races)"
    return None


def _same_outputs(a: list[np.ndarray], b: list[np.ndarray], exact: bool) -> bool:
    return all(np.array_equal(x, y, equal_nan=exact) for x, y in zip(a, b, strict=True))


def _first_mismatch(expected: list[np.ndarray], actual: list[np.ndarray]) -> str | None:
    for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
        if want.dtype.kind == "f":
            rtol, atol = TOLERANCES.get(str(want.dtype), DEFAULT_TOLERANCE)
            close = np.isclose(got, want, rtol=rtol, atol=atol)
        else:
            close = want == got
        if not np.all(close):
            bad = np.argwhere(~np.asarray(close))
            where = tuple(int(i) for i in bad[0]) if bad.size else ()
            return (f"buffer argument {index} differs at {len(bad)} of {want.size} elements; "
                    f"first at {where}: expected {want[where]!r}, got {got[where]!r}")
    return None


def _best_time(executable: Any, args: list[Any]) -> float:
    best = float("inf")
    for _ in range(PERF_REPEATS):
        start = time.perf_counter()
        run_compiled(executable, args)
        best = min(best, time.perf_counter() - start)
    return best


def _slowdown(reference: Any, executable: Any, args: list[Any]) -> str | None:
    for _ in range(2):  # a slowdown must show twice to rule out a noisy neighbour
        unoptimized, optimized = _best_time(reference, args), _best_time(executable, args)
        if optimized < PERF_RATIO * unoptimized or optimized - unoptimized < PERF_MIN_SECONDS:
            return None
    return (f"optimized build takes {optimized * 1e3:.2f} ms, the unoptimized one "
            f"{unoptimized * 1e3:.2f} ms ({optimized / unoptimized:.1f}x slower)")
