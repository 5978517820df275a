"""`tzer targets`: every target tzer knows, whether this TVM wheel builds it, and where its builds run."""

from __future__ import annotations

import argparse
import json

from tzer import runners, targets
from tzer.runners.base import Plan


def add_targets_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = ("List the targets `tzer fuzz --targets` accepts on this machine, and how each one's "
                          "builds run here: in this process, under qemu-user (which binary and flags), on a "
                          "GPU, or not at all, and why.")
    parser.add_argument("--json", action="store_true", help="one JSON object per target instead of a table")


def target_rows() -> list[dict[str, str | bool]]:
    usable = set(targets.available())
    rows = []
    for info in targets.TARGETS:
        answer = runners.placement(info)
        runs = isinstance(answer, Plan)
        rows.append({"target": info.name, "builds": info.name in usable, "emits": info.output,
                     "runner": answer.runner if runs else "", "runs": runs,
                     "how": answer.how if runs else runners.why_not(info)})
    return rows


def run_targets(args: argparse.Namespace) -> int:
    rows = target_rows()
    if args.json:
        print("\n".join(json.dumps(row) for row in rows))
        return 0
    width = max(len(str(row["target"])) for row in rows) + 1
    print(f"{'target':<{width}} {'builds':<7} {'emits':<7} {'runs':<7} how its builds run (or why not)")
    for row in rows:
        runs, builds = (row["runner"] if row["runs"] else "no"), ("yes" if row["builds"] else "no")
        print(f"{row['target']:<{width}} {builds:<7} {row['emits']:<7} {runs:<7} {row['how']}")
    running = [row for row in rows if row["runs"] and row["builds"]]
    print(f"\n{len(running)} of {len(rows)} targets run their builds here; the others are judged by the oracles "
          "that need no run (crash, hang, exception, ill-formed IR, device code).")
    return 0
