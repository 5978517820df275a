"""The per-target table of one campaign: tests, compiled, rejected, builds run, runs agreeing,
inconsistencies, findings and coverage share.

Reads the campaign's `fuzzer_stats` (`target_<name>` lines, TARGET_EFFECTS) and prints a Markdown
table, busiest target first; `runs` are the tests whose builds ran (here, under qemu-user, on a
GPU). "New blocks credited" are the blocks each target's tests were the first to reach (the
calibration seeds' blocks are credited to none); the coverage share is a target's part of those.
Targets the campaign never tested are listed at the end, so a table says how many tests each
target ran without a finding.

    python experiments/per_target.py OUT
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tzer.campaign.stats import TARGET_EFFECTS, parse_fuzzer_stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="campaign folder")
    args = parser.parse_args()
    stats_path = args.out / "fuzzer_stats"
    if not stats_path.is_file():
        raise SystemExit(f"no fuzzer_stats in {args.out}")
    stats = parse_fuzzer_stats(stats_path.read_text())
    rows = {key.removeprefix("target_"): dict(zip(TARGET_EFFECTS, map(int, value.split()), strict=True))
            for key, value in stats.items()
            if key.startswith("target_") and key not in ("target_mutations", "target_mutations_kept")}
    credited = sum(row["new_blocks"] for row in rows.values()) or 1
    print("| target | tests | compiled | rejected | builds run | runs agreeing | inconsistencies | findings saved | "
          "new blocks credited | coverage share |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    total = dict.fromkeys(TARGET_EFFECTS, 0)
    for name, row in sorted(rows.items(), key=lambda item: -item[1]["tests"]):
        for key in TARGET_EFFECTS:
            total[key] += row[key]
        print(f"| {name} | {row['tests']} | {row['compiled']} ({row['compiled'] / max(row['tests'], 1):.1%}) | "
              f"{row['rejected']} | {row['runs']} | {row['agreed']} | {row['inconsistencies']} | {row['findings']} | "
              f"{row['new_blocks']} | {row['new_blocks'] / credited:.1%} |")
    print(f"| all | {total['tests']} | {total['compiled']} | {total['rejected']} | {total['runs']} | "
          f"{total['agreed']} | {total['inconsistencies']} | {total['findings']} | {total['new_blocks']} | 100% |")
    untested = [name for name in stats.get("targets", "").split(",") if name and name not in rows]
    quiet = sorted(name for name, row in rows.items() if row["findings"] == 0)
    print(f"\ntargets with findings: {len(rows) - len(quiet)} of {len(rows) + len(untested)}")
    for name in quiet:
        print(f"  {name}: {rows[name]['tests']} tests, no finding")
    for name in untested:
        print(f"  {name}: never tested")
    print(f"coverage_covered {stats.get('coverage_covered')} (the credited blocks plus the calibration seeds')")


if __name__ == "__main__":
    main()
