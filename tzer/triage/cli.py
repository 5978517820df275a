"""`tzer replay`, `tzer reduce` and `tzer triage`: flags and entry points for tzer/cli.py.

Bad input (a missing folder, a malformed meta.json) gets one line on stderr and exit status 2;
`replay` exits 1 when the finding does not reproduce.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tzer.argtypes import duration, positive_int
from tzer.triage.finding import Finding, FindingError, load_finding, write_case
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
    from tzer.execution.confirm import broken_check, clean_worker, replay_analysis, run_case

    try:
        finding = load_finding(args.finding)
    except FindingError as error:
        return _fail("replay", str(error))
    expected = finding.run_signature
    if finding.case_json is not None:
        print(f"replaying {finding.path}: {finding.kind} of {finding.meta.get('analysis')}")
        with clean_worker(args.timeout, "tzer-replay-") as executor:
            seen = replay_analysis(executor, finding.case_json, finding.rng,
                                   (finding.meta.get("violation") or {}).get("point"))
        check = finding.meta.get("check")
        if seen.kind == finding.kind and (check is None or broken_check(seen) == check):
            print(f"reproduces: {seen.kind}" + (f", breaking the same check ({check})" if check else ""))
            return 0
        print(f"does not reproduce\n  expected: {finding.kind} {check or ''}\n  observed: {seen.describe()}")
        return 1
    else:
        problem = _unparsable(finding.case.script)
        if problem:
            return _fail("replay", f"{finding.path / 'func.py'} does not parse: {problem}")
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


def _unparsable(script: str) -> str | None:
    """Why a saved function does not parse (one line), or None when it does."""
    from tirkit.errors import first_line
    from tirkit.script import from_script

    try:
        from_script(script)
    except Exception as error:  # noqa: BLE001 - any parse failure is the folder's, not a finding
        return first_line(error)
    return None


def run_reduce(args: argparse.Namespace) -> int:
    from tzer.execution.confirm import clean_worker
    from tzer.triage.reduce import NotReproducible
    from tzer.triage.workflow import ProgressLine, reduce_finding

    try:
        finding = load_finding(args.finding)
    except FindingError as error:
        return _fail("reduce", str(error))
    if finding.case_json is not None:
        return _reduce_analysis(finding, args)
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


def _reduce_analysis(finding: Finding, args: argparse.Namespace) -> int:
    """`tzer reduce` of an analysis finding: the case shrunk while a clean replay fails alike."""
    from tzer.arith.reduce import reduce_arith
    from tzer.campaign.testcase import TestCase
    from tzer.execution.confirm import clean_worker
    from tzer.triage.analysis import SameFailure, case_of
    from tzer.triage.workflow import ProgressLine

    target = args.out or finding.path / "reduced"
    progress = ProgressLine(every=5.0)
    try:
        with clean_worker(args.timeout, "tzer-reduce-") as executor:
            predicate = SameFailure(executor, finding.kind, finding.meta, finding.rng)
            if not predicate(case_of(finding)):
                return _fail("reduce", f"{finding.path}: does not fail the same way in a clean worker")
            reduction = reduce_arith(case_of(finding), predicate, args.time, args.max_tests, progress=progress)
    finally:
        progress.done()
    TestCase("", [], {**finding.meta, "reduced_from": str(finding.path)},
             case=reduction.reduced.to_json()).dump(target, replace=True)
    print(f"{reduction.before} -> {reduction.after} nodes in {reduction.tests} tests")
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
