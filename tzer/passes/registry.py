"""The TIR passes of the installed TVM that a pass sequence may use, with their preconditions.

The list of passes is read from `tvm.tirx.transform` and `tvm.s_tir.transform`; the table below
adds what the package cannot tell: argument and config variants, whether a pass needs a bound
llvm target, which passes must run before it, and why some passes are left out. Without these
preconditions most random sequences fail with the same "precondition not met" errors, which are
not bugs.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import tvm
import tvm.s_tir
from tvm import tirx

from tzer.passes import autoschedule, schedule
from tzer.passes.labels import pass_family, pass_name
from tzer.passes.prerequisites import BLOCK_ANNOTATION_PASSES, MEASURED, in_pipeline_order

PassSpec = dict[str, Any]
"""A JSON-able pass: {"name": "tirx.VectorizeLoop", "args": {...}, "config": {...}}."""

BIND_TARGET = "tirx.BindTarget"


@dataclass(frozen=True)
class PassInfo:
    """What the fuzzer knows about one pass.

    `requires` lists passes that must run earlier; `rejects` holds message fragments of the
    errors by which the pass refuses input it does not support, which are not bugs.
    `idempotent` names the TVM test or document that promises a second application changes
    nothing (empty: no such promise, so the idempotence oracle leaves the pass alone).
    `alters_results` says why the pass changes the function's results by design.
    """

    name: str
    args: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    config_key: str | None = None
    config: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    needs_target: bool = False
    requires: tuple[str, ...] = ()
    rejects: tuple[str, ...] = ()
    idempotent: str = ""
    # Why the pass changes what the function computes by design (empty: it must not): the oracles
    # that compare results leave a test that ran it alone.
    alters_results: str = ""
    # Verifier complaints about its output that TVM's own tests of the pass accept (they turn the
    # check off with a comment saying why): by design, not a bug.
    accepted_ill_formed: tuple[str, ...] = ()
    # It wraps what it rewrites in new opaque blocks, which the pipeline's LowerOpaqueBlock, run
    # after it, removes: a sequence that lowered blocks before it must lower them again.
    makes_blocks: bool = False
    # It reads the current target (Target::Current) as well as the one bound to the function: it
    # runs inside the test's target, as TVM's own tests of it run it.
    target_context: bool = False


# Why each pass below is left out of generated sequences.
EXCLUDED: dict[str, str] = {
    "tirx.Apply": "takes a Python callback, not a transformation of its own",
    "tirx.Filter": "takes a Python predicate, not a transformation of its own",
    "tirx.MakePackedAPI": "the default pipeline runs it; a second run rejects the packed function",
    "tirx.BF16StorageLegalize": "only valid after MakePackedAPI, which the default pipeline runs later",
    "tirx.FP8StorageLegalize": "only valid after MakePackedAPI, which the default pipeline runs later",
    "tirx.LowerTVMBuiltin": "a host finalization pass: needs the packed API and a device context",
    "tirx.TilePrimitiveDispatch": "lowers TIRx tile programs only; rejects every s_tir function",
    "tirx.InlinePrivateFunctions": "a module-level pass; the fuzzer tests one function at a time",
    "s_tir.InjectPTXAsyncCopy": "CUDA only",
    "s_tir.InjectPTXLDG32": "CUDA only",
    "s_tir.InferFragment": "CUDA tensor-core fragments only",
    "s_tir.LowerVtcmAlloc": "Hexagon only",
    "s_tir.VerifyVTCMLimit": "Hexagon only",
    "s_tir.LowerAsyncDMA": "Hexagon only",
    "s_tir.DecorateDeviceScope": "TVM runs it only in the Trainium pipeline (tvm/backend/trn/pipeline.py), on TIRx "
                                 "tile programs before SplitHostDevice: elsewhere it turns host code (packed "
                                 "calls included) into a device kernel",
}

_TABLE: tuple[PassInfo, ...] = (
    PassInfo(BIND_TARGET),
    PassInfo("tirx.AnnotateEntryFunc"),
    PassInfo("tirx.BF16ComputeLegalize"),
    PassInfo("tirx.CommonSubexprElim"),
    # ConvertSSA's output is SSA by definition, and TVM's test promises SSA input comes back unchanged.
    PassInfo("tirx.ConvertSSA", idempotent="tests/python/tirx-transform/test_tir_transform_convert_ssa.py"
                                           "::test_no_change_if_already_ssa"),
    PassInfo("tirx.FP8ComputeLegalize", args={"promote_dtype": ("float32", "float16")},
             idempotent="tests/python/tirx-transform/test_tir_transform_fp8_legalize.py"
                        "::test_fp8_compute_legalize (applies the pass twice)"),
    PassInfo("tirx.FlattenBuffer", requires=("s_tir.LowerOpaqueBlock",)),
    # Its docstring: "should not be used in default cases"; it refuses an index constant beyond int32.
    PassInfo("tirx.ForceNarrowIndexToInt32",
             rejects=("has dtype T.int64", "is not supported", "<= max_value(target_data_type_)")),
    PassInfo("tirx.LowerIntrin", needs_target=True),
    # It lowers a TIRx tile program for the target bound to it, and only CUDA's scope ids
    # (cta_id, warp_id, lane_id) resolve in this wheel ("Cannot resolve ScopeIdDef for target=llvm").
    # tzer.passes.mutation runs it first on tile programs only.
    # It names what a tile program must declare or may not do (tests/python/tirx/transform/
    # test_transform_lower_tirx.py runs it inside `with tvm.target.Target("cuda")`).
    PassInfo("tirx.LowerTIRx", needs_target=True, target_context=True,
             rejects=("Cannot resolve ScopeIdDef for target", "kernel has no thread launch parameters",
                      "Cannot lower direct BufferLoad/BufferStore on a buffer with thread-axis layout")),
    PassInfo("tirx.LowerTIRxOpaque"),
    # Warp memory needs threadIdx.x to divide the target's warp size (16 on Metal): a named refusal.
    # It is striped over threadIdx.x: a warp buffer outside any such binding is the input's mistake,
    # which the pass names (c42's exception-8184b563).
    PassInfo("tirx.LowerWarpMemory", needs_target=True,
             rejects=("to enable warp memory", "Cannot find warp index(threadIdx.x) within the scope of warp memory")),
    # Its docstring: "Run this pass after FlattenBuffer".
    PassInfo("tirx.NarrowDataType", args={"target_bits": (32, 16, 64)}, requires=("tirx.FlattenBuffer",)),
    PassInfo("tirx.PointerValueTypeRewrite", requires=("tirx.FlattenBuffer",)),
    PassInfo("tirx.RemoveAssume"),
    PassInfo("tirx.RemoveNoOp", config_key="tirx.RemoveNoOp",
             config={"ignore_profiler_call": (False, True)}),
    PassInfo("tirx.SkipAssert"),
    PassInfo("tirx.SplitHostDevice", needs_target=True),
    PassInfo("tirx.StmtSimplify", config_key="tirx.StmtSimplify",
             config={"transitively_prove_inequalities": (False, True),
                     "convert_boolean_to_and_of_ors": (False, True),
                     "apply_constraints_to_boolean_branches": (False, True)}),
    PassInfo("tirx.StorageRewrite", requires=("tirx.FlattenBuffer", "tirx.VectorizeLoop")),
    PassInfo("tirx.UnrollLoop", config_key="tirx.UnrollLoop",
             config={"auto_max_step": (0, 4, 16, 64, 512), "auto_max_depth": (2, 8),
                     "auto_max_extent": (0, 4, 16), "explicit_unroll": (True, False),
                     "unroll_local_access": (False, True)}),
    # It reads the function's target, as the pipeline's run after BindTarget does: a scalable
    # loop (T.vscale()) vectorizes only for a target with scalable vectors.
    PassInfo("tirx.VectorizeLoop", args={"enable_vectorize": (True, False)}, needs_target=True),
    PassInfo("tirx.VerifyMemory"),
    PassInfo("s_tir.AnnotateIrregularLoop"),
    PassInfo("s_tir.CanonicalizeLoop"),
    # It checks that every block allocation is accessed, which PlanAndUpdateBufferAllocationLocation,
    # run before it in the pipeline, makes true by dropping unused ones (c30f's exception-046cf248).
    PassInfo("s_tir.CompactBufferAllocation", args={"is_strict": (True, False)},
             requires=("s_tir.ConvertBlocksToOpaque", "s_tir.PlanAndUpdateBufferAllocationLocation")),
    PassInfo("s_tir.ConvertBlocksToOpaque", requires=("s_tir.LowerInitBlock",)),
    PassInfo("s_tir.ConvertSSA"),
    PassInfo("s_tir.DefaultGPUSchedule", needs_target=True, rejects=("Duplicated block name",)),
    # Not in the pipeline; its sibling HoistIfThenElse runs on lowered IR only (AFTER_BLOCK_LOWERING):
    # on block IR it hoists conditions on block iteration variables out of their blocks.
    PassInfo("s_tir.HoistExpression", config_key="s_tir.HoistExpression",
             config={"hoisted_conditionals": (0, 1, 3, 15), "hoisted_let_bindings": (0, 1, 3, 7)}),
    PassInfo("s_tir.HoistIfThenElse", args={"variant": (None, "basic")},
             config_key="s_tir.HoistIfThenElse", config={"support_block_scope_hoisting": (False, True)}),
    PassInfo("s_tir.InjectDoubleBuffer", config_key="s_tir.InjectDoubleBuffer",
             config={"split_loop": (0, 1, 2)}),
    PassInfo("s_tir.InjectPermutedLayout"),
    # Its stages become SBlockRealize nodes (inject_software_pipeline.cc:MakeSBlock); c30f's
    # crash-06166dd1 ran it after LowerOpaqueBlock, and NarrowDataType then met those blocks.
    # Software pipeline annotations without an order, with one order twice, or that reorder two
    # dependent statements of one stage: it refuses them by name (c41's exception-656d2dc2).
    PassInfo("s_tir.InjectSoftwarePipeline", makes_blocks=True,
             rejects=("Order of the software pipeline is not defined", "cannot have the same order",
                      "of the software pipeline cannot be reordered")),
    # "InjectVirtualThread expects rewritten allocations to be flat memory." LoopPartition, which
    # the pipeline runs before it, consumes the pragma_loop_partition_hint attributes that it
    # cannot handle. It checks that every loop starts at 0 (inject_virtual_thread.cc,
    # `ICHECK(is_zero(op->min))`), which CanonicalizeLoop, first in the pipeline, makes so (c37's
    # exception-d901ca67, judged invalid without it).
    PassInfo("s_tir.InjectVirtualThread", requires=("tirx.FlattenBuffer", "s_tir.LoopPartition",
                                                    "s_tir.CanonicalizeLoop")),
    PassInfo("s_tir.InstrumentBoundCheckers"),
    # TVM's pipeline runs it only behind tirx.instrument_lwp, right after CommonSubexprElim
    # (tvm/s_tir/pipeline.py:83): on lowered IR, after what CommonSubexprElim needs.
    PassInfo("s_tir.InstrumentProfileIntrinsics", requires=MEASURED["tirx.CommonSubexprElim"]),
    PassInfo("s_tir.LiftThreadBinding"),
    PassInfo("s_tir.LoopPartition", config_key="s_tir.LoopPartition",
             config={"partition_const_loop": (False, True), "no_unroll_loop_with_extent_one": (False, True),
                     "unroll_loop_with_partition_hint_no_interval": (False, True)}),
    PassInfo("s_tir.LowerAutoCopy"),
    # tests/python/s_tir/transform/test_s_tir_transform_lower_cross_thread_reduction.py checks six
    # expected outputs with check_well_formed=False: "complains that k is defined outside of a
    # block" (the cross-thread block uses the reduction loop's var; c30f's ill_formed-5ee28c58).
    PassInfo("s_tir.LowerCrossThreadReduction",
             accepted_ill_formed=("is defined outside of any block, but is used inside the non-opaque",)),
    PassInfo("s_tir.LowerInitBlock"),
    PassInfo("s_tir.LowerMatchBuffer"),
    # AnnotateIrregularLoop marks loops with a break or continue, which LowerOpaqueBlock must keep
    # even at extent 1 (the pipeline runs it first). LowerOpaqueBlock drops a block's match_buffers,
    # which LowerMatchBuffer, run before it in the pipeline, has already replaced. It moves a
    # storage_align annotation onto the allocation, which only CompactBufferAllocation applies;
    # the build's own CompactBufferAllocation then meets it on flattened buffers ("at" out of range).
    # It keeps a loop's software_pipeline annotations on the lowered loop, which the build's own
    # InjectSoftwarePipeline, run before it in the pipeline, then cannot match (c30h's
    # exception-6f1ddb13, judged contract). It drops the block annotations that the pipeline's
    # ManifestSharedMemoryLocalStage, LowerAutoCopy and InjectPermutedLayout act on: a sequence that
    # lowered blocks without them never reached their code: stop 44's 30-minute campaign ran all 17
    # of TVM's auto_copy test functions and covered none of the 7,307 blocks of memhammer's
    # intermediate-stage and tensor-core rules.
    PassInfo("s_tir.LowerOpaqueBlock", requires=("s_tir.ConvertBlocksToOpaque", "s_tir.AnnotateIrregularLoop",
                                                 "s_tir.LowerMatchBuffer", "s_tir.CompactBufferAllocation",
                                                 "s_tir.InjectSoftwarePipeline", *BLOCK_ANNOTATION_PASSES)),
    # A tvm_thread_allreduce call outside the reduce_scope attribute that names its combiner, as
    # only a hand-written function has it (c41's exception-36e9fa13).
    PassInfo("s_tir.LowerThreadAllreduce", needs_target=True, rejects=("reduce_combiner_.empty()",)),
    PassInfo("s_tir.ManifestSharedMemoryLocalStage"),
    PassInfo("s_tir.MergeSharedMemoryAllocations"),
    PassInfo("s_tir.PlanAndUpdateBufferAllocationLocation", requires=("s_tir.LowerInitBlock",)),
    PassInfo("s_tir.RemoveStoreUndef"),
    PassInfo("s_tir.RemoveWeightLayoutRewriteBlock", args={"skip_tensor_rewrite": (False, True)},
             alters_results="its docstring: it removes the weight layout rewrite that MetaSchedule put at the "
                            "head of a tuned function 'before benchmarking during tuning stage'; the function "
                            "then expects its weights already rewritten"),
    PassInfo("s_tir.RenormalizeSplitPattern"),
    PassInfo("s_tir.RewriteUnsafeSelect"),
    PassInfo("s_tir.StmtSimplify"),
    # TVM's pipeline syncs shared, shared.dyn and warp memory; its "global" barrier has no caller
    # left, and the CUDA code generator no longer takes the call it makes.
    PassInfo("s_tir.ThreadSync", args={"storage_scope": ("shared", "warp", "shared.dyn")},
             rejects=("Cannot insert syncs inside condition",)),
    PassInfo("s_tir.TransformMmaBufferLayout"),
    # It requires every loop bound to one thread tag to have one extent, and says so. It lifts a
    # thread loop out of a block and substitutes its var into the block's body, which only an opaque
    # block may use (c30f's ill_formed-0cd1a90e); the pipeline runs ConvertBlocksToOpaque first.
    PassInfo("s_tir.UnifyThreadBinding", rejects=("should have the same extent",),
             requires=("s_tir.ConvertBlocksToOpaque",)),
    PassInfo("s_tir.UseAssumeToReduceBranches"),
)

# The default pipeline runs these only after s_tir.LowerOpaqueBlock: they expect block-free IR,
# and on block IR they report misuse, not bugs (e.g. UnrollLoop copies block definitions).
AFTER_BLOCK_LOWERING = frozenset({
    "tirx.BF16ComputeLegalize", "tirx.NarrowDataType", "s_tir.LoopPartition", "tirx.VectorizeLoop",
    "s_tir.InjectVirtualThread", "s_tir.InjectDoubleBuffer", "s_tir.HoistIfThenElse", "s_tir.HoistExpression",
    "tirx.UnrollLoop",
    "s_tir.RenormalizeSplitPattern", "tirx.StmtSimplify", "tirx.RemoveNoOp", "s_tir.RewriteUnsafeSelect",
    "s_tir.InstrumentBoundCheckers", "s_tir.InstrumentProfileIntrinsics",
    "tirx.CommonSubexprElim", "tirx.FP8ComputeLegalize", "tirx.VerifyMemory",
    "s_tir.ThreadSync", "s_tir.LowerThreadAllreduce", "s_tir.MergeSharedMemoryAllocations",
    "tirx.SplitHostDevice", "tirx.LowerIntrin", "tirx.LowerWarpMemory",
})

# Errors by which any pass or the pipeline declines a feature it does not implement.
# A pass run without what it documents it needs says so (a missing target, a pass to call first);
# an irregular loop (one with a break) cannot be unrolled or bound to threads, by design.
# The LLVM GPU and SPIR-V code generators refuse a barrier on a scope they have none for
# ("Do not support sync global"); TVM's pipeline only asks for shared, shared.dyn and warp ones.
# VectorizeLoop declines a loop whose extent is not constant on a target without scalable vectors
# ("Failed to vectorize loop with extent n for target llvm"), LowerCrossThreadReduction a block
# that is no reduction ("Cross-thread reduction cannot be applied to the block ... because the
# block violates the condition", or "No matched reducer for the identity and the combiner" when
# its update is no reduction) or whose reduction loops are not the deepest above it (its
# Condition 1, a ValueError; c46's exception-436c5f0f): documented refusals, which name the input
# they refuse.
# The same holds for a T.ret that is not the function's own successful exit: none inside a
# parallel loop (MakePackedAPI) or a GPU kernel (its code generators); for an unrolled loop of
# no constant extent (UnrollLoop); and for the parallel_stride_pattern pragma outside a parallel
# launch (CodeGenCPU), where a pass moved it out of its loop.
UNSUPPORTED_MARKERS = ("not supported", "not implemented", "Require the target attribute", "The target is missing",
                       "Please call pass", "is invalid for irregular loop", "Do not support sync ",
                       "Failed to vectorize loop with extent", "Cross-thread reduction cannot be applied to the block",
                       "Cross-thread reduction requires all the reduction-related loops to be the deepest",
                       "No matched reducer for the identity and the combiner",
                       "Return cannot be used in parallel scope", "Device kernel may only contain a successful return",
                       "Cannot unroll non-constant loop",
                       "Pragma parallel_stride_pattern only valid in parallel launch")

_NAMESPACES: dict[str, Any] = {"tirx": tirx.transform, "s_tir": tvm.s_tir.transform}


def _installed_pass_names() -> list[str]:
    """Pass constructors that the installed TVM exposes (functions, not config classes)."""
    names = []
    for prefix, namespace in _NAMESPACES.items():
        for attr in dir(namespace):
            obj = getattr(namespace, attr)
            if attr[:1].isupper() and inspect.isfunction(obj):
                names.append(f"{prefix}.{attr}")
    return sorted(names)


@cache
def registry() -> dict[str, PassInfo]:
    """Every usable pass of the installed TVM, by name. Unknown new passes get no preconditions."""
    known = {info.name: info for info in _TABLE}
    usable = {}
    for name in _installed_pass_names():
        if name in EXCLUDED:
            continue
        info = known.get(name, PassInfo(name))
        # Where each list comes from: tzer/passes/prerequisites.py.
        required = {*info.requires, *MEASURED.get(name, ())}
        if name in AFTER_BLOCK_LOWERING:
            required.add("s_tir.LowerOpaqueBlock")
        usable[name] = replace(info, requires=in_pipeline_order(required))
    for primitive, variants in schedule.PRIMITIVES.items():
        name = schedule.PREFIX + primitive
        usable[name] = PassInfo(name, args=variants, rejects=schedule.REJECTS)
    for scheduler, variants in autoschedule.SCHEDULERS.items():
        name = autoschedule.PREFIX + scheduler
        usable[name] = PassInfo(name, args=variants, rejects=autoschedule.REJECTS)
    return usable


def alters_results(passes: list[PassSpec]) -> bool:
    """Whether a pass of the sequence changes what the function computes by design."""
    known = registry()
    return any(spec["name"] in known and known[spec["name"]].alters_results for spec in passes)


def is_rejection(pass_label: str | None, message: str) -> bool:
    """The error is the pass (or pipeline) declining unsupported input, not a bug."""
    if any(marker in message for marker in UNSUPPORTED_MARKERS):
        return True
    # A pipeline pass is named `pipeline:<pass> [<target>]`; it declines input as the pass does.
    info = registry().get(pass_name(pass_label))
    return bool(info and any(fragment in message for fragment in info.rejects))


def is_accepted_ill_formed(pass_label: str | None, message: str) -> bool:
    """The verifier's complaint is one that TVM's tests of the pass accept in its output."""
    info = registry().get(pass_family(pass_label))
    return bool(info and any(fragment in message for fragment in info.accepted_ill_formed))


def _constructor(name: str) -> Callable[..., tvm.transform.Pass]:
    prefix, _, attr = name.partition(".")
    return getattr(_NAMESPACES[prefix], attr)


def llvm_target() -> tvm.target.Target:
    # Without with_host, MakePackedAPI and friends silently do nothing.
    return tvm.target.Target("llvm").with_host("llvm")


def instantiate(spec: PassSpec, target: tvm.target.Target | None = None) -> Callable[[tvm.IRModule], tvm.IRModule]:
    """The TVM pass object for one spec (a schedule step for `schedule.*`); missing arguments take
    their first variant. BindTarget binds `target` (the test's), host llvm by default, and the
    automatic schedulers schedule for it."""
    name = spec["name"]
    if name == BIND_TARGET:
        return tirx.transform.BindTarget(target if target is not None else llvm_target())
    args = resolved_args(spec)
    if autoschedule.is_auto_schedule(name):
        return autoschedule.AutoScheduleStep({"name": name, "args": args},
                                             target if target is not None else llvm_target())
    if schedule.is_step(name):
        return schedule.ScheduleStep({"name": name, "args": args})
    made = _constructor(name)(**args)
    info = registry().get(name)
    return in_target(made, target if target is not None else llvm_target()) if info and info.target_context else made


def in_target(transform: Callable[[tvm.IRModule], tvm.IRModule],
              target: tvm.target.Target) -> Callable[[tvm.IRModule], tvm.IRModule]:
    """`transform` run inside `target` (`with target:`)."""
    def run(mod: tvm.IRModule) -> tvm.IRModule:
        with target:
            return transform(mod)

    return run


def resolved_args(spec: PassSpec) -> dict[str, Any]:
    """The spec's arguments, with the first variant of each one it leaves out."""
    info = registry().get(spec["name"])
    args = {key: values[0] for key, values in info.args.items()} if info else {}
    args.update(spec.get("args", {}))
    return args


def pass_context(spec: PassSpec) -> tvm.transform.PassContext:
    """The PassContext to apply `spec` in: opt_level 3 plus the spec's config variant."""
    info = registry().get(spec["name"])
    config = {}
    if info and info.config_key and spec.get("config"):
        config[info.config_key] = dict(spec["config"])
    return tvm.transform.PassContext(opt_level=3, config=config)


def spec_label(spec: PassSpec) -> str:
    """A short readable form, e.g. `tirx.VectorizeLoop(enable_vectorize=False)`."""
    parts = [f"{k}={v!r}" for k, v in sorted(spec.get("args", {}).items())]
    parts += [f"{k}={v!r}" for k, v in sorted(spec.get("config", {}).items())]
    return f"{spec['name']}({', '.join(parts)})" if parts else spec["name"]
