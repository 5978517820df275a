"""Root causes by culprit: bugs with the same culprit are one, whatever their messages."""

from tzer.oracles.raise_site import CONSTANT_CAST, RaiseSite, failure_point
from tzer.signature import signature
from tzer.triage.blame import culprit_root, named_culprit, with_origin
from tzer.triage.workflow import mark_duplicates

MADE_BY_COMPACT = {"component": "pass", "label": "pipeline:tirx.VectorizeLoop", "how": "replayed",
                   "made_by": "pipeline:s_tir.CompactBufferAllocation"}


def _row(bug_id, kind, message, culprit, hits=1):
    sig = signature(kind, "compile", "pipeline:tirx.VectorizeLoop", message)
    return {"id": bug_id, "kind": kind, "hits": hits, "status": "confirmed", "signature": sig,
            "root": culprit_root(kind, sig, culprit) or sig}


def test_failures_one_pass_made_and_another_raised_are_one_bug_whatever_the_message():
    rows = [_row("a", "exception", "Check failed: lanes == 4", MADE_BY_COMPACT, hits=3),
            _row("b", "exception", "Cannot store value with 4 lanes", MADE_BY_COMPACT),
            _row("c", "exception", "Cannot store value with 4 lanes", None)]
    mark_duplicates(rows)
    assert rows[1]["duplicate_of"] == "a" and "duplicate_of" not in rows[2]
    assert named_culprit("tirx.RemoveNoOp", MADE_BY_COMPACT) == \
        "made by pipeline:s_tir.CompactBufferAllocation, fails in pipeline:tirx.VectorizeLoop"


def test_wrong_results_are_one_bug_per_first_wrong_pass_and_per_code_generator_and_target():
    unroll = {"component": "pass", "label": "pipeline:tirx.UnrollLoop", "how": "interpreted"}
    unroll_in_sequence = {**unroll, "label": "tirx.UnrollLoop(auto_max_step=4)"}
    llvm = {"component": "codegen", "label": "codegen [llvm]", "how": "interpreted"}
    aarch64 = {**llvm, "label": "codegen [llvm-aarch64]"}
    roots = [culprit_root("inconsistency", signature("inconsistency", "compare", None, m), c)
             for m, c in (("differs at 3", unroll), ("differs at 5", unroll_in_sequence), ("x", llvm), ("y", aarch64))]
    assert roots[0] == roots[1] == "inconsistency|wrong after tirx.UnrollLoop"
    assert roots[2] != roots[3] and roots[2].endswith("codegen [llvm]")


def test_a_printer_defect_is_one_bug_across_the_passes_whose_output_it_prints():
    printer = {"component": "printer", "label": "TVMScript printer", "how": "sound"}
    first = signature("ill_formed", "pass", "tirx.StmtSimplify", "TVMScript does not re-parse: Undefined variable x")
    second = signature("ill_formed", "pass", "tirx.UnrollLoop", "TVMScript does not re-parse: Undefined variable y")
    assert culprit_root("ill_formed", first, printer) == culprit_root("ill_formed", second, printer)
    assert named_culprit("tirx.UnrollLoop", printer) == "TVMScript printer"


def test_the_pass_that_left_the_ir_broken_comes_before_the_replay_and_no_verdict_keeps_the_guilty_pass():
    broken = ["s_tir.LowerOpaqueBlock", "not well-formed: x"]
    found = with_origin(MADE_BY_COMPACT, broken, "pipeline:tirx.VectorizeLoop")
    assert found["made_by"] == "s_tir.LowerOpaqueBlock" and "first broken after s_tir.LowerOpaqueBlock" in found["how"]
    assert with_origin(MADE_BY_COMPACT, None, "pipeline:tirx.VectorizeLoop") is MADE_BY_COMPACT
    unknown = {"component": "unknown", "label": "pipeline:tirx.LowerIntrin", "how": "cannot interpret"}
    assert named_culprit("tirx.StmtSimplify", unknown) == "tirx.StmtSimplify"
    # With no pass in the reduced sequence, the failing pass or code generator is named.
    assert named_culprit("none: the default pipeline fails without extra passes", None, "codegen [nvptx]") == \
        "codegen [nvptx]"
    # A build's pass failing on what the reduced sequence needs: both are named.
    assert named_culprit("schedule.set_scope (after s_tir.LowerOpaqueBlock)", None,
                         "pipeline:tirx.LowerTVMBuiltin [llvm]") == \
        "made by schedule.set_scope, fails in pipeline:tirx.LowerTVMBuiltin [llvm]"
    assert culprit_root("inconsistency", "inconsistency|compare|x|y", unknown) is None
    # A pass that fails on the function as written is told apart by its message, as before.
    alone = {"component": "pass", "label": "tirx.VectorizeLoop", "how": "as written"}
    assert culprit_root("exception", "exception|pass|tirx.VectorizeLoop|m", alone) is None


def test_a_check_of_a_shared_component_is_one_root_whichever_pass_reached_it():
    # IntImm's range check, reached from tvm::cast: a value check, whose caller is at fault.
    check = RaiseSite("include/tvm/ir/prim/op.h", 575, "tvm::IntImm::IntImm(tvm::DataType, long)", ("tvm::prim::cast",))
    cast = {"component": "analysis", "label": "tvm::cast (constant folding)", "how": "its check failed",
            "site": failure_point(check, "tvm::cast (constant folding)")}
    first = culprit_root("exception", "exception|pass|s_tir.StmtSimplify|cannot make uint", cast)
    second = culprit_root("exception", "exception|pass|tirx.LowerIntrin [llvm]|cannot make uint", cast)
    # Which of folding's checks refuses the constant depends on the type: one root for all of them.
    assert first == second == f"exception|tvm::cast (constant folding)|{CONSTANT_CAST}"
    assert named_culprit("s_tir.StmtSimplify", cast) == "tvm::cast (constant folding)"


def test_a_value_check_reached_through_arithmetic_builders_and_node_dispatch_names_the_simplifier_behind_them():
    """c46's exception-5e90900c: the canonical simplifier's less-than rule forms `a - b` of two uint64
    constants, whose folding refuses the negative result; CompactBufferAllocation only called it."""
    import pytest
    import tvm
    from tvm import tirx

    from tzer.oracles.raise_site import CANONICAL_SIMPLIFIER, raise_site, shared_component

    less = tirx.LT(tirx.IntImm("uint64", 0), tirx.IntImm("uint64", 7))
    with pytest.raises(Exception, match="uint") as raised:
        tvm.sym.Analyzer().canonical_simplify(less)
    site = raise_site(raised.value)
    assert shared_component(site) == CANONICAL_SIMPLIFIER, site
    assert tvm.sym.Analyzer().rewrite_simplify(less).value


def test_a_rebinding_only_the_transitive_comparison_table_refuses_is_that_tables_defect():
    """c46's exception-48fc3122: Analyzer::Bind gives that table the value unsimplified, and it alone
    compares bindings as written; every table before it accepts `l = 0` after `l = ax0`, ax0 being 0."""
    import pytest
    import tvm
    from tvm import tirx

    from tzer.oracles.raise_site import REBINDING, TRANSITIVE_COMPARISON, raise_site, shared_component

    analyzer = tvm.sym.Analyzer()
    ax0, bound = tirx.Var("ax0", "int32"), tirx.Var("l", "int32")
    analyzer.bind(ax0, 0)
    analyzer.bind(bound, ax0)
    with pytest.raises(Exception, match="conflicts with previous binding") as raised:
        analyzer.bind(bound, 0)
    site = raise_site(raised.value)
    assert shared_component(site) == TRANSITIVE_COMPARISON, site
    assert failure_point(site, TRANSITIVE_COMPARISON) == f"{TRANSITIVE_COMPARISON}|{REBINDING}"


def test_a_failing_check_is_one_root_per_line_or_per_caller_where_it_guards_what_the_caller_passed():
    own = RaiseSite("src/sym/const_int_bound.cc", 222, "tvm::sym::ConstIntBoundAnalyzer::Impl::VisitExpr_(...)")
    assert failure_point(own, "sym.DetectIterMap") == failure_point(own, "sym.ConstIntBoundAnalyzer")
    # Which analyzer's binding table refuses a rebinding depends on the values bound.
    tables = [RaiseSite("src/sym/int_set.cc", 510, "void tvm::sym::IntSetAnalyzer::Impl::Update(const tvm::Var&)"),
              RaiseSite("src/sym/transitive_comparison_analyzer.cc", 587,
                        "void tvm::sym::TransitiveComparisonAnalyzer::Impl::Bind(const tvm::Var&, bool)")]
    assert len({failure_point(site, "sym.RewriteSimplifier") for site in tables}) == 1
    fp16 = RaiseSite("src/ir/expr.cc", 883, "tvm::FloatImm::FloatImm(tvm::PrimType, double, tvm::Span)")
    assert failure_point(fp16, "tvm::cast (constant folding)") != failure_point(fp16, "s_tir.HoistIfThenElse")


def test_a_scheduler_step_crashing_in_a_primitive_names_the_primitive():
    from tzer.triage.blame import scheduler_primitive_crash

    # DLight's Matmul rule tensorizes; a crash in a helper tensorize calls is tensorize's.
    signature = "crash|pass|schedule.dlight|worker died: SIGSEGV|tvm::ffi::details::Helper;tvm::s_tir::Tensorize"
    culprit = scheduler_primitive_crash(signature, "schedule.dlight")
    assert culprit["label"] == "schedule.tensorize (in schedule.dlight)", culprit
    assert culprit_root("crash", signature, culprit) == \
        "crash|schedule.tensorize|crash in tvm::ffi::details::Helper;tvm::s_tir::Tensorize"
    # Not a scheduler's step, or no primitive among the frames (a C++ function of another name).
    assert scheduler_primitive_crash(signature, "s_tir.LowerOpaqueBlock") is None
    assert scheduler_primitive_crash(signature.replace("Tensorize", "NotAPrimitive"), "schedule.dlight") is None


def test_a_crash_in_the_json_serializer_is_the_serializers_whichever_step_serialized():
    """c47's crash-97dd78f3: tensorize copies its intrinsic through ToJSONGraph, which crashes on a
    PrimType alone, as a clean process shows."""
    import subprocess
    import sys

    from tzer.triage.blame import serializer_crash

    alone = subprocess.run([sys.executable, "-c", "import tvm; tvm.ir.save_json(tvm.ir.PrimType('int32'))"],
                           capture_output=True, text=True, timeout=120)
    assert alone.returncode != 0 and "ToJSONGraph" in alone.stderr + alone.stdout, alone
    signature = "crash|pass|schedule.dlight|worker died: SIGSEGV|tvm::ffi::ToJSONGraph;tvm::s_tir::Tensorize"
    culprit = serializer_crash(signature)
    assert culprit["label"] == "tvm::ffi::ToJSONGraph", culprit
    assert culprit_root("crash", signature, culprit) == "crash|tvm::ffi::ToJSONGraph|crash"
    assert serializer_crash(signature.replace("ToJSONGraph", "Other")) is None


# c46's exception-a8855261 and ill_formed-a40eb0b1: NarrowDataType(16) narrows a loop variable that a
# reinterpret takes as float32, leaving a reinterpret of int16; LLVM refuses the bitcast after the
# pipeline, and the pass's own output fails the round trip. One defect.
REINTERPRET = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((16,), "float32")):
    for i in range(16):
        A[i] = T.reinterpret("float32", i)
'''


def test_a_pass_that_breaks_the_ir_is_one_root_whether_a_later_pass_fails_or_its_own_output_is_ill_formed():
    from tirkit.script import from_script
    from tzer.execution.harness import Harness
    from tzer.triage.blame import diagnosis
    from tzer.vocabulary import CULPRIT_CHECK, ORIGIN_CHECK

    narrow = "tirx.NarrowDataType(target_bits=16)"
    outcome = Harness(report=lambda _event: None).run(
        from_script(REINTERPRET), [{"name": "tirx.NarrowDataType", "args": {"target_bits": 16}}],
        {CULPRIT_CHECK: True, ORIGIN_CHECK: True}, 0, "llvm")
    found = outcome.details[ORIGIN_CHECK]
    assert outcome.status == "exception" and outcome.pass_name == "pipeline:tirx.LowerIntrin", outcome
    assert found[0] == narrow, found
    sig = signature("exception", "compile", outcome.pass_name, outcome.message)
    origin, culprit, later = diagnosis("exception", sig, outcome.pass_name, outcome.message, found,
                                       outcome.details[CULPRIT_CHECK])
    assert origin == found and culprit["made_by"] == narrow
    own_output = signature("ill_formed", "pass", narrow, "TVMScript does not re-parse: error: Check failed")
    _, _, own = diagnosis("ill_formed", own_output, narrow, "TVMScript does not re-parse", found,
                          {"component": "pass", "label": narrow, "how": "its output", "made_by": None})
    assert later == own == "broken by tirx.NarrowDataType|not well-formed: a reinterpret of <dtype> as <dtype>", own
