"""Old main against new main: one campaign each at the same --seed, back to back, then both queues
replayed with `tzer showmap` in the same process setup.

Each main runs with its own defaults; where those differ in the number of workers (the new main's
`-j auto` uses every core), `--one-worker` also runs the new main with `-j 1` and reports it
beside them, so that the gain can be told apart from the second core.

Prints each campaign's fuzzer_stats lines that matter (execs/s, coverage, corpus, findings, pass
mutations), then from the replays: blocks beyond the import-only baseline, blocks beyond what
replaying the shipped seeds alone reaches, blocks in TVM's TIR directories (memcov.atlas; the
replay's covered set, whose import baseline holds a few hundred blocks), the ratios new/old, and
replay fidelity (the share of
queue entries kept for new coverage that add at least one block when the queue is replayed in
order). The old main runs from a git worktree of --old with this checkout's virtualenv.

    python experiments/coverage_gain.py [--old 2074e91] [--time 10m] [--seed 7] [--work DIR] [--one-worker]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np

from memcov.atlas import TIR_DIRECTORIES
from tzer.analysis.bydir import atlas_for, read_map
from tzer.argtypes import duration
from tzer.campaign.stats import parse_fuzzer_stats

ROOT = Path(__file__).resolve().parents[1]
KEYS = ("execs_done", "execs_per_sec", "coverage_covered", "corpus_count", "findings", "signatures",
        "pass_mutations", "pass_mutations_kept", "pass_noop_share", "flaky_blocks", "noisy_functions", "ignored_blocks",
        "target_mutations", "target_mutations_kept", "ub_rejected")


def worktree(rev: str, path: Path) -> Path:
    if not path.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), rev], check=True,
                       capture_output=True)
    for library in (ROOT / "memcov").glob("lib*.so"):  # the C runtime did not change; reuse the build
        shutil.copy(library, path / "memcov" / library.name)
    return path


def fuzz(tree: Path, out: Path, budget: float, seed: int, extra: tuple[str, ...] = ()) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-m", "tzer", "fuzz", "-o", str(out), "--time", f"{budget:g}s", "--seed",
                           str(seed), "--no-progress", *extra], cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"tzer fuzz in {tree} failed:\n{done.stderr[-3000:]}")
    return parse_fuzzer_stats((out / "fuzzer_stats").read_text())


def showmap(folder: Path, work: Path, name: str) -> tuple[dict, np.ndarray, Path]:
    covered, per_case = work / f"{name}.npz", work / f"{name}.csv"
    done = subprocess.run([sys.executable, "-m", "tzer", "showmap", str(folder), "-o", str(covered), "--per-case",
                           str(per_case), "--json"], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"tzer showmap {folder} failed:\n{done.stderr[-3000:]}")
    with np.load(covered) as saved:
        blocks = saved["covered"].astype(np.int64)
    return json.loads(done.stdout.strip().splitlines()[-1]), blocks, per_case


def tir_blocks(blocks: np.ndarray, covered_file: Path) -> int:
    """How many of `blocks` lie in TVM's TIR directories (memcov.atlas), the code tzer tests."""
    backend, build_id, _ = read_map(covered_file)
    return int(atlas_for(backend, build_id).in_scope(TIR_DIRECTORIES)[blocks].sum())


def fidelity(queue: Path, per_case: Path) -> tuple[int, int]:
    """(entries kept for new coverage, of those the ones that add a block on replay)."""
    added = {row["case"]: int(row["added_blocks"]) for row in csv.DictReader(per_case.open())}
    kept = adding = 0
    for entry in sorted(queue.glob("id_*")):
        try:
            origin = json.loads((entry / "meta.json").read_text()).get("origin")
        except (OSError, ValueError):
            continue
        if origin in (None, "", "seed"):
            continue
        kept += 1
        adding += added.get(entry.name, 0) > 0
    return kept, adding


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", default="2074e91", help="the old main's commit")
    parser.add_argument("--time", type=duration, default=600.0, help="budget of each campaign (default 10m)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--work", type=Path, default=Path("/tmp/tzer-coverage-gain"))
    parser.add_argument("--one-worker", action="store_true", help="also run the new main with -j 1")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    old_tree = worktree(args.old, args.work / "old-tree")
    runs = [("old", old_tree, ()), ("new", ROOT, ())] + ([("new-j1", ROOT, ("-j", "1"))] if args.one_worker else [])
    stats = {}
    for name, tree, extra in runs:
        out = args.work / f"out-{name}"
        shutil.rmtree(out, ignore_errors=True)
        stats[name] = fuzz(tree, out, args.time, args.seed, extra)
        where = f"commit {args.old}" if name == "old" else " ".join(("this checkout", *extra))
        print(f"{name} main ({where}), {args.time:g} s at --seed {args.seed}, workers {stats[name].get('workers', 1)}:",
              flush=True)
        for key in KEYS:
            if key in stats[name]:
                print(f"  {key:<20}: {stats[name][key]}")
    seeds_summary, seeds_blocks, _ = showmap(ROOT / "seeds" / "corpus", args.work, "seeds")
    print(f"\nshipped seeds alone, replayed: {seeds_summary['covered']} covered "
          f"(baseline {seeds_summary['baseline']})")
    beyond, tir = {}, {}
    for name, _, _ in runs:
        out = args.work / f"out-{name}"
        summary, blocks, per_case = showmap(out, args.work, name)
        beyond[name] = summary["beyond_baseline"]
        tir[name] = tir_blocks(blocks, args.work / f"{name}.npz")
        kept, adding = fidelity(out / "queue", per_case)
        print(f"{name} queue replayed: {summary['cases']} cases, {summary['covered']} covered, "
              f"{summary['beyond_baseline']} beyond the import baseline ({summary['baseline']}), "
              f"{np.setdiff1d(blocks, seeds_blocks).size} beyond the seeds-only replay; replay fidelity "
              f"{adding}/{kept} = {adding / kept if kept else 0:.1%} of the entries kept for new coverage add a block; "
              f"{tir[name]} blocks in TVM's TIR directories", flush=True)
    print()
    for name, _, _ in runs[1:]:
        print(f"{name} / old, blocks beyond the import baseline: {beyond[name] / beyond['old']:.3f}; "
              f"blocks in TVM's TIR directories: {tir[name] / tir['old']:.3f}")


if __name__ == "__main__":
    main()
