"""Which pass first left the IR broken, asked of the harness as triage asks it (real TVM)."""

from tirkit.script import from_script
from tzer.execution.harness import Harness
from tzer.vocabulary import ORIGIN_CHECK, Status

# CompactBufferAllocation shrinks `L` to one element: BufferRegion::FromPoint takes the Broadcast
# store for a point. Its output is a vector store into a scalar buffer that no constructor would
# build; StorageRewrite, later in tvm.compile, is the first pass to rebuild the store and fails.
VECTOR_STORE = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    L = T.alloc_local((4,))
    L[0] = T.float32(0.0)
    L[0:4] = T.Broadcast(T.float32(0.0), 4)
'''
VECTOR_STORE_PASSES = [{"name": "s_tir.InjectSoftwarePipeline"}, {"name": "s_tir.LowerOpaqueBlock"},
                       {"name": "tirx.FlattenBuffer"}]

# LowerOpaqueBlock turns a loop's annotations into pragmas whose node is the loop variable, outside
# the loop: the verifier complains, but that is how TVM writes them.
PRAGMA_LOOP = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in T.unroll(4, annotations={"pragma_auto_unroll_max_step": 0}):
        A[i] = T.float32(1.0)
'''


def run(script, passes, checks):
    return Harness(report=lambda event: None).run(from_script(script), passes, checks, 0)


def test_a_failure_in_a_later_pipeline_pass_names_the_pass_that_broke_the_ir():
    outcome = run(VECTOR_STORE, VECTOR_STORE_PASSES, {ORIGIN_CHECK: True})
    assert outcome.status == Status.EXCEPTION and outcome.pass_name == "pipeline:tirx.StorageRewrite", outcome
    where, problem = outcome.details[ORIGIN_CHECK]
    assert where == "pipeline:s_tir.CompactBufferAllocation"
    # The shape of `L` holds the vector's Ramp, which no constructor checks: found before the re-parse.
    assert problem == "not well-formed: buffer L has a vector in its shape", problem


def test_the_origin_is_looked_for_only_when_asked():
    outcome = run(VECTOR_STORE, VECTOR_STORE_PASSES, {})
    assert outcome.status == Status.EXCEPTION and ORIGIN_CHECK not in outcome.details


def test_a_sound_build_has_no_origin_though_its_pragmas_name_a_loop_variable_outside_the_loop():
    outcome = run(PRAGMA_LOOP, [], {ORIGIN_CHECK: True})
    assert outcome.status == Status.OK and ORIGIN_CHECK not in outcome.details, outcome.details.get(ORIGIN_CHECK)


# storage_align annotates the block that writes `temp`; the pipeline's
# PlanAndUpdateBufferAllocationLocation then moves `temp`'s allocation into that block and drops it
# from the block's writes, keeping the annotation: CompactBufferAllocation reads `writes[0]` of an
# empty array (StorageAlignCollector) and fails.
DIM_ALIGN = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1), "int8")):
    temp = T.sblock_alloc_buffer((16, 16), "int32")
    with T.sblock("multiply"):
        vi = T.axis.spatial(1, 0)
        T.reads(A[vi, 0])
        T.writes(temp[vi, 0])
        T.sblock_attr({"buffer_dim_align": [[0, 0, 16, 1]]})
        temp[vi, 0] = T.Cast("int32", A[vi, 0])
'''


def test_a_storage_align_annotation_left_on_a_block_that_no_longer_writes_the_buffer_is_the_movers():
    outcome = run(DIM_ALIGN, [], {ORIGIN_CHECK: True})
    assert outcome.status == Status.EXCEPTION and "CompactBufferAllocation" in outcome.pass_name, outcome
    where, problem = outcome.details[ORIGIN_CHECK]
    assert where == "pipeline:s_tir.PlanAndUpdateBufferAllocationLocation", (where, problem)
    assert "buffer_dim_align names write buffer 0 of 0" in problem, problem


# After NarrowDataType(16), CommonSubexprElim's int16 let does not re-parse (the function is sound:
# the verifiers accept it); the pipeline's CompactBufferAllocation then writes the let variable
# into an allocation's extent before its definition, which the verifiers refuse and MakePackedAPI
# fails on.
INT16_LET = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(add4: T.Buffer((T.int64(2), T.int64(6)), "float32"), compute: T.Buffer((T.int64(2), T.int64(6)), "float32")):
    with T.sblock("compute"):
        v_i0 = T.axis.spatial(T.int64(2), T.int64(0))
        v_i1 = T.axis.spatial(T.int64(6), T.int64(0))
        T.reads(add4[v_i0, v_i1])
        T.writes(compute[v_i0, v_i1])
        pa = T.alloc_local((16,))
        pc = T.alloc_local((16,))
        for k in range(8):
            pa[k] = T.float32(0.0)
        for i in range(2):
            pc[i * 4] = pa[i * 4]
'''
INT16_LET_PASSES = [{"name": "s_tir.ConvertBlocksToOpaque"}, {"name": "s_tir.CompactBufferAllocation"},
                    {"name": "s_tir.StmtSimplify"}, {"name": "s_tir.LowerOpaqueBlock"},
                    {"name": "tirx.NarrowDataType", "args": {"target_bits": 16}}, {"name": "tirx.CommonSubexprElim"}]


def test_a_later_pass_the_verifiers_refuse_outranks_an_earlier_output_that_only_fails_to_re_parse():
    outcome = run(INT16_LET, INT16_LET_PASSES, {ORIGIN_CHECK: True})
    assert outcome.status == Status.EXCEPTION and outcome.pass_name.startswith("pipeline:tirx.MakePackedAPI"), outcome
    where, problem = outcome.details[ORIGIN_CHECK]
    assert where == "pipeline:s_tir.CompactBufferAllocation", (where, problem)
    assert problem.startswith("not well-formed") and "undefined variable cse_v1" in problem, problem
