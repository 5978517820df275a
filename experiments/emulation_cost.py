"""What running builds under emulation costs and brings: two campaigns side by side, one core each,
at the defaults and with no emulated run (`--emulated-run-rate 0`), or with the runs of some targets
or runners only turned off (`--no-run LIST`), the same --seed and budget.

Prints for each: execs/s, coverage covered and per minute, findings and distinct signatures, and
per kind of runner the tests, the builds run and the inconsistencies found (from the per-target
counts of fuzzer_stats).

    python experiments/emulation_cost.py [--time 10m] [--seed 7] [--work DIR] [--rate R] [--no-run LIST]

The runners added for GPU kernels on CPU drivers, wasm32 and the zig-linked CPUs:

    python experiments/emulation_cost.py --no-run opencl,webgpu,wasm,llvm-loongarch64,llvm-hexagon
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from coverage_gain import ROOT
from feedback_gain import side_by_side

from tzer import runners, targets
from tzer.argtypes import duration
from tzer.campaign.stats import TARGET_EFFECTS


def by_runner(stats: dict[str, str]) -> dict[str, Counter[str]]:
    rows: dict[str, Counter[str]] = {}
    for name in targets.BY_NAME:
        if f"target_{name}" not in stats:
            continue
        counts = dict(zip(TARGET_EFFECTS, map(int, stats[f"target_{name}"].split()), strict=True))
        runner = runners.runner_for(targets.get(name))
        row = rows.setdefault(runner.name if runner else "none", Counter())
        row.update({key: counts[key] for key in ("tests", "runs", "inconsistencies", "findings")})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time", type=duration, default=600.0, help="budget of each campaign (default 10m)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--work", type=Path, default=Path("/tmp/tzer-emulation-cost"))
    parser.add_argument("--rate", default="1", help="--emulated-run-rate of the first arm (default 1, the default)")
    parser.add_argument("--no-run", default="", help="the second arm turns off these runs only (tzer fuzz --no-run)")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    without = ("--no-run", args.no_run) if args.no_run else ("--emulated-run-rate", "0")
    arms = {"emulated": ("-j", "1", "--emulated-run-rate", args.rate), "without": ("-j", "1", *without)}
    stats = side_by_side(args.work, args.time, args.seed, dict.fromkeys(arms, ROOT), arms)
    minutes = args.time / 60
    for name, extra in arms.items():
        values = stats[name]
        print(f"{name} ({' '.join(extra)}), {args.time:g} s at --seed {args.seed}:")
        print(f"  execs_per_sec    : {values['execs_per_sec']}")
        print(f"  coverage_covered : {values['coverage_covered']} ({int(values['coverage_covered']) / minutes:.0f} "
              f"a minute)")
        print(f"  findings         : {values['findings']}, {values['signatures']} signatures")
        for runner, row in sorted(by_runner(values).items()):
            print(f"  {runner:<16} : {row['tests']} tests, {row['runs']} builds run, "
                  f"{row['inconsistencies']} inconsistencies, {row['findings']} findings")
    ratio = float(stats["emulated"]["execs_per_sec"]) / float(stats["without"]["execs_per_sec"])
    print(f"\nexecs/s with emulated runs / without: {ratio:.3f}")


if __name__ == "__main__":
    main()
