import json

from conftest import write_finding

from tzer.campaign.folder import load_signatures
from tzer.triage.bugs import collect_findings, group
from tzer.triage.finding import FindingError, load_finding

SEGFAULT = ("!!!!!!! Segfault encountered !!!!!!!\n"
            '  File "<unknown>", line 0, in tvm::tirx::{name}(int)\n')


def test_equal_signatures_group_into_one_bug_with_hits_times_and_smallest_example(planted_campaign):
    findings, problems = collect_findings(planted_campaign)
    assert len(findings) == 2 and problems == []
    bugs = group(findings, load_signatures(planted_campaign), size=len)
    assert len(bugs) == 1
    bug = bugs[0]
    assert bug.hits == 17 and bug.kind == "exception"
    assert bug.first_seen < bug.last_seen
    assert bug.id.startswith("exception-") and bug.id == group(findings, {})[0].id  # stable
    # Equal scripts: the example with fewer passes wins.
    assert bug.smallest.path.name == "id_000002"


def test_numbers_in_messages_do_not_split_a_bug_but_kinds_and_passes_do(tmp_path):
    out = tmp_path / "out"
    write_finding(out / "exceptions" / "id_000001", message="Check failed: a < 3 at 0x1f")
    write_finding(out / "exceptions" / "id_000002", message="Check failed: a < 17 at 0xff")
    write_finding(out / "exceptions" / "id_000003", message="Check failed: a < 3", pass_label="tirx.X",
                  stage="pass")
    write_finding(out / "ill_formed" / "id_000004", kind="ill_formed", message="Check failed: a < 3")
    bugs = group(collect_findings(out)[0])
    assert sorted(len(b.findings) for b in bugs) == [1, 1, 2]
    assert all(b.hits == len(b.findings) for b in bugs)  # no signatures.json: saved examples count


def test_crashes_with_different_native_frames_are_different_bugs(tmp_path):
    out = tmp_path / "out"
    for index, name in enumerate(["Foo", "Foo", "Bar"], 1):
        write_finding(out / "crashes" / f"id_{index:06d}", kind="crash", stage="pass",
                      pass_label="tirx.VectorizeLoop", message="worker died: SIGSEGV",
                      log=SEGFAULT.format(name=name))
    bugs = group(collect_findings(out)[0])
    assert sorted(len(b.findings) for b in bugs) == [1, 2]


def test_malformed_findings_are_reported_and_skipped(tmp_path):
    out = tmp_path / "out"
    good = write_finding(out / "exceptions" / "id_000001")
    bad = write_finding(out / "exceptions" / "id_000002")
    (bad / "meta.json").write_text("{not json")
    findings, problems = collect_findings(out)
    assert [f.path for f in findings] == [good]
    assert len(problems) == 1 and "malformed" in problems[0] and "\n" not in problems[0]


def test_load_finding_errors_are_one_line(tmp_path):
    def foreign_kind(path):
        path.mkdir()
        (path / "meta.json").write_text(json.dumps({"kind": "x"}))
        (path / "passes.json").write_text("[]")
        (path / "func.py").write_text("")

    for setup, words in [(lambda p: None, "no such folder"),
                         (lambda p: p.mkdir(), "not a test case folder"),
                         (foreign_kind, "'kind' must be one of")]:
        path = tmp_path / f"case{len(words)}"
        setup(path)
        try:
            load_finding(path)
        except FindingError as error:
            assert words in str(error) and "\n" not in str(error)
        else:
            raise AssertionError("expected FindingError")


def test_a_report_outside_the_passes_contract_says_so():
    from tzer.triage.report import BugReport, report_markdown

    report = BugReport(bug_id="exception-1", kind="exception", stage="pass", pass_label="tirx.StorageRewrite",
                       message="Check failed: x", error="", signal=None, guilty="tirx.StorageRewrite",
                       status="confirmed", hits=3, first_seen=None, last_seen=None, sizes="not reduced",
                       contract="outside")
    assert "**contract: outside**" in report_markdown(report, "print('repro')")
    report.contract = "inside"
    assert "contract: outside" not in report_markdown(report, "print('repro')")


def test_out_of_contract_findings_are_listed_apart_and_never_counted_as_bugs():
    from tzer.triage.report import summary_markdown

    def row(bug_id: str, contract: str) -> dict:
        return {"id": bug_id, "kind": "exception", "target": "llvm", "stage": "pass", "guilty": "s_tir.X", "hits": 2,
                "status": "confirmed", "sizes": "9→3 nodes", "message": "Check failed", "contract": contract,
                "signature": bug_id}

    summary = summary_markdown([row("exception-inside", "inside"), row("exception-outside", "outside")])
    bugs, rest = summary.split("## Out of contract (1): not counted as bugs")
    assert "1 bug(s) that reproduce" in bugs
    assert "exception-inside" in bugs and "exception-outside" not in bugs
    assert "exception-outside" in rest and "exception-inside" not in rest


ZERO_REINTERPRET = """
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        A[i] = T.reinterpret("float32", T.int32(0))
"""


def test_a_bug_that_fails_alike_for_the_host_is_one_bug_across_targets():
    from tirkit.script import from_script
    from tzer.execution.confirm import observe
    from tzer.execution.harness import Harness
    from tzer.signature import without_target
    from tzer.triage.report import summary_markdown
    from tzer.triage.workflow import mark_duplicates
    from tzer.vocabulary import ExecResult

    # CodeGenLLVM's zero-reinterpret shortcut: every LLVM target shares it.
    signatures = {}
    for target in ("nvptx", "llvm-aarch64", "llvm"):
        outcome = Harness(report=lambda _event: None).run(from_script(ZERO_REINTERPRET), [], {}, 0, target)
        signatures[target] = observe(ExecResult(status=outcome.status, outcome=outcome), target).signature
    assert len(set(signatures.values())) >= 2, signatures
    assert len({without_target(s) for s in signatures.values()}) == 1, signatures

    def row(bug_id: str, target: str, hits: int) -> dict:
        return {"id": bug_id, "kind": "exception", "target": target, "stage": "compile", "guilty": "pipeline",
                "hits": hits, "status": "confirmed", "message": "A zero reinterpret shortcut",
                "signature": signatures[target], "root": without_target(signatures[target])}

    rows = [row("exception-a", "llvm-aarch64", 5), row("exception-b", "nvptx", 9), row("exception-c", "llvm", 1)]
    mark_duplicates(rows)
    assert [r.get("duplicate_of") for r in rows] == ["exception-b", None, "exception-b"]
    summary = summary_markdown(rows)
    assert "1 bug(s) that reproduce" in summary and "## The same failure point (2)" in summary


def test_one_internal_check_failing_under_two_passes_is_one_failure_point():
    from tzer.triage.report import summary_markdown
    from tzer.triage.workflow import mark_duplicates

    message = "Check failed: (base_dtype.MatchesCode(DLDataTypeCode::kDLInt)) is false:"
    rows = [{"id": bug_id, "kind": "exception", "target": "llvm", "stage": "pass", "guilty": guilty, "hits": hits,
             "status": "confirmed", "message": message, "signature": f"exception|pass|{guilty}|{message}",
             "root": f"exception|{message}"}
            for bug_id, guilty, hits in (("exception-a", "tirx.NarrowDataType", 3),
                                         ("exception-b", "tirx.ForceNarrowIndexToInt32", 1))]
    mark_duplicates(rows)
    assert rows[1]["duplicate_of"] == "exception-a" and "duplicate_of" not in rows[0]
    assert "## The same failure point (1)" in summary_markdown(rows)


def test_a_report_names_its_culprit_whether_an_analysis_or_the_failing_pass_of_the_pipeline():
    """c47's ill_formed-c04dcc66 and exception-b153eab7: report.md gave only the guilty pass, where
    the culprit was TVM's access region detector, or the pipeline pass that fails on the function
    as written."""
    from tzer.triage.report import BugReport, report_markdown

    detector = "s_tir.analysis.GetSBlockReadWriteRegion (called by s_tir.PlanAndUpdateBufferAllocationLocation)"
    report = BugReport(bug_id="ill_formed-1", kind="ill_formed", stage="pass",
                       pass_label="s_tir.PlanAndUpdateBufferAllocationLocation", message="not well-formed",
                       error="", signal=None, guilty="s_tir.PlanAndUpdateBufferAllocationLocation",
                       status="confirmed", hits=2, first_seen=None, last_seen=None, sizes="not reduced",
                       culprit=detector, culprit_found={"component": "analysis", "label": detector,
                                                        "how": "the detector gives that region", "made_by": None})
    text = report_markdown(report, "print('repro')")
    assert f"Culprit (analysis): **{detector}**" in text and detector in text.splitlines()[0]
    report.culprit, report.culprit_found = "pipeline:s_tir.LowerAutoCopy [cuda]", None
    report.guilty = "none: the default pipeline fails without extra passes"
    assert "Culprit: **pipeline:s_tir.LowerAutoCopy [cuda]**" in report_markdown(report, "print('repro')")
