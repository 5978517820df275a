"""Analysis tests through the whole loop: real workers, real TVM, real campaign folders, triage."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tirkit.arith_case import ArithCase
from tzer.arith.repro import HEADER
from tzer.campaign.testcase import TestCase
from tzer.execution.confirm import analysis_request, clean_worker
from tzer.execution.progress import PROGRESS_VARIABLE
from tzer.triage.memory import MEMORY_VARIABLE
from tzer.vocabulary import Status


@pytest.fixture(autouse=True)
def own_bug_memory(tmp_path, monkeypatch):
    """Triage remembers root causes in a file outside the campaign: each test gets its own."""
    monkeypatch.setenv(MEMORY_VARIABLE, str(tmp_path / "bug-memory.json"))


# TVM's rewrite simplifier throws inside a constraint scope on this case and leaves the scope's
# bookkeeping broken: leaving the scope calls std::terminate (a real defect, reported by tzer).
ABORTS = {"analysis": "rewrite_simplify", "variables": [["x", "uint64", 0, 100]],
          "exprs": [["select", "uint64", ["le", "bool", ["int", "uint64", 0], ["var", "uint64", "x"]],
                     ["var", "uint64", "x"], ["var", "uint64", "x"]]],
          "constraints": [["ge", "bool", ["var", "uint64", "x"], ["var", "uint64", "x"]]]}
# The example: iter_map_simplify([(x+1)%4*8 + (x*2)%8], {x: [0, 16)}) gives (x+1)%4*10.
KNOWN = {"analysis": "iter_map_simplify", "variables": [["x", "int32", 0, 15]],
         "exprs": [["add", "int32", ["mul", "int32", ["floormod", "int32", ["add", "int32", ["var", "int32", "x"],
                                                                                ["int", "int32", 1]],
                                                             ["int", "int32", 4]], ["int", "int32", 8]],
                    ["floormod", "int32", ["mul", "int32", ["var", "int32", "x"], ["int", "int32", 2]],
                     ["int", "int32", 8]]]]}


def tzer(*args, timeout=900):
    return subprocess.run([sys.executable, "-m", "tzer", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout)


def stats(out: Path) -> dict[str, str]:
    lines = (out / "fuzzer_stats").read_text().splitlines()
    return {key.strip(): value.strip() for key, _, value in (line.partition(":") for line in lines)}


def test_a_campaign_of_analysis_tests_tests_every_analysis_and_saves_confirmed_findings(tmp_path):
    out = tmp_path / "out"
    done = tzer("fuzz", "-o", out, "--analysis-share", "1", "--execs", "6000", "--seed", "3", "-j", "1",
                "--coverage", "none", "--no-progress")
    assert done.returncode == 0, done.stderr
    values = stats(out)
    assert int(values["analysis_execs"]) >= 6000 and values["execs_done"] == "0"
    from tzer.arith import ANALYSES

    for name in ANALYSES:
        tests = int(values[f"analysis_{name}"].split()[0])
        assert tests > 0, name
    findings = [path for folder in ("unsound", "exceptions", "crashes") for path in (out / folder).glob("id_*")]
    assert findings, "6000 analysis tests found none of TVM's known analysis defects"
    for path in findings:
        case = TestCase.load(path)
        ArithCase.from_json(case.case)
        assert case.meta["subject"] == "analysis" and case.meta["confirmed"] in ("confirmed", "not_reproduced")
    assert any(TestCase.load(path).meta["confirmed"] == "confirmed" for path in findings)


def test_analysis_cases_that_reach_new_blocks_join_the_queue_and_survive_a_resume(tmp_path):
    out = tmp_path / "out"
    first = tzer("fuzz", "-o", out, "--analysis-share", "1", "--execs", "1500", "--seed", "4", "-j", "1",
                 "--no-progress", "--no-calibrate")
    assert first.returncode == 0, first.stderr
    entries = [TestCase.load(path) for path in sorted((out / "queue").glob("id_*"))]
    kept = [entry for entry in entries if entry.case is not None and entry.meta.get("parent") is not None]
    assert kept, "no mutant of an analysis case reached new blocks"
    assert all(int(entry.meta["new_coverage"]) > 0 for entry in kept)
    assert len(entries) == int(stats(out)["corpus_count"])
    second = tzer("fuzz", "-o", out, "--resume", "--analysis-share", "1", "--execs", "500", "--no-progress")
    assert second.returncode == 0, second.stderr
    assert f"resumed: {len(entries)} corpus entries ({len(kept)} of them analysis cases)" in second.stderr
    assert int(stats(out)["analysis_execs"]) > 1500


def test_a_crash_in_the_middle_of_a_batch_names_the_test_that_crashed():
    with clean_worker(20) as executor:
        fine = executor.run(analysis_request(KNOWN, 1), None)
        assert fine.status == Status.OK
        request = {**analysis_request(ABORTS, 1), "count": 1}
        crashed = executor.run(request, None)
    assert crashed.status == Status.CRASH
    assert crashed.outcome.details[PROGRESS_VARIABLE] == 0
    assert "literal_constraints_" in crashed.log_tail


def test_triage_of_the_known_iter_map_defect_writes_a_failing_repro_and_a_miscompiled_function(tmp_path):
    out = tmp_path / "out"
    folder = out / "unsound" / "id_000001"
    meta = {"id": 1, "kind": "unsound", "subject": "analysis", "stage": "analyze", "pass": "iter_map_simplify",
            "analysis": "iter_map_simplify", "message": "iter_map_simplify value: at x=0 expected 8, got 10",
            "check": "value", "signature": "unsound|analyze|iter_map_simplify|value mul(floormod(add(v, c), c), c)",
            "confirmed": "confirmed", "rng": 1, "time": 1.0,
            "violation": {"check": "value", "point": {"x": 0}, "expected": "8", "got": "10",
                          "answer": "(x + 1) % 4 * 10", "shape": "mul(floormod(add(v, c), c), c)"}}
    TestCase("", [], meta, case=KNOWN).dump(folder)
    (out / "queue").mkdir()
    done = tzer("triage", out, "--time-per-bug", "10s")
    assert done.returncode == 0, done.stderr
    (bug,) = [path for path in (out / "bugs").iterdir() if path.is_dir()]
    row = json.loads((bug / "meta.json").read_text())
    assert row["status"] == "confirmed" and row["witness"] is True
    assert (bug / "witness" / "func.py").exists()
    report = (bug / "report.md").read_text()
    assert "## Wrong code" in report and "TVM's answer" in report
    alone = subprocess.run([sys.executable, str(bug / "repro.py")], capture_output=True, text=True, timeout=120)
    assert alone.returncode != 0 and "AssertionError" in alone.stderr
    # past the fixed header (imports and the few-line evaluator every repro.py carries), a page at most
    header = HEADER.format(title="", version="").count("\n")
    assert len((bug / "repro.py").read_text().splitlines()) - header < 40
    miscompiled = subprocess.run([sys.executable, str(bug / "witness" / "repro.py")], capture_output=True, text=True,
                                 timeout=300)
    assert miscompiled.returncode != 0, miscompiled.stdout + miscompiled.stderr


def test_a_repro_gives_tvm_a_variables_range_in_its_dtype(tmp_path):
    # deduce_bound solves `y + x < 2` for x over uint8 and answers x <= 254, though at x = 253, y = 2
    # the sum is 255 (c37's unsound-134923b6). Its repro.py gave the relaxed range as plain ints:
    # an int32 set, on which deduce_bound answers the empty set, and the repro failed otherwise.
    from tzer.arith.repro import repro_source

    case = ArithCase.from_json({
        "analysis": "deduce_bound", "constraints": [], "options": {"relax": ["y"], "var": "x"},
        "exprs": [["lt", "bool", ["add", "uint8", ["var", "uint8", "y"], ["var", "uint8", "x"]], ["int", "uint8", 2]]],
        "variables": [["x", "uint8", 0, 0], ["y", "uint8", 2, 3]]})
    violation = {"answer": "IntervalSet[neg_inf, T.uint8(254)]", "check": "solution", "point": {"x": 253, "y": 2},
                 "expected": "cond True for every value in the bound", "got": "False", "shape": "lt|hi"}
    path = tmp_path / "repro.py"
    path.write_text(repro_source(case, violation, "unsound in deduce_bound", "0.27.0.post1"))
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "AssertionError" in done.stderr, done.stdout + done.stderr
    assert "the bound is [None, 254]" in done.stdout, done.stdout
