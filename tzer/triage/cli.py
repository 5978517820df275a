"""`tzer replay`, `tzer reduce` and `tzer triage`: flags and entry points for tzer/cli.py.

Bad input (a missing folder, a malformed meta.json) gets one line on stderr and exit status 2;
`replay` exits 1 when the finding does not reproduce.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tzer.argtypes import duration, positive_int
from tzer.triage.finding import FindingError, load_finding, write_case
from tzer.vocabulary import FindingKind, Verdict

DEFAULT_TIMEOUT = 10.0


def _add_timeout(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timeout", type=duration, default=DEFAULT_TIMEOUT,
                        help="per-run wall-clock limit; longer counts as a hang (default 10s)")


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("finding", type=Path,
                        help="a finding folder or a reduced case (func.py, passes.json, meta.json)")
    _add_timeout(parser)


def add_reduce_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("finding", type=Path, help="the finding folder to reduce")
    parser.add_argument("--time", type=duration, default=60.0, help="time budget (default 60s)")
    parser.add_argument("--max-tests", type=positive_int, help="stop after this many candidate runs")
    parser.add_argument("-o", "--out", type=Path,
                        help="where to write the reduced case (default FINDING/reduced)")
    _add_timeout(parser)


def add_triage_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", type=Path, help="the campaign folder (tzer fuzz -o OUT)")
    parser.add_argument("--time-per-bug", type=duration, default=60.0,
                        help="reduction budget per bug (default 60s)")
    parser.add_argument("--repeats", type=positive_int, default=3,
                        help="clean re-runs to confirm a bug (default 3)")
    parser.add_argument("--no-reduce", action="store_true", help="confirm and group only")
    parser.add_argument("-j", "--jobs", type=positive_int, default=1,
                        help="bugs triaged at once, each in its own clean worker (default 1)")
    _add_timeout(parser)


def _fail(command: str, message: str) -> int:
    print(f"tzer {command}: {message}", file=sys.stderr)
    return 2


def run_replay(args: argparse.Namespace) -> int:
    from tzer.execution.confirm import clean_worker, run_case

    try:
        finding = load_finding(args.finding)
    except FindingError as error:
        return _fail("replay", str(error))
    expected = finding.run_signature
    print(f"replaying {finding.path}: {finding.kind}, {len(finding.case.passes)} passes")
    with clean_worker(args.timeout, "tzer-replay-") as executor:
        seen = run_case(executor, finding.case.script, finding.case.passes, finding.checks, finding.rng,
                        finding.target)
    print(f"observed: {seen.describe()}")
    if seen.kind == finding.kind and seen.signature == expected:
        print("reproduces: same kind and signature")
        return 0
    print(f"does not reproduce\n  expected signature: {expected}\n  observed signature: {seen.signature}")
    return 1


def run_reduce(args: argparse.Namespace) -> int:
    from tzer.execution.confirm import clean_worker
    from tzer.triage.reduce import NotReproducible
    from tzer.triage.workflow import ProgressLine, reduce_finding

    try:
        finding = load_finding(args.finding)
    except FindingError as error:
        return _fail("reduce", str(error))
    target = args.out or finding.path / "reduced"
    progress = ProgressLine(every=5.0)
    try:
        with clean_worker(args.timeout, "tzer-reduce-") as executor:
            reduced = reduce_finding(finding, executor, args.time, args.max_tests, say=progress)
    except NotReproducible as error:
        return _fail("reduce", f"{finding.path}: {error}")
    finally:
        progress.done()
    try:
        write_case(target, reduced.reduction.reduced, reduced.meta)
    except (FindingError, OSError) as error:
        return _fail("reduce", str(error))
    print(reduced.reduction.summary())
    print(f"guilty pass: {reduced.meta['guilty_pass']}")
    print(f"reduced case written to {target}")
    return 0


def run_triage(args: argparse.Namespace) -> int:
    from tzer.triage.workflow import TriageOptions, triage_campaign_folder

    out = Path(args.out)
    markers = ["queue", "signatures.json", *(kind.folder for kind in FindingKind)]
    if not out.is_dir() or not any((out / name).exists() for name in markers):
        return _fail("triage", f"{out} is not a tzer campaign folder (no queue/, signatures.json, findings)")
    options = TriageOptions(seconds_per_bug=args.time_per_bug, repeats=args.repeats, timeout=args.timeout,
                            reduce=not args.no_reduce, jobs=args.jobs)
    rows = triage_campaign_folder(out, options)
    reproduced = [row for row in rows if row["status"] != Verdict.NOT_REPRODUCED]
    outside = sum(row.get("contract", "inside") == "outside" for row in reproduced)
    print(f"{len(reproduced) - outside} bug(s), {outside} out of contract, {len(rows) - len(reproduced)} not "
          f"reproduced; see {out / 'bugs' / 'summary.md'}")
    return 0


def triage_campaign(out: Path) -> int:
    """`tzer fuzz --triage`: triage with the default settings."""
    parser = argparse.ArgumentParser()
    add_triage_arguments(parser)
    return run_triage(parser.parse_args([str(out)]))
