"""A soak test of a real campaign: run `tzer fuzz` at the defaults and sample, every minute, its
execs/s, the parent's CPU, the RSS of the parent and of its workers, their open files, the output
folder's size and the queue's size (issue 33).

    python experiments/soak.py --out /work/soak --time 2h --table experiments/soak/soak.csv
    python experiments/soak.py --report experiments/soak/soak.csv --out /work/soak

The table is written row by row, so an interrupted soak keeps what it measured. `--report` prints
the execs/s of minutes 10-20 against the last 10, new signatures per hour (from plot_data), and
draws the plot beside the table.
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import time
from pathlib import Path

import psutil

from tzer.argtypes import parse_duration
from tzer.campaign.stats import parse_fuzzer_stats

COLUMNS = ("minute", "execs", "execs_per_sec", "analysis_execs", "parent_cpu_s", "parent_cpu_share",
           "parent_rss_mb", "workers", "worker_rss_mb_max", "worker_rss_mb_sum", "open_files", "disk_mb",
           "queue", "favoured", "picks", "picks_favoured", "findings", "signatures", "coverage")


def folder_bytes(root: Path, stats: dict[str, str]) -> int:
    """What the campaign folder takes on disk. Where fuzzer_stats counts its queue and findings
    (stored_mb), that count and the folder's other files: walking a day's queue every minute
    would cost the machine more than the campaign it measures."""
    if "stored_mb" in stats:
        others = [root, root / "workers"]
        return int(float(stats["stored_mb"]) * 2**20) + sum(
            entry.stat().st_blocks * 512 for folder in others if folder.is_dir()
            for entry in os.scandir(folder) if entry.is_file(follow_symlinks=False))
    total = 0
    for folder, _, files in os.walk(root):
        for name in files:
            try:
                total += os.stat(os.path.join(folder, name)).st_blocks * 512
            except OSError:
                continue
    return total


def open_files(process: psutil.Process) -> int:
    try:
        return process.num_fds()
    except psutil.Error:
        return 0


def sample(parent: psutil.Process, out: Path, minute: int, last: dict[str, float]) -> dict[str, object]:
    stats = parse_fuzzer_stats((out / "fuzzer_stats").read_text()) if (out / "fuzzer_stats").exists() else {}
    workers = [child for child in parent.children(recursive=True) if child.is_running()]
    worker_rss = []
    for child in workers:
        try:
            worker_rss.append(child.memory_info().rss / 2**20)
        except psutil.Error:
            continue
    cpu = parent.cpu_times()
    cpu_s = cpu.user + cpu.system
    now = time.monotonic()
    execs = int(stats.get("execs_done", 0))
    span = now - last.get("time", now) or 1.0
    row = {
        "minute": minute, "execs": execs,
        "execs_per_sec": round((execs - last.get("execs", 0)) / span, 2) if "time" in last else 0,
        "analysis_execs": int(stats.get("analysis_execs", 0)),
        "parent_cpu_s": round(cpu_s, 1),
        "parent_cpu_share": round((cpu_s - last.get("cpu", 0)) / span, 3) if "time" in last else 0,
        "parent_rss_mb": round(parent.memory_info().rss / 2**20, 1),
        "workers": len(worker_rss), "worker_rss_mb_max": round(max(worker_rss, default=0), 1),
        "worker_rss_mb_sum": round(sum(worker_rss), 1),
        "open_files": open_files(parent) + sum(open_files(child) for child in workers),
        "disk_mb": round(folder_bytes(out, stats) / 2**20, 1),
        **{key: int(stats.get(name, 0)) for key, name in (
            ("queue", "corpus_count"), ("favoured", "favoured"), ("picks", "picks"),
            ("picks_favoured", "picks_favoured"), ("findings", "findings"), ("signatures", "signatures"),
            ("coverage", "coverage_covered"))},
    }
    last.update(time=now, execs=execs, cpu=cpu_s)
    return row


def soak(out: Path, seconds: float, table: Path, extra: list[str]) -> int:
    table.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "tzer", "fuzz", "-o", str(out), "--time", f"{int(seconds)}s", "--no-progress",
               *extra]
    print("running:", " ".join(command), flush=True)
    with open(out.with_suffix(".log"), "w") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    parent = psutil.Process(process.pid)
    last: dict[str, float] = {}
    with open(table, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS)
        writer.writeheader()
        minute = 0
        started = time.monotonic()
        while process.poll() is None:
            try:
                row = sample(parent, out, minute, last)
            except psutil.Error:
                break
            writer.writerow(row)
            handle.flush()
            print(" ".join(f"{k}={row[k]}" for k in ("minute", "execs_per_sec", "parent_cpu_share", "parent_rss_mb",
                                                       "worker_rss_mb_max", "open_files", "disk_mb", "queue",
                                                       "favoured")), flush=True)
            minute += 1
            time.sleep(max(0.0, started + 60 * minute - time.monotonic()))
    return process.wait()


def signatures_per_hour(out: Path) -> list[int]:
    """New signatures in each hour of the campaign, from plot_data."""
    with open(out / "plot_data") as handle:
        rows = list(csv.DictReader(handle))
    per_hour: list[int] = []
    before = 0
    for row in rows:
        hour = int(float(row["relative_time"]) // 3600)
        while len(per_hour) <= hour:
            per_hour.append(0)
        signatures = int(row["signatures"])
        per_hour[hour] += signatures - before
        before = signatures
    return per_hour


def report(table: Path, out: Path | None, early_window: tuple[int, int] = (10, 20)) -> None:
    with open(table) as handle:
        rows = [{k: float(v) for k, v in row.items()} for row in csv.DictReader(handle)]
    last_minute = int(rows[-1]["minute"])

    def rate(first: int, end: int) -> float:
        start = next(r for r in rows if r["minute"] == first)
        stop = next(r for r in rows if r["minute"] == end)
        return (stop["execs"] - start["execs"]) / (60 * (end - first))

    first, end = early_window
    early, late = rate(first, end), rate(max(end, last_minute - 10), last_minute)
    print(f"minutes: {last_minute}")
    print(f"execs/s minutes {first}-{end}: {early:.2f}; minutes {max(end, last_minute - 10)}-{last_minute}: "
          f"{late:.2f}; ratio {late / early:.3f}")
    for key in ("parent_rss_mb", "worker_rss_mb_max", "open_files", "disk_mb", "queue", "favoured"):
        values = [r[key] for r in rows[1:]]
        print(f"{key}: min {min(values):.0f} max {max(values):.0f} last {values[-1]:.0f}")
    busy = [r["parent_cpu_share"] for r in rows[1:]]
    head, tail = busy[:10], busy[-10:]
    print(f"parent CPU share: first 10 min {sum(head) / len(head):.3f}, last 10 min {sum(tail) / len(tail):.3f}")
    end = rows[-1]
    if end["picks"]:
        print(f"picks of favoured entries: {end['picks_favoured']:.0f} of {end['picks']:.0f} "
              f"({end['picks_favoured'] / end['picks']:.3f})")
    if out is not None:
        print("new signatures per hour:", signatures_per_hour(out))
    draw(rows, table.with_suffix(".png"))


def draw(rows: list[dict[str, float]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    minutes = [r["minute"] for r in rows]
    panels = (("execs/s", ("execs_per_sec",)), ("parent CPU share", ("parent_cpu_share",)),
              ("RSS (MiB)", ("parent_rss_mb", "worker_rss_mb_max")), ("open files", ("open_files",)),
              ("disk (MiB)", ("disk_mb",)), ("queue entries", ("queue", "favoured")))
    figure, axes = plt.subplots(len(panels), 1, figsize=(8, 2.2 * len(panels)), sharex=True)
    for axis, (title, keys) in zip(axes, panels, strict=True):
        for key in keys:
            axis.plot(minutes, [r[key] for r in rows], label=key)
        axis.set_ylabel(title)
        if len(keys) > 1:
            axis.legend(loc="upper left", fontsize=7)
    axes[-1].set_xlabel("minute")
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    print(f"plot: {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True, help="the campaign's output folder")
    parser.add_argument("--time", default="2h", help="how long the campaign runs")
    parser.add_argument("--table", type=Path, default=Path("experiments/soak/soak.csv"))
    parser.add_argument("--report", type=Path, help="summarize a table written before, and plot it")
    parser.add_argument("--early", default="10,20", help="the minutes the report compares the last 10 with")
    args, extra = parser.parse_known_args()
    if args.report:
        first, end = (int(part) for part in args.early.split(","))
        report(args.report, args.out, (first, end))
        return 0
    return soak(args.out, parse_duration(args.time), args.table, extra)


if __name__ == "__main__":
    sys.exit(main())
