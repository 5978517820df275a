"""replay, reduce and triage through `tzer` with real clean workers on a planted TVM failure."""

import json
import subprocess
import sys

from conftest import write_finding

from tzer.cli import main
from tzer.passes.mutation import repair
from tzer.triage.finding import Case, load_finding
from tzer.triage.repro import repro_script


def test_replay_reproduces_a_planted_finding(planted_finding, capsys):
    assert main(["replay", str(planted_finding)]) == 0
    out = capsys.readouterr().out
    assert "reproduces" in out and "index_lanes == value_dtype.lanes()" in out


def test_replay_exits_1_when_the_finding_does_not_reproduce(tmp_path, capsys):
    # Without the pass the planted function compiles.
    fixed = write_finding(tmp_path / "id_000007", passes=[], planted=True)
    assert main(["replay", str(fixed)]) == 1
    assert "does not reproduce" in capsys.readouterr().out


def test_bad_finding_folders_give_one_line_errors(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "missing")]) == 2
    assert main(["reduce", str(tmp_path / "missing")]) == 2
    bad = write_finding(tmp_path / "id_000009")
    (bad / "meta.json").write_text("[1, 2")
    assert main(["replay", str(bad)]) == 2
    assert main(["triage", str(tmp_path / "nothing-here")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 4 and all(line.startswith("tzer ") for line in err)


def test_replay_of_a_finding_whose_function_does_not_parse_names_the_parse_error(tmp_path, capsys):
    broken = write_finding(tmp_path / "id_000011", script="@T.prim_func\ndef main(:\n    pass\n")
    assert main(["replay", str(broken)]) == 2
    captured = capsys.readouterr()
    assert "observed signature" not in captured.out
    [line] = captured.err.strip().splitlines()
    assert line.startswith("tzer replay: ") and "func.py does not parse: " in line


def test_reduce_writes_a_smaller_case_that_replays(planted_finding, tmp_path, capsys):
    target = tmp_path / "reduced"
    assert main(["reduce", str(planted_finding), "--time", "60s", "-o", str(target)]) == 0
    out = capsys.readouterr().out
    assert "before:" in out and "after:" in out and "guilty pass: " in out
    reduced = load_finding(target)
    original = load_finding(planted_finding)
    # The planted sequence fails as well with the prerequisites its passes lack, so reduction starts
    # from the completed sequence and every candidate keeps them: the smallest such sequence that
    # still fails (FlattenBuffer reaches the same StorageRewrite check as CompactBufferAllocation).
    # Then the prerequisites that change nothing on the reduced function are left out, and named.
    passes = reduced.case.passes
    completed = repair(original.case.passes, block_form=False)
    assert len(passes) < len(completed)
    missing = [spec["name"] for spec in repair(passes, block_form=False) if spec not in passes]
    assert missing and missing == reduced.meta["no_op_passes"], (missing, reduced.meta.get("no_op_passes"))
    assert reduced.meta["size_after"]["nodes"] < reduced.meta["size_before"]["nodes"]
    assert reduced.meta["size_after"]["lines"] < reduced.meta["size_before"]["lines"]
    assert reduced.signature == original.signature
    assert main(["replay", str(target)]) == 0


def test_triage_writes_bug_folders_with_a_working_repro(planted_campaign, capsys):
    assert main(["triage", str(planted_campaign), "--time-per-bug", "30s", "--repeats", "2"]) == 0
    bugs = [p for p in (planted_campaign / "bugs").iterdir() if p.is_dir()]
    assert len(bugs) == 1
    bug = bugs[0]
    row = json.loads((bug / "meta.json").read_text())
    assert row["status"] == "confirmed" and row["hits"] == 17 and len(row["examples"]) == 2
    assert row["guilty"] == "s_tir.CompactBufferAllocation"
    # The pipeline's own CompactBufferAllocation leaves a vector in a buffer's shape; StorageRewrite fails on it.
    assert row["culprit"] == "made by pipeline:s_tir.CompactBufferAllocation, fails in pipeline:tirx.StorageRewrite"
    assert row["repro_exit"] not in (0, None)  # triage ran repro.py: the bug shows
    summary = (planted_campaign / "bugs" / "summary.md").read_text()
    assert f"[{bug.name}]({bug.name}/report.md)" in summary and "| 17 |" in summary
    report = (bug / "report.md").read_text()
    for section in ("# [Bug][TIR]", "## Environment", "## Minimal reproduction", "## Expected behavior",
                    "## Actual behavior", "s_tir.CompactBufferAllocation", "index_lanes"):
        assert section in report
    assert load_finding(bug / "reduced").case.passes == [{"name": "s_tir.CompactBufferAllocation"}]
    # The repro is self-contained: it runs from any folder with a plain interpreter.
    done = subprocess.run([sys.executable, str(bug / "repro.py")], capture_output=True, text=True,
                          timeout=300, cwd="/")
    assert done.returncode != 0 and "index_lanes == value_dtype.lanes()" in done.stderr
    # Where the time went, for a triage that is slower than expected.
    printed = capsys.readouterr().out
    assert "1 signature(s) in" in printed
    shares = printed.split("workers' time by phase: ")[1].splitlines()[0]
    assert [part.split()[0] for part in shares.split(", ")] == ["confirm", "reduce", "diagnose", "repro"]


def test_repro_exits_0_when_the_bug_is_absent(tmp_path):
    finding = load_finding(write_finding(tmp_path / "id_000001", planted=True))
    path = tmp_path / "repro.py"
    path.write_text(repro_script(Case(finding.case.script, []), finding.meta, "0.27.0.post1"))
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=300, cwd="/")
    assert done.returncode == 0, done.stderr
    assert "seems fixed" in done.stdout


def test_triage_writes_no_repro_for_a_finding_that_does_not_reproduce(tmp_path, capsys):
    out = tmp_path / "out"
    (out / "queue").mkdir(parents=True)
    # Without its passes the planted function compiles: the finding does not reproduce.
    write_finding(out / "exceptions" / "id_000001", passes=[], planted=True)
    assert main(["triage", str(out), "--repeats", "2", "--no-reduce"]) == 0
    assert not [p for p in (out / "bugs").iterdir() if p.is_dir()]
    summary = (out / "bugs" / "summary.md").read_text()
    assert "0 bug(s) that reproduce" in summary and "## Not reproduced (1): not counted as bugs" in summary
    assert "2 clean re-run(s) of" in summary and "no finding, no finding" in summary


def test_a_bug_whose_repro_passes_on_its_own_is_not_counted(tmp_path):
    from tzer.triage.bugs import group
    from tzer.triage.report import summary_markdown
    from tzer.triage.workflow import _write_bug

    # c30f's inconsistency-b1e3d75b: confirmed in the worker, but repro.py printed "no failure".
    bug = group([load_finding(write_finding(tmp_path / "exceptions" / "id_000001", planted=True))])[0]
    finding = bug.findings[0]
    row = {"id": bug.id, "kind": bug.kind, "target": "llvm", "stage": "compile", "guilty": None, "hits": 1,
           "status": "confirmed", "sizes": "not reduced", "message": finding.meta["message"],
           "signature": bug.signature, "examples": [], "example": str(finding.path)}
    meta = {**finding.meta, "guilty_pass": "none: the default pipeline fails", "target": "llvm"}
    (tmp_path / "bugs").mkdir()
    _write_bug(tmp_path / "bugs" / bug.id, bug, Case(finding.case.script, []), meta, row, None)
    assert row["repro_exit"] == 0 and row["status"] == "not_reproduced" and "exits 0" in row["why"]
    assert json.loads((tmp_path / "bugs" / bug.id / "meta.json").read_text())["status"] == "not_reproduced"
    summary = summary_markdown([row])
    assert "0 bug(s) that reproduce" in summary and "## Not reproduced (1)" in summary


def test_triage_with_two_jobs_triages_every_bug_in_its_own_worker(tmp_path, capsys):
    out = tmp_path / "out"
    (out / "queue").mkdir(parents=True)
    write_finding(out / "exceptions" / "id_000001", planted=True, when=1.0)
    # A second bug, told apart by its message, that does not fail on its own.
    write_finding(out / "exceptions" / "id_000002", passes=[], when=2.0, message="Check failed: other")
    assert main(["triage", str(out), "--repeats", "1", "--no-reduce", "-j", "2"]) == 0
    summary = (out / "bugs" / "summary.md").read_text()
    assert "1 bug(s) that reproduce" in summary and "## Not reproduced (1)" in summary
    assert (out / "workers" / "triage.log").exists() and (out / "workers" / "triage-1.log").exists()
    progress = capsys.readouterr().err
    assert "triage [1/2]" in progress and "triage [2/2]" in progress


def test_triage_tries_the_next_example_when_the_smallest_does_not_fail_on_its_own(tmp_path, capsys):
    out = tmp_path / "out"
    (out / "queue").mkdir(parents=True)
    # Same bug, same function: the example without passes ranks first and does not fail.
    write_finding(out / "exceptions" / "id_000001", passes=[], planted=True)
    write_finding(out / "exceptions" / "id_000002", planted=True)
    assert main(["triage", str(out), "--repeats", "1", "--no-reduce"]) == 0
    (bug,) = [p for p in (out / "bugs").iterdir() if p.is_dir()]
    row = json.loads((bug / "meta.json").read_text())
    assert row["status"] == "confirmed" and row["example"].endswith("id_000002")


CLZ_KERNEL = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    A[0] = T.clz(T.BitwiseOr(T.int64(0), T.int64(1)))
'''


def test_a_bug_whose_reduced_case_fails_alike_on_the_other_device_is_one_defect(tmp_path):
    # tirx.clz has a lowering for CPU LLVM only: nvptx and rocm both fail in the CodeGenLLVM they
    # share, "unknown intrinsic prim.clz". Two campaign bugs; one defect.
    from tzer.execution.confirm import clean_executor, run_case
    from tzer.triage.workflow import merge_across_targets

    executor = clean_executor(60, tmp_path / "worker.log")
    rows = []
    try:
        for name, target, hits in (("exception-1", "rocm-gfx1100", 87), ("exception-2", "nvptx", 22),
                                   ("exception-3", "nvptx", 5), ("exception-4", "nvptx", 4)):
            seen = run_case(executor, CLZ_KERNEL, [], {}, 0, target)
            assert seen.signature and "unknown intrinsic" in seen.signature, seen.signature
            folder = write_finding(tmp_path / "bugs" / name / "reduced", script=CLZ_KERNEL, passes=[])
            meta = json.loads((folder / "meta.json").read_text())
            (folder / "meta.json").write_text(json.dumps({**meta, "target": target}))
            rows.append({"id": name, "kind": "exception", "target": target, "hits": hits,
                         "status": "confirmed", "signature": seen.signature})
        # A bug whose IR an earlier pass broke is that pass's defect, whatever its message on another target.
        rows[2]["origin"] = ["tirx.NarrowDataType", "does not re-parse: ..."]
        # Nor does an intrinsic that the culprit found one target's rule table leaves unlowered.
        rows[3]["culprit_found"] = {"component": "pass", "label": "pipeline:tirx.LowerIntrin [nvptx]",
                                    "site": "tirx.LowerIntrin|the rule table of nvptx"}
        assert rows[0]["signature"] != rows[1]["signature"]
        merge_across_targets(rows, tmp_path / "bugs", executor)
    finally:
        executor.close()
    assert "duplicate_of" not in rows[0] and rows[1]["duplicate_of"] == "exception-1"
    assert "duplicate_of" not in rows[2] and "duplicate_of" not in rows[3]


def test_a_reduction_that_fails_unexpectedly_leaves_the_bug_reported_as_found(planted_campaign, monkeypatch):
    # A check inside the reducer once raised on one case (TVM's simplifier on a value it refuses)
    # and ended the whole triage; the bug now keeps its case as the fuzzer found it.
    import tzer.triage.workflow as workflow

    def fails(*_args, **_kwargs):
        raise RuntimeError("Check failed: (value >= 0) is false: cannot make uint from negative value -128")

    monkeypatch.setattr(workflow, "reduce_finding", fails)
    assert main(["triage", str(planted_campaign), "--repeats", "1"]) == 0
    rows = [json.loads((p / "meta.json").read_text()) for p in (planted_campaign / "bugs").iterdir() if p.is_dir()]
    assert [(row["status"], row["sizes"]) for row in rows] == [("confirmed", "not reduced")]


# The planted defect again (CompactBufferAllocation takes a vector store for a point), where the
# test's own CompactBufferAllocation leaves the broken store: the pipeline's CompactBufferAllocation
# then fails on it, with another message than the planted case's StorageRewrite.
SHUFFLE_STORE = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((1, 1), "float32")):
    a = T.alloc_buffer((4,))
    c = T.alloc_buffer((2,))
    for k in range(4):
        a[k] = T.float32(0.0)
    c[0] = T.Shuffle([a[T.Ramp(0, 1, 4)]], [2])
'''
SHUFFLE_PASSES = [{"name": "s_tir.CompactBufferAllocation", "args": {"is_strict": True}},
                  {"name": "s_tir.LowerOpaqueBlock"}, {"name": "tirx.FlattenBuffer"},
                  {"name": "s_tir.CompactBufferAllocation"}]


def planted_and_shuffle_campaign(out):
    """The planted bug and SHUFFLE_STORE's, each as a finding of a campaign folder `out`."""
    from tirkit.script import from_script
    from tzer.execution.harness import Harness

    outcome = Harness(report=lambda event: None).run(from_script(SHUFFLE_STORE), SHUFFLE_PASSES, {}, 0)
    assert outcome.status == "exception" and "eval_vec_" in outcome.message, outcome
    (out / "queue").mkdir(parents=True)
    write_finding(out / "exceptions" / "id_000001", planted=True, when=1.0)
    write_finding(out / "exceptions" / "id_000002", script=SHUFFLE_STORE, passes=SHUFFLE_PASSES, when=2.0,
                  stage=outcome.stage, pass_label=outcome.pass_name, message=outcome.message)


def test_failures_whose_ir_one_earlier_pass_broke_alike_are_one_bug(tmp_path):
    out = tmp_path / "out"
    planted_and_shuffle_campaign(out)
    assert main(["triage", str(out), "--repeats", "1", "--no-reduce"]) == 0
    summary = (out / "bugs" / "summary.md").read_text()
    assert "1 bug(s) that reproduce" in summary and "## The same failure point (1)" in summary, summary
    reports = [(p / "report.md").read_text() for p in (out / "bugs").iterdir() if p.is_dir()]
    assert len(reports) == 2 and all("the IR is first broken after " in report and
                                     "CompactBufferAllocation (not well-formed: buffer" in report for report in reports)


# The reference interpreter does not model a handle-typed Bind (c30h's inconsistency-b3352336 kept
# one through reduction, and writing its repro.py ended the whole triage).
HANDLE_BIND = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    p = T.Bind(A.data)
    A[0] = T.float32(1)
'''


def test_an_inconsistency_the_interpreter_cannot_model_gets_the_differential_repro():
    meta = {"kind": "inconsistency", "stage": "compare", "pass": "tirx.LowerIntrin", "message": "differs",
            "rng": 0, "target": "llvm", "oracle": None}
    text = repro_script(Case(HANDLE_BIND, [{"name": "tirx.LowerIntrin"}]), meta, "0.27.0.post1")
    assert "opt_level=0" in text and "reference interpreter" not in text


def test_a_bug_whose_triage_fails_is_listed_with_why_and_the_others_are_triaged(tmp_path, monkeypatch, capsys):
    import tzer.triage.workflow as workflow

    real = workflow.repro_script

    def fails_for_the_second(case, meta, version):
        if "eval_vec_" in str(meta.get("message")):
            raise RuntimeError("cannot write this one")
        return real(case, meta, version)

    monkeypatch.setattr(workflow, "repro_script", fails_for_the_second)
    out = tmp_path / "out"
    planted_and_shuffle_campaign(out)
    assert main(["triage", str(out), "--repeats", "1", "--no-reduce"]) == 0
    summary = (out / "bugs" / "summary.md").read_text()
    assert "1 bug(s) that reproduce" in summary
    assert "triage failed on it (RuntimeError: cannot write this one)" in summary


# loop_partition on a loop whose body is two blocks reads the body as a loop: SIGSEGV (c43's
# crash-8d6d5435).
PARTITION_CRASH = """# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 1), "float32"), C: T.Buffer((4, 1), "float32")):
    B = T.sblock_alloc_buffer((4, 1))
    for i in range(4):
        with T.sblock("B"):
            vi = T.axis.spatial(4, i)
            vj = T.axis.spatial(1, 0)
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj]
        with T.sblock("C"):
            vi = T.axis.spatial(4, i)
            vj = T.axis.spatial(1, 0)
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi, vj]
"""


def test_a_hang_whose_every_clean_rerun_crashes_is_triaged_as_that_crash(tmp_path, capsys):
    out = tmp_path / "out"
    (out / "queue").mkdir(parents=True)
    # c43's hangs/id_000124 answered nothing within the campaign's timeout and segfaulted later:
    # here the campaign's hang is a case that crashes at once.
    write_finding(out / "hangs" / "id_000001", kind="hang", stage="pass", pass_label="schedule.loop_partition",
                  message="no answer within 10 s", script=PARTITION_CRASH, passes=[{"name": "schedule.loop_partition"}])
    assert main(["triage", str(out), "--repeats", "2", "--no-reduce"]) == 0
    (bug,) = [p for p in (out / "bugs").iterdir() if p.is_dir()]
    row = json.loads((bug / "meta.json").read_text())
    assert bug.name.startswith("crash-") and row["kind"] == "crash" and row["status"] == "confirmed", row
    assert row["signature"].startswith("crash|pass|schedule.loop_partition|worker died: SIGSEGV"), row["signature"]
    assert "triaged as that crash" in capsys.readouterr().err


FLOAT16_VECTOR_LOOP = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "float16"), B: T.Buffer((8,), "float16")):
    for i in T.vectorized(8):
        B[i] = A[i] + A[i]
'''


def test_a_crash_of_llvm_on_scalable_vectors_of_a_fixed_length_loop_names_vectorize_loop(tmp_path):
    from tzer.execution.confirm import clean_worker, run_case
    from tzer.oracles.culprit import SCALABLE_FROM_FIXED

    # RVV without zvfh: VectorizeLoop makes the float16 loop scalable, which LLVM cannot lower
    # (c43's crash-cad07e70, where the report named MetaSchedule and the code generator).
    target = "llvm-riscv64-v"
    with clean_worker(60.0) as executor:
        seen = run_case(executor, FLOAT16_VECTOR_LOOP, [], {}, 0, target)
    assert seen.kind == "crash" and "LLVM ERROR" in seen.result.log_tail, seen.describe()
    out = tmp_path / "out"
    (out / "queue").mkdir(parents=True)
    stage, failing = seen.result.where
    folder = write_finding(out / "crashes" / "id_000001", kind="crash", stage=str(stage), pass_label=failing,
                           message=seen.result.outcome.message, script=FLOAT16_VECTOR_LOOP, passes=[],
                           log=seen.result.log_tail)
    meta = json.loads((folder / "meta.json").read_text())
    (folder / "meta.json").write_text(json.dumps({**meta, "target": target, "signature": seen.signature}))
    assert main(["triage", str(out), "--repeats", "1", "--no-reduce"]) == 0
    (bug,) = [p for p in (out / "bugs").iterdir() if p.is_dir()]
    row = json.loads((bug / "meta.json").read_text())
    assert row["culprit"] == f"pipeline:tirx.VectorizeLoop [{target}]", row
    assert SCALABLE_FROM_FIXED in row["root"], row["root"]
