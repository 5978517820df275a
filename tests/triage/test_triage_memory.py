"""The bug memory: what one triage lists, the next knows; a person's verdict sticks; `tzer replay
--all` says which known bugs the installed TVM still has."""

import json
import re
import time

import pytest

from tzer.cli import main
from tzer.triage.memory import BugMemory, BugMemoryError
from tzer.triage.report import summary_markdown


def _row(bug_id, root, hits=3):
    return {"id": bug_id, "kind": "exception", "target": "llvm", "stage": "compile", "guilty": "p", "hits": hits,
            "status": "confirmed", "message": f"Check failed: {bug_id}", "signature": f"sig|{bug_id}", "root": root}


def test_a_second_triage_lists_its_new_root_causes_before_the_known_ones(tmp_path):
    memory = BugMemory(tmp_path / "bugs.json")
    memory.remember([_row("exception-aaaa", "root-a")], tmp_path, "first", "0.27")
    memory.save()
    again = BugMemory.load(tmp_path / "bugs.json")
    # The known root cause comes back under another id (another message, the same failure point).
    rows = [_row("exception-bbbb", "root-a", hits=50), _row("exception-cccc", "root-c", hits=1)]
    again.remember(rows, tmp_path, "second", "0.27")
    assert [row["memory"] for row in rows] == ["known", "new"] and rows[0]["known_as"] == "exception-aaaa"
    summary = summary_markdown(rows)
    new_table, known_table = summary.split("## Known root causes seen again (1)")
    assert "exception-cccc" in new_table and "exception-bbbb" not in new_table
    assert "exception-bbbb" in known_table and "exception-aaaa" in known_table
    assert "1 new to the bug memory, listed first" in summary
    assert again.bugs["root-a"].campaigns == ["first", "second"]


def test_a_verdict_must_be_one_of_the_four(tmp_path):
    memory = BugMemory(tmp_path / "bugs.json")
    memory.remember([_row("exception-aaaa", "root-a")], tmp_path, "c", "0.27")
    assert memory.mark("exception-aaaa", "duplicate-of:exception-ffff").verdict == "duplicate-of:exception-ffff"
    with pytest.raises(BugMemoryError):
        memory.mark("exception-aaaa", "wontfix")
    with pytest.raises(BugMemoryError):
        memory.mark("exception-zzzz", "real")


def test_a_root_cause_marked_invalid_is_never_new_again_and_replay_all_runs_its_repro(planted_campaign, tmp_path,
                                                                                       capsys):
    path = tmp_path / "memory.json"
    # The planted findings were first seen 50 s before now (signatures.json); the campaign began 100 s before.
    (planted_campaign / "fuzzer_stats").write_text(f"start_time : {int(time.time()) - 100}\nstatus : finished\n")
    triage = ["triage", str(planted_campaign), "--repeats", "1", "--no-reduce", "--memory", str(path)]
    assert main(triage) == 0
    assert "1 new root cause(s); 0 known came back" in capsys.readouterr().out
    (bug,) = [p.name for p in (planted_campaign / "bugs").iterdir() if p.is_dir()]
    assert re.search(r"first seen [-0-9: ]+ \((49|50|51)s into the campaign\)",
                     (planted_campaign / "bugs" / bug / "report.md").read_text())
    assert main(["triage", str(planted_campaign), "--mark", bug, "invalid", "--memory", str(path)]) == 0
    assert f"{bug}: marked invalid" in capsys.readouterr().out
    assert main(triage) == 0
    assert f"0 new root cause(s); 1 known came back: {bug} (invalid)" in capsys.readouterr().out
    summary = (planted_campaign / "bugs" / "summary.md").read_text()
    assert "## Known root causes seen again (1)" in summary and "| invalid |" in summary
    saved = json.loads(path.read_text())["bugs"]
    assert len(saved) == 1 and saved[0]["verdict"] == "invalid" and "import tvm" in saved[0]["repro"]
    assert main(["replay", "--all", "--memory", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{bug} [invalid]: still failing (exit 1)" in out
    assert "1 known bug(s) on TVM" in out and "0 fixed, 1 still failing" in out


def test_mark_and_replay_all_refuse_bad_input_with_one_line(planted_campaign, tmp_path, capsys):
    path = tmp_path / "memory.json"
    assert main(["replay", "--all", "--memory", str(path)]) == 2
    assert "holds no bugs" in capsys.readouterr().err
    assert main(["triage", str(planted_campaign), "--mark", "exception-0000", "real", "--memory", str(path)]) == 2
    assert "no bug 'exception-0000'" in capsys.readouterr().err
    path.write_text("{not json")
    assert main(["replay", "--all", "--memory", str(path)]) == 2
    assert "cannot read the bug memory" in capsys.readouterr().err
    assert main(["replay"]) == 2


def test_two_triages_sharing_one_memory_file_both_keep_their_root_causes_and_verdicts(tmp_path):
    from tzer.triage.memory import BugMemory, KnownBug

    path = tmp_path / "shared" / "bugs.json"

    def bug(key: str, seen: float) -> KnownBug:
        return KnownBug(key=key, id=f"bug-{key}", kind="exception", signature=key, message="m",
                        first_seen=seen, last_seen=seen, campaigns=[f"c-{key}"])

    BugMemory(path, {"a": bug("a", 1.0)}).save()
    node1, node2 = BugMemory.load(path), BugMemory.load(path)
    node1.bugs["b"] = bug("b", 5.0)
    node1.mark("a", "invalid")
    node2.bugs["c"] = bug("c", 6.0)
    node2.bugs["a"].last_seen = 9.0
    node2.bugs["a"].campaigns.append("c-node2")
    node1.save()
    node2.save()  # read before node1 saved: merging keeps node1's bug and verdict
    merged = BugMemory.load(path).bugs
    assert sorted(merged) == ["a", "b", "c"]
    assert merged["a"].verdict == "invalid" and merged["a"].last_seen == 9.0
    assert merged["a"].campaigns == ["c-a", "c-node2"]
