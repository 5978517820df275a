"""`tzer replay`, `tzer reduce` and `tzer triage`: flags and entry points for tzer/cli.py.

Bad input (a missing folder, a malformed meta.json) gets one line on stderr and exit status 2;
`replay` exits 1 when the finding does not reproduce.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from tzer.argtypes import duration, positive_int
from tzer.triage.clock import phase_shares
from tzer.triage.finding import Finding, FindingError, load_finding, write_case
from tzer.triage.memory import BugMemory, BugMemoryError, default_path, listed
from tzer.vocabulary import FindingKind, Verdict

DEFAULT_TIMEOUT = 10.0


def _add_timeout(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timeout", type=duration, default=DEFAULT_TIMEOUT,
                        help="per-run wall-clock limit; longer counts as a hang (default 10s)")


def _add_memory(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--memory", type=Path, default=None,
                        help="the bug memory file that outlives campaigns (default $TZER_MEMORY, else "
                             "~/.local/share/tzer/bugs.json)")


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("finding", type=Path, nargs="?",
                        help="a finding folder or a reduced case (func.py, passes.json, meta.json)")
    parser.add_argument("--all", action="store_true",
                        help="run every known bug's repro.py from the bug memory against the installed TVM and "
                             "say which are fixed")
    _add_memory(parser)
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
    _add_memory(parser)
    parser.add_argument("--no-memory", action="store_true", help="neither read nor update the bug memory")
    parser.add_argument("--mark", nargs=2, metavar=("BUG", "VERDICT"),
                        help="record a verdict on a triaged bug in the bug memory and exit: real, invalid, "
                             "contract or duplicate-of:BUG")
    _add_timeout(parser)


def _fail(command: str, message: str) -> int:
    print(f"tzer {command}: {message}", file=sys.stderr)
    return 2


def run_replay(args: argparse.Namespace) -> int:
    from tzer.execution.confirm import broken_check, clean_worker, replay_analysis, run_case

    if args.all:
        if args.finding is not None:
            return _fail("replay", "give a finding or --all, not both")
        return _replay_all(args)
    if args.finding is None:
        return _fail("replay", "give a finding folder, or --all for every bug in the bug memory")
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
    memory = None
    if not args.no_memory:
        try:
            memory = BugMemory.load(args.memory or default_path())
        except BugMemoryError as error:
            return _fail("triage", str(error))
    if args.mark:
        if memory is None:
            return _fail("triage", "--mark records in the bug memory: drop --no-memory")
        return _mark(out, memory, *args.mark)
    options = TriageOptions(seconds_per_bug=args.time_per_bug, repeats=args.repeats, timeout=args.timeout,
                            reduce=not args.no_reduce, jobs=args.jobs)
    started = time.monotonic()
    rows = triage_campaign_folder(out, options, memory=memory)
    took = time.monotonic() - started
    reproduced = [row for row in rows if row["status"] != Verdict.NOT_REPRODUCED]
    outside = sum(row.get("contract", "inside") == "outside" for row in reproduced)
    print(f"{len(reproduced) - outside} bug(s), {outside} out of contract, {len(rows) - len(reproduced)} not "
          f"reproduced; see {out / 'bugs' / 'summary.md'}")
    print(f"{len(rows)} signature(s) in {took / 60:.1f} min ({took / max(1, len(rows)):.1f} s each at -j {args.jobs}); "
          f"workers' time by phase: {phase_shares(rows)}")
    if memory is not None:
        back = [row for row in listed(rows) if row.get("memory") == "known"]
        names = ", ".join(f"{row['id']} ({row.get('verdict') or 'no verdict'})" for row in back)
        print(f"{len(listed(rows)) - len(back)} new root cause(s); {len(back)} known came back"
              + (f": {names}" if back else "") + f" (bug memory {memory.path})")
        memory.save()
    return 0


def _mark(out: Path, memory: BugMemory, name: str, verdict: str) -> int:
    """Record `verdict` on bug `name`, taking it from OUT/bugs/ when the memory does not hold it yet."""
    if memory.find(name) is None:
        row_path = out / "bugs" / name / "meta.json"
        try:
            row = json.loads(row_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return _fail("triage", f"no bug {name!r} in the bug memory {memory.path} or in {out / 'bugs'}")
        memory.remember([row], out / "bugs", str(out.resolve()), str(row.get("tvm_version") or ""))
    try:
        known = memory.mark(name, verdict)
    except BugMemoryError as error:
        return _fail("triage", str(error))
    memory.save()
    print(f"{known.id}: marked {known.verdict} in the bug memory {memory.path}")
    return 0


def _replay_all(args: argparse.Namespace) -> int:
    """Every known bug's repro.py, run alone against the installed TVM: fixed (exit 0) or not."""
    import tempfile

    from tzer.environment import tvm_version
    from tzer.triage.repro import run_repro

    try:
        memory = BugMemory.load(args.memory or default_path())
    except BugMemoryError as error:
        return _fail("replay", str(error))
    if not memory.bugs:
        return _fail("replay", f"the bug memory {memory.path} holds no bugs (tzer triage fills it)")
    fixed = failing = 0
    version = tvm_version()
    for index, known in enumerate(sorted(memory.bugs.values(), key=lambda b: b.first_seen), 1):
        verdict = f" [{known.verdict}]" if known.verdict else ""
        if not known.repro:
            print(f"[{index}/{len(memory.bugs)}] {known.id}{verdict}: no repro.py kept")
            continue
        with tempfile.TemporaryDirectory(prefix="tzer-replay-") as scratch:
            script = Path(scratch) / "repro.py"
            script.write_text(known.repro, encoding="utf-8")
            code, output = run_repro(script, max(args.timeout, 60.0))
        if code == 0:
            fixed += 1
            print(f"[{index}/{len(memory.bugs)}] {known.id}{verdict}: fixed", flush=True)
        else:
            failing += 1
            last = (output.strip().splitlines() or [""])[-1][:120]
            print(f"[{index}/{len(memory.bugs)}] {known.id}{verdict}: still failing (exit {code}) {last}", flush=True)
    print(f"{len(memory.bugs)} known bug(s) on TVM {version}: {fixed} fixed, {failing} still failing")
    return 0


def triage_campaign(out: Path) -> int:
    """`tzer fuzz --triage`: triage with the default settings."""
    parser = argparse.ArgumentParser()
    add_triage_arguments(parser)
    return run_triage(parser.parse_args([str(out)]))
