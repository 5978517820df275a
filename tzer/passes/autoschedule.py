"""TVM's automatic schedulers as steps of a pass sequence: `schedule.meta_schedule`, `schedule.dlight`.

- `schedule.meta_schedule` generates MetaSchedule's design space for the test's target (the
  `llvm` rules and postprocessors on a CPU, the `cuda` ones on a GPU), picks one design by its
  `seed` (which also seeds the sampling of tile sizes, unroll depths and compute locations), in
  half the tests mutates its trace with one of the kind's mutators (tile sizes, unroll depth) and
  replays it, and applies the postprocessors, as an evolutionary search round does with each
  candidate before building it.
- `schedule.dlight` applies DLight's rules, as Relax's default pipelines do for kernels nobody
  tuned: the GPU rules (matmul, GEMV, reductions, transpose, RMS norm, then the fallback) on a
  GPU target, the CPU rules (GEMV, reduction) on a CPU.

On a GPU target either step ends with `s_tir.DefaultGPUSchedule` for the blocks the scheduler
left unbound, as Relax's GPU pipeline does. A GPU test whose sequence begins with one of them
leaves the binding of its threads to it (`binds_threads`), instead of having its loops bound
before the passes. Like a schedule primitive, a step is idle on a function whose body is not its
root block, and leaves the function as it is if it would change a parameter's layout.

`apply_auto_schedule` is self-contained (it imports what it uses) because repro.py embeds its
source.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

import tvm
import tvm.s_tir
from tvm import tirx

from tzer.passes.schedule import schedulable

PREFIX = "schedule."
SCHEDULERS: dict[str, dict[str, tuple[Any, ...]]] = {
    "meta_schedule": {"seed": tuple(range(8))},
    "dlight": {},
}
# Errors by which a scheduler declines a function: a primitive refusing its operands, a
# postprocessor refusing a design (a tuning round discards that design), and the GPU rules on a
# target that does not say how many threads a block may have (WebGPU's cannot).
REJECTS = ("An error occurred in the schedule primitive", "declines the design",
           "missing attribute `max_threads_per_block`")


def primitive_label(name: str) -> str:
    """The label of the schedule primitive a trace instruction or a C++ function names in CamelCase
    (`DecomposeReduction`: `schedule.decompose_reduction`)."""
    return PREFIX + re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def is_auto_schedule(name: str) -> bool:
    return name.startswith(PREFIX) and name.removeprefix(PREFIX) in SCHEDULERS


def binds_threads(func: tirx.PrimFunc, passes: list[dict[str, Any]]) -> bool:
    """Whether the sequence begins with a scheduler that binds the GPU threads of `func` itself."""
    return bool(passes) and is_auto_schedule(passes[0]["name"]) and isinstance(func.body, tvm.s_tir.SBlockRealize)


def is_pipelined(func: tirx.PrimFunc) -> bool:
    """Whether a loop of `func` carries software pipeline annotations: TVM adds them once the
    schedule has fixed the loop's body, and a scheduler run after them leaves them stale (DLight's
    Fallback inlining two of a loop's four annotated stages: c37's exception-97f91b23, judged
    invalid), so a scheduler leaves such a function as it is."""
    import tvm_ffi

    def annotated(node):  # noqa: ANN001 - written into repro.py, which does not import typing
        return tvm_ffi.VisitInterrupt(node) if "software_pipeline_stage" in node.annotations else None

    return tvm_ffi.structural_walk(func.body, (tirx.For, annotated)) is not None


def scheduled_design(mod: tvm.IRModule, scheduler: str, args: dict[str, object],
                     target: tvm.target.Target) -> tuple[tvm.s_tir.Schedule, list] | None:
    """The schedule `scheduler` makes of `mod`'s function `main` for `target`, its trace included,
    and the postprocessors that judge it (MetaSchedule's, set up for the target; see the module);
    None where it leaves the function as it is."""
    import random

    import tvm.s_tir
    from tvm.s_tir import dlight
    from tvm.s_tir import meta_schedule as ms

    if not schedulable(mod) or is_pipelined(mod["main"]):
        return None
    gpu = "gpu" in [str(key) for key in target.keys]
    if scheduler == "dlight":
        rules = [dlight.gpu.Matmul(), dlight.gpu.GEMV(), dlight.gpu.LowBatchGEMV(), dlight.gpu.Reduction(),
                 dlight.gpu.GeneralReduction(), dlight.gpu.Transpose(), dlight.gpu.RMSNorm(),
                 dlight.gpu.Fallback()] if gpu else [dlight.cpu.GEMV(), dlight.cpu.Reduction()]
        func = mod["main"]
        attrs = func.attrs or {}
        if attrs.get("tirx.is_scheduled"):
            return None
        # As dlight.ApplyDefaultSchedule applies them: the first rule that schedules the function,
        # for the target the function names, else the current one.
        with target:
            for rule in rules:
                space = rule.apply(func, attrs.get("target", target), False)
                if space is not None:
                    return (space if isinstance(space, tvm.s_tir.Schedule) else space[0]), []
        return None
    if scheduler != "meta_schedule":
        raise ValueError(f"unknown scheduler {scheduler!r}")
    kind, tuning = "cuda", target
    if not gpu:
        # The CPU rules size parallel loops by the core count, which only the llvm target kind
        # carries: the c target is tuned as the host would be. So is llvm-hexagon: MetaSchedule's
        # Hexagon rules require the `hexagon` target kind, which tzer does not build for.
        kind = "llvm"
        spec = dict(target.export()) if target.kind.name == "llvm" else {"kind": "llvm"}
        spec.pop("host", None)
        tuning = tvm.target.Target({**spec, "num-cores": 4})
    postprocs = ms.Postproc.create(kind)
    space = ms.space_generator.PostOrderApply(sch_rules=ms.ScheduleRule.create(kind), postprocs=postprocs,
                                              mutator_probs={})
    seed = int(args.get("seed", 0))
    rng = random.Random(seed)
    # The FFI constructor: the Python one first registers every tensor intrinsic (10 s),
    # which these rules never use.
    context = ms._ffi_api.TuneContext(mod, tuning, space, None, "main", 1, seed + 1, None)
    ms._ffi_api.TuneContextInitialize(context)
    design = rng.choice(context.generate_design_space())
    # As an evolutionary search round does: mutate the design's trace and replay it on the
    # function. Three mutators (MutateParallel, MutateComputeLocation, MutateThreadBinding)
    # serialise the module when they start, which crashes on TVM 0.27's TIR; they stay out.
    mutators = [m for m in ms.Mutator.create(kind)
                if type(m).__name__ not in ("MutateParallel", "MutateComputeLocation", "MutateThreadBinding")]
    if mutators and rng.random() < 0.5:
        mutator = rng.choice(mutators)
        mutator._initialize_with_tune_context(context)
        trace = ms._ffi_api.MutatorApply(mutator, design.trace, seed + 1)  # seeded: apply() draws one
        if trace is not None:
            design = tvm.s_tir.Schedule(mod, seed=seed + 1)
            trace.apply_to_schedule(design, remove_postproc=True)
    return design, postprocs


def apply_auto_schedule(mod: tvm.IRModule, scheduler: str, args: dict[str, object],
                        target: tvm.target.Target) -> tvm.IRModule:
    """`mod` with its function `main` scheduled by `scheduler` for `target` (see the module)."""
    import tvm.s_tir
    import tvm_ffi
    from tvm.s_tir import meta_schedule as ms

    made = scheduled_design(mod, scheduler, args, target)
    if made is None:
        return mod
    design, postprocs = made
    if scheduler == "dlight":
        functions = dict(mod.functions_items())
        functions[mod.get_global_var("main")] = design.mod["main"].with_attr("tirx.is_scheduled", True)
        scheduled = tvm.IRModule(functions, attrs=mod.attrs)
    else:
        # The postprocessors judge the design, as they judge each candidate before it is built.
        for postproc in postprocs:
            if not postproc.apply(design):
                raise RuntimeError(f"meta_schedule: postprocessor {postproc} declines the design")
        if all(isinstance(param.ty, tirx.BufferType) for param in design.mod["main"].params):
            # What a tuning round measures it by; it measures functions of buffers only (ArgInfo
            # refuses a scalar parameter by design: c37's exception-34f8087a).
            ms.arg_info.ArgInfo.from_prim_func(design.mod["main"])
        scheduled = design.mod
    # A layout change of a parameter changes what the function is called with: the test, which
    # runs every build on the same inputs, keeps its interface.
    if not tvm_ffi.structural_equal([p.ty for p in mod["main"].params], [p.ty for p in scheduled["main"].params]):
        scheduled = mod
    if "gpu" in [str(key) for key in target.keys]:
        with target:
            scheduled = tvm.s_tir.transform.DefaultGPUSchedule()(scheduled)
    return scheduled


class AutoScheduleStep:
    """A pass-like object for one scheduler step of a test compiled for `target`."""

    def __init__(self, spec: dict[str, Any], target: tvm.target.Target) -> None:
        self.scheduler = spec["name"].removeprefix(PREFIX)
        self.args = dict(spec.get("args", {}))
        self.target = target

    def __call__(self, mod: Any) -> Any:
        return apply_auto_schedule(mod, self.scheduler, self.args, self.target)


def step_source() -> str:
    """The source of `apply_auto_schedule` and what it calls, for repro.py."""
    functions = (is_pipelined, scheduled_design, apply_auto_schedule)
    return "\n\n".join(inspect.getsource(function) for function in functions)
