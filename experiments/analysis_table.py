"""Per-analysis table of a campaign's analysis tests, from its fuzzer_stats (`analysis_<name>` lines).

    python experiments/analysis_table.py OUT [--workers 2]

Prints, for each of the analyses of tzer/arith: tests, how they ended (ok, rejected, invalid,
unjudged, unsound, exception), findings saved, cases kept for new coverage and their new blocks;
then the analysis tests per second of the workers' time spent on analysis tests.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tzer.arith import ANALYSES
from tzer.campaign.stats import ANALYSIS_EFFECTS, parse_fuzzer_stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    stats = parse_fuzzer_stats((args.out / "fuzzer_stats").read_text())
    print("| analysis | " + " | ".join(ANALYSIS_EFFECTS) + " |")
    print("|---|" + "---|" * len(ANALYSIS_EFFECTS))
    totals = [0] * len(ANALYSIS_EFFECTS)
    for name in sorted(ANALYSES):
        values = [int(v) for v in stats.get(f"analysis_{name}", " ".join("0" * len(ANALYSIS_EFFECTS))).split()]
        totals = [a + b for a, b in zip(totals, values, strict=True)]
        print(f"| {name} | " + " | ".join(str(v) for v in values) + " |")
    print("| **all** | " + " | ".join(str(v) for v in totals) + " |")
    workers = int(stats.get("workers", 1))
    share = float(stats.get("analysis_share", 0) or 0)
    run_time = int(stats.get("run_time", 0) or 0)
    busy = workers * run_time * share
    analysis = int(stats.get("analysis_execs", 0) or 0)
    print(f"\nanalysis tests: {analysis} in {run_time} s with {workers} workers at a measured share of {share:.3f}: "
          f"{analysis / busy if busy else 0:.0f} per second of a worker's analysis time; "
          f"TIR tests {stats.get('execs_done')} ({stats.get('execs_per_sec')}/s)")


if __name__ == "__main__":
    main()
