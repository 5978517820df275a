"""`tzer status`: one line per campaign, in the manner of afl-whatsup."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tzer.analysis.campaign import SIGNATURES_LAST_HOUR, Campaign, CampaignError, load_campaign, read_plot_data
from tzer.campaign.folder import pid_alive
from tzer.campaign.stats import format_duration

# fuzzer_stats is rewritten every few seconds; a live fuzzer that has not written for this long is
# wedged (or the pid was reused by another process), so it is reported as stale.
STALE_AFTER = 120.0


def campaign_state(campaign: Campaign, now: float, stale_after: float = STALE_AFTER) -> tuple[str, str]:
    """(state, reason): running, finished, or stale with why it is not running."""
    declared = campaign.stats.get("status", "")
    if declared == "finished":
        return "finished", ""
    if declared != "running":
        return "stale", f"status {declared or 'missing'}"
    if not pid_alive(int(campaign.number("fuzzer_pid", 0))):
        return "stale", "fuzzer pid is gone"
    silent = now - (campaign.number("last_update") or 0.0)
    if silent > stale_after:
        return "stale", f"no update for {format_duration(silent)}"
    return "running", ""


def campaign_status(out: Path, now: float | None = None) -> dict[str, Any]:
    """The status of one campaign; an unreadable one gives state 'unreadable' and 'error'."""
    now = time.time() if now is None else now
    try:
        campaign = load_campaign(out)
    except CampaignError as error:
        return {"out": str(out), "state": "unreadable", "error": str(error)}
    state, reason = campaign_state(campaign, now)
    last_find = campaign.number("last_find") or 0.0
    return {
        "out": str(out),
        "state": state,
        "reason": reason,
        "run_time": campaign.number("run_time"),
        "execs": campaign.number("execs_done"),
        "execs_per_sec": campaign.number("execs_per_sec"),
        "coverage": campaign.number("coverage_covered"),
        "coverage_total": campaign.number("coverage_total"),
        "coverage_backend": campaign.stats.get("coverage_backend"),
        "corpus": campaign.number("corpus_count"),
        # Folders on disk, not the stats counter: they are what triage will see.
        "findings": campaign.total_findings,
        "findings_by_kind": {kind: n for kind, n in campaign.findings.items() if n},
        "signatures": campaign.number("signatures"),
        "signatures_last_hour": _signatures_last_hour(out),
        "bugs": campaign.bugs,
        "last_find_ago": now - last_find if last_find > 0 else None,
        "workers": campaign.number("workers"),
        "nodes": campaign.number("nodes"),
        "lost_tests": campaign.number("lost_tests"),
        "worker_rates": _worker_rates(campaign),
    }


def _signatures_last_hour(out: Path) -> float | None:
    try:
        plot = read_plot_data(out)
    except CampaignError:
        return None
    return plot.final(SIGNATURES_LAST_HOUR) if len(plot) else None


def _worker_rates(campaign: Campaign) -> list[float]:
    """Each worker's tests per second over the campaign, from `worker_execs` (index:count pairs)."""
    run_time = campaign.number("run_time") or 0.0
    pairs = [pair.split(":") for pair in campaign.stats.get("worker_execs", "").split() if ":" in pair]
    counts = sorted((int(index), float(count)) for index, count in pairs)
    return [count / run_time for _, count in counts] if run_time > 0 else []


def _findings(row: dict[str, Any]) -> str:
    """Saved findings, the distinct signatures they fall under (AFL++'s unique crashes), and how many
    of those are new in the past hour."""
    if row["signatures"] is None:
        return str(row["findings"])
    recent = row.get("signatures_last_hour")
    latest = f", {recent:.0f} in 1h" if recent is not None else ""
    return f"{row['findings']} ({row['signatures']:.0f} sigs{latest})"


def _workers(row: dict[str, Any]) -> str:
    if row["workers"] is None:
        return "-"
    nodes = int(row["nodes"] or 1)
    text = f"{row['workers']:.0f} on {nodes} node{'s' if nodes > 1 else ''}"
    if row["worker_rates"]:
        text += " (" + " ".join(f"{rate:.1f}" for rate in row["worker_rates"]) + "/s)"
    if row["lost_tests"]:
        text += f", {row['lost_tests']:.0f} lost"
    return text


def status(outs: Sequence[Path], now: float | None = None) -> list[dict[str, Any]]:
    now = time.time() if now is None else now
    return [campaign_status(Path(out), now) for out in outs]


def _count(value: float | None) -> str:
    if value is None:
        return "-"
    for limit, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= limit:
            return f"{value / limit:.1f}{suffix}"
    return f"{value:.0f}"


def _coverage(row: dict[str, Any]) -> str:
    covered, total = row["coverage"], row["coverage_total"]
    if covered is None:
        return "-"
    if total:
        return f"{covered:.0f}/{total:.0f} ({100 * covered / total:.1f}%)"
    return f"{covered:.0f}"


COLUMNS = ("campaign", "state", "run time", "execs", "execs/s", "workers", "coverage", "corpus", "findings", "bugs",
           "last find")


def _cells(row: dict[str, Any]) -> list[str]:
    state = f"{row['state']} ({row['reason']})" if row["reason"] else row["state"]
    rate = "-" if row["execs_per_sec"] is None else f"{row['execs_per_sec']:.1f}"
    last = row["last_find_ago"]
    return [row["out"], state, format_duration(row["run_time"]), _count(row["execs"]), rate, _workers(row),
            _coverage(row),
            _count(row["corpus"]), _findings(row), str(row["bugs"]),
            "never" if last is None else f"{format_duration(last)} ago"]


def format_status(rows: Sequence[dict[str, Any]]) -> str:
    """An aligned table with a header and one line per readable campaign (unreadable ones are skipped:
    their error belongs on stderr)."""
    table = [list(COLUMNS)] + [_cells(row) for row in rows if row["state"] != "unreadable"]
    widths = [max(len(line[i]) for line in table) for i in range(len(COLUMNS))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
                     for line in table)


def add_status_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("outs", metavar="OUT", nargs="+", type=Path, help="campaign folders")


def run_status(args: argparse.Namespace) -> int:
    rows = status(args.outs)
    readable = [row for row in rows if row["state"] != "unreadable"]
    if readable:
        print(format_status(readable))
    for row in rows:
        if row["state"] == "unreadable":
            print(f"tzer status: {row['error']}", file=sys.stderr)
    return 0 if len(readable) == len(rows) else 1
