"""Synthetic campaign folders in the layout of ARCHITECTURE.md (the fuzzer is not run here)."""

from __future__ import annotations

import math
import time
from pathlib import Path

import pytest

HEADER = "relative_time,execs,execs_per_sec,coverage,corpus,valid_rate,findings,signatures"


def plot_rows(rows: int, seconds: float, coverage: float, rate: float) -> list[str]:
    """Rows every seconds/rows: coverage grows like a log, findings step up every 5 rows."""
    lines = []
    for i in range(1, rows + 1):
        t = seconds * i / rows
        lines.append(f"{t:.1f},{int(rate * t)},{rate:.2f},{int(coverage * math.log1p(i))},"
                     f"{10 + i},{min(0.95, 0.5 + 0.01 * i):.3f},{i // 5},{i // 10}")
    return lines


def write_campaign(out: Path, *, rows: int = 20, seconds: float = 300.0, coverage: float = 1000.0,
                   rate: float = 100.0, status: str = "finished", pid: int = 1,
                   last_update: float | None = None, findings: dict[str, int] | None = None, bugs: int = 0,
                   truncated: str | None = None) -> Path:
    """A campaign folder; `truncated` is appended to plot_data without a newline (killed mid-write)."""
    out.mkdir(parents=True)
    lines = plot_rows(rows, seconds, coverage, rate)
    text = "\n".join([HEADER, *lines]) + "\n"
    (out / "plot_data").write_text(text + (truncated or ""))
    now = time.time()
    last_update = now if last_update is None else last_update
    final = lines[-1].split(",")
    findings = {"crashes": 2, "hangs": 1} if findings is None else findings
    stats = {
        "start_time": int(last_update - seconds),
        "last_update": int(last_update),
        "run_time": int(seconds),
        "fuzzer_pid": pid,
        "status": status,
        "execs_done": final[1],
        "execs_per_sec": final[2],
        "corpus_count": final[4],
        "coverage_backend": "breakpoint",
        "coverage_total": 100000,
        "coverage_covered": final[3],
        "valid_rate": final[5],
        "findings": sum(findings.values()),
        "last_find": int(last_update - 90),
        "workers": 2,
        "nodes": 1,
        "lost_tests": 0,
        "worker_execs": f"0:{int(final[1]) // 2} 1:{int(final[1]) - int(final[1]) // 2}",
        "command_line": "tzer fuzz -o out --time 5m",
    }
    (out / "fuzzer_stats").write_text("".join(f"{k:<20}: {v}\n" for k, v in stats.items()))
    for kind, n in findings.items():
        for i in range(n):
            (out / kind / f"id_{i:06d}").mkdir(parents=True)
    for i in range(bugs):
        (out / "bugs" / f"bug_{i:03d}").mkdir(parents=True)
    return out


@pytest.fixture
def make_campaign(tmp_path):
    def make(name: str = "out", **kwargs) -> Path:
        return write_campaign(tmp_path / name, **kwargs)

    return make
