"""Three-way differential: the reference interpreter, the opt_level=0 build and the optimized build.

Before any compiled code runs, the function as it was before the passes is interpreted
(tzer.reference) on the same inputs. A test whose interpretation has undefined behaviour is
invalid: it ends here, counted as `undefined_behaviour` with the kind, and no later oracle runs
its builds. Otherwise the three results are compared:
- optimized ≠ reference, opt_level=0 = reference: a bug in the pass sequence (the guilty pass is
  the first prefix of the sequence whose build is wrong);
- both builds ≠ reference: a bug in the default pipeline or a code generator, which a two-way
  comparison cannot see because both builds share it;
- only the opt_level=0 build ≠ reference: a bug in the unoptimized pipeline.
Floats are compared with tolerances that depend on the dtype; NaN and Inf are values (NaN equals
NaN). Where the interpreter cannot run the function (it names the construct) the test goes on to
the two-way differential oracle.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import tvm
import tvm_ffi
from tvm import tirx

from tirkit.script import from_script
from tzer import runners, targets
from tzer.oracles.base import ReproParts
from tzer.oracles.differential import TOLERANCES, RunsBuilds, first_mismatch, guilty_pass
from tzer.reference import INEXACT, InterpreterOutcome, UBKind, UndefinedBehaviour, interpret
from tzer.runtime.inputs import make_arguments
from tzer.runtime.testrun import TestRun
from tzer.vocabulary import FindingKind, Outcome, Stage, Status

# Loop iterations the interpreter runs before it gives up on a test (about half a second of Python; the
# two-way differential still judges a test it gives up on): at 2,000,000 it took 12% of the workers'
# time in a 10-minute campaign.
STEP_BUDGET = 400_000
PIPELINE = "default pipeline or codegen (both builds differ from the reference)"
UNOPTIMIZED = "opt_level=0 pipeline or codegen"

REPRO_EXPECTED = '''\
    # What the function computes by TIR's semantics (tzer's reference interpreter on these inputs).
    expected = {expected}
    tolerances = {tolerances!r}
    for name, executable in (("opt_level=0", reference), ("optimized", optimized)):
        for index, (want, got) in enumerate(zip(expected, run(executable, args))):
            rtol, atol = tolerances.get(str(want.dtype), (1e-2, 1e-3)) if want.dtype.kind == "f" else (0, 0)
            np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, equal_nan=True,
                                       err_msg=f"buffer argument {{index}}: the {{name}} build is wrong")
'''


# TVM's constant folder refuses these on purpose. (Not "cannot make uint from negative": casting a
# negative constant to an unsigned type is defined, so that refusal is TVM's to answer for.)
CONSTANT_REFUSALS = ("Divide by zero", "divide by zero", "exceeds range", "exceeds maximum")
# What the folder says of a uint subtraction below zero (const_fold.h): the test's fault where the
# run computes it. Not the cast refusal above, which stays TVM's.
UINT_REFUSALS = ("will cause a negative uint",)


def all_finite(arrays: list[np.ndarray]) -> bool:
    return all(np.isfinite(array).all() for array in arrays if array.dtype.kind == "f")


def refused_as_written(func: tirx.PrimFunc) -> bool:
    """Whether TVM's simplifier alone, on the function before any pass, refuses one of its constants."""
    try:
        with tvm.transform.PassContext(opt_level=3):
            tirx.transform.StmtSimplify()(tvm.IRModule({"main": func}))
    except Exception as error:  # noqa: BLE001
        return any(marker in str(error) for marker in CONSTANT_REFUSALS)
    return False


def _is_inexact_call(node: object) -> bool:
    return isinstance(node, tvm.ir.Call) and isinstance(node.op, tvm.ir.Op) and \
        node.op.name.removeprefix("tirx.") in INEXACT


# Operations under which one unit in the last place can become a whole unit, or any bits.
_DISCONTINUOUS = frozenset({"tirx.reinterpret", "tirx.floor", "tirx.ceil", "tirx.trunc", "tirx.round",
                            "tirx.nearbyint"})


def libm_bits_matter(func: tirx.PrimFunc) -> bool:
    """Whether the function turns the last bits of a libm result into a large difference: a
    reinterpret, a rounding or a float-to-integer cast of an expression holding an inexact
    intrinsic."""
    def exposes(node: object) -> tvm_ffi.VisitInterrupt | None:
        if isinstance(node, tvm.ir.Call) and isinstance(node.op, tvm.ir.Op) and node.op.name in _DISCONTINUOUS:
            operand = node.args[0]
        elif isinstance(node, tirx.Cast) and "float" in str(node.value.ty) and "float" not in str(node.ty):
            operand = node.value
        else:
            return None
        inner = tvm_ffi.structural_walk(operand, [(tvm.ir.Call, lambda call: tvm_ffi.VisitInterrupt(call)
                                                   if _is_inexact_call(call) else None)], order="pre")
        return tvm_ffi.VisitInterrupt(node) if inner is not None else None

    return tvm_ffi.structural_walk(func.body, [(tvm.ir.Expr, exposes)], order="pre") is not None


def zero_sign_matters(func: tirx.PrimFunc) -> bool:
    """Whether the function copies the sign of a float min or max: `min(-0.0, +0.0)` may return
    either zero (LLVM's minnum), and copysign turns that into a whole value."""
    def exposes(node: object) -> tvm_ffi.VisitInterrupt | None:
        if not (isinstance(node, tvm.ir.Call) and isinstance(node.op, tvm.ir.Op) and node.op.name == "tirx.copysign"):
            return None
        inner = tvm_ffi.structural_walk(node.args[1], [((tirx.Min, tirx.Max), tvm_ffi.VisitInterrupt)], order="pre")
        return tvm_ffi.VisitInterrupt(node) if inner is not None else None

    return tvm_ffi.structural_walk(func.body, [(tvm.ir.Expr, exposes)], order="pre") is not None


def undefined(test: TestRun, ub: UndefinedBehaviour, instead: str = "") -> Outcome:
    """A test whose function has undefined behaviour: invalid, counted, never a finding."""
    details: dict[str, Any] = {"undefined_behaviour": ub.kind.value}
    if instead:
        details["instead_of"] = instead[:300]
    return Outcome(status=Status.UNDEFINED_BEHAVIOUR, stage=Stage.RUN, message=str(ub)[:500],
                   applied_passes=len(test.passes), details=details)


class Reference(RunsBuilds):
    name = "reference"
    kind = FindingKind.INCONSISTENCY
    expected = ("The build computes what the function computes by TIR's semantics (the outputs in repro.py, from "
                "tzer's reference interpreter on these inputs), with the passes and without.")
    default_rate = 1.0
    flag = "--reference-rate"
    help = "share of the tests that run their builds (differential, perf) that the reference interpreter judges first"
    rides_with = ("differential", "perf")

    def after_build(self, test: TestRun) -> Outcome | None:
        try:
            args = test.arguments()
        except Exception:  # noqa: BLE001 - no inputs: the differential oracle says why
            return None
        test.stage(Stage.RUN, "reference interpreter")
        try:
            test.notes["expected"] = interpret(test.func, args, step_budget=STEP_BUDGET, vscale=test.vscale)
        except UndefinedBehaviour as ub:
            return undefined(test, ub)
        except InterpreterOutcome as other:
            test.details["reference"] = f"{type(other).__name__}: {other}"[:200]
            return None
        return super().after_build(test)

    def excuse(self, test: TestRun, outcome: Outcome) -> Outcome | None:
        # TVM refuses some undefined behaviour on purpose (a constant division by zero, a literal
        # out of range): an exception from a test with undefined behaviour is the test's fault.
        instead = f"{outcome.status} at {outcome.stage}: {outcome.message}"
        # A narrow uint out of range is the test's fault only where TVM refused exactly that: the
        # hardware wraps it, and a test that failed for another reason still shows a bug.
        refused_uint = any(marker in (outcome.message or "") for marker in UINT_REFUSALS)
        try:
            interpret(test.func, test.arguments(), step_budget=STEP_BUDGET, strict=True, vscale=test.vscale,
                      narrow_uint=refused_uint)
        except UndefinedBehaviour as ub:
            return undefined(test, ub, instead)
        except Exception:  # noqa: BLE001 - no inputs, unsupported, over budget: no run to judge by
            pass
        # Code that never runs escapes the interpreter, not TVM's constant folder: if simplifying
        # the function as written already hits the refusal, the test wrote the constant, not a pass.
        if any(marker in (outcome.message or "") for marker in CONSTANT_REFUSALS) and refused_as_written(test.func):
            ub = UndefinedBehaviour(UBKind.constant_refused, f"simplifying the function as written: {outcome.message}")
            return undefined(test, ub, instead)
        return None

    def judge_runs(self, test: TestRun, args: list[Any]) -> Outcome | None:
        expected = test.notes["expected"]
        if test.runner is not None and test.runner.finite_math and not all_finite(expected):
            # WGSL lets an implementation assume no Inf or NaN: where TIR's result holds one, the
            # platform need not compute it.
            test.details["reference"] = "not compared: an Inf or NaN result, which this platform may assume away"
            return None
        wrong_optimized = first_mismatch(expected, test.run(test.executable, args), nan_is_value=True)
        if wrong_optimized is None and test.runner is not None and test.runner.emulated:
            # On an emulated machine the opt_level=0 build (a second link and process) runs only to
            # tell a pass's fault from the pipeline's when the optimized build is wrong.
            test.notes["reference_agreed"] = True
            return None
        wrong_unoptimized = first_mismatch(expected, test.run(test.reference_build(), args), nan_is_value=True)
        test.stage(Stage.COMPARE, "reference interpreter")
        if wrong_optimized is None and wrong_unoptimized is None:
            return None
        if libm_bits_matter(test.func):
            # The C library rounds the last bit its own way; the test makes that bit a large value.
            test.details["reference"] = "not compared: a reinterpret or integer cast of a libm result"
            return None
        if zero_sign_matters(test.func):
            test.details["reference"] = "not compared: a sign copied from a float min or max (either zero)"
            return None
        if wrong_optimized and wrong_unoptimized:
            guilty, message = PIPELINE, wrong_optimized
        elif wrong_optimized:
            guilty = guilty_pass(test, expected, args, nan_is_value=True) or "the pass sequence"
            message = wrong_optimized
        else:
            guilty, message = UNOPTIMIZED, wrong_unoptimized
        return Outcome(status=Status.INCONSISTENCY, stage=Stage.COMPARE, pass_name=guilty,
                       message=f"against the reference interpreter: {message}", applied_passes=len(test.passes),
                       details={"oracle": self.name})

    def repro(self, meta: dict[str, Any], script: str, passes: list[dict[str, Any]]) -> ReproParts:
        """The expected outputs go into repro.py as literals: both builds may be wrong together."""
        func = from_script(script)
        args = make_arguments(func, np.random.default_rng(int(meta.get("rng") or 0)))
        vscale = runners.default_vscale(targets.get(str(meta.get("target") or targets.HOST)))
        expected = interpret(func.with_attr("global_symbol", "main"), args, step_budget=STEP_BUDGET, vscale=vscale)
        literals = "[" + ", ".join(f"np.array({a.tolist()!r}, dtype={str(a.dtype)!r})" for a in expected) + "]"
        return self.repro_parts(meta, [], REPRO_EXPECTED.format(expected=literals, tolerances=TOLERANCES))
