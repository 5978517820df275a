import argparse
import os
import subprocess
import sys
import time

import numpy as np
import pytest

from tzer.analysis.campaign import new_in_last_hour
from tzer.analysis.status import add_status_arguments, format_duration, run_status, status
from tzer.campaign.folder import pid_alive


@pytest.fixture(scope="module")
def dead_pid() -> int:
    """The pid of a child that has exited and been reaped."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert not pid_alive(child.pid)
    return child.pid


def cli(*outs) -> int:
    parser = argparse.ArgumentParser(prog="tzer status")
    add_status_arguments(parser)
    return run_status(parser.parse_args([str(out) for out in outs]))


def test_finished_campaign(make_campaign):
    now = time.time()
    out = make_campaign(findings={"crashes": 2, "inconsistencies": 1}, bugs=1, last_update=now - 3600)
    (row,) = status([out], now=now)
    assert row["state"] == "finished" and row["reason"] == ""
    assert row["run_time"] == 300 and row["execs"] == 30000 and row["execs_per_sec"] == 100
    assert row["coverage_total"] == 100000 and row["coverage_backend"] == "breakpoint"
    assert row["corpus"] == 30
    assert row["findings"] == 3 and row["findings_by_kind"] == {"crashes": 2, "inconsistencies": 1}
    assert row["bugs"] == 1
    assert row["last_find_ago"] == pytest.approx(3690, abs=1)


def test_running_with_a_dead_pid_is_stale(make_campaign, dead_pid):
    (row,) = status([make_campaign(status="running", pid=dead_pid)])
    assert row["state"] == "stale" and row["reason"] == "fuzzer pid is gone"


def test_running_alive_and_recent(make_campaign):
    (row,) = status([make_campaign(status="running", pid=os.getpid())])
    assert row["state"] == "running"


def test_running_alive_but_silent_is_stale(make_campaign):
    now = time.time()
    (row,) = status([make_campaign(status="running", pid=os.getpid(), last_update=now - 600)], now=now)
    assert row["state"] == "stale" and row["reason"] == "no update for 10m00s"


def test_cli_prints_one_line_per_campaign(make_campaign, dead_pid, capsys):
    done = make_campaign("done", bugs=2)
    live = make_campaign("live", status="running", pid=os.getpid(), findings={})
    dead = make_campaign("dead", status="running", pid=dead_pid)
    assert cli(done, live, dead) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    header, *lines = captured.out.splitlines()
    assert header.split() == ["campaign", "state", "run", "time", "execs", "execs/s", "workers", "coverage",
                              "corpus", "findings", "bugs", "last", "find"]
    assert len(lines) == 3
    assert lines[0].split() == [str(done), "finished", "5m00s", "30.0k", "100.0", "2", "on", "1", "node",
                                "(50.0", "50.0/s)", "3044/100000", "(3.0%)",
                                "30", "3", "2", "1m30s", "ago"]
    assert lines[1].split()[:2] == [str(live), "running"] and lines[1].split()[-4:-2] == ["0", "0"]
    assert lines[2].startswith(f"{dead}  stale (fuzzer pid is gone)")


def test_cli_unreadable_folder_fails_but_reports_the_others(make_campaign, tmp_path, capsys):
    good = make_campaign("good")
    (tmp_path / "notacampaign").mkdir()
    assert cli(good, tmp_path / "notacampaign") == 1
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 2 and str(good) in captured.out
    assert captured.err == (f"tzer status: {tmp_path / 'notacampaign'}: no fuzzer_stats "
                            "(not a tzer campaign folder, or not started yet)\n")


def test_cli_only_unreadable(tmp_path, capsys):
    assert cli(tmp_path / "missing") == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1


@pytest.mark.parametrize("seconds, text", [(None, "-"), (5, "5s"), (65, "1m05s"), (3 * 3600 + 120, "3h02m"),
                                           (2 * 86400 + 3600, "2d01h")])
def test_format_duration(seconds, text):
    assert format_duration(seconds) == text


def test_new_signatures_in_the_past_hour_at_each_row():
    times = np.array([0.0, 1800.0, 3600.0, 5400.0, 7200.0])
    signatures = np.array([0.0, 5.0, 8.0, 10.0, 11.0])
    assert new_in_last_hour(times, signatures).tolist() == [0.0, 5.0, 8.0, 5.0, 3.0]


def test_status_says_how_many_signatures_the_past_hour_brought(make_campaign, capsys):
    # 40 rows over 2 hours: the signatures column is row // 10, so 4 at the end and 2 an hour before.
    out = make_campaign(rows=40, seconds=7200.0)
    with open(out / "fuzzer_stats", "a") as stats:
        stats.write("signatures          : 4\n")
    (row,) = status([out])
    assert row["signatures_last_hour"] == 2
    assert cli(out) == 0
    assert "3 (4 sigs, 2 in 1h)" in capsys.readouterr().out
