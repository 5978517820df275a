"""How a campaign should share its workers between TIR tests and analysis tests (--analysis-share).

Runs `tzer fuzz -o WORK/share-<s> --time T --seed S --analysis-share s` for each share, one after
another (each alone on the machine), and prints per share: TIR tests per second (and per second
of the workers' time the TIR side had), analysis tests per second (per second of analysis time),
distinct signatures of each subject, covered blocks. With `--baseline REV`, the same campaign of
an older checkout (`git worktree` at REV, with --analysis-share unknown there) runs first, for the
TIR throughput the new code must keep.

    python experiments/analysis_share.py --shares 0,0.25,0.5 --time 5m --work /tmp/share
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from tzer.argtypes import parse_duration
from tzer.campaign.stats import parse_fuzzer_stats


def run(command: list[str], out: Path) -> dict[str, str]:
    print("$", " ".join(command), file=sys.stderr, flush=True)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return parse_fuzzer_stats((out / "fuzzer_stats").read_text())


def signatures(out: Path) -> tuple[int, int]:
    """Distinct signatures of TIR tests and of analysis tests."""
    data = json.loads((out / "signatures.json").read_text()) if (out / "signatures.json").exists() else {}
    analysis = sum("|analyze|" in sig for sig in data)
    return len(data) - analysis, analysis


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shares", default="0,0.25,0.5")
    parser.add_argument("--time", default="5m")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--jobs", default="2")
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--baseline", help="git revision of a checkout without analysis tests")
    args = parser.parse_args()
    seconds = parse_duration(args.time)
    args.work.mkdir(parents=True, exist_ok=True)
    rows = []
    if args.baseline:
        tree = args.work / "baseline-tree"
        if not tree.exists():
            subprocess.run(["git", "worktree", "add", "--detach", str(tree), args.baseline], check=True)
        out = args.work / "baseline"
        subprocess.run(["rm", "-rf", str(out)], check=True)
        stats = _baseline(tree, out, args)
        rows.append(("baseline " + args.baseline, stats, signatures(out)))
    for share in args.shares.split(","):
        out = args.work / f"share-{share}"
        subprocess.run(["rm", "-rf", str(out)], check=True)
        stats = run(["tzer", "fuzz", "-o", str(out), "--time", args.time, "--seed", str(args.seed), "-j", args.jobs,
                     "--no-progress", "--analysis-share", share], out)
        rows.append((f"share {share}", stats, signatures(out)))
    print(f"| campaign ({args.time}, -j {args.jobs}) | TIR execs | TIR execs/s | TIR execs per TIR worker-s | "
          "analysis tests | analysis tests per analysis worker-s | measured share | TIR sigs | analysis sigs | "
          "covered |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    workers = int(args.jobs)
    for name, stats, (tir_sigs, analysis_sigs) in rows:
        share = float(stats.get("analysis_share", 0) or 0)
        execs, analysis = int(stats["execs_done"]), int(stats.get("analysis_execs", 0) or 0)
        tir_time = workers * seconds * (1 - share)
        analysis_time = workers * seconds * share
        print(f"| {name} | {execs} | {float(stats['execs_per_sec']):.2f} | {execs / tir_time:.2f} | {analysis} | "
              f"{analysis / analysis_time if analysis_time else 0:.0f} | {share:.3f} | {tir_sigs} | {analysis_sigs} | "
              f"{stats['coverage_covered']} |")


def _baseline(tree: Path, out: Path, args: argparse.Namespace) -> dict[str, str]:
    """The baseline checkout's campaign, run from its own tree with this environment's packages (and
    this checkout's memcov libraries, a superset of the baseline's)."""
    for library in Path(__file__).resolve().parent.parent.joinpath("memcov").glob("lib*.so"):
        (tree / "memcov" / library.name).write_bytes(library.read_bytes())
    command = [sys.executable, "-m", "tzer", "fuzz", "-o", str(out), "--time", args.time, "--seed", str(args.seed),
               "-j", args.jobs, "--no-progress"]
    print("$ (in", tree, ")", " ".join(command), file=sys.stderr, flush=True)
    subprocess.run(command, check=True, cwd=tree, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**_environment(), "PYTHONPATH": str(tree)})
    return parse_fuzzer_stats((out / "fuzzer_stats").read_text())


def _environment() -> dict[str, str]:
    return dict(os.environ)


if __name__ == "__main__":
    main()
