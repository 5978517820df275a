"""Does coverage feedback pay? tzer at its defaults against tzer as a blind generator, side by side.

Both campaigns run at the same time for the same budget, one worker each (one core each on a
2-core machine), with the same --seed:
- `feedback`: `tzer fuzz -j 1` at the defaults;
- `blind`: `tzer fuzz -j 1 --no-feedback --pass-mutation random --target-choice random`: every valid
  mutant is kept, and each test draws its pass sequence and its target anew, uniformly, as a
  TVMFuzz-style generator does.
Both queues are then replayed by `tzer showmap` (each case with its own passes and target), one
after the other, and two counts are compared: the blocks beyond the import-only baseline, and
the blocks in TVM's TIR directories (memcov.atlas), the code under test. With --feedback-rev
the feedback arm is another commit's defaults (a git worktree with this checkout's virtualenv),
so that an older main can be read on the same experiment; the blind arm is always this checkout's.
With --other NAME:FLAGS the second arm is this checkout with those flags instead of the blind one,
to measure one scheduling change at a time (e.g. `--other "energy:-j 1 --schedule energy"`).

    python experiments/feedback_gain.py [--time 10m] [--seed 7] [--work DIR] [--feedback-rev REV]
                                        [--other NAME:FLAGS]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from coverage_gain import KEYS, ROOT, showmap, tir_blocks, worktree

from tzer.argtypes import duration
from tzer.campaign.stats import parse_fuzzer_stats

ARMS = {"feedback": ("-j", "1"), "blind": ("-j", "1", "--no-feedback", "--pass-mutation", "random",
                                           "--target-choice", "random")}


def side_by_side(work: Path, budget: float, seed: int, trees: dict[str, Path],
                 arms: dict[str, tuple[str, ...]] = ARMS) -> dict[str, dict[str, str]]:
    """Run the arms at once, each in its own process (and core), each from its tree."""
    running = {}
    for name, extra in arms.items():
        out = work / f"out-{name}"
        shutil.rmtree(out, ignore_errors=True)
        command = [sys.executable, "-m", "tzer", "fuzz", "-o", str(out), "--time", f"{budget:g}s", "--seed", str(seed),
                   "--no-progress", *extra]
        running[name] = (out, subprocess.Popen(command, cwd=trees[name],
                                               env={**os.environ, "PYTHONPATH": str(trees[name])},
                                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))
    stats = {}
    for name, (out, process) in running.items():
        _, stderr = process.communicate()
        if process.returncode != 0:
            raise SystemExit(f"the {name} campaign failed:\n{stderr[-3000:]}")
        stats[name] = parse_fuzzer_stats((out / "fuzzer_stats").read_text())
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time", type=duration, default=600.0, help="budget of each campaign (default 10m)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--work", type=Path, default=Path("/tmp/tzer-feedback-gain"))
    parser.add_argument("--feedback-rev", help="run the feedback arm from this commit (default: this checkout)")
    parser.add_argument("--other", help="NAME:FLAGS, the second arm in place of the blind one")
    args = parser.parse_args()
    arms = dict(ARMS)
    if args.other:
        other, _, flags = args.other.partition(":")
        if not other or other == "feedback" or not flags.strip():
            parser.error("--other takes NAME:FLAGS, e.g. 'energy:-j 1 --schedule energy'")
        arms = {"feedback": ARMS["feedback"], other: tuple(flags.split())}
    second = [name for name in arms if name != "feedback"][0]
    args.work.mkdir(parents=True, exist_ok=True)
    feedback_tree = worktree(args.feedback_rev, args.work / "feedback-tree") if args.feedback_rev else ROOT
    stats = side_by_side(args.work, args.time, args.seed, {"feedback": feedback_tree, second: ROOT}, arms)
    for name, extra in arms.items():
        where = f"commit {args.feedback_rev}" if name == "feedback" and args.feedback_rev else "this checkout"
        print(f"{name} ({where}: {' '.join(extra)}), {args.time:g} s at --seed {args.seed}:", flush=True)
        for key in (*KEYS, "valid_rate"):
            if key in stats[name]:
                print(f"  {key:<22}: {stats[name][key]}")
    beyond, tir = {}, {}
    for name in arms:
        summary, blocks, _ = showmap(args.work / f"out-{name}", args.work, name)
        beyond[name] = summary["beyond_baseline"]
        tir[name] = tir_blocks(blocks, args.work / f"{name}.npz")
        print(f"{name} queue replayed: {summary['cases']} cases, {summary['covered']} covered, "
              f"{summary['beyond_baseline']} beyond the import baseline ({summary['baseline']}), "
              f"{tir[name]} in TVM's TIR directories", flush=True)
    print(f"\nfeedback / {second}, blocks beyond the import baseline: {beyond['feedback'] / beyond[second]:.3f}")
    print(f"feedback / {second}, blocks in TVM's TIR directories: {tir['feedback'] / tir[second]:.3f}")


if __name__ == "__main__":
    main()
