"""Which component is at fault for a failure: triage asks it of a reduced case, in the worker.

The pass a failure shows in is often not the one to blame:
- a wrong result shows when the build runs, whatever pass made the IR compute it: the reference
  interpreter runs the IR after every pass, the sequence's and then the default pipeline's, and the
  first pass after which the result differs is the culprit. When every pass up to the host form
  keeps the result, the code generator (or a pass after MakePackedAPI) is;
- a pass may fail on IR that an earlier pass made: the failing pass is replayed alone on the IR
  after each earlier pass, and the first pass after which it fails the same way made its input;
- a round trip through TVMScript may fail while the pass's output is sound (the interpreter
  computes with it what it computes with the input): then the printer or the parser is at fault;
- a pass may fail at a check inside a shared component it calls (an analyzer, constant folding,
  the code generator): TVM's stack names it (tzer.oracles.raise_site), unless another pass made
  the IR;
- a pass's output may hold a block whose read or write region is ill-formed, as TVM's access
  region detector gives it for the block's body: the detector is at fault, not the pass that
  asked it for the block's regions.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np
import tvm
import tvm_ffi
from tvm import tirx

from tirkit.devicecode import is_device_kernel
from tirkit.errors import first_line, numbers_masked
from tirkit.regions import detected_regions
from tirkit.script import from_script, to_script
from tirkit.verify import JUMP_OUTSIDE_LOOPS, jumps_outside_loops, mistyped_thread_bindings, undefined_attr_buffers
from tzer.oracles.analysis_probe import failing_analysis, wrong_simplification
from tzer.oracles.differential import first_mismatch
from tzer.oracles.raise_site import (
    BLOCK_LOOKUP,
    CAST_FOLDING,
    CODEGEN,
    RAISED_AT,
    RaiseSite,
    failure_point,
    is_binding_check,
    is_interval_cast,
    python_failure_point,
    qualified_name,
    shared_component,
)
from tzer.oracles.reference import STEP_BUDGET, UNOPTIMIZED
from tzer.oracles.schedule_trace import first_broken_step
from tzer.oracles.well_formed import functions
from tzer.passes.autoschedule import PREFIX as SCHEDULER_PREFIX
from tzer.passes.autoschedule import is_auto_schedule, primitive_label
from tzer.passes.labels import pass_name
from tzer.passes.registry import instantiate, pass_context, spec_label
from tzer.reference import InterpreterOutcome, UndefinedBehaviour, interpret
from tzer.runners.base import SOURCE_COMPILERS
from tzer.runtime.testrun import TestRun
from tzer.vocabulary import ILL_FORMED_OUTPUT, MISHANDLED, Component, Outcome, Stage, Status

INPUT = "input"
Steps = list[tuple[str, tvm.IRModule]]
PRINTER, PARSER = "TVMScript printer", "TVMScript parser"
# How a failure of the opt_level=0 build names its pipeline pass (tzer.oracles.differential).
UNOPTIMIZED_BUILD = "opt_level=0 "
# From this pass on the function takes packed arguments, which the interpreter does not model.
PACKED_API = "tirx.MakePackedAPI"
# Printer failures: the parser cannot read what the printer wrote.
_UNREADABLE = ("Undefined variable", "SyntaxError", "is not defined", "invalid syntax", "Unexpected")
# A node constructor's check, which the parser runs and a pass editing nodes in place skips.
_REFUSED_NODE = ("Check failed", "Incompatible types", "TypeError")
# Where a verifier found an ill-formed read or write region: the block's path, the field, the index;
# the variable or buffer it names; one step of such a path.
_REGION_AT = re.compile(r"<root>(?P<block>\S*?)\.(?P<field>reads|writes)\[(?P<index>\d+)\]")
_NAMED = re.compile(r"\b(variable|buffer) (\S+)")
_PATH_STEP = re.compile(r"\.(\w+)|\[(\d+)\]")
REGION_DETECTOR = "s_tir.analysis.GetSBlockReadWriteRegion"
OUTSIDE_BUFFER = "a buffer the block allocates given to the region detector as an outside one"
DANGLING_ATTRIBUTE = "an attribute left on a buffer the pass replaced"
LISTED_ERRORS = "with the following errors:"
# The passes a code generator runs on its device module before writing code, in order
# (src/backend/*/codegen: BuildWebGPU, BuildMetal, the SPIR-V lowering).
CODEGEN_PASSES = {"webgpu": ("PointerValueTypeRewrite", "ForceNarrowIndexToInt32"),
                  "metal": ("PointerValueTypeRewrite",), "vulkan": ("PointerValueTypeRewrite",)}
# The parser's defects as root causes: each is one mistake, whichever function shows it.
PARSER_RANGE = "TVMScript parser: range() of a loop whose type is not int32"
PARSER_VTHREAD = "TVMScript parser: a vthread.* tag"
# An intrinsic left unlowered reaches the code generator, which names the op.
# A kernel's compiler refusing a name its language lacks (PoCL's OpenCL C, naga's WGSL).
_UNDECLARED = re.compile(r"use of undeclared identifier '(\w+)'|no definition in scope for identifier: `(\w+)`")
_UNLOWERED_OP = re.compile(r'(?:unknown intrinsic|Unresolved call) ir\.Op\(.*?name="([\w.]+)"')
LOWER_INTRIN = "tirx.LowerIntrin"
# Rewriters of src/tirx/ir/data_type_rewriter.cc that passes derive from.
_SHARED_REWRITER = re.compile(r"^tvm::(tirx::(?:DataTypeLegalizer|IndexDataTypeRewriter))::")
VECTORIZE_LOOP = "tirx.VectorizeLoop"
# The target keys TVM registers intrinsic lowering rules under (`cuda.FLowerIntrinsic`).
_RULE_KEYS = ("default", "llvm", "cuda", "rocm", "nvptx", "metal", "opencl", "webgpu", "vulkan", "spirv", "hexagon",
              "c")


# LLVM's back end aborting on a scalable vector it cannot lower (float16 on RVV without zvfh).
_SCALABLE_FAILURE = re.compile(r"LLVM ERROR: ([^\n]*[Ss]calable[^\n]*)")
SCALABLE_FROM_FIXED = "scalable vectors made of a fixed-length vectorized loop"


@dataclass
class Culprit:
    """The component at fault: `label` names it (a pass label, `codegen [target]`, `TVMScript
    printer`, `sym.RewriteSimplifier`); `made_by`, where another pass made the IR it fails on;
    `site`, the failing check as a root cause (raise_site.failure_point; for a pass failing on its
    own input, the pass and the check's function); `how`, the evidence."""

    component: Component
    label: str
    how: str
    made_by: str | None = None
    site: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "component": str(self.component)}


@tvm.ir.instrument.pass_instrument
class IRRecorder:
    """The module after each pass of a build that changed it, labelled `pipeline:<pass>`, after the
    steps it starts with (the test's input and its sequence's passes)."""

    def __init__(self, steps: Steps) -> None:
        # Instrument classes cannot set attributes after construction; mutate a list instead.
        self.steps = list(steps)

    def run_after_pass(self, mod: tvm.IRModule, info: tvm.transform.PassInfo) -> None:
        # A Sequential reports after its last pass with that pass's module: kept once.
        if not self.steps[-1][1].same_as(mod):
            self.steps.append((f"pipeline:{info.name}", mod))


def find(test: TestRun, outcome: Outcome) -> Culprit | None:
    """The culprit of `outcome`, the failure of `test`, where one of the three analyses applies."""
    try:
        if outcome.status == Status.INCONSISTENCY:
            return _wrong_result(test, unoptimized=outcome.pass_name == UNOPTIMIZED)
        if outcome.status == Status.ILL_FORMED and (outcome.message or "").startswith("TVMScript"):
            return _round_trip(test, outcome)
        step = _scheduler_step(test, outcome)
        if step is not None:
            primitive = _scheduler_primitive(test, step)
            if primitive is not None:
                return primitive
        if outcome.status == Status.ILL_FORMED and outcome.stage == Stage.PASS:
            return _jump_left_its_loop(outcome) or _pragma_lowering(test, outcome) or \
                _region_detector(test, outcome) or _primitive_output(outcome)
        if outcome.status == Status.EXCEPTION and outcome.stage == Stage.COMPILE:
            unlowered = _UNLOWERED_OP.search(outcome.message or "")
            if unlowered:
                return _unlowered_intrinsic(test, unlowered.group(1))
            undeclared = _UNDECLARED.search(outcome.message or "")
            if undeclared and (outcome.pass_name or "").startswith(SOURCE_COMPILERS):
                default_named = _default_rule_name(test, undeclared.group(1) or undeclared.group(2))
                if default_named is not None:
                    return default_named
        if outcome.status == Status.EXCEPTION and outcome.stage in (Stage.PASS, Stage.COMPILE):
            return _raised_in(test, outcome, _producer(test, outcome))
    except Exception as error:  # noqa: BLE001 - the analysis must not turn the test into another failure
        return Culprit(Component.UNKNOWN, outcome.pass_name or "", f"the culprit analysis failed: {first_line(error)}")
    return None


def scalable_vectors_culprit(script: str, labels: list[str], failure: str, target: str) -> Culprit | None:
    """VectorizeLoop, where LLVM's back end fails on a scalable vector and the function as written
    (`script`, its sequence's pass `labels`) has none: its RVV path (VectorizeFixedLoopForRVV) turns
    every fixed-length vectorized loop into a scalable one, whatever the element type, and no other
    pass makes one (c42's and c43's crash-cad07e70). None otherwise."""
    found = _SCALABLE_FAILURE.search(failure)
    if found is None or "vscale" in script:
        return None
    ran = [label for label in labels if pass_name(label) == VECTORIZE_LOOP]
    label = ran[-1] if ran else f"pipeline:{VECTORIZE_LOOP} [{target}]"
    return Culprit(Component.PASS, label, f"LLVM's back end fails on a scalable vector ({found.group(1).strip()}); "
                   f"the function as written has none, and {VECTORIZE_LOOP} turns fixed-length vectorized loops "
                   f"into scalable ones (its RVV path), whatever their element type",
                   site=f"{VECTORIZE_LOOP}|{SCALABLE_FROM_FIXED}|{numbers_masked(found.group(1).strip())}")


def _sequence_steps(test: TestRun) -> Steps:
    """The input and the module after each pass of the sequence that ran."""
    labels = [INPUT] + [spec_label(spec) for spec in test.passes]
    return list(zip(labels, test.snapshots, strict=False))


def _pipeline_steps(test: TestRun, steps: Steps, opt_level: int) -> Steps:
    """`steps`, then the module after each pass of the default pipeline that builds the last one (as
    far as it gets, where it fails)."""
    recorder = IRRecorder(steps)
    try:
        with test.target.pass_context(opt_level, instruments=[recorder]):
            tvm.compile(steps[-1][1], target=test.target.target())
    except Exception:  # noqa: BLE001 - what ran before the failure is recorded
        pass
    return recorder.steps


def _failing_pipeline_steps(test: TestRun, failing: str) -> tuple[Steps, int]:
    """The steps up to the pipeline pass `failing` and the opt_level of its build: the opt_level=0
    build compiles the function as written, the optimized one the sequence's output."""
    opt_level = 0 if failing.startswith(UNOPTIMIZED_BUILD) else 3
    key = f"pipeline steps at opt_level={opt_level}"
    if key not in test.notes:
        # The producer search and the analysis probe both walk them: one build, not two.
        start = [(INPUT, tvm.IRModule({"main": test.func}))] if opt_level == 0 else _sequence_steps(test)
        test.notes[key] = _pipeline_steps(test, start, opt_level)
    return test.notes[key], opt_level


def _expected(test: TestRun) -> list[np.ndarray]:
    """What the function as written computes on the test's inputs: the reference oracle's result
    when it judged the test (tzer.oracles.reference keeps it in `notes`), else interpreted here."""
    if "expected" not in test.notes:
        test.notes["expected"] = interpret(test.func, test.arguments(), step_budget=STEP_BUDGET, vscale=test.vscale)
    return test.notes["expected"]


def _interpretable(mod: tvm.IRModule, label: str) -> tirx.PrimFunc | None:
    funcs = functions(mod)
    return funcs[0] if len(funcs) == 1 and pass_name(label) != PACKED_API else None


def _wrong_result(test: TestRun, unoptimized: bool) -> Culprit:
    args = test.arguments()
    expected = _expected(test)
    start = [(INPUT, tvm.IRModule({"main": test.func}))] if unoptimized else _sequence_steps(test)
    steps = _pipeline_steps(test, start, 0 if unoptimized else 3)
    build = "opt_level=0 build" if unoptimized else "build"
    last_sound = steps[0]
    for label, mod in steps[1:]:
        func = _interpretable(mod, label)
        if func is None:
            break
        try:
            outputs = interpret(func, args, step_budget=STEP_BUDGET, vscale=test.vscale)
        except UndefinedBehaviour as ub:
            return Culprit(Component.PASS, label, f"the IR after it has undefined behaviour ({ub}); "
                           f"the IR before it has none and computes the right result")
        except InterpreterOutcome as other:
            return Culprit(Component.UNKNOWN, label, f"the IR up to {last_sound[0]} computes the right result; the "
                           f"reference interpreter cannot run the IR after {label} ({first_line(other)}), so the "
                           f"bisection stops there")
        mismatch = first_mismatch(expected, outputs, nan_is_value=True)
        if mismatch:
            simplified = _wrong_index_simplification(label, last_sound[1])
            if simplified is not None:
                return simplified
            unrolled = _unrolled_jump(label, last_sound[1], mod)
            return Culprit(Component.PASS, label, f"the reference interpreter on the IR after each pass: the IR "
                           f"before it computes the right result, the IR after it does not ({mismatch})"
                           f"{'; it unrolled a loop whose body breaks or continues' if unrolled else ''}",
                           site=UNROLLED_JUMP if unrolled else None)
        last_sound = (label, mod)
    lowered = _lower_intrinsics(test, last_sound[1], args, expected)
    if lowered is not None:
        return lowered
    codegen = f"codegen [{test.target.name}]"
    return Culprit(Component.CODEGEN, codegen, f"the IR after every pass up to {last_sound[0]} computes the right "
                   f"result (reference interpreter), and so does it with its intrinsics lowered: the {build} is "
                   f"wrong in the code generator or the passes of the host form after it")


def _lower_intrinsics(test: TestRun, mod: tvm.IRModule, args: list[Any], expected: list[np.ndarray]) -> Culprit | None:
    """LowerIntrin runs after MakePackedAPI, where the interpreter cannot follow: applied to the
    last IR it can run, its own effect on the result shows."""
    label = "pipeline:tirx.LowerIntrin"
    try:
        with test.target.pass_context(3):
            lowered = tirx.transform.LowerIntrin()(mod)
        func = _interpretable(lowered, label)
        if func is None:
            return None
        outputs = interpret(func, args, step_budget=STEP_BUDGET, vscale=test.vscale)
    except Exception:  # noqa: BLE001 - an intrinsic the interpreter does not know: no evidence
        return None
    mismatch = first_mismatch(expected, outputs, nan_is_value=True)
    if mismatch is None:
        return None
    return Culprit(Component.PASS, label, f"the IR before it computes the right result; with its intrinsics "
                   f"lowered for {test.target.name} it does not ({mismatch})")


def _producer(test: TestRun, outcome: Outcome) -> Culprit | None:
    """The pass that made the IR the failing pass fails on: the failing pass is replayed alone on
    the IR after each earlier pass, the first after which it fails the same way made its input.
    "The same way" is as it fails replayed alone on its real input (alone, a pass may meet the
    defect at another check than inside the pipeline)."""
    failing = outcome.pass_name or ""
    component = Component.PASS
    if outcome.stage == Stage.PASS:
        steps = _sequence_steps(test)
        spec = test.passes[outcome.applied_passes]
        replay = instantiate(spec, test.target.target())

        def error(mod: tvm.IRModule) -> str | None:
            with pass_context(spec):
                return _error_of(lambda: replay(mod))
    elif failing.removeprefix(UNOPTIMIZED_BUILD).startswith("pipeline:"):
        steps, opt_level = _failing_pipeline_steps(test, failing)
        try:
            # The registry's defaults are the pipeline's arguments (VectorizeLoop(True), NarrowDataType(32)).
            pipeline_pass = instantiate({"name": pass_name(failing.removeprefix(UNOPTIMIZED_BUILD))},
                                        test.target.target())
        except Exception:  # noqa: BLE001 - a pass outside the registry's namespaces: not replayed
            return None

        def error(mod: tvm.IRModule) -> str | None:
            with test.target.pass_context(opt_level):
                return _error_of(lambda: pipeline_pass(mod))

        unlowered = _vectorized_loop_left(steps)
        if unlowered is not None:
            return Culprit(component, failing.split(" (after ", 1)[0], f"a loop is still vectorized after "
                           f"{unlowered}, which lowers every vectorized loop (to vectors or to a serial loop): "
                           f"the passes after it take none", made_by=unlowered)
    elif failing.startswith(("codegen", *SOURCE_COMPILERS)):
        steps, component = _sequence_steps(test), Component.CODEGEN

        def error(mod: tvm.IRModule) -> str | None:
            return _error_of(lambda: test.emit(test.build(mod, 3)))
    else:
        return None
    # `codegen [webgpu] (after tirx.NarrowDataType)`: the pass it follows is not part of its name;
    # Source that its compiler rejects (C, OpenCL C, WGSL) is source that TVM's code generator wrote.
    failing = failing.split(" (after ", 1)[0]
    if failing.startswith(SOURCE_COMPILERS):
        failing = "codegen [" + failing.split(" [", 1)[1]
    reference = error(steps[-1][1])
    if reference is None:
        if failing.startswith("pipeline:") and test.target.gpu and not _raised_in_a_pass(outcome):
            # Alone on its input the pass succeeds: the build failed after it, where a GPU target's
            # device code is generated (the last pass that started names the failure there). Unless
            # the check that failed is a pass's own: replayed out of the pipeline's device context,
            # a device pass (LowerWarpMemory) may not run at all.
            internal = _codegen_pass(test, steps[-1][1], outcome.message or "")
            if internal is not None:
                return Culprit(Component.PASS, f"{internal} (run by codegen [{test.target.name}])", f"{failing} "
                               f"alone succeeds on its input, and {internal}, which the code generator runs on the "
                               f"device code before writing it, fails alike on the IR after the pipeline")
            return Culprit(Component.CODEGEN, f"codegen [{test.target.name}]", f"{failing} alone succeeds on its "
                           f"input, so the build fails after it: in the code generator")
        return None
    before: tuple[str, str | None] | None = None
    for label, mod in steps:
        seen = error(mod)
        if seen == reference:
            if before is None:
                return Culprit(component, failing, "it fails alike on the function as written, before any other pass")
            if before[1] is not None:
                # The IR before it is not in the failing pass's input form (it fails otherwise there):
                # the pass that lowered it to that form only let it run, no pass is shown to make it fail.
                return Culprit(component, failing, f"it fails alike on the first IR in its input form, after "
                               f"{label} (on the IR before, it fails otherwise: {before[1]})")
            return Culprit(component, failing, f"it fails alike on the IR after {label} and succeeds on the IR "
                           f"before it: {label} made the IR it fails on", made_by=label)
        before = (label, seen)
    return None


def _codegen_pass(test: TestRun, mod: tvm.IRModule, message: str) -> str | None:
    """The pass a code generator runs on the device code before writing it (BuildWebGPU narrows
    every index to int32) that fails on `mod`, the IR after the pipeline, with `message`; None when
    none does (c42's exception-4ee1d119: ForceNarrowIndexToInt32 drops a vector cast's lanes)."""
    device = {gvar: func for gvar, func in mod.functions_items() if is_device_kernel(func)}
    current = tvm.IRModule(device) if device else mod
    for name in CODEGEN_PASSES.get(test.target.target().kind.name, ()):
        try:
            current = getattr(tirx.transform, name)()(current)
        except Exception as error:  # noqa: BLE001 - compared by message
            same = numbers_masked(first_line(error)) == numbers_masked(message)
            return f"tirx.{name}" if same else None
    return None


def _scheduler_step(test: TestRun, outcome: Outcome) -> int | None:
    """The index of the automatic scheduler's step that failed in the sequence, or left ill-formed
    IR; None where the failure is another pass's."""
    if outcome.stage != Stage.PASS or outcome.status not in (Status.ILL_FORMED, Status.EXCEPTION):
        return None
    index = outcome.applied_passes - (outcome.status == Status.ILL_FORMED)
    in_sequence = 0 <= index < min(len(test.passes), len(test.snapshots))
    return index if in_sequence and is_auto_schedule(test.passes[index]["name"]) else None


def _scheduler_primitive(test: TestRun, index: int) -> Culprit | None:
    """The primitive of an automatic scheduler's schedule after which the function is first broken,
    where the scheduler's step `index` fails or leaves ill-formed IR (tzer.oracles.schedule_trace)."""
    spec = test.passes[index]
    found = first_broken_step(test.snapshots[index], spec["name"].removeprefix(SCHEDULER_PREFIX),
                              dict(spec.get("args", {})), test.target.target())
    if found is None:
        return None
    instruction, problem = found
    primitive = primitive_label(instruction)
    return Culprit(Component.PASS, f"{primitive} (in {spec_label(spec)})", f"replayed one instruction at a time, "
                   f"the schedule's trace first breaks the function at {instruction} ({problem})",
                   site=f"{ILL_FORMED_OUTPUT}|{primitive}|{_region_problem(problem)}")


# Passes that simplify the indices they write through the iterator-map rewriter (IterMapSimplify):
# FlattenBuffer every flattened index (src/tirx/transform/flatten_buffer.cc).
_SIMPLIFIES_INDICES = ("tirx.FlattenBuffer",)


WRONG_INDEX = "an index simplified into another value"


def _wrong_index_simplification(label: str, before: tvm.IRModule) -> Culprit | None:
    """The iterator-map rewriter, where the pass whose output computes a wrong result simplifies its
    indices through it and it simplifies an index of the pass's input into another value."""
    if pass_name(label) not in _SIMPLIFIES_INDICES:
        return None
    for func in functions(before):
        found = wrong_simplification(func)
        if found is not None:
            return Culprit(Component.ANALYSIS, found.component, f"{label} simplifies its indices through "
                           f"{found.call}, which simplifies the indices {found.expression} of an access in its "
                           f"input, under the ranges of its loops", site=f"{found.component}|{WRONG_INDEX}")
    return None


# UnrollLoop unrolls a loop whose body breaks or continues, even one AnnotateIrregularLoop marked:
# the jump then leaves an enclosing loop, or none at all. One defect whether the verifier finds a
# jump outside any loop or the build computes a wrong result (c46's ill_formed-5d3a3597 and
# inconsistency-00b07ffb).
UNROLL_LOOP = "tirx.UnrollLoop"
UNROLLED_JUMP = f"{MISHANDLED}|{UNROLL_LOOP}|unrolls a loop whose body breaks or continues"


def _jump_left_its_loop(outcome: Outcome) -> Culprit | None:
    label = outcome.pass_name or ""
    if pass_name(label) != UNROLL_LOOP or JUMP_OUTSIDE_LOOPS not in (outcome.message or ""):
        return None
    return Culprit(Component.PASS, label, "it unrolled a loop whose body breaks or continues: the jump is left "
                   "outside any loop", site=UNROLLED_JUMP)


def _unrolled_jump(label: str, before: tvm.IRModule, after: tvm.IRModule) -> bool:
    """Whether `label` is UnrollLoop and a loop of `before` that a break or continue leaves (its
    innermost loop) is gone after it."""
    if pass_name(label) != UNROLL_LOOP:
        return False
    return bool(_loop_vars(before, jumping=True) - _loop_vars(after, jumping=False))


def _loop_vars(mod: tvm.IRModule, jumping: bool) -> set[str]:
    """The variables of the loops of `mod`; with `jumping`, of those a break or continue leaves."""
    names: set[str] = set()

    def loop(node: tirx.For) -> None:
        if not jumping or jumps_outside_loops(node.body, in_loop=False):
            names.add(str(node.loop_var.name))

    for func in functions(mod):
        tvm_ffi.structural_walk(func.body, [(tirx.For, loop)], order="pre")
    return names


def _primitive_output(outcome: Outcome) -> Culprit | None:
    """A schedule primitive of the sequence whose output the verifier rejects: one root with the
    same primitive breaking the function inside an automatic scheduler's schedule (see above)."""
    label = outcome.pass_name or ""
    if not label.startswith(SCHEDULER_PREFIX) or is_auto_schedule(pass_name(label)):
        return None
    return Culprit(Component.PASS, label, f"the function it returns is not well-formed: {outcome.message}",
                   site=f"{ILL_FORMED_OUTPUT}|{pass_name(label)}|{_region_problem(outcome.message or '')}")


def _region_detector(test: TestRun, outcome: Outcome) -> Culprit | None:
    """A pass's output holds a block whose read or write region a verifier rejects, and TVM's
    access region detector gives that very region for the block's body: the pass asked the
    detector for the regions of a block it made (PlanAndUpdateBufferAllocationLocation does), so
    the detector is wrong where a let variable leaks from the body; where the region names a buffer
    the body allocates, the pass gave it as an outside buffer."""
    where = _REGION_AT.search(outcome.message or "")
    named = _NAMED.search(outcome.message or "")
    if where is None or named is None or not test.snapshots or not outcome.applied_passes:
        return None
    spec = test.passes[outcome.applied_passes - 1]
    with pass_context(spec):
        output = instantiate(spec, test.target.target())(test.snapshots[-1])
    for func in functions(output):
        block = _object_at(func, where.group("block"))
        if not isinstance(block, tvm.s_tir.SBlock):
            continue
        # The detector leaks what the block's body defines; a name the body does not define was
        # undefined before the pass asked for the block's regions.
        if named.group(2) not in _defined_inside(block):
            continue
        region = getattr(block, where.group("field"))[int(where.group("index"))]
        reads, writes = detected_regions(func, block)
        if any(tvm_ffi.structural_equal(region, found) for found in (reads if where.group("field") == "reads"
                                                                       else writes)):
            if named.group(1) == "buffer":
                # The detector reports accesses to the buffers its caller calls outside ones
                # (sblock_access_region_detector.cc, `buffer_var_map`): given one the block
                # allocates, the caller broke that contract (c43's ill_formed-605247e7).
                label = outcome.pass_name or ""
                return Culprit(Component.PASS, label, f"it gives the access region detector {named.group(2)}, "
                               f"which the block allocates, as a buffer from outside the block, and so writes "
                               f"the region {where.group('field')}[{where.group('index')}] the detector gives "
                               f"for it", site=f"{pass_name(label)}|{OUTSIDE_BUFFER}")
            return Culprit(Component.ANALYSIS, f"{REGION_DETECTOR} (called by {outcome.pass_name})",
                           f"the ill-formed region {where.group('field')}[{where.group('index')}] is the one the "
                           f"access region detector gives for the block's body",
                           site=f"{REGION_DETECTOR}|{_region_problem(outcome.message or '')}")
    return None


# LowerOpaqueBlock and LowerTIRxOpaque lower a loop with the same code, line for line (Step 5 of
# VisitStmt_(ForNode) in src/s_tir/transform/lower_opaque_block.cc and
# src/tirx/transform/lower_tirx_opaque.cc): a `pragma_*` annotation becomes an AttrStmt whose node
# is the loop variable, outside the loop that defines it. One fix covers both.
_PRAGMA_LOWERERS = ("s_tir.LowerOpaqueBlock", "tirx.LowerTIRxOpaque")
PRAGMA_LOWERING = "the pragma lowering of LowerOpaqueBlock and LowerTIRxOpaque"


def _pragma_lowering(test: TestRun, outcome: Outcome) -> Culprit | None:
    """A lowerer's output uses a loop variable outside its loop, and the input annotates that loop
    with a pragma: the defect of the lowering both lowerers share."""
    named = _NAMED.search(outcome.message or "")
    label = outcome.pass_name or ""
    if pass_name(label) not in _PRAGMA_LOWERERS or named is None or named.group(1) != "variable" \
            or not test.snapshots:
        return None
    if named.group(2) not in _pragma_loop_vars(test.snapshots[-1]):
        return None
    return Culprit(Component.PASS, label, f"it lowers the pragma annotation of loop {named.group(2)} to an "
                   f"AttrStmt on the loop variable, outside the loop that defines it (code {PRAGMA_LOWERING} "
                   f"share)", site=f"{PRAGMA_LOWERING}|{_region_problem(outcome.message or '')}")


def _pragma_loop_vars(mod: tvm.IRModule) -> set[str]:
    names: set[str] = set()

    def note(loop: tirx.For) -> None:
        if any(str(key).startswith("pragma_") for key in loop.annotations):
            names.add(loop.loop_var.name)

    for func in functions(mod):
        tvm_ffi.structural_walk(func.body, (tirx.For, note))
    return names


def _region_problem(message: str) -> str:
    """What is wrong with a region, without the names and the path: `undefined variable <name>`."""
    problem = _NAMED.sub(r"\1 <name>", message.split(" at <root>", 1)[0])
    return problem.rsplit(": ", 1)[-1]


def _defined_inside(block: tvm.s_tir.SBlock) -> set[str]:
    """The names of the variables and buffers that `block`'s body defines."""
    names: set[str] = set()

    def visit(node: Any) -> None:
        if isinstance(node, tirx.Bind):
            names.add(str(node.var.name))
        elif isinstance(node, tirx.For):
            names.add(str(node.loop_var.name))
        elif isinstance(node, (tirx.AllocBuffer, tirx.DeclBuffer)):
            names.add(str(node.buffer.name))
        elif isinstance(node, tvm.s_tir.SBlock):
            names.update(str(b.name) for b in node.alloc_buffers)
            names.update(str(iv.var.name) for iv in node.iter_vars)

    tvm_ffi.structural_walk(block.body, [(tirx.Stmt, visit)], order="pre")
    return names


def _object_at(func: tirx.PrimFunc, path: str) -> Any:
    """The node at a verifier's path below `<root>` (`.body.block.body[1]`), or None."""
    node: Any = func
    try:
        for field, index in _PATH_STEP.findall(path):
            node = getattr(node, field) if field else node[int(index)]
    except (AttributeError, IndexError, TypeError):
        return None
    return node


def _unlowered_intrinsic(test: TestRun, op_name: str) -> Culprit:
    """An intrinsic the code generator meets unlowered. Where some target has a lowering rule for
    the op, this target's rule table lacks one, or its rule leaves this type as it is: LowerIntrin
    applies that table, for this target (one root per table: c46's judge counted the rules one
    table lacks as one fix, in one file). Where no target has one (`tirx.assume`), code generators
    are meant to handle the op themselves: the code generator is at fault, in the code the targets
    share (CodeGenC's dispatch under c and cuda)."""
    ruled = [key for key in _RULE_KEYS if _has_rule(op_name, key)]
    if ruled:
        label = f"pipeline:{LOWER_INTRIN} [{test.target.name}]"
        return Culprit(Component.PASS, label, f"the code generator meets {op_name} unlowered; lowering rules for it "
                       f"exist ({', '.join(ruled)}), but LowerIntrin's table for {test.target.name} does not lower "
                       f"this call", site=_rule_table_site(test))
    return Culprit(Component.CODEGEN, f"codegen [{test.target.name}]", f"the code generator meets {op_name}, which "
                   f"no target lowers before code generation, and has no case for it", site=f"{CODEGEN}|{op_name}")


def _default_rule_name(test: TestRun, name: str) -> Culprit | None:
    """A C math name (`atanf`) that LowerIntrin's default rule wrote for an intrinsic this target's
    own table has no rule for, and that the kernel's language lacks: the table lacks the rule, one
    root per table as for an op left unlowered (c43's exception-7b55a3f2: `T.atan` on OpenCL)."""
    kind = test.target.target().kind.name
    for op_name in sorted(_called_ops(test.snapshots[-1])):
        if name in (op_name.rsplit(".", 1)[-1], op_name.rsplit(".", 1)[-1] + "f") and \
                _has_rule(op_name, "default") and not _has_rule(op_name, kind):
            return Culprit(Component.PASS, f"pipeline:{LOWER_INTRIN} [{test.target.name}]", f"the kernel's compiler "
                           f"has no {name}, which LowerIntrin's default rule for {op_name} writes: the table for "
                           f"{test.target.name} has no rule of its own for it", site=_rule_table_site(test))
    return None


def _rule_table_site(test: TestRun) -> str:
    """LowerIntrin's rule table for the target's kind (`rocm-gfx1100` uses rocm's)."""
    return f"{LOWER_INTRIN}|the rule table of {test.target.target().kind.name}"


def _called_ops(mod: tvm.IRModule) -> set[str]:
    names: set[str] = set()

    def call(node: tvm.ir.Call) -> None:
        if isinstance(node.op, tvm.ir.Op):
            names.add(str(node.op.name))

    for func in functions(mod):
        tvm_ffi.structural_walk(func.body, [(tvm.ir.Call, call)], order="pre")
    return names


def _has_rule(op_name: str, key: str) -> bool:
    op = tvm.ir.Op.get(op_name)
    for attribute in ("FLowerIntrinsic", "FLegalize"):
        try:
            if op.get_attr(f"{key}.{attribute}") is not None:
                return True
        except tvm.error.InternalError:
            continue  # no op has that attribute registered
    return False


def _raised_in_a_pass(outcome: Outcome) -> bool:
    """Whether TVM's stack places the failing check in a pass's source (`src/tirx/transform/`)."""
    site = RaiseSite.from_dict(outcome.details.get(RAISED_AT))
    return site is not None and "/transform/" in site.file


def _vectorized_loop_left(steps: Steps) -> str | None:
    """The pipeline's VectorizeLoop, where a vectorized loop outlives it (it leaves a nested one
    with a warning; StorageRewrite then fails "VectorizeLoop before LiftStorageAlloc")."""
    for label, mod in steps:
        if label == f"pipeline:{VECTORIZE_LOOP}":
            return label if any(_has_vectorized_loop(func) for func in functions(mod)) else None
    return None


def _has_vectorized_loop(func: tirx.PrimFunc) -> bool:
    def vectorized(loop: tirx.For) -> tvm_ffi.VisitInterrupt | None:
        return tvm_ffi.VisitInterrupt(loop) if loop.kind == tirx.ForKind.VECTORIZED else None

    return tvm_ffi.structural_walk(func.body, (tirx.For, vectorized)) is not None


def _raised_in(test: TestRun, outcome: Outcome, culprit: Culprit | None) -> Culprit | None:
    """The shared component whose check failed, where TVM's stack names one
    (tzer.oracles.raise_site); else `culprit`. A pass that made the IR comes first, except for an
    analyzer refusing to rebind a variable: whatever IR it was given, rebinding is its binder's
    doing (IR a verifier rejects is named earlier, by the origin check)."""
    site = RaiseSite.from_dict(outcome.details.get(RAISED_AT))
    component = shared_component(site)
    if site is None:
        point = python_failure_point(outcome.error or "")
        if point is not None and culprit is not None and culprit.component == Component.PASS and not culprit.made_by:
            # Raised in TVM's Python code (a DLight rule): one root per line, whatever the message.
            return replace(culprit, site=f"{pass_name(culprit.label)}|{point}")
        return culprit
    failing = (outcome.pass_name or "").split(" (after ", 1)[0]
    if component is None:
        analysis = _failing_analysis(test, outcome, failing)
        if analysis is not None:
            return analysis
        if culprit is None and failing and _raised_in_a_pass(outcome):
            # No producer is shown, and the check that fails is in a pass's source: the failing pass's
            # own mistake, one root per function of it whatever the message holds (its index).
            return Culprit(Component.PASS, failing, f"the check that fails is {qualified_name(site.function)} "
                           f"({site.where}), in a pass's own code; no earlier pass is shown to make its input",
                           site=_own_site(failing, site))
        if culprit is not None and culprit.component == Component.PASS and not culprit.made_by:
            # The pass fails on its own input, at a check of its own code or of a node it builds:
            # one mistake of the pass, whichever of that function's checks trips (an empty and a
            # one-statement SeqStmt).
            return replace(culprit, site=_own_site(culprit.label, site))
        return culprit
    if component == BLOCK_LOOKUP:
        # The schedule step looks its blocks up before the primitive runs: a lookup failing on a
        # block it walked to is the lookup's, whichever pass made the function (blockize puts
        # blocks in a reduction's init, valid and without a place in the schedule's tree).
        return Culprit(Component.PASS, BLOCK_LOOKUP, f"the check that fails is in the lookup of a block by name "
                       f"({site.where}), which {outcome.pass_name} calls before its primitive",
                       site=failure_point(site, component))
    # Whoever made the IR, a cast of a constant is valid TIR: folding it is the cast's (c43's
    # exception-dd3639eb, `bool(2.0)` once InjectVirtualThread substituted the thread index).
    if culprit is not None and culprit.made_by and not is_binding_check(site) and not is_interval_cast(site) and \
            component != CAST_FOLDING:
        return culprit
    point = failure_point(site, component)
    if component == CODEGEN:
        # A code generator's check is in code the targets share (CodeGenLLVM under rocm and riscv).
        listed = _listed_error(outcome.error or "")
        if listed:
            # LLVM's verifier is one check for every malformed module: what it lists tells the
            # defects apart (a barrier's arity on NVPTX, an i16 bitcast on SVE).
            point = f"{point}|{numbers_masked(listed)}"
        if culprit is not None and culprit.component == Component.CODEGEN:
            return replace(culprit, site=point)
        kind, label = Component.CODEGEN, f"codegen [{test.target.name}]"
    else:
        kind, label = Component.ANALYSIS, component
    return Culprit(kind, label, f"the check that fails is {qualified_name(site.function)} ({site.where}), in "
                   f"{label}'s code, which {failing} calls; no earlier pass is shown to make its input",
                   site=point)


def _own_site(label: str, site: RaiseSite) -> str:
    """A pass's own failing check as a root: the pass and the check's function, unless the function
    is of a rewriter that several passes derive from (NarrowDataType and ForceNarrowIndexToInt32
    share DataTypeLegalizer's Ramp check: c44's exception-12ee3de8 and 5e61bc6a), one root then."""
    function = qualified_name(site.function)
    shared = _SHARED_REWRITER.search(function)
    return f"{shared.group(1).replace('::', '.') if shared else pass_name(label)}|{function}"


def _failing_analysis(test: TestRun, outcome: Outcome, failing: str) -> Culprit | None:
    """The analysis of `tvm.sym` that raises the pass's error on an index of the IR the pass was
    given, whichever pass made that IR (tzer.oracles.analysis_probe); None when none does."""
    if outcome.stage == Stage.PASS:
        mod = test.snapshots[-1]
    elif failing.removeprefix(UNOPTIMIZED_BUILD).startswith("pipeline:"):
        mod = _failing_pipeline_steps(test, failing)[0][-1][1]
    else:
        return None
    for func in functions(mod):
        found = failing_analysis(func, outcome.message or "")
        if found is not None:
            point = failure_point(found.site, found.component) if found.site else found.component
            return Culprit(Component.ANALYSIS, found.component, f"{found.call} raises the same error on the "
                           f"indices {found.expression} of an access in the IR {failing} is given, under the "
                           f"ranges of its loops", site=point)
    return None


def _listed_error(text: str) -> str | None:
    """The first error LLVM's module verifier lists, below the line that only says it failed."""
    _, found, after = text.partition(LISTED_ERRORS)
    lines = [line.strip() for line in after.splitlines() if line.strip()] if found else []
    return lines[0] if lines else None


def _error_of(run: Any) -> str | None:
    """The first line of what `run` raises, its numbers and addresses masked; None when it succeeds."""
    try:
        run()
    except Exception as error:  # noqa: BLE001 - any failure is compared by its masked message
        return numbers_masked(first_line(error))
    return None


def _round_trip(test: TestRun, outcome: Outcome) -> Culprit:
    """A round trip that fails on sound pass output is the printer's or the parser's fault."""
    label = outcome.pass_name or ""
    spec = test.passes[outcome.applied_passes - 1]
    with pass_context(spec):
        output = instantiate(spec, test.target.target())(test.snapshots[-1])
    func = functions(output)[0]
    soundness = _soundness(test, func)
    if soundness is not None:
        return Culprit(Component.PASS, label, soundness)
    dangling = undefined_attr_buffers(func)
    if dangling:
        # Passes that replace buffers remap their uses but not an AttrStmt's node (FlattenBuffer and
        # CompactBufferAllocation alike): one omission, whichever pass shows it.
        return Culprit(Component.PASS, label, f"its output keeps an attribute on a buffer it no longer defines "
                       f"({', '.join(dangling)}), which no text can name: the printer writes a new buffer",
                       site=DANGLING_ATTRIBUTE)
    mistyped = mistyped_thread_bindings(func)
    if mistyped:
        return Culprit(Component.PASS, label, f"its output binds a loop to a thread variable of another type "
                       f"({'; '.join(mistyped)}), which no text can spell")
    return print_parse_culprit(func, f"the output of {label} is sound", made_by=label)


def print_parse_culprit(func: tirx.PrimFunc, sound: str = "the function is sound", made_by: str | None = None
                        ) -> Culprit:
    """Which of the printer and the parser fails the round trip of `func` (the output of pass
    `made_by`). Text the parser cannot read, or that it reads into a function printing as the same
    text, says something else than the function: the printer's fault. Text it reads into a function
    that prints otherwise, or fails to evaluate, was misread: the parser's. Unless a node constructor
    refuses what the text spells out (the printer writes `T.Add(a, b)` for a node `a + b` cannot
    build): then the function holds a node no constructor makes, the pass's fault."""
    text = to_script(func)
    try:
        again = from_script(text)
    except Exception as error:  # noqa: BLE001 - the parser raises many kinds
        problem = first_line(error)
        if _range_misread(text):
            return _range_culprit(f"{sound}; the parser fails on its printed text ({problem}), and reads it")
        if made_by is not None and any(marker in problem for marker in _REFUSED_NODE):
            return Culprit(Component.PASS, made_by, f"its output holds a node the constructors refuse, as the "
                           f"parser re-running their checks shows: {problem}")
        if any(marker in problem for marker in _UNREADABLE):
            return Culprit(Component.PRINTER, PRINTER, f"{sound}, and its printed text does not parse: {problem}")
        return Culprit(Component.PARSER, PARSER, f"{sound}, and the parser fails on its printed text: {problem}")
    misread = _misread_virtual_threads(func, again)
    if misread:
        return Culprit(Component.PARSER, PARSER, f"{sound}; the parser reads `T.launch_thread` of a virtual thread "
                       f"tagged {', '.join(misread)} as a thread extent: TVM takes every `vthread*` tag for a virtual "
                       f"thread, the parser only `vthread`", site=PARSER_VTHREAD)
    if _range_misread(text, again):
        return _range_culprit(f"{sound}; the parser reads its printed text into another function, and reads it right")
    if to_script(again) == text:
        return Culprit(Component.PRINTER, PRINTER, f"{sound}; its printed text parses into another function that "
                       f"prints as the same text: the text does not say what the function is")
    return Culprit(Component.PARSER, PARSER, f"{sound}; the parser reads its printed text into another function, "
                   f"which prints otherwise")


def _range_culprit(how: str) -> Culprit:
    """The parser's `range`, at fault for a round trip (see `_range_misread`); `how` begins the evidence."""
    return Culprit(Component.PARSER, PARSER, f"{how} once `range(...)` is written `T.serial(...)`: the parser's "
                   f"`range` makes a loop of another type than its extent's (`range(T.int16(n))` loops over int32)",
                   site=PARSER_RANGE)


def _range_misread(text: str, again: tirx.PrimFunc | None = None) -> bool:
    """Whether the text, which the parser fails on (or reads into `again`, another function), reads
    as the function it prints once its `range(...)` loops are written `T.serial(...)`: the parser's
    `range` is at fault (it starts the loop at a Python 0, of type int32, whatever the extent's)."""
    if " in range(" not in text:
        return False
    serial = text.replace(" in range(", " in T.serial(")
    try:
        parsed = from_script(serial)
    except Exception:  # noqa: BLE001 - the text fails otherwise too
        return False
    return to_script(parsed) == text and (again is None or not tvm_ffi.structural_equal(parsed, again))


def _misread_virtual_threads(func: tirx.PrimFunc, again: tirx.PrimFunc) -> list[str]:
    """The tags of `func`'s virtual threads that `again`, its printed text parsed, launches as real
    threads (the IR builder's LaunchThread makes a virtual thread of the tag `vthread` alone)."""
    def launched(body: tirx.Stmt, key: str) -> set[str]:
        tags: set[str] = set()

        def visit(attr: tirx.AttrStmt) -> None:
            if attr.attr_key == key and isinstance(attr.node, tirx.IterVar):
                tags.add(str(attr.node.thread_tag))

        tvm_ffi.structural_walk(body, [(tirx.AttrStmt, visit)], order="pre")
        return tags

    return sorted(launched(func.body, "virtual_thread") & launched(again.body, "thread_extent"))


def _soundness(test: TestRun, func: tirx.PrimFunc) -> str | None:
    """Why the pass's output is not sound (it computes otherwise than the input); None when it is,
    or when the interpreter cannot tell."""
    try:
        args = test.arguments()
        expected = _expected(test)
    except Exception:  # noqa: BLE001 - no inputs, unsupported, over budget: no evidence either way
        return None
    try:
        outputs = interpret(func, args, step_budget=STEP_BUDGET, vscale=test.vscale)
    except UndefinedBehaviour as ub:
        return f"its output has undefined behaviour ({ub})"
    except Exception:  # noqa: BLE001 - no inputs, unsupported, over budget: no evidence either way
        return None
    mismatch = first_mismatch(expected, outputs, nan_is_value=True)
    return f"its output computes otherwise than its input ({mismatch})" if mismatch else None
