"""Each pass's prerequisites, taken from TVM's own pipeline order and pruned by measurement.

The rule: for every pass P of the registry, the passes that TVM's default pipeline runs before P
are its prerequisites, unless a measured run shows P handles IR without them. Two sources give
the list `PassInfo.requires` ends up with (`registry()` joins them, in pipeline order):

- MEASURED: what `experiments/prerequisites.py` found P needs among the pipeline passes before it
  (run on 2026-11-26 with apache-tvm 0.27.0.post1, 306 s: 24 seed functions as they are for llvm,
  37 bound to GPU threads or scheduled by DLight and MetaSchedule for cuda; a pass is needed when
  P, its output or the build then fails, or P newly declines a function, without it). Only the
  direct needs are listed: `repair` brings in what those need in turn. Some needs come from
  tvm.compile re-running the whole pipeline on partly lowered IR (InjectSoftwarePipeline fails on
  flattened IR with pipeline annotations): a sequence ending in P needs them for its build to work.
- The registry's own `requires` (tzer/passes/registry.py): what a TVM error message, docstring or
  an observed misuse names ("Please call pass X before", UnrollLoop copying block definitions).
  Kept where the measurement found nothing: its functions may just not exercise the pass (none has
  virtual threads, warp memory or unroll pragmas), and a missing prerequisite costs a false bug.
"""

from __future__ import annotations

# tvm/s_tir/pipeline.py:28-121 (apache-tvm 0.27.0.post1): the default pipeline tvm.compile runs
# for every target, as the registry names its passes. Passes behind a config flag are left out.
PIPELINE: tuple[str, ...] = (
    "s_tir.CanonicalizeLoop", "s_tir.LowerCrossThreadReduction", "s_tir.LowerInitBlock",
    "s_tir.PlanAndUpdateBufferAllocationLocation", "s_tir.ConvertBlocksToOpaque", "s_tir.LiftThreadBinding",
    "s_tir.ManifestSharedMemoryLocalStage", "s_tir.CompactBufferAllocation", "s_tir.LowerAutoCopy",
    "s_tir.UnifyThreadBinding", "s_tir.LowerMatchBuffer", "s_tir.StmtSimplify", "s_tir.InjectPermutedLayout",
    "s_tir.AnnotateIrregularLoop", "s_tir.InjectSoftwarePipeline", "s_tir.TransformMmaBufferLayout",
    "s_tir.LowerOpaqueBlock", "tirx.FlattenBuffer", "tirx.BF16ComputeLegalize", "tirx.NarrowDataType",
    "s_tir.LoopPartition", "tirx.VectorizeLoop", "s_tir.InjectVirtualThread", "s_tir.InjectDoubleBuffer",
    "tirx.StorageRewrite", "s_tir.HoistIfThenElse", "tirx.UnrollLoop", "s_tir.RenormalizeSplitPattern",
    "tirx.StmtSimplify", "tirx.RemoveNoOp", "s_tir.RewriteUnsafeSelect", "tirx.CommonSubexprElim",
    "tirx.FP8ComputeLegalize", "tirx.VerifyMemory", "tirx.AnnotateEntryFunc", "s_tir.ThreadSync",
    "s_tir.InferFragment", "s_tir.LowerThreadAllreduce", "s_tir.MergeSharedMemoryAllocations",
    "tirx.SplitHostDevice",
    # The finalize passes of the host and device modules (pipeline.py:124-140).
    "tirx.LowerWarpMemory", "tirx.LowerIntrin",
)

# experiments/prerequisites.py, `direct_strict` of each pass (see the module).
MEASURED: dict[str, tuple[str, ...]] = {
    "s_tir.LowerInitBlock": ("s_tir.LowerCrossThreadReduction",),
    "s_tir.PlanAndUpdateBufferAllocationLocation": ("s_tir.LowerInitBlock",),
    "s_tir.ConvertBlocksToOpaque": ("s_tir.LowerInitBlock",),
    "s_tir.LiftThreadBinding": ("s_tir.LowerCrossThreadReduction",),
    "s_tir.CompactBufferAllocation": ("s_tir.ConvertBlocksToOpaque",),
    "s_tir.UnifyThreadBinding": ("s_tir.LowerCrossThreadReduction",),
    "s_tir.StmtSimplify": ("s_tir.LowerCrossThreadReduction",),
    "s_tir.LowerOpaqueBlock": ("s_tir.ConvertBlocksToOpaque",),
    "tirx.FlattenBuffer": ("s_tir.InjectSoftwarePipeline", "s_tir.LowerOpaqueBlock"),
    "tirx.NarrowDataType": ("s_tir.StmtSimplify", "s_tir.InjectSoftwarePipeline", "s_tir.LowerOpaqueBlock"),
    "tirx.VectorizeLoop": ("s_tir.PlanAndUpdateBufferAllocationLocation", "s_tir.CompactBufferAllocation",
                           "tirx.FlattenBuffer"),
    "tirx.StorageRewrite": ("tirx.VectorizeLoop", "s_tir.InjectVirtualThread"),
    "s_tir.HoistIfThenElse": ("s_tir.LowerCrossThreadReduction", "s_tir.InjectSoftwarePipeline",
                              "s_tir.InjectVirtualThread"),
    "tirx.StmtSimplify": ("s_tir.LowerCrossThreadReduction", "s_tir.InjectSoftwarePipeline",
                          "s_tir.InjectVirtualThread"),
    "tirx.CommonSubexprElim": ("s_tir.InjectSoftwarePipeline", "s_tir.LowerOpaqueBlock", "s_tir.InjectVirtualThread"),
    "tirx.SplitHostDevice": ("s_tir.UnifyThreadBinding", "s_tir.InjectVirtualThread"),
    "tirx.LowerIntrin": ("tirx.StorageRewrite",),
    "tirx.LowerWarpMemory": ("tirx.StorageRewrite",),
}

# The pipeline passes that rewrite blocks by their annotations (manifest_shared_memory_local_stage,
# auto_copy, permuted_layout), which LowerOpaqueBlock drops.
BLOCK_ANNOTATION_PASSES: tuple[str, ...] = (
    "s_tir.ManifestSharedMemoryLocalStage", "s_tir.LowerAutoCopy", "s_tir.InjectPermutedLayout",
)

# The passes of the pipeline that exist to turn block IR into plain IR, or that act on blocks
# only: a function without blocks needs none of them (they would run idle).
BLOCK_ONLY: frozenset[str] = frozenset({
    "s_tir.LowerCrossThreadReduction", "s_tir.LowerInitBlock", "s_tir.PlanAndUpdateBufferAllocationLocation",
    "s_tir.ConvertBlocksToOpaque", "s_tir.CompactBufferAllocation", "s_tir.LowerOpaqueBlock",
    *BLOCK_ANNOTATION_PASSES,
})


def in_pipeline_order(names: set[str] | frozenset[str]) -> tuple[str, ...]:
    """`names` ordered as the pipeline runs them (those not in it last, by name)."""
    position = {name: index for index, name in enumerate(PIPELINE)}
    return tuple(sorted(names, key=lambda name: (position.get(name, len(PIPELINE)), name)))
