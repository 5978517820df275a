"""fuzzer_stats and plot_data: the writer, the documented key table, and the README's copy of it."""

import re
from collections import Counter
from pathlib import Path

import pytest

from tzer.campaign.stats import PLOT_COLUMNS, STATS_KEYS, Counters, StatsWriter, parse_fuzzer_stats, stats_values
from tzer.vocabulary import ExecResult, FindingKind, Outcome, Stage, Status

README = Path(__file__).resolve().parents[2] / "README.md"


def _values(counters, extra=None):
    return stats_values(counters, start_time=1.0, run_time=2.0, execs_per_sec=3.0, corpus=4, backend="none",
                        coverage_total=5, coverage_covered=6, status="running", tvm_version="0.27",
                        command_line="tzer fuzz", pid=7, extra=extra or {})


def test_readme_documents_exactly_the_stats_keys():
    section = README.read_text().split("### `fuzzer_stats` keys", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \| (.+) \|$", section, re.M)
    assert dict(rows) == STATS_KEYS and len(rows) == len(STATS_KEYS)


def test_the_writer_refuses_an_undocumented_key(tmp_path):
    writer = StatsWriter(tmp_path / "fuzzer_stats", tmp_path / "plot_data")
    with pytest.raises(KeyError, match="not documented"):
        writer.write({"execs_done": 1, "made_up_key": 2})


def test_stats_round_trip_through_the_file(tmp_path):
    counters = Counters(execs=10, valid=9, invalid=1, findings=Counter({"crash": 2}),
                        mutator_tried=Counter({"insert": 3}), mutator_kept=Counter({"insert": 1}))
    writer = StatsWriter(tmp_path / "fuzzer_stats", tmp_path / "plot_data")
    writer.write(_values(counters, {"workers": 2}))
    stats = parse_fuzzer_stats((tmp_path / "fuzzer_stats").read_text())
    assert stats["execs_done"] == "10" and stats["valid_rate"] == "0.9000" and stats["findings"] == "2"
    assert stats["findings_crash"] == "2" and stats["findings_hang"] == "0"
    assert stats["mutator_insert_tried"] == "3" and stats["mutator_insert_valid"] == "0"
    assert stats["workers"] == "2" and stats["command_line"] == "tzer fuzz"
    assert all(f"findings_{kind.value}" in stats for kind in FindingKind)


def test_plot_data_has_one_header_and_a_row_per_call(tmp_path):
    writer = StatsWriter(tmp_path / "fuzzer_stats", tmp_path / "plot_data")
    writer.plot_row(1.0, 2, 3.0, 4, 5, 0.5, 6, 1, 70)
    StatsWriter(tmp_path / "fuzzer_stats", tmp_path / "plot_data").plot_row(2.0, 3, 3.0, 4, 5, 0.5, 6, 2, 90)
    lines = (tmp_path / "plot_data").read_text().splitlines()
    assert lines == [",".join(PLOT_COLUMNS), "1.0,2,3.00,4,5,0.5000,6,1,70", "2.0,3,3.00,4,5,0.5000,6,2,90"]


def _result(status, stage=None, details=None):
    outcome = Outcome(status=status, stage=stage, details=details or {})
    return ExecResult(status=status, outcome=outcome, stage=stage)


def test_counters_count_each_status_once():
    counters = Counters()
    ir = {"mutation": {"mutator": "insert"}, "passes": [{"name": "tirx.Simplify"}]}
    assert counters.record(_result(Status.OK, Stage.COMPARE, {"discarded": "NaN"}), ir, valuable=True)
    assert counters.record(_result(Status.INVALID, Stage.VERIFY), ir, valuable=False)
    assert counters.record(_result(Status.REJECTED, Stage.PASS), ir, valuable=False)
    assert not counters.record(_result(Status.NO_MUTATION, Stage.MUTATE), ir, valuable=False)
    assert not counters.record(_result(Status.INTERNAL_ERROR), ir, valuable=False)
    assert (counters.execs, counters.valid, counters.invalid, counters.rejected) == (3, 2, 1, 1)
    assert (counters.no_mutation, counters.internal_errors, counters.valuable) == (1, 1, 1)
    assert counters.mutator_tried["insert"] == 3 and counters.mutator_valid["insert"] == 2
    assert (counters.pass_seq_tried, counters.pass_seq_applied, counters.discarded_comparisons) == (2, 1, 1)
    assert Counters.from_dict(counters.to_dict()) == counters


def test_targets_are_favoured_by_the_new_blocks_their_tests_found():
    counters = Counters()
    for target, new_blocks in (("llvm", 900), ("c", 0), ("llvm", 100), ("c", 0)):
        result = _result(Status.OK, Stage.COMPILE)
        result.new_coverage = new_blocks
        counters.record(result, {"target": target, "passes": []}, valuable=new_blocks > 0)
    llvm, c, untried = counters.target_weights(["llvm", "c", "cuda"])
    assert llvm > untried > c > 0  # an untried target starts at the mean, a spent one keeps a chance
    assert untried == pytest.approx(250.0)  # 1000 new blocks over 4 tests
