"""The recorder: findings grouped by signature, three saved examples each, confirmation queued."""

import json

from tzer.campaign.folder import CampaignFolder
from tzer.campaign.recorder import KEEP_EXAMPLES, KEEP_RUN_CRASH_EXAMPLES, Recorder
from tzer.campaign.testcase import TestCase
from tzer.vocabulary import ExecResult, FindingKind, Outcome, Stage, Status, Verdict

SCRIPT = "# a function\n"


def _crash(message="Check failed: x == 3", script=SCRIPT):
    outcome = Outcome(status=Status.EXCEPTION, stage=Stage.PASS, pass_name="tirx.Simplify", message=message)
    return ExecResult(status=Status.EXCEPTION, outcome=outcome, script=script)


def _request():
    return {"mutation": {"mutator": "insert", "rng": 1}, "checks": {"differential": True}, "rng": 9}


def test_a_signature_keeps_three_examples_and_counts_every_hit(tmp_path):
    folder = CampaignFolder.open(tmp_path / "out", resume=False)
    queued = []
    recorder = Recorder(folder, {"tvm_version": "0.27"}, confirm=queued.append)
    saved = [recorder.finding(FindingKind.EXCEPTION, _crash(f"Check failed: x == {i}"), "seed", [], _request(),
                              {"exec": i})[0] for i in range(KEEP_EXAMPLES + 2)]
    assert [path is not None for path in saved] == [True] * KEEP_EXAMPLES + [False, False]
    assert queued == saved[:KEEP_EXAMPLES]
    (signature, group), = json.loads(folder.signatures.read_text()).items()
    assert group["hits"] == KEEP_EXAMPLES + 2 and len(group["examples"]) == KEEP_EXAMPLES
    assert signature.startswith("exception|pass|tirx.Simplify|Check failed")
    meta = TestCase.load(saved[0]).meta
    assert meta["confirmed"] == Verdict.PENDING and meta["kind"] == "exception" and meta["rng"] == 9
    assert meta["tvm_version"] == "0.27" and meta["exec"] == 0


def test_crashes_in_compiled_code_keep_more_examples_until_bisection_tells_them_apart(tmp_path):
    folder = CampaignFolder.open(tmp_path / "out", resume=False)
    recorder = Recorder(folder, {"tvm_version": "0.27"}, confirm=None)
    crash = ExecResult(status=Status.CRASH, outcome=Outcome(status=Status.CRASH), script=SCRIPT, stage=Stage.RUN,
                       signal="SIGFPE")
    saved = [recorder.finding(FindingKind.CRASH, crash, "seed", [], _request(), {})[0]
             for _ in range(KEEP_RUN_CRASH_EXAMPLES + 1)]
    assert KEEP_RUN_CRASH_EXAMPLES > KEEP_EXAMPLES
    assert sum(path is not None for path in saved) == KEEP_RUN_CRASH_EXAMPLES


def test_a_new_signature_is_saved_again_and_the_verdict_is_written_back(tmp_path):
    folder = CampaignFolder.open(tmp_path / "out", resume=False)
    recorder = Recorder(folder, {}, confirm=None)
    first, _ = recorder.finding(FindingKind.EXCEPTION, _crash(), "seed", [], _request(), {})
    other, _ = recorder.finding(FindingKind.EXCEPTION, _crash("Check failed: other"), "seed", [], _request(), {})
    assert first != other and TestCase.load(first).meta["confirmed"] == Verdict.NOT_CHECKED
    Recorder.set_verdict(first, Verdict.CONFIRMED)
    assert TestCase.load(first).meta["confirmed"] == "confirmed"
    assert Recorder(folder, {}, confirm=None).next_finding_id == 3


def test_pending_findings_are_found_again_after_a_restart(tmp_path):
    folder = CampaignFolder.open(tmp_path / "out", resume=False)
    path, _ = Recorder(folder, {}, confirm=lambda _p: None).finding(
        FindingKind.EXCEPTION, _crash(), "seed", [], _request(), {})
    reopened = Recorder(CampaignFolder.open(tmp_path / "out", resume=True), {}, confirm=lambda _p: None)
    assert reopened.pending() == [path]


def test_corpus_entries_round_trip(tmp_path):
    folder = CampaignFolder.open(tmp_path / "out", resume=False)
    recorder = Recorder(folder, {"tvm_version": "0.27"}, confirm=None)
    recorder.corpus_entry(4, SCRIPT, [{"name": "tirx.UnrollLoop"}], {"origin": "passes", "parent": 3})
    ((entry_id, case),) = folder.load_entries(folder.queue)
    assert entry_id == 4 and case.script == SCRIPT and case.passes == [{"name": "tirx.UnrollLoop"}]
    assert case.meta == {"id": 4, "origin": "passes", "parent": 3, "tvm_version": "0.27"}


def test_a_finding_outside_the_passes_contract_says_so(tmp_path):
    folder = CampaignFolder.open(tmp_path / "out", resume=False)
    recorder = Recorder(folder, {}, confirm=None)
    inside, _ = recorder.finding(FindingKind.EXCEPTION, _crash(), "seed", [], _request(), {})
    outside, _ = recorder.finding(FindingKind.EXCEPTION, _crash("Check failed: y"), "seed", [],
                                  {**_request(), "contract": "outside"}, {})
    assert TestCase.load(inside).meta["contract"] == "inside"
    assert TestCase.load(outside).meta["contract"] == "outside"
