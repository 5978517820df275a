"""`tzer cmin`: the smallest subset of a corpus that covers the same blocks, like afl-cmin.

Algorithm: afl-cmin's rule, "for each block keep the smallest case that covers it".  The cases
are replayed by showmap's engine (one fresh worker, tzer/analysis/showmap.py) sorted from the
smallest to the largest (TVMScript bytes, then number of passes, then name).  The breakpoint
backend traps each block once per process, so a block is credited to the first case that reaches
it, which in this order is the smallest case that covers it; the kept cases are those credited
with at least one block.  Full per-case block sets would need a fresh process per case; this
needs one replay per run.  Blocks of the start-up baseline are nobody's, and with
`--calibrate K` flaky blocks are excluded before crediting.

Noise: a case credited only with blocks that fire nondeterministically would be kept for
nothing, so the replay is done `--runs` times (default 2), each in its own fresh worker, and a
case is kept only if the same block is credited to it in every run.  A block that one run
credits elsewhere is lost only if no kept case covers it; a showmap replay of the output
measures that (the acceptance is >= 99% of the input's blocks).

Limit of the one-process model: a case is also credited with blocks that the state left by the
cases before it makes it reach (freeing the previous case's IR, caches hit a second time, tables
growing).  These repeat from run to run, so `--runs` keeps them: an exact copy of a seed placed
after it is credited with 15-70 such blocks and kept, where afl-cmin (a fresh process per case)
would drop it.  Measured: the shipped seeds every 9th file, 102 -> 102 kept; a 2-minute
campaign's queue, 1081 -> 771 kept, whose replay covers 99.88% of the queue's blocks.

Output: OUT_DIR/<name> for each kept case, a test case folder written by `TestCase.dump` (the
original meta.json, passes and log), or a copy of the .py file for a seed folder's cases, so
that OUT_DIR is itself an input of showmap, cmin and `tzer fuzz --seeds`.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import numpy as np

from tzer.analysis.showmap import Case, CorpusError, ShowMap, add_common_arguments, load_corpus, run_cases
from tzer.campaign.testcase import TestCase


def add_cmin_arguments(parser: argparse.ArgumentParser) -> None:
    add_common_arguments(parser)
    parser.add_argument("-o", "--out", type=Path, required=True, metavar="OUT_DIR",
                        help="folder for the kept cases (must not exist or be empty)")
    parser.add_argument("--runs", type=int, default=2,
                        help="replays, each in a fresh worker; a case is kept if it adds a block in all (default 2)")


def minimize(cases: list[Case], results: list[ShowMap]) -> list[Case]:
    """The cases credited with the same block in every result, in their original order; each result
    replayed `cases` smallest first."""
    credited: dict[str, np.ndarray] = {}
    for result in results:
        for row in result.cases:
            before = credited.get(row.name)
            credited[row.name] = row.added if before is None else np.intersect1d(before, row.added)
    return [case for case in cases if credited.get(case.name, np.zeros(0)).size]


def out_name(case: Case) -> str:
    return case.name.replace("/", "__")


def write_cases(cases: list[Case], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for case in cases:
        target = out / out_name(case)
        if case.is_seed_file:
            shutil.copyfile(case.path, target)
        else:
            loaded = TestCase.load(case.path) if (case.path / "meta.json").exists() else \
                TestCase(case.script, case.passes)
            loaded.dump(target)


def run_cmin(args: argparse.Namespace) -> int:
    try:
        if args.out.exists() and (not args.out.is_dir() or any(args.out.iterdir())):
            raise CorpusError(f"{args.out} exists and is not an empty folder")
        cases = load_corpus(args.folders)
        if len({out_name(case) for case in cases}) != len(cases):
            raise CorpusError("case names collide once flattened for the output folder")
        if args.runs < 1:
            raise CorpusError("--runs must be 1 or more")
        by_size = sorted(cases, key=lambda case: case.size)
        results = [run_cases(args, by_size) for _ in range(args.runs)]
        result = results[0]
        kept = minimize(cases, results)
        write_cases(kept, args.out)
    except CorpusError as error:
        print(f"tzer cmin: {error}", file=sys.stderr)
        return 1
    summary = result.summary()
    print(f"cases           : {len(cases)} -> {len(kept)} kept in {args.out}")
    print(f"blocks          : {summary['beyond_baseline']} beyond the import baseline of {summary['baseline']} "
          f"(covered {summary['covered']} of {summary['total']})")
    print(f"flaky excluded  : {summary['flaky_excluded']}")
    return 0
