"""The reducer on a planted failure, in process: a custom pass that raises when it sees a FloorMod."""

import itertools

import pytest
import tvm
import tvm_ffi
from tvm import tirx

from tirkit.script import from_script
from tzer.passes.registry import instantiate, pass_context
from tzer.triage.finding import Case
from tzer.triage.reduce import NotReproducible, guilty_pass, reduce_case
from tzer.triage.shrink import candidates, ir_nodes, numbered_candidates

SOURCE = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32"), C: T.Buffer((8,), "int32"), n: T.int32):
    L = T.alloc_buffer((8,), "float32", scope="local")
    for i in range(8):
        L[i] = A[i] * T.float32(2)
    for i in range(8):
        C[i] = i + n
    for i in range(8):
        if i < n:
            B[i] = L[i % 4] + T.float32(1)
        else:
            B[i] = T.float32(0)
'''
PASSES = [{"name": "tirx.StmtSimplify"}, {"name": "tirx.VectorizeLoop", "args": {"enable_vectorize": False}},
          {"name": "tirx.RemoveNoOp"}, {"name": "s_tir.CanonicalizeLoop"}]


def has_floormod(func):
    found = tvm_ffi.structural_walk(func.body, (tirx.FloorMod, lambda node: tvm_ffi.VisitInterrupt(node)))
    return found is not None


@tvm.tirx.transform.prim_func_pass(opt_level=0)
def planted_bug(func, mod, ctx):
    if has_floormod(func):
        raise RuntimeError("planted bug: FloorMod seen")
    return func


def still_fails(case):
    """Apply the case's passes, then the planted pass: does it raise the planted error?"""
    mod = tvm.IRModule({"main": from_script(case.script)})
    for spec in case.passes:
        with pass_context(spec):
            mod = instantiate(spec)(mod)
    try:
        planted_bug(mod)
    except Exception as error:  # noqa: BLE001
        return "planted bug" in str(error)
    return False


def test_reduced_case_still_fails_and_is_smaller():
    original = Case(SOURCE, PASSES)
    assert still_fails(original)
    reduction = reduce_case(original, still_fails, seconds=60)
    reduced = reduction.reduced
    assert still_fails(reduced)
    assert reduction.finished
    assert reduced.passes == []  # the planted pass needs none of them
    assert reduction.after.nodes < reduction.before.nodes / 2
    assert reduction.after.lines < reduction.before.lines
    assert "%" in reduced.script or "FloorMod" in reduced.script
    assert "C[" not in reduced.script and "n: T.int32" not in reduced.script  # unused statement/param gone
    # Deterministic: the same input gives the same result.
    assert reduce_case(original, still_fails, seconds=60).reduced == reduced


def test_the_ir_sweep_resumes_at_the_last_kept_edit_and_ends_with_none_left():
    starts = []

    def resuming(script, start):
        starts.append(start)
        return numbered_candidates(script, start=start)

    def from_the_top(script, start):
        return numbered_candidates(script)

    resumed = reduce_case(Case(SOURCE, []), still_fails, seconds=120, shrinker=resuming)
    restarted = reduce_case(Case(SOURCE, []), still_fails, seconds=120, shrinker=from_the_top)
    assert resumed.finished and restarted.finished
    # Some sweep resumed past the first edit, and the last one went through every edit.
    assert max(starts) > 0 and starts[-1] == 0
    assert not any(still_fails(Case(text, [])) for text in candidates(resumed.reduced.script))
    assert resumed.after.nodes <= restarted.after.nodes
    assert resumed.tests < restarted.tests


def test_pass_ddmin_keeps_the_pass_the_failure_needs():
    def fails_after_vectorize(case):
        return still_fails(case) and any(spec["name"] == "tirx.VectorizeLoop" for spec in case.passes)

    reduction = reduce_case(Case(SOURCE, PASSES), fails_after_vectorize, seconds=60, max_tests=200)
    # Arguments the failure does not need are dropped too.
    assert reduction.reduced.passes == [{"name": "tirx.VectorizeLoop"}]
    assert guilty_pass(reduction.reduced.passes, "compile", None) == "tirx.VectorizeLoop"


def test_budget_bounds_the_reduction():
    reduction = reduce_case(Case(SOURCE, PASSES), still_fails, seconds=60, max_tests=5)
    assert reduction.tests <= 5 and not reduction.finished
    assert still_fails(reduction.reduced)


def test_a_case_that_does_not_fail_is_refused():
    with pytest.raises(NotReproducible):
        reduce_case(Case(SOURCE.replace("i % 4", "i"), []), still_fails, seconds=10)


def test_guilty_pass_wording():
    a, b = {"name": "tirx.A"}, {"name": "tirx.B", "args": {"k": 1}}
    assert guilty_pass([b, a], "pass", "tirx.A") == "tirx.A (after tirx.B(k=1))"
    assert guilty_pass([a, b], "pass", "tirx.A") == "tirx.A"  # what runs after it is not its context
    assert guilty_pass([], "compile", None).startswith("none")
    assert guilty_pass([a, b], "compile", None) == "tirx.B(k=1) (after tirx.A)"


def test_shrink_candidates_are_valid_smaller_and_runtime_safe_keeps_indices():
    size = ir_nodes(SOURCE)
    plain = list(candidates(SOURCE))
    assert plain and all(ir_nodes(text) <= size for text in plain)
    for text in plain[:10]:
        tirx.analysis.verify_well_formed(from_script(text), True)
    assert any("T.Buffer((4,)" in text for text in plain)  # shape shrinking
    safe = list(candidates(SOURCE, runtime_safe=True))
    assert not any("T.Buffer((4,)" in text for text in safe)
    # Within an index only "replace by 0" is allowed: never `L[i]` from `L[i % 4]`, which would read
    # out of bounds once L shrinks or the loop runs past 4.
    assert any("L[i] + " in text for text in plain)
    assert not any("L[i] + " in text for text in safe)


def test_shrinking_keeps_one_buffer_parameter():
    # c30e's exception-01db405c and bf1181dc: reduced to no parameter, their inputs failed plain
    # tvm.compile with "Unknown device id in current IR" before the reported failure.
    script = """
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), n: T.int32):
    C = T.alloc_buffer((4,), "int32", scope="local")
    for i in range(4):
        C[i] = i
"""
    kept = [from_script(text).params for text in candidates(script)]
    assert kept and min(len(params) for params in kept) == 1
    assert all(isinstance(params[0].ty, tirx.BufferType) for params in kept if len(params) == 1)


def test_block_functions_have_smaller_candidates():
    # The tirx verifier rejects every SBlock: the shrinker must use the s_tir one, or it cannot
    # reduce any block-form (TOPI/Relax) function at all.
    from tvm import te, topi

    from tirkit.script import to_script

    a = te.placeholder((4, 16), name="A")
    script = to_script(te.create_prim_func([a, topi.nn.softmax(a)]))
    smaller = list(itertools.islice(candidates(script), 5))
    assert smaller and all(ir_nodes(c) <= ir_nodes(script) for c in smaller)
    assert any(ir_nodes(c) < ir_nodes(script) for c in smaller)


def test_fixed_pass_sequences_keep_their_prerequisites():
    # The failure needs only RemoveNoOp; StmtSimplify stands in for a prerequisite of RemoveNoOp.
    def fix(passes):
        names = [spec["name"] for spec in passes]
        if "tirx.RemoveNoOp" in names and "tirx.StmtSimplify" not in names:
            index = names.index("tirx.RemoveNoOp")
            return passes[:index] + [{"name": "tirx.StmtSimplify"}] + passes[index:]
        return passes

    seen = []

    def holds(case):
        seen.append([spec["name"] for spec in case.passes])
        return any(spec["name"] == "tirx.RemoveNoOp" for spec in case.passes)

    kept = reduce_case(Case(SOURCE, PASSES), holds, max_tests=200, fix_passes=fix)
    assert [spec["name"] for spec in kept.reduced.passes] == ["tirx.StmtSimplify", "tirx.RemoveNoOp"]
    assert all(names.index("tirx.StmtSimplify") < names.index("tirx.RemoveNoOp") for names in seen
               if "tirx.RemoveNoOp" in names)
    plain = reduce_case(Case(SOURCE, PASSES), holds, max_tests=200)
    assert [spec["name"] for spec in plain.reduced.passes] == ["tirx.RemoveNoOp"]


BAD_REGION = """
@T.prim_func(s_tir=True)
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.sblock("b"):
            vi = T.axis.spatial(4, i)
            T.reads(A[6])
            T.writes(B[vi])
            B[vi] = A[0]
"""


def test_a_reduced_crash_may_not_declare_a_region_outside_its_buffer():
    from tzer.triage.workflow import has_undefined_behaviour

    # The reducer's predicate turns such a candidate down before running it (a test that raised is
    # excused by the interpreter in the worker; one that killed the worker is judged here).
    assert has_undefined_behaviour(BAD_REGION, 0)
    assert not has_undefined_behaviour(BAD_REGION.replace("T.reads(A[6])", "T.reads(A[0])"), 0)


def test_a_repro_makes_the_build_that_failed():
    from tzer.triage.repro import repro_script

    case = Case(BAD_REGION.replace("T.reads(A[6])", "T.reads(A[0])"), [{"name": "tirx.UnrollLoop"}])
    meta = {"kind": "exception", "stage": "compile", "message": "cse_v1 has been used before definition",
            "pass": "opt_level=0 pipeline:tirx.MakePackedAPI"}
    unoptimized = repro_script(case, meta, "0.27.0.post1")
    # The opt_level=0 build of the function as written failed: that build, not the optimized one.
    assert "    build(mod, opt_level=0)" in unoptimized and "build(apply_passes(mod, PASSES))" not in unoptimized
    optimized = repro_script(case, {**meta, "pass": "pipeline:tirx.MakePackedAPI"}, "0.27.0.post1")
    assert "    build(apply_passes(mod, PASSES))" in optimized and "opt_level=0)" not in optimized


def test_a_repro_applies_each_pass_with_the_arguments_the_fuzzer_gave_it(tmp_path):
    from tzer.triage.repro import repro_script, run_repro

    # NarrowDataType has no default target_bits; a spec that leaves it out ran with its first variant.
    case = Case(from_script(DIES_WHEN_RUN.replace("i * 100000000 + 1000000000", "i")).script(),
                [{"name": "tirx.FlattenBuffer"}, {"name": "tirx.NarrowDataType"}])
    meta = {"kind": "exception", "stage": "pass", "target": "llvm", "rng": 0, "pass": "tirx.NarrowDataType",
            "message": "Check failed: something"}
    path = tmp_path / "repro.py"
    path.write_text(repro_script(case, meta, "0.27.0.post1"))
    assert "tirx.transform.NarrowDataType(target_bits=32)" in path.read_text()
    code, output = run_repro(path, 120)
    assert code == 0 and "no failure" in output, output


# A reduction block over 4 x 8 iterations of a 4 x 8 buffer, whose loops run it once.
WIDE_DOMAIN = """
@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4,), "float32")):
    for ax0, k1 in T.grid(1, 1):
        with T.sblock("A_red"):
            v_ax0 = T.axis.spatial(4, ax0)
            v_k1 = T.axis.reduce(8, k1)
            T.reads(A[v_ax0, v_k1])
            T.writes(B[v_ax0])
            with T.init():
                B[v_ax0] = T.float32(0)
            B[v_ax0] = B[v_ax0] + A[v_ax0, v_k1]
"""


def test_reduction_shrinks_block_domains_with_buffers_and_never_declares_beyond_them():
    from tirkit.regions import declared_outside

    assert declared_outside(from_script(WIDE_DOMAIN)) == []
    # Shrinking A alone would leave the block reading A[0:4, 0:8] of a smaller A: never a candidate.
    assert all(declared_outside(from_script(text)) == [] for text in candidates(WIDE_DOMAIN))

    def keeps_the_reduction(case: Case) -> bool:
        return "T.init()" in case.script and "A[v_ax0, v_k1]" in case.script

    reduced = reduce_case(Case(WIDE_DOMAIN, []), keeps_the_reduction, seconds=60).reduced.script
    assert declared_outside(from_script(reduced)) == []
    # Domains and buffers shrank together, down to one element.
    assert 'T.Buffer((1, 1), "float32")' in reduced and "T.axis.spatial(1" in reduced, reduced


# MetaSchedule's form of a region: [min(2, k), max(2, k) + 1), inside B's 3 rows. Bounded term by
# term it seemed to reach row 5, and a reduced case kept B[2:4] (c30g's exception-cb228447).
MIN_MAX_REGION = """
@T.prim_func(s_tir=True)
def main(A: T.Buffer((5, 3), "int64"), B: T.Buffer((3, 2), "int64"), C: T.Buffer((5, 2), "int64")):
    for i0, i1, k in T.grid(5, 2, 3):
        with T.sblock("C"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(B[T.min(2, v_k):T.min(2, v_k) + (T.max(2, v_k) + 1 - T.min(2, v_k)), v_i1], A[v_i0, v_k])
            T.writes(C[v_i0, v_i1])
            with T.init():
                C[v_i0, v_i1] = T.int64(0)
            C[v_i0, v_i1] = C[v_i0, v_i1] + A[v_i0, v_k] * B[v_k, v_i1]
"""


def test_a_region_whose_end_simplifies_inside_its_buffer_is_inside_and_no_candidate_leaves_it():
    from tirkit.regions import declared_outside

    assert declared_outside(from_script(MIN_MAX_REGION)) == []
    assert all(declared_outside(from_script(text)) == [] for text in candidates(MIN_MAX_REGION))


# A store 4 GB past its buffer: the build dies of SIGSEGV when it runs, not when it compiles.
DIES_WHEN_RUN = """
@T.prim_func
def main(A: T.Buffer((16,), "float32")):
    for i in range(16):
        A[i * 100000000 + 1000000000] = T.float32(1)
"""


@pytest.mark.parametrize("script, fails", [(DIES_WHEN_RUN, True), (DIES_WHEN_RUN.replace(
    "i * 100000000 + 1000000000", "i"), False)])
def test_the_repro_of_a_crash_at_run_runs_the_build(script, fails, tmp_path):
    from tzer.triage.repro import repro_script, run_repro

    meta = {"kind": "crash", "stage": "run", "target": "llvm", "rng": 0, "pass": "pipeline",
            "message": "worker died: SIGSEGV"}
    path = tmp_path / "repro.py"
    path.write_text(repro_script(Case(from_script(script).script(), []), meta, "0.27.0.post1"))
    code, output = run_repro(path, 120)
    assert (code != 0) == fails, output
    assert ("no failure" in output) != fails


def test_a_repro_for_the_c_target_writes_nothing_beside_itself(tmp_path):
    from tzer.triage.repro import repro_script, run_repro

    meta = {"kind": "crash", "stage": "run", "target": "c", "rng": 0, "pass": "pipeline",
            "message": "worker died: SIGSEGV"}
    path = tmp_path / "repro.py"
    fine = DIES_WHEN_RUN.replace("i * 100000000 + 1000000000", "i")
    path.write_text(repro_script(Case(from_script(fine).script(), []), meta, "0.27.0.post1"))
    code, output = run_repro(path, 120)
    # It compiled the C code and loaded the library: from a temporary folder, not the bug's.
    assert code == 0 and "no failure" in output, output
    assert [p.name for p in tmp_path.iterdir()] == ["repro.py"]


def test_no_candidate_trades_what_a_case_declared_beyond_for_something_else():
    from tirkit.regions import declared_outside

    # A gathered index has no bound to judge; a domain of 1 under a loop of 2 does leave its domain.
    gather = """
@T.prim_func(s_tir=True)
def main(W: T.Buffer((10, 8), "float32"), tokens: T.Buffer((2,), "int32"), out: T.Buffer((2, 8), "float32")):
    for i, j in T.grid(2, 8):
        with T.sblock("take"):
            vi, vj = T.axis.remap("SS", [i, j])
            out[vi, vj] = W[tokens[vi], vj]
"""
    assert declared_outside(from_script(gather)) == []
    assert all(declared_outside(from_script(text)) == [] for text in candidates(gather))
    narrowed = gather.replace('vi, vj = T.axis.remap("SS", [i, j])', 'vi = T.axis.spatial(1, i)\n            '
                                                                       'vj = T.axis.spatial(8, j)')
    assert declared_outside(from_script(narrowed)) != []


VTHREAD_LOOP = """
@T.prim_func
def main(out: T.Buffer((1,), "float16")):
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    for vt in T.thread_binding(1, thread="vthread"):
        out[vt] = T.float16(0.0)
"""


def storage_rewrite_fails(case):
    mod = tvm.IRModule({"main": from_script(case.script)})
    try:
        for spec in case.passes:
            with pass_context(spec):
                mod = instantiate(spec, tvm.target.Target("webgpu", host="llvm"))(mod)
    except Exception as error:  # noqa: BLE001
        return "thread_scope_ == op" in str(error)
    return False


@pytest.mark.parametrize("contract", ["inside", "outside"])
def test_a_case_that_fails_only_without_todays_prerequisites_is_out_of_contract(contract, tmp_path):
    from tzer.triage.finding import Finding
    from tzer.triage.workflow import _within_contract

    # InjectVirtualThread ran before LowerOpaqueBlock made the loop an attribute: StorageRewrite
    # then fails. The fuzzer called that inside the contract; today's prerequisites do not.
    passes = [{"name": "s_tir.InjectVirtualThread"}, {"name": "s_tir.LowerOpaqueBlock"},
              {"name": "tirx.StorageRewrite"}]
    finding = Finding(tmp_path, Case(VTHREAD_LOOP, passes), {"kind": "exception", "contract": contract})
    assert storage_rewrite_fails(finding.case)
    start, verdict = _within_contract(finding, storage_rewrite_fails)
    assert (start, verdict) == (finding.case, "outside")


def test_a_case_that_fails_with_todays_prerequisites_is_reduced_from_them(tmp_path):
    from tzer.passes.mutation import repair
    from tzer.triage.finding import Finding
    from tzer.triage.workflow import _within_contract

    passes = [{"name": "tirx.StorageRewrite"}]
    finding = Finding(tmp_path, Case(SOURCE, passes), {"kind": "exception"})
    start, verdict = _within_contract(finding, lambda case: True)
    assert verdict == "inside" and start.passes == repair(passes, block_form=False) != passes


def test_clipping_a_padding_blocks_regions_to_its_buffer_keeps_what_the_function_computes():
    import numpy as np

    from tirkit.regions import clip_declared_regions, declared_outside
    from tzer.runtime.inputs import make_arguments

    # TOPI's pad block declares `data[..., yy - 1]`, the index its if_then_else guards.
    padded = from_script(open("seeds/corpus/conv1d_ncw_k3_f32__block.py").read())
    assert any("pad_temp reads data beyond" in line for line in declared_outside(padded))
    clipped = clip_declared_regions(padded)
    assert declared_outside(clipped) == [] and not tvm_ffi.structural_equal(clipped, padded)
    outputs = []
    for func in (padded, clipped):
        args = [tvm.runtime.tensor(a) for a in make_arguments(func, np.random.default_rng(0))]
        tvm.compile(tvm.IRModule({"main": func.with_attr("global_symbol", "main")}), target="llvm")["main"](*args)
        outputs.append([a.numpy() for a in args])
    assert len(outputs[0]) == 3 and outputs[0][2].any()
    assert all(np.array_equal(a, b) for a, b in zip(*outputs, strict=True))


@pytest.mark.parametrize("still_fails", [True, False])
def test_a_case_is_reduced_from_its_regions_clipped_to_its_buffers_where_it_still_fails(still_fails):
    from tirkit.regions import declared_outside
    from tzer.triage.workflow import _inside_buffers

    case = Case(open("seeds/corpus/conv1d_ncw_k3_f32__block.py").read(), [{"name": "tirx.StorageRewrite"}])
    start = _inside_buffers(case, lambda candidate: still_fails)
    assert (declared_outside(from_script(start.script)) == []) == still_fails
    assert start.passes == case.passes


# TVM's OpenCL code generator takes the address of a constant to reinterpret it (`&8`), which
# OpenCL C refuses (c42's exception-1912250d): only compiling the kernel, as the fuzzer's runner
# loads it, shows it; a reinterpret of a variable compiles.
REINTERPRETED_CONSTANT = """
@T.prim_func
def main(B: T.Buffer((1,), "float32"), n: T.int32):
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    B[0] = T.reinterpret("float32", 8)
"""


@pytest.mark.parametrize("script, fails", [(REINTERPRETED_CONSTANT, True),
                                           (REINTERPRETED_CONSTANT.replace('"float32", 8', '"float32", n'), False)])
def test_the_repro_of_kernel_source_its_compiler_refused_compiles_the_kernels(script, fails, tmp_path):
    from tzer.triage.repro import repro_script, run_repro

    meta = {"kind": "exception", "stage": "compile", "target": "opencl", "rng": 0,
            "pass": "OpenCL C compiler (PoCL) [opencl]", "message": "kernel main_kernel does not compile"}
    path = tmp_path / "repro.py"
    path.write_text(repro_script(Case(from_script(script).script(), []), meta, "0.27.0.post1"))
    code, output = run_repro(path, 120)
    assert (code != 0) == fails, output
    assert ("cannot take the address of an rvalue" in output) == fails, output


def test_a_repro_runs_lower_tirx_inside_the_target_as_the_fuzzer_does(tmp_path):
    import seeds
    from tzer.passes.mutation import repair
    from tzer.triage.repro import repro_script, run_repro

    script = (seeds.TVM_TESTS_DIR / "test_transform_lower_tirx__test_lower_view_get_before1.py").read_text()
    case = Case(script, repair([], block_form=False, tile_program=True))
    meta = {"kind": "exception", "stage": "pass", "target": "cuda", "rng": 0, "pass": "tirx.LowerTIRx",
            "message": "Check failed: something"}
    path = tmp_path / "repro.py"
    path.write_text(repro_script(case, meta, "0.27.0.post1"))
    assert "in_target(tirx.transform.LowerTIRx())" in path.read_text()
    code, output = run_repro(path, 120)
    assert code == 0 and "no failure" in output, output
