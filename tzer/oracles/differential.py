"""The optimized build computes what the opt_level=0 build of the original function does (sampled).

Both builds run twice on the same random inputs. A comparison is discarded, not judged, when the
inputs or the reference output hold NaN/Inf or a build does not repeat itself: those tests read
uninitialized memory or race, and say nothing about the passes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tzer.oracles.base import Oracle, ReproParts, failure
from tzer.passes.registry import spec_label
from tzer.runners.base import RunFailed, RunnerError
from tzer.runtime.inputs import INT_RANGE, SCALAR_RANGE, NotRunnable
from tzer.runtime.testrun import BuildError, TestRun
from tzer.vocabulary import FindingKind, Outcome, Stage, Status

TOLERANCES = {"float16": (5e-2, 1e-2), "bfloat16": (5e-2, 1e-2)}
DEFAULT_TOLERANCE = (1e-2, 1e-3)

REPRO_INPUTS = f'''

def make_arguments(func, rng):
    """The inputs tzer used: small non-negative integers, floats in [-1, 1)."""
    args = []
    for param in func.params:
        if isinstance(param.ty, tirx.BufferType):
            shape, dtype = tuple(int(d) for d in param.shape), str(param.dtype)
            if dtype == "bool":
                args.append(rng.integers(0, 2, shape).astype("bool"))
            elif dtype.startswith(("int", "uint")):
                args.append(rng.integers({INT_RANGE[0]}, {INT_RANGE[1]}, shape).astype(dtype))
            else:
                args.append(rng.uniform(-1.0, 1.0, shape).astype(dtype))
            continue
        dtype = str(param.ty)
        if dtype.startswith(("int", "uint")):
            args.append(int(rng.integers({SCALAR_RANGE[0]}, {SCALAR_RANGE[1]})))
        elif dtype == "bool":
            args.append(bool(rng.integers(0, 2)))
        else:
            args.append(float(rng.uniform(-1.0, 1.0)))
    return args
'''

REPRO_BUILDS = '''\
    reference = build(mod, opt_level=0)
    optimized = build(apply_passes(mod, PASSES))
    args = make_arguments(func, np.random.default_rng({rng}))
'''

REPRO_COMPARE = f'''\
    tolerances = {TOLERANCES!r}
    for index, (want, got) in enumerate(zip(run(reference, args), run(optimized, args))):
        if want.dtype.kind == "f":
            rtol, atol = tolerances.get(str(want.dtype), {DEFAULT_TOLERANCE!r})
            np.testing.assert_allclose(got, want, rtol=rtol, atol=atol,
                                       err_msg=f"buffer argument {{index}}: optimized build differs")
        else:
            np.testing.assert_array_equal(got, want,
                                          err_msg=f"buffer argument {{index}}: optimized build differs")
'''


def discard_reason(args: list[Any], expected: list[list[np.ndarray]]) -> str | None:
    for value in args:
        if isinstance(value, np.ndarray) and value.dtype.kind == "f" and not np.isfinite(value).all():
            return "input holds NaN/Inf"
    for array in expected[0]:
        if array.dtype.kind == "f" and not np.isfinite(array).all():
            return "reference output holds NaN/Inf"
    if not same_outputs(expected[0], expected[1]):
        return "reference build is not deterministic (reads uninitialized memory or races)"
    return None


def same_outputs(a: list[np.ndarray], b: list[np.ndarray]) -> bool:
    return all(np.array_equal(x, y, equal_nan=True) for x, y in zip(a, b, strict=True))


def first_mismatch(expected: list[np.ndarray], actual: list[np.ndarray], nan_is_value: bool = False) -> str | None:
    """Where `actual` differs from `expected` in words, or None. With `nan_is_value`, NaN equals NaN
    and an element where either side is NaN is not judged: TVM's simplifier assumes no NaN."""
    for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
        if want.dtype.kind == "f":
            rtol, atol = TOLERANCES.get(str(want.dtype), DEFAULT_TOLERANCE)
            close = np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=nan_is_value)
            if nan_is_value:
                close |= np.isnan(got) | np.isnan(want)
        else:
            close = want == got
        if not np.all(close):
            bad = np.argwhere(~np.asarray(close))
            where = tuple(int(i) for i in bad[0]) if bad.size else ()
            return (f"buffer argument {index} differs at {len(bad)} of {want.size} elements; "
                    f"first at {where}: expected {want[where]!r}, got {got[where]!r}")
    return None


def guilty_pass(test: TestRun, expected: list[np.ndarray], args: list[Any], nan_is_value: bool = False) -> str | None:
    """The first pass after which the build computes a wrong result, found by building the IR after
    each prefix of the sequence; `default pipeline` when the function is wrong with no pass at all."""
    for index, mod in enumerate(test.snapshots):
        try:
            outputs = test.run(test.build(mod, opt_level=3), args)
        except Exception:  # noqa: BLE001 - a prefix that does not build or run says nothing here
            continue
        if first_mismatch(expected, outputs, nan_is_value):
            return "default pipeline (opt_level=3)" if index == 0 else spec_label(test.passes[index - 1])
    return None


def run_failure(test: TestRun, failed: RunFailed) -> Outcome:
    """The outcome of a build that failed as it ran: it died of a signal (a crash), ran past the
    runner's limit (a hang) or returned an error of its own (an exception)."""
    status = {None: Status.EXCEPTION, "timeout": Status.HANG}.get(failed.signal, Status.CRASH)
    details = {"signal": failed.signal} if status == Status.CRASH else {}
    return Outcome(status=status, stage=Stage.RUN, message=f"{failed} ({failed.build})",
                   applied_passes=len(test.passes), details=details)


class RunsBuilds(Oracle):
    """An oracle that runs the optimized build (and, where it needs it, the opt_level=0 build of the
    function as written: `test.reference_build()`) on the same inputs, wherever the test's runner
    runs them."""

    runs_builds = True

    def after_build(self, test: TestRun) -> Outcome | None:
        try:
            args = test.arguments()
        except NotRunnable as reason:
            test.details["not_runnable"] = str(reason)
            return None
        test.stage(Stage.RUN)
        try:
            outcome = self.judge_runs(test, args)
        except BuildError as error:
            return failure(Status.EXCEPTION, Stage.COMPILE, error.error, f"opt_level=0 {error.culprit}",
                           len(test.passes))
        except RunnerError as error:
            # tzer's side of the run failed (toolchain, link, emulator): nothing to judge.
            test.details["runner_error"] = str(error)[:300]
            test.details["run"] = "runner_error"
            return None
        except RunFailed as failed:
            test.details["run"] = "failed"
            return run_failure(test, failed)
        test.details["run"] = "agreed" if outcome is None else "differ"
        return outcome

    def judge_runs(self, test: TestRun, args: list[Any]) -> Outcome | None:
        """Judge the runs; `test.reference_build()` gives the opt_level=0 build (raises BuildError)."""
        raise NotImplementedError

    def repro_parts(self, meta: dict[str, Any], imports: list[str], check: str) -> ReproParts:
        return ReproParts(imports=["import numpy as np", *imports], helpers=REPRO_INPUTS,
                          body=REPRO_BUILDS.format(rng=int(meta.get("rng") or 0)) + check, runs_builds=True)


class Differential(RunsBuilds):
    name = "differential"
    kind = FindingKind.INCONSISTENCY
    default_rate = 0.25
    flag = "--diff-rate"
    help = "share of tests compared against the unoptimized build"

    def judge_runs(self, test: TestRun, args: list[Any]) -> Outcome | None:
        if test.notes.get("reference_agreed") and test.runner is not None and test.runner.emulated:
            # The reference interpreter found the optimized build right: on an emulated machine a
            # second comparison is not worth its link and its processes.
            return None
        reference = test.reference_build()
        expected = [test.run(reference, args) for _ in range(2)]
        actual = [test.run(test.executable, args) for _ in range(2)]
        test.stage(Stage.COMPARE)
        discard = discard_reason(args, expected)
        if discard is None and not same_outputs(actual[0], actual[1]):
            discard = "optimized build is not deterministic"
        if discard:
            test.details["discarded"] = discard
            return None
        mismatch = first_mismatch(expected[0], actual[0])
        if mismatch:
            return Outcome(status=Status.INCONSISTENCY, stage=Stage.COMPARE, message=mismatch,
                           pass_name=guilty_pass(test, expected[0], args), applied_passes=len(test.passes))
        return None

    def repro(self, meta: dict[str, Any], script: str, passes: list[dict[str, Any]]) -> ReproParts:
        return self.repro_parts(meta, [], REPRO_COMPARE)
