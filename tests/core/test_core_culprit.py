"""The component at fault, asked of the harness as triage asks it (real TVM, small hand-written inputs):
a wrong result made by an earlier pipeline pass, a failure made by one pass and raised in another,
the printer, the parser and a code generator."""

import tvm
import tvm_ffi

# CompactBufferAllocation leaves a vector in L's shape; StorageRewrite, later in tvm.compile, fails on it.
from test_core_origin import VECTOR_STORE, VECTOR_STORE_PASSES
from tvm import tirx

from tirkit.script import from_script
from tzer.execution.harness import Harness
from tzer.oracles.culprit import OUTSIDE_BUFFER, PARSER, PRAGMA_LOWERING, PRINTER, print_parse_culprit
from tzer.oracles.raise_site import CONSTANT_CAST, INTERVAL_CAST
from tzer.passes.labels import pass_name as family_of
from tzer.triage.blame import VECTOR_INDEX, culprit_root, vector_index_root
from tzer.vocabulary import CULPRIT_CHECK, ILL_FORMED_OUTPUT, ORIGIN_CHECK, Component, Status

DOUBLE = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in range(8):
        B[i] = A[i] * 2
'''
RUN_BUILDS = {"differential": True, "reference": True, CULPRIT_CHECK: True}


def run(script, passes, checks, target="llvm"):
    return Harness(report=lambda event: None).run(from_script(script), list(passes), checks, 0, target)


def plant_wrong_unroll(monkeypatch):
    """The pipeline's UnrollLoop turns `* 2` into `* 3` at opt_level 3: a miscompile made in the
    middle of tvm.compile, which the last pass of the test's sequence has nothing to do with."""
    def times_three(expr):
        return expr.a * 3 if isinstance(expr.b, tirx.IntImm) and expr.b.value == 2 else expr

    def planted():
        @tirx.transform.prim_func_pass(opt_level=0, name="tirx.UnrollLoop")
        def wrong(func, _mod, _ctx):
            if tvm.transform.PassContext.current().opt_level < 3:
                return func
            return func.with_body(tvm_ffi.structural_map(func.body, [(tirx.Mul, times_three)], order="post"))
        return wrong

    monkeypatch.setattr(tirx.transform, "UnrollLoop", planted)


def test_a_wrong_result_is_blamed_on_the_pipeline_pass_after_which_the_ir_computes_it(monkeypatch):
    plant_wrong_unroll(monkeypatch)
    outcome = run(DOUBLE, [{"name": "tirx.StmtSimplify"}, {"name": "tirx.RemoveNoOp"}], RUN_BUILDS)
    assert outcome.status == Status.INCONSISTENCY, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["component"] == Component.PASS
    assert culprit["label"] == "pipeline:tirx.UnrollLoop", culprit
    assert "the IR before it computes the right result" in culprit["how"]


def test_a_wrong_result_no_pass_makes_is_blamed_on_the_code_generator(monkeypatch):
    """tvm.compile's result is made wrong after the passes: every IR the interpreter can run is right."""
    real_compile = tvm.compile

    def wrong_machine_code(mod, target):
        executable = real_compile(mod, target=target)
        if tvm.transform.PassContext.current().opt_level < 3:
            return executable
        # The IR this build came from is right; what runs is the build of a wrong function.
        wrong = from_script(mod["main"].script().replace("* 2", "* 3")).with_attr("global_symbol", "main")
        with tvm.transform.PassContext(opt_level=0):
            return real_compile(tvm.IRModule({"main": wrong}), target=target)

    monkeypatch.setattr(tvm, "compile", wrong_machine_code)
    outcome = run(DOUBLE, [{"name": "tirx.RemoveNoOp"}], RUN_BUILDS)
    assert outcome.status == Status.INCONSISTENCY, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["component"] == Component.CODEGEN and culprit["label"] == "codegen [llvm]", culprit


def test_a_failure_names_the_pass_that_made_the_ir_and_the_pass_that_fails_on_it():
    outcome = run(VECTOR_STORE, VECTOR_STORE_PASSES, {CULPRIT_CHECK: True})
    assert outcome.status == Status.EXCEPTION and outcome.pass_name == "pipeline:tirx.StorageRewrite"
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["made_by"] == "pipeline:s_tir.CompactBufferAllocation", culprit
    assert culprit["label"] == "pipeline:tirx.StorageRewrite"


# CompactBufferAllocation replaces T_1 by a smaller buffer and leaves the attribute on the old one,
# which no statement defines any more: the printer can only write it as a new, free buffer.
VOLATILE_ATTR = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "float32")):
    T_1 = T.alloc_buffer((8,))
    T.attr(T_1, "volatile_scope", 1)
    for i in range(2):
        T_1[i] = A[i]
    A[0] = T_1[1]
'''


# FlattenBuffer rebuilds T_1 as flat and leaves the alignment on the old one (c41's ill_formed-ee508c3d).
ALIGNED_ATTR = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((1, 1), "bool")):
    T_1 = T.alloc_buffer((2,))
    with T.attr(T_1, "storage_alignment", 64):
        T_1[0] = T.float32(0.0)
'''


def test_a_round_trip_failing_on_an_attribute_of_a_buffer_the_pass_dropped_is_the_passs_one_root_for_all():
    culprits = []
    for script, pass_name in ((VOLATILE_ATTR, "s_tir.CompactBufferAllocation"), (ALIGNED_ATTR, "tirx.FlattenBuffer")):
        outcome = run(script, [{"name": pass_name}], {CULPRIT_CHECK: True, "roundtrip": True})
        assert outcome.status == Status.ILL_FORMED and "round trip" in outcome.message, outcome.message
        culprit = outcome.details[CULPRIT_CHECK]
        assert culprit["component"] == Component.PASS, culprit
        assert culprit["label"] == pass_name and "T_1" in culprit["how"], culprit
        culprits.append(culprit)
    # The passes remap a replaced buffer's uses but not an attribute's node: one omission, one bug.
    roots = {culprit_root("ill_formed", "ill_formed|pass|x|TVMScript round trip changes <path>", culprit)
             for culprit in culprits}
    assert len(roots) == 1 and None not in roots, roots


# The printer writes a Let bound in a loop's extent inside the loop body, where the extent cannot
# see it: the text names `x` before it defines it.
LET_IN_EXTENT = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((16,), "int32"), n: T.int32):
    x = T.int32()
    for i in range(T.Let(x * 2, where={x: n + 1})):
        A[i] = 0
'''


def test_a_let_printed_inside_the_loop_it_bounds_is_a_printer_defect():
    culprit = print_parse_culprit(from_script(LET_IN_EXTENT))
    assert culprit.component == Component.PRINTER and culprit.label == PRINTER
    assert "Undefined variable" in culprit.how


# NarrowDataType(16) makes the loop variable int16; it prints as `range(T.int16(4))`, which the
# parser reads as an int32 loop: the text says int16, the parser drops it.
SMALL_LOOP = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((16,), "int32")):
    for i in range(4):
        A[i] = 0
'''


def test_a_sound_pass_output_the_parser_misreads_is_a_parser_defect():
    outcome = run(SMALL_LOOP, [{"name": "tirx.NarrowDataType", "args": {"target_bits": 16}}],
                  {"roundtrip": True, CULPRIT_CHECK: True})
    assert outcome.status == Status.ILL_FORMED and "round trip" in outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["component"] == Component.PARSER and culprit["label"] == PARSER, culprit
    assert "is sound" in culprit["how"]


# No target lowers `T.assume`: code generators are meant to drop it (CodeGenLLVM does), and
# CodeGenC, under c and cuda alike, has no case for it ("Unresolved call").
ASSUME = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        T.evaluate(T.assume(A[i] >= 0))
        A[i] = A[i] + 1
'''
# The CUDA, Metal and OpenCL rule tables lower popcount; neither WebGPU's nor ROCm's has a rule.
POPCOUNT = '''# from tvm.script import tirx as T

@T.prim_func
def main(B: T.Buffer((4, 1), "int32")):
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    B[3, T.popcount(blockIdx_x)] = 1
'''


def test_an_op_no_target_lowers_left_to_the_code_generator_is_the_code_generators_one_root_for_its_targets():
    culprits = []
    for target in ("c", "cuda"):
        outcome = run(ASSUME, [{"name": "tirx.RemoveNoOp"}], {CULPRIT_CHECK: True}, target=target)
        assert outcome.status == Status.EXCEPTION and "Unresolved call" in outcome.message, outcome.message
        assert outcome.pass_name.startswith("pipeline:tirx.LowerIntrin"), outcome.pass_name
        culprits.append(outcome.details[CULPRIT_CHECK])
    assert [culprit["label"] for culprit in culprits] == ["codegen [c]", "codegen [cuda]"], culprits
    assert all(culprit["component"] == Component.CODEGEN and culprit["made_by"] is None for culprit in culprits)
    assert culprits[0]["site"] == culprits[1]["site"], culprits


def test_an_intrinsic_some_targets_lower_is_lower_intrins_for_the_target_that_leaves_it():
    """ROCm's CodeGenLLVM says "unknown intrinsic", WebGPU's code generator "Unresolved call", and the
    build fails after other passes on webgpu: both name LowerIntrin's table for their target."""
    culprits = {}
    for target in ("rocm", "webgpu"):
        outcome = run(POPCOUNT, [{"name": "tirx.RemoveNoOp"}], {CULPRIT_CHECK: True}, target=target)
        assert outcome.status == Status.EXCEPTION and "tirx.popcount" in outcome.message, outcome.message
        culprits[target] = outcome.details[CULPRIT_CHECK]
    for target, culprit in culprits.items():
        assert culprit["component"] == Component.PASS, culprit
        assert culprit["label"] == f"pipeline:tirx.LowerIntrin [{target}]" and culprit["made_by"] is None, culprit
    # Each target's rule table is its own fix.
    assert culprits["rocm"]["site"] != culprits["webgpu"]["site"]


def test_the_rules_one_targets_table_lacks_are_one_root_and_rocm_variants_share_rocms_table():
    """c46's exception-900814a2 and 56e69dfe: ROCm's table lacks popcount and clz, one fix in one file."""
    clz = POPCOUNT.replace("B[3, T.popcount(blockIdx_x)] = 1", "B[3, 0] = T.clz(T.BitwiseOr(T.int64(0), T.int64(1)))")
    sites = []
    for script, target in ((POPCOUNT, "rocm"), (clz, "rocm"), (clz, "rocm-gfx1100")):
        outcome = run(script, [], {CULPRIT_CHECK: True}, target=target)
        assert outcome.status == Status.EXCEPTION and "unknown intrinsic" in outcome.message, outcome.message
        culprit = outcome.details[CULPRIT_CHECK]
        assert culprit["label"] == f"pipeline:tirx.LowerIntrin [{target}]", culprit
        sites.append(culprit["site"])
    assert len(set(sites)) == 1, sites


# CodeGenNVPTX fails on the T.tvm_access_ptr this kernel evaluates ("Cannot treat type
# `ir.PointerType` as type `ir.PrimType`") after LowerIntrin, the last pipeline pass to start, succeeded.
ACCESS_PTR = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1024,), "float32"), B: T.Buffer((1,), "float32")):
    A_cache = T.sblock_alloc_buffer((1024,))
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    with T.sblock("opaque"):
        T.reads(A[0:1024])
        T.writes(A_cache[0:1024])
        T.tvm_access_ptr(T.float32(0.0), A_cache.data, 0, 512, 2)
    with T.sblock("B"):
        vi = T.axis.spatial(1, 0)
        T.reads()
        T.writes(B[vi])
        B[vi] = T.float32(0.0)
'''


def test_a_device_code_failure_the_last_pipeline_pass_is_named_for_is_the_code_generators():
    outcome = run(ACCESS_PTR, [], {CULPRIT_CHECK: True}, target="nvptx")
    assert outcome.status == Status.EXCEPTION and outcome.pass_name.startswith("pipeline:tirx.LowerIntrin"), \
        outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["component"] == Component.CODEGEN and culprit["label"] == "codegen [nvptx]", culprit


# CodeGenLLVM refuses `reinterpret(float16, 0)`: the build fails after the last pipeline pass started.
ZERO_REINTERPRET = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((1, 1), "float32")):
    i: T.let[T.int32] = 0
    A[0, i] = T.Cast("float32", T.reinterpret("float16", T.int16(0)))
'''
# The pipeline's simplifier folds uint8(-6), and tvm::cast's constant folding refuses the value.
NEGATIVE_UINT_CAST = '''# from tvm.script import tirx as T

@T.prim_func
def main(B: T.Buffer((1, 8), "float32")):
    b: T.let[T.int64] = T.int64(-6)
    B[0, 6] = T.Cast("float32", T.Cast("uint8", b))
'''


def test_a_failing_check_in_the_code_generator_is_the_code_generators_whatever_pass_ran_last():
    outcome = run(ZERO_REINTERPRET, [], {CULPRIT_CHECK: True})
    assert outcome.status == Status.EXCEPTION and "reinterpret" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["component"] == Component.CODEGEN and culprit["label"] == "codegen [llvm]", culprit
    assert culprit["site"].startswith("src/target/llvm/codegen_llvm.cc:"), culprit


def test_a_failing_check_in_a_shared_analysis_a_pass_calls_is_that_analysis():
    outcome = run(NEGATIVE_UINT_CAST, [], {CULPRIT_CHECK: True})
    assert outcome.status == Status.EXCEPTION and "negative value" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["component"] == Component.ANALYSIS and culprit["label"] == "tvm::cast (constant folding)", culprit
    assert outcome.pass_name.startswith("pipeline:") and outcome.pass_name.split(" [")[0] in culprit["how"], culprit


# schedule.cache_index builds a SeqStmt of its index computations without flattening it: an empty one
# for a block that reads nothing, one of length 1 for a block with one index; two checks of SeqStmt's
# constructor, one mistake.
CACHE_INDEX_NOTHING = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(add: T.Buffer((T.int64(4), T.int64(32)), "float32"), compute: T.Buffer((T.int64(4), T.int64(32)), "float32")):
    with T.sblock("compute"):
        v_i0 = T.axis.spatial(T.int64(4), T.int64(0))
        v_i1 = T.axis.spatial(T.int64(32), T.int64(0))
        T.reads(add[v_i0, v_i1])
        T.writes(compute[v_i0, v_i1])
        compute[v_i0, v_i1] = T.float32(0.0)
'''
CACHE_INDEX_ONE = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(T_transpose: T.Buffer((T.int64(32), T.int64(8)), "float32")):
    ax0: T.let[T.int64] = T.int64(0)
    for ax1 in range(T.int64(1)):
        with T.sblock("T_transpose"):
            v_ax0 = T.axis.spatial(T.int64(32), ax0)
            v_ax1 = T.axis.spatial(T.int64(8), ax1)
            T.reads()
            T.writes(T_transpose[v_ax0, T.int64(0):T.int64(8)])
            T_transpose[v_ax0, v_ax1] = T.Cast("float32", T.min(T.Cast("float16", v_ax1), T.Cast("float16", v_ax1)))
'''


def test_a_pass_failing_on_its_own_input_at_two_checks_of_one_function_is_one_root():

    roots, messages = set(), set()
    for script, args in ((CACHE_INDEX_NOTHING, {}), (CACHE_INDEX_ONE, {"block": 4, "factor": 2})):
        outcome = run(script, [{"name": "schedule.cache_index", "args": args}], {CULPRIT_CHECK: True})
        assert outcome.status == Status.EXCEPTION and "SeqStmt" in outcome.message, outcome.message
        culprit = outcome.details[CULPRIT_CHECK]
        assert culprit["component"] == Component.PASS and not culprit["made_by"], culprit
        roots.add(culprit_root("exception", "", culprit))
        messages.add(outcome.message.split(":", 2)[-1])
    assert len(messages) == 2 and roots == {"exception|schedule.cache_index|tvm::tirx::SeqStmt::SeqStmt"}, roots


# blockize of a reduction's outer loop puts block sum_init in the new block's T.init: valid IR, but
# no block of an init has a place in the schedule's tree, and the lookup by name trips on it.
REDUCTION = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4,), "float32")):
    for i, k in T.grid(4, 4):
        with T.sblock("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + A[vi, vk]
'''


def test_a_block_lookup_failing_on_a_block_another_primitive_made_is_the_lookups():
    passes = [{"name": "schedule.blockize", "args": {"block": 0, "loop": 0}},
              {"name": "schedule.annotate", "args": {"block": 1}}]
    outcome = run(REDUCTION, passes, {CULPRIT_CHECK: True})
    assert outcome.status == Status.EXCEPTION and "stmt2ref" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["label"] == "schedule.get_sblock" and culprit["made_by"] is None, culprit
    assert culprit["site"].startswith("src/s_tir/schedule/primitive/get_block_loop.cc:"), culprit


# VectorizeLoop leaves a vectorized loop nested in another with a warning; StorageRewrite, later in
# the pipeline, then fails ("VectorizeLoop before LiftStorageAlloc").
NESTED_VECTORIZED = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4, 4), "float32")):
    for i in T.vectorized(4):
        for j in T.vectorized(4):
            A[i, j] = T.float32(1.0)
'''


def test_a_vectorized_loop_that_outlives_vectorize_loop_is_made_by_vectorize_loop():
    outcome = run(NESTED_VECTORIZED, [{"name": "tirx.RemoveNoOp"}], {CULPRIT_CHECK: True})
    assert outcome.status == Status.EXCEPTION and outcome.pass_name == "pipeline:tirx.StorageRewrite", outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["made_by"] == "pipeline:tirx.VectorizeLoop" and culprit["label"] == "pipeline:tirx.StorageRewrite"


# The pipeline's CommonSubexprElim let-binds the warp buffer's store index, and LowerWarpMemory finds
# no threadIdx.x coefficient in it ("require positive constant coefficient on warp index"). Replayed
# out of the pipeline's device context LowerWarpMemory does nothing, which once read as "the pass
# succeeds alone, the code generator fails" (c40's exception-73eb3f1b and its kin on four targets).
WARP_STORE = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    for i0 in T.thread_binding(2, thread="blockIdx.x"):
        for i1 in T.thread_binding(2, thread="vthread"):
            for i2 in T.thread_binding(2, thread="threadIdx.x"):
                with T.sblock(""):
                    T.reads(A[i0 * 8 + i1 * 4 + i2, 0:16])
                    T.writes(C[i0 * 8 + i1 * 4 + i2, 0:16])
                    B = T.sblock_alloc_buffer((4, 16), scope="warp")
                    for j in range(16):
                        with T.sblock(""):
                            T.reads(A[i0 * 8 + i1 * 4 + i2, j])
                            T.writes(B[i2, j])
                            B[i2, j] = A[i0 * 8 + i1, j]
                    for j in range(2):
                        with T.sblock(""):
                            T.reads(B[i2, j])
                            T.writes(C[i0, j])
                            C[i0 * 8 + i1 * 4 + i2, j] = B[i2, j]
'''


def test_a_check_in_a_device_passs_own_source_stays_with_that_pass_one_root_across_targets():

    roots = set()
    for target in ("metal", "nvptx"):
        outcome = run(WARP_STORE, [], {CULPRIT_CHECK: True}, target=target)
        assert outcome.status == Status.EXCEPTION and "LowerWarpMemory failed" in outcome.message, outcome.message
        culprit = outcome.details[CULPRIT_CHECK]
        assert culprit["component"] == Component.PASS, culprit
        assert culprit["label"] == f"pipeline:tirx.LowerWarpMemory [{target}]", culprit
        roots.add(culprit_root("exception", "", culprit))
    assert len(roots) == 1, roots


# `vj - j * 16` where vj is j * 16: the terms cancel, DetectIterMap keeps a split of scale 0, and the
# pipeline's CompactBufferAllocation (through EstimateRegionStrictBound) folds a division by it. The
# check is constant folding's; its callers are tvm::floordiv, another value check, then the region
# bound that computes from DetectIterMap's splits (c40's exception-f769580a, as the analysis tests'
# exception-ccf7c45e).
CANCELLING_INDEX = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(B: T.Buffer((128, 128), "float32")):
    A_global = T.sblock_alloc_buffer((128, 128))
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    for j0 in range(2):
        with T.sblock("scope"):
            i = T.axis.spatial(8, 0)
            j = T.axis.spatial(8, j0)
            T.reads(A_global[i * 16:i * 16 + 16, j * 16:j * 16 + 16])
            T.writes(A_global[i:i + 16, j:j + 16], B[i:i + 16, j:j + 16])
            B_global = T.sblock_alloc_buffer((16, 16))
            with T.sblock("B"):
                vi = T.axis.spatial(128, i)
                vj = T.axis.spatial(128, j * 16)
                T.reads(A_global[vi, vj])
                T.writes(B_global[0:16, 0:16])
                B_global[vi, vj - j * 16] = T.float32(0.0)
'''


def test_a_division_by_zero_folded_for_a_region_bound_is_detect_iter_maps():

    outcome = run(CANCELLING_INDEX, [], {CULPRIT_CHECK: True}, target="cuda")
    assert outcome.status == Status.EXCEPTION and "Divide by zero" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["label"] == "sym.DetectIterMap", culprit
    assert culprit_root("exception", "", culprit).startswith("exception|sym.DetectIterMap|src/ir/prim/const_fold.h:")


# UnifyThreadBinding binds an int64 loop to an int32 thread variable; the printer writes the binding
# as the loop's, so the round trip changes the variable's type (c40's ill_formed-d2d87305).
INT64_THREAD_LOOP = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(rxplaceholder: T.Buffer((), "int32"), T_full: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    i0_i1_fused_0: T.let[T.int64] = T.int64(0)
    for i0_i1_fused_1 in T.thread_binding(T.int64(1), thread="threadIdx.x"):
        with T.sblock("T_full"):
            ax0 = T.axis.spatial(T.int64(2), i0_i1_fused_0)
            ax1 = T.axis.spatial(T.int64(3), i0_i1_fused_0)
            T.reads(rxplaceholder[()])
            T.writes(T_full[ax0, ax1])
            T_full[ax0, ax1] = 0
'''


def test_a_round_trip_failing_on_a_thread_binding_of_another_type_than_its_loop_is_the_passs():
    passes = [{"name": "s_tir.ConvertBlocksToOpaque"}, {"name": "s_tir.UnifyThreadBinding"}]
    outcome = run(INT64_THREAD_LOOP, passes, {CULPRIT_CHECK: True, "roundtrip": True})
    assert outcome.status == Status.ILL_FORMED and "round trip" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["component"] == Component.PASS and culprit["label"] == "s_tir.UnifyThreadBinding", culprit


# PlanAndUpdateBufferAllocationLocation wraps the loop that uses A_cache in a new opaque block and
# asks the access region detector for its regions, giving it `t`, which the block's own body
# allocates, among the buffers from outside the block: the detector reports the writes to it, as
# documented, so the block names `t` before its declaration (c43's ill_formed-605247e7, judged the
# pass's by its judge; c42's judge had named the detector).
LOCAL_IN_NEW_BLOCK = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1024,), "float32")):
    A_cache = T.sblock_alloc_buffer((1024,))
    with T.sblock("opaque"):
        T.reads(A[0:1024])
        T.writes(A_cache[0:1024])
        for n in range(1):
            t = T.alloc_local((1,))
            t[0] = T.float32(0.0)
            T.tvm_access_ptr(T.float32(0.0), A_cache.data, 0, 512, 2)
'''


def test_a_region_the_detector_gives_for_a_buffer_its_caller_called_outside_is_the_callers():
    outcome = run(LOCAL_IN_NEW_BLOCK, [{"name": "s_tir.PlanAndUpdateBufferAllocationLocation"}], {CULPRIT_CHECK: True})
    assert outcome.status == Status.ILL_FORMED and ".writes[0]" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["component"] == Component.PASS, culprit
    assert culprit["label"] == "s_tir.PlanAndUpdateBufferAllocationLocation", culprit
    assert culprit["site"] == f"s_tir.PlanAndUpdateBufferAllocationLocation|{OUTSIDE_BUFFER}", culprit


# CSE's `Cast("int32", b)` for b up to 2**31 is valid IR; LowerIntrin binds it, and the interval
# analysis casts the end 2**31 to int32, which folding refuses (c41's exception-5131eab5): the
# interval analysis's Cast rule, one bug with its analysis tests' failure on an unsigned end.
WIDE_CAST = '''# from tvm.script import tirx as T

@T.prim_func
def main(out_buf: T.Buffer((1, 4), "float32")):
    b: T.let[T.uint64] = T.uint64(2147483648) - T.min(T.max(~T.uint64(1), T.uint64(0)), T.uint64(2147483648))
    out_buf[T.Cast("int32", b) << T.Cast("int32", b), 3] = T.float32(0.0)
'''


def test_a_cast_of_an_interval_end_is_the_interval_analysiss_whichever_pass_made_the_ir():
    outcome = run(WIDE_CAST, [], {CULPRIT_CHECK: True})
    assert outcome.status == Status.EXCEPTION and outcome.pass_name == "pipeline:tirx.LowerIntrin", outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["label"] == "sym.IntSet" and not culprit["made_by"], culprit
    assert culprit_root("exception", "", culprit) == f"exception|sym.IntSet|{INTERVAL_CAST}", culprit


# LowerOpaqueBlock makes the vthread.x binding a virtual_thread attribute, printed faithfully as
# `T.launch_thread("vthread.x", 4)`; the parser's LaunchThread reads only "vthread" as virtual and
# makes it a thread extent (c41's ill_formed-a7bfd51b): the parser's defect.
VTHREAD_X = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4,), "float32")):
    for i in T.thread_binding(4, thread="vthread.x"):
        with T.sblock("A"):
            vi = T.axis.spatial(4, i)
            A[vi] = T.float32(0.0)
'''


def test_a_virtual_thread_the_parser_reads_back_as_a_thread_extent_is_a_parser_defect():
    passes = [{"name": "s_tir.ConvertBlocksToOpaque"}, {"name": "s_tir.LowerOpaqueBlock"}]
    outcome = run(VTHREAD_X, passes, {"roundtrip": True, CULPRIT_CHECK: True})
    assert outcome.status == Status.ILL_FORMED and "round trip" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["component"] == Component.PARSER and "vthread.x" in culprit["how"], culprit


# Two malformed LLVM modules, one check (CodeGenLLVM::Verify) (c41's exception-1b7b1cf1 and
# a8855261, merged as one): NVPTX's all-threads barrier called with the wrong arity, and a bitcast
# of an i16 to float, which NarrowDataType made by narrowing a reinterpret's operand.
BARRIER = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1, 1, 1), "float32")):
    cross_thread_B = T.alloc_local((1,))
    with T.launch_thread("threadIdx.x", 128) as threadIdx_x:
        cross_thread_B_1 = T.decl_buffer((1,), data=cross_thread_B.data, scope="local")
        with T.attr(T.comm_reducer(lambda x0, y0: x0, [T.float32(0.0)]), "reduce_scope", 0):
            T.tvm_thread_allreduce(T.uint32(1), T.float32(0.0), T.bool(True), cross_thread_B_1[0], threadIdx_x)
'''
NARROWED_REINTERPRET = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1,), "int8")):
    for i0 in range(2):
        with T.sblock("PadInput"):
            v_i0 = T.axis.spatial(2, i0)
            T.reads()
            T.writes()
            buf = T.alloc_shared((1, 1))
            buf[0, 0] = T.reinterpret("float32", v_i0)
'''
NARROWING = [{"name": "s_tir.ConvertBlocksToOpaque"}, {"name": "s_tir.LowerOpaqueBlock"},
             {"name": "tirx.FlattenBuffer"}, {"name": "tirx.NarrowDataType", "args": {"target_bits": 16}}]


def test_llvms_verifier_failing_tells_defects_apart_by_what_it_lists():
    barrier = run(BARRIER, [], {CULPRIT_CHECK: True}, target="nvptx")
    narrowed = run(NARROWED_REINTERPRET, NARROWING, {CULPRIT_CHECK: True, ORIGIN_CHECK: True},
                   target="llvm-aarch64-sve")
    assert barrier.status == narrowed.status == Status.EXCEPTION, (barrier.message, narrowed.message)
    assert barrier.message == narrowed.message == "LLVM module verification failed with the following errors:"
    sites = [outcome.details[CULPRIT_CHECK]["site"] for outcome in (barrier, narrowed)]
    assert sites[0].startswith("src/target/llvm/codegen_llvm.cc:") and "Incorrect number of arguments" in sites[0]
    assert sites[1].startswith("src/target/llvm/codegen_llvm.cc:") and "Invalid bitcast" in sites[1]
    # The bitcast's operand was narrowed in place: the origin check names the pass.
    assert narrowed.details[ORIGIN_CHECK] == ["tirx.NarrowDataType(target_bits=16)",
                                              "not well-formed: a reinterpret of int16 as float32"]


# A vector index cast through float16: the pipeline lowers it, and BuildWebGPU's own
# ForceNarrowIndexToInt32 rebuilds the int32x2 cast as a scalar one (c42's exception-4ee1d119).
NARROWED_BY_WEBGPU = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1, 256), "float32")):
    with T.sblock("root"):
        T.reads()
        T.writes()
        C_rf = T.sblock_alloc_buffer((1, 2))
        blockIdx_x = T.launch_thread("blockIdx.x", 1)
        threadIdx_x = T.launch_thread("threadIdx.x", 1)
        for i_j_fused_1_fused in T.vectorized(2):
            with T.sblock("C_rf"):
                vi_j_fused_1 = T.axis.spatial(2, i_j_fused_1_fused)
                T.reads(A[0, 0, 0:256])
                T.writes(C_rf[0, vi_j_fused_1])
                C_rf[0, vi_j_fused_1] = A[0, 0, T.Cast("int32", T.Cast("float16", vi_j_fused_1))]
'''


def test_a_pass_the_code_generator_runs_itself_is_named_not_the_code_generator():
    outcome = run(NARROWED_BY_WEBGPU, [], {CULPRIT_CHECK: True}, target="webgpu")
    assert outcome.status == Status.EXCEPTION and "lanes" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["label"] == "tirx.ForceNarrowIndexToInt32 (run by codegen [webgpu])", culprit


# NarrowDataType(16) makes the loop and the comparison int16: the parser reads `range(T.int16(4))`
# as an int32 loop and then refuses `i == T.int16(2)` (c42's ill_formed-a40eb0b1, once blamed on
# the pass). One parser defect with the misread loop of SMALL_LOOP.
SMALL_LOOP_COMPARED = SMALL_LOOP.replace("        A[i] = 0", "        if i == 2:\n            A[i] = 0")


def test_a_loop_the_parsers_range_misreads_is_one_parser_defect_whether_it_then_refuses_or_misreads():
    narrow = [{"name": "tirx.NarrowDataType", "args": {"target_bits": 16}}]
    culprits = []
    for script in (SMALL_LOOP, SMALL_LOOP_COMPARED):
        outcome = run(script, narrow, {"roundtrip": True, CULPRIT_CHECK: True})
        assert outcome.status == Status.ILL_FORMED, outcome.message
        culprits.append(outcome.details[CULPRIT_CHECK])
    assert all(culprit["component"] == Component.PARSER and "T.serial" in culprit["how"] for culprit in culprits)
    roots = {culprit_root("ill_formed", "", culprit) for culprit in culprits}
    assert len(roots) == 1, roots


# DLight's is_gemv builds all its conditions at once: it reads `writes[0]` of a block with no writes
# (an IndexError from tvm_ffi's Array), and hands a region of extent 0 to a helper that asserts on
# it (c42's exception-c7c1ebf2 and cb228447): one line of is_gemv, one bug, whatever the message.
NO_WRITES = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1, 1, 1), "float32")):
    for ax0, ax1, ax2, ax3 in T.grid(1, 1, 1, 1):
        with T.sblock("pool"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            v_ax2 = T.axis.spatial(3, ax2)
            v_ax3 = T.axis.spatial(3, ax3)
            T.reads()
            T.writes()
            buf = T.alloc_local((1,))
'''
EMPTY_REGIONS = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(W: T.Buffer((T.int64(8), T.int64(32)), "float32"), O: T.Buffer((T.int64(32), T.int64(8)), "float32")):
    for ax0, ax1 in T.grid(T.int64(1), T.int64(1)):
        with T.sblock("T_transpose"):
            v_ax0 = T.axis.spatial(T.int64(32), ax0)
            v_ax1 = T.axis.spatial(T.int64(8), ax1)
            T.reads(W[T.int64(0):T.int64(0), T.int64(0):T.int64(0)])
            T.writes(O[T.int64(0):T.int64(0), T.int64(0):T.int64(0)])
            cnt = T.alloc_local((1,), "int32")
'''


def test_python_errors_of_one_line_of_a_dlight_rule_are_one_root_whatever_the_message():
    roots, messages = set(), set()
    for script, target in ((NO_WRITES, "cuda"), (EMPTY_REGIONS, "llvm-armv7a")):
        outcome = run(script, [{"name": "schedule.dlight"}], {CULPRIT_CHECK: True}, target=target)
        assert outcome.status == Status.EXCEPTION and outcome.pass_name == "schedule.dlight", outcome.message
        messages.add(outcome.message)
        roots.add(culprit_root("exception", "", outcome.details[CULPRIT_CHECK]))
    assert len(messages) == 2 and len(roots) == 1, (messages, roots)
    assert roots.pop().endswith("dlight/analysis/gemv.py:88 (is_gemv)")


# CompactBufferAllocation shrinks B to one element and writes its index `i % 16 - i`, a valid
# index; FlattenBuffer simplifies it through the iterator-map rewriter, which folds a division by a
# zero scale inside, with no frame of its own on TVM's stack (c42's exception-b3d40861, a duplicate
# of the tvm.sym bug 81b5956d).
CANCELLING_COMPACT_INDEX = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main():
    A = T.sblock_alloc_buffer((4, 4), "int32")
    B = T.sblock_alloc_buffer((16,), "int32")
    for i in range(16):
        with T.sblock("other"):
            vi = T.axis.spatial(16, i)
            T.reads(A[0, 0])
            T.writes(B[vi])
            B[vi % 16] = 0
'''


def test_an_analysis_failing_alike_on_the_indices_a_pass_was_given_is_that_analysis_without_frames_of_its_own():
    passes = [{"name": "s_tir.PlanAndUpdateBufferAllocationLocation"}, {"name": "s_tir.ConvertBlocksToOpaque"},
              {"name": "s_tir.CompactBufferAllocation", "args": {"is_strict": True}},
              {"name": "s_tir.LowerOpaqueBlock"}, {"name": "tirx.FlattenBuffer"}]
    outcome = run(CANCELLING_COMPACT_INDEX, passes, {CULPRIT_CHECK: True})
    assert outcome.status == Status.EXCEPTION and outcome.pass_name.startswith("tirx.FlattenBuffer"), outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["label"] == "sym.DetectIterMap" and "iter_map_simplify" in culprit["how"], culprit
    assert culprit_root("exception", "", culprit) == "exception|sym.DetectIterMap|src/ir/prim/const_fold.h:301"


# OpenCL's rule table has no atan: LowerIntrin's default rule writes C's `atanf`, which OpenCL C
# lacks (c43's exception-7b55a3f2). T.exp has a rule of its own there and compiles.
OPENCL_ATAN = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(B: T.Buffer((128,), "float32")):
    threadIdx_x = T.launch_thread("threadIdx.x", 128)
    B[threadIdx_x] = T.atan(B[threadIdx_x])
'''


def test_a_c_math_name_the_default_lowering_rule_wrote_for_a_kernel_language_is_lower_intrins_for_the_target():
    outcome = run(OPENCL_ATAN, [], {CULPRIT_CHECK: True}, target="opencl")
    assert outcome.status == Status.EXCEPTION and "atanf" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["label"] == "pipeline:tirx.LowerIntrin [opencl]", culprit
    assert culprit_root("exception", "", culprit) == "exception|tirx.LowerIntrin|the rule table of opencl"
    assert run(OPENCL_ATAN.replace("T.atan", "T.exp"), [], {CULPRIT_CHECK: True}, target="opencl").status == Status.OK


# InjectVirtualThread substitutes the virtual thread's index into `bool(float32(ax1))`; the
# simplifier's folding of `bool(2.0)` refuses it (c43's exception-dd3639eb): the cast's folding,
# whichever pass made the constant.
BOOL_OF_THREAD = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((1, 1, 1), "int64")):
    for ax1 in T.thread_binding(5, thread="vthread"):
        buf = T.alloc_shared((2,), "bool")
        buf[0] = T.Cast("bool", T.Cast("float32", ax1))
'''


def test_a_constant_cast_folding_refuses_is_the_casts_whichever_pass_made_the_constant():
    outcome = run(BOOL_OF_THREAD, [], {CULPRIT_CHECK: True}, target="llvm-loongarch64")
    assert outcome.status == Status.EXCEPTION and "exceeds range of bool" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["label"] == "tvm::cast (constant folding)" and not culprit["made_by"], culprit
    assert culprit_root("exception", "", culprit) == f"exception|tvm::cast (constant folding)|{CONSTANT_CAST}"


# DLight's Transpose rule on a block with a predicate: transform_block_layout drops the loops and
# keeps `i < 127` on them, which DefaultGPUSchedule's verifier then refuses (c43's
# exception-ae6f1ac2): the primitive, found by replaying the rule's trace one step at a time.
PREDICATED_BLOCK = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1), "float32"), C: T.Buffer((1, 1), "float32")):
    for i, j in T.grid(1, 1):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.where(i < 127)
            T.reads(A[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = T.float32(0.0)
'''


def test_a_scheduler_step_failing_on_what_one_of_its_primitives_broke_names_the_primitive():
    outcome = run(PREDICATED_BLOCK, [{"name": "schedule.dlight"}], {CULPRIT_CHECK: True}, target="rocm")
    assert outcome.status == Status.EXCEPTION and "undefined variable" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["label"] == "schedule.transform_block_layout (in schedule.dlight)", culprit
    assert culprit["site"] == (f"{ILL_FORMED_OUTPUT}|schedule.transform_block_layout|Invalid use of undefined "
                               "variable <name>"), culprit


# MetaSchedule's RewriteReductionBlock postprocessor decomposes the reduction: decompose_reduction
# gives the init block no read regions though its init reads B, and RewriteLayout then fails to
# find B among the block's reads (c43's exception-358f9453).
INIT_READING_LAYOUT_FREE = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1), "float16"), B: T.Buffer((4, 32), "float16"), C: T.Buffer((1, 1), "float16")):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    for k in range(1):
        with T.sblock("C"):
            v_i0 = T.axis.spatial(1, 0)
            v_i1 = T.axis.spatial(1, 0)
            v_k = T.axis.reduce(1, k)
            T.reads(B[0:4, 0:32])
            T.writes(C[v_i0, v_i1])
            with T.init():
                p = T.alloc_buffer((1,))
                p[0] = T.Cast("float32", B[0, 0])
            C[v_i0, v_i1] = T.float16(0.0)
'''


def test_a_postprocessor_running_a_primitive_that_drops_a_read_region_names_the_primitive():
    outcome = run(INIT_READING_LAYOUT_FREE, [{"name": "schedule.meta_schedule", "args": {"seed": 0}}],
                  {CULPRIT_CHECK: True}, target="llvm")
    assert outcome.status == Status.EXCEPTION and "buffer_index != -1" in outcome.message, outcome.message
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["label"] == "schedule.decompose_reduction (in schedule.meta_schedule(seed=0))", culprit
    assert culprit["site"] == (f"{ILL_FORMED_OUTPUT}|schedule.decompose_reduction|it reads from outside what its "
                               "read regions do not name"), culprit


# NarrowDataType and ForceNarrowIndexToInt32 both derive from DataTypeLegalizer, whose Ramp visit
# requires an integer base and stride: a float Ramp fails it under either pass, one defect (c44's
# exception-12ee3de8 and 5e61bc6a, listed apart).
NARROWED_FLOAT_RAMP = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1,), "bool"), i: T.int32):
    vt = T.launch_thread("vthread", 1)
    A[0] = T.Shuffle([T.Ramp(T.Cast("float64", T.Cast("int64", i)), T.float64(0.0), 2)], [1]) == T.float64(2.5)
'''
INDEX_FLOAT_RAMP = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(C: T.Buffer((T.int64(1), T.int64(2)), "float32")):
    T.func_attr({"tirx.is_scheduled": True})
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    with T.sblock("T"):
        v0 = T.axis.spatial(T.int64(1), T.int64(0))
        v1 = T.axis.spatial(T.int64(2), T.int64(0))
        T.reads()
        T.writes(C[v0, v1])
        buf = T.alloc_shared((1,), "float16")
        buf[0] = T.Shuffle([T.Ramp(T.Cast("float16", v0), T.float16(-2.0), 4)], [3])
'''


def test_a_check_of_a_rewriter_that_two_passes_derive_from_is_one_root_whichever_pass_failed():
    roots = []
    cases = ((NARROWED_FLOAT_RAMP, "tirx.NarrowDataType"), (INDEX_FLOAT_RAMP, "tirx.ForceNarrowIndexToInt32"))
    for script, name in cases:
        outcome = run(script, [{"name": name}], {CULPRIT_CHECK: True})
        assert outcome.status == Status.EXCEPTION and "base_dtype" in outcome.message, outcome.message
        culprit = outcome.details[CULPRIT_CHECK]
        assert culprit["label"] == name, culprit
        roots.append(culprit_root("exception", "", culprit))
    assert roots[0] == roots[1] == "exception|tirx.DataTypeLegalizer|tvm::tirx::DataTypeLegalizer::Mutate_", roots


# LowerOpaqueBlock and LowerTIRxOpaque lower a `pragma_*` loop annotation with the same copied code,
# to an AttrStmt on the loop variable outside its loop (c44's and c45's ill_formed-e0c51501 and
# 6f2d0cf1): one root, each lowerer named.
PRAGMA_LOOP_THREADED = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1), "float32")):
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    for j in T.serial(1, annotations={"pragma_auto_unroll_max_step": 2, "pragma_unroll_explicit": 1}):
        A[0, j] = T.float32(0.0)
'''
PRAGMA_LOOP_BLOCK = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1), "int64"), B: T.Buffer((1, 1), "int64")):
    for ax1 in T.serial(1, annotations={"pragma_auto_unroll_max_step": 64, "pragma_unroll_explicit": 0}):
        with T.sblock("B"):
            v_ax1 = T.axis.spatial(1, ax1)
            T.reads(A[0, v_ax1])
            T.writes(B[0, v_ax1])
            B[0, v_ax1] = A[0, v_ax1]
'''


def test_the_pragma_lowering_two_lowerers_share_is_one_root_naming_each_lowerer():
    roots = []
    for script, lowerer in ((PRAGMA_LOOP_THREADED, "s_tir.LowerOpaqueBlock"),
                            (PRAGMA_LOOP_BLOCK, "tirx.LowerTIRxOpaque")):
        outcome = run(script, [{"name": lowerer}], {CULPRIT_CHECK: True})
        assert outcome.status == Status.ILL_FORMED and "undefined variable" in outcome.message, outcome.message
        culprit = outcome.details[CULPRIT_CHECK]
        assert culprit["component"] == Component.PASS and culprit["label"] == lowerer, culprit
        roots.append(culprit_root(str(outcome.status), "", culprit))
    assert roots[0] == roots[1] and roots[0].startswith(f"ill_formed|{PRAGMA_LOWERING}|"), roots



# transform_block_layout drops the loop a block's predicate reads: the verifier after it rejects its
# output (c45's ill_formed-804d5c91), and inside DLight's schedule a later step fails on it (c45's
# exception-ae6f1ac2, PREDICATED_BLOCK above): one root, the primitive's ill-formed output.
PREDICATED_PADDING = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1), "int32")):
    for i, j in T.grid(1, 1):
        with T.sblock("buffer_A_padding"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.where(i == 3)
            T.reads()
            T.writes(A[vi, vj])
            A[vi, vj] = 0
'''


def test_a_primitives_ill_formed_output_is_one_root_whether_its_verifier_or_a_later_step_shows_it():
    direct = run(PREDICATED_PADDING, [{"name": "schedule.transform_block_layout"}], {CULPRIT_CHECK: True})
    scheduled = run(PREDICATED_BLOCK, [{"name": "schedule.dlight"}], {CULPRIT_CHECK: True}, target="rocm")
    assert direct.status == Status.ILL_FORMED and scheduled.status == Status.EXCEPTION, (direct, scheduled)
    culprits = [outcome.details[CULPRIT_CHECK] for outcome in (direct, scheduled)]
    assert culprits[0]["label"] == "schedule.transform_block_layout", culprits
    roots = [culprit_root(str(outcome.status), "", outcome.details[CULPRIT_CHECK]) for outcome in (direct, scheduled)]
    assert roots[0] == roots[1] and roots[0].startswith(f"{ILL_FORMED_OUTPUT}|schedule.transform_block_layout|"), roots


# A vector index that is no bare Ramp: CompactBufferAllocation fails the interval evaluator's
# `eval_vec_` check on it inside a loop, and elsewhere compacts a buffer to a vector-valued shape
# that StorageRewrite fails on (VECTOR_STORE): c44's and c45's exception-17c5668b, bf1181dc and
# crash-bc5979a8's one defect.
RAMP_MINUS_BROADCAST = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float32")):
    P = T.sblock_alloc_buffer((16,))
    for i in range(4):
        with T.sblock("p"):
            vi = T.axis.spatial(4, i)
            P[T.Ramp(vi * 4, 1, 4) - T.Broadcast(0, 4)] = T.Broadcast(T.float32(1.0), 4)
    for i in range(4):
        with T.sblock("a"):
            vi = T.axis.spatial(4, i)
            A[T.Ramp(vi * 4, 1, 4)] = P[T.Ramp(vi * 4, 1, 4)]
'''


def test_compact_buffer_allocations_vector_index_is_one_root_however_it_fails():
    inside = run(RAMP_MINUS_BROADCAST, [], {ORIGIN_CHECK: True})
    assert inside.status == Status.EXCEPTION and "eval_vec_" in inside.message, inside.message
    later = run(VECTOR_STORE, VECTOR_STORE_PASSES, {ORIGIN_CHECK: True})
    assert later.status == Status.EXCEPTION and later.pass_name == "pipeline:tirx.StorageRewrite", later
    origin = later.details[ORIGIN_CHECK]
    roots = [vector_index_root(inside.details.get(ORIGIN_CHECK), inside.pass_name, inside.message),
             vector_index_root(origin, later.pass_name, later.message)]
    assert roots == [VECTOR_INDEX, VECTOR_INDEX], roots
    # Another failure of the pass is no part of it.
    assert vector_index_root(None, "pipeline:s_tir.CompactBufferAllocation", "Check failed: (x) is false") is None


# c46's ill_formed-5d3a3597 and inconsistency-00b07ffb: UnrollLoop unrolls a loop whose body
# continues. Unrolled alone, the jump is left outside any loop; inside another loop, it continues
# that loop instead and the result is wrong.
CONTINUING_LOOP = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8, 4), "int32")):
    for j in range(8):
        for i in range(4):
            if A[j, i] > 2:
                T.continue_loop()
            A[j, i] = A[j, i] + 1
'''
UNROLL_SMALL = [{"name": "tirx.UnrollLoop", "config": {"auto_max_step": 16, "auto_max_depth": 8, "auto_max_extent": 4,
                                                       "explicit_unroll": True, "unroll_local_access": False}}]


def test_a_loop_unrolled_with_its_jump_is_one_root_whether_the_jump_is_left_outside_loops_or_computes_wrong():
    nested = run(CONTINUING_LOOP, UNROLL_SMALL, RUN_BUILDS)
    alone = run(CONTINUING_LOOP.replace("(8, 4)", "(1, 4)").replace("range(8)", "range(1)"), UNROLL_SMALL,
                RUN_BUILDS)
    assert nested.status == Status.INCONSISTENCY and alone.status == Status.ILL_FORMED, (nested, alone)
    wrong, broken = nested.details[CULPRIT_CHECK], alone.details[CULPRIT_CHECK]
    assert family_of(wrong["label"]) == family_of(broken["label"]) == "tirx.UnrollLoop", (wrong, broken)
    assert culprit_root("inconsistency", "", wrong) == culprit_root("ill_formed", "", broken) is not None
    # Without the jump, a wrong result after UnrollLoop is no such root.
    assert not run(CONTINUING_LOOP.replace("T.continue_loop()", "A[j, i] = 0"), UNROLL_SMALL, RUN_BUILDS).details.get(
        CULPRIT_CHECK)


# c46's inconsistency-2dcecaca: FlattenBuffer simplifies the flattened index `x % 5 * 5 + (x + 3) % 5`
# through IterMapSimplify, which maps `x % 5` onto the padded mark of `x + 3`: `(x + 3) % 5 * 6`.
FLATTENED_MODS = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((5, 5), "float32"), B: T.Buffer((5,), "float32")):
    for x in range(5):
        B[x] = A[x % 5, (x + 3) % 5]
'''


def test_a_wrong_result_of_flatten_buffer_from_a_wrong_index_simplification_names_the_iterator_map_rewriter():
    outcome = run(FLATTENED_MODS, [{"name": "tirx.FlattenBuffer"}], RUN_BUILDS)
    assert outcome.status == Status.INCONSISTENCY, outcome
    culprit = outcome.details[CULPRIT_CHECK]
    assert culprit["component"] == Component.ANALYSIS and culprit["label"] == "sym.DetectIterMap", culprit
    assert "(x + 3) % 5 * 6" in culprit["how"], culprit
    # With an index the rewriter simplifies right, FlattenBuffer computes the right result.
    assert run(FLATTENED_MODS.replace("(x + 3) % 5", "x"), [{"name": "tirx.FlattenBuffer"}], RUN_BUILDS).status == \
        Status.OK
